"""A game of Loo: deals in rotation, the pool carried between them, balances, and the end (LOO-END-1..3).

>>> sitting = LooSitting(LooRules.preset("peel"), ["Ann", "Ben", "Cat", "Dan"], seed=7, rounds=1)
>>> deal = sitting.start_deal()
>>> deal.kind.value                      # the first deal of the game is a single (LOO-DEAL-1)
'single'
>>> sitting.end_deal()
>>> sum(sitting.balances.values()) + sitting.pool
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.errors import IllegalActionError, RecordError
from ..core.seats import seat_names
from ..games.sitting import BaseSitting, share_out
from .deal import Kind, LooDeal
from .rules import LooRules

__all__ = ["LooSitting", "first_kind"]


def first_kind(rules: LooRules) -> Kind:
    """The kind of the first deal of a game (LOO-DEAL-1, LOO-VAR-EW-SINGLE, LOO-VAR-NO-SINGLE; §14.5: every
    deal of Five-card and Irish Loo is regular)."""
    if rules.form != "three_card":
        return Kind.REGULAR
    return {"peel": Kind.SINGLE, "ew": Kind.EW_SINGLE}.get(rules.single, Kind.REGULAR)


class LooSitting(BaseSitting[LooDeal]):
    """A game of Loo between named seats, deal after deal, until LOO-END-1 says it is over."""

    UNFINISHED_RULE = "LOO-SET-6"

    def __init__(
        self,
        rules: LooRules,
        seats: Sequence[str] | int,
        *,
        seed: int | str | None = None,
        rounds: int = 1,
        dealer: str | None = None,
        table_mode: bool = False,
    ) -> None:
        names = list(seat_names(seats))
        if not 3 <= len(names) <= rules.max_seats:
            raise RecordError("seats", f"Loo takes 3 to {rules.max_seats} seats (LOO-GEN-1), got {len(names)}")
        if rounds < 1:
            raise RecordError("rounds", f"each player deals at least once, got {rounds}")
        super().__init__(names, seed=seed, dealer=dealer, first_dealer=rules.first_dealer, pack=rules.pack)
        self.rules = rules
        #: every deal in table mode: irregular actions are ruled by the laws (RULES.md §5)
        self.table_mode = table_mode
        self.rounds = rounds
        self.deal_counts: dict[str, int] = dict.fromkeys(names, 0)
        self.pool = 0
        self.kind = first_kind(rules)
        self.leaving: str | None = None
        self.rounds_done = False  # LOO-END-1 (a) has held
        self.last_looed = True
        self.final_deals_left: int | None = None  # the released last round of LOO-END-2

    # -- deals ---------------------------------------------------------------------------

    def start_deal(self, *, leave: bool = False) -> LooDeal:
        """Deal the next deal; ``leave=True`` when the dealer withdraws at his deal (LOO-END-3)."""
        if self.current is not None and not self.current.is_complete:
            raise IllegalActionError("the deal in progress must be finished first", "LOO-SET-6")
        self.end_deal()  # the finished deal may be the one that ends the game
        if self.over:
            raise IllegalActionError("the game is over", "LOO-END-1")
        if leave and len(self.seats) <= 3:
            raise IllegalActionError(f"{self.dealer} cannot leave: Loo needs three players", "LOO-GEN-1")
        deal = LooDeal(self.rules, self.seats, self.dealer, self.pool, self.kind, dealer_out=True if leave else None)
        deal.table_mode = self.table_mode
        deal.deal(random.Random(f"{self.seed}:{len(self.deals)}"))
        self.leaving = self.dealer if leave else None
        self.current = deal
        return deal

    def _absorb(self, deal: LooDeal) -> None:
        super()._absorb(deal)
        if not deal.is_void:  # a void deal is dealt again by the same dealer (LOO-LAW-1..3, §14.8)
            self.deal_counts[deal.seats[deal.dealer]] += 1
        self.pool = deal.pool_total
        self.kind = deal.next_kind
        if not deal.is_void:  # a void deal is dealt again and decides nothing (§14.8)
            # a full-loo penalty counts as a loo: a single would not follow it (§14.5, LOO-END-1)
            self.last_looed = bool(deal.looed) or deal.full_loo_penalty
        nxt = deal.seats[deal.next_dealer]
        if self.leaving is not None:
            self.seats.remove(self.leaving)
            self.leaving = None
        self.dealer = nxt
        counts = {self.deal_counts[s] for s in self.seats}
        if len(counts) == 1 and min(counts) >= self.rounds:
            self.rounds_done = True
        if self.final_deals_left is not None:
            self.final_deals_left -= 1
            self.kind = Kind.EW_SINGLE
            if self.final_deals_left == 0:
                self._divide()
        elif self.rounds_done and not self.last_looed and not deal.is_void:
            self._divide()  # LOO-END-1; a pool still holding a carry is shared out as in LOO-END-2 [D]

    # -- the end -------------------------------------------------------------------------

    def stop(self, method: str = "divide") -> None:
        """Stop early (LOO-END-2): ``divide`` the pool equally now, or ``release`` the last loos.

        ``release`` returns the loos of the previous deal to those who paid them, then plays a last
        round in which all must stand and there is no miss; what is left after it is divided.
        """
        if self.current is not None and not self.current.is_complete:
            raise IllegalActionError("finish the deal in progress before stopping", "LOO-END-2")
        self.end_deal()
        if method == "divide":
            self._divide()
        elif method == "release":
            if self.deals:
                deal = self.deals[-1]
                for s, amount in deal.looed.items():
                    self.balances[deal.seats[s]] += amount
                    self.pool -= amount
            self.kind = Kind.EW_SINGLE
            self.final_deals_left = len(self.seats)
        else:
            raise RecordError("method", f"unknown way to stop {method!r} (valid: divide, release)")

    def _divide(self) -> None:
        """Share the pool equally; odd units go one each clockwise from the next dealer's left [D]."""
        share_out(self.balances, self.seats, self.dealer, self.pool)
        self.pool = 0
        self.over = True

    # -- resuming ------------------------------------------------------------------------

    @classmethod
    def from_deals(cls, deals: Sequence[LooDeal], *, rounds: int = 1, seed: int | str | None = None) -> LooSitting:
        """Rebuild a sitting from its finished deals, checking that each follows on from the last."""
        if not deals:
            raise RecordError("sitting", "a saved sitting holds at least one deal record")
        first = deals[0]
        sitting = cls(
            first.rules,
            list(first.seats),
            seed=seed,
            rounds=rounds,
            dealer=first.seats[first.dealer],
            table_mode=first.table_mode,
        )
        sitting.kind = first.kind
        sitting.pool = first.ledger.start
        for i, deal in enumerate(deals):
            where = f"sitting[{i}]"
            seats, dealer, pool, kind = list(deal.seats), deal.seats[deal.dealer], deal.ledger.start, deal.kind.value
            if seats != sitting.seats:
                raise RecordError(where, f"does not follow on: expected seats {sitting.seats}, got {seats}")
            if dealer != sitting.dealer or pool != sitting.pool or kind != sitting.kind.value:
                raise RecordError(
                    where,
                    f"does not follow on: expected dealer {sitting.dealer}, pool {sitting.pool}, "
                    f"kind {sitting.kind.value}; got {dealer}, {pool}, {kind}",
                )
            if not deal.is_complete:
                raise RecordError(where, "not a finished Loo deal")
            if i + 1 < len(deals):  # he left at his deal if the next deal goes on without him (LOO-END-3)
                left = dealer not in deals[i + 1].seats
            else:
                cap = first.rules.dealer_stands_out_above
                left = deal.dealer_out and (cap is None or len(deal.seats) <= cap)
            if left:
                if not deal.dealer_out:
                    raise RecordError(f"sitting[{i + 1}]", f"{dealer} is gone, but he did not leave at his deal")
                sitting.leaving = dealer
            sitting._absorb(deal)
        return sitting

    def summary(self) -> dict[str, Any]:
        """Balances, pool, next dealer and kind: what a score sheet shows."""
        return {
            "balances": dict(self.balances),
            "pool": self.pool,
            "dealer": self.dealer,
            "kind": self.kind.value,
            "deals": len(self.deals),
            "over": self.over,
        }
