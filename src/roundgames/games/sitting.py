"""What every sitting shares: settling the first dealer, and sharing out a pool or kitty at the end."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.cards import RANKS, Card, pack, rank_of

__all__ = ["draw_for_deal", "share_out"]

_KNAVE = RANKS.index("J")


def draw_for_deal(
    first_dealer: str, pack_size: int, seat_count: int, rng: random.Random
) -> tuple[int, list[tuple[int, Card]]]:
    """Settle the first dealer (LOO-GEN-3): ``(dealer, cards shown)``.

    ``first_knave``: cards are dealt face up, one to each seat in turn from the first, until a
    knave falls; its receiver deals. ``cut_low``: each seat cuts; the lowest card deals, ace
    lowest; seats that tie for lowest cut again.
    """
    cards = pack(pack_size)
    rng.shuffle(cards)
    shown: list[tuple[int, Card]] = []
    if first_dealer == "first_knave":
        for i, c in enumerate(cards):
            shown.append((i % seat_count, c))
            if rank_of(c) == _KNAVE:
                return i % seat_count, shown
        raise AssertionError("a pack always holds a knave")
    contenders = list(range(seat_count))
    it = iter(cards)
    while True:
        cut = [(s, next(it)) for s in contenders]
        shown.extend(cut)
        low = min((rank_of(c) + 1) % 13 for _, c in cut)  # the ace counts lowest
        contenders = [s for s, c in cut if (rank_of(c) + 1) % 13 == low]
        if len(contenders) == 1:
            return contenders[0], shown


def share_out(balances: dict[str, int], seats: Sequence[str], dealer: str, amount: int) -> None:
    """Divide ``amount`` equally among ``seats``; odd units go one each clockwise from ``dealer``'s left [D]
    (LOO-END-2, NAP-VAR-POOL)."""
    base, rest = divmod(amount, len(seats))
    start = seats.index(dealer)
    for i in range(len(seats)):
        balances[seats[(start + 1 + i) % len(seats)]] += base + (i < rest)
