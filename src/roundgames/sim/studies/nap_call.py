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

from ...core.cards import mask_of, parse_cards
from ...games.registry import rules_for
from ..classes import nap_hands
from ..kernels import Setup
from ..report import Report
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import play

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

#: the contracts a hand may open with (Wellington and Blücher only overcall a Nap: NAP-CALL-6)
CALLS: Final = ("1", "2", "misery", "3", "4", "nap")
#: the choices of a hand at the table: passing, then the contracts
CHOICES: Final = ("pass", *CALLS)
#: the senior-hand measure plays this many times fewer deals a hand than the measure at the table (its chances of
#: a contract being made vary less from deal to deal than a net at the table does)
SENIOR_DIVISOR: Final = 4
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
    """One table: its size, which hands (``every`` one, the ``sample``, the ``examples``) and the measure
    (``table``: each plain call at the table, the hand eldest; ``senior``: each contract as the senior hand)."""

    key: str
    players: int
    rows: str
    measure: str
    #: the others' player: ``sensible``, or ``strategy`` (the computed strategy; its tables' keys end in STRATEGY)
    field: str = "sensible"


def _configs(measure: str, prefix: str) -> tuple[Config, ...]:
    return (
        Config(f"{prefix}4", 4, "every", measure),
        *(Config(f"{prefix}{p}", p, "sample", measure) for p in (3, 5, 6)),
        Config(f"{prefix}4-sample", 4, "sample", measure),
        Config(f"{prefix}examples", 4, "examples", measure),
    )


#: the suffix of a table played against the computed strategy
STRATEGY: Final = "-strategy"
#: the tables: ``t*`` at the table (per hand: deals, the hand's net summed for each choice, then the deals each
#: choice lost money in), ``p*`` as the senior hand (per hand: deals, then the deals each contract was made in);
#: every hand and the examples at the table of four again against the strategy (computed for four; the sample of
#: four serves only to compare table sizes, against sensible players)
CONFIGS: Final = (
    *_configs("table", "t"),
    *_configs("senior", "p"),
    *(Config(c.key + STRATEGY, 4, c.rows, "table", "strategy") for c in _configs("table", "t") if c.rows != "sample"),
)


def senior_per_class(size: int) -> int:
    """The deals a hand of the senior-hand measure is played, for a run of ``size`` deals a hand at the table."""
    return max(1, size // SENIOR_DIVISOR)


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
