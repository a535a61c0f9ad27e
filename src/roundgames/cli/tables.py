"""``roundgames play`` (a table against bots at the terminal, new or resumed) and ``roundgames serve`` (the web
table). The game is looked up in :mod:`roundgames.games.registry`; nothing here names one."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from typing import Any, cast

from ..bots import BOTS
from ..core.errors import RecordError, RoundgamesError
from ..games.protocol import GameSpec
from ..games.registry import game
from ..guide import preset_forms
from ..session.decisions import bots_for
from ..session.table import PlaySettings, Table
from .args import add_form, form_of, game_names, humans, option, seconds, writable

__all__ = ["add_play", "add_serve"]

#: ``play``: the table's size when ``--players`` is not given
#: the settings of a table, which a resumed table takes from its file
_TABLE_SETTINGS = (
    "players",
    "form",
    "preset",
    "option",
    "bots",
    "seat",
    "watch",
    "humans",
    "seed",
    "rounds",
    "mode",
    "hints",
)


def add_serve(sub: Any) -> None:
    """``roundgames serve``."""
    sv = sub.add_parser(
        "serve",
        help="start the web table: play Loo and Nap in the browser with friends and bots",
        description="Start the web table on http://HOST:PORT/ (docs/web.md). Tables live in an SQLite file and "
        "survive a restart.",
    )
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    sv.add_argument(
        "--db",
        default="roundgames.sqlite3",
        help="the SQLite file of tables (default roundgames.sqlite3), or a postgresql:// URL shared by several servers",
    )
    sv.add_argument("--idle-hours", type=float, default=24.0, help="forget a table idle this long (default 24)")
    sv.add_argument(
        "--away-seconds", type=float, default=30.0, help="a bot plays a disconnected person's seat after (default 30)"
    )
    sv.add_argument("--deal-pause", type=float, default=5.0, help="seconds between deals (default 5)")
    sv.add_argument(
        "--bot-workers",
        type=int,
        metavar="N",
        help="processes the searching bots think in (default: the cores less one, at least 1); the quick bots "
        "have one more of their own",
    )
    sv.add_argument("--quiet", action="store_true", help="log warnings only")
    sv.set_defaults(func=_cmd_serve)


def add_play(sub: Any) -> None:
    """``roundgames play``."""
    pl = sub.add_parser(
        "play",
        help="sit down at a table of Loo or Nap against bots",
        description="Play Loo or Nap against bots: full screen, or line by line with --plain.",
    )
    pl.add_argument("game", nargs="?", choices=game_names(), help="the game (omit it with --resume)")
    pl.add_argument("--players", type=int, help="number of players (Loo 3 to 12, default 5; Nap 2 to 6, default 4)")
    add_form(pl, "the form to play, under the preset that sets it up unless --preset names another of its presets")
    pl.add_argument(
        "--preset",
        help="rules preset (Loo: peel, enquire-within, five-card, irish; Nap: peel, plain, modern)",
    )
    pl.add_argument(
        "--option", type=option, action="append", metavar="NAME=VALUE", help="set a rules option (repeatable)"
    )
    pl.add_argument(
        "--bots",
        metavar="NAME[,NAME...]",
        help=f"how the bots play: one name for every bot, or one per bot seat in seat order, such as "
        f"sensible,random,sensible ({', '.join(BOTS)}; default sensible)",
    )
    pl.add_argument("--seat", type=int, help="your seat, from 1 (default 1); 0 watches the bots play")
    pl.add_argument("--watch", action="store_true", help="every seat is a bot: watch them play")
    pl.add_argument("--humans", type=humans, metavar="1,3", help="the seats played by people, taking turns")
    pl.add_argument("--seed", type=int, help="seed of the shuffle, to play the same cards again")
    pl.add_argument("--rounds", type=int, help="times each player deals (default 1)")
    pl.add_argument(
        "--mode",
        choices=["strict", "table"],
        help="strict (default): an action the rules forbid is refused; table: it is accepted and its law "
        "applied (docs/loo-laws.md, docs/nap-laws.md), and law RULE-ID states an irregularity",
    )
    pl.add_argument(
        "--hints",
        action="store_true",
        help="allow hints: h at your turn shows the expert bot's value of each option; the deals played with "
        "hints are marked on the score sheet and in the saved table",
    )
    pl.add_argument("--plain", action="store_true", help="line by line: screen readers, pipes, logs")
    pl.add_argument("--ascii", action="store_true", help="suits as letters S H D C, not symbols")
    pl.add_argument("--no-color", action="store_true", help="no colour (also when NO_COLOR is set)")
    pl.add_argument("--four-color", action="store_true", help="a four-colour deck")
    pl.add_argument("--bot-delay", type=seconds, help="seconds between the bots' actions (default 0.4)")
    pl.add_argument("--trick-pause", type=seconds, help="seconds a finished trick stays in view (default 1.5)")
    pl.add_argument("--save", metavar="FILE", help="save the table to FILE as you play, and on quitting")
    pl.add_argument("--resume", metavar="FILE", help="sit down again at a table saved with --save")
    pl.add_argument("--export", metavar="FILE", help="write the sitting's deal records (a JSON list) to FILE")
    pl.set_defaults(func=_cmd_play)


def _resumed(args: argparse.Namespace) -> Table:
    """The table saved in ``--resume FILE``, which keeps the settings it was saved with."""
    given = [name for name in _TABLE_SETTINGS if getattr(args, name) not in (None, False, [])]
    if given:
        flag = "--" + given[0]
        raise RoundgamesError(f"{flag}: a resumed table keeps the settings it was saved with; drop {flag}")
    table = Table.load(args.resume)
    if args.game not in (None, table.game):
        raise RoundgamesError(f"--resume: {args.resume} holds a table of {table.game}, not {args.game}")
    return table


def _seats_of_people(args: argparse.Namespace, players: int) -> list[int]:
    """The seats people play, from ``--humans``, ``--seat`` or ``--watch``."""
    if sum([args.humans is not None, args.seat is not None, bool(args.watch)]) > 1:
        raise RoundgamesError("--seat: give one of --seat, --humans or --watch, not two of them")
    if args.humans is not None:
        people: list[int] = args.humans
    elif args.watch or args.seat == 0:
        people = []
    else:
        people = [(1 if args.seat is None else args.seat) - 1]
    flag = "--humans" if args.humans is not None else "--seat"
    for h in people:
        if not 0 <= h < players:
            raise RoundgamesError(f"{flag}: there is no seat {h + 1} at a table of {players}")
    return people


def _bots_of(given: str | None, game_name: str, players: int, people: list[int]) -> tuple[str, list[str]]:
    """``--bots``: the bot of every seat without one of its own, and each seat's bot (a person's seat has the
    first); one name for every bot seat, or one per bot seat in seat order."""
    names = [part.strip() for part in (given or "sensible").split(",")]
    valid = bots_for(game_name)
    for name in names:
        if name not in valid:
            raise RoundgamesError(f"--bots: {name!r} is not a bot (valid: {', '.join(valid)})")
    bot_seats = [i for i in range(players) if i not in people]
    if len(names) == 1:
        return names[0], [names[0]] * players
    if len(names) != len(bot_seats):
        listed = ", ".join(str(i + 1) for i in bot_seats) or "none"
        raise RoundgamesError(
            f"--bots: {given!r} names {len(names)} bots for {len(bot_seats)} bot seats (seats {listed}): give one "
            "name for every bot, or one per bot seat in seat order"
        )
    per_seat = dict(zip(bot_seats, names, strict=True))
    return names[0], [per_seat.get(i, names[0]) for i in range(players)]


def _preset_of(args: argparse.Namespace, spec: GameSpec) -> str:
    """The preset of a new table: ``--preset``, else the one that sets up ``--form``, else Peel's. A preset that sets
    up another form than ``--form`` is refused, naming both."""
    if args.form is None:
        return str(args.preset or "peel")
    form = form_of(spec, args.form)
    if args.preset is None:
        return form.preset
    sets_up = preset_forms(spec.name).get(args.preset)
    if sets_up is not None and sets_up != form.name:
        other = next(f for f in spec.forms if f.name == sets_up)
        raise RoundgamesError(
            f"--form: {args.form} with --preset {args.preset}, which sets up {other.title}: give one of them "
            f"(--preset {form.preset} sets up {form.title})"
        )
    return str(args.preset)


def _table_of(args: argparse.Namespace) -> Table:
    """The table ``roundgames play`` sits down at: resumed from a file, or a new one."""
    if args.resume:
        return _resumed(args)
    if args.game is None:
        raise RoundgamesError(f"the game is missing: roundgames play {'|'.join(game_names())} (or --resume FILE)")
    spec = game(args.game)
    players = spec.default_seats if args.players is None else args.players
    people = _seats_of_people(args, players)
    if args.rounds is not None and args.rounds < 1:
        raise RoundgamesError(f"--rounds: at least 1, got {args.rounds}")
    names = None if len(people) < 2 else [f"P{i + 1}" for i in range(players)]  # hot seat: no two called "You"
    bot, bots = _bots_of(args.bots, spec.name, players, people)
    try:
        return Table.new(
            spec.name,
            players=players,
            humans=people,
            preset=_preset_of(args, spec),
            options=dict(args.option or []),
            bot=bot,
            bots=bots,
            seed=args.seed,
            rounds=args.rounds or 1,
            names=names,
            table_mode=args.mode == "table",
            hints=args.hints,
        )
    except RecordError as e:
        if e.field == "seats":
            raise RecordError("--players", e.reason) from None
        raise


def _cmd_play(args: argparse.Namespace) -> int:
    table = _table_of(args)
    no_color = args.no_color or bool(os.environ.get("NO_COLOR"))
    settings = PlaySettings(
        ascii=args.ascii,
        color=not no_color,
        four_color=args.four_color,
        bot_delay=0.4 if args.bot_delay is None else args.bot_delay,
        trick_pause=1.5 if args.trick_pause is None else args.trick_pause,
        save_path=args.save or args.resume,
        export_path=args.export,
    )
    for flag, path in (("--save", settings.save_path), ("--export", settings.export_path)):
        if path:
            writable(flag, path)  # say so now, not after a sitting has been played
    if args.plain:
        from ..terminal import plain

        return plain.run(table, settings, sys.stdin, sys.stdout)
    try:
        tui = importlib.import_module("roundgames.terminal.tui")
        run = cast(Callable[[Table, PlaySettings], int], tui.run)
    except (ImportError, AttributeError) as e:
        raise RoundgamesError(f"the full-screen table is not available ({e}); use --plain") from None
    return run(table, settings)


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from ..web.serve import serve
    except ImportError as e:
        raise RoundgamesError(f"the web table needs the [web] extra ({e}): pip install 'roundgames[web]'") from None
    for flag in ("idle_hours", "away_seconds", "deal_pause"):
        if getattr(args, flag) < 0:
            raise RoundgamesError(f"--{flag.replace('_', '-')} {getattr(args, flag)}: must not be below 0")
    if args.bot_workers is not None and args.bot_workers < 1:
        raise RoundgamesError(f"--bot-workers {args.bot_workers}: at least 1")
    if not 0 < args.port < 65536:
        raise RoundgamesError(f"--port {args.port}: not a port (1 to 65535)")
    return serve(
        args.host,
        args.port,
        args.db,
        idle_hours=args.idle_hours,
        away_seconds=args.away_seconds,
        deal_pause=args.deal_pause,
        quiet=args.quiet,
        bot_workers=args.bot_workers,
    )
