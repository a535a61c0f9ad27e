"""A seat kept through a store outage, in the browser (docs/web.md, "When the store cannot write"): Ann's action is
refused because the store can neither write nor be read back, and her page reloads while it cannot: the page keeps
her rejoin link, is welcomed at her seat and says only that the table is paused; once the store answers, the page
shows her hand as it was and she plays on. Her page would forget the link on a ``bad_token``, which a table that
cannot read its seats never sends.

The store is the server's real SQLite file, whose ``events`` table another connection moves away and back (every read
and write of the table's events then fails: "no such table").
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from .test_browser import HAND, create_table, hand, no_script_errors, reach_my_play_turn, take_turn

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # the autouse fixture, imported to run here too

SEATS = "localStorage.getItem('roundgames.seats')"


def _events_away(db: Path, away: bool) -> None:
    """Move the store's ``events`` table out of its reach (``away``), or back."""
    names = ("events", "events_away") if away else ("events_away", "events")
    with sqlite3.connect(db, isolation_level=None) as other:
        other.execute(f"ALTER TABLE {names[0]} RENAME TO {names[1]}")


def test_a_page_reloaded_while_the_store_cannot_be_read_keeps_its_seat_and_plays_on(
    page: Page, server: WebServer
) -> None:
    create_table(page, server, game="nap", players=3)
    reach_my_play_turn(page)
    cards, held = hand(page), page.evaluate(SEATS)
    assert "token" in held

    _events_away(server.db, True)
    page.locator(f"{HAND} button.legal").first.click()
    expect(page.get_by_test_id("message")).to_contain_text("not saved, so not done")
    page.reload()
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")  # welcomed: the token still seats her
    expect(page.get_by_test_id("message")).to_contain_text("cannot save the game")
    expect(page.get_by_test_id("seat-dialog")).to_be_hidden()  # not offered a seat: she has hers
    assert page.evaluate(SEATS) == held  # the rejoin link is kept

    _events_away(server.db, False)
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.get_by_test_id("me")).to_contain_text("Ann")
    assert hand(page) == cards
    assert take_turn(page, 0).startswith("Ann plays ")
    assert page.evaluate(SEATS) == held
