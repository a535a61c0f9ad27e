"""The compiled helpers on card masks that every numba kernel and the Nap solver share, one name each: a hand, a
trick or a pack is a bit mask of ``suit * 13 + rank`` (:mod:`roundgames.core.cards`).

Each is compiled inline into the function that calls it (``inline=INLINE``, numba's own inlining), so sharing them
costs nothing at run time. numba's disk cache notices a change of a function's own file only: after editing this module, delete the
kernels' cached machine code (``__pycache__/*.nbi``, ``*.nbc`` under ``sim``, ``bots`` and ``envs/vector``).
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import os

import numba
import numpy as np
from numba.core import types
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import intrinsic

__all__ = ["FULL", "INLINE", "ONE", "SUIT", "TWO", "above", "beats", "count", "high_card", "low_card", "nth_card", "popcount",
           "suit_mask"]  # fmt: skip

#: how the kernels' small helpers are compiled into their callers: "always" (numba's own inlining, the speed the
#: benchmarks measure), or "never" where ``ROUNDGAMES_JIT_INLINE=never``: each helper then compiled once and left to
#: LLVM, which compiles the kernels about three times faster and runs them about a fifth slower. ``make test`` sets it,
#: with a numba cache of its own (``NUMBA_CACHE_DIR``), since the cache does not tell the two builds apart.
INLINE = "never" if os.environ.get("ROUNDGAMES_JIT_INLINE") == "never" else "always"

ONE = np.int64(1)
TWO = np.int64(2)
#: the thirteen cards of a suit, in the lowest bits
SUIT = np.int64(0x1FFF)
#: the 52 cards of the pack
FULL = (ONE << np.int64(52)) - ONE


@intrinsic
def popcount(typingctx, x):
    """The number of set bits of an integer: one instruction (LLVM's ``ctpop``)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return x(x), codegen


@numba.njit(cache=True, inline=INLINE)
def count(mask):
    """The cards of ``mask``."""
    return np.int64(popcount(mask))


@numba.njit(cache=True, inline=INLINE)
def low_card(mask):
    """The lowest card of a non-empty mask."""
    return np.int64(trailing_zeros(mask))


@numba.njit(cache=True, inline=INLINE)
def high_card(mask):
    """The highest card of a non-empty mask."""
    return np.int64(63 - leading_zeros(mask))


@numba.njit(cache=True, inline=INLINE)
def nth_card(mask, r):
    """The ``r``-th lowest card of ``mask`` (from 0)."""
    for _ in range(r):
        mask &= mask - ONE
    return low_card(mask)


@numba.njit(cache=True, inline=INLINE)
def suit_mask(suit):
    """The cards of ``suit``."""
    return SUIT << np.int64(13 * suit)


@numba.njit(cache=True, inline=INLINE)
def above(card):
    """The cards of ``card``'s suit that rank above it."""
    return suit_mask(card // 13) & ~((TWO << np.int64(card)) - ONE)


@numba.njit(cache=True, inline=INLINE)
def beats(card, best, trump):
    """Whether ``card``, played after ``best``, takes the trick from it (LOO-PLAY-7, NAP-PLAY-3): a higher card of
    its suit, or a trump over a plain card; ``trump`` -1: none."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump
