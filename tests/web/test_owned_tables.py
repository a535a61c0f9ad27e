"""Each table lives in the process holding its lease (`roundgames serve` processes on one PostgreSQL database, a real
server: tests/pgserver.py, and real websocket clients): a process loads another's table only while one of its
clients watches it, the lease follows the players, and every process's lobby lists every table. A table row whose
settings are not JSON is set aside on both stores without stopping start-up, following or takeover; a store that
cannot write pauses the table for the spectators of every process, and play resumes on all of them."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from .conftest import WebServer
from .test_postgres_servers import ARGS, ENV, NAP
from .webclient import Seat, create, sit

#: a table of bots that plays a while (two deals), watched; the servers' settings, as the other tests of several
#: processes start them
BOTS = NAP
#: settings that are not JSON, as a store written by hand may hold
BAD = "{not json"


def _get(base: str, path: str) -> httpx.Response:
    return httpx.get(f"{base}{path}", timeout=10, trust_env=False)


def _listed(base: str) -> set[str]:
    answer = _get(base, "/api/tables")
    assert answer.status_code == 200, answer.text
    return {t["id"] for t in answer.json()["tables"]}


def _until(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _acted(seat: Seat) -> int:
    """How many actions the connection has seen in the table's log."""
    return sum(e["kind"] == "action" for e in seat.log)


def _moves_on(seat: Seat, what: str, timeout: float = 20) -> None:
    """The table moves on, as this connection sees it: a new action in its log."""
    before = _acted(seat)
    seat.until(lambda s: _acted(seat) > before, timeout=timeout, what=what)


def _lease_holders(url: str) -> list[str]:
    """The processes holding a lease (by their connections' ``application_name``)."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE l.locktype = 'advisory' AND l.granted"
        ).fetchall()
    return [r[0] for r in rows]


def _numbered(url: str, table: str) -> None:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT seq FROM events WHERE table_id = %s ORDER BY seq", (table,)).fetchall()
    seqs = [r[0] for r in rows]
    assert seqs == list(range(1, len(seqs) + 1)), f"table {table}: events not numbered 1..N"


def test_a_process_holds_only_its_own_tables_and_those_its_clients_watch(server_factory: Any, pg_url: str) -> None:
    """A table made on one process lives there: the other's lobby lists it, and it loads it only when a client of
    its asks for it. Its only watcher on the other process draws the lease there (the lease follows the players),
    and the table plays on with no event lost or doubled."""
    a, b = (server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2))
    made = create(a.url, **BOTS)["id"]
    _until(lambda: made in _listed(b.url), 5, "the table in the other process's lobby")
    assert isinstance(a, WebServer) and a.process is not None
    assert _lease_holders(pg_url) == [f"roundgames:{a.process.pid}"]  # the maker's, and nobody else's
    watcher = Seat(b.url, made, None)
    _moves_on(watcher, "the bots' moves, seen on the process that does not make them")
    # Nobody watches at the maker: it lets the lease go, and the watcher's process leads; play goes on.
    assert isinstance(b, WebServer) and b.process is not None
    _until(lambda: _lease_holders(pg_url) == [f"roundgames:{b.process.pid}"], 10, "the lease at the watcher's")
    _moves_on(watcher, "the bots' moves, led by the watcher's process")
    watcher.until(lambda s: bool(s["scores"]["over"]), timeout=120, what="the sitting's end, led by the watcher's")
    _numbered(pg_url, made)
    watcher.close()


def test_a_row_whose_settings_are_not_json_is_set_aside_and_the_server_plays_the_others_on_sqlite(
    server_factory: Any, tmp_path: Path
) -> None:
    db = tmp_path / "web.sqlite3"
    first = server_factory(db=db, args=ARGS, env=ENV, process=True)
    good = create(first.url, **BOTS)["id"]
    first.stop()
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO tables (id, config, created, touched) VALUES ('bad234', ?, 0, 0)", (BAD,))
    again = server_factory(db=db, args=ARGS, env=ENV, process=True)  # starts (it fails the test where it exits)
    answer = _get(again.url, "/api/tables/bad234")
    assert answer.status_code == 503 and "not JSON" in answer.json()["error"]["message"], answer.text
    watcher = Seat(again.url, good, None)
    _moves_on(watcher, "the good table's bots playing")
    watcher.close()
    assert again.running
    assert "table bad234 is set aside" in again.log_text()


def test_a_row_whose_settings_are_not_json_stops_no_following_takeover_or_start_up_on_postgres(
    server_factory: Any, pg_url: str
) -> None:
    """Two processes; a row of settings that are not JSON appears (announced as a new table, with notes that cannot
    be read on the channels): both keep following, a third process starts, and the first killed, its tables are
    taken over and finished."""
    a, b = (server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2))
    tables = [create(a.url, **BOTS)["id"] for _ in range(2)]
    watchers = [Seat(s.url, t, None) for t in tables for s in (a, b)]  # a keeps its leases: it is watched too
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO tables (id, config, created, touched) VALUES ('bad234', %s, 0, 0)", (BAD,))
        for channel, note in [("roundgames", "t bad234"), ("roundgames", "r"), ("roundgames", "e"),
                              (f"rg_{tables[0]}", f"e {tables[0]} 999999 act 1.0\n{BAD}")]:  # fmt: skip
            conn.execute("SELECT pg_notify(%s, %s)", (channel, note))
    for w in watchers:
        _moves_on(w, "the bots' moves after the bad row and notes")
    third = server_factory(db=pg_url, args=ARGS, env=ENV, process=True)  # starts beside the bad row
    page = _get(third.url, "/t/bad234")  # the first this process hears of it: read, and set aside
    assert page.status_code == 503 and "not JSON" in page.text, page.text
    answer = _get(third.url, "/api/tables/bad234")
    assert answer.status_code == 503 and answer.json()["error"]["message"].startswith("table 'bad234' is unavailable")
    a.kill()
    for w in watchers[1::2]:  # the watchers of the second process: their tables finish there
        w.until(lambda s: bool(s["scores"]["over"]), timeout=120, what="the sitting's end after the kill")
    for t in tables:
        _numbered(pg_url, t)
    for w in watchers:
        w.close()


def _paused(seat: Seat) -> bool:
    return any(m["type"] == "error" and m["code"] == "paused" for m in seat.messages) or bool(seat.state.get("paused"))


def test_a_store_that_cannot_write_pauses_the_table_for_the_spectators_of_every_process(
    server_factory: Any, pg_url: str
) -> None:
    """The database turns read-only under two processes: the spectator on the process that did not write is told
    the table is paused, as the one on the process whose write failed; writable again, play resumes on both."""
    a, b = (server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2))
    made = create(a.url, **{**BOTS, "rounds": 4, "bot_delay": 0.1})["id"]
    here, there = Seat(a.url, made, None), Seat(b.url, made, None)
    _moves_on(there, "the bots' moves")
    name = conninfo_to_dict(pg_url)["dbname"]
    admin_url = make_conninfo(pg_url, dbname="postgres")

    def read_only(on: bool) -> None:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            setting = "SET default_transaction_read_only = on" if on else "RESET default_transaction_read_only"
            admin.execute(f'ALTER DATABASE "{name}" {setting}')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )

    read_only(True)
    for seat in (here, there):
        seat.until(lambda s, seat=seat: _paused(seat), timeout=20, what="the spectator told the table is paused")
    assert "cannot" in str(there.state.get("paused") or ""), there.state.get("paused")
    read_only(False)
    for seat in (here, there):
        seat.until(lambda s: s["paused"] is None, timeout=30, what="the table playing on")
    for seat in (here, there):
        _moves_on(seat, "the bots' moves once the store writes again", timeout=30)
        seat.close()
    _numbered(pg_url, made)


def test_a_table_listed_by_its_host_on_a_process_that_follows_it_is_in_every_lobby(
    server_factory: Any, pg_url: str
) -> None:
    """The host sits and lists the table on the process that follows it, while its leader keeps it (a spectator
    there): the leader reads the settings again, and every process's lobby lists it."""
    a, b = (server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2))
    made = create(a.url, game="nap", players=3, people=2, bot="random", bot_delay=0)["id"]
    watcher = Seat(a.url, made, None)
    watcher.until(lambda s: s["listed"] is False, what="the private table's state")
    token = sit(b.url, made, 0, "Ann")
    time.sleep(1.5)  # every lobby has had time to be read again: the private table is in none
    assert made not in _listed(a.url) | _listed(b.url)
    answer = httpx.post(
        f"{b.url}/api/tables/{made}/listed", json={"token": token, "listed": True}, timeout=10, trust_env=False
    )
    assert answer.status_code == 200, answer.text
    _until(lambda: made in _listed(a.url) and made in _listed(b.url), 5, "the listed table in every lobby")
    watcher.until(lambda s: s["listed"] is True, timeout=5, what="the leader's viewers told it is listed")
    watcher.close()
