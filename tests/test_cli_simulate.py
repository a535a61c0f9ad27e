"""``roundgames simulate`` with the real kernels, as a user runs it (a new process; in this one where only the
result is compared, which saves loading the kernels again): the files it writes, resuming and extending a run, the
same files on one process and on two, CSV, Ctrl-C, and bad input refused in one line."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cli_run import python_m, run_cli
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.store import RunStore
from roundgames.sim.streams import chunk_seed

LOO = ["simulate", "--game", "loo", "--seed", "11", "--quiet"]


def tables(folder: Path) -> dict[str, np.ndarray]:
    """Every chunk of the run in ``folder``, in order, as one table."""
    held = json.loads((folder / "run.json").read_text())
    store = RunStore(folder, {k: v for k, v in held["config"].items() if k != "format"}, held["config"]["format"])
    parts = [store.read(k) for k in sorted(store.done)]
    return {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def test_a_run_writes_its_chunks_and_run_json_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = python_m(*LOO, "--deals", "2500", "--chunk", "1000", "--workers", "0", "--out", str(out))
    assert first.returncode == 0, first.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "chunk-00000.parquet",
        "chunk-00001.parquet",
        "chunk-00002.parquet",
        "run.json",
    ]
    held = json.loads((out / "run.json").read_text())
    assert held["config"] == {
        "game": "loo",
        "form": "three_card",
        "players": 5,
        "policies": ["random"] * 5,
        "options": {},
        "pool": 0,
        "seed": 11,
        "chunk": 1000,
        "format": "parquet",
    }
    assert held["deals"] == 2500 and [c["deals"] for c in held["chunks"].values()] == [1000, 1000, 500]
    table = tables(out)
    # every column of the kernel, one per seat for a seat's values (RULES.md's seats: 0 the eldest hand)
    names = {"net", "tricks", "pool", "states", *kernel_for("three_card").columns} - {"hero_forced"}
    assert {name.rsplit("_", 1)[0] if name[-1].isdigit() else name for name in table} == names
    assert len(table["net_0"]) == 2500 and "net_4" in table and "net_5" not in table
    assert "2,500 (2,500 played now, 0 before)" in first.stdout
    # the summary's mean net is the files' mean
    mean = float(np.mean(table["net_4"]))
    assert f"{mean:.4f}" in first.stdout.split("\n")[9], first.stdout

    again = python_m(*LOO, "--deals", "2500", "--chunk", "1000", "--workers", "0", "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert "2,500 (0 played now, 2,500 before)" in again.stdout and "the run is complete" in again.stdout
    assert same(tables(out), table)


def test_a_larger_run_extends_and_equals_one_run_of_that_size(tmp_path: Path) -> None:
    small, whole = tmp_path / "small", tmp_path / "whole"
    assert python_m(*LOO, "--deals", "1500", "--chunk", "1000", "--workers", "0", "--out", str(small)).returncode == 0
    more = python_m(*LOO, "--deals", "3200", "--chunk", "1000", "--workers", "0", "--out", str(small))
    assert more.returncode == 0, more.stderr
    # the short chunk of 500 is played again whole: 3,200 - 1,000 deals played now
    assert "3,200 (2,200 played now, 1,000 before)" in more.stdout
    assert run_cli(*LOO, "--deals", "3200", "--chunk", "1000", "--workers", "0", "--out", str(whole)).returncode == 0
    assert same(tables(small), tables(whole))
    fewer = run_cli(*LOO, "--deals", "1000", "--chunk", "1000", "--workers", "0", "--out", str(small))
    assert fewer.returncode == 2 and "3,200" in fewer.stderr and fewer.stderr.count("\n") == 1


def test_one_process_and_two_give_the_same_rows_in_csv_and_parquet(tmp_path: Path) -> None:
    nap = ["simulate", "--game", "nap", "--policy", "sensible,random,random", "--players", "3", "--quiet"]
    nap += ["--deals", "3000", "--chunk", "500", "--seed", "3"]
    one = run_cli(*nap, "--workers", "0", "--csv", "--out", str(tmp_path / "one"))
    two = python_m(*nap, "--workers", "2", "--out", str(tmp_path / "two"))
    assert one.returncode == two.returncode == 0, two.stderr
    assert "on 2 worker processes" in two.stdout and "on this process" in one.stdout
    assert sorted(p.name for p in (tmp_path / "one").iterdir())[:2] == ["chunk-00000.csv", "chunk-00001.csv"]
    header = (tmp_path / "one" / "chunk-00000.csv").read_text().split("\n")[0]
    assert header.split(",")[:3] == ['"net_0"', '"net_1"', '"net_2"']
    as_csv, as_parquet = tables(tmp_path / "one"), tables(tmp_path / "two")
    assert as_csv.keys() == as_parquet.keys() and len(as_csv["net_0"]) == 3000
    assert all(np.array_equal(as_csv[k], v) for k, v in as_parquet.items())
    # the summary is the same whoever played the chunks
    assert one.stdout.split("\n")[4:9] == two.stdout.split("\n")[4:9]


def test_the_strategy_players_are_simulated_by_their_seats(tmp_path: Path) -> None:
    """``--policy strategy``: the seats that declare by the shipped computed strategy play, beside others; the
    summary names each seat's player, and the rows written are the kernel's own."""
    args = ["simulate", "--game", "loo", "--policy", "strategy,sensible,strategy,random,strategy", "--deals", "2000"]
    run = run_cli(*args, "--chunk", "1000", "--seed", "4", "--workers", "0", "--quiet", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.split("\n")
    assert [line.split()[1] for line in lines[5:10]] == ["strategy", "sensible", "strategy", "random", "strategy"]
    setup = Setup("three_card", 5, ("strategy", "sensible", "strategy", "random", "strategy"))
    first = kernel_for("three_card").run(setup, chunk_seed(4, 0), 1000)
    assert np.array_equal(tables(tmp_path)["net_0"][:1000], first["net"][:, 0])


def test_the_summary_without_out_writes_nothing(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "roundgames", *LOO, "--deals", "800", "--chunk", "400", "--workers", "0"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert list(tmp_path.iterdir()) == []
    lines = run.stdout.split("\n")
    assert lines[0].startswith(
        "command     roundgames simulate --game loo --form three_card --players 5 --policy random"
    )
    assert [line.split()[0] for line in lines[5:10]] == ["0", "1", "2", "3", "4"]
    assert "looed" in lines[4] and "files" not in run.stdout
    # the summary's means are those of the run's two chunks, each played from its own seed
    setup = Setup("three_card", 5, ("random",) * 5)
    net = np.concatenate([kernel_for("three_card").run(setup, chunk_seed(11, k), 400)["net"] for k in (0, 1)])
    for seat in range(5):
        mean, sd = float(np.mean(net[:, seat])), float(np.std(net[:, seat], ddof=1))
        low, high = mean - 1.96 * sd / 800**0.5, mean + 1.96 * sd / 800**0.5
        assert lines[5 + seat].split()[2:5] == [f"{mean:.4f}", f"[{low:.4f},", f"{high:.4f}]"], lines[5 + seat]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "whist"], ["--game", "whist"]),
        (["--game", "loo", "--form", "nap"], ["--form", "nap"]),
        (["--game", "loo", "--policy", "clever"], ["clever", "random", "sensible", "strategy"]),
        (["--game", "nap", "--players", "5", "--policy", "strategy"], ["'strategy'", "Nap at 5 players", "Peel's"]),
        (["--game", "loo", "--policy", "random,random"], ["--policy", "5 seats"]),
        (["--game", "loo", "--players", "2"], ["players", "2", "LOO-GEN-1"]),
        (["--game", "nap", "--players", "9"], ["players", "9", "NAP-GEN-1"]),
        (["--game", "loo", "--deals", "-5"], ["--deals", "-5"]),
        (["--game", "loo", "--chunk", "0"], ["--chunk", "0"]),
        (["--game", "loo", "--options", '{"ante": "sometimes"}'], ["ante", "sometimes"]),
        (["--game", "loo", "--options", "{ante"], ["--options", "JSON"]),
        (["--game", "loo", "--workers", "-1"], ["workers", "-1"]),
        (["--game", "loo", "--scheduler", "nowhere"], ["scheduler", "nowhere"]),
        (["--game", "loo", "--csv"], ["--csv", "--out"]),
        (["--game", "loo", "--pool", "99999999999999999999"], ["pool", "99999999999999999999", "1,000,000"]),
        (["--game", "nap", "--pool", "1000001"], ["pool", "kitty", "1000001", "1,000,000"]),
        (["--game", "loo", "--deals", "1" + "0" * 30, "--chunk", "1"], ["--deals", "chunks"]),
        (["--game", "loo", "--chunk", "100000000000"], ["--chunk", "100,000,000,000", "10,000,000"]),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], words: list[str]) -> None:
    run = run_cli("simulate", "--deals", "10", "--quiet", *args)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    for word in words:
        assert word in run.stderr, run.stderr


def test_bad_input_from_a_new_process_is_one_line_too() -> None:
    run = python_m("simulate", "--game", "nap", "--options", '{"misery": "often"}', "--deals", "10")
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1, run.stderr
    assert run.stderr.startswith("roundgames simulate: error:") and "misery" in run.stderr and "often" in run.stderr


def test_another_configuration_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    out = str(tmp_path / "run")
    assert run_cli(*LOO, "--deals", "100", "--workers", "0", "--out", out).returncode == 0
    other = run_cli(*LOO, "--deals", "100", "--players", "4", "--workers", "0", "--out", out)
    assert other.returncode == 2 and other.stderr.count("\n") == 1
    assert "players 5 there, 4 here" in other.stderr


def test_ctrl_c_keeps_the_finished_chunks_and_the_same_command_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = [*LOO, "--deals", "100000", "--chunk", "500", "--workers", "0"]
    command = [sys.executable, "-m", "roundgames", *args, "--out", str(out)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 50
    while not (out / "chunk-00000.parquet").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    held = json.loads((out / "run.json").read_text())
    kept = held["deals"]
    assert 500 <= kept < 100000 and len(list(out.glob("chunk-*.parquet"))) >= len(held["chunks"])
    assert stderr.strip().split("\n")[-1] == f"stopped: kept {kept:,} deals in {out}; the same command resumes the run"
    assert f"{kept:,} ({kept:,} played now, 0 before)" in stdout

    resumed = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert f"100,000 ({100000 - kept:,} played now, {kept:,} before)" in resumed.stdout
    whole = tmp_path / "whole"
    assert run_cli(*args, "--out", str(whole)).returncode == 0
    assert same(tables(out), tables(whole))


def test_the_columns_page_names_every_column_a_run_writes() -> None:
    # The site's page (scripts/docs_pages/simulate.py, built with the site) is written from the kernels: each
    # form's section names every column of that form's files.
    path = Path(__file__).resolve().parent.parent / "scripts" / "docs_pages" / "simulate.py"
    spec = importlib.util.spec_from_file_location("simulate_columns_page", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = module.PAGES["research/simulate-columns.md"]()
    sections = text.split("\n## ")[1:]
    forms = [re.search(r"--form (\w+)", s)[0].split()[1] for s in sections]  # type: ignore[index]
    assert forms == ["three_card", "five_card", "irish", "nap"]
    for form, section in zip(forms, sections, strict=True):
        players = 4 if form == "nap" else 5
        written = kernel_for(form).run(Setup(form, players, ("random",) * players), 1, 3)
        for name in written:
            assert f"| `{name}` |" in section, (form, name)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda r: r.update(chunks=[1]), ["chunks", "[1]"]),
        (lambda r: r.update(config=5), ["config", "5"]),
        (lambda r: r["chunks"]["0"].update(deals="x"), ["chunk 0", "deals 'x'"]),
        (lambda r: r["chunks"].update(zz={}), ["chunk 'zz'"]),
        (lambda r: r["chunks"]["0"].update(net=[1]), ["chunk 0", "net [1]", "5 seats"]),
    ],
)
def test_a_tampered_run_json_is_refused_in_one_line_and_left_alone(tmp_path: Path, edit: Any, words: list[str]) -> None:
    out = tmp_path / "run"
    assert run_cli(*LOO, "--deals", "100", "--chunk", "50", "--workers", "0", "--out", str(out)).returncode == 0
    record = json.loads((out / "run.json").read_text())
    edit(record)
    (out / "run.json").write_text(json.dumps(record))
    before = sorted(p.name for p in out.iterdir()), (out / "run.json").read_text()
    run = run_cli(*LOO, "--deals", "100", "--chunk", "50", "--workers", "0", "--out", str(out))
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    assert "is not a run's record" in run.stderr and all(word in run.stderr for word in words), run.stderr
    assert (sorted(p.name for p in out.iterdir()), (out / "run.json").read_text()) == before


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_the_progress_bar_moves_as_each_chunk_finishes_with_the_runs_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a user sees on a terminal (rich's TTY_COMPATIBLE and TTY_INTERACTIVE make standard error one here): the
    bar drawn again as each chunk finishes, with its deals, and from the first chunk on the pace in deals a second,
    the same pace the summary gives; and no word of compiling, the kernel being compiled already."""
    setup = Setup("three_card", 5, ("random",) * 5)
    kernel_for("three_card").run(setup, 0, 1)  # compiled (or loaded) in this process: nothing left to compile
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    run = run_cli("simulate", "--game", "loo", "--deals", "3000", "--chunk", "1000", "--workers", "0")
    assert run.returncode == 0, run.stderr
    frames = [ANSI.sub("", part).strip() for part in re.split(r"[\r\n]", run.stderr)]
    drawn = [frame for frame in frames if frame.startswith("deals")]
    assert "compiling" not in run.stderr
    counts = [re.search(r"([\d,]+) of 3,000 deals", frame) for frame in drawn]
    assert all(counts), drawn
    shown = [int(m.group(1).replace(",", "")) for m in counts if m]
    assert shown == sorted(shown) and {0, 1000, 2000, 3000} <= set(shown), drawn  # each chunk's end is drawn
    assert all("playing the first chunk" in f for f, n in zip(drawn, shown, strict=True) if n == 0), drawn
    paces = [re.search(r"([\d,]+) deals/s, \d+:\d\d left", f) for f, n in zip(drawn, shown, strict=True) if n]
    assert all(paces), drawn
    last = paces[-1]
    assert last is not None and f"speed       {last.group(1)} deals/s" in run.stdout  # the summary's pace
    quiet = run_cli("simulate", "--game", "loo", "--deals", "3000", "--chunk", "1000", "--workers", "0", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == ""  # --quiet: no bar
