"""The batch simulator's speed on one core, beside OpenSpiel's own C++ loop, counted the same way.

    .venv/bin/python benchmarks/bench_sim.py [--seconds 2] [--rounds 3] [--chunk 100000] [--cpu N]

Plays random Three-card Loo (5 players), Nap (4), Five-card and Irish Loo (5) through the compiled kernels
(:func:`roundgames.sim.kernels.kernel_for`), after compiling them (only the steady state is timed), in chunks of
``--chunk`` deals; and OpenSpiel's ``oh_hell`` (its default parameters) in C++: ``pyspiel.evaluate_bots`` with C++
uniform random bots (``pyspiel.make_uniform_random_bot``) plays a whole game in C++, sampling every chance node
itself (``open_spiel/algorithms/evaluate_bots.cc``), one call per game.

States are counted as OpenSpiel counts them: every card dealt (a chance outcome) and every decision. The kernels
count theirs in their ``states`` column; oh_hell's mean per game is measured over ``--sample`` games played by a
Python loop, outside the timing. The process is pinned to one core (``os.sched_setaffinity``, and numba held to
one thread) and each figure is the best of ``--rounds`` rounds, the rounds taken in turn so that a loaded machine
weighs on all alike. The target is 10x OpenSpiel's states per second. Not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import os

os.environ.setdefault("NUMBA_NUM_THREADS", "1")  # before numba is imported: one core is measured

import argparse
import platform
import random
import shlex
import sys
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.streams import chunk_seed

#: the kernels measured: a name, and the form, seats and players
KERNELS = (("Three-card Loo, 5 random players", Setup("three_card", 5, ("random",) * 5)),)
KERNELS += (("Nap, 4 random players", Setup("nap", 4, ("random",) * 4)),)
KERNELS += (("Five-card Loo, 5 random players", Setup("five_card", 5, ("random",) * 5)),)
KERNELS += (("Irish Loo, 5 random players", Setup("irish", 5, ("random",) * 5)),)
TARGET = 10.0


def kernel_round(setup: Setup, chunk: int, seconds: float, first: int) -> tuple[int, int, float]:
    """Chunks of the kernel for about ``seconds``: (deals, states, elapsed)."""
    kernel = kernel_for(setup.form)
    deals = states = 0
    k = first
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        out = kernel.run(setup, chunk_seed(0, k), chunk)
        deals += chunk
        states += int(np.asarray(out["states"], dtype=np.int64).sum())
        k += 1
    return deals, states, elapsed


def openspiel_round(game: pyspiel.Game, seconds: float, first: int) -> tuple[int, float]:
    """oh_hell games in C++ for about ``seconds``: (games, elapsed)."""
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):  # the clock read once per 200 games
            pyspiel.evaluate_bots(game.new_initial_state(), bots, first + games)
            games += 1
    return games, elapsed


def states_per_game(game: pyspiel.Game, sample: int) -> float:
    """oh_hell's mean states per game: chance outcomes and decisions, over ``sample`` random games."""
    rng = random.Random(0)
    states = 0
    for _ in range(sample):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            states += 1
    return states / sample


def pin(cpu: int | None) -> int:
    """Pin this process to one core: ``cpu``, or the first it may run on."""
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The simulator's kernels beside OpenSpiel's C++ loop, on one core.")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure and round (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, the best of each figure kept (default 3)")
    parser.add_argument("--chunk", type=int, default=100_000, help="deals per kernel call (default 100,000)")
    parser.add_argument("--sample", type=int, default=2000, help="oh_hell games to count its states (2,000)")
    parser.add_argument("--cpu", type=int, default=None, help="the core to pin to (default: the first allowed)")
    args = parser.parse_args(argv)
    # a figure needs at least one round of some time on some deals: below that the tables come out empty
    for flag, value in (("--seconds", args.seconds), ("--rounds", args.rounds), ("--chunk", args.chunk)):
        if not value > 0:
            print(f"{parser.prog}: error: {flag}: above 0, got {value}", file=sys.stderr)
            return 2
    if args.sample < 1:
        print(f"{parser.prog}: error: --sample: at least 1, got {args.sample}", file=sys.stderr)
        return 2
    cpu = pin(args.cpu)
    for _, setup in KERNELS:  # compiled (or loaded from numba's cache) before any timing
        kernel_for(setup.form).run(setup, 1, 10)
    game = pyspiel.load_game("oh_hell")
    per_game = states_per_game(game, args.sample)

    best: dict[str, tuple[float, float]] = {}
    rounds: list[tuple[str, Callable[[int], tuple[float, float]]]] = []
    for name, setup in KERNELS:

        def run_kernel(r: int, setup: Setup = setup) -> tuple[float, float]:
            deals, states, took = kernel_round(setup, args.chunk, args.seconds, 1000 * r)
            return deals / took, states / took

        rounds.append((name, run_kernel))

    def run_openspiel(r: int) -> tuple[float, float]:
        games, took = openspiel_round(game, args.seconds, 10**6 * r)
        return games / took, games * per_game / took

    rounds.append(("OpenSpiel oh_hell, C++ evaluate_bots", run_openspiel))
    for r in range(args.rounds):
        for name, fn in rounds:
            rate = fn(r)
            if name not in best or rate[1] > best[name][1]:
                best[name] = rate

    command = shlex.join(sys.orig_argv) if argv is None else shlex.join([sys.executable, __file__, *argv])
    spiel = best["OpenSpiel oh_hell, C++ evaluate_bots"][1]
    print(f"command: {command}")
    print(f"python {platform.python_version()}, {platform.machine()}, pinned to cpu {cpu}; numba threads 1")
    print(f"best of {args.rounds} rounds of {args.seconds:g} s each; kernels in chunks of {args.chunk:,} deals")
    print(f"oh_hell {game.get_parameters()}: {per_game:.1f} states a game (chance outcomes and decisions)")
    for name, (deals, states) in best.items():
        unit = "games" if name.startswith("OpenSpiel") else "deals"
        ratio = "" if name.startswith("OpenSpiel") else f"  {states / spiel:5.1f}x OpenSpiel"
        print(f"{name:<38} {deals:>12,.0f} {unit}/s {states:>14,.0f} states/s{ratio}")
    print(f"target: {TARGET:g}x OpenSpiel's states/s = {TARGET * spiel:,.0f} states/s")
    for name, _ in KERNELS:
        deals, states = best[name]
        need = TARGET * spiel / (states / deals)
        verdict = "met" if states >= TARGET * spiel else "not met"
        print(f"  {name}: {need:,.0f} deals/s needed at {states / deals:.1f} states a deal; {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
