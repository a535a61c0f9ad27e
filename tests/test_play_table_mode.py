"""``roundgames play --mode table``: the laws at the terminal table (RULES.md §5, §8, §14.9).

The ``--plain`` tests run the command line in this process with a fixed script on standard input, as a
person would type it; the full-screen tests drive the Textual table as tests/test_tui.py does. The seeds
are fixed, so the cards and the bots' choices are too; each figure is worked out by hand from RULES.md
in the test that checks it.

Loo, seed 10, four players (You, P2, P3, P4): deal 1 is Peel's single (You -3, P2 -6, P3 -3, P4 -3; next
pool 15). In deal 2 P3 deals (D = 3, pool 18), clubs are trumps (turn-up 6C); P4 stands on QD 8H TD,
You stand on 5S 5H 9D, P2 and P3 throw up; P4 leads QD.

Nap, seed 0, four players: in deal 1 P3 calls 2 and leads KC (clubs trumps), P4 plays TC; You hold
2S AD 3D 2D 7C.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from roundgames import cli
from roundgames.core.cards import card_str
from roundgames.loo.deal import LooDeal
from roundgames.nap import NapDeal
from roundgames.records.deal import from_json, referee
from roundgames.records.sitting import records_of
from roundgames.session.table import PlaySettings, Table, hand_order
from roundgames.terminal import plain

# -- the --plain table, through the command line ------------------------------------------------------

# Enter after Peel's single (a law of the deal may still void it, §14.30), Enter at the word out of turn before the
# declaring, stand, Enter before P4 leads
SINGLE = ""
LOO_SEED10_TO_THE_REVOKE = [SINGLE, "", "s", ""]


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str, lines: list[str]) -> str:
    """``roundgames play ARGS --plain --ascii`` with ``lines`` typed at its prompts; returns what it printed."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert cli.main(["play", *args, "--plain", "--ascii"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def after(text: str, marker: str) -> str:
    assert marker in text, marker
    return text[text.index(marker) :]


def deal_records(path: Path) -> list[dict[str, Any]]:
    records = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(records, list)
    return records


def test_loo_law_14_a_revoke_confirmed_is_penalised_and_the_hand_replayed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    export = tmp_path / "records.json"
    script = [*LOO_SEED10_TO_THE_REVOKE, "5S", "y", "9D", "1", "1", "g", "q"]
    out = play(
        monkeypatch,
        capsys,
        "loo",
        "--players",
        "4",
        "--seed",
        "10",
        "--mode",
        "table",
        "--export",
        str(export),
        lines=script,
    )
    # Before it is played: the rule it breaks, the law, what it costs and does; then the question.
    asked = after(out, "You> 5S")
    assert asked.splitlines()[1:6] == [
        "! That breaks LOO-PLAY-4: You cannot play 5S: must follow suit in diamonds.",
        "  The law: LOO-LAW-14, revoke: a full loo (6) into the next pool; the hand is replayed; his winnings carried.",
        "  You will pay 6 into the next pool (LOO-LAW-14).",
        "  Every card goes back to its hand: the hand is replayed from the first lead.",
        "Play it anyway? y/n> y",
    ]
    # Confirmed: the card is logged with the law applied, and the hand is replayed from P4's first lead.
    played = after(asked, "You play 5S\n")
    assert played.splitlines()[1:4] == [
        "  LOO-LAW-14 applied to You: 6 into the next pool.",
        "  Every card goes back to its hand: the hand is replayed from the first lead.",
        "P4 plays QD",
    ]
    assert "Your hand: 1 5S  2 5H  3 9D" in played  # the revoking card is back in the hand
    # The replay in proper order (LOO-LAW-0b): You must follow with 9D; P4 wins all three tricks (QD over
    # 9D; then You hold only 5S 5H against his 8H and TD, and no trump). Each trick is 18 / 3 = 6, so P4
    # +18. You pay one full loo, 6, into the next pool and win nothing; the offender is not looed a second
    # time for taking no trick (LOO-LAW-0c). P3 dealt (D 3); P2 threw up. Next pool: the penalty, 6.
    assert "  Trick to P4 (P4 QD, You 9D)." in played
    assert "Deal over. Nobody looed. You -6, P2 +0, P3 -3, P4 +18. Next pool 6; P4 deals a regular deal." in played
    # The balances after the deal include the penalty: deal 1 then deal 2.
    sheet = after(played, "Score sheet, 2 deals finished")
    assert "  You   -9   (-3 -6)" in sheet and "  P4   +15   (-3 +18)" in sheet
    assert "  P3    -6   (-3 -3)" in sheet and "  P2    -6   (-6 +0)" in sheet
    # The record is a table-mode record the referee rules on the same way.
    record = deal_records(export)[1]
    assert record["mode"] == "table" and "You play 5S" in record["actions"]
    ruling = referee(from_json(record))
    assert ruling["irregularities"] == [{"index": 5, "seat": "You", "rule": "LOO-LAW-14", "penalty": 6, "pool": "next"}]
    assert ruling["net"] == {"You": -6, "P2": 0, "P3": -3, "P4": 18} and ruling["pool"] == 6


def test_loo_law_14_a_declined_confirmation_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    declined, untouched = tmp_path / "declined.json", tmp_path / "untouched.json"
    args = ("loo", "--players", "4", "--seed", "10", "--mode", "table")
    out = play(monkeypatch, capsys, *args, "--save", str(declined), lines=[*LOO_SEED10_TO_THE_REVOKE, "5S", "n", "q"])
    assert "Play it anyway? y/n> n\nNot done: nothing has changed.\nYou> q" in out
    assert "You play 5S" not in out and "applied to" not in out
    play(monkeypatch, capsys, *args, "--save", str(untouched), lines=[*LOO_SEED10_TO_THE_REVOKE, "q"])
    saved = json.loads(declined.read_text(encoding="utf-8"))
    assert saved == json.loads(untouched.read_text(encoding="utf-8"))
    assert saved["current"]["actions"][-1] == "P4 play QD"  # still the person's turn to follow P4's lead


def test_loo_law_4_stated_costs_a_single_into_the_current_pool(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seed 5: You deal deal 2 (pool 12) and declare last, so the table waits for a word before P2 begins."""
    export = tmp_path / "records.json"
    script = [SINGLE, "laws", "law 4", "y", "", "s", "", "1", "1", "1", "q"]
    args = ("loo", "--players", "4", "--seed", "5", "--mode", "table", "--export", str(export))
    out = play(monkeypatch, capsys, *args, lines=script)
    aside = after(out, "-- P2 begins the declaring; You may act out of turn (table mode) --")
    assert "Your hand: (face down until your turn: looking now is an irregularity, laws lists them)" in aside
    # laws lists every law of Loo, a line each, with the amounts at this table
    listed = aside[: aside.index("You (out of turn)> law 4")]
    assert listed.count("\n  LOO-LAW-") == 24
    assert "  LOO-LAW-4   looking at one's own cards before one's turn: S (3) into this pool" in listed
    stated = after(aside, "You (out of turn)> law 4")
    assert stated.splitlines()[1:5] == [
        "! The law: LOO-LAW-4, looking at one's own cards before one's turn: S (3) into this pool.",
        "  You will pay 3 into the current pool (LOO-LAW-4).",
        "State it? y/n> y",
        "You irregular LOO-LAW-4",
    ]
    # LX-12: S = 3 at once into the current pool, 12 + 3 = 15, so each trick is worth 5; he still declares.
    assert "  LOO-LAW-4 applied to You: 3 into the current pool." in stated
    assert "Trumps: diamonds (turn-up 8D). Pool: 15." in stated
    # P2 wins the three tricks (+15); P3 (miss) and You stood and took none: looed 6 each. You also paid
    # D 3 as dealer and the penalty 3: -12. Next pool 6 + 6 = 12.
    assert "Deal over. Looed: P3 6, You 6. You -12, P2 +15, P3 -6, P4 +0. Next pool 12;" in stated
    ruling = referee(from_json(deal_records(export)[1]))
    assert ruling["irregularities"] == [
        {"index": 0, "seat": "You", "rule": "LOO-LAW-4", "penalty": 3, "pool": "current"}
    ]


def test_clarification_27_loo_law_5_a_declaration_out_of_turn_is_made_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """LOO-LAW-5, §14.27: seed 10, deal 2, P4 is to begin the declaring; You stand out of turn (S = 3 into this
    pool: 21). The declaration takes effect at your turn by itself: the table never asks you to declare again,
    and the saved deal holds it once, where it was made."""
    saved = tmp_path / "table.json"
    args = ("loo", "--players", "4", "--seed", "10", "--mode", "table", "--save", str(saved))
    out = play(monkeypatch, capsys, *args, lines=[SINGLE, "s", "y", "", "q"])
    asked = after(out, "-- P4 begins the declaring; You may act out of turn (table mode) --")
    assert "! That breaks LOO-DECL-1: You cannot stand: it is P4's turn to declare." in asked
    assert "You stand\n  LOO-LAW-5 applied to You: 3 into the current pool." in asked
    assert "-- You to declare --" not in asked and "P4 stands\nP2 throws up\nP3 throws up" in asked
    current = json.loads(saved.read_text(encoding="utf-8"))["current"]
    assert current["actions"] == ["You stand", "P4 stand", "P2 throw", "P3 throw"]
    ruling = referee(from_json(current))
    assert ruling["irregularities"] == [
        {"index": 0, "seat": "You", "rule": "LOO-LAW-5", "penalty": 3, "pool": "current"}
    ]
    assert ruling["to_act"] == "P4" and ruling["pool"] == 21


def test_loo_law_10_a_lead_out_of_turn_at_the_word_before_the_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """P4 is to lead; You lead 5S first: a full loo into the next pool, and the card goes back (the replay
    from the first lead, LOO-LAW-0b, before any card was properly played)."""
    script = [SINGLE, "", "s", "5S", "y", "", "q"]
    out = play(monkeypatch, capsys, "loo", "--players", "4", "--seed", "10", "--mode", "table", lines=script)
    asked = after(out, "-- P4 begins the play; You may act out of turn (table mode) --")
    assert "! That breaks LOO-PLAY-1: You cannot play 5S: it is P4's turn to lead." in asked
    assert "You play 5S\n  LOO-LAW-10 applied to You: 6 into the next pool.\nYou (out of turn)> " in asked
    assert "P4 plays QD" in asked and "Your hand: 1 5S  2 5H  3 9D" in after(asked, "P4 plays QD")


def test_nap_law_6_a_revoke_by_an_opponent_ends_the_deal_with_the_right_payments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    export = tmp_path / "records.json"
    script = ["", "p", "", "1", "y", "g", "q"]
    args = ("nap", "--players", "4", "--seed", "0", "--mode", "table", "--export", str(export))
    out = play(monkeypatch, capsys, *args, lines=script)
    asked = after(out, "You> 1")
    assert asked.splitlines()[1:5] == [
        "! That breaks NAP-PLAY-2: You cannot play 2S: must follow suit in clubs.",
        "  The law: NAP-LAW-6, revoke: play stops; by the senior hand his call fails, by an opponent it counts "
        "as made and the revoker alone pays the senior hand for every opponent.",
        "  You will pay 6 (NAP-LAW-6).",
        "  The deal ends here: You -6, P2 +0, P3 +6, P4 +0.",
    ]
    # NAP-LAW-6 [D]: play stops; P3's call of 2 counts as made; You alone pay him the win (2 units) for
    # each of his three opponents: 6. P2 and P4 pay nothing.
    assert "You play 2S\n  NAP-LAW-6 applied to You: 6 paid between the players.\nDeal over. P3 made 2. " in asked
    assert "P3 made 2. You -6, P2 +0, P3 +6, P4 +0." in asked
    assert "  You   -6   (-6)" in after(asked, "Score sheet, 1 deal finished")
    ruling = referee(from_json(deal_records(export)[0]))
    assert ruling["irregularities"] == [{"index": 6, "seat": "You", "rule": "NAP-LAW-6", "penalty": 6, "pool": None}]
    assert ruling["made"] is True and ruling["net"] == {"You": -6, "P2": 0, "P3": 6, "P4": 0}


def test_nap_law_4_a_call_out_of_turn_is_void(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(
        monkeypatch, capsys, "nap", "--players", "4", "--seed", "0", "--mode", "table", lines=["3", "y", "", "q"]
    )
    asked = after(out, "You (out of turn)> 3")
    assert "! That breaks NAP-CALL-1: " in asked and "The law: NAP-LAW-4, calling out of turn" in asked
    assert "NAP-LAW-4 costs You nothing." in asked
    assert "You call 3\n  NAP-LAW-4 applied to You: no penalty.\nYou (out of turn)> \nP3 calls 2" in asked
    assert "Legal: p pass | i misery | 3 | 4 | n nap" in asked  # void: he calls again in his turn


def test_save_and_resume_keep_table_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "table.json"
    args = ("loo", "--players", "4", "--seed", "10", "--mode", "table", "--save", str(save))
    play(monkeypatch, capsys, *args, lines=[*LOO_SEED10_TO_THE_REVOKE, "q"])
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["mode"] == "table" and saved["current"]["mode"] == "table"
    out = play(monkeypatch, capsys, "--resume", str(save), lines=["r", "5S", "y", "9D", "1", "1", "q"])
    assert "Table mode: an irregular action is ruled by its law" in out
    assert "  Table mode: an irregular action is accepted and its law applied" in out
    assert "  LOO-LAW-14 applied to You: 6 into the next pool." in out
    assert "Deal over. Nobody looed. You -6, P2 +0, P3 -3, P4 +18. Next pool 6; P4 deals a regular deal." in out
    assert Table.load(str(save)).table_mode
    # and a resumed table takes no new mode
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "--resume", str(save), "--mode", "strict", "--plain"]) == 2
    assert "--mode: a resumed table keeps the settings it was saved with" in capsys.readouterr().err


def test_strict_mode_still_refuses_with_the_rule(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(
        monkeypatch, capsys, "loo", "--players", "4", "--seed", "10", lines=["s", "5S", "law 4", "laws", "r", "q"]
    )
    # No word out of turn in strict mode: the table never asks for one (the rules text, "r", may still speak of a
    # declaration made out of turn: LOO-LAW-5 and §14.33 are rules the players read, whatever the mode)
    assert "may act out of turn" not in out and "(out of turn)>" not in out and "Table mode" not in out
    refusals = [line for line in out.splitlines() if line.startswith("! ")]
    assert refusals == [
        "! You cannot play 5S: must follow suit in diamonds (LOO-PLAY-4)",
        "! law: irregularities are accepted only in table mode (roundgames play --mode table)",
        "! laws: irregularities are accepted only in table mode (roundgames play --mode table)",
    ]
    assert "anyway" not in out and "applied to" not in out
    assert "  Strict play: an action the rules forbid is refused, with its rule" in out


def test_mode_is_in_the_help_and_the_readme(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--mode {strict,table}" in help_text and "strict (default)" in help_text
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "`--mode strict|table`" in readme


def test_demo_in_table_mode_a_slip_is_ruled_by_its_law(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Seed 3, Loo: in deal 4 P1 (a random player) slips and plays 9C on P2's 7H after P4's QH, holding
    the trump 7D that would head the trick: LOO-LAW-15, a full loo (6) into the next pool, and the replay."""
    save = tmp_path / "demo.json"
    args = ["demo", "--mode", "table", "--players", "4", "--seed", "3", "--max-deals", "6", "--save", str(save)]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith("Table mode: now and then a player slips")
    assert "  P1 play 9C\n    LOO-LAW-15 applied to P1: 6 into the next pool.\n    Every card goes back" in out
    records = deal_records(save)
    rulings = [referee(from_json(record)) for record in records]
    assert all(r["complete"] and r["error"] is None for r in rulings)
    assert {"index": 6, "seat": "P1", "rule": "LOO-LAW-15", "penalty": 6, "pool": "next"} in rulings[3][
        "irregularities"
    ]
    assert all(record["mode"] == "table" for record in records)
    assert cli.main(["demo", "--players", "4", "--seed", "3", "--max-deals", "6"]) == 0
    assert "applied" not in capsys.readouterr().out  # strict, the default: nobody slips


@pytest.mark.parametrize(("game", "players"), [("loo", 5), ("nap", 4)])
def test_bots_never_commit_irregularities(game: str, players: int) -> None:
    table = Table.new(game, players=players, humans=[], seed=3, rounds=2, table_mode=True)
    out = io.StringIO()
    assert plain.run(table, PlaySettings(ascii=True), io.StringIO(), out) == 0
    assert "The sitting is over." in out.getvalue() and "out of turn" not in out.getvalue()
    assert len(table.sitting.deals) >= players * 2
    for record in records_of(table.sitting):
        assert record.mode == "table"
        assert referee(record)["irregularities"] == []


# -- the full-screen table --------------------------------------------------------------------------

pytest.importorskip("textual")

from rich.text import Text  # noqa: E402
from textual.pilot import Pilot  # noqa: E402
from textual.widgets import RichLog, Static  # noqa: E402

from roundgames.terminal.tui import ConfirmScreen, InfoScreen, LawScreen, TableApp  # noqa: E402

SIZE = (80, 24)


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(coro)


def quick(**kw: Any) -> PlaySettings:
    return PlaySettings(bot_delay=0, trick_pause=0, ascii=True, **kw)


def status(app: TableApp) -> str:
    content = app.query_one("#status", Static).content
    return content.plain if isinstance(content, Text) else str(content)


def screen_text(app: TableApp) -> str:
    parts = []
    for w in app.screen.query(Static):
        content = w.content
        parts.append(content.plain if isinstance(content, Text) else str(content))
    return "\n".join(parts)


def legal_index(app: TableApp) -> int:
    """The number (from 1) of the person's first legal card as the table shows his hand."""
    deal = app.table.deal
    assert deal is not None
    hand = [card_str(c) for c in hand_order(deal.hands[0])]
    return hand.index(app.table.legal_texts(0)[0]) + 1


def log_text(app: TableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


async def loo_seed10_to_the_revoke(pilot: Pilot[int], app: TableApp) -> LooDeal:
    """Deal 2 of seed 10, up to the person's turn to follow P4's lead of QD."""
    await pilot.press("enter")  # past Peel's single
    assert app.waiting == "aside" and "before P4 begins" in status(app)
    assert "table mode" in screen_text(app)  # the header says so
    await pilot.press("space", "s")
    assert app.waiting == "aside"  # before P4 leads
    await pilot.press("space")
    deal = app.table.deal
    assert isinstance(deal, LooDeal) and app.table.to_act == 0 and app.waiting is None
    return deal


def test_tui_loo_law_14_a_revoke_asks_first_then_the_law_applies_and_the_hand_is_replayed() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=10, table_mode=True)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            deal = await loo_seed10_to_the_revoke(pilot, app)
            await pilot.press("1")  # 5S: the pick says what it breaks, and that Enter plays it anyway
            assert status(app).startswith("! You cannot play 5S: must follow suit in diamonds (LOO-PLAY-4);")
            await pilot.press("enter")
            assert isinstance(app.screen, ConfirmScreen)
            shown = screen_text(app)
            assert "Play it anyway?" in shown and "The law: LOO-LAW-14, revoke" in shown
            assert "You will pay 6 into the next pool (LOO-LAW-14)." in shown
            assert "the hand is replayed from the first lead" in shown
            await pilot.press("y")
            assert not isinstance(app.screen, ConfirmScreen)
            assert [(i.rule, i.penalty, i.pool) for i in deal.irregularities] == [("LOO-LAW-14", 6, "next")]
            assert "Every card goes back to its hand" in log_text(app)
            assert len(deal.tricks) == 0 and deal.trick_cards == [36] and table.to_act == 0  # P4's QD again
            for _ in range(3):  # the replay, in proper order: the first legal card each time
                await pilot.press(str(legal_index(app)), "enter")
                assert not isinstance(app.screen, ConfirmScreen)
            assert app.waiting == "deal"
            assert deal.is_complete and deal.net == [-6, 0, -3, 18]  # as worked out in the --plain test
            assert "You -6, P2 +0, P3 -3, P4 +18" in screen_text(app)
            balances = {name: total for name, _, total in table.score_sheet()}
            assert balances == {"You": -9, "P2": -6, "P3": -6, "P4": 15}

    run(main())


def test_tui_a_declined_confirmation_changes_nothing() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=10, table_mode=True)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            await loo_seed10_to_the_revoke(pilot, app)
            before = table.to_json()
            await pilot.press("slash", "5", "s", "enter")  # typed, the same: asked first
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("escape")
            assert not isinstance(app.screen, ConfirmScreen)
            assert status(app) == "Not done: nothing has changed."
            assert table.to_json() == before and table.to_act == 0
            await pilot.press("1", "enter", "n")
            assert table.to_json() == before

    run(main())


def test_tui_x_states_loo_law_4_a_single_into_the_current_pool() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=5, table_mode=True)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")  # past Peel's single; deal 2: P2 is to begin the declaring
            deal = table.deal
            assert isinstance(deal, LooDeal) and app.waiting == "aside" and deal.pool_total == 12
            await pilot.press("x", "escape")  # closed unused: nothing happens, the table still waits
            assert not isinstance(app.screen, LawScreen) and app.waiting == "aside" and deal.log == []
            await pilot.press("x", "9", "9", "enter")  # no such law: refused with the rule, nothing changes
            assert "99 is not a law of Loo" in status(app) and "(LOO-LAW-17)" in status(app) and deal.log == []
            await pilot.press("x")
            assert isinstance(app.screen, LawScreen)
            assert "LOO-LAW-4   looking at one's own cards before one's turn: S (3)" in screen_text(app)
            await pilot.press("4", "enter")  # "4" is LOO-LAW-4
            assert isinstance(app.screen, ConfirmScreen) and "State it?" in screen_text(app)
            await pilot.press("y")
            assert [(i.rule, i.penalty, i.pool) for i in deal.irregularities] == [("LOO-LAW-4", 3, "current")]
            assert deal.pool_total == 15 and deal.log == [deal.parse_action("You irregular LOO-LAW-4")]
            assert app.waiting == "aside"  # still before P2 begins
            await pilot.press("space")
            assert table.to_act == 0 and "Pool   15" in screen_text(app)

    run(main())


def test_tui_clarification_27_loo_law_5_a_declaration_out_of_turn_is_made_once() -> None:
    """LOO-LAW-5, §14.27 at the full-screen table: s before P4 begins, confirmed; the table goes on to the play
    without asking the person to declare again, and the deal's log holds his stand once."""

    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=10, table_mode=True)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")  # past Peel's single
            assert app.waiting == "aside" and "before P4 begins" in status(app)
            await pilot.press("s")
            assert isinstance(app.screen, ConfirmScreen) and "LOO-LAW-5" in screen_text(app)
            await pilot.press("y", "space")
            deal = table.deal
            assert isinstance(deal, LooDeal) and deal.phase.name == "PLAY"
            assert app.waiting == "aside" and "before P4 begins" in status(app)  # the word before the play
            texts = [deal.action_str(a) for a in deal.log]
            assert texts == ["You stand", "P4 stand", "P2 throw", "P3 throw"]
            assert [(i.rule, i.penalty) for i in deal.irregularities] == [("LOO-LAW-5", 3)]

    run(main())


def test_tui_nap_law_6_a_revoke_ends_the_deal_with_the_right_payments() -> None:
    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=0, table_mode=True)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            deal = table.deal
            assert isinstance(deal, NapDeal) and app.waiting == "aside"
            await pilot.press("space", "p", "space")  # P3 calls 2, P4 passes, You pass, P2 passes; P3 leads
            assert table.to_act == 0 and deal.trick_cards
            await pilot.press("1", "enter")  # 2S on a club lead, holding 7C
            assert isinstance(app.screen, ConfirmScreen)
            assert "The deal ends here: You -6, P2 +0, P3 +6, P4 +0." in screen_text(app)
            await pilot.press("y")
            assert deal.is_complete and deal.made is True and app.waiting == "deal"
            assert deal.net == [-6, 0, 6, 0]  # 2 units for each of P3's three opponents, from You alone
            assert "P3 made 2." in screen_text(app)

    run(main())


def test_tui_save_and_resume_keep_table_mode(tmp_path: Path) -> None:
    save = tmp_path / "table.json"

    async def first() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=10, table_mode=True)
        app = TableApp(table, quick(save_path=str(save)))
        async with app.run_test(size=SIZE) as pilot:
            await loo_seed10_to_the_revoke(pilot, app)
            await pilot.press("q")

    async def second() -> None:
        table = Table.load(str(save))
        assert table.table_mode
        app = TableApp(table, quick(save_path=str(save)))
        async with app.run_test(size=SIZE) as pilot:
            assert "table mode" in screen_text(app) and "x law" in screen_text(app)
            await pilot.press("r")
            assert isinstance(app.screen, InfoScreen) and "Table mode: " in screen_text(app)
            await pilot.press("space")
            await pilot.press("1", "enter", "y")
            deal = table.deal
            assert isinstance(deal, LooDeal) and [i.rule for i in deal.irregularities] == ["LOO-LAW-14"]

    run(first())
    assert json.loads(save.read_text(encoding="utf-8"))["mode"] == "table"
    run(second())


def test_tui_strict_mode_refuses_with_the_rule_and_has_no_laws() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=10)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")
            assert app.waiting is None and table.to_act == 0  # no wait for a word out of turn
            await pilot.press("s")
            before = table.to_json()
            await pilot.press("1", "enter")
            assert status(app) == "! You cannot play 5S: must follow suit in diamonds (LOO-PLAY-4)"
            assert not isinstance(app.screen, ConfirmScreen) and table.to_json() == before
            assert "x law" not in screen_text(app) and "table mode" not in screen_text(app)
            await pilot.press("x")
            assert not isinstance(app.screen, LawScreen) and "only in table mode" in status(app)
            await pilot.press("r")
            assert "Strict play: " in screen_text(app)

    run(main())
