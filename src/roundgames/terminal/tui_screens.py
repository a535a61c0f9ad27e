"""The windows over the full-screen table: help and information, a question to answer y or n (an irregularity in
table mode, quitting), and the laws with a box to state one. Each closes on its own keys and hands its answer back
to the table.

A window is as wide as an 80-column terminal (narrower on a narrower one), so that nothing of the table shows beside
it, and its text is fitted to the room inside: a line too long is broken between words, and its continuation is
indented under the text it continues (after a key, a term or a list's dash), never left at the window's edge.

>>> print(fit("- Limited loo: a looed player pays the loo stake, and no more.", 30).plain)
- Limited loo: a looed player
  pays the loo stake, and no
  more.
>>> print(fit("1-9       pick a card; the same digit again plays it", 36).plain)
1-9       pick a card; the same
          digit again plays it
"""

from __future__ import annotations

import re
from typing import TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

__all__ = ["BOX_WIDTH", "ConfirmScreen", "InfoScreen", "LawScreen", "fit", "text_width"]

#: a window's width: an 80-column terminal's, so that no part of the table is left beside it
BOX_WIDTH = 80
#: what a window's border (2), padding (2) and scroll bar (1, left free when there is none) take of its width
_FRAME = 5
#: the keys a window scrolls with; any other closes it (or answers it)
_SCROLL_KEYS = ("up", "down", "pageup", "pagedown", "home", "end")
#: a term and the spaces that set its text apart (``1-9       pick``), whose text a continuation lines up under
_TERM = re.compile(r" *\S.*? {2,}(?=\S)")


def text_width(columns: int) -> int:
    """The room for text inside a window on a terminal ``columns`` wide."""
    return min(BOX_WIDTH, columns) - _FRAME


def _hang(line: str, width: int) -> int:
    """Where a long line's continuation starts: under a list item's text, under a term's text, or under the line."""
    lead = len(line) - len(line.lstrip(" "))
    if line[lead:].startswith("- "):
        return lead + 2
    term = _TERM.match(line)
    return term.end() if term is not None and term.end() <= width // 2 else lead


def _breaks(line: str, width: int, hang: int) -> list[tuple[int, int]]:
    """Where ``line`` is cut to lines of ``width`` columns, the later ones after ``hang`` spaces: between words,
    or inside a word longer than a line."""
    spans, start, room = [], 0, width
    while len(line) - start > room:
        cut = line.rfind(" ", start + 1, start + room + 1)
        if cut <= start:
            cut = start + room
        spans.append((start, len(line[start:cut].rstrip(" ")) + start))
        start = len(line) - len(line[cut:].lstrip(" "))
        room = width - hang
    spans.append((start, len(line)))
    return spans


def fit(body: Text | str, width: int, hang: int | None = None) -> Text:
    """``body`` with each line longer than ``width`` columns broken between words, its continuation indented by
    ``hang`` spaces, or where :func:`_hang` finds; styles are kept."""
    text = body if isinstance(body, Text) else Text(body)
    out = []
    for line in text.split("\n", allow_blank=True):
        if line.cell_len <= width:
            out.append(line)
            continue
        indent = _hang(line.plain, width) if hang is None else hang
        for i, (start, end) in enumerate(_breaks(line.plain, width, indent)):
            out.append(Text(" " * indent if i else "") + line[start:end])
    return Text("\n").join(out)


_R = TypeVar("_R")

_WINDOW_CSS = """
{name} {{ align: center middle; }}
{name} > VerticalScroll {{
    width: {width}; max-width: 100%; height: auto; max-height: 100%;
    border: round ${colour}; padding: 0 1; background: $surface;
    scrollbar-size-vertical: 1;
}}
{name}.-ascii > VerticalScroll {{ border: ascii ${colour}; }}
"""


class _Window(ModalScreen[_R]):
    """A window of text over the table: fitted to the room inside it, again when the terminal is resized; the
    arrows and page keys scroll it when it is longer than the screen, and its subtitle says so."""

    def __init__(self, title: str, body: Text | str, subtitle: str, *, ascii_only: bool, body_id: str) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.body_id = body_id
        self.title_text = title
        self.body = body
        self.subtitle = subtitle
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static(fit(self.body, text_width(self.app.size.width)), id=self.body_id))
        box.border_title = self.title_text
        box.border_subtitle = self.subtitle
        yield box

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # the arrows and page keys go to it
        self.call_after_refresh(self._say_scroll)

    def on_resize(self) -> None:
        self.query_one(f"#{self.body_id}", Static).update(fit(self.body, text_width(self.app.size.width)))
        self.call_after_refresh(self._say_scroll)

    def _say_scroll(self) -> None:
        box = self.query_one(VerticalScroll)
        keys = "Up/Down PgUp/PgDn scroll" if self.ascii_only else "↑↓ PgUp PgDn scroll"
        scrolled = f"{keys}   {self.subtitle.replace('any key', 'any other key')}"
        box.border_subtitle = scrolled if box.max_scroll_y > 0 else self.subtitle


class InfoScreen(_Window[None]):
    """A window over the table (help, rules, hint, last trick, score sheet); any key but those that scroll it closes
    it."""

    DEFAULT_CSS = _WINDOW_CSS.format(name="InfoScreen", width=BOX_WIDTH, colour="accent")

    def __init__(self, title: str, body: Text | str, *, ascii_only: bool = False) -> None:
        super().__init__(title, body, "any key closes", ascii_only=ascii_only, body_id="info-body")

    def on_key(self, event: events.Key) -> None:
        if event.key in _SCROLL_KEYS:
            return  # let the window scroll
        event.stop()
        if self.is_current:  # a second key (repeat, paste) may arrive while the window is closing
            self.dismiss()


class ConfirmScreen(_Window[bool]):
    """A question to answer: in table mode, what an irregular action breaks and what its law will do (``y`` goes
    ahead, ``n`` or Escape takes it back); on quitting, what is kept of the table (``y`` quits, ``n`` stays).
    It hands back True for ``y``."""

    DEFAULT_CSS = _WINDOW_CSS.format(name="ConfirmScreen", width=BOX_WIDTH, colour="warning")

    def __init__(
        self, title: str, lines: list[str], *, ascii_only: bool = False, yes: str = "go ahead", no: str = "take it back"
    ) -> None:
        body = "\n".join([*lines, "", f"{title} y: {yes}; n or Esc: {no}."])
        super().__init__(title, body, f"y {yes}   n or Esc {no}", ascii_only=ascii_only, body_id="confirm-body")
        self.lines = lines

    def on_key(self, event: events.Key) -> None:
        if event.key in _SCROLL_KEYS:
            return  # let the window scroll
        event.stop()
        if not self.is_current:  # a second key (repeat, paste) may arrive while the window is closing
            return
        if event.key in ("y", "Y"):
            self.dismiss(True)
        elif event.key in ("n", "N", "escape"):
            self.dismiss(False)


class LawScreen(ModalScreen[str | None]):
    """Table mode, ``x``: the laws of the game, and a box to state one by its ID (``4``, ``LOO-LAW-8 P3``)."""

    DEFAULT_CSS = """
    LawScreen { align: center middle; }
    LawScreen > VerticalScroll {
        width: 100%; height: 1fr; border: round $accent; padding: 0 1; background: $surface;
        scrollbar-size-vertical: 1;
    }
    LawScreen.-ascii > VerticalScroll { border: ascii $accent; }
    LawScreen > Input { dock: bottom; }
    """

    def __init__(self, lines: list[str], example: str, *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.lines = lines
        self.example = example

    def _body(self) -> Text:
        # the window is the terminal's width: its text the width less the frame
        return fit("\n".join(self.lines), self.app.size.width - _FRAME)

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static(self._body(), id="laws-body"))
        box.border_title = "The laws: state an irregularity"
        box.border_subtitle = "PgUp/PgDn scroll   Enter states it   Esc closes"
        yield box
        yield Input(id="law-entry", placeholder=f"the law's ID and any argument: {self.example}")

    def on_resize(self) -> None:
        self.query_one("#laws-body", Static).update(self._body())

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.is_current:
            self.dismiss(event.value.strip() or None)

    def on_key(self, event: events.Key) -> None:
        box = self.query_one(VerticalScroll)
        if event.key == "pageup":
            box.scroll_page_up()
        elif event.key == "pagedown":
            box.scroll_page_down()
        elif event.key == "escape" and self.is_current:
            event.stop()
            self.dismiss(None)
