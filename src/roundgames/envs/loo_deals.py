"""Loo's deals for the research adapters, every form: the places its cards are dealt to, what a seat has seen of
them and which hand each other seat plays (for :mod:`.resample`), and a one-deal game's parameters, bounds and
length (for :mod:`.openspiel`). :mod:`.games` chooses this module for a Loo deal.

The places: each seat's dealt hand, the miss and the turn-up; in Five-card and Irish Loo each position of the
stock (LOO5-1, LOOI-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..loo.actions import Kind
from ..loo.deal import LooDeal
from ..loo.rules import LooRules
from ..loo.worlds import card_played, deal_places, known_places, new_deal_like, place_cards, plan, rechosen
from ._common import flag

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

#: the game's name, title and seats for OpenSpiel: Loo takes 3 to 12 seats (9 with a 32-card pack, LOO-GEN-1; 10
#: in Five-card Loo, LOO5-1)
SPIEL_NAMES = ("python_loo", "Loo (roundgames): Three-card, Five-card or Irish", 3, 12)
#: the game's parameters and their defaults (beside ``players``, ``preset``, ``options`` and ``dealer``)
PARAMS: dict[str, Any] = {
    "players": 5,
    "preset": "peel",
    "options": "{}",
    "dealer": 0,
    "pool": 0,
    "kind": "regular",
    "table_mode": False,
}


def template(rules: LooRules, params: Mapping[str, Any]) -> LooDeal:
    """The undealt deal of a game's parameters (the engine checks them)."""
    kind = Kind(str(params["kind"]))
    deal = LooDeal(rules, int(params["players"]), int(params["dealer"]), int(params["pool"]), kind)
    deal.table_mode = flag(params.get("table_mode", False), "table_mode", "the laws apply, RULES.md §5")
    return deal


def loo_bounds(rules: LooRules, players: int, pool: int, kind: Kind | str) -> tuple[int, int]:
    """The least and the most a seat can net in one Loo deal, in counters.

    Money comes into the deal's pool from the dealer's stake D and, with ``ante: all`` outside a single,
    an ante A from every other seat; the pool so made, ``pot = pool + D + (players - 1) A``, is all a seat
    can take (LOO-SET-1/2, LOO-DECL-7/9, LOO-SGL-2), less its own stake, at least ``min(D, A)`` (0 with
    no ante). A seat pays its stake (D or A) and at most one loo into the next pool: the loo L
    (limited), the whole pot (unlimited), ``min(pot, loo_cap)`` (mixed), or the single's forfeit S in
    Peel's single (LOO-STK-*, LOO-SET-3, LOO-SGL-4). So ``-(max(D, A) + loo) <= net <= pot - min(D, A)``.
    Where flushes count (Five-card Loo, Irish under ``irish_flush``) the best flush takes the pot and a loo
    from each other seat instead, and each of them pays one loo at most (LOO5-6, §14.25): the most is then
    ``pot - min(D, A) + (players - 1) loo``.
    """
    kind = Kind(kind)
    s = rules.stakes
    ante = s.ante if rules.ante == "all" and kind is not Kind.SINGLE else 0
    pot = pool + s.deal + (players - 1) * ante
    loo = s.single if kind is Kind.SINGLE else rules.loo_amount(pot)
    flushes = rules.form == "five_card" or (rules.form == "irish" and rules.irish_flush)
    return -(max(s.deal, ante) + loo), pot - min(s.deal, ante) + (players - 1) * loo * flushes


def bounds(deal: LooDeal) -> tuple[int, int]:
    """The least and the most a seat can net in ``deal`` (:func:`loo_bounds`). In table mode a seat may also pay
    one penalty, a full loo at most (LOO-LAW-10..17, LOO-LAW-19; one irregular action a seat, :mod:`._turns`);
    what an offender would have won is carried to the next pool (§14.6), so nobody can win more."""
    low, high = loo_bounds(deal.rules, deal.n, deal.ledger.start, deal.kind)
    if deal.table_mode:
        low -= deal.rules.loo_amount(high + deal.rules.stakes.deal)  # the pot is at most high + the dealer's stake
    return low, high


def game_length(deal: LooDeal) -> int:
    """The most player actions in ``deal``: each seat dealt cards declares once, then plays at most a card a
    trick (LOO-DECL-1, LOO-PLAY-9, LOO5-5); where flushes count, each is offered the chance to show one before
    the first lead, or shows it (LOO5-6; :mod:`._turns`). Peel's single is settled on the deal."""
    if deal.kind is Kind.SINGLE:
        return 0
    hands = len(deal.order)
    length = hands * (1 + deal.trick_count + int(deal.has_flushes))
    if deal.table_mode:  # one irregular action a seat, each of which may order the play again, and its demand
        length += hands * (hands * deal.trick_count + 2)
    return length
