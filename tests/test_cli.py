"""The ``roundgames`` command: malformed records, illegal actions, and the other subcommands.

DEAL-RECORD.md: a malformed record exits with status 2, one line on standard error naming the
field and the problem, nothing on standard output. An illegal action is not a malformed record:
it is a ruling (exit 0) whose ``error`` names the rule, and the rest of the ruling describes the
deal just before that action. The command runs in this process (tests/cli_run.py); the last tests
run it as a user does, ``python -m roundgames`` and the ``roundgames`` console script.
"""

from __future__ import annotations

import copy
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_run import python_m, run_cli, run_process
from roundgames import __version__
from roundgames.records.sitting import loads_sitting, sitting_from_records

RECORDS = Path(__file__).parent / "records"


def fixture(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return result


def edited(name: str, change: Callable[[dict[str, Any]], object]) -> str:
    """The fixture ``name`` as JSON text, after ``change`` has edited it in place."""
    record = copy.deepcopy(fixture(name))
    change(record)
    return json.dumps(record)


def with_actions(name: str, actions: list[str]) -> str:
    return edited(name, lambda r: r.update(actions=actions))


def first_actions(name: str, count: int, *more: str) -> str:
    return with_actions(name, fixture(name)["actions"][:count] + list(more))


def set_in(path: list[str], value: object) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop(path: list[str]) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def seats_of(count: int) -> Callable[[dict[str, Any]], None]:
    """Give the record ``count`` seats P1.., dealer P1, three distinct cards each."""
    ranks = "AKQJT98765432"
    cards = [r + s for s in "SHDC" for r in ranks]

    def change(record: dict[str, Any]) -> None:
        seats = [f"P{i + 1}" for i in range(count)]
        record.update(seats=seats, dealer="P1", actions=[])
        hands = {s: " ".join(cards[3 * i : 3 * i + 3]) for i, s in enumerate(seats)}
        n = 3 * count
        record["cards"] = {**hands, "miss": " ".join(cards[n : n + 3]), "turnup": cards[n + 3]}

    return change


LX3 = "lx3_regular_deal"
LX3_STANDS = ["P3 stand", "P4 stand", "P1 stand", "P2 stand"]

# name -> (record text, words the one line on stderr must contain: the field, and the problem)
MALFORMED: dict[str, tuple[str, list[str]]] = {
    "not_json": ('{"format": "roundgames-deal/1", "game": ', ["JSON"]),
    "not_an_object": ("[1, 2, 3]", ["object"]),
    "wrong_format": (edited(LX3, set_in(["format"], "roundgames-deal/9")), ["format"]),
    "unknown_game": (edited(LX3, set_in(["game"], "whist")), ["game", "whist"]),
    "unknown_variant": (edited(LX3, set_in(["variant"], "vegas")), ["variant", "vegas"]),
    "unknown_option": (edited(LX3, set_in(["options"], {"pam_be_civil": True})), ["option", "pam_be_civil"]),
    "nap_option_in_loo": (edited(LX3, set_in(["options"], {"min_call": 2})), ["option", "min_call"]),
    "bad_option_value": (edited(LX3, set_in(["options"], {"loo_mode": "huge"})), ["loo_mode", "huge"]),
    "bad_lead_rule": (edited(LX3, set_in(["options"], {"lead_rule": "lowest"})), ["lead_rule", "lowest"]),
    "bad_pack": (edited(LX3, set_in(["options"], {"pack": 36})), ["pack", "36"]),
    "bad_boolean_option": (edited(LX3, set_in(["options"], {"club_law": "yes"})), ["club_law", "yes"]),
    "bad_stands_out_value": (
        edited(LX3, set_in(["options"], {"dealer_stands_out_above": "five"})),
        ["dealer_stands_out_above", "five"],
    ),
    "mixed_without_cap": (edited(LX3, set_in(["options"], {"loo_mode": "mixed"})), ["loo_cap"]),
    "too_few_seats": (edited(LX3, seats_of(2)), ["seats", "2"]),
    "too_many_seats": (edited(LX3, seats_of(13)), ["seats", "13"]),
    "too_many_seats_pack32": (
        edited("opt_pack32", seats_of(10)),
        ["seats", "10"],
    ),
    "dealer_not_a_seat": (edited(LX3, set_in(["dealer"], "P9")), ["dealer", "P9"]),
    "card_1S": (edited(LX3, set_in(["cards", "P3"], "1S 4S 9D")), ["cards.P3", "1S"]),
    "card_ZZ": (edited(LX3, set_in(["cards", "P3"], "AS ZZ 9D")), ["cards.P3", "ZZ"]),
    "card_2S_pack32": (edited("opt_pack32", set_in(["cards", "P1"], "AH 8S 2S")), ["cards.P1", "2S"]),
    "turnup_2S_pack32": (edited("opt_pack32", set_in(["cards", "turnup"], "2S")), ["cards.turnup", "2S"]),
    "card_dealt_twice": (edited(LX3, set_in(["cards", "P1"], "JS 8H AS")), ["cards.", "AS"]),
    "turnup_dealt_twice": (edited(LX3, set_in(["cards", "turnup"], "AS")), ["cards.", "AS"]),
    "hand_too_small": (edited(LX3, set_in(["cards", "P3"], "AS 4S")), ["cards.P3", "2"]),
    "hand_too_big": (edited(LX3, set_in(["cards", "P3"], "AS 4S 9D 3C")), ["cards.P3", "4"]),
    "single_hand_too_big": (edited("lx1_single_winner", set_in(["cards", "P2"], "KH QH")), ["cards.P2", "2"]),
    "hand_missing": (edited(LX3, drop(["cards", "P1"])), ["cards.P1"]),
    "hand_for_unknown_seat": (edited(LX3, set_in(["cards", "P9"], "3C 4C 5C")), ["cards.P9"]),
    "miss_too_small": (edited(LX3, set_in(["cards", "miss"], "6C 2H")), ["cards.miss", "2"]),
    "miss_too_big": (edited(LX3, set_in(["cards", "miss"], "6C 2H 8D 3C")), ["cards.miss", "4"]),
    "turnup_missing": (edited(LX3, drop(["cards", "turnup"])), ["turnup"]),
    "action_unknown_verb": (with_actions(LX3, ["P3 dance"]), ["actions", "P3 dance"]),
    "action_no_verb": (with_actions(LX3, ["P3"]), ["actions", "P3"]),
    "action_play_no_card": (with_actions(LX3, [*LX3_STANDS, "P3 play"]), ["actions", "P3 play"]),
    "action_play_two_cards": (with_actions(LX3, [*LX3_STANDS, "P3 play AS 4S"]), ["actions", "AS 4S"]),
    "action_play_not_a_card": (with_actions(LX3, [*LX3_STANDS, "P3 play XX"]), ["actions", "XX"]),
    "action_unknown_seat": (with_actions(LX3, ["P9 stand"]), ["actions", "P9"]),
    "action_card_not_held": (with_actions(LX3, [*LX3_STANDS, "P3 play KD"]), ["actions", "KD"]),
    "action_card_already_played": (first_actions(LX3, 8, "P3 play AS"), ["actions", "AS"]),
    "action_card_not_held_out_of_turn": (with_actions(LX3, [*LX3_STANDS, "P1 play AS"]), ["actions", "AS"]),
    "action_after_complete": (first_actions(LX3, 16, "P3 stand"), ["actions", "P3 stand"]),
    "action_after_dealer_takes_pool": (
        first_actions("lx5_all_throw_dealer_takes_pool", 3, "P2 stand"),
        ["actions", "P2 stand"],
    ),
    "action_after_peel_single": (with_actions("lx1_single_winner", ["P2 stand"]), ["actions", "P2 stand"]),
    "action_after_miss_holder_takes_pool": (
        first_actions("decl9_miss_holder_takes_pool", 4, "P1 play 2H"),
        ["actions", "P1 play 2H"],
    ),
}


@pytest.mark.parametrize("text,words", list(MALFORMED.values()), ids=list(MALFORMED))
def test_malformed_record(text: str, words: list[str]) -> None:
    """Exit 2, one line on stderr naming the field and the problem, nothing on stdout, no traceback."""
    proc = run_cli("referee", "-", stdin=text)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert proc.stderr.endswith("\n")
    for word in words:
        assert word in lines[0], f"{word!r} not named in {lines[0]!r}"


def test_malformed_record_from_a_file(tmp_path: Path) -> None:
    """The same holds when the record is read from a file."""
    path = tmp_path / "bad.json"
    path.write_text(edited(LX3, set_in(["game"], "whist")), encoding="utf-8")
    proc = run_cli("referee", str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1
    assert "game" in proc.stderr and "Traceback" not in proc.stderr


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "no_such_record.json"
    proc = run_cli("referee", str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert "no_such_record.json" in lines[0]


# -- illegal actions are rulings ---------------------------------------------------------------


def trick(leader: str, cards: str, winner: str | None) -> dict[str, Any]:
    return {"leader": leader, "cards": cards.split(), "winner": winner}


LX3_T1 = trick("P3", "AS 2C JS TS", "P3")

# name -> (record text, index, action, rule, tricks before the action, net before it, pool on the table)
ILLEGAL: dict[str, tuple[str, int, str, str, list[dict[str, Any]], dict[str, int], int]] = {
    # Declaring out of turn (LOO-DECL-1): P3 declares first in LX-3.
    "declare_out_of_turn_first": (with_actions(LX3, ["P4 stand"]), 0, "P4 stand", "LOO-DECL-1", [], {"P2": -3}, 12),
    "declare_out_of_turn_skip": (
        with_actions(LX3, ["P3 stand", "P1 stand"]),
        1,
        "P1 stand",
        "LOO-DECL-1",
        [],
        {"P2": -3},
        12,
    ),
    "dealer_declares_early": (
        with_actions(LX3, ["P3 stand", "P2 stand"]),
        1,
        "P2 stand",
        "LOO-DECL-1",
        [],
        {"P2": -3},
        12,
    ),
    # The first lead out of turn (LOO-PLAY-1): P3 leads in LX-3.
    "first_lead_out_of_turn": (
        with_actions(LX3, [*LX3_STANDS, "P4 play 2C"]),
        4,
        "P4 play 2C",
        "LOO-PLAY-1",
        [],
        {"P2": -3},
        12,
    ),
    # Later play out of turn (LOO-PLAY-7): P4 follows P3, not P1.
    "play_out_of_turn": (
        with_actions(LX3, [*LX3_STANDS, "P3 play AS", "P1 play JS"]),
        5,
        "P1 play JS",
        "LOO-PLAY-7",
        [trick("P3", "AS", None)],
        {"P2": -3},
        12,
    ),
    # A later lead out of turn (LOO-PLAY-7): P3 won trick 1 and leads to trick 2.
    "second_lead_out_of_turn": (
        first_actions(LX3, 8, "P2 play KS"),
        8,
        "P2 play KS",
        "LOO-PLAY-7",
        [LX3_T1],
        {"P2": -3},
        12,
    ),
    # Failing to follow (LOO-PLAY-4): P1 holds JS.
    "fail_to_follow": (
        with_actions(LX3, [*LX3_STANDS, "P3 play AS", "P4 play 2C", "P1 play 8H"]),
        6,
        "P1 play 8H",
        "LOO-PLAY-4",
        [trick("P3", "AS 2C", None)],
        {"P2": -3},
        12,
    ),
    # A card that fails to follow and to head cites LOO-PLAY-4, the first in the order.
    "fail_to_follow_and_head": (
        first_actions("lx8_row1_follow_and_head", 5, "P2 play 5C"),
        5,
        "P2 play 5C",
        "LOO-PLAY-4",
        [trick("P1", "9H", None)],
        {"P4": -3},
        9,
    ),
    # Failing to head (LOO-PLAY-5): LX-8 row 1, KH heads the 9H.
    "fail_to_head": (
        first_actions("lx8_row1_follow_and_head", 5, "P2 play 3H"),
        5,
        "P2 play 3H",
        "LOO-PLAY-5",
        [trick("P1", "9H", None)],
        {"P4": -3},
        9,
    ),
    # Failing to trump (LOO-PLAY-6): LX-8 row 2, void in hearts with 7C 2C.
    "fail_to_trump": (
        first_actions("lx8_row2_void_must_trump", 6, "P3 play AD"),
        6,
        "P3 play AD",
        "LOO-PLAY-6",
        [trick("P1", "9H KH", None)],
        {"P4": -3},
        9,
    ),
    # Failing to overtrump (LOO-PLAY-6): LX-8 row 3, 8C overtrumps the 7C.
    "fail_to_overtrump_low_trump": (
        first_actions("lx8_row3_must_overtrump", 7, "P4 play 4C"),
        7,
        "P4 play 4C",
        "LOO-PLAY-6",
        [trick("P1", "9H KH 7C", None)],
        {"P4": -3},
        9,
    ),
    "fail_to_overtrump_discard": (
        first_actions("lx8_row3_must_overtrump", 7, "P4 play QS"),
        7,
        "P4 play QS",
        "LOO-PLAY-6",
        [trick("P1", "9H KH 7C", None)],
        {"P4": -3},
        9,
    ),
    # A wrong first lead (LOO-PLAY-2): holding the ace of trumps.
    "first_lead_not_ace": (
        with_actions(LX3, [*LX3_STANDS, "P3 play 4S"]),
        4,
        "P3 play 4S",
        "LOO-PLAY-2",
        [],
        {"P2": -3},
        12,
    ),
    # ... the king of trumps with the ace turned up (LX-9 row 1).
    "first_lead_not_king_ace_turned": (
        first_actions("lx9_row1_ace_up_king_led_highest", 4, "P1 play 3D"),
        4,
        "P1 play 3D",
        "LOO-PLAY-2",
        [],
        {"P4": -3},
        9,
    ),
    # ... the lower of two trumps under the default lead rule (the deal of opt_lead_one).
    "first_lead_not_highest_trump": (
        edited("opt_lead_one", lambda r: r.update(options={}, actions=[*r["actions"][:3], "P1 play 4S"])),
        3,
        "P1 play 4S",
        "LOO-PLAY-2",
        [],
        {"P3": -3},
        9,
    ),
    # ... under Cassell's lead, no trump: the highest card (KH), not the 9D.
    "first_lead_cassell_not_highest_card": (
        first_actions("opt_cassell_lead", 3, "P1 play 9D"),
        3,
        "P1 play 9D",
        "LOO-PLAY-2",
        [],
        {"P3": -3},
        9,
    ),
    # A wrong second lead (LOO-PLAY-3): P3 won trick 1 and holds the 4S.
    "second_lead_not_trump": (
        first_actions(LX3, 8, "P3 play 9D"),
        8,
        "P3 play 9D",
        "LOO-PLAY-3",
        [LX3_T1],
        {"P2": -3},
        12,
    ),
    # ... with two trumps, the higher (LX-9 row 7).
    "second_lead_not_higher_trump": (
        first_actions("lx9_row7_second_lead_two_trumps_highest", 8, "P1 play 3S"),
        8,
        "P1 play 3S",
        "LOO-PLAY-3",
        [trick("P1", "AS 2S 7C 9C", "P1")],
        {"P4": -3},
        9,
    ),
    # Taking the miss after it was taken (LOO-DECL-3).
    "miss_taken_twice": (
        with_actions("lx4_miss_taken", ["P4 stand", "P1 miss", "P2 miss"]),
        2,
        "P2 miss",
        "LOO-DECL-3",
        [],
        {"P3": -3},
        9,
    ),
    # The dealer may not throw up against a lone stander under must_defend (LOO-DECL-8).
    "dealer_throws_against_lone_stander": (
        with_actions("decl8_dealer_must_defend_legal", ["P1 stand", "P2 throw", "P3 throw", "P4 throw"]),
        3,
        "P4 throw",
        "LOO-DECL-8",
        [],
        {"P4": -3},
        9,
    ),
    # ``defend`` is legal nowhere but in the LOO-DECL-8 case.
    "defend_by_elder": (with_actions(LX3, ["P3 defend"]), 0, "P3 defend", "LOO-DECL-8", [], {"P2": -3}, 12),
    # Club law: throwing up is illegal (LOO-VAR-CLUBLAW).
    "club_law_throw": (
        with_actions("lx14_club_law", ["P1 stand", "P2 throw"]),
        1,
        "P2 throw",
        "LOO-VAR-CLUBLAW",
        [],
        {"P4": -3},
        9,
    ),
    # An EW single: all must play (LOO-VAR-EW-SINGLE).
    "ew_single_throw": (
        with_actions("opt_single_ew_only_stand", ["P1 throw"]),
        0,
        "P1 throw",
        "LOO-VAR-EW-SINGLE",
        [],
        {"P4": -3},
        6,
    ),
}


@pytest.mark.parametrize("case", list(ILLEGAL.values()), ids=list(ILLEGAL))
def test_illegal_action_is_a_ruling(case: tuple[str, int, str, str, list[dict[str, Any]], dict[str, int], int]) -> None:
    """Exit 0; ``error`` names the action and the rule; the rest is the deal just before the action."""
    text, index, action, rule, tricks, net, pool = case
    record = json.loads(text)
    proc = run_cli("referee", "-", stdin=text)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    ruling = json.loads(proc.stdout)
    error = ruling["error"]
    assert isinstance(error, dict)
    assert (error["index"], error["action"], error["rule"]) == (index, action, rule)
    assert record["actions"][index] == action
    assert isinstance(error["message"], str) and rule in error["message"]
    assert ruling["format"] == "roundgames-ruling/1"
    assert ruling["complete"] is False
    assert "to_act" not in ruling and "legal" not in ruling
    assert ruling["tricks"] == tricks
    assert ruling["irregularities"] == []
    assert ruling["net"] == {s: net.get(s, 0) for s in record["seats"]}
    assert ruling["pool"] == pool
    assert ruling["next"] is None
    assert sum(ruling["net"].values()) + ruling["pool"] - record["pool"] == 0


# -- the other subcommands -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["--help"], ["referee", "--help"], ["rules", "loo"], ["rules"], ["demo", "--seed", "1", "--players", "4"]],
    ids=["help", "referee_help", "rules_loo", "rules", "demo"],
)
def test_subcommands_run(args: list[str]) -> None:
    proc = run_cli(*args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip()
    assert "Traceback" not in proc.stderr


def test_rules_loo_lists_every_option() -> None:
    """``roundgames rules loo --options`` shows every Loo option of DEAL-RECORD.md's table."""
    out = run_cli("rules", "loo", "--options").stdout
    for name in [
        "form", "loo_mode", "single", "ante", "lead_rule", "second_lead", "leader", "dealer_lone_stander",
        "defender_looed", "club_law", "revoke_replay", "penalty_scale", "look_penalty_pool",
        "offender_double_loo", "dealer_stands_out_above", "pack", "first_dealer", "pam", "pam_free",
        "flush_pay", "flush_tie", "irish_flush",
    ]:  # fmt: skip
        assert name in out, name


def test_demo_is_repeatable() -> None:
    """The same seed plays the same sitting."""
    args = ["demo", "--seed", "1", "--players", "4"]
    assert run_cli(*args).stdout == run_cli(*args).stdout


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_demo_saves_the_sitting_as_deal_records_that_load_back(tmp_path: Path, game: str) -> None:
    """`demo --save FILE` writes the sitting as a JSON list of deal records, which load into the same sitting."""

    target = tmp_path / "sitting.json"
    result = run_cli("demo", "--game", game, "--players", "4", "--seed", "3", "--save", str(target))
    assert result.returncode == 0, result.stderr
    records = loads_sitting(target.read_text(encoding="utf-8"))
    assert records and all(r.game == game for r in records)
    sitting = sitting_from_records(records)
    assert len(records) == result.stdout.count("\nDeal ")
    balances = result.stdout.split("Balances: ")[1].splitlines()[0]
    if game == "loo":
        assert balances.startswith(", ".join(f"{name} {value:+d}" for name, value in sitting.balances.items()))
    else:  # the Nap demo shares out the kitty after its last deal; the records hold the deals only
        assert sum(sitting.balances.values()) + sitting.kitty == 0


def test_demo_save_to_an_unwritable_place_is_a_clear_error(tmp_path: Path) -> None:
    """A path that cannot be written exits 2 with one line naming it."""
    result = run_cli("demo", "--seed", "1", "--save", str(tmp_path / "no" / "such" / "dir.json"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--save" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "text",
    ["[" * 100000, '{"format": "roundgames-deal/1", "game": "loo", "pool": ' + "9" * 5000 + "}"],
    ids=["nested-too-deeply", "integer-of-5000-digits"],
)
def test_json_that_python_cannot_hold_is_a_malformed_record(text: str) -> None:
    """Deeply nested JSON or an integer too long to convert exits 2 with one line, never a traceback."""
    result = run_cli("referee", "-", stdin=text)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "record" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("text", ["[" * 100000, '{"a":' * 3000 + "1" + "}" * 3000], ids=["list", "object"])
def test_resuming_a_saved_table_of_deeply_nested_json_is_a_clear_error(tmp_path: Path, text: str) -> None:
    """`roundgames play --resume` on a file nested too deeply for Python: one line naming the file, exit 2."""
    save = tmp_path / "table.json"
    save.write_text(text)
    result = run_cli("play", "--resume", str(save), "--plain", stdin="q\n")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == f"roundgames play: error: load: {save}: file: nested too deeply to be a saved table"


@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "soon"])
def test_demo_refuses_a_bad_delay_without_a_traceback(delay: str) -> None:
    """`--delay` must be a number of seconds from 0: anything else is a usage error (exit 2)."""
    result = run_cli("demo", "--seed", "1", "--delay", delay)
    assert result.returncode == 2 and "--delay" in result.stderr and "Traceback" not in result.stderr


def test_a_single_whose_dealer_takes_no_part_is_ruled_on() -> None:
    """§14.3: in a Peel single a dealer who takes no part (leaving at his deal, LOO-END-3) gets no card and
    is not looed: the record simply has no hand for him."""
    record = {
        "format": "roundgames-deal/1",
        "game": "loo",
        "seats": ["P1", "P2", "P3", "P4"],
        "dealer": "P1",
        "kind": "single",
        "cards": {"P2": "KH", "P3": "4S", "P4": "JH", "turnup": "9H"},
    }
    result = run_cli("referee", "-", stdin=json.dumps(record))
    assert result.returncode == 0, result.stderr
    ruling = json.loads(result.stdout)
    # P1 pays his stake of 3 and is not looed; P2's KH wins the pool of 3; P3 and P4 are looed 3 each.
    assert ruling["net"] == {"P1": -3, "P2": 3, "P3": -3, "P4": -3}
    assert ruling["pool"] == 6 and ruling["next"] == {"dealer": "P2", "kind": "regular"}


# -- as a user runs it: a new interpreter -------------------------------------------------------------


def test_python_m_roundgames_rules_on_a_file_and_on_standard_input() -> None:
    """``python -m roundgames referee FILE`` and ``... referee -`` print what the command prints in this process."""
    path = RECORDS / f"{LX3}.json"
    expected = run_cli("referee", str(path))
    assert expected.returncode == 0 and json.loads(expected.stdout)["complete"] is True
    for proc in (python_m("referee", str(path)), python_m("referee", "-", stdin=path.read_text(encoding="utf-8"))):
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, expected.stdout, "")


def test_python_m_roundgames_refuses_a_malformed_record_with_one_line() -> None:
    proc = python_m("referee", "-", stdin=MALFORMED["unknown_game"][0])
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == 'roundgames referee: error: game: unknown game "whist" (valid: loo, nap)\n'


def test_the_console_script() -> None:
    """The ``roundgames`` console script of pyproject.toml runs ``roundgames.cli:main``."""
    script = Path(sys.executable).with_name("roundgames")
    command = str(script) if script.is_file() else shutil.which("roundgames")
    if command is None:
        pytest.skip("the roundgames console script is not installed")
    version = run_process(command, "--version")
    assert (version.returncode, version.stdout) == (0, f"roundgames {__version__}\n")
    proc = run_process(command, "referee", str(RECORDS / f"{LX3}.json"))
    assert (proc.returncode, proc.stdout) == (0, run_cli("referee", str(RECORDS / f"{LX3}.json")).stdout)
