"""The games by name: a surface builds rules, deals and sittings here, and never names a game's classes.

>>> [g.name for g in games()], [f.name for f in game("loo").forms]
(['loo', 'nap'], ['three_card', 'five_card', 'irish'])
>>> deal = new_deal("nap", rules_for("nap", "peel"), ["Ann", "Ben", "Cat"], dealer="Cat")
>>> type(deal).__name__, deal.game.title
('NapDeal', 'Nap')
>>> game("whist")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: unknown game 'whist' (valid: loo, nap)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import RulesError
from ..core.options import Rules
from ..loo.game import LOO
from ..nap.game import NAP
from .protocol import Deal, Form, GameSpec, Sitting

__all__ = ["GAMES", "OPTION_DOCS", "form_of", "game", "game_of", "games", "new_deal", "new_sitting", "rules_for"]

#: every game, by name, in the order a menu lists them
GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (LOO, NAP)}

#: One line on each option of each game, for the rules help of the web and terminal tables.
OPTION_DOCS: dict[str, Mapping[str, str]] = {name: spec.option_docs for name, spec in GAMES.items()}


def games() -> list[GameSpec]:
    """Every game, in the order a menu lists them."""
    return list(GAMES.values())


def game(name: str) -> GameSpec:
    """The game called ``name``; raises :class:`RulesError` listing the games for an unknown one."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise RulesError(f"unknown game {name!r} (valid: {', '.join(GAMES)})")
    return spec


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
