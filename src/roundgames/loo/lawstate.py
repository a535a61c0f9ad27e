"""What the laws of Loo keep for the rest of a deal (RULES.md §5, §14): one frozen value, which a ruling carries and
the deal holds (:mod:`roundgames.loo.laws` decides it; the deal applies it).

>>> law = LawState().with_bound(2, Decl.THROW)
>>> law.bound, bound_now(law, 2, (Decl.DEFEND, Decl.MISS, Decl.STAND))
({2: <Decl.THROW: 2>}, <Decl.DEFEND: 4>)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from .actions import Decl

__all__ = ["LawState", "bound_now"]


@dataclass(frozen=True)
class LawState:
    """What the laws have ordered so far in one deal."""

    #: seats that looked at another hand before declaring: they must throw up (LOO-LAW-8, §14.21)
    forced_throw: frozenset[int] = frozenset()
    #: declarations made out of turn, binding at the proper turn (LOO-LAW-5); a new mapping for each change, never
    #: changed in place (a plain dict, so that a deal still copies and pickles)
    bound: Mapping[int, Decl] = field(default_factory=dict)
    #: under ``revoke_replay: optional``, the offender whose irregularity awaits a demand for the replay
    demand: int | None = None
    #: a full-loo penalty was paid, so the next deal is not a single (§14.5)
    full_loo_paid: bool = False
    #: the deal is void (LOO-LAW-1, -2, -3); ``next_dealer`` deals next, a deal of the same kind (§14.8)
    void: bool = False
    next_dealer: int | None = None
    #: how many times play restarted from the first lead (LOO-LAW-0d)
    replays: int = 0

    def copy(self) -> LawState:
        """The same state: it is a value, and never changes."""
        return self

    def with_bound(self, seat: int, decl: Decl | None) -> LawState:
        """The state with ``seat``'s declaration out of turn set to ``decl`` (None: taken away, LOO-LAW-8)."""
        bound = {s: d for s, d in self.bound.items() if s != seat}
        if decl is not None:
            bound[seat] = decl
        return replace(self, bound=bound)


#: what a declaration made out of turn counts as when it is not open at the offender's proper turn, nearest first
#: (§14.33): the dealer's throw facing a lone stander, he defends (LOO-DECL-8) or, with no miss to defend,
#: plays his own hand (§14.24); a miss already taken, he stands (LOO-LAW-5 [I])
_NEAREST: dict[Decl, tuple[Decl, ...]] = {Decl.THROW: (Decl.DEFEND, Decl.STAND), Decl.MISS: (Decl.STAND,)}


def bound_now(law: LawState, seat: int, options: Sequence[Decl]) -> Decl | None:
    """The declaration ``seat`` made out of turn, as it binds now that ``options`` are open to it (LOO-LAW-5 [I],
    §14.27): itself if it is open, else the nearest one that is (§14.33); None if it made none."""
    want = law.bound.get(seat)
    if want is None:
        return None
    return next((d for d in (want, *_NEAREST.get(want, ())) if d in options), None)
