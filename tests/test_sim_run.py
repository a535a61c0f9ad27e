"""The simulator's chunk runner (:func:`roundgames.sim.run.map_chunks`): every chunk played once, the same results
in this process, on a local Dask cluster of one or two processes and on an existing cluster; Ctrl-C keeps what
finished; bad settings refused by name. And a run's chunk (:func:`~roundgames.sim.run.play_chunk`) with its
statistics: the seat looed, the contract made, the means and intervals of the summary."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from roundgames.core.errors import RulesError
from roundgames.games.registry import rules_for
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.run import Stopped, Summary, chunk_stats, map_chunks, play_chunk
from roundgames.sim.streams import chunk_seed

# A picklable chunk function with a result that depends on the index only: chunk k's seed of run 7.
SEEDS = functools.partial(chunk_seed, 7)


def test_in_process_plays_each_chunk_once_in_order() -> None:
    seen: list[int] = []
    out = list(map_chunks(SEEDS, 5, workers=0, on_done=lambda i, r: seen.append(i)))
    assert out == [(k, chunk_seed(7, k)) for k in range(5)]
    assert seen == [0, 1, 2, 3, 4]
    assert list(map_chunks(SEEDS, [3, 1], workers=0)) == [(3, chunk_seed(7, 3)), (1, chunk_seed(7, 1))]


@pytest.mark.parametrize("workers", [0, 1])
def test_on_ready_comes_once_before_the_first_chunk_in_process_and_on_a_cluster(workers: int) -> None:
    """What the progress bar counts its pace from: the chunks about to be played, once any workers are started."""
    events: list[str] = []
    chunks = map_chunks(
        SEEDS, 3, workers=workers, on_ready=lambda: events.append("ready"), on_done=lambda i, r: events.append(f"{i}")
    )
    assert events == []  # nothing happens before the first chunk is asked for
    assert sorted(dict(chunks)) == [0, 1, 2]
    assert events[0] == "ready" and sorted(events[1:]) == ["0", "1", "2"], events


def test_workers_0_1_2_give_the_same_results() -> None:
    # a real run's chunks: 6 chunks of Nap, the last one short
    play = functools.partial(play_chunk, Setup("nap", 4, ("sensible", "random", "random", "random")), 5, 300, 1700)
    alone = dict(map_chunks(play, 6, workers=0))
    one = dict(map_chunks(play, 6, workers=1))
    two = dict(map_chunks(play, range(6), workers=2))
    assert sorted(alone) == sorted(one) == sorted(two) == list(range(6))
    for k in range(6):
        assert one[k][1] == two[k][1] == alone[k][1]  # the statistics
        for name, column in alone[k][0].items():
            assert np.array_equal(one[k][0][name], column) and np.array_equal(two[k][0][name], column)
    assert alone[5][1]["deals"] == 200 and alone[0][1] != alone[1][1]


def test_an_existing_cluster_by_its_address() -> None:
    from distributed import LocalCluster

    # its HTTP routes on a free port: 8787 may be another cluster's
    options = {"dashboard_address": None, "scheduler_kwargs": {"dashboard_address": ":0"}}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, **options) as cluster:
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
    # time.sleep(k) is the chunk: chunks 0 finish at once, the hour-long ones are still running when Ctrl-C comes.
    def interrupt_soon(index: int, result: object) -> None:
        if len(kept) == 1:  # the second quick chunk is being handed over
            threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()

    kept: list[int] = []
    start = time.monotonic()
    with pytest.raises(Stopped) as info:
        for index, _ in map_chunks(time.sleep, [0, 0, 3600, 3600, 3600], workers=2, on_done=interrupt_soon):
            kept.append(index)
    assert kept == [0, 0]
    assert (info.value.done, info.value.total) == (2, 5)
    # not a speed: the hour-long chunks were cancelled, not waited for (ten minutes is any machine's start-up)
    assert time.monotonic() - start < 600


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


@pytest.mark.parametrize(
    ("form", "preset", "options"),
    [
        ("three_card", "peel", {}),
        ("five_card", "five-card", {}),
        ("irish", "irish", {}),
        # the corners: a lone stander paid the pool on the dealer's concession (LOO-VAR-DEALER-CONCEDE, §14.24),
        # a dealer looed for the miss he defended (defender_looed), a flush paid by some seats only (C-LOO-15) or
        # shared (LOO5-7)
        ("three_card", "peel", {"dealer_lone_stander": "may_concede", "defender_looed": True}),
        ("five_card", "five-card", {"dealer_lone_stander": "may_concede", "flush_pay": "ew_hoy"}),
        ("irish", "irish", {"dealer_lone_stander": "may_concede", "irish_flush": True, "flush_tie": "split"}),
    ],
)
def test_a_chunks_looed_count_is_who_paid_a_loo(form: str, preset: str, options: dict[str, object]) -> None:
    # Only the dealer stakes (ante: dealer); a seat that is not looed loses at most its stake (a trick's share is
    # never negative), and a looed seat pays a loo beyond it (LOO-SET-3, LOO5-5, LOO5-6).
    players = 5
    columns = play_chunk(Setup(form, players, ("random",) * players, options), 4, 2000, 2000, 0)[0]
    stats = chunk_stats(form, columns)
    stake = np.zeros(players, np.int64)
    stake[-1] = rules_for("loo", preset).stakes.deal
    paid = (np.asarray(columns["net"]) + stake[None, :] < 0).sum(axis=0)
    assert stats["outcome"] == paid.tolist() and stats["outcome_of"] == [2000] * players
    assert stats["deals"] == 2000 and sum(stats["outcome"]) > 0


def test_a_chunks_made_count_is_the_contracts_the_senior_hand_won() -> None:
    players = 4
    columns = play_chunk(Setup("nap", players, ("sensible",) * players), 4, 2000, 2000, 0)[0]
    stats = chunk_stats("nap", columns)
    senior, net = np.asarray(columns["senior"]), np.asarray(columns["net"])
    played = np.asarray(columns["contract"]) >= 0
    for seat in range(players):
        mine = played & (senior == seat)
        assert stats["outcome_of"][seat] == int(mine.sum())
        assert stats["outcome"][seat] == int((mine & (net[:, seat] > 0)).sum())  # a made contract is paid
    assert 0 < sum(stats["outcome"]) < sum(stats["outcome_of"])


def test_a_chunk_is_its_seed_s_deals_and_the_summary_adds_chunks() -> None:
    setup = Setup("nap", 3, ("random",) * 3)
    # a run of 2,500 in chunks of 1,000: chunk 2 is the last 500, played from chunk_seed(9, 2)
    columns, stats = play_chunk(setup, 9, 1000, 2500, 2)
    alone = kernel_for("nap").run(setup, chunk_seed(9, 2), 500)
    assert all(np.array_equal(columns[k], alone[k]) for k in alone) and stats["deals"] == 500
    parts = [play_chunk(setup, 9, 1000, 2500, k) for k in range(3)]
    summary = Summary.of([s for _, s in parts], 3)
    net = np.concatenate([c["net"] for c, _ in parts]).astype(np.float64)
    assert summary.deals == 2500 and summary.states == sum(int(c["states"].sum()) for c, _ in parts)
    for seat, s in enumerate(summary.seats):
        assert s.mean == pytest.approx(net[:, seat].mean())
        assert s.half_width == pytest.approx(1.96 * net[:, seat].std(ddof=1) / 2500**0.5)


def test_chunk_stats_sums_squares_exactly_where_int64_would_wrap() -> None:
    # a Nap chunk of nets near the int32 limit: their squares add up past 2**63
    net = np.array([[2_000_000_000, -2_000_000_000, 7]] * 4, dtype=np.int32)
    columns = {
        "net": net,
        "states": np.ones(4, np.int32),
        "senior": np.zeros(4, np.int64),
        "made": np.ones(4, np.bool_),
        "contract": np.zeros(4, np.int64),
    }
    stats = chunk_stats("nap", columns)
    assert stats["net2"] == [4 * 2_000_000_000**2, 4 * 2_000_000_000**2, 4 * 49]
    assert stats["net"] == [8_000_000_000, -8_000_000_000, 28]
