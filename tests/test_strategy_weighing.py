"""The pieces the computed strategies are made of (roundgames.sim.strategy): the hand buckets, the weighing kernels
against the plain simulator, the tables' weights, the solver and the settling.

- Buckets: the bots' pure-Python bucket of a hand (roundgames.bots.buckets) is the one the kernels look up with
  NumPy (roundgames.sim.strategy.buckets), on thousands of random hands, and a renaming of the suits keeps it.
- Weighing: with every seat ``sensible``, each open declaration or call a seat weighs at its turn is what that seat
  nets in the plain kernel's run of the same deal with that action fixed for it (a hero action); the one
  ``sensible`` took is the plain run's own net. Cell by cell, every sum the weighing returns is the sum of those
  nets, so the cells, the dealing and the play of the copies are the simulator's. Money is conserved in every copy,
  and a run is the same on one thread and two.
- Tables, solver, settling: ``quantize`` gives each open row weights that add up to 255; regret matching+ lowers
  the mean regret per turn; ``settle`` leaves no pure cell whose other action is better beyond both intervals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from roundgames.bots.buckets import loo_bucket, nap_bucket
from roundgames.core.cards import mask_of
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.strategy.buckets import colex, loo_lookup, nap_lookup
from roundgames.sim.strategy.cfr import SETTLE_TURNS, settle, solve
from roundgames.sim.strategy.loo3 import ACTIONS as LOO_ACTIONS
from roundgames.sim.strategy.loo3 import Loo3Game
from roundgames.sim.strategy.nap import NapGame
from roundgames.sim.strategy.weigh import SCALE, TOTAL, Field, Stats, quantize

STAND, MISS = 1, 3  # the plain Loo kernel's ``decl`` codes (the action's index plus one)


# -- buckets -----------------------------------------------------------------------------------------------


def _hands(rng: random.Random, k: int, count: int) -> list[list[int]]:
    return [sorted(rng.sample(range(52), k)) for _ in range(count)]


def test_the_bots_loo_buckets_are_the_kernels_lookups() -> None:
    """On 4,000 random Three-card Loo hands and turn-ups, the bucket the bots compute for a hand is the one the
    kernels find in their lookup at the hand's colex rank (the cells of the tables are the same on both sides)."""
    rng = random.Random(31)
    keys, lookup = loo_lookup()
    assert len(keys) == 12_571 and np.all(np.diff(keys) > 0)  # sorted, as the bots' binary search needs
    hands = _hands(rng, 4, 4000)  # three cards and a turn-up not among them
    ranks = colex(np.array([h[:3] for h in hands], np.int64))
    turnups = np.array([h[3] for h in hands], np.int64)
    found = keys[lookup[ranks * 52 + turnups]]
    assert np.all(lookup[ranks * 52 + turnups] >= 0)
    for hand, turnup, key in zip(hands, turnups, found, strict=True):
        assert loo_bucket(mask_of(hand[:3]), int(turnup)) == key, (hand, turnup)


def test_the_bots_nap_buckets_are_the_kernels_lookups() -> None:
    rng = random.Random(32)
    keys, lookup = nap_lookup()
    assert len(keys) == 21_744 and np.all(np.diff(keys) > 0)
    hands = _hands(rng, 5, 4000)
    found = keys[lookup[colex(np.array(hands, np.int64))]]
    for hand, key in zip(hands, found, strict=True):
        assert nap_bucket(mask_of(hand)) == key, hand


def _renamed(cards: list[int], suits: list[int]) -> list[int]:
    return [suits[c // 13] * 13 + c % 13 for c in cards]


def test_a_renaming_of_the_suits_keeps_the_bucket() -> None:
    """No suit outranks another (trumps aside): every permutation of the suits, the turn-up's suit with them,
    gives a Loo hand the same bucket, and a Nap hand too (no trumps before the first lead, NAP-PLAY-1)."""
    rng = random.Random(33)
    for hand in _hands(rng, 4, 300):
        suits = rng.sample(range(4), 4)
        moved = _renamed(hand, suits)
        assert loo_bucket(mask_of(hand[:3]), hand[3]) == loo_bucket(mask_of(moved[:3]), moved[3])
    for hand in _hands(rng, 5, 300):
        suits = rng.sample(range(4), 4)
        assert nap_bucket(mask_of(hand)) == nap_bucket(mask_of(_renamed(hand, suits)))


def test_a_bucket_tells_trumps_and_high_cards_apart_and_counts_small_plain_cards() -> None:
    """The turn-up's rank and every trump count by rank; a plain ten or lower only counts (LOO_LOW)."""
    ace, king, four, three = 12, 11, 2, 1
    spades, hearts = 0, 13
    turnup = spades + 5
    plain_four = loo_bucket(mask_of([spades + ace, hearts + four, 26 + 7]), turnup)
    assert plain_four == loo_bucket(mask_of([spades + ace, hearts + three, 26 + 7]), turnup)  # small plain card
    assert plain_four != loo_bucket(mask_of([spades + king, hearts + four, 26 + 7]), turnup)  # a trump's rank
    assert plain_four != loo_bucket(mask_of([spades + ace, hearts + four, 26 + 7]), spades + 6)  # the turn-up's
    assert plain_four != loo_bucket(mask_of([spades + ace, hearts + ace, 26 + 7]), turnup)  # a plain ace


# -- the weighing kernels against the plain simulator ------------------------------------------------------


def _expected(
    game: Any,
    turns: list[tuple[int, int, int, int]],
    hero_runs: dict[tuple[int, int], dict[str, Any]],
    pool: int,
) -> tuple[Stats, list[float]]:
    """The statistics a weighing must return for ``turns`` (deal, seat, cell, the action the field took), each
    open action's net being the plain run's with that action fixed for the seat; and what the seats together
    lost to the pool in each (turn, action) copy."""
    out = Stats.empty(game.cells, len(game.actions))
    lost: list[float] = []
    for i, seat, cell, taken in turns:
        out.counts[cell] += 1
        out.played[cell, taken] += TOTAL
        for a in np.flatnonzero(game.legal[cell]):
            run = hero_runs[seat, int(a)]
            assert run["hero_forced"][i], (i, seat, a)  # the action was open to the seat at its turn
            net = run["net"][i].astype(np.int64)
            out.sums[cell, a] += net[seat]
            out.squares[cell, a] += net[seat] ** 2
            out.others[cell, a] += net.sum() - net[seat]
            lost.append(float(pool - run["pool"][i] - net.sum()))
    return out, lost


def _assert_same(got: Stats, want: Stats) -> None:
    for name in ("counts", "sums", "squares", "others", "played"):
        assert np.array_equal(getattr(got, name), getattr(want, name)), name


def _loo_turns(game: Loo3Game, plain: dict[str, Any], n: int) -> list[tuple[int, int, int, int]]:
    """Each Three-card Loo turn with a choice in the plain run: (deal, seat, cell, declaration index); the cell
    from the bots' bucket, the seat from the dealer's left, the stands and the miss taken before it (LOO-DECL-1..3)."""
    turns = []
    for i in range(n):
        stood = took = 0
        for seat in range(game.players):
            key = loo_bucket(int(plain["hands"][i, seat]), int(plain["turnup"][i]))
            cell = game.cell(int(np.searchsorted(game.buckets, key)), seat, stood, took)
            decl = int(plain["decl"][i, seat])
            if game.legal[cell].sum() > 1:
                assert game.legal[cell, decl - 1], (i, seat, decl)
                turns.append((i, seat, cell, decl - 1))
            stood += decl == STAND
            took += decl == MISS
    return turns


def test_the_loo_weighing_plays_each_declaration_out_as_the_plain_simulator_does() -> None:
    """Three-card Loo at five, Peel's rules, a pool of 6 before the stake: 2,000 deals weighed with every seat
    ``sensible``, against the plain kernel's run of the same deals (the same seed: ``deal_stream(seed, i, ...)``)
    with each seat's declaration fixed in turn (stand, throw up, take the miss, defend: LOO-DECL-1..9)."""
    players, pool, seed, n = 5, 6, 2024, 2000
    game = Loo3Game(players, pool)
    got = game.weigh(Field(("sensible",) * players), seed, n, threads=1)
    kernel = kernel_for("three_card")
    policies = ("sensible",) * players
    plain = kernel.run(Setup("three_card", players, policies, pool=pool), seed, n)
    hero_runs = {
        (s, a): kernel.run(Setup("three_card", players, policies, pool=pool, hero=s, hero_action=name), seed, n)
        for s in range(players)
        for a, name in enumerate(LOO_ACTIONS)
    }
    turns = _loo_turns(game, plain, n)
    assert len(turns) > 3 * n  # most seats have a choice
    for i, seat, _, taken in turns:  # the declaration sensible took nets what the plain run netted
        assert hero_runs[seat, taken]["net"][i, seat] == plain["net"][i, seat]
    want, lost = _expected(game, turns, hero_runs, pool)
    _assert_same(got, want)
    assert got.deals == n and int(got.counts.sum()) == len(turns)
    # Money is conserved in every copy (§14.1): what the seats net together is what the pool gave (or took)
    assert lost == [0.0] * len(lost)
    # ... so the weighing's own sums balance against the pools: every copy's seats never net more than the pool
    assert np.all(got.sums + got.others <= pool * got.counts[:, None] + 1e-9)


def _nap_turns(game: NapGame, plain: dict[str, Any], n: int) -> list[tuple[int, int, int, int]]:
    """Each Nap turn with a choice in the plain run: (deal, seat, cell, call code); the call to beat is the last
    call made before the seat (NAP-CALL-1..3)."""
    turns = []
    for i in range(n):
        high = 0
        for seat in range(game.playing):
            bucket = int(np.searchsorted(game.buckets, nap_bucket(int(plain["hands"][i, seat]))))
            cell = (bucket * game.playing + seat) * len(game.actions) + high
            assert game.context(cell) == (bucket, seat, high)
            call = int(plain["calls"][i, seat])
            if game.legal[cell].sum() > 1:
                assert game.legal[cell, call], (i, seat, call)
                turns.append((i, seat, cell, call))
            high = call or high
    return turns


def test_the_nap_weighing_plays_each_call_out_as_the_plain_simulator_does() -> None:
    """Nap at four, Peel's rules: 2,000 deals weighed with every seat ``sensible``, against the plain kernel's run
    of the same deals with each seat's call fixed in turn (a pass and every call, NAP-CALL-1..6); and since the
    amounts pass between the caller and each opponent (NAP-SET-1), every copy's nets add up to nothing."""
    players, seed, n = 4, 77, 2000
    game = NapGame(players)
    got = game.weigh(Field(("sensible",) * players), seed, n, threads=1)
    kernel = kernel_for("nap")
    policies = ("sensible",) * players
    plain = kernel.run(Setup("nap", players, policies), seed, n)
    hero_runs = {
        (s, a): kernel.run(Setup("nap", players, policies, hero=s, hero_action=name), seed, n)
        for s in range(players)
        for a, name in enumerate(game.actions)
    }
    turns = _nap_turns(game, plain, n)
    assert len(turns) == players * n  # every seat may pass or call over the others
    for i, seat, _, taken in turns:
        assert hero_runs[seat, taken]["net"][i, seat] == plain["net"][i, seat]
    want, lost = _expected(game, turns, hero_runs, 0)
    _assert_same(got, want)
    assert lost == [0.0] * len(lost)
    assert np.all(got.sums + got.others == 0)  # NAP-SET-1, in the weighing's own sums
    assert np.abs(got.sums).sum() > 0


def _mixed_table(game: Any, rng: np.random.Generator) -> Any:
    return quantize(rng.random(game.legal.shape) ** 4, game.legal)


@pytest.mark.parametrize(
    ("make", "kinds"),
    [
        (lambda: Loo3Game(5, 6), ("table", "sensible", "random", "table", "table")),
        (lambda: NapGame(4), ("table", "random", "table", "sensible")),
    ],
    ids=["loo", "nap"],
)
def test_a_weighing_is_the_same_on_one_thread_and_two(make: Callable[[], Any], kinds: tuple[str, ...]) -> None:
    """A field that draws (a random player, a mixed table, a table player who plays as sensible a quarter of the
    time): every sum is of whole numbers and every deal has its own streams, so the threads change nothing."""
    game = make()
    fld = Field(kinds, _mixed_table(game, np.random.default_rng(5)), mix=0.25)
    one = game.weigh(fld, 99, 1500, threads=1)
    two = game.weigh(fld, 99, 1500, threads=2)
    _assert_same(one, two)
    assert one.counts.sum() > 1500
    # the table player's mix shows in what it played: some cells are played mixed
    mixed = (one.policy > 0).sum(axis=1) > 1
    assert mixed.any()


# -- the tables' weights, the solver, the settling ---------------------------------------------------------


@pytest.mark.parametrize("size", [200, 20_000])
def test_quantize_gives_every_open_row_weights_adding_up_to_255(size: int) -> None:
    """Any probabilities (even unnormalised, negative or zero) on any open actions: a row with weight on an open
    action gets whole weights on its open actions only, adding up to 255, each within one of its share; a row with
    none stays empty."""
    rng = np.random.default_rng(size)
    legal = rng.random((size, 9)) < 0.5
    probs = rng.random((size, 9)) * (rng.random((size, 9)) < 0.7) - 0.1 * (rng.random((size, 9)) < 0.1)
    probs[: size // 10] = 0.0  # some rows with no weight at all
    out = quantize(probs, legal)
    assert out.dtype == np.uint8
    p = np.where(legal, np.maximum(probs, 0.0), 0.0)
    live = p.sum(axis=1) > 0
    assert np.all(out[~legal] == 0)
    assert np.all(out[live].sum(axis=1, dtype=np.int64) == SCALE)
    assert np.all(out[~live] == 0)
    share = p[live] / p[live].sum(axis=1, keepdims=True) * SCALE
    assert np.all(np.abs(out[live] - share) < 1.0)


def test_quantize_keeps_a_pure_row_pure_and_splits_evenly() -> None:
    legal = np.array([[True, True, True, False], [True, True, True, True], [True, False, True, True]])
    probs = np.array([[0.0, 1.0, 0.0, 0.0], [1, 1, 1, 1], [0.5, 0.5, 0.5, 0.0]], np.float64)
    assert quantize(probs, legal).tolist() == [[0, 255, 0, 0], [64, 64, 64, 63], [128, 0, 127, 0]]


def test_regret_matching_lowers_the_mean_regret_per_turn() -> None:
    """Three-card Loo at three: eight iterations of 3,000 deals; the mean regret per turn falls, iteration after
    iteration (regret matching+ forgets negative regret, so the average strategy's regret grows slower than the
    turns), and the average strategy is a probability at every cell it played, on the open actions only."""
    game = Loo3Game(3, 3)
    found = solve(game, 8, 3000, seed=12)
    assert len(found.trace) == 8 and found.iterations == 8 and found.deals == 24_000
    assert all(b < a for a, b in zip(found.trace, found.trace[1:], strict=False)), found.trace
    assert found.trace[-1] < 0.85 * found.trace[0], found.trace
    played = found.strategy.sum(axis=1) > 0
    assert played.any()
    assert np.allclose(found.strategy[played].sum(axis=1), 1.0)
    assert np.all(found.strategy[~game.legal] == 0)


def test_settle_leaves_no_cell_whose_choice_another_action_clearly_beats() -> None:
    """A table of a random open action at each cell (a tenth of them mixed evenly) is settled against itself:
    wherever one action is better than every action the cell plays, beyond both 95% intervals and over enough
    turns to be evidence (SETTLE_TURNS), the cell now plays that one alone; every other cell is left as it was."""
    game = Loo3Game(4, 6)
    rng = np.random.default_rng(8)
    scores = np.where(game.legal, rng.random(game.legal.shape), -1.0)
    pick = np.zeros(game.legal.shape)
    pick[np.arange(len(pick)), scores.argmax(axis=1)] = 1.0
    mixed = rng.random(len(pick)) < 0.1
    pick[mixed] = 1.0
    table = quantize(pick, game.legal)
    done = settle(game, table, 40_000, seed=3)
    stats, out = done.stats, done.table
    assert done.overturned > 0
    changed = np.flatnonzero((out != table).any(axis=1))
    assert len(changed) == done.overturned
    assert np.all(out[changed].max(axis=1) == SCALE)  # a changed cell plays one action alone
    assert np.all(stats.counts[changed] >= SETTLE_TURNS)
    rows = np.flatnonzero(stats.counts >= SETTLE_TURNS)
    low = np.where(game.legal[rows], stats.means[rows] - stats.halves[rows], -np.inf)
    best = low.argmax(axis=1)
    high = np.where((table[rows] > 0) & game.legal[rows], stats.means[rows] + stats.halves[rows], -np.inf)
    high[np.arange(len(rows)), best] = -np.inf
    beaten = low[np.arange(len(rows)), best] > high.max(axis=1)
    # where the best action clearly beats the rest the cell played, the cell now plays it alone
    assert np.all(out[rows[beaten], best[beaten]] == SCALE)
