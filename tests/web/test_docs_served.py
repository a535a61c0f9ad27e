"""The documentation site served by `roundgames serve` at /docs/, in a real browser (the system Chromium through
Playwright): once built, its pages run under the web table's Content-Security-Policy with nothing refused (the
theme's scripts, its search), a rule has its anchor, and the lobby and the table's Rules dialog link to it; before
it is built, there is no link and /docs/ is not found. Screenshots of a rule, the record and an environment page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
from playwright.sync_api import Page, expect

from .test_browser import create_table, no_script_errors, track, wait_turn

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # a fixture of test_browser.py, used here by name

#: the site's pages to photograph: the first of its addresses the built site has (the record and the environments
#: have pages of their own once written; the API reference's pages stand in until then)
PAGES = {
    "docs-laws": ["laws/loo/#LOO-PLAY-5"],
    "docs-record": ["record/", "api/records/"],
    "docs-environment": ["research/environments/", "api/envs/"],
}


def refusals(page: Page) -> list[str]:
    """The browser's refusals under the Content-Security-Policy, as they come (console messages naming it)."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if "Content Security Policy" in m.text else None)
    return found


def test_the_docs_run_under_the_tables_content_security_policy_with_nothing_refused(
    page: Page, server_factory: Callable[..., WebServer], site: Path, shot: Callable[..., Path]
) -> None:
    # a process of its own: the site's folder is read from its environment as the app loads
    server = server_factory(env={"ROUNDGAMES_DOCS_SITE": str(site)}, process=True)
    refused = refusals(track(page))
    page.goto(server.url + "/docs/laws/loo/#LOO-PLAY-5")
    rule = page.locator("#LOO-PLAY-5")
    expect(rule).to_contain_text("LOO-PLAY-5")
    expect(rule).to_be_in_viewport()
    # The theme's own script runs: its search (a worker of the site's own) finds the laws of a revoke.
    page.locator("input.md-search__input").click()
    # The index is built in the worker first ("Initializing search" until then); what is typed before is not sought.
    expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching", timeout=30_000)
    page.locator("input.md-search__input").press_sequentially("revoke")
    expect(page.locator(".md-search-result__item").first).to_contain_text(re.compile("revoke", re.I))
    page.keyboard.press("Escape")
    page.goto(server.url + "/docs/laws/loo/#LOO-PLAY-5")
    expect(page.locator("#LOO-PLAY-5")).to_be_in_viewport()
    shot(page, "docs-laws", full_page=False)
    for name, paths in PAGES.items():
        found = next(p for p in paths if (site / p.split("#")[0] / "index.html").is_file())
        page.goto(f"{server.url}/docs/{found}")
        expect(page.locator(".md-content h1")).not_to_be_empty()
        shot(page, name, full_page=False)
    page.goto(server.url + "/docs/no-such-page/")
    expect(page.locator(".md-content h1")).to_have_text("404 - Not found")
    assert refused == []


def test_the_lobby_and_the_rules_dialog_link_to_the_docs_once_built(
    page: Page, server_factory: Callable[..., WebServer], site: Path
) -> None:
    # a process of its own: the site's folder is read from its environment as the app loads
    server = server_factory(args=["--deal-pause", "0"], env={"ROUNDGAMES_DOCS_SITE": str(site)}, process=True)
    refused = refusals(page)
    create_table(page, server, game="loo", players=4)
    wait_turn(page)
    page.get_by_test_id("rules-button").click()
    link = page.get_by_test_id("rules-panel").get_by_test_id("rules-docs-link")
    expect(link).to_have_attribute("href", "/docs/play/loo-three-card/")
    page.goto(server.url + "/")
    page.get_by_test_id("docs-link").click()
    expect(page.locator(".md-content h1")).to_contain_text("roundgames")
    page.goto(server.url + "/docs/play/loo-three-card/")
    expect(page.locator(".md-content h1")).to_contain_text("Three-card Loo")
    assert refused == []


def test_before_the_docs_are_built_there_is_no_link_and_docs_is_not_found(
    page: Page, server_factory: Callable[..., WebServer], tmp_path: Path
) -> None:
    # a process of its own: the site's folder is read from its environment as the app loads
    server = server_factory(
        args=["--deal-pause", "0"], env={"ROUNDGAMES_DOCS_SITE": str(tmp_path / "not-built")}, process=True
    )
    track(page).goto(server.url + "/")
    expect(page.get_by_test_id("how-to-play")).to_be_visible()
    expect(page.get_by_test_id("docs-link")).to_have_count(0)
    answer = httpx.get(server.url + "/docs/", trust_env=False)
    assert answer.status_code == 404 and "make docs" in answer.text
    create_table(page, server, game="nap", players=3)
    wait_turn(page)
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-teaching")).to_be_visible()
    expect(page.get_by_test_id("rules-docs-link")).to_have_count(0)
