"""A small test client of the web table: HTTP through httpx, the websocket through `websockets`."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


class Seat:
    """One websocket connection to a table, keeping the latest state and every log entry it was sent."""

    def __init__(self, base: str, table: str, token: str | None, since: int | None = None) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/{table}"
        self._stack = ExitStack()  # `websockets` wants its connection used as a context manager
        self.ws: ClientConnection = self._stack.enter_context(connect(self.url, open_timeout=10, proxy=None))
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.seq = 0
        self.messages: list[dict[str, Any]] = []
        self.send({"type": "hello", "token": token, "since": since})

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(message)
        if message["type"] in ("snapshot", "update"):
            self.state = message["state"]
            self.seq = message["seq"]
            if message["type"] == "snapshot":
                self.log = list(message["log"])
            else:
                self.log += message["log"]
        return message

    def until(self, check: Callable[[dict[str, Any]], bool], timeout: float = 20.0, what: str = "") -> dict[str, Any]:
        """Read messages until ``check(state)`` holds; returns the state."""
        deadline = time.monotonic() + timeout
        while not (self.state and check(self.state)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what or check}; last state: {self.state}")
            try:
                self.recv(timeout=left)
            except TimeoutError:
                continue
        return self.state

    def error(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next error message (other messages are read and kept)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(timeout=max(0.01, deadline - time.monotonic()))
            if message["type"] == "error":
                return message

    def my_turn(self) -> bool:
        deal = self.state.get("deal")
        return bool(deal and not deal["complete"] and self.state["legal"])

    def close(self) -> None:
        self._stack.close()


def create(base: str, **settings: Any) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/tables", json=settings, timeout=10, trust_env=False)
    assert answer.status_code == 201, answer.text
    result: dict[str, Any] = answer.json()
    return result


def sit(base: str, table: str, seat: int, name: str) -> str:
    answer = httpx.post(
        f"{base}/api/tables/{table}/sit", json={"seat": seat, "name": name}, timeout=10, trust_env=False
    )
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def play_first(seat: Seat) -> str:
    """Send the first legal action that needs no choosing of cards; returns it."""
    for entry in seat.state["legal"]:
        if "choose" not in entry:
            seat.send({"type": "act", "action": entry["action"]})
            return str(entry["action"])
    entry = seat.state["legal"][0]
    low = entry["choose"][0]
    pool = seat.state["keeping"]["cards"] if seat.state.get("keeping") else seat.state["hand"]
    action = " ".join([entry["action"], *pool[:low]])
    seat.send({"type": "act", "action": action})
    return action
