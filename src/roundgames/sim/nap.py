"""Nap's batch player (RULES.md §6, the options of §7 it supports, §14): :data:`KERNEL`, and the Python twins of
its players, which play the checked engine decision for decision as the compiled kernel plays (the exactness
test holds them to it, deal for deal).

**Seats.** Seat 0 is the eldest hand and seat ``players - 1`` the dealer; with ``dealer_out_at`` players or more
the dealer sits out (NAP-GEN-2): he is dealt nothing and does not call, but pays and receives. The seats that play
are ``0 .. playing - 1``, in calling order.

**Dealing.** Deal ``i`` of the chunk seeded ``seed`` shuffles the pack (its cards in ascending order, 52 or the
32 of ``pack: 32``) with ``deal_stream(seed, i, CARDS)``, a Fisher-Yates shuffle stopped after the cards dealt
(:func:`.streams.shuffled`); shuffled positions ``5k .. 5k + 4`` go to the ``k``-th playing seat. With
``given["hand"]`` (the hero's five cards, a mask per deal) the pack shuffled is the rest in ascending order, and
its positions go to the other playing seats in calling order, the hero left out.

**Players** (:data:`POLICIES`). Every random choice comes from ``deal_stream(seed, i, CHOICES)``, one stream for
the whole deal whichever seat draws.

- ``random``: uniform over the legal actions in a canonical order: pass, then the calls allowed in ladder order
  (NAP-CALL-4/5: misery's place follows ``misery_rank``); the cards held that may be played, ascending. One
  ``below(k)`` draw per decision among ``k`` actions, and no draw when only one is legal.
- ``sensible``: a rule player after Peel's *Tactics*, deterministic (ranks: 0 the two .. 9 the knave, 12 the ace;
  *unseen*: the pack's cards not in the seat's hand and not yet played):

  - *Calling*: the calls of :class:`~roundgames.bots.nap.SensibleNapBot`, compiled (:mod:`._nap_call`) to the
    same doubles, so that he calls as the bot does on every hand. For each suit as trumps he counts the tricks
    he may expect against the opponents (:func:`~roundgames.bots.nap.trick_estimate`: a trump wins unless an
    unseen higher trump is out and not drawn by his own higher ones, long trumps win once the others' are
    drawn, side cards less the more opponents); his suit is the one of the best estimate rounded to six
    decimals (ties: the longer, then the higher suit; :func:`~roundgames.bots.nap.best_trump`). He values each
    call open to him (NAP-CALL-2..6) at its expected payment by the pay table from each opponent, and for a Nap
    or higher the kitty too: the chance of ``k`` tricks is a logistic of the estimate
    (:func:`~roundgames.bots.nap.p_make`), less 0.18 of a trick for each trick of the call to beat (two for a
    misery: its caller holds cards), and certain with his trumps from the top in an unbroken sequence of ``k``
    or more ("the only safe and perfect Nap"); misery's chance falls with the danger of his hand after its best
    lead (:func:`~roundgames.bots.nap.p_misery`). He makes the call of best expectation (the first in ladder
    order on a tie), and passes when none is expected to win.
  - *Senior hand.* He leads the top trump of the suit his calling counted, as the bot does (which fixes trumps,
    NAP-PLAY-1; a senior hand whose call his player did not choose, a hero's or one forced by all passing, counts
    it too), then his highest trump while any trump is unseen, then his masters (the highest first), then his
    least card; following, he heads the trick with his cheapest card that heads it, else throws his least card.
    *Least* and *cheapest*: lowest rank, a trump counting 13 more (ties: the lower card: spades, hearts, diamonds,
    clubs).
  - *Defenders.* Leading: the highest master of a plain suit, else the least card. Following after the senior
    hand: head him with the cheapest card that heads him if he is winning, else throw the least card. Before
    the senior hand: a partner's card that no unseen card of its suit heads is left to stand (throw the least);
    otherwise head with the cheapest card that heads the trick and that no unseen card of its suit heads; else
    throw the least card.
  - *Peel's first round.* "It is seldom desirable to pass a trick in the first round, when headed by the senior
    hand, except ... holding ace and a small one, with knave or a lower card led": when the senior hand leads
    a knave or lower to the first trick and still heads it, a defender holding the ace and one card of ten or
    lower of that suit, no more, plays the small card.
  - *Misery.* The caller leads the lowest card of his shortest suit (with trumps in misery it fixes trumps:
    the fewer he keeps, the better; ties: the lower card), and following plays his highest card that stays
    under the trick, else his lowest. The defenders lead their lowest card; before the caller they play their
    lowest; after him, while he heads the trick, their highest card that stays under it, otherwise their
    highest card.

- ``sensible-head``: the same, except that in Peel's first-round case the defender heads with the ace.
- ``strategy``: calls by the computed strategy the package ships for the setup's rules and table
  (:func:`roundgames.bots.strategy.shipped`, the expert's; a setup none fits is refused): its cell is the hand's
  bucket (:mod:`roundgames.bots.buckets`), the seat in calling order and the call to beat, as
  :class:`~roundgames.sim.strategy.nap.NapGame` keys it. Where the row mixes it draws once from the deal's CHOICES
  stream, ``next % 12,252,240`` against the weights (out of 255, each 48,048 points) of a pass and the calls open,
  in code order; a pure row draws nothing, nor does a seat with no call open. Where the strategy has no row for
  the cell (a hand or a call to beat its computation never met) it calls as ``sensible``. It plays its cards as
  ``sensible``, the first lead included.
- ``strategy-head``: the same, except that in Peel's first-round case the defender heads with the ace (as
  ``sensible-head``).

**Hero actions** (:data:`HERO_ACTIONS`): a call (``pass`` .. ``blucher``) that the hero makes at his turn when
it is legal, else his player decides (``hero_forced``); ``senior:<call>``: every other seat passes and the hero
makes that call, so he is the senior hand with that contract on every deal. He then plays by his player.

**States** are counted as OpenSpiel counts them: every card dealt and every decision (each call or pass, each
card played; a deal ended early by NAP-PLAY-4 counts the cards played only).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ..bots.nap import SensibleNapBot, best_trump
from ..core.cards import SUIT_MASKS, cards_in, pack_mask
from ..core.errors import RULE_ID, RulesError
from ..games.registry import new_deal
from ..nap.actions import NapAction, NapPhase
from ..nap.calls import ladder, option_problem, pay_table
from ..nap.rules import NAP_OPTION_DOCS, NAP_OPTIONS, NapRules
from .kernels import MAX_POOL, Setup
from .streams import CHOICES, Stream, deal_stream

if TYPE_CHECKING:
    from ..bots.strategy import Strategy

__all__ = ["CALL_NAMES", "HERO_ACTIONS", "KERNEL", "POLICIES", "NapKernel", "replay", "twins"]

#: the calls by their code in the columns ``calls`` and ``contract``
CALL_NAMES: Final = ("pass", "1", "2", "misery", "3", "4", "nap", "wellington", "blucher")
#: the action codes of :meth:`NapKernel.trace`: a card played is the card (0..51), a call ``CALLED`` + its code
CALLED: Final = 64

POLICIES: Final = {
    "random": "uniform over the legal actions in canonical order (pass, calls in ladder order; cards ascending)",
    "sensible": "Peel's tactics: call as the sensible bot calls (likely tricks, odds, pay table, kitty), then "
    "by rules draw trumps, head cheaply; in the first round pass with ace and a small one, knave or lower led",
    "sensible-head": "sensible, but in Peel's first-round case head with the ace",
    "strategy": "calls by the computed strategy the package ships for the rules and table (the expert's), drawing "
    "from the deal's choices stream where it mixes, as sensible where it has no row for the situation; plays its "
    "cards as sensible; a setup no shipped strategy fits is refused",
    "strategy-head": "strategy, but in Peel's first-round case head with the ace",
}

HERO_ACTIONS: Final = {
    **{c: f"the hero calls {c} at his turn when it is legal, else his player decides" for c in CALL_NAMES},
    **{
        f"senior:{c}": f"every other seat passes and the hero calls {c}: he is the senior hand at {c}"
        for c in CALL_NAMES[1:7]
    },
}

COLUMNS: Final = {
    "hands": "(n, players) int64: the cards dealt to each seat, a mask (0 for the dealer sitting out)",
    "calls": "(n, players) int8: each seat's call, a code of CALL_NAMES (0 pass, 1 '1', 2 '2', 3 misery, 4 '3', "
    "5 '4', 6 nap, 7 wellington, 8 blucher); -1 for the dealer sitting out",
    "senior": "(n,) int8: the senior hand (NAP-CALL-8; the eldest or the dealer's right when all pass), -1 on a redeal",
    "contract": "(n,) int8: the contract's code (CALL_NAMES), -1 on a redeal",
    "trump": "(n,) int8: the trump suit (0..3 spades, hearts, diamonds, clubs), -1 none (misery without trumps, "
    "a redeal)",
    "made": "(n,) bool: the senior hand made his contract",
    "hero_forced": "(n,) bool: the hero's call was the hero action's (False for every deal without a hero)",
    "peel_case": "(n,) int8: the seat of the first defender who met Peel's first-round case (ace and a small "
    "one, knave or lower led by the senior hand), -1 none",
}

#: the options the kernel plays, each with the values it plays (None: all of them)
_PLAYED: Final[dict[str, tuple[Any, ...] | None]] = {
    "max_players": None,
    "dealer_out_at": None,
    "min_call": None,
    "misery": None,
    "misery_rank": None,
    "misery_trumps": None,
    "misery_pay": None,
    "wellington": None,
    "blucher": None,
    "pay_table": None,
    "pool_nap_double": None,
    "all_pass": ("eldest_one", "dealer_one", "redeal"),
    "kitty": None,
    "purchase": (False,),
    "spare_hand": ("off",),
    "peep": (False,),
    "nap_top_card": (False,),
    "nap_challenge": (False,),
    "revoke_rule": None,
    "pack": None,
}
assert set(_PLAYED) == set(NAP_OPTIONS)

_ALL_PASS: Final = {"eldest_one": 0, "dealer_one": 1, "redeal": 2}
_POLICY_CODES: Final = {name: i for i, name in enumerate(POLICIES)}
#: the players who call by the shipped strategy
_STRATEGIES: Final = ("strategy", "strategy-head")


def rules_of(setup: Setup) -> NapRules:
    """The rules of ``setup``: Peel's preset with its options, each checked by the engine and then against what
    the kernel plays."""
    rules = NapRules.preset("peel").with_options(dict(setup.options))
    for name, played in _PLAYED.items():
        value = getattr(rules, name)
        if played is not None and value not in played:
            found = RULE_ID.search(NAP_OPTION_DOCS[name])
            rule = f" ({found.group()})" if found else ""
            raise RulesError(
                f"option {name}: {value!r} is not played by the simulator (it plays {', '.join(map(repr, played))})"
                f"{rule}; the checked engine plays it"
            )
    return rules


def playing_of(rules: NapRules, players: int) -> int:
    return players - 1 if players >= rules.dealer_out_at else players


def _hero(setup: Setup, rules: NapRules) -> tuple[int, int, int]:
    """``(seat, mode, call code)`` of the hero action: mode 0 none, 1 a call, 2 ``senior:<call>``."""
    if setup.hero is None and setup.hero_action is None:
        return -1, 0, 0
    if setup.hero is None or setup.hero_action is None:
        raise RulesError(f"hero: a hero seat ({setup.hero!r}) needs a hero action ({setup.hero_action!r})")
    playing = playing_of(rules, setup.players)
    if not 0 <= setup.hero < playing:
        raise RulesError(
            f"hero: seat {setup.hero} does not call at {setup.players} players (the seats 0..{playing - 1} do; "
            "NAP-GEN-2)"
        )
    action = setup.hero_action
    if action not in HERO_ACTIONS:
        raise RulesError(f"hero_action: {action!r} is not a hero action of Nap (valid: {', '.join(HERO_ACTIONS)})")
    senior = action.startswith("senior:")
    call = action.removeprefix("senior:")
    problem = option_problem(rules, call) if call != "pass" else None
    if problem is not None:
        raise RulesError(f"hero_action: {action!r} cannot be called: {problem[0]} ({problem[1]})")
    return setup.hero, 2 if senior else 1, CALL_NAMES.index(call)


def _call_tables(rules: NapRules) -> tuple[np.ndarray, np.ndarray]:
    """The calls the options allow over each highest call so far, by code (NAP-CALL-2..6, the engine's
    :func:`~roundgames.nap.calls.option_problem` and ladder): ``ok[high, code]`` whether ``code`` may be called
    over ``high`` (0: none; a pass always may), and ``after[high]`` their number, then the codes in ladder
    order."""
    order = ladder(rules)
    ok = np.zeros((9, 9), dtype=np.int64)
    after = np.zeros((9, 9), dtype=np.int64)
    for high in range(9):
        above = order[order.index(CALL_NAMES[high]) + 1 :] if high else order
        legal = [c for c in above if option_problem(rules, c) is None]
        # Wellington only over a Nap, Blücher only over a Wellington (NAP-CALL-6)
        legal = [c for c in legal if (c != "wellington" or high == _NAP) and (c != "blucher" or high == _WELLINGTON)]
        ok[high, 0] = 1
        after[high, 0] = len(legal)
        for j, c in enumerate(legal):
            ok[high, CALL_NAMES.index(c)] = 1
            after[high, j + 1] = CALL_NAMES.index(c)
    return ok, after


class NapKernel:
    """Nap's batch player (:class:`~roundgames.sim.kernels.Kernel`)."""

    game = "nap"
    form = "nap"
    columns: Mapping[str, str] = COLUMNS
    policies: Mapping[str, str] = POLICIES
    hero_actions: Mapping[str, str] = HERO_ACTIONS

    def check(self, setup: Setup) -> None:
        """Raise :class:`RulesError` naming the field, the value and the rule for a setup the kernel cannot
        play."""
        self.arrays(setup)

    def arrays(self, setup: Setup) -> tuple[np.ndarray, ...]:
        """The setup as the compiled loop takes it: the configuration, the ladder, each call's rank on it, the
        pay table and the seats' players."""
        if setup.form != self.form:
            raise RulesError(f"form: the Nap simulator plays 'nap', not {setup.form!r}")
        rules = rules_of(setup)
        if not 2 <= setup.players <= rules.max_players:
            raise RulesError(f"players: Nap takes 2 to {rules.max_players} players (NAP-GEN-1), got {setup.players}")
        if len(setup.policies) != setup.players:
            raise RulesError(f"policies: one per seat, {setup.players}, got {len(setup.policies)}")
        for name in setup.policies:
            if name not in POLICIES:
                raise RulesError(f"policies: no player {name!r} (valid: {', '.join(POLICIES)})")
        if not 0 <= setup.pool <= MAX_POOL:
            raise RulesError(f"pool: the kitty is 0 to {MAX_POOL:,} counters, got {setup.pool}")
        playing = playing_of(rules, setup.players)
        if 5 * playing > rules.pack:
            raise RulesError(f"players: {playing} hands need {5 * playing} cards, more than a {rules.pack}-card pack")
        hero, mode, hero_call = _hero(setup, rules)
        from . import _nap_policy as p

        cfg = np.zeros(p.CONFIG_SIZE, dtype=np.int64)
        cfg[p.C_SEATS], cfg[p.C_PLAYING], cfg[p.C_MIN_CALL] = setup.players, playing, rules.min_call
        cfg[p.C_MISERY], cfg[p.C_MISERY_TRUMPS] = rules.misery, rules.misery_trumps
        cfg[p.C_WELLINGTON], cfg[p.C_BLUCHER] = rules.wellington, rules.blucher
        cfg[p.C_ALL_PASS], cfg[p.C_KITTY] = _ALL_PASS[rules.all_pass], rules.has_kitty
        cfg[p.C_TAKES] = rules.has_kitty or rules.revoke_rule != "default"  # as the engine's award (§14.14)
        cfg[p.C_POOL_DOUBLE], cfg[p.C_PACK] = rules.pool_nap_double, rules.pack
        cfg[p.C_LOW] = 0 if rules.pack == 52 else 5
        cfg[p.C_HERO], cfg[p.C_HERO_MODE], cfg[p.C_HERO_CALL] = hero, mode, hero_call
        cfg[p.C_POOL], cfg[p.C_FULL] = setup.pool, pack_mask(rules.pack)
        ok, after = _call_tables(rules)
        table = pay_table(rules)
        pay = np.zeros((2, 9), dtype=np.int64)
        for c, (won, lost) in table.items():
            pay[0, CALL_NAMES.index(c)], pay[1, CALL_NAMES.index(c)] = won, lost
        policy = np.array([_POLICY_CODES[x] for x in setup.policies], dtype=np.int64)
        if any(x in _STRATEGIES for x in setup.policies):
            strategy_of(setup, rules)
        return cfg, ok, after, pay, policy

    def _given(self, setup: Setup, n: int, given: Mapping[str, Any] | None, full: int) -> np.ndarray:
        if not given:
            return np.zeros(0, dtype=np.int64)
        unknown = set(given) - {"hand"}
        if unknown:
            raise RulesError(f"given: only the hero's 'hand' may be given, not {', '.join(sorted(unknown))}")
        if setup.hero is None:
            raise RulesError("given: a hand is given to the hero, and no hero seat is set")
        hands = np.ascontiguousarray(given["hand"], dtype=np.int64)
        if hands.shape != (n,):
            raise RulesError(f"given: 'hand' holds one hand per deal, shape ({n},), got {hands.shape}")
        bad = np.flatnonzero((hands & ~full != 0) | (np.bitwise_count(hands) != 5) | (hands < 0))
        if bad.size:
            i = int(bad[0])
            raise RulesError(f"given: hand {i} ({int(hands[i]):#x}) is not five cards of the pack (NAP-DEAL-1)")
        return hands

    def _play(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None, record: bool) -> dict[str, Any]:
        cfg, ok, after, pay, policy = self.arrays(setup)
        from . import _nap_kernel as k
        from . import _nap_policy as p

        if n < 0:
            raise RulesError(f"n: the number of deals cannot be negative, got {n}")
        if not 0 <= seed < 1 << 64:
            raise RulesError(f"seed: a chunk's seed is a 64-bit number at least 0, got {seed}")
        hands_given = self._given(setup, n, given, int(cfg[p.C_FULL]))
        players = setup.players
        hands = np.zeros((n, players), dtype=np.int64)
        calls = np.zeros((n, players), dtype=np.int8)
        tricks = np.zeros((n, players), dtype=np.int8)
        net = np.zeros((n, players), dtype=np.int32)
        deal_i8 = np.zeros((n, 6), dtype=np.int8)
        deal_i32 = np.zeros((n, 2), dtype=np.int32)
        playing = int(cfg[p.C_PLAYING])
        actions = np.full((n if record else 0, 6 * playing), -1, dtype=np.int16)
        lookup, table = strategy_arrays(setup, playing)
        k.run_deals(np.uint64(seed), n, cfg, ok, after, pay, policy, hands_given, hands, calls, tricks,
                    net, deal_i8, deal_i32, actions, lookup, table)  # fmt: skip
        out: dict[str, Any] = {
            "net": net,
            "tricks": tricks,
            "pool": np.ascontiguousarray(deal_i32[:, k.POOL]),
            "states": np.ascontiguousarray(deal_i32[:, k.STATES]),
            "hands": hands,
            "calls": calls,
            "senior": np.ascontiguousarray(deal_i8[:, k.SENIOR]),
            "contract": np.ascontiguousarray(deal_i8[:, k.CONTRACT]),
            "trump": np.ascontiguousarray(deal_i8[:, k.TRUMP]),
            "made": deal_i8[:, k.MADE].astype(bool),
            "hero_forced": deal_i8[:, k.HERO_FORCED].astype(bool),
            "peel_case": np.ascontiguousarray(deal_i8[:, k.PEEL]),
        }
        if record:
            out["actions"] = actions
        return out

    def run(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Play deals ``0 .. n-1`` of the chunk seeded ``seed``; ``given["hand"]``: the hero's hand in each."""
        return self._play(setup, seed, n, given, False)

    def trace(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """:meth:`run`'s columns and ``actions`` ``(n, 6 * playing)`` int16: each deal's actions in order, a call
        ``CALLED + code`` (pass ``CALLED``), a card played the card, then -1."""
        return self._play(setup, seed, n, given, True)

    def sensible_calls(self, setup: Setup, hands: Any, high: Any) -> np.ndarray:
        """The compiled ``sensible`` player's call, a code of :data:`CALL_NAMES`, for each hand of ``hands`` (five
        cards of the pack, a mask each) at a table of ``setup`` when the highest call so far is ``high[i]`` (a
        code, 0: none), the kitty holding what it holds at the calling of ``setup``'s deals (``setup.pool`` and
        the dealer's unit, none without a kitty): what the kernel's player calls, as the bot
        (:class:`~roundgames.bots.nap.SensibleNapBot`) calls."""
        cfg, _, after, pay, _ = self.arrays(setup)
        from . import _nap_call as c
        from . import _nap_policy as p

        hands = np.ascontiguousarray(hands, dtype=np.int64)
        high = np.ascontiguousarray(np.broadcast_to(high, hands.shape), dtype=np.int64)
        if hands.ndim != 1:
            raise RulesError(f"hands: one mask per hand, shape (n,), got {hands.shape}")
        bad = np.flatnonzero((hands & ~cfg[p.C_FULL] != 0) | (np.bitwise_count(hands) != 5) | (hands < 0))
        if bad.size:
            i = int(bad[0])
            raise RulesError(f"hands: hand {i} ({int(hands[i]):#x}) is not five cards of the pack (NAP-DEAL-1)")
        if ((high < 0) | (high >= len(CALL_NAMES))).any():
            raise RulesError(f"high: a call's code is 0 to {len(CALL_NAMES) - 1} (CALL_NAMES)")
        kitty = int(cfg[p.C_POOL]) + 1 if cfg[p.C_KITTY] else 0  # the dealer's unit is in (NAP-VAR-POOL)
        out = np.zeros(hands.shape, dtype=np.int8)
        c.calls_of(hands, high, kitty, cfg, after, pay, out)
        return out


KERNEL: Final = NapKernel()


def strategy_of(setup: Setup, rules: NapRules | None = None) -> Strategy:
    """The shipped strategy the strategy seats of ``setup`` call by (read once a process); a RulesError naming the
    policy, the table size and the rules where none fits."""
    from .strategy.fields import fitting

    return fitting("nap", None, setup.players, rules or rules_of(setup), setup.options, "Nap")


def strategy_arrays(setup: Setup, playing: int) -> tuple[np.ndarray, np.ndarray]:
    """The buckets' lookup and the strategy's table that the kernel's strategy seats read (empty when none)."""
    if not any(x in _STRATEGIES for x in setup.policies):
        return np.zeros(0, np.uint16), np.zeros((0, 0, len(CALL_NAMES)), np.uint8)
    return _lookup16(), _by_context(strategy_of(setup), setup.pool, playing)


@functools.cache
def _lookup16() -> np.ndarray:
    """:func:`.strategy.buckets.nap_lookup`'s index of each hand's bucket, in 16 bits (21,744 buckets): half the
    memory, which the kernel reads at random, once a strategy seat calls."""
    from .strategy.buckets import nap_lookup

    keys, lookup = nap_lookup()
    assert len(keys) < 1 << 16
    return lookup.astype(np.uint16)


@functools.cache
def _by_context(strategy: Strategy, pool: int, playing: int) -> np.ndarray:
    """The strategy's table at ``pool`` by context (seat and call to beat) and then bucket: a decision's row is
    found among its context's rows, which lie together (a few hundred kilobytes), rather than anywhere in the
    table (megabytes): the calls run a quarter faster."""
    from .strategy.buckets import nap_lookup
    from .strategy.fields import kernel_table

    keys = nap_lookup()[0]
    table = kernel_table(strategy, pool, keys, playing * len(CALL_NAMES), len(CALL_NAMES))
    return np.ascontiguousarray(table.reshape(len(keys), playing * len(CALL_NAMES), -1).transpose(1, 0, 2))


# -- the Python twins: the same players on the checked engine ------------------------------------------------

_NAP, _WELLINGTON, _BLUCHER, _MISERY = 6, 7, 8, 3
_KNAVE, _TEN, _ACE = 9, 8, 12


def _above(card: int) -> int:
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def _beats(card: int, best: int, trump: int) -> bool:
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def _winner(cards: tuple[int, ...], trump: int) -> int:
    win = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[win], trump):
            win = i
    return win


def _least(cards: list[int], trump: int) -> int:
    return min(cards, key=lambda c: (c % 13 + (13 if c // 13 == trump else 0), c))


def _top(cards: list[int]) -> int:
    return max(cards, key=lambda c: (c % 13, -c))


def _low(cards: list[int]) -> int:
    return min(cards, key=lambda c: (c % 13, c))


def is_peel_case(seat: int, hand: int, trick: tuple[int, ...], done: int, declarer: int, contract: int) -> bool:
    """Peel's first-round case for ``seat`` to follow ``trick`` (the cards so far): the module's docstring."""
    if done or not trick or seat == declarer or contract == _MISERY:
        return False
    led = trick[0]
    if led % 13 > _KNAVE or _winner(trick, -1) != 0:
        return False
    mine = sorted(cards_in(hand & SUIT_MASKS[led // 13]))
    return len(mine) == 2 and mine[1] % 13 == _ACE and mine[0] % 13 <= _TEN


class _Seen:
    """What a seat sees of the play: its hand, the trick in progress, the cards played, the contract."""

    def __init__(self, view: Any) -> None:
        self.seat, self.hand = view.seat, view.hand
        self.pack = view.rules.pack
        self.full = pack_mask(self.pack)
        played = 0
        self.trick: tuple[int, ...] = ()
        self.leader = view.declarer
        self.done = 0
        for t in view.tricks:
            played |= sum(1 << c for c in t.cards)
            if t.winner is None:
                self.trick, self.leader = t.cards, t.leader
            else:
                self.done += 1
                self.leader = t.winner
        self.unseen = self.full & ~self.hand & ~played
        self.trump = -1 if view.trump is None else view.trump
        self.declarer = view.declarer
        self.contract = CALL_NAMES.index(view.contract)
        self.playing = len(view.order)


def _senior_card(v: _Seen, legal: list[int]) -> int:
    if not v.trick:
        if v.done == 0:
            suit = best_trump(v.hand, v.playing - 1, v.pack)[0]  # the suit his call counted (NAP-PLAY-1)
            return max(cards_in(v.hand & SUIT_MASKS[suit]))
        mine = list(cards_in(v.hand & SUIT_MASKS[v.trump])) if v.trump >= 0 else []
        if mine and v.unseen & SUIT_MASKS[v.trump]:
            return max(mine)
        masters = [c for c in cards_in(v.hand) if not v.unseen & _above(c)]
        return _top(masters) if masters else _least(list(cards_in(v.hand)), v.trump)
    win = v.trick[_winner(v.trick, v.trump)]
    heads = [c for c in legal if _beats(c, win, v.trump)]
    return _least(heads or legal, v.trump)


def _defender_card(v: _Seen, legal: list[int]) -> int:
    if not v.trick:
        masters = [c for c in legal if c // 13 != v.trump and not v.unseen & _above(c)]
        return _top(masters) if masters else _least(legal, v.trump)
    w = _winner(v.trick, v.trump)
    heads = [c for c in legal if _beats(c, v.trick[w], v.trump)]
    senior_at = (v.declarer - v.leader) % v.playing
    if senior_at < len(v.trick):
        return _least(heads if w == senior_at and heads else legal, v.trump)
    if not v.unseen & _above(v.trick[w]):
        return _least(legal, v.trump)
    holding = [c for c in heads if not v.unseen & _above(c)]
    return _least(holding or legal, v.trump)


def _misery_card(v: _Seen, legal: list[int]) -> int:
    if not v.trick:
        if v.seat != v.declarer:
            return _low(legal)
        return min(legal, key=lambda c: ((v.hand & SUIT_MASKS[c // 13]).bit_count(), c % 13, c))
    w = _winner(v.trick, v.trump)
    under = [c for c in legal if not _beats(c, v.trick[w], v.trump)]
    if v.seat == v.declarer:
        return _top(under) if under else _low(legal)
    caller_at = (v.declarer - v.leader) % v.playing
    if caller_at >= len(v.trick):
        return _low(legal)
    return _top(under) if w == caller_at and under else _top(legal)


class Twin:
    """One seat's player on the checked engine, deciding as the kernel's player of the same name does.

    ``stream`` is the deal's CHOICES stream, shared by every seat of the deal; ``call``: a call made at the
    seat's turn when it is legal (the hero action's, or ``pass`` for the others under ``senior:<call>``)."""

    def __init__(self, policy: str, stream: Stream, call: str | None = None, strategy: Strategy | None = None) -> None:
        if policy not in POLICIES:
            raise RulesError(f"policies: no player {policy!r} (valid: {', '.join(POLICIES)})")
        if policy in _STRATEGIES and strategy is None:
            raise RulesError(f"policies: {policy!r} needs the strategy it calls by")
        self.name = policy
        self.stream = stream
        self.call = call
        self.strategy = strategy
        self.bot = SensibleNapBot()

    def choose(self, view: Any) -> NapAction:
        """The action for ``view`` (the seat's turn)."""
        legal: list[NapAction] = list(view.legal)
        if view.phase is NapPhase.CALL:
            return self._call(view, legal)
        cards = sorted(a.cards[0] for a in legal)
        return NapAction(view.seat, "play", None, (self._card(view, cards),))

    def _call(self, view: Any, legal: list[NapAction]) -> NapAction:
        order = ladder(view.rules)
        legal.sort(key=lambda a: -1 if a.verb == "pass" else order.index(a.call))
        if self.call is not None:
            fixed = NapAction(view.seat, "pass") if self.call == "pass" else NapAction(view.seat, "call", self.call)
            if fixed in legal:
                return fixed
        if self.name == "random":
            return legal[self.stream.below(len(legal))] if len(legal) > 1 else legal[0]
        if self.strategy is not None and len(legal) > 1:
            from . import _nap_kernel as k

            weights = self.strategy.weights(view)
            if weights is not None and sum(weights.values()) == k.SCALE:
                name = self._draw(weights)
                return next(a for a in legal if (a.call or "pass") == name)
        return self.bot.choose(view)  # the bot's own calling, which the kernel's is a port of

    def _draw(self, weights: dict[str, int]) -> str:
        """The kernel's draw (:func:`._nap_kernel.certain`, :func:`._nap_kernel.pick`): the certain call, else one
        ``next % TOTAL`` counted off against the weights in code order."""
        from . import _nap_kernel as k

        for name, weight in weights.items():
            if weight == k.SCALE:
                return name
        u = self.stream.next() % k.TOTAL
        order = [name for name in CALL_NAMES if weights.get(name, 0) > 0]
        for name in order:
            u -= weights[name] * k.PER_POINT
            if u < 0:
                return name
        return order[-1]

    def _card(self, view: Any, legal: list[int]) -> int:
        if self.name == "random":
            return legal[self.stream.below(len(legal))] if len(legal) > 1 else legal[0]
        v = _Seen(view)
        if v.contract == _MISERY:
            return _misery_card(v, legal)
        if v.seat == v.declarer:
            return _senior_card(v, legal)
        if is_peel_case(v.seat, v.hand, v.trick, v.done, v.declarer, v.contract):
            mine = sorted(cards_in(v.hand & SUIT_MASKS[v.trick[0] // 13]))
            return mine[1] if self.name.endswith("-head") else mine[0]  # head with the ace, or pass
        return _defender_card(v, legal)


def twins(setup: Setup, seed: int, index: int) -> dict[int, Twin]:
    """The players of deal ``index`` of the chunk seeded ``seed`` as twins on the engine, by seat."""
    rules = rules_of(setup)
    hero, mode, code = _hero(setup, rules)
    stream = Stream(deal_stream(seed, index, CHOICES))
    strategy = strategy_of(setup, rules) if any(x in _STRATEGIES for x in setup.policies) else None
    out = {}
    for s in range(playing_of(rules, setup.players)):
        call = None
        if mode and s == hero:
            call = CALL_NAMES[code]
        elif mode == 2:
            call = "pass"
        out[s] = Twin(setup.policies[s], stream, call, strategy if setup.policies[s] in _STRATEGIES else None)
    return out


def replay(setup: Setup, seed: int, index: int, hands: Any) -> Any:
    """Deal ``hands`` (a row of the ``hands`` column) into the checked engine and play deal ``index`` of the chunk
    seeded ``seed`` there with the twins, every action checked; returns the finished engine deal."""
    from ..bots import play_deal

    rules = rules_of(setup)
    deal = new_deal("nap", rules, setup.players, dealer=setup.players - 1, pool=setup.pool)
    playing = playing_of(rules, setup.players)
    deal.deal_cards({s: cards_in(int(hands[s])) for s in range(playing)})
    play_deal(deal, twins(setup, seed, index))
    return deal


def action_codes(deal: Any) -> list[int]:
    """An engine deal's actions as :meth:`NapKernel.trace` codes them."""
    out = []
    for a in deal.log:
        if a.verb == "play":
            out.append(a.cards[0])
        else:
            out.append(CALLED + (0 if a.verb == "pass" else CALL_NAMES.index(a.call)))
    return out
