"""The simulator's random streams, in plain Python: the specification that the compiled kernels follow
(:mod:`._streams_kernel`) and that the players checking them on the engine use.

A stream is SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a fixed odd constant and mixed,
:class:`Stream` being :class:`roundgames.core.splitmix.SplitMix64` (in the core, where the stdlib-only bots draw
from it too). It is small, fast in a compiled loop, and every seed gives a good stream, so each deal can have
streams of its own, derived from the run's seed, the chunk and the deal's number in it:

- the chunk's seed is ``chunk_seed(run_seed, chunk)``;
- deal ``i`` of a chunk draws its cards from ``deal_stream(seed, i, CARDS)`` and its players' random choices
  from ``deal_stream(seed, i, CHOICES)``.

A choice among ``k`` things is ``next() % k`` (the bias, below 2**-58 for any ``k`` here, is immaterial).

>>> a, b = Stream(deal_stream(chunk_seed(7, 0), 3, CARDS)), Stream(deal_stream(chunk_seed(7, 0), 3, CARDS))
>>> [a.below(52) for _ in range(5)] == [b.below(52) for _ in range(5)]
True
>>> sorted(shuffled(12345, list(range(52)), 52)) == list(range(52))
True
>>> deal_stream(chunk_seed(7, 0), 3, CARDS) != deal_stream(chunk_seed(7, 0), 3, CHOICES)
True
"""

from __future__ import annotations

from typing import Final

from ..core.splitmix import GOLDEN, MASK64, mix
from ..core.splitmix import SplitMix64 as Stream

__all__ = ["CARDS", "CHOICES", "MASK64", "Stream", "chunk_seed", "deal_stream", "mix", "shuffled"]

#: what a deal's stream is for
CARDS: Final = 0
CHOICES: Final = 1


def chunk_seed(run_seed: int, chunk: int) -> int:
    """The seed of chunk ``chunk`` of the run seeded ``run_seed`` (a non-negative int below 2**63)."""
    return mix(mix(run_seed & MASK64) ^ ((chunk + 1) * GOLDEN)) >> 1


def deal_stream(seed: int, index: int, purpose: int) -> int:
    """The starting state of stream ``purpose`` (:data:`CARDS` or :data:`CHOICES`) of deal ``index`` of the chunk
    seeded ``seed``."""
    return mix(seed ^ mix((index * 2 + purpose + 1) * GOLDEN))


def shuffled(state: int, cards: list[int], count: int) -> list[int]:
    """The first ``count`` cards of ``cards`` shuffled by the stream starting at ``state``: a Fisher-Yates shuffle
    stopped after ``count`` places, position ``j`` taking the card at ``j + below(len - j)``."""
    out = list(cards)
    s = Stream(state)
    for j in range(count):
        r = j + s.below(len(out) - j)
        out[j], out[r] = out[r], out[j]
    return out[:count]
