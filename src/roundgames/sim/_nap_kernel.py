"""The Nap batch player, compiled (numba): deals ``n`` deals from their seeded streams, calls, plays and settles
them, writing one row of each column per deal. :mod:`.nap` says what it plays, which pack positions go where and
what each column holds; :mod:`._nap_call` holds the sensible player's calls and :mod:`._nap_policy` the players'
card play.

The seats that play are ``0 .. playing - 1`` in calling order (seat 0 the eldest hand); the dealer is seat
``seats - 1``, who sits out when ``playing < seats`` (NAP-GEN-2). Scratch arrays are made once per call, so the
per-deal loop allocates nothing.

A computed strategy's table (the ``strategy`` players here, a *table* field player in the weighing kernel
:mod:`.strategy._nap`) is read by the helpers of this module, shared by both: a seat's cell (:func:`cell_of`), the
weights of its row (:func:`table_weights`) and a call drawn by them (:func:`certain`, :func:`pick`, :func:`draw`).
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.
# numba's disk cache (cache=True) is invalidated by a change of a function's own file only, and the kernel
# (_nap_kernel.py) compiles the calling (_nap_call.py) and the players (_nap_policy.py) into its own functions:
# after editing any of them, delete their cached machine code (src/roundgames/sim/__pycache__/_nap_*.nbi, .nbc).

from __future__ import annotations

import math

import numba
import numpy as np

from ..cardbits import INLINE
from ._nap_call import best_trump, sensible_choice
from ._nap_policy import (
    C_ALL_PASS,
    C_FULL,
    C_HERO,
    C_HERO_CALL,
    C_HERO_MODE,
    C_KITTY,
    C_MIN_CALL,
    C_MISERY_TRUMPS,
    C_PACK,
    C_PLAYING,
    C_POOL,
    C_POOL_DOUBLE,
    C_SEATS,
    C_TAKES,
    CALL_TRICKS,
    MISERY,
    NAP,
    PASS,
    RANDOM,
    SENSIBLE_HEAD,
    STRATEGY,
    STRATEGY_HEAD,
    SUIT,
    beats,
    defender_card,
    low_card,
    misery_card,
    modulo,
    nth,
    peel_case,
    popcount,
    senior_card,
    shuffle,
)
from ._streams_kernel import GOLDEN, deal_stream, mix, next_u64

#: the purposes of a deal's streams (:data:`.streams.CARDS`, :data:`.streams.CHOICES`)
CARDS, CHOICES = 0, 1
#: an action's code in the ``actions`` column: a card played is the card; a call is CALLED + its code
CALLED = 64
#: the code of a call by the minimum call (1, 2, 3) when all pass (NAP-CALL-7, §14.13)
FORCED = np.array([0, 1, 2, 4], dtype=np.int64)
ALL_PASS_ELDEST, ALL_PASS_DEALER, ALL_PASS_REDEAL = 0, 1, 2
HERO_NONE, HERO_CALL, HERO_SENIOR = 0, 1, 2
#: the slots of ``deal_i8`` (one row a deal) and of ``deal_i32``
SENIOR, CONTRACT, TRUMP, MADE, HERO_FORCED, PEEL = 0, 1, 2, 3, 4, 5
POOL, STATES = 0, 1
#: the calls a strategy's row weighs, by code: pass, 1, 2, misery, 3, 4, Nap, Wellington, Blücher
CALLS = 9
#: a strategy's row gives each call a weight out of SCALE (a uint8); the kernels weigh out of TOTAL, which SCALE and
#: every count of open actions up to 17 divide, so that every sum of weights is a whole number
SCALE = 255
TOTAL = 12_252_240
PER_POINT = TOTAL // SCALE
UTOTAL = np.uint64(TOTAL)


# -- a computed strategy's table, read here by the ``strategy`` players and by the weighing kernel (strategy._nap)


#: ``C(c, j + 1)`` by ``j`` (0..4) and ``c`` (0..51): a colex rank's terms, read rather than computed (a term's
#: divisions cost more than the rest of a seat's cell)
BINOM = np.array([[math.comb(c, j + 1) for c in range(52)] for j in range(5)], dtype=np.int64)


@numba.njit(cache=True, inline=INLINE)
def rank5(hand):
    """The colex rank of a five-card mask, ``0 .. C(52, 5) - 1``: the sum of ``C(c_j, j + 1)`` over its cards
    from the lowest (0 where ``c_j < j + 1``)."""
    r = np.int64(0)
    for j in range(5):
        r += BINOM[j, low_card(hand)]
        hand &= hand - 1
    return r


@numba.njit(cache=True, inline=INLINE)
def bucket_of(lookup, hand):
    """The index of ``hand``'s bucket among the sorted buckets (``lookup``: :func:`.strategy.buckets.nap_lookup`'s,
    by colex rank)."""
    return np.int64(lookup[rank5(hand)])


@numba.njit(cache=True, inline=INLINE)
def cell_of(lookup, playing, seat, hand, high):
    """The cell of a seat that calls on ``hand`` with ``high`` to beat: its hand's bucket, its seat in calling
    order and ``high`` (as :class:`.strategy.nap.NapGame` numbers the cells)."""
    return (bucket_of(lookup, hand) * playing + seat) * CALLS + high


@numba.njit(cache=True, inline=INLINE)
def table_weights(row, high, after, w):
    """A strategy's ``row`` (weights out of :data:`SCALE`, by call) as weights out of :data:`TOTAL` of a pass and
    the calls open over ``high`` (``after``: their number, then their codes), into ``w`` (zero for the others).
    False, ``w`` left as it was, where those do not weigh SCALE in all: a cell the strategy never reached."""
    k = after[high, 0] + 1
    total = np.int64(row[PASS])
    for j in range(1, k):
        total += row[after[high, j]]
    if total != SCALE:
        return False
    for a in range(CALLS):
        w[a] = 0
    w[PASS] = np.int64(row[PASS]) * PER_POINT
    for j in range(1, k):
        w[after[high, j]] = np.int64(row[after[high, j]]) * PER_POINT
    return True


@numba.njit(cache=True, inline=INLINE)
def certain(w):
    """The call whose weight is the whole :data:`TOTAL` (a pure row, which draws nothing), else -1."""
    for a in range(CALLS):
        if w[a] == TOTAL:
            return np.int64(a)
    return np.int64(-1)


@numba.njit(cache=True, inline=INLINE)
def pick(w, u):
    """The call that ``u`` (``0 <= u < TOTAL``) falls on, the weights counted off in code order."""
    last = np.int64(0)
    for a in range(CALLS):
        if w[a] > 0:
            last = np.int64(a)
            u -= w[a]
            if u < 0:
                return last
    return last


@numba.njit(cache=True, inline=INLINE)
def draw(w, st):
    """A call (its code) drawn by the weights ``w`` from the stream ``st``: :func:`certain`, else :func:`pick` by
    one ``next % TOTAL``."""
    c = certain(w)
    if c >= 0:
        return c
    return pick(w, np.int64(next_u64(st) % UTOTAL))


@numba.njit(cache=True)
def deal_hands(state, cfg, given, base, pack, hands):
    """Deal the playing seats' hands: pack positions ``5k .. 5k + 4`` of the shuffled pack go to the ``k``-th
    seat to be dealt (the seats in calling order, the hero left out when his hand is ``given``). ``base``: the
    pack in ascending order."""
    playing = cfg[C_PLAYING]
    hero = cfg[C_HERO]
    size = base.shape[0]
    if given:
        size = 0
        for c in base:
            if not (given >> c) & 1:
                pack[size] = c
                size += 1
    else:
        for j in range(size):
            pack[j] = base[j]
    dealt = playing - 1 if given else playing
    shuffle(state, pack, size, 5 * dealt)
    k = 0
    for s in range(playing):
        if given and s == hero:
            hands[s] = given
            continue
        m = np.int64(0)
        for j in range(5 * k, 5 * k + 5):
            m |= np.int64(1) << pack[j]
        hands[s] = m
        k += 1


@numba.njit(cache=True, inline=INLINE)
def calling(i, state, cfg, ok, after, pay, policy, hands, calls, deal_i8, deal_i32, actions, record, lookup,
            table, w):  # fmt: skip
    """The calling, once round from the eldest hand (NAP-CALL-1..6); returns ``(declarer, contract, counted)``,
    the declarer -1 when all pass and the deal is redealt (NAP-CALL-7); ``counted``: the suit the declarer's
    sensible call counted as trumps, -1 when his call was not his sensible player's. A strategy player with a
    call open calls by his cell's row of ``table`` (found through ``lookup``), weighed into ``w``, or as
    ``sensible`` where the row is empty."""
    playing = cfg[C_PLAYING]
    kitty = deal_i32[i, POOL] if cfg[C_KITTY] else 0  # the dealer's unit in it; none counted without a kitty
    hero, mode, hero_call = cfg[C_HERO], cfg[C_HERO_MODE], cfg[C_HERO_CALL]
    high, declarer, counted = PASS, -1, -1
    x = state[0]  # only the random players draw here, and only in this loop
    if lookup.shape[0]:  # a strategy seat plays: every seat's bucket read at once, the reads overlapping
        for s in range(playing):
            w[CALLS + s] = bucket_of(lookup, hands[s])
    for s in range(playing):
        code, suit = -1, -1
        if mode == HERO_SENIOR:
            code = hero_call if s == hero else PASS
            deal_i8[i, HERO_FORCED] = 1
        elif mode == HERO_CALL and s == hero and ok[high, hero_call]:
            code = hero_call
            deal_i8[i, HERO_FORCED] = 1
        pol = policy[s]
        by_table = code < 0 and (pol == STRATEGY or pol == STRATEGY_HEAD) and after[high, 0] > 0  # noqa: SIM109
        # the table by context, then bucket (:func:`.sim.nap.strategy_table`): a context's rows lie together
        if by_table and table_weights(table[s * CALLS + high, w[CALLS + s]], high, after, w):
            code = certain(w)
            if code < 0:  # a mixed row: one draw, as the random player draws (the stream's state in x)
                x += GOLDEN
                code = pick(w, np.int64(mix(x) % UTOTAL))
        if code < 0:
            if pol != RANDOM:
                code, suit = sensible_choice(hands[s], high, kitty, cfg, after, pay)
            else:  # uniform over pass and after[high] (their number, then their codes in ladder order)
                k = after[high, 0] + 1
                code = PASS
                if k > 1:
                    x += GOLDEN
                    r = modulo(mix(x), k)
                    if r:
                        code = after[high, r]
        calls[i, s] = code
        if record:
            actions[i, s] = CALLED + code
        if code != PASS:
            high, declarer, counted = code, s, suit
    state[0] = x
    if declarer >= 0:
        return declarer, high, counted
    rule = cfg[C_ALL_PASS]
    if rule == ALL_PASS_REDEAL:
        return -1, PASS, -1
    return (0 if rule == ALL_PASS_ELDEST else playing - 1), FORCED[cfg[C_MIN_CALL]], -1


@numba.njit(cache=True)
def choose(s, policy, hands, played, tc, tlen, leader, trump, declarer, contract, counted, done, cfg):
    """The card seat ``s`` plays now, by his sensible policy (the random one is played in :func:`play`);
    ``counted``: the suit the declarer's call counted as trumps, -1 not counted."""
    hand = hands[s]
    legal = hand
    if tlen > 0:
        follow = hand & SUIT[tc[0] // 13]  # NAP-PLAY-2
        if follow:
            legal = follow
    pol = policy[s]
    playing = cfg[C_PLAYING]
    if contract == MISERY:
        return misery_card(s, hand, legal, tc, tlen, leader, trump, declarer, playing)
    unseen = cfg[C_FULL] & ~hand & ~played
    if s == declarer:
        first = counted
        if first < 0 and tlen == 0 and done == 0:  # his first lead fixes trumps (NAP-PLAY-1): his estimate's suit
            first = best_trump(hand, playing - 1, 0 if cfg[C_PACK] == 52 else 1, cfg[C_FULL])[0]
        return senior_card(hand, legal, unseen, tc, tlen, trump, done, first)
    if peel_case(s, hand, tc, tlen, done, declarer, contract):
        mine = hand & SUIT[tc[0] // 13]
        if pol == SENSIBLE_HEAD or pol == STRATEGY_HEAD:  # noqa: SIM109 (numba: no tuple test in a hot loop)
            return low_card(mine & (mine - 1))  # head with the ace
        return low_card(mine)  # pass, as Peel advises
    return defender_card(legal, unseen, tc, tlen, leader, trump, declarer, playing)


@numba.njit(cache=True)
def decided(won, lost, contract):
    """1 made, 0 lost, -1 still open: the early end of NAP-PLAY-4."""
    if contract == MISERY:
        if won:
            return 0
        return 1 if lost == 5 else -1
    need = CALL_TRICKS[contract]
    if won >= need:
        return 1
    if lost > 5 - need:
        return 0
    return -1


@numba.njit(cache=True, inline=INLINE)
def play(i, state, cfg, policy, hands, declarer, contract, counted, tc, tricks, deal_i8, actions, record):
    """Play the tricks until the deal is decided (NAP-PLAY-1..5, the early end of NAP-PLAY-4): writes the tricks
    won, the trump, whether the call is made, Peel's case and the cards played; returns how many were played.
    ``counted``: the suit the declarer's call counted as trumps, -1 not counted."""
    playing = cfg[C_PLAYING]
    trump = -1
    leader = declarer
    won = lost = done = 0
    played = np.int64(0)
    count = 0
    result = -1
    x = state[0]  # only the random players draw here, and only in this loop
    while result < 0:
        for k in range(playing):
            s = leader + k  # (leader + k) % playing, without a division
            if s >= playing:
                s -= playing
            if done == 0 and k > 0 and deal_i8[i, PEEL] < 0 and peel_case(s, hands[s], tc, k, done, declarer, contract):
                deal_i8[i, PEEL] = s
            if policy[s] == RANDOM:  # the fast path: most of a random deal's time is here
                legal = hands[s]
                if k > 0:
                    follow = legal & SUIT[tc[0] // 13]  # NAP-PLAY-2
                    if follow:
                        legal = follow
                n = popcount(legal)
                if n == 1:
                    c = low_card(legal)
                else:  # random_card, the stream's state kept in a register
                    x += GOLDEN
                    c = nth(legal, modulo(mix(x), n))
            else:
                c = choose(s, policy, hands, played, tc, k, leader, trump, declarer, contract, counted, done, cfg)
            if done == 0 and k == 0 and (contract != MISERY or cfg[C_MISERY_TRUMPS]):
                trump = c // 13  # NAP-PLAY-1, NAP-PLAY-5
            hands[s] &= ~(np.int64(1) << c)
            played |= np.int64(1) << c
            tc[k] = c
            if record:
                actions[i, playing + count] = c
            count += 1
        w = 0
        for k in range(1, playing):
            if beats(tc[k], tc[w], trump):
                w = k
        winner = leader + w
        if winner >= playing:
            winner -= playing
        tricks[i, winner] += 1
        if winner == declarer:
            won += 1
        else:
            lost += 1
        done += 1
        leader = winner
        result = decided(won, lost, contract)
    state[0] = x
    deal_i8[i, TRUMP] = trump
    deal_i8[i, MADE] = result
    return count


@numba.njit(cache=True)
def settle(i, cfg, pay, declarer, contract, made, net, deal_i32):
    """Pay the call between the senior hand and each opponent, the dealer sitting out too (§6.5, NAP-SET-1);
    BIC's pool Nap and the kitty taken by a made Nap or higher (§14.14, §14.28)."""
    seats = cfg[C_SEATS]
    kitty = deal_i32[i, POOL]
    amount = pay[0, contract] if made else pay[1, contract]
    for opp in range(seats):
        if opp == declarer:
            continue
        if made:
            net[i, opp] -= amount
            net[i, declarer] += amount
        else:
            net[i, declarer] -= amount
            net[i, opp] += amount
    if not made and contract >= NAP and cfg[C_POOL_DOUBLE]:
        net[i, declarer] -= kitty
        kitty += kitty
    if made and contract >= NAP and cfg[C_TAKES]:
        net[i, declarer] += kitty
        kitty = 0
    deal_i32[i, POOL] = kitty


@numba.njit(cache=True)
def one_deal(i, state, cfg, ok, after, pay, policy, hands, tc, calls, tricks, net, deal_i8, deal_i32,
             actions, record, lookup, table, w):  # fmt: skip
    """Call, play and settle deal ``i``, its hands dealt and its CHOICES stream in ``state``."""
    seats, playing = cfg[C_SEATS], cfg[C_PLAYING]
    deal_i8[i, PEEL] = -1
    deal_i32[i, POOL] = cfg[C_POOL]
    if cfg[C_KITTY]:
        net[i, seats - 1] -= 1  # each dealer pays a unit into the kitty (NAP-VAR-POOL, §14.14)
        deal_i32[i, POOL] += 1
    declarer, contract, counted = calling(i, state, cfg, ok, after, pay, policy, hands, calls, deal_i8, deal_i32,
                                          actions, record, lookup, table, w)  # fmt: skip
    states = 6 * playing  # every card dealt and every call
    if declarer < 0:
        if cfg[C_KITTY]:
            net[i, seats - 1] += 1  # a redealt deal charges no stake (§14.13)
            deal_i32[i, POOL] -= 1
        deal_i8[i, SENIOR] = deal_i8[i, CONTRACT] = deal_i8[i, TRUMP] = -1
    else:
        deal_i8[i, SENIOR], deal_i8[i, CONTRACT] = declarer, contract
        states += play(i, state, cfg, policy, hands, declarer, contract, counted, tc, tricks, deal_i8, actions,
                       record)  # fmt: skip
        settle(i, cfg, pay, declarer, contract, deal_i8[i, MADE], net, deal_i32)
    deal_i32[i, STATES] = states


@numba.njit(cache=True, nogil=True)  # nogil: threads of one process may play chunks at once
def run_deals(seed, n, cfg, ok, after, pay, policy, given, hands_out, calls, tricks, net, deal_i8,
              deal_i32, actions, lookup, table):  # fmt: skip
    """Play deals ``0 .. n-1`` of the chunk seeded ``seed`` into the columns (zeroed by the caller);
    ``actions`` with no rows: not recorded; ``lookup`` and ``table``: the buckets' lookup and the strategy's
    table (:func:`cell_of`), empty when no seat plays by a strategy."""
    seats, playing = cfg[C_SEATS], cfg[C_PLAYING]
    record = actions.shape[0] > 0
    pack = np.empty(52, dtype=np.int64)
    base = np.empty(popcount(cfg[C_FULL]), dtype=np.int64)
    for c in range(52):
        if (cfg[C_FULL] >> c) & 1:
            base[popcount(cfg[C_FULL] & ((np.int64(1) << c) - 1))] = c
    hands = np.zeros(7, dtype=np.int64)
    tc = np.zeros(7, dtype=np.int64)
    state = np.zeros(1, dtype=np.uint64)
    w = np.zeros(CALLS + 7, dtype=np.int64)  # a row's weights, then each seat's bucket
    has_given = given.shape[0] > 0
    for i in range(n):
        state[0] = deal_stream(seed, i, CARDS)
        deal_hands(state, cfg, given[i] if has_given else np.int64(0), base, pack, hands)
        for s in range(playing):
            hands_out[i, s] = hands[s]
        for s in range(playing, seats):
            calls[i, s] = -1  # the dealer sitting out does not call (NAP-GEN-2)
        state[0] = deal_stream(seed, i, CHOICES)
        one_deal(i, state, cfg, ok, after, pay, policy, hands, tc, calls, tricks, net, deal_i8, deal_i32,
                 actions, record, lookup, table, w)  # fmt: skip
