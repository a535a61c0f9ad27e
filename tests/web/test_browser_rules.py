"""The rules in plain English in a real browser (the system Chromium through Playwright) against a real `roundgames
serve`: the lobby's house rules have labels and a sentence for each choice, the table's Rules panel tells the house
rules in words and how to play, a refusal's rule ID is a link to the rule on the rules page, and the rules page
draws its cards. (The helpers and the page-error check are those of test_browser.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from .test_browser import HAND, create_table, no_script_errors, reach_an_unplayable_card, track

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # a fixture of test_browser.py, used here by name

#: what a player must never read: a setting's raw name or value
RAW = re.compile(r'= "|\bnull\b|\btrue\b|\bfalse\b|\b[a-z]+_[a-z_]+\b')


def open_house_rules(page: Page) -> None:
    details = page.get_by_test_id("house-rules")
    if not details.evaluate("(d) => d.open"):
        details.locator("summary").click()


def test_the_lobbys_house_rules_have_labels_and_a_sentence_for_each_choice(
    page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    track(page)
    page.goto(server.url + "/")
    form = page.get_by_test_id("create-form")
    expect(form.get_by_test_id("preset-select")).to_have_value("peel")
    open_house_rules(page)
    options = page.locator("#options")
    expect(options.locator("label", has_text="Loos")).to_be_visible()
    loo_mode = form.get_by_test_id("option-loo_mode")
    assert loo_mode.locator("option").all_text_contents() == ["Limited loo", "Unlimited loo", "Mixed loo"]
    sentence = form.get_by_test_id("option-sentence-loo_mode")
    expect(sentence).to_have_text("Limited loo: a looed player pays the loo stake.")
    loo_mode.select_option(label="Unlimited loo")
    expect(sentence).to_have_text("Unlimited loo: a looed player pays the whole pool.")
    club = form.get_by_test_id("option-club_law")
    assert club.locator("option").all_text_contents() == ["No club law", "Club law"]  # never true / false
    # Only the rules of the preset's form: no Pam or flush at a Three-card table.
    for name in ("pam", "pam_free", "flush_pay", "flush_tie", "irish_flush"):
        expect(form.get_by_test_id(f"option-{name}")).to_be_hidden()
    expect(form.get_by_test_id("option-leader")).to_be_visible()  # the miss is Three-card Loo's
    visible = " ".join(label.inner_text() for label in options.locator("label:visible").all())
    assert "Three cards of a suit" not in visible and not RAW.search(visible), visible
    form.get_by_test_id("option-loo_mode").scroll_into_view_if_needed()
    shot(page, "lobby-house-rules")
    # Nap's rules in words too.
    form.get_by_test_id("game-select").select_option("nap")
    expect(form.get_by_test_id("option-sentence-misery")).to_have_text(
        "Misery may be called: the caller undertakes to take no trick at all."
    )
    assert "Double Header" in form.get_by_test_id("option-all_pass").inner_text()


def test_the_rules_panel_tells_the_house_rules_in_words_and_how_to_play(
    page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    create_table(page, server, game="loo", players=3, options={"loo_mode": "Unlimited loo"})
    page.get_by_test_id("rules-button").click()
    panel = page.get_by_test_id("rules-panel")
    expect(panel).to_be_visible()
    rules = panel.get_by_test_id("house-rules").locator("li")
    expect(rules.first).to_have_text(re.compile(r"^Three-card Loo: three cards each"))
    expect(rules.filter(has_text="(house rule)")).to_have_text(
        ["Unlimited loo: a looed player pays the whole pool. (house rule)"]
    )
    teaching = panel.get_by_test_id("rules-teaching")
    expect(teaching).to_be_visible()
    expect(teaching.get_by_role("heading", name="Declaring: stand, throw up, or take the miss")).to_be_visible()
    expect(teaching.locator(".card-pic svg").first).to_be_visible()  # the cards of the text drawn as cards
    expect(teaching.locator("a[href='/rules/loo/three-card#LOO-DECL-8']").first).to_be_visible()
    whole = panel.get_by_test_id("rules-page-link")
    expect(whole).to_have_attribute("href", "/rules/loo/three-card")
    shown = panel.inner_text()
    assert not RAW.search(shown) and "Pam" not in shown, RAW.search(shown)
    panel.evaluate("(dialog) => dialog.scrollTo(0, 0)")  # the house rules first, as the dialog opens
    shot(page, "rules-panel", full_page=False)
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()


def test_a_refusals_rule_id_links_to_the_rule_on_the_rules_page(
    page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    create_table(page, server, game="loo", players=3, rounds=10)
    reach_an_unplayable_card(page, ("Stand",))
    page.locator(f"{HAND} button.illegal").first.click()
    message = page.get_by_test_id("message")
    expect(message).to_have_text(re.compile(r"\(LOO-PLAY-\d\)"))
    link = message.locator("a.rule-link")
    expect(link).to_have_count(1)
    rule = link.inner_text()
    assert re.fullmatch(r"LOO-PLAY-\d", rule)
    expect(link).to_have_attribute("href", f"/rules/loo/three-card#{rule}")

    # The link leads to the rule itself on the page that teaches the game.
    href = link.get_attribute("href")
    assert href is not None
    page.goto(server.url + href)
    target = page.locator(f"dt[id='{rule}']")
    expect(target).to_be_visible()
    expect(target).to_contain_text(rule)
    assert page.evaluate("() => document.querySelector(':target')?.id") == rule
    expect(page.locator(f"dt[id='{rule}'] + dd")).not_to_be_empty()
    expect(page.locator("#example .card-pic svg").first).to_be_visible()  # the worked example's cards, drawn
    assert page.locator("main .card-pic").count() == page.locator("main .card-pic svg").count()
    shot(page, "rules-page", full_page=False)
    page.goto(server.url + "/rules/loo/three-card")
    expect(page.get_by_role("heading", name="Three-card Loo", exact=True)).to_be_visible()
