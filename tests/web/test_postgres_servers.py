"""Several `roundgames serve` processes on one PostgreSQL database (a real server, tests/pgserver.py), with real
websocket clients spread across them: every process shows every table, a person plays on one process while the
bots of his table run on another, and a process killed with SIGKILL in the middle of its deals leaves them to the
others, which finish them with the same cards and actions as one server that never stopped, no event lost or
doubled."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from pgserver import PgServer
from roundgames.web.store import open_store

from .webclient import Seat, create, play_first, sit

NAP = {
    "listed": True,
    "game": "nap",
    "players": 4,
    "people": 0,
    "bot_delay": 0.03,
    "rounds": 2,
    "bots": ["random", "sensible"] * 2,
}
ENV = {"ROUNDGAMES_CREATE_LIMIT": "0"}
#: every server here is a process of its own (process=True): several share one database, as processes do, and one
#: is killed
#: one bot worker each: three servers share the machine's cores
ARGS = ["--deal-pause", "0", "--bot-workers", "1", "--quiet"]


def _get(base: str, path: str) -> Any:
    answer = httpx.get(f"{base}{path}", timeout=10, trust_env=False)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _listed(base: str) -> set[str]:
    return {t["id"] for t in _get(base, "/api/tables")["tables"]}


def _until(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _over(state: dict[str, Any]) -> bool:
    return bool(state["scores"]["over"])


def _stored(url: str, table: str) -> list[tuple[int, str, str]]:
    """The table's events as the database holds them: ``(seq, kind, data)``."""
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT seq, kind, data FROM events WHERE table_id = %s ORDER BY seq", (table,))
        return [(int(seq), kind, data) for seq, kind, data in rows.fetchall()]


def test_every_process_shows_every_table_and_a_move_on_one_is_seen_on_the_others(
    server_factory: Any, pg_url: str
) -> None:
    servers = [server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2)]
    a, b = servers
    made = create(a.url, game="nap", listed=True, players=4, people=1, bot="random", bot_delay=0)["id"]
    _until(lambda: made in _listed(b.url), 5, "the table made on one process in the other's lobby")
    token = sit(b.url, made, 0, "Ann")  # sat down on the other process: the seat is taken everywhere
    assert _get(a.url, f"/api/tables/{made}")["seats"][0]["name"] == "Ann"
    ann = Seat(b.url, made, token)  # her seat was the only one open: the sitting starts
    watcher = Seat(a.url, made, None)
    ann.until(lambda s: ann.my_turn(), timeout=20, what="Ann's turn")
    sent = play_first(ann)
    # The spectator on the other process sees Ann's action in its log.
    watcher.until(lambda s: any(e["seat"] == 0 and e["kind"] == "action" for e in watcher.log), what="Ann's move")
    assert [e for e in watcher.log if e["kind"] == "action" and e["seat"] == 0]
    stored = [ev for ev in _stored(pg_url, made) if ev[1] == "act" and '"bot": false' in ev[2]]
    assert len(stored) == 1 and sent.split()[0] in stored[0][2]
    ann.close()
    watcher.close()


def test_a_process_killed_mid_deal_leaves_its_tables_to_the_others_with_the_same_cards(
    server_factory: Any, pg_url: str, tmp_path: Path
) -> None:
    """Three processes on one database. Two tables of bots are made on the first (which leads them), and the same
    tables in an SQLite file for one server alone, never stopped, to compare with. A third table has a person
    connected to the second process while its bots run on the first. Spectators watch each table on every process.
    The first is killed with SIGKILL mid-deal: the others take its tables over and finish them, each deal and
    action as the unbroken server played it; the person's moves are all stored once, none lost."""
    first, second, third = (server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(3))
    tables = [create(first.url, **NAP)["id"] for _ in range(2)]
    person = create(first.url, **{**NAP, "people": 1, "bot_delay": 0.05})["id"]

    # The same tables, alone on one server that is never stopped: what the three must play.
    pg = open_store(pg_url)
    settings = {t[0]: t[1] for t in pg.tables()}
    pg.close()
    alone_db = tmp_path / "alone.sqlite3"
    alone_store = open_store(str(alone_db))
    for table in tables:
        alone_store.create(table, settings[table])
    alone_store.close()
    alone = server_factory(db=alone_db, args=ARGS, env=ENV, process=True)
    watchers = [Seat(alone.url, t, None) for t in tables]
    for w in watchers:
        w.until(_over, timeout=120, what="the end of the unbroken sitting")
        w.close()
    expected = [_get(alone.url, f"/api/tables/{t}/records.json") for t in tables]
    alone.stop()

    for server in (second, third):
        _until(lambda s=server: {*tables, person} <= _listed(s.url), 5, "every table in every process's lobby")
    token = sit(second.url, person, 0, "Ann")
    ann = Seat(second.url, person, token)  # her seat was the only one open: the sitting starts
    spectators = {s.url: [Seat(s.url, t, None) for t in tables] for s in (first, second, third)}
    moves = 0
    played_at = -1  # the table's number when she last played: once for each state she is shown

    def play_ann() -> None:
        nonlocal moves, played_at
        with contextlib.suppress(TimeoutError):
            while True:
                ann.recv(timeout=0.01)
        if ann.my_turn() and ann.seq != played_at:
            played_at = ann.seq
            play_first(ann)
            moves += 1

    # Mid-deal at both bot tables, as the first process (their leader) sees them.
    at_first = spectators[first.url]
    deadline = time.monotonic() + 60
    while not all(w.state.get("deal") and w.state["deal"]["number"] >= 2 for w in at_first):
        assert time.monotonic() < deadline, "the second deal never came"
        for w in at_first:
            w.recv(timeout=5)
        play_ann()
    dealt = [w.state["deal"]["number"] for w in at_first]
    assert not any(_over(w.state) for w in at_first), "the sitting ended before the kill: it proves nothing"
    first.kill()

    # The others finish every table, and Ann plays her sitting to its end on the second.
    for w in spectators[second.url] + spectators[third.url]:
        w.until(_over, timeout=120, what="the end of the sitting after the kill")
    deadline = time.monotonic() + 120
    while not (ann.state and _over(ann.state)):
        assert time.monotonic() < deadline, f"Ann's sitting did not end; last state: {ann.state}"
        with contextlib.suppress(TimeoutError):
            ann.recv(timeout=1)
        play_ann()

    for table, before, number in zip(tables, expected, dealt, strict=True):
        after = [_get(s.url, f"/api/tables/{table}/records.json") for s in (second, third)]
        assert after[0] == after[1], "the two processes tell the sitting differently"
        assert len(after[0]) > number, "no deal was played after the kill"
        assert [r["actions"] for r in after[0]] == [r["actions"] for r in before]
        assert after[0] == before
    for table in [*tables, person]:
        seqs = [ev[0] for ev in _stored(pg_url, table)]
        assert seqs == list(range(1, len(seqs) + 1)), f"table {table}: events not numbered 1..N"
    ann_moves = [ev for ev in _stored(pg_url, person) if ev[1] == "act" and '"seat": 0' in ev[2]]
    ann_moves = [ev for ev in ann_moves if '"bot": false' in ev[2]]
    errors = [m for m in ann.messages if m["type"] == "error"]
    assert len(ann_moves) == moves - len(errors), (moves, errors)
    assert len(ann_moves) >= 5
    ann.close()
    for seats in spectators.values():
        for w in seats:
            w.close()


def test_the_leader_counts_a_person_connected_to_another_process_and_plays_her_seat_once_she_has_gone(
    server_factory: Any, pg_url: str
) -> None:
    """A person's countdown (3 s here) is for a person connected nowhere: her bots run on the first process, she is
    connected to the second, and her turn waits for her past her countdown; once she has gone from every process,
    her seat's bot plays it after her countdown."""
    args = [*ARGS, "--away-seconds", "3"]
    leader, other = (server_factory(db=pg_url, args=args, env=ENV, process=True) for _ in range(2))
    made = create(leader.url, game="nap", listed=True, players=3, people=1, bot="random", bot_delay=0)["id"]
    _until(lambda: made in _listed(other.url), 5, "the table in the other process's lobby")
    ann = Seat(other.url, made, sit(other.url, made, 0, "Ann"))
    watcher = Seat(leader.url, made, None)
    ann.until(lambda s: ann.my_turn(), timeout=20, what="Ann's turn")
    watcher.until(lambda s: s["seats"][0]["connected"], timeout=5, what="the leader to see Ann connected elsewhere")
    time.sleep(5)  # past her countdown: had the leader not counted her, her bot would have played
    with contextlib.suppress(TimeoutError):
        while True:
            ann.recv(timeout=0.2)
    assert ann.my_turn(), "the leader played the turn of a person connected to another process"
    assert not [e for e in watcher.log if e["kind"] == "action" and e["seat"] == 0]
    ann.close()
    watcher.until(lambda s: not s["seats"][0]["connected"], timeout=10, what="the leader to see Ann gone")
    watcher.until(
        lambda s: any(e["kind"] == "action" and e["seat"] == 0 for e in watcher.log),
        timeout=15,
        what="Ann's bot to play her turn once she has gone",
    )
    watcher.close()


def test_a_database_gone_away_pauses_the_table_and_play_resumes_when_it_is_back(server_factory: Any) -> None:
    """The database stops under a running server: the action is refused (not saved, so not done), the table pauses
    and says why; the database comes back and play goes on, the refused action free to be made again."""
    with PgServer() as pg:
        url = pg.new_database()
        web = server_factory(db=url, args=ARGS, env=ENV, process=True)
        made = create(web.url, game="nap", listed=True, players=3, people=1, bot="random", bot_delay=0)["id"]
        ann = Seat(web.url, made, sit(web.url, made, 0, "Ann"))
        ann.until(lambda s: ann.my_turn(), timeout=20, what="Ann's turn")
        before = len(_stored(url, made))
        pg.halt()
        action = play_first(ann)
        # Every viewer is told why the table stops (the store cannot even be read: no snapshot can be trusted),
        # and the sender that his action was not done.
        errors = [ann.error(), ann.error()]
        assert {e["code"] for e in errors} == {"paused", "store_failed"}, errors
        refused = next(e for e in errors if e["code"] == "store_failed")
        assert refused["message"].startswith("not saved, so not done: the server cannot save the game"), refused
        snapshots = sum(m["type"] == "snapshot" for m in ann.messages)
        pg.resume()
        deadline = time.monotonic() + 20
        while sum(m["type"] == "snapshot" for m in ann.messages) == snapshots:  # the table read back, playing on
            assert time.monotonic() < deadline, "the table did not play on once the database was back"
            with contextlib.suppress(TimeoutError):
                ann.recv(timeout=1)
        assert ann.state["paused"] is None
        assert ann.my_turn()
        ann.send({"type": "act", "action": action})
        ann.until(lambda s: not ann.my_turn() or s["deal"]["to_act"] != 0, timeout=10, what="Ann's action applied")
        events = _stored(url, made)
        assert [e[0] for e in events] == list(range(1, len(events) + 1))
        assert len([e for e in events[before:] if e[1] == "act" and '"bot": false' in e[2]]) == 1
        ann.close()


def test_a_rejoin_link_opened_on_another_process_moves_the_seat_and_a_new_link_closes_the_old_one_everywhere(
    server_factory: Any, pg_url: str
) -> None:
    """The rejoin link opened on a device that reached another process takes the seat there (the first device
    watches, told why); a new link asked on one process closes every connection of the old link on the others."""
    a, b = (server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2))
    made = create(a.url, game="nap", listed=True, players=3, people=1, bot="random", bot_delay=0)["id"]
    _until(lambda: made in _listed(b.url), 5, "the table in the other process's lobby")
    old = sit(a.url, made, 0, "Ann")
    laptop = Seat(a.url, made, old)
    laptop.until(lambda s: s["you"] == 0, what="the laptop seated")
    phone = Seat(b.url, made, old)  # the same link, on a device that reached the other process
    phone.until(lambda s: s["you"] == 0, what="the phone seated")
    laptop.until(lambda s: s["you"] is None, timeout=10, what="the laptop to lose the seat to the phone")
    assert any(m["type"] == "seat_lost" and m["reason"] == "moved" for m in laptop.messages)
    phone.send({"type": "new_link"})
    deadline = time.monotonic() + 10
    while not any(m["type"] == "new_link" for m in phone.messages):
        assert time.monotonic() < deadline, "no new link"
        phone.recv(timeout=max(0.01, deadline - time.monotonic()))
    error = laptop.error(timeout=10)  # it said hello with the old link: told, and closed
    assert error["code"] == "bad_token" and error["field"] == "token"
    with pytest.raises(ConnectionClosed):
        while True:
            laptop.recv(timeout=10)
    assert laptop.ws.close_code == 4403
    again = Seat(a.url, made, old)  # the old link sits on no process
    assert again.error()["code"] == "bad_token"
    for seat in (again, phone):
        seat.close()
