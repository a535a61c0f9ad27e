"""How a Loo deal is settled: Peel's single (LOO-SGL-2..4), and the pool divided by tricks with the loos
(LOO-SET-1..4, LOO-STK-4, §14.6, §14.7). The deal calls these when its play is over; they use only its public
state and its form's hooks (:meth:`~roundgames.loo.deal.LooDeal.trick_shares`, ``never_looed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import highest
from ..core.ledger import Ledger
from .actions import Decl

if TYPE_CHECKING:
    from .strict import StrictLooDeal as LooDeal

__all__ = ["pay_single", "reopen_single", "settle_single", "settle_tricks", "shares"]


def settle_single(deal: LooDeal) -> None:
    """Peel's single (LOO-SGL-2..4): the highest card above the turn-up in its suit takes the pool."""
    best: int | None = None
    for s in deal.order:
        c = highest(deal.hands[s])
        if c // 13 == deal.trump and c > deal.turnup and (best is None or c > highest(deal.hands[best])):
            best = s
    pay_single(deal, best)


def pay_single(deal: LooDeal, best: int | None) -> None:
    """The single is decided: ``best`` (or nobody) takes the pool, every other seat dealt a card is looed S
    (LOO-SGL-2..4)."""
    if best is not None:
        deal.ledger.take(best, deal.ledger.pool)
    for s in deal.order:
        if s != best:
            deal.ledger.pay_next(s, deal.rules.stakes.single)
            deal.looed[s] = deal.rules.stakes.single
    deal.winner_without_play = best
    deal.finish()


def reopen_single(deal: LooDeal) -> None:
    """Take back the settlement of Peel's single, made as it was dealt: the counters stand as they did once the
    stake was paid, nobody is looed and nobody has taken the pool. For a law of the deal, which the table states
    only once the cards lie face up (LOO-LAW-1..3, §14.30): it voids the deal, or charges its penalty into the pool
    that the single is then settled for."""
    deal.ledger = Ledger(deal.n, deal.ledger.start)
    deal.pay_stakes()
    deal.looed = {}
    deal.winner_without_play = None


def settle_tricks(deal: LooDeal) -> None:
    """Divide the pool by tricks and loo those who took none (LOO-SET-1..4)."""
    pool = deal.ledger.pool
    shares = deal.trick_shares(pool)  # LOO-SET-2, LOO5-5
    for trick, share in zip(deal.tricks, shares, strict=True):
        assert trick.winner is not None
        # the miss played for the pool, and an offender, carry their shares (LOO-SET-4, LOO-LAW-0b, §14.6)
        if deal.decls[trick.winner] is not Decl.DEFEND and trick.winner not in deal.offenders:
            deal.ledger.take(trick.winner, share)
    # the pool as divided, single penalties paid into it included (LOO-STK-4 [I], §14.7)
    loo = deal.rules.loo_amount(pool)
    for s in deal.players:
        if deal.won[s]:
            continue
        if s in deal.offenders and not deal.rules.offender_double_loo:  # looed once only (LOO-LAW-0c)
            continue
        if deal.decls[s] is Decl.DEFEND and not deal.rules.defender_looed:  # LOO-DECL-8 [I]
            continue
        if deal.never_looed(s):  # LOO5-8
            continue
        deal.ledger.pay_next(s, loo)  # LOO-SET-3
        deal.looed[s] = loo
    deal.finish()


def shares(amount: int, count: int) -> list[int]:
    """``amount`` in ``count`` shares as nearly equal as can be, the earliest getting the odd units
    (LOO-SET-2, LOO5-5; a split pool or loo under ``flush_tie: split``, the elder first [D])."""
    base, rest = divmod(amount, count)
    return [base + (i < rest) for i in range(count)]
