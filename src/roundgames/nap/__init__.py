"""Nap: the deal, the variants that deal or exchange particular cards, the laws of table mode, and the sitting.

The modules, in dependency order: ``rules``, ``calls`` (the ladder and pay tables), ``actions`` (the verbs),
the rule functions on values (``words``, ``dealing``, ``stated``), ``strict`` (Nap with every call, by the rules
alone), ``laws`` (table mode: they return rulings), ``deal`` (:class:`PlainNapDeal`: the rules under the laws),
``variants`` (the :class:`NapDeal` every game uses: purchase, Peep, the spare hand, the top card), ``worlds``,
``sitting``, ``game`` (Nap in the registry).
"""

from .actions import VERBS, NapAction, NapPhase
from .calls import CALLS, FIVE, TRICKS, ladder, pay_table
from .deal import NapTrick, PlainNapDeal
from .game import NAP
from .rules import NAP_OPTION_DOCS, NAP_OPTIONS, NapRules, NapStakes
from .sitting import NapSitting
from .variants import NapDeal
from .words import NapResult, NapView

__all__ = [
    "CALLS",
    "FIVE",
    "NAP",
    "NAP_OPTIONS",
    "NAP_OPTION_DOCS",
    "TRICKS",
    "VERBS",
    "NapAction",
    "NapDeal",
    "NapPhase",
    "NapResult",
    "NapRules",
    "NapSitting",
    "NapStakes",
    "NapTrick",
    "NapView",
    "PlainNapDeal",
    "ladder",
    "pay_table",
]
