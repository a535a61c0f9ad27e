"""The web server's CPU for one move, in-process: from the command the socket (or a bot's answer) hands the table to
every viewer's message, encoded as the socket sends it.

    PYTHONPATH=src .venv/bin/python benchmarks/bench_web_move.py [--game loo] [--players 5] [--watchers 1]
        [--seats] [--bot random] [--pool] [--moves 600] [--repeat 5] [--seed 0] [--profile N]

A table of bots (``--game``, ``--players``; its store a real SQLite file, as the server's) is watched by
``--watchers`` spectators (and, with ``--seats``, by one connection at each seat: bench_web's bot tables have
none); its deals are dealt and each turn played with the
first legal action until ``--moves`` actions have been played.
The sequence is fixed by ``--seed``, so two versions of the server play the same moves. Only the table's own work
is timed (a bot's decision on its way to a worker process and its answer on the way back, or, for a bot the server
decides in its own process, the decision itself (``web/thinking.py``'s ``HERE_SECONDS``; ``--pool`` sends it to a
worker all the same, as the server did before); :meth:`Room.command`: the reducer, the store, each viewer's state and
its JSON text), not a worker's thinking, with :func:`time.process_time`: CPU time, which a loaded machine moves much less than wall-clock time.
The best of ``--repeat`` runs is reported, per move. ``--profile N`` prints instead cProfile's N functions with
the most calls over one run (the choosing of the moves included, the same on both versions): call counts do not
depend on the machine at all, so two versions compare exactly.

Not a test. Run it on each version alternately, pinned to one core (``taskset -c 1``), to compare them.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pickle
import pstats
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from roundgames.core.cards import card_str
from roundgames.session.decisions import decide
from roundgames.web.room import Room
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.views import best_five

try:
    from roundgames.web.thinking import HERE_SECONDS
except ImportError:  # a version that sent every decision to a worker
    HERE_SECONDS = 0.0

TIMING = Timing(away_seconds=600, deal_pause=0, trick_pause=0)


#: the last message encoded and its size: the socket's way before a shared message carried its own text
#: (``web/outgoing.py``), kept so that the version before it is measured as it ran
_last: tuple[dict[str, Any] | None, int] = (None, 0)


def encoded_size(message: dict[str, Any]) -> int:
    """The bytes of ``message`` as the socket encodes it: a message the table shares among its connections once."""
    global _last
    encoded = getattr(message, "encoded", None)
    if encoded is not None:
        return int(encoded()[1])
    if _last[0] is not message:
        _last = (message, len(json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")))
    return _last[1]


class Viewer:
    """A connection that encodes each message as the socket does (``web/sockets.py``) and keeps only its size."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.last_seq = 0
        self.token_hash: str | None = None
        self.sent = 0
        self.last: dict[str, Any] | None = None

    def push(self, message: dict[str, Any]) -> None:
        self.sent += encoded_size(message)
        self.last = message

    def close(self, code: int) -> None:
        pass


def config(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "game": args.game,
        "preset": "peel",
        "options": {},
        "players": args.players,
        "people": 0,
        "bot": args.bot,
        "bot_delay": 0.0,
        "spectators": True,
        "rounds": 50,  # the sitting outlasts the run
        "confirm": False,
        "mode": "strict",
        "hints": False,
        "turn_seconds": None,
        "seed": args.seed,
    }


def point(room: Room) -> tuple[int, int]:
    """Where the deal stands (asked with a bot's decision, checked with its answer), under either version's name."""
    state = getattr(room, "state", None)
    return state.point() if state is not None else room._point()  # type: ignore[attr-defined]


def command(room: Room) -> Any:
    """The room's command: public since the table became a reducer and an actor, private before."""
    return getattr(room, "command", None) or room._command  # type: ignore[attr-defined]


def bot_move(room: Room, seat: int, here: bool | None) -> float:
    """A bot's move for ``seat`` as the server plays it, and the CPU seconds the server spends on it: the decision
    made and pickled for a worker process, the worker's answer unpickled and applied by the room (five of the ten
    to keep, after taking the spare hand, are chosen on the server); or, ``here``, the decision made in the server's
    process. The bot plays the first legal action; its thinking, in a worker, is not the server's and is not timed.
    ``here`` None (the warm-up run) measures the decision's CPU apart (:data:`_costs`), untimed."""
    table = room.table
    deal = table.deal
    assert deal is not None
    t0 = time.process_time()
    if table.keeping == seat:
        text = "keep " + " ".join(card_str(c) for c in best_five(deal, seat))
        command(room)("act", {"seat": seat, "text": text, "bot": True})
        return time.process_time() - t0
    asked = point(room)
    decision = table.decision(seat)
    if here:
        decide(decision)
    elif here is False:
        pickle.dumps(decision)
    spent = time.process_time() - t0
    if here is None:
        start = time.thread_time()
        decide(decision)
        _costs.append(time.thread_time() - start)
    sent = pickle.dumps(deal.legal_actions()[0])
    t0 = time.process_time()
    room._answer(asked, seat, pickle.loads(sent))
    return spent + time.process_time() - t0


#: the CPU seconds of each decision of the warm-up run: whether the server decides this bot in its own process
_costs: list[float] = []


def play(
    args: argparse.Namespace, where: Path, profile: cProfile.Profile | None = None, here: bool | None = False
) -> tuple[float, int, int]:
    """One run: the CPU seconds of the table's commands, the moves played, and the bytes sent."""
    clock = ManualClock()
    store = SqliteStore(str(where / f"t{time.monotonic_ns()}.sqlite3"), now=clock.now)
    settings = config(args)
    created = store.create("t", settings)
    room = Room("t", settings, store, created, TIMING, clock)
    room.replay([])
    viewers = [Viewer(None) for _ in range(args.watchers)] + [
        Viewer(i) for i in range(args.players if args.seats else 0)
    ]
    for v in viewers:
        room.join(v, None)  # type: ignore[arg-type]
    spent, moves = 0.0, 0
    if profile is not None:
        profile.enable()
    while moves < args.moves:
        deal = room.table.deal
        if deal is None or deal.is_complete:
            n = len(room.table.sitting.deals)
            t0 = time.process_time()
            command(room)("deal", {"number": room.deal_number + 1, "seed": f"{room.table.seed}:{n}"})
            spent += time.process_time() - t0
        else:
            assert deal.to_act is not None
            spent += bot_move(room, deal.to_act, here)
            moves += 1
    if profile is not None:
        profile.disable()
    store.close()
    return spent, moves, sum(v.sent for v in viewers)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="loo")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--watchers", type=int, default=1)
    p.add_argument("--seats", action="store_true", help="a connection at each seat too (bench_web's bots have none)")
    p.add_argument("--bot", default="random", help="the table's bots (a name of roundgames.bots.BOTS)")
    p.add_argument("--pool", action="store_true", help="every decision sent to a worker, however cheap")
    p.add_argument("--moves", type=int, default=600)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--profile", type=int, default=0, metavar="N")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        play(args, where, here=None)  # the first run warms the imports and caches, and measures the bot
        here = not args.pool and sum(_costs) / len(_costs) < HERE_SECONDS
        if args.profile:
            prof = cProfile.Profile()
            _, moves, _ = play(args, where, prof, here)
            stats = pstats.Stats(prof)
            total = sum(v[1] for v in stats.stats.values())  # type: ignore[attr-defined]
            print(f"calls per move: {total / moves:.1f} ({total} over {moves} moves)")
            stats.sort_stats("ncalls").print_stats(args.profile)
            return
        runs = [play(args, where, here=here) for _ in range(args.repeat)]
    best, moves, sent = min(runs)
    per = [r[0] / r[1] * 1000 for r in runs]
    print(
        f"{args.game} {args.players} players, {args.watchers} watchers{' and the seats' if args.seats else ''}, "
        f"{args.bot} bots decided {'in the server' if here else 'in a worker'}, {moves} moves: "
        f"best {best / moves * 1000:.3f} ms per move (runs: {' '.join(f'{x:.3f}' for x in per)}), "
        f"{sent / moves:.0f} bytes sent per move",
        file=sys.stdout,
    )


if __name__ == "__main__":
    main()
