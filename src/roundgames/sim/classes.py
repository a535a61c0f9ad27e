"""Hands up to suit symmetry: the classes a study answers one by one instead of sampling.

Two deals that differ only by a renaming of the suits are played alike (no suit outranks another in Loo or Nap:
trumps are the turn-up's suit in Loo, the senior hand's first lead in Nap), so a study need only answer one
representative of each class, and weigh its answer by how many raw deals the class stands for:

- :func:`loo_situations`: Three-card Loo's 63,193 situations of three cards and a turn-up (of C(52,3)·49 raw ones);
- :func:`nap_hands`: the 134,459 five-card Nap hands (of C(52,5) raw ones).

A class's canonical form is the smallest key among the 24 renamings of the suits. The Loo key puts the turn-up
above the hand, so every Loo representative has spades for trumps (its turn-up is a spade).

>>> loo = loo_situations()
>>> len(loo), int(loo.weights.sum()) == 22100 * 49
(63193, True)
>>> loo.name(loo.index_of([1 << 12 | 1 << 11 | 1 << 15], [6])[0])
'AS KS 4H / 8S'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..core.cards import format_cards

__all__ = [
    "PERMUTATIONS",
    "Classes",
    "canonical_loo",
    "canonical_nap",
    "combinations",
    "loo_situations",
    "nap_hands",
    "permute",
]

#: every renaming of the four suits: ``PERMUTATIONS[p][s]`` is the suit that suit ``s`` becomes
PERMUTATIONS: Final = tuple(itertools.permutations(range(4)))
_SUIT: Final = np.int64(0x1FFF)


def combinations(n: int, k: int) -> NDArray[np.int64]:
    """Every ``k``-subset of ``range(n)`` as a row of increasing numbers, in lexicographic order (built with
    NumPy a column at a time: C(52,5) rows take a fraction of a second, where itertools takes seconds)."""
    rows = np.arange(n - k + 1, dtype=np.int64)[:, None]
    for j in range(1, k):
        last = rows[:, -1]
        # each row is continued by every number above its last one that still leaves room for the rest
        counts = (n - k + j) - last
        base = np.repeat(rows, counts, axis=0)
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(len(base), dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([base, (starts + offsets)[:, None]], axis=1)
    return rows


def permute(masks: NDArray[np.int64], perm: tuple[int, ...]) -> NDArray[np.int64]:
    """Card masks with their suits renamed by ``perm`` (suit ``s`` becomes ``perm[s]``)."""
    out = np.zeros_like(masks)
    for s in range(4):
        out |= ((masks >> (13 * s)) & _SUIT) << (13 * perm[s])
    return out


def _permute_card(cards: NDArray[np.int64], perm: tuple[int, ...]) -> NDArray[np.int64]:
    table = np.array(perm, dtype=np.int64)
    return table[cards // 13] * 13 + cards % 13


def canonical_loo(hands: ArrayLike, turnups: ArrayLike) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The canonical form of Loo situations (three-card hand masks and turn-up cards): the renaming of the suits
    with the smallest key, the turn-up counting above the hand (so the canonical turn-up is always a spade)."""
    h = np.asarray(hands, dtype=np.int64)
    t = np.asarray(turnups, dtype=np.int64)
    best = np.full(h.shape, np.iinfo(np.int64).max, dtype=np.int64)
    for perm in PERMUTATIONS:
        best = np.minimum(best, _permute_card(t, perm) << 52 | permute(h, perm))
    return best & ((1 << 52) - 1), best >> 52


def canonical_nap(hands: ArrayLike) -> NDArray[np.int64]:
    """The canonical form of hand masks: the renaming of the suits with the smallest mask."""
    h = np.asarray(hands, dtype=np.int64)
    best = np.full(h.shape, np.iinfo(np.int64).max, dtype=np.int64)
    for perm in PERMUTATIONS:
        best = np.minimum(best, permute(h, perm))
    return best


@dataclass(frozen=True, eq=False)
class Classes:
    """Hand classes up to suit symmetry, in the order of their canonical keys."""

    #: each class's representative hand (a card mask)
    hands: NDArray[np.int64]
    #: Loo: each representative's turn-up card (a spade); Nap: None
    turnups: NDArray[np.int64] | None
    #: how many raw deals of the cards (hand and turn-up) each class stands for
    weights: NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def keys(self) -> NDArray[np.int64]:
        """The sorted canonical keys (turn-up above hand for Loo) that :meth:`index_of` searches."""
        return self.hands if self.turnups is None else (self.turnups << 52 | self.hands)

    def name(self, i: int) -> str:
        """A short name: ``AS KS 4H / 7S`` (the hand, then the turn-up for Loo)."""
        hand = format_cards(int(self.hands[i]))
        return hand if self.turnups is None else f"{hand} / {format_cards([int(self.turnups[i])])}"

    def index_of(self, hands: ArrayLike, turnups: ArrayLike | None = None) -> NDArray[np.int64]:
        """The class of each of ``hands`` (with its turn-up, for Loo), as an index into these classes."""
        if self.turnups is None:
            keys = canonical_nap(hands)
        else:
            h, t = canonical_loo(hands, np.asarray(turnups if turnups is not None else [], dtype=np.int64))
            keys = t << 52 | h
        return np.searchsorted(self.keys, keys).astype(np.int64)


def _classes(keys: NDArray[np.int64], loo: bool) -> Classes:
    unique, counts = np.unique(keys, return_counts=True)
    if loo:
        return Classes(unique & ((1 << 52) - 1), unique >> 52, counts.astype(np.int64))
    return Classes(unique, None, counts.astype(np.int64))


def _masks(k: int) -> NDArray[np.int64]:
    """The masks of every ``k``-card hand of the 52."""
    return np.asarray(np.bitwise_or.reduce(np.int64(1) << combinations(52, k), axis=1), dtype=np.int64)


@cache
def loo_situations() -> Classes:
    """Three-card Loo's situations: three cards and a turn-up, up to suit symmetry (63,193 classes)."""
    hands = _masks(3)
    # every hand with each of the 49 cards it does not hold as the turn-up
    cards = np.arange(52, dtype=np.int64)
    free = ((hands[:, None] >> cards[None, :]) & 1) == 0
    hand_idx, turnup = np.nonzero(free)
    h, t = canonical_loo(hands[hand_idx], turnup.astype(np.int64))
    return _classes(t << 52 | h, loo=True)


@cache
def nap_hands() -> Classes:
    """Five-card hands up to suit symmetry (134,459 classes)."""
    return _classes(canonical_nap(_masks(5)), loo=False)
