"""The simulator's chunk runner (:func:`roundgames.sim.run.map_chunks`): every chunk played once, the same results
in this process, on a local Dask cluster of one or two processes and on an existing cluster; Ctrl-C keeps what
finished; bad settings refused by name."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from roundgames.core.errors import RulesError
from roundgames.sim.run import Stopped, map_chunks
from roundgames.sim.streams import chunk_seed

# A picklable chunk function with a result that depends on the index only: chunk k's seed of run 7.
SEEDS = functools.partial(chunk_seed, 7)


def test_in_process_plays_each_chunk_once_in_order() -> None:
    seen: list[int] = []
    out = list(map_chunks(SEEDS, 5, workers=0, on_done=lambda i, r: seen.append(i)))
    assert out == [(k, chunk_seed(7, k)) for k in range(5)]
    assert seen == [0, 1, 2, 3, 4]
    assert list(map_chunks(SEEDS, [3, 1], workers=0)) == [(3, chunk_seed(7, 3)), (1, chunk_seed(7, 1))]


def test_workers_0_1_2_give_the_same_results() -> None:
    alone = dict(map_chunks(SEEDS, 9, workers=0))
    one = dict(map_chunks(SEEDS, 9, workers=1))
    two = dict(map_chunks(SEEDS, range(9), workers=2))
    assert alone == one == two
    assert len(set(alone.values())) == 9


def test_an_existing_cluster_by_its_address() -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        done: list[int] = []
        out = dict(
            map_chunks(SEEDS, [5, 0, 2], scheduler=cluster.scheduler_address, on_done=lambda i, r: done.append(i))
        )
    assert out == {k: chunk_seed(7, k) for k in (5, 0, 2)}
    assert sorted(done) == [0, 2, 5]


def test_importing_the_runner_does_not_import_dask() -> None:
    code = (
        "import sys, functools; from roundgames.sim.run import map_chunks; "
        "print(dict(map_chunks(abs, [-1, -2], workers=0))); print('distributed' in sys.modules, 'dask' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["{-1: 1, -2: 2}", "False False"]


def _interrupt_at(index: int) -> functools.partial[int]:
    return functools.partial(_raise_at, index)


def _raise_at(index: int, chunk: int) -> int:
    if chunk == index:
        raise KeyboardInterrupt
    return chunk * 10


def test_ctrl_c_in_process_keeps_the_finished_chunks() -> None:
    kept: list[tuple[int, int]] = []
    with pytest.raises(Stopped) as info:
        for item in map_chunks(_interrupt_at(3), 6, workers=0):
            kept.append(item)
    assert kept == [(0, 0), (1, 10), (2, 20)]
    assert (info.value.done, info.value.total) == (3, 6)
    assert isinstance(info.value, KeyboardInterrupt)


def test_ctrl_c_on_a_cluster_cancels_the_rest_and_keeps_the_finished() -> None:
    # time.sleep(k) is the chunk: chunks 0 finish at once, the two-minute ones are still running when Ctrl-C comes.
    def interrupt_soon(index: int, result: object) -> None:
        if len(kept) == 1:  # the second quick chunk is being handed over
            threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()

    kept: list[int] = []
    start = time.monotonic()
    with pytest.raises(Stopped) as info:
        for index, _ in map_chunks(time.sleep, [0, 0, 120, 120, 120], workers=2, on_done=interrupt_soon):
            kept.append(index)
    assert kept == [0, 0]
    assert (info.value.done, info.value.total) == (2, 5)
    assert (
        time.monotonic() - start < 90
    )  # a bound on waiting, not a speed: the long chunks were cancelled, not waited for


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"workers": -1}, ["workers", "-1"]),
        ({"workers": 2, "scheduler": "tcp://127.0.0.1:8786"}, ["workers", "scheduler", "one or the other"]),
        ({"scheduler": "nonsense"}, ["scheduler", "'nonsense'", "tcp://host:8786"]),
        ({"scheduler": "tcp://127.0.0.1:1"}, ["scheduler", "cannot reach", "'tcp://127.0.0.1:1'"]),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict[str, object], words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        list(map_chunks(SEEDS, 3, **kwargs))  # type: ignore[arg-type]
    for word in words:
        assert word in str(info.value), str(info.value)
