"""``roundgames study``: run one of the studies of the period advice (:mod:`roundgames.sim.studies`) and write its
report (Markdown with PNG figures) for the documentation site.

The run is split into seeded chunks played in this process (``--workers 0``), on a local Dask cluster
(``--workers N``, every core by default) or on an existing one (``--scheduler``); the report is the same on any of
them.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import Any

from ..core.errors import RulesError
from .args import counted

__all__ = ["add_study", "command_line"]


def add_study(sub: Any) -> None:
    """``roundgames study``."""
    p = sub.add_parser("study", help="put a piece of period advice to the test and write its report")
    p.add_argument("name", nargs="?", help="the study (see --list)")
    p.add_argument("--list", action="store_true", help="list the studies and exit")
    size = p.add_mutually_exclusive_group()
    size.add_argument("--per-class", type=counted, metavar="M", help="deals per hand class (studies over classes)")
    size.add_argument(
        "--deals",
        type=counted,
        metavar="N",
        help="deals for each choice compared at each table (studies over random deals)",
    )
    p.add_argument("--seed", type=counted, default=0, help="the run's seed (default 0)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=counted, help="local processes (0: this process; default: every core)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask cluster, e.g. tcp://host:8786")
    p.add_argument(
        "--out",
        default="docs/studies",
        metavar="DIR",
        help="where the report goes, with the index of every report there (docs/studies)",
    )
    p.set_defaults(func=_cmd)


def command_line(args: argparse.Namespace, size_flag: str, size: int) -> str:
    """The command that makes the same report (where the chunks ran does not change it, so it is left out)."""
    words = ["roundgames", "study", args.name, size_flag, str(size), "--seed", str(args.seed)]
    if args.out != "docs/studies":
        words += ["--out", args.out]
    return shlex.join(words)


def _cmd(args: argparse.Namespace) -> int:
    try:
        return _study(args)
    except KeyboardInterrupt:  # map_chunks's Stopped too: a report needs every chunk, so nothing is written
        print(
            f"roundgames study: stopped; no report written (any report already in {args.out} is unchanged)",
            file=sys.stderr,
        )
        return 130


def _study(args: argparse.Namespace) -> int:
    """The study named (or the list); Ctrl-C at any moment of it, its start included, is said by :func:`_cmd`."""
    try:
        from ..sim.report import write_index
        from ..sim.studies import STUDIES, chunk_mapper, run_study, study_for
    except ImportError as e:
        missing = f"study: the studies need the sim extra ({e.name} is missing)"
        raise RulesError(f"{missing}: pip install 'roundgames[sim]'") from None

    if args.list:
        for name in STUDIES:
            study = study_for(name)
            print(f"{name:12}  {study.title} (--{study.size_kind}, real run {study.default_size})")
        return 0
    if args.name is None:
        raise RulesError(f"study: give a study's name (valid: {', '.join(STUDIES)}) or --list")
    study = study_for(args.name)
    wrong, right = ("deals", "per_class") if study.size_kind == "per-class" else ("per_class", "deals")
    if getattr(args, wrong) is not None:
        flag = "--" + wrong.replace("_", "-")
        raise RulesError(f"{flag}: study {args.name!r} is sized by --{study.size_kind}, not {flag}")
    size = getattr(args, right)
    size = study.default_size if size is None else size
    if size < 1:
        raise RulesError(f"--{study.size_kind}: {size}: give 1 or more")

    if os.path.exists(args.out) and not os.path.isdir(args.out):  # said before the run, not after it
        raise RulesError(f"--out: {args.out!r} is a file, not a folder")
    command = command_line(args, f"--{study.size_kind}", size)
    mapper = chunk_mapper(args.workers, args.scheduler)
    _, sums, run = run_study(args.name, size, args.seed, mapper, command)
    page = study.report(sums, run).write(args.out)
    write_index(args.out, list(STUDIES))
    rate = run.deals / run.seconds if run.seconds > 0 else 0.0
    print(f"{page}: {run.deals:,} deals in {run.seconds:.1f} s ({rate:,.0f} deals/s)", file=sys.stdout)
    return 0
