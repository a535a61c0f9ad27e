"""A connection to a web room for the in-process tests: it keeps every message it is sent, as a client would."""

from __future__ import annotations

from typing import Any


class Recorder:
    """A connection that keeps what it is sent (the room's :class:`~roundgames.web.seating.Conn`)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.last_seq = 0
        self.messages: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    @property
    def state(self) -> dict[str, Any]:
        """The last state sent."""
        return next(m["state"] for m in reversed(self.messages) if m.get("state") is not None)

    def texts(self, kind: str | None = None) -> list[str]:
        """Every log line sent, or those of one kind."""
        return [e["text"] for m in self.messages for e in m.get("log", []) if kind is None or e["kind"] == kind]

    def log(self) -> list[str]:
        """Every log line sent."""
        return self.texts()
