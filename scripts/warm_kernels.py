"""Compile the numba kernels the tests use, once, into their on-disk caches (``make test`` runs this in the
background while the linters run, so that no test worker compiles a kernel another is compiling).

Each kernel is compiled for the argument types the tests give it: the batched environment of every form with the
float32 and the compact observations and built-in players; the simulator's kernels of every form, and the
Three-card sensible player's card, which the engine's replay of a simulated deal asks of the kernel; the expert's
Nap solver; the strategies' weighing kernels of every form (``roundgames strategy`` and ``exploit``, the table
player's tests), with the Five-card kernel's bucket and exchange helpers the tests call on their own. Compiling is single-threaded, so the groups are compiled in processes of their own at once, as many at
a time as there are cores. A failure here is printed and does not stop the tests, which then compile what they
need themselves.

    .venv/bin/python scripts/warm_kernels.py
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

#: the batched environments: (game, form, players, the built-in players of the other seats)
FORMS = [
    ("loo", "three_card", 5, {1: "sensible", 2: "strategy", 3: "random"}),
    ("loo", "five_card", 5, {1: "sensible", 2: "strategy", 3: "random"}),
    ("loo", "irish", 5, {1: "sensible", 2: "strategy", 3: "random"}),
    ("nap", "nap", 4, {1: "sensible", 2: "strategy", 3: "random"}),
]


def batched(game: str) -> None:
    from roundgames.envs.vector import BatchedGame

    # The Loo forms share kernels, so they are compiled in the same process.
    for name, form, players, opponents in (f for f in FORMS if f[0] == game):
        for observation in ("float32", "uint8"):
            for opp in (None, opponents):
                env = BatchedGame(name, form=form, batch=8, players=players, opponents=opp, observation=observation)
                _, mask, _ = env.reset()
                env.step(np.argmax(mask, axis=1))


def batched_loo() -> None:
    batched("loo")


def batched_nap() -> None:
    batched("nap")


def simulated() -> None:
    from roundgames.sim.kernels import Setup, kernel_for
    from roundgames.sim.loo3 import replay

    for form, players in (("three_card", 5), ("five_card", 5), ("irish", 5), ("nap", 4)):
        kernel = kernel_for(form)
        for policy in ("random", "sensible"):
            kernel.run(Setup(form, players, (policy,) * players), 1, 4)
    # A Three-card deal replayed on the engine: its sensible players (SensibleTwin) ask the kernel for their cards.
    setup = Setup("three_card", 5, ("sensible",) * 5)
    replay(setup, 1, 0, kernel_for("three_card").trace(setup, 1, 1))


def solver() -> None:
    import random

    from roundgames.bots import ExpertBot, deal_series, play_deal
    from roundgames.games.registry import rules_for

    # The expert solves Nap's play with the compiled search.
    for deal in deal_series(rules_for("nap", "peel"), 4, 2, "warm:nap"):
        play_deal(deal, {s: ExpertBot(random.Random(s), samples=2) for s in range(4)})


def weighing(game: Any) -> None:
    """One small weighing of ``game`` with a table player, a sensible and a random one in its seats: the kinds are
    the kernel's data, not its types, so this one compile serves every field."""
    from roundgames.sim.strategy.weigh import Field

    kinds = ("table", "sensible", "random") + ("table",) * (game.players - 3)
    table = np.zeros(game.legal.shape, np.uint8)
    game.weigh(Field(kinds, table), 1, 4, threads=1)


def weighing_loo3() -> None:
    from roundgames.sim.strategy.loo3 import Loo3Game

    weighing(Loo3Game(5, 6))


def weighing_loo5() -> None:
    from roundgames.core.cards import mask_of
    from roundgames.sim.strategy import _loo5 as kernel
    from roundgames.sim.strategy.buckets import loo5_keys, loo_lookup
    from roundgames.sim.strategy.loo5 import Loo5Game

    # Five-card and Irish Loo share one kernel (the form is its data); Irish is weighed too for its own tables.
    for form in ("five_card", "irish"):
        weighing(Loo5Game(form, 5, 0))
    # the helpers the tests call from Python, with Python's ints (int64) as the tests pass them
    hand, turnup, pam = mask_of([0, 13, 26, 39, 5]), 51, 9
    kernel.bucket_key(hand, turnup, pam)
    kernel.bucket_of(hand, turnup, pam, 5, loo5_keys(), np.zeros(1, np.int32))
    kernel.bucket_of(mask_of([0, 13, 26]), turnup, -1, 3, loo5_keys(), loo_lookup()[1])
    kernel.weakest(hand, 1, turnup // 13, pam)


def weighing_nap() -> None:
    from roundgames.sim.strategy.nap import NapGame

    weighing(NapGame(4))


#: the groups, the longest first, so that the shorter ones share the other cores
GROUPS: dict[str, Callable[[], None]] = {
    "batched Loo environments": batched_loo,
    "simulator": simulated,
    "Five-card and Irish weighing": weighing_loo5,
    "Three-card weighing": weighing_loo3,
    "Nap weighing": weighing_nap,
    "batched Nap environment": batched_nap,
    "expert's Nap solver": solver,
}


def warm(name: str) -> tuple[str, float, str | None]:
    """Compile one group: its name, the seconds it took, and the traceback of its failure (None when it worked)."""
    started = time.perf_counter()
    try:
        GROUPS[name]()
    except Exception:  # a kernel that fails to compile here fails in its tests too, with their message
        return name, time.perf_counter() - started, traceback.format_exc()
    return name, time.perf_counter() - started, None


def main() -> int:
    failed = 0
    with ProcessPoolExecutor(max_workers=min(len(GROUPS), os.cpu_count() or 1)) as pool:
        for name, seconds, problem in pool.map(warm, GROUPS):
            if problem is not None:
                print(problem, end="", file=sys.stderr)
                failed += 1
                continue
            print(f"warm_kernels: {name} compiled in {seconds:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
