"""The machinery every game's rules share: options by name with their allowed values, presets, and checks.

A game's rules are a frozen dataclass (:class:`~roundgames.loo.rules.LooRules`,
:class:`~roundgames.nap.rules.NapRules`) whose fields are the options of its table in DEAL-RECORD.md; an unknown
preset, option or value is refused with the list of valid ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any, ClassVar, Self

from .errors import RulesError

__all__ = ["OptionValue", "Rules", "check_fields", "positive_int_or_none", "show_value"]

OptionValue = str | int | bool | None


def _same(a: OptionValue, b: OptionValue) -> bool:
    # True == 1 in Python; an option value must match in type as well.
    return a == b and type(a) is type(b)


def _coerce(game: str, name: str, value: object, allowed: tuple[OptionValue, ...]) -> OptionValue:
    for v in allowed:
        if isinstance(value, str | int | bool) and _same(value, v):
            return v
    valid = ", ".join(show_value(v) for v in allowed)
    raise RulesError(f"option {name}: {show_value(value)} is not a valid {game} value (valid: {valid})")


def show_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    return repr(v) if isinstance(v, str) else str(v)


def positive_int_or_none(name: str, value: object, *, allow_none: bool, minimum: int) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= minimum:
        return value
    what = f"an integer of at least {minimum}" + (" or null" if allow_none else "")
    raise RulesError(f"option {name}: {show_value(value)} is not valid (expected {what})")


class Rules:
    """Shared machinery of the rule sets: presets and options by name."""

    GAME: ClassVar[str]
    OPTIONS: ClassVar[dict[str, tuple[OptionValue, ...] | None]]
    PRESETS: ClassVar[dict[str, dict[str, Any]]]
    name: str

    @classmethod
    def preset(cls, name: str = "peel") -> Self:
        """The rules of the preset ``name`` (DEAL-RECORD.md, "Presets and options")."""
        spec = cls.PRESETS.get(name)
        if spec is None:
            valid = ", ".join(cls.PRESETS)
            raise RulesError(f"unknown {cls.GAME} preset {name!r} (valid: {valid})")
        return cls._from_spec(name, spec)

    @classmethod
    def _from_spec(cls, name: str, spec: dict[str, Any]) -> Self:
        return cls(name=name, **spec)  # type: ignore[call-arg]

    def with_options(self, options: Mapping[str, object] | None = None, /, **more: object) -> Self:
        """A copy with the named options changed; unknown names and values are refused."""
        merged = {**(options or {}), **more}
        changes = {key: self.check_option(key, value) for key, value in merged.items()}
        out = replace(self, **changes)  # type: ignore[type-var]
        out._check_together()
        return out

    def check_option(self, key: str, value: object) -> OptionValue:
        """The value of option ``key`` as the rules hold it; raises :class:`RulesError` if invalid."""
        if key not in self.OPTIONS:
            valid = ", ".join(sorted(self.OPTIONS))
            raise RulesError(f"unknown {self.GAME} option {key!r} (valid: {valid})")
        return self._check(key, value)

    def _check(self, key: str, value: object) -> OptionValue:
        allowed = self.OPTIONS[key]
        assert allowed is not None
        return _coerce(self.GAME, key, value, allowed)

    def _check_together(self) -> None:
        """Checks that concern several options at once."""

    def options(self) -> dict[str, OptionValue]:
        """The options that differ from this rule set's preset, in table order."""
        base = type(self).preset(self.name)
        out: dict[str, OptionValue] = {}
        for key in self.OPTIONS:
            mine, theirs = getattr(self, key), getattr(base, key)
            if not _same(mine, theirs):
                out[key] = mine
        return out


def check_fields(cls: type, options: Mapping[str, object], docs: Mapping[str, str]) -> None:
    """Every option of the table is a field of the rule set ``cls``, and nothing else is (bar name and stakes);
    every option has its line of docs."""
    names = {f.name for f in fields(cls)} - {"name", "stakes"}
    if names != set(options) or set(docs) != set(options):
        raise AssertionError(f"{cls.__name__}: fields, options and docs differ")
