"""The pool keeper's file (``roundgames keep --file``, format ``roundgames-keep/1``, docs/keep.md): a sitting's
rules, its seats and every deal so far as a deal record in table mode whose cards nobody recorded.

This module owns the file; :class:`roundgames.keeper.keep.Keeper` makes a :class:`KeepFile` of itself to save,
and replays the deals of one it loads through the engine.

>>> kept = loads_keep('{"format": "roundgames-keep/1", "game": "loo", "seats": ["Ann", "Ben", "Cat"], '
...     '"deals": [{"format": "roundgames-deal/1", "game": "loo", "mode": "table", "seats": ["Ann", "Ben", "Cat"], '
...     '"dealer": "Ann", "kind": "single", "cards": {}, "actions": ["Cat single"]}]}')
>>> kept.variant, kept.rounds, [r.actions for r in kept.deals], kept.stop
('peel', 1, [['Cat single']], None)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import RecordError
from .deal import DealRecord, from_json, located, parse_json
from .disk import write_atomically

__all__ = ["KEEP_FORMAT", "KeepFile", "dumps_keep", "keep_from_json", "loads_keep", "save_keep"]

KEEP_FORMAT = "roundgames-keep/1"
_FIELDS = ("format", "game", "variant", "options", "stakes", "seats", "rounds", "deals", "stop")
#: what the keep file's own faults name (``file: not JSON``)
FIELD = "file"


@dataclass
class KeepFile:
    """A keep file's contents: the sitting's rules and seats, its deals, and its early end if it had one.

    The keeper checks the values (the game, the preset, the seats, the stop) as it rebuilds the sitting."""

    game: Any
    seats: list[Any]
    variant: str = "peel"
    options: dict[str, Any] = field(default_factory=dict)
    stakes: dict[str, Any] = field(default_factory=dict)
    rounds: Any = 1
    deals: list[DealRecord] = field(default_factory=list)
    #: ``None``, or ``{"after": N, "method": M}`` (with ``"seat"`` for a drawn kitty)
    stop: Any = None

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object (docs/keep.md); each deal as :meth:`DealRecord.to_json` writes it."""
        return {
            "format": KEEP_FORMAT,
            "game": self.game,
            "variant": self.variant,
            "options": dict(self.options),
            "stakes": dict(self.stakes),
            "seats": list(self.seats),
            "rounds": self.rounds,
            "deals": [r.to_json() for r in self.deals],
            "stop": None if self.stop is None else dict(self.stop),
        }


def dumps_keep(kept: KeepFile) -> str:
    """The file's text."""
    return json.dumps(kept.to_json(), indent=2, ensure_ascii=False) + "\n"


def keep_from_json(obj: object) -> KeepFile:
    """Check a parsed JSON value's shape and make a :class:`KeepFile` of it; raises :class:`RecordError` naming
    the field (``deals[1].actions[0]``)."""
    if not isinstance(obj, dict):
        raise RecordError(FIELD, f"a keep file is a JSON object, got {type(obj).__name__}")
    unknown = [k for k in obj if k not in _FIELDS]
    if unknown:
        raise RecordError(unknown[0], f"unknown field (valid: {', '.join(_FIELDS)})")
    if obj.get("format") != KEEP_FORMAT:
        raise RecordError("format", f"expected {KEEP_FORMAT!r}, got {json.dumps(obj.get('format'))}")
    variant, options = obj.get("variant", "peel"), obj.get("options", {})
    stakes, seats = obj.get("stakes", {}), obj.get("seats")
    if not isinstance(variant, str):
        raise RecordError("variant", f"expected a preset name, got {json.dumps(variant)}")
    if not isinstance(options, dict):
        raise RecordError("options", f"expected an object, got {json.dumps(options)}")
    if not isinstance(stakes, dict):
        raise RecordError("stakes", f"expected an object, got {json.dumps(stakes)}")
    if not isinstance(seats, list):
        raise RecordError("seats", f"expected a list of seat names, got {json.dumps(seats)}")
    deals = obj.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("deals", f"expected a list of deal records, got {json.dumps(deals)}")
    records = []
    for i, item in enumerate(deals):
        try:
            records.append(from_json(item))
        except RecordError as e:
            raise located(f"deals[{i}]", e) from None
    return KeepFile(
        game=obj.get("game"),
        seats=seats,
        variant=variant,
        options=options,
        stakes=stakes,
        rounds=obj.get("rounds", 1),
        deals=records,
        stop=obj.get("stop"),
    )


def loads_keep(text: str) -> KeepFile:
    """Parse a keep file's text (see :func:`keep_from_json`)."""
    return keep_from_json(parse_json(text, "a keep file", FIELD))


def save_keep(path: str, kept: KeepFile) -> None:
    """Write the keep file to ``path`` through a temporary file and a rename, so a kill never leaves it half
    written."""
    write_atomically(path, dumps_keep(kept), FIELD)
