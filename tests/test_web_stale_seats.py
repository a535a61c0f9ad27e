"""The people keep their seats while a table's store cannot be read (docs/web.md, "When the store cannot write").

A write fails and the table cannot even be read back: memory is emptied (it may hold what was not stored), but a
seated person's page that reconnects, or his rejoin link opened afresh, is welcomed at his seat and told only that
the table is paused, with no state; a token that sits nowhere is answered ``paused`` too, never ``bad_token`` while
the table is paused (a page forgets its link on ``bad_token``). Once the store answers, the table is read back, the
person plays on in his seat, and a token the stored table does not seat is told ``bad_token`` as usual.

Through the protocol: a real server, real websockets, and its real SQLite file, whose ``events`` table another
connection moves away and back (every read and write of the table's events then fails as on a store that has lost
it: "no such table"), or which the server's own connection makes read-only (``PRAGMA query_only``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from roundgames.web.seating import hash_token
from webproto import Client, Server, Table


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path)
    yield server
    server.stop()


def _db(served: Server) -> Path:
    return served.log_path.parent / "tables.sqlite3"


def _events_away(served: Server, away: bool) -> None:
    """Move the store's ``events`` table out of its reach (``away``), or back."""
    names = ("events", "events_away") if away else ("events_away", "events")
    with sqlite3.connect(_db(served), isolation_level=None) as other:
        other.execute(f"ALTER TABLE {names[0]} RENAME TO {names[1]}")


def _legal(state: dict[str, Any]) -> str:
    return str(next(e["action"] for e in state["legal"] if "choose" not in e))


def _refused_store_failed(doer: Client) -> None:
    """The action is refused, not stored (every viewer, ``doer`` too, is told that the table is paused)."""
    refusal = doer.until(lambda m: m["type"] == "error" and m["code"] != "paused", "the refusal")
    assert refusal["code"] == "store_failed", refusal


def _welcomed_paused(client: Client, token: str, since: int | None) -> dict[str, Any]:
    """Say hello with ``token``: the welcome, then only why the table stops (no state); the welcome."""
    client.send({"type": "hello", "token": token, "since": since})
    welcome = client.recv()
    assert welcome["type"] == "welcome", welcome
    paused = client.recv()
    assert paused["type"] == "error" and paused["code"] == "paused", paused
    assert "cannot save the game" in paused["message"]
    return welcome


def _refused_paused(served: Server, table: str, token: str) -> None:
    """A hello with ``token`` on a new connection is answered ``paused``, not ``bad_token``."""
    with served.ws(table) as stranger:
        stranger.send({"type": "hello", "token": token, "since": None})
        error = stranger.recv()
        assert error["type"] == "error" and error["code"] == "paused", error
        assert error["field"] == "token" and "paused" in error["message"]


def _lobby(served: Server) -> set[str]:
    return {t["id"] for t in served.http.get("/api/tables").json()["tables"]}


def _refused_bad_token(served: Server, table: str, token: str) -> None:
    with served.ws(table) as stranger:
        stranger.send({"type": "hello", "token": token, "since": None})
        error = stranger.recv()
        assert error["type"] == "error" and error["code"] == "bad_token", error


def test_a_seated_person_keeps_his_seat_while_the_store_cannot_be_read_and_plays_on_after(served: Server) -> None:
    table = Table(served, game="loo", players=3)
    try:
        seat = table.to_act()
        doer = table.client(seat)
        state = doer.snapshot(table.tokens[seat])["state"]
        action, seq = _legal(state), doer.seq
        watcher = table.client((seat + 1) % 3)
        listed = served.http.post(f"/api/tables/{table.id}/listed", json={"token": table.tokens[0], "listed": True})
        assert listed.status_code == 200 and table.id in _lobby(served), listed.text
        _events_away(served, True)
        doer.send({"type": "act", "action": action})
        _refused_store_failed(doer)
        assert watcher.of_type("error")["code"] == "paused"

        # His page reconnects (with the seq it has), then his rejoin link is opened on a fresh page: each time he is
        # welcomed at his seat, by his name, and told only that the table is paused.
        with served.ws(table.id) as again:
            welcome = _welcomed_paused(again, table.tokens[seat], seq)
            assert (welcome["seat"], welcome["name"]) == (seat, state["seats"][seat]["name"])
        fresh = served.ws(table.id)
        welcome = _welcomed_paused(fresh, table.tokens[seat], None)
        assert welcome["seat"] == seat
        _refused_paused(served, table.id, "a-token-that-sits-nowhere")
        assert all(m.get("state") is None for m in fresh.seen), fresh.seen  # nothing memory held was shown
        # The host (Ann, the first to sit) is refused as paused, not told that nobody has sat down.
        listed = served.http.post(f"/api/tables/{table.id}/listed", json={"token": table.tokens[0], "listed": True})
        assert listed.status_code == 503 and "paused" in listed.json()["error"]["message"], listed.text
        stop = served.http.post(f"/api/tables/{table.id}/stop", json={"token": table.tokens[0]})
        assert stop.status_code == 503 and "paused" in stop.json()["error"]["message"], stop.text
        assert table.id not in _lobby(served)  # memory holds the table as made, not as it stands

        _events_away(served, False)
        back = fresh.until(lambda m: m["type"] == "snapshot", "the table read back")
        assert back["seq"] == seq and back["state"]["paused"] is None
        assert back["state"]["you"] == seat and back["state"]["hand"] == state["hand"]
        fresh.send({"type": "act", "action": action})  # he plays on in his seat: the action refused before
        played = fresh.until(lambda m: m["type"] == "update", "his action")
        assert played["seq"] == seq + 1 and played["state"]["you"] == seat
        _refused_bad_token(served, table.id, "a-token-that-sits-nowhere")  # a playing table judges the link
        assert table.id in _lobby(served)
        fresh.ws.close()
    finally:
        table.close()


def test_a_link_the_stored_table_replaced_meanwhile_is_told_bad_token_once_the_store_is_read_back(
    served: Server,
) -> None:
    """While the store could not be read, the seat's link was replaced there (as another server process sharing the
    store would write a new link asked on another device): the people kept the seats memory had, so the old link
    was welcomed, paused; once the table is read back it no longer sits, and its connection is told ``bad_token``."""
    table = Table(served, game="loo", players=3)
    try:
        seat = table.to_act()
        doer = table.client(seat)
        action = _legal(doer.snapshot(table.tokens[seat])["state"])
        _events_away(served, True)
        doer.send({"type": "act", "action": action})
        _refused_store_failed(doer)
        kept = served.ws(table.id)
        _welcomed_paused(kept, table.tokens[seat], None)

        new_token = "a-new-link-made-elsewhere"
        with sqlite3.connect(_db(served), isolation_level=None) as other:
            last = other.execute("SELECT max(seq) FROM events_away WHERE table_id = ?", (table.id,)).fetchone()[0]
            data = json.dumps({"seat": seat, "hash": hash_token(new_token)}, sort_keys=True)
            other.execute(
                "INSERT INTO events_away (table_id, seq, kind, data, ts) VALUES (?, ?, 'relink', ?, 0)",
                (table.id, last + 1, data),
            )
        _events_away(served, False)
        told = kept.until(lambda m: m["type"] == "error" and m["code"] == "bad_token", "the link refused")
        assert "does not sit at this table" in told["message"] and told["field"] == "token"
        assert all(m.get("state") is None for m in kept.seen), kept.seen  # it never saw the table as stored
        _refused_bad_token(served, table.id, table.tokens[seat])
        with served.ws(table.id) as moved:  # the new link sits: the seat is its
            moved.send({"type": "hello", "token": new_token, "since": None})
            assert moved.of_type("welcome")["seat"] == seat
            assert moved.of_type("snapshot")["state"]["you"] == seat
    finally:
        table.close()


def test_a_token_that_sits_nowhere_is_answered_paused_while_the_store_cannot_write(served: Server) -> None:
    """Readable but not writable: memory is the store, and still a paused table judges no link (the page keeps it
    and asks again); once the table plays on, the same hello is told ``bad_token``, and a seated link sits."""
    table = Table(served, game="loo", players=3)
    try:
        seat = table.to_act()
        doer = table.client(seat)
        action = _legal(doer.snapshot(table.tokens[seat])["state"])
        store = served.served._server.config.app.state.server.store.db  # type: ignore[union-attr]
        store.execute("PRAGMA query_only = ON")  # the next write fails: read-only
        doer.send({"type": "act", "action": action})
        _refused_store_failed(doer)
        _refused_paused(served, table.id, "a-token-that-sits-nowhere")
        with served.ws(table.id) as again:  # a seated link is welcomed, and sent the table as stored, paused
            welcome, snapshot = again.hello(table.tokens[seat])
            assert welcome["seat"] == seat and snapshot["state"]["paused"] is not None
        store.execute("PRAGMA query_only = OFF")
        doer.until(lambda m: (m.get("state") or {}).get("paused", 1) is None, "the table playing again")
        _refused_bad_token(served, table.id, "a-token-that-sits-nowhere")
    finally:
        table.close()
