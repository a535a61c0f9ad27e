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


#: the JSON text of a message as the client reads it: compact, text as it is
_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
#: what stands for the table's settings while the rest of a state is encoded: their text is put in its place
_HOLE = "\x00the table\x00"
_HOLE_TEXT = _dumps(_HOLE)


def encode(message: dict[str, Any]) -> tuple[str, int]:
    """``message`` as the client reads it (compact JSON, text as it is), and its size in bytes.

    A state's settings (``state.table``, the same in every state of the table until they change) are encoded once
    for the table where they come as an :class:`Outgoing`, and their text put in their place: the text is the
    same, to the byte, as the whole message encoded at once."""
    state = message.get("state")
    table = state.get("table") if isinstance(state, dict) else None
    text = None
    if isinstance(table, Outgoing) and isinstance(state, dict):
        holed = _dumps({**message, "state": {**state, "table": _HOLE}})
        head = f'{{"type":{_dumps(message.get("type"))},"seq":{_dumps(message.get("seq"))},"state":{{"table":'
        # Where the state is not the message's third part, or the settings not its first, the hole is elsewhere:
        # the message is encoded whole.
        if holed.startswith(head + _HOLE_TEXT):
            text = head + table.encoded()[0] + holed[len(head) + len(_HOLE_TEXT) :]
    if text is None:
        text = _dumps(message)
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
