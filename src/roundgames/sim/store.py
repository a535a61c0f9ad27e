"""A simulation's files: one table per chunk (``chunk-00000.parquet``, or ``.csv``) beside ``run.json``, which
holds the configuration, the roundgames version, the chunk size and the chunks done, each with its statistics (so a
resumed run's summary needs no file read back).

A run is resumed by running it again on the same folder: only the chunks not done are played. A larger number of
deals extends it: the chunks beyond are played, and a last chunk that was short is played again whole (its first
deals come out the same, a deal's result depending only on its chunk's seed and its index). A different
configuration, or another roundgames version, is refused, naming what differs: the files would not be one run.

>>> flatten({"net": np.array([[1, -1], [2, -2]]), "pool": np.array([5, 6])})
{'net_0': array([1, 2]), 'net_1': array([-1, -2]), 'pool': array([5, 6])}
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import numpy as np

from .. import __version__
from ..core.errors import RulesError

__all__ = ["FORMATS", "RUN_FILE", "SAVE_EVERY", "RunStore", "chunk_sizes", "flatten"]

RUN_FILE: Final = "run.json"
#: seconds between two writes of ``run.json`` while chunks are written (it grows with the chunks done)
SAVE_EVERY: Final = 2.0
#: the file formats, by the suffix of their files
FORMATS: Final = ("parquet", "csv")


def chunk_sizes(deals: int, chunk: int) -> list[int]:
    """The deals of each chunk of a run of ``deals`` in chunks of ``chunk``: all full but the last.

    >>> chunk_sizes(250, 100), chunk_sizes(200, 100), chunk_sizes(0, 100)
    ([100, 100, 50], [100, 100], [])
    """
    return [min(chunk, deals - start) for start in range(0, deals, chunk)]


def flatten(columns: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """A kernel's columns as a table's: a 2-D column ``(n, k)`` becomes ``k`` columns ``name_0 .. name_{k-1}``
    (one per seat for ``net``, ``tricks``, ``hands``, ...)."""
    out: dict[str, np.ndarray] = {}
    for name, values in columns.items():
        array = np.asarray(values)
        if array.ndim == 2:
            for k in range(array.shape[1]):
                out[f"{name}_{k}"] = np.ascontiguousarray(array[:, k])
        else:
            out[name] = array
    return out


def _record_fault(config: Any, chunks: Any) -> str:
    """What is wrong with a ``run.json``'s configuration and chunks, or "" when they have the shape :meth:`RunStore.save`
    writes: a configuration object; chunks by index, each with whole-number ``deals`` (1 or more) and ``states``,
    and a whole number per seat for ``net``, ``net2`` and, where present, ``outcome`` and ``outcome_of``."""
    if not isinstance(config, dict):
        return f"config is {json.dumps(config)}, not an object"
    if not isinstance(chunks, dict):
        return f"chunks is {json.dumps(chunks)[:40]}, not an object"
    players = config.get("players")  # its own seats: another run's are told apart after this

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    for key, stats in chunks.items():
        if not (key.isdigit() and key.isascii()) or not isinstance(stats, dict):
            return f"chunk {key!r}: not a chunk's index and statistics"
        if not whole(stats.get("deals")) or stats["deals"] < 1 or not whole(stats.get("states")):
            return f"chunk {key}: deals {stats.get('deals')!r}, states {stats.get('states')!r}: whole numbers"
        for name in ("net", "net2", "outcome", "outcome_of"):
            values = stats.get(name)
            if values is None and name.startswith("outcome"):
                continue
            if not isinstance(values, list) or len(values) != players or not all(whole(v) for v in values):
                return f"chunk {key}: {name} {json.dumps(values)[:40]}: a whole number for each of {players} seats"
    return ""


class RunStore:
    """The folder of one run: what it holds, and each chunk written as it finishes."""

    def __init__(self, folder: str | os.PathLike[str], config: Mapping[str, Any], fmt: str = "parquet") -> None:
        """Open ``folder`` for the run configured by ``config`` (JSON values: the game, form, players, policies,
        options, pool, seed and chunk size), creating it if need be; RulesError if it holds another run."""
        if fmt not in FORMATS:
            raise RulesError(f"format: {fmt!r} (valid: {', '.join(FORMATS)})")
        self.folder = Path(folder)
        self.config = {**json.loads(json.dumps(dict(config))), "format": fmt}
        self.fmt = fmt
        #: the chunks done, by index: their statistics (``deals`` among them)
        self.done: dict[int, dict[str, Any]] = {}
        self._saved = 0.0
        path = self.folder / RUN_FILE
        if self.folder.exists() and not self.folder.is_dir():
            raise RulesError(f"out: {str(self.folder)!r} is a file, not a folder")
        if path.exists():
            self._resume(path)
        elif self.folder.exists() and any(self.folder.glob("chunk-*")):
            raise RulesError(f"out: {str(self.folder)!r} holds chunk files without {RUN_FILE}: give another folder")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                self.save()
            for partial in self.folder.glob("*.part"):  # a write that Ctrl-C or a crash cut short
                partial.unlink()
        except OSError as e:
            raise RulesError(f"out: cannot write in the folder {str(self.folder)!r}: {e.strerror}") from None

    def _resume(self, path: Path) -> None:
        try:
            held = json.loads(path.read_text(encoding="utf-8"))
            config, version, chunks = held["config"], held["roundgames"], held["chunks"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise RulesError(f"out: {str(path)!r} is not a run's record ({e})") from None
        # a record edited by hand or cut short would otherwise fail later, with a traceback, or sum wrong figures
        wrong = _record_fault(config, chunks)
        if wrong:
            raise RulesError(f"out: {str(path)!r} is not a run's record ({wrong}): give another folder")
        if version != __version__:
            raise RulesError(
                f"out: the run in {str(self.folder)!r} was made by roundgames {version}, this is {__version__}: "
                "its deals may not be played the same; give another folder"
            )
        differ = [
            f"{key} {json.dumps(config.get(key))} there, {json.dumps(self.config.get(key))} here"
            for key in sorted(set(config) | set(self.config))
            if config.get(key) != self.config.get(key)
        ]
        if differ:
            raise RulesError(
                f"out: {str(self.folder)!r} holds another run ({'; '.join(differ)}): give the same settings to "
                "resume it, or another folder"
            )
        self.done = {int(k): v for k, v in chunks.items() if self.path(int(k)).exists()}

    def path(self, index: int) -> Path:
        """The file of chunk ``index``."""
        return self.folder / f"chunk-{index:05d}.{self.fmt}"

    @property
    def deals(self) -> int:
        """The deals of the chunks done."""
        return sum(int(stats["deals"]) for stats in self.done.values())

    def missing(self, sizes: list[int]) -> list[int]:
        """The chunks of a run of these chunk sizes not yet done (a chunk done shorter is played again); RulesError
        if the folder holds more deals than asked."""
        held = max(self.done, default=-1) + 1
        if held > len(sizes) or any(self.done[k]["deals"] > sizes[k] for k in self.done):
            raise RulesError(
                f"deals: the run in {str(self.folder)!r} holds {self.deals:,} deals, more than {sum(sizes):,}: "
                "give as many or more to resume or extend it"
            )
        return [k for k, n in enumerate(sizes) if k not in self.done or self.done[k]["deals"] != n]

    def write(self, index: int, columns: Mapping[str, Any], stats: Mapping[str, Any]) -> None:
        """Write chunk ``index``'s file, replaced whole, and count it done. ``run.json`` is written again at most
        every :data:`SAVE_EVERY` seconds, and by :meth:`save`: a chunk whose file was written but not yet recorded
        is played again on resuming, and comes out the same."""
        if index in self.done:  # played again longer (an extended run's last chunk): no longer done until written
            del self.done[index]
            self.save()
        table = flatten(columns)
        path = self.path(index)
        partial = path.with_name(path.name + ".part")
        if self.fmt == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.table(table), partial)
        else:
            import pyarrow as pa
            import pyarrow.csv as pc

            pc.write_csv(pa.table(table), partial)
        os.replace(partial, path)
        self.done[index] = dict(stats)
        if time.monotonic() - self._saved >= SAVE_EVERY:
            self.save()

    def save(self) -> None:
        """Write ``run.json``: the configuration, the version and the chunks done with their statistics."""
        record = {
            "roundgames": __version__,
            "config": self.config,
            "deals": self.deals,
            "chunks": {str(k): self.done[k] for k in sorted(self.done)},
        }
        path = self.folder / RUN_FILE
        partial = path.with_name(path.name + ".part")
        partial.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        os.replace(partial, path)
        self._saved = time.monotonic()

    def read(self, index: int) -> dict[str, np.ndarray]:
        """Chunk ``index``'s table, a column by name."""
        import pyarrow.csv as pc
        import pyarrow.parquet as pq

        path = self.path(index)
        table = pq.read_table(path) if self.fmt == "parquet" else pc.read_csv(path)
        return {name: table.column(name).to_numpy() for name in table.column_names}
