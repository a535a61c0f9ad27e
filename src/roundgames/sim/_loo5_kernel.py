"""The batch player of Five-card and Irish Loo, compiled (numba): imported by :mod:`.loo5`, which says what it
plays and how (the players' rules, the columns, the canonical order of the actions). Every function is at module
level so that numba caches its machine code on disk (``cache=True``).

One deal is played by :func:`play_one` into work arrays that :func:`run` reuses from deal to deal: ``st`` (a row
per kind of fact, a column per seat; the row SC holds the deal's scalars and the row DECK the pack, shuffled as it
is dealt), ``rng`` (the deal's two streams, CARDS and CHOICES) and ``acts`` (every action in order: seat, code,
argument), which :func:`run` hands back for the last deal it played (the trace of one deal). Few arrays pass from
function to function: each array argument of a call costs more than the work of a small function.

The laws of play come first, following the checked engine's functions one for one (:mod:`roundgames.loo.pam`,
:func:`roundgames.loo.five.flush_key`): ``pam`` is the card that is Pam, or -1 where there is none (Irish Loo,
LOOI-1), and then every function gives what Three-card Loo's laws give. They live in this module with the player
because numba's disk cache does not see a change in another module that a cached function calls. The ``sensible``
player's declaring is the bot's, compiled once for both Loo kernels in :mod:`._loo_sensible_kernel`: after changing
that module (or the bot, whose constants it reads), delete the cached ``*.nbi`` and ``*.nbc`` under
``__pycache__``.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np

from ..cardbits import INLINE, ONE, count, high_card, low_card, suit_mask
from . import _loo_sensible_kernel as sensible
from ._streams_kernel import GOLDEN, deal_stream, mix

# -- the laws of play (roundgames.loo.pam, roundgames.loo.five.flush_key) ------------------------------

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


@numba.njit(cache=True, inline=INLINE)
def below_fast(streams, i, k):
    """:func:`._streams_kernel.below` on stream ``streams[i]`` (``next % k``), the same number without a 64-bit
    division, which costs more than the rest of a draw: the value's four 16-bit limbs are folded modulo ``k``
    into a number below 2**32 (each limb times 2**(16j) mod k), whose remainder is then taken by Lemire, Kaser
    and Kurz's direct computation (2019: ``mulhi(M * y mod 2**64, k)``, exact for 32-bit ``y``), the high
    product in 32-bit halves."""
    streams[i] += GOLDEN
    x = mix(streams[i])
    if k > FAST_K:
        return np.int64(x % np.uint64(k))
    y = (x & U16) + ((x >> S16) & U16) * MOD_TABLE[k, 0] + ((x >> S32) & U16) * MOD_TABLE[k, 1]
    y += (x >> S48) * MOD_TABLE[k, 2]
    frac = MOD_TABLE[k, 3] * y
    kk = np.uint64(k)
    return np.int64(((frac >> S32) * kk + (((frac & U32) * kk) >> S32)) >> S32)


@numba.njit(cache=True, inline=INLINE)
def bit(card):
    return ONE << card


@numba.njit(cache=True, inline=INLINE)
def suit_in_play(card, trump, pam):
    """The suit ``card`` counts as in play: Pam is a trump (LOO5-3 [I])."""
    return trump if card == pam else card // 13


@numba.njit(cache=True, inline=INLINE)
def in_suit(hand, suit, trump, pam):
    """The cards of ``hand`` that count as ``suit``: Pam with the trumps, not with its own suit."""
    mask = hand & suit_mask(suit)
    if pam < 0 or ((hand >> pam) & ONE) == 0:
        return mask
    if suit == trump:
        return mask | bit(pam)
    return mask & ~bit(pam)


@numba.njit(cache=True, inline=INLINE)
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
        c = low_card(m)
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


@numba.njit(cache=True, inline=INLINE)
def top_trump(trumps, pam):
    if pam >= 0 and ((trumps >> pam) & ONE) != 0:
        return bit(pam)
    return bit(high_card(trumps))


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
                c = low_card(m)
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
    suit = low_card(rest) // 13
    if rest & ~suit_mask(suit):
        return np.int64(-1)
    key = np.int64(1 if suit == trump else 0)
    if with_pam:
        key = key * 14 + 13
    while rest:
        c = high_card(rest)
        rest &= ~bit(c)
        key = key * 14 + c % 13
    return key


@numba.njit(cache=True, inline=INLINE)
def share(amount, parts, i):
    """Part ``i`` of ``amount`` in ``parts`` shares, the earliest taking the odd units (LOO-SET-2, LOO5-5)."""
    return amount // parts + (1 if i < amount % parts else 0)


# -- the batch player --------------------------------------------------------------------------------

# the configuration array (loo5.py fills it)
(C_PLAYERS, C_SIZE, C_PAM_RULE, C_PAM_FREE, C_FLUSHES, C_FLUSH_EW, C_FLUSH_SPLIT, C_CLUB_LAW, C_CONCEDE, C_DEAL,
 C_LOO, C_LOO_MODE, C_LOO_CAP, C_ANTE_ALL, C_ANTE, C_LEAD_RULE, C_PEEL_SECOND, C_HERO, C_HERO_ACTION,
 C_POOL, C_PACK_MASK) = range(21)  # fmt: skip
CONFIG_SIZE = 21
# the policies and hero actions
RANDOM, SENSIBLE = 0, 1
HERO_PLAY, HERO_THROW = 0, 1
# a seat's declaration
NONE, STAND, THROW, EXCHANGE = 0, 1, 2, 3
# the actions as acts records them: (seat, code, argument)
A_STAND, A_THROW, A_EXCHANGE, A_PLAY, A_CIVIL, A_FLUSH = 0, 1, 2, 3, 4, 5
# the rows of st (LOOED: 1 for a seat that paid a loo in the settlement; UNSEEN: the sensible player's room for
# the cards it cannot see)
HAND, DEALT, DECL, EXCH, WON, NET, PLAYHAND, KEY, TW, PL, SC, DECK, LOOED, UNSEEN = range(14)
ROWS, WIDTH = 14, 64
# the fields of the row SC of st
S_POOL, S_POS, S_DECKN, S_NACT, S_STATES, S_TRUMP, S_TURNUP, S_PAM, S_FLUSH, S_FORCED, S_CARRY, S_NPL = range(12)
MAX_ACTS = 128
KNAVE = 9
CLUBS = 3


@numba.njit(cache=True, inline=INLINE)
def record(st, acts, seat, code, arg):
    n = st[SC, S_NACT]
    acts[n, 0] = seat
    acts[n, 1] = code
    acts[n, 2] = arg
    st[SC, S_NACT] = n + 1


@numba.njit(cache=True, inline=INLINE)
def draw(st, rng):
    """The next card off the pack: one more step of the Fisher-Yates shuffle of :func:`.streams.shuffled`."""
    pos = st[SC, S_POS]
    r = pos + below_fast(rng, 0, st[SC, S_DECKN] - pos)
    c = st[DECK, r]
    st[DECK, r] = st[DECK, pos]
    st[DECK, pos] = c
    st[SC, S_POS] = pos + 1
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
def deal_cards(cfg, st, pack, rng, ghand, gturn):
    """Deal one card at a time from the dealer's left, then the turn-up (LOO5-1, LOOI-1); pay the stakes."""
    players, size, hero = cfg[C_PLAYERS], cfg[C_SIZE], cfg[C_HERO]
    skip = ghand
    if gturn >= 0:
        skip |= bit(gturn)
    n = 0
    for c in pack:
        if ((skip >> c) & ONE) == 0:
            st[DECK, n] = c
            n += 1
    st[SC, S_DECKN] = n
    for s in range(players):
        for row in (HAND, DECL, EXCH, WON, NET, LOOED):
            st[row, s] = 0
    for _ in range(size):
        for s in range(players):
            if s != hero or ghand == 0:
                st[HAND, s] |= bit(draw(st, rng))
    if ghand != 0:
        st[HAND, hero] = ghand
    turnup = gturn if gturn >= 0 else draw(st, rng)
    trump = turnup // 13
    st[SC, S_TURNUP], st[SC, S_TRUMP] = turnup, trump
    rule = cfg[C_PAM_RULE]  # LOO5-3: the knave of clubs, or of trumps; none in Irish Loo
    st[SC, S_PAM] = -1 if rule < 0 else (CLUBS if rule == 0 else trump) * 13 + KNAVE
    for s in range(players):
        st[DEALT, s] = st[HAND, s]
    st[SC, S_STATES] = players * size + 1
    # the dealer's stake, and everyone's ante under ante: all (LOO-STK-2, LOO-VAR-ALL-ANTE)
    st[SC, S_POOL] = cfg[C_POOL] + cfg[C_DEAL]
    st[NET, players - 1] = -cfg[C_DEAL]
    if cfg[C_ANTE_ALL]:
        for s in range(players - 1):
            st[NET, s] = -cfg[C_ANTE]
            st[SC, S_POOL] += cfg[C_ANTE]


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


@numba.njit(cache=True, inline=INLINE)
def cards_at(hand, m):
    """The cards of ``hand`` at the positions set in ``m`` (the hand sorted by card int): an exchange's cards."""
    out = np.int64(0)
    i = 0
    rest = hand
    while rest:
        c = low_card(rest)
        rest &= rest - ONE
        if (m >> i) & 1:
            out |= bit(c)
        i += 1
    return out


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
    return cards_at(hand, m)


@numba.njit(cache=True, inline=INLINE)
def random_declare(hand, stock, can_throw, rng):
    """Uniform over stand, throw (where open), then every exchange (LOO5-2): one draw, none when one choice."""
    h = count(hand)
    k = 1 + (1 if can_throw else 0) + exchange_count(h, stock)
    r = below_fast(rng, 1, k) if k > 1 else 0
    if r == 0:
        return STAND, np.int64(0)
    if can_throw:
        if r == 1:
            return THROW, np.int64(0)
        r -= 1
    return EXCHANGE, exchange_cards(hand, h, stock, r - 1)


@numba.njit(cache=True, inline=INLINE)
def sensible_declare(cfg, st, s, in_before, can_throw, tables):
    """The bot ``sensible``'s declaration for seat ``s`` with ``in_before`` seats in before it
    (:func:`._loo_sensible_kernel.five_card`): ``(code, the cards exchanged)``."""
    pool = st[SC, S_POOL]
    stock = st[SC, S_DECKN] - st[SC, S_POS]
    out = sensible.five_card(
        st[HAND, s], st[SC, S_TURNUP], st[SC, S_PAM], cfg[C_PACK_MASK], cfg[C_SIZE], pool, loo_amount(cfg, pool), s,
        cfg[C_PLAYERS], in_before, stock, can_throw, tables, st[UNSEEN],
    )  # fmt: skip
    if out == sensible.THROW_UP:
        return THROW, np.int64(0)
    return (EXCHANGE, out) if out else (STAND, np.int64(0))


@numba.njit(cache=True, inline=INLINE)
def choose_declare(cfg, pol, st, s, in_before, can_throw, rng, tables):
    """The declaration of seat ``s`` (``in_before`` seats in before it): the hero's where it is set and open, else
    its policy's."""
    policy = pol[s]
    if s == cfg[C_HERO]:
        if cfg[C_HERO_ACTION] == HERO_THROW and can_throw:
            st[SC, S_FORCED] = 1
            return THROW, np.int64(0)
        if cfg[C_HERO_ACTION] == HERO_PLAY:
            st[SC, S_FORCED] = 1
            can_throw = False
    if policy == RANDOM:
        return random_declare(st[HAND, s], st[SC, S_DECKN] - st[SC, S_POS], can_throw, rng)
    return sensible_declare(cfg, st, s, in_before, can_throw, tables)


@numba.njit(cache=True)
def declare(cfg, pol, st, rng, acts, tables):
    """Every seat declares in turn from the dealer's left (LOO5-2, LOOI-1, §14.22, §14.24); the seat that takes
    the pool without play (LOO-DECL-7, -9, LOO-VAR-DEALER-CONCEDE), or -1 when the hand is played."""
    players = cfg[C_PLAYERS]
    anchor = players - 1
    club = cfg[C_CLUB_LAW] != 0 and st[SC, S_TRUMP] == CLUBS
    for s in range(players):
        playing = 0
        for o in range(s):
            if st[DECL, o] != THROW:
                playing += 1
        if s == anchor and not club and playing == 0:
            return anchor
        can_throw = not club and not (s == anchor and playing == 1 and cfg[C_CONCEDE] == 0)
        code, out = choose_declare(cfg, pol, st, s, playing, can_throw, rng, tables)
        st[DECL, s] = code
        if code == THROW:
            st[HAND, s] = 0
            record(st, acts, s, A_THROW, 0)
        elif code == STAND:
            record(st, acts, s, A_STAND, 0)
        else:
            drawn = np.int64(0)
            k = count(out)
            for _ in range(k):
                drawn |= bit(draw(st, rng))
            st[HAND, s] = (st[HAND, s] & ~out) | drawn  # put aside for good (§14.15)
            st[EXCH, s] = k
            st[SC, S_STATES] += k
            record(st, acts, s, A_EXCHANGE, out)
    if st[DECL, anchor] == THROW:
        last, playing = -1, 0
        for s in range(players):
            if st[DECL, s] != THROW:
                last, playing = s, playing + 1
        if playing == 1:
            return last
    return -1


@numba.njit(cache=True)
def settle_flush(cfg, st, shown_from):
    """The best flush takes the pool and a loo from every other seat (LOO5-6/7, ``flush_pay``, ``flush_tie``):
    those seats are marked in the row LOOED."""
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
    pool = st[SC, S_POOL]
    loo = loo_amount(cfg, pool)
    for i in range(nw):
        st[NET, winners[i]] += share(pool, nw, i)
    pam = st[SC, S_PAM]
    for p in range(players):
        if st[KEY, p] == best and (p == winners[0] or cfg[C_FLUSH_SPLIT]):
            continue
        if cfg[C_FLUSH_EW]:  # ew_hoy: only those in, not the Pam holder nor a lower flush (C-LOO-15)
            holds_pam = pam >= 0 and ((st[HAND, p] >> pam) & ONE) != 0
            if ((shown_from >> p) & 1) == 0 or holds_pam or st[KEY, p] >= 0:
                continue
        st[LOOED, p] = 1
        for i in range(nw):
            part = share(loo, nw, i)
            st[NET, p] -= part
            st[NET, winners[i]] += part
    st[SC, S_FLUSH] = winners[0]
    st[SC, S_CARRY] = 0


@numba.njit(cache=True)
def show_flushes(cfg, st, acts, taken):
    """Take the pool without play, or show the flushes after the declaring: every flush held is shown, in turn
    from the dealer's left (§14.34); whether the deal is settled so, without play (LOO5-6, §14.24)."""
    players, size, trump, pam = cfg[C_PLAYERS], cfg[C_SIZE], st[SC, S_TRUMP], st[SC, S_PAM]
    for s in range(players):
        st[KEY, s] = -1
    if taken >= 0:
        key = flush_key(st[HAND, taken], trump, pam, size) if cfg[C_FLUSHES] else -1
        if key < 0:
            st[NET, taken] += st[SC, S_POOL]
            st[SC, S_CARRY] = 0
            return True
        st[KEY, taken] = key
        record(st, acts, taken, A_FLUSH, 0)
        settle_flush(cfg, st, ONE << taken)
        return True
    if not cfg[C_FLUSHES]:
        return False
    npl = st[SC, S_NPL]
    shown_from = np.int64(0)
    held = False
    for j in range(npl):
        s = st[PL, j]
        shown_from |= ONE << s
        st[KEY, s] = flush_key(st[HAND, s], trump, pam, size)
        held |= st[KEY, s] >= 0
    if not held:
        return False
    for j in range(npl):  # the players from the dealer's left
        s = st[PL, j]
        if st[KEY, s] >= 0:
            record(st, acts, s, A_FLUSH, 0)
    settle_flush(cfg, st, shown_from)
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
            c = low_card(m)
            m &= m - ONE
            if power(c, led, trump, pam, civil) > bar:
                heads |= bit(c)
        if heads:
            pool = heads
    top = k == 0 and won == 0
    best, best_v = -1, 0
    m = pool
    while m:
        c = low_card(m)
        m &= m - ONE
        v = value(c, trump, pam)
        if best < 0 or (v >= best_v if top else v < best_v):
            best, best_v = c, v
    return best


@numba.njit(cache=True, inline=INLINE)
def choose_play(policy, legal, led, win, k, trump, pam, civil, won, rng):
    """``(card, civil)``: random, uniform over the cards ascending and then the ace of trumps led "civil"; the
    sensible player says "Pam be civil" whenever it leads the ace of trumps (LOO5-4)."""
    ace = trump * 13 + 12
    if policy == SENSIBLE:
        c = sensible_play(legal, led, win, k, trump, pam, civil, won)
        return c, k == 0 and pam >= 0 and c == ace
    nc = count(legal)
    extra = 1 if k == 0 and pam >= 0 and ((legal >> ace) & ONE) != 0 else 0
    total = nc + extra
    r = below_fast(rng, 1, total) if total > 1 else 0
    if r == nc:
        return ace, True
    m = legal
    for _ in range(r):
        m &= m - ONE
    return low_card(m), False


@numba.njit(cache=True)
def play_tricks(cfg, pol, st, acts, rng):
    """Play the tricks out (LOO-PLAY-1..9, LOO5-3..5) and divide the pool, looing who took none but the holder
    of Pam (LOO5-5, LOO5-8): the row LOOED marks them."""
    npl, size, trump, pam, turnup = st[SC, S_NPL], cfg[C_SIZE], st[SC, S_TRUMP], st[SC, S_PAM], st[SC, S_TURNUP]
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
            card, say = choose_play(pol[s], legal, led, win, j, trump, pam, civil, st[WON, s], rng)
            record(st, acts, s, A_CIVIL if say else A_PLAY, card)
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
    pool = st[SC, S_POOL]
    for t in range(size):
        st[NET, st[TW, t]] += share(pool, size, t)
    loo = loo_amount(cfg, pool)
    carry = 0
    for j in range(npl):
        s = st[PL, j]
        if st[WON, s] == 0 and not (pam >= 0 and ((st[PLAYHAND, s] >> pam) & ONE) != 0):
            st[NET, s] -= loo
            st[LOOED, s] = 1
            carry += loo
    st[SC, S_CARRY] = carry


@numba.njit(cache=True, inline=INLINE)
def play_one(cfg, pol, seed, index, ghand, gturn, pack, st, acts, rng, tables):
    """Play deal ``index`` of the chunk seeded ``seed`` into the work arrays."""
    rng[0] = deal_stream(seed, index, 0)
    rng[1] = deal_stream(seed, index, 1)
    st[SC, :] = 0
    st[SC, S_FLUSH] = -1
    deal_cards(cfg, st, pack, rng, ghand, gturn)
    taken = declare(cfg, pol, st, rng, acts, tables)
    if taken < 0:
        npl = 0
        for s in range(cfg[C_PLAYERS]):
            if st[DECL, s] != THROW:
                st[PL, npl] = s
                npl += 1
            st[PLAYHAND, s] = st[HAND, s]
        st[SC, S_NPL] = npl
    if not show_flushes(cfg, st, acts, taken):
        play_tricks(cfg, pol, st, acts, rng)
    st[SC, S_STATES] += st[SC, S_NACT]


@numba.njit(cache=True)
def run(cfg, pol, seed, first, n, ghand, gturn, pack, acts, tables, net, tricks, pool, states, hands, turnup, decl,
        exch, flush, looed, forced):  # fmt: skip
    """Play deals ``first .. first+n-1`` of the chunk seeded ``seed`` into rows ``0 .. n-1`` of the output
    columns; ``acts`` holds the last deal's actions, and their number is returned (one compiled function serves
    the batch and the trace of one deal); ``tables``: the sensible player's (:func:`._loo_sensible_kernel.tables`)."""
    players = cfg[C_PLAYERS]
    st = np.zeros((ROWS, WIDTH), np.int64)
    rng = np.zeros(2, np.uint64)
    for i in range(n):
        play_one(cfg, pol, seed, first + i, ghand[i], gturn[i], pack, st, acts, rng, tables)
        for s in range(players):
            net[i, s] = st[NET, s]
            tricks[i, s] = st[WON, s]
            hands[i, s] = st[DEALT, s]
            d = st[DECL, s]
            decl[i, s] = -1 if d == NONE else (0 if d == THROW else 1)
            exch[i, s] = st[EXCH, s]
            looed[i, s] = st[LOOED, s] != 0
        pool[i] = st[SC, S_CARRY]
        states[i] = st[SC, S_STATES]
        turnup[i] = st[SC, S_TURNUP]
        flush[i] = st[SC, S_FLUSH]
        forced[i] = st[SC, S_FORCED] != 0
    return st[SC, S_NACT]
