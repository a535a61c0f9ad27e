"""Claiming the remaining tricks: whether a claim is certain, whether its claimant can see that it is, and the cards
that play it out.

A player whose turn it is to play a card may claim every trick still to be played, as at a real table where he
lays his cards face up. The house allows it only when it is **certain**: the exact open-card solver
(:class:`~roundgames.bots.solver.Solver`, with the game's laws of play that its plug-in names for the bots) proves
that the claimant alone takes every remaining trick whatever the others play. A claim is **evident** when it holds
in every layout of the cards the claimant cannot see, so that the others need not be asked: here, when he is on
lead, every card he holds is the highest still out of its suit, and no card that could win a trick of his (a
trump, or a card the rules name by itself, such as Pam) is out against him. The test is sound, not complete: a
claim it does not call evident is put to the others.

A claimed deal is played out as real actions, so that its record, the referee's ruling and the score sheet are
those of a deal played to the end: the claimant's cards by the solver's line (:func:`next_play`), the others' by
their sensible player's choice (the claim holds whatever they play).

Nothing here knows which game it plays: each game's part comes through :func:`~roundgames.bots.games.kit`.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..core.cards import cards_in, rank_of, suit_of
from ..games.protocol import Deal, Stage
from .games import kit, searches
from .solver import Solver, card_of_move

__all__ = ["HOUSE_RULE", "certain", "evident", "next_play", "why_not"]

#: the house's rule on claims, in words (no law of the games' own covers a claim)
HOUSE_RULE: Final = (
    "the house's rule on claims: a player may claim the remaining tricks at his turn to play a card, and only when "
    "he takes every one of them whatever the others play"
)

_FULL: Final = (1 << 52) - 1


def why_not(deal: Deal, seat: int) -> str | None:
    """Why ``seat`` may not claim at all now (before the solver is asked), or None: it is not his turn to play a
    card, a law of table mode is in force in the deal (its penalties are outside the solver), or the game's bots
    do not play it."""
    if deal.is_complete or deal.stage is not Stage.PLAY or deal.to_act != seat:
        return "a claim is made at one's turn to play a card"
    if deal.irregularities:
        return "a claim is not made in a deal where a law of table mode has been applied"
    legal = deal.view(seat).legal
    if not legal or any(a.verb != "play" for a in legal):
        return "a claim is made at one's turn to play a card"
    if not searches(deal.game):
        return "the solver does not play this game"
    return None


def _solved(deal: Deal, seat: int) -> tuple[Any, Any, Solver]:
    """The game's laws of play, the open-card position and a solver with ``seat`` alone as its side."""
    rules, pos = kit(deal).solve.position(deal)
    return rules, pos, Solver(rules, 1 << seat)


def certain(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` takes every remaining trick whatever the others play (the solver's proof, with every hand
    open); False where he may not claim at all (:func:`why_not`)."""
    if why_not(deal, seat) is not None:
        return False
    _rules, pos, solver = _solved(deal, seat)
    return solver.at_least(pos, pos.remaining)


def evident(deal: Deal, seat: int) -> bool:
    """Whether the claim of ``seat`` holds in every layout of the cards he cannot see (so nobody need be asked): it
    is certain, he is on lead, and every card he holds beats every card still out in its suit, with no trump and
    no card the rules name by themselves out against him (:mod:`this module <roundgames.bots.claims>`)."""
    if not certain(deal, seat):
        return False
    rules, pos, _solver = _solved(deal, seat)
    if pos.trick:
        return False
    hand = pos.hands[seat]
    played = 0
    for trick in deal.all_tricks():
        for card in trick.cards:
            played |= 1 << card
    out = _FULL & ~hand & ~played  # every card he has not seen played may be against him
    if out & rules.special:
        return False
    for card in cards_in(hand):
        if any(suit_of(o) == suit_of(card) and rank_of(o) > rank_of(card) for o in cards_in(out)):
            return False
    moves = rules.moves(hand, [], pos.done, pos.trump)
    trumps = {pos.trump}
    if pos.trump is None and pos.done == 0:  # his lead may fix trumps (NAP-PLAY-1)
        trumps |= {rules.trump_after(m, None) for m in moves}
    for trump in trumps - {None}:
        if any(suit_of(o) == trump for o in cards_in(out)) and any(suit_of(c) != trump for c in cards_in(hand)):
            return False
    return True


def next_play(deal: Deal, claimant: int) -> Any:
    """The next action of a claimed deal: the claimant's card on the solver's line (a move that keeps every
    remaining trick his), another seat's by its sensible player (the claim holds whatever it plays)."""
    seat = deal.to_act
    assert seat is not None, "the claimed deal is in its play"
    view = deal.view(seat)
    if seat != claimant:
        return kit(deal).sensible(random.Random(0)).choose(view)
    _rules, pos, solver = _solved(deal, claimant)
    keeps = solver.moves_at_least(pos, pos.remaining)
    solve = kit(deal).solve
    plays = [a for a in view.legal if a.verb == "play"]
    for move, holds in sorted(keeps.items()):
        if holds:
            found = next((a for a in plays if solve.move_of(a) == move), None)
            if found is not None:
                return found
    # the claim was certain, so a move keeps it; the card alone where the rules offer it in one way only
    move = next(m for m, holds in keeps.items() if holds)
    return next(a for a in plays if card_of_move(solve.move_of(a)) == card_of_move(move))
