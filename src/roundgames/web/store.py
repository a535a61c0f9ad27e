"""The web table's event store: the :class:`Store` protocol, and its default, one SQLite file in WAL mode.

A table is its settings (a row of ``tables``) and the events that happened at it (rows of
``events``, numbered by ``seq`` from 1): people sitting down, deals dealt with their seeds,
actions, chat, undos. Every event is written before anyone is told of it, so a server killed at
any moment and started again rebuilds every table exactly by replaying its events.

``synchronous=NORMAL`` in WAL mode survives the process being killed (the operating system
still holds what was written); only a power cut may lose the last events.

A store is written first: an event is in the store before anyone is told of it, or it did not happen. A write that
fails raises :class:`StoreError` having written nothing; :class:`SeqTaken` says another process wrote that event of
the table first (PostgreSQL, :mod:`roundgames.web.pgstore`). One SQLite file has one writer: a second server on the
same file is refused at start.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from ..core.errors import RoundgamesError

__all__ = [
    "KEPT",
    "BadConfig",
    "Config",
    "Event",
    "SeqGap",
    "SeqTaken",
    "SqliteStore",
    "Store",
    "StoreError",
    "effective",
    "numbered",
    "open_store",
    "read_config",
    "shown",
]

#: the events an undo never takes back: talk, seating, the hints asked for (the deal was played with them), the
#: sitting's lifecycle (its start, seats given to bots or opened, Play again), the turns whose time ran out and the
#: person's coming back from them, a seat's new rejoin link (an undo never brings a revoked link back), the host's
#: ending of a sitting played until the table stops
KEPT = ("sit", "chat", "hint", "start", "seat_bot", "open_seat", "leave", "again", "timeout", "back", "relink", "stop")

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
-- written and emptied again by SqliteStore.probe, to learn whether a write can be made
CREATE TABLE IF NOT EXISTS probe (x BLOB);
"""


@dataclass(frozen=True)
class Event:
    """One stored event of a table."""

    seq: int
    kind: str
    data: dict[str, Any]
    ts: float


class StoreError(RoundgamesError):
    """A write the store could not make (a full disk, a read-only file, a lost connection): nothing was written."""


class SeqTaken(StoreError):
    """The event's number is taken: another server process wrote that event of the table first."""


class SeqGap(RoundgamesError):
    """A table's stored events are not numbered 1..N: event ``missing`` is not there (deleted by hand, or by a faulty
    version), though there are events up to ``last``. Not a :class:`StoreError`: the store answered, and reading it
    again finds the same gap, so the table is set aside."""

    def __init__(self, table_id: str, missing: int, last: int) -> None:
        super().__init__(
            f"table {table_id}: stored event {missing} is missing (its events are numbered up to {last}, with no "
            f"{missing})"
        )
        self.table_id, self.missing, self.last = table_id, missing, last


class BadConfig(RoundgamesError):
    """A stored table's settings that are not a JSON object (written by hand, or by a faulty version): the store
    gives this instead of the settings, and the server sets the table aside (never stopping for it)."""


#: a stored table's settings as the store reads them: the object, or why it cannot be read
Config = dict[str, Any] | BadConfig


def read_config(table_id: str, text: str) -> Config:
    """A table's stored settings read: the JSON object, or :class:`BadConfig` saying why not (returned, not raised,
    so that the tables listed after it are read all the same).

    >>> print(read_config("t", "[1]"))
    table t: its stored settings are not a JSON object (list)
    >>> read_config("t", '{"game": "nap"}')
    {'game': 'nap'}
    """
    try:
        config = json.loads(text)
    except (ValueError, RecursionError) as e:
        return BadConfig(f"table {table_id}: its stored settings are not JSON ({e})")
    if not isinstance(config, dict):
        return BadConfig(f"table {table_id}: its stored settings are not a JSON object ({type(config).__name__})")
    return config


def numbered(table_id: str, events: list[Event]) -> list[Event]:
    """A table's whole stored sequence, ``events``, checked to be numbered 1..N; raises :class:`SeqGap` naming the
    table and the first number missing. A table replayed without one of its events would be another table.

    >>> numbered("t", [Event(1, "sit", {}, 0.0), Event(3, "sit", {}, 0.0)])
    Traceback (most recent call last):
    ...
    roundgames.web.store.SeqGap: table t: stored event 2 is missing (its events are numbered up to 3, with no 2)
    """
    for expected, event in enumerate(events, 1):
        if event.seq != expected:
            raise SeqGap(table_id, expected, events[-1].seq)
    return events


class Store(Protocol):
    """Where the tables and their events are kept (:class:`SqliteStore`, or PostgreSQL's
    :class:`~roundgames.web.pgstore.PgStore`). Every method that writes raises :class:`StoreError` having written
    nothing."""

    def create(self, table_id: str, config: dict[str, Any]) -> float:
        """Store a new table's settings; returns its creation time."""
        ...

    def configure(self, table_id: str, config: dict[str, Any]) -> None:
        """Store a table's settings anew, where its host changed one (the table listed in the lobby or not)."""
        ...

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any]) -> float:
        """Append event ``seq`` of a table; returns its time. :class:`SeqTaken` if that number is written already."""
        ...

    def tables(self) -> Iterator[tuple[str, Config, float, float]]:
        """Every stored table: ``(id, config, created, touched)``, oldest first; the settings of a row that cannot be
        read are :class:`BadConfig` (the rows after it are read all the same)."""
        ...

    def events(self, table_id: str, after: int = 0) -> list[Event]:
        """A table's events numbered above ``after``, in order."""
        ...

    def delete(self, table_id: str) -> None:
        """Forget a table and its events."""
        ...

    def probe(self) -> bool:
        """Whether a write can be made now (a paused table tries this before it plays on)."""
        ...

    def close(self) -> None: ...


def shown(where: str) -> str:
    """Where the store is, as messages show it: a database URL without its password."""
    parts = urlsplit(where)
    if parts.password is None:
        return where
    netloc = f"{parts.username}:***@{parts.hostname or ''}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def open_store(where: str, now: Callable[[], float] = time.time) -> Store:
    """The store at ``where``: a ``postgresql://`` URL, or the path of an SQLite file; raises :class:`StoreError`
    when it cannot be opened (naming it and why)."""
    if where.startswith(("postgresql://", "postgres://")):
        try:  # only a hosted server needs the PostgreSQL driver
            module = importlib.import_module(".pgstore", __package__)
        except ImportError as e:
            raise StoreError(f"--db {shown(where)}: PostgreSQL needs the [postgres] extra ({e})") from None
        store: Store = module.PgStore(where, now)
        return store
    return SqliteStore(where, now)


#: the statement that stores one event
_INSERT_EVENT = "INSERT INTO events (table_id, seq, kind, data, ts) VALUES (?, ?, ?, ?, ?)"
#: how stale a table's stored last-touched time (``tables.touched``) may grow while its events are written
#: (seconds): written with every event it cost two statements of the three an event took
TOUCH_SECONDS = 60.0


class SqliteStore:
    """The SQLite file holding every table and its events, written by this store alone: it holds an exclusive lock
    on the file for its life, so a second server on the same file is refused with :class:`StoreError`."""

    def __init__(self, path: str, now: Callable[[], float] = time.time) -> None:
        self.path = path
        self.now = now  # the time each table and event is stamped with (a room's clock)
        try:
            # An advisory lock of its own (flock, not SQLite's fcntl locks, which it does not disturb); the kernel
            # lets it go when the process dies, so a server killed outright never leaves the file locked.
            self._lock = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as e:
            raise StoreError(f"--db {path}: cannot open the store: {e.strerror}") from None
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self._lock)
            raise StoreError(
                f"--db {path}: another roundgames server is using this file; one file has one server "
                "(stop the other, or give this one another --db)"
            ) from None
        try:
            # One connection, used only from the event loop's thread: each table's commands are
            # serialised, and an insert takes well under a millisecond.
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(_SCHEMA)
        except sqlite3.Error as e:
            os.close(self._lock)
            raise StoreError(f"--db {path}: cannot open the store: {e}") from None
        #: when each table's last-touched time was last written by :meth:`append`
        self._touched: dict[str, float] = {}

    def close(self) -> None:
        self.db.close()
        os.close(self._lock)  # last: closing it lets the lock go

    def create(self, table_id: str, config: dict[str, Any]) -> float:
        now = self.now()
        with self._writing(f"table {table_id}"):
            self.db.execute(
                "INSERT INTO tables (id, config, created, touched) VALUES (?, ?, ?, ?)",
                (table_id, json.dumps(config, sort_keys=True), now, now),
            )
        return now

    def configure(self, table_id: str, config: dict[str, Any]) -> None:
        with self._writing(f"table {table_id}: its settings"), self.db:
            self.db.execute("UPDATE tables SET config = ? WHERE id = ?", (json.dumps(config, sort_keys=True), table_id))

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any]) -> float:
        now = self.now()
        row = (table_id, seq, kind, json.dumps(data, sort_keys=True), now)
        with self._writing(f"table {table_id}: event {seq}"), self.db:
            if now - self._touched.get(table_id, -TOUCH_SECONDS) < TOUCH_SECONDS:
                # The event alone, one statement in a transaction of its own: the table's last-touched time was
                # written lately, and nothing reads it to the second (a room's own comes from its last event).
                self.db.execute(_INSERT_EVENT, row)
                return now
            # one transaction: the event and the table's last-touched time together
            self.db.execute("BEGIN")
            self.db.execute(_INSERT_EVENT, row)
            self.db.execute("UPDATE tables SET touched = ? WHERE id = ?", (now, table_id))
        self._touched[table_id] = now
        return now

    @contextlib.contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """Say a failed write as :class:`StoreError` (:class:`SeqTaken` for a number written already)."""
        try:
            yield
        except sqlite3.IntegrityError as e:
            if "UNIQUE" in str(e) or "PRIMARY KEY" in str(e):
                raise SeqTaken(f"{what}: written already") from None
            raise StoreError(f"{what}: the store refused it: {e}") from None
        except sqlite3.Error as e:
            raise StoreError(f"{what}: the store could not write it: {e}") from None

    def probe(self) -> bool:
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")  # takes the write lock, which a full or read-only file refuses
                # Larger than any event, so that it needs room of its own as the next event may: a store that is
                # full (the disk, or the file's limit) refuses it.
                self.db.execute("INSERT INTO probe VALUES (zeroblob(65536))")
                self.db.execute("DELETE FROM probe")
        except sqlite3.Error:
            return False
        return True

    def tables(self) -> Iterator[tuple[str, Config, float, float]]:
        rows = self.db.execute("SELECT id, config, created, touched FROM tables ORDER BY created").fetchall()
        for table_id, config, created, touched in rows:
            yield table_id, read_config(table_id, config), created, touched

    def events(self, table_id: str, after: int = 0) -> list[Event]:
        rows = self.db.execute(
            "SELECT seq, kind, data, ts FROM events WHERE table_id = ? AND seq > ? ORDER BY seq", (table_id, after)
        ).fetchall()
        return [Event(seq, kind, json.loads(data), ts) for seq, kind, data, ts in rows]

    def delete(self, table_id: str) -> None:
        self._touched.pop(table_id, None)
        with self._writing(f"table {table_id}: forgetting it"), self.db:
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
