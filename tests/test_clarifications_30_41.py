"""RULES.md §14.30–41 (the third audit) through the public API and the referee. The records and their rulings are in
tests/records (``clarif30_*``, ``clarif33_*``, ``clarif34_*``, ``clarif36_*``, ``clarif37_*``, run by
tests/test_referee.py) and tests/records/malformed (``clarif30_*``); §14.30 at the table, the terminal, the web and
the keeper is tests/test_clarification_30_surfaces.py, §14.34 at the surfaces tests/test_play_five_card.py,
tests/test_tui_five_card.py and tests/test_web_five_card.py.

Figures are worked out by hand from RULES.md in each test (Three-card Loo D=3, L=6, S=3; Five-card Loo D=L=5; Nap
one unit).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from conftest import act, legal
from roundgames import LooDeal, LooRules, NapRules, RecordError
from roundgames.loo.deal import Decl, Kind, Phase
from roundgames.nap import NapDeal
from roundgames.records.deal import from_json, loads, referee, replay

RECORDS = Path(__file__).parent / "records"
SEATS = ["P1", "P2", "P3", "P4"]
LX10 = {"P1": "AH 2S 9C", "P2": "KH 7D 4S", "P3": "QH 8C 3D", "P4": "JH 5D 2C"}
MISS, TURNUP = "7S 4H TC", "6S"


def ruling_of(name: str) -> dict[str, Any]:
    result: dict[str, Any] = referee(loads((RECORDS / f"{name}.json").read_text(encoding="utf-8")))
    return result


def lx10(table_mode: bool = True, **options: Any) -> LooDeal:
    """LX-10's cards (RULES.md §10.1): dealer P4, a record pool of 9, spades trumps."""
    deal = LooDeal(LooRules.preset("peel").with_options(options), SEATS, dealer="P4", pool=9)
    deal.table_mode = table_mode
    deal.deal_cards(LX10, miss=MISS, turnup=TURNUP)
    return deal


def single(table_mode: bool = True, **options: Any) -> LooDeal:
    """Peel's single, dealt face up by P1 for a pool of 6: P3's KD beats the QD turned up (LOO-SGL-2)."""
    deal = LooDeal(LooRules.preset("peel").with_options(options), SEATS, dealer="P1", pool=6, kind=Kind.SINGLE)
    deal.table_mode = table_mode
    deal.deal_cards({"P2": "3D", "P3": "KD", "P4": "5C", "P1": "KC"}, turnup="QD")
    return deal


# -- §14.30, §14.37: the laws of the deal on Peel's single -------------------------------------------------------


def test_clarification_30_loo_law_1_a_misdeal_voids_the_single_settled_as_it_was_dealt() -> None:
    """§14.30, LOO-LAW-1: the single is complete as it is dealt, and in table mode it still takes the dealer's
    misdeal as its only action: the settlement is taken back, his stake of 3 is not charged, his S = 3 is (the pool
    6 -> 9), and he deals a single again (clarif30_single_misdeal_table)."""
    deal = single()
    assert deal.is_complete and deal.voidable and deal.net == [-6, -3, 9, -3]
    act(deal, "P1 irregular LOO-LAW-1")
    assert deal.is_complete and deal.is_void and not deal.voidable
    assert deal.net == [-3, 0, 0, 0] and deal.pool_total == 9 and deal.looed == {} and deal.winner_without_play is None
    assert (deal.seats[deal.next_dealer], deal.next_kind) == ("P1", Kind.SINGLE)
    assert ruling_of("clarif30_single_misdeal_table")["net"] == {"P1": -3, "P2": 0, "P3": 0, "P4": 0}


def test_clarification_30_loo_law_3_dealt_out_of_turn_the_proper_dealer_deals_the_single() -> None:
    """§14.30, LOO-LAW-3 [D]: a single has no declaration, so dealt out of turn it is void, at no cost; the proper
    dealer, P2, deals the single (clarif30_single_dealt_out_of_turn_table)."""
    ruling = ruling_of("clarif30_single_dealt_out_of_turn_table")
    assert ruling["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": 0} and ruling["pool"] == 6
    assert ruling["next"] == {"dealer": "P2", "kind": "single"} and ruling["complete"]


def test_clarification_30_loo_law_2_without_a_card_the_single_stands_with_the_penalty_in_its_pool() -> None:
    """§14.30, LOO-LAW-2: interfering without mixing the cards or exposing one: no re-deal; P3 pays S = 3 into
    this pool first, and the single is settled for it: P3's KD takes 6 + 3 + 3 = 12 (+9 net of his penalty)."""
    deal = single()
    act(deal, "P3 irregular LOO-LAW-2")
    assert not deal.is_void and deal.net == [-6, -3, 9, -3] and deal.pool_total == 9
    assert deal.winner_without_play == 2 and deal.next_kind is Kind.REGULAR
    assert ruling_of("clarif30_single_interfering_stands_table")["next"] == {"dealer": "P2", "kind": "regular"}


def test_clarification_30_a_single_with_no_action_is_complete_as_before() -> None:
    """§14.30: a Peel single with no action at all is complete, in table mode as in strict."""
    for table_mode in (False, True):
        deal = single(table_mode)
        assert deal.is_complete and deal.net == [-6, -3, 9, -3] and deal.pool_total == 9
        assert deal.voidable is table_mode
    assert ruling_of("clarif30_single_no_action_table")["net"] == {"P1": -6, "P2": -3, "P3": 9, "P4": -3}


def test_clarification_30_anything_else_after_the_single_is_malformed() -> None:
    """§14.30, DEAL-RECORD.md: only one law of the deal, and only in table mode, follows a single; anything else
    (a second law, a law of the play, another seat's misdeal, a declaration, a strict record's law) comes after the
    deal is complete: exit 2, one line naming the action and, where a law refused it, its rule."""
    expect = {
        "clarif30_single_a_second_law_after_the_void": "actions[1]: 'P3 irregular LOO-LAW-2 3D' comes after",
        "clarif30_single_a_law_of_the_play": "only a law of the deal, LOO-LAW-1, -2 or -3, may still apply to it "
        "(§14.30) (LOO-LAW-8)",
        "clarif30_single_misdeal_by_another": "LOO-LAW-1 is the dealer's, P1's (LOO-LAW-1)",
        "clarif30_single_misdeal_strict": "actions[0]: 'P1 irregular LOO-LAW-1' comes after the deal is complete",
        "clarif30_single_a_declaration": "actions[0]: 'P2 stand' comes after the deal is complete",
    }
    for name, words in expect.items():
        proc = run_cli("referee", str(RECORDS / "malformed" / f"{name}.json"))
        assert (proc.returncode, proc.stdout) == (2, "") and words in proc.stderr, (name, proc.stderr)
        with pytest.raises(RecordError):
            replay(loads((RECORDS / "malformed" / f"{name}.json").read_text(encoding="utf-8")))


def test_clarification_37_loo_law_2_a_card_exposed_ends_the_record_like_a_misdeal() -> None:
    """§14.37, LOO-LAW-2 with a card (the cards mixed: ``mixed``): the offender's S is charged, the dealer's stake
    is not, and the same dealer deals the same kind: a single after a single (clarif37_single_card_exposed_table),
    and on a regular deal under ``ante: all`` nobody's ante either (§14.40, clarif37_regular_card_exposed_ante_all_
    table: 9 + P2's 3 = 12)."""
    for arg in ("3D", "mixed"):
        deal = single()
        act(deal, f"P3 irregular LOO-LAW-2 {arg}")
        assert deal.is_void and deal.net == [0, 0, -3, 0] and deal.pool_total == 9
        assert (deal.next_dealer, deal.next_kind) == (0, Kind.SINGLE)
    regular = ruling_of("clarif37_regular_card_exposed_ante_all_table")
    assert regular["net"] == {"P1": 0, "P2": -3, "P3": 0, "P4": 0} and regular["pool"] == 12
    assert regular["next"] == {"dealer": "P4", "kind": "regular"}
    nap = NapDeal(NapRules.preset("peel"), SEATS, dealer="P4")
    nap.table_mode = True
    nap.deal_cards({"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "2S 3H 4D 5C 7S"})
    act(nap, "P2 irregular NAP-LAW-2 AH")  # Nap's own: the same dealer deals again
    result = nap.result()
    assert nap.is_complete and nap.next_dealer == 3 and result is not None and result.void


# -- §14.31: declining a Nap challenge ------------------------------------------------------------------------------


def test_clarification_31_nap_var_challenge_raise_or_decline_and_a_later_challenge() -> None:
    """§14.31, ``nap_challenge``: a Wellington over P1's Nap gives P1 the next action, ``raise`` or ``pass``
    (nx_challenge_offers_raise); declined, P2 keeps Wellington and the calling goes on after him
    (nx_challenge_declined_challenger_plays: P2 +60); a later Blücher is a challenge P1 may raise too."""
    assert ruling_of("nx_challenge_offers_raise")["legal"] == ["P1 pass", "P1 raise"]
    declined = ruling_of("nx_challenge_declined_challenger_plays")
    assert (declined["declarer"], declined["contract"], declined["net"]["P2"]) == ("P2", "wellington", 60)
    raised = ruling_of("nx_challenge_raised_wellington_made")
    assert (raised["declarer"], raised["contract"], raised["net"]["P1"]) == ("P1", "wellington", 60)
    deal = NapDeal(NapRules.preset("peel").with_options(nap_challenge=True), SEATS, dealer="P4")
    deal.deal_cards({"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC TC"})
    act(deal, "P1 call nap", "P2 call wellington", "P1 pass")
    assert legal(deal) == {"P3 pass", "P3 call blucher"}  # the calling goes on after the challenger
    act(deal, "P3 call blucher")
    assert legal(deal) == {"P1 pass", "P1 raise"}  # a later, higher challenge: his to raise
    act(deal, "P1 raise", "P4 pass")
    assert (deal.declarer, deal.contract) == (0, "blucher")


# -- §14.32: a dealer bound to throw up ----------------------------------------------------------------------------


def test_clarification_32_loo_law_8_a_dealer_bound_to_throw_up_takes_no_pool() -> None:
    """§14.32, LOO-LAW-8, LOO-DECL-7: the dealer looked at another hand before declaring (a full loo, 6, into this
    pool) and must throw up; when the others all throw up he does not take the pool: 9 + 3 + 6 = 18 is carried.
    Facing a lone stander his forced throw gives the stander the pool without play (LOO-DECL-8): P1 +18."""
    deal = lx10()
    act(deal, "P4 irregular LOO-LAW-8", "P1 throw", "P2 throw", "P3 throw")
    assert deal.is_complete and deal.winner_without_play is None
    assert deal.net == [0, 0, 0, -9] and deal.pool_total == 18
    alone = lx10()
    act(alone, "P1 stand", "P2 throw", "P3 throw", "P4 irregular LOO-LAW-8")
    assert legal(alone) == {"P4 throw"}
    act(alone, "P4 throw")
    assert alone.is_complete and alone.winner_without_play == 0 and alone.net == [18, 0, 0, -9]
    record = json.loads((RECORDS / "clarif33_dealer_not_asked_again_table.json").read_text(encoding="utf-8"))
    record["actions"] = ["P4 irregular LOO-LAW-8", "P1 throw", "P2 throw", "P3 throw"]
    assert referee(from_json(record))["pool"] == 18


# -- §14.33: the nearest open declaration --------------------------------------------------------------------------


def test_clarification_33_loo_law_5_the_dealers_throw_out_of_turn_counts_as_defend() -> None:
    """§14.33, LOO-LAW-5, LOO-DECL-8: P4 (the dealer) throws up out of turn (S = 3); P1 then stands alone, and under
    ``must_defend`` the dealer's throw counts as defend: his turn is skipped, he holds the miss, and P1 leads
    (clarif33_dealer_not_asked_again_table); played out, P1 takes a trick (5), the miss two, carried, and P4,
    defending, is not looed (clarif33_dealer_throw_out_of_turn_defends_table: P1 +5, P4 -6, next pool 10)."""
    deal = lx10()
    act(deal, "P1 stand", "P4 throw", "P2 throw", "P3 throw")
    assert deal.decls == [Decl.STAND, Decl.THROW, Decl.THROW, Decl.DEFEND] and deal.miss_holder == 3
    assert deal.phase is Phase.PLAY and deal.to_act == 0 and deal.players == (0, 3)
    assert [deal.action_str(a) for a in deal.log] == ["P1 stand", "P4 throw", "P2 throw", "P3 throw"]  # once
    assert ruling_of("clarif33_dealer_not_asked_again_table")["to_act"] == "P1"
    played = ruling_of("clarif33_dealer_throw_out_of_turn_defends_table")
    assert played["net"] == {"P1": 5, "P2": 0, "P3": 0, "P4": -6} and played["pool"] == 10
    # Where the dealer may concede, his throw is open at his turn and stands: P1 takes the pool without play.
    conceding = lx10(dealer_lone_stander="may_concede")
    act(conceding, "P1 stand", "P4 throw", "P2 throw", "P3 throw")
    assert conceding.is_complete and conceding.winner_without_play == 0


def test_clarification_33_with_no_miss_the_dealers_throw_counts_as_standing() -> None:
    """§14.33, §14.24: in Five-card Loo the dealer facing one stander may not throw up and has no miss to defend:
    his throw out of turn counts as the nearest open declaration, ``stand``; he plays his own hand."""
    deal = LooDeal(LooRules.preset("five-card"), SEATS, dealer="P4", pool=10)
    deal.table_mode = True
    hands = {"P1": "AH KH 3D 2C 5S", "P2": "QS 9D 8D 3C 6S", "P3": "JS TS 4D 5C 7S", "P4": "2H 3H 4H 6D 9C"}
    deal.deal_cards(hands, turnup="4S", stock="9S 9H")
    act(deal, "P1 stand", "P4 throw", "P2 throw", "P3 throw")
    assert deal.decls[3] is Decl.STAND and deal.phase is Phase.PLAY and deal.players == (0, 3)


# -- §14.34: a flush is always shown ---------------------------------------------------------------------------------


def test_clarification_34_loo5_6_a_flush_holder_among_standers_shows_it_before_the_first_lead() -> None:
    """§14.34, LOO5-6: all four stand and P2, not the leader, holds a diamond flush: after the last declaration he
    is to act with ``flush`` his only action, and the first lead waits (clarif34_flush_among_standers_shown: the pool
    18 + 5 and a loo of 5 from each, +38). Two flushes are shown in turn from the dealer's left, the leader's first
    (clarif34_flushes_shown_in_turn_leader_first); leading first, or showing out of turn, is refused (LOO5-6)."""
    record = loads((RECORDS / "clarif34_flush_among_standers_shown.json").read_text(encoding="utf-8"))
    record.actions = record.actions[:4]
    ruling = referee(record)
    assert ruling["to_act"] == "P2" and ruling["legal"] == ["P2 flush"]
    assert ruling_of("clarif34_flush_among_standers_shown")["net"] == {"P1": -5, "P2": 38, "P3": -5, "P4": -10}
    assert ruling_of("clarif34_flushes_shown_in_turn_leader_first")["net"] == {"P1": -5, "P2": -5, "P3": 30, "P4": -10}
    for name, action in (("clarif34_lead_before_the_flush_refused", "P1 play AH"),
                         ("clarif34_flush_out_of_turn_refused", "P3 flush")):  # fmt: skip
        error = ruling_of(name)["error"]
        assert error["action"] == action and error["rule"] == "LOO5-6" and error["index"] == 4


def test_clarification_34_the_seat_about_to_take_the_pool_shows_first_and_an_offender_shows_none() -> None:
    """§14.34, §14.24: the dealer, about to take the pool without play, shows his flush first (his only action);
    a seat that looked at another hand (LOO-LAW-8) wins nothing, so it shows none and the hand is played."""
    deal = LooDeal(LooRules.preset("five-card"), SEATS, dealer="P4", pool=10)
    hands = {"P1": "AH KH 3D 2C 5S", "P2": "QS 9D 8D 3C 6S", "P3": "JS TS 4D 5C 7S", "P4": "2H 3H 4H 7H 9H"}
    deal.deal_cards(hands, turnup="4S", stock="9S 9C")
    act(deal, "P1 throw", "P2 throw", "P3 throw")
    assert deal.phase is Phase.SHOW and legal(deal) == {"P4 flush"}
    offender = LooDeal(LooRules.preset("five-card"), SEATS, dealer="P4", pool=10)
    offender.table_mode = True
    offender.deal_cards({**hands, "P1": hands["P4"], "P4": hands["P1"]}, turnup="4S", stock="9S 9C")  # P1's flush
    act(offender, "P1 stand", "P1 irregular LOO-LAW-8", "P2 throw", "P3 stand", "P4 stand")
    assert offender.flush_of(0) is not None and 0 in offender.offenders
    assert offender.phase is Phase.PLAY and offender.to_act == 0 and not offender.shown


# -- §14.35: all_pass redeal with a kitty --------------------------------------------------------------------------

NAP_CARDS = {"P1": "6C 5C 4C 3C 2C", "P2": "AS KS 4H 3H 2H", "P3": "AH KH QH JH TH", "P4": "AD KD QD JD TD"}


def test_clarification_35_nap_call_7_redeal_with_a_kitty_charges_no_unit() -> None:
    """§14.35, NAP-CALL-7 (``all_pass: redeal``) with a kitty: all pass, the deal is thrown in and void like a
    misdeal: the dealer's unit is not charged (the kitty stays 5), and the same dealer deals and pays it then."""
    rules = NapRules.preset("peel").with_options(all_pass="redeal", kitty=True)
    deal = NapDeal(rules, SEATS, dealer="P4", kitty=5)
    deal.deal_cards(NAP_CARDS)
    assert deal.net[3] == -1  # his unit, paid as he dealt
    act(deal, "P1 pass", "P2 pass", "P3 pass", "P4 pass")
    assert deal.is_complete and deal.net == [0, 0, 0, 0] and deal.ledger.total == 5 and deal.next_dealer == 3
    record = {"format": "roundgames-deal/1", "game": "nap", "options": {"all_pass": "redeal", "kitty": True},
              "seats": SEATS, "dealer": "P4", "pool": 5, "cards": NAP_CARDS,
              "actions": ["P1 pass", "P2 pass", "P3 pass", "P4 pass"]}  # fmt: skip
    ruling = referee(from_json(record))
    assert ruling["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": 0} and ruling["pool"] == 5
    assert ruling["next"] == {"dealer": "P4", "multiplier": 1}


# -- §14.36: the spare-hand fine and pool_nap_double -----------------------------------------------------------------


def test_clarification_36_nap_var_spare_pool_nap_double_doubles_the_kitty_as_the_contract_failed() -> None:
    """§14.36, §14.28, NAP-VAR-SPARE: the kitty holds 4 + P4's unit = 5 when P2's Nap on the spare hand fails: he
    pays 5 to each opponent, the fine of two units, and the kitty's worth as it was when the contract failed, 5
    (not 7, the kitty after the fine): -22, and the kitty 12 (clarif36_spare_fine_and_pool_nap_double)."""
    ruling = ruling_of("clarif36_spare_fine_and_pool_nap_double")
    assert ruling["net"] == {"P1": 5, "P2": -22, "P3": 5, "P4": 4} and ruling["pool"] == 12
    assert (ruling["declarer"], ruling["contract"], ruling["made"]) == ("P2", "nap", False)


# -- §14.38: Double Header --------------------------------------------------------------------------------------------


def test_clarification_38_nap_var_double_header_doubles_only_the_payments_between_players() -> None:
    """§14.38, NAP-VAR-DOUBLE-HEADER: at multiplier 2 P1's Nap (nx_purchase_nap_made's deal) takes 20, not 10, from
    each opponent, but the kitty unit, and a unit a card bought, stay one: the kitty 1 + 2 + 1 = 4, which his Nap
    takes: P1 +60 +4 -2 = +62; P3 -20 -1; P4 -20 and his unit. The spare-hand fine stays two units: P2's failed Nap
    on the spare hand (clarif36's deal) pays 10 to each and 2 + 5 into the kitty."""
    options = {"purchase": True, "all_pass": "double_header", "min_call": 3}
    record = json.loads((RECORDS / "nx_purchase_nap_made.json").read_text(encoding="utf-8"))
    once = referee(from_json({**record, "options": options}))
    twice = referee(from_json({**record, "options": options, "multiplier": 2}))
    assert once["net"] == {"P1": 32, "P2": -10, "P3": -11, "P4": -11}
    assert twice["net"] == {"P1": 62, "P2": -20, "P3": -21, "P4": -21} and twice["pool"] == 0
    assert twice["next"] == {"dealer": "P1", "multiplier": 1}  # a caller won: back to one (§14.13)
    spare = json.loads((RECORDS / "clarif36_spare_fine_and_pool_nap_double.json").read_text(encoding="utf-8"))
    spare["options"] = {**spare["options"], "all_pass": "double_header", "min_call": 3}
    doubled = referee(from_json({**spare, "multiplier": 2}))
    assert doubled["net"] == {"P1": 10, "P2": -37, "P3": 10, "P4": 9} and doubled["pool"] == 12


# -- §14.39: a flush under unlimited or mixed loo ----------------------------------------------------------------------

FLUSH = {"P1": "JC 7D 8D 9S 6C", "P2": "AH KH 9H 5H 2H", "P3": "2D 3D 4D 5C 7C", "P4": "TS JS 3C 4C 8C"}


@pytest.mark.parametrize(
    ("options", "loo"), [({"loo_mode": "unlimited"}, 15), ({"loo_mode": "mixed", "loo_cap": 9}, 9)]
)
def test_clarification_39_loo5_6_a_flush_collects_the_loo_in_force(options: dict[str, Any], loo: int) -> None:
    """§14.39, LOO5-6, LOO-STK-4: P2's flush takes the pool, 10 + 5 = 15, and from each other seat the loo in force:
    under unlimited loo the pool the flush takes, 15; under mixed loo capped, 9."""
    deal = LooDeal(LooRules.preset("five-card").with_options(options), SEATS, dealer="P4", pool=10)
    deal.deal_cards(FLUSH, turnup="3S")
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 stand", "P2 flush")
    assert deal.flush_winners == (1,) and deal.net == [-loo, 15 + 3 * loo, -loo, -5 - loo]


# -- §14.40: ante all and a void deal ----------------------------------------------------------------------------------


def test_clarification_40_loo_var_all_ante_a_void_deal_charges_no_ante() -> None:
    """§14.40, LOO-VAR-ALL-ANTE: every seat antes 1 and the dealer 3 as the deal is dealt; a misdeal voids it:
    nobody's ante is charged, the dealer's S = 3 is (LOO-LAW-1); so too the cards mixed (LOO-LAW-2)."""
    deal = lx10(ante="all")
    assert deal.net == [-1, -1, -1, -3]
    act(deal, "P4 irregular LOO-LAW-1")
    assert deal.is_void and deal.net == [0, 0, 0, -3] and deal.pool_total == 12
    mixed = lx10(ante="all")
    act(mixed, "P1 stand", "P2 irregular LOO-LAW-2 mixed")
    assert mixed.is_void and mixed.net == [0, -3, 0, 0]
    in_a_single = single(ante="all")  # in a Peel single only the dealer stakes (§14.19), and a void one not even he
    act(in_a_single, "P1 irregular LOO-LAW-1")
    assert in_a_single.net == [-3, 0, 0, 0]


# -- §14.41: Pam be civil with Pam the last card ---------------------------------------------------------------------

PAM_HANDS = {"P1": "KH QH KD QD 5C", "P2": "JC 2H 2D 2C 3C", "P3": "4H AD AC KC AS", "P4": "3H 3D 4C 6C 7C"}
PAM_PLAY = [
    "P1 play KH", "P2 play 2H", "P3 play 4H", "P4 play 3H",
    "P1 play KD", "P2 play 2D", "P3 play AD", "P4 play 3D",
    "P3 play AC", "P4 play 4C", "P1 play 5C", "P2 play 2C",
    "P3 play KC", "P4 play 6C", "P1 play QH", "P2 play 3C",
    "P3 play AS civil", "P4 play 7C", "P1 play QD",
]  # fmt: skip


def test_clarification_41_loo5_4_pam_the_last_card_is_played_to_a_civil_ace_and_wins_nothing() -> None:
    """§14.41, LOO5-4, LOO5-8: at the fifth trick P3 leads the ace of trumps saying "Pam be civil"; P2's only card
    left is Pam, which he must play; there it ranks below the ace and wins nothing, and its holder, who took no
    trick, is still not looed. Pool 15 + 5 = 20, four a trick: P1 +4, P3 +16; P4 looed 5 (-10 with his stake)."""
    deal = LooDeal(LooRules.preset("five-card"), SEATS, dealer="P4", pool=15)
    deal.deal_cards(PAM_HANDS, turnup="2S")
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand", *PAM_PLAY)
    assert legal(deal) == {"P2 play JC"}
    act(deal, "P2 play JC")
    assert deal.tricks[-1].winner == 2 and deal.won == [1, 0, 4, 0]
    assert 1 not in deal.looed and deal.looed == {3: 5} and deal.net == [4, 0, 16, -10]
