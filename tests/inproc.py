"""The web table served in the test's own process: what ``roundgames serve`` runs (the application and uvicorn's
settings, built by :func:`roundgames.web.serve.server_config` from the same options), served by ``uvicorn.Server``
in a thread of this process on a free port, with its own database file, real sockets and the bots' worker pool.

It saves a test the start of a Python process, its imports and the application's start-up; a test that kills,
signals or restarts the server, or checks the command's own start-up and exit, runs the real command instead.

The pace and limits the command reads from its environment are given as a
:class:`~roundgames.web.serve.Tuning` (by default, those of an environment without them); the options are ``roundgames serve``'s own, read by its own parser (so that
its defaults hold). What the application logs (uvicorn's loggers, ``roundgames``, ``asyncio``) is kept as the text
a server's output would hold: :meth:`InProcessServer.log_text`.
"""

from __future__ import annotations

import gc
import logging
import socket
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import uvicorn

from roundgames.cli import build_parser
from roundgames.web.serve import Tuning, server_config
from roundgames.web.thinking import Thinker

__all__ = ["START_TIMEOUT", "STOP_TIMEOUT", "InProcessServer", "free_port"]

START_TIMEOUT = 20.0  # seconds for the server to have started (its tables read, its pool open)
STOP_TIMEOUT = 10.0  # seconds for a server told to stop to have closed its connections, tables and pool

#: the loggers whose records a served application's output would hold
LOGGERS = ("uvicorn", "uvicorn.access", "roundgames", "asyncio")
#: what asyncio logs of a task left behind at the end of its loop
LEFT_BEHIND = ("Task was destroyed but it is pending", "Task exception was never retrieved")
FORMAT = logging.Formatter("%(levelname)s:%(name)s: %(message)s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Output(logging.Handler):
    """The records of :data:`LOGGERS`, each given as text to the server whose thread logged it, or to every running
    one where another thread logged it (a worker thread's, which could be any one's)."""

    def emit(self, record: logging.LogRecord) -> None:
        text = FORMAT.format(record)
        running = InProcessServer.running_now
        mine = [s for s in running if s.thread_id == record.thread]
        for server in mine or running:
            server.lines.append(text)


_OUTPUT = _Output()


def _listen() -> None:
    """Hand every record of :data:`LOGGERS` to :data:`_OUTPUT` (again: each new uvicorn configuration sets its own
    loggers' handlers anew)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _OUTPUT not in logger.handlers:
            logger.addHandler(_OUTPUT)


def _stop_listening() -> None:
    for name in LOGGERS:
        logging.getLogger(name).removeHandler(_OUTPUT)


class InProcessServer:
    """``roundgames serve --host 127.0.0.1 --port PORT --db DB ARGS...`` in a thread of this process.

    ``.url``, ``.port``, ``.db``; :meth:`start` (again after :meth:`stop`: the same port and database),
    :meth:`stop`, :meth:`close`, :meth:`log_text`. ``thinker`` replaces the bots' worker pool (a game added only in this process
    is decided in it)."""

    #: the servers of this process started and not stopped yet
    running_now: ClassVar[list[InProcessServer]] = []

    def __init__(
        self,
        db: Path,
        port: int | None = None,
        args: Sequence[str] = (),
        tuning: Tuning | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.port = port or free_port()
        self.db = db
        self.url = f"http://127.0.0.1:{self.port}"
        self.options = build_parser().parse_args(
            ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(db), *args]
        )
        self.tuning = tuning or Tuning()
        self.thinker = thinker
        self.lines: list[str] = []
        self.thread_id: int | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def log_text(self) -> str:
        """Everything the server has logged so far, every start included."""
        return "\n".join(self.lines)

    def start(self, timeout: float = START_TIMEOUT) -> None:
        """Serve, and wait until the server has started: its tables read from the database, its pool open (as the
        command's server has when it first answers); raises RuntimeError, with its log, if it does not."""
        if self.running:
            raise RuntimeError(f"the server on port {self.port} is already running")
        o = self.options
        config = server_config(
            o.host,
            o.port,
            o.db,
            idle_hours=o.idle_hours,
            away_seconds=o.away_seconds,
            deal_pause=o.deal_pause,
            quiet=o.quiet,
            bot_workers=o.bot_workers,
            tuning=self.tuning,
            thinker=self.thinker,
        )
        _listen()
        self._server = server = uvicorn.Server(config)
        self._thread = thread = threading.Thread(target=server.run, name=f"web server :{self.port}", daemon=True)
        InProcessServer.running_now.append(self)
        thread.start()
        self.thread_id = thread.ident
        deadline = time.monotonic() + timeout
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the web server on port {self.port} did not start\n--- its log:\n{self.log_text()}")
            time.sleep(0.02)

    def close(self) -> str | None:
        """Stop the server at the end of a test (:meth:`stop`); what went wrong, if anything did."""
        return self.stop()

    def stop(self, timeout: float = STOP_TIMEOUT) -> str | None:
        """Stop the server as the command stops on SIGTERM: its connections closed, then its tables' tasks and the
        bots' pool (the application's shutdown); what went wrong, if it had stopped by itself, did not stop within
        ``timeout``, or left a task behind."""
        server, thread = self._server, self._thread
        if server is None or thread is None:
            return None
        problem = None
        if not thread.is_alive():
            problem = f"the web server on port {self.port} had stopped by itself"
        server.should_exit = True
        thread.join(timeout)
        if thread.is_alive():  # forced: its tables and pool are left open, which the test is told of
            problem = f"the web server on port {self.port} did not stop within {timeout:g} s"
            server.force_exit = True
            thread.join(timeout)
        left = [line for line in self.lines if any(words in line for words in LEFT_BEHIND)]
        if left and problem is None:
            problem = f"the web server on port {self.port} left tasks behind: {left[0]}"
        self._server = self._thread = None
        InProcessServer.running_now.remove(self)
        if not InProcessServer.running_now:
            _stop_listening()
            # The application froze what it had loaded at its start (gc.freeze, for a server's long life): in
            # this process that was the tests' objects too, which are collected again.
            gc.unfreeze()
        return problem
