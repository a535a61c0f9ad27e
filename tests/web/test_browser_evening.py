"""An evening at the web table in a real browser (the system Chromium through Playwright) against a real
`roundgames serve`: two friends gather at a new table, the second arriving after the countdown an open seat once had,
with nothing dealt until the host starts; a turn's time runs out and the seat's bot plays it; Play again after a short
sitting; the rejoin link opened in a second browser moves the seat, and the first browser says so.
(The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import POLL_MS
from .test_browser import (
    actions_of,
    create_table,
    hand,
    no_script_errors,
    paced,
    play_out_deal,
    sit_by_dialog,
    track,
    wait_turn,
)

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors", "paced"]  # fixtures of test_browser.py, used here by name

TURN_WAIT = 30_000  # ms


def state_of(page: Page) -> Any:
    """The last state the page was sent (its read-only debugging hook)."""
    return page.evaluate("window.__roundgames && window.__roundgames.state")


def sit_bob(bob: Page, url: str, seat: int) -> None:
    sit_by_dialog(bob, url, "Bob", seat)


def test_two_friends_gather_and_nothing_is_dealt_until_the_host_starts(
    new_context: Callable[..., BrowserContext], server_factory: Callable[..., WebServer], shot: Callable[..., Path]
) -> None:
    # A one-second countdown: before the gathering, an open seat was played by its bot (and charged) after it.
    server = server_factory(args=["--away-seconds", "1", "--deal-pause", "60"])
    ann = track(new_context("desktop").new_page())
    create_table(ann, server, game="nap", players=4, people=3, bot_delay="0.05")
    gathering = ann.get_by_test_id("gathering")
    expect(gathering).to_be_visible()
    expect(ann.get_by_test_id("gather-seat-0")).to_contain_text("Ann (host)")
    expect(ann.get_by_test_id("gather-seat-1")).to_contain_text("open")
    expect(ann.get_by_test_id("start-sitting")).to_be_visible()

    # Bob comes well after the countdown an open seat had: still nothing is dealt, and nobody is charged.
    ann.wait_for_function(
        "(t0) => Date.now() > t0 + 3000", arg=ann.evaluate("Date.now()"), timeout=10_000, polling=POLL_MS
    )
    bob = new_context("desktop").new_page()
    sit_bob(bob, ann.url, 1)
    expect(ann.get_by_test_id("gather-seat-1")).to_contain_text("Bob")
    expect(bob.get_by_test_id("gathering-host")).to_have_text("Ann (the host) starts the sitting.")
    expect(bob.get_by_test_id("start-sitting")).to_have_count(0)
    for page in (ann, bob):
        state = state_of(page)
        assert state["deal"] is None and state["gathering"]["open"] == [2]
        assert [s["balance"] for s in state["seats"]] == [0, 0, 0, 0]
        assert hand(page) == []
        expect(page.locator("[data-testid=log] li[data-kind=deal]")).to_have_count(0)
        expect(page.locator("[data-testid=log] li[data-kind=action]")).to_have_count(0)
        expect(page.get_by_test_id("result-box")).to_be_hidden()
    # The host opens the bots' seat for a person, then gives it back to a bot: both sides see each step.
    ann.get_by_test_id("open-seat-3").click()
    expect(bob.get_by_test_id("gather-seat-3")).to_contain_text("open")
    ann.get_by_test_id("seat-bot-3").click()
    expect(bob.get_by_test_id("gather-seat-3")).to_contain_text("bot")
    shot(ann, "evening-gathering")

    ann.get_by_test_id("start-sitting").click()
    for page in (ann, bob):
        expect(page.get_by_test_id("gathering")).to_have_count(0)
        expect(page.get_by_test_id("deal-number")).to_contain_text("1")
        expect(page.locator("[data-testid=log] li", has_text="Ann starts the sitting")).to_have_count(1)
    assert len(hand(ann)) == 5 and len(hand(bob)) == 5


def test_a_turn_that_runs_out_is_played_by_the_seat_s_bot_and_the_clock_shows_for_everyone(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    ann = track(new_context("desktop").new_page())

    def ten_seconds(page: Page) -> None:  # the create form's "Seconds a turn"
        page.get_by_test_id("turn-seconds-input").fill("10")

    table = create_table(ann, server, game="nap", players=3, before_submit=ten_seconds)
    watcher = track(new_context("desktop").new_page())
    watcher.goto(f"{server.url}/t/{table}#watch")
    wait_turn(ann)
    assert state_of(ann)["table"]["turn_seconds"] == 10
    before = actions_of(ann, 0).count()
    for page in (ann, watcher):  # the clock counts down on Ann's seat, on her page and on the spectator's
        clock = page.get_by_test_id("turn-clock-0")
        expect(clock).to_have_text(re.compile(r"^0:(0\d|10)$"))
    shot(ann, "evening-turn-clock")
    line = ann.locator("[data-testid=log] li", has_text="Ann's time ran out: a bot plays this turn for Ann")
    expect(line).to_have_count(1, timeout=TURN_WAIT)
    expect(actions_of(ann, 0)).to_have_count(before + 1)  # her bot played her turn
    expect(watcher.get_by_test_id("timeouts-0")).to_have_text("out of time ×1")
    # Her own next action gives her the seat back: the mark goes.
    wait_turn(ann)
    page_actions = ann.get_by_test_id("actions").get_by_role("button")
    if page_actions.count():
        page_actions.first.click()
    else:
        ann.locator("[data-testid=hand] button.legal").first.click()
    expect(watcher.get_by_test_id("timeouts-0")).to_have_count(0)


def test_play_again_after_a_short_sitting_starts_a_new_one_at_the_same_link(
    page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    create_table(page, server, game="nap", players=2, rounds=1, bot_delay="0")
    url = page.url
    expect(page.get_by_test_id("deal-number")).to_have_text(re.compile(r"^Deal [12] of 2$"))
    expect(page.locator("[data-testid=log] li", has_text="Last round")).to_have_count(0)  # one round: none to announce
    for _ in range(2):
        if state_of(page)["scores"]["over"]:
            break
        play_out_deal(page, 0, prefer=("Pass",))
        page.wait_for_function(
            "() => { const s = window.__roundgames?.state; return s && (s.scores.over || !s.deal.complete); }",
            timeout=TURN_WAIT,
            polling=POLL_MS,
        )
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=TURN_WAIT)
    first = state_of(page)["scores"]
    assert first["over"] and len(first["deals"]) == 2
    shot(page, "evening-play-again")
    page.get_by_test_id("play-again").click()
    expect(page.locator("[data-testid=log] li", has_text="Ann plays again: sitting 2 begins")).to_have_count(1)
    expect(page.get_by_test_id("play-again")).to_have_count(0)
    page.wait_for_function("() => window.__roundgames?.state?.deal?.number === 1", timeout=TURN_WAIT, polling=POLL_MS)
    state = state_of(page)
    assert page.url == url and state["sitting"]["number"] == 2 and not state["scores"]["over"]
    assert state["scores"]["sittings"][0]["deals"] == first["deals"]
    assert state["scores"]["sittings"][0]["totals"] == first["totals"]
    assert state["you"] == 0 and len(hand(page)) == 5
    # The Score dialog keeps the first sitting's final balances.
    page.get_by_test_id("score-button").click()
    names = [s["name"] for s in state["seats"]]
    totals = ", ".join(f"{n} {'+' if v > 0 else ''}{v}" for n, v in zip(names, first["totals"], strict=True))
    expect(page.get_by_test_id("score-panel")).to_contain_text("Score: sitting 2")
    expect(page.get_by_test_id("sitting-1")).to_have_text(f"Sitting 1, 2 deals: {totals}")
    shot(page, "evening-earlier-sittings")


def test_the_rejoin_link_in_a_second_browser_moves_the_seat_and_the_first_is_told(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    ann = track(new_context("desktop").new_page())
    table = create_table(ann, server, game="nap", players=3)
    wait_turn(ann)
    token = ann.evaluate("JSON.parse(localStorage.getItem('roundgames.seats'))")[table]["token"]
    mine = hand(ann)

    phone = track(new_context("phone").new_page())
    phone.goto(f"{server.url}/t/{table}#seat={token}")
    expect(phone.get_by_test_id("conn-state")).to_have_text("connected")
    expect(phone.get_by_test_id("turn")).to_have_text("Your turn")
    assert hand(phone) == mine

    moved = ann.get_by_test_id("seat-moved")
    expect(moved).to_have_text(re.compile(r"^Your seat moved to another device"))
    expect(ann.get_by_test_id("me")).to_be_empty()
    expect(ann.locator("[data-testid=hand] [data-card]")).to_have_count(0)
    expect(ann.get_by_test_id("actions").get_by_role("button")).to_have_count(0)
    expect(ann.get_by_test_id("conn-state")).to_have_text("connected")  # it watches on: no fight over the seat
    shot(ann, "evening-seat-moved")
    # The seat is played from the second browser, and the first, watching, sees the action.
    phone.get_by_test_id("actions").get_by_role("button", name="Pass", exact=True).click()
    expect(actions_of(ann, 0).last).to_have_text("Ann passes")
    assert state_of(phone)["you"] == 0 and state_of(ann)["you"] is None


def test_a_turn_time_out_of_range_is_refused_by_its_label_and_nothing_is_created(page: Page, server: WebServer) -> None:
    track(page)
    page.goto(server.url + "/")
    form = page.get_by_test_id("create-form")
    expect(form.get_by_test_id("preset-select")).to_have_value("peel")
    form.get_by_test_id("name-input").fill("Ann")
    form.get_by_test_id("turn-seconds-input").fill("5")
    form.get_by_test_id("create-submit").click()
    error = page.locator("#create-error")
    expect(error).to_have_text(re.compile(r"^Seconds a turn: 5 is not between 10 and 600 seconds"))
    expect(form.get_by_test_id("turn-seconds-input")).to_have_attribute("aria-invalid", "true")
    assert page.url.rstrip("/") == server.url  # still the lobby: no table was made
