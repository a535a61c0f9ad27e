"""The file of a computed strategy (``.rgs``): a JSON header and named arrays, each compressed, read with the
standard library alone so that the bots need nothing installed.

Layout: the line ``roundgames-strategy 1``, then the header's length in bytes as a decimal line, then the header
(UTF-8 JSON), then the arrays' bytes one after another. The header's ``arrays`` names each array with its
``type`` (a :mod:`array` type code of fixed size: ``B`` uint8, ``h`` int16, ``H`` uint16, ``I`` uint32, ``q``
int64), its ``count``, and the ``offset`` and ``size`` of its zlib-compressed little-endian bytes after the
header. Everything else in the header belongs to whoever wrote the file (:mod:`.strategy` says what a strategy
keeps there).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "t.rgs")
>>> write(path, {"game": "loo"}, {"cells": ("I", [3, 5, 8]), "weights": ("B", bytes([255, 0, 128, 127]))})
>>> f = read(path)
>>> f.header["game"], list(f.array("cells")), list(f.array("weights"))
('loo', [3, 5, 8], [255, 0, 128, 127])
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..core.errors import RecordError

__all__ = ["MAGIC", "TYPES", "StrategyFile", "read", "write"]

MAGIC: Final = b"roundgames-strategy 1\n"
#: the array types a file may hold, with their sizes in bytes
TYPES: Final = {"B": 1, "h": 2, "H": 2, "I": 4, "q": 8}


@dataclass(frozen=True)
class StrategyFile:
    """A strategy file's header and its arrays' compressed bytes (each decompressed when first asked for)."""

    path: str
    header: Mapping[str, Any]
    blob: bytes

    def array(self, name: str) -> array[int]:
        """The array called ``name``; :class:`~roundgames.core.errors.RecordError` for one the file lacks or
        whose bytes do not match its header."""
        spec = self.header.get("arrays", {}).get(name)
        if spec is None:
            raise RecordError(self.path, f"no array {name!r} in this strategy file")
        try:
            raw = zlib.decompress(self.blob[spec["offset"] : spec["offset"] + spec["size"]])
            out = array(spec["type"])
            out.frombytes(raw)
        except (zlib.error, KeyError, TypeError, ValueError) as e:
            raise RecordError(self.path, f"array {name!r} is damaged: {e}") from None
        if sys.byteorder != "little":
            out.byteswap()
        if len(out) != spec.get("count"):
            raise RecordError(self.path, f"array {name!r} holds {len(out)} values, its header says {spec.get('count')}")
        return out


def read(path: str) -> StrategyFile:
    """The strategy file at ``path``; :class:`~roundgames.core.errors.RecordError` naming the file for one that
    cannot be read or is not a strategy file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RecordError(path, f"cannot read the strategy file: {e.strerror}") from None
    if not data.startswith(MAGIC):
        raise RecordError(path, "not a roundgames strategy file (it does not start 'roundgames-strategy 1')")
    try:
        end = data.index(b"\n", len(MAGIC))
        size = int(data[len(MAGIC) : end])
        header = json.loads(data[end + 1 : end + 1 + size].decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        raise RecordError(path, f"the strategy file's header is damaged: {e}") from None
    if not isinstance(header, dict):
        raise RecordError(path, "the strategy file's header is not a JSON object")
    return StrategyFile(path, header, data[end + 1 + size :])


def write(path: str, header: Mapping[str, Any], arrays: Mapping[str, tuple[str, bytes | Iterable[int]]]) -> None:
    """Write a strategy file: ``header`` (JSON) and ``arrays``, each a type code of :data:`TYPES` with its values
    (an iterable of ints, or the little-endian bytes of such values, as NumPy's ``tobytes`` gives them)."""
    blobs: list[bytes] = []
    specs: dict[str, dict[str, Any]] = {}
    offset = 0
    for name, (code, values) in arrays.items():
        if code not in TYPES:
            raise ValueError(f"array {name!r}: type {code!r} is not one of {', '.join(TYPES)}")
        if isinstance(values, bytes | bytearray):
            raw = bytes(values)
        else:
            a = array(code, values)
            if sys.byteorder != "little":
                a.byteswap()
            raw = a.tobytes()
        if len(raw) % TYPES[code]:
            raise ValueError(f"array {name!r}: {len(raw)} bytes are not whole values of type {code!r}")
        packed = zlib.compress(raw, 9)
        specs[name] = {"type": code, "count": len(raw) // TYPES[code], "offset": offset, "size": len(packed)}
        blobs.append(packed)
        offset += len(packed)
    text = json.dumps({**header, "arrays": specs}, indent=1, sort_keys=True).encode("utf-8")
    with open(path, "wb") as f:
        f.write(MAGIC + str(len(text)).encode("ascii") + b"\n" + text)
        for blob in blobs:
            f.write(blob)
