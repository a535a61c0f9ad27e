"""The clock of each turn: a table's ``turn_seconds`` for every person's turn.

When a person's turn begins, his time starts (``seats[].turn_until`` in the state, ms since the epoch). When it runs
out, a stored ``timeout`` event marks the seat and says so in the log, and the seat's bot plays that turn for him.
After :data:`AWAY_AFTER` turns running timed out the seat is treated as away: its bot plays every turn until the
person acts (any message of his, ``back`` included) or comes back on a new connection, which gives the seat back at
once, with a fresh time for the turn in hand.

A turn's time is kept in memory only: a restarted server gives the turn in hand a fresh one, as it gives a fresh
countdown to a person who is not connected. The timeouts and the person's coming back (a stored ``back``) are kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .seating import LogEntry, SeatInfo

if TYPE_CHECKING:
    from ..session.table import Table
    from .timing import Clock

__all__ = ["AWAY_AFTER", "TurnClock"]

#: the turns running a person may let run out before his seat is treated as away
AWAY_AFTER = 3


class TurnClock:
    """The turn clock: a part of :class:`~roundgames.web.room.Room`."""

    if TYPE_CHECKING:
        config: dict[str, Any]
        seats: list[SeatInfo]
        table: Table
        clock: Clock
        started: bool
        _version: int

        def display_names(self) -> list[str]: ...
        def _point(self) -> tuple[int, int]: ...
        def _command(self, kind: str, data: dict[str, Any]) -> None: ...
        def _log(
            self, seq: int, kind: str, seat: int | None, text: str, private: dict[int, str] | None = None
        ) -> None: ...
        def _broadcast(self, entries: list[LogEntry], *, snapshot: bool = False) -> None: ...

    def _reset_clock(self) -> None:
        #: the turn being timed: where the deal stood when it began (:meth:`_point`) and when its time ends
        self._turn: tuple[tuple[int, int], float] | None = None
        #: the turn whose time ran out: its point and seat, which the bot plays
        self._lapsed: tuple[tuple[int, int], int] | None = None

    def timed_out(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` for want of time: this turn's ran out, or the seat is away by its timeouts."""
        s = self.seats[seat]
        if s.kind != "person":
            return False
        return s.timeouts >= AWAY_AFTER or (self._lapsed is not None and self._lapsed == (self._point(), seat))

    def turn_ends(self, bot_playing: bool) -> float | None:
        """When the time of the turn in hand runs out (seconds since the epoch), or None: no clock at this table,
        no person's turn, or a bot playing it (``bot_playing``). The time starts the first time it is asked for."""
        seconds = self.config.get("turn_seconds")  # a table stored before the clock existed has none
        deal = self.table.deal
        if not seconds or not self.started or deal is None or deal.is_complete or deal.to_act is None:
            return None
        seat = self.table.keeping if self.table.keeping is not None else deal.to_act
        if self.seats[seat].kind != "person" or bot_playing:
            return None
        point = self._point()
        if self._turn is None or self._turn[0] != point:
            self._turn = (point, self.clock.now() + float(seconds))
        return self._turn[1]

    def time_out(self, seat: int) -> None:
        """The turn's time ran out: mark the seat (a stored event); its bot plays the turn next."""
        self._command("timeout", {"seat": seat})

    def _apply_timeout(self, seq: int, seat: int) -> None:
        s = self.seats[seat]
        s.timeouts += 1
        self._lapsed = (self._point(), seat)
        name = self.display_names()[seat]
        if s.timeouts >= AWAY_AFTER:
            text = (
                f"{name}'s time ran out {s.timeouts} turns running: a bot plays every turn for {name} until "
                f"{name} acts or comes back"
            )
        else:
            text = f"{name}'s time ran out: a bot plays this turn for {name}"
        self._log(seq, "info", seat, text)

    def gives_back(self, seat: int) -> bool:
        """Whether a message of ``seat``'s person would give the seat back (:meth:`give_back`)."""
        return self.seats[seat].timeouts > 0 or self._lapsed == (self._point(), seat)

    def give_back(self, seat: int) -> None:
        """The person is here (he acted, wrote, or came back): the seat is his again at once. A turn of his whose
        time ran out is his to play after all, with a fresh time, and the bot's answer for it is dropped."""
        if not self.gives_back(seat):
            return
        if self.seats[seat].timeouts > 0:
            # Stored, as the timeouts are: a restarted server must not mark him away again for turns he came back to.
            self._command("back", {"seat": seat})
            return
        self._apply_back(seat)
        self._version += 1
        self._broadcast([])

    def _apply_back(self, seat: int) -> None:
        self.seats[seat].timeouts = 0
        if self._lapsed == (self._point(), seat):
            self._lapsed = None
            self._turn = None
