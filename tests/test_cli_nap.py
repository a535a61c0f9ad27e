"""``roundgames referee`` on Nap records that are malformed (exit 2) or illegal but well formed (exit 0).

DEAL-RECORD.md: a malformed record exits with status 2, one line on standard error naming the field and
the problem, and nothing on standard output. An illegal action in a well-formed record is a ruling: exit 0,
with ``error`` naming the action's index, the action and the rule it breaks (RULES.md §14.10, §14.18), and
the rest of the ruling describing the deal just before that action. The command runs in this process
(tests/cli_run.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cli_run import Run, run_cli

NX1_CARDS = {"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"}
NX1_ACTIONS = [
    "P1 pass",
    "P2 call 2",
    "P3 call 3",
    "P4 pass",
    "P3 play AS",
    "P4 play 7S",
    "P1 play JS",
    "P2 play 5S",
    "P3 play KS",
    "P4 play 9H",
    "P1 play 6H",
    "P2 play 7C",
    "P3 play QS",
    "P4 play 8H",
    "P1 play TD",
    "P2 play 3H",
]


def nx1(**changes: Any) -> dict[str, Any]:
    """NX-1 (dealer P4; P3 calls three and makes it in three tricks), with ``changes``."""
    record: dict[str, Any] = {
        "format": "roundgames-deal/1",
        "game": "nap",
        "seats": ["P1", "P2", "P3", "P4"],
        "dealer": "P4",
        "cards": dict(NX1_CARDS),
        "actions": list(NX1_ACTIONS),
    }
    record.update(changes)
    return record


def referee(record: dict[str, Any] | str) -> Run:
    """``roundgames referee -`` with the record on standard input."""
    return run_cli("referee", "-", stdin=record if isinstance(record, str) else json.dumps(record))


def seats(n: int, dealer_cards: bool = True) -> tuple[list[str], dict[str, str]]:
    """``n`` seats P1..Pn, dealer Pn; five cards to each playing seat from a fixed pack order."""
    names = [f"P{i + 1}" for i in range(n)]
    ranks = "AKQJT98765432"
    pack = [r + s for s in "SHDC" for r in ranks]
    playing = names if dealer_cards else names[:-1]
    return names, {seat: " ".join(pack[5 * i : 5 * i + 5]) for i, seat in enumerate(playing)}


# -- malformed: exit 2, one line naming the field ----------------------------------------------------------

seven_names, seven_cards = seats(7, dealer_cards=False)
eight_names, eight_cards = seats(8, dealer_cards=False)
MALFORMED = {
    "one seat": (nx1(seats=["P1"], dealer="P1", cards={"P1": "AS KS QS JS TS"}, actions=[]), "seats"),
    "seven seats without max_players 7": (nx1(seats=seven_names, dealer="P7", cards=seven_cards, actions=[]), "seats"),
    "eight seats with max_players 7": (
        nx1(seats=eight_names, dealer="P8", cards=eight_cards, options={"max_players": 7}, actions=[]),
        "seats",
    ),
    "hand of four cards": (nx1(cards={**NX1_CARDS, "P2": "5S KH AH 7C"}), "cards.P2"),
    "hand of six cards": (nx1(cards={**NX1_CARDS, "P2": "5S KH AH 7C 3H 4H"}), "cards.P2"),
    "card dealt twice": (nx1(cards={**NX1_CARDS, "P1": "JS 6H TD 9C AS"}), "cards.P1"),
    "card not in a 32-card pack": (
        nx1(
            options={"pack": 32},
            cards={"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC 6C"},
            actions=[],
        ),
        "cards.P4",
    ),
    "card that does not exist": (nx1(cards={**NX1_CARDS, "P1": "JS 6H TD 9C 1H"}), "cards.P1"),
    "unknown call word": (nx1(actions=[*NX1_ACTIONS[:3], "P4 call six"]), "actions[3]"),
    "call without a word": (nx1(actions=[*NX1_ACTIONS[:3], "P4 call"]), "actions[3]"),
    "unknown verb": (nx1(actions=[*NX1_ACTIONS[:3], "P4 stand"]), "actions[3]"),
    "action without a verb": (nx1(actions=[*NX1_ACTIONS[:3], "P4"]), "actions[3]"),
    "play without a card": (nx1(actions=[*NX1_ACTIONS[:4], "P3 play"]), "actions[4]"),
    "play of a card that does not exist": (nx1(actions=[*NX1_ACTIONS[:4], "P3 play ZZ"]), "actions[4]"),
    "seat that does not exist": (nx1(actions=[*NX1_ACTIONS[:3], "P9 pass"]), "actions[3]"),
    "card played that the seat does not hold": (nx1(actions=[*NX1_ACTIONS[:4], "P3 play 9S"]), "actions[4]"),
    "card held by another seat": (nx1(actions=[*NX1_ACTIONS[:5], "P4 play JS"]), "actions[5]"),
    "action after the deal is complete": (nx1(actions=[*NX1_ACTIONS, "P3 play 4D"]), "actions[16]"),
    # NAP-PLAY-4: P3's three is made after trick 3; a fourth trick is past the end of the deal
    "action after the NAP-PLAY-4 early end": (nx1(actions=[*NX1_ACTIONS, "P3 play 2C"]), "actions[16]"),
    "pass after the early end": (nx1(actions=[*NX1_ACTIONS, "P1 pass"]), "actions[16]"),
    "miss heap in a Nap record": (nx1(cards={**NX1_CARDS, "miss": "2D 3D 4D"}), "cards.miss"),
    "turnup heap in a Nap record": (nx1(cards={**NX1_CARDS, "turnup": "2D"}), "cards.turnup"),
    "widow without peep": (nx1(cards={**NX1_CARDS, "widow": "2D"}), "cards.widow"),
    "spare hand without spare_hand": (nx1(cards={**NX1_CARDS, "spare": "2D 3D 4D 5D 6D"}), "cards.spare"),
    "stock without purchase or nap_top_card": (nx1(cards={**NX1_CARDS, "stock": "2D 3D"}), "cards.stock"),
    "seat dealt no hand": (nx1(cards={k: v for k, v in NX1_CARDS.items() if k != "P2"}), "cards.P2"),
    "cards to the dealer who sits out": (
        nx1(seats=seats(6)[0], dealer="P6", cards=seats(6)[1], actions=[]),
        "cards.P6",
    ),
    "unknown option": (nx1(options={"misere": True}), "options.misere"),
    "unknown option value": (nx1(options={"all_pass": "shuffle"}), "options.all_pass"),
    "loo field kind in a Nap record": (nx1(kind="single"), "kind"),
}


@pytest.mark.parametrize(("record", "field"), MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_nap_record_exits_2_naming_the_field(record: dict[str, Any], field: str) -> None:
    proc = referee(record)
    assert proc.returncode == 2, proc.stdout
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert field in lines[0], lines[0]


def test_not_json_exits_2() -> None:
    proc = referee('{"format": "roundgames-deal/1", "game": "nap",')
    assert (proc.returncode, proc.stdout, len(proc.stderr.splitlines())) == (2, "", 1)
    assert "record" in proc.stderr


def test_seven_seats_allowed_with_max_players_7() -> None:
    """NAP-GEN-1 option MAX_PLAYERS=7: seven seats are accepted (the dealer sits out, NAP-GEN-2)."""
    proc = referee(nx1(seats=seven_names, dealer="P7", cards=seven_cards, options={"max_players": 7}, actions=[]))
    assert proc.returncode == 0, proc.stderr
    ruling = json.loads(proc.stdout)
    assert ruling["error"] is None and ruling["to_act"] == "P1"


def test_two_and_six_seats_allowed() -> None:
    """NAP-GEN-1: two to six players."""
    names, cards = seats(2)
    assert referee(nx1(seats=names, dealer="P2", cards=cards, actions=[])).returncode == 0
    names, cards = seats(6, dealer_cards=False)
    assert referee(nx1(seats=names, dealer="P6", cards=cards, actions=[])).returncode == 0


# -- illegal but well formed: a ruling with an error -------------------------------------------------------

ILLEGAL = {
    # NAP-CALL-6 (§14.18): Wellington without a Nap
    "wellington without a nap": (["P1 pass", "P2 call wellington"], 1, "NAP-CALL-6"),
    "blucher over a nap": (["P1 call nap", "P2 call blucher"], 1, "NAP-CALL-6"),
    # NAP-CALL-2: a call not above the highest so far
    "call equal to the highest": (["P1 call 2", "P2 call 2"], 1, "NAP-CALL-2"),
    "call below the highest": (["P1 call 3", "P2 call 2"], 1, "NAP-CALL-2"),
    "misery over three": (["P1 call 3", "P2 call misery"], 1, "NAP-CALL-2"),
    "nap over nap": (["P1 call nap", "P2 call nap"], 1, "NAP-CALL-2"),
    # NAP-CALL-1: calling out of turn
    "call out of turn": (["P2 call 2"], 0, "NAP-CALL-1"),
    "pass out of turn": (["P1 pass", "P3 pass"], 1, "NAP-CALL-1"),
    # NAP-CALL-3: a second call by the same seat
    "second call by the same seat": (["P1 call 2", "P1 call 3"], 1, "NAP-CALL-3"),
    "call after passing": (["P1 pass", "P1 call 2"], 1, "NAP-CALL-3"),
    # NAP-PLAY-3: playing out of turn (the senior hand leads, NAP-PLAY-1)
    "lead out of turn": ([*NX1_ACTIONS[:4], "P1 play JS"], 4, "NAP-PLAY-3"),
    "play out of turn": ([*NX1_ACTIONS[:5], "P1 play JS"], 5, "NAP-PLAY-3"),
    # NAP-PLAY-2: not following suit when able
    "revoke": ([*NX1_ACTIONS[:5], "P4 play 9H"], 5, "NAP-PLAY-2"),
}


@pytest.mark.parametrize(("actions", "index", "rule"), ILLEGAL.values(), ids=ILLEGAL.keys())
def test_illegal_action_is_a_ruling_with_an_error(actions: list[str], index: int, rule: str) -> None:
    proc = referee(nx1(actions=actions))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    ruling = json.loads(proc.stdout)
    error = ruling["error"]
    assert (error["index"], error["action"], error["rule"]) == (index, actions[index], rule)
    assert isinstance(error["message"], str) and error["message"]
    # the rest describes the deal just before the action: nothing settled, nobody owes the table anything
    assert ruling["complete"] is False and ruling["next"] is None
    assert "legal" not in ruling and "to_act" not in ruling
    assert ruling["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": 0} and ruling["pool"] == 0
    assert ruling["made"] is None


def test_ruling_before_an_illegal_play_shows_the_tricks_so_far() -> None:
    """NAP-PLAY-2: P4 holds 7S when P3 leads AS, so 9H is a revoke; the ruling shows the trick as it stood."""
    ruling = json.loads(referee(nx1(actions=[*NX1_ACTIONS[:5], "P4 play 9H"])).stdout)
    assert ruling["tricks"] == [{"leader": "P3", "cards": ["AS"], "winner": None}]
    assert (ruling["declarer"], ruling["contract"]) == ("P3", "3")


def test_calls_below_min_call_or_switched_off_break_nap_call_4() -> None:
    """§14.18: a call the options do not allow (below min_call; misery, Wellington or Blücher switched off)
    breaks NAP-CALL-4."""
    cases = [
        ({"min_call": 2}, ["P1 call 1"], 0),
        ({"min_call": 3}, ["P1 pass", "P2 call 2"], 1),
        ({"misery": False}, ["P1 call 2", "P2 call misery"], 1),
        ({"wellington": False}, ["P1 call nap", "P2 call wellington"], 1),
        ({"blucher": False}, ["P1 call nap", "P2 call wellington", "P3 call blucher"], 2),
    ]
    for options, actions, index in cases:
        proc = referee(nx1(options=options, actions=actions))
        assert proc.returncode == 0, proc.stderr
        error = json.loads(proc.stdout)["error"]
        assert (error["index"], error["rule"]) == (index, "NAP-CALL-4"), (options, error)
    proc = referee(nx1(variant="plain", actions=["P1 call misery"]))
    assert json.loads(proc.stdout)["error"]["rule"] == "NAP-CALL-4"


def test_misery_may_be_called_whatever_min_call_is() -> None:
    """§14.13: misery may be called whatever min_call is."""
    proc = referee(nx1(options={"min_call": 3}, actions=["P1 call misery"]))
    ruling = json.loads(proc.stdout)
    assert ruling["error"] is None and ruling["to_act"] == "P2"


def test_option_verbs_without_their_option_are_illegal() -> None:
    """``widow`` (Peep Nap), ``topcard`` (nap_top_card) and ``raise`` (nap_challenge) parse, but without their
    option they are illegal: a ruling with an error at that action, not a malformed record."""
    for actions in (
        [*NX1_ACTIONS[:4], "P3 widow 2C"],
        [*NX1_ACTIONS[:4], "P3 topcard 2C"],
        ["P1 call nap", "P2 call wellington", "P1 raise"],
    ):
        proc = referee(nx1(actions=actions))
        assert proc.returncode == 0, proc.stderr
        error = json.loads(proc.stdout)["error"]
        assert (error["index"], error["action"]) == (len(actions) - 1, actions[-1])
        assert error["rule"].startswith("NAP-"), error


@pytest.mark.parametrize(
    ("action", "rule"),
    [("P1 irregular NAP-LAW-7 5H", "NAP-LAW-7"), ("P1 replay", "NAP-LAW-6")],
)
def test_irregularities_in_a_strict_record_are_rulings_with_an_error(action: str, rule: str) -> None:
    """In strict mode an `irregular` or `replay` action is a well-formed record whose ruling has an error
    (irregularities are ruled on in table mode), the same for Nap as for Loo."""
    record = {
        "format": "roundgames-deal/1",
        "game": "nap",
        "seats": ["P1", "P2", "P3", "P4"],
        "dealer": "P4",
        "cards": {"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"},
        "actions": [action],
    }
    result = referee(record)
    assert result.returncode == 0, result.stderr
    error = json.loads(result.stdout)["error"]
    assert error["index"] == 0 and error["rule"] == rule and rule in error["message"]
