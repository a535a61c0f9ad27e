"""The plans of Loo's shipped strategies (:class:`~.build.Plan`), one for each form, which Loo's plug-in names
(``SimParts.strategy``).

Every pool bucket of Three-card Loo is a game of its own (the pool fixes what a trick is worth against the loo
risked), solved from deals that all start with its pool: the pools of Peel's game (a deal's dealer stakes 3 and a
loo is 6, so the pool is 3 at a sitting's first regular deal and grows by sixes) up to 27, where the richer pools
of a long run of loos are counted in.

Five-card and Irish Loo (:class:`.loo5.Loo5Game`) likewise, at the pools a sitting of the ``sensible`` bot
reaches under each preset. Five-card (the dealer stakes 5, a loo is 5): pools of 5, 10 and 15 take 44%, 45% and
11% of a long sitting's deals, 20 and more under 1%, so the buckets are 5, 10 and 15 (serving every richer
pool). Irish (3, and a loo of 6, with club law): 3, 9, 15, 21 and 27 take 17%, 39%, 25%, 14% and 4%, so the
buckets are 3, 9, 15 and 21 (serving the richer ones). (The stationary shares of the chain of pools, each
pool's next measured over 100,000 deals of five ``sensible`` players.)
"""

from __future__ import annotations

from typing import Final

from .build import Plan

__all__ = ["FIVE_CARD", "IRISH", "THREE_CARD"]

THREE_CARD: Final = Plan(
    "loo",
    5,
    "loo-three_card-5.rgs",
    ((3, 6), (9, 12), (15, 18), (21, 24), (27, None)),
    20,
    1_000_000,
    6_000_000,
    "three_card",
    measured="a best response to the expert's declaring, built with the simulator, gains -0.001 ± 0.011 counters a "
    "deal over a table of experts (2 × 2,000 first deals; over sittings of 10 deals, the pool carried, -0.041 ± "
    "0.013), where a best response to `sensible` gains +0.120 ± 0.022 (+0.168 ± 0.018 over sittings): nothing "
    "measurable. The expert wins +0.110 ± 0.022 counters a deal from `sensible` (+0.177 ± 0.016 over sittings).",
)
# sized to build in about 7 minutes each on two free cores: measured 842 and 789 cpu-seconds (the two threads
# together), about 7.0 and 6.6 minutes of wall time; the mean regret a turn still falls at the last iteration
FIVE_CARD: Final = Plan(
    "loo", 5, "loo-five_card-5.rgs", ((5, 5), (10, 10), (15, None)), 16, 250_000, 600_000, "five_card"
)
IRISH: Final = Plan("loo", 5, "loo-irish-5.rgs", ((3, 6), (9, 12), (15, 18), (21, None)), 16, 300_000, 600_000, "irish")
