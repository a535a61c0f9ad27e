"""Three-card Loo's declarations weighed in the batch simulator (numba): every declaration open to a seat, at
every seat's turn, played out against the field on the same cards, for the strategies of :mod:`.strategy`.

A deal is dealt as :mod:`._loo3_kernel` deals it. The seats declare in turn, each by its *field* player
(``random``, ``sensible`` or a *table*: a mixed strategy by cell). At the turn of a seat that weighs (``weigh[s]``)
and has a choice, the deal is copied once for each declaration open to him: he makes it, the seats after him
declare by their field players, the tricks are played (each seat by its field's card play) and the deal is
settled, every copy drawing the same numbers from the same stream so that the declarations are compared on
the same luck. What the seat nets in each copy is added to its cell. Then the deal goes on with the seat's own
field declaration, to the next seat's turn.

A *cell* is what the seat knows when it declares: its hand's bucket (:mod:`roundgames.bots.buckets`: the cards
up to suit symmetry and the ranks of small plain cards), its seat (0 the eldest hand, ``players - 1`` the
dealer), how many stood before it and whether the miss is taken. A table holds a row of probabilities for each
cell; the pool before the deal (every deal of a run starts with the same) is fixed by the caller.

Every sum is of whole counters, so it is exact in a float64 whatever the order of the additions: a run gives
the same sums on any number of threads.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.
# numba's disk cache (cache=True) is invalidated by a change of a function's own file only: after editing
# _loo3_kernel.py, delete this module's cached machine code too (src/roundgames/sim/strategy/__pycache__/_loo3*).

from __future__ import annotations

import numba
import numpy as np

from ...cardbits import INLINE, ONE, count, low_card
from .._loo3_kernel import (
    DECLS,
    DEFEND,
    MISS,
    P_ANTE,
    P_CLUB,
    P_CONCEDE,
    P_DEAL,
    P_MISS_LEADS,
    RANDOM,
    SENSIBLE,
    STAND,
    TAKES,
    THROW,
    TOTAL,
    cell_of,
    deal_cards,
    draw,
    loo_amount,
    play_tricks,
    sensible_declare,
    settle,
    table_weights,
)
from .._streams_kernel import deal_stream, next_u64

#: a field player that declares by a table of mixed strategies (cards: as ``sensible``), by its code in a field
#: (:data:`.weigh.KINDS`); it is the main kernel's ``strategy`` player, whose table helpers (:func:`cell_of`,
#: :func:`table_weights`, :func:`draw`) it shares
TABLE = 2
#: the declarations a cell weighs, by index: its code less one (stand, throw, miss, defend)
ACTIONS = DECLS
#: the copies of a seat's turn draw from their own stream, ``deal_stream(seed ^ WEIGH, deal, seat)``: the salt keeps
#: those streams apart from every deal's own (cards and choices), which share the space of ``deal_stream(seed, ...)``
WEIGH = np.uint64(0xC0FFEE5EED5A17ED)
#: the seat number of the salted stream that decides whether a deal's field plays plain ``sensible``
MIXER = 63


@numba.njit(cache=True, inline=INLINE)
def options(s, players, club, stood, took, holder, params):
    """The declarations open to seat ``s`` (bits by code); none: the dealer takes the pool without play
    (LOO-DECL-7)."""
    dealer = s == players - 1
    if club:  # LOO-VAR-CLUBLAW
        return ONE << STAND
    if dealer and stood + took == 0:
        return np.int64(0)
    if dealer and stood == 1 and took == 0:  # LOO-DECL-8
        opts = (ONE << STAND) | (ONE << MISS) | (ONE << DEFEND)
        if params[P_CONCEDE]:
            opts |= ONE << THROW
        return opts
    if dealer and stood == 0 and took == 1:  # LOO-DECL-9
        return (ONE << STAND) | (ONE << THROW)
    if holder < 0:
        return (ONE << STAND) | (ONE << THROW) | (ONE << MISS)
    return (ONE << STAND) | (ONE << THROW)  # LOO-DECL-3: the miss is gone


@numba.njit(cache=True, inline=INLINE)
def field_weights(kind, s, players, opts, hand, turnup, pool, loo, stood, took, lookup, table, sense, w):
    """Seat ``s``'s field player's weight for each declaration (by action index) into ``w``, out of
    :data:`TOTAL`: a table's row (its weights out of 255) where it gives the open declarations weight, else
    the sensible player's one declaration (``sense``: its tables, :func:`.._loo_sensible_kernel.tables`), or the
    random player's even split."""
    for a in range(ACTIONS):
        w[a] = 0
    if kind == TABLE:
        if table_weights(table, cell_of(lookup, players, s, hand, turnup, stood, took), opts, w):
            return
        kind = SENSIBLE  # a cell the table never reached
    if kind == RANDOM:
        k = count(opts)
        for a in range(ACTIONS):
            if (opts >> (a + 1)) & ONE:
                w[a] = TOTAL // k
        return
    w[sensible_declare(opts, hand, turnup, pool, loo, s, players, stood + took, took > 0, sense) - 1] = TOTAL


@numba.njit(cache=True, inline=INLINE)
def act(kind, plain, s, players, opts, hand, turnup, pool, loo, stood, took, sense, w, st):
    """A declaration by the weights ``w`` of seat ``s``'s field player; a table's player declares as ``sensible``
    instead in a deal where the field is ``plain`` (the field of a restricted Nash response)."""
    if kind == TABLE and plain:
        return sensible_declare(opts, hand, turnup, pool, loo, s, players, stood + took, took > 0, sense)
    return draw(w, st)


@numba.njit(cache=True, inline=INLINE)
def plain_deal(seed, i, mix):
    """Whether deal ``i``'s field plays ``sensible`` at every table seat: a draw of probability ``mix`` (out of
    :data:`TOTAL`) from the deal's own stream of the salted space, the same for every copy of its turns."""
    if mix <= 0:
        return False
    st = np.zeros(1, np.uint64)
    st[0] = deal_stream(np.uint64(seed) ^ WEIGH, i, MIXER)
    return np.int64(next_u64(st) % np.uint64(TOTAL)) < mix


@numba.njit(cache=True, inline=INLINE)
def apply_decl(s, d, players, hands, miss, decl, state):
    """Seat ``s`` declares ``d``: its hand becomes what it plays; ``state`` holds (stood, took, miss holder)."""
    decl[s] = d
    if d in (MISS, DEFEND):
        state[2] = s
        hands[s] = miss
    elif d == THROW:
        hands[s] = 0
    if s != players - 1:
        if d == STAND:
            state[0] += 1
        elif d == MISS:
            state[1] += 1


@numba.njit(cache=True)
def finish(s0, players, kinds, plain, cards_kinds, params, pool, loo, club, hands, miss, turnup, decl, state, lookup,
           table, sense, st, w, net, won, looed, plist, winners, scratch):  # fmt: skip
    """Declarations from seat ``s0`` on by the field, then the tricks and the settlement; ``net`` holds the stakes
    and takes the result."""
    taker = -1
    for s in range(s0, players):
        opts = options(s, players, club, state[0], state[1], state[2], params)
        if opts == 0:
            decl[s] = TAKES
            taker = s
            break
        field_weights(
            kinds[s], s, players, opts, hands[s], turnup, pool, loo, state[0], state[1], lookup, table, sense, w
        )
        d = act(kinds[s], plain, s, players, opts, hands[s], turnup, pool, loo, state[0], state[1], sense, w, st)
        apply_decl(s, d, players, hands, miss, decl, state)
    if taker < 0 and decl[players - 1] == THROW and state[0] + state[1] == 1:  # LOO-DECL-9, or conceding
        for s in range(players - 1):
            if decl[s] == STAND or decl[s] == MISS:
                taker = s
    if taker < 0:
        k = 0
        lead = 0
        for s in range(players):
            if decl[s] == STAND or decl[s] == MISS or decl[s] == DEFEND:
                if params[P_MISS_LEADS] and s == state[2]:  # LOO-VAR-MISS-LEADS
                    lead = k
                plist[k] = s
                k += 1
        play_tricks(plist, k, lead, hands, won, turnup, params, cards_kinds, st, False, scratch, scratch, 0, winners)
    settle(players, decl, won, winners, taker, pool, params, net, looed)


@numba.njit(cache=True, inline=INLINE)
def staked(params, players, pool0, base):
    """The stakes of a deal (LOO-STK-2, LOO-VAR-ALL-ANTE): each seat's into ``base``; the pool they make."""
    pool = pool0 + params[P_DEAL]
    for s in range(players):
        base[s] = 0
    base[players - 1] = -params[P_DEAL]
    if params[P_ANTE]:
        for s in range(players - 1):
            base[s] = -params[P_ANTE]
            pool += params[P_ANTE]
    return pool


@numba.njit(cache=True)
def weigh_deals(seed, first, n, players, kinds, mix, weigh, params, pool0, lookup, table, sense, sums, squares,
                others, played, counts):  # fmt: skip
    """Deals ``first .. first + n - 1`` of the run seeded ``seed``: at each weighing seat's turn with a choice,
    every open declaration's net is added to ``sums[cell, action]`` (its square to ``squares``, the other seats'
    nets, summed, to ``others``), the field player's probability of each to ``played[cell, action]``, and ``counts[cell]``
    counts the turn."""
    w = np.zeros(ACTIONS, np.int64)
    cw = np.zeros(ACTIONS, np.int64)
    cards_kinds = np.zeros(players, np.int64)
    for s in range(players):
        cards_kinds[s] = RANDOM if kinds[s] == RANDOM else SENSIBLE
    hands = np.zeros(players, np.int64)
    decl = np.zeros(players, np.int64)
    state = np.zeros(3, np.int64)
    c_hands = np.zeros(players, np.int64)
    c_decl = np.zeros(players, np.int64)
    c_state = np.zeros(3, np.int64)
    net = np.zeros(players, np.int64)
    won = np.zeros(players, np.int64)
    looed = np.zeros(players, np.bool_)
    plist = np.zeros(players, np.int64)
    cards = np.zeros(52, np.int64)
    winners = np.zeros(3, np.int64)
    scratch = np.zeros(1, np.int64)
    base = np.zeros(players, np.int64)
    st = np.zeros(1, np.uint64)
    cst = np.zeros(1, np.uint64)
    club_bit = params[P_CLUB] != 0
    for i in range(first, first + n):
        miss, turnup = deal_cards(seed, i, players, -1, np.int64(0), np.int64(-1), cards, hands, st)
        pool = staked(params, players, pool0, base)
        loo = loo_amount(params, pool)
        club = club_bit and turnup // 13 == 3
        for s in range(players):
            decl[s] = 0
        state[0] = 0
        state[1] = 0
        state[2] = -1
        st[0] = deal_stream(seed, i, 1)
        plain = plain_deal(seed, i, mix)
        for s in range(players):
            opts = options(s, players, club, state[0], state[1], state[2], params)
            if opts == 0:
                break
            field_weights(
                kinds[s], s, players, opts, hands[s], turnup, pool, loo, state[0], state[1], lookup, table, sense, w
            )
            if weigh[s] and count(opts) > 1:
                cell = cell_of(lookup, players, s, hands[s], turnup, state[0], state[1])
                counts[cell] += 1
                for a in range(ACTIONS):
                    played[cell, a] += w[a]
                start = deal_stream(np.uint64(seed) ^ WEIGH, i, s)
                m = opts
                while m:
                    d = low_card(m)
                    m &= m - ONE
                    for t in range(players):
                        c_hands[t] = hands[t]
                        c_decl[t] = decl[t]
                        net[t] = base[t]
                        won[t] = 0
                        looed[t] = False
                    for t in range(3):
                        c_state[t] = state[t]
                    apply_decl(s, d, players, c_hands, miss, c_decl, c_state)
                    cst[0] = start
                    finish(s + 1, players, kinds, plain, cards_kinds, params, pool, loo, club, c_hands, miss, turnup,
                           c_decl, c_state, lookup, table, sense, cst, cw, net, won, looed, plist, winners,
                           scratch)  # fmt: skip
                    sums[cell, d - 1] += net[s]
                    squares[cell, d - 1] += net[s] * net[s]
                    rest = np.int64(0)
                    for t in range(players):
                        rest += net[t]
                    others[cell, d - 1] += rest - net[s]
            d = act(kinds[s], plain, s, players, opts, hands[s], turnup, pool, loo, state[0], state[1], sense, w, st)
            apply_decl(s, d, players, hands, miss, decl, state)


@numba.njit(cache=True, parallel=True)
def weigh_parallel(seed, n, threads, players, kinds, mix, weigh, params, pool0, lookup, table, sense, sums, squares,
                   others, played, counts):  # fmt: skip
    """:func:`weigh_deals` for deals ``0 .. n - 1`` split among ``threads`` threads, each into its own ``sums``
    ``squares``, ``others``, ``played`` and ``counts`` (their first index)."""
    for t in numba.prange(threads):
        first = n * t // threads
        last = n * (t + 1) // threads
        weigh_deals(seed, first, last - first, players, kinds, mix, weigh, params, pool0, lookup, table, sense,
                    sums[t], squares[t], others[t], played[t], counts[t])  # fmt: skip
