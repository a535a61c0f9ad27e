"""``roundgames demo`` (a sitting played by random players, its deal records saved on request) and ``roundgames
rules`` (the page that teaches a game and form, :mod:`.guide`; with ``--options``, each game's presets and
options). Both read the game's spec from :mod:`roundgames.games.registry`: nothing here names a game."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any, cast

from ..core.cards import card_str, cards_in, format_cards
from ..core.errors import RoundgamesError
from ..games.observe import observer_of
from ..games.protocol import GameSpec, Stage
from ..games.registry import game, games, new_sitting
from ..records.disk import write_text
from ..records.sitting import dumps_sitting, records_of
from .args import add_form, game_names, seconds
from .guide import print_page

__all__ = ["DEMO_SLIP", "add_demo", "add_rules"]

#: ``demo --mode table``: how often a player plays a card at random instead of a legal one
DEMO_SLIP = 1 / 12

_DEMO_TABLE_MODE = "Table mode: now and then a player slips and plays a card at random; the laws rule on it.\n"


def add_demo(sub: Any) -> None:
    """``roundgames demo``."""
    d = sub.add_parser("demo", help="watch a sitting of Loo (or Nap) played by random players")
    d.add_argument("--game", choices=game_names(), default="loo", help="the game (default loo)")
    d.add_argument("--players", type=int, default=5, help="number of players (Loo 3 to 12, Nap 2 to 6; default 5)")
    d.add_argument("--seed", type=int, default=None, help="seed of the shuffle, to see the same sitting again")
    d.add_argument(
        "--preset",
        default="peel",
        help="rules preset (Loo: peel, enquire-within, five-card, irish; Nap: peel, plain, modern)",
    )
    d.add_argument("--rounds", type=int, default=1, help="times each player deals (Loo: at least; default 1)")
    d.add_argument("--max-deals", type=int, default=60, help="stop after this many deals (default 60)")
    d.add_argument("--delay", type=seconds, default=0.0, help="seconds to pause after each action")
    d.add_argument(
        "--mode",
        choices=["strict", "table"],
        default="strict",
        help="strict (default); table: now and then a player plays a card at random and the laws rule on it",
    )
    d.add_argument("--save", metavar="FILE", help="write the sitting's deal records (a JSON list) to FILE")
    d.set_defaults(func=_cmd_demo)


def add_rules(sub: Any) -> None:
    """``roundgames rules [GAME] [--form FORM] [--markdown]``, and ``roundgames rules [GAME] --options [--preset
    NAME]``."""
    ru = sub.add_parser("rules", help="how to play: the page that teaches a game and form, with every rule by ID")
    ru.add_argument("game", nargs="?", choices=game_names(), help="the game (default loo)")
    add_form(ru, "the form whose page to print")
    ru.add_argument("--markdown", action="store_true", help="print the page as Markdown, as docs/rules/ holds it")
    ru.add_argument("--ascii", action="store_true", help="cards as QH instead of Q♥")
    ru.add_argument("--options", action="store_true", help="list each game's presets and options by name instead")
    ru.add_argument("--preset", default=None, help="with --options: show the options as this preset sets them")
    ru.set_defaults(func=_cmd_rules)


# -- the demo ----------------------------------------------------------------------------------------


def _heading(deal: Any, number: int) -> str:
    """``Deal 3: P2 deals a regular deal; turn-up 7S; pool 9 brought forward.``; a face-up single shows every
    card."""
    view = deal.view(deal.dealer)
    words = f"Deal {number}: {deal.seats[deal.dealer]} deals"
    seen = observer_of(deal.game).observe_view(deal, view)
    if seen.kind is not None:  # a game whose deals have kinds (DEAL-RECORD.md ``kind``)
        words += f" a {seen.kind} deal"
    if seen.turnup is not None and seen.turnup >= 0:
        words += f"; turn-up {card_str(seen.turnup)}"
    if seen.pot is not None:  # as the deal began, before the stakes
        words += f"; {seen.pot.word} {deal.ledger.start} brought forward"
    if seen.kind_note and deal.is_complete:  # Peel's single: dealt face up and settled at once
        faces = ", ".join(f"{deal.seats[s]} {format_cards(view.seen_hands[s])}" for s in view.order)
        words += f"; face up: {faces}"
    return words + "."


def _demo_step(deal: Any, rng: random.Random) -> list[str]:
    """One random legal action, or in table mode now and then a card of the hand at random, which the
    laws rule on if it is irregular (a revoke, a failure to head); the lines the demo prints for it."""
    action = rng.choice(deal.legal_actions())
    playing = deal.stage is Stage.PLAY
    if deal.table_mode and playing and action.verb == "play" and rng.random() < DEMO_SLIP:
        card = rng.choice(sorted(cards_in(deal.hands[action.seat])))
        action = deal.parse_action(f"{deal.seats[action.seat]} play {card_str(card)}")
    laws, played = len(deal.irregularities), _played(deal)
    deal.apply(action)
    lines = [f"  {deal.action_str(action)}"]
    lines += [f"    {law.text(deal.seats)}." for law in deal.irregularities[laws:]]
    if _played(deal) < played and not deal.is_complete:
        lines.append("    Every card goes back to its hand: the hand is replayed from the first lead.")
    return lines


def _played(deal: Any) -> int:
    return sum(len(t.cards) for t in deal.tricks) + len(deal.trick_cards)


def _cmd_demo(args: argparse.Namespace) -> int:
    spec = game(args.game)
    rules = spec.rules.preset(args.preset)
    table_mode = args.mode == "table"
    sitting = new_sitting(spec.name, rules, args.players, seed=args.seed, rounds=args.rounds, table_mode=table_mode)
    rng = random.Random(f"{sitting.seed}:players")
    # A game whose sitting counts rounds ends of itself (LOO-END-1); another is stopped once each has dealt them.
    ends_itself = "rounds" in spec.sitting_settings
    limit = args.max_deals if ends_itself else min(args.max_deals, args.rounds * args.players)
    out = sys.stdout
    out.write(f"A sitting of {spec.title} ({rules.name}), {args.players} players, seed {sitting.seed}\n")
    if table_mode:
        out.write(_DEMO_TABLE_MODE)
    if sitting.draw:
        out.write(sitting.first_dealer_text() + "\n")  # LOO-GEN-3, NAP-GEN-4
    while not sitting.is_over and len(sitting.deals) < limit:
        _demo_deal(sitting, rng, args.delay)
    if not ends_itself:
        sitting.stop(spec.stops[0])
    out.write("\nBalances: " + ", ".join(f"{k} {v:+d}" for k, v in sitting.balances.items()))
    out.write(f"; pool {sitting.pool}\n" if sitting.pool else "\n")
    if args.save:
        write_text(args.save, dumps_sitting(records_of(sitting)), "--save")
        out.write(f"Saved the sitting's deal records to {args.save}\n")
    return 0


def _demo_deal(sitting: Any, rng: random.Random, delay: float) -> None:
    """Deal the next deal, play it at random to the end, print each action and the result's sentence."""
    out = sys.stdout
    deal = sitting.start_deal()
    out.write(f"\n{_heading(deal, len(sitting.deals) + 1)}\n")
    while not deal.is_complete:
        out.write("\n".join(_demo_step(deal, rng)) + "\n")
        out.flush()
        if delay:
            time.sleep(delay)
    out.write(f"  {deal.result().sentence()}\n")
    sitting.end_deal()


# -- the rules ---------------------------------------------------------------------------------------


def _specs(args: argparse.Namespace) -> list[GameSpec]:
    """The games ``roundgames rules`` shows: the one named, or all; with ``--preset``, those that have it."""
    named = [game(args.game)] if args.game else games()
    if not args.preset:
        return named
    having = [spec for spec in named if args.preset in spec.rules.PRESETS]
    if not having:  # none is an error, before any output
        valid = ", ".join(sorted({name for spec in named for name in spec.rules.PRESETS}))
        raise RoundgamesError(f"--preset: no preset {args.preset!r} (presets: {valid})")
    return having


def _cmd_rules(args: argparse.Namespace) -> int:
    if not (args.options or args.preset):
        return print_page(args)
    for spec in _specs(args):
        print(f"{spec.name} presets: {', '.join(spec.rules.PRESETS)}")
        base = cast(Any, spec.rules.preset(args.preset) if args.preset else spec.rules.preset())
        print(f"{spec.name} options under {base.name} (value in force, then the others):")
        for name, allowed in spec.options.items():
            now = getattr(base, name)
            others = "integer or null" if allowed is None else ", ".join(json.dumps(v) for v in allowed if v != now)
            print(f"  {name} = {json.dumps(now)}    ({others})")
        print("  stakes: " + ", ".join(f"{name} {getattr(base.stakes, name)}" for name in spec.stake_names))
    return 0
