"""The Nap deal as a state machine by the rules alone (RULES.md §6 and §7).

A :class:`StrictNapDeal` is created with the rules, the seats, the dealer, the kitty and the
stake multiplier; it is dealt (from a seed, or with given cards), then the seats call and play.
Every action has the triple ``verify_x`` / ``can_x`` / ``x``; :meth:`StrictNapDeal.legal_actions` lists
what the seat to act may do. The variants that deal or exchange particular cards (purchase, peep,
the spare hand, the top card) extend it under the laws: :class:`~roundgames.nap.deal.PlainNapDeal` adds the laws of
table mode (:mod:`roundgames.nap.laws`), and :class:`roundgames.nap.NapDeal` (:mod:`roundgames.nap.variants`), the
deal of every game of Nap, extends that. This class refuses table mode rather than play it strict.

>>> deal = StrictNapDeal(NapRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4")
>>> deal.deal_cards({"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C",
...                  "P4": "7S 9H 8H 3C 5D"})
>>> for text in ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass", "P3 play AS", "P4 play 7S",
...              "P1 play JS", "P2 play 5S", "P3 play KS", "P4 play 9H", "P1 play 6H", "P2 play 7C",
...              "P3 play QS", "P4 play 8H", "P1 play TD", "P2 play 3H"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.is_complete, deal.made, deal.net, deal.seats[deal.next_dealer]
(True, True, [-3, -3, 9, -3], 'P1')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Self

from ..core.cards import SUIT_NAMES, Card, card_str, cards_in, format_cards
from ..core.errors import IllegalActionError, RecordError, RulesError, not_held
from ..core.tricks import Trick, follow_suit, trick_winner
from ..games.base import BaseDeal
from ..games.protocol import Feature, Stage
from .actions import VERBS, NapAction, NapPhase, action_str, parse_action
from .calls import CALLS, FIVE, TRICKS, ladder, option_problem, pay_table
from .dealing import claim_cards, deal_packets
from .rules import NapRules
from .stated import refuse_carded, verify_trick
from .words import NapView, describe

__all__ = ["CALLS", "VERBS", "NapAction", "NapPhase", "NapTrick", "NapView", "StrictNapDeal", "pay_table"]

NapTrick = Trick  # the same trick as Loo's

#: the lists a copy must not share with its original
_COPIED_LISTS = [
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
]

_STAGE = {
    NapPhase.DEAL: Stage.DEAL,
    NapPhase.PURCHASE: Stage.BID,
    NapPhase.CALL: Stage.BID,
    NapPhase.PLAY: Stage.PLAY,
    NapPhase.COMPLETE: Stage.COMPLETE,
}


class StrictNapDeal(BaseDeal):
    """One deal of Nap without the variants that deal or exchange particular cards: calling, play and payment,
    with every call and every all-pass rule. :class:`~roundgames.nap.variants.NapDeal` extends it with those
    variants; it is the deal every surface makes."""

    #: whether the class plays the variants that deal particular cards (:class:`~roundgames.nap.NapDeal` does)
    PLAYS_VARIANTS: ClassVar[bool] = False

    def __init__(
        self,
        rules: NapRules,
        seats: Sequence[str] | int,
        dealer: int | str = 0,
        kitty: int = 0,
        multiplier: int = 1,
    ) -> None:
        carded = [k for k in ("purchase", "peep", "nap_top_card") if getattr(rules, k)]
        carded += ["spare_hand"] if rules.spare_hand != "off" else []
        if carded and not self.PLAYS_VARIANTS:
            raise RulesError(
                f"option {carded[0]}: PlainNapDeal plays no variant that deals particular cards; use NapDeal"
            )
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
        #: the heaps as dealt, for the record: the stock top card first
        self.dealt_spare = 0
        self.dealt_widow: Card | None = None
        self.dealt_stock: tuple[Card, ...] = ()
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
        #: a law made the deal void: the same dealer deals again (NAP-LAW-1, -2, §14.8)
        self.void = False
        #: nobody recorded the cards (:meth:`deal_unknown`): each trick's winner is stated instead
        self.unknown = False

    # -- seats and actions as text -------------------------------------------------------

    def action_str(self, action: NapAction) -> str:
        """The action as a record writes it: ``"P3 call nap"``, ``"P2 buy 4C 2D"``."""
        return action_str(action, self.seats)

    def describe(self, action: NapAction, *, own: bool = False) -> str:
        """The action as a log line says it: ``"P3 calls Nap"``; ``own``: as its actor reads it."""
        return describe(action, self.seats, own=own)

    def parse_action(self, text: str) -> NapAction:
        """Parse ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` if it does not parse."""
        return parse_action(text, self.seats)

    # -- dealing -------------------------------------------------------------------------

    def deal(self, seed: int | random.Random | None = None, *, packets: Sequence[int] = (1, 1, 1, 1, 1)) -> None:
        """Shuffle with ``seed`` and deal five cards each from the dealer's left, one at a time (NAP-DEAL-1)
        or in ``packets`` such as ``(2, 3)`` or ``(3, 2)`` (C-NAP-9), then the spare hand, the widow and the
        stock where the rules use them."""
        self.set_cards(*deal_packets(self.rules, self.order, seed, packets))

    def deal_cards(
        self,
        hands: Mapping[str, str | Sequence[Card]] | Mapping[int, str | Sequence[Card]],
        *,
        stock: str | Sequence[Card] = (),
        widow: str | Card | None = None,
        spare: str | Sequence[Card] = (),
    ) -> None:
        """Deal the given cards; raises :class:`RecordError` for a card that is missing, doubled or unknown."""
        self.set_cards(*claim_cards(self.rules, self.seats, self.order, hands, stock=stock, widow=widow, spare=spare))

    def set_cards(self, hands: Mapping[int, int], spare: int, widow: Card | None, stock: list[Card]) -> None:
        """Put the dealt cards in place and begin the buying or the calling: for the dealing and the keeper."""
        if self.phase is not NapPhase.DEAL:
            raise IllegalActionError("the cards have already been dealt", "NAP-DEAL-1")
        for s, m in hands.items():
            self.hands[s] = self.dealt[s] = m
        self.spare, self.widow, self.stock = spare, widow, list(stock)
        self.dealt_spare, self.dealt_widow, self.dealt_stock = spare, widow, tuple(stock)
        if self.rules.has_kitty:
            self.ledger.stake(self.dealer, self.rules.stakes.unit)  # NAP-VAR-POOL, §14.14
        self.staked_pool = self.ledger.pool
        self.phase = NapPhase.PURCHASE if self.rules.purchase else NapPhase.CALL
        self.to_act = self.order[0]

    # -- state ---------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """Where the deal stands, in the words every game shares."""
        return _STAGE[self.phase]

    @property
    def features(self) -> frozenset[Feature]:
        """What this deal offers beyond the protocol (:class:`~roundgames.games.protocol.Feature`)."""
        out = {Feature.CALLS, Feature.CONTRACT, Feature.TRUMP_LED}
        if self.rules.has_kitty:
            out.add(Feature.KITTY)
        if self.rules.purchase or self.rules.nap_top_card:
            out.add(Feature.STOCK)
        if self.unknown:
            out.add(Feature.UNKNOWN_CARDS)
        return frozenset(out)

    @property
    def heap_names(self) -> frozenset[str]:
        """The heaps besides the hands that :meth:`deal_cards` deals, as the rules use them (DEAL-RECORD.md)."""
        return frozenset({"stock", "widow", "spare"})

    def heaps(self, dealt: bool = False) -> dict[str, list[Card]]:
        """The cards nobody holds, by heap: the stock (top card first), the widow, the spare hand; as they are
        now, or as they were dealt."""
        stock, widow, spare = (
            (self.dealt_stock, self.dealt_widow, self.dealt_spare) if dealt else (self.stock, self.widow, self.spare)
        )
        out: dict[str, list[Card]] = {}
        if stock:
            out["stock"] = list(stock)
        if widow is not None:
            out["widow"] = [widow]
        if spare:
            out["spare"] = list(cards_in(spare))
        return out

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

    def copy(self) -> Self:
        """An independent copy, for search."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        for name in _COPIED_LISTS:
            setattr(out, name, getattr(self, name)[:])
        out.bought, out.called, out.peeped = dict(self.bought), set(self.called), set(self.peeped)
        out.offenders = set(self.offenders)
        out.exchanged = set(self.exchanged)
        out.ledger = self.ledger.copy()
        return out

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
        self.misdeal_unchecked()

    def misdeal_unchecked(self) -> None:
        """Make the deal void as a misdeal does, unchecked: for the laws (NAP-LAW-1, §14.8)."""
        self.void = True
        if self.rules.has_kitty:
            self.ledger.take(self.dealer, self.rules.stakes.unit)  # the void deal's stake back
            self.ledger.stake(self.dealer, self.rules.stakes.unit)  # the misdeal fine
        self.redeal = True
        self.finish()

    # -- calling -------------------------------------------------------------------------

    def allowed_calls(self) -> list[str]:
        """The calls the seat to act could make now: above the highest so far and allowed by the options."""
        if self.phase is not NapPhase.CALL or self.challenge is not None:
            return []
        order = ladder(self.rules)
        above = order[order.index(self.highest[1]) + 1 :] if self.highest else order  # NAP-CALL-2
        return [c for c in above if self.call_problem(c) is None]

    def call_problem(self, call: str) -> tuple[str, str] | None:
        """Why ``call`` may not be made now whoever's turn it is, with the rule, or None (NAP-CALL-2..6)."""
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
        # an action names its seat by index: taken as it is, on the path of every action (a name is looked up)
        s = seat if type(seat) is int and 0 <= seat < self.n else self.seat_index(seat)
        if call not in CALLS:
            raise IllegalActionError(f"{self.seats[s]} cannot call {call!r}: calls are {' '.join(CALLS)}", "NAP-CALL-4")
        self._verify_turn(s, f"call {call}")
        if self.challenge is not None:
            raise IllegalActionError(
                f"{self.seats[s]} cannot call: he may only raise or pass when challenged", "NAP-VAR-WELLINGTON"
            )
        problem = self.call_problem(call)
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
        # an action names its seat by index: taken as it is, on the path of every action (a name is looked up)
        s = seat if type(seat) is int and 0 <= seat < self.n else self.seat_index(seat)
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
                self.finish()
                return
            if rule == "double_header":
                self.next_multiplier = 2
                self.finish()
                return
            senior = self.order[0] if rule == "eldest_one" else self.order[-1]
            self.highest = (senior, str(self.rules.min_call))
        self.declarer, self.contract = self.highest
        self.phase = NapPhase.PLAY
        self.to_act = self.declarer

    # -- play ----------------------------------------------------------------------------

    def playable(self, seat: int | str) -> int:
        """The mask of the cards ``seat`` may play now (empty when it is not his turn)."""
        # an action names its seat by index: taken as it is, on the path of every action (a name is looked up)
        s = seat if type(seat) is int and 0 <= seat < self.n else self.seat_index(seat)
        if self.phase is not NapPhase.PLAY or s != self.to_act:
            return 0
        able = self._may_follow(s)
        return (able & self.exposed[s]) or able  # an exposed card goes at the first legal opportunity (NAP-LAW-8)

    def _may_follow(self, s: int) -> int:
        """The cards ``s`` may play by NAP-PLAY-2 alone: the suit led if he holds it, else any."""
        return follow_suit(self.hands[s], self.trick_cards[0] // 13) if self.trick_cards else self.hands[s]

    def verify_play(self, seat: int | str, card: Card) -> int:
        """Raise unless ``seat`` may play ``card`` now (NAP-PLAY-1..3)."""
        # an action names its seat by index: taken as it is, on the path of every action (a name is looked up)
        s = seat if type(seat) is int and 0 <= seat < self.n else self.seat_index(seat)
        name = self.seats[s]
        what = f"{name} cannot play {card_str(card) if 0 <= card < 52 else card}"
        if self.phase is NapPhase.COMPLETE:
            raise IllegalActionError(f"{what}: the deal is over", "NAP-PLAY-4")
        if self.phase is not NapPhase.PLAY:
            raise IllegalActionError(f"{what}: the calling is not over", "NAP-CALL-1")
        if self.unknown:
            raise RecordError("actions", f"{what}: nobody recorded the cards of this deal; state each trick's winner")
        if not (0 <= card < 52 and self.hands[s] >> card & 1):
            raise not_held(what)
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
        self.play_unchecked(s, card)
        self.log.append(action)
        return action

    def play_unchecked(self, s: int, card: Card) -> None:
        """Put ``card`` from ``s``'s hand into the trick, unchecked and unlogged: for search.
        Warning: a card ``s`` does not hold corrupts the state."""
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
        decided = self.decided()
        if decided is None:
            self.to_act = winner
        else:
            self.made = decided
            self.settle()

    def decided(self) -> bool | None:
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

    # -- tricks stated where nobody recorded the cards (roundgames.nap.stated) ---------------

    def deal_unknown(self) -> None:
        """Deal a deal whose cards nobody recorded (the pool keeper's deal): every hand is empty.

        Calling is as usual; play is stated trick by trick, ``SEAT trick`` ("SEAT won the next
        trick"), until NAP-PLAY-4 decides the deal. The variants that deal or exchange particular
        cards (purchase, peep, the spare hand, the top card) need the cards and are refused.
        """
        refuse_carded(self.rules)
        self.unknown = True
        self.set_cards({}, 0, None, [])

    def verify_trick(self, seat: int | str) -> int:
        """Raise unless ``seat`` may be stated to have won the next trick (a deal of unknown cards)."""
        return verify_trick(seat, self.seats, self.order, unknown=self.unknown, phase=self.phase)

    def trick(self, seat: int | str) -> NapAction:
        """``seat`` won the next trick: the play of a deal whose cards nobody recorded."""
        s = self.verify_trick(seat)
        action = NapAction(s, "trick")
        self._won_trick(s)
        self.log.append(action)
        return action

    def _won_trick(self, s: int) -> None:
        """``s`` won the next trick, unchecked and unlogged; the early end decides the deal (NAP-PLAY-4)."""
        leader = s if self.to_act is None else self.to_act
        self.tricks.append(Trick(leader, (), (), s))  # who led and what was played is not recorded
        if s == self.declarer:
            self.won += 1
        else:
            self.lost += 1
        decided = self.decided()  # NAP-PLAY-4
        if decided is None:
            self.to_act = s
        else:
            self.made = decided
            self.settle()

    # -- actions in general ----------------------------------------------------------------

    def legal_actions(self) -> list[NapAction]:
        """Every action the seat to act may take now (the laws of table mode refuse nothing more: a proper
        action is always open)."""
        s = self.to_act
        if s is None or self.phase in (NapPhase.COMPLETE, NapPhase.DEAL):
            return []
        if self.phase is NapPhase.PURCHASE:
            return self._purchase_actions(s)
        if self.phase is NapPhase.CALL:
            if self.challenge is not None:
                return [NapAction(s, "pass"), NapAction(s, "raise")]
            out = [NapAction(s, "pass")] + [NapAction(s, "call", c) for c in self.allowed_calls()]
            return out + self._calling_extras(s)
        if self.unknown:
            return [NapAction(o, "trick") for o in self.order]
        out = [NapAction(s, "play", None, (c,)) for c in cards_in(self.playable(s))]
        if s == self.declarer and not self.tricks and not self.trick_cards:
            out += self._lead_extras(s)
        return out

    def _purchase_actions(self, s: int) -> list[NapAction]:
        return []

    def _calling_extras(self, s: int) -> list[NapAction]:
        """What a seat may do while calling besides pass and call: nothing without the variants."""
        return []

    def _lead_extras(self, s: int) -> list[NapAction]:
        """What the senior hand may do before his first lead besides leading: nothing without the variants."""
        return []

    def side_actions(self, seat: int) -> tuple[NapAction, ...]:
        """What ``seat`` may do now though it is not the seat to act: nothing in Nap."""
        return ()

    def verify(self, action: NapAction) -> None:
        """Raise unless ``action`` is legal now (in table mode, :class:`PlainNapDeal
        <roundgames.nap.deal.PlainNapDeal>` also lets the laws cover it)."""
        self._no_laws()
        self.verify_proper(action)

    def _no_laws(self) -> None:
        """This class knows the rules alone: in table mode it refuses, rather than play strict unasked."""
        if self.table_mode:
            raise RulesError(f"{type(self).__name__} plays by the rules alone: a deal in table mode is a NapDeal")

    def verify_proper(self, action: NapAction) -> None:
        """Raise unless ``action`` is legal by the rules alone, as in strict mode, whatever the mode."""
        v, s = action.verb, action.seat
        if v == "pass":
            self.verify_pass(s)
        elif v == "call":
            self.verify_call(s, action.call or "")
        elif v == "play" and len(action.cards) == 1:
            self.verify_play(s, action.cards[0])
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
            self._verify_variant(action)

    def _verify_variant(self, action: NapAction) -> None:
        """A verb of the variants, where none is played, or a verb Nap does not have: refused with its rule."""
        v, name = action.verb, self.seats[action.seat]
        if v == "buy":
            raise IllegalActionError(f"{name} cannot buy: cards are bought only before any call", "NAP-VAR-PURCHASE")
        if v == "peep":
            raise IllegalActionError(f"{name} cannot peep: there is no widow at this table", "NAP-VAR-PEEP")
        if v == "spare":
            raise IllegalActionError(f"{name} cannot take the spare hand: none is dealt here", "NAP-VAR-SPARE")
        if v in ("widow", "topcard") and len(action.cards) == 1:
            rule = "NAP-VAR-PEEP" if v == "widow" else "NAP-VAR-NAP-TOPCARD"
            raise IllegalActionError(f"{name} cannot take the {v}: not played at this table", rule)
        raise IllegalActionError(f"{name} {v}: no such action in Nap", "NAP-CALL-1")

    def apply(self, action: NapAction) -> NapAction:
        """Apply ``action`` after checking it; returns it (in table mode, :class:`PlainNapDeal
        <roundgames.nap.deal.PlainNapDeal>` rules on an action the rules forbid by the laws)."""
        self._no_laws()
        return self.apply_proper(action)

    def apply_proper(self, action: NapAction) -> NapAction:
        """Apply ``action`` if the rules alone allow it, as in strict mode, whatever the mode; returns it."""
        self.verify_proper(action)
        self.apply_unchecked(action)
        return action

    def apply_unchecked(self, action: NapAction) -> None:
        """Apply a legal action without checking it: the fast path for search and simulation.

        Warning: an illegal action corrupts the state. Use :meth:`apply` for anything a person drives.
        """
        v, s = action.verb, action.seat
        if v == "play":
            self.play_unchecked(s, action.cards[0])
        elif v == "pass":
            self._pass(s)
        elif v == "call":
            assert action.call is not None
            self._call(s, action.call)
        elif v == "raise":
            self._raise(s)
        elif v == "trick":
            self._won_trick(s)
        else:
            self._unchecked_variant(action)
        self.log.append(action)

    def _unchecked_variant(self, action: NapAction) -> None:
        raise AssertionError(f"{self.action_str(action)}: no such action without the variants")

    # -- settlement ----------------------------------------------------------------------

    def settle(self) -> None:
        """Pay the call between the senior hand and each opponent (§6.5, NAP-SET-1, NAP-VAR-*)."""
        assert self.declarer is not None and self.contract is not None and self.made is not None
        won, lost = pay_table(self.rules)[self.contract]
        unit = self.rules.stakes.unit * self.multiplier
        kitty = self.ledger.pool  # as the contract failed, before any fine is paid into it (§14.36)
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
            self.ledger.stake(self.declarer, kitty)  # BIC's pool Nap: the kitty's worth (§14.28, §14.36)
        self.award()

    def award(self) -> None:
        """A made Nap takes the kitty (§14.14) and ends a Double Header (§14.13); then the deal is over."""
        if self.made and self.declarer not in self.offenders:
            # Fines and forfeits under revoke_rule bic_fine or replay go into the kitty, so those turn it on.
            if self.contract in FIVE and (self.rules.has_kitty or self.rules.revoke_rule != "default"):
                assert self.declarer is not None
                self.ledger.take(self.declarer, self.ledger.pool)
            if self.rules.all_pass == "double_header":
                self.next_multiplier = 1
        self.finish()

    def restart_play(self) -> None:
        """Every card played goes back to its hand; the senior hand leads again and his first card fixes trumps
        afresh (NAP-LAW-6 under ``revoke_rule: replay``, as LOO-LAW-0d): for the laws."""
        for trick in self.all_tricks():
            # strict=False: a trick stated without its cards (a deal of unknown cards) has none to give back
            for seat, card in zip(trick.seats, trick.cards, strict=False):
                self.hands[seat] |= 1 << card
        self.tricks, self.trick_seats, self.trick_cards = [], [], []
        self.won = self.lost = 0
        self.trump = None
        self.to_act = self.declarer

    def finish(self) -> None:
        """Close the deal: what is in the kitty is carried to the next deal (NAP-VAR-POOL)."""
        self.phase = NapPhase.COMPLETE
        self.to_act = None
        self.ledger.next_pool += self.ledger.pool
        self.ledger.pool = 0
        self.ledger.check()
