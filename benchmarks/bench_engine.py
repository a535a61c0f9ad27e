"""Engine throughput: complete random deals per second through the checked path.

    .venv/bin/python benchmarks/bench_engine.py [--game loo|nap] [--players N] [--seconds 5] [--seed 0] [--preset peel]
        [--mode strict|table]

Deals follow one another as in a sitting (the next dealer, the pool carried, a single after a deal without a loo),
and every action is chosen at random from ``legal_actions()`` and applied with ``deal.apply``, which checks it;
the unchecked ``apply_unchecked`` is not used. The figures include the random player's choice. ``--mode table``
plays the same proper actions in table mode, where every action passes through the laws' judge first (RULES.md §5,
§8): the cost of table mode for a table where nobody errs. Not a test: it asserts nothing about speed.

A game is one function in ``GAMES`` taking the parsed arguments and a deadline and returning the deals and
actions it played.
"""

from __future__ import annotations

import argparse
import platform
import random
import shlex
import sys
import time
from collections.abc import Callable

from roundgames import LooDeal, LooRules, NapRules, RoundgamesError
from roundgames.nap import NapDeal


def bench_loo(args: argparse.Namespace, deadline: float) -> tuple[int, int]:
    """Play Loo deals until ``deadline``; returns (deals, actions)."""
    rules = LooRules.preset(args.preset)
    rng = random.Random(args.seed)
    dealer, pool, kind = 0, 0, "single" if rules.single == "peel" else "regular"
    deals = actions = 0
    while time.perf_counter() < deadline:
        deal = LooDeal(rules, args.players, dealer=dealer, pool=pool, kind=kind)
        deal.table_mode = args.mode == "table"
        deal.deal(rng)
        while not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))
            actions += 1
        deals += 1
        dealer, pool, kind = deal.next_dealer, deal.pool_total, deal.next_kind.value
    return deals, actions


def bench_nap(args: argparse.Namespace, deadline: float) -> tuple[int, int]:
    """Play Nap deals until ``deadline``, the kitty and multiplier carried; returns (deals, actions)."""
    rules = NapRules.preset(args.preset)
    rng = random.Random(args.seed)
    dealer, kitty, multiplier = 0, 0, 1
    deals = actions = 0
    while time.perf_counter() < deadline:
        deal = NapDeal(rules, args.players, dealer=dealer, kitty=kitty, multiplier=multiplier)
        deal.table_mode = args.mode == "table"
        deal.deal(rng)
        while not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))
            actions += 1
        deals += 1
        dealer, kitty, multiplier = deal.next_dealer, deal.kitty, deal.next_multiplier
    return deals, actions


GAMES: dict[str, Callable[[argparse.Namespace, float], tuple[int, int]]] = {"loo": bench_loo, "nap": bench_nap}
#: seats when --players is not given: five for Loo (issue's figure), four for Nap (the ideal number, NAP-GEN-1)
DEFAULT_PLAYERS = {"loo": 5, "nap": 4}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random deals per second through the checked engine.")
    parser.add_argument("--game", choices=sorted(GAMES), default="loo", help="the game (default loo)")
    parser.add_argument("--players", type=int, default=None, help="seats at the table (default: Loo 5, Nap 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the shuffles and the random player (default 0)")
    parser.add_argument("--preset", default="peel", help="rules preset (default peel)")
    parser.add_argument("--mode", choices=("strict", "table"), default="strict", help="record mode (default strict)")
    args = parser.parse_args(argv)
    if args.players is None:
        args.players = DEFAULT_PLAYERS[args.game]

    start = time.perf_counter()
    try:
        deals, actions = GAMES[args.game](args, start + args.seconds)
    except RoundgamesError as e:  # a bad preset or seat count: say so, without a traceback
        parser.error(str(e))
    elapsed = time.perf_counter() - start

    command = shlex.join(sys.orig_argv) if argv is None else shlex.join([sys.executable, __file__, *argv])
    print(f"command: {command}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    print(f"game {args.game}, preset {args.preset}, {args.players} players, seed {args.seed}, mode {args.mode}")
    print(f"{deals} deals, {actions} actions in {elapsed:.2f} s (checked path: deal.apply)")
    print(f"{deals / elapsed:,.0f} deals/s, {actions / elapsed:,.0f} actions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
