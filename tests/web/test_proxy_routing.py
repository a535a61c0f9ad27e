"""The sample reverse-proxy config (deploy/nginx/roundgames.conf) in front of two `roundgames serve` processes on one
PostgreSQL database, every client going through the proxy only: each request and websocket that names a table
reaches the one process its id hashes to, the tables spread over both, the lobby and everything else reach either,
a browser that knows only the proxy's address sits and plays, and a table whose process is killed plays on through
the proxy on the other.

nginx is Debian's package (``scripts/ensure-nginx`` installs it; ``make test`` runs that first), started here in the
foreground on a free port, its config, pid, logs and temporary files in a temporary directory: never the system
service. Its config is the shipped sample, text for text, but for the sample's two upstream addresses (the two
processes' here) and its listen port; around it, the test's own access log names the process (``$upstream_addr``)
that served each request."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from playwright.sync_api import Page, expect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from inproc import free_port

from .conftest import WebServer
from .test_browser import no_script_errors, play_out_deal, sit_by_dialog
from .webclient import Seat, create, play_first, sit

__all__ = ["no_script_errors"]  # the autouse fixture, imported to run here too: a page's script error fails its test

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "deploy" / "nginx" / "roundgames.conf"
#: what the test replaces in the sample: its two processes' addresses and its listen line
SAMPLE_SERVERS = ("127.0.0.1:8001", "127.0.0.1:8002")
SAMPLE_LISTEN = "listen 80;"

ENV = {"ROUNDGAMES_CREATE_LIMIT": "0"}
#: one bot worker each: two servers, nginx and the test share the machine's cores
ARGS = ["--deal-pause", "0", "--bot-workers", "1", "--quiet"]
#: a table of Ann and two bots that play at once
NAP = {"game": "nap", "listed": True, "players": 3, "people": 1, "bot": "random", "bot_delay": 0}

#: nginx's own settings around the sample: one worker (so that round robin alternates), every path in the test's
#: directory, and an access log line per request: when it started, the method, the status, the path, and the
#: processes tried (``$upstream_addr``: "A, B" where A refused the connection and B served it)
MAIN_CONFIG = """\
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log info;
events {{ worker_connections 256; }}
http {{
    log_format routing '$msec $request_time $request_method $status $uri $upstream_addr';
    access_log {dir}/access.log routing;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/roundgames.conf;
}}
"""


def nginx_path() -> str | None:
    """Debian's nginx: on the PATH, else /usr/sbin/nginx (a PATH without /usr/sbin)."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


@dataclass(frozen=True)
class Hit:
    """One line of the proxy's access log."""

    started: float  # the epoch time the request arrived
    method: str
    status: int
    path: str
    tried: tuple[str, ...]  # the processes tried, in order: the last one served it

    @property
    def served_by(self) -> str:
        return self.tried[-1]

    def names(self, table: str) -> bool:
        return table in self.path.split("/")


class Nginx:
    """The shipped sample config, run by nginx in the foreground in front of ``backends`` (``host:port`` each)."""

    def __init__(self, backends: Sequence[str]) -> None:
        binary = nginx_path()
        assert binary is not None
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # Not under pytest's own (private) directory: run as root, nginx's worker is `nobody`, and reads its
        # temporary files here.
        self.dir = Path(tempfile.mkdtemp(prefix="roundgames-nginx-"))
        self.dir.chmod(0o755)
        (self.dir / "roundgames.conf").write_text(sample_for(backends, self.port), encoding="utf-8")
        (self.dir / "nginx.conf").write_text(MAIN_CONFIG.format(dir=self.dir), encoding="utf-8")
        self.error_log = self.dir / "error.log"
        command = [binary, "-p", str(self.dir), "-c", str(self.dir / "nginx.conf"), "-e", str(self.error_log)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 10
        while not self._listening():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"nginx did not start ({' '.join(command)}):\n{self.errors}", pytrace=False)
            time.sleep(0.05)

    def _listening(self) -> bool:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
            return True
        return False

    @property
    def errors(self) -> str:
        return self.error_log.read_text(errors="replace") if self.error_log.exists() else ""

    def hits(self) -> list[Hit]:
        """Every request the proxy has finished (a websocket once closed), in the order they ended."""
        hits = []
        for line in (self.dir / "access.log").read_text(encoding="utf-8").splitlines():
            ended, took, method, status, path, tried = line.split(" ", 5)
            addresses = tuple(a.strip() for a in tried.split(","))
            hits.append(Hit(float(ended) - float(took), method, int(status), path, addresses))
        return hits

    def hits_once(self, check: Callable[[list[Hit]], bool], what: str) -> list[Hit]:
        """The hits once ``check(hits)`` holds: nginx writes a request's line once it has sent the answer, so the
        client may read the answer a moment before the line is there."""
        deadline = time.monotonic() + 5
        while not check(hits := self.hits()):
            assert time.monotonic() < deadline, f"no access log line for {what}: {hits}"
            time.sleep(0.02)
        return hits

    def served(self, table: str) -> str:
        """The process that served the first request naming ``table``."""
        hits = self.hits_once(lambda hits: any(h.names(table) for h in hits), f"table {table}")
        return next(h for h in hits if h.names(table)).served_by

    def created(self, count: int) -> str:
        """The process that served the ``count``-th POST /api/tables (from 1)."""

        def made(hits: list[Hit]) -> list[Hit]:
            return [h for h in hits if h.method == "POST" and h.path == "/api/tables"]

        return made(self.hits_once(lambda hits: len(made(hits)) >= count, f"table {count}"))[count - 1].served_by

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # fast shutdown: open websockets are cut
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def sample_for(backends: Sequence[str], port: int) -> str:
    """The shipped sample with ``backends`` for its two processes and a listen on 127.0.0.1:``port``: nothing else
    of it changed."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.count(SAMPLE_LISTEN) == 1, f"{SAMPLE}: no single '{SAMPLE_LISTEN}' to replace"
    text = text.replace(SAMPLE_LISTEN, f"listen 127.0.0.1:{port};")
    for sample, backend in zip(SAMPLE_SERVERS, backends, strict=True):
        line = f"server {sample};"
        assert text.count(line) == 2, f"{SAMPLE}: '{line}' is not in both upstreams"
        text = text.replace(line, f"server {backend};")
    return text


@pytest.fixture
def proxy() -> Iterator[Callable[[Sequence[WebServer]], Nginx]]:
    """``proxy(servers)``: nginx with the shipped sample in front of ``servers``; stopped after the test. Skipped,
    saying why, where there is no nginx (``scripts/ensure-nginx`` installs it)."""
    if nginx_path() is None:
        pytest.skip(
            "no nginx installed (not on the PATH nor /usr/sbin/nginx), and scripts/ensure-nginx could not install "
            "Debian's package nginx"
        )
    started: list[Nginx] = []

    def start(servers: Sequence[WebServer]) -> Nginx:
        started.append(Nginx([f"127.0.0.1:{s.port}" for s in servers]))
        return started[-1]

    yield start
    for nginx in started:
        nginx.stop()


def _servers(server_factory: Callable[..., Any], pg_url: str) -> list[WebServer]:
    servers = [server_factory(db=pg_url, args=ARGS, env=ENV, process=True) for _ in range(2)]
    assert all(isinstance(s, WebServer) for s in servers)
    return servers


def _get(url: str, **options: Any) -> httpx.Response:
    answer = httpx.get(url, timeout=10, trust_env=False, **options)
    assert answer.status_code == 200, f"GET {url}: {answer.status_code} {answer.text[:300]}"
    return answer


def _info(base: str, table: str) -> dict[str, Any]:
    """The table's info through the proxy, asked again while the process it reaches has not yet heard of it (a
    table made on one process reaches the other by the database's announcement): a few times, each a lookup of a
    table that does not exist, which the server allows 20 of at once."""
    deadline = time.monotonic() + 5
    while True:
        answer = httpx.get(f"{base}/api/tables/{table}", timeout=10, trust_env=False)
        if answer.status_code == 200 or time.monotonic() > deadline:
            assert answer.status_code == 200, answer.text
            info: dict[str, Any] = answer.json()
            return info
        time.sleep(0.25)


def _play(ann: Seat, done: Callable[[dict[str, Any]], bool], timeout: float = 60) -> int:
    """Ann plays the first legal action at each of her turns until ``done(state)``; how many she sent."""
    sent = 0
    played_at = -1  # the table's number when she last played: once for each state she is shown
    deadline = time.monotonic() + timeout
    while not (ann.state and done(ann.state)):
        assert time.monotonic() < deadline, f"Ann's game did not go on; last state: {ann.state}"
        if ann.my_turn() and ann.seq != played_at:
            played_at = ann.seq
            play_first(ann)
            sent += 1
        with contextlib.suppress(TimeoutError):
            ann.recv(timeout=1)
    return sent


def _actions_of_ann(seat: Seat) -> int:
    return sum(e["kind"] == "action" and e["seat"] == 0 for e in seat.log)


def _watch_up_to(watcher: Seat, ann: Seat) -> None:
    """The spectator reads on until he has seen every action of Ann's that she has seen."""
    watcher.until(lambda s: _actions_of_ann(watcher) >= _actions_of_ann(ann), what="Ann's moves, watched")


def _second_deal(state: dict[str, Any]) -> bool:
    return bool(state["scores"]["over"] or (state.get("deal") and state["deal"]["number"] >= 2))


def test_the_sample_config_sends_each_table_to_one_process_and_the_rest_to_any(
    proxy: Callable[[Sequence[WebServer]], Nginx], server_factory: Callable[..., Any], pg_url: str
) -> None:
    """Through the proxy only: tables made until each process has two; at one table of each process Ann sits, plays
    her first deal through (each of her moves seen by a spectator), and opens the replay. Every request and websocket
    naming a table reached the one process its id hashes to; the lobby, the creations and the client's files
    reached both processes; the table's link is the proxy's."""
    servers = _servers(server_factory, pg_url)
    nginx = proxy(servers)
    base = nginx.url
    assert 'data-testid="create-form"' in _get(f"{base}/").text  # the lobby
    _get(f"{base}/static/net.js")
    _get(f"{base}/api/options")

    by_process: dict[str, list[str]] = {f"127.0.0.1:{s.port}": [] for s in servers}
    while min(len(tables) for tables in by_process.values()) < 2:
        assert sum(map(len, by_process.values())) < 30, f"30 tables and still not two on each: {by_process}"
        made = create(base, **NAP)["id"]
        _info(base, made)
        by_process[nginx.served(made)].append(made)
    tables = [t for made in by_process.values() for t in made]
    deadline = time.monotonic() + 5
    while not set(tables) <= {t["id"] for t in _get(f"{base}/api/tables").json()["tables"]}:
        assert time.monotonic() < deadline, "the lobby through the proxy does not list every table"
        time.sleep(0.1)

    for made in by_process.values():
        table = made[0]
        page = _get(f"{base}/t/{table}").text
        assert table in page
        # The Host passed on as the browser sent it: the table's link is the proxy's, and a browser's request
        # (its Origin the proxy's) is accepted.
        assert f"{base}/t/{table}" in _get(f"{base}/api/tables/{table}/invite.svg").text
        answer = httpx.post(
            f"{base}/api/tables/{table}/sit",
            json={"seat": 0, "name": "Ann"},
            headers={"Origin": base},
            timeout=10,
            trust_env=False,
        )
        assert answer.status_code == 200, answer.text
        token = answer.json()["token"]
        ann = Seat(base, table, token)
        watcher = Seat(base, table, None)
        moves = _play(ann, _second_deal)
        assert moves >= 2, "Ann played too little to show anything"
        _watch_up_to(watcher, ann)
        assert _actions_of_ann(watcher) == _actions_of_ann(ann) >= moves
        assert "replay" in _get(f"{base}/t/{table}/replay/1?seat=0").text.lower()
        steps = _get(f"{base}/api/tables/{table}/replay/1?seat=0", headers={"Authorization": f"Bearer {token}"})
        assert steps.json()
        _get(f"{base}/api/tables/{table}/scores.csv")
        ann.close()
        watcher.close()

    hits = nginx.hits_once(lambda hits: sum(h.status == 101 for h in hits) == 4, "the four websockets")
    for process, made in by_process.items():
        for table in made:
            named = [h for h in hits if h.names(table)]
            assert {h.tried for h in named} == {(process,)}, f"table {table}: {named}"
    played = [t[0] for t in by_process.values()]
    sockets = [h for h in hits if h.path.startswith("/ws/")]
    assert {h.path.split("/")[2] for h in sockets} == set(played) and {h.status for h in sockets} == {101}
    others = [h for h in hits if not any(h.names(t) for t in tables)]
    assert {h.path for h in others} >= {"/", "/static/net.js", "/api/options", "/api/tables"}
    assert {h.served_by for h in others} == set(by_process), f"round robin reached one process only: {others}"
    assert {h.served_by for h in hits if h.method == "POST" and h.path == "/api/tables"} == set(by_process)
    assert not re.search(r"\[(error|crit|alert|emerg)\]", nginx.errors), nginx.errors


def test_a_browser_that_reaches_only_the_proxy_sits_and_plays_a_deal_through(
    proxy: Callable[[Sequence[WebServer]], Nginx], server_factory: Callable[..., Any], pg_url: str, page: Page
) -> None:
    """Chromium opens the lobby and a table's link through the proxy, sits by the seat dialog (its requests carry
    the proxy's Origin) and plays a deal to its result by clicking; every request and websocket of the table page
    reached the one process the table hashes to."""
    servers = _servers(server_factory, pg_url)
    nginx = proxy(servers)
    page.goto(f"{nginx.url}/")
    expect(page.get_by_test_id("create-form")).to_be_visible()
    table = create(nginx.url, **NAP)["id"]
    sit_by_dialog(page, f"{nginx.url}/t/{table}", "Ann", 0)
    # play_out_deal returns once the deal's result shows (with --deal-pause 0 the next deal may clear it at once)
    assert play_out_deal(page, 0), "Ann had no turn in the deal"
    page.context.close()  # the websocket closes: the proxy logs it

    hits = nginx.hits_once(lambda hits: any(h.path == f"/ws/{table}" for h in hits), "the page's websocket")
    named = [h for h in hits if h.names(table)]
    assert {h.path for h in named} >= {f"/t/{table}", f"/api/tables/{table}/sit", f"/ws/{table}"}, named
    assert len({h.tried for h in named}) == 1 and len(named[0].tried) == 1, named
    assert {h.status for h in named} <= {200, 101}, named


def _connect(base: str, table: str, token: str | None, timeout: float = 15) -> Seat:
    """A websocket to the table through the proxy, tried again while the proxy answers 502 (no process to reach)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            seat = Seat(base, table, token)
            seat.until(lambda s: True, timeout=10, what="the snapshot")
            return seat
        except (InvalidStatus, ConnectionClosed, OSError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_a_table_whose_process_is_killed_plays_on_through_the_proxy_on_the_other(
    proxy: Callable[[Sequence[WebServer]], Nginx], server_factory: Callable[..., Any], pg_url: str
) -> None:
    """Ann plays through the proxy, a spectator watches; the process the table hashes to is killed (SIGKILL). Both
    reconnect through the proxy, which sends them to the other process; the table plays on there (its bots too: the
    survivor takes the table's lease), every move of Ann's stored once and the events numbered without a gap."""
    servers = _servers(server_factory, pg_url)
    nginx = proxy(servers)
    base = nginx.url
    # A table made on the process it hashes to: that process leads it (its bots, its deals), so the other must
    # take its lease once it is killed.
    for count in range(1, 21):
        table = create(base, **NAP)["id"]
        _info(base, table)
        home = nginx.served(table)
        if nginx.created(count) == home:
            break
    else:
        pytest.fail(f"20 tables and none made on the process it hashes to: {nginx.hits()}")
    victim = next(s for s in servers if f"127.0.0.1:{s.port}" == home)
    survivor = next(f"127.0.0.1:{s.port}" for s in servers if s is not victim)

    token = sit(base, table, 0, "Ann")
    ann = Seat(base, table, token)
    watcher = Seat(base, table, None)
    moves = _play(ann, lambda s: _actions_of_ann(ann) >= 2)
    victim.kill()
    killed = time.time()
    for seat in (ann, watcher):
        with pytest.raises(ConnectionClosed):
            while True:
                seat.recv(timeout=10)
    before = _actions_of_ann(ann)
    errors = [m for m in ann.messages if m["type"] == "error"]
    ann, watcher = _connect(base, table, token), _connect(base, table, None)
    assert ann.state["you"] == 0, "Ann's rejoin link did not seat her on the other process"
    moves += _play(ann, lambda s: _actions_of_ann(ann) >= before + 3 or s["scores"]["over"])
    _watch_up_to(watcher, ann)
    ann.close()
    watcher.close()

    hits = nginx.hits_once(lambda hits: sum(h.status == 101 and h.names(table) for h in hits) == 4, "websockets")
    named = [h for h in hits if h.names(table)]
    assert {h.served_by for h in named if h.started < killed} == {home}, "\n".join(map(str, named))
    after = [h for h in named if h.started >= killed]
    assert {h.served_by for h in after} == {survivor} and sum(h.status == 101 for h in after) == 2, after
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT seq, kind, data FROM events WHERE table_id = %s ORDER BY seq", (table,))
        events = [(int(seq), kind, data) for seq, kind, data in rows.fetchall()]
    assert [e[0] for e in events] == list(range(1, len(events) + 1)), "events not numbered 1..N"
    by_ann = [e for e in events if e[1] == "act" and '"seat": 0' in e[2] and '"bot": false' in e[2]]
    errors += [m for m in ann.messages if m["type"] == "error"]
    assert len(by_ann) == moves - len(errors) and len(by_ann) >= 5, (len(by_ann), moves, errors)


def test_the_docs_show_the_sample_config_as_shipped() -> None:
    """docs/web.md ("Routing by table") shows the very config that deploy/nginx/roundgames.conf ships."""
    web = (REPO / "docs" / "web.md").read_text(encoding="utf-8")
    assert "### Routing by table" in web
    shown = re.search(r"```nginx\n(.*?)```", web.split("### Routing by table", 1)[1], re.DOTALL)
    assert shown is not None, "no nginx block under 'Routing by table'"
    assert shown.group(1) == SAMPLE.read_text(encoding="utf-8")
