"""Nap in table mode: the laws NAP-LAW-1..10 (RULES.md §8, C-NAP-11/12, §14.8, §14.14, §14.16, §14.20).

Each law is checked through deal records and the referee (DEAL-RECORD.md, ``mode: table``), as a table
would state it: the irregular card or call itself, or ``SEAT irregular NAP-LAW-N [ARG]``. Most deals
are NX-1 of RULES.md §10.2 (dealer P4; P1 pass, P2 two, P3 three, P4 pass; P3 wins the first three
tricks; each opponent pays 3), so a law that leaves the deal alone must leave NX-1's settlement alone.

The records of ``tests/records/nap_laws/`` are run through the ``roundgames referee`` command and
compared with the rulings beside them, worked out by hand from RULES.md §8 and docs/nap-laws.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.nap import NapDeal
from roundgames.records.deal import DealRecord, dumps, loads, record_of, referee, replay

SEATS = ["P1", "P2", "P3", "P4"]
NX1 = {"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"}
NX1_CALLS = ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass"]
NX1_PLAY = [
    *("P3 play AS", "P4 play 7S", "P1 play JS", "P2 play 5S"),
    *("P3 play KS", "P4 play 9H", "P1 play 6H", "P2 play 7C"),
    *("P3 play QS", "P4 play 8H", "P1 play TD", "P2 play 3H"),
]
NX1_NET = {"P1": -3, "P2": -3, "P3": 9, "P4": -3}
# NX-2: dealer P1; P2 calls four and loses the first two tricks to P3.
NX2 = {"P2": "KH QH JH 2S 3S", "P3": "AH AS 9C 8D 4C", "P4": "4H KS QS 7C 6D", "P1": "TH 6S 5C 2D JC"}
NX2_CALLS = ["P2 call 4", "P3 pass", "P4 pass", "P1 pass"]
NX2_PLAY = [*("P2 play KH", "P3 play AH", "P4 play 4H", "P1 play TH"), *("P3 play AS", "P4 play QS", "P1 play 6S")]
NX2_PLAY += ["P2 play 2S"]
# A Nap by P1 (dealer P4) that nobody can stop: P1 holds the five top spades, P2 the 9S and four hearts.
NAP = {"P1": "AS KS QS JS TS", "P2": "9S AH KH QH JH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC TC"}
NAP_CALLS = ["P1 call nap", "P2 pass", "P3 pass", "P4 pass"]
# Tricks 2 to 5 of that Nap, after P1 AS, P2 9S, P3 AD, P4 AC: P1 leads his spades, the others discard.
NAP_TRICKS_2_TO_5 = [
    *("P1 play KS", "P2 play AH", "P3 play KD", "P4 play KC"),
    *("P1 play QS", "P2 play KH", "P3 play QD", "P4 play QC"),
    *("P1 play JS", "P2 play QH", "P3 play JD", "P4 play JC"),
    *("P1 play TS", "P2 play JH", "P3 play TD", "P4 play TC"),
]
RECORDS = Path(__file__).parent / "records" / "nap_laws"
FIXTURES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".ruling.json"))


def record(
    actions: list[str],
    *,
    cards: dict[str, str] = NX1,
    dealer: str = "P4",
    options: dict[str, Any] | None = None,
    pool: int = 0,
    multiplier: int = 1,
    unit: int = 1,
    mode: str = "table",
    variant: str = "peel",
) -> DealRecord:
    return loads(
        json.dumps(
            {
                "format": "roundgames-deal/1",
                "game": "nap",
                "variant": variant,
                "options": options or {},
                "mode": mode,
                "stakes": {"unit": unit},
                "multiplier": multiplier,
                "seats": SEATS,
                "dealer": dealer,
                "pool": pool,
                "cards": cards,
                "actions": actions,
            }
        )
    )


def rule(actions: list[str], **kw: Any) -> dict[str, Any]:
    """The referee's ruling on a table-mode record of these actions."""
    return referee(record(actions, **kw))


def table_deal(actions: list[str], **kw: Any) -> NapDeal:
    deal = replay(record(actions, **kw)).deal
    assert isinstance(deal, NapDeal)
    return deal


def entry(index: int, seat: str, law: str, penalty: int = 0, pool: str | None = None) -> dict[str, Any]:
    return {"index": index, "seat": seat, "rule": law, "penalty": penalty, "pool": pool}


def refused(ruling: dict[str, Any], index: int, law: str) -> None:
    """The ruling stops at action ``index`` with an error citing ``law``, and no law was applied there."""
    assert ruling["error"] is not None, ruling
    assert (ruling["error"]["index"], ruling["error"]["rule"]) == (index, law), ruling["error"]
    assert law in ruling["error"]["message"]
    assert all(i["index"] < index for i in ruling["irregularities"])
    assert ruling["complete"] is False


def conserved(ruling: dict[str, Any], pool: int = 0) -> None:
    assert sum(ruling["net"].values()) + ruling["pool"] - pool == 0


# -- NAP-LAW-1: misdeal ----------------------------------------------------------------------------------


def test_nap_law_1_misdeal_is_void_and_the_same_dealer_deals_again() -> None:
    """NAP-LAW-1, §14.8, §14.20: no penalty without a kitty; the ruling is complete and ``next`` names the
    same dealer and multiplier."""
    got = rule(["P4 irregular NAP-LAW-1"])
    assert got["complete"] is True and got["error"] is None
    assert got["irregularities"] == [entry(0, "P4", "NAP-LAW-1")]
    assert got["net"] == dict.fromkeys(SEATS, 0) and got["pool"] == 0
    assert got["next"] == {"dealer": "P4", "multiplier": 1}
    assert (got["tricks"], got["declarer"], got["contract"], got["made"]) == ([], None, None, None)


def test_nap_law_1_card_exposed_in_dealing_with_a_kitty_costs_the_dealer_one_unit() -> None:
    """NAP-LAW-1, C-NAP-11: whoever points to the card exposed in dealing, the misdealer pays one unit into
    the kitty; his stake for the void deal is not charged (§14.8)."""
    got = rule(["P2 irregular NAP-LAW-1 5H"], options={"kitty": True}, pool=3, unit=2)
    assert got["irregularities"] == [entry(0, "P4", "NAP-LAW-1", 2, "current")]
    assert got["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": -2}
    assert got["pool"] == 5
    assert got["next"] == {"dealer": "P4", "multiplier": 1}
    conserved(got, 3)


def test_nap_law_1_keeps_a_running_double_header() -> None:
    """§14.20: after a misdeal the same dealer deals with the same multiplier."""
    got = rule(["P4 irregular NAP-LAW-1"], options={"all_pass": "double_header", "min_call": 3}, multiplier=2)
    assert got["next"] == {"dealer": "P4", "multiplier": 2}


def test_nap_law_1_after_the_first_call_is_refused() -> None:
    """NAP-LAW-1 is claimed before any call; afterwards no law voids the deal and nothing changes."""
    got = rule(["P1 pass", "P4 irregular NAP-LAW-1"])
    refused(got, 1, "NAP-LAW-1")
    assert got["net"] == dict.fromkeys(SEATS, 0)


def test_nap_law_1_a_card_that_does_not_exist_is_malformed() -> None:
    """DEAL-RECORD.md: a card that does not exist makes the record malformed (the referee exits 2)."""
    with pytest.raises(RecordError) as caught:
        rule(["P4 irregular NAP-LAW-1 1Z"])
    assert caught.value.field == "actions[0]"


# -- NAP-LAW-2: interfering with the deal, touching the stock ---------------------------------------------


def test_nap_law_2_touching_the_stock_costs_one_unit_into_the_kitty_and_the_deal_goes_on() -> None:
    """NAP-LAW-2: one unit into the kitty if one is in use; no re-deal unless cards were mixed or exposed."""
    start = rule(["P2 irregular NAP-LAW-2"], options={"kitty": True})
    assert start["complete"] is False and start["to_act"] == "P1"
    assert start["irregularities"] == [entry(0, "P2", "NAP-LAW-2", 1, "current")]
    assert start["pool"] == 2  # the dealer's stake and the fine
    got = rule(["P2 irregular NAP-LAW-2", *NX1_CALLS, *NX1_PLAY], options={"kitty": True})
    assert got["complete"] and got["made"] is True
    assert got["net"] == {"P1": -3, "P2": -4, "P3": 9, "P4": -4}
    assert got["pool"] == 2
    conserved(got)


def test_nap_law_2_without_a_kitty_costs_nothing() -> None:
    """NAP-LAW-2: "otherwise nothing"; touching the stock in play is recorded and play goes on."""
    got = rule([*NX1_CALLS, "P1 irregular NAP-LAW-2", *NX1_PLAY])
    assert got["irregularities"] == [entry(4, "P1", "NAP-LAW-2")]
    assert got["net"] == NX1_NET and got["pool"] == 0


@pytest.mark.parametrize("arg", ["mixed", "QS"])
def test_nap_law_2_mixed_or_exposed_cards_are_dealt_again(arg: str) -> None:
    """NAP-LAW-2 [I]: if cards were mixed or exposed, the same dealer deals again; the offender pays the
    unit, the dealer is not charged his stake for the void deal."""
    got = rule([f"P1 irregular NAP-LAW-2 {arg}"], options={"kitty": True})
    assert got["complete"] is True
    assert got["irregularities"] == [entry(0, "P1", "NAP-LAW-2", 1, "current")]
    assert got["net"] == {"P1": -1, "P2": 0, "P3": 0, "P4": 0}
    assert got["pool"] == 1
    assert got["next"] == {"dealer": "P4", "multiplier": 1}


def test_nap_law_2_re_deal_after_the_first_call_is_refused() -> None:
    """NAP-LAW-2: a re-deal is ordered only before any call; the fine alone may still be stated."""
    refused(rule(["P1 pass", "P2 irregular NAP-LAW-2 QS"]), 1, "NAP-LAW-2")
    assert rule(["P1 pass", "P2 irregular NAP-LAW-2"])["irregularities"] == [entry(1, "P2", "NAP-LAW-2")]


# -- NAP-LAW-3: dealing out of turn ------------------------------------------------------------------------


def test_nap_law_3_dealing_out_of_turn_before_the_first_call_is_void() -> None:
    """NAP-LAW-3: discovered before the first call, the deal is void, the wrong dealer's stake is returned,
    no penalty, and the proper dealer deals next."""
    got = rule(["P1 irregular NAP-LAW-3 P3"], options={"kitty": True}, pool=2)
    assert got["complete"] is True
    assert got["irregularities"] == [entry(0, "P4", "NAP-LAW-3")]
    assert got["net"] == dict.fromkeys(SEATS, 0) and got["pool"] == 2
    assert got["next"] == {"dealer": "P3", "multiplier": 1}


def test_nap_law_3_discovered_after_the_first_call_the_deal_stands() -> None:
    """NAP-LAW-3: discovered later, the deal stands and the deal passes on from the one who dealt."""
    actions = ["P1 pass", "P2 irregular NAP-LAW-3 P3", *NX1_CALLS[1:], *NX1_PLAY]
    got = rule(actions)
    assert got["irregularities"] == [entry(1, "P4", "NAP-LAW-3")]
    assert got["net"] == NX1_NET
    assert got["next"] == {"dealer": "P1", "multiplier": 1}


def test_nap_law_3_needs_a_proper_dealer_other_than_the_one_who_dealt() -> None:
    """NAP-LAW-3 names the seat whose deal it was: the dealer himself is refused, a missing or unknown seat
    is a malformed action."""
    refused(rule(["P1 irregular NAP-LAW-3 P4"]), 0, "NAP-LAW-3")
    for bad in ("P1 irregular NAP-LAW-3", "P1 irregular NAP-LAW-3 P9"):
        with pytest.raises(RecordError):
            rule([bad])


# -- NAP-LAW-4: calling out of turn ------------------------------------------------------------------------


def test_nap_law_4_call_out_of_turn_is_void_and_called_again_in_turn() -> None:
    """NAP-LAW-4 [I]: no penalty; the call is void and the player calls again in his proper turn."""
    assert rule(["P2 call nap"])["legal"] == rule([])["legal"]
    assert rule(["P2 call nap"])["to_act"] == "P1"
    got = rule(["P2 call nap", *NX1_CALLS, *NX1_PLAY])
    assert got["irregularities"] == [entry(0, "P2", "NAP-LAW-4")]
    assert (got["declarer"], got["contract"]) == ("P3", "3")
    assert got["net"] == NX1_NET


def test_nap_law_4_pass_out_of_turn_does_not_bind() -> None:
    """NAP-LAW-4: P3 passes out of turn, then calls three in his turn."""
    got = rule(["P3 pass", *NX1_CALLS, *NX1_PLAY])
    assert got["irregularities"] == [entry(0, "P3", "NAP-LAW-4")]
    assert got["net"] == NX1_NET


def test_nap_law_4_calling_while_cards_are_bought() -> None:
    """NAP-LAW-4: under Purchase Nap no call is made before the buying is over; a call then is out of turn."""
    options = {"purchase": True}
    cards = {**NX1, "stock": "AD KD QD"}
    got = rule(["P1 call 2", "P1 buy", "P2 buy", "P3 buy", "P4 buy"], options=options, cards=cards)
    assert got["irregularities"] == [entry(0, "P1", "NAP-LAW-4")]
    assert got["to_act"] == "P1" and "P1 call 2" in got["legal"]


def test_nap_law_4_stated_and_refused_once_the_calling_is_over() -> None:
    """``irregular NAP-LAW-4`` records a void call out of turn; after the calling it cannot apply."""
    assert rule(["P3 irregular NAP-LAW-4", *NX1_CALLS, *NX1_PLAY])["net"] == NX1_NET
    refused(rule([*NX1_CALLS, "P1 irregular NAP-LAW-4"]), 4, "NAP-LAW-4")


# -- NAP-LAW-5: altering a call, calling twice -------------------------------------------------------------


def test_nap_law_5_a_second_call_is_void_and_the_first_stands() -> None:
    """NAP-LAW-5: P2 called two; his later "four" is void, so P3's three is the highest call."""
    got = rule(["P1 pass", "P2 call 2", "P3 call 3", "P2 call 4", "P4 pass", *NX1_PLAY])
    assert got["irregularities"] == [entry(3, "P2", "NAP-LAW-5")]
    assert (got["declarer"], got["contract"], got["net"]) == ("P3", "3", NX1_NET)


def test_nap_law_5_calling_again_in_play() -> None:
    """NAP-LAW-5: a call once the calling is over is void; the senior hand still leads."""
    got = rule([*NX1_CALLS, "P1 call 4"])
    assert got["irregularities"] == [entry(4, "P1", "NAP-LAW-5")]
    assert got["to_act"] == "P3" and got["contract"] == "3"


def test_nap_law_5_stated_only_by_a_seat_that_has_called() -> None:
    assert rule(["P1 pass", "P2 call 2", "P2 irregular NAP-LAW-5"])["irregularities"] == [entry(2, "P2", "NAP-LAW-5")]
    refused(rule(["P3 irregular NAP-LAW-5"]), 0, "NAP-LAW-5")


# -- NAP-LAW-6: revoke -------------------------------------------------------------------------------------


def test_nap_law_6_revoke_by_an_opponent_counts_the_call_made_and_the_revoker_alone_pays() -> None:
    """NAP-LAW-6 (default): play stops; the call counts as made; the revoker pays the senior hand the win
    amount for every opponent (3 x 3), and the other opponents pay nothing."""
    got = rule([*NX1_CALLS, "P3 play AS", "P4 play 9H"])
    assert got["complete"] is True and got["made"] is True
    assert got["irregularities"] == [entry(5, "P4", "NAP-LAW-6", 9)]
    assert got["net"] == {"P1": 0, "P2": 0, "P3": 9, "P4": -9}
    assert got["tricks"] == [{"leader": "P3", "cards": ["AS"], "winner": None}]
    assert got["next"] == {"dealer": "P1", "multiplier": 1}


def test_nap_law_6_revoke_by_the_senior_hand_fails_his_call() -> None:
    """NAP-LAW-6 (default): by the senior hand, the call counts as failed and he pays each opponent the loss.
    P1 wins trick 2 and leads 9C; P3, holding 2C, plays KS."""
    play = [*NX1_PLAY[:4], "P3 play 4D", "P4 play 5D", "P1 play TD", "P2 play 3H", "P1 play 9C", "P2 play 7C"]
    got = rule([*NX1_CALLS, *play, "P3 play KS"])
    assert got["complete"] is True and got["made"] is False
    assert got["irregularities"] == [entry(14, "P3", "NAP-LAW-6", 9)]
    assert got["net"] == {"P1": 3, "P2": 3, "P3": -9, "P4": 3}


def test_nap_law_6_revoke_against_a_nap_counts_it_made_and_it_takes_the_kitty() -> None:
    """NAP-LAW-6 and §14.14: a Nap counted made after an opponent's revoke takes the kitty; the revoker pays
    10 for each of the three opponents."""
    got = rule([*NAP_CALLS, "P1 play AS", "P2 play AH"], cards=NAP, options={"kitty": True}, pool=4)
    assert got["irregularities"] == [entry(5, "P2", "NAP-LAW-6", 30)]
    assert got["net"] == {"P1": 35, "P2": -30, "P3": 0, "P4": -1}
    assert got["pool"] == 0
    conserved(got, 4)


def test_nap_law_6_revoke_under_a_double_header_is_paid_double_and_ends_it() -> None:
    """NAP-LAW-6, §14.13: the call counted made is a caller winning, paid at double; the stakes revert."""
    calls = ["P1 pass", "P2 pass", "P3 call 3", "P4 pass"]
    options = {"all_pass": "double_header", "min_call": 3}
    got = rule([*calls, "P3 play AS", "P4 play 9H"], options=options, multiplier=2)
    assert got["net"] == {"P1": 0, "P2": 0, "P3": 18, "P4": -18}
    assert got["next"] == {"dealer": "P1", "multiplier": 1}


def test_nap_law_6_revoke_against_misery_counts_it_made() -> None:
    """NAP-LAW-6 on NX-5's cards: P3 plays AD on the misery caller's 2C holding AC KC; misery counts made."""
    cards = {"P2": "2C 2D 3D 2H 3H", "P3": "AC KC AD KD QS", "P4": "TC 9C QD QH TS", "P1": "QC JC AH KH JS"}
    got = rule(["P1 call 2", "P2 call misery", "P3 pass", "P4 pass", "P2 play 2C", "P3 play AD"], cards=cards)
    assert (got["contract"], got["made"]) == ("misery", True)
    assert got["net"] == {"P1": 0, "P2": 9, "P3": -9, "P4": 0}


def test_nap_law_6_stated_without_the_card_has_the_same_consequence() -> None:
    """Contract: ``P4 irregular NAP-LAW-6`` (cards unknown or not shown) rules as the revoking card."""
    card = rule([*NX1_CALLS, "P3 play AS", "P4 play 9H"])
    stated = rule([*NX1_CALLS, "P3 play AS", "P4 irregular NAP-LAW-6"])
    for key in ("complete", "irregularities", "net", "pool", "next", "made", "tricks"):
        assert stated[key] == card[key], key
    refused(rule([*NX1_CALLS[:3], "P1 irregular NAP-LAW-6"]), 3, "NAP-LAW-6")


def test_nap_law_6_bic_fine_costs_five_units_and_the_card_is_taken_back() -> None:
    """NAP-LAW-6 under ``revoke_rule: bic_fine``: 5 units into the kitty; the revoker plays a legal card and
    play goes on."""
    options = {"revoke_rule": "bic_fine"}
    now = rule([*NX1_CALLS, "P3 play AS", "P4 play 9H"], options=options)
    assert now["complete"] is False
    assert now["irregularities"] == [entry(5, "P4", "NAP-LAW-6", 5, "current")]
    assert (now["to_act"], now["legal"], now["pool"]) == ("P4", ["P4 play 7S"], 5)
    assert now["tricks"] == [{"leader": "P3", "cards": ["AS"], "winner": None}]
    got = rule([*NX1_CALLS, "P3 play AS", "P4 play 9H", *NX1_PLAY[1:]], options=options)
    assert got["made"] is True
    assert got["net"] == {"P1": -3, "P2": -3, "P3": 9, "P4": -8}
    assert got["pool"] == 5  # a call of three does not take the kitty
    conserved(got)


def test_nap_law_6_bic_fine_goes_to_the_next_nap_made() -> None:
    """NAP-LAW-6 bic_fine and §14.14: the fine is paid into the kitty, which a made Nap takes."""
    actions = [*NAP_CALLS, "P1 play AS", "P2 play AH", "P2 play 9S", "P3 play AD", "P4 play AC", *NAP_TRICKS_2_TO_5]
    got = rule(actions, cards=NAP, options={"revoke_rule": "bic_fine"})
    assert got["made"] is True
    assert got["net"] == {"P1": 35, "P2": -15, "P3": -10, "P4": -10}
    assert got["pool"] == 0


def test_nap_law_6_replay_all_cards_back_and_the_revoker_pays_as_usual_when_the_call_is_made() -> None:
    """NAP-LAW-6 under ``revoke_rule: replay``: every card goes back and play restarts from the first lead;
    the replayed play (NX-1) decides the deal; P4 loses by it and pays as usual."""
    got = rule([*NX1_CALLS, "P3 play AS", "P4 play 9H", *NX1_PLAY], options={"revoke_rule": "replay"})
    assert got["irregularities"] == [entry(5, "P4", "NAP-LAW-6")]
    assert [t["cards"] for t in got["tricks"]] == [[a.split()[2] for a in NX1_PLAY[i : i + 4]] for i in (0, 4, 8)]
    assert got["net"] == NX1_NET and got["pool"] == 0


def test_nap_law_6_replay_the_revoker_wins_nothing() -> None:
    """NAP-LAW-6 replay (LOO-LAW-0b by analogy): on NX-2 the four fails in the replay; P4, who revoked,
    does not receive his 4: the senior hand pays it into the kitty, carried to the next deal."""
    actions = [*NX2_CALLS, "P2 play KH", "P3 play AH", "P4 play 7C", *NX2_PLAY]
    got = rule(actions, cards=NX2, dealer="P1", options={"revoke_rule": "replay"})
    assert got["irregularities"] == [entry(6, "P4", "NAP-LAW-6")]
    assert got["made"] is False
    assert got["net"] == {"P1": 4, "P2": -12, "P3": 4, "P4": 0}
    assert got["pool"] == 4
    conserved(got)


def test_nap_law_6_replay_a_senior_hand_who_revoked_is_not_paid() -> None:
    """NAP-LAW-6 replay: the senior hand states his own revoke in trick 1; he makes three in the replay,
    but wins nothing: the opponents' payments go into the kitty."""
    actions = [*NX1_CALLS, "P3 play AS", "P4 play 7S", "P3 irregular NAP-LAW-6", *NX1_PLAY]
    got = rule(actions, options={"revoke_rule": "replay"})
    assert got["irregularities"] == [entry(6, "P3", "NAP-LAW-6")]
    assert got["made"] is True
    assert got["net"] == {"P1": -3, "P2": -3, "P3": 0, "P4": -3}
    assert got["pool"] == 9


def test_nap_law_6_no_replay_is_demanded_in_nap() -> None:
    """The ``replay`` demand belongs to Loo's ``revoke_replay: optional``; in Nap it is refused."""
    refused(
        rule([*NX1_CALLS, "P3 play AS", "P4 play 9H", "P1 replay"], options={"revoke_rule": "replay"}), 6, "NAP-LAW-6"
    )


# -- NAP-LAW-7: leading or playing out of turn --------------------------------------------------------------


def test_nap_law_7_lead_out_of_turn_is_taken_back_without_penalty() -> None:
    """NAP-LAW-7: P1 leads before the senior hand; the card goes back and NX-1 is played as before."""
    got = rule([*NX1_CALLS, "P1 play JS", *NX1_PLAY])
    assert got["irregularities"] == [entry(4, "P1", "NAP-LAW-7")]
    assert got["net"] == NX1_NET


def test_nap_law_7_the_card_taken_back_does_not_fix_trumps() -> None:
    """§14.16: the card led out of turn does not fix trumps; P1 still holds it; P3 leads."""
    deal = table_deal([*NX1_CALLS, "P1 play JS"])
    assert deal.trump is None and deal.to_act == 2
    assert deal.hands[0] >> deal.parse_action("P1 play JS").cards[0] & 1


def test_nap_law_7_play_out_of_turn_in_a_trick_and_during_the_calling() -> None:
    """NAP-LAW-7: P1 plays before P4 in trick 1; P1 plays a card before the calling is over."""
    mid = rule([*NX1_CALLS, "P3 play AS", "P1 play JS", *NX1_PLAY[1:]])
    assert mid["irregularities"] == [entry(5, "P1", "NAP-LAW-7")] and mid["net"] == NX1_NET
    early = rule(["P1 play JS", *NX1_CALLS, *NX1_PLAY])
    assert early["irregularities"] == [entry(0, "P1", "NAP-LAW-7")] and early["net"] == NX1_NET


def test_nap_law_7_bic_fine_schedule_costs_three_units() -> None:
    """NAP-LAW-7 under ``revoke_rule: bic_fine`` (BIC: "for a lead out of turn, three chips")."""
    got = rule([*NX1_CALLS, "P1 play JS", *NX1_PLAY], options={"revoke_rule": "bic_fine"})
    assert got["irregularities"] == [entry(4, "P1", "NAP-LAW-7", 3, "current")]
    assert got["net"] == {"P1": -6, "P2": -3, "P3": 9, "P4": -3} and got["pool"] == 3


def test_nap_law_7_stated_with_a_card_he_holds() -> None:
    assert rule([*NX1_CALLS, "P2 irregular NAP-LAW-7 5S"])["irregularities"] == [entry(4, "P2", "NAP-LAW-7")]
    with pytest.raises(RecordError):
        rule([*NX1_CALLS, "P2 irregular NAP-LAW-7 AS"])


# -- NAP-LAW-8: exposed card -------------------------------------------------------------------------------


def test_nap_law_8_exposed_card_is_played_at_the_first_legal_opportunity() -> None:
    """NAP-LAW-8: no penalty; P4's exposed 9H cannot go on the spade lead (he must follow), and is his only
    legal card on the next trick, where he is void."""
    exposed = [*NX1_CALLS, "P4 irregular NAP-LAW-8 9H"]
    assert rule([*exposed, "P3 play AS"])["legal"] == ["P4 play 7S"]
    assert rule([*exposed, *NX1_PLAY[:5]])["legal"] == ["P4 play 9H"]
    assert rule([*exposed, *NX1_PLAY[:9]])["legal"] == ["P4 play 3C", "P4 play 5D", "P4 play 8H"]
    got = rule([*exposed, *NX1_PLAY])
    assert got["irregularities"] == [entry(4, "P4", "NAP-LAW-8")]
    assert got["net"] == NX1_NET


def test_nap_law_8_another_card_when_the_exposed_one_is_playable_is_refused() -> None:
    refused(rule([*NX1_CALLS, "P4 irregular NAP-LAW-8 9H", *NX1_PLAY[:5], "P4 play 8H"]), 10, "NAP-LAW-8")


def test_nap_law_8_the_senior_hand_leads_his_exposed_card() -> None:
    assert rule([*NX1_CALLS, "P3 irregular NAP-LAW-8 QS"])["legal"] == ["P3 play QS"]


def test_nap_law_8_a_card_not_held_is_malformed() -> None:
    with pytest.raises(RecordError):
        rule([*NX1_CALLS, "P4 irregular NAP-LAW-8 AS"])


# -- NAP-LAW-9: consultation -------------------------------------------------------------------------------


def test_nap_law_9_consultation_by_an_opponent_is_a_revoke_by_an_opponent() -> None:
    """NAP-LAW-9 [D]: ruled as NAP-LAW-6, opponent case: P1 alone pays 3 for each of three opponents."""
    got = rule([*NX1_CALLS, "P3 play AS", "P1 irregular NAP-LAW-9"])
    assert got["irregularities"] == [entry(5, "P1", "NAP-LAW-9", 9)]
    assert got["net"] == {"P1": -9, "P2": 0, "P3": 9, "P4": 0}
    assert got["complete"] is True and got["made"] is True


def test_nap_law_9_follows_the_revoke_rule() -> None:
    got = rule([*NX1_CALLS, "P2 irregular NAP-LAW-9", *NX1_PLAY], options={"revoke_rule": "bic_fine"})
    assert got["irregularities"] == [entry(4, "P2", "NAP-LAW-9", 5, "current")]
    assert got["net"] == {"P1": -3, "P2": -8, "P3": 9, "P4": -3}


def test_nap_law_9_only_an_opponent_in_play() -> None:
    """The senior hand has nobody to consult; before the calling ends there are no opponents yet."""
    refused(rule([*NX1_CALLS, "P3 irregular NAP-LAW-9"]), 4, "NAP-LAW-9")
    refused(rule(["P1 irregular NAP-LAW-9"]), 0, "NAP-LAW-9")


# -- NAP-LAW-10: Wellington or Blücher without a Nap ------------------------------------------------------


def test_nap_law_10_wellington_without_a_nap_is_void_and_replaced() -> None:
    """NAP-LAW-10: the illegal call is void; the same seat must call legally or pass."""
    after = rule(["P1 call wellington"])
    assert (after["to_act"], after["legal"]) == ("P1", rule([])["legal"])
    got = rule(["P1 call wellington", *NX1_CALLS, *NX1_PLAY])
    assert got["irregularities"] == [entry(0, "P1", "NAP-LAW-10")]
    assert got["net"] == NX1_NET


def test_nap_law_10_blucher_over_a_nap_without_a_wellington() -> None:
    got = rule(["P1 call nap", "P2 call blucher", "P2 pass", "P3 pass", "P4 pass"])
    assert got["irregularities"] == [entry(1, "P2", "NAP-LAW-10")]
    assert (got["declarer"], got["contract"], got["to_act"]) == ("P1", "nap", "P1")


def test_nap_law_10_is_not_a_call_the_options_forbid_nor_one_out_of_turn() -> None:
    """A Wellington where it is not played breaks NAP-CALL-4 (no law covers it); out of turn it is NAP-LAW-4."""
    refused(rule(["P1 call wellington"], variant="plain"), 0, "NAP-CALL-4")
    assert rule(["P2 call wellington"])["irregularities"] == [entry(0, "P2", "NAP-LAW-4")]
    assert rule(["P1 irregular NAP-LAW-10"])["irregularities"] == [entry(0, "P1", "NAP-LAW-10")]
    refused(rule(["P2 irregular NAP-LAW-10"]), 0, "NAP-LAW-10")


# -- what no law covers ------------------------------------------------------------------------------------


def test_unknown_law_and_loo_laws_are_refused() -> None:
    refused(rule(["P1 irregular NAP-LAW-11"]), 0, "NAP-LAW")
    refused(rule(["P1 irregular LOO-LAW-4"]), 0, "NAP-LAW")


def test_strict_mode_still_refuses_irregular_actions() -> None:
    """``mode: strict``: the revoke is an error citing NAP-PLAY-2, and ``irregular`` is refused."""
    refused(rule([*NX1_CALLS, "P3 play AS", "P4 play 9H"], mode="strict"), 5, "NAP-PLAY-2")
    assert rule(["P4 irregular NAP-LAW-1"], mode="strict")["error"]["rule"] == "NAP-LAW-1"
    assert rule(["P4 irregular NAP-LAW-1"], mode="strict")["complete"] is False


def snapshot(deal: NapDeal) -> tuple[object, ...]:
    return (
        list(deal.log),
        list(deal.irregularities),
        deal.net,
        deal.kitty,
        list(deal.hands),
        deal.to_act,
        deal.phase,
        deal.all_tricks(),
        list(deal.exposed),
        list(deal.calls),
    )


@pytest.mark.parametrize(
    "text",
    [
        "P1 irregular NAP-LAW-1",
        "P1 irregular NAP-LAW-3 P4",
        "P1 irregular NAP-LAW-4",
        "P3 irregular NAP-LAW-9",
        "P1 irregular NAP-LAW-12",
        "P3 peep",
        "P4 play 8H",
        "P1 replay",
    ],
)
def test_what_no_law_covers_changes_nothing(text: str) -> None:
    """Contract: bad input raises and changes nothing (here in trick 2 of NX-1, P4 to play)."""
    deal = table_deal([*NX1_CALLS, *NX1_PLAY[:5], "P4 irregular NAP-LAW-8 9H"])
    before = snapshot(deal)
    with pytest.raises(IllegalActionError):
        deal.apply(deal.parse_action(text))
    assert snapshot(deal) == before
    assert deal.next_dealer == 0 and not deal.offenders


def test_nothing_is_accepted_after_the_deal() -> None:
    """An action after the deal is complete: IllegalActionError from the engine, a malformed record for the
    referee (DEAL-RECORD.md)."""
    deal = table_deal([*NX1_CALLS, "P3 play AS", "P4 play 9H"])
    for text in ("P1 irregular NAP-LAW-7", "P1 play JS", "P1 call 4"):
        with pytest.raises(IllegalActionError):
            deal.apply(deal.parse_action(text))
    with pytest.raises(RecordError):
        rule([*NX1_CALLS, "P3 play AS", "P4 play 9H", "P1 irregular NAP-LAW-7"])


def test_a_table_mode_deal_round_trips_through_its_record() -> None:
    """record_of writes mode table and every action, irregular ones included; the referee reproduces it."""
    deal = table_deal(["P2 call nap", "P1 call wellington", *NX1_CALLS, "P1 play JS", "P4 irregular NAP-LAW-8 9H"])
    for text in NX1_PLAY:
        deal.apply(deal.parse_action(text))
    rec = record_of(deal)
    assert rec.mode == "table"
    again = referee(loads(dumps(rec)))
    assert again["net"] == dict(zip(SEATS, deal.net, strict=True)) == NX1_NET
    assert [i["rule"] for i in again["irregularities"]] == ["NAP-LAW-4", "NAP-LAW-10", "NAP-LAW-7", "NAP-LAW-8"]
    assert [i["index"] for i in again["irregularities"]] == [i.index for i in deal.irregularities] == [0, 1, 6, 7]


# -- the referee command on the records of tests/records/nap_laws/ ---------------------------------------


def test_every_law_has_a_referee_record() -> None:
    laws = set()
    for path in FIXTURES:
        assert path.with_name(path.stem + ".ruling.json").is_file(), path.name
        laws.update(
            i["rule"] for i in json.loads(path.with_name(path.stem + ".ruling.json").read_text())["irregularities"]
        )
    assert laws == {f"NAP-LAW-{i}" for i in range(1, 11)}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_referee_command_on_table_mode_records(path: Path) -> None:
    """``roundgames referee FILE`` prints the hand-worked ruling; the record round-trips; money is conserved."""
    proc = subprocess.run(
        [sys.executable, "-m", "roundgames", "referee", str(path)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    want = json.loads(path.with_name(path.stem + ".ruling.json").read_text(encoding="utf-8"))
    assert got == want
    text = path.read_text(encoding="utf-8")
    assert dumps(loads(text)) == text
    assert json.loads(text)["mode"] == "table"
    conserved(got, json.loads(text)["pool"])


def test_referee_command_malformed_law_argument_exits_2(tmp_path: Path) -> None:
    """DEAL-RECORD.md: an action that does not parse (a card that does not exist) is exit 2, one line on
    standard error naming the field, nothing on standard output."""
    target = tmp_path / "bad.json"
    target.write_text(dumps(record([*NX1_CALLS, "P4 irregular NAP-LAW-8 ZZ"])), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "roundgames", "referee", str(target)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert "actions[4]" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
