"""One-trick's sensible player: with one card there is nothing to choose, so it plays its best legal card."""

from __future__ import annotations

import random
from typing import Any

from roundgames.games.protocol import View

from .deal import OneTrickAction, strength

__all__ = ["SensibleOneTrickBot"]


class SensibleOneTrickBot:
    """Plays the highest of its legal cards (ONE-PLAY-3): the only choice a larger hand would leave."""

    name = "sensible"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: View[Any]) -> OneTrickAction:
        """The legal card that ranks highest."""
        best: OneTrickAction = max(view.legal, key=lambda a: strength(a.card, view.rules))
        return best
