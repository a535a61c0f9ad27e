"""Reviews and hints at the web table, through a real `roundgames serve` and real websockets: a hint goes to the
person who asked and to nobody else, is refused at a table without hints and out of turn, and marks its deal on
the score sheet and in the CSV, a mark a killed and restarted server keeps; a review shows a seat its own deal and
only what it could see while the sitting goes on, every card once it is over. Nap at three seats keeps each short.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from .webclient import Seat, create, play_first, sit

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
WORDS = re.compile(
    r"\b(ace|king|queen|knave|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)"
)
RANKS = dict(
    zip(
        ["ace", "king", "queen", "knave", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two"],
        "AKQJT98765432",
        strict=True,
    )
)


def said(line: str) -> str:
    """The card a log line says was played, as its code ("" where it plays none): "Ann plays the nine of hearts"."""
    found = WORDS.search(line) if " plays " in line else None
    return RANKS[found.group(1)] + found.group(2)[0].upper() if found else ""


def _next(seat: Seat, *types: str) -> dict[str, Any]:
    """The next message of one of ``types`` this connection receives (others are read and kept)."""
    for _ in range(500):
        message = seat.recv()
        if message["type"] in types:
            return message
    raise AssertionError(f"no {types} message")


def _play_until(seat: Seat, done: Callable[[dict[str, Any]], bool], acted: list[dict[str, Any]] | None = None) -> None:
    """Play the seat's first legal action at each turn until ``done(state)``; each turn's state into ``acted``."""
    for _ in range(300):
        seat.until(lambda s: done(s) or seat.my_turn(), what="my turn or the end")
        if done(seat.state):
            return
        if acted is not None:
            acted.append(seat.state)
        before = seat.seq
        play_first(seat)
        seat.until(lambda s, before=before: seat.seq > before, what="my action applied")
    raise AssertionError("never reached the end")


def _advice(options: list[dict[str, Any]], note: Any) -> None:
    """The expert's options as docs/web.md gives them: each ``{"action", "label", "value", "half", "prob"}`` (the
    half-width of the value's 95% interval, null where there is none; the probability a strategy that mixes takes
    it, null where it does not), and the note, a string, which says why where the expert's choice (the first) is not
    the best valued."""
    assert options
    for o in options:
        assert set(o) == {"action", "label", "value", "half", "prob"}, o
        assert isinstance(o["action"], str) and isinstance(o["label"], str) and isinstance(o["value"], int | float), o
        assert o["half"] is None or (isinstance(o["half"], int | float) and o["half"] >= 0), o
        assert o["prob"] is None or (isinstance(o["prob"], int | float) and 0 <= o["prob"] <= 1), o
    assert isinstance(note, str)
    if any(o["value"] > options[0]["value"] for o in options[1:]):
        assert note, options


def _csv(url: str, table: str) -> list[str]:
    return httpx.get(f"{url}/api/tables/{table}/scores.csv", trust_env=False).text.splitlines()


def test_a_hint_goes_to_the_asker_alone_and_marks_its_deal_which_a_restart_keeps(server_factory: Any) -> None:
    # a process of its own: killed and started again
    server = server_factory(args=["--deal-pause", "0"], process=True)
    made = create(server.url, game="nap", players=3, people=1, bot_delay=0, hints=True)
    table = made["id"]
    assert made["info"]["hints"] is True
    token = sit(server.url, table, 0, "Ann")
    ann = Seat(server.url, table, token)
    watcher = Seat(server.url, table, None)  # a spectator is sent every broadcast
    ann.until(lambda s: ann.my_turn(), what="Ann's turn")
    legal = {e["action"] for e in ann.state["legal"]}
    hand = list(ann.state["hand"])

    ann.send({"type": "hint"})
    ann.send({"type": "hint"})  # asked again before the answer: one at a time a connection
    busy = _next(ann, "error")
    assert busy["code"] == "busy" and busy["field"] == "type", busy
    hint = _next(ann, "hint", "error")
    assert hint["type"] == "hint" and hint["deal"] == 1 and hint["seat"] == 0, hint
    assert set(hint) == {"type", "deal", "seat", "options", "note"}, hint
    _advice(hint["options"], hint["note"])
    assert {o["action"] for o in hint["options"]} <= legal
    values = [o["value"] for o in hint["options"]]
    assert values[1:] == sorted(values[1:], reverse=True)  # the expert's choice first, then the others best first
    assert ann.state["hand"] == hand and ann.my_turn()  # asking changed nothing at the table

    watcher.send({"type": "ping"})
    _next(watcher, "pong")
    assert not [m for m in watcher.messages if m["type"] == "hint"]
    for seat in (ann, watcher):  # nothing of it in anybody's log
        assert not [e for e in seat.log if "hint" in e["text"].lower()], seat.log
    watcher.close()

    _play_until(ann, lambda s: s["scores"]["over"])  # the sitting: three deals
    assert ann.state["scores"]["hints"] == [[0], [], []]
    rows = _csv(server.url, table)
    assert rows[0] == "deal,Ann,Bot 2,Bot 3,hints"
    assert [row.rsplit(",", 1)[1] for row in rows[1:4]] == ["Ann", "", ""]
    ann.close()

    server.kill()  # SIGKILL, as a crash: the hint event was stored as it happened
    server.start()
    again = Seat(server.url, table, token)
    state = again.until(lambda s: bool(s), what="the first state")
    assert state["scores"]["hints"] == [[0], [], []] and state["table"]["hints"] is True
    assert _csv(server.url, table) == rows
    again.close()


def test_a_hint_is_refused_at_a_table_without_hints_and_out_of_turn(server_factory: Any) -> None:
    # A long countdown: the open seat 2 waits for a person, so its turn stays its own while Ann asks.
    server = server_factory(args=["--deal-pause", "0", "--away-seconds", "600"])
    for hints in (False, True):
        made = create(server.url, game="nap", players=3, people=2, bot_delay=0, hints=hints)
        ann = Seat(server.url, made["id"], sit(server.url, made["id"], 0, "Ann"))
        ann.send({"type": "start"})  # Ann, the host, starts without waiting for a second person
        _play_until(ann, lambda s: s["deal"] is not None and s["deal"]["to_act"] == 1 and not s["deal"]["complete"])
        seq = ann.seq
        ann.send({"type": "hint"})
        error = _next(ann, "error", "hint")
        if not hints:
            assert error["code"] == "hints_off" and error["field"] == "hints", error
            assert "hints" in error["message"] and "off" in error["message"]
        else:
            assert error["code"] == "not_your_turn" and "Seat 2" in error["message"], error
        ann.send({"type": "ping"})
        _next(ann, "pong")
        assert ann.seq == seq  # nothing was stored
        ann.close()


def test_a_review_shows_the_seat_only_what_it_saw_until_the_sitting_is_over(server_factory: Any) -> None:
    server = server_factory(args=["--deal-pause", "0"])
    made = create(server.url, game="nap", players=3, people=1, bot_delay=0)
    table = made["id"]
    ann = Seat(server.url, table, sit(server.url, table, 0, "Ann"))
    acted: list[dict[str, Any]] = []
    _play_until(ann, lambda s: s["deal"] is not None and s["deal"]["number"] == 2, acted)
    dealt = next(s["hand"] for s in acted if s["deal"]["number"] == 1)
    turns = [s for s in acted if s["deal"]["number"] == 1]
    # The cards played, as the log says them (in words: "Bot 2 plays the nine of hearts").
    played = {said(line) for e in ann.log if e["deal"] == 1 and e["kind"] == "action" for line in [e["text"]]}
    played.discard("")

    ann.send({"type": "review", "deal": 1})
    review = _next(ann, "review", "error")
    assert review["type"] == "review" and review["deal"] == 1 and review["seat"] == 0, review
    assert review["dealt"] == dealt and review["hands"] is None and review["heaps"] is None
    # Every card in it is Ann's own or was played for all to see.
    assert set(CARD.findall(json.dumps(review))) <= set(dealt) | played
    # One entry for each of her turns with a choice, in order, each with its options and the one taken.
    assert [d["hand"] for d in review["decisions"]] == [s["hand"] for s in turns if len(s["legal"]) > 1]
    assert review["decisions"] and review["summary"]["decisions"] == len(review["decisions"])
    for d in review["decisions"]:
        _advice(d["options"], d["note"])
        values = [o["value"] for o in d["options"]]
        assert values[1:] == sorted(values[1:], reverse=True) and d["best"] == d["options"][0]["action"]
        taken = next((o["value"] for o in d["options"] if o["action"] == d["taken"]), None)
        if taken is not None:  # the loss is the expert's choice's value less the taken one's, or none
            # Each value and the loss are sent rounded to 3 places, the loss from the exact values: they agree to
            # within the two roundings (a loss of 2.669 beside values 2.670 apart).
            assert d["loss"] == pytest.approx(max(0.0, d["options"][0]["value"] - taken), abs=0.0015)
    ann.send({"type": "review", "deal": 1})  # worked out already: the same answer
    assert _next(ann, "review", "error") == review

    for message, code in (
        ({"type": "review", "deal": 1, "seat": 1}, "not_your_seat"),  # Bot 2's deal: not while the sitting goes on
        ({"type": "review", "deal": 2}, "no_deal"),  # not finished
        ({"type": "review", "deal": 0}, "bad_message"),
    ):
        ann.send(message)
        error = _next(ann, "error", "review")
        assert error["code"] == code, (message, error)
    watcher = Seat(server.url, table, None)
    watcher.send({"type": "review", "deal": 1, "seat": 0})
    assert _next(watcher, "error", "review")["code"] == "not_your_seat"

    _play_until(ann, lambda s: s["scores"]["over"])
    records = httpx.get(f"{server.url}/api/tables/{table}/records.json", trust_env=False).json()
    watcher.send({"type": "review", "deal": 1, "seat": 1})  # once it is over, anyone may, every card shown
    over = _next(watcher, "review", "error")
    assert over["type"] == "review" and over["seat"] == 1, over
    assert [" ".join(sorted(h)) for h in over["hands"]] == [
        " ".join(sorted(records[0]["cards"][name].split())) for name in records[0]["seats"]
    ]
    watcher.close()
    ann.close()


def test_a_person_who_sits_later_reviews_only_the_deals_dealt_since_he_sat(server_factory: Any) -> None:
    """A bot played the open seat before Ann sat: while the sitting goes on she may not review those deals (she
    never saw that seat's cards), and may review the ones dealt since."""
    server = server_factory(args=["--deal-pause", "0", "--away-seconds", "0.2"])
    made = create(server.url, game="nap", players=3, people=2, bot_delay=0, rounds=20)
    table = made["id"]
    # Bob, the host, starts the sitting and goes: bots play his seat and the open seat after their countdowns.
    bob = Seat(server.url, table, sit(server.url, table, 1, "Bob"))
    bob.send({"type": "start"})
    bob.until(lambda s: s["gathering"] is None, what="the sitting started")
    bob.close()
    watcher = Seat(server.url, table, None)  # someone watching: the bots play on
    watcher.until(lambda s: len(s["scores"]["deals"]) >= 1, what="the first deal finished")
    ann = Seat(server.url, table, sit(server.url, table, 0, "Ann"))
    ann.send({"type": "review", "deal": 1})
    refused = _next(ann, "review", "error")
    assert refused["type"] == "error" and refused["code"] == "not_your_seat" and refused["field"] == "deal", refused
    assert "since you sat" in refused["message"]
    start = ann.state["deal"]["number"] + (not ann.state["deal"]["complete"])  # a deal she saw from its start
    _play_until(ann, lambda s: s["deal"] is not None and s["deal"]["number"] > start)
    ann.send({"type": "review", "deal": start})
    review = _next(ann, "review", "error")
    assert review["type"] == "review" and review["deal"] == start and review["seat"] == 0, review
    watcher.close()
    ann.close()
