"""The ``roundgames`` command: referee, demo, rules.

A user's mistake (a malformed record, a bad option or argument) prints one line on standard
error and exits with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence

from . import __version__
from .cards import card_str, format_cards
from .errors import RecordError, RoundgamesError
from .loo import Kind, LooDeal
from .record import loads, referee, ruling_dumps
from .rules import LOO_OPTIONS, NAP_OPTIONS, LooRules, NapRules
from .sitting import LooSitting, NapSitting

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


def _cmd_demo(args: argparse.Namespace) -> int:
    if args.game == "nap":
        return _demo_nap(args)
    rules = LooRules.preset(args.preset)
    sitting = LooSitting(rules, args.players, seed=args.seed, rounds=args.rounds)
    rng = random.Random(f"{sitting.seed}:players")
    out = sys.stdout
    out.write(f"A sitting of Loo ({rules.name}), {args.players} players, seed {sitting.seed}\n")
    if sitting.draw:
        how = "First knave" if rules.first_dealer == "first_knave" else "Cut for deal, the lowest deals"
        out.write(f"{how}: {sitting.dealer} deals ({', '.join(f'{s} {c}' for s, c in sitting.draw)})\n")
    while not sitting.is_over and len(sitting.records) < args.max_deals:
        deal = sitting.start_deal()
        out.write(
            f"\nDeal {len(sitting.records) + 1}: {deal.seats[deal.dealer]} deals, pool {deal.ledger.start} + stake. "
        )
        out.write(_describe(deal) + "\n")
        while not deal.is_complete:
            action = rng.choice(deal.legal_actions())
            deal.apply(action)
            out.write(f"  {deal.action_str(action)}\n")
            out.flush()
            if args.delay:
                time.sleep(args.delay)
        paid = ", ".join(f"{name} {deal.net[i]:+d}" for i, name in enumerate(deal.seats))
        looed = ", ".join(deal.seats[s] for s in deal.looed) or "nobody"
        out.write(f"  Looed: {looed}. This deal: {paid}. Next pool {deal.pool_total}.\n")
        sitting.end_deal()
    out.write("\nBalances: " + ", ".join(f"{k} {v:+d}" for k, v in sitting.balances.items()))
    out.write(f"; pool {sitting.pool}\n")
    _save(args, sitting.dumps())
    return 0


def _save(args: argparse.Namespace, text: str) -> None:
    if args.save:
        try:
            with open(args.save, "w", encoding="utf-8") as fp:
                fp.write(text)
        except OSError as e:
            raise RoundgamesError(f"--save {args.save}: cannot write: {e.strerror}") from None
        sys.stdout.write(f"Saved the sitting's deal records to {args.save}\n")


def _demo_nap(args: argparse.Namespace) -> int:
    rules = NapRules.preset(args.preset)
    sitting = NapSitting(rules, args.players, seed=args.seed)
    rng = random.Random(f"{sitting.seed}:players")
    out = sys.stdout
    out.write(f"A sitting of Nap ({rules.name}), {args.players} players, seed {sitting.seed}\n")
    for number in range(1, min(args.max_deals, args.rounds * args.players) + 1):
        deal = sitting.start_deal()
        out.write(f"\nDeal {number}: {deal.seats[deal.dealer]} deals.\n")
        while not deal.is_complete:
            action = rng.choice(deal.legal_actions())
            deal.apply(action)
            out.write(f"  {deal.action_str(action)}\n")
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
    _save(args, sitting.dumps())
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``roundgames`` command."""
    p = argparse.ArgumentParser(prog="roundgames", description="Loo and Nap, as the period laws describe them.")
    p.add_argument("--version", action="version", version=f"roundgames {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("referee", help="rule on a deal record (DEAL-RECORD.md) and print the ruling as JSON")
    r.add_argument("file", help="the record's file, or - for standard input")
    r.set_defaults(func=_cmd_referee)

    d = sub.add_parser("demo", help="watch a sitting of Loo (or Nap) played by random players")
    d.add_argument("--game", choices=["loo", "nap"], default="loo", help="the game (default loo)")
    d.add_argument("--players", type=int, default=5, help="number of players (Loo 3 to 12, Nap 2 to 6; default 5)")
    d.add_argument("--seed", type=int, default=None, help="seed of the shuffle, to see the same sitting again")
    d.add_argument(
        "--preset", default="peel", help="rules preset (Loo: peel, enquire-within; Nap: peel, plain, modern)"
    )
    d.add_argument("--rounds", type=int, default=1, help="times each player deals (Loo: at least; default 1)")
    d.add_argument("--max-deals", type=int, default=60, help="stop after this many deals (default 60)")
    d.add_argument("--delay", type=_seconds, default=0.0, help="seconds to pause after each action")
    d.add_argument("--save", metavar="FILE", help="write the sitting's deal records (a JSON list) to FILE")
    d.set_defaults(func=_cmd_demo)

    ru = sub.add_parser("rules", help="list the presets and options of each game")
    ru.add_argument("game", nargs="?", choices=["loo", "nap"])
    ru.add_argument("--preset", default=None, help="show the options as this preset sets them")
    ru.set_defaults(func=_cmd_rules)
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
