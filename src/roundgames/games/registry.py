"""The games by name: a surface builds rules, deals and sittings here, and never names a game's classes.

The registry is one explicit list of games (:data:`BUILT_IN`); nothing registers itself on import. A game from
outside the package (a :class:`~roundgames.games.plugin.GamePlugin`) is added by one line, either

- in its distribution's metadata, an entry point of the group ``roundgames.games`` (:data:`ENTRY_POINTS`), as
  pytest's plug-ins are found::

      [project.entry-points."roundgames.games"]
      onetrick = "onetrick.game:PLUGIN"

- or, for a game that is not installed, the environment variable ``ROUNDGAMES_GAMES`` (:data:`ENV_VAR`):
  ``module:attribute`` paths separated by commas, each module importable (on ``PYTHONPATH``)::

      ROUNDGAMES_GAMES=onetrick.game:PLUGIN roundgames referee deal.json

Both are read at the first look-up, and again by :func:`reload` (for a process whose environment changed since,
such as a test's). A path that does not resolve, an object that is not a game, or a second game of a name is
refused, naming it. The games come in that order: the package's, the installed ones, the variable's.

>>> [g.name for g in games()], [f.name for f in game("loo").forms]
(['loo', 'nap'], ['three_card', 'five_card', 'irish'])
>>> deal = new_deal("nap", rules_for("nap", "peel"), ["Ann", "Ben", "Cat"], dealer="Cat")
>>> type(deal).__name__, deal.game.title
('NapDeal', 'Nap')
>>> game("whist")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: unknown game 'whist' (valid: loo, nap)
>>> import os; os.environ[ENV_VAR] = "roundgames.nowhere:PLUGIN"
>>> reload()
Traceback (most recent call last):
...
roundgames.games.plugin.PluginError: ROUNDGAMES_GAMES: 'roundgames.nowhere:PLUGIN': no module 'roundgames.nowhere'
>>> del os.environ[ENV_VAR]; [p.name for p in reload()]
['loo', 'nap']
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

from ..core.errors import RulesError
from ..core.options import Rules
from ..loo.game import PLUGIN as LOO_PLUGIN
from ..nap.game import PLUGIN as NAP_PLUGIN
from .plugin import GamePlugin, PluginError, resolve
from .protocol import Deal, Form, GameSpec, Sitting

__all__ = [
    "BUILT_IN",
    "ENTRY_POINTS",
    "ENV_VAR",
    "GAMES",
    "OPTION_DOCS",
    "PartsByGame",
    "form_of",
    "game",
    "game_of",
    "games",
    "new_deal",
    "new_sitting",
    "plugin",
    "plugins",
    "reload",
    "rules_for",
]

#: the package's games, in the order a menu lists them: the one list of games
BUILT_IN: Final = (LOO_PLUGIN, NAP_PLUGIN)
#: the entry-point group of the games of other installed distributions
ENTRY_POINTS: Final = "roundgames.games"
#: the environment variable listing games by ``module:attribute`` paths, separated by commas
ENV_VAR: Final = "ROUNDGAMES_GAMES"


class _Loaded:
    """The games as read (:func:`_by_name`), and whether they have been since the last :func:`reload`."""

    def __init__(self) -> None:
        self.read = False
        self.by_name = {p.name: p for p in BUILT_IN}


_LOADED = _Loaded()


def _plugin_of(obj: object, source: str) -> GamePlugin:
    """The plug-in ``obj`` is: a :class:`GamePlugin`, or a bare spec (a game with no bots, environments, simulator
    or guide pages)."""
    if isinstance(obj, GamePlugin):
        return obj
    if isinstance(obj, GameSpec):
        return GamePlugin(obj)
    raise PluginError(f"{source}: a GamePlugin or GameSpec, got {type(obj).__name__}")


def _declared() -> bool:
    """Whether an installed distribution may declare a game: a quick look for the group's heading in the
    ``entry_points.txt`` of the metadata folders on ``sys.path`` (where pip installs them), so that
    :mod:`importlib.metadata`, which costs more to import than the rest of the registry, is imported only then."""
    heading = f"[{ENTRY_POINTS}]"
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue  # a zip or a folder that is gone: importlib.metadata would find no folder there either
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8") as fp:
                        if heading in fp.read():
                            return True
                except OSError:
                    continue
    return False


def _installed() -> list[tuple[str, GamePlugin]]:
    if not _declared():
        return []
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        source = f"entry point {point.name} = {point.value!r} ({ENTRY_POINTS})"
        found.append((source, _plugin_of(resolve(point.value, source), source)))
    return found


def _by_name() -> dict[str, GamePlugin]:
    """Every game by name: the package's, then the installed ones and the variable's, read at the first look-up."""
    if _LOADED.read:
        return _LOADED.by_name
    extra = _installed()
    for path in filter(None, (p.strip() for p in os.environ.get(ENV_VAR, "").split(","))):
        source = f"{ENV_VAR}: {path!r}"
        extra.append((source, _plugin_of(resolve(path, ENV_VAR), source)))
    by_name = {p.name: p for p in BUILT_IN}
    for source, found in extra:
        if found.name in by_name and by_name[found.name] is not found:
            raise PluginError(f"{source}: a second game named {found.name!r}")
        by_name[found.name] = found
    _LOADED.by_name, _LOADED.read = by_name, True
    # the tables by name are the same objects, kept in step, for the modules that imported them
    GAMES.clear()
    GAMES.update({name: p.spec for name, p in by_name.items()})
    OPTION_DOCS.clear()
    OPTION_DOCS.update({name: p.spec.option_docs for name, p in by_name.items()})
    return by_name


def reload() -> list[GamePlugin]:
    """Read the installed games and ``ROUNDGAMES_GAMES`` again, and return every game's plug-in; raises
    :class:`~roundgames.games.plugin.PluginError` naming a path that does not resolve (and so does every look-up,
    until the games read without fault)."""
    _LOADED.read = False
    return plugins()


#: every game, by name, in the order a menu lists them (as last read: :func:`reload` reads them again)
GAMES: dict[str, GameSpec] = {p.name: p.spec for p in BUILT_IN}

#: One line on each option of each game, for the rules help of the web and terminal tables (as :data:`GAMES`).
OPTION_DOCS: dict[str, Mapping[str, str]] = {p.name: p.spec.option_docs for p in BUILT_IN}


def plugins() -> list[GamePlugin]:
    """Every game's plug-in, in the order a menu lists them."""
    return list(_by_name().values())


def plugin(name: str | GameSpec) -> GamePlugin:
    """The plug-in of the game called ``name`` (or of that spec); raises :class:`RulesError` listing the games
    for an unknown one."""
    by_name = _by_name()
    key = name.name if isinstance(name, GameSpec) else name
    found = by_name.get(key) if isinstance(key, str) else None
    if found is None:
        raise RulesError(f"unknown game {key!r} (valid: {', '.join(by_name)})")
    return found


T = TypeVar("T")


class PartsByGame(Mapping[str, T], Generic[T]):
    """One part of each game's plug-in (its ``bots``, its ``env``), by the game's name: the games whose plug-ins name
    that part, read at each use (a game added by :func:`reload` is found), each made by ``make`` from the plug-in."""

    def __init__(self, part: str, make: Callable[[GamePlugin], T]) -> None:
        self._part, self._make = part, make

    def _having(self) -> list[str]:
        return [p.name for p in plugins() if getattr(p, self._part) is not None]

    def __getitem__(self, name: str) -> T:
        try:
            found = plugin(name)
        except RulesError:
            raise KeyError(name) from None
        if getattr(found, self._part) is None:
            raise KeyError(name)
        return self._make(found)

    def __iter__(self) -> Iterator[str]:
        return iter(self._having())

    def __len__(self) -> int:
        return len(self._having())


def games() -> list[GameSpec]:
    """Every game, in the order a menu lists them."""
    return [p.spec for p in _by_name().values()]


def game(name: str) -> GameSpec:
    """The game called ``name``; raises :class:`RulesError` listing the games for an unknown one."""
    by_name = _LOADED.by_name if _LOADED.read else _by_name()  # the look-up every surface makes: kept short
    found = by_name.get(name) if isinstance(name, str) else None
    if found is None:
        raise RulesError(f"unknown game {name!r} (valid: {', '.join(by_name)})")
    return found.spec


def game_of(rules: Rules) -> GameSpec:
    """The game whose rules ``rules`` are."""
    return game(rules.GAME)


def form_of(rules: Rules) -> Form:
    """The form ``rules`` set up: Three-card, Five-card or Irish Loo; Nap."""
    return game_of(rules).form_of(rules)


def rules_for(name: str, preset: str = "peel", options: Mapping[str, object] | None = None) -> Any:
    """The rules of game ``name``: its ``preset`` with ``options``; raises :class:`RulesError` naming the bad one."""
    return game(name).rules.preset(preset).with_options(dict(options or {}))


def new_deal(
    name: str, rules: Rules, seats: Sequence[str] | int, dealer: int | str = 0, pool: int = 0, **more: Any
) -> Deal:
    """A new deal of game ``name``, not yet dealt (``more``: what only that game takes, Loo's ``kind``, Nap's
    ``multiplier``)."""
    return game(name).deal(rules, seats, dealer, pool, **more)


def new_sitting(name: str, rules: Rules, seats: Sequence[str] | int, **settings: Any) -> Sitting:
    """A new sitting of game ``name`` (``settings``: ``seed``, ``table_mode``, ``dealer``, and the game's own,
    such as Loo's ``rounds``; one the game does not take is left out)."""
    spec = game(name)
    common = {"seed", "table_mode", "dealer"}
    kept = {k: v for k, v in settings.items() if k in common or k in spec.sitting_settings}
    return spec.sitting(rules, seats, **kept)
