"""Nap deals whose cards nobody recorded (the pool keeper's): the calling as usual, then each trick's winner stated
instead of played, until NAP-PLAY-4 decides the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError, RecordError
from ..core.tricks import Trick
from .actions import NapPhase

if TYPE_CHECKING:
    from .strict import StrictNapDeal as PlainNapDeal

__all__ = ["deal_unknown", "verify_trick", "won_trick"]


def deal_unknown(deal: PlainNapDeal) -> None:
    """Deal a deal whose cards nobody recorded (the pool keeper's deal): every hand is empty.

    Calling is as usual; play is stated trick by trick, ``SEAT trick`` ("SEAT won the next
    trick"), until NAP-PLAY-4 decides the deal. The variants that deal or exchange particular
    cards (purchase, peep, the spare hand, the top card) need the cards and are refused.
    """
    carded = [k for k in ("purchase", "peep", "nap_top_card") if getattr(deal.rules, k)]
    carded += ["spare_hand"] if deal.rules.spare_hand != "off" else []
    if carded:
        raise RecordError(
            f"options.{carded[0]}", "this variant exchanges particular cards, so the cards must be recorded"
        )
    deal.unknown = True
    deal.set_cards({}, 0, None, [])


def verify_trick(deal: PlainNapDeal, seat: int | str) -> int:
    """Raise unless ``seat`` may be stated to have won the next trick (a deal of unknown cards)."""
    s = deal.seat_index(seat)
    name = deal.seats[s]
    if not deal.unknown:
        raise RecordError("actions", f"{name} trick: the cards of this deal are recorded, so they are played")
    if deal.phase is NapPhase.COMPLETE:
        raise IllegalActionError(f"{name} cannot win a trick: the deal is over", "NAP-PLAY-4")
    if deal.phase is not NapPhase.PLAY:
        raise IllegalActionError(f"{name} cannot win a trick: the calling is not over", "NAP-CALL-1")
    if s not in deal.order:
        raise IllegalActionError(f"{name} cannot win a trick: the dealer sits out", "NAP-GEN-2")
    return s


def won_trick(deal: PlainNapDeal, s: int) -> None:
    """``s`` won the next trick, unchecked and unlogged; the early end decides the deal (NAP-PLAY-4)."""
    leader = s if deal.to_act is None else deal.to_act
    deal.tricks.append(Trick(leader, (), (), s))  # who led and what was played is not recorded
    if s == deal.declarer:
        deal.won += 1
    else:
        deal.lost += 1
    decided = deal.decided()  # NAP-PLAY-4
    if decided is None:
        deal.to_act = s
    else:
        deal.made = decided
        deal.settle()
