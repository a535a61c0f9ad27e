"""The step-by-step replay of a finished deal in a real browser (the system Chromium through Playwright) against a real
`roundgames serve` (docs/web.md, "Replaying a deal"): a person plays a sitting of Nap by clicking; after her first deal
the result box's "Replay this deal", reached by the keyboard, opens it in a new tab, and the score sheet's Replay from
her seat alone, stepped through by the keys (arrows, Home, End) and the buttons; once the sitting is over, the end of
sitting's link replays it from any seat, the seat chooser switches the point of view, Copy link copies the page's link,
and that link opened in a fresh browser on a phone shows the same deal to someone with no seat. A link copied from a
finished sitting names it, and after Play again and a deal of the new sitting it still opens the same deal, step for
step. (The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import POLL_MS
from .test_accessibility import assert_accessible
from .test_browser import TURN_WAIT, create_table, next_deal, no_script_errors, paced, play_out_deal, track
from .test_browser_evening import state_of

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
    # The result box: "Replay this deal" beside "Review this deal", reached by the keyboard, opens a new tab
    expect(page.get_by_test_id("review-deal")).to_be_visible()
    page.get_by_test_id("review-deal").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("replay-deal")).to_be_focused()
    expect(page.get_by_test_id("replay-deal")).to_have_text("Replay this deal")
    shot(page, "replay-result-box-desktop")
    assert_accessible(page, "the table with a deal's result (desktop)")
    with page.context.expect_page() as opened:
        page.keyboard.press("Enter")
    tab = track(opened.value)
    tab.wait_for_url(re.compile(rf"/t/{table}/replay/1\?sitting=1&seat=0$"))
    expect(tab.get_by_test_id("replay-status")).to_have_text("Seen from Ann's seat.")
    step_through(tab)
    tab.close()
    expect(page.get_by_test_id("result-box")).to_be_visible()  # the table played on in its own tab
    page.get_by_test_id("score-button").click()
    page.get_by_test_id("score-panel").get_by_test_id("replay-1").click()
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?sitting=1&seat=0$"))
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
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?sitting=1&seat=0$"))
    expect(page.get_by_test_id("replay-seat").locator("option")).to_have_count(2)
    page.get_by_test_id("replay-seat").select_option(label="Bot 2")
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Bot 2's seat.")
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?sitting=1&seat=1$"))
    expect(page.get_by_test_id("replay-hand")).to_contain_text("Bot 2's hand")
    expect(page.get_by_test_id("replay-dealt")).to_be_visible()
    page.locator("body").press("End")
    shot(page, "replay-after-desktop")
    page.get_by_role("button", name="Copy link", exact=True).click()
    link = f"{server.url}/t/{table}/replay/1?sitting=1&seat=1"
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


def every_step(page: Page) -> list[str]:
    """The text of each step of the replay shown, from the first to the last."""
    page.locator("body").press("Home")
    _, count = step(page)
    found = []
    for n in range(1, count + 1):
        assert step(page) == (n, count)
        found.append(page.get_by_test_id("replay-step").inner_text())
        page.locator("body").press("ArrowRight")
    return found


def finish_sitting(page: Page, seat_to_play: int) -> None:
    """Play the sitting in play to its end by clicking, asking for each next deal ("Next deal")."""
    for _ in range(6):
        play_out_deal(page, seat_to_play, prefer=("Pass",))
        expect(page.get_by_test_id("result-box")).to_be_visible()
        if state_of(page)["scores"]["over"]:
            break
        next_deal(page)
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=TURN_WAIT)


def test_a_link_shared_from_a_finished_sitting_opens_its_deal_after_play_again(
    page: Page, paced: WebServer, new_context: Callable[..., BrowserContext], shot: Callable[..., Path]
) -> None:
    server = paced  # each next deal waits for "Next deal": the new sitting stays at its first deal while she looks
    table = create_table(page, server, game="nap", players=2, rounds=1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    finish_sitting(page, 0)
    page.get_by_test_id("replay-sitting").click()
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?sitting=1&seat=0$"))
    page.get_by_test_id("replay-deal-2").click()
    page.get_by_test_id("replay-seat").select_option(label="Bot 2")
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Bot 2's seat.")
    before = every_step(page)
    page.get_by_role("button", name="Copy link", exact=True).click()
    link = f"{server.url}/t/{table}/replay/2?sitting=1&seat=1"
    expect(page.get_by_test_id("replay-status")).to_have_text(f"Link copied: {link}")
    assert page.evaluate("navigator.clipboard.readText()") == link

    page.get_by_test_id("replay-back").click()  # Play again, and a deal of the new sitting played
    page.get_by_test_id("play-again").click()
    page.wait_for_function(
        "() => window.__roundgames?.state?.sitting?.number === 2", timeout=TURN_WAIT, polling=POLL_MS
    )
    play_out_deal(page, 0, prefer=("Pass",))
    expect(page.get_by_test_id("replay-deal")).to_be_visible()  # its result, and its replay, there

    # A link without the sitting means the one in play: its first deal, from her own seat alone while it goes on.
    page.goto(f"{server.url}/t/{table}/replay/1?seat=0")
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Ann's seat.")
    page.wait_for_url(re.compile(rf"/t/{table}/replay/1\?sitting=2&seat=0$"))
    expect(page.get_by_test_id("replay-about")).to_contain_text("sitting 2, deal 1 of")
    expect(page.get_by_test_id("replay-seat").locator("option")).to_have_count(1)

    page.goto(link)  # the shared link, in her browser that holds a seat of the new sitting
    expect(page.get_by_role("heading", level=1)).to_have_text("Replay of deal 2")
    expect(page.get_by_test_id("replay-about")).to_contain_text("sitting 1, deal 2 of 2, as Bot 2 saw it.")
    expect(page.get_by_test_id("replay-dealt")).to_be_visible()  # the first sitting is over: every card dealt
    assert every_step(page) == before
    phone = track(new_context("phone").new_page())  # and in a fresh browser with no seat, from either seat
    phone.goto(link)
    expect(phone.get_by_test_id("replay-status")).to_have_text("Seen from Bot 2's seat.")
    assert every_step(phone) == before
    phone.get_by_test_id("replay-seat").select_option(label="Ann")
    expect(phone.get_by_test_id("replay-status")).to_have_text("Seen from Ann's seat.")
    phone.wait_for_url(re.compile(rf"/t/{table}/replay/2\?sitting=1&seat=0$"))
    expect(phone.get_by_test_id("replay-deal-1")).to_have_attribute("href", f"/t/{table}/replay/1?sitting=1&seat=0")
    phone.locator("body").press("End")
    expect(phone.get_by_test_id("replay-result")).to_be_visible()
    shot(phone, "replay-earlier-sitting-phone")
    assert_accessible(phone, "the replay of an earlier sitting's deal (phone)")

    # From the earlier sitting's replay, the sitting in play's first deal, from her own seat.
    expect(page.get_by_test_id("replay-sitting-2")).to_have_attribute("href", f"/t/{table}/replay/1?sitting=2&seat=0")
    page.get_by_test_id("replay-sitting-2").click()
    expect(page.get_by_test_id("replay-status")).to_have_text("Seen from Ann's seat.")
    expect(page.get_by_test_id("replay-about")).to_contain_text("sitting 2, deal 1 of")
    expect(page.get_by_test_id("replay-sitting-1")).to_have_attribute("href", f"/t/{table}/replay/1?sitting=1&seat=0")
    # A sitting the table never had is refused, naming it and what is valid.
    page.goto(f"{server.url}/t/{table}/replay/1?sitting=5&seat=0")
    expect(page.get_by_test_id("replay-status")).to_have_text(
        "sitting: no sitting 5 at this table (1 to 2; left out, the one in play)"
    )
