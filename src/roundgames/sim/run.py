"""Running a simulation's chunks (:func:`map_chunks`): in this process, on a local Dask cluster, or on an existing
one; and what a chunk of a run is (:func:`play_chunk`) with its statistics (:func:`chunk_stats`, :class:`Summary`).

A run's deals are split into chunks, each played from its own seed (:func:`.streams.chunk_seed`), so a chunk's
result depends only on the run's seed and the chunk's index: :func:`map_chunks` may play them in any order, on any
process or machine, and the run's result is the same.

>>> sorted(map_chunks(abs, [-2, -1, 0], workers=0))
[(-2, 2), (-1, 1), (0, 0)]

Dask (the ``[cluster]`` extra) is imported only for ``workers`` above 0 or a ``scheduler``: ``workers=0`` works
without it.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import os
import signal
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import numpy as np

from ..core.errors import RulesError
from ..games.plugin import resolve
from ..games.registry import plugins
from .kernels import Setup, kernel_for
from .streams import chunk_seed

__all__ = [
    "CONNECT_TIMEOUT",
    "MAX_CHUNKS",
    "OUTCOMES",
    "Outcome",
    "SeatSummary",
    "Stopped",
    "Summary",
    "chunk_stats",
    "map_chunks",
    "play_chunk",
    "resolve_workers",
]

R = TypeVar("R")

#: the most chunks a run may have: their indexes (and a stored run's statistics) are listed in memory
MAX_CHUNKS: Final = 1_000_000
#: seconds to wait for an existing scheduler before saying it cannot be reached
CONNECT_TIMEOUT = 5.0
#: chunks kept waiting on a cluster per worker thread: enough that no worker idles between two chunks, few enough
#: that Ctrl-C has little to cancel and a long run does not queue all its chunks at once
_AHEAD = 2


class Stopped(KeyboardInterrupt):
    """Raised by :func:`map_chunks` after Ctrl-C, once every chunk that had finished has been yielded: the caller
    keeps those (``done`` of them) and may play the rest later. It is a :class:`KeyboardInterrupt`, so a caller that
    does not look for it stops as on any Ctrl-C."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"stopped after {done} of {total} chunks")
        self.done = done
        self.total = total


def resolve_workers(workers: int | None) -> int:
    """The number of local worker processes: ``None`` is every core; a negative number is refused."""
    if workers is None:
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise RulesError(f"workers: {workers!r}: give 0 (play in this process) or a number of processes")
    return workers


def map_chunks(
    fn: Callable[[int], R],
    chunks: int | Iterable[int],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    on_done: Callable[[int, R], None] | None = None,
    on_ready: Callable[[], None] | None = None,
) -> Generator[tuple[int, R], None, None]:
    """Call ``fn(index)`` for each chunk index of ``chunks`` (a count, or the indexes themselves) and yield
    ``(index, result)`` as each finishes, in the order they finish.

    ``fn`` must be picklable (a module-level function, or a :func:`functools.partial` of one) for a cluster.

    - ``workers=0``: in this process, one chunk after another;
    - ``workers=N``: on a local Dask cluster of ``N`` single-threaded processes, started and closed here;
      ``None`` (the default): one process per core;
    - ``scheduler="tcp://host:port"``: on an existing Dask cluster (its workers must have roundgames installed);
      :class:`~roundgames.core.errors.RulesError` when it cannot be reached within :data:`CONNECT_TIMEOUT`.

    ``on_done(index, result)`` is called as each chunk finishes, before it is yielded; ``on_ready()`` once the
    chunks are about to be played: at once in this process, on a cluster once it is started (or reached).

    Ctrl-C while waiting for chunks submits no more, cancels those not finished, yields those that had finished,
    closes the cluster, and raises :class:`Stopped`. If Ctrl-C comes while the caller itself handles a result, the
    caller gets its own :class:`KeyboardInterrupt`; closing the generator then cancels the rest and closes the
    cluster, so iterate inside ``contextlib.closing(map_chunks(...))`` to close it at once.
    """
    indexes = list(range(chunks) if isinstance(chunks, int) else chunks)
    if scheduler is not None and workers is not None:
        raise RulesError(f"workers: {workers!r} with scheduler {scheduler!r}: give one or the other")
    if scheduler is None and resolve_workers(workers) == 0:
        return _in_process(fn, indexes, on_done, on_ready)
    return _on_cluster(fn, indexes, workers, scheduler, on_done, on_ready)


def _in_process(
    fn: Callable[[int], R],
    indexes: list[int],
    on_done: Callable[[int, R], None] | None,
    on_ready: Callable[[], None] | None,
) -> Generator[tuple[int, R], None, None]:
    if on_ready is not None:
        on_ready()
    for done, index in enumerate(indexes):
        try:
            result = fn(index)
        except KeyboardInterrupt:
            raise Stopped(done, len(indexes)) from None
        if on_done is not None:
            on_done(index, result)
        yield index, result


def _on_cluster(
    fn: Callable[[int], R],
    indexes: list[int],
    workers: int | None,
    scheduler: str | None,
    on_done: Callable[[int, R], None] | None,
    on_ready: Callable[[], None] | None,
) -> Generator[tuple[int, R], None, None]:
    try:
        import distributed
    except ImportError:
        raise RulesError(
            "workers: more than one process needs Dask, in the cluster extra: pip install 'roundgames[cluster]' "
            "(or give workers 0)"
        ) from None
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(_client(distributed, workers, scheduler))
        if on_ready is not None:
            on_ready()
        yield from _submit_all(distributed, client, fn, indexes, on_done)


@contextlib.contextmanager
def _client(distributed: Any, workers: int | None, scheduler: str | None) -> Iterator[Any]:
    if scheduler is not None:
        try:
            # Checked first: a client given a malformed address fails late and complains again when collected.
            distributed.comm.get_address_host_port(scheduler)
        except ValueError as e:
            raise RulesError(f"scheduler: {scheduler!r} is not a Dask address such as tcp://host:8786 ({e})") from None
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except Exception as e:  # refused, timed out, or something not a scheduler answering
            raise RulesError(
                f"scheduler: cannot reach the Dask scheduler at {scheduler!r} within {CONNECT_TIMEOUT:g} s ({e})"
            ) from None
        with client:
            yield client
        return
    # The workers ignore Ctrl-C: a terminal sends it to every process of the group, and only this one should
    # decide what stops (it cancels the chunks and closes the cluster). A process started while SIGINT is ignored
    # keeps ignoring it, Python installing its own handler only where the signal was not ignored.
    with _sigint_ignored():
        cluster = distributed.LocalCluster(
            n_workers=resolve_workers(workers),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # the scheduler's plain HTTP routes (health, metrics) still listen: on a free port, not on 8787, which
            # another cluster may hold
            scheduler_kwargs={"dashboard_address": ":0"},
            # a worker whose heartbeat meets the closing scheduler logs an error: noise at the end of every run;
            # a chunk that fails raises its error here, from its future
            silence_logs=logging.CRITICAL,
        )
    with cluster, distributed.Client(cluster, set_as_default=False) as client:
        yield client


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to set
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _submit_all(
    distributed: Any,
    client: Any,  # distributed.Client, whose methods are not typed
    fn: Callable[[int], R],
    indexes: list[int],
    on_done: Callable[[int, R], None] | None,
) -> Iterator[tuple[int, R]]:
    threads = max(1, sum(client.nthreads().values()))
    waiting = iter(indexes)
    index_of: dict[Any, int] = {}

    def submit(count: int) -> list[Any]:
        futures = []
        for index in itertools.islice(waiting, count):
            future = client.submit(fn, index, pure=False)
            index_of[future] = index
            futures.append(future)
        return futures

    pending = distributed.as_completed(submit(threads * _AHEAD), loop=client.loop)
    done = 0
    try:
        for future in pending:
            result = future.result()
            index = index_of.pop(future)
            pending.update(submit(1))
            if on_done is not None:
                on_done(index, result)
            done += 1
            yield index, result
    except KeyboardInterrupt:
        unfinished = [f for f in index_of if f.status != "finished"]
        client.cancel(unfinished)
        for future in [f for f in index_of if f.status == "finished"]:
            result, index = future.result(), index_of.pop(future)
            if on_done is not None:
                on_done(index, result)
            done += 1
            yield index, result
        raise Stopped(done, len(indexes)) from None
    finally:
        client.cancel(list(index_of))


# -- a run's chunks and their statistics ------------------------------------------------------------------------


def play_chunk(
    setup: Setup, seed: int, chunk: int, deals: int, index: int, *, keep: bool = True
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Chunk ``index`` of the run of ``deals`` deals seeded ``seed``, in chunks of ``chunk``: the kernel's columns for
    its deals (:func:`.streams.chunk_seed` gives its seed), or none unless ``keep`` (a run that writes no files has
    no use for them, and a cluster's worker would send them all back), and their statistics (:func:`chunk_stats`).
    A module-level function, so that ``functools.partial(play_chunk, setup, seed, chunk, deals)`` goes to a
    cluster's workers."""
    n = min(chunk, deals - index * chunk)
    columns = kernel_for(setup.form).run(setup, chunk_seed(seed, index), n)
    return (columns if keep else {}), chunk_stats(setup.form, columns)


@dataclass(frozen=True)
class Outcome:
    """A form's outcome that a run's summary counts for each seat: how often it happened, out of how many deals."""

    #: the summary's column heading, and what it counts
    name: str
    meaning: str
    count: Callable[[Mapping[str, Any]], tuple[np.ndarray, np.ndarray]]


def _looed(columns: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    # the kernel marks the seats its settlement charged a loo (the column ``looed``), out of every deal
    looed = np.asarray(columns["looed"], dtype=np.bool_)
    return looed.sum(axis=0), np.full(looed.shape[1], looed.shape[0])


def _made_nap(columns: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    senior, made = np.asarray(columns["senior"]), np.asarray(columns["made"])
    players = np.asarray(columns["net"]).shape[1]
    contract = np.asarray(columns["contract"]) >= 0  # a redeal has no contract
    seats = np.arange(players)[None, :]
    called = (senior[:, None] == seats) & contract[:, None]
    return (called & made[:, None]).sum(axis=0), called.sum(axis=0)


#: the outcomes the games' plug-ins name (:class:`roundgames.games.plugin.SimParts`)
LOOED_THREE_CARD: Final = Outcome("looed", "the share of deals the seat was looed (LOO-SET-3)", _looed)
LOOED_FIVE_CARD: Final = Outcome(
    "looed", "the share of deals the seat was looed (LOO5-5, or paid a flush: LOO5-6)", _looed
)
NAP_MADE: Final = Outcome("made", "of the contracts the seat called as senior hand, the share made", _made_nap)


class _Outcomes(Mapping[str, Outcome]):
    """What a run's summary counts for each seat, by form: each form's plug-in's outcome, read at each use."""

    @staticmethod
    def _paths() -> dict[str, str]:
        return {form: part.outcome for p in plugins() for form, part in p.sim.items() if part.outcome is not None}

    def __getitem__(self, form: str) -> Outcome:
        found: Outcome = resolve(self._paths()[form], f"simulator outcome of {form}")
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths())

    def __len__(self) -> int:
        return len(self._paths())


#: what a run's summary counts for each seat, by form
OUTCOMES: Final[Mapping[str, Outcome]] = _Outcomes()


def chunk_stats(form: str, columns: Mapping[str, Any]) -> dict[str, Any]:
    """A chunk's statistics, as plain JSON values that add up over chunks: ``deals``, ``states``, each seat's
    sum of net and of its square, and where the form has one (:data:`OUTCOMES`) each seat's outcome count and the
    deals it is counted out of."""
    net = np.asarray(columns["net"], dtype=np.int64)
    stats: dict[str, Any] = {
        "deals": int(net.shape[0]),
        "states": int(np.asarray(columns["states"], dtype=np.int64).sum()),
        "net": net.sum(axis=0).tolist(),
        "net2": _square_sums(net),
    }
    outcome = OUTCOMES.get(form)
    if outcome is not None:
        hits, of = outcome.count(columns)
        stats["outcome"] = [int(x) for x in hits]
        stats["outcome_of"] = [int(x) for x in of]
    return stats


def _square_sums(net: np.ndarray) -> list[int]:
    """Each seat's sum of squared nets, exact: in int64 while it cannot overflow, else in Python's integers (a
    large pool in a large chunk), so that a run's interval never comes from a sum that wrapped around."""
    top = int(np.abs(net).max(initial=0))
    if top * top * max(net.shape[0], 1) < 2**63:
        return [int(x) for x in (net * net).sum(axis=0)]
    return [sum(int(x) * int(x) for x in net[:, seat]) for seat in range(net.shape[1])]


@dataclass(frozen=True)
class SeatSummary:
    """One seat's results over a run."""

    mean: float
    #: half the width of the 95% confidence interval of the mean: 1.96 sd / sqrt(n)
    half_width: float
    #: the form's outcome (:data:`OUTCOMES`): how often, out of how many deals
    outcome: int | None
    outcome_of: int | None


@dataclass(frozen=True)
class Summary:
    """A run's results, from its chunks' statistics."""

    deals: int
    states: int
    seats: tuple[SeatSummary, ...]

    @classmethod
    def of(cls, chunks: Sequence[Mapping[str, Any]], players: int) -> Summary:
        """The summary of these chunks' statistics (:func:`chunk_stats`)."""
        n = sum(int(c["deals"]) for c in chunks)
        seats = []
        for seat in range(players):
            total = sum(int(c["net"][seat]) for c in chunks)
            squares = sum(int(c["net2"][seat]) for c in chunks)
            mean = total / n if n else math.nan
            var = (squares - n * mean * mean) / (n - 1) if n > 1 else math.nan
            half = 1.96 * math.sqrt(max(var, 0.0) / n) if n > 1 else math.nan
            counted = all("outcome" in c for c in chunks) and bool(chunks)
            hits = sum(int(c["outcome"][seat]) for c in chunks) if counted else None
            of = sum(int(c["outcome_of"][seat]) for c in chunks) if counted else None
            seats.append(SeatSummary(mean, half, hits, of))
        return cls(n, sum(int(c["states"]) for c in chunks), tuple(seats))
