"""The table's words for a deal of any game: what the terminal's surfaces say of the deal in play.

A surface holds a deal through :class:`TableDeal` (the game protocol's :class:`~roundgames.games.protocol.Deal`
and the checks of strict mode) and reads one seat's :class:`~roundgames.games.protocol.View`; nothing here
knows which game it is. Where the games differ, the words come from the view's shape (``notes``, ``turnup``,
``declarer`` ...), the deal's :class:`~roundgames.games.protocol.Feature` list, or the game's own phase names
(``DECLARE``, ``CALL``: the seat is "to declare", "to call").

The terminal calls its one person "You": :func:`you` puts a shared sentence into the second person for him.

>>> you("You deals a regular deal; You takes the pool. P2 throws up. You has won 2.")
'You deal a regular deal; You take the pool. P2 throws up. You have won 2.'
>>> you('You plays AS and says "Pam be civil"; You and P2 share the pool.')
'You play AS and say "Pam be civil"; You and P2 share the pool.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.cards import cards_in, sort_key
from ..core.tricks import Trick
from ..games.protocol import Deal, Stage, View

__all__ = [
    "TableDeal",
    "count_words",
    "current_trick",
    "doing",
    "gerund",
    "hand_order",
    "played",
    "seat_note",
    "tricks_won",
    "you",
]


#: a deal as a table drives it: the game protocol
TableDeal = Deal


_YOU = re.compile(r"\bYou ([a-z]+)\b")
#: a second verb of the same clause: "You play AS and says ..."
_AND = re.compile(r"\b(You [^.;,]*? and )([a-z]+)\b")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def you(text: str) -> str:
    """``text`` with "You" as the subject of its verbs: the shared sentences name every seat in the third
    person (``"You plays AS"``); the terminal's one person reads ``"You play AS"``."""
    text = _YOU.sub(lambda m: f"You {_second_person(m.group(1))}", text)
    return _AND.sub(lambda m: m.group(1) + _second_person(m.group(2)), text)


_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def _second_person(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def count_words(n: int) -> str:
    """``5`` as ``"five"``; numbers past twelve as figures."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def hand_order(mask: int) -> list[int]:
    """The cards of a hand in the order the table shows them: suits S H D C, ace down."""
    return sorted(cards_in(mask), key=sort_key)


def current_trick(view: View[Any]) -> Trick | None:
    """The trick in progress (its winner not yet known), if a card has been played to it."""
    return view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None


def tricks_won(tricks: Sequence[Trick], seat_count: int) -> list[int]:
    """How many of ``tricks`` each seat has won."""
    won = [0] * seat_count
    for t in tricks:
        if t.winner is not None:
            won[t.winner] += 1
    return won


def played(deal: Deal) -> int:
    """How many cards have been played to tricks in this deal so far (fewer after a replay)."""
    return sum(len(t.cards) for t in deal.all_tricks())


def doing(view: View[Any]) -> str:
    """What the seat to act is doing, as ``"to ..."`` says it: ``"lead"``, ``"play"``, or the game's own
    phase (``"declare"``, ``"purchase"``, ``"call"``, ``"show"``)."""
    if view.stage is Stage.PLAY:
        return "play" if current_trick(view) is not None else "lead"
    phase = getattr(view.phase, "name", None)
    return phase.lower() if isinstance(phase, str) else view.stage.value


def gerund(view: View[Any]) -> str:
    """The stage about to begin, as ``"begins ..."`` says it: ``"the play"``, ``"the declaring"``."""
    if view.stage is Stage.PLAY:
        return "the play"
    word = doing(view)
    return "the " + (word[:-1] if word.endswith("e") else word) + "ing"


def seat_note(view: View[Any], seat: int, *, single: bool = False, alone: int | None = None) -> str:
    """What a seat has done so far, in a few words: ``"sits out"``, ``"stood"``, ``"called Nap, senior"``,
    ``"to declare"`` (``single``: the deal is a single, which nobody declares; ``alone``: the seat that plays
    alone, as the game's observer names it)."""
    if seat not in view.order:
        return "sits out"
    note = view.notes[seat] if seat < len(view.notes) else ""
    if alone == seat:
        return f"{note}, senior" if note else "senior"
    if note:
        return note
    if single:
        return "single"
    return f"to {doing(view)}" if view.stage is Stage.BID else ""
