"""Inviting and the sitting's length in a real browser (the system Chromium through Playwright) against a real
``roundgames serve``: the table's own link to copy and its QR code on the gathering screen and behind the top bar's
Invite, a private table listed by its host, the seat's private link in its menu, the clock and the sitting's length
chosen in the lobby and said at the table in words, and the evening's total after Play again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import POLL_MS
from .test_browser import create_table, no_script_errors, play_out_deal, take_turn, track

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # the autouse fixture, imported to run here too

COPY = ["clipboard-read", "clipboard-write"]
TURN_WAIT = 30_000  # ms


def state_of(page: Page) -> Any:
    return page.evaluate("() => window.__roundgames?.state")


def open_tables(page: Page, server: WebServer) -> list[str]:
    page.goto(server.url + "/")
    expect(page.get_by_test_id("open-tables").locator("li").first).to_be_visible()
    return [li.get_attribute("data-table") or "" for li in page.get_by_test_id("open-tables").locator("li").all()]


def test_the_host_invites_by_the_table_s_link_and_its_code_and_lists_the_table(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    ann = track(new_context("desktop", permissions=COPY).new_page())

    def presets_in_words(p: Page) -> None:
        # The lobby names the presets and the clock in words, and two people have the normal clock by default.
        expect(p.get_by_test_id("preset-select").locator("option[value=peel]")).to_have_text("Nap (Peel's rules)")
        expect(p.get_by_test_id("clock-select")).to_have_value("normal")
        expect(p.get_by_test_id("turn-seconds-input")).to_have_value("30")
        expect(p.get_by_test_id("listed-input")).not_to_be_checked()  # private by default

    table = create_table(ann, server, game="nap", players=3, people=2, bot_delay="0.05", before_submit=presets_in_words)
    link = f"{server.url}/t/{table}"
    panel = ann.get_by_test_id("gathering").get_by_test_id("invite-panel")
    expect(panel.get_by_test_id("invite-link")).to_have_value(link)
    qr = panel.get_by_test_id("invite-qr")
    expect(qr).to_have_attribute("alt", f"QR code of the table's link, {link}")
    ann.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=qr.element_handle(), polling=POLL_MS)
    panel.get_by_test_id("copy-invite").click()
    expect(ann.get_by_test_id("message")).to_contain_text("Invite link copied")
    assert ann.evaluate("navigator.clipboard.readText()") == link  # the table's link, never the seat's
    expect(ann.get_by_test_id("clock-words").locator(".long")).to_have_text("Clock: normal: 30 s a turn")
    shot(ann, "invite-gathering")

    # Private: the lobby does not list it, yet its link seats a friend.
    other = track(new_context("desktop").new_page())
    other.goto(server.url + "/")
    expect(other.get_by_test_id("open-tables")).to_contain_text("No listed tables just now")
    assert table not in [li.get_attribute("data-table") for li in other.locator("[data-testid=open-tables] li").all()]
    other.goto(link)
    dialog = other.get_by_test_id("seat-dialog")
    expect(dialog).to_be_visible()
    # The host lists it; the friend's page says so, and the lobby shows it.
    panel.get_by_test_id("listed-toggle").check()
    expect(ann.get_by_test_id("message")).to_contain_text("listed in the lobby now")
    assert table in open_tables(track(new_context("desktop").new_page()), server)

    # The top bar's Invite gives the same link and code; the seat's own link is in its menu, said to be private.
    ann.get_by_test_id("invite-button").click()
    invite = ann.get_by_test_id("invite-dialog")
    expect(invite.get_by_test_id("invite-link")).to_have_value(link)
    expect(invite.get_by_test_id("listed-toggle")).to_be_checked()
    shot(ann, "invite-dialog")
    invite.get_by_test_id("invite-close").click()
    expect(ann.get_by_test_id("rejoin-link")).to_be_hidden()
    ann.get_by_test_id("seat-menu-button").click()
    expect(ann.get_by_test_id("rejoin-link")).to_have_text("Copy your seat's private link: do not share")
    shot(ann, "invite-seat-menu", full_page=False)


def test_a_friend_on_a_phone_sees_the_invitation_within_the_screen(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    phone = track(new_context("phone", permissions=COPY).new_page())
    table = create_table(phone, server, game="loo", players=4, people=2, bot_delay="0.05")
    copy = phone.get_by_test_id("gathering").get_by_test_id("copy-invite")
    expect(copy).to_be_visible()
    box = copy.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360  # no sideways scrolling
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    copy.click()
    assert phone.evaluate("navigator.clipboard.readText()") == f"{server.url}/t/{table}"
    # The bar says the clock in short and keeps Invite in the seat's menu, so that it takes two rows at most.
    expect(phone.get_by_test_id("clock-words").locator(".short")).to_have_text("30 s a turn")
    expect(phone.get_by_test_id("invite-button")).to_be_hidden()
    bar = phone.locator(".table-bar").bounding_box()
    row = phone.get_by_test_id("score-button").bounding_box()
    assert bar is not None and row is not None and bar["height"] < 2.6 * row["height"] + 16, (bar, row)
    shot(phone, "invite-phone")
    phone.get_by_test_id("seat-menu-button").click()
    phone.get_by_test_id("invite-menu-item").click()
    expect(phone.get_by_test_id("invite-dialog").get_by_test_id("invite-link")).to_have_value(f"{server.url}/t/{table}")
    shot(phone, "invite-phone-dialog", full_page=False)


def test_the_sitting_s_length_is_chosen_in_the_lobby_and_said_deal_by_deal(
    page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    def two_rounds_words(p: Page) -> None:
        expect(p.get_by_test_id("rounds-words")).to_contain_text("1 round: 2 deals, each player dealing once")
        p.get_by_test_id("rounds-input").fill("2")
        expect(p.get_by_test_id("rounds-words")).to_contain_text("2 rounds: 4 deals, each player dealing 2 times")
        p.get_by_test_id("rounds-input").fill("1")
        expect(p.get_by_test_id("clock-select")).to_have_value("")  # a person alone with bots: no clock
        shot(p, "sitting-length-lobby")

    create_table(page, server, game="nap", players=2, rounds=None, bot_delay="0", before_submit=two_rounds_words)
    expect(page.get_by_test_id("deal-number")).to_have_text(re.compile(r"^Deal [12] of 2$"))
    expect(page.get_by_test_id("clock-words")).to_be_hidden()
    # Ann's turns, one by one, until the sitting is over: the last deal is said to be the last while it is played.
    seen_last = False
    for _ in range(60):
        state = state_of(page)
        if state["scores"]["over"]:
            break
        if state["legal"]:
            if state["sitting"]["deal"] == state["sitting"]["deals"]:
                expect(page.get_by_test_id("last-round")).to_have_text("Last deal of the sitting.")
                if not seen_last:
                    shot(page, "sitting-length-last-deal")
                seen_last = True
            else:
                expect(page.get_by_test_id("last-round")).to_have_count(0)
            take_turn(page, 0, prefer=("Pass",))
        page.wait_for_function(
            "() => { const s = window.__roundgames?.state; return s && (s.scores.over || s.legal.length > 0); }",
            timeout=TURN_WAIT,
            polling=POLL_MS,
        )
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=TURN_WAIT)
    # Over: no next deal offered, no countdown to one, no last round's banner.
    expect(page.get_by_test_id("next-deal")).to_be_hidden()
    expect(page.get_by_test_id("next-countdown")).not_to_contain_text("Next deal")
    expect(page.get_by_test_id("last-round")).to_have_count(0)
    first = state_of(page)["scores"]["totals"]
    page.get_by_test_id("play-again").click()
    page.wait_for_function(
        "() => window.__roundgames?.state?.sitting?.number === 2", timeout=TURN_WAIT, polling=POLL_MS
    )
    names = [s["name"] for s in state_of(page)["seats"]]
    for _ in range(3):
        if state_of(page)["scores"]["over"]:
            break
        play_out_deal(page, 0, prefer=("Pass",))
        page.wait_for_function(
            "() => { const s = window.__roundgames?.state; return s && (s.scores.over || !s.deal.complete); }",
            timeout=TURN_WAIT,
            polling=POLL_MS,
        )
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=TURN_WAIT)
    second = state_of(page)["scores"]["totals"]
    money = lambda v: f"+{v}" if v > 0 else str(v)  # noqa: E731
    evening = ", ".join(f"{n} {money(a + b)}" for n, a, b in zip(names, first, second, strict=True))
    expect(page.get_by_test_id("evening-total")).to_have_text(f"The evening so far (2 sittings): {evening}.")
    assert seen_last, "the last deal was never seen in play"
    shot(page, "sitting-length-evening")


def test_a_sitting_until_we_stop_is_ended_by_the_host_s_button(page: Page, server: WebServer) -> None:
    def until_we_stop(p: Page) -> None:
        p.get_by_test_id("until-stop-input").check()
        expect(p.get_by_test_id("rounds-input")).to_be_disabled()
        expect(p.get_by_test_id("rounds-words")).to_contain_text("until the host ends the sitting")

    create_table(page, server, game="nap", players=2, bot_delay="0", before_submit=until_we_stop)
    expect(page.get_by_test_id("deal-number")).to_have_text(re.compile(r"^Deal \d+$"))  # no count of deals
    page.once("dialog", lambda dialog: dialog.accept())  # "End the sitting after this deal? ..."
    page.get_by_test_id("end-sitting").click()
    expect(page.get_by_test_id("last-round")).to_have_text("Last deal: the host has ended the sitting.")
    expect(page.get_by_test_id("end-sitting")).to_have_count(0)
    for _ in range(60):
        state = state_of(page)
        if state["scores"]["over"]:
            break
        if state["legal"]:
            take_turn(page, 0, prefer=("Pass",))
        page.wait_for_function(
            "() => { const s = window.__roundgames?.state; return s && (s.scores.over || s.legal.length > 0); }",
            timeout=TURN_WAIT,
            polling=POLL_MS,
        )
    expect(page.get_by_test_id("play-again")).to_be_visible(timeout=TURN_WAIT)
    expect(page.get_by_test_id("next-deal")).to_be_hidden()
    expect(page.locator("[data-testid=log] li", has_text="Ann ends the sitting")).to_have_count(1)
