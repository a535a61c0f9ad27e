"""The sensible player's calling, compiled (numba): :meth:`roundgames.bots.nap.SensibleNapBot._call` for the
situations the batch simulator plays (no purchase, peep, spare hand, top card or Nap challenge), returning the
same call as the bot for every hand, seat, call to beat and rule option. :func:`sensible_call` is the entry
point; :func:`best_trump` also gives the senior hand's first lead (the suit the calling estimate counted).

Exactness. The bot's floating point is repeated operation for operation, in the same order, so every value is
bit for bit the bot's: numba compiles IEEE doubles without fast-math, and its ``math.exp`` calls the C
library's ``exp``, as CPython's does. Two of the bot's operations are not what numba compiles for the same
source, so they are done otherwise here: ``float ** int``, which CPython computes with the C library's ``pow``
and numba by repeated multiplication (a last bit may differ), comes from tables that CPython fills at import
with the bot's own expressions; and ``round(e, 6)``, which CPython rounds correctly from the exact binary value
and numba by scaling (``e * 1e6`` is rounded first, so a value within a last place of a half-millionth can go
the other way), is :func:`millionths` divided by a million. Where the bot's own order is kept but
the work is shared (the four suits' estimates, the four misery leads), each sum still adds its own terms in the
bot's order; shortcuts are taken only where a bound proves the bot's choice unchanged.
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

from ..bots import nap as bot
from ..cardbits import INLINE
from ._nap_policy import (
    C_FULL,
    C_MISERY_TRUMPS,
    C_PACK,
    C_PLAYING,
    CALL_TRICKS,
    MISERY,
    NAP,
    PASS,
    SUIT,
    above,
    high_card,
    low_card,
    popcount,
    sure_tricks,
)

#: the most opponents at a table of the simulator (six playing of seven, the dealer sitting out), and the cards
#: of a suit (a bound on the tables' last index)
MAX_OPPONENTS, SUIT_CARDS = 5, 13


def _tables() -> tuple[np.ndarray, ...]:
    """The bot's constants and its ``float ** int`` values, computed by CPython with the bot's expressions (the
    operands in the same order), so that the compiled estimate multiplies exactly the same doubles."""
    miss_pow = np.zeros((2, MAX_OPPONENTS + 1, SUIT_CARDS + 1))
    side = np.zeros((MAX_OPPONENTS + 1, SUIT_CARDS + 1, SUIT_CARDS + 1))
    for opponents in range(1, MAX_OPPONENTS + 1):
        for i, pack in enumerate((52, 32)):
            unseen = max(1, pack - 5)  # trick_estimate's count: the pack less a hand of five, none known
            pin = min(0.95, 5.0 * opponents / unseen)
            miss = 1.0 - pin
            for n in range(SUIT_CARDS + 1):
                miss_pow[i, opponents, n] = miss**n
        for n_trumps in range(SUIT_CARDS + 1):
            risk = 0.06 * opponents * max(0.3, 1.5 - 0.3 * n_trumps)
            for k in range(SUIT_CARDS + 1):
                side[opponents, n_trumps, k] = max(0.2, 1.0 - risk * (1 + k))
    long_pow = np.array([0.6 ** (i - 1) if i >= 2 else 0.0 for i in range(SUIT_CARDS + 1)])
    cost = np.zeros(9)
    for code, name in enumerate(("pass", "1", "2", "misery", "3", "4", "nap", "wellington", "blucher")):
        high = None if code == 0 else name
        cost[code] = bot._OVERCALL_COST * (bot.TRICKS[high] if high and high != "misery" else (2 if high else 0))
    shift = np.array([0.0] + [bot._MAKE_SHIFT[k] for k in range(1, 6)])
    width = np.array([1.0] + [bot._MAKE_WIDTH[k] for k in range(1, 6)])
    curve = np.array([(0.0, 0.0)] + [bot._MISERY_CURVE[o] for o in range(1, 6)])
    return miss_pow, side, long_pow, cost, shift, width, curve


#: ``miss ** n`` by pack (0: 52 cards, 1: 32), opponents and ``n``; ``max(0.2, 1 - risk * (1 + k))`` of a side
#: card by opponents, trumps held and ``k``; ``0.6 ** (i - 1)`` of the ``i``-th trump; the overcall cost by the
#: call to beat; the logistic's shift and width by tricks; misery's curve (top, slope) by opponents
MISS_POW, SIDE, LONG_POW, COST, SHIFT, WIDTH, CURVE = _tables()
INV_WIDTH, SIXTH = 1.0 / WIDTH, 1.0 / 6.0  # for bounds only, where a last place does not matter
#: Veltkamp's splitting constant, ``2**27 + 1``: splits a double into two halves of 26 bits
SPLIT = 134217729.0


@numba.njit(cache=True, inline=INLINE)
def millionths(x):
    """The integer nearest the exact ``x * 10**6`` (ties to even), as a double, for ``0 <= x < 2**20``:
    ``millionths(x) / 1e6`` is ``round(x, 6)`` exactly as CPython rounds it (both operands are exact, so the
    quotient is the double nearest the six-decimal number, which is what CPython returns)."""
    p = x * 1e6
    n = np.rint(p)  # ties to even, without a branch: this runs four times a call
    d = p - n  # exact: n is within a half of p
    if d == 0.5 or d == -0.5:
        # p is a half, and the exact product is p + err (Dekker's algorithm; 10**6 has 20 bits and needs no
        # splitting); elsewhere p is at least a last place of p from any half and |err| at most half that
        c = SPLIT * x
        hi = c - (c - x)
        err = (hi * 1e6 - p) + (x - hi) * 1e6
        if d == 0.5 and err > 0.0:
            n += 1.0
        elif d == -0.5 and err < 0.0:
            n -= 1.0
    return n


@numba.njit(cache=True, inline=INLINE)
def trump_part(hand, out, trump, opponents, pack_index):
    """The trumps' part of :func:`roundgames.bots.nap.trick_estimate` (``out``: the unseen cards), summed as
    the bot sums it, from the top trump."""
    total = 0.0
    mine = hand & SUIT[trump]
    i = 0
    absorb = 0
    while mine:
        c = high_card(mine)
        mine ^= np.int64(1) << c
        higher = popcount(out & above(c))
        n = higher - absorb
        p = MISS_POW[pack_index, opponents, n if n > 0 else 0]
        if i >= 2:
            p = 1.0 - (1.0 - p) * LONG_POW[i]
        total += p
        if higher:  # a trump an unseen one beats draws that one out: the lower trumps count one fewer above
            absorb += 1
        i += 1
    return total


@numba.njit(cache=True, inline=INLINE)
def side_term(miss_pow, side, headed, ace):
    """A side card's term of :func:`roundgames.bots.nap.trick_estimate`, its factors in the bot's order."""
    p = miss_pow * side
    if headed:
        p *= 0.75
    return p * (0.9 if ace else 0.8)


@numba.njit(cache=True, inline=INLINE)
def rounded(total):
    """``min(5.0, total)`` (the estimate) rounded to six decimals, in millionths (:func:`millionths`)."""
    return millionths(5.0 if total >= 5.0 else total)


@numba.njit(cache=True)
def best_trump(hand, opponents, pack_index, full):
    """:func:`roundgames.bots.nap.best_trump` with nothing known: the suit whose estimate
    (:func:`roundgames.bots.nap.trick_estimate`), rounded to six decimals, is the highest (ties: the longer,
    then the higher suit), with that rounded estimate: ``(suit, e)``.

    The four estimates are summed at once, each in the bot's order (its trumps, then the side suits from the
    lowest, each from its top card), so that a side card is looked at once for the three suits it is a side
    card of; the rounded estimates compare as their millionths do, and one division serves the best."""
    out = full & ~hand
    e0 = trump_part(hand, out, 0, opponents, pack_index)
    e1 = trump_part(hand, out, 1, opponents, pack_index)
    e2 = trump_part(hand, out, 2, opponents, pack_index)
    e3 = trump_part(hand, out, 3, opponents, pack_index)
    n0, n1 = popcount(hand & SUIT[0]), popcount(hand & SUIT[1])
    n2, n3 = popcount(hand & SUIT[2]), popcount(hand & SUIT[3])
    for s in range(4):
        m = hand & SUIT[s]
        k = 0
        while m:  # the suit's cards from the top
            c = high_card(m)
            m ^= np.int64(1) << c
            higher = popcount(out & above(c))
            n = higher - k
            miss_pow = MISS_POW[pack_index, opponents, n if n > 0 else 0]
            # it wins only when led to, or led by us once the higher ones are out
            headed, ace = higher > k, c % 13 == 12
            if s != 0:
                e0 += side_term(miss_pow, SIDE[opponents, n0, k], headed, ace)
            if s != 1:
                e1 += side_term(miss_pow, SIDE[opponents, n1, k], headed, ace)
            if s != 2:
                e2 += side_term(miss_pow, SIDE[opponents, n2, k], headed, ace)
            if s != 3:
                e3 += side_term(miss_pow, SIDE[opponents, n3, k], headed, ace)
            k += 1
    best, best_e, best_n = 0, rounded(e0), n0
    for suit, e, n in ((1, rounded(e1), n1), (2, rounded(e2), n2), (3, rounded(e3), n3)):
        if e > best_e or (e == best_e and n >= best_n):
            best, best_e, best_n = suit, e, n
    return best, best_e / 1e6


@numba.njit(cache=True, inline=INLINE)
def p_make(e, k, sure):
    """:func:`roundgames.bots.nap.p_make`: P(at least ``k`` tricks, 1 to 5) on an estimate of ``e``."""
    if sure >= k:
        return 1.0
    x = (e - k + SHIFT[k]) / WIDTH[k]
    return 1.0 / (1.0 + math.exp(-x))


@numba.njit(cache=True, inline=INLINE)
def cannot_beat(e, k, won, lost, best_ev):
    """Whether a call of ``k`` tricks on an estimate of ``e`` surely expects less than ``best_ev``, so that the
    bot, which takes a call only when it expects more, cannot choose it: a shortcut past :func:`p_make`'s
    exponential and divisions, taken only well away from the line (by a millionth of the sums, far above the
    rounding of the bot's doubles and of this bound). ``won`` and ``lost``: what the call wins and loses against
    all the opponents, the kitty included, so that it expects ``p * (won + lost) - lost``."""
    y = (k - SHIFT[k] - e) * INV_WIDTH[k]  # p_make's -x, within a few last places
    # p = 1 / (1 + exp(y)), and exp(y) >= 1 + y + y**2 / 2 + y**3 / 6 when y >= 0
    against = y * (1.0 + y * (0.5 + y * SIXTH)) if y > 0.0 else 0.0
    margin = 1e-6 * (won + lost + best_ev)
    return won + lost < (best_ev + lost - margin) * (1.0 + against)


@numba.njit(cache=True, inline=INLINE)
def lead_danger(mine, low):
    """The danger of leading the lowest card of ``mine`` (one suit, not empty) at misery, as the bot counts it:
    a higher lead is more often left unheaded."""
    over = low_card(mine) % 13 - low - 1
    return (over if over > 0 else 0) * 0.35


@numba.njit(cache=True, inline=INLINE)
def plain_danger(rank, k):
    """The danger of a plain card of ``rank`` (from the pack's lowest) with ``k`` lower cards of its suit held."""
    d = rank - 3 - 2.5 * k
    return (d if d > 0.0 else 0.0) / 3.0


@numba.njit(cache=True, inline=INLINE)
def counted(danger, s, lead, k, plain, kept):
    """``danger`` of the lead from suit ``lead`` with the ``k``-th card of suit ``s`` counted: ``plain`` in
    another suit, ``kept`` in the lead's own suit, nothing for the lead itself."""
    if s != lead:
        return danger + plain
    return danger + kept if k > 0 else danger


@numba.njit(cache=True)
def misery_danger(hand, trumps, low):
    """:func:`roundgames.bots.nap.misery_danger`: the danger of ``hand`` at misery after its best opening lead
    (``trumps``: misery is played with trumps; ``low``: the rank of the pack's lowest card).

    The four leads' dangers are summed at once, each in the bot's order (the lead, then the suits from the
    lowest, each from its lowest card), so that a card is looked at once for all four."""
    m0, m1, m2, m3 = hand & SUIT[0], hand & SUIT[1], hand & SUIT[2], hand & SUIT[3]
    d0 = lead_danger(m0, low) if m0 else 0.0
    d1 = lead_danger(m1, low) if m1 else 0.0
    d2 = lead_danger(m2, low) if m2 else 0.0
    d3 = lead_danger(m3, low) if m3 else 0.0
    for s in range(4):
        m = hand & SUIT[s]
        k = 0
        while m:  # the suit's cards from the lowest
            rank = low_card(m) % 13 - low
            m &= m - 1
            plain = plain_danger(rank, k)
            # kept under a lead of its own suit: a trump (the worst liability), or guarded by one card fewer
            kept = 0.0
            if k > 0:
                kept = (rank + 3) / 4.0 if trumps else plain_danger(rank, k - 1)
            d0 = counted(d0, s, 0, k, plain, kept)
            d1 = counted(d1, s, 1, k, plain, kept)
            d2 = counted(d2, s, 2, k, plain, kept)
            d3 = counted(d3, s, 3, k, plain, kept)
            k += 1
    # a void plain suit is a refuge for the dangerous cards; the lead's suit is held, so each lead has them all
    refuge = 0.25 * ((m0 == 0) + (m1 == 0) + (m2 == 0) + (m3 == 0))
    best = -1.0
    for mine, danger in ((m0, d0), (m1, d1), (m2, d2), (m3, d3)):
        if mine:
            danger = danger - refuge
            if danger < 0.0:
                danger = 0.0
            if best < 0.0 or danger < best:
                best = danger
    return best


@numba.njit(cache=True, inline=INLINE)
def sensible_call(hand, high, kitty, cfg, after, pay):
    """The sensible player's call (:meth:`roundgames.bots.nap.SensibleNapBot._call`): the code of the call of best
    expectation among the calls open over ``high`` (the highest call so far, :data:`PASS` for none), or
    :data:`PASS` when none is expected to win. ``hand``: the seat's five cards; ``kitty``: the counters in the
    kitty when the table plays one, else 0; ``cfg``, ``after`` and ``pay``: the configuration, the calls open
    over each call (their number, then their codes in ladder order) and the pay table (won, lost by code), as
    :meth:`roundgames.sim.nap.NapKernel` makes them."""
    return sensible_choice(hand, high, kitty, cfg, after, pay)[0]


@numba.njit(cache=True)
def sensible_choice(hand, high, kitty, cfg, after, pay):
    """:func:`sensible_call`, with the suit its estimate counted as trumps (:func:`best_trump`, which the senior
    hand's first lead makes trumps): ``(code, suit)``, the suit -1 when no call was open."""
    count = after[high, 0]
    if count == 0:
        return PASS, -1
    opponents = cfg[C_PLAYING] - 1
    full = cfg[C_FULL]
    pack_index = 0 if cfg[C_PACK] == 52 else 1
    trump, e = best_trump(hand, opponents, pack_index, full)
    sure = sure_tricks(hand, trump, full)
    e_eff = e - COST[high]
    best_ev, best = 0.0, PASS
    for j in range(1, count + 1):  # the calls open, in the engine's order (ties go to the first)
        code = after[high, j]
        won = opponents * pay[0, code] + (kitty if code >= NAP else 0)
        lost = opponents * pay[1, code]
        if code == MISERY:
            o = opponents if opponents <= 5 else 5
            danger = misery_danger(hand, cfg[C_MISERY_TRUMPS], 0 if pack_index == 0 else 5)
            p = CURVE[o, 0] * math.exp(-CURVE[o, 1] * danger)
        else:
            k = CALL_TRICKS[code]
            # a call that cannot beat the best so far is passed over, as the bot would pass it over
            if cannot_beat(e_eff, k, won, lost, best_ev) if sure < k else won <= best_ev:  # p 1: ev is won
                continue
            p = p_make(e_eff, k, sure)
        ev = opponents * (pay[0, code] * p - pay[1, code] * (1.0 - p))
        if code >= NAP:
            ev += kitty * p
        if ev > best_ev:
            best_ev, best = ev, code
    return best, trump


@numba.njit(cache=True)
def calls_of(hands, high, kitty, cfg, after, pay, out):
    """:func:`sensible_call` for each hand of ``hands`` over ``high`` (one code a hand), into ``out``."""
    for i in range(hands.shape[0]):
        out[i] = sensible_call(hands[i], high[i], kitty, cfg, after, pay)
