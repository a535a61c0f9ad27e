"""A page as each surface shows it: plain text for the terminal, Markdown for the documentation, HTML for the web,
and JSON for the web table's Rules dialog. Cards are drawn as each surface draws them: ``Q♥`` (or ``QH`` with
``ascii``) in text and Markdown, a ``data-card`` element that the web page draws as an SVG card.

>>> from roundgames.guide.pages import page
>>> card_text("{TH} and {QS}"), card_text("{TH}", ascii_only=True)
('10♥ and Q♠', 'TH')
>>> print(to_text(page("nap"), width=60).splitlines()[0])
NAP
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Iterator
from typing import Any

from .catalogue import RULES, Rule
from .pages import CARD, RULE_REF, Page

__all__ = ["TAUGHT", "card_name", "card_text", "teaching_text", "to_html", "to_json", "to_markdown", "to_text"]

_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAME = {
    "A": "Ace", "K": "King", "Q": "Queen", "J": "Knave", "T": "Ten", "9": "Nine", "8": "Eight", "7": "Seven",
    "6": "Six", "5": "Five", "4": "Four", "3": "Three", "2": "Two",
}  # fmt: skip
_KNOWN = {rule.id for rule in RULES}
#: the heading of the list of rules on every page
RULES_TITLE = "Every rule, by ID"


def card_name(code: str) -> str:
    """``"QH"`` -> ``"Queen of hearts"`` (the period's word for the jack is the knave)."""
    return f"{_RANK_NAME[code[0]]} of {_SUIT_NAME[code[1]]}"


def card_text(text: str, *, ascii_only: bool = False) -> str:
    """The markup's card pictures as text: ``{QH}`` -> ``Q♥`` (``QH`` with ``ascii_only``)."""
    if ascii_only:
        return CARD.sub(lambda m: m.group(1), text)
    return CARD.sub(lambda m: ("10" if m.group(1)[0] == "T" else m.group(1)[0]) + _SUIT[m.group(1)[1]], text)


def _blocks(paragraphs: tuple[str, ...]) -> Iterator[tuple[str, list[str]]]:
    """The paragraphs as blocks: ``("p", [text])``, ``("quote", [text])``, ``("list", [item, ...])``."""
    items: list[str] = []
    for text in paragraphs:
        if text.startswith("- "):
            items.append(text[2:])
            continue
        if items:
            yield "list", items
            items = []
        yield ("quote", [text[2:]]) if text.startswith("> ") else ("p", [text])
    if items:
        yield "list", items


def _rule_line(rule: Rule) -> str:
    return f"{rule.title}: {rule.text}" if rule.title else rule.text


# -- plain text ----------------------------------------------------------------------------------------------


#: the sections that teach the play, as the web table's Rules dialog and the terminal's ``r`` show them (the worked
#: example and the rules by ID are on the whole page)
TAUGHT = ("deal", "declaring", "play", "payments")


def _wrapper(width: int, ascii_only: bool) -> Any:
    def wrap(text: str, first: str = "", rest: str = "") -> list[str]:
        return textwrap.wrap(
            card_text(text, ascii_only=ascii_only),
            width,
            initial_indent=first,
            subsequent_indent=rest,
            break_on_hyphens=False,
        ) or [""]

    return wrap


def _heading(title: str, mark: str) -> list[str]:
    return ["", title, mark * len(title)]


def _section_lines(sections: list[tuple[str, tuple[str, ...]]], *, width: int, ascii_only: bool) -> list[str]:
    wrap = _wrapper(width, ascii_only)
    out: list[str] = []
    for title, paragraphs in sections:
        if title:
            out += _heading(title, "-")
        for kind, texts in _blocks(paragraphs):
            out.append("")
            for text in texts:
                out += wrap(text, *{"p": ("", ""), "quote": ("    ", "    "), "list": ("  - ", "    ")}[kind])
    return out


def teaching_text(page: Page, *, width: int = 78, ascii_only: bool = False) -> str:
    """How to play, in plain text: the page's deal, declaring (or calling), play and payments sections, as the
    terminal's ``r`` shows them beside the table's house rules."""
    sections = [(s.title, s.paragraphs) for s in page.sections if s.key in TAUGHT]
    return "\n".join(_section_lines(sections, width=width, ascii_only=ascii_only)).strip("\n") + "\n"


def to_text(page: Page, *, width: int = 78, ascii_only: bool = False) -> str:
    """The page as plain text for the terminal, wrapped at ``width`` columns."""
    wrap = _wrapper(width, ascii_only)
    out = [page.title.upper(), "=" * len(page.title)]
    sections = [("", page.intro), *((s.title, s.paragraphs) for s in page.sections)]
    out += _section_lines(sections, width=width, ascii_only=ascii_only)
    out += _heading(RULES_TITLE, "-")
    for section, rules in page.rule_groups:
        out += ["", section]
        for rule in rules:
            out += wrap(_rule_line(rule), f"  {rule.id} [{rule.tag}] ", "      ")
    return "\n".join(out) + "\n"


# -- Markdown ------------------------------------------------------------------------------------------------


def _md_links(text: str) -> str:
    return RULE_REF.sub(lambda m: f"[{m.group(0)}](#{m.group(0)})" if m.group(0) in _KNOWN else m.group(0), text)


def to_markdown(page: Page) -> str:
    """The page as Markdown for the documentation: each rule ID in the text links to the rule's anchor."""
    out = [f"# {page.title}", ""]
    sections = [("", page.intro), *((s.title, s.paragraphs) for s in page.sections)]
    for title, paragraphs in sections:
        if title:
            out += [f"## {title}", ""]
        for kind, texts in _blocks(paragraphs):
            prefix = {"p": "", "quote": "> ", "list": "- "}[kind]
            out += [prefix + _md_links(card_text(t)) for t in texts]
            out.append("")
    out += [f"## {RULES_TITLE}", ""]
    for section, rules in page.rule_groups:
        out += [f"### {section}", ""]
        out += [f'- <a id="{r.id}"></a>**{r.id}** [{r.tag}] {card_text(_rule_line(r))}' for r in rules]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# -- HTML ----------------------------------------------------------------------------------------------------


def _html_text(text: str) -> str:
    """A paragraph of markup as HTML: escaped, its cards as ``data-card`` pictures, its rule IDs as links."""
    escaped = html.escape(text, quote=False)

    def card(m: Any) -> str:
        code = m.group(1)
        return f'<span class="card-pic" data-card="{code}" role="img" aria-label="{card_name(code)}">{card_text("{" + code + "}")}</span>'

    escaped = CARD.sub(card, escaped)
    return RULE_REF.sub(
        lambda m: f'<a href="#{m.group(0)}">{m.group(0)}</a>' if m.group(0) in _KNOWN else m.group(0), escaped
    )


def _html_blocks(paragraphs: tuple[str, ...]) -> list[str]:
    out = []
    for kind, texts in _blocks(paragraphs):
        if kind == "list":
            out.append("<ul>" + "".join(f"<li>{_html_text(t)}</li>" for t in texts) + "</ul>")
        elif kind == "quote":
            out.append(f"<blockquote>{_html_text(texts[0])}</blockquote>")
        else:
            out.append(f"<p>{_html_text(texts[0])}</p>")
    return out


def to_html(page: Page) -> str:
    """The page's body as HTML: its sections, each with an ``id`` of its key, and every rule in a ``dt`` whose
    ``id`` is the rule's ID, so that ``#LOO-PLAY-4`` finds it."""
    out = [f"<h1>{html.escape(page.title)}</h1>", '<section class="intro">', *_html_blocks(page.intro), "</section>"]
    for s in page.sections:
        out += [f'<section id="{s.key}"><h2>{html.escape(s.title)}</h2>', *_html_blocks(s.paragraphs), "</section>"]
    out.append(f'<section id="rules"><h2>{RULES_TITLE}</h2>')
    for section, rules in page.rule_groups:
        out += [f"<h3>{html.escape(section)}</h3>", "<dl>"]
        for r in rules:
            out.append(f'<dt id="{r.id}">{r.id} <small>[{r.tag}]</small></dt><dd>{_html_text(_rule_line(r))}</dd>')
        out.append("</dl>")
    out.append("</section>")
    return "\n".join(out)


# -- JSON ----------------------------------------------------------------------------------------------------


def to_json(page: Page) -> dict[str, Any]:
    """The page as JSON (``GET /api/rules/{game}/{form}``): the text in its markup, and the rules by section."""
    return {
        "game": page.game,
        "form": page.slug,
        "title": page.title,
        "url": f"/rules/{page.game}/{page.slug}",
        "intro": list(page.intro),
        "sections": [{"key": s.key, "title": s.title, "paragraphs": list(s.paragraphs)} for s in page.sections],
        "rules": [
            {"section": section, "rules": [{"id": r.id, "tag": r.tag, "title": r.title, "text": r.text} for r in rules]}
            for section, rules in page.rule_groups
        ],
    }
