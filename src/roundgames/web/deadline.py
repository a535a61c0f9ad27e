"""A deadline for a client's request to arrive: the HTTP protocol of ``roundgames serve``.

uvicorn closes a connection that stays idle between two requests (``timeout_keep_alive``), but that timer stops at
the first byte of a request: a client that sends its headers a byte at a time, or opens a connection and sends
nothing, holds a socket (and a place in ``limit_concurrency``) for as long as it likes (slowloris). uvicorn has no
setting for it (its issue 157, "--timeout-request-start", is still open), so this subclass of its h11 protocol gives
each request :data:`REQUEST_SECONDS` from the connection's opening (or the end of the answer before it) until its
head and body have arrived, and closes the connection otherwise. A request that has arrived, a websocket among them,
is never timed by it.

It also holds each client address (:func:`~roundgames.web.limits.address_key`) to :data:`CONNECTIONS_PER_ADDRESS`
open connections, websockets among them: uvicorn's ``limit_concurrency`` counts every connection, so one address
holding idle sockets would otherwise have every other client answered 503. A connection past the cap is answered
429 and closed at once.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import address_key

__all__ = [
    "CONNECTIONS_ENV",
    "CONNECTIONS_PER_ADDRESS",
    "REQUEST_ENV",
    "REQUEST_SECONDS",
    "DeadlineProtocol",
    "connections_from_env",
    "request_seconds_from_env",
]

#: seconds a client has to send a whole request (its headers and its body, at most 16 KiB)
REQUEST_SECONDS = 10.0
#: the environment variable that sets :data:`REQUEST_SECONDS` for ``roundgames serve`` (the tests' shorter one)
REQUEST_ENV = "ROUNDGAMES_REQUEST_SECONDS"


#: TCP connections one address may hold open at once (its websockets, a few tabs' pages and their files: far below)
CONNECTIONS_PER_ADDRESS = 50
#: the environment variable that sets :data:`CONNECTIONS_PER_ADDRESS` for ``roundgames serve`` (0: no limit; behind
#: a proxy every connection is the proxy's, docs/web.md)
CONNECTIONS_ENV = "ROUNDGAMES_CONNECTIONS_PER_ADDRESS"


def connections_from_env(sockets: int) -> int:
    """What :data:`CONNECTIONS_ENV` says, or by default :data:`CONNECTIONS_PER_ADDRESS` (at least 30 more than the
    ``sockets`` per address, none where they are not limited); raises ValueError for a bad value."""
    raw = os.environ.get(CONNECTIONS_ENV, "").strip()
    if raw and not raw.isdigit():
        raise ValueError(f"{CONNECTIONS_ENV}={raw}: connections per address, a whole number (0: no limit)")
    if raw:
        return int(raw)
    return max(CONNECTIONS_PER_ADDRESS, sockets + 30) if sockets else 0


def _too_many(most: int) -> bytes:
    message = f"too many connections from your address: at most {most} at once; close some and try again"
    body = json.dumps({"error": {"field": None, "message": message}}).encode()
    head = f"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
    return head.encode() + b"connection: close\r\n\r\n" + body


def request_seconds_from_env() -> float:
    """:data:`REQUEST_SECONDS`, or what :data:`REQUEST_ENV` says; raises ValueError for a bad value."""
    raw = os.environ.get(REQUEST_ENV, "").strip()
    if not raw:
        return REQUEST_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 3600:
        raise ValueError(f"{REQUEST_ENV}={raw}: seconds for a request to arrive, above 0 and at most 3600")
    return seconds


class DeadlineProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request to arrive (:data:`seconds`), and at most
    :attr:`most` connections open from one address (0: no limit). A subclass has its own :attr:`open`."""

    seconds = REQUEST_SECONDS
    most = CONNECTIONS_PER_ADDRESS
    #: each address's open connections, as transports: a websocket's is handed to another protocol, so a closed one
    #: is found by its transport closing, not by this protocol's ``connection_lost``
    open: ClassVar[dict[str, set[asyncio.BaseTransport]]] = {}
    _deadline: asyncio.TimerHandle | None = None
    _key = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.most and not self._count(transport):
            transport.write(_too_many(self.most))
            transport.close()
            return
        self._arm()

    def _count(self, transport: asyncio.Transport) -> bool:
        """Count ``transport`` as its address's; False (counting nothing) when the address holds its most."""
        self._key = address_key(self.client[0]) if self.client else ""
        held = {t for t in self.open.get(self._key, ()) if not t.is_closing()}
        if len(self.open) > 10_000:  # forget the addresses whose connections have all closed
            for key in [k for k, ts in self.open.items() if all(t.is_closing() for t in ts)]:
                del self.open[key]
        if len(held) >= self.most:
            self.open[self._key] = held
            return False
        self.open[self._key] = held | {transport}
        return True

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self._waiting():
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._waiting() and self._deadline is None and not self.transport.is_closing():
            self._arm()  # the next request on a kept-alive connection has its own time

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        held = self.open.get(self._key)
        if held is not None:
            held.discard(self.transport)
            if not held:
                del self.open[self._key]
        super().connection_lost(exc)

    def _waiting(self) -> bool:
        """Whether a request is still arriving (or none has begun) on this connection."""
        return self.transport.get_protocol() is self and self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self._waiting() and not self.transport.is_closing():
            self.transport.close()
