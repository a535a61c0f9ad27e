"""What ``nap-call`` (:mod:`.nap_call`) plays, shared by the study and its report (:mod:`._nap_call_report`): the
calls and their payments, the tables (:data:`CONFIGS`), the sample and examples, and which hands a table plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ...core.cards import mask_of, parse_cards
from ...games.registry import rules_for
from ..classes import nap_hands

__all__ = [
    "CALLS",
    "CHOICES",
    "CONFIGS",
    "EXAMPLES",
    "EXAMPLE_FACTOR",
    "SAMPLE",
    "SENIOR_DIVISOR",
    "STRATEGY",
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
