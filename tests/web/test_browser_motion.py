"""Cards that move, and sounds, in a real browser (the system Chromium through Playwright) against a real
``roundgames serve``: a played card moves to the trick and ends where it is drawn without movement; under the system's
reduced motion, and with "Card movement" off in the settings, nothing moves; sounds are off until the person turns
them on, then a card played is heard, the top bar's Mute silences them, and the settings survive a reload; a
spectator hears none unless he turns them on while watching; one message makes one sound, however many events it
brings.

What moves and what sounds is seen through init scripts of the tests that wrap the browser's own
``Element.prototype.animate`` and ``AudioScheduledSourceNode.prototype.start`` (every animation and every sound
started), never through a hook of the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import POLL_MS
from .test_browser import (
    CARDS,
    HAND,
    TURN_WAIT,
    actions_of,
    create_table,
    hand,
    next_deal,
    no_script_errors,
    paced,
    play_out_deal,
    reach_my_play_turn,
    track,
)
from .webclient import create

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors", "paced"]  # fixtures of test_browser.py: its check for script errors, its paced server

#: every animation started, named by the card it moves (or the element's class), and the class of what it moves
WATCH_MOVES = """
window.__moves = [];
window.__moved = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__moves.push(this.closest("[data-card]")?.dataset.card ?? this.getAttribute("class"));
  window.__moved.push(this.getAttribute("class"));
  return animate.apply(this, args);
};
"""

#: every sound source started (an oscillator or a buffer of noise); the sounds reaching the speakers in each task of
#: the page that made any (each message from the server is handled in a task of its own); and anything the
#: Content-Security-Policy refused
WATCH_SOUNDS = """
window.__sounds = 0;
window.__perTask = [];
window.__refused = [];
document.addEventListener("securitypolicyviolation", (e) => window.__refused.push(e.violatedDirective));
const start = AudioScheduledSourceNode.prototype.start;
AudioScheduledSourceNode.prototype.start = function (...args) {
  window.__sounds += 1;
  return start.apply(this, args);
};
let inTask = 0;
const connect = AudioNode.prototype.connect;
AudioNode.prototype.connect = function (target, ...rest) {
  if (target instanceof AudioDestinationNode) {
    if (inTask === 0) queueMicrotask(() => { window.__perTask.push(inTask); inTask = 0; });
    inTask += 1;
  }
  return connect.call(this, target, ...rest);
};
"""

#: the trick as drawn and as the last state sent has it, and whether anything moves at that moment
DRAWN_NOW = """() => ({
  drawn: [...document.querySelectorAll("[data-testid=trick] .trick-card")].map((f) => f.dataset.card),
  sent: (window.__roundgames?.state?.deal?.trick ?? []).map((c) => c.card),
  moving: document.getAnimations().length > 0,
})"""
SETTLED = "() => document.getAnimations().length === 0 && !document.querySelector('.motion-layer > *')"


def watched(context: BrowserContext) -> Page:
    context.add_init_script(WATCH_MOVES)
    context.add_init_script(WATCH_SOUNDS)
    return track(context.new_page())


def play_a_card(page: Page) -> str:
    """At this viewer's turn in the play, click the first card that may be played; returns it once the log says so."""
    mine = actions_of(page, 0).filter(has_text=" plays ")
    before = mine.count()
    card = page.locator(f"{HAND} button.legal").first
    code = card.get_attribute("data-card") or ""
    card.click()
    expect(mine).to_have_count(before + 1)
    expect(
        page.locator(f'[data-testid=trick] .trick-card[data-card="{code}"], [data-testid=trick].held')
    ).not_to_have_count(0)
    return code


def moves(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__moves")
    return found


def sounds(page: Page) -> int:
    count: int = page.evaluate("window.__sounds")
    return count


def stored_settings(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('roundgames.settings') ?? '{}'"))
    return found


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_played_card_moves_from_the_hand_to_the_trick_and_ends_where_it_is_drawn(
    new_context: Callable[..., BrowserContext], server: WebServer, size: str
) -> None:
    page = watched(new_context(size))
    create_table(page, server, game="nap", players=3)
    reach_my_play_turn(page)
    card = play_a_card(page)
    assert card in moves(page), moves(page)
    # Once the moves are over nothing is left displaced: no transform on any card, no copy in flight.
    page.wait_for_function(SETTLED, polling=POLL_MS)
    displaced = page.evaluate(
        """() => [...document.querySelectorAll("[data-testid=trick] .card-face, [data-testid=hand] .card svg")]
                 .filter((el) => getComputedStyle(el).transform !== "none").length"""
    )
    assert displaced == 0
    expect(page.locator("html")).to_have_attribute("data-motion", "on")


def test_the_next_deal_slides_into_the_hand_from_the_dealer(
    new_context: Callable[..., BrowserContext], paced: WebServer
) -> None:
    page = watched(new_context("desktop"))
    create_table(page, paced, game="nap", players=3)
    play_out_deal(page, 0)
    page.evaluate("window.__moves = []")
    next_deal(page)
    expect(page.locator(CARDS)).to_have_count(5)
    page.wait_for_function(SETTLED, polling=POLL_MS)
    dealt = hand(page)
    assert set(dealt) <= set(moves(page)), (dealt, moves(page))


def test_a_watcher_under_reduced_motion_sees_the_same_trick_in_the_same_place_and_nothing_moves(
    new_context: Callable[..., BrowserContext], server: WebServer
) -> None:
    table = create(server.url, game="loo", players=4, people=0, bot_delay=0.6)["id"]
    still = {"reduced_motion": "reduce"}
    pages = [watched(new_context("desktop")), watched(new_context("desktop", **still))]
    for page in pages:
        # The finished trick is not held for the pause, whose timer starts as each page hears of it.
        page.add_init_script("localStorage.setItem('roundgames.settings', JSON.stringify({trickPause: 0}))")
        page.goto(f"{server.url}/t/{table}#watch")
        expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    moving, reduced = pages
    read = """() => ({seq: window.__roundgames?.seq, settled: document.getAnimations().length === 0,
      cards: [...document.querySelectorAll("[data-testid=trick] .trick-card .card-face")].map((el) => {
        const r = el.getBoundingClientRect(); return [el.closest("[data-card]").dataset.card, Math.round(r.left),
        Math.round(r.top), Math.round(r.width)]; })})"""
    compared: set[int] = set()  # the moments (seq) whose trick both pages showed
    shown: set[str] = set()
    for _ in range(200):
        # Mid-move or not, the page shows the state it was last sent: the trick drawn is the state's trick.
        now = moving.evaluate(DRAWN_NOW)
        assert now["drawn"] == now["sent"], now
        moving.wait_for_function(SETTLED, polling=POLL_MS)
        a = moving.evaluate(read)
        reduced.wait_for_function(
            "(seq) => window.__roundgames?.seq >= seq", arg=a["seq"], timeout=TURN_WAIT, polling=POLL_MS
        )
        b = reduced.evaluate(read)
        again = moving.evaluate(read)  # a trick that ends may start its gathering after SETTLED, at the same seq
        if a["cards"] and a["seq"] == b["seq"] == again["seq"] and a["settled"] and again["settled"]:
            assert a["cards"] == b["cards"]
            compared.add(a["seq"])
            shown |= {card for card, *_ in a["cards"]}
        if len(compared) >= 3:
            break
        moving.wait_for_function(
            "(seq) => window.__roundgames?.seq !== seq", arg=a["seq"], timeout=TURN_WAIT, polling=POLL_MS
        )
    assert len(compared) >= 3, "the two pages never showed a trick at the same moment"
    assert shown & set(moves(moving)), (shown, moves(moving))  # the cards shown came into the trick moving
    # A finished trick gathers toward its winner (copies of its cards fly), and the next deal's turn-up flips over.
    for mark in ("motion-ghost", "felt-card"):
        moving.wait_for_function(
            "(mark) => window.__moved.some((m) => String(m).includes(mark))",
            arg=mark,
            timeout=TURN_WAIT,
            polling=POLL_MS,
        )
    assert moves(reduced) == []
    assert reduced.evaluate("document.getAnimations().length") == 0


def test_with_card_movement_off_in_the_settings_nothing_moves_and_the_switch_survives_a_reload(
    new_context: Callable[..., BrowserContext], server: WebServer
) -> None:
    page = watched(new_context("desktop"))
    create_table(page, server, game="nap", players=3)
    page.get_by_test_id("settings-button").click()
    switch = page.get_by_role("checkbox", name="Card movement")
    expect(switch).to_be_checked()  # on by default
    switch.uncheck()
    page.get_by_test_id("settings-close").click()
    expect(page.locator("html")).to_have_attribute("data-motion", "off")
    page.evaluate("window.__moves = []")  # the first deal slid in before the switch was turned off
    reach_my_play_turn(page)
    play_a_card(page)
    page.wait_for_function(SETTLED, polling=POLL_MS)
    assert moves(page) == []
    assert stored_settings(page)["motion"] is False

    page.reload()
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    expect(page.locator("html")).to_have_attribute("data-motion", "off")
    page.get_by_test_id("settings-button").click()
    expect(page.get_by_role("checkbox", name="Card movement")).not_to_be_checked()


def test_sounds_are_off_until_turned_on_then_a_card_is_heard_and_mute_silences_them(
    new_context: Callable[..., BrowserContext], server: WebServer
) -> None:
    page = watched(new_context("desktop"))
    create_table(page, server, game="nap", players=3)
    mute = page.get_by_role("button", name="Mute")
    expect(mute).to_have_attribute("aria-pressed", "true")  # silent until the person says otherwise
    reach_my_play_turn(page)
    play_a_card(page)
    assert sounds(page) == 0

    # The settings' switch turns them on; the click lets the page play the turn's sound once, to hear it.
    page.get_by_test_id("settings-button").click()
    switch = page.get_by_test_id("setting-sound")
    expect(switch).not_to_be_checked()
    switch.check()
    page.wait_for_function("window.__sounds > 0", polling=POLL_MS)
    page.get_by_test_id("settings-close").click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    heard = sounds(page)
    reach_my_play_turn(page)
    play_a_card(page)
    page.wait_for_function("(before) => window.__sounds > before", arg=heard, polling=POLL_MS)

    # The top bar's Mute silences them, and the choice is the browser's until changed.
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    assert stored_settings(page)["sound"] is False
    heard = sounds(page)
    reach_my_play_turn(page)
    play_a_card(page)
    page.wait_for_function(SETTLED, polling=POLL_MS)
    assert sounds(page) == heard

    # Made in the page, nothing fetched: the Content-Security-Policy (web/headers.py) refused nothing.
    assert page.evaluate("window.__refused") == []

    mute.click()  # on again from the top bar, and so after a reload
    expect(mute).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    expect(page.get_by_role("button", name="Mute")).to_have_attribute("aria-pressed", "false")
    page.get_by_test_id("settings-button").click()
    expect(page.get_by_test_id("setting-sound")).to_be_checked()


def test_a_spectator_hears_nothing_unless_sounds_while_watching_is_on(
    new_context: Callable[..., BrowserContext], server: WebServer
) -> None:
    table = create(server.url, game="loo", players=3, people=0, bot_delay=0.3)["id"]
    context = new_context("desktop")
    context.add_init_script(WATCH_SOUNDS)
    # Sounds turned on at a seat earlier, in this browser: a spectator still hears nothing by that alone.
    context.add_init_script("localStorage.setItem('roundgames.settings', JSON.stringify({sound: true}))")
    page = track(context.new_page())
    page.goto(f"{server.url}/t/{table}#watch")
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    mute = page.get_by_role("button", name="Mute")
    expect(mute).to_have_attribute("aria-pressed", "true")
    plays = page.locator("[data-testid=log] li[data-kind=action]", has_text=" plays ")
    expect(plays).not_to_have_count(0, timeout=30_000)
    assert sounds(page) == 0
    mute.click()  # a spectator's Mute turns on sounds while watching
    expect(mute).to_have_attribute("aria-pressed", "false")
    assert stored_settings(page)["soundWatching"] is True
    page.wait_for_function("window.__sounds > 0", timeout=30_000, polling=POLL_MS)


def test_one_message_makes_one_sound_however_many_events_it_brings(
    new_context: Callable[..., BrowserContext], paced: WebServer
) -> None:
    page = watched(new_context("desktop"))
    create_table(page, paced, game="nap", players=3)
    page.get_by_test_id("mute-button").click()  # sounds on, from the top bar
    page.wait_for_function("window.__perTask.length > 0", polling=POLL_MS)
    # A deal played through: the last card of a trick ends it, the last trick ends the deal, and the winner's lead
    # may be this viewer's turn, all in one message: each is heard as one sound, the weightiest.
    play_out_deal(page, 0)
    page.wait_for_function(SETTLED, polling=POLL_MS)
    per_task: list[int] = page.evaluate("window.__perTask")
    assert len(per_task) > 3 and set(per_task) == {1}, per_task
