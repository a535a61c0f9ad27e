"""One deal of One-trick: the stakes, one card each, one trick, the pot to its winner (tests/onetrick/RULES.md).

>>> from onetrick.rules import OneTrickRules
>>> deal = OneTrickDeal(OneTrickRules.preset("plain"), ["Ann", "Ben", "Cat"], dealer="Cat")
>>> deal.deal_cards({"Ann": "9H", "Ben": "KH", "Cat": "AS"})
>>> for text in ("Ann play 9H", "Ben play KH", "Cat play AS"):
...     _ = deal.apply(deal.parse_action(text))
>>> deal.result().sentence()
'Ben takes the pot of 3: Ann -1, Ben +2, Cat -1.'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Self

from roundgames.core.cards import SUIT_NAMES, Card, card_str, cards_in, pack, parse_card, rank_of, suit_of
from roundgames.core.errors import CardError, IllegalActionError, RecordError
from roundgames.core.seats import seat_index
from roundgames.core.tricks import Trick
from roundgames.games.base import BaseDeal, CardClaims
from roundgames.games.protocol import DealResult, Stage, View

from .rules import OneTrickRules

__all__ = ["OneTrickAction", "OneTrickDeal", "OneTrickResult"]


@dataclass(frozen=True, slots=True)
class OneTrickAction:
    """The one action of the game: ``seat`` plays ``card`` (``verb`` is always ``play``)."""

    seat: int
    verb: str
    card: Card


@dataclass(frozen=True)
class OneTrickResult(DealResult):
    """A finished deal: who took the pot, and how much it held."""

    winner: int = 0
    pot: int = 0

    def sentence(self) -> str:
        """``Ben takes the pot of 3: Ann -1, Ben +2, Cat -1.``"""
        return f"{self.seats[self.winner]} takes the pot of {self.pot}: {self.payments()}."


def strength(card: Card, rules: OneTrickRules) -> int:
    """How high ``card`` ranks in its suit: aces high or low (ONE-PLAY-3, ONE-VAR-ACES)."""
    rank = rank_of(card)
    return (rank + 1) % 13 if rules.aces == "low" else rank


class OneTrickDeal(BaseDeal):
    """One deal: ``deal`` (or ``deal_cards``) takes the stakes and deals; each seat in turn plays its card."""

    def __init__(self, rules: OneTrickRules, seats: Sequence[str] | int, dealer: int | str = 0, pool: int = 0):
        super().__init__(seats, dealer, pool)
        if not 2 <= self.n <= 6:
            raise RecordError("seats", f"One-trick takes 2 to 6 seats (ONE-GEN-1), got {self.n}")
        if pool < 0:
            raise RecordError("pool", f"the pot cannot be negative, got {pool}")
        self.rules = rules
        #: every seat plays, from the dealer's left (ONE-PLAY-1)
        self.order: tuple[int, ...] = tuple((self.dealer + 1 + i) % self.n for i in range(self.n))
        self.hands = [0] * self.n
        self.dealt = [0] * self.n
        self.to_act: int | None = None
        self.log: list[OneTrickAction] = []
        self.dealt_yet = False

    # -- the record's words ---------------------------------------------------------------

    def action_str(self, action: OneTrickAction) -> str:
        """``"Ann play 9H"``."""
        return f"{self.seats[action.seat]} {action.verb} {card_str(action.card)}"

    def describe(self, action: OneTrickAction, *, own: bool = False) -> str:
        """``"Ann plays 9H"``; ``own``: as its actor reads it, ``"you play 9H"``."""
        return (
            f"you play {card_str(action.card)}" if own else f"{self.seats[action.seat]} plays {card_str(action.card)}"
        )

    def parse_action(self, text: str) -> OneTrickAction:
        """Parse ``SEAT play CARD``; raises :class:`RecordError` if it does not parse."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) != 3 or parts[1] != "play":
            raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT play CARD' (ONE-PLAY-2)")
        seat = seat_index(self.seats, parts[0], "actions")
        try:
            return OneTrickAction(seat, "play", parse_card(parts[2]))
        except CardError as e:
            raise RecordError("actions", f"{text!r}: {e}") from None

    # -- dealing ----------------------------------------------------------------------------

    def deal(self, seed: int | random.Random | None = None) -> None:
        """Take the stakes and deal one card to each seat from the dealer's left (ONE-STK-1, ONE-DEAL-1)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        cards = pack(52)
        rng.shuffle(cards)
        self._set_cards({s: cards[i] for i, s in enumerate(self.order)})

    def deal_cards(self, hands: Mapping[str, str | Sequence[Card]] | Mapping[int, str | Sequence[Card]]) -> None:
        """Deal the given cards, one a seat; raises :class:`RecordError` for a card missing, doubled or unknown."""
        claims = CardClaims(52)
        got: dict[int, Card] = {}
        for key, value in hands.items():
            seat = self.seat_index(key, "cards")
            where = f"cards.{self.seats[seat]}"
            cards = claims.claim(where, value, "ONE-GEN-1")
            if len(cards) != 1:
                raise RecordError(where, f"a seat is dealt one card (ONE-DEAL-1), got {len(cards)}")
            got[seat] = cards[0]
        missing = [self.seats[s] for s in self.order if s not in got]
        if missing:
            raise RecordError(f"cards.{missing[0]}", "every seat is dealt one card (ONE-DEAL-1)")
        self._set_cards(got)

    def deal_unknown(self) -> None:
        """Refused: a One-trick deal is recorded with its cards."""
        raise RecordError("cards", "a One-trick record states every seat's card (ONE-DEAL-1)")

    def _set_cards(self, cards: Mapping[int, Card]) -> None:
        if self.dealt_yet:
            raise IllegalActionError("the cards have already been dealt", "ONE-DEAL-1")
        for s in self.order:
            self.ledger.stake(s, self.rules.stakes.stake)  # ONE-STK-1
            self.hands[s] = self.dealt[s] = 1 << cards[s]
        self.staked_pool = self.ledger.pool
        self.dealt_yet = True
        self.to_act = self.order[0]  # ONE-PLAY-1

    # -- state ------------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """Where the deal stands."""
        if not self.dealt_yet:
            return Stage.DEAL
        return Stage.COMPLETE if self.is_complete else Stage.PLAY

    @property
    def phase(self) -> Stage:
        """The game's own phase: its stage (the game has no finer one)."""
        return self.stage

    @property
    def is_complete(self) -> bool:
        """Whether the trick is won and the pot taken."""
        return bool(self.tricks)

    @property
    def next_dealer(self) -> int:
        """The seat on the dealer's left (ONE-SET-2)."""
        return (self.dealer + 1) % self.n

    @property
    def heap_names(self) -> frozenset[str]:
        """None: every card dealt is in a hand (ONE-DEAL-1)."""
        return frozenset()

    def heaps(self, dealt: bool = False) -> dict[str, list[Card]]:
        """None: every card dealt is in a hand."""
        return {}

    def copy(self) -> Self:
        """An independent copy, for search."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        for name in ("hands", "dealt", "log", "tricks", "trick_seats", "trick_cards", "irregularities"):
            setattr(out, name, getattr(self, name)[:])
        out.ledger = self.ledger.copy()
        return out

    # -- the play ---------------------------------------------------------------------------

    def legal_actions(self) -> list[OneTrickAction]:
        """The cards the seat to act may play, following suit (ONE-PLAY-2)."""
        s = self.to_act
        if s is None:
            return []
        return [OneTrickAction(s, "play", c) for c in cards_in(self._may_play(s))]

    def _may_play(self, s: int) -> int:
        hand = self.hands[s]
        if not self.trick_cards:
            return hand
        led = suit_of(self.trick_cards[0])
        follow = sum(1 << c for c in cards_in(hand) if suit_of(c) == led)
        return follow or hand

    def side_actions(self, seat: int) -> tuple[OneTrickAction, ...]:
        """None: nobody acts out of turn."""
        return ()

    def verify_proper(self, action: OneTrickAction) -> None:
        """Raise :class:`IllegalActionError` naming the rule unless ``action`` is legal now."""
        if not self.dealt_yet:
            raise IllegalActionError("the cards have not been dealt", "ONE-DEAL-1")
        if self.is_complete:
            raise IllegalActionError(f"{self.action_str(action)}: the deal is complete", "ONE-SET-1")
        who = self.seats[action.seat]
        if action.verb != "play":
            raise IllegalActionError(f"{who} cannot {action.verb}: the only action is to play", "ONE-PLAY-2")
        if action.seat != self.to_act:
            rule = "ONE-PLAY-1" if not self.trick_cards else "ONE-PLAY-2"
            raise IllegalActionError(f"{who} cannot play now: it is {self.seats[self.to_act or 0]}'s turn", rule)
        card = card_str(action.card)
        if not self.hands[action.seat] >> action.card & 1:
            raise IllegalActionError(f"{who} cannot play {card}: {who} does not hold it", "ONE-PLAY-2")
        if not self._may_play(action.seat) >> action.card & 1:
            led = SUIT_NAMES[suit_of(self.trick_cards[0])]
            raise IllegalActionError(f"{who} cannot play {card}: must follow suit in {led}", "ONE-PLAY-2")

    def verify(self, action: OneTrickAction) -> None:
        """As :meth:`verify_proper`: the game has no laws, so a table that applies them rules it strictly (ONE-LAW-1)."""
        self.verify_proper(action)

    def apply(self, action: OneTrickAction) -> OneTrickAction:
        """Play the card, checked; the last card ends the trick and the deal (ONE-PLAY-3, ONE-SET-1)."""
        self.verify(action)
        self.apply_unchecked(action)
        return action

    apply_proper = apply

    def apply_unchecked(self, action: OneTrickAction) -> None:
        """Play a card known to be legal (one of :meth:`legal_actions`), unchecked: for search and the
        environments' fast path."""
        s = action.seat
        self.hands[s] &= ~(1 << action.card)
        self.trick_seats.append(s)
        self.trick_cards.append(action.card)
        self.log.append(action)
        if len(self.trick_cards) < len(self.order):
            self.to_act = self.order[len(self.trick_cards)]
            return
        led = suit_of(self.trick_cards[0])
        best = max(
            (i for i, c in enumerate(self.trick_cards) if suit_of(c) == led),
            key=lambda i: strength(self.trick_cards[i], self.rules),
        )
        winner = self.trick_seats[best]
        self.tricks.append(Trick(self.trick_seats[0], tuple(self.trick_seats), tuple(self.trick_cards), winner))
        self.trick_seats, self.trick_cards = [], []
        self.ledger.take(winner, self.ledger.pool)  # ONE-SET-1
        self.to_act = None

    # -- what a seat sees -------------------------------------------------------------------

    def seen(self, seat: int) -> dict[int, int]:
        """Its own card only."""
        return {seat: self.hands[seat]}

    def view(self, seat: int | str) -> View[OneTrickAction]:
        """What ``seat`` may see: its own card, the cards played, the pot."""
        s = self.seat_index(seat)
        mine = tuple(self.legal_actions()) if self.to_act == s else ()
        return View(
            seat=s,
            stage=self.stage,
            hand=self.hands[s],
            to_act=self.to_act,
            legal=mine,
            tricks=tuple(self.all_tricks()),
            card_counts=tuple(h.bit_count() for h in self.hands),
            pool=self.ledger.total,
            trump=None,
            seat_count=self.n,
            dealer=self.dealer,
            order=self.order,
            may_take=(),
            phase=self.stage,
            rules=self.rules,
            players=self.order,
            seen_hands=self.seen(s),
            notes=("",) * self.n,  # nobody declares or calls: nothing to say of any seat
            world=self,
        )

    def result(self) -> OneTrickResult | None:
        """The finished deal's result (None until the trick is won)."""
        if not self.is_complete:
            return None
        winner = self.tricks[0].winner
        assert winner is not None
        return OneTrickResult(
            seats=self.seats,
            net=tuple(self.net),
            pool=self.ledger.total,
            next_dealer=self.next_dealer,
            winner=winner,
            pot=self.staked_pool,
        )
