"""The counters of one deal: the pool, the next pool, and what each seat paid and received.

Money is integer counters and is conserved: whatever a seat pays goes into a pool or to
another seat. :meth:`Ledger.check` proves it after every deal (RULES.md §14.1).

>>> led = Ledger(seat_count=3, pool=6)
>>> led.stake(0, 3); led.take(1, 9); led.pay_next(2, 6)
>>> led.net, led.pool, led.next_pool, led.total
([-3, 9, -6], 0, 6, 6)
>>> led.check()
"""

from __future__ import annotations

__all__ = ["ConservationError", "Ledger"]


class ConservationError(AssertionError):
    """Money was created or lost: a bug in the engine, never a user's mistake."""


class Ledger:
    """Integer counters of one deal, kept per seat."""

    __slots__ = ("net", "next_pool", "pool", "start")

    def __init__(self, seat_count: int, pool: int = 0) -> None:
        self.start = pool
        #: counters on the table for this deal, to be won in it
        self.pool = pool
        #: counters already paid towards the next deal's pool (loos, full penalties, carries)
        self.next_pool = 0
        #: what each seat received minus what it paid in this deal
        self.net = [0] * seat_count

    @property
    def total(self) -> int:
        """Everything on the table: this deal's pool plus what is set aside for the next."""
        return self.pool + self.next_pool

    def stake(self, seat: int, amount: int) -> None:
        """``seat`` pays ``amount`` into the current pool (stakes, single penalties)."""
        self.net[seat] -= amount
        self.pool += amount

    def pay_next(self, seat: int, amount: int) -> None:
        """``seat`` pays ``amount`` into the next deal's pool (loos, full penalties)."""
        self.net[seat] -= amount
        self.next_pool += amount

    def take(self, seat: int, amount: int) -> None:
        """``seat`` takes ``amount`` out of the current pool."""
        if amount > self.pool:
            raise ConservationError(f"seat {seat} cannot take {amount} from a pool of {self.pool}")
        self.net[seat] += amount
        self.pool -= amount

    def transfer(self, payer: int, payee: int, amount: int) -> None:
        """``payer`` pays ``amount`` straight to ``payee`` (Nap settlements)."""
        self.net[payer] -= amount
        self.net[payee] += amount

    def copy(self) -> Ledger:
        """An independent copy."""
        out = Ledger.__new__(Ledger)
        out.start, out.pool, out.next_pool, out.net = self.start, self.pool, self.next_pool, self.net[:]
        return out

    def check(self) -> None:
        """Raise :class:`ConservationError` unless the seats' net plus the pool's growth is zero."""
        if sum(self.net) + self.total - self.start != 0:
            raise ConservationError(
                f"money not conserved: net {self.net} sums to {sum(self.net)}, "
                f"pool went from {self.start} to {self.total}"
            )
