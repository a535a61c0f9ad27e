"""The Nap call ladder and the pay tables (RULES.md §6.3, §6.5, §7).

>>> ladder(NapRules.preset("modern"))
('1', '2', '3', 'misery', '4', 'nap', 'wellington', 'blucher')
>>> pay_table(NapRules.preset("peel"))["nap"]
(10, 5)
"""

from __future__ import annotations

from .rules import NapRules

__all__ = ["CALLS", "FIVE", "TRICKS", "ladder", "option_problem", "pay_table"]

#: every call, in the default order of the ladder (NAP-CALL-4)
CALLS = ("1", "2", "misery", "3", "4", "nap", "wellington", "blucher")
#: tricks a call undertakes to win (misery: none)
TRICKS = {"1": 1, "2": 2, "3": 3, "4": 4, "misery": 0, "nap": 5, "wellington": 5, "blucher": 5}
FIVE = ("nap", "wellington", "blucher")

_PEEL_PAY = {
    "1": (1, 1),
    "2": (2, 2),
    "3": (3, 3),
    "4": (4, 4),
    "misery": (3, 3),
    "nap": (10, 5),
    "wellington": (20, 10),
    "blucher": (30, 15),
}
_PAY_TABLES = {
    "peel": _PEEL_PAY,
    "well_blu_mod": {**_PEEL_PAY, "wellington": (10, 10), "blucher": (10, 15)},
    "parlett": {**_PEEL_PAY, "nap": (10, 10), "wellington": (20, 20), "blucher": (40, 40)},
    # HSW: every contract, won or lost, is worth 10 from or to each opponent (§14.28).
    "hsw_flat": dict.fromkeys(_PEEL_PAY, (10, 10)),
}


def pay_table(rules: NapRules) -> dict[str, tuple[int, int]]:
    """Units per opponent for each call: ``(won, lost)`` (§6.5, NAP-VAR-MISERY, NAP-VAR-PARLETT). Under
    ``hsw_flat`` every contract, misery too whatever ``misery_pay`` says, is worth 10 won or lost (§14.28).

    >>> pay_table(NapRules.preset("peel").with_options(pay_table="hsw_flat", misery_pay="eb11"))["misery"]
    (10, 10)
    """
    table = dict(_PAY_TABLES[rules.pay_table])
    if rules.misery_pay == "eb11" and rules.pay_table != "hsw_flat":  # hsw_flat: every contract 10 (§14.28)
        table["misery"] = (3, 6)
    return table


def ladder(rules: NapRules) -> tuple[str, ...]:
    """The calls from lowest to highest under ``rules`` (NAP-CALL-4/5, C-NAP-1)."""
    if rules.misery_rank == "above_three":
        return ("1", "2", "3", "misery", "4", "nap", "wellington", "blucher")
    return CALLS


def option_problem(rules: NapRules, call: str) -> tuple[str, str] | None:
    """Why the options forbid ``call`` whatever was called before, with the rule (NAP-CALL-4, §14.13/18),
    or None when they allow it. Misery may be called whatever ``min_call`` is."""
    if call == "misery" and not rules.misery:
        return "misery is not played at this table", "NAP-CALL-4"
    if (call == "wellington" and not rules.wellington) or (call == "blucher" and not rules.blucher):
        return f"{call} is not played at this table", "NAP-CALL-4"
    if call in ("1", "2", "3", "4") and int(call) < rules.min_call:
        return f"the lowest call at this table is {rules.min_call}", "NAP-CALL-4"
    return None
