"""One-trick's rules: the stake, the presets and the one option (tests/onetrick/RULES.md)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from roundgames.core.options import OptionValue, Rules, check_fields

__all__ = ["OPTIONS", "OPTION_DOCS", "OneTrickRules", "OneTrickStakes"]

OPTIONS: dict[str, tuple[OptionValue, ...] | None] = {"aces": ("high", "low")}
OPTION_DOCS: dict[str, str] = {"aces": "aces rank high, above the king, or low, below the two (ONE-VAR-ACES)"}


@dataclass(frozen=True)
class OneTrickStakes:
    """What each player puts into the pot before the deal (ONE-STK-1)."""

    stake: int = 1


@dataclass(frozen=True)
class OneTrickRules(Rules):
    """The rules of a table of One-trick: a preset, with its option and stakes."""

    GAME: ClassVar[str] = "onetrick"
    OPTIONS: ClassVar[dict[str, tuple[OptionValue, ...] | None]] = OPTIONS
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"plain": {}, "aces-low": {"aces": "low"}}
    #: the pack: always a full one (ONE-GEN-1)
    pack: ClassVar[int] = 52

    name: str = "plain"
    stakes: OneTrickStakes = field(default_factory=OneTrickStakes)
    aces: str = "high"

    def with_stakes(self, **stakes: int) -> OneTrickRules:
        """A copy with the named stakes changed."""
        return replace(self, stakes=replace(self.stakes, **stakes))


check_fields(OneTrickRules, OPTIONS, OPTION_DOCS)
