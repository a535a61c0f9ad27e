"""Research-adapter throughput: random play through the PettingZoo environments, deals and steps per second.

    .venv/bin/python benchmarks/bench_envs.py [--game loo|nap] [--players N] [--seconds 5] [--seed 0]
                                              [--preset peel] [--sitting] [--raw] [--all]
                                              [--baseline DIR [--rounds 3]]

Each episode is played the way a PettingZoo user plays it: ``for agent in env.agent_iter(): obs, ... = env.last()``,
then a random legal action drawn from ``obs["action_mask"]`` (``None`` for an agent that is done). The wrapped
``env()`` is used (PettingZoo's standard wrappers), or ``raw_env`` with ``--raw``; ``--all`` measures both games
(Loo 5 players, Nap 4) through both. One episode is one deal, or with ``--sitting`` a sitting of ten deals. A step
is one action of an agent; the dead steps with ``None`` at the end are not counted. The figures include building
each observation (every ``last()``) and the random choice. Not a test: it asserts nothing about speed.

``--baseline DIR`` compares this tree with another checkout of the project, such as an older commit
(``git worktree add /tmp/base COMMIT``): every measurement runs in a fresh process of this script with that tree's
``src`` first on the path (the same loop for both), each case ``--rounds`` times in each tree, alternately, so that
a change in the machine's load falls on both; the medians and their ratio are printed.

Before and after the observations written with NumPy, PettingZoo's wrappers read directly, the leaner steps and
the plain turns' legal ids read from the deal's state (``--all --seconds 2 --rounds 7 --baseline`` a worktree of
a5f7c24, the commit before them; steps a second, medians of wall time and, in brackets, of the process's CPU time;
CPython 3.11, x86_64, a 2-core virtual machine shared with other processes, load average 4 to 5):

| game, entry                 | before          | after             | ratio         |
|-----------------------------|-----------------|-------------------|---------------|
| Loo, 5 players, ``env()``   | 2,504 (3,826)   | 8,968 (13,468)    | 3.58x (3.52x) |
| Loo, 5 players, ``raw_env`` | 4,733 (6,077)   | 10,167 (15,053)   | 2.15x (2.48x) |
| Nap, 4 players, ``env()``   | 2,504 (3,745)   | 8,785 (12,886)    | 3.51x (3.44x) |
| Nap, 4 players, ``raw_env`` | 5,795 (5,970)   | 11,808 (14,236)   | 2.04x (2.38x) |

The machine's speed moves by a fifth or more from one minute to the next, wall time much more than CPU time (the
load average rose to 7 during these runs), and a single run's ratios with it. Three runs of the same command on the
same tree gave, wall (CPU): Loo ``env()`` 3.58x, 3.49x, 3.49x (3.52x, 3.31x, 3.47x); Nap ``env()`` 3.51x, 3.40x,
3.40x (3.44x, 3.71x, 3.42x); ``raw_env`` 2.37x to 2.48x in CPU time for Loo and 2.34x to 2.38x for Nap (the wall
figures of ``raw_env`` 2.04x to 2.43x). In CPU time the "after" figures of those runs were 11,300 to 13,500 (Loo
``env()``), 12,300 to 15,100 (Loo ``raw_env``), 12,200 to 12,900 (Nap ``env()``) and 13,400 to 14,200 (Nap
``raw_env``).

Where the time goes in ``raw_env`` now (cProfile, Loo): the engine's part of a step (its unchecked action, a
tenth, and the rules' masks of the legal cards and declarations) about a sixth; the observation about a fifth
(:func:`roundgames.envs.loo_encoding.observation_into`, its places from a table made once for each observer; with
its arrays a quarter); ``reset`` about a sixth, of which the seeding and the shuffle a quarter each; and this
script's own random choice (``rng.choice`` over ``np.flatnonzero`` of the mask) about a fifth; the rest is
PettingZoo's loop and the step's bookkeeping: so ``raw_env`` cannot reach three times its old rate without a
cheaper engine. Where a turn is plain (strict mode, an ordinary card or declaration; Nap's calls), the adapters read
its legal ids from the deal's state with the rules' own functions (the encodings' ``plain_ids``) and make only the
chosen id's action, where the engine would make one for every legal action; elsewhere they ask the engine.
``env()`` costs a few percent more than ``raw_env``: PettingZoo's standard wrappers (subclasses in
:mod:`roundgames.envs._wrappers` that read the raw environment's attributes directly, and whose outermost does the
others' work for a legal step, where PettingZoo's own forward each attribute through three ``__getattr__`` calls,
which cost more than the observation and the engine together).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from roundgames import RoundgamesError
from roundgames.envs import loo_v0, nap_v0

GAMES = {"loo": loo_v0, "nap": nap_v0}
#: seats when --players is not given: as bench_engine.py (Loo 5, Nap 4)
DEFAULT_PLAYERS = {"loo": 5, "nap": 4}


def play(env: Any, rng: np.random.Generator, seed: int, deadline: float) -> tuple[int, int, int]:
    """Play episodes until ``deadline``; returns (episodes, deals, steps)."""
    episodes = deals = steps = 0
    while time.perf_counter() < deadline:
        env.reset(seed=seed + episodes)
        for _agent in env.agent_iter():
            obs, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            env.step(action)
        episodes += 1
        deals += env.unwrapped.deals_done if env.unwrapped.sitting_mode else 1
    return episodes, deals, steps


def measure(game: str, raw: bool, args: argparse.Namespace) -> dict[str, Any]:
    """One measurement in this process: ``args.seconds`` of random play through one entry point."""
    module = GAMES[game]
    players = args.players if args.players is not None else DEFAULT_PLAYERS[game]
    config = {"players": players, "preset": args.preset, "sitting": args.sitting}
    env = module.raw_env(**config) if raw else module.env(**config)
    rng = np.random.default_rng(args.seed)
    cpu = time.process_time()
    start = time.perf_counter()
    episodes, deals, steps = play(env, rng, args.seed, start + args.seconds)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {
        "game": game,
        "entry": "raw_env" if raw else "env()",
        "players": players,
        "episodes": episodes,
        "deals": deals,
        "steps": steps,
        "seconds": elapsed,
        "deals_per_s": deals / elapsed,
        "steps_per_s": steps / elapsed,
        "cpu_seconds": cpu,
        "steps_per_cpu_s": steps / cpu if cpu > 0 else 0.0,
    }


def in_tree(tree: Path, game: str, raw: bool, args: argparse.Namespace) -> dict[str, Any]:
    """One measurement by this script's loop in a fresh process whose ``roundgames`` is ``tree``'s (``tree/src``
    first on the path): the same loop for every tree compared."""
    command = [sys.executable, __file__, "--game", game, "--seconds", str(args.seconds), "--seed", str(args.seed)]
    command += (
        ["--preset", args.preset, "--json"] + (["--raw"] if raw else []) + (["--sitting"] if args.sitting else [])
    )
    if args.players is not None:
        command += ["--players", str(args.players)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the measurement failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(baseline: Path, cases: list[tuple[str, bool]], args: argparse.Namespace) -> None:
    """Each case measured ``args.rounds`` times in the baseline tree and in this one, alternately (so that a
    change in the machine's load falls on both), and the medians and their ratio printed."""
    here = Path(__file__).resolve().parent.parent
    print(f"baseline: {baseline} · this tree: {here} · {args.rounds} rounds of {args.seconds:g} s each, alternating")
    print("steps a second of wall time, and (in brackets) of the process's CPU time, which a loaded machine moves less")
    print(f"{'game':<5} {'entry':<8} {'baseline steps/s':>24} {'this tree steps/s':>24} {'ratio':>14}")
    for game, raw in cases:
        runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(in_tree(baseline, game, raw, args))
            runs["after"].append(in_tree(here, game, raw, args))
        wall = {k: statistics.median(r["steps_per_s"] for r in v) for k, v in runs.items()}
        cpu = {k: statistics.median(r["steps_per_cpu_s"] for r in v) for k, v in runs.items()}
        entry = "raw_env" if raw else "env()"
        before = f"{wall['before']:,.0f} ({cpu['before']:,.0f})"
        after = f"{wall['after']:,.0f} ({cpu['after']:,.0f})"
        ratio = f"{wall['after'] / wall['before']:.2f}x ({cpu['after'] / cpu['before']:.2f}x)"
        print(f"{game:<5} {entry:<8} {before:>24} {after:>24} {ratio:>14}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Random play through the PettingZoo adapters: deals and steps per second."
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="loo", help="the game (default loo)")
    parser.add_argument("--players", type=int, default=None, help="seats at the table (default: Loo 5, Nap 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal and the random player (default 0)")
    parser.add_argument("--preset", default="peel", help="rules preset (default peel)")
    parser.add_argument("--sitting", action="store_true", help="episodes are sittings of ten deals, not single deals")
    parser.add_argument("--raw", action="store_true", help="use raw_env, without PettingZoo's wrappers")
    parser.add_argument("--all", action="store_true", help="both games (default presets), env() and raw_env")
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another checkout (e.g. a git worktree of an older commit): measure it and this tree alternately",
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: measurements of each (default 3)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one line of JSON, for --baseline
    args = parser.parse_args(argv)
    cases = [(g, r) for g in sorted(GAMES) for r in (False, True)] if args.all else [(args.game, args.raw)]
    if args.players is not None and args.all:
        parser.error("--all plays each game at its own default table: leave out --players")
    try:
        for game, _raw in cases:
            GAMES[game].raw_env(
                players=args.players if args.players is not None else DEFAULT_PLAYERS[game], preset=args.preset
            )
    except RoundgamesError as e:  # a bad preset or seat count: say so, without a traceback
        parser.error(str(e))
    if args.json:
        print(json.dumps(measure(args.game, args.raw, args)))
        return 0

    command = shlex.join(sys.orig_argv) if argv is None else shlex.join([sys.executable, __file__, *argv])
    print(f"command: {command}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    if args.baseline is not None:
        if not (args.baseline / "src" / "roundgames").is_dir():
            parser.error(f"--baseline: {args.baseline} holds no src/roundgames (a checkout of this project)")
        compare(args.baseline, cases, args)
        return 0
    for game, raw in cases:
        r = measure(game, raw, args)
        print(
            f"{game} ({'raw_env' if raw else 'env() with the standard wrappers'}), preset {args.preset}, "
            f"{r['players']} players, {'sittings of 10 deals' if args.sitting else 'one deal an episode'}, "
            f"seed {args.seed}"
        )
        print(f"{r['episodes']} episodes, {r['deals']} deals, {r['steps']} steps in {r['seconds']:.2f} s")
        print(
            f"{r['deals_per_s']:,.0f} deals/s, {r['steps_per_s']:,.0f} steps/s "
            f"({r['steps_per_cpu_s']:,.0f} steps a second of CPU time)"
        )
    print("OpenSpiel adapter: see benchmarks/bench_openspiel.py for the same figures through pyspiel")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
