"""Loo deals whose cards nobody recorded (the pool keeper's): declaring as usual, then each trick's winner, or the
single's, stated instead of played. Functions of values: the deal asks them and applies what is stated.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card, rank_of
from ..core.errors import IllegalActionError, RecordError
from ..core.seats import seat_index
from ..games.base import CardClaims
from .actions import Kind, LooAction, Phase
from .rules import LooRules

__all__ = ["stated_options", "unknown_turnup", "verify_stated"]


def unknown_turnup(turnup: str | Card | None, rules: LooRules, kind: Kind) -> Card:
    """The turn-up of a deal whose cards nobody recorded, checked; -1 where none is given. It is needed only where
    it decides something: under club law in a regular deal (LOO-VAR-CLUBLAW)."""
    up = -1
    if turnup is not None:
        cards = CardClaims(rules.pack).claim("cards.turnup", turnup, "LOO-VAR-32")
        if len(cards) != 1:
            raise RecordError("cards.turnup", f"one turn-up card, got {len(cards)}")
        up = cards[0]
    if up < 0 and rules.club_law and kind is Kind.REGULAR:
        raise RecordError(
            "cards.turnup", "under club law the turn-up decides who must stand: give it (LOO-VAR-CLUBLAW)"
        )
    return up


def stated_options(kind: Kind, order: Sequence[int], dealer: int, players: Sequence[int]) -> list[LooAction]:
    """What may be stated now: each player's ``trick``; in Peel's single each seat's ``single``, or ``single
    nobody``."""
    if kind is Kind.SINGLE:
        return [LooAction(s, "single") for s in order] + [LooAction(dealer, "single", None, "nobody")]
    return [LooAction(s, "trick") for s in players]


def verify_stated(
    action: LooAction,
    text: str,
    *,
    seats: Sequence[str],
    unknown: bool,
    phase: Phase,
    kind: Kind,
    dealer: int,
    order: Sequence[int],
    players: Sequence[int],
    turnup: Card,
) -> int:
    """Raise unless ``action`` (``trick`` or ``single``; ``text``: as the record writes it) may be stated now in a
    deal of these facts; returns the seat index."""
    s = seat_index(seats, action.seat)
    name, verb = seats[s], text.split(" ", 1)[1]
    if not unknown:
        raise RecordError("actions", f"{name} {verb}: the cards of this deal are recorded, so they are played")
    if phase is Phase.COMPLETE:
        raise IllegalActionError(f"{name} {verb}: the deal is over", "LOO-SET-6")
    if action.verb == "single":
        if kind is not Kind.SINGLE:
            raise IllegalActionError(f"{name} {verb}: this is not Peel's single", "LOO-SGL-1")
        if action.arg == "nobody":
            if s != dealer:
                raise IllegalActionError(
                    f"{name} {verb}: the dealer, {seats[dealer]}, states that no card won", "LOO-SGL-4"
                )
            return s
        if s not in order:
            raise IllegalActionError(f"{name} cannot win the single: he was dealt no card", "LOO-SGL-1")
        if turnup >= 0 and rank_of(turnup) == 12:
            raise IllegalActionError(f"{name} cannot win the single: no card beats the ace turned up", "LOO-SGL-2")
        return s
    if phase is not Phase.PLAY or kind is Kind.SINGLE:
        why = "Peel's single has no tricks" if kind is Kind.SINGLE else "the declaring is not over"
        raise IllegalActionError(
            f"{name} cannot win a trick: {why}", "LOO-SGL-1" if kind is Kind.SINGLE else "LOO-DECL-1"
        )
    if s not in players:
        raise IllegalActionError(f"{name} cannot win a trick: only those who stood or took the miss play", "LOO-PLAY-1")
    return s
