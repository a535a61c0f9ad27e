"""Sittings of Loo and of Nap: deals in rotation, the pool or kitty carried between them, balances, the end.

>>> sitting = LooSitting(LooRules.preset("peel"), ["Ann", "Ben", "Cat", "Dan"], seed=7, rounds=1)
>>> deal = sitting.start_deal()
>>> deal.kind.value                      # the first deal of the game is a single (LOO-DEAL-1)
'single'
>>> sitting.end_deal()
>>> sum(sitting.balances.values()) + sitting.pool
0
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from .cards import RANKS, Card, card_str, pack, rank_of
from .errors import IllegalActionError, RecordError
from .loo import Kind, LooDeal
from .nap import NapDeal
from .record import DealRecord, dumps, from_json, record_of, replay
from .rules import LooRules, NapRules
from .seats import seat_names

__all__ = ["LooSitting", "NapSitting", "dumps_sitting", "loads_sitting"]

_KNAVE = RANKS.index("J")


def first_kind(rules: LooRules) -> Kind:
    """The kind of the first deal of a game (LOO-DEAL-1, LOO-VAR-EW-SINGLE, LOO-VAR-NO-SINGLE; §14.5: every
    deal of Five-card and Irish Loo is regular)."""
    if rules.form != "three_card":
        return Kind.REGULAR
    return {"peel": Kind.SINGLE, "ew": Kind.EW_SINGLE}.get(rules.single, Kind.REGULAR)


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


class LooSitting:
    """A game of Loo between named seats, deal after deal, until LOO-END-1 says it is over."""

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
        self.rules = rules
        #: every deal in table mode: irregular actions are ruled by the laws (RULES.md §5)
        self.table_mode = table_mode
        self.seats = names  # the seats still in the game, clockwise
        self.seed = random.randrange(2**32) if seed is None else seed
        self.rounds = rounds
        self.balances: dict[str, int] = dict.fromkeys(names, 0)
        self.deal_counts: dict[str, int] = dict.fromkeys(names, 0)
        self.draw: list[tuple[str, str]] = []
        if dealer is None:
            rng = random.Random(f"{self.seed}:first-dealer")
            d, shown = draw_for_deal(rules.first_dealer, rules.pack, len(names), rng)
            self.draw = [(names[s], card_str(c)) for s, c in shown]
            dealer = names[d]
        elif dealer not in names:
            raise RecordError("dealer", f"{dealer!r} is not one of the seats ({', '.join(names)})")
        self.dealer = dealer
        self.pool = 0
        self.kind = first_kind(rules)
        self.records: list[DealRecord] = []
        self.current: LooDeal | None = None
        self.leaving: str | None = None
        self.rounds_done = False  # LOO-END-1 (a) has held
        self.last_looed = True
        self.final_deals_left: int | None = None  # the released last round of LOO-END-2
        self.over = False

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
        deal.deal(random.Random(f"{self.seed}:{len(self.records)}"))
        self.leaving = self.dealer if leave else None
        self.current = deal
        return deal

    def end_deal(self) -> None:
        """Settle the finished deal into the sitting: balances, pool, next dealer and kind."""
        deal = self.current
        if deal is None:
            return
        if not deal.is_complete:
            raise IllegalActionError("the deal in progress is not finished", "LOO-SET-6")
        self._absorb(deal, record_of(deal))
        self.current = None

    def _absorb(self, deal: LooDeal, record: DealRecord) -> None:
        for i, name in enumerate(deal.seats):
            self.balances[name] += deal.net[i]
        if not deal.is_void:  # a void deal is dealt again by the same dealer (LOO-LAW-1..3, §14.8)
            self.deal_counts[deal.seats[deal.dealer]] += 1
        self.records.append(record)
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

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (LOO-END-1, or a stop under LOO-END-2)."""
        return self.over

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
            last = self.records[-1] if self.records else None
            if last is not None:
                deal = replay(last).deal
                assert isinstance(deal, LooDeal)
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

    # -- records -------------------------------------------------------------------------

    def dumps(self) -> str:
        """The sitting as a JSON list of its finished deal records."""
        return dumps_sitting(self.records)

    @classmethod
    def from_records(
        cls, records: Sequence[DealRecord], *, rounds: int = 1, seed: int | str | None = None
    ) -> LooSitting:
        """Rebuild a sitting from its deal records, checking that each follows on from the last."""
        if not records:
            raise RecordError("sitting", "a saved sitting holds at least one deal record")
        first = records[0]
        if first.game != "loo":
            raise RecordError("sitting[0].game", f"a Loo sitting holds Loo deals, got {first.game!r}")
        rules = replay(first).deal.rules
        assert isinstance(rules, LooRules)
        sitting = cls(
            rules, list(first.seats), seed=seed, rounds=rounds, dealer=first.dealer, table_mode=first.mode == "table"
        )
        sitting.kind = Kind(first.kind)
        sitting.pool = first.pool
        for i, record in enumerate(records):
            where = f"sitting[{i}]"
            if record.seats != sitting.seats:
                raise RecordError(where, f"does not follow on: expected seats {sitting.seats}, got {record.seats}")
            if record.dealer != sitting.dealer or record.pool != sitting.pool or record.kind != sitting.kind.value:
                raise RecordError(
                    where,
                    f"does not follow on: expected dealer {sitting.dealer}, pool {sitting.pool}, "
                    f"kind {sitting.kind.value}; got {record.dealer}, {record.pool}, {record.kind}",
                )
            result = replay(record)
            if result.error is not None:
                raise RecordError(where, f"illegal action: {result.error['message']}")
            deal = result.deal
            if not isinstance(deal, LooDeal) or not deal.is_complete:
                raise RecordError(where, "not a finished Loo deal")
            if i + 1 < len(records):  # he left at his deal if the next deal goes on without him (LOO-END-3)
                left = record.dealer not in records[i + 1].seats
            else:
                cap = rules.dealer_stands_out_above
                left = deal.dealer_out and (cap is None or len(deal.seats) <= cap)
            if left:
                if not deal.dealer_out:
                    raise RecordError(f"sitting[{i + 1}]", f"{record.dealer} is gone, but he did not leave at his deal")
                sitting.leaving = record.dealer
            sitting._absorb(deal, record)
        return sitting

    def summary(self) -> dict[str, Any]:
        """Balances, pool, next dealer and kind: what a score sheet shows."""
        return {
            "balances": dict(self.balances),
            "pool": self.pool,
            "dealer": self.dealer,
            "kind": self.kind.value,
            "deals": len(self.records),
            "over": self.over,
        }


class NapSitting:
    """A game of Nap: deals in rotation, balances, the kitty and the Double Header carried between deals.

    There is no target (NAP-SET-3): play stops after any deal with :meth:`stop`.
    """

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
        self.rules = rules
        #: every deal in table mode: irregular actions are ruled by the laws (RULES.md §8)
        self.table_mode = table_mode
        self.seats = names
        self.seed = random.randrange(2**32) if seed is None else seed
        self.balances: dict[str, int] = dict.fromkeys(names, 0)
        self.draw: list[tuple[str, str]] = []
        if dealer is None:  # the first knave deals (NAP-GEN-4)
            rng = random.Random(f"{self.seed}:first-dealer")
            d, shown = draw_for_deal("first_knave", rules.pack, len(names), rng)
            self.draw = [(names[s], card_str(c)) for s, c in shown]
            dealer = names[d]
        elif dealer not in names:
            raise RecordError("dealer", f"{dealer!r} is not one of the seats ({', '.join(names)})")
        self.dealer = dealer
        self.kitty = 0
        self.multiplier = 1
        self.records: list[DealRecord] = []
        self.current: NapDeal | None = None
        self.over = False

    @property
    def is_over(self) -> bool:
        """Whether the game has been stopped."""
        return self.over

    def start_deal(self) -> NapDeal:
        """Deal the next deal."""
        self.end_deal()
        if self.over:
            raise IllegalActionError("the game is over", "NAP-SET-3")
        deal = NapDeal(self.rules, self.seats, self.dealer, self.kitty, self.multiplier)
        deal.table_mode = self.table_mode
        deal.deal(random.Random(f"{self.seed}:{len(self.records)}"))
        self.current = deal
        return deal

    def end_deal(self) -> None:
        """Settle the finished deal into the sitting: balances, kitty, multiplier, next dealer."""
        deal = self.current
        if deal is None:
            return
        if not deal.is_complete:
            raise IllegalActionError("the deal in progress is not finished", "NAP-SET-2")
        self._absorb(deal, record_of(deal))
        self.current = None

    def _absorb(self, deal: NapDeal, record: DealRecord) -> None:
        for i, name in enumerate(deal.seats):
            self.balances[name] += deal.net[i]
        self.records.append(record)
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

    def dumps(self) -> str:
        """The sitting as a JSON list of its finished deal records."""
        return dumps_sitting(self.records)

    @classmethod
    def from_records(cls, records: Sequence[DealRecord], *, seed: int | str | None = None) -> NapSitting:
        """Rebuild a Nap sitting from its deal records, checking that each follows on from the last."""
        if not records:
            raise RecordError("sitting", "a saved sitting holds at least one deal record")
        first = replay(records[0]).deal
        if not isinstance(first, NapDeal):
            raise RecordError("sitting[0].game", "a Nap sitting holds Nap deals")
        sitting = cls(
            first.rules, list(records[0].seats), seed=seed, dealer=records[0].dealer, table_mode=first.table_mode
        )
        sitting.kitty, sitting.multiplier = records[0].pool, records[0].multiplier
        for i, record in enumerate(records):
            if record.seats != sitting.seats:
                raise RecordError(
                    f"sitting[{i}]", f"does not follow on: expected seats {sitting.seats}, got {record.seats}"
                )
            expected = (sitting.dealer, sitting.kitty, sitting.multiplier)
            if (record.dealer, record.pool, record.multiplier) != expected:
                raise RecordError(
                    f"sitting[{i}]",
                    f"does not follow on: expected dealer, kitty, multiplier {expected}, "
                    f"got {(record.dealer, record.pool, record.multiplier)}",
                )
            result = replay(record)
            if result.error is not None:
                raise RecordError(f"sitting[{i}]", f"illegal action: {result.error['message']}")
            if not isinstance(result.deal, NapDeal) or not result.deal.is_complete:
                raise RecordError(f"sitting[{i}]", "not a finished Nap deal")
            sitting._absorb(result.deal, record)
        return sitting

    def summary(self) -> dict[str, Any]:
        """Balances, kitty, multiplier and the next dealer."""
        return {
            "balances": dict(self.balances),
            "kitty": self.kitty,
            "multiplier": self.multiplier,
            "dealer": self.dealer,
            "deals": len(self.records),
            "over": self.over,
        }


def dumps_sitting(records: Sequence[DealRecord]) -> str:
    """A JSON list of deal records, each written as :func:`roundgames.record.dumps` writes it."""
    return json.dumps([json.loads(dumps(r)) for r in records], indent=2, ensure_ascii=False) + "\n"


def loads_sitting(text: str) -> list[DealRecord]:
    """Parse a JSON list of deal records."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("sitting", f"not JSON: {e}") from None
    if not isinstance(data, list):
        raise RecordError("sitting", "a saved sitting is a JSON list of deal records")
    out = []
    for i, obj in enumerate(data):
        try:
            out.append(from_json(obj))
        except RecordError as e:
            raise RecordError(f"sitting[{i}].{e.field}", e.reason) from None
    return out
