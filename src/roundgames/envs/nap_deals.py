"""Nap's deals for the research adapters: the places its cards are dealt to, what a seat has seen of them and
which hand each other seat plays (for :mod:`.resample`), and a one-deal game's parameters, bounds and length
(for :mod:`.openspiel`). :mod:`.games` chooses this module for a Nap deal.

The places: each seat's dealt hand, the spare hand, the widow and each position of the stock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Card, cards_in
from ..nap.actions import NapAction
from ..nap.calls import CALLS, option_problem, pay_table
from ..nap.rules import NapRules
from ..nap.variants import NapDeal
from ._common import Place

__all__ = [
    "PARAMS",
    "SPIEL_NAMES",
    "bounds",
    "card_played",
    "deal_places",
    "game_length",
    "known_places",
    "nap_bounds",
    "new_deal_like",
    "place_cards",
    "plan",
    "rechosen",
    "template",
]


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


# -- a one-deal game (OpenSpiel) ----------------------------------------------------------------------

#: the game's name, title and seats for OpenSpiel: Nap takes 2 to 6 seats, or 7 (NAP-GEN-1)
SPIEL_NAMES = ("python_nap", "Nap (roundgames)", 2, 7)
#: the game's parameters and their defaults
PARAMS: dict[str, Any] = {"players": 4, "preset": "peel", "options": "{}", "dealer": 0, "kitty": 0, "multiplier": 1}


def template(rules: NapRules, params: Mapping[str, Any]) -> NapDeal:
    """The undealt deal of a game's parameters (the engine checks them)."""
    n, dealer = int(params["players"]), int(params["dealer"])
    return NapDeal(rules, n, dealer, int(params["kitty"]), int(params["multiplier"]))


def nap_bounds(rules: NapRules, players: int, kitty: int, multiplier: int) -> tuple[int, int]:
    """The least and the most a seat can net in one Nap deal, in counters.

    The senior hand is paid, or pays, the table's units for his call by every other seat (§6.5,
    :func:`~roundgames.nap.pay_table`), times the unit and the multiplier, twice over when he fails
    with Sir Garnet's spare hand; an opponent pays or is paid one such share. With a kitty, a made Nap
    (or higher) takes the whole kitty (§14.14): the kitty brought in, the dealer's unit, a unit per peep
    (one each), a unit per card bought (five each at most, never more than the stock); and a seat pays
    into it at most the dealer's unit, a peep, five bought cards and Peel's two-trick fine for a failed
    spare hand. The calls counted are those the rules allow (misery, Wellington, Blücher, the lowest
    numbered call).
    """
    u, m = rules.stakes.unit, multiplier
    deal = NapDeal(rules, players)  # only for the seats that take part and the stock's size
    table = pay_table(rules)
    calls = [c for c in CALLS if option_problem(rules, c) is None]  # Blücher needs a Wellington before it
    calls = [c for c in calls if c != "blucher" or "wellington" in calls]
    won = max(table[c][0] for c in calls)
    lost = max(table[c][1] for c in calls) * (2 if rules.spare_hand == "sir_garnet" else 1)
    hands = len(deal.order)
    stock = 0
    if rules.purchase or rules.nap_top_card:
        stock = rules.pack - 5 * hands - (5 if rules.spare_hand != "off" else 0) - (1 if rules.peep else 0)
    bought = min(5 * hands, stock) if rules.purchase else 0
    kitty_in = (kitty + u + (hands * u if rules.peep else 0) + bought * u) if rules.has_kitty else 0
    pays_in = (
        (u if rules.has_kitty else 0)
        + (u if rules.peep else 0)
        + (min(5, stock) * u if rules.purchase else 0)
        + (2 * u if rules.spare_hand == "peel" else 0)
    )
    most = max((players - 1) * won * u * m + kitty_in, lost * u * m)
    least = -(max((players - 1) * lost, won) * u * m + pays_in)
    return least, most


def bounds(deal: NapDeal) -> tuple[int, int]:
    """The least and the most a seat can net in ``deal`` (:func:`nap_bounds`)."""
    return nap_bounds(deal.rules, deal.n, deal.ledger.start, deal.multiplier)


def game_length(deal: NapDeal) -> int:
    """The most player actions in ``deal``: a buy each (purchase), a call or pass each plus a peep each, a raise
    or pass for each of the two challenges (Wellington, Blücher), the widow and the top card, five cards each."""
    rules, hands = deal.rules, len(deal.order)
    return (
        hands * (1 if rules.purchase else 0)
        + hands * (2 if rules.peep else 1)
        + (2 if rules.nap_challenge else 0)
        + (1 if rules.peep else 0)
        + (1 if rules.nap_top_card else 0)
        + 5 * hands
    )
