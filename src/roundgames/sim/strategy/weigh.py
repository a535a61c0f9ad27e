"""What a run of the weighing kernels returns (:class:`Stats`), who plays the seats (:class:`Field`), and the
tables' weights (:func:`quantize`): the pieces every form shares.

A *table* gives each cell a row of weights, one per action, out of :data:`SCALE` (uint8): the probabilities of a
mixed strategy. A row whose open actions weigh nothing is a cell the strategy never reached; a field player
declares or calls there as ``sensible`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ...core.errors import RulesError

__all__ = ["KINDS", "SCALE", "TOTAL", "Field", "Stats", "file_header", "quantize"]

#: a table row's weights are out of this (uint8)
SCALE: Final = 255
#: the kernels' weights are out of this: SCALE and every count of open actions up to 17 divide it, so every sum
#: of weights a kernel adds up is a whole number, exact in a float64 in any order
TOTAL: Final = 12_252_240
#: the field players a kernel knows, by name, with their codes
KINDS: Final = {"random": 0, "sensible": 1, "table": 2}


@dataclass(frozen=True)
class Field:
    """Who declares or calls at each seat: ``random``, ``sensible`` or ``table`` (by :attr:`table`, a row of
    weights a cell); the cards are played by each kind's own rules (``table``: as ``sensible``)."""

    kinds: tuple[str, ...]
    table: NDArray[np.uint8] | None = None
    #: the probability that, in a deal, every table's player declares or calls as ``sensible`` instead: the
    #: field of a restricted Nash response, a table of the period's players or of the strategy (a strategy
    #: computed against it exploits ``sensible`` the more, the larger this is, and stays hard to exploit)
    mix: float = 0.0

    def mix_weight(self) -> int:
        """:attr:`mix` out of :data:`TOTAL`."""
        if not 0.0 <= self.mix <= 1.0:
            raise RulesError(f"field: the share of sensible play is a probability, got {self.mix!r}")
        return round(self.mix * TOTAL)

    def codes(self) -> NDArray[np.int64]:
        """The kinds as the kernels' codes."""
        for kind in self.kinds:
            if kind not in KINDS:
                raise RulesError(f"field: unknown player {kind!r} (valid: {', '.join(KINDS)})")
        if "table" in self.kinds and self.table is None:
            raise RulesError("field: a table player needs its table")
        return np.array([KINDS[k] for k in self.kinds], np.int64)

    def table_for(self, cells: int, actions: int) -> NDArray[np.uint8]:
        """The table as the kernel reads it (an empty one when no seat plays by it)."""
        if self.table is None:
            return np.zeros((cells, actions), np.uint8)
        if self.table.shape != (cells, actions):
            raise RulesError(f"field: a table of shape {(cells, actions)} is needed, got {self.table.shape}")
        return np.ascontiguousarray(self.table, np.uint8)


@dataclass
class Stats:
    """What the weighing saw, by cell and action: the turns (``counts``), each action's net summed over them
    (``sums``) and squared (``squares``), the other seats' nets summed (``others``), and the field player's
    weights out of :data:`TOTAL` summed (``played``: its mixed strategy at the cell, times the turns)."""

    deals: int
    sums: NDArray[np.float64]
    squares: NDArray[np.float64]
    others: NDArray[np.float64]
    played: NDArray[np.float64]
    counts: NDArray[np.int64]

    @classmethod
    def empty(cls, cells: int, actions: int, threads: int = 0) -> Stats:
        """Zeros; with ``threads``, one slab per thread (the kernels' scratch)."""
        shape: tuple[int, ...] = (threads, cells, actions) if threads else (cells, actions)
        return cls(
            0,
            np.zeros(shape),
            np.zeros(shape),
            np.zeros(shape),
            np.zeros(shape),
            np.zeros(shape[:-1], np.int64),
        )

    def merged(self, deals: int) -> Stats:
        """The slabs of the threads added up (their order does not matter: every value is a whole number)."""
        return Stats(
            deals,
            self.sums.sum(0),
            self.squares.sum(0),
            self.others.sum(0),
            self.played.sum(0),
            self.counts.sum(0),
        )

    def __add__(self, other: Stats) -> Stats:
        return Stats(
            self.deals + other.deals,
            self.sums + other.sums,
            self.squares + other.squares,
            self.others + other.others,
            self.played + other.played,
            self.counts + other.counts,
        )

    @property
    def means(self) -> NDArray[np.float64]:
        """Each action's mean net at each cell (0 where the cell was never reached)."""
        return self.sums / np.maximum(self.counts, 1)[:, None]

    @property
    def halves(self) -> NDArray[np.float64]:
        """The half-width of each mean's 95% interval (infinite for fewer than two turns)."""
        n = self.counts[:, None].astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            var = (self.squares - self.sums**2 / np.maximum(n, 1)) / np.maximum(n - 1, 1)
            half = 1.96 * np.sqrt(np.maximum(var, 0) / np.maximum(n, 1))
        return np.where(n >= 2, half, np.inf)

    @property
    def policy(self) -> NDArray[np.float64]:
        """The field player's probability of each action at each cell it played (0 elsewhere)."""
        return self.played / (np.maximum(self.counts, 1)[:, None] * float(TOTAL))


def quantize(probs: NDArray[np.float64], legal: NDArray[np.bool_]) -> NDArray[np.uint8]:
    """Probabilities as a table's rows of weights out of :data:`SCALE`, the open actions' weights adding up to it
    exactly (the largest remainders rounded up); a row with no weight on an open action stays empty."""
    p = np.where(legal, np.maximum(probs, 0.0), 0.0)
    total = p.sum(axis=1, keepdims=True)
    live = total[:, 0] > 0
    scaled = np.where(live[:, None], p / np.where(total > 0, total, 1.0) * SCALE, 0.0)
    base = np.floor(scaled)
    short = np.where(live, SCALE - base.sum(axis=1), 0).astype(np.int64)
    order = np.argsort(-(scaled - base), axis=1, kind="stable")
    rank = np.empty_like(order)
    rank[np.arange(len(p))[:, None], order] = np.arange(p.shape[1])[None, :]
    out = base + (rank < short[:, None])
    return out.astype(np.uint8)


def check_seats(kinds: Sequence[str], players: int) -> None:
    """A field of one player a seat."""
    if len(kinds) != players:
        raise RulesError(f"field: one player a seat, {players} seats, got {len(kinds)}")


def file_header(game: Any, pools: list[dict[str, Any]]) -> dict[str, Any]:
    """What a strategy file says of the game it was computed for (:mod:`roundgames.bots.strategy` reads it): the
    same fields for every game, from its ``game``, ``form``, ``players``, ``preset``, ``options``, ``actions`` and
    ``contexts``, with its pool buckets."""
    return {
        "game": game.game,
        "form": game.form,
        "players": game.players,
        "preset": game.preset,
        "options": dict(game.options),
        "actions": list(game.actions),
        "pools": pools,
        "contexts": game.contexts,
    }
