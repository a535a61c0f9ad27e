"""The rules in plain English, one text for every surface: a page that teaches each game and form, every rule of
RULES.md by ID, and a table's house rules in words.

The web table, the terminal and the documentation all show this text; each renders its card pictures (``{QH}`` in
the text) in its own way.
"""

from __future__ import annotations

from .catalogue import RULES, Rule
from .house import HouseRule, house_rules, option_label, value_sentence

__all__ = ["RULES", "HouseRule", "Rule", "house_rules", "option_label", "value_sentence"]
