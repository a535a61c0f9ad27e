"""``roundgames serve``: start the web table with uvicorn.

:func:`server_config` builds what is served (the application, and uvicorn's settings for it); :func:`serve` checks
the port and the store, reads the server's pace and limits from the environment (:meth:`Tuning.from_env`) and runs
it. The tests serve the same configuration in their own process."""

from __future__ import annotations

import os
import socket
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import RoundgamesError
from .app import CREATE_LIMIT, CREATE_LIMIT_ENV, create_app
from .deadline import (
    CONNECTIONS_PER_ADDRESS,
    REQUEST_SECONDS,
    DeadlineProtocol,
    connections_from_env,
    request_seconds_from_env,
)
from .guard import served_hosts
from .limits import SOCKETS_PER_ADDRESS, Limits
from .protocol import MAX_MESSAGE
from .store import SqliteStore, Store, StoreError, open_store
from .store import shown as shown_store
from .thinking import Thinker
from .timing import Timing
from .wsdeflate import ws_protocol

if TYPE_CHECKING:
    import uvicorn

__all__ = ["LIMIT_CONCURRENCY", "Tuning", "serve", "server_config"]

#: connections (websockets among them) and requests the server handles at once: past them an HTTP request is
#: answered 503; one address holds at most :data:`~roundgames.web.deadline.CONNECTIONS_PER_ADDRESS` of them, so it
#: takes this many over fifty addresses to fill them (the open-files limit is raised to allow it, where it may be)
LIMIT_CONCURRENCY = 4_000
#: seconds an idle connection is kept between two requests (uvicorn's own default)
KEEP_ALIVE_SECONDS = 5


@dataclass(frozen=True)
class Tuning:
    """The server's pace and limits that the environment may change (:meth:`from_env`); the defaults are what an
    environment without them gives."""

    #: seconds a finished trick stays in view (:data:`~roundgames.web.timing.TRICK_PAUSE_ENV`)
    trick_pause: float = Timing.trick_pause
    #: tables one address may create a minute, 0 for no limit (``ROUNDGAMES_CREATE_LIMIT``)
    create_limit: int = CREATE_LIMIT
    #: websockets one address may hold, 0 for no limit (``ROUNDGAMES_SOCKETS_PER_ADDRESS``)
    sockets: int = SOCKETS_PER_ADDRESS
    #: seconds a request has to arrive (``ROUNDGAMES_REQUEST_SECONDS``)
    request_seconds: float = REQUEST_SECONDS
    #: connections one address may hold, 0 for no limit (``ROUNDGAMES_CONNECTIONS_PER_ADDRESS``)
    connections: int = CONNECTIONS_PER_ADDRESS

    @classmethod
    def from_env(cls) -> Tuning:
        """What the environment says; raises :class:`RoundgamesError` naming the variable and its bad value."""
        try:
            trick_pause = Timing.trick_pause_from_env()
            sockets = Limits.sockets_from_env()
            request_seconds = request_seconds_from_env()
            connections = connections_from_env(sockets)
        except ValueError as e:
            raise RoundgamesError(str(e)) from None
        raw = os.environ.get(CREATE_LIMIT_ENV, "").strip()
        if raw and not raw.isdigit():
            raise RoundgamesError(
                f"{CREATE_LIMIT_ENV}={raw}: tables a minute per address, a whole number (0: no limit)"
            )
        limit = int(raw) if raw else CREATE_LIMIT
        return cls(trick_pause, limit, sockets, request_seconds, connections)


def _allow_open_files(wanted: int) -> None:
    """Raise this process's limit of open files towards ``wanted`` (each connection is one), as far as the hard
    limit lets it; a system without the setting keeps its own."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ImportError, ValueError, OSError):
        pass


def server_config(
    host: str,
    port: int,
    db: str,
    *,
    idle_hours: float,
    away_seconds: float,
    deal_pause: float,
    quiet: bool,
    bot_workers: int | None = None,
    tuning: Tuning | None = None,
    thinker: Thinker | None = None,
    store: Store | None = None,
) -> uvicorn.Config:
    """The web table's application on the store ``db`` and uvicorn's settings for serving it on ``host``:``port``,
    paced and limited by ``tuning`` (by default what an environment without its variables gives); its bots think in
    ``bot_workers`` processes, or in ``thinker`` where a test gives one; ``store``: ``db`` opened already, which the
    application takes as it starts rather than opening it again. :func:`serve` runs it; so do the tests, in their
    own process."""
    import uvicorn

    tuning = tuning or Tuning()
    timing = Timing(away_seconds=away_seconds, deal_pause=deal_pause, trick_pause=tuning.trick_pause)
    app = create_app(
        db,
        timing=timing,
        idle_seconds=idle_hours * 3600,
        thinker=thinker,
        bot_workers=bot_workers,
        create_limit=tuning.create_limit,
        hosts=served_hosts(host),
        sockets_per_address=tuning.sockets,
    )
    app.state.server.opened = store
    # Every request arrives within its deadline, or its connection is closed (slow clients: DeadlineProtocol); a
    # protocol class of its own for each server, whose count of each address's connections is its own.
    protocol = type(
        "Protocol", (DeadlineProtocol,), {"seconds": tuning.request_seconds, "most": tuning.connections, "open": {}}
    )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning" if quiet else "info",
        ws_max_size=MAX_MESSAGE * 4,  # a larger frame is cut off by the protocol layer itself
        ws=ws_protocol(),  # its compression window holds the last state sent (web/wsdeflate.py)
        lifespan="on",
        http=protocol,
        limit_concurrency=LIMIT_CONCURRENCY,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
    )


def serve(
    host: str,
    port: int,
    db: str,
    *,
    idle_hours: float,
    away_seconds: float,
    deal_pause: float,
    quiet: bool,
    bot_workers: int | None = None,
) -> int:
    """Serve until interrupted; raises :class:`RoundgamesError` for a port in use or a store that cannot open (or that
    another server is using).

    The pause after a trick is 1.5 s, or what :data:`~roundgames.web.timing.TRICK_PAUSE_ENV` says; the tables one
    address may create a minute, :data:`~roundgames.web.app.CREATE_LIMIT` or what ``ROUNDGAMES_CREATE_LIMIT`` says;
    the websockets it may hold, :data:`~roundgames.web.limits.SOCKETS_PER_ADDRESS` or what
    ``ROUNDGAMES_SOCKETS_PER_ADDRESS`` says; the connections, :data:`~roundgames.web.deadline.CONNECTIONS_PER_ADDRESS`
    or what ``ROUNDGAMES_CONNECTIONS_PER_ADDRESS`` says; the seconds a request has to arrive,
    :data:`~roundgames.web.deadline.REQUEST_SECONDS` or what ``ROUNDGAMES_REQUEST_SECONDS`` says (:class:`Tuning`);
    the host names it answers to, :func:`~roundgames.web.guard.served_hosts`."""
    import uvicorn

    try:  # say so plainly, not as uvicorn's traceback, when the port is taken
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        raise RoundgamesError(f"--port {port}: cannot listen on {host}:{port}: {e.strerror}") from None
    try:  # opened here first, so that a store in use by another server is said plainly (and exits 2)
        store = open_store(db)
    except StoreError as e:
        raise RoundgamesError(str(e)) from None
    # An SQLite file stays open, its lock held, until the application takes it as it starts: closed and opened
    # again, a second server started at the same moment could pass this check in between and then fail to start
    # with a traceback. A PostgreSQL store is shared, not locked: it is opened again by the application.
    kept = store if isinstance(store, SqliteStore) else None
    if kept is None:
        store.close()
    try:
        tuning = Tuning.from_env()
    except RoundgamesError:
        if kept is not None:
            kept.close()
        raise
    config = server_config(
        host,
        port,
        db,
        idle_hours=idle_hours,
        away_seconds=away_seconds,
        deal_pause=deal_pause,
        quiet=quiet,
        bot_workers=bot_workers,
        tuning=tuning,
        store=kept,
    )
    shown = f"[{host}]" if ":" in host else host
    print(
        f"roundgames: the web table is on http://{shown}:{port}/ (tables kept in {shown_store(db)}); Ctrl+C stops it",
        file=sys.stderr,
    )
    _allow_open_files(LIMIT_CONCURRENCY + 100)
    uvicorn.Server(config).run()
    return 0
