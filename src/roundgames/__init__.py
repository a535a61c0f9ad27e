"""roundgames: Loo and Nap, the English round games with cards, as the period laws describe them.

The rules are those of RULES.md, cited by ID everywhere; deal records follow DEAL-RECORD.md.
"""

from . import _moved
from .core.cards import Card, format_cards, parse_card, parse_cards
from .core.errors import CardError, IllegalActionError, RecordError, RoundgamesError, RulesError
from .loo.deal import Kind, LooAction, LooDeal, Phase
from .loo.rules import LooRules, LooStakes
from .nap import NapDeal
from .nap.deal import NapAction, NapPhase
from .nap.rules import NapRules, NapStakes

__all__ = [
    "Card",
    "CardError",
    "IllegalActionError",
    "Kind",
    "LooAction",
    "LooDeal",
    "LooRules",
    "LooStakes",
    "NapAction",
    "NapDeal",
    "NapPhase",
    "NapRules",
    "NapStakes",
    "Phase",
    "RecordError",
    "RoundgamesError",
    "RulesError",
    "format_cards",
    "parse_card",
    "parse_cards",
]
__version__ = "0.1.0"

_moved.install()  # the modules' old names, deprecated
