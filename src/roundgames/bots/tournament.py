"""Duplicate tournaments between bots: the same cards played by every bot in every seat, so that luck cancels.

A tournament plays ``boards`` *boards*. A board is one deal of the game, dealt with the seed ``f"{seed}:{board}"``
from a fixed ordinary opening (:meth:`Tournament.board`): the last seat deals, so seat 1 is the dealer's left (the
eldest hand) and seat ``n`` the dealer; the table holds what a sitting's first deal starts with (Loo: a regular
deal, the pool empty; Nap: no kitty, the stakes single). The lineup, one bot name per seat, is rotated through
the seats: in rotation ``r`` the bot at place ``i`` of the lineup sits in seat ``(i + r) % n``, so each board is
played ``n`` times on the same cards and every bot holds every seat's cards once. Every bot is made afresh for
each deal with a seed of its own (board, rotation, seat), so the results depend on nothing but the tournament:
the same whatever the number of worker processes. (The workers are started afresh, not forked: a script that
calls :func:`run` with more than one worker does so under ``if __name__ == "__main__":``.)

The unit of the statistics is the board. A bot's result on a board is its mean net over the deals of the board
(every seat it held), in counters; the report gives, per bot and per bot and seat, the mean over the boards with
its 95% confidence interval (mean ± 1.96·sd/√boards), and for each pair of bots the interval of the difference
of their results board by board: the cards of a board are the same for both, so the luck of the deal cancels in
that paired difference. After every deal the money is checked to be conserved (what the seats won and lost
is what the pool gave or took).

>>> t = Tournament("nap", ("sensible", "random", "random"), boards=4, seed=1)
>>> results = run(t, workers=1)
>>> len(results.rows), sorted({row.bot for row in results.rows})
(36, ['random', 'sensible'])
>>> t.board(2).hands == t.board(2).hands
True
>>> Tournament("nap", ("sensible", "clever"), boards=4).check()
Traceback (most recent call last):
...
roundgames.core.errors.RecordError: lineup: unknown bot 'clever' (valid: random, sensible, expert, expert-search)
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import multiprocessing
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any, cast

from ..core.errors import RecordError, RoundgamesError
from ..core.options import Rules
from ..games.protocol import Deal
from ..games.registry import game, game_of, new_deal, new_sitting, rules_for
from ..records.disk import write_text
from . import Bot, deal_series, make_bot, play_deal
from .search import ORACLE, OracleBot
from .table_player import PREFIX, table_bot

__all__ = [
    "CSV_FIELDS",
    "Z95",
    "BotMaker",
    "Interval",
    "Played",
    "Results",
    "Tournament",
    "board_seed",
    "interval",
    "play_board",
    "report",
    "run",
    "standard_bots",
]

#: the normal quantile of a two-sided 95% interval
Z95 = 1.96
#: the columns of the CSV of the played deals, one row per seat per deal
CSV_FIELDS = ("board", "rotation", "seat", "bot", "net")

#: ``maker(name, rules, seed)``: the bot called ``name`` for deals under ``rules``, with its own seed; it raises
#: :class:`~roundgames.core.errors.RoundgamesError` for a name it does not know. It must pickle (a module-level
#: function, or an instance of a module-level class) so that worker processes can make their bots.
BotMaker = Callable[[str, Rules, int], Bot]


def standard_bots(name: str, rules: Rules, seed: int) -> Bot:
    """The bots of :data:`roundgames.bots.BOTS` (:func:`~roundgames.bots.make_bot` for ``rules``' game), the
    ``oracle``, which sees every card (:class:`~roundgames.bots.search.OracleBot`): a measuring stick, never at a
    table; and ``table:PATH``, the table player of a strategy file (:mod:`.table_player`)."""
    if name == ORACLE:
        return OracleBot(random.Random(seed))
    if name.startswith(PREFIX):
        return table_bot(name, seed, rules)
    return make_bot(name, game_of(rules), seed)


def board_seed(seed: int | str, board: int, rotation: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for ``rotation`` of ``board``: 64 bits of a hash of the four."""
    digest = hashlib.sha256(f"{seed}:{board}:{rotation}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Tournament:
    """What a duplicate tournament plays: the game and its rules, the lineup (one bot name per seat), the number of
    boards and the seed; ``maker`` makes the bots by name (:data:`BotMaker`)."""

    game: str
    lineup: tuple[str, ...]
    boards: int
    seed: int | str = 0
    preset: str = "peel"
    #: rule options by name, as ``rules_for`` takes them
    options: tuple[tuple[str, Any], ...] = ()
    maker: BotMaker = field(default=standard_bots, compare=False)
    #: deals a board: 1, a sitting's first deal alone; more, that many deals of a sitting in a row (the pool or
    #: kitty carried, the deal passing to the left), as :func:`~roundgames.bots.deal_series` deals them
    deals: int = 1

    @property
    def n(self) -> int:
        """The number of seats: one per bot of the lineup."""
        return len(self.lineup)

    @property
    def rules(self) -> Any:
        """The rules of the deals: the preset with the options."""
        return rules_for(self.game, self.preset, dict(self.options))

    @property
    def names(self) -> list[str]:
        """The bots of the lineup, each once, in the lineup's order."""
        return list(dict.fromkeys(self.lineup))

    def bot_at(self, rotation: int, seat: int) -> str:
        """The name of the bot in ``seat`` (from 0) in ``rotation``."""
        return self.lineup[(seat - rotation) % self.n]

    def check(self) -> None:
        """Raise :class:`~roundgames.core.errors.RecordError` naming the field (``game``, ``preset``, ``option``,
        ``lineup``, ``players``, ``boards``) of anything the tournament cannot play."""
        try:
            game(self.game)
        except RoundgamesError as e:
            raise RecordError("game", str(e)) from None
        try:
            rules = rules_for(self.game, self.preset)
        except RoundgamesError as e:
            raise RecordError("preset", str(e)) from None
        try:
            rules = rules.with_options(dict(self.options))
        except RoundgamesError as e:
            raise RecordError("option", str(e)) from None
        if self.boards < 1:
            raise RecordError("boards", f"play at least one board, got {self.boards}")
        if not isinstance(self.deals, int) or self.deals < 1:
            raise RecordError("deals", f"a board is at least one deal, got {self.deals!r}")
        spec = game(self.game)
        low, high = spec.min_seats, spec.max_seats(rules)
        if not low <= self.n <= high:
            raise RecordError("players", f"{spec.title} takes {low} to {high} players under these rules, got {self.n}")
        for name in self.names:
            try:
                self.maker(name, rules, 0)
            except RoundgamesError as e:
                raise RecordError("lineup", str(e)) from None

    def opening(self) -> tuple[int, dict[str, Any]]:
        """The pool a sitting's first deal starts with, and the game's own record fields at their defaults (Loo:
        a regular deal; Nap: the stakes single)."""
        sitting = new_sitting(self.game, self.rules, self.n, seed=0, dealer="P1")
        return sitting.pool, dict(game(self.game).record_fields)

    def board(self, board: int) -> Deal:
        """Board ``board`` dealt, no action taken: the same cards every time it is asked for."""
        pool, more = self.opening()
        deal: Any = new_deal(self.game, self.rules, self.n, dealer=self.n - 1, pool=pool, **more)
        deal.deal(random.Random(f"{self.seed}:{board}"))  # every game's deal shuffles so (not in the protocol)
        return cast(Deal, deal)


@dataclass(frozen=True)
class Played:
    """One seat of one board: ``seat`` counts from 1 (the dealer's left of the board's first deal) and ``net`` is
    in counters, summed over the board's deals."""

    board: int
    rotation: int
    seat: int
    bot: str
    net: int


def _checked(deal: Deal, bots: dict[int, Bot], where: str) -> list[int]:
    """Play ``deal`` to its end; its money is checked to be conserved."""
    net = play_deal(deal, bots)
    result = deal.result()
    assert result is not None
    start = deal.ledger.start
    if sum(net) + result.pool - start != 0:
        raise AssertionError(f"{where}: money not conserved: {net}, pool {start} -> {result.pool}")
    return net


def play_board(t: Tournament, board: int) -> list[Played]:
    """Play ``board`` once per rotation of the lineup (a deal, or :attr:`Tournament.deals` deals of a sitting,
    the seats' nets summed over them); each deal's money is checked to be conserved."""
    rules = t.rules
    out: list[Played] = []
    for rotation in range(t.n):
        deals = iter([t.board(board)]) if t.deals == 1 else deal_series(rules, t.n, t.deals, f"{t.seed}:{board}")
        total = [0] * t.n
        for i, deal in enumerate(deals):
            seeds = {s: board_seed(t.seed, board, rotation, s) + i for s in range(t.n)}
            bots = {s: t.maker(t.bot_at(rotation, s), rules, seeds[s]) for s in range(t.n)}
            net = _checked(deal, bots, f"board {board}, rotation {rotation}, deal {i}")
            total = [a + b for a, b in zip(total, net, strict=True)]
        out.extend(Played(board, rotation, s + 1, t.bot_at(rotation, s), total[s]) for s in range(t.n))
    return out


def run(t: Tournament, workers: int = 1) -> Results:
    """Check and play the tournament, its boards shared among ``workers`` processes (in this one for 1): the
    results are the same whatever ``workers``."""
    t.check()
    boards = range(t.boards)
    if workers <= 1 or t.boards == 1:
        played = [play_board(t, b) for b in boards]
    else:
        # spawn: a fresh interpreter per worker (fork is unsafe once numpy or OpenSpiel has started threads)
        context = multiprocessing.get_context("spawn")
        chunk = max(1, t.boards // (workers * 8))
        with ProcessPoolExecutor(max_workers=min(workers, t.boards), mp_context=context) as pool:
            played = list(pool.map(partial(play_board, t), boards, chunksize=chunk))
    return Results(t, tuple(row for rows in played for row in rows))


# -- the statistics ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """A mean with the half-width of its 95% confidence interval, over ``count`` boards."""

    mean: float
    half: float
    count: int

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.mean - self.half

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.mean + self.half

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half:.3f}"


def interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` and the half-width of its 95% interval, 1.96·sd/√n (infinite for fewer than 2)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, math.inf, len(values))
    return Interval(mean, Z95 * statistics.stdev(values) / math.sqrt(len(values)), len(values))


@dataclass(frozen=True)
class Results:
    """Every deal a tournament played, with its statistics by board."""

    tournament: Tournament
    rows: tuple[Played, ...]

    @cached_property
    def _nets(self) -> dict[tuple[str, int], dict[int, list[int]]]:
        """The nets by (bot, seat) then by board; seat 0 gathers every seat (gathered once)."""
        out: dict[tuple[str, int], dict[int, list[int]]] = {}
        for row in self.rows:
            out.setdefault((row.bot, 0), {}).setdefault(row.board, []).append(row.net)
            out.setdefault((row.bot, row.seat), {}).setdefault(row.board, []).append(row.net)
        return out

    def per_board(self, bot: str, seat: int = 0) -> list[float]:
        """``bot``'s mean net per deal on each board (in ``seat`` only, from 1, where given; 0: every seat)."""
        by_board = self._nets.get((bot, seat))
        if by_board is None:
            raise RoundgamesError(f"no bot {bot!r} in seat {seat} of the lineup {', '.join(self.tournament.lineup)}")
        return [statistics.fmean(by_board[b]) / self.tournament.deals for b in sorted(by_board)]

    def result(self, bot: str, seat: int = 0) -> Interval:
        """``bot``'s mean net per deal, over the boards (in ``seat`` only where given)."""
        return interval(self.per_board(bot, seat))

    def difference(self, a: str, b: str) -> Interval:
        """The mean of ``a``'s result less ``b``'s, board by board (the same cards for both)."""
        return interval([x - y for x, y in zip(self.per_board(a), self.per_board(b), strict=True)])

    def csv(self) -> str:
        """Every played seat as CSV: board, rotation, seat, bot, net."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        writer.writerows((r.board, r.rotation, r.seat, r.bot, r.net) for r in self.rows)
        return out.getvalue()

    def write_csv(self, path: str, flag: str = "csv") -> None:
        """Write :meth:`csv` to ``path`` (a :class:`RecordError` on ``flag`` if it cannot be written)."""
        write_text(path, self.csv(), flag)


def report(results: Results) -> list[str]:
    """The results as lines: the table, per bot, the paired differences and per seat."""
    t = results.tournament
    spec, rules = game(t.game), t.rules
    deals = t.boards * t.n * t.deals
    options = "".join(f", {k}={v}" for k, v in rules.options().items())
    names = t.names
    width = max(12, *(len(name) for name in names)) + 2
    form = spec.form_of(rules).title
    title = spec.title if form == spec.title else f"{spec.title}, {form}"
    lines = [
        f"{title} ({rules.name}{options}), {t.n} players, seed {t.seed}",
        f"lineup {', '.join(t.lineup)}: {t.boards} boards"
        + (f" (each a sitting of {t.deals} deals in a row, the pool carried)" if t.deals > 1 else "")
        + f", each played {t.n} times, every bot in every seat on the same cards ({deals} deals)",
        f"mean net per deal, in counters, with its 95% confidence interval over the {t.boards} boards:",
        f"  {'bot':<{width}}{'seats':>5}  {'mean ± half':>16}  interval",
    ]
    for name in names:
        r = results.result(name)
        lines.append(f"  {name:<{width}}{t.lineup.count(name):>5}  {r!s:>16}  [{r.low:+.3f}, {r.high:+.3f}]")
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = results.difference(a, b)
            verdict = f"{a} better" if d.low > 0 else f"{b} better" if d.high < 0 else "no difference shown"
            label = f"{a} - {b}"
            lines.append(f"  {label:<{width + 5}}  {d!s:>16}  [{d.low:+.3f}, {d.high:+.3f}]  {verdict} at 95%")
    if t.deals == 1:
        lines.append(f"by seat (seat 1 is the dealer's left, seat {t.n} the dealer):")
    else:
        lines.append("by seat (seat 1 deals the sitting's first deal, and the deal passes to the left):")
    lines.append(f"  {'bot':<{width}}" + "".join(f"{'seat ' + str(s):>18}" for s in range(1, t.n + 1)))
    for name in names:
        cells = "".join(f"{results.result(name, s)!s:>18}" for s in range(1, t.n + 1))
        lines.append(f"  {name:<{width}}{cells}")
    return lines
