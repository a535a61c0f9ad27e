"""How a Loo deal is dealt: the order of the cards (LOO-DEAL-4/5, LOO-SGL-1, LOO-VAR-MISS-DEAL-ORDER)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.cards import Card, mask_of
from ..core.errors import RecordError
from ..core.seats import seat_index
from ..games.base import CardClaims
from .actions import Kind

__all__ = ["Layout", "claim_cards", "deal_order"]


@dataclass(frozen=True, slots=True)
class Layout:
    """What the cards a record deals are checked against: the seats, those dealt to (``order``), the cards each
    is dealt, the kind of deal, the pack, and the form (``stock``: a stock and no miss, LOO5-1, LOOI-1)."""

    seats: Sequence[str]
    order: Sequence[int]
    hand_size: int
    kind: Kind
    pack: int
    form: str
    stock: bool


def deal_order(
    shuffled: Sequence[Card],
    order: Sequence[int],
    *,
    kind: Kind = Kind.REGULAR,
    hand_size: int = 3,
    miss_order: str = "peel",
) -> tuple[dict[int, list[Card]], list[Card], Card]:
    """Deal ``shuffled`` (top card first) as a dealer does: ``(hands, miss, turnup)``.

    ``order`` lists the seats that receive cards, from the dealer's left, the dealer (or the
    last playing seat, §14.3) last. A regular deal gives one card at a time and a card to the
    miss right after the last seat's card in each round (LOO-DEAL-4); ``miss_order="first"``
    gives it first in each round and ``"at_end"`` three at once after the hands, the
    deviations of LOO-VAR-MISS-DEAL-ORDER. The next card is turned up (LOO-DEAL-5). In
    Peel's single the turn-up comes first, then one card to each seat (LOO-SGL-1).
    """
    it = iter(shuffled)
    hands: dict[int, list[Card]] = {s: [] for s in order}
    miss: list[Card] = []
    if kind is Kind.SINGLE:
        turnup = next(it)
        for s in order:
            hands[s].append(next(it))
        return hands, miss, turnup
    with_miss = kind is Kind.REGULAR
    for _ in range(hand_size):
        if with_miss and miss_order == "first":
            miss.append(next(it))
        for s in order:
            hands[s].append(next(it))
        if with_miss and miss_order == "peel":
            miss.append(next(it))
    if with_miss and miss_order == "at_end":
        miss.extend(next(it) for _ in range(hand_size))
    return hands, miss, next(it)


def claim_cards(
    layout: Layout,
    hands: Mapping[str, str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
    miss: str | Sequence[Card],
    turnup: str | Card | None,
    stock: str | Sequence[Card],
) -> tuple[dict[int, int], int, Card, list[Card]]:
    """Check the cards a record deals to a deal laid out as ``layout`` (``(hands, miss, turnup, stock)``); raises :class:`RecordError`
    naming the heap for a card that is missing, doubled, unknown, or in a heap this deal does not have."""
    if turnup is None:
        raise RecordError("cards.turnup", "a Loo deal needs a turn-up card")
    claims = CardClaims(layout.pack)
    masks: dict[int, int] = {}
    for seat, value in hands.items():
        idx = seat_index(layout.seats, seat, "cards")
        where = f"cards.{layout.seats[idx]}"
        if idx not in layout.order:
            raise RecordError(where, f"{layout.seats[idx]} is the dealer and takes no part, so is dealt no cards")
        cards = claims.claim(where, value, "LOO-VAR-32")
        if len(cards) != layout.hand_size:
            raise RecordError(
                where,
                f"a {layout.kind.value} deal gives {layout.hand_size} card{'s' * (layout.hand_size > 1)} each, got {len(cards)}",
            )
        masks[idx] = mask_of(cards)
    for idx in layout.order:
        if idx not in masks:
            raise RecordError(f"cards.{layout.seats[idx]}", f"no hand dealt to {layout.seats[idx]}")
    miss_cards = claims.claim("cards.miss", miss, "LOO-VAR-32")
    if layout.stock and miss_cards:
        raise RecordError("cards.miss", f"{layout.form} Loo deals no miss (LOO5-1, LOOI-1)")
    want = 3 if layout.kind is Kind.REGULAR and not layout.stock else 0
    if len(miss_cards) != want:
        raise RecordError("cards.miss", f"a {layout.kind.value} deal has a miss of {want} cards, got {len(miss_cards)}")
    up = claims.claim("cards.turnup", turnup, "LOO-VAR-32")
    if len(up) != 1:
        raise RecordError("cards.turnup", f"one turn-up card, got {len(up)}")
    stock_cards = claims.claim("cards.stock", stock, "LOO-VAR-32")
    if stock_cards and not layout.stock:
        raise RecordError("cards.stock", "Three-card Loo draws from no stock")
    return masks, mask_of(miss_cards), up[0], stock_cards
