"""The games whose declaring or calling the strategies cover, by name (:func:`game_for`)."""

from __future__ import annotations

from typing import Any

from ...core.errors import RulesError
from .loo3 import Loo3Game
from .loo5 import PRESETS, Loo5Game
from .nap import NapGame

__all__ = ["game_for"]

#: the Loo presets the strategies cover beside Peel's (Three-card Loo), by preset: their form
LOO_FORMS = {preset: form for form, preset in PRESETS.items()}


def game_for(game: str, players: int, preset: str | None = None, options: dict[str, Any] | None = None) -> Any:
    """The strategies' view of ``game`` at ``players`` seats under ``preset`` (Peel's by default) and
    ``options``: Three-card Loo (``peel``), Five-card Loo (``five-card``), Irish Loo (``irish``) or Nap
    (``peel``); a RulesError naming what is not covered."""
    if game == "loo" and preset in LOO_FORMS:
        return Loo5Game(LOO_FORMS[preset], players, 0, options or {})
    if preset not in (None, "peel"):
        covered = "peel, " + ", ".join(LOO_FORMS) if game == "loo" else "peel"
        raise RulesError(f"preset: the strategies cover {covered}, not {preset!r}")
    if game == "loo":
        return Loo3Game(players, 0, options or {})
    if game == "nap":
        return NapGame(players, 0, options or {})
    raise RulesError(f"game: no strategies for {game!r} (valid: loo, nap)")
