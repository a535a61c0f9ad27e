"""How a Nap deal is dealt: five cards each, one at a time or in packets, then the heaps the variants use
(NAP-DEAL-1, C-NAP-9, NAP-VAR-SPARE, NAP-VAR-PEEP, NAP-VAR-PURCHASE); and the cards a record deals, checked."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..core.cards import Card, mask_of, pack
from ..core.errors import RecordError
from ..core.seats import seat_index
from ..games.base import CardClaims
from .rules import NapRules

__all__ = ["claim_cards", "deal_packets"]

Dealt = tuple[dict[int, int], int, Card | None, list[Card]]


def deal_packets(
    rules: NapRules, order: Sequence[int], seed: int | random.Random | None, packets: Sequence[int]
) -> Dealt:
    """Shuffle with ``seed`` and deal as the dealer does, to the seats of ``order``: ``(hands, spare, widow,
    stock)``."""
    if sorted(packets) not in ([1, 1, 1, 1, 1], [2, 3]):
        raise RecordError("packets", f"five cards go out one at a time, or 2 then 3, or 3 then 2; got {list(packets)}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    cards = pack(rules.pack)
    rng.shuffle(cards)
    it = iter(cards)
    hands = {s: 0 for s in order}
    for size in packets:
        for s in order:
            for _ in range(size):
                hands[s] |= 1 << next(it)
    spare = mask_of(next(it) for _ in range(5)) if rules.spare_hand != "off" else 0
    widow = next(it) if rules.peep else None
    stock = list(it) if rules.purchase or rules.nap_top_card else []
    return hands, spare, widow, stock


def claim_cards(
    rules: NapRules,
    seats: Sequence[str],
    order: Sequence[int],
    hands: Mapping[str, str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
    *,
    stock: str | Sequence[Card],
    widow: str | Card | None,
    spare: str | Sequence[Card],
) -> Dealt:
    """Check the cards a record deals to the seats of ``order`` (``(hands, spare, widow, stock)``); raises :class:`RecordError` naming the
    heap for a card that is missing, doubled, unknown, or in a heap these rules do not deal."""
    claims = CardClaims(rules.pack)

    def take(where: str, value: str | Sequence[Card] | Card) -> list[Card]:
        return claims.claim(where, value, "NAP-VAR-PACK32")

    masks: dict[int, int] = {}
    for seat, value in hands.items():
        idx = seat_index(seats, seat, "cards")
        where = f"cards.{seats[idx]}"
        if idx not in order:
            raise RecordError(where, f"{seats[idx]} deals and sits out, so is dealt no cards (NAP-GEN-2)")
        cards = take(where, value)
        if len(cards) != 5:
            raise RecordError(where, f"a Nap hand has 5 cards, got {len(cards)} (NAP-DEAL-1)")
        masks[idx] = mask_of(cards)
    for idx in order:
        if idx not in masks:
            raise RecordError(f"cards.{seats[idx]}", f"no hand dealt to {seats[idx]}")
    spare_cards = take("cards.spare", spare)
    if rules.spare_hand != "off" and len(spare_cards) != 5:
        raise RecordError("cards.spare", f"the spare hand has 5 cards, got {len(spare_cards)} (NAP-VAR-SPARE)")
    if rules.spare_hand == "off" and spare_cards:
        raise RecordError("cards.spare", "no spare hand is dealt unless the option spare_hand is on")
    widow_cards = take("cards.widow", widow) if widow is not None else []
    if rules.peep and len(widow_cards) != 1:
        raise RecordError("cards.widow", f"Peep Nap deals one widow card, got {len(widow_cards)} (NAP-VAR-PEEP)")
    if not rules.peep and widow_cards:
        raise RecordError("cards.widow", "no widow is dealt unless the option peep is on")
    stock_cards = take("cards.stock", stock)
    if stock_cards and not (rules.purchase or rules.nap_top_card):
        raise RecordError("cards.stock", "the stock is used only with purchase or nap_top_card")
    return masks, mask_of(spare_cards), widow_cards[0] if widow_cards else None, stock_cards
