"""Five-card and Irish Loo at the web table, in a real browser (the system Chromium) against a real `roundgames serve`.

A person marks the cards to exchange by tapping them (the Exchange button counts them, the stock's count is in view),
exchanges, her flush is shown for her and paid (LOO5-2, LOO5-6, §14.34); leads the ace of trumps saying "Pam be
civil" (LOO5-4); sees Pam drawn with its band (LOO5-3); plays an Irish deal made from the lobby's form (LOOI-1); and
judges his hand at full contrast while declaring.

The server draws a table's seed itself, unguessable; to deal a chosen position, the test stores the table (its
settings as `POST /api/tables` makes them, with the seed chosen) in the server's database through the server's own
store before starting it, as a table that outlived a restart. The seeds were found by dealing through the public
API (`Table.new` with the sensible bots, four seats, the person in seat 1); each test checks its position first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from roundgames.web.protocol import new_table_config
from roundgames.web.store import SqliteStore
from roundgames.web.words import card_title, card_words

from .test_browser import (
    CARDS,
    HAND,
    actions_of,
    create_table,
    hand,
    no_script_errors,
    sit_by_dialog,
    take_turn,
    text,
    wait_turn,
)

if TYPE_CHECKING:
    from conftest import WebServer

__all__ = ["no_script_errors"]  # the browser tests' check for the pages' script errors, applied here too

#: Ann declares first holding four of a suit, the stock's top card of that suit; after the declaring she leads
FLUSH_SEED = 1629
#: Ann stands and leads holding the ace of trumps
CIVIL_SEED = 8
#: Ann is dealt Pam (the knave of clubs)
PAM_SEED = 2272


def seated(page: Page, server_factory: Callable[..., WebServer], seed: int, preset: str = "five-card") -> WebServer:
    """A server holding a four-seat table of ``preset`` dealt from ``seed``, with Ann sitting down in seat 0 (the
    page's own seat dialog); returns the server."""
    server = server_factory(start=False, args=["--deal-pause", "60"])
    config = new_table_config(
        {"game": "loo", "preset": preset, "players": 4, "people": 1, "bot": "sensible", "bot_delay": 0.05}
    )
    config["seed"] = seed
    store = SqliteStore(str(server.db))
    store.create("five", config)
    store.close()
    server.start()
    sit_by_dialog(page, f"{server.url}/t/five", "Ann", 0)
    return server


def opacity(page: Page) -> list[float]:
    """Each card of the hand's opacity, as drawn."""
    values: list[str] = page.locator(CARDS).evaluate_all("els => els.map((e) => getComputedStyle(e).opacity)")
    return [float(v) for v in values]


def test_five_card_exchange_marked_by_tapping_then_a_flush_shown_and_paid(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., object]
) -> None:
    seated(page, server_factory, FLUSH_SEED)
    wait_turn(page)
    expect(page.get_by_test_id("phase")).to_have_text("declare")
    cards = hand(page)
    assert len(cards) == 5
    odd = next(c for c in cards if [x[-1] for x in cards].count(c[-1]) == 1)

    # The hand at full contrast while she judges it: no card dimmed (the play alone dims the unplayable).
    assert opacity(page) == [1.0] * 5
    assert page.locator(f"{HAND} button.illegal").count() == 0

    actions = page.get_by_test_id("actions")
    expect(actions.get_by_role("button", name="Stand", exact=True)).to_be_visible()
    expect(actions.get_by_role("button", name="Throw up", exact=True)).to_be_visible()
    expect(page.get_by_test_id("contract")).to_contain_text("Stock: 31 cards")
    hint = page.get_by_test_id("choose-hint")
    expect(hint).to_contain_text("Picked 0: none. The stock holds 31 cards.")

    # Tap to mark: the card rises, says it is pressed, and the count and the button follow.
    card = page.locator(f'{HAND} [data-card="{odd}"]')
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(hint).to_contain_text(f"Picked 1: {card_words(odd)}. The stock holds 31 cards.")
    exchange = actions.get_by_role("button", name="Exchange 1 card", exact=True)
    expect(exchange).to_be_visible()
    shot(page, "five-card-exchange")
    exchange.click()
    expect(actions_of(page, 0).first).to_have_text(f"You exchange {card_words(odd)}")

    # The bots declare; Ann's flush is shown for her at once (RULES.md §14.34: she has no choice), and paid.
    result = page.get_by_test_id("deal-result")
    expect(result).to_contain_text("Ann takes the pool with a flush.")
    log = page.get_by_test_id("log")
    expect(log).to_contain_text("Ann shows a flush: ")
    # The five cards in words ("the ace of hearts, ..., and the two of hearts"), the odd card not among them.
    shown = re.search(r"Ann shows a flush: ([a-z ,]+)", text(log))
    assert shown is not None and card_words(odd) not in shown.group(1), text(log)
    suits = re.findall(r"\bof (spades|hearts|diamonds|clubs)\b", shown.group(1))
    assert len(suits) == 5 and len(set(suits)) == 1, shown.group(1)  # her suit: the odd card went out
    net = text(page.get_by_test_id("deal-net"))
    assert re.search(r"You \+\d+", net), net
    assert len(re.findall(r"Bot \d -\d+", net)) == 3, net  # each other player paid a loo (LOO5-6)
    shot(page, "five-card-flush")


def test_the_ace_of_trumps_is_led_saying_pam_be_civil(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., object]
) -> None:
    seated(page, server_factory, CIVIL_SEED)
    wait_turn(page)
    take_turn(page, 0, prefer=("Stand",))
    wait_turn(page)
    expect(page.get_by_test_id("phase")).to_have_text("play")
    trump = page.locator("[data-testid=trump] .trump-badge").get_attribute("class") or ""
    suit = re.search(r"suit-([SHDC])", trump)
    assert suit is not None
    ace = f"A{suit.group(1)}"
    page.locator(f'{HAND} [data-card="{ace}"]').click()
    expect(page.get_by_test_id("message")).to_have_text(f"Choose how to play {card_words(ace)}.")
    actions = page.get_by_test_id("actions")
    expect(actions.get_by_role("button", name=card_title(ace), exact=True)).to_be_visible()
    civil = actions.get_by_role("button", name=f'{card_title(ace)}, saying "Pam be civil"', exact=True)
    expect(civil).to_be_visible()
    # The two ways are explained, with the rule: what saying it does to the holder of Pam (LOO5-4).
    expect(page.get_by_test_id("choose-hint")).to_contain_text("may not play it to this trick (LOO5-4)")
    shot(page, "five-card-pam-be-civil", full_page=False)
    civil.click()
    expect(actions_of(page, 0).last).to_have_text(f'Ann plays {card_words(ace)} and says "Pam be civil"')


def test_pam_wears_its_band_and_is_named_pam(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., object]
) -> None:
    seated(page, server_factory, PAM_SEED)
    wait_turn(page)
    pam = page.locator(f'{HAND} [data-card="JC"]')
    expect(pam).to_have_attribute("aria-label", "Knave of clubs, Pam")
    expect(pam).to_have_class(re.compile(r"\bpam\b"))
    expect(pam.locator(".pam-mark text")).to_have_text("PAM")
    expect(page.locator(f"{HAND} .pam-mark")).to_have_count(1)  # Pam alone
    expect(page.get_by_test_id("contract")).to_contain_text("Pam: Knave of clubs")
    shot(page, "five-card-pam")


def test_an_irish_table_from_the_lobby_deals_three_cards_and_plays_a_deal(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., object]
) -> None:
    server = server_factory(args=["--deal-pause", "60"])

    def irish(p: Page) -> None:
        p.get_by_test_id("preset-select").select_option("irish")

    create_table(page, server, game="loo", players=4, bot_delay="0.05", before_submit=irish)
    exchanged = False
    for _ in range(30):
        if wait_turn(page, or_result=True) == "result":
            break
        if not exchanged and text(page.get_by_test_id("phase")) == "declare":
            assert len(hand(page)) == 3
            expect(page.get_by_test_id("contract")).to_contain_text("Stock:")
            page.locator(CARDS).first.click()
            page.get_by_test_id("actions").get_by_role("button", name="Exchange 1 card", exact=True).click()
            expect(actions_of(page, 0).last).to_contain_text("You exchange")
            exchanged = True
            continue
        take_turn(page, 0, prefer=("Stand",))
    else:
        raise AssertionError("the Irish deal did not end")
    expect(page.get_by_test_id("deal-result")).not_to_be_empty()
    assert exchanged  # every seat declares in turn (LOOI-1, LOO5-2): she exchanged before the deal ended
    assert page.locator(".pam-mark").count() == 0  # LOOI-1: no Pam
    shot(page, "irish-deal")


def test_the_hand_is_at_full_contrast_while_declaring_and_only_unplayable_cards_dim_in_the_play(
    page: Page, server_factory: Callable[..., WebServer], shot: Callable[..., object]
) -> None:
    """Three-card Loo: while Ann declares, every card of her hand is drawn at full contrast (she judges the whole
    hand); in the play, at her turn, exactly the cards she may not play are dimmed."""
    server = server_factory(args=["--deal-pause", "0"])
    create_table(page, server, game="loo", players=4, bot_delay="0")
    for _ in range(5):  # Peel's opening single settles as it is dealt: the first regular deal follows at once
        wait_turn(page)
        if text(page.get_by_test_id("phase")) == "declare":
            break
    expect(page.get_by_test_id("phase")).to_have_text("declare")
    assert len(hand(page)) == 3 and opacity(page) == [1.0] * 3
    assert page.locator(f"{HAND} button.illegal").count() == 0
    shot(page, "hand-declaring")
    for _ in range(20):  # stand, deal after deal, until she has a card to play at her turn
        take_turn(page, 0, prefer=("Stand",))
        wait_turn(page)
        if text(page.get_by_test_id("phase")) == "play":
            break
    expect(page.get_by_test_id("phase")).to_have_text("play")
    classes: list[str] = page.locator(CARDS).evaluate_all("els => els.map((e) => e.className)")
    for cls, seen in zip(classes, opacity(page), strict=True):
        assert (seen == 1.0) == ("legal" in cls.split()), (cls, seen)
