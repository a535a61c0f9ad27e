"""The sensible Loo bot's declaring, compiled (numba): :class:`roundgames.bots.loo.SensibleLooBot`'s choice before
the play, situation for situation, for the Three-card kernel (:func:`three_card`) and the Five-card and Irish
kernel (:func:`five_card`). Card play is not here: the kernels keep their own compact rules for it.

Exactness. Every estimate is the bot's arithmetic in the bot's order (:func:`none_among`, :func:`plain_estimate`
and :func:`estimate` are ``_none_among`` and ``hand_estimate`` line for line), so the floats are the same to the
last bit: numba, without fastmath, computes IEEE doubles, and ``**`` calls the same libm ``pow`` as Python. Where
the same number is asked again and again it is read from a table (:func:`tables`) that was filled by the same
arithmetic: the loop's products, a stander's trumps, the powers, the miss's value. Two things come from the bot:

- the fixed sample of hands that values the miss (:func:`roundgames.bots.loo.miss_sample`, drawn with Python's
  ``random.Random``), taken as an array;
- the exchange's imagined draws, a SplitMix64 stream seeded by the hand and the turn-up
  (:func:`roundgames.bots.loo.exchange_draws`), which :func:`exchange_value` draws here value for value.

The constants are the bot's, read when a function is compiled. numba's disk cache does not notice a change in
another module, the bot's included: after changing either, delete ``__pycache__/*.nbi`` and ``*.nbc`` here.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

from functools import lru_cache

import numba
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ..bots import loo as bot
from ..cardbits import FULL, INLINE, ONE, TWO, count, high_card, suit_mask
from ._streams_kernel import GOLDEN, mix, remainder

#: the declarations, as the engine (``Decl``) and the Three-card kernel number them
STAND, THROW, MISS, DEFEND = 1, 2, 3, 4
#: what :func:`five_card` returns to throw up (else the mask exchanged, 0 to stand)
THROW_UP = -1
#: the bot's constants (read at compile time)
LATER_STAND_SHARE = bot.LATER_STAND_SHARE
STANDER_TRUMP_WEIGHT = bot.STANDER_TRUMP_WEIGHT
FIRST_MISS_CAUTION = bot.FIRST_MISS_CAUTION
STRUCK_IN_MISS_CAUTION = bot.STRUCK_IN_MISS_CAUTION
EXCHANGE_BELOW = bot.EXCHANGE_BELOW
EXCHANGE_SAMPLES = bot.EXCHANGE_SAMPLES
#: the most seats the kernels deal to (Three-card Loo's 16 with a miss, LOO-GEN-1)
MAX_SEATS = 16
#: the opponents of the miss's value in quarters, 0 .. 4 * 16 (a seat of sixteen has at most fifteen)
MISS_QUARTERS = 4 * MAX_SEATS + 1
#: the seat's situations that fix the bot's count of opponents: (miss taken, seats in before, seats after)
SITUATIONS = 2 * MAX_SEATS * MAX_SEATS
U52 = np.uint64(52)


@lru_cache(maxsize=8)
def tables(size: int = 3, pack: int = 52) -> tuple[np.ndarray, ...]:
    """The tables every function here takes as ``tables``, for hands of ``size`` cards from a pack of ``pack``:

    0. ``miss_hands`` (52, 150): the bot's sample of hands that values the miss, for each turn-up
       (:func:`roundgames.bots.loo.miss_sample`);
    1. ``miss_values`` (turn-up, leader or not, the opponents in quarters, P(a trick) / the tricks expected): the
       miss's values, computed the first time they are asked (NaN: not yet);
    2. and 3. two tables of :func:`none_among` (:func:`products`, :func:`trumps_missed`);
    4. ``survives`` (:data:`SITUATIONS`, 2, 13, 14): the powers that :func:`plain_estimate` raises a side card's
       survival to, by the seat's situation, kept as they are computed (NaN: not yet): ``pow`` costs more than
       the rest of an estimate, and a few of them serve every deal.

    One of each per process (the survivals one per size and pack): the values are the same whoever fills them."""
    hands, values, prods, missed = _shared_tables()
    survives = np.full((SITUATIONS, 2, 13, 14), np.nan)
    return hands, values, prods, missed, survives


@lru_cache(maxsize=1)
def _shared_tables() -> tuple[np.ndarray, ...]:
    hands = np.array([bot.miss_sample(t, 52) for t in range(52)], np.int64)
    values = np.full((52, 2, MISS_QUARTERS, 2), np.nan)
    return hands, values, products(), trumps_missed()


@numba.njit(cache=True)
def products():
    """``out[unseen, special, k]``: the product of the first ``k`` factors of :func:`none_among`'s loop, multiplied
    in its order (the same double as the loop's after ``k`` steps), for the whole numbers of cards; NaN where the
    loop would divide by zero (no estimate gets there: fewer are drawn than are unseen)."""
    out = np.full((53, 53, 53), np.nan)
    for unseen in range(53):
        for special in range(53):
            p = 1.0
            out[unseen, special, 0] = p
            for i in range(min(unseen, 52)):
                p *= max(0.0, (unseen - special - i) / (unseen - i))
                out[unseen, special, i + 1] = p
    return out


@numba.njit(cache=True)
def trumps_missed():
    """``out[unseen, trumps, size]``: :func:`none_among` of ``trumps`` unseen trumps weighted as a stander's
    (``STANDER_TRUMP_WEIGHT``) among ``size`` cards drawn from ``unseen``: the bot's chance that a player void of
    a suit has no trump to head it with; NaN where more would be drawn than are unseen."""
    out = np.full((53, 14, 6), np.nan)
    for unseen in range(53):
        for trumps in range(14):
            for size in range(min(6, unseen + 1)):
                out[unseen, trumps, size] = none_among(unseen, trumps * STANDER_TRUMP_WEIGHT, float(size))
    return out


@numba.njit(cache=True, inline=INLINE)
def none_among_of(unseen, special, drawn, prods):
    """:func:`none_among` for a whole number ``special`` (the bot passes an int there), its loop's product read
    from :func:`products`."""
    if special <= 0 or drawn <= 0:
        return 1.0
    if special >= unseen:
        return 0.0
    k = int(drawn)
    frac = drawn - k
    p = prods[unseen, special, k]
    if frac != 0.0:
        p *= 1.0 - frac * min(1.0, special / max(1.0, unseen - k))
    return p


@numba.njit(cache=True)
def none_among(unseen, special, drawn):
    """``_none_among``: P(none of ``special`` given cards is among ``drawn`` drawn from ``unseen``), the floats
    ``special`` and ``drawn`` being the bot's ints where it passes ints (the same values: they are small)."""
    if special <= 0 or drawn <= 0:
        return 1.0
    if special >= unseen:
        return 0.0
    p = 1.0
    k = int(drawn)
    frac = drawn - k
    for i in range(k):
        p *= max(0.0, (unseen - special - i) / (unseen - i))
    if frac != 0.0:
        p *= 1.0 - frac * min(1.0, special / max(1.0, unseen - k))
    return p


@numba.njit(cache=True, inline=INLINE)
def situation(in_before, later, miss_taken):
    """The index of a seat's situation in ``survives`` (:func:`tables`): it fixes :func:`opponents_of`."""
    return ((1 if miss_taken else 0) * MAX_SEATS + in_before) * MAX_SEATS + later


@numba.njit(cache=True, inline=INLINE)
def opponents_of(in_before, later, miss_taken):
    """The players the bot expects to stand against it: those in, and a share of those still to declare."""
    share_later = LATER_STAND_SHARE * (0.85 if miss_taken else 1.0)
    return max(1.0, in_before + share_later * later)


@numba.njit(cache=True, inline=INLINE)
def plain_estimate(hand, trump, turnup, opponents, where, leader, full, size, tables):
    """``hand_estimate`` without Pam: ``(P(at least one trick), expected tricks)``, the cards taken from the
    highest down, trumps first, as the bot lists them. ``where``: the seat's :func:`situation`, whose
    ``opponents`` these are, or -1 for other opponents (the miss's quarters)."""
    prods, missed, survives = tables[2], tables[3], tables[4]
    tbit = ONE << np.int64(turnup)
    unseen = count(full & ~hand & ~tbit)
    drawn = float(size) * max(1.0, opponents)
    trumps = hand & suit_mask(trump)
    tmask = suit_mask(trump) & full & ~hand & ~tbit
    per_trump_drawn = min(unseen - 1.0, drawn * STANDER_TRUMP_WEIGHT)
    miss_any = 1.0
    expected = 0.0
    i = 0
    m = trumps
    while m:
        c = high_card(m)
        m &= ~(ONE << c)
        higher = count(tmask & ~((TWO << c) - ONE))
        p = none_among_of(unseen, max(0, higher - i), per_trump_drawn, prods)
        miss_any *= 1.0 - p
        expected += p
        i += 1
    unseen_trumps = count(tmask)
    reach = 0.95 if leader else 0.7
    if i >= 2 and leader:
        reach = 0.6
    power = max(1.0, opponents)
    # a hand of ``size`` cards leaves this many unseen, one more without Pam: the rows of ``survives``
    extra = unseen - (count(full) - size - 1)
    m = hand & ~trumps
    while m:
        c = high_card(m)
        m &= ~(ONE << c)
        smask = suit_mask(c // 13) & full & ~hand
        higher = count(smask & ~((TWO << c) - ONE))
        same = count(smask)
        void = none_among_of(unseen, same, float(size), prods)
        has_trump = 1.0 - missed[unseen - same, unseen_trumps, size]
        survive = 1.0 - void * has_trump
        # pow(x, 1.0) is x exactly (a correctly rounded pow cannot miss a representable result); otherwise the
        # same power of the same number, kept: the base is fixed by (extra, same, unseen_trumps), the power by
        # the situation
        if power != 1.0:
            if where >= 0 and 0 <= extra <= 1:
                kept = survives[where, extra, same, unseen_trumps]
                if np.isnan(kept):
                    kept = survive**power
                    survives[where, extra, same, unseen_trumps] = kept
                survive = kept
            else:
                survive = survive**power
        p = none_among_of(unseen, higher, drawn, prods) * survive * reach
        miss_any *= 1.0 - p
        expected += p
    return 1.0 - miss_any, min(float(size), expected)


@numba.njit(cache=True, inline=INLINE)
def estimate(hand, trump, turnup, opponents, where, leader, full, size, pam, tables):
    """``hand_estimate``: Pam (``pam``, -1 for none) is a sure trick besides the rest (LOO5-3)."""
    if pam >= 0 and (hand >> np.int64(pam)) & ONE:
        rest_hand = hand & ~(ONE << np.int64(pam))
        _, rest = plain_estimate(rest_hand, trump, turnup, opponents, where, leader, full, size, tables)
        return 1.0, min(float(size), rest + 1.0)
    return plain_estimate(hand, trump, turnup, opponents, where, leader, full, size, tables)


@numba.njit(cache=True, inline=INLINE)
def miss_estimate(turnup, opponents, leader, tables):
    """``_miss_estimate`` with the opponents quantised as the bot asks it, computed once and kept."""
    miss_hands, miss_values = tables[0], tables[1]
    q = round(opponents * 4)
    row = 1 if leader else 0
    if np.isnan(miss_values[turnup, row, q, 0]):
        quarters = q / 4
        total_p = 0.0
        total_e = 0.0
        n = miss_hands.shape[1]
        for j in range(n):
            hand = miss_hands[turnup, j]
            p, e = plain_estimate(hand, turnup // 13, turnup, quarters, -1, leader, FULL, 3, tables)
            total_p += p
            total_e += e
        miss_values[turnup, row, q, 0] = total_p / n
        miss_values[turnup, row, q, 1] = total_e / n
    return miss_values[turnup, row, q, 0], miss_values[turnup, row, q, 1]


@numba.njit(cache=True, inline=INLINE)
def three_card(opts, hand, turnup, pool, loo_amount, seat, players, in_before, miss_taken, tables):
    """``SensibleLooBot._declare`` in Three-card Loo: the declaration (:data:`STAND` .. :data:`DEFEND`) among
    ``opts`` (bits by code) of the seat ``seat`` places from the eldest hand (``players - 1``: the dealer), with
    ``pool`` in the pool, a loo of ``loo_amount``, ``in_before`` seats in before it and the miss taken or not.

    The choices are valued in the bot's order (stand, miss, defend, throw) and the first of the highest wins,
    standing winning a tie, as the bot's ``max`` does."""
    trump = turnup // 13
    last = seat == players - 1
    later = players - seat - 1
    opponents = opponents_of(in_before, later, miss_taken)
    where = situation(in_before, later, miss_taken)
    leader = in_before == 0
    share = pool / 3.0
    loo = float(loo_amount)
    lone_stander = (opts >> DEFEND) & 1 != 0  # LOO-DECL-8: one stood against the dealer
    lone_miss = last and in_before == 1 and miss_taken  # LOO-DECL-9: one took the miss
    if lone_stander or lone_miss:  # the dealer plays one hand, and does not lead
        opponents = 1.0
        where = -1
        leader = False
    best = -1
    best_v = 0.0
    if (opts >> STAND) & 1:
        p, e = plain_estimate(hand, trump, turnup, opponents, where, leader, FULL, 3, tables)
        best, best_v = STAND, share * e - loo * (1.0 - p)
    if (opts >> MISS) & 1:
        p, e = miss_estimate(turnup, opponents, leader, tables)
        caution = (FIRST_MISS_CAUTION * (1.0 if seat == 0 else 0.0) + STRUCK_IN_MISS_CAUTION * in_before) * loo
        v = (share * e - loo * (1.0 - p)) - caution
        if best < 0 or v > best_v:
            best, best_v = MISS, v
    if (opts >> DEFEND) & 1 and (best < 0 or best_v < 0.01):  # for the pool: it cannot cost (LOO-DECL-8c)
        best, best_v = DEFEND, 0.01
    if (opts >> THROW) & 1 and (best < 0 or best_v < 0.0):
        best, best_v = THROW, 0.0
    return best


@numba.njit(cache=True)
def exchange_value(hand, weak, turnup, pam, full, size, opponents, where, leader, share, loo, tables, scratch):
    """``SensibleLooBot._exchange``'s value of putting out ``weak``: the mean value of the hand kept with each of
    :func:`roundgames.bots.loo.exchange_draws`' samples, drawn here from the same stream (``scratch``: room for
    the unseen cards)."""
    trump = turnup // 13
    n = 0
    m = full & ~hand & ~(ONE << np.int64(turnup))
    while m:  # the unseen cards, ascending
        c = np.int64(trailing_zeros(m))
        m &= m - ONE
        scratch[n] = c
        n += 1
    k = count(weak)
    kept = hand & ~weak
    state = mix(np.uint64(hand) | (np.uint64(turnup) << U52))
    total = 0.0
    for _ in range(EXCHANGE_SAMPLES):
        drawn = np.int64(0)
        for j in range(k):
            state += GOLDEN
            r = j + remainder(mix(state), n - j)  # next % (n - j), as the bot's stream.below
            c = scratch[r]
            scratch[r] = scratch[j]
            scratch[j] = c
            drawn |= ONE << c
        p, e = estimate(kept | drawn, trump, turnup, opponents, where, leader, full, size, pam, tables)
        total += share * e - loo * (1.0 - p)
    return total / EXCHANGE_SAMPLES


@numba.njit(cache=True)
def five_card(hand, turnup, pam, full, size, pool, loo_amount, seat, players, in_before, stock, can_throw, tables,
              scratch):  # fmt: skip
    """``SensibleLooBot._declare`` in Five-card and Irish Loo (``size`` cards, ``pam`` -1 for none, ``full`` the
    pack's mask): :data:`THROW_UP`, 0 to stand, or the mask of the cards to exchange (its weak side cards, when
    the stock has as many). Stand, exchange and throw up are valued in that order, the first of the highest
    winning, standing a tie, as the bot's ``max`` does."""
    trump = turnup // 13
    opponents = opponents_of(in_before, players - seat - 1, False)
    where = situation(in_before, players - seat - 1, False)
    leader = in_before == 0
    share = pool / float(size)
    loo = float(loo_amount)
    p, e = estimate(hand, trump, turnup, opponents, where, leader, full, size, pam, tables)
    best = np.int64(0)
    best_v = share * e - loo * (1.0 - p)
    weak = np.int64(0)
    m = hand
    while m:
        c = high_card(m)
        m &= ~(ONE << c)
        if c // 13 != trump and c != pam and c % 13 < EXCHANGE_BELOW:
            weak |= ONE << c
    if weak and count(weak) <= stock:  # the exchange is open (LOO5-2)
        v = exchange_value(hand, weak, turnup, pam, full, size, opponents, where, leader, share, loo, tables, scratch)
        if v > best_v:
            best, best_v = weak, v
    if can_throw and best_v < 0.0:
        best = np.int64(THROW_UP)
    return best
