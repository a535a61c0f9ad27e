"""``loo-stand``: when to stand in Three-card Loo, by hand, seat, table size and pool.

Every one of the 63,193 situations (three cards and a turn-up, up to suit symmetry: :mod:`..classes`) is played at
a table of five from each seat, the hero standing, and (for the dealer, whose throw is not always allowed:
LOO-DECL-7/8) throwing up on the same deals; a player who throws up neither pays nor receives (LOO-DECL-2), so
elsewhere throwing is worth 0. A sample of situations (drawn as the cards fall) is played at heavier pools and at
tables of 3, 4, 6 and 7. The players are ``sensible`` at every seat, the hero's later play included; the tables of
five are played again, on the same deals, with every seat on the computed strategy (the simulator's ``strategy``
player, which plays its cards as ``sensible``): the strategy is computed for five players only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from numpy.typing import NDArray

from ..classes import loo_situations
from ..kernels import Setup
from ..report import Report
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import moments, play
from ._loo_stand_plan import (
    BASE_POOL,
    CONFIGS,
    EXAMPLE_FACTOR,
    EXAMPLES,
    SAMPLE,
    STRATEGY,
    Config,
    example_rows,
    sample_rows,
)
from ._loo_stand_report import loo_stand_report

__all__ = ["BASE_POOL", "CONFIGS", "SAMPLE", "STRATEGY", "STUDY", "Config", "sample_rows"]

#: situations per chunk
BLOCK: Final = 2048
#: each table row's columns: deals, then the sum and sum of squares of stand's net and of stand minus throw
COLUMNS: Final = 5


def _rows(cfg: Config, seed: int) -> NDArray[np.int64]:
    if cfg.rows == "every":
        return np.arange(len(loo_situations()), dtype=np.int64)
    return sample_rows(seed) if cfg.rows == "sample" else example_rows()


def _count(cfg: Config) -> int:
    return {"every": len(loo_situations()), "sample": SAMPLE, "examples": len(EXAMPLES)}[cfg.rows]


def _tasks() -> list[tuple[int, int, int]]:
    """Every chunk's (config, seat, first row)."""
    tasks = []
    for c, cfg in enumerate(CONFIGS):
        tasks += [(c, seat, first) for seat in range(cfg.players) for first in range(0, _count(cfg), BLOCK)]
    return tasks


@dataclass(frozen=True)
class LooStand:
    """The study."""

    name: str = "loo-stand"
    title: str = "When to stand in Three-card Loo"
    size_kind: Literal["per-class", "deals"] = "per-class"
    default_size: int = 96

    def chunks(self, size: int) -> int:
        return len(_tasks())

    def tables(self, size: int) -> Sums:
        return {c.key: np.zeros((c.players * _count(c), COLUMNS), dtype=np.int64) for c in CONFIGS}

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        c, seat, first = _tasks()[k]
        cfg = CONFIGS[c]
        rows = _rows(cfg, seed)[first : first + BLOCK]
        size = size * EXAMPLE_FACTOR if cfg.rows == "examples" else size
        classes = loo_situations()
        assert classes.turnups is not None  # Loo's classes have their turn-ups
        given = {"hand": np.repeat(classes.hands[rows], size), "turnup": np.repeat(classes.turnups[rows], size)}
        # the same deals at every pool of a table size and against either field (common random numbers): the seed
        # leaves the pool and the field out
        rows_kind = ("every", "sample", "examples").index(cfg.rows)
        deal_seed = chunk_seed(seed, ((cfg.players * 8 + seat) * 4 + rows_kind) * 1024 + first // BLOCK)
        n = len(rows) * size

        def net(action: str) -> NDArray[np.int64]:
            policies = (cfg.field,) * cfg.players
            setup = Setup("three_card", cfg.players, policies, pool=cfg.pool, hero=seat, hero_action=action)
            out = play(setup, deal_seed, n, given)
            return np.asarray(out["net"], dtype=np.int64)[:, seat]

        stand = net("stand")
        dealer = seat == cfg.players - 1
        diff = stand - net("throw") if dealer else stand
        group = np.repeat(np.arange(len(rows), dtype=np.int64), size)
        table = np.concatenate([moments(group, stand, len(rows)), moments(group, diff, len(rows))[:, 1:]], axis=1)
        return {cfg.key: (seat * _count(cfg) + first, table)}, n * (2 if dealer else 1)

    def report(self, sums: Sums, run: Run) -> Report:
        return loo_stand_report(sums, run)


STUDY: Final = LooStand()
