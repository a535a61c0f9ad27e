"""Seat names: the one check every deal, sitting and record makes of them."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RecordError

__all__ = ["HEAP_NAMES", "seat_index", "seat_names"]

#: the keys a record's ``cards`` uses for heaps; a seat may not take one as its name
HEAP_NAMES = ("miss", "turnup", "stock", "widow", "spare")


def seat_names(seats: Sequence[str] | int) -> tuple[str, ...]:
    """The seat names, ``P1 .. Pn`` for a count; raises :class:`RecordError` for names a record cannot hold.

    >>> seat_names(3)
    ('P1', 'P2', 'P3')
    >>> seat_names(["Ann", "miss", "Cat"])
    Traceback (most recent call last):
    ...
    roundgames.core.errors.RecordError: seats: 'miss' names a heap of cards, not a seat (choose another name)
    """
    if isinstance(seats, int):
        return tuple(f"P{i + 1}" for i in range(seats))
    names = tuple(seats)
    for name in names:
        if not isinstance(name, str) or not name or name.split() != [name]:
            raise RecordError("seats", f"{name!r} is not a seat name (a word without spaces)")
        if name in HEAP_NAMES:
            raise RecordError("seats", f"{name!r} names a heap of cards, not a seat (choose another name)")
    if len(set(names)) != len(names):
        raise RecordError("seats", f"seat names must differ, got {list(names)}")
    return names


def seat_index(seats: Sequence[str], seat: int | str, field: str = "seat") -> int:
    """The index of ``seat`` among ``seats``, given by index or by name; raises :class:`RecordError` for no such
    seat, naming ``field``.

    >>> seat_index(("Ann", "Ben"), "Ben"), seat_index(("Ann", "Ben"), 0)
    (1, 0)
    """
    if isinstance(seat, int) and not isinstance(seat, bool):
        if 0 <= seat < len(seats):
            return seat
    elif isinstance(seat, str) and seat in seats:
        return list(seats).index(seat)
    raise RecordError(field, f"no seat {seat!r} at this table (seats: {', '.join(seats)})")
