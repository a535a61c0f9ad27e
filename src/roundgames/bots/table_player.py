"""The table player: declares or calls by a computed strategy's table, and otherwise plays as ``sensible``.

It looks its cell up (:meth:`roundgames.bots.strategy.Strategy.choice`) and takes an action by the table's
probabilities, drawing from its own random source only where the table mixes; where the table has no row for
the cell (a hand or a history the computation never met) it declares or calls as ``sensible`` would. Its cards
it plays by ``sensible``'s rules. It is how a strategy is put to the test at the engine's tables: the
exploitability command (``roundgames exploit``) plays its best-response tables so, and a tournament's lineup may
name any strategy file as ``table:PATH``.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..core.errors import RulesError
from ..games.protocol import Stage, View
from .games import kit
from .strategy import Choice, Strategy, action_name, load

__all__ = ["PREFIX", "TableBot", "pick", "table_bot"]

#: a lineup's name of a table player: this, then the strategy file's path
PREFIX: Final = "table:"


def pick(choice: Choice, rng: random.Random) -> str:
    """An action of ``choice`` by its probabilities (no draw when one is certain)."""
    pure = choice.pure
    if pure is not None:
        return pure
    return rng.choices(choice.actions, weights=choice.probs)[0]


class TableBot:
    """Declares or calls by ``strategy`` where its table has the cell, else as ``sensible``; plays as
    ``sensible``."""

    def __init__(self, strategy: Strategy, rng: random.Random | None = None, name: str = "table") -> None:
        self.strategy = strategy
        self.rng = rng if rng is not None else random.Random()
        self.name = name
        self._sensible: Any = None

    def sensible(self, view: View[Any]) -> Any:
        """The game's sensible player (made once)."""
        if self._sensible is None:
            self._sensible = kit(view).sensible(self.rng)
        return self._sensible

    def choose(self, view: View[Any]) -> Any:
        """The table's declaration or call at the seat's turn to make one, else the sensible player's action; a
        :class:`~roundgames.core.errors.RulesError` at a table the strategy was not computed for."""
        if view.stage is Stage.BID and view.to_act == view.seat:
            if not self.strategy.fits(view.rules, len(view.order)):
                raise RulesError(f"{self.name}: {self.strategy.describe()}, not for this table")
            choice = self.strategy.choice(view)
            if choice is not None:
                name = pick(choice, self.rng)
                return next(a for a in view.legal if action_name(a, view) == name)
        return self.sensible(view).choose(view)


def table_bot(name: str, seed: int | None = None, rules: Any = None) -> TableBot:
    """The table player of a lineup name ``table:PATH`` (:class:`~roundgames.core.errors.RulesError` for another
    name, or for a strategy computed for other ``rules`` where given; :class:`~roundgames.core.errors.RecordError`
    naming the file for one that is not a strategy)."""
    if not name.startswith(PREFIX) or len(name) == len(PREFIX):
        raise RulesError(f"a table player is named {PREFIX}PATH, not {name!r}")
    strategy = load(name[len(PREFIX) :])
    if rules is not None and not strategy.fits(rules, strategy.players):
        raise RulesError(f"{name}: {strategy.describe()}, not for these rules")
    return TableBot(strategy, random.Random(seed), name)
