"""The web table's CPU benchmark (benchmarks/bench_web_move.py) at a tiny size: it plays the moves it is asked for at
a Loo and a Nap table, every viewer is sent the table's messages, and the figure it reports is a time per move."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from benchload import benchmark

REPORT = re.compile(
    r"^(loo|nap) (\d) players, (\d+) watchers( and the seats)?, (\w+) bots decided (in the server|in a worker), "
    r"(\d+) moves: best (\d+\.\d{3}) ms per move "
    r"\(runs: ((?:\d+\.\d{3} ?)+)\), (\d+) bytes sent per move$"
)


def bench() -> ModuleType:
    return benchmark("bench_web_move")


@pytest.mark.parametrize("argv", [["--game", "loo", "--players", "5", "--seats"], ["--game", "nap", "--players", "4"]])
def test_a_tiny_run_plays_the_moves_and_reports_a_time_per_move(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    bench().main([*argv, "--watchers", "2", "--moves", "30", "--repeat", "2"])
    line = capsys.readouterr().out.strip()
    found = REPORT.match(line)
    assert found is not None, line
    game, players, watchers, seats, bot, where, moves, best, runs, sent = found.groups()
    assert (game, players, watchers, bool(seats), moves) == (argv[1], argv[3], "2", "--seats" in argv, "30")
    assert (bot, where) == ("random", "in the server")  # a random bot is cheaper than the trip to a worker
    assert len(runs.split()) == 2 and float(best) == min(float(r) for r in runs.split()) > 0
    assert int(sent) > 0


def test_the_profile_counts_the_calls_of_each_move(capsys: pytest.CaptureFixture[str]) -> None:
    bench().main(["--moves", "20", "--profile", "5"])
    out = capsys.readouterr().out
    found = re.search(r"^calls per move: (\d+\.\d) \((\d+) over 20 moves\)$", out, re.M)
    assert found is not None, out
    assert float(found.group(1)) == pytest.approx(int(found.group(2)) / 20, abs=0.05)
