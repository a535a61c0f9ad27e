"""Accessibility as a gate: axe-core (the copy bundled by the ``axe-playwright-python`` package) run in a real browser
(the system Chromium through Playwright) on the lobby, a table in each phase (gathering, declaring, play, a finished
deal's result), the review dialog, the replay of a finished deal and three pages of the documentation site, at desktop
and phone sizes. Any violation of impact "serious" or "critical" fails the test, which names each one: its rule,
impact, help and first targets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .test_browser import (
    create_table,
    no_script_errors,
    play_out_deal,
    reach_my_play_turn,
    take_turn,
    text,
    track,
    wait_turn,
)

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # a fixture of test_browser.py, used here by name

GATED = ("serious", "critical")
SHOWN_TARGETS = 3  # the first few elements named for each violation
REVIEW_WAIT = 60_000  # ms: the expert weighs every decision of the deal in the server's worker

#: the documentation pages checked: a law with its anchors, the deal record's contract, and the site's home
DOCS_PAGES = {"docs-home": "", "docs-laws": "laws/loo/", "docs-record": "record/"}


@cache
def axe_source() -> str:
    """axe-core's script as the package bundles it."""
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Run axe-core on the page as it stands; its violations of every impact."""
    page.evaluate(axe_source())
    found: list[dict[str, Any]] = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations)"
    )
    return found


def assert_accessible(page: Page, where: str) -> None:
    """Fail on any serious or critical violation, listing each with its first targets."""
    gated = [v for v in axe_violations(page) if v.get("impact") in GATED]
    lines = [
        f"- {v['id']} ({v['impact']}): {v['help']}; "
        + ", ".join(" ".join(node["target"]) for node in v["nodes"][:SHOWN_TARGETS])
        + (f" and {len(v['nodes']) - SHOWN_TARGETS} more" if len(v["nodes"]) > SHOWN_TARGETS else "")
        for v in gated
    ]
    assert not gated, f"axe-core finds {len(gated)} serious or critical violations on {where}:\n" + "\n".join(lines)


# --- reaching each page ---------------------------------------------------------------------------------------------


def lobby(page: Page, server: WebServer) -> None:
    track(page).goto(server.url + "/")
    expect(page.get_by_test_id("create-form").get_by_test_id("preset-select")).to_have_value("peel")


def gathering(page: Page, server: WebServer) -> None:
    # a second person's seat stays empty, so the table waits in its gathering
    create_table(page, server, game="loo", players=3, people=2)
    expect(page.get_by_test_id("gathering")).to_be_visible()


def declaring(page: Page, server: WebServer) -> None:
    create_table(page, server, game="loo", players=4)
    wait_turn(page)
    assert text(page.get_by_test_id("phase")) != "play"


def playing(page: Page, server: WebServer) -> None:
    create_table(page, server, game="loo", players=4)
    for _ in range(10):  # take the miss or play, so that a card is to be played by her
        reach_my_play_turn(page)
        if page.locator("[data-testid=hand] button.legal").count():
            return
        take_turn(page, 0)


def result(page: Page, server: WebServer) -> None:
    create_table(page, server, game="loo", players=4, bot_delay="0.05")
    play_out_deal(page, 0, prefer=("Play", "Stand"))
    expect(page.get_by_test_id("deal-result")).not_to_be_empty()


def review(page: Page, server: WebServer) -> None:
    create_table(page, server, game="nap", players=3, bot_delay="0.05")
    play_out_deal(page, 0, prefer=("Pass",))
    page.get_by_test_id("review-deal").click()
    dialog = page.get_by_test_id("review-dialog")
    expect(dialog.get_by_test_id("review-decision")).to_contain_text("Decision 1 of", timeout=REVIEW_WAIT)


def replay(page: Page, server: WebServer) -> None:
    create_table(page, server, game="nap", players=3, bot_delay="0.05")
    play_out_deal(page, 0, prefer=("Pass",))
    page.get_by_test_id("score-button").click()
    page.get_by_test_id("score-panel").get_by_test_id("replay-1").click()
    expect(page.get_by_test_id("replay-counter")).to_contain_text("Step 1 of")
    page.locator("body").press("End")  # the deal's last step, with its result


TABLE_PAGES: dict[str, Callable[[Page, WebServer], None]] = {
    "lobby": lobby,
    "gathering": gathering,
    "declaring": declaring,
    "play": playing,
    "result": result,
    "review": review,
    "replay": replay,
}


#: the pages reached at a finished deal, on a server whose next deal waits a minute so that the result stays
FINISHED = {"result", "review", "replay"}


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("where", list(TABLE_PAGES))
def test_the_lobby_and_the_table_in_each_phase_have_no_serious_violation(
    where: str, size: str, new_context: Callable[..., BrowserContext], server_factory: Callable[..., WebServer]
) -> None:
    server = server_factory(args=["--deal-pause", "60" if where in FINISHED else "0"])
    page = new_context(size).new_page()
    TABLE_PAGES[where](page, server)
    assert_accessible(page, f"the {where} page ({size})")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("name", list(DOCS_PAGES))
def test_the_docs_pages_have_no_serious_violation(
    name: str, size: str, new_context: Callable[..., BrowserContext], server_factory: Callable[..., Any], site: Path
) -> None:
    # a process of its own: the site's folder is read from its environment as the app loads
    server = server_factory(env={"ROUNDGAMES_DOCS_SITE": str(site)}, process=True)
    page = track(new_context(size).new_page())
    page.goto(f"{server.url}/docs/{DOCS_PAGES[name]}")
    expect(page.locator("h1").first).to_be_visible()
    assert_accessible(page, f"{name} ({size})")


def test_the_table_page_has_one_top_heading_and_its_log_takes_the_focus_by_tab(
    page: Page, server_factory: Callable[..., WebServer]
) -> None:
    server = server_factory(args=["--deal-pause", "0"])
    declaring(page, server)
    expect(page.get_by_role("heading", level=1)).to_have_count(1)
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Table [a-z0-9]+$"))
    log = page.get_by_role("list", name="Log of the deal")
    expect(log).to_have_attribute("tabindex", "0")  # in the Tab order: a log that scrolls is read by keyboard
    page.get_by_test_id("chat-input").focus()
    for _ in range(40):  # back from the chat, past any rule's link in the log's lines
        page.keyboard.press("Shift+Tab")
        if log.evaluate("(el) => el === document.activeElement"):
            break
    expect(log).to_be_focused()
