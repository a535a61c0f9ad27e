"""The games whose declaring or calling the strategies cover, by name (:func:`game_for`)."""

from __future__ import annotations

from typing import Any

from ...core.errors import RulesError
from .loo3 import Loo3Game
from .nap import NapGame

__all__ = ["game_for"]


def game_for(
    game: str, players: int, preset: str | None = None, options: dict[str, Any] | None = None, pool: int = 0
) -> Any:
    """The strategies' view of ``game`` at ``players`` seats under ``preset`` (Peel's by default) and
    ``options``, every deal from ``pool`` (before the stake): Three-card Loo or Nap; a RulesError naming what is
    not covered."""
    if preset not in (None, "peel"):
        raise RulesError(f"preset: the strategies cover Peel's rules, not {preset!r}")
    if game == "loo":
        return Loo3Game(players, pool, options or {})
    if game == "nap":
        return NapGame(players, pool, options or {})
    raise RulesError(f"game: no strategies for {game!r} (valid: loo, nap)")
