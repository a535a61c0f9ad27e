"""Each game's part in the bots, by the game's name: the one place a game is chosen.

What is particular to a game (its sensible player, how it takes cards unseen, where its cards lie for the
resampler, its open-card play for the solver) lives in the modules named for it; :data:`BY_GAME` chooses among
them by the game's name, so nothing else in the bots tests a game's class or name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..games.protocol import View
from ..loo import worlds as loo_worlds
from ..nap import worlds as nap_worlds
from . import loo, loo_solve, nap, nap_solve

if TYPE_CHECKING:
    from . import Bot

__all__ = ["BY_GAME", "GAMES", "BotFactory", "GameBots", "kit"]

BotFactory = Callable[[random.Random], "Bot"]


@dataclass(frozen=True)
class GameBots:
    """What the bots need of one game, from the modules named for it."""

    #: the sensible player of the game
    sensible: BotFactory
    #: where the game's cards lie, what a seat has seen and which hand each other seat plays
    #: (:mod:`roundgames.loo.worlds`, :mod:`roundgames.nap.worlds`), for the resampler
    worlds: ModuleType
    #: the game's play as the open-card solver knows it, and what a seat nets by the tricks
    #: (:mod:`.loo_solve`, :mod:`.nap_solve`)
    solve: ModuleType
    #: ``blind_takes(view, verb)``: the ways of taking ``verb`` of ``view.may_take``, the cards named being the
    #: seat's own (the cards taken are unseen); None for a game that offers nothing so
    blind_takes: Callable[[View[Any], str], list[Any]] | None = None


#: each game's bots, by the game's name (the one place a game is chosen)
BY_GAME: dict[str, GameBots] = {
    "loo": GameBots(loo.SensibleLooBot, loo_worlds, loo_solve),
    "nap": GameBots(nap.SensibleNapBot, nap_worlds, nap_solve, nap.blind_takes),
}

#: the games a bot plays
GAMES = tuple(BY_GAME)


def kit(deal_or_view: Any) -> GameBots:
    """The bots' part of the game of a deal (its ``game``) or of a view (its rules' game)."""
    spec = getattr(deal_or_view, "game", None)
    if spec is None:
        from ..games.registry import game_of

        spec = game_of(deal_or_view.rules)
    return BY_GAME[spec.name]
