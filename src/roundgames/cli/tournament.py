"""``roundgames tournament``: a duplicate tournament between bots (:mod:`roundgames.bots.tournament`), the same
cards played by every bot in every seat; ``benchmarks/tournament.py`` runs the same through :func:`main`.

The ``ismcts`` bot (:mod:`roundgames.envs.ismcts`) comes with the ``[envs]`` extra and is imported only when a
lineup names it; so does a learned player, ``learned:PATH`` (:mod:`roundgames.envs.learned`: a policy file of
``roundgames train``, played with NumPy).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from ..bots import BOTS
from ..bots.search import ORACLE
from ..bots.table_player import PREFIX
from ..bots.tournament import BotMaker, Tournament, report, run, standard_bots
from ..core.errors import RecordError, RoundgamesError
from ..games.registry import game
from .args import game_names, option, positive, writable

__all__ = ["ISMCTS", "add_arguments", "add_tournament", "command_line", "main", "play"]

#: the search bot of the research environments
ISMCTS = "ismcts"
#: a lineup's name of a learned player (:data:`roundgames.envs.learned.PREFIX`), before its policy file's path
LEARNED = "learned:"
_VALID = (*BOTS, ORACLE, ISMCTS)
#: the standard match of ``--versus A,B``: one A against the rest of the table all B
_VERSUS_HELP = "A,B: one A against B in every other seat (the standard match of A against B)"


def _bot_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"{text!r}: give bot names separated by commas, e.g. sensible,random")
    return names


def _milliseconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of milliseconds") from None
    if not 0 < value <= 600_000:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r}: give milliseconds above 0, up to ten minutes")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The tournament's arguments, on the subcommand's parser or the benchmark script's."""
    p.add_argument("--game", choices=game_names(), default="loo", help="the game (default loo)")
    p.add_argument("--preset", default="peel", help="rules preset (Loo: peel, enquire-within, five-card, irish; ...)")
    p.add_argument(
        "--option", type=option, action="append", default=[], metavar="NAME=VALUE", help="a rules option (repeat)"
    )
    p.add_argument("--players", type=int, default=None, help="seats (default: the lineup's length, else the game's)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--lineup", type=_bot_list, help="one bot per seat, e.g. expert,sensible,sensible,sensible")
    who.add_argument("--versus", type=_bot_list, metavar="A,B", help=_VERSUS_HELP + " (default sensible,random)")
    p.add_argument("--boards", type=positive, default=100, help="boards (deals played once per seat; default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the boards' shuffles and the bots (default 0)")
    p.add_argument(
        "--sitting",
        type=positive,
        default=1,
        metavar="DEALS",
        help="deals a board: a sitting of that many deals in a row, the pool carried (default 1: first deals)",
    )
    p.add_argument("--workers", type=positive, default=os.cpu_count() or 1, help="processes (default: every core)")
    p.add_argument("--csv", metavar="PATH", help="write every played seat (board, rotation, seat, bot, net) as CSV")
    p.add_argument("--ismcts-ms", type=_milliseconds, default=50.0, help="ismcts: milliseconds per decision (50)")
    p.add_argument(
        "--ismcts-sims", type=positive, default=None, help="ismcts: simulations per decision instead of a time"
    )


def add_tournament(sub: Any) -> None:
    """``roundgames tournament``."""
    p = sub.add_parser("tournament", help="a duplicate tournament between bots, with confidence intervals")
    add_arguments(p)
    p.set_defaults(func=_cmd)


def _cmd(args: argparse.Namespace) -> int:
    return play(args, "roundgames tournament")


def _maker(names: Sequence[str], args: argparse.Namespace) -> BotMaker:
    for name in names:
        if name not in _VALID and not name.startswith((PREFIX, LEARNED)):
            valid = ", ".join((*_VALID, f"{PREFIX}PATH", f"{LEARNED}PATH"))
            raise RecordError("--lineup", f"unknown bot {name!r} (valid: {valid})")
    maker: BotMaker = standard_bots
    if ISMCTS in names:
        try:
            from ..envs.ismcts import SearchBots
        except ImportError:
            raise RecordError(
                "--lineup", f"bot {ISMCTS!r} needs OpenSpiel, in the envs extra: pip install 'roundgames[envs]'"
            ) from None
        maker = SearchBots(ms=args.ismcts_ms, simulations=args.ismcts_sims)
    if any(name.startswith(LEARNED) for name in names):
        try:
            from ..envs.learned import LearnedBots
        except ImportError:
            raise RecordError(
                "--lineup", f"a {LEARNED}PATH player needs NumPy, in the envs extra: pip install 'roundgames[envs]'"
            ) from None
        maker = LearnedBots(players=len(names), inner=maker)
    return maker


def _lineup(args: argparse.Namespace) -> list[str]:
    if args.lineup is not None:
        lineup: list[str] = args.lineup
        if args.players is not None and args.players != len(lineup):
            raise RecordError(
                "--lineup", f"{len(lineup)} bots ({','.join(lineup)}) for --players {args.players}: give one per seat"
            )
        return lineup
    versus: list[str] = args.versus if args.versus is not None else ["sensible", "random"]
    if len(versus) != 2:
        raise RecordError("--versus", f"{','.join(versus)!r}: give two bots, A,B")
    players = args.players if args.players is not None else game(args.game).default_seats
    if players < 2:
        raise RecordError("--players", f"{players}: a match takes 2 players or more")
    return [versus[0]] + [versus[1]] * (players - 1)


def tournament_of(args: argparse.Namespace) -> Tournament:
    """The tournament the arguments describe, checked; a :class:`RecordError` names the flag at fault."""
    lineup = _lineup(args)
    t = Tournament(
        args.game,
        tuple(lineup),
        args.boards,
        args.seed,
        args.preset,
        tuple(args.option),
        _maker(lineup, args),
        deals=args.sitting,
    )
    try:
        t.check()
    except RecordError as e:
        raise RecordError(f"--{e.field}", e.reason) from None
    return t


def command_line(args: argparse.Namespace, program: str) -> str:
    """The full command that plays this tournament again, every setting written out."""
    words = [*shlex.split(program), "--game", args.game, "--preset", args.preset]
    for name, value in args.option:
        words += ["--option", f"{name}={value if isinstance(value, str) else json.dumps(value)}"]
    words += ["--lineup", ",".join(_lineup(args)), "--boards", str(args.boards), "--seed", str(args.seed)]
    if args.sitting > 1:
        words += ["--sitting", str(args.sitting)]
    words += ["--workers", str(args.workers)]
    if args.csv:
        words += ["--csv", args.csv]
    if ISMCTS in _lineup(args):
        words += (
            ["--ismcts-sims", str(args.ismcts_sims)] if args.ismcts_sims else ["--ismcts-ms", f"{args.ismcts_ms:g}"]
        )
    return shlex.join(words)


def play(args: argparse.Namespace, program: str) -> int:
    """Check, print the command, play the tournament, print the report (and write the CSV): exit status 0."""
    t = tournament_of(args)
    if args.csv:
        writable("--csv", args.csv)
    print(f"$ {command_line(args, program)}", flush=True)
    start = time.perf_counter()
    results = run(t, args.workers)
    took = time.perf_counter() - start
    print("\n".join(report(results)))
    if args.csv:
        results.write_csv(args.csv, "--csv")
        what = "deals" if t.deals == 1 else f"sittings of {t.deals} deals"
        print(f"wrote {len(results.rows)} rows, one per seat of each of the {t.boards * t.n} {what}, to {args.csv}")
    workers = min(args.workers, t.boards)
    rate = t.boards * t.n * t.deals / took if took > 0 else float("inf")
    print(f"elapsed {took:.1f} s on {workers} worker{'s' if workers > 1 else ''} ({rate:,.0f} deals/s)")
    return 0


class _Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line on standard error (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv: Sequence[str] | None = None, program: str = "roundgames tournament") -> int:
    """The tournament as a program of its own (``benchmarks/tournament.py``): a user's mistake is one line on
    standard error and exit status 2."""
    parser = _Parser(prog=program, description="A duplicate tournament between bots: the same cards in every seat.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return play(args, program)
    except RoundgamesError as e:
        print(f"{program}: error: {e}", file=sys.stderr)
        return 2
