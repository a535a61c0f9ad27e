"""The Starlette application: the pages and the JSON routes, and the assembly of the whole web table.

The routes and messages are those of docs/web.md. Every request is checked here before it reaches a table; a bad
one is answered with an error naming the field and the problem, and changes nothing. The websocket is
:mod:`roundgames.web.sockets`'s, the tables :mod:`roundgames.web.server`'s.
"""

from __future__ import annotations

import contextlib
import html
import json
import math
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ..core.sheet import cell, sheet
from ..records.deal import dumps, record_of
from .docs_site import DocsSite, docs_built
from .guard import RequestGuard
from .guide_routes import GUIDE_ROUTES
from .headers import SecurityHeaders
from .invite import qr_svg, set_listed, table_link
from .limits import SOCKETS_PER_ADDRESS, TABLES_PER_ADDRESS, UNSAT_SECONDS, Limits, address_key, room_comes_back
from .lobby import info as lobby_info
from .protocol import ProtocolError, check_text, new_table_config, options_catalogue, parse_sit
from .replay import REPLAY_STATUS, replay_asked, replay_message, whole_number
from .room import Room, RoomError
from .server import MAX_TABLES, Server
from .sockets import table_socket
from .store import StoreError
from .thinking import Thinker
from .timing import Clock, Timing

__all__ = ["CREATE_LIMIT", "CREATE_LIMIT_ENV", "CreateLimit", "Server", "create_app"]

HERE = Path(__file__).parent
#: the tables one client address may create a minute (a burst of as many, then one every six seconds)
CREATE_LIMIT = 10
#: the environment variable that sets :data:`CREATE_LIMIT` for ``roundgames serve`` (0: no limit; the benchmark's)
CREATE_LIMIT_ENV = "ROUNDGAMES_CREATE_LIMIT"
MAX_BODY = 16_384
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))
NO_SUCH_TABLE = (
    "<!doctype html><meta charset=utf-8><title>No such table</title>"
    "<p>No such table: it may have expired. <a href=/>Back to the lobby</a>"
)
UNAVAILABLE = (
    "<!doctype html><meta charset=utf-8><title>Table unavailable</title>"
    "<p>This table is unavailable: {reason}. The other tables play on. <a href=/>Back to the lobby</a>"
)


def _error(status: int, field: str | None, message: str) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "message": message}}, status_code=status)


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def _address(request: Request) -> str:
    """The client's address as the limits count it (an IPv6 address by its /64: :func:`address_key`)."""
    return address_key(request.client.host if request.client is not None else "")


def _room(request: Request) -> Room:
    """The table the route names; raises :class:`ProtocolError`: ``table_gone`` for none, ``table_unavailable`` for
    one set aside, ``too_many`` for a client that has asked for too many tables that do not exist
    (:meth:`~roundgames.web.limits.Limits.lookup_refused`)."""
    limits: Limits = request.app.state.limits
    refused = limits.lookup_refused(_address(request))
    if refused is not None:
        raise ProtocolError("too_many", refused)
    table_id = request.path_params["table_id"]
    server = _server(request)
    room = server.find(table_id)  # on a shared store, read from it where another process holds the table
    if room is None:
        if table_id in server.aside:
            raise ProtocolError(
                "table_unavailable", f"table {table_id!r} is unavailable: {server.aside[table_id]}", "id"
            )
        limits.missed(_address(request))
        raise ProtocolError("table_gone", f"no table {table_id!r} (it may have expired)", "id")
    return room


async def _body(request: Request) -> Any:
    too_large = ProtocolError("too_large", f"the request body is larger than {MAX_BODY} bytes", "body")
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_BODY:
        raise too_large
    raw = b""
    try:
        async for chunk in request.stream():  # a body sent in chunks is cut off at the limit, not read whole
            raw += chunk
            if len(raw) > MAX_BODY:
                raise too_large
    except ClientDisconnect:  # closed mid-body by the client, or by the deadline: a 400 nobody may read, no trace
        raise ProtocolError(
            "bad_message", "the request body was cut off: the connection closed before its end", "body"
        ) from None
    try:
        body = json.loads(raw or b"null")
    except ValueError as e:
        raise ProtocolError("bad_json", f"the request body is not JSON: {e}", "body") from None
    except RecursionError:
        raise ProtocolError("bad_json", "the request body is nested too deeply", "body") from None
    check_text(body, "request body")
    return body


# -- the pages --------------------------------------------------------------------------------------------


async def index(request: Request) -> Response:
    return TEMPLATES.TemplateResponse(request, "index.html", {"docs": docs_built()})


async def table_page(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    aside = _server(request).aside.get(table_id)
    if aside is not None:
        return HTMLResponse(UNAVAILABLE.format(reason=html.escape(aside)), 503)
    try:
        room = _room(request)
    except ProtocolError as e:
        if e.code == "too_many":
            return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>Too many</title><p>{e.message}.", 429)
        if e.code == "table_unavailable":  # set aside as it was read for this page (on a shared store)
            reason = _server(request).aside.get(table_id, "")
            return HTMLResponse(UNAVAILABLE.format(reason=html.escape(reason)), 503)
        return HTMLResponse(NO_SUCH_TABLE, 404)
    return TEMPLATES.TemplateResponse(request, "table.html", {"table_id": room.id, "docs": docs_built()})


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return _error(exc.status_code, None, f"{request.method} {request.url.path}: {exc.detail}")
    return HTMLResponse(
        f"<!doctype html><meta charset=utf-8><title>{exc.status_code}</title><p>{exc.detail}. "
        "<a href=/>Back to the lobby</a>",
        exc.status_code,
    )


# -- the JSON routes -----------------------------------------------------------------------------------------


async def options(request: Request) -> Response:
    return JSONResponse(options_catalogue())


#: TableInfo of docs/web.md (:func:`~roundgames.web.lobby.info`: the lobby's entries are made of it too)
_info = lobby_info


async def list_tables(request: Request) -> Response:
    """The lobby (:func:`~roundgames.web.lobby.entry` says which tables it shows, and how): on a store several
    processes share, every process's tables."""
    return JSONResponse({"tables": _server(request).listing()})


async def create_table(request: Request) -> Response:
    server = _server(request)
    limit: CreateLimit = request.app.state.create_limit
    address = _address(request)
    if limit.wait(address) > 0:  # refused before the body is read: a client over its limit costs nothing more
        return _error(429, None, limit.refusal(address))
    if len(server.rooms) >= MAX_TABLES:
        back = room_comes_back(server.rooms.values(), server.idle_seconds, server.clock.now())
        return _error(503, None, f"the server holds {MAX_TABLES} tables, its most; {back}")
    try:
        config = new_table_config(await _body(request))
    except ProtocolError as e:
        return _error(400, e.field, e.message)  # a refused form (a mistake being corrected) counts for nothing
    if limit.per_minute and server.created_by(address) >= TABLES_PER_ADDRESS:  # no limit: a benchmark's
        return _error(
            429,
            None,
            f"too many tables from your address: at most {TABLES_PER_ADDRESS} at once; a table nobody joins "
            f"goes after {UNSAT_SECONDS / 60:g} minutes, or play at one you made",
        )
    if not limit.allow(address):
        return _error(429, None, limit.refusal(address))
    try:
        room = server.create(config, address)
    except StoreError as e:
        return _error(503, None, f"the table could not be saved, so it was not made: {e}")
    return JSONResponse({"id": room.id, "url": f"/t/{room.id}", "info": _info(room)}, status_code=201)


async def table_info(request: Request) -> Response:
    try:
        return JSONResponse(_info(_room(request)))
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)


def _status(e: ProtocolError) -> int:
    """The HTTP status of a table not found: 503 for one set aside, 429 for a client refused lookups
    (:func:`_room`), else 404."""
    return {"table_unavailable": 503, "too_many": 429}.get(e.code, 404)


async def sit(request: Request) -> Response:
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    try:
        seat, name = parse_sit(await _body(request), len(room.seats))
        token = await room.call(room.sit, seat, name)
    except ProtocolError as e:
        return _error(400, e.field, e.message)
    except RoomError as e:
        status = {"seat_taken": 409, "store_failed": 503, "paused": 503}.get(e.code, 400)
        return _error(status, e.field, e.message)
    return JSONResponse({"seat": seat, "token": token, "rejoin": f"/t/{room.id}#seat={token}"})


async def invite_qr(request: Request) -> Response:
    """The table's own link as a QR code (SVG), for a friend's phone to read off the screen."""
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    svg = qr_svg(table_link(str(request.base_url), room.id))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


#: the HTTP status of each refusal of a host's request (listing the table, ending the sitting); any other is 400
_HOST_STATUS = {"bad_token": 403, "not_host": 403, "gathering": 409, "no_deal": 409, "store_failed": 503, "paused": 503}


def _host_error(e: RoomError) -> JSONResponse:
    return _error(_HOST_STATUS.get(e.code, 400), e.field, e.message)


async def listed(request: Request) -> Response:
    """The host lists the table in the lobby, or takes it out: ``{"token": ..., "listed": true}``."""
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    try:
        body = await _body(request)
        if not isinstance(body, dict) or set(body) - {"token", "listed"}:
            raise ProtocolError("bad_message", 'the body is {"token": "...", "listed": true or false}', "body")
        now = await room.call(set_listed, room, body.get("token"), body.get("listed"))
    except ProtocolError as e:
        return _error(400, e.field, e.message)
    except RoomError as e:
        return _host_error(e)
    return JSONResponse({"listed": now})


def _stop_as_host(room: Room, token: str) -> None:
    """Paused first: a table whose store cannot be read does not know its host (web/pausing.py)."""
    room.pausing.refuse_if_paused()
    room.gathering.stop(room.seat_of(token))


async def stop(request: Request) -> Response:
    """The host ends a sitting played "until we stop": ``{"token": ...}`` (after the deal in play, or at once)."""
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    try:
        body = await _body(request)
        if not isinstance(body, dict) or set(body) != {"token"}:
            raise ProtocolError("bad_message", 'the body is {"token": "..."}, the host\'s seat token', "body")
        token = body["token"]
        if not isinstance(token, str) or not token:
            raise ProtocolError("bad_message", f"token: {token!r} is not a seat token", "token")
        await room.call(_stop_as_host, room, token)
    except ProtocolError as e:
        return _error(400, e.field, e.message)
    except RoomError as e:
        return _host_error(e)
    return JSONResponse({"stopping": True, "over": room.table.is_over})


async def scores_csv(request: Request) -> Response:
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    names = room.display_names()
    hints = bool(room.config.get("hints"))  # a table that allows hints has a column naming who took them
    scores = room.scores()
    rows: list[list[object]] = [["deal", *names, *(["hints"] if hints else [])]]
    for i, nets in enumerate(room.nets, 1):
        # who took hints, one cell: each name kept as text as the sheet keeps a cell (a name "=cmd|..." too)
        hinted = ["; ".join(cell(names[s]) for s in scores["hints"][i - 1])] if hints else []
        rows.append([i, *nets, *hinted])
    rows.append(["total", *scores["totals"], *([""] if hints else [])])
    text = sheet(rows, newline="\r\n")  # the csv module's own line ending, as the download always had
    headers = {"Content-Disposition": f'attachment; filename="roundgames-{room.id}.csv"'}
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


async def records_json(request: Request) -> Response:
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    if not room.table.is_over:
        # Finished deals still hold the miss, thrown-up hands and the stock, which nobody at the table
        # has seen; the records are for the end of the sitting (or a deal dispute after it).
        return _error(409, "id", "the deal records are exported when the sitting is over")
    records = [json.loads(dumps(record_of(deal))) for deal in room.table.sitting.deals]
    deal = room.table.sitting.current
    if deal is not None and deal.is_complete:
        records.append(json.loads(dumps(record_of(deal))))
    headers = {"Content-Disposition": f'attachment; filename="roundgames-{room.id}.json"'}
    return JSONResponse(records, headers=headers)


def _replay_deal(request: Request) -> int:
    number = whole_number(request.path_params["deal"], "deal", "a finished deal's number, from 1")
    assert number is not None
    return number


def _replay_sitting(request: Request, room: Room) -> int | None:
    """The sitting a replay's link names (``?sitting=2``), None where it names none: the sitting in play."""
    valid = f"a sitting from 1 to {room.sitting_number}, or none for the one in play"
    return whole_number(request.query_params.get("sitting"), "sitting", valid)


async def replay_page(request: Request) -> Response:
    """The replay page of a finished deal (``/t/ID/replay/3?sitting=1&seat=1``); its script asks the JSON route
    below."""
    try:
        room = _room(request)
        number = _replay_deal(request)
        _replay_sitting(request, room)
    except ProtocolError:
        return await table_page(request)  # the table page's answer for a table set aside, gone or asked too often
    except RoomError as e:
        page = f"<!doctype html><meta charset=utf-8><title>No such deal</title><p>{html.escape(e.message)}"
        return HTMLResponse(page, 400)
    context = {"table_id": room.id, "deal": number, "docs": docs_built()}
    return TEMPLATES.TemplateResponse(request, "replay.html", context)


async def replay_json(request: Request) -> Response:
    """Each step of a finished deal as a seat saw it (web/replay.py): anyone's once the sitting is over, before
    that only the seat's own person's (``Authorization: Bearer TOKEN``)."""
    try:
        room = _room(request)
    except ProtocolError as e:
        return _error(_status(e), e.field, e.message)
    bearer = request.headers.get("authorization", "")
    token = bearer.removeprefix("Bearer ").strip() if bearer.startswith("Bearer ") else None
    try:
        number = _replay_deal(request)
        seat = whole_number(request.query_params.get("seat"), "seat", f"a seat from 0 to {len(room.seats) - 1}")
        sitting = _replay_sitting(request, room)
        asked = await room.call(replay_asked, room, token, number, seat, sitting)
    except RoomError as e:
        return _error(REPLAY_STATUS.get(e.code, 400), e.field, e.message)
    return JSONResponse(replay_message(asked), headers={"Cache-Control": "private, no-store"})


class CreateLimit:
    """Tables one client address may create: a burst of ``per_minute``, then one every ``60 / per_minute``
    seconds (a token bucket per address); ``per_minute`` 0 for no limit."""

    def __init__(self, per_minute: int, now: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.now = now
        self.buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when counted)

    def _tokens(self, address: str, now: float) -> float:
        tokens, then = self.buckets.get(address, (float(self.per_minute), now))
        return min(float(self.per_minute), tokens + (now - then) * self.per_minute / 60)

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may create a table (0: now); takes nothing."""
        if self.per_minute <= 0:
            return 0.0
        tokens = self._tokens(address, self.now())
        return 0.0 if tokens >= 1 else (1 - tokens) * 60 / self.per_minute

    def allow(self, address: str) -> bool:
        """Take one table from ``address``'s allowance; whether there was one."""
        if self.per_minute <= 0:
            return True
        now = self.now()
        if len(self.buckets) > 10_000:  # forget the addresses whose buckets are full again
            self.buckets = {a: b for a, b in self.buckets.items() if now - b[1] < 60}
        tokens = self._tokens(address, now)
        if tokens < 1:
            self.buckets[address] = (tokens, now)
            return False
        self.buckets[address] = (tokens - 1, now)
        return True

    def refusal(self, address: str) -> str:
        seconds = max(1, math.ceil(self.wait(address)))
        return f"too many new tables from your address: at most {self.per_minute} a minute; try again in {seconds} s"


ROUTES = [
    Route("/", index),
    Route("/t/{table_id}", table_page),
    Route("/t/{table_id}/replay/{deal}", replay_page),
    Route("/api/tables/{table_id}/replay/{deal}", replay_json),
    Route("/api/options", options),
    Route("/api/tables", list_tables, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{table_id}", table_info),
    Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
    Route("/api/tables/{table_id}/scores.csv", scores_csv),
    Route("/api/tables/{table_id}/invite.svg", invite_qr),
    Route("/api/tables/{table_id}/listed", listed, methods=["POST"]),
    Route("/api/tables/{table_id}/stop", stop, methods=["POST"]),
    Route("/api/tables/{table_id}/records.json", records_json),
    *GUIDE_ROUTES,
    WebSocketRoute("/ws/{table_id}", table_socket),
    Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    Mount("/docs", DocsSite(), name="docs"),
]


def create_app(
    db: str = "roundgames.sqlite3",
    *,
    timing: Timing | None = None,
    idle_seconds: float = 24 * 3600,
    clock: Clock | None = None,
    thinker: Thinker | None = None,
    bot_workers: int | None = None,
    create_limit: int = CREATE_LIMIT,
    hosts: frozenset[str] | None = None,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
) -> Starlette:
    """The web table's ASGI application, storing its tables in the SQLite file ``db``; ``clock`` the time its
    tables keep (the real one unless a test drives its own); its bots think in ``bot_workers`` processes (by
    default as many as the cores less one), or in ``thinker`` where a test gives one; one client address may create
    ``create_limit`` tables a minute (in a burst, then one at a time; 0 for no limit) and hold
    ``sockets_per_address`` websockets at once (0: no limit); a request must name one of ``hosts`` (or an IP
    address) as its Host (None: any, as in-process tests call it; :func:`~roundgames.web.guard.served_hosts`)."""
    server = Server(db, timing or Timing(), idle_seconds, clock, thinker=thinker, bot_workers=bot_workers)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.open()
        yield
        await server.close()

    app = Starlette(
        routes=ROUTES,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error},
        middleware=[Middleware(SecurityHeaders), Middleware(RequestGuard, hosts=hosts)],
    )
    app.state.server = server
    app.state.create_limit = CreateLimit(create_limit)
    app.state.limits = Limits(sockets_per_address)
    return app
