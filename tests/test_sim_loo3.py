"""The Three-card Loo batch player (roundgames.sim.loo3) against the checked engine and RULES.md §3.

Exactness: the kernel's deals are dealt into the engine and played there by the kernel's players as bots (every
action checked by the engine); deal for deal, the actions in order, the trick winners, the tricks, the net and the
pool carried must be the kernel's. Then the kernel's own behaviour on given cards, and its refusals.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roundgames.core.cards import mask_of, parse_cards
from roundgames.core.errors import RulesError
from roundgames.sim import streams
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.loo3 import DECL_CODES, HeroTwin, replay

KERNEL = kernel_for("three_card")
STAND, THROW, MISS, DEFEND, TAKES = 1, 2, 3, 4, 5


def engine_actions(deal: Any) -> list[tuple[int, int]]:
    """The engine's log in the trace's codes: (seat, card 0..51 or 51 + declaration)."""
    return [(a.seat, 51 + DECL_CODES[a.verb] if a.verb in DECL_CODES else a.card) for a in deal.log]


def assert_exact(setup: Setup, seed: int, n: int, given: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every deal of the kernel's run replayed on the engine gives the same actions, winners, tricks, net, pool,
    and the same seats looed (the engine's result names each seat that paid a loo, LOO-SET-3)."""
    out = KERNEL.trace(setup, seed, n, given)
    plain = KERNEL.run(setup, seed, n, given)
    for key, column in plain.items():
        assert np.array_equal(column, out[key]), key
    for i in range(n):
        deal, bots = replay(setup, seed, i, out)
        acts = [(int(s), int(a)) for s, a in zip(out["actors"][i], out["actions"][i], strict=True) if a >= 0]
        where = f"deal {i} of {setup}"
        assert acts == engine_actions(deal), where
        assert [int(w) for w in out["winners"][i] if w >= 0] == [t.winner for t in deal.all_tricks()], where
        assert list(out["tricks"][i]) == list(deal.won), where
        assert list(out["net"][i]) == list(deal.net), where
        result = deal.result()
        assert result is not None and int(out["pool"][i]) == result.pool, where
        assert np.flatnonzero(out["looed"][i]).tolist() == sorted(result.looed), where
        assert int(out["states"][i]) == 3 * setup.players + 4 + len(deal.log), where
        if setup.hero is not None and setup.hero_action is not None:
            hero = bots[setup.hero]
            assert isinstance(hero, HeroTwin) and bool(out["hero_forced"][i]) == hero.forced, where
    return out


@pytest.mark.parametrize("players", [3, 5, 8])
@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_the_kernel_plays_every_deal_as_the_checked_engine_does(players: int, policy: str) -> None:
    # a small pool and a heavy one (the sensible player stands more readily on a heavy one)
    assert_exact(Setup("three_card", players, (policy,) * players), 15, 1000)
    assert_exact(Setup("three_card", players, (policy,) * players, pool=15), 16, 1000)


def test_the_strategy_player_declares_by_the_shipped_strategy_as_the_checked_engine_does() -> None:
    """``strategy`` seats declare by the shipped computed strategy's table, drawing from the deal's CHOICES stream
    where a row mixes: its twin (keying each cell from the view as the bots do) draws the same numbers, so a draw
    too many or too few, a cell keyed otherwise or a pool's table mixed up would part them within a few deals.
    Every seat on the strategy at two pools (two pool tables of the real strategy), and beside random and
    sensible players sharing the stream, with a hero."""
    for pool in (0, 15):
        out = assert_exact(Setup("three_card", 5, ("strategy",) * 5, pool=pool), 31 + pool, 300)
        assert np.isin(out["decl"], (STAND, THROW, MISS)).any(axis=0).all()  # every seat declared something
    mixed = ("strategy", "random", "strategy", "sensible", "strategy")
    assert_exact(Setup("three_card", 5, mixed, pool=6), 32, 300)
    assert_exact(Setup("three_card", 5, mixed, pool=6, hero=2, hero_action="miss"), 33, 150)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"players": 4, "policies": ("strategy",) * 4}, "at 4 players"),
        ({"options": {"loo_mode": "unlimited"}}, "loo_mode='unlimited'"),
    ],
)
def test_a_setup_no_shipped_strategy_fits_is_refused_naming_the_policy_table_and_rules(
    change: dict[str, Any], named: str
) -> None:
    fields: dict[str, Any] = {"form": "three_card", "players": 5, "policies": ("strategy",) * 5, **change}
    with pytest.raises(RulesError, match="'strategy'") as info:
        KERNEL.run(Setup(**fields), 1, 10)
    assert named in str(info.value) and "Peel's rules" in str(info.value) and "shipped: 5 players" in str(info.value)


def test_twelve_players_the_engines_most_are_played_as_the_engine_plays_them() -> None:
    for policy in ("random", "sensible"):
        assert_exact(Setup("three_card", 12, (policy,) * 12, pool=20), 12, 200)


def test_sixteen_players_deal_the_whole_pack_and_lose_no_counter() -> None:
    # LOO-GEN-1: 3n + 3 + 1 <= 52 allows 16 with a miss (the engine stops at 12)
    out = KERNEL.run(Setup("three_card", 16, ("random", "sensible") * 8, pool=5), 3, 500)
    full = np.bitwise_or.reduce(out["hands"], axis=1) | out["miss"] | (np.int64(1) << out["turnup"].astype(np.int64))
    assert np.all(full == (1 << 52) - 1)
    assert np.all(out["net"].sum(axis=1) + out["pool"] == 5)  # §14.1
    # three tricks are played (LOO-PLAY-9), unless one seat took the pool without play (LOO-DECL-7, -9)
    assert np.all(np.isin(out["tricks"].sum(axis=1), (0, 3)))
    assert (out["tricks"].sum(axis=1) == 3).mean() > 0.5


MIXED = ("sensible", "random", "sensible", "random", "sensible")


@pytest.mark.parametrize(
    "options",
    [
        {"loo_mode": "unlimited"},
        {"loo_mode": "mixed", "loo_cap": 10},
        {"club_law": True},
        {"lead_rule": "lead_one"},
        {"lead_rule": "cassell"},
        {"second_lead": "none"},
        {"leader": "miss_holder"},
        {"dealer_lone_stander": "may_concede"},
        {"defender_looed": True},
        {"ante": "all", "stakes": {"ante": 2}},
        {"stakes": {"deal": 4, "loo": 5, "single": 2}},
    ],
)
def test_each_option_is_played_as_the_checked_engine_plays_it(options: dict[str, Any]) -> None:
    assert_exact(Setup("three_card", 5, ("random",) * 5, options=options, pool=10), 3, 200)
    assert_exact(Setup("three_card", 6, (*MIXED, "random"), options=options, pool=4), 4, 200)


@pytest.mark.parametrize("action", ["stand", "throw", "miss", "defend"])
def test_a_hero_action_is_played_as_the_checked_engine_plays_it(action: str) -> None:
    for hero in (0, 2, 4):
        out = assert_exact(Setup("three_card", 5, MIXED, hero=hero, hero_action=action, pool=6), 9, 150)
        decl = out["decl"][:, hero]
        assert np.all(decl[out["hero_forced"]] == DECL_CODES[action])


def test_a_given_hand_and_turnup_are_dealt_and_the_rest_from_the_stream() -> None:
    n = 300
    hand = mask_of(parse_cards("AS 4S 9D"))
    given = {"hand": np.full(n, hand, np.int64), "turnup": np.full(n, parse_cards("7S")[0], np.int64)}
    setup = Setup("three_card", 5, ("random",) * 5, hero=2, hero_action="stand")
    out = assert_exact(setup, 5, n, given)
    assert np.all(out["hands"][:, 2] == hand) and np.all(out["turnup"] == parse_cards("7S")[0])
    for i in range(n):
        masks = [int(m) for m in out["hands"][i]] + [int(out["miss"][i]), 1 << int(out["turnup"][i])]
        assert sum(bin(m).count("1") for m in masks) == 3 * 5 + 3 + 1
        union = 0
        for m in masks:
            assert union & m == 0, f"deal {i}: a card dealt twice"
            union |= m


@pytest.mark.parametrize("players", [3, 6, 16])
def test_without_given_cards_the_pack_positions_go_as_documented(players: int) -> None:
    # the plain-Python streams are the specification: 16 players deal the whole pack, drawing below(52) .. below(1)
    seed = streams.chunk_seed(11, 2)
    out = KERNEL.run(Setup("three_card", players, ("random",) * players), seed, 20)
    for i in range(20):
        pack = streams.shuffled(streams.deal_stream(seed, i, streams.CARDS), list(range(52)), 3 * players + 4)
        for s in range(players):
            assert out["hands"][i, s] == sum(1 << pack[r * (players + 1) + s] for r in range(3))
        assert out["miss"][i] == sum(1 << pack[r * (players + 1) + players] for r in range(3))
        assert out["turnup"][i] == pack[3 * (players + 1)]


def test_a_deal_depends_only_on_its_chunk_seed_and_number() -> None:
    setup = Setup("three_card", 5, MIXED, pool=9)
    short, long = KERNEL.run(setup, 77, 50), KERNEL.run(setup, 77, 400)
    for key, column in short.items():
        assert np.array_equal(column, long[key][:50]), key
    assert not np.array_equal(KERNEL.run(setup, 78, 50)["hands"], short["hands"])


def test_the_first_leader_holding_the_ace_of_trumps_leads_it() -> None:
    # LOO-PLAY-2: the eldest hand stands on AS 4S 9D with spades trumps; he leads, and must lead the ace
    n = 200
    given = {"hand": np.full(n, mask_of(parse_cards("AS 4S 9D")), np.int64), "turnup": np.full(n, 5, np.int64)}
    out = KERNEL.trace(Setup("three_card", 5, ("random",) * 5, hero=0, hero_action="stand"), 1, n, given)
    assert out["hero_forced"].all()
    for i in range(n):
        plays = [(int(s), int(a)) for s, a in zip(out["actors"][i], out["actions"][i], strict=True) if 0 <= a < 52]
        assert plays[0] == (0, parse_cards("AS")[0])
    # with the ace turned up the king takes its place
    given["hand"][:] = mask_of(parse_cards("KS 4S 9D"))
    given["turnup"][:] = parse_cards("AS")[0]
    out = KERNEL.trace(Setup("three_card", 5, ("random",) * 5, hero=0, hero_action="stand"), 1, n, given)
    first = [int(a) for a in out["actions"][:, 5]]
    assert first == [parse_cards("KS")[0]] * n


@pytest.mark.parametrize(("pool", "choice"), [(0, DEFEND), (3, MISS)])
def test_the_sensible_dealer_facing_a_lone_stander_defends_or_takes_the_miss(pool: int, choice: int) -> None:
    # LOO-DECL-8: one seat stood and nobody took the miss; the sensible dealer holding 2H 3D 5C, no trump (spades)
    # and no ace, will not stand on it. The miss (an average unseen hand against one) pays when a trick's share
    # outweighs the loo it risks: not with the dealer's 3 alone in the pool (a trick 1, a loo 6), so he plays the
    # miss for the pool, which cannot cost him; with 6 in the pool it does, and he takes it
    n = 2000
    given = {"hand": np.full(n, mask_of(parse_cards("2H 3D 5C")), np.int64), "turnup": np.full(n, 5, np.int64)}
    setup = Setup("three_card", 4, ("random", "random", "random", "sensible"), pool=pool, hero=3)
    out = KERNEL.run(setup, 8, n, given)
    decl = out["decl"]
    lone = ((decl[:, :3] == STAND).sum(axis=1) == 1) & ((decl[:, :3] == MISS).sum(axis=1) == 0)
    assert lone.sum() > 100
    assert np.all(decl[lone, 3] == choice)
    assert not (decl[:, :3] == DEFEND).any()
    if choice == DEFEND:
        # defending for the pool: the dealer is never looed and wins nothing (LOO-DECL-8 [I], LOO-SET-4)
        assert np.all(out["net"][lone, 3] == -3)


def test_a_defended_pool_carries_the_miss_winnings_and_the_loos() -> None:
    # the pool of the dealer's stake alone: the sensible dealer defends rather than take the miss (see above)
    n = 3000
    out = KERNEL.trace(Setup("three_card", 4, ("random",) * 3 + ("sensible",), pool=0), 21, n)
    rows = np.nonzero(out["decl"][:, 3] == DEFEND)[0]
    assert len(rows) > 20
    for i in rows:
        pool = 0 + 3
        shares = [pool // 3 + (t < pool % 3) for t in range(3)]  # LOO-SET-2
        kept = sum(shares[t] for t in range(3) if out["winners"][i, t] == 3)  # LOO-SET-4
        looed = sum(6 for s in range(3) if out["decl"][i, s] == STAND and out["tricks"][i, s] == 0)  # LOO-SET-3
        assert out["pool"][i] == kept + looed


def test_under_club_law_every_seat_stands_when_a_club_is_turned_up() -> None:
    n = 300
    given = {"turnup": np.full(n, parse_cards("2C")[0], np.int64)}
    for policy in ("random", "sensible"):
        setup = Setup("three_card", 5, (policy,) * 5, options={"club_law": True})
        out = assert_exact(setup, 2, n, given)
        assert np.all(out["decl"] == STAND), "LOO-VAR-CLUBLAW"
        assert np.all(out["tricks"].sum(axis=1) == 3)
    # without club law the same turn-up leaves the choice open
    out = KERNEL.run(Setup("three_card", 5, ("random",) * 5), 2, n, given)
    assert (out["decl"] == THROW).any()


def test_when_all_throw_up_the_dealer_takes_the_pool_and_nobody_is_looed() -> None:
    out = KERNEL.run(Setup("three_card", 3, ("random",) * 3, pool=7), 4, 2000)
    rows = np.all(out["decl"][:, :2] == THROW, axis=1)
    assert rows.sum() > 50
    assert np.all(out["decl"][rows, 2] == TAKES)  # LOO-DECL-7
    assert np.all(out["net"][rows, 2] == 7) and np.all(out["pool"][rows] == 0)


def test_the_shares_give_the_odd_counters_to_the_first_tricks_and_the_losers_are_looed() -> None:
    # LOO-SET-1..3: a pool of 2 + 3 = 5 is shared 2, 2, 1; a stander without a trick pays the loo (6)
    out = KERNEL.trace(Setup("three_card", 5, ("random",) * 5, pool=2), 6, 2000)
    for i in range(2000):
        if out["winners"][i, 0] < 0:
            continue
        want = [0, 0, 0, 0, -3]
        for t, share in enumerate((2, 2, 1)):
            winner = int(out["winners"][i, t])
            if out["decl"][i, winner] != DEFEND:  # the miss played for the pool wins for the pool (LOO-SET-4)
                want[winner] += share
        for s in range(5):
            if out["decl"][i, s] in (STAND, MISS) and out["tricks"][i, s] == 0:
                want[s] -= 6
        assert list(out["net"][i]) == want, i
        assert out["net"][i].sum() + out["pool"][i] == 2  # §14.1: nothing created or lost


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"options": {"no_such_rule": 1}}, "no_such_rule"),
        ({"options": {"lead_rule": "sideways"}}, "sideways"),
        ({"options": {"pack": 32}}, "pack"),
        ({"options": {"form": "five_card"}}, "form"),
        ({"options": {"stakes": {"kitty": 2}}}, "kitty"),
        ({"players": 17, "policies": ("random",) * 17}, "17"),
        ({"players": 2, "policies": ("random",) * 2}, "players"),
        ({"policies": ("random", "random", "clever")}, "clever"),
        ({"policies": ("random", "random")}, "policies"),
        ({"hero": 0, "hero_action": "pass"}, "pass"),
        ({"hero": 3, "hero_action": "stand"}, "hero"),
        ({"pool": -1}, "pool"),
    ],
)
def test_a_setup_the_kernel_cannot_play_is_refused_by_name(change: dict[str, Any], named: str) -> None:
    fields: dict[str, Any] = {"form": "three_card", "players": 3, "policies": ("random",) * 3, **change}
    with pytest.raises(RulesError, match=named):
        KERNEL.run(Setup(**fields), 1, 10)


def test_a_bad_seed_or_count_is_refused_by_name() -> None:
    setup = Setup("three_card", 3, ("random",) * 3)
    with pytest.raises(RulesError, match="seed"):
        KERNEL.run(setup, -1, 10)
    with pytest.raises(RulesError, match="n: "):
        KERNEL.run(setup, 1, -5)
    assert KERNEL.run(setup, 1, 0)["net"].shape == (0, 3)


def test_options_the_kernel_does_not_play_say_that_the_engine_does() -> None:
    with pytest.raises(RulesError, match="checked engine"):
        KERNEL.check(Setup("three_card", 3, ("random",) * 3, options={"pack": 32}))
    with pytest.raises(RulesError, match="dealer_stands_out_above"):
        KERNEL.check(Setup("three_card", 6, ("random",) * 6, options={"dealer_stands_out_above": 5}))
    KERNEL.check(Setup("three_card", 5, ("random",) * 5, options={"dealer_stands_out_above": 5}))


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"hand": np.full(4, 0b111, np.int64)}, "hero"),
        ({"hand": np.full(4, 0b11, np.int64)}, "given.hand"),
        ({"turnup": np.full(3, 5, np.int64)}, "given.turnup"),
        ({"turnup": np.full(4, 52, np.int64)}, "given.turnup"),
        ({"miss": np.full(4, 7, np.int64)}, "miss"),
    ],
)
def test_bad_given_cards_are_refused_by_name(given: dict[str, Any], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        KERNEL.run(Setup("three_card", 4, ("random",) * 4), 1, 4, given)


def test_a_given_turnup_from_the_heros_hand_is_refused() -> None:
    given = {"hand": np.full(2, 0b111, np.int64), "turnup": np.full(2, 1, np.int64)}
    with pytest.raises(RulesError, match="hero's hand"):
        KERNEL.run(Setup("three_card", 4, ("random",) * 4, hero=1), 1, 2, given)
