"""The expert bot's time per decision, and the open-card solver's full-deal solves per second, per game.

    .venv/bin/python benchmarks/bench_expert.py [--deals 60] [--solves 200] [--seed 0] [--samples N]
                                                [--forms three-card,five-card,irish,nap]

Decisions: one seat plays ``expert`` at the default budget (``roundgames.bots.budget``: as many worlds as fit its
time at the measured costs; ``--samples``: at most that many worlds a decision), the others
``sensible``, at a table of each form (Three-card and Five-card Loo with 5 players, Irish Loo with 4, Nap with 4,
Peel's rules), the expert's seat moving round the table deal by deal. Only the expert's ``choose`` is timed, on
this one process (one core). Reported: p50, p95 and the worst over every decision, and the same over the
decisions with more than one option; the target, 95% of decisions within 50 ms, is printed as met or not,
never asserted.

Solves: positions at the first lead of deals called or declared by sensible bots, each solved for its full
value from a fresh table (no position seen before): solves per second, pure Python, and for Nap compiled
(numba, the [sim] extra) where installed. Not a test.
"""

from __future__ import annotations

import argparse
import platform
import shlex
import statistics
import sys
import time
from typing import Any

from roundgames.bots import Bot, ExpertBot, deal_series, make_bot, offer_side_actions
from roundgames.bots.budget import BUDGET_MS
from roundgames.bots.expert import SAMPLES
from roundgames.bots.games import kit
from roundgames.bots.solver import Solver
from roundgames.games.protocol import Stage
from roundgames.games.registry import new_deal, rules_for

#: each form measured: (game, preset, players)
FORMS = {
    "three-card": ("loo", "peel", 5),
    "five-card": ("loo", "five-card", 5),
    "irish": ("loo", "irish", 4),
    "nap": ("nap", "peel", 4),
}
TARGET_MS = 50.0


def decisions(form: str, deals: int, seed: int, samples: int | None) -> tuple[list[float], list[float]]:
    """Milliseconds of every expert decision, and of those with more than one option."""
    game, preset, players = FORMS[form]
    samples = SAMPLES[game] if samples is None else samples
    every: list[float] = []
    chosen: list[float] = []
    for i, deal in enumerate(deal_series(rules_for(game, preset), players, deals, f"bench-expert:{form}:{seed}")):
        seat = i % players
        expert = ExpertBot(None, samples)
        expert.rng.seed(i)
        bots: dict[int, Bot] = {s: make_bot("sensible", game, seed=i * 16 + s) for s in range(players)}
        bots[seat] = expert
        while not deal.is_complete:
            if offer_side_actions(deal, bots):
                continue
            s = deal.to_act
            view = deal.view(s)
            t0 = time.perf_counter()
            action = bots[s].choose(view)
            took = (time.perf_counter() - t0) * 1000
            if s == seat:
                every.append(took)
                if len(view.legal) + len(view.may_take) > 1:
                    chosen.append(took)
            deal.apply(action)
    return every, chosen


def first_leads(form: str, count: int, seed: int) -> list[Any]:
    """``count`` deals at their first lead, declared or called by sensible bots."""
    game, preset, players = FORMS[form]
    out: list[Any] = []
    i = 0
    while len(out) < count:
        deal = new_deal(game, rules_for(game, preset), players, dealer=0, pool=3 * players)  # a regular deal
        deal.deal(f"bench-solve:{form}:{seed}:{i}")
        i += 1
        bots = {s: make_bot("sensible", game, seed=s) for s in range(players)}
        while not deal.is_complete and deal.stage is not Stage.PLAY:
            s = deal.to_act
            deal.apply(bots[s].choose(deal.view(s)))
        if not deal.is_complete and deal.stage is Stage.PLAY:
            out.append(deal)
    return out


def solves_per_second(form: str, count: int, seed: int, compiled: bool) -> float | None:
    """Full-deal solves per second from the first lead, each with a fresh solver."""
    deals = first_leads(form, count, seed)
    total = 0.0
    for deal in deals:
        solve = kit(deal).solve
        rules, pos = solve.position(deal)
        side, counted = solve.side(deal, deal.to_act)
        t0 = time.perf_counter()
        solver = solve.fast_solver(rules, side, counted) if compiled else Solver(rules, side, counted)
        if solver is None:
            return None
        solver.value(pos)
        total += time.perf_counter() - t0
    return count / total


def _quantiles(values: list[float]) -> str:
    if len(values) < 2:
        return "too few decisions"
    p95 = statistics.quantiles(values, n=20)[-1]
    return f"p50 {statistics.median(values):6.1f}   p95 {p95:6.1f}   max {max(values):7.1f} ms   ({len(values)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--solves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="the most worlds a decision (default: the game's); the budget may draw fewer",
    )
    parser.add_argument("--forms", default=",".join(FORMS))
    args = parser.parse_args(argv)
    forms = args.forms.split(",")
    for form in forms:
        if form not in FORMS:
            parser.error(f"--forms: unknown form {form!r} (valid: {', '.join(FORMS)})")
    given = sys.argv[1:] if argv is None else argv
    print(" ".join(["$ .venv/bin/python benchmarks/bench_expert.py", shlex.join(given)]).rstrip())
    worlds = args.samples or ", ".join(f"{g} {n}" for g, n in SAMPLES.items())
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, one process; budget {BUDGET_MS:g} ms a "
        f"decision, spent as worlds (at most: {worlds})"
    )
    # Load (or compile) the compiled solver before anything is timed.
    solves_per_second("nap", 1, args.seed, compiled=True)
    for form in forms:
        every, chosen = decisions(form, args.deals, args.seed, args.samples)
        p95 = statistics.quantiles(every, n=20)[-1] if len(every) > 1 else float("inf")
        verdict = "met" if p95 <= TARGET_MS else "NOT met"
        print(f"\n{form}: expert decisions over {args.deals} deals; 95% within {TARGET_MS:.0f} ms: {verdict}")
        print(f"  every decision          {_quantiles(every)}")
        print(f"  with a choice to make   {_quantiles(chosen)}")
        python = solves_per_second(form, args.solves, args.seed, compiled=False)
        compiled = solves_per_second(form, args.solves, args.seed, compiled=True)
        line = f"  full-deal solves/s      {python:8.0f} pure Python"
        if compiled is not None:
            line += f", {compiled:8.0f} compiled (numba)"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
