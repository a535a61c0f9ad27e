"""A real ``roundgames serve`` for the protocol tests (tests/test_web_protocol.py, tests/test_web_table_mode.py):
the server on a free port with its own database (served in the test's process, or as a subprocess for a test that
restarts it), websocket clients that keep what they receive, and a table where nothing moves unless the test acts.

Every refused message must be answered with its error code (and the field or the rule), change nothing at the table
(the next snapshot's state is the same, but for who is connected), and leave the connection working (``ping`` is
answered by ``pong``): :func:`refused` checks all three.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from inproc import InProcessServer, free_port
from roundgames.web.app import CREATE_LIMIT_ENV
from roundgames.web.serve import Tuning

START_TIMEOUT = 20.0  # seconds for the server to answer GET /api/tables
RECV_TIMEOUT = 5.0  # seconds to wait for a message the server owes
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
NAMES = ["Ann", "Bob", "Cy", "Dot", "Eve"]


#: the server's options: a long countdown, so that an open seat is never played by a bot during a test and a table
#: waits for the test; the next deal dealt at once
OPTIONS = ["--quiet", "--away-seconds", "600", "--deal-pause", "0"]
#: one server makes every table of a module's tests, from one address: no limit on creating them
#: (``ROUNDGAMES_CREATE_LIMIT=0``)
TUNING = Tuning(create_limit=0)


class Server:
    """A ``roundgames serve`` on a free port with its own database: its base URL, an HTTP client, and websocket
    clients. Served in this process (:class:`inproc.InProcessServer`), or with ``process=True`` as a subprocess, for
    a test that stops it and starts another on its database."""

    def __init__(self, tmp: Path, process: bool = False) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / "server.log"
        db = tmp / "tables.sqlite3"
        self.proc: subprocess.Popen[bytes] | None = None
        self.served: InProcessServer | None = None
        self.http = httpx.Client(base_url=self.url, timeout=10, trust_env=False)
        if not process:
            self.served = InProcessServer(db, self.port, OPTIONS, TUNING)
            self.served.start(START_TIMEOUT)
            return
        self._log = self.log_path.open("wb")
        command = [sys.executable, "-m", "roundgames", "serve", "--port", str(self.port), "--db", str(db), *OPTIONS]
        env = {**os.environ, CREATE_LIMIT_ENV: str(TUNING.create_limit)}
        self.proc = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, env=env
        )
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}): {self.log()}")
            with contextlib.suppress(httpx.TransportError):
                if self.http.get("/api/tables").status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer in {START_TIMEOUT} s: {self.log()}")
            time.sleep(0.1)

    def _text(self) -> str:
        """Everything the server has logged (its output, for a subprocess)."""
        if self.served is not None:
            return self.served.log_text()
        self._log.flush()
        return self.log_path.read_bytes().decode(errors="replace")

    def log(self) -> str:
        return self._text()[-3000:]

    def log_size(self) -> int:
        return len(self._text())

    def tracebacks_since(self, size: int) -> str:
        """What the server logged since the log was ``size`` long, if it holds a traceback; else ''."""
        text = self._text()[size:]
        return text if "Traceback" in text else ""

    def stop(self) -> None:
        self.http.close()
        if self.served is not None:
            problem = self.served.stop()
            assert problem is None, f"{problem}\n--- its log:\n{self.log()}"
            return
        assert self.proc is not None
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        self._log.close()

    def create(self, **body: Any) -> str:
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        return str(r.json()["id"])

    def sit(self, table: str, seat: int, name: str) -> str:
        r = self.http.post(f"/api/tables/{table}/sit", json={"seat": seat, "name": name})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def ws(self, table: str) -> Client:
        ws = connect(f"ws://127.0.0.1:{self.port}/ws/{table}", proxy=None, open_timeout=5, max_size=None)
        return Client(ws.__enter__())  # entered as a context manager would be (websockets 17.1 warns otherwise)


class Client:
    """A websocket client that keeps every message it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.seq = 0

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.ws.close()

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = RECV_TIMEOUT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.seen.append(message)
        if message.get("seq") is not None:
            self.seq = max(self.seq, message["seq"])
        return message

    def until(self, want: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The next message ``want`` accepts, skipping others (the updates of a table at play)."""
        deadline = time.monotonic() + RECV_TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {what} within {RECV_TIMEOUT} s; last messages: {self.seen[-3:]}")
            try:
                message = self.recv(left)
            except TimeoutError:
                continue
            if want(message):
                return message

    def of_type(self, *types: str) -> dict[str, Any]:
        return self.until(lambda m: m["type"] in types, "/".join(types))

    def hello(self, token: str | None, since: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Say hello: the ``welcome`` and the ``snapshot`` or ``update`` that follows it."""
        self.send({"type": "hello", "token": token, "since": since})
        welcome = self.of_type("welcome")
        return welcome, self.of_type("snapshot", "update")

    def snapshot(self, token: str | None) -> dict[str, Any]:
        """A fresh snapshot of the table (hello again, since null, on the same connection)."""
        self.send({"type": "hello", "token": token, "since": None})
        return self.of_type("snapshot")

    def pong(self) -> None:
        self.send({"type": "ping"})
        self.of_type("pong")

    def state(self) -> dict[str, Any]:
        """The latest state received."""
        return next(m["state"] for m in reversed(self.seen) if m.get("state") is not None)


# -- a table where nothing moves unless the test acts --------------------------------------------------


class Table:
    """A table of people only (each seat taken by the test), where nothing happens until a seat acts."""

    def __init__(self, server: Server, game: str = "loo", players: int = 3, **settings: Any) -> None:
        self.server = server
        self.id = server.create(game=game, players=players, people=players, bot_delay=0, **settings)
        self.tokens = [server.sit(self.id, i, NAMES[i]) for i in range(players)]
        self.clients: dict[int, Client] = {}

    def client(self, seat: int) -> Client:
        """A connection of ``seat`` that has said hello."""
        if seat not in self.clients:
            c = self.server.ws(self.id)
            c.hello(self.tokens[seat])
            self.clients[seat] = c
        return self.clients[seat]

    def close(self) -> None:
        for c in self.clients.values():
            c.ws.close()

    def to_act(self) -> int:
        c = self.client(0)
        state = c.snapshot(self.tokens[0])["state"]
        while state["deal"] is None or state["deal"]["complete"]:  # a Peel single settles as it is dealt
            state = c.of_type("update")["state"]
        return int(state["deal"]["to_act"])


def comparable(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without what changes as connections come and go."""
    state = json.loads(json.dumps(snapshot["state"]))
    for seat in state["seats"]:
        for key in ("connected", "away_until", "bot_playing"):
            seat.pop(key)
    return {"seq": snapshot["seq"], "state": state, "log": snapshot["log"]}


def refused(
    client: Client,
    token: str | None,
    message: dict[str, Any] | str | bytes,
    code: str | tuple[str, ...],
    field: str | None = None,
) -> dict[str, Any]:
    """Send ``message``: the error ``code`` (naming ``field``), the table unchanged, the connection still working."""
    before = comparable(client.snapshot(token))
    client.send(message)
    error = client.of_type("error")
    assert error["code"] in ((code,) if isinstance(code, str) else code), error
    assert isinstance(error["message"], str) and error["message"], error
    if field is not None:
        assert error["field"] == field, error
    client.pong()
    assert comparable(client.snapshot(token)) == before
    return error
