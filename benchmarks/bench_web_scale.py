"""What a second server process costs: the same load on ``--servers 1`` and on ``--servers 2 --routed``, on PostgreSQL.

    .venv/bin/python benchmarks/bench_web_scale.py [--pairs 3] [--apart] [--half] [BENCH_WEB ARGUMENTS...]

Runs ``benchmarks/bench_web.py --db postgres`` with one server process, then with two behind the routing by table
(``--servers 2 --routed``), alternately, ``--pairs`` times, every other argument passed on (``--tables 400
--watchers 400 --seconds 30`` unless given). Each run reports its servers' CPU time a move (their event loops', over
the measurement); this prints each pair's ratio, two processes' cost over one's, and their median, against the
target of :data:`TARGET` (N processes on N cores carry N times the tables). One run alone says little on a machine
whose speed drifts from minute to minute: the pairs are run back to back and compared pairwise.

``--apart`` adds, to each pair, two single-process runs of half the tables each at the same time, sharing nothing
(their own database, server and clients): what splitting the same load over two processes costs on this machine
whatever the code does, since the processes, their databases and the clients take turns on the same cores.

``--half`` adds one more run to each pair: one process alone carrying half the tables and watchers, the load each of
two processes carries. Its cost a move over the whole load's is what one process's efficiency loses when its load
halves, with no second process, shared database or routing to blame: the share of the two processes' ratio that no
change to what they share can remove. The two processes' cost a move over this one's, each process carrying the same
load, is what a second process costs of itself (N processes carrying N times the tables of one, at one's cost a
move, is 1.0x). Not a test: the figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import re
import shlex
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BENCH = Path(__file__).resolve().parent / "bench_web.py"
#: the most that two processes may cost, over one, for the same load
TARGET = 1.1
DEFAULTS = {"--tables": "400", "--watchers": "400", "--seconds": "30"}
_MOVES = re.compile(r"^moves: (\d+) in ([\d.]+) s", re.M)
_CPU = re.compile(r"^server CPU: ([\d.]+)% of one core", re.M)


def with_defaults(rest: list[str]) -> list[str]:
    """bench_web.py's arguments, each ``--name=value`` as two: those given, and :data:`DEFAULTS` for those not."""
    out = [part for a in rest for part in (a.split("=", 1) if a.startswith("--") and "=" in a else [a])]
    for name, value in DEFAULTS.items():
        if name not in out:
            out += [name, value]
    return out


def cost(output: str) -> tuple[float, int]:
    """The servers' CPU seconds and the moves of one bench_web.py run, read from what it printed."""
    moves, cpu = _MOVES.search(output), _CPU.search(output)
    if moves is None or cpu is None or int(moves.group(1)) == 0 or float(cpu.group(1)) == 0:
        raise SystemExit(f"bench_web.py measured no moves or no server CPU:\n{output[-2000:]}")
    return float(cpu.group(1)) / 100 * float(moves.group(2)), int(moves.group(1))


def run(args: list[str]) -> tuple[float, int]:
    """One bench_web.py run on its own PostgreSQL: its servers' CPU seconds and moves."""
    seconds = float(args[args.index("--seconds") + 1])
    command = [sys.executable, str(BENCH), "--db", "postgres", *args]
    try:  # a run stuck somewhere is given up (its setup takes a few minutes at most)
        done = subprocess.run(command, capture_output=True, text=True, timeout=600 + 2 * seconds)
    except subprocess.TimeoutExpired:
        raise SystemExit(f"bench_web.py {shlex.join(args)}: no end after {600 + 2 * seconds:.0f} s") from None
    if done.returncode != 0:
        raise SystemExit(f"bench_web.py {shlex.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return cost(done.stdout)


def ms_a_move(cpu: float, moves: int) -> float:
    """Servers' CPU milliseconds a move, from their CPU seconds over ``moves``."""
    return cpu / moves * 1000


def halved(args: list[str]) -> list[str]:
    """The same arguments with half the tables and watchers (rounded up)."""
    out = list(args)
    for name in ("--tables", "--watchers"):
        i = out.index(name)
        out[i + 1] = str((int(out[i + 1]) + 1) // 2)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=3, help="alternate runs of one and two processes (default 3)")
    parser.add_argument("--apart", action="store_true", help="also two single-process halves at once, apart")
    parser.add_argument("--half", action="store_true", help="also one process alone with half the load")
    ours, rest = parser.parse_known_args(argv)
    if ours.pairs < 1:
        parser.error(f"--pairs {ours.pairs}: at least 1")
    if any(a.split("=", 1)[0] in ("--db", "--servers") for a in rest):
        parser.error("--db and --servers are this benchmark's to choose")
    args = with_defaults(rest)
    print(f"$ .venv/bin/python benchmarks/bench_web_scale.py {shlex.join(sys.argv[1:] if argv is None else argv)}")
    ratios, floors, halves_alone, same_loads = [], [], [], []
    for i in range(1, ours.pairs + 1):
        one_cpu, one_moves = run([*args, "--servers", "1"])
        two_cpu, two_moves = run([*args, "--servers", "2", "--routed"])
        one, two = ms_a_move(one_cpu, one_moves), ms_a_move(two_cpu, two_moves)
        ratios.append(two / one)
        line = f"pair {i}: one process {one:.2f} ms a move, two {two:.2f}: {two / one:.2f}x"
        if ours.apart:
            with ThreadPoolExecutor(2) as pool:
                halves = list(pool.map(run, [[*halved(args), "--servers", "1"]] * 2))
            apart = ms_a_move(sum(c for c, _ in halves), sum(m for _, m in halves))
            floors.append(apart / one)
            line += f"; two apart, sharing nothing, {apart:.2f}: {apart / one:.2f}x"
        if ours.half:
            half = ms_a_move(*run([*halved(args), "--servers", "1"]))
            halves_alone.append(half / one)
            same_loads.append(two / half)
            line += f"; one process at half the load {half:.2f}: {half / one:.2f}x, two over it {two / half:.2f}x"
        print(line, flush=True)
    median = statistics.median(ratios)
    print(f"two processes over one, median of {len(ratios)}: {median:.2f}x")
    if floors:
        print(f"two apart over one, median of {len(floors)}: {statistics.median(floors):.2f}x (this machine's share)")
    if halves_alone:
        print(
            f"one process at half the load over the whole, median of {len(halves_alone)}: "
            f"{statistics.median(halves_alone):.2f}x (what halving a process's load costs a move)"
        )
        print(
            f"two processes over one with the same load each, median of {len(same_loads)}: "
            f"{statistics.median(same_loads):.2f}x (what a second process costs of itself)"
        )
    print(f"target at most {TARGET:.1f}x: {'met' if median <= TARGET else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
