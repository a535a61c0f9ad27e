"""What the full-screen table shows, as text, for the Textual pilot tests."""

from __future__ import annotations

from rich.text import Text
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
