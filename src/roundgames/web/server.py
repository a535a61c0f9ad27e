"""The tables one server holds: their rooms, the store they are kept in, and the forgetting of idle ones.

A :class:`Server` opens the store, rebuilds every stored table from its events (a restart resumes each one
exactly), makes new tables, and forgets a table nobody has used for ``idle_seconds``. On a store several processes
share it rebuilds only the tables nobody leads, and those its clients ask for (:meth:`Server.find`): each table
lives in the process holding its lease (:mod:`roundgames.web.follow`). A table whose settings cannot be read or
whose events cannot be replayed (a store written by hand, or by a faulty version) is set aside: logged, shown as
unavailable, and never stops the server from serving the others. Its bots think in the pool of
worker processes it opens with the store and shuts down with it (:mod:`roundgames.web.thinking`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Collection
from typing import Any, cast

from . import lobby, names
from .coach import Coach
from .collecting import Collecting
from .follow import Follower, SharedStore
from .limits import forgotten_at
from .room import Room
from .store import BadConfig, Config, SeqGap, Store, StoreError, numbered, open_store
from .thinking import PoolThinker, Thinker
from .timing import Clock, SystemClock, Timer, Timing

__all__ = ["ID_LENGTH", "MAX_TABLES", "Server"]

log = logging.getLogger("roundgames.web")

#: tables one server holds at once (each is a little memory and a task); idle ones expire
MAX_TABLES = 2_000
#: the letters of a table's id: no 0/o, 1/l/i, so that a link read aloud is typed right
ID_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
#: the letters of a new table's id: 31**12, about 2**59 ids, so that guessing one is hopeless (a table stored with
#: a shorter id, from before, still opens by it)
ID_LENGTH = 12


class Server:
    """Every table the server holds, its store, its timings, its clock and where its bots think (``thinker``: by
    default a :class:`~roundgames.web.thinking.PoolThinker`: ``bot_workers`` processes for the searching bots, as many
    as the cores less one unless given, and one for the quick ones)."""

    def __init__(
        self,
        db: str,
        timing: Timing,
        idle_seconds: float,
        clock: Clock | None = None,
        *,
        thinker: Thinker | None = None,
        bot_workers: int | None = None,
    ) -> None:
        self.db = db
        self.thinker: Thinker = thinker if thinker is not None else PoolThinker(bot_workers)
        #: the expert's reviews and hints, worked out by the same thinker (:mod:`roundgames.web.coach`)
        self.coach = Coach(self.thinker)
        self.timing = timing
        self.idle_seconds = idle_seconds
        self.clock: Clock = clock or SystemClock()
        self.rooms: dict[str, Room] = {}
        #: the tables set aside: their stored events cannot be replayed (each one's reason, in words)
        self.aside: dict[str, str] = {}
        self.store: Store | None = None
        #: a store opened already, taken by :meth:`open` instead of opening ``db`` again: ``roundgames serve`` checks
        #: the file before it starts and keeps it, lock and all, so that no second server takes it in between
        self.opened: Store | None = None
        self._sweep: Timer | None = None
        #: the address (:func:`~roundgames.web.limits.address_key`) each table made here was created from, while
        #: it lives: one address keeps at most :data:`~roundgames.web.limits.TABLES_PER_ADDRESS` of them
        self.creators: dict[str, str] = {}
        #: on a store other server processes share: what follows them (:mod:`roundgames.web.follow`)
        self.follower: Follower | None = None
        #: on such a store, the lobby entries this process writes and the lobby it reads (:mod:`roundgames.web.lobby`)
        self.lobby = lobby.Lobby()
        self.collecting = Collecting()

    async def open(self) -> None:
        if isinstance(self.thinker, PoolThinker):
            self.thinker.open()
        opened, self.opened = self.opened, None
        self.store = opened if opened is not None else open_store(self.db, now=self.clock.now)
        names.prepare()  # the look-alikes' table, read before the first person sits rather than as he does
        if getattr(self.store, "shared", False):  # other processes write it too: follow them (follow.py)
            self.follower = Follower(self, cast(SharedStore, self.store), MAX_TABLES)
            await self.follower.start()  # the tables nobody leads are taken in here, the others where they are
        else:
            for table_id, config, created, _touched in self.store.tables():
                self.take_in(table_id, config, created)
        self._plan_sweep()
        self.collecting.start()  # what the tables keep stays out of Python's collections (collecting.py)

    def take_in(self, table_id: str, config: Config, created: float, leads: bool | None = None) -> Room | None:
        """Rebuild a stored table from its events and start it (on a shared store, leading it where ``leads`` says
        its lease is held here, else where it is free); None where its settings cannot be read or its events cannot
        be replayed (set aside), or cannot be read now from a shared store (:class:`StoreError`: a lost connection,
        a timeout). Such a table is not set aside: it is read again when it is next asked for, or adopted."""
        assert self.store is not None
        if isinstance(config, BadConfig):
            self._set_aside(table_id, str(config))
            return None
        try:
            room = Room(table_id, config, self.store, created, self.timing, self.clock, self.thinker)
            room.replay(numbered(table_id, self.store.events(table_id)))  # 1..N, none missing, or set aside
            if any(s.kind == "person" for s in room.seats):  # who connected is not stored: count it as once
                room.first_person_at = room.touched
        except SeqGap as e:  # replayed without one of its events, it would be another table than the one played
            self._set_aside(
                table_id, f"its stored event {e.missing} is missing (its events are numbered up to {e.last})"
            )
            return None
        except StoreError as e:
            if self.follower is None:  # nobody would read it again: set aside, as below
                self._set_aside(table_id, f"its stored events cannot be read ({e})")
            else:
                log.warning("table %s: not read yet (the next catch-up reads it again): %s", table_id, e)
            return None
        except Exception as e:  # whatever broke it, one table never stops the others
            self._set_aside(table_id, f"its stored events cannot be replayed ({type(e).__name__}: {e})")
            return None
        self.rooms[table_id] = room
        if self.follower is not None:
            self.follower.adopt(room, leads)
        room.start()
        return room

    def find(self, table_id: str) -> Room | None:
        """The table ``table_id``, or None where there is none (or it is set aside). On a shared store, one this
        process does not hold is read from the store and held while a connection here watches it."""
        room = self.rooms.get(table_id)
        if self.follower is None or table_id in self.aside:
            return room
        if room is not None:
            self.follower.asked(table_id)
            return room
        if len(self.rooms) >= MAX_TABLES:
            return None
        self.follower.load(table_id)
        if table_id in self.rooms:
            self.follower.asked(table_id)
        return self.rooms.get(table_id)

    def drop(self, table_id: str) -> Room | None:
        """Forget ``table_id`` here, without deleting it from the store (another process forgot it, or leads it
        and nobody here watches it); its room."""
        self.lobby.forget(table_id)
        return self.rooms.pop(table_id, None)

    def listing(self) -> list[dict[str, Any]]:
        """The lobby (``/api/tables``): the tables held here; on a shared store, every process's, as their leaders
        wrote them."""
        store = self.store
        if self.follower is None or store is None:
            return lobby.listing(self.rooms.values())
        return self.lobby.read(cast(SharedStore, store).lobby, self.rooms.values())

    def lobby_changes(self, table_ids: Collection[str]) -> dict[str, str | None]:
        """The lobby entries of these tables (led here) that changed since they were written."""
        return self.lobby.changes(self.rooms, table_ids)

    def lobby_written(self, changes: dict[str, str | None]) -> None:
        self.lobby.written(self.rooms, changes)

    def _set_aside(self, table_id: str, reason: str) -> None:
        self.aside[table_id] = reason
        log.error("table %s is set aside: %s", table_id, reason)

    async def close(self) -> None:
        self.collecting.stop()
        if self._sweep is not None:
            self._sweep.cancel()
        if self.follower is not None:
            await self.follower.stop()
        for room in self.rooms.values():
            await room.stop()
        if isinstance(self.thinker, PoolThinker):
            await self.thinker.close()
        if self.store is not None:
            self.store.close()

    def _plan_sweep(self) -> None:
        """Look for idle tables a while from now (a quarter of the idle time, between half a second and a minute),
        and again after that."""
        period = min(60.0, max(0.5, self.idle_seconds / 4))
        self._sweep = self.clock.call_at(self.clock.now() + period, self._sweep_now)

    def _sweep_now(self) -> None:
        self.expire()
        self._plan_sweep()

    def expire(self) -> list[str]:
        """Forget every idle table now (its events too): nobody connected and nothing done at it for the idle time,
        or for a shorter time where no person sits or none ever connected
        (:func:`~roundgames.web.limits.forgotten_at`); their ids."""
        now = self.clock.now()
        for room in self.rooms.values():  # a person connected at another process sharing the store (its presence)
            if room.first_person_at is None and any(s.kind == "person" and s.conns > 0 for s in room.seats):
                room.first_person_at = now
        idle = [
            i for i, r in self.rooms.items() if r.may_forget() and now > (forgotten_at(r, self.idle_seconds) or now)
        ]
        gone = []
        for table_id in idle:
            assert self.store is not None
            try:
                self.store.delete(table_id)
            except StoreError as e:  # kept, whole, until a later sweep can forget it
                log.warning("table %s: idle, but not forgotten yet: %s", table_id, e)
                continue
            room = self.rooms.pop(table_id)
            self.creators.pop(table_id, None)
            asyncio.get_running_loop().create_task(room.stop())
            gone.append(table_id)
        return gone

    def created_by(self, address: str) -> int:
        """How many of the tables held now were created from ``address`` (counted by its address key)."""
        return sum(1 for t, a in self.creators.items() if a == address and t in self.rooms)

    def create(self, config: dict[str, Any], address: str | None = None) -> Room:
        """A new table with these settings (checked by :func:`~roundgames.web.protocol.new_table_config`), created
        from ``address`` (counted by :meth:`created_by`)."""
        assert self.store is not None
        while True:
            table_id = "".join(secrets.choice(ID_LETTERS) for _ in range(ID_LENGTH))
            if table_id not in self.rooms:
                break
        # On a shared store the lease is taken first: no other process takes the new table as an orphan.
        leads = self.follower.claim(table_id) if self.follower is not None else None
        try:
            created = self.store.create(table_id, config)
        except StoreError:
            if leads and self.follower is not None:
                self.follower.unclaim(table_id)
            raise
        room = Room(table_id, config, self.store, created, self.timing, self.clock, self.thinker)
        room.replay([])
        self.rooms[table_id] = room
        if address is not None:
            self.creators[table_id] = address
        if self.follower is not None:
            self.follower.adopt(room, leads)
        room.start()
        return room
