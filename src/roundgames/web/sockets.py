"""The websocket of a table (docs/web.md, "Websocket"): the hello, each client message checked and queued on the
table, and every message the table pushes sent in order.

Each connection has its own outbox, so a slow client never holds up the table; one too far behind is closed and
reconnects for a snapshot. A review or a hint (:mod:`roundgames.web.coach`) is answered by a task of its own, so the
connection's other messages (its pings) are read while the expert thinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Coroutine
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .coach import Coach
from .protocol import ProtocolError, parse_client_message
from .room import CHAT_BURST, Room, RoomError
from .server import Server

__all__ = ["MAX_OUTBOX", "WsConn", "error_message", "table_socket"]

#: messages queued for one slow client before it is dropped (it reconnects and gets a snapshot)
MAX_OUTBOX = 2_000
#: seconds a new connection has to say hello
HELLO_SECONDS = 30

log = logging.getLogger("roundgames.web")
#: the reviews and hints being worked out: held here, or a task might be collected before it is done
_ANSWERING: set[asyncio.Task[None]] = set()


class WsConn:
    """A websocket watching a table, with its own queue of outgoing messages."""

    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.last_seq = 0
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.chat_tokens, self.chat_at = float(CHAT_BURST), time.monotonic()
        #: whether a review or hint asked on this connection is being worked out: one at a time, so that no one
        #: connection can fill the workers the tables' bots think in
        self.answering = False

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


async def table_socket(ws: WebSocket) -> None:
    """``/ws/{table_id}``: one connection to a table, from its hello to its end."""
    await ws.accept()
    server: Server = ws.app.state.server
    room = server.rooms.get(ws.path_params["table_id"])
    if room is None:
        aside = server.aside.get(ws.path_params["table_id"])
        if aside is not None:
            await _send_error(ws, RoomError("table_unavailable", f"this table is unavailable: {aside}"))
            await ws.close(code=4503)
            return
        await _send_error(ws, RoomError("table_gone", "no such table (it may have expired)"))
        await ws.close(code=4404)
        return
    conn: WsConn | None = None
    pump: asyncio.Task[None] | None = None
    try:
        hello = await _first_hello(ws)
        if hello is None:
            return
        conn = _welcome(ws, room, hello)
        pump = asyncio.get_running_loop().create_task(conn.pump())
        await room.call(room.join, conn, hello["since"])
        while True:
            try:
                message = parse_client_message(await _receive_text(ws))
                await _dispatch(room, conn, message, server.coach)
            except (ProtocolError, RoomError) as e:
                conn.push(error_message(e))
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


def _welcome(ws: WebSocket, room: Room, hello: dict[str, Any]) -> WsConn:
    """The connection a hello makes, its ``welcome`` queued; raises :class:`RoomError` for a wrong token, or a
    spectator where the table has none."""
    seat = room.seat_of(hello["token"]) if hello["token"] is not None else None
    if seat is None and not room.config["spectators"]:
        raise RoomError("no_spectators", "this table has no room for spectators: take a seat to join")
    conn = WsConn(ws, seat)
    name = room.display_names()[seat] if seat is not None else None
    conn.push({"type": "welcome", "table": room.id, "seat": seat, "name": name, "seq": room.seq})
    return conn


async def _receive_text(ws: WebSocket) -> str:
    """The next text message; a binary frame is refused (the protocol is JSON text)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ProtocolError("bad_message", "messages are JSON text frames, not binary", "type")
    return str(text)


def error_message(e: ProtocolError | RoomError) -> dict[str, Any]:
    """The protocol's ``error`` message for a refusal."""
    out = {"type": "error", "code": e.code, "message": e.message, "rule": getattr(e, "rule", None), "field": e.field}
    if isinstance(e, RoomError) and e.laws is not None:  # table mode: the action refused until it is confirmed
        out |= {"action": e.action, "laws": e.laws}
    return out


async def _send_error(ws: WebSocket, e: ProtocolError | RoomError) -> None:
    if ws.client_state is WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps(error_message(e)))


async def _first_hello(ws: WebSocket) -> dict[str, Any] | None:
    """Wait for the client's ``hello``; answer anything else with an error and keep waiting."""
    while True:
        try:
            message = parse_client_message(await asyncio.wait_for(_receive_text(ws), timeout=HELLO_SECONDS))
        except TimeoutError:
            await _send_error(ws, ProtocolError("hello_first", f"no hello within {HELLO_SECONDS} seconds", "type"))
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


def _answer(conn: WsConn, answer: Coroutine[Any, Any, dict[str, Any] | None]) -> None:
    """Send ``conn`` what ``answer`` comes to (nothing for None), or its refusal, from a task of its own; refused
    while another review or hint of the connection is being worked out."""
    if conn.answering:
        answer.close()
        raise RoomError("busy", "one review or hint at a time: wait for the answer to the last", None, "type")
    conn.answering = True

    async def send() -> None:
        try:
            message = await answer
        except (ProtocolError, RoomError) as e:
            conn.push(error_message(e))
            return
        except Exception:  # a bug of ours, or a worker lost twice: say so, and keep the connection
            log.exception("the expert's review or hint failed")
            conn.push(error_message(RoomError("analysis_failed", "the expert could not work this out; try again")))
            return
        finally:
            conn.answering = False
        if message is not None:
            conn.push(message)

    task = asyncio.get_running_loop().create_task(send())
    _ANSWERING.add(task)
    task.add_done_callback(_ANSWERING.discard)


async def _dispatch(room: Room, conn: WsConn, message: dict[str, Any], coach: Coach) -> None:
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
        if conn.seat is not None and room.gives_back(conn.seat):
            await room.call(room.give_back, conn.seat)
        if not conn.may_chat():
            raise RoomError("too_fast", "chat: a line a second, please", None, "text")
        await room.call(room.chat, conn.seat, message["text"])
        return
    if kind == "review":  # a spectator too, once the sitting is over
        _answer(conn, coach.review(room, conn.seat, message["deal"], message["seat"]))
        return
    if conn.seat is None:
        raise RoomError("not_seated", f"a spectator cannot {kind}: take a seat first")
    if room.gives_back(conn.seat):  # he is here: any message of his gives him his seat back from its bot
        await room.call(room.give_back, conn.seat)
    if kind == "act":
        await room.call(room.act, conn.seat, message["action"], message["irregular"])
    elif kind == "next":
        await room.call(room.next_deal)
    elif kind == "undo":
        await room.call(room.undo, conn.seat)
    elif kind == "hint":
        _answer(conn, coach.hint(room, conn.seat))
    elif kind in _LIFECYCLE:
        await _lifecycle(room, conn.seat, message)


#: the messages of a table's lifecycle (docs/web.md, "Gathering and Play again")
_LIFECYCLE = ("start", "seat_bot", "open_seat", "leave", "again", "back")


async def _lifecycle(room: Room, seat: int, message: dict[str, Any]) -> None:
    kind = message["type"]
    if kind == "start":
        await room.call(room.start_sitting, seat)
    elif kind == "seat_bot":
        await room.call(room.seat_bot, seat, message["seat"])
    elif kind == "open_seat":
        await room.call(room.open_seat, seat, message["seat"])
    elif kind == "leave":
        await room.call(room.leave, seat)
    elif kind == "again":
        await room.call(room.again, seat)
    # ``back`` has done its work above: the seat is given back
