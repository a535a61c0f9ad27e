"""Several server processes on one shared store (PostgreSQL): each follows the others' writes, one leads each table.

With one server (SQLite) a room is the only writer of its table and all of this is idle. On a shared store
(:class:`~roundgames.web.pgstore.PgStore`) any number of processes hold every table, behind any load balancer:

- **Anyone may write**: a person's action is checked on the process he is connected to and stored with the table's
  next number. The database refuses a number written already (:class:`~roundgames.web.store.SeqTaken`): the room
  then reads what the other process wrote, and checks the command again, once, on the table as it now stands; so
  an action is never lost (it is applied, or refused with its reason) nor doubled.
- **Everyone follows**: every write is announced (LISTEN/NOTIFY), and each process applies the events it did not
  write to its own copy of the table (:meth:`Following.follow`) and tells its own connections; a periodic catch-up
  on each table's last number misses nothing an announcement lost. New tables appear, forgotten ones go.
- **One leads**: the bots, the deals and the turns' time of a table run in the process holding the table's lease
  (a session advisory lock of the database, let go by the database when the process dies). The others try every
  :data:`CATCH_UP_SECONDS`: when the leader dies, one of them takes the table over where the store stands, with the
  same cards (every deal's seed is stored).
- **Presence is shared**: each process writes how many connections it holds at each seat (and how many
  spectators) with a heartbeat; the leader counts the other processes' connections as its own, so it never hands a
  connected person's turn to a bot, and a person connected nowhere gets his countdown as on one server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any, Protocol

from .actor import Actor
from .gathering import Gathering
from .pausing import Pausing
from .presence import Presence
from .reducer import reduce
from .seating import RoomError
from .store import Event, SeqTaken, Store, StoreError

__all__ = ["CATCH_UP_SECONDS", "Followed", "Follower", "Following", "SharedStore", "Tables"]

log = logging.getLogger("roundgames.web")

#: how often a process looks at its connections and writes them where they changed
TICK_SECONDS = 0.5
#: how often a process writes its heartbeat, reads every table's last number (catching up), and tries the leases
CATCH_UP_SECONDS = 2.0


class SharedStore(Store, Protocol):
    """A store several processes share (:class:`~roundgames.web.pgstore.PgStore`): announcements, leases, presence."""

    shared: bool

    def heads(self) -> dict[str, int]: ...
    def table(self, table_id: str) -> tuple[dict[str, Any], float] | None: ...
    def try_lead(self, table_ids: list[str]) -> set[str]: ...
    def leases_held(self) -> bool: ...
    def put_presence(self, process: str, counts: dict[tuple[str, int], int]) -> None: ...
    def presence(self, process: str) -> dict[str, dict[int, int]]: ...
    def notifications(self) -> AsyncIterator[str]: ...
    def announce(self, note: str) -> None: ...


class Followed(Protocol):
    """A table as the follower moves it: a :class:`~roundgames.web.room.Room` (which sits above this module), whose
    part in following is its :class:`Following`, and whose connections are its :class:`Presence`."""

    @property
    def id(self) -> str: ...
    @property
    def seq(self) -> int: ...
    @property
    def following(self) -> Following: ...
    @property
    def presence(self) -> Presence: ...

    def soon(self, fn: Callable[..., Any], *args: Any) -> None: ...
    def set_remote(self, counts: dict[int, int]) -> None: ...
    async def stop(self) -> None: ...


class Tables(Protocol):
    """The tables a server holds, as its :class:`Follower` reads and changes them: a
    :class:`~roundgames.web.server.Server`, which sits above this module."""

    @property
    def rooms(self) -> Mapping[str, Followed]: ...
    @property
    def aside(self) -> Mapping[str, str]: ...

    def take_in(self, table_id: str, config: dict[str, Any], created: float) -> object: ...
    def drop(self, table_id: str) -> Followed | None: ...


class Following:
    """A table followed across processes: a part of :class:`~roundgames.web.room.Room`."""

    def __init__(self, room: Actor, presence: Presence, gathering: Gathering, pausing: Pausing) -> None:
        self.room = room
        self.presence = presence
        self.gathering = gathering
        self.pausing = pausing
        #: whether this process plays the table's automatic steps (its bots, its deals, the turns' time): always on
        #: one server; on a shared store, while it holds the table's lease
        self.leads = True
        #: a catch-up is queued already
        self._queued = False
        #: on a shared store, this process's name and the store to announce to (set by :meth:`share`)
        self._shared: tuple[str, SharedStore] | None = None

    def share(self, process: str, store: SharedStore) -> bool:
        """On a shared store: this process's name and the store to announce to; whether this process leads the
        table (its lease was free)."""
        self._shared = (process, store)
        self.leads = self.room.id in store.try_lead([self.room.id])
        return self.leads

    def seat_moved_here(self, seat: int) -> None:
        """A connection here took ``seat`` with its token: every other process's connections at the seat lose it,
        as this process's do (the rejoin link opened on another device, whichever process it reached)."""
        if self._shared is not None:
            process, store = self._shared
            try:
                store.announce(f"m {self.room.id} {seat} {process}")
            except StoreError as e:  # the seat moves here in any case; the others are told when they follow again
                log.warning(
                    "table %s: could not tell the other processes that seat %d moved: %s", self.room.id, seat, e
                )

    def may_forget(self) -> bool:
        """Whether this process may forget the table once it is idle: it leads it, and nobody watches it anywhere."""
        return self.leads and not self.presence.watched()

    def run(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        """Run a command; where another process wrote the table's next event first, catch up and check it again
        (once: losing twice, it is refused with ``busy``)."""
        try:
            return fn(*args)
        except SeqTaken:
            self._reread()
        try:
            return fn(*args)
        except SeqTaken:
            self._reread()
            raise RoomError("busy", "the table changed on another server at the same moment: try again") from None

    def _reread(self) -> None:
        """Memory held an event the store refused: read the table back as it is stored (where it cannot be read
        either, the table pauses, as for any write that failed)."""
        try:
            self.rebuild()
        except StoreError as e:
            raise self.pausing.store_failed(e) from None

    def rebuild(self) -> None:
        """The table read back whole from the store, and every connection sent the table as it is now."""
        room = self.room
        room.replay(room.store.events(room.id))
        room.changed()
        self.presence.revoke_replaced()
        room.broadcast([], snapshot=True)

    def follow_soon(self) -> None:
        """Queue a catch-up (:meth:`follow`), unless one is queued already."""
        if not self._queued:
            self._queued = True
            self.room.soon(self.follow)

    def take_event(self, ev: Event) -> None:
        """An event another process announced: applied if it is the next, else the table catches up (:meth:`follow`)."""
        seq = self.room.state.seq
        if ev.seq <= seq:
            return
        if ev.seq == seq + 1:
            self._take([ev])
        else:
            self.follow()

    def follow(self) -> None:
        """Apply the events another process stored since this one's last, and tell this process's connections."""
        self._queued = False
        try:
            events = self.room.store.events(self.room.id, after=self.room.state.seq)
        except StoreError:
            return  # the periodic catch-up tries again
        self._take(events)

    def _take(self, events: list[Event]) -> None:
        if not events:
            return
        room = self.room
        state = room.state
        if events[0].seq != state.seq + 1 or any(ev.kind == "undo" for ev in events):
            self.rebuild()  # an undo takes back a run of events: the table is replayed whole
            return
        before = len(state.log)
        try:
            for ev in events:
                reduce(state, ev, room.clock.now())  # as the process that wrote it applied it
                self.gathering.relinked([ev])  # the limit on new links holds whichever process is asked
                if ev.kind != "chat":
                    room.touch(ev.ts)
        except Exception:  # what the other process stored does not apply here: start again from the store
            log.exception("table %s: an event stored by another process did not apply; read back whole", room.id)
            self.rebuild()
            return
        room.changed()
        self.presence.revoke_replaced()  # a new link made on another process: the old one sits here no more either
        room.broadcast(state.log[before:])

    def take_lead(self) -> None:
        """This process holds the table's lease now: it catches up, then plays the table's automatic steps (the
        queue plans the next one); a person connected nowhere has a fresh countdown, as after a restart."""
        self.leads = True  # first: a catch-up the store fails now is made by the next one, or by a refused write
        with contextlib.suppress(StoreError):
            self.follow()
        room = self.room
        now = room.clock.now()
        for s in room.state.seats:
            if s.kind != "bot" and s.conns == 0:
                s.away_until = max(s.away_until, now + room.timing.away_seconds)
        room.changed()

    def lose_lead(self) -> None:
        """The lease is lost (its connection to the database broke): play nothing until it is taken again."""
        self.leads = False
        self.room.halt()


class Follower:
    """A server's part in a shared store: it listens to the others' announcements, catches up, shares presence and
    takes the leases of tables nobody leads (:class:`Following` is each table's part)."""

    def __init__(self, server: Tables, store: SharedStore) -> None:
        self.server = server
        self.store = store
        #: this process, in the presence rows (its host, its pid, and a random part: a pid is reused)
        self.process = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        #: the tables whose lease this process holds
        self.leading: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._written: dict[tuple[str, int], int] = {}
        self._beat_at = 0.0
        self._catch_at = 0.0
        self._presence_due = True
        self._warned_at = 0.0

    def adopt(self, room: Followed) -> None:
        """A room about to start: it leads if its lease is free."""
        if room.following.share(self.process, self.store):
            self.leading.add(room.id)

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(), name="follow: announcements"),
            loop.create_task(self._tick(), name="follow: presence, catch-up and leases"),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(StoreError):  # this process's connections count no more
            self.store.put_presence(self.process, dict.fromkeys(self._written, 0))

    async def _listen(self) -> None:
        while True:
            try:
                async for note in self.store.notifications():
                    self._heard(note)
            except StoreError as e:
                self._warn(e)
            await asyncio.sleep(1.0)  # then listen again; meanwhile the periodic catch-up misses nothing

    def _heard(self, note: str) -> None:
        kind, _, rest = note.partition(" ")
        rooms = self.server.rooms
        if kind == "e":
            head, _, body = rest.partition("\n")
            table_id, seq, *more = head.split(" ")
            room = rooms.get(table_id)
            if room is None:
                self._take_in(table_id)
            elif not seq.isdigit() or int(seq) <= room.seq:
                pass  # this process wrote it, or has it already
            elif len(more) == 2:  # the event itself: applied without reading it back
                room.soon(room.following.take_event, Event(int(seq), more[0], json.loads(body), float(more[1])))
            else:
                room.following.follow_soon()
        elif kind == "t":
            self._take_in(rest)
        elif kind == "d":
            self._forget(rest)
        elif kind == "p":
            self._presence_due = True
        elif kind == "m":  # a seat moved to a connection of another process
            table_id, seat, process = [*rest.split(" "), "", "", ""][:3]
            room = rooms.get(table_id)
            if room is not None and process != self.process and seat.isdigit():
                room.soon(room.presence.seat_moved_away, int(seat))

    def _take_in(self, table_id: str) -> None:
        """A table another process made: loaded here too (the lobby shows it, its people may connect here)."""
        if table_id in self.server.rooms or table_id in self.server.aside:
            return
        try:
            found = self.store.table(table_id)
        except StoreError as e:
            self._warn(e)
            return
        if found is not None:
            self.server.take_in(table_id, *found)

    def _forget(self, table_id: str) -> None:
        """A table another process forgot (idle past its time)."""
        room = self.server.drop(table_id)
        self.leading.discard(table_id)
        if room is not None:
            asyncio.get_running_loop().create_task(room.stop())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                self._step()
            except StoreError as e:
                self._warn(e)
            except Exception:
                log.exception("following the other server processes failed; trying again")

    def _warn(self, e: StoreError) -> None:
        if time.monotonic() > self._warned_at + 30:  # once in a while, not twice a second
            self._warned_at = time.monotonic()
            log.warning("the shared store: %s", e)

    def _step(self) -> None:
        now = time.monotonic()
        self._share_presence(now)
        rooms = self.server.rooms
        if self._presence_due or now >= self._catch_at:
            self._presence_due = False
            others = self.store.presence(self.process)
            for table_id, room in rooms.items():
                counts = others.get(table_id, {})
                if counts != room.presence.remote:
                    room.soon(room.set_remote, counts)
        if now < self._catch_at:
            return
        self._catch_at = now + CATCH_UP_SECONDS
        heads = self.store.heads()
        for table_id, seq in heads.items():
            behind = rooms.get(table_id)
            if behind is None:
                self._take_in(table_id)
            elif seq > behind.seq:
                behind.following.follow_soon()
        for table_id in [t for t in rooms if t not in heads]:
            self._forget(table_id)
        self._leases()

    def _share_presence(self, now: float) -> None:
        """Write this process's connections where they changed, and its heartbeat now and then."""
        counts: dict[tuple[str, int], int] = {}
        for table_id, room in self.server.rooms.items():
            for conn in room.presence.conns:
                key = (table_id, -1 if conn.seat is None else conn.seat)
                counts[key] = counts.get(key, 0) + 1
        changed = {k: n for k, n in counts.items() if self._written.get(k) != n}
        changed |= {k: 0 for k in self._written if k not in counts}
        if changed or now >= self._beat_at:
            self.store.put_presence(self.process, changed)
            self._written = counts
            self._beat_at = now + CATCH_UP_SECONDS

    def _leases(self) -> None:
        """Keep the leases held (all lost with their connection), and take those nobody holds."""
        rooms = self.server.rooms
        if self.leading and not self.store.leases_held():
            log.warning("the leases of %d tables were lost with their connection; taking them again", len(self.leading))
            for table_id in self.leading:
                if table_id in rooms:
                    rooms[table_id].soon(rooms[table_id].following.lose_lead)
            self.leading.clear()
        for table_id in self.store.try_lead([t for t in rooms if t not in self.leading]):
            self.leading.add(table_id)
            rooms[table_id].soon(rooms[table_id].following.take_lead)
