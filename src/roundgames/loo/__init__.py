"""Loo: the deal and its forms (Three-card, Five-card, Irish), the laws of table mode, and the sitting.

The modules, in dependency order: ``rules``, ``actions`` (the verbs), the rule functions on values
(``legality``, ``pam``, ``settle``, ``dealing``, ``words``, ``stated``, ``lawstate``), ``strict`` (Three-card Loo by
the rules alone, the base form), ``five`` (Five-card and Irish Loo), ``laws`` (table mode: they return rulings),
``deal`` (the deal every surface makes: each form under the laws, and the list of forms), ``worlds``, ``sitting``,
``game`` (Loo in the registry).
"""

from .actions import DECLARE_VERBS, PLAYING, VERBS, Decl, Kind, LooAction, Phase
from .deal import FiveCardLoo, LooDeal, deal_order
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
