"""What a law decides in table mode (RULES.md §5, §8): a :class:`Ruling`, which the deal applies in one place.

A game's laws look at a deal without changing it and return a ruling for the action before them (or raise
:class:`~roundgames.core.errors.IllegalActionError` naming the rule, where no law covers it); the deal applies
it with ``deal.apply_ruling(ruling)``. A proper action in table mode is a ruling too: applied as the rules have
it, with whatever the laws keep for the deal. Judging is free of effects, so an action can be judged as often
as a surface likes (to say what it would cost) and applied once.

>>> fine = Ruling("P2 play 4S", irregularity=Irregularity(5, 1, "LOO-LAW-14", 6, "next"),
...               payments=(Payment(1, 6, "next"),), replay=True)
>>> fine.paid(1), fine.paid(0), fine.proper
(6, 0, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from ..core.cards import Card

__all__ = ["POOLS", "Irregularity", "Payment", "Ruled", "Ruling"]

#: where a payment goes: this deal's pool (Nap's kitty), the next deal's pool, or another seat
POOLS = ("current", "next", "seat")

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A law applied in table mode (RULES.md §5, §8): the ruling's ``irregularities`` entry.

    ``index`` counts the deal's actions from 0 (the action that committed or named the
    irregularity); ``pool`` is ``"current"`` or ``"next"`` for a penalty paid into a pool, and
    ``None`` when nothing was paid into one (no penalty, or a payment to other seats).
    """

    index: int
    seat: int
    rule: str
    penalty: int
    pool: str | None

    def text(self, seats: Sequence[str]) -> str:
        """The law applied, in words: ``"LOO-LAW-14 applied to Ann: 6 into the next pool"``."""
        if self.pool:
            paid = f"{self.penalty} into the {self.pool} pool"
        else:
            paid = f"{self.penalty} paid between the players" if self.penalty else "no penalty"
        return f"{self.rule} applied to {seats[self.seat]}: {paid}"


@dataclass(frozen=True, slots=True)
class Payment:
    """``seat`` pays ``amount``: into this deal's pool (``"current"``), the next deal's (``"next"``), or to the
    seat ``to`` (``"seat"``, Nap's revoke paid by the revoker alone, NAP-LAW-6)."""

    seat: int
    amount: int
    pool: str
    to: int | None = None

    def __post_init__(self) -> None:
        if self.pool not in POOLS or (self.pool == "seat") != (self.to is not None):
            raise ValueError(f"a payment goes into {', '.join(POOLS[:2])} or to a seat, got {self.pool!r}, {self.to}")


@dataclass(frozen=True)
class Ruling(Generic[A]):
    """What the laws decide about one action; nothing has changed until the deal applies it.

    Each game's deal applies the parts in its one fixed order, in one method (``LooDeal.apply_ruling``,
    ``PlainNapDeal.apply_ruling``): what is paid, what is logged, what happens to the cards and the turn, and
    whether the deal ends.
    """

    #: the action judged, as the deal's log keeps it
    action: A
    #: the action stands as the rules have it: the deal applies it as in strict mode
    proper: bool = False
    #: the action stands though the rules forbid it, because a law orders it (LOO-LAW-8's forced throw)
    forced: bool = False
    #: the law applied, as ``irregularities`` keeps it; None for a proper action or a demand
    irregularity: Irregularity | None = None
    #: what the offender pays, in order (RULES.md §5, §8)
    payments: tuple[Payment, ...] = ()
    #: the deal is void: its stakes are returned and it ends; ``next_dealer`` deals next (§14.8, §14.20)
    void: bool = False
    next_dealer: int | None = None
    #: every card goes back to its hand and the play starts again from the first lead (LOO-LAW-0d, NAP-LAW-6)
    replay: bool = False
    #: those who win nothing in this deal from now on (LOO-LAW-0b..0d, NAP-LAW-6)
    offenders: frozenset[int] = frozenset()
    #: the offender's card stays in the trick (LOO-LAW-10..15); then ``to_act`` plays next if the trick goes on
    plays: Card | None = None
    to_act: int | None = None
    #: a card the offender exposed, to be played at the first legal opportunity (NAP-LAW-8)
    exposes: Card | None = None
    #: the contract decided by a law: made (True) or failed (False), and the deal settled (NAP-LAW-6)
    made: bool | None = None
    #: what the game's laws keep for the rest of the deal after this ruling (None: nothing kept, or unchanged)
    state: object | None = None

    @classmethod
    def standing(cls, action: A, state: object | None = None) -> Ruling[A]:
        """The ruling on a proper action: it stands as the rules have it (``proper``), nothing else ordered. The same
        value as ``Ruling(action, proper=True, state=state)``, made at a fraction of the cost, for it is made for
        almost every action in table mode: only the three fields that differ from their defaults are set, the
        others read the class's defaults (hence no ``slots``)."""
        out = object.__new__(cls)
        object.__setattr__(out, "action", action)
        object.__setattr__(out, "proper", True)
        object.__setattr__(out, "state", state)
        return out

    def paid(self, seat: int) -> int:
        """What ``seat`` pays under this ruling, wherever it goes."""
        return sum(p.amount for p in self.payments if p.seat == seat)


@runtime_checkable
class Ruled(Protocol):
    """A deal whose laws rule on an action before it is taken: Loo's and Nap's, beyond the game protocol's
    :class:`~roundgames.games.protocol.Deal` (a game without laws has none to give). ``judge`` changes nothing."""

    def judge(self, action: Any) -> Ruling[Any]:
        """What ``action`` would do: the laws' ruling in table mode; raises where no law covers it."""
        ...
