"""The table on a phone held upright (390x844) and the small things of the play, in a real browser against a real
`roundgames serve`: the turn-up readable in the felt's corner, the table talk on the felt before the play, the log and
chat in a drawer one tap from the hand with a count of what came while it was closed, the phase buttons' keys, what a
card tapped while declaring says, Nap's call to beat, and the connection message that goes once the connection is
back. (The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import BrowserContext, Page, expect

from .test_browser import (
    CARDS,
    HAND,
    actions_of,
    create_table,
    in_viewport,
    no_script_errors,
    settled,
    text,
    track,
    wait_turn,
)

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # the page-error check of test_browser.py, used here by name

PHONE = {"viewport": {"width": 390, "height": 844}}


def state(page: Page) -> dict[str, Any]:
    """The last state the server sent this page (the page's read-only hook)."""
    found: dict[str, Any] = page.evaluate("window.__roundgames.state")
    return found


def test_on_a_phone_the_turnup_is_readable_and_log_and_chat_are_a_drawer_with_an_unread_count(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    phone = track(new_context("phone", **PHONE).new_page())
    table = create_table(phone, server, game="loo", players=5)
    wait_turn(phone)  # Ann's turn to declare
    expect(phone.get_by_test_id("phase")).to_have_text("declare")

    # The turn-up: on the felt, at least 40 px wide, in view with the hand and the buttons, no scrolling.
    turnup = phone.get_by_test_id("felt-turnup")
    expect(turnup).to_be_visible()
    assert turnup.get_attribute("data-card") == state(phone)["deal"]["turnup"]
    settled(phone)  # the turn-up flips in as it is dealt (motion.js flipTurnup): measured once it lies still
    box = turnup.locator(".felt-card").bounding_box()
    assert box is not None and box["width"] >= 40, box
    assert in_viewport(box, 390, 844)
    for card in phone.locator(CARDS).all():
        assert in_viewport(card.bounding_box(), 390, 844)
    for button in phone.get_by_test_id("actions").get_by_role("button").all():
        assert in_viewport(button.bounding_box(), 390, 844)
    # No dead felt while declaring: it says what has been declared so far, and takes no more room than that needs.
    talk = phone.get_by_test_id("felt-talk")
    expect(talk).to_be_visible()
    expect(talk).not_to_be_empty()
    felt = phone.locator("section.centre").bounding_box()
    assert felt is not None and felt["height"] <= 0.25 * 844, felt
    # The hand is at full strength while she judges it: no card is dimmed before the play.
    opacities = phone.locator(CARDS).evaluate_all("els => els.map((e) => Number(getComputedStyle(e).opacity))")
    assert min(opacities) == 1.0, opacities
    shot(phone, "phone-declaring", full_page=False)

    # The log and chat are a drawer: closed, then one tap away, in view.
    chat = phone.get_by_test_id("chat-input")
    expect(chat).to_be_hidden()
    # Results count too (a first deal that was a single has one): what came so far, before the friend speaks.
    unread = phone.get_by_test_id("unread")
    before = int(text(unread) or 0) if unread.is_visible() else 0

    # A friend watching from another device says something: the drawer's button counts it.
    friend = track(new_context("desktop").new_page())
    friend.goto(f"{server.url}/t/{table}#watch")
    expect(friend.get_by_test_id("conn-state")).to_have_text("connected")
    friend.get_by_test_id("chat-input").fill("good luck, Ann")
    friend.get_by_test_id("chat-send").click()
    expect(unread).to_have_text(str(before + 1))
    expect(phone.get_by_test_id("drawer-button")).to_have_attribute("aria-label", f"Log and chat: {before + 1} unread")

    phone.get_by_test_id("drawer-button").click()
    expect(chat).to_be_in_viewport(ratio=1)
    expect(phone.get_by_test_id("log").locator("li[data-kind=chat]")).to_have_text(["Spectator: good luck, Ann"])
    expect(unread).to_be_hidden()  # read now
    chat.fill("thanks")
    phone.get_by_test_id("chat-send").click()
    expect(phone.get_by_test_id("log").locator("li[data-kind=chat]").last).to_have_text("Ann: thanks")
    shot(phone, "phone-drawer", full_page=False)
    phone.get_by_test_id("drawer-close").click()
    expect(chat).to_be_hidden()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"


def test_a_card_tapped_while_declaring_says_declare_first_and_the_keys_press_the_phase_buttons(
    page: Page, server: WebServer
) -> None:
    create_table(page, server, game="loo", players=4)
    wait_turn(page)
    expect(page.get_by_test_id("phase")).to_have_text("declare")
    labels = page.get_by_test_id("actions").get_by_role("button").all_text_contents()
    page.locator(CARDS).first.click()
    expect(page.get_by_test_id("message")).to_contain_text("Declare first: ")
    for label in labels:
        expect(page.get_by_test_id("message")).to_contain_text(label)
    expect(page.get_by_test_id("message")).not_to_contain_text("cannot be played now")

    # Each phase button shows its key, the terminal's: s Stand, t Throw up.
    stand = page.get_by_test_id("actions").get_by_role("button", name="Stand", exact=True)
    expect(stand).to_have_attribute("aria-keyshortcuts", "s")
    mine = actions_of(page, 0)
    before = mine.count()
    page.locator(HAND).click(position={"x": 2, "y": 2})  # the page has the keyboard, not the chat
    page.keyboard.press("s")
    expect(mine).to_have_count(before + 1)
    assert text(mine.nth(before)) == "Ann stands"


def test_nap_shows_the_call_to_beat_and_a_call_key_makes_the_call(page: Page, server: WebServer) -> None:
    create_table(page, server, game="nap", players=4)
    wait_turn(page)
    expect(page.get_by_test_id("phase")).to_have_text("call")
    deal = state(page)["deal"]
    high = deal["high_call"]
    names = {s["seat"]: s["name"] for s in state(page)["seats"]}
    words = {"1": "One", "2": "Two", "3": "Three", "4": "Four"}
    if high is None:
        expect(page.get_by_test_id("contract")).to_contain_text("No call yet")
        expect(page.get_by_test_id("felt-high-call")).to_have_text("No call yet")
    else:
        call = words.get(high["call"], high["call"])
        expect(page.get_by_test_id("contract")).to_contain_text(f"Highest call: {call} ({names[high['seat']]})")
        expect(page.get_by_test_id("felt-high-call")).to_have_text(f"To beat: {call} by {names[high['seat']]}")

    # The lowest call offered, by its key (a digit: the cards are not played yet, so digits are the calls').
    entries = [e for e in state(page)["legal"] if e.get("key", "").isdigit()]
    assert entries, state(page)["legal"]
    lowest = entries[0]
    mine = actions_of(page, 0)
    before = mine.count()
    page.locator(HAND).click(position={"x": 2, "y": 2})
    page.keyboard.press(lowest["key"])
    expect(mine).to_have_count(before + 1)
    assert text(mine.nth(before)).startswith("Ann calls ")


def test_the_not_connected_message_goes_once_the_connection_is_back(page: Page, server_process: WebServer) -> None:
    create_table(page, server_process, game="nap", players=3)
    wait_turn(page)
    server_process.kill()
    expect(page.get_by_test_id("conn-state")).to_have_text("reconnecting")
    page.get_by_test_id("actions").get_by_role("button").first.click()
    expect(page.get_by_test_id("message")).to_have_text("Not connected: reconnecting, try again in a moment.")
    server_process.start()
    expect(page.get_by_test_id("conn-state")).to_have_text("connected", timeout=20_000)
    expect(page.get_by_test_id("message")).to_have_text("")


def test_the_gathering_fits_a_phone_with_the_host_s_buttons_in_view(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    phone = track(new_context("phone", **PHONE).new_page())
    create_table(phone, server, game="loo", players=6, people=3)
    expect(phone.get_by_test_id("gathering")).to_be_visible()
    for testid in ("start-sitting", "gather-seat-0", "seat-bot-1"):
        expect(phone.get_by_test_id(testid)).to_be_in_viewport(ratio=1)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    assert state(phone)["deal"] is None and hand_is_empty(phone)
    shot(phone, "phone-gathering", full_page=False)


def hand_is_empty(page: Page) -> bool:
    return page.locator(CARDS).count() == 0


def test_a_five_card_exchange_fits_a_phone_cards_marks_and_buttons_in_view(
    new_context: Callable[..., BrowserContext], server_factory: Callable[..., WebServer], shot: Callable[..., Path]
) -> None:
    from .test_browser_five_card import FLUSH_SEED, seated

    phone = new_context("phone", **PHONE).new_page()
    seated(phone, server_factory, FLUSH_SEED)
    wait_turn(phone)
    cards = phone.locator(CARDS)
    expect(cards).to_have_count(5)
    cards.first.click()  # marked for the exchange
    exchange = phone.get_by_test_id("actions").get_by_role("button", name="Exchange 1 card", exact=True)
    expect(exchange).to_be_in_viewport(ratio=1)
    settled(phone)
    for card in cards.all():
        box = card.bounding_box()
        assert box is not None and box["width"] >= 60 and in_viewport(box, 390, 844), box
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the phone page scrolls sideways"
    shot(phone, "phone-five-card-exchange", full_page=False)


def test_the_pages_run_under_their_content_security_policy_with_nothing_refused(page: Page, server: WebServer) -> None:
    """The lobby, a table (its websocket, cards and dialogs) and a rules page work under the policy the server
    sends: the browser refuses nothing (a refusal is a console message naming the Content Security Policy)."""
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    create_table(page, server, game="loo", players=4)
    wait_turn(page)
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-panel")).to_be_visible()
    page.keyboard.press("Escape")
    page.goto(server.url + "/rules/loo/five-card")
    expect(page.locator("[data-card]").first).to_be_visible()
    assert refused == []
