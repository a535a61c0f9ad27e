"""The lobby: the tables their hosts list, as ``/api/tables`` shows them (docs/web.md).

On one server the lobby is made from the rooms it holds. On a store several processes share
(:mod:`roundgames.web.follow`) a process holds only its own tables and those its clients watch, so each table's
leader writes the table's lobby entry into the store when it changes (:meth:`Lobby.changes`, in the follower's
tick), and every process's lobby reads the entries back from the store (:meth:`Lobby.read`, at most once a
:data:`CACHE_SECONDS`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from .presets import clock_words, is_listed
from .room import Room
from .store import StoreError

__all__ = ["CACHE_SECONDS", "LOBBY_SIZE", "Lobby", "entry", "info", "listing"]

#: the most tables the lobby lists
LOBBY_SIZE = 100
#: how long a process's lobby read from a shared store is served again before it is read anew
CACHE_SECONDS = 1.0


def info(room: Room) -> dict[str, Any]:
    """TableInfo of docs/web.md: the room's, with whether the lobby lists it and its clock in words."""
    return {**room.info(), "listed": is_listed(room.config), "clock": clock_words(room.config.get("turn_seconds"))}


def entry(room: Room) -> dict[str, Any] | None:
    """The table as the lobby shows it, or None where it does not: a table its host lists (a table is private by
    default: its link is the way in) that is open to spectators, or, while it gathers, one closed to spectators with
    a seat open, without the names of who sits there (a table closed to spectators has players and scores that are
    not the lobby's to show); never one whose store cannot be read (:attr:`Room.listable`: memory holds it as
    made, not as it stands)."""
    if not room.listable or room.table.is_over or not is_listed(room.config):
        return None
    shown = info(room)
    if shown["spectators"]:
        return shown
    if shown["gathering"] and any(s["kind"] == "open" for s in shown["seats"]):
        return {**shown, "seats": [{**s, "name": None} for s in shown["seats"]]}
    return None


def listing(rooms: Iterable[Room]) -> list[dict[str, Any]]:
    """The lobby of these rooms: newest first, at most :data:`LOBBY_SIZE`."""
    shown = (entry(r) for r in sorted(rooms, key=lambda r: -r.created))
    return [e for e in shown if e is not None][:LOBBY_SIZE]


def _made_from(room: Room) -> tuple[Any, ...]:
    """What a table's lobby entry is made from (a move changes none of it): compared, where the table moved, before
    its entry is made again."""
    state = room.state
    seats = tuple((s.name, s.kind) for s in state.seats)
    return (is_listed(room.config), state.started, state.host, state.sitting_number, state.table.is_over, seats,
            room.table_summary())  # fmt: skip


class Lobby:
    """The lobby on a shared store: the entries this process last wrote for the tables it leads, and the lobby it
    last read."""

    def __init__(self) -> None:
        #: each led table's entry as last written: the table's number and listing then, what the entry was made
        #: from, its JSON
        self._written: dict[str, tuple[tuple[int, bool], tuple[Any, ...], str | None]] = {}
        self._read: tuple[float, list[dict[str, Any]]] | None = None

    def changes(self, rooms: Mapping[str, Room], leading: Collection[str]) -> dict[str, str | None]:
        """The entries of the led tables that changed since they were last written (None: no longer listed). Only
        a table that moved is looked at again, and its entry made again only where what it is made from changed
        (a seat taken, the sitting's start or end, its listing): not for every move."""
        out: dict[str, str | None] = {}
        for table_id in leading:
            room = rooms.get(table_id)
            if room is None:
                continue
            last = self._written.get(table_id)
            moved = (room.seq, is_listed(room.config))  # its listing changes with no event (the host's choice)
            if last is not None and last[0] == moved:
                continue
            made_from = _made_from(room)
            if last is not None and last[1] == made_from:
                self._written[table_id] = (moved, made_from, last[2])
                continue
            shown = entry(room)
            text = None if shown is None else json.dumps(shown, sort_keys=True)
            if last is None or last[2] != text:
                out[table_id] = text
            else:
                self._written[table_id] = (moved, made_from, text)
        return out

    def written(self, rooms: Mapping[str, Room], changes: Mapping[str, str | None]) -> None:
        """These entries are in the store now."""
        for table_id, text in changes.items():
            room = rooms.get(table_id)
            if room is not None:
                self._written[table_id] = ((room.seq, is_listed(room.config)), _made_from(room), text)

    def forget(self, table_id: str) -> None:
        """The table no longer leads here: a leader here again writes its entry afresh."""
        self._written.pop(table_id, None)

    def read(self, stored: Callable[[], list[dict[str, Any]]], here: Iterable[Room]) -> list[dict[str, Any]]:
        """The lobby as every leader wrote it (``stored``), read at most once a :data:`CACHE_SECONDS`; where the
        store cannot be read, the last one read, or else the tables held here."""
        now = time.monotonic()
        if self._read is not None and now < self._read[0] + CACHE_SECONDS:
            return self._read[1]
        try:
            found = stored()[:LOBBY_SIZE]
        except StoreError:
            return self._read[1] if self._read is not None else listing(here)
        self._read = (now, found)
        return found
