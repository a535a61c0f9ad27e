"""The expert's review and hints in a real browser (the system Chromium through Playwright) against a real
`roundgames serve`: a person plays a Nap deal by clicking, then opens its review and steps through her decisions
with their values; at a table created with "Allow hints", the Hint button shows the values of her options, and the
score dialog marks the deal. (The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from .test_browser import create_table, no_script_errors, paced, play_out_deal, text, wait_turn

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors", "paced"]  # fixtures of test_browser.py, used here by name

VALUE = re.compile(r"^[+-]?\d+\.\d\d$")
REVIEW_WAIT = 60_000  # ms: the expert weighs every decision of the deal in the server's worker


def values_shown(page: Page, scope: str) -> list[str]:
    """The values in the expert's table of options within ``scope`` (a data-testid), in order."""
    cells: list[str] = page.locator(f"[data-testid={scope}] [data-testid=expert-options] td.money").all_text_contents()
    return cells


def test_after_a_deal_its_review_steps_through_her_decisions_with_the_experts_values(
    page: Page, paced: WebServer, shot: Callable[..., Path]
) -> None:
    create_table(page, paced, game="nap", players=3, bot_delay="0.05")
    done = play_out_deal(page, 0, prefer=("Pass",))
    assert done and done[0] == "Ann passes"

    page.get_by_test_id("review-deal").click()
    dialog = page.get_by_test_id("review-dialog")
    expect(dialog).to_be_visible()
    summary = dialog.get_by_test_id("review-summary")
    expect(summary).to_have_text(
        re.compile(r"^\d+ decisions?; \d+ as good as the expert's; expected loss \d+\.\d\d"), timeout=REVIEW_WAIT
    )
    count = int(text(summary).split()[0])
    assert 1 <= count <= len(done)  # her calling is a decision; a forced card is none
    # The first decision is her call: the expert's choice first, the others best first, the one she took (Pass) marked as played.
    decision = dialog.get_by_test_id("review-decision")
    expect(decision).to_contain_text(f"Decision 1 of {count}")
    shown = values_shown(page, "review-decision")
    assert shown and all(VALUE.match(v) for v in shown), shown
    numbers = [float(v) for v in shown]
    assert numbers[1:] == sorted(numbers[1:], reverse=True)
    expect(decision.locator("tr.taken")).to_contain_text("Pass")
    shot(page, "review-dialog")
    expect(decision.locator("tr.best")).to_contain_text("the expert's choice")
    expect(decision.get_by_test_id("review-loss")).to_have_text(
        re.compile(r"^(As good as the expert's choice\.|\d+\.\d\d less than the expert's choice\.)$")
    )
    if count > 1:  # Next steps to her next decision, in the play
        dialog.get_by_test_id("review-next").click()
        expect(decision).to_contain_text(f"Decision 2 of {count}")
        expect(decision).to_contain_text("the play")
    dialog.get_by_role("button", name="Close").click()

    # The score dialog opens the same review (worked out already) from the deal's row.
    page.get_by_test_id("score-button").click()
    page.get_by_test_id("score-panel").get_by_test_id("review-1").click()
    expect(dialog.get_by_test_id("review-summary")).to_have_text(text(summary))


def test_at_a_table_with_hints_the_hint_button_shows_the_values_and_the_score_marks_the_deal(
    page: Page, paced: WebServer, shot: Callable[..., Path]
) -> None:
    create_table(
        page,
        paced,
        game="nap",
        players=3,
        bot_delay="0.05",
        before_submit=lambda p: p.get_by_test_id("hints-input").check(),
    )
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-hints")).to_contain_text("Hints: allowed")
    page.get_by_test_id("rules-panel").get_by_role("button", name="Close").click()

    wait_turn(page)
    box = page.get_by_test_id("hint-box")
    expect(box).to_be_hidden()
    offered = page.get_by_test_id("actions").get_by_role("button").all_text_contents()
    page.get_by_test_id("hint-button").click()
    expect(box).to_be_visible(timeout=REVIEW_WAIT)
    rows = box.locator("[data-testid=expert-options] tbody tr")
    expect(rows.first).to_contain_text("the expert's choice")
    shot(page, "hint-box")
    labels = [t.strip() for t in box.locator("[data-testid=expert-options] tbody td:first-child").all_text_contents()]
    assert labels and set(labels) <= set(offered), (labels, offered)  # each option is one of her buttons
    shown = values_shown(page, "hint-box")
    numbers = [float(v) for v in shown if VALUE.match(v)]
    assert len(numbers) == len(shown) and numbers[1:] == sorted(numbers[1:], reverse=True)  # its choice, then best

    play_out_deal(page, 0, prefer=("Pass",))
    expect(box).to_be_hidden()  # the hint was for that turn only
    page.get_by_test_id("score-button").click()
    mark = page.get_by_test_id("score-panel").get_by_test_id("hint-mark-1")
    expect(mark).to_be_visible()
    expect(mark).to_have_attribute("title", "Played with hints: You")
