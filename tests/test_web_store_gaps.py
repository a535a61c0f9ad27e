"""A table's stored events are numbered 1..N; one deleted from the store (by hand, or by a faulty version) is noticed
when the server starts and replays its tables: that table is set aside, with a log line naming it and the number
missing, and the others load and are served. On SQLite and on PostgreSQL (a real server: tests/pgserver.py)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from roundgames.web.server import Server
from roundgames.web.thinking import InlineThinker
from roundgames.web.timing import ManualClock, Timing

#: a table of three people, where nothing happens until they act
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
NAMES = ["Ann", "Bob", "Cy"]


def _server(db: str) -> Server:
    return Server(
        db, Timing(away_seconds=600, deal_pause=0, trick_pause=0), 600, ManualClock(), thinker=InlineThinker()
    )


async def _two_tables(db: str) -> tuple[str, str]:
    """Two tables, each with its three people seated (events 1..3 at least); their ids."""
    server = _server(db)
    await server.open()
    try:
        ids = []
        for _ in range(2):
            room = server.create(dict(CONFIG))
            for seat, name in enumerate(NAMES):
                await room.call(room.sit, seat, name)
            ids.append(room.id)
        return ids[0], ids[1]
    finally:
        await server.close()


def _delete_sqlite(db: str, table_id: str, seq: int) -> None:
    with sqlite3.connect(db) as other:
        assert other.execute("DELETE FROM events WHERE table_id = ? AND seq = ?", (table_id, seq)).rowcount == 1


def _delete_postgres(db: str, table_id: str, seq: int) -> None:
    import psycopg

    with psycopg.connect(db, autocommit=True) as other:
        assert other.execute("DELETE FROM events WHERE table_id = %s AND seq = %s", (table_id, seq)).rowcount == 1


def _check_set_aside(db: str, delete: object, caplog: pytest.LogCaptureFixture) -> None:
    good, bad = asyncio.run(_two_tables(db))
    delete(db, bad, 2)  # type: ignore[operator]

    async def start() -> None:
        server = _server(db)
        with caplog.at_level(logging.ERROR, logger="roundgames.web"):
            await server.open()
        try:
            assert list(server.rooms) == [good]  # the other table loads, whole
            assert [s.name for s in server.rooms[good].seats] == NAMES
            assert "stored event 2 is missing" in server.aside[bad]
        finally:
            await server.close()

    asyncio.run(start())
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert [line for line in said if bad in line and "stored event 2 is missing" in line], said
    assert not [line for line in said if good in line]


def test_a_deleted_event_sets_its_table_aside_on_sqlite(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    _check_set_aside(str(tmp_path / "tables.sqlite3"), _delete_sqlite, caplog)


def test_a_deleted_event_sets_its_table_aside_on_postgres(pg_url: str, caplog: pytest.LogCaptureFixture) -> None:
    _check_set_aside(pg_url, _delete_postgres, caplog)
