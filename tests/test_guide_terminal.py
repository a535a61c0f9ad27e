"""The terminal's ``r``, full screen (Textual pilot) and line by line: the table's rules in words, house rules marked,
only those of its form, and the command that prints the whole page."""

from __future__ import annotations

import asyncio
import io
import re

import pytest

pytest.importorskip("textual")

from rich.text import Text
from textual.widgets import Static

from roundgames.guide import page, teaching_text
from roundgames.session.table import PlaySettings, Table
from roundgames.terminal.plain import run
from roundgames.terminal.tui import InfoScreen, TableApp

RAW = re.compile(r'= "|\bnull\b|\btrue\b|\bfalse\b|\b[a-z]+_[a-z_]+\b|LooStakes|NapStakes')


def test_the_full_screen_r_tells_the_rules_in_words_and_how_to_read_the_page() -> None:
    table = Table.new("loo", players=4, humans=[0], seed=0, options={"loo_mode": "unlimited"})
    app = TableApp(table, PlaySettings(bot_delay=0, trick_pause=0, ascii=True, color=False))

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            assert isinstance(app.screen, InfoScreen)
            body = app.screen.query_one("#info-body", Static).content
            shown = body.plain if isinstance(body, Text) else str(body)
            assert "- Unlimited loo: a looed player pays the whole pool. (house rule)" in shown
            assert "- Stakes: deal 3, loo 6, single 3." in shown
            assert "type `roundgames rules loo --form three-card` at a shell prompt" in shown
            # How to play, the same sections the web's Rules dialog teaches: the deal, declaring, play, payments.
            teach = teaching_text(page("loo", "three-card"), width=74, ascii_only=True)
            assert "HOW TO PLAY" in shown and teach.strip() in shown
            for title in ("The deal", "The play"):
                assert title in teach
            assert not RAW.search(shown.replace("roundgames rules", "")) and "Pam" not in shown, shown

    asyncio.run(go())


def test_plain_r_tells_a_nap_tables_rules_in_words() -> None:
    table = Table.new("nap", players=3, humans=[0], seed=1, options={"kitty": True})
    out = io.StringIO()
    assert run(table, PlaySettings(bot_delay=0, trick_pause=0, ascii=True), io.StringIO("r\nq\n"), out) == 0
    text = out.getvalue()
    shown = text.split("Rules in force:")[1].split("How to play")[0]
    assert "  Nap: five cards each; the highest caller plays alone against all the others." in shown
    assert "  A kitty: each dealer puts one stake into it, and whoever makes a Nap takes it. (house rule)" in shown
    assert "type `roundgames rules nap` at a shell prompt" in text
    assert teaching_text(page("nap"), ascii_only=True).strip() in text  # how to play, as the web teaches it
    assert not RAW.search(shown), shown
