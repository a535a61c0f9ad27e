"""The keeper's entries for what happened at a table: ``VERB SEAT [ARG]``, one table of them, made from the game's.

The verbs are the game's own (its :class:`~roundgames.games.protocol.VerbTable`: the record's word, the help
line, what it takes), every one that names no card, since nobody records the cards (docs/keep.md). The keeper
adds words of its own only for the results it states instead of playing them out (``trick``, ``single``),
where the game has those verbs. A deal record writes the same action the other way round, ``SEAT VERB [ARG]``
(DEAL-RECORD.md).

>>> from roundgames.games.registry import game
>>> [e.usage for e in entries(game("nap")).values()][:3]
['pass SEAT', 'call SEAT N', 'peep SEAT']
>>> entries(game("nap"))["call"].value("n")
'nap'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..core.errors import RecordError
from ..games.protocol import GameSpec, VerbTable
from .keep import STATED

__all__ = ["NOBODY", "Entry", "entries"]

#: what the verbs of the table take that a keeper cannot enter: the cards nobody recorded
_CARDS = ("card", "cards")
#: the dealer's word in Peel's single that no card beat the turn-up (LOO-SGL-4)
NOBODY = "nobody"
#: what the keeper's usage lines call each kind of argument after the seat (the verb table's ``args``)
_ARG_NAMES = {"": "", "call": " N", "law": " RULE-ID [ARG]"}
#: the keeper's own words for the results it states (KEEP-2): usage and help
_STATED_WORDS = {
    "single": (f"single SEAT, or single {NOBODY}", "whose face-up card won Peel's single, or that no card did"),
    "trick": ("trick SEAT", "SEAT won the next trick"),
}


@dataclass(frozen=True)
class Entry:
    """One verb the keeper takes: ``word SEAT [ARG]``."""

    word: str
    #: how it is written: ``call SEAT N``
    usage: str
    help: str
    #: what follows the seat, as the verb table says (``""``, ``"call"``, ``"law"``), or ``"stated"`` for a
    #: result the keeper states
    args: str
    #: the values it takes, where it takes one (Nap's calls), by what a person may type for each
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def arity(self) -> tuple[int, int]:
        """The fewest and the most words after the verb."""
        return {"call": (2, 2), "law": (2, 99)}.get(self.args, (1, 1))

    def value(self, typed: str) -> str:
        """The record's word for a value typed (``"n"``, ``"Blücher"``); raises :class:`RecordError` naming the
        values for one the verb does not take."""
        word = self.values.get(typed.lower())
        if word is None:
            known = " ".join(dict.fromkeys(self.values.values()))
            raise RecordError(self.word, f"no {self.args} {typed!r} ({self.args}s: {known})")
        return word


def _values(verbs: VerbTable, word: str) -> dict[str, str]:
    """What a person may type for the value of verb ``word``: each value the table's shortcuts name (``nap`` of
    ``call nap``), and the shortcuts themselves (``n``)."""
    out: dict[str, str] = {}
    for key, action in verbs.shortcuts.items():
        verb, _, value = action.partition(" ")
        if verb == word and value:
            out.setdefault(value, value)
            out.setdefault(key.lower(), value)
    return out


def entries(spec: GameSpec) -> dict[str, Entry]:
    """The verbs a keeper of ``spec``'s game takes, in the order its help lists them: those entered in turn, the
    results stated, then what the laws take (an irregularity, a demand for a replay)."""
    verbs = spec.verbs
    proper: dict[str, Entry] = {}
    laws: dict[str, Entry] = {}
    for verb in verbs.values():
        if verb.args in _CARDS or verb.word in STATED:
            continue
        usage = f"{verb.word} SEAT{_ARG_NAMES.get(verb.args, ' ARG')}"
        entry = Entry(verb.word, usage, verb.help, verb.args, _values(verbs, verb.word))
        (proper if verb.proper else laws)[verb.word] = entry
    stated = {
        word: Entry(word, *_STATED_WORDS[word], "stated")
        for word in sorted(STATED, key=list(_STATED_WORDS).index)
        if word in verbs
    }
    return proper | stated | laws
