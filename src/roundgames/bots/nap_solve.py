"""Nap's play for the open-card solver (:mod:`.solver`): follow suit if able (NAP-PLAY-2), the highest trump or
else the highest card of the suit led wins (NAP-PLAY-3), and the caller's first lead fixes trumps (NAP-PLAY-1),
except in misery played without them (NAP-PLAY-5).

The laws of table mode (an exposed card that must be played, NAP-LAW-8) are outside the solver.
"""

from __future__ import annotations

from ..core.cards import SUIT_MASKS
from ..core.tricks import trick_winner
from ..nap.variants import NapDeal
from .solver import Position

__all__ = ["NapPlay", "position"]


class NapPlay:
    """The laws of play of one Nap deal, as the solver asks them (:class:`~roundgames.bots.solver.PlayRules`)."""

    special = 0

    def __init__(self, deal: NapDeal) -> None:
        #: whether the first lead fixes trumps (NAP-PLAY-1; not in misery without trumps, NAP-PLAY-5)
        self.first_lead_trumps = deal.contract != "misery" or bool(deal.rules.misery_trumps)

    def moves(self, hand: int, trick: list[int], done: int, trump: int | None) -> list[int]:
        """The cards ``hand`` may play (NAP-PLAY-2)."""
        mask = (hand & SUIT_MASKS[trick[0] // 13] or hand) if trick else hand
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def winner(self, trick: list[int], trump: int | None) -> int:
        """The index of the winning card (NAP-PLAY-3)."""
        return trick_winner(trick, trump)

    def trump_after(self, lead: int, trump: int | None) -> int | None:
        """The suit of the caller's first lead is trumps (NAP-PLAY-1, NAP-PLAY-5)."""
        return lead // 13 if self.first_lead_trumps else None


def position(deal: NapDeal) -> tuple[NapPlay, Position]:
    """The open-card position of ``deal`` in its play, with its laws of play."""
    seats = deal.order
    if deal.trick_seats:
        leader, trick = seats.index(deal.trick_seats[0]), list(deal.trick_cards)
    else:
        assert deal.to_act is not None, "the deal is in its play"
        leader, trick = seats.index(deal.to_act), []
    won = [0] * deal.n
    for t in deal.tricks:
        if t.winner is not None:
            won[t.winner] += 1
    pos = Position(list(deal.hands), seats, leader, trick, len(deal.tricks), 5, deal.trump, won)
    return NapPlay(deal), pos
