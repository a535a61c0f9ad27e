"""A sitting as records: the JSON list of its finished deal records, and a sitting rebuilt from one.

The list is what ``demo --save`` and ``play --export`` write: each deal record as :func:`~.deal.dumps` writes it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..core.errors import RecordError
from ..loo.deal import LooDeal
from ..loo.sitting import LooSitting
from ..nap import NapDeal
from ..nap.sitting import NapSitting
from .deal import DealRecord, dumps, from_json, record_of, replay

__all__ = ["dumps_sitting", "loads_sitting", "records_of", "sitting_from_records"]


def records_of(sitting: LooSitting | NapSitting) -> list[DealRecord]:
    """The records of a sitting's finished deals, in order."""
    return [record_of(deal) for deal in sitting.deals]


def dumps_sitting(records: Sequence[DealRecord]) -> str:
    """A JSON list of deal records, each written as :func:`~.deal.dumps` writes it."""
    return json.dumps([json.loads(dumps(r)) for r in records], indent=2, ensure_ascii=False) + "\n"


def loads_sitting(text: str) -> list[DealRecord]:
    """Parse a JSON list of deal records."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("sitting", f"not JSON: {e}") from None
    if not isinstance(data, list):
        raise RecordError("sitting", "a saved sitting is a JSON list of deal records")
    out = []
    for i, obj in enumerate(data):
        try:
            out.append(from_json(obj))
        except RecordError as e:
            raise RecordError(f"sitting[{i}].{e.field}", e.reason) from None
    return out


def sitting_from_records(records: Sequence[DealRecord], **settings: Any) -> LooSitting | NapSitting:
    """Rebuild a sitting from its deal records (``rounds``, ``seed`` as the sitting takes them), checking that
    each is a finished deal of the same game that follows on from the last."""
    if not records:
        raise RecordError("sitting", "a saved sitting holds at least one deal record")
    game = records[0].game
    deals = []
    for i, record in enumerate(records):
        if record.game != game:
            raise RecordError(f"sitting[{i}].game", f"a {game} sitting holds {game} deals, got {record.game!r}")
        try:
            result = replay(record)
        except RecordError as e:
            raise RecordError(f"sitting[{i}].{e.field}", e.reason) from None
        if result.error is not None:
            raise RecordError(f"sitting[{i}]", f"illegal action: {result.error['message']}")
        deals.append(result.deal)
    if game == "loo":
        return LooSitting.from_deals([d for d in deals if isinstance(d, LooDeal)], **settings)
    return NapSitting.from_deals([d for d in deals if isinstance(d, NapDeal)], **settings)
