"""``roundgames play --plain``: whole sittings of Loo and Nap with the person's moves typed on standard input.

Two kinds of drivers: :class:`Answerer` is a person at :func:`roundgames.terminal.plain.run` who reads what the
table printed and answers (by default the first action of the prompt's ``Legal:`` line); the subprocess
tests pipe a fixed script into ``python -m roundgames play ... --plain``, cycling through keys so that
some lines are refused with a message and the game goes on.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from roundgames import cli
from roundgames.core.cards import parse_cards
from roundgames.records.deal import from_json
from roundgames.records.sitting import records_of
from roundgames.session.table import PlaySettings, Table
from roundgames.terminal import plain

SUIT_SYMBOLS = set("♠♥♦♣♤♡♢♧")
RULE = re.compile(r"\((LOO|NAP)-[A-Z0-9-]+\)$")


def run_cli(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "roundgames", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def cycle(keys: list[str], count: int = 3000) -> str:
    """``count`` lines cycling through ``keys``: enough to finish a sitting."""
    return "".join(keys[i % len(keys)] + "\n" for i in range(count))


LOO_KEYS = ["s", "1", "2", "3"]  # stand when declaring; one of the card numbers is always legal
NAP_KEYS = ["p", "1", "2", "3", "4", "5"]  # pass when calling; one of the card numbers is always legal


def last_legal(text: str) -> list[str]:
    """The choices of the last ``Legal:`` line printed."""
    line = [ln for ln in text.splitlines() if ln.startswith("Legal: ")][-1]
    return line.removeprefix("Legal: ").split(" | ")


def first_legal(text: str) -> str:
    return last_legal(text)[0].split()[0]  # "s stand" -> "s", "1 8♠" -> "1", "buy CARDS" -> "buy"


class Answerer(io.TextIOBase):
    """Standard input for :func:`plain.run`: each line is ``choose(new_output, all_output)``; None ends input."""

    def __init__(self, out: io.StringIO, choose: Callable[[str, str], str | None] | None = None) -> None:
        self.out = out
        self.choose = choose or (lambda new, text: first_legal(text))
        self.seen = 0
        self.lines: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = self.out.getvalue()
        answer = self.choose(text[self.seen :], text)
        self.seen = len(text)
        if answer is None:
            return ""
        self.lines.append(answer)
        return answer + "\n"


def play(
    table: Table, choose: Callable[[str, str], str | None] | None = None, **settings: Any
) -> tuple[int, str, Answerer]:
    out = io.StringIO()
    answerer = Answerer(out, choose)
    status = plain.run(table, PlaySettings(**settings), answerer, out)  # type: ignore[arg-type]
    return status, out.getvalue(), answerer


def assert_sitting_over(table: Table, output: str) -> None:
    assert "The sitting is over." in output
    assert table.is_over
    rows = table.score_sheet()
    assert sum(total for _, _, total in rows) == 0  # the pool or kitty has been shared out: money is conserved
    for name, _, total in rows:
        assert re.search(rf"^  {re.escape(name)} +{re.escape(f'{total:+d}')}\b", output, re.M), name


# -- whole sittings, driven through plain.run ---------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed"), [("loo", 5, 1), ("loo", 4, 2), ("nap", 4, 1), ("nap", 3, 2)])
def test_a_whole_sitting_with_the_first_legal_action(game: str, players: int, seed: int) -> None:
    table = Table.new(game, players=players, humans=[0], seed=seed)
    status, output, answerer = play(table)
    assert status == 0
    assert_sitting_over(table, output)
    assert answerer.lines, "the person was asked to act"
    assert not [ln for ln in output.splitlines() if ln.startswith("!")]  # the first legal action is always legal
    assert "\x1b" not in output
    # Every deal the person took part in shows the person's numbered hand and a prompt.
    assert output.count("You> ") == len(answerer.lines)
    assert re.search(r"^Your hand: 1 \S+", output, re.M)


def test_a_loo_deal_in_which_the_person_takes_the_miss() -> None:
    state = {"took": False, "done": False}

    def choose(new: str, text: str) -> str | None:
        if state["took"] and "Deal over." in text[text.index("You take the miss") :]:
            return None  # that deal is over: leave the table
        legal = last_legal(text)
        if "m miss" in legal and not state["took"]:
            state["took"] = True
            return "m"
        return first_legal(text)

    table = Table.new("loo", players=4, humans=[0], seed=3)
    status, output, _ = play(table, choose, ascii=True)
    assert status == 0 and state["took"]
    record = next(r for r in records_of(table.sitting) if "You miss" in r.actions)
    after = output[output.index("You take the miss") :]  # the log's words; the record's are "You miss"
    # The person's hand is now the miss, and the deal was played out to its settlement.
    hands = re.findall(r"^Your hand: (.*)$", after, re.M)
    shown = sorted(re.findall(r"\d ([2-9TJQKA][SHDC])", hands[0]))
    assert shown == sorted(record.cards["miss"].split())
    assert "Deal over." in after
    assert from_json(json.loads(json.dumps(record.to_json()))).actions == record.actions


@pytest.mark.parametrize(("game", "rule"), [("loo", "LOO-PLAY-"), ("nap", "NAP-PLAY-2")])
def test_an_illegal_card_shows_its_rule_and_changes_nothing(game: str, rule: str) -> None:
    table = Table.new(game, players=4, humans=[0], seed=5)
    state: dict[str, Any] = {"before": None, "checked": False}

    def choose(new: str, text: str) -> str | None:
        if state["before"] is not None and not state["checked"]:
            message = [ln for ln in new.splitlines() if ln.startswith("!")]
            assert len(message) == 1 and RULE.search(message[0]) and rule in message[0], new
            assert table.to_json() == state["before"]  # nothing changed
            state["checked"] = True
            return first_legal(text)  # and the game goes on
        legal = last_legal(text)
        hand = re.findall(r"(\d) \S+", [ln for ln in text.splitlines() if ln.startswith("Your hand:")][-1])
        numbers = {choice.split()[0] for choice in legal}
        illegal = [n for n in hand if n not in numbers]
        if not state["checked"] and illegal and table.deal is not None and len(table.deal.trick_cards) > 0:
            state["before"] = table.to_json()
            return illegal[0]
        return first_legal(text)

    status, output, _ = play(table, choose)
    assert status == 0 and state["checked"]
    assert_sitting_over(table, output)


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_a_card_not_held_is_malformed_not_illegal_and_changes_nothing(game: str) -> None:
    """A card typed that the person does not hold is refused as malformed, citing RULES.md §14.23 and no rule of
    play (not LOO-PLAY-4 or NAP-PLAY-2), in the table's words (no record field), and the game goes on."""
    table = Table.new(game, players=4, humans=[0], seed=5)
    state: dict[str, Any] = {"before": None, "said": None}

    def choose(new: str, text: str) -> str | None:
        if state["before"] is not None and state["said"] is None:
            state["said"] = [ln for ln in new.splitlines() if ln.startswith("!")]
            assert table.to_json() == state["before"]  # nothing changed
            return first_legal(text)
        deal = table.deal
        playing = deal is not None and deal.to_act == 0 and any(a.verb == "play" for a in deal.legal_actions())
        if state["before"] is None and playing:
            stranger = next(c for c in ("AS", "KH", "QD", "JC", "TS", "9H", "2C") if c not in table_hand(text))
            state["before"] = table.to_json()
            return f"play {stranger}"
        return first_legal(text)

    status, output, _ = play(table, choose, ascii=True)
    assert status == 0 and state["said"] is not None
    [said] = state["said"]
    assert re.fullmatch(
        r"! You cannot play \S+: the seat does not hold it, so the action is malformed, not illegal \(RULES\.md "
        r"§14\.23\)",
        said,
    ), said
    assert "PLAY" not in said and "actions:" not in said
    assert_sitting_over(table, output)


def table_hand(text: str) -> set[str]:
    """The person's hand as the last ``Your hand:`` line shows it (``--ascii``: ``AS``, ``TD``)."""
    line = [ln for ln in text.splitlines() if ln.startswith("Your hand:")][-1]
    return set(re.findall(r"\d ([2-9TJQKA][SHDC])", line))


def test_a_play_out_of_turn_in_the_declaring_is_refused_with_its_rule() -> None:
    table = Table.new("loo", players=4, humans=[0], seed=5)
    answers = iter(["AS", "10H", "zz", "9", "q"])
    status, output, _ = play(table, lambda new, text: next(answers))
    assert status == 0
    refusals = [ln for ln in output.splitlines() if ln.startswith("!")]
    assert "must first stand, throw up or take the miss (LOO-DECL-1)" in refusals[0]
    assert "(LOO-DECL-1)" in refusals[1]
    assert "not a card" in refusals[2] and "not a card" in refusals[3]
    assert output.count("-- You to declare --") == 1  # asked again, the table unchanged
    fresh = Table.new("loo", players=4, humans=[0], seed=5)
    play(fresh, lambda new, text: "q")
    assert table.to_json() == fresh.to_json()


def test_help_rules_last_trick_and_score_sheet() -> None:
    table = Table.new("loo", players=4, humans=[0], seed=5)
    queue = ["?", "r", "g", "l"]

    def choose(new: str, text: str) -> str | None:
        if queue:
            return queue.pop(0)
        if "Last trick:" in text:
            return None
        if table.last_trick() is not None:
            return "l"
        return first_legal(text)

    status, output, _ = play(table, choose, ascii=True)
    assert status == 0
    assert "  s stand        stand on one's own cards" in output  # ?: the verbs, with their keys
    assert "  t throw        throw up" in output and "  m miss         take the miss" in output
    assert "Rules in force:" in output and "  Three-card Loo: three cards each" in output  # r: the rules in words
    assert "  Lead the highest trump: a leader holding the ace of trumps leads it" in output
    assert "Pam" not in output.split("Rules in force:")[1].split("How to play")[0]  # no Five-card rule at this table
    assert "type `roundgames rules loo --form three-card`" in output  # where to read the whole page
    assert "Score sheet, " in output and "Pool: " in output  # g
    assert "No trick has been played yet in this deal." in output  # l before a trick
    trick = re.search(r"^Last trick: (.*); (\S+) won it\.$", output, re.M)  # l after one
    assert trick is not None
    logged = [ln for ln in output.splitlines() if ln.startswith("  ") and f"({trick.group(1)})" in ln]
    assert logged and trick.group(2) in logged[0]  # the log's line for that trick names the same winner
    assert "!" not in "".join(ln[:1] for ln in output.splitlines())


def test_end_of_input_quits_cleanly_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    table = Table.new("nap", players=4, humans=[1], seed=9)
    status, output, _ = play(table, lambda new, text: None, save_path=str(save))
    assert status == 0
    assert output.rstrip().endswith(f"Saved the table to {save}; resume with: roundgames play --resume {save}")
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["format"] == "roundgames-table/1" and data["current"] is not None and data["humans"] == [1]


def test_watching_the_bots_needs_no_input() -> None:
    table = Table.new("nap", players=5, humans=[], seed=3, rounds=2)
    status, output, answerer = play(table, lambda new, text: pytest.fail("asked for input"))
    assert status == 0 and not answerer.lines
    assert_sitting_over(table, output)
    assert len(re.findall(r"^Deal \d+: ", output, re.M)) == 10  # two rounds of five dealers


# -- the command line -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "keys"), [("loo", LOO_KEYS), ("nap", NAP_KEYS)])
def test_scripted_sitting_through_the_command_line(game: str, keys: list[str], tmp_path: Path) -> None:
    """A complete sitting from a fixed script: refused lines get a one-line reason and the game goes on;
    the export holds records the referee accepts one by one; the same seed plays the same sitting in
    another process."""
    export = tmp_path / "records.json"
    args = ["play", game, "--plain", "--seed", "11", "--export", str(export)]
    result = run_cli(*args, stdin=cycle(keys), env={"PYTHONHASHSEED": "1"})
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "The sitting is over." in out and result.stderr == ""
    refusals = [ln for ln in out.splitlines() if ln.startswith("! ")]
    assert refusals and any(RULE.search(ln) for ln in refusals)
    assert "\x1b" not in out and SUIT_SYMBOLS & set(out)
    records = json.loads(export.read_text(encoding="utf-8"))
    assert f"Exported {len(records)} deal record" in out
    for i, record in enumerate(records):
        path = tmp_path / f"deal{i}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        ruling = subprocess_free_referee(path)
        assert ruling["complete"] is True and ruling["error"] is None
    again = run_cli(*args, stdin=cycle(keys), env={"PYTHONHASHSEED": "2"})
    assert again.stdout == out


def subprocess_free_referee(path: Path) -> dict[str, Any]:
    """``roundgames referee FILE``, run in this process."""
    buffer = io.StringIO()
    saved, sys.stdout = sys.stdout, buffer
    try:
        assert cli.main(["referee", str(path)]) == 0
    finally:
        sys.stdout = saved
    result: dict[str, Any] = json.loads(buffer.getvalue())
    return result


def test_ascii_and_no_colour(tmp_path: Path) -> None:
    result = run_cli(
        "play", "loo", "--plain", "--ascii", "--seed", "3", stdin=cycle(LOO_KEYS), env={"TERM": "xterm-256color"}
    )
    assert result.returncode == 0, result.stderr
    assert not SUIT_SYMBOLS & set(result.stdout)
    assert "\x1b" not in result.stdout and "\x1b" not in result.stderr
    assert re.search(r"^Your hand: 1 [2-9TJQKA][SHDC]\b", result.stdout, re.M)


def test_save_mid_deal_then_resume_with_the_same_cards(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    first = run_cli("play", "loo", "--plain", "--seed", "8", "--ascii", stdin=f"s\nsave {save}\nq\n")
    assert first.returncode == 0, first.stderr
    hand = [ln for ln in first.stdout.splitlines() if ln.startswith("Your hand:")][-1]
    data = json.loads(save.read_text(encoding="utf-8"))
    current = data["current"]
    assert current is not None and "You stand" in current["actions"]
    cards = re.findall(r"\d ([2-9TJQKA][SHDC])", hand)
    assert sorted(parse_cards(" ".join(cards))) == sorted(parse_cards(current["cards"]["You"]))

    export = tmp_path / "records.json"
    second = run_cli(
        "play", "--resume", str(save), "--plain", "--ascii", "--export", str(export), stdin=cycle(LOO_KEYS)
    )
    assert second.returncode == 0, second.stderr
    out = second.stdout
    assert f"Resumed from {save}." in out and "So far: " in out and "You stand" in out
    dealer = current["dealer"]
    heading = next(ln for ln in out.splitlines() if " in progress: " in ln)
    assert heading.endswith("You deal." if dealer == "You" else f"{dealer} deals."), heading
    assert next(ln for ln in out.splitlines() if ln.startswith("Your hand:")) == hand  # the same cards, same turn
    assert "The sitting is over." in out
    records = json.loads(export.read_text(encoding="utf-8"))
    resumed = records[len(data["deals"])]
    assert resumed["cards"] == current["cards"] and resumed["actions"][: len(current["actions"])] == current["actions"]
    # The save file follows the play (--resume FILE saves back to FILE): it now holds the finished sitting.
    assert json.loads(save.read_text(encoding="utf-8"))["current"] is None


def test_hot_seat_and_seat_choice() -> None:
    result = run_cli("play", "nap", "--plain", "--humans", "1,3", "--seed", "2", stdin=cycle(NAP_KEYS))
    assert result.returncode == 0, result.stderr
    assert "P1> " in result.stdout and "P3> " in result.stdout and "You" not in result.stdout
    seat = run_cli("play", "loo", "--plain", "--seat", "2", "--players", "3", "--seed", "2", stdin="q\n")
    assert seat.returncode == 0 and "Seats: P1 (sensible bot), You, P3 (sensible bot)." in seat.stdout
    watch = run_cli("play", "loo", "--plain", "--watch", "--players", "3", "--seed", "2")
    assert watch.returncode == 0 and "watching" in watch.stdout and "> " not in watch.stdout


def cli_status(*args: str) -> tuple[int, str, str]:
    """``roundgames ARGS`` in this process: the status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, io.StringIO("")
    try:
        status = cli.main(list(args))
    except SystemExit as e:
        status = int(e.code or 0)
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["play", "chess", "--plain"], "chess"),
        (["play", "--plain"], "game"),
        (["play", "loo", "--plain", "--players", "2"], "--players"),
        (["play", "nap", "--plain", "--players", "9"], "--players"),
        (["play", "loo", "--plain", "--players", "many"], "--players"),
        (["play", "loo", "--plain", "--preset", "whist"], "whist"),
        (["play", "loo", "--plain", "--option", "nonsense=1"], "nonsense"),
        (["play", "loo", "--plain", "--option", "club_law"], "NAME=VALUE"),
        (["play", "loo", "--plain", "--option", "club_law=maybe"], "club_law"),
        (["play", "loo", "--plain", "--seat", "7"], "--seat"),
        (["play", "loo", "--plain", "--humans", "1,x"], "--humans"),
        (["play", "loo", "--plain", "--humans", "2,9"], "--humans"),
        (["play", "loo", "--plain", "--humans", "1", "--seat", "2"], "--seat"),
        (["play", "loo", "--plain", "--watch", "--seat", "2"], "--seat"),
        (["play", "loo", "--plain", "--save", "/nonexistent/dir/t.json"], "--save"),
        (["play", "loo", "--plain", "--export", "/nonexistent/dir/r.json"], "--export"),
        (["play", "loo", "--plain", "--bots", "clever"], "clever"),
        (["play", "loo", "--plain", "--rounds", "0"], "--rounds"),
        (["play", "loo", "--plain", "--bot-delay", "-1"], "--bot-delay"),
        (["play", "loo", "--plain", "--resume", "/nonexistent/table.json"], "cannot read"),
        (["play", "loo", "--plain", "--resume", "x.json", "--players", "4"], "--players"),
        (["play", "loo", "--plain", "--frobnicate"], "frobnicate"),
        (
            ["play", "loo", "--plain", "--form", "four-card"],
            "--form: unknown form of loo 'four-card' (valid: three-card",
        ),
        (["play", "nap", "--plain", "--form", "five-card"], "--form: unknown form of nap 'five-card' (valid: nap)"),
        (["play", "loo", "--plain", "--form", "five-card", "--preset", "peel"], "--preset peel, which sets up Three"),
        (["play", "loo", "--plain", "--resume", "x.json", "--form", "irish"], "--form"),
        (["replay"], "file"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], word: str) -> None:
    status, out, err = cli_status(*args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err and word in err, err
    assert err.startswith("roundgames")


def test_resume_of_another_game_or_a_bad_file_exits_2(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    play(Table.new("loo", players=4, humans=[0], seed=1), lambda new, text: None, save_path=str(save))
    status, _, err = cli_status("play", "nap", "--plain", "--resume", str(save))
    assert status == 2 and "not nap" in err and err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "roundgames-deal/1"}', encoding="utf-8")
    status, _, err = cli_status("play", "--plain", "--resume", str(bad))
    assert status == 2 and "not a saved table" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "title"),
    [
        (["loo", "--form", "five-card"], "Five-card Loo"),
        (["loo", "--form", "irish"], "Irish Loo"),
        (["loo", "--form", "five_card"], "Five-card Loo"),
        (["loo", "--form", "three-card", "--preset", "enquire-within"], "Three-card Loo (Enquire Within's rules)"),
        (["loo", "--form", "three-card"], "Three-card Loo (Peel's rules)"),
        (["nap", "--form", "nap", "--preset", "modern"], "Nap (modern rules)"),
    ],
)
def test_play_takes_the_form_as_rules_does(args: list[str], title: str) -> None:
    """``roundgames play loo --form five-card``: the form by the name ``roundgames rules --form`` takes, set up by its
    own preset (or by --preset, one of the form's); the table names it in words."""
    status, out, err = cli_status("play", *args, "--plain", "--watch", "--seed", "1", "--bot-delay", "0")
    assert status == 0 and err == "", err
    assert out.startswith(f"{title}, ") and "The sitting is over." in out
    rules = cli_status("rules", *args[:3])
    assert rules[0] == 0 and rules[1].startswith(title.split(" (")[0].upper())  # the page of the same form


def test_q_says_what_is_kept_of_the_table(tmp_path: Path) -> None:
    """``q`` quits at once, saying that the table is not saved and how to keep it; with a save file, where it is
    and the command that sits down at it again."""
    status, out, _ = play(Table.new("loo", players=4, humans=[0], seed=1), lambda new, text: "q")
    assert status == 0
    assert out.rstrip().endswith(
        "Quit.\nThe table is not saved: type save FILE before q to keep it, and sit down at it again\n"
        "with roundgames play --resume FILE."
    )
    save = tmp_path / "t.json"
    status, out, _ = play(Table.new("loo", players=4, humans=[0], seed=1), lambda new, text: "q", save_path=str(save))
    assert out.rstrip().endswith(f"Quit.\nSaved the table to {save}; resume with: roundgames play --resume {save}")
    assert Table.load(str(save)).seed == 1


@pytest.mark.parametrize("hints", [False, True])
def test_the_help_offers_h_only_where_hints_are_allowed(hints: bool) -> None:
    answers = iter(["?", "q"])
    status, out, _ = play(Table.new("nap", players=4, humans=[0], seed=0, hints=hints), lambda n, t: next(answers))
    assert status == 0
    offered = "  h         a hint: the expert bot's value of each option (the deal is marked as hinted)"
    off = "  h         hints are off at this table (roundgames play --hints allows them)"
    assert (offered in out, off in out) == (hints, not hints)


def test_the_full_screen_table_missing_suggests_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "roundgames.terminal.tui", None)
    status, out, err = cli_status("play", "loo", "--seed", "1")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "--plain" in err and "Traceback" not in err
