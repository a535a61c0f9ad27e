"""The batch player of Five-card and Irish Loo, compiled (numba): imported by :mod:`.loo5`, which says what it
plays and how (the players' rules, the columns, the canonical order of the actions). Every function is at module
level so that numba caches its machine code on disk (``cache=True``).

One deal is played by :func:`play_one` into work arrays that :func:`run` reuses from deal to deal: ``st`` (a row
per kind of fact, a column per seat), ``sc`` (the deal's scalars), ``deck`` (the pack being shuffled as it is
dealt) and ``acts`` (every action in order: seat, code, argument), which :func:`trace` hands back for one deal.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np

from ._loo5_rules import (
    ONE,
    below_fast,
    bit,
    count,
    flush_key,
    follow,
    lead,
    low,
    power,
    share,
    suit_in_play,
    suit_mask,
)
from ._streams_kernel import deal_stream

# the configuration array (loo5.py fills it)
(C_PLAYERS, C_SIZE, C_PAM_RULE, C_PAM_FREE, C_FLUSHES, C_FLUSH_EW, C_FLUSH_SPLIT, C_CLUB_LAW, C_CONCEDE, C_DEAL,
 C_LOO, C_LOO_MODE, C_LOO_CAP, C_ANTE_ALL, C_ANTE, C_LEAD_RULE, C_PEEL_SECOND, C_HERO, C_HERO_ACTION,
 C_POOL) = range(20)  # fmt: skip
CONFIG_SIZE = 20
# the policies and hero actions
RANDOM, SENSIBLE = 0, 1
HERO_PLAY, HERO_THROW = 0, 1
# a seat's declaration
NONE, STAND, THROW, EXCHANGE = 0, 1, 2, 3
# the actions as acts records them: (seat, code, argument)
A_STAND, A_THROW, A_EXCHANGE, A_PLAY, A_CIVIL, A_FLUSH = 0, 1, 2, 3, 4, 5
# the rows of st
HAND, DEALT, DECL, EXCH, WON, NET, PLAYHAND, KEY, TW, PL = range(10)
ROWS, SEATS = 10, 16
# the fields of sc
S_POOL, S_POS, S_DECKN, S_NACT, S_STATES, S_TRUMP, S_TURNUP, S_PAM, S_FLUSH, S_FORCED, S_CARRY, S_NPL = range(12)
SCALARS = 12
MAX_ACTS = 128
KNAVE = 9
CLUBS = 3


@numba.njit(cache=True, inline="always")
def record(sc, acts, seat, code, arg):
    n = sc[S_NACT]
    acts[n, 0] = seat
    acts[n, 1] = code
    acts[n, 2] = arg
    sc[S_NACT] = n + 1


@numba.njit(cache=True, inline="always")
def draw(deck, sc, cs):
    """The next card off the pack: one more step of the Fisher-Yates shuffle of :func:`.streams.shuffled`."""
    pos = sc[S_POS]
    r = pos + below_fast(cs, sc[S_DECKN] - pos)
    c = deck[r]
    deck[r] = deck[pos]
    deck[pos] = c
    sc[S_POS] = pos + 1
    return c


@numba.njit(cache=True)
def loo_amount(cfg, pool):
    """A loo with ``pool`` in the pool (LOO-STK-4, LOO-VAR-UNLIMITED, LOO-VAR-MIXED)."""
    mode = cfg[C_LOO_MODE]
    if mode == 0:
        return cfg[C_LOO]
    if mode == 1:
        return pool
    return min(pool, cfg[C_LOO_CAP])


@numba.njit(cache=True)
def deal_cards(cfg, st, sc, deck, pack, cs, ghand, gturn):
    """Deal one card at a time from the dealer's left, then the turn-up (LOO5-1, LOOI-1); pay the stakes."""
    players, size, hero = cfg[C_PLAYERS], cfg[C_SIZE], cfg[C_HERO]
    skip = ghand
    if gturn >= 0:
        skip |= bit(gturn)
    n = 0
    for c in pack:
        if ((skip >> c) & ONE) == 0:
            deck[n] = c
            n += 1
    sc[S_DECKN] = n
    for s in range(players):
        for row in (HAND, DECL, EXCH, WON, NET):
            st[row, s] = 0
    for _ in range(size):
        for s in range(players):
            if s != hero or ghand == 0:
                st[HAND, s] |= bit(draw(deck, sc, cs))
    if ghand != 0:
        st[HAND, hero] = ghand
    turnup = gturn if gturn >= 0 else draw(deck, sc, cs)
    trump = turnup // 13
    sc[S_TURNUP], sc[S_TRUMP] = turnup, trump
    rule = cfg[C_PAM_RULE]  # LOO5-3: the knave of clubs, or of trumps; none in Irish Loo
    sc[S_PAM] = -1 if rule < 0 else (CLUBS if rule == 0 else trump) * 13 + KNAVE
    for s in range(players):
        st[DEALT, s] = st[HAND, s]
    sc[S_STATES] = players * size + 1
    # the dealer's stake, and everyone's ante under ante: all (LOO-STK-2, LOO-VAR-ALL-ANTE)
    sc[S_POOL] = cfg[C_POOL] + cfg[C_DEAL]
    st[NET, players - 1] = -cfg[C_DEAL]
    if cfg[C_ANTE_ALL]:
        for s in range(players - 1):
            st[NET, s] = -cfg[C_ANTE]
            sc[S_POOL] += cfg[C_ANTE]


@numba.njit(cache=True)
def exchange_count(h, stock):
    """How many sets of positions of an ``h``-card hand hold at most ``stock`` cards (LOO5-2)."""
    if stock >= h:
        return (1 << h) - 1
    n = 0
    for m in range(1, 1 << h):
        if count(m) <= stock:
            n += 1
    return n


@numba.njit(cache=True)
def exchange_cards(hand, h, stock, j):
    """The ``j``-th exchange in the canonical order: the sets of positions in the sorted hand, as numbers."""
    m = j + 1  # with the stock as large as the hand, every set of positions is open
    for x in range(1, (1 << h) if stock < h else 0):
        if count(x) <= stock:
            if j == 0:
                m = x
                break
            j -= 1
    out = np.int64(0)
    i = 0
    rest = hand
    while rest:
        c = low(rest)
        rest &= rest - ONE
        if (m >> i) & 1:
            out |= bit(c)
        i += 1
    return out


@numba.njit(cache=True)
def random_declare(hand, stock, can_throw, hs):
    """Uniform over stand, throw (where open), then every exchange (LOO5-2): one draw, none when one choice."""
    h = count(hand)
    k = 1 + (1 if can_throw else 0) + exchange_count(h, stock)
    r = below_fast(hs, k) if k > 1 else 0
    if r == 0:
        return STAND, np.int64(0)
    if can_throw:
        if r == 1:
            return THROW, np.int64(0)
        r -= 1
    return EXCHANGE, exchange_cards(hand, h, stock, r - 1)


@numba.njit(cache=True)
def sensible_declare(hand, stock, can_throw, trump, pam, pool, loo):
    """Keep trumps, aces and Pam and exchange the rest, the lowest first; play on Pam or a trump of ten or
    more, on a lower trump when the pool holds a loo, on an ace alone when it holds two; else throw up."""
    pam_bit = bit(pam) if pam >= 0 else np.int64(0)
    trumps = hand & suit_mask(trump) & ~pam_bit
    aces = np.int64(0)
    for s in range(4):
        aces |= hand & bit(s * 13 + 12)
    has_pam = (hand & pam_bit) != 0
    top = -1
    m = trumps
    while m:
        top = low(m) % 13
        m &= m - ONE
    play = has_pam or top >= 8 or (top >= 0 and pool >= loo) or (aces != 0 and pool >= 2 * loo)
    if not play and can_throw:
        return THROW, np.int64(0)
    discard = hand & ~(trumps | aces | pam_bit)
    left = min(count(discard), stock)
    out = np.int64(0)
    for r in range(13):
        for s in range(4):
            c = s * 13 + r
            if left > 0 and (discard >> c) & ONE:
                out |= bit(c)
                left -= 1
    return (EXCHANGE, out) if out else (STAND, np.int64(0))


@numba.njit(cache=True)
def choose_declare(cfg, pol, st, sc, s, can_throw, hs):
    """The declaration of seat ``s``: the hero's where it is set and open, else its policy's."""
    policy = pol[s]
    if s == cfg[C_HERO]:
        if cfg[C_HERO_ACTION] == HERO_THROW and can_throw:
            sc[S_FORCED] = 1
            return THROW, np.int64(0)
        if cfg[C_HERO_ACTION] == HERO_PLAY:
            sc[S_FORCED] = 1
            can_throw = False
    hand = st[HAND, s]
    stock = sc[S_DECKN] - sc[S_POS]
    if policy == RANDOM:
        return random_declare(hand, stock, can_throw, hs)
    pool = sc[S_POOL]
    return sensible_declare(hand, stock, can_throw, sc[S_TRUMP], sc[S_PAM], pool, loo_amount(cfg, pool))


@numba.njit(cache=True)
def declare(cfg, pol, st, sc, deck, cs, hs, acts):
    """Every seat declares in turn from the dealer's left (LOO5-2, LOOI-1, §14.22, §14.24); the seat that takes
    the pool without play (LOO-DECL-7, -9, LOO-VAR-DEALER-CONCEDE), or -1 when the hand is played."""
    players = cfg[C_PLAYERS]
    anchor = players - 1
    club = cfg[C_CLUB_LAW] != 0 and sc[S_TRUMP] == CLUBS
    for s in range(players):
        playing = 0
        for o in range(s):
            if st[DECL, o] != THROW:
                playing += 1
        if s == anchor and not club and playing == 0:
            return anchor
        can_throw = not club and not (s == anchor and playing == 1 and cfg[C_CONCEDE] == 0)
        code, out = choose_declare(cfg, pol, st, sc, s, can_throw, hs)
        st[DECL, s] = code
        if code == THROW:
            st[HAND, s] = 0
            record(sc, acts, s, A_THROW, 0)
        elif code == STAND:
            record(sc, acts, s, A_STAND, 0)
        else:
            drawn = np.int64(0)
            k = count(out)
            for _ in range(k):
                drawn |= bit(draw(deck, sc, cs))
            st[HAND, s] = (st[HAND, s] & ~out) | drawn  # put aside for good (§14.15)
            st[EXCH, s] = k
            sc[S_STATES] += k
            record(sc, acts, s, A_EXCHANGE, out)
    if st[DECL, anchor] == THROW:
        last, playing = -1, 0
        for s in range(players):
            if st[DECL, s] != THROW:
                last, playing = s, playing + 1
        if playing == 1:
            return last
    return -1


@numba.njit(cache=True)
def settle_flush(cfg, st, sc, shown_from):
    """The best flush takes the pool and a loo from every other seat (LOO5-6/7, ``flush_pay``, ``flush_tie``)."""
    players = cfg[C_PLAYERS]
    best = np.int64(-1)
    for s in range(players):
        best = max(best, st[KEY, s])
    nw = 0
    winners = np.empty(players, np.int64)
    for s in range(players):
        if st[KEY, s] == best and (nw == 0 or cfg[C_FLUSH_SPLIT]):
            winners[nw] = s
            nw += 1
    pool = sc[S_POOL]
    loo = loo_amount(cfg, pool)
    for i in range(nw):
        st[NET, winners[i]] += share(pool, nw, i)
    pam = sc[S_PAM]
    for p in range(players):
        if st[KEY, p] == best and (p == winners[0] or cfg[C_FLUSH_SPLIT]):
            continue
        if cfg[C_FLUSH_EW]:  # ew_hoy: only those in, not the Pam holder nor a lower flush (C-LOO-15)
            holds_pam = pam >= 0 and ((st[HAND, p] >> pam) & ONE) != 0
            if ((shown_from >> p) & 1) == 0 or holds_pam or st[KEY, p] >= 0:
                continue
        for i in range(nw):
            part = share(loo, nw, i)
            st[NET, p] -= part
            st[NET, winners[i]] += part
    sc[S_FLUSH] = winners[0]
    sc[S_CARRY] = 0


@numba.njit(cache=True)
def show_flushes(cfg, st, sc, acts, taken):
    """Take the pool without play, or show the flushes after the declaring (every flush held is shown: it never
    costs); whether the deal is settled so, without play (LOO5-6, §14.24)."""
    players, size, trump, pam = cfg[C_PLAYERS], cfg[C_SIZE], sc[S_TRUMP], sc[S_PAM]
    for s in range(players):
        st[KEY, s] = -1
    if taken >= 0:
        key = flush_key(st[HAND, taken], trump, pam, size) if cfg[C_FLUSHES] else -1
        if key < 0:
            st[NET, taken] += sc[S_POOL]
            sc[S_CARRY] = 0
            return True
        st[KEY, taken] = key
        record(sc, acts, taken, A_FLUSH, 0)
        settle_flush(cfg, st, sc, ONE << taken)
        return True
    if not cfg[C_FLUSHES]:
        return False
    npl = sc[S_NPL]
    shown_from = np.int64(0)
    first = -1
    for j in range(npl):
        s = st[PL, j]
        shown_from |= ONE << s
        st[KEY, s] = flush_key(st[HAND, s], trump, pam, size)
        if st[KEY, s] >= 0 and j > 0 and first < 0:
            first = s  # offered first, from the dealer's left, to the seats other than the leader
    if first < 0 and st[KEY, st[PL, 0]] >= 0:
        first = st[PL, 0]
    if first < 0:
        return False
    record(sc, acts, first, A_FLUSH, 0)
    for j in range(npl):
        s = st[PL, j]
        if s != first and st[KEY, s] >= 0:
            record(sc, acts, s, A_FLUSH, 0)
    settle_flush(cfg, st, sc, shown_from)
    return True


@numba.njit(cache=True)
def value(card, trump, pam):
    """How the sensible player ranks a card for keeping: Pam, then trumps, then the rest by rank."""
    if card == pam:
        return 100
    return card % 13 + (13 if card // 13 == trump else 0)


@numba.njit(cache=True)
def sensible_play(legal, led, win, k, trump, pam, civil, won):
    """Lead the highest card until a trick is won, then the lowest; following, head the trick (``win`` winning
    it) with the lowest card that heads it, else play the lowest (the card's :func:`value`)."""
    pool = legal
    if k > 0:
        bar = power(win, led, trump, pam, civil)
        heads = np.int64(0)
        m = legal
        while m:
            c = low(m)
            m &= m - ONE
            if power(c, led, trump, pam, civil) > bar:
                heads |= bit(c)
        if heads:
            pool = heads
    top = k == 0 and won == 0
    best, best_v = -1, 0
    m = pool
    while m:
        c = low(m)
        m &= m - ONE
        v = value(c, trump, pam)
        if best < 0 or (v >= best_v if top else v < best_v):
            best, best_v = c, v
    return best


@numba.njit(cache=True)
def choose_play(policy, legal, led, win, k, trump, pam, civil, won, hs):
    """``(card, civil)``: random, uniform over the cards ascending and then the ace of trumps led "civil"; the
    sensible player says "Pam be civil" whenever it leads the ace of trumps (LOO5-4)."""
    ace = trump * 13 + 12
    if policy == SENSIBLE:
        c = sensible_play(legal, led, win, k, trump, pam, civil, won)
        return c, k == 0 and pam >= 0 and c == ace
    nc = count(legal)
    extra = 1 if k == 0 and pam >= 0 and ((legal >> ace) & ONE) != 0 else 0
    total = nc + extra
    r = below_fast(hs, total) if total > 1 else 0
    if r == nc:
        return ace, True
    m = legal
    for _ in range(r):
        m &= m - ONE
    return low(m), False


@numba.njit(cache=True)
def play_tricks(cfg, pol, st, sc, acts, hs):
    """Play the tricks out (LOO-PLAY-1..9, LOO5-3..5) and divide the pool, looing who took none (LOO5-8)."""
    npl, size, trump, pam, turnup = sc[S_NPL], cfg[C_SIZE], sc[S_TRUMP], sc[S_PAM], sc[S_TURNUP]
    free, lead_rule, peel = cfg[C_PAM_FREE] != 0, cfg[C_LEAD_RULE], cfg[C_PEEL_SECOND] != 0
    at = 0
    for t in range(size):
        civil = False
        led, win, top, wseat = -1, -1, -1, -1
        for j in range(npl):
            s = st[PL, (at + j) % npl]
            hand = st[HAND, s]
            if j == 0:
                legal = lead(hand, t, trump, turnup, pam, lead_rule, peel, free)
            else:
                legal = follow(hand, led, win, trump, pam, free, civil)
            card, say = choose_play(pol[s], legal, led, win, j, trump, pam, civil, st[WON, s], hs)
            record(sc, acts, s, A_CIVIL if say else A_PLAY, card)
            st[HAND, s] = hand & ~bit(card)
            if j == 0:
                civil = say
                led = suit_in_play(card, trump, pam)
            p = power(card, led, trump, pam, civil)
            if p > top:  # the trick goes to the highest (LOO-PLAY-7, LOO5-3/4)
                win, top, wseat = card, p, s
        st[WON, wseat] += 1
        st[TW, t] = wseat
        for j in range(npl):
            if st[PL, j] == wseat:
                at = j
    pool = sc[S_POOL]
    for t in range(size):
        st[NET, st[TW, t]] += share(pool, size, t)
    loo = loo_amount(cfg, pool)
    carry = 0
    for j in range(npl):
        s = st[PL, j]
        if st[WON, s] == 0 and not (pam >= 0 and ((st[PLAYHAND, s] >> pam) & ONE) != 0):
            st[NET, s] -= loo
            carry += loo
    sc[S_CARRY] = carry


@numba.njit(cache=True)
def play_one(cfg, pol, seed, index, ghand, gturn, pack, st, sc, deck, acts, cs, hs):
    """Play deal ``index`` of the chunk seeded ``seed`` into the work arrays."""
    cs[0] = deal_stream(seed, index, 0)
    hs[0] = deal_stream(seed, index, 1)
    sc[:] = 0
    sc[S_FLUSH] = -1
    deal_cards(cfg, st, sc, deck, pack, cs, ghand, gturn)
    taken = declare(cfg, pol, st, sc, deck, cs, hs, acts)
    if taken < 0:
        npl = 0
        for s in range(cfg[C_PLAYERS]):
            if st[DECL, s] != THROW:
                st[PL, npl] = s
                npl += 1
            st[PLAYHAND, s] = st[HAND, s]
        sc[S_NPL] = npl
    if not show_flushes(cfg, st, sc, acts, taken):
        play_tricks(cfg, pol, st, sc, acts, hs)
    sc[S_STATES] += sc[S_NACT]


@numba.njit(cache=True)
def run(cfg, pol, seed, n, ghand, gturn, pack, net, tricks, pool, states, hands, turnup, decl, exch, flush, forced):
    """Play deals ``0 .. n-1`` of the chunk seeded ``seed`` into the output columns."""
    players = cfg[C_PLAYERS]
    st = np.zeros((ROWS, SEATS), np.int64)
    sc = np.zeros(SCALARS, np.int64)
    deck = np.zeros(52, np.int64)
    acts = np.zeros((MAX_ACTS, 3), np.int64)
    cs = np.zeros(1, np.uint64)
    hs = np.zeros(1, np.uint64)
    for i in range(n):
        play_one(cfg, pol, seed, i, ghand[i], gturn[i], pack, st, sc, deck, acts, cs, hs)
        for s in range(players):
            net[i, s] = st[NET, s]
            tricks[i, s] = st[WON, s]
            hands[i, s] = st[DEALT, s]
            d = st[DECL, s]
            decl[i, s] = -1 if d == NONE else (0 if d == THROW else 1)
            exch[i, s] = st[EXCH, s]
        pool[i] = sc[S_CARRY]
        states[i] = sc[S_STATES]
        turnup[i] = sc[S_TURNUP]
        flush[i] = sc[S_FLUSH]
        forced[i] = sc[S_FORCED] != 0


@numba.njit(cache=True)
def trace(cfg, pol, seed, index, ghand, gturn, pack):
    """Deal ``index`` alone: its actions in order (seat, code, argument), its net and the pool it carries."""
    st = np.zeros((ROWS, SEATS), np.int64)
    sc = np.zeros(SCALARS, np.int64)
    deck = np.zeros(52, np.int64)
    acts = np.zeros((MAX_ACTS, 3), np.int64)
    cs = np.zeros(1, np.uint64)
    hs = np.zeros(1, np.uint64)
    play_one(cfg, pol, seed, index, ghand, gturn, pack, st, sc, deck, acts, cs, hs)
    return acts[: sc[S_NACT]].copy(), st[NET, : cfg[C_PLAYERS]].copy(), sc[S_CARRY]
