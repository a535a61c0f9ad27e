"""The Nap deal as a state machine (RULES.md §6 and §7).

A :class:`NapDeal` is created with the rules, the seats, the dealer, the kitty and the
stake multiplier; it is dealt (from a seed, or with given cards), then the seats buy
(Purchase Nap), call, and play. Every action has the triple ``verify_x`` / ``can_x`` /
``x``; :meth:`NapDeal.legal_actions` lists what the seat to act may do.

>>> deal = NapDeal(NapRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4")
>>> deal.deal_cards({"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C",
...                  "P4": "7S 9H 8H 3C 5D"})
>>> for text in ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass", "P3 play AS", "P4 play 7S",
...              "P1 play JS", "P2 play 5S", "P3 play KS", "P4 play 9H", "P1 play 6H", "P2 play 7C",
...              "P3 play QS", "P4 play 8H", "P1 play TD", "P2 play 3H"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.is_complete, deal.made, deal.net
(True, True, [-3, -3, 9, -3])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from ..core.cards import SUIT_NAMES, Card, card_str, cards_in, format_cards, mask_of, pack, parse_card
from ..core.errors import CardError, IllegalActionError, RecordError, irregular_arg
from ..core.tricks import Trick, follow_suit, trick_winner
from ..games.base import BaseDeal, CardClaims
from .calls import CALLS, FIVE, TRICKS, ladder, option_problem, pay_table
from .rules import NapRules

__all__ = ["CALLS", "NapAction", "NapDeal", "NapPhase", "NapTrick", "NapView", "pay_table"]

VERBS = ("pass", "call", "play", "buy", "spare", "peep", "widow", "topcard", "raise", "irregular", "replay", "trick")


class NapPhase(IntEnum):
    """Where a Nap deal stands."""

    DEAL = 0
    PURCHASE = 1
    CALL = 2
    PLAY = 3
    COMPLETE = 4


@dataclass(frozen=True, slots=True)
class NapAction:
    """One action: ``pass``, ``call`` (``call`` names it), ``play``/``widow``/``topcard`` (``cards``
    holds one card), ``buy``/``spare`` (``cards`` holds the cards), ``peep`` or ``raise``; where nobody
    recorded the cards, ``trick``: the seat won the next trick."""

    seat: int
    verb: str
    call: str | None = None
    cards: tuple[Card, ...] = ()
    #: the raw arguments of ``irregular`` (``NAP-LAW-7 5H``), as written
    arg: str | None = None


NapTrick = Trick  # the same trick as Loo's


@dataclass(frozen=True, slots=True)
class NapView:
    """One seat's view of a Nap deal: everything it may see and nothing else."""

    seat: int
    phase: NapPhase
    hand: int
    widow: Card | None
    calls: tuple[tuple[int, str], ...]
    declarer: int | None
    contract: str | None
    trump: int | None
    tricks: tuple[Trick, ...]
    card_counts: tuple[int, ...]
    kitty: int
    multiplier: int
    to_act: int | None
    #: what the seat may do; taking the spare hand, the widow or the top card is offered in ``may_take``
    #: instead, since those actions would name the unseen cards
    legal: tuple[NapAction, ...]
    may_take: tuple[str, ...]
    #: public facts of the table
    rules: NapRules
    seat_count: int
    dealer: int
    order: tuple[int, ...]
    won: int
    lost: int
    bought: dict[int, int]
    peeped: frozenset[int]


def _subsets(mask: int, max_size: int) -> Iterator[tuple[Card, ...]]:
    cards = sorted(cards_in(mask))
    for k in range(min(max_size, len(cards)) + 1):
        yield from combinations(cards, k)


#: actions whose legal forms would name cards the seat has not seen: a view offers them by verb only
_UNSEEN_VERBS = ("spare", "topcard", "widow")


class NapDeal(BaseDeal):
    """One deal of Nap, from the deal to the settlement."""

    def __init__(
        self,
        rules: NapRules,
        seats: Sequence[str] | int,
        dealer: int | str = 0,
        kitty: int = 0,
        multiplier: int = 1,
    ) -> None:
        super().__init__(seats, dealer, kitty)
        self.rules = rules
        n = self.n
        if not 2 <= n <= rules.max_players:
            raise RecordError("seats", f"Nap takes 2 to {rules.max_players} seats (NAP-GEN-1), got {n}")
        if kitty < 0:
            raise RecordError("pool", f"the kitty cannot be negative, got {kitty}")
        if multiplier < 1:
            raise RecordError("multiplier", f"the stake multiplier is at least 1, got {multiplier}")
        #: the dealer deals himself no cards and does not call or play (NAP-GEN-2)
        self.dealer_out = n >= rules.dealer_out_at
        self.order: tuple[int, ...] = tuple(
            s for s in ((self.dealer + 1 + i) % n for i in range(n)) if not (self.dealer_out and s == self.dealer)
        )
        needed = 5 * len(self.order) + 5 * (rules.spare_hand != "off") + rules.peep
        if needed > rules.pack:
            raise RecordError(
                "seats", f"{n} seats with these options need {needed} cards, more than a {rules.pack}-card pack holds"
            )
        self.multiplier = multiplier
        self.phase = NapPhase.DEAL
        self.hands = [0] * n
        self.dealt = [0] * n
        self.stock: list[Card] = []
        self.widow: Card | None = None
        self.spare = 0
        self.to_act: int | None = None
        self.bought: dict[int, tuple[Card, ...]] = {}
        self.calls: list[tuple[int, str]] = []  # (seat, "pass" or a call), in order
        self.called: set[int] = set()
        self.peeped: set[int] = set()
        self.highest: tuple[int, str] | None = None
        self.challenge: tuple[int, int, str] | None = None  # (nap caller, challenger, call) awaiting raise/pass
        self.spare_taker: int | None = None
        self.declarer: int | None = None
        self.contract: str | None = None
        self.exchanged: set[str] = set()  # "widow", "topcard": what the senior hand has taken
        self.trump: int | None = None
        self.won = 0
        self.lost = 0
        self.made: bool | None = None
        self.redeal = False
        self.next_multiplier = multiplier
        self.log: list[NapAction] = []
        # Table mode (RULES.md §8; the laws themselves are in nap_laws):
        #: cards exposed in play, to be played at the first legal opportunity (NAP-LAW-8)
        self.exposed = [0] * n
        #: seats whose revoke was ruled by a replay: each wins nothing in the deal (NAP-LAW-6, revoke_rule replay)
        self.offenders: set[int] = set()
        #: the dealer whose turn it was, when a deal out of turn is void (NAP-LAW-3)
        self.proper_dealer: int | None = None

    # -- seats and actions as text -------------------------------------------------------

    def action_str(self, action: NapAction) -> str:
        """The action as a record writes it: ``"P3 call nap"``, ``"P2 buy 4C 2D"``."""
        text = f"{self.seats[action.seat]} {action.verb}"
        if action.call is not None:
            text += f" {action.call}"
        if action.cards:
            text += " " + format_cards(action.cards)  # in suit order, ace down, as records write cards
        elif action.arg is not None:
            text += f" {action.arg}"
        return text

    def parse_action(self, text: str) -> NapAction:
        """Parse ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` if it does not parse."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2:
            raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT VERB [ARGUMENTS]'")
        seat, verb, args = parts[0], parts[1], parts[2:]
        idx = self.seat_index(seat, "actions")
        if verb in ("pass", "peep", "raise", "replay", "trick") and not args:
            return NapAction(idx, verb)
        if verb == "irregular":
            return NapAction(idx, verb, arg=irregular_arg(text, args, f"{seat} irregular NAP-LAW-6"))
        if verb == "call" and len(args) == 1:
            call = args[0].lower().replace("ü", "u")
            if call not in CALLS:
                raise RecordError("actions", f"{text!r}: no call {args[0]!r} (calls: {' '.join(CALLS)})")
            return NapAction(idx, verb, call)
        if (verb in ("play", "widow", "topcard") and len(args) == 1) or verb in ("buy", "spare"):
            try:
                cards = tuple(parse_card(a) for a in args)
            except CardError as e:
                raise RecordError("actions", f"{text!r}: {e}") from None
            if len(set(cards)) != len(cards):
                raise RecordError("actions", f"{text!r}: a card is named twice")
            return NapAction(idx, verb, None, cards)
        raise RecordError("actions", f"{text!r} does not parse: Nap verbs are {', '.join(VERBS)}")

    # -- dealing -------------------------------------------------------------------------

    def deal(self, seed: int | random.Random | None = None, *, packets: Sequence[int] = (1, 1, 1, 1, 1)) -> None:
        """Shuffle with ``seed`` and deal five cards each from the dealer's left, one at a time (NAP-DEAL-1)
        or in ``packets`` such as ``(2, 3)`` or ``(3, 2)`` (C-NAP-9), then the spare hand, the widow and the
        stock where the rules use them."""
        if sorted(packets) not in ([1, 1, 1, 1, 1], [2, 3]):
            raise RecordError(
                "packets", f"five cards go out one at a time, or 2 then 3, or 3 then 2; got {list(packets)}"
            )
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        cards = pack(self.rules.pack)
        rng.shuffle(cards)
        it = iter(cards)
        hands = {s: 0 for s in self.order}
        for size in packets:
            for s in self.order:
                for _ in range(size):
                    hands[s] |= 1 << next(it)
        spare = mask_of(next(it) for _ in range(5)) if self.rules.spare_hand != "off" else 0
        widow = next(it) if self.rules.peep else None
        stock = list(it) if self.rules.purchase or self.rules.nap_top_card else []
        self._set_cards(hands, spare, widow, stock)

    def deal_cards(
        self,
        hands: Mapping[str, str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
        *,
        stock: str | Sequence[Card] = (),
        widow: str | Card | None = None,
        spare: str | Sequence[Card] = (),
    ) -> None:
        """Deal the given cards; raises :class:`RecordError` for a card that is missing, doubled or unknown."""
        claims = CardClaims(self.rules.pack)

        def take(where: str, value: str | Sequence[Card] | Card) -> list[Card]:
            return claims.claim(where, value, "NAP-VAR-PACK32")

        masks: dict[int, int] = {}
        for seat, value in hands.items():
            idx = self.seat_index(seat, "cards")
            where = f"cards.{self.seats[idx]}"
            if idx not in self.order:
                raise RecordError(where, f"{self.seats[idx]} deals and sits out, so is dealt no cards (NAP-GEN-2)")
            cards = take(where, value)
            if len(cards) != 5:
                raise RecordError(where, f"a Nap hand has 5 cards, got {len(cards)} (NAP-DEAL-1)")
            masks[idx] = mask_of(cards)
        for idx in self.order:
            if idx not in masks:
                raise RecordError(f"cards.{self.seats[idx]}", f"no hand dealt to {self.seats[idx]}")
        spare_cards = take("cards.spare", spare)
        if self.rules.spare_hand != "off" and len(spare_cards) != 5:
            raise RecordError("cards.spare", f"the spare hand has 5 cards, got {len(spare_cards)} (NAP-VAR-SPARE)")
        if self.rules.spare_hand == "off" and spare_cards:
            raise RecordError("cards.spare", "no spare hand is dealt unless the option spare_hand is on")
        widow_cards = take("cards.widow", widow) if widow is not None else []
        if self.rules.peep and len(widow_cards) != 1:
            raise RecordError("cards.widow", f"Peep Nap deals one widow card, got {len(widow_cards)} (NAP-VAR-PEEP)")
        if not self.rules.peep and widow_cards:
            raise RecordError("cards.widow", "no widow is dealt unless the option peep is on")
        stock_cards = take("cards.stock", stock)
        if stock_cards and not (self.rules.purchase or self.rules.nap_top_card):
            raise RecordError("cards.stock", "the stock is used only with purchase or nap_top_card")
        self._set_cards(masks, mask_of(spare_cards), widow_cards[0] if widow_cards else None, stock_cards)

    def _set_cards(self, hands: Mapping[int, int], spare: int, widow: Card | None, stock: list[Card]) -> None:
        if self.phase is not NapPhase.DEAL:
            raise IllegalActionError("the cards have already been dealt", "NAP-DEAL-1")
        for s, m in hands.items():
            self.hands[s] = self.dealt[s] = m
        self.spare, self.widow, self.stock = spare, widow, list(stock)
        #: the heaps as dealt, for the record: the stock top card first
        self.dealt_spare, self.dealt_widow, self.dealt_stock = spare, widow, tuple(stock)
        if self.rules.has_kitty:
            self.ledger.stake(self.dealer, self.rules.stakes.unit)  # NAP-VAR-POOL, §14.14
        self.phase = NapPhase.PURCHASE if self.rules.purchase else NapPhase.CALL
        self.to_act = self.order[0]

    # -- state ---------------------------------------------------------------------------

    @property
    def is_complete(self) -> bool:
        """Whether the deal is finished and settled."""
        return self.phase is NapPhase.COMPLETE

    @property
    def kitty(self) -> int:
        """Counters in the kitty now."""
        return self.ledger.total

    @property
    def next_dealer(self) -> int:
        """The next dealer: the same after a redeal, the proper one after a void deal out of turn
        (NAP-LAW-3), otherwise the seat on the left (NAP-SET-2)."""
        if self.proper_dealer is not None:
            return self.proper_dealer
        return self.dealer if self.redeal else (self.dealer + 1) % self.n

    def copy(self) -> NapDeal:
        """An independent copy, for search."""
        out = NapDeal.__new__(NapDeal)
        out.__dict__.update(self.__dict__)
        for name in (
            "hands",
            "dealt",
            "stock",
            "calls",
            "tricks",
            "trick_seats",
            "trick_cards",
            "log",
            "exposed",
            "irregularities",
        ):
            setattr(out, name, getattr(self, name)[:])
        out.bought, out.called, out.peeped = dict(self.bought), set(self.called), set(self.peeped)
        out.offenders = set(self.offenders)
        out.exchanged = set(self.exchanged)
        out.ledger = self.ledger.copy()
        return out

    def view(self, seat: int | str) -> NapView:
        """What ``seat`` may see now: its own hand, the widow if it peeped, public calls and tricks."""
        s = self.seat_index(seat)
        widow = self.dealt_widow if s in self.peeped else None
        mine = self.legal_actions() if self.to_act == s else []
        return NapView(
            seat=s,
            phase=self.phase,
            hand=self.hands[s],
            widow=widow,
            calls=tuple(self.calls),
            declarer=self.declarer,
            contract=self.contract,
            trump=self.trump,
            tricks=tuple(self.all_tricks()),
            card_counts=tuple(c.bit_count() for c in self.hands),
            kitty=self.kitty,
            multiplier=self.multiplier,
            to_act=self.to_act,
            legal=tuple(a for a in mine if a.verb not in _UNSEEN_VERBS),
            may_take=tuple(sorted({a.verb for a in mine if a.verb in _UNSEEN_VERBS})),
            rules=self.rules,
            seat_count=self.n,
            dealer=self.dealer,
            order=self.order,
            won=self.won,
            lost=self.lost,
            bought={seat: len(cards) for seat, cards in self.bought.items()},
            peeped=frozenset(self.peeped),
        )

    # -- misdeal ---------------------------------------------------------------------------

    def verify_misdeal(self) -> None:
        """Raise unless a misdeal can still be called: after the deal, before anyone has bought or called."""
        if self.phase is NapPhase.DEAL or self.phase is NapPhase.COMPLETE or self.log:
            raise IllegalActionError("a misdeal is called when the cards are dealt, before any call", "NAP-LAW-1")

    def can_misdeal(self) -> bool:
        """Whether a misdeal can be called now."""
        return self._can(self.verify_misdeal)

    def misdeal(self) -> None:
        """The deal is void and the same dealer deals again (NAP-LAW-1, §14.8): no penalty, except one unit
        into the kitty when one is in use; the dealer's stake for the void deal is not charged."""
        self.verify_misdeal()
        self._misdeal()

    def _misdeal(self) -> None:
        if self.rules.has_kitty:
            self.ledger.take(self.dealer, self.rules.stakes.unit)  # the void deal's stake back
            self.ledger.stake(self.dealer, self.rules.stakes.unit)  # the misdeal fine
        self.redeal = True
        self._finish()

    # -- purchase ------------------------------------------------------------------------

    def verify_buy(self, seat: int | str, cards: Sequence[Card] = ()) -> int:
        """Raise unless ``seat`` may discard ``cards`` and buy as many from the stock (NAP-VAR-PURCHASE)."""
        s = self.seat_index(seat)
        name = self.seats[s]
        if self.phase is not NapPhase.PURCHASE:
            raise IllegalActionError(f"{name} cannot buy: cards are bought only before any call", "NAP-VAR-PURCHASE")
        if s != self.to_act:
            raise IllegalActionError(
                f"{name} cannot buy: the dealer asks {self.seats[self.to_act or 0]} now", "NAP-VAR-PURCHASE"
            )
        for c in cards:
            if not self.hands[s] >> c & 1:
                raise IllegalActionError(
                    f"{name} cannot discard {card_str(c)}: he does not hold it", "NAP-VAR-PURCHASE"
                )
        if len(cards) > len(self.stock):
            raise RecordError("cards.stock", f"{name} buys {len(cards)} cards but the stock holds {len(self.stock)}")
        return s

    def can_buy(self, seat: int | str, cards: Sequence[Card] = ()) -> bool:
        """Whether ``seat`` may buy by discarding ``cards`` now."""
        return self._can(self.verify_buy, seat, cards)

    def buy(self, seat: int | str, cards: Sequence[Card] = ()) -> NapAction:
        """``seat`` discards ``cards`` and draws as many from the stock, a unit each into the kitty;
        ``buy(seat)`` with no cards declines."""
        s = self.verify_buy(seat, cards)
        action = NapAction(s, "buy", None, tuple(cards))
        self._buy(s, tuple(cards))
        self.log.append(action)
        return action

    def _buy(self, s: int, cards: tuple[Card, ...]) -> None:
        for c in cards:
            self.hands[s] &= ~(1 << c)
            self.hands[s] |= 1 << self.stock.pop(0)
        if cards:
            self.ledger.stake(s, len(cards) * self.rules.stakes.unit)
        self.bought[s] = cards
        i = self.order.index(s)
        if i + 1 < len(self.order):
            self.to_act = self.order[i + 1]
        else:
            self.phase = NapPhase.CALL
            self.to_act = self.order[0]

    # -- calling -------------------------------------------------------------------------

    def allowed_calls(self) -> list[str]:
        """The calls the seat to act could make now: above the highest so far and allowed by the options."""
        if self.phase is not NapPhase.CALL or self.challenge is not None:
            return []
        return [c for c in ladder(self.rules) if self._call_problem(c) is None]

    def _call_problem(self, call: str) -> tuple[str, str] | None:
        r = self.rules
        forbidden = option_problem(r, call)
        if forbidden is not None:
            return forbidden
        high = self.highest[1] if self.highest else None
        made = {c for _, c in self.calls}
        if call == "wellington" and "nap" not in made:
            return "Wellington may be called only over a Nap", "NAP-CALL-6"
        if call == "blucher" and "wellington" not in made:
            return "Blücher may be called only over a Wellington", "NAP-CALL-6"
        order = ladder(r)
        if high is not None and order.index(call) <= order.index(high):
            return f"a call must be higher than {high}", "NAP-CALL-2"
        return None

    def _verify_turn(self, s: int, what: str) -> None:
        name = self.seats[s]
        if self.dealer_out and s == self.dealer:
            raise IllegalActionError(f"{name} cannot {what}: the dealer sits out this deal", "NAP-GEN-2")
        if self.phase is NapPhase.DEAL:
            raise IllegalActionError(f"{name} cannot {what}: the cards have not been dealt", "NAP-DEAL-1")
        if self.phase is NapPhase.COMPLETE:
            raise IllegalActionError(f"{name} cannot {what}: the deal is over", "NAP-PLAY-4")
        if self.phase is NapPhase.PURCHASE:
            raise IllegalActionError(f"{name} cannot {what}: the buying is not over", "NAP-VAR-PURCHASE")
        if self.phase is NapPhase.PLAY:
            raise IllegalActionError(f"{name} cannot {what}: the calling is over", "NAP-CALL-3")
        if s in self.called and not (self.challenge and self.challenge[0] == s):
            raise IllegalActionError(
                f"{name} cannot {what}: he has called already, and no call is altered", "NAP-CALL-3"
            )
        if s != self.to_act:
            who = self.seats[self.to_act] if self.to_act is not None else "nobody"
            raise IllegalActionError(f"{name} cannot {what}: it is {who}'s turn to call", "NAP-CALL-1")

    def verify_call(self, seat: int | str, call: str) -> int:
        """Raise unless ``seat`` may make ``call`` now (NAP-CALL-1..6)."""
        s = self.seat_index(seat)
        if call not in CALLS:
            raise IllegalActionError(f"{self.seats[s]} cannot call {call!r}: calls are {' '.join(CALLS)}", "NAP-CALL-4")
        self._verify_turn(s, f"call {call}")
        if self.challenge is not None:
            raise IllegalActionError(
                f"{self.seats[s]} cannot call: he may only raise or pass when challenged", "NAP-VAR-WELLINGTON"
            )
        problem = self._call_problem(call)
        if problem is not None:
            raise IllegalActionError(f"{self.seats[s]} cannot call {call}: {problem[0]}", problem[1])
        return s

    def can_call(self, seat: int | str, call: str) -> bool:
        """Whether ``seat`` may make ``call`` now."""
        return self._can(self.verify_call, seat, call)

    def call(self, seat: int | str, call: str) -> NapAction:
        """``seat`` calls ``call``: a number of tricks, misery, Nap, Wellington or Blücher."""
        s = self.verify_call(seat, call)
        action = NapAction(s, "call", call)
        self._call(s, call)
        self.log.append(action)
        return action

    def verify_pass(self, seat: int | str) -> int:
        """Raise unless ``seat`` may pass now (or, when challenged, decline to raise)."""
        s = self.seat_index(seat)
        self._verify_turn(s, "pass")
        return s

    def can_pass(self, seat: int | str) -> bool:
        """Whether ``seat`` may pass now."""
        return self._can(self.verify_pass, seat)

    def pass_(self, seat: int | str) -> NapAction:
        """``seat`` passes (NAP-CALL-1); a challenged Nap caller passing lets the challenger play."""
        s = self.verify_pass(seat)
        action = NapAction(s, "pass")
        self._pass(s)
        self.log.append(action)
        return action

    def verify_peep(self, seat: int | str) -> int:
        """Raise unless ``seat`` may pay a unit to look at the widow now (NAP-VAR-PEEP)."""
        s = self.seat_index(seat)
        if not self.rules.peep:
            raise IllegalActionError(f"{self.seats[s]} cannot peep: there is no widow at this table", "NAP-VAR-PEEP")
        self._verify_turn(s, "peep")
        if self.challenge is not None or s in self.peeped:
            raise IllegalActionError(f"{self.seats[s]} cannot peep again", "NAP-VAR-PEEP")
        return s

    def can_peep(self, seat: int | str) -> bool:
        """Whether ``seat`` may peep now."""
        return self._can(self.verify_peep, seat)

    def peep(self, seat: int | str) -> NapAction:
        """``seat`` pays a unit into the kitty and looks at the widow, before calling or passing."""
        s = self.verify_peep(seat)
        action = NapAction(s, "peep")
        self._peep(s)
        self.log.append(action)
        return action

    def _peep(self, s: int) -> None:
        self.peeped.add(s)
        self.ledger.stake(s, self.rules.stakes.unit)

    def verify_spare(self, seat: int | str, keep: Sequence[Card]) -> int:
        """Raise unless ``seat`` may take the spare hand keeping ``keep`` (NAP-VAR-SPARE)."""
        s = self.seat_index(seat)
        name = self.seats[s]
        if self.rules.spare_hand == "off":
            raise IllegalActionError(f"{name} cannot take the spare hand: none is dealt here", "NAP-VAR-SPARE")
        self._verify_turn(s, "take the spare hand")
        if self.challenge is not None:
            raise IllegalActionError(f"{name} cannot take the spare hand now", "NAP-VAR-SPARE")
        if len(keep) != 5 or len(set(keep)) != 5:
            raise IllegalActionError(f"{name} must keep exactly five cards of the ten", "NAP-VAR-SPARE")
        problem = self._call_problem("nap")
        if problem is not None:
            raise IllegalActionError(
                f"{name} cannot take the spare hand, which is a call of Nap: {problem[0]}", problem[1]
            )
        if any(not (self.hands[s] | self.spare) >> c & 1 for c in keep):
            # Naming the card would tell whether some other card is in the unseen spare hand.
            raise IllegalActionError(f"{name} must keep five cards of his hand and the spare hand", "NAP-VAR-SPARE")
        return s

    def can_spare(self, seat: int | str, keep: Sequence[Card]) -> bool:
        """Whether ``seat`` may take the spare hand keeping ``keep``."""
        return self._can(self.verify_spare, seat, keep)

    def take_spare(self, seat: int | str, keep: Sequence[Card]) -> NapAction:
        """``seat`` takes the spare hand, keeps five of the ten cards, and so calls Nap."""
        s = self.verify_spare(seat, keep)
        action = NapAction(s, "spare", None, tuple(keep))
        self._spare(s, tuple(keep))
        self.log.append(action)
        return action

    def _spare(self, s: int, keep: tuple[Card, ...]) -> None:
        self.hands[s] = mask_of(keep)
        self.spare = 0
        self.spare_taker = s
        self._call(s, "nap")

    def verify_raise(self, seat: int | str) -> int:
        """Raise unless ``seat`` is a challenged Nap caller who may take the challenge himself."""
        s = self.seat_index(seat)
        if self.challenge is None or self.challenge[0] != s or self.phase is not NapPhase.CALL:
            raise IllegalActionError(
                f"{self.seats[s]} cannot raise: only a Nap caller challenged by a Wellington or Blücher may",
                "NAP-VAR-WELLINGTON",
            )
        return s

    def can_raise(self, seat: int | str) -> bool:
        """Whether ``seat`` may raise now."""
        return self._can(self.verify_raise, seat)

    def raise_(self, seat: int | str) -> NapAction:
        """The challenged Nap caller takes the challenger's Wellington or Blücher himself (``nap_challenge``)."""
        s = self.verify_raise(seat)
        action = NapAction(s, "raise")
        self._raise(s)
        self.log.append(action)
        return action

    def _raise(self, s: int) -> None:
        assert self.challenge is not None
        _, challenger, call = self.challenge
        self.highest, self.challenge = (s, call), None
        self.calls.append((s, call))  # the Nap caller now holds the challenger's call
        self._next_caller(challenger)

    def _call(self, s: int, call: str) -> None:
        self.calls.append((s, call))
        self.called.add(s)
        previous = self.highest
        self.highest = (s, call)
        if (
            self.rules.nap_challenge
            and call in ("wellington", "blucher")
            and previous is not None
            and self._nap_caller() not in (None, s)
        ):
            nap_caller = self._nap_caller()
            assert nap_caller is not None
            self.challenge = (nap_caller, s, call)
            self.to_act = nap_caller
            return
        self._next_caller(s)

    def _nap_caller(self) -> int | None:
        return next((seat for seat, c in self.calls if c == "nap"), None)

    def _pass(self, s: int) -> None:
        if self.challenge is not None and self.challenge[0] == s:
            _, challenger, _ = self.challenge  # declined: the challenger plays his call; the Nap stays said
            self.challenge = None
            self._next_caller(challenger)
            return
        self.calls.append((s, "pass"))
        self.called.add(s)
        self._next_caller(s)

    def _next_caller(self, s: int) -> None:
        i = self.order.index(s)
        if i + 1 < len(self.order):
            self.to_act = self.order[i + 1]
        else:
            self._end_calling()

    def _end_calling(self) -> None:
        if self.highest is None:  # all passed (NAP-CALL-7, C-NAP-5, §14.13)
            rule = self.rules.all_pass
            if rule == "redeal":
                self.redeal = True
                if self.rules.has_kitty:
                    self.ledger.take(self.dealer, self.rules.stakes.unit)  # a void deal charges no stake
                self._finish()
                return
            if rule == "double_header":
                self.next_multiplier = 2
                self._finish()
                return
            senior = self.order[0] if rule == "eldest_one" else self.order[-1]
            self.highest = (senior, str(self.rules.min_call))
        self.declarer, self.contract = self.highest
        self.phase = NapPhase.PLAY
        self.to_act = self.declarer

    # -- before the first lead: the widow and the top card ---------------------------------

    def verify_exchange(self, seat: int | str, verb: str, discard: Card) -> int:
        """Raise unless the senior hand may take the widow (``widow``) or the top card (``topcard``)
        and discard ``discard`` now (NAP-VAR-PEEP, NAP-VAR-NAP-TOPCARD)."""
        s = self.seat_index(seat)
        name = self.seats[s]
        rule = "NAP-VAR-PEEP" if verb == "widow" else "NAP-VAR-NAP-TOPCARD"
        if (verb == "widow" and not self.rules.peep) or (verb == "topcard" and not self.rules.nap_top_card):
            raise IllegalActionError(f"{name} cannot take the {verb}: not played at this table", rule)
        if (
            self.phase is not NapPhase.PLAY
            or s != self.declarer
            or self.tricks
            or self.trick_cards
            or verb in self.exchanged
        ):
            raise IllegalActionError(f"{name} cannot take the {verb}: only the senior hand may, before he leads", rule)
        if verb == "topcard" and self.contract not in FIVE:
            raise IllegalActionError(f"{name} cannot take the top card: only a Nap caller may", rule)
        extra = self.widow if verb == "widow" else (self.stock[0] if self.stock else None)
        if extra is None:
            raise RecordError("cards.stock", f"{name} takes the top card but the stock is empty")
        if not (self.hands[s] | 1 << extra) >> discard & 1:
            # Not naming the card: that would tell whether it is the unseen card being taken.
            raise IllegalActionError(f"{name} must discard one of his cards or the card he takes", rule)
        return s

    def exchange(self, seat: int | str, verb: str, discard: Card) -> NapAction:
        """The senior hand takes the widow or the top card and discards ``discard``."""
        s = self.verify_exchange(seat, verb, discard)
        action = NapAction(s, verb, None, (discard,))
        self._exchange(s, verb, discard)
        self.log.append(action)
        return action

    def _exchange(self, s: int, verb: str, discard: Card) -> None:
        extra = self.widow if verb == "widow" else self.stock.pop(0)
        assert extra is not None
        if verb == "widow":
            self.widow = None
        self.hands[s] = (self.hands[s] | 1 << extra) & ~(1 << discard)
        self.exchanged.add(verb)

    # -- play ----------------------------------------------------------------------------

    def playable(self, seat: int | str) -> int:
        """The mask of the cards ``seat`` may play now (empty when it is not his turn)."""
        s = self.seat_index(seat)
        if self.phase is not NapPhase.PLAY or s != self.to_act:
            return 0
        able = self._may_follow(s)
        return (able & self.exposed[s]) or able  # an exposed card goes at the first legal opportunity (NAP-LAW-8)

    def _may_follow(self, s: int) -> int:
        """The cards ``s`` may play by NAP-PLAY-2 alone: the suit led if he holds it, else any."""
        return follow_suit(self.hands[s], self.trick_cards[0] // 13) if self.trick_cards else self.hands[s]

    def verify_play(self, seat: int | str, card: Card) -> int:
        """Raise unless ``seat`` may play ``card`` now (NAP-PLAY-1..3)."""
        s = self.seat_index(seat)
        name = self.seats[s]
        what = f"{name} cannot play {card_str(card) if 0 <= card < 52 else card}"
        if self.phase is NapPhase.COMPLETE:
            raise IllegalActionError(f"{what}: the deal is over", "NAP-PLAY-4")
        if self.phase is not NapPhase.PLAY:
            raise IllegalActionError(f"{what}: the calling is not over", "NAP-CALL-1")
        if self.unknown:
            raise RecordError("actions", f"{what}: nobody recorded the cards of this deal; state each trick's winner")
        if not (0 <= card < 52 and self.hands[s] >> card & 1):
            raise IllegalActionError(f"{what}: he does not hold it", "NAP-PLAY-2")
        if s != self.to_act:
            assert self.to_act is not None
            role = "lead" if not self.trick_cards else "play"
            raise IllegalActionError(f"{what}: it is {self.seats[self.to_act]}'s turn to {role}", "NAP-PLAY-3")
        if not self.playable(s) >> card & 1:
            if self._may_follow(s) >> card & 1:
                shown = format_cards(self.playable(s))
                raise IllegalActionError(f"{what}: he must play his exposed card ({shown})", "NAP-LAW-8")
            led = self.trick_cards[0] // 13
            raise IllegalActionError(f"{what}: must follow suit in {SUIT_NAMES[led]}", "NAP-PLAY-2")
        return s

    def can_play(self, seat: int | str, card: Card) -> bool:
        """Whether ``seat`` may play ``card`` now."""
        return self._can(self.verify_play, seat, card)

    def play(self, seat: int | str, card: Card) -> NapAction:
        """``seat`` plays ``card``; the senior hand's first lead fixes trumps (NAP-PLAY-1)."""
        s = self.verify_play(seat, card)
        action = NapAction(s, "play", None, (card,))
        self._play(s, card)
        self.log.append(action)
        return action

    def _play(self, s: int, card: Card) -> None:
        first_lead = not self.tricks and not self.trick_cards
        if first_lead and (self.contract != "misery" or self.rules.misery_trumps):  # NAP-PLAY-1, NAP-PLAY-5
            self.trump = card // 13
        self.hands[s] &= ~(1 << card)
        self.exposed[s] &= ~(1 << card)
        self.trick_seats.append(s)
        self.trick_cards.append(card)
        if len(self.trick_cards) < len(self.order):
            i = self.order.index(s)
            self.to_act = self.order[(i + 1) % len(self.order)]
            return
        winner = self._end_trick(self.trump, trick_winner)  # NAP-PLAY-3
        if winner == self.declarer:
            self.won += 1
        else:
            self.lost += 1
        decided = self._decided()
        if decided is None:
            self.to_act = winner
        else:
            self.made = decided
            self._settle()

    def _decided(self) -> bool | None:
        """Whether the call is made (True), lost (False) or still open (None): the early end of NAP-PLAY-4."""
        assert self.contract is not None
        if self.contract == "misery":
            if self.won:
                return False
            return True if self.lost == 5 else None
        need = TRICKS[self.contract]
        if self.won >= need:
            return True
        if self.lost > 5 - need:
            return False
        return None

    # -- tricks stated where nobody recorded the cards ----------------------------------

    #: nobody recorded the cards (:meth:`deal_unknown`): each trick's winner is stated instead
    unknown: bool = False

    def deal_unknown(self) -> None:
        """Deal a deal whose cards nobody recorded (the pool keeper's deal): every hand is empty.

        Calling is as usual; play is stated trick by trick, ``SEAT trick`` ("SEAT won the next
        trick"), until NAP-PLAY-4 decides the deal. The variants that deal or exchange particular
        cards (purchase, peep, the spare hand, the top card) need the cards and are refused.
        """
        carded = [k for k in ("purchase", "peep", "nap_top_card") if getattr(self.rules, k)]
        carded += ["spare_hand"] if self.rules.spare_hand != "off" else []
        if carded:
            raise RecordError(
                f"options.{carded[0]}", "this variant exchanges particular cards, so the cards must be recorded"
            )
        self.unknown = True
        self._set_cards({}, 0, None, [])

    def verify_trick(self, seat: int | str) -> int:
        """Raise unless ``seat`` may be stated to have won the next trick (a deal of unknown cards)."""
        s = self.seat_index(seat)
        name = self.seats[s]
        if not self.unknown:
            raise RecordError("actions", f"{name} trick: the cards of this deal are recorded, so they are played")
        if self.phase is NapPhase.COMPLETE:
            raise IllegalActionError(f"{name} cannot win a trick: the deal is over", "NAP-PLAY-4")
        if self.phase is not NapPhase.PLAY:
            raise IllegalActionError(f"{name} cannot win a trick: the calling is not over", "NAP-CALL-1")
        if s not in self.order:
            raise IllegalActionError(f"{name} cannot win a trick: the dealer sits out", "NAP-GEN-2")
        return s

    def trick(self, seat: int | str) -> NapAction:
        """``seat`` won the next trick: the play of a deal whose cards nobody recorded."""
        s = self.verify_trick(seat)
        action = NapAction(s, "trick")
        self._trick(s)
        self.log.append(action)
        return action

    def _trick(self, s: int) -> None:
        leader = s if self.to_act is None else self.to_act
        self.tricks.append(Trick(leader, (), (), s))  # who led and what was played is not recorded
        if s == self.declarer:
            self.won += 1
        else:
            self.lost += 1
        decided = self._decided()  # NAP-PLAY-4
        if decided is None:
            self.to_act = s
        else:
            self.made = decided
            self._settle()

    # -- actions in general ----------------------------------------------------------------

    def legal_actions(self) -> list[NapAction]:
        """Every action the seat to act may take now."""
        s = self.to_act
        if s is None or self.phase in (NapPhase.COMPLETE, NapPhase.DEAL):
            return []
        if self.phase is NapPhase.PURCHASE:
            return [NapAction(s, "buy", None, c) for c in _subsets(self.hands[s], len(self.stock))]
        if self.phase is NapPhase.CALL:
            if self.challenge is not None:
                return [NapAction(s, "pass"), NapAction(s, "raise")]
            out = [NapAction(s, "pass")] + [NapAction(s, "call", c) for c in self.allowed_calls()]
            if self.rules.peep and s not in self.peeped:
                out.append(NapAction(s, "peep"))
            if self.rules.spare_hand != "off" and self.spare and self._call_problem("nap") is None:
                both = self.hands[s] | self.spare
                out.extend(NapAction(s, "spare", None, k) for k in combinations(sorted(cards_in(both)), 5))
            return out
        if self.unknown:
            return [NapAction(o, "trick") for o in self.order]
        out = [NapAction(s, "play", None, (c,)) for c in cards_in(self.playable(s))]
        if s == self.declarer and not self.tricks and not self.trick_cards:
            for verb in ("widow", "topcard"):
                if verb in self.exchanged:
                    continue
                extra = self.widow if verb == "widow" else (self.stock[0] if self.stock else None)
                if extra is None or (verb == "widow" and not self.rules.peep):
                    continue
                if verb == "topcard" and (not self.rules.nap_top_card or self.contract not in FIVE):
                    continue
                out.extend(NapAction(s, verb, None, (c,)) for c in cards_in(self.hands[s] | 1 << extra))
        return out

    def verify(self, action: NapAction) -> None:
        """Raise unless ``action`` is legal now."""
        v, s = action.verb, action.seat
        if v == "pass":
            self.verify_pass(s)
        elif v == "call":
            self.verify_call(s, action.call or "")
        elif v == "play" and len(action.cards) == 1:
            self.verify_play(s, action.cards[0])
        elif v == "buy":
            self.verify_buy(s, action.cards)
        elif v == "spare":
            self.verify_spare(s, action.cards)
        elif v == "peep":
            self.verify_peep(s)
        elif v in ("widow", "topcard") and len(action.cards) == 1:
            self.verify_exchange(s, v, action.cards[0])
        elif v == "raise":
            self.verify_raise(s)
        elif v == "trick":
            self.verify_trick(s)
        elif v == "irregular":
            rule = (action.arg or "").split()[0] if action.arg else "NAP-LAW-1"
            raise IllegalActionError(
                f"{self.seats[s]} irregular {action.arg or ''}: irregularities are ruled on in table mode only".rstrip(),
                rule if rule.startswith("NAP-LAW-") else "NAP-LAW-1",
            )
        elif v == "replay":
            raise IllegalActionError(f"{self.seats[s]} replay: a replay is ordered in table mode only", "NAP-LAW-6")
        else:
            raise IllegalActionError(f"{self.seats[s]} {v}: no such action in Nap", "NAP-CALL-1")

    def can(self, action: NapAction) -> bool:
        """Whether ``action`` is legal now."""
        return self._can(self.verify, action)

    def apply(self, action: NapAction) -> NapAction:
        """Apply ``action`` after checking it; returns it. In table mode an action the rules forbid is
        ruled on by the laws (:mod:`roundgames.nap.laws`) instead, or refused when no law covers it."""
        if self.table_mode and not self.can(action):
            from .laws import apply_law  # the laws build on this module

            return apply_law(self, action)
        self.verify(action)
        self.apply_unchecked(action)
        return action

    def apply_unchecked(self, action: NapAction) -> None:
        """Apply a legal action without checking it: the fast path for search and simulation.

        Warning: an illegal action corrupts the state. Use :meth:`apply` for anything a person drives.
        """
        v, s = action.verb, action.seat
        if v == "play":
            self._play(s, action.cards[0])
        elif v == "pass":
            self._pass(s)
        elif v == "call":
            assert action.call is not None
            self._call(s, action.call)
        elif v == "buy":
            self._buy(s, action.cards)
        elif v == "spare":
            self._spare(s, action.cards)
        elif v == "peep":
            self._peep(s)
        elif v in ("widow", "topcard"):
            self._exchange(s, v, action.cards[0])
        elif v == "raise":
            self._raise(s)
        elif v == "trick":
            self._trick(s)
        self.log.append(action)

    # -- settlement ----------------------------------------------------------------------

    def _settle(self) -> None:
        """Pay the call between the senior hand and each opponent (§6.5, NAP-SET-1, NAP-VAR-*)."""
        assert self.declarer is not None and self.contract is not None and self.made is not None
        won, lost = pay_table(self.rules)[self.contract]
        unit = self.rules.stakes.unit * self.multiplier
        if self.spare_taker == self.declarer and not self.made and self.rules.spare_hand == "sir_garnet":
            lost *= 2  # Sir Garnet: failure costs double (NAP-VAR-SPARE)
        for opp in range(self.n):
            if opp == self.declarer:
                continue
            # After a replay an offender wins nothing; what he would have won goes into the kitty (NAP-LAW-6).
            if self.made:
                if self.declarer in self.offenders:
                    self.ledger.stake(opp, won * unit)
                else:
                    self.ledger.transfer(opp, self.declarer, won * unit)
            elif opp in self.offenders:
                self.ledger.stake(self.declarer, lost * unit)
            else:
                self.ledger.transfer(self.declarer, opp, lost * unit)
        if self.spare_taker == self.declarer and not self.made and self.rules.spare_hand == "peel":
            self.ledger.stake(self.declarer, 2 * self.rules.stakes.unit)  # two tricks into the kitty
        if not self.made and self.contract in FIVE and self.rules.pool_nap_double:
            self.ledger.stake(self.declarer, self.ledger.pool)  # BIC's pool Nap: the kitty's worth (§14.28)
        self._award()

    def _award(self) -> None:
        """A made Nap takes the kitty (§14.14) and ends a Double Header (§14.13); then the deal is over."""
        if self.made and self.declarer not in self.offenders:
            # Fines and forfeits under revoke_rule bic_fine or replay go into the kitty, so those turn it on.
            if self.contract in FIVE and (self.rules.has_kitty or self.rules.revoke_rule != "default"):
                assert self.declarer is not None
                self.ledger.take(self.declarer, self.ledger.pool)
            if self.rules.all_pass == "double_header":
                self.next_multiplier = 1
        self._finish()

    def _finish(self) -> None:
        self.phase = NapPhase.COMPLETE
        self.to_act = None
        self.ledger.next_pool += self.ledger.pool
        self.ledger.pool = 0
        self.ledger.check()
