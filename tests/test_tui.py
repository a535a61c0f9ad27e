"""The full-screen table (``roundgames play``), driven through Textual's test pilot at 80x24."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from rich.style import Style
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static

from roundgames.core.cards import card_str
from roundgames.loo.deal import Decl, LooDeal, Phase
from roundgames.nap import NapDeal
from roundgames.session.table import PlaySettings, Table, hand_order
from roundgames.terminal.tui import SYMBOLS, ConfirmScreen, InfoScreen, TableApp
from tuitext import screen_text, window_lines

SIZE = (80, 24)
#: a three-seat Loo sitting whose person, standing and playing his first legal cards, takes the first trick
SEED_YOU_WIN_FIRST = 1


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(coro)


def quick(**kw: Any) -> PlaySettings:
    return PlaySettings(bot_delay=0, trick_pause=0, **kw)


def status(app: TableApp) -> str:
    content = app.query_one("#status", Static).content
    return content.plain if isinstance(content, Text) else str(content)


def legal_index(app: TableApp, seat: int = 0) -> int:
    """The number (from 1) of the first legal card in ``seat``'s hand as the table shows it."""
    deal = app.table.deal
    assert deal is not None
    hand = [card_str(c) for c in hand_order(deal.hands[seat])]
    return hand.index(app.table.legal_texts(seat)[0]) + 1


async def play_out(pilot: Pilot[int], app: TableApp) -> None:
    """Play seat 0's legal cards by their numbers, Enter confirming, until the deal is over."""
    for _ in range(40):
        if app.waiting in ("deal", "over"):
            return
        assert app.table.to_act == 0, "the bots should have acted"
        await pilot.press(str(legal_index(app)), "enter")
    raise AssertionError("the deal did not end")


async def to_regular_loo_deal(pilot: Pilot[int], app: TableApp) -> LooDeal:
    """Peel's Loo opens with a single, settled at once: Enter goes on to the first regular deal."""
    assert app.waiting == "deal" and app.finished is not None
    assert "Deal over" in screen_text(app)
    await pilot.press("enter")
    deal = app.table.deal
    assert isinstance(deal, LooDeal) and deal.phase is Phase.DECLARE
    return deal


def test_loo_full_deal_taking_the_miss() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=0)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            deal = await to_regular_loo_deal(pilot, app)
            assert table.to_act == 0 and "miss" in table.legal_texts(0)
            assert "m Take the miss" in screen_text(app)  # the key and label of the verb table
            miss = deal.miss
            await pilot.press("m")
            assert deal.decls[0] is Decl.MISS and deal.miss_holder == 0
            assert deal.dealt[0] != miss and deal.hands[0] & miss == deal.hands[0]  # he plays the miss
            await play_out(pilot, app)
            assert deal.is_complete and app.finished is deal
            assert app.waiting == "deal" and len(table.sitting.deals) == 2
            assert sum(deal.net) + deal.pool_total - deal.ledger.start == 0
            shown = screen_text(app)
            assert "Deal over" in shown and f"You {deal.net[0]:+d}" in shown
            await pilot.press("enter")  # the next deal
            assert table.deal is not deal and app.waiting is None

    run(main())


def test_illegal_card_shows_the_reason_with_the_rule_and_changes_nothing() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=0)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            deal = await to_regular_loo_deal(pilot, app)
            await pilot.press("s")
            assert deal.phase is Phase.PLAY and table.to_act == 0
            hand = [card_str(c) for c in hand_order(deal.hands[0])]
            illegal = next(i for i, c in enumerate(hand) if c not in table.legal_texts(0)) + 1
            before = (list(deal.log), list(deal.hands), list(deal.trick_cards), len(table.events))
            await pilot.press(str(illegal))  # the pick already says why not
            assert "(LOO-PLAY-" in status(app) and "cannot play" in status(app)
            await pilot.press("enter")  # and trying it changes nothing
            line = status(app)
            assert line.startswith("! You cannot play ") and line.rstrip().endswith(")")
            assert "(LOO-PLAY-" in line
            assert (list(deal.log), list(deal.hands), list(deal.trick_cards), len(table.events)) == before
            assert table.to_act == 0
            # a typed card: the same reason; a word that is no card: what to type
            await pilot.press("slash", *hand[illegal - 1].lower(), "enter")
            assert "(LOO-PLAY-" in status(app)
            await pilot.press("colon", "z", "z", "enter")
            assert "not a card" in status(app)
            await pilot.press("p")  # a Nap key at a Loo table
            assert "no such key in Loo" in status(app)
            assert list(deal.log) == before[0]
            await pilot.press(str(legal_index(app)), "enter")
            assert len(deal.log) > len(before[0])

    run(main())


def test_nap_call_and_play_to_the_end() -> None:
    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=0)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            deal = table.deal
            assert isinstance(deal, NapDeal) and table.to_act == 0
            assert "3" in table.legal_texts(0) and "n Nap" in screen_text(app)
            await pilot.press("3")
            assert (0, "3") in deal.calls
            if deal.declarer == 0:
                assert "first card led fixes trumps" in screen_text(app)
            if not deal.is_complete:
                await play_out(pilot, app)
            assert deal.is_complete and app.waiting == "deal"
            assert deal.made is not None and deal.contract is not None
            assert len(table.sitting.deals) == 1
            await pilot.press("enter")
            assert table.deal is not deal

    run(main())


def test_nap_key_calls_nap() -> None:
    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=1)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            deal = table.deal
            assert isinstance(deal, NapDeal) and table.to_act == 0
            await pilot.press("5")  # no call of five tricks by number
            assert "no call of 5 here; call 1-4 by number" in status(app) and deal.calls == []
            await pilot.press("n")
            assert deal.calls[0] == (0, "nap") and deal.declarer == 0
            await play_out(pilot, app)
            assert deal.is_complete and deal.contract == "nap"

    run(main())


def test_save_quit_and_resume(tmp_path: Path) -> None:
    save, export = tmp_path / "table.json", tmp_path / "records.json"
    settings = quick(save_path=str(save), export_path=str(export))
    seen: dict[str, Any] = {}

    async def first() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=0)
        app = TableApp(table, settings)
        async with app.run_test(size=SIZE) as pilot:
            deal = await to_regular_loo_deal(pilot, app)
            await pilot.press("m")
            await pilot.press(str(legal_index(app)), "enter")
            assert not deal.is_complete and table.to_act == 0
            seen["hand"] = deal.hands[0]
            seen["log"] = [deal.action_str(a) for a in deal.log]
            assert json.loads(save.read_text())["current"] is not None  # saved after each action
            await pilot.press("q")  # asks first, saying where the table is kept
            assert isinstance(app.screen, ConfirmScreen)
            assert f"  roundgames play --resume {save}" in window_lines(app.screen)[2]  # a long path is wrapped
            await pilot.press("y")
        assert app.return_code == 0

    async def second() -> None:
        table = Table.load(str(save))
        deal = table.deal
        assert isinstance(deal, LooDeal)
        assert deal.hands[0] == seen["hand"] and [deal.action_str(a) for a in deal.log] == seen["log"]
        app = TableApp(table, settings)
        async with app.run_test(size=SIZE) as pilot:
            assert table.to_act == 0 and app.waiting is None
            assert "Resumed from" in screen_text(app)
            await play_out(pilot, app)
            assert deal.is_complete and len(table.sitting.deals) == 2
            await pilot.press("q", "y")

    run(first())
    records = json.loads(export.read_text())
    assert isinstance(records, list) and len(records) == 2 and records[-1]["game"] == "loo"  # the single, the deal
    run(second())
    assert len(json.loads(save.read_text())["deals"]) == 2


def test_ascii_no_color_and_four_colours() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=0)
        app = TableApp(table, quick(ascii=True, color=False))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter", "m")
            shown = screen_text(app)
            panel = app.query_one("#panel", Static).content
            assert isinstance(panel, Text) and re.search(r"Trumps [SHDC] turn-up (10|[2-9JQKA])[SHDC]", panel.plain)
            assert not set(shown) & set(SYMBOLS), "no suit symbols with --ascii"
            hand = app.query_one("#hand", Static).content
            assert isinstance(hand, Text) and "[" in hand.plain  # legal cards in brackets, not colour alone
            for key in ("question_mark", "r", "l", "g"):
                await pilot.press(key)
                assert isinstance(app.screen, InfoScreen)
                assert not set(screen_text(app)) & set(SYMBOLS)
                await pilot.press("x")  # any key closes
                assert not isinstance(app.screen, InfoScreen)
            assert app.no_color
            assert all(Style.parse(str(span.style)).color is None for span in hand.spans)

        coloured = TableApp(Table.new("loo", players=4, humans=[0], seed=0), quick(four_color=True))
        assert coloured._card(26).style != coloured._card(13).style  # diamonds are not hearts' colour
        assert coloured._card(39).style != coloured._card(0).style  # nor clubs spades'
        two = TableApp(Table.new("loo", players=4, humans=[0], seed=0), quick())
        assert two._card(26).style == two._card(13).style

    run(main())


def test_screen_fits_80x24_and_survives_resizing() -> None:
    async def main() -> None:
        table = Table.new("nap", players=6, humans=[0], seed=2)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            for size in (SIZE, (100, 30), (60, 20), SIZE):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                width, height = size
                for w in app.screen.query("*"):
                    if w.display and w.region.area:
                        assert w.region.right <= width and w.region.bottom <= height, (w, w.region)
                for wid in ("#hand", "#keys", "#status", "#log"):
                    region = app.query_one(wid).region
                    assert region.height >= 1 and region.bottom <= height
            for wid in ("#keys", "#status", "#hand"):
                content = app.query_one(wid, Static).content
                assert isinstance(content, Text)
                assert all(len(line) <= 78 for line in content.plain.splitlines()), content.plain
            keys = app.query_one("#keys", Static).content
            assert isinstance(keys, Text) and "? help" in keys.plain and "q quit" in keys.plain

    run(main())


def test_a_finished_trick_stays_in_view_until_a_key() -> None:
    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=0)
        app = TableApp(table, PlaySettings(bot_delay=0, trick_pause=60))
        async with app.run_test(size=SIZE) as pilot:
            deal = await to_regular_loo_deal(pilot, app)
            await pilot.press("s")
            while app.waiting is None:
                await pilot.press(str(legal_index(app)), "enter")
            assert app.waiting == "trick" and len(deal.tricks) == 1 and not deal.trick_cards
            assert "Trick 1 to " in screen_text(app) and app.timer is not None
            log = list(deal.log)
            await pilot.press("space")  # collects it: the bots go on until the person is to act
            assert app.waiting is None and table.to_act == 0 and len(deal.log) >= len(log)

    run(main())


def test_keys_pressed_fast_while_a_window_is_open_do_not_crash() -> None:
    """Key repeat or paste: two keys arriving while `?`, `r`, `l` or `g` is open close it once; the table
    goes on (a second close used to raise from Textual's screen stack)."""

    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=5)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            for key in ("question_mark", "r", "g", "l"):
                await pilot.press(key)
                assert len(app.screen_stack) == 2
                window = app.screen
                for char in "abc":  # delivered at once, before the first close has taken effect
                    window.post_message(events.Key(char, char))
                await pilot.pause()
                assert len(app.screen_stack) == 1
            assert table.to_act == 0 and "3" in table.legal_texts(0)
            await pilot.press("3")
            assert (0, "3") in table.deal.calls  # type: ignore[union-attr]

    run(main())


def test_h_shows_the_experts_values_at_a_table_with_hints_and_the_sheet_marks_the_deal() -> None:
    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=0, hints=True)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            assert table.to_act == 0
            assert "h hint" in screen_text(app)  # in the keys line
            await pilot.press("h")
            assert isinstance(app.screen, InfoScreen)
            shown = screen_text(app)
            assert "the expert's choice" in shown and re.search(r"call \w+ +[+-]\d+\.\d\d ± \d+\.\d\d", shown), shown
            await pilot.press("escape")
            assert not isinstance(app.screen, InfoScreen) and table.hinted == {0: {0}}
            await pilot.press("p")
            await play_out(pilot, app)
            await pilot.press("g")
            sheet = screen_text(app)
            assert "#1*" in sheet and "* played with hints: deal 1 (You)" in sheet, sheet

    run(main())


def test_h_is_offered_only_where_hints_are_allowed() -> None:
    """Without --hints the keys line offers no ``h hint``; ``h`` says hints are off, and so does the help."""

    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=0)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            keys = app.query_one("#keys", Static).content
            assert isinstance(keys, Text) and "h hint" not in keys.plain and "? help" in keys.plain
            await pilot.press("h")
            assert not isinstance(app.screen, InfoScreen)
            assert "h: hints are off at this table" in status(app) and table.hinted == {}
            await pilot.press("question_mark")
            shown = screen_text(app)
            assert "h hints are off at this table (roundgames play --hints allows them)" in shown
            assert "h a hint" not in shown

    run(main())


def test_the_last_trick_says_you_win_it_in_the_second_person() -> None:
    """``l`` shows the last trick; when the person took it, the window says "You win it", not "You wins it"."""

    async def main() -> None:
        table = Table.new("loo", players=3, humans=[0], seed=SEED_YOU_WIN_FIRST)
        app = TableApp(table, PlaySettings(bot_delay=0, trick_pause=60))
        async with app.run_test(size=SIZE) as pilot:
            deal = await to_regular_loo_deal(pilot, app)
            await pilot.press("s")
            while not deal.tricks:
                await pilot.press(str(legal_index(app)), "enter")
            assert deal.tricks[0].winner == 0  # the seed is chosen so that the person takes the first trick
            await pilot.press("space", "l")
            assert isinstance(app.screen, InfoScreen)
            shown = screen_text(app)
            assert "You win it." in shown and "You wins" not in shown

    run(main())


@pytest.mark.parametrize(
    ("game", "preset", "title"),
    [
        ("loo", "peel", "Three-card Loo (Peel's rules)"),
        ("loo", "enquire-within", "Three-card Loo (Enquire Within's rules)"),
        ("loo", "five-card", "Five-card Loo"),
        ("nap", "modern", "Nap (modern rules)"),
    ],
)
def test_the_header_names_the_game_form_and_preset_in_words(game: str, preset: str, title: str) -> None:
    async def main() -> None:
        app = TableApp(Table.new(game, players=4, humans=[0], preset=preset, seed=0), quick())
        async with app.run_test(size=SIZE):
            header = app.query_one("#header", Static).content
            assert isinstance(header, Text) and header.plain.startswith(f"{title} · deal 1"), header.plain
            assert f"({preset})" not in header.plain

    run(main())


@pytest.mark.parametrize(
    ("game", "preset", "ascii"), [("loo", "peel", False), ("loo", "five-card", True), ("nap", "peel", False)]
)
def test_the_windows_fit_80_columns_with_nothing_of_the_table_beside_them(game: str, preset: str, ascii: bool) -> None:
    """``?``, ``r``, ``h``, ``g`` and ``l`` at 80 columns: the window spans the width, so that no border of the
    table shows beside it; its lines fit, a long one continuing indented under its text, not at the edge."""

    async def main() -> None:
        table = Table.new(game, players=4, humans=[0], preset=preset, seed=0, hints=True)
        app = TableApp(table, quick(ascii=ascii))
        async with app.run_test(size=SIZE) as pilot:
            keys = ["question_mark", "r", "g", "l"] + (["h"] if table.to_act == 0 else [])
            for key in keys:
                await pilot.press(key)
                window = app.screen
                assert isinstance(window, InfoScreen), key
                box = window.query_one(VerticalScroll).region
                assert (box.x, box.width) == (0, 80), box  # the whole width: nothing of the table beside it
                lines, body, raw = window_lines(window)
                assert all(len(line) == 80 for line in lines), lines
                edges = "+|" if ascii else "╭│╰╮╯"
                assert all(line[0] in edges and line[-1] in edges for line in lines), "\n".join(lines)
                assert all(len(line) <= 75 for line in body), body
                # a line at the window's edge begins a line of the text; a continuation is indented under its text
                at_edge = [line for line in body if line[:1] not in ("", " ")]
                assert all(any(given.startswith(line) for given in raw) for line in at_edge), at_edge
                await pilot.press("x")
                assert not isinstance(app.screen, InfoScreen)

    run(main())


def test_a_long_window_scrolls_with_the_arrows_and_pages_and_says_so() -> None:
    async def main() -> None:
        app = TableApp(Table.new("nap", players=4, humans=[0], seed=0), quick())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("question_mark")
            box = app.screen.query_one(VerticalScroll)
            assert box.max_scroll_y > 0 and "PgDn scroll" in str(box.border_subtitle)
            await pilot.press("pagedown")
            assert isinstance(app.screen, InfoScreen) and box.scroll_y > 0
            await pilot.press("end")
            assert box.scroll_y == box.max_scroll_y
            await pilot.press("up")
            assert box.scroll_y == box.max_scroll_y - 1
            await pilot.press("q")  # any other key closes it
            assert not isinstance(app.screen, InfoScreen) and app.is_running
            await pilot.press("l")  # a short window: nothing to scroll, nothing said of it
            assert "scroll" not in str(app.screen.query_one(VerticalScroll).border_subtitle)

    run(main())


def test_q_asks_first_saying_the_table_is_not_saved_and_n_stays() -> None:
    async def main() -> None:
        table = Table.new("nap", players=4, humans=[0], seed=0)
        app = TableApp(table, quick())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmScreen)
            shown = screen_text(app)
            assert "This table is not saved: quitting ends the sitting here." in shown
            assert "--save FILE" in shown and "Quit? y: quit; n or Esc: stay." in shown
            await pilot.press("n")  # stays: the table is as it was
            assert not isinstance(app.screen, ConfirmScreen) and app.is_running and table.to_act == 0
            await pilot.press("3")
            assert (0, "3") in table.deal.calls  # type: ignore[union-attr]
            await pilot.press("q", "escape")
            assert app.is_running
            await pilot.press("q", "y")
        assert app.return_code == 0

    run(main())


def test_q_after_the_sitting_is_over_quits_at_once(tmp_path: Path) -> None:
    async def main() -> None:
        table = Table.new("nap", players=2, humans=[], seed=1)  # the bots play the sitting out
        app = TableApp(table, quick(save_path=str(tmp_path / "t.json")))
        async with app.run_test(size=SIZE) as pilot:
            while app.waiting != "over":
                await pilot.press("enter")
            await pilot.press("escape")  # closes the final score sheet
            await pilot.press("q")
        assert app.return_code == 0 and table.is_over

    run(main())


def test_a_window_is_fitted_again_when_the_terminal_is_resized() -> None:
    async def main() -> None:
        app = TableApp(Table.new("loo", players=4, humans=[0], seed=0), quick())
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("r")
            for width, height in ((60, 20), (100, 30)):
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                box = app.screen.query_one(VerticalScroll).region
                _, body, _ = window_lines(app.screen)
                room = min(width, 80) - 5  # the border, the padding and the scroll bar
                assert box.width == min(width, 80) and all(len(line) <= room for line in body), body
                assert any(len(line) > room - 10 for line in body)  # the room is used, not a narrower width

    run(main())
