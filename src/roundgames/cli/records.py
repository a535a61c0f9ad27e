"""``roundgames referee`` and ``roundgames replay``: a file of deals (a deal record, a list of them, a saved table,
the keeper's file) read through :mod:`roundgames.records.files`, and ``--deal N`` to pick one of several.

The referee on one record is the public contract of DEAL-RECORD.md: it prints the ruling, or exits with status 2
and one line naming the field. On a file of several deals it rules on the one ``--deal N`` picks, and without
``--deal`` refuses with the valid range rather than guess: one command, one ruling.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.errors import RoundgamesError
from ..records.deal import ruling_dumps, ruling_of
from ..records.disk import read_text
from ..records.files import FoundDeal, Loaded, loads_any

__all__ = ["add_referee", "add_replay"]

_DEAL_HELP = "of a file of several deals (a list of records, a saved table, a keeper's file): deal N, from 1"


def add_referee(sub: Any) -> None:
    """``roundgames referee FILE [--deal N]``."""
    r = sub.add_parser(
        "referee",
        help="rule on a deal record (DEAL-RECORD.md) and print the ruling as JSON",
        description="Rule on a deal record (DEAL-RECORD.md) and print the ruling as JSON. FILE may also be a list "
        "of records, a saved table or a keeper's file: --deal N picks the deal to rule on.",
    )
    r.add_argument("file", help="the record's file, or - for standard input")
    r.add_argument("--deal", type=int, metavar="N", help=f"{_DEAL_HELP} (needed when it holds several)")
    r.set_defaults(func=_cmd_referee)


def add_replay(sub: Any) -> None:
    """``roundgames replay FILE [--deal N] [--all] [--ascii] [--view NAME-or-N] [--analyse [--seat NAME-or-N]]``."""
    rp = sub.add_parser(
        "replay",
        help="step through a saved deal or sitting, every hand shown",
        description="Step through a deal record, a list of records, a saved table or a keeper's file. At the "
        "prompt: Enter or n next, p or b back, s N after action N, d N deal N, q quit.",
    )
    rp.add_argument(
        "file", help="a deal record, a JSON list of deal records, a table saved by play --save, or a keep file"
    )
    rp.add_argument("--deal", type=int, metavar="N", help=f"{_DEAL_HELP} (all of them without it)")
    rp.add_argument("--plain", action="store_true", help="line by line (the only mode, so the default)")
    rp.add_argument("--all", action="store_true", help="print every position of every deal, without prompting")
    rp.add_argument("--ascii", action="store_true", help="suits as letters S H D C, not symbols")
    rp.add_argument(
        "--view",
        metavar="NAME-or-N",
        help="each position as this seat saw it, by name or number from 1: its own cards, the cards played and "
        "what was said, the other hands as counts (the web table's replay of a deal shows the same)",
    )
    rp.add_argument(
        "--analyse",
        "--analyze",
        action="store_true",
        help="weigh each decision with the expert bot: after each one, its value of every option (its choice first, the "
        "one played marked); after each deal, the decisions, how many were as good as the expert's and the "
        "expected loss (docs/research/bots.md)",
    )
    rp.add_argument(
        "--seat",
        metavar="NAME-or-N",
        help="with --analyse: the seat to review, by name or number from 1 (default: a saved table's people, "
        "else every seat)",
    )
    rp.set_defaults(func=_cmd_replay)


def _load(path: str) -> tuple[Loaded, str]:
    """The deals of the file at ``path`` (``-``: standard input), and the file's name for messages."""
    if path != "-":
        return loads_any(read_text(path)), path
    try:
        text = sys.stdin.read()
    except UnicodeDecodeError:
        raise RoundgamesError(f"{path}: not UTF-8 text") from None
    return loads_any(text), "standard input"


def _deals(count: int) -> str:
    return f"{count} deal{'s' * (count != 1)}"


def _pick(loaded: Loaded, number: int | None, name: str) -> FoundDeal | None:
    """The deal ``--deal N`` picks (None without ``--deal``); raises naming ``--deal`` and the valid range when
    there is no deal N, or no deal at all."""
    count = len(loaded.deals)
    if not count:
        raise RoundgamesError(f"{name} holds no deal ({loaded.container.words})")
    if number is None:
        return None
    if not 1 <= number <= count:
        valid = "--deal 1" if count == 1 else f"--deal N from 1 to {count}"
        raise RoundgamesError(f"--deal {number}: {name} holds {_deals(count)} ({loaded.container.words}); give {valid}")
    return loaded.deals[number - 1]


def _cmd_referee(args: argparse.Namespace) -> int:
    loaded, name = _load(args.file)
    found = _pick(loaded, args.deal, name)
    if found is None:
        if len(loaded.deals) > 1:
            count = len(loaded.deals)
            raise RoundgamesError(
                f"--deal: {name} holds {count} deals ({loaded.container.words}); the referee rules on one: "
                f"pick it with --deal N, from 1 to {count}"
            )
        found = loaded.deals[0]
    sys.stdout.write(ruling_dumps(ruling_of(found.replay())))
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from ..terminal import replay

    if args.seat is not None and not args.analyse:
        raise RoundgamesError(f"--seat {args.seat}: the seat to review, only with --analyse")
    loaded, name = _load(args.file)
    _pick(loaded, args.deal, name)
    reviewed = replay.reviewed_seats(loaded, args.seat) if args.analyse else ()
    viewer = replay.seat_named(loaded, args.view, "--view") if args.view is not None else None
    deals = replay.deals_of(loaded, args.deal, reviewed, viewer)
    return replay.run(deals, sys.stdin, sys.stdout, every=args.all, ascii=args.ascii)
