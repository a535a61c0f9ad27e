"""The bots as the simulator plays their declaring and calling (:func:`field_of`): ``random`` and ``sensible`` by
their compiled twins, and a strategy's table player (``expert``, whose declaring and calling is the shipped
computed strategy, or ``table:PATH``) by its table, read into the kernels' dense layout (:func:`dense`).

The main kernels' ``strategy`` player reads the shipped strategy the same way: :func:`fitting` finds the one that
fits a setup's rules and table, :func:`kernel_table` gives its table at a pool in the dense layout, read once a
process.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ...bots.strategy import SHIPPED, Strategy, load, shipped
from ...bots.table_player import PREFIX
from ...core.errors import RulesError
from .cfr import Game

__all__ = ["FIELDS", "dense", "field_of", "fitting", "kernel_table", "strategy_for"]

#: the bots whose declaring and calling the simulator plays, beside ``table:PATH``
FIELDS: Final = ("random", "sensible", "expert")


def strategy_for(game: Game) -> Strategy:
    """The shipped strategy of ``game``'s form and table (the expert's), or a RulesError saying there is none."""
    form = None if game.form == "nap" else game.form
    found = shipped(game.game, game.players, form)
    if found is None:
        raise RulesError(
            f"field: no computed strategy is shipped for {game.game} ({game.form}) at {game.players} players "
            "(roundgames strategy makes one)"
        )
    return found


def dense(strategy: Strategy, pool: int, game: Game) -> NDArray[np.uint8]:
    """The table of ``strategy`` for ``pool`` (its pool bucket) as one row of weights per cell of ``game``
    (zeros where it has no row: the kernel's player then declares or calls as ``sensible``)."""
    if (strategy.game, strategy.form, strategy.players) != (game.game, game.form, game.players):
        raise RulesError(
            f"table: {strategy.file.path} is a strategy for {strategy.game} ({strategy.form}) at "
            f"{strategy.players} players, not {game.game} ({game.form}) at {game.players}"
        )
    if tuple(strategy.actions) != tuple(game.actions):
        raise RulesError(f"table: {strategy.file.path} names its actions {strategy.actions}, not {game.actions}")
    return _rows(strategy, strategy.pool_index(pool), game.cells)


def _rows(strategy: Strategy, k: int, cells: int) -> NDArray[np.uint8]:
    """Pool table ``k`` of ``strategy`` as a row of weights for each of ``cells`` cells (zeros where it has none)."""
    reached = np.frombuffer(strategy.file.array(f"cells{k}").tobytes(), np.uint32).astype(np.int64)
    weights = np.frombuffer(strategy.file.array(f"weights{k}").tobytes(), np.uint8)
    out = np.zeros((cells, len(strategy.actions)), np.uint8)
    if len(reached) and reached.max() >= cells:
        raise RulesError(f"table: {strategy.file.path} has cells beyond this game's {cells}")
    out[reached] = weights.reshape(-1, len(strategy.actions))
    return out


def _rules_text(preset: str, options: Mapping[str, Any]) -> str:
    extra = ", ".join(f"{k}={v!r}" for k, v in options.items())
    return f"{preset.capitalize()}'s rules" + (f" with {extra}" if extra else "")


def fitting(game: str, form: str | None, players: int, rules: Any, options: Mapping[str, Any], what: str) -> Strategy:
    """The shipped strategy of ``game`` (and ``form``; None for a game of one form) that fits ``rules`` (the
    preset ``peel`` with ``options``) at ``players`` seats, for a kernel's ``strategy`` seats; a RulesError naming
    the policy, the table size and the rules (and what is shipped) where none does. ``what``: the game in words."""
    found = shipped(game, players, form)
    if found is not None and found.fits(rules, players):
        return found
    prefix = f"{game}-{form}-" if form else f"{game}-"
    have = []
    for name in sorted(os.listdir(SHIPPED)) if os.path.isdir(SHIPPED) else []:
        size = name.removeprefix(prefix).removesuffix(".rgs")
        if name.startswith(prefix) and name.endswith(".rgs") and size.isdigit():
            other = shipped(game, int(size), form)
            if other is not None:
                have.append(f"{other.players} players under {_rules_text(other.preset, other.options)}")
    raise RulesError(
        f"policies: 'strategy' declares and calls by a computed strategy the package ships, and none fits {what} at "
        f"{players} players under {_rules_text('peel', options)} (shipped: {'; '.join(have) or 'none'})"
    )


def kernel_table(
    strategy: Strategy, pool: int, keys: NDArray[np.int64], contexts: int, actions: int
) -> NDArray[np.uint8]:
    """The table of ``strategy`` at the pool bucket of ``pool`` (the pool a deal starts with once staked) as a
    kernel reads it: a row of weights out of 255 per cell, the cells numbered by the index of their bucket among
    ``keys`` (the simulator's sorted buckets) times ``contexts``, plus the context; ``actions`` weights a row.
    A RulesError where the file is keyed otherwise."""
    if not np.array_equal(_buckets(strategy), keys) or (strategy.contexts, len(strategy.actions)) != (
        contexts,
        actions,
    ):
        raise RulesError(f"table: {strategy.file.path} is keyed by other cells than the simulator's")
    return _kernel_table(strategy, strategy.pool_index(pool), len(keys))


# a strategy lives as long as the process (bots.strategy.shipped): its buckets and each pool's table are read once
@cache
def _buckets(strategy: Strategy) -> NDArray[np.int64]:
    return np.frombuffer(strategy.file.array("buckets").tobytes(), np.int64)


@cache
def _kernel_table(strategy: Strategy, k: int, buckets: int) -> NDArray[np.uint8]:
    return _rows(strategy, k, buckets * strategy.contexts)


def field_of(name: str, game: Game, pool: int) -> tuple[tuple[str, ...], NDArray[np.uint8] | None]:
    """The kinds and the table of a field of bot ``name`` at every seat, at a deal whose pool (after the stake)
    is ``pool``."""
    seats = game.players if not hasattr(game, "playing") else int(game.playing)
    if name in ("random", "sensible"):
        return (name,) * seats, None
    if name == "expert":
        return ("table",) * seats, dense(strategy_for(game), pool, game)
    if name.startswith(PREFIX) and len(name) > len(PREFIX):
        return ("table",) * seats, dense(load(name[len(PREFIX) :]), pool, game)
    raise RulesError(
        f"field: {name!r} is not a player whose declaring and calling the simulator plays "
        f"(valid: {', '.join(FIELDS)}, {PREFIX}PATH)"
    )
