"""Claiming the remaining tricks at the web table, over real websockets against a real server: a person may claim
at every turn to play a card; the claim shows his cards to everyone and waits on every other seat's answer (a bot
answers from its own view, and declines a claim it can see fail); one all accept is played out as real actions, so
that the deal's record is ruled on cleanly by ``roundgames referee``; a claim that holds in every layout of the
unseen cards needs no answer; a decline lets play go on, and so does a claim all accept that the cards forbid (it
lapses); a bad ``claim_answer`` names its field and value.

The tables are dealt from fixed seeds (stored before the server starts) at three-seat Loo without singles: with
seed :data:`ANN_CLAIMS`, Ann (seat 0) comes to play a card, after Bob has, holding cards that take every trick.
Each person stands and plays his first legal card until a claim is open to him (``can_claim``, which the server
sends his seat alone, at his every turn to play a card).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from cli_run import run_cli
from roundgames.web.protocol import new_table_config
from roundgames.web.store import SqliteStore

from .webclient import Seat, sit

if TYPE_CHECKING:
    from conftest import Served

#: three-seat Loo: Bob plays a card first, then Ann, whose cards take the three tricks whatever the others play
ANN_CLAIMS = 2
#: one person at three-seat Loo: at the last trick Ann leads the best trump left (every card decisive)
ANN_DECISIVE = 50
TABLE = "claims"


def stacked(server_factory: Callable[..., Served], seed: int, people: int, away: int = 30, **settings: Any) -> Served:
    """A server holding a three-seat Loo table (no singles) dealt from ``seed``, ``people`` seats for people, and
    ``away`` seconds of countdown for a person who goes away."""
    server = server_factory(start=False, args=["--deal-pause", "60", "--away-seconds", str(away)])
    body = {"game": "loo", "preset": "peel", "players": 3, "people": people, "bot_delay": 0, "turn_seconds": None}
    config = new_table_config({**body, "options": {"single": "none"}, **settings})
    config["seed"] = seed
    store = SqliteStore(str(server.db))
    store.create(TABLE, config)
    store.close()
    server.start()
    return server


def drive(people: list[Seat], until: Callable[[], bool], timeout: float = 30.0) -> None:
    """Read every person's messages and play each one's turn (stand, the first legal card) until ``until()``."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; last states {[p.state for p in people]}")
        for person in people:
            _drain(person)
        if until():
            return
        mover = next((p for p in people if p.state and p.my_turn()), None)
        if mover is not None:
            _play_first(mover)


def _play_first(person: Seat) -> None:
    """``person`` stands, or plays his first legal card, and reads the update that applies it."""
    legal = [e["action"] for e in person.state["legal"]]
    seq = person.seq
    person.send({"type": "act", "action": "stand" if "stand" in legal else legal[0]})
    person.until(lambda s: person.seq > seq, timeout=5, what="the action applied")


def in_play(person: Seat) -> bool:
    """Whether it is ``person``'s turn to play a card."""
    return person.my_turn() and person.state["deal"]["phase"] == "play"


def _drain(person: Seat) -> None:
    while True:
        try:
            person.recv(timeout=0.1)
        except TimeoutError:
            return


def _records(server: Served) -> list[dict[str, Any]]:
    answer = httpx.get(f"{server.url}/api/tables/{TABLE}/records.json", timeout=10, trust_env=False)
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()
    return found


def _stop(server: Served, token: str) -> None:
    answer = httpx.post(f"{server.url}/api/tables/{TABLE}/stop", json={"token": token}, timeout=10, trust_env=False)
    assert answer.status_code == 200, answer.text


def test_a_claim_a_bot_can_see_fail_is_declined_and_play_goes_on(server_factory: Callable[..., Served]) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=2)
    ann = Seat(server.url, TABLE, sit(server.url, TABLE, 0, "Ann"))
    bob = Seat(server.url, TABLE, sit(server.url, TABLE, 1, "Bob"))
    # Bob's turn to play comes first: he may claim, as at every turn to play a card, whatever the others hold; the
    # claim is not his whatever they play, so it is put to the others, his cards face up.
    drive([ann, bob], lambda: in_play(bob))
    assert bob.state["can_claim"] is True
    hand, legal = bob.state["hand"], bob.state["legal"]
    bob.send({"type": "claim"})
    state = bob.until(lambda s: s["claim"] is not None, what="Bob's claim")
    assert state["claim"]["seat"] == 1 and state["claim"]["cards"] == hand and not state["claim"]["evident"]
    assert state["claim"]["waiting"] == [0, 2]  # the bot at the third seat is asked too
    # The bot sees it fail from its own seat and declines: play goes on as it stood.
    state = bob.until(lambda s: s["claim"] is None and bool(s["legal"]), what="play going on")
    assert state["hand"] == hand and state["legal"] == legal and state["can_claim"] is True
    declined = [e["text"] for e in bob.log if "declines the claim: play goes on" in e["text"]]
    assert len(declined) == 1 and not declined[0].startswith("Ann"), bob.log
    ann.close()
    bob.close()


def test_a_claim_goes_to_the_others_and_one_all_accept_is_played_out(server_factory: Callable[..., Served]) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=3, rounds=None)
    ann_token = sit(server.url, TABLE, 0, "Ann")
    ann = Seat(server.url, TABLE, ann_token)
    bob = Seat(server.url, TABLE, sit(server.url, TABLE, 1, "Bob"))
    cy = Seat(server.url, TABLE, sit(server.url, TABLE, 2, "Cy"))
    ann.until(lambda s: bool(s["deal"]), what="the deal")
    _stop(server, ann_token)  # an open-ended sitting: this deal is its last, so that its record can be read
    # Ann claims at her turn to play a card; only her own seat is told she may.
    drive([ann, bob, cy], lambda: bool(ann.state.get("can_claim")))
    _drain(bob)
    assert bob.state["can_claim"] is False
    hand = ann.state["hand"]
    ann.send({"type": "claim"})
    state = bob.until(lambda s: s["claim"] is not None, what="the claim shown to Bob")
    claim = state["claim"]
    assert claim["seat"] == 0 and claim["tricks"] == len(hand) == 3 and claim["cards"] == hand  # face up
    assert claim["waiting"] == [1, 2] and not claim["accepted"] and not claim["evident"]
    assert claim["text"] == "Ann claims the remaining 3 tricks"
    assert state["legal"] == []  # nothing is played while the claim waits on its answer
    assert any("Ann claims the remaining 3 tricks" in e["text"] for e in bob.log)
    ann.until(lambda s: s["claim"] is not None, what="the claim at Ann's")
    assert ann.state["legal"] == [] and ann.state["seats"][0]["turn_until"] is None
    cy.until(lambda s: s["claim"] is not None, what="the claim at Cy's")
    cy.send({"type": "claim_answer", "accept": True})
    bob.until(lambda s: s["claim"] is not None and s["claim"]["waiting"] == [1], what="Cy's answer")
    # Ann does not answer her own claim; a bad answer names its field and value.
    ann.send({"type": "claim_answer", "accept": True})
    error = ann.error()
    assert error["code"] == "no_claim" and "no claim is waiting for your answer" in error["message"]
    bob.send({"type": "claim_answer", "accept": "yes"})
    error = bob.error()
    assert error["code"] == "bad_message" and error["field"] == "accept" and "'yes'" in error["message"]
    bob.send({"type": "claim_answer"})
    assert bob.error()["field"] == "accept"
    bob.send({"type": "claim_answer", "accept": True})
    state = bob.until(lambda s: s["deal"]["complete"], what="the claimed tricks played out")
    assert state["deal"]["tricks_won"][0] == 3 and state["claim"] is None
    assert any("Bob accepts the claim" in e["text"] for e in bob.log)
    # The record of the claimed deal is that of a deal played to its end: the referee rules on it cleanly.
    bob.until(lambda s: s["scores"]["over"], what="the sitting over")
    records = _records(server)
    assert len(records) == 1
    ruled = run_cli("referee", "-", stdin=json.dumps(records[0]))
    assert ruled.returncode == 0, ruled.stderr
    ruling = json.loads(ruled.stdout)
    assert ruling["complete"] and ruling["error"] is None
    assert [t["winner"] for t in ruling["tricks"]] == ["P1", "P1", "P1"]
    assert ruling["net"]["P1"] == state["deal"]["net"][0]
    ann.close()
    bob.close()
    cy.close()


def test_a_claim_with_every_card_decisive_needs_no_answer(server_factory: Callable[..., Served]) -> None:
    server = stacked(server_factory, ANN_DECISIVE, people=1)
    ann = Seat(server.url, TABLE, sit(server.url, TABLE, 0, "Ann"))
    # A claim open earlier (mid-trick, not decisive from her seat) is left: hers to make is at the last trick's lead.
    drive([ann], lambda: in_play(ann) and ann.state["deal"]["trick"] == [] and len(ann.state["hand"]) == 1)
    assert ann.state["can_claim"] is True
    number = ann.state["deal"]["number"]
    ann.send({"type": "claim"})
    state = ann.until(lambda s: s["deal"]["number"] > number or s["deal"]["complete"], what="the claim played out")
    said = " ".join(e["text"] for e in ann.log if e["deal"] == number)
    assert "Ann claims the last trick" in said and "Every card is decisive" in said
    assert "accepts" not in said  # nobody was asked
    assert state["claim"] is None
    ann.close()


@pytest.mark.parametrize("mode", ["strict", "table"])
def test_a_declined_claim_lets_play_go_on_from_where_it_stood(server_factory: Callable[..., Served], mode: str) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=3, mode=mode)
    ann = Seat(server.url, TABLE, sit(server.url, TABLE, 0, "Ann"))
    bob = Seat(server.url, TABLE, sit(server.url, TABLE, 1, "Bob"))
    cy = Seat(server.url, TABLE, sit(server.url, TABLE, 2, "Cy"))
    drive([ann, bob, cy], lambda: bool(ann.state.get("can_claim")))
    hand, legal = ann.state["hand"], ann.state["legal"]
    ann.send({"type": "claim"})
    bob.until(lambda s: s["claim"] is not None, what="the claim")
    ann.send({"type": "claim"})
    assert ann.error()["code"] == "claim_pending"
    ann.send({"type": "act", "action": legal[0]["action"]})
    assert ann.error()["code"] == "claim_pending"
    bob.send({"type": "claim_answer", "accept": False})
    state = ann.until(lambda s: s["claim"] is None and bool(s["legal"]), what="play going on")
    assert state["hand"] == hand and state["legal"] == legal and state["can_claim"] is True  # as it stood
    assert any("Bob declines the claim: play goes on" in e["text"] for e in ann.log)
    # ... and it does: her card is played as before the claim (table mode's warnings are not in the way).
    seq = ann.seq
    ann.send({"type": "act", "action": legal[0]["action"]})
    ann.until(lambda s: ann.seq > seq and s["hand"] != hand, what="her card played")
    for person in (ann, bob, cy):
        person.close()


def _answered_for(log: list[dict[str, Any]], name: str) -> bool:
    """Whether the log says ``name``'s answer to the claim (his bot's, from his seat's view: either may come)."""
    return any(e["text"] in (f"{name} accepts the claim", f"{name} declines the claim: play goes on") for e in log)


def test_the_bot_of_a_person_who_goes_away_answers_for_him(server_factory: Callable[..., Served]) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=3, away=1)
    ann = Seat(server.url, TABLE, sit(server.url, TABLE, 0, "Ann"))
    bob = Seat(server.url, TABLE, sit(server.url, TABLE, 1, "Bob"))
    cy = Seat(server.url, TABLE, sit(server.url, TABLE, 2, "Cy"))
    drive([ann, bob, cy], lambda: bool(ann.state.get("can_claim")))
    ann.send({"type": "claim"})
    cy.until(lambda s: s["claim"] is not None, what="the claim at Cy's")
    cy.send({"type": "claim_answer", "accept": True})
    ann.until(lambda s: s["claim"] is not None and s["claim"]["waiting"] == [1], what="the claim waiting on Bob")
    bob.close()  # Bob goes away without a word: once his countdown ends, his bot answers for him
    ann.until(lambda s: s["claim"] is None or s["claim"]["accepted"], what="Bob's bot answering")
    assert _answered_for(ann.log, "Bob")
    ann.close()
    cy.close()


def test_a_person_who_lets_the_time_to_answer_run_out_has_his_bot_answer(server_factory: Callable[..., Served]) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=3, turn_seconds=10)
    ann = Seat(server.url, TABLE, sit(server.url, TABLE, 0, "Ann"))
    bob = Seat(server.url, TABLE, sit(server.url, TABLE, 1, "Bob"))
    cy = Seat(server.url, TABLE, sit(server.url, TABLE, 2, "Cy"))
    drive([ann, bob, cy], lambda: bool(ann.state.get("can_claim")))
    ann.send({"type": "claim"})
    state = bob.until(lambda s: s["claim"] is not None, what="the claim")
    until = state["claim"]["answer_until"]
    assert until is not None and 9_000 <= until - time.time() * 1000 <= 10_500  # a turn's time from the claim
    assert all(s["turn_until"] is None for s in state["seats"])  # the turn clock is paused meanwhile
    cy.send({"type": "claim_answer", "accept": True})
    state = bob.until(lambda s: _answered_for(bob.log, "Bob"), timeout=25, what="Bob's bot answering at his time")
    assert state["claim"] is None or state["claim"]["accepted"]
    for person in (ann, bob, cy):
        person.close()


def test_a_claim_waiting_on_its_answer_outlasts_a_restart(server_factory: Callable[..., Served]) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=3)
    tokens = [sit(server.url, TABLE, i, name) for i, name in enumerate(["Ann", "Bob", "Cy"])]
    people = [Seat(server.url, TABLE, token) for token in tokens]
    ann = people[0]
    drive(people, lambda: bool(ann.state.get("can_claim")))
    ann.send({"type": "claim"})
    claim = people[1].until(lambda s: s["claim"] is not None, what="the claim")["claim"]
    for person in people:
        person.close()
    server.stop()  # the claim is a stored event: the table read back holds it as it stood
    server.start()
    bob, cy = Seat(server.url, TABLE, tokens[1]), Seat(server.url, TABLE, tokens[2])
    state = bob.until(lambda s: bool(s), what="the table read back")
    assert state["claim"] == claim and state["legal"] == []
    bob.send({"type": "claim_answer", "accept": True})
    cy.until(lambda s: bool(s), what="the table read back")
    cy.send({"type": "claim_answer", "accept": True})
    ann = Seat(server.url, TABLE, tokens[0])  # somebody watches: the room plays the claim out
    state = bob.until(lambda s: s["deal"]["complete"], what="the claim played out after the restart")
    assert state["deal"]["tricks_won"][0] == 3
    for person in (ann, bob, cy):
        person.close()


def test_a_claim_all_accept_that_the_cards_forbid_lapses_and_play_goes_on(
    server_factory: Callable[..., Served],
) -> None:
    server = stacked(server_factory, ANN_CLAIMS, people=3)
    ann = Seat(server.url, TABLE, sit(server.url, TABLE, 0, "Ann"))
    bob = Seat(server.url, TABLE, sit(server.url, TABLE, 1, "Bob"))
    cy = Seat(server.url, TABLE, sit(server.url, TABLE, 2, "Cy"))
    # Bob claims at his first turn to play a card; Ann's cards take tricks from him whatever anyone plays.
    drive([ann, bob, cy], lambda: in_play(bob))
    hand, legal = bob.state["hand"], bob.state["legal"]
    bob.send({"type": "claim"})
    for person in (ann, cy):
        person.until(lambda s: s["claim"] is not None, what="Bob's claim")
        person.send({"type": "claim_answer", "accept": True})
    bob.until(lambda s: any("the claim lapses" in e["text"] for e in bob.log), what="the claim lapsing")
    state = bob.until(lambda s: s["claim"] is None and bool(s["legal"]), what="play going on")
    assert state["hand"] == hand and state["legal"] == legal and state["can_claim"] is True  # as it stood
    lapsed = [e["text"] for e in ann.log + bob.log if "lapses" in e["text"]]
    assert "The cards do not give Bob every trick: the claim lapses, play goes on" in lapsed
    for person in (ann, bob, cy):
        person.close()
