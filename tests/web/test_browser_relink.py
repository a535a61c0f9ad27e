"""A new rejoin link in the browser (docs/web.md, "A new rejoin link"): Ann's link was opened on a stranger's phone,
she takes her seat back by opening it again, then makes a new link with the seat's "New link" button; the stranger's
page is told its link no longer sits and keeps nothing of the seat, even after a reload, while Ann's page keeps the
seat, reload included.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import BrowserContext, expect

from .test_browser import create_table, hand, no_script_errors, track, wait_turn

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # the autouse fixture, imported to run here too

COPY = ["clipboard-read", "clipboard-write"]


def test_a_new_link_takes_the_seat_back_for_good(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    ann = track(new_context("desktop", permissions=COPY).new_page())
    table = create_table(ann, server, game="nap", players=3)
    wait_turn(ann)
    ann.get_by_test_id("seat-menu-button").click()  # the seat's private link is in its menu
    ann.get_by_test_id("rejoin-link").click()
    expect(ann.get_by_test_id("message")).to_contain_text("Rejoin link copied")
    old = ann.evaluate("navigator.clipboard.readText()")

    stranger = track(new_context("phone").new_page())
    stranger.goto(old)  # the link opened where it should not have been: the seat moves there
    expect(stranger.get_by_test_id("me")).to_contain_text("Ann")
    expect(ann.get_by_test_id("seat-moved")).to_be_visible()
    ann.goto(old)  # Ann opens it again (the same page: a new hash, then a reload): the seat is hers again, for now
    ann.reload()
    expect(ann.get_by_test_id("me")).to_contain_text("Ann")
    expect(stranger.get_by_test_id("seat-moved")).to_be_visible()

    ann.get_by_test_id("seat-menu-button").click()
    expect(ann.get_by_test_id("new-link")).to_be_visible()
    ann.once("dialog", lambda dialog: dialog.accept())  # "Make a new rejoin link for your seat? ..."
    ann.get_by_test_id("new-link").click()
    expect(ann.get_by_test_id("message")).to_contain_text("New rejoin link copied: the old one no longer works")
    new = ann.evaluate("navigator.clipboard.readText()")
    assert new != old and re.fullmatch(rf"{re.escape(server.url)}/t/{table}#seat=[A-Za-z0-9_%-]+", new), new
    shot(ann, "new-rejoin-link")

    # The stranger's page is told, and holds no seat, even when it opens the old link again.
    expect(stranger.get_by_test_id("message")).to_contain_text("replaced by a new one from another device")
    expect(stranger.get_by_test_id("seat-moved")).to_be_hidden()  # nothing left to wait for
    shot(stranger, "old-rejoin-link-revoked")
    # A new page at the old link (not a reload: the page takes the link's token out of its address once read).
    stranger.goto("about:blank")
    stranger.goto(old)
    # Told why, and it holds no seat and keeps no token (the message stands when the first state arrives).
    expect(stranger.get_by_test_id("conn-state")).to_have_text("connected")
    expect(stranger.get_by_test_id("message")).to_contain_text("does not sit at this table")
    expect(stranger.get_by_test_id("me")).to_be_empty()
    assert hand(stranger) == []
    assert stranger.evaluate("localStorage.getItem('roundgames.seats')") == "{}"

    # Ann's page keeps the seat, across a reload (the browser holds the new link).
    held = hand(ann)
    ann.reload()
    expect(ann.get_by_test_id("me")).to_contain_text("Ann")
    expect(ann.get_by_test_id("conn-state")).to_have_text("connected")
    wait_turn(ann)
    assert hand(ann) == held
