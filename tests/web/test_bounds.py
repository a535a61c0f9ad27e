"""The web table's limits (docs/web.md, "Limits") against a real ``roundgames serve``: each abuse is held, and a
normal player (or another address) is not affected. Another address is 127.0.0.2: Linux answers every address of
127.0.0.0/8 on loopback, so a client may come from it to the server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from roundgames.web.deadline import CONNECTIONS_ENV, CONNECTIONS_PER_ADDRESS, REQUEST_ENV
from roundgames.web.limits import (
    CHAT_BURST,
    HELLO_BURST,
    HELLOS_PER_SECOND,
    LOOKUP_BURST,
    SOCKETS_ENV,
    SOCKETS_PER_ADDRESS,
)

from .conftest import POLL_MS, WebServer
from .webclient import Seat, create, sit

OTHER = "127.0.0.2"


def _http(source: str = "127.0.0.1") -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=10, trust_env=False)


def _ws(server: WebServer, table: str, source: str = "127.0.0.1", **options: Any) -> ClientConnection:
    url = f"ws://127.0.0.1:{server.port}/ws/{table}"
    # entered as a context manager would be (websockets 17.1 warns otherwise)
    return connect(url, proxy=None, open_timeout=5, source_address=(source, 0), **options).__enter__()


def _refusal(ws: ClientConnection) -> tuple[dict[str, Any], int | None]:
    """The error a refused connection is sent, and its close code."""
    error = json.loads(ws.recv(timeout=5))
    with pytest.raises(ConnectionClosed):
        ws.recv(timeout=5)
    return error, ws.close_code


def _said(seat: Seat, line: str) -> bool:
    return any(e["kind"] == "chat" and e["text"] == line for e in seat.log)


def test_one_address_holds_at_most_twenty_websockets_and_the_next_is_told_why(server: WebServer) -> None:
    table = create(server.url, game="loo", players=3, people=1, listed=True)["id"]
    held = [_ws(server, table) for _ in range(SOCKETS_PER_ADDRESS)]
    try:
        extra = _ws(server, table)
        error, code = _refusal(extra)
        assert code == 4429 and error["code"] == "too_many"
        assert f"at most {SOCKETS_PER_ADDRESS} at once" in error["message"]
        # Another address is not counted with it: its spectator is welcomed.
        with _ws(server, table, OTHER) as other:
            other.send(json.dumps({"type": "hello", "token": None, "since": None}))
            assert json.loads(other.recv(timeout=5))["type"] == "welcome"
        # One closed, the address has room again.
        held.pop().close()
        time.sleep(0.2)
        again = _ws(server, table)
        again.send(json.dumps({"type": "hello", "token": None, "since": None}))
        assert json.loads(again.recv(timeout=5))["type"] == "welcome"
        held.append(again)
    finally:
        for ws in held:
            ws.close()


def test_a_client_that_dribbles_its_headers_is_closed_within_the_deadline(server_factory: Any) -> None:
    # a process of its own: the deadline is read from the command's environment
    server = server_factory(env={REQUEST_ENV: "1"}, process=True)
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as slow:
        head = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
        closed_after = None
        for byte in head + b"a" * 100:  # a byte every 0.1 s: ten seconds' worth, if it were let
            try:
                slow.sendall(bytes([byte]))
                slow.settimeout(0.1)
                if slow.recv(1) == b"":
                    closed_after = time.monotonic() - started
                    break
            except TimeoutError:
                continue
            except OSError:
                closed_after = time.monotonic() - started
                break
    assert closed_after is not None and closed_after < 2.5, closed_after
    # A client that says nothing at all is closed as well.
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as silent:
        silent.settimeout(3)
        assert silent.recv(1) == b""
    # A normal request, and a websocket held longer than the deadline, are untouched.
    table = create(server.url, game="nap", players=3, people=1)["id"]
    watcher = Seat(server.url, table, None)
    watcher.until(lambda s: bool(s), what="the first state")
    time.sleep(1.5)
    watcher.send({"type": "ping"})
    while watcher.recv()["type"] != "pong":
        pass
    watcher.close()


def test_a_form_post_or_a_foreign_page_changes_nothing(server: WebServer) -> None:
    body = json.dumps({"game": "loo", "players": 3, "people": 1})
    with _http() as http:
        # A form of any page posts text/plain: refused with the header named.
        r = http.post(f"{server.url}/api/tables", content=body, headers={"content-type": "text/plain"})
        assert r.status_code == 415 and r.json()["error"]["field"] == "content-type", r.text
        assert "text/plain" in r.json()["error"]["message"]
        # Another page's script, even with JSON: its Origin is not ours.
        foreign = {"content-type": "application/json", "origin": "http://evil.example"}
        r = http.post(f"{server.url}/api/tables", content=body, headers=foreign)
        assert r.status_code == 403 and r.json()["error"]["field"] == "origin", r.text
        assert "http://evil.example" in r.json()["error"]["message"]
        # A page of another server on this machine (another port) is foreign too.
        r = http.post(f"{server.url}/api/tables", content=body, headers={**foreign, "origin": "http://127.0.0.1:1"})
        assert r.status_code == 403, r.text
        assert http.get(f"{server.url}/api/tables").json()["tables"] == []
        # A name rebound to 127.0.0.1 by its owner's DNS: the Host is not ours.
        r = http.get(f"{server.url}/api/tables", headers={"host": f"evil.example:{server.port}"})
        assert r.status_code == 403 and r.json()["error"]["field"] == "host", r.text
        # Our own page (same Origin), localhost, and a client with no Origin at all are served.
        own = {"content-type": "application/json", "origin": server.url}
        made = http.post(f"{server.url}/api/tables", content=body, headers=own)
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        r = http.get(f"{server.url}/api/tables/{table}", headers={"host": f"localhost:{server.port}"})
        assert r.status_code == 200
        r = http.post(f"{server.url}/api/tables/{table}/sit", json={"seat": 0, "name": "Ann"})
        assert r.status_code == 200, r.text
        # The sit route holds the same checks.
        r = http.post(f"{server.url}/api/tables/{table}/sit", content=b'{"seat": 1}', headers=foreign)
        assert r.status_code == 403
    # The websocket's handshake: a foreign Origin is refused with the JSON error, ours is welcomed.
    with pytest.raises(InvalidStatus) as refused:
        _ws(server, table, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    assert json.loads(refused.value.response.body)["error"]["field"] == "origin"
    with _ws(server, table, origin=server.url) as own_ws:
        own_ws.send(json.dumps({"type": "hello", "token": None, "since": None}))
        assert json.loads(own_ws.recv(timeout=5))["type"] == "welcome"


def test_guessing_table_ids_is_answered_429_after_a_burst(server: WebServer) -> None:
    table = create(server.url, game="loo", players=3, people=1, listed=True)["id"]
    assert len(table) == 12
    with _http() as http:
        statuses = [http.get(f"{server.url}/api/tables/guess{i:07d}").status_code for i in range(LOOKUP_BURST)]
        assert statuses == [404] * LOOKUP_BURST
        refused = http.get(f"{server.url}/api/tables/guessmore")
        assert refused.status_code == 429 and "try again in" in refused.json()["error"]["message"]
        # While refused, a right guess is refused as well: it tells the guesser nothing.
        assert http.get(f"{server.url}/api/tables/{table}").status_code == 429
        assert http.get(f"{server.url}/t/{table}").status_code == 429
    with _ws(server, table) as ws:
        error, code = _refusal(ws)
        assert code == 4429 and error["code"] == "too_many"
    # Another address, with the link, is not affected.
    with _http(OTHER) as http:
        assert http.get(f"{server.url}/api/tables/{table}").status_code == 200
        assert http.get(f"{server.url}/t/{table}").status_code == 200


def test_chat_is_limited_per_seat_and_address_however_often_one_reconnects(server: WebServer) -> None:
    table = create(server.url, game="nap", players=3, people=1)["id"]
    token = sit(server.url, table, 0, "Ann")
    ann = Seat(server.url, table, token)
    ann.until(lambda s: bool(s), what="the first state")
    for i in range(CHAT_BURST):
        ann.send({"type": "chat", "text": f"line {i}"})
    # Her allowance spent before she goes: a line still on its way when her connection closes may never be said.
    last = f"Ann: line {CHAT_BURST - 1}"
    ann.until(lambda s: _said(ann, last), what="her last line said")
    ann.close()
    again = Seat(server.url, table, token)  # a new connection: the same seat's allowance
    again.send({"type": "chat", "text": "one more"})
    error = again.error()
    assert error["code"] == "too_fast" and error["field"] == "text"
    # A spectator's allowance is his address's, whatever connection he says it from ...
    rail = [Seat(server.url, table, None) for _ in range(CHAT_BURST + 1)]
    for i, spectator in enumerate(rail[:-1]):
        spectator.send({"type": "chat", "text": f"rail {i}"})
        spectator.until(lambda s, i=i, me=spectator: _said(me, f"Spectator: rail {i}"), what=f"rail {i} said")
    rail[-1].send({"type": "chat", "text": "rail, once more"})
    assert rail[-1].error()["code"] == "too_fast"
    # ... and another address has its own: its line is said.
    with _ws(server, table, OTHER) as far:
        far.send(json.dumps({"type": "hello", "token": None, "since": None}))
        far.send(json.dumps({"type": "chat", "text": "from afar"}))
        seen: list[str] = []
        deadline = time.monotonic() + 10
        while "Spectator: from afar" not in seen and time.monotonic() < deadline:
            message = json.loads(far.recv(timeout=10))
            assert message["type"] != "error", message
            seen += [e["text"] for e in message.get("log", []) if e["kind"] == "chat"]
    said = [e["text"] for e in again.log if e["kind"] == "chat"]
    assert said[:CHAT_BURST] == [f"Ann: line {i}" for i in range(CHAT_BURST)] and "Ann: one more" not in said
    for seat in [again, *rail]:
        seat.close()


def test_hellos_are_answered_a_few_a_second_and_the_last_is_always_answered(server: WebServer) -> None:
    table = create(server.url, game="loo", players=3, people=1, listed=True)["id"]
    watcher = Seat(server.url, table, None)
    watcher.until(lambda s: bool(s), what="the first state")
    for _ in range(50):
        watcher.send({"type": "hello", "token": None, "since": None})
    started = time.monotonic()
    deadline = started + 5
    answered = 0  # besides the first hello's snapshot, which took one of the address's allowance
    while answered < HELLO_BURST and time.monotonic() < deadline:
        try:
            answered += watcher.recv(timeout=0.2)["type"] == "snapshot"
        except TimeoutError:
            continue
    waited = time.monotonic() - started
    kinds = [m["type"] for m in watcher.messages]
    # The first hello's, a burst at once, and one more for all those that came too fast.
    assert kinds.count("snapshot") == HELLO_BURST + 1 and "error" not in kinds, kinds
    assert waited < 2, waited
    with pytest.raises(TimeoutError):
        watcher.recv(timeout=1)  # nothing more: fifty hellos cost a dozen snapshots
    watcher.close()


def test_reconnecting_to_say_hello_again_is_answered_from_the_same_allowance_of_the_address(
    server: WebServer,
) -> None:
    table = create(server.url, game="loo", players=3, people=1, listed=True)["id"]
    tries = 2 * HELLO_BURST
    answered = 0
    started = time.monotonic()
    for _ in range(tries):  # connect, hello, close: each a new connection
        with _ws(server, table) as ws:
            ws.send(json.dumps({"type": "hello", "token": None, "since": None}))
            assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
            with contextlib.suppress(TimeoutError):
                answered += json.loads(ws.recv(timeout=0.05))["type"] == "snapshot"
    elapsed = time.monotonic() - started
    assert HELLO_BURST <= answered <= HELLO_BURST + HELLOS_PER_SECOND * elapsed + 2, (answered, elapsed)
    assert answered < tries
    # Another address has its own allowance: its first hello is answered at once.
    with _ws(server, table, OTHER) as far:
        far.send(json.dumps({"type": "hello", "token": None, "since": None}))
        assert json.loads(far.recv(timeout=5))["type"] == "welcome"
        assert json.loads(far.recv(timeout=1))["type"] == "snapshot"


def test_idle_sockets_of_one_address_are_capped_and_another_address_is_still_served(server: WebServer) -> None:
    held = []
    closed = 0
    try:
        for _ in range(CONNECTIONS_PER_ADDRESS + 10):  # sixty idle sockets from 127.0.0.1, sending nothing
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            held.append(sock)
        for sock in held[CONNECTIONS_PER_ADDRESS:]:  # those past the cap: answered 429 and closed at once
            sock.settimeout(3)
            answer = b""
            while chunk := sock.recv(4096):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 429") and b"at most 50 at once" in answer, answer
            closed += 1
        assert closed == 10
        with _http(OTHER) as http:  # another address is served as ever
            assert http.get(f"{server.url}/api/tables").status_code == 200
        for sock in held[:10]:
            sock.close()
        time.sleep(0.2)
        with _http() as http:  # and the address has room again once it closes some
            assert http.get(f"{server.url}/api/tables").status_code == 200
    finally:
        for sock in held:
            sock.close()


def test_a_malformed_origin_is_refused_403_naming_it_over_http_and_websocket(server: WebServer) -> None:
    table = create(server.url, game="loo", players=3, people=1, listed=True)["id"]
    bad = {"content-type": "application/json", "origin": "http://[::1"}
    with _http() as http:
        r = http.post(f"{server.url}/api/tables", content=b'{"game": "nap", "players": 3}', headers=bad)
        assert r.status_code == 403, r.text
        assert r.json()["error"]["field"] == "origin" and "http://[::1" in r.json()["error"]["message"]
        assert [t["id"] for t in http.get(f"{server.url}/api/tables").json()["tables"]] == [table]
    with pytest.raises(InvalidStatus) as refused:
        _ws(server, table, origin="http://[::1")
    assert refused.value.response.status_code == 403
    error = json.loads(refused.value.response.body)["error"]
    assert error["field"] == "origin" and "http://[::1" in error["message"]


def test_behind_an_allowed_proxy_the_forwarded_address_is_the_one_counted(server_factory: Any) -> None:
    # a process of its own: uvicorn reads the allowed proxies from the command's environment
    server = server_factory(args=["--deal-pause", "0"], env={"FORWARDED_ALLOW_IPS": "127.0.0.2"}, process=True)

    def misses(http: httpx.Client, forwarded: str) -> list[int]:
        headers = {"x-forwarded-for": forwarded}
        return [
            http.get(f"{server.url}/api/tables/nosuch{i:06d}", headers=headers).status_code
            for i in range(LOOKUP_BURST + 1)
        ]

    with _http(OTHER) as proxy:  # the proxy, on 127.0.0.2: each client it forwards has its own allowance
        assert misses(proxy, "203.0.113.1")[-1] == 429
        assert misses(proxy, "203.0.113.2") == [404] * LOOKUP_BURST + [429]
        assert (
            proxy.get(f"{server.url}/api/tables/nosuch", headers={"x-forwarded-for": "203.0.113.3"}).status_code == 404
        )
    with _http() as direct:  # a client that is no allowed proxy is counted as itself, whatever it claims
        assert misses(direct, "203.0.113.4")[-1] == 429
        assert (
            direct.get(f"{server.url}/api/tables/nosuch", headers={"x-forwarded-for": "203.0.113.5"}).status_code == 429
        )


# -- a page of another site, in a real browser -------------------------------------------------------------------

ATTACK = """<!doctype html><meta charset=utf-8><title>another site</title>
<p>Nothing to see here.
<form id=csrf method=post enctype=text/plain action="{target}/api/tables">
<input type=hidden name='{{"game": "loo", "players": 3, "people": 1, "x": "' value='"}}'></form>
<script>
window.outcome = {{fetch: "pending", ws: "pending"}};
fetch("{target}/api/tables", {{method: "POST", mode: "no-cors", body: '{{"game": "nap", "players": 3}}'}})
  .then(() => window.outcome.fetch = "sent", () => window.outcome.fetch = "failed");
const ws = new WebSocket("{ws}");
ws.onopen = () => window.outcome.ws = "open";
ws.onerror = () => window.outcome.ws = "refused";
</script>"""


class _Site(threading.Thread):
    """Another site on this machine (another port): one page, the attacker's."""

    def __init__(self, page: str) -> None:
        super().__init__(daemon=True)
        body = page.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def run(self) -> None:
        self.httpd.serve_forever()


def test_a_page_of_another_site_cannot_create_a_table_or_open_a_websocket(
    server: WebServer, page: Page, shot: Callable[..., Path]
) -> None:
    table = create(server.url, game="loo", players=3, people=1, listed=True)["id"]
    ws_url = f"ws://127.0.0.1:{server.port}/ws/{table}"
    site = _Site(ATTACK.format(target=server.url, ws=ws_url))
    site.start()
    try:
        page.goto(site.url)
        page.wait_for_function("window.outcome.fetch !== 'pending' && window.outcome.ws !== 'pending'", polling=POLL_MS)
        assert page.evaluate("window.outcome.ws") == "refused"
        page.evaluate("document.getElementById('csrf').submit()")  # the form a click would send
        page.wait_for_url(f"{server.url}/api/tables")
        assert '"field": "origin"' in page.content()  # refused for where it comes from, before its type
        shot(page, "bounds-foreign-form-refused")
    finally:
        site.httpd.shutdown()
        site.httpd.server_close()
    assert [t["id"] for t in httpx.get(f"{server.url}/api/tables", trust_env=False).json()["tables"]] == [table]
    # The table's own page, in the same browser, creates a table and opens its websocket as ever.
    page.goto(f"{server.url}/t/{table}")
    made = page.evaluate(
        """fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
                 body: JSON.stringify({game: "nap", players: 3, people: 1})}).then((r) => r.status)"""
    )
    assert made == 201
    opened = page.evaluate(
        """(table) => new Promise((done) => { const ws = new WebSocket(`ws://${location.host}/ws/${table}`);
             ws.onopen = () => { ws.close(); done("open"); }; ws.onerror = () => done("refused"); })""",
        table,
    )
    assert opened == "open"


@pytest.mark.parametrize(
    ("variable", "value"),
    [(SOCKETS_ENV, "many"), (SOCKETS_ENV, "-3"), (REQUEST_ENV, "0"), (REQUEST_ENV, "soon"), (CONNECTIONS_ENV, "lots")],
)
def test_serve_refuses_a_bad_limit_plainly(tmp_path: Path, variable: str, value: str) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "roundgames", "serve", "--port", str(port), "--db", str(tmp_path / "x.sqlite3")]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=30, check=False, env={**os.environ, variable: value}
    )
    assert done.returncode == 2 and f"{variable}={value}" in done.stderr and "Traceback" not in done.stderr
