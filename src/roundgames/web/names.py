"""People's names at a table: normalised as they are taken, and compared by what they look like.

A name is what everybody reads beside a seat, in the log and in the score sheet, so two names at one table must not
look alike: "Аnn" with a Cyrillic А, "Ａｎｎ" in fullwidth letters, "𝐀𝐧𝐧" in mathematical bold or "Ann" with a
combining accent would pass for Ann's, and so would "ꓮnn" in Lisu, "Ꭺnn" in Cherokee, "Օtto" with an Armenian Օ,
"Ⲟtto" with a Coptic one, or "B०b" with a Devanagari zero. A name is kept in its NFKC form (fullwidth and
mathematical letters become the plain ones) with its spaces collapsed, and compared by its *skeleton*: NFKC, accents
and every other mark stripped, each look-alike of a Latin letter or digit in Unicode's confusables data (UTS #39, the
maintained ``confusable_homoglyphs`` package's table: every script it lists) and each Latin small capital made that
letter, case folded, and then the shapes that stand for one another in many fonts made one: I, l, 1, |, the Latin
dental click ǀ and the Cyrillic palochka Ӏ are one upright stroke ("Ivan", "lvan" and "Ӏvan"; "AI" and "Al"), 0 is
o ("B0b"), rn is m ("Kirn" and "Kim").

A name with a character nobody can see (a zero-width joiner, a bidi override, a filler) is refused outright: it would
make two names that print the same differ; so is one that stacks more than :data:`MAX_MARKS` marks on a letter.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from ..core.errors import RoundgamesError

__all__ = ["MAX_NAME", "BadName", "differing", "look_alike", "normal_name", "prepare", "skeleton", "table_label"]

#: the most characters a name may have, once normalised
MAX_NAME = 24
#: combining marks one letter may carry (Vietnamese stacks two); more is a name written over its neighbours
MAX_MARKS = 2

#: a few letters that print as a Latin letter in common fonts, where Unicode's table maps them to another look-alike
#: (Greek kappa and chi to the Latin kra and chi, the dotless j to the mathematical one)
_BEYOND_UNICODE = {"κ": "k", "χ": "x", "ȷ": "j"}
#: what a Latin small capital is named: it prints as its letter (Unicode's table keeps it apart)
_SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


@functools.cache
def _latin_look_alikes() -> dict[str, str]:
    """Every character that Unicode's confusables data (UTS #39, confusables.txt, from the maintained
    ``confusable_homoglyphs`` package) makes one with a plain Latin letter or digit, with that letter: Lisu, Cherokee,
    Armenian, Coptic, Cyrillic and Greek letters, Indic and Myanmar digits ... The data pairs each character with its
    look-alikes both ways; each set of characters so joined is one, and prints as its plain ASCII member (a lower-case
    letter first: the strokes I, l, 1 and | are l; O and 0 are O). A set with no ASCII member is left as it is:
    its characters imitate no Latin name."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    words: dict[str, str] = {}  # a character whose look-alike is plain letters written with two or more
    for ch, alikes in confusables_data.items():
        for alike in alikes:
            other = alike["c"]
            if len(ch) == 1 and len(other) == 1:
                a, b = root(ch), root(other)
                if a != b:
                    parent[a] = b
            elif len(ch) == 1 and other.isascii() and other.isalnum():
                words.setdefault(ch, other)
    sets: dict[str, list[str]] = {}
    for ch in {*parent, *confusables_data}:
        sets.setdefault(root(ch), []).append(ch)
    table: dict[str, str] = {}
    for members in sets.values():
        plain = sorted(
            (m for m in members if m.isascii() and m.isprintable()), key=lambda m: (not m.isalpha(), not m.islower(), m)
        )
        if plain:
            table.update((m, plain[0]) for m in members if m != plain[0])
    for ch, word in words.items():
        table.setdefault(ch, word)
    table.update(_BEYOND_UNICODE)
    return table


def prepare() -> None:
    """Read Unicode's confusables data now (most of a second), not at the first name a person gives: a server calls
    it as it opens, before it serves."""
    _latin_look_alikes()


def _latin(ch: str) -> str:
    """The plain Latin letter (or letters) ``ch`` prints as, or ``ch`` itself."""
    found = _latin_look_alikes().get(ch)
    if found is not None:
        return found
    small = _SMALL_CAPITAL.fullmatch(unicodedata.name(ch, ""))
    return small.group(1).lower() if small else ch


#: what a case-folded name's look-alike strokes and rings are, in its skeleton: i (whose capital I is a stroke), l,
#: 1, the vertical bar, the Latin dental click and the Cyrillic palochka are one upright stroke; the digit 0 is o
_STROKES = str.maketrans({"i": "l", "1": "l", "|": "l", "\u01c0": "l", "\u04cf": "l", "0": "o"})

#: characters nobody sees that are not format characters (those, category Cf, are refused by category): the
#: combining grapheme joiner, the Hangul and halfwidth fillers, Khmer's inherent vowels, Mongolian's variation
#: selectors, the blank braille pattern, the Khitan small script filler
_INVISIBLE = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0, 0x16FE4}
)
#: the categories refused: control, format (zero-width joiners, bidi overrides), surrogate, private, unassigned,
#: line and paragraph separators
_REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


class BadName(RoundgamesError):
    """A name that cannot be taken: ``message`` says why, naming the character where one is to blame."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return (
        code in _INVISIBLE
        or 0xFE00 <= code <= 0xFE0F  # variation selectors
        or 0xE0100 <= code <= 0xE01EF
        or unicodedata.category(ch) in _REFUSED
    )


#: what a character without a name is, by its category
_NAMELESS = {"Cc": "a control character", "Cn": "an unassigned character", "Co": "a private-use character"}


def character(ch: str) -> str:
    """A character as a person can look it up: ``U+0410 CYRILLIC CAPITAL LETTER A``, ``U+0007 (a control
    character)``."""
    name = unicodedata.name(ch, None) or f"({_NAMELESS.get(unicodedata.category(ch), 'unnamed')})"
    return f"U+{ord(ch):04X} {name}"


def normal_name(raw: str) -> str:
    """The name as it is kept: NFKC, with runs of spaces made one and none at either end; raises :class:`BadName`
    for a character nobody can see, too many marks on one letter, nothing left, or more than :data:`MAX_NAME`
    characters."""
    hidden = next((ch for ch in raw if _invisible(ch)), None)
    if hidden is not None:
        raise BadName(f"holds {character(hidden)}, which nobody can see: a name is what everybody reads")
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    marks = 0
    for ch in unicodedata.normalize("NFD", name):
        marks = marks + 1 if _mark(ch) else 0
        if marks > MAX_MARKS:
            raise BadName(f"stacks more than {MAX_MARKS} marks on one letter")
    if not skeleton(name).strip():
        raise BadName("has nothing to read")
    if len(name) > MAX_NAME:
        raise BadName(f"is {len(name)} characters once normalised; at most {MAX_NAME}")
    return name


def skeleton(name: str) -> str:
    """What ``name`` looks like: NFKC, no marks, Latin look-alikes made Latin (:func:`_latin_look_alikes`), case
    folded, the strokes made one letter, 0 made o, rn made m, spaces collapsed. Two names with one skeleton cannot
    sit at one table."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = "".join(_latin(ch) for ch in text if not _mark(ch))
    # Folded, then looked up again: a capital Unicode's table leaves out may fold to a small letter it has (Komi Ԛ)
    text = "".join(_latin(ch) for ch in text.casefold()).casefold()
    text = text.translate(_STROKES)  # after folding: I folds to i, which must meet l
    return " ".join(text.replace("rn", "m").split())


def _mark(ch: str) -> bool:
    """Whether ``ch`` is a mark: combining, enclosing or spacing (many of them have no combining class)."""
    return unicodedata.category(ch).startswith("M")


def table_label(name: str) -> bool:
    """Whether ``name`` looks like a label the table shows itself: "Bot 3", "Seat 10", "Spectator" (by its
    skeleton: "B0t l" too)."""
    return re.fullmatch(r"(bot|seat)\s*[2-9lo]+|spectator", skeleton(name)) is not None


def look_alike(name: str, names: list[str]) -> int | None:
    """The index of the first of ``names`` that looks like ``name`` (the same skeleton), or None."""
    mine = skeleton(name)
    return next((i for i, other in enumerate(names) if skeleton(other) == mine), None)


def differing(name: str, other: str) -> str:
    """The characters that make ``name`` look like ``other`` without being it, for a refusal that spells them out:
    those that are not plain ASCII (:func:`foreign`), else those of either that the other lacks ("B0b" and "Bob":
    the digit zero and the letter o)."""
    odd = foreign(name) or foreign(other)
    if odd:
        return odd
    mine, theirs = name.casefold(), other.casefold()
    seen = dict.fromkeys(
        [c for c in name if c.casefold() not in theirs] + [c for c in other if c.casefold() not in mine]
    )
    return ", ".join(character(ch) for ch in seen)


def foreign(name: str) -> str:
    """The characters of ``name`` that are not plain ASCII, each as :func:`character` writes it (for a refusal of a
    name that looks like another: the reader cannot see the difference, so it is spelt out)."""
    seen = dict.fromkeys(ch for ch in name if ord(ch) > 0x7E)
    return ", ".join(character(ch) for ch in seen)
