"""The plain Nap deal under the laws: the rules (:mod:`roundgames.nap.strict`) with the laws of table mode
(:mod:`roundgames.nap.laws`); :class:`~roundgames.nap.NapDeal` (:mod:`roundgames.nap.variants`) extends it.

In table mode an action the rules forbid is judged by the laws, which look at the deal and return a
:class:`~roundgames.games.ruling.Ruling`; :meth:`PlainNapDeal.apply_ruling` applies it, the one place where a law
changes the deal. The laws are the class's own (:attr:`PlainNapDeal.LAWS`), so no deal plays strict for want of an
import.

>>> from roundgames.nap.rules import NapRules
>>> deal = PlainNapDeal(NapRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4")
>>> deal.table_mode = True
>>> deal.deal_cards({"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C",
...                  "P4": "7S 9H 8H 3C 5D"})
>>> for text in ["P2 call 2", "P1 pass", "P2 call 2", "P3 call 3", "P4 pass"]:
...     _ = deal.apply(deal.parse_action(text))
>>> [(i.index, deal.seats[i.seat], i.rule) for i in deal.irregularities], deal.seats[deal.declarer]
([(0, 'P2', 'NAP-LAW-4')], 'P3')
>>> for text in ["P3 play AS", "P4 play 7S", "P1 play JS", "P2 play 5S", "P3 play KS", "P4 play 9H", "P1 play 6H",
...              "P2 play 7C", "P3 play QS", "P4 play 8H", "P1 play TD", "P2 play 3H"]:
...     _ = deal.apply(deal.parse_action(text))
>>> print(deal.result().sentence())
P3 made 3. P1 -3, P2 -3, P3 +9, P4 -3. Kitty 0; P1 deals next.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..games.ruling import Payment, Ruling
from .actions import VERBS, NapAction, NapPhase
from .calls import CALLS, pay_table
from .laws import NapLaws
from .strict import NapTrick, StrictNapDeal
from .words import UNSEEN_VERBS, NapResult, NapView, call_notes

__all__ = ["CALLS", "VERBS", "NapAction", "NapPhase", "NapTrick", "NapView", "PlainNapDeal", "pay_table"]


class PlainNapDeal(StrictNapDeal):
    """One deal of Nap without the variants that deal or exchange particular cards, in table mode under the laws:
    :class:`~roundgames.nap.variants.NapDeal` extends it with those variants; it is the deal every surface makes."""

    #: the laws of table mode (RULES.md §8)
    LAWS: ClassVar[NapLaws] = NapLaws()

    def verify(self, action: NapAction) -> None:
        """Raise unless ``action`` is legal now; in table mode, unless a law covers it."""
        if self.table_mode and not self.can_proper(action):
            self.LAWS.judge(self, action)
            return
        self.verify_proper(action)

    def judge(self, action: NapAction) -> Ruling[NapAction]:
        """What ``action`` would do, changing nothing: where the rules allow it, it stands; else, in table mode,
        the laws' ruling (:class:`IllegalActionError` naming the rule where none covers it, as in strict mode).
        :meth:`apply_ruling` applies it."""
        if self.table_mode and not self.can_proper(action):
            return self.LAWS.judge(self, action)
        self.verify_proper(action)
        return Ruling.standing(action)

    def apply(self, action: NapAction) -> NapAction:
        """Apply ``action`` after checking it; returns it. In table mode an action the rules forbid is
        ruled on by the laws (:mod:`roundgames.nap.laws`) instead, or refused when no law covers it."""
        if self.table_mode and not self.can_proper(action):
            return self.apply_ruling(self.LAWS.judge(self, action))
        return self.apply_proper(action)

    def apply_ruling(self, ruling: Ruling[NapAction]) -> NapAction:
        """Apply what the laws ruled on an action (one that stands is applied as the rules have it), the one place
        where a law changes the deal; returns the action as logged. A void deal gives its stake back and ends: the
        same dealer deals again (NAP-LAW-1, -2, §14.8), or the proper one (NAP-LAW-3); a contract the law decides
        is settled (NAP-LAW-6)."""
        action = ruling.action
        if ruling.proper:
            return self.apply_proper(action)
        if ruling.void:
            if self.rules.has_kitty:
                self.ledger.take(self.dealer, self.rules.stakes.unit)  # the void deal's stake back
            if ruling.next_dealer == self.dealer:
                self.void = self.redeal = True
            else:
                self.proper_dealer = ruling.next_dealer
        self._pay(ruling.payments)
        self.offenders |= ruling.offenders
        if ruling.replay:
            self.restart_play()
        if ruling.exposes is not None:
            self.exposed[action.seat] |= 1 << ruling.exposes
        if ruling.void:
            self.finish()
        elif ruling.made is not None:
            self.made = ruling.made
            if ruling.made:
                self.award()  # the revoker has paid for every opponent (NAP-LAW-6)
            else:
                self.settle()
        if ruling.irregularity is not None:
            self.irregularities.append(ruling.irregularity)
        self.log.append(action)
        return action

    def _pay(self, payments: Sequence[Payment]) -> None:
        for p in payments:
            if p.to is not None:
                self.ledger.transfer(p.seat, p.to, p.amount)
            else:
                self.ledger.stake(p.seat, p.amount)

    # -- what the deal every surface makes offers besides the rules: the view, the result

    def seen(self, seat: int) -> dict[int, int]:
        """No hand's faces but through :attr:`NapView.hand` (a seat's own) and the widow it peeped: none."""
        return {}

    def view(self, seat: int | str) -> NapView:
        """What ``seat`` may see now: its own hand, the widow if it peeped, public calls and tricks."""
        s = self.seat_index(seat)
        widow = self.dealt_widow if s in self.peeped else None
        mine = self.legal_actions() if self.to_act == s else []
        return NapView(
            seat=s,
            stage=self.stage,
            hand=self.hands[s],
            to_act=self.to_act,
            legal=tuple(a for a in mine if a.verb not in UNSEEN_VERBS),
            tricks=tuple(self.all_tricks()),
            card_counts=tuple(c.bit_count() for c in self.hands),
            pool=self.kitty,
            trump=self.trump,
            seat_count=self.n,
            dealer=self.dealer,
            order=self.order,
            may_take=tuple(sorted({a.verb for a in mine if a.verb in UNSEEN_VERBS})),
            phase=self.phase,
            widow=widow,
            calls=tuple(self.calls),
            declarer=self.declarer,
            contract=self.contract,
            players=self.order,
            notes=call_notes(self.calls, self.n),
            multiplier=self.multiplier,
            rules=self.rules,
            won=self.won,
            lost=self.lost,
            bought={seat: len(cards) for seat, cards in self.bought.items()},
            peeped=frozenset(self.peeped),
            world=self,
        )

    def result(self) -> NapResult | None:
        """The finished deal's result as one value (None until the deal is complete)."""
        if not self.is_complete:
            return None
        return NapResult(
            seats=self.seats,
            net=tuple(self.net),
            pool=self.kitty,
            next_dealer=self.next_dealer,
            irregularities=tuple(self.irregularities),
            void=self.void or self.proper_dealer is not None,
            declarer=self.declarer,
            contract=self.contract,
            made=self.made,
            next_multiplier=self.next_multiplier,
            redeal=self.redeal,
        )
