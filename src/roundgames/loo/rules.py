"""The rules of a game of Loo: stakes, presets and options (RULES.md §3, §4, §12.1; DEAL-RECORD.md).

>>> r = LooRules.preset("peel").with_options(lead_rule="lead_one", loo_mode="unlimited")
>>> r.lead_rule, r.stakes.loo, r.options()
('lead_one', 6, {'loo_mode': 'unlimited', 'lead_rule': 'lead_one'})
>>> LooRules.preset("whist")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: unknown loo preset 'whist' (valid: peel, enquire-within, five-card, irish)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..core.errors import RulesError
from ..core.options import OptionValue, Rules, check_fields, positive_int_or_none

__all__ = ["LOO_OPTIONS", "LOO_OPTION_DOCS", "LooRules", "LooStakes"]

#: name -> allowed values (default first); None means "validated by a function below".
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


#: One line on each option, with the rule it varies, for the rules help of the web and terminal tables.
LOO_OPTION_DOCS: dict[str, str] = {
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
}


@dataclass(frozen=True, slots=True)
class LooStakes:
    """Loo stakes in counters (LOO-STK-1): the deal D, the loo L, the single S, and the ante."""

    deal: int = 3
    loo: int = 6
    single: int = 3
    ante: int = 1


@dataclass(frozen=True)
class LooRules(Rules):
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
            return positive_int_or_none(key, value, allow_none=True, minimum=1)
        if key == "dealer_stands_out_above":
            return positive_int_or_none(key, value, allow_none=True, minimum=2)
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

    def stakes_in_force(self) -> tuple[str, ...]:
        """The stakes these rules take, as a record writes them (DEAL-RECORD.md ``stakes``): the deal, the loo
        and the single, and the ante only where everyone antes (LOO-VAR-ALL-ANTE)."""
        return ("deal", "loo", "single", "ante") if self.ante == "all" else ("deal", "loo", "single")

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


check_fields(LooRules, LOO_OPTIONS, LOO_OPTION_DOCS)
