"""Nap's open-card solver compiled with numba (the ``[sim]`` extra): the same search as :class:`.solver.Solver`
with :class:`.nap_solve.NapPlay` (alpha-beta, a transposition table at each trick, equivalent ranks merged,
the same move order), some fifty times faster. Without numba, :func:`compiled_solver` answers None and the
expert bot uses the pure-Python solver, which the tests hold this one to, position by position.

The laws are Nap's (NAP-PLAY-1..3): follow suit if able, the highest trump or else the highest card of the suit
led wins, and the caller's first lead fixes trumps unless told otherwise (misery without trumps, NAP-PLAY-5).
"""

from __future__ import annotations

from typing import Any

from .solver import Position

__all__ = ["CompiledNapSolver", "compiled_solver"]

_kernel: Any = None


def _load() -> Any:
    """The compiled search, or False without numba (numba loads it from its disk cache after the first time)."""
    try:
        from . import _nap_kernel
    except ImportError:
        return False
    return _nap_kernel


def compiled_solver(rules: Any, side: int, count: int | None = None) -> CompiledNapSolver | None:
    """A compiled solver for Nap's play under ``rules`` (:class:`~.nap_solve.NapPlay`), or None without numba."""
    global _kernel
    if _kernel is None:
        _kernel = _load()
    if _kernel is False:
        return None
    return CompiledNapSolver(_kernel.search, rules, side, side if count is None else count)


class CompiledNapSolver:
    """The compiled search with its own table, with :class:`~.solver.Solver`'s interface."""

    def __init__(self, kernel: Any, rules: Any, side: int, count: int) -> None:
        import numpy as np

        self.np = np
        self.kernel = kernel
        #: the laws of play (:class:`~.nap_solve.NapPlay`), asked for the moves and tricks at the root
        self.rules = rules
        self.first_lead_trumps = bool(rules.first_lead_trumps)
        self.side = side
        self.count = count
        size = 1 << _kernel.SLOT_BITS  # a full deal has a few thousand positions at the start of a trick
        self.t_hands = np.zeros((size, 7), dtype=np.int64)
        self.t_meta = np.full(size, -1, dtype=np.int64)
        self.t_bounds = np.zeros((size, 2), dtype=np.int64)

    def _run(self, pos: Position, alpha: int, beta: int) -> int:
        np = self.np
        hands = np.zeros(7, dtype=np.int64)
        hands[: len(pos.hands)] = pos.hands
        trick = np.zeros(8, dtype=np.int64)
        trick[: len(pos.trick)] = pos.trick
        seats = np.array(pos.seats, dtype=np.int64)
        trump = -1 if pos.trump is None else pos.trump
        args = (hands, seats, pos.leader, trick, len(pos.trick), pos.done, pos.total, trump, self.first_lead_trumps)
        tables = (self.t_hands, self.t_meta, self.t_bounds)
        return int(self.kernel(*args, self.side, self.count, alpha, beta, *tables))

    def value(self, pos: Position) -> int:
        """The counted tricks of ``pos.remaining`` with perfect play by both sides."""
        return self._run(pos, 0, 99)

    def at_least(self, pos: Position, k: int) -> bool:
        """Whether the counted seats take at least ``k`` of the remaining tricks."""
        return k <= 0 or self._run(pos, k - 1, k) >= k

    def _moves(self, pos: Position) -> list[int]:
        moves: list[int] = self.rules.moves(pos.hands[pos.to_act], pos.trick, pos.done, pos.trump)
        return moves

    def _done_after(self, pos: Position, move: int) -> tuple[int, Position | None]:
        """The counted trick the move completes (0 or 1) and the position after it, None at the deal's end."""
        hands = list(pos.hands)
        hands[pos.to_act] &= ~(1 << move)
        trick = [*pos.trick, move]
        trump = self.rules.trump_after(move, pos.trump) if pos.done == 0 and not pos.trick else pos.trump
        if len(trick) < len(pos.seats):
            return 0, Position(hands, pos.seats, pos.leader, trick, pos.done, pos.total, trump)
        win = (pos.leader + self.rules.winner(trick, trump)) % len(pos.seats)
        mine = self.count >> pos.seats[win] & 1
        if pos.done + 1 == pos.total:
            return mine, None
        return mine, Position(hands, pos.seats, win, [], pos.done + 1, pos.total, trump)

    def move_values(self, pos: Position) -> dict[int, int]:
        """Each move of the seat to act, with the counted tricks of ``pos.remaining`` after it."""
        out = {}
        for move in self._moves(pos):
            mine, nxt = self._done_after(pos, move)
            out[move] = mine + (0 if nxt is None else self._run(nxt, 0, 99))
        return out

    def moves_at_least(self, pos: Position, k: int) -> dict[int, bool]:
        """Each move of the seat to act, with whether the counted seats then take at least ``k``."""
        out = {}
        for move in self._moves(pos):
            mine, nxt = self._done_after(pos, move)
            need = k - mine
            out[move] = need <= 0 or (nxt is not None and self._run(nxt, need - 1, need) >= need)
        return out
