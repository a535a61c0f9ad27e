"""The step-by-step replay of a finished deal (docs/web.md, "Replaying a deal"), through a real ``roundgames serve``:
``GET /api/tables/{id}/replay/{deal}?seat=N``.

A person sits at a table of bots and never connects, so that his seat's bot plays for him at once and the sitting
runs by itself, "until we stop", while a spectator watches (a table nobody watches waits). While it goes on, he replays the deals dealt since he sat from his own seat (his
seat's token), and nobody else may (409 without a token, 403 for another seat or a wrong token); a deal or a seat
out of range is refused naming the field, the value and what is valid. Once he ends the sitting, the records download
opens, and every step of every replay is checked against it: each step's view equals what the game's observer shows
the seat after that many of the record's actions, and no step shown during the sitting carries a card the seat could
not see then (another hand, the miss, the stock, a thrown-up hand). After the sitting anyone replays any seat.

Deal numbers start again with each sitting, so the link names its sitting (``?sitting=1``): after Play again and a
deal of the new sitting, the first sitting's link still opens its own deal, step for step, to anyone from any seat,
while a link that names no sitting means the one in play.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from websockets.sync.client import connect

from inproc import InProcessServer, free_port
from roundgames.core.cards import card_str, cards_in, parse_card
from roundgames.games.observe import observe
from roundgames.games.protocol import Deal
from roundgames.records.deal import DealRecord, from_json, start
from roundgames.web.serve import Tuning
from webproto import Client

#: a person's seat is played by its bot at once (he never connects), and the next deal is dealt at once
OPTIONS = ["--quiet", "--away-seconds", "0", "--deal-pause", "0"]
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
WORDS = re.compile(
    r"\b(ace|king|queen|knave|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)\b",
    re.IGNORECASE,
)
RANKS = dict(
    zip(
        ["ace", "king", "queen", "knave", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two"],
        "AKQJT98765432",
        strict=True,
    )
)
WAIT = 60.0  # seconds for the bots to finish the deals asked for


class Served(httpx.Client):
    """An HTTP client of the server, which also watches a table as a spectator until its deals are played."""

    def watch(self, table: str, done: Callable[[], bool], what: str) -> None:
        """Watch ``table`` until ``done()``: its bots play only while somebody watches."""
        port = self.base_url.port
        ws = connect(f"ws://127.0.0.1:{port}/ws/{table}", proxy=None, open_timeout=5, max_size=None)
        with Client(ws.__enter__()) as watcher:
            watcher.send({"type": "hello", "token": None, "since": None})
            deadline = time.monotonic() + WAIT
            while not done():
                assert time.monotonic() < deadline, f"{what} within {WAIT} s"
                with contextlib.suppress(TimeoutError):
                    watcher.recv(0.05)  # read, so that the server never waits on this connection


@contextlib.contextmanager
def serving(db: Path) -> Iterator[Served]:
    """A real server on the database ``db`` (its tables read back from it), and a client of it."""
    port = free_port()
    served = InProcessServer(db, port, OPTIONS, Tuning(create_limit=0))
    served.start(20.0)
    client = Served(base_url=f"http://127.0.0.1:{port}", timeout=10, trust_env=False)
    try:
        yield client
    finally:
        client.close()
        assert served.stop() is None


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("web-replay") / "tables.sqlite3") as client:
        yield client


def _finished(http: Served, table: str) -> int:
    rows = http.get(f"/api/tables/{table}/scores.csv").text.splitlines()
    return len(rows) - 2  # the header and the totals


def sitting(http: Served, game: str, deals: int) -> tuple[str, str]:
    """A table of one person (Ann, seat 0) and bots played until the host stops, with at least ``deals`` finished;
    its id and Ann's token."""
    body = {"game": game, "players": 3, "people": 1, "bot_delay": 0, "rounds": None}
    table = http.post("/api/tables", json=body).json()["id"]
    token = http.post(f"/api/tables/{table}/sit", json={"seat": 0, "name": "Ann"}).json()["token"]
    http.watch(table, lambda: _finished(http, table) >= deals, f"{deals} deals finished")
    return table, token


def stop(http: Served, table: str, token: str) -> None:
    assert http.post(f"/api/tables/{table}/stop", json={"token": token}).status_code == 200
    http.watch(table, lambda: bool(http.get(f"/api/tables/{table}").json()["over"]), "the sitting ended")


def replay(
    http: Served,
    table: str,
    deal: int | str,
    seat: int | str | None,
    token: str | None,
    sitting: int | str | None = None,
) -> httpx.Response:
    params = {k: str(v) for k, v in (("sitting", sitting), ("seat", seat)) if v is not None}
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return http.get(f"/api/tables/{table}/replay/{deal}", params=params, headers=headers)


def play_again(http: Served, table: str, token: str) -> None:
    """Ann asks for another sitting at her table (Play again, over her seat's websocket), then leaves her seat's
    turns to its bot again by going."""
    ws = connect(f"ws://127.0.0.1:{http.base_url.port}/ws/{table}", proxy=None, open_timeout=5, max_size=None)
    with Client(ws.__enter__()) as ann:
        ann.hello(token)
        ann.send({"type": "again"})
        ann.until(lambda m: (m.get("state") or {}).get("sitting", {}).get("number") == 2, "sitting 2")


def refusal(response: httpx.Response, status: int, field: str, *words: str) -> None:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["field"] == field, error
    for word in words:
        assert word in error["message"], error


def records(http: Served, table: str) -> list[DealRecord]:
    answer = http.get(f"/api/tables/{table}/records.json")
    assert answer.status_code == 200, answer.text
    return [from_json(r) for r in answer.json()]


# -- what each step must be, worked out from the record ---------------------------------------------------------


def positions(record: DealRecord) -> Iterator[Deal]:
    """The deal as dealt, then after each of the record's actions."""
    deal = start(record)
    yield deal
    for text in record.actions:
        cast(Any, deal).apply(deal.parse_action(text))
        yield deal


def codes(mask: int) -> set[str]:
    return {card_str(c) for c in cards_in(mask)}


def check_step(step: dict[str, Any], deal: Deal, seat: int) -> None:
    """The step shows what the game's observer shows ``seat`` of ``deal`` now."""
    view = deal.view(seat)
    seen = observe(deal, seat)
    assert set(step["hand"]) == codes(view.hand)
    assert step["unseen"] == int.bit_count(deal.hands[seat] & ~view.hand)
    assert step["notes"] == list(view.notes)
    assert step["cards"] == list(view.card_counts)
    assert step["to_act"] == (None if deal.is_complete else view.to_act)
    current = [t for t in view.tricks if t.winner is None]
    assert [(c["seat"], c["card"]) for c in step["trick"]] == (
        [(s, card_str(c)) for s, c in zip(current[0].seats, current[0].cards, strict=True)] if current else []
    )
    assert step["tricks_won"] == [sum(1 for t in view.tricks if t.winner == s) for s in range(deal.n)]
    assert step["pot"] == (seen.pot.text() if seen.pot is not None else None)
    assert step["peeped"] == (card_str(seen.peeped) if seen.peeped is not None else None)
    assert [(f["label"], f["rule"]) for f in step["facts"]] == [(f.label, f.rule) for f in seen.facts]
    assert step["turnup"] == (card_str(seen.turnup) if seen.turnup is not None and seen.turnup >= 0 else None)
    assert {int(s): set(m) for s, m in step["faces"].items()} == {
        s: codes(m) for s, m in view.seen_hands.items() if s != seat and m
    }
    assert (step["result"] is not None) == deal.is_complete
    assert step["net"] == (list(deal.net) if deal.is_complete else None)


def cards_named(step: dict[str, Any]) -> set[str]:
    """Every card a step names, by its code or in words (``the four of hearts``)."""
    text = json.dumps(step)
    found = {m.group(0).replace("10", "T") for m in CARD.finditer(text)}
    for rank, suit in WORDS.findall(text):
        found.add(RANKS[rank.lower()] + suit[0].upper())
    return found


def may_see(deal: Deal, seat: int, record: DealRecord) -> set[str]:
    """The cards ``seat`` may have seen by now, from the deal's own state (never from the replay's code): the cards
    dealt to it and held now, the cards played, the turn-up, and hands lying face up."""
    mask = deal.dealt[seat] | deal.hands[seat]
    for trick in deal.all_tricks():
        mask |= sum(1 << c for c in trick.cards)
    for shown in deal.view(seat).seen_hands.values():
        mask |= shown
    turnup = record.cards.get("turnup")
    return codes(mask) | ({card_str(parse_card(turnup))} if turnup else set())


def check_replay(answer: dict[str, Any], record: DealRecord, seat: int, *, secret: bool) -> None:
    """Every step against the record; with ``secret`` (during the sitting), no card the seat could not see."""
    assert answer["seat"] == seat and len(answer["steps"]) == len(record.actions) + 1
    for i, (step, deal) in enumerate(zip(answer["steps"], positions(record), strict=True)):
        assert step["step"] == i
        check_step(step, deal, seat)
        if secret:
            leaked = cards_named(step) - may_see(deal, seat, record)
            assert not leaked, f"step {i} shows seat {seat} {sorted(leaked)}"


# -- the tests --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_a_seated_person_replays_his_own_deals_during_the_sitting_and_anyone_any_seat_after(
    http: Served, game: str
) -> None:
    table, token = sitting(http, game, deals=2)
    during = {n: replay(http, table, n, 0, token) for n in (1, 2)}
    for answer in during.values():
        assert answer.status_code == 200, answer.text
        assert answer.json()["over"] is False and answer.json()["dealt"] is None  # every card only after the sitting
    assert replay(http, table, 1, None, token).json()["seat"] == 0  # the token's seat by default
    stop(http, table, token)
    found = records(http, table)
    for n, answer in during.items():
        check_replay(answer.json(), found[n - 1], 0, secret=True)
    for seat in range(3):  # after the sitting: no token, any seat, every card dealt
        after = replay(http, table, 1, seat, None)
        assert after.status_code == 200, after.text
        body = after.json()
        check_replay(body, found[0], seat, secret=False)
        assert body["over"] is True and body["link"] == f"/t/{table}/replay/1?sitting=1&seat={seat}"
        assert [set(h) for h in body["dealt"]["hands"]] == [codes(m) for m in start(found[0]).dealt]
    last = replay(http, table, len(found), 1, None).json()
    assert "deals next" not in last["steps"][-1]["result"]  # the sitting's last deal announces no next one


def test_a_link_naming_its_sitting_opens_the_same_deal_after_play_again(tmp_path: Path) -> None:
    with serving(tmp_path / "tables.sqlite3") as http:
        table, shared = _play_again_and_check(http)
    with serving(tmp_path / "tables.sqlite3") as http:  # a restart reads the earlier sitting back from its events
        for seat in range(3):
            assert replay(http, table, 2, seat, None, sitting=1).json()["steps"] == shared[seat]["steps"]


def _play_again_and_check(http: Served) -> tuple[str, dict[int, dict[str, Any]]]:
    """A sitting of Nap played out and its replay's link copied, then Play again and a deal of the new sitting: the
    link opens the same deal; the table, and what each seat's replay of the first sitting's deal 2 was."""
    table, token = sitting(http, "nap", deals=2)
    stop(http, table, token)
    shared = {seat: replay(http, table, 2, seat, None).json() for seat in range(3)}
    link = shared[1]["link"]
    assert link == f"/t/{table}/replay/2?sitting=1&seat=1" and shared[1]["sitting"] == 1
    first = records(http, table)

    play_again(http, table, token)
    http.watch(table, lambda: _finished(http, table) >= 1, "a deal of the second sitting finished")
    path, _, query = link.partition("?")
    for seat in range(3):  # the first sitting's link, from any seat and with no token: the same deal, step for step
        again = http.get(path.replace("/t/", "/api/tables/", 1), params={"sitting": "1", "seat": str(seat)})
        assert again.status_code == 200, again.text
        body = again.json()
        assert body["steps"] == shared[seat]["steps"] and body["dealt"] == shared[seat]["dealt"]
        assert (body["sitting"], body["sittings"], body["deal"], body["over"]) == (1, 2, 2, True)
        check_replay(body, first[1], seat, secret=False)
    assert http.get(f"{path}?{query}").status_code == 200  # the page of the shared link
    # Without the sitting, the deal numbers are the sitting in play's: its first deal, Ann's alone until it is over.
    refusal(replay(http, table, 1, 1, None), 409, "deal", "once the sitting is over")
    mine = replay(http, table, 1, 0, token)
    assert mine.status_code == 200, mine.text
    assert (mine.json()["sitting"], mine.json()["over"]) == (2, False)
    assert mine.json()["link"] == f"/t/{table}/replay/1?sitting=2&seat=0"
    refusal(replay(http, table, 1, 1, None, sitting=2), 409, "deal", "once the sitting is over")
    beyond = shared[0]["deals"] + 1  # the bots may have finished more than the two waited for before the stop
    said = f"deal {beyond} is not a finished deal of sitting 1"
    refusal(replay(http, table, beyond, 0, None, sitting=1), 404, "deal", said)
    refusal(replay(http, table, 1, 0, None, sitting=3), 404, "sitting", "no sitting 3 at this table (1 to 2")
    refusal(replay(http, table, 1, 0, None, sitting=0), 404, "sitting", "no sitting 0 at this table (1 to 2")
    refusal(replay(http, table, 1, 0, None, sitting="one"), 400, "sitting", "'one' is not a number", "1 to 2")
    refusal(replay(http, table, 1, 0, "not-a-token", sitting=1), 403, "token")
    bad = http.get(f"/t/{table}/replay/1?sitting=x")
    assert bad.status_code == 400 and "sitting: &#x27;x&#x27; is not a number" in bad.text
    stop(http, table, token)  # the second sitting's own deal 1 was the one shown, and the first's link holds
    check_replay(mine.json(), records(http, table)[0], 0, secret=True)
    assert replay(http, table, 2, 1, None, sitting=1).json()["steps"] == shared[1]["steps"]
    return table, shared


def test_the_replay_is_refused_to_others_while_the_sitting_goes_on(http: Served) -> None:
    table, token = sitting(http, "loo", deals=1)
    refusal(replay(http, table, 1, 0, None), 409, "deal", "once the sitting is over")
    refusal(replay(http, table, 1, 1, token), 403, "seat", "your own seat (0)")
    refusal(replay(http, table, 1, 0, "not-a-token"), 403, "token")
    refusal(replay(http, table, 99, 0, token), 404, "deal", "deal 99", "the finished ones are 1 to")


@pytest.mark.parametrize(
    ("deal", "seat", "status", "field", "words"),
    [
        (99, 0, 404, "deal", ("deal 99 is not a finished deal", "the finished ones are 1 to")),
        (0, 0, 404, "deal", ("deal 0 is not a finished deal",)),
        ("two", 0, 400, "deal", ("'two' is not a number", "a finished deal's number, from 1")),
        (1, 3, 400, "seat", ("no seat 3 at this table (0 to 2)",)),
        (1, "-1", 400, "seat", ("'-1' is not a number", "a seat from 0 to 2")),
        (1, "x", 400, "seat", ("'x' is not a number",)),
        ("12345678", 0, 400, "deal", ("is out of range (a finished deal's number, from 1)",)),
    ],
)
def test_a_deal_or_a_seat_out_of_range_is_refused_naming_the_field_and_what_is_valid(
    http: Served, deal: int | str, seat: int | str, status: int, field: str, words: tuple[str, ...]
) -> None:
    table, token = sitting(http, "loo", deals=1)
    stop(http, table, token)
    refusal(replay(http, table, deal, seat, None), status, field, *words)


def test_no_such_table_and_the_replay_page(http: Served) -> None:
    refusal(replay(http, "nosuch", 1, 0, None), 404, "id", "no table 'nosuch'")
    assert http.get("/t/nosuch/replay/1").status_code == 404
    table, _ = sitting(http, "loo", deals=1)
    page = http.get(f"/t/{table}/replay/1?seat=0")
    assert page.status_code == 200 and "<h1" in page.text and "/static/replay.js" in page.text
    bad = http.get(f"/t/{table}/replay/x")
    assert bad.status_code == 400 and "&#x27;x&#x27; is not a number" in bad.text
