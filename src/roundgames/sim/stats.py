"""95% confidence intervals for the studies' answers.

The studies add up integers (counts, nets and their squares) so that a run's result does not depend on how its
chunks were shared out; these functions turn such sums into estimates:

- :func:`mean_interval`: the mean of a net with the normal interval (the nets of many deals: their mean is close to
  normal by the central limit theorem);
- :func:`wilson`: a proportion (a contract's chance of being made) with Wilson's score interval, which stays inside
  0..1 and behaves with few deals or a proportion near 0 or 1;
- :func:`paired_difference`: the difference of two choices played on the same deals (common random numbers): the
  mean of the per-deal differences, whose interval is much narrower than the two means' intervals would suggest.

>>> e = mean_interval(n=4, total=8, squares=20)
>>> e.mean, round(e.low, 3), round(e.high, 3)
(2.0, 0.868, 3.132)
>>> p = wilson(successes=8, n=10)
>>> round(p.mean, 3), round(p.low, 3), round(p.high, 3)
(0.8, 0.49, 0.943)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = ["Z95", "Estimate", "mean_interval", "paired_difference", "wilson"]

#: the normal quantile of a two-sided 95% interval
Z95: Final = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """An estimate with its 95% interval, from ``n`` observations."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width (the "±" of the estimate)."""
        return (self.high - self.low) / 2

    def excludes(self, value: float) -> bool:
        """Whether the interval leaves ``value`` out (the estimate differs from it at the 5% level)."""
        return value < self.low or value > self.high

    def text(self, digits: int = 3, percent: bool = False) -> str:
        """``0.412 (0.398 to 0.426)``, or in per cent with ``percent``."""
        k = 100.0 if percent else 1.0
        unit = "%" if percent else ""
        if self.n == 0:
            return "n/a"
        return f"{self.mean * k:.{digits}f}{unit} ({self.low * k:.{digits}f} to {self.high * k:.{digits}f})"


def mean_interval(n: int, total: float, squares: float, z: float = Z95) -> Estimate:
    """The mean of ``n`` values from their sum and the sum of their squares, with the normal interval (the
    sample variance with ``n - 1``); one value says nothing of the spread, so its interval is unbounded (no verdict
    can call it significant), and none gives no mean at all."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = total / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = z * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson(successes: int, n: int, z: float = Z95) -> Estimate:
    """A proportion ``successes / n`` with Wilson's score interval."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def paired_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of ``a[i] - b[i]`` over deals played with both choices (the same cards and the same random
    choices), with the normal interval of the differences."""
    if len(a) != len(b):
        raise ValueError(f"paired_difference: {len(a)} and {len(b)} values (give one of each per deal)")
    d = [x - y for x, y in zip(a, b, strict=True)]
    return mean_interval(len(d), sum(d), sum(x * x for x in d), z)
