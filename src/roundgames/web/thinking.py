"""Where the web server's bots think: in worker processes, but for the decisions cheaper than the trip to one.

A bot's decision is a :class:`~roundgames.session.decisions.Decision` (the bot's name, the game, a seed, the seat's
view), which pickles, and :func:`~roundgames.session.decisions.decide` turns it into an action. The server decides
in a :class:`PoolThinker`, pools of worker processes sized from the machine's cores, made when the server opens and
shut down when it closes, so that one bot's search never holds up another table's messages (nor, in a lane of their
own, the quick bots of another table). The trip to a worker and back (the view pickled, the executor's queue and
its wake-up, the answer unpickled) costs the server's own process about 300 µs of CPU: a bot whose decisions cost
less than :data:`HERE_SECONDS` (the random and sensible bots, measured) is decided in the server's process, on the
spot, which costs less and holds the event loop up for less than a millisecond. A room made on its own (a test on a
manual clock) thinks with an :class:`InlineThinker`, on the spot.

The expert's review of a deal and its hints (:mod:`roundgames.session.analysis`) are worked out in the searching
lane too (:meth:`PoolThinker.analyse`): a :class:`~roundgames.session.analysis.Job` pickles as a decision does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from ..session.analysis import Job
from ..session.analysis import run as run_job
from ..session.decisions import Decision, decide

__all__ = [
    "HERE",
    "HERE_SECONDS",
    "QUICK",
    "QUICK_SECONDS",
    "SEARCH",
    "InlineThinker",
    "PoolThinker",
    "Thinker",
    "default_workers",
]

log = logging.getLogger("roundgames.web")

#: how much lower the workers' priority is than the server's (``nice``): the event loop comes first
WORKER_NICENESS = 5
#: the lanes of :class:`PoolThinker`: the searching bots', the quick bots', and the server's own process
SEARCH, QUICK, HERE = "search", "quick", "here"
#: a bot and game whose decisions take less than this on average (seconds of CPU) think in the quick lane
QUICK_SECONDS = 0.005
#: a bot and game whose decisions take less than this on average (seconds of CPU) are decided in the server's
#: process: less than the server's own share of a worker's round trip (about 300 µs; benchmarks/bench_web_move.py)
HERE_SECONDS = 0.00025
#: the weight of each new decision's time in the moving average of a bot's
COST_WEIGHT = 0.1


class Thinker(Protocol):
    """Decides bots' actions for the rooms."""

    def at_once(self, decision: Decision) -> tuple[Any] | None:
        """The action of ``decision``'s bot, in a tuple of one, where it is decided on the spot, in the caller's
        thread; None where it is to be awaited (:meth:`decide`). A room plays an answer given at once without the
        task, the queue entry and the turn of the loop that an awaited one costs it."""
        ...

    async def decide(self, decision: Decision) -> Any:
        """The action of ``decision``'s bot."""
        ...

    async def analyse(self, job: Job) -> Any:
        """The expert's review or hint of ``job`` (:func:`roundgames.session.analysis.run`)."""
        ...


class InlineThinker:
    """Decides at once, in the caller's thread: for a room on its own (the tests on a manual clock)."""

    def at_once(self, decision: Decision) -> tuple[Any] | None:
        # Awaited, as a worker's answer is: a room's tests play with the server's turns of the loop between a
        # bot's question and its answer, where a person may act (an undo before the bot moves on).
        return None

    async def decide(self, decision: Decision) -> Any:
        return decide(decision)

    async def analyse(self, job: Job) -> Any:
        return run_job(job)


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
    """Nothing: sent to a pool as it opens, so that its first worker has started before the first bot thinks."""
    return True


def _carried(fn: Any, arg: Any) -> Any:
    """``fn(arg)`` in a worker, its error made one that crosses back to the server: an error the server could not
    unpickle would break the pool and every job in flight in it, not only the one that failed. Every error of ours
    pickles (:class:`~roundgames.core.errors.RoundgamesError`); another that does not (a library's) comes back as a
    :class:`RuntimeError` with its class and message."""
    try:
        return fn(arg)
    except Exception as e:
        try:
            pickle.loads(pickle.dumps(e))
        except Exception:
            raise RuntimeError(f"{type(e).__name__}: {e}") from None
        raise


def _timed(decision: Decision) -> tuple[Any, float]:
    """:func:`~roundgames.session.decisions.decide`, and the seconds of CPU it took (the queue not counted): CPU
    time, which the other processes on a busy machine hardly move, so that a bot keeps its lane under load."""
    start = time.thread_time()
    action = decide(decision)
    return action, time.thread_time() - start


class PoolThinker:
    """Decides in worker processes (:class:`~concurrent.futures.ProcessPoolExecutor`), in two lanes: ``workers``
    processes (by default :func:`default_workers`) for the bots that search, and one more for the quick ones (those
    whose decisions have taken under :data:`QUICK_SECONDS` on average, measured per bot and game, so no bot's name
    is written here), so that a table of quick bots never waits in the queue behind another table's searches; and
    in the server's process (:data:`HERE`) those measured under :data:`HERE_SECONDS`, cheaper than the round trip.

    :meth:`open` makes the pools and :meth:`close` shuts them down; a pool broken by a worker that died is made
    again, and the decision asked once more."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else default_workers()
        if self.workers < 1:
            raise ValueError(f"workers: at least 1, got {self.workers}")
        self._pools: dict[str, ProcessPoolExecutor] = {}
        #: the mean seconds of a decision, by bot and game (a moving average), once one has been measured
        self.cost: dict[tuple[str, str], float] = {}

    def _new_pool(self, lane: str) -> ProcessPoolExecutor:
        # A fresh interpreter forked from a clean server process (forkserver), never a fork of the running
        # server with its threads and sockets; the bots are imported once, in the fork server.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(["roundgames.session.decisions", "roundgames.session.analysis"])
        size = self.workers if lane == SEARCH else 1
        return ProcessPoolExecutor(size, mp_context=context, initializer=_start_worker)

    def open(self) -> None:
        """Make the pools and start a worker in each (without waiting for it)."""
        for lane in (SEARCH, QUICK):
            if lane not in self._pools:
                self._pools[lane] = self._new_pool(lane)
                self._pools[lane].submit(_ready)

    def lane(self, decision: Decision) -> str:
        """Where ``decision`` is decided: :data:`HERE` for a bot and game measured cheaper than the round trip,
        :data:`QUICK` for one measured quick, else :data:`SEARCH` (a bot not measured yet included: its first
        decision may be its slowest)."""
        cost = self.cost.get((decision.bot, decision.game))
        if cost is None or cost >= QUICK_SECONDS:
            return SEARCH
        return HERE if cost < HERE_SECONDS else QUICK

    def at_once(self, decision: Decision) -> tuple[Any] | None:
        """Decided here where its bot is measured cheaper than the trip to a worker (:data:`HERE`), else None."""
        if self.lane(decision) != HERE:
            return None
        action, took = _timed(decision)
        self._measured(decision, took)
        return (action,)

    async def decide(self, decision: Decision) -> Any:
        lane = self.lane(decision)
        # Measured wherever it is decided, so that a bot that grows slower (a longer deal) goes back to a worker.
        action, took = _timed(decision) if lane == HERE else await self._run(lane, _timed, decision)
        self._measured(decision, took)
        return action

    def _measured(self, decision: Decision, took: float) -> None:
        key = (decision.bot, decision.game)
        before = self.cost.get(key)
        self.cost[key] = took if before is None else before + (took - before) * COST_WEIGHT

    async def analyse(self, job: Job) -> Any:
        """The expert's review or hint of ``job``, worked out in the searching lane (the expert searches)."""
        return await self._run(SEARCH, run_job, job)

    async def _run(self, lane: str, fn: Any, arg: Any) -> Any:
        """``fn(arg)`` in a worker of ``lane``; a pool broken by a worker that died is made again and asked again."""
        if not self._pools:
            raise RuntimeError("the bots' pools are not open")
        loop = asyncio.get_running_loop()
        pool = self._pools[lane]
        try:
            return await loop.run_in_executor(pool, _carried, fn, arg)
        except BrokenProcessPool:
            log.warning("a bots' worker died: its pool is made again")
            if self._pools.get(lane) is pool:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pools[lane] = self._new_pool(lane)
            return await loop.run_in_executor(self._pools[lane], _carried, fn, arg)

    async def close(self) -> None:
        """Shut the pools down: decisions not begun are dropped, those under way finish (off the event loop)."""
        pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
