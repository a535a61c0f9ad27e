"""Web table soak: an hour of bot tables on several server processes over PostgreSQL, one of them killed again and
again, and at the end every deal refereed and every table's events counted.

    .venv/bin/python benchmarks/soak_web.py [--minutes 60] [--kill-every 10] [--tables 500] [--watchers 100]
        [--servers 2] [--db postgres|postgresql://...] [--bot-delay 1] [--bot sensible] [--bot-mix expert:0.25]
        [--bot-workers N] [--nap-share 0.25] [--deal-pause 1] [--rounds N] [--seed 0]

Starts ``--servers`` ``roundgames serve`` processes on one PostgreSQL database (by default a server of the soak's
own, Debian's, started in a temporary directory by tests/pgserver.py, as benchmarks/bench_web.py starts it; or the
empty database of a ``postgresql://`` URL), makes ``--tables`` tables on them in turn (Loo with 5 players, a
``--nap-share`` of them Nap with 4, every seat a bot of ``--bot``, or of ``--bot-mix`` at its share) and plays them
for ``--minutes``. Every ``--kill-every`` minutes one process is killed with SIGKILL, as a crash ends it (the first,
then the next, in turn), and started again on its port 5 seconds later.

Each table is played "until we stop" (``rounds`` null): its seat 0 is taken at the start by a host who never
connects (the servers' ``--away-seconds`` is 0, so the seat's bot plays it from the first turn), and whose token
ends the sitting at the end of the soak. A sitting that ends by itself meanwhile (50 rounds at the most, or
``--rounds``: sittings of so many rounds, which end by themselves at the end too) has its records kept, and the host
plays again (``again``, from his own connection for a moment): every table plays until the load stops. A table's
bots play only while somebody watches it, so each table has a spectator of its own (its keeper), and ``--watchers``
more spectators are spread over the tables, each on the process its table was made on or the next. A client whose
process dies connects again to the next one (the survivor), every half second until one answers.

At the end the load stops: the host stops every sitting (``POST /api/tables/{id}/stop``), the tables finish the deal
in play, and the soak checks what the players would have to trust:

- every deal of every table refereed: each record of ``GET /api/tables/{id}/records.json`` ruled on as
  ``roundgames referee`` rules (DEAL-RECORD.md; the same functions, in this process, and the command itself on one
  deal), each ruling complete, without an error, its ``net`` the table's own row of ``scores.csv``, and its ``next``
  dealer and pool those of the table's next record;
- every table's stored events numbered 1..N without a gap or a double, read from the database directly;
- every table a killed process led (its lease, a PostgreSQL advisory lock) taken over by another: the takeover time
  of a table runs from the kill to its first event after it (its median and worst are printed).

These checks are benchmarks/soak_checks.py's.

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
from roundgames.records.deal import ruling_dumps, ruling_of
from roundgames.records.files import loads_any
from soak_checks import Kill, leased_by, numbering, referee_command, referee_table, stored_moves, takeovers

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
    #: the records and score sheet of each sitting kept so far (a sitting that ended by itself during the load)
    sittings: list[tuple[str, str]] = field(default_factory=list)
    kept_current: bool = False  # the sitting over now is kept already (it has not been played again yet)
    renewing: bool = False  # its sitting ended by itself: being kept and played again


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
    born: float = field(default_factory=time.time)  # the first process's start
    gone: float = 0.0  # the last process's stop
    stopping: bool = False  # the load is over: no sitting is played again
    renewals: list[asyncio.Task[None]] = field(default_factory=list)
    again: int = 0  # sittings played again

    def live(self) -> list[Slot]:
        return [s for s in self.slots if s.proc is not None and s.proc.poll() is None]


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
                    if table.over and not table.renewing and not soak.stopping:
                        table.renewing = True
                        soak.renewals.append(asyncio.create_task(renew(soak, table)))
        except ConnectionClosed:
            pass
        finally:
            await ws.close()
        if not soak.stop.is_set():
            counts.dropped += 1
            server = (server + 1) % len(soak.slots)  # the process it was on may have died: the next one


async def keep_sitting(soak: Soak, table: Table) -> bool | None:
    """Keep the records and score sheet of the table's sitting that is over: True once kept, None where the sitting
    is not over (played again already), False where no process answered."""
    async with httpx.AsyncClient(timeout=30, trust_env=False) as http:
        for slot in soak.live():
            got = []
            with contextlib.suppress(httpx.TransportError):
                for path in ("records.json", "scores.csv"):
                    answer = await http.get(f"http://127.0.0.1:{slot.port}/api/tables/{table.id}/{path}")
                    if answer.status_code == 409:
                        return None
                    answer.raise_for_status()
                    got.append(answer.text)
            if len(got) == 2:
                if not table.sittings or table.sittings[-1] != (got[0], got[1]):  # a process behind: kept once
                    table.sittings.append((got[0], got[1]))
                table.kept_current = True
                return True
    return False


async def play_again(soak: Soak, table: Table) -> bool:
    """The host says Play again (his own connection, for a moment); whether a new sitting is in play."""
    hello = json.dumps({"type": "hello", "token": table.token, "since": None})
    for slot in soak.live():
        url = f"ws://127.0.0.1:{slot.port}/ws/{table.id}"
        with contextlib.suppress(OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
            async with asyncio.timeout(15):
                ws = await open_ws(url, asyncio.Semaphore(1))
                try:
                    await ws.send(hello)
                    asked = False
                    async for raw in ws:
                        message = json.loads(raw)
                        if message["type"] == "error":
                            code = str(message.get("code"))
                            soak.counts.errors[code] = soak.counts.errors.get(code, 0) + 1
                            return code == "in_play"
                        state = message.get("state")
                        if state and not state["scores"]["over"]:
                            return True
                        if state and not asked:
                            await ws.send(json.dumps({"type": "again"}))
                            asked = True
                finally:
                    await ws.close()
    return False


async def renew(soak: Soak, table: Table) -> None:
    """A sitting that ended by itself during the load (its rounds played): its records kept, and played again, so
    that every table plays until the load stops."""
    try:
        while not soak.stopping:
            if not table.kept_current:
                kept = await keep_sitting(soak, table)
                if kept is None:
                    return
                if not kept:
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
            if await play_again(soak, table):
                table.kept_current = False
                soak.again += 1
                return
            await asyncio.sleep(RETRY_SECONDS)
    finally:
        table.renewing = False


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
    led, leased = await asyncio.to_thread(leased_by, soak.db, slot.proc.pid)
    over = {t.id for t in soak.tables if t.over}
    members = family(slot.proc.pid)
    slot.account()
    at = time.time()
    slot.proc.send_signal(signal.SIGKILL)
    await asyncio.to_thread(slot.proc.wait)
    soak.kills.append(Kill(slot.index, at, [t for t in led if t not in over]))
    print(
        f"{at - soak.started:7.1f} s: killed process {slot.index + 1} (pid {slot.proc.pid}), which led "
        f"{len(led)} of the {leased} tables with a leader",
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
    soak.stopping = True
    await asyncio.gather(*soak.renewals, return_exceptions=True)
    async with httpx.AsyncClient(timeout=30, trust_env=False) as http:
        for table in soak.tables if soak.args.rounds is None else []:  # sittings of rounds end by themselves
            answered = None
            for slot in [*soak.live()] * 3:
                with contextlib.suppress(httpx.TransportError):
                    url = f"http://127.0.0.1:{slot.port}/api/tables/{table.id}/stop"
                    answered = await http.post(url, json={"token": table.token})
                    if answered.status_code == 200 or "try again" not in answered.text:
                        break
                    # Another process wrote to the table at the same moment, twice: asked to, the host asks again.
                    await asyncio.sleep(0.2)
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
        print(f"{time.time() - soak.started:7.1f} s: the load stops; the sittings end", flush=True)
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
                "rounds": args.rounds,  # None: until the host stops it, at the end of the soak
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


def exported(soak: Soak) -> list[str]:
    """Each table's records and score sheet of its last sitting, from whichever process answers, kept with the
    earlier sittings'; the requests refused are counted. The tables whose last sitting could not be read."""
    unread = []
    with httpx.Client(timeout=60, trust_env=False) as http:
        for table in soak.tables:
            if table.kept_current:
                continue
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
                table.sittings.append((got[0], got[1]))
            else:
                unread.append(table.id)
    return unread


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
    played: int = 0  # deals in the score sheets
    deals: int = 0  # deals refereed
    events: int = 0
    problems: list[str] = field(default_factory=list)  # the deals the referee disagrees with, and the numbering
    times: list[float] = field(default_factory=list)  # takeover times (s)
    never: list[str] = field(default_factory=list)  # tables never taken over


def check(soak: Soak, unread: list[str]) -> Verdict:
    """Every deal refereed, every table's events numbered, every takeover timed (the processes stopped)."""
    verdict = Verdict()
    verdict.problems += [f"table {t}: the records of its last sitting could not be read" for t in unread]
    for table in soak.tables:
        for k, (records, scores) in enumerate(table.sittings):
            played, refereed, problems = referee_table(f"{table.id} sitting {k + 1}", records, scores)
            verdict.played += played
            verdict.deals += refereed
            verdict.problems += problems
    sample = next((t.sittings[-1][0] for t in soak.tables if t.sittings and json.loads(t.sittings[-1][0])), None)
    if sample is not None:  # the command itself on one deal: it rules as the functions did
        last = len(json.loads(sample))
        by_command = referee_command(sample, last)
        by_function = json.loads(ruling_dumps(ruling_of(loads_any(sample).deals[last - 1].replay())))
        if by_command != by_function:
            verdict.problems.append(f"deal {last} of {sample[:80]}...: roundgames referee rules otherwise")
    verdict.events, numbered = numbering(soak.db, [t.id for t in soak.tables])
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
    sittings = sum(len(t.sittings) for t in soak.tables)
    print(
        f"tables: {len(soak.tables)}, {sittings} sittings ({soak.again} played again after ending by themselves); "
        f"deals played {verdict.played}, refereed {verdict.deals}; events stored: {verdict.events}"
    )
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
    wall = soak.gone - soak.born
    for slot in soak.slots:
        print(
            f"process {slot.index + 1}: {slot.starts} starts; CPU {slot.cpu / wall * 100:.1f}% of a core (its "
            f"event loop, over its {wall:.0f} s from the first start), its bot workers "
            f"{slot.workers_cpu / wall * 100:.1f}%; peak resident "
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
    parser.add_argument(
        "--rounds",
        type=int,
        help="sittings of this many rounds, played again as each ends (default: until the host stops, at the end)",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for flag, value, least, words in (
        ("--tables", args.tables, 1, "at least 1"),
        ("--watchers", args.watchers, 0, "not below 0"),
        ("--servers", args.servers, 2, "at least 2: one is killed while another plays on"),
        ("--minutes", args.minutes, 1e-9, "above 0"),
        ("--kill-every", args.kill_every, 1e-9, "above 0"),
        ("--rounds", args.rounds if args.rounds is not None else 1, 1, "at least 1"),
    ):
        if value < least:
            parser.error(f"{flag} {value:g}: {words}")
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
    # the database server goes however the soak ends (one that stops on a server not answering included)
    try:
        slots = [Slot(i, free_port(), (tmp / f"server-{i + 1}.log").open("ab")) for i in range(args.servers)]
        soak = Soak(args, db, slots)
        try:
            for slot in slots:
                asyncio.run(start_slot(soak, slot))
            create_tables(soak)
            print(
                f"{len(soak.tables)} tables on {args.servers} processes, {args.watchers} watchers beside each "
                f"table's own; {args.minutes:g} minutes, a kill every {args.kill_every:g}",
                flush=True,
            )
            asyncio.run(play(soak))
            unread = exported(soak)
        finally:
            for slot in slots:
                slot.account()
                if slot.proc is not None:
                    stop_server(slot.proc)
                slot.log.close()
            soak.gone = time.time()
        verdict = check(soak, unread)
        return report(soak, verdict, tmp)
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
