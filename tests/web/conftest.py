"""Fixtures for the browser tests: the real web server, in this process or as a subprocess, and the system Chromium
through Playwright.

The browser is the Debian package ``chromium`` (``scripts/ensure-chromium`` installs it; ``make test`` runs that first),
never a browser of Playwright's own. A missing browser fails the tests, it does not skip them.

- ``server``: the web table as ``roundgames serve`` runs it, served in a thread of the test's process
  (:class:`inproc.InProcessServer`) on a free port with its own database, dealing the next deal at once
  (``--deal-pause 0``); ``.url``, ``.port``, ``.db``, ``.log_text()``, ``.start()``, ``.stop()``.
- ``server_process``: the same as a ``roundgames serve`` subprocess (:class:`WebServer`), for a test that kills it;
  ``.kill()`` (SIGKILL: a crash), ``.stop()`` (SIGTERM), ``.start()`` (again, same port and database), ``.process``.
- ``server_factory``: more servers (``args=[...]`` more options for ``serve``, ``start=False`` for one not started
  yet, ``db=`` to share a database); ``process=True`` for a subprocess, which a test needs where it kills, signals
  or restarts the server, runs two on one database, measures its process, or sets its environment (``env={...}``).

Every server's bots lead again at once after a finished trick (``ROUNDGAMES_TRICK_PAUSE=0``, given to one in this
process as its :class:`~roundgames.web.serve.Tuning`), unless a test sets the pause itself: the server's real pace is
checked by tests/web/test_server.py.
- ``browser``: one headless Chromium for the session.
- ``new_context(size)``: a fresh browser context (own cookies and storage), ``"phone"`` (360x740, touch) or
  ``"desktop"`` (1280x800); closed after the test. ``page`` and ``phone_page``: a page in a new context of each size.
- ``shot(page, name)``: a screenshot in ``build/screenshots/NAME.png`` at the repository root; returns its path.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from inproc import InProcessServer, free_port
from roundgames.web.serve import Tuning
from roundgames.web.timing import TRICK_PAUSE_ENV

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "build" / "screenshots"

START_TIMEOUT = 20.0  # seconds for the server to answer GET /api/tables
STOP_TIMEOUT = 10.0  # seconds for a terminated server to exit before it is killed
PAGE_TIMEOUT = 10_000  # milliseconds: Playwright's default wait for a locator or a navigation
#: milliseconds between two looks of a test's `wait_for_function`. Playwright's default looks on every animation
#: frame, which keeps headless Chromium drawing sixty frames a second for as long as the test waits (on a bot's
#: turn, a deal's end): with it the browser tests' Chromium used a quarter more CPU.
POLL_MS = 50

SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Requests to our own server never go through a proxy, whatever the environment says.
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def chromium_path() -> str | None:
    """The system Chromium: $ROUNDGAMES_CHROMIUM if set, else `chromium` on the PATH, else /usr/bin/chromium."""
    chosen = os.environ.get("ROUNDGAMES_CHROMIUM")
    if chosen:
        return chosen if os.access(chosen, os.X_OK) else None
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


class WebServer:
    """`roundgames serve` in a subprocess; its stdout and stderr go to `log` (appended to by each start)."""

    def __init__(
        self, workdir: Path, port: int, db: Path, args: Sequence[str] = (), env: dict[str, str] | None = None
    ) -> None:
        self.workdir = workdir
        self.env = {TRICK_PAUSE_ENV: "0", **(env or {})}
        self.port = port
        self.db = db
        self.url = f"http://127.0.0.1:{port}"
        self.log = workdir / f"server-{port}.log"
        self.command = [
            sys.executable,
            "-m",
            "roundgames",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(db),
            *args,
        ]
        self.process: subprocess.Popen[bytes] | None = None
        self._log_file: IO[bytes] | None = None
        self._ended_on_purpose = True

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log_text(self) -> str:
        """Everything the server has written so far, every start included."""
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def start(self, timeout: float = START_TIMEOUT) -> None:
        """Start the server (again: same port, same database) and wait until GET /api/tables answers 200."""
        if self.running:
            raise RuntimeError(f"the server on port {self.port} is already running")
        self._reap()
        self._log_file = self.log.open("ab")
        self._log_file.write(f"\n=== start: {' '.join(self.command)}\n".encode())
        self._log_file.flush()
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        self.process = subprocess.Popen(
            self.command,
            cwd=self.workdir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
        )
        self._ended_on_purpose = False
        self._wait_ready(timeout)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while True:
            assert self.process is not None
            code = self.process.poll()
            if code is not None:
                self._ended_on_purpose = True
                self._reap()
                pytest.fail(
                    f"the web server exited with status {code} before answering GET /api/tables\n"
                    f"command: {' '.join(self.command)}\n--- its output ({self.log}):\n{self.log_text()}",
                    pytrace=False,
                )
            try:
                with _NO_PROXY.open(f"{self.url}/api/tables", timeout=2) as answer:
                    if answer.status == 200:
                        return
                    last = f"HTTP {answer.status}"
            except urllib.error.HTTPError as error:
                last = f"HTTP {error.code}"
                error.close()
            except (OSError, ValueError) as error:
                last = repr(error)
            if time.monotonic() > deadline:
                self.kill()
                pytest.fail(
                    f"the web server did not answer GET {self.url}/api/tables with 200 within {timeout:g} s "
                    f"(last: {last})\ncommand: {' '.join(self.command)}\n--- its output ({self.log}):\n"
                    f"{self.log_text()}",
                    pytrace=False,
                )
            time.sleep(0.05)

    def stop(self, timeout: float = STOP_TIMEOUT) -> int | None:
        """Terminate the server (SIGTERM, then SIGKILL after `timeout` s); returns its exit status."""
        return self._end(signal.SIGTERM, timeout)

    def kill(self) -> int | None:
        """Kill the server with SIGKILL, as a crash would end it; returns its exit status."""
        return self._end(signal.SIGKILL, STOP_TIMEOUT)

    def _end(self, sig: signal.Signals, timeout: float) -> int | None:
        if self.process is None:
            return None
        self._ended_on_purpose = True
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        self._reap()
        return code

    def _reap(self) -> None:
        if self.process is not None and self.process.poll() is not None:
            self.process = None
        if self.process is None and self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    def close(self) -> str | None:
        """End the server at teardown; says what went wrong when it had exited without being told to."""
        problem = None
        if self.process is not None and self.process.poll() is not None and not self._ended_on_purpose:
            problem = f"the web server on port {self.port} exited by itself with status {self.process.returncode}"
        self.stop()
        return problem


#: the tests' pace for a server in this process: the bots lead again at once after a trick (ROUNDGAMES_TRICK_PAUSE=0)
TUNING = Tuning(trick_pause=0.0)

Served = WebServer | InProcessServer


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """Make web servers: `server_factory(db=None, start=True, args=(), process=False, env=None)`, `args` more options
    for `roundgames serve`; in this process, or with `process=True` as a subprocess (`env` more of its environment).

    Every one is stopped after the test; one that exited by itself (not by `.stop()` or `.kill()`), or did not stop
    when told, fails the test.
    """
    made: list[Served] = []

    def make(
        db: Path | None = None,
        start: bool = True,
        args: Sequence[str] = (),
        env: dict[str, str] | None = None,
        process: bool = False,
    ) -> Served:
        workdir = tmp_path / f"server{len(made)}"
        workdir.mkdir()
        database = db or workdir / "web.sqlite3"
        web: Served
        if process:
            web = WebServer(workdir, free_port(), database, args, env)
        elif env is not None:
            raise TypeError(
                f"env={env}: the environment is a subprocess's (process=True); this process's is the tests'"
            )
        else:
            web = InProcessServer(database, args=args, tuning=TUNING)
        made.append(web)
        if start:
            web.start()
        return web

    yield make
    problems = [(web, problem) for web in made if (problem := web.close())]
    if problems:
        pytest.fail(
            "\n".join(f"{problem}\n--- its output:\n{web.log_text()}" for web, problem in problems), pytrace=False
        )


@pytest.fixture
def server(server_factory: Callable[..., Served]) -> InProcessServer:
    """The real web server, started, with a fresh database, dealing each next deal at once; stopped after the
    test. Served in this process."""
    web = server_factory(args=["--deal-pause", "0"])
    assert isinstance(web, InProcessServer)
    return web


@pytest.fixture
def server_process(server_factory: Callable[..., Served]) -> WebServer:
    """The same as ``server``, as a ``roundgames serve`` subprocess: for a test that kills it and starts it again
    (a crash leaves what only another process can show: no shutdown ran)."""
    web = server_factory(args=["--deal-pause", "0"], process=True)
    assert isinstance(web, WebServer)
    return web


# Playwright's sync API runs an event loop in the test process while it is open. Opened once a module (not once a
# session), it is closed before a test of another module runs in the same process, so a later test that runs its own
# loop (asyncio.run, Textual's pilot) never finds one running.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """The system Chromium, headless, for the module's tests. No browser is a failure, not a skip."""
    path = chromium_path()
    if path is None:
        where = os.environ.get("ROUNDGAMES_CHROMIUM") or "chromium on the PATH, or /usr/bin/chromium"
        pytest.fail(
            f"the browser tests need the system Chromium (Debian package 'chromium') and there is none ({where}): "
            "run `bash scripts/ensure-chromium` (as root, or with sudo), or `apt-get install chromium`",
            pytrace=False,
        )
    launched = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """`new_context("phone" | "desktop", **options)`: a fresh context (own cookies and storage), closed after the test."""
    made: list[BrowserContext] = []

    def make(size: str = "desktop", **options: Any) -> BrowserContext:
        context = browser.new_context(**{**SIZES[size], **options})
        context.set_default_timeout(PAGE_TIMEOUT)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    """A page at desktop size (1280x800)."""
    return new_context("desktop").new_page()


@pytest.fixture
def phone_page(new_context: Callable[..., BrowserContext]) -> Page:
    """A page at phone size (360x740, mobile, touch)."""
    return new_context("phone").new_page()


@pytest.fixture
def shot() -> Callable[..., Path]:
    """`shot(page, name, full_page=True)`: save a screenshot as build/screenshots/NAME.png; returns its path."""

    def take(page: Page, name: str, full_page: bool = True) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / (re.sub(r"[^A-Za-z0-9._-]+", "-", name) + ".png")
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
