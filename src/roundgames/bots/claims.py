"""Claiming the remaining tricks: when a seat may claim, whether its claim is evident from its own view, how a bot
answers a claim from its own view, and the cards that play an accepted claim out.

A player whose turn it is to play a card may claim every trick still to be played, as at a real table where he
lays his cards face up (:func:`why_not`: nothing in that depends on a card he cannot see, so that being allowed to
claim tells him nothing). A claim is **evident** when it holds in every layout of the cards the claimant cannot
see, so that the others need not be asked: here, when he is on lead, every card he holds is the highest still out
of its suit, and no card that could win a trick of his (a trump, or a card the rules name by itself, such as Pam)
is out against him. The test is sound, not complete: a claim it does not call evident is put to the others.

Each bot answers a claim put to it from its own view (:func:`accepts`): it accepts when the claimant takes every
trick in every world its seat can imagine, with the claimant's cards face up, the exact open-card solver
(:class:`~roundgames.bots.solver.Solver`) judging each world (:func:`certain`); the worlds are every layout of the
cards it cannot see when they are few, else a fixed number drawn by the search bots' sampler
(:class:`~roundgames.bots.worlds.Resampler`), seeded by the moment of the deal so that the answer is reproducible.

A claimed deal is played out as real actions, so that its record, the referee's ruling and the score sheet are
those of a deal played to the end: the claimant's cards by the solver's line, the others' conceding
(:func:`next_play`); where even the others' help cannot give him every trick, the claim lapses (:func:`next_play`
returns None) and play goes on.

Nothing here knows which game it plays: each game's part comes through :func:`~roundgames.bots.games.kit`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from math import comb
from typing import Any, Final

from ..core.cards import cards_in, rank_of, suit_of
from ..games.protocol import Deal, Stage
from .games import kit, searches
from .search import DEFAULT_SAMPLES, SAMPLES
from .solver import Position, Solver, card_of_move
from .worlds import ResampleError, Resampler

__all__ = ["ENUMERATE", "HOUSE_RULE", "accepts", "certain", "evident", "next_play", "tricks_claimed", "why_not"]

#: the house's rule on claims, in words (no law of the games' own covers a claim)
HOUSE_RULE: Final = (
    "the house's rule on claims: a player may claim the remaining tricks at his turn to play a card; a claim that "
    "does not hold in every layout of the cards he cannot see is put to the others, and stands only if all accept"
)
#: the most layouts of the unseen cards a bot judges one by one before it draws worlds instead
ENUMERATE: Final = 400

_FULL: Final = (1 << 52) - 1


def why_not(deal: Deal, seat: int) -> str | None:
    """Why ``seat`` may not claim at all now, or None: it is not his turn to play a card, a law of table mode is in
    force in the deal (its penalties are outside the solver), or the game's bots do not play it. Each is public,
    so that whether a seat may claim tells it nothing of the cards it cannot see."""
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
    open); False where he may not claim at all (:func:`why_not`). It reads every hand: the bots judge a claim by
    it in the worlds they imagine (:func:`accepts`), never the table in the deal itself."""
    if why_not(deal, seat) is not None:
        return False
    _rules, pos, solver = _solved(deal, seat)
    return solver.at_least(pos, pos.remaining)


def evident(deal: Deal, seat: int) -> bool:
    """Whether the claim of ``seat`` holds in every layout of the cards he cannot see (so nobody need be asked),
    read from his view alone: he may claim, he is on lead, and every card he holds beats every card still out in
    its suit, with no trump and no card the rules name by themselves out against him
    (:mod:`this module <roundgames.bots.claims>`)."""
    if why_not(deal, seat) is not None:
        return False
    rules, pos = kit(deal).solve.position(deal)
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


def accepts(deal: Deal, seat: int, claimant: int) -> bool:
    """Whether the bot of ``seat`` accepts the claim of ``claimant``: he takes every remaining trick in every
    world the bot can imagine (:mod:`this module <roundgames.bots.claims>`), the claimant's cards face up. The
    answer reads the bot's own cards, as a person's does, and no other hidden hand: the worlds are every layout
    of the cards it cannot see when there are at most :data:`ENUMERATE`, else the search bots' number of worlds
    (``BotParts.samples``) drawn by their sampler, seeded by the moment of the deal."""
    drawing = Resampler(deal, seat)
    exposed = deal.hands[claimant]
    # the claimant's cards lie face up: for the bot they are held as surely as the cards he has played
    drawing.played_by.setdefault(claimant, []).extend(cards_in(exposed & drawing.unseen))
    drawing.unseen &= ~exposed
    drawing.unseen_cards = list(cards_in(drawing.unseen))
    rules, pos = kit(deal).solve.position(deal)
    layouts = _layouts(pos, drawing, (seat, claimant))
    if layouts is not None:
        solver = Solver(rules, 1 << claimant)
        return all(solver.at_least(world, world.remaining) for world in layouts)
    rng = random.Random(f"claim {deal.game.name} {claimant} {seat} {len(deal.log)}")
    worlds = SAMPLES.get(deal.game.name, DEFAULT_SAMPLES)
    try:
        return all(certain(drawing.draw(rng), claimant) for _ in range(worlds))
    except ResampleError:  # no world it can imagine was found: it cannot see the claim hold
        return False


def _layouts(pos: Position, drawing: Resampler, seen: tuple[int, int]) -> Iterator[Position] | None:
    """Every open-card position the bot's seat can imagine (the cards it has not seen dealt in every way among
    the other hands in play, none to a hand whose play showed it cannot hold it), or None where there are more
    than :data:`ENUMERATE`. The count of cards each hand holds, and the cards the seat knows it holds, are
    public; the cards left over are out of play."""
    others = [s for s in pos.seats if s not in seen]
    unseen = drawing.unseen
    sizes = [int.bit_count(pos.hands[s] & unseen) for s in others]
    count, pool = 1, int.bit_count(unseen)
    for size in sizes:
        count *= comb(pool, size)
        pool -= size
    if count > ENUMERATE:
        return None

    def deal_out(i: int, left: int, hands: list[int]) -> Iterator[Position]:
        if i == len(others):
            yield replace(pos, hands=hands, trick=list(pos.trick), won=list(pos.won))
            return
        s = others[i]
        allowed = [c for c in cards_in(left) if not drawing.forbidden.get(s, 0) >> c & 1]
        for chosen in combinations(allowed, sizes[i]):
            mask = sum(1 << c for c in chosen)
            new = list(hands)
            new[s] = (pos.hands[s] & ~unseen) | mask
            yield from deal_out(i + 1, left & ~mask, new)

    return deal_out(0, unseen, list(pos.hands))


def next_play(deal: Deal, claimant: int) -> Any | None:
    """The next action of an accepted claim: the claimant's card on the solver's line (a move that keeps every
    remaining trick his whatever the others play, where there is one), the others' conceding (the solver with
    every seat on his side: a move that lets him take every trick); None where no line gives him every trick,
    the cards forbidding it, and the claim lapses."""
    seat = deal.to_act
    assert seat is not None, "the claimed deal is in its play"
    view = deal.view(seat)
    rules, pos = kit(deal).solve.position(deal)
    keeps: dict[int, bool] = {}
    if seat == claimant:
        keeps = Solver(rules, 1 << claimant).moves_at_least(pos, pos.remaining)
    if not any(keeps.values()):
        everyone = sum(1 << s for s in pos.seats)
        keeps = Solver(rules, everyone, count=1 << claimant).moves_at_least(pos, pos.remaining)
    if not any(keeps.values()):
        return None
    solve = kit(deal).solve
    plays = [a for a in view.legal if a.verb == "play"]
    for move, holds in sorted(keeps.items()):
        if holds:
            found = next((a for a in plays if solve.move_of(a) == move), None)
            if found is not None:
                return found
    # a move keeps it; the card alone where the rules offer it in one way only
    move = next(m for m, holds in keeps.items() if holds)
    return next(a for a in plays if card_of_move(solve.move_of(a)) == card_of_move(move))


def tricks_claimed(n: int) -> str:
    """What a claim of ``n`` tricks claims, in the words every table says it: ``"the remaining 3 tricks"``."""
    return "the last trick" if n == 1 else f"the remaining {n} tricks"
