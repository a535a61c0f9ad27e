"""A saved table (``roundgames play --save``, format ``roundgames-table/1``): its settings, its finished deals and
the deal in progress, each deal a deal record (DEAL-RECORD.md).

This module owns the file; :class:`roundgames.session.table.Table` makes a :class:`SavedTable` of itself to save
and sits down again at one it loads.

>>> saved = loads_table('{"format": "roundgames-table/1", "game": "nap", "preset": "peel", "options": {}, '
...     '"seats": ["You", "P2", "P3"], "humans": [0], "bot": "sensible", "seed": 4, "rounds": 1, '
...     '"deals": [], "current": null}')
>>> saved.game, saved.seats, saved.mode, saved.records()
('nap', ['You', 'P2', 'P3'], 'strict', [])
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import RecordError
from .deal import DealRecord, canonical_json, from_json, located, parse_json
from .disk import read_text, write_text
from .sitting import sitting_from_json

__all__ = ["TABLE_FORMAT", "SavedTable", "dumps_table", "load_table", "loads_table", "save_table", "table_from_json"]

TABLE_FORMAT = "roundgames-table/1"

#: each setting of a saved table, with the JSON types it may take; all are required but ``mode`` (and ``bots``, read on its own)
_SETTINGS: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "preset": (str,),
    "options": (dict,),
    "seats": (list,),
    "humans": (list,),
    "bot": (str,),
    "seed": (int, str),
    "rounds": (int,),
    "mode": (str,),
}


@dataclass
class SavedTable:
    """A table as its file holds it: the settings it was made with, its finished deals, the deal in progress."""

    game: str
    preset: str
    options: dict[str, Any]
    seats: list[str]
    humans: list[int]
    bot: str
    seed: int | str
    rounds: int
    #: each seat's bot, in seat order (a table saved before seats had their own: None, every seat ``bot``)
    bots: list[str] | None = None
    #: ``strict``, or ``table``: irregular actions ruled by the laws (RULES.md §5, §8)
    mode: str = "strict"
    deals: list[DealRecord] = field(default_factory=list)
    #: the deal in progress when it was saved, if one was
    current: DealRecord | None = None
    #: whether a person may ask the expert bot for a hint at his turn (``play --hints``)
    hints: bool = False
    #: the deals played with hints: each one's number (from 1, the deal in progress counted) and who asked
    hinted: dict[int, list[str]] = field(default_factory=dict)

    def records(self) -> list[DealRecord]:
        """Every deal of the table, the one in progress last."""
        return self.deals + ([self.current] if self.current is not None else [])

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object; each deal written as :func:`~.deal.dumps` writes it."""
        return {
            "format": TABLE_FORMAT,
            "game": self.game,
            "preset": self.preset,
            "options": self.options,
            "seats": self.seats,
            "humans": self.humans,
            "bot": self.bot,
            "bots": self.bots,
            "seed": self.seed,
            "rounds": self.rounds,
            "mode": self.mode,
            "deals": [canonical_json(r) for r in self.deals],
            "current": None if self.current is None else canonical_json(self.current),
            # Written only at a table that allows hints, so every other table's file stays as it was.
            **(
                {"hints": True, "hinted": {str(n): names for n, names in sorted(self.hinted.items())}}
                if self.hints
                else {}
            ),
        }


def dumps_table(saved: SavedTable) -> str:
    """The file's text."""
    return json.dumps(saved.to_json(), indent=2, ensure_ascii=False) + "\n"


def table_from_json(obj: object) -> SavedTable:
    """Check a parsed JSON value and make a :class:`SavedTable` of it; raises :class:`RecordError` naming the
    field (``deals[2].seats``, ``current.cards``)."""
    if not isinstance(obj, dict) or obj.get("format") != TABLE_FORMAT:
        got = json.dumps(obj.get("format")) if isinstance(obj, dict) else f"a JSON {type(obj).__name__}"
        raise RecordError("format", f"not a saved table (expected {TABLE_FORMAT!r}, got {got})")
    deals = obj.get("deals")
    if not isinstance(deals, list):
        raise RecordError("deals", "a saved table's deals are a JSON list of deal records")
    try:
        records = sitting_from_json(deals)
    except RecordError as e:  # named from the table's deals, not from a list of its own
        raise RecordError(e.field.replace("sitting", "deals", 1), e.reason) from None
    current = None
    if obj.get("current") is not None:
        try:
            current = from_json(obj["current"])
        except RecordError as e:
            raise located("current", e) from None
    settings: dict[str, Any] = {}
    for name, types in _SETTINGS.items():
        if name not in obj and name != "mode":
            raise RecordError(name, f"a saved table lacks {name!r}")
        value = obj.get(name, "strict")
        if not isinstance(value, types) or isinstance(value, bool):
            raise RecordError(name, f"expected {' or '.join(t.__name__ for t in types)}, got {json.dumps(value)}")
        settings[name] = value
    if settings["mode"] not in ("strict", "table"):
        raise RecordError("mode", f"unknown mode {json.dumps(settings['mode'])} (valid: strict, table)")
    bots = obj.get("bots")
    if bots is not None:
        seats = len(settings["seats"])
        if not isinstance(bots, list) or len(bots) != seats or not all(isinstance(b, str) for b in bots):
            raise RecordError("bots", f"expected a list of {seats} bot names (one per seat), got {json.dumps(bots)}")
    hints, hinted = _hints(obj, settings["seats"])
    return SavedTable(**settings, bots=bots, deals=records, current=current, hints=hints, hinted=hinted)


def _hints(obj: dict[str, Any], seats: list[Any]) -> tuple[bool, dict[int, list[str]]]:
    """``hints`` (whether the table allows them; false when absent) and ``hinted`` (deal number: the seats that
    asked), checked; raises :class:`RecordError` naming the field."""
    hints = obj.get("hints", False)
    if not isinstance(hints, bool):
        raise RecordError("hints", f"expected true or false, got {json.dumps(hints)}")
    hinted = obj.get("hinted", {})
    if not isinstance(hinted, dict):
        raise RecordError("hinted", f"expected an object of deal numbers and seat names, got {json.dumps(hinted)}")
    out: dict[int, list[str]] = {}
    for key, names in hinted.items():
        if not key.isdigit() or int(key) < 1:
            raise RecordError("hinted", f"{json.dumps(key)} is not a deal number (from 1)")
        if not isinstance(names, list) or not all(isinstance(n, str) and n in seats for n in names):
            raise RecordError(f"hinted.{key}", f"expected a list of the table's seat names, got {json.dumps(names)}")
        out[int(key)] = list(names)
    return hints, out


def loads_table(text: str) -> SavedTable:
    """Parse a saved table's text; raises :class:`RecordError` naming the field."""
    return table_from_json(parse_json(text, "a saved table", "file"))


def load_table(path: str) -> SavedTable:
    """Read the saved table at ``path``; raises :class:`RecordError` on ``load`` naming the file and the field."""
    text = read_text(path, "load")
    try:
        return loads_table(text)
    except RecordError as e:
        raise RecordError("load", f"{path}: {e}") from None


def save_table(path: str, saved: SavedTable, what: str = "save") -> None:
    """Write ``saved`` to ``path``; raises :class:`RecordError` on ``what`` naming the file."""
    write_text(path, dumps_table(saved), what)
