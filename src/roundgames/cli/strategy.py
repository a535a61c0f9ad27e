"""``roundgames strategy``: compute the strategies for declaring and calling that the expert plays
(:mod:`roundgames.sim.strategy.build`), seeded, into a folder (the package's own, ``src/roundgames/bots/strategies``,
for the shipped ones)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from typing import Any

from ..core.errors import RecordError
from .args import counted, positive

__all__ = ["add_strategy"]


def add_strategy(sub: Any) -> None:
    """``roundgames strategy``."""
    p = sub.add_parser("strategy", help="compute the strategies for declaring and calling with the simulator")
    p.add_argument(
        "--game",
        choices=("loo", "nap", "five_card", "irish", "all"),
        default="all",
        help="which: loo (Three-card), nap, five_card, irish (Loo's other forms), or all (the default)",
    )
    p.add_argument("--seed", type=counted, default=2026, help="the run's seed (default 2026)")
    p.add_argument("--out", default=".", metavar="DIR", help="the folder the strategy files go to (default .)")
    p.add_argument("--workers", type=positive, default=None, help="threads (default: every core)")
    p.add_argument("--iterations", type=positive, default=None, help="iterations instead of the plan's (a trial)")
    p.add_argument("--deals", type=counted, default=None, help="deals an iteration instead of the plan's (a trial)")
    p.add_argument("--final", type=counted, default=None, help="deals of the last weighing instead of the plan's")
    p.set_defaults(func=_cmd)


def _cmd(args: argparse.Namespace) -> int:
    try:
        from ..sim.strategy.build import PLANS, build
    except ImportError as e:
        raise RecordError(
            "strategy", f"needs the simulator, in the sim extra: pip install 'roundgames[sim]' ({e})"
        ) from None
    names = list(PLANS) if args.game == "all" else [args.game]
    words = ["roundgames", "strategy", "--game", args.game, "--seed", str(args.seed), "--out", args.out]
    for flag in ("iterations", "deals", "final"):
        if getattr(args, flag) is not None:
            words += [f"--{flag}", str(getattr(args, flag))]
    command = shlex.join(words)
    if not os.path.isdir(args.out):
        raise RecordError("--out", f"{args.out}: no such folder")
    print(f"$ {command}", flush=True)
    start = time.perf_counter()
    made = build(
        names, args.seed, args.out, command,
        iterations=args.iterations, deals=args.deals, final=args.final, threads=args.workers or 0,
        say=lambda line: print(f"... {line}", file=sys.stderr, flush=True),
    )  # fmt: skip
    for m in made:
        cells = ", ".join(f"pool {p}: {n:,} cells" for p, n in m.kept.items())
        print(f"{m.path}: {m.seconds:.0f} s; {cells}")
        for note in m.notes:
            print(f"  {note}")
    print(f"elapsed {time.perf_counter() - start:.0f} s")
    return 0
