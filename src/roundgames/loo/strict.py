"""The Loo deal as a state machine by the rules alone: Three-card Loo (RULES.md §3 and §4.1), the base of every form.

A :class:`StrictLooDeal` is created with the rules, the seats, the dealer, the pool and the kind
of deal; it is then dealt (from a seed, or with given cards), and the seats act in turn.
Every action has the triple ``verify_x`` (raises :class:`IllegalActionError` naming the
rule), ``can_x`` (a bool) and ``x`` (applies it and returns the logged :class:`LooAction`).
Five-card and Irish Loo extend this class (:mod:`roundgames.loo.five`). The deal every surface makes is
:class:`~roundgames.loo.deal.LooDeal`, which adds the laws of table mode (:mod:`roundgames.loo.laws`) and makes
a deal of the class of ``rules.form``; this class refuses table mode rather than play it strict.

>>> from roundgames.loo.rules import LooRules
>>> deal = StrictLooDeal(LooRules.preset("peel"), ["P1", "P2", "P3"], dealer="P3", pool=3)
>>> deal.deal_cards({"P1": "AS 4S 9D", "P2": "KD QD 2C", "P3": "JS 8H 3H"}, miss="6C 2H 8D", turnup="7S")
>>> [deal.action_str(a) for a in deal.legal_actions()]
['P1 stand', 'P1 throw', 'P1 miss']
>>> deal.table_mode = True
>>> deal.apply(deal.parse_action("P1 stand"))
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: StrictLooDeal plays by the rules alone: a deal in table mode is a LooDeal
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Self

from ..core.cards import Card, card_str, cards_in, pack
from ..core.errors import IllegalActionError, RecordError, RulesError, not_held
from ..core.tricks import Trick, trick_winner
from ..games.base import BaseDeal
from ..games.protocol import Feature, Stage
from .actions import (
    DECL_VERB,
    DECL_WORDS,
    DECLARE_VERBS,
    PLAYING,
    STAGE,
    VERBS,
    Decl,
    Kind,
    LooAction,
    Phase,
    action_str,
    parse_action,
)
from .dealing import Layout, claim_cards, deal_order
from .lawstate import LawState
from .legality import declare_options, follow, follow_reason, lead, lead_reason, refusal, verify_in_play
from .rules import LooRules
from .settle import Settlement, shares, single_settlement, single_winner, trick_settlement
from .stated import stated_options, unknown_turnup, verify_stated
from .words import LooView, describe

__all__ = [
    "DECLARE_VERBS",
    "PLAYING",
    "VERBS",
    "Decl",
    "Kind",
    "LooAction",
    "LooView",
    "Phase",
    "StrictLooDeal",
    "deal_order",
    "deprecated_strict",
]


class StrictLooDeal(BaseDeal):
    """One deal of Loo by the rules alone, from the dealer's stake to the settlement: Three-card Loo, and the base
    of the other forms (:class:`~roundgames.loo.five.StrictFiveCardLoo` plays Five-card and Irish Loo)."""

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
        #: nobody recorded the cards (:meth:`deal_unknown`): the winners are stated instead
        self.unknown = False
        # What the laws and the result ask of every form, empty in Three-card Loo (roundgames.loo.five sets them):
        #: Pam (LOO5-3); None where there is none
        self.pam: Card | None = None
        #: who took the pool with a flush (several under ``flush_tie: split``) (LOO5-6/7)
        self.flush_winners: tuple[int, ...] = ()

    # -- the protocol: the game, the stage, what it offers -----------------------------------

    @property
    def stage(self) -> Stage:
        """Where the deal stands, in the words every game shares."""
        return STAGE[self.phase]

    @property
    def features(self) -> frozenset[Feature]:
        """What this deal offers beyond the protocol (:class:`~roundgames.games.protocol.Feature`)."""
        out = {Feature.TURNUP, Feature.DECLARATIONS, Feature.POOL}
        if self.kind is Kind.REGULAR:
            out.add(Feature.MISS)
        else:
            out.add(Feature.SINGLE)
        if self.unknown:
            out.add(Feature.UNKNOWN_CARDS)
        if self.kind is Kind.REGULAR and self.club_law:
            out.add(Feature.CLUB_LAW)
        return frozenset(out)

    # -- the form's facts (each form overrides these) ----------------------------------------

    @property
    def has_stock(self) -> bool:
        """Whether the deal has a stock and no miss: Five-card or Irish Loo (LOO5-1, LOOI-1)."""
        return False

    @property
    def has_flushes(self) -> bool:
        """Whether flushes count (LOO5-6, LOOI-3): never in Three-card Loo."""
        return False

    @property
    def trick_count(self) -> int:
        """The tricks played: three (LOO-PLAY-9)."""
        return 3

    @property
    def hand_size(self) -> int:
        """Cards dealt to each taking part: one in Peel's single, three otherwise."""
        return 1 if self.kind is Kind.SINGLE else 3

    # -- seats and actions as text -------------------------------------------------------

    def action_str(self, action: LooAction) -> str:
        """The action as a record writes it: ``"P3 play AS"``."""
        return action_str(action, self.seats)

    def parse_action(self, text: str) -> LooAction:
        """Parse an action string ``SEAT VERB [CARD]``; raises :class:`RecordError` if it does not parse."""
        return parse_action(text, self.seats)

    def describe(self, action: LooAction, *, own: bool = False) -> str:
        """The action as a log line says it: ``"P3 plays AS"``, ``"P2 throws up"``; ``own``: as its actor reads it."""
        return describe(action, self.seats, own=own)

    # -- dealing -------------------------------------------------------------------------

    def deal(self, seed: int | random.Random | None = None) -> None:
        """Shuffle the pack with ``seed`` and deal it as the dealer does (LOO-DEAL-4/5, LOO-SGL-1)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        cards = pack(self.rules.pack)
        rng.shuffle(cards)
        self._deal_shuffled(cards)

    def _deal_shuffled(self, cards: list[Card]) -> None:
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
        """Deal the given cards (``stock``, in Five-card and Irish Loo: the undealt pack, top card first);
        raises :class:`RecordError` for a card that is missing, doubled or unknown."""
        rules = self.rules
        layout = Layout(self.seats, self.order, self.hand_size, self.kind, rules.pack, rules.form, self.has_stock)
        masks, miss_mask, up, stock_cards = claim_cards(layout, hands, miss, turnup, stock)
        self._set_cards(masks, miss_mask, up, stock_cards)

    def _set_cards(self, hands: Mapping[int, int], miss: int, turnup: Card, stock: Sequence[Card] = ()) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalActionError("the cards have already been dealt", "LOO-DEAL-4")
        for s, m in hands.items():
            self.hands[s] = self.dealt[s] = m
        self.miss = miss
        self.turnup = turnup
        self.trump = turnup // 13
        self.pay_stakes()
        if self.kind is Kind.SINGLE:
            self.settle_single(single_winner(self.hands, self.order, self.trump, self.turnup))
            return
        self.phase = Phase.DECLARE
        self.to_act = self.order[0]

    def pay_stakes(self) -> None:
        """The dealer's stake, and under ``ante: all`` everyone's ante (LOO-STK-2, LOO-VAR-ALL-ANTE, §14.19)."""
        stakes = self.rules.stakes
        self.ledger.stake(self.dealer, stakes.deal)  # LOO-STK-2
        if self.rules.ante == "all" and self.kind is not Kind.SINGLE:  # LOO-VAR-ALL-ANTE; §14.19
            for s in range(self.n):
                if s != self.dealer:
                    self.ledger.stake(s, stakes.ante)
        self.staked_pool = self.ledger.pool

    # -- state ---------------------------------------------------------------------------

    @property
    def heap_names(self) -> frozenset[str]:
        """The heaps besides the hands that :meth:`deal_cards` deals (DEAL-RECORD.md ``cards``)."""
        return frozenset({"miss", "turnup"})

    def heaps(self, dealt: bool = False) -> dict[str, list[Card]]:
        """The cards nobody holds, by heap, those dealt only: the miss (LOO-DEAL-4, even once taken) and the
        turn-up. ``dealt``: as dealt (the same here)."""
        out: dict[str, list[Card]] = {}
        if self.miss:
            out["miss"] = list(cards_in(self.miss))
        if self.turnup >= 0:
            out["turnup"] = [self.turnup]
        return out

    @property
    def is_complete(self) -> bool:
        """Whether the deal is finished and settled."""
        return self.phase is Phase.COMPLETE

    @property
    def club_law(self) -> bool:
        """Whether every seat must play: club law with a club turned up, or an EW single."""
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
    def voidable(self) -> bool:
        """Whether a law of the deal may still void it, complete as it is: Peel's single in table mode, settled as
        it is dealt, while nothing is recorded (LOO-LAW-1..3, §14.30)."""
        return self.table_mode and self.kind is Kind.SINGLE and self.is_complete and not self.unknown and not self.log

    @property
    def full_loo_penalty(self) -> bool:
        """Whether a seat paid a full-loo penalty in this deal: it counts as a loo (§14.5)."""
        return self.law is not None and self.law.full_loo_paid

    @property
    def next_kind(self) -> Kind:
        """The kind of the next deal (LOO-DEAL-2/3, LOO-SET-5, §14.5): a full-loo penalty counts as a loo;
        after a void deal, the same kind again (§14.8)."""
        if self.law is not None and self.law.void:
            return self.kind
        if self.kind is Kind.SINGLE or self.looed or self.full_loo_penalty:
            return Kind.REGULAR
        return {"peel": Kind.SINGLE, "ew": Kind.EW_SINGLE}.get(self.rules.single, Kind.REGULAR)

    @property
    def current_trick(self) -> tuple[tuple[int, ...], tuple[Card, ...]]:
        """The seats and cards of the trick in progress."""
        return tuple(self.trick_seats), tuple(self.trick_cards)

    def copy(self) -> Self:
        """An independent copy, for search."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        for name in ("hands", "dealt", "decls", "tricks", "trick_seats", "trick_cards", "won", "log"):
            setattr(out, name, getattr(self, name)[:])
        out.looed = dict(self.looed)
        out.ledger = self.ledger.copy()
        out.offenders = set(self.offenders)
        out.play_hands = self.play_hands[:]
        out.irregularities = self.irregularities[:]
        return out

    # -- declaring -----------------------------------------------------------------------

    def declare_options(self, seat: int) -> tuple[Decl, ...]:
        """The declarations open to ``seat`` if it were its turn (LOO-DECL-1..10, §14.2)."""
        # asked twice at every declaration (its options listed, the one made checked): the dealer's concession is
        # read from the rules here rather than through the may_concede property, as club_law is read once
        concede = self.rules.dealer_lone_stander == "may_concede"
        return declare_options(seat, self.decls, self.order, self.club_law, self.miss_holder is None, concede)

    @property
    def may_concede(self) -> bool:
        """Whether the dealer facing one seat in may throw up (``dealer_lone_stander: may_concede``)."""
        return self.rules.dealer_lone_stander == "may_concede"

    def lone_stander(self) -> bool:
        """Whether exactly one seat before the dealer (§14.3: the last playing seat) plays: the LOO-DECL-8 case."""
        return sum(1 for s in self.order[:-1] if self.decls[s] in PLAYING) == 1

    def verify_declare(self, seat: int | str, decl: Decl) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may make ``decl`` now; returns the seat index."""
        # an action names its seat by index: taken as it is, on the path of every declaration (a name is looked up)
        s = seat if type(seat) is int and 0 <= seat < self.n else self.seat_index(seat)
        name, verb = self.seats[s], DECL_WORDS[decl]
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
        if decl in self.declare_options(s):
            return s
        raise self._refusal(name, verb, decl)

    def _refusal(self, name: str, verb: str, decl: Decl) -> IllegalActionError:
        """Why a declaration that is not among the options is refused, with its rule."""
        holder = None if self.miss_holder is None else self.seats[self.miss_holder]
        return refusal(name, verb, decl, kind=self.kind, club_law=self.club_law, miss_holder=holder)

    def can_declare(self, seat: int | str, decl: Decl) -> bool:
        """Whether ``seat`` may make ``decl`` now."""
        return self._can(self.verify_declare, seat, decl)

    def declare(self, seat: int | str, decl: Decl) -> LooAction:
        """Make the declaration ``decl`` for ``seat`` (LOO-DECL-1..10); an exchange names its cards."""
        if decl is Decl.EXCHANGE:
            raise IllegalActionError(f"{self.seats[self.seat_index(seat)]} must name the cards he exchanges", "LOO5-2")
        s = self.verify_declare(seat, decl)
        action = LooAction(s, DECL_VERB[decl])
        self.declare_unchecked(s, decl)
        self.log.append(action)
        return action

    def declare_unchecked(self, s: int, decl: Decl) -> None:
        """Record ``s``'s declaration and move on, unchecked and unlogged: for the laws and search.

        Warning: a declaration the rules forbid corrupts the state; :meth:`declare` checks it first."""
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

    def _take_pool_without_play(self, seat: int) -> None:
        if seat not in self.offenders:  # an offender wins nothing, with or without play: the pool is carried
            self.winner_without_play = seat
            self.ledger.take(seat, self.ledger.pool)
        self.finish()

    # -- play ----------------------------------------------------------------------------

    def playable(self, seat: int | str) -> int:
        """The mask of the cards ``seat`` may play now (empty when it is not his turn)."""
        s = self.seat_index(seat)
        if self.phase is not Phase.PLAY or s != self.to_act:
            return 0
        return self.playable_cards(s)

    def playable_cards(self, s: int) -> int:
        """The cards ``s`` may play to the trick as it stands, whoever's turn it is (LOO-PLAY-2..6)."""
        if self.trick_cards:
            return follow(self.hands[s], self.trick_cards, self.trump)
        rules = self.rules
        return lead(
            self.hands[s],
            len(self.tricks),
            trump=self.trump,
            turnup=self.turnup,
            lead_rule=rules.lead_rule,
            second_lead=rules.second_lead,
        )

    def verify_play(self, seat: int | str, card: Card, civil: bool = False) -> int:
        """Raise :class:`IllegalActionError` unless ``seat`` may play ``card`` now (``civil``: leading the ace
        of trumps with "Pam be civil", LOO5-4); returns the seat index."""
        # an action names its seat by index: taken as it is, on the path of every card (a name is looked up)
        s = seat if type(seat) is int and 0 <= seat < self.n else self.seat_index(seat)
        name, shown = self.seats[s], card_str(card) if 0 <= card < 52 else str(card)
        what = f"{name} cannot play {shown}"
        if self.phase is not Phase.PLAY or self.unknown:  # asked only where it refuses: the hot path plays on
            has_miss = self.phase is Phase.DECLARE and Feature.MISS in self.features
            verify_in_play(self.phase, unknown=self.unknown, to_act=s == self.to_act, has_miss=has_miss, what=what)
        if s not in self.players:
            raise IllegalActionError(f"{what}: only those who stood or took the miss play", "LOO-PLAY-1")
        if not (0 <= card < 52 and self.hands[s] >> card & 1):
            raise not_held(what)
        if s != self.to_act:
            assert self.to_act is not None
            first = not self.tricks and not self.trick_cards
            rule = "LOO-PLAY-1" if first else "LOO-PLAY-7"
            role = "lead" if not self.trick_cards else "play"
            raise IllegalActionError(f"{what}: it is {self.seats[self.to_act]}'s turn to {role}", rule)
        if civil:
            self._verify_civil(s, card)
        legal = self.playable_cards(s)
        if legal >> card & 1:
            return s
        reason, rule = self._why_not(s, card, legal)
        raise IllegalActionError(f"{what}: {reason}", rule)

    def _verify_civil(self, s: int, card: Card) -> None:
        """Leading the ace of trumps, and only then, one may say "Pam be civil" (LOO5-4): not in this form."""
        raise IllegalActionError(f"{self.seats[s]} cannot say 'Pam be civil': there is no Pam in this game", "LOO5-4")

    def _why_not(self, s: int, card: Card, legal: int) -> tuple[str, str]:
        hand = self.hands[s]
        if self.trick_cards:
            return follow_reason(hand, self.trick_cards, card, legal, self.trump)
        return lead_reason(
            hand, len(self.tricks), legal, trump=self.trump, turnup=self.turnup, lead_rule=self.rules.lead_rule
        )

    def can_play(self, seat: int | str, card: Card, civil: bool = False) -> bool:
        """Whether ``seat`` may play ``card`` now."""
        return self._can(self.verify_play, seat, card, civil)

    def play(self, seat: int | str, card: Card, civil: bool = False) -> LooAction:
        """``seat`` plays ``card`` to the trick (LOO-PLAY-1..9; ``civil``: "Pam be civil", LOO5-4)."""
        s = self.verify_play(seat, card, civil)
        action = LooAction(s, "play", card, "civil" if civil else None)
        self.play_unchecked(s, card, civil)
        self.log.append(action)
        return action

    def play_unchecked(self, s: int, card: Card, civil: bool = False) -> None:
        """Put ``card`` from ``s``'s hand into the trick, unchecked and unlogged: for the laws (a card that
        stands, out of turn) and search. Warning: a card ``s`` does not hold corrupts the state."""
        self._lead_words(civil)
        self.hands[s] &= ~(1 << card)
        self.trick_seats.append(s)
        self.trick_cards.append(card)
        players = self.players
        k = len(players)
        if len(self.trick_cards) < k:
            i = players.index(s)
            # the next on the left who has not played to this trick (one may have played out of turn, LOO-LAW-10);
            # a plain loop, not a generator: it runs for nearly every card
            for j in range(1, k):
                if players[(i + j) % k] not in self.trick_seats:
                    self.to_act = players[(i + j) % k]
                    return
        winner = self._end_trick(self.trump, self._trick_winner)  # LOO-PLAY-7
        self._after_trick()
        self.won[winner] += 1
        if len(self.tricks) == self.trick_count:  # LOO-PLAY-9, LOO5-5: all the tricks are played
            self.settle_tricks()
        else:
            self.to_act = winner

    def _lead_words(self, civil: bool) -> None:
        """What a lead says besides its card: nothing in Three-card Loo ("Pam be civil" in Five-card, LOO5-4)."""

    def _after_trick(self) -> None:
        """What ends with a trick besides the trick: nothing in Three-card Loo."""

    def _trick_winner(self, cards: list[Card], trump: int | None) -> int:
        assert trump is not None
        return trick_winner(cards, trump)

    # -- actions in general ----------------------------------------------------------------

    def legal_actions(self) -> list[LooAction]:
        """Every action the seat to act may take now, in a fixed order (in table mode, as :class:`LooDeal
        <roundgames.loo.deal.LooDeal>`'s laws leave them)."""
        self._no_laws()
        return self.proper_actions()

    def _no_laws(self) -> None:
        """This class knows the rules alone: in table mode it refuses, rather than play strict unasked."""
        if self.table_mode:
            raise RulesError(f"{type(self).__name__} plays by the rules alone: a deal in table mode is a LooDeal")

    def proper_actions(self) -> list[LooAction]:
        """Every action the seat to act may take now by the rules alone (strict mode's :meth:`legal_actions`)."""
        s = self.to_act
        if s is None or self.phase is Phase.COMPLETE:
            return []
        if self.unknown and self.phase is Phase.PLAY:
            return stated_options(self.kind, self.order, self.dealer, self.players)
        if self.phase is Phase.DECLARE:
            return self._declare_actions(s)
        return self._play_actions(s)

    def _declare_actions(self, s: int) -> list[LooAction]:
        return [LooAction(s, DECL_VERB[d]) for d in sorted(self.declare_options(s))]

    def _play_actions(self, s: int) -> list[LooAction]:
        return [LooAction(s, "play", c) for c in cards_in(self.playable_cards(s))]

    def side_actions(self, seat: int) -> tuple[LooAction, ...]:
        """What ``seat`` may do now though it is not the seat to act: nothing in Loo (a flush is shown in its
        holder's turn, RULES.md §14.34)."""
        return ()

    def verify(self, action: LooAction, *, strict: bool = False) -> None:
        """Raise unless ``action`` is legal now; in table mode, unless a law covers it. (``strict=True`` is
        deprecated: it is :meth:`verify_proper`.)"""
        if not (strict and deprecated_strict("verify", strict)):
            self._no_laws()
        self.verify_proper(action)

    def verify_proper(self, action: LooAction) -> None:
        """Raise unless ``action`` is legal by the rules alone, as in strict mode, whatever the mode."""
        verb, name = action.verb, self.seats[action.seat]
        if verb == "play":
            if action.card is None:
                raise IllegalActionError(f"{name} must name a card to play", "LOO-PLAY-7")
            if action.arg not in (None, "civil"):
                raise IllegalActionError(
                    f"{name} play {card_str(action.card)} {action.arg}: the only words a lead may carry are 'civil' "
                    "(Pam be civil)",
                    "LOO5-4",
                )
            self.verify_play(action.seat, action.card, action.arg == "civil")
        elif verb in DECLARE_VERBS:
            self.verify_declare(action.seat, DECLARE_VERBS[verb])
        elif verb in ("trick", "single"):
            self.verify_stated(action)
        elif verb == "irregular":
            named = (action.arg or "").split()
            rule = named[0] if named and named[0].startswith("LOO-LAW-") else "LOO-LAW-17"
            raise IllegalActionError(
                f"{name} irregular {action.arg or ''}: irregularities are ruled on in table mode only", rule
            )
        elif verb == "replay":
            raise IllegalActionError(f"{name} replay: a replay is ordered in table mode only", "LOO-LAW-0b")
        else:
            self._verify_form_verb(action)

    def _verify_form_verb(self, action: LooAction) -> None:
        """A verb only another form has: ``exchange`` and ``flush`` (LOO5-2, LOO5-6)."""
        name = self.seats[action.seat]
        if action.verb == "exchange":
            what = f"{name} cannot exchange {action.arg or ''}".rstrip()
            raise IllegalActionError(f"{what}: only in Five-card or Irish Loo, not Three-card Loo", "LOO5-2")
        if action.verb == "flush":
            raise IllegalActionError(f"{name} cannot show a flush: there are no flushes in Three-card Loo", "LOO5-6")
        raise IllegalActionError(f"{name} {action.verb}: no such Loo action", "LOO-DECL-1")

    def apply(self, action: LooAction, *, strict: bool = False) -> LooAction:
        """Apply ``action`` after checking it; returns it as logged (in table mode, :class:`LooDeal
        <roundgames.loo.deal.LooDeal>` applies an irregular action with its law). (``strict=True`` is deprecated: it
        is :meth:`apply_proper`.)"""
        if not (strict and deprecated_strict("apply", strict)):
            self._no_laws()
        return self.apply_proper(action)

    def apply_proper(self, action: LooAction) -> LooAction:
        """Apply ``action`` if the rules alone allow it, as in strict mode, whatever the mode; returns it."""
        verb = action.verb
        if verb == "play" and action.card is not None and action.arg in (None, "civil"):
            return self.play(action.seat, action.card, action.arg == "civil")
        if verb in DECLARE_VERBS:
            return self.declare(action.seat, DECLARE_VERBS[verb])
        if verb in ("trick", "single"):  # a result stated where nobody recorded the cards
            self.verify_stated(action)
            self._apply_stated(action)
            self.log.append(action)
            return action
        return self._apply_form_verb(action)

    def _apply_form_verb(self, action: LooAction) -> LooAction:
        """A verb of another form, or one no form has: refused, with its rule."""
        self.verify_proper(action)
        raise IllegalActionError(f"{self.action_str(action)}: no such Loo action", "LOO-DECL-1")

    def apply_unchecked(self, action: LooAction) -> None:
        """Apply a legal action without checking it: the fast path for search and simulation.

        Warning: an illegal action corrupts the state. Use :meth:`apply` for anything a person drives.
        """
        if action.verb in ("trick", "single"):  # a result stated where nobody recorded the cards
            self._apply_stated(action)
        elif action.verb == "play":
            assert action.card is not None
            self.play_unchecked(action.seat, action.card, action.arg == "civil")
        else:
            self._unchecked_verb(action)
        self.log.append(action)

    def _unchecked_verb(self, action: LooAction) -> None:
        self.declare_unchecked(action.seat, DECLARE_VERBS[action.verb])

    # -- results stated where nobody recorded the cards (roundgames.loo.stated) -----------

    def deal_unknown(self, turnup: str | Card | None = None) -> None:
        """Deal a deal whose cards nobody recorded (the pool keeper's): hands are empty, play is stated
        (``SEAT trick``, ``SEAT single``, ``single nobody``: LOO-SGL-2, LOO-SGL-4), and ``turnup`` is
        needed only where it decides something, under club law (LOO-VAR-CLUBLAW)."""
        if self.phase is not Phase.DEAL:
            raise IllegalActionError("the cards have already been dealt", "LOO-DEAL-4")
        up = unknown_turnup(turnup, self.rules, self.kind)
        self.unknown = True
        self.turnup, self.trump = up, up // 13 if up >= 0 else -1
        self.pay_stakes()
        if self.kind is Kind.SINGLE:  # the table says whose face-up card won (LOO-SGL-2)
            self.phase, self.players, self.to_act = Phase.PLAY, self.order, self.dealer
            return
        self.phase = Phase.DECLARE
        self.to_act = self.order[0]

    def verify_stated(self, action: LooAction) -> int:
        """Raise unless ``action`` (``trick`` or ``single``) may be stated now; returns the seat index."""
        return verify_stated(
            action,
            self.action_str(action),
            seats=self.seats,
            unknown=self.unknown,
            phase=self.phase,
            kind=self.kind,
            dealer=self.dealer,
            order=self.order,
            players=self.players,
            turnup=self.turnup,
        )

    def _apply_stated(self, action: LooAction) -> None:
        """Apply ``SEAT trick`` or ``SEAT single``, unchecked and unlogged."""
        s = action.seat
        if action.verb == "single":
            self.settle_single(None if action.arg == "nobody" else s)  # LOO-SGL-2..4
            return
        leader = s if self.to_act is None else self.to_act
        self.tricks.append(Trick(leader, (), (), s))  # who led and what was played is not recorded
        self.won[s] += 1
        if len(self.tricks) == self.hand_size:  # LOO-PLAY-9
            self.settle_tricks()
        else:
            self.to_act = s  # the winner leads next (LOO-PLAY-7)

    # -- settlement (roundgames.loo.settle) ------------------------------------------------

    def settle_single(self, best: int | None) -> None:
        """Peel's single is decided: ``best`` (or nobody) takes the pool, every other seat dealt a card is looed S
        (LOO-SGL-2..4)."""
        self.winner_without_play = best
        self._pay_out(single_settlement(best, self.order, self.ledger.pool, self.rules.stakes.single))

    def settle_tricks(self) -> None:
        """Divide the pool by tricks and loo those who took none (LOO-SET-1..4), a loo of the pool as divided,
        single penalties paid into it included (LOO-STK-4 [I], §14.7)."""
        pool, rules, players, won, offenders = self.ledger.pool, self.rules, self.players, self.won, self.offenders
        # settled at the end of nearly every deal: the sets are made only where a seat is in them, which is rare
        defender = {s for s in players if self.decls[s] is Decl.DEFEND} if Decl.DEFEND in self.decls else set()
        unlooed = {s for s in players if not won[s] and self.never_looed(s)}  # LOO5-8
        if offenders and not rules.offender_double_loo:
            unlooed |= offenders  # an offender is looed once only (LOO-LAW-0c)
        if defender and not rules.defender_looed:
            unlooed |= defender  # LOO-DECL-8 [I]
        stakes, loo = self.trick_shares(pool), rules.loo_amount(pool)
        carried = defender | offenders if defender else offenders
        settled = trick_settlement(
            pool,
            [t.winner for t in self.tricks if t.winner is not None],
            players=players,
            won=won,
            stakes=stakes,
            loo=loo,
            carried=carried,
            unlooed=unlooed,
        )
        self._pay_out(settled)

    def _pay_out(self, settled: Settlement) -> None:
        for s, amount in settled.takes:
            self.ledger.take(s, amount)
        for s, amount in settled.looed:
            self.ledger.pay_next(s, amount)
            self.looed[s] = amount
        self.finish()

    def trick_shares(self, pool: int) -> list[int]:
        """The share of each trick, by trick number, the earliest getting the odd counters (LOO-SET-2, LOO5-5)."""
        return shares(pool, self.trick_count)

    def never_looed(self, seat: int) -> bool:
        """Whether ``seat`` cannot be looed whatever it takes: nobody in Three-card Loo (LOO5-8 in Five-card)."""
        return False

    def finish(self) -> None:
        """Close the deal: what is left in its pool is carried whole to the next (LOO-SET-4, LOO-SGL-4)."""
        self.phase = Phase.COMPLETE
        self.to_act = None
        self.ledger.next_pool += self.ledger.pool
        self.ledger.pool = 0
        self.ledger.check()


def deprecated_strict(method: str, strict: bool) -> bool:
    """For :meth:`LooDeal.apply <roundgames.loo.deal.LooDeal.apply>` and ``verify``: ``strict=True``, the old spelling of the ``*_proper`` methods, still works, with a warning."""
    if strict:
        warnings.warn(f"LooDeal.{method}(strict=True) is deprecated: use {method}_proper", DeprecationWarning, 3)
    return strict
