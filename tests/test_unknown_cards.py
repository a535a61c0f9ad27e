"""Deals whose cards nobody recorded (the pool keeper's deals): ``LooDeal.deal_unknown``, ``NapDeal.deal_unknown``.

A record whose ``cards`` hold no hand (Loo: at most the turn-up) is such a deal. Declaring and
calling are as usual; the play is stated trick by trick (``P3 trick``: P3 won the next trick), Peel's
single by whose card won it (``P2 single``) or the dealer's ``single nobody``, and the ordinary
settlement pays. The figures are RULES.md §10's worked examples, whose cards are simply left out.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.loo.deal import LooDeal
from roundgames.loo.rules import LooRules
from roundgames.nap import NapDeal
from roundgames.nap.rules import NapRules
from roundgames.records.deal import dumps, loads, record_of, referee, replay

P4 = ["P1", "P2", "P3", "P4"]


def record(game: str, dealer: str, actions: list[str], **more: Any) -> str:
    obj: dict[str, Any] = {"format": "roundgames-deal/1", "game": game, "seats": more.pop("seats", P4)}
    obj.update(dealer=dealer, cards=more.pop("cards", {}), actions=actions, **more)
    return json.dumps(obj)


def rule(text: str) -> dict[str, Any]:
    return referee(loads(text))


# -- Loo ---------------------------------------------------------------------------------------


def test_loo_sgl_2_the_stated_winner_of_the_single_takes_the_pool() -> None:
    """LX-1 without the cards: P2's card won; P3, P4 and the dealer P1 are looed S (LOO-SGL-3)."""
    ruling = rule(record("loo", "P1", ["P2 single"], kind="single", cards={"turnup": "9H"}))
    assert ruling["complete"] and ruling["error"] is None
    assert ruling["net"] == {"P1": -6, "P2": 3, "P3": -3, "P4": -3}
    assert ruling["pool"] == 9 and ruling["next"] == {"dealer": "P2", "kind": "regular"}


def test_loo_sgl_4_single_nobody_all_are_looed_and_the_pool_stays() -> None:
    """LX-2 without the cards: no card qualified; all four looed S=3, the 3 stays: 15 for the next deal."""
    ruling = rule(record("loo", "P1", ["P1 single nobody"], kind="single"))
    assert ruling["net"] == {"P1": -6, "P2": -3, "P3": -3, "P4": -3}
    assert ruling["pool"] == 15 and ruling["next"]["kind"] == "regular"


def test_loo_sgl_4_only_the_dealer_states_that_no_card_won() -> None:
    ruling = rule(record("loo", "P1", ["P3 single nobody"], kind="single"))
    assert ruling["error"]["rule"] == "LOO-SGL-4"
    assert "the dealer, P1, states that no card won" in ruling["error"]["message"]


def test_loo_sgl_2_nobody_wins_a_single_over_an_ace_turned_up() -> None:
    ruling = rule(record("loo", "P1", ["P2 single"], kind="single", cards={"turnup": "AH"}))
    assert ruling["error"]["rule"] == "LOO-SGL-2"
    assert rule(record("loo", "P1", ["P1 single nobody"], kind="single", cards={"turnup": "AH"}))["complete"]


def test_loo_sgl_1_nobody_declares_in_the_single_and_the_referee_offers_the_results() -> None:
    ruling = rule(record("loo", "P1", [], kind="single"))
    assert ruling["complete"] is False and ruling["to_act"] == "P1"
    assert ruling["legal"] == ["P1 single", "P1 single nobody", "P2 single", "P3 single", "P4 single"]
    assert rule(record("loo", "P1", ["P2 stand"], kind="single"))["error"]["rule"] == "LOO-SGL-1"


def test_loo_set_1_stated_tricks_divide_the_pool_and_loo_set_3_loo_who_took_none() -> None:
    """LX-3 without the cards: all stand; P3, P2, P4 win a trick each; P1 is looed 6."""
    actions = ["P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 trick", "P2 trick", "P4 trick"]
    ruling = rule(record("loo", "P2", actions, pool=9))
    assert ruling["net"] == {"P1": -6, "P2": 1, "P3": 4, "P4": 4}
    assert ruling["pool"] == 6 and ruling["next"] == {"dealer": "P3", "kind": "regular"}
    assert [t["winner"] for t in ruling["tricks"]] == ["P3", "P2", "P4"]
    assert [t["leader"] for t in ruling["tricks"]] == ["P3", "P3", "P2"]  # the winner leads next (LOO-PLAY-7)
    assert all(t["cards"] == [] for t in ruling["tricks"])


def test_loo_set_2_remainders_go_to_the_first_tricks() -> None:
    """LX-7 without the cards: a pool of 13 divides 5/4/4; P3 won the first trick."""
    actions = ["P1 stand", "P2 stand", "P3 stand", "P4 throw", "P3 trick", "P1 trick", "P2 trick"]
    ruling = rule(record("loo", "P4", actions, pool=10))
    assert ruling["net"] == {"P1": 4, "P2": 4, "P3": 5, "P4": -3}
    assert ruling["next"]["kind"] == "single"  # nobody looed (LOO-DEAL-2)


def test_loo_set_4_the_miss_played_for_the_pool_carries_its_shares() -> None:
    """LOO-DECL-8c: the dealer defends; the miss's tricks stay in the pool and he is not looed."""
    actions = ["P3 stand", "P4 throw", "P1 throw", "P2 defend", "P2 trick", "P3 trick", "P2 trick"]
    ruling = rule(record("loo", "P2", actions, pool=9))
    assert ruling["net"] == {"P1": 0, "P2": -3, "P3": 4, "P4": 0}
    assert ruling["pool"] == 8


def test_loo_decl_7_all_throw_up_and_the_dealer_takes_the_pool_unplayed() -> None:
    ruling = rule(record("loo", "P2", ["P3 throw", "P4 throw", "P1 throw"], pool=15))
    assert ruling["complete"] and ruling["net"] == {"P1": 0, "P2": 15, "P3": 0, "P4": 0}


def test_loo_play_1_only_those_who_play_win_tricks_and_the_referee_offers_them() -> None:
    actions = ["P3 stand", "P4 throw", "P1 miss", "P2 throw"]
    ruling = rule(record("loo", "P2", actions))
    assert ruling["to_act"] == "P3" and ruling["legal"] == ["P1 trick", "P3 trick"]
    ruling = rule(record("loo", "P2", [*actions, "P4 trick"]))
    assert ruling["error"]["rule"] == "LOO-PLAY-1"


def test_loo_play_9_three_tricks_end_the_deal() -> None:
    actions = ["P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 trick", "P3 trick", "P3 trick", "P3 trick"]
    with pytest.raises(RecordError, match=r"actions\[7\]: 'P3 trick' comes after the deal is complete"):
        referee(loads(record("loo", "P2", actions)))


def test_cards_are_played_or_stated_never_both() -> None:
    """A card played in a deal of unknown cards, or a trick stated in a dealt one, is a malformed record."""
    with pytest.raises(RecordError, match=r"actions\[4\]: 'P3 play AS': P3 does not hold AS"):
        referee(loads(record("loo", "P2", ["P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 play AS"])))
    deal = LooDeal(LooRules.preset("peel"), P4, dealer="P2")
    deal.deal_unknown()
    for seat in ["P3", "P4", "P1", "P2"]:
        deal.stand(seat)
    with pytest.raises(RecordError, match="nobody recorded the cards of this deal"):
        deal.play("P3", 51)
    known = {"P3": "AS 4S 9D", "P4": "KD QD 2C", "P1": "JS 8H 3H", "P2": "KS TS 5D", "miss": "6C 2H 8D", "turnup": "7S"}
    with pytest.raises(RecordError, match="the cards of this deal are recorded, so they are played"):
        referee(loads(record("loo", "P2", ["P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 trick"], cards=known)))


def test_loo_var_clublaw_a_deal_of_unknown_cards_needs_its_turn_up() -> None:
    options = {"club_law": True}
    with pytest.raises(RecordError, match=r"cards\.turnup: under club law the turn-up decides"):
        referee(loads(record("loo", "P2", [], options=options)))
    ruling = rule(record("loo", "P2", ["P3 throw"], options=options, cards={"turnup": "5C"}))
    assert ruling["error"]["rule"] == "LOO-VAR-CLUBLAW"
    ruling = rule(record("loo", "P2", [], options=options, cards={"turnup": "5H"}))
    assert ruling["legal"] == ["P3 miss", "P3 stand", "P3 throw"]  # not a club: declaring as usual


@pytest.mark.parametrize(
    "text",
    [
        record("loo", "P1", ["P2 single"], kind="single", cards={"turnup": "9H"}, mode="table"),
        record("loo", "P2", ["P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 trick"], mode="table", pool=9),
        record("nap", "P1", ["P2 call 4", "P3 pass", "P4 pass", "P1 pass", "P3 trick"], mode="table"),
    ],
)
def test_a_record_of_unknown_cards_round_trips(text: str) -> None:
    """Every parse has its writer: the record written again, and rebuilt from its deal, is the same."""
    written = dumps(loads(text))
    assert dumps(loads(written)) == written
    assert dumps(record_of(replay(loads(written)).deal)) == written


# -- Nap ---------------------------------------------------------------------------------------


def test_nap_play_4_stated_tricks_end_the_deal_early() -> None:
    """NX-2 without the cards: P2 calls four and has lost two tricks: the deal ends, P2 pays 4 to each."""
    ruling = rule(record("nap", "P1", ["P2 call 4", "P3 pass", "P4 pass", "P1 pass", "P3 trick", "P3 trick"]))
    assert ruling["complete"] and ruling["made"] is False and ruling["declarer"] == "P2"
    assert ruling["net"] == {"P1": 4, "P2": -12, "P3": 4, "P4": 4}


def test_nap_play_4_a_three_made_after_three_tricks() -> None:
    """NX-1 without the cards: P3 calls three and wins the first three: +3 from each."""
    actions = ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass", "P3 trick", "P3 trick", "P3 trick"]
    ruling = rule(record("nap", "P4", actions))
    assert ruling["complete"] and ruling["made"] is True and ruling["net"] == {"P1": -3, "P2": -3, "P3": 9, "P4": -3}


def test_nap_play_5_misery_fails_at_the_first_trick_won() -> None:
    ruling = rule(record("nap", "P4", ["P1 pass", "P2 call misery", "P3 pass", "P4 pass", "P3 trick", "P2 trick"]))
    assert ruling["made"] is False and ruling["net"] == {"P1": 3, "P2": -9, "P3": 3, "P4": 3}


def test_nap_call_7_all_pass_and_the_eldest_plays_for_one() -> None:
    ruling = rule(record("nap", "P4", ["P1 pass", "P2 pass", "P3 pass", "P4 pass"]))
    assert ruling["declarer"] == "P1" and ruling["contract"] == "1"
    assert ruling["to_act"] == "P1" and ruling["legal"] == ["P1 trick", "P2 trick", "P3 trick", "P4 trick"]


def test_nap_var_pool_a_made_nap_takes_the_kitty() -> None:
    actions = ["P1 call nap", "P2 pass", "P3 pass", "P4 pass"] + ["P1 trick"] * 5
    ruling = rule(record("nap", "P4", actions, options={"kitty": True}, pool=4))
    assert ruling["net"] == {"P1": 35, "P2": -10, "P3": -10, "P4": -11} and ruling["pool"] == 0


def test_nap_gen_2_the_dealer_who_sits_out_wins_no_trick() -> None:
    seats = ["P1", "P2", "P3", "P4", "P5", "P6"]
    actions = ["P1 call 1", "P2 pass", "P3 pass", "P4 pass", "P5 pass"]
    ruling = rule(record("nap", "P6", [*actions, "P6 trick"], seats=seats))
    assert ruling["error"]["rule"] == "NAP-GEN-2"
    ruling = rule(record("nap", "P6", [*actions, "P1 trick"], seats=seats))
    assert ruling["net"]["P6"] == -1 and ruling["net"]["P1"] == 5  # the dealer still pays (NAP-GEN-2)


@pytest.mark.parametrize("option", [{"purchase": True}, {"peep": True}, {"spare_hand": "peel"}, {"nap_top_card": True}])
def test_nap_variants_that_exchange_particular_cards_need_the_cards(option: dict[str, Any]) -> None:
    deal = NapDeal(NapRules.preset("peel").with_options(option), P4)
    with pytest.raises(RecordError, match="this variant exchanges particular cards"):
        deal.deal_unknown()


def test_a_trick_is_stated_only_once_calling_is_over() -> None:
    deal = NapDeal(NapRules.preset("peel"), P4, dealer="P4")
    deal.deal_unknown()
    with pytest.raises(IllegalActionError, match=r"the calling is not over \(NAP-CALL-1\)"):
        deal.trick("P1")
    assert deal.log == []
