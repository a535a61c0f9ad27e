"""Tournament: the `sensible` bot against the `random` bot, seeded deals of Loo and of Nap.

    .venv/bin/python benchmarks/tournament.py [--game loo|nap|both] [--deals 2000] [--players N] [--seed S]
                                              [--sensible K] [--loo-preset peel] [--nap-preset peel]

The deals run as at a table (:func:`roundgames.bots.deal_series`): each deal is shuffled from its own seed, the
deal passes to the left, and the Loo pool (with singles after a deal without a loo) and the Nap kitty and stake
multiplier carry from deal to deal. ``K`` seats play `sensible` and the others `random` (default: half the
seats, rounded down); the seats they hold move one place to the left after every full round of dealers, so each
bot sits in every position. Each bot's result in a deal is the mean net of its seats, in counters (Nap: units);
the report gives its mean per deal with a 95% confidence interval, mean ± 1.96·sd/√n, and the same for the
difference sensible − random, deal by deal. Deals at one table are linked through the pool, so the interval
treats them as independent draws, which they nearly are.

Not a test (tests/test_bots.py holds the statistical test); it asserts only that money is conserved.
"""

from __future__ import annotations

import argparse
import math
import shlex
import statistics
import sys
import time

from roundgames.bots import GAMES, Bot, deal_series, make_bot, play_deal
from roundgames.games.registry import rules_for

DEFAULT_PLAYERS = {"loo": 5, "nap": 4}
#: what each game's results are counted in
UNITS = {"loo": "counters", "nap": "units"}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (1.96·sd/√n)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run(game: str, deals: int, players: int, sensible: int, seed: int, preset: str) -> dict[str, list[float]]:
    """Play the deals; returns the per-deal results of ``sensible``, ``random`` and their difference."""
    rules = rules_for(game, preset)
    out: dict[str, list[float]] = {"sensible": [], "random": [], "difference": []}
    for i, deal in enumerate(deal_series(rules, players, deals, f"tournament:{game}:{seed}")):
        block = i // players
        mine = {(block + j) % players for j in range(sensible)}
        bots: dict[int, Bot] = {
            s: make_bot("sensible" if s in mine else "random", game, seed=(seed * 1_000_003 + i) * 16 + s)
            for s in range(players)
        }
        net = play_deal(deal, bots)
        start = deal.ledger.start
        result = deal.result()
        assert result is not None
        end = result.pool
        if sum(net) + end - start != 0:
            raise AssertionError(f"deal {i}: money not conserved: {net}, pool {start} -> {end}")
        a = statistics.fmean(net[s] for s in mine)
        b = statistics.fmean(net[s] for s in range(players) if s not in mine)
        out["sensible"].append(a)
        out["random"].append(b)
        out["difference"].append(a - b)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[*GAMES, "both"], default="both", dest="chosen")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None, help="default: 5 for Loo, 4 for Nap")
    parser.add_argument("--sensible", type=int, default=None, help="seats playing sensible (default: half)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--loo-preset", default="peel")
    parser.add_argument("--nap-preset", default="peel")
    args = parser.parse_args(argv)
    given = sys.argv[1:] if argv is None else argv
    print(" ".join(["$ .venv/bin/python benchmarks/tournament.py", shlex.join(given)]).rstrip())
    games = list(GAMES) if args.chosen == "both" else [args.chosen]
    for game in games:
        players = args.players or DEFAULT_PLAYERS[game]
        sensible = args.sensible if args.sensible is not None else players // 2
        if not 1 <= sensible < players:
            parser.error(f"--sensible must leave at least one seat of each bot (1 to {players - 1})")
        preset = {"loo": args.loo_preset, "nap": args.nap_preset}[game]
        t0 = time.perf_counter()
        results = run(game, args.deals, players, sensible, args.seed, preset)
        took = time.perf_counter() - t0
        unit = UNITS[game]
        print(
            f"\n{game.capitalize()} ({preset}), {players} players, {sensible} sensible and {players - sensible} "
            f"random, {args.deals} deals, seed {args.seed} ({took:.1f} s)"
        )
        print(f"  mean result per deal and seat, in {unit}, with its 95% confidence interval:")
        for name in ("sensible", "random", "difference"):
            mean, half = interval(results[name])
            label = "sensible - random" if name == "difference" else name
            print(f"  {label:<18} {mean:+8.3f} ± {half:.3f}   [{mean - half:+.3f}, {mean + half:+.3f}]")
        mean, half = interval(results["difference"])
        verdict = "significant" if mean - half > 0 else "NOT significant"
        print(f"  sensible beats random by {mean:.3f} {unit} per deal: {verdict} at 95%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
