"""A deadline for a client's request to arrive: the HTTP protocol of ``roundgames serve``.

uvicorn closes a connection that stays idle between two requests (``timeout_keep_alive``), but that timer stops at
the first byte of a request: a client that sends its headers a byte at a time, or opens a connection and sends
nothing, holds a socket (and a place in ``limit_concurrency``) for as long as it likes (slowloris). uvicorn has no
setting for it (its issue 157, "--timeout-request-start", is still open), so this subclass of its h11 protocol gives
each request :data:`REQUEST_SECONDS` from the connection's opening (or the end of the answer before it) until its
head and body have arrived, and closes the connection otherwise. A request that has arrived, a websocket among them,
is never timed by it.
"""

from __future__ import annotations

import asyncio
import os

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["REQUEST_ENV", "REQUEST_SECONDS", "DeadlineProtocol", "request_seconds_from_env"]

#: seconds a client has to send a whole request (its headers and its body, at most 16 KiB)
REQUEST_SECONDS = 10.0
#: the environment variable that sets :data:`REQUEST_SECONDS` for ``roundgames serve`` (the tests' shorter one)
REQUEST_ENV = "ROUNDGAMES_REQUEST_SECONDS"


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
    """uvicorn's h11 protocol with a deadline for each request to arrive (:data:`seconds`)."""

    seconds = REQUEST_SECONDS
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

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
