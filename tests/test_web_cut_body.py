"""A request body cut off before its end, by the client closing its connection or by the server's deadline for a
request to arrive (``ROUNDGAMES_REQUEST_SECONDS``), is answered quietly: a 400 where the client still listens, and
in the server's log no traceback. A real ``roundgames serve`` and raw sockets."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from inproc import free_port

DEADLINE = 1.0  # seconds the server gives a request to arrive here


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A server on a free port, its log (stderr) in a file; stopped after the test."""
    port, log = free_port(), tmp_path / "server.log"
    command = [sys.executable, "-m", "roundgames", "serve", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")]
    env = {**os.environ, "ROUNDGAMES_REQUEST_SECONDS": str(DEADLINE), "PYTHONUNBUFFERED": "1"}
    with log.open("w") as out:
        server = subprocess.Popen([*command, "--bot-workers", "1"], stdout=out, stderr=out, env=env)
    try:
        until = time.monotonic() + 30
        while not _answers(port):
            assert server.poll() is None and time.monotonic() < until, log.read_text()
            time.sleep(0.1)
        yield port, log
    finally:
        server.terminate()
        server.wait(timeout=15)


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def _head(port: int, length: int) -> bytes:
    return (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()


def _wait_for_log(log: Path, seconds: float) -> str:
    """The log once nothing has been added to it for ``seconds``."""
    size, still = -1, time.monotonic()
    while time.monotonic() - still < seconds:
        now = log.stat().st_size
        if now != size:
            size, still = now, time.monotonic()
        time.sleep(0.05)
    return log.read_text()


def test_a_body_cut_off_by_the_client_or_the_deadline_logs_no_traceback(served: tuple[int, Path]) -> None:
    port, log = served
    body = json.dumps({"game": "nap", "players": 3, "people": 1}).encode()
    for _ in range(3):  # the client closes its connection mid-body
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(_head(port, len(body)) + body[:10])
            time.sleep(0.1)
    with socket.create_connection(("127.0.0.1", port)) as s:  # the client half-closes: no more body will come
        s.sendall(_head(port, len(body)) + body[:10])
        s.shutdown(socket.SHUT_WR)
        s.settimeout(10)
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer
    with socket.create_connection(("127.0.0.1", port)) as s:  # the body never ends: the deadline closes it
        s.sendall(_head(port, len(body)) + body[:10])
        s.settimeout(DEADLINE + 10)
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer
    assert _answers(port)  # the server serves on
    text = _wait_for_log(log, 1.0)
    assert "Traceback" not in text and "Exception in ASGI application" not in text, text
