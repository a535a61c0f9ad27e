"""A straightforward encoding of the research adapters' observation vectors, one Python list at a time, read through
each seat's ``view``: the reference the adapters' NumPy vectors are checked against (tests/test_envs_vectors.py).
Slow and plain on purpose: every field is built the way :func:`roundgames.envs.loo_encoding.layout` and
:func:`roundgames.envs.nap_encoding.layout` describe it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from roundgames.core.cards import cards_in, mask_of
from roundgames.core.tricks import Trick
from roundgames.envs._common import bits
from roundgames.loo.actions import Kind
from roundgames.loo.five import hand_size
from roundgames.nap.calls import CALLS


def rel(seat: int | None, me: int, n: int) -> int | None:
    """``seat`` relative to the observer ``me`` (0 is himself, 1 his left-hand neighbour); None stays None."""
    return None if seat is None else (seat - me) % n


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a one at ``index`` (none for None)."""
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def played(tricks: Collection[Trick], seat: int, n: int) -> tuple[int, list[int]]:
    """Every card played so far, and the trick in progress by relative seat, as masks."""
    out = 0
    trick = [0] * n
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            out |= 1 << c
            if t.winner is None:
                trick[(s - seat) % n] |= 1 << c
    return out, trick


def loo_observation(deal: Any, seat: int, passed: Collection[int] = ()) -> list[float]:
    """Loo's observation vector of ``seat``, every form."""
    n = deal.n
    stock = deal.rules.form != "three_card"
    tricks = hand_size(deal.rules.form) if stock else 3
    view = deal.view(seat)
    cards, trick = played(view.tricks, seat, n)
    won = [0] * n
    for t in view.tricks:
        if t.winner is not None:
            won[(t.winner - seat) % n] += 1
    up = view.turnup if view.turnup >= 0 else None  # none before the deal
    out = bits(view.hand) + one_hot(52, up) + one_hot(4, None if up is None else up // 13) + bits(cards)
    for r in range(n):
        out += bits(trick[r])
    for r in range(n):
        out += one_hot(6 if stock else 5, int(view.decls[(seat + r) % n]))
    for r in range(n):
        out += one_hot(tricks + 1, won[r])
    out += one_hot(n, rel(deal.dealer, seat, n)) + one_hot(n, rel(view.to_act, seat, n))
    out += one_hot(5 if stock else 4, int(view.phase)) + one_hot(3, list(Kind).index(deal.kind))
    if not stock:
        out += [float(view.miss_holder is not None), float(view.miss_holder == seat)]
    out += [view.pool / max(1, deal.rules.stakes.loo)]
    out += one_hot(tricks + 1, sum(1 for t in view.tricks if t.winner is not None))
    if stock:
        out += [float(len(deal.stock))]
        for r in range(n):
            put, _drawn = deal.exchanged.get((seat + r) % n, (0, 0))
            out += one_hot(tricks + 1, int.bit_count(put))
        out += bits(deal.exchanged.get(seat, (0, 0))[0])
        out += [*one_hot(52, deal.pam), float(deal.civil)]
        out += [float((seat + r) % n in passed) for r in range(n)]
        out += [float((seat + r) % n in deal.shown) for r in range(n)]
        out += bits(mask_of(c for s in deal.shown for c in cards_in(deal.hands[s])))
    return out


def nap_observation(deal: Any, seat: int, passed: Collection[int] = ()) -> list[float]:
    """Nap's observation vector of ``seat``."""
    n = deal.n
    view = deal.view(seat)
    cards, trick = played(view.tricks, seat, n)
    out = bits(view.hand) + one_hot(52, view.widow) + one_hot(5, 4 if view.trump is None else view.trump)
    out += bits(cards)
    for r in range(n):
        out += bits(trick[r])
    last_call: dict[int, str] = dict(view.calls)  # a later entry (a challenge's reply) overrides
    for r in range(n):
        said = last_call.get((seat + r) % n)
        out += one_hot(10, None if said is None else (1 if said == "pass" else 2 + CALLS.index(said)))
    out += one_hot(n, rel(view.declarer, seat, n))
    out += one_hot(8, None if view.contract is None else CALLS.index(view.contract))
    out += one_hot(6, min(deal.won, 5)) + one_hot(6, min(deal.lost, 5))
    out += one_hot(n, rel(deal.dealer, seat, n)) + one_hot(n, rel(view.to_act, seat, n))
    out += one_hot(5, int(view.phase))
    out += [view.kitty / max(1, deal.rules.stakes.unit), float(view.multiplier)]
    for r in range(n):
        bought = deal.bought.get((seat + r) % n)
        out += one_hot(6, None if bought is None else len(bought))
    out += [float((seat + r) % n in deal.peeped) for r in range(n)]
    return out
