"""The expert's review and hints in a real browser (the system Chromium through Playwright) against a real
`roundgames serve`: a person plays a Nap deal by clicking, then opens its review and steps through her decisions
with their values and intervals; at a table created with "Allow hints", the Hint button shows the values of her
options, in a box that keeps her hand in view, and the score dialog marks the deal. Where the expert's strategy mixes
(a hint and a review whose messages are rewritten on their way to the page, so that the page's drawing of a mix is
tested whatever the shipped strategies hold), the page shows each option's share and the note that says why the
expert's choice is not the best valued. (The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Locator, Page, WebSocketRoute, expect

from .test_browser import create_table, no_script_errors, paced, play_out_deal, take_turn, text, wait_turn

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors", "paced"]  # fixtures of test_browser.py, used here by name

# A value as shown: "+1.13 ± 0.21" (the half-width of its 95% interval), or "+1.13" where there is no interval.
VALUE = re.compile(r"^([+-]?\d+\.\d\d)(?: ± (\d+\.\d\d))?$")
# ... and as a screen reader says it: "plus 1.13, give or take 0.21".
SPOKEN = re.compile(r"^(?:plus |minus )?\d+\.\d\d(?:, give or take \d+\.\d\d)?$")
REVIEW_WAIT = 60_000  # ms: the expert weighs every decision of the deal in the server's worker


def values_shown(page: Page, scope: str) -> list[str]:
    """The values in the expert's table of options within ``scope`` (a data-testid), in order, as drawn."""
    cells = page.locator(f"[data-testid={scope}] [data-testid=expert-options] td.money")
    shown: list[str] = cells.locator("[aria-hidden=true]").all_text_contents()
    spoken = cells.locator(".visually-hidden").all_text_contents()
    assert len(spoken) == len(shown) and all(SPOKEN.match(t) for t in spoken), spoken  # each said in words too
    return shown


def numbers(shown: list[str]) -> list[float]:
    """The values of ``values_shown`` (each must be a value, with or without its interval)."""
    found = [VALUE.match(v) for v in shown]
    assert all(found), shown
    return [float(m.group(1)) for m in found if m]


def hand_in_view(page: Page) -> None:
    """Every card of the person's hand is wholly on screen, without scrolling."""
    cards = page.locator("[data-testid=hand] [data-card]")
    assert cards.count() > 0
    for card in cards.all():
        expect(card).to_be_in_viewport(ratio=1)


def reach_a_choice(page: Page) -> None:
    """Wait for this viewer's turn, passing any forced one (a bot called Nap before her: Pass is all she may do, and
    a forced turn offers no hint), until a turn with a choice, its Hint button shown."""
    for _ in range(10):
        wait_turn(page)
        if page.get_by_test_id("hint-button").is_visible():
            return
        take_turn(page, 0)
    raise AssertionError("no turn with a choice came")


def mixed(options: list[dict[str, object]]) -> tuple[list[dict[str, object]], str]:
    """The options as a strategy that mixes would give them: the first taken 60% of the time, the second 40% and
    valued higher (within the first's interval), the others never; and the note that says why."""
    out = []
    for i, o in enumerate(options):
        value, half, prob = [(1.13, 0.21, 0.6), (1.27, 0.3, 0.4)][i] if i < 2 else (-1.5 - i, 0.05 * i, 0.0)
        out.append({**o, "value": value, "half": half, "prob": prob})
    note = (
        f"the strategy mixes here: {options[0]['label']} 60%, {options[1]['label']} 40% of the time"
        " (its values are as good as equal)"
    )
    return out, note


def rewrite_advice(ws: WebSocketRoute) -> None:
    """Pass the table's websocket through, rewriting the server's ``hint`` and the first decision of its ``review``
    as a strategy that mixes would send them (:func:`mixed`)."""
    server = ws.connect_to_server()
    ws.on_message(server.send)

    def down(message: str | bytes) -> None:
        data = json.loads(message)
        if data.get("type") == "hint":
            data["options"], data["note"] = mixed(data["options"])
        elif data.get("type") == "review" and data["decisions"]:
            first = data["decisions"][0]
            first["options"], first["note"] = mixed(first["options"])
        ws.send(json.dumps(data))

    server.on_message(down)


def check_mixed(scope: Locator, note_id: str) -> None:
    """The options of a mix as drawn in ``scope``: each value with its interval (in words for a screen reader), how
    often the strategy takes each, the expert's choice marked and no other called better, and the note."""
    table = scope.get_by_test_id("expert-options")
    labels = [t.strip() for t in table.locator("tbody td:first-child").all_text_contents()]
    expect(table.locator("thead th")).to_have_text(["Option", "Expected", "How often", "Marks"])
    rows = table.locator("tbody tr")
    expect(rows.locator("td.money [aria-hidden=true]").first).to_have_text("+1.13 ± 0.21")
    expect(rows.locator("td.money .visually-hidden").first).to_have_text("plus 1.13, give or take 0.21")
    expect(rows.nth(1).locator("td.money [aria-hidden=true]")).to_have_text("+1.27 ± 0.30")
    if len(labels) > 2:  # a turn of two options (a card to play of two) has no option the strategy never takes
        expect(rows.nth(2).locator("td.money .visually-hidden")).to_have_text("minus 3.50, give or take 0.10")
    expect(rows.locator("td.share")).to_have_text(["60%", "40%", *["never"] * (len(labels) - 2)])
    expect(rows.first.locator("td.marks")).to_have_text(re.compile(r"^the expert's choice"))
    marks = rows.locator("td.marks").all_text_contents()
    assert not any("better" in m or "choice" in m for m in marks[1:]), marks
    note = scope.get_by_test_id("expert-note")
    expect(note).to_have_text(
        f"Why this choice: the strategy mixes here: {labels[0]} 60%, {labels[1]} 40% of the time"
        " (its values are as good as equal)."
    )
    expect(table).to_have_attribute("aria-describedby", note_id)
    expect(note).to_have_attribute("id", note_id)


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
    values = numbers(shown)
    assert values[1:] == sorted(values[1:], reverse=True)
    assert all(" ± " in v for v in shown), shown  # the search's worlds give every value its interval
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

    reach_a_choice(page)
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
    values = numbers(shown)
    assert values[1:] == sorted(values[1:], reverse=True)  # its choice, then the others best first
    assert all(" ± " in v for v in shown), shown
    hand_in_view(page)  # the hint box, however long its list, leaves the hand where it was

    play_out_deal(page, 0, prefer=("Pass",))
    expect(box).to_be_hidden()  # the hint was for that turn only
    page.get_by_test_id("score-button").click()
    mark = page.get_by_test_id("score-panel").get_by_test_id("hint-mark-1")
    expect(mark).to_be_visible()
    expect(mark).to_have_attribute("title", "Played with hints: You")


def test_where_the_strategy_mixes_the_hint_and_the_review_show_its_shares_and_the_note(
    page: Page, paced: WebServer, shot: Callable[..., Path]
) -> None:
    page.route_web_socket(re.compile(r"/ws/"), rewrite_advice)
    create_table(
        page,
        paced,
        game="nap",
        players=3,
        bot_delay="0.05",
        before_submit=lambda p: p.get_by_test_id("hints-input").check(),
    )
    reach_a_choice(page)
    page.get_by_test_id("hint-button").click()
    box = page.get_by_test_id("hint-box")
    expect(box).to_be_visible(timeout=REVIEW_WAIT)
    check_mixed(box, "hint-note")
    hand_in_view(page)
    box.evaluate("(el) => { el.scrollTop = 0; }")
    shot(page, "hint-mixed-desktop", full_page=False)

    play_out_deal(page, 0, prefer=("Pass",))
    page.get_by_test_id("review-deal").click()
    decision = page.get_by_test_id("review-dialog").get_by_test_id("review-decision")
    expect(decision).to_contain_text("Decision 1 of", timeout=REVIEW_WAIT)
    check_mixed(decision, "review-note")
    expect(decision.locator("tr.taken")).to_have_count(1)  # what she did, marked as played
    expect(decision.locator("tr.taken td.marks")).to_contain_text("played")
    shot(page, "review-mixed", full_page=False)


def test_on_a_phone_the_hint_scrolls_in_its_box_the_hand_stays_in_view_and_the_review_fits(
    phone_page: Page, paced: WebServer, shot: Callable[..., Path]
) -> None:
    phone_page.route_web_socket(re.compile(r"/ws/"), rewrite_advice)  # a mix: the widest table, with a note
    create_table(
        phone_page,
        paced,
        game="nap",
        players=3,
        before_submit=lambda p: p.get_by_test_id("hints-input").check(),
    )
    reach_a_choice(phone_page)
    phone_page.get_by_test_id("hint-button").click()
    box = phone_page.get_by_test_id("hint-box")
    expect(box.get_by_test_id("expert-note")).to_be_attached(timeout=REVIEW_WAIT)
    hand_in_view(phone_page)
    shot(phone_page, "hint-mixed-phone-top", full_page=False)
    for button in phone_page.get_by_test_id("actions").get_by_role("button").all():
        expect(button).to_be_in_viewport(ratio=1)  # and her calls
    # The box is a scroll container: were its options taller than the room the hand leaves, they would scroll
    # inside it rather than push the hand down (whether they do here depends on the phone's bars above it).
    overflow = box.evaluate("(el) => getComputedStyle(el).overflowY")
    assert overflow in ("auto", "scroll"), f"the hint box does not scroll inside itself (overflow-y {overflow})"
    width = phone_page.viewport_size["width"] if phone_page.viewport_size else 360
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    box.focus()  # a box that scrolls is reached by the keyboard, and scrolled by it
    phone_page.keyboard.press("End")
    expect(box.get_by_test_id("expert-note")).to_be_in_viewport()
    shot(phone_page, "hint-mixed-phone", full_page=False)

    # The review of the deal draws the same four columns within the phone's width.
    play_out_deal(phone_page, 0, prefer=("Pass",))
    phone_page.get_by_test_id("review-deal").click()
    dialog = phone_page.get_by_test_id("review-dialog")
    expect(dialog.get_by_test_id("review-decision")).to_contain_text("Decision 1 of", timeout=REVIEW_WAIT)
    check_mixed(dialog.get_by_test_id("review-decision"), "review-note")
    assert dialog.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the review scrolls sideways on a phone"
    shot(phone_page, "review-mixed-phone", full_page=False)
