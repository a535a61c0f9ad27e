"""What a player is: the one method every bot has, whatever the game (its own module, so that the bots' registry
and the players can name it without importing the package that gathers every bot)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..games.protocol import View

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A player: given the view of the seat to act, return a legal action for that seat."""

    name: str

    def choose(self, view: View[Any]) -> Any:
        """The action this bot takes in ``view`` (the seat's turn): one of ``view.legal``, or a way of taking
        what ``view.may_take`` offers."""
        ...
