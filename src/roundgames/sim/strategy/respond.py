"""Best responses to a field, and what they gain, cross-fitted (:func:`best_response`).

A best response to a field (every seat but one playing the same bot, in the simulator: its pre-play decisions
exactly, its cards by the kernel's rules) takes, at each cell, the action whose mean net over the deals that
reached it is highest, every other seat and every later decision being the field's. Each seat declares or calls
once a deal, so the table of those actions is the best response among the strategies keyed by the cells.

Its gain is measured *cross-fitted*: the deals are split into :data:`FOLDS` folds; each fold's actions are chosen
on the other folds and scored on it, so no fold's value is flattered by the noise it was chosen on (a table chosen
and scored on the same deals finds a gain even against a field with no weakness). Two measures, per deal, with
the best response in one seat taken in turn at each: its **gain**, what it nets more than the field's own player
would in that seat; and its **edge**, its net less the mean of the other seats' (the duplicate tournament's
difference), both with a 95% interval from the spread of the folds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ..streams import chunk_seed
from .cfr import Game
from .weigh import SCALE, Field, Stats

__all__ = ["FOLDS", "Estimate", "Response", "best_response", "choose"]

#: how many folds a cross-fitted estimate is made of
FOLDS: Final = 4
#: Student's t at 97.5% for FOLDS - 1 degrees of freedom
_T: Final = {2: 12.71, 3: 4.303, 4: 3.182, 5: 2.776, 8: 2.365}


@dataclass(frozen=True)
class Estimate:
    """A mean per deal with the half-width of its 95% interval."""

    mean: float
    half: float

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half:.3f}"


@dataclass
class Response:
    """A best response: its table (one action a cell, weight 255; the field's own row where the deals never
    reached the cell), the statistics it was chosen on, and its cross-fitted gain and edge over the field."""

    table: NDArray[np.uint8]
    stats: Stats
    gain: Estimate
    edge: Estimate
    #: the share of the turns at which it departs from the field's choice
    departs: float


def choose(stats: Stats, legal: NDArray[np.bool_]) -> NDArray[np.int64]:
    """The action of best mean at each cell (-1 for a cell never reached)."""
    means = np.where(legal, stats.means, -np.inf)
    return np.where(stats.counts > 0, means.argmax(axis=1), -1)


def _scored(chosen: NDArray[np.int64], on: Stats, players: int) -> tuple[float, float]:
    """Per deal, what playing ``chosen`` (the field's mix where -1) gains over the field in ``on``'s deals: own
    net, and net less the others' mean."""
    mix = on.policy
    rows = np.arange(len(chosen))
    keep = chosen >= 0
    pick = np.where(keep, chosen, 0)
    own = np.where(keep, on.sums[rows, pick], (mix * on.sums).sum(axis=1))
    rest = np.where(keep, on.others[rows, pick], (mix * on.others).sum(axis=1))
    base_own = (mix * on.sums).sum(axis=1)
    base_rest = (mix * on.others).sum(axis=1)
    per = on.deals * players
    gain = float((own - base_own).sum()) / per
    edge = float(((own - base_own) - (rest - base_rest) / (players - 1)).sum()) / per
    return gain, edge


def _interval(values: list[float]) -> Estimate:
    mean = sum(values) / len(values)
    if len(values) < 2:
        return Estimate(mean, math.inf)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return Estimate(mean, _T.get(len(values), 1.96) * sd / math.sqrt(len(values)))


def best_response(game: Game, fld: Field, deals: int, seed: int, threads: int = 0) -> Response:
    """The best response to ``fld`` over ``deals`` deals (in :data:`FOLDS` folds), with its cross-fitted gain and
    edge (:class:`Response`)."""
    folds = [game.weigh(fld, chunk_seed(seed, k), deals // FOLDS, threads=threads) for k in range(FOLDS)]
    legal = game.legal
    gains, edges = [], []
    total = folds[0]
    for f in folds[1:]:
        total = total + f
    for k, held in enumerate(folds):
        rest = folds[(k + 1) % FOLDS]
        for j, f in enumerate(folds):
            if j not in (k, (k + 1) % FOLDS):
                rest = rest + f
        g, e = _scored(choose(rest, legal), held, game.players)
        gains.append(g)
        edges.append(e)
    chosen = choose(total, legal)
    table = np.zeros(legal.shape, np.uint8)
    reached = chosen >= 0
    table[np.flatnonzero(reached), chosen[reached]] = SCALE
    if fld.table is not None:
        table[~reached] = fld.table[~reached]
    field_pick = total.policy.argmax(axis=1)
    departs = float(total.counts[reached & (field_pick != chosen)].sum()) / max(1, int(total.counts.sum()))
    return Response(table, total, _interval(gains), _interval(edges), departs)
