"""Nap: the deal with every variant, the call ladder and pay tables, the laws of table mode, and the sitting.

The modules, in dependency order: ``rules``, ``calls``, ``deal``, ``laws`` (table mode), ``sitting``.
"""

from . import laws as laws  # table mode's laws, consulted by the deal
from .calls import CALLS, FIVE, TRICKS, ladder, pay_table
from .deal import NapAction, NapDeal, NapPhase, NapTrick, NapView
from .rules import NAP_OPTION_DOCS, NAP_OPTIONS, NapRules, NapStakes
from .sitting import NapSitting

__all__ = [
    "CALLS",
    "FIVE",
    "NAP_OPTIONS",
    "NAP_OPTION_DOCS",
    "TRICKS",
    "NapAction",
    "NapDeal",
    "NapPhase",
    "NapRules",
    "NapSitting",
    "NapStakes",
    "NapTrick",
    "NapView",
    "ladder",
    "pay_table",
]
