#!/usr/bin/env python3
"""Write src/roundgames/guide/catalogue.py, the catalogue of every rule of RULES.md by ID, from RULES.md itself.

Players have no RULES.md: the guide shows them each rule's ID, section and short text from this catalogue.
Run it from the repository's root after RULES.md changes (``python scripts/make_rule_catalogue.py``; the path of
RULES.md may be given, by default ``../shared/RULES.md``); tests/test_guide.py checks that the file is up to date.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "roundgames" / "guide" / "catalogue.py"
ID = r"(?:LOO5?|LOOI|NAP)-[A-Z0-9]+(?:-[A-Za-z0-9]+)*"
#: ``- **LOO-PLAY-5 [S]** text`` or ``- **NAP-CALL-7 [S] All pass.** text``, and two IDs joined by `` / ``
BULLET = re.compile(rf"^- \*\*(?P<ids>{ID}(?: / {ID})*) \[(?P<tag>[A-Z/]+)\](?P<title>[^*]*)\*\*(?P<text>.*)$")
#: ``| **LOO-LAW-1 [S]** | title | penalty | sources |``
ROW = re.compile(rf"^\| \*\*(?P<ids>{ID}) \[(?P<tag>[A-Z/]+)\]\*\* \| (?P<title>[^|]*) \| (?P<text>[^|]*) \|")
HEADING = re.compile(r"^#{2,3} (?P<title>.+)$")
#: a line under a rule; one without a quotation says more of the rule (a quotation is a source's words)
MORE = re.compile(r"^\s+(?:- |(?P<step>\d+)\. )(?P<text>[^\"]+)$")
#: a rule whose first line says this little is told with the lines under it, until it says enough
ENOUGH = 40


def plain(text: str) -> str:
    """Markdown's emphasis and code marks taken out, and the spaces tidied."""
    return re.sub(r"\s+", " ", text.replace("**", "").replace("`", "").replace("*", "")).strip()


def parse(markdown: str) -> list[tuple[str, str, str, str, str]]:
    """Every rule of RULES.md in its order: ``(id, tag, section, title, text)``."""
    out: list[tuple[str, str, str, str, str]] = []
    section = ""
    told = 0  # how many rules, at the end of ``out``, the last bullet stated
    steps = False  # the rule's numbered steps are being told: all of them are
    for line in markdown.splitlines():
        more = MORE.match(line)
        wanted = len(out[-1][4]) < ENOUGH or out[-1][4].endswith(":") if out else False
        if more and told and (wanted or (steps and more["step"])):
            steps = bool(more["step"])
            for i in range(len(out) - told, len(out)):
                rule, tag, where, title, text = out[i]
                out[i] = (rule, tag, where, title, f"{text} {plain(more['text'])}".strip())
            continue
        if not line.startswith(" "):
            told, steps = 0, False
        heading = HEADING.match(line)
        if heading:
            section = plain(heading["title"])
            continue
        found = BULLET.match(line) or ROW.match(line)
        if not found:
            continue
        title, text = plain(found["title"]).rstrip("."), plain(found["text"])
        ids = found["ids"].split(" / ")
        out.extend((rule, found["tag"], section, title, text) for rule in ids)
        told = len(ids) if BULLET.match(line) else 0
    return out


def source(markdown: str) -> str:
    """The catalogue module's text."""
    lines = [
        '"""Every rule of RULES.md by ID: its status tag, section, title and short text (generated from RULES.md by',
        "scripts/make_rule_catalogue.py: do not edit by hand).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import NamedTuple",
        "",
        '__all__ = ["RULES", "Rule"]',
        "",
        "",
        "class Rule(NamedTuple):",
        '    """A rule of RULES.md: ``id`` (``LOO-PLAY-5``), ``tag`` (S, I, D or S/I), the ``section`` that states it,',
        '    a ``title`` where the rule has one, and its ``text``, shortened to the first line."""',
        "",
        "    id: str",
        "    tag: str",
        "    section: str",
        "    title: str",
        "    text: str",
        "",
        "",
        "#: every rule, in the order RULES.md states them",
        "# fmt: off",
        "RULES: tuple[Rule, ...] = (",
    ]
    for rule in parse(markdown):
        lines.append(f"    Rule{rule!r},")
    lines += [")", "# fmt: on"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "RULES.md"
    OUT.write_text(source(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(parse(path.read_text(encoding='utf-8')))} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
