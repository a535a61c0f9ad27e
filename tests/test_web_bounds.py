"""The web table's limits in the server's own process (docs/web.md, "Limits"): a client that never reads, against
the real HTTP and websocket stack (uvicorn on a free port, real websocket clients), whose outbox is read from the
server's own counters; and on a manual clock, the log's bounds, the short life of tables nobody sat at, the table
ids and the lobby. Each shows the limit holding and a normal player unaffected."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from roomconn import Recorder
from roundgames.web import app as web_app
from roundgames.web.app import create_app
from roundgames.web.limits import KEEP_CHAT, SNAPSHOT_CHAT, TABLES_PER_ADDRESS, UNSAT_SECONDS
from roundgames.web.protocol import new_table_config
from roundgames.web.room import KEEP_LOG, SNAPSHOT_LOG, Room
from roundgames.web.server import ID_LENGTH, ID_LETTERS
from roundgames.web.sockets import MAX_OUTBOX_BYTES, MOST_OUTBOX_BYTES, WsConn
from roundgames.web.store import open_store
from roundgames.web.thinking import InlineThinker
from roundgames.web.timing import ManualClock, Timing

HELLO = '{"type": "hello", "token": null, "since": null}'


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def _served(db: Path) -> AsyncIterator[tuple[Any, str]]:
    """The web table served by uvicorn in this process on a free port: the app and its base URL."""
    app = create_app(str(db), timing=Timing(deal_pause=0, trick_pause=0), thinker=InlineThinker(), create_limit=0)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    task = asyncio.get_running_loop().create_task(server.serve())
    for _ in range(200):
        if server.started:
            break
        await asyncio.sleep(0.05)
    try:
        yield app, f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


async def _never_reading(url: str) -> ClientConnection:
    """A client that says hello and then reads nothing: a small receive buffer, and at most one message taken
    from it, so the server's sends back up."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    host, port = url.rsplit("/", 2)[0].removeprefix("ws://").split(":")
    sock.connect((host, int(port)))
    sock.setblocking(False)
    ws = await connect(url, sock=sock, proxy=None, max_queue=1, compression=None, max_size=None)
    await ws.send(HELLO)
    return ws


def test_a_client_that_never_reads_costs_at_most_its_byte_budget_and_then_gets_the_latest_state(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with _served(tmp_path / "web.sqlite3") as (app, where):
            async with httpx.AsyncClient(base_url=f"http://{where}", trust_env=False) as http:
                body = {"game": "loo", "players": 5, "people": 0, "bot": "random", "bot_delay": 0, "rounds": 50}
                table = (await http.post("/api/tables", json=body)).json()["id"]
            room: Room = app.state.server.rooms[table]
            url = f"ws://{where}/ws/{table}"
            slow = [await _never_reading(url) for _ in range(5)]
            async with connect(
                url, proxy=None, max_size=None, compression=None
            ) as reader:  # a normal spectator, reading all along
                await reader.send(HELLO)
                seen = 0
                deadline = time.monotonic() + 60
                conns: list[WsConn] = []
                while time.monotonic() < deadline:
                    try:
                        while True:  # read what has come, then look at the outboxes
                            message = await asyncio.wait_for(reader.recv(), 0.02)
                            seen = max(seen, int(message.split('"seq":', 1)[1].split(",", 1)[0]))
                    except (TimeoutError, IndexError, ValueError):
                        pass
                    conns = [c for c in room.conns if isinstance(c, WsConn)]
                    assert all(c.queued_bytes <= MAX_OUTBOX_BYTES for c in conns)
                    if sum(c.coalesced > 0 for c in conns) >= 5:
                        break
                behind = [c for c in conns if c.coalesced > 0]
                assert len(behind) == 5, [(c.coalesced, c.peak_bytes) for c in conns]
                assert all(c.peak_bytes <= MAX_OUTBOX_BYTES for c in conns), [c.peak_bytes for c in conns]
                # The reader kept up the whole time, and never had its messages dropped.
                assert [c.coalesced for c in conns if c not in behind] == [0]
                assert room.seq - seen < 200, (room.seq, seen)
                # A slow client that reads again gets what its socket held, then the latest snapshot.
                late = slow[0]
                kinds: list[str] = []
                async for text in late:
                    kinds.append(text.split('"type":"', 1)[1].split('"', 1)[0])
                    if kinds[-1] == "snapshot" and len(kinds) > 1:
                        break
                assert kinds[-1] == "snapshot" and len(kinds) < room.seq / 2, (len(kinds), room.seq)
            for ws in slow:
                ws.transport.abort()  # gone, as a client that never reads goes

    asyncio.run(main())


# -- on a manual clock ---------------------------------------------------------------------------------------------


@asynccontextmanager
async def _app(db: Path, clock: ManualClock) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    app = create_app(str(db), timing=Timing(deal_pause=0), clock=clock, thinker=InlineThinker(), create_limit=0)
    await app.state.server.open()  # what the lifespan does
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://table") as http:
            yield app, http
    finally:
        await app.state.server.close()


def test_chat_never_pushes_the_game_out_of_a_snapshot_and_a_restart_replays_only_the_recent_chat(
    tmp_path: Path,
) -> None:
    db = tmp_path / "web.sqlite3"

    async def main() -> None:
        clock = ManualClock()
        store = open_store(str(db), now=clock.now)
        config = new_table_config(
            {"game": "nap", "players": 3, "people": 0, "bot": "random", "bot_delay": 0.5, "rounds": 10}
        )
        store.create("t", config)
        room = Room("t", config, store, clock.now(), Timing(deal_pause=0, trick_pause=0), clock, InlineThinker())
        room.replay([])
        room.start()
        watcher = Recorder(None)
        await room.call(room.join, watcher, None)
        await clock.advance(60, room.settle)  # a few deals of bots
        game = [e for e in room.log if e.kind != "chat"]
        assert 30 < len(game) < KEEP_LOG
        await room.call(room.disconnect, watcher)  # nothing moves now: only the talk goes on
        for i in range(3 * KEEP_LOG):
            await room.call(room.chat, None, f"flood {i}")
        assert len(room.log) <= 2 * KEEP_LOG
        assert [e for e in room.log if e.kind != "chat"] == game  # the game's log, whole
        late = Recorder(None)
        await room.call(room.join, late, None)
        snapshot = late.messages[-1]
        assert snapshot["type"] == "snapshot"
        chat = [e["text"] for e in snapshot["log"] if e["kind"] == "chat"]
        assert chat == [f"Spectator: flood {i}" for i in range(3 * KEEP_LOG - SNAPSHOT_CHAT, 3 * KEEP_LOG)]
        shown = [e for e in snapshot["log"] if e["kind"] != "chat"]
        assert [e["text"] for e in shown] == [e.text for e in game[-SNAPSHOT_LOG:]]
        await room.stop()
        # The store keeps every line (its events are numbered without a gap); a restart replays the recent chat.
        again = Room("t", config, store, room.created, Timing(deal_pause=0, trick_pause=0), clock, InlineThinker())
        again.replay(store.events("t"))
        chat_kept = [e.text for e in again.log if e.kind == "chat"]
        assert chat_kept == [f"Spectator: flood {i}" for i in range(3 * KEEP_LOG - KEEP_CHAT, 3 * KEEP_LOG)]
        assert [e.text for e in again.log if e.kind != "chat"] == [e.text for e in game]
        assert again.seq == room.seq
        store.close()

    asyncio.run(main())
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM events WHERE kind = 'chat'").fetchone() == (3 * KEEP_LOG,)


def test_tables_nobody_joined_make_room_again_within_minutes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A flood of anonymous tables fills the server (its most, made 20 here), a seat taken by a POST at some of them
    with nobody ever connecting; the refusal says when room comes back, and it does, ten minutes on; the table where
    Ann sat and connected is kept, as long as a day."""
    monkeypatch.setattr(web_app, "MAX_TABLES", 20)

    async def main() -> None:
        clock = ManualClock()
        async with _app(tmp_path / "web.sqlite3", clock) as (app, http):
            ann_table = (await http.post("/api/tables", json={"game": "loo", "players": 3, "people": 1})).json()
            assert (await http.post(f"/api/tables/{ann_table['id']}/sit", json={"seat": 0, "name": "Ann"})).is_success
            room = app.state.server.rooms[ann_table["id"]]
            ann = Recorder(0)
            await room.call(room.join, ann, None)  # Ann's browser connects, then she closes it
            await room.call(room.disconnect, ann)
            flood = []
            for i in range(19):
                people = i % 2  # tables waiting for a person nobody sends, and tables of bots nobody watches
                made = (await http.post("/api/tables", json={"game": "nap", "players": 3, "people": people})).json()
                if people and i % 4 == 1:  # a seat taken, and its link never opened
                    assert (await http.post(f"/api/tables/{made['id']}/sit", json={"seat": 0, "name": "X"})).is_success
                flood.append(made["id"])
            full = await http.post("/api/tables", json={"game": "loo", "players": 3, "people": 1})
            assert full.status_code == 503
            assert "room comes back in about 11 minutes" in full.json()["error"]["message"], full.text
            await clock.advance(UNSAT_SECONDS - 1)
            assert (await http.post("/api/tables", json={"game": "loo", "players": 3})).status_code == 503
            await clock.advance(61)  # past their ten minutes, and a sweep since
            for table in flood:
                assert (await http.get(f"/api/tables/{table}")).status_code == 404
            assert (await http.get(f"/api/tables/{ann_table['id']}")).status_code == 200
            assert (await http.post("/api/tables", json={"game": "loo", "players": 3})).status_code == 201

    asyncio.run(main())


def test_one_address_keeps_at_most_twenty_tables_counting_ipv6_by_its_64(tmp_path: Path) -> None:
    async def main() -> None:
        app = create_app(str(tmp_path / "web.sqlite3"), clock=ManualClock(), thinker=InlineThinker(), create_limit=100)
        await app.state.server.open()

        def client(address: str) -> httpx.AsyncClient:
            transport = httpx.ASGITransport(app=app, client=(address, 40000))
            return httpx.AsyncClient(transport=transport, base_url="http://table")

        body = {"game": "nap", "players": 3, "people": 1}
        try:
            async with (
                client("2001:db8::1") as one,
                client("2001:db8::ffff") as same,
                client("2001:db8:0:1::1") as other,
            ):
                for _ in range(TABLES_PER_ADDRESS):
                    assert (await one.post("/api/tables", json=body)).status_code == 201
                refused = await same.post("/api/tables", json=body)  # another address of the same /64
                assert refused.status_code == 429, refused.text
                assert f"at most {TABLES_PER_ADDRESS} at once" in refused.json()["error"]["message"]
                assert (await other.post("/api/tables", json=body)).status_code == 201  # the next /64
                assert len(app.state.server.rooms) == TABLES_PER_ADDRESS + 1
        finally:
            await app.state.server.close()

    asyncio.run(main())


def test_a_client_behind_keeps_the_only_copies_new_link_seat_lost_welcome_and_error() -> None:
    async def main() -> None:
        conn = WsConn(cast(Any, None), 0, cast(Any, None))  # its outbox alone: nothing is sent
        conn.push({"type": "welcome", "table": "t", "seat": 0, "name": "Ann", "seq": 0})
        big = {"type": "update", "seq": 1, "log": ["x" * 1000] * (MAX_OUTBOX_BYTES // 1000 - 10)}
        conn.push(big)  # the client reads nothing: its outbox is all but full
        conn.push({"type": "new_link", "seat": 0, "token": "f" * 20_000, "rejoin": "/t/t"})  # now past it
        assert conn.queued_bytes > MAX_OUTBOX_BYTES
        conn.push({"type": "seat_lost", "seat": 0})
        conn.push({"type": "error", "code": "bad_message", "message": "no", "rule": None, "field": "type"})
        conn.push({"type": "pong"})  # past the budget: a pong is dropped
        assert conn.queued() == ["welcome", "update", "new_link", "seat_lost", "error"]
        conn.push({"type": "update", "seq": 2})  # past the budget: the state is dropped, for a snapshot later
        assert conn.coalesced == 1
        assert conn.queued() == ["welcome", "new_link", "seat_lost", "error"]
        for _ in range(MOST_OUTBOX_BYTES // 1000):  # a client that sends and never reads is ended, not kept
            conn.push({"type": "error", "code": "x", "message": "y" * 1000, "rule": None, "field": None})
        assert conn.overflowed and conn.queued_bytes <= MOST_OUTBOX_BYTES

    asyncio.run(main())


def test_new_ids_are_twelve_letters_and_an_old_six_letter_table_still_opens(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    old = open_store(str(db))
    old.create("k3x9qa", new_table_config({"game": "loo", "players": 3, "people": 1}))
    old.close()

    async def main() -> None:
        async with _app(db, ManualClock()) as (_, http):
            assert (await http.get("/api/tables/k3x9qa")).json()["id"] == "k3x9qa"
            assert (await http.get("/t/k3x9qa")).status_code == 200
            made = (await http.post("/api/tables", json={"game": "nap", "players": 3})).json()["id"]
            assert len(made) == ID_LENGTH and set(made) <= set(ID_LETTERS)
            assert (await http.post("/api/tables/k3x9qa/sit", json={"seat": 0, "name": "Ann"})).status_code == 200

    asyncio.run(main())


def test_a_table_closed_to_spectators_is_listed_only_while_it_gathers_and_without_names(tmp_path: Path) -> None:
    async def main() -> None:
        async with _app(tmp_path / "web.sqlite3", ManualClock()) as (app, http):
            closed = {"game": "loo", "players": 3, "people": 2, "spectators": False, "listed": True}
            private = (await http.post("/api/tables", json=closed)).json()["id"]
            await http.post(f"/api/tables/{private}/sit", json={"seat": 0, "name": "Annabel"})
            public = (
                await http.post("/api/tables", json={"game": "nap", "players": 3, "people": 2, "listed": True})
            ).json()["id"]
            await http.post(f"/api/tables/{public}/sit", json={"seat": 0, "name": "Bob"})
            lobby = (await http.get("/api/tables")).json()["tables"]
            listed = {t["id"]: t for t in lobby}
            assert set(listed) == {public, private}
            assert "Annabel" not in str(lobby) and "Bob" in str(listed[public])
            assert [s["kind"] for s in listed[private]["seats"]] == ["person", "open", "bot"]  # a seat to join
            room = app.state.server.rooms[private]
            await room.call(room.start_sitting, 0)  # the sitting starts: the private table is played, not shown
            assert [t["id"] for t in (await http.get("/api/tables")).json()["tables"]] == [public]

    asyncio.run(main())
