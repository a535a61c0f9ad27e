"""SplitMix64 (Steele, Lea and Flood, 2014) in plain Python: a 64-bit state advanced by a fixed odd constant and
mixed. It lives in the core so that a stdlib-only player can draw numbers that a compiled kernel draws too, value
for value: the simulator's streams (:mod:`roundgames.sim.streams`) are these, and so is the sensible Loo bot's
sample of the cards an exchange may bring (:mod:`roundgames.bots.loo`).

>>> s = SplitMix64(mix(12345))
>>> a = [s.below(52) for _ in range(3)]
>>> t = SplitMix64(mix(12345))
>>> a == [t.below(52) for _ in range(3)] and all(0 <= x < 52 for x in a)
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["GOLDEN", "MASK64", "SplitMix64", "mix"]

MASK64: Final = (1 << 64) - 1
#: the odd constant the state advances by (2**64 divided by the golden ratio)
GOLDEN: Final = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """SplitMix64's output function: a 64-bit value mixed so that nearby inputs give unrelated outputs. It is a
    bijection of the 64-bit values, so distinct seeds mixed stay distinct."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    """One SplitMix64 stream from its starting state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next(self) -> int:
        """The next 64-bit value."""
        self.state = (self.state + GOLDEN) & MASK64
        return mix(self.state)

    def below(self, k: int) -> int:
        """A number in ``range(k)``: ``next() % k`` (the bias, below 2**-58 for the ``k`` of a pack, is
        immaterial, and a compiled loop takes the same remainder)."""
        return self.next() % k
