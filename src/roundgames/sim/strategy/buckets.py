"""The hand buckets of :mod:`roundgames.bots.buckets` for every hand at once (NumPy), as the kernels look them up.

A kernel finds a hand's bucket in one array read: :func:`loo_lookup` holds, for every three-card hand (by its
colex rank, :func:`colex`) and turn-up, the bucket's index among the sorted buckets; :func:`nap_lookup` the same
for every five-card hand. Each bucket's number is the one :mod:`roundgames.bots.buckets` gives a single hand, so a
table written by the simulator is read by the bots with the same cells. Five-card Loo's hands with their turn-up
are too many for a lookup array (C(52, 5) x 52): its kernel computes the bucket's number and finds it by binary
search in :func:`loo5_keys`, every number :func:`roundgames.bots.buckets.loo5_bucket` can give.

>>> keys, lookup = loo_lookup()
>>> len(keys), lookup.shape
(12571, (1149200,))
>>> len(loo5_keys())
6820
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np
from numpy.typing import NDArray

from ...bots.buckets import LOO5_LOW, LOO5_TOP, LOO_LOW, NAP_LOW
from ..classes import combinations

__all__ = ["colex", "loo5_keys", "loo_keys", "loo_lookup", "nap_keys", "nap_lookup"]

_SUIT = np.int64(0x1FFF)


def colex(cards: NDArray[np.int64]) -> NDArray[np.int64]:
    """The colex rank of each row of increasing cards: ``sum C(c_j, j + 1)``, as the kernels compute it."""
    out = np.zeros(len(cards), np.int64)
    for j in range(cards.shape[1]):
        c = cards[:, j]
        term = np.ones_like(c)
        for i in range(j + 1):
            term = term * (c - i) // (i + 1)
        out += np.where(c >= j + 1, term, 0)
    return out


def _suit_codes(masks: NDArray[np.int64], suit: NDArray[np.int64] | int, low: int) -> NDArray[np.int64]:
    ranks = (masks >> (13 * np.asarray(suit, np.int64))) & _SUIT
    small: NDArray[np.int64] = np.bitwise_count(ranks & ((2 << low) - 1)).astype(np.int64)
    return small << (12 - low) | ranks >> (low + 1)


def loo_keys(hands: NDArray[np.int64], turnups: NDArray[np.int64]) -> NDArray[np.int64]:
    """:func:`roundgames.bots.buckets.loo_bucket` of each hand and turn-up."""
    trump = turnups // 13
    codes = np.stack([_suit_codes(hands, s, LOO_LOW) for s in range(4)], axis=1)
    codes[np.arange(len(hands)), trump] = -1  # the trumps are not a plain suit
    plain = -np.sort(-codes, axis=1)[:, :3]
    trumps = (hands >> (13 * trump)) & _SUIT
    return turnups % 13 | trumps << 4 | plain[:, 0] << 17 | plain[:, 1] << 23 | plain[:, 2] << 29


def nap_keys(hands: NDArray[np.int64]) -> NDArray[np.int64]:
    """:func:`roundgames.bots.buckets.nap_bucket` of each hand."""
    codes = -np.sort(-np.stack([_suit_codes(hands, s, NAP_LOW) for s in range(4)], axis=1), axis=1)
    return codes[:, 0] | codes[:, 1] << 11 | codes[:, 2] << 22 | codes[:, 3] << 33


def _masks(k: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    rows = combinations(52, k)
    return np.bitwise_or.reduce(np.int64(1) << rows, axis=1), colex(rows)


@cache
def loo_lookup() -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """The sorted Three-card Loo buckets, and each (hand, turn-up)'s index among them at ``colex * 52 + turnup``
    (-1 where the turn-up is in the hand)."""
    masks, ranks = _masks(3)
    hands = np.repeat(masks, 52)
    turnups = np.tile(np.arange(52, dtype=np.int64), len(masks))
    at = np.repeat(ranks, 52) * 52 + turnups
    free = ((hands >> turnups) & 1) == 0
    keys = loo_keys(hands[free], turnups[free])
    unique, index = np.unique(keys, return_inverse=True)
    lookup = np.full(len(masks) * 52, -1, np.int32)
    lookup[at[free]] = index
    return unique, lookup


@cache
def nap_lookup() -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """The sorted Nap buckets, and each five-card hand's index among them at its colex rank."""
    masks, ranks = _masks(5)
    unique, index = np.unique(nap_keys(masks), return_inverse=True)
    lookup = np.zeros(len(masks), np.int32)
    lookup[ranks] = index
    return unique, lookup


@cache
def loo5_keys() -> NDArray[np.int64]:
    """Every Five-card Loo bucket (:func:`roundgames.bots.buckets.loo5_bucket`), sorted: each choice of its parts
    whose cards add up to five. Each part can be held beside any other: the trumps' standings, Pam and the plain
    suits' codes all occur with clubs for trumps, where Pam is a trump and no plain suit lacks a card, and a
    trump standing lower than :data:`~roundgames.bots.buckets.LOO5_TOP` has at least six rivals below the top
    five, more than a hand holds. (A count over every hand and turn-up finds the same 6,820.)"""
    wide = 12 - LOO5_LOW
    plain = [(small << wide | high, small + high.bit_count()) for high in range(1 << wide) for small in range(6)]
    plain = [p for p in plain if p[1] <= 5]
    keys: set[int] = set()
    for top in range(1 << LOO5_TOP):
        for lower in range(6):
            for held in (0, 1):
                left = 5 - top.bit_count() - lower - held
                if left < 0:
                    continue
                for a, b, c in combinations_with_replacement(sorted(plain), 3):
                    if a[1] + b[1] + c[1] == left:
                        keys.add(a[0] | b[0] << 7 | c[0] << 14 | held << 21 | top << 22 | lower << 27)
    return np.array(sorted(keys), np.int64)
