"""The websocket of a table (docs/web.md, "Websocket"): the hello, each client message checked and queued on the
table, and every message the table pushes sent in order.

Each connection has its own outbox, so a slow client never holds up the table; it is bounded in bytes, and a client
too far behind gets the latest snapshot instead of a queue of every step (docs/web.md, "Limits"). Connections per
address, lookups of missing tables and chat are limited by :mod:`roundgames.web.limits`. A review or a hint
(:mod:`roundgames.web.coach`) is answered by a task of its own, so the connection's other messages (its pings) are
read while the expert thinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .coach import Coach
from .limits import CHAT_BURST, HELLO_BURST, Limits, address_key
from .messages import Act, Bare, Chat, ClaimAnswer, Command, Hello, OpenSeat, Review, SeatBot
from .outgoing import Outgoing, encode
from .protocol import ProtocolError, parse_client_message
from .room import Room, RoomError, hash_token
from .server import Server

__all__ = ["HELLO_BURST", "MAX_OUTBOX_BYTES", "MOST_OUTBOX_BYTES", "WsConn", "error_message", "table_socket"]

#: the bytes of text queued for one client at most: past it, what is queued is dropped and the latest snapshot
#: sent instead once the client reads again (a client that is behind needs the newest state, not every step)
MAX_OUTBOX_BYTES = 1 << 20
#: the bytes a client's outbox may hold at all, the messages never dropped (``_KEPT``) among them: past it the
#: client, which sends and never reads, is closed
MOST_OUTBOX_BYTES = 2 * MAX_OUTBOX_BYTES
#: seconds a new connection has to say hello
HELLO_SECONDS = 30

log = logging.getLogger("roundgames.web")
#: the reviews and hints being worked out: held here, or a task might be collected before it is done
_ANSWERING: set[asyncio.Task[None]] = set()
#: the kinds of message that carry the table's state: a later snapshot stands for every one of them
_STATE = ("snapshot", "update")
#: the messages never dropped for a client that is behind: each is the only copy of what it says (the new token of
#: ``new_link``, the seat lost, the welcome, the refusal of something the client did)
_KEPT = ("new_link", "seat_lost", "welcome", "error")


def _encoded(message: dict[str, Any]) -> tuple[str, int]:
    """``message`` as the client reads it, and its size in bytes: a message the table shares among connections
    (:class:`~roundgames.web.outgoing.Outgoing`) is encoded once for all of them."""
    return message.encoded() if isinstance(message, Outgoing) else encode(message)


class WsConn:
    """A websocket watching a table, with its own outbox of messages as text, bounded in bytes.

    ``queued_bytes`` is what the outbox holds now, ``peak_bytes`` the most it has held, ``coalesced`` how often
    it was dropped for the latest snapshot."""

    def __init__(self, ws: WebSocket, seat: int | None, room: Room) -> None:
        self.ws = ws
        self.seat = seat
        self.room = room
        self.last_seq = 0
        #: the hash of the token this connection said hello with (its seat's link; None for a spectator)
        self.token_hash: str | None = None
        #: ``(is_state, text, bytes)`` in order; a text of None closes the connection with ``close_code``
        self._outbox: deque[tuple[bool, str | None, int]] = deque()
        self._wake = asyncio.Event()
        self.close_code = 1000
        #: past the budget: the state messages are dropped until the pump sends the latest snapshot
        self._behind = False
        self.queued_bytes = self.peak_bytes = self.coalesced = 0
        #: whether messages that are never dropped came past :data:`MOST_OUTBOX_BYTES`: the connection is ended
        self.overflowed = False
        #: the answer to the hellos that came too fast, and the ``since`` of the last of them
        self.hello_later: asyncio.Task[None] | None = None
        self.hello_since: int | None = None
        #: whether a review or hint asked on this connection is being worked out: one at a time, so that no one
        #: connection can fill the workers the tables' bots think in
        self.answering = False

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message``; never blocks. A snapshot takes the place of every state message still queued; past
        :data:`MAX_OUTBOX_BYTES` the state messages are dropped for a snapshot sent once the client reads again, a
        pong is dropped, and the messages of ``_KEPT`` are queued all the same, up to :data:`MOST_OUTBOX_BYTES` (a
        client past that is closed)."""
        kind = message.get("type")
        state = kind in _STATE
        if state and self._behind:
            return  # the snapshot to come holds it
        try:
            text, size = _encoded(message)
        except (TypeError, ValueError):  # a bug of ours: close, so the seat shows away rather than silent
            self.close(1011)
            return
        if kind == "snapshot":
            self._drop_state()
        if self.queued_bytes + size > MAX_OUTBOX_BYTES and self._outbox:
            if state:
                self._drop_state()
                self._behind = True
                self.coalesced += 1
                self._wake.set()
                return
            if kind not in _KEPT:
                return  # a pong: this client reads nothing anyway
            if self.queued_bytes + size > MOST_OUTBOX_BYTES:
                self.overflowed = True  # it sends and never reads: its connection is ended (table_socket)
                return
        self._outbox.append((state, text, size))
        self.queued_bytes += size
        self.peak_bytes = max(self.peak_bytes, self.queued_bytes)
        self._wake.set()

    def queued(self) -> list[str]:
        """The kinds of message queued, in order (what the client is still to read)."""
        return [json.loads(text)["type"] for _state, text, _size in self._outbox if text is not None]

    def _drop_state(self) -> None:
        self._outbox = deque(item for item in self._outbox if not item[0])
        self.queued_bytes = sum(size for _state, _text, size in self._outbox)

    def close(self, code: int) -> None:
        """Close with ``code`` once the messages queued are sent (the seat's link was revoked, or a bug of ours)."""
        self.close_code = code
        self._outbox.append((False, None, 0))
        self._wake.set()

    def _fresh(self) -> None:
        """On the table's queue: the latest snapshot, once the client has read what was queued before."""
        self._behind = False
        self.room.send_to(self, [], snapshot=True)

    async def pump(self) -> None:
        while True:
            while not self._outbox:
                if self._behind:
                    try:
                        await self.room.call(self._fresh)
                    except RoomError:  # the table has closed (the server is stopping)
                        await self.ws.close(code=4404)
                        return
                    continue
                self._wake.clear()
                await self._wake.wait()
            _state, text, size = self._outbox.popleft()
            if text is None:
                await self.ws.close(code=self.close_code)
                return
            self.queued_bytes -= size
            await self.ws.send_text(text)


async def table_socket(ws: WebSocket) -> None:
    """``/ws/{table_id}``: one connection to a table, from its hello to its end; at most
    :data:`~roundgames.web.limits.SOCKETS_PER_ADDRESS` at once from one address."""
    limits: Limits = ws.app.state.limits
    address = address_key(ws.client.host if ws.client is not None else "")
    if not limits.sockets.enter(address):
        await _refuse(ws, RoomError("too_many", _too_many(limits.sockets.most)), 4429)
        return
    try:
        await _connection(ws, limits, address)
    finally:
        limits.sockets.leave(address)


def _too_many(most: int) -> str:
    return f"too many connections from your address: at most {most} at once; close another table or tab first"


async def _refuse(ws: WebSocket, e: RoomError, code: int) -> None:
    await ws.accept()
    await _send_error(ws, e)
    await ws.close(code=code)


async def _connection(ws: WebSocket, limits: Limits, address: str) -> None:
    server: Server = ws.app.state.server
    refused = limits.lookup_refused(address)
    if refused is not None:
        await _refuse(ws, RoomError("too_many", refused), 4429)
        return
    room = server.find(ws.path_params["table_id"])  # on a shared store, read from it where another process holds it
    if room is None:
        aside = server.aside.get(ws.path_params["table_id"])
        if aside is not None:
            await _refuse(ws, RoomError("table_unavailable", f"this table is unavailable: {aside}"), 4503)
            return
        limits.missed(address)
        await _refuse(ws, RoomError("table_gone", "no such table (it may have expired)"), 4404)
        return
    await ws.accept()
    conn: WsConn | None = None
    pump: asyncio.Task[None] | None = None
    try:
        hello = await _first_hello(ws)
        if hello is None:
            return
        conn = _welcome(ws, room, hello)
        pump = asyncio.get_running_loop().create_task(conn.pump())
        await _hello_allowed(limits, limits.hello_key(address, conn))  # the first one too: reconnecting resets nothing
        await room.call(room.join, conn, hello.since)
        while True:
            try:
                message = parse_client_message(await _receive_text(ws))
                if conn not in room.conns:
                    continue  # its seat link was revoked: nothing more it says counts, until it is closed
                await _dispatch(room, conn, message, server.coach, limits, address)
            except (ProtocolError, RoomError) as e:
                conn.push(error_message(e))
            if conn.overflowed:
                break
    except RoomError as e:
        await _send_error(ws, e)
        await ws.close(code=4403)
    except WebSocketDisconnect:
        pass
    finally:
        if conn is not None and conn in room.conns:
            with contextlib.suppress(Exception):
                await room.call(room.disconnect, conn)
        if conn is not None and conn.hello_later is not None:
            conn.hello_later.cancel()
        if pump is not None:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump


def _welcome(ws: WebSocket, room: Room, hello: Hello) -> WsConn:
    """The connection a hello makes, its ``welcome`` queued; raises :class:`RoomError` for a wrong token, or a
    spectator where the table has none."""
    seat = room.seat_of(hello.token) if hello.token is not None else None
    if seat is None and not room.config["spectators"]:
        raise RoomError("no_spectators", "this table has no room for spectators: take a seat to join")
    conn = WsConn(ws, seat, room)
    conn.token_hash = hash_token(hello.token) if seat is not None and hello.token is not None else None
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


async def _first_hello(ws: WebSocket) -> Hello | None:
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
        if isinstance(message, Hello):
            return message
        if message == Bare("ping"):
            await ws.send_text('{"type":"pong"}')
            continue
        await _send_error(ws, ProtocolError("hello_first", 'say hello first: {"type": "hello", "token": ...}', "type"))


async def _hello_allowed(limits: Limits, address: str) -> None:
    """Wait until ``address``'s allowance of answered hellos (:meth:`~roundgames.web.limits.Limits.hello_key`) has
    one, and take it."""
    while not limits.hellos.take(address):
        await asyncio.sleep(max(0.01, limits.hellos.wait(address)))


async def _resume(room: Room, conn: WsConn, since: int | None, limits: Limits, address: str) -> None:
    """Answer a hello on an open connection with what it missed (or a snapshot): at once while the address's
    allowance has one, else once for every hello of the connection that came too fast, to the last of them, when it
    does."""
    conn.hello_since = since
    if conn.hello_later is not None:
        return  # coalesced into the answer already planned
    if limits.hellos.take(address):
        await room.call(room.resume, conn, since)
        return

    async def later() -> None:
        await _hello_allowed(limits, address)
        conn.hello_later = None
        with contextlib.suppress(RoomError):  # the table has closed meanwhile
            await room.call(room.resume, conn, conn.hello_since)

    conn.hello_later = asyncio.get_running_loop().create_task(later())


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


def _playing(room: Room, command: Callable[..., Any], *args: Any) -> Any:
    """``command(*args)``, on the table's queue, refused with ``paused`` first while the table is paused: a paused
    table is not playing, so its own checks (not your turn, no deal, nothing to undo) do not apply to it."""
    room.pausing.refuse_if_paused()
    return command(*args)


async def _dispatch(room: Room, conn: WsConn, message: Command, coach: Coach, limits: Limits, address: str) -> None:
    if message == Bare("ping"):
        conn.push({"type": "pong"})
        return
    if isinstance(message, Hello):
        if message.token is not None and room.seat_of(message.token) != conn.seat:
            raise RoomError(
                "bad_token", "a connection keeps the seat it said hello with; reconnect to change", None, "token"
            )
        await _resume(room, conn, message.since, limits, limits.hello_key(address, conn))
        return
    if isinstance(message, Chat):
        if conn.seat is not None and room.gives_back(conn.seat):
            await room.call(_playing, room, room.give_back, conn.seat)
        if not limits.may_chat(room.id, conn.seat, address):  # per seat (or address): reconnecting resets nothing
            raise RoomError("too_fast", f"chat: a burst of {CHAT_BURST} lines, then a line a second", None, "text")
        await room.call(_playing, room, room.chat, conn.seat, message.text)
        return
    if isinstance(message, Review):  # a spectator too, once the sitting is over
        _answer(conn, coach.review(room, conn.seat, message.deal, message.seat))
        return
    seat = conn.seat
    if seat is None:
        raise RoomError("not_seated", f"a spectator cannot {message.type}: take a seat first")
    if room.gives_back(seat):  # he is here: any message of his gives him his seat back from its bot
        await room.call(_playing, room, room.give_back, seat)
    await _seated(room, conn, seat, message, coach)


async def _seated(room: Room, conn: WsConn, seat: int, message: Command, coach: Coach) -> None:
    """A seated person's command (``back`` has done its work already: the seat is given back)."""
    if isinstance(message, Act):
        await room.call(_playing, room, room.act, seat, message.action, message.irregular)
    elif isinstance(message, SeatBot):
        await room.call(_playing, room, room.seat_bot, seat, message.seat)
    elif isinstance(message, OpenSeat):
        await room.call(_playing, room, room.open_seat, seat, message.seat)
    elif message == Bare("next"):
        await room.call(_playing, room, room.next_deal)
    elif message == Bare("undo"):
        await room.call(_playing, room, room.undo, seat)
    elif message == Bare("new_link"):  # the new token goes to this connection alone, never into a state or the store
        token = await room.call(_playing, room, room.new_link, seat, conn)
        conn.push({"type": "new_link", "seat": seat, "token": token, "rejoin": f"/t/{room.id}#seat={token}"})
    elif message == Bare("hint"):
        _answer(conn, coach.hint(room, seat))
    elif message == Bare("start"):
        await room.call(_playing, room, room.start_sitting, seat)
    elif message == Bare("leave"):
        await room.call(_playing, room, room.leave, seat)
    elif message == Bare("again"):
        await room.call(_playing, room, room.again, seat)
    elif message == Bare("claim"):
        await room.call(_playing, room, room.claim, seat)
    elif isinstance(message, ClaimAnswer):
        await room.call(_playing, room, room.answer_claim, seat, message.accept)
