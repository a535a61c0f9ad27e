"""The server's websockets compress in a window that holds the last state sent (web/wsdeflate.py): a client that
offers compression is given the server's 8 KiB window, and reads the same text, message for message, as a client
that offers none.

Served as ``roundgames serve`` serves it (tests/inproc.py), watched over real websockets.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from inproc import InProcessServer
from roundgames.web.serve import Tuning
from roundgames.web.thinking import InlineThinker
from roundgames.web.wsdeflate import SERVER_WINDOW_BITS


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    server = InProcessServer(
        tmp_path / "web.sqlite3",
        args=["--deal-pause", "0"],
        tuning=Tuning(trick_pause=0, create_limit=0),
        thinker=InlineThinker(),
    )
    server.start()
    try:
        yield server.url
    finally:
        problem = server.stop()
        assert problem is None, f"{problem}\n--- its log:\n{server.log_text()}"


def updates(ws: ClientConnection, count: int, through: int | None = None) -> dict[int, str]:
    """The text of each of the next ``count`` updates, by its ``seq`` (with ``through``: every update up to that
    ``seq``, however many: the other connection may be told of other moves meanwhile)."""
    out: dict[int, str] = {}
    while (len(out) < count) if through is None else (max(out, default=0) < through):
        text = ws.recv(timeout=20)
        assert isinstance(text, str)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "update":
            out[message["seq"]] = text
    return out


def test_a_compressing_client_gets_the_window_and_the_same_text(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10, trust_env=False) as http:
        body = {"game": "loo", "players": 3, "people": 0, "bot": "random", "bot_delay": 0, "rounds": 10}
        created = http.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = created.json()["id"]
    where = f"ws://{url.removeprefix('http://')}/ws/{table}"
    with (
        connect(where, proxy=None, open_timeout=5, max_size=None) as deflated,
        connect(where, proxy=None, open_timeout=5, max_size=None, compression=None) as plain,
    ):
        assert deflated.response is not None and plain.response is not None
        agreed = deflated.response.headers["Sec-WebSocket-Extensions"]
        assert "permessage-deflate" in agreed and f"server_max_window_bits={SERVER_WINDOW_BITS}" in agreed
        assert "Sec-WebSocket-Extensions" not in plain.response.headers
        for ws in (deflated, plain):
            ws.send(json.dumps({"type": "hello"}))
        # 60: the plain connection said hello a moment later, and a client behind is sent a snapshot for the updates
        # it missed (web/sockets.py), so that the two streams may share only some of the first moves
        a = updates(deflated, 60)
        b = updates(plain, 60, through=max(a))
    both = sorted(a.keys() & b.keys())
    assert len(both) >= 20
    assert all(a[seq] == b[seq] for seq in both)
