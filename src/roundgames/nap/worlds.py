"""Where Nap's cards lie, what a seat has seen of them and which hand each other seat plays: what the resampler of
the search bots (:mod:`roundgames.bots.worlds`) and of the research adapters needs to redraw the cards a seat has
not seen.

The places: each seat's dealt hand, the spare hand, the widow and each position of the stock (0 is the top card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..core.cards import Card, cards_in
from .actions import NapAction
from .variants import NapDeal

__all__ = ["Place", "card_played", "deal_places", "known_places", "new_deal_like", "place_cards", "plan", "rechosen"]

#: a place cards are dealt to: ``("hand", seat)``, ``("spare", 0)``, ``("widow", 0)`` or ``("stock", position)``
Place = tuple[str, int]


# -- the places of the cards --------------------------------------------------------------------------


def place_cards(deal: NapDeal) -> dict[Place, list[Card]]:
    """The cards of each place as dealt, hands and the spare hand by card int, the stock in its order."""
    out: dict[Place, list[Card]] = {("hand", s): list(cards_in(deal.dealt[s])) for s in deal.order}
    if deal.dealt_spare:
        out[("spare", 0)] = list(cards_in(deal.dealt_spare))
    if deal.dealt_widow is not None:
        out[("widow", 0)] = [deal.dealt_widow]
    for i, c in enumerate(deal.dealt_stock):
        out[("stock", i)] = [c]
    return out


def new_deal_like(deal: NapDeal) -> NapDeal:
    """An undealt deal of the same table as ``deal``: rules, seats, dealer, kitty and stake multiplier."""
    return NapDeal(deal.rules, deal.seats, deal.dealer, deal.ledger.start, deal.multiplier)


def deal_places(template: NapDeal, cards: Mapping[Place, Sequence[Card]]) -> NapDeal:
    """A new deal of ``template``'s table dealt with ``cards`` by place (through ``deal_cards``), no action taken."""
    new = new_deal_like(template)
    hands = {s: cards[("hand", s)] for s in new.order}
    stock = [cards[("stock", i)][0] for i in range(len([p for p in cards if p[0] == "stock"]))]
    widow = cards.get(("widow", 0))
    new.deal_cards(hands, stock=stock, widow=widow[0] if widow else None, spare=cards.get(("spare", 0), []))
    return new


# -- what a seat has seen, and the hands the others play ---------------------------------------------


def known_places(deal: NapDeal, seat: int) -> list[Place]:
    """The places whose cards ``seat`` has seen: its own hand, the widow once peeped or taken, the spare hand if
    it took it, the stock cards it bought or took."""
    out: list[Place] = []
    if seat in deal.order:
        out.append(("hand", seat))
    if seat in deal.peeped:
        out.append(("widow", 0))
    top = 0  # the next card of the stock
    for a in deal.log:
        if a.verb == "buy":
            if a.seat == seat:
                out += [("stock", i) for i in range(top, top + len(a.cards))]
            top += len(a.cards)
        elif a.verb == "topcard":
            if a.seat == seat:
                out.append(("stock", top))
            top += 1
        elif a.verb == "widow" and a.seat == seat:
            out.append(("widow", 0))
        elif a.verb == "spare" and a.seat == seat:
            out.append(("spare", 0))
    return out


def plan(
    deal: NapDeal, seat: int, slots: Mapping[Place, list[int]], rng: random.Random
) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Each other seat's playing hand as slots, and the slots of its private choices by log index: a seat's hand
    is followed through its buys, the spare hand, the widow and the top card, the cards it discarded or did not
    keep being chosen again at random."""
    hand = {p: list(slots[("hand", p)]) for p in deal.order}
    choices: dict[int, list[int]] = {}
    top = 0
    for i, a in enumerate(deal.log):
        p, other = a.seat, a.seat != seat
        if a.verb == "buy":
            drawn = [slots[("stock", j)][0] for j in range(top, top + len(a.cards))]
            top += len(a.cards)
            if other:
                discards = rng.sample(hand[p], len(a.cards))
                hand[p] = [s for s in hand[p] if s not in discards] + drawn
                choices[i] = discards
        elif a.verb == "spare" and other:
            keep = rng.sample(hand[p] + slots[("spare", 0)], 5)
            hand[p] = keep
            choices[i] = keep
        elif a.verb in ("widow", "topcard"):
            extra = slots[("widow", 0)][0] if a.verb == "widow" else slots[("stock", top)][0]
            top += a.verb == "topcard"
            if other:
                pool = [*hand[p], extra]
                discard = rng.choice(pool)
                hand[p] = [s for s in pool if s != discard]
                choices[i] = [discard]
    return {p: h for p, h in hand.items() if p != seat}, choices


def card_played(action: NapAction) -> Card:
    """The card of a ``play`` action."""
    return action.cards[0]


def rechosen(action: NapAction, cards: tuple[Card, ...]) -> NapAction:
    """The action with its private cards chosen again (a buyer's discards, the five kept of the spare hand, the
    card put out for the widow or the top card)."""
    return NapAction(action.seat, action.verb, None, cards)
