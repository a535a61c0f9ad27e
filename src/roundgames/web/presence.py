"""Who is at a table: its connections, each seat's count of them here and at the other server processes, and the
seat that moves, is left or is revoked.

A seat's count of connections decides whether its person is at the table or away (his countdown, after which his
bot plays); on a store several processes share, the other processes' connections count too
(:mod:`roundgames.web.follow`), so a person connected anywhere is never replaced by his bot.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from types import MappingProxyType

from .actor import Actor
from .seating import Conn, RoomError, SeatInfo, hash_token

__all__ = ["BAD_TOKEN_TEXT", "LEFT_TEXT", "MOVED_TEXT", "REVOKED_CLOSE", "REVOKED_TEXT", "Presence"]

#: what a seat whose person left, or whose seat moved to another device, is told (the ``seat_lost`` message)
LEFT_TEXT = "You have left your seat; you are watching now."
MOVED_TEXT = "Your seat moved to another device (your rejoin link was opened there); you are watching now."
#: what a connection whose seat link was revoked is told, as it is closed (a ``bad_token`` error)
REVOKED_TEXT = "This seat's rejoin link was replaced by a new one from another device: it no longer sits at the table."
#: what a hello with a token that sits nowhere at the table is told (a ``bad_token`` error)
BAD_TOKEN_TEXT = "this seat token does not sit at this table"
#: the close code of a connection whose seat link was revoked (as a hello with a wrong token)
REVOKED_CLOSE = 4403


class Presence:
    """The table's connections and who they seat: a part of :class:`~roundgames.web.room.Room`."""

    def __init__(self, room: Actor) -> None:
        self.room = room
        self.conns: set[Conn] = set()
        #: when a person first connected to a seat (None: never; a table nobody joins is forgotten early)
        self.first_person_at: float | None = None
        #: the other processes' connections: for each seat, how many (-1: spectators)
        self.remote: Mapping[int, int] = MappingProxyType({})

    def watched(self) -> bool:
        """Whether anyone watches the table, here or at another process (nobody watching, the bots wait)."""
        return bool(self.conns) or any(n > 0 for n in self.remote.values())

    def seat_of(self, token: str, seats: list[SeatInfo] | None = None) -> int:
        """The seat a token sits in, among ``seats`` (the table's own by default); raises :class:`RoomError` for a
        wrong token."""
        h = hash_token(token)
        for i, s in enumerate(self.room.state.seats if seats is None else seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        raise RoomError("bad_token", BAD_TOKEN_TEXT, None, "token")

    def arrive(self, conn: Conn) -> bool:
        """Count ``conn`` at its seat; whether it is new here (a command run again after a lost race counts it
        once)."""
        first = conn not in self.conns
        self.conns.add(conn)
        if conn.seat is not None and first:
            now = self.room.clock.now()
            s = self.room.state.seats[conn.seat]
            s.conns += 1
            s.back_at = now
            self.first_person_at = self.first_person_at or now
        return first

    def leave(self, conn: Conn) -> None:
        """``conn`` has gone: its seat's count falls, and a person connected nowhere gets his countdown."""
        self.conns.discard(conn)
        if conn.seat is not None:
            s = self.room.state.seats[conn.seat]
            s.conns = max(0, s.conns - 1)
            now = self.room.clock.now()
            # A player who drops again soon after coming back keeps the countdown he had: otherwise a
            # connection that keeps failing would hold the table up for ever.
            if s.conns == 0:
                brief = s.dropped_until > 0 and now - s.back_at < self.room.timing.away_seconds
                s.away_until = s.dropped_until if brief else now + self.room.timing.away_seconds
                s.dropped_until = s.away_until

    def set_remote(self, counts: dict[int, int]) -> bool:
        """The other processes' connections at each seat now: a person connected elsewhere is at the table; one who
        left them all gets his countdown, as one who leaves this process does. Whether they changed."""
        now = self.room.clock.now()
        old = self.remote
        for i, s in enumerate(self.room.state.seats):
            delta = counts.get(i, 0) - old.get(i, 0)
            if delta == 0:
                continue
            had = s.conns
            s.conns = max(0, s.conns + delta)
            if had > 0 and s.conns == 0 and s.kind != "bot":
                s.away_until = now + self.room.timing.away_seconds
        self.remote = MappingProxyType(dict(counts))
        return counts != old

    def lose_seat(self, conn: Conn, reason: str, text: str) -> None:
        """``conn`` no longer holds its seat: it watches as a spectator from now on, and is told why."""
        if conn.seat is not None:
            s = self.room.state.seats[conn.seat]
            s.conns = max(0, s.conns - 1)
        conn.seat = None
        conn.push({"type": "seat_lost", "reason": reason, "message": text})
        self.room.changed()
        self.room.send_to(conn, [], snapshot=True)

    def vacated(self, seat: int) -> None:
        """The seat's person left it: every connection at it watches from now on."""
        for conn in [c for c in self.conns if c.seat == seat]:
            self.lose_seat(conn, "left", LEFT_TEXT)

    def seat_moved_away(self, seat: int) -> None:
        """The seat was taken on another server process (its rejoin link opened there): every connection here at
        the seat watches as a spectator from now on, told why."""
        for conn in [c for c in self.conns if c.seat == seat]:
            self.lose_seat(conn, "moved", MOVED_TEXT)

    def move_seat(self, conn: Conn) -> None:
        """A second connection says hello with a seat's token: the seat moves to it, and every other connection at
        the seat becomes a spectator, told why (``seat_lost``, reason ``moved``)."""
        for other in [c for c in self.conns if c is not conn and c.seat is not None and c.seat == conn.seat]:
            self.lose_seat(other, "moved", MOVED_TEXT)

    def revoke_replaced(self) -> None:
        """Close every connection that said hello with a rejoin link since replaced (:meth:`revoke`)."""
        for token_hash in self.room.state.revoked & {getattr(c, "token_hash", None) for c in self.conns}:
            self.revoke(token_hash)

    def revoke(self, token_hash: str | None) -> None:
        """Every connection that said hello with the token of ``token_hash`` (which no longer sits) is told and
        closed: here, or on another server process that follows the new link's event."""
        if token_hash is None:
            return
        for conn in [c for c in self.conns if getattr(c, "token_hash", None) == token_hash]:
            self._revoke(conn)

    def revoke_unseated(self) -> None:
        """Close every connection seated by a token that its seat no longer has (the table read back after its
        store was out, while the people kept the seats they had in memory): told ``bad_token``, as a hello with that
        token now would be."""
        seats = self.room.state.seats
        for conn in list(self.conns):
            seat, token_hash = conn.seat, getattr(conn, "token_hash", None)
            if seat is not None and token_hash is not None and seats[seat].token_hash != token_hash:
                self._revoke(conn, BAD_TOKEN_TEXT)

    def _revoke(self, conn: Conn, text: str = REVOKED_TEXT) -> None:
        """``conn`` said hello with a token that no longer sits: it is told why (``text``) and closed."""
        if conn.seat is not None:
            s = self.room.state.seats[conn.seat]
            s.conns = max(0, s.conns - 1)
            conn.seat = None
        self.conns.discard(conn)
        conn.push({"type": "error", "code": "bad_token", "message": text, "rule": None, "field": "token"})
        conn.close(REVOKED_CLOSE)
        self.room.changed()
