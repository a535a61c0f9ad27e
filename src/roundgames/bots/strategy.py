"""Computed strategies for declaring and calling, as the bots read them: a table of cells, each with the
probability of every declaration or call and what each is expected to net against the field the strategy was
computed for (in half the deals a table of ``sensible`` players, in the other half of the strategy itself:
:mod:`roundgames.sim.strategy.build`).

The tables are computed with the batch simulator (:mod:`roundgames.sim.strategy`) and written as strategy files
(:mod:`.tables`); the ones the package ships (:func:`shipped`) are the expert's. A seat's *cell* is what it knows
when it declares or calls, as the tables key it:

- **Three-card Loo**: its hand's bucket (:func:`.buckets.loo_bucket`), its seat from the dealer's left, how many
  stood before it and whether the miss is taken; one table a pool bucket (the pool decides how much a trick is
  worth against the loo risked: Peel's "first question").
- **Nap**: its hand's bucket (:func:`.buckets.nap_bucket`), its seat from the dealer's left, and the call to beat.
- **Five-card and Irish Loo**: its hand's bucket (:func:`.buckets.loo5_bucket`; Irish Loo's three cards
  :func:`.buckets.loo_bucket`), its seat from the dealer's left, how many played (stood or exchanged) before it,
  and, where club law holds (LOOI-2), whether clubs are trumps; one table a pool bucket. Its actions are
  abstract (:func:`loo5_actions`): stand, throw up, or ``exchange-k``, put out the ``k`` cards of least keeping
  value (:func:`weakest`) and draw as many (LOO5-2); :func:`action_name` names an engine's exchange so where it
  puts out those cards, and the bots take the legal exchange of that name.

:meth:`Strategy.choice` gives a view's row as a :class:`Choice`; a cell the computation never reached has none.

>>> s = shipped("nap", 4)
>>> s is None or s.players == 4
True
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Final, cast

from ..core.cards import mask_of, parse_cards
from ..core.errors import RecordError
from ..games.protocol import View
from ..loo.actions import Decl
from ..loo.rules import LooRules
from ..loo.words import LooView
from ..nap.words import NapView
from .buckets import loo5_bucket, loo_bucket, nap_bucket
from .tables import StrategyFile, read

__all__ = [
    "NAP_CALLS",
    "SHIPPED",
    "Choice",
    "Strategy",
    "action_name",
    "for_view",
    "keeping_value",
    "load",
    "loo5_actions",
    "shipped",
    "weakest",
]

#: the calls of a Nap table, by index (the simulator's codes)
NAP_CALLS: Final = ("pass", "1", "2", "misery", "3", "4", "nap", "wellington", "blucher")
#: where the shipped strategy files are
SHIPPED: Final = os.path.join(os.path.dirname(__file__), "strategies")
#: a table's weights are out of this
SCALE: Final = 255
#: a value's half-width stored as this means none (fewer than two turns)
NO_HALF: Final = 0xFFFF


@dataclass(frozen=True)
class Choice:
    """One cell of a strategy: for each action open there (by name: ``stand``, ``throw``, ``miss``, ``defend``;
    ``pass``, ``1`` .. ``blucher``), the strategy's probability of it and its expected net against the field the
    strategy was computed for (counters or units, in the deal) with the half-width of its 95% interval (None: too
    few turns to say)."""

    actions: tuple[str, ...]
    probs: tuple[float, ...]
    values: tuple[float, ...]
    halves: tuple[float | None, ...]
    #: how many turns of the computation reached the cell
    turns: int
    #: the pool (Loo) the table was computed at
    pool: int
    #: the game whose table it is (its plug-in says each action in words)
    game: str

    def prob(self, action: str) -> float:
        """The strategy's probability of ``action`` (0 for one not open)."""
        return self.probs[self.actions.index(action)] if action in self.actions else 0.0

    @property
    def pure(self) -> str | None:
        """The one action the strategy always takes here, or None where it mixes."""
        best = max(range(len(self.probs)), key=self.probs.__getitem__)
        return self.actions[best] if self.probs[best] >= 1.0 else None


def loo5_actions(size: int) -> tuple[str, ...]:
    """The actions of a Five-card (``size`` 5) or Irish (3) Loo table: stand, throw up, then ``exchange-k`` for
    ``k`` = 1 .. ``size`` (:func:`weakest`)."""
    return ("stand", "throw", *(f"exchange-{k}" for k in range(1, size + 1)))


def keeping_value(card: int, hand: int, trump: int, pam: int) -> int:
    """How much ``card`` of ``hand`` is worth keeping when exchanging, the fixed order of ``exchange-k``: Pam
    (``pam``, -1 for none) above every trump above every plain card (LOO5-3), each class by rank; of two plain
    cards of one rank, the one of the longer suit is kept (putting out the shorter suit's card nears a void, to
    trump in), and of two equally long, the card of the higher-numbered suit (any fixed rule: they are alike)."""
    suit = card // 13
    rest = hand & ~(1 << pam) if pam >= 0 else hand
    kind = 2 if card == pam else 1 if suit == trump else 0
    length = (rest >> 13 * suit & 0x1FFF).bit_count()
    return ((kind * 13 + card % 13) * 8 + length) * 4 + suit


def weakest(hand: int, k: int, trump: int, pam: int) -> int:
    """The mask of the ``k`` cards of ``hand`` of least :func:`keeping_value`: what ``exchange-k`` puts out."""
    cards = sorted((c for c in range(52) if hand >> c & 1), key=lambda c: keeping_value(c, hand, trump, pam))
    return mask_of(cards[:k])


def action_name(action: Any, view: View[Any] | None = None) -> str:
    """The name a table gives a declaration or call (Loo: its verb; Nap: ``pass`` or the call). With the ``view``
    it is made in, an exchange that puts out the ``k`` weakest cards (:func:`weakest`) is ``exchange-k``; any
    other exchange is ``exchange``, which no table names."""
    verb = getattr(action, "verb", None)
    if verb == "call":
        return str(action.call)
    if verb == "exchange" and view is not None and action.arg:
        out = mask_of(parse_cards(action.arg))
        k = out.bit_count()
        loo = cast(LooView, view)  # an exchange is Loo's (LOO5-2)
        if out == weakest(loo.hand, k, loo.turnup // 13, loo.pam):
            return f"exchange-{k}"
    return str(verb)


class Strategy:
    """A strategy file's tables (:mod:`.tables`), for the game, form, table size and rules in its header."""

    def __init__(self, file: StrategyFile) -> None:
        h = file.header
        self.file = file
        try:
            self.game: str = h["game"]
            self.form: str = h["form"]
            self.players: int = int(h["players"])
            self.preset: str = h["preset"]
            self.options: dict[str, Any] = dict(h["options"])
            self.actions: tuple[str, ...] = tuple(h["actions"])
            self.pools: list[dict[str, Any]] = list(h["pools"])
            self.contexts: int = int(h["contexts"])
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(file.path, f"the strategy file's header lacks {e}") from None

    @property
    def header(self) -> Mapping[str, Any]:
        """Everything the file says of itself: how it was computed, its exploitability, ..."""
        return self.file.header

    @cached_property
    def _buckets(self) -> Sequence[int]:
        return self.file.array("buckets")

    @cache  # noqa: B019 - a strategy lives as long as the process: its arrays are read once
    def _table(self, k: int) -> tuple[Sequence[int], ...]:
        return tuple(self.file.array(f"{name}{k}") for name in ("cells", "weights", "values", "halves", "turns"))

    def fits(self, rules: Any, players: int) -> bool:
        """Whether this strategy was computed for ``rules`` (their game, form, preset and options) and
        ``players`` seats."""
        from ..games.registry import rules_for

        if players != self.players or self.game != rules.GAME:
            return False
        try:
            return bool(rules == rules_for(self.game, self.preset, self.options))
        except Exception:
            return False

    def describe(self) -> str:
        """What it is a strategy for, in words: ``a strategy for loo (three_card, peel) at 5 players``."""
        options = "".join(f", {k}={v}" for k, v in self.options.items())
        return f"a strategy for {self.game} ({self.form}, {self.preset}{options}) at {self.players} players"

    def pool_index(self, pool: int) -> int:
        """The table of the pool bucket ``pool`` falls in."""
        for k, p in enumerate(self.pools):
            if p.get("upto") is None or pool <= p["upto"]:
                return k
        return len(self.pools) - 1

    def cell_of(self, view: View[Any]) -> tuple[int, int] | None:
        """``(pool table, cell)`` of the seat of ``view``, at its turn to declare or call; None for a hand whose
        bucket the strategy does not know."""
        seat = view.order.index(view.seat)
        if self.form in ("five_card", "irish"):
            key, context = self._loo5_context(cast(LooView, view), seat)
        elif self.form == "three_card":
            loo = cast(LooView, view)  # the form is Loo's
            key = loo_bucket(loo.hand, loo.turnup)
            before = [int(loo.decls[s]) for s in loo.order[:seat]]
            context = (seat * self.players + sum(d == 1 for d in before)) * 2 + sum(d == 3 for d in before)
        else:
            key = nap_bucket(view.hand)
            calls = cast(NapView, view).calls  # no form of Loo's: Nap's
            called = [NAP_CALLS.index(c) for _, c in calls if c in NAP_CALLS and c != "pass"]
            context = seat * len(NAP_CALLS) + max(called, default=0)
        i = bisect_left(self._buckets, key)
        if i == len(self._buckets) or self._buckets[i] != key:
            return None
        return self.pool_index(view.pool), i * self.contexts + context

    def _loo5_context(self, view: LooView, seat: int) -> tuple[int, int]:
        """Five-card or Irish Loo: the hand's bucket and the cell's context (seat, seats in before it, and club
        law in force where the table keys it: its contexts are then twice the seats squared)."""
        if self.form == "five_card":
            key = loo5_bucket(view.hand, view.turnup, view.pam)
        else:
            key = loo_bucket(view.hand, view.turnup)
        played = sum(view.decls[s] in (Decl.STAND, Decl.EXCHANGE) for s in view.order[:seat])
        clubs = self.contexts // (self.players * self.players)
        club = int(clubs == 2 and cast(LooRules, view.rules).club_law and view.turnup // 13 == 3)
        return key, (seat * self.players + played) * clubs + club

    def _row(self, view: View[Any]) -> tuple[int, int] | None:
        """``(pool table, row)`` of the seat of ``view`` in its table's arrays, or None without one."""
        where = self.cell_of(view)
        if where is None:
            return None
        k, cell = where
        cells = self._table(k)[0]
        j = bisect_left(cells, cell)
        return None if j == len(cells) or cells[j] != cell else (k, j)

    def weights(self, view: View[Any]) -> dict[str, int] | None:
        """Each action open to the seat of ``view`` (``view.legal``) with its weight out of 255 in its cell's row,
        as the file stores it (the simulator's ``strategy`` player draws by these), or None where the computation
        never reached the cell."""
        found = self._row(view)
        if found is None:
            return None
        k, j = found
        weights, a = self._table(k)[1], len(self.actions)
        names = {action_name(x, view) for x in view.legal}
        return {name: int(weights[j * a + i]) for i, name in enumerate(self.actions) if name in names}

    def choice(self, view: View[Any]) -> Choice | None:
        """The row of the seat of ``view`` for the actions open to it (``view.legal``), or None where the
        computation never reached its cell."""
        found = self._row(view)
        if found is None:
            return None
        k, j = found
        _, weights, values, halves, turns = self._table(k)
        a = len(self.actions)
        names = {action_name(x, view) for x in view.legal}
        open_ = [i for i, name in enumerate(self.actions) if name in names]
        total = sum(weights[j * a + i] for i in open_)
        if total <= 0:
            return None
        return Choice(
            actions=tuple(self.actions[i] for i in open_),
            probs=tuple(weights[j * a + i] / total for i in open_),
            values=tuple(values[j * a + i] / 100.0 for i in open_),
            halves=tuple(None if halves[j * a + i] == NO_HALF else halves[j * a + i] / 100.0 for i in open_),
            turns=int(turns[j]),
            pool=int(self.pools[k]["pool"]),
            game=self.game,
        )


def load(path: str) -> Strategy:
    """The strategy in the file at ``path`` (:class:`~roundgames.core.errors.RecordError` naming it for a file
    that is not one); read once while the file is unchanged."""
    try:
        stat = os.stat(path)
    except OSError as e:
        raise RecordError(path, f"cannot read the strategy file: {e.strerror}") from None
    return _load(os.path.abspath(path), stat.st_mtime_ns, stat.st_size)


@cache
def _load(path: str, mtime: int, size: int) -> Strategy:
    return Strategy(read(path))


@cache
def shipped(game: str, players: int, form: str | None = None) -> Strategy | None:
    """The strategy the package ships for ``game`` (and ``form``) at ``players`` seats, or None."""
    name = f"{game}-{form}-{players}.rgs" if form else f"{game}-{players}.rgs"
    path = os.path.join(SHIPPED, name)
    return load(path) if os.path.exists(path) else None


def for_view(view: View[Any], game: str, form: str | None = None) -> Strategy | None:
    """The shipped strategy that fits the rules and table of ``view``, or None."""
    s = shipped(game, len(view.order), form)
    return s if s is not None and s.fits(view.rules, len(view.order)) else None
