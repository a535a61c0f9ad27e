"""The streams of :mod:`.streams`, compiled (numba): the same numbers, value for value.

A stream's state lives in a one-element ``uint64`` array so that a compiled function can advance it in place.
Every constant is a ``np.uint64``: numba turns a mix of unsigned and signed integers into floats.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
ONE = np.uint64(1)
TWO = np.uint64(2)


@numba.njit(cache=True, inline="always")
def mix(z):
    z = (z ^ (z >> np.uint64(30))) * M1
    z = (z ^ (z >> np.uint64(27))) * M2
    return z ^ (z >> np.uint64(31))


@numba.njit(cache=True, inline="always")
def deal_stream(seed, index, purpose):
    """:func:`.streams.deal_stream`: ``seed`` a uint64, ``index`` and ``purpose`` ints."""
    k = np.uint64(index) * TWO + np.uint64(purpose) + ONE
    return mix(np.uint64(seed) ^ mix(k * GOLDEN))


@numba.njit(cache=True, inline="always")
def next_u64(state):
    state[0] = state[0] + GOLDEN
    return mix(state[0])


@numba.njit(cache=True, inline="always")
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
