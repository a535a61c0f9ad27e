"""Loo in words and as values: a seat's view, a finished deal's result and its one sentence, an action in a log.

Every surface prints a Loo deal's result with :meth:`LooResult.sentence` and a log line with :func:`describe`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import card_str
from ..games.protocol import DealResult, View
from .actions import VERBS, Decl, Kind, LooAction

__all__ = ["DECL_NOTES", "KIND_WORDS", "LooResult", "LooView", "describe", "kind_words"]

#: each declaration as a seat's note in a view
DECL_NOTES = {
    Decl.NONE: "",
    Decl.STAND: "stood",
    Decl.THROW: "threw up",
    Decl.MISS: "took the miss",
    Decl.DEFEND: "defends",
    Decl.EXCHANGE: "exchanged",
}

#: each kind of deal as the table says it
KIND_WORDS = {
    "regular": "a regular deal",
    "single": "Peel's single",
    "ew_single": "a single (no miss, all play)",
}


def kind_words(kind: str | Kind) -> str:
    """A kind of deal (DEAL-RECORD.md ``kind``) as the table says it: ``"Peel's single"``."""
    return KIND_WORDS[Kind(kind).value]


@dataclass(frozen=True, slots=True)
class LooView(View[LooAction]):
    """One seat's view of a Loo deal: the one shape of every view (:class:`~roundgames.games.protocol.View`),
    its legal actions Loo's, and what only Loo's deals show: the turn-up, the kind of deal, the declarations, the
    miss and Five-card Loo's stock and Pam. A surface shows them as Loo's observer says them
    (:mod:`roundgames.loo.observer`)."""

    #: the card turned up for trumps (LOO-DEAL-5; -1 where nobody recorded it)
    turnup: int = -1
    #: the kind of deal (regular, Peel's single, an EW single), and in words (``"Peel's single"``)
    kind: Kind | None = None
    kind_words: str = ""
    #: each seat's declaration so far (LOO-DECL)
    decls: tuple[Decl, ...] = ()
    #: who took the miss (LOO-DEAL-4)
    miss_holder: int | None = None
    #: how many cards the stock still holds for exchanges (LOO5-2): a count, its cards hidden
    stock: int = 0
    #: the card that is Pam (LOO5-3), -1 where there is none
    pam: int = -1


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def describe(action: LooAction, seats: Sequence[str], *, own: bool = False) -> str:
    """The action as a log line says it: ``"Ann plays AS"``, ``"Ben throws up"``. ``own``: as its actor reads
    it, in the second person and naming the cards he put out (``"You exchange 3D 2C"``)."""
    name, verb = seats[action.seat], action.verb
    if verb == "play" and action.card is not None:
        civil = ' and says "Pam be civil"' if action.arg == "civil" else ""
        return f"{name} plays {card_str(action.card)}{civil}"
    if verb == "exchange":
        cards = (action.arg or "").split()
        if own:
            return f"You exchange {action.arg}"
        return f"{name} exchanges {_count(len(cards), 'card')}"
    if verb == "irregular":
        return f"{name} irregular {action.arg or ''}".rstrip()
    if verb in VERBS:
        return f"{name} {VERBS[verb].done}"
    return f"{name} {verb}"


@dataclass(frozen=True)
class LooResult(DealResult):
    """A finished Loo deal: the DealResult of every game, and who was looed, who took the pool, what comes next."""

    #: the kind of the next deal (DEAL-RECORD.md ``next.kind``)
    next_kind: str = "regular"
    #: tricks each seat took
    won: tuple[int, ...] = ()
    #: who took the pool without play: a single's best card, the last seat in, a flush
    taker: int | None = None
    #: who took the pool with a flush (several under ``flush_tie: split``) (LOO5-6/7)
    flush_winners: tuple[int, ...] = ()
    #: the deal was Peel's single (LOO-SGL)
    single: bool = False

    def takes_words(self) -> str:
        """Who took the pool without the tricks, if anyone: ``"Cat takes the pool with a flush."``."""
        seats = self.seats
        if self.flush_winners:  # LOO5-6/7
            who = " and ".join(seats[s] for s in self.flush_winners)
            return f"{who} {'share' if len(self.flush_winners) > 1 else 'takes'} the pool with a flush."
        if self.taker is not None:
            return f"{seats[self.taker]} takes the pool."
        if self.single:
            return "No card beats the turn-up."
        return ""

    def looed_words(self) -> str:
        """``"Looed: Ann 6, Ben 6."`` or ``"Nobody looed."``."""
        if not self.looed:
            return "Nobody looed."
        return "Looed: " + ", ".join(f"{self.seats[s]} {v}" for s, v in self.looed.items()) + "."

    def next_words(self) -> str:
        """``"Next pool 6; Cat deals a regular deal"``."""
        return f"Next pool {self.pool}; {self.seats[self.next_dealer]} deals {kind_words(self.next_kind)}"

    def sentence(self) -> str:
        """The one sentence every surface prints: who took the pool, who was looed, each seat's net, what
        follows. ``"Looed: P1 6. P1 -6, P2 +1, P3 +4, P4 +4. Next pool 6; P3 deals a regular deal."``"""
        if self.void:
            return f"The deal is void. {self.payments()}. {self.next_words()} again."
        head = " ".join(w for w in (self.takes_words(), self.looed_words()) if w)
        return f"{head} {self.payments()}. {self.next_words()}."
