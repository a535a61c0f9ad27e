"""Where the web server's bots think: never on the event loop.

A bot's decision is a :class:`~roundgames.session.decisions.Decision` (the bot's name, the game, a seed, the seat's
view), which pickles, and :func:`~roundgames.session.decisions.decide` turns it into an action. The server decides
in a :class:`PoolThinker`, a pool of worker processes sized from the machine's cores, made when the server opens and
shut down when it closes, so that one bot's search never holds up another table's messages. A room made on its own
(a test on a manual clock) thinks with an :class:`InlineThinker`, on the spot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from ..session.decisions import Decision, decide

__all__ = ["InlineThinker", "PoolThinker", "Thinker", "default_workers"]

log = logging.getLogger("roundgames.web")

#: how much lower the workers' priority is than the server's (``nice``): the event loop comes first
WORKER_NICENESS = 5


class Thinker(Protocol):
    """Decides bots' actions for the rooms."""

    async def decide(self, decision: Decision) -> Any:
        """The action of ``decision``'s bot."""
        ...


class InlineThinker:
    """Decides at once, in the caller's thread: for a room on its own (the tests on a manual clock)."""

    async def decide(self, decision: Decision) -> Any:
        return decide(decision)


def default_workers() -> int:
    """One worker per core the server may use, less one left to the event loop; at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def _start_worker() -> None:
    """A worker's start: a lower priority than the server's; deaf to Ctrl+C, which the whole terminal's process group
    receives (the server shuts its pool down); and an end when the server ends however it ends (a pool's workers
    wait for work for ever otherwise: a server killed outright would leave them behind)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server = multiprocessing.parent_process()  # the server, even for a worker the fork server made
    if server is not None:
        threading.Thread(target=_end_with, args=(server.sentinel,), name="end with the server", daemon=True).start()


def _end_with(sentinel: int) -> None:
    """Wait until the process of ``sentinel`` has ended, then end this one at once."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _ready() -> bool:
    """Nothing: sent to the pool as it opens, so that its first worker has started before the first bot thinks."""
    return True


class PoolThinker:
    """Decides in a :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes (by default
    :func:`default_workers`). :meth:`open` makes the pool and :meth:`close` shuts it down; a pool broken by a
    worker that died is made again, and the decision asked once more."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else default_workers()
        if self.workers < 1:
            raise ValueError(f"workers: at least 1, got {self.workers}")
        self._pool: ProcessPoolExecutor | None = None

    def _new_pool(self) -> ProcessPoolExecutor:
        # A fresh interpreter forked from a clean server process (forkserver), never a fork of the running
        # server with its threads and sockets; the bots are imported once, in the fork server.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(["roundgames.session.decisions"])
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker)

    def open(self) -> None:
        """Make the pool and start a worker (without waiting for it)."""
        if self._pool is None:
            self._pool = self._new_pool()
            self._pool.submit(_ready)

    async def decide(self, decision: Decision) -> Any:
        if self._pool is None:
            raise RuntimeError("the bots' pool is not open")
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            return await loop.run_in_executor(pool, decide, decision)
        except BrokenProcessPool:
            log.warning("a bots' worker died: the pool is made again")
            if self._pool is pool:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()
            return await loop.run_in_executor(self._pool, decide, decision)

    async def close(self) -> None:
        """Shut the pool down: decisions not begun are dropped, those under way finish (off the event loop)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
