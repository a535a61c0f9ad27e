"""The laws of play of Five-card and Irish Loo, compiled (numba), for the batch player :mod:`._loo5_kernel`: the
cards as small ints and the hands as int64 masks, as in the checked engine, whose functions these follow one for
one (:mod:`roundgames.loo.pam`, :func:`roundgames.loo.five.flush_key`). ``pam`` is the card that is Pam, or -1
where there is none (Irish Loo, LOOI-1), and then every function gives what Three-card Loo's laws give.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ._streams_kernel import below, next_u64

ONE = np.int64(1)
SUIT = np.int64(0x1FFF)
ACE = 12
KING = 11
#: lead_rule, as the kernel's configuration numbers it
HIGHEST = 0
LEAD_ONE = 1
CASSELL = 2


#: choices among up to this many things take the fast remainder of :func:`below_fast`
FAST_K = 64
U16, U32 = np.uint64(0xFFFF), np.uint64(0xFFFFFFFF)
S16, S32, S48 = np.uint64(16), np.uint64(32), np.uint64(48)
#: for each k: 2**16, 2**32 and 2**48 modulo k, and Lemire's M = 2**64 // k + 1 (modulo 2**64)
MOD_TABLE = np.array(
    [[0, 0, 0, 0]] + [[(1 << 16) % k, (1 << 32) % k, (1 << 48) % k, ((1 << 64) // k + 1) % (1 << 64)] for k in
     range(1, FAST_K + 1)],
    dtype=np.uint64,
)  # fmt: skip


@numba.njit(cache=True, inline="always")
def below_fast(state, k):
    """:func:`._streams_kernel.below` (``next % k``), the same number without a 64-bit division, which costs
    more than the rest of a draw: the value's four 16-bit limbs are folded modulo ``k`` into a number below
    2**32 (each limb times 2**(16i) mod k), whose remainder is then taken by Lemire, Kaser and Kurz's direct
    computation (2019: ``mulhi(M * y mod 2**64, k)``, exact for 32-bit ``y``), the high product in 32-bit
    halves."""
    if k > FAST_K:
        return below(state, k)
    x = next_u64(state)
    y = (x & U16) + ((x >> S16) & U16) * MOD_TABLE[k, 0] + ((x >> S32) & U16) * MOD_TABLE[k, 1]
    y += (x >> S48) * MOD_TABLE[k, 2]
    frac = MOD_TABLE[k, 3] * y
    kk = np.uint64(k)
    return np.int64(((frac >> S32) * kk + (((frac & U32) * kk) >> S32)) >> S32)


@numba.njit(cache=True, inline="always")
def bit(card):
    return ONE << card


@numba.njit(cache=True, inline="always")
def low(mask):
    """The lowest card of a non-empty mask."""
    return np.int64(trailing_zeros(mask))


@numba.njit(cache=True, inline="always")
def high(mask):
    """The highest card of a non-empty mask."""
    return np.int64(63 - leading_zeros(mask))


@numba.njit(cache=True, inline="always")
def count(mask):
    n = 0
    while mask:
        mask &= mask - ONE
        n += 1
    return n


@numba.njit(cache=True, inline="always")
def suit_mask(suit):
    return SUIT << (13 * suit)


@numba.njit(cache=True, inline="always")
def suit_in_play(card, trump, pam):
    """The suit ``card`` counts as in play: Pam is a trump (LOO5-3 [I])."""
    return trump if card == pam else card // 13


@numba.njit(cache=True, inline="always")
def in_suit(hand, suit, trump, pam):
    """The cards of ``hand`` that count as ``suit``: Pam with the trumps, not with its own suit."""
    mask = hand & suit_mask(suit)
    if pam < 0 or ((hand >> pam) & ONE) == 0:
        return mask
    if suit == trump:
        return mask | bit(pam)
    return mask & ~bit(pam)


@numba.njit(cache=True, inline="always")
def power(card, led, trump, pam, civil):
    """How high ``card`` stands in a trick led in ``led`` (Pam above every trump; -1: it cannot win)."""
    if card == pam:
        return -1 if civil else 100
    suit = card // 13
    if suit == trump:
        return 50 + card % 13
    if suit == led:
        return card % 13
    return -1


@numba.njit(cache=True)
def beating(hand, win, led, trump, pam, civil):
    bar = power(win, led, trump, pam, civil)
    out = np.int64(0)
    m = hand
    while m:
        c = low(m)
        m &= m - ONE
        if power(c, led, trump, pam, civil) > bar:
            out |= bit(c)
    return out


@numba.njit(cache=True)
def free_split(hand, pam, free, civil):
    """``(the hand under the laws, Pam if playable besides them)`` (LOO5-3 ``pam_free``, LOO5-4)."""
    if pam < 0 or ((hand >> pam) & ONE) == 0:
        return hand, np.int64(0)
    rest = hand & ~bit(pam)
    if rest == 0:
        return hand, np.int64(0)
    if civil:
        return rest, np.int64(0)
    if free:
        return rest, bit(pam)
    return hand, np.int64(0)


@numba.njit(cache=True)
def follow(hand, led, win, trump, pam, free, civil):
    """The cards ``hand`` may add to a trick led in ``led`` that ``win`` is winning (LOO-PLAY-4..6, LOO5-3/4):
    follow suit and head it; void, trump or overtrump where that heads it; otherwise anything."""
    bound, extra = free_split(hand, pam, free, civil)
    same = in_suit(bound, led, trump, pam)
    if same:
        if suit_in_play(win, trump, pam) != led:
            return same | extra
        b = beating(same, win, led, trump, pam, civil)
        return (b if b else same) | extra
    trumps = in_suit(bound, trump, trump, pam)
    b = beating(trumps, win, led, trump, pam, civil)
    return (b if b else bound) | extra


@numba.njit(cache=True, inline="always")
def top_trump(trumps, pam):
    if pam >= 0 and ((trumps >> pam) & ONE) != 0:
        return bit(pam)
    return bit(high(trumps))


@numba.njit(cache=True)
def lead(hand, index, trump, turnup, pam, lead_rule, peel_second, free):
    """The cards ``hand`` may lead to trick ``index`` (0 the first) (LOO-PLAY-2/3, LOO-VAR-LEADONE,
    LOO-VAR-CASSELL-LEAD, §14.15)."""
    bound, extra = free_split(hand, pam, free, False)
    p = -1 if extra else pam
    trumps = in_suit(bound, trump, trump, p)
    if index == 0:
        if lead_rule == CASSELL:
            if trumps:
                return top_trump(trumps, p) | extra
            top = -1
            m = bound
            while m:
                c = low(m)
                m &= m - ONE
                top = max(top, c % 13)
            out = np.int64(0)
            for s in range(4):
                c = s * 13 + top
                if (bound >> c) & ONE:
                    out |= bit(c)
            return out | extra
        holds_pam = p >= 0 and ((bound >> p) & ONE) != 0
        ace = trump * 13 + (KING if turnup % 13 == ACE else ACE)
        if not holds_pam and (bound >> ace) & ONE:
            return bit(ace) | extra
        if count(trumps) >= 2:
            return (trumps if lead_rule == LEAD_ONE else top_trump(trumps, p)) | extra
        return bound | extra
    if trumps and (lead_rule == CASSELL or (index == 1 and peel_second)):
        return top_trump(trumps, p) | extra
    return bound | extra


@numba.njit(cache=True)
def flush_key(hand, trump, pam, size):
    """The rank of the flush ``hand`` holds as one number (higher is better), or -1 (LOO5-6/7, LOOI-3): trumps
    over a plain suit, then the ranks from the top, Pam as 13; the digits of base 14 keep the engine's order."""
    if count(hand) != size:
        return np.int64(-1)
    with_pam = pam >= 0 and ((hand >> pam) & ONE) != 0
    rest = hand & ~bit(pam) if with_pam else hand
    suit = low(rest) // 13
    if rest & ~suit_mask(suit):
        return np.int64(-1)
    key = np.int64(1 if suit == trump else 0)
    if with_pam:
        key = key * 14 + 13
    while rest:
        c = high(rest)
        rest &= ~bit(c)
        key = key * 14 + c % 13
    return key


@numba.njit(cache=True, inline="always")
def share(amount, parts, i):
    """Part ``i`` of ``amount`` in ``parts`` shares, the earliest taking the odd units (LOO-SET-2, LOO5-5)."""
    return amount // parts + (1 if i < amount % parts else 0)
