"""Five-card and Irish Loo's declarations as the strategies see them (:class:`Loo5Game`): the cells, the actions
open in each, and the weighing kernel (:mod:`._loo5`) that plays them out.

The actions are abstract (:func:`roundgames.bots.strategy.loo5_actions`): stand, throw up, and ``exchange-k``
for ``k`` = 1 .. the hand's size, putting out the ``k`` cards of least keeping value
(:func:`roundgames.bots.strategy.keeping_value`: Pam, then trumps, then plain cards, each by rank) and drawing as
many from the stock (LOO5-2). A cell is ``((bucket * players + seat) * players + played) * clubs + club``: the
hand's bucket (Five-card: :func:`roundgames.bots.buckets.loo5_bucket`; Irish: the Three-card
:func:`roundgames.bots.buckets.loo_bucket`), the seat from the dealer's left (0 the eldest hand, ``players - 1`` the
dealer), how many seats stood or exchanged before it, and, where the rules have club law (Irish Loo's preset,
LOOI-2), whether clubs are trumps (``clubs`` 2, else 1): under club law nobody may throw up, so those deals are
cells of their own. Every deal of a weighing starts from the same pool (``pool``, before the dealer's stake).

A cell's actions must be open at every turn that reaches it, so the stock must never run short of a hand's worth
of cards: a game whose seats could exchange it down below that (Five-card Loo at more than five seats of 52
cards) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Final

import numba
import numpy as np
from numpy.typing import NDArray

from ...bots.strategy import loo5_actions
from ...core.errors import RulesError
from .._loo_sensible_kernel import tables as sensible_tables
from ..kernels import MAX_POOL, Setup
from ..loo5 import KERNELS
from . import _loo5 as K
from .buckets import loo5_keys, loo_lookup
from .weigh import Field, Stats, check_seats, file_header

__all__ = ["PRESETS", "Loo5Game"]

#: the forms, with the preset whose rules a game of each plays (its options on top)
PRESETS: Final = {"five_card": "five-card", "irish": "irish"}


@dataclass(frozen=True)
class Loo5Game:
    """Five-card (``form`` ``five_card``) or Irish (``irish``) Loo's declarations at ``players`` seats under
    ``options`` (the form's preset and DEAL-RECORD.md's option names, as :class:`~roundgames.sim.kernels.Setup`
    takes them), every deal from ``pool``."""

    form: str = "five_card"
    players: int = 5
    pool: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    game: ClassVar[str] = "loo"
    #: what a seat's net is counted in
    unit: ClassVar[str] = "counters"
    #: whether the pool (Loo) decides the strategy, so that it has a table for each pool bucket
    pooled: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if self.form not in PRESETS:
            raise RulesError(f"form: the strategies cover {', '.join(PRESETS)} here, not {self.form!r}")
        if not isinstance(self.pool, int) or not 0 <= self.pool <= MAX_POOL:
            raise RulesError(f"pool: a count of counters from 0 to {MAX_POOL:,}, got {self.pool!r}")
        plan = self._plan  # refuses, by name, what the kernel does not play
        size, cards = plan.size, len(plan.pack)
        if 2 * self.players * size + 1 > cards:
            raise RulesError(
                f"players: at {self.players} seats of {cards} cards the stock may hold fewer than {size} cards "
                f"at a seat's turn, so an exchange would be open at some turns of a cell and not others (LOO5-2); "
                f"the strategies take at most {(cards - 1) // (2 * size)} seats here"
            )

    @property
    def setup(self) -> Setup:
        """The kernel's setup of these rules (its players are not used)."""
        return Setup(self.form, self.players, ("sensible",) * self.players, self.options, pool=self.pool)

    @cached_property
    def _plan(self) -> Any:
        return KERNELS[self.form].plan(self.setup)

    @property
    def size(self) -> int:
        """The cards of a hand: 5, or Irish 3 (LOO5-1, LOOI-1)."""
        return int(self._plan.size)

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions of a cell, by index."""
        return loo5_actions(self.size)

    @property
    def preset(self) -> str:
        """The rules' preset (the options are on top of it)."""
        return PRESETS[self.form]

    @property
    def title(self) -> str:
        """The game and form in words, with the rules."""
        name = "Five-card Loo" if self.form == "five_card" else "Irish Loo"
        return f"{name} ({self.preset}{''.join(f', {k}={v}' for k, v in self.options.items())})"

    @property
    def table_pool(self) -> int:
        """The pool a deal of this game starts with once staked, as a seat's view shows it."""
        rules = self._plan.rules
        ante = rules.stakes.ante * (self.players - 1) if rules.ante == "all" else 0
        return int(self.pool + rules.stakes.deal + ante)

    def header(self, pools: list[dict[str, Any]]) -> dict[str, Any]:
        """What a strategy file of this game says of it (:mod:`roundgames.bots.strategy`)."""
        return file_header(self, pools)

    @cached_property
    def buckets(self) -> NDArray[np.int64]:
        """The sorted bucket numbers (a cell's first part is an index into them)."""
        return loo5_keys() if self.form == "five_card" else loo_lookup()[0]

    @property
    def clubs(self) -> int:
        """2 where the rules have club law (a deal with clubs for trumps is a context of its own), else 1."""
        return 2 if self._plan.rules.club_law else 1

    @property
    def contexts(self) -> int:
        """The cells of one bucket."""
        return self.players * self.players * self.clubs

    @property
    def cells(self) -> int:
        """How many cells there are."""
        return len(self.buckets) * self.contexts

    def cell(self, bucket: int, seat: int, played: int, club: int = 0) -> int:
        """The cell of a bucket's index, a seat, the seats in before it and whether club law holds."""
        return ((bucket * self.players + seat) * self.players + played) * self.clubs + club

    def context(self, cell: int) -> tuple[int, int, int, int]:
        """A cell's ``(bucket index, seat, played, club)``."""
        rest, club = divmod(cell, self.clubs)
        rest, played = divmod(rest, self.players)
        bucket, seat = divmod(rest, self.players)
        return bucket, seat, played, club

    @cached_property
    def legal(self) -> NDArray[np.bool_]:
        """The actions open at each cell (none where the seat has no choice, or where it never declares)."""
        n, a = self.players, len(self.actions)
        concede = self._plan.rules.dealer_lone_stander == "may_concede"
        one = np.zeros((n, n, self.clubs, a), np.bool_)
        for seat in range(n):
            for played in range(seat + 1):
                for club in range(self.clubs):
                    one[seat, played, club] = self._open(seat, played, bool(club), concede)
        return np.tile(one.reshape(-1, a), (len(self.buckets), 1))

    def _open(self, seat: int, played: int, club: bool, concede: bool) -> list[bool]:
        dealer = seat == self.players - 1
        if dealer and played == 0 and not club:  # LOO-DECL-7: he takes the pool
            return [False] * len(self.actions)
        throw = not club and not (dealer and played == 1 and not concede)  # LOOI-2, §14.22, §14.24
        return [True, throw] + [True] * self.size

    def weigh(
        self, fld: Field, seed: int, deals: int, weigh_seats: tuple[bool, ...] | None = None, threads: int = 0
    ) -> Stats:
        """Deals ``0 .. deals - 1`` of the run seeded ``seed`` (a uint64), every open action of the weighing seats
        (all by default) played out against ``fld``: :class:`Stats` by cell. The same on any number of
        ``threads`` (0: one a core)."""
        check_seats(fld.kinds, self.players)
        threads = threads or numba.get_num_threads()
        weighing = np.array(weigh_seats if weigh_seats is not None else (True,) * self.players, np.bool_)
        plan = self._plan
        actions = len(self.actions)
        five = self.form == "five_card"
        keys = self.buckets if five else np.zeros(1, np.int64)
        lookup = loo_lookup()[1] if not five else np.zeros(1, np.int32)
        # the kernel's rows have room for every action of either form; Irish Loo's last two stay empty
        table = np.zeros((self.cells, K.ACTIONS), np.uint8)
        table[:, :actions] = fld.table_for(self.cells, actions)
        sums, squares, others, played = (np.zeros((threads, self.cells, K.ACTIONS)) for _ in range(4))
        counts = np.zeros((threads, self.cells), np.int64)
        K.weigh_parallel(
            np.uint64(seed), int(deals), threads, plan.cfg, fld.codes(), fld.mix_weight(), weighing, plan.pack,
            keys, lookup, self.clubs, table, sensible_tables(plan.size, plan.rules.pack),
            sums, squares, others, played, counts,
        )  # fmt: skip
        cut = slice(0, actions)
        return Stats(0, sums[..., cut], squares[..., cut], others[..., cut], played[..., cut], counts).merged(deals)
