"""The streams of :mod:`.streams`, compiled (numba): the same numbers, value for value.

A stream's state lives in a one-element ``uint64`` array so that a compiled function can advance it in place.
Every constant is a ``np.uint64``: numba turns a mix of unsigned and signed integers into floats.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba.core import types
from numba.extending import intrinsic

from ..cardbits import INLINE

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
ONE = np.uint64(1)
TWO = np.uint64(2)
#: ``floor((2**64 - 1) / k)`` for k < 64: ``x % k`` by a multiplication, value for value (:func:`remainder`)
RECIPROCAL = np.array([0] + [((1 << 64) - 1) // k for k in range(1, 64)], np.uint64)


@intrinsic
def mulhi(typingctx, a, b):
    """The high 64 bits of the 128-bit product of two uint64 (one instruction on a 64-bit machine)."""
    if a != types.uint64 or b != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))

    return types.uint64(types.uint64, types.uint64), codegen


@numba.njit(cache=True, inline=INLINE)
def remainder(x, k):
    """``x % k`` (an int64) for a uint64 ``x`` and ``0 < k < 64``, the same value without a 64-bit division, which
    costs more than the rest of a draw: the quotient estimated as ``mulhi(x, floor((2**64 - 1) / k))`` is exact or
    one short, so one subtraction corrects it."""
    kk = np.uint64(k)
    r = x - mulhi(x, RECIPROCAL[k]) * kk
    if r >= kk:
        r -= kk
    return np.int64(r)


@numba.njit(cache=True, inline=INLINE)
def mix(z):
    z = (z ^ (z >> np.uint64(30))) * M1
    z = (z ^ (z >> np.uint64(27))) * M2
    return z ^ (z >> np.uint64(31))


@numba.njit(cache=True, inline=INLINE)
def deal_stream(seed, index, purpose):
    """:func:`.streams.deal_stream`: ``seed`` a uint64, ``index`` and ``purpose`` ints."""
    k = np.uint64(index) * TWO + np.uint64(purpose) + ONE
    return mix(np.uint64(seed) ^ mix(k * GOLDEN))


@numba.njit(cache=True)
def chunk_seed(seed, chunk):
    """:func:`.streams.chunk_seed`: the seed of chunk ``chunk`` of the run seeded ``seed`` (the batched
    environment's seed of a table)."""
    return mix(mix(np.uint64(seed)) ^ (np.uint64(chunk + 1) * GOLDEN)) >> np.uint64(1)


@numba.njit(cache=True, inline=INLINE)
def next_u64(state):
    state[0] = state[0] + GOLDEN
    return mix(state[0])


@numba.njit(cache=True, inline=INLINE)
def below(state, k):
    """A number in ``range(k)`` (an int64), as :meth:`.streams.Stream.below`."""
    return np.int64(next_u64(state) % np.uint64(k))


@numba.njit(cache=True)
def shuffle_into(state, cards, count):
    """Shuffle the first ``count`` places of ``cards`` (an int array, changed in place) as
    :func:`.streams.shuffled` does."""
    n = cards.shape[0]
    for j in range(count):
        r = j + below(state, n - j)
        t = cards[j]
        cards[j] = cards[r]
        cards[r] = t
