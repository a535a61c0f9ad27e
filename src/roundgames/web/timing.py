"""The web table's pace and its clock: how long the server waits, and whose time it waits by.

:class:`Timing` holds the server's pauses (a table's own ``bot_delay`` is one of its settings). Every room
reads the time and sets its timers through a :class:`Clock`: the :class:`SystemClock` of a running server, or
a :class:`ManualClock` that a test (or a simulation) moves on by hand, so that a countdown of thirty seconds
takes no time at all to test.

>>> clock = ManualClock(start=100.0)
>>> fired = []
>>> _ = clock.call_at(105.0, lambda: fired.append(clock.now()))
>>> clock.fire_due(104.0), fired
(False, [])
>>> clock.fire_due(110.0), fired, clock.now()
(True, [105.0], 105.0)
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

__all__ = ["TRICK_PAUSE_ENV", "Clock", "ManualClock", "SystemClock", "Timer", "Timing"]

#: the environment variable that sets the pause after a trick (seconds): ``roundgames serve`` has no flag for it,
#: and the tests that drive a real server want it short
TRICK_PAUSE_ENV = "ROUNDGAMES_TRICK_PAUSE"


@dataclass
class Timing:
    """The server's pacing: seconds between bot actions come from each table; these are the server's."""

    away_seconds: float = 30.0  # a disconnected person's countdown before a bot plays the seat
    deal_pause: float = 5.0  # between a finished deal and the next, unless someone asks for it sooner
    trick_pause: float = 1.5  # a finished trick stays in view before a bot leads again

    @staticmethod
    def trick_pause_from_env(default: float = 1.5) -> float:
        """The pause after a trick from :data:`TRICK_PAUSE_ENV`, or ``default``; raises ValueError for a bad one."""
        raw = os.environ.get(TRICK_PAUSE_ENV)
        if raw is None or not raw.strip():
            return default
        try:
            value = float(raw)
        except ValueError:
            value = float("nan")
        if not 0 <= value < float("inf"):
            raise ValueError(f"{TRICK_PAUSE_ENV}={raw}: seconds, 0 or more")
        return value


class Timer(Protocol):
    """A planned call that may be called off."""

    def cancel(self) -> None:
        """Call it off (nothing happens if it has run already)."""


class Clock(Protocol):
    """Where a room reads the time (seconds since the epoch) and plans its next automatic step."""

    def now(self) -> float:
        """The time now."""
        ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` once the time is ``when`` (at once if it has passed), in the event loop's thread."""
        ...


class SystemClock:
    """The real time, and the running event loop's timers."""

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(max(0.0, when - time.time()), callback)


class _ManualTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that stands still until it is moved on: :meth:`advance` runs each timer due, in order, at its time.

    Nothing runs by itself, not even a timer already due: whoever drives the clock says when time passes."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._timers: list[tuple[float, int, Callable[[], None], _ManualTimer]] = []
        self._order = itertools.count()  # timers due at the same moment run in the order they were set

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(self._timers, (when, next(self._order), callback, timer))
        return timer

    def fire_due(self, until: float) -> bool:
        """Run the earliest timer due by ``until`` (the clock moves to its time, never back); whether one ran."""
        while self._timers and self._timers[0][0] <= until:
            when, _, callback, timer = heapq.heappop(self._timers)
            if timer.cancelled:
                continue
            self._now = max(self._now, when)
            callback()
            return True
        return False

    async def advance(self, seconds: float, settle: Callable[[], Awaitable[object]] | None = None) -> None:
        """Move the clock on by ``seconds``, running every timer due on the way; after each, ``await settle()``
        (a room's :meth:`~roundgames.web.room.Room.settle`) lets what it started finish and plan the next."""
        until = self._now + seconds
        if settle is not None:
            await settle()
        while self.fire_due(until):
            if settle is not None:
                await settle()
        self._now = max(self._now, until)
