"""Research-adapter throughput: random play through the PettingZoo environments, deals and steps per second.

    .venv/bin/python benchmarks/bench_envs.py [--game loo|nap] [--players N] [--seconds 5] [--seed 0]
                                              [--preset peel] [--sitting] [--raw]

Each episode is played the way a PettingZoo user plays it: ``for agent in env.agent_iter(): obs, ... = env.last()``,
then a random legal action drawn from ``obs["action_mask"]`` (``None`` for an agent that is done). The wrapped
``env()`` is used (PettingZoo's standard wrappers), or ``raw_env`` with ``--raw``. One episode is one deal, or with
``--sitting`` a sitting of ten deals. A step is one action of an agent; the dead steps with ``None`` at the end
are not counted. The figures include building each observation (every ``last()``) and the random choice. Not a
test: it asserts nothing about speed.

Figures (deals/s and steps/s; ``--seconds 5``, default preset, one deal an episode; CPython 3.11, x86_64, a
2-core machine shared with other work, so a few per cent either way; fill in when the machine changes):

| adapter                                   | Loo, 5 players         | Nap, 4 players         |
|-------------------------------------------|------------------------|------------------------|
| engine alone (``bench_engine.py``)         | see ``make bench``     | see ``make bench``     |
| PettingZoo ``env()`` (this script)        | 412 deals, 5,651 steps | 483 deals, 5,642 steps |
| PettingZoo ``raw_env`` (``--raw``)        | 881 deals, 12,044 steps| 986 deals, 11,549 steps|
| OpenSpiel (``bench_openspiel.py``)        | its own script         | its own script         |

Where the time goes: in ``raw_env`` about a fifth of a step is the observation (written into a NumPy array,
:func:`roundgames.envs.loo_encoding.observation_into`), the rest the engine's action and legal actions and this
script's random choice. ``env()`` adds PettingZoo's standard wrappers, whose attribute forwarding (three wrappers
deep, on every ``last()`` and ``step()``) costs more than the observation and the engine together.
"""

from __future__ import annotations

import argparse
import platform
import shlex
import sys
import time
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
    args = parser.parse_args(argv)
    if args.players is None:
        args.players = DEFAULT_PLAYERS[args.game]

    module = GAMES[args.game]
    config = {"players": args.players, "preset": args.preset, "sitting": args.sitting}
    try:
        env = module.raw_env(**config) if args.raw else module.env(**config)
    except RoundgamesError as e:  # a bad preset or seat count: say so, without a traceback
        parser.error(str(e))
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    episodes, deals, steps = play(env, rng, args.seed, start + args.seconds)
    elapsed = time.perf_counter() - start

    command = shlex.join(sys.orig_argv) if argv is None else shlex.join([sys.executable, __file__, *argv])
    print(f"command: {command}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    print(
        f"{module.__name__.rsplit('.', 1)[1]} ({'raw_env' if args.raw else 'env() with the standard wrappers'}), "
        f"preset {args.preset}, {args.players} players, {'sittings of 10 deals' if args.sitting else 'one deal an episode'}, "
        f"seed {args.seed}"
    )
    print(f"{episodes} episodes, {deals} deals, {steps} steps in {elapsed:.2f} s")
    print(f"{deals / elapsed:,.0f} deals/s, {steps / elapsed:,.0f} steps/s")
    print("OpenSpiel adapter: see benchmarks/bench_openspiel.py for the same figures through pyspiel")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
