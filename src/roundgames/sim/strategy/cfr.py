"""Strategies for declaring and calling computed with the simulator: counterfactual regret minimisation over the
cells of a game (:func:`solve`), and the strategy's values against its field (:func:`settle`).

Each seat declares or calls once a deal, so a cell's counterfactual value of an action is simply what the seat
nets, on average over the deals that reach the cell, when it takes that action there and every seat after it
plays the current strategy: exactly what a weighing kernel measures, all the open actions on the same cards.
One iteration weighs a batch of deals with every seat playing the current strategy and adds each action's regret
(what it netted less what the strategy's mix netted) to the cell; the next strategy plays each action in
proportion to its positive regret (regret matching+, Tammelin 2014: negative regret is forgotten), and a cell with
none yet plays as ``sensible``, so the run starts from the period's advice. The strategy returned is the average
of the iterations' strategies, each weighed by the square of its iteration's number (the early iterations, far
from the end, count for little), over the turns it played: in two-player zero-sum games this average converges to an equilibrium; in these games of four and five it
is the standard heuristic (as in the poker programs for six), and its exploitability is measured, not assumed
(:mod:`.respond`).

Every iteration is seeded from the run's seed and its number (:func:`roundgames.sim.streams.chunk_seed`), and every
sum the kernels make is of whole numbers, so a run is the same on any machine and any number of cores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from ..streams import chunk_seed
from .weigh import SCALE, Field, Stats, quantize

__all__ = ["Game", "Solution", "settle", "solve"]

#: a purified strategy drops an action the average plays less often than this
PURE_BELOW = 0.05
#: the fewest turns at a cell on which settling overturns its pure choice: an interval from a handful of turns
#: (two alike have none) is no evidence
SETTLE_TURNS = 30
#: the average strategy weighs iteration ``t``'s strategy by ``t ** WEIGHT``: the early iterations, far from the
#: end, count for little (Brown and Sandholm's discounted CFR averages so)
WEIGHT = 2.0


class Game(Protocol):
    """What the solver needs of a form: its cells, their open actions, and a weighing kernel."""

    game: str
    form: str
    players: int
    actions: tuple[str, ...]

    @property
    def cells(self) -> int: ...

    @property
    def legal(self) -> NDArray[np.bool_]: ...

    def weigh(
        self, fld: Field, seed: int, deals: int, weigh_seats: tuple[bool, ...] | None = None, threads: int = 0
    ) -> Stats: ...


@dataclass
class Solution:
    """A computed strategy: each cell's average probabilities (``strategy``, zero rows for cells never reached),
    the positive regret left (``regret``), and the mean regret per turn after each iteration (``trace``)."""

    strategy: NDArray[np.float64]
    regret: NDArray[np.float64]
    iterations: int
    deals: int
    trace: list[float] = field(default_factory=list)

    def table(self, legal: NDArray[np.bool_]) -> NDArray[np.uint8]:
        """The strategy as a table of weights out of 255, each action played less than :data:`PURE_BELOW` of the
        time dropped."""
        p = np.where(self.strategy >= PURE_BELOW, self.strategy, 0.0)
        return quantize(p, legal)


def current(regret: NDArray[np.float64], legal: NDArray[np.bool_]) -> NDArray[np.uint8]:
    """Regret matching: each open action in proportion to its positive regret (an empty row: none yet)."""
    return quantize(np.maximum(regret, 0.0), legal)


def solve(
    game: Game,
    iterations: int,
    deals: int,
    seed: int,
    threads: int = 0,
    on_iteration: Callable[[int, float], None] | None = None,
    mix: float = 0.0,
    weight: float = WEIGHT,
) -> Solution:
    """Regret matching+ over ``game``'s cells for ``iterations`` iterations of ``deals`` deals each, every seat
    playing the current strategy (or, in a share ``mix`` of the deals, every other seat as ``sensible``: a
    restricted Nash response); ``on_iteration(t, mean regret per turn)`` after each."""
    legal = game.legal
    regret = np.zeros(legal.shape)
    total = np.zeros(legal.shape)
    turns = 0
    trace: list[float] = []
    kinds = ("table",) * game.players
    for t in range(1, iterations + 1):
        table = current(regret, legal)
        stats = game.weigh(Field(kinds, table, mix), chunk_seed(seed, t), deals, threads=threads)
        mixed_value = (stats.policy * stats.sums).sum(axis=1, keepdims=True)
        regret = np.maximum(regret + np.where(legal, stats.sums - mixed_value, 0.0), 0.0)
        total += t**weight * stats.played
        turns += int(stats.counts.sum())
        trace.append(float(regret.max(axis=1).sum()) / max(1, turns))
        if on_iteration is not None:
            on_iteration(t, trace[-1])
    sums = total.sum(axis=1, keepdims=True)
    strategy = np.where(sums > 0, total / np.where(sums > 0, sums, 1.0), 0.0)
    return Solution(strategy, regret, iterations, iterations * deals, trace)


@dataclass
class Settled:
    """A strategy made final: its table (weights out of 255), each action's value against it at every cell
    reached, with the half-width of the 95% interval, and the cells whose pure choice the values overturned."""

    table: NDArray[np.uint8]
    stats: Stats
    overturned: int


def settle(game: Game, table: NDArray[np.uint8], deals: int, seed: int, threads: int = 0, mix: float = 0.0) -> Settled:
    """Weigh every action against the strategy ``table`` at every seat (in a share ``mix`` of the deals, every
    seat as ``sensible``: the field it was computed against), over ``deals`` fresh deals. Where one action is
    better than every action the cell plays beyond both their 95% intervals, over at least
    :data:`SETTLE_TURNS` turns, the cell plays that one alone: one step of policy improvement on clear evidence,
    so that the table's choice is never clearly worse than another by its own values."""
    legal = game.legal
    stats = game.weigh(Field(("table",) * game.players, table, mix), seed, deals, threads=threads)
    means, halves = stats.means, stats.halves
    played = (table > 0) & legal
    low = np.where(legal, means - halves, -np.inf)
    best = low.argmax(axis=1)
    rows = np.arange(len(table))
    high = np.where(played, means + halves, -np.inf)
    high[rows, best] = -np.inf  # the best compared with the others the cell plays
    clear = (table.sum(axis=1) > 0) & (stats.counts >= SETTLE_TURNS) & (low[rows, best] > high.max(axis=1))
    clear &= table[rows, best] < SCALE  # already its one choice: nothing to change
    out = table.copy()
    out[clear] = 0
    out[np.flatnonzero(clear), best[clear]] = SCALE
    return Settled(out, stats, int(clear.sum()))
