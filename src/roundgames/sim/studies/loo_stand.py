"""``loo-stand``: when to stand in Three-card Loo, by hand, seat, table size and pool.

Every one of the 63,193 situations (three cards and a turn-up, up to suit symmetry: :mod:`..classes`) is played at
a table of five from each seat, the hero standing, and (for the dealer, whose throw is not always allowed:
LOO-DECL-7/8) throwing up on the same deals; a player who throws up neither pays nor receives (LOO-DECL-2), so
elsewhere throwing is worth 0. A sample of situations (drawn as the cards fall) is played at heavier pools and at
tables of 3, 4, 6 and 7. The players are ``sensible`` at every seat, the hero's later play included.
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
from ._loo_stand_report import loo_stand_report

__all__ = ["BASE_POOL", "CONFIGS", "SAMPLE", "STUDY", "Config", "sample_rows"]

#: the pool before the dealer's stake in the main run: one loo carried (a pool of 9, three a trick)
BASE_POOL: Final = 6
#: situations drawn (as the cards fall) for the heavier pools and the other table sizes
SAMPLE: Final = 4096
#: situations per chunk
BLOCK: Final = 2048


@dataclass(frozen=True)
class Config:
    """One table the study plays: its size, its pool, and whether every situation or the sample is played."""

    key: str
    players: int
    pool: int
    every: bool


#: the tables played: every situation at five with one loo carried; the sample at heavier pools and other sizes
CONFIGS: Final = (
    Config("p5", 5, BASE_POOL, True),
    Config("p5-pool15", 5, 15, False),
    Config("p5-pool24", 5, 24, False),
    Config("p5-sample", 5, BASE_POOL, False),
    *(Config(f"p{p}", p, BASE_POOL, False) for p in (3, 4, 6, 7)),
)
#: each table row's columns: deals, then the sum and sum of squares of stand's net and of stand minus throw
COLUMNS: Final = 5


def sample_rows(seed: int) -> NDArray[np.int64]:
    """The sampled situations (class indexes), drawn by weight from the run's seed: the same in every chunk."""
    classes = loo_situations()
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(len(classes), size=SAMPLE, p=classes.weights / classes.weights.sum()))


def _rows(cfg: Config, seed: int) -> NDArray[np.int64]:
    return np.arange(len(loo_situations()), dtype=np.int64) if cfg.every else sample_rows(seed)


def _tasks() -> list[tuple[int, int, int]]:
    """Every chunk's (config, seat, first row)."""
    tasks = []
    for c, cfg in enumerate(CONFIGS):
        rows = len(loo_situations()) if cfg.every else SAMPLE
        tasks += [(c, seat, first) for seat in range(cfg.players) for first in range(0, rows, BLOCK)]
    return tasks


@dataclass(frozen=True)
class LooStand:
    """The study."""

    name: str = "loo-stand"
    title: str = "When to stand in Three-card Loo"
    size_kind: Literal["per-class", "deals"] = "per-class"
    default_size: int = 8

    def chunks(self, size: int) -> int:
        return len(_tasks())

    def tables(self, size: int) -> Sums:
        n = len(loo_situations())
        return {c.key: np.zeros((c.players * (n if c.every else SAMPLE), COLUMNS), dtype=np.int64) for c in CONFIGS}

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        c, seat, first = _tasks()[k]
        cfg = CONFIGS[c]
        rows = _rows(cfg, seed)[first : first + BLOCK]
        classes = loo_situations()
        assert classes.turnups is not None  # Loo's classes have their turn-ups
        given = {"hand": np.repeat(classes.hands[rows], size), "turnup": np.repeat(classes.turnups[rows], size)}
        # the same deals at every pool of a table size (common random numbers): the seed leaves the pool out
        sample = 0 if cfg.every else 1
        deal_seed = chunk_seed(seed, ((cfg.players * 8 + seat) * 2 + sample) * 1024 + first // BLOCK)
        n = len(rows) * size

        def net(action: str) -> NDArray[np.int64]:
            policies = ("sensible",) * cfg.players
            setup = Setup("three_card", cfg.players, policies, pool=cfg.pool, hero=seat, hero_action=action)
            out = play(setup, deal_seed, n, given)
            return np.asarray(out["net"], dtype=np.int64)[:, seat]

        stand = net("stand")
        dealer = seat == cfg.players - 1
        diff = stand - net("throw") if dealer else stand
        group = np.repeat(np.arange(len(rows), dtype=np.int64), size)
        table = np.concatenate([moments(group, stand, len(rows)), moments(group, diff, len(rows))[:, 1:]], axis=1)
        per_seat = len(loo_situations()) if cfg.every else SAMPLE
        return {cfg.key: (seat * per_seat + first, table)}, n * (2 if dealer else 1)

    def report(self, sums: Sums, run: Run) -> Report:
        return loo_stand_report(sums, run)


STUDY: Final = LooStand()
