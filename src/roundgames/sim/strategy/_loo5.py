"""Five-card and Irish Loo's declarations weighed in the batch simulator (numba): every abstract declaration open
to a seat, at every seat's turn, played out against the field on the same cards, for the strategies of
:mod:`.cfr`.

A deal is dealt, and its declarations, flushes, tricks and settlement are made, by :mod:`.._loo5_kernel`'s own
functions (:func:`~.._loo5_kernel.deal_cards`, :func:`~.._loo5_kernel.draw` for the stock,
:func:`~.._loo5_kernel.show_flushes`, :func:`~.._loo5_kernel.play_tricks`); what is here is the order of the
declarations and who makes them. The seats declare in turn, each by its *field* player (``random``, ``sensible``
or a *table*). The actions are abstract (:func:`roundgames.bots.strategy.loo5_actions`): stand, throw up, or
``exchange-k``, putting out the ``k`` cards of least keeping value (:func:`weakest`, the order of
:func:`roundgames.bots.strategy.keeping_value`). At the turn of a seat that weighs and has a choice, the deal is
copied once for each action open to it: it takes the action, the seats after it declare by their field players,
the flushes are shown or the tricks played (each seat by its field's card play: a table's as ``sensible``) and
the deal is settled. Every copy continues the deal's CARDS stream where it stood, so an exchange draws the stock's
cards the deal itself would, and draws its choices from the seat's own stream, the same for every copy: the
actions are compared on the same luck. What the seat nets in each copy is added to its cell.

The field players: ``sensible`` declares as the bot does (:func:`.._loo5_kernel.sensible_declare`), its exchange
being the ``exchange-k`` of its ``k`` weak side cards (they are the ``k`` of least keeping value); ``random``
chooses uniformly among the abstract actions open (not among every set of cards, as the kernel's ``random``
player does: a field's choices must be actions of the cells); a table by its row, or as ``sensible`` where the
row is empty, and as ``sensible`` anyway in the share ``mix`` of the deals whose field is plain. ``sensible``'s declaration depends on the deal
only through the seat's cards, the pool and how many are in before it (the stock never runs short: the game
refuses tables where it might), so it is made once a deal for each seat and count and kept (``memo``).

A *cell* is ``((bucket * players + seat) * players + played) * clubs + club``: the hand's bucket (Five-card:
:func:`bucket_key` found in the sorted ``keys`` by binary search; Irish: the Three-card lookup), the seat from
the dealer's left, how many stood or exchanged before it, and whether club law holds in the deal (``clubs`` is 2
where the rules have club law, LOOI-2, else 1).

Every sum is of whole counters, so it is exact in a float64 in any order: a run gives the same sums on any
number of threads.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.
# numba's disk cache (cache=True) is invalidated by a change of a function's own file only: after editing
# _loo5_kernel.py, _loo_sensible_kernel.py, _loo3.py or the bucket constants of roundgames.bots.buckets (read when
# this module is compiled), delete this module's cached machine code too
# (src/roundgames/sim/strategy/__pycache__/_loo5*.nbi and *.nbc).

from __future__ import annotations

import numba
import numpy as np

from ...bots.buckets import LOO5_LOW, LOO5_TOP
from ...cardbits import INLINE, SUIT, count, low_card
from .._loo3_kernel import rank3
from .._loo5_kernel import (
    A_EXCHANGE,
    A_STAND,
    A_THROW,
    C_CLUB_LAW,
    C_CONCEDE,
    C_PLAYERS,
    C_SIZE,
    CLUBS,
    DECL,
    EXCH,
    EXCHANGE,
    HAND,
    MAX_ACTS,
    NET,
    PL,
    PLAYHAND,
    RANDOM,
    ROWS,
    S_DECKN,
    S_FLUSH,
    S_NPL,
    S_PAM,
    S_POS,
    S_TRUMP,
    S_TURNUP,
    SC,
    SENSIBLE,
    STAND,
    THROW,
    WIDTH,
    below_fast,
    bit,
    deal_cards,
    draw,
    play_tricks,
    record,
    sensible_declare,
    show_flushes,
)
from .._streams_kernel import deal_stream, next_u64

#: a field player that declares by a table of mixed strategies (cards: as ``sensible``)
TABLE = 2
#: the most actions a cell has: stand, throw up, exchange 1 .. 5
ACTIONS = 7
#: the actions' indexes: stand, throw up; ``exchange-k`` is ``k + 1``
STAND_A, THROW_A = 0, 1
SCALE = 255
TOTAL = 12_252_240
PER_POINT = TOTAL // SCALE
#: the copies of a seat's turn draw from their own stream, ``deal_stream(seed ^ WEIGH, deal, seat)``: the salt
#: keeps those streams apart from every deal's own (cards and choices), which share the space of ``deal_stream(seed,
#: ...)``
WEIGH = np.uint64(0xC0FFEE5EED5A17ED)
#: the seat number of the salted stream that decides whether a deal's field plays plain ``sensible``
MIXER = 63
#: the bits of a plain suit's code (:func:`roundgames.bots.buckets.suit_code`)
WIDE = 12 - LOO5_LOW


@numba.njit(cache=True, inline=INLINE)
def plain_code(ranks):
    """:func:`roundgames.bots.buckets.suit_code` at :data:`~roundgames.bots.buckets.LOO5_LOW`."""
    small = count(ranks & ((np.int64(2) << LOO5_LOW) - 1))
    return (np.int64(small) << WIDE) | (ranks >> (LOO5_LOW + 1))


@numba.njit(cache=True)
def bucket_key(hand, turnup, pam):
    """:func:`roundgames.bots.buckets.loo5_bucket`, number for number."""
    trump = turnup // 13
    held = np.int64(0)
    if pam >= 0:
        held = (hand >> pam) & 1
        hand &= ~bit(pam)
    rivals = SUIT & ~bit(turnup % 13)
    if pam >= 0 and pam // 13 == trump:
        rivals &= ~bit(pam % 13)
    trumps = (hand >> (13 * trump)) & SUIT
    top = np.int64(0)
    lower = np.int64(0)
    for rank in range(13):
        if (trumps >> rank) & 1:
            standing = count(rivals >> (rank + 1))
            if standing < LOO5_TOP:
                top |= bit(standing)
            else:
                lower += 1
    a = np.int64(-1)
    b = np.int64(-1)
    c = np.int64(-1)
    for s in range(4):
        if s != trump:
            x = plain_code((hand >> (13 * s)) & SUIT)
            if a < 0:
                a = x
            elif b < 0:
                b = x
            else:
                c = x
    if a > b:  # the three codes sorted, lowest first
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a | (b << 7) | (c << 14) | (held << 21) | (top << 22) | (lower << 27)


@numba.njit(cache=True, inline=INLINE)
def bucket_of(hand, turnup, pam, size, keys, lookup):
    """The index of a hand's bucket: Five-card's number found in the sorted ``keys``, Irish's three cards by the
    Three-card lookup (:func:`.buckets.loo_lookup`)."""
    if size == 3:
        return np.int64(lookup[rank3(hand) * 52 + turnup])
    return np.int64(np.searchsorted(keys, bucket_key(hand, turnup, pam)))


@numba.njit(cache=True, inline=INLINE)
def keeping_value(card, hand, trump, pam):
    """:func:`roundgames.bots.strategy.keeping_value`: Pam over trumps over plain cards, by rank, then the plain
    card of the longer suit, then of the higher suit."""
    suit = card // 13
    rest = hand & ~bit(pam) if pam >= 0 else hand
    kind = 2 if card == pam else (1 if suit == trump else 0)
    length = count((rest >> (13 * suit)) & SUIT)
    return ((kind * 13 + card % 13) * 8 + length) * 4 + suit


@numba.njit(cache=True)
def weakest(hand, k, trump, pam):
    """The mask of the ``k`` cards of ``hand`` of least :func:`keeping_value`: what ``exchange-k`` puts out."""
    out = np.int64(0)
    for _ in range(k):
        best = np.int64(-1)
        best_v = np.int64(0)
        m = hand & ~out
        while m:
            c = low_card(m)
            m &= m - 1
            v = keeping_value(c, hand, trump, pam)
            if best < 0 or v < best_v:
                best, best_v = c, v
        out |= bit(best)
    return out


@numba.njit(cache=True, inline=INLINE)
def options(cfg, st, s, playing, club):
    """The actions open to seat ``s`` with ``playing`` seats in before it (bits by index); none: the dealer takes
    the pool without play (LOO-DECL-7). No throw under club law (LOOI-2, §14.22), nor for the dealer facing one
    seat in unless he may concede (§14.24); ``exchange-k`` while the stock holds ``k`` cards (LOO5-2)."""
    anchor = cfg[C_PLAYERS] - 1
    if s == anchor and not club and playing == 0:
        return np.int64(0)
    opts = bit(STAND_A)
    if not club and not (s == anchor and playing == 1 and cfg[C_CONCEDE] == 0):
        opts |= bit(THROW_A)
    stock = st[SC, S_DECKN] - st[SC, S_POS]
    for k in range(1, cfg[C_SIZE] + 1):
        if k <= stock:
            opts |= bit(k + 1)
    return opts


@numba.njit(cache=True, inline=INLINE)
def cell_of(bucket, players, s, playing, clubs, club):
    """The cell of seat ``s`` on a hand of bucket index ``bucket`` with ``playing`` in before it."""
    return ((bucket * players + s) * players + playing) * clubs + (1 if club else 0)


@numba.njit(cache=True)
def sensible_action(cfg, st, s, playing, opts, sense, memo):
    """The bot ``sensible``'s declaration as an action index, made once a deal for each seat and count in before
    it (``memo``, -1: not yet) while the stock holds a hand's worth of cards (it decides by nothing else)."""
    keep = st[SC, S_DECKN] - st[SC, S_POS] >= cfg[C_SIZE]
    if keep and memo[s, playing] >= 0:
        return memo[s, playing]
    code, out = sensible_declare(cfg, st, s, playing, ((opts >> THROW_A) & 1) != 0, sense)
    a = np.int64(THROW_A if code == THROW else (STAND_A if code == STAND else count(out) + 1))
    if keep:
        memo[s, playing] = a
    return a


@numba.njit(cache=True)
def field_weights(kind, cfg, st, s, playing, opts, cell, table, sense, memo, w):
    """Seat ``s``'s field player's weight for each action into ``w``, out of :data:`TOTAL`: a table's row (its
    weights out of 255) where it gives the open actions weight, else the sensible player's one action, or the
    random player's even split."""
    for a in range(ACTIONS):
        w[a] = 0
    if kind == TABLE:
        row = table[cell]
        total = 0
        for a in range(ACTIONS):
            if (opts >> a) & 1:
                total += row[a]
        if total == SCALE:
            for a in range(ACTIONS):
                if (opts >> a) & 1:
                    w[a] = np.int64(row[a]) * PER_POINT
            return
        kind = SENSIBLE  # a cell the table never reached
    if kind == RANDOM:
        k = count(opts)
        for a in range(ACTIONS):
            if (opts >> a) & 1:
                w[a] = TOTAL // k
        return
    w[sensible_action(cfg, st, s, playing, opts, sense, memo)] = TOTAL


@numba.njit(cache=True)
def plain_deal(seed, i, mix):
    """Whether deal ``i``'s field plays ``sensible`` at every table seat: a draw of probability ``mix`` (out of
    :data:`TOTAL`) from the deal's own stream of the salted space, the same for every copy of its turns."""
    if mix <= 0:
        return False
    x = np.zeros(1, np.uint64)
    x[0] = deal_stream(np.uint64(seed) ^ WEIGH, i, MIXER)
    return np.int64(next_u64(x) % np.uint64(TOTAL)) < mix


@numba.njit(cache=True)
def act(kind, plain, cfg, st, s, playing, opts, w, rng, sense, memo):
    """An action by the weights ``w``, drawn from the choices stream ``rng[1]`` (nothing drawn where one is
    certain); a table's player declares as ``sensible`` instead in a deal where the field is ``plain`` (the field
    of a restricted Nash response)."""
    if kind == TABLE and plain:
        return sensible_action(cfg, st, s, playing, opts, sense, memo)
    for a in range(ACTIONS):
        if w[a] == TOTAL:
            return np.int64(a)
    u = below_fast(rng, 1, TOTAL)
    last = np.int64(0)
    for a in range(ACTIONS):
        if w[a] > 0:
            last = np.int64(a)
            u -= w[a]
            if u < 0:
                return last
    return last


@numba.njit(cache=True)
def apply(st, rng, acts, s, a):
    """Seat ``s`` takes action ``a``, as :func:`.._loo5_kernel.declare` makes a declaration: an exchange puts its
    cards aside for good and draws as many from the stock (LOO5-2, §14.15)."""
    if a == STAND_A:
        st[DECL, s] = STAND
        record(st, acts, s, A_STAND, 0)
    elif a == THROW_A:
        st[DECL, s] = THROW
        st[HAND, s] = 0
        record(st, acts, s, A_THROW, 0)
    else:
        k = a - 1
        out = weakest(st[HAND, s], k, st[SC, S_TRUMP], st[SC, S_PAM])
        drawn = np.int64(0)
        for _ in range(k):
            drawn |= bit(draw(st, rng))
        st[HAND, s] = (st[HAND, s] & ~out) | drawn
        st[EXCH, s] = k
        st[DECL, s] = EXCHANGE
        record(st, acts, s, A_EXCHANGE, out)


@numba.njit(cache=True)
def finish(s0, playing, cfg, kinds, plain, pol, st, rng, acts, buckets, clubs, club, table, sense, memo, w):
    """Declarations from seat ``s0`` on (``playing`` in before it) by the field, then the flushes or the tricks
    and the settlement, as :func:`.._loo5_kernel.play_one` ends a deal: ``st[NET]`` takes the result."""
    players = cfg[C_PLAYERS]
    anchor = players - 1
    taken = -1
    for s in range(s0, players):
        opts = options(cfg, st, s, playing, club)
        if opts == 0:
            taken = anchor
            break
        cell = cell_of(buckets[s], players, s, playing, clubs, club)
        field_weights(kinds[s], cfg, st, s, playing, opts, cell, table, sense, memo, w)
        a = act(kinds[s], plain, cfg, st, s, playing, opts, w, rng, sense, memo)
        apply(st, rng, acts, s, a)
        if a != THROW_A:
            playing += 1
    if taken < 0 and st[DECL, anchor] == THROW:  # the last seat in takes the pool (LOO-DECL-9, §14.24)
        last, npl = -1, 0
        for s in range(players):
            if st[DECL, s] != THROW:
                last, npl = s, npl + 1
        if npl == 1:
            taken = last
    if taken < 0:
        npl = 0
        for s in range(players):
            if st[DECL, s] != THROW:
                st[PL, npl] = s
                npl += 1
            st[PLAYHAND, s] = st[HAND, s]
        st[SC, S_NPL] = npl
    if not show_flushes(cfg, st, acts, taken):
        play_tricks(cfg, pol, st, acts, rng)


@numba.njit(cache=True)
def weigh_deals(seed, first, n, cfg, kinds, mix, weigh, pack, keys, lookup, clubs, table, sense, sums, squares,
                others, played, counts):  # fmt: skip
    """Deals ``first .. first + n - 1`` of the run seeded ``seed`` (dealt as :func:`.._loo5_kernel.play_one`
    deals them): at each weighing seat's turn with a choice, every open action's net is added to
    ``sums[cell, action]`` (its square to ``squares``, the other seats' nets, summed, to ``others``), the field
    player's weights to ``played[cell]``, and ``counts[cell]`` counts the turn."""
    players, size = cfg[C_PLAYERS], cfg[C_SIZE]
    pol = np.zeros(players, np.int64)
    for s in range(players):
        pol[s] = RANDOM if kinds[s] == RANDOM else SENSIBLE
    st = np.zeros((ROWS, WIDTH), np.int64)
    cst = np.zeros((ROWS, WIDTH), np.int64)
    rng = np.zeros(2, np.uint64)
    crng = np.zeros(2, np.uint64)
    acts = np.zeros((MAX_ACTS, 3), np.int64)
    w = np.zeros(ACTIONS, np.int64)
    cw = np.zeros(ACTIONS, np.int64)
    buckets = np.zeros(players, np.int64)
    memo = np.zeros((players, players), np.int64)
    for i in range(first, first + n):
        rng[0] = deal_stream(seed, i, 0)
        rng[1] = deal_stream(seed, i, 1)
        st[SC, :] = 0
        st[SC, S_FLUSH] = -1
        deal_cards(cfg, st, pack, rng, np.int64(0), np.int64(-1))
        plain = plain_deal(seed, i, mix)
        turnup, pam = st[SC, S_TURNUP], st[SC, S_PAM]
        club = cfg[C_CLUB_LAW] != 0 and st[SC, S_TRUMP] == CLUBS
        for s in range(players):
            buckets[s] = bucket_of(st[HAND, s], turnup, pam, size, keys, lookup)
            memo[s, :] = -1
        playing = 0
        for s in range(players):
            opts = options(cfg, st, s, playing, club)
            if opts == 0:
                break
            cell = cell_of(buckets[s], players, s, playing, clubs, club)
            field_weights(kinds[s], cfg, st, s, playing, opts, cell, table, sense, memo, w)
            if weigh[s] and count(opts) > 1:
                counts[cell] += 1
                for a in range(ACTIONS):
                    played[cell, a] += w[a]
                start = deal_stream(np.uint64(seed) ^ WEIGH, i, s)
                m = opts
                while m:
                    a = low_card(m)
                    m &= m - 1
                    cst[:, :] = st
                    crng[0] = rng[0]
                    crng[1] = start
                    apply(cst, crng, acts, s, a)
                    finish(s + 1, playing + (0 if a == THROW_A else 1), cfg, kinds, plain, pol, cst, crng, acts,
                           buckets, clubs, club, table, sense, memo, cw)  # fmt: skip
                    v = cst[NET, s]
                    sums[cell, a] += v
                    squares[cell, a] += v * v
                    rest = np.int64(0)
                    for t in range(players):
                        rest += cst[NET, t]
                    others[cell, a] += rest - v
            a = act(kinds[s], plain, cfg, st, s, playing, opts, w, rng, sense, memo)
            apply(st, rng, acts, s, a)
            if a != THROW_A:
                playing += 1


@numba.njit(cache=True, parallel=True)
def weigh_parallel(seed, n, threads, cfg, kinds, mix, weigh, pack, keys, lookup, clubs, table, sense, sums, squares,
                   others, played, counts):  # fmt: skip
    """:func:`weigh_deals` for deals ``0 .. n - 1`` split among ``threads`` threads, each into its own slabs
    (their first index)."""
    for t in numba.prange(threads):
        first = n * t // threads
        last = n * (t + 1) // threads
        weigh_deals(seed, first, last - first, cfg, kinds, mix, weigh, pack, keys, lookup, clubs, table, sense,
                    sums[t], squares[t], others[t], played[t], counts[t])  # fmt: skip
