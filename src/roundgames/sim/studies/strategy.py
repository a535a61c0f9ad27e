"""``strategy``: the computed strategy the expert declares and calls by, shown as tables and plots, with each period
maxim's agreement with it and what is known of its exploitability.

The strategy is read from the files the package ships (:func:`roundgames.bots.strategy.shipped`): Three-card Loo at
five players (one table per pool bucket) and Nap at four. How often each situation occurs comes from the simulator:
deals played with every seat on the strategy (the kernels' ``strategy`` player), Loo's at the pool of each of its
pool buckets. Every decision of every seat is counted by what the seat knew (a summary of its hand, its seat, what
was declared or called before it) and what it did, so each table and each maxim's agreement weighs the
situations as they arise when the strategy plays itself, its mixing included (a mixed row is counted as it was
drawn).

- Loo's hand summary (:func:`loo_groups`): the trumps held (none to three) and the highest of them, and the highest
  plain card (ten or lower, knave, queen, king, ace).
- Nap's (:func:`nap_groups`): the count of :mod:`._nap_call_report` (knaves and better in the longest suit, aces
  outside it, the length beyond three), the suits held, and whether the hand holds ace, king and queen of a suit,
  Peel's exception to a Nap on three suits (three high of one suit and two other aces), and the perfect Nap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

import numpy as np
from numpy.typing import NDArray

from ..kernels import Setup
from ..report import Report
from ..strategy.build import PLANS
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import play
from ._strategy_groups import (
    LOO_ACTIONS,
    LOO_CONTEXTS,
    LOO_GROUPS,
    LOO_PLAYERS,
    NAP_CALLS,
    NAP_GROUPS,
    NAP_PLAYERS,
    loo_groups,
    loo_pools,
    loo_setup,
    loo_strategy,
    nap_groups,
    nap_open,
    nap_strategy,
)

__all__ = [
    "LOO_ACTIONS",
    "LOO_GROUPS",
    "MEASURED",
    "NAP_GROUPS",
    "STUDY",
    "loo_groups",
    "loo_strategy",
    "nap_groups",
    "nap_open",
    "nap_strategy",
]

#: the measured exploitability of the shipped strategies, as each one's plan gives it (``Plan.measured``), by the
#: plan's name (``loo``: Three-card Loo's; ``nap``): the report shows a marked place for a figure not there, and
#: never a figure of its own
MEASURED: Final[Mapping[str, str]] = {name: plan.measured for name, plan in PLANS.items() if plan.measured}

#: deals per chunk
BLOCK: Final = 131_072


def _loo_counts(out: dict[str, Any]) -> NDArray[np.int64]:
    """Each decision of a run's deals by the seat's hand summary and context, and the declaration made."""
    decl = np.asarray(out["decl"], dtype=np.int64)
    hands = np.asarray(out["hands"], dtype=np.int64)
    turnups = np.asarray(out["turnup"], dtype=np.int64)
    counts = np.zeros(LOO_GROUPS * LOO_CONTEXTS * len(LOO_ACTIONS), dtype=np.int64)
    stood = np.zeros(len(decl), dtype=np.int64)
    took = np.zeros(len(decl), dtype=np.int64)
    for s in range(LOO_PLAYERS):
        d = decl[:, s]
        made = (d >= 1) & (d <= 4)  # a choice made (5: the dealer took the pool without one, LOO-DECL-7)
        context = (s * LOO_PLAYERS + stood) * 2 + took
        cell = (loo_groups(hands[:, s], turnups) * LOO_CONTEXTS + context) * len(LOO_ACTIONS) + d - 1
        counts += np.bincount(cell[made], minlength=len(counts))
        stood += d == 1
        took |= d == 3
    return counts.reshape(-1, len(LOO_ACTIONS))


def _nap_counts(out: dict[str, Any], open_: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Each decision of a run's deals by the seat's hand summary, seat and call to beat, and the call made."""
    calls = np.asarray(out["calls"], dtype=np.int64)
    hands = np.asarray(out["hands"], dtype=np.int64)
    counts = np.zeros(NAP_GROUPS * NAP_PLAYERS * NAP_CALLS * NAP_CALLS, dtype=np.int64)
    high = np.zeros(len(calls), dtype=np.int64)
    for s in range(NAP_PLAYERS):
        c = calls[:, s]
        made = open_[s, high].sum(axis=1) > 1  # a call open beside the pass
        cell = ((nap_groups(hands[:, s]) * NAP_PLAYERS + s) * NAP_CALLS + high) * NAP_CALLS + c
        counts += np.bincount(cell[made], minlength=len(counts))
        high = np.maximum(high, c)
    return counts.reshape(-1, NAP_CALLS)


def _loo_chunk(which: int, seed: int, n: int) -> tuple[int, NDArray[np.int64]]:
    """Loo's pool bucket ``which``: its deals start with its pool once the dealer has staked (Peel: 3)."""
    out = play(loo_setup(loo_pools()[which] - _staked(0)), seed, n)
    return which * LOO_GROUPS * LOO_CONTEXTS, _loo_counts(out)


def _nap_chunk(which: int, seed: int, n: int) -> tuple[int, NDArray[np.int64]]:
    """Nap's one table: every seat on the strategy, nothing carried into the deal."""
    out = play(Setup("nap", NAP_PLAYERS, ("strategy",) * NAP_PLAYERS), seed, n)
    return 0, _nap_counts(out, nap_open())


@dataclass(frozen=True)
class Studied:
    """One game's strategy as the study plays it: the game (its table's name in the sums), how many of its tables
    it plays (``tables()``: Loo's pool buckets, Nap's one), the shape of its counts (``shape()``: a row for each
    hand summary and context of each table, a column for each action), and ``chunk(which, seed, n)``: the counts of
    ``n`` deals of table ``which``, with the row they start at."""

    game: str
    tables: Callable[[], int]
    shape: Callable[[], tuple[int, int]]
    chunk: Callable[[int, int, int], tuple[int, NDArray[np.int64]]]


#: the strategies studied, in the order their chunks are played (each chunk's seed follows from its place)
STUDIED: Final = (
    Studied(
        "loo",
        lambda: len(loo_pools()),
        lambda: (len(loo_pools()) * LOO_GROUPS * LOO_CONTEXTS, len(LOO_ACTIONS)),
        _loo_chunk,
    ),
    Studied("nap", lambda: 1, lambda: (NAP_GROUPS * NAP_PLAYERS * NAP_CALLS, NAP_CALLS), _nap_chunk),
)


@dataclass(frozen=True)
class StrategyStudy:
    """The study."""

    name: str = "strategy"
    title: str = "The computed strategy"
    size_kind: Literal["per-class", "deals"] = "deals"
    default_size: int = 4_000_000

    def _tables_played(self) -> int:
        return sum(studied.tables() for studied in STUDIED)  # each Loo pool bucket, then Nap

    def chunks(self, size: int) -> int:
        return self._tables_played() * -(-size // BLOCK)

    def tables(self, size: int) -> Sums:
        return {studied.game: np.zeros(studied.shape(), dtype=np.int64) for studied in STUDIED}

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        which, block = k % self._tables_played(), k // self._tables_played()
        n = min(BLOCK, size - block * BLOCK)
        for studied in STUDIED:
            if which < studied.tables():
                return {studied.game: studied.chunk(which, chunk_seed(seed, k), n)}, n
            which -= studied.tables()
        raise AssertionError("a chunk's table is one of the tables played")

    def report(self, sums: Sums, run: Run) -> Report:
        from ._strategy_report import strategy_report

        return strategy_report(sums, run, MEASURED)


def _staked(pool: int) -> int:
    """The pool a Loo deal of this study starts with once staked, from ``pool`` before the stakes."""
    from ..loo3 import table_pool

    return table_pool(loo_setup(pool))


STUDY: Final = StrategyStudy()
