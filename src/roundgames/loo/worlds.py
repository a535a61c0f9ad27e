"""Where Three-card, Five-card and Irish Loo's cards lie, what a seat has seen of them and which hand each other
seat plays: what the resampler of the search bots (:mod:`roundgames.bots.worlds`) and of the research adapters
needs to redraw the cards a seat has not seen.

The places: each seat's dealt hand, the miss and the turn-up; in Five-card and Irish Loo each position of the
stock (0 is the top card), from which an exchange draws (LOO5-2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..core.cards import Card, cards_in, format_cards
from .actions import Decl, Kind, LooAction
from .deal import LooDeal, Phase

__all__ = ["Place", "card_played", "deal_places", "known_places", "new_deal_like", "place_cards", "plan", "rechosen"]

#: a place cards are dealt to: ``("hand", seat)``, ``("miss", 0)``, ``("turnup", 0)`` or ``("stock", position)``
Place = tuple[str, int]


def _looked(deal: LooDeal, seat: int) -> bool:
    """Whether ``seat`` has looked at its own hand (LOO-DECL-1: at its turn to declare, or after it)."""
    return deal.phase is not Phase.DECLARE or deal.decls[seat] is not Decl.NONE or deal.to_act == seat


# -- the places of the cards --------------------------------------------------------------------------


def place_cards(deal: LooDeal) -> dict[Place, list[Card]]:
    """The cards of each place as dealt, by card int."""
    out: dict[Place, list[Card]] = {("hand", s): list(cards_in(deal.dealt[s])) for s in deal.order}
    out[("miss", 0)] = list(cards_in(deal.miss))
    out[("turnup", 0)] = [deal.turnup]
    for i, c in enumerate(getattr(deal, "dealt_stock", ())):  # Five-card and Irish Loo (LOO5-1)
        out[("stock", i)] = [c]
    return out


def new_deal_like(deal: LooDeal) -> LooDeal:
    """An undealt deal of the same table as ``deal``: rules, seats, dealer, pool, kind, a dealer sitting out."""
    return type(deal)(deal.rules, deal.seats, deal.dealer, deal.ledger.start, deal.kind, dealer_out=deal.dealer_out)


def deal_places(template: LooDeal, cards: Mapping[Place, Sequence[Card]]) -> LooDeal:
    """A new deal of ``template``'s table dealt with ``cards`` by place (through ``deal_cards``), no action taken."""
    new = new_deal_like(template)
    stock = [cards[("stock", i)][0] for i in range(sum(1 for p in cards if p[0] == "stock"))]
    hands = {s: cards[("hand", s)] for s in new.order}
    new.deal_cards(hands, cards.get(("miss", 0), []), cards[("turnup", 0)][0], stock=stock)
    return new


# -- what a seat has seen, and the hands the others play ---------------------------------------------


def known_places(deal: LooDeal, seat: int) -> list[Place]:
    """The places whose cards ``seat`` has seen: the turn-up, its own hand once it has looked (every hand in
    Peel's face-up single, LOO-SGL-1), the miss if it took it, the cards of the stock it drew (LOO5-2)."""
    out: list[Place] = [("turnup", 0)]
    if deal.kind is Kind.SINGLE:
        out += [("hand", s) for s in deal.order]
    elif _looked(deal, seat):
        out.append(("hand", seat))
    if deal.miss_holder == seat:
        out.append(("miss", 0))
    top = 0  # the next card of the stock
    for a in deal.log:
        if a.verb == "exchange":
            count = len((a.arg or "").split())
            if a.seat == seat:
                out += [("stock", i) for i in range(top, top + count)]
            top += count
    return out


def plan(
    deal: LooDeal, seat: int, slots: Mapping[Place, list[int]], rng: random.Random
) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Each other seat's playing hand as slots: the miss for the seat that took it (or defended with it), else
    its dealt hand, followed through its exchange (LOO5-2): the cards it put out, which nobody saw, are chosen
    again at random, and it holds the slots of the stock it drew."""
    hand = {
        p: list(slots[("miss", 0)] if deal.decls[p] in (Decl.MISS, Decl.DEFEND) else slots[("hand", p)])
        for p in deal.order
    }
    choices: dict[int, list[int]] = {}
    top = 0
    for i, a in enumerate(deal.log):
        if a.verb != "exchange":
            continue
        count = len((a.arg or "").split())
        drawn = [slots[("stock", j)][0] for j in range(top, top + count)]
        top += count
        if a.seat != seat:
            out = rng.sample(hand[a.seat], count)
            hand[a.seat] = [s for s in hand[a.seat] if s not in out] + drawn
            choices[i] = out
    return {p: h for p, h in hand.items() if p != seat}, choices


def card_played(action: LooAction) -> Card:
    """The card of a ``play`` action."""
    assert action.card is not None
    return action.card


def rechosen(action: LooAction, cards: tuple[Card, ...]) -> LooAction:
    """The action with its private cards chosen again: the cards an exchange put out (LOO5-2)."""
    if action.verb == "exchange":
        return LooAction(action.seat, action.verb, None, format_cards(cards))
    return action
