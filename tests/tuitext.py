"""What the full-screen table shows, as text, for the Textual pilot tests."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import RichLog, Static

from roundgames.terminal.tui import TableApp


def screen_text(app: TableApp) -> str:
    """Everything the table draws: its text widgets and the log."""
    parts = []
    for w in app.screen.query(Static):
        content = w.content
        parts.append(content.plain if isinstance(content, Text) else str(content))
    if app.screen is app.screen_stack[0]:
        parts += [strip.text for strip in app.query_one("#log", RichLog).lines]
    return "\n".join(parts)


def window_lines(window: Screen[object]) -> tuple[list[str], list[str], list[str]]:
    """A window over the table: the lines it draws (its borders and text, across the screen's full width where it
    spans it); the lines of its text as shown; and the lines of the text it was given."""
    box = window.query_one(VerticalScroll)
    size = box.outer_size
    drawn = [strip.text for strip in box.render_lines(Region(0, 0, size.width, size.height))]
    shown = box.query_one(Static).content
    given = getattr(window, "body", "")
    plain = shown.plain if isinstance(shown, Text) else str(shown)
    raw = given.plain if isinstance(given, Text) else str(given)
    return drawn, plain.splitlines(), raw.splitlines()
