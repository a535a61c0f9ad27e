"""Bot speed: mean milliseconds per decision of each bot in each game.

    .venv/bin/python benchmarks/bench_bots.py [--deals 500] [--seed 0] [--loo-players 5] [--nap-players 4]

Every seat of the table plays the bot measured, through :func:`roundgames.bots.deal_series` (the pool, the
kind of deal and the kitty carried as at a table, Peel's rules). Only the bot's ``choose`` is timed, not the
engine's ``view`` or ``apply``; the figure is the mean over every decision the bot took (a seat with one legal
action still counts). Not a test: it asserts nothing about speed.
"""

from __future__ import annotations

import argparse
import platform
import shlex
import sys
import time

from roundgames.bots import BOTS, GAMES, Bot, deal_series, make_bot
from roundgames.games.registry import rules_for


def bench(name: str, game: str, players: int, deals: int, seed: int) -> tuple[int, float, float]:
    """Play ``deals`` deals with ``name`` in every seat; returns (decisions, total seconds, worst seconds)."""
    rules = rules_for(game, "peel")
    decisions, total, worst = 0, 0.0, 0.0
    for i, deal in enumerate(deal_series(rules, players, deals, f"bench:{game}:{seed}")):
        bots: dict[int, Bot] = {s: make_bot(name, game, seed=i * 16 + s) for s in range(players)}
        while not deal.is_complete:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view)
            took = time.perf_counter() - t0
            total += took
            worst = max(worst, took)
            decisions += 1
            deal.apply(action)
    return decisions, total, worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--loo-players", type=int, default=5)
    parser.add_argument("--nap-players", type=int, default=4)
    args = parser.parse_args(argv)
    given = sys.argv[1:] if argv is None else argv
    print(" ".join(["$ .venv/bin/python benchmarks/bench_bots.py", shlex.join(given)]).rstrip())
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.deals} deals per bot and game")
    print(f"{'game':<5} {'bot':<9} {'decisions':>9} {'ms/decision':>12} {'worst ms':>9}")
    players_of = {"loo": args.loo_players, "nap": args.nap_players}
    for game in GAMES:
        players = players_of[game]
        for name in BOTS:
            n, total, worst = bench(name, game, players, args.deals, args.seed)
            print(f"{game:<5} {name:<9} {n:>9} {1000 * total / max(1, n):>12.3f} {1000 * worst:>9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
