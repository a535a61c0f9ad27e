"""A message the table pushes to every connection of one kind of viewer, and its JSON text, made once.

A table tells each seat that watches, and its spectators, of every change (:meth:`Room.broadcast
<roundgames.web.room.Room.broadcast>`): one state for each kind of viewer, however many connections share it. The
message is a plain dict to whoever reads it; the socket (:mod:`roundgames.web.sockets`) asks it for its text,
which is encoded at the first connection's push and reused by every other, rather than once per connection.
Nobody changes a message once it is pushed, so the text stays the message's.

The text is made by orjson: a state of about 5 KiB in some 8 µs where the standard library's encoder takes about 75
(measured over a Loo table's states, ``benchmarks/bench_web_move.py``), the largest part of a move's work once the
views are made. It is compact JSON with text as it is (UTF-8, not ``\\u`` escapes).

>>> m = Outgoing({"type": "update", "seq": 3, "log": ["Ann plays the 10♥"]})
>>> m.encoded()  # the heart is three bytes of UTF-8
('{"type":"update","seq":3,"log":["Ann plays the 10♥"]}', 55)
>>> m.encoded()[0] is m.encoded()[0]
True
>>> m == {"type": "update", "seq": 3, "log": ["Ann plays the 10♥"]}
True
"""

from __future__ import annotations

from typing import Any

import orjson

__all__ = ["Outgoing", "encode"]

#: a seat or a number as a key (a dict by seat) is written as its text, as JSON asks and the standard library does
_OPTIONS = orjson.OPT_NON_STR_KEYS


def encode(message: dict[str, Any]) -> tuple[str, int]:
    """``message`` as the client reads it (compact JSON, text as it is), and its size in bytes.

    A state's settings (``state.table``, the same in every state of the table until they change) are encoded once
    for the table where they come as an :class:`Outgoing`, and their text put in their place, as the text of the
    whole message encoded at once would have them."""
    state = message.get("state")
    if isinstance(state, dict):
        table = state.get("table")
        if isinstance(table, Outgoing):
            message = {**message, "state": {**state, "table": table.fragment()}}
    data = orjson.dumps(message, option=_OPTIONS)
    return data.decode(), len(data)


class Outgoing(dict[str, Any]):
    """A message shared by several connections: a dict whose JSON text (:func:`encode`) is made once, when first
    asked for."""

    __slots__ = ("_encoded", "_fragment")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._encoded: tuple[str, int] | None = None
        self._fragment: orjson.Fragment | None = None

    def encoded(self) -> tuple[str, int]:
        """The message's text and its size in bytes, encoded the first time only."""
        if self._encoded is None:
            self._encoded = encode(self)
        return self._encoded

    def fragment(self) -> orjson.Fragment:
        """The message's text, to stand in another message's place for it (encoded the first time only)."""
        if self._fragment is None:
            self._fragment = orjson.Fragment(self.encoded()[0])
        return self._fragment
