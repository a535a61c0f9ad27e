"""``roundgames replay FILE``: a deal record, a list of records, a saved table and a keeper's file, stepped through
with every hand shown; forwards, backwards, jumps, ``--all``, ``--deal N``; a malformed file exits 2 with one line.
The command runs in this process (tests/cli_run.py)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from deal_files import keep_file, list_file, table_file
from roundgames.session.table import PlaySettings, Table
from roundgames.terminal import plain, replay

RECORDS = Path(__file__).parent / "records"


def cli_status(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``roundgames ARGS`` in this process: the status, standard output and standard error."""
    run = run_cli(*args, stdin=stdin)
    return run.returncode, run.stdout, run.stderr


def positions(output: str) -> list[tuple[int, int]]:
    """(deal, position) of each position printed, in order."""
    found = re.findall(r"^Deal (\d+) of \d+.*\nPosition (\d+) of", output, re.M)
    return [(int(d), int(p)) for d, p in found]


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_a_record_with_all_positions_and_every_hand() -> None:
    record = fixture("lx3_regular_deal")
    status, out, err = cli_status("replay", str(RECORDS / "lx3_regular_deal.json"), "--all", "--ascii")
    assert status == 0 and err == ""
    count = len(record["actions"])
    assert positions(out) == [(1, i) for i in range(count + 1)]
    first = out.split("\n\n")[0]
    for seat, cards in record["cards"].items():  # as dealt: every hand, and the miss, shown
        if seat in record["seats"]:
            assert re.search(rf"^  {seat}\b.*  {re.escape(cards)}$", first, re.M), seat
    assert f"  miss: {record['cards']['miss']}" in first
    for i, action in enumerate(record["actions"], 1):
        assert f"Position {i} of {count}: after {action}." in out
    last = out.strip().split("\n\n")[-1]
    ruling = json.loads(run_cli("referee", str(RECORDS / "lx3_regular_deal.json")).stdout)
    net = ", ".join(f"{seat} {value:+d}" for seat, value in ruling["net"].items())
    assert last.splitlines()[-1] == f"Complete. Looed: P1 6. {net}. Next pool 6; P3 deals a regular deal."


def test_stepping_forwards_backwards_and_jumping() -> None:
    path = str(RECORDS / "lx3_regular_deal.json")
    status, out, _ = cli_status("replay", path, stdin="n\n\np\ns 5\nb\ns 99\nd 2\n?\nzz\nq\n")
    assert status == 0
    assert positions(out) == [(1, 0), (1, 1), (1, 2), (1, 1), (1, 5), (1, 4)]
    assert "! deal 1 has positions 0 to 16" in out and "! there are deals 1 to 1" in out
    assert "s N: the position after action N" in out and "'zz': not a command" in out
    # The position after a play shows the trick, with suit symbols by default.
    fifth = out.split("Position 5 of 16")[1].split("replay>")[0]
    assert "after P3 play A♠." in fifth and "Trick: P3 A♠" in fifth
    # Backwards from the start, and forwards past the end, say so and stay.
    status, out, _ = cli_status("replay", path, stdin="p\ns 16\nn\n")
    assert "! this is the first position" in out and "! this is the last position" in out
    assert positions(out) == [(1, 0), (1, 16)]


def test_end_of_input_quits(tmp_path: Path) -> None:
    status, out, _ = cli_status("replay", str(RECORDS / "nx1_three_made_early_end.json"), stdin="")
    assert status == 0 and positions(out) == [(1, 0)]


def sitting_file(tmp_path: Path) -> tuple[Path, int]:
    path = tmp_path / "sitting.json"
    status, _, err = cli_status("demo", "--game", "nap", "--players", "3", "--seed", "4", "--save", str(path))
    assert status == 0, err
    return path, len(json.loads(path.read_text(encoding="utf-8")))


def test_a_sitting_list_deal_by_deal(tmp_path: Path) -> None:
    path, count = sitting_file(tmp_path)
    assert count >= 3
    status, out, _ = cli_status("replay", str(path), stdin="d 2\np\nn\nd 3\nq\n")
    assert status == 0
    last_of_one = len(json.loads(path.read_text(encoding="utf-8"))[0]["actions"])
    assert positions(out) == [(1, 0), (2, 0), (1, last_of_one), (2, 0), (3, 0)]
    assert f"Deal 2 of {count}: Nap (Peel's rules)" in out
    status, every, _ = cli_status("replay", str(path), "--all")
    assert status == 0
    records = json.loads(path.read_text(encoding="utf-8"))
    assert len(positions(every)) == sum(len(r["actions"]) + 1 for r in records)
    assert every.count("Complete.") == count


def test_a_saved_table_with_its_deal_in_progress(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    table = Table.new("loo", players=4, humans=[0], seed=6)
    answers = iter(["s", "q"])
    out = io.StringIO()
    plain.run(table, PlaySettings(save_path=str(save)), io.StringIO("".join(a + "\n" for a in answers)), out)
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["current"] is not None
    status, every, err = cli_status("replay", str(save), "--all", "--ascii")
    assert status == 0, err
    total = len(data["deals"]) + 1
    assert f"Deal {total} of {total} (in progress when saved)" in every
    last = every.strip().split("\n\n")[-1]
    assert f"Position {len(data['current']['actions'])} of {len(data['current']['actions'])}" in last
    assert "To act: You." in last
    for seat in data["seats"]:  # every hand of the deal in progress is shown
        cards = data["current"]["cards"].get(seat)
        if cards and f"{seat} throw" not in data["current"]["actions"]:
            assert any(line.startswith(f"  {seat}") for line in last.splitlines())


def test_an_illegal_action_stops_the_replay_with_its_rule(tmp_path: Path) -> None:
    record = fixture("lx3_regular_deal")
    record["actions"][6] = "P1 play 8H"  # P1 holds JS and must follow the ace of trumps led (LOO-PLAY-4)
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    status, out, err = cli_status("replay", str(path), "--all", "--ascii")
    assert status == 0 and err == ""
    assert positions(out)[-1] == (1, 6)
    assert "Action 7, P1 play 8H, is illegal: P1 cannot play 8H: must follow suit in spades (LOO-PLAY-4)." in out
    assert "The replay stops here." in out


@pytest.mark.parametrize(
    ("content", "word"),
    [
        ("{not json", "not JSON"),
        ("[]", "no deal"),
        ("42", "a deal record is a JSON object"),
        ('{"format": "roundgames-deal/1", "game": "whist"}', "game"),
        ('{"format": "roundgames-table/1", "deals": 3}', "deals"),
        ("LIST_WITH_BAD_SECOND", "sitting[1].seats"),
        ("TABLE_WITH_BAD_CURRENT", "current.cards"),
        ("RECORD_WITH_BAD_ACTION", "actions[2]"),
    ],
)
def test_malformed_files_exit_2_with_one_line(content: str, word: str, tmp_path: Path) -> None:
    good = fixture("lx3_regular_deal")
    if content == "LIST_WITH_BAD_SECOND":
        content = json.dumps([good, {**good, "seats": ["P1", "P1"]}])
    elif content == "TABLE_WITH_BAD_CURRENT":
        current = {**good, "cards": {**good["cards"], "P1": "AS AS 2C"}}
        content = json.dumps({**Table.new("loo", players=4, seed=1).to_json(), "current": current})
    elif content == "RECORD_WITH_BAD_ACTION":
        content = json.dumps({**good, "actions": [*good["actions"][:2], "P1 dance"]})
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, out, err = cli_status("replay", str(path), "--all")
    assert status == 2 and out == ""
    assert err.startswith("roundgames replay: error: ") and err.count("\n") == 1 and word in err, err


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run_cli("replay", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_load_text_numbers_the_deals() -> None:
    record = fixture("nx1_three_made_early_end")
    deals = replay.load_text(json.dumps([record, record]))
    assert [(d.number, d.count) for d in deals] == [(1, 2), (2, 2)]
    frames = deals[0].frames(ascii=True)
    assert len(frames) == len(record["actions"]) + 1
    assert "Complete." in frames[-1] and "made 3" in frames[-1]


# -- --deal N: one deal of a list, a saved table, a keeper's file --------------------------------------


@pytest.mark.parametrize(
    ("build", "number", "note"),
    [(list_file, 2, ""), (table_file, 3, " (in progress when saved)"), (keep_file, 2, "")],
    ids=["list", "table", "keep"],
)
def test_deal_n_replays_that_deal_alone(build: Any, number: int, note: str, tmp_path: Path) -> None:
    """``replay FILE --deal N`` steps through deal N only, numbered as in its file, each of its positions shown."""
    path, records = build(tmp_path)
    status, every, err = cli_status("replay", str(path), "--deal", str(number), "--all", "--ascii")
    assert status == 0 and err == ""
    actions = records[number - 1]["actions"]
    assert positions(every) == [(number, i) for i in range(len(actions) + 1)]
    assert f"Deal {number} of {len(records)}{note}: " in every
    for i, action in enumerate(actions, 1):
        assert f"Position {i} of {len(actions)}: after {action}." in every
    alone = tmp_path / "alone.json"
    alone.write_text(json.dumps(records[number - 1]), encoding="utf-8")
    _, by_itself, _ = cli_status("replay", str(alone), "--all", "--ascii")
    assert every.replace(f"Deal {number} of {len(records)}{note}", "Deal 1 of 1") == by_itself


def test_deal_n_steps_within_that_deal(tmp_path: Path) -> None:
    path, _ = list_file(tmp_path)
    status, out, _ = cli_status("replay", str(path), "--deal", "2", stdin="n\nd 1\nd 2\nq\n")
    assert status == 0 and out.startswith("1 deal to replay.")
    assert positions(out) == [(2, 0), (2, 1), (2, 0)]
    assert "! only deal 2 of 3 is here (--deal 2)" in out


def test_a_keepers_file_is_replayed_deal_by_deal(tmp_path: Path) -> None:
    """The keeper's deals have no cards: the positions show the declarations and the stated tricks."""
    path, records = keep_file(tmp_path)
    status, every, err = cli_status("replay", str(path), "--all", "--ascii")
    assert status == 0 and err == ""
    assert positions(every) == [(1, 0), (1, 1), *((2, i) for i in range(len(records[1]["actions"]) + 1))]
    last = every.strip().split("\n\n")[-1]
    assert "Last trick: Cat won it (cards not recorded)." in last and "To act: Cat." in last
    assert re.search(r"^  Ann\s+threw up\s+-$", last, re.M) and re.search(r"^  Cat\s+stood, 1 trick\s+-$", last, re.M)
