"""Claiming the remaining tricks at the terminal's full-screen table (``roundgames play``), driven through Textual's
test pilot at 80x24: ``c`` is offered among the keys at every turn to play a card, whatever the others hold; pressed
where the claim fails in the deal, a bot that can see it fail declines and play goes on, nothing changed; pressed
where it holds, the bots accept, the tricks are played out and the deal's record is ruled on cleanly by
``roundgames referee``.

The sitting is dealt from a fixed seed: three-seat Loo without singles where the person, standing and playing his
first legal card, does not take every trick from his first turn to play a card, and does from his second (two
tricks to go).
"""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("textual")

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from cli_run import run_cli
from roundgames.core.cards import card_str
from roundgames.games.protocol import Stage
from roundgames.records.deal import dumps, record_of
from roundgames.session.claims import claim, may_claim
from roundgames.session.table import PlaySettings, Table, hand_order
from roundgames.terminal.tui import InfoScreen, TableApp
from tuitext import screen_text

SIZE = (80, 24)
#: the person's claim fails at his first turn to play a card, and holds at his second
SEED_CLAIM_SECOND = 7


def _table() -> Table:
    return Table.new("loo", players=3, humans=[0], seed=SEED_CLAIM_SECOND, options={"single": "none"})


def _keys(app: TableApp) -> str:
    content = app.query_one("#keys", Static).content
    return content.plain if isinstance(content, Text) else str(content)


def _status(app: TableApp) -> str:
    content = app.query_one("#status", Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def _to_play_turn(pilot: Pilot[int], app: TableApp) -> None:
    """Stand (``s``) at the declaring; return at the person's turn to play a card."""
    for _ in range(10):
        deal = app.table.deal
        assert deal is not None and app.table.to_act == 0
        if deal.view(0).stage is Stage.PLAY:
            return
        await pilot.press("s")
    raise AssertionError("never came to play a card")


async def _play_first(pilot: Pilot[int], app: TableApp) -> None:
    """Play the person's first legal card by its number, Enter confirming."""
    deal = app.table.deal
    assert deal is not None
    hand = [card_str(c) for c in hand_order(deal.hands[0])]
    await pilot.press(str(hand.index(app.table.legal_texts(0)[0]) + 1), "enter")


def test_c_is_offered_at_every_turn_to_play_a_card_a_declined_claim_plays_on_an_accepted_one_is_played_out() -> None:
    async def main() -> None:
        table = _table()
        app = TableApp(table, PlaySettings(bot_delay=0, trick_pause=0))
        async with app.run_test(size=SIZE) as pilot:
            await _to_play_turn(pilot, app)
            deal = table.deal
            assert deal is not None
            # Offered at his turn to play a card, whatever the others hold, and in the help.
            assert may_claim(table, 0) and "c claim the rest" in _keys(app)
            await pilot.press("question_mark")
            assert isinstance(app.screen, InfoScreen)
            assert "c         claim the remaining tricks" in screen_text(app)
            await pilot.press("escape")
            # The claim fails in the deal: a bot that can see it fail declines, and play goes on, nothing changed.
            hand, log = deal.hands[0], len(deal.log)
            await pilot.press("c")
            said = _status(app)
            assert "You claim the remaining 3 tricks, cards face up" in said
            assert "declines the claim: play goes on" in said
            assert deal.hands[0] == hand and len(deal.log) == log and table.to_act == 0
            assert "c claim the rest" in _keys(app)
            await _play_first(pilot, app)
            await _to_play_turn(pilot, app)
            # Two tricks to go, his whatever the others hold: the bots accept, and the tricks are played out.
            tricks = len(deal.tricks)
            left = int.bit_count(deal.hands[0])
            await pilot.press("c")
            assert deal.is_complete and app.waiting == "deal"
            assert f"You claim the remaining {left} tricks" in _status(app)
            assert [t.winner for t in deal.tricks[tricks:]] == [0] * left
            ruled = run_cli("referee", "-", stdin=dumps(record_of(deal)))
            assert ruled.returncode == 0, ruled.stderr
            ruling = json.loads(ruled.stdout)
            assert ruling["complete"] and ruling["net"]["You"] == deal.net[0]

    asyncio.run(main())


def test_a_claim_at_a_table_of_two_people_is_refused_since_the_other_would_answer_it() -> None:
    table = Table.new("loo", players=3, humans=[0, 1], seed=SEED_CLAIM_SECOND, options={"single": "none"})
    table.start_deal()
    with pytest.raises(Exception, match="another person sits at this table") as refused:
        claim(table, table.to_act if table.to_act is not None else 0)
    assert "the house's rule on claims" in str(refused.value)
