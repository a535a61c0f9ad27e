"""How a Loo deal is settled: Peel's single (LOO-SGL-2..4), and the pool divided by tricks with the loos
(LOO-SET-1..4, LOO-STK-4, §14.6, §14.7). Functions of values: each returns a :class:`Settlement`, which the deal
pays when its play is over.

>>> settled = trick_settlement(9, [2, 0, 2], players=(0, 1, 2), won=[1, 0, 2], stakes=(3, 3, 3), loo=3)
>>> settled.takes, settled.looed
(((2, 3), (0, 3), (2, 3)), ((1, 3),))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from ..core.cards import Card, highest

__all__ = ["Settlement", "shares", "single_settlement", "single_winner", "trick_settlement"]


class Settlement(NamedTuple):
    """What the end of a deal pays: each ``(seat, amount)`` of ``takes`` taken out of the pool, in order, and each
    ``(seat, amount)`` of ``looed`` paid into the next pool, in order. (A named tuple: one is made every deal.)"""

    takes: tuple[tuple[int, int], ...]
    looed: tuple[tuple[int, int], ...]


def single_winner(hands: Sequence[int], order: Sequence[int], trump: int, turnup: Card) -> int | None:
    """Peel's single (LOO-SGL-2..4): the seat whose card is the highest above the turn-up in its suit, or nobody."""
    best: int | None = None
    for s in order:
        c = highest(hands[s])
        if c // 13 == trump and c > turnup and (best is None or c > highest(hands[best])):
            best = s
    return best


def single_settlement(best: int | None, order: Sequence[int], pool: int, single: int) -> Settlement:
    """The single is decided: ``best`` (or nobody) takes the ``pool``, every other seat dealt a card is looed
    ``single``, S (LOO-SGL-2..4)."""
    return Settlement(((best, pool),) if best is not None else (), tuple((s, single) for s in order if s != best))


def trick_settlement(
    pool: int,
    winners: Sequence[int],
    *,
    players: Sequence[int],
    won: Sequence[int],
    stakes: Sequence[int],
    loo: int,
    carried: Collection[int] = (),
    unlooed: Collection[int] = (),
) -> Settlement:
    """Divide the ``pool`` by tricks and loo those who took none (LOO-SET-1..4): the winner of each trick (``winners``,
    in order) takes its share (``stakes``, LOO-SET-2, LOO5-5), except the seats in ``carried``, whose shares stay in
    the pool (the miss played for the pool, an offender: LOO-SET-4, LOO-LAW-0b, §14.6); each player who won no trick
    (``won``) pays ``loo`` into the next pool (LOO-SET-3), except the seats in ``unlooed``."""
    # lists made into tuples rather than generators: a deal is settled at the end of nearly every deal played
    takes = tuple([(w, share) for w, share in zip(winners, stakes, strict=True) if w not in carried])
    return Settlement(takes, tuple([(s, loo) for s in players if not won[s] and s not in unlooed]))


def shares(amount: int, count: int) -> list[int]:
    """``amount`` in ``count`` shares as nearly equal as can be, the earliest getting the odd units
    (LOO-SET-2, LOO5-5; a split pool or loo under ``flush_tie: split``, the elder first [D])."""
    base, rest = divmod(amount, count)
    return [base + (i < rest) for i in range(count)]
