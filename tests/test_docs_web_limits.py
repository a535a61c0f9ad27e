"""docs/web.md gives the limits the server keeps: its figures for hellos (in the protocol's table and in "Limits"),
messages, websockets, chat and lookups are the code's own constants."""

from __future__ import annotations

import re
from pathlib import Path

from roundgames.web import limits, protocol, sockets

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "web.md").read_text(encoding="utf-8")


def _row(first_cell: str) -> str:
    """The row of a table of the page whose first cell starts with ``first_cell``."""
    rows = [line for line in PAGE.splitlines() if line.startswith(f"| {first_cell}")]
    assert len(rows) == 1, (first_cell, rows)
    return rows[0]


def _figure(value: float) -> str:
    return f"{value:g}"


def test_every_hello_rate_the_page_gives_is_the_codes() -> None:
    rates = re.findall(r"burst of (\w+) at once, then (\w+) a second", PAGE)
    assert len(rates) >= 2  # the protocol's table and "Limits"
    assert set(rates) == {(_figure(limits.HELLO_BURST), _figure(limits.HELLOS_PER_SECOND))}
    assert "hellos" in _row("`hello`s answered") and "burst of" in _row("`hello`s answered")


def test_the_time_to_say_hello_is_the_codes() -> None:
    said = re.findall(r"`hello`,? within (\d+) s", PAGE)
    assert said and set(said) == {_figure(sockets.HELLO_SECONDS)}
    assert f"a `hello` within {sockets.HELLO_SECONDS} s" in _row("a connection's first message")


def test_the_other_limits_of_a_client_are_the_codes() -> None:
    assert f"at most {protocol.MAX_MESSAGE} bytes from a client" in PAGE
    assert _row("a client message").startswith(f"| a client message | {protocol.MAX_MESSAGE} bytes")
    assert _row("websockets per address").startswith(f"| websockets per address | {limits.SOCKETS_PER_ADDRESS} at once")
    assert f"a burst of {limits.CHAT_BURST} lines" in _row("chat |")
    lookups = _row("lookups of tables")
    assert f"{limits.LOOKUP_BURST} per address in a burst, then one every {_figure(limits.LOOKUP_SECONDS)} s" in lookups
