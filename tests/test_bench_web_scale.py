"""What a second server process costs (benchmarks/bench_web_scale.py), at a tiny size: one process and two behind the
routing by table, each run on a PostgreSQL server of its own, two halves apart, and one process with half the load;
every figure printed, none asserted by the benchmark."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from benchload import benchmark
from pgserver import why_no_postgres

PAIR = re.compile(
    r"^pair 1: one process (\d+\.\d\d) ms a move, two (\d+\.\d\d): (\d+\.\d\d)x; "
    r"two apart, sharing nothing, (\d+\.\d\d): (\d+\.\d\d)x; "
    r"one process at half the load (\d+\.\d\d): (\d+\.\d\d)x, two over it (\d+\.\d\d)x$"
)


def bench() -> ModuleType:
    return benchmark("bench_web_scale")


def test_a_tiny_run_compares_one_process_two_two_apart_and_one_with_half_the_load(
    capsys: pytest.CaptureFixture[str],
) -> None:
    why = why_no_postgres()
    if why is not None:
        pytest.skip(why)
    tiny = ["--tables", "4", "--watchers", "4", "--humans", "1", "--seconds", "2", "--warmup", "1", "--ramp", "0.5"]
    assert bench().main(["--pairs", "1", "--apart", "--half", *tiny]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == f"$ .venv/bin/python benchmarks/bench_web_scale.py --pairs 1 --apart --half {' '.join(tiny)}"
    found = PAIR.match(lines[1])
    assert found is not None, lines[1]
    one, two, ratio, apart, floor, half, halving, same = map(float, found.groups())
    assert one > 0 and two > 0 and apart > 0 and half > 0
    assert ratio == pytest.approx(two / one, rel=0.05) and floor == pytest.approx(apart / one, rel=0.05)
    assert halving == pytest.approx(half / one, rel=0.05) and same == pytest.approx(two / half, rel=0.05)
    assert lines[2] == f"two processes over one, median of 1: {ratio:.2f}x"
    assert lines[3] == f"two apart over one, median of 1: {floor:.2f}x (this machine's share)"
    assert lines[4] == (
        f"one process at half the load over the whole, median of 1: {halving:.2f}x (what halving a process's load "
        "costs a move)"
    )
    assert lines[5] == (
        f"two processes over one with the same load each, median of 1: {same:.2f}x (what a second process costs of "
        "itself)"
    )
    assert lines[6] == f"target at most 1.1x: {'met' if ratio <= 1.1 else 'NOT met'}"


@pytest.mark.parametrize(
    ("argv", "said"),
    [(["--pairs", "0"], "--pairs 0: at least 1"), (["--servers", "3"], "--db and --servers are this benchmark's")],
)
def test_what_the_benchmark_chooses_itself_is_refused_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench().main(argv)
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err
