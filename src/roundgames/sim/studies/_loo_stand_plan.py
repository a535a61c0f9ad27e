"""What ``loo-stand`` (:mod:`.loo_stand`) plays, shared by the study and its report (:mod:`._loo_stand_report`):
the tables (:data:`CONFIGS`), the pools and sample size, the worked examples and which situations a table plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ...core.cards import mask_of, parse_card, parse_cards
from ..classes import loo_situations

__all__ = [
    "BASE_POOL",
    "CONFIGS",
    "EXAMPLES",
    "EXAMPLE_FACTOR",
    "SAMPLE",
    "STRATEGY",
    "Config",
    "example_rows",
    "sample_rows",
]

#: worked examples (trumps are spades in every canonical situation)
EXAMPLES: Final = (
    ("AH AD AC", "2S", "no trump, three aces"),
    ("9H 6D 3C", "2S", "no trump, nothing high"),
    ("5S 3S QH", "2S", "two small trumps and a queen"),
    ("5S 3S 4H", "2S", "two small trumps and nothing"),
    ("KS 4H 3D", "2S", "king of trumps, small cards"),
    ("QS 5H 3D", "2S", "queen of trumps, small cards"),
    ("JS 5H 3D", "2S", "knave of trumps, small cards"),
    ("6S QH QD", "2S", "a small trump and two queens"),
)
#: the pool before the dealer's stake in the main run: one loo carried (a pool of 9, three a trick)
BASE_POOL: Final = 6
#: situations drawn (as the cards fall) for the heavier pools and the other table sizes
SAMPLE: Final = 4096


@dataclass(frozen=True)
class Config:
    """One table the study plays: its size, its pool, whether every situation or the sample is played, and the
    player at every seat."""

    key: str
    players: int
    pool: int
    #: which situations: ``every`` one, the ``sample``, or the worked ``examples``
    rows: str
    #: ``sensible``, or ``strategy`` (the computed strategy, whose tables' keys end in STRATEGY)
    field: str = "sensible"


#: the suffix of a table played against the computed strategy
STRATEGY: Final = "-strategy"
#: the tables of five: every situation with one loo carried; the sample at heavier pools; the examples
_FIVE: Final = (
    Config("p5", 5, BASE_POOL, "every"),
    Config("p5-pool15", 5, 15, "sample"),
    Config("p5-pool24", 5, 24, "sample"),
    Config("p5-sample", 5, BASE_POOL, "sample"),
    Config("examples", 5, BASE_POOL, "examples"),
)
#: the tables played: those of five against sensible players and against the strategy; the sample at other sizes
#: against sensible players (the strategy is computed for five)
CONFIGS: Final = (
    *_FIVE,
    *(Config(f"p{p}", p, BASE_POOL, "sample") for p in (3, 4, 6, 7)),
    *(Config(c.key + STRATEGY, c.players, c.pool, c.rows, "strategy") for c in _FIVE),
)
#: the worked examples are dealt this many times more than the other situations
EXAMPLE_FACTOR: Final = 256


def sample_rows(seed: int) -> NDArray[np.int64]:
    """The sampled situations (class indexes), drawn by weight from the run's seed: the same in every chunk."""
    classes = loo_situations()
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(len(classes), size=SAMPLE, p=classes.weights / classes.weights.sum()))


def example_rows() -> NDArray[np.int64]:
    """The worked examples' situations (class indexes)."""
    classes = loo_situations()
    hands = [mask_of(parse_cards(hand)) for hand, _, _ in EXAMPLES]
    return classes.index_of(hands, [parse_card(turnup) for _, turnup, _ in EXAMPLES])
