"""A table whose store cannot write: refused, paused, and resumed when the store writes again.

The store is written first (:mod:`roundgames.web.store`): an event that could not be stored did not happen. When an
append fails, the room rebuilds itself from the store (so memory is exactly what is stored), refuses the command
with ``store_failed``, and pauses: every viewer is told why (``paused`` in the state), every command is refused with
``paused``, and no bot plays and no deal is dealt. Every :data:`RETRY_SECONDS` it asks the store whether a write can
be made; once one can, play goes on from where the store stands.

Where the store cannot even be read back, memory is emptied (it may hold the event that was not stored), but the
people keep their seats: their tokens are looked up in the seats as they were (:meth:`Pausing.seat_of`), so a page
that reconnects, or a rejoin link opened afresh, is welcomed at its seat and told only that the table is paused. A
table that is paused judges no link: a token that sits nowhere is answered ``paused``, not ``bad_token``, so that a
page never forgets its link for an answer given while the store is out. Once the store is read back, a connection
whose token the stored table no longer seats is told ``bad_token`` as usual (:meth:`Presence.revoke_unseated`).
"""

from __future__ import annotations

import logging

from .actor import Actor
from .presence import Presence
from .seating import RoomError, SeatInfo
from .store import StoreError

__all__ = ["RETRY_SECONDS", "Pausing"]

log = logging.getLogger("roundgames.web")

#: how often a paused table asks its store whether it can write again
RETRY_SECONDS = 2.0


class Pausing:
    """The pause of a table whose store failed: a part of :class:`~roundgames.web.room.Room`."""

    def __init__(self, room: Actor, presence: Presence) -> None:
        self.room = room
        self.presence = presence
        #: why the table is paused (the store's failure, in words), or None while it plays
        self.paused: str | None = None
        #: the table could not even be read back from its store when it paused: it is read again before it resumes
        self.stale = False
        #: while ``stale``: the seats as memory held them when the store went out, and their names, in which the
        #: people who sat keep their seats (a token is looked up here until the table is read back)
        self.kept: list[SeatInfo] = []
        self.kept_names: list[str] = []

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
            if not self.stale:  # memory is emptied below: its seats are the ones to keep
                self.kept, self.kept_names = room.state.seats, room.state.display_names()
            self.stale = True
            room.replay([])  # nothing unsaved stays in the table (the lobby leaves it out until it is read: listable)
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
        stale = self.stale
        self.paused, self.stale, self.kept, self.kept_names = None, False, [], []
        room.changed()
        if stale:  # the seats were kept from memory: a token the stored table does not seat sits no more
            self.presence.revoke_unseated()
        room.broadcast([], snapshot=True)

    def seat_of(self, token: str) -> int:
        """The seat ``token`` sits in (:meth:`Presence.seat_of`): while the store cannot be read, in the seats as
        they were when it went out. A token that sits nowhere is refused with ``paused`` while the table is paused,
        not ``bad_token``: a table that is not playing judges no link (the store that has the last word on it may
        be out), so the page keeps its link and asks again; once the table plays on, it is told ``bad_token``."""
        try:
            return self.presence.seat_of(token, self.kept if self.stale else None)
        except RoomError:
            if self.paused is None:
                raise
        raise RoomError(
            "paused", f"the table is paused, and checks this link once it plays on: {self.paused}", None, "token"
        )

    def names(self) -> list[str]:
        """Each seat's name as its people see it: as it was when the store went out, while it cannot be read."""
        return self.kept_names if self.stale else self.room.state.display_names()
