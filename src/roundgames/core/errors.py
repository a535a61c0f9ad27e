"""The one exception family of roundgames.

Every error a user's input can cause is a :class:`RoundgamesError`, which is a
``ValueError``; an illegal action carries the ID of the rule of RULES.md it breaks.
"""

from __future__ import annotations

import re

__all__ = [
    "RULE_ID",
    "CardError",
    "IllegalActionError",
    "RecordError",
    "RoundgamesError",
    "RulesError",
    "irregular_arg",
    "not_held",
]

#: the shape of a rule ID of RULES.md: ``LOO-PLAY-5``, ``LOO5-6``, ``LOOI-2``, ``NAP-LAW-4``
RULE_ID = re.compile(r"(?:LOO5?|LOOI|NAP)-[A-Z0-9]+(?:-[A-Z0-9]+)*", re.IGNORECASE)


def _restored(cls: type[RoundgamesError], args: tuple[object, ...]) -> RoundgamesError:
    """An error of ``cls`` with ``args`` as made, its ``__init__`` not run again: pickle's way back (the attributes
    follow as the error's state)."""
    return cls.__new__(cls, *args)


class RoundgamesError(ValueError):
    """Base class of every error raised for a user's input.

    Every one pickles to an equal error (its class, message and attributes), whatever its constructor takes: the web
    server's bots and hints run in worker processes, and an error that came back unable to be unpickled would break
    every job in flight in that pool. An exception pickles by calling its class again with ``args`` (the message
    alone here), which a constructor such as :class:`IllegalActionError`'s refuses; so the error is rebuilt without
    its ``__init__``, its attributes restored as they were.

    >>> import pickle
    >>> e = pickle.loads(pickle.dumps(IllegalActionError("P2 cannot play 4S", "LOO-PLAY-4")))
    >>> (str(e), e.reason, e.rule)
    ('P2 cannot play 4S (LOO-PLAY-4)', 'P2 cannot play 4S', 'LOO-PLAY-4')
    """

    def __reduce__(self) -> tuple[object, ...]:
        return _restored, (type(self), self.args), self.__dict__


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


def irregular_arg(text: str, args: list[str], example: str) -> str:
    """The argument of an ``irregular`` action, which starts with a rule ID; raises :class:`RecordError` when
    there is none, since the record is then malformed, not illegal (RULES.md §14.23).

    >>> irregular_arg("P3 irregular LOO-LAW-8", ["LOO-LAW-8"], "P3 irregular LOO-LAW-8")
    'LOO-LAW-8'
    >>> irregular_arg("P3 irregular", [], "P3 irregular LOO-LAW-8")
    Traceback (most recent call last):
    ...
    roundgames.core.errors.RecordError: actions: 'P3 irregular' does not parse: irregular names the rule broken, as in 'P3 irregular LOO-LAW-8' (RULES.md §14.23)
    """
    if not args or not RULE_ID.fullmatch(args[0]):
        raise RecordError(
            "actions", f"{text!r} does not parse: irregular names the rule broken, as in {example!r} (RULES.md §14.23)"
        )
    return " ".join(args)


def not_held(what: str) -> RecordError:
    """The error for a card played that the seat does not hold: the action is malformed, not illegal, so it cites
    RULES.md §14.23 and no rule of play (a record holding it is refused with exit 2, as DEAL-RECORD.md says).

    >>> str(not_held("P2 cannot play 4S"))
    'actions: P2 cannot play 4S: the seat does not hold it, so the action is malformed, not illegal (RULES.md §14.23)'
    """
    return RecordError(
        "actions", f"{what}: the seat does not hold it, so the action is malformed, not illegal (RULES.md §14.23)"
    )
