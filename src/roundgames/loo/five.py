"""Five-card Loo and Irish Loo (RULES.md §4.2, §4.3): the stock, exchanges, Pam's play, flushes, five tricks.

:class:`FiveCardLoo` is the part of :class:`~roundgames.loo.LooDeal` that only these forms use; Three-card
Loo never reaches it. The rules of play with Pam are in :mod:`roundgames.loo.pam`. Where the rules are silent
the choice is marked [D] here and explained in docs/five-card.md:

- Declaring (LOO5-2, LOOI-1): in turn from the dealer's left, the dealer last, each seat stands, throws up,
  or exchanges (``exchange CARDS``: the cards go face down, put aside for good, §14.15, and as many are drawn
  from the top of the stock); an exchange is a declaration to play. With no miss, the dealer's cases become
  [D]: all before him throw up, he takes the pool (LOO-DECL-7); one seat in before him, he may stand, exchange
  or throw up, and if he throws up that seat takes the pool (as LOO-DECL-9, LOO-VAR-DEALER-CONCEDE: there is
  no miss to defend with). Under club law (LOOI-2) nobody may throw up, but an exchange is a way of playing
  and stays open [D].
- Flushes (LOO5-6/7, LOOI-3): shown after all have declared. While the hand would still be played, any seat
  that plays and holds a flush may show it (``SEAT flush``) until the first card is led: the lead closes the
  chance, and a holder who lets it be made has declined [D]. Once a flush is shown the hand is not played:
  every other seat that plays and holds a flush shows it in turn from the dealer's left (its only action,
  recorded), and the best flush wins. When one seat is left to take the pool without play and holds a
  flush, it shows it likewise before taking the pool [D].

>>> from roundgames.loo.rules import LooRules
>>> from roundgames.loo.deal import LooDeal
>>> deal = LooDeal(LooRules.preset("five-card"), ["P1", "P2", "P3"], dealer="P3", pool=0)
>>> deal.deal_cards({"P1": "AH KH QH 9H 2H", "P2": "AS KS QS 3D 2C", "P3": "JC 8D 7D 6D 5D"},
...                 turnup="4S", stock="TC 9C 8C")
>>> for text in ["P1 stand", "P2 exchange 3D 2C", "P3 stand", "P3 flush", "P1 flush"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.flush_winners, deal.net      # diamonds and Pam beat hearts: P3 takes the pool and a loo each
((2,), [-5, -5, 10])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from ..core.cards import Card, card_of, card_str, cards_in, format_cards, mask_of, rank_of
from ..core.errors import IllegalActionError
from ..core.tricks import trick_winner as plain_trick_winner
from ..games.base import Deal
from . import deal as _loo  # Decl, Phase, LooAction at call time: loo imports this module to build LooDeal
from . import pam as _pam

if TYPE_CHECKING:
    from .deal import Decl, Kind, LooAction, Phase
    from .rules import LooRules

__all__ = ["FiveCardLoo", "FlushKey", "deal_with_stock", "exchange_masks", "flush_key", "hand_size", "shares"]

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


def shares(amount: int, count: int) -> list[int]:
    """``amount`` in ``count`` shares as nearly equal as can be, the earliest getting the odd units
    (LOO-SET-2, LOO5-5; a split pool or loo under ``flush_tie: split``, the elder first [D])."""
    base, rest = divmod(amount, count)
    return [base + (i < rest) for i in range(count)]


class FiveCardLoo(Deal):
    """What a Loo deal does in Five-card and Irish Loo only: the stock, exchanges, Pam, flushes.

    :class:`~roundgames.loo.LooDeal` sets every attribute declared here.
    """

    rules: LooRules
    kind: Kind
    phase: Phase
    order: tuple[int, ...]
    anchor: int
    hands: list[int]
    dealt: list[int]
    decls: list[Decl]
    players: tuple[int, ...]
    to_act: int | None
    trump: int
    turnup: Card
    won: list[int]
    log: list[LooAction]
    winner_without_play: int | None
    #: Pam, in Five-card Loo (LOO5-3); None in the other forms
    pam: Card | None
    #: the cards left in the stock, top card first; and the stock as it was dealt (LOO5-2, §14.15)
    stock: list[Card]
    dealt_stock: list[Card]
    #: seat -> (the cards it put out, the cards it drew) (LOO5-2)
    exchanged: dict[int, tuple[int, int]]
    #: the seats that have shown a flush, in the order shown; the seats that may show one now
    shown: list[int]
    show_from: tuple[int, ...]
    #: who took the pool with a flush (several under ``flush_tie: split``) (LOO5-6/7)
    flush_winners: tuple[int, ...]
    #: the trick in progress was led with the ace of trumps and "Pam be civil" (LOO5-4)
    civil: bool
    #: table mode: the seats that broke a law and win nothing in this deal, a flush included (LOO-LAW-0b)
    offenders: set[int]
    first_leader: int | None

    # LooDeal's own machinery, used here
    def verify_declare(self, seat: int | str, decl: Decl) -> int:
        raise NotImplementedError

    def _declare(self, s: int, decl: Decl) -> None:
        raise NotImplementedError

    def _finish(self) -> None:
        raise NotImplementedError

    def _playable(self, s: int) -> int:
        raise NotImplementedError

    def _reset_five(self) -> None:
        self.pam = None
        self.stock, self.dealt_stock = [], []
        self.exchanged = {}
        self.shown, self.show_from = [], ()
        self.flush_winners = ()
        self.civil = False

    # -- the form -------------------------------------------------------------------------------

    @property
    def has_stock(self) -> bool:
        """Whether the deal has a stock and no miss: Five-card or Irish Loo (LOO5-1, LOOI-1)."""
        return self.rules.form != "three_card"

    @property
    def has_flushes(self) -> bool:
        """Whether flushes count: always in Five-card Loo, under ``irish_flush`` in Irish (LOO5-6, LOOI-3)."""
        return self.rules.form == "five_card" or (self.rules.form == "irish" and self.rules.irish_flush)

    @property
    def trick_count(self) -> int:
        """The tricks played: five in Five-card Loo (LOO5-5), three otherwise (LOO-PLAY-9)."""
        return hand_size(self.rules.form)

    def _set_stock(self, stock: Iterable[Card]) -> None:
        self.stock = list(stock)
        self.dealt_stock = list(self.stock)
        self.pam = _pam.pam_of(self.rules.pam, self.trump) if self.rules.form == "five_card" else None

    # -- declaring: exchanges -------------------------------------------------------------------

    def exchange_actions(self, seat: int) -> list[LooAction]:
        """Every exchange open to ``seat`` if it were its turn: a set of its cards no larger than the stock."""
        return [
            _loo.LooAction(seat, "exchange", None, format_cards(m))
            for m in exchange_masks(self.hands[seat], len(self.stock))
        ]

    def verify_exchange(self, seat: int | str, cards: Iterable[Card]) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may put out ``cards`` and draw as many from the
        stock now (LOO5-2); returns the seat index."""
        s = self.seat_index(seat)
        chosen = list(cards)
        shown = format_cards(c for c in chosen if 0 <= c < 52)
        what = f"{self.seats[s]} cannot exchange {shown}".rstrip()
        if not self.has_stock:
            raise IllegalActionError(f"{what}: only in Five-card or Irish Loo, not Three-card Loo", "LOO5-2")
        s = self.verify_declare(s, _loo.Decl.EXCHANGE)
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
        action = _loo.LooAction(s, "exchange", None, format_cards(chosen))
        self._exchange(s, mask_of(chosen))
        self.log.append(action)
        return action

    def _exchange(self, s: int, out: int) -> None:
        count = int.bit_count(out)
        drawn = mask_of(self.stock[:count])
        del self.stock[:count]
        self.hands[s] = self.hands[s] & ~out | drawn  # what he put out is put aside, never drawn (§14.15)
        self.exchanged[s] = (out, drawn)
        self._declare(s, _loo.Decl.EXCHANGE)

    # -- flushes --------------------------------------------------------------------------------

    def flush_of(self, seat: int) -> FlushKey | None:
        """The flush ``seat`` holds now, if flushes count and it holds one (LOO5-6, LOOI-3)."""
        if not self.has_flushes:
            return None
        return flush_key(self.hands[seat], self.trump, self.pam, self.trick_count)

    @property
    def flush_window(self) -> bool:
        """Whether a flush may be shown by choice: the declaring is over and the first leader has not led, not
        even in a play a law has since ordered replayed (his lead closed the chance, LOO5-6, LOO-LAW-0b)."""
        return (
            self.phase is _loo.Phase.PLAY
            and self.has_flushes
            and not self.tricks
            and not self.trick_cards
            and not self.shown
            and not any(a.verb == "play" and a.seat == self.first_leader for a in self.log)
        )

    def may_show(self, seat: int) -> bool:
        """Whether ``seat`` holds a flush it may show: an offender wins nothing, by a flush neither (LOO-LAW-0b)."""
        return seat not in self.offenders and self.flush_of(seat) is not None

    def side_actions(self, seat: int) -> tuple[LooAction, ...]:
        """What ``seat`` may do now though it is not the seat to act: show its flush before the first lead."""
        if seat != self.to_act and self.flush_window and seat in self.players and self.may_show(seat):
            return (_loo.LooAction(seat, "flush"),)
        return ()

    def verify_flush(self, seat: int | str) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may show a flush now (LOO5-6, §14.15)."""
        s = self.seat_index(seat)
        what = f"{self.seats[s]} cannot show a flush"
        Phase = _loo.Phase
        if not self.has_flushes:
            if self.rules.form == "irish":
                raise IllegalActionError(f"{what}: three-card flushes count only under irish_flush", "LOOI-3")
            raise IllegalActionError(f"{what}: there are no flushes in Three-card Loo", "LOO5-6")
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
        if self.tricks or self.trick_cards or not self.flush_window:
            raise IllegalActionError(f"{what}: the play has begun; a flush is shown before the first lead", "LOO5-6")
        if s not in self.players:
            raise IllegalActionError(f"{what}: only a seat that plays the hand may show one", "LOO5-6")
        if s in self.offenders:
            raise IllegalActionError(f"{what}: having broken a law, he wins nothing in this deal", "LOO-LAW-0b")
        if self.flush_of(s) is None:
            rule = "LOOI-3" if self.rules.form == "irish" else "LOO5-6"
            shape = "three cards of one suit" if rule == "LOOI-3" else "five cards of one suit, or four and Pam"
            raise IllegalActionError(f"{what}: {format_cards(self.hands[s])} is not a flush ({shape})", rule)
        return s

    def can_flush(self, seat: int | str) -> bool:
        """Whether ``seat`` may show a flush now."""
        return self._can(self.verify_flush, seat)

    def flush(self, seat: int | str) -> LooAction:
        """``seat`` shows its flush: the hand is not played, and the best flush takes the pool (LOO5-6/7)."""
        s = self.verify_flush(seat)
        action = _loo.LooAction(s, "flush")
        self._flush(s)
        self.log.append(action)
        return action

    def _flush(self, s: int) -> None:
        if self.phase is _loo.Phase.PLAY:
            self.show_from = self.players
            self.phase = _loo.Phase.SHOW
        self.shown.append(s)
        self._next_show()

    def _show_before_taking(self, seat: int) -> bool:
        """A seat about to take the pool without play shows its flush first [D]; whether it has one to show."""
        if not self.may_show(seat):
            return False
        self.phase = _loo.Phase.SHOW
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
        self._finish()

    def _holds_pam(self, seat: int) -> bool:
        return self.pam is not None and bool(self.hands[seat] >> self.pam & 1)

    # -- play -----------------------------------------------------------------------------------

    def _playable_five(self, s: int) -> int:
        """The cards ``s`` may play, Pam ruled as LOO5-3/4 and C-LOO-17 say (:mod:`roundgames.loo.pam`)."""
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

    def _why_not_five(self, s: int, card: Card, legal: int) -> tuple[str, str]:
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

    def _play_actions(self, s: int) -> list[LooAction]:
        """The plays open to the seat to act, with the ace of trumps led both plainly and 'civil', and its
        flush before the first lead."""
        out = [_loo.LooAction(s, "play", c) for c in cards_in(self._playable(s))]
        if self.pam is not None and not self.trick_cards:
            ace = card_of(12, self.trump)
            if self._playable(s) >> ace & 1:
                out.append(_loo.LooAction(s, "play", ace, "civil"))
        if self.flush_window and self.may_show(s):
            out.append(_loo.LooAction(s, "flush"))
        return out

    def _trick_winner(self, cards: list[Card], trump: int | None) -> int:
        assert trump is not None
        if self.pam is None:
            return plain_trick_winner(cards, trump)
        return _pam.trick_winner(cards, trump, self.pam, self.civil)

    # -- settlement -----------------------------------------------------------------------------

    def _trick_shares(self, pool: int) -> list[int]:
        """The share of each trick, by trick number (LOO-SET-2, LOO5-5)."""
        return shares(pool, self.trick_count)

    def _never_looed(self, seat: int) -> bool:
        """The holder of Pam cannot be looed (LOO5-8)."""
        return self._holds_pam_dealt_or_drawn(seat)

    def _holds_pam_dealt_or_drawn(self, seat: int) -> bool:
        if self.pam is None:
            return False
        held = self.dealt[seat]
        if seat in self.exchanged:
            out, drawn = self.exchanged[seat]
            held = held & ~out | drawn
        return bool(held >> self.pam & 1)

    def _copy_five(self, out: FiveCardLoo) -> None:
        out.stock, out.dealt_stock, out.shown = self.stock[:], self.dealt_stock[:], self.shown[:]
        out.exchanged = dict(self.exchanged)
