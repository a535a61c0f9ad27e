"""Inviting people to a table: its own link as a QR code, and the host's choice of listing it in the lobby.

The table's link (``/t/ID``) is what a host shares: it opens the table and offers the seats that are open, never a
seat of anybody's. A seat's private rejoin link (``#seat=TOKEN``) is not shared: it moves the seat itself. A table
is private by default, out of the lobby's list, and its host may list it or take it out again; anyone holding the
link joins it either way.
"""

from __future__ import annotations

import io
from typing import Any

import segno

from .gathering import HOST_RULE
from .room import Room, RoomError
from .store import StoreError

__all__ = ["qr_svg", "set_listed", "table_link"]


def table_link(base_url: str, table_id: str) -> str:
    """The table's own link on the server at ``base_url`` (``http://host:port/``): what an invitation holds."""
    return f"{base_url.rstrip('/')}/t/{table_id}"


def qr_svg(link: str) -> str:
    """``link`` as a QR code, an SVG document that scales to its box: dark modules on white, with the quiet zone the
    standard asks for (a phone's camera reads it off a screen in either colour scheme). The error correction is
    the medium level, enough for a glare on the screen."""
    out = io.BytesIO()
    qr = segno.make(link, error="m", micro=False)
    qr.save(
        out,
        kind="svg",
        scale=4,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        svgns=True,
        title=f"QR code of {link}",
        omitsize=True,
    )
    return out.getvalue().decode("utf-8")


def set_listed(room: Room, token: Any, listed: Any) -> bool:
    """The host lists the table in the lobby or takes it out (on the room's queue); the token proves the seat, and
    only the host's seat may (``not_host``). The setting is stored with the table, so a restart keeps it, and every
    viewer is told (``state.listed``). Returns the table's new setting."""
    if not isinstance(token, str) or not token:
        raise RoomError("bad_message", f"token: {token!r} is not a seat token", None, "token")
    if not isinstance(listed, bool):
        raise RoomError("bad_message", f"listed: {listed!r} is not a valid listed (true or false)", None, "listed")
    room.pausing.refuse_if_paused()  # first: a paused table may not know its host (its store cannot be read)
    seat = room.seat_of(token)
    if seat != room.host:
        host = room.host
        who = "nobody has sat down yet" if host is None else f"the host is {room.display_names()[host]}"
        raise RoomError(
            "not_host", f"listed: only the host may list or unlist the table ({HOST_RULE}; {who})", None, "listed"
        )
    config = {**room.config, "listed": listed}
    try:
        room.store.configure(room.id, config)
    except StoreError as e:
        raise RoomError("store_failed", f"listed: not saved, so not changed: {e}", None, "listed") from None
    room.config["listed"] = listed  # the same settings the table's state reads
    room.changed()
    room.broadcast([])
    return listed
