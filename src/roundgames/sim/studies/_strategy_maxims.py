"""The ``strategy`` study's counts (:class:`Counts`) and the period maxims measured against the strategy
(:func:`maxims`): for each, the decisions it speaks of (the situations it covers, as they arise when the strategy
plays itself) and how many of them the strategy decided as it says.

A maxim that compares two pools (Peel's "greater risks" with a heavy stake) compares the strategy's tables at the
lightest and the heaviest pool bucket, situation by situation (hand summary, seat, what was declared before),
weighing each situation by how often it arises at the lighter pool.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ..stats import Estimate, wilson
from . import Sums
from ._common import EW, PEEL
from ._strategy_groups import (
    LOO_ACTIONS,
    LOO_GROUPS,
    LOO_PLAYERS,
    NAP_CALLS,
    NAP_GROUPS,
    NAP_PLAYERS,
    loo_pools,
    nap_open,
)

__all__ = ["Counts", "Maxim", "maxims"]

STAND, THROW, MISS, DEFEND = range(len(LOO_ACTIONS))
#: Nap's calls by code
PASS, ONE, TWO, MISERY, THREE, FOUR, NAP, WELLINGTON, BLUCHER = range(NAP_CALLS)

_G = np.arange(LOO_GROUPS)
#: each Loo hand summary's trumps held, its highest trump's rank (0 without one), its highest plain card's class
#: (0 ten or lower, 1 knave, 2 queen, 3 king, 4 ace)
LOO_TRUMPS: Final = _G // 65
LOO_TOP: Final = (_G // 5) % 13
LOO_PLAIN: Final = _G % 5
_H = np.arange(NAP_GROUPS)
#: each Nap hand summary's flags and counts (:func:`.strategy.nap_groups`)
NAP_PERFECT: Final = (_H & 1).astype(bool)
NAP_EXCEPTION: Final = ((_H >> 1) & 1).astype(bool)
NAP_AKQ: Final = ((_H >> 2) & 1).astype(bool)
NAP_SUITS: Final = (_H >> 3) % 4 + 1
NAP_COUNT: Final = (_H >> 3) // 4


@dataclass(frozen=True)
class Counts:
    """The decisions counted: Loo's ``(pool bucket, hand, seat, stood before, miss taken, declaration)``, Nap's
    ``(hand, seat, call to beat, call)``; the pools of Loo's buckets, and the calls open in Nap."""

    loo: NDArray[np.int64]
    nap: NDArray[np.int64]
    pools: list[int]
    open_: NDArray[np.bool_]

    @classmethod
    def of(cls, sums: Sums) -> Counts:
        """The study's tables, shaped."""
        pools = loo_pools()
        loo = sums["loo"].reshape(len(pools), LOO_GROUPS, LOO_PLAYERS, LOO_PLAYERS, 2, len(LOO_ACTIONS))
        nap = sums["nap"].reshape(NAP_GROUPS, NAP_PLAYERS, NAP_CALLS, NAP_CALLS)
        return cls(loo, nap, pools, nap_open())


@dataclass(frozen=True)
class Maxim:
    """A maxim as a rule, its source, its game (``Loo`` or ``Nap``, as the report names it), and how far the
    strategy follows it: ``agreed`` of the ``covered`` decisions it speaks of (``of``: all the game's decisions)."""

    text: str
    source: str
    game: str
    covered: int
    agreed: int
    of: int
    note: str = ""

    @property
    def agreement(self) -> Estimate:
        """The share of the decisions covered that the strategy decided as the maxim says (Wilson's interval:
        the decisions of one deal are not independent, so it is somewhat narrower than it should be)."""
        return wilson(self.agreed, self.covered)


def _loo(c: Counts) -> list[Maxim]:
    t = c.loo.sum(axis=0)  # every pool bucket
    of = int(t.sum())
    none, two, small = LOO_TRUMPS == 0, LOO_TRUMPS >= 2, (LOO_TRUMPS == 2) & (LOO_TOP <= 8)
    high = LOO_PLAIN >= 2  # a queen or better beside
    first_small = t[small, 0]  # the eldest's decisions on two small trumps
    with_high, without = first_small[high[small]], first_small[~high[small]]
    lone = t[:, LOO_PLAYERS - 1, 1, 0]  # the dealer facing a lone stander, the miss untaken (LOO-DECL-8)
    two_declared = t[:, : LOO_PLAYERS - 1, 2:, 0]  # two or more stood before, the miss still there
    out = [
        _maxim(
            "Do not stand on a hand without a trump",
            f"{PEEL}, Hints",
            t[none],
            lambda x: x.sum() - x[..., STAND].sum(),
            of,
        ),
        _maxim(
            "Stand on two trumps or more, however small (after the first player)",
            f"{PEEL}, Hints",
            t[two, 1:],
            lambda x: x[..., STAND].sum(),
            of,
        ),
        Maxim(
            "The first player stands on two small trumps (none above the ten) only with a queen or better beside",
            f"{PEEL}, Hints",
            "Loo",
            int(first_small.sum()),
            int(with_high[..., STAND].sum() + without.sum() - without[..., STAND].sum()),
            of,
        ),
        _maxim(
            "The first player does not take the miss",
            f"{EW}, §98 v",
            t[:, 0],
            lambda x: x.sum() - x[..., MISS].sum(),
            of,
        ),
        _maxim(
            "Nobody takes the miss once two have declared to play",
            f"{EW}, §98 v",
            two_declared,
            lambda x: x.sum() - x[..., MISS].sum(),
            of,
        ),
        Maxim(
            "The dealer facing a lone stander stands with a trump and takes the miss without one (Peel's order)",
            f"{PEEL}, Declaring",
            "Loo",
            int(lone.sum()),
            int(lone[~none, STAND].sum() + lone[none, MISS].sum()),
            of,
        ),
    ]
    return out + _pool_maxims(c, of)


def _maxim(text: str, source: str, x: NDArray[np.int64], agreed: Callable[[NDArray[np.int64]], Any], of: int) -> Maxim:
    """A Loo maxim over the decisions ``x`` (their last axis the declaration), ``agreed`` counting those it
    approves."""
    return Maxim(text, source, "Loo", int(x.sum()), int(agreed(x)), of)


def _pool_maxims(c: Counts, of: int) -> list[Maxim]:
    """Peel's maxims on a heavy pool: situation by situation, the strategy at the heaviest pool bucket plays (or
    takes the miss) at least as often as at the lightest. Nothing to measure with one pool bucket."""
    if len(c.pools) < 2:
        return []
    light, heavy = c.loo[0], c.loo[-1]
    note = f"pool {c.pools[-1]} against pool {c.pools[0]}"

    def more(actions: list[int], seats: slice) -> tuple[int, int]:
        lt, ht = light[:, seats], heavy[:, seats]
        n_l, n_h = lt.sum(axis=-1), ht.sum(axis=-1)
        p_l = lt[..., actions].sum(axis=-1) / np.maximum(n_l, 1)
        p_h = ht[..., actions].sum(axis=-1) / np.maximum(n_h, 1)
        seen = (n_l > 0) & (n_h > 0) & (p_l < 1)  # met at both pools, with room for more risk
        return int(n_l[seen].sum()), int(n_l[seen & (p_h >= p_l)].sum())

    played = more([STAND, MISS, DEFEND], slice(None))
    early = more([MISS], slice(0, 2))
    return [
        Maxim(
            "With a heavy pool, play (stand or take the miss) at least as often as with a light one",
            f"{PEEL}, Hints",
            "Loo",
            *played,
            of,
            note,
        ),
        Maxim(
            "With a heavy pool, take the miss at the first two seats at least as often as with a light one",
            f"{PEEL}, Hints",
            "Loo",
            *early,
            of,
            note,
        ),
    ]


def _nap(c: Counts) -> list[Maxim]:
    t, open_ = c.nap, c.open_
    of = int(t.sum())
    both = open_[:, :, FOUR] & open_[:, :, NAP]  # (seat, high): four and Nap both open
    four_or_nap = t[:, both][..., [FOUR, NAP]]
    three_open = t[NAP_AKQ][:, open_[:, :, THREE]]
    naps = t[..., NAP].sum(axis=(1, 2))  # by hand summary
    two_suits = (NAP_SUITS <= 2) | NAP_EXCEPTION
    return [
        Maxim(
            "A hand good enough for four is good enough for Nap: of the four and the Nap, call the Nap",
            f"{PEEL}, Nap: Tactics",
            "Nap",
            int(four_or_nap.sum()),
            int(four_or_nap[..., 1].sum()),
            of,
            "covers the decisions where the strategy called four or Nap with both open",
        ),
        Maxim(
            "With ace, king and queen of a suit, call three or more",
            f"{PEEL}, Nap: Tactics",
            "Nap",
            int(three_open.sum()),
            int(three_open[..., THREE:].sum()),
            of,
            "covers those hands wherever three is open",
        ),
        Maxim(
            "Call Nap only on ace, king, queen, knave and ten of a suit (Peel's only safe and perfect Nap)",
            f"{PEEL}, Nap: Description",
            "Nap",
            int(naps.sum()),
            int(naps[NAP_PERFECT].sum()),
            of,
            "covers the strategy's Naps",
        ),
        Maxim(
            "Do not risk a Nap on three or four suits, unless on three high of one suit and two other aces",
            f"{PEEL}, Nap: Tactics",
            "Nap",
            int(naps.sum()),
            int(naps[two_suits].sum()),
            of,
            "covers the strategy's Naps",
        ),
    ]


def maxims(c: Counts) -> list[Maxim]:
    """Every maxim, Loo's then Nap's."""
    return _loo(c) + _nap(c)
