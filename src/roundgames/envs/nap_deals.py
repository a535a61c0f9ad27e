"""Nap's deals for the research adapters: the places its cards are dealt to, what a seat has seen of them and
which hand each other seat plays (for :mod:`.resample`), and a one-deal game's parameters, bounds and length
(for :mod:`.openspiel`). :mod:`.games` chooses this module for a Nap deal.

The places: each seat's dealt hand, the spare hand, the widow and each position of the stock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..nap.calls import CALLS, option_problem, pay_table
from ..nap.laws import BIC_REVOKE_FINE
from ..nap.rules import NapRules
from ..nap.variants import NapDeal
from ..nap.worlds import card_played, deal_places, known_places, new_deal_like, place_cards, plan, rechosen
from ._common import flag

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


# -- a one-deal game (OpenSpiel) ----------------------------------------------------------------------

#: the game's name, title and seats for OpenSpiel: Nap takes 2 to 6 seats, or 7 (NAP-GEN-1)
SPIEL_NAMES = ("python_nap", "Nap (roundgames)", 2, 7)
#: the game's parameters and their defaults
PARAMS: dict[str, Any] = {
    "players": 4,
    "preset": "peel",
    "options": "{}",
    "dealer": 0,
    "kitty": 0,
    "multiplier": 1,
    "table_mode": False,
}


def template(rules: NapRules, params: Mapping[str, Any]) -> NapDeal:
    """The undealt deal of a game's parameters (the engine checks them)."""
    n, dealer = int(params["players"]), int(params["dealer"])
    deal = NapDeal(rules, n, dealer, int(params["kitty"]), int(params["multiplier"]))
    deal.table_mode = flag(params.get("table_mode", False), "table_mode", "the laws apply, RULES.md §8")
    return deal


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
    """The least and the most a seat can net in ``deal`` (:func:`nap_bounds`). In table mode an opponent who
    revokes pays the senior hand's winnings for every opponent (NAP-LAW-6), or under the BIC fines a fine into
    the kitty, which a made Nap may then take (one irregular action a seat, :mod:`._turns`)."""
    rules, n = deal.rules, deal.n
    low, high = nap_bounds(rules, n, deal.ledger.start, deal.multiplier)
    if deal.table_mode:
        u = rules.stakes.unit
        table = pay_table(rules)
        share = max(max(won, lost) for won, lost in table.values()) * u * deal.multiplier
        low -= (n - 1) * share + BIC_REVOKE_FINE * u
        high += n * BIC_REVOKE_FINE * u
    return low, high


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
    ) + (hands * (5 * hands + 1) if deal.table_mode else 0)  # one irregular action a seat; a revoke may replay
