"""``roundgames keep``: the pool keeper for a game played with real cards (docs/keep.md), a new sitting or one
resumed from its keep file."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING, Any

from ..core.errors import RecordError, RoundgamesError
from .args import game_names, option, seat_list, stakes

if TYPE_CHECKING:
    from ..keeper.keep import Keeper

__all__ = ["add_keep"]

#: a new sitting's settings, which a resumed sitting takes from its file
_KEEP_SETTINGS = ("seats", "preset", "option", "stakes", "rounds")
#: the flag that set each field a new sitting's settings are checked under
_KEEP_FLAGS = {
    "seats": "--seats",
    "variant": "--preset",
    "options": "--option",
    "stakes": "--stakes",
    "rounds": "--rounds",
}


def add_keep(sub: Any) -> None:
    """``roundgames keep``."""
    kp = sub.add_parser(
        "keep",
        help="keep the pool and the payments of a game played with real cards",
        description="The pool keeper (docs/keep.md): enter what happened at each deal at a real table, one "
        "command a line; it says what everyone pays and receives and keeps the sitting in FILE after every "
        "entry. Type help for the commands.",
    )
    kp.add_argument("game", nargs="?", choices=game_names(), help="the game of a new sitting (omit it to resume)")
    kp.add_argument("--file", metavar="FILE", help="the keep file: created for a new sitting, resumed otherwise")
    kp.add_argument("--resume", metavar="FILE", help="resume the sitting kept in FILE")
    kp.add_argument("--seats", type=seat_list, metavar="A,B,C", help="the players' names, clockwise")
    kp.add_argument("--preset", help="rules preset (Loo: peel, enquire-within; Nap: peel, plain, modern)")
    kp.add_argument(
        "--option", type=option, action="append", metavar="NAME=VALUE", help="set a rules option (repeatable)"
    )
    kp.add_argument(
        "--stakes", type=stakes, action="append", metavar="NAME=N,...", help="Loo deal=3,loo=6,single=3; Nap unit=1"
    )
    kp.add_argument("--rounds", type=int, help="Loo: times each player deals before the game may end (default 1)")
    kp.add_argument("--plain", action="store_true", help="line by line from standard input, no prompts")
    kp.set_defaults(func=_cmd_keep)


def _resumed(args: argparse.Namespace, path: str) -> Keeper:
    """The sitting kept in ``path``, which keeps the settings it was started with."""
    from ..keeper.keep import Keeper

    given = [name for name in _KEEP_SETTINGS if getattr(args, name) is not None]
    if given:
        flag = "--" + given[0]
        raise RoundgamesError(f"{flag}: a resumed sitting keeps the settings it was started with; drop {flag}")
    if not os.path.exists(path):
        raise RoundgamesError(
            f"{path}: no such file (start a sitting: roundgames keep loo --seats A,B,C --file {path})"
        )
    keeper = Keeper.load(path)
    if args.game not in (None, keeper.game):
        raise RoundgamesError(f"{path} keeps a sitting of {keeper.game}, not {args.game}")
    return keeper


def _started(args: argparse.Namespace, path: str) -> Keeper:
    """A new sitting, its keep file written at ``path`` (which must not exist)."""
    from ..keeper.keep import Keeper

    if os.path.exists(path):
        raise RoundgamesError(
            f"--file {path}: the file exists; resume it with: roundgames keep --file {path} (or choose another file)"
        )
    if not args.seats:
        raise RoundgamesError("--seats: name the players clockwise, e.g. --seats Ann,Ben,Cat,Dan")
    given: dict[str, int] = {}
    for part in args.stakes or []:
        given.update(part)
    try:
        keeper = Keeper.new(
            args.game,
            args.seats,
            preset=args.preset or "peel",
            options=dict(args.option or []),
            stakes=given,
            rounds=1 if args.rounds is None else args.rounds,
        )
    except RecordError as e:
        head, _, rest = e.field.partition(".")
        if head not in _KEEP_FLAGS:
            raise
        raise RoundgamesError(f"{_KEEP_FLAGS[head]}{' ' + rest if rest else ''}: {e.reason}") from None
    keeper.save(path)
    return keeper


def _cmd_keep(args: argparse.Namespace) -> int:
    from ..keeper import lines as keepline

    if args.resume and args.file and args.resume != args.file:
        raise RoundgamesError(f"--resume: {args.resume} and --file {args.file} differ; give the file once")
    path = args.resume or args.file
    if not path:
        raise RoundgamesError(
            "--file: give the keep file: roundgames keep loo --seats Ann,Ben,Cat --file pool.json starts a sitting, "
            "roundgames keep --file pool.json resumes it"
        )
    keeper = _resumed(args, path) if args.resume or args.game is None else _started(args, path)
    interactive = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    return keepline.run(keeper, path, sys.stdin, sys.stdout, interactive=interactive)
