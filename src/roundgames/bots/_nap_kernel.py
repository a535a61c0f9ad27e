"""The compiled kernel of Nap's open-card solver (numba): imported only where numba is installed, by
:mod:`.nap_compiled`, which says what it does. Every function is at module level so that numba caches its
machine code on disk (``cache=True``) and a new process loads it instead of compiling it again."""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from ..cardbits import beats

#: the bits of the transposition table's slot number
SLOT_BITS = 13
suit_mask = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.int64)


@numba.njit(cache=True)
def winner(trick: Any, tlen: int, trump: int) -> int:
    win = 0
    for i in range(1, tlen):
        if beats(trick[i], trick[win], trump):
            win = i
    return win


@numba.njit(cache=True)
def moves_of(hands: Any, seat: int, trick: Any, tlen: int, trump: int, side: int, seats: Any, leader: int,
             out: Any) -> int:  # fmt: skip
    """The moves of ``seat``, equivalent ranks merged, best-first, into ``out``; how many."""
    hand = hands[seat]
    legal = hand
    if tlen > 0:
        follow = hand & suit_mask[trick[0] // 13]
        if follow != 0:
            legal = follow
    in_play = np.int64(0)
    for h in hands:
        in_play |= h
    for i in range(tlen):
        in_play |= np.int64(1) << trick[i]
    keys = np.empty(13, dtype=np.int64)
    n = 0
    partner = False
    at_win = 0
    if tlen > 0:
        at_win = winner(trick, tlen, trump)
        holder = seats[(leader + at_win) % seats.shape[0]]
        partner = ((side >> holder) & 1) == ((side >> seat) & 1)
    for c in range(52):
        if not (legal >> c) & 1:
            continue
        top = c - c % 13 + 12
        above = c + 1
        while above <= top and not (in_play >> above) & 1:
            above += 1
        if above <= top and (legal >> above) & 1:
            continue  # a twin of the card above it
        rank = c % 13
        if tlen == 0:
            key = -rank
        elif partner:
            key = rank
        else:
            takes = beats(c, trick[at_win], trump)
            key = rank if takes else 100 + rank
        out[n] = c
        keys[n] = key
        n += 1
    for i in range(1, n):  # insertion sort: a handful of moves
        j = i
        while j > 0 and keys[j - 1] > keys[j]:
            keys[j - 1], keys[j] = keys[j], keys[j - 1]
            out[j - 1], out[j] = out[j], out[j - 1]
            j -= 1
    return n


@numba.njit(cache=True)
def slot_of(hands: Any, leader: int, trump: int) -> int:
    h = np.uint64(leader * 7 + trump + 3)
    for x in hands:
        h = (h ^ np.uint64(x)) * np.uint64(0x9E3779B97F4A7C15)
    return np.int64(h >> np.uint64(64 - SLOT_BITS))


#: the deepest search: seven seats, five tricks
MAX_DEPTH = 36


@numba.njit(cache=True)
def table_get(hands, leader, trump, t_hands, t_meta, slot):
    """Whether the table's slot holds this position."""
    if t_meta[slot] != leader * 8 + trump + 2:
        return False
    for i in range(hands.shape[0]):  # noqa: SIM110 (numba compiles loops, not generators)
        if t_hands[slot, i] != hands[i]:
            return False
    return True


@numba.njit(cache=True)
def take(d, v, side, f_seat, f_best, f_alpha, f_beta, f_i, f_k):
    """Frame ``d`` learns that its last move is worth ``v``: its best and window move, and a cut ends it."""
    if (side >> f_seat[d]) & 1 == 1:
        if v > f_best[d]:
            f_best[d] = v
            f_alpha[d] = max(f_alpha[d], v)
    elif v < f_best[d]:
        f_best[d] = v
        f_beta[d] = min(f_beta[d], v)
    if f_alpha[d] >= f_beta[d]:
        f_i[d] = f_k[d]


@numba.njit(cache=True)
def store(hands, leader, trump, best, a0, b0, left, slot, t_hands, t_meta, t_bounds):
    """Keep in the table what a search of the window ``(a0, b0)`` proved of the position's value."""
    lo, hi = 0, left
    if table_get(hands, leader, trump, t_hands, t_meta, slot):
        lo, hi = t_bounds[slot, 0], t_bounds[slot, 1]
    if best <= a0:
        hi = min(hi, best)
    elif best >= b0:
        lo = max(lo, best)
    else:
        lo = best
        hi = best
    t_hands[slot, :] = hands
    t_meta[slot] = leader * 8 + trump + 2
    t_bounds[slot, 0] = lo
    t_bounds[slot, 1] = hi


@numba.njit(cache=True)
def probe(hands, leader, trump, tlen, left, alpha, beta, t_hands, t_meta, t_bounds):
    """``(answer, alpha, beta, slot)``: the value if it is known at once (-1 if not), the window narrowed by
    the table, and the table slot of a position at the start of a trick (-1 in a trick)."""
    if alpha >= left:
        return left, alpha, beta, -1
    if beta <= 0:
        return 0, alpha, beta, -1
    if tlen > 0:
        return -1, alpha, beta, -1
    slot = slot_of(hands, leader, trump)
    if table_get(hands, leader, trump, t_hands, t_meta, slot):
        lo, hi = t_bounds[slot, 0], t_bounds[slot, 1]
        if lo >= beta or lo == hi:
            return lo, alpha, beta, slot
        if hi <= alpha:
            return hi, alpha, beta, slot
        return -1, max(alpha, lo), min(beta, hi), slot
    return -1, alpha, beta, slot


@numba.njit(cache=True)
def search(hands, seats, leader, trick, tlen, done, total, trump, first_trumps, side, count, alpha, beta,
           t_hands, t_meta, t_bounds):  # fmt: skip
    """The counted tricks of the ``total - done`` left, fail-soft in ``(alpha, beta)``: the alpha-beta of
    :class:`roundgames.bots.solver.Solver`, with an explicit stack of frames (numba cannot cache a recursive
    function)."""
    n = seats.shape[0]
    D = MAX_DEPTH
    f_moves = np.empty((D, 13), dtype=np.int64)
    f_trick = np.zeros((D, 8), dtype=np.int64)
    f = np.zeros((16, D), dtype=np.int64)
    f_k, f_i, f_alpha, f_beta, f_a0, f_b0, f_best, f_slot = f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]
    f_leader, f_tlen, f_done, f_trump, f_seat, f_hand, f_mine = f[8], f[9], f[10], f[11], f[12], f[13], f[14]
    d = 0
    f_leader[0], f_tlen[0], f_done[0], f_trump[0], f_mine[0] = leader, tlen, done, trump, 0
    f_alpha[0], f_beta[0] = alpha, beta
    f_trick[0, :] = trick[:8]
    entering = True
    while True:
        if entering:  # set frame d up, or answer it at once
            entering = False
            lead, tl, tr = f_leader[d], f_tlen[d], f_trump[d]
            left = total - f_done[d]
            answer, a, b, slot = probe(hands, lead, tr, tl, left, f_alpha[d], f_beta[d], t_hands, t_meta, t_bounds)
            if answer < 0:
                seat = seats[(lead + tl) % n]
                f_seat[d], f_hand[d], f_slot[d] = seat, hands[seat], slot
                f_alpha[d], f_beta[d], f_a0[d], f_b0[d] = a, b, a, b
                f_k[d] = moves_of(hands, seat, f_trick[d], tl, tr, side, seats, lead, f_moves[d])
                f_i[d] = 0
                f_best[d] = -1 if (side >> seat) & 1 == 1 else 99
                continue
            if d == 0:
                return answer
            d -= 1
            hands[f_seat[d]] = f_hand[d]
            take(d, answer + f_mine[d + 1], side, f_seat, f_best, f_alpha, f_beta, f_i, f_k)
            continue
        if f_i[d] < f_k[d]:  # frame d tries its next move
            card = f_moves[d, f_i[d]]
            f_i[d] += 1
            seat, lead, tl, dn = f_seat[d], f_leader[d], f_tlen[d], f_done[d]
            hands[seat] = f_hand[d] & ~(np.int64(1) << card)
            trick[:tl] = f_trick[d, :tl]
            trick[tl] = card
            now = f_trump[d]
            if dn == 0 and tl == 0:
                now = card // 13 if first_trumps else -1
            c = d + 1
            if tl + 1 < n:  # the trick goes on
                f_leader[c], f_tlen[c], f_done[c], f_trump[c], f_mine[c] = lead, tl + 1, dn, now, 0
                f_alpha[c], f_beta[c] = f_alpha[d], f_beta[d]
                f_trick[c, : tl + 1] = trick[: tl + 1]
                d, entering = c, True
                continue
            win = (lead + winner(trick, n, now)) % n
            mine = (count >> seats[win]) & 1
            if dn + 1 < total:  # the next trick
                f_leader[c], f_tlen[c], f_done[c], f_trump[c], f_mine[c] = win, 0, dn + 1, now, mine
                f_alpha[c], f_beta[c] = f_alpha[d] - mine, f_beta[d] - mine
                d, entering = c, True
                continue
            hands[seat] = f_hand[d]  # the last trick: a leaf
            take(d, mine, side, f_seat, f_best, f_alpha, f_beta, f_i, f_k)
            continue
        best = f_best[d]  # frame d is done
        if f_slot[d] >= 0:
            args = (f_leader[d], f_trump[d], best, f_a0[d], f_b0[d], total - f_done[d], f_slot[d])
            store(hands, *args, t_hands, t_meta, t_bounds)
        if d == 0:
            return best
        d -= 1
        hands[f_seat[d]] = f_hand[d]
        take(d, best + f_mine[d + 1], side, f_seat, f_best, f_alpha, f_beta, f_i, f_k)
