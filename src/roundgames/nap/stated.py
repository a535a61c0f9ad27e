"""Nap deals whose cards nobody recorded (the pool keeper's): the calling as usual, then each trick's winner stated
instead of played, until NAP-PLAY-4 decides the deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import IllegalActionError, RecordError
from ..core.seats import seat_index
from .actions import NapPhase
from .rules import NapRules

__all__ = ["refuse_carded", "verify_trick"]


def refuse_carded(rules: NapRules) -> None:
    """Raise unless a deal under ``rules`` may be kept without its cards: the variants that deal or exchange
    particular cards (purchase, peep, the spare hand, the top card) need them."""
    carded = [k for k in ("purchase", "peep", "nap_top_card") if getattr(rules, k)]
    carded += ["spare_hand"] if rules.spare_hand != "off" else []
    if carded:
        raise RecordError(
            f"options.{carded[0]}", "this variant exchanges particular cards, so the cards must be recorded"
        )


def verify_trick(seat: int | str, seats: Sequence[str], order: Sequence[int], *, unknown: bool, phase: NapPhase) -> int:
    """Raise unless ``seat`` may be stated to have won the next trick in a deal of unknown cards (``unknown``) now in
    ``phase``, dealt to the seats of ``order``; returns its index."""
    s = seat_index(seats, seat)
    name = seats[s]
    if not unknown:
        raise RecordError("actions", f"{name} trick: the cards of this deal are recorded, so they are played")
    if phase is NapPhase.COMPLETE:
        raise IllegalActionError(f"{name} cannot win a trick: the deal is over", "NAP-PLAY-4")
    if phase is not NapPhase.PLAY:
        raise IllegalActionError(f"{name} cannot win a trick: the calling is not over", "NAP-CALL-1")
    if s not in order:
        raise IllegalActionError(f"{name} cannot win a trick: the dealer sits out", "NAP-GEN-2")
    return s
