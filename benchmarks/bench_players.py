"""How far the batch simulator's players are from the project's strong players: the bias of the studies' stand-in.

    .venv/bin/python benchmarks/bench_players.py [--deals 720] [--views 900] [--seed 0] [--csv PATH]

The studies (``roundgames study``) play with the simulator's ``sensible`` players, a cheap stand-in for the expert
bot's solver-based play (:mod:`roundgames.bots.expert`). This measures the stand-in against the expert, on the
checked engine, for Three-card Loo (5 players) and Nap (4 players), the forms the studies ask about:

- **Play.** A duplicate tournament (:mod:`roundgames.bots.tournament`): ``sim-sensible`` (the simulator's player
  as its Python twin, which plays the engine action for action as the compiled kernel does:
  :class:`roundgames.sim.loo3.SensibleTwin`, :class:`roundgames.sim.nap.Twin`), the ``expert`` bot and the
  project's ``sensible`` bot (:mod:`roundgames.bots`) in a lineup rotated through the seats, so that every player
  holds every seat's cards of each board. ``--deals`` deals per game, rounded up to whole boards (a board is
  played once per seat). Each player's mean net per deal with its 95% interval over the boards, and the paired
  differences (the same cards for both).
- **Agreement.** The decisions the studies are about: Loo's declarations (stand, throw up, take the miss, the
  dealer's defence) and Nap's calls. Deals of other boards are played by the simulator's players at every seat
  (the studies' table); at each such decision with a choice (``--views`` of them per game) the same view is put
  to the twin, the expert and the project's sensible bot. The share of views on which each pair chose alike,
  with a 95% Wilson interval, and what the expert chose where the twin chose each action.

``--csv PATH`` writes every seat of every tournament deal (game, board, rotation, seat, player, net, and the
pool before and after the deal). Each deal's money is checked to be conserved (RULES.md §14.1: the nets and
the change in the pool sum to zero). The default size takes about five minutes on a loaded two-core machine:
the expert takes tens of milliseconds a decision (:mod:`roundgames.bots.budget`). Not a test: the figures are
measured, not asserted.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from roundgames.bots import Bot, play_deal
from roundgames.bots.tournament import Played, Results, Tournament, board_seed, report, standard_bots
from roundgames.core.options import Rules
from roundgames.games.protocol import Deal, Stage, View
from roundgames.games.registry import form_of
from roundgames.sim import loo3, nap
from roundgames.sim.streams import Stream

#: the simulator's sensible player in a lineup
SIM = "sim-sensible"
#: the simulator's sensible player as a bot, by form (the twins draw nothing: their stream is never read)
TWINS: dict[str, Callable[[], Bot]] = {
    "three_card": loo3.SensibleTwin,
    "nap": lambda: nap.Twin("sensible", Stream(0)),
}
#: the games measured: a title, the game, and the lineup (rotated through the seats)
GAMES = (
    ("Three-card Loo, 5 players", "loo", (SIM, "expert", "sensible", SIM, "expert")),
    ("Nap, 4 players", "nap", (SIM, "expert", "sensible", SIM)),
)
#: the players asked about each sampled view: the twin first
ASKED = (SIM, "expert", "sensible")
Z95 = 1.96


def players(name: str, rules: Rules, seed: int) -> Bot:
    """The bot ``name`` for ``rules``: the simulator's twin (:data:`SIM`), else a bot of the project."""
    if name == SIM:
        return TWINS[form_of(rules).name]()
    return standard_bots(name, rules, seed)


@dataclass(frozen=True)
class DealRow:
    """One tournament deal: its board and rotation, each seat's player and net, the pool before and after."""

    board: int
    rotation: int
    bots: tuple[str, ...]
    net: tuple[int, ...]
    pool_before: int
    pool_after: int


def play_boards(t: Tournament) -> list[DealRow]:
    """Every board of ``t`` played once per rotation of its lineup; each deal's money checked (§14.1)."""
    rules = t.rules
    out: list[DealRow] = []
    for board in range(t.boards):
        for rotation in range(t.n):
            deal = t.board(board)
            before = deal.ledger.start
            bots = {
                s: t.maker(t.bot_at(rotation, s), rules, board_seed(t.seed, board, rotation, s)) for s in range(t.n)
            }
            net = play_deal(deal, bots)
            result = deal.result()
            assert result is not None
            if sum(net) + result.pool - before != 0:
                raise AssertionError(f"board {board}, rotation {rotation}: money not conserved: {net}, {before}")
            names = tuple(t.bot_at(rotation, s) for s in range(t.n))
            out.append(DealRow(board, rotation, names, tuple(net), before, result.pool))
    return out


def label(action: Any) -> str:
    """A declaration or call in words: the verb, or the call named (Nap's ``call 3``, ``nap``, ``misery``)."""
    call = getattr(action, "call", None)
    if call is None:
        return str(action.verb)
    return f"call {call}" if str(call).isdigit() else str(call)


def sample_views(t: Tournament, count: int) -> list[dict[str, str]]:
    """``count`` declaration or call decisions with a choice, from deals played by the twin at every seat (boards
    after the tournament's own); at each, the choice of every player of :data:`ASKED`, in words."""
    rules = t.rules
    out: list[dict[str, str]] = []
    board = t.boards
    while len(out) < count:
        deal: Deal = t.board(board)
        twins = {s: players(SIM, rules, 0) for s in range(t.n)}
        while not deal.is_complete and deal.to_act is not None:
            seat = deal.to_act
            view: View[Any] = deal.view(seat)
            action = twins[seat].choose(view)
            if view.stage is Stage.BID and len(view.legal) > 1 and len(out) < count:
                asked = {SIM: label(action)}
                for k, name in enumerate(ASKED[1:]):
                    bot = players(name, rules, board_seed(t.seed, board, len(out), k))
                    asked[name] = label(bot.choose(deal.view(seat)))
                out.append(asked)
            deal.apply(action)
        board += 1
    return out


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``hits`` in ``n``."""
    p = hits / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def agreement(views: Sequence[dict[str, str]]) -> list[str]:
    """Each pair's share of alike choices, and the expert's choice by the twin's."""
    n = len(views)
    lines = [f"agreement on {n} declarations or calls with a choice, from deals of {SIM} at every seat:"]
    for i, a in enumerate(ASKED):
        for b in ASKED[i + 1 :]:
            hits = sum(1 for v in views if v[a] == v[b])
            low, high = wilson(hits, n)
            lines.append(f"  agree {a} {b}: {hits / n:.3f} [{low:.3f}, {high:.3f}] ({hits} of {n})")
    pairs = Counter((v[SIM], v["expert"]) for v in views)
    choices = sorted({c for pair in pairs for c in pair})
    lines.append(f"  {SIM + ' chose':<18}" + "".join(f"{'expert ' + c:>18}" for c in choices))
    for mine in choices:
        if any(m == mine for m, _ in pairs):
            lines.append(f"  {mine:<18}" + "".join(f"{pairs[mine, c]:>18}" for c in choices))
    return lines


def measure(
    title: str, game: str, lineup: tuple[str, ...], deals: int, views: int, seed: int
) -> tuple[list[str], list[DealRow]]:
    """One game: the tournament's report and the agreement, as lines; and the tournament's deals."""
    boards = max(1, -(-deals // len(lineup)))
    t = Tournament(game, lineup, boards=boards, seed=seed, maker=players)
    t.check()
    start = time.perf_counter()
    rows = play_boards(t)
    played = time.perf_counter() - start
    results = Results(
        t, tuple(Played(r.board, r.rotation, s + 1, b, r.net[s]) for r in rows for s, b in enumerate(r.bots))
    )
    start = time.perf_counter()
    asked = sample_views(t, views)
    sampled = time.perf_counter() - start
    lines = [f"== {title}", *report(results)]
    lines.append(f"  ({len(rows)} deals in {played:.0f} s)")
    lines += agreement(asked)
    lines.append(f"  ({len(asked)} views in {sampled:.0f} s)")
    return lines, rows


def main(argv: Sequence[str] | None = None) -> int:
    """Measure both games and print the figures, after the command line."""
    parser = argparse.ArgumentParser(prog="benchmarks/bench_players.py", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=720, help="tournament deals per game (whole boards)")
    parser.add_argument("--views", type=int, default=900, help="declarations or calls sampled per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--csv", help="write every seat of every tournament deal to this file")
    args = parser.parse_args(argv)
    for flag, value in (("--deals", args.deals), ("--views", args.views)):
        if value < 1:
            print(f"{parser.prog}: error: {flag}: at least 1, got {value}", file=sys.stderr)
            return 2
    command = f"--deals {args.deals} --views {args.views} --seed {args.seed}"
    if args.csv:
        command += f" --csv {shlex.quote(args.csv)}"
    print(f"$ .venv/bin/python benchmarks/bench_players.py {command}", flush=True)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("game", "board", "rotation", "seat", "player", "net", "pool_before", "pool_after"))
    for title, game, lineup in GAMES:
        lines, rows = measure(title, game, lineup, args.deals, args.views, args.seed)
        print("\n".join(lines), flush=True)
        for r in rows:
            writer.writerows(
                (game, r.board, r.rotation, s + 1, b, r.net[s], r.pool_before, r.pool_after)
                for s, b in enumerate(r.bots)
            )
    if args.csv:
        with open(args.csv, "w", encoding="utf-8") as f:
            f.write(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
