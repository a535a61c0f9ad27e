"""The rules in force: frozen dataclasses, named presets, and options by name.

The option names and values are those of DEAL-RECORD.md's tables (RULES.md §12.1);
an unknown preset, option or value is refused with the list of valid ones.

>>> r = LooRules.preset("peel").with_options(lead_rule="lead_one", loo_mode="unlimited")
>>> r.lead_rule, r.stakes.loo, r.options()
('lead_one', 6, {'loo_mode': 'unlimited', 'lead_rule': 'lead_one'})
>>> LooRules.preset("whist")
Traceback (most recent call last):
...
roundgames.errors.RulesError: unknown loo preset 'whist' (valid: peel, enquire-within, five-card, irish)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Self

from .errors import RulesError

__all__ = ["LOO_OPTIONS", "NAP_OPTIONS", "OPTION_DOCS", "LooRules", "LooStakes", "NapRules", "NapStakes"]

OptionValue = str | int | bool | None

# name -> allowed values (default first); None means "validated by a function below".
LOO_OPTIONS: dict[str, tuple[OptionValue, ...] | None] = {
    "form": ("three_card", "five_card", "irish"),
    "loo_mode": ("limited", "unlimited", "mixed"),
    "loo_cap": None,
    "single": ("peel", "ew", "none"),
    "ante": ("dealer", "all"),
    "lead_rule": ("highest", "lead_one", "cassell"),
    "second_lead": ("peel", "none"),
    "leader": ("elder", "miss_holder"),
    "dealer_lone_stander": ("must_defend", "may_concede"),
    "defender_looed": (False, True),
    "club_law": (False, True),
    "revoke_replay": ("mandatory", "optional", "none"),
    "penalty_scale": ("peel", "ew_flat"),
    "look_penalty_pool": ("current", "next"),
    "offender_double_loo": (False, True),
    "dealer_stands_out_above": None,
    "pack": (52, 32),
    "first_dealer": ("first_knave", "cut_low"),
    "pam": ("jack_clubs", "jack_trumps"),
    "pam_free": (False, True),
    "flush_pay": ("peel", "ew_hoy"),
    "flush_tie": ("elder", "split"),
    "irish_flush": (False, True),
}

NAP_OPTIONS: dict[str, tuple[OptionValue, ...] | None] = {
    "max_players": (6, 7),
    "dealer_out_at": (6, 5),
    "min_call": (1, 2, 3),
    "misery": (True, False),
    "misery_rank": ("below_three", "above_three"),
    "misery_trumps": (True, False),
    "misery_pay": ("peel", "eb11"),
    "wellington": (True, False),
    "blucher": (True, False),
    "pay_table": ("peel", "well_blu_mod", "parlett", "hsw_flat"),
    "pool_nap_double": (False, True),
    "all_pass": ("eldest_one", "dealer_one", "redeal", "double_header"),
    "kitty": (False, True),
    "purchase": (False, True),
    "spare_hand": ("off", "peel", "sir_garnet"),
    "peep": (False, True),
    "nap_top_card": (False, True),
    "nap_challenge": (False, True),
    "revoke_rule": ("default", "bic_fine", "replay"),
    "pack": (52, 32),
}


def _same(a: OptionValue, b: OptionValue) -> bool:
    # True == 1 in Python; an option value must match in type as well.
    return a == b and type(a) is type(b)


def _coerce(game: str, name: str, value: object, allowed: tuple[OptionValue, ...]) -> OptionValue:
    for v in allowed:
        if isinstance(value, str | int | bool) and _same(value, v):
            return v
    valid = ", ".join(_show(v) for v in allowed)
    raise RulesError(f"option {name}: {_show(value)} is not a valid {game} value (valid: {valid})")


def _show(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    return repr(v) if isinstance(v, str) else str(v)


def _positive_int_or_none(name: str, value: object, *, allow_none: bool, minimum: int) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= minimum:
        return value
    what = f"an integer of at least {minimum}" + (" or null" if allow_none else "")
    raise RulesError(f"option {name}: {_show(value)} is not valid (expected {what})")


#: One line on each option, with the rule it varies, for the rules help of the web and terminal tables.
OPTION_DOCS: dict[str, dict[str, str]] = {
    "loo": {
        "form": "three-card, five-card or Irish Loo (chosen by the preset)",
        "loo_mode": "a loo is the pool's amount (limited), uncapped (unlimited), or capped (mixed) (LOO-VAR-UNLIMITED, LOO-VAR-MIXED)",
        "loo_cap": "the cap on a loo when loo_mode is mixed (LOO-VAR-MIXED)",
        "single": "after a deal nobody was looed: Peel's face-up single, Enquire Within's single, or none (LOO-SGL, LOO-VAR-EW-SINGLE, LOO-VAR-NO-SINGLE)",
        "ante": "the dealer alone stakes, or everyone antes (LOO-VAR-ALL-ANTE)",
        "lead_rule": "what the leader must lead: the highest trump, one trump, or Cassell's rule (LOO-PLAY-2, LOO-VAR-LEADONE, LOO-VAR-CASSELL-LEAD)",
        "second_lead": "whether Peel's rule for the second lead applies (LOO-PLAY-3)",
        "leader": "who leads first: the eldest player, or the miss's taker (LOO-VAR-MISS-LEADS)",
        "dealer_lone_stander": "when one player stands, the dealer must defend or may concede the pool (LOO-DECL, LOO-VAR-DEALER-CONCEDE)",
        "defender_looed": "whether a dealer defending the pool can be looed",
        "club_law": "when clubs are trumps everyone plays (LOO-VAR-CLUBLAW)",
        "revoke_replay": "replaying a hand after a revoke: mandatory, optional, or none (LOO-LAW-0b..0d)",
        "penalty_scale": "penalties by Peel's scale or Enquire Within's flat one (LOO-LAW)",
        "look_penalty_pool": "a penalty for looking goes to the current or the next pool (LOO-LAW-8)",
        "offender_double_loo": "an offender pays a double loo (LOO-LAW)",
        "dealer_stands_out_above": "the dealer stands out when more than this many play (LOO-VAR-DEALER-STANDS-OUT)",
        "pack": "a 52- or 32-card pack (LOO-VAR-32)",
        "first_dealer": "the first dealer is who gets the first knave, or who cuts lowest (LOO-DEAL-1)",
        "pam": "Pam is the knave of clubs or of trumps (five-card Loo)",
        "pam_free": "Pam need not follow suit (five-card Loo)",
        "flush_pay": "how a flush is paid (five-card Loo)",
        "flush_tie": "competing flushes: the elder wins, or they split (five-card Loo)",
        "irish_flush": "a three-card flush in Irish Loo",
    },
    "nap": {
        "max_players": "up to 6 players, or 7 (NAP-GEN-1)",
        "dealer_out_at": "the dealer sits out with this many at the table (NAP-GEN-1)",
        "min_call": "the lowest call allowed (NAP-CALL-2)",
        "misery": "whether misery may be called (NAP-VAR-MISERY)",
        "misery_rank": "misery ranks below or above a call of three (NAP-VAR-MISERY)",
        "misery_trumps": "whether misery is played with trumps (NAP-PLAY-5)",
        "misery_pay": "what misery wins and loses (NAP-VAR-MISERY)",
        "wellington": "whether Wellington may be called over Nap (NAP-VAR-WELLINGTON)",
        "blucher": "whether Blücher may be called over Wellington (NAP-VAR-BLUCHER)",
        "pay_table": "the payments for each call made or lost (NAP-STK-1, NAP-VAR-PARLETT; hsw_flat: every contract 10, §14.28)",
        "pool_nap_double": "BIC's pool Nap: a failed Nap, Wellington or Blücher also pays the kitty's worth into it (§14.28)",
        "all_pass": "when everyone passes: the eldest or the dealer plays one, a redeal, or a Double Header (NAP-CALL-7, NAP-VAR-DOUBLE-HEADER)",
        "kitty": "a kitty fed by the dealer and taken by a made Nap (NAP-VAR-POOL)",
        "purchase": "players may discard and buy cards before calling (NAP-VAR-PURCHASE)",
        "spare_hand": "a spare hand a Nap caller may take (NAP-VAR-SPARE)",
        "peep": "a widow anyone may peep at for a unit (NAP-VAR-PEEP)",
        "nap_top_card": "a Nap caller may take the stock's top card (NAP-VAR-NAP-TOPCARD)",
        "nap_challenge": "a Nap caller may take up a higher call (NAP-CALL)",
        "revoke_rule": "what a revoke costs (NAP-LAW)",
        "pack": "a 52- or 32-card pack (NAP-VAR-PACK32)",
    },
}


class _Rules:
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


@dataclass(frozen=True, slots=True)
class LooStakes:
    """Loo stakes in counters (LOO-STK-1): the deal D, the loo L, the single S, and the ante."""

    deal: int = 3
    loo: int = 6
    single: int = 3
    ante: int = 1


@dataclass(frozen=True, slots=True)
class NapStakes:
    """Nap stakes: the unit, one stake per trick (NAP-STK-1)."""

    unit: int = 1


@dataclass(frozen=True)
class LooRules(_Rules):
    """The rules of a game of Loo; every field but ``name`` and ``stakes`` is an option of §12.1."""

    GAME: ClassVar[str] = "loo"
    OPTIONS: ClassVar[dict[str, tuple[OptionValue, ...] | None]] = LOO_OPTIONS
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "peel": {},
        "enquire-within": {
            "stakes": LooStakes(deal=1, loo=3, single=3),
            "single": "ew",
            "penalty_scale": "ew_flat",
            "revoke_replay": "none",
            "dealer_lone_stander": "may_concede",
            "second_lead": "none",
            "first_dealer": "cut_low",
        },
        "five-card": {"stakes": LooStakes(deal=5, loo=5, single=5), "form": "five_card", "single": "none"},
        "irish": {"form": "irish", "single": "none", "club_law": True},
    }

    name: str = "peel"
    stakes: LooStakes = field(default_factory=LooStakes)
    form: str = "three_card"
    loo_mode: str = "limited"
    loo_cap: int | None = None
    single: str = "peel"
    ante: str = "dealer"
    lead_rule: str = "highest"
    second_lead: str = "peel"
    leader: str = "elder"
    dealer_lone_stander: str = "must_defend"
    defender_looed: bool = False
    club_law: bool = False
    revoke_replay: str = "mandatory"
    penalty_scale: str = "peel"
    look_penalty_pool: str = "current"
    offender_double_loo: bool = False
    dealer_stands_out_above: int | None = None
    pack: int = 52
    first_dealer: str = "first_knave"
    pam: str = "jack_clubs"
    pam_free: bool = False
    flush_pay: str = "peel"
    flush_tie: str = "elder"
    irish_flush: bool = False

    def _check(self, key: str, value: object) -> OptionValue:
        if key == "loo_cap":
            return _positive_int_or_none(key, value, allow_none=True, minimum=1)
        if key == "dealer_stands_out_above":
            return _positive_int_or_none(key, value, allow_none=True, minimum=2)
        return super()._check(key, value)

    def _check_together(self) -> None:
        if self.loo_mode == "mixed" and self.loo_cap is None:
            raise RulesError("option loo_cap: an integer cap is required when loo_mode is 'mixed' (LOO-VAR-MIXED)")

    @property
    def max_seats(self) -> int:
        """The most seats a deal may have (DEAL-RECORD.md: 12, or 9 with a 32-card pack; Five-card Loo deals
        five cards each and a turn-up: 10, or 6 with a 32-card pack, LOO5-1)."""
        if self.form == "five_card":
            return 6 if self.pack == 32 else 10
        return 9 if self.pack == 32 else 12

    @property
    def form_name(self) -> str:
        """The form in words: ``"Three-card Loo"``, ``"Five-card Loo"``, ``"Irish Loo"``."""
        return {"three_card": "Three-card Loo", "five_card": "Five-card Loo", "irish": "Irish Loo"}[self.form]

    def with_stakes(self, **stakes: int) -> LooRules:
        """A copy with some stakes changed: ``deal``, ``loo``, ``single``, ``ante``."""
        return replace(self, stakes=replace(self.stakes, **stakes))

    def loo_amount(self, pool: int) -> int:
        """What a loo costs with ``pool`` in the pool (LOO-STK-4, LOO-LAW-19, §14.7)."""
        if self.loo_mode == "limited":
            return self.stakes.loo
        if self.loo_mode == "unlimited":
            return pool
        assert self.loo_cap is not None
        return min(pool, self.loo_cap)


@dataclass(frozen=True)
class NapRules(_Rules):
    """The rules of a game of Nap; every field but ``name`` and ``stakes`` is an option of §12.1."""

    GAME: ClassVar[str] = "nap"
    OPTIONS: ClassVar[dict[str, tuple[OptionValue, ...] | None]] = NAP_OPTIONS
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "peel": {},
        "plain": {"misery": False, "wellington": False, "blucher": False},
        "modern": {
            "misery_rank": "above_three",
            "min_call": 2,
            "pay_table": "parlett",
            "all_pass": "dealer_one",
        },
    }

    name: str = "peel"
    stakes: NapStakes = field(default_factory=NapStakes)
    max_players: int = 6
    dealer_out_at: int = 6
    min_call: int = 1
    misery: bool = True
    misery_rank: str = "below_three"
    misery_trumps: bool = True
    misery_pay: str = "peel"
    wellington: bool = True
    blucher: bool = True
    pay_table: str = "peel"
    pool_nap_double: bool = False
    all_pass: str = "eldest_one"
    kitty: bool = False
    purchase: bool = False
    spare_hand: str = "off"
    peep: bool = False
    nap_top_card: bool = False
    nap_challenge: bool = False
    revoke_rule: str = "default"
    pack: int = 52

    @property
    def has_kitty(self) -> bool:
        """Whether a kitty is in use (§14.14: purchase, peep and Peel's spare hand turn it on)."""
        return self.kitty or self.purchase or self.peep or self.spare_hand == "peel"

    def with_stakes(self, **stakes: int) -> NapRules:
        """A copy with the unit changed."""
        return replace(self, stakes=replace(self.stakes, **stakes))


def _field_names(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]


# Every option of the tables is a field of its rule set, and nothing else is (bar name and stakes).
assert set(_field_names(LooRules)) - {"name", "stakes"} == set(LOO_OPTIONS)
assert set(_field_names(NapRules)) - {"name", "stakes"} == set(NAP_OPTIONS)
assert set(OPTION_DOCS["loo"]) == set(LOO_OPTIONS) and set(OPTION_DOCS["nap"]) == set(NAP_OPTIONS)
