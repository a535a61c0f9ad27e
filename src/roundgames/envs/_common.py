"""What the research adapters' game modules share: vectors of cards and seats, the places cards are dealt to, and
the ids of a verb table.

Plain Python and NumPy, no framework: each game's :mod:`encoding <.loo_encoding>` and :mod:`deals <.loo_deals>`
module builds on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.cards import card_str
from ..core.tricks import Trick
from ..games.protocol import VerbTable

__all__ = [
    "Place",
    "bits",
    "first_id",
    "id_count",
    "num_actions",
    "one_hot",
    "played",
    "put_bits",
    "put_masks",
    "rel",
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


def rel(seat: int | None, me: int, n: int) -> int | None:
    """``seat`` relative to the observer ``me`` (0 is himself, 1 his left-hand neighbour); None stays None."""
    return None if seat is None else (seat - me) % n


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a one at ``index`` (none for None)."""
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


_BYTE_BITS = [[float(b >> i & 1) for i in range(8)] for b in range(256)]


def bits(mask: int) -> list[float]:
    """The 52 bits of a card mask as floats, card int order (a byte at a time: the hot path of both adapters)."""
    out: list[float] = []
    for shift in range(0, 56, 8):
        out += _BYTE_BITS[mask >> shift & 255]
    return out[:52]


def put_bits(out: np.ndarray[Any, Any], at: int, mask: int) -> None:
    """Write the 52 bits of a card mask as 0/1 into ``out[at : at + 52]``, card int order: the bytes of the mask
    unpacked by NumPy at once, where a Python loop over the bits costs most of an observation."""
    out[at : at + 52] = np.unpackbits(np.frombuffer(mask.to_bytes(7, "little"), np.uint8), bitorder="little")[:52]


def put_masks(out: np.ndarray[Any, Any], at: int, masks: Sequence[int]) -> None:
    """Write several card masks one after the other (52 values each) from ``out[at]``, in one NumPy call."""
    raw = b"".join(m.to_bytes(7, "little") for m in masks)
    unpacked = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little").reshape(len(masks), 56)
    out[at : at + 52 * len(masks)].reshape(len(masks), 52)[:] = unpacked[:, :52]


def played(tricks: Sequence[Trick], seat: int, n: int) -> tuple[int, list[int]]:
    """Every card played so far, and the trick in progress by relative seat, as masks."""
    out = 0
    trick = [0] * n
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            out |= 1 << c
            if t.winner is None:
                trick[(s - seat) % n] |= 1 << c
    return out, trick


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
