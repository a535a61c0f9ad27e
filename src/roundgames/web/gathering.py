"""A table's lifecycle: the gathering before its first sitting, the start, leaving a seat, and Play again.

A new table with seats for people waits for them: nothing is dealt and nobody is charged until the sitting starts.
The **host** is the first person to sit down (the creator, who sits as he creates the table); if he leaves before
the start, the person seated longest after him is the host. The host sees who has sat down, may fill an open seat
with a bot (``seat_bot``) or open a bot's seat again (``open_seat``), and starts the sitting (``start``); it starts by
itself once no seat is open. A table with no seat for people starts at once.

When the sitting is over, any seated person may play again (``again``): a new sitting at the same seats, seeded
from the table's seed and the sitting's number, so that a restarted server deals the same cards. Before the start
or between sittings a person may leave his seat (``leave``), which opens it again; a new sitting with a seat left
open gathers as the first did (nothing dealt to it or charged to it until somebody sits or the host starts).

Each of these steps is a stored event (docs/web.md, "Gathering and Play again"), so a restart keeps them. So is a
seat's new rejoin link (``relink``, docs/web.md, "A new rejoin link"): its person takes the seat back from every
device holding the old link, which no longer sits.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .names import differing, look_alike, table_label
from .seating import Conn, LogEntry, RoomError, SeatInfo, hash_token

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..session.table import Table
    from .store import Event
    from .timing import Clock, Timing

__all__ = ["HOST_RULE", "LIFECYCLE", "Gathering"]

#: how the server knows the host, as every refusal of a host's command says it
HOST_RULE = "the host is the first person to sit down at the table"
#: the stored events of the lifecycle and of the seats' links (:meth:`Gathering._apply_lifecycle`)
LIFECYCLE = ("start", "seat_bot", "open_seat", "leave", "again", "relink")
#: what a seat whose person left, or whose seat moved to another device, is told (the ``seat_lost`` message)
LEFT_TEXT = "You have left your seat; you are watching now."
MOVED_TEXT = "Your seat moved to another device (your rejoin link was opened there); you are watching now."
#: what a connection whose seat link was revoked is told, as it is closed (a ``bad_token`` error)
REVOKED_TEXT = "This seat's rejoin link was replaced by a new one from another device: it no longer sits at the table."
#: the close code of a connection whose seat link was revoked (as a hello with a wrong token)
REVOKED_CLOSE = 4403
#: seconds between two new rejoin links of one seat
RELINK_SECONDS = 10


class Gathering:
    """The gathering, the sittings one after another, and leaving: a part of :class:`~roundgames.web.room.Room`."""

    if TYPE_CHECKING:
        config: dict[str, Any]
        seats: list[SeatInfo]
        conns: set[Conn]
        table: Table
        nets: list[list[int]]
        hinted: dict[int, set[int]]
        deal_number: int
        next_deal_at: float | None
        clock: Clock
        timing: Timing
        log: list[LogEntry]
        _version: int

        def display_names(self) -> list[str]: ...
        def _command(self, kind: str, data: dict[str, Any]) -> None: ...
        def _log(
            self, seq: int, kind: str, seat: int | None, text: str, private: dict[int, str] | None = None
        ) -> None: ...
        def _reset_sitting(self) -> None: ...
        def _plan_next_deal(self) -> None: ...
        def _broadcast(self, entries: list[LogEntry], *, snapshot: bool = False) -> None: ...
        def send_to(self, conn: Conn, entries: list[LogEntry], *, snapshot: bool = False) -> None: ...

    def _reset_gathering(self) -> None:
        #: whether the first sitting has started (a table with no seat for people starts at once)
        self.started = not any(s.kind == "open" for s in self.seats)
        #: the seats of the people sitting, in the order they sat down: the first is the host
        self.sat: list[int] = []
        #: the sitting in play (from 1), and the score sheets of the ones before it
        self.sitting_number = 1
        #: the hashes of the rejoin links replaced by new ones: a connection that said hello with one is closed,
        #: whichever way the replacing event reached this process (a command here, or another process's event)
        self.revoked: set[str] = set()
        self.past: list[dict[str, Any]] = []

    @property
    def host(self) -> int | None:
        """The host's seat: the first person to sit down (and still seated), or None before anyone has."""
        return self.sat[0] if self.sat else None

    def sitting_seed(self) -> int | str:
        """The seed of the sitting in play: the table's own for the first, derived from it for each one after."""
        seed: int | str = self.config["seed"]
        return seed if self.sitting_number == 1 else f"{seed}/{self.sitting_number}"

    # -- what the state and the lobby show -------------------------------------------------------------------------

    def lifecycle(self) -> dict[str, Any]:
        """``state.gathering``, ``state.host`` and ``state.sitting`` of docs/web.md."""
        table = self.table
        players = len(self.seats)
        done = len(table.sitting.deals)
        rounds = int(self.config["rounds"])
        last = self.started and done >= (rounds - 1) * players
        gathering = None
        if not self.started:
            gathering = {
                "host": self.host,
                "open": [i for i, s in enumerate(self.seats) if s.kind == "open"],
                "people": [i for i, s in enumerate(self.seats) if s.kind == "person"],
                "bots": [i for i, s in enumerate(self.seats) if s.kind == "bot"],
            }
        sitting = {
            "number": self.sitting_number,
            "rounds": rounds,
            "last_round": bool(last and not table.is_over),
            "deals_left": max(0, rounds * players - done) if last and not table.is_over else None,
            "over": bool(table.is_over),
        }
        return {"gathering": gathering, "host": self.host, "sitting": sitting}

    def sittings(self) -> list[dict[str, Any]]:
        """``scores.sittings``: each sitting before the one in play, its score sheet and its final balances."""
        return list(self.past)

    # -- commands (run on the queue) -------------------------------------------------------------------------------

    def sit(self, seat: int, name: str) -> str:
        """Seat a person; returns the new seat token (only its hash is kept)."""
        self._check_seat(seat)
        if self.seats[seat].kind != "open":
            raise RoomError("seat_taken", f"seat: seat {seat} is taken", None, "seat")
        self._check_name(name)
        token = secrets.token_urlsafe(18)
        self._command("sit", {"seat": seat, "name": name, "hash": hash_token(token)})
        return token

    def _check_name(self, name: str) -> None:
        """Refuse a label the table uses itself, and a name that is, or looks like, a name at the table (compared by
        :func:`~roundgames.web.names.skeleton`: NFKC, no accents, Cyrillic and Greek look-alikes made Latin, any
        case, I/l/1 one stroke, 0 as o, rn as m), naming whose it looks like and the characters that differ."""
        if table_label(name):
            raise RoomError("bad_message", f"name: {name!r} is kept for the table's own labels", None, "name")
        names = self.display_names()
        same = look_alike(name, names)
        if same is None:
            return
        holder = f"{names[same]}'s name at this table (seat {same + 1})"
        if name.casefold() == names[same].casefold():
            raise RoomError("bad_message", f"name: {name!r} is {holder}", None, "name")
        odd = differing(name, names[same])
        raise RoomError("bad_message", f"name: {name!r} looks like {holder}; it differs only in {odd}", None, "name")

    def start_sitting(self, seat: int | None) -> None:
        """The host starts the first sitting: an open seat is played by its bot until somebody sits (once the
        countdown from the table's creation has run, as for a person who never connected)."""
        self._host_only(seat, "start the sitting")
        if self.started:
            raise RoomError("started", "start: the sitting has started already", None, "type")
        self._command("start", {"seat": seat})

    def seat_bot(self, seat: int | None, which: int) -> None:
        """The host fills an open seat with its bot, before the start."""
        self._host_only(seat, "seat a bot")
        self._before_start("seat a bot")
        self._check_seat(which)
        if self.seats[which].kind != "open":
            kind = "a bot's" if self.seats[which].kind == "bot" else f"{self.display_names()[which]}'s"
            raise RoomError("seat_taken", f"seat: seat {which} is {kind}, not open", None, "seat")
        self._command("seat_bot", {"seat": which})

    def open_seat(self, seat: int | None, which: int) -> None:
        """The host opens a bot's seat again for a person, before the start."""
        self._host_only(seat, "open a seat")
        self._before_start("open a seat")
        self._check_seat(which)
        kind = self.seats[which].kind
        if kind == "person":
            raise RoomError(
                "seat_taken",
                f"seat: seat {which} is {self.display_names()[which]}'s: only he may leave it",
                None,
                "seat",
            )
        if kind == "open":
            raise RoomError("bad_message", f"seat: seat {which} is open already", None, "seat")
        self._command("open_seat", {"seat": which})

    def leave(self, seat: int) -> None:
        """A person leaves his seat before the start or between sittings: it is open again."""
        if self.started and not self.table.is_over:
            raise RoomError(
                "in_play", "leave: a seat may be left before the sitting starts or once it is over, not during it"
            )
        self._command("leave", {"seat": seat})
        for conn in [c for c in self.conns if c.seat == seat]:
            self._lose_seat(conn, "left", LEFT_TEXT)

    def new_link(self, seat: int, asker: Conn) -> str:
        """A new rejoin link for ``seat``, asked on ``asker``: the seat's token is replaced (a stored event keeps
        only its hash), every other connection that said hello with the old token is told and closed, and the new
        token is returned, for ``asker`` alone."""
        s, now = self.seats[seat], self.clock.now()
        wait = s.relinked_at + RELINK_SECONDS - now
        if wait > 0:
            raise RoomError(
                "too_fast", f"new_link: one new link every {RELINK_SECONDS} seconds; try again in {wait:.0f} s"
            )
        old = s.token_hash
        token = secrets.token_urlsafe(18)
        self._command("relink", {"seat": seat, "hash": hash_token(token)})
        s.relinked_at = now
        asker.token_hash = self.seats[seat].token_hash
        self.revoke(old)
        return token

    def _relinked(self, events: Iterable[Event]) -> None:
        """Each seat's last new link made when its stored event says (``ts``), so that a table read back (at a
        restart, an undo, or on another server process) keeps the limit of one every :data:`RELINK_SECONDS`."""
        for ev in events:
            if ev.kind == "relink":
                s = self.seats[ev.data["seat"]]
                s.relinked_at = max(s.relinked_at, ev.ts)

    def revoke_replaced(self) -> None:
        """Close every connection that said hello with a rejoin link since replaced (:meth:`revoke`)."""
        for token_hash in self.revoked & {getattr(c, "token_hash", None) for c in self.conns}:
            self.revoke(token_hash)

    def revoke(self, token_hash: str | None) -> None:
        """Every connection that said hello with the token of ``token_hash`` (which no longer sits) is told and
        closed: here, or on another server process that follows the new link's event."""
        if token_hash is None:
            return
        for conn in [c for c in self.conns if getattr(c, "token_hash", None) == token_hash]:
            self._revoke(conn)

    def _revoke(self, conn: Conn) -> None:
        """``conn`` said hello with a token that no longer sits: it is told why and closed."""
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.conns = max(0, s.conns - 1)
            conn.seat = None
        self.conns.discard(conn)
        conn.push({"type": "error", "code": "bad_token", "message": REVOKED_TEXT, "rule": None, "field": "token"})
        conn.close(REVOKED_CLOSE)
        self._version += 1

    def again(self, seat: int) -> None:
        """Play again: a new sitting at the same seats, once the sitting is over (any seated person)."""
        if not self.table.is_over:
            raise RoomError("in_play", "again: the sitting in play is not over yet")
        self._command("again", {"seat": seat, "sitting": self.sitting_number + 1})

    def _host_only(self, seat: int | None, what: str) -> None:
        if seat is None or seat != self.host:
            host = "nobody has sat down yet" if self.host is None else f"the host is {self.display_names()[self.host]}"
            raise RoomError("not_host", f"only the host may {what} ({HOST_RULE}; {host})", None, "type")

    def _before_start(self, what: str) -> None:
        if self.started:
            raise RoomError("started", f"the sitting has started: the host may {what} only before it", None, "type")

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise RoomError(
                "bad_message", f"seat: no seat {seat} at this table (0 to {len(self.seats) - 1})", None, "seat"
            )

    # -- the stored events -----------------------------------------------------------------------------------------

    def _apply_sit(self, seq: int, data: dict[str, Any]) -> None:
        seat = data["seat"]
        s = self.seats[seat]
        s.kind, s.name, s.token_hash = "person", data["name"], data["hash"]
        s.away_until = self.clock.now() + self.timing.away_seconds
        s.timeouts = 0
        now = self.table.in_play
        s.first_deal = len(self.table.sitting.deals) + 1 + (now is not None and not now.is_complete)
        self.sat.append(seat)
        self._log(seq, "seat", seat, f"{data['name']} sits down" + (" (the host)" if self.host == seat else ""))
        self._start_if_full(seq)

    def _apply_lifecycle(self, kind: str, seq: int, data: dict[str, Any]) -> None:
        seat = data["seat"]
        names = self.display_names()
        if kind == "start":
            self._begin(seq, f"{names[seat]} starts the sitting")
        elif kind == "seat_bot":
            s = self.seats[seat]
            s.kind, s.name = "bot", f"Bot {seat + 1}"
            self._log(seq, "seat", seat, f"Bot {seat + 1} takes seat {seat + 1}")
            self._start_if_full(seq)
        elif kind == "open_seat":
            s = self.seats[seat]
            s.kind, s.name = "open", None
            s.away_until = self.clock.now() + self.timing.away_seconds
            self._log(seq, "seat", seat, f"Seat {seat + 1} is open for a person")
        elif kind == "leave":
            self._vacate(seq, seat, names[seat])
        elif kind == "relink":
            if self.seats[seat].token_hash is not None:
                self.revoked.add(self.seats[seat].token_hash)
            self.seats[seat].token_hash = data["hash"]
            self._log(seq, "seat", seat, f"{names[seat]} has a new rejoin link: the old one no longer sits")
        else:  # again
            self.past.append(self._sheet())
            self.sitting_number = data["sitting"]
            self._reset_sitting()
            open_seats = [i for i, s in enumerate(self.seats) if s.kind == "open"]
            if open_seats:
                # A seat left open between sittings is nobody's: the new sitting gathers as the first did, and
                # nothing is dealt to that seat, nor charged to it, until somebody sits or the host starts.
                self.started = False
                which = ", ".join(str(i + 1) for i in open_seats)
                self._log(
                    seq,
                    "info",
                    seat,
                    f"{names[seat]} plays again: sitting {self.sitting_number} waits for seat"
                    f"{'s' if len(open_seats) > 1 else ''} {which} to be taken, or for the host to start it",
                )
            else:
                self._log(seq, "info", seat, f"{names[seat]} plays again: sitting {self.sitting_number} begins")
            self._plan_next_deal()

    def _vacate(self, seq: int, seat: int, name: str) -> None:
        s = self.seats[seat]
        s.kind, s.name, s.token_hash, s.timeouts = "open", None, None, 0
        s.away_until = self.clock.now() + self.timing.away_seconds
        was_host = self.host == seat
        self.sat.remove(seat)
        host = self.host
        after = f"; {self.display_names()[host]} is the host now" if was_host and host is not None else ""
        self._log(seq, "seat", seat, f"{name} leaves seat {seat + 1}{after}")

    def _start_if_full(self, seq: int) -> None:
        """The sitting starts by itself once no seat is left open."""
        if not self.started and not any(s.kind == "open" for s in self.seats):
            self._begin(seq, "Every seat is taken")

    def _begin(self, seq: int, why: str) -> None:
        self.started = True
        names = self.display_names()
        who = ", ".join(names[i] for i, s in enumerate(self.seats) if s.kind == "person") or "bots only"
        self._log(seq, "info", None, f"{why}: the sitting begins ({who}).")
        self._plan_next_deal()

    def _sheet(self) -> dict[str, Any]:
        """The sitting in play's score sheet, kept when the next one begins."""
        balances = [self.table.sitting.balances.get(s, 0) for s in self.table.seats]
        hints = [sorted(self.hinted.get(n, ())) for n in range(1, len(self.nets) + 1)]
        return {
            "number": self.sitting_number,
            "names": self.display_names(),
            "deals": list(self.nets),
            "totals": balances,
            "hints": hints,
        }

    # -- the connections ---------------------------------------------------------------------------------------------

    def _lose_seat(self, conn: Conn, reason: str, text: str) -> None:
        """``conn`` no longer holds its seat: it watches as a spectator from now on, and is told why."""
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.conns = max(0, s.conns - 1)
        conn.seat = None
        conn.push({"type": "seat_lost", "reason": reason, "message": text})
        self._version += 1
        self.send_to(conn, [], snapshot=True)

    def seat_moved_away(self, seat: int) -> None:
        """The seat was taken on another server process (its rejoin link opened there): every connection here at
        the seat watches as a spectator from now on, told why."""
        for conn in [c for c in self.conns if c.seat == seat]:
            self._lose_seat(conn, "moved", MOVED_TEXT)

    def move_seat(self, conn: Conn) -> None:
        """A second connection says hello with a seat's token: the seat moves to it, and every other connection at
        the seat becomes a spectator, told why (``seat_lost``, reason ``moved``)."""
        for other in [c for c in self.conns if c is not conn and c.seat is not None and c.seat == conn.seat]:
            self._lose_seat(other, "moved", MOVED_TEXT)
