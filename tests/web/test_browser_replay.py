"""The step-by-step replay of a finished deal in a real browser (the system Chromium through Playwright) against a real
`roundgames serve` (docs/web.md, "Replaying a deal"): a person plays a sitting of Nap by clicking; after her first deal
the score sheet's Replay opens the deal from her seat alone, stepped through by the keys (arrows, Home, End) and the
buttons; once the sitting is over, the end of sitting's link replays it from any seat, the seat chooser switches the
point of view, Copy link copies the page's link, and that link opened in a fresh browser on a phone shows the same deal
to someone with no seat. (The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import BrowserContext, Page, expect

from .test_accessibility import assert_accessible
from .test_browser import create_table, next_deal, no_script_errors, paced, play_out_deal, track

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors", "paced"]  # fixtures of test_browser.py, used here by name

COUNTER = re.compile(r"^Step (\d+) of (\d+)$")


def step(page: Page) -> tuple[int, int]:
    """The step shown and the steps in all, as the counter says them ("Step 7 of 31")."""
    counter = page.get_by_test_id("replay-counter")
    expect(counter).to_have_text(COUNTER)
    found = COUNTER.match(counter.text_content() or "")
    assert found is not None
    return int(found.group(1)), int(found.group(2))


def step_through(page: Page) -> int:
    """Step with the keys and with each button, checking the counter and the step's words each time; the step count."""
    first, count = step(page)
    assert first == 1 and count > 5
    expect(page.get_by_test_id("replay-step").get_by_role("heading", level=2)).to_have_text("As dealt")
    expect(page.get_by_test_id("replay-first")).to_be_disabled()
    page.locator("body").press("ArrowRight")
    assert step(page) == (2, count)
    expect(page.get_by_test_id("replay-step").get_by_role("heading", level=2)).to_have_text(
        f"After action 1 of {count - 1}"
    )
    page.locator("body").press("End")
    assert step(page) == (count, count)
    expect(page.get_by_test_id("replay-result")).to_be_visible()
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    page.locator("body").press("ArrowLeft")
    assert step(page) == (count - 1, count)
    page.locator("body").press("Home")
    assert step(page) == (1, count)
    page.get_by_role("button", name="Forward", exact=True).click()
    page.get_by_role("button", name="Forward", exact=True).click()
    assert step(page) == (3, count)
    page.get_by_role("button", name="Back", exact=True).click()
    assert step(page) == (2, count)
    page.get_by_role("button", name="Last", exact=True).click()
    assert step(page) == (count, count)
    page.get_by_role("button", name="First", exact=True).click()
    assert step(page) == (1, count)
    return count


def test_a_deal_is_replayed_from_her_seat_during_the_sitting_and_from_any_seat_by_its_link_after(
    page: Page, paced: WebServer, new_context: Callable[..., BrowserContext], shot: Callable[..., Path]
) -> None:
    server = paced  # the first deal's result stays until "Next deal"
    table = create_table(page, server, game="nap", players=2, rounds=1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    play_out_deal(page, 0, prefer=("Pass",))
    page.get_by_test_id("score-button").click()
    page.get_by_test_id("score-panel").get_by_test_id("replay-1").click()
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?seat=0$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Replay of deal 1")
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Ann's seat.")
    # during the sitting: her own seat alone, her five cards as dealt, and no link to share yet
    expect(page.get_by_test_id("replay-seat").locator("option")).to_have_count(1)
    expect(page.get_by_test_id("replay-seat")).to_be_disabled()
    expect(page.get_by_test_id("replay-copy")).to_be_hidden()
    expect(page.get_by_test_id("replay-hand").locator("[data-card]")).to_have_count(5)
    expect(page.get_by_test_id("replay-dealt")).to_be_hidden()
    step_through(page)
    page.locator("body").press("ArrowRight")
    shot(page, "replay-during-desktop")
    assert_accessible(page, "the replay page during the sitting (desktop)")

    page.get_by_test_id("replay-back").click()  # back to the table, to play the sitting's last deal
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    next_deal(page)
    play_out_deal(page, 0, prefer=("Pass",))
    expect(page.get_by_test_id("play-again-box")).to_be_visible()
    page.get_by_test_id("replay-sitting").click()
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?seat=0$"))
    expect(page.get_by_test_id("replay-seat").locator("option")).to_have_count(2)
    page.get_by_test_id("replay-seat").select_option(label="Bot 2")
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Bot 2's seat.")
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?seat=1$"))
    expect(page.get_by_test_id("replay-hand")).to_contain_text("Bot 2's hand")
    expect(page.get_by_test_id("replay-dealt")).to_be_visible()
    page.locator("body").press("End")
    shot(page, "replay-after-desktop")
    page.get_by_role("button", name="Copy link", exact=True).click()
    link = f"{server.url}/t/{table}/replay/1?seat=1"
    expect(page.get_by_test_id("replay-status")).to_have_text(f"Link copied: {link}")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.get_by_test_id("replay-deal-2").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Replay of deal 2")
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Bot 2's seat.")

    phone = track(new_context("phone").new_page())  # someone with no seat, from the shared link
    phone.goto(link)
    expect(phone.get_by_role("heading", level=1)).to_have_text("Replay of deal 1")
    expect(phone.get_by_test_id("replay-status")).to_have_text("Seen from Bot 2's seat.")
    expect(phone.get_by_test_id("replay-seat").locator("option")).to_have_count(2)
    step_through(phone)
    phone.get_by_test_id("replay-seat").select_option(label="Ann")
    expect(phone.get_by_test_id("replay-status")).to_have_text("Seen from Ann's seat.")
    phone.get_by_role("button", name="Last", exact=True).click()
    expect(phone.get_by_test_id("replay-result")).to_be_visible()
    phone.get_by_test_id("replay-dealt").locator("summary").click()
    shot(phone, "replay-shared-phone")
    assert_accessible(phone, "the shared replay page (phone)")


def test_every_deal_of_a_loo_sitting_replays_from_every_seat_to_its_result(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., Path]
) -> None:
    """A sitting of Three-card Loo played by the bots (its one person never connects; the page watches as a
    spectator, for a table nobody watches waits): once it is over, each deal from each seat steps from the deal as
    dealt to its result, the turn-up drawn as a card, a seat's cards face down until its turn to declare (LOO-DECL-1)."""
    server = server_factory(args=["--away-seconds", "0", "--deal-pause", "0"])
    api = page.request
    body = {"game": "loo", "players": 3, "people": 1, "bot_delay": 0, "rounds": 1}
    table = api.post(f"{server.url}/api/tables", data=body).json()["id"]
    api.post(f"{server.url}/api/tables/{table}/sit", data={"seat": 0, "name": "Ann"})
    track(page).goto(f"{server.url}/t/{table}")
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    expect(page.get_by_test_id("score-button")).to_have_class(re.compile(r"\battention\b"), timeout=60_000)  # over
    deals = len(api.get(f"{server.url}/api/tables/{table}/scores.csv").text().splitlines()) - 2
    assert deals >= 3
    unseen = 0
    for deal in range(1, deals + 1):
        for seat in range(3):
            page.goto(f"{server.url}/t/{table}/replay/{deal}?seat={seat}")
            expect(page.get_by_test_id("replay-status")).to_contain_text("'s seat.")
            expect(page.get_by_test_id("replay-facts").locator("[data-card]").first).to_be_visible()  # the turn-up
            unseen += page.get_by_test_id("replay-hand").get_by_text("not looked at yet").count()
            page.locator("body").press("End")
            expect(page.get_by_test_id("replay-result")).to_be_visible()
    assert unseen > 0  # in a regular deal, a seat that declares after the first holds cards unseen as dealt
    shot(page, "replay-loo-desktop")
