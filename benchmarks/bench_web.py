"""Web table load: moves per second across many bot tables, and how fast a person's action reaches the others.

    .venv/bin/python benchmarks/bench_web.py [--tables 200] [--watchers 200] [--humans 20] [--seconds 30]
        [--bot-delay 0.2] [--bot sensible] [--bot-mix expert:0.25] [--bot-workers N] [--nap-share 0.25]
        [--deal-pause 1] [--ramp 5] [--warmup 5] [--random-play] [--seed 0] [--db-dir DIR]
        [--db sqlite|postgres|postgresql://...] [--servers N] [--routed] [--pin]

Starts ``roundgames serve`` as a subprocess (its own temporary database), creates ``--tables`` tables of bots (Loo
with 5 players; a ``--nap-share`` of them Nap with 4) and connects ``--watchers`` spectators, spread over the tables
(nobody watching, the bots of a table wait). Every bot of a table is ``--bot`` (a name of ``roundgames.bots.BOTS``),
except at the share of the tables that ``--bot-mix NAME:SHARE[,NAME:SHARE...]`` gives another (``expert:0.25``: a
quarter of the tables, drawn from ``--seed``, have expert bots); the server's bots think in ``--bot-workers``
processes (its default: the cores less one). On ``--humans`` of the tables seat 0 is a person: a scripted client
that plays the first legal entry (``--random-play``: a random one) as soon as it is its turn. The spectator of the
same table records when it receives the update whose log holds that action; the latency is that moment minus the
moment the person's message was sent (the same clock: every client is in this process).

Reported over ``--seconds``, once every client is connected and ``--warmup`` seconds have passed: the moves per
second across all tables (the action entries of the log, one watcher per table), the server's CPU use (also per
move: its event loop's CPU time over the moves, the figure to compare between two versions), and the p50, p99 and
worst latency, with when in the run the samples over the target fell; the CPU the bots' worker processes
used is reported apart from the server's own. The server's memory is its peak resident size (VmHWM) and
the peak of it and its workers' together, sampled every half second.

``--db postgres`` runs the servers on a PostgreSQL server of the benchmark's own (Debian's, started in a temporary
directory by tests/pgserver.py, as the tests start theirs); ``--db postgresql://...`` on that database (an empty
one). There ``--servers`` processes (2 unless given) share the database: the tables are made on each in turn, and a
person's table is watched on another process than the person's, so the latency includes one process hearing of
another's write; with ``--routed`` every client of a table connects to the process it was made on, as a reverse
proxy routing by table id would send them (each process then carries its own tables only). The target is a p99 under 100 ms; it
is printed as met or not, never asserted. Not a test. The clients and the server share the machine's cores, so a
busy machine (see the load average printed first) shows in the latency; ``--pin`` gives each server's event loop a
core of its own (the last ones) and the clients the others, as a server would have its core in production.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import inspect
import json
import math
import os
import platform
import random
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from roundgames.bots import BOTS

TARGET_P99_MS = 100.0
START_TIMEOUT = 30.0
#: websockets 15 and later read a proxy from the environment unless told not to; our server is local
NO_PROXY: dict[str, Any] = {"proxy": None} if "proxy" in inspect.signature(connect).parameters else {}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds of process ``pid`` so far (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def descendants_cpu_seconds(pid: int) -> float | None:
    """CPU seconds of the live processes ``pid`` started and theirs (the server's fork server and bot workers), or
    None where /proc cannot say."""
    parents: dict[int, list[int]] = {}
    try:
        entries = [int(e.name) for e in Path("/proc").iterdir() if e.name.isdigit()]
    except OSError:
        return None
    for child in entries:
        with contextlib.suppress(OSError, ValueError, IndexError):
            ppid = int(Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(child)
    total, todo = 0.0, list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        total += cpu_seconds(child) or 0.0
        todo += parents.get(child, [])
    return total


def rss_bytes(pid: int, field: str = "VmRSS") -> int:
    """A process's resident memory (``VmRSS``) or its peak (``VmHWM``) in bytes (Linux), or 0."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def family(pid: int) -> list[int]:
    """``pid`` and every live process it started, and theirs."""
    parents: dict[int, list[int]] = {}
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                    parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        out.append(todo.pop())
        todo += parents.get(out[-1], [])
    return out


def bot_mix(text: str) -> list[tuple[str, float]]:
    """``expert:0.25[,random:0.1]``: bots by name with the share of the tables each plays at."""
    out: list[tuple[str, float]] = []
    for part in text.split(","):
        name, colon, share = part.strip().partition(":")
        if name not in BOTS:
            raise argparse.ArgumentTypeError(f"{name!r} is not a bot (valid: {', '.join(BOTS)})")
        try:
            value = float(share) if colon else float("nan")
        except ValueError:
            value = float("nan")
        if not 0 <= value <= 1:
            raise argparse.ArgumentTypeError(f"{part.strip()!r}: NAME:SHARE, the share from 0 to 1 (expert:0.25)")
        out.append((name, value))
    if sum(share for _, share in out) > 1:
        raise argparse.ArgumentTypeError(f"{text!r}: the shares add up to more than 1")
    return out


@dataclass
class TableRun:
    """One table of the benchmark: its id, and for a person's table the sends awaiting their echo."""

    id: str
    bot: str = "sensible"  # the table's bots
    token: str | None = None  # seat 0's token where a scripted person plays it
    watched: bool = False
    server: int = 0  # the server (of --servers) it was made on; its person plays there, its watcher on the next
    pending: list[float] = field(default_factory=list)  # perf_counter() of each action sent, oldest first


@dataclass
class Stats:
    measuring: bool = False
    moves: int = 0
    moves_by: dict[str, int] = field(default_factory=dict)  # by the tables' bot
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    messages: int = 0
    dropped: int = 0  # connections the server closed (a client too far behind)
    when: list[float] = field(default_factory=list)  # perf_counter() of each latency sample
    started: float = 0.0
    ready: int = 0  # clients that have had their first snapshot
    elapsed: float = 0.0
    server_cpu: float | None = None  # the server's CPU time over the measurement, per second
    workers_cpu: float | None = None  # its bot workers' CPU time over the measurement, per second
    peak_rss: int = 0  # the servers' and their workers' resident memory together at its sampled peak (bytes)
    #: the server event loops' resident memory together (bytes): started, once the tables are made, and once every
    #: client is connected (for the memory per table and per connection)
    rss_started: int = 0
    rss_tables: int = 0
    rss_connected: int = 0


def choose(state: dict[str, Any], rng: random.Random | None) -> str:
    """The first (or a random) legal entry, with the first cards where it asks to choose some."""
    legal = state["legal"]
    entry = rng.choice(legal) if rng else legal[0]
    if "choose" not in entry:
        return str(entry["action"])
    lo, _ = entry["choose"]
    pool = state["keeping"]["cards"] if state["keeping"] else state["hand"]
    return " ".join([entry["action"], *pool[:lo]])


async def open_ws(url: str, gate: asyncio.Semaphore) -> ClientConnection:
    async with gate:  # so many handshakes at once would only queue at the server
        return await connect(url, max_size=None, ping_interval=None, open_timeout=30, **NO_PROXY)


async def watcher(
    url: str, gate: asyncio.Semaphore, table: TableRun, counts: bool, stats: Stats, stop: asyncio.Event
) -> None:
    """A spectator: counts the table's moves (if ``counts``) and matches the person's actions to their sends."""
    ws = await open_ws(url, gate)
    try:
        await ws.send(json.dumps({"type": "hello", "token": None, "since": None}))
        while not stop.is_set():
            try:
                raw = await ws.recv()
            except ConnectionClosed:
                stats.dropped += 1
                return
            now = time.perf_counter()
            message = json.loads(raw)
            stats.messages += 1
            if message["type"] == "snapshot":
                stats.ready += 1
            if message["type"] != "update":
                continue
            for entry in message["log"]:
                if entry["kind"] != "action":
                    continue
                if counts and stats.measuring:
                    stats.moves += 1
                    stats.moves_by[table.bot] = stats.moves_by.get(table.bot, 0) + 1
                if counts and table.token is not None and entry["seat"] == 0 and table.pending:
                    sent = table.pending.pop(0)
                    if stats.measuring:
                        stats.latencies.append((now - sent) * 1000)
                        stats.when.append(now)
    finally:
        await ws.close()


async def person(
    url: str, gate: asyncio.Semaphore, table: TableRun, stats: Stats, stop: asyncio.Event, rng: random.Random | None
) -> None:
    """Seat 0 played by a script: it acts as soon as a state offers it a legal entry."""
    ws = await open_ws(url, gate)
    try:
        await ws.send(json.dumps({"type": "hello", "token": table.token, "since": None}))
        acted_at = -1  # the seq of the state last acted on: one action per state
        while not stop.is_set():
            try:
                message = json.loads(await ws.recv())
            except ConnectionClosed:
                stats.dropped += 1
                return
            if message["type"] == "snapshot":
                stats.ready += 1
            if message["type"] == "error":
                stats.refused += 1
                if table.pending:
                    table.pending.pop()  # that action was refused: no echo will come
                acted_at = -1
                continue
            state = message.get("state")
            if not state or not state["legal"] or message["seq"] == acted_at:
                continue
            acted_at = message["seq"]
            text = choose(state, rng)
            table.pending.append(time.perf_counter())
            await ws.send(json.dumps({"type": "act", "action": text}))
    finally:
        await ws.close()


def start_server(port: int, db: str, args: argparse.Namespace, log: Any) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "roundgames", "serve", "--port", str(port), "--db", db, "--quiet"]
    # A person away an hour keeps his seat from the bots for the whole run, unless the caller says otherwise.
    away = getattr(args, "away_seconds", 3600)
    command += ["--away-seconds", f"{away:g}", "--deal-pause", str(args.deal_pause)]
    if args.bot_workers is not None:
        command += ["--bot-workers", str(args.bot_workers)]
    # Every table and watcher comes from this one address, hundreds in a few seconds: the server's limits on
    # creating tables and on websockets per address are lifted.
    env = {**os.environ, "ROUNDGAMES_CREATE_LIMIT": "0", "ROUNDGAMES_SOCKETS_PER_ADDRESS": "0"}
    return subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env
    )


def wait_for_server(http: httpx.Client, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        with contextlib.suppress(httpx.TransportError):
            if http.get("/api/tables").status_code == 200:
                return
        time.sleep(0.1)
    raise SystemExit(f"the server did not answer within {START_TIMEOUT} s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)  # uvicorn's own way out
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def memory_line(stats: Stats, tables: int, clients: int) -> str:
    """The servers' memory per table (what their resident size grew by while the tables were made, over the tables)
    and per connection (what it grew by while the clients connected, over the clients: their tables' first deals,
    dealt as the first client arrives, are counted with them)."""
    per_table = (stats.rss_tables - stats.rss_started) / max(1, tables)
    per_conn = (stats.rss_connected - stats.rss_tables) / max(1, clients)
    return (
        f"server memory per table: {per_table / 1024:.1f} KiB (while the tables were made); per connection: "
        f"{per_conn / 1024:.1f} KiB (while the {clients} clients connected, the first deals of their tables included)"
    )


def table_bots(args: argparse.Namespace) -> list[str]:
    """Each table's bot: ``--bot``, but at ``--bot-mix``'s share of the tables (drawn from the seed) the bot named
    there."""
    bots = [args.bot] * args.tables
    free = random.Random(f"{args.seed}:mix").sample(range(args.tables), args.tables)
    for name, share in args.bot_mix or []:
        count = round(share * args.tables)
        for i in free[:count]:
            bots[i] = name
        free = free[count:]
    return bots


def create_tables(https: list[httpx.Client], args: argparse.Namespace) -> list[TableRun]:
    """The tables, made on each server in turn (the person sits down at the one his table was made on)."""
    rng = random.Random(args.seed)
    tables: list[TableRun] = []
    humans = set(rng.sample(range(args.tables), min(args.humans, args.tables)))
    bots = table_bots(args)
    for i in range(args.tables):
        nap = rng.random() < args.nap_share
        body = {
            "game": "nap" if nap else "loo",
            "players": 4 if nap else 5,
            "people": 1 if i in humans else 0,
            "bot": bots[i],
            "bot_delay": args.bot_delay,
            "rounds": 50,  # the sitting outlasts the benchmark
            "listed": True,  # in the lobby, which tells when every server knows of every table
        }
        http = https[i % len(https)]
        r = http.post("/api/tables", json=body)
        r.raise_for_status()
        table = TableRun(r.json()["id"], bots[i], server=i % len(https))
        if i in humans:
            r = http.post(f"/api/tables/{table.id}/sit", json={"seat": 0, "name": "Person"})
            r.raise_for_status()
            table.token = r.json()["token"]
        tables.append(table)
    return tables


async def run(args: argparse.Namespace, ports: list[int], tables: list[TableRun], server_pids: list[int]) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    bases = [f"ws://127.0.0.1:{port}/ws/" for port in ports]
    rng = random.Random(args.seed) if args.random_play else None
    tasks: list[asyncio.Task[None]] = []
    gate = asyncio.Semaphore(50)

    async def later(delay: float, client: Any) -> None:
        await asyncio.sleep(delay)
        await client

    # The people's tables first, so each has a watcher; then round-robin over every table. A table's bots start
    # when its first client connects: the tables start spread over --ramp seconds, as tables made one by one would.
    order = [t for t in tables if t.token] + [t for t in tables if not t.token]
    starts = {
        t.id: args.ramp * k / len(tables) for k, t in enumerate(random.Random(args.seed).sample(tables, len(tables)))
    }
    for i in range(args.watchers):
        table = order[i % len(order)]
        counts = not table.watched
        table.watched = True
        # The watcher on another server than the table's person, where there are several (routed: on the table's).
        where = bases[table.server if args.routed else (table.server + (1 if counts else i)) % len(bases)]
        client = watcher(where + table.id, gate, table, counts, stats, stop)
        tasks.append(asyncio.create_task(later(starts[table.id], client)))
    for table in tables:
        if table.token:
            client = person(bases[table.server] + table.id, gate, table, stats, stop, rng)
            tasks.append(asyncio.create_task(later(starts[table.id], client)))
    t0 = time.perf_counter()
    while stats.ready < len(tasks):  # every client connected and brought up to date
        failed = [t for t in tasks if t.done() and t.exception()]
        if failed:
            raise SystemExit(f"{len(failed)} clients failed to connect: {failed[0].exception()!r}")
        if time.perf_counter() - t0 > START_TIMEOUT:
            raise SystemExit(f"only {stats.ready} of {len(tasks)} clients connected in {START_TIMEOUT} s")
        await asyncio.sleep(0.05)
    stats.rss_connected = sum(rss_bytes(pid) for pid in server_pids)
    print(f"{len(tasks)} clients connected over {time.perf_counter() - t0:.2f} s; warming up {args.warmup:g} s")
    # The clients' own connections out of this process's collections, as the server keeps its tables: a full
    # collection here would be counted as the server's latency.
    gc.freeze()
    await asyncio.sleep(args.warmup)  # the first deals and the connections' snapshots: let them settle
    cpu0, t0 = _sum(cpu_seconds, server_pids), time.perf_counter()
    workers0 = _sum(descendants_cpu_seconds, server_pids)
    stats.measuring = True
    stats.started = time.perf_counter()
    while time.perf_counter() - t0 < args.seconds:
        await asyncio.sleep(min(0.5, max(0.0, args.seconds - (time.perf_counter() - t0))))
        rss = sum(rss_bytes(pid) for server in server_pids for pid in family(server))
        stats.peak_rss = max(stats.peak_rss, rss)
    stats.measuring = False
    elapsed = time.perf_counter() - t0
    cpu1 = _sum(cpu_seconds, server_pids)
    workers1 = _sum(descendants_cpu_seconds, server_pids)
    if workers0 is not None and workers1 is not None:
        stats.workers_cpu = max(0.0, workers1 - workers0) / elapsed
    stats.elapsed = elapsed
    stats.server_cpu = (cpu1 - cpu0) / elapsed if cpu0 is not None and cpu1 is not None else None
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


def pin(procs: list[subprocess.Popen[bytes]], cores: list[int]) -> str:
    """Each server's event loop (its main thread: the bots' workers and the database are not moved) on a core of
    its own, the last ones, and this process's clients on the rest: the server's core is then its own, not shared
    with the load it is measured under. What was pinned where, in words."""
    mine = cores[-len(procs) :]
    for proc, core in zip(procs, mine, strict=True):
        os.sched_setaffinity(proc.pid, {core})
    os.sched_setaffinity(0, set(cores[: -len(procs)]))
    return (
        f"pinned: the servers' event loops on core{'s' if len(mine) > 1 else ''} {', '.join(map(str, mine))}, "
        f"the clients on {', '.join(map(str, cores[: -len(procs)]))}"
    )


def _sum(measure: Any, pids: list[int]) -> float | None:
    """``measure(pid)`` added up over the servers; None where one cannot be measured."""
    values = [measure(pid) for pid in pids]
    return None if any(v is None for v in values) else sum(values)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables of bots (default 200)")
    parser.add_argument("--watchers", type=int, default=200, help="spectator connections (default 200)")
    parser.add_argument("--humans", type=int, default=20, help="tables where a scripted person plays seat 0")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure (default 30)")
    parser.add_argument("--bot-delay", type=float, default=0.2, help="seconds between bot actions (default 0.2)")
    parser.add_argument("--nap-share", type=float, default=0.25, help="the share of Nap tables (default 0.25)")
    parser.add_argument("--deal-pause", type=float, default=1.0, help="the server's pause between deals (default 1)")
    parser.add_argument("--random-play", action="store_true", help="the people play a random legal entry")
    parser.add_argument("--bot", default="sensible", choices=list(BOTS), help="the bots' strength (default sensible)")
    parser.add_argument(
        "--bot-mix",
        type=bot_mix,
        metavar="NAME:SHARE[,...]",
        help="another bot at a share of the tables, such as expert:0.25 (the rest play --bot)",
    )
    parser.add_argument("--bot-workers", type=int, help="the server's bot worker processes (its default otherwise)")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which the tables start (default 5)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before measuring (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--db-dir", help="where the server's temporary database goes (default: the system's temp)")
    parser.add_argument(
        "--db",
        default="sqlite",
        help="sqlite (a temporary file, the default), postgres (a PostgreSQL server of the benchmark's own), "
        "or a postgresql:// URL of an empty database",
    )
    parser.add_argument("--servers", type=int, help="server processes sharing the database (1; 2 on PostgreSQL)")
    parser.add_argument(
        "--pin",
        action="store_true",
        help="each server's event loop on a core of its own (the last ones), the clients on the others",
    )
    parser.add_argument(
        "--routed",
        action="store_true",
        help="every client of a table connects to the server it was made on, as a proxy routing by table would",
    )
    args = parser.parse_args(argv)
    if args.tables < 1 or args.watchers < args.humans or args.humans > args.tables:
        parser.error("need --tables >= 1 and --humans <= --tables, --humans <= --watchers")
    on_pg = args.db != "sqlite"
    if args.db not in ("sqlite", "postgres") and not args.db.startswith(("postgresql://", "postgres://")):
        parser.error(f"--db {args.db}: sqlite, postgres or a postgresql:// URL")
    servers = args.servers if args.servers is not None else 2 if on_pg else 1
    if servers < 1 or (servers > 1 and not on_pg):
        parser.error(f"--servers {servers}: one SQLite file has one server; several need --db postgres")
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if args.pin and len(cores) <= servers:
        parser.error(f"--pin: {len(cores)} cores leave none for the clients beside {servers} server(s)")
    given = sys.argv[1:] if argv is None else argv
    print(" ".join(["$ .venv/bin/python benchmarks/bench_web.py", shlex.join(given)]).rstrip())
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores (server and clients "
        f"share them); load average before the run: {load}"
    )

    tmp = Path(tempfile.mkdtemp(prefix="bench-web-", dir=args.db_dir))
    pg = None
    if args.db == "postgres":
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from pgserver import PgServer

        pg = PgServer()
        db = pg.new_database()
        print(f"PostgreSQL of the benchmark's own ({pg.bin}), {servers} server processes sharing it")
    else:
        db = args.db if on_pg else str(tmp / "bench.sqlite3")
    ports = [free_port() for _ in range(servers)]
    log = (tmp / "server.log").open("wb")
    procs: list[subprocess.Popen[bytes]] = []
    https = [httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30, trust_env=False) for port in ports]
    try:
        for port, http in zip(ports, https, strict=True):
            procs.append(start_server(port, db, args, log))
            wait_for_server(http, procs[-1])
        if args.pin:
            print(pin(procs, cores))
        rss_started = sum(rss_bytes(p.pid) for p in procs)
        t0 = time.perf_counter()
        tables = create_tables(https, args)
        deadline = time.monotonic() + START_TIMEOUT  # every server's lobby lists the tables before a client connects
        while servers > 1 and any(len(h.get("/api/tables").json()["tables"]) < min(100, len(tables)) for h in https):
            if time.monotonic() > deadline:
                raise SystemExit("the servers' lobbies did not all come to list the tables")
            time.sleep(0.1)
        made = time.perf_counter() - t0
        mix = table_bots(args)
        kinds = ", ".join(f"{mix.count(name)} of {name}" for name in dict.fromkeys(sorted(mix)))
        print(
            f"{len(tables)} tables ({sum(1 for t in tables if t.token)} with a person) made in {made:.2f} s; "
            f"{args.watchers} watchers; tables of bots: {kinds}; delay {args.bot_delay} s; measuring {args.seconds:g} s"
        )
        rss_tables = sum(rss_bytes(p.pid) for p in procs)
        stats = asyncio.run(run(args, ports, tables, [p.pid for p in procs]))
        stats.rss_started, stats.rss_tables = rss_started, rss_tables
        peaks = [rss_bytes(p.pid, "VmHWM") for p in procs]
    finally:
        for http in https:
            http.close()
        for proc in procs:
            stop_server(proc)
        log.close()
        if pg is not None:
            pg.stop()
        lines = (tmp / "server.log").read_text(errors="replace").splitlines()
        server_log = "\n".join(x for x in lines if not x.startswith("roundgames: the web table is on")).strip()
        shutil.rmtree(tmp, ignore_errors=True)
    if server_log:
        print("server said:\n" + server_log[-2000:])
    print(
        f"moves: {stats.moves} in {stats.elapsed:.1f} s = {stats.moves / stats.elapsed:.1f} moves/s across all tables"
    )
    if len(stats.moves_by) > 1:
        mix = table_bots(args)
        each = ", ".join(
            f"{name} {n / stats.elapsed / mix.count(name):.2f}" for name, n in sorted(stats.moves_by.items())
        )
        print(f"moves/s per table, by its bots: {each}")
    if stats.server_cpu is not None:
        per_move = stats.server_cpu * stats.elapsed / stats.moves * 1000 if stats.moves else 0.0
        print(f"server CPU: {stats.server_cpu * 100:.1f}% of one core (its event loop), {per_move:.2f} ms a move")
    if stats.workers_cpu is not None:
        print(f"the bots' worker processes: {stats.workers_cpu * 100:.0f}% of one core")
    print(
        f"server memory: peak resident {' + '.join(f'{p / 2**20:.0f}' for p in peaks)} MiB (the event loop"
        f"{'s' if len(peaks) > 1 else ''}); with the bot workers, {stats.peak_rss / 2**20:.0f} MiB at the sampled peak"
    )
    print(memory_line(stats, len(tables), args.watchers + sum(1 for t in tables if t.token)))
    print(
        f"messages received by the clients: {stats.messages}; refused actions: {stats.refused}; dropped: {stats.dropped}"
    )
    if stats.latencies:
        p50, p99 = percentile(stats.latencies, 50), percentile(stats.latencies, 99)
        print(
            f"person's action to the watcher: {len(stats.latencies)} samples, p50 {p50:.1f} ms, "
            f"p99 {p99:.1f} ms, worst {max(stats.latencies):.1f} ms, mean {statistics.fmean(stats.latencies):.1f} ms"
        )
        slow = [at - stats.started for at, ms in zip(stats.when, stats.latencies, strict=True) if ms >= TARGET_P99_MS]
        if slow:
            step = max(1.0, args.seconds / 10)
            buckets: dict[int, int] = {}
            for at in slow:
                buckets[int(at // step)] = buckets.get(int(at // step), 0) + 1
            shown = ", ".join(f"{k * step:g}-{(k + 1) * step:g} s: {n}" for k, n in sorted(buckets.items()))
            print(f"{len(slow)} samples at or over {TARGET_P99_MS:.0f} ms, by when in the run: {shown}")
        print(f"target p99 < {TARGET_P99_MS:.0f} ms: {'met' if p99 < TARGET_P99_MS else 'NOT met'}")
    else:
        print("no latency samples (no person's action was seen by a watcher)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
