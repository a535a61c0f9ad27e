"""Five-card Loo and Irish Loo (RULES.md §4.2, §4.3): the stock, exchanges, Pam's play, flushes, five tricks.

:class:`StrictFiveCardLoo` extends :class:`~roundgames.loo.strict.StrictLooDeal`, the Three-card deal by the rules
alone, with what only these forms have; :class:`~roundgames.loo.deal.FiveCardLoo` adds the laws of table mode, and
``LooDeal(rules, ...)`` with these forms' rules makes one. The rules of play with Pam are in :mod:`roundgames.loo.pam`.
Where the rules are silent the choice is marked [D] here and explained in docs/five-card.md:

- Declaring (LOO5-2, LOOI-1): in turn from the dealer's left, the dealer last, each seat stands, throws up,
  or exchanges (``exchange CARDS``: the cards go face down, put aside for good, §14.15, and as many are drawn
  from the top of the stock); an exchange is a declaration to play. With no miss, the dealer's cases become
  [D]: all before him throw up, he takes the pool (LOO-DECL-7); one seat in before him, he may stand, exchange
  or throw up, and if he throws up that seat takes the pool (as LOO-DECL-9, LOO-VAR-DEALER-CONCEDE: there is
  no miss to defend with). Under club law (LOOI-2) nobody may throw up, but an exchange is a way of playing
  and stays open [D].
- Flushes (LOO5-6/7, LOOI-3): a flush is always shown (§14.34). After the last declaration and before the first
  lead, each seat that plays and holds one is in turn to act, from the dealer's left, with ``SEAT flush`` as its
  only action, recorded; the hand is then not played, and the best flush wins. A seat left to take the pool
  without play shows its flush likewise before taking it (§14.24). An offender, who wins nothing in the deal,
  shows none (LOO-LAW-0b).

>>> from roundgames.loo import LooDeal, LooRules
>>> deal = LooDeal(LooRules.preset("five-card"), ["P1", "P2", "P3"], dealer="P3", pool=0)
>>> deal.deal_cards({"P1": "AH KH QH 9H 2H", "P2": "AS KS QS 3D 2C", "P3": "JC 8D 7D 6D 5D"},
...                 turnup="4S", stock="TC 9C 8C")
>>> for text in ["P1 stand", "P2 exchange 3D 2C", "P3 stand"]:
...     _ = deal.apply(deal.parse_action(text))
>>> [deal.action_str(a) for a in deal.legal_actions()]   # a flush is always shown, from the dealer's left
['P1 flush']
>>> for text in ["P1 flush", "P3 flush"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.flush_winners, deal.net      # diamonds and Pam beat hearts: P3 takes the pool and a loo each
((2,), [-5, -5, 10])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, Self

from ..core.cards import Card, card_of, card_str, cards_in, format_cards, mask_of, rank_of
from ..core.errors import IllegalActionError, RulesError
from ..games.protocol import Feature
from . import pam as _pam
from .actions import DECL_VERB, Decl, Kind, LooAction, Phase, exchange_cards
from .rules import LooRules
from .settle import shares
from .strict import StrictLooDeal

__all__ = ["FlushKey", "StrictFiveCardLoo", "deal_with_stock", "exchange_masks", "flush_key", "hand_size"]

#: a flush's rank: (1 for trumps, 0 for a plain suit), then its cards' ranks from the top, Pam as 13 (LOO5-7)
FlushKey = tuple[int, ...]
_PAM_RANK = 13


def hand_size(form: str) -> int:
    """Cards dealt to each seat: five in Five-card Loo (LOO5-1), three otherwise (LOOI-1, LOO-DEAL-4)."""
    return 5 if form == "five_card" else 3


def deal_with_stock(
    shuffled: Sequence[Card], order: Sequence[int], size: int
) -> tuple[dict[int, list[Card]], Card, list[Card]]:
    """Deal ``shuffled`` (top card first) with no miss: ``(hands, turnup, stock)`` (LOO5-1, LOOI-1).

    One card at a time to each seat of ``order`` (from the dealer's left, the dealer last), ``size`` rounds;
    the next card is turned up for trumps; the rest of the pack is the stock, top card first.
    """
    it = iter(shuffled)
    hands: dict[int, list[Card]] = {s: [] for s in order}
    for _ in range(size):
        for s in order:
            hands[s].append(next(it))
    turnup = next(it)
    return hands, turnup, list(it)


def flush_key(hand: int, trump: int, pam: Card | None, size: int) -> FlushKey | None:
    """The rank of the flush ``hand`` holds, or None (LOO5-6/7, LOOI-3).

    A flush is ``size`` cards of one suit, or (with Pam) all but one of a suit and Pam. Trumps beat a plain
    suit; then the higher top card, then the next, and so on; Pam is the top card of any flush it is in.
    """
    if int.bit_count(hand) != size:
        return None
    with_pam = pam is not None and hand >> pam & 1
    rest = hand & ~(1 << pam) if with_pam and pam is not None else hand
    suits = {c // 13 for c in cards_in(rest)}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    ranks = sorted((rank_of(c) for c in cards_in(rest)), reverse=True)
    return (int(suit == trump), *([_PAM_RANK] if with_pam else []), *ranks)


def exchange_masks(hand: int, most: int) -> Iterator[int]:
    """Every non-empty set of at most ``most`` cards of ``hand``, fewest cards first (LOO5-2)."""
    cards = list(cards_in(hand))
    for k in range(1, min(most, len(cards)) + 1):
        for chosen in combinations(cards, k):
            yield mask_of(chosen)


class StrictFiveCardLoo(StrictLooDeal):
    """A deal of Five-card or Irish Loo (``rules.form``): the Three-card deal with a stock and no miss,
    exchanges, Pam, flushes and five tricks (Irish: three cards, no Pam)."""

    def __init__(self, rules: LooRules, *args: Any, **kwargs: Any) -> None:
        if rules.form == "three_card":
            raise RulesError("option form: FiveCardLoo plays Five-card and Irish Loo; LooDeal plays three_card")
        super().__init__(rules, *args, **kwargs)
        #: the cards left in the stock, top card first; and the stock as it was dealt (LOO5-2, §14.15)
        self.stock: list[Card] = []
        self.dealt_stock: list[Card] = []
        #: seat -> (the cards it put out, the cards it drew) (LOO5-2)
        self.exchanged: dict[int, tuple[int, int]] = {}
        #: the seats that have shown a flush, in the order shown; the seats that show one in turn now
        self.shown: list[int] = []
        self.show_from: tuple[int, ...] = ()
        #: the trick in progress was led with the ace of trumps and "Pam be civil" (LOO5-4)
        self.civil = False

    # -- the form -------------------------------------------------------------------------------

    @property
    def features(self) -> frozenset[Feature]:
        """What this deal offers: a stock and exchanges instead of a miss; flushes and Pam where they count."""
        out = set(super().features) - {Feature.MISS}
        out |= {Feature.STOCK, Feature.EXCHANGES}
        if self.has_flushes:
            out.add(Feature.FLUSHES)
        if self.rules.form == "five_card":
            out.add(Feature.PAM)
        return frozenset(out)

    @property
    def heap_names(self) -> frozenset[str]:
        """The heaps besides the hands that :meth:`deal_cards` deals: the turn-up and the stock (LOO5-1)."""
        return frozenset({"turnup", "stock"})

    def heaps(self, dealt: bool = False) -> dict[str, list[Card]]:
        """The turn-up and the stock, top card first: as it is now, or as it was dealt."""
        out = super().heaps(dealt)
        stock = self.dealt_stock if dealt else self.stock
        if stock:
            out["stock"] = list(stock)
        return out

    @property
    def has_stock(self) -> bool:
        """Whether the deal has a stock and no miss: always in these forms (LOO5-1, LOOI-1)."""
        return True

    @property
    def has_flushes(self) -> bool:
        """Whether flushes count: always in Five-card Loo, under ``irish_flush`` in Irish (LOO5-6, LOOI-3)."""
        return self.rules.form == "five_card" or (self.rules.form == "irish" and self.rules.irish_flush)

    @property
    def trick_count(self) -> int:
        """The tricks played: five in Five-card Loo (LOO5-5), three in Irish (LOOI-1)."""
        return hand_size(self.rules.form)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat: five in Five-card Loo (LOO5-1), three in Irish Loo (LOOI-1)."""
        return hand_size(self.rules.form)

    @property
    def next_kind(self) -> Kind:
        """Every deal of these forms is regular (§14.5): their "single" is only a pool holding the stake."""
        return self.kind if self.is_void else Kind.REGULAR

    def _deal_shuffled(self, cards: list[Card]) -> None:
        dealt, turnup, stock = deal_with_stock(cards, self.order, self.hand_size)
        self._set_cards({s: mask_of(h) for s, h in dealt.items()}, 0, turnup, stock)

    def _set_cards(self, hands: Mapping[int, int], miss: int, turnup: Card, stock: Sequence[Card] = ()) -> None:
        if self.phase is not Phase.DEAL:  # before the stock is touched: a deal is dealt once
            raise IllegalActionError("the cards have already been dealt", "LOO-DEAL-4")
        self.stock = list(stock)
        self.dealt_stock = list(self.stock)
        self.pam = _pam.pam_in(self.rules, turnup // 13)
        super()._set_cards(hands, miss, turnup, stock)

    def copy(self) -> Self:
        """An independent copy, for search."""
        out = super().copy()
        out.stock, out.dealt_stock, out.shown = self.stock[:], self.dealt_stock[:], self.shown[:]
        out.exchanged = dict(self.exchanged)
        return out

    # -- declaring: the dealer's cases, exchanges -------------------------------------------------

    def declare_options(self, seat: int) -> tuple[Decl, ...]:
        """The declarations open to ``seat``: stand, throw up or exchange (LOO5-2); under club law no throw
        (§14.22); the dealer facing one seat in plays his own hand unless he may concede (§14.24)."""
        if self.club_law or (seat == self.anchor and self.lone_stander() and not self.may_concede):
            return (Decl.STAND, Decl.EXCHANGE)
        return (Decl.STAND, Decl.THROW, Decl.EXCHANGE)

    def _refusal(self, name: str, verb: str, decl: Decl) -> IllegalActionError:
        if self.club_law:  # every seat must play, standing or exchanging (LOOI-2, §14.22)
            return IllegalActionError(
                f"{name} cannot {verb}: clubs are trumps, so all must play, standing or exchanging (club law)",
                "LOO-VAR-CLUBLAW",
            )
        if decl in (Decl.MISS, Decl.DEFEND):
            rule = "LOOI-1" if self.rules.form == "irish" else "LOO5-1"
            return IllegalActionError(f"{name} cannot {verb}: {self.rules.form_name} deals no miss", rule)
        return IllegalActionError(
            f"{name} cannot throw up: one player alone is in, so the dealer must play his own hand, "
            "standing or exchanging (§14.24)",
            "LOO-DECL-8",
        )

    def _declare_actions(self, s: int) -> list[LooAction]:
        options = sorted(self.declare_options(s))
        out = [LooAction(s, DECL_VERB[d]) for d in options if d is not Decl.EXCHANGE]
        return out + (self.exchange_actions(s) if Decl.EXCHANGE in options else [])

    def exchange_actions(self, seat: int) -> list[LooAction]:
        """Every exchange open to ``seat`` if it were its turn: a set of its cards no larger than the stock."""
        return [
            LooAction(seat, "exchange", None, format_cards(m))
            for m in exchange_masks(self.hands[seat], len(self.stock))
        ]

    def verify_exchange(self, seat: int | str, cards: Iterable[Card]) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may put out ``cards`` and draw as many from the
        stock now (LOO5-2); returns the seat index."""
        s = self.seat_index(seat)
        chosen = list(cards)
        shown = format_cards(c for c in chosen if 0 <= c < 52)
        what = f"{self.seats[s]} cannot exchange {shown}".rstrip()
        s = self.verify_declare(s, Decl.EXCHANGE)
        if not chosen:
            raise IllegalActionError(f"{what}: name the cards he puts out", "LOO5-2")
        if len(set(chosen)) != len(chosen):
            raise IllegalActionError(f"{what}: a card is named twice", "LOO5-2")
        missing = [c for c in chosen if not (0 <= c < 52 and self.hands[s] >> c & 1)]
        if missing:
            held = ", ".join(card_str(c) if 0 <= c < 52 else str(c) for c in missing)
            raise IllegalActionError(f"{what}: he does not hold {held}", "LOO5-2")
        if len(chosen) > len(self.stock):
            raise IllegalActionError(f"{what}: the stock holds only {len(self.stock)} cards", "LOO5-2")
        return s

    def can_exchange(self, seat: int | str, cards: Iterable[Card]) -> bool:
        """Whether ``seat`` may exchange ``cards`` now."""
        return self._can(self.verify_exchange, seat, list(cards))

    def exchange(self, seat: int | str, cards: Iterable[Card]) -> LooAction:
        """``seat`` puts out ``cards`` and draws as many from the top of the stock; it must then play (LOO5-2)."""
        chosen = list(cards)
        s = self.verify_exchange(seat, chosen)
        action = LooAction(s, "exchange", None, format_cards(chosen))
        self.exchange_unchecked(s, mask_of(chosen))
        self.log.append(action)
        return action

    def exchange_unchecked(self, s: int, out: int) -> None:
        """Put out the cards of ``out`` and draw as many, unchecked and unlogged: for search."""
        count = int.bit_count(out)
        drawn = mask_of(self.stock[:count])
        del self.stock[:count]
        self.hands[s] = self.hands[s] & ~out | drawn  # what he put out is put aside, never drawn (§14.15)
        self.exchanged[s] = (out, drawn)
        self.declare_unchecked(s, Decl.EXCHANGE)

    # -- flushes --------------------------------------------------------------------------------

    def flush_of(self, seat: int) -> FlushKey | None:
        """The flush ``seat`` holds now, if flushes count and it holds one (LOO5-6, LOOI-3)."""
        if not self.has_flushes:
            return None
        return flush_key(self.hands[seat], self.trump, self.pam, self.trick_count)

    def may_show(self, seat: int) -> bool:
        """Whether ``seat`` holds a flush it may show: an offender wins nothing, by a flush neither (LOO-LAW-0b)."""
        return seat not in self.offenders and self.flush_of(seat) is not None

    def verify_flush(self, seat: int | str) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may show a flush now (LOO5-6, §14.15)."""
        s = self.seat_index(seat)
        what = f"{self.seats[s]} cannot show a flush"
        if not self.has_flushes:
            raise IllegalActionError(f"{what}: three-card flushes count only under irish_flush", "LOOI-3")
        if self.phase is Phase.DEAL:
            raise IllegalActionError(f"{what}: the cards have not been dealt", "LOO-DEAL-4")
        if self.phase is Phase.COMPLETE:
            raise IllegalActionError(f"{what}: the deal is over", "LOO-SET-6")
        if self.phase is Phase.DECLARE:
            raise IllegalActionError(f"{what}: flushes are shown after all have declared", "LOO5-6")
        if s in self.shown:
            raise IllegalActionError(f"{what}: he has shown it already", "LOO5-6")
        if self.phase is Phase.SHOW:
            if s != self.to_act:
                assert self.to_act is not None
                raise IllegalActionError(
                    f"{what}: flushes are shown in turn from the dealer's left; it is {self.seats[self.to_act]}'s",
                    "LOO5-6",
                )
            return s
        if s not in self.players:
            raise IllegalActionError(f"{what}: only a seat that plays the hand may show one", "LOO5-6")
        if s in self.offenders:
            raise IllegalActionError(f"{what}: having broken a law, he wins nothing in this deal", "LOO-LAW-0b")
        if self.flush_of(s) is None:
            rule = "LOOI-3" if self.rules.form == "irish" else "LOO5-6"
            shape = "three cards of one suit" if rule == "LOOI-3" else "five cards of one suit, or four and Pam"
            raise IllegalActionError(f"{what}: {format_cards(self.hands[s])} is not a flush ({shape})", rule)
        # Every flush was shown before the first lead, in turn, as nobody chooses (§14.34): it is too late now.
        raise IllegalActionError(f"{what}: the flushes are shown before the first lead; the hand is played", "LOO5-6")

    def can_flush(self, seat: int | str) -> bool:
        """Whether ``seat`` may show a flush now."""
        return self._can(self.verify_flush, seat)

    def flush(self, seat: int | str) -> LooAction:
        """``seat`` shows its flush: the hand is not played, and the best flush takes the pool (LOO5-6/7)."""
        s = self.verify_flush(seat)
        action = LooAction(s, "flush")
        self.flush_unchecked(s)
        self.log.append(action)
        return action

    def flush_unchecked(self, s: int) -> None:
        """Show ``s``'s flush, unchecked and unlogged: for search."""
        self.shown.append(s)
        self._next_show()

    def describe(self, action: LooAction, *, own: bool = False) -> str:
        """The action as a log line says it; a flush with its cards, which lie face up for everyone (LOO5-6):
        ``"P2 shows a flush: AH KH 9H 5H 2H"``."""
        if action.verb == "flush":
            return f"{super().describe(action, own=own)}: {format_cards(self.hands[action.seat])}"
        return super().describe(action, own=own)

    def _after_declaring(self) -> None:
        super()._after_declaring()
        if self.phase is Phase.PLAY and self.has_flushes:
            self._show_before_play()

    def _show_before_play(self) -> None:
        """A flush is always shown (LOO5-6, §14.34): after the last declaration, before the first lead, each seat
        that plays and holds one is to act in turn from the dealer's left, its only action to show it."""
        if any(self.may_show(s) for s in self.players):
            self.phase = Phase.SHOW
            self.show_from = self.players
            self._next_show()

    def _take_pool_without_play(self, seat: int) -> None:
        if self.has_flushes and self._show_before_taking(seat):  # LOO5-6: a flush is paid besides (§14.24)
            return
        super()._take_pool_without_play(seat)

    def _show_before_taking(self, seat: int) -> bool:
        """A seat about to take the pool without play shows its flush first (§14.24); whether it has one."""
        if not self.may_show(seat):
            return False
        self.phase = Phase.SHOW
        self.show_from = (seat,)
        self.to_act = seat
        return True

    def _next_show(self) -> None:
        """The next seat to show its flush, in turn from the dealer's left; or, when none is left, the payment."""
        for s in self.order:
            if s in self.show_from and s not in self.shown and self.may_show(s):
                self.to_act = s
                return
        self._settle_flush()

    def _settle_flush(self) -> None:
        """The best flush takes the pool and a loo from every other seat (LOO5-6/7, C-LOO-15/16, §14.15)."""
        keys = {s: self.flush_of(s) for s in self.shown}
        best = max(k for k in keys.values() if k is not None)
        tied = [s for s in self.order if keys.get(s) == best]  # the elder first
        winners = tied if self.rules.flush_tie == "split" else tied[:1]
        pool = self.ledger.pool
        loo = self.rules.loo_amount(pool)
        for w, part in zip(winners, shares(pool, len(winners)), strict=True):
            self.ledger.take(w, part)
        if self.rules.flush_pay == "peel":
            # whether they stood or not, Pam too, and a dealer who takes no part (§14.1, §14.25)
            payers = [s for s in range(self.n) if s not in winners]
        else:  # ew_hoy: those who stood, except the Pam holder and the holders of beaten flushes
            payers = [
                s for s in self.show_from if s not in winners and not self._holds_pam(s) and self.flush_of(s) is None
            ]
        for p in payers:
            for w, part in zip(winners, shares(loo, len(winners)), strict=True):
                self.ledger.transfer(p, w, part)
        self.flush_winners = tuple(winners)
        self.winner_without_play = winners[0]
        self.finish()

    def _holds_pam(self, seat: int) -> bool:
        return self.pam is not None and bool(self.hands[seat] >> self.pam & 1)

    # -- play -----------------------------------------------------------------------------------

    def playable_cards(self, s: int) -> int:
        """The cards ``s`` may play, Pam ruled as LOO5-3/4 and C-LOO-17 say (:mod:`roundgames.loo.pam`)."""
        if self.pam is None:
            return super().playable_cards(s)
        hand = self.hands[s]
        if self.trick_cards:
            return _pam.follow(hand, self.trick_cards, self.trump, self.pam, free=self.rules.pam_free, civil=self.civil)
        return _pam.lead(
            hand,
            len(self.tricks),
            self.trump,
            self.turnup,
            self.pam,
            lead_rule=self.rules.lead_rule,
            second_lead=self.rules.second_lead,
            free=self.rules.pam_free,
        )

    def _why_not(self, s: int, card: Card, legal: int) -> tuple[str, str]:
        if self.pam is None:
            return super()._why_not(s, card, legal)
        hand = self.hands[s]
        if self.trick_cards:
            return _pam.follow_reason(hand, self.trick_cards, card, legal, self.trump, self.pam, self.civil)
        cassell = self.rules.lead_rule == "cassell"
        return _pam.lead_reason(hand, len(self.tricks), legal, self.trump, self.turnup, self.pam, cassell)

    def _verify_civil(self, s: int, card: Card) -> None:
        """Leading the ace of trumps, and only then, one may say "Pam be civil" (LOO5-4)."""
        what = f"{self.seats[s]} cannot say 'Pam be civil'"
        if self.pam is None:
            raise IllegalActionError(f"{what}: there is no Pam in this game", "LOO5-4")
        if self.trick_cards:
            raise IllegalActionError(f"{what}: it is said leading the ace of trumps, not following", "LOO5-4")
        if card != card_of(12, self.trump):
            raise IllegalActionError(f"{what}: it is said leading the ace of trumps, not {card_str(card)}", "LOO5-4")

    def _lead_words(self, civil: bool) -> None:
        if not self.trick_cards:
            self.civil = civil

    def _after_trick(self) -> None:
        self.civil = False

    def _play_actions(self, s: int) -> list[LooAction]:
        """The plays open to the seat to act, with the ace of trumps led both plainly and 'civil'; while flushes
        are shown, the flush alone (LOO5-6, §14.34)."""
        if self.phase is Phase.SHOW:
            return [LooAction(s, "flush")]
        out = [LooAction(s, "play", c) for c in cards_in(self.playable_cards(s))]
        if self.pam is not None and not self.trick_cards:
            ace = card_of(12, self.trump)
            if self.playable_cards(s) >> ace & 1:
                out.append(LooAction(s, "play", ace, "civil"))
        return out

    def _trick_winner(self, cards: list[Card], trump: int | None) -> int:
        assert trump is not None
        if self.pam is None:
            return super()._trick_winner(cards, trump)
        return _pam.trick_winner(cards, trump, self.pam, self.civil)

    # -- the verbs of these forms ------------------------------------------------------------------

    def _verify_form_verb(self, action: LooAction) -> None:
        if action.verb == "exchange":
            self.verify_exchange(action.seat, exchange_cards(action))
        elif action.verb == "flush":
            self.verify_flush(action.seat)
        else:
            super()._verify_form_verb(action)

    def _apply_form_verb(self, action: LooAction) -> LooAction:
        if action.verb == "exchange":
            return self.exchange(action.seat, exchange_cards(action))
        if action.verb == "flush":
            return self.flush(action.seat)
        return super()._apply_form_verb(action)

    def _unchecked_verb(self, action: LooAction) -> None:
        if action.verb == "exchange":
            self.exchange_unchecked(action.seat, mask_of(exchange_cards(action)))
        elif action.verb == "flush":
            self.flush_unchecked(action.seat)
        else:
            super()._unchecked_verb(action)

    # -- settlement -----------------------------------------------------------------------------

    def never_looed(self, seat: int) -> bool:
        """The holder of Pam cannot be looed (LOO5-8)."""
        if self.pam is None:
            return False
        held = self.dealt[seat]
        if seat in self.exchanged:
            out, drawn = self.exchanged[seat]
            held = held & ~out | drawn
        return bool(held >> self.pam & 1)
