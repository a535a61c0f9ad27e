"""The server's garbage collection: what its tables keep is set out of Python's collections, which then stay short.

A table keeps its sitting in memory (each deal, its actions and tricks, the log): some 500 objects that Python's
cycle collector tracks, about 550,000 at a thousand tables. A full collection looks at every one of them, some
half a second to a second with nothing else done, and by CPython's own rule one comes each time the objects that
outlived two younger collections reach a quarter of those that outlived the last full one: every few seconds while
tables fill up (measured with ``benchmarks/bench_web.py --tables 1100 --watchers 1100``: 14 full collections in a
minute, 3.7 s of the event loop's time, the longest 489 ms, each a pause of every table at once).

So every :data:`FREEZE_SECONDS` what lives is frozen (:func:`gc.freeze`, which takes no time): a full collection
then looks only at what was made since, a few seconds' worth (frozen every 10 s, the full collections at 1,100
tables still took 50 to 230 ms, one every few seconds; frozen every 2 s, 4 in a minute, the longest 34 ms). What is
frozen is still freed when nothing refers to it; only a cycle of frozen objects (a table forgotten, a connection
closed) waits for the next thaw: every :data:`THAW_SECONDS` everything is looked at once more (:func:`gc.unfreeze`
and a full collection, the one long pause left, about 0.8 s at 1,100 tables, measured) and frozen again.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

__all__ = ["FREEZE_SECONDS", "THAW_SECONDS", "Collecting"]

log = logging.getLogger(__name__)

#: how often what lives is frozen (seconds): a full collection looks at about this long's objects
FREEZE_SECONDS = 2.0
#: how often everything is collected once more (seconds), for the cycles that were frozen (a forgotten table's)
THAW_SECONDS = 600.0


class Collecting:
    """Freezes what the server keeps at its start and every :data:`FREEZE_SECONDS`, and thaws and collects it all
    every :data:`THAW_SECONDS`, on the running event loop's timers (the real time, whatever clock the tables
    keep), from :meth:`start` to :meth:`stop`."""

    def __init__(self) -> None:
        self._timer: asyncio.TimerHandle | None = None
        self._thawed_at = 0.0

    def start(self) -> None:
        gc.freeze()  # what was loaded lives as long as the server: keep it out of every later collection
        self._thawed_at = time.monotonic()
        self._timer = asyncio.get_running_loop().call_later(FREEZE_SECONDS, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _tick(self) -> None:
        now = time.monotonic()
        if now - self._thawed_at >= THAW_SECONDS:
            gc.unfreeze()
            collected = gc.collect()
            log.debug("collected %d objects in %.0f ms", collected, (time.monotonic() - now) * 1000)
            self._thawed_at = now
        gc.freeze()
        self._timer = asyncio.get_running_loop().call_later(FREEZE_SECONDS, self._tick)
