"""Every file of deals the project writes, recognised: a deal record (DEAL-RECORD.md), a list of them (``demo
--save``, ``play --export``), a saved table (``play --save``) and the keeper's file (``keep --file``).

:func:`loads_any` and :func:`load_any` return the deals a file holds, each with where it came from; each kind of
file is parsed by the module that owns it (:mod:`.deal`, :mod:`.sitting`, :mod:`.table`, :mod:`.keep`).

>>> record = '''{"format": "roundgames-deal/1", "game": "loo", "seats": ["P1", "P2", "P3"],
...   "dealer": "P1", "kind": "single", "cards": {"P2": "KH", "P3": "4S", "P1": "2C", "turnup": "9H"}}'''
>>> found = loads_any("[" + record + ", " + record + "]")
>>> found.container.words, [d.where for d in found.deals]
('a list of deal records', ['sitting[0]', 'sitting[1]'])
>>> found.deals[1].replay().deal.is_complete
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.errors import RecordError
from .deal import DealRecord, Replay, from_json, located, parse_json, replay
from .disk import read_text
from .keep import KEEP_FORMAT, keep_from_json
from .sitting import sitting_from_json
from .table import TABLE_FORMAT, table_from_json

__all__ = ["Container", "FoundDeal", "Loaded", "load_any", "loads_any"]


class Container(StrEnum):
    """The kinds of file that hold deals."""

    RECORD = "record"  # one deal record (DEAL-RECORD.md)
    LIST = "list"  # a JSON list of deal records: demo --save, play --export
    TABLE = "table"  # a table saved by play --save: its finished deals, then the deal in progress
    KEEP = "keep"  # the pool keeper's sitting: keep --file

    @property
    def words(self) -> str:
        """The kind of file in words: ``"a saved table"``."""
        return _WORDS[self]


_WORDS = {
    Container.RECORD: "a deal record",
    Container.LIST: "a list of deal records",
    Container.TABLE: "a saved table",
    Container.KEEP: "a keeper's file",
}


@dataclass(frozen=True)
class FoundDeal:
    """A deal record found in a file, and where: ``""`` when the file is the record, else ``sitting[2]`` (a list),
    ``deals[0]`` (a saved table, a keeper's file) or ``current`` (a saved table's deal in progress)."""

    record: DealRecord
    where: str = ""
    #: the deal was in progress when its table was saved
    in_progress: bool = False

    def replay(self) -> Replay:
        """The record replayed (:func:`~.deal.replay`); a malformed one's error names the field from ``where``."""
        try:
            return replay(self.record)
        except RecordError as e:
            raise located(self.where, e) from None


@dataclass(frozen=True)
class Loaded:
    """What a file holds: its kind, and its deals in order (a saved table's deal in progress last)."""

    container: Container
    deals: tuple[FoundDeal, ...]
    #: a saved table's seed (which seeded its bots' decisions), and the names of the seats people played there
    seed: int | str | None = None
    people: tuple[str, ...] = ()


def loads_any(text: str | bytes) -> Loaded:
    """The deals of a file's text, whichever kind of file it is; raises :class:`RecordError` naming the field
    (``sitting[1].seats``, ``deals[0].actions[2]``, ``current.cards``). A JSON object that is neither a saved
    table nor a keeper's file is read as a deal record, and refused exactly as the referee refuses one."""
    data = parse_json(text)
    if isinstance(data, list):
        records = sitting_from_json(data)
        return Loaded(Container.LIST, tuple(FoundDeal(r, f"sitting[{i}]") for i, r in enumerate(records)))
    head = data.get("format") if isinstance(data, dict) else None
    if head == TABLE_FORMAT:
        table = table_from_json(data)
        found = [FoundDeal(r, f"deals[{i}]") for i, r in enumerate(table.deals)]
        if table.current is not None:
            found.append(FoundDeal(table.current, "current", in_progress=True))
        people = tuple(table.seats[h] for h in table.humans if 0 <= h < len(table.seats))
        return Loaded(Container.TABLE, tuple(found), table.seed, people)
    if head == KEEP_FORMAT:
        kept = keep_from_json(data)
        return Loaded(Container.KEEP, tuple(FoundDeal(r, f"deals[{i}]") for i, r in enumerate(kept.deals)))
    return Loaded(Container.RECORD, (FoundDeal(from_json(data)),))


def load_any(path: str) -> Loaded:
    """The deals of the file at ``path`` (see :func:`loads_any`); a file that cannot be read raises a
    :class:`~roundgames.core.errors.RoundgamesError` naming it."""
    return loads_any(read_text(path))
