"""The rules in plain English, one text for every surface: a page that teaches each game and form, every rule of
RULES.md by ID, and a table's house rules in words.

The web table, the terminal and the documentation all show this text (:mod:`.render`); each draws the card
pictures (``{QH}`` in the text) in its own way. Nothing here knows more of a game than its registry entry and
its words.
"""

from __future__ import annotations

from .catalogue import RULES, Rule
from .house import WORDS, HouseRule, house_rules, option_label, option_words, preset_forms, value_sentence
from .pages import (
    Page,
    Section,
    all_pages,
    form_slug,
    page,
    page_of,
    rules_command,
    rules_page_path,
    slugs,
    table_title,
)
from .render import card_text, teaching_text, to_html, to_json, to_markdown, to_text

__all__ = [
    "RULES",
    "WORDS",
    "HouseRule",
    "Page",
    "Rule",
    "Section",
    "all_pages",
    "card_text",
    "form_slug",
    "house_rules",
    "option_label",
    "option_words",
    "page",
    "page_of",
    "preset_forms",
    "rules_command",
    "rules_page_path",
    "slugs",
    "table_title",
    "teaching_text",
    "to_html",
    "to_json",
    "to_markdown",
    "to_text",
    "value_sentence",
]
