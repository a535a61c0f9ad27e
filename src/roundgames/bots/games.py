"""Each game's part in the bots, read from its plug-in (:class:`roundgames.games.plugin.BotParts`).

What is particular to a game (its sensible player, how it takes cards unseen, where its cards lie for the
resampler, its open-card play for the solver) lives in the modules its plug-in names; :func:`kit` resolves them on
first use, so nothing in the bots tests a game's class or name, and no table here lists the games.

>>> kit_of("nap").sensible.__name__, list(BY_GAME)
('SensibleNapBot', ['loo', 'nap'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from ..games.plugin import GamePlugin, PluginError, resolve
from ..games.protocol import GameSpec, View
from ..games.registry import BUILT_IN, PartsByGame, game_of, plugin
from .bot import Bot

__all__ = ["BY_GAME", "GAMES", "BotFactory", "GameBots", "bot_table", "kit", "kit_of", "searches"]

BotFactory = Callable[[random.Random], Bot]


@dataclass(frozen=True)
class GameBots:
    """What the bots need of one game, from the modules its plug-in names."""

    #: the sensible player of the game
    sensible: BotFactory
    #: where the game's cards lie, what a seat has seen and which hand each other seat plays
    #: (:mod:`roundgames.loo.worlds`, :mod:`roundgames.nap.worlds`), for the resampler; for a game the search bots
    #: do not play, a module that refuses (:class:`_Unsearched`)
    worlds: ModuleType
    #: the game's play as the open-card solver knows it, and what a seat nets by the tricks
    #: (:mod:`.loo_solve`, :mod:`.nap_solve`); for a game the search bots do not play, a module that refuses
    solve: ModuleType
    #: ``blind_takes(view, verb)``: the ways of taking ``verb`` of ``view.may_take``, the cards named being the
    #: seat's own (the cards taken are unseen); None for a game that offers nothing so
    blind_takes: Callable[[View[Any], str], list[Any]] | None = None
    #: whether the expert plays the game's cards by search (else by the sensible player's rules)
    searched_play: bool = False


class _Unsearched(ModuleType):
    """What a game's plug-in does not name for the search bots: any use is refused, naming the game."""

    def __getattr__(self, name: str) -> Any:
        raise PluginError(f"bots: game {self.__name__!r} has no search bots (its plug-in names no worlds and solver)")


@cache
def _resolved(found: GamePlugin) -> GameBots:
    # Cached by the plug-in, hashed by identity: reload() finds the same object (its module stays imported).
    parts = found.part("bots", "bots")
    where = f"bots of {found.name}"
    return GameBots(
        sensible=resolve(parts.sensible, where),
        worlds=_Unsearched(found.name) if parts.worlds is None else resolve(parts.worlds, where),
        solve=_Unsearched(found.name) if parts.solve is None else resolve(parts.solve, where),
        blind_takes=None if parts.blind_takes is None else resolve(parts.blind_takes, where),
        searched_play=parts.searched_play,
    )


def kit_of(game: str | GameSpec) -> GameBots:
    """The bots' part of ``game`` (its name or spec); :class:`~roundgames.core.errors.RoundgamesError` for an
    unknown game or one whose plug-in names no bots."""
    return _resolved(plugin(game))


def kit(deal_or_view: Any) -> GameBots:
    """The bots' part of the game of a deal (its ``game``) or of a view (its rules' game)."""
    if isinstance(deal_or_view, View):
        return kit_of(game_of(deal_or_view.rules))
    return kit_of(deal_or_view.game)


def searches(game: str | GameSpec) -> bool:
    """Whether the search bots play ``game``."""
    found = plugin(game)
    return found.bots is not None and found.bots.worlds is not None and found.bots.solve is not None


#: each game's bots, by the game's name
BY_GAME: Mapping[str, GameBots] = PartsByGame("bots", _resolved)


class _Makers(Mapping[str, BotFactory]):
    """One bot's maker for each game it plays, by the game's name, read at each use."""

    def __init__(self, make: Callable[[str], BotFactory], search: bool) -> None:
        self._make, self._search = make, search

    def _plays(self, name: str) -> bool:
        return name in BY_GAME and (not self._search or searches(name))

    def __getitem__(self, name: str) -> BotFactory:
        if not isinstance(name, str) or not self._plays(name):
            raise KeyError(name)
        return self._make(name)

    def __iter__(self) -> Iterator[str]:
        return iter([name for name in BY_GAME if self._plays(name)])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def bot_table(makers: Mapping[str, tuple[Callable[[str], BotFactory], bool]]) -> dict[str, Mapping[str, BotFactory]]:
    """The bots by name, then by game: ``makers`` gives each bot's ``make(game)`` and whether it searches (and so
    plays only the games whose plug-ins name their worlds and solver)."""
    return {name: _Makers(make, search) for name, (make, search) in makers.items()}


#: the package's games a bot plays (:data:`BY_GAME` has those the registry adds too)
GAMES: tuple[str, ...] = tuple(p.name for p in BUILT_IN if p.bots is not None)
