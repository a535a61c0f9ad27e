"""Every file the project reads or writes, one owner each: deal records and rulings (DEAL-RECORD.md), the list of
a sitting's records."""

from .deal import FORMAT, RULING_FORMAT, DealRecord, dump, dumps, load, loads, record_of, referee, replay, rules_of
from .sitting import dumps_sitting, loads_sitting, records_of, sitting_from_records

__all__ = [
    "FORMAT",
    "RULING_FORMAT",
    "DealRecord",
    "dump",
    "dumps",
    "dumps_sitting",
    "load",
    "loads",
    "loads_sitting",
    "record_of",
    "records_of",
    "referee",
    "replay",
    "rules_of",
    "sitting_from_records",
]
