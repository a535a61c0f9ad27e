"""A game of One-trick: deals in rotation and the balances (tests/onetrick/RULES.md §4)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.core.seats import seat_names
from roundgames.games.sitting import BaseSitting

from .deal import OneTrickDeal
from .rules import OneTrickRules

__all__ = ["OneTrickSitting"]


class OneTrickSitting(BaseSitting[OneTrickDeal]):
    """Deal after deal, the deal passing to the left (ONE-SET-2), until the players stop (ONE-END-1)."""

    UNFINISHED_RULE = "ONE-SET-1"

    def __init__(
        self,
        rules: OneTrickRules,
        seats: Sequence[str] | int,
        *,
        seed: int | str | None = None,
        dealer: str | None = None,
        table_mode: bool = False,
    ) -> None:
        names = list(seat_names(seats))
        OneTrickDeal(rules, names)  # refuses a seat count no deal could hold, before the game starts
        super().__init__(names, seed=seed, dealer=dealer, first_dealer="cut_low", pack=52)  # ONE-GEN-2
        self.rules = rules
        self.table_mode = table_mode

    @property
    def pool(self) -> int:
        """Nothing is carried: the pot is always taken (ONE-SET-2)."""
        return 0

    def start_deal(self) -> OneTrickDeal:
        """Deal the next deal."""
        self.end_deal()
        if self.over:
            raise IllegalActionError("the game is over", "ONE-END-1")
        deal = OneTrickDeal(self.rules, self.seats, self.dealer)
        deal.table_mode = self.table_mode
        deal.deal(random.Random(f"{self.seed}:{len(self.deals)}"))
        self.current = deal
        return deal

    def _absorb(self, deal: OneTrickDeal) -> None:
        super()._absorb(deal)
        self.dealer = deal.seats[deal.next_dealer]

    def stop(self, method: str = "divide") -> None:
        """End the game (ONE-END-1): there is nothing to share."""
        if method != "divide":
            raise RecordError("method", f"unknown way to end the game {method!r} (valid: divide)")
        if self.current is not None and not self.current.is_complete:
            raise IllegalActionError("finish the deal in progress before stopping", "ONE-SET-1")
        self.end_deal()
        self.over = True

    @classmethod
    def from_deals(cls, deals: Sequence[OneTrickDeal], *, seed: int | str | None = None) -> OneTrickSitting:
        """Rebuild a sitting from its finished deals, each following on from the last."""
        if not deals:
            raise RecordError("sitting", "a saved sitting holds at least one deal record")
        first = deals[0]
        sitting = cls(first.rules, list(first.seats), seed=seed, dealer=first.seats[first.dealer])
        for i, deal in enumerate(deals):
            if list(deal.seats) != sitting.seats or deal.seats[deal.dealer] != sitting.dealer:
                raise RecordError(f"sitting[{i}]", f"does not follow on: {sitting.dealer} deals next (ONE-SET-2)")
            if not deal.is_complete:
                raise RecordError(f"sitting[{i}]", "not a finished One-trick deal")
            sitting._absorb(deal)
        return sitting

    def summary(self) -> dict[str, Any]:
        """The balances, the next dealer and the deals played."""
        return {"balances": dict(self.balances), "dealer": self.dealer, "deals": len(self.deals), "over": self.over}
