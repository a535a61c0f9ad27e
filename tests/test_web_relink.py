"""A new rejoin link (docs/web.md, "A new rejoin link"), over a real server's websocket: a seated person takes his
seat back from another device for good. The old link no longer sits (``bad_token``), every connection that said
hello with it is told so and closed, the new link goes to the asker alone (never in anybody's state or log, never
stored in clear), an undo does not bring the old link back, and a restart keeps the new one.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from roomconn import Recorder
from roundgames.web.room import Room, RoomError
from roundgames.web.server import Server as WebServer
from roundgames.web.thinking import InlineThinker
from roundgames.web.timing import ManualClock, Timing
from webproto import Client, Server, refused

REVOKED = "This seat's rejoin link was replaced by a new one from another device: it no longer sits at the table."


@pytest.fixture
def server(tmp_path: Path) -> Server:
    s = Server(tmp_path)
    yield s  # type: ignore[misc]
    s.stop()


def closed_with_bad_token(c: Client) -> None:
    """``c`` is told its link no longer sits, then closed."""
    error = c.of_type("error")
    assert error == {"type": "error", "code": "bad_token", "message": REVOKED, "rule": None, "field": "token"}
    with pytest.raises(ConnectionClosed):
        while True:
            c.recv()
    assert c.ws.close_code == 4403


def test_a_new_link_takes_the_seat_back_from_every_device_holding_the_old_one(server: Server, tmp_path: Path) -> None:
    table = server.create(game="nap", players=3, people=3, spectators=False)  # a third never sits: nothing moves
    old = server.sit(table, 0, "Ann")
    bob = server.sit(table, 1, "Bob")
    with server.ws(table) as stranger, server.ws(table) as phone, server.ws(table) as watcher:
        watcher.hello(bob)
        stranger.hello(old)  # Ann's link opened by someone else: the seat is his for now
        phone.hello(old)  # Ann opens it again on her phone: the seat moves back to her
        assert stranger.of_type("seat_lost")["reason"] == "moved"
        phone.send({"type": "new_link"})
        answer = phone.of_type("new_link")
        new = answer["token"]
        assert answer == {"type": "new_link", "seat": 0, "token": new, "rejoin": f"/t/{table}#seat={new}"}
        assert new != old and len(new) >= 24
        again = refused(phone, new, {"type": "new_link"}, "too_fast")  # each is a stored event: not a stream of them
        assert again["message"].startswith("new_link: one new link every 10 seconds; try again in "), again
        closed_with_bad_token(stranger)  # it watched by the old link, at a table without spectators: no more
        # Everybody reads that the link changed, nobody reads the link.
        line = "Ann has a new rejoin link: the old one no longer sits"
        update = watcher.until(lambda m: any(e["text"] == line for e in m.get("log", [])), "the new link's line")
        assert new not in json.dumps(update) and new not in json.dumps(watcher.snapshot(bob))
        assert new not in json.dumps(phone.snapshot(new)) and phone.state()["you"] == 0
        phone.pong()
    with server.ws(table) as again:  # the old link no longer sits; the new one does
        again.send({"type": "hello", "token": old, "since": None})
        error = again.of_type("error")
        assert error["code"] == "bad_token" and error["field"] == "token"
    with server.ws(table) as again:
        welcome, _ = again.hello(new)
        assert welcome["seat"] == 0 and welcome["name"] == "Ann"
    # The store keeps the new token's hash, never the token.
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    try:
        relinks = [json.loads(row[0]) for row in db.execute("SELECT data FROM events WHERE kind = 'relink'")]
        stored = " ".join(row[0] for row in db.execute("SELECT data FROM events"))
    finally:
        db.close()
    assert relinks == [{"seat": 0, "hash": hashlib.sha256(new.encode()).hexdigest()}]
    assert new not in stored and old not in stored


def test_a_spectator_cannot_ask_for_a_new_link(server: Server) -> None:
    # A table still gathering (a seat open for a second person): nothing moves between the snapshots compared.
    table = server.create(game="nap", players=3, people=2, bot_delay=0)
    token = server.sit(table, 0, "Ann")
    with server.ws(table) as watcher:
        watcher.hello(None)
        refused(watcher, None, {"type": "new_link"}, "not_seated")
        refused(watcher, None, {"type": "new_link", "seat": 0}, "bad_message", "seat")
    with server.ws(table) as ann:
        ann.hello(token)
        ann.pong()


def test_the_new_link_survives_an_undo_and_a_restart(tmp_path: Path) -> None:
    first = Server(tmp_path, process=True)  # restarted below: a process of its own, as is the next
    try:
        table = first.create(game="loo", players=3, people=1, bot_delay=0, bot="random")
        old = first.sit(table, 0, "Ann")
        with first.ws(table) as c:
            c.hello(old)
            for _ in range(30):  # Ann acts at her turns until an undo is offered
                state = c.until(lambda m: m.get("state") is not None and bool(m["state"]["legal"]), "my turn")
                if state["state"]["undo"]:
                    break
                c.send({"type": "act", "action": state["state"]["legal"][0]["action"]})
            else:
                raise AssertionError("undo was never offered")
            c.send({"type": "new_link"})
            new = c.of_type("new_link")["token"]
            c.send({"type": "undo"})  # takes back her action, not her new link
            c.of_type("snapshot")
            c.pong()
    finally:
        first.stop()
    second = Server(tmp_path, process=True)
    try:
        with second.ws(table) as c:
            c.send({"type": "hello", "token": old, "since": None})
            assert c.of_type("error")["code"] == "bad_token"
        with second.ws(table) as c:
            welcome, snapshot = c.hello(new)
            assert welcome["seat"] == 0 and snapshot["state"]["you"] == 0
    finally:
        second.stop()


def test_one_new_link_every_ten_seconds_holds_across_an_undo_and_a_restart(tmp_path: Path) -> None:
    """The limit counts from the new link's stored event: an undo (which reads the table back from the store) and a
    restart (another server on the same file, three seconds later) still refuse a second link within ten seconds
    of the first, saying how long to wait; once they have passed, the next link is made."""
    config = {
        "game": "nap",
        "preset": "peel",
        "options": {},
        "players": 3,
        "people": 1,
        "bot": "random",
        "bot_delay": 0.5,
        "spectators": True,
        "rounds": 3,
        "confirm": False,
        "seed": 7,
    }
    timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
    db = str(tmp_path / "tables.sqlite3")

    async def too_fast(room: Room, asker: Recorder, wait: int) -> None:
        with pytest.raises(RoomError) as refused_:
            await room.call(room.new_link, 0, asker)
        assert refused_.value.code == "too_fast"
        assert str(refused_.value.message) == f"new_link: one new link every 10 seconds; try again in {wait} s"

    async def first() -> tuple[str, float]:
        clock = ManualClock()
        server = WebServer(db, timing, 600, clock, thinker=InlineThinker())
        await server.open()
        try:
            room = server.create(config)
            await room.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await room.call(room.join, ann, None)
            for _ in range(400):  # to a turn of Ann's that she may undo once she has played
                await clock.advance(0.5, room.settle)
                state = ann.state
                if state["legal"] and state["deal"]["phase"] == "play" and len(state["deal"]["trick"]) < 2:
                    await room.call(room.act, 0, state["legal"][0]["action"])
                    if ann.state["undo"]:
                        break
                elif state["legal"]:
                    await room.call(room.act, 0, state["legal"][0]["action"])
            else:
                raise AssertionError("undo was never offered")
            await room.call(room.new_link, 0, ann)
            await room.call(room.undo, 0)
            assert ann.messages[-1]["type"] == "snapshot"  # the table was read back from the store
            await too_fast(room, ann, 10)
            return room.id, clock.now()
        finally:
            await server.close()

    async def second(table: str, relinked: float) -> None:
        clock = ManualClock(start=relinked + 3)
        server = WebServer(db, timing, 600, clock, thinker=InlineThinker())
        await server.open()
        try:
            room = server.rooms[table]
            ann = Recorder(0)
            await room.call(room.join, ann, None)
            await too_fast(room, ann, 7)
            await clock.advance(7, room.settle)
            token = await room.call(room.new_link, 0, ann)
            assert room.seat_of(token) == 0
        finally:
            await server.close()

    async def main() -> None:
        await second(*await first())

    asyncio.run(main())
