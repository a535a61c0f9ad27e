"""Store first, then state: a web table whose store cannot write refuses the action, pauses, and plays on when the
store writes again, with memory always exactly what is stored (docs/web.md, "When the store cannot write").

The server is the real application in-process (its HTTP routes through httpx's ASGI transport, its rooms with
connections that record what they are sent) on a real SQLite file, made to fail the way SQLite itself fails: full
(``PRAGMA max_page_count``: "database or disk is full", what a full disk gives) and read-only (``PRAGMA query_only``:
"attempt to write a readonly database"). The clock is a :class:`ManualClock`, so nothing here sleeps.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from roomconn import Recorder
from roundgames.records.deal import dumps, record_of
from roundgames.web.app import create_app
from roundgames.web.pausing import RETRY_SECONDS
from roundgames.web.protocol import new_table_config
from roundgames.web.room import Room, RoomError
from roundgames.web.server import Server
from roundgames.web.store import SqliteStore, StoreError
from roundgames.web.timing import ManualClock, Timing

TABLE = {"game": "nap", "players": 3, "people": 2, "listed": True, "bot": "random", "bot_delay": 0, "rounds": 3}


class Scene:
    """The application on a file, its server, its HTTP client and its clock."""

    def __init__(self, server: Server, http: httpx.AsyncClient, clock: ManualClock) -> None:
        self.server, self.http, self.clock = server, http, clock

    @property
    def db(self) -> sqlite3.Connection:
        """The store's own connection (its SQLite settings are per connection)."""
        return self.server.store.db  # type: ignore[union-attr, no-any-return]

    def fill(self) -> None:
        """The file may grow no more: the next write that needs a new page fails as on a full disk."""
        pages = self.db.execute("PRAGMA page_count").fetchone()[0]
        self.db.execute(f"PRAGMA max_page_count = {pages}")

    def make_room(self) -> None:
        self.db.execute("PRAGMA max_page_count = 1073741823")

    async def advance(self, room: Room, seconds: float) -> None:
        await self.clock.advance(seconds, room.settle)


@asynccontextmanager
async def scene(db: Path) -> AsyncIterator[Scene]:
    clock = ManualClock()
    app = create_app(str(db), timing=Timing(deal_pause=0, trick_pause=0), clock=clock, create_limit=0)
    server: Server = app.state.server
    await server.open()  # what the lifespan does
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://table") as http:
            yield Scene(server, http, clock)
    finally:
        await server.close()


def _action(state: dict[str, Any]) -> str:
    """The first legal action that needs no choosing of cards (or the first card choice, with the first cards)."""
    for entry in state["legal"]:
        if "choose" not in entry:
            return str(entry["action"])
    entry = state["legal"][0]
    return " ".join([entry["action"], *state["hand"][: entry["choose"][0]]])


async def _step(s: Scene, room: Room, ann: Recorder) -> None:
    """Ann plays her turn, or the clock moves on for the bots and the next deal; a refusal is left to the caller."""
    if ann.state["legal"]:
        await room.call(room.act, 0, _action(ann.state))
    else:
        await s.advance(room, 1.0)


def _stored_seqs(db: Path, table_id: str) -> list[int]:
    with sqlite3.connect(db) as other:
        return [r[0] for r in other.execute("SELECT seq FROM events WHERE table_id = ? ORDER BY seq", (table_id,))]


def _deal_json(room: Room) -> str | None:
    deal = room.table.deal
    return None if deal is None else dumps(record_of(deal))


def test_a_full_store_refuses_the_action_pauses_the_table_and_play_resumes_when_there_is_room(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"

    async def main() -> tuple[str, int, str | None]:
        async with scene(db) as s:
            made = (await s.http.post("/api/tables", json=TABLE)).json()
            table_id = made["id"]
            ann_token = (await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Ann"})).json()
            assert ann_token["seat"] == 0
            room = s.server.rooms[table_id]
            ann, watcher = Recorder(0), Recorder(None)
            await room.call(room.join, ann, None)
            await room.call(room.join, watcher, None)
            await room.call(room.start_sitting, 0)  # Ann is the host; seat 1 stays open for Bob
            await s.advance(room, 0.1)

            s.fill()
            refusal: RoomError | None = None
            for _ in range(500):  # until a write needs a page the file may not have
                try:
                    await _step(s, room, ann)
                except RoomError as e:
                    refusal = e
                if room.paused is not None:
                    break
            assert room.paused is not None and "database or disk is full" in room.paused
            # Memory is exactly the store: no event is in memory that is not stored, and nobody was shown one.
            assert _stored_seqs(db, table_id) == list(range(1, room.seq + 1))
            assert watcher.messages[-1]["seq"] == room.seq
            assert watcher.state["paused"] == room.paused  # every viewer is told why
            assert ann.state["paused"] == room.paused
            if refusal is not None:  # Ann's own action was the one refused (else a bot's was, and she is told)
                assert refusal.code == "store_failed" and "not saved" in refusal.message

            # Paused: every command is refused, naming why, and a sitting-down is refused whole.
            frozen = (room.seq, _deal_json(room))
            commands = [(room.chat, 0, "hello")] + ([(room.act, 0, _action(ann.state))] if ann.state["legal"] else [])
            for fn, *args in commands:
                with pytest.raises(RoomError) as refused:
                    await room.call(fn, *args)
                assert refused.value.code == "paused" and "database or disk is full" in refused.value.message
            bob = await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Bob"})
            assert bob.status_code == 503 and "paused" in bob.json()["error"]["message"]
            info = (await s.http.get(f"/api/tables/{table_id}")).json()
            assert info["seats"][1]["kind"] == "open"  # no seat marked taken without its token
            await s.advance(room, 10 * RETRY_SECONDS)  # no bot plays, no deal is dealt while paused
            assert (room.seq, _deal_json(room)) == frozen and room.paused is not None

            s.make_room()
            await s.advance(room, RETRY_SECONDS + 0.1)
            assert room.paused is None
            assert ann.state["paused"] is None and watcher.state["paused"] is None
            bob = await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Bob"})
            assert bob.status_code == 200
            deals = len(room.nets)
            for _ in range(500):  # play on to the end of the next deal
                await _step(s, room, ann)
                if len(room.nets) > deals + 1:
                    break
            assert len(room.nets) > deals + 1
            return table_id, room.seq, _deal_json(room)

    table_id, seq, deal = asyncio.run(main())
    assert _stored_seqs(db, table_id) == list(range(1, seq + 1))  # no hole, no duplicate

    async def restarted() -> tuple[int, str | None]:
        async with scene(db) as s:  # the restart works, and rebuilds the same table
            assert not s.server.aside
            room = s.server.rooms[table_id]
            return room.seq, _deal_json(room)

    assert asyncio.run(restarted()) == (seq, deal)


def test_a_read_only_store_refuses_a_new_table_with_a_clear_error_and_makes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path / "tables.sqlite3") as s:
            s.db.execute("PRAGMA query_only = 1")
            refused = await s.http.post("/api/tables", json=TABLE)
            assert refused.status_code == 503
            message = refused.json()["error"]["message"]
            assert "could not be saved" in message and "readonly" in message
            assert (await s.http.get("/api/tables")).json()["tables"] == []
            assert s.server.rooms == {}
            s.db.execute("PRAGMA query_only = 0")
            made = await s.http.post("/api/tables", json=TABLE)
            assert made.status_code == 201

    asyncio.run(main())


def test_a_read_only_store_refuses_a_seat_and_leaves_it_open(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path / "tables.sqlite3") as s:
            table_id = (await s.http.post("/api/tables", json=TABLE)).json()["id"]
            s.db.execute("PRAGMA query_only = 1")
            refused = await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Ann"})
            assert refused.status_code == 503 and "readonly" in refused.json()["error"]["message"]
            info = (await s.http.get(f"/api/tables/{table_id}")).json()
            assert info["seats"][0]["kind"] == "open" and info["host"] is None
            s.db.execute("PRAGMA query_only = 0")
            room = s.server.rooms[table_id]
            await s.advance(room, RETRY_SECONDS + 0.1)  # it resumes with nobody watching, too
            assert room.paused is None
            sat = await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Ann"})
            assert sat.status_code == 200 and sat.json()["seat"] == 0

    asyncio.run(main())


def test_a_table_whose_events_cannot_be_replayed_is_set_aside_and_the_others_are_served(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"

    async def make() -> tuple[str, str]:
        async with scene(db) as s:
            good = (await s.http.post("/api/tables", json=TABLE)).json()["id"]
            bad = (await s.http.post("/api/tables", json=TABLE)).json()["id"]
            for table_id in (good, bad):
                await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Ann"})
            return good, bad

    good, bad = asyncio.run(make())
    with sqlite3.connect(db) as other:  # an event no version of the table could have written
        other.execute(
            "INSERT INTO events (table_id, seq, kind, data, ts) VALUES (?, 2, 'act', ?, 0)",
            (bad, '{"seat": 0, "text": "play the moon", "bot": false}'),
        )

    async def serve() -> None:
        async with scene(db) as s:
            assert list(s.server.rooms) == [good]
            assert "cannot be replayed" in s.server.aside[bad]
            listed = [t["id"] for t in (await s.http.get("/api/tables")).json()["tables"]]
            assert listed == [good]
            page = await s.http.get(f"/t/{bad}")
            assert page.status_code == 503 and "This table is unavailable" in page.text
            info = await s.http.get(f"/api/tables/{bad}")
            assert info.status_code == 503 and "cannot be replayed" in info.json()["error"]["message"]
            assert (await s.http.get(f"/api/tables/{good}")).status_code == 200
            sat = await s.http.post(f"/api/tables/{good}/sit", json={"seat": 1, "name": "Bob"})
            assert sat.status_code == 200

    asyncio.run(serve())


class Unreachable:
    """The real SQLite store, made unreachable on demand as a database server gone away is: while ``gone``, every
    write and every read raises :class:`StoreError` (the failing store the server may meet, injected under it)."""

    def __init__(self, store: SqliteStore) -> None:
        self.store, self.gone = store, False

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.store, name)
        if name in ("append", "events", "create", "delete", "probe") and callable(attr):

            def guarded(*args: Any, **kwargs: Any) -> Any:
                if self.gone:
                    if name == "probe":
                        return False
                    raise StoreError(f"the database went away ({name})")
                return attr(*args, **kwargs)

            return guarded
        return attr


def test_a_store_that_cannot_even_be_read_back_shows_nobody_what_was_not_stored(tmp_path: Path) -> None:
    """The write fails and so does the read-back: memory may hold the event that was not stored, so until the store
    answers again nobody is sent a state (a late joiner included), only why the table stopped."""

    async def main() -> None:
        clock = ManualClock()
        real = SqliteStore(str(tmp_path / "tables.sqlite3"), now=clock.now)
        store = Unreachable(real)
        config = {**new_table_config({**TABLE, "people": 1, "rounds": 1}), "seed": 5}
        real.create("t", config)
        room = Room("t", config, store, clock.now(), Timing(deal_pause=0, trick_pause=0), clock)  # type: ignore[arg-type]
        room.replay([])
        room.start()
        try:
            ann, watcher = Recorder(0), Recorder(None)
            await room.call(room.sit, 0, "Ann")
            await room.call(room.join, ann, None)
            await room.call(room.join, watcher, None)
            await clock.advance(0.1, room.settle)
            while not ann.state["legal"]:  # the bots play up to Ann's turn
                await clock.advance(1.0, room.settle)
            seen = {id(ann): len(ann.messages), id(watcher): len(watcher.messages)}
            store.gone = True
            with pytest.raises(RoomError) as refused:
                await room.call(room.act, 0, _action(ann.state))
            assert refused.value.code == "store_failed"
            late = Recorder(None)
            await room.call(room.join, late, None)
            await clock.advance(10 * RETRY_SECONDS, room.settle)
            for conn in (ann, watcher, late):
                told = conn.messages[seen.get(id(conn), 0) :]
                assert told and all(m.get("state") is None for m in told), told  # no state while unreadable
                assert told[-1]["type"] == "error" and told[-1]["code"] == "paused"
            store.gone = False
            await clock.advance(RETRY_SECONDS + 0.1, room.settle)
            assert room.paused is None
            stored = real.events("t")
            assert room.seq == stored[-1].seq
            for conn in (ann, watcher, late):  # brought back to the table as stored
                assert conn.messages[-1]["type"] == "snapshot" and conn.messages[-1]["seq"] == room.seq
                assert conn.state["paused"] is None
            assert ann.state["legal"]  # her turn again: the action that was not stored did not happen
        finally:
            await room.stop()
            real.close()

    asyncio.run(main())


def test_a_connection_counted_again_by_a_command_run_twice_is_counted_once(tmp_path: Path) -> None:
    """A command that lost a race for its number is run again (several server processes): a join run twice counts
    the connection once, so the seat shows away once it leaves."""

    async def main() -> None:
        async with scene(tmp_path / "tables.sqlite3") as s:
            table_id = (await s.http.post("/api/tables", json=TABLE)).json()["id"]
            await s.http.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Ann"})
            room = s.server.rooms[table_id]
            ann = Recorder(0)
            await room.call(room.join, ann, None)
            await room.call(room.join, ann, None)
            assert room.seats[0].conns == 1
            await room.call(room.disconnect, ann)
            assert room.seats[0].conns == 0
            assert not room.facts().seats[0].connected

    asyncio.run(main())
