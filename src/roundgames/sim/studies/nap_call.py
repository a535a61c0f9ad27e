"""``nap-call``: what to call in Nap, by hand and table size, misery included.

Every one of the 134,459 five-card hands up to suit symmetry (:mod:`..classes`) is measured at a table of four in
two ways, the other hands dealt at random:

- *at the table* (the main answer): the hand is the eldest, so every call is legal at his turn, and makes each
  plain call, passing included (the kernel's hero action ``pass``, ``1`` .. ``nap``); the others call by their
  player's rules, so they may outcall him and he defends. A call's value is the hand's mean net over the deals,
  the same deals for every call (one chunk seed);
- *as the senior hand* (what a contract is worth if you get it): the hand makes each contract with everyone else
  passing (``senior:<call>``); a contract's chance of being made and the payment table (§6.5) give its value,
  passing counting 0. It is played :data:`SENIOR_DIVISOR` times fewer deals a hand.

A sample of hands is played both ways at tables of 3, 5 and 6, and some named hands many more times as the worked
examples. The measure at the table of four is made again with the others calling by the computed strategy (the
simulator's ``strategy`` player, computed for four); the senior-hand measure needs no second run: the others pass
and play their cards as ``sensible``, which the strategy players do too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from numpy.typing import NDArray

from ..classes import nap_hands
from ..kernels import Setup
from ..report import Report
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import play
from ._nap_call_plan import (
    CALLS,
    CHOICES,
    CONFIGS,
    EXAMPLE_FACTOR,
    EXAMPLES,
    SAMPLE,
    SENIOR_DIVISOR,
    STRATEGY,
    Config,
    example_rows,
    pay,
    sample_rows,
    senior_per_class,
)

__all__ = [
    "CALLS",
    "CHOICES",
    "CONFIGS",
    "EXAMPLES",
    "SENIOR_DIVISOR",
    "STRATEGY",
    "STUDY",
    "Config",
    "example_rows",
    "pay",
    "sample_rows",
    "senior_per_class",
]

BLOCK: Final = 4096


def _count(cfg: Config) -> int:
    return {"every": len(nap_hands()), "sample": SAMPLE, "examples": len(EXAMPLES)}[cfg.rows]


def _rows(cfg: Config, seed: int) -> NDArray[np.int64]:
    if cfg.rows == "every":
        return np.arange(len(nap_hands()), dtype=np.int64)
    return sample_rows(seed) if cfg.rows == "sample" else example_rows()


def _width(cfg: Config) -> int:
    return 1 + 2 * len(CHOICES) if cfg.measure == "table" else 1 + len(CALLS)


def _setup(cfg: Config, action: str) -> Setup:
    """The hand at seat 0, the eldest (he calls first, so each call is legal), making ``action``."""
    return Setup("nap", cfg.players, (cfg.field,) * cfg.players, hero=0, hero_action=action)


def _sensible(c: int) -> int:
    """The index of the config played against sensible players that config ``c`` plays again."""
    key = CONFIGS[c].key.removesuffix(STRATEGY)
    return next(i for i, cfg in enumerate(CONFIGS) if cfg.key == key)


def _tasks() -> list[tuple[int, int]]:
    return [(c, first) for c, cfg in enumerate(CONFIGS) for first in range(0, _count(cfg), BLOCK)]


@dataclass(frozen=True)
class NapCall:
    """The study."""

    name: str = "nap-call"
    title: str = "What to call in Nap"
    size_kind: Literal["per-class", "deals"] = "per-class"
    default_size: int = 64

    def chunks(self, size: int) -> int:
        return len(_tasks())

    def tables(self, size: int) -> Sums:
        return {c.key: np.zeros((_count(c), _width(c)), dtype=np.int64) for c in CONFIGS}

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        c, first = _tasks()[k]
        cfg = CONFIGS[c]
        rows = _rows(cfg, seed)[first : first + BLOCK]
        per = size if cfg.measure == "table" else senior_per_class(size)
        per *= EXAMPLE_FACTOR if cfg.rows == "examples" else 1
        n = len(rows) * per
        given = {"hand": np.repeat(nap_hands().hands[rows], per)}
        # against the strategy, the deals of the same hands against sensible players (common random numbers)
        deal_seed = chunk_seed(seed, k if cfg.field == "sensible" else _tasks().index((_sensible(c), first)))
        group = np.repeat(np.arange(len(rows), dtype=np.int64), per)
        out = np.zeros((len(rows), _width(cfg)), dtype=np.int64)
        out[:, 0] = per
        if cfg.measure == "table":
            # the same deals (one seed) for every call: the calls' nets are compared deal by deal
            for j, choice in enumerate(CHOICES):
                net = np.asarray(play(_setup(cfg, choice), deal_seed, n, given)["net"])[:, 0].astype(np.int64)
                np.add.at(out[:, 1 + j], group, net)
                np.add.at(out[:, 1 + len(CHOICES) + j], group, (net < 0).astype(np.int64))
            return {cfg.key: (first, out)}, n * len(CHOICES)
        for j, call in enumerate(CALLS):
            made = np.asarray(play(_setup(cfg, f"senior:{call}"), deal_seed, n, given)["made"], dtype=np.int64)
            np.add.at(out[:, 1 + j], group, made)
        return {cfg.key: (first, out)}, n * len(CALLS)

    def report(self, sums: Sums, run: Run) -> Report:
        from ._nap_call_report import nap_call_report

        return nap_call_report(sums, run)


STUDY: Final = NapCall()
