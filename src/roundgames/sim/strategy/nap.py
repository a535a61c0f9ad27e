"""Nap's calls as the strategies see them (:class:`NapGame`): the cells, the calls open in each, and the weighing
kernel (:mod:`._nap`) that plays them out.

A cell is ``(bucket * playing + seat) * 9 + high``: the hand's bucket (:func:`roundgames.bots.buckets.nap_bucket`),
the seat in calling order (0 the eldest hand) and the call to beat (0: none yet), the calls numbered as the
simulator numbers them (:data:`roundgames.bots.strategy.NAP_CALLS`). The actions are a pass and the calls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

import numba
import numpy as np
from numpy.typing import NDArray

from ...bots.strategy import NAP_CALLS
from ..kernels import Setup
from ..nap import KERNEL
from . import _nap as K
from .buckets import nap_lookup
from .weigh import KINDS, Field, Stats, check_seats, file_header

__all__ = ["NapGame"]
# the weighing kernel knows a table's player by its code in a field
assert KINDS["table"] == K.TABLE


@dataclass(frozen=True)
class NapGame:
    """Nap's calls at ``players`` seats under ``options`` (Peel's rules and DEAL-RECORD.md's option names), every
    deal from a kitty of ``pool``."""

    players: int = 4
    pool: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    game: ClassVar[str] = "nap"
    form: ClassVar[str] = "nap"
    actions: ClassVar[tuple[str, ...]] = NAP_CALLS
    #: what a seat's net is counted in
    unit: ClassVar[str] = "units"
    #: whether the pool (Loo) decides the strategy, so that it has a table for each pool bucket
    pooled: ClassVar[bool] = False

    def __post_init__(self) -> None:
        KERNEL.check(self.setup)  # refuses what the kernel does not play, by name

    @property
    def setup(self) -> Setup:
        """The kernel's setup of these rules (its players are not used)."""
        return Setup("nap", self.players, ("sensible",) * self.players, self.options, pool=self.pool)

    @cached_property
    def _arrays(self) -> tuple[NDArray[np.int64], ...]:
        return KERNEL.arrays(self.setup)

    @property
    def playing(self) -> int:
        """The seats that call (the dealer sits out at six or more under Peel, NAP-GEN-2)."""
        from .._nap_policy import C_PLAYING

        return int(self._arrays[0][C_PLAYING])

    @property
    def preset(self) -> str:
        """The rules' preset (the options are on top of it)."""
        return "peel"

    @property
    def title(self) -> str:
        """The game in words, with the rules."""
        return f"Nap ({self.preset}{''.join(f', {k}={v}' for k, v in self.options.items())})"

    @property
    def table_pool(self) -> int:
        """The kitty a deal of this game starts with, as a seat's view shows it."""
        return self.pool

    def header(self, pools: list[dict[str, Any]]) -> dict[str, Any]:
        """What a strategy file of this game says of it (:mod:`roundgames.bots.strategy`)."""
        return file_header(self, pools)

    @cached_property
    def buckets(self) -> NDArray[np.int64]:
        """The sorted bucket numbers."""
        return nap_lookup()[0]

    @property
    def contexts(self) -> int:
        """The cells of one bucket."""
        return self.playing * len(NAP_CALLS)

    @property
    def cells(self) -> int:
        """How many cells there are."""
        return len(self.buckets) * self.contexts

    def context(self, cell: int) -> tuple[int, int, int]:
        """A cell's ``(bucket index, seat, call to beat)``."""
        rest, high = divmod(cell, len(NAP_CALLS))
        bucket, seat = divmod(rest, self.playing)
        return bucket, seat, high

    @cached_property
    def legal(self) -> NDArray[np.bool_]:
        """The calls open at each cell: a pass and the calls over the one to beat (none for the first seat but a
        call over nothing; none for a cell no seat can be in)."""
        ok = self._arrays[1]
        one = np.zeros((self.playing, len(NAP_CALLS), len(NAP_CALLS)), np.bool_)
        for seat in range(self.playing):
            for high in range(len(NAP_CALLS)) if seat else (0,):
                if ok[high].sum() > 1:  # a choice beyond the pass
                    one[seat, high] = ok[high] != 0
        return np.tile(one.reshape(-1, len(NAP_CALLS)), (len(self.buckets), 1))

    def weigh(
        self, fld: Field, seed: int, deals: int, weigh_seats: tuple[bool, ...] | None = None, threads: int = 0
    ) -> Stats:
        """Deals ``0 .. deals - 1`` of the run seeded ``seed``, every open call of the weighing seats (all by
        default) played out against ``fld``: :class:`Stats` by cell."""
        check_seats(fld.kinds, self.playing)
        threads = threads or numba.get_num_threads()
        cfg, ok, after, pay, _ = self._arrays
        weighing = np.array(weigh_seats if weigh_seats is not None else (True,) * self.playing, np.bool_)
        out = Stats.empty(self.cells, len(NAP_CALLS), threads)
        K.weigh_parallel(
            np.uint64(seed), int(deals), threads, fld.codes(), fld.mix_weight(), weighing, cfg, ok, after, pay,
            nap_lookup()[1],
            fld.table_for(self.cells, len(NAP_CALLS)), out.sums, out.squares, out.others, out.played, out.counts,
        )  # fmt: skip
        return out.merged(deals)
