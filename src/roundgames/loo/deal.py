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
from ..games.protocol import Laws
from ..games.ruling import Payment, Ruling
from .actions import DECLARE_VERBS, PLAYING, VERBS, Decl, Kind, LooAction, Phase
from .dealing import deal_order
from .five import StrictFiveCardLoo
from .laws import LooLaws
from .lawstate import LawState, bound_now
from .rules import LooRules
from .settle import reopen_single, settle_single
from .strict import StrictLooDeal, deprecated_strict
from .words import LooView

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
    LAWS: ClassVar[Laws[Any, Any] | None] = LooLaws()

    def __new__(cls, rules: LooRules | None = None, *args: Any, **kwargs: Any) -> LooDeal:
        """A deal of the class of ``rules.form``: ``LooDeal(five_card_rules, ...)`` is a Five-card deal. (Without
        rules, as copying and pickling call it, a deal of this class.)"""
        form = FORMS.get(getattr(rules, "form", "three_card"), cls) if cls is LooDeal else cls
        return super().__new__(form)

    @property
    def laws(self) -> Laws[Any, Any]:
        """The laws this deal is judged by in table mode."""
        assert self.LAWS is not None, "every Loo deal has the laws of Loo"
        return self.LAWS

    def legal_actions(self) -> list[LooAction]:
        """Every action the seat to act may take now, in a fixed order; in table mode as the laws
        leave them (a forced throw, a demand for a replay)."""
        proper = self.proper_actions()
        if self.table_mode:
            return self.laws.legal_actions(self, proper)
        return proper

    def verify(self, action: LooAction, *, strict: bool = False) -> None:
        """Raise unless ``action`` is legal now; in table mode, unless a law covers it. (``strict=True`` is
        deprecated: it is :meth:`verify_proper`.)"""
        if not deprecated_strict("verify", strict) and self.table_mode:
            self.laws.judge(self, action)
        else:
            self.verify_proper(action)

    def apply(self, action: LooAction, *, strict: bool = False) -> LooAction:
        """Apply ``action`` after checking it; returns it as logged. In table mode the laws judge it and
        :meth:`apply_ruling` applies their ruling. (``strict=True`` is deprecated: it is :meth:`apply_proper`.)"""
        if not deprecated_strict("apply", strict) and self.table_mode:
            return self.apply_ruling(self.laws.judge(self, action))
        return self.apply_proper(action)

    def apply_ruling(self, ruling: Ruling[LooAction]) -> LooAction:
        """Apply what the laws ruled on an action (:mod:`roundgames.loo.laws`), the one place where a law changes
        the deal; returns the action as logged. Peel's single, settled as it was dealt, is taken back first and
        settled again for the pool the law leaves, unless the law voids it (§14.30); a declaration made out of turn
        then takes effect at its maker's turn (LOO-LAW-5, §14.27)."""
        law = ruling.state
        assert isinstance(law, LawState), "a ruling of Loo's laws carries their state"
        settled = self.voidable
        self.law = law
        if settled:
            reopen_single(self)
        if ruling.void:
            self.return_stakes()
        self._pay(ruling.payments)
        self.offenders |= ruling.offenders
        if ruling.irregularity is not None:
            self.irregularities.append(ruling.irregularity)
        action = ruling.action
        if ruling.proper:
            self.apply_proper(action)
        elif ruling.forced:
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
            settle_single(self)
        self._declare_bound(law)
        if law.demand is not None and self.is_complete:
            self.law = replace(law, demand=None)  # nobody demands a replay of a deal that is over
        return action

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
            want = bound_now(law, self.to_act, self.declare_options(self.to_act))
            if want is None:
                return
            self.declare_unchecked(self.to_act, want)


class FiveCardLoo(LooDeal, StrictFiveCardLoo):
    """A deal of Five-card or Irish Loo (``rules.form``), under the laws in table mode: the rules are
    :class:`~roundgames.loo.five.StrictFiveCardLoo`'s."""


#: the class that plays each form of Loo (``rules.form``, RULES.md §4): the one list of the forms
FORMS: dict[str, type[LooDeal]] = {"three_card": LooDeal, "five_card": FiveCardLoo, "irish": FiveCardLoo}
