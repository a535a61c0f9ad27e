"""The Loo deal every surface makes: the rules of each form (:mod:`roundgames.loo.strict`,
:mod:`roundgames.loo.five`) with the laws of table mode (:mod:`roundgames.loo.laws`).

``LooDeal(rules, ...)`` makes a deal of the class that plays ``rules.form``, found in :data:`FORMS`, this module's
explicit list of the forms. In table mode (``deal.table_mode``) every action is judged by the laws first: the laws
look at the deal and return a :class:`~roundgames.games.ruling.Ruling`, and :meth:`LooDeal.apply_ruling` applies
it, the one place where a law changes the deal. The laws are the class's own (:attr:`LooDeal.LAWS`), so no deal
plays strict for want of an import.

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
>>> print(deal.result().sentence())
Looed: P1 6. P1 -6, P2 +1, P3 +4, P4 +4. Next pool 6; P3 deals a regular deal.
>>> type(LooDeal(LooRules.preset("irish"), 4)).__name__
'FiveCardLoo'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ..core.cards import Card
from ..core.ledger import Ledger
from ..games.ruling import Payment, Ruling
from .actions import DECLARE_VERBS, PLAYING, VERBS, Decl, Kind, LooAction, Phase
from .dealing import deal_order
from .five import StrictFiveCardLoo
from .laws import LooLaws
from .lawstate import LawState, bound_now
from .rules import LooRules
from .settle import single_winner
from .strict import StrictLooDeal, deprecated_strict
from .words import DECL_NOTES, LooResult, LooView, kind_words

__all__ = [
    "DECLARE_VERBS",
    "FORMS",
    "PLAYING",
    "VERBS",
    "Decl",
    "FiveCardLoo",
    "Kind",
    "LooAction",
    "LooDeal",
    "LooView",
    "Phase",
    "deal_order",
]


class LooDeal(StrictLooDeal):
    """One deal of Loo, from the dealer's stake to the settlement: Three-card Loo, and the base of the other
    forms (``rules.form``: :class:`FiveCardLoo` plays Five-card and Irish Loo); in table mode, under the laws."""

    #: the laws of table mode (RULES.md §5, §14)
    LAWS: ClassVar[LooLaws] = LooLaws()

    def __new__(cls, rules: LooRules | None = None, *args: Any, **kwargs: Any) -> LooDeal:
        """A deal of the class of ``rules.form``: ``LooDeal(five_card_rules, ...)`` is a Five-card deal. (Without
        rules, as copying and pickling call it, a deal of this class.)"""
        form = FORMS.get(getattr(rules, "form", "three_card"), cls) if cls is LooDeal else cls
        return super().__new__(form)

    def legal_actions(self) -> list[LooAction]:
        """Every action the seat to act may take now, in a fixed order; in table mode as the laws
        leave them (a forced throw, a demand for a replay)."""
        proper = self.proper_actions()
        if self.table_mode:
            return self.LAWS.legal_actions(self, proper)
        return proper

    def verify(self, action: LooAction, *, strict: bool = False) -> None:
        """Raise unless ``action`` is legal now; in table mode, unless a law covers it. (``strict=True`` is
        deprecated: it is :meth:`verify_proper`.)"""
        if not (strict and deprecated_strict("verify", strict)) and self.table_mode:
            self.LAWS.judge(self, action)
        else:
            self.verify_proper(action)

    def judge(self, action: LooAction) -> Ruling[LooAction]:
        """What ``action`` would do, changing nothing: in table mode the laws' ruling; in strict mode the action
        stands if the rules allow it (else :class:`IllegalActionError` naming the rule). :meth:`apply_ruling`
        applies it."""
        if self.table_mode:
            return self.LAWS.judge(self, action)
        self.verify_proper(action)
        return Ruling.standing(action)

    def apply(self, action: LooAction, *, strict: bool = False) -> LooAction:
        """Apply ``action`` after checking it; returns it as logged. In table mode the laws judge it and
        :meth:`apply_ruling` applies their ruling. (``strict=True`` is deprecated: it is :meth:`apply_proper`.)"""
        if not (strict and deprecated_strict("apply", strict)) and self.table_mode:
            return self.apply_ruling(self.LAWS.judge(self, action))
        return self.apply_proper(action)

    def apply_ruling(self, ruling: Ruling[LooAction]) -> LooAction:
        """Apply what the laws ruled on an action (:mod:`roundgames.loo.laws`), the one place where a law changes
        the deal; returns the action as logged. Peel's single, settled as it was dealt, is taken back first and
        settled again for the pool the law leaves, unless the law voids it (§14.30); a declaration made out of turn
        then takes effect at its maker's turn (LOO-LAW-5, §14.27)."""
        law = ruling.state
        assert law is None or isinstance(law, LawState), "a ruling of Loo's laws carries their state"
        if ruling.proper:  # the common case, at once: a proper action leaves nothing to pay or log
            if law is not None:  # (a strict deal's proper action carries none: no law is in force)
                self.law = law
            self.apply_proper(ruling.action)
            if law is not None and self.phase is Phase.DECLARE:
                self._declare_bound(law)
            return ruling.action
        assert law is not None, "a ruling of Loo's laws carries their state"
        settled = self.voidable
        self.law = law
        if settled:
            self._reopen_single()
        if ruling.void:
            self.return_stakes()
        self._pay(ruling.payments)
        self.offenders |= ruling.offenders
        if ruling.irregularity is not None:
            self.irregularities.append(ruling.irregularity)
        action = ruling.action
        if ruling.forced:
            self.apply_unchecked(action)
        else:
            self.log.append(action)
        if ruling.void:
            self.finish()
        if ruling.replay:
            self.restart_play()
        if ruling.plays is not None:
            self._card_stands(action.seat, ruling.plays, ruling.to_act)
        if settled and not ruling.void:
            self.settle_single(single_winner(self.hands, self.order, self.trump, self.turnup))
        self._declare_bound(law)
        if law.demand is not None and self.is_complete:
            self.law = replace(law, demand=None)  # nobody demands a replay of a deal that is over
        return action

    def _reopen_single(self) -> None:
        """Take back the settlement of Peel's single, made as it was dealt: the counters stand as they did once the
        stake was paid, nobody is looed and nobody has taken the pool. For a law of the deal, which the table states
        only once the cards lie face up (LOO-LAW-1..3, §14.30): it voids the deal, or charges its penalty into the
        pool that the single is then settled for."""
        self.ledger = Ledger(self.n, self.ledger.start)
        self.pay_stakes()
        self.looed = {}
        self.winner_without_play = None

    def _pay(self, payments: Sequence[Payment]) -> None:
        for p in payments:
            if p.pool == "next":
                self.ledger.pay_next(p.seat, p.amount)
            else:
                self.ledger.stake(p.seat, p.amount)

    def _card_stands(self, s: int, card: Card, proper: int | None) -> None:
        """An irregular card stays in the trick; after a card out of turn ``proper``, whose turn it was, plays next
        (LOO-LAW-10)."""
        tricks = len(self.tricks)
        self.play_unchecked(s, card)
        if len(self.tricks) == tricks and proper is not None and proper != s:
            self.to_act = proper

    def _declare_bound(self, law: LawState) -> None:
        """A declaration made out of turn takes effect at the offender's proper turn by itself: it was recorded
        once, where it was made, and the next seat's declaration is in turn (LOO-LAW-5, §14.27)."""
        while self.phase is Phase.DECLARE and self.to_act is not None and self.to_act not in law.forced_throw:
            if self.to_act not in law.bound:  # the common case, after every declaration: his options are not needed
                return
            want = bound_now(law, self.to_act, self.declare_options(self.to_act))
            if want is None:
                return
            self.declare_unchecked(self.to_act, want)

    # -- what the deal every surface makes offers besides the rules: named declarations, the view, the result

    def return_stakes(self) -> None:
        """Give back the stakes as :meth:`deal` took them: the deal is void (LOO-LAW-1..3, §14.8)."""
        stakes = self.rules.stakes
        self.ledger.take(self.dealer, stakes.deal)
        if self.rules.ante == "all" and self.kind is not Kind.SINGLE:
            for s in range(self.n):
                if s != self.dealer:
                    self.ledger.take(s, stakes.ante)

    def result(self) -> LooResult | None:
        """The finished deal's result as one value (None until the deal is complete)."""
        if not self.is_complete:
            return None
        return LooResult(
            seats=self.seats,
            net=tuple(self.net),
            pool=self.pool_total,
            next_dealer=self.next_dealer,
            irregularities=tuple(self.irregularities),
            void=self.is_void,
            looed=dict(self.looed),
            next_kind=self.next_kind.value,
            won=tuple(self.won),
            taker=self.winner_without_play,
            flush_winners=self.flush_winners,
            single=self.kind is Kind.SINGLE,
        )

    def seen(self, seat: int) -> dict[int, int]:
        """The hands whose faces ``seat`` sees: its own cards only once its turn to declare has come (LOO-DECL-1),
        every hand in Peel's single (LOO-SGL-1), a flush shown (LOO5-6)."""
        looked = self.phase is not Phase.DECLARE or self.decls[seat] is not Decl.NONE or self.to_act == seat
        single = self.kind is Kind.SINGLE  # every card face up (LOO-SGL-1)
        faces = {o: self.dealt[o] for o in self.order} if single else {seat: self.hands[seat] if looked else 0}
        for o in getattr(
            self, "shown", ()
        ):  # a flush shown lies face up for everyone: "the holder reveals it" (LOO5-6)
            faces[o] = self.hands[o]
        return faces

    def view(self, seat: int | str) -> LooView:
        """What ``seat`` may see now: its own cards only once its turn to declare has come
        (LOO-DECL-1), the miss only if it took it (LOO-DEAL-6), never thrown-up cards or the pack."""
        s = self.seat_index(seat)
        faces = self.seen(s)
        return LooView(
            seat=s,
            stage=self.stage,
            hand=faces.get(s, 0),
            to_act=self.to_act,
            legal=tuple(self.legal_actions()) if self.to_act == s else self.side_actions(s),
            tricks=tuple(self.all_tricks()),
            card_counts=tuple(int.bit_count(h) for h in self.hands),
            pool=self.ledger.total,
            trump=self.trump if self.trump >= 0 else None,
            seat_count=self.n,
            dealer=self.dealer,
            order=self.order,
            may_take=(),
            phase=self.phase,
            seen_hands=faces,
            turnup=self.turnup,
            decls=tuple(self.decls),
            notes=tuple(DECL_NOTES[d] for d in self.decls),
            miss_holder=self.miss_holder,
            stock=len(self.heaps().get("stock", ())),  # a count only: the stock's cards stay hidden (LOO5-2)
            pam=-1 if self.pam is None else self.pam,
            rules=self.rules,
            kind=self.kind,
            kind_words=kind_words(self.kind),
            players=self.players,
            world=self,
        )

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

    def restart_play(self) -> None:
        """Every card back in its hand; play again from the first lead, same leader (LOO-LAW-0b/0d, §14.9)."""
        self.hands = self.play_hands[:]
        self.tricks, self.trick_seats, self.trick_cards = [], [], []
        self.won = [0] * self.n
        self.to_act = self.first_leader


class FiveCardLoo(LooDeal, StrictFiveCardLoo):
    """A deal of Five-card or Irish Loo (``rules.form``), under the laws in table mode: the rules are
    :class:`~roundgames.loo.five.StrictFiveCardLoo`'s."""


#: the class that plays each form of Loo (``rules.form``, RULES.md §4): the one list of the forms
FORMS: dict[str, type[LooDeal]] = {"three_card": LooDeal, "five_card": FiveCardLoo, "irish": FiveCardLoo}
