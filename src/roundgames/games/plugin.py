"""A game plug-in: everything a game is, declared in one place by its package (``loo/game.py``, ``nap/game.py``).

A :class:`GamePlugin` holds the game's :class:`~roundgames.games.protocol.GameSpec` (its forms, an explicit list,
as python-chess's ``VARIANTS``; its rules and presets, verbs, laws, deals and sittings) and names its heavy parts
by *lazy dotted paths*, ``"package.module:attribute"`` strings resolved on first use (:func:`resolve`):

- :class:`BotParts`: its sensible player, and what the search bots need (where its cards lie, its open-card play);
- :class:`EnvParts`: its research environments' encoding and deals modules (and its own PettingZoo module);
- :class:`SimParts`, one for each form the simulator plays: the compiled kernel and what a run counts;
- :class:`GuideParts`: its pages, and its options and stakes in a player's words.

So the registry, and anything that reads a plug-in, imports no NumPy, numba or PettingZoo until a part is asked
for; a part a game does not have is refused by name (:meth:`GamePlugin.part`), as is a path that does not resolve.

>>> resolve("roundgames.core.cards:card_str")(0)
'2S'
>>> resolve("roundgames.core.nowhere:x", "kernel")
Traceback (most recent call last):
...
roundgames.games.plugin.PluginError: kernel: 'roundgames.core.nowhere:x': no module 'roundgames.core.nowhere'
>>> resolve("roundgames.core.cards:nothing")
Traceback (most recent call last):
...
roundgames.games.plugin.PluginError: path: 'roundgames.core.cards:nothing': module 'roundgames.core.cards' has no 'nothing'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import RoundgamesError
from .protocol import GameSpec

__all__ = ["BotParts", "EnvParts", "GamePlugin", "GuideParts", "PluginError", "SimParts", "resolve"]


class PluginError(RoundgamesError):
    """A plug-in that cannot be loaded: a path that does not resolve, a part the game has not."""


def resolve(path: str, what: str = "path") -> Any:
    """The object a lazy dotted path names: ``"package.module:attribute"`` (attributes may be dotted in turn), or
    ``"package.module"`` for the module itself. Raises :class:`PluginError` naming ``what`` and the path."""
    if not isinstance(path, str) or not path or path.count(":") > 1:
        raise PluginError(f"{what}: {path!r} is not a path (write package.module:attribute)")
    module_name, _, attribute = path.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        # the module named, or one it imports, is missing: say which, since the path may be right
        missing = e.name if e.name and module_name.startswith(e.name) else module_name
        raise PluginError(f"{what}: {path!r}: no module {missing!r}") from None
    for name in attribute.split(".") if attribute else ():
        try:
            obj = getattr(obj, name)
        except AttributeError:
            raise PluginError(f"{what}: {path!r}: module {module_name!r} has no {attribute!r}") from None
    return obj


@dataclass(frozen=True)
class BotParts:
    """What the bots need of a game, as lazy paths (:mod:`roundgames.bots.games` resolves them)."""

    #: the sensible player's class, made with a seeded :class:`random.Random`
    sensible: str
    #: where the game's cards lie and what a seat has seen (a module, as :mod:`roundgames.loo.worlds`), and its play
    #: as the open-card solver knows it (:mod:`roundgames.bots.loo_solve`): the search bots need both, and a game
    #: without them has no expert
    worlds: str | None = None
    solve: str | None = None
    #: ``blind_takes(view, verb)``: the ways of taking a verb of ``view.may_take`` (Nap's widow, top card, spare hand)
    blind_takes: str | None = None
    #: whether the expert plays this game's cards by search, not by the sensible player's rules (the tournament's
    #: measure, docs/research/bots.md)
    searched_play: bool = False
    #: the most worlds the search bots draw for a decision (:mod:`roundgames.bots.search`): a game whose deal's
    #: outcome swings more takes more worlds to tell two choices apart
    samples: int = 24
    #: what each action of the game's computed strategy does, in words (``stand``: ``stands``), for the expert's
    #: advice where the strategy mixes; an action not here is said by its name
    doing: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class EnvParts:
    """The research environments' part of a game (:mod:`roundgames.envs.games`), as module paths."""

    #: the encoding (action ids, observation vectors and strings) and the deals (where the cards lie, the one-deal
    #: game's parameters and bounds): see :class:`roundgames.envs.games.Encoding` and ``Deals``
    encoding: str
    deals: str
    #: the game's own PettingZoo module (``env``, ``raw_env``), where it writes its table its own way; a game
    #: without one plays in the environments' generic one (:mod:`roundgames.envs.plugged`)
    pettingzoo: str | None = None


@dataclass(frozen=True)
class SimParts:
    """The simulator's part of one form (:mod:`roundgames.sim.kernels`)."""

    #: the kernel (a :class:`roundgames.sim.kernels.Kernel`), or a mapping of kernels by form name
    kernel: str
    #: what a run's summary counts for each seat (a :class:`roundgames.sim.run.Outcome`), if anything
    outcome: str | None = None
    #: the plan of the form's shipped strategy for declaring or calling (a :class:`roundgames.sim.strategy.build.Plan`),
    #: if the package ships one: ``roundgames strategy`` makes it
    strategy: str | None = None
    #: the form as the batched environment plays it (a :class:`roundgames.envs.vector.form.Form`), if it does
    batched: str | None = None


@dataclass(frozen=True)
class GuideParts:
    """The guide's part of a game (:mod:`roundgames.guide`)."""

    #: the pages that teach each form (a sequence of :class:`roundgames.guide.pages.Page`)
    pages: str
    #: every option in words (a mapping of option name to :class:`roundgames.guide.house.OptionWords`)
    words: str
    #: ``stakes(rules)``: the stakes as a house rule's line (:class:`roundgames.guide.house.HouseRule`)
    stakes: str
    #: the game in a sentence, for a game of one form (a game of several tells its form by its option ``form``)
    summary: str = ""


#: what :meth:`GamePlugin.part` names each part, in its refusal
PART_NAMES = {"bots": "bots", "env": "research environment", "guide": "guide pages"}


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: the bots and environments cache by it
class GamePlugin:
    """A game as the registry lists it: its spec, and its heavy parts by lazy paths (the module's description)."""

    spec: GameSpec
    bots: BotParts | None = None
    env: EnvParts | None = None
    #: the simulator's part of each form it plays, by the form's name (a form not here has no simulator kernel)
    sim: Mapping[str, SimParts] = field(default_factory=dict)
    guide: GuideParts | None = None

    @property
    def name(self) -> str:
        """The game's name."""
        return self.spec.name

    def part(self, name: str, command: str) -> Any:
        """The part ``name`` (``bots``, ``env``, ``guide``), or :class:`PluginError` saying, for ``command``, that
        the game has none: ``"envs: game 'x' has no research environment"``."""
        found = {"bots": self.bots, "env": self.env, "guide": self.guide}[name]
        if found is None:
            raise PluginError(f"{command}: game {self.name!r} has no {PART_NAMES.get(name, name)}")
        return found

    def sim_part(self, form: str) -> SimParts:
        """The simulator's part of ``form``; :class:`PluginError` where the game has no kernel for it."""
        found = self.sim.get(form)
        if found is None:
            if not self.sim:
                raise PluginError(f"simulate: game {self.name!r} has no simulator kernel")
            valid = ", ".join(self.sim)
            raise PluginError(f"simulate: {self.name} form {form!r} has no simulator kernel (valid: {valid})")
        return found
