"""One table held by two server processes on one PostgreSQL database, in-process: two rooms of the same stored
table, each with its own store connection, as two processes have. The first leads (its bots, its deals); the second
only follows. The database refuses an event number written already, and the room that lost the race catches up and
checks its command again: a person's action is never lost, and never applied twice.

The whole of it across real processes is tests/web/test_postgres_servers.py.
"""

from __future__ import annotations

import asyncio

import pytest

from roomconn import Recorder
from roundgames.web import follow
from roundgames.web.room import Room, RoomError
from roundgames.web.server import Server
from roundgames.web.store import open_store
from roundgames.web.thinking import InlineThinker
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.views import state_for

CONFIG = {
    "game": "nap",
    "preset": "peel",
    "options": {},
    "players": 3,
    "people": 3,
    "bot": "random",
    "bot_delay": 0.0,
    "spectators": True,
    "rounds": 1,
    "confirm": False,
    "seed": 11,
}


def _first_action(room: Room, seat: int) -> str:
    """The seat's first legal action that needs no choosing of cards."""
    legal = state_for(room.facts(), seat)["legal"]
    return next(str(e["action"]) for e in legal if "choose" not in e)


def servers_on(pg_url: str, n: int = 2) -> list[Server]:
    """``n`` server processes' worth of tables on one PostgreSQL database, in this process: one clock, the bots
    decided inline (each opened by the test)."""
    clock = ManualClock()
    timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
    return [Server(pg_url, timing, 600, clock, thinker=InlineThinker()) for _ in range(n)]


def test_a_command_that_loses_the_race_for_its_number_is_checked_again_on_the_table_as_stored(pg_url: str) -> None:
    async def main() -> None:
        clock = ManualClock()
        timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
        store_a, store_b = open_store(pg_url, now=clock.now), open_store(pg_url, now=clock.now)
        created = store_a.create("t", CONFIG)
        a = Room("t", CONFIG, store_a, created, timing, clock)
        b = Room("t", CONFIG, store_b, created, timing, clock)
        b.leads = False  # the other process leads
        for room in (a, b):
            room.replay([])
            room.start()
        watcher = Recorder(None)
        try:
            await a.call(a.join, watcher, None)
            for seat, name in enumerate(["Ann", "Bob", "Cy"]):
                await a.call(a.sit, seat, name)
            await clock.advance(1, a.settle)  # the sitting starts and the first deal is dealt, on the leader
            deal = a.table.deal
            assert deal is not None and b.table.deal is None and b.seq == 0
            first = deal.to_act
            assert first is not None

            # Chat on the follower, which has seen nothing yet: its number is taken; it catches up and stores it next.
            before = a.seq
            await b.call(b.chat, 1, "good luck")
            assert b.seq == before + 1 and b.table.deal is not None
            stored = store_a.events("t")
            assert [e.seq for e in stored] == list(range(1, before + 2))
            assert stored[-1].kind == "chat" and stored[-1].data["text"] == "good luck"

            # The person to act acts on the leader, and again on the follower (two devices): applied once.
            action = _first_action(a, first)
            await a.call(a.act, first, action)
            with pytest.raises(RoomError) as refused:
                await b.call(b.act, first, action)
            assert refused.value.code == "not_your_turn"
            mine = [e for e in store_a.events("t") if e.kind == "act" and e.data["seat"] == first]
            assert len(mine) == 1

            # The leader stores one more event; the next person acts on the follower, which has not heard of it:
            # his action is not lost, but stored after it.
            await a.call(a.chat, 0, "well played")
            assert b.seq == a.seq - 1
            second = b.table.deal.to_act if b.table.deal is not None else None
            assert second is not None and second != first
            await b.call(b.act, second, _first_action(b, second))
            events = store_a.events("t")
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            assert [(e.kind, e.data["seat"]) for e in events[-3:]] == [("act", first), ("chat", 0), ("act", second)]

            # Both tell the table alike once the leader has followed.
            await a.call(a.follow)
            assert a.seq == b.seq == len(events)
            assert [x.text for x in a.log] == [x.text for x in b.log]
            assert state_for(a.facts(), None)["deal"] == state_for(b.facts(), None)["deal"]
            # The follower's own connections were told what the leader did.
            spectator = Recorder(None)
            await b.call(b.join, spectator, None)
            assert spectator.messages[-1]["state"]["deal"]["to_act"] == a.table.deal.to_act
        finally:
            for room in (a, b):
                await room.stop()
            store_a.close()
            store_b.close()

    asyncio.run(main())


def test_a_follower_applies_the_events_another_process_stored_and_tells_its_connections(pg_url: str) -> None:
    async def main() -> None:
        clock = ManualClock()
        timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
        store_a, store_b = open_store(pg_url, now=clock.now), open_store(pg_url, now=clock.now)
        created = store_a.create("t", {**CONFIG, "people": 1})
        config = {**CONFIG, "people": 1}
        a = Room("t", config, store_a, created, timing, clock)
        b = Room("t", config, store_b, created, timing, clock)
        b.leads = False
        for room in (a, b):
            room.replay([])
            room.start()
        here, there = Recorder(None), Recorder(None)
        try:
            await a.call(a.join, here, None)
            await b.call(b.join, there, None)
            await a.call(a.sit, 0, "Ann")
            await clock.advance(1, a.settle)  # dealt on the leader; the follower plays nothing of its own
            await clock.advance(1, b.settle)
            assert b.table.deal is None and b.seq == 0  # nothing of its own: no deal, no bot
            await b.call(b.follow)
            assert b.seq == a.seq and b.table.deal is not None
            seen = [e["text"] for m in there.messages for e in m.get("log", [])]
            assert "Ann sits down (the host)" in seen
            assert any(e["kind"] == "deal" for m in there.messages for e in m.get("log", []))
            assert there.messages[-1]["seq"] == a.seq
        finally:
            for room in (a, b):
                await room.stop()
            store_a.close()
            store_b.close()

    asyncio.run(main())


def test_a_table_another_process_made_that_cannot_be_read_for_a_moment_is_read_when_it_is_next_asked_for(
    pg_url: str,
) -> None:
    """The store's connection is lost just as a process reads another process's table for one of its clients: the
    table is not set aside for the process's life (its events are fine), but left out for now, and read as soon as
    it is asked for again with the store answering: its people may connect to that process, with every event the
    other process stored; the lobby of either process lists it."""
    import psycopg

    from roundgames.web.pgstore import PgStore

    async def main() -> None:
        a, b = servers_on(pg_url)
        await a.open()
        await b.open()
        try:
            room = a.create({**CONFIG, "people": 1})
            await room.call(room.sit, 0, "Ann")
            assert isinstance(b.store, PgStore)
            pid = b.store._conn().info.backend_pid
            with psycopg.connect(pg_url, autocommit=True) as admin:  # the connection dies, as on a network fault
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
                while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone():
                    await asyncio.sleep(0.05)
            # b reads the table as a client's request for it would have it read, and the read fails.
            assert room.id not in b.rooms  # a process holds only its own tables and those its clients ask for
            assert b.take_in(room.id, room.config, room.created) is None
            assert room.id not in b.aside and room.id not in b.rooms
            there = b.find(room.id)  # asked for again: read now that the store answers
            assert there is not None and room.id not in b.aside
            assert there.seq == room.seq >= 1 and there.display_names()[0] == "Ann"
            assert not there.leads  # its lease is held where it was made
            for _ in range(100):  # the leader writes its lobby entry within a tick; each lobby reads it
                if all(room.id in [t["id"] for t in s.listing()] for s in (a, b)):
                    break
                await asyncio.sleep(0.1)
            assert all(room.id in [t["id"] for t in s.listing()] for s in (a, b))
        finally:
            await b.close()
            await a.close()

    asyncio.run(main())


def test_one_new_link_every_ten_seconds_holds_whichever_process_is_asked(pg_url: str) -> None:
    """A new rejoin link made on one process counts on the other once it follows: a second link asked there within
    ten seconds is refused, as on one server, and made once they have passed."""

    async def main() -> None:
        clock = ManualClock()
        timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
        store_a, store_b = open_store(pg_url, now=clock.now), open_store(pg_url, now=clock.now)
        config = {**CONFIG, "people": 1}
        created = store_a.create("t", config)
        a = Room("t", config, store_a, created, timing, clock)
        b = Room("t", config, store_b, created, timing, clock)
        b.leads = False
        for room in (a, b):
            room.replay([])
            room.start()
        try:
            await a.call(a.sit, 0, "Ann")
            await a.call(a.new_link, 0, Recorder(0))
            await clock.advance(4, a.settle)
            await b.call(b.follow)
            with pytest.raises(RoomError) as refused:
                await b.call(b.new_link, 0, Recorder(0))
            assert refused.value.code == "too_fast"
            assert refused.value.message == "new_link: one new link every 10 seconds; try again in 6 s"
            await clock.advance(6, a.settle)
            token = await b.call(b.new_link, 0, Recorder(0))
            assert b.seat_of(token) == 0
            await a.call(a.follow)
            assert a.seat_of(token) == 0
        finally:
            for room in (a, b):
                await room.stop()
            store_a.close()
            store_b.close()

    asyncio.run(main())


def test_a_table_followed_for_a_client_is_dropped_once_nobody_here_has_watched_it_for_a_while(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process holds another's table only while one of its clients watches it: once no connection there has
    watched it for FOLLOW_KEEP_SECONDS (30; here half a second), it is dropped from that process's memory, not from
    the store, nor from the process that leads it; asked for again, it is read again, every event there."""
    monkeypatch.setattr(follow, "FOLLOW_KEEP_SECONDS", 0.5)
    monkeypatch.setattr(follow, "ASKED_SECONDS", 0.2)  # a page asked for it a moment ago: kept while it connects

    async def held(server: Server, table_id: str, *, expected: bool) -> bool:
        for _ in range(60):  # the process looks every TICK_SECONDS (half a second)
            if (table_id in server.rooms) == expected:
                return True
            await asyncio.sleep(0.1)
        return False

    async def main() -> None:
        a, b = servers_on(pg_url)
        await a.open()
        await b.open()
        try:
            room = a.create({**CONFIG, "people": 1})
            await room.call(room.sit, 0, "Ann")
            await room.call(room.join, Recorder(None), None)  # watched on a too: the lease stays there
            there = b.find(room.id)
            assert there is not None and not there.leads
            watcher = Recorder(None)
            await there.call(there.join, watcher, None)
            await asyncio.sleep(2.5)  # five looks, each past the keeping time: a watched table stays
            assert b.rooms.get(room.id) is there and not there.leads
            await there.call(there.disconnect, watcher)
            assert await held(b, room.id, expected=False), "the table nobody on b watches was never dropped there"
            assert a.rooms.get(room.id) is room and room.leads  # its leader goes on as it was
            again = b.find(room.id)
            assert again is not None and again is not there and again.seq == room.seq >= 1
            assert again.display_names()[0] == "Ann"
        finally:
            await b.close()
            await a.close()

    asyncio.run(main())


def test_a_process_starting_takes_only_the_tables_nobody_leads_and_a_stopped_ones_at_its_next_catch_up(
    pg_url: str,
) -> None:
    """One owner per table: a process starting beside another loads none of that one's tables; a table nobody leads
    (a stopped process's) it takes, and leads, within a catch-up or two."""

    async def main() -> None:
        a, b = servers_on(pg_url)
        await a.open()
        made = [a.create(dict(CONFIG)).id for _ in range(2)]
        await b.open()
        try:
            assert b.rooms == {} and set(a.rooms) == set(made) and all(r.leads for r in a.rooms.values())
            await a.close()  # its leases go with its connections
            for _ in range(100):
                if set(b.rooms) == set(made):
                    break
                await asyncio.sleep(0.1)
            assert set(b.rooms) == set(made) and all(r.leads for r in b.rooms.values())
        finally:
            await b.close()

    asyncio.run(main())


def test_a_process_taking_many_tables_reads_them_a_few_at_a_time_and_one_asked_for_at_once(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that takes a dead process's tables holds all their leases at once but reads them a tick's CPU at a
    time (ADOPT_SECONDS; here none: one table a tick), so that it answers meanwhile; a table one of its clients asks
    for is read at once, and led there, its lease held once (let go with the process, another takes every table)."""
    monkeypatch.setattr(follow, "ADOPT_SECONDS", 0.0)

    async def main() -> None:
        a, b, c = servers_on(pg_url, 3)
        await a.open()
        made = [a.create(dict(CONFIG)).id for _ in range(6)]
        await a.close()  # its leases go with its connections: six orphans
        try:
            await b.open()
            assert len(b.rooms) == 1  # one read as it starts; the others' leases held, read at the next ticks
            asked = made[-1]  # the newest: the last the ticks would read
            room = b.find(asked)
            assert room is not None and room.leads and b.rooms[asked] is room
            for _ in range(100):
                if set(b.rooms) == set(made):
                    break
                await asyncio.sleep(0.1)
            assert set(b.rooms) == set(made) and all(r.leads for r in b.rooms.values())
            await c.open()
            assert c.rooms == {}  # b holds every lease
            await b.close()
            for _ in range(100):  # each lease was held once: all go with b's connection, and c takes them
                if set(c.rooms) == set(made):
                    break
                await asyncio.sleep(0.1)
            assert set(c.rooms) == set(made) and all(r.leads for r in c.rooms.values())
        finally:
            for server in (c, b):
                await server.close()

    asyncio.run(main())


def test_a_store_made_before_the_lobby_column_opens_and_gains_it(pg_url: str) -> None:
    """A database whose ``tables`` has no ``lobby`` column (made by an earlier version) opens: the column is added,
    its tables are read, and a leader's lobby entry is written and read back."""
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as old:
        old.execute(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, "
            "touched DOUBLE PRECISION NOT NULL, seq INTEGER NOT NULL DEFAULT 0)"
        )
        old.execute("INSERT INTO tables (id, config, created, touched) VALUES ('abc234', %s, 1, 1)", ('{"a": 1}',))
    store = open_store(pg_url)
    try:
        assert [(t[0], t[1]) for t in store.tables()] == [("abc234", {"a": 1})]
        store.put_lobby({"abc234": '{"id": "abc234"}'})  # type: ignore[attr-defined]
        assert store.lobby() == [{"id": "abc234"}]  # type: ignore[attr-defined]
    finally:
        store.close()
