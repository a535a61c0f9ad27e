"""The batched environment's benchmark (benchmarks/bench_vector.py) runs at tiny settings and prints the figures it
promises: the PettingZoo adapter's, the batch's four (float32 and uint8, NumPy's actions and the numba loop), the
memory per table and the target; it asserts nothing about speed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")
pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "bench_vector.py"
TINY = ["--batch", "64", "--seconds", "0.2", "--skip-openspiel"]
RATE = r"\s+[\d,]+ agent steps/s \([\d,]+\)$"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, str(SCRIPT), *TINY, *args], capture_output=True, text=True, env=env, check=False, timeout=600
    )


def test_three_card_loo_prints_every_figure_it_promises() -> None:
    done = run()
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("command: ") and "--batch 64" in lines[0]
    assert "OpenSpiel oh_hell: skipped (--skip-openspiel)" in lines
    assert any(re.match(r"PettingZoo loo_v0\.env\(players=5, preset='peel'\).*" + RATE, line) for line in lines)
    for kind in ("float32", "uint8"):
        for how in ("env.step, NumPy random actions", "numba loop over step_batch"):
            name = re.escape(f"BatchedGame {kind}, {how}")
            assert any(re.match(name + RATE, line) for line in lines), (kind, how, done.stdout)
    assert any(re.fullmatch(r"memory per table: [\d,]+ bytes \(float32\), [\d,]+ bytes \(uint8\)", x) for x in lines)
    assert any(x.startswith("target: at least 2,000,000 agent steps/s per core") for x in lines), done.stdout
    assert sum(x.endswith((": met", ": not met")) for x in lines) == 2


def test_nap_prints_the_batchs_four_figures_and_its_target() -> None:
    done = run("--skip-pettingzoo", "--game", "nap")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    batch = [x for x in lines if x.startswith("BatchedGame")]
    assert len(batch) == 4 and all(re.search(RATE, x) for x in batch), done.stdout
    assert any(x.startswith("target: at least 1,000,000 agent steps/s per core") for x in lines), done.stdout


def test_a_bad_value_is_refused_with_exit_status_2() -> None:
    done = run("--seconds", "0")
    assert done.returncode == 2 and "--seconds: above 0, got 0" in done.stderr
