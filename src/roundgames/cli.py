"""The ``roundgames`` command: serve, play, keep, referee, demo, rules, replay.

A user's mistake (a malformed record, a bad option or argument) prints one line on standard
error and exits with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, cast

from . import __version__
from .core.cards import card_str, cards_in, format_cards
from .core.errors import RecordError, RoundgamesError
from .loo.deal import Kind, LooAction, LooDeal, Phase
from .loo.rules import LOO_OPTIONS, LooRules
from .loo.sitting import LooSitting
from .nap import NapDeal
from .nap.deal import NapAction, NapPhase
from .nap.rules import NAP_OPTIONS, NapRules
from .nap.sitting import NapSitting
from .records.deal import loads, referee, ruling_dumps
from .records.sitting import dumps_sitting, records_of
from .session.table import LOO_FORMS, PlaySettings, Table

__all__ = ["main"]


def _cmd_referee(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fp:
                text = fp.read()
    except OSError as e:
        raise RoundgamesError(f"{args.file}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RoundgamesError(f"{args.file}: not UTF-8 text") from None
    ruling = referee(loads(text))
    sys.stdout.write(ruling_dumps(ruling))
    return 0


def _describe(deal: LooDeal) -> str:
    seats = deal.seats
    if deal.kind is Kind.SINGLE:
        shown = ", ".join(f"{seats[s]} {format_cards(deal.dealt[s])}" for s in deal.order)
        return f"Peel's single: turn-up {card_str(deal.turnup)}; {shown}"
    return f"{deal.kind.value} deal, turn-up {card_str(deal.turnup)}"


#: ``demo --mode table``: how often a player plays a card at random instead of a legal one
DEMO_SLIP = 1 / 12


def _demo_step(deal: LooDeal | NapDeal, rng: random.Random) -> list[str]:
    """One random legal action, or in table mode now and then a card of the hand at random, which the
    laws rule on if it is irregular (a revoke, a failure to head); the lines the demo prints for it."""
    legal: Sequence[LooAction | NapAction] = deal.legal_actions()
    action = rng.choice(legal)
    playing = deal.phase is (Phase.PLAY if isinstance(deal, LooDeal) else NapPhase.PLAY)
    if deal.table_mode and playing and action.verb == "play" and rng.random() < DEMO_SLIP:
        card = rng.choice(sorted(cards_in(deal.hands[action.seat])))
        action = (
            LooAction(action.seat, "play", card)
            if isinstance(deal, LooDeal)
            else NapAction(action.seat, "play", None, (card,))
        )
    laws, played = len(deal.irregularities), _played(deal)
    deal.apply(action)  # type: ignore[arg-type]
    lines = [f"  {deal.action_str(action)}"]  # type: ignore[arg-type]
    lines += [f"    {law.text(deal.seats)}." for law in deal.irregularities[laws:]]
    if _played(deal) < played and not deal.is_complete:
        lines.append("    Every card goes back to its hand: the hand is replayed from the first lead.")
    return lines


def _played(deal: LooDeal | NapDeal) -> int:
    return sum(len(t.cards) for t in deal.tricks) + len(deal.trick_cards)


def _cmd_demo(args: argparse.Namespace) -> int:
    if args.game == "nap":
        return _demo_nap(args)
    rules = LooRules.preset(args.preset)
    table_mode = args.mode == "table"
    sitting = LooSitting(rules, args.players, seed=args.seed, rounds=args.rounds, table_mode=table_mode)
    rng = random.Random(f"{sitting.seed}:players")
    out = sys.stdout
    out.write(f"A sitting of Loo ({rules.name}), {args.players} players, seed {sitting.seed}\n")
    if table_mode:
        out.write(_DEMO_TABLE_MODE)
    if sitting.draw:
        how = "First knave" if rules.first_dealer == "first_knave" else "Cut for deal, the lowest deals"
        out.write(f"{how}: {sitting.dealer} deals ({', '.join(f'{s} {c}' for s, c in sitting.draw)})\n")
    while not sitting.is_over and len(sitting.deals) < args.max_deals:
        deal = sitting.start_deal()
        out.write(
            f"\nDeal {len(sitting.deals) + 1}: {deal.seats[deal.dealer]} deals, pool {deal.ledger.start} + stake. "
        )
        out.write(_describe(deal) + "\n")
        while not deal.is_complete:
            out.write("\n".join(_demo_step(deal, rng)) + "\n")
            out.flush()
            if args.delay:
                time.sleep(args.delay)
        paid = ", ".join(f"{name} {deal.net[i]:+d}" for i, name in enumerate(deal.seats))
        looed = ", ".join(deal.seats[s] for s in deal.looed) or "nobody"
        out.write(f"  Looed: {looed}. This deal: {paid}. Next pool {deal.pool_total}.\n")
        sitting.end_deal()
    out.write("\nBalances: " + ", ".join(f"{k} {v:+d}" for k, v in sitting.balances.items()))
    out.write(f"; pool {sitting.pool}\n")
    _save(args, dumps_sitting(records_of(sitting)))
    return 0


def _save(args: argparse.Namespace, text: str) -> None:
    if args.save:
        try:
            with open(args.save, "w", encoding="utf-8") as fp:
                fp.write(text)
        except OSError as e:
            raise RoundgamesError(f"--save {args.save}: cannot write: {e.strerror}") from None
        sys.stdout.write(f"Saved the sitting's deal records to {args.save}\n")


_DEMO_TABLE_MODE = "Table mode: now and then a player slips and plays a card at random; the laws rule on it.\n"


def _demo_nap(args: argparse.Namespace) -> int:
    rules = NapRules.preset(args.preset)
    sitting = NapSitting(rules, args.players, seed=args.seed, table_mode=args.mode == "table")
    rng = random.Random(f"{sitting.seed}:players")
    out = sys.stdout
    out.write(f"A sitting of Nap ({rules.name}), {args.players} players, seed {sitting.seed}\n")
    if sitting.table_mode:
        out.write(_DEMO_TABLE_MODE)
    for number in range(1, min(args.max_deals, args.rounds * args.players) + 1):
        deal = sitting.start_deal()
        out.write(f"\nDeal {number}: {deal.seats[deal.dealer]} deals.\n")
        while not deal.is_complete:
            out.write("\n".join(_demo_step(deal, rng)) + "\n")
            out.flush()
            if args.delay:
                time.sleep(args.delay)
        if deal.declarer is None:
            out.write("  All passed: no play.\n")
        else:
            result = "made" if deal.made else "lost"
            out.write(f"  {deal.seats[deal.declarer]} {result} {deal.contract}. ")
            out.write(", ".join(f"{name} {deal.net[i]:+d}" for i, name in enumerate(deal.seats)) + "\n")
        sitting.end_deal()
    sitting.stop()
    out.write("\nBalances: " + ", ".join(f"{k} {v:+d}" for k, v in sitting.balances.items()) + "\n")
    _save(args, dumps_sitting(records_of(sitting)))
    return 0


def _rules_class(game: str) -> type[LooRules] | type[NapRules]:
    return LooRules if game == "loo" else NapRules


def _cmd_rules(args: argparse.Namespace) -> int:
    games = [args.game] if args.game else ["loo", "nap"]
    if args.preset:  # show only the games that have this preset; none is an error, before any output
        games = [g for g in games if args.preset in _rules_class(g).PRESETS]
        if not games:
            pools = [LooRules.PRESETS, NapRules.PRESETS] if not args.game else [_rules_class(args.game).PRESETS]
            valid = ", ".join(sorted({name for pool in pools for name in pool}))
            raise RoundgamesError(f"--preset: no preset {args.preset!r} (presets: {valid})")
    for game in games:
        cls = _rules_class(game)
        options = LOO_OPTIONS if game == "loo" else NAP_OPTIONS
        print(f"{game} presets: {', '.join(cls.PRESETS)}")
        base: LooRules | NapRules = cls.preset(args.preset) if args.preset else cls.preset()
        print(f"{game} options under {base.name} (value in force, then the others):")
        for name, allowed in options.items():
            now = getattr(base, name)
            others = "integer or null" if allowed is None else ", ".join(json.dumps(v) for v in allowed if v != now)
            print(f"  {name} = {json.dumps(now)}    ({others})")
        print(f"  stakes: {base.stakes}")
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value < 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds from 0 up to an hour")
    return value


_DEFAULT_PLAYERS = {"loo": 5, "nap": 4}
#: the settings of a table, which a resumed table takes from its file
_TABLE_SETTINGS = ("players", "preset", "option", "bots", "seat", "watch", "humans", "seed", "rounds", "mode")


def _option(text: str) -> tuple[str, Any]:
    name, eq, raw = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: write NAME=VALUE, e.g. club_law=true")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def _humans(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seat numbers from 1, separated by commas") from None
    if any(s < 1 for s in seats) or len(set(seats)) != len(seats):
        raise argparse.ArgumentTypeError(f"{text!r}: give different seat numbers from 1, separated by commas")
    return [s - 1 for s in seats]


def _table_of(args: argparse.Namespace) -> Table:
    """The table ``roundgames play`` sits down at: resumed from a file, or a new one."""
    if args.resume:
        given = [name for name in _TABLE_SETTINGS if getattr(args, name) not in (None, False, [])]
        if given:
            flag = "--" + given[0]
            raise RoundgamesError(f"{flag}: a resumed table keeps the settings it was saved with; drop {flag}")
        table = Table.load(args.resume)
        if args.game is not None and args.game != table.game:
            raise RoundgamesError(f"--resume: {args.resume} holds a table of {table.game}, not {args.game}")
        return table
    if args.game is None:
        raise RoundgamesError("the game is missing: roundgames play loo|nap (or --resume FILE)")
    players = _DEFAULT_PLAYERS[args.game] if args.players is None else args.players
    if sum([args.humans is not None, args.seat is not None, bool(args.watch)]) > 1:
        raise RoundgamesError("--seat: give one of --seat, --humans or --watch, not two of them")
    if args.humans is not None:
        humans = args.humans
    elif args.watch or args.seat == 0:
        humans = []
    else:
        humans = [(1 if args.seat is None else args.seat) - 1]
    flag = "--humans" if args.humans is not None else "--seat"
    for h in humans:
        if not 0 <= h < players:
            raise RoundgamesError(f"{flag}: there is no seat {h + 1} at a table of {players}")
    if args.rounds is not None and args.rounds < 1:
        raise RoundgamesError(f"--rounds: at least 1, got {args.rounds}")
    names = None if len(humans) < 2 else [f"P{i + 1}" for i in range(players)]  # hot seat: no two called "You"
    try:
        return Table.new(
            args.game,
            players=players,
            humans=humans,
            preset=args.preset or "peel",
            options=dict(args.option or []),
            bot=args.bots or "sensible",
            seed=args.seed,
            rounds=args.rounds or 1,
            names=names,
            table_mode=args.mode == "table",
            forms=LOO_FORMS,  # the terminal types exchanges and shows flushes; _cmd_play says where not
        )
    except RecordError as e:
        if e.field == "seats":
            raise RecordError("--players", e.reason) from None
        raise


def _cmd_play(args: argparse.Namespace) -> int:
    table = _table_of(args)
    form = getattr(table.rules, "form", "three_card")
    if not args.plain and form != "three_card":
        # The full-screen table has no exchange or flush entry yet (LOO5-2, LOO5-6); --plain has.
        game_name, preset = ("Five-card Loo", "five-card") if form == "five_card" else ("Irish Loo", "irish")
        raise RecordError(
            "options.form",
            f"{game_name} (preset {preset!r}) cannot be played at the full-screen table yet: it has no way to "
            f"enter an exchange or show a flush. Play it line by line: roundgames play loo --preset {preset} --plain",
        )
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
            _writable(flag, path)  # say so now, not after a sitting has been played
    if args.plain:
        from .terminal import plain

        return plain.run(table, settings, sys.stdin, sys.stdout)
    try:
        tui = importlib.import_module("roundgames.terminal.tui")
        run = cast(Callable[[Table, PlaySettings], int], tui.run)
    except (ImportError, AttributeError) as e:
        raise RoundgamesError(f"the full-screen table is not available ({e}); use --plain") from None
    return run(table, settings)


def _writable(flag: str, path: str) -> None:
    """Raise unless ``path`` can be written (it is created and removed if it did not exist)."""
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise RoundgamesError(f"{flag} {path}: cannot write: {e.strerror}") from None
    if not existed:
        os.remove(path)


def _stakes(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in text.split(","):
        name, eq, raw = part.partition("=")
        if not eq or not name.strip() or not raw.strip().isdigit():
            raise argparse.ArgumentTypeError(f"{text!r}: write NAME=COUNTERS, e.g. deal=3,loo=6,single=3 or unit=1")
        out[name.strip()] = int(raw)
    return out


def _seat_list(text: str) -> list[str]:
    return [name.strip() for name in text.split(",")]


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


def _cmd_keep(args: argparse.Namespace) -> int:
    from .keeper import lines as keepline
    from .keeper.keep import Keeper

    if args.resume and args.file and args.resume != args.file:
        raise RoundgamesError(f"--resume: {args.resume} and --file {args.file} differ; give the file once")
    path = args.resume or args.file
    if not path:
        raise RoundgamesError(
            "--file: give the keep file: roundgames keep loo --seats Ann,Ben,Cat --file pool.json starts a sitting, "
            "roundgames keep --file pool.json resumes it"
        )
    if args.resume or args.game is None:
        given = [name for name in _KEEP_SETTINGS if getattr(args, name) is not None]
        if given:
            flag = "--" + given[0]
            raise RoundgamesError(f"{flag}: a resumed sitting keeps the settings it was started with; drop {flag}")
        if not os.path.exists(path):
            raise RoundgamesError(
                f"{path}: no such file (start a sitting: roundgames keep loo --seats A,B,C --file {path})"
            )
        keeper = Keeper.load(path)
        if args.game is not None and args.game != keeper.game:
            raise RoundgamesError(f"{path} keeps a sitting of {keeper.game}, not {args.game}")
    else:
        if os.path.exists(path):
            raise RoundgamesError(
                f"--file {path}: the file exists; resume it with: roundgames keep --file {path} (or choose another file)"
            )
        if not args.seats:
            raise RoundgamesError("--seats: name the players clockwise, e.g. --seats Ann,Ben,Cat,Dan")
        stakes: dict[str, int] = {}
        for part in args.stakes or []:
            stakes.update(part)
        try:
            keeper = Keeper.new(
                args.game,
                args.seats,
                preset=args.preset or "peel",
                options=dict(args.option or []),
                stakes=stakes,
                rounds=1 if args.rounds is None else args.rounds,
            )
        except RecordError as e:
            head, _, rest = e.field.partition(".")
            if head not in _KEEP_FLAGS:
                raise
            raise RoundgamesError(f"{_KEEP_FLAGS[head]}{' ' + rest if rest else ''}: {e.reason}") from None
        keeper.save(path)
    interactive = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    return keepline.run(keeper, path, sys.stdin, sys.stdout, interactive=interactive)


def _cmd_replay(args: argparse.Namespace) -> int:
    from .terminal import replay

    return replay.run_file(args.file, sys.stdin, sys.stdout, every=args.all, ascii=args.ascii)


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .web.serve import serve
    except ImportError as e:
        raise RoundgamesError(f"the web table needs the [web] extra ({e}): pip install 'roundgames[web]'") from None
    for flag in ("idle_hours", "away_seconds", "deal_pause"):
        if getattr(args, flag) < 0:
            raise RoundgamesError(f"--{flag.replace('_', '-')} {getattr(args, flag)}: must not be below 0")
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
    )


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error (exit 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``roundgames`` command."""
    p = _Parser(prog="roundgames", description="Loo and Nap, as the period laws describe them.")
    p.add_argument("--version", action="version", version=f"roundgames {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sv = sub.add_parser(
        "serve",
        help="start the web table: play Loo and Nap in the browser with friends and bots",
        description="Start the web table on http://HOST:PORT/ (docs/web.md). Tables live in an SQLite file and "
        "survive a restart.",
    )
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    sv.add_argument("--db", default="roundgames.sqlite3", help="the SQLite file of tables (default roundgames.sqlite3)")
    sv.add_argument("--idle-hours", type=float, default=24.0, help="forget a table idle this long (default 24)")
    sv.add_argument(
        "--away-seconds", type=float, default=30.0, help="a bot plays a disconnected person's seat after (default 30)"
    )
    sv.add_argument("--deal-pause", type=float, default=5.0, help="seconds between deals (default 5)")
    sv.add_argument("--quiet", action="store_true", help="log warnings only")
    sv.set_defaults(func=_cmd_serve)

    r = sub.add_parser("referee", help="rule on a deal record (DEAL-RECORD.md) and print the ruling as JSON")
    r.add_argument("file", help="the record's file, or - for standard input")
    r.set_defaults(func=_cmd_referee)

    d = sub.add_parser("demo", help="watch a sitting of Loo (or Nap) played by random players")
    d.add_argument("--game", choices=["loo", "nap"], default="loo", help="the game (default loo)")
    d.add_argument("--players", type=int, default=5, help="number of players (Loo 3 to 12, Nap 2 to 6; default 5)")
    d.add_argument("--seed", type=int, default=None, help="seed of the shuffle, to see the same sitting again")
    d.add_argument(
        "--preset",
        default="peel",
        help="rules preset (Loo: peel, enquire-within, five-card, irish; Nap: peel, plain, modern)",
    )
    d.add_argument("--rounds", type=int, default=1, help="times each player deals (Loo: at least; default 1)")
    d.add_argument("--max-deals", type=int, default=60, help="stop after this many deals (default 60)")
    d.add_argument("--delay", type=_seconds, default=0.0, help="seconds to pause after each action")
    d.add_argument(
        "--mode",
        choices=["strict", "table"],
        default="strict",
        help="strict (default); table: now and then a player plays a card at random and the laws rule on it",
    )
    d.add_argument("--save", metavar="FILE", help="write the sitting's deal records (a JSON list) to FILE")
    d.set_defaults(func=_cmd_demo)

    ru = sub.add_parser("rules", help="list the presets and options of each game")
    ru.add_argument("game", nargs="?", choices=["loo", "nap"])
    ru.add_argument("--preset", default=None, help="show the options as this preset sets them")
    ru.set_defaults(func=_cmd_rules)

    pl = sub.add_parser(
        "play",
        help="sit down at a table of Loo or Nap against bots",
        description="Play Loo or Nap against bots: full screen, or line by line with --plain.",
    )
    pl.add_argument("game", nargs="?", choices=["loo", "nap"], help="the game (omit it with --resume)")
    pl.add_argument("--players", type=int, help="number of players (Loo 3 to 12, default 5; Nap 2 to 6, default 4)")
    pl.add_argument(
        "--preset",
        help="rules preset (Loo: peel, enquire-within; five-card, irish with --plain; Nap: peel, plain, modern)",
    )
    pl.add_argument(
        "--option", type=_option, action="append", metavar="NAME=VALUE", help="set a rules option (repeatable)"
    )
    pl.add_argument("--bots", choices=["random", "sensible"], help="how the bots play (default sensible)")
    pl.add_argument("--seat", type=int, help="your seat, from 1 (default 1); 0 watches the bots play")
    pl.add_argument("--watch", action="store_true", help="every seat is a bot: watch them play")
    pl.add_argument("--humans", type=_humans, metavar="1,3", help="the seats played by people, taking turns")
    pl.add_argument("--seed", type=int, help="seed of the shuffle, to play the same cards again")
    pl.add_argument("--rounds", type=int, help="times each player deals (default 1)")
    pl.add_argument(
        "--mode",
        choices=["strict", "table"],
        help="strict (default): an action the rules forbid is refused; table: it is accepted and its law "
        "applied (docs/loo-laws.md, docs/nap-laws.md), and law RULE-ID states an irregularity",
    )
    pl.add_argument("--plain", action="store_true", help="line by line: screen readers, pipes, logs")
    pl.add_argument("--ascii", action="store_true", help="suits as letters S H D C, not symbols")
    pl.add_argument("--no-color", action="store_true", help="no colour (also when NO_COLOR is set)")
    pl.add_argument("--four-color", action="store_true", help="a four-colour deck")
    pl.add_argument("--bot-delay", type=_seconds, help="seconds between the bots' actions (default 0.4)")
    pl.add_argument("--trick-pause", type=_seconds, help="seconds a finished trick stays in view (default 1.5)")
    pl.add_argument("--save", metavar="FILE", help="save the table to FILE as you play, and on quitting")
    pl.add_argument("--resume", metavar="FILE", help="sit down again at a table saved with --save")
    pl.add_argument("--export", metavar="FILE", help="write the sitting's deal records (a JSON list) to FILE")
    pl.set_defaults(func=_cmd_play)

    kp = sub.add_parser(
        "keep",
        help="keep the pool and the payments of a game played with real cards",
        description="The pool keeper (docs/keep.md): enter what happened at each deal at a real table, one "
        "command a line; it says what everyone pays and receives and keeps the sitting in FILE after every "
        "entry. Type help for the commands.",
    )
    kp.add_argument("game", nargs="?", choices=["loo", "nap"], help="the game of a new sitting (omit it to resume)")
    kp.add_argument("--file", metavar="FILE", help="the keep file: created for a new sitting, resumed otherwise")
    kp.add_argument("--resume", metavar="FILE", help="resume the sitting kept in FILE")
    kp.add_argument("--seats", type=_seat_list, metavar="A,B,C", help="the players' names, clockwise")
    kp.add_argument("--preset", help="rules preset (Loo: peel, enquire-within; Nap: peel, plain, modern)")
    kp.add_argument(
        "--option", type=_option, action="append", metavar="NAME=VALUE", help="set a rules option (repeatable)"
    )
    kp.add_argument(
        "--stakes", type=_stakes, action="append", metavar="NAME=N,...", help="Loo deal=3,loo=6,single=3; Nap unit=1"
    )
    kp.add_argument("--rounds", type=int, help="Loo: times each player deals before the game may end (default 1)")
    kp.add_argument("--plain", action="store_true", help="line by line from standard input, no prompts")
    kp.set_defaults(func=_cmd_keep)

    rp = sub.add_parser(
        "replay",
        help="step through a saved deal or sitting, every hand shown",
        description="Step through a deal record, a list of records or a saved table. At the prompt: Enter or n "
        "next, p or b back, s N after action N, d N deal N, q quit.",
    )
    rp.add_argument("file", help="a deal record, a JSON list of deal records, or a table saved by play --save")
    rp.add_argument("--plain", action="store_true", help="line by line (the only mode, so the default)")
    rp.add_argument("--all", action="store_true", help="print every position of every deal, without prompting")
    rp.add_argument("--ascii", action="store_true", help="suits as letters S H D C, not symbols")
    rp.set_defaults(func=_cmd_replay)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
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


if __name__ == "__main__":
    raise SystemExit(main())
