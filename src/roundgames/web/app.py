"""The Starlette application: the pages, the JSON routes, and the websocket of each table.

The routes and messages are those of docs/web.md. Every request and message is checked
here before it reaches a table; a bad one is answered with an error naming the field and
the problem (and the rule, for an illegal action), and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import gc
import io
import json
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..records.deal import dumps, record_of
from .protocol import ProtocolError, check_text, new_table_config, options_catalogue, parse_client_message, parse_sit
from .room import CHAT_BURST, Room, RoomError, Timing
from .store import Store

__all__ = ["Server", "create_app"]

HERE = Path(__file__).parent
MAX_BODY = 16_384
#: tables one server holds at once (each is a little memory and a task); idle ones expire
MAX_TABLES = 2_000
#: messages queued for one slow client before it is dropped (it reconnects and gets a snapshot)
MAX_OUTBOX = 2_000


class WsConn:
    """A websocket watching a table, with its own queue of outgoing messages."""

    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.last_seq = 0
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.chat_tokens, self.chat_at = float(CHAT_BURST), time.monotonic()

    def may_chat(self) -> bool:
        """A burst of chat lines, then one a second (a token bucket)."""
        now = time.monotonic()
        self.chat_tokens = min(float(CHAT_BURST), self.chat_tokens + (now - self.chat_at))
        self.chat_at = now
        if self.chat_tokens < 1:
            return False
        self.chat_tokens -= 1
        return True

    def push(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() > MAX_OUTBOX:
            self.outbox.put_nowait(None)  # too far behind: close; the client reconnects for a snapshot
            return
        self.outbox.put_nowait(message)

    async def pump(self) -> None:
        while True:
            message = await self.outbox.get()
            if message is None:
                await self.ws.close(code=4008)
                return
            try:
                text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
                text.encode("utf-8")
            except (TypeError, ValueError):  # a bug of ours: close, so the seat shows away rather than silent
                await self.ws.close(code=1011)
                return
            await self.ws.send_text(text)


class Server:
    """Every table the server holds, its store and its timings."""

    def __init__(self, db: str, timing: Timing, idle_seconds: float) -> None:
        self.db = db
        self.timing = timing
        self.idle_seconds = idle_seconds
        self.rooms: dict[str, Room] = {}
        self.store: Store | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self.store = Store(self.db)
        for table_id, config, created, _touched in self.store.tables():
            room = Room(table_id, config, self.store, created, self.timing)
            room.replay(self.store.events(table_id))
            self.rooms[table_id] = room
            room.start()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        gc.freeze()  # what was loaded lives as long as the server: keep it out of every later collection

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for room in self.rooms.values():
            await room.stop()
        if self.store is not None:
            self.store.close()

    async def _sweep(self) -> None:
        """Forget idle tables: nobody connected and no event for ``idle_seconds``."""
        while True:
            await asyncio.sleep(min(60.0, max(0.5, self.idle_seconds / 4)))
            self.expire()

    def expire(self) -> list[str]:
        now = time.time()
        gone = [i for i, r in self.rooms.items() if not r.conns and now - r.touched > self.idle_seconds]
        for table_id in gone:
            room = self.rooms.pop(table_id)
            asyncio.get_running_loop().create_task(room.stop())
            assert self.store is not None
            self.store.delete(table_id)
        return gone

    def create(self, config: dict[str, Any]) -> Room:
        assert self.store is not None
        while True:
            table_id = "".join(secrets.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(6))
            if table_id not in self.rooms:
                break
        created = self.store.create(table_id, config)
        room = Room(table_id, config, self.store, created, self.timing)
        room.replay([])
        self.rooms[table_id] = room
        room.start()
        return room


def _error(status: int, field: str | None, message: str) -> JSONResponse:
    return JSONResponse({"error": {"field": field, "message": message}}, status_code=status)


async def _body(request: Request) -> Any:
    too_large = ProtocolError("too_large", f"the request body is larger than {MAX_BODY} bytes", "body")
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_BODY:
        raise too_large
    raw = b""
    async for chunk in request.stream():  # a body sent in chunks is cut off at the limit, not read whole
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_large
    try:
        body = json.loads(raw or b"null")
    except ValueError as e:
        raise ProtocolError("bad_json", f"the request body is not JSON: {e}", "body") from None
    except RecursionError:
        raise ProtocolError("bad_json", "the request body is nested too deeply", "body") from None
    check_text(body, "request body")
    return body


async def _receive_text(ws: WebSocket) -> str:
    """The next text message; a binary frame is refused (the protocol is JSON text)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ProtocolError("bad_message", "messages are JSON text frames, not binary", "type")
    return str(text)


def create_app(
    db: str = "roundgames.sqlite3", *, timing: Timing | None = None, idle_seconds: float = 24 * 3600
) -> Starlette:
    """The web table's ASGI application, storing its tables in the SQLite file ``db``."""
    server = Server(db, timing or Timing(), idle_seconds)
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    def room_of(request: Request) -> Room:
        room = server.rooms.get(request.path_params["table_id"])
        if room is None:
            raise ProtocolError(
                "table_gone", f"no table {request.path_params['table_id']!r} (it may have expired)", "id"
            )
        return room

    async def index(request: Request) -> Response:
        return templates.TemplateResponse(request, "index.html", {})

    async def table_page(request: Request) -> Response:
        if request.path_params["table_id"] not in server.rooms:
            return HTMLResponse(
                "<!doctype html><meta charset=utf-8><title>No such table</title>"
                "<p>No such table: it may have expired. <a href=/>Back to the lobby</a>",
                404,
            )
        return templates.TemplateResponse(request, "table.html", {"table_id": request.path_params["table_id"]})

    async def options(request: Request) -> Response:
        return JSONResponse(options_catalogue())

    async def list_tables(request: Request) -> Response:
        rooms = sorted(server.rooms.values(), key=lambda r: -r.created)
        shown = [r.info() for r in rooms if not r.table.is_over]
        shown = [i for i in shown if i["spectators"] or any(s["kind"] == "open" for s in i["seats"])]
        return JSONResponse({"tables": shown[:100]})

    async def create_table(request: Request) -> Response:
        if len(server.rooms) >= MAX_TABLES:
            return _error(503, None, f"the server holds {MAX_TABLES} tables, its most; try again later")
        try:
            config = new_table_config(await _body(request))
        except ProtocolError as e:
            return _error(400, e.field, e.message)
        room = server.create(config)
        return JSONResponse({"id": room.id, "url": f"/t/{room.id}", "info": room.info()}, status_code=201)

    async def table_info(request: Request) -> Response:
        try:
            return JSONResponse(room_of(request).info())
        except ProtocolError as e:
            return _error(404, e.field, e.message)

    async def sit(request: Request) -> Response:
        try:
            room = room_of(request)
        except ProtocolError as e:
            return _error(404, e.field, e.message)
        try:
            seat, name = parse_sit(await _body(request), len(room.seats))
            token = await room.call(room.sit, seat, name)
        except ProtocolError as e:
            return _error(400, e.field, e.message)
        except RoomError as e:
            return _error(409 if e.code == "seat_taken" else 400, e.field, e.message)
        return JSONResponse({"seat": seat, "token": token, "rejoin": f"/t/{room.id}#seat={token}"})

    async def scores_csv(request: Request) -> Response:
        try:
            room = room_of(request)
        except ProtocolError as e:
            return _error(404, e.field, e.message)
        out = io.StringIO()
        writer = csv.writer(out)
        # A name such as "=cmd|..." must stay text in a spreadsheet, not become a formula.
        writer.writerow(["deal", *("'" + n if n[:1] in "=+-@\t\r" else n for n in room.display_names())])
        for i, nets in enumerate(room.nets, 1):
            writer.writerow([i, *nets])
        writer.writerow(["total", *room.scores()["totals"]])
        headers = {"Content-Disposition": f'attachment; filename="roundgames-{room.id}.csv"'}
        return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)

    async def records_json(request: Request) -> Response:
        try:
            room = room_of(request)
        except ProtocolError as e:
            return _error(404, e.field, e.message)
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

    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        room = server.rooms.get(ws.path_params["table_id"])
        if room is None:
            await _send_error(ws, RoomError("table_gone", "no such table (it may have expired)"))
            await ws.close(code=4404)
            return
        conn: WsConn | None = None
        pump: asyncio.Task[None] | None = None
        try:
            hello = await _first_hello(ws)
            if hello is None:
                return
            seat = room.seat_of(hello["token"]) if hello["token"] is not None else None
            if seat is None and not room.config["spectators"]:
                raise RoomError("no_spectators", "this table has no room for spectators: take a seat to join")
            conn = WsConn(ws, seat)
            pump = asyncio.get_running_loop().create_task(conn.pump())
            names = room.display_names()
            conn.push(
                {
                    "type": "welcome",
                    "table": room.id,
                    "seat": seat,
                    "name": names[seat] if seat is not None else None,
                    "seq": room.seq,
                }
            )
            await room.call(room.join, conn, hello["since"])
            while True:
                try:
                    message = parse_client_message(await _receive_text(ws))
                    await _dispatch(room, conn, message)
                except (ProtocolError, RoomError) as e:
                    conn.push(_error_message(e))
        except RoomError as e:
            await _send_error(ws, e)
            await ws.close(code=4403)
        except WebSocketDisconnect:
            pass
        finally:
            if conn is not None and conn in room.conns:
                with contextlib.suppress(Exception):
                    await room.call(room.disconnect, conn)
            if pump is not None:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await pump

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.open()
        yield
        await server.close()

    routes = [
        Route("/", index),
        Route("/t/{table_id}", table_page),
        Route("/api/options", options),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
        Route("/api/tables/{table_id}/scores.csv", scores_csv),
        Route("/api/tables/{table_id}/records.json", records_json),
        WebSocketRoute("/ws/{table_id}", websocket),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api/"):
            return _error(exc.status_code, None, f"{request.method} {request.url.path}: {exc.detail}")
        return HTMLResponse(
            f"<!doctype html><meta charset=utf-8><title>{exc.status_code}</title><p>{exc.detail}. "
            "<a href=/>Back to the lobby</a>",
            exc.status_code,
        )

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error})
    app.state.server = server
    return app


def _error_message(e: ProtocolError | RoomError) -> dict[str, Any]:
    out = {"type": "error", "code": e.code, "message": e.message, "rule": getattr(e, "rule", None), "field": e.field}
    if isinstance(e, RoomError) and e.laws is not None:  # table mode: the action refused until it is confirmed
        out |= {"action": e.action, "laws": e.laws}
    return out


async def _send_error(ws: WebSocket, e: ProtocolError | RoomError) -> None:
    if ws.client_state is WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps(_error_message(e)))


async def _first_hello(ws: WebSocket) -> dict[str, Any] | None:
    """Wait for the client's ``hello``; answer anything else with an error and keep waiting."""
    while True:
        try:
            message = parse_client_message(await asyncio.wait_for(_receive_text(ws), timeout=30))
        except TimeoutError:
            await _send_error(ws, ProtocolError("hello_first", "no hello within 30 seconds", "type"))
            await ws.close(code=4408)
            return None
        except ProtocolError as e:
            await _send_error(ws, e)
            continue
        if message["type"] == "hello":
            return message
        if message["type"] == "ping":
            await ws.send_text('{"type":"pong"}')
            continue
        await _send_error(ws, ProtocolError("hello_first", 'say hello first: {"type": "hello", "token": ...}', "type"))


async def _dispatch(room: Room, conn: WsConn, message: dict[str, Any]) -> None:
    kind = message["type"]
    if kind == "ping":
        conn.push({"type": "pong"})
        return
    if kind == "hello":
        if message["token"] is not None and room.seat_of(message["token"]) != conn.seat:
            raise RoomError(
                "bad_token", "a connection keeps the seat it said hello with; reconnect to change", None, "token"
            )
        await room.call(room.resume, conn, message["since"])
        return
    if kind == "chat":
        if not conn.may_chat():
            raise RoomError("too_fast", "chat: a line a second, please", None, "text")
        await room.call(room.chat, conn.seat, message["text"])
        return
    if conn.seat is None:
        raise RoomError("not_seated", f"a spectator cannot {kind}: take a seat first")
    if kind == "act":
        await room.call(room.act, conn.seat, message["action"], message["irregular"])
    elif kind == "next":
        await room.call(room.next_deal)
    elif kind == "undo":
        await room.call(room.undo, conn.seat)
