"""What benchmarks/soak_web.py checks once its load has stopped: every table's events as the database holds them
(numbered 1..N, each dead process's tables taken over, the moves stored), the leases a process holds, and every deal
of every sitting ruled on as ``roundgames referee`` rules (DEAL-RECORD.md), against the table's own score sheet."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

from bench_web import family
from roundgames.core.errors import RoundgamesError
from roundgames.records.deal import ruling_of
from roundgames.records.files import loads_any
from roundgames.web.pgstore import LEASE_KEY


@dataclass
class Kill:
    slot: int
    at: float  # time.time(), the clock the servers stamp their events with
    tables: list[str]  # the tables the killed process led, not over


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


def leased_by(db: str, pid: int) -> tuple[list[str], int]:
    """The tables whose lease (an advisory lock, ``LEASE_KEY`` and the id's hash) process ``pid`` holds now, and
    how many tables' leases every process holds together."""
    db_port = int(psycopg.conninfo.conninfo_to_dict(db).get("port") or 5432)
    ports = backend_ports(pid, db_port)
    with psycopg.connect(db, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT t.id, a.client_port = ANY(%s) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " JOIN tables t ON (hashtext(t.id)::bigint & 4294967295) = l.objid::bigint"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = %s AND l.objsubid = 2",
            (ports, LEASE_KEY),
        ).fetchall()
    return sorted(t for t, mine in rows if mine), len(rows)


def stored_moves(db: str, since: float, until: float) -> int:
    """The actions stored between two moments (every table's, whoever wrote them)."""
    with psycopg.connect(db, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM events WHERE kind = 'act' AND ts >= %s AND ts < %s", (since, until)
        ).fetchone()
    return int(row[0]) if row else 0


def numbering(db: str, ids: list[str]) -> tuple[int, list[str]]:
    """Every table's stored events: their number in all, and for each table not numbered 1..N (its last number
    the table's own ``seq``), what is wrong, naming the missing and doubled numbers. The database counts; only a
    wrong table's numbers are read."""
    problems = []
    with psycopg.connect(db, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT t.id, t.seq, count(e.seq), count(DISTINCT e.seq), coalesce(max(e.seq), 0) FROM tables t"
            " LEFT JOIN events e ON e.table_id = t.id WHERE t.id = ANY(%s) GROUP BY t.id, t.seq",
            (ids,),
        ).fetchall()
        found = {row[0] for row in rows}
        problems += [f"table {t}: not in the database" for t in ids if t not in found]
        for table, head, count, distinct, top in rows:
            if count and count == distinct == top == head:
                continue
            got = [s for (s,) in conn.execute("SELECT seq FROM events WHERE table_id = %s ORDER BY seq", (table,))]
            missing = sorted(set(range(1, top + 1)) - set(got))
            doubled = sorted(s for s, n in Counter(got).items() if n > 1)
            problems.append(
                f"table {table}: {count} events, numbers {got[:1]}..{got[-1:]}, missing {missing[:10]}, "
                f"doubled {doubled[:10]}, the table's own last number {head}"
            )
    return sum(int(row[2]) for row in rows), problems


def takeovers(db: str, kills: list[Kill], end: float) -> tuple[list[float], list[str]]:
    """For each kill, each of the dead process's tables: the seconds from the kill to its first event after it
    (before the next kill, or the end); and the tables that had none (never taken over)."""
    times, never = [], []
    with psycopg.connect(db, autocommit=True) as conn:
        for k, kill in enumerate(kills):
            until = kills[k + 1].at if k + 1 < len(kills) else end
            first: dict[str, float] = dict(
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


def referee_table(table: str, records_text: str, scores_text: str) -> tuple[int, int, list[str]]:
    """Each deal of a sitting's records ruled on; the deals its score sheet holds, those ruled on, and every
    disagreement with the table."""
    nets = score_rows(scores_text)
    try:
        loaded = loads_any(records_text)
    except RoundgamesError as e:
        return len(nets), 0, [f"table {table}: its records are refused: {e}"]
    raw = json.loads(records_text)
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
    return len(nets), len(loaded.deals), problems


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
