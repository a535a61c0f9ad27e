"""What the studies share: playing through a kernel, integer sums by group, weighted estimates over hand classes,
the features of a hand that the rules of thumb read, the sources quoted, and verdicts against both fields.

Each study asks its question twice: against the simulator's ``sensible`` players (the period's advice made a
player) and against the computed strategy (the ``strategy`` player: the expert's declaring and calling, computed
against a field that plays ``sensible`` half the time). A verdict says whether the advice holds against each
(:func:`verdict`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ..kernels import Setup, kernel_for
from ..stats import Z95, Estimate, mean_interval

__all__ = [
    "EW",
    "FIELD_NAMES",
    "PEEL",
    "POPCOUNT",
    "RANK_NAMES",
    "moments",
    "play",
    "suit_bits",
    "top_rank",
    "verdict",
    "weighted_mean",
]

#: the sources, as RULES.md names them
PEEL: Final = 'W. H. Peel ("Baxter-Wray"), *Round Games with Cards* (1891)'
EW: Final = "*Enquire Within Upon Everything*, Loo"
#: the ranks' letters, 2 (0) to ace (12)
RANK_NAMES: Final = "23456789TJQKA"
#: the number of cards in each 13-bit suit field
POPCOUNT: Final = np.array([bin(i).count("1") for i in range(1 << 13)], dtype=np.int64)
#: the rank of the highest card of each 13-bit suit field (-1 for none)
_TOP: Final = np.array([i.bit_length() - 1 for i in range(1 << 13)], dtype=np.int64)


#: the fields a study's questions are asked against, by the kernels' policy, with what the reports call them
FIELD_NAMES: Final = {"sensible": "sensible players", "strategy": "the strategy"}


def verdict(sensible: tuple[str, str], strategy: tuple[str, str], lead: str = "") -> str:
    """A verdict's line from each field's word (``Holds``, ``Holds in part``, ``Does not hold``, ...) and what
    it rests on: "Holds against sensible players and against the strategy: ``lead``against sensible players,
    ...; against the strategy, ...", or "Holds against sensible players, does not hold against the strategy: ..."
    where the words differ."""
    (word_s, detail_s), (word_t, detail_t) = sensible, strategy
    if word_s != word_t:
        head = f"{word_s} against sensible players, {word_t[0].lower()}{word_t[1:]} against the strategy"
    elif word_s.startswith("Does not"):
        head = f"{word_s} against sensible players nor against the strategy"
    else:
        head = f"{word_s} against sensible players and against the strategy"
    return f"{head}: {lead}against sensible players, {detail_s}; against the strategy, {detail_t}."


def play(setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play ``n`` deals of the chunk seeded ``seed`` with the kernel of the setup's form."""
    kernel = kernel_for(setup.form)
    kernel.check(setup)
    return kernel.run(setup, seed, n, given)


def suit_bits(hands: NDArray[np.int64], suits: NDArray[np.int64] | int) -> NDArray[np.int64]:
    """Each hand's 13-bit field of ``suits`` (one suit per hand, or the same for all)."""
    return (hands >> (13 * np.asarray(suits, dtype=np.int64))) & 0x1FFF


def top_rank(fields: NDArray[np.int64]) -> NDArray[np.int64]:
    """The rank of each field's highest card, -1 where it is empty."""
    return _TOP[fields]


def moments(groups: NDArray[np.int64], values: NDArray[np.int64], count: int) -> NDArray[np.int64]:
    """Per group ``0 .. count-1``: how many values, their sum and the sum of their squares, as integers
    ``(count, 3)`` (a group of -1 is left out)."""
    keep = groups >= 0
    g, v = groups[keep], values[keep].astype(np.float64)
    # float64 sums of these integers are exact (far below 2**53), so they round back exactly
    out = np.stack(
        [
            np.bincount(g, minlength=count),
            np.rint(np.bincount(g, weights=v, minlength=count)),
            np.rint(np.bincount(g, weights=v * v, minlength=count)),
        ],
        axis=1,
    )
    return out.astype(np.int64)


def weighted_mean(weights: NDArray[Any], n: NDArray[Any], total: NDArray[Any], squares: NDArray[Any]) -> Estimate:
    """The weighted mean over hand classes of each class's mean (class ``i``: ``n[i]`` deals, their sum and sum of
    squares), as a raw deal of the cards would meet them, with its normal interval (the classes' estimates being
    independent). Classes without deals are left out."""
    keep = n > 0
    w, k = weights[keep].astype(np.float64), n[keep].astype(np.float64)
    if w.sum() <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    means = total[keep] / k
    # each class's variance of one deal; a class of one deal borrows the pooled variance
    pooled = max(0.0, float((squares[keep].sum() - (total[keep].sum() ** 2) / k.sum()) / max(1.0, k.sum() - 1)))
    var = np.where(k > 1, np.maximum(0.0, (squares[keep] - k * means**2) / np.maximum(k - 1, 1)), pooled)
    share = w / w.sum()
    mean = float((share * means).sum())
    half = Z95 * math.sqrt(float((share**2 * var / k).sum()))
    return Estimate(mean, mean - half, mean + half, int(k.sum()))


def estimate(row: NDArray[Any]) -> Estimate:
    """The mean of a row ``(count, sum, squares)`` with its interval."""
    return mean_interval(int(row[0]), float(row[1]), float(row[2]))


# -- Three-card Loo --------------------------------------------------------------------------------------------

#: the Loo kernel's declarations (column ``decl``, one per seat): stood, threw up, took the miss
DECL_STAND: Final = 1
DECL_THROW: Final = 2
DECL_MISS: Final = 3
#: the hands' groups of the Loo studies, by what they hold in trumps
LOO_BUCKETS: Final = ("no trump", "one trump, ten or lower", "one trump, knave or higher", "two or three trumps")


def loo_bucket(hands: NDArray[np.int64], turnups: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each hand's group in :data:`LOO_BUCKETS` (trumps are the turn-up's suit)."""
    trumps = suit_bits(hands, turnups // 13)
    count, top = POPCOUNT[trumps], top_rank(trumps)
    return np.where(count >= 2, 3, np.where(count == 0, 0, np.where(top >= 9, 2, 1))).astype(np.int64)


def declared_before(decl: NDArray[Any], seat: int) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """For each deal: how many seats before ``seat`` declared to play (stood or took the miss), and whether one of
    them took the miss."""
    before = np.asarray(decl)[:, :seat]
    played = ((before == DECL_STAND) | (before == DECL_MISS)).sum(axis=1).astype(np.int64)
    return played, (before == DECL_MISS).any(axis=1)
