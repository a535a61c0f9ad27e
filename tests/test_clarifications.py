"""RULES.md §14.22–29 through the API; each clarification's records and rulings are in tests/records
(``clarif22_*`` .. ``clarif29_*``, run by tests/test_referee.py) and tests/records/malformed (``clarif23_*``).

Figures are worked out by hand from RULES.md in each test (Three-card Loo D=3, L=6, S=3; Five-card Loo D=L=5;
Enquire Within D=1, L=3; Nap one unit).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import act, illegal_text, legal
from roundgames import LooDeal, LooRules, NapRules, RecordError, RulesError
from roundgames.loo.deal import Decl, Kind, Phase
from roundgames.nap import NapDeal
from roundgames.nap.calls import pay_table
from roundgames.records.deal import loads, record_of, referee, replay

RECORDS = Path(__file__).parent / "records"
SEATS = ["P1", "P2", "P3", "P4"]
LX10 = {"P1": "2S AH 9C", "P2": "4S KH 7D", "P3": "QH 3D 8C", "P4": "JH 5D 2C"}
FIVE_HANDS = {"P1": "AH KH 3D 2C 5S", "P2": "QH 9D 8D 3C 6S", "P3": "JH TH 4D 5C 7S", "P4": "2H 3H 4H 6D 7D"}


def ruling_of(name: str) -> dict[str, object]:
    result: dict[str, object] = referee(loads((RECORDS / f"{name}.json").read_text(encoding="utf-8")))
    return result


def looi(turnup: str, rules: LooRules, hands: dict[str, str], stock: str) -> LooDeal:
    deal = LooDeal(rules, SEATS, dealer="P4")
    deal.deal_cards(hands, turnup=turnup, stock=stock)
    return deal


# -- §14.22: club law in Five-card and Irish Loo ------------------------------------------------------------------


def test_clarification_22_looi_2_loo_var_clublaw_every_seat_plays_and_may_exchange() -> None:
    """§14.22: under club law (LOOI-2, LOO-VAR-CLUBLAW) every seat must play and none may throw up, but a seat may
    still exchange (LOO5-2), in Irish and in Five-card Loo alike; the dealer too."""
    irish = looi(
        "5C",
        LooRules.preset("irish"),
        {"P1": "AH 9S 4D", "P2": "KH 8S 5D", "P3": "QH 7S 6D", "P4": "JH 6S 7D"},
        "AC KC QC JC TC",
    )
    assert irish.club_law and legal(irish) == {"P1 stand"} | {
        f"P1 exchange {c}" for c in ("AH", "9S", "4D", "9S AH", "AH 4D", "9S 4D", "9S AH 4D")
    }
    illegal_text(irish, "P1 throw", "LOO-VAR-CLUBLAW")
    act(irish, "P1 exchange 4D", "P2 stand", "P3 exchange QH")
    assert "P4 throw" not in legal(irish) and {"P4 stand", "P4 exchange 7D"} <= legal(irish)
    act(irish, "P4 exchange 6S 7D")
    assert irish.phase is Phase.PLAY and irish.players == (0, 1, 2, 3)
    five = looi("4C", LooRules.preset("five-card").with_options(club_law=True), FIVE_HANDS, "9H 9C")
    assert five.club_law and "P1 throw" not in legal(five) and {"P1 stand", "P1 exchange 2C"} <= legal(five)
    illegal_text(five, "P1 throw", "LOO-VAR-CLUBLAW")
    assert ruling_of("clarif22_five_card_club_law_throw_refused")["error"] == {
        "index": 1,
        "action": "P2 throw",
        "rule": "LOO-VAR-CLUBLAW",
        "message": "P2 cannot throw up: clubs are trumps, so all must play, standing or exchanging (club law) "
        "(LOO-VAR-CLUBLAW)",
    }


def test_clarification_22_loo_var_clublaw_three_card_club_law_still_means_stand() -> None:
    """§14.22: in Three-card Loo club law still means ``stand`` and nothing else (the miss may not be taken)."""
    deal = LooDeal(LooRules.preset("peel").with_options(club_law=True), SEATS, dealer="P4", pool=9)
    deal.deal_cards(LX10, miss="7S 4H TC", turnup="6C")
    assert legal(deal) == {"P1 stand"}
    illegal_text(deal, "P1 miss", "LOO-VAR-CLUBLAW")


# -- §14.23: malformed, not illegal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["P2 irregular", "P2 irregular looked", "P2 irregular 8"])
def test_clarification_23_irregular_without_a_rule_id_is_malformed(text: str) -> None:
    """§14.23: ``irregular`` without a rule ID does not parse (RecordError), in Loo and Nap, strict or table mode."""
    loo = LooDeal(LooRules.preset("peel"), SEATS, dealer="P4")
    nap = NapDeal(NapRules.preset("peel"), SEATS, dealer="P4")
    for deal in (loo, nap):
        with pytest.raises(RecordError, match=r"irregular names the rule broken.*§14\.23"):
            deal.parse_action(text)
    assert loo.parse_action("P2 irregular LOO-LAW-8").arg == "LOO-LAW-8"
    assert nap.parse_action("P2 irregular NAP-LAW-6 5H").arg == "NAP-LAW-6 5H"


def test_clarification_23_a_rule_id_that_is_no_law_is_still_ruled() -> None:
    """§14.23 makes only a missing rule ID malformed: a rule ID that names no law of the game is ruled on, an error
    citing LOO-LAW-17, as before."""
    deal = LooDeal(LooRules.preset("peel"), SEATS, dealer="P4", pool=9)
    deal.table_mode = True
    deal.deal_cards(LX10, miss="7S 4H TC", turnup="6S")
    illegal_text(deal, "P2 irregular NAP-LAW-6", "LOO-LAW-17")


def test_clarification_23_a_card_kept_bought_or_discarded_not_held_is_malformed() -> None:
    """§14.23, NAP-VAR-SPARE: the five kept with the spare hand come from the hand and the spare; a record that keeps
    another card is malformed (RecordError naming the action), not ruled illegal."""
    text = (RECORDS / "nx_spare_peel_made_takes_kitty.json").read_text(encoding="utf-8")
    record = loads(text)
    record.actions = ["P1 pass", "P2 spare AS KS QS JS AH"]
    with pytest.raises(RecordError, match=r"actions\[1\]: .*P2 does not hold AH.*§14\.23"):
        replay(record)
    # The engine itself refuses it as illegal, without naming the card (which would tell what the spare holds).
    record.actions = ["P1 pass"]
    deal = replay(record).deal
    message = illegal_text(deal, "P2 spare AS KS QS JS AH", "NAP-VAR-SPARE")
    assert "AH" not in message
    record.actions = ["P1 pass", "P2 spare AS KS QS JS TS"]  # all from his hand and the spare: legal
    assert replay(record).error is None
    deal = replay(record).deal
    assert isinstance(deal, NapDeal) and deal.spare_taker == 1


def _malformed_play(deal: LooDeal | NapDeal, text: str) -> str:
    """``text`` plays a card its seat does not hold: refused as malformed (a RecordError citing §14.23, no rule of
    play), and the deal is unchanged; returns the message."""
    before = (deal.log[:], deal.hands[:], deal.to_act, deal.phase, deal.net)
    action = deal.parse_action(text)
    assert not deal.can(action)
    with pytest.raises(RecordError) as caught:
        deal.apply(action)
    assert (deal.log, deal.hands, deal.to_act, deal.phase, deal.net) == before
    assert not hasattr(caught.value, "rule"), "a malformed action breaks no rule of play"
    return str(caught.value)


def test_clarification_23_loo_a_card_played_not_held_is_malformed_not_loo_play_4() -> None:
    """§14.23: P1 leads 3D, which P3 holds: malformed, not a breach of LOO-PLAY-4 (which is about following suit)."""
    deal = LooDeal(LooRules.preset("peel"), SEATS, dealer="P4", pool=9)
    deal.deal_cards(LX10, miss="7S 4H TC", turnup="6S")
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    message = _malformed_play(deal, "P1 play 3D")
    assert message == (
        "actions: P1 cannot play 3D: the seat does not hold it, so the action is malformed, not illegal (RULES.md §14.23)"
    )
    assert "LOO-PLAY" not in message
    act(deal, "P1 play AH")  # a card he holds is played as before


def test_clarification_23_nap_a_card_played_not_held_is_malformed_not_nap_play_2() -> None:
    """§14.23: the declarer leads a card another seat holds: malformed, not a breach of NAP-PLAY-2."""
    deal = NapDeal(NapRules.preset("peel"), SEATS, dealer="P4")
    deal.deal_cards({"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "2S 3H 4D 5C 7S"})
    act(deal, "P1 call 3", "P2 pass", "P3 pass", "P4 pass")
    message = _malformed_play(deal, "P1 play AH")
    assert message.endswith(
        "P1 cannot play AH: the seat does not hold it, so the action is malformed, not illegal (RULES.md §14.23)"
    )
    assert "NAP-PLAY" not in message
    act(deal, "P1 play AS")


# -- §14.24: the five-card dealer facing a lone stander; the pool taken with a flush ---------------------------------


def test_clarification_24_loo_decl_8_irish_dealer_facing_one_may_not_throw_up() -> None:
    """§14.24, LOO-DECL-8: in Irish Loo too, facing one seat in, the dealer plays his own hand under ``must_defend``
    (stand or exchange), and is looed if he takes no trick; under ``may_concede`` he may throw up."""
    hands = {"P1": "AH 9S 4D", "P2": "KH 8S 5D", "P3": "QH 7S 6D", "P4": "JH 6S 7D"}
    deal = looi("5S", LooRules.preset("irish"), hands, "AC KC QC JC TC")
    act(deal, "P1 throw", "P2 stand", "P3 throw")
    assert legal(deal) >= {"P4 stand", "P4 exchange JH"} and "P4 throw" not in legal(deal)
    illegal_text(deal, "P4 throw", "LOO-DECL-8")
    conceding = looi("5S", LooRules.preset("irish").with_options(dealer_lone_stander="may_concede"), hands, "AC KC")
    act(conceding, "P1 throw", "P2 stand", "P3 throw", "P4 throw")
    # P2 takes the pool without play: D = 3.
    assert conceding.is_complete and conceding.winner_without_play == 1 and conceding.net == [0, 3, 0, -3]


def test_clarification_24_loo_decl_8_loo_set_3_the_dealer_who_plays_may_be_looed() -> None:
    """§14.24: the record clarif24_five_card_dealer_facing_one_plays_and_is_looed: P2 exchanges, the dealer P4 stands
    and takes no trick. Pool 10 + D 5 = 15, three a trick: P2 +15; P4 -5 stake -5 loo = -10; next pool 5."""
    ruling = ruling_of("clarif24_five_card_dealer_facing_one_plays_and_is_looed")
    assert ruling["net"] == {"P1": 0, "P2": 15, "P3": 0, "P4": -10} and ruling["pool"] == 5
    refusal = ruling_of("clarif24_five_card_dealer_facing_one_throw_refused")["error"]
    assert isinstance(refusal, dict) and refusal["rule"] == "LOO-DECL-8" and refusal["index"] == 3


def test_clarification_24_loo_decl_7_loo5_6_the_dealer_taking_the_pool_shows_his_flush_first() -> None:
    """§14.24, LOO-DECL-7, LOO5-6: all before him throw up; the dealer, holding a flush, shows it before taking the
    pool, and is paid as a flush: the pool (10 + D 5) and a loo of 5 from each other seat, though they threw up."""
    deal = LooDeal(LooRules.preset("five-card"), SEATS, dealer="P4", pool=10)
    hands = {"P1": "AH KH 3D 2C 5S", "P2": "QS 9D 8D 3C 6S", "P3": "JS TS 4D 5C 7S", "P4": "2H 3H 4H 7H 9H"}
    deal.deal_cards(hands, turnup="4S", stock="9S 9C")
    act(deal, "P1 throw", "P2 throw", "P3 throw")
    assert deal.phase is Phase.SHOW and legal(deal) == {"P4 flush"}
    act(deal, "P4 flush")
    assert deal.is_complete and deal.flush_winners == (3,) and deal.net == [-5, -5, -5, 25]


# -- §14.25: a dealer who takes no part pays a five-card flush --------------------------------------------------------


@pytest.mark.parametrize(("flush_pay", "dealer_net"), [("peel", -10), ("ew_hoy", -5)])
def test_clarification_25_loo5_6_a_dealer_standing_out_pays_the_flush(flush_pay: str, dealer_net: int) -> None:
    """§14.25, §14.1, LOO5-6 ("each of the players, whether they stood or not"), LOO-VAR-DEALER-STANDS-OUT: five seats,
    the dealer P5 stands out. P1 shows a diamond flush: he takes the pool (D 5) and, under ``flush_pay: peel``, a loo
    of 5 from every other seat, the dealer and P3 who threw up included: +25; the dealer -5 stake -5 = -10. Under
    ``ew_hoy`` only those who stood pay (LOO5-6 C-LOO-15), so the dealer pays his stake only."""
    rules = LooRules.preset("five-card").with_options(dealer_stands_out_above=4, flush_pay=flush_pay)
    deal = LooDeal(rules, ["P1", "P2", "P3", "P4", "P5"], dealer="P5")
    assert deal.dealer_out
    hands = {"P1": "AD KD QD JD 9D", "P2": "AH KH 3C 2C 5S", "P3": "QH 8H 4C 5C 7S", "P4": "2H 3H 4H 6C 7C"}
    deal.deal_cards(hands, turnup="4S", stock="9H 9C 8C")
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 stand", "P1 flush")
    assert deal.is_complete and deal.net[4] == dealer_net
    payers = 4 if flush_pay == "peel" else 2
    assert deal.net[0] == 5 + 5 * payers and sum(deal.net) + deal.pool_total == 0
    if flush_pay == "peel":
        assert ruling_of("clarif25_dealer_out_pays_flush")["net"] == {"P1": 25, "P2": -5, "P3": -5, "P4": -5, "P5": -10}


# -- §14.26: an offender who offends again ------------------------------------------------------------------------


@pytest.mark.parametrize(("double", "p3", "pool"), [(False, -12, 12), (True, -18, 18)])
def test_clarification_26_loo_law_0c_each_offence_a_full_loo_and_no_second_ordinary_loo(
    double: bool, p3: int, pool: int
) -> None:
    """§14.26, LOO-LAW-0c, LOO-LAW-14: P3 revokes twice (two replays): a full loo of 6 for each, 12, into the next
    pool. He takes no trick in the replay but is not looed in the ordinary way as well, unless
    ``offender_double_loo`` (then -18). P1 +4 and P2 +8 take the pool of 12 by tricks; P4 paid D."""
    name = "clarif26_offender_double_loo_table" if double else "clarif26_offender_offends_twice_table"
    record = loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    deal = replay(record).deal
    assert isinstance(deal, LooDeal) and deal.is_complete
    assert [(i.seat, i.rule, i.penalty) for i in deal.irregularities] == [(2, "LOO-LAW-14", 6)] * 2
    assert deal.net == [4, 8, p3, -3] and deal.pool_total == pool
    assert deal.law is not None and deal.law.replays == 2 and (2 in deal.looed) is double


# -- §14.27: a declaration out of turn is recorded once ---------------------------------------------------------------


def test_clarification_27_loo_law_5_recorded_once_innocents_unharmed() -> None:
    """§14.27, LOO-LAW-5: P3 throws up out of turn (S = 3 into this pool: 15). It takes effect at his turn by
    itself: after P2 stands the dealer P4 is to declare. The same deal played properly, with P3's throw at his
    turn, leaves no innocent seat worse off."""
    ruling = ruling_of("clarif27_declaration_out_of_turn_once_table")
    assert ruling["net"] == {"P1": 5, "P2": 10, "P3": -3, "P4": -3}
    proper = loads((RECORDS / "clarif27_declaration_out_of_turn_once_table.json").read_text(encoding="utf-8"))
    proper.mode = "strict"
    proper.actions = ["P1 stand", "P2 stand", "P3 throw", *proper.actions[3:]]
    clean = referee(proper)  # P1 +4, P2 +8, P3 0, P4 -3: the penalty in the pool only adds to the innocents' share
    assert clean["net"] == {"P1": 4, "P2": 8, "P3": 0, "P4": -3}
    second = ruling_of("clarif27_second_entry_refused_table")["error"]
    assert isinstance(second, dict) and second["rule"] == "LOO-DECL-5" and second["index"] == 3


def test_clarification_27_the_bound_declaration_through_a_sitting_of_records() -> None:
    """§14.27: the deal with the declaration out of turn writes it once in its record, and that record replays."""
    deal = LooDeal(LooRules.preset("peel"), SEATS, dealer="P4", pool=9)
    deal.table_mode = True
    deal.deal_cards(LX10, miss="7S 4H TC", turnup="6S")
    act(deal, "P1 stand", "P3 miss", "P2 stand")
    assert deal.decls == [Decl.STAND, Decl.STAND, Decl.MISS, Decl.NONE] and deal.miss_holder == 2
    record = record_of(deal)
    assert record.actions == ["P1 stand", "P3 miss", "P2 stand"]
    again = replay(loads(json.dumps(record.to_json()))).deal
    assert isinstance(again, LooDeal) and again.decls == deal.decls and again.to_act == 3


# -- §14.28: Nap, hsw_flat and pool_nap_double -----------------------------------------------------------------------


def test_clarification_28_nap_var_parlett_hsw_flat_every_contract_is_worth_ten() -> None:
    """§14.28: under ``pay_table: hsw_flat`` every contract, won or lost, is worth 10 from or to each opponent:
    P3's three made takes 10 from each of three (clarif28_hsw_flat_one_made_pays_ten)."""
    table = pay_table(NapRules.preset("peel").with_options(pay_table="hsw_flat"))
    assert set(table.values()) == {(10, 10)} and len(table) == 8
    assert ruling_of("clarif28_hsw_flat_one_made_pays_ten")["net"] == {"P1": -10, "P2": -10, "P3": 30, "P4": -10}


def test_clarification_28_nap_var_pool_pool_nap_double() -> None:
    """§14.28, NAP-VAR-POOL: under ``pool_nap_double: true`` (BIC's pool Nap; default false) a failed Nap also pays
    into the kitty as much as it then holds: kitty 3 + the dealer's unit = 4; P1's Nap fails: 5 to each opponent
    and 4 into the kitty, -19; the kitty doubles to 8. A made Nap takes the kitty as before (+30 +4 = +34)."""
    assert NapRules.preset("peel").pool_nap_double is False
    failed = ruling_of("clarif28_pool_nap_double_nap_failed")
    assert failed["net"] == {"P1": -19, "P2": 5, "P3": 5, "P4": 4} and failed["pool"] == 8
    made = ruling_of("clarif28_pool_nap_double_nap_made_takes_kitty")
    assert made["net"] == {"P1": 34, "P2": -10, "P3": -10, "P4": -11} and made["pool"] == 0
    with pytest.raises(RulesError, match="pool_nap_double"):
        NapRules.preset("peel").with_options(pool_nap_double="yes")


@pytest.mark.parametrize(("call", "lost"), [("wellington", 10), ("blucher", 15), ("4", 4)])
def test_clarification_28_pool_nap_double_wellington_and_blucher_too_not_lower_calls(call: str, lost: int) -> None:
    """§14.28: a failed Wellington or Blücher also pays the kitty's worth; a lower call does not. Kitty 6 + the
    dealer's unit = 7; the dealer P4 calls on a hand that cannot win a trick and pays ``lost`` to each of three."""
    rules = NapRules.preset("peel").with_options(kitty=True, pool_nap_double=True)
    deal = NapDeal(rules, SEATS, dealer="P4", kitty=6)
    deal.deal_cards({"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "2S 3H 4D 5C 7S"})
    calls = {
        "wellington": ["P1 call nap", "P2 pass", "P3 pass", "P4 call wellington"],
        "blucher": ["P1 call nap", "P2 call wellington", "P3 pass", "P4 call blucher"],
        "4": ["P1 pass", "P2 pass", "P3 pass", "P4 call 4"],
    }[call]
    act(deal, *calls)
    assert deal.declarer == 3 and deal.contract == call
    act(
        deal, "P4 play 2S", "P1 play AS", "P2 play TH", "P3 play TD"
    )  # spades trumps: P1 wins the first trick, and the contract fails
    if call == "4":  # four fails at the second trick lost
        act(deal, "P1 play KS", "P2 play QH", "P3 play QD", "P4 play 7S")
    assert deal.is_complete and deal.made is False
    extra = 7 if call != "4" else 0
    assert deal.net[3] == -lost * 3 - 1 - extra and deal.kitty == 7 + extra


# -- §14.29: LOO-LAW-8 where all must play ----------------------------------------------------------------------------


def test_clarification_29_loo_law_8_loo_var_ew_single_the_offender_plays_for_the_pool() -> None:
    """§14.29, LOO-LAW-8, LOO-VAR-EW-SINGLE: P2 looks at another hand before declaring in an EW single; he cannot
    throw up, so he stands (his only action) and plays, and his winnings are carried. Pool 6 + D 1 + P2's full loo
    3 = 10; tricks 4/3/3: P1 +4; P2 wins two, carried; P3 and P4 looed 3; next pool 6 + 3 + 3 = 12."""
    deal = LooDeal(LooRules.preset("enquire-within"), SEATS, dealer="P4", pool=6, kind=Kind.EW_SINGLE)
    deal.table_mode = True
    deal.deal_cards(LX10, turnup="6S")
    act(deal, "P2 irregular LOO-LAW-8", "P1 stand")
    assert legal(deal) == {"P2 stand"}
    ruling = ruling_of("clarif29_ew_single_look_plays_for_pool_table")
    assert ruling["net"] == {"P1": 4, "P2": -3, "P3": -3, "P4": -4} and ruling["pool"] == 12
