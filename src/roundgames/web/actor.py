"""What a table's parts may ask of the table that holds them: the :class:`Actor` protocol.

A :class:`~roundgames.web.room.Room` is an actor: one queue of commands, the store, the broadcast. The parts it is
made of (its presence, its gathering, its turn clock, its pause, its following of other processes) each keep their
own state and reach the rest of the table through this protocol alone, so none of them imports the room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .reducer import TableState
    from .seating import Conn, LogEntry
    from .store import Event, Store
    from .timing import Clock, Timing

__all__ = ["Actor"]


class Actor(Protocol):
    """A table as its parts see it."""

    @property
    def id(self) -> str: ...
    @property
    def state(self) -> TableState: ...
    @property
    def store(self) -> Store: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def timing(self) -> Timing: ...

    def command(self, kind: str, data: dict[str, Any]) -> None:
        """Check, store and apply an event, and tell everyone (raises, changing nothing, where it is refused)."""
        ...

    def replay(self, events: list[Event]) -> None:
        """Rebuild the table from its stored events."""
        ...

    def touch(self, ts: float) -> None:
        """Something was done at the table at ``ts`` (an idle table is forgotten: :mod:`~roundgames.web.limits`)."""
        ...

    def changed(self) -> None:
        """Something every viewer sees changed: a timer planned before it does nothing."""
        ...

    def halt(self) -> None:
        """Stop playing the automatic steps: the bot's decision under way and the next step's timer."""
        ...

    def soon(self, fn: Callable[..., Any], *args: Any) -> None:
        """Queue ``fn(*args)`` as an automatic step."""
        ...

    def broadcast(self, entries: list[LogEntry], *, snapshot: bool = False) -> None: ...
    def send_to(self, conn: Conn, entries: list[LogEntry], *, snapshot: bool = False) -> None: ...
