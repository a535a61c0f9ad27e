"""The expert at the command line: ``roundgames replay FILE --analyse [--seat NAME-or-N]`` and ``roundgames play
--hints`` (``h`` at a person's turn), as a user runs them; bad input exits with status 2 and one line naming the
flag and the value."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from cli_run import run_cli
from roundgames.records.deal import load, start
from roundgames.session.analysis import is_decision

RECORDS = Path(__file__).parent / "records"
NAP = RECORDS / "nx3_nap_made_five_players.json"
# An option's line (session.analysis.option_lines): the action, its value and the 95% interval's half-width, how
# often a strategy that mixes takes it, and its marks (on a line of their own, indented, where the line is long).
ROW = re.compile(r"^  (\S.*?)\s+([+-]\d+\.\d\d)(?: ± (\d+\.\d\d))?(?:\s+(\d+% of the time|never))?(?:\s{3,}(\S.*))?$")
MARKS = re.compile(r"^ {6}(\S.*)$")
LINE_WIDTH = 80  # the lines fit a terminal of 80 columns


@dataclass
class Row:
    action: str
    value: float
    half: float | None
    share: str | None
    marks: str


def rows(lines: list[str]) -> list[Row]:
    """The options in an expert's block of lines, each with its marks (from the line below it where they are there)."""
    found: list[Row] = []
    for line in lines:
        if (m := ROW.match(line)) is not None:
            half = float(m.group(3)) if m.group(3) else None
            found.append(Row(m.group(1), float(m.group(2)), half, m.group(4), m.group(5) or ""))
        elif found and not found[-1].marks and (more := MARKS.match(line)) is not None:
            found[-1].marks = more.group(1)
        else:
            continue
        assert len(line) <= LINE_WIDTH, line
    return found


def decisions_of(path: Path, seats: set[str]) -> list[str]:
    """The actions of ``seats`` that are decisions (in turn, more than one option), as the record writes them."""
    with path.open(encoding="utf-8") as fp:
        record = load(fp)
    deal = start(record)
    out = []
    for text in record.actions:
        action = deal.parse_action(text)
        if deal.seats[action.seat] in seats and is_decision(deal, action):
            out.append(text)
        deal.apply(action)
    return out


def blocks(out: str) -> list[tuple[str, str, list[str]]]:
    """Each position printed with an expert's block: (the action it follows, whose decision, the block's lines)."""
    found = []
    for frame in out.split("\n\n"):
        lines = frame.splitlines()
        after = next((ln for ln in lines if ln.startswith("Position ")), "")
        for i, line in enumerate(lines):
            if line.startswith("The expert on "):
                who = line.removeprefix("The expert on ").split("'s decision")[0]
                found.append((after.split("after ", 1)[-1].rstrip("."), who, lines[i + 1 :]))
    return found


def test_replay_analyse_all_prints_the_values_of_each_decision_after_it() -> None:
    run = run_cli("replay", str(NAP), "--analyse", "--all", "--ascii")
    assert run.returncode == 0, run.stderr
    expected = decisions_of(NAP, {"P1", "P2", "P3", "P4", "P5"})
    found = blocks(run.stdout)
    assert [after for after, _, _ in found] == expected  # one block after each decision, and no other
    for after, who, lines in found:
        assert after.startswith(who + " ")
        shown = rows(lines)
        # The expert's list, its choice first and the others best first, each with its 95% interval (this deal is
        # weighed by the search, whose worlds give one); after it, the action played when the expert did not list it.
        listed = [r for r in shown if "not on the expert's list" not in r.marks]
        assert listed and len(shown) - len(listed) <= 1, lines
        values = [r.value for r in listed]
        assert values[1:] == sorted(values[1:], reverse=True)
        assert all(r.half is not None and r.half >= 0 for r in listed), lines
        assert listed[0].marks.startswith("the expert's choice")
        taken = after.split(" ", 1)[1]  # "call nap", "play AD"
        assert [r.action for r in shown if "played" in r.marks] == [taken], (after, lines)
    summary = [ln for ln in run.stdout.splitlines() if ln.startswith("Analysis: ")]
    assert len(summary) == 1 and "P3: " in summary[0] and "expected loss" in summary[0]


@pytest.mark.parametrize("seat", ["P3", "p3", "3"])
def test_replay_analyse_seat_by_name_or_number_reviews_that_seat_alone(seat: str) -> None:
    run = run_cli("replay", str(NAP), "--analyse", "--seat", seat, "--all", "--ascii")
    assert run.returncode == 0, run.stderr
    found = blocks(run.stdout)
    assert [after for after, _, _ in found] == decisions_of(NAP, {"P3"})
    assert {who for _, who, _ in found} == {"P3"}
    assert [ln for ln in run.stdout.splitlines() if ln.startswith("Analysis: ")] == [
        next(ln for ln in run.stdout.splitlines() if ln.startswith("Analysis: P3: "))
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--analyse", "--seat", "Zed"], ["--seat Zed", "P1, P2, P3, P4, P5", "1 to 5"]),
        (["--analyse", "--seat", "6"], ["--seat 6", "1 to 5"]),
        (["--seat", "P3"], ["--seat P3", "--analyse"]),
    ],
)
def test_replay_refuses_a_bad_seat_with_status_2_and_one_line(args: list[str], words: list[str]) -> None:
    run = run_cli("replay", str(NAP), "--all", *args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("roundgames replay: error: ")
    for word in words:
        assert word in run.stderr, run.stderr


def test_replay_without_analyse_prints_no_values() -> None:
    run = run_cli("replay", str(NAP), "--all", "--ascii")
    assert run.returncode == 0 and "The expert" not in run.stdout and "Analysis:" not in run.stdout


def _script(*first: str) -> str:
    """What a person types: ``first``, then passes and card numbers enough to end a three-deal Nap sitting."""
    keys = ["p", "1", "2", "3", "4", "5"]
    return "".join(line + "\n" for line in first) + "".join(keys[i % 6] + "\n" for i in range(600))


def test_play_hints_h_weighs_the_options_and_the_sheet_and_saved_table_mark_the_deal(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    args = ["play", "nap", "--players", "3", "--seed", "5", "--plain", "--ascii", "--hints", "--save", str(save)]
    run = run_cli(*args, stdin=_script("h"))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Hints are allowed" in out
    hint = out.split("You> h\n", 1)[1].split("This deal is marked on the score sheet", 1)[0].splitlines()
    assert hint[0].startswith("Hint: the expert bot's expected net") and "95% interval" in hint[1]
    values = rows(hint[2:])
    assert values and values[0].marks == "the expert's choice"
    assert all(r.half is not None for r in values), hint
    assert "Played with hints: deal 1 (You)." in out.rsplit("The sitting is over.", 1)[1]  # the final score sheet
    saved = json.loads(save.read_text())
    assert saved["hints"] is True and saved["hinted"] == {"1": ["You"]}

    # The saved table, replayed with --analyse, reviews its person's decisions by default, each seeded as the
    # table seeded it: the first shows the values the hint showed at that turn.
    replayed = run_cli("replay", str(save), "--analyse", "--all", "--ascii")
    assert replayed.returncode == 0, replayed.stderr
    found = blocks(replayed.stdout)
    assert {who for _, who, _ in found} == {"You"}
    first = [(r.action, r.value, r.half) for r in rows(found[0][2]) if "not on" not in r.marks]
    assert first == [(r.action, r.value, r.half) for r in values]


def test_play_without_hints_says_h_is_off_and_marks_nothing() -> None:
    run = run_cli("play", "nap", "--players", "3", "--seed", "5", "--plain", "--ascii", stdin=_script("h"))
    assert run.returncode == 0, run.stderr
    assert "! h: hints are off at this table (allow them with: roundgames play --hints)" in run.stdout
    assert "Hint:" not in run.stdout and "Played with hints" not in run.stdout


def test_a_resumed_table_keeps_its_hints_setting(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    run_cli("play", "nap", "--players", "3", "--seed", "5", "--plain", "--save", str(save), stdin="q\n")
    run = run_cli("play", "--resume", str(save), "--plain", "--hints", stdin="q\n")
    assert run.returncode == 2 and "--hints: a resumed table keeps the settings it was saved with" in run.stderr
