"""Law tests for Irish Loo: RULES.md §4.3 (LOOI-1..3), with the option ``irish_flush``.

Irish Loo is "virtually the same as the five-card variety, except that three cards only are dealt to each
player, and Pam is unknown" (PEEL): no miss, exchanges from the stock, and otherwise the play and settlement
of §3. The preset ``irish`` stakes D = 3, L = 6 and applies club law (LOOI-2).
"""

from __future__ import annotations

import random

import pytest

from conftest import act, expect_illegal, illegal_text, legal
from roundgames import LooDeal, LooRules, RecordError, format_cards
from roundgames.core.cards import card_str, pack
from roundgames.loo.deal import Decl, Kind, Phase
from roundgames.loo.sitting import LooSitting
from roundgames.records.deal import dumps, loads, record_of, referee

IRISH = LooRules.preset("irish")
SEATS = ["P1", "P2", "P3", "P4"]


def irish(hands: dict[str, str], turnup: str, stock: str = "", *, pool: int = 0, rules: LooRules = IRISH) -> LooDeal:
    deal = LooDeal(rules, SEATS, dealer="P4", pool=pool)
    deal.deal_cards(hands, turnup=turnup, stock=stock)
    return deal


class PackOrder(random.Random):
    """A shuffle that leaves the pack in card order."""

    def shuffle(self, x: object) -> None:  # type: ignore[override]
        return None


# -- LOOI-1: three cards, no Pam, no miss; exchanges from the stock; §3 play and settlement -------------------------


def test_looi_1_three_cards_each_no_miss_the_rest_is_the_stock() -> None:
    """LOOI-1: "three cards only are dealt to each player" one at a time, the next turned up; "no miss"."""
    deal = LooDeal(IRISH, SEATS, dealer="P1")
    deal.deal(PackOrder())
    order = pack()
    for i, seat in enumerate(["P2", "P3", "P4", "P1"]):
        assert deal.dealt[SEATS.index(seat)] == sum(1 << order[i + 4 * r] for r in range(3))
    assert deal.turnup == order[12] and deal.stock == order[13:]
    assert deal.miss == 0 and "miss" not in record_of(deal).cards
    with pytest.raises(RecordError, match=r"cards\.miss"):
        LooDeal(IRISH, SEATS, dealer="P1").deal_cards(
            {"P1": "AS KS QS", "P2": "AH KH QH", "P3": "AD KD QD", "P4": "AC KC QC"}, miss="2S 3S 4S", turnup="5S"
        )


def test_looi_1_exchange_from_the_stock_as_in_five_card_loo() -> None:
    """LOOI-1: "a player is allowed to exchange cards by drawing from the stock" (LOO5-2): once, then he plays;
    ``legal`` lists every exchange of one to three of his cards."""
    deal = irish({"P1": "AS 3H 4D", "P2": "KH QH 5D", "P3": "6H 7D 8D", "P4": "9H TD 2C"}, "2S", "JS TS 9S")
    assert legal(deal) == {"P1 stand", "P1 throw"} | {
        f"P1 exchange {x}" for x in ["AS", "3H", "4D", "AS 3H", "AS 4D", "3H 4D", "AS 3H 4D"]
    }
    act(deal, "P1 exchange 3H 4D")
    assert format_cards(deal.hands[0]) == "AS JS TS"
    assert deal.decls[0] is Decl.EXCHANGE
    act(deal, "P2 throw", "P3 throw", "P4 stand")
    expect_illegal("LOO5-2", deal.throw_up, "P1")


def test_looi_1_no_pam_the_knave_of_clubs_is_an_ordinary_club() -> None:
    """LOOI-1: "Pam is unknown": the knave of clubs follows clubs and ranks below the queen; the ace of trumps is
    the highest card; nobody may say "Pam be civil"."""
    deal = irish({"P1": "2C 3H 4D", "P2": "JC 5H 5D", "P3": "QC 7H 8D", "P4": "AS TH 9D"}, "2S")
    assert deal.pam is None
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand", "P1 play 2C")
    assert legal(deal) == {"P2 play JC"}
    act(deal, "P2 play JC", "P3 play QC")
    assert legal(deal) == {"P4 play AS"}  # void in clubs: must trump
    act(deal, "P4 play AS")
    assert deal.tricks[0].winner == 3


IRISH_HANDS = {"P1": "AS 3H 4D", "P2": "KH QH 5D", "P3": "6H 7D 8D", "P4": "9H TD 2C"}
IRISH_PLAY = [
    "P1 play AS", "P2 play 5D", "P3 play 6H", "P4 play 2C",
    "P1 play 3H", "P2 play QH", "P3 play 7D", "P4 play 9H",
    "P2 play KH", "P3 play 8D", "P4 play TD", "P1 play 4D",
]  # fmt: skip


def test_looi_1_three_tricks_and_the_settlement_of_section_3() -> None:
    """LOOI-1: "Play and settlement otherwise follow §3": the ace of trumps led (LOO-PLAY-2), heading
    (LOO-PLAY-5), three shares (LOO-SET-1/2), a loo L = 6 for each stander without a trick (LOO-SET-3)."""
    deal = irish(IRISH_HANDS, "2S", pool=6)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    illegal_text(deal, "P1 play 3H", "LOO-PLAY-2")
    act(deal, *IRISH_PLAY[:5])
    # 5D is played already: a card the seat does not hold is malformed, not illegal (RULES.md §14.23)
    with pytest.raises(RecordError, match=r"does not hold it, so the action is malformed.*§14\.23"):
        deal.apply(deal.parse_action("P2 play 5D"))
    act(deal, *IRISH_PLAY[5:])
    assert [t.winner for t in deal.tricks] == [0, 1, 1]
    assert deal.net == [3, 6, -6, -9]  # pool 6 + 3 = 9, three a trick
    assert deal.looed == {2: 6, 3: 6} and deal.pool_total == 12
    assert deal.next_kind is Kind.REGULAR  # §14.5: every deal regular, loo or none


def test_looi_1_all_throw_up_to_the_dealer_who_takes_the_pool() -> None:
    """LOOI-1 with LOO-DECL-7 [D]: with no miss, all before the dealer throwing up, he takes the pool."""
    deal = irish(IRISH_HANDS, "2S", pool=6)
    act(deal, "P1 throw", "P2 throw", "P3 throw")
    assert deal.is_complete and deal.net == [0, 0, 0, 6]


def test_looi_1_every_deal_is_regular_in_a_sitting() -> None:
    """§14.5: Irish Loo has no single: a sitting deals regular deals from the first."""
    sitting = LooSitting(IRISH, 5, seed=11)
    for _ in range(4):
        deal = sitting.start_deal()
        assert deal.kind is Kind.REGULAR
        while not deal.is_complete:
            deal.apply(deal.legal_actions()[0])
        sitting.end_deal()
    assert sum(sitting.balances.values()) + sitting.pool == 0


# -- LOOI-2: club law ----------------------------------------------------------------------------------------------


def test_looi_2_club_law_all_must_play_but_may_exchange() -> None:
    """LOOI-2: "if clubs are trumps everyone must enter the game": no seat may throw up; an exchange is a way
    of playing and stays open [D]."""
    deal = irish(IRISH_HANDS, "5C", "JS TS 9S", pool=6)
    assert deal.club_law
    assert "P1 throw" not in legal(deal) and {"P1 stand", "P1 exchange 3H"} < legal(deal)
    illegal_text(deal, "P1 throw", "LOO-VAR-CLUBLAW")
    act(deal, "P1 exchange 3H", "P2 stand", "P3 stand")
    assert "P4 throw" not in legal(deal)
    act(deal, "P4 stand")
    assert deal.phase is Phase.PLAY and deal.players == (0, 1, 2, 3)


def test_looi_2_no_club_turned_up_throwing_up_is_allowed() -> None:
    """LOOI-2: club law binds only when a club is turned up."""
    deal = irish(IRISH_HANDS, "2S", "JS")
    assert not deal.club_law and "P1 throw" in legal(deal)


def test_looi_2_club_law_can_be_switched_off() -> None:
    """LOOI-2 says "usually": ``club_law: false`` lets a seat throw up with a club turned up."""
    deal = irish(IRISH_HANDS, "5C", rules=IRISH.with_options(club_law=False))
    assert "P1 throw" in legal(deal)


# -- LOOI-3: three-card flushes, only under irish_flush ------------------------------------------------------------

FLUSH = {"P1": "AS 3H 4D", "P2": "KH QH 2H", "P3": "6H 7D 8D", "P4": "9H TD 2C"}


def test_looi_3_three_card_flush_not_scored_by_default() -> None:
    """LOOI-3: "Three-card flushes are not scored by default": a flush is not shown, and the hand is played."""
    deal = irish(FLUSH, "2S", pool=6)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    illegal_text(deal, "P2 flush", "LOOI-3")
    assert all(a.verb == "play" for a in deal.legal_actions())


def test_looi_3_irish_flush_option_scores_three_of_a_suit() -> None:
    """LOOI-3, ``irish_flush``: "three cards of one suit counts as a flush under LOO5-6/7": it takes the pool
    and a loo (L = 6) from every other seat, and the hand is not played."""
    deal = irish(FLUSH, "2S", pool=6, rules=IRISH.with_options(irish_flush=True))
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 stand")
    assert deal.view("P2").legal == (deal.parse_action("P2 flush"),)
    act(deal, "P2 flush")
    assert deal.is_complete and not deal.tricks and deal.flush_winners == (1,)
    assert deal.net == [-6, 9 + 18, -6, -9]
    illegal = irish({**FLUSH, "P2": "KH QH 2D", "P3": "6H 7D 8H"}, "2S", rules=IRISH.with_options(irish_flush=True))
    act(illegal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    illegal_text(illegal, "P2 flush", "LOOI-3")


def test_looi_3_irish_flush_in_trumps_beats_a_plain_one_and_pays_ew_hoy() -> None:
    """LOOI-3 with LOO5-7 and ``flush_pay: ew_hoy``: the trump flush wins; only standers pay, not the holder
    of the beaten flush."""
    rules = IRISH.with_options(irish_flush=True, flush_pay="ew_hoy")
    hands = {"P1": "AS 3H 4D", "P2": "KH QH 2H", "P3": "6S 7S 8S", "P4": "9H TD 2C"}
    deal = irish(hands, "2S", pool=6, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 throw", "P2 flush", "P3 flush")
    assert deal.flush_winners == (2,)
    assert deal.net == [-6, 0, 9 + 6, -3]


def test_looi_record_round_trips_through_the_referee() -> None:
    """DEAL-RECORD.md: the Irish record holds the stock; the referee's ruling is the deal's own."""
    deal = irish(IRISH_HANDS, "2S", "JS TS 9S", pool=6)
    act(deal, "P1 exchange 4D", "P2 stand", "P3 stand", "P4 stand")
    act(deal, "P1 play AS")  # he drew the knave of spades: the ace of trumps first (LOO-PLAY-2)
    while not deal.is_complete:
        deal.apply(deal.legal_actions()[0])
    text = dumps(record_of(deal))
    assert '"stock": "JS TS 9S"' in text and dumps(loads(text)) == text
    ruling = referee(loads(text))
    assert ruling["net"] == dict(zip(SEATS, deal.net, strict=True))
    assert [t["winner"] for t in ruling["tricks"]] == [
        deal.seats[t.winner] for t in deal.tricks if t.winner is not None
    ]
    assert card_str(deal.stock[0]) == "TS"
