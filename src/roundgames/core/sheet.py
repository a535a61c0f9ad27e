"""A score sheet as CSV, the one writer of it (the pool keeper's sheet and the web table's download): names that a
spreadsheet would read as a formula are kept as text.

>>> print(sheet([["deal", "=SUM(A1)", "Eve"], [1, -3, 3]]), end="")
deal,'=SUM(A1),Eve
1,-3,3
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

__all__ = ["cell", "sheet"]

#: what a spreadsheet takes as the start of a formula (and the tab and return that hide one)
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """``text`` as a spreadsheet keeps it: a leading ``= + - @`` (a formula) is quoted with ``'``."""
    return "'" + text if text[:1] in FORMULA else text


def sheet(rows: Iterable[Sequence[object]], newline: str = "\n") -> str:
    """The rows as CSV, each text cell kept as text (:func:`cell`), numbers as they are; lines end in
    ``newline``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=newline)
    for row in rows:
        writer.writerow([cell(c) if isinstance(c, str) else c for c in row])
    return out.getvalue()
