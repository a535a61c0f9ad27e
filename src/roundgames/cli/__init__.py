"""The ``roundgames`` command: serve, play, keep, referee, demo, rules, replay, tournament, simulate, study, train.

Each module of this package adds its subcommands' arguments and runs them: :mod:`.records` the referee and the
replay, :mod:`.demo` the demo and the rules, :mod:`.tables` play and serve, :mod:`.keep` the pool keeper,
:mod:`.tournament` the tournament between bots, :mod:`.simulate` the batch simulator, :mod:`.study` the studies of
the period advice, :mod:`.train` a player trained on the batched tables. A user's mistake (a malformed record, a bad option or argument) prints one line on standard error
and exits with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..core.errors import RecordError, RoundgamesError
from . import demo, exploit, keep, records, simulate, strategy, study, tables, tournament, train

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``roundgames`` command."""
    p = _Parser(prog="roundgames", description="Loo and Nap, as the period laws describe them.")
    p.add_argument("--version", action="version", version=f"roundgames {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    tables.add_serve(sub)
    records.add_referee(sub)
    demo.add_demo(sub)
    demo.add_rules(sub)
    tables.add_play(sub)
    keep.add_keep(sub)
    records.add_replay(sub)
    tournament.add_tournament(sub)
    simulate.add_simulate(sub)
    study.add_study(sub)
    exploit.add_exploit(sub)
    strategy.add_strategy(sub)
    train.add_train(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        parser = build_parser()  # its --game choices read the registry: every game, those added by a user's line too
    except RoundgamesError as e:  # a game named by ROUNDGAMES_GAMES or an entry point that cannot be loaded
        print(f"roundgames: error: {e}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except RecordError as e:
        if args.command == "demo" and e.field == "seats":  # the seats come from --players here
            e = RecordError("--players", e.reason)
        print(f"roundgames {args.command}: error: {e}", file=sys.stderr)
        return 2
    except RoundgamesError as e:
        print(f"roundgames {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``roundgames demo | head``): not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status
