"""People's names at a table: normalised as they are taken, and compared by what they look like.

A name is what everybody reads beside a seat, in the log and in the score sheet, so two names at one table must not
look alike: "Аnn" with a Cyrillic А, "Ａｎｎ" in fullwidth letters, "𝐀𝐧𝐧" in mathematical bold or "Ann" with a
combining accent would pass for Ann's. A name is kept in its NFKC form (fullwidth and mathematical letters become the
plain ones) with its spaces collapsed, and compared by its *skeleton*: NFKC, accents and other combining marks
stripped, the common look-alikes of Latin letters (Cyrillic, Greek, small capitals) mapped to those letters, case
folded, and then the shapes that stand for one another in many fonts made one: I, l, 1, |, the Latin dental click ǀ
and the Cyrillic palochka Ӏ are one upright stroke ("Ivan", "lvan" and "Ӏvan"; "AI" and "Al"), 0 is o ("B0b"),
rn is m ("Kirn" and "Kim"). The table of look-alikes is a small part of Unicode's confusables.txt (UTS #39), the part that covers Latin
names; the standard library's :mod:`unicodedata` does the rest.

A name with a character nobody can see (a zero-width joiner, a bidi override, a filler) is refused outright: it would
make two names that print the same differ.
"""

from __future__ import annotations

import re
import unicodedata

from ..core.errors import RoundgamesError

__all__ = ["MAX_NAME", "BadName", "differing", "look_alike", "normal_name", "skeleton", "table_label"]

#: the most characters a name may have, once normalised
MAX_NAME = 24
#: combining marks one letter may carry (Vietnamese stacks two); more is a name written over its neighbours
MAX_MARKS = 2

#: letters of other scripts, and Latin small capitals, that print like a Latin letter (after confusables.txt)
_LOOK_ALIKES: dict[str, str] = {
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y", "Һ": "h", "Ӏ": "l",
    "Ԁ": "d",
    # Cyrillic small letters
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "ԛ": "q", "ԝ": "w", "һ": "h", "ү": "y", "ӏ": "l", "ԁ": "d",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Greek small letters
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "υ": "u", "γ": "y", "κ": "k", "χ": "x", "ϲ": "c",
    "ϳ": "j",
    # Latin letters that print like another: dotless i and j, alpha, script g, small capitals
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʜ": "h", "ɪ": "i", "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴘ": "p",
    "ʀ": "r", "ᴛ": "t", "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ɢ": "g", "ᴋ": "k", "ᴏ": "o",
    "ꜱ": "s", "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z",
}  # fmt: skip

#: what a case-folded name's look-alike strokes and rings are, in its skeleton: i (whose capital I is a stroke), l,
#: 1, the vertical bar, the Latin dental click and the Cyrillic palochka are one upright stroke; the digit 0 is o
_STROKES = str.maketrans({"i": "l", "1": "l", "|": "l", "\u01c0": "l", "\u04cf": "l", "0": "o"})

#: characters nobody sees that are not format characters (those, category Cf, are refused by category): the
#: combining grapheme joiner, the Hangul and halfwidth fillers, Khmer's inherent vowels, Mongolian's variation
#: selectors, the blank braille pattern
_INVISIBLE = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0})
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
        marks = marks + 1 if unicodedata.combining(ch) else 0
        if marks > MAX_MARKS:
            raise BadName(f"stacks more than {MAX_MARKS} marks on one letter")
    if not skeleton(name).strip():
        raise BadName("has nothing to read")
    if len(name) > MAX_NAME:
        raise BadName(f"is {len(name)} characters once normalised; at most {MAX_NAME}")
    return name


def skeleton(name: str) -> str:
    """What ``name`` looks like: NFKC, no combining marks, Latin look-alikes made Latin, case folded, the strokes
    made one letter, 0 made o, rn made m, spaces collapsed. Two names with one skeleton cannot sit at one table."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = "".join(_LOOK_ALIKES.get(ch, ch) for ch in text if not unicodedata.combining(ch))
    text = text.casefold().translate(_STROKES)  # after folding: I folds to i, which must meet l
    return " ".join(text.replace("rn", "m").split())


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
