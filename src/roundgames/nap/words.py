"""Nap in words and as values: a seat's view, a finished deal's result and its one sentence, an action in a log.

Every surface prints a Nap deal's result with :meth:`NapResult.sentence` and a log line with :func:`describe`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..core.cards import card_str, format_cards
from ..games.protocol import DealResult, View
from .actions import VERBS, NapAction, call_title

__all__ = ["UNSEEN_VERBS", "NapResult", "NapView", "call_notes", "describe"]

#: actions whose legal forms would name cards the seat has not seen: a view offers them by verb only
UNSEEN_VERBS = ("spare", "topcard", "widow")


@dataclass(frozen=True, slots=True)
class NapView(View[NapAction]):
    """One seat's view of a Nap deal: the one shape of every view (:class:`~roundgames.games.protocol.View`),
    its legal actions Nap's, and what only Nap's deals show: the calls, the senior hand's contract and tricks, the
    cards bought and a widow peeped at. A surface shows them as Nap's observer says them
    (:mod:`roundgames.nap.observer`)."""

    #: the widow, where the seat peeped at it (NAP-VAR-PEEP)
    widow: int | None = None
    #: the calls so far, in order: (seat, call)
    calls: tuple[tuple[int, str], ...] = ()
    #: the senior hand and his call, once the calling is over (NAP-SET-1)
    declarer: int | None = None
    contract: str | None = None
    #: the stakes' multiplier (NAP-VAR-DOUBLE)
    multiplier: int = 1
    #: the senior hand's tricks won and lost so far
    won: int = 0
    lost: int = 0
    #: how many cards each seat bought (NAP-VAR-PURCHASE)
    bought: Mapping[int, int] = field(default_factory=dict)
    #: the seats that peeped at the widow
    peeped: frozenset[int] = frozenset()


def call_notes(calls: Sequence[tuple[int, str]], seat_count: int) -> tuple[str, ...]:
    """Each seat's last call in words, as a view's ``notes``: ``"passed"``, ``"called Nap"``, ``""``."""
    notes = [""] * seat_count
    for seat, call in calls:
        notes[seat] = "passed" if call == "pass" else f"called {call_title(call)}"
    return tuple(notes)


def describe(action: NapAction, seats: Sequence[str], *, own: bool = False) -> str:
    """The action as a log line says it: ``"Ann calls Nap"``, ``"Ben buys 2"``. ``own``: as its actor reads
    it, in the second person and naming the cards he discarded or kept (``"You discard 2C 3D and buy 2"``)."""
    name, v = seats[action.seat], action.verb
    if v == "play" and action.cards:
        return f"{name} plays {card_str(action.cards[0])}"
    if v == "call":
        return f"{name} calls {call_title(action.call or '')}"
    if v == "buy":
        n = len(action.cards)
        if own and n:
            return f"You discard {format_cards(action.cards)} and buy {n}"
        return f"{name} buys {n}" if n else f"{name} buys none"
    if v == "spare" and own:
        return "You keep " + format_cards(action.cards)
    if v == "spare":
        return f"{name} keeps five of the ten"
    if v in ("widow", "topcard") and own and action.cards:
        what = "the widow" if v == "widow" else "the top card"
        return f"You take {what} and discard {card_str(action.cards[0])}"
    if v == "irregular":
        return f"{name} irregular {action.arg or ''}".rstrip()
    if v in VERBS:
        return f"{name} {VERBS[v].done}"
    return f"{name} {v}"


@dataclass(frozen=True)
class NapResult(DealResult):
    """A finished Nap deal: the DealResult of every game, and the senior hand, his call and whether he made it."""

    #: the stake multiplier of the next deal (2 under a running Double Header, NAP-VAR-DOUBLE-HEADER)
    next_multiplier: int = 1
    #: all passed and the same dealer deals again (NAP-CALL-7 ``redeal``)
    redeal: bool = False

    def contract_words(self) -> str:
        """``"Cat made 3."``, ``"Ann lost Nap."``, ``"All passed."``."""
        if self.declarer is None:
            return "All passed." if not self.void else "The deal is void."
        verdict = "made" if self.made else "lost"
        return f"{self.seats[self.declarer]} {verdict} {call_title(self.contract or '')}."

    def next_words(self) -> str:
        """``"Kitty 4; Ben deals next, at double stakes"``."""
        double = ", at double stakes" if self.next_multiplier > 1 else ""
        return f"Kitty {self.pool}; {self.seats[self.next_dealer]} deals next{double}"

    def sentence(self) -> str:
        """The one sentence every surface prints: the contract and its fate, each seat's net, what follows.
        ``"P3 made 3. P1 -3, P2 -3, P3 +9, P4 -3. Kitty 0; P1 deals next."``"""
        return f"{self.contract_words()} {self.payments()}. {self.next_words()}."
