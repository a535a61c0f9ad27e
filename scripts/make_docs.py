#!/usr/bin/env python3
"""The generated pages of the documentation site, and the checks that keep the laws complete.

MkDocs builds the site (``make docs``: ``mkdocs build``); its hook, scripts/mkdocs_hooks.py, asks this module for
every generated page at build time, so a page can never be stale: the text comes from the same code the tables
run. One function makes each page; :data:`PAGES` maps the page's path under docs/ to it. More generators may sit
in scripts/docs_pages/: each module there with a ``PAGES`` dict of the same shape adds its pages (see
:func:`all_pages`).

``python scripts/make_docs.py --check`` runs the checks alone: every rule ID of RULES.md has its entry on a laws
page, and every rule ID cited in src/ is a rule. The build runs the same checks and fails on a problem.
"""

from __future__ import annotations

import importlib.util
import os
import re
import select
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
TESTS = ROOT / "tests"
#: RULES.md, the specification, sits beside the repository (``../shared/RULES.md``) unless told otherwise
SPEC = Path(os.environ.get("ROUNDGAMES_RULES_MD", ROOT.parent / "shared" / "RULES.md"))

if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

from roundgames.games.registry import game, games  # noqa: E402
from roundgames.guide import RULES, WORDS, card_text, page, to_markdown, value_sentence  # noqa: E402
from roundgames.guide import all_pages as guide_pages  # noqa: E402
from roundgames.guide.pages import form_slug  # noqa: E402

#: a rule ID as the code, the tests and RULES.md write it: LOO-PLAY-5, LOO5-3, LOOI-2, NAP-VAR-POOL, LOO-LAW-0a
ID = re.compile(r"(?<![A-Za-z0-9_-])(?:LOO5?|LOOI|NAP)-[A-Z0-9]+(?:-[A-Za-z0-9]+)*")
#: ``LOO-LAW-0b..0d``, ``LOO-DECL-1..10``: a range of rules, in RULES.md's order
RANGE = re.compile(
    r"(?<![A-Za-z0-9_-])(?P<first>(?:LOO5?|LOOI|NAP)-(?:[A-Z0-9]+-)*)(?P<a>[0-9][a-z]?)\.\.(?P<b>[0-9]+[a-z]?)"
)
#: what the code writes where a person fills in the ID (``NAP-LAW-N [ARG]`` in a help text)
PLACEHOLDERS = frozenset({"NAP-LAW-N"})
#: the catalogue lists every rule: it is the rules' text, not code that implements them
NOT_CODE = frozenset({SRC / "roundgames" / "guide" / "catalogue.py"})
CODE_SUFFIXES = frozenset({".py", ".js", ".html", ".css"})
#: a quotation under a rule in RULES.md: ``  - PEEL (seed 000): "..."``, ``  - EW §97 x: "..."``
QUOTE = re.compile(r'^\s+- (?P<source>[A-Z][A-Z0-9-]+\b[^:"]{0,40}): (?P<text>["“].*)$')

KNOWN = {rule.id for rule in RULES}
ORDER = [rule.id for rule in RULES]
GAME_OF_PREFIX = {"LOO": "loo", "LOO5": "loo", "LOOI": "loo", "NAP": "nap"}


def rule_game(rule: str) -> str:
    """The game whose laws page states ``rule``."""
    return GAME_OF_PREFIX[rule.split("-", 1)[0]]


# -- RULES.md ------------------------------------------------------------------------------------------------


@dataclass
class Statement:
    """A rule as RULES.md states it: its lines of text, and the sources' words quoted under it."""

    lines: list[str] = field(default_factory=list)
    quotes: list[tuple[str, str]] = field(default_factory=list)


def _catalogue_script() -> ModuleType:
    loader = importlib.util.spec_from_file_location("make_rule_catalogue", ROOT / "scripts" / "make_rule_catalogue.py")
    assert loader is not None and loader.loader is not None
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module


@cache
def statements() -> dict[str, Statement]:
    """Every rule of RULES.md with its whole text and quotations, read with the catalogue's own patterns. Without
    RULES.md beside the repository, each rule is told by the catalogue's short text alone."""
    if not SPEC.exists():
        return {rule.id: Statement([rule.text]) for rule in RULES}
    script = _catalogue_script()
    out: dict[str, Statement] = {}
    current: list[Statement] = []
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        bullet, row = script.BULLET.match(line), script.ROW.match(line)
        if bullet or row:
            found = bullet or row
            assert found is not None
            current = [Statement() for _ in found["ids"].split(" / ")]
            for rule, statement in zip(found["ids"].split(" / "), current, strict=True):
                out[rule] = statement
            title = found["title"].strip()
            if row:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                text = f"**{title}** {cells[2]}"
                for statement in current:
                    statement.lines.append(text)
                    statement.quotes.append(("Sources", cells[3]))
            else:
                text = (f"**{title}** " if title else "") + found["text"].strip()
                for statement in current:
                    statement.lines.append(text)
            if row:
                current = []
            continue
        if not line.strip():
            continue  # a blank line among a rule's lines
        if not line.startswith(" "):
            current = []  # the rule's lines have ended
            continue
        if not current:
            continue
        quote = QUOTE.match(line)
        for statement in current:
            if quote:
                statement.quotes.append((quote["source"].strip(), quote["text"].strip()))
            else:
                statement.lines.append(line.rstrip())
    return out


# -- RULES.md §14, the clarifications --------------------------------------------------------------------------

#: an item of RULES.md §14: ``30. **Table-mode laws on a Peel single**: a Peel single record may hold, ...``
CLARIFICATION = re.compile(r"^(?P<number>\d+)\. \*\*(?P<title>.+?)\*\*(?P<text>.*)$")
#: an option a clarification names, alone or with a value: ```nap_challenge```, ```all_pass: redeal```
OPTION_NAMED = re.compile(r"`(?P<option>[a-z][a-z_]*)(?::[^`]*)?`")
#: a clarification that leans on another: ``(§14.27)``
SECTION_14 = re.compile(r"§14\.(?P<number>\d+)")
#: the rules an item of §14 names by their words, not their IDs nor an option's name (RULES.md is not ours to edit)
NAMED_BY_WORDS: dict[int, tuple[str, ...]] = {
    12: ("LOO-VAR-CASSELL-LEAD",),  # "Cassell lead"
    20: ("LOO-LAW-1", "NAP-LAW-1"),  # "A misdeal ruling"
    33: ("LOO-DECL-8",),  # the dealer facing a lone stander, "must_defend", "defend"
    35: ("NAP-VAR-POOL",),  # "with a kitty", "the unit"
    36: ("NAP-VAR-SPARE",),  # "the spare-hand fine"
    38: ("NAP-VAR-POOL", "NAP-VAR-PURCHASE", "NAP-VAR-PEEP"),  # "the kitty unit, the purchase and peep prices"
    39: ("LOO5-6", "LOO-VAR-UNLIMITED", "LOO-VAR-MIXED"),  # "A flush under unlimited or mixed loo"
    40: ("LOO-LAW-1",),  # "a void deal (a misdeal ...)"
}


@dataclass(frozen=True)
class Clarification:
    """An item of RULES.md §14: its number, title and whole text, and the rules it touches (:func:`clarifications`)."""

    number: int
    title: str
    text: str
    rules: tuple[str, ...]

    @property
    def anchor(self) -> str:
        return f"clarification-{self.number}"


def _options_touched(text: str) -> list[str]:
    """The rules of the options a clarification names, in any game that has the option: those its description cites
    by ID (a group it cites, such as ``LOO-LAW``, would put the item against every rule of the group)."""
    out: list[str] = []
    for m in OPTION_NAMED.finditer(text):
        for spec in games():
            doc = spec.option_docs.get(m["option"])
            if doc is not None:
                out += [r for r in cited_ids(doc) if r in KNOWN]
    return out


@cache
def clarifications() -> list[Clarification]:
    """RULES.md §14, item by item, each with the rules it touches: the rule IDs its text cites, the rules of the
    options it names (an option's rules are those its description cites), the rules it names in words
    (:data:`NAMED_BY_WORDS`), and the rules an item of §14 it leans on cites (``(§14.27)``). Empty without RULES.md
    beside the repository."""
    if not SPEC.exists():
        return []
    items: list[list[Any]] = []
    inside = False
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line.startswith("## 14.")
            continue
        found = CLARIFICATION.match(line) if inside else None
        if found:
            items.append([int(found["number"]), found["title"].strip().rstrip(".:"), line.split(" ", 1)[1].strip()])
        elif inside and items and line.startswith("    ") and line.strip():
            items[-1][2] += " " + line.strip()
    cited = {n: [r for r in cited_ids(text) if r in KNOWN] for n, _, text in items}
    out = []
    for number, title, text in items:
        leaned = [r for m in SECTION_14.finditer(text) for r in cited.get(int(m["number"]), ())]
        found = cited[number] + _options_touched(text) + list(NAMED_BY_WORDS.get(number, ())) + leaned
        rules = tuple(r for r in dict.fromkeys(found) if r in KNOWN)
        out.append(Clarification(number, title, text, rules))
    return out


def clarified(rule: str) -> list[Clarification]:
    """The items of RULES.md §14 that touch ``rule``."""
    return [c for c in clarifications() if rule in c.rules]


# -- citations in the code and the tests ---------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    """A rule ID written in a file: the file (relative to the repository), the line, and in a test file the test
    it is in."""

    path: str
    line: int
    test: str = ""


def cited_ids(text: str) -> list[str]:
    """The rule IDs a line cites, its ranges (``LOO-LAW-0b..0d``) spelt out; a group (``LOO-LAW``) names no rule
    and is left out, as is a lettered case of a rule (``LOO-DECL-8c``: case (c) of LOO-DECL-8), which cites it."""
    out: list[str] = []
    for m in RANGE.finditer(text):
        first, last = m["first"] + m["a"], m["first"] + m["b"]
        if first in KNOWN and last in KNOWN:
            out += ORDER[ORDER.index(first) : ORDER.index(last) + 1]
    for m in ID.finditer(text):
        rule = m.group(0)
        if rule not in KNOWN and rule[-1].islower() and rule[:-1] in KNOWN:
            rule = rule[:-1]
        out.append(rule)
    return out


def is_group(rule: str) -> bool:
    """``LOO-LAW``, ``NAP-VAR``: a family of rules named by its prefix."""
    return any(known.startswith(rule + "-") for known in KNOWN)


def _files(top: Path) -> Iterable[Path]:
    for path in sorted(top.rglob("*")):
        if path.suffix in CODE_SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
            yield path


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


TEST_DEF = re.compile(r"^\s*(?:async )?def (test_\w+)")


@cache
def citations(top: Path) -> dict[str, list[Citation]]:
    """Every rule ID cited under ``top`` (src/ or tests/), with where; in tests, the test citing it."""
    out: dict[str, list[Citation]] = defaultdict(list)
    for path in _files(top):
        if path in NOT_CODE:
            continue
        test = ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = TEST_DEF.match(line)
            if found:
                test = found.group(1)
            elif line and not line[0].isspace():
                test = ""
            for rule in dict.fromkeys(cited_ids(line)):
                out[rule].append(Citation(_shown(path), number, test))
    return out


def problems(spec: Path | None = None, src: Path = SRC) -> list[str]:
    """What keeps the laws from being complete: a rule of RULES.md (``spec``) without its entry on a laws page,
    a rule ID cited under ``src`` that is no rule."""
    spec = spec or SPEC
    out = []
    laws = {rule for g in ("loo", "nap") for rule in law_ids(g)}
    if spec.exists():
        script = _catalogue_script()
        for rule, *_ in script.parse(spec.read_text(encoding="utf-8")):
            if rule not in laws:
                out.append(f"{rule}: a rule of RULES.md with no entry on the laws pages")
    for rule, where in sorted(citations(src).items()):
        if rule in KNOWN or rule in PLACEHOLDERS or is_group(rule):
            continue
        places = ", ".join(f"{c.path}:{c.line}" for c in where)
        out.append(f"{rule}: cited in {places} but RULES.md has no such rule")
    return out


# -- the options that change a rule --------------------------------------------------------------------------


@cache
def options_of_rules() -> dict[str, list[tuple[str, str]]]:
    """Each rule's options, ``(game, option)``, from the rule IDs each option's description cites (a group such
    as ``LOO-SGL`` covers each rule of the group)."""
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for spec in games():
        for option, doc in spec.option_docs.items():
            for rule in option_rules(spec.name, option, doc):
                out[rule].append((spec.name, option))
    return out


def option_rules(game_name: str, option: str, doc: str | None = None) -> list[str]:
    """The rules an option varies, as its description cites them."""
    doc = doc if doc is not None else game(game_name).option_docs[option]
    rules: list[str] = []
    for rule in cited_ids(doc):
        if rule in KNOWN:
            rules.append(rule)
        elif is_group(rule):
            rules += [known for known in ORDER if known.startswith(rule + "-")]
    return list(dict.fromkeys(rules))


# -- how to play ---------------------------------------------------------------------------------------------


def play_path(game_name: str, slug: str) -> str:
    """The page of a form: ``play/loo-three-card.md``, ``play/nap.md``."""
    return f"play/{game_name}.md" if game_name == slug else f"play/{game_name}-{slug}.md"


def play_index() -> str:
    """The list of the games and forms, each with its page."""
    out = [
        "# How to play",
        "",
        "Each page teaches one game or form in plain English: the same text as the Rules dialog of the web table, "
        "the pages at `/rules/...` of `roundgames serve`, and `roundgames rules` at the terminal. Each ends with "
        "every rule of the form by ID; [the laws](../laws/index.md) give each rule in full, with its sources.",
        "",
    ]
    for p in guide_pages():
        first = p.intro[0] if p.intro else ""
        out.append(f"- [{p.title}]({Path(play_path(p.game, p.slug)).name}): {card_text(first)}")
    return "\n".join(out) + "\n"


def play_page(game_name: str, slug: str) -> Callable[[], str]:
    """The page that teaches a form, as :func:`roundgames.guide.to_markdown` writes it."""

    def make() -> str:
        text = to_markdown(page(game_name, slug))
        laws = f"../laws/{game_name}.md"
        note = (
            f'\n!!! note "The laws"\n    Each rule below, with its sources, the options that change it, the code '
            f"that implements it and the tests that check it, is on [the laws of {game(game_name).title}]({laws}).\n"
        )
        return text + note

    return make


# -- the laws ------------------------------------------------------------------------------------------------


def law_ids(game_name: str) -> list[str]:
    """The rules a laws page lists, in RULES.md's order."""
    return [rule.id for rule in RULES if rule_game(rule.id) == game_name]


def _link_ids(text: str, here: str) -> str:
    """Each rule ID in ``text`` as a link to its entry (on this laws page, or the other game's)."""

    def link(m: re.Match[str]) -> str:
        rule = m.group(0)
        if rule not in KNOWN:
            return rule
        target = "" if rule_game(rule) == here else f"{rule_game(rule)}.md"
        return f"[{rule}]({target}#{rule})"

    return ID.sub(link, text)


def _where(cites: list[Citation]) -> str:
    by_file: dict[str, list[str]] = defaultdict(list)
    for c in cites:
        by_file[c.path].append(str(c.line))
    return "; ".join(f"`{path}:{','.join(lines)}`" for path, lines in by_file.items())


def _tests(cites: list[Citation]) -> str:
    named: dict[str, None] = {}
    for c in cites:
        named[f"`{c.path}::{c.test}`" if c.test else f"`{c.path}`"] = None
    return ", ".join(named)


def _taught_on(game_name: str) -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for p in guide_pages():
        if p.game == game_name:
            for rule in p.rule_ids:
                out[rule].append((p.title, f"../play/{Path(play_path(p.game, p.slug)).name}#{rule}"))
    return out


def _entry(rule: Any, game_name: str, taught: dict[str, list[tuple[str, str]]]) -> list[str]:
    said = statements().get(rule.id) or Statement([rule.text])
    heading = f"{rule.id} [{rule.tag}]" + (f": {rule.title}" if rule.title else "")
    out = [f"### {heading} {{ #{rule.id} }}", ""]
    lines = [_link_ids(line, game_name) for line in said.lines]
    out += [lines[0], "", *lines[1:]] if len(lines) > 1 else lines
    out.append("")
    for source, words in said.quotes:
        out += [f"> **{source}**: {words}", ">"]
    if said.quotes:
        out[-1] = ""
    facts = []
    options = options_of_rules().get(rule.id, [])
    if options:
        names = ", ".join(f"[{WORDS[g][o].label}](../house-rules.md#{g}-{o}) (`{o}`)" for g, o in options)
        facts.append(f"- **Options that change it**: {names}")
    if rule.id in taught:
        facts.append("- **How to play**: " + ", ".join(f"[{title}]({url})" for title, url in taught[rule.id]))
    settled = clarified(rule.id)
    if settled:
        said14 = ", ".join(f"[§14.{c.number}](#{c.anchor}) {c.title}" for c in settled)
        facts.append(f"- **Settled by RULES.md §14**: {said14}")
    code, tests = citations(SRC).get(rule.id, []), citations(TESTS).get(rule.id, [])
    facts.append(f"- **Cited in the code**: {_where(code)}" if code else "- **Cited in the code**: nowhere by ID")
    facts.append(f"- **Checked by**: {_tests(tests)}" if tests else "- **Checked by**: no test names it")
    return [*out, *facts, ""]


def laws_page(game_name: str) -> Callable[[], str]:
    """Every rule of a game by ID, each with its anchor: its words, its sources, the options that change it, where
    the code cites it and which tests check it."""

    def make() -> str:
        spec = game(game_name)
        taught = _taught_on(game_name)
        out = [
            f"# The laws of {spec.title}",
            "",
            f"Every rule of {spec.title} that the project implements, by ID, in the order of its specification "
            "(RULES.md). Each is tagged **[S]** where a period source states it, **[I]** where the project "
            "interprets a source, **[D]** where it decides what the sources leave open. The sources are quoted "
            "as RULES.md quotes them; the code and the tests are listed by the places that cite the ID.",
            "",
        ]
        section = ""
        for rule in RULES:
            if rule_game(rule.id) != game_name:
                continue
            if rule.section != section:
                section = rule.section
                out += [f"## {section}", ""]
            out += _entry(rule, game_name, taught)
        out += _clarifications_section(game_name)
        return "\n".join(out).rstrip() + "\n"

    return make


def _general_clarifications() -> list[str]:
    """The items of RULES.md §14 that touch no one rule (money, the record's shape), in full, for the index."""
    general = [c for c in clarifications() if not c.rules]
    if not general:
        return []
    out = ["", "## Clarifications of every rule alike", "", "These items of RULES.md §14 speak of no one rule:", ""]
    for c in general:
        out += [f"### §14.{c.number} {c.title} {{ #{c.anchor} }}", "", _link_ids(c.text, ""), ""]
    return out


def _clarifications_section(game_name: str) -> list[str]:
    """The items of RULES.md §14 that touch a rule of the game, each in full with its anchor and the rules it
    touches (each of those rules' entries links here)."""
    ours = [c for c in clarifications() if any(rule_game(r) == game_name for r in c.rules)]
    if not ours:
        return []
    out = [
        "## Clarifications (RULES.md §14) { #clarifications }",
        "",
        "RULES.md §14 settles the questions the rules above leave open; where it differs from them, it wins. Each "
        "item that touches a rule of this game is here in full, and each rule's entry above links to it.",
        "",
    ]
    for c in ours:
        touched = ", ".join(_link_ids(r, game_name) for r in c.rules)
        out += [f"### §14.{c.number} {c.title} {{ #{c.anchor} }}", "", _link_ids(c.text, game_name), ""]
        out += [f"- **Touches**: {touched}", ""]
    return out


def laws_index() -> str:
    """The laws' front page: what an entry holds, and the count of rules of each game."""
    out = [
        "# The laws",
        "",
        "Every rule of the specification has an ID, such as `LOO-PLAY-5` or `NAP-CALL-6`, and an anchor here: "
        "[laws/loo/#LOO-PLAY-5](loo.md#LOO-PLAY-5). The engine's messages, the web table's refusals and the "
        "tests all cite these IDs. Each entry gives the rule in full, the period sources' own words, the house "
        "rules that change it, the places in the code that cite it, and the tests that check it.",
        "",
        "| Game | Rules | Page |",
        "|---|---|---|",
    ]
    for spec in games():
        out.append(f"| {spec.title} | {len(law_ids(spec.name))} | [The laws of {spec.title}]({spec.name}.md) |")
    out += [
        "",
        "How the engine applies the laws of irregularities at a real table (table mode) is told on "
        "[Loo's laws at the table](../loo-laws.md) and [Nap's laws at the table](../nap-laws.md).",
    ]
    # the games' pages have the section only where RULES.md is beside the repository (clarifications()); a link
    # to a section a page lacks fails the strict build
    with_section = [s for s in games() if any(rule_game(r) == s.name for c in clarifications() for r in c.rules)]
    if with_section:
        links = ", ".join(f"[{s.title}'s]({s.name}.md#clarifications)" for s in with_section)
        out += [
            "",
            "The clarifications of RULES.md §14, which settle what the rules leave open, close each game's page, "
            f"each against the rules it touches: {links}.",
        ]
    out += _general_clarifications()
    return "\n".join(out) + "\n"


# -- house rules and presets ---------------------------------------------------------------------------------


def _show(value: object) -> str:
    return "unset" if value is None else f"`{str(value).lower() if isinstance(value, bool) else value}`"


def _option_section(game_name: str, option: str, values: tuple[Any, ...] | None) -> list[str]:
    spec = game(game_name)
    words = WORDS[game_name][option]
    default = getattr(spec.rules(), option)
    presets = {name: getattr(spec.rules.preset(name), option) for name in spec.rules.PRESETS}
    out = [f"### {words.label} {{ #{game_name}-{option} }}", "", f"Option `{option}`: {spec.option_docs[option]}.", ""]
    if words.forms:
        forms = [f.title for f in spec.forms if f.name in words.forms]
        out += [f"It matters only at {', '.join(forms)}.", ""]
    rules = option_rules(game_name, option)
    if rules:
        out += ["Rules it changes: " + ", ".join(f"[{r}](laws/{rule_game(r)}.md#{r})" for r in rules) + ".", ""]
    out += ["| Value | What it means | Presets that set it |", "|---|---|---|"]
    listed = (
        list(values)
        if values is not None
        else sorted({default, *presets.values()}, key=lambda v: (v is not None, v or 0))
    )
    for value in listed:
        setting = ", ".join(f"`{name}`" for name, v in presets.items() if v == value and type(v) is type(value))
        mark = " (default)" if value == default and type(value) is type(default) else ""
        out.append(f"| {_show(value)}{mark} | {value_sentence(game_name, option, value)} | {setting or 'none'} |")
    if words.number:
        out += ["", f"Any number *n* may be given: {words.number.format(n='*n*')}"]
    return [*out, ""]


def _preset_lines(game_name: str) -> list[str]:
    spec = game(game_name)
    default = spec.rules()
    out = ["| Preset | Form | Stakes | Options it sets |", "|---|---|---|---|"]
    for name in spec.rules.PRESETS:
        rules = spec.rules.preset(name)
        form = spec.form_of(rules).title
        stakes = ", ".join(f"{s} {getattr(rules.stakes, s)}" for s in spec.stake_names)
        # What the preset changes from the defaults (``rules.options()`` is what differs from the preset itself).
        setting = {o: getattr(rules, o) for o in spec.options if getattr(rules, o) != getattr(default, o)}
        changed = ", ".join(f"[`{o}`](#{game_name}-{o}) = {_show(v)}" for o, v in setting.items())
        out.append(f"| `{name}` | {form} | {stakes} | {changed or 'none: the defaults'} |")
    return out


def house_rules_page() -> str:
    """Every option of every game: its values in words, the rules it changes, which presets set it."""
    out = [
        "# House rules and presets",
        "",
        "A table plays a **preset** (a book's rules, or a form of the game) with any **house rules** the company "
        "agrees. Every option is listed here with what each of its values means at the table, the rules it "
        "changes, and the presets that set it. Options are given by name everywhere: "
        "`roundgames play loo --preset peel --option loo_mode=unlimited`, the web lobby's House rules, a deal "
        'record\'s `options`, `LooRules.preset("peel").with_options(loo_mode="unlimited")`.',
        "",
    ]
    for spec in games():
        out += [f"## {spec.title}", "", "### Presets", "", *_preset_lines(spec.name), ""]
        for option, values in spec.options.items():
            out += _option_section(spec.name, option, values)
    return "\n".join(out).rstrip() + "\n"


# -- a first deal at the terminal ----------------------------------------------------------------------------

LEGAL = re.compile(r"^Legal: (?P<first>\S+)", re.M)


def transcript(args: list[str], *, timeout: float = 60.0) -> str:
    """What ``roundgames play ARGS --plain`` shows for a first deal played at the terminal: at each prompt the
    player answers the first thing the Legal line offers, up to the end of the first deal the player plays in."""
    command = [sys.executable, "-m", "roundgames", "play", *args, "--plain", "--bot-delay", "0", "--trick-pause", "0"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]), "COLUMNS": "100"}
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    shown, played, answered, first = "", False, 0, 0
    try:
        while True:
            ready, _, _ = select.select([proc.stdout], [], [], timeout)
            if not ready:
                raise RuntimeError(f"{' '.join(args)}: no prompt in {timeout} s; so far:\n{shown}")
            chunk = os.read(proc.stdout.fileno(), 65536).decode()
            if not chunk:
                break
            shown += chunk
            if not shown.endswith("> "):
                continue
            after = shown[answered:]
            legal = LEGAL.findall(after)
            if played and "Deal over." in after:
                answer = "q"
            elif legal:
                answer, played = legal[-1], True
                first = first or len(shown)
            else:
                answer = "q"
            answered = len(shown)
            proc.stdin.write(f"{answer}\n".encode())
            proc.stdin.flush()
    finally:
        proc.kill() if proc.poll() is None else None
        proc.wait()
    end = shown.find("\n", shown.find("Deal over.", first)) if played and "Deal over." in shown[first:] else -1
    return shown if end < 0 else shown[: end + 1]


def terminal_transcript(args: str) -> str:
    """A transcript as a Markdown code block, the command first."""
    text = transcript(args.split())
    return f"```console\n$ roundgames play {args} --plain\n{text.rstrip()}\n```\n"


# -- every page ----------------------------------------------------------------------------------------------


def _play_pages() -> dict[str, Callable[[], str]]:
    pages: dict[str, Callable[[], str]] = {"play/index.md": play_index}
    for spec in games():
        for form in spec.forms:
            slug = form_slug(form.name)
            pages[play_path(spec.name, slug)] = play_page(spec.name, slug)
    return pages


#: every page this module generates: its path under docs/ and the function that writes it
PAGES: dict[str, Callable[[], str]] = {
    **_play_pages(),
    "laws/index.md": laws_index,
    "laws/loo.md": laws_page("loo"),
    "laws/nap.md": laws_page("nap"),
    "house-rules.md": house_rules_page,
}

#: the markers a hand-written page holds where a generated text goes: ``<!-- transcript: loo --seed 7 -->``
MARKER = re.compile(r"<!-- transcript: (?P<args>[^>]+?) -->")


def fill_markers(markdown: str) -> str:
    """A hand-written page with each transcript marker replaced by the transcript."""
    return MARKER.sub(lambda m: terminal_transcript(m["args"]), markdown)


def all_pages() -> dict[str, Callable[[], str]]:
    """This module's pages, then those of each module in scripts/docs_pages/ (its ``PAGES``)."""
    pages = dict(PAGES)
    for path in sorted((ROOT / "scripts" / "docs_pages").glob("*.py")):
        loader = importlib.util.spec_from_file_location(f"docs_pages.{path.stem}", path)
        assert loader is not None and loader.loader is not None
        module = importlib.util.module_from_spec(loader)
        loader.loader.exec_module(module)
        pages.update(getattr(module, "PAGES", {}))
    return pages


def main(argv: list[str]) -> int:
    if argv[1:] != ["--check"]:
        print("usage: make_docs.py --check", file=sys.stderr)
        return 2
    found = problems()
    for problem in found:
        print(problem, file=sys.stderr)
    covered = sum(len(law_ids(g)) for g in ("loo", "nap"))
    print(f"{covered} rules on the laws pages; {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
