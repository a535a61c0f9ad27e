"""Nap's calls weighed in the batch simulator (numba): every call open to a seat, at every seat's turn, played
out against the field on the same cards, for the strategies of :mod:`.cfr`.

A deal is dealt as :mod:`.._nap_kernel` deals it. The seats call in turn from the eldest hand, each by its *field*
player (``random``, ``sensible`` or a *table*). At the turn of a seat that weighs and has a choice, the deal is
copied once for each call open to it (a pass among them): it makes the call, the seats after it call by their
field players, the all-pass rule is applied (NAP-CALL-7), the tricks are played by the kernel's players and the
deal is settled, every copy drawing the same numbers from the same stream. What the seat nets in each copy is
added to its cell: its hand's bucket (:mod:`roundgames.bots.buckets`), its seat and the call to beat.

Every sum is of whole units, so it is exact in a float64 in any order.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.
# numba's disk cache (cache=True) is invalidated by a change of a function's own file only: after editing
# _nap_kernel.py or _nap_policy.py, delete this module's cached machine code too (__pycache__/_nap*.nb*).

from __future__ import annotations

import numba
import numpy as np

from ...cardbits import INLINE, popcount
from .._nap_call import sensible_call
from .._nap_kernel import (
    ALL_PASS_ELDEST,
    ALL_PASS_REDEAL,
    CALLS,
    CARDS,
    CHOICES,
    FORCED,
    MADE,
    POOL,
    TOTAL,
    cell_of,
    deal_hands,
    draw,
    play,
    settle,
    table_weights,
)
from .._nap_policy import (
    C_ALL_PASS,
    C_FULL,
    C_KITTY,
    C_MIN_CALL,
    C_PLAYING,
    C_POOL,
    C_SEATS,
    PASS,
    RANDOM,
    SENSIBLE,
)
from .._streams_kernel import deal_stream, next_u64

#: a field player that calls by a table of mixed strategies (cards: as ``sensible``), by its code in a field
#: (:data:`.weigh.KINDS`); it is the main kernel's ``strategy`` player, whose table helpers (:func:`cell_of`,
#: :func:`table_weights`, :func:`draw`) it shares
TABLE = 2
#: the calls of a cell, by code: pass, 1, 2, misery, 3, 4, Nap, Wellington, Blücher
ACTIONS = CALLS
#: the copies of a seat's turn draw from their own stream, ``deal_stream(seed ^ WEIGH, deal, seat)``: the salt keeps
#: those streams apart from every deal's own (cards and choices), which share the space of ``deal_stream(seed, ...)``
WEIGH = np.uint64(0xC0FFEE5EED5A17ED)
#: the seat number of the salted stream that decides whether a deal's field plays plain ``sensible``
MIXER = 63


@numba.njit(cache=True, inline=INLINE)
def field_weights(kind, s, playing, hand, high, kitty, cfg, after, pay, lookup, table, w):
    """Seat ``s``'s field player's weight for each call (by code) into ``w``, out of :data:`TOTAL`; ``kitty``: the
    counters in the kitty at the call (0 without one), as the sensible player counts them."""
    for a in range(ACTIONS):
        w[a] = 0
    k = after[high, 0] + 1  # a pass and the calls above ``high``
    if kind == TABLE:
        if table_weights(table[cell_of(lookup, playing, s, hand, high)], high, after, w):
            return
        kind = SENSIBLE  # a cell the table never reached
    if kind == RANDOM:
        w[PASS] = TOTAL // k
        for j in range(1, k):
            w[after[high, j]] = TOTAL // k
        return
    w[sensible_call(hand, high, kitty, cfg, after, pay)] = TOTAL


@numba.njit(cache=True, inline=INLINE)
def act(kind, plain, hand, high, kitty, cfg, after, pay, w, st):
    """A call by the weights ``w`` of a seat's field player; a table's player calls as ``sensible`` instead in a
    deal where the field is ``plain`` (the field of a restricted Nash response)."""
    if kind == TABLE and plain:
        return sensible_call(hand, high, kitty, cfg, after, pay)
    return draw(w, st)


@numba.njit(cache=True, inline=INLINE)
def plain_deal(seed, i, mix):
    """Whether deal ``i``'s field calls as ``sensible`` at every table seat: a draw of probability ``mix`` (out of
    :data:`TOTAL`) from the deal's own stream of the salted space, the same for every copy of its turns."""
    if mix <= 0:
        return False
    st = np.zeros(1, np.uint64)
    st[0] = deal_stream(np.uint64(seed) ^ WEIGH, i, MIXER)
    return np.int64(next_u64(st) % np.uint64(TOTAL)) < mix


@numba.njit(cache=True)
def finish(s0, high, declarer, kinds, plain, cards_kinds, cfg, ok, after, pay, hands, lookup, table, st, w, tc,
           tricks, deal_i8, deal_i32, actions, net):  # fmt: skip
    """Calls from seat ``s0`` on by the field, the all-pass rule, the tricks and the settlement; ``net`` (one row)
    takes each seat's result."""
    playing = cfg[C_PLAYING]
    seats = cfg[C_SEATS]
    for s in range(seats):
        net[0, s] = 0
        tricks[0, s] = 0
    deal_i32[0, POOL] = cfg[C_POOL]
    deal_i8[0, 5] = -1  # PEEL: not yet seen
    if cfg[C_KITTY]:
        net[0, seats - 1] -= 1  # the dealer's unit into the kitty (NAP-VAR-POOL)
        deal_i32[0, POOL] += 1
    kitty = deal_i32[0, POOL] if cfg[C_KITTY] else 0
    for s in range(s0, playing):
        field_weights(kinds[s], s, playing, hands[s], high, kitty, cfg, after, pay, lookup, table, w)
        code = act(kinds[s], plain, hands[s], high, kitty, cfg, after, pay, w, st)
        if code != PASS:
            high, declarer = code, s
    if declarer < 0:
        rule = cfg[C_ALL_PASS]
        if rule == ALL_PASS_REDEAL:  # NAP-CALL-7: redealt, no stake kept
            for s in range(seats):
                net[0, s] = 0
            return
        declarer = 0 if rule == ALL_PASS_ELDEST else playing - 1
        high = FORCED[cfg[C_MIN_CALL]]
    # the declarer's first lead fixes trumps (NAP-PLAY-1): the suit his hand counts best, worked out in the play
    play(0, st, cfg, cards_kinds, hands, declarer, high, -1, tc, tricks, deal_i8, actions, False)
    settle(0, cfg, pay, declarer, high, deal_i8[0, MADE], net, deal_i32)


@numba.njit(cache=True)
def weigh_deals(seed, first, n, kinds, mix, weigh, cfg, ok, after, pay, lookup, table, sums, squares, others,
                played, counts):  # fmt: skip
    """Deals ``first .. first + n - 1`` of the run seeded ``seed``: at each weighing seat's turn with a choice,
    every open call's net is added to ``sums[cell, call]`` (its square to ``squares``, the other seats' nets to
    ``others``), the field player's weights to ``played``, and ``counts[cell]`` counts the turn."""
    seats, playing = cfg[C_SEATS], cfg[C_PLAYING]
    cards_kinds = np.zeros(playing, np.int64)
    for s in range(playing):
        cards_kinds[s] = RANDOM if kinds[s] == RANDOM else SENSIBLE
    pack = np.empty(52, dtype=np.int64)
    base = np.empty(popcount(cfg[C_FULL]), dtype=np.int64)
    for c in range(52):
        if (cfg[C_FULL] >> c) & 1:
            base[popcount(cfg[C_FULL] & ((np.int64(1) << c) - 1))] = c
    hands = np.zeros(7, np.int64)
    c_hands = np.zeros(7, np.int64)
    tc = np.zeros(7, np.int64)
    tricks = np.zeros((1, seats), np.int8)
    net = np.zeros((1, seats), np.int32)
    deal_i8 = np.zeros((1, 6), np.int8)
    deal_i32 = np.zeros((1, 2), np.int32)
    actions = np.zeros((0, 1), np.int16)
    w = np.zeros(ACTIONS, np.int64)
    cw = np.zeros(ACTIONS, np.int64)
    st = np.zeros(1, np.uint64)
    cst = np.zeros(1, np.uint64)
    for i in range(first, first + n):
        st[0] = deal_stream(seed, i, CARDS)
        deal_hands(st, cfg, np.int64(0), base, pack, hands)
        st[0] = deal_stream(seed, i, CHOICES)
        plain = plain_deal(seed, i, mix)
        high = PASS
        declarer = -1
        kitty = cfg[C_POOL] + 1 if cfg[C_KITTY] else 0  # the dealer's unit in it (NAP-VAR-POOL)
        for s in range(playing):
            field_weights(kinds[s], s, playing, hands[s], high, kitty, cfg, after, pay, lookup, table, w)
            if weigh[s] and after[high, 0] > 0:
                cell = cell_of(lookup, playing, s, hands[s], high)
                counts[cell] += 1
                for a in range(ACTIONS):
                    played[cell, a] += w[a]
                start = deal_stream(np.uint64(seed) ^ WEIGH, i, s)
                for j in range(after[high, 0] + 1):
                    code = PASS if j == 0 else after[high, j]
                    for t in range(playing):
                        c_hands[t] = hands[t]
                    h, d = high, declarer
                    if code != PASS:
                        h, d = code, s
                    cst[0] = start
                    finish(s + 1, h, d, kinds, plain, cards_kinds, cfg, ok, after, pay, c_hands, lookup, table, cst,
                           cw, tc, tricks, deal_i8, deal_i32, actions, net)  # fmt: skip
                    v = np.int64(net[0, s])
                    sums[cell, code] += v
                    squares[cell, code] += v * v
                    rest = np.int64(0)
                    for t in range(seats):
                        rest += net[0, t]
                    others[cell, code] += rest - v
            code = act(kinds[s], plain, hands[s], high, kitty, cfg, after, pay, w, st)
            if code != PASS:
                high, declarer = code, s


@numba.njit(cache=True, parallel=True)
def weigh_parallel(seed, n, threads, kinds, mix, weigh, cfg, ok, after, pay, lookup, table, sums, squares, others,
                   played, counts):  # fmt: skip
    """:func:`weigh_deals` for deals ``0 .. n - 1`` split among ``threads`` threads, each into its own slabs
    (their first index)."""
    for t in numba.prange(threads):
        first = n * t // threads
        last = n * (t + 1) // threads
        weigh_deals(seed, first, last - first, kinds, mix, weigh, cfg, ok, after, pay, lookup, table, sums[t],
                    squares[t], others[t], played[t], counts[t])  # fmt: skip
