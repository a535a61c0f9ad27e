"""Every file the project reads or writes, one owner each: deal records and rulings (DEAL-RECORD.md, :mod:`.deal`),
the list of a sitting's records (:mod:`.sitting`), a saved table (:mod:`.table`), the keeper's file
(:mod:`.keep`); :mod:`.files` recognises each of them and returns its deals."""

from .deal import FORMAT, RULING_FORMAT, DealRecord, dump, dumps, load, loads, record_of, referee, replay, rules_of
from .files import Container, FoundDeal, Loaded, load_any, loads_any
from .keep import KEEP_FORMAT, KeepFile
from .sitting import dumps_sitting, loads_sitting, records_of, sitting_from_records
from .table import TABLE_FORMAT, SavedTable

__all__ = [
    "FORMAT",
    "KEEP_FORMAT",
    "RULING_FORMAT",
    "TABLE_FORMAT",
    "Container",
    "DealRecord",
    "FoundDeal",
    "KeepFile",
    "Loaded",
    "SavedTable",
    "dump",
    "dumps",
    "dumps_sitting",
    "load",
    "load_any",
    "loads",
    "loads_any",
    "loads_sitting",
    "record_of",
    "records_of",
    "referee",
    "replay",
    "rules_of",
    "sitting_from_records",
]
