"""The web table's event store: one SQLite file in WAL mode.

A table is its settings (a row of ``tables``) and the events that happened at it (rows of
``events``, numbered by ``seq`` from 1): people sitting down, deals dealt with their seeds,
actions, chat, undos. Every event is written before anyone is told of it, so a server killed at
any moment and started again rebuilds every table exactly by replaying its events.

``synchronous=NORMAL`` in WAL mode survives the process being killed (the operating system
still holds what was written); only a power cut may lose the last events.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["KEPT", "Event", "Store", "effective"]

#: the events an undo never takes back: talk, seating, the hints asked for (the deal was played with them), the
#: sitting's lifecycle (its start, seats given to bots or opened, Play again), the turns whose time ran out and the
#: person's coming back from them, a seat's new rejoin link (an undo never brings a revoked link back)
KEPT = ("sit", "chat", "hint", "start", "seat_bot", "open_seat", "leave", "again", "timeout", "back", "relink")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    ts REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


@dataclass(frozen=True)
class Event:
    """One stored event of a table."""

    seq: int
    kind: str
    data: dict[str, Any]
    ts: float


class Store:
    """The SQLite file holding every table and its events."""

    def __init__(self, path: str, now: Callable[[], float] = time.time) -> None:
        self.path = path
        self.now = now  # the time each table and event is stamped with (a room's clock)
        # One connection, used only from the event loop's thread: each table's commands are
        # serialised, and an insert takes well under a millisecond.
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create(self, table_id: str, config: dict[str, Any]) -> float:
        """Store a new table's settings; returns its creation time."""
        now = self.now()
        self.db.execute(
            "INSERT INTO tables (id, config, created, touched) VALUES (?, ?, ?, ?)",
            (table_id, json.dumps(config, sort_keys=True), now, now),
        )
        return now

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any]) -> float:
        """Append one event; returns its time."""
        now = self.now()
        with self.db:  # one transaction: the event and the table's last-touched time together
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO events (table_id, seq, kind, data, ts) VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, kind, json.dumps(data, sort_keys=True), now),
            )
            self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (now, table_id))
        return now

    def tables(self) -> Iterator[tuple[str, dict[str, Any], float, float]]:
        """Every stored table: ``(id, config, created, touched)``, oldest first."""
        rows = self.db.execute("SELECT id, config, created, touched FROM tables ORDER BY created").fetchall()
        for table_id, config, created, touched in rows:
            yield table_id, json.loads(config), created, touched

    def events(self, table_id: str) -> list[Event]:
        """A table's events in order."""
        rows = self.db.execute(
            "SELECT seq, kind, data, ts FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [Event(seq, kind, json.loads(data), ts) for seq, kind, data, ts in rows]

    def delete(self, table_id: str) -> None:
        """Forget a table and its events (an idle table past its time)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM events WHERE table_id = ?", (table_id,))
            self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))


def effective(events: list[Event]) -> list[Event]:
    """The events that still count: an undo takes back its seat's last action and everything after it."""
    out: list[Event] = []
    for ev in events:
        if ev.kind != "undo":
            out.append(ev)
            continue
        seat = ev.data["seat"]
        for i in range(len(out) - 1, -1, -1):
            e = out[i]
            if e.kind == "deal":
                break
            if e.kind == "act" and e.data["seat"] == seat and not e.data["bot"]:
                kept = [x for x in out[i:] if x.kind in KEPT]
                out[i:] = kept
                break
    return out
