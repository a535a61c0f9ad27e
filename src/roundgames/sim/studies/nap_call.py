"""``nap-call``: what to call in Nap, by hand and table size, misery included.

Every one of the 134,459 five-card hands up to suit symmetry (:mod:`..classes`) is played at a table of four as
the senior hand with each contract (the kernel's ``senior:<call>``: everyone else passes), the other hands dealt at
random; a contract's chance of being made and the payment table (§6.5) give its value, and the best call is the
one worth most, passing counting 0. A sample of hands is played at tables of 3, 5 and 6, and some named hands many
more times as the worked examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from numpy.typing import NDArray

from ...core.cards import mask_of, parse_cards
from ...games.registry import rules_for
from ..classes import nap_hands
from ..kernels import Setup
from ..report import Report
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import play

__all__ = ["CALLS", "CONFIGS", "EXAMPLES", "STUDY", "Config", "example_rows", "pay", "sample_rows"]

#: the contracts a hand may open with (Wellington and Blücher only overcall a Nap: NAP-CALL-6)
CALLS: Final = ("1", "2", "misery", "3", "4", "nap")
SAMPLE: Final = 2048
BLOCK: Final = 4096
EXAMPLE_FACTOR: Final = 128
#: worked examples, with what each is
EXAMPLES: Final = (
    ("AS KS QS JS TS", "Peel's only safe and perfect Nap"),
    ("AS KS QS JS 9S", "the perfect Nap with the nine for the ten"),
    ("AS KS QS JS AH", "four top trumps and an ace"),
    ("AS QS TS 8S 6S", "a flush of fairly high cards"),
    ("KS QS JS TS AH", "four headed by the king, and a high card"),
    ("AS KS QS AH KH", "three high of one suit, two high of another"),
    ("AS KS QS AH AD", "three high of one suit and two other aces"),
    ("AS KS QS 4H 3D", "ace, king, queen and two small"),
    ("AS KH QD JC 9S", "high cards in four suits"),
    ("7S 5H 4H 3D 2C", "nothing above a seven"),
    ("9S 6S 4H 3D 2C", "nothing above a nine"),
)


def pay() -> dict[str, tuple[int, int]]:
    """Each contract's payment per opponent, won and lost (Peel's table, §6.5)."""
    from ...nap.calls import pay_table

    table = pay_table(rules_for("nap", "peel"))
    return {c: table[c] for c in CALLS}


@dataclass(frozen=True)
class Config:
    """One table: its size and which hands (``every`` one, the ``sample``, the ``examples``)."""

    key: str
    players: int
    rows: str


CONFIGS: Final = (
    Config("p4", 4, "every"),
    *(Config(f"p{p}", p, "sample") for p in (3, 5, 6)),
    Config("p4-sample", 4, "sample"),
    Config("examples", 4, "examples"),
)


def sample_rows(seed: int) -> NDArray[np.int64]:
    """The sampled hands (class indexes), drawn by weight from the run's seed."""
    classes = nap_hands()
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(len(classes), size=SAMPLE, p=classes.weights / classes.weights.sum()))


def example_rows() -> NDArray[np.int64]:
    """The worked examples' classes."""
    return nap_hands().index_of([mask_of(parse_cards(hand)) for hand, _ in EXAMPLES])


def _count(cfg: Config) -> int:
    return {"every": len(nap_hands()), "sample": SAMPLE, "examples": len(EXAMPLES)}[cfg.rows]


def _rows(cfg: Config, seed: int) -> NDArray[np.int64]:
    if cfg.rows == "every":
        return np.arange(len(nap_hands()), dtype=np.int64)
    return sample_rows(seed) if cfg.rows == "sample" else example_rows()


def _tasks() -> list[tuple[int, int]]:
    return [(c, first) for c, cfg in enumerate(CONFIGS) for first in range(0, _count(cfg), BLOCK)]


@dataclass(frozen=True)
class NapCall:
    """The study."""

    name: str = "nap-call"
    title: str = "What to call in Nap"
    size_kind: Literal["per-class", "deals"] = "per-class"
    default_size: int = 8

    def chunks(self, size: int) -> int:
        return len(_tasks())

    def tables(self, size: int) -> Sums:
        # per hand: deals, then the deals each contract was made in
        return {c.key: np.zeros((_count(c), 1 + len(CALLS)), dtype=np.int64) for c in CONFIGS}

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        c, first = _tasks()[k]
        cfg = CONFIGS[c]
        rows = _rows(cfg, seed)[first : first + BLOCK]
        per = size * EXAMPLE_FACTOR if cfg.rows == "examples" else size
        n = len(rows) * per
        given = {"hand": np.repeat(nap_hands().hands[rows], per)}
        deal_seed = chunk_seed(seed, k)
        group = np.repeat(np.arange(len(rows), dtype=np.int64), per)
        out = np.zeros((len(rows), 1 + len(CALLS)), dtype=np.int64)
        out[:, 0] = per
        for j, call in enumerate(CALLS):
            setup = Setup("nap", cfg.players, ("sensible",) * cfg.players, hero=0, hero_action=f"senior:{call}")
            made = np.asarray(play(setup, deal_seed, n, given)["made"], dtype=bool)
            out[:, 1 + j] = np.bincount(group, weights=made, minlength=len(rows)).round().astype(np.int64)
        return {cfg.key: (first, out)}, n * len(CALLS)

    def report(self, sums: Sums, run: Run) -> Report:
        from ._nap_call_report import nap_call_report

        return nap_call_report(sums, run)


STUDY: Final = NapCall()
