"""Three-card Loo's regular deal as a compiled step function (numba): the batched environment's kernel
(:mod:`.loo3` checks the rules and documents the state). Every function is at module level so that numba caches
its machine code on disk (``cache=True``).

A table's state is one row of an int64 array (the columns below). Positions count from the dealer's left as the
simulator's kernel counts them (position 0 the eldest hand, ``n - 1`` the dealer); a position's seat is
``(dealer + 1 + position) % n``. The rules of the deal are the simulator's kernel's (:mod:`roundgames.sim._loo3_kernel`:
dealing, the declarations' options, the legal cards, the settlement), called here one action at a time; what this
module adds is the state between two actions, the legal-action mask and the observation in the adapters' layout
(:func:`roundgames.envs.loo_encoding.layout`), and the built-in players taking their turns inside the step.

Speed: every array a compiled function takes, and every view of one (``state[b]``, ``obs[b]``), costs an atomic
reference count up and down (``NRT_incref``/``NRT_decref``) at each call, which took a third of the step's time; so
the functions of each step's common path (``apply``, ``emit``, ``observe``, ``legal_bits``) are inlined into their
callers (``inline=INLINE``: numba's own inlining), ``observe`` writes the observation's row in place, and ``step_batch`` calls
``advance`` (twelve arrays) only where a built-in seat is to act or the deal is over.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np

from ...cardbits import FULL, INLINE, ONE, beats, count, low_card, nth_card
from ...sim import _loo3_kernel as K
from ...sim._streams_kernel import chunk_seed, deal_stream

#: the columns of a table's row
DEAL, SEED, DEALER, PHASE, TO_ACT, MISS, TURNUP, POT, HOLDER, STOOD, TOOK, DONE = range(12)
LED, WIN, WINPOS, LEADPOS, J, K_IN, PLAYED, TRICK, CHOICE, TAKER, CARRIED, NLOG = range(12, 24)
WINNERS = 24  # three columns: the seat position that won each trick
PAID = 27  # the deal's rewards have been handed out
BASE = 28
#: the per-position blocks after BASE, each ``n`` wide: the hand held, the hand dealt, the declaration, the tricks
#: won, the net, the players in order of play, the card each position played to the trick in progress
HAND, DEALT, DECL, WON, NET, PLIST, TCARD, LOG = range(8)
#: the engine's phases (:class:`roundgames.loo.actions.Phase`)
DECLARE, PLAY, COMPLETE = 1, 2, 3
#: the players a seat may be given inside the step; LEARNER: the caller acts for it
LEARNER = -1
#: the action ids (the adapters'): a card is its int; a declaration ``DECL_ID + code - 1``
DECL_ID = 52
NUM_ACTIONS = 56
#: the environment's parameters after the simulator's (:data:`K.NPARAMS`): the pool before the stake, a fixed
#: dealer (-1: the dealer rotates), the loo stake the pool field counts in
E_POOL, E_DEALER, E_LOO_UNIT = K.NPARAMS, K.NPARAMS + 1, K.NPARAMS + 2
NPARAMS = K.NPARAMS + 3


@numba.njit(cache=True, inline=INLINE)
def blk(n, which):
    return BASE + which * n


@numba.njit(cache=True)
def start(row, n, params, seed, table, number, cards, hands, st):
    """Deal ``number`` of table ``table``: its cards from the deal's CARDS stream (the simulator's dealing), the
    stakes, the eldest hand to declare. Depends on ``(seed, table, number)`` only."""
    row[:] = 0
    tseed = chunk_seed(seed, table)  # a table is seeded as a chunk of the simulator's run
    row[DEAL] = number
    row[SEED] = np.int64(tseed)
    d = params[E_DEALER]
    row[DEALER] = (table + number) % n if d < 0 else d
    miss, turnup = K.deal_cards(tseed, number, n, -1, np.int64(0), np.int64(-1), cards, hands, st)
    row[MISS] = miss
    row[TURNUP] = turnup
    pot = params[E_POOL] + params[K.P_DEAL]  # LOO-STK-2
    net = blk(n, NET)
    row[net + n - 1] = -params[K.P_DEAL]
    if params[K.P_ANTE]:  # LOO-VAR-ALL-ANTE
        for p in range(n - 1):
            row[net + p] = -params[K.P_ANTE]
            pot += params[K.P_ANTE]
    row[POT] = pot
    for p in range(n):
        row[blk(n, HAND) + p] = hands[p]
        row[blk(n, DEALT) + p] = hands[p]
        row[blk(n, TCARD) + p] = -1
    row[HOLDER] = -1
    row[TAKER] = -1
    row[LED] = -1
    row[WIN] = -1
    row[WINNERS] = row[WINNERS + 1] = row[WINNERS + 2] = -1
    row[CHOICE] = np.int64(deal_stream(tseed, number, 1))
    row[PHASE] = DECLARE
    row[TO_ACT] = 0


@numba.njit(cache=True, inline=INLINE)
def club(row, params):
    return params[K.P_CLUB] != 0 and row[TURNUP] // 13 == 3  # LOO-VAR-CLUBLAW


@numba.njit(cache=True)
def decl_options(row, n, params):
    """The declarations open to the position to act (bits by code), as the simulator's kernel gives them."""
    p = row[TO_ACT]
    stood, took = row[STOOD], row[TOOK]
    if club(row, params):
        return ONE << K.STAND
    if p == n - 1 and stood == 1 and took == 0:  # LOO-DECL-8
        opts = (ONE << K.STAND) | (ONE << K.MISS) | (ONE << K.DEFEND)
        if params[K.P_CONCEDE]:
            opts |= ONE << K.THROW
        return opts
    if p == n - 1 and stood == 0 and took == 1:  # LOO-DECL-9
        return (ONE << K.STAND) | (ONE << K.THROW)
    if row[HOLDER] < 0:
        return (ONE << K.STAND) | (ONE << K.THROW) | (ONE << K.MISS)
    return (ONE << K.STAND) | (ONE << K.THROW)  # LOO-DECL-3: the miss is gone


@numba.njit(cache=True)
def legal_cards(row, n, params):
    """The cards the position to act may play (LOO-PLAY-2..6)."""
    p = row[TO_ACT]
    hand = row[blk(n, HAND) + p]
    trump = row[TURNUP] // 13
    if row[J] == 0:
        return K.lead_legal(hand, row[DONE], trump, row[TURNUP], params[K.P_LEAD], params[K.P_SECOND] != 0)
    return K.follow_legal(hand, row[LED], row[WIN], trump)


@numba.njit(cache=True, inline=INLINE)
def legal_bits(row, n, params):
    """The legal action ids of the position to act as bits (ids below 64), 0 when the deal is over."""
    if row[PHASE] == DECLARE:
        return (decl_options(row, n, params) >> np.int64(1)) << np.int64(DECL_ID)
    if row[PHASE] == PLAY:
        return legal_cards(row, n, params)
    return np.int64(0)


@numba.njit(cache=True)
def _log(row, n, action):
    row[blk(n, LOG) + row[NLOG]] = action
    row[NLOG] += 1


@numba.njit(cache=True)
def _settle(row, n, params, net, looed):
    """The settlement (the simulator's), into the row's nets; what the next pool carries."""
    decl = row[blk(n, DECL) : blk(n, DECL) + n]
    won = row[blk(n, WON) : blk(n, WON) + n]
    winners = row[WINNERS : WINNERS + 3]
    for p in range(n):
        net[p] = row[blk(n, NET) + p]
        looed[p] = False
    row[CARRIED] = K.settle(n, decl, won, winners, row[TAKER], row[POT], params, net, looed)
    for p in range(n):
        row[blk(n, NET) + p] = net[p]
    row[PHASE] = COMPLETE
    row[TO_ACT] = -1


@numba.njit(cache=True)
def _after_declaring(row, n, params, net, looed):
    """The dealer has declared: the pool to a lone seat (LOO-DECL-9, a dealer conceding), else the play."""
    decl = blk(n, DECL)
    if row[decl + n - 1] == K.THROW and row[STOOD] + row[TOOK] == 1:
        for p in range(n - 1):
            if row[decl + p] == K.STAND or row[decl + p] == K.MISS:
                row[TAKER] = p
        _settle(row, n, params, net, looed)
        return
    k = 0
    lead = 0
    for p in range(n):
        d = row[decl + p]
        if d == K.STAND or d == K.MISS or d == K.DEFEND:
            if params[K.P_MISS_LEADS] and p == row[HOLDER]:  # LOO-VAR-MISS-LEADS, §14.11
                lead = k
            row[blk(n, PLIST) + k] = p
            k += 1
    row[K_IN] = k
    row[LEADPOS] = lead
    row[J] = 0
    row[PHASE] = PLAY
    row[TO_ACT] = row[blk(n, PLIST) + lead]


@numba.njit(cache=True, inline=INLINE)
def apply(row, n, params, action, net, looed):
    """Apply a legal action id of the position to act (the caller has checked it)."""
    p = row[TO_ACT]
    _log(row, n, action)
    if row[PHASE] == DECLARE:
        d = action - DECL_ID + 1
        row[blk(n, DECL) + p] = d
        if d == K.MISS or d == K.DEFEND:
            row[HOLDER] = p
            row[blk(n, HAND) + p] = row[MISS]
        elif d == K.THROW:
            row[blk(n, HAND) + p] = 0
        if p == n - 1:
            _after_declaring(row, n, params, net, looed)
            return
        row[STOOD] += d == K.STAND
        row[TOOK] += d == K.MISS
        row[TO_ACT] = p + 1
        if p + 1 == n - 1 and not club(row, params) and row[STOOD] + row[TOOK] == 0:
            row[TAKER] = n - 1  # LOO-DECL-7: every other threw up, the dealer takes the pool
            _settle(row, n, params, net, looed)
        return
    bit = ONE << action
    row[blk(n, HAND) + p] &= ~bit
    row[TRICK] |= bit
    row[blk(n, TCARD) + p] = action
    pos = (row[LEADPOS] + row[J]) % row[K_IN]
    if row[J] == 0:
        row[LED] = action // 13
        row[WIN] = action
        row[WINPOS] = pos
    elif beats(action, row[WIN], row[TURNUP] // 13):
        row[WIN] = action
        row[WINPOS] = pos
    row[J] += 1
    if row[J] == row[K_IN]:  # the trick is complete (LOO-PLAY-7)
        w = row[blk(n, PLIST) + row[WINPOS]]
        row[blk(n, WON) + w] += 1
        row[WINNERS + row[DONE]] = w
        row[DONE] += 1
        row[PLAYED] |= row[TRICK]
        row[TRICK] = 0
        for q in range(n):
            row[blk(n, TCARD) + q] = -1
        row[LEADPOS] = row[WINPOS]
        row[J] = 0
        row[LED] = -1
        row[WIN] = -1
        if row[DONE] == 3:
            _settle(row, n, params, net, looed)
            return
    row[TO_ACT] = row[blk(n, PLIST) + (row[LEADPOS] + row[J]) % row[K_IN]]


@numba.njit(cache=True)
def builtin(row, n, params, policy, tables, lookup, table, w, st):
    """The action of the built-in player ``policy`` (the simulator's: random, sensible, strategy) for the position
    to act, drawing from the table's CHOICES stream ``st``."""
    p = row[TO_ACT]
    if row[PHASE] == DECLARE:
        opts = decl_options(row, n, params)
        hand = row[blk(n, HAND) + p]
        stood, took = row[STOOD], row[TOOK]
        if policy == K.STRATEGY and count(opts) > 1:
            cell = K.cell_of(lookup, n, p, hand, row[TURNUP], stood, took)
            if K.table_weights(table, cell, opts, w):
                return DECL_ID + K.draw(w, st) - 1
        pot = row[POT]
        d = K.declare(
            policy if policy != K.STRATEGY else K.SENSIBLE, opts, hand, row[TURNUP], pot,
            K.loo_amount(params, pot), p, n, stood + took, row[HOLDER] >= 0, tables, st,
        )  # fmt: skip
        return DECL_ID + d - 1
    legal = legal_cards(row, n, params)
    k = count(legal)
    if k == 1:
        return low_card(legal)
    if policy == K.RANDOM:
        return nth_card(legal, K.below(st, k))
    hand = row[blk(n, HAND) + p]
    seen = row[PLAYED] | row[TRICK] | (ONE << row[TURNUP]) | hand
    last = row[J] == row[K_IN] - 1
    return K.sensible_play(legal, hand, row[J] == 0, row[WIN], last, row[TURNUP] // 13, FULL & ~seen)


@numba.njit(cache=True, inline=INLINE)
def observe(row, n, params, seat_pos, out, b, compact):
    """Write position ``seat_pos``'s observation (the adapters' layout) into row ``b`` of ``out``, which holds zeros
    (the row is indexed in place rather than taken as a view: a view's reference counting costs more than the
    writes). ``compact``: ``out`` is uint8 and the pool field holds counters (at most 255) rather than loos."""
    one = out.dtype.type(1)
    hand = row[blk(n, HAND) + seat_pos]
    looked = row[PHASE] != DECLARE or row[blk(n, DECL) + seat_pos] != 0 or row[TO_ACT] == seat_pos
    m = hand if looked else np.int64(0)
    while m:
        out[b, low_card(m)] = one
        m &= m - ONE
    up = row[TURNUP]
    out[b, 52 + up] = one
    out[b, 104 + up // 13] = one
    m = row[PLAYED] | row[TRICK]
    while m:
        out[b, 108 + low_card(m)] = one
        m &= m - ONE
    decl0 = 160 + 52 * n
    won0 = decl0 + 5 * n
    dealer0 = won0 + 4 * n
    act0 = dealer0 + n
    phase0 = act0 + n
    for p in range(n):
        r = (p - seat_pos) % n
        c = row[blk(n, TCARD) + p]
        if c >= 0:
            out[b, 160 + 52 * r + c] = one
        out[b, decl0 + 5 * r + row[blk(n, DECL) + p]] = one
        out[b, won0 + 4 * r + row[blk(n, WON) + p]] = one
    out[b, dealer0 + (n - 1 - seat_pos) % n] = one
    if row[TO_ACT] >= 0:
        out[b, act0 + (row[TO_ACT] - seat_pos) % n] = one
    out[b, phase0 + row[PHASE]] = one
    out[b, phase0 + 4] = one  # a regular deal
    at = phase0 + 7
    if row[HOLDER] >= 0:
        out[b, at] = one
        if row[HOLDER] == seat_pos:
            out[b, at + 1] = one
    pool = row[POT] if row[PHASE] != COMPLETE else row[CARRIED]
    if row[PHASE] == COMPLETE and row[TAKER] >= 0:
        pool = 0
    if compact:
        out[b, at + 2] = min(pool, 255)
    else:
        out[b, at + 2] = pool / max(1, params[E_LOO_UNIT])
    out[b, at + 3 + row[DONE]] = one


@numba.njit(cache=True, inline=INLINE)
def seat_of(row, n, pos):
    return (row[DEALER] + 1 + pos) % n


@numba.njit(cache=True)
def advance(row, n, params, pol, seed, index, autoreset, rewards, tables, lookup, table, s):
    """Play the built-in seats' turns until a learner's seat is to act or the deal is over; at the end of a deal
    add its nets to ``rewards`` (by seat), then with ``autoreset`` deal the table's next deal and go on. Returns
    whether a deal ended. ``s``: the scratch (:func:`scratch`)."""
    ended = False
    while True:
        if row[PHASE] == COMPLETE:
            if row[PAID] == 0:
                row[PAID] = 1
                ended = True
                for p in range(n):
                    rewards[seat_of(row, n, p)] += row[blk(n, NET) + p]
            if not autoreset:
                return ended
            start(row, n, params, seed, index, row[DEAL] + 1, s[0], s[1], s[2])
            continue
        policy = pol[seat_of(row, n, row[TO_ACT])]
        if policy == LEARNER:
            return ended
        s[2][0] = np.uint64(row[CHOICE])
        a = builtin(row, n, params, policy, tables, lookup, table, s[3], s[2])
        row[CHOICE] = np.int64(s[2][0])
        apply(row, n, params, a, s[4], s[5])


@numba.njit(cache=True, inline=INLINE)
def emit(row, n, params, b, obs, mask, seats, compact):
    """Table ``b``'s observation, mask and seat to act into the batch's arrays (zeros and -1 when it is over)."""
    for i in range(obs.shape[1]):
        obs[b, i] = 0
    for i in range(mask.shape[1]):
        mask[b, i] = 0
    if row[PHASE] == COMPLETE:
        seats[b] = -1
        return
    pos = row[TO_ACT]
    seats[b] = seat_of(row, n, pos)
    observe(row, n, params, pos, obs, b, compact)
    bits = legal_bits(row, n, params)
    while bits:
        mask[b, low_card(bits)] = 1
        bits &= bits - ONE


@numba.njit(cache=True)
def scratch(n):
    """The arrays a batch call works in, made once per call: the pack, the hands dealt, a stream's state, a
    strategy row's weights, the nets and the loos of a settlement."""
    return (
        np.zeros(52, np.int64),
        np.zeros(n, np.int64),
        np.zeros(1, np.uint64),
        np.zeros(K.DECLS + 2 * n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.bool_),
    )


@numba.njit(cache=True)
def reset_batch(state, static, seed, first, number, obs, mask, seats, rewards):
    """Deal deal ``number`` at every table (table ``b`` is table ``first + b``), play the built-in seats to the
    first learner's turn, and write what it sees. ``static``: ``(n, params, pol, compact, tables, lookup, table)``,
    the table size, the rules' parameters, each seat's player (:data:`LEARNER` for the caller's), whether the
    observation is compact, and the arrays the built-in players read."""
    n, params, pol, compact, tables, lookup, table = static
    s = scratch(n)
    for b in range(state.shape[0]):
        row = state[b]
        start(row, n, params, seed, first + b, number, s[0], s[1], s[2])
        rewards[b, :] = 0
        advance(row, n, params, pol, seed, first + b, True, rewards[b], tables, lookup, table, s)
        emit(row, n, params, b, obs, mask, seats, compact)


@numba.njit(cache=True)
def check_batch(state, static, actions):
    """The first table whose action is not legal (-1: none); a finished table takes any action."""
    n, params = static[0], static[1]
    for b in range(state.shape[0]):
        row = state[b]
        if row[PHASE] == COMPLETE:
            continue
        a = actions[b]
        if a < 0 or a >= NUM_ACTIONS or not (legal_bits(row, n, params) >> np.int64(a)) & ONE:
            return b
    return -1


@numba.njit(cache=True)
def step_batch(state, static, seed, first, actions, autoreset, obs, mask, seats, rewards, ended):
    """Apply each table's action (checked by :func:`check_batch`), play the built-in seats, and write the rewards
    of the deals that ended, which ended, and what the next seat to act sees (:func:`reset_batch`'s ``static``)."""
    n, params, pol, compact, tables, lookup, table = static
    s = scratch(n)
    for b in range(state.shape[0]):
        row = state[b]
        rewards[b, :] = 0
        if row[PHASE] != COMPLETE:
            apply(row, n, params, actions[b], s[4], s[5])
        if row[PHASE] != COMPLETE and pol[seat_of(row, n, row[TO_ACT])] == LEARNER:
            ended[b] = False  # what advance returns here, without the call (its arrays' references cost more)
        else:
            ended[b] = advance(row, n, params, pol, seed, first + b, autoreset, rewards[b], tables, lookup, table, s)
        emit(row, n, params, b, obs, mask, seats, compact)
