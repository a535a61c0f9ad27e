"""The hand before one's turn, cards in words, and room for the hint, in a real browser (the system Chromium)
against a real `roundgames serve`: a Loo hand lies face down with its reason until the turn to declare comes
(LOO-DECL-1), or face up at once at a table created to show it (the table's departure from the law, named in the
rules panel); the log, the live region and the card buttons say cards in words ("Ann plays the four of hearts");
club law says why nobody may throw up; guidance is not shown in the error's colour; the turn clock leaves a seat's
name whole; the phone's top bar keeps one row; the hint leaves the hand in view at 1280x800 and on a phone.

The tables are dealt from fixed seeds (stored before the server starts), so that Ann, in seat 0, deals and declares
last: every other seat declares before her.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from roundgames.web.protocol import new_table_config
from roundgames.web.store import SqliteStore
from roundgames.web.words import card_title

from .conftest import POLL_MS
from .test_browser import (
    CARDS,
    HAND,
    create_table,
    next_deal,
    no_script_errors,
    play_out_deal,
    sit_by_dialog,
    wait_turn,
)

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # the browser tests' check for the pages' script errors, applied here too

#: four at Loo, no singles: Ann (seat 0) deals, so she declares last; the turn-up is no club
ANN_DEALS = 4
#: the same table, the turn-up a club: under club law every seat must stand (LOO-VAR-CLUBLAW)
ANN_DEALS_CLUBS = 2
CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
CARD_NAME = re.compile(
    r"^(Ace|King|Queen|Knave|Ten|Nine|Eight|Seven|Six|Five|Four|Three|Two) of (spades|hearts|diamonds|clubs)$"
)
BACKS = f"{HAND} .card.back"
PHONE = {"viewport": {"width": 360, "height": 740}}
HINT_WAIT = 60_000  # ms: the expert weighs the options in the server's worker


def seeded(page: Page, server_factory: Callable[..., WebServer], seed: int, **settings: Any) -> WebServer:
    """A server holding a four-seat Loo table (club law, no singles) dealt from ``seed``, with Ann sitting down in
    seat 0 by the page's own seat dialog; ``settings`` more of the table's (``hand_at_once``, ``bot_delay``)."""
    server = server_factory(start=False, args=["--deal-pause", "60"])
    body = {"game": "loo", "preset": "peel", "players": 4, "people": 1, "bot": "sensible", "bot_delay": 1.5}
    config = new_table_config({**body, "options": {"club_law": True, "single": "none"}, **settings})
    config["seed"] = seed
    store = SqliteStore(str(server.db))
    store.create("hand", config)
    store.close()
    server.start()
    sit_by_dialog(page, f"{server.url}/t/hand", "Ann", 0)
    return server


def state(page: Page) -> dict[str, Any]:
    """The last state the server sent this page (the page's read-only hook)."""
    found: dict[str, Any] = page.evaluate("window.__roundgames.state")
    return found


def test_before_her_turn_to_declare_her_cards_lie_face_down_and_the_page_says_why(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., Path]
) -> None:
    seeded(page, server_factory, ANN_DEALS, bot_delay=2)
    expect(page.locator(BACKS)).to_have_count(3)
    note = page.get_by_test_id("unseen-note")
    expect(note).to_have_text("You look at your cards when your turn to declare comes (LOO-DECL-1).")
    expect(page.locator(CARDS)).to_have_count(0)  # no face drawn, and none sent: a count and the rule only
    seen = state(page)
    why = "You look at your cards when your turn to declare comes"
    assert seen["hand"] == [] and seen["unseen"] == {"cards": 3, "text": why, "rule": "LOO-DECL-1"}
    expect(page.get_by_test_id("actions").get_by_role("button")).to_have_count(0)
    shot(page, "hand-before-turn", full_page=False)

    # Her turn comes: she looks at her three cards, face up, each button named in words.
    wait_turn(page)
    expect(page.locator(BACKS)).to_have_count(0)
    expect(note).to_have_count(0)
    buttons = page.locator(f"{HAND} button[data-card]")
    expect(buttons).to_have_count(3)
    for button in buttons.all():
        name = button.get_attribute("aria-label") or ""
        assert CARD_NAME.match(name) and name == card_title(button.get_attribute("data-card") or ""), name
    shot(page, "hand-at-her-turn", full_page=False)


def test_the_log_and_the_live_region_say_cards_in_words_never_codes(
    page: Page, server_factory: Callable[..., WebServer]
) -> None:
    seeded(page, server_factory, ANN_DEALS, bot_delay=0.05)
    # Connected is not yet dealt: the state the seat first gets may come before the deal's.
    page.wait_for_function("() => window.__roundgames.state && window.__roundgames.state.deal", polling=POLL_MS)
    turnup = state(page)["deal"]["turnup"]
    deal_line = page.locator("[data-testid=log] li[data-kind=deal]").last
    expect(deal_line).to_contain_text(f"the turn-up is the {card_title(turnup).lower()}")
    plays = page.locator("[data-testid=log] li[data-kind=action]", has_text=re.compile(r" plays the "))
    for _ in range(3):  # a deal that ends without play (all threw up) is followed by the next
        play_out_deal(page, 0, prefer=("Stand",))
        if plays.count():
            break
        next_deal(page)
    said = plays.first.text_content() or ""
    assert re.fullmatch(r"(Ann|Bot \d) plays the \w+ of (spades|hearts|diamonds|clubs)", said), said
    expect(page.get_by_test_id("announce")).to_contain_text("plays the ")
    log = "\n".join(page.locator("[data-testid=log] li").all_text_contents())
    spoken = page.get_by_test_id("announce").text_content() or ""
    assert not CODE.findall(log) and not CODE.findall(spoken), (log, spoken)
    assert " of " in log and " of " in spoken


def test_at_a_table_that_shows_each_hand_at_once_she_sees_her_cards_before_her_turn(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., Path]
) -> None:
    seeded(page, server_factory, ANN_DEALS, bot_delay=2, hand_at_once=True)
    expect(page.locator(CARDS)).to_have_count(3)  # at once, before the others have declared
    expect(page.locator(BACKS)).to_have_count(0)
    seen = state(page)
    assert seen["table"]["hand_at_once"] is True and seen["unseen"] is None and len(seen["hand"]) == 3
    assert seen["deal"]["phase"] == "declare" and seen["deal"]["to_act"] != 0
    # Nothing else changes: the declarations still go in turn, so she is offered nothing yet.
    expect(page.get_by_test_id("actions").get_by_role("button")).to_have_count(0)
    assert seen["legal"] == []
    shot(page, "hand-at-once", full_page=False)
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-hand-at-once")).to_contain_text("departs from LOO-DECL-1")
    page.get_by_test_id("rules-panel").get_by_role("button", name="Close").click()
    wait_turn(page)
    expect(page.get_by_test_id("actions").get_by_role("button", name="Stand", exact=True)).to_be_visible()


def test_the_create_form_makes_a_table_that_shows_each_hand_at_once(page: Page, server: WebServer) -> None:
    create_table(
        page, server, game="loo", players=3, before_submit=lambda p: p.get_by_test_id("hand-at-once-input").check()
    )
    page.wait_for_function("window.__roundgames?.state?.table", polling=POLL_MS)
    assert state(page)["table"]["hand_at_once"] is True
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-hand-at-once")).to_be_visible()


def test_under_club_law_the_page_says_why_nobody_may_throw_up(
    page: Page, server_factory: Callable[..., WebServer]
) -> None:
    seeded(page, server_factory, ANN_DEALS_CLUBS, bot_delay=1)
    law = page.get_by_test_id("felt-all-play")
    expect(law).to_have_text("Clubs are trumps: all must stand: nobody may throw up (LOO-VAR-CLUBLAW)")
    assert state(page)["deal"]["all_play"] == {"text": "Clubs are trumps: all must stand", "rule": "LOO-VAR-CLUBLAW"}
    wait_turn(page)
    actions = page.get_by_test_id("actions").get_by_role("button")
    assert "Throw up" not in actions.all_text_contents()
    expect(page.get_by_test_id("choose-hint")).to_have_text(
        "Clubs are trumps: all must stand: nobody may throw up (LOO-VAR-CLUBLAW)."
    )


def test_guidance_is_in_the_text_s_colour_and_a_refusal_in_the_error_s(
    page: Page, server_factory: Callable[..., WebServer]
) -> None:
    seeded(page, server_factory, ANN_DEALS, bot_delay=0.05)
    wait_turn(page)
    message = page.get_by_test_id("message")
    page.locator(CARDS).first.click()  # a card tapped while declaring: what the turn wants instead
    expect(message).to_contain_text("Declare first: ")
    expect(message).to_have_class(re.compile(r"\bneutral\b"))
    colours = page.evaluate(
        """() => {
          const probe = document.createElement("span");
          probe.style.color = "var(--error)";
          document.body.append(probe);
          const error = getComputedStyle(probe).color;
          probe.remove();
          return [getComputedStyle(document.querySelector("[data-testid=message]")).color,
                  getComputedStyle(document.body).color, error];
        }"""
    )
    shown, body, error = colours
    assert shown == body and shown != error, colours


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_turn_clock_leaves_a_seat_s_name_whole(
    size: str,
    page: Page,
    new_context: Callable[..., BrowserContext],
    server_factory: Callable[..., WebServer],
    shot: Callable[..., Path],
) -> None:
    server = seeded(page, server_factory, ANN_DEALS, bot_delay=0.05, turn_seconds=60)
    wait_turn(page)
    watcher = new_context(size, **(PHONE if size == "phone" else {})).new_page()
    watcher.goto(f"{server.url}/t/hand#watch")
    clock = watcher.get_by_test_id("turn-clock-0")
    expect(clock).to_be_visible()
    name = watcher.get_by_test_id("seat-0").locator(".name")
    expect(name).to_have_text("Ann")
    assert name.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the name is cut short"
    # The clock itself lies wholly within the badge.
    inside = clock.evaluate(
        """(el) => { const c = el.getBoundingClientRect(), b = el.closest(".seat").getBoundingClientRect();
                     return c.left >= b.left && c.right <= b.right && c.top >= b.top && c.bottom <= b.bottom; }"""
    )
    assert inside, "the clock runs out of its badge"
    shot(watcher, f"turn-clock-name-{size}", full_page=False)


def test_the_phone_s_top_bar_keeps_one_row(
    new_context: Callable[..., BrowserContext], server_factory: Callable[..., WebServer], shot: Callable[..., Path]
) -> None:
    phone = new_context("phone", **PHONE).new_page()
    seeded(phone, server_factory, ANN_DEALS, bot_delay=0.05)
    bar = phone.locator(".table-bar")
    tops = bar.locator(":scope > *:visible").evaluate_all(
        "els => els.map((e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; })"
    )
    assert max(tops) - min(tops) < 4, tops  # one row: every part of the bar on the same line
    box = bar.bounding_box()
    assert box is not None and box["height"] <= 48, box
    for button in phone.locator(".table-bar .tools button:visible").all():
        button.scroll_into_view_if_needed()
        expect(button).to_be_in_viewport(ratio=0.95)  # each tool is within reach (scrolled to: a subpixel aside)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360, "the phone page scrolls sideways"
    expect(phone.get_by_test_id("conn-state")).to_have_text("connected")  # its word stays for a screen reader
    shot(phone, "phone-top-bar", full_page=False)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_hint_leaves_every_card_of_the_hand_in_view(
    size: str,
    new_context: Callable[..., BrowserContext],
    server_factory: Callable[..., WebServer],
    shot: Callable[..., Path],
) -> None:
    page = new_context(size, **(PHONE if size == "phone" else {})).new_page()
    seeded(page, server_factory, ANN_DEALS, bot_delay=0.05, hints=True)
    wait_turn(page)
    page.get_by_test_id("hint-button").click()
    box = page.get_by_test_id("hint-box")
    expect(box.locator("[data-testid=expert-options] tbody tr").first).to_be_visible(timeout=HINT_WAIT)
    cards = page.locator(CARDS)
    expect(cards).to_have_count(3)
    for card in cards.all():
        expect(card).to_be_in_viewport(ratio=1)
    for button in page.get_by_test_id("actions").get_by_role("button").all():
        expect(button).to_be_in_viewport(ratio=1)
    shot(page, f"hint-{size}", full_page=False)


def test_the_page_and_the_server_name_every_card_alike(page: Page, server: WebServer) -> None:
    """The page names a card with cards.js (its buttons, labels and hints); the server's log with the guide's naming
    (web/words.py): the two say each of the 52 cards the same way, the period's knave for the jack."""
    page.goto(server.url + "/")
    codes = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]
    named: list[str] = page.evaluate(
        "async (codes) => { const cards = await import('/static/cards.js'); return codes.map(cards.cardName); }", codes
    )
    assert named == [card_title(code) for code in codes]
    assert named[codes.index("JC")] == "Knave of clubs"
