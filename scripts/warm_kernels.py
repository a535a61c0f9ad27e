"""Compile the numba kernels the tests use, once, into their on-disk caches (``make test`` runs this in the
background while the linters run on one core, so that no test worker compiles a kernel another is compiling).

Each kernel is compiled for the argument types the tests give it: the batched environment of every form with the
float32 and the compact observations and built-in players, the simulator's kernels of every form. A failure here
is printed and does not stop the tests, which then compile what they need themselves.

    .venv/bin/python scripts/warm_kernels.py
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable

import numpy as np


def batched() -> None:
    from roundgames.envs.vector import BatchedGame

    forms = [
        ("loo", "three_card", 5, {1: "sensible", 2: "strategy", 3: "random"}),
        ("loo", "five_card", 5, {1: "sensible", 2: "strategy", 3: "random"}),
        ("loo", "irish", 5, {1: "sensible", 2: "strategy", 3: "random"}),
        ("nap", "nap", 4, {1: "sensible", 2: "strategy", 3: "random"}),
    ]
    for game, form, players, opponents in forms:
        for observation in ("float32", "uint8"):
            for opp in (None, opponents):
                env = BatchedGame(game, form=form, batch=8, players=players, opponents=opp, observation=observation)
                _, mask, _ = env.reset()
                env.step(np.argmax(mask, axis=1))


def simulated() -> None:
    from roundgames.sim.kernels import Setup, kernel_for

    for form, players in (("three_card", 5), ("five_card", 5), ("irish", 5), ("nap", 4)):
        kernel = kernel_for(form)
        for policy in ("random", "sensible"):
            kernel.run(Setup(form, players, (policy,) * players), 1, 4)


def main() -> int:
    failed = 0
    for name, warm in (("batched environments", batched), ("simulator", simulated)):
        started = time.perf_counter()
        step: Callable[[], None] = warm
        try:
            step()
        except Exception:  # a kernel that fails to compile here fails in its tests too, with their message
            traceback.print_exc()
            failed += 1
            continue
        print(f"warm_kernels: {name} compiled in {time.perf_counter() - started:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
