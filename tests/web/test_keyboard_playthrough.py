"""A whole deal of Loo against bots by keyboard alone, as a screen-reader user plays it, in a real browser (the
system Chromium through Playwright): Tab to a phase button and Enter, or a card's number key and Enter. Each of the
person's turns is announced in the live region in words, nothing heard is a card code, and after every action the
focus is on something of the page, never lost to its body."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from .conftest import POLL_MS
from .test_browser import HAND, actions_of, create_table, no_script_errors, text, wait_turn

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # a fixture of test_browser.py, used here by name

KEPT = "() => document.activeElement && document.activeElement !== document.body"
FOCUS_WAIT = 1_000  # ms: a few frames for the page to put the focus back where a redraw took it away
TABS = 80  # the most Tab presses to reach a phase button from wherever the focus is
CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")  # a card code, which a screen reader would spell out

# Everything the live region says, in order, recorded as a screen reader would hear it.
LISTEN = """() => {
  window.heard = [];
  document.addEventListener("DOMContentLoaded", () => {
    const region = document.getElementById("announce");
    if (!region) return; // the lobby
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) window.heard.push(node.textContent);
    }).observe(region, { childList: true });
  });
}"""


@pytest.fixture
def paced(server_factory: Callable[..., WebServer]) -> WebServer:
    """A server whose next deal waits a minute, so that the deal's result stays on screen."""
    return server_factory(args=["--deal-pause", "60"])


def heard(page: Page) -> list[str]:
    lines: list[str] = page.evaluate("() => window.heard")
    return lines


def focus_kept(page: Page, after: str) -> None:
    """The focus is on something of the page once the browser has drawn the change, never lost to its body."""
    try:
        page.wait_for_function(KEPT, timeout=FOCUS_WAIT, polling=POLL_MS)
    except PlaywrightError:
        raise AssertionError(f"after {after} the focus is lost to the page's body") from None


def focused(page: Page) -> str:
    """What has the focus: its tag, test id and text, or 'body' when the focus is lost."""
    where: str = page.evaluate(
        """() => { const e = document.activeElement;
          return !e || e === document.body ? "body" : `${e.tagName} ${e.dataset.testid ?? ""} ${e.textContent}`; }"""
    )
    return where


def press_button(page: Page, name: str) -> None:
    """Tab through the page until the phase button of that name has the focus, then press Enter on it."""
    tab_to(page, page.get_by_test_id("actions").get_by_role("button", name=name, exact=True), name)


def tab_to(page: Page, button: Locator, name: str) -> None:
    """Tab through the page until the button has the focus, then press Enter on it."""
    for _ in range(TABS):
        if button.evaluate("(b) => b === document.activeElement"):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{TABS} Tab presses never reached the {name!r} button; the focus is on {focused(page)}")


def play_a_card(page: Page) -> None:
    """Pick the first card that may be played by its number key, and play it with Enter."""
    index = page.locator(f"{HAND} button.legal").first.get_attribute("data-index")
    assert index is not None
    page.keyboard.press(index[-1])
    expect(page.locator(f"{HAND} button.selected")).to_have_count(1)
    page.keyboard.press("Enter")


def test_a_whole_deal_of_loo_by_keyboard_alone_with_every_turn_announced_and_the_focus_kept(
    page: Page, paced: WebServer
) -> None:
    page.add_init_script(script=f"({LISTEN})()")
    create_table(page, paced, game="loo", players=4, bot_delay="0.05")
    page.keyboard.press("Tab")  # into the page, as a keyboard user begins
    mine = actions_of(page, 0)
    turns = 0
    for _ in range(60):
        if wait_turn(page, or_result=True) == "result":
            if turns:
                break
            # a deal with nothing for her to decide (Peel's single, LOO-SGL-1): on to the next, by keyboard too
            number = text(page.get_by_test_id("deal-number"))
            tab_to(page, page.get_by_test_id("next-deal"), "Next deal")
            expect(page.get_by_test_id("deal-number")).not_to_have_text(number)
            focus_kept(page, "the next deal is dealt")
            continue
        turns += 1
        # her turn is said in words, as it comes
        try:
            page.wait_for_function(
                "(n) => window.heard.filter((l) => l === 'Your turn').length >= n", arg=turns, polling=POLL_MS
            )
        except PlaywrightError:
            raise AssertionError(f"her turn {turns} is not announced; the live region said {heard(page)}") from None
        before = mine.count()
        labels = page.get_by_test_id("actions").get_by_role("button").all_text_contents()
        if labels:
            press_button(page, next((p for p in ("Play", "Stand", "Pass") if p in labels), labels[0]))
        else:
            play_a_card(page)
        expect(mine).to_have_count(before + 1)
        focus_kept(page, repr(text(mine.nth(before))))
    else:
        raise AssertionError("no deal of hers ended after 60 turns")
    assert turns >= 1
    expect(page.get_by_test_id("deal-result")).not_to_be_empty()
    said = heard(page)
    assert not [line for line in said if CODE.search(line)], f"card codes in the live region: {said}"
    # the deal's result is said too
    assert text(page.get_by_test_id("deal-result")).strip()
