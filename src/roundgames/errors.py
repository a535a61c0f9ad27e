"""The one exception family of roundgames.

Every error a user's input can cause is a :class:`RoundgamesError`, which is a
``ValueError``; an illegal action carries the ID of the rule of RULES.md it breaks.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "IllegalActionError",
    "RecordError",
    "RoundgamesError",
    "RulesError",
]


class RoundgamesError(ValueError):
    """Base class of every error raised for a user's input."""


class CardError(RoundgamesError):
    """A card or a list of cards that does not parse, or does not exist in the pack."""


class RulesError(RoundgamesError):
    """An unknown preset, option or option value."""


class IllegalActionError(RoundgamesError):
    """An action the rules forbid; ``rule`` is the ID of the rule it breaks.

    >>> e = IllegalActionError("P2 cannot play 4S: must follow suit in hearts", "LOO-PLAY-4")
    >>> str(e)
    'P2 cannot play 4S: must follow suit in hearts (LOO-PLAY-4)'
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.reason = message
        self.rule = rule


class RecordError(RoundgamesError):
    """A malformed deal record; ``field`` names where the problem is.

    >>> str(RecordError("seats", "3 seats needed at least, got 2"))
    'seats: 3 seats needed at least, got 2'
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message
