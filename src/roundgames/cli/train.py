"""``roundgames train``: a policy trained by PPO on the batched environment (:mod:`roundgames.train`, the ``[train]``
extra), written as a policy file that a tournament's lineup names ``learned:PATH``."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from ..core.errors import RecordError, RoundgamesError
from ..games.registry import game
from .args import counted, positive, writable

__all__ = ["add_train"]


def add_train(sub: Any) -> None:
    """``roundgames train``."""
    p = sub.add_parser(
        "train", help="train a player by PPO on the batched tables (the train extra) and write its policy file"
    )
    p.add_argument("--game", default="loo", help="loo (Three-card Loo) or nap (default loo)")
    p.add_argument("--players", type=int, default=None, help="seats (default: Loo 5, Nap 4)")
    p.add_argument("--steps", type=positive, default=1_000_000, help="learner decisions to train on (1,000,000)")
    p.add_argument("--batch", type=positive, default=1024, help="tables played at once (default 1024)")
    p.add_argument("--seed", type=counted, default=0, help="the seed of the deals and the networks (default 0)")
    p.add_argument(
        "--opponents",
        default="sensible",
        help="the built-in player at every seat but the first (random, sensible, strategy), or none: every seat "
        "learns, one policy (default sensible)",
    )
    p.add_argument("--out", required=True, metavar="PATH", help="the policy file to write (.npz)")
    p.set_defaults(func=_cmd)


def _checked(args: argparse.Namespace) -> tuple[int, list[str | None]]:
    """The table size and the players by seat; a RecordError naming the flag for a bad value."""
    try:
        from ..envs.vector import BatchedGame, form_of
    except ImportError as e:
        raise RecordError("--game", f"the batched environment needs the sim extra ({e})") from None
    try:  # the batched environment names the games it plays
        spec = form_of(args.game)
    except RoundgamesError as e:
        raise RecordError("--game", f"{args.game!r}: {e}") from None
    players: int = args.players if args.players is not None else game(args.game).default_seats
    low, high = spec.players
    if not low <= players <= high:
        raise RecordError("--players", f"{players}: {args.game} at the batched tables takes {low} to {high}")
    opponent: str | None = None if args.opponents == "none" else args.opponents
    if opponent is not None and opponent not in spec.policies:
        valid = ", ".join([*spec.policies, "none"])
        raise RecordError("--opponents", f"unknown player {args.opponents!r} (valid: {valid})")
    seats: list[str | None] = [None, *[opponent] * (players - 1)]
    try:  # the table itself, checked before anything is printed: a strategy shipped for it, the options
        BatchedGame(args.game, batch=1, players=players, opponents=seats)
    except RoundgamesError as e:
        raise RecordError("--opponents", f"{args.opponents!r}: {e}") from None
    return players, seats


def _cmd(args: argparse.Namespace) -> int:
    players, seats = _checked(args)
    writable("--out", args.out)
    try:
        from ..train.loop import train
    except ImportError as e:
        raise RecordError(
            "train", f"needs JAX, Flax and Optax, in the train extra: pip install 'roundgames[train]' ({e})"
        ) from None
    words = ["roundgames", "train", "--game", args.game, "--players", str(players), "--steps", str(args.steps)]
    words += ["--batch", str(args.batch), "--seed", str(args.seed), "--opponents", args.opponents, "--out", args.out]
    print(f"$ {shlex.join(words)}", flush=True)

    def progress(steps: int, net: float, deals: int, losses: Any, seconds: float) -> None:
        print(
            f"... {steps:>11,} steps  net {net:+.3f} a deal over {deals:,} deals  entropy {losses['entropy']:.3f}  "
            f"{seconds:,.0f} s",
            file=sys.stderr,
            flush=True,
        )

    done = train(args.game, players, args.steps, args.batch, args.seed, args.out, opponents=seats, on_progress=progress)
    print(
        f"trained {done.steps:,} steps in {done.seconds:,.1f} s ({done.steps / max(done.seconds, 1e-9):,.0f} steps/s)"
    )
    print(f"the learner's mean net a deal over the last quarter of the run: {done.final_net:+.3f}")
    print(f"wrote {args.out}: play it with roundgames tournament --lineup learned:{args.out},...")
    return 0
