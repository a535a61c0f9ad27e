"""The bots as the simulator plays their declaring and calling (:func:`field_of`): ``random`` and ``sensible`` by
their compiled twins, and a strategy's table player (``expert``, whose declaring and calling is the shipped
computed strategy, or ``table:PATH``) by its table, read into the kernels' dense layout (:func:`dense`).
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from ...bots.strategy import Strategy, load, shipped
from ...bots.table_player import PREFIX
from ...core.errors import RulesError
from .cfr import Game

__all__ = ["FIELDS", "dense", "field_of", "strategy_for"]

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
    k = strategy.pool_index(pool)
    cells = np.frombuffer(strategy.file.array(f"cells{k}").tobytes(), np.uint32).astype(np.int64)
    weights = np.frombuffer(strategy.file.array(f"weights{k}").tobytes(), np.uint8)
    out = np.zeros((game.cells, len(game.actions)), np.uint8)
    if len(cells) and cells.max() >= game.cells:
        raise RulesError(f"table: {strategy.file.path} has cells beyond this game's {game.cells}")
    out[cells] = weights.reshape(-1, len(game.actions))
    return out


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
