"""Loo's play for the open-card solver (:mod:`.solver`): what may be played and who wins, from the rules the deal
itself asks (:mod:`roundgames.loo.legality` for Three-card and Irish Loo, :mod:`roundgames.loo.pam` for Five-card
Loo with Pam), so no rule is written a second time.

The seats that play are those that stood or took the miss, in the order they play (LOO-PLAY-1); the leader of the
first trick and of each later one as the deal says (LOO-PLAY-2, LOO-PLAY-7). Irregularities of table mode (a card
played out of turn, a revoke) are outside the solver: it plays the cards as the laws of play require.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import card_of, cards_in, mask_of, parse_cards
from ..core.tricks import trick_winner
from ..loo import legality, pam
from ..loo.actions import Decl, LooAction
from ..loo.deal import LooDeal
from ..loo.pam import pam_in
from .budget import Cost
from .solver import CIVIL, Position

__all__ = [
    "COSTS",
    "LooPlay",
    "cost",
    "fast_solver",
    "move_of",
    "named_cards",
    "payoff",
    "position",
    "public_of",
    "side",
]

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
        #: what tells these laws from another deal's of the same cards (nothing: the turn-up fixed them)
        self.key = None

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
            return list(cards_in(mask))
        if trick:
            civil = trick[0] >= CIVIL
            cards = [m & 63 for m in trick]
            return list(cards_in(pam.follow(hand, cards, t, self.pam, free=self.free, civil=civil)))
        mask = pam.lead(
            hand, done, t, self.turnup, self.pam, lead_rule=self.lead_rule, second_lead=self.second_lead, free=self.free
        )
        out = list(cards_in(mask))
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


def side(deal: LooDeal, seat: int) -> tuple[int, int]:
    """The seats that maximize and the seats whose tricks count: the seat alone, every other player taken to
    play against it."""
    return 1 << seat, 1 << seat


def move_of(action: LooAction) -> int:
    """The solver's move for a ``play`` action."""
    assert action.card is not None
    return action.card + (CIVIL if action.arg == "civil" else 0)


def payoff(deal: LooDeal, seat: int) -> list[float]:
    """What ``seat`` nets from the deal, by the number of the remaining tricks it takes (LOO-SET-1..4): its share
    of the pool for each trick (the odd counters of LOO-SET-2 spread evenly over the tricks still to play), and
    the loo if it takes none of the deal's tricks; what it has paid in so far (its stake) counted too."""
    now = deal.ledger.net[seat]
    remaining = deal.trick_count - len(deal.tricks)
    if seat not in deal.players:
        return [float(now)] * (remaining + 1)
    pool = deal.ledger.pool
    shares = deal.trick_shares(pool)
    carried = deal.decls[seat] is Decl.DEFEND or seat in deal.offenders  # LOO-SET-4, LOO-LAW-0b
    had = 0 if carried else sum(shares[i] for i, t in enumerate(deal.tricks) if t.winner == seat)
    each = 0.0 if carried or not remaining else sum(shares[len(deal.tricks) :]) / remaining
    looed = not (
        (seat in deal.offenders and not deal.rules.offender_double_loo)
        or (deal.decls[seat] is Decl.DEFEND and not deal.rules.defender_looed)
        or deal.never_looed(seat)
    )
    loo = deal.rules.loo_amount(pool) if looed and not deal.won[seat] else 0
    return [now + had + k * each - (loo if k == 0 else 0) for k in range(remaining + 1)]


def named_cards(action: LooAction) -> int:
    """The cards an action names as a mask: the card played, or the cards an exchange puts out."""
    if action.card is not None:
        return 1 << action.card
    return mask_of(parse_cards(action.arg)) if action.verb == "exchange" and action.arg else 0


def public_of(action: LooAction) -> tuple[object, ...]:
    """What every seat sees of an action: an exchange's count, not its cards (LOO5-2)."""
    if action.verb == "exchange":
        return (action.verb, len((action.arg or "").split()))
    return (action.verb, action.card, action.arg)


def fast_solver(rules: LooPlay, side: int, count: int) -> Any:
    """No compiled solver for Loo: its deals are small enough for :class:`~roundgames.bots.solver.Solver`."""
    return None


#: what a world of each form costs the expert (:mod:`.budget`), measured with ``benchmarks/bench_expert.py``:
#: Five-card and Irish Loo's model weighs its exchanges over sampled draws, so each declaration it is asked about,
#: and each deal it plays out, costs more; the pure-Python solver is kept to the last tricks of Five-card Loo
COSTS = {
    "three_card": Cost(draw=0.35, declare=0.02, card=0.025, solve=0.04, forbid=0.05, solve_cards=12),
    "five_card": Cost(draw=0.2, declare=0.5, card=0.055, solve=0.03, forbid=0.18, solve_cards=10),
    "irish": Cost(draw=0.2, declare=0.3, card=0.033, solve=0.03, forbid=0.1, solve_cards=12),
}


def cost(rules: Any) -> Cost:
    """What a world of ``rules``' form costs the expert."""
    return COSTS[rules.form]
