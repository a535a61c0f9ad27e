"""The Three-card Loo deal as a state machine (RULES.md §3 and §4.1).

A :class:`LooDeal` is created with the rules, the seats, the dealer, the pool and the kind
of deal; it is then dealt (from a seed, or with given cards), and the seats act in turn.
Every action has the triple ``verify_x`` (raises :class:`IllegalActionError` naming the
rule), ``can_x`` (a bool) and ``x`` (applies it and returns the logged :class:`LooAction`).

>>> from roundgames.core.cards import parse_cards
>>> deal = LooDeal(LooRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P2", pool=9)
>>> deal.deal_cards({"P3": "AS 4S 9D", "P4": "KD QD 2C", "P1": "JS 8H 3H", "P2": "KS TS 5D"},
...                 miss="6C 2H 8D", turnup="7S")
>>> for seat in ["P3", "P4", "P1", "P2"]:
...     _ = deal.stand(seat)
>>> deal.play("P3", parse_cards("4S")[0])
Traceback (most recent call last):
...
roundgames.core.errors.IllegalActionError: P3 cannot play 4S: holding the ace of trumps, must lead it (LOO-PLAY-2)
>>> for text in ["P3 play AS", "P4 play 2C", "P1 play JS", "P2 play TS", "P3 play 4S", "P4 play QD",
...              "P1 play 3H", "P2 play KS", "P2 play 5D", "P3 play 9D", "P4 play KD", "P1 play 8H"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.is_complete, deal.net, deal.pool_total, deal.next_kind
(True, [-6, 1, 4, 4], 6, <Kind.REGULAR: 'regular'>)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING

from ..core.cards import (
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    card_of,
    card_str,
    cards_in,
    format_cards,
    highest,
    mask_of,
    pack,
    parse_card,
    parse_cards,
    rank_of,
)
from ..core.errors import CardError, IllegalActionError, RecordError, irregular_arg
from ..core.tricks import Trick, loo_follow
from ..games.base import CardClaims
from .five import FiveCardLoo, deal_with_stock, hand_size
from .rules import LooRules

if TYPE_CHECKING:
    from .laws import LawState

__all__ = ["Decl", "Kind", "LooAction", "LooDeal", "LooView", "Phase", "Trick", "deal_order"]


class Kind(StrEnum):
    """The kind of a Loo deal (DEAL-RECORD.md ``kind``)."""

    REGULAR = "regular"
    SINGLE = "single"  # Peel's face-up single, §3.4
    EW_SINGLE = "ew_single"  # three cards, no miss, all must play (LOO-VAR-EW-SINGLE)


class Phase(IntEnum):
    """Where a deal stands."""

    DEAL = 0
    DECLARE = 1
    PLAY = 2
    COMPLETE = 3
    SHOW = 4  # flushes are being shown: the hand will not be played (LOO5-6)


class Decl(IntEnum):
    """A seat's declaration (LOO-DECL-1)."""

    NONE = 0
    STAND = 1
    THROW = 2
    MISS = 3
    DEFEND = 4  # the dealer plays the miss for the pool (LOO-DECL-8c)
    EXCHANGE = 5  # five-card and Irish Loo: exchanged from the stock, and so plays (LOO5-2)


DECLARE_VERBS = {"stand": Decl.STAND, "throw": Decl.THROW, "miss": Decl.MISS, "defend": Decl.DEFEND}
VERBS = (*DECLARE_VERBS, "play", "exchange", "flush")
#: the declarations that play the hand
PLAYING = (Decl.STAND, Decl.MISS, Decl.DEFEND, Decl.EXCHANGE)


@dataclass(frozen=True, slots=True)
class LooAction:
    """One action of a seat: a declaration (``stand``, ``throw``, ``miss``, ``defend``, ``exchange``),
    ``play`` (``arg="civil"``: the ace of trumps led with "Pam be civil", LOO5-4) or ``flush``."""

    seat: int
    verb: str
    card: Card | None = None
    #: the raw arguments of a verb that takes no card (``irregular LOO-LAW-8``), as written
    arg: str | None = None


@dataclass(frozen=True, slots=True)
class LooView:
    """One seat's view of a deal: everything it may see and nothing else."""

    seat: int
    phase: Phase
    hand: int
    seen_hands: dict[int, int]
    turnup: Card
    pool: int
    decls: tuple[Decl, ...]
    miss_holder: int | None
    tricks: tuple[Trick, ...]
    card_counts: tuple[int, ...]
    to_act: int | None
    legal: tuple[LooAction, ...]
    #: public facts of the table: the rules and stakes, the seats, the dealer, the kind of deal
    rules: LooRules
    seat_count: int
    dealer: int
    kind: Kind
    #: the seats that take part, in declaring order; and those playing the tricks (after declaring)
    order: tuple[int, ...]
    players: tuple[int, ...]


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


class LooDeal(FiveCardLoo):
    """One deal of Loo, from the dealer's stake to the settlement: Three-card Loo, and Five-card and Irish
    Loo (``rules.form``; their own part is :class:`~roundgames.loo.five.FiveCardLoo`)."""

    def __init__(
        self,
        rules: LooRules,
        seats: Sequence[str] | int,
        dealer: int | str = 0,
        pool: int = 0,
        kind: Kind | str = Kind.REGULAR,
        *,
        dealer_out: bool | None = None,
    ) -> None:
        super().__init__(seats, dealer, pool)
        self.rules = rules
        n = self.n
        if not 3 <= n <= rules.max_seats:
            rule = "LOO5-1" if rules.form == "five_card" else "LOO-GEN-1"
            raise RecordError(
                "seats",
                f"Loo takes 3 to {rules.max_seats} seats with a {rules.pack}-card pack, got {n} ({rule})",
            )
        self.kind = Kind(kind)
        if self.kind is Kind.SINGLE and rules.form != "three_card":
            raise RecordError("kind", f"{rules.form} Loo has no Peel single: every deal is regular (§14.5)")
        if pool < 0:
            raise RecordError("pool", f"the pool cannot be negative, got {pool}")
        stands_out = rules.dealer_stands_out_above is not None and n > rules.dealer_stands_out_above
        #: the dealer deals but takes no part (LOO-VAR-DEALER-STANDS-OUT, LOO-END-3, §14.3)
        self.dealer_out = stands_out if dealer_out is None else dealer_out
        #: the seats that receive cards, from the dealer's left; the last one has the dealer's rights
        self.order: tuple[int, ...] = tuple(
            s for s in ((self.dealer + 1 + i) % n for i in range(n)) if not (self.dealer_out and s == self.dealer)
        )
        if len(self.order) < 2:
            raise RecordError("seats", "at least two seats must take part in a deal")
        self.anchor = self.order[-1]
        self.phase = Phase.DEAL
        self.hands = [0] * n  # the cards each seat plays with now
        self.dealt = [0] * n  # the cards each seat was dealt
        self.miss = 0
        self.turnup: Card = -1
        self.trump = -1
        self.decls = [Decl.NONE] * n
        self.miss_holder: int | None = None
        self.to_act: int | None = None
        self.players: tuple[int, ...] = ()
        self.won = [0] * n
        #: the seats looed in this deal, with what each paid into the next pool
        self.looed: dict[int, int] = {}
        self.winner_without_play: int | None = None
        self.log: list[LooAction] = []
        #: table mode: the offenders, who win nothing in this deal: their trick shares are carried and they are
        #: looed once (LOO-LAW-0b..0d, §14.6; LOO-LAW-8, -16)
        self.offenders: set[int] = set()
        #: the hands and the leader as play began, for a replay from the first lead (LOO-LAW-0d, §14.9)
        self.play_hands: list[int] = []
        self.first_leader: int | None = None
        #: table mode: what the laws have ordered so far (roundgames.loo.laws), made by the first law applied
        self.law: LawState | None = None
        self._reset_five()

    # -- seats and actions as text -------------------------------------------------------

    def action_str(self, action: LooAction) -> str:
        """The action as a record writes it: ``"P3 play AS"``."""
        text = f"{self.seats[action.seat]} {action.verb}"
        if action.card is not None:
            text = f"{text} {card_str(action.card)}"
        return text if action.arg is None else f"{text} {action.arg}"

    def parse_action(self, text: str) -> LooAction:
        """Parse an action string ``SEAT VERB [CARD]``; raises :class:`RecordError` if it does not parse."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2:
            raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT VERB [CARD]'")
        seat, verb, args = parts[0], parts[1], parts[2:]
        idx = self.seat_index(seat, "actions")
        if (verb == "trick" and not args) or (verb == "single" and args in ([], ["nobody"])):  # deal_unknown
            return LooAction(idx, verb, None, " ".join(args) or None)
        if verb in DECLARE_VERBS and not args:
            return LooAction(idx, verb)
        civil = len(args) == 2 and args[1].lower() == "civil"  # "Pam be civil" (LOO5-4)
        if verb == "play" and (len(args) == 1 or civil):
            try:
                card = parse_card(args[0])
            except CardError as e:
                raise RecordError("actions", f"{text!r}: {e}") from None
            return LooAction(idx, verb, card, "civil" if civil else None)
        if verb == "exchange":
            try:
                out = [parse_card(a) for a in args]
            except CardError as e:
                raise RecordError("actions", f"{text!r}: {e}") from None
            if not out or len(set(out)) != len(out):
                raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT exchange CARDS', each card once")
            return LooAction(idx, verb, None, format_cards(out))
        if verb == "flush" and not args:
            return LooAction(idx, verb)
        if verb == "irregular":
            return LooAction(idx, verb, None, irregular_arg(text, args, f"{seat} irregular LOO-LAW-8"))
        if verb == "replay":
            return LooAction(idx, verb, None, " ".join(args) or None)
        raise RecordError(
            "actions",
            f"{text!r} does not parse: Loo verbs are {', '.join(VERBS)} (one card after play, cards after exchange)",
        )

    # -- dealing -------------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        """Cards dealt to each taking part: one in Peel's single, five in Five-card Loo, three otherwise."""
        return 1 if self.kind is Kind.SINGLE else hand_size(self.rules.form)

    def deal(self, seed: int | random.Random | None = None) -> None:
        """Shuffle the pack with ``seed`` and deal it as the dealer does (LOO-DEAL-4/5, LOO-SGL-1)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        cards = pack(self.rules.pack)
        rng.shuffle(cards)
        if self.has_stock:  # LOO5-1, LOOI-1: no miss; the rest of the pack is the stock
            dealt, turnup, stock = deal_with_stock(cards, self.order, self.hand_size)
            self._set_cards({s: mask_of(h) for s, h in dealt.items()}, 0, turnup, stock)
            return
        hands, miss, turnup = deal_order(cards, self.order, kind=self.kind)
        self._set_cards({s: sum(1 << c for c in h) for s, h in hands.items()}, sum(1 << c for c in miss), turnup)

    def deal_cards(
        self,
        hands: Mapping[str, str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
        miss: str | Sequence[Card] = (),
        turnup: str | Card | None = None,
        *,
        stock: str | Sequence[Card] = (),
    ) -> None:
        """Deal the given cards; raises :class:`RecordError` for a card that is missing, doubled or unknown.

        ``stock`` (Five-card and Irish Loo) is the undealt pack that exchanges draw from, top card first.
        """
        if turnup is None:
            raise RecordError("cards.turnup", "a Loo deal needs a turn-up card")

        claims = CardClaims(self.rules.pack)
        masks: dict[int, int] = {}

        for seat, value in hands.items():
            idx = self.seat_index(seat, "cards")
            where = f"cards.{self.seats[idx]}"
            if idx not in self.order:
                raise RecordError(where, f"{self.seats[idx]} is the dealer and takes no part, so is dealt no cards")
            cards = claims.claim(where, value, "LOO-VAR-32")
            if len(cards) != self.hand_size:
                raise RecordError(
                    where,
                    f"a {self.kind.value} deal gives {self.hand_size} card{'s' * (self.hand_size > 1)} each, got {len(cards)}",
                )
            masks[idx] = mask_of(cards)
        for idx in self.order:
            if idx not in masks:
                raise RecordError(f"cards.{self.seats[idx]}", f"no hand dealt to {self.seats[idx]}")
        miss_cards = claims.claim("cards.miss", miss, "LOO-VAR-32")
        if self.has_stock and miss_cards:
            raise RecordError("cards.miss", f"{self.rules.form} Loo deals no miss (LOO5-1, LOOI-1)")
        want = 3 if self.kind is Kind.REGULAR and not self.has_stock else 0
        if len(miss_cards) != want:
            raise RecordError(
                "cards.miss", f"a {self.kind.value} deal has a miss of {want} cards, got {len(miss_cards)}"
            )
        miss_mask = mask_of(miss_cards)
        up = claims.claim("cards.turnup", turnup, "LOO-VAR-32")
        if len(up) != 1:
            raise RecordError("cards.turnup", f"one turn-up card, got {len(up)}")
        stock_cards = claims.claim("cards.stock", stock, "LOO-VAR-32")
        if stock_cards and not self.has_stock:
            raise RecordError("cards.stock", "Three-card Loo draws from no stock")
        self._set_cards(masks, miss_mask, up[0], stock_cards)

    def _set_cards(self, hands: Mapping[int, int], miss: int, turnup: Card, stock: Sequence[Card] = ()) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalActionError("the cards have already been dealt", "LOO-DEAL-4")
        for s, m in hands.items():
            self.hands[s] = self.dealt[s] = m
        self.miss = miss
        self.turnup = turnup
        self.trump = turnup // 13
        self._set_stock(stock)
        self._pay_stakes()
        if self.kind is Kind.SINGLE:
            self._settle_single()
            return
        self.phase = Phase.DECLARE
        self.to_act = self.order[0]

    def _pay_stakes(self) -> None:
        stakes = self.rules.stakes
        self.ledger.stake(self.dealer, stakes.deal)  # LOO-STK-2
        if self.rules.ante == "all" and self.kind is not Kind.SINGLE:  # LOO-VAR-ALL-ANTE; §14.19
            for s in range(self.n):
                if s != self.dealer:
                    self.ledger.stake(s, stakes.ante)

    # -- state ---------------------------------------------------------------------------

    @property
    def is_complete(self) -> bool:
        """Whether the deal is finished and settled."""
        return self.phase is Phase.COMPLETE

    @property
    def club_law(self) -> bool:
        """Whether every seat must stand: club law with a club turned up, or an EW single."""
        if self.kind is Kind.EW_SINGLE:
            return True
        return self.rules.club_law and self.kind is Kind.REGULAR and self.trump == 3

    @property
    def pool(self) -> int:
        """Counters in this deal's pool now (LOO-STK-6)."""
        return self.ledger.pool

    @property
    def pool_total(self) -> int:
        """Everything on the table: once complete, the pool for the next deal before its stake."""
        return self.ledger.total

    @property
    def next_dealer(self) -> int:
        """The next dealer: the seat on this dealer's left (LOO-GEN-3, LOO-SET-6); after a void deal,
        the same dealer (LOO-LAW-1/2, §14.8) or the proper one (LOO-LAW-3)."""
        if self.law is not None and self.law.next_dealer is not None:
            return self.law.next_dealer
        return (self.dealer + 1) % self.n

    @property
    def is_void(self) -> bool:
        """Whether a law made this deal void (a misdeal, LOO-LAW-1..3, §14.8): the stakes are returned
        and it does not count as a deal of its dealer's."""
        return self.law is not None and self.law.void

    @property
    def full_loo_penalty(self) -> bool:
        """Whether a seat paid a full-loo penalty in this deal: it counts as a loo (§14.5)."""
        return self.law is not None and self.law.full_loo_paid

    @property
    def next_kind(self) -> Kind:
        """The kind of the next deal (LOO-DEAL-2/3, LOO-SET-5, §14.5): a full-loo penalty counts as a loo;
        after a void deal, the same kind again (§14.8); five-card and Irish Loo are always regular (§14.5)."""
        if self.law is not None and self.law.void:
            return self.kind
        if (
            self.kind is Kind.SINGLE
            or self.looed
            or self.has_stock
            or (self.law is not None and self.law.full_loo_paid)
        ):
            return Kind.REGULAR
        return {"peel": Kind.SINGLE, "ew": Kind.EW_SINGLE}.get(self.rules.single, Kind.REGULAR)

    @property
    def current_trick(self) -> tuple[tuple[int, ...], tuple[Card, ...]]:
        """The seats and cards of the trick in progress."""
        return tuple(self.trick_seats), tuple(self.trick_cards)

    def view(self, seat: int | str) -> LooView:
        """What ``seat`` may see now: its own cards only once its turn to declare has come
        (LOO-DECL-1), the miss only if it took it (LOO-DEAL-6), never thrown-up cards or the pack."""
        s = self.seat_index(seat)
        looked = self.phase is not Phase.DECLARE or self.decls[s] is not Decl.NONE or self.to_act == s
        if self.kind is Kind.SINGLE:
            faces = {o: self.dealt[o] for o in self.order}  # all face up (LOO-SGL-1)
        else:
            faces = {s: self.hands[s] if looked else 0}
        return LooView(
            seat=s,
            phase=self.phase,
            hand=faces.get(s, 0),
            seen_hands=faces,
            turnup=self.turnup,
            pool=self.ledger.total,
            decls=tuple(self.decls),
            miss_holder=self.miss_holder,
            tricks=tuple(self.all_tricks()),
            card_counts=tuple(int.bit_count(h) for h in self.hands),
            to_act=self.to_act,
            legal=tuple(self.legal_actions()) if self.to_act == s else self.side_actions(s),
            rules=self.rules,
            seat_count=self.n,
            dealer=self.dealer,
            kind=self.kind,
            order=self.order,
            players=self.players,
        )

    def copy(self) -> LooDeal:
        """An independent copy, for search."""
        out = LooDeal.__new__(LooDeal)
        out.__dict__.update(self.__dict__)
        for name in ("hands", "dealt", "decls", "tricks", "trick_seats", "trick_cards", "won", "log"):
            setattr(out, name, getattr(self, name)[:])
        out.looed = dict(self.looed)
        out.ledger = self.ledger.copy()
        out.offenders = set(self.offenders)
        out.play_hands = self.play_hands[:]
        out.irregularities = self.irregularities[:]
        out.law = None if self.law is None else self.law.copy()
        self._copy_five(out)
        return out

    # -- declaring -----------------------------------------------------------------------

    def declare_options(self, seat: int) -> tuple[Decl, ...]:
        """The declarations open to ``seat`` if it were its turn (LOO-DECL-1..10, §14.2; LOO5-2, LOOI-2)."""
        if self.has_stock:  # no miss; exchanging is a way of playing, open under club law too (§14.22)
            if self.club_law or (seat == self.anchor and self._lone_stander() and not self._may_concede):
                return (Decl.STAND, Decl.EXCHANGE)  # facing a lone stander he plays his own hand (§14.24)
            return (Decl.STAND, Decl.THROW, Decl.EXCHANGE)
        if self.club_law:
            return (Decl.STAND,)
        miss_open = self.miss_holder is None
        if seat == self.anchor:
            others = self.order[:-1]
            stood = sum(1 for s in others if self.decls[s] is Decl.STAND)
            took = sum(1 for s in others if self.decls[s] is Decl.MISS)
            if stood == 1 and took == 0:  # LOO-DECL-8
                return (Decl.DEFEND, Decl.MISS, Decl.STAND) + ((Decl.THROW,) if self._may_concede else ())
            if stood == 0 and took == 1:  # LOO-DECL-9
                return (Decl.STAND, Decl.THROW)
        return (Decl.MISS, Decl.STAND, Decl.THROW) if miss_open else (Decl.STAND, Decl.THROW)

    @property
    def _may_concede(self) -> bool:
        return self.rules.dealer_lone_stander == "may_concede"

    def _lone_stander(self) -> bool:
        """Whether exactly one seat before the dealer (§14.3: the last playing seat) plays: the LOO-DECL-8 case,
        which in Five-card and Irish Loo is one seat that stood or exchanged (§14.24)."""
        return sum(1 for s in self.order[:-1] if self.decls[s] in PLAYING) == 1

    def verify_declare(self, seat: int | str, decl: Decl) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may make ``decl`` now; returns the seat index."""
        s = self.seat_index(seat)
        name, verb = self.seats[s], _DECL_WORDS[decl]
        if self.phase is Phase.DEAL:
            raise IllegalActionError(f"{name} cannot {verb}: the cards have not been dealt", "LOO-DECL-1")
        if self.phase is Phase.COMPLETE:
            raise IllegalActionError(f"{name} cannot {verb}: the deal is over", "LOO-SET-6")
        if self.phase is Phase.SHOW:
            raise IllegalActionError(f"{name} cannot {verb}: the declaring is over; flushes are shown", "LOO5-6")
        if self.kind is Kind.SINGLE:
            raise IllegalActionError(f"{name} cannot {verb}: in Peel's single nobody declares", "LOO-SGL-1")
        if self.dealer_out and s == self.dealer:
            cap = self.rules.dealer_stands_out_above
            rule = "LOO-VAR-DEALER-STANDS-OUT" if cap is not None and self.n > cap else "LOO-END-3"
            raise IllegalActionError(f"{name} cannot {verb}: the dealer takes no part in this deal", rule)
        if self.decls[s] is not Decl.NONE:
            if self.decls[s] is Decl.EXCHANGE:
                raise IllegalActionError(f"{name} cannot {verb}: having exchanged, he must play", "LOO5-2")
            if self.phase is Phase.PLAY and decl is Decl.THROW and s in self.players:
                raise IllegalActionError(f"{name} cannot throw up: having stood, he must play", "LOO-DECL-4")
            raise IllegalActionError(f"{name} cannot {verb}: he has declared already", "LOO-DECL-5")
        if s != self.to_act:
            who = self.seats[self.to_act] if self.to_act is not None else "nobody"
            raise IllegalActionError(f"{name} cannot {verb}: it is {who}'s turn to declare", "LOO-DECL-1")
        options = self.declare_options(s)
        if decl in options:
            return s
        if self.kind is Kind.EW_SINGLE:
            raise IllegalActionError(f"{name} cannot {verb}: in this single all must play", "LOO-VAR-EW-SINGLE")
        if self.club_law:
            raise IllegalActionError(
                f"{name} cannot {verb}: clubs are trumps, so all must stand (club law)", "LOO-VAR-CLUBLAW"
            )
        if decl in (Decl.MISS, Decl.DEFEND) and self.has_stock:
            rule = "LOOI-1" if self.rules.form == "irish" else "LOO5-1"
            raise IllegalActionError(f"{name} cannot {verb}: {self.rules.form_name} deals no miss", rule)
        if decl is Decl.DEFEND:
            raise IllegalActionError(
                f"{name} cannot play the miss for the pool: only the dealer may, when one player alone "
                "stood and nobody took the miss",
                "LOO-DECL-8",
            )
        if decl is Decl.MISS:
            holder = self.seats[self.miss_holder] if self.miss_holder is not None else "?"
            raise IllegalActionError(f"{name} cannot take the miss: {holder} has taken it", "LOO-DECL-3")
        if self.has_stock:
            raise IllegalActionError(
                f"{name} cannot throw up: one player alone is in, so the dealer must play his own hand, "
                "standing or exchanging (§14.24)",
                "LOO-DECL-8",
            )
        raise IllegalActionError(
            f"{name} cannot throw up: one player alone stood, so the dealer must stand, take the miss "
            "or play it for the pool",
            "LOO-DECL-8",
        )

    def can_declare(self, seat: int | str, decl: Decl) -> bool:
        """Whether ``seat`` may make ``decl`` now."""
        return self._can(self.verify_declare, seat, decl)

    def declare(self, seat: int | str, decl: Decl) -> LooAction:
        """Make the declaration ``decl`` for ``seat`` (LOO-DECL-1..10); an exchange is :meth:`exchange`."""
        if decl is Decl.EXCHANGE:
            raise IllegalActionError(f"{self.seats[self.seat_index(seat)]} must name the cards he exchanges", "LOO5-2")
        s = self.verify_declare(seat, decl)
        action = LooAction(s, _DECL_VERB[decl])
        self._declare(s, decl)
        self.log.append(action)
        return action

    def verify_stand(self, seat: int | str) -> None:
        """Raise unless ``seat`` may stand now."""
        self.verify_declare(seat, Decl.STAND)

    def can_stand(self, seat: int | str) -> bool:
        """Whether ``seat`` may stand now."""
        return self.can_declare(seat, Decl.STAND)

    def stand(self, seat: int | str) -> LooAction:
        """``seat`` stands on its own cards ("I play")."""
        return self.declare(seat, Decl.STAND)

    def verify_throw_up(self, seat: int | str) -> None:
        """Raise unless ``seat`` may throw up now."""
        self.verify_declare(seat, Decl.THROW)

    def can_throw_up(self, seat: int | str) -> bool:
        """Whether ``seat`` may throw up now."""
        return self.can_declare(seat, Decl.THROW)

    def throw_up(self, seat: int | str) -> LooAction:
        """``seat`` throws up (LOO-DECL-2); for a dealer who may concede, gives up the stakes."""
        return self.declare(seat, Decl.THROW)

    def verify_take_miss(self, seat: int | str) -> None:
        """Raise unless ``seat`` may take the miss now."""
        self.verify_declare(seat, Decl.MISS)

    def can_take_miss(self, seat: int | str) -> bool:
        """Whether ``seat`` may take the miss now."""
        return self.can_declare(seat, Decl.MISS)

    def take_miss(self, seat: int | str) -> LooAction:
        """``seat`` takes the miss and must play it (LOO-DECL-3/4)."""
        return self.declare(seat, Decl.MISS)

    def verify_defend(self, seat: int | str) -> None:
        """Raise unless ``seat`` may play the miss for the pool now."""
        self.verify_declare(seat, Decl.DEFEND)

    def can_defend(self, seat: int | str) -> bool:
        """Whether ``seat`` may play the miss for the pool now."""
        return self.can_declare(seat, Decl.DEFEND)

    def defend(self, seat: int | str) -> LooAction:
        """The dealer plays the miss for the pool against the lone stander (LOO-DECL-8c)."""
        return self.declare(seat, Decl.DEFEND)

    def _declare(self, s: int, decl: Decl) -> None:
        self.decls[s] = decl
        if decl in (Decl.MISS, Decl.DEFEND):
            self.miss_holder = s
            self.hands[s] = self.miss  # his own cards go to the pack unseen (LOO-DECL-3)
        elif decl is Decl.THROW:
            self.hands[s] = 0
        if s == self.anchor:
            self._after_declaring()
            return
        self.to_act = self.order[self.order.index(s) + 1]
        if self.to_act == self.anchor and not self.club_law:
            others = self.order[:-1]
            if all(self.decls[o] is Decl.THROW for o in others):  # LOO-DECL-7
                self._take_pool_without_play(self.anchor)

    def _after_declaring(self) -> None:
        anchor_decl = self.decls[self.anchor]
        if anchor_decl is Decl.THROW:
            playing = [s for s in self.order if self.decls[s] in PLAYING]
            if len(playing) == 1:  # LOO-DECL-9, or the dealer conceding (LOO-VAR-DEALER-CONCEDE)
                self._take_pool_without_play(playing[0])
                return
        self.players = tuple(s for s in self.order if self.decls[s] in PLAYING)
        self.phase = Phase.PLAY
        leader = self.players[0]  # the elder among the players; the dealer's seat counts last (LOO-PLAY-1)
        if self.rules.leader == "miss_holder" and self.miss_holder is not None:  # LOO-VAR-MISS-LEADS, §14.11
            leader = self.miss_holder
        self.to_act = leader
        self.play_hands, self.first_leader = self.hands[:], leader

    def _restart_play(self) -> None:
        """Every card back in its hand; play again from the first lead, same leader (LOO-LAW-0b/0d, §14.9)."""
        self.hands = self.play_hands[:]
        self.tricks, self.trick_seats, self.trick_cards = [], [], []
        self.won = [0] * self.n
        self.to_act = self.first_leader

    def _take_pool_without_play(self, seat: int) -> None:
        if self.has_flushes and self._show_before_taking(seat):  # LOO5-6: a flush is paid besides [D]
            return
        if seat not in self.offenders:  # an offender wins nothing, with or without play: the pool is carried
            self.winner_without_play = seat
            self.ledger.take(seat, self.ledger.pool)
        self._finish()

    # -- play ----------------------------------------------------------------------------

    def playable(self, seat: int | str) -> int:
        """The mask of the cards ``seat`` may play now (empty when it is not his turn)."""
        s = self.seat_index(seat)
        if self.phase is not Phase.PLAY or s != self.to_act:
            return 0
        return self._playable(s)

    def _playable(self, s: int) -> int:
        if self.pam is not None:
            return self._playable_five(s)  # Pam (LOO5-3/4)
        hand = self.hands[s]
        if self.trick_cards:
            return loo_follow(hand, self.trick_cards, self.trump)
        lead = len(self.tricks)
        trumps = hand & SUIT_MASKS[self.trump]
        rule = self.rules.lead_rule
        if lead == 0:
            if rule == "cassell":  # LOO-VAR-CASSELL-LEAD, §14.12
                if trumps:
                    return 1 << highest(trumps)
                top = max(rank_of(c) for c in cards_in(hand))
                return sum(1 << c for c in cards_in(hand) if rank_of(c) == top)
            top_trump = card_of(11 if rank_of(self.turnup) == 12 else 12, self.trump)
            if hand >> top_trump & 1:  # LOO-PLAY-2 step 1
                return 1 << top_trump
            if int.bit_count(trumps) >= 2:  # LOO-PLAY-2 step 2, or LOO-VAR-LEADONE
                return trumps if rule == "lead_one" else 1 << highest(trumps)
            return hand
        if lead == 1 and trumps and (rule == "cassell" or self.rules.second_lead == "peel"):
            return 1 << highest(trumps)  # LOO-PLAY-3; Cassell's later leads (§14.19)
        return hand

    def verify_play(self, seat: int | str, card: Card, civil: bool = False) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may play ``card`` now (``civil``: leading the ace
        of trumps with "Pam be civil", LOO5-4); returns the seat index."""
        s = self.seat_index(seat)
        name, shown = self.seats[s], card_str(card) if 0 <= card < 52 else str(card)
        what = f"{name} cannot play {shown}"
        if self.phase is Phase.DEAL:
            raise IllegalActionError(f"{what}: the cards have not been dealt", "LOO-DEAL-4")
        if self.phase is Phase.COMPLETE:
            raise IllegalActionError(f"{what}: the deal is over", "LOO-PLAY-9")
        if self.unknown:
            raise RecordError("actions", f"{what}: nobody recorded the cards of this deal; state each trick's winner")
        if self.phase is Phase.DECLARE:
            if s == self.to_act:
                raise IllegalActionError(f"{what}: he must first stand, throw up or take the miss", "LOO-DECL-1")
            raise IllegalActionError(f"{what}: the declaring is not over", "LOO-DECL-1")
        if self.phase is Phase.SHOW:
            raise IllegalActionError(f"{what}: a flush has been shown, so the hand is not played", "LOO5-6")
        if s not in self.players:
            raise IllegalActionError(f"{what}: only those who stood or took the miss play", "LOO-PLAY-1")
        if not (0 <= card < 52 and self.hands[s] >> card & 1):
            raise IllegalActionError(f"{what}: he does not hold it", "LOO-PLAY-4")
        if s != self.to_act:
            assert self.to_act is not None
            first = not self.tricks and not self.trick_cards
            rule = "LOO-PLAY-1" if first else "LOO-PLAY-7"
            role = "lead" if not self.trick_cards else "play"
            raise IllegalActionError(f"{what}: it is {self.seats[self.to_act]}'s turn to {role}", rule)
        if civil:
            self._verify_civil(s, card)
        legal = self._playable(s)
        if legal >> card & 1:
            return s
        reason, rule = self._why_not(s, card, legal)
        raise IllegalActionError(f"{what}: {reason}", rule)

    def _why_not(self, s: int, card: Card, legal: int) -> tuple[str, str]:
        if self.pam is not None:
            return self._why_not_five(s, card, legal)
        if not self.trick_cards:
            return self._lead_reason(s, legal)
        led = self.trick_cards[0] // 13
        follow = self.hands[s] & SUIT_MASKS[led]
        if follow:
            if card // 13 != led:
                return f"must follow suit in {SUIT_NAMES[led]}", "LOO-PLAY-4"
            return (
                f"must head the trick with a higher {SUIT_NAMES[led][:-1]}: {format_cards(legal)}",
                "LOO-PLAY-5",
            )
        trumped = any(c // 13 == self.trump for c in self.trick_cards) and led != self.trump
        verb = "overtrump" if trumped else "trump"
        return (
            f"void in {SUIT_NAMES[led]}, must {verb} to head the trick: {format_cards(legal)}",
            "LOO-PLAY-6",
        )

    def _lead_reason(self, s: int, legal: int) -> tuple[str, str]:
        must = format_cards(legal)
        trumps = self.hands[s] & SUIT_MASKS[self.trump]
        cassell = self.rules.lead_rule == "cassell"
        if len(self.tricks) == 1:
            if cassell:
                return f"must lead his highest trump, {must} (Cassell's lead)", "LOO-PLAY-3"
            if int.bit_count(trumps) >= 2:
                return (
                    f"having won the first trick with two trumps, must lead the higher, {must}",
                    "LOO-PLAY-3",
                )
            return f"having won the first trick holding a trump, must lead it, {must}", "LOO-PLAY-3"
        if cassell:
            if trumps:
                return f"must lead his highest trump, {must} (Cassell's lead)", "LOO-PLAY-2"
            return (
                f"holding no trump, must lead a card of his highest rank: {must} (Cassell's lead)",
                "LOO-PLAY-2",
            )
        if rank_of(self.turnup) == 12 and legal == 1 << card_of(11, self.trump):
            return "holding the king of trumps with the ace turned up, must lead it", "LOO-PLAY-2"
        if legal == 1 << card_of(12, self.trump):
            return "holding the ace of trumps, must lead it", "LOO-PLAY-2"
        if self.rules.lead_rule == "lead_one":
            return f"holding two or more trumps, must lead one of them: {must}", "LOO-PLAY-2"
        return f"holding two or more trumps, must lead the highest, {must}", "LOO-PLAY-2"

    def can_play(self, seat: int | str, card: Card, civil: bool = False) -> bool:
        """Whether ``seat`` may play ``card`` now."""
        return self._can(self.verify_play, seat, card, civil)

    def play(self, seat: int | str, card: Card, civil: bool = False) -> LooAction:
        """``seat`` plays ``card`` to the trick (LOO-PLAY-1..9; ``civil``: "Pam be civil", LOO5-4)."""
        s = self.verify_play(seat, card, civil)
        action = LooAction(s, "play", card, "civil" if civil else None)
        self._play(s, card, civil)
        self.log.append(action)
        return action

    def _play(self, s: int, card: Card, civil: bool = False) -> None:
        if not self.trick_cards:
            self.civil = civil
        self.hands[s] &= ~(1 << card)
        self.trick_seats.append(s)
        self.trick_cards.append(card)
        if len(self.trick_cards) < len(self.players):
            i, k = self.players.index(s), len(self.players)
            # the next on the left who has not played to this trick (one may have played out of turn, LOO-LAW-10)
            self.to_act = next(p for p in (self.players[(i + j) % k] for j in range(1, k)) if p not in self.trick_seats)
            return
        winner = self._end_trick(self.trump, self._trick_winner)  # LOO-PLAY-7, LOO5-3
        self.civil = False
        self.won[winner] += 1
        if len(self.tricks) == self.trick_count:  # LOO-PLAY-9, LOO5-5: all the tricks are played
            self._settle_regular()
        else:
            self.to_act = winner

    # -- actions in general ----------------------------------------------------------------

    def legal_actions(self) -> list[LooAction]:
        """Every action the seat to act may take now, in a fixed order; in table mode as the laws
        leave them (a forced throw, a bound declaration, a demand for a replay)."""
        proper = self._proper_actions()
        if self.table_mode:
            from .laws import legal_actions  # loo_laws imports this module

            return legal_actions(self, proper)
        return proper

    def _proper_actions(self) -> list[LooAction]:
        s = self.to_act
        if s is None or self.phase is Phase.COMPLETE:
            return []
        if self.unknown and self.phase is Phase.PLAY:
            return self._stated_options()
        if self.phase is Phase.DECLARE:
            options = sorted(self.declare_options(s))
            out = [LooAction(s, _DECL_VERB[d]) for d in options if d is not Decl.EXCHANGE]
            return out + (self.exchange_actions(s) if Decl.EXCHANGE in options else [])
        if self.phase is Phase.SHOW:
            return [LooAction(s, "flush")]  # LOO5-6: once one is shown, every flush is
        if self.has_stock:
            return self._play_actions(s)
        return [LooAction(s, "play", c) for c in cards_in(self._playable(s))]

    def verify(self, action: LooAction, *, strict: bool = False) -> None:
        """Raise unless ``action`` is legal now; in table mode, unless a law covers it (``strict=True``:
        as in strict mode even at a table in table mode)."""
        if self.table_mode and not strict:
            from .laws import judge  # loo_laws imports this module

            judge(self, action)
            return
        if action.verb == "play":
            if action.card is None:
                raise IllegalActionError(f"{self.seats[action.seat]} must name a card to play", "LOO-PLAY-7")
            if action.arg not in (None, "civil"):
                raise IllegalActionError(
                    f"{self.seats[action.seat]} play {card_str(action.card)} {action.arg}: the only words a lead "
                    "may carry are 'civil' (Pam be civil)",
                    "LOO5-4",
                )
            self.verify_play(action.seat, action.card, action.arg == "civil")
        elif action.verb == "exchange":
            self.verify_exchange(action.seat, _exchange_cards(action))
        elif action.verb == "flush":
            self.verify_flush(action.seat)
        elif action.verb in DECLARE_VERBS:
            self.verify_declare(action.seat, DECLARE_VERBS[action.verb])
        elif action.verb in ("trick", "single"):
            self.verify_stated(action)
        elif action.verb == "irregular":
            named = (action.arg or "").split()
            rule = named[0] if named and named[0].startswith("LOO-LAW-") else "LOO-LAW-17"
            raise IllegalActionError(
                f"{self.seats[action.seat]} irregular {action.arg or ''}: irregularities are ruled on in table mode only",
                rule,
            )
        elif action.verb == "replay":
            raise IllegalActionError(
                f"{self.seats[action.seat]} replay: a replay is ordered in table mode only", "LOO-LAW-0b"
            )
        else:
            raise IllegalActionError(f"{self.seats[action.seat]} {action.verb}: no such Loo action", "LOO-DECL-1")

    def can(self, action: LooAction) -> bool:
        """Whether ``action`` is legal now."""
        return self._can(self.verify, action)

    def apply(self, action: LooAction, *, strict: bool = False) -> LooAction:
        """Apply ``action`` after checking it; returns it as logged. In table mode an irregular action
        is applied with its law (roundgames.loo.laws); ``strict=True`` applies only a legal one."""
        if self.table_mode and not strict:
            from .laws import judge  # loo_laws imports this module

            return judge(self, action)()
        if action.verb == "play" and action.card is not None and action.arg in (None, "civil"):
            return self.play(action.seat, action.card, action.arg == "civil")
        if action.verb == "exchange":
            return self.exchange(action.seat, _exchange_cards(action))
        if action.verb == "flush":
            return self.flush(action.seat)
        self.verify(action)  # raises for anything that is not a declaration
        if action.verb in ("trick", "single"):  # or a result stated where nobody recorded the cards
            return self.state_result(action)
        return self.declare(action.seat, DECLARE_VERBS[action.verb])

    def apply_unchecked(self, action: LooAction) -> None:
        """Apply a legal action without checking it: the fast path for search and simulation.

        Warning: an illegal action corrupts the state. Use :meth:`apply` for anything a person drives.
        """
        if action.verb in ("trick", "single"):  # a result stated where nobody recorded the cards
            self._stated(action)
            self.log.append(action)
            return
        if action.verb == "play":
            assert action.card is not None
            self._play(action.seat, action.card, action.arg == "civil")
        elif action.verb == "exchange":
            self._exchange(action.seat, mask_of(_exchange_cards(action)))
        elif action.verb == "flush":
            self._flush(action.seat)
        else:
            self._declare(action.seat, DECLARE_VERBS[action.verb])
        self.log.append(action)

    # -- deals whose cards nobody recorded: results stated ---------------------------------

    #: nobody recorded the cards (:meth:`deal_unknown`): the winners are stated instead
    unknown: bool = False

    def deal_unknown(self, turnup: str | Card | None = None) -> None:
        """Deal a deal whose cards nobody recorded (the pool keeper's deal): every hand is empty.

        Declaring is as usual. Play is stated trick by trick, ``SEAT trick`` ("SEAT won the next
        trick"), and Peel's single by ``SEAT single`` (SEAT's card won it, LOO-SGL-2) or the dealer's
        ``single nobody`` (LOO-SGL-4). ``turnup`` is needed only where it decides something: under
        club law in a regular deal (LOO-VAR-CLUBLAW).
        """
        if self.phase is not Phase.DEAL:
            raise IllegalActionError("the cards have already been dealt", "LOO-DEAL-4")
        up = -1
        if turnup is not None:
            cards = CardClaims(self.rules.pack).claim("cards.turnup", turnup, "LOO-VAR-32")
            if len(cards) != 1:
                raise RecordError("cards.turnup", f"one turn-up card, got {len(cards)}")
            up = cards[0]
        if up < 0 and self.rules.club_law and self.kind is Kind.REGULAR:
            raise RecordError(
                "cards.turnup", "under club law the turn-up decides who must stand: give it (LOO-VAR-CLUBLAW)"
            )
        self.unknown = True
        self.turnup, self.trump = up, up // 13 if up >= 0 else -1
        self._pay_stakes()
        if self.kind is Kind.SINGLE:  # the table says whose face-up card won (LOO-SGL-2)
            self.phase, self.players, self.to_act = Phase.PLAY, self.order, self.dealer
            return
        self.phase = Phase.DECLARE
        self.to_act = self.order[0]

    def _stated_options(self) -> list[LooAction]:
        if self.kind is Kind.SINGLE:
            return [LooAction(s, "single") for s in self.order] + [LooAction(self.dealer, "single", None, "nobody")]
        return [LooAction(s, "trick") for s in self.players]

    def verify_stated(self, action: LooAction) -> int:
        """Raise unless ``action`` (``trick`` or ``single``) may be stated now; returns the seat index."""
        s = self.seat_index(action.seat)
        name, verb = self.seats[s], self.action_str(action).split(" ", 1)[1]
        if not self.unknown:
            raise RecordError("actions", f"{name} {verb}: the cards of this deal are recorded, so they are played")
        if self.phase is Phase.COMPLETE:
            raise IllegalActionError(f"{name} {verb}: the deal is over", "LOO-SET-6")
        if action.verb == "single":
            if self.kind is not Kind.SINGLE:
                raise IllegalActionError(f"{name} {verb}: this is not Peel's single", "LOO-SGL-1")
            if action.arg == "nobody":
                if s != self.dealer:
                    raise IllegalActionError(
                        f"{name} {verb}: the dealer, {self.seats[self.dealer]}, states that no card won", "LOO-SGL-4"
                    )
                return s
            if s not in self.order:
                raise IllegalActionError(f"{name} cannot win the single: he was dealt no card", "LOO-SGL-1")
            if self.turnup >= 0 and rank_of(self.turnup) == 12:
                raise IllegalActionError(f"{name} cannot win the single: no card beats the ace turned up", "LOO-SGL-2")
            return s
        if self.phase is not Phase.PLAY or self.kind is Kind.SINGLE:
            why = "Peel's single has no tricks" if self.kind is Kind.SINGLE else "the declaring is not over"
            raise IllegalActionError(
                f"{name} cannot win a trick: {why}", "LOO-SGL-1" if self.kind is Kind.SINGLE else "LOO-DECL-1"
            )
        if s not in self.players:
            raise IllegalActionError(
                f"{name} cannot win a trick: only those who stood or took the miss play", "LOO-PLAY-1"
            )
        return s

    def state_result(self, action: LooAction) -> LooAction:
        """Apply ``SEAT trick`` or ``SEAT single`` in a deal whose cards nobody recorded."""
        self.verify_stated(action)
        self._stated(action)
        self.log.append(action)
        return action

    def _stated(self, action: LooAction) -> None:
        s = action.seat
        if action.verb == "single":
            self._pay_single(None if action.arg == "nobody" else s)  # LOO-SGL-2..4
            return
        leader = s if self.to_act is None else self.to_act
        self.tricks.append(Trick(leader, (), (), s))  # who led and what was played is not recorded
        self.won[s] += 1
        if len(self.tricks) == self.hand_size:  # LOO-PLAY-9
            self._settle_regular()
        else:
            self.to_act = s  # the winner leads next (LOO-PLAY-7)

    # -- settlement ----------------------------------------------------------------------

    def _settle_single(self) -> None:
        """Peel's single (LOO-SGL-2..4): the highest card above the turn-up in its suit takes the pool."""
        best: int | None = None
        for s in self.order:
            c = highest(self.hands[s])
            if c // 13 == self.trump and c > self.turnup and (best is None or c > highest(self.hands[best])):
                best = s
        self._pay_single(best)

    def _pay_single(self, best: int | None) -> None:
        if best is not None:
            self.ledger.take(best, self.ledger.pool)
        for s in self.order:
            if s != best:
                self.ledger.pay_next(s, self.rules.stakes.single)
                self.looed[s] = self.rules.stakes.single
        self.winner_without_play = best
        self._finish()

    def _settle_regular(self) -> None:
        """Divide the pool by tricks and loo those who took none (LOO-SET-1..4)."""
        pool = self.ledger.pool
        shares = self._trick_shares(pool)  # LOO-SET-2, LOO5-5
        for trick, share in zip(self.tricks, shares, strict=True):
            assert trick.winner is not None
            # the miss played for the pool, and an offender, carry their shares (LOO-SET-4, LOO-LAW-0b, §14.6)
            if self.decls[trick.winner] is not Decl.DEFEND and trick.winner not in self.offenders:
                self.ledger.take(trick.winner, share)
        # the pool as divided, single penalties paid into it included (LOO-STK-4 [I], §14.7)
        loo = self.rules.loo_amount(pool)
        for s in self.players:
            if self.won[s]:
                continue
            if s in self.offenders and not self.rules.offender_double_loo:  # looed once only (LOO-LAW-0c)
                continue
            if self.decls[s] is Decl.DEFEND and not self.rules.defender_looed:  # LOO-DECL-8 [I]
                continue
            if self._never_looed(s):  # LOO5-8
                continue
            self.ledger.pay_next(s, loo)  # LOO-SET-3
            self.looed[s] = loo
        self._finish()

    def _finish(self) -> None:
        self.phase = Phase.COMPLETE
        self.to_act = None
        # What is left in this deal's pool is carried whole to the next (LOO-SET-4, LOO-SGL-4).
        self.ledger.next_pool += self.ledger.pool
        self.ledger.pool = 0
        self.ledger.check()


_DECL_VERB = {
    Decl.STAND: "stand",
    Decl.THROW: "throw",
    Decl.MISS: "miss",
    Decl.DEFEND: "defend",
    Decl.EXCHANGE: "exchange",
}
_DECL_WORDS = {
    Decl.STAND: "stand",
    Decl.THROW: "throw up",
    Decl.MISS: "take the miss",
    Decl.DEFEND: "play the miss for the pool",
    Decl.EXCHANGE: "exchange",
    Decl.NONE: "declare",
}


def _exchange_cards(action: LooAction) -> list[Card]:
    """The cards an ``exchange`` action puts out; raises :class:`IllegalActionError` if it names none."""
    try:
        return parse_cards(action.arg or "")
    except CardError as e:
        raise IllegalActionError(f"exchange {action.arg}: {e}", "LOO5-2") from None
