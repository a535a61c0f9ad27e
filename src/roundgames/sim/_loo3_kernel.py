"""The compiled batch player of Three-card Loo's regular deal (numba): imported by :mod:`.loo3`, which says what it
plays, checks its setup and documents its columns. Every function is at module level so that numba caches its
machine code on disk (``cache=True``).

Hands, the miss and tricks are bit masks of ``suit * 13 + rank`` (:mod:`roundgames.core.cards`); a seat is its
place from the dealer's left (seat 0 the eldest hand, seat ``players - 1`` the dealer). Nothing is allocated inside
the loop over deals: :func:`play_batch` takes its scratch arrays from the caller.

A computed strategy's table (the ``strategy`` player here, a *table* field player in the weighing kernel
:mod:`.strategy._loo3`) is read by the helpers of this module, shared by both: a seat's cell (:func:`cell_of`), the
weights of its row (:func:`table_weights`) and a declaration drawn by them (:func:`draw`).
"""

# mypy: ignore-errors
# numba compiles these functions from their Python source; they are typed by numba, not by mypy.

from __future__ import annotations

import numba
import numpy as np

from ..cardbits import FULL, INLINE, ONE, above, beats, count, high_card, low_card, nth_card, suit_mask
from . import _loo_sensible_kernel as sensible
from ._streams_kernel import deal_stream, next_u64, remainder

#: declaration codes (the ``decl`` column; the first four are the engine's ``Decl`` values)
NONE, STAND, THROW, MISS, DEFEND, TAKES = 0, 1, 2, 3, 4, 5
#: the players (policies), by number
RANDOM, SENSIBLE, STRATEGY = 0, 1, 2
#: the rules, as the ``params`` array holds them
P_DEAL, P_LOO, P_ANTE, P_MODE, P_CAP, P_CLUB, P_LEAD, P_SECOND, P_MISS_LEADS, P_CONCEDE, P_DEF_LOOED = range(11)
NPARAMS = 11
LIMITED, UNLIMITED, MIXED = 0, 1, 2
HIGHEST, LEAD_ONE, CASSELL = 0, 1, 2
#: an action in a trace: a card 0..51, or 52 + (declaration - 1): stand 52, throw 53, miss 54, defend 55
DECL_BASE = 51

#: the declarations a strategy's row weighs, by index: the code less one (stand, throw, miss, defend)
DECLS = 4
#: a strategy's row gives each declaration a weight out of SCALE (a uint8); the kernels weigh out of TOTAL, which
#: SCALE and every count of open actions up to 17 divide, so that every sum of weights is a whole number
SCALE = 255
TOTAL = 12_252_240
PER_POINT = TOTAL // SCALE

PACK = np.arange(52, dtype=np.int64)


@numba.njit(cache=True, inline=INLINE)
def below(state, k):
    """:func:`._streams_kernel.below` (``next % k``), the same value, without a 64-bit division
    (:func:`._streams_kernel.remainder`)."""
    return remainder(next_u64(state), k)


@numba.njit(cache=True, inline=INLINE)
def shuffle_into(state, cards, count):
    """:func:`._streams_kernel.shuffle_into` with this module's :func:`below`."""
    n = cards.shape[0]
    for j in range(count):
        r = j + below(state, n - j)
        t = cards[j]
        cards[j] = cards[r]
        cards[r] = t


@numba.njit(cache=True, inline=INLINE)
def deal_cards(seed, i, players, hero, hand, turnup, cards, hands, st):
    """Deal ``i``'s cards from its CARDS stream into ``hands``; returns ``(miss, turnup)``.

    The pack, less the given cards (``hand`` to seat ``hero``, ``turnup`` when it is not -1), in ascending order,
    is shuffled (:func:`shuffle_into`) for as many places as cards are still to deal, and those places go, in
    order, to the slots the dealer fills (LOO-DEAL-4/5): three rounds of one card to each seat from the eldest
    hand to the dealer and then one to the miss, then the turn-up; a given slot is skipped.
    """
    if hand == 0:
        hero = -1  # no hand given: the hero is dealt from the stream like everyone
    fixed = hand
    if turnup >= 0:
        fixed |= ONE << np.int64(turnup)
    m = 52
    if fixed == 0:
        cards[:] = PACK
    else:
        m = 0
        for c in range(52):
            if not (fixed >> np.int64(c)) & ONE:
                cards[m] = c
                m += 1
    slots = 3 * players + 4
    st[0] = deal_stream(seed, i, 0)
    shuffle_into(st, cards[:m], slots - (52 - m))
    k = 0
    miss = np.int64(0)
    for s in range(players):
        hands[s] = hand if s == hero else 0
    for _ in range(3):
        for s in range(players + 1):
            if s == hero:
                continue
            bit = ONE << np.int64(cards[k])
            k += 1
            if s == players:
                miss |= bit
            else:
                hands[s] |= bit
    if turnup < 0:
        turnup = cards[k]
    return miss, np.int64(turnup)


@numba.njit(cache=True, inline=INLINE)
def loo_amount(params, pool):
    """What a loo costs with ``pool`` in the pool (LOO-STK-4, §14.7)."""
    mode = params[P_MODE]
    if mode == LIMITED:
        return params[P_LOO]
    if mode == UNLIMITED:
        return pool
    return min(pool, params[P_CAP])


@numba.njit(cache=True, inline=INLINE)
def rank3(hand):
    """The colex rank of a three-card mask, ``0 .. C(52, 3) - 1``."""
    c0 = low_card(hand)
    hand &= hand - ONE
    c1 = low_card(hand)
    hand &= hand - ONE
    c2 = low_card(hand)
    return c0 + c1 * (c1 - 1) // 2 + c2 * (c2 - 1) * (c2 - 2) // 6


@numba.njit(cache=True, inline=INLINE)
def bucket_of(lookup, hand, turnup):
    """The index of the bucket of ``hand`` under ``turnup`` among the sorted buckets (``lookup``:
    :func:`.strategy.buckets.loo_lookup`'s)."""
    return np.int64(lookup[rank3(hand) * 52 + turnup])


@numba.njit(cache=True, inline=INLINE)
def cell_at(bucket, players, seat, stood, took):
    """The cell of a seat whose hand is in ``bucket`` (an index) after ``stood`` stood and ``took`` (0 or 1) took
    the miss (:class:`.strategy.loo3.Loo3Game` numbers the cells)."""
    return ((bucket * players + seat) * players + stood) * 2 + took


@numba.njit(cache=True, inline=INLINE)
def cell_of(lookup, players, seat, hand, turnup, stood, took):
    """The cell of a seat that declares on ``hand`` under ``turnup`` after ``stood`` stood and ``took`` took the
    miss: its hand's bucket (:func:`bucket_of`), its seat and those two."""
    return cell_at(bucket_of(lookup, hand, turnup), players, seat, stood, took)


@numba.njit(cache=True, inline=INLINE)
def table_weights(table, cell, opts, w):
    """Row ``cell`` of a strategy's ``table`` (weights out of :data:`SCALE`, by declaration index) as weights out
    of :data:`TOTAL` of the declarations of ``opts`` (bits by code), into ``w`` (zero for the others). False, ``w``
    left as it was, where the open declarations do not weigh SCALE in all: a cell the strategy never reached (its
    row is zeros). The row is read in place (a view of it would cost its reference counting)."""
    total = 0
    for a in range(DECLS):
        if (opts >> (a + 1)) & ONE:
            total += table[cell, a]
    if total != SCALE:
        return False
    for a in range(DECLS):
        w[a] = np.int64(table[cell, a]) * PER_POINT if (opts >> (a + 1)) & ONE else np.int64(0)
    return True


@numba.njit(cache=True, inline=INLINE)
def draw(w, st):
    """A declaration (its code) drawn by the weights ``w`` (out of :data:`TOTAL`, by index): one ``next % TOTAL``
    from ``st``, the declarations in code order, and nothing drawn when one is certain (a pure row)."""
    for a in range(DECLS):
        if w[a] == TOTAL:
            return np.int64(a + 1)
    u = np.int64(next_u64(st) % np.uint64(TOTAL))
    last = np.int64(0)
    for a in range(DECLS):
        if w[a] > 0:
            last = np.int64(a + 1)
            u -= w[a]
            if u < 0:
                return last
    return last


@numba.njit(cache=True, inline=INLINE)
def sensible_declare(opts, hand, turnup, pool, loo, seat, players, in_before, miss_taken, tables):
    """The sensible player's declaration among ``opts`` (bits by code): the bot ``sensible``'s
    (:func:`._loo_sensible_kernel.three_card`, whose arguments these are)."""
    return sensible.three_card(opts, hand, turnup, pool, loo, seat, players, in_before, miss_taken, tables)


@numba.njit(cache=True, inline=INLINE)
def declare(policy, opts, hand, turnup, pool, loo, seat, players, in_before, miss_taken, tables, st):
    """A seat's declaration among ``opts`` (bits by code), by its policy: ``random``, one draw from ``st`` when
    there is a choice, the options in code order (stand, throw, miss, defend); ``sensible``, the bot's
    (:func:`sensible_declare`). The seat's situation, as its view shows it: ``seat`` places from the eldest hand
    of ``players`` (the dealer last), ``pool`` in the pool and a loo of ``loo``, ``in_before`` seats in before it
    (standing or on the miss), ``miss_taken``; ``tables``: :func:`._loo_sensible_kernel.tables`."""
    k = count(opts)
    if k == 1:
        return low_card(opts)
    if policy == RANDOM:
        return nth_card(opts, below(st, k))
    return sensible_declare(opts, hand, turnup, pool, loo, seat, players, in_before, miss_taken, tables)


@numba.njit(cache=True, inline=INLINE)
def declare_all(players, pol, params, hero, hero_act, hands, miss, turnup, pool, decl, st, trace, acts, actors,
                tables, lookup, table, w):  # fmt: skip
    """The declarations, from the eldest hand to the dealer (LOO-DECL-1..10, §14.2), into ``decl``; ``hands``
    become the hands played (the miss for its taker, nothing for a seat that threw up). Returns ``(taker,
    miss_holder, decisions, forced)``: the seat that takes the pool without play (-1 none). A ``strategy`` seat
    with a choice declares by its cell's row of ``table`` (found through ``lookup``), drawing by weights in ``w``
    (which holds ``DECLS + 2 * players``), or as ``sensible`` where the row is empty."""
    club = params[P_CLUB] != 0 and turnup // 13 == 3  # LOO-VAR-CLUBLAW
    loo = loo_amount(params, pool)
    miss_holder = -1
    stood = 0
    took = 0
    made = 0
    forced = False
    if lookup.shape[0]:
        # a strategy seat plays: each one's bucket, and the line of the table its rows lie in, read at once, so
        # that the reads overlap rather than wait one after another (w's places after the weights)
        for s in range(players):
            if pol[s] == STRATEGY:
                c = bucket_of(lookup, hands[s], turnup)
                w[DECLS + s] = c
                w[DECLS + players + s] = table[cell_at(c, players, s, 0, 0), 0]
    for s in range(players):
        dealer = s == players - 1
        if club:
            opts = ONE << STAND
        elif dealer and stood + took == 0:  # LOO-DECL-7: every other threw up, the dealer takes the pool
            decl[s] = TAKES
            return s, miss_holder, made, forced
        elif dealer and stood == 1 and took == 0:  # LOO-DECL-8
            opts = (ONE << STAND) | (ONE << MISS) | (ONE << DEFEND)
            if params[P_CONCEDE]:
                opts |= ONE << THROW
        elif dealer and stood == 0 and took == 1:  # LOO-DECL-9
            opts = (ONE << STAND) | (ONE << THROW)
        elif miss_holder < 0:
            opts = (ONE << STAND) | (ONE << THROW) | (ONE << MISS)
        else:  # LOO-DECL-3: the miss is gone
            opts = (ONE << STAND) | (ONE << THROW)
        if s == hero and hero_act > 0 and (opts >> hero_act) & 1:
            d = np.int64(hero_act)
            forced = True
        elif (
            pol[s] == STRATEGY
            and count(opts) > 1
            and table_weights(table, cell_at(w[DECLS + s], players, s, stood, took), opts, w)
        ):
            d = draw(w, st)
        else:
            d = declare(
                pol[s], opts, hands[s], turnup, pool, loo, s, players, stood + took, miss_holder >= 0, tables, st
            )
        decl[s] = d
        if trace:
            acts[made] = DECL_BASE + d
            actors[made] = s
        made += 1
        if d in (MISS, DEFEND):
            miss_holder = s
            hands[s] = miss
        elif d == THROW:
            hands[s] = 0
        if not dealer:
            stood += d == STAND
            took += d == MISS
    if decl[players - 1] == THROW and stood + took == 1:  # LOO-DECL-9, or the dealer conceding
        for s in range(players - 1):
            if decl[s] == STAND or decl[s] == MISS:
                return s, miss_holder, made, forced
    return -1, miss_holder, made, forced


@numba.njit(cache=True, inline=INLINE)
def lead_legal(hand, done, trump, turnup, lead_rule, second):
    """The cards ``hand`` may lead to trick ``done + 1`` (LOO-PLAY-2, LOO-PLAY-3, §14.12, §14.19)."""
    trumps = hand & suit_mask(trump)
    if done == 0:
        if lead_rule == CASSELL:
            if trumps:
                return ONE << high_card(trumps)
            top = -1
            out = np.int64(0)
            m = hand
            while m:
                c = low_card(m)
                m &= m - ONE
                if c % 13 > top:
                    top = c % 13
                    out = np.int64(0)
                if c % 13 == top:
                    out |= ONE << c
            return out
        ace = trump * 13 + (11 if turnup % 13 == 12 else 12)
        if (hand >> ace) & ONE:
            return ONE << ace
        if count(trumps) >= 2:
            return trumps if lead_rule == LEAD_ONE else ONE << high_card(trumps)
        return hand
    if done == 1 and trumps and (lead_rule == CASSELL or second):
        return ONE << high_card(trumps)
    return hand


@numba.njit(cache=True, inline=INLINE)
def follow_legal(hand, led, win, trump):
    """The cards ``hand`` may add to a trick led in ``led`` and won so far by ``win`` (LOO-PLAY-4..6)."""
    follow = hand & suit_mask(led)
    if follow:
        if win // 13 != led:  # trumped: any card of the suit led (LOO-PLAY-5)
            return follow
        heads = follow & above(win)
        return heads if heads else follow
    trumps = hand & suit_mask(trump)
    heads = trumps & above(win) if win // 13 == trump else trumps
    return heads if heads else hand


@numba.njit(cache=True, inline=INLINE)
def keep_key(card, trump):
    """How much a card is worth keeping: its rank, trumps above every plain card."""
    return card % 13 + (13 if card // 13 == trump else 0)


@numba.njit(cache=True, inline=INLINE)
def sensible_play(legal, hand, leading, win, last, trump, unseen):
    """The sensible player's card among ``legal``: see :mod:`.loo3`."""
    if leading:
        trumps = legal & suit_mask(trump)
        if trumps:
            return high_card(trumps)
        best, key, m = -1, -1, legal
        while m:
            c = low_card(m)
            m &= m - ONE
            if c % 13 >= key:
                best, key = c, c % 13
        return best
    winners = np.int64(0)
    m = legal
    while m:
        c = low_card(m)
        m &= m - ONE
        if beats(c, win, trump):
            winners |= ONE << c
    if winners == 0:  # the trick is lost: throw the card least worth keeping
        pick = legal
    elif last:  # the trick is his whatever he heads with: head as cheaply as he can
        pick = winners
    else:
        masters = np.int64(0)
        m = winners
        while m:
            c = low_card(m)
            m &= m - ONE
            if (above(c) & unseen) == 0:
                masters |= ONE << c
        if masters == 0:  # no card of his is sure: the one most likely to hold the trick
            best, key, m = -1, -1, winners
            while m:
                c = low_card(m)
                m &= m - ONE
                if keep_key(c, trump) > key:
                    best, key = c, keep_key(c, trump)
            return best
        pick = masters
    best, key, m = -1, 99, pick
    while m:
        c = low_card(m)
        m &= m - ONE
        if keep_key(c, trump) < key:
            best, key = c, keep_key(c, trump)
    return best


@numba.njit(cache=True, inline=INLINE)
def play_tricks(plist, k, leader_pos, hands, won, turnup, params, pol, st, trace, acts, actors, made, winners):
    """The three tricks among the ``k`` seats of ``plist``, from ``leader_pos`` (LOO-PLAY-1..9); ``won`` counts
    each seat's tricks, ``winners`` takes the seat of each trick. Returns the actions made so far."""
    trump = turnup // 13
    lead_rule = params[P_LEAD]
    second = params[P_SECOND] != 0
    played = ONE << turnup
    pos = leader_pos
    for t in range(3):
        led = -1
        win = -1
        win_pos = pos
        for j in range(k):
            p = (pos + j) % k
            s = plist[p]
            hand = hands[s]
            if j == 0:
                legal = lead_legal(hand, t, trump, turnup, lead_rule, second)
            else:
                legal = follow_legal(hand, led, win, trump)
            n = count(legal)
            if n == 1:
                c = low_card(legal)
            elif pol[s] == RANDOM:
                c = nth_card(legal, below(st, n))
            else:
                c = sensible_play(legal, hand, j == 0, win, j == k - 1, trump, FULL & ~(played | hand))
            hands[s] = hand & ~(ONE << c)
            played |= ONE << c
            if trace:
                acts[made] = c
                actors[made] = s
            made += 1
            if j == 0:
                led, win = c // 13, c
            elif beats(c, win, trump):
                win, win_pos = c, p
        won[plist[win_pos]] += 1
        winners[t] = plist[win_pos]
        pos = win_pos
    return made


@numba.njit(cache=True, inline=INLINE)
def settle(players, decl, won, winners, taker, pool, params, net, looed):
    """Pay the shares of the tricks and the loos (LOO-SET-1..4, LOO-DECL-7/9); ``net`` holds the stakes already,
    ``looed`` (all false) takes the seats that pay a loo. Returns what the next deal's pool holds before its
    dealer's stake."""
    if taker >= 0:  # the whole pool without play (LOO-DECL-7, LOO-DECL-9, LOO-VAR-DEALER-CONCEDE)
        net[taker] += pool
        return np.int64(0)
    carried = np.int64(0)
    base = pool // 3
    rest = pool - 3 * base
    for t in range(3):
        share = base + (1 if t < rest else 0)  # LOO-SET-2: the odd counters to the first tricks
        w = winners[t]
        if decl[w] == DEFEND:  # the miss played for the pool carries its winnings (LOO-SET-4)
            carried += share
        else:
            net[w] += share
    loo = loo_amount(params, pool)  # the pool as divided (§14.7)
    for s in range(players):
        d = decl[s]
        if won[s] or d in (THROW, NONE, TAKES):
            continue
        if d == DEFEND and not params[P_DEF_LOOED]:  # LOO-DECL-8 [I]: playing for the pool, never looed
            continue
        net[s] -= loo  # LOO-SET-3
        looed[s] = True
        carried += loo
    return carried


@numba.njit(cache=True, inline=INLINE)
def play_deal(seed, i, players, pol, params, pool0, hero, hero_act, g_hand, g_turn, hands, decl, won, net, looed,
              plist, cards, st, trace, acts, actors, winners, tables, lookup, table, w):  # fmt: skip
    """Deal ``i`` from its dealing to its settlement; ``hands`` keep the hands dealt, ``net``, ``won`` and
    ``looed`` the result. Returns ``(miss, turnup, next pool, states, forced)``."""
    miss, turnup = deal_cards(seed, i, players, hero, g_hand, g_turn, cards, hands, st)
    pool = pool0 + params[P_DEAL]  # LOO-STK-2: the dealer's stake
    for s in range(players):
        net[s] = 0
        won[s] = 0
        looed[s] = False
        decl[s] = NONE
    net[players - 1] = -params[P_DEAL]
    if params[P_ANTE]:  # LOO-VAR-ALL-ANTE: every other seat antes too
        for s in range(players - 1):
            net[s] = -params[P_ANTE]
            pool += params[P_ANTE]
    winners[0] = winners[1] = winners[2] = -1
    st[0] = deal_stream(seed, i, 1)  # the players' choices
    play = cards  # the hands played, in the pack's scratch array (the pack is dealt)
    for s in range(players):
        play[s] = hands[s]
    taker, holder, made, forced = declare_all(
        players, pol, params, hero, hero_act, play, miss, turnup, pool, decl, st, trace, acts, actors, tables, lookup,
        table, w,
    )  # fmt: skip
    if taker < 0:
        k = 0
        lead = 0
        for s in range(players):
            if decl[s] == STAND or decl[s] == MISS or decl[s] == DEFEND:
                if params[P_MISS_LEADS] and s == holder:  # LOO-VAR-MISS-LEADS, §14.11
                    lead = k
                plist[k] = s
                k += 1
        made = play_tricks(plist, k, lead, play, won, turnup, params, pol, st, trace, acts, actors, made, winners)
    carried = settle(players, decl, won, winners, taker, pool, params, net, looed)
    return miss, turnup, carried, 3 * players + 4 + made, forced


@numba.njit(cache=True)
def play_batch(seed, n, players, pol, params, pool0, hero, hero_act, g_hand, g_turn, out_net, out_tricks, out_pool,
               out_states, out_hands, out_miss, out_turnup, out_decl, out_looed, out_forced, trace, out_acts,
               out_actors, out_winners, tables, lookup, table):  # fmt: skip
    """Deals ``0 .. n-1`` of the chunk seeded ``seed`` into the output arrays (:mod:`.loo3` documents them).
    ``g_hand``/``g_turn``: given cards per deal (0 / -1: none), or empty arrays; ``trace``: also write each deal's
    actions, their seats and the trick winners; ``tables``: the sensible player's
    (:func:`._loo_sensible_kernel.tables`); ``lookup`` and ``table``: the buckets' lookup and the strategy's table
    of the deals' pool (:func:`cell_of`), empty when no seat plays ``strategy``."""
    hands = np.zeros(players, np.int64)
    decl = np.zeros(players, np.int64)
    won = np.zeros(players, np.int64)
    net = np.zeros(players, np.int64)
    looed = np.zeros(players, np.bool_)
    plist = np.zeros(players, np.int64)
    cards = np.zeros(52, np.int64)
    st = np.zeros(1, np.uint64)
    winners = np.zeros(3, np.int64)
    w = np.zeros(DECLS + 2 * players, np.int64)  # a row's weights, then each strategy seat's bucket and a row's
    given = g_hand.shape[0] > 0
    for i in range(n):
        hand = g_hand[i] if given else np.int64(0)
        turn = g_turn[i] if given else np.int64(-1)
        row = i if trace else 0
        miss, turnup, carried, states, forced = play_deal(
            seed, i, players, pol, params, pool0, hero, hero_act, hand, turn, hands, decl, won, net, looed, plist,
            cards, st, trace, out_acts[row], out_actors[row], winners, tables, lookup, table, w,
        )  # fmt: skip
        for s in range(players):
            out_net[i, s] = net[s]
            out_tricks[i, s] = won[s]
            out_hands[i, s] = hands[s]
            out_decl[i, s] = decl[s]
            out_looed[i, s] = looed[s]
        out_pool[i] = carried
        out_states[i] = states
        out_miss[i] = miss
        out_turnup[i] = turnup
        out_forced[i] = forced
        if trace:
            for t in range(3):
                out_winners[i, t] = winners[t]
