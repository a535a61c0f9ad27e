"""Loo: the deal and its forms (Three-card, Five-card, Irish), the laws of table mode, and the sitting.

The modules, in dependency order: ``rules``, ``deal`` (Three-card Loo), ``pam``, ``five`` (Five-card and
Irish Loo), ``laws`` (table mode), ``sitting``.
"""

from . import laws as laws  # table mode's laws, consulted by the deal
from .deal import DECLARE_VERBS, PLAYING, Decl, Kind, LooAction, LooDeal, LooView, Phase, deal_order
from .rules import LOO_OPTION_DOCS, LOO_OPTIONS, LooRules, LooStakes
from .sitting import LooSitting, first_kind

__all__ = [
    "DECLARE_VERBS",
    "LOO_OPTIONS",
    "LOO_OPTION_DOCS",
    "PLAYING",
    "Decl",
    "Kind",
    "LooAction",
    "LooDeal",
    "LooRules",
    "LooSitting",
    "LooStakes",
    "LooView",
    "Phase",
    "deal_order",
    "first_kind",
]
