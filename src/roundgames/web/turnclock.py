"""The clock of each turn: a table's ``turn_seconds`` for every person's turn.

When a person's turn begins, his time starts (``seats[].turn_until`` in the state, ms since the epoch). When it runs
out, a stored ``timeout`` event marks the seat and says so in the log, and the seat's bot plays that turn for him.
After :data:`AWAY_AFTER` turns running timed out the seat is treated as away: its bot plays every turn until the
person acts (any message of his, ``back`` included) or comes back on a new connection, which gives the seat back at
once, with a fresh time for the turn in hand.

A turn's time is kept in memory only: a restarted server gives the turn in hand a fresh one, as it gives a fresh
countdown to a person who is not connected. The timeouts and the person's coming back (a stored ``back``) are kept,
and applied by :func:`~roundgames.web.reducer.reduce`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .reducer import AWAY_AFTER, TableState

if TYPE_CHECKING:
    from .timing import Clock

__all__ = ["AWAY_AFTER", "TurnClock", "gives_back"]


class TurnClock:
    """The time of the turn in hand: a part of :class:`~roundgames.web.room.Room`."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        #: the turn being timed: where the deal stood when it began (:meth:`TableState.point`, and how many times a
        #: person had come back to a lapsed turn) and when its time ends
        self._turn: tuple[tuple[int, int, int], float] | None = None

    def restart(self) -> None:
        """The turn in hand starts its time afresh when it is next asked for (a table read back)."""
        self._turn = None

    def timed_out(self, state: TableState, seat: int) -> bool:
        """Whether a bot plays ``seat`` for want of time: this turn's ran out, or the seat is away by its timeouts."""
        s = state.seats[seat]
        if s.kind != "person":
            return False
        return s.timeouts >= AWAY_AFTER or (state.lapsed is not None and state.lapsed == (state.point(), seat))

    def turn_ends(self, state: TableState, bot_playing: bool) -> float | None:
        """When the time of the turn in hand runs out (seconds since the epoch), or None: no clock at this table,
        no person's turn, or a bot playing it (``bot_playing``). The time starts the first time it is asked for."""
        seconds = state.config.get("turn_seconds")  # a table stored before the clock existed has none
        table = state.table
        deal = table.deal
        if not seconds or not state.started or deal is None or deal.is_complete or deal.to_act is None:
            return None
        seat = table.keeping if table.keeping is not None else deal.to_act
        if state.seats[seat].kind != "person" or bot_playing:
            return None
        point = (*state.point(), state.returns)  # a person back at a lapsed turn has his time afresh
        if self._turn is None or self._turn[0] != point:
            self._turn = (point, self.clock.now() + float(seconds))
        return self._turn[1]


def gives_back(state: TableState, seat: int) -> bool:
    """Whether a message of ``seat``'s person would give the seat back from its bot (a stored ``back``, or only
    the turn in hand)."""
    return state.seats[seat].timeouts > 0 or state.lapsed == (state.point(), seat)
