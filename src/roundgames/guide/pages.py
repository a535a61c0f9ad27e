"""The pages that teach each game and form, and the rules that govern each, grouped by RULES.md's sections.

A page's text is a small markup that every surface renders in its own way: ``{QH}`` is a picture of a card (an SVG
card on the web, ``Q♥`` or ``QH`` in the terminal); a paragraph that starts with ``> `` is a quotation from a
period book, and one that starts with ``- `` an item of a list; a rule ID in the text (``LOO-PLAY-2``) links to the
rule on the same page.

>>> p = page("loo", "three-card")
>>> p.title, [s.key for s in p.sections]
('Three-card Loo', ['deal', 'declaring', 'play', 'payments', 'example'])
>>> page("loo", "four-card")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: unknown form of loo 'four-card' (valid: three-card, five-card, irish)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import RulesError
from ..games.plugin import GamePlugin, resolve
from ..games.registry import game, game_of, plugin, plugins
from .catalogue import RULES, Rule

__all__ = [
    "CARD",
    "RULE_REF",
    "Page",
    "Section",
    "all_pages",
    "form_slug",
    "page",
    "rules_command",
    "rules_page_path",
    "slugs",
]

#: a card picture in the markup: ``{QH}``, ``{TS}``
CARD = re.compile(r"\{([2-9TJQKA][SHDC])\}")
#: a rule ID in the text, which links to the rule
RULE_REF = re.compile(r"\b(?:LOO5?|LOOI|NAP)-[A-Z0-9]+(?:-[A-Za-z0-9]+)*")
#: the sections every page has, in order (a game that calls instead of declaring names its section so)
SECTIONS = ("deal", "declaring", "play", "payments", "example")


@dataclass(frozen=True)
class Section:
    """A section of a page: its ``key`` (one of :data:`SECTIONS`), ``title`` and paragraphs of markup."""

    key: str
    title: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Page:
    """The page that teaches a form of a game, with the rules that govern it.

    ``example_record`` is the worked example as a deal record (DEAL-RECORD.md), so that it can be replayed, and
    ``example_net`` what the example says each player wins or loses."""

    game: str
    form: str
    slug: str
    title: str
    intro: tuple[str, ...]
    sections: tuple[Section, ...]
    #: the parts of RULES.md whose rules govern this form, by the start of their section numbers
    rule_parts: tuple[str, ...]
    example_record: Mapping[str, Any] = field(default_factory=dict)
    example_net: Mapping[str, int] = field(default_factory=dict)

    def section(self, key: str) -> Section:
        """The section called ``key``."""
        return next(s for s in self.sections if s.key == key)

    @property
    def rule_groups(self) -> list[tuple[str, list[Rule]]]:
        """The rules that govern this form, grouped by the section of RULES.md that states them, in its order."""
        groups: dict[str, list[Rule]] = {}
        for rule in RULES:
            if any(
                rule.section.startswith(part + " ") or rule.section.startswith(part + ".") for part in self.rule_parts
            ):
                groups.setdefault(rule.section, []).append(rule)
        return list(groups.items())

    @property
    def rule_ids(self) -> list[str]:
        """Every rule ID the page lists."""
        return [rule.id for _, rules in self.rule_groups for rule in rules]

    def cards(self) -> list[str]:
        """Every card pictured on the page, in order (``["AS", "4S", ...]``)."""
        texts = [*self.intro, *(p for s in self.sections for p in s.paragraphs)]
        return [m.group(1) for text in texts for m in CARD.finditer(text)]


def form_slug(form: str) -> str:
    """A form's name as a web address and a command line write it: ``three_card`` -> ``three-card``."""
    return form.replace("_", "-")


def _pages_of(found: GamePlugin) -> None:
    """Read the pages of a game's plug-in, once (resolved on first use: the texts build their pages from this
    module's classes)."""
    if found.name in _READ:
        return
    parts = found.part("guide", "rules")
    pages: list[Page] = list(resolve(parts.pages, f"guide pages of {found.name}"))
    _PAGES.update({(p.game, p.slug): p for p in pages})
    _READ.add(found.name)


_PAGES: dict[tuple[str, str], Page] = {}
#: the games whose pages have been read
_READ: set[str] = set()


def all_pages() -> list[Page]:
    """Every page, game by game and form by form, in the registry's order (of the games with guide pages)."""
    out = []
    for found in plugins():
        if found.guide is None:
            continue
        _pages_of(found)
        out += [_PAGES[(found.name, form_slug(f.name))] for f in found.spec.forms]
    return out


def slugs(game_name: str) -> list[str]:
    """The forms of a game as pages name them: ``["three-card", "five-card", "irish"]``."""
    return [form_slug(f.name) for f in game(game_name).forms]


def page(game_name: str, form: str | None = None) -> Page:
    """The page of ``form`` of game ``game_name`` (its first form when None); the form may be written
    ``three-card`` or ``three_card``. An unknown game or form is refused with the valid ones."""
    spec = game(game_name)
    valid = slugs(spec.name)
    slug = valid[0] if form is None else form_slug(form)
    if slug not in valid:
        raise RulesError(f"unknown form of {spec.name} {form!r} (valid: {', '.join(valid)})")
    _pages_of(plugin(spec.name))
    return _PAGES[(spec.name, slug)]


#: a preset in a player's words, where it is not the form's own name
PRESET_WORDS = {
    "peel": "Peel's rules",
    "enquire-within": "Enquire Within's rules",
    "plain": "plain rules",
    "modern": "modern rules",
}


def table_title(rules: Any) -> str:
    """What a table of ``rules`` is, for players: ``Three-card Loo (Peel's rules)``, ``Irish Loo``, ``Nap (modern
    rules)``; never a preset's identifier."""
    spec = game_of(rules)
    form = spec.form_of(rules)
    words = PRESET_WORDS.get(rules.name, rules.name.replace("-", " "))
    return form.title if form_slug(form.name) == rules.name else f"{form.title} ({words})"


def page_of(rules: Any) -> Page:
    """The page of the game and form ``rules`` set up."""
    spec = game_of(rules)
    return page(spec.name, spec.form_of(rules).name)


def rules_command(rules: Any) -> str:
    """The command that prints the page of the form ``rules`` set up: ``roundgames rules loo --form irish``."""
    spec = game_of(rules)
    forms = slugs(spec.name)
    slug = form_slug(spec.form_of(rules).name)
    return f"roundgames rules {spec.name}" + (f" --form {slug}" if len(forms) > 1 else "")


def rules_page_path(rules: Any, rule: str | None = None) -> str:
    """The web address of the page of the form ``rules`` set up, at ``rule`` where one is given:
    ``/rules/loo/three-card#LOO-PLAY-4``."""
    spec = game_of(rules)
    path = f"/rules/{spec.name}/{form_slug(spec.form_of(rules).name)}"
    return path + (f"#{rule}" if rule else "")
