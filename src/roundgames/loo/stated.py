"""Loo deals whose cards nobody recorded (the pool keeper's): declaring as usual, then each trick's winner, or the
single's, stated instead of played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import Card, rank_of
from ..core.errors import IllegalActionError, RecordError
from ..core.tricks import Trick
from ..games.base import CardClaims
from .actions import Kind, LooAction, Phase
from .settle import pay_single, settle_tricks

if TYPE_CHECKING:
    from .strict import StrictLooDeal as LooDeal

__all__ = ["apply_stated", "deal_unknown", "stated_options", "verify_stated"]


def deal_unknown(deal: LooDeal, turnup: str | Card | None = None) -> None:
    """Deal a deal whose cards nobody recorded (the pool keeper's deal): every hand is empty.

    Declaring is as usual. Play is stated trick by trick, ``SEAT trick`` ("SEAT won the next
    trick"), and Peel's single by ``SEAT single`` (SEAT's card won it, LOO-SGL-2) or the dealer's
    ``single nobody`` (LOO-SGL-4). ``turnup`` is needed only where it decides something: under
    club law in a regular deal (LOO-VAR-CLUBLAW).
    """
    if deal.phase is not Phase.DEAL:
        raise IllegalActionError("the cards have already been dealt", "LOO-DEAL-4")
    up = -1
    if turnup is not None:
        cards = CardClaims(deal.rules.pack).claim("cards.turnup", turnup, "LOO-VAR-32")
        if len(cards) != 1:
            raise RecordError("cards.turnup", f"one turn-up card, got {len(cards)}")
        up = cards[0]
    if up < 0 and deal.rules.club_law and deal.kind is Kind.REGULAR:
        raise RecordError(
            "cards.turnup", "under club law the turn-up decides who must stand: give it (LOO-VAR-CLUBLAW)"
        )
    deal.unknown = True
    deal.turnup, deal.trump = up, up // 13 if up >= 0 else -1
    deal.pay_stakes()
    if deal.kind is Kind.SINGLE:  # the table says whose face-up card won (LOO-SGL-2)
        deal.phase, deal.players, deal.to_act = Phase.PLAY, deal.order, deal.dealer
        return
    deal.phase = Phase.DECLARE
    deal.to_act = deal.order[0]


def stated_options(deal: LooDeal) -> list[LooAction]:
    """What may be stated now: each player's ``trick``; in Peel's single each seat's ``single``, or ``single
    nobody``."""
    if deal.kind is Kind.SINGLE:
        return [LooAction(s, "single") for s in deal.order] + [LooAction(deal.dealer, "single", None, "nobody")]
    return [LooAction(s, "trick") for s in deal.players]


def verify_stated(deal: LooDeal, action: LooAction) -> int:
    """Raise unless ``action`` (``trick`` or ``single``) may be stated now; returns the seat index."""
    s = deal.seat_index(action.seat)
    name, verb = deal.seats[s], deal.action_str(action).split(" ", 1)[1]
    if not deal.unknown:
        raise RecordError("actions", f"{name} {verb}: the cards of this deal are recorded, so they are played")
    if deal.phase is Phase.COMPLETE:
        raise IllegalActionError(f"{name} {verb}: the deal is over", "LOO-SET-6")
    if action.verb == "single":
        if deal.kind is not Kind.SINGLE:
            raise IllegalActionError(f"{name} {verb}: this is not Peel's single", "LOO-SGL-1")
        if action.arg == "nobody":
            if s != deal.dealer:
                raise IllegalActionError(
                    f"{name} {verb}: the dealer, {deal.seats[deal.dealer]}, states that no card won", "LOO-SGL-4"
                )
            return s
        if s not in deal.order:
            raise IllegalActionError(f"{name} cannot win the single: he was dealt no card", "LOO-SGL-1")
        if deal.turnup >= 0 and rank_of(deal.turnup) == 12:
            raise IllegalActionError(f"{name} cannot win the single: no card beats the ace turned up", "LOO-SGL-2")
        return s
    if deal.phase is not Phase.PLAY or deal.kind is Kind.SINGLE:
        why = "Peel's single has no tricks" if deal.kind is Kind.SINGLE else "the declaring is not over"
        raise IllegalActionError(
            f"{name} cannot win a trick: {why}", "LOO-SGL-1" if deal.kind is Kind.SINGLE else "LOO-DECL-1"
        )
    if s not in deal.players:
        raise IllegalActionError(f"{name} cannot win a trick: only those who stood or took the miss play", "LOO-PLAY-1")
    return s


def apply_stated(deal: LooDeal, action: LooAction) -> None:
    """Apply ``SEAT trick`` or ``SEAT single``, unchecked and unlogged."""
    s = action.seat
    if action.verb == "single":
        pay_single(deal, None if action.arg == "nobody" else s)  # LOO-SGL-2..4
        return
    leader = s if deal.to_act is None else deal.to_act
    deal.tricks.append(Trick(leader, (), (), s))  # who led and what was played is not recorded
    deal.won[s] += 1
    if len(deal.tricks) == deal.hand_size:  # LOO-PLAY-9
        settle_tricks(deal)
    else:
        deal.to_act = s  # the winner leads next (LOO-PLAY-7)
