"""The Nap variants that deal or exchange particular cards: purchase, Peep Nap's widow, the spare hand, the top card
(RULES.md §7: NAP-VAR-PURCHASE, NAP-VAR-PEEP, NAP-VAR-SPARE, NAP-VAR-NAP-TOPCARD).

:class:`NapDeal` extends :class:`~roundgames.nap.deal.PlainNapDeal` with their actions; it is the deal of every
game of Nap, whatever its options.

>>> from roundgames.games.protocol import Feature
>>> from roundgames.nap import NapDeal, NapRules
>>> deal = NapDeal(NapRules.preset("peel").with_options(peep=True), ["P1", "P2", "P3", "P4"], dealer="P4")
>>> type(deal).__name__, deal.offers(Feature.CALLS)
('NapDeal', True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from ..core.cards import Card, card_str, cards_in, mask_of
from ..core.errors import IllegalActionError, RecordError
from .actions import NapAction, NapPhase
from .calls import FIVE
from .deal import PlainNapDeal

__all__ = ["NapDeal"]


def _subsets(mask: int, max_size: int) -> Iterator[tuple[Card, ...]]:
    cards = sorted(cards_in(mask))
    for k in range(min(max_size, len(cards)) + 1):
        yield from combinations(cards, k)


class NapDeal(PlainNapDeal):
    """One deal of Nap, from the deal to the settlement, with purchase, Peep, the spare hand and the top card
    where the options play them: their actions, and where in the calling and before the first lead they are open."""

    PLAYS_VARIANTS = True

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
        problem = self.call_problem("nap")
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

    # -- where the variants' actions are open ------------------------------------------------

    def _purchase_actions(self, s: int) -> list[NapAction]:
        return [NapAction(s, "buy", None, c) for c in _subsets(self.hands[s], len(self.stock))]

    def _calling_extras(self, s: int) -> list[NapAction]:
        out = []
        if self.rules.peep and s not in self.peeped:
            out.append(NapAction(s, "peep"))
        if self.rules.spare_hand != "off" and self.spare and self.call_problem("nap") is None:
            both = self.hands[s] | self.spare
            out.extend(NapAction(s, "spare", None, k) for k in combinations(sorted(cards_in(both)), 5))
        return out

    def _lead_extras(self, s: int) -> list[NapAction]:
        out: list[NapAction] = []
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

    def _verify_variant(self, action: NapAction) -> None:
        v, s = action.verb, action.seat
        if v == "buy":
            self.verify_buy(s, action.cards)
        elif v == "spare":
            self.verify_spare(s, action.cards)
        elif v == "peep":
            self.verify_peep(s)
        elif v in ("widow", "topcard") and len(action.cards) == 1:
            self.verify_exchange(s, v, action.cards[0])
        else:
            super()._verify_variant(action)

    def _unchecked_variant(self, action: NapAction) -> None:
        v, s = action.verb, action.seat
        if v == "buy":
            self._buy(s, action.cards)
        elif v == "spare":
            self._spare(s, action.cards)
        elif v == "peep":
            self._peep(s)
        elif v in ("widow", "topcard"):
            self._exchange(s, v, action.cards[0])
        else:
            super()._unchecked_variant(action)
