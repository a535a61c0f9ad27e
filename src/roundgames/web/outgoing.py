"""A message the table pushes to every connection of one kind of viewer, and its JSON text, made once.

A table tells each seat that watches, and its spectators, of every change (:meth:`Room.broadcast
<roundgames.web.room.Room.broadcast>`): one state for each kind of viewer, however many connections share it. The
message is a plain dict to whoever reads it; the socket (:mod:`roundgames.web.sockets`) asks it for its text,
which is encoded at the first connection's push and reused by every other, rather than once per connection.
Nobody changes a message once it is pushed, so the text stays the message's.

>>> m = Outgoing({"type": "update", "seq": 3, "log": ["Ann plays the 10♥"]})
>>> m.encoded()  # the heart is three bytes of UTF-8
('{"type":"update","seq":3,"log":["Ann plays the 10♥"]}', 55)
>>> m.encoded()[0] is m.encoded()[0]
True
>>> m == {"type": "update", "seq": 3, "log": ["Ann plays the 10♥"]}
True
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["Outgoing", "encode"]


def encode(message: dict[str, Any]) -> tuple[str, int]:
    """``message`` as the client reads it (compact JSON, text as it is), and its size in bytes."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    return text, len(text.encode("utf-8"))


class Outgoing(dict[str, Any]):
    """A message shared by several connections: a dict whose JSON text (:func:`encode`) is made once, when first
    asked for."""

    __slots__ = ("_encoded",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._encoded: tuple[str, int] | None = None

    def encoded(self) -> tuple[str, int]:
        """The message's text and its size in bytes, encoded the first time only."""
        if self._encoded is None:
            self._encoded = encode(self)
        return self._encoded
