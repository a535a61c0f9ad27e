"""Nap's deal as a compiled step function (numba): the batched environment's kernel (:mod:`.nap` checks the rules
and documents the state). Every function is at module level so that numba caches its machine code on disk
(``cache=True``).

A table's state is one row of an int64 array (the columns below). Positions count from the dealer's left as the
simulator's kernel counts them (position 0 the eldest hand, ``n - 1`` the dealer, who sits out when ``playing <
n``, NAP-GEN-2); a position's seat is ``(dealer + 1 + position) % n``. The rules of the deal are the simulator's
(:mod:`roundgames.sim._nap_kernel`, :mod:`~roundgames.sim._nap_call`, :mod:`~roundgames.sim._nap_policy`: the
dealing, the calls open, the trick's winner, the early end, the settlement, the built-in players), called here one
action at a time; what this module adds is the state between two actions, the legal-action mask and the
observation in the adapters' layout (:func:`roundgames.envs.nap_encoding.layout`), and the built-in players
taking their turns inside the step.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.
# numba's disk cache (cache=True) is invalidated by a change of a function's own file only: after editing the
# simulator's Nap kernels, delete this module's cached machine code (__pycache__/_nap.*.nbi, .nbc) too.

from __future__ import annotations

import numba
import numpy as np

from ...cardbits import INLINE, beats, low_card, popcount
from ...sim import _nap_kernel as K
from ...sim import _nap_policy as P
from ...sim._nap_call import sensible_choice
from ...sim._streams_kernel import chunk_seed, deal_stream, next_u64

#: the columns of a table's row
DEAL, SEED, DEALER, PHASE, TO_ACT, HIGH, DECLARER, CONTRACT, TRUMP, WON = range(10)
LOST, DONE, LEADER, TLEN, PLAYED, CHOICE, NLOG, PAID, KITTY = range(10, 19)
BASE = 20
#: the per-position blocks after BASE, each ``n`` wide: the hand held, the hand dealt, the call (a code of
#: :data:`roundgames.sim.nap.CALL_NAMES`, -1 none yet or sitting out), the net, the trick's cards in order of
#: play; then the log of action ids, ``6 n`` wide
HAND, DEALT, CALL, NET, TC, LOG = range(6)
#: the engine's phases (:class:`roundgames.nap.actions.NapPhase`)
CALLING, PLAY, COMPLETE = 2, 3, 4
#: the players a seat may be given inside the step; LEARNER: the caller acts for it
LEARNER = -1
#: the action ids (the adapters', :mod:`roundgames.envs.nap_encoding`): a card is its int; a pass or a call
#: ``PASS_ID + code`` (pass 52, "1" 53, ... Blücher 60)
PASS_ID = 52
NUM_ACTIONS = 359
#: the environment's parameters after the simulator's configuration (:data:`P.CONFIG_SIZE`): a fixed dealer
#: (-1: the dealer rotates)
E_DEALER = P.CONFIG_SIZE
NPARAMS = P.CONFIG_SIZE + 1
ONE = np.int64(1)


def width(n: int) -> int:
    """The columns of a table's row at a table of ``n``."""
    return BASE + 5 * n + 6 * n


def obs_size(n: int) -> int:
    """The length of an observation vector (:func:`roundgames.envs.nap_encoding.layout`)."""
    return 188 + 72 * n


@numba.njit(cache=True, inline=INLINE)
def blk(n, which):
    return BASE + which * n


@numba.njit(cache=True)
def start(row, n, params, seed, table, number, base, pack, hands, st):
    """Deal ``number`` of table ``table``: the playing seats' hands from the deal's CARDS stream (the simulator's
    dealing, :func:`K.deal_hands`), the dealer's unit into the kitty (NAP-VAR-POOL), the eldest hand to call.
    Depends on ``(seed, table, number)`` only. ``base``: the pack in ascending order."""
    row[:] = 0
    tseed = chunk_seed(seed, table)  # a table is seeded as a chunk of the simulator's run
    row[DEAL] = number
    row[SEED] = np.int64(tseed)
    d = params[E_DEALER]
    row[DEALER] = (table + number) % n if d < 0 else d
    st[0] = deal_stream(tseed, number, K.CARDS)
    K.deal_hands(st, params, np.int64(0), base, pack, hands)
    for p in range(n):
        row[blk(n, CALL) + p] = -1
        row[blk(n, TC) + p] = -1
    for p in range(params[P.C_PLAYING]):
        row[blk(n, HAND) + p] = hands[p]
        row[blk(n, DEALT) + p] = hands[p]
    row[KITTY] = params[P.C_POOL]
    if params[P.C_KITTY]:
        row[blk(n, NET) + n - 1] = -1  # each dealer pays a unit into the kitty (NAP-VAR-POOL, §14.14)
        row[KITTY] += 1
    row[CHOICE] = np.int64(deal_stream(tseed, number, K.CHOICES))
    row[HIGH] = P.PASS
    row[DECLARER] = -1
    row[CONTRACT] = -1
    row[TRUMP] = -1
    row[LEADER] = -1
    row[PHASE] = CALLING
    row[TO_ACT] = 0


@numba.njit(cache=True)
def legal_cards(row, n):
    """The cards the position to act may play: the suit led if he holds it, else any (NAP-PLAY-2)."""
    hand = row[blk(n, HAND) + row[TO_ACT]]
    if row[TLEN] > 0:
        follow = hand & P.SUIT[row[blk(n, TC)] // 13]
        if follow:
            return follow
    return hand


@numba.njit(cache=True)
def legal_bits(row, n, after):
    """The legal action ids of the position to act as bits (all below 64), 0 when the deal is over: a pass and the
    calls open over the highest (NAP-CALL-1..6, the simulator's ``after``), or the cards it may play."""
    if row[PHASE] == CALLING:
        high = row[HIGH]
        bits = ONE << PASS_ID
        for j in range(1, after[high, 0] + 1):
            bits |= ONE << (PASS_ID + after[high, j])
        return bits
    if row[PHASE] == PLAY:
        return legal_cards(row, n)
    return np.int64(0)


@numba.njit(cache=True)
def _end_calling(row, n, params):
    """Every playing seat has called: the highest caller is the senior hand; when all passed, the eldest or the
    dealer's right plays the least call, or the deal is redealt (NAP-CALL-7, §14.13)."""
    declarer, contract = row[DECLARER], row[HIGH]
    if declarer < 0:
        rule = params[P.C_ALL_PASS]
        if rule == K.ALL_PASS_REDEAL:
            if params[P.C_KITTY]:
                row[blk(n, NET) + n - 1] += 1  # a redealt deal charges no stake (§14.13)
                row[KITTY] -= 1
            row[PHASE] = COMPLETE
            row[TO_ACT] = -1
            return
        declarer = 0 if rule == K.ALL_PASS_ELDEST else params[P.C_PLAYING] - 1
        contract = K.FORCED[params[P.C_MIN_CALL]]
    row[DECLARER] = declarer
    row[CONTRACT] = contract
    row[LEADER] = declarer
    row[PHASE] = PLAY
    row[TO_ACT] = declarer


@numba.njit(cache=True)
def _settle(row, n, params, pay, made, net2, pool2):
    """The settlement (the simulator's, :func:`K.settle`), into the row's nets."""
    for p in range(n):
        net2[0, p] = row[blk(n, NET) + p]
    pool2[0, K.POOL] = row[KITTY]
    K.settle(0, params, pay, row[DECLARER], row[CONTRACT], made, net2, pool2)
    for p in range(n):
        row[blk(n, NET) + p] = net2[0, p]
    row[KITTY] = pool2[0, K.POOL]
    row[PHASE] = COMPLETE
    row[TO_ACT] = -1


@numba.njit(cache=True)
def _end_trick(row, n, params, pay, net2, pool2):
    """The trick is complete: its winner (NAP-PLAY-3) leads the next, unless the deal is decided (NAP-PLAY-4)."""
    playing = params[P.C_PLAYING]
    tc = blk(n, TC)
    w = 0
    for k in range(1, playing):
        if beats(row[tc + k], row[tc + w], row[TRUMP]):
            w = k
    winner = (row[LEADER] + w) % playing
    if winner == row[DECLARER]:
        row[WON] += 1
    else:
        row[LOST] += 1
    row[DONE] += 1
    for k in range(playing):
        row[PLAYED] |= ONE << row[tc + k]
        row[tc + k] = -1
    row[TLEN] = 0
    row[LEADER] = winner
    row[TO_ACT] = winner
    result = K.decided(row[WON], row[LOST], row[CONTRACT])
    if result >= 0:
        _settle(row, n, params, pay, result, net2, pool2)


@numba.njit(cache=True)
def apply(row, n, params, pay, action, net2, pool2):
    """Apply a legal action id of the position to act (the caller has checked it)."""
    p = row[TO_ACT]
    row[blk(n, LOG) + row[NLOG]] = action
    row[NLOG] += 1
    if row[PHASE] == CALLING:
        code = action - PASS_ID
        row[blk(n, CALL) + p] = code
        if code != P.PASS:
            row[HIGH] = code
            row[DECLARER] = p
        if p + 1 < params[P.C_PLAYING]:
            row[TO_ACT] = p + 1
        else:
            _end_calling(row, n, params)
        return
    row[blk(n, HAND) + p] &= ~(ONE << action)
    if row[DONE] == 0 and row[TLEN] == 0 and (row[CONTRACT] != P.MISERY or params[P.C_MISERY_TRUMPS]):
        row[TRUMP] = action // 13  # the senior hand's first lead fixes trumps (NAP-PLAY-1, NAP-PLAY-5)
    row[blk(n, TC) + row[TLEN]] = action
    row[TLEN] += 1
    if row[TLEN] == params[P.C_PLAYING]:
        _end_trick(row, n, params, pay, net2, pool2)
    else:
        row[TO_ACT] = (row[LEADER] + row[TLEN]) % params[P.C_PLAYING]


@numba.njit(cache=True)
def builtin_call(row, n, params, after, pay, policy, lookup, table, w, st):
    """The call code of the built-in player ``policy`` for the position to act, as the simulator's calling
    (:func:`K.calling`) makes it: a strategy seat by its cell's row where the row is full, the random player
    uniform over a pass and the calls open in ladder order, the others the sensible call."""
    p = row[TO_ACT]
    high = row[HIGH]
    hand = row[blk(n, HAND) + p]
    if (policy == P.STRATEGY or policy == P.STRATEGY_HEAD) and after[high, 0] > 0:
        cell = table[p * K.CALLS + high, K.bucket_of(lookup, hand)]
        if K.table_weights(cell, high, after, w):
            return K.draw(w, st)
    if policy != P.RANDOM:
        kitty = row[KITTY] if params[P.C_KITTY] else 0  # the dealer's unit in it; none counted without a kitty
        return sensible_choice(hand, high, kitty, params, after, pay)[0]
    k = after[high, 0] + 1
    if k == 1:
        return P.PASS
    r = P.modulo(next_u64(st), k)
    return after[high, r] if r else P.PASS


@numba.njit(cache=True)
def builtin(row, n, params, after, pay, policy, lookup, table, w, st, pols):
    """The action of the built-in player ``policy`` (the simulator's: random, sensible, sensible-head, strategy,
    strategy-head) for the position to act, drawing from the table's CHOICES stream ``st``; ``pols``: scratch, one
    policy per position (the simulator's card play reads the seat's there)."""
    if row[PHASE] == CALLING:
        return PASS_ID + builtin_call(row, n, params, after, pay, policy, lookup, table, w, st)
    legal = legal_cards(row, n)
    k = popcount(legal)
    if k == 1:
        return low_card(legal)
    if policy == P.RANDOM:
        return np.int64(P.nth(legal, P.modulo(next_u64(st), k)))
    p = row[TO_ACT]
    tlen = row[TLEN]
    tc = row[blk(n, TC) : blk(n, TC) + n]
    played = row[PLAYED]
    for j in range(tlen):
        played |= ONE << tc[j]
    pols[p] = policy
    hands = row[blk(n, HAND) : blk(n, HAND) + n]
    # counted -1: the senior hand's first lead is his estimate's suit (the one his sensible call counted)
    return K.choose(p, pols, hands, played, tc, tlen, row[LEADER], row[TRUMP], row[DECLARER], row[CONTRACT],
                    -1, row[DONE], params)  # fmt: skip


@numba.njit(cache=True)
def observe(row, n, params, pos, out, compact):
    """Write position ``pos``'s observation (the adapters' layout) into ``out``, which holds zeros. ``compact``:
    ``out`` is uint8 and the kitty field holds counters (at most 255) rather than units (the unit is 1 in every
    game the simulator plays, so the two differ only past 255)."""
    one = out.dtype.type(1)
    m = row[blk(n, HAND) + pos]
    while m:
        out[low_card(m)] = one
        m &= m - ONE
    out[104 + (4 if row[TRUMP] < 0 else row[TRUMP])] = one
    m = row[PLAYED]
    while m:
        out[109 + low_card(m)] = one
        m &= m - ONE
    playing = params[P.C_PLAYING]
    for k in range(row[TLEN]):
        c = row[blk(n, TC) + k]
        q = (row[LEADER] + k) % playing
        out[109 + c] = one
        out[161 + 52 * ((q - pos) % n) + c] = one
    at = 161 + 52 * n
    for q in range(n):
        code = row[blk(n, CALL) + q]
        if code >= 0:
            out[at + 10 * ((q - pos) % n) + code + 1] = one
    at += 10 * n
    if row[PHASE] == PLAY:
        out[at + (row[DECLARER] - pos) % n] = one
        out[at + n + row[CONTRACT] - 1] = one
    at += n
    out[at + 8 + min(row[WON], 5)] = one
    out[at + 14 + min(row[LOST], 5)] = one
    at += 20
    out[at + (n - 1 - pos) % n] = one
    at += n
    if row[TO_ACT] >= 0:
        out[at + (row[TO_ACT] - pos) % n] = one
    at += n
    out[at + row[PHASE]] = one
    out[at + 5] = min(row[KITTY], 255) if compact else row[KITTY]
    out[at + 6] = one  # the stake multiplier: 1 without a Double Header


@numba.njit(cache=True, inline=INLINE)
def seat_of(row, n, pos):
    return (row[DEALER] + 1 + pos) % n


@numba.njit(cache=True)
def scratch(n, params):
    """The arrays a batch call works in, made once per call: the pack in ascending order, the pack being
    shuffled, the hands dealt, a stream's state, a strategy row's weights, a settlement's nets and kitty, and a
    policy per position."""
    full = params[P.C_FULL]
    base = np.empty(popcount(full), np.int64)
    k = 0
    for c in range(52):
        if (full >> c) & 1:
            base[k] = c
            k += 1
    return (
        base,
        np.zeros(52, np.int64),
        np.zeros(7, np.int64),
        np.zeros(1, np.uint64),
        np.zeros(K.CALLS, np.int64),
        np.zeros((1, n), np.int64),
        np.zeros((1, 2), np.int64),
        np.zeros(n, np.int64),
    )


@numba.njit(cache=True)
def advance(row, n, params, pol, seed, index, autoreset, rewards, after, pay, lookup, table, s):
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
            start(row, n, params, seed, index, row[DEAL] + 1, s[0], s[1], s[2], s[3])
            continue
        policy = pol[seat_of(row, n, row[TO_ACT])]
        if policy == LEARNER:
            return ended
        s[3][0] = np.uint64(row[CHOICE])
        a = builtin(row, n, params, after, pay, policy, lookup, table, s[4], s[3], s[7])
        row[CHOICE] = np.int64(s[3][0])
        apply(row, n, params, pay, a, s[5], s[6])


@numba.njit(cache=True)
def emit(row, n, params, b, obs, mask, seats, after, compact):
    """Table ``b``'s observation, mask and seat to act into the batch's arrays (zeros and -1 when it is over)."""
    obs[b, :] = 0
    mask[b, :] = 0
    if row[PHASE] == COMPLETE:
        seats[b] = -1
        return
    pos = row[TO_ACT]
    seats[b] = seat_of(row, n, pos)
    observe(row, n, params, pos, obs[b], compact)
    bits = legal_bits(row, n, after)
    while bits:
        mask[b, low_card(bits)] = 1
        bits &= bits - ONE


@numba.njit(cache=True)
def reset_batch(state, static, seed, first, number, obs, mask, seats, rewards):
    """Deal deal ``number`` at every table (table ``b`` is table ``first + b``), play the built-in seats to the
    first learner's turn, and write what it sees. ``static``: ``(n, params, pol, compact, after, pay, lookup,
    table)``, the table size, the rules' parameters (the simulator's configuration, then the dealer), each seat's
    player (:data:`LEARNER` for the caller's), whether the observation is compact, the calls open over each call
    and the pay table (the simulator's), and the arrays the strategy players read."""
    n, params, pol, compact, after, pay, lookup, table = static
    s = scratch(n, params)
    for b in range(state.shape[0]):
        row = state[b]
        start(row, n, params, seed, first + b, number, s[0], s[1], s[2], s[3])
        rewards[b, :] = 0
        advance(row, n, params, pol, seed, first + b, True, rewards[b], after, pay, lookup, table, s)
        emit(row, n, params, b, obs, mask, seats, after, compact)


@numba.njit(cache=True)
def check_batch(state, static, actions):
    """The first table whose action is not legal (-1: none); a finished table takes any action."""
    n, after = static[0], static[4]
    for b in range(state.shape[0]):
        row = state[b]
        if row[PHASE] == COMPLETE:
            continue
        a = actions[b]
        if a < 0 or a >= 64 or not (legal_bits(row, n, after) >> np.int64(a)) & ONE:
            return b
    return -1


@numba.njit(cache=True)
def step_batch(state, static, seed, first, actions, autoreset, obs, mask, seats, rewards, ended):
    """Apply each table's action (checked by :func:`check_batch`), play the built-in seats, and write the rewards
    of the deals that ended, which ended, and what the next seat to act sees (:func:`reset_batch`'s ``static``)."""
    n, params, pol, compact, after, pay, lookup, table = static
    s = scratch(n, params)
    for b in range(state.shape[0]):
        row = state[b]
        rewards[b, :] = 0
        if row[PHASE] != COMPLETE:
            apply(row, n, params, pay, actions[b], s[5], s[6])
        ended[b] = advance(row, n, params, pol, seed, first + b, autoreset, rewards[b], after, pay, lookup, table, s)
        emit(row, n, params, b, obs, mask, seats, after, compact)
