"""Loo: the deal and its forms (Three-card, Five-card, Irish), the laws of table mode, and the sitting.

The modules, in dependency order: ``rules``, ``actions`` (the verbs), ``legality``, ``words``, ``deal``
(Three-card Loo, the base form), ``pam`` and ``five`` (Five-card and Irish Loo), ``laws`` (table mode),
``sitting``, ``game`` (Loo in the registry).
"""

from .actions import DECLARE_VERBS, PLAYING, VERBS, Decl, Kind, LooAction, Phase
from .deal import LooDeal, deal_order
from .five import FiveCardLoo
from .game import LOO
from .rules import LOO_OPTION_DOCS, LOO_OPTIONS, LooRules, LooStakes
from .sitting import LooSitting, first_kind
from .words import LooResult, LooView

__all__ = [
    "DECLARE_VERBS",
    "LOO",
    "LOO_OPTIONS",
    "LOO_OPTION_DOCS",
    "PLAYING",
    "VERBS",
    "Decl",
    "FiveCardLoo",
    "Kind",
    "LooAction",
    "LooDeal",
    "LooResult",
    "LooRules",
    "LooSitting",
    "LooStakes",
    "LooView",
    "Phase",
    "deal_order",
    "first_kind",
]
