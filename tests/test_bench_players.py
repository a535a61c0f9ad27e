"""The players' benchmark (benchmarks/bench_players.py) at a tiny size: the simulator's sensible players beside the
expert and the project's sensible bot, on the checked engine.

Its report names every player with an interval, its agreement shares are shares, and every deal's money is
conserved as RULES.md says: at Loo the nets and the change in the pool sum to zero (§14.1); at Nap the amounts pass
between the senior hand and each opponent (NAP-SET-1), so the nets alone sum to zero and the pool stays empty.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from benchload import benchmark

pytest.importorskip("numba")

SHARE = re.compile(r"^  agree (\S+) (\S+): (\d\.\d{3}) \[(\d\.\d{3}), (\d\.\d{3})\] \((\d+) of (\d+)\)$", re.M)


def bench() -> ModuleType:
    return benchmark("bench_players")


def test_a_tiny_run_reports_every_player_and_conserves_every_deals_money(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deals.csv"
    assert bench().main(["--deals", "8", "--views", "6", "--seed", "3", "--csv", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"$ .venv/bin/python benchmarks/bench_players.py --deals 8 --views 6 --seed 3 --csv {path}\n")
    sections = out.split("\n== ")[1:]
    assert [s.splitlines()[0] for s in sections] == ["Three-card Loo, 5 players", "Nap, 4 players"]
    for section in sections:
        for player in ("sim-sensible", "expert", "sensible"):
            assert re.search(rf"^  {player} +\d +[+-]\d+\.\d{{3}} ± \d+\.\d{{3}}", section, re.M), (player, section)
        assert "sim-sensible - expert" in section
        shares = SHARE.findall(section)
        assert {(a, b) for a, b, *_ in shares} == {
            ("sim-sensible", "expert"),
            ("sim-sensible", "sensible"),
            ("expert", "sensible"),
        }
        for _, _, share, low, high, hits, n in shares:
            assert int(n) == 6 and 0 <= int(hits) <= 6
            assert 0.0 <= float(low) <= float(share) <= float(high) <= 1.0
            assert float(share) == pytest.approx(int(hits) / 6, abs=5e-4)
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    deals: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for row in rows:
        deals.setdefault((row["game"], row["board"], row["rotation"]), []).append(row)
    # 8 deals rounded up to whole boards: 2 boards of 5 at Loo, 2 of 4 at Nap, each seat once per deal
    assert sorted(Counter(k[0] for k in deals).items()) == [("loo", 10), ("nap", 8)]
    for (game, _, _), seats in deals.items():
        assert [int(s["seat"]) for s in seats] == list(range(1, len(seats) + 1))
        net = sum(int(s["net"]) for s in seats)
        before, after = int(seats[0]["pool_before"]), int(seats[0]["pool_after"])
        assert net + after - before == 0, seats  # §14.1
        if game == "nap":
            assert net == 0 and before == after == 0, seats  # NAP-SET-1
    # the lineup rotates: every player holds every seat of a board
    for game in ("loo", "nap"):
        held = {(r["player"], r["seat"]) for r in rows if r["game"] == game and r["board"] == "0"}
        places = {r["seat"] for r in rows if r["game"] == game}
        assert held == {(p, s) for p in ("sim-sensible", "expert", "sensible") for s in places}


def test_a_size_below_one_is_refused_in_one_line_naming_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench().main(["--views", "0"]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    assert got.err == "benchmarks/bench_players.py: error: --views: at least 1, got 0\n"
