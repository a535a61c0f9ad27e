"""Web table soak: hours of bot tables on several server processes over PostgreSQL, one of them killed again and
again, and at the end every deal refereed and every table's events counted.

    .venv/bin/python benchmarks/soak_web.py [--minutes 60] [--kill-every 10] [--tables 500] [--watchers 100]
        [--servers 2] [--db postgres|postgresql://...] [--bot-delay 1] [--bot sensible] [--bot-mix expert:0.25]
        [--bot-workers N] [--nap-share 0.25] [--deal-pause 1] [--seed 0]

Starts ``--servers`` ``roundgames serve`` processes on one PostgreSQL database (by default a server of the soak's
own, Debian's, started in a temporary directory by tests/pgserver.py, as benchmarks/bench_web.py starts it; or the
empty database of a ``postgresql://`` URL), makes ``--tables`` tables on them in turn (Loo with 5 players, a
``--nap-share`` of them Nap with 4, every seat a bot of ``--bot``, or of ``--bot-mix`` at its share) and plays them
for ``--minutes``. Every ``--kill-every`` minutes one process is killed with SIGKILL, as a crash ends it (the first,
then the next, in turn), and started again on its port 5 seconds later.

Each table is played "until we stop" (``rounds`` null): its seat 0 is taken at the start by a host who never
connects (the servers' ``--away-seconds`` is 0, so the seat's bot plays it from the first turn), and whose token
ends the sitting at the end of the soak. A table's bots play only while somebody watches it, so each table has a
spectator of its own (its keeper), and ``--watchers`` more spectators are spread over the tables, each on the
process its table was made on or the next. A client whose process dies connects again to the next one (the
survivor), every half second until one answers.

At the end the load stops: the host stops every sitting (``POST /api/tables/{id}/stop``), the tables finish the deal
in play, and the soak checks what the players would have to trust:

- every deal of every table refereed: each record of ``GET /api/tables/{id}/records.json`` ruled on as
  ``roundgames referee`` rules (DEAL-RECORD.md; the same functions, in this process, and the command itself on one
  deal), each ruling complete, without an error, its ``net`` the table's own row of ``scores.csv``, and its ``next``
  dealer and pool those of the table's next record;
- every table's stored events numbered 1..N without a gap or a double, read from the database directly;
- every table a killed process led (its lease, a PostgreSQL advisory lock) taken over by another: the takeover time
  of a table runs from the kill to its first event after it (its median and worst are printed).

Printed: the tables, deals played and refereed, events, kills, takeover times, moves a second over the run (the
bots' actions stored), reconnects, refused or failed requests and connections, each process's CPU and peak memory,
and a last line ``soak: PASSED`` (exit status 0) or ``soak: FAILED (reasons)`` (exit status 1). The default run
takes an hour and about two cores; ``--minutes 4 --kill-every 1 --tables 60 --watchers 20`` is a short one.
Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import io
import json
import os
import platform
import random
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from bench_web import (
    bot_mix,
    cpu_seconds,
    descendants_cpu_seconds,
    family,
    free_port,
    open_ws,
    rss_bytes,
    start_server,
    stop_server,
    table_bots,
    wait_for_server,
)
from roundgames.bots import BOTS
from roundgames.core.errors import RoundgamesError
from roundgames.records.deal import ruling_dumps, ruling_of
from roundgames.records.files import loads_any
from roundgames.web.pgstore import LEASE_KEY

#: seconds a killed process stays down before it is started again (its tables taken over by then)
RESTART_AFTER = 5.0
#: seconds between a client's tries to connect again
RETRY_SECONDS = 0.5
#: seconds the tables have to finish the deal in play once their sittings are stopped
STOP_TIMEOUT = 180.0
#: no kill in the last seconds of the load: its tables must have time to be taken over before the sittings stop
KILL_MARGIN = 15.0
#: seconds between the samples of the processes' memory
SAMPLE_SECONDS = 2.0


@dataclass
class Table:
    id: str
    token: str  # the host's (seat 0): he stops the sitting at the end
    server: int  # the process it was made on
    over: bool = False  # as its keeper last saw it


@dataclass
class Slot:
    """One of the ``--servers`` processes: its port, and every start of it so far."""

    index: int
    port: int
    log: Any
    proc: subprocess.Popen[bytes] | None = None
    cpu: float = 0.0  # the event loops' CPU seconds of its ended starts
    workers_cpu: float = 0.0  # their bot workers'
    peak: int = 0  # the highest VmHWM of any of its starts (bytes)
    peak_family: int = 0  # the highest sampled resident size of a start and its workers together (bytes)
    starts: int = 0

    def account(self) -> None:
        """Add the running start's CPU and peak memory to the slot's, while it can still be read."""
        if self.proc is None:
            return
        self.cpu += cpu_seconds(self.proc.pid) or 0.0
        self.workers_cpu += descendants_cpu_seconds(self.proc.pid) or 0.0
        self.peak = max(self.peak, rss_bytes(self.proc.pid, "VmHWM"))


@dataclass
class Kill:
    slot: int
    at: float  # time.time(), the clock the servers stamp their events with
    tables: list[str]  # the tables the killed process led, not over


@dataclass
class Counts:
    reconnects: int = 0  # connections made again after one was lost
    dropped: int = 0  # connections lost (the process died, or closed it)
    failed_connects: int = 0  # tries to connect that failed (a process down)
    errors: dict[str, int] = field(default_factory=dict)  # error messages the clients received, by code
    messages: int = 0
    failed_requests: list[str] = field(default_factory=list)  # HTTP requests refused or failed


@dataclass
class Soak:
    args: argparse.Namespace
    db: str
    slots: list[Slot]
    tables: list[Table] = field(default_factory=list)
    kills: list[Kill] = field(default_factory=list)
    counts: Counts = field(default_factory=Counts)
    started: float = 0.0
    ended: float = 0.0
    stop: asyncio.Event = field(default_factory=asyncio.Event)

    def live(self) -> list[Slot]:
        return [s for s in self.slots if s.proc is not None and s.proc.poll() is None]


# -- the database, read directly ----------------------------------------------------------------------------------


def backend_ports(pid: int, db_port: int) -> list[int]:
    """The local ports of the connections that ``pid`` and its children hold to the database's port (Linux's /proc):
    the ``client_port`` by which PostgreSQL knows each of them."""
    inodes: set[str] = set()
    for member in family(pid):
        with contextlib.suppress(OSError):
            for fd in os.listdir(f"/proc/{member}/fd"):
                with contextlib.suppress(OSError):
                    link = os.readlink(f"/proc/{member}/fd/{fd}")
                    if link.startswith("socket:["):
                        inodes.add(link[8:-1])
    ports = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(name).read_text().splitlines()[1:]:
                cols = line.split()
                if cols[9] in inodes and int(cols[2].rsplit(":", 1)[1], 16) == db_port:
                    ports.append(int(cols[1].rsplit(":", 1)[1], 16))
    return ports


def leased_by(db: str, pid: int) -> list[str]:
    """The tables whose lease (an advisory lock, ``LEASE_KEY`` and the id's hash) process ``pid`` holds now."""
    db_port = int(psycopg.conninfo.conninfo_to_dict(db).get("port") or 5432)
    ports = backend_ports(pid, db_port)
    with psycopg.connect(db, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT t.id FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " JOIN tables t ON (hashtext(t.id)::bigint & 4294967295) = l.objid::bigint"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = %s AND l.objsubid = 2"
            " AND a.client_port = ANY(%s)",
            (LEASE_KEY, ports),
        ).fetchall()
    return sorted(t for (t,) in rows)


def stored_moves(db: str, since: float, until: float) -> int:
    """The actions stored between two moments (every table's, whoever wrote them)."""
    with psycopg.connect(db, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM events WHERE kind = 'act' AND ts >= %s AND ts < %s", (since, until)
        ).fetchone()
    return int(row[0]) if row else 0


def numbering(db: str, ids: list[str]) -> tuple[int, list[str]]:
    """Every table's stored events: their number in all, and for each table not numbered 1..N (its last number
    the table's own ``seq``), what is wrong, naming the missing and doubled numbers."""
    problems = []
    with psycopg.connect(db, autocommit=True) as conn:
        seqs: dict[str, list[int]] = {t: [] for t in ids}
        for table, seq in conn.execute("SELECT table_id, seq FROM events WHERE table_id = ANY(%s)", (ids,)):
            seqs[table].append(int(seq))
        heads = dict(conn.execute("SELECT id, seq FROM tables WHERE id = ANY(%s)", (ids,)).fetchall())
    for table, got in seqs.items():
        got.sort()
        if got == list(range(1, len(got) + 1)) and heads.get(table) == len(got) and got:
            continue
        missing = sorted(set(range(1, (got[-1] if got else 0) + 1)) - set(got))
        doubled = sorted({s for s in got if got.count(s) > 1})
        problems.append(
            f"table {table}: {len(got)} events, numbers {got[:1]}..{got[-1:]}, missing {missing[:10]}, "
            f"doubled {doubled[:10]}, the table's own last number {heads.get(table)}"
        )
    return sum(len(v) for v in seqs.values()), problems


def takeovers(db: str, kills: list[Kill], end: float) -> tuple[list[float], list[str]]:
    """For each kill, each of the dead process's tables: the seconds from the kill to its first event after it
    (before the next kill, or the end); and the tables that had none (never taken over)."""
    times, never = [], []
    with psycopg.connect(db, autocommit=True) as conn:
        for k, kill in enumerate(kills):
            until = kills[k + 1].at if k + 1 < len(kills) else end
            first = dict(
                conn.execute(
                    "SELECT table_id, min(ts) FROM events WHERE table_id = ANY(%s) AND ts > %s AND ts < %s"
                    " GROUP BY table_id",
                    (kill.tables, kill.at, until),
                ).fetchall()
            )
            for table in kill.tables:
                if table in first:
                    times.append(float(first[table]) - kill.at)
                else:
                    never.append(f"table {table} (kill {k + 1} of process {kill.slot + 1} at {kill.at:.1f})")
    return times, never


# -- the referee --------------------------------------------------------------------------------------------------


def score_rows(text: str) -> list[list[int]]:
    """The nets of each finished deal in ``scores.csv``, a list per deal in seat order."""
    rows = list(csv.reader(io.StringIO(text)))
    seats = len(rows[0]) - 1 - (rows[0][-1] == "hints")
    return [[int(x) for x in row[1 : 1 + seats]] for row in rows[1:] if row and row[0] != "total"]


def referee_table(table: str, records_text: str, scores_text: str) -> tuple[int, list[str]]:
    """Each deal of a table's records ruled on; the deals ruled on, and every disagreement with the table."""
    try:
        loaded = loads_any(records_text)
    except RoundgamesError as e:
        return 0, [f"table {table}: its records are refused: {e}"]
    raw = json.loads(records_text)
    nets = score_rows(scores_text)
    problems = []
    if len(nets) != len(loaded.deals):
        problems.append(f"table {table}: {len(loaded.deals)} records but {len(nets)} deals in scores.csv")
    for i, found in enumerate(loaded.deals):
        where = f"table {table} deal {i + 1}"
        try:
            ruling = ruling_of(found.replay())
        except RoundgamesError as e:
            problems.append(f"{where}: the referee refuses the record: {e}")
            continue
        if ruling["error"] is not None or not ruling["complete"]:
            problems.append(f"{where}: ruled {'incomplete' if not ruling['complete'] else ruling['error']}")
            continue
        seats = raw[i]["seats"]
        if i < len(nets) and [ruling["net"][s] for s in seats] != nets[i]:
            problems.append(f"{where}: the referee's net {ruling['net']}, the table's {nets[i]}")
        if i + 1 < len(raw):
            after = raw[i + 1]
            told = {"dealer": after["dealer"], "kind": after.get("kind", "regular"), "pool": after.get("pool", 0)}
            told["multiplier"] = after.get("multiplier", 1)
            said = {**ruling["next"], "pool": ruling["pool"]}
            wrong = {k: (v, told[k]) for k, v in said.items() if k in told and told[k] != v}
            if wrong:
                problems.append(f"{where}: the next deal does not follow (the referee's, the table's): {wrong}")
    return len(loaded.deals), problems


def referee_command(records_text: str, deal: int) -> dict[str, Any]:
    """The ruling of ``roundgames referee FILE --deal N`` itself on one deal of a table's records."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(records_text)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "roundgames", "referee", f.name, "--deal", str(deal)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.unlink(f.name)
    if done.returncode != 0:
        raise RuntimeError(f"roundgames referee exited {done.returncode}: {done.stderr.strip()}")
    return dict(json.loads(done.stdout))


# -- the clients --------------------------------------------------------------------------------------------------


async def viewer(soak: Soak, gate: asyncio.Semaphore, table: Table, server: int, keeper: bool) -> None:
    """A spectator of ``table``, on process ``server`` first; whenever its connection is lost it connects again to
    the next process, until the soak ends. A table's keeper notes when its sitting is over."""
    counts, first = soak.counts, True
    hello = json.dumps({"type": "hello", "token": None, "since": None})
    while not soak.stop.is_set():
        url = f"ws://127.0.0.1:{soak.slots[server].port}/ws/{table.id}"
        try:
            ws = await open_ws(url, gate)
        except (OSError, InvalidHandshake, TimeoutError):
            counts.failed_connects += 1
            server = (server + 1) % len(soak.slots)
            await asyncio.sleep(RETRY_SECONDS)
            continue
        counts.reconnects += not first
        first = False
        try:
            await ws.send(hello)
            async for raw in ws:
                message = json.loads(raw)
                counts.messages += 1
                if message["type"] == "error":
                    code = str(message.get("code"))
                    counts.errors[code] = counts.errors.get(code, 0) + 1
                state = message.get("state")
                if keeper and state:
                    table.over = bool(state["scores"]["over"])
        except ConnectionClosed:
            pass
        finally:
            await ws.close()
        if not soak.stop.is_set():
            counts.dropped += 1
            server = (server + 1) % len(soak.slots)  # the process it was on may have died: the next one


def start_clients(soak: Soak) -> list[asyncio.Task[None]]:
    """A keeper for every table, and ``--watchers`` more spectators spread over them, started over a few seconds."""
    gate = asyncio.Semaphore(50)
    clients = [(t, t.server, True) for t in soak.tables]
    for i in range(soak.args.watchers):
        table = soak.tables[i % len(soak.tables)]
        clients.append((table, (table.server + 1 + i // len(soak.tables)) % len(soak.slots), False))
    return [asyncio.create_task(viewer(soak, gate, t, server, keeper)) for t, server, keeper in clients]


# -- the run ------------------------------------------------------------------------------------------------------


async def start_slot(soak: Soak, slot: Slot) -> None:
    slot.proc = start_server(slot.port, soak.db, soak.args, slot.log)
    slot.starts += 1
    with httpx.Client(base_url=f"http://127.0.0.1:{slot.port}", timeout=30, trust_env=False) as http:
        await asyncio.to_thread(wait_for_server, http, slot.proc)


async def kill_slot(soak: Soak, slot: Slot) -> None:
    """SIGKILL the process, as a crash ends it; first the tables it leads, its CPU and its memory so far. Its bot
    workers, orphaned, are ended after it by their ids."""
    assert slot.proc is not None
    led = await asyncio.to_thread(leased_by, soak.db, slot.proc.pid)
    over = {t.id for t in soak.tables if t.over}
    members = family(slot.proc.pid)
    slot.account()
    at = time.time()
    slot.proc.send_signal(signal.SIGKILL)
    await asyncio.to_thread(slot.proc.wait)
    soak.kills.append(Kill(slot.index, at, [t for t in led if t not in over]))
    print(
        f"{at - soak.started:7.1f} s: killed process {slot.index + 1} (pid {slot.proc.pid}), which led "
        f"{len(led)} tables",
        flush=True,
    )
    slot.proc = None
    await asyncio.sleep(1.0)
    for pid in members[1:]:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def sample_memory(soak: Soak) -> None:
    for slot in soak.live():
        assert slot.proc is not None
        slot.peak_family = max(slot.peak_family, sum(rss_bytes(pid) for pid in family(slot.proc.pid)))


async def progress(soak: Soak, since: float) -> None:
    now = time.time()
    moves = await asyncio.to_thread(stored_moves, soak.db, since, now)
    c = soak.counts
    print(
        f"{now - soak.started:7.1f} s: {moves / max(1e-9, now - since):.1f} moves/s over the last "
        f"{now - since:.0f} s; {sum(t.over for t in soak.tables)} tables over; reconnects {c.reconnects}, "
        f"failed connects {c.failed_connects}",
        flush=True,
    )


async def load(soak: Soak) -> None:
    """``--minutes`` of play, one process killed every ``--kill-every`` minutes and started again."""
    args = soak.args
    soak.started = time.time()
    end = soak.started + args.minutes * 60
    kill_at = [soak.started + args.kill_every * 60 * j for j in range(1, 10_000)]
    kill_at = [t for t in kill_at if t < end - KILL_MARGIN]
    restart: tuple[float, Slot] | None = None
    shown = sampled = soak.started
    while time.time() < end:
        await asyncio.sleep(0.25)
        now = time.time()
        if kill_at and now >= kill_at[0]:
            kill_at.pop(0)
            slot = soak.slots[len(soak.kills) % len(soak.slots)]
            if slot.proc is not None:
                await kill_slot(soak, slot)
                restart = (time.time() + RESTART_AFTER, slot)
        if restart is not None and now >= restart[0]:
            await start_slot(soak, restart[1])
            print(f"{time.time() - soak.started:7.1f} s: process {restart[1].index + 1} started again", flush=True)
            restart = None
        if now - sampled >= SAMPLE_SECONDS:
            sample_memory(soak)
            sampled = now
        if now - shown >= 60:
            await progress(soak, shown)
            shown = now
    if restart is not None:
        await start_slot(soak, restart[1])
    soak.ended = time.time()


async def stop_sittings(soak: Soak) -> None:
    """The host of every table stops its sitting; the tables finish the deal in play (their keepers see it)."""
    async with httpx.AsyncClient(timeout=30, trust_env=False) as http:
        for table in soak.tables:
            answered = None
            for slot in [*soak.live()] * 2:
                with contextlib.suppress(httpx.TransportError):
                    url = f"http://127.0.0.1:{slot.port}/api/tables/{table.id}/stop"
                    answered = await http.post(url, json={"token": table.token})
                    break
            if answered is None or (answered.status_code != 200 and not table.over):
                why = "no answer" if answered is None else f"{answered.status_code} {answered.text[:200]}"
                soak.counts.failed_requests.append(f"stop table {table.id}: {why}")
    deadline = time.monotonic() + STOP_TIMEOUT
    while not all(t.over for t in soak.tables) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)


async def play(soak: Soak) -> None:
    clients = start_clients(soak)
    try:
        await load(soak)
        print(f"{time.time() - soak.started:7.1f} s: the load stops: every sitting stopped by its host", flush=True)
        await stop_sittings(soak)
        sample_memory(soak)
    finally:
        soak.stop.set()
        for task in clients:
            task.cancel()
        await asyncio.gather(*clients, return_exceptions=True)


def create_tables(soak: Soak) -> None:
    """The tables, made on each process in turn, each with its host sat at seat 0 (played by its bot)."""
    args = soak.args
    rng = random.Random(args.seed)
    bots = table_bots(args)
    https = [httpx.Client(base_url=f"http://127.0.0.1:{s.port}", timeout=30, trust_env=False) for s in soak.slots]
    try:
        for i in range(args.tables):
            nap = rng.random() < args.nap_share
            body = {
                "game": "nap" if nap else "loo",
                "players": 4 if nap else 5,
                "people": 1,
                "bot": bots[i],
                "bot_delay": args.bot_delay,
                "rounds": None,  # until the host stops it, at the end of the soak
            }
            http = https[i % len(https)]
            made = http.post("/api/tables", json=body)
            made.raise_for_status()
            table_id = made.json()["id"]
            sat = http.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Host"})
            sat.raise_for_status()
            soak.tables.append(Table(table_id, sat.json()["token"], i % len(https)))
        deadline = time.monotonic() + 30  # every process knows every table before a client connects
        for http in https:
            for table in soak.tables[-len(https) :]:
                while http.get(f"/api/tables/{table.id}").status_code != 200:
                    if time.monotonic() > deadline:
                        raise SystemExit(f"table {table.id} is not known to {http.base_url} after 30 s")
                    time.sleep(0.1)
    finally:
        for http in https:
            http.close()


def exported(soak: Soak) -> dict[str, tuple[str, str]]:
    """Each table's records and score sheet, from whichever process answers; the requests refused are counted."""
    out: dict[str, tuple[str, str]] = {}
    with httpx.Client(timeout=60, trust_env=False) as http:
        for table in soak.tables:
            got: list[str] = []
            for path in ("records.json", "scores.csv"):
                for slot in soak.live():
                    with contextlib.suppress(httpx.TransportError):
                        answer = http.get(f"http://127.0.0.1:{slot.port}/api/tables/{table.id}/{path}")
                        if answer.status_code == 200:
                            got.append(answer.text)
                            break
                        soak.counts.failed_requests.append(f"{path} of {table.id}: {answer.status_code} {answer.text}")
            if len(got) == 2:
                out[table.id] = (got[0], got[1])
    return out


def server_said(tmp: Path) -> str:
    """What the processes logged, less the line each start prints."""
    lines = []
    for log in sorted(tmp.glob("server-*.log")):
        for line in log.read_text(errors="replace").splitlines():
            if not line.startswith("roundgames: the web table is on"):
                lines.append(f"{log.stem}: {line}")
    return "\n".join(lines)


@dataclass
class Verdict:
    deals: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)  # the deals the referee disagrees with, and the numbering
    times: list[float] = field(default_factory=list)  # takeover times (s)
    never: list[str] = field(default_factory=list)  # tables never taken over


def check(soak: Soak, records: dict[str, tuple[str, str]]) -> Verdict:
    """Every deal refereed, every table's events numbered, every takeover timed (the processes stopped)."""
    verdict = Verdict()
    ids = [t.id for t in soak.tables]
    for table in ids:
        if table not in records:
            verdict.problems.append(f"table {table}: its records could not be read")
            continue
        deals, problems = referee_table(table, *records[table])
        verdict.deals += deals
        verdict.problems += problems
    sample = next((t for t in ids if t in records and json.loads(records[t][0])), None)
    if sample is not None:  # the command itself on one deal: it rules as the functions did
        text = records[sample][0]
        last = len(json.loads(text))
        by_command = referee_command(text, last)
        by_function = json.loads(ruling_dumps(ruling_of(loads_any(text).deals[last - 1].replay())))
        if by_command != by_function:
            verdict.problems.append(f"table {sample} deal {last}: roundgames referee rules otherwise")
    verdict.events, numbered = numbering(soak.db, ids)
    verdict.problems += numbered
    verdict.times, verdict.never = takeovers(soak.db, soak.kills, soak.ended)
    return verdict


def report(soak: Soak, verdict: Verdict, tmp: Path) -> int:
    """Print the figures and the verdict; the exit status."""
    c, elapsed = soak.counts, soak.ended - soak.started
    said = server_said(tmp)
    if said:
        print("the servers said:\n" + said[-3000:])
    moves = stored_moves(soak.db, soak.started, soak.ended)
    print(f"tables: {len(soak.tables)}; deals played and refereed: {verdict.deals}; events stored: {verdict.events}")
    print(f"moves: {moves} over {elapsed:.0f} s = {moves / max(elapsed, 1e-9):.1f} moves/s (the actions stored)")
    print(f"kills: {len(soak.kills)}, of tables led: {', '.join(str(len(k.tables)) for k in soak.kills) or 'none'}")
    if verdict.times:
        print(
            f"takeover (a kill to a dead process's table's first event): {len(verdict.times)} tables, median "
            f"{statistics.median(verdict.times):.2f} s, worst {max(verdict.times):.2f} s"
        )
    errors = ", ".join(f"{code} {n}" for code, n in sorted(c.errors.items())) or "none"
    print(
        f"connections: reconnects {c.reconnects}, lost {c.dropped}, failed tries {c.failed_connects}; "
        f"messages received {c.messages}; errors received: {errors}; refused or failed requests: "
        f"{len(c.failed_requests)}"
    )
    for line in c.failed_requests[:10]:
        print(f"  {line}")
    for slot in soak.slots:
        print(
            f"process {slot.index + 1}: {slot.starts} starts; CPU {slot.cpu / elapsed * 100:.1f}% of a core (its "
            f"event loop), its bot workers {slot.workers_cpu / elapsed * 100:.1f}%; peak resident "
            f"{slot.peak / 2**20:.0f} MiB, with its workers {slot.peak_family / 2**20:.0f} MiB"
        )
    reasons = []
    if verdict.problems:
        reasons.append(f"{len(verdict.problems)} disagreements")
        for line in verdict.problems[:20]:
            print(f"  {line}")
    if verdict.never:
        reasons.append(f"{len(verdict.never)} tables never taken over")
        for line in verdict.never[:20]:
            print(f"  never taken over: {line}")
    if not all(t.over for t in soak.tables):
        reasons.append(f"{sum(not t.over for t in soak.tables)} sittings not over {STOP_TIMEOUT:.0f} s after the stop")
    if c.failed_requests:
        reasons.append(f"{len(c.failed_requests)} requests refused or failed")
    if not verdict.deals:
        reasons.append("no deal played")
    print("soak: PASSED" if not reasons else f"soak: FAILED ({'; '.join(reasons)})")
    return 1 if reasons else 0


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0, help="how long the load runs (default 60)")
    parser.add_argument("--kill-every", type=float, default=10.0, help="minutes between kills (default 10)")
    parser.add_argument("--tables", type=int, default=500, help="tables of bots (default 500)")
    parser.add_argument("--watchers", type=int, default=100, help="spectators beside the tables' own (default 100)")
    parser.add_argument("--servers", type=int, default=2, help="server processes sharing the database (default 2)")
    parser.add_argument(
        "--db", default="postgres", help="postgres (a PostgreSQL server of the soak's own) or a postgresql:// URL"
    )
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds between bot actions (default 1)")
    parser.add_argument("--bot", default="sensible", choices=list(BOTS), help="the bots' strength (default sensible)")
    parser.add_argument("--bot-mix", type=bot_mix, metavar="NAME:SHARE[,...]", help="as benchmarks/bench_web.py's")
    parser.add_argument("--bot-workers", type=int, help="each process's bot worker processes (its default otherwise)")
    parser.add_argument("--nap-share", type=float, default=0.25, help="the share of Nap tables (default 0.25)")
    parser.add_argument("--deal-pause", type=float, default=1.0, help="the servers' pause between deals (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.tables < 1 or args.watchers < 0 or args.servers < 2 or args.minutes <= 0 or args.kill_every <= 0:
        parser.error("need --tables >= 1, --watchers >= 0, --servers >= 2, --minutes > 0 and --kill-every > 0")
    if args.db != "postgres" and not args.db.startswith(("postgresql://", "postgres://")):
        parser.error(f"--db {args.db}: postgres or a postgresql:// URL (the processes share a PostgreSQL database)")
    args.away_seconds = 0  # the hosts never connect: their seats' bots play them from the first turn
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    given = sys.argv[1:] if argv is None else argv
    print(" ".join(["$ .venv/bin/python benchmarks/soak_web.py", shlex.join(given)]).rstrip())
    load_now = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; load {load_now}")
    tmp = Path(tempfile.mkdtemp(prefix="soak-web-"))
    pg = None
    if args.db == "postgres":
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from pgserver import PgServer

        pg = PgServer()
        db = pg.new_database()
    else:
        db = args.db
    slots = [Slot(i, free_port(), (tmp / f"server-{i + 1}.log").open("ab")) for i in range(args.servers)]
    soak = Soak(args, db, slots)
    try:
        for slot in slots:
            asyncio.run(start_slot(soak, slot))
        create_tables(soak)
        print(
            f"{len(soak.tables)} tables on {args.servers} processes, {args.watchers} watchers beside each table's "
            f"own; {args.minutes:g} minutes, a kill every {args.kill_every:g}",
            flush=True,
        )
        asyncio.run(play(soak))
        records = exported(soak)
    finally:
        for slot in slots:
            slot.account()
            if slot.proc is not None:
                stop_server(slot.proc)
            slot.log.close()
    try:
        verdict = check(soak, records)
        return report(soak, verdict, tmp)
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
