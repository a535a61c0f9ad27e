"""Five-card and Irish Loo at the full-screen table (``roundgames play loo --preset five-card``), driven through
Textual's test pilot at 80x24: marking cards and exchanging them with the stock's count in view (LOO5-2), a flush
shown for the person at once and paid (LOO5-6, §14.34), "Pam be civil" on the lead (LOO5-4), Pam drawn distinctly
(LOO5-3), an Irish deal (LOOI-1); and the table's messages: a long one wraps with its rule ID in view, an unknown
key says so.

The seeds were found by dealing through the public API (``Table.new``, the sensible bots, four seats, the person
in seat 1); each test checks first that its seed still gives the position it needs.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

pytest.importorskip("textual")

from textual.geometry import Region

from roundgames.core.cards import card_str
from roundgames.session.table import PlaySettings, Table, hand_order
from roundgames.terminal.tui import TableApp
from tuitext import screen_text

SIZE = (80, 24)
#: the person declares first holding four of a suit, the stock's top card of that suit, and leads first
FLUSH_SEED = 1629
#: the person holds a flush when the declaring ends (it is shown for him, §14.34)
ASIDE_SEED = 115
#: the person stands and leads holding the ace of trumps
CIVIL_SEED = 8
#: the person is dealt Pam (the knave of clubs)
PAM_SEED = 2272


def drawn(app: TableApp, wid: str) -> list[str]:
    """The lines a widget draws on the screen, as the eye sees them (clipped and wrapped)."""
    widget = app.query_one(wid)
    size = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, size.width, size.height))]


def hand_codes(app: TableApp) -> list[str]:
    deal = app.table.deal
    assert deal is not None
    return [card_str(c) for c in hand_order(deal.hands[0])]


@asynccontextmanager
async def table(preset: str, seed: int, **kw: object) -> AsyncIterator[tuple[TableApp, object]]:
    t = Table.new("loo", players=4, humans=[0], preset=preset, seed=seed)
    app = TableApp(t, PlaySettings(bot_delay=0, trick_pause=0, **kw))  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        yield app, pilot


def test_loo5_2_cards_are_marked_by_number_and_e_exchanges_them_with_the_stock_in_view() -> None:
    async def main() -> None:
        async with table("five-card", FLUSH_SEED, ascii=True) as (app, pilot):
            assert app.table.to_act == 0 and "Stock  31 cards" in screen_text(app)
            hand = hand_codes(app)
            odd = next(c for c in hand if [x[-1] for x in hand].count(c[-1]) == 1)
            assert "(0 marked; the stock holds 31)" in screen_text(app)
            assert re.search(r"1-5 mark  e Exchange  s Stand  t Throw up", screen_text(app))
            await pilot.press(str(hand.index(odd) + 1))
            assert "(1 marked; the stock holds 31)" in screen_text(app)
            assert f"x{hand.index(odd) + 1} {odd}" in screen_text(app)  # the marked card, marked on screen
            await pilot.press("e")
            text = screen_text(app)
            assert f"You exchange {odd}" in text
            drawn_after = hand_codes(app)
            assert odd not in drawn_after and len(drawn_after) == 5
            deal = app.table.deal
            assert deal is not None
            assert f"Stock  {deal.view(0).stock} cards" in text and deal.view(0).stock < 31

    asyncio.run(main())


def test_loo5_6_a_flush_made_by_an_exchange_is_shown_and_paid() -> None:
    """LOO5-6, §14.34: the person exchanges his odd card and draws a flush; the declaring over, it is shown for him
    at once (he leads first, but may not lead before it) and paid."""

    async def main() -> None:
        async with table("five-card", FLUSH_SEED, ascii=True) as (app, pilot):
            await pilot.press("question_mark")
            help_text = screen_text(app)
            assert "Exchanging: 1-9 mark the cards, e or Enter exchanges them" in help_text
            assert 'c leads it saying "Pam be civil"' in help_text
            await pilot.press("escape")
            hand = hand_codes(app)
            odd = next(c for c in hand if [x[-1] for x in hand].count(c[-1]) == 1)
            await pilot.press(str(hand.index(odd) + 1), "enter")  # Enter makes the move of the marked cards too
            text = screen_text(app)
            assert app.waiting == "deal" and "f Show a flush" not in text
            assert "You show a flush" in text
            assert re.search(r"Deal over\. You take the pool with a flush\. Nobody looed\. You \+\d+, P2 -", text)

    asyncio.run(main())


def test_loo5_6_clarification_34_the_persons_flush_is_shown_for_him_at_once() -> None:
    """LOO5-6, §14.34: the person stands holding a flush; when the declaring is over it is shown for him at once
    (he has no choice, so nothing is asked), the log names its cards, and the hand is not played."""

    async def main() -> None:
        async with table("five-card", ASIDE_SEED, ascii=True) as (app, pilot):
            assert app.table.to_act == 0
            await pilot.press("s")
            deal = app.table.deal
            assert deal is not None and deal.is_complete and 0 in deal.shown and not deal.tricks
            flush = " ".join(card_str(c) for c in hand_order(deal.hands[0]))
            assert app.waiting == "deal" and f"You show a flush: {flush}" in screen_text(app)
            assert "You take the pool with a flush" in screen_text(app)

    asyncio.run(main())


def test_loo5_4_the_picked_ace_of_trumps_is_led_with_pam_be_civil_by_c() -> None:
    async def main() -> None:
        async with table("five-card", CIVIL_SEED, ascii=True) as (app, pilot):
            await pilot.press("s")
            deal = app.table.deal
            assert deal is not None and app.table.to_act == 0
            ace = "A" + "SHDC"[deal.trump]
            await pilot.press(str(hand_codes(app).index(ace) + 1))
            assert f"{ace} picked: Enter (or" in screen_text(app)
            assert 'c: play it and say "Pam be civil"' in screen_text(app)
            await pilot.press("c")
            assert f'You play {ace} and say "Pam be civil"' in screen_text(app)

    asyncio.run(main())


def test_loo5_3_pam_is_marked_in_words_in_the_hand() -> None:
    async def main() -> None:
        async with table("five-card", PAM_SEED, ascii=True) as (app, _pilot):
            assert "JC" in hand_codes(app)
            hand_line = next(line for line in drawn(app, "#hand") if " 1 " in line)
            assert "JC(Pam)" in hand_line
            assert hand_line.count("(Pam)") == 1

    asyncio.run(main())


def test_looi_1_an_irish_deal_exchanged_and_played_to_its_result() -> None:
    async def main() -> None:
        async with table("irish", 3, ascii=True) as (app, pilot):
            for _ in range(40):
                if app.waiting in ("deal", "over"):
                    break
                deal = app.table.deal
                assert deal is not None and app.table.to_act == 0, "the bots should have acted"
                texts = app.table.legal_texts(0)
                if "exchange CARDS" in texts:
                    assert len(hand_codes(app)) == 3 and "Stock  " in screen_text(app)
                    await pilot.press("1", "e")
                    assert "You exchange" in screen_text(app)
                elif "stand" in texts:
                    await pilot.press("s")
                else:
                    await pilot.press(str(hand_codes(app).index(texts[0].split()[0]) + 1), "enter")
            text = screen_text(app)
            assert app.waiting in ("deal", "over") and "Deal over." in text
            assert "Pam" not in text  # LOOI-1: no Pam

    asyncio.run(main())


def test_a_long_message_wraps_at_80_columns_with_its_rule_id_in_view() -> None:
    async def main() -> None:
        async with table("peel", 0) as (app, pilot):
            if app.waiting == "deal":
                await pilot.press("enter")  # Peel's opening single, settled at once
            assert app.table.to_act == 0 and app.table.deal is not None and app.table.deal.dealer != 0
            await pilot.press("d")  # the dealer's move (LOO-DECL-8), not this seat's
            lines = drawn(app, "#status")
            message = " ".join(line.strip() for line in lines)
            assert len(message) > 78 and len(lines) >= 2 and all(len(line) <= 80 for line in lines)
            assert message.startswith("! You cannot play the miss for the pool") and message.endswith("(LOO-DECL-8)")

    asyncio.run(main())


def test_an_unknown_key_says_so_naming_it() -> None:
    async def main() -> None:
        async with table("peel", 0) as (app, pilot):
            if app.waiting == "deal":
                await pilot.press("enter")
            before = len(app.table.deal.log) if app.table.deal is not None else 0
            await pilot.press("0")
            assert drawn(app, "#status")[0].strip() == "0: no such key here (? for help)."
            await pilot.press("f5")
            assert drawn(app, "#status")[0].strip() == "f5: no such key here (? for help)."
            assert app.table.deal is not None and len(app.table.deal.log) == before  # nothing was done

    asyncio.run(main())


def test_at_a_three_card_table_x_and_the_help_say_nothing_of_exchanges() -> None:
    async def main() -> None:
        async with table("peel", 0) as (app, pilot):
            if app.waiting == "deal":
                await pilot.press("enter")
            await pilot.press("x")
            assert "exchange" not in drawn(app, "#status")[0] and "table mode" in drawn(app, "#status")[0]
            await pilot.press("question_mark")
            help_text = screen_text(app)
            assert "s stand" in help_text and "draw as many from the stock" not in help_text  # exchange's own help
            assert "exchange CARDS" not in help_text and "show a flush" not in help_text
            assert "Exchanging" not in help_text and "(Pam)" not in help_text

    asyncio.run(main())


def test_nap_misery_is_i_on_the_keys_line_and_i_calls_it() -> None:
    async def main() -> None:
        t = Table.new("nap", players=4, humans=[0], seed=1)
        app = TableApp(t, PlaySettings(bot_delay=0, trick_pause=0))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            deal = app.table.deal
            assert deal is not None and app.table.to_act == 0
            keys = drawn(app, "#keys")[0]
            assert "i Misery" in keys and "mis" not in keys.replace("Misery", "")
            await pilot.press("i")
            assert (0, "misery") in deal.view(0).calls

    asyncio.run(main())
