"""Writing a computed strategy as a strategy file (:mod:`roundgames.bots.tables`), in the layout the bots read
(:mod:`roundgames.bots.strategy`): the game's buckets, then for each pool bucket the cells reached, sorted, with
each action's weight out of 255, its value against the strategy and the half-width of that value's 95% interval
(both in hundredths of a counter or unit), and the turns that reached the cell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...bots.strategy import NO_HALF
from ...bots.tables import write
from .cfr import Settled

__all__ = ["write_strategy"]


def _hundredths(x: NDArray[np.float64], top: int) -> NDArray[np.float64]:
    return np.clip(np.round(x * 100.0), -top, top)


def write_strategy(
    path: str, header: Mapping[str, Any], buckets: NDArray[np.int64], tables: Sequence[Settled]
) -> dict[str, int]:
    """Write ``tables`` (one a pool bucket, in the order of ``header["pools"]``) to ``path``; how many cells each
    kept, by pool."""
    arrays: dict[str, tuple[str, bytes]] = {"buckets": ("q", buckets.astype("<i8").tobytes())}
    kept: dict[str, int] = {}
    for k, settled in enumerate(tables):
        stats = settled.stats
        reached = np.flatnonzero((stats.counts > 0) & (settled.table.sum(axis=1) > 0))
        halves = stats.halves[reached]
        stored = np.where(np.isfinite(halves), _hundredths(np.nan_to_num(halves, posinf=0.0), NO_HALF - 1), NO_HALF)
        arrays[f"cells{k}"] = ("I", reached.astype("<u4").tobytes())
        arrays[f"weights{k}"] = ("B", settled.table[reached].astype("u1").tobytes())
        arrays[f"values{k}"] = ("h", _hundredths(stats.means[reached], 32767).astype("<i2").tobytes())
        arrays[f"halves{k}"] = ("H", np.abs(stored).astype("<u2").tobytes())
        arrays[f"turns{k}"] = ("I", np.minimum(stats.counts[reached], 2**32 - 1).astype("<u4").tobytes())
        kept[str(header["pools"][k]["pool"])] = len(reached)
    write(path, header, arrays)
    return kept
