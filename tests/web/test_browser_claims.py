"""Claiming the remaining tricks in real browsers (the system Chromium) against a real `roundgames serve`: Ann, at a
desktop, is offered "Claim the rest" at her turn to play a card; Cy, at another desktop, accepts; Bob, on a phone,
sees her cards laid face up with "Ann claims the remaining 3 tricks" and the time he has to answer, and accepts by
keyboard; the tricks are played out and the result shows at both. The table with a claim in view has no serious
accessibility violation.

The table is dealt from a fixed seed (stored before the server starts), as in tests/web/test_claims.py: Bob plays a
card first, then Ann, whose three cards take every trick whatever the others play.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import BrowserContext, Page, expect

from roundgames.web.protocol import new_table_config
from roundgames.web.store import SqliteStore
from roundgames.web.words import card_title

from .conftest import POLL_MS
from .test_accessibility import assert_accessible
from .test_browser import HAND, no_script_errors, sit_by_dialog
from .test_claims import ANN_CLAIMS

if TYPE_CHECKING:
    from conftest import Served

__all__ = ["no_script_errors"]  # the browser tests' check for the pages' script errors, applied here too

TABLE = "claims"


def state(page: Page) -> dict[str, Any]:
    """The last state the server sent this page (the page's read-only hook)."""
    found: dict[str, Any] = page.evaluate("window.__roundgames.state")
    return found


def act_first(page: Page) -> None:
    """Stand, or play the first legal card, by clicking its button; returns once the server has applied it."""
    before = state(page)["deal"]
    legal = state(page)["legal"]
    entry = next((e for e in legal if e["action"] == "stand"), legal[0])
    if "card" in entry:
        page.locator(f'{HAND} button[data-card="{entry["card"]}"]').click()
    else:
        page.locator(f'[data-testid=actions] button[data-action="{entry["action"]}"]').click()
    page.wait_for_function(
        "(before) => JSON.stringify(window.__roundgames.state.deal) !== before",
        arg=_json(before),
        timeout=10_000,
        polling=POLL_MS,
    )


def in_step(pages: tuple[Page, ...]) -> None:
    """Wait until every page has the last state the server sent (the same ``seq``): a page read before it has
    the others' last move would show a turn that is over."""
    target = max(int(p.evaluate("window.__roundgames.seq")) for p in pages)
    for p in pages:
        p.wait_for_function("(seq) => window.__roundgames.seq >= seq", arg=target, timeout=10_000, polling=POLL_MS)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def test_ann_claims_at_a_desktop_and_bob_accepts_on_a_phone(
    new_context: Callable[..., BrowserContext], server_factory: Callable[..., Served], shot: Callable[..., Path]
) -> None:
    server = server_factory(start=False, args=["--deal-pause", "60"])
    body = {"game": "loo", "preset": "peel", "players": 3, "people": 3, "bot_delay": 0.3, "turn_seconds": 60}
    config = new_table_config({**body, "options": {"single": "none"}})
    config["seed"] = ANN_CLAIMS
    store = SqliteStore(str(server.db))
    store.create(TABLE, config)
    store.close()
    server.start()
    ann, bob = new_context("desktop").new_page(), new_context("phone").new_page()
    cy = new_context("desktop").new_page()
    sit_by_dialog(ann, f"{server.url}/t/{TABLE}", "Ann", 0)
    sit_by_dialog(bob, f"{server.url}/t/{TABLE}", "Bob", 1)
    sit_by_dialog(cy, f"{server.url}/t/{TABLE}", "Cy", 2)
    claim_button = ann.get_by_test_id("claim-button")
    for _ in range(40):
        in_step((ann, bob, cy))
        if state(ann).get("can_claim"):
            break
        mover = next((p for p in (ann, bob, cy) if state(p).get("legal")), None)
        if mover is None:
            ann.wait_for_timeout(100)
        else:
            act_first(mover)
    expect(claim_button).to_be_visible()
    expect(claim_button).to_have_text("Claim the rest")
    expect(bob.get_by_test_id("claim-button")).to_be_hidden()  # nobody else is told whether he could claim
    hand = state(ann)["hand"]
    shot(ann, "claim-button-desktop", full_page=False)

    expect(claim_button).to_have_attribute("aria-keyshortcuts", "c")
    ann.locator("body").press("c")  # the key, as at the terminal
    panel = bob.get_by_test_id("claim-panel")
    expect(panel).to_be_visible()
    expect(bob.get_by_test_id("claim-text")).to_have_text("Ann claims the remaining 3 tricks.")
    faces = panel.locator(".claim-card")
    expect(faces).to_have_count(len(hand))
    assert [f.get_attribute("aria-label") for f in faces.all()] == [card_title(c) for c in hand]
    accept = bob.get_by_test_id("claim-accept")
    expect(accept).to_be_visible()
    expect(bob.get_by_test_id("claim-decline")).to_be_visible()
    expect(ann.get_by_test_id("claim-status")).to_have_text("Waiting for Bob and Cy to accept or decline.")
    cy.get_by_test_id("claim-accept").click()
    expect(ann.get_by_test_id("claim-status")).to_have_text("Waiting for Bob to accept or decline.")
    expect(ann.get_by_test_id("claim-accept")).to_have_count(0)
    # The turn clock stops; the answer has a turn's time, counted down in the panel.
    expect(bob.get_by_test_id("claim-clock")).to_have_text(re.compile(r"^0:[0-5][0-9]$|^1:00$"))
    expect(ann.locator(".turn-clock")).to_have_count(0)
    expect(ann.locator(f"{HAND} button.legal")).to_have_count(0)  # nothing is played while the claim waits
    shot(bob, "claim-panel-phone", full_page=False)
    shot(ann, "claim-waiting-desktop", full_page=False)
    assert_accessible(bob, "a table with a claim waiting on the phone's answer")
    assert_accessible(ann, "a table with a claim waiting at the desktop")

    # Bob accepts by keyboard: the Accept button takes the focus when the claim comes.
    expect(accept).to_be_focused()
    bob.keyboard.press("Enter")
    for page in (ann, bob):
        expect(page.get_by_test_id("deal-result")).not_to_have_text("", timeout=15_000)
        expect(page.get_by_test_id("claim-panel")).to_be_hidden()
    log = bob.get_by_test_id("log")
    expect(log).to_contain_text("Bob accepts the claim")
    expect(log).to_contain_text("the remaining tricks are played out")
    assert state(bob)["deal"]["tricks_won"][0] == len(hand)
    shot(ann, "claim-played-out-desktop", full_page=False)
    shot(bob, "claim-played-out-phone", full_page=False)
