"""The rules of a game of Nap: the unit, presets and options (RULES.md §6, §7, §12.1; DEAL-RECORD.md)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..core.options import OptionValue, Rules, check_fields

__all__ = ["NAP_OPTIONS", "NAP_OPTION_DOCS", "NapRules", "NapStakes"]

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


#: One line on each option, with the rule it varies, for the rules help of the web and terminal tables.
NAP_OPTION_DOCS: dict[str, str] = {
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
    "pool_nap_double": "BIC's pool Nap: a failed Nap, Wellington or Blücher also pays the kitty's worth into it "
    "(NAP-VAR-POOL, §14.28, §14.36)",
    "all_pass": "when everyone passes: the eldest or the dealer plays one, a redeal, or a Double Header (NAP-CALL-7, NAP-VAR-DOUBLE-HEADER)",
    "kitty": "a kitty fed by the dealer and taken by a made Nap (NAP-VAR-POOL)",
    "purchase": "players may discard and buy cards before calling (NAP-VAR-PURCHASE)",
    "spare_hand": "a spare hand a Nap caller may take (NAP-VAR-SPARE)",
    "peep": "a widow anyone may peep at for a unit (NAP-VAR-PEEP)",
    "nap_top_card": "a Nap caller may take the stock's top card (NAP-VAR-NAP-TOPCARD)",
    "nap_challenge": "a Nap caller challenged by a Wellington or Blücher may take it up himself (NAP-VAR-WELLINGTON, "
    "§14.31)",
    "revoke_rule": "what a revoke costs (NAP-LAW)",
    "pack": "a 52- or 32-card pack (NAP-VAR-PACK32)",
}


@dataclass(frozen=True, slots=True)
class NapStakes:
    """Nap stakes: the unit, one stake per trick (NAP-STK-1)."""

    unit: int = 1


@dataclass(frozen=True)
class NapRules(Rules):
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


check_fields(NapRules, NAP_OPTIONS, NAP_OPTION_DOCS)
