"""The web table in a real browser (the system Chromium through Playwright) against a real `roundgames serve`.

Every test does what a person does: it fills the landing page's form, clicks the phase buttons and the cards, presses
keys, reloads, opens a second browser. The server's pacing is kept short (`bot_delay` 0, or 0.05 where a deal's result
must stay on screen; the pause between deals is then made long with `--deal-pause`, so the result waits for a click on
"Next deal"). Waits are on conditions (`expect`, `wait_for_function`), never fixed sleeps.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Locator, Page, WebSocket, expect

from roundgames.session.decisions import bots_for
from roundgames.web.words import card_words

from .conftest import POLL_MS

if TYPE_CHECKING:
    from conftest import WebServer

HAND = "[data-testid=hand]"
CARDS = f"{HAND} [data-card]"
TURN_WAIT = 30_000  # ms: the longest a turn or a deal's end may take to come round (bots pause 1.5 s after a trick)
RULE = re.compile(r"\((LOO|NAP)-PLAY-\d+\)")

# In the page: 'result' once the deal's result shows, 'turn' when it is this viewer's turn with something to click.
TURN_OR_RESULT = """(wantResult) => {
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  if (wantResult && q("deal-result").textContent.trim()) return "result";
  const clickable = document.querySelectorAll("[data-testid=actions] button, [data-testid=hand] button.legal").length;
  return q("turn").textContent === "Your turn" && clickable > 0 ? "turn" : false;
}"""

# Seen from one seat's page: 'result', 'turn' (this page's), or 'other' when the turn is the named person's.
WHOSE_TURN = """([other]) => {
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  if (q("deal-result").textContent.trim()) return "result";
  const turn = q("turn").textContent;
  const clickable = document.querySelectorAll("[data-testid=actions] button, [data-testid=hand] button.legal").length;
  if (turn === "Your turn" && clickable > 0) return "turn";
  return turn.startsWith(`${other} `) ? "other" : false;
}"""


# --- the pages' own errors ------------------------------------------------------------------------------------------

_script_errors: list[str] = []


def track(page: Page) -> Page:
    """Note every uncaught script error of the page; a test that had one fails at its end."""
    page.on("pageerror", lambda error: _script_errors.append(f"{page.url}: {error}"))
    return page


@pytest.fixture(autouse=True)
def no_script_errors() -> Iterator[None]:
    _script_errors.clear()
    yield
    assert not _script_errors, f"uncaught script errors: {_script_errors}"


# --- what a person does ---------------------------------------------------------------------------------------------


def create_table(
    page: Page,
    server: WebServer,
    *,
    game: str,
    players: int,
    people: int = 1,
    bot_delay: str = "0",
    name: str = "Ann",
    rounds: int | None = None,
    options: dict[str, str] | None = None,
    before_submit: Callable[[Page], Any] | None = None,
) -> str:
    """Fill the landing page's form and submit it; returns the new table's id once its page is connected."""
    track(page)
    page.goto(server.url + "/")
    form = page.get_by_test_id("create-form")
    expect(form.get_by_test_id("preset-select")).to_have_value("peel")  # the options from the server are in
    form.get_by_test_id("name-input").fill(name)
    form.get_by_test_id("game-select").select_option(game)
    form.get_by_test_id("players-input").fill(str(players))
    form.get_by_test_id("people-input").fill(str(people))
    form.get_by_test_id("bot-delay-input").fill(bot_delay)
    if rounds is not None:
        form.get_by_test_id("rounds-input").fill(str(rounds))
    for option, label in (options or {}).items():
        if not form.get_by_test_id("house-rules").evaluate("(details) => details.open"):
            form.get_by_test_id("house-rules").locator("summary").click()
        form.get_by_test_id(f"option-{option}").select_option(label=label)
    if before_submit is not None:
        before_submit(page)
    form.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    return page.url.rsplit("/", 1)[-1]


def text(locator: Locator) -> str:
    """An element's text as in the DOM (what `to_have_text` compares), not as CSS shows it (capitalised, say)."""
    return locator.text_content() or ""


def hand(page: Page) -> list[str]:
    """The cards in the viewer's hand, as drawn, left to right."""
    cards: list[str] = page.locator(CARDS).evaluate_all("els => els.map((e) => e.dataset.card)")
    return cards


def actions_of(page: Page, seat: int) -> Locator:
    """The log's lines for the actions of a seat."""
    return page.locator(f"[data-testid=log] li[data-kind=action][data-seat='{seat}']")


def wait_turn(page: Page, *, or_result: bool = False) -> str:
    """Wait until it is this viewer's turn (or, with `or_result`, the deal's result shows); says which."""
    found: str = page.wait_for_function(TURN_OR_RESULT, arg=or_result, timeout=TURN_WAIT, polling=POLL_MS).json_value()
    return found


def take_turn(page: Page, seat: int, prefer: tuple[str, ...] = ("Stand", "Pass")) -> str:
    """Act on this turn by clicking: a preferred phase button, else the first one offered, else the first legal
    card. Waits until the server has taken the action; returns its line in the log."""
    mine = actions_of(page, seat)
    before = mine.count()
    labels = page.get_by_test_id("actions").get_by_role("button").all_text_contents()
    if labels:
        label = next((p for p in prefer if p in labels), labels[0])
        page.get_by_test_id("actions").get_by_role("button", name=label, exact=True).click()
    else:
        page.locator(f"{HAND} button.legal").first.click()
    expect(mine).to_have_count(before + 1)
    return text(mine.nth(before))


def play_out_deal(page: Page, seat: int, prefer: tuple[str, ...] = ("Stand", "Pass")) -> list[str]:
    """Take every turn of this viewer until the deal's result shows; returns the log lines of what was done."""
    done: list[str] = []
    for _ in range(30):
        if wait_turn(page, or_result=True) == "result":
            return done
        done.append(take_turn(page, seat, prefer))
    raise AssertionError(f"the deal did not end after 30 turns: {done}")


def reach_my_play_turn(page: Page, seat: int = 0) -> None:
    """Pass or stand through the bidding until it is this viewer's turn to play a card."""
    for _ in range(30):
        wait_turn(page)
        if text(page.get_by_test_id("phase")) == "play":
            return
        take_turn(page, seat)
    raise AssertionError("never came to play a card")


def reach_an_unplayable_card(page: Page, prefer: tuple[str, ...]) -> None:
    """Take this viewer's turns (``prefer``'s buttons first) until a turn in the play where some card may not be
    played."""
    for _ in range(80):
        wait_turn(page)
        if text(page.get_by_test_id("phase")) == "play" and page.locator(f"{HAND} button.illegal").count():
            return
        take_turn(page, 0, prefer=prefer)
    raise AssertionError("no turn with an unplayable card")


def sit_by_dialog(page: Page, url: str, name: str, seat: int) -> None:
    """Open a table's link and take ``seat`` by name in the seat dialog; returns once connected."""
    track(page)
    page.goto(url)
    dialog = page.get_by_test_id("seat-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("name-input").fill(name)
    dialog.get_by_test_id(f"sit-{seat}").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("conn-state")).to_have_text("connected")


#: a card as the log says it in words: "the four of hearts"
CARD_WORDS = re.compile(
    r"\b(ace|king|queen|knave|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)\b", re.I
)
RANK_LETTERS = dict(
    zip(
        ["ace", "king", "queen", "knave", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two"],
        "AKQJT98765432",
        strict=True,
    )
)


def played_card(line: str) -> str:
    """The card a log line says was played, as its code: ``"Ann plays the three of hearts"`` -> ``"3H"``."""
    said = CARD_WORDS.search(line)
    assert said is not None and " plays " in line, line
    return RANK_LETTERS[said.group(1).lower()] + said.group(2)[0].upper()


def cards_shown(page: Page) -> set[str]:
    """Every card anywhere on the page: drawn cards (data-card), and card codes or cards in words in the log."""
    drawn: list[str] = page.locator("[data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")
    log = "\n".join(page.locator("[data-testid=log] li").all_text_contents())
    codes = re.findall(r"\b(?:10|[2-9TJQKA])[SHDC]\b", log)
    said = [RANK_LETTERS[rank.lower()] + suit[0].upper() for rank, suit in CARD_WORDS.findall(log)]
    return set(drawn) | set(codes) | set(said)


def next_deal(page: Page) -> None:
    """Ask for the next deal from a finished deal's result, and wait until it is dealt."""
    number = text(page.get_by_test_id("deal-number"))
    page.get_by_test_id("next-deal").click()
    expect(page.get_by_test_id("deal-number")).not_to_have_text(number)


def collect_trick(page: Page) -> None:
    """Tap a finished trick still held in the centre (say, the last of the deal before), as a player may."""
    trick = page.get_by_test_id("trick")
    if "held" in (trick.get_attribute("class") or ""):
        trick.click()
    expect(trick).not_to_have_class(re.compile(r"\bheld\b"))


@pytest.fixture
def paced(server_factory: Callable[..., WebServer]) -> WebServer:
    """A server whose next deal waits for "Next deal" (a minute's pause), so a finished deal's result stays."""
    return server_factory(args=["--deal-pause", "60"])


# --- the tests ------------------------------------------------------------------------------------------------------


def test_create_loo_from_the_form_and_play_a_deal_through_by_clicking(page: Page, paced: WebServer) -> None:
    table = create_table(page, paced, game="loo", players=3, bot_delay="0.05")
    assert re.fullmatch(r"[a-z0-9]+", table)
    expect(page.get_by_test_id("me")).to_contain_text("Ann")

    # The first deal is Peel's single (LOO-DEAL-1): the cards lie face up and it is settled as dealt.
    expect(page.get_by_test_id("deal-number")).to_have_text(re.compile(r"^Deal 1( of \d+)?$"))
    expect(page.get_by_test_id("contract")).to_contain_text("A single")
    expect(page.get_by_test_id("deal-result")).to_have_text(re.compile(r"\S"))
    played: list[str] = []
    number = 1
    while not any(" plays " in line for line in played):  # a deal may end without play: a single, all thrown up
        assert number < 6, "no deal in which Ann played a card"
        expect(page.get_by_test_id("next-deal")).to_be_visible()
        page.get_by_test_id("next-deal").click()
        number += 1
        expect(page.get_by_test_id("deal-number")).to_have_text(re.compile(rf"^Deal {number}( of \d+)?$"))
        played = play_out_deal(page, 0, prefer=("Stand",))

    # Ann stood (or chose as the dealer), then played all three of her cards: every trick is played (LOO-PLAY-9).
    assert not played[0].startswith("Ann plays"), played
    assert [line for line in played if line.startswith("Ann plays")] == played[1:]
    assert len(played) == 4, played
    expect(page.locator(CARDS)).to_have_count(0)
    result = text(page.get_by_test_id("deal-result"))
    assert result.startswith(("Looed: ", "Nobody looed. ")), result  # the deal's one sentence
    expect(page.get_by_test_id("deal-net")).to_contain_text("You ")
    results = page.locator("[data-testid=log] li[data-kind=result]")
    expect(results.last).to_contain_text(result)
    expect(page.get_by_test_id("phase")).to_have_text("complete")
    expect(page.get_by_test_id("next-countdown")).to_have_text(re.compile(r"^Next deal in \d+ s$"))
    expect(page.get_by_test_id("next-deal")).to_be_visible()


def test_create_nap_from_the_form_pass_the_calling_and_play_a_deal_through(page: Page, paced: WebServer) -> None:
    create_table(page, paced, game="nap", players=3, bot_delay="0.05")
    expect(page.get_by_test_id("deal-number")).to_have_text(re.compile(r"^Deal 1( of \d+)?$"))
    wait_turn(page)
    expect(page).to_have_title(re.compile(r"^● "))  # the tab says it is her turn
    # The calling: only the calls open to Ann are offered, as buttons, with Pass.
    expect(page.get_by_test_id("phase")).to_have_text("call")
    offered = page.get_by_test_id("actions").get_by_role("button").all_text_contents()
    assert "Pass" in offered
    assert all(re.fullmatch(r"Pass|Call (\d|Misery|Nap|Wellington|Blücher)", label) for label in offered), offered
    expect(page.locator(CARDS)).to_have_count(5)

    done = play_out_deal(page, 0, prefer=("Pass",))

    assert done[0] == "Ann passes"
    assert len(done) >= 2 and all(line.startswith("Ann plays ") for line in done[1:]), done
    expect(page.locator(CARDS)).to_have_count(5 - (len(done) - 1))
    expect(page.get_by_test_id("deal-result")).to_have_text(re.compile(r"^(.+ (made|lost) .+|All passed)\. .+\.$"))
    expect(page.get_by_test_id("contract")).to_have_text(re.compile(r".+: \S+"))  # who called what
    if "Misery" not in text(page.get_by_test_id("contract")):
        expect(page.get_by_test_id("trump")).to_contain_text("Trumps: ")  # fixed by the first card led
    expect(page.get_by_test_id("deal-net")).to_contain_text("You ")
    expect(page.get_by_test_id("next-deal")).to_be_visible()


def test_a_misery_without_trumps_says_no_trumps_once_the_play_starts(page: Page, paced: WebServer) -> None:
    create_table(
        page, paced, game="nap", players=3, rounds=10, options={"misery_trumps": "Misery is played without trumps."}
    )
    trump, contract = page.get_by_test_id("trump"), page.get_by_test_id("contract")
    # Ann calls Misery whenever she may, until a misery is played (hers, or a bot's); each deal's result stays
    # until she asks for the next deal.
    for _ in range(80):
        if wait_turn(page, or_result=True) == "result":
            next_deal(page)
            continue
        if text(page.get_by_test_id("phase")) == "play" and text(contract).endswith(": Misery"):
            break
        take_turn(page, 0, prefer=("Call Misery", "Pass"))
    else:
        raise AssertionError("no misery was played")
    take_turn(page, 0)  # a card of the misery is on the table, and it fixed no trumps (or it ended the misery)
    expect(trump).to_have_text("No trumps (misery)")
    expect(trump).not_to_contain_text("first card led")


def test_clicking_an_illegal_card_explains_the_rule_and_sends_nothing(page: Page, server: WebServer) -> None:
    acts: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: acts.append(str(payload)) if '"act"' in str(payload) else None)

    page.on("websocket", watch)
    create_table(page, server, game="nap", players=3, rounds=10)
    reach_an_unplayable_card(page, ("Pass",))  # passing in the calling

    before = hand(page)
    log_before = page.locator("[data-testid=log] li").count()
    sent_before = len(acts)
    illegal = page.locator(f"{HAND} button.illegal").first
    card = illegal.get_attribute("data-card")
    reason = illegal.get_attribute("title") or ""
    assert RULE.search(reason), reason  # the dimmed card says why on hovering, too
    illegal.click()

    message = page.get_by_test_id("message")
    expect(message).to_have_text(RULE)
    expect(message).to_have_text(f"{illegal.get_attribute('aria-label')}: {reason}")
    assert reason.startswith("must ") and not re.search(r"\bP\d\b", reason)  # what the rule demands, no seat labels
    # Nothing changed: the same hand, still Ann's turn, the log as it was.
    assert hand(page) == before
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.locator("[data-testid=log] li")).to_have_count(log_before)

    # The next thing sent is the legal card played after it: the illegal click sent nothing.
    line = take_turn(page, 0)
    played = played_card(line)
    assert played != card
    assert len(acts) == sent_before + 1 and f'"play {played}"' in acts[-1], acts[sent_before:]
    assert played in before  # (the hand after it is not compared: the play may end the deal, and the next begin)


def test_two_browsers_at_one_table_take_turns_and_never_see_each_others_cards(
    new_context: Callable[..., BrowserContext], paced: WebServer
) -> None:
    ann = new_context("desktop").new_page()
    create_table(ann, paced, game="nap", players=3, people=2, bot_delay="0.05")
    expect(ann.get_by_test_id("seat-1")).to_contain_text("open")

    # Bob opens the table's link and takes the open seat by name.
    bob = new_context("desktop").new_page()
    sit_by_dialog(bob, ann.url, "Bob", 1)
    expect(bob.get_by_test_id("me")).to_contain_text("Bob")
    expect(ann.get_by_test_id("seat-1")).to_contain_text("Bob")
    expect(ann.get_by_test_id("seat-1")).to_contain_text("online")

    pages = {0: ann, 1: bob}
    names = {0: "Ann", 1: "Bob"}
    done: dict[int, list[str]] = {0: [], 1: []}

    def check_privacy() -> None:
        for seat, page in pages.items():
            other = pages[1 - seat]
            secret = set(hand(page))
            assert not secret & cards_shown(other), f"{names[1 - seat]}'s page shows {names[seat]}'s cards"

    for _ in range(40):
        whose = ann.wait_for_function(WHOSE_TURN, arg=["Bob"], timeout=TURN_WAIT, polling=POLL_MS).json_value()
        if whose == "result":
            break
        seat = 0 if whose == "turn" else 1
        page, other = pages[seat], pages[1 - seat]
        wait_turn(page)
        assert hand(page), f"{names[seat]} holds no cards on her turn"
        check_privacy()
        line = take_turn(page, seat, prefer=("Pass",))
        done[seat].append(line)
        # The other browser sees the action in its log, as the actor's does.
        theirs = actions_of(other, seat)
        expect(theirs).to_have_count(len(done[seat]))
        expect(theirs.last).to_have_text(line)
    else:
        raise AssertionError(f"the deal did not end: {done}")

    assert done[0] and done[1], done
    assert done[0][0] == "Ann passes" and done[1][0] == "Bob passes"
    for page in pages.values():
        expect(page.get_by_test_id("deal-result")).to_have_text(re.compile(r"\S"))
    assert text(ann.get_by_test_id("deal-result")) == text(bob.get_by_test_id("deal-result"))
    for seat, page in pages.items():
        other = pages[1 - seat]
        assert not set(hand(page)) & cards_shown(other)


def test_a_reload_mid_deal_resumes_the_same_hand_and_play_goes_on(page: Page, server: WebServer) -> None:
    create_table(page, server, game="nap", players=3)
    reach_my_play_turn(page)
    cards, number = hand(page), text(page.get_by_test_id("deal-number"))
    contract = text(page.get_by_test_id("contract"))
    lines = page.locator("[data-testid=log] li").all_text_contents()

    page.reload()

    expect(page.get_by_test_id("conn-state")).to_have_text("connected")
    expect(page.get_by_test_id("deal-number")).to_have_text(number)
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    expect(page.locator(CARDS)).to_have_count(len(cards))
    assert hand(page) == cards
    expect(page.get_by_test_id("contract")).to_have_text(contract)
    assert page.locator("[data-testid=log] li").all_text_contents()[: len(lines)] == lines
    line = take_turn(page, 0)
    assert line.startswith("Ann plays ")
    assert played_card(line) in cards  # a card of the hand as it was before


def test_a_server_restart_mid_deal_resumes_with_the_same_cards(page: Page, server_process: WebServer) -> None:
    create_table(page, server_process, game="nap", players=3)
    reach_my_play_turn(page)
    cards, number = hand(page), text(page.get_by_test_id("deal-number"))
    contract = text(page.get_by_test_id("contract"))

    server_process.kill()  # a crash: no shutdown
    expect(page.get_by_test_id("conn-state")).to_have_text("reconnecting")
    server_process.start()  # the same port and database

    expect(page.get_by_test_id("conn-state")).to_have_text("connected", timeout=20_000)
    expect(page.get_by_test_id("deal-number")).to_have_text(number)
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    assert hand(page) == cards
    expect(page.get_by_test_id("contract")).to_have_text(contract)
    line = take_turn(page, 0)
    assert line.startswith("Ann plays ")
    assert played_card(line) in cards  # a card of the hand as it was before


def test_the_table_fits_a_phone_and_screenshots_at_phone_and_desktop_sizes(
    new_context: Callable[..., BrowserContext], server: WebServer, shot: Callable[..., Path]
) -> None:
    phone = new_context("phone").new_page()
    create_table(phone, server, game="nap", players=6, before_submit=lambda p: shot(p, "lobby-phone"))
    wait_turn(phone)  # Ann's turn to call: her five cards and the call buttons are out
    expect(phone.locator(CARDS)).to_have_count(5)
    width = phone.evaluate("window.innerWidth")
    assert width == 360
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "the phone page scrolls sideways"
    settled(phone)
    for box in [card.bounding_box() for card in phone.locator(CARDS).all()]:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    for button in phone.get_by_test_id("actions").get_by_role("button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    expect(phone.get_by_test_id("seats").locator(".seat")).to_have_count(5)  # five opponents as badges
    collect_trick(phone)
    assert shot(phone, "table-phone").stat().st_size > 10_000

    desktop = new_context("desktop").new_page()
    create_table(desktop, server, game="loo", players=5, before_submit=lambda p: shot(p, "lobby-desktop"))
    wait_turn(desktop)  # the single is over at once; Ann's turn to declare in the regular deal
    expect(desktop.locator(CARDS)).to_have_count(3)
    assert desktop.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    collect_trick(desktop)
    assert shot(desktop, "table-desktop").stat().st_size > 10_000


def settled(page: Page) -> None:
    """Wait until nothing on the page moves: a box measured mid-move (a card gliding in, the turn-up half turned, which
    is 0 px wide) is where the card passes, not where it lies."""
    page.wait_for_function("() => document.getAnimations().length === 0")


def in_viewport(box: dict[str, float] | None, width: int, height: int) -> bool:
    """Whether a bounding box (at the page's scroll position) lies wholly inside the viewport."""
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


def test_eight_at_loo_fit_a_phone_with_the_hand_and_buttons_in_view_without_scrolling(
    phone_page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    phone = phone_page
    create_table(phone, server, game="loo", players=8)
    wait_turn(phone)  # the single is over at once; Ann's turn to declare in the regular deal
    expect(phone.locator(CARDS)).to_have_count(3)
    expect(phone.get_by_test_id("seats").locator(".seat")).to_have_count(7)  # seven opponents as badges
    collect_trick(phone)
    width, height = phone.evaluate("[window.innerWidth, window.innerHeight]")
    assert (width, height) == (360, 740)
    assert phone.evaluate("document.documentElement.scrollWidth") <= width, "the phone page scrolls sideways"
    assert phone.evaluate("window.scrollY") == 0
    # The whole hand and every phase button are on the first screen, as it opens: nothing to scroll for.
    settled(phone)
    cards = phone.locator(CARDS).all()
    buttons = phone.get_by_test_id("actions").get_by_role("button").all()
    assert buttons, "no phase buttons on Ann's turn to declare"
    for element in [*cards, *buttons]:
        box = element.bounding_box()
        assert in_viewport(box, width, height), (element.get_attribute("data-card") or element.text_content(), box)
    # The badges are compact: seven take at most a fifth of the screen's height, and none is cut off at the side.
    seats = phone.get_by_test_id("seats").bounding_box()
    assert seats is not None and seats["height"] <= height / 5, seats
    for badge in phone.get_by_test_id("seats").locator(".seat").all():
        assert in_viewport(badge.bounding_box(), width, height)
    assert shot(phone, "table-phone-8", full_page=False).stat().st_size > 10_000


def test_keyboard_play_a_number_key_picks_a_card_and_enter_plays_it(page: Page, server: WebServer) -> None:
    create_table(page, server, game="nap", players=3)
    reach_my_play_turn(page)
    cards = hand(page)
    last = page.locator(f"{HAND} button.legal").last
    card, index = last.get_attribute("data-card"), last.get_attribute("data-index")
    assert card is not None and index is not None and cards[int(index) - 1] == card
    legal = page.locator(f'{HAND} [data-card="{card}"]')

    page.keyboard.press(index)
    expect(legal).to_have_class(re.compile(r"\bselected\b"))
    expect(legal).to_be_focused()
    expect(actions_of(page, 0).filter(has_text="plays")).to_have_count(0)  # picking alone plays nothing
    page.keyboard.press("Enter")

    expect(actions_of(page, 0).last).to_have_text(f"Ann plays {card_words(card)}")


def test_keyboard_0_picks_the_tenth_card_of_the_spare_hand_and_enter_keeps_the_five(
    page: Page, server: WebServer
) -> None:
    create_table(page, server, game="nap", players=3, options={"spare_hand": "Peel's spare hand"})
    take = "Take the spare hand (Nap)"
    buttons = page.get_by_test_id("actions").get_by_role("button")
    for _ in range(40):  # a bot may call Nap first, and Ann cannot take the spare hand: that deal is played out
        wait_turn(page)
        if take in buttons.all_text_contents():
            break
        take_turn(page, 0, prefer=("Pass",))
    else:
        raise AssertionError("Ann was never offered the spare hand")
    buttons.filter(has_text=take).click()
    expect(page.locator(CARDS)).to_have_count(10)  # her five and the spare five: she keeps five
    ten = hand(page)
    tenth = page.locator(f'{HAND} [data-card="{ten[9]}"]')

    page.keyboard.press("0")
    expect(tenth).to_have_attribute("aria-pressed", "true")
    expect(tenth).to_be_focused()
    page.keyboard.press("0")
    expect(tenth).to_have_attribute("aria-pressed", "false")
    for key in "12340":
        page.keyboard.press(key)
    expect(page.locator(f"{HAND} [aria-pressed=true]")).to_have_count(5)
    # Enter keeps the five from anywhere but a control: here, with the focus on the page itself.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")
    expect(page.locator(CARDS)).to_have_count(5)
    assert sorted(hand(page)) == sorted([*ten[:4], ten[9]])


def test_a_player_can_mute_the_spectators_chat_from_the_settings(
    new_context: Callable[..., BrowserContext], server: WebServer
) -> None:
    ann = new_context("desktop").new_page()
    create_table(ann, server, game="nap", players=3)
    watcher = track(new_context("desktop").new_page())
    watcher.goto(ann.url)  # no open seat: the page watches
    expect(watcher.get_by_test_id("conn-state")).to_have_text("connected")
    expect(watcher.locator("#app")).to_have_class(re.compile(r"\bspectator\b"))

    chat = "[data-testid=log] li[data-kind=chat]"
    watcher.get_by_test_id("chat-input").fill("good luck all")
    watcher.get_by_test_id("chat-send").click()
    theirs = ann.locator(chat, has_text="good luck all")
    expect(theirs).to_have_text("Spectator: good luck all")  # the server names the speaker
    expect(theirs).to_have_attribute("data-seat", "")  # a spectator's line has no seat: no seat badge mutes it
    expect(theirs).to_be_visible()

    ann.get_by_test_id("settings-button").click()
    toggle = ann.get_by_test_id("setting-mute-spectators")
    expect(toggle).not_to_be_checked()
    toggle.check()
    ann.get_by_test_id("settings-close").click()
    expect(theirs).to_be_hidden()
    # Ann's own line still shows; the spectators' next line is hidden as it comes, on a reload too.
    ann.get_by_test_id("chat-input").fill("thanks")
    ann.get_by_test_id("chat-send").click()
    expect(ann.locator(chat, has_text="thanks")).to_be_visible()
    watcher.get_by_test_id("chat-input").fill("still here")
    watcher.get_by_test_id("chat-send").click()
    expect(watcher.locator(chat, has_text="still here")).to_be_visible()  # their own page is theirs to set
    expect(ann.locator(chat, has_text="still here")).to_have_count(1)
    expect(ann.locator(chat, has_text="still here")).to_be_hidden()
    ann.reload()
    expect(ann.get_by_test_id("conn-state")).to_have_text("connected")
    expect(ann.locator(chat, has_text="thanks")).to_be_visible()
    expect(ann.locator(chat, has_text="Spectator: ")).to_have_count(2)
    for line in ann.locator(chat, has_text="Spectator: ").all():
        expect(line).to_be_hidden()

    # Unticked, the lines come back.
    ann.get_by_test_id("settings-button").click()
    expect(toggle).to_be_checked()
    toggle.uncheck()
    ann.get_by_test_id("settings-close").click()
    expect(ann.locator(chat, has_text="good luck all")).to_be_visible()


def test_the_rules_panel_shows_the_house_rules_chosen_in_the_form(page: Page, server: WebServer) -> None:
    create_table(page, server, game="loo", players=3, options={"ante": "Everyone antes"})
    page.get_by_test_id("rules-button").click()
    panel = page.get_by_test_id("rules-panel")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("heading", name="Rules at this table")).to_be_visible()
    rules = panel.get_by_test_id("house-rules").locator("li")
    expect(rules.first).to_have_text(re.compile(r"^Three-card Loo: three cards each"))
    expect(rules.filter(has_text="(house rule)")).to_have_count(1)
    expect(rules.filter(has_text="(house rule)")).to_contain_text("Everyone antes: ")
    expect(rules.filter(has_text=re.compile(r"^Lead the highest trump: "))).to_have_count(1)
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()


def test_the_form_gives_each_bot_seat_its_own_strength_and_the_seats_show_it(page: Page, server: WebServer) -> None:
    def pick(page: Page) -> None:
        form = page.get_by_test_id("create-form")
        form.get_by_test_id("bot-select").select_option("sensible")
        form.get_by_test_id("bot-seats").locator("summary").click()
        expect(form.get_by_test_id("bot-seat-1")).to_be_visible()
        expect(form.get_by_test_id("bot-seat-0")).to_have_count(0)  # Ann's seat is a person's
        # The strengths offered are the server's bots (roundgames.bots.BOTS), a bot added there included.
        offered = form.get_by_test_id("bot-seat-2").locator("option").all_text_contents()
        assert offered == ["as Bots", *bots_for("nap")]
        form.get_by_test_id("bot-seat-2").select_option("random")

    table = create_table(page, server, game="nap", players=4, before_submit=pick)
    expect(page.get_by_test_id("seat-1")).to_contain_text("sensible bot")
    expect(page.get_by_test_id("seat-2")).to_contain_text("random bot")
    expect(page.get_by_test_id("seat-3")).to_contain_text("sensible bot")
    info = httpx.get(f"{server.url}/api/tables/{table}", timeout=10, trust_env=False).json()
    assert info["bot"] == "sensible" and info["bots"] == ["sensible", "sensible", "random", "sensible"]


def test_the_score_panel_after_a_deal_has_its_row_and_the_csv_downloads(page: Page, paced: WebServer) -> None:
    create_table(page, paced, game="loo", players=3, bot_delay="0.05")
    expect(page.get_by_test_id("deal-result")).to_have_text(re.compile(r"\S"))  # the single, settled as dealt
    page.get_by_test_id("score-button").click()
    panel = page.get_by_test_id("score-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("thead th")).to_have_text(["Deal", "You", "Bot 2", "Bot 3"])
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(1)
    row = rows.first.locator("td .net").all_text_contents()
    running = [t.strip(" ()") for t in rows.first.locator("td .running").all_text_contents()]
    totals = panel.locator("tfoot td").all_text_contents()
    assert row == totals == running  # one deal so far: its payments are the balances
    # The row is what the log's result line says each paid or won.
    said = text(page.locator("[data-testid=log] li[data-kind=result]").last)
    paid = dict(re.findall(r"(Ann|Bot 2|Bot 3) ([+-]\d+)", said.split(". ", 1)[1]))
    assert [int(v) for v in row] == [int(paid[n]) for n in ("Ann", "Bot 2", "Bot 3")], (row, said)

    with page.expect_download() as download:
        panel.get_by_test_id("scores-csv").click()
    path = download.value.path()
    assert download.value.suggested_filename.endswith(".csv")
    sheet = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    assert sheet[0] == ["deal", "Ann", "Bot 2", "Bot 3"]
    assert sheet[1] == ["1", *[v.lstrip("+") for v in row]]
    assert sheet[2] == ["total", *[v.lstrip("+") for v in totals]]
    assert len(sheet) == 3


def test_a_spectator_from_the_lobby_sees_no_hand_and_no_action_buttons(
    new_context: Callable[..., BrowserContext], paced: WebServer
) -> None:
    ann = new_context("desktop").new_page()
    listed = lambda p: p.get_by_test_id("listed-input").check()  # noqa: E731 (the lobby lists it for the watcher)
    table = create_table(ann, paced, game="nap", players=3, bot_delay="0.05", before_submit=listed)
    wait_turn(ann)  # Ann to call: the cards are dealt

    watcher = track(new_context("phone").new_page())
    watcher.goto(paced.url + "/")
    watcher.get_by_test_id(f"watch-{table}").click()
    expect(watcher.get_by_test_id("conn-state")).to_have_text("connected")
    expect(watcher).to_have_url(re.compile(rf"/t/{table}$"))
    expect(watcher.get_by_test_id("seat-dialog")).to_be_hidden()
    expect(watcher.locator("#app")).to_have_class(re.compile(r"\bspectator\b"))
    expect(watcher.get_by_test_id("turn")).to_have_text("Ann to call")
    expect(watcher.get_by_test_id("deal-number")).to_have_text(re.compile(r"^Deal 1( of \d+)?$"))
    expect(watcher.get_by_test_id("seats").locator(".seat")).to_have_count(3)
    expect(watcher.locator(CARDS)).to_have_count(0)
    expect(watcher.get_by_test_id("actions").locator("button")).to_have_count(0)
    expect(watcher.get_by_test_id("me")).to_be_empty()
    for hidden in ("take-seat-button", "rejoin-link", "next-deal", "undo"):
        expect(watcher.get_by_test_id(hidden)).to_be_hidden()
    assert not set(hand(ann)) & cards_shown(watcher)

    # Ann acts; the spectator sees it happen, and still has nothing to click.
    line = take_turn(ann, 0, prefer=("Pass",))
    expect(actions_of(watcher, 0).last).to_have_text(line)
    expect(watcher.locator(CARDS)).to_have_count(0)
    expect(watcher.get_by_test_id("actions").locator("button")).to_have_count(0)


def test_the_rejoin_link_in_a_fresh_browser_takes_the_seat(
    new_context: Callable[..., BrowserContext], server: WebServer
) -> None:
    ann = new_context("desktop", permissions=["clipboard-read", "clipboard-write"]).new_page()
    table = create_table(ann, server, game="nap", players=3)
    wait_turn(ann)
    ann.get_by_test_id("seat-menu-button").click()  # the seat's private link is in its menu
    ann.get_by_test_id("rejoin-link").click()
    expect(ann.get_by_test_id("message")).to_contain_text("Rejoin link copied")
    link = ann.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(rf"{re.escape(server.url)}/t/{table}#seat=[A-Za-z0-9_%-]+", link), link

    held = hand(ann)
    other = track(new_context("phone").new_page())
    other.goto(link)
    expect(other.get_by_test_id("conn-state")).to_have_text("connected")
    expect(other).to_have_url(re.compile(rf"/t/{table}$"))  # the token leaves the address bar
    expect(other.get_by_test_id("seat-dialog")).to_be_hidden()
    expect(other.get_by_test_id("me")).to_contain_text("Ann")
    expect(other.get_by_test_id("turn")).to_have_text("Your turn")
    assert hand(other) == held
    # The seat moved: the first browser watches now, without the hand (tests/web/test_browser_evening.py).
    expect(ann.get_by_test_id("seat-moved")).to_be_visible()
    assert hand(ann) == []
    # The seat is played from the new browser, and the first one sees the action.
    line = take_turn(other, 0, prefer=("Pass",))
    assert line == "Ann passes"
    expect(actions_of(ann, 0).last).to_have_text(line)


def test_table_mode_a_dimmed_card_asks_first_then_the_law_is_in_the_log(
    page: Page, server: WebServer, shot: Callable[..., Path]
) -> None:
    """At a table in table mode (chosen in the form) a card the rules forbid stays dimmed and explained, but may be
    clicked: the page shows the law it would bring into force, Cancel sends nothing, "Play it anyway" plays it and
    the law is in the log (RULES.md §5: a full loo into the next pool and, under Peel, the hand replayed)."""

    def choose_table_mode(p: Page) -> None:
        expect(p.locator("#mode-doc")).to_contain_text("rules page lists every law")  # the server's own line
        expect(p.get_by_test_id("mode-select")).to_have_value("strict")
        p.get_by_test_id("mode-select").select_option("table")
        p.get_by_test_id("listed-input").check()  # listed, so that the lobby shows it below

    table = create_table(page, server, game="loo", players=3, rounds=10, before_submit=choose_table_mode)
    page.get_by_test_id("rules-button").click()
    expect(page.get_by_test_id("rules-mode")).to_contain_text("Table mode")
    page.get_by_test_id("rules-panel").get_by_role("button", name="Close").click()
    for _ in range(80):
        wait_turn(page)
        if text(page.get_by_test_id("phase")) == "play" and page.locator(f"{HAND} button.illegal").count():
            break
        take_turn(page, 0, prefer=("Stand",))
    else:
        raise AssertionError("no turn with a card the rules forbid")

    dimmed = page.locator(f"{HAND} button.illegal.irregular").first
    card = dimmed.get_attribute("data-card")
    assert RULE.search(dimmed.get_attribute("title") or "")  # still explained with its rule
    log = page.locator("[data-testid=log] li")
    count = log.count()
    dialog = page.get_by_test_id("irregular-dialog")
    # Whether a card of the hand was already played: if not (Ann leads its first card), the replay takes back her
    # card alone, and the log says just that. Read from the state the page was sent, not from the felt: the last
    # trick of the deal before may still lie there in view while Ann leads the first card of the next.
    deal = page.evaluate("window.__roundgames.state.deal")
    first_card = not deal["trick"] and deal["last_trick"] is None

    dimmed.click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("irregular-message")).to_contain_text(re.compile(r"\(LOO-LAW-1[0-7]\)"))
    expect(dialog.locator("li")).to_have_text([re.compile(r"^LOO-LAW-1[0-7] applied to Ann: \d+ into the next pool$")])
    dialog.get_by_test_id("irregular-cancel").click()
    expect(dialog).to_be_hidden()
    expect(log).to_have_count(count)  # nothing was done
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")

    page.locator(f"{HAND} [data-card='{card}']").click()
    expect(dialog).to_be_visible()
    shot(page, "table-mode-warning")
    dialog.get_by_test_id("irregular-confirm").click()
    expect(dialog).to_be_hidden()
    laws = page.locator("[data-testid=log] li[data-kind=law]")
    expect(laws.first).to_have_text(re.compile(r": LOO-LAW-1[0-7] applied to Ann: \d+ into the next pool\.$"))
    replayed = "Every card goes back to its hand: the hand is replayed from the first lead."
    expect(laws.last).to_have_text("The card goes back to Ann's hand." if first_card else replayed)
    expect(actions_of(page, 0).last).to_have_text(f"Ann plays {card_words(card)}")
    expect(page.get_by_test_id("pool")).to_have_text(re.compile(r"^Pool \d+ \(\d+ of it for the next deal\)$"))
    # The hand is replayed: every card back in its hand (Ann's three), no trick finished and none held in view; the
    # bots before Ann may lead again at once (no pause here), but no card of hers lies on the table.
    expect(page.locator(CARDS)).to_have_count(3)
    expect(page.locator(f"{HAND} [data-card='{card}']")).to_have_count(1)
    expect(page.get_by_test_id("last-trick-button")).to_be_disabled()
    expect(page.get_by_test_id("trick")).not_to_have_class(re.compile(r"\bheld\b"))
    expect(page.locator("[data-testid=trick] [data-seat='0']")).to_have_count(0)
    shot(page, "table-mode-law-in-the-log")
    page.goto(server.url + "/")  # the lobby lists the table with its mode
    expect(page.locator(f"[data-testid=open-tables] li[data-table='{table}']")).to_contain_text("table mode")
