"""The websocket protocol the server speaks: uvicorn's own, its messages compressed in a window that holds the last
state sent.

A table sends each connection a whole state at every move (docs/web.md, "State (per viewer)"), each nearly the same as
the one before. Compressed in uvicorn's 4 KiB window (``server_max_window_bits=12``), a state of about 5 KiB cannot
refer back to the last one: measured over the states of a Loo table's 600 moves, it shrinks to about 1,500 bytes
at 74 µs of CPU each. In an 8 KiB window (13 bits) the compressor finds the last state and sends what changed: about
120 bytes at 21 µs, for 16 KiB more memory per connection (the compressor's window; memLevel stays uvicorn's 5).
The compression level stays zlib's default (6): over the same states, levels 1 to 3 cost more (about 29 µs a state)
and send five times the bytes (about 600), as their quicker search misses the last state; 4 and 5 save about 1 µs
for 10-25% more bytes. What a client sends is small: its window stays uvicorn's. The text of every message is the
same either way; a client that offers no compression, or smaller windows, gets what it asks for (RFC 7692's
negotiation).
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["SERVER_WINDOW_BITS", "ws_protocol"]

#: the server's compression window, 2**13 bytes: the last state sent fits in it
SERVER_WINDOW_BITS = 13


def ws_protocol() -> Any:
    """The websocket protocol class for uvicorn's settings (its ``ws``): uvicorn's sans-I/O protocol with the server's
    window of :data:`SERVER_WINDOW_BITS`; ``"auto"`` (uvicorn's choice, as it is) where that protocol is missing."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
        from websockets.server import ServerProtocol
    except ImportError:  # an older uvicorn or websockets: its own protocol, as it is
        return "auto"

    class WindowedDeflateProtocol(WebSocketsSansIOProtocol):
        """uvicorn's protocol, its compressor's window of :data:`SERVER_WINDOW_BITS`."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:  # as uvicorn makes it, the server's window apart
                factory = ServerPerMessageDeflateFactory(
                    server_max_window_bits=SERVER_WINDOW_BITS,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5},
                )
                self.conn = ServerProtocol(
                    extensions=[factory], max_size=self.config.ws_max_size, logger=logging.getLogger("uvicorn.error")
                )

    return WindowedDeflateProtocol
