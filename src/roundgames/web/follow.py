"""Several server processes on one shared store (PostgreSQL): each table lives in the process that leads it, and the
others follow it while their clients watch it.

With one server (SQLite) a room is the only writer of its table and all of this is idle. On a shared store
(:class:`~roundgames.web.pgstore.PgStore`), behind any load balancer:

- **One owner per table**: a table lives in the process holding its lease (a session advisory lock of the
  database, let go by the database when the process dies). A table made here is led here (its lease is taken before
  its row is written); a process starting takes the leases nobody holds and loads only those tables
  (:meth:`Follower.start`), and every :data:`CATCH_UP_SECONDS` it takes those of a dead process's tables. The
  bots, the deals and the turns' time of a table run in its leader alone, with the same cards wherever it moves
  (every deal's seed is stored).
- **Others follow while they watch**: a process whose client asks for a table it does not hold reads it from the
  store (:meth:`Follower.load`) and follows it; once no connection here has watched it for
  :data:`FOLLOW_KEEP_SECONDS`, it is dropped from memory (not from the store).
- **Anyone may write**: a person's action is checked on the process he is connected to and stored with the table's
  next number. The database refuses a number written already (:class:`~roundgames.web.store.SeqTaken`): the room
  then reads what the other process wrote, and checks the command again, once, on the table as it now stands; so
  an action is never lost (it is applied, or refused with its reason) nor doubled.
- **Per-table announcements**: every write is announced on the table's own channel, which only the processes
  following it listen to; each applies the events it did not write (:meth:`Following.follow`) and tells its own
  connections; a periodic catch-up on its tables' last numbers misses nothing an announcement lost. The leader
  listens instead to a channel that carries the same less the events it wrote: it never hears its own events
  back, which are nearly all of its table's. What every process hears (a table forgotten, a lease let go,
  presence changed) goes on one channel.
- **The lease follows the players**: a leader with no connection to a table while another process has some lets the
  lease go and drops the table, and that process takes it at once. No ping-pong: a table let go here is not taken
  back for :data:`RELEASE_HOLD_SECONDS`, nor is a table other processes' clients watch taken as an orphan.
- **Presence is shared**: each process writes how many connections it holds at each seat (and how many
  spectators) with a heartbeat; the leader counts the other processes' connections as its own, so it never hands a
  connected person's turn to a bot, and a person connected nowhere gets his countdown as on one server.
- **The lobby is shared**: the leader writes each of its tables' lobby entries into the store when it changes
  (:mod:`roundgames.web.lobby`), for every process's lobby to read.
- **A store that cannot write pauses every process's tables**: each process asks the store whether it writes every
  :data:`CATCH_UP_SECONDS`, and where it does not, its tables pause as one whose write failed does
  (:mod:`roundgames.web.pausing`), so that every spectator is told, not only those of the process that wrote.
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
from collections.abc import AsyncIterator, Callable, Collection, Mapping
from typing import Any, Protocol

from .actor import Actor
from .gathering import Gathering
from .pausing import Pausing
from .presence import Presence
from .reducer import reduce
from .seating import RoomError
from .store import Config, Event, SeqTaken, Store, StoreError

__all__ = [
    "ADOPT_SECONDS",
    "ASKED_SECONDS",
    "CATCH_UP_SECONDS",
    "FOLLOW_KEEP_SECONDS",
    "RELEASE_HOLD_SECONDS",
    "Followed",
    "Follower",
    "Following",
    "SharedStore",
    "Tables",
]

log = logging.getLogger("roundgames.web")

#: how often a process looks at its connections and writes them where they changed
TICK_SECONDS = 0.5
#: how often a process writes its heartbeat, reads its tables' last numbers (catching up), tries the leases, takes
#: the tables nobody leads, and asks the store whether it writes
CATCH_UP_SECONDS = 2.0
#: how long a table another process leads stays here once no connection here watches it (then it is dropped from
#: memory, not from the store)
FOLLOW_KEEP_SECONDS = 30.0
#: how long a table whose lease this process let go is not taken back as an orphan (no ping-pong)
RELEASE_HOLD_SECONDS = 5.0
#: the CPU seconds (of its event loop's thread) a tick spends reading the tables this process took as orphans (a
#: dead process's): the rest are read at the next ticks, so that the tables read already play, and its clients are
#: answered, meanwhile; a table a client asks for is read at once. (Read all at once, a dead process's 500 tables
#: stopped every table here, and every connection, for a minute.)
ADOPT_SECONDS = 0.1
#: how long a table a client of this process asked for is neither let go nor dropped here, though no connection
#: here watches it yet (the page is served, its websocket is about to say hello)
ASKED_SECONDS = 5.0


class SharedStore(Store, Protocol):
    """A store several processes share (:class:`~roundgames.web.pgstore.PgStore`): announcements, leases, presence,
    the lobby."""

    shared: bool

    def heads(self, table_ids: list[str]) -> dict[str, int]: ...
    def table(self, table_id: str) -> tuple[Config, float] | None: ...
    def try_lead(self, table_ids: list[str]) -> set[str]: ...
    def orphans(self, process: str, skip: list[str]) -> list[tuple[str, Config, float]]: ...
    def let_go(self, table_ids: list[str]) -> None: ...
    def leases_held(self) -> bool: ...
    def put_presence(self, process: str, counts: dict[tuple[str, int], int]) -> None: ...
    def presence(self, process: str) -> dict[str, dict[int, int]]: ...
    def put_lobby(self, entries: dict[str, str | None]) -> None: ...
    def lobby(self) -> list[dict[str, Any]]: ...
    def notifications(self, held: Callable[[], Mapping[str, bool]]) -> AsyncIterator[str]: ...
    def announce(self, note: str, table_id: str | None = None) -> None: ...


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

    config: dict[str, Any]

    def soon(self, fn: Callable[..., Any], *args: Any) -> None: ...
    def changed(self) -> None: ...
    def broadcast(self, entries: list[Any], *, snapshot: bool = False) -> None: ...
    def set_remote(self, counts: dict[int, int]) -> None: ...
    async def stop(self) -> None: ...


class Tables(Protocol):
    """The tables a server holds, as its :class:`Follower` reads and changes them: a
    :class:`~roundgames.web.server.Server`, which sits above this module."""

    @property
    def rooms(self) -> Mapping[str, Followed]: ...
    @property
    def aside(self) -> Mapping[str, str]: ...

    def take_in(self, table_id: str, config: Config, created: float, leads: bool | None = None) -> object: ...
    def drop(self, table_id: str) -> Followed | None: ...
    def lobby_changes(self, table_ids: Collection[str]) -> dict[str, str | None]: ...
    def lobby_written(self, changes: dict[str, str | None]) -> None: ...


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

    def share(self, process: str, store: SharedStore, leads: bool | None = None) -> bool:
        """On a shared store: this process's name and the store to announce to; whether this process leads the
        table: ``leads`` where its lease was taken already (or is not to be taken), else whether it was free."""
        self._shared = (process, store)
        self.leads = self.room.id in store.try_lead([self.room.id]) if leads is None else leads
        return self.leads

    def seat_moved_here(self, seat: int) -> None:
        """A connection here took ``seat`` with its token: every other process's connections at the seat lose it,
        as this process's do (the rejoin link opened on another device, whichever process it reached)."""
        if self._shared is not None:
            process, store = self._shared
            try:
                store.announce(f"m {self.room.id} {seat} {process}", self.room.id)
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
        self.store_up()
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
        self.store_up()
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

    def store_down(self, reason: str) -> None:
        """Another part of this process found that the store cannot write (its periodic probe): the table pauses as
        one whose own write failed does, every viewer told why, and resumes once the store writes again
        (:mod:`~roundgames.web.pausing`)."""
        if self.pausing.paused is None:
            self.pausing.store_failed(StoreError(reason))

    def store_up(self) -> None:
        """The store writes again, as far as this process can tell (its probe, or another process's write): a table
        paused here resumes now (read back first where it could not be read), rather than at a retry that the
        other processes' events, each planning the table's next step anew, may keep putting off."""
        if self.pausing.paused is not None:
            self.pausing.try_resume()

    def lose_lead(self) -> None:
        """The lease is lost (its connection to the database broke): play nothing until it is taken again."""
        self.leads = False
        self.room.halt()


class Follower:
    """A server's part in a shared store: it takes the tables nobody leads, listens to the announcements of the
    tables it holds, catches them up, shares presence, hands a table's lease to the process its players are
    connected to, drops the tables it follows once nobody here watches them, writes its tables' lobby entries, and
    pauses its tables while the store cannot write (:class:`Following` is each table's part)."""

    def __init__(self, server: Tables, store: SharedStore, most: int) -> None:
        self.server = server
        self.store = store
        #: the most tables this process takes as orphans (the server's limit)
        self.most = most
        #: this process, in the presence rows (its host, its pid, and a random part: a pid is reused)
        self.process = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        #: the tables whose lease this process holds
        self.leading: set[str] = set()
        #: the tables whose lease this process let go, and when (not taken back as orphans for a while)
        self._released: dict[str, float] = {}
        #: the followed tables with no connection here, and since when
        self._unwatched: dict[str, float] = {}
        #: the tables taken as orphans (their leases held here) still to be read: their settings and when made
        self._adopting: dict[str, tuple[Config, float]] = {}
        #: the tables a client of this process asked for, and when (:meth:`asked`)
        self._asked: dict[str, float] = {}
        #: the other processes' connections, as last read: for each table, for each seat (-1: spectators)
        self._others: dict[str, dict[int, int]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._written: dict[tuple[str, int], int] = {}
        self._beat_at = 0.0
        self._catch_at = 0.0
        self._presence_due = True
        self._warned_at = 0.0

    def claim(self, table_id: str) -> bool:
        """A table about to be made here: its lease taken first, so that no other process takes it as an orphan
        between its row and its room; whether it was."""
        return table_id in self.store.try_lead([table_id])

    def unclaim(self, table_id: str) -> None:
        """A table claimed (:meth:`claim`) that could not be made: its lease let go."""
        with contextlib.suppress(StoreError):
            self.store.let_go([table_id])

    def adopt(self, room: Followed, leads: bool | None = None) -> None:
        """A room about to start: it leads where ``leads`` says so (its lease taken already), else where its lease
        is free (not one let go here a moment ago)."""
        if leads is None and self._held_back(room.id):
            leads = False
        if room.following.share(self.process, self.store, leads):
            self.leading.add(room.id)
        else:
            self._unwatched.setdefault(room.id, time.monotonic())

    def asked(self, table_id: str) -> None:
        """A client of this process asks for the table (a page, a request, a websocket about to say hello): it stays
        here, led or followed, for :data:`ASKED_SECONDS` at least."""
        self._asked[table_id] = time.monotonic()

    def load(self, table_id: str) -> Followed | None:
        """A table a client of this process asks for that it does not hold: read from the store and held (led
        where its lease is free, else followed) while a connection here watches it; None where there is none."""
        try:
            found = self.store.table(table_id)
        except StoreError as e:
            self._warn(e)
            return None
        if found is None:
            return None
        # taken as an orphan and not read yet: its lease is held here already (a lease taken twice is held twice)
        leads = True if self._adopting.pop(table_id, None) is not None else None
        self.server.take_in(table_id, *found, leads=leads)
        if leads and table_id not in self.server.rooms and table_id not in self.server.aside:
            self._give_back(table_id)
        return self.server.rooms.get(table_id)

    async def start(self) -> None:
        """Take the tables nobody leads (all of them, for the first process on a store), then follow."""
        # as at every tick, for a tick's CPU: a process that finds hundreds of tables to take (the first on a store,
        # or one starting as another dies) answers at once, and reads the rest as it plays those read
        self._adopt_orphans()
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
                async for note in self.store.notifications(self._held):
                    try:
                        self._heard(note)
                    except Exception:  # one note we cannot read never stops the others being heard
                        log.exception("an announcement could not be taken (%.80r); the catch-up reads its table", note)
            except StoreError as e:
                self._warn(e)
            await asyncio.sleep(1.0)  # then listen again; meanwhile the periodic catch-up misses nothing

    def _held(self) -> dict[str, bool]:
        """The tables this process holds, each with whether it leads it: the announcements it listens to."""
        return {t: room.following.leads for t, room in self.server.rooms.items()}

    def _heard(self, note: str) -> None:
        kind, _, rest = note.partition(" ")
        rooms = self.server.rooms
        if kind == "e":
            head, _, body = rest.partition("\n")
            table_id, seq, *more = head.split(" ")
            room = rooms.get(table_id)
            if room is None or not seq.isdigit() or int(seq) <= room.seq:
                pass  # not held here (any more), or this process wrote it, or has it already
            elif len(more) == 2:  # the event itself: applied without reading it back
                room.soon(room.following.take_event, Event(int(seq), more[0], json.loads(body), float(more[1])))
            else:
                room.following.follow_soon()
        elif kind == "l":  # listening to the table's channel now: what was written before is read
            if (room := rooms.get(rest)) is not None:
                room.following.follow_soon()
        elif kind == "r":  # a lease let go: a process whose clients watch the table takes it at once
            if rest in rooms and rest not in self.leading:
                self._lead(self.store.try_lead([rest]))
        elif kind == "c":  # the table's settings changed on another process (its host listed it, or not)
            self._reconfigure(rest)
        elif kind == "d":
            self._forget(rest)
        elif kind == "p":
            self._presence_due = True
        elif kind == "m":  # a seat moved to a connection of another process
            table_id, seat, process = [*rest.split(" "), "", "", ""][:3]
            room = rooms.get(table_id)
            if room is not None and process != self.process and seat.isdigit():
                room.soon(room.presence.seat_moved_away, int(seat))

    def _reconfigure(self, table_id: str) -> None:
        """Read a held table's settings again, as another process stored them, and tell its viewers."""
        room = self.server.rooms.get(table_id)
        if room is None:
            return
        try:
            found = self.store.table(table_id)
        except StoreError as e:
            self._warn(e)
            return
        if found is None or not isinstance(found[0], dict):
            return
        config = found[0]

        def reconfigured() -> None:
            if all(room.config.get(k) == v for k, v in config.items()):
                return  # changed here: its viewers were told
            room.config.update(config)  # the same settings the table's state reads
            room.changed()
            room.broadcast([])

        room.soon(reconfigured)

    def _lead(self, taken: set[str]) -> None:
        """These tables' leases are held here now: they play here."""
        rooms = self.server.rooms
        for table_id in taken:
            self.leading.add(table_id)
            self._unwatched.pop(table_id, None)
            rooms[table_id].soon(rooms[table_id].following.take_lead)

    def _held_back(self, table_id: str) -> bool:
        """Whether this process let the table's lease go a moment ago (:data:`RELEASE_HOLD_SECONDS`)."""
        at = self._released.get(table_id)
        return at is not None and time.monotonic() < at + RELEASE_HOLD_SECONDS

    def _adopt_orphans(self) -> None:
        """Take the leases of the tables nobody holds (a dead process's), except those another process's clients
        watch (that process takes them) and those let go here a moment ago, and load them here: for
        :data:`ADOPT_SECONDS` of CPU now, the rest at the next ticks (:meth:`_read_adopted`)."""
        room_left = self.most - len(self.server.rooms) - len(self._adopting)
        if room_left > 0:
            now = time.monotonic()
            self._released = {t: at for t, at in self._released.items() if now < at + RELEASE_HOLD_SECONDS}
            skip = [*self.server.rooms, *self.server.aside, *self.leading, *self._released, *self._adopting]
            taken = self.store.orphans(self.process, skip)
            for table_id, config, created in taken[:room_left]:
                self._adopting[table_id] = (config, created)
            for table_id, _config, _created in taken[room_left:]:  # more than this process may hold
                self._give_back(table_id)
        self._read_adopted()

    def _read_adopted(self) -> None:
        """Read the tables taken as orphans, oldest first: one at least, then more while :data:`ADOPT_SECONDS` of
        CPU have not passed."""
        until = time.thread_time() + ADOPT_SECONDS
        while self._adopting:
            table_id = next(iter(self._adopting))
            config, created = self._adopting.pop(table_id)
            if table_id not in self.server.rooms:
                self.server.take_in(table_id, config, created, leads=True)
                if table_id not in self.server.rooms and table_id not in self.server.aside:
                    self._give_back(table_id)  # not read now (the store failed a moment): the next adoption takes it
            if time.thread_time() >= until:
                return

    def _give_back(self, table_id: str) -> None:
        """A lease taken here for a table not held here: let go, for this process or another to take again."""
        self.leading.discard(table_id)
        with contextlib.suppress(StoreError):
            self.store.let_go([table_id])

    def _forget(self, table_id: str) -> None:
        """A table forgotten (idle past its time, on the process that led it), or dropped here."""
        room = self.server.drop(table_id)
        self.leading.discard(table_id)
        self._unwatched.pop(table_id, None)
        if room is not None:
            asyncio.get_running_loop().create_task(room.stop())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                self._step()
            except StoreError as e:
                self._warn(e)
                self._check_writes()  # a store that failed here may fail every table: the viewers are told
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
        catching_up = now >= self._catch_at
        if self._presence_due or catching_up:
            self._presence_due = False
            self._others = self.store.presence(self.process)
            for table_id, room in rooms.items():
                counts = self._others.get(table_id, {})
                if counts != room.presence.remote:
                    room.soon(room.set_remote, counts)
        changes = self.server.lobby_changes(self.leading)
        if changes:
            self.store.put_lobby(changes)
            self.server.lobby_written(changes)
        self._hand_over_and_drop(now)
        if self._adopting:
            self._read_adopted()
        if not catching_up:
            return
        self._catch_at = now + CATCH_UP_SECONDS
        self._check_writes()
        heads = self.store.heads(list(rooms))
        for table_id in list(rooms):
            if table_id not in heads:
                self._forget(table_id)
            elif heads[table_id] > rooms[table_id].seq:
                rooms[table_id].following.follow_soon()
        self._leases()

    def _hand_over_and_drop(self, now: float) -> None:
        """The lease follows the players: a table led here that nobody here watches while another process's
        clients do is let go, for that process to lead. A table followed here that nobody here has watched for
        :data:`FOLLOW_KEEP_SECONDS` is dropped from memory."""
        rooms = self.server.rooms
        self._asked = {t: at for t, at in self._asked.items() if now < at + ASKED_SECONDS}
        hand_over, drop = [], []
        for table_id, room in rooms.items():
            if room.presence.conns or table_id in self._asked:
                self._unwatched.pop(table_id, None)
            elif table_id in self.leading:
                if any(n > 0 for n in self._others.get(table_id, {}).values()):
                    hand_over.append(table_id)
            elif now >= self._unwatched.setdefault(table_id, now) + FOLLOW_KEEP_SECONDS:
                drop.append(table_id)
        if hand_over:
            self.store.let_go(hand_over)
            for table_id in hand_over:
                self._released[table_id] = now
        for table_id in hand_over + drop:
            self._forget(table_id)

    def _check_writes(self) -> None:
        """Ask the store whether it writes (while this process holds tables): where it does not, every table here
        pauses, so that its viewers are told why it stops, whichever process's write failed; each resumes once the
        store writes again (:mod:`~roundgames.web.pausing`)."""
        rooms = self.server.rooms
        if not rooms:
            return
        if self.store.probe():
            for room in rooms.values():
                if room.following.pausing.paused is not None:
                    room.soon(room.following.store_up)
            return
        reason = "the store cannot write"
        for room in rooms.values():
            room.soon(room.following.store_down, reason)

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
        """Keep the leases held (all lost with their connection), take those of the tables followed here that
        nobody holds, and the orphans'."""
        rooms = self.server.rooms
        if self.leading and not self.store.leases_held():
            log.warning("the leases of %d tables were lost with their connection; taking them again", len(self.leading))
            for table_id in self.leading:
                if table_id in rooms:
                    rooms[table_id].soon(rooms[table_id].following.lose_lead)
            self.leading.clear()
            self._adopting.clear()  # taken as orphans, not read yet: their leases went too
        followed = [t for t in rooms if t not in self.leading and not self._held_back(t)]
        self._lead(self.store.try_lead(followed))
        self._adopt_orphans()
