"""Where Three-card, Five-card and Irish Loo's cards lie, what a seat has seen of them and which hand each other
seat plays: what the resampler of the search bots (:mod:`roundgames.bots.worlds`) and of the research adapters
needs to redraw the cards a seat has not seen.

The places: each seat's dealt hand, the miss and the turn-up.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..core.cards import Card, cards_in
from .actions import Decl, Kind, LooAction
from .deal import LooDeal, Phase

__all__ = ["Place", "card_played", "deal_places", "known_places", "new_deal_like", "place_cards", "plan", "rechosen"]

#: a place cards are dealt to: ``("hand", seat)``, ``("miss", 0)`` or ``("turnup", 0)``
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
    return out


def new_deal_like(deal: LooDeal) -> LooDeal:
    """An undealt deal of the same table as ``deal``: rules, seats, dealer, pool, kind, a dealer sitting out."""
    return LooDeal(deal.rules, deal.seats, deal.dealer, deal.ledger.start, deal.kind, dealer_out=deal.dealer_out)


def deal_places(template: LooDeal, cards: Mapping[Place, Sequence[Card]]) -> LooDeal:
    """A new deal of ``template``'s table dealt with ``cards`` by place (through ``deal_cards``), no action taken."""
    new = new_deal_like(template)
    new.deal_cards({s: cards[("hand", s)] for s in new.order}, cards.get(("miss", 0), []), cards[("turnup", 0)][0])
    return new


# -- what a seat has seen, and the hands the others play ---------------------------------------------


def known_places(deal: LooDeal, seat: int) -> list[Place]:
    """The places whose cards ``seat`` has seen: the turn-up, its own hand once it has looked (every hand in
    Peel's face-up single, LOO-SGL-1), the miss if it took it."""
    out: list[Place] = [("turnup", 0)]
    if deal.kind is Kind.SINGLE:
        out += [("hand", s) for s in deal.order]
    elif _looked(deal, seat):
        out.append(("hand", seat))
    if deal.miss_holder == seat:
        out.append(("miss", 0))
    return out


def plan(
    deal: LooDeal, seat: int, slots: Mapping[Place, list[int]], rng: random.Random
) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Each other seat's playing hand as slots: the miss for the seat that took it (or defended with it), else
    its dealt hand; and no private choice to draw again."""
    playing = {
        p: slots[("miss", 0)] if deal.decls[p] in (Decl.MISS, Decl.DEFEND) else slots[("hand", p)]
        for p in deal.order
        if p != seat
    }
    return playing, {}


def card_played(action: LooAction) -> Card:
    """The card of a ``play`` action."""
    assert action.card is not None
    return action.card


def rechosen(action: LooAction, cards: tuple[Card, ...]) -> LooAction:
    """The action with its private cards chosen again: no Loo action has any (:func:`plan` draws none)."""
    return action
