"""The computed strategies the package ships, made by one seeded command (``roundgames strategy``): for each game
its :class:`Plan` (the table, the pool buckets, the iterations and deals), solved (:func:`.cfr.solve`), made final
against the field it was computed for (:func:`.cfr.settle`) and written as a strategy file (:mod:`.files`).

Every pool bucket of Three-card Loo is a game of its own (the pool fixes what a trick is worth against the loo
risked), solved from deals that all start with its pool: the pools of Peel's game (a deal's dealer stakes 3 and a
loo is 6, so the pool is 3 at a sitting's first regular deal and grows by sixes) up to 27, where the richer pools
of a long run of loos are counted in.

Five-card and Irish Loo (:class:`.loo5.Loo5Game`) likewise, at the pools a sitting of the ``sensible`` bot
reaches under each preset. Five-card (the dealer stakes 5, a loo is 5): pools of 5, 10 and 15 take 44%, 45% and
11% of a long sitting's deals, 20 and more under 1%, so the buckets are 5, 10 and 15 (serving every richer
pool). Irish (3, and a loo of 6, with club law): 3, 9, 15, 21 and 27 take 17%, 39%, 25%, 14% and 4%, so the
buckets are 3, 9, 15 and 21 (serving the richer ones). (The stationary shares of the chain of pools, each
pool's next measured over 100,000 deals of five ``sensible`` players.)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ... import __version__
from ...core.errors import RulesError
from ..streams import chunk_seed
from .cfr import Settled, settle, solve
from .files import write_strategy
from .games import game_for

__all__ = ["MIX", "PLANS", "PRESETS", "Made", "Plan", "build", "plan_for"]


#: the field the shipped strategies are computed against: in this share of the deals every other seat declares or
#: calls as ``sensible``, and in the rest as the strategy itself (a restricted Nash response, Johanson, Zinkevich
#: and Bowling 2007). Against a field of itself such a strategy is as hard to exploit as an equilibrium's
#: approximation (measured: docs/research/bots.md), and it wins from players who declare as the period advises
#: almost what a best response to them wins
MIX: Final = 0.5


@dataclass(frozen=True)
class Plan:
    """How a game's strategy is made: its file, its pool buckets (each the pool a deal starts with once staked,
    and the largest pool it serves; None: every larger one), and the run's size."""

    game: str
    players: int
    file: str
    pools: tuple[tuple[int, int | None], ...]
    iterations: int
    deals: int
    #: deals of the last weighing, against the final strategy (its values and their intervals)
    final: int
    #: the form: ``three_card``, ``five_card``, ``irish`` (each its preset's rules, :data:`PRESETS`) or ``nap``
    form: str = "three_card"
    #: the share of deals in which the field it is computed against plays ``sensible`` (:func:`.cfr.solve`)
    mix: float = MIX

    def games(self) -> list[Any]:
        """The game of each pool bucket."""
        preset = PRESETS[self.form]
        stake = game_for(self.game, self.players, preset).table_pool  # the dealer's stake, into an empty pool
        return [game_for(self.game, self.players, preset, pool=pool - stake) for pool, _ in self.pools]


#: the preset of each form's rules
PRESETS: Final = {"three_card": "peel", "five_card": "five-card", "irish": "irish", "nap": "peel"}

#: the shipped strategies' plans, by game
PLANS: Final = {
    "loo": Plan(
        "loo",
        5,
        "loo-three_card-5.rgs",
        ((3, 6), (9, 12), (15, 18), (21, 24), (27, None)),
        20,
        1_000_000,
        6_000_000,
        "three_card",
    ),
    # Nap's field is sensible in three deals of four: at an even mix the expert's edge over sensible fell short of the
    # best response's by 0.094 units (4,000 boards) while a best response to it gained nothing (+0.002), so the
    # strategy gave away exploitation it had no need to guard
    "nap": Plan("nap", 4, "nap-4.rgs", ((0, None),), 32, 1_000_000, 8_000_000, "nap", mix=0.75),
    # sized to build in about 7 minutes each on two free cores: measured 842 and 789 cpu-seconds (the two threads
    # together), about 7.0 and 6.6 minutes of wall time; the mean regret a turn still falls at the last iteration
    "five_card": Plan(
        "loo", 5, "loo-five_card-5.rgs", ((5, 5), (10, 10), (15, None)), 16, 250_000, 600_000, "five_card"
    ),
    "irish": Plan("loo", 5, "loo-irish-5.rgs", ((3, 6), (9, 12), (15, 18), (21, None)), 16, 300_000, 600_000, "irish"),
}


@dataclass
class Made:
    """A strategy file written: where, how long it took, and what each pool bucket's table holds."""

    path: str
    seconds: float
    kept: dict[str, int]
    notes: list[str]


def build(
    names: list[str],
    seed: int,
    out: str,
    command: str,
    *,
    iterations: int | None = None,
    deals: int | None = None,
    final: int | None = None,
    threads: int = 0,
    say: Callable[[str], None] | None = None,
) -> list[Made]:
    """Make the strategies of ``names`` (``loo``, ``nap``, ``five_card``, ``irish``) into the folder ``out``, seeded by ``seed``;
    ``iterations``, ``deals`` and ``final`` replace the plans' sizes (a quick run); ``command`` is recorded."""
    if not os.path.isdir(out):
        raise RulesError(f"--out {out}: no such folder")
    made: list[Made] = []
    for name in names:
        plan = PLANS.get(name)
        if plan is None:
            raise RulesError(f"game: no strategy is computed for {name!r} (valid: {', '.join(PLANS)})")
        made.append(_make(plan, seed, out, command, iterations, deals, final, threads, say))
    return made


def _make(
    plan: Plan,
    seed: int,
    out: str,
    command: str,
    iterations: int | None,
    deals: int | None,
    final: int | None,
    threads: int,
    say: Callable[[str], None] | None,
) -> Made:
    start = time.perf_counter()
    iterations = iterations or plan.iterations
    deals = deals or plan.deals
    final = final or plan.final
    tables: list[Settled] = []
    notes: list[str] = []
    traces: list[list[float]] = []
    games = plan.games()
    for k, game in enumerate(games):
        run_seed = chunk_seed(seed, k)
        pool = plan.pools[k][0]

        def progress(t: int, regret: float, pool: int = pool) -> None:
            if say:
                say(f"{plan.form}, pool {pool}: iteration {t} of {iterations}, mean regret {regret:.4f} a turn")

        solution = solve(game, iterations, deals, run_seed, threads=threads, on_iteration=progress, mix=plan.mix)
        table = solution.table(game.legal)
        settled = settle(game, table, final, chunk_seed(run_seed, 1 << 20), threads=threads, mix=plan.mix)
        tables.append(settled)
        traces.append([round(x, 5) for x in solution.trace])
        mixed = int(((settled.table.max(axis=1) < 255) & (settled.table.max(axis=1) > 0)).sum())
        notes.append(f"pool {pool}: {mixed:,} mixed cells, {settled.overturned:,} pure cells overturned on settling")
    seconds = time.perf_counter() - start
    header = {
        **games[0].header([{"pool": p, "upto": u} for p, u in plan.pools]),
        "made_by": command,
        "version": __version__,
        "seed": seed,
        "iterations": iterations,
        "deals": deals,
        "final": final,
        "mix": plan.mix,
        "seconds": round(seconds, 1),
        "trace": traces,
    }
    path = os.path.join(out, plan.file)
    kept = write_strategy(path, header, games[0].buckets, tables)
    return Made(path, seconds, kept, notes)


def plan_for(game: Any) -> Plan:
    """The plan of the shipped strategy of ``game``'s form (a RulesError where none is shipped)."""
    for plan in PLANS.values():
        if (plan.game, plan.form) == (game.game, game.form):
            return plan
    raise RulesError(f"game: no strategy is computed for {game.game} ({game.form})")
