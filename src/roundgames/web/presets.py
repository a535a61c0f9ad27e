"""The lobby's choices in words: the turn clock's presets, the sitting's length, and whether a table is listed.

A person chooses a clock by its name (relaxed, normal, quick) and the sitting's length by its rounds; the protocol
keeps the numbers (``turn_seconds``, ``rounds``: docs/web.md), and these are the words the lobby and the table say
them in, the same for every client.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CLOCK_PRESETS",
    "DEFAULT_CLOCK",
    "clock_catalogue",
    "clock_words",
    "default_turn_seconds",
    "is_listed",
]

#: the clock presets, slowest first: a name and the seconds each person has for each turn
CLOCK_PRESETS: dict[str, int] = {"relaxed": 60, "normal": 30, "quick": 15}
#: the preset a table with two people or more has unless its creator says otherwise (one idle friend must not stall
#: the others); a person alone with bots holds nobody up, so his table has no clock unless he asks for one
DEFAULT_CLOCK = "normal"


def default_turn_seconds(people: int) -> int | None:
    """The turn's seconds of a new table that names none: :data:`DEFAULT_CLOCK`'s with two people or more, else no
    clock."""
    return CLOCK_PRESETS[DEFAULT_CLOCK] if people >= 2 else None


def clock_words(seconds: int | None) -> str:
    """The clock as a person reads it: ``"normal: 30 s a turn"``, ``"45 s a turn"``, ``"no clock"``.

    >>> clock_words(60), clock_words(45), clock_words(None)
    ('relaxed: 60 s a turn', '45 s a turn', 'no clock')
    """
    if not seconds:
        return "no clock"
    named = [name for name, s in CLOCK_PRESETS.items() if s == seconds]
    return f"{named[0]}: {seconds} s a turn" if named else f"{seconds} s a turn"


def clock_catalogue() -> list[dict[str, Any]]:
    """The presets as ``GET /api/options`` lists them: ``[{"name": "relaxed", "seconds": 60, "words": ...}, ...]``."""
    return [{"name": name, "seconds": s, "words": clock_words(s)} for name, s in CLOCK_PRESETS.items()]


def is_listed(config: dict[str, Any]) -> bool:
    """Whether the lobby lists a table: its host's choice. A table stored before tables were private by default has
    no ``listed`` and stays listed, as it was when it was made."""
    return bool(config.get("listed", True))
