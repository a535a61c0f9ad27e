"""OpenSpiel adapter throughput: complete random games per second through ``python_loo`` / ``python_nap``.

    .venv/bin/python benchmarks/bench_openspiel.py [--game loo|nap] [--players N] [--seconds 5] [--seed 0]
        [--preset peel] [--options '{"purchase": true}']

Each game is one deal played from ``game.new_initial_state()``: every chance node (one per card dealt)
is sampled from ``chance_outcomes()`` and every decision is a uniform choice from ``legal_actions()``, all
applied through ``state.apply_action`` (the engine's checked ``apply`` underneath). Nothing is cloned and
no observation is asked for; the figures include OpenSpiel's C++/Python crossing and the random choices.
Not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import shlex
import sys
import time

import pyspiel

import roundgames.envs.openspiel  # noqa: F401 (registers python_loo and python_nap)

#: seats when --players is not given: five for Loo, four for Nap (as in bench_engine.py)
DEFAULT_PLAYERS = {"loo": 5, "nap": 4}


def play(game: pyspiel.Game, rng: random.Random, deadline: float) -> tuple[int, int, int]:
    """Random games until ``deadline``; returns (games, chance outcomes, player actions)."""
    games = chance = actions = 0
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])  # uniform outcomes
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        games += 1
    return games, chance, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random games per second through the OpenSpiel adapter.")
    parser.add_argument("--game", choices=sorted(DEFAULT_PLAYERS), default="loo", help="the game (default loo)")
    parser.add_argument("--players", type=int, default=None, help="seats at the table (default: Loo 5, Nap 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the chance outcomes and the random player")
    parser.add_argument("--preset", default="peel", help="rules preset (default peel)")
    parser.add_argument("--options", default="{}", help="rule options as a JSON object (default {})")
    args = parser.parse_args(argv)
    if args.players is None:
        args.players = DEFAULT_PLAYERS[args.game]
    params = {"players": args.players, "preset": args.preset, "options": json.dumps(json.loads(args.options))}
    try:
        game = pyspiel.load_game(f"python_{args.game}", params)
    except Exception as e:  # a bad preset, option or seat count: say so, without a traceback
        parser.error(str(e))

    start = time.perf_counter()
    games, chance, actions = play(game, random.Random(args.seed), start + args.seconds)
    elapsed = time.perf_counter() - start

    command = shlex.join(sys.orig_argv) if argv is None else shlex.join([sys.executable, __file__, *argv])
    print(f"command: {command}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    print(f"game {game}, seed {args.seed}")
    print(f"{games} games, {chance} chance outcomes, {actions} player actions in {elapsed:.2f} s")
    print(f"{games / elapsed:,.1f} games/s, {(chance + actions) / elapsed:,.0f} steps/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
