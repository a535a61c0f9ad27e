"""The windows over the full-screen table: help and information, the question before an irregularity (table mode),
and the laws with a box to state one. Each closes on its own keys and hands its answer back to the table."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

__all__ = ["ConfirmScreen", "InfoScreen", "LawScreen"]


class InfoScreen(ModalScreen[None]):
    """A window over the table (help, rules, last trick, score sheet); any key closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > VerticalScroll {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    InfoScreen.-ascii > VerticalScroll { border: ascii $accent; }
    """

    def __init__(self, title: str, body: Text | str, *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static(self.body, id="info-body"))
        box.border_title = self.title_text
        box.border_subtitle = "any key closes"
        yield box

    def on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            return  # let the window scroll
        event.stop()
        if self.is_current:  # a second key (repeat, paste) may arrive while the window is closing
            self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """Table mode: what an irregular action breaks and what its law will do; ``y`` goes ahead, ``n`` or
    Escape takes it back."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > VerticalScroll {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: round $warning; padding: 0 1; background: $surface;
    }
    ConfirmScreen.-ascii > VerticalScroll { border: ascii $warning; }
    """

    def __init__(self, title: str, lines: list[str], *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        body = [*self.lines, "", f"{self.title_text} y: go ahead; n or Esc: take it back."]
        box = VerticalScroll(Static("\n".join(body), id="confirm-body"))
        box.border_title = self.title_text
        box.border_subtitle = "y go ahead   n or Esc take it back"
        yield box

    def on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
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
    }
    LawScreen.-ascii > VerticalScroll { border: ascii $accent; }
    LawScreen > Input { dock: bottom; }
    """

    def __init__(self, lines: list[str], example: str, *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.lines = lines
        self.example = example

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static("\n".join(self.lines), id="laws-body"))
        box.border_title = "The laws: state an irregularity"
        box.border_subtitle = "PgUp/PgDn scroll   Enter states it   Esc closes"
        yield box
        yield Input(id="law-entry", placeholder=f"the law's ID and any argument: {self.example}")

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
