"""The computed strategies measured against their targets: the expert against ``sensible``, against the best
response to ``sensible`` (the table player), and how far each can be exploited.

    .venv/bin/python benchmarks/bench_strategies.py --game loo [--preset peel] [--boards 2000] [--seeds 1,2]
        [--deals 8000000] [--sitting 1] [--exploit-boards N] [--workers 2]

For each seed (every measure on the same boards of the duplicate tournament, :mod:`roundgames.bots.tournament`):

1. ``roundgames exploit --field sensible``: the best response to ``sensible`` built in the simulator (the *table
   player*) and its edge over ``sensible`` in the tournament: ``sensible``'s exploitability;
2. the expert in one seat, ``sensible`` in the others: expert − sensible;
3. the expert's edge over ``sensible`` less the table player's, board by board (the same cards, the same
   ``sensible`` players): expert − table player;
4. ``roundgames exploit --field expert``: the best response to the expert's declaring or calling, and its edge
   over a table of experts: the expert's exploitability.

The seeds' boards are pooled (each board one value), and every figure is printed with its 95% interval over them,
beside the issue's target. With ``--sitting N`` each board is N deals of a sitting, the pool carried, and the best
responses are built at every pool bucket. Not a test: the figures are measured, not asserted. The expert takes
tens of milliseconds a decision in Nap's play, so a Nap run of 2 × 2,000 boards takes about an hour on two cores.
"""

from __future__ import annotations

import argparse
import math
import os
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass

from roundgames.bots.table_player import PREFIX
from roundgames.bots.tournament import Results, Tournament, run
from roundgames.sim.strategy.exploit import Exploit, exploit

#: the issue's targets by game and preset: expert − sensible at least this, in counters or units a deal
TARGETS = {("loo", "peel"): 0.10, ("nap", "peel"): 0.58}


@dataclass(frozen=True)
class Figure:
    """A mean over boards with the half-width of its 95% interval."""

    values: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values)

    @property
    def half(self) -> float:
        n = len(self.values)
        return 1.96 * statistics.stdev(self.values) / math.sqrt(n) if n > 1 else math.inf

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half:.3f} [{self.mean - self.half:+.3f}, {self.mean + self.half:+.3f}]"


def edges(results: Results, bot: str, field: str) -> list[float]:
    """``bot``'s mean net less ``field``'s on each board."""
    return [a - b for a, b in zip(results.per_board(bot), results.per_board(field), strict=True)]


def one_seed(args: argparse.Namespace, seed: int, folder: str) -> dict[str, list[float]]:
    """The four measures' board values for one seed."""
    players = args.players or (5 if args.game == "loo" else 4)
    say = print if args.verbose else (lambda *_: None)
    against: Exploit = exploit(
        args.game, players, "sensible", args.deals, args.boards, seed, os.path.join(folder, f"br-sensible-{seed}.rgs"),
        preset=args.preset, sitting=args.sitting, workers=args.workers, threads=args.workers, on_step=say,
    )  # fmt: skip
    table = f"{PREFIX}{against.path}"
    assert against.results is not None
    lineup = ("expert",) + ("sensible",) * (players - 1)
    options: tuple[tuple[str, object], ...] = ()
    match = run(
        Tournament(args.game, lineup, args.boards, seed, args.preset or "peel", options, deals=args.sitting),
        args.workers,
    )
    of_expert: Exploit = exploit(
        args.game, players, "expert", args.deals, args.exploit_boards or args.boards, seed, os.path.join(folder, f"br-expert-{seed}.rgs"),
        preset=args.preset, sitting=args.sitting, workers=args.workers, threads=args.workers, on_step=say,
    )  # fmt: skip
    assert of_expert.results is not None
    expert_edge = edges(match, "expert", "sensible")
    table_edge = edges(against.results, table, "sensible")
    return {
        "sensible exploited": table_edge,
        "expert - sensible": expert_edge,
        "expert - table player": [e - t for e, t in zip(expert_edge, table_edge, strict=True)],
        "expert exploited": edges(of_expert.results, f"{PREFIX}{of_expert.path}", "expert"),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=("loo", "nap"), default="loo")
    p.add_argument("--preset", default=None, help="Loo: peel (default), five-card or irish")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--boards", type=int, default=2000, help="boards a seed (default 2000)")
    p.add_argument("--seeds", default="1,2", help="the seeds, comma-separated (default 1,2)")
    p.add_argument("--deals", type=int, default=8_000_000, help="simulated deals a best response (default 8M)")
    p.add_argument("--sitting", type=int, default=1, help="deals a board (default 1: first deals)")
    p.add_argument(
        "--exploit-boards",
        type=int,
        default=0,
        help="boards a seed of the tournament against a field of experts (default: --boards); at Nap every expert "
        "searches its play, so this tournament costs three times the others",
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)
    print(f"$ .venv/bin/python benchmarks/bench_strategies.py {shlex.join(argv if argv is not None else sys.argv[1:])}")
    seeds = [int(s) for s in args.seeds.split(",")]
    start = time.perf_counter()
    pooled: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            for name, values in one_seed(args, seed, folder).items():
                pooled.setdefault(name, []).extend(values)
    figures = {name: Figure(tuple(values)) for name, values in pooled.items()}
    unit = "units" if args.game == "nap" else "counters"
    what = "first deals" if args.sitting == 1 else f"sittings of {args.sitting} deals"
    print(f"{args.game} ({args.preset or 'peel'}), {what}: {len(seeds)} seeds x {args.boards} boards, {unit} a deal")
    for name, f in figures.items():
        print(f"  {name:<24}{f}  ({len(f.values)} boards)")
    target = TARGETS.get((args.game, args.preset or "peel"))
    e, t = figures["expert - sensible"], figures["expert - table player"]
    s, x = figures["sensible exploited"], figures["expert exploited"]
    if target is not None:
        met = e.mean >= target and e.mean - e.half > 0
        print(f"  target expert - sensible >= {target:+.2f}, lower bound above 0: {'met' if met else 'not met'}")
    print(f"  target expert - table player not below 0 at 95%: {'met' if t.mean + t.half >= 0 else 'not met'}")
    ratio = x.mean / s.mean if s.mean > 0 else math.inf
    print(
        f"  expert's exploitability / sensible's: {ratio:.2f} (target at most 0.25: {'met' if ratio <= 0.25 else 'not met'})"
    )
    print(f"elapsed {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
