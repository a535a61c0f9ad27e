"""The studies of the period advice: each plays many deals with the batch simulator and writes a report
(:mod:`..report`) that says whether the advice holds.

Every study is a module of this package with a ``STUDY`` (:class:`Study`), listed in :data:`STUDIES` by name. A
study's work is split into chunks, chunk ``k`` playing its deals from the seed ``chunk_seed(seed, k)``
(:mod:`..streams`); each chunk returns **integer** sums (counts, nets, squares of nets) for a slice of the study's
tables, and :func:`run_study` adds them up. Integer sums do not depend on the order they are added in, so a run
gives the same tables, and the same report, on any number of workers or machines.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Literal, Protocol

import numpy as np
from numpy.typing import NDArray

from ...core.errors import RulesError
from ..report import Report
from ..run import MAX_CHUNKS, map_chunks

__all__ = ["STUDIES", "Job", "Part", "Run", "Study", "Sums", "chunk_mapper", "in_process", "run_study", "study_for"]

#: each study's module, by the study's name
STUDIES: Final = {
    "loo-stand": ".loo_stand",
    "loo-miss": ".loo_miss",
    "loo-defence": ".loo_defence",
    "nap-call": ".nap_call",
    "nap-defence": ".nap_defence",
    "strategy": ".strategy",
}

#: a study's tables: integer arrays by name
Sums = dict[str, NDArray[np.int64]]
#: what a chunk returns: for some of the tables, the rows it adds to, from a first row on
Part = dict[str, tuple[int, NDArray[np.int64]]]


@dataclass(frozen=True)
class Run:
    """What a report says about the run that made it."""

    size: int
    seed: int
    seconds: float
    deals: int
    command: str


class Study(Protocol):
    """One study: how to split it into chunks, play a chunk, and report on the sums."""

    name: str
    title: str
    #: what its size counts: deals per hand class (``per-class``) or deals in all (``deals``)
    size_kind: Literal["per-class", "deals"]
    #: the size of its real run (the reports in the documentation)
    default_size: int

    def chunks(self, size: int) -> int:
        """How many chunks a run of this size has."""
        ...

    def tables(self, size: int) -> Sums:
        """The tables a run adds its chunks' sums to, all zero."""
        ...

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        """Play chunk ``k`` of the run seeded ``seed`` (its deals from :func:`~..streams.chunk_seed` of the run's
        seed): its sums, and how many deals it played."""
        ...

    def report(self, sums: Sums, run: Run) -> Report:
        """The report on a finished run."""
        ...


def study_for(name: str) -> Study:
    """The study called ``name``; :class:`~roundgames.core.errors.RulesError` listing the studies otherwise."""
    module = STUDIES.get(name)
    if module is None:
        raise RulesError(f"study: no study {name!r} (valid: {', '.join(STUDIES)})")
    study: Study = importlib.import_module(module, __package__).STUDY
    return study


@dataclass(frozen=True)
class Job:
    """One study's chunk function, picklable for the workers of a cluster: ``Job(...)(k)`` plays chunk ``k``."""

    name: str
    size: int
    seed: int

    def __call__(self, k: int) -> tuple[Part, int]:
        return study_for(self.name).chunk(self.size, self.seed, k)


MapChunks = Callable[[Job, int], Iterator[tuple[int, tuple[Part, int]]]]


def in_process(job: Job, chunks: int) -> Iterator[tuple[int, tuple[Part, int]]]:
    """Play the chunks one after another in this process."""
    for k in range(chunks):
        yield k, job(k)


def chunk_mapper(workers: int | None, scheduler: str | None) -> MapChunks:
    """Where the chunks run (:func:`~..run.map_chunks`): in this process (``workers`` 0), on ``workers`` local
    processes (``None``: one per core), or on the cluster at ``scheduler``."""

    def mapper(job: Job, chunks: int) -> Iterator[tuple[int, tuple[Part, int]]]:
        return map_chunks(job, chunks, workers=workers, scheduler=scheduler)

    return mapper


def run_study(
    name: str, size: int, seed: int, mapper: MapChunks = in_process, command: str = ""
) -> tuple[Study, Sums, Run]:
    """Run study ``name`` at ``size``: its tables, added up over every chunk, and what the report says of the
    run."""
    if size < 1:
        raise RulesError(f"size: {size}: give 1 or more")
    if not 0 <= seed < 2**63:
        raise RulesError(f"seed: {seed}: give a whole number from 0 below 2**63")
    study = study_for(name)
    if study.chunks(size) > MAX_CHUNKS:  # their indexes are listed before any is played
        raise RulesError(
            f"size: {size:,} (--{study.size_kind}) makes {study.chunks(size):,} chunks, more than {MAX_CHUNKS:,}: "
            "give a smaller size"
        )
    sums = study.tables(size)
    deals = 0
    start = time.perf_counter()
    for _, (part, played) in mapper(Job(name, size, seed), study.chunks(size)):
        add(sums, part)
        deals += played
    return study, sums, Run(size, seed, time.perf_counter() - start, deals, command)


def add(sums: Sums, part: Mapping[str, tuple[int, NDArray[np.int64]]]) -> None:
    """Add a chunk's rows into the tables."""
    for key, (first, rows) in part.items():
        sums[key][first : first + len(rows)] += rows
