"""``roundgames rules [loo|nap] [--form FORM] [--markdown]``: the page that teaches a game and form, from
:mod:`roundgames.guide`, as text for the terminal (card pictures as text) or as Markdown for the documentation."""

from __future__ import annotations

import argparse
import shutil
import sys

from ..core.errors import RulesError
from ..guide import page, to_markdown, to_text

__all__ = ["print_page"]


def print_page(args: argparse.Namespace) -> int:
    """Print the page of ``args.game`` (Loo unless named) and ``args.form`` (the game's first form unless named);
    an unknown form raises :class:`~roundgames.core.errors.RulesError` naming it and the valid ones (exit 2)."""
    try:
        shown = page(args.game or "loo", args.form)
    except RulesError as e:
        raise RulesError(f"--form: {e}") from None
    if args.markdown:
        sys.stdout.write(to_markdown(shown))
        return 0
    width = min(100, shutil.get_terminal_size((80, 24)).columns) - 2
    ascii_only = args.ascii or (sys.stdout.encoding or "").lower().replace("-", "") not in ("utf8", "utf16")
    sys.stdout.write(to_text(shown, width=max(40, width), ascii_only=ascii_only))
    return 0
