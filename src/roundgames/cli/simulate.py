"""``roundgames simulate``: many deals of one form played by the compiled kernels (:mod:`roundgames.sim`), on
this process, every core (a local Dask cluster) or an existing cluster, with a summary of each seat's results and,
with ``--out``, each chunk's deals written as Parquet (or CSV) beside ``run.json`` so that the run can be resumed
and extended (:mod:`roundgames.sim.store`)."""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
import json
import os
import shlex
import signal
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import RulesError
from ..games.registry import game, plugin
from ..sim.kernels import Setup, kernel_for
from ..sim.progress import DealsProgress, compile_note
from .args import game_names, positive

if TYPE_CHECKING:
    from ..sim.store import RunStore

__all__ = ["add_simulate", "simulate"]

#: the largest seed the streams take (:func:`roundgames.sim.streams.chunk_seed`)
MAX_SEED = 2**63 - 1
#: the most deals in a chunk: a chunk's columns are held in memory whole (about 100 bytes a deal)
MAX_CHUNK = 10_000_000


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{text!r}: give a seed from 0 to 2**63 - 1")
    return value


def _options(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"{text!r} is not JSON ({e})") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f'{text!r}: give a JSON object of options, e.g. \'{{"ante": "all"}}\'')
    return value


def add_simulate(sub: Any) -> None:
    """``roundgames simulate``."""
    forms = [f.name for name in game_names() for f in game(name).forms]
    p = sub.add_parser("simulate", help="play many deals with the compiled kernels, on every core or a cluster")
    p.add_argument("--game", choices=game_names(), required=True, help="the game")
    p.add_argument("--form", choices=forms, help="the form (default: the game's first, three_card or nap)")
    p.add_argument("--players", type=int, help="seats (default: the game's usual, 5 at Loo and 4 at Nap)")
    p.add_argument(
        "--policy",
        default="random",
        help="the players (random, sensible, strategy, ...): one for every seat, or one per seat with commas",
    )
    p.add_argument("--deals", type=positive, default=1_000_000, help="deals in the run (default 1,000,000)")
    p.add_argument("--seed", type=_seed, default=0, help="the run's seed (default 0)")
    p.add_argument("--pool", type=int, default=0, help="Loo: the pool before the dealer's stake; Nap: the kitty (0)")
    p.add_argument("--options", type=_options, default={}, metavar="JSON", help="rule options, a JSON object")
    p.add_argument("--chunk", type=positive, default=100_000, help="deals per chunk, at most (default 100,000)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes (default: every core; 0: this process only)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--out", metavar="DIR", help="write each chunk's deals and run.json here (resume: run it again)")
    p.add_argument("--csv", action="store_true", help="with --out: CSV files instead of Parquet")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=simulate)


def _setup(args: argparse.Namespace) -> Setup:
    spec = game(args.game)
    forms = [f.name for f in spec.forms]
    form = args.form or forms[0]
    if form not in forms:
        raise RulesError(f"--form: {form!r} is not a form of {args.game} (valid: {', '.join(forms)})")
    plugin(spec.name).sim_part(form)  # a game or form without a kernel is refused by name
    players = spec.default_seats if args.players is None else args.players
    policies = [name.strip() for name in args.policy.split(",")]
    if len(policies) == 1 and players > 1:
        policies *= players
    if players > 0 and len(policies) != players:  # no seats at all: the kernel's check names the players
        raise RulesError(f"--policy: {len(policies)} players ({args.policy}) for {players} seats: give one per seat")
    if args.chunk > MAX_CHUNK:
        raise RulesError(f"--chunk: {args.chunk:,} deals: give at most {MAX_CHUNK:,} (a chunk is held in memory)")
    if args.csv and not args.out:
        raise RulesError("--csv: the files are written only with --out DIR")
    return Setup(form=form, players=players, policies=tuple(policies), options=dict(args.options), pool=args.pool)


def _local_workers(args: argparse.Namespace, chunks: int) -> int | None:
    """The processes to play ``chunks`` chunks on: none (this process) for one chunk or without Dask unless asked,
    never more than the chunks."""
    from ..sim.run import resolve_workers

    if args.scheduler is not None:
        return None
    if args.workers is None:
        if chunks <= 1 or importlib.util.find_spec("distributed") is None:
            return 0
        return min(resolve_workers(None), chunks)
    return min(resolve_workers(args.workers), chunks)


def simulate(args: argparse.Namespace) -> int:
    """Check, play the chunks not done, write them, print the summary: 0, or 130 after Ctrl-C."""
    setup = _setup(args)
    try:  # the sim extra: the command line's other commands need none of it
        import numpy  # noqa: F401
        import pyarrow  # noqa: F401

        from ..sim.run import MAX_CHUNKS
        from ..sim.store import chunk_sizes
    except ImportError as e:
        raise RulesError(f"simulate needs the sim extra ({e.name} is missing): pip install 'roundgames[sim]'") from None
    if -(-args.deals // args.chunk) > MAX_CHUNKS:  # their sizes are listed before any is played
        raise RulesError(
            f"--deals: {args.deals:,} deals in chunks of {args.chunk:,} make more than {MAX_CHUNKS:,} chunks: "
            "give fewer deals or a larger --chunk"
        )
    # the word before compiling is said as numba starts to compile, which it does only for kernels not in its cache
    with compile_note(functools.partial(_say_compiling, args, setup)) as compiled:
        kernel = kernel_for(setup.form)
        kernel.check(setup)
        sizes, store, todo, stats = _stored(args, setup, chunk_sizes(args.deals, args.chunk))
        workers = _local_workers(args, len(todo))
        start = time.perf_counter()
        if todo:
            # compiled (or loaded from numba's cache) here first: a setup the kernel refuses fails before any cluster
            # starts, local workers load what this process compiled, and the speed below is the kernels' steady pace
            kernel.run(setup, 0, 1)
    ready = time.perf_counter()
    where = args.scheduler or (f"{workers} worker processes" if workers else "this process")
    try:
        played, stopped, bar = _play(args, setup, todo, (workers, where), store, stats, sizes)
    finally:
        if store is not None:
            store.save()
    took = time.perf_counter() - ready
    kept = [stats[k] for k in range(len(sizes)) if k in stats]
    # where the time before the first deal went: compiling the kernels (a first run) or loading them from the cache,
    # and starting the workers (or reaching the cluster); the speed is the play's, after them, as the bar gave it
    before = f"{ready - start:.2f} s {'compiling the kernels' if compiled() else 'loading the kernel'}"
    if workers or args.scheduler:
        before += (
            f", {bar.starting_seconds:.2f} s {'reaching the cluster' if args.scheduler else 'starting the workers'}"
        )
    timing = (played, bar.rate, f"{took:.2f} s on {where} (after {before})")
    print("\n".join(_report(args, setup, kept, timing, store)))
    if stopped:
        held = f"kept {sum(int(c['deals']) for c in kept):,} deals in {args.out}" if store else "nothing written"
        print(f"stopped: {held}; the same command resumes the run", file=sys.stderr)
        return 130
    return 0


def _stored(
    args: argparse.Namespace, setup: Setup, sizes: list[int]
) -> tuple[list[int], RunStore | None, list[int], dict[int, Mapping[str, Any]]]:
    """The run's chunk sizes, its store with ``--out`` (checked against what the folder holds), the chunks still to
    play and the statistics of those played before."""
    from ..sim.store import RunStore

    config = {
        "game": args.game,
        **{k: v for k, v in vars(setup).items() if k in ("form", "players", "policies", "options", "pool")},
        "seed": args.seed,
        "chunk": args.chunk,
    }
    store = RunStore(args.out, config, "csv" if args.csv else "parquet") if args.out else None
    todo = store.missing(sizes) if store is not None else list(range(len(sizes)))
    stats: dict[int, Mapping[str, Any]] = dict(store.done) if store is not None else {}
    return sizes, store, todo, stats


def _say_compiling(args: argparse.Namespace, setup: Setup) -> None:
    """The word before the kernels are compiled: a first run spends some 20 s on it before its first deal."""
    if not args.quiet:
        print(
            f"compiling the simulator's kernels for {setup.form} (once: numba keeps them in its cache; about 20 s)...",
            file=sys.stderr,
            flush=True,
        )


def _play(
    args: argparse.Namespace,
    setup: Setup,
    todo: list[int],
    where: tuple[int | None, str],
    store: RunStore | None,
    stats: dict[int, Mapping[str, Any]],
    sizes: list[int],
) -> tuple[int, bool, DealsProgress]:
    """Play the chunks ``todo`` on ``where`` (the local workers, and in words), writing each and noting its
    statistics as it finishes: the deals played, whether Ctrl-C stopped the run, and the progress (its pace, and
    the seconds spent starting the workers or reaching the cluster before the first chunk was sent)."""
    from ..sim.run import map_chunks, play_chunk

    played = 0
    fn = functools.partial(play_chunk, setup, args.seed, args.chunk, args.deals, keep=store is not None)
    before = sum(int(stats[k]["deals"]) for k in stats if k not in todo)
    workers, words = where
    starting = f"reaching {words}" if args.scheduler else f"starting {words}" if workers else None
    with DealsProgress(sum(sizes), before, show=not args.quiet, starting=starting) as bar:
        results = map_chunks(fn, todo, workers=workers, scheduler=args.scheduler, on_ready=bar.ready)
        # closed at once on Ctrl-C, whether it comes while a chunk is awaited or written: the cluster goes too
        with contextlib.closing(results):
            try:
                for index, (columns, chunk) in results:
                    with _ctrl_c_held():
                        if store is not None:
                            store.write(index, columns, chunk)
                        stats[index] = chunk
                        played += int(chunk["deals"])
                    bar.advance(int(chunk["deals"]))
            except KeyboardInterrupt:  # map_chunks's Stopped too, once it has given every finished chunk
                return played, True, bar
    return played, False, bar


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold a Ctrl-C that comes inside the block until its end: a chunk is written to the store and counted in the
    report together, or neither (one that came between the two said "0 played now" of a chunk the store kept)."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set a handler
        yield
        return
    came: list[int] = []
    previous = signal.getsignal(signal.SIGINT) or signal.default_int_handler  # None: not set from Python
    signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came:
        raise KeyboardInterrupt


def _report(
    args: argparse.Namespace,
    setup: Setup,
    chunks: list[Mapping[str, Any]],
    timing: tuple[int, float | None, str],
    store: RunStore | None,
) -> list[str]:
    from ..sim.run import OUTCOMES, Summary
    from ..sim.store import RUN_FILE

    summary = Summary.of(chunks, setup.players)
    played, pace, wall = timing
    rate = f"{pace:,.0f} deals/s" if played and pace else "nothing to play: the run is complete"
    lines = [
        f"command     roundgames simulate {shlex.join(_command(args, setup))}",
        f"deals       {summary.deals:,} ({played:,} played now, {summary.deals - played:,} before)",
        f"speed       {rate}",
        f"wall time   {wall}",
    ]
    outcome = OUTCOMES.get(setup.form)
    heading = f"  {outcome.name:>7}" if outcome is not None else ""
    lines.append(f"seat  {'player':<10} {'mean net':>9}  {'95% interval':>22}{heading}")
    for seat, (policy, s) in enumerate(zip(setup.policies, summary.seats, strict=True)):
        interval = f"[{s.mean - s.half_width:.4f}, {s.mean + s.half_width:.4f}]"
        share = ""
        if s.outcome is not None and s.outcome_of is not None:
            share = f"  {s.outcome / s.outcome_of:>7.1%}" if s.outcome_of else f"  {'-':>7}"
        lines.append(f"{seat:<5} {policy:<10} {s.mean:>9.4f}  {interval:>22}{share}")
    lines.append("note        seat 0 is the eldest hand, the last the dealer; net in counters a deal; the interval")
    lines.append("            is the mean ± 1.96 sd/sqrt(deals)")
    if outcome is not None:
        lines.append(f"{outcome.name:<12}{outcome.meaning}")
    if store is not None:
        files = f"{len(store.done)} {'CSV' if store.fmt == 'csv' else 'Parquet'} files and {RUN_FILE}"
        lines.append(f"files       {os.path.join(args.out, '')} ({files})")
    return lines


def _command(args: argparse.Namespace, setup: Setup) -> list[str]:
    words = ["--game", args.game, "--form", setup.form, "--players", str(setup.players)]
    policy = setup.policies[0] if len(set(setup.policies)) == 1 else ",".join(setup.policies)
    words += ["--policy", policy, "--deals", str(args.deals), "--seed", str(args.seed)]
    words += ["--pool", str(setup.pool), "--chunk", str(args.chunk)]
    if setup.options:
        words += ["--options", json.dumps(dict(setup.options))]
    if args.scheduler is not None:
        words += ["--scheduler", args.scheduler]
    elif args.workers is not None:
        words += ["--workers", str(args.workers)]
    if args.out:
        words += ["--out", args.out] + (["--csv"] if args.csv else [])
    return words
