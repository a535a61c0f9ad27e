"""The web table's store on PostgreSQL, for a hosted table that several server processes share.

The same tables and events as the SQLite store (:mod:`roundgames.web.store`), with the same meaning. The events'
primary key ``(table_id, seq)`` is the database's guarantee that no two processes accept conflicting events: the
second write of a number fails with a unique violation, which is :class:`~roundgames.web.store.SeqTaken`, and the
process that lost catches up and checks its command again (:mod:`roundgames.web.follow`).

Beyond the :class:`~roundgames.web.store.Store` protocol, what the processes need to share a table:

- a table's events and seat moves are announced on a channel of its own (:func:`table_channel`: ``e TABLE SEQ KIND
  TS`` and a line of its data, an event; ``e TABLE SEQ`` one too long to carry; ``m TABLE SEAT PROCESS`` a seat
  taken by a connection of that process; ``c TABLE`` its settings changed), heard only by the processes that follow
  the table; an event written by a process that does not lead the table, and every seat moved or change of
  settings, goes also on the leader's channel (:func:`leader_channel`), which the leader hears instead, so that
  the leader, which writes nearly all of a table's events, never hears its own events back; what every process
  hears goes on :data:`CHANNEL` (``t TABLE`` a new table, ``d TABLE`` one forgotten, ``r TABLE`` a lease let go,
  ``p`` who is connected where has changed); :meth:`PgStore.notifications` follows them all;
- :meth:`PgStore.heads` gives the last event number of the tables a process holds, for a periodic catch-up that
  misses nothing;
- :meth:`PgStore.try_lead` takes a table's lease, a session advisory lock held by this process's lease connection
  until it ends: the database lets it go when the process dies, and another process takes the table over
  (:meth:`PgStore.orphans` takes those nobody holds, :meth:`PgStore.let_go` gives one up);
- :meth:`PgStore.put_lobby` and :meth:`PgStore.lobby`: each table's lobby entry, written by its leader, read by
  every process's lobby;
- :meth:`PgStore.put_presence` and :meth:`PgStore.presence`: the connections each process holds at each seat, with
  a heartbeat; the rows of a process that stopped beating are ignored after :data:`PRESENCE_STALE` seconds.

psycopg is imported here only: the rest of the package stays free of it (the ``[postgres]`` extra installs it).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import Any

import psycopg
from psycopg import errors, sql
from psycopg.conninfo import conninfo_to_dict

from .store import Config, Event, SeqTaken, StoreError, read_config, shown

__all__ = ["CHANNEL", "LISTEN_POLL", "PRESENCE_STALE", "PgStore", "connect_args", "leader_channel", "table_channel"]

#: the channel every process listens on: new tables, forgotten ones, leases let go, presence changed
CHANNEL = "roundgames"
#: the longest (seconds) the listener waits before it starts or stops listening to a table's channel
LISTEN_POLL = 0.1
#: the lobby entries :meth:`PgStore.lobby` reads (as many as the lobby shows)
LOBBY_MOST = 100
#: seconds after its last heartbeat that a process's connections no longer count
PRESENCE_STALE = 6.0
#: the first key of every lease lock (the second is the table id's hash): "RG"
LEASE_KEY = 0x5247
#: the longest announcement that carries its event (PostgreSQL takes 8000 bytes at most)
MAX_NOTE = 7_000
#: seconds to wait for the database when connecting
CONNECT_TIMEOUT = 10
#: the longest a statement may run, in milliseconds: the store is used from the event loop's thread, so a statement
#: stuck behind a lock, or a database that stopped answering, would stop every table of the process
STATEMENT_TIMEOUT_MS = 5_000
#: TCP keepalives on every connection, as libpq names them: a connection idle 5 s is probed every 2 s, and given up
#: after 3 probes unanswered (a database host gone, or a network that drops everything, found in about 11 s)
KEEPALIVES = {"keepalives": "1", "keepalives_idle": "5", "keepalives_interval": "2", "keepalives_count": "3"}
#: milliseconds that data sent may stay unacknowledged before the connection is given up (libpq 12 and later)
TCP_USER_TIMEOUT_MS = 10_000
#: the same keepalives from the database's side, on the lease connection: the database finds a crashed process
#: (whose host answers nothing) in about 11 s and lets its leases go, instead of after the system's two hours
#: (``tcp_user_timeout`` from PostgreSQL 12)
LEASE_SETTINGS = {
    "tcp_keepalives_idle": 5,
    "tcp_keepalives_interval": 2,
    "tcp_keepalives_count": 3,
    "tcp_user_timeout": TCP_USER_TIMEOUT_MS,
}
#: a lease connection silent this long (ms) is closed by the database, its leases let go: a live process speaks on
#: it every :data:`~roundgames.web.follow.CATCH_UP_SECONDS` (PostgreSQL 14 and later)
LEASE_IDLE_TIMEOUT_MS = 30_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    touched DOUBLE PRECISION NOT NULL,
    seq INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    ts DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS presence (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    process TEXT NOT NULL,
    conns INTEGER NOT NULL,
    beat TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, seat, process)
);
CREATE TABLE IF NOT EXISTS probe (x INTEGER);
-- each table's lobby entry (JSON), written by its leader; NULL where the lobby does not list it. Added, not made
-- with the table, so that a store made before it opens all the same.
ALTER TABLE tables ADD COLUMN IF NOT EXISTS lobby TEXT;
"""


def table_channel(table_id: str) -> str:
    """The channel of a table's own announcements (its events, its seats that moved, its settings changed), which
    the processes that follow the table listen to.

    >>> table_channel("abc234")
    'rg_abc234'
    """
    return f"rg_{table_id}"


def leader_channel(table_id: str) -> str:
    """The channel on which the process leading a table hears of it: the same notes as :func:`table_channel`'s,
    less the events the leader wrote itself.

    >>> leader_channel("abc234")
    'rgl_abc234'
    """
    return f"rgl_{table_id}"


def _both_channels(table_id: str) -> list[str]:
    """A table's own channel and its leader's: where what every process holding the table must hear goes."""
    return [table_channel(table_id), leader_channel(table_id)]


# One statement, so one round trip and one transaction: the event, the table's last-touched time and number, and
# the announcement to the other processes on each of its channels (sent when it commits).
_APPEND = """
WITH e AS (INSERT INTO events (table_id, seq, kind, data, ts) VALUES (%(t)s, %(seq)s, %(kind)s, %(data)s, %(ts)s)),
     u AS (UPDATE tables SET touched = %(ts)s, seq = GREATEST(seq, %(seq)s) WHERE id = %(t)s)
SELECT pg_notify(c, %(note)s) FROM unnest(%(channels)s::text[]) AS c
"""


class PgStore:
    """Every table and its events in a PostgreSQL database (``postgresql://...``), shared by any number of server
    processes. One connection for the tables and events, used from the event loop's thread as the SQLite store's
    is; one more for the leases and the presence; the listener has its own."""

    #: several processes may use this store at once, each following the others' writes
    shared = True

    def __init__(self, url: str, now: Callable[[], float] = time.time) -> None:
        self.url = url
        self.now = now
        self._db: psycopg.Connection[Any] | None = None
        self._lease: psycopg.Connection[Any] | None = None
        #: whether the lease connection has taken a lease (it keeps each until it ends)
        self._leased = False
        #: the tables whose lease this process holds, as far as it knows (one lost with its connection is found by
        #: :meth:`leases_held`): what it writes of them goes on their own channels only (:meth:`_channels`)
        self._leases: set[str] = set()
        db = self._conn()
        try:
            with db.transaction():
                # Two processes starting at once must not both create the schema: one waits for the other.
                db.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LEASE_KEY,))
                db.execute(_SCHEMA)
        except psycopg.Error as e:
            raise StoreError(f"--db {shown(url)}: cannot make the store's tables: {_said(e)}") from None

    def _conn(self) -> psycopg.Connection[Any]:
        """The connection for the tables and events, opened again after one was lost."""
        if self._db is None or self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(**connect_args(self.url))
        except psycopg.Error as e:
            raise StoreError(f"--db {shown(self.url)}: cannot open the store: {_said(e)}") from None

    def close(self) -> None:
        for conn in (self._db, self._lease):
            if conn is not None:
                with contextlib.suppress(psycopg.Error):
                    conn.close()

    @contextlib.contextmanager
    def _writing(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        """Say a failed write as :class:`StoreError` (:class:`SeqTaken` for a number written already)."""
        try:
            yield self._conn()
        except errors.UniqueViolation:
            raise SeqTaken(f"{what}: written already (by another server process)") from None
        except psycopg.Error as e:
            raise StoreError(f"{what}: the store could not write it: {_said(e)}") from None

    @contextlib.contextmanager
    def _reading(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        try:
            yield self._conn()
        except psycopg.Error as e:
            raise StoreError(f"{what}: the store could not be read: {_said(e)}") from None

    # -- the Store protocol ---------------------------------------------------------------------------------------

    def create(self, table_id: str, config: dict[str, Any]) -> float:
        now = self.now()
        with self._writing(f"table {table_id}") as db, db.transaction():
            db.execute(
                "INSERT INTO tables (id, config, created, touched) VALUES (%s, %s, %s, %s)",
                (table_id, json.dumps(config, sort_keys=True), now, now),
            )
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"t {table_id}"))
        return now

    def _channels(self, table_id: str) -> list[str]:
        """Where to announce an event this process wrote: the table's own channel, for the processes that follow
        it, and where this process does not lead it, its leader's channel too."""
        return [table_channel(table_id)] if table_id in self._leases else _both_channels(table_id)

    def configure(self, table_id: str, config: dict[str, Any]) -> None:
        """Store the table's settings anew, announced on both its channels (``c TABLE``): every process holding it
        reads them again (the lobby entry its leader writes says whether it is listed)."""
        with self._writing(f"table {table_id}: its settings") as db, db.transaction():
            db.execute("UPDATE tables SET config = %s WHERE id = %s", (json.dumps(config, sort_keys=True), table_id))
            db.execute(
                "SELECT pg_notify(c, %s) FROM unnest(%s::text[]) AS c",
                (f"c {table_id}", _both_channels(table_id)),
            )

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any]) -> float:
        now = self.now()
        text = json.dumps(data, sort_keys=True)
        note = f"e {table_id} {seq} {kind} {now!r}\n{text}"
        values = {
            "t": table_id,
            "seq": seq,
            "kind": kind,
            "data": text,
            "ts": now,
            "channels": self._channels(table_id),
            # The event itself, so that the others need not read it back (a longer one is named only).
            "note": note if len(note.encode()) <= MAX_NOTE else f"e {table_id} {seq}",
        }
        with self._writing(f"table {table_id}: event {seq}") as db:
            db.execute(_APPEND, values)
        return now

    def tables(self) -> Iterator[tuple[str, Config, float, float]]:
        with self._reading("the tables") as db:
            rows = db.execute("SELECT id, config, created, touched FROM tables ORDER BY created, id").fetchall()
        for table_id, config, created, touched in rows:
            yield table_id, read_config(table_id, config), created, touched

    def table(self, table_id: str) -> tuple[Config, float] | None:
        """One table's settings (:class:`~roundgames.web.store.BadConfig` where they cannot be read) and creation
        time, or None where there is no such table."""
        with self._reading(f"table {table_id}") as db:
            row = db.execute("SELECT config, created FROM tables WHERE id = %s", (table_id,)).fetchone()
        return None if row is None else (read_config(table_id, row[0]), row[1])

    def events(self, table_id: str, after: int = 0) -> list[Event]:
        with self._reading(f"table {table_id}") as db:
            rows = db.execute(
                "SELECT seq, kind, data, ts FROM events WHERE table_id = %s AND seq > %s ORDER BY seq",
                (table_id, after),
            ).fetchall()
        return [Event(seq, kind, json.loads(data), ts) for seq, kind, data, ts in rows]

    def delete(self, table_id: str) -> None:
        """Forget the table, and let its lease go where this process holds it (each lease kept is a lock in the
        database's shared lock table, which is not endless)."""
        with self._writing(f"table {table_id}") as db, db.transaction():
            db.execute("DELETE FROM events WHERE table_id = %s", (table_id,))
            db.execute("DELETE FROM presence WHERE table_id = %s", (table_id,))
            db.execute("DELETE FROM tables WHERE id = %s", (table_id,))
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"d {table_id}"))
        if table_id in self._leases:
            self._leases.discard(table_id)
            with contextlib.suppress(StoreError, psycopg.Error):  # a lease connection lost has let it go already
                self._lease_conn().execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (LEASE_KEY, table_id))

    def announce(self, note: str, table_id: str | None = None) -> None:
        """Tell the other processes something that is not an event: on both of ``table_id``'s channels (a seat that
        moved to a connection here), or on :data:`CHANNEL` to every process. Both, even from its leader: such a
        note is rare, and unlike an event, no catch-up reads it again, so a process that lost the lease without
        knowing it yet (and listens on the leader's channel) still hears it."""
        channels = [CHANNEL] if table_id is None else _both_channels(table_id)
        with self._writing("an announcement") as db:
            db.execute("SELECT pg_notify(c, %s) FROM unnest(%s::text[]) AS c", (note, channels))

    def probe(self) -> bool:
        """Whether a write can be made now. A connection that cannot write is closed and the write tried once more
        on a new one: a database restarted a moment ago writes (its tables need not pause), and a session opened
        while the database was read-only stays so for its life, though the database writes again."""
        for _ in range(2):
            try:
                db = self._conn()
                with db.transaction():
                    db.execute("INSERT INTO probe VALUES (1)")
                    db.execute("DELETE FROM probe")
            except StoreError:
                return False
            except psycopg.Error:
                if self._db is not None:
                    with contextlib.suppress(psycopg.Error):
                        self._db.close()
                continue
            return True
        return False

    # -- what the processes share --------------------------------------------------------------------------------

    def heads(self, table_ids: list[str]) -> dict[str, int]:
        """The number of the last event (0: none yet) of each of these tables still stored."""
        with self._reading("the tables") as db:
            return dict(db.execute("SELECT id, seq FROM tables WHERE id = ANY(%s)", (table_ids,)).fetchall())

    def _lease_conn(self) -> psycopg.Connection[Any]:
        """The connection that holds this process's leases (a lost one has lost them all: :meth:`leases_held`).
        One lost while it held leases is opened again only once :meth:`leases_held` has said they are gone: until
        then the tables think they are led here, and a new connection would take leases beside that mistake."""
        if self._lease is None or self._lease.closed or self._lease.broken:
            if self._leased:
                raise StoreError("the leases were lost with their connection (not said yet)")
            lease = self._connect()
            try:
                version = lease.info.server_version
                settings = {k: v for k, v in LEASE_SETTINGS.items() if k != "tcp_user_timeout" or version >= 120000}
                if version >= 140000:
                    settings["idle_session_timeout"] = LEASE_IDLE_TIMEOUT_MS
                for name, value in settings.items():  # names of ours, values of ours: nothing to quote
                    lease.execute(f"SET {name} = {value:d}")
            except psycopg.Error as e:
                lease.close()
                raise StoreError(f"--db {shown(self.url)}: cannot open the store: {_said(e)}") from None
            self._lease = lease
            self._leased = False
            self._leases.clear()
        return self._lease

    def leases_held(self) -> bool:
        """Whether the leases taken so far are still held (the lease connection is alive)."""
        lease = self._lease
        try:
            if lease is None or lease.closed or lease.broken:
                return False
            lease.execute("SELECT 1")
        except psycopg.Error:
            return False
        finally:
            if lease is None or lease.closed or lease.broken:  # said now: a new connection may be opened
                self._leased = False
                self._leases.clear()
        return True

    def try_lead(self, table_ids: list[str]) -> set[str]:
        """Take the leases of these tables that no other process holds, in one round trip; the tables whose lease
        this process holds now (none where the database cannot be reached). A lease connection lost while it held
        no lease (the database closes one silent for :data:`LEASE_IDLE_TIMEOUT_MS`) is opened again at once: a
        table made on a process that led nothing is led by it from the start. One lost holding leases is not:
        :meth:`leases_held` must say first that they are gone."""
        if not table_ids:
            return set()
        for _ in range(2):
            try:
                lease = self._lease_conn()
                rows = lease.execute(
                    "SELECT t FROM unnest(%s::text[]) AS t WHERE pg_try_advisory_lock(%s, hashtext(t))",
                    (table_ids, LEASE_KEY),
                ).fetchall()
            except StoreError:
                return set()
            except psycopg.Error:
                if self._leased or not lease.broken:
                    return set()
                continue
            taken = {t for (t,) in rows}
            self._leased = self._leased or bool(taken)
            self._leases |= taken
            return taken
        return set()

    def orphans(self, process: str, skip: list[str]) -> list[tuple[str, Config, float]]:
        """Take the leases nobody holds (a dead process's tables, or a store's tables at start-up), except those in
        ``skip`` and those another live process has connections to (it takes them: the lease follows the players);
        the tables taken, ``(id, config, created)``, oldest first. None where the database cannot be reached."""
        try:
            rows = (
                self._lease_conn()
                .execute(
                    # MATERIALIZED: every condition is met before a lock is tried (a lock taken twice is held twice)
                    "WITH c AS MATERIALIZED (SELECT id, config, created FROM tables t WHERE NOT id = ANY(%(skip)s) "
                    "AND NOT EXISTS (SELECT 1 FROM presence p WHERE p.table_id = t.id AND p.process <> %(me)s "
                    "AND p.conns > 0 AND p.beat > now() - make_interval(secs => %(stale)s))) "
                    "SELECT id, config, created FROM c WHERE pg_try_advisory_lock(%(key)s, hashtext(id)) "
                    "ORDER BY created, id",
                    {"skip": skip, "me": process, "stale": PRESENCE_STALE, "key": LEASE_KEY},
                )
                .fetchall()
            )
        except (StoreError, psycopg.Error):
            return []
        self._leased = self._leased or bool(rows)
        self._leases.update(t for t, _, _ in rows)
        return [(t, read_config(t, config), created) for t, config, created in rows]

    def let_go(self, table_ids: list[str]) -> None:
        """Give up these tables' leases (another process has the connections), and tell every process so that one
        with connections takes each at once."""
        if not table_ids:
            return
        try:
            self._lease_conn().execute(
                "SELECT pg_advisory_unlock(%s, hashtext(t)) FROM unnest(%s::text[]) AS t", (LEASE_KEY, table_ids)
            )
        except psycopg.Error as e:
            raise StoreError(f"letting leases go: {_said(e)}") from None
        self._leases.difference_update(table_ids)
        with self._writing("an announcement") as db:
            db.execute("SELECT pg_notify(%s, 'r ' || t) FROM unnest(%s::text[]) AS t", (CHANNEL, table_ids))

    def put_lobby(self, entries: dict[str, str | None]) -> None:
        """Write these tables' lobby entries (JSON; None: not listed), in one statement."""
        if not entries:
            return
        with self._writing("the lobby") as db:
            db.execute(
                "UPDATE tables SET lobby = x.l FROM unnest(%s::text[], %s::text[]) AS x(i, l) WHERE id = x.i",
                (list(entries), list(entries.values())),
            )

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby's entries every leader wrote, newest table first (an entry that is not JSON is left out)."""
        with self._reading("the lobby") as db:
            rows = db.execute(
                "SELECT lobby FROM tables WHERE lobby IS NOT NULL ORDER BY created DESC, id LIMIT %s", (LOBBY_MOST,)
            ).fetchall()
        out = []
        for (text,) in rows:
            with contextlib.suppress(ValueError):
                out.append(json.loads(text))
        return out

    def put_presence(self, process: str, counts: dict[tuple[str, int], int]) -> None:
        """This process's connections at each ``(table, seat)`` (seat -1: spectators), its heartbeat with them; a
        count of 0 removes the row. Announced to the other processes."""
        here = [(t, seat, n) for (t, seat), n in counts.items() if n > 0]
        gone = [(t, seat) for (t, seat), n in counts.items() if n <= 0]
        with self._writing("presence") as db, db.transaction():
            db.execute("UPDATE presence SET beat = now() WHERE process = %s", (process,))
            if here:  # one statement for them all, however many changed
                db.execute(
                    "INSERT INTO presence (table_id, seat, process, conns) "
                    "SELECT t, s, %s, n FROM unnest(%s::text[], %s::int[], %s::int[]) AS x(t, s, n) "
                    "ON CONFLICT (table_id, seat, process) DO UPDATE SET conns = EXCLUDED.conns, beat = now()",
                    (process, [h[0] for h in here], [h[1] for h in here], [h[2] for h in here]),
                )
            if gone:
                db.execute(
                    "DELETE FROM presence WHERE process = %s "
                    "AND (table_id, seat) IN (SELECT * FROM unnest(%s::text[], %s::int[]))",
                    (process, [g[0] for g in gone], [g[1] for g in gone]),
                )
            if counts:
                db.execute("SELECT pg_notify(%s, 'p')", (CHANNEL,))

    def presence(self, process: str) -> dict[str, dict[int, int]]:
        """The other live processes' connections: for each table, for each seat (-1: spectators), how many."""
        with self._reading("presence") as db:
            db.execute("DELETE FROM presence WHERE beat < now() - interval '10 minutes'")  # long dead processes
            rows = db.execute(
                "SELECT table_id, seat, SUM(conns) FROM presence WHERE process <> %s "
                "AND beat > now() - make_interval(secs => %s) GROUP BY table_id, seat",
                (process, PRESENCE_STALE),
            ).fetchall()
        out: dict[str, dict[int, int]] = {}
        for table_id, seat, n in rows:
            out.setdefault(table_id, {})[seat] = int(n)
        return out

    async def notifications(self, held: Callable[[], Mapping[str, bool]]) -> AsyncIterator[str]:
        """What the processes announce on :data:`CHANNEL`, and on the channels of the tables ``held`` names, each
        with whether this process leads it (asked again every :data:`LISTEN_POLL` seconds: a table held from then
        on is listened to, one let go no more), as it comes: for a table it leads, on :func:`leader_channel`, all
        but the events it wrote; for one it follows, on :func:`table_channel`, everything. And ``l TABLE`` once
        this process listens to a table's channel, or to its other one (what was written before it must be read:
        the follower catches the table up). Ends (raising :class:`StoreError`) when the connection is lost."""
        listening: dict[str, str] = {}  # table id: the channel listened to
        try:
            async with await psycopg.AsyncConnection.connect(**connect_args(self.url)) as conn:
                await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
                while True:
                    # psycopg keeps what arrives between two of these (while LISTEN runs): nothing is lost
                    async for note in conn.notifies(timeout=LISTEN_POLL):
                        yield note.payload
                    wanted = {t: (leader_channel if leads else table_channel)(t) for t, leads in held().items()}
                    new = [t for t, channel in wanted.items() if listening.get(t) != channel]
                    old = [channel for t, channel in listening.items() if wanted.get(t) != channel]
                    if new or old:
                        said = [sql.SQL("LISTEN {}").format(sql.Identifier(wanted[t])) for t in new]
                        said += [sql.SQL("UNLISTEN {}").format(sql.Identifier(channel)) for channel in old]
                        await conn.execute(sql.SQL("; ").join(said))
                        listening = wanted
                    for table_id in new:
                        yield f"l {table_id}"
        except psycopg.Error as e:
            raise StoreError(f"--db {shown(self.url)}: lost the announcements: {_said(e)}") from None


def connect_args(url: str) -> dict[str, Any]:
    """What every connection of the store is opened with: the URL's own parameters, and where it does not set them,
    :data:`STATEMENT_TIMEOUT_MS`, :data:`KEEPALIVES`, :data:`TCP_USER_TIMEOUT_MS` and an ``application_name`` naming
    the process (``roundgames:PID``) (a URL's ``options`` come after
    the statement timeout, so that one of its own wins)."""
    given = conninfo_to_dict(url)
    args: dict[str, Any] = {**KEEPALIVES, **given, "autocommit": True}
    if psycopg.pq.version() >= 120000:
        args.setdefault("tcp_user_timeout", str(TCP_USER_TIMEOUT_MS))
    args.setdefault("connect_timeout", str(CONNECT_TIMEOUT))
    # which process a connection is (pg_stat_activity): whose leases are whose, seen from the database
    args.setdefault("application_name", f"roundgames:{os.getpid()}")
    args["options"] = f"-c statement_timeout={STATEMENT_TIMEOUT_MS} {given.get('options') or ''}".strip()
    return args


def _said(e: psycopg.Error) -> str:
    """The database's message, on one line."""
    return " ".join(str(e).split()) or type(e).__name__
