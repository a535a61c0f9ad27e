"""The Nap players of the batch simulator, compiled (numba): the sensible players' card play, as :mod:`.nap`
describes it and as its Python twins make it on the checked engine (their calls are :mod:`._nap_call`'s), and
what the random player's draws and the dealing need (:func:`modulo`, :func:`shuffle`, :func:`nth`); the kernel
(:mod:`._nap_kernel`) draws the random player's choices in its own loops.

A hand, the cards played and the pack are ``int64`` bit masks of cards ``suit * 13 + rank`` (ranks 0 = two ..
12 = ace). A call is a code of :data:`.nap.CALL_NAMES`: 0 pass, 1 "1", 2 "2", 3 misery, 4 "3", 5 "4", 6 Nap,
7 Wellington, 8 Blücher. Every function here sees only what its seat may see: its own hand, the calls, the
cards played so far (``played``, the trick in progress included) and the trick in progress.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.
# numba's disk cache (cache=True) is invalidated by a change of a function's own file only, and the kernel
# (_nap_kernel.py) compiles the calling (_nap_call.py) and the players (_nap_policy.py) into its own functions:
# after editing any of them, delete their cached machine code (src/roundgames/sim/__pycache__/_nap_*.nbi, .nbc).

from __future__ import annotations

import numba
import numpy as np

from ..cardbits import INLINE, above, beats, high_card, low_card, popcount
from ._streams_kernel import GOLDEN, mix

PASS, ONE, TWO, MISERY, THREE, FOUR, NAP, WELLINGTON, BLUCHER = 0, 1, 2, 3, 4, 5, 6, 7, 8
#: the tricks each call undertakes (misery: none)
CALL_TRICKS = np.array([0, 1, 2, 0, 3, 4, 5, 5, 5], dtype=np.int64)
SUIT = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.int64)
#: policy codes, in the order of :data:`.nap.POLICIES`; the strategy players call by a computed strategy's table
#: (:mod:`._nap_kernel`) and play their cards as ``sensible`` and ``sensible-head``
RANDOM, SENSIBLE, SENSIBLE_HEAD, STRATEGY, STRATEGY_HEAD = 0, 1, 2, 3, 4
KNAVE, TEN, ACE = 9, 8, 12

# The configuration array's slots (filled by :func:`.nap.config`).
C_SEATS, C_PLAYING, C_MIN_CALL, C_MISERY, C_MISERY_TRUMPS, C_WELLINGTON, C_BLUCHER = 0, 1, 2, 3, 4, 5, 6
C_ALL_PASS, C_KITTY, C_TAKES, C_POOL_DOUBLE, C_PACK, C_LOW = 7, 8, 9, 10, 11, 12
C_HERO, C_HERO_MODE, C_HERO_CALL, C_POOL, C_FULL = 13, 14, 15, 16, 17
CONFIG_SIZE = 18


def _magic() -> tuple[np.ndarray, np.ndarray]:
    weights = np.zeros((65, 4), dtype=np.uint64)
    magic = np.zeros(65, dtype=np.uint64)
    for d in range(1, 65):
        weights[d] = [(1 << (16 * i)) % d for i in range(4)]
        magic[d] = (1 << 40) // d + 1
    return weights, magic


#: for each ``k`` up to 64: ``2**(16 i) % k`` for the four 16-bit pieces of a 64-bit number, and
#: ``2**40 // k + 1``, which divides a number below ``2**34`` by ``k`` exactly as a multiplication and a shift
WEIGHTS, MAGIC = _magic()
LOW16 = np.uint64(0xFFFF)
S16, S32, S48, S40 = np.uint64(16), np.uint64(32), np.uint64(48), np.uint64(40)


@numba.njit(cache=True, inline=INLINE)
def modulo(x, k):
    """``x % k`` for a uint64 ``x`` and ``1 <= k <= 64``, without a division (a 64-bit division costs some twenty
    times the rest of a draw): the sum of ``x``'s four 16-bit pieces, each times ``2**(16 i) % k``, is below
    ``2**24`` and has the same remainder, which a multiplication and a shift then give exactly."""
    y = (x & LOW16) + ((x >> S16) & LOW16) * WEIGHTS[k, 1]  # no row taken: a view costs a reference count
    y += ((x >> S32) & LOW16) * WEIGHTS[k, 2] + (x >> S48) * WEIGHTS[k, 3]
    q = (y * MAGIC[k]) >> S40
    return np.int64(y - q * np.uint64(k))


@numba.njit(cache=True)
def shuffle(state, cards, size, count):
    """:func:`._streams_kernel.shuffle_into` on the first ``size`` places of ``cards`` (at most 64): the same
    shuffle, by :func:`modulo`, the stream's state kept in a register until the end."""
    x = state[0]
    for j in range(count):
        x += GOLDEN
        r = j + modulo(mix(x), size - j)
        t = cards[j]
        cards[j] = cards[r]
        cards[r] = t
    state[0] = x


@numba.njit(cache=True, inline=INLINE)
def nth(m, r):
    """The ``r``-th card (from 0) of mask ``m`` in ascending order: a binary search on the count of each half,
    free of the unpredictable branches of a loop over the cards."""
    pos = 0
    for width in (32, 16, 8, 4, 2, 1):
        low = m & ((np.int64(1) << width) - 1)
        c = popcount(low)
        if r >= c:
            r -= c
            m >>= width
            pos += width
        else:
            m = low
    return pos


# -- calling (the sensible call itself: _nap_call) -----------------------------------------------------


@numba.njit(cache=True)
def sure_tricks(hand, trump, full):
    """The trumps held in an unbroken sequence from the top of the pack's trumps."""
    n = 0
    m = full & SUIT[trump]
    while m:
        c = high_card(m)
        if not (hand >> c) & 1:
            break
        n += 1
        m &= ~(np.int64(1) << c)
    return n


# -- play ----------------------------------------------------------------------------------------------


@numba.njit(cache=True, inline=INLINE)
def value(card, trump):
    """What a card is worth keeping: its rank, a trump 13 more."""
    return card % 13 + (13 if card // 13 == trump else 0)


@numba.njit(cache=True)
def least_value(m, trump):
    """The card of least :func:`value` in a non-empty mask (ties: the lower card)."""
    best, best_value = -1, 99
    while m:
        c = low_card(m)
        m &= m - 1
        v = value(c, trump)
        if v < best_value:
            best, best_value = c, v
    return best


@numba.njit(cache=True)
def beaters(m, win, trump):
    """The cards of ``m`` that take the trick from ``win``."""
    out = np.int64(0)
    while m:
        c = low_card(m)
        m &= m - 1
        if beats(c, win, trump):
            out |= np.int64(1) << c
    return out


@numba.njit(cache=True)
def top_rank(m):
    """The card of highest rank in a non-empty mask (ties: the lower card)."""
    best = -1
    while m:
        c = low_card(m)
        m &= m - 1
        if best < 0 or c % 13 > best % 13:
            best = c
    return best


@numba.njit(cache=True)
def low_rank(m):
    """The card of lowest rank in a non-empty mask (ties: the lower card)."""
    best = -1
    while m:
        c = low_card(m)
        m &= m - 1
        if best < 0 or c % 13 < best % 13:
            best = c
    return best


@numba.njit(cache=True)
def masters(m, unseen):
    """The cards of ``m`` that no unseen card of their suit ranks above."""
    out = np.int64(0)
    while m:
        c = low_card(m)
        m &= m - 1
        if not unseen & above(c):
            out |= np.int64(1) << c
    return out


@numba.njit(cache=True)
def trick_winner(tc, tlen, trump):
    """The index, in order of play, of the card heading the trick."""
    win = 0
    for i in range(1, tlen):
        if beats(tc[i], tc[win], trump):
            win = i
    return win


@numba.njit(cache=True)
def peel_case(seat, hand, tc, tlen, tricks_done, declarer, contract):
    """Peel's first-round case: the senior hand led a knave or lower to the first trick and still heads it, and
    ``seat``, a defender to follow, holds the ace and one small card (ten or lower) of that suit, no more."""
    if tricks_done != 0 or tlen == 0 or seat == declarer or contract == MISERY:
        return False
    led = tc[0]
    if led % 13 > KNAVE or trick_winner(tc, tlen, -1) != 0:
        return False
    mine = hand & SUIT[led // 13]
    if popcount(mine) != 2 or not (mine >> (led // 13 * 13 + ACE)) & 1:
        return False
    return low_card(mine) % 13 <= TEN


@numba.njit(cache=True)
def senior_card(hand, legal, unseen, tc, tlen, trump, tricks_done, first_suit):
    """The senior hand at a trick contract: trumps from the top, then winners; following, head cheaply.
    ``first_suit``: the suit his calling estimate counted as trumps (``_nap_call.best_trump``), which his first
    lead makes trumps (NAP-PLAY-1); read only for that lead."""
    if tlen == 0:
        if tricks_done == 0:
            return high_card(hand & SUIT[first_suit])
        mine = hand & SUIT[trump]
        if mine and unseen & SUIT[trump]:
            return high_card(mine)
        win = masters(hand, unseen)
        if win:
            return top_rank(win)
        return least_value(hand, trump)
    heads = beaters(legal, tc[trick_winner(tc, tlen, trump)], trump)
    return least_value(heads if heads else legal, trump)


@numba.njit(cache=True)
def defender_card(legal, unseen, tc, tlen, leader, trump, declarer, playing):
    """A defender at a trick contract: lead a plain winner, else the least card; head the senior hand cheaply
    when the card will hold the trick; otherwise throw the least card."""
    if tlen == 0:
        win = masters(legal & ~SUIT[trump], unseen) if trump >= 0 else masters(legal, unseen)
        return top_rank(win) if win else least_value(legal, trump)
    w = trick_winner(tc, tlen, trump)
    win_card = tc[w]
    heads = beaters(legal, win_card, trump)
    senior_at = declarer - leader  # his place in the trick
    if senior_at < 0:
        senior_at += playing
    if senior_at < tlen:  # the senior hand has played: head him if he is winning
        if w == senior_at and heads:
            return least_value(heads, trump)
        return least_value(legal, trump)
    if not unseen & above(win_card):  # a partner-in-defence's card that nothing can head in its suit
        return least_value(legal, trump)
    holding = masters(heads, unseen)
    return least_value(holding if holding else legal, trump)


@numba.njit(cache=True)
def misery_card(seat, hand, legal, tc, tlen, leader, trump, declarer, playing):
    """Misery: the caller leads his lowest card and stays under the trick with his highest card that does; the
    defenders play low under him and shed high cards once he is beaten."""
    if tlen == 0:
        if seat != declarer:
            return low_rank(legal)
        best, best_key = -1, 0
        m = legal
        while m:  # the lowest card of the shortest suit (which becomes trumps: the fewer kept, the better)
            c = low_card(m)
            m &= m - 1
            key = popcount(hand & SUIT[c // 13]) * 16 + c % 13
            if best < 0 or key < best_key:
                best, best_key = c, key
        return best
    w = trick_winner(tc, tlen, trump)
    under = legal & ~beaters(legal, tc[w], trump)
    if seat == declarer:
        return top_rank(under) if under else low_rank(legal)
    caller_at = declarer - leader  # his place in the trick
    if caller_at < 0:
        caller_at += playing
    if caller_at >= tlen:
        return low_rank(legal)
    if w == caller_at and under:
        return top_rank(under)
    return top_rank(legal)
