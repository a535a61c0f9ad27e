"""Three-card Loo's deals for the research adapters: the places its cards are dealt to, what a seat has seen of
them and which hand each other seat plays (for :mod:`.resample`), and a one-deal game's parameters, bounds and
length (for :mod:`.openspiel`). :mod:`.games` chooses this module for a Loo deal.

The places: each seat's dealt hand, the miss and the turn-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..loo.actions import Kind
from ..loo.deal import LooDeal
from ..loo.rules import LooRules
from ..loo.worlds import card_played, deal_places, known_places, new_deal_like, place_cards, plan, rechosen

__all__ = [
    "PARAMS",
    "SPIEL_NAMES",
    "bounds",
    "card_played",
    "deal_places",
    "game_length",
    "known_places",
    "loo_bounds",
    "new_deal_like",
    "place_cards",
    "plan",
    "rechosen",
    "template",
]


# -- a one-deal game (OpenSpiel) ----------------------------------------------------------------------

#: the game's name, title and seats for OpenSpiel: Loo takes 3 to 12 seats (9 with a 32-card pack, LOO-GEN-1)
SPIEL_NAMES = ("python_loo", "Three-card Loo (roundgames)", 3, 12)
#: the game's parameters and their defaults (beside ``players``, ``preset``, ``options`` and ``dealer``)
PARAMS: dict[str, Any] = {"players": 5, "preset": "peel", "options": "{}", "dealer": 0, "pool": 0, "kind": "regular"}


def template(rules: LooRules, params: Mapping[str, Any]) -> LooDeal:
    """The undealt deal of a game's parameters (the engine checks them)."""
    kind = Kind(str(params["kind"]))
    return LooDeal(rules, int(params["players"]), int(params["dealer"]), int(params["pool"]), kind)


def loo_bounds(rules: LooRules, players: int, pool: int, kind: Kind | str) -> tuple[int, int]:
    """The least and the most a seat can net in one Loo deal, in counters.

    Money comes into the deal's pool from the dealer's stake D and, with ``ante: all`` outside a single,
    an ante A from every other seat; the pool so made, ``pot = pool + D + (players - 1) A``, is all a seat
    can take (LOO-SET-1/2, LOO-DECL-7/9, LOO-SGL-2), less its own stake, at least ``min(D, A)`` (0 with
    no ante). A seat pays its stake (D or A) and at most one loo into the next pool: the loo L
    (limited), the whole pot (unlimited), ``min(pot, loo_cap)`` (mixed), or the single's forfeit S in
    Peel's single (LOO-STK-*, LOO-SET-3, LOO-SGL-4). So ``-(max(D, A) + loo) <= net <= pot - min(D, A)``.
    """
    kind = Kind(kind)
    s = rules.stakes
    ante = s.ante if rules.ante == "all" and kind is not Kind.SINGLE else 0
    pot = pool + s.deal + (players - 1) * ante
    loo = s.single if kind is Kind.SINGLE else rules.loo_amount(pot)
    return -(max(s.deal, ante) + loo), pot - min(s.deal, ante)


def bounds(deal: LooDeal) -> tuple[int, int]:
    """The least and the most a seat can net in ``deal`` (:func:`loo_bounds`)."""
    return loo_bounds(deal.rules, deal.n, deal.ledger.start, deal.kind)


def game_length(deal: LooDeal) -> int:
    """The most player actions in ``deal``: each seat dealt cards declares once, then plays at most three cards
    (LOO-DECL-1, LOO-PLAY-9); Peel's single is settled on the deal."""
    return 0 if deal.kind is Kind.SINGLE else 4 * len(deal.order)
