"""A client's websocket messages as typed commands (docs/web.md, "Websocket"); each names its ``type``.

The socket reads each JSON message once (:func:`~roundgames.web.protocol.parse_client_message` checks it) into one
of these; what handles it afterwards reads its fields, never the JSON again. An action's text is read into the
deal's action once, by the table, when the command is run on its queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

__all__ = ["Act", "Bare", "Chat", "ClaimAnswer", "Command", "Hello", "OpenSeat", "Review", "SeatBot"]


@dataclass(frozen=True, slots=True)
class Hello:
    """``hello``: the seat's token (None: a spectator), and the last ``seq`` the client has (None: it has none)."""

    type: ClassVar[str] = "hello"
    token: str | None
    since: int | None


@dataclass(frozen=True, slots=True)
class Act:
    """``act``: the action as the person typed or clicked it, and whether he confirms an irregularity (table mode)."""

    type: ClassVar[str] = "act"
    action: str
    irregular: bool


@dataclass(frozen=True, slots=True)
class Chat:
    """``chat``: a line, trimmed and checked."""

    type: ClassVar[str] = "chat"
    text: str


@dataclass(frozen=True, slots=True)
class Review:
    """``review``: a finished deal's number (from 1) and the seat whose deal it is (None: the asker's own)."""

    type: ClassVar[str] = "review"
    deal: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class SeatBot:
    """``seat_bot``: the host fills an open seat with its bot."""

    type: ClassVar[str] = "seat_bot"
    seat: int


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """``open_seat``: the host opens a bot's seat again for a person."""

    type: ClassVar[str] = "open_seat"
    seat: int


@dataclass(frozen=True, slots=True)
class ClaimAnswer:
    """``claim_answer``: a person accepts or declines the claim of the remaining tricks waiting on him."""

    type: ClassVar[str] = "claim_answer"
    accept: bool


#: the messages that carry nothing but their type
BareType = Literal["next", "undo", "new_link", "ping", "hint", "start", "leave", "again", "back", "claim"]


@dataclass(frozen=True, slots=True)
class Bare:
    """A message that is its type alone: ``next``, ``undo``, ``new_link``, ``ping``, ``hint``, ``start``, ``leave``,
    ``again``, ``back`` or ``claim``."""

    type: BareType


Command = Hello | Act | Chat | Review | SeatBot | OpenSeat | ClaimAnswer | Bare
