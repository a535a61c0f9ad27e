"""The plan of Nap's shipped strategy (:class:`~.build.Plan`), which Nap's plug-in names (``SimParts.strategy``)."""

from __future__ import annotations

from typing import Final

from .build import Plan

__all__ = ["NAP"]

# Nap's field is sensible in three deals of four: at an even mix the expert's edge over sensible fell short of the
# best response's by 0.094 units (4,000 boards) while a best response to it gained nothing (+0.002), so the
# strategy gave away exploitation it had no need to guard
NAP: Final = Plan(
    "nap",
    4,
    "nap-4.rgs",
    ((0, None),),
    32,
    1_000_000,
    8_000_000,
    "nap",
    mix=0.75,
    measured="a best response to the expert's calling gains +0.048 ± 0.146 units a deal over a table of experts "
    "(2 × 500 boards), where a best response to `sensible` gains +0.940 ± 0.106 (2 × 2,000): about a twentieth, "
    "at most a fifth at 95%. The expert wins +0.861 ± 0.112 units a deal from `sensible`.",
)
