"""A table whose store cannot write: refused, paused, and resumed when the store writes again.

The store is written first (:mod:`roundgames.web.store`): an event that could not be stored did not happen. When an
append fails, the room rebuilds itself from the store (so memory is exactly what is stored), refuses the command
with ``store_failed``, and pauses: every viewer is told why (``paused`` in the state), every command is refused with
``paused``, and no bot plays and no deal is dealt. Every :data:`RETRY_SECONDS` it asks the store whether a write can
be made; once one can, play goes on from where the store stands.
"""

from __future__ import annotations

import logging

from .actor import Actor
from .seating import RoomError
from .store import StoreError

__all__ = ["RETRY_SECONDS", "Pausing"]

log = logging.getLogger("roundgames.web")

#: how often a paused table asks its store whether it can write again
RETRY_SECONDS = 2.0


class Pausing:
    """The pause of a table whose store failed: a part of :class:`~roundgames.web.room.Room`."""

    def __init__(self, room: Actor) -> None:
        self.room = room
        #: why the table is paused (the store's failure, in words), or None while it plays
        self.paused: str | None = None
        #: the table could not even be read back from its store when it paused: it is read again before it resumes
        self.stale = False

    def refuse_if_paused(self) -> None:
        if self.paused is not None:
            raise RoomError("paused", f"the table is paused: {self.paused}")

    def store_failed(self, e: StoreError) -> RoomError:
        """An append failed: rebuild from the store, pause, tell everyone; the refusal for the command's sender."""
        room = self.room
        log.error("table %s: the store could not write: %s; the table is paused", room.id, e)
        self.paused = f"the server cannot save the game ({e}); play resumes when it can"
        try:
            room.replay(room.store.events(room.id))
        except Exception as again:  # a store that cannot even be read: say nothing more until it can be
            log.error("table %s: the store cannot be read either: %s", room.id, again)
            self.stale = True
            room.replay([])  # nothing unsaved stays in memory (the lobby lists the table as made until it is read)
        room.changed()
        # Every viewer is sent the table as stored, and why it stops; while it could not even be read back, memory
        # may hold the event that was not stored, so nobody is sent a state (Room.send_to), only why.
        room.broadcast([], snapshot=True)
        return RoomError("store_failed", f"not saved, so not done: {self.paused}")

    def try_resume(self) -> None:
        """Resume when the store can write again (read back first where it could not be read); else wait more."""
        if self.paused is None:
            return
        room = self.room
        try:
            if not room.store.probe():
                return
            if self.stale:
                room.replay(room.store.events(room.id))
        except Exception:
            return  # still failing: the next retry asks again
        log.warning("table %s: the store writes again; the table plays on", room.id)
        self.paused, self.stale = None, False
        room.changed()
        room.broadcast([], snapshot=True)
