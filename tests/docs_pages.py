"""The code blocks of the documentation site's pages (``docs/**/*.md``), read as the tests that run them read them.

A block is a fenced block at the start of a line: its info string (```` ```python ````, ```` ```text title="..." ````),
its text, and the HTML comment a page may put just before it to say how it is run: ``<!-- no-run -->`` (never
run: a server that does not end, a measurement that takes minutes) or ``<!-- exit: N -->`` (the commands end with
status N). Nothing here runs anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

_FENCE = re.compile(r"^(`{3,})(.*)$")
_MARK = re.compile(r"^<!--\s*(no-run|exit:\s*\d+)\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    page: Path
    line: int  # the line of its opening fence, from 1
    info: str  # the info string: language, then attributes (``title="..."``)
    text: str
    mark: str | None  # the comment just before it: ``no-run`` or ``exit: N``

    @property
    def lang(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def runs(self) -> bool:
        return self.mark != "no-run"

    @property
    def exit_status(self) -> int:
        """The exit status the page says its commands end with (0 unless marked)."""
        if self.mark and self.mark.startswith("exit:"):
            return int(self.mark.split(":")[1])
        return 0


def pages() -> list[Path]:
    """Every Markdown page of the site, in a fixed order."""
    return sorted(DOCS.rglob("*.md"))


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page``, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, info = opening.group(1), opening.group(2).strip()
        j = i + 1
        while j < len(lines) and not lines[j].startswith(fence):
            j += 1
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        mark = _MARK.match(lines[k]) if k >= 0 else None
        out.append(Block(page, i + 1, info, "\n".join(lines[i + 1 : j]), mark.group(1) if mark else None))
        i = j + 1
    return out


@dataclass(frozen=True)
class Command:
    """One ``$ command`` of a console block, with what the page shows it printing."""

    command: str  # the command line, with a here-document's lines when it has one
    shown: list[str]  # the lines the page shows after it (``...`` stands for any lines)


_HEREDOC = re.compile(r"<<-?\s*'?\"?(\w+)'?\"?")


def commands(block: Block) -> list[Command]:
    """The commands of a console block, each line ``$ COMMAND`` followed by its here-document (if any) and by what
    the page shows it printing, up to the next ``$``."""
    lines = block.text.splitlines()
    out: list[Command] = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise AssertionError(f"{block.where}: expected a line '$ COMMAND', found {lines[i]!r}")
        command = [lines[i][2:]]
        i += 1
        heredoc = _HEREDOC.search(command[0])
        if heredoc:
            while i < len(lines) and lines[i] != heredoc.group(1):
                command.append(lines[i])
                i += 1
            command.append(heredoc.group(1))
            i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        out.append(Command("\n".join(command), shown))
    return out


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is what the page shows: line by line, trailing spaces aside, a line ``...`` standing for
    any number of lines (as doctest's ELLIPSIS does)."""
    shown = [s.rstrip() for s in shown]
    printed = [p.rstrip() for p in printed]
    while shown and not shown[-1]:
        shown.pop()
    while printed and not printed[-1]:
        printed.pop()

    def at(s: int, p: int) -> bool:
        if s == len(shown):
            return p == len(printed)
        if shown[s] == "...":
            return any(at(s + 1, q) for q in range(p, len(printed) + 1))
        return p < len(printed) and shown[s] == printed[p] and at(s + 1, p + 1)

    return at(0, 0)
