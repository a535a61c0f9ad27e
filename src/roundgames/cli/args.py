"""What the subcommands' arguments share: the games by name, and the types of their values (seconds, options,
seats, stakes), each refusing a bad value with a usage error (one line, exit status 2)."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from typing import Any

from ..core.errors import RoundgamesError
from ..games.protocol import Form, GameSpec
from ..games.registry import games

__all__ = [
    "add_form",
    "counted",
    "form_of",
    "game_names",
    "humans",
    "option",
    "positive",
    "seat_list",
    "seconds",
    "stakes",
    "writable",
]


def whole_number(least: int) -> Callable[[str], int]:
    """The type of a whole number of at least ``least``; ``1_000_000`` and ``1,000,000`` read as a million, as a
    count of deals is written."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{text!r}: give {least} or more")
        return value

    return parse


#: a count of one or more (boards, deals, chunks, workers)
positive = whole_number(1)
#: a whole number of zero or more (a seed, a size, workers where 0 means this process)
counted = whole_number(0)


def game_names() -> list[str]:
    """Every game's name, for ``choices``: the registry's games in its order."""
    return [spec.name for spec in games()]


def _slug(form: Form) -> str:
    """A form's name as commands and pages write it: ``five-card``."""
    return form.name.replace("_", "-")


def add_form(parser: argparse.ArgumentParser, what: str) -> None:
    """``--form FORM``, as ``roundgames rules`` and ``roundgames play`` both take it: a form of the game by the name
    pages and commands write (``five-card``; ``five_card`` too), the game's first by default. Which forms a game has
    is checked once the game is known (:func:`form_of`)."""
    forms = "; ".join(f"{spec.title}: {', '.join(_slug(f) for f in spec.forms)}" for spec in games())
    parser.add_argument("--form", metavar="FORM", help=f"{what} ({forms}; default: the game's first)")


def form_of(spec: GameSpec, text: str) -> Form:
    """The form of ``spec`` that ``--form TEXT`` names; :class:`RoundgamesError` naming the valid ones."""
    for form in spec.forms:
        if text.replace("_", "-") == _slug(form):
            return form
    valid = ", ".join(_slug(f) for f in spec.forms)
    raise RoundgamesError(f"--form: unknown form of {spec.name} {text!r} (valid: {valid})")


def seconds(text: str) -> float:
    """A number of seconds from 0 up to an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value < 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds from 0 up to an hour")
    return value


def option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: a rules option, its value read as JSON where it parses (``true``, ``10``), else as text."""
    name, eq, raw = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: write NAME=VALUE, e.g. club_law=true")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def humans(text: str) -> list[int]:
    """``1,3``: different seat numbers from 1, as indexes from 0."""
    try:
        seats = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seat numbers from 1, separated by commas") from None
    if any(s < 1 for s in seats) or len(set(seats)) != len(seats):
        raise argparse.ArgumentTypeError(f"{text!r}: give different seat numbers from 1, separated by commas")
    return [s - 1 for s in seats]


def stakes(text: str) -> dict[str, int]:
    """``deal=3,loo=6``: stakes by name, in counters."""
    out: dict[str, int] = {}
    for part in text.split(","):
        name, eq, raw = part.partition("=")
        if not eq or not name.strip() or not raw.strip().isdigit():
            raise argparse.ArgumentTypeError(f"{text!r}: write NAME=COUNTERS, e.g. deal=3,loo=6,single=3 or unit=1")
        out[name.strip()] = int(raw)
    return out


def seat_list(text: str) -> list[str]:
    """``Ann,Ben,Cat``: the players' names, clockwise."""
    return [name.strip() for name in text.split(",")]


def writable(flag: str, path: str) -> None:
    """Raise unless ``path`` can be written (it is created and removed if it did not exist)."""
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise RoundgamesError(f"{flag} {path}: cannot write: {e.strerror}") from None
    if not existed:
        os.remove(path)
