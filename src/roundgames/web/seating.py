"""What a table's parts share: its refusals, its connections, who sits in each seat, and its log's lines.

:mod:`roundgames.web.reducer` applies a table's events to its state; :mod:`roundgames.web.room` is the table's
actor (its queue, its store, its broadcast), made of :mod:`~roundgames.web.presence` (who is connected),
:mod:`~roundgames.web.gathering` (the sitting's lifecycle), :mod:`~roundgames.web.turnclock` (the clock of each
turn), :mod:`~roundgames.web.pausing` and :mod:`~roundgames.web.follow`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.errors import RoundgamesError

__all__ = ["Conn", "LogEntry", "RoomError", "SeatInfo", "hash_token"]


class RoomError(RoundgamesError):
    """A command the table refuses: ``code`` is the protocol's error code, ``rule`` a rule ID or None.

    An ``irregular`` refusal (table mode) also carries the ``action`` refused and the ``laws`` it would bring into
    force; the same action sent again with ``irregular: true`` is applied with them."""

    def __init__(
        self,
        code: str,
        message: str,
        rule: str | None = None,
        field: str | None = None,
        *,
        action: str | None = None,
        laws: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(message)
        self.code, self.message, self.rule, self.field = code, message, rule, field
        self.action, self.laws = action, laws


class Conn(Protocol):
    """A connection watching a table: a seat or a spectator (``seat`` None)."""

    seat: int | None
    last_seq: int
    #: the hash of the seat token the connection said hello with (None for a spectator's hello)
    token_hash: str | None

    def push(self, message: dict[str, Any]) -> None:
        """Queue a message for the client; never blocks."""
        ...

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once the messages queued are sent (a connection whose seat token was
        revoked: the token's hash is its ``token_hash``, where it has one)."""
        ...


def hash_token(token: str) -> str:
    """What the store keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatInfo:
    """Who sits in a seat: ``kind`` is ``person``, ``bot``, or ``open`` (a bot plays it until somebody sits)."""

    kind: str
    name: str | None = None
    token_hash: str | None = None
    conns: int = 0
    #: when a person's (or an open seat's) countdown ends and a bot takes over
    away_until: float = 0.0
    #: when the person last came back, and the end of the countdown his last disconnection started:
    #: a stay shorter than a countdown does not earn a fresh one
    back_at: float = 0.0
    dropped_until: float = 0.0
    #: the first deal its person may review while the sitting goes on: none dealt before he sat (he never saw it)
    first_deal: int = 1
    #: the turns running whose time ran out (a bot played them); at :data:`~roundgames.web.turnclock.AWAY_AFTER` the
    #: seat is treated as away until its person acts or comes back
    timeouts: int = 0
    #: when its person last asked for a new rejoin link (each is a stored event: a few a minute at most)
    relinked_at: float = float("-inf")


@dataclass
class LogEntry:
    """A line of the table's log; ``private`` holds what one seat reads instead of ``text``."""

    seq: int
    deal: int
    kind: str
    seat: int | None
    text: str
    private: dict[int, str] = field(default_factory=dict)

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        text = self.private.get(viewer, self.text) if viewer is not None else self.text
        return {"seq": self.seq, "deal": self.deal, "kind": self.kind, "seat": self.seat, "text": text}
