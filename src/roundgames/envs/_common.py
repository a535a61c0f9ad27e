"""What the research adapters' game modules share: vectors of cards and seats, the places cards are dealt to, and
the ids of a verb table.

Plain Python, no framework: each game's :mod:`encoding <.loo_encoding>` and :mod:`deals <.loo_deals>` module
builds on it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..core.cards import card_str
from ..core.errors import RulesError
from ..core.tricks import Trick
from ..games.protocol import VerbTable

__all__ = [
    "Place",
    "bits",
    "card_ones",
    "first_id",
    "flag",
    "id_count",
    "num_actions",
    "rotation",
    "trick_cells",
    "trick_text",
]

#: a place cards are dealt to: ``("hand", seat)``, ``("miss", 0)``, ``("turnup", 0)``, ``("spare", 0)``,
#: ``("widow", 0)`` or ``("stock", position)`` (0 is the top card)
Place = tuple[str, int]


# -- action ids ---------------------------------------------------------------------------------------


def first_id(verbs: VerbTable, word: str) -> int:
    """The first research action id of the verb ``word`` (the verb table's ``ids``)."""
    ids = verbs[word].ids
    assert ids is not None, f"the verb {word!r} has no research action id"
    return ids[0]


def id_count(verbs: VerbTable, word: str) -> int:
    """How many research action ids the verb ``word`` has."""
    ids = verbs[word].ids
    assert ids is not None, f"the verb {word!r} has no research action id"
    return ids[1]


def num_actions(verbs: VerbTable) -> int:
    """The size of the fixed action space: one past the last id of any verb."""
    return max(v.ids[0] + v.ids[1] for v in verbs.values() if v.ids is not None)


# -- vectors ------------------------------------------------------------------------------------------


_BYTE_BITS = [[float(b >> i & 1) for i in range(8)] for b in range(256)]


def bits(mask: int) -> list[float]:
    """The 52 bits of a card mask as floats, card int order (a byte at a time: the hot path of both adapters)."""
    out: list[float] = []
    for shift in range(0, 56, 8):
        out += _BYTE_BITS[mask >> shift & 255]
    return out[:52]


def card_ones(ones: list[int], at: int, mask: int) -> None:
    """Add to ``ones`` the places, from ``at``, of the cards of a mask (card int order): an observation gathers
    every 1 it holds and NumPy writes them in one assignment. A few cards are held or played at a time, so
    visiting only the set bits costs less than unpacking all 52."""
    while mask:
        low = mask & -mask
        ones.append(at + low.bit_length() - 1)
        mask ^= low


def flag(value: object, name: str, meaning: str) -> bool:
    """A game parameter that is true or false (OpenSpiel gives a bool; a game string may give 1, 0, true or
    false); anything else is refused, naming the parameter and what it means when true."""
    if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
        return value.lower() in ("true", "1")
    if isinstance(value, (bool, int)) and value in (0, 1):
        return bool(value)
    raise RulesError(f"{name}: true ({meaning}) or false, got {value!r}")


@functools.cache
def rotation(n: int, seat: int) -> tuple[int, ...]:
    """The seats of a table of ``n`` in ``seat``'s order: ``seat`` first, then the seat on his left, ... (a
    vector's relative seats ``0 .. n-1``)."""
    return tuple((seat + r) % n for r in range(n))


def trick_cells(tricks: Sequence[Trick], seat: int, n: int, count: int) -> list[float]:
    """The first ``count`` finished tricks in order, each by relative seat (``count x n x 52``), zeros for those
    not played yet: the part of an information-state vector that tells every history apart."""
    done = [t for t in tricks if t.winner is not None]
    out: list[float] = []
    for i in range(count):
        cells = [0] * n
        if i < len(done):
            for s, c in zip(done[i].seats, done[i].cards, strict=True):
                cells[(s - seat) % n] |= 1 << c
        for r in range(n):
            out += bits(cells[r])
    return out


def trick_text(seats: Sequence[str], tricks: Sequence[Trick]) -> str:
    """The trick in progress as ``P2:AS P3:4S``, or ``-`` between tricks."""
    now = [t for t in tricks if t.winner is None]
    if not now:
        return "-"
    return " ".join(f"{seats[s]}:{card_str(c)}" for s, c in zip(now[0].seats, now[0].cards, strict=True))
