"""Ledger: the counters of one deal; money is conserved (RULES.md §14.1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundgames.core.ledger import ConservationError, Ledger


def test_new_ledger() -> None:
    led = Ledger(seat_count=4, pool=9)
    assert (led.start, led.pool, led.next_pool, led.total, led.net) == (9, 9, 0, 9, [0, 0, 0, 0])
    led.check()


def test_each_movement() -> None:
    """stake: seat to this pool; pay_next: seat to the next pool; take: this pool to a seat; transfer: seat to seat."""
    led = Ledger(seat_count=3, pool=6)
    led.stake(0, 3)
    assert (led.net, led.pool, led.next_pool) == ([-3, 0, 0], 9, 0)
    led.pay_next(2, 6)
    assert (led.net, led.pool, led.next_pool) == ([-3, 0, -6], 9, 6)
    led.take(1, 9)
    assert (led.net, led.pool, led.next_pool, led.total) == ([-3, 9, -6], 0, 6, 6)
    led.transfer(1, 0, 4)
    assert led.net == [1, 5, -6]
    led.check()


def test_cannot_take_more_than_the_pool() -> None:
    led = Ledger(seat_count=3, pool=5)
    with pytest.raises(ConservationError, match="5"):
        led.take(0, 6)
    assert (led.pool, led.net) == (5, [0, 0, 0])


def test_check_catches_money_created_or_lost() -> None:
    led = Ledger(seat_count=3, pool=5)
    led.net[1] += 1  # a bug in an engine: a seat credited from nowhere
    with pytest.raises(ConservationError, match="not conserved"):
        led.check()
    led = Ledger(seat_count=3, pool=5)
    led.pool -= 2
    with pytest.raises(ConservationError):
        led.check()
    assert issubclass(ConservationError, AssertionError)  # an engine bug, never a user's ValueError
    assert not issubclass(ConservationError, ValueError)


def test_copy_is_independent() -> None:
    led = Ledger(seat_count=3, pool=5)
    led.stake(0, 3)
    twin = led.copy()
    twin.take(1, 8)
    twin.pay_next(2, 6)
    assert (led.net, led.pool, led.next_pool) == ([-3, 0, 0], 8, 0)
    assert (twin.net, twin.pool, twin.next_pool, twin.start) == ([-3, 8, -6], 0, 6, 5)
    twin.check()
    led.check()


operation = st.tuples(st.sampled_from(["stake", "pay_next", "take", "transfer"]), st.integers(0, 4), st.integers(0, 4))


@given(st.integers(0, 50), st.lists(st.tuples(operation, st.integers(0, 20)), max_size=30))
def test_any_sequence_of_movements_conserves_money(pool: int, ops: list[tuple[tuple[str, int, int], int]]) -> None:
    """Whatever moves, sum(net) + total - start stays 0, and the pool never goes negative."""
    led = Ledger(seat_count=5, pool=pool)
    paid_in = 0
    for (verb, a, b), amount in ops:
        if verb == "stake":
            led.stake(a, amount)
            paid_in += amount
        elif verb == "pay_next":
            led.pay_next(a, amount)
            paid_in += amount
        elif verb == "take":
            if amount > led.pool:
                with pytest.raises(ConservationError):
                    led.take(a, amount)
                continue
            led.take(a, amount)
            paid_in -= amount
        else:
            led.transfer(a, b, amount)
        led.check()
        assert sum(led.net) == -paid_in
        assert led.pool >= 0 and led.total == pool + paid_in
