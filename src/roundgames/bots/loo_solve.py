"""Loo's play for the open-card solver (:mod:`.solver`): what may be played and who wins, from the rules the deal
itself asks (:mod:`roundgames.loo.legality` for Three-card and Irish Loo, :mod:`roundgames.loo.pam` for Five-card
Loo with Pam), so no rule is written a second time.

The seats that play are those that stood or took the miss, in the order they play (LOO-PLAY-1); the leader of the
first trick and of each later one as the deal says (LOO-PLAY-2, LOO-PLAY-7). Irregularities of table mode (a card
played out of turn, a revoke) are outside the solver: it plays the cards as the laws of play require.
"""

from __future__ import annotations

from ..core.cards import card_of
from ..core.tricks import trick_winner
from ..loo import legality, pam
from ..loo.deal import LooDeal
from ..loo.pam import pam_in
from .solver import CIVIL, Position

__all__ = ["LooPlay", "position"]

_ACE = 12


class LooPlay:
    """The laws of play of one Loo deal, as the solver asks them (:class:`~roundgames.bots.solver.PlayRules`)."""

    def __init__(self, deal: LooDeal) -> None:
        rules = deal.rules
        self.trump = deal.trump
        self.turnup = deal.turnup
        self.lead_rule = rules.lead_rule
        self.second_lead = rules.second_lead
        self.free = bool(getattr(rules, "pam_free", False))
        #: Pam (LOO5-3), or None in Three-card and Irish Loo
        self.pam = pam_in(rules, deal.trump) if deal.trump >= 0 else None
        #: the ace of trumps, which may be led "civil" where there is a Pam (LOO5-4)
        self.ace = card_of(_ACE, deal.trump) if deal.trump >= 0 else -1
        self.special = 0 if self.pam is None else 1 << self.pam | 1 << self.ace

    def moves(self, hand: int, trick: list[int], done: int, trump: int | None) -> list[int]:
        """The cards ``hand`` may play (LOO-PLAY-2..6, LOO5-3/4), the ace of trumps led also "civil"."""
        t = self.trump
        if self.pam is None:
            if trick:
                mask = legality.follow(hand, trick, t)
            else:
                mask = legality.lead(
                    hand, done, trump=t, turnup=self.turnup, lead_rule=self.lead_rule, second_lead=self.second_lead
                )
            return _cards(mask)
        if trick:
            civil = trick[0] >= CIVIL
            cards = [m & 63 for m in trick]
            return _cards(pam.follow(hand, cards, t, self.pam, free=self.free, civil=civil))
        mask = pam.lead(
            hand, done, t, self.turnup, self.pam, lead_rule=self.lead_rule, second_lead=self.second_lead, free=self.free
        )
        out = _cards(mask)
        if mask >> self.ace & 1:
            out.append(self.ace + CIVIL)  # "Pam be civil" (LOO5-4)
        return out

    def winner(self, trick: list[int], trump: int | None) -> int:
        """The index of the winning move (LOO-PLAY-7, LOO5-3, LOO5-4)."""
        if self.pam is None:
            return trick_winner(trick, self.trump)
        return pam.trick_winner([m & 63 for m in trick], self.trump, self.pam, trick[0] >= CIVIL)

    def trump_after(self, lead: int, trump: int | None) -> int | None:
        """The turn-up fixed trumps before the play (LOO-DEAL-3): a lead changes nothing."""
        return trump


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def position(deal: LooDeal) -> tuple[LooPlay, Position]:
    """The open-card position of ``deal`` in its play, with its laws of play."""
    seats = deal.players
    if deal.trick_seats:
        leader = seats.index(deal.trick_seats[0])
        trick = list(deal.trick_cards)
        if getattr(deal, "civil", False):
            trick[0] += CIVIL
    else:
        assert deal.to_act is not None, "the deal is in its play"
        leader, trick = seats.index(deal.to_act), []
    pos = Position(
        list(deal.hands), seats, leader, trick, len(deal.tricks), deal.trick_count, deal.trump, list(deal.won)
    )
    return LooPlay(deal), pos
