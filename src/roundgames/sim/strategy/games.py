"""The games whose declaring or calling the strategies cover, by name (:func:`game_for`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...core.errors import RulesError
from .loo3 import Loo3Game
from .loo5 import Loo5Game
from .nap import NapGame

__all__ = ["game_for"]

#: the strategies' games by game and preset, each made from (players, options): a table, so that no branch
#: tests a game's name
MAKERS: Final[dict[tuple[str, str], Callable[[int, dict[str, Any], int], Any]]] = {
    ("loo", "peel"): lambda players, options, pool: Loo3Game(players, pool, options),
    ("loo", "five-card"): lambda players, options, pool: Loo5Game("five_card", players, pool, options),
    ("loo", "irish"): lambda players, options, pool: Loo5Game("irish", players, pool, options),
    ("nap", "peel"): lambda players, options, pool: NapGame(players, pool, options),
}


def game_for(
    game: str, players: int, preset: str | None = None, options: dict[str, Any] | None = None, pool: int = 0
) -> Any:
    """The strategies' view of ``game`` at ``players`` seats under ``preset`` (Peel's by default) and
    ``options``, every deal from ``pool`` (before the stake): Three-card Loo (``peel``), Five-card Loo
    (``five-card``), Irish Loo (``irish``) or Nap (``peel``); a RulesError naming what is not covered."""
    maker = MAKERS.get((game, preset or "peel"))
    if maker is not None:
        return maker(players, options or {}, pool)
    covered = [p for g, p in MAKERS if g == game]
    if not covered:
        raise RulesError(f"game: no strategies for {game!r} (valid: {', '.join(sorted({g for g, _ in MAKERS}))})")
    raise RulesError(f"preset: the strategies cover {', '.join(covered)}, not {preset!r}")
