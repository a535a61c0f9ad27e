"""One-trick's deals for the research environments (the :class:`roundgames.envs.games.Deals` skeleton): each
seat's hand is a place; a one-deal OpenSpiel game's parameters and bounds."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from roundgames.core.cards import Card, cards_in

from .deal import OneTrickAction, OneTrickDeal
from .rules import OneTrickRules

__all__ = [
    "PARAMS",
    "SPIEL_NAMES",
    "bounds",
    "card_played",
    "deal_places",
    "game_length",
    "known_places",
    "new_deal_like",
    "place_cards",
    "plan",
    "rechosen",
    "template",
]

Place = tuple[str, int]

#: OpenSpiel's names of the one-deal game, and its seats (ONE-GEN-1)
SPIEL_NAMES = ("python_onetrick", "One-trick (roundgames tests)", 2, 6)
#: the one-deal game's parameters, with their defaults
PARAMS: dict[str, Any] = {"players": 4, "preset": "plain", "options": "{}", "dealer": 0, "pool": 0}


def place_cards(deal: OneTrickDeal) -> dict[Place, list[Card]]:
    """Each seat's card as dealt."""
    return {("hand", s): list(cards_in(deal.dealt[s])) for s in deal.order}


def new_deal_like(deal: OneTrickDeal) -> OneTrickDeal:
    """An undealt deal of the same table."""
    return OneTrickDeal(deal.rules, deal.seats, deal.dealer, deal.ledger.start)


def deal_places(template: OneTrickDeal, cards: Mapping[Place, Sequence[Card]]) -> OneTrickDeal:
    """A new deal of ``template``'s table dealt with ``cards`` by place."""
    new = new_deal_like(template)
    new.deal_cards({s: list(cards[("hand", s)]) for s in new.order})
    return new


def known_places(deal: OneTrickDeal, seat: int) -> list[Place]:
    """A seat has seen its own card (the cards played are public through the log)."""
    return [("hand", seat)]


def plan(
    deal: OneTrickDeal, seat: int, slots: Mapping[Place, list[int]], rng: random.Random
) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Each other seat plays the hand it was dealt; nobody chooses anything privately."""
    return {p: list(slots[("hand", p)]) for p in deal.order if p != seat}, {}


def card_played(action: OneTrickAction) -> Card:
    """The card of a ``play``."""
    return action.card


def rechosen(action: OneTrickAction, cards: tuple[Card, ...]) -> OneTrickAction:
    """Nothing is chosen privately: the action as it was."""
    return action


def template(rules: OneTrickRules, params: Mapping[str, Any]) -> OneTrickDeal:
    """The undealt deal of a one-deal game's parameters (the deal checks them)."""
    return OneTrickDeal(rules, int(params["players"]), int(params["dealer"]), int(params["pool"]))


def bounds(deal: OneTrickDeal) -> tuple[int, int]:
    """A seat loses its stake at most, and wins everyone else's and the pot brought in."""
    stake = deal.rules.stakes.stake
    return -stake, (deal.n - 1) * stake + deal.ledger.start


def game_length(deal: OneTrickDeal) -> int:
    """One card a seat."""
    return deal.n
