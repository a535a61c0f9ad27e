"""Five-card and Irish Loo's deal as a compiled step function (numba): the batched environment's kernel for both
forms (:mod:`.loo5` checks the rules and documents the state). Every function is at module level so that numba
caches its machine code on disk (``cache=True``).

A table's state is one row of an int64 array (the columns below), as in :mod:`._loo3`, whose design this follows:
positions count from the dealer's left as the simulator's kernel counts its seats (position 0 the eldest hand,
``n - 1`` the dealer), a position's seat is ``(dealer + 1 + position) % n``. The rules are the simulator's kernel's
(:mod:`roundgames.sim._loo5_kernel`): its dealing (the pack shuffled whole as the deal starts, so that the stock is
known and can be recorded: the shuffle draws each card from the deal's CARDS stream as the simulator's exchanges
do, value for value), its legal leads and follows with Pam and "Pam be civil", its flushes and their payment, its
players. What this module adds is the state between two actions, the legal-action mask in the adapters' ids
(90 in Five-card Loo, 66 in Irish, :data:`roundgames.envs.loo_encoding.EXCHANGE`), the observation
(:func:`observe`) and the built-in players taking their turns inside the step.

Flushes are shown as nobody chooses (RULES.md §14.34, LOO5-6): once the declaring is over, or a seat is about to
take the pool without play, every flush held is shown in turn from the dealer's left inside the step, and logged
as the adapters' FLUSH id so that a replay applies it where the engine waits on it.
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np

from ...cardbits import INLINE, ONE, count, low_card
from ...sim import _loo5_kernel as K
from ...sim import _loo_sensible_kernel as sensible
from ...sim._streams_kernel import chunk_seed, deal_stream
from ...sim.strategy import _loo5 as strat

#: the columns of a table's row
DEAL, SEED, DEALER, PHASE, TO_ACT, TURNUP, TRUMP, PAM, POT, DECKN, SPOS, CHOICE = range(12)
NPL, J, LEADPOS, LED, WIN, TOP, WINPOS, CIVIL, DONE, PLAYED, TRICK, PAID, NLOG, SIZE = range(12, 26)
TW = 26  # five columns: the position that won each trick
DECK = 31  # 52 columns: the pack as shuffled, the stock from DECK + n * size + 1 on, top card first
BASE = DECK + 52
#: the per-position blocks after BASE, each ``n`` wide: the hand held, the hand dealt, the declaration (the
#: engine's ``Decl``), the cards put out in an exchange, the tricks won, the net, the positions that play in order,
#: the card each position played to the trick in progress, the hand as play began; then the action log, 6n wide
#: (n declarations and five cards each, or n declarations and n flushes): a row is ``BASE + 15 * n`` wide
HAND, DEALT, DECL, EXCH, WON, NET, PLIST, TCARD, PLAYHAND, LOG = range(10)
#: the engine's phases (:class:`roundgames.loo.actions.Phase`) and declarations (``Decl``)
DECLARE, PLAY, COMPLETE = 1, 2, 3
D_STAND, D_THROW, D_EXCHANGE = 1, 2, 5
#: the players a seat may be given inside the step (:data:`K.RANDOM`, :data:`K.SENSIBLE`, STRATEGY, the Form's
#: order); LEARNER: the caller acts for it
STRATEGY = 2
LEARNER = -1
#: the action ids (the adapters', :mod:`roundgames.envs.loo_encoding`): a card is its int, then stand, throw up,
#: the flush, the ace of trumps led "civil", "no flush" (never legal), and ``EXCHANGE + m`` the positions of ``m``
STAND_ID, THROW_ID, FLUSH_ID, CIVIL_ID, EXCHANGE = 52, 53, 56, 57, 58
#: the environment's parameters after the simulator's configuration (:data:`K.CONFIG_SIZE`): a fixed dealer (-1:
#: the dealer rotates)
E_DEALER = K.CONFIG_SIZE
NPARAMS = K.CONFIG_SIZE + 1
ONE = ONE


@numba.njit(cache=True, inline=INLINE)
def blk(n, which):
    return BASE + which * n


@numba.njit(cache=True)
def start(row, n, params, seed, table, number, pack, s):
    """Deal ``number`` of table ``table`` by the simulator's dealing (LOO5-1, LOOI-1: one card at a time from the
    dealer's left, the turn-up, the stakes), the rest of the pack shuffled on into the stock; the eldest hand to
    declare. Depends on ``(seed, table, number)`` only."""
    st, rng = s[0], s[2]
    row[:] = 0
    tseed = chunk_seed(seed, table)  # a table is seeded as a chunk of the simulator's run
    row[DEAL] = number
    row[SEED] = np.int64(tseed)
    d = params[E_DEALER]
    row[DEALER] = (table + number) % n if d < 0 else d
    row[SIZE] = params[K.C_SIZE]
    rng[0] = deal_stream(tseed, number, 0)
    st[K.SC, :] = 0
    K.deal_cards(params, st, pack, rng, np.int64(0), np.int64(-1))
    while st[K.SC, K.S_POS] < st[K.SC, K.S_DECKN]:  # the stock, drawn as the exchanges would draw it
        K.draw(st, rng)
    row[DECKN] = st[K.SC, K.S_DECKN]
    row[DECK : DECK + row[DECKN]] = st[K.DECK, : row[DECKN]]
    row[SPOS] = n * row[SIZE] + 1
    row[TURNUP] = st[K.SC, K.S_TURNUP]
    row[TRUMP] = st[K.SC, K.S_TRUMP]
    row[PAM] = st[K.SC, K.S_PAM]
    row[POT] = st[K.SC, K.S_POOL]
    for p in range(n):
        row[blk(n, HAND) + p] = st[K.HAND, p]
        row[blk(n, DEALT) + p] = st[K.HAND, p]
        row[blk(n, NET) + p] = st[K.NET, p]
        row[blk(n, TCARD) + p] = -1
    row[LED] = -1
    row[WIN] = -1
    row[TOP] = -1
    row[CHOICE] = np.int64(deal_stream(tseed, number, 1))
    row[PHASE] = DECLARE
    row[TO_ACT] = 0


@numba.njit(cache=True)
def playing_before(row, n, p):
    """The positions before ``p`` that declared to play (stood or exchanged)."""
    k = 0
    for o in range(p):
        if row[blk(n, DECL) + o] != D_THROW:
            k += 1
    return k


@numba.njit(cache=True)
def can_throw(row, n, params):
    """Whether the position to act may throw up: not under club law (LOOI-2, §14.22), nor the dealer facing one
    seat in unless he may concede (§14.24, LOO-VAR-DEALER-CONCEDE)."""
    if params[K.C_CLUB_LAW] != 0 and row[TRUMP] == K.CLUBS:
        return False
    p = row[TO_ACT]
    return not (p == n - 1 and playing_before(row, n, p) == 1 and params[K.C_CONCEDE] == 0)


@numba.njit(cache=True)
def positions_of(hand, cards):
    """The positions in ``hand`` (sorted by card int) of ``cards``, as bits: an exchange's id less EXCHANGE."""
    out = np.int64(0)
    i = 0
    rest = hand
    while rest:
        c = low_card(rest)
        rest &= rest - ONE
        if (cards >> c) & ONE:
            out |= ONE << i
        i += 1
    return out


@numba.njit(cache=True)
def legal_cards(row, n, params):
    """The cards the position to act may play (LOO-PLAY-2..6, LOO5-3/4), as the simulator's laws give them."""
    hand = row[blk(n, HAND) + row[TO_ACT]]
    free = params[K.C_PAM_FREE] != 0
    if row[J] == 0:
        lead_rule, peel = params[K.C_LEAD_RULE], params[K.C_PEEL_SECOND] != 0
        return K.lead(hand, row[DONE], row[TRUMP], row[TURNUP], row[PAM], lead_rule, peel, free)
    return K.follow(hand, row[LED], row[WIN], row[TRUMP], row[PAM], free, row[CIVIL] != 0)


@numba.njit(cache=True, inline=INLINE)
def civil_open(row, legal):
    """Whether the ace of trumps may be led saying "Pam be civil" (LOO5-4): leading, with a Pam, the ace legal."""
    return row[J] == 0 and row[PAM] >= 0 and (legal >> (row[TRUMP] * 13 + K.ACE)) & ONE != 0


@numba.njit(cache=True)
def is_legal(row, n, params, a):
    """Whether action id ``a`` is legal for the position to act."""
    if row[PHASE] == DECLARE:
        if a == STAND_ID:
            return True
        if a == THROW_ID:
            return can_throw(row, n, params)
        m = a - EXCHANGE
        return 0 < m < (1 << row[SIZE]) and count(m) <= row[DECKN] - row[SPOS]  # LOO5-2
    if row[PHASE] == PLAY:
        legal = legal_cards(row, n, params)
        if 0 <= a < 52:
            return (legal >> a) & ONE != 0
        return a == CIVIL_ID and civil_open(row, legal)
    return False


@numba.njit(cache=True)
def legal_into(row, n, params, out):
    """Set the legal action ids of the position to act in the mask row ``out`` (all clear)."""
    if row[PHASE] == DECLARE:
        out[STAND_ID] = 1
        out[THROW_ID] = can_throw(row, n, params)
        stock = row[DECKN] - row[SPOS]
        for m in range(1, 1 << row[SIZE]):
            if count(m) <= stock:
                out[EXCHANGE + m] = 1
    elif row[PHASE] == PLAY:
        legal = legal_cards(row, n, params)
        m = legal
        while m:
            out[low_card(m)] = 1
            m &= m - ONE
        if civil_open(row, legal):
            out[CIVIL_ID] = 1


@numba.njit(cache=True)
def _log(row, n, action):
    row[blk(n, LOG) + row[NLOG]] = action
    row[NLOG] += 1


@numba.njit(cache=True)
def _complete(row):
    row[PHASE] = COMPLETE
    row[TO_ACT] = -1


@numba.njit(cache=True)
def _flushes(row, n, params, taken, s):
    """The simulator's :func:`K.show_flushes` on the row: the pool to ``taken`` without play (LOO-DECL-7, -9,
    §14.24) after its flush if it holds one, or every flush of those who play shown in turn, the best paid
    (LOO5-6/7, LOOI-3). Each flush shown is logged as the FLUSH id; whether the deal is settled so."""
    st, acts = s[0], s[1]
    for p in range(n):
        st[K.HAND, p] = row[blk(n, HAND) + p]
        st[K.NET, p] = row[blk(n, NET) + p]
        st[K.LOOED, p] = 0
    st[K.SC, :] = 0
    st[K.SC, K.S_TRUMP] = row[TRUMP]
    st[K.SC, K.S_PAM] = row[PAM]
    st[K.SC, K.S_POOL] = row[POT]
    st[K.SC, K.S_NPL] = row[NPL]
    for j in range(row[NPL]):
        st[K.PL, j] = row[blk(n, PLIST) + j]
    if not K.show_flushes(params, st, acts, taken):
        return False
    for _ in range(st[K.SC, K.S_NACT]):  # each a flush, in the order shown
        _log(row, n, FLUSH_ID)
    for p in range(n):
        row[blk(n, NET) + p] = st[K.NET, p]
    _complete(row)
    return True


@numba.njit(cache=True)
def _after_declaring(row, n, params, taken, s):
    """The declaring is over (or ``taken``, a position, takes the pool without play): the flushes, else the play,
    the eldest that plays to lead (LOO-PLAY-1)."""
    if taken < 0:
        k = 0
        for p in range(n):
            row[blk(n, PLAYHAND) + p] = row[blk(n, HAND) + p]
            if row[blk(n, DECL) + p] != D_THROW:
                row[blk(n, PLIST) + k] = p
                k += 1
        row[NPL] = k
    if _flushes(row, n, params, taken, s):
        return
    row[PHASE] = PLAY
    row[J] = 0
    row[LEADPOS] = 0
    row[TO_ACT] = row[blk(n, PLIST)]


@numba.njit(cache=True)
def _declare(row, n, params, action, s):
    """Apply a declaration of the position to act: stand, throw up, or an exchange from the top of the stock
    (LOO5-2, put out for good, §14.15); then the next to declare, or the end of the declaring (LOO-DECL-7, -9)."""
    p = row[TO_ACT]
    hand = blk(n, HAND) + p
    if action == STAND_ID:
        row[blk(n, DECL) + p] = D_STAND
    elif action == THROW_ID:
        row[blk(n, DECL) + p] = D_THROW
        row[hand] = 0
    else:
        out = K.cards_at(row[hand], action - EXCHANGE)
        drawn = np.int64(0)
        for _ in range(count(out)):
            drawn |= K.bit(row[DECK + row[SPOS]])
            row[SPOS] += 1
        row[hand] = (row[hand] & ~out) | drawn
        row[blk(n, EXCH) + p] = out
        row[blk(n, DECL) + p] = D_EXCHANGE
    if p == n - 1:
        taken = -1
        if row[blk(n, DECL) + p] == D_THROW and playing_before(row, n, p) == 1:
            for o in range(p):
                if row[blk(n, DECL) + o] != D_THROW:
                    taken = o  # LOO-DECL-9's case: the lone seat in takes the pool (§14.24)
        _after_declaring(row, n, params, taken, s)
        return
    row[TO_ACT] = p + 1
    club = params[K.C_CLUB_LAW] != 0 and row[TRUMP] == K.CLUBS
    if p + 1 == n - 1 and not club and playing_before(row, n, p + 1) == 0:
        _after_declaring(row, n, params, n - 1, s)  # LOO-DECL-7: all threw up, the dealer takes the pool


@numba.njit(cache=True)
def _settle_tricks(row, n, params):
    """The pool divided by tricks, the earliest share the odd counters, and a loo from each who played and took
    none, never Pam's holder (LOO-SET-1..3, LOO5-5, LOO5-8), as the simulator's ``play_tricks`` settles."""
    pool = row[POT]
    size = row[SIZE]
    for t in range(size):
        row[blk(n, NET) + row[TW + t]] += K.share(pool, size, t)
    loo = K.loo_amount(params, pool)
    pam = row[PAM]
    for j in range(row[NPL]):
        p = row[blk(n, PLIST) + j]
        pam_held = pam >= 0 and (row[blk(n, PLAYHAND) + p] >> pam) & ONE != 0
        if row[blk(n, WON) + p] == 0 and not pam_held:
            row[blk(n, NET) + p] -= loo
    _complete(row)


@numba.njit(cache=True)
def _play(row, n, action):
    """Play a card (the ace of trumps with "Pam be civil" for CIVIL_ID) of the position to act: the trick goes to
    the highest (LOO-PLAY-7, LOO5-3/4); whether the last trick is over."""
    p = row[TO_ACT]
    trump, pam = row[TRUMP], row[PAM]
    civil = action == CIVIL_ID
    card = trump * 13 + K.ACE if civil else action
    row[blk(n, HAND) + p] &= ~K.bit(card)
    row[TRICK] |= K.bit(card)
    row[blk(n, TCARD) + p] = card
    j = row[J]
    if j == 0:
        row[CIVIL] = 1 if civil else 0
        row[LED] = K.suit_in_play(card, trump, pam)
    power = K.power(card, row[LED], trump, pam, row[CIVIL] != 0)
    if power > row[TOP]:
        row[WIN] = card
        row[TOP] = power
        row[WINPOS] = (row[LEADPOS] + j) % row[NPL]
    row[J] = j + 1
    if row[J] == row[NPL]:  # the trick is complete
        w = row[blk(n, PLIST) + row[WINPOS]]
        row[blk(n, WON) + w] += 1
        row[TW + row[DONE]] = w
        row[DONE] += 1
        row[PLAYED] |= row[TRICK]
        row[TRICK] = 0
        for q in range(n):
            row[blk(n, TCARD) + q] = -1
        row[LEADPOS] = row[WINPOS]
        row[J] = 0
        row[LED] = -1
        row[WIN] = -1
        row[TOP] = -1
        row[CIVIL] = 0
        if row[DONE] == row[SIZE]:
            return True
    row[TO_ACT] = row[blk(n, PLIST) + (row[LEADPOS] + row[J]) % row[NPL]]
    return False


@numba.njit(cache=True)
def apply(row, n, params, action, s):
    """Apply a legal action id of the position to act (the caller has checked it), and what follows it that
    nobody chooses (the flushes shown, the settlement)."""
    _log(row, n, action)
    if row[PHASE] == DECLARE:
        _declare(row, n, params, action, s)
    elif _play(row, n, action):
        _settle_tricks(row, n, params)


@numba.njit(cache=True)
def _table_declare(row, n, params, shipped, s):
    """The ``strategy`` player's declaration by the shipped strategy's table (``shipped``: the sorted Five-card
    buckets, the Irish lookup, the table at the deals' pool bucket, a row of weights out of 255 per cell) as an
    action id, or -1 where its row gives the open actions no weight (a cell the computation never reached). The
    cell is the simulator's weighing kernel's (:func:`strat.bucket_of`, :func:`strat.cell_of`), as
    :meth:`roundgames.bots.strategy.Strategy.cell_of` keys a view; the open actions are stand, throw up where it
    may, and ``exchange-k`` while the stock holds ``k`` cards (LOO5-2), ``exchange-k`` putting out the ``k`` cards
    of least keeping value (:func:`strat.weakest`). A pure row draws nothing; a mixed one draws ``next % (total *
    48,048)`` from the table's CHOICES stream against the open actions' weights in table order."""
    keys, lookup, table = shipped
    p = row[TO_ACT]
    hand = row[blk(n, HAND) + p]
    law = params[K.C_CLUB_LAW] != 0
    bucket = strat.bucket_of(hand, row[TURNUP], row[PAM], row[SIZE], keys, lookup)
    cell = strat.cell_of(bucket, n, p, playing_before(row, n, p), 2 if law else 1, law and row[TRUMP] == K.CLUBS)
    stock = row[DECKN] - row[SPOS]
    opened = ONE | (ONE << 1 if can_throw(row, n, params) else np.int64(0))
    for k in range(1, row[SIZE] + 1):
        if k <= stock:
            opened |= ONE << (k + 1)
    total = np.int64(0)
    for a in range(table.shape[1]):
        if (opened >> a) & ONE:
            total += table[cell, a]
    if total <= 0:
        return np.int64(-1)
    chosen = np.int64(-1)
    for a in range(table.shape[1]):
        if (opened >> a) & ONE and table[cell, a] == total:
            chosen = a  # a pure row
    if chosen < 0:
        u = K.below_fast(s[2], 1, total * strat.PER_POINT)
        for a in range(table.shape[1]):
            if (opened >> a) & ONE and table[cell, a] > 0:
                chosen = a
                u -= np.int64(table[cell, a]) * strat.PER_POINT
                if u < 0:
                    break
    if chosen == strat.STAND_A:
        return np.int64(STAND_ID)
    if chosen == strat.THROW_A:
        return np.int64(THROW_ID)
    return EXCHANGE + positions_of(hand, strat.weakest(hand, chosen - 1, row[TRUMP], row[PAM]))


@numba.njit(cache=True)
def _builtin_declare(row, n, params, policy, tables, shipped, s):
    """The simulator's declaration (random: :func:`K.random_declare`; sensible: the bot's, :func:`sensible.five_card`)
    of the position to act, as an action id; ``strategy``'s by its table (:func:`_table_declare`), else as
    sensible's."""
    if policy == STRATEGY:
        a = _table_declare(row, n, params, shipped, s)
        if a >= 0:
            return a
    p = row[TO_ACT]
    hand = row[blk(n, HAND) + p]
    stock = row[DECKN] - row[SPOS]
    throw = can_throw(row, n, params)
    if policy == K.RANDOM:
        code, out = K.random_declare(hand, stock, throw, s[2])
        if code == K.THROW:
            return THROW_ID
        return STAND_ID if code == K.STAND else EXCHANGE + positions_of(hand, out)
    pool = row[POT]
    out = sensible.five_card(
        hand, row[TURNUP], row[PAM], params[K.C_PACK_MASK], row[SIZE], pool, K.loo_amount(params, pool), p, n,
        playing_before(row, n, p), stock, throw, tables, s[0][K.UNSEEN],
    )  # fmt: skip
    if out == sensible.THROW_UP:
        return THROW_ID
    return EXCHANGE + positions_of(hand, out) if out else STAND_ID


@numba.njit(cache=True)
def builtin(row, n, params, policy, tables, shipped, s):
    """The action of the built-in player ``policy`` (the simulator's random and sensible; strategy, declaring by
    the shipped strategy ``shipped`` and playing its cards as sensible) for the position to act, drawing from the
    table's CHOICES stream (``s[2][1]``)."""
    if row[PHASE] == DECLARE:
        return _builtin_declare(row, n, params, policy, tables, shipped, s)
    if policy == STRATEGY:
        policy = K.SENSIBLE
    legal = legal_cards(row, n, params)
    j = row[J]
    led = row[LED] if j > 0 else -1
    win = row[WIN] if j > 0 else -1
    won = row[blk(n, WON) + row[TO_ACT]]
    card, say = K.choose_play(policy, legal, led, win, j, row[TRUMP], row[PAM], row[CIVIL] != 0, won, s[2])
    return CIVIL_ID if say else card


@numba.njit(cache=True)
def _cards_into(out, at, mask, one):
    m = mask
    while m:
        out[at + low_card(m)] = one
        m &= m - ONE


@numba.njit(cache=True)
def observe(row, n, params, seat_pos, out, compact):
    """Write position ``seat_pos``'s observation (the adapters' layout) into ``out``, which holds zeros. ``compact``:
    ``out`` is uint8 and the pool field holds counters (at most 255) rather than loos. No flush is ever shown in an
    observation: the flushes are shown and paid inside the step, and the deal is then over (the fields passed,
    shown and flushes stay clear)."""
    one = out.dtype.type(1)
    t = row[SIZE] + 1
    looked = row[PHASE] != DECLARE or row[blk(n, DECL) + seat_pos] != 0 or row[TO_ACT] == seat_pos
    if looked:
        _cards_into(out, 0, row[blk(n, HAND) + seat_pos], one)
    up = row[TURNUP]
    out[52 + up] = one
    out[104 + up // 13] = one
    _cards_into(out, 108, row[PLAYED] | row[TRICK], one)
    decl0 = 160 + 52 * n
    won0 = decl0 + 6 * n
    dealer0 = won0 + t * n
    act0 = dealer0 + n
    phase0 = act0 + n
    pool_at = phase0 + 5 + 3
    stock_at = pool_at + 1 + t
    exch0 = stock_at + 1
    put0 = exch0 + t * n
    for p in range(n):
        r = (p - seat_pos) % n
        c = row[blk(n, TCARD) + p]
        if c >= 0:
            out[160 + 52 * r + c] = one
        out[decl0 + 6 * r + row[blk(n, DECL) + p]] = one
        out[won0 + t * r + row[blk(n, WON) + p]] = one
        out[exch0 + t * r + count(row[blk(n, EXCH) + p])] = one
    out[dealer0 + (n - 1 - seat_pos) % n] = one
    if row[TO_ACT] >= 0:
        out[act0 + (row[TO_ACT] - seat_pos) % n] = one
    out[phase0 + row[PHASE]] = one
    out[phase0 + 5] = one  # a regular deal (§14.5)
    if compact:
        out[pool_at] = min(row[POT], 255)
    else:
        out[pool_at] = row[POT] / max(1, params[K.C_LOO])
    out[pool_at + 1 + row[DONE]] = one
    out[stock_at] = row[DECKN] - row[SPOS]
    _cards_into(out, put0, row[blk(n, EXCH) + seat_pos], one)
    if row[PAM] >= 0:
        out[put0 + 52 + row[PAM]] = one
    out[put0 + 104] = row[CIVIL]


@numba.njit(cache=True, inline=INLINE)
def seat_of(row, n, pos):
    return (row[DEALER] + 1 + pos) % n


@numba.njit(cache=True)
def advance(row, n, params, pol, seed, index, autoreset, rewards, tables, pack, shipped, s):
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
            start(row, n, params, seed, index, row[DEAL] + 1, pack, s)
            continue
        policy = pol[seat_of(row, n, row[TO_ACT])]
        if policy == LEARNER:
            return ended
        s[2][1] = np.uint64(row[CHOICE])
        a = builtin(row, n, params, policy, tables, shipped, s)
        row[CHOICE] = np.int64(s[2][1])
        apply(row, n, params, a, s)


@numba.njit(cache=True)
def emit(row, n, params, b, obs, mask, seats, compact):
    """Table ``b``'s observation, mask and seat to act into the batch's arrays (zeros and -1 when it is over)."""
    obs[b, :] = 0
    mask[b, :] = 0
    if row[PHASE] == COMPLETE:
        seats[b] = -1
        return
    pos = row[TO_ACT]
    seats[b] = seat_of(row, n, pos)
    observe(row, n, params, pos, obs[b], compact)
    legal_into(row, n, params, mask[b])


@numba.njit(cache=True)
def scratch(n):
    """The arrays a batch call works in, made once per call: the simulator's work rows (``st``) and action
    record, and the two streams' states (CARDS, CHOICES)."""
    return (
        np.zeros((K.ROWS, K.WIDTH), np.int64),
        np.zeros((K.MAX_ACTS, 3), np.int64),
        np.zeros(2, np.uint64),
    )


@numba.njit(cache=True)
def reset_batch(state, static, seed, first, number, obs, mask, seats, rewards):
    """Deal deal ``number`` at every table (table ``b`` is table ``first + b``), play the built-in seats to the
    first learner's turn, and write what it sees. ``static``: ``(n, params, pol, compact, tables, pack, keys,
    lookup, table)``, the table size, the rules' parameters (the simulator's configuration, then
    :data:`E_DEALER`), each seat's player (:data:`LEARNER` for the caller's), whether the observation is compact,
    the sensible player's tables, the pack, and what the ``strategy`` player reads (:func:`_table_declare`)."""
    n, params, pol, compact, tables, pack, keys, lookup, table = static
    shipped = (keys, lookup, table)
    s = scratch(n)
    for b in range(state.shape[0]):
        row = state[b]
        start(row, n, params, seed, first + b, number, pack, s)
        rewards[b, :] = 0
        advance(row, n, params, pol, seed, first + b, True, rewards[b], tables, pack, shipped, s)
        emit(row, n, params, b, obs, mask, seats, compact)


@numba.njit(cache=True)
def check_batch(state, static, actions):
    """The first table whose action is not legal (-1: none); a finished table takes any action."""
    n, params = static[0], static[1]
    for b in range(state.shape[0]):
        row = state[b]
        if row[PHASE] == COMPLETE:
            continue
        if not is_legal(row, n, params, actions[b]):
            return b
    return -1


@numba.njit(cache=True)
def step_batch(state, static, seed, first, actions, autoreset, obs, mask, seats, rewards, ended):
    """Apply each table's action (checked by :func:`check_batch`), play the built-in seats, and write the rewards
    of the deals that ended, which ended, and what the next seat to act sees (:func:`reset_batch`'s ``static``)."""
    n, params, pol, compact, tables, pack, keys, lookup, table = static
    shipped = (keys, lookup, table)
    s = scratch(n)
    for b in range(state.shape[0]):
        row = state[b]
        rewards[b, :] = 0
        if row[PHASE] != COMPLETE:
            apply(row, n, params, actions[b], s)
        ended[b] = advance(row, n, params, pol, seed, first + b, autoreset, rewards[b], tables, pack, shipped, s)
        emit(row, n, params, b, obs, mask, seats, compact)
