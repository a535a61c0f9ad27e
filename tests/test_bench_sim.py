"""The kernels' benchmark (benchmarks/bench_sim.py) refuses settings that would leave its tables empty, in one line
naming the flag, before it compiles or measures anything."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from benchload import benchmark

pytest.importorskip("numba")
pytest.importorskip("pyspiel")


def bench() -> ModuleType:
    """The benchmark's module, loaded in this process without keeping the ``NUMBA_NUM_THREADS`` it sets for its own
    run: left in this worker's environment, numba would launch its threads with it and then refuse to compile
    anything once another value is seen ("Cannot set NUMBA_NUM_THREADS to a different value")."""
    before = os.environ.get("NUMBA_NUM_THREADS")
    try:
        return benchmark("bench_sim")
    finally:
        if before is None:
            os.environ.pop("NUMBA_NUM_THREADS", None)
        else:
            os.environ["NUMBA_NUM_THREADS"] = before


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rounds", "0"], "--rounds: above 0, got 0"),
        (["--seconds", "-1"], "--seconds: above 0, got -1.0"),
        (["--chunk", "0"], "--chunk: above 0, got 0"),
        (["--sample", "0"], "--sample: at least 1, got 0"),
    ],
)
def test_a_setting_that_measures_nothing_is_refused_in_one_line(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench().main(args) == 2
    got = capsys.readouterr()
    assert got.out == "" and got.err.count("\n") == 1 and got.err.endswith(f": error: {says}\n"), got.err
