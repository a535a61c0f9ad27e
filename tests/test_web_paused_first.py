"""While a table is paused (its store cannot write: docs/web.md, "When the store cannot write"), every command is
answered ``paused`` first, before its own checks (``not_your_turn``, ``no_deal``, ``no_undo`` ...): the table is
not playing, whatever the command. Through the protocol: a real server, real websockets; its SQLite file made
read-only the way SQLite itself refuses writes (``PRAGMA query_only`` on the server's own connection)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from webproto import Client, Server, Table


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path)
    yield server
    server.stop()


def _store_db(server: Server) -> Any:
    """The served application's own SQLite connection."""
    assert server.served is not None and server.served._server is not None
    return server.served._server.config.app.state.server.store.db


def _legal(client: Client, token: str) -> str:
    state = client.snapshot(token)["state"]
    return str(next(e["action"] for e in state["legal"] if "choose" not in e))


def test_every_command_is_answered_paused_first_while_the_table_is_paused(served: Server) -> None:
    table = Table(served, game="loo", players=3)
    try:
        seat = table.to_act()
        other = (seat + 1) % 3
        doer, waiter = table.client(seat), table.client(other)
        action = _legal(doer, table.tokens[seat])
        _store_db(served).execute("PRAGMA query_only = ON")  # the next write fails: read-only
        doer.send({"type": "act", "action": action})
        assert doer.of_type("error")["code"] == "store_failed"
        assert waiter.until(lambda m: (m.get("state") or {}).get("paused") is not None, "the pause")
        commands: list[dict[str, Any]] = [
            {"type": "act", "action": action},  # not his turn: not_your_turn, were the table playing
            {"type": "undo"},  # nothing of his to undo: no_undo
            {"type": "next"},  # the deal is in play: its own refusal
            {"type": "seat_bot", "seat": seat},  # a person's seat: seat_taken
            {"type": "hint"},  # a table without hints: hints_off
            {"type": "new_link"},
            {"type": "leave"},  # in play: in_play
            {"type": "chat", "text": "still there?"},
        ]
        for command in commands:
            waiter.send(command)
            error = waiter.of_type("error")
            assert error["code"] == "paused", (command, error)
            assert "the table is paused" in error["message"]
        waiter.pong()  # the connection works on
        _store_db(served).execute("PRAGMA query_only = OFF")
        waiter.until(lambda m: (m.get("state") or {}).get("paused", 1) is None, "the table playing again")
        waiter.send({"type": "undo"})
        assert waiter.of_type("error")["code"] == "no_undo"  # playing again: its own checks answer
    finally:
        table.close()
