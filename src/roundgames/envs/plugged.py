"""Any game of the registry as a PettingZoo AEC environment, by name: ``env("nap", players=4)``.

A game whose plug-in names its own PettingZoo module (:class:`roundgames.games.plugin.EnvParts`, ``pettingzoo``:
Loo's :mod:`.loo_v0`, Nap's :mod:`.nap_v0`) is played there, with that module's configuration. Any other game the
environments know (its plug-in names an encoding and a deals module) is played in the generic environment here: the
shared machinery of :mod:`._aec` (the engine decides, the game's encoding numbers the actions and writes the
vectors), with the configuration every game has and a table written from the seat's view alone.

>>> from roundgames.envs.plugged import env
>>> nap = env("nap", players=3)
>>> nap.reset(seed=1)
>>> nap.last()[0]["action_mask"].shape
(359,)
>>> env("whist")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: the research environments know no game 'whist' (valid: loo, nap)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import card_str
from ..games.plugin import resolve
from ..games.registry import plugin
from ._aec import RoundGameEnv, make_rules, wrapped
from .games import env_game

__all__ = ["PluggedEnv", "env", "raw_env"]


class PluggedEnv(RoundGameEnv):
    """One deal (or a sitting) of a game with no PettingZoo module of its own; :func:`raw_env` makes its class."""

    def __init__(
        self,
        players: int | None = None,
        preset: str | None = None,
        options: Mapping[str, object] | None = None,
        stakes: Mapping[str, int] | None = None,
        *,
        pool: int = 0,
        dealer: int | None = None,
        sitting: bool = False,
        deals: int = 10,
        table_mode: bool = False,
        render_mode: str | None = None,
    ) -> None:
        spec = self.kit.spec
        rules = make_rules(self.GAME, spec.forms[0].preset if preset is None else preset, options, stakes)
        super().__init__(
            spec.default_seats if players is None else players,
            rules=rules,
            more=dict(spec.record_fields),
            sitting=sitting,
            deals=deals,
            dealer=dealer,
            pool=pool,
            table_mode=table_mode,
            render_mode=render_mode,
        )

    def _table_lines(self, deal: Any) -> list[str]:
        """The public state from the seat to act's view: the pot, the cards played, his hand and what he may do."""
        opts = self._options_text(self.rules.options())
        view = deal.view(deal.to_act if deal.to_act is not None else deal.dealer)
        out = [f"rules {self.rules.name} ({opts}) · pool {view.pool} · {view.stage.value}"]
        for trick in view.tricks:
            cards = ", ".join(
                f"{self.possible_agents[s]} {card_str(c)}" for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            won = "" if trick.winner is None else f" (won by {self.possible_agents[trick.winner]})"
            out.append(f"trick: {cards}{won}")
        if deal.to_act is not None:
            me = self.possible_agents[deal.to_act]
            held = " ".join(card_str(c) for c in range(52) if view.hand >> c & 1) or "nothing"
            out.append(f"{me} holds {held}")
            out.append("legal: " + ", ".join(deal.action_str(a).split(" ", 1)[1] for a in view.legal))
        return out


#: the generic environment's class of each game, by name, made on first use
_CLASSES: dict[str, type[PluggedEnv]] = {}


def _class_of(game: str) -> type[PluggedEnv]:
    found = _CLASSES.get(game)
    if found is None:
        kit = env_game(game)
        name = "".join(ch for ch in kit.spec.title if ch.isalnum()) + "Env"
        metadata = {**RoundGameEnv.metadata, "name": f"{game}_v0"}
        found = _CLASSES[game] = type(name, (PluggedEnv,), {"GAME": game, "metadata": metadata})
    return found


def raw_env(game: str, **config: Any) -> Any:
    """Game ``game``'s environment, without PettingZoo's wrappers: its own module's ``raw_env`` where its plug-in
    names one, else the generic environment (``players``, ``preset``, ``options``, ``stakes``, ``pool``,
    ``dealer``, ``sitting``, ``deals``, ``table_mode``, ``render_mode``)."""
    env_game(game)  # a game the environments do not know is refused by name
    parts = plugin(game).part("env", "envs")
    if parts.pettingzoo is not None:
        return resolve(parts.pettingzoo, f"PettingZoo module of {game}").raw_env(**config)
    return _class_of(game)(**config)


def env(game: str, **config: Any) -> Any:
    """Game ``game``'s environment with PettingZoo's standard wrappers (:func:`~._aec.wrapped`)."""
    return wrapped(raw_env(game, **config))
