"""Nap's play for the open-card solver (:mod:`.solver`): follow suit if able (NAP-PLAY-2), the highest trump or
else the highest card of the suit led wins (NAP-PLAY-3), and the caller's first lead fixes trumps (NAP-PLAY-1),
except in misery played without them (NAP-PLAY-5).

The laws of table mode (an exposed card that must be played, NAP-LAW-8) are outside the solver.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import SUIT_MASKS, cards_in, mask_of
from ..core.tricks import trick_winner
from ..nap.actions import NapAction
from ..nap.calls import TRICKS
from ..nap.variants import NapDeal
from .budget import Cost
from .nap_compiled import compiled_solver
from .solver import Position

__all__ = [
    "COST",
    "NapPlay",
    "cost",
    "fast_solver",
    "move_of",
    "named_cards",
    "payoff",
    "position",
    "public_of",
    "side",
]


class NapPlay:
    """The laws of play of one Nap deal, as the solver asks them (:class:`~roundgames.bots.solver.PlayRules`)."""

    special = 0

    def __init__(self, deal: NapDeal) -> None:
        #: whether the first lead fixes trumps (NAP-PLAY-1; not in misery without trumps, NAP-PLAY-5)
        self.first_lead_trumps = deal.contract != "misery" or bool(deal.rules.misery_trumps)
        #: what tells these laws from another deal's of the same cards, for a solver kept across rollouts
        self.key = self.first_lead_trumps

    def moves(self, hand: int, trick: list[int], done: int, trump: int | None) -> list[int]:
        """The cards ``hand`` may play (NAP-PLAY-2)."""
        return list(cards_in((hand & SUIT_MASKS[trick[0] // 13] or hand) if trick else hand))

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


def side(deal: NapDeal, seat: int) -> tuple[int, int]:
    """The seats that maximize and the seats whose tricks count, for every seat alike: the caller's tricks count;
    he maximizes them, or in misery the others do (NAP-PLAY-4, NAP-VAR-MISERY)."""
    assert deal.declarer is not None
    caller = 1 << deal.declarer
    if deal.contract == "misery":
        return sum(1 << s for s in deal.order) & ~caller, caller
    return caller, caller


def move_of(action: NapAction) -> int:
    """The solver's move for a ``play`` action."""
    return action.cards[0]


def payoff(deal: NapDeal, seat: int) -> list[float]:
    """What ``seat`` nets from the deal, by the number of the remaining tricks the caller takes: the call made or
    lost (NAP-PLAY-4), paid as the deal itself settles it (on a copy: NAP-SET-1 and every variant's payments)."""
    assert deal.declarer is not None and deal.contract is not None
    remaining = 5 - len(deal.tricks)
    net = {}
    for made in (False, True):
        settled = deal.copy()
        settled.made = made
        settled.settle()
        net[made] = float(settled.net[seat])
    out = []
    for k in range(remaining + 1):
        caller = deal.won + k
        made = caller == 0 if deal.contract == "misery" else caller >= TRICKS[deal.contract]
        out.append(net[made])
    return out


def named_cards(action: NapAction) -> int:
    """The cards an action names as a mask (a card played, the cards bought away or put out)."""
    return mask_of(action.cards)


def public_of(action: NapAction) -> tuple[object, ...]:
    """What every seat sees of an action: how many cards were bought or put out, not which."""
    if action.verb in ("buy", "spare", "widow", "topcard"):
        return (action.verb, len(action.cards))
    return (action.verb, action.call, action.cards)


def fast_solver(rules: NapPlay, side: int, count: int) -> Any:
    """The compiled solver (:mod:`.nap_compiled`, with numba), or None where numba is not installed."""
    return compiled_solver(rules, side, count)


#: what a world of Nap costs the expert (:mod:`.budget`), measured with ``benchmarks/bench_expert.py`` with the
#: compiled solver (numba). The same costs stand without numba, where the pure-Python solver makes a decision
#: slower: the worlds drawn, and so every decision, must not depend on what is installed
COST = Cost(draw=0.5, declare=0.07, card=0.023, solve=0.02, forbid=0.07)


def cost(rules: Any) -> Cost:
    """What a world of Nap under ``rules`` costs the expert, whatever is installed."""
    return COST
