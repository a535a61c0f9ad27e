"""A game of Nap: deals in rotation, balances, the kitty and the Double Header carried between deals."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.cards import card_str, pack, rank_of
from ..core.errors import IllegalActionError, RecordError
from ..core.seats import seat_names
from ..games.sitting import BaseSitting, share_out
from .rules import NapRules
from .variants import NapDeal

__all__ = ["NapSitting"]


class NapSitting(BaseSitting[NapDeal]):
    """A game of Nap: deals in rotation, balances, the kitty and the Double Header carried between deals.

    There is no target (NAP-SET-3): play stops after any deal with :meth:`stop`.
    """

    UNFINISHED_RULE = "NAP-SET-2"

    @property
    def pool(self) -> int:
        """The kitty carried to the next deal: every game's sitting calls it its pool."""
        return self.kitty

    def __init__(
        self,
        rules: NapRules,
        seats: Sequence[str] | int,
        *,
        seed: int | str | None = None,
        dealer: str | None = None,
        table_mode: bool = False,
    ) -> None:
        names = list(seat_names(seats))
        if not 2 <= len(names) <= rules.max_players:
            raise RecordError("seats", f"Nap takes 2 to {rules.max_players} seats (NAP-GEN-1), got {len(names)}")
        NapDeal(rules, names)  # refuses what no deal could hold, before the game starts
        super().__init__(names, seed=seed, dealer=dealer, first_dealer="first_knave", pack=rules.pack)  # NAP-GEN-4
        self.rules = rules
        #: every deal in table mode: irregular actions are ruled by the laws (RULES.md §8)
        self.table_mode = table_mode
        self.kitty = 0
        self.multiplier = 1

    def start_deal(self) -> NapDeal:
        """Deal the next deal."""
        self.end_deal()
        if self.over:
            raise IllegalActionError("the game is over", "NAP-SET-3")
        deal = NapDeal(self.rules, self.seats, self.dealer, self.kitty, self.multiplier)
        deal.table_mode = self.table_mode
        deal.deal(random.Random(f"{self.seed}:{len(self.deals)}"))
        self.current = deal
        return deal

    def _absorb(self, deal: NapDeal) -> None:
        super()._absorb(deal)
        self.kitty = deal.kitty
        self.multiplier = deal.next_multiplier
        self.dealer = deal.seats[deal.next_dealer]

    def stop(self, method: str = "divide") -> None:
        """End the game (NAP-SET-3); a kitty nobody won is divided equally (``divide``, odd units one
        each clockwise from the dealer's left [D]) or drawn for (``draw``: one card each, the lowest
        takes it, the ace high) (NAP-VAR-POOL)."""
        if self.current is not None and not self.current.is_complete:
            raise IllegalActionError("finish the deal in progress before stopping", "NAP-SET-3")
        self.end_deal()
        n = len(self.seats)
        start = self.seats.index(self.dealer)
        if method == "divide":
            share_out(self.balances, self.seats, self.dealer, self.kitty)
        elif method == "draw":
            shuffled = pack(self.rules.pack)
            random.Random(f"{self.seed}:kitty").shuffle(shuffled)
            deck = iter(shuffled)
            contenders = [self.seats[(start + 1 + i) % n] for i in range(n)]
            self.draw = []
            while len(contenders) > 1:  # one card each; the lowest takes it, ace high; a tie draws again [D]
                drawn = [(seat, next(deck)) for seat in contenders]
                self.draw.extend((seat, card_str(c)) for seat, c in drawn)
                low = min(rank_of(c) for _, c in drawn)
                contenders = [seat for seat, c in drawn if rank_of(c) == low]
            self.balances[contenders[0]] += self.kitty
        else:
            raise RecordError("method", f"unknown way to share the kitty {method!r} (valid: divide, draw)")
        self.kitty = 0
        self.over = True

    @classmethod
    def from_deals(cls, deals: Sequence[NapDeal], *, seed: int | str | None = None) -> NapSitting:
        """Rebuild a Nap sitting from its finished deals, checking that each follows on from the last."""
        if not deals:
            raise RecordError("sitting", "a saved sitting holds at least one deal record")
        first = deals[0]
        sitting = cls(
            first.rules, list(first.seats), seed=seed, dealer=first.seats[first.dealer], table_mode=first.table_mode
        )
        sitting.kitty, sitting.multiplier = first.ledger.start, first.multiplier
        for i, deal in enumerate(deals):
            if list(deal.seats) != sitting.seats:
                raise RecordError(
                    f"sitting[{i}]", f"does not follow on: expected seats {sitting.seats}, got {list(deal.seats)}"
                )
            expected = (sitting.dealer, sitting.kitty, sitting.multiplier)
            got = (deal.seats[deal.dealer], deal.ledger.start, deal.multiplier)
            if got != expected:
                raise RecordError(
                    f"sitting[{i}]",
                    f"does not follow on: expected dealer, kitty, multiplier {expected}, got {got}",
                )
            if not deal.is_complete:
                raise RecordError(f"sitting[{i}]", "not a finished Nap deal")
            sitting._absorb(deal)
        return sitting

    def summary(self) -> dict[str, Any]:
        """Balances, kitty, multiplier and the next dealer."""
        return {
            "balances": dict(self.balances),
            "kitty": self.kitty,
            "multiplier": self.multiplier,
            "dealer": self.dealer,
            "deals": len(self.deals),
            "over": self.over,
        }
