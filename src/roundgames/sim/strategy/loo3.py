"""Three-card Loo's declarations as the strategies see them (:class:`Loo3Game`): the cells, the declarations open
in each, and the weighing kernel (:mod:`._loo3`) that plays them out.

A cell is ``((bucket * players + seat) * players + stood) * 2 + took``: the hand's bucket
(:func:`roundgames.bots.buckets.loo_bucket`), the seat from the dealer's left (0 the eldest hand, ``players - 1``
the dealer), how many seats stood before it and whether one took the miss (LOO-DECL-1..10). The actions are the
declarations: stand, throw up, take the miss, and the dealer's defence of the miss for the pool (LOO-DECL-8).
Every deal of a weighing starts from the same pool (``pool``, before the dealer's stake).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Final

import numba
import numpy as np
from numpy.typing import NDArray

from ...core.errors import RulesError
from .._loo_sensible_kernel import tables as sensible_tables
from ..kernels import MAX_POOL, Setup
from ..loo3 import params_of, rules_of
from . import _loo3 as K
from .buckets import loo_lookup
from .weigh import KINDS, Field, Stats, check_seats, file_header

__all__ = ["ACTIONS", "Loo3Game"]

#: the actions of a cell, by index
ACTIONS: Final = ("stand", "throw", "miss", "defend")
# the weighing kernel knows a table's player by its code in a field
assert KINDS["table"] == K.TABLE


@dataclass(frozen=True)
class Loo3Game:
    """Three-card Loo's declarations at ``players`` seats under ``options`` (Peel's rules and DEAL-RECORD.md's
    option names, as :class:`~roundgames.sim.kernels.Setup` takes them), every deal from ``pool``."""

    players: int = 5
    pool: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    game: ClassVar[str] = "loo"
    form: ClassVar[str] = "three_card"
    actions: ClassVar[tuple[str, ...]] = ACTIONS
    #: what a seat's net is counted in
    unit: ClassVar[str] = "counters"
    #: whether the pool (Loo) decides the strategy, so that it has a table for each pool bucket
    pooled: ClassVar[bool] = True

    def __post_init__(self) -> None:
        rules_of(self.setup)  # refuses an option the kernel does not play, by name
        if not isinstance(self.players, int) or not 3 <= self.players <= 16:
            raise RulesError(f"players: Three-card Loo takes 3 to 16 players with a miss, got {self.players!r}")
        if not isinstance(self.pool, int) or not 0 <= self.pool <= MAX_POOL:
            raise RulesError(f"pool: a count of counters from 0 to {MAX_POOL:,}, got {self.pool!r}")

    @property
    def setup(self) -> Setup:
        """The kernel's setup of these rules (its players are not used)."""
        return Setup(self.form, self.players, ("sensible",) * self.players, self.options, pool=self.pool)

    @property
    def preset(self) -> str:
        """The rules' preset (the options are on top of it)."""
        return "peel"

    @property
    def title(self) -> str:
        """The game and form in words, with the rules."""
        return f"Three-card Loo ({self.preset}{''.join(f', {k}={v}' for k, v in self.options.items())})"

    @property
    def table_pool(self) -> int:
        """The pool a deal of this game starts with once staked, as a seat's view shows it."""
        rules = rules_of(self.setup)
        ante = rules.stakes.ante * (self.players - 1) if rules.ante == "all" else 0
        return self.pool + rules.stakes.deal + ante

    def header(self, pools: list[dict[str, Any]]) -> dict[str, Any]:
        """What a strategy file of this game says of it (:mod:`roundgames.bots.strategy`)."""
        return file_header(self, pools)

    @cached_property
    def buckets(self) -> NDArray[np.int64]:
        """The sorted bucket numbers (a cell's first part is an index into them)."""
        return loo_lookup()[0]

    @property
    def contexts(self) -> int:
        """The cells of one bucket."""
        return self.players * self.players * 2

    @property
    def cells(self) -> int:
        """How many cells there are."""
        return len(self.buckets) * self.contexts

    def cell(self, bucket: int, seat: int, stood: int, took: int) -> int:
        """The cell of a bucket's index, a seat, the seats that stood before it and whether the miss is taken."""
        return ((bucket * self.players + seat) * self.players + stood) * 2 + took

    def context(self, cell: int) -> tuple[int, int, int, int]:
        """A cell's ``(bucket index, seat, stood, took)``."""
        rest, took = divmod(cell, 2)
        rest, stood = divmod(rest, self.players)
        bucket, seat = divmod(rest, self.players)
        return bucket, seat, stood, took

    @cached_property
    def legal(self) -> NDArray[np.bool_]:
        """The actions open at each cell (none where the seat has no choice, or where it never declares)."""
        n = self.players
        concede = rules_of(self.setup).dealer_lone_stander == "may_concede"
        one = np.zeros((n, n, 2, len(ACTIONS)), np.bool_)
        for seat in range(n):
            for stood in range(seat + 1):
                for took in range(2 if seat > stood else 1):
                    one[seat, stood, took] = self._open(seat, stood, took, concede)
        return np.tile(one.reshape(-1, len(ACTIONS)), (len(self.buckets), 1))

    def _open(self, seat: int, stood: int, took: int, concede: bool) -> list[bool]:
        dealer = seat == self.players - 1
        if dealer and stood + took == 0:  # LOO-DECL-7: he takes the pool
            return [False] * 4
        if dealer and stood == 1 and took == 0:  # LOO-DECL-8
            return [True, concede, True, True]
        if dealer and stood == 0 and took == 1:  # LOO-DECL-9
            return [True, True, False, False]
        return [True, True, not took, False]  # LOO-DECL-3: the miss once

    def weigh(
        self, fld: Field, seed: int, deals: int, weigh_seats: tuple[bool, ...] | None = None, threads: int = 0
    ) -> Stats:
        """Deals ``0 .. deals - 1`` of the run seeded ``seed`` (a uint64), every open declaration of the weighing
        seats (all by default) played out against ``fld``: :class:`Stats` by cell. The same on any number of
        ``threads`` (0: one a core)."""
        check_seats(fld.kinds, self.players)
        threads = threads or numba.get_num_threads()
        weighing = np.array(weigh_seats if weigh_seats is not None else (True,) * self.players, np.bool_)
        out = Stats.empty(self.cells, len(ACTIONS), threads)
        K.weigh_parallel(
            np.uint64(seed), int(deals), threads, self.players, fld.codes(), fld.mix_weight(), weighing,
            params_of(rules_of(self.setup)), self.pool, loo_lookup()[1], fld.table_for(self.cells, len(ACTIONS)),
            sensible_tables(3, 52), out.sums, out.squares, out.others, out.played, out.counts,
        )  # fmt: skip
        return out.merged(deals)
