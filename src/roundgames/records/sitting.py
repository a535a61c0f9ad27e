"""A sitting as records: the JSON list of its finished deal records, and a sitting rebuilt from one.

The list is what ``demo --save`` and ``play --export`` write: each deal record as :func:`~.deal.dumps` writes it.
A sitting is rebuilt by its game's spec (:mod:`roundgames.games.registry`), whatever the game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from ..core.errors import RecordError
from ..games.protocol import GameSpec, Sitting
from ..games.registry import game
from .deal import DealRecord, canonical_json, from_json, located, parse_json, record_of, replay

__all__ = [
    "dumps_sitting",
    "loads_sitting",
    "records_of",
    "sitting_from_deals",
    "sitting_from_json",
    "sitting_from_records",
]

#: what a saved sitting's errors name: ``sitting``, and ``sitting[2].seats`` for a field of its third record
FIELD = "sitting"


class _WithDeals(Protocol):
    """Whatever holds a sitting's finished deals: any game's sitting."""

    @property
    def deals(self) -> Sequence[Any]: ...


def records_of(sitting: _WithDeals) -> list[DealRecord]:
    """The records of a sitting's finished deals, in order."""
    return [record_of(deal) for deal in sitting.deals]


def dumps_sitting(records: Sequence[DealRecord]) -> str:
    """A JSON list of deal records, each written as :func:`~.deal.dumps` writes it."""
    return json.dumps([canonical_json(r) for r in records], indent=2, ensure_ascii=False) + "\n"


def sitting_from_json(data: object) -> list[DealRecord]:
    """The deal records of a parsed JSON list; raises :class:`RecordError` naming the record and its field."""
    if not isinstance(data, list):
        raise RecordError(FIELD, "a saved sitting is a JSON list of deal records")
    out = []
    for i, obj in enumerate(data):
        try:
            out.append(from_json(obj))
        except RecordError as e:
            raise located(f"{FIELD}[{i}]", e) from None
    return out


def loads_sitting(text: str) -> list[DealRecord]:
    """Parse a JSON list of deal records."""
    return sitting_from_json(parse_json(text, "a saved sitting", FIELD))


def sitting_from_records(records: Sequence[DealRecord], **settings: Any) -> Sitting:
    """Rebuild a sitting from its deal records (``settings``: ``seed``, and what the game's sitting takes, such as
    Loo's ``rounds``; one it does not take is left out), checking that each is a finished deal of the same game
    that follows on from the last."""
    if not records:
        raise RecordError(FIELD, "a saved sitting holds at least one deal record")
    spec = game(records[0].game)
    deals = []
    for i, record in enumerate(records):
        if game(record.game) is not spec:
            raise RecordError(
                f"{FIELD}[{i}].game", f"a {spec.name} sitting holds {spec.name} deals, got {record.game!r}"
            )
        try:
            result = replay(record)
        except RecordError as e:
            raise located(f"{FIELD}[{i}]", e) from None
        if result.error is not None:
            raise RecordError(f"{FIELD}[{i}]", f"illegal action: {result.error['message']}")
        deals.append(result.deal)
    return sitting_from_deals(deals, **settings)


def sitting_from_deals(deals: Sequence[Any], **settings: Any) -> Sitting:
    """Rebuild a sitting from its finished deals, by the game's spec (``settings`` as :func:`sitting_from_records`
    takes them): what a table does when a law voids a deal it has settled already (RULES.md §14.30)."""
    if not deals:
        raise RecordError(FIELD, "a saved sitting holds at least one deal record")
    spec: GameSpec = deals[0].game
    kept = {key: value for key, value in settings.items() if key == "seed" or key in spec.sitting_settings}
    return spec.resume(deals, **kept)
