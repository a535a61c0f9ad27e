"""The computed strategies the package ships, made by one seeded command (``roundgames strategy``): for each form
its :class:`Plan` (the table, the pool buckets, the iterations and deals), solved (:func:`.cfr.solve`), made final
against the field it was computed for (:func:`.cfr.settle`) and written as a strategy file (:mod:`.files`).

Each game's plug-in names the plan of each form it ships a strategy for (``SimParts.strategy``: Loo's in
:mod:`.loo_plans`, Nap's in :mod:`.nap_plans`); :data:`PLANS` reads them, by the name ``roundgames strategy
--game`` takes: the game's for its first form (``loo``: Three-card Loo; ``nap``), the form's for another
(``five_card``, ``irish``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ... import __version__
from ...core.errors import RulesError
from ...games.plugin import resolve
from ...games.registry import plugin, plugins
from ..streams import chunk_seed
from .cfr import Settled, settle, solve
from .files import write_strategy
from .games import game_for

__all__ = ["MIX", "PLANS", "Made", "Plan", "build", "plan_for"]


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
    #: the form: ``three_card``, ``five_card``, ``irish`` (each its preset's rules, as the game lists its forms) or
    #: ``nap``
    form: str = "three_card"
    #: the share of deals in which the field it is computed against plays ``sensible`` (:func:`.cfr.solve`)
    mix: float = MIX
    #: the strategy's exploitability as measured in the duplicate tournament of ``roundgames exploit``
    #: (docs/research/bots.md reports it, benchmarks/bench_strategies.py measures it), for the strategy study's
    #: report; empty where not measured (the report marks the place, and never gives a figure of its own)
    measured: str = ""

    def games(self) -> list[Any]:
        """The game of each pool bucket."""
        preset = next(f.preset for f in plugin(self.game).spec.forms if f.name == self.form)  # the rules of the form
        stake = game_for(self.game, self.players, preset).table_pool  # the dealer's stake, into an empty pool
        return [game_for(self.game, self.players, preset, pool=pool - stake) for pool, _ in self.pools]


class _Plans(Mapping[str, Plan]):
    """The shipped strategies' plans by name (the module's description), read from the plug-ins at each use."""

    def _read(self) -> dict[str, Plan]:
        found: dict[str, Plan] = {}
        for each in plugins():
            for form in each.spec.forms:
                part = each.sim.get(form.name)
                if part is not None and part.strategy is not None:
                    name = each.name if form == each.spec.forms[0] else form.name
                    found[name] = resolve(part.strategy, f"strategy of {each.name} ({form.name})")
        return found

    def __getitem__(self, name: str) -> Plan:
        return self._read()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


#: the shipped strategies' plans, by name (``loo``, ``five_card``, ``irish``, ``nap``)
PLANS: Final[Mapping[str, Plan]] = _Plans()


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
