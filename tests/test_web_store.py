"""The web table's store, one suite for both back ends: an SQLite file (the default) and a PostgreSQL database (a
real server of Debian's package, started in a temporary directory by tests/pgserver.py).

What a server relies on: a table's events read back in order, from any number on; a number written already is
refused (:class:`SeqTaken`) and changes nothing, whoever wrote it; a write the store cannot make is refused
(:class:`StoreError`) having written nothing, and writes work again once the store can make them; one SQLite file
has one server.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import roundgames
from pgserver import PgServer, why_no_postgres
from roundgames.web.store import SeqTaken, Store, StoreError, open_store

CONFIG = {"game": "loo", "players": 5}

StoreMaker = Callable[[], Store]


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store is kept: an SQLite file, or a fresh PostgreSQL database (``open_store``'s argument)."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def stores(where: str) -> Iterator[StoreMaker]:
    """``make()``: a store at :func:`where`, closed after the test."""
    made: list[Store] = []

    def make() -> Store:
        store = open_store(where, now=time.time)
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


def test_a_table_and_its_events_read_back_in_order_from_any_number(stores: StoreMaker) -> None:
    store = stores()
    created = store.create("abc234", CONFIG)
    store.create("def567", {**CONFIG, "players": 3})
    for seq, kind in enumerate(["sit", "deal", "act", "chat"], 1):
        store.append("abc234", seq, kind, {"n": seq, "text": "Ann ♥"})
    store.append("def567", 1, "sit", {"seat": 0})

    events = store.events("abc234")
    assert [(e.seq, e.kind, e.data) for e in events] == [
        (1, "sit", {"n": 1, "text": "Ann ♥"}),
        (2, "deal", {"n": 2, "text": "Ann ♥"}),
        (3, "act", {"n": 3, "text": "Ann ♥"}),
        (4, "chat", {"n": 4, "text": "Ann ♥"}),
    ]
    assert all(e.ts >= created for e in events)
    assert [e.seq for e in store.events("abc234", after=2)] == [3, 4]
    assert store.events("abc234", after=4) == []
    tables = list(store.tables())
    assert [(t[0], t[1]) for t in tables] == [("abc234", CONFIG), ("def567", {**CONFIG, "players": 3})]
    assert tables[0][2] == created

    store.delete("abc234")
    assert [t[0] for t in store.tables()] == ["def567"]
    assert store.events("abc234") == []
    assert [e.seq for e in store.events("def567")] == [1]


def test_a_number_written_already_is_refused_as_taken_and_changes_nothing(where: str, stores: StoreMaker) -> None:
    store = stores()
    store.create("abc234", CONFIG)
    store.append("abc234", 1, "sit", {"seat": 0})
    # PostgreSQL: another server process wrote it; SQLite has one server per file, so its own second write.
    other = stores() if where.startswith("postgresql://") else store
    with pytest.raises(SeqTaken, match="event 1: written already"):
        other.append("abc234", 1, "act", {"seat": 1})
    assert [(e.seq, e.kind, e.data) for e in store.events("abc234")] == [(1, "sit", {"seat": 0})]
    other.append("abc234", 2, "act", {"seat": 1})  # the next number is free, for either
    assert [e.seq for e in store.events("abc234")] == [1, 2]
    assert store.probe()


def test_a_table_id_taken_is_refused(stores: StoreMaker) -> None:
    store = stores()
    store.create("abc234", CONFIG)
    with pytest.raises(StoreError, match="abc234"):
        store.create("abc234", {**CONFIG, "players": 3})
    assert [t[1] for t in store.tables()] == [CONFIG]


def test_events_and_tables_outlive_the_store_object(where: str) -> None:
    store = open_store(where)
    store.create("abc234", CONFIG)
    store.append("abc234", 1, "sit", {"seat": 0})
    store.close()
    again = open_store(where)
    try:
        assert [e.seq for e in again.events("abc234")] == [1]
        assert [t[0] for t in again.tables()] == ["abc234"]
    finally:
        again.close()


# -- writes the store cannot make -------------------------------------------------------------------------------------

# Run in a process of its own, whose file size limit (RLIMIT_FSIZE) stands for a full disk: past it, every write of
# the file fails (EFBIG) as it would on a full filesystem; raising the limit again is space coming back.
FULL_DISK = textwrap.dedent(
    """
    import json, resource, signal, sys
    from roundgames.web.store import SeqTaken, StoreError, open_store

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing the process
    store = open_store(sys.argv[1])
    store.create("abc234", {"game": "loo"})
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, hard))
    seq, error = 0, None
    while seq < 10_000:
        try:
            store.append("abc234", seq + 1, "chat", {"text": "x" * 2_000})
        except StoreError as e:
            error = (type(e).__name__, str(e))
            break
        seq += 1
    probe_full = store.probe()
    stored_full = [e.seq for e in store.events("abc234")]
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # the disk has room again
    probe_after = store.probe()
    store.append("abc234", seq + 1, "chat", {"text": "after"})
    print(json.dumps({"seq": seq, "error": error, "stored_full": stored_full, "probe_full": probe_full,
                      "probe_after": probe_after, "stored_after": [e.seq for e in store.events("abc234")]}))
    store.close()
    """
)


def test_a_full_disk_refuses_the_write_writes_nothing_and_writes_again_once_there_is_room(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, str(tmp_path / "full.sqlite3")],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["error"] is not None, "the file size limit was never reached"
    kind, message = out["error"]
    assert kind == "StoreError", out["error"]  # not SeqTaken: nobody else wrote that number
    assert message.startswith(f"table abc234: event {out['seq'] + 1}: the store could not write it: "), message
    assert out["seq"] > 0
    assert out["stored_full"] == list(range(1, out["seq"] + 1))  # the refused event is not there: no hole, no extra
    assert out["probe_full"] is False  # a paused table would not resume yet
    assert out["probe_after"] is True
    assert out["stored_after"] == list(range(1, out["seq"] + 2))


READ_ONLY = textwrap.dedent(
    """
    import sys
    from roundgames.web.store import StoreError, open_store
    try:
        open_store(sys.argv[1])
    except StoreError as e:
        print(e)
    else:
        print("opened")
    """
)


def test_a_read_only_sqlite_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    shared = Path(tempfile.mkdtemp(prefix="roundgames-ro-"))  # a place another user may read, for the root case
    try:
        shared.chmod(0o755)
        path = shared / "tables.sqlite3"
        store = open_store(str(path))
        store.create("abc234", CONFIG)
        store.close()
        path.chmod(0o444)
        # Root writes any file whatever its mode: then the file is tried by an unprivileged user, as a server
        # would run.
        as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] if os.geteuid() == 0 else []
        # That user may not read the checkout (a private temporary folder): the package goes beside the file.
        package = shared / "lib" / "roundgames"
        shutil.copytree(Path(roundgames.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
        for folder in [shared / "lib", *(p for p in package.rglob("*") if p.is_dir()), package]:
            folder.chmod(0o755)
        done = subprocess.run(
            [*as_user, sys.executable, "-c", READ_ONLY, str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=shared,
            env={**os.environ, "PYTHONPATH": str(shared / "lib")},
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"--db {path}: cannot open the store: Permission denied"
    finally:
        shutil.rmtree(shared)


@pytest.mark.skipif(why_no_postgres() is not None, reason=why_no_postgres() or "")
def test_a_stopped_database_refuses_the_write_and_writes_again_when_it_is_back() -> None:
    with PgServer() as pg:
        url = pg.new_database()
        store = open_store(url)
        try:
            store.create("abc234", CONFIG)
            store.append("abc234", 1, "sit", {"seat": 0})
            pg.halt()
            with pytest.raises(StoreError, match="table abc234: event 2: the store could not write it") as info:
                store.append("abc234", 2, "act", {"seat": 0})
            assert not isinstance(info.value, SeqTaken)
            assert store.probe() is False
            pg.resume()
            assert store.probe() is True
            store.append("abc234", 2, "act", {"seat": 0})  # the same number: the failed write wrote nothing
            assert [e.seq for e in store.events("abc234")] == [1, 2]
        finally:
            store.close()


def test_an_unreachable_database_is_refused_at_open_with_its_url_without_password() -> None:
    with pytest.raises(StoreError, match=r"--db postgresql://ann:\*\*\*@127\.0\.0\.1:1/x: cannot open the store"):
        open_store("postgresql://ann:secret@127.0.0.1:1/x")


# -- PostgreSQL: no connection that waits for ever ----------------------------------------------------------------


def _shown(conn: Any, *names: str) -> list[str]:
    return [conn.execute(f"SHOW {name}").fetchone()[0] for name in names]


def test_every_postgresql_connection_times_out_its_statements_and_finds_a_dead_peer_in_seconds(pg_url: str) -> None:
    """Statements stop after 5 s, the client probes an idle connection after 5 s (every 2 s, 3 times) and gives up
    data unacknowledged for 10 s; on the lease connection the database probes the process as fast, and closes it
    after 30 s of silence, so that a crashed host's leases are let go in seconds, not after TCP's two hours."""
    from roundgames.web.pgstore import PgStore, connect_args

    store = open_store(pg_url)
    assert isinstance(store, PgStore)
    try:
        db, lease = store._conn(), store._lease_conn()
        for conn in (db, lease):
            assert _shown(conn, "statement_timeout") == ["5s"]
            client = conn.info.get_parameters()
            assert {k: client.get(k) for k in ("keepalives", "keepalives_idle", "keepalives_interval")} == {
                "keepalives": "1",
                "keepalives_idle": "5",
                "keepalives_interval": "2",
            }
            assert (client.get("keepalives_count"), client.get("tcp_user_timeout")) == ("3", "10000")
        probes = ("tcp_keepalives_idle", "tcp_keepalives_interval", "tcp_keepalives_count", "tcp_user_timeout")
        assert _shown(lease, *probes, "idle_session_timeout") == ["5", "2", "3", "10000", "30s"]
        assert _shown(db, "idle_session_timeout") == ["0"]  # the events' connection may rest as long as it likes
    finally:
        store.close()
    # The listener's connection is opened with the same settings; a URL's own settings win.
    listener = connect_args(pg_url + "?keepalives_idle=9&options=-c%20search_path%3Dpublic")
    assert listener["keepalives_idle"] == "9" and listener["keepalives_count"] == "3"
    assert listener["options"] == "-c statement_timeout=5000 -c search_path=public"


def test_a_write_stuck_behind_a_lock_is_refused_at_the_statement_timeout_and_made_once_the_lock_goes(
    pg_url: str,
) -> None:
    """The store is used from the event loop's thread: a statement that waits is refused (a :class:`StoreError`,
    the table pauses) rather than stopping every table of the process. A URL's own statement timeout wins."""
    import psycopg

    store = open_store(pg_url + "?options=-c%20statement_timeout%3D300")
    try:
        store.create("abc234", CONFIG)
        with psycopg.connect(pg_url) as other, other.transaction():
            other.execute("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
            began = time.monotonic()
            with pytest.raises(StoreError, match=r"event 1: the store could not write it: .*statement timeout"):
                store.append("abc234", 1, "sit", {"seat": 0})
            with pytest.raises(StoreError, match=r"table abc234: the store could not be read: .*statement timeout"):
                store.events("abc234")
            assert time.monotonic() - began < 3
        store.append("abc234", 1, "sit", {"seat": 0})
        assert [(e.seq, e.kind) for e in store.events("abc234")] == [(1, "sit")]
    finally:
        store.close()


def _cut(pg_url: str, pid: int) -> None:
    """End a connection from the database's side (as its idle timeout, or a restart of the network, would)."""
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone():
            time.sleep(0.05)


def test_a_lease_connection_closed_holding_no_lease_is_opened_again_at_once_and_one_holding_leases_says_so(
    pg_url: str,
) -> None:
    """The database closes a lease connection that has been silent (a process that led nothing): the next table
    that process makes is its own at once. A lease connection lost holding leases is said lost first (the process
    stops playing those tables), and only then opened again."""
    from roundgames.web.pgstore import PgStore

    here, there = open_store(pg_url), open_store(pg_url)
    assert isinstance(here, PgStore) and isinstance(there, PgStore)
    try:
        assert there.try_lead(["abc234"]) == {"abc234"}
        assert here.try_lead(["abc234"]) == set()  # held by the other process; this one holds none
        _cut(pg_url, here._lease_conn().info.backend_pid)
        assert here.try_lead(["def567"]) == {"def567"}  # at once, on a new connection
        assert here.leases_held()
        _cut(pg_url, here._lease_conn().info.backend_pid)
        assert here.try_lead(["ghj892"]) == set()  # its leases went with the connection: said first
        assert not here.leases_held()
        assert here.try_lead(["def567", "ghj892"]) == {"def567", "ghj892"}  # then taken again
    finally:
        here.close()
        there.close()


def test_a_lease_connection_lost_holding_leases_takes_none_anywhere_until_the_loss_is_said(pg_url: str) -> None:
    """Whatever asks first for a lease after the connection holding some was lost (a lease let go by another
    process, an orphan's), it takes none until :meth:`leases_held` has said the leases are gone: its tables still
    think they are led here, and must stop playing before any lease is taken again."""
    from roundgames.web.pgstore import PgStore

    here, there = open_store(pg_url), open_store(pg_url)
    assert isinstance(here, PgStore) and isinstance(there, PgStore)
    try:
        here.create("abc234", CONFIG)
        there.create("def567", CONFIG)
        assert here.try_lead(["abc234"]) == {"abc234"}
        _cut(pg_url, here._lease_conn().info.backend_pid)
        assert here.try_lead(["def567"]) == set()
        assert here.try_lead(["def567"]) == set()  # not on a new connection either
        assert here.orphans("here", []) == []
        with pytest.raises(StoreError, match="lost with their connection"):
            here.let_go(["abc234"])
        assert not here.leases_held()
        assert [t for t, _, _ in here.orphans("here", [])] == ["abc234", "def567"]  # said: taken again
        assert here.leases_held()
    finally:
        here.close()
        there.close()


def test_a_table_forgotten_lets_its_lease_go(pg_url: str) -> None:
    """The process that led a table it forgets (idle) lets the lease go with it: each lease kept is a lock in the
    database's shared lock table, and a process forgetting tables for weeks would fill it."""
    from roundgames.web.pgstore import PgStore

    here, there = open_store(pg_url), open_store(pg_url)
    assert isinstance(here, PgStore) and isinstance(there, PgStore)
    try:
        here.create("abc234", CONFIG)
        assert here.try_lead(["abc234"]) == {"abc234"}
        assert there.try_lead(["abc234"]) == set()
        here.delete("abc234")
        assert there.try_lead(["abc234"]) == {"abc234"}
    finally:
        here.close()
        there.close()


def test_the_leader_of_a_table_hears_what_the_others_write_of_it_and_never_its_own_writes(pg_url: str) -> None:
    """Three processes' stores on one table: the first leads it, the third follows it. The follower hears every
    event, seat moved and change of settings; the leader hears the events the others wrote, never its own (nearly
    all of a table's), and every seat moved and change of settings (rare, and never read again by a catch-up).
    Once the lease moves to the follower, it listens to the leader's channel and hears the old leader's writes
    there."""
    from roundgames.web.pgstore import PgStore

    async def main() -> None:
        leader, other, follower = (open_store(pg_url) for _ in range(3))
        assert all(isinstance(s, PgStore) for s in (leader, other, follower))
        assert isinstance(leader, PgStore) and isinstance(follower, PgStore)
        follower_leads = {"abc234": False}
        heard: dict[str, list[str]] = {"leader": [], "follower": []}

        async def listen(who: str, store: PgStore, held: Callable[[], dict[str, bool]]) -> None:
            async for note in store.notifications(held):
                heard[who].append(note.partition("\n")[0].rsplit(" ", 1)[0] if note.startswith("e ") else note)

        async def until(who: str, note: str) -> None:
            for _ in range(200):
                if note in heard[who]:
                    return
                await asyncio.sleep(0.05)
            raise AssertionError(f"{who} never heard {note!r}: {heard[who]}")

        try:
            leader.create("abc234", CONFIG)
            assert leader.try_lead(["abc234"]) == {"abc234"}
            tasks = [
                asyncio.create_task(listen("leader", leader, lambda: {"abc234": True})),
                asyncio.create_task(listen("follower", follower, lambda: dict(follower_leads))),
            ]
            await until("leader", "l abc234")
            await until("follower", "l abc234")
            leader.append("abc234", 1, "act", {"seat": 0})
            other.append("abc234", 2, "act", {"seat": 1})
            leader.announce("m abc234 0 leader", "abc234")
            other.announce("m abc234 1 other", "abc234")
            leader.configure("abc234", CONFIG)
            await until("follower", "c abc234")
            await until("leader", "c abc234")
            # "e TABLE SEQ KIND" (the time left out): the follower hears everything, the leader the others' alone
            assert heard["follower"] == ["l abc234", "e abc234 1 act", "e abc234 2 act", "m abc234 0 leader",
                                         "m abc234 1 other", "c abc234"]  # fmt: skip
            assert heard["leader"] == [
                "l abc234",
                "e abc234 2 act",
                "m abc234 0 leader",
                "m abc234 1 other",
                "c abc234",
            ]
            leader.let_go(["abc234"])
            assert follower.try_lead(["abc234"]) == {"abc234"}
            heard["follower"].clear()
            follower_leads["abc234"] = True
            await until("follower", "l abc234")  # on the leader's channel now: caught up from the store
            leader.append("abc234", 3, "act", {"seat": 2})  # the old leader leads it no more: announced to the new
            follower.append("abc234", 4, "act", {"seat": 3})
            other.append("abc234", 5, "act", {"seat": 4})
            await until("follower", "e abc234 5 act")
            assert [n for n in heard["follower"] if n.startswith("e ")] == ["e abc234 3 act", "e abc234 5 act"]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            for store in (leader, other, follower):
                store.close()

    asyncio.run(main())


# -- one SQLite file, one server --------------------------------------------------------------------------------------


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "roundgames", "serve", "--port", str(port), "--db", str(db), "--quiet"]


def test_a_second_server_on_the_same_sqlite_file_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    first_port = _free_port()
    log = (tmp_path / "first.log").open("wb")
    first = subprocess.Popen(_serve(db, first_port), stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert first.poll() is None, (tmp_path / "first.log").read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{first_port}/api/tables", trust_env=False).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the first server never answered"
            time.sleep(0.1)

        second = subprocess.run(_serve(db, _free_port()), capture_output=True, text=True, timeout=60)
        assert second.returncode == 2, second.stderr
        assert f"--db {db}: another roundgames server is using this file" in second.stderr
        assert "Traceback" not in second.stderr
        # The first one serves on, untouched.
        assert httpx.get(f"http://127.0.0.1:{first_port}/api/tables", trust_env=False).status_code == 200
    finally:
        first.terminate()
        first.wait(20)
        log.close()


def test_the_postgresql_driver_is_imported_by_the_postgresql_store_alone() -> None:
    """The core and the rest of the web table need no driver: only ``roundgames.web.pgstore`` imports psycopg."""
    src = Path(__file__).resolve().parents[1] / "src" / "roundgames"
    importing = sorted(
        str(p.relative_to(src))
        for p in src.rglob("*.py")
        if any(line.lstrip().startswith(("import psycopg", "from psycopg")) for line in p.read_text().splitlines())
    )
    assert importing == ["web/pgstore.py"]


def test_a_password_in_the_database_url_is_never_shown() -> None:
    from roundgames.web.store import shown

    assert shown("postgresql://ann:secret@db.example:5432/tables") == "postgresql://ann:***@db.example:5432/tables"
    assert shown("postgresql://ann@127.0.0.1/tables") == "postgresql://ann@127.0.0.1/tables"
    assert shown("tables.sqlite3") == "tables.sqlite3"
