"""The batched environment's Three-card Loo (roundgames.envs.vector) against the checked engine and RULES.md §3.

Exactness: every deal the batch plays is replayed through the engine action by action (tests/vector_replay.py):
the same legal actions, the same observations as the adapters' encoding, the same rewards (``deal.net``). The
built-in players' choices are the simulator's players' (its twins on the engine). Then determinism, the
refusals, and the Gymnasium and functional forms.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roundgames.core.errors import IllegalActionError, RulesError
from roundgames.envs.vector import BatchedGame
from roundgames.envs.vector.gym import RoundGamesVectorEnv
from roundgames.sim.loo3 import SensibleTwin
from vector_replay import assert_lockstep, assert_replays, play_out


def exact(batch: int, seed: int, **kwargs: Any) -> int:
    env = BatchedGame("loo", batch=batch, seed=seed, autoreset=False, **kwargs)
    return assert_replays(env, play_out(env, np.random.default_rng(seed)))


@pytest.mark.parametrize(("players", "pool"), [(3, 0), (5, 15), (8, 4)])
def test_random_deals_replay_exactly_through_the_engine(players: int, pool: int) -> None:
    assert exact(300, players, players=players, pool=pool) > 300 * players


def test_two_thousand_deals_of_five_replay_exactly() -> None:
    # the full-strength case: every declaration case of LOO-DECL-7..9 and every trick turns up in 2,000 deals
    assert exact(2000, 11, players=5) > 2000 * 5


@pytest.mark.parametrize(
    "options",
    [
        {"lead_rule": "cassell"},  # §14.12
        {"lead_rule": "lead_one", "second_lead": "none"},
        {"club_law": True},  # LOO-VAR-CLUBLAW: every seat stands when clubs are trumps
        {"ante": "all", "dealer_lone_stander": "may_concede"},
        {"leader": "miss_holder", "defender_looed": True},
        {"loo_mode": "unlimited"},
        {"loo_mode": "mixed", "loo_cap": 10, "stakes": {"deal": 2, "loo": 4}},
    ],
)
def test_every_option_the_simulator_plays_replays_exactly(options: dict[str, Any]) -> None:
    assert exact(150, 5, players=5, pool=9, options=options) > 150 * 3


def test_built_in_sensible_players_choose_as_the_simulators_do() -> None:
    env = BatchedGame("loo", batch=300, seed=4, autoreset=False, opponents={1: "sensible", 3: "sensible"})
    run = play_out(env, np.random.default_rng(4))
    assert assert_replays(env, run, twins={1: SensibleTwin(), 3: SensibleTwin()}) > 300
    acted = {a for r in run["records"] for a in r["actions"]}
    assert acted & {52, 53} and acted & set(range(52))  # they declared and played


def test_strategy_and_random_players_play_legally_inside_the_step() -> None:
    env = BatchedGame("loo", batch=200, seed=5, autoreset=False, opponents=["strategy", None, "random", None, "random"])
    assert exact_run(env) > 0


def exact_run(env: BatchedGame) -> int:
    return assert_replays(env, play_out(env, np.random.default_rng(9)))


def test_compact_observations_are_the_adapters_with_the_pool_in_counters() -> None:
    env = BatchedGame("loo", batch=200, seed=6, autoreset=False, pool=12, observation="uint8")
    run = play_out(env, np.random.default_rng(6))
    assert assert_replays(env, run) > 200
    pools = {int(o[-5]) for table in run["seen"] for _, _, o, _ in table}
    assert 15 in pools  # 12 in the pool and the dealer's 3 (LOO-STK-2), in counters


def first_legal(mask: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.argmax(mask, axis=1).astype(np.int64)


def play_states(batch: int, first: int, steps: int) -> np.ndarray[Any, Any]:
    env = BatchedGame("loo", batch=batch, seed=21, first_table=first)
    _, mask, _ = env.reset()
    for _ in range(steps):
        _, mask, *_ = env.step(first_legal(mask))
    return env.state.copy()


def test_a_tables_deals_depend_on_the_seed_the_table_and_the_deal_only() -> None:
    whole = play_states(6, 0, 60)  # about five deals a table
    assert np.array_equal(whole[:2], play_states(2, 0, 60))
    assert np.array_equal(whole[2:], play_states(4, 2, 60))
    assert whole[:, 0].min() >= 3  # deal numbers (the state's first column) went on: every table dealt again


def test_an_illegal_action_is_refused_with_the_engines_rule_and_nothing_moves() -> None:
    env = BatchedGame("loo", batch=64, seed=2)
    _, mask, _ = env.reset()
    actions = first_legal(mask)
    actions[2] = 0 if not mask[2, 0] else 1  # a card, while P to act declares
    with pytest.raises(IllegalActionError, match=r"actions\[2\]: . at table 2") as declaring:
        env.step(actions)
    assert declaring.value.rule.startswith("LOO-")
    refused = {}
    for _ in range(30):  # cards held that the rules forbid: not following suit, not heading (LOO-PLAY-2..6)
        obs, mask, _ = env.obs, env.mask, env.seat
        for b in range(64):
            held = np.flatnonzero(obs[b, :52] > 0)
            illegal = [int(c) for c in held if not mask[b, c]]
            if illegal and mask[b, :52].any():
                before = env.state.copy()
                actions = first_legal(mask)
                actions[b] = illegal[0]
                with pytest.raises(IllegalActionError, match=rf"actions\[{b}\]") as e:
                    env.step(actions)
                assert np.array_equal(env.state, before)
                refused[e.value.rule] = refused.get(e.value.rule, 0) + 1
        env.step(first_legal(env.mask))  # and the tables go on
    assert set(refused) <= {"LOO-PLAY-2", "LOO-PLAY-3", "LOO-PLAY-4", "LOO-PLAY-5", "LOO-PLAY-6"}
    assert len(refused) >= 2  # the engine's own rule, not one rule for every card


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"options": {"single": "peel", "pack": 32}}, "pack"),
        ({"options": {"revoke": 1}}, "revoke"),
        ({"players": 17}, "players"),
        ({"batch": 0}, "batch"),
        ({"opponents": {1: "expert"}}, "opponents"),
        ({"players": 4, "opponents": {1: "strategy"}}, "opponents"),  # no strategy is shipped for 4 players
        ({"opponents": ["random"] * 5}, "opponents"),
        ({"observation": "bits"}, "observation"),
        ({"form": "four_card"}, "form"),
    ],
)
def test_what_it_cannot_play_is_refused_by_name(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        BatchedGame("loo", **kwargs)


def test_a_step_before_reset_and_actions_of_the_wrong_shape_are_refused() -> None:
    env = BatchedGame("loo", batch=3)
    with pytest.raises(RulesError, match="reset"):
        env.step(np.zeros(3, np.int64))
    env.reset()
    with pytest.raises(RulesError, match="actions"):
        env.step(np.zeros(4, np.int64))


def test_the_gymnasium_vector_env_pays_the_seat_that_acted() -> None:
    env = RoundGamesVectorEnv("loo", num_envs=64, players=5, seed=3)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    paid = 0
    for _ in range(40):
        acted = info["seat"]
        obs, reward, terminated, truncated, info = env.step(first_legal(env.action_masks()))
        assert np.array_equal(info["acted"], acted)
        assert np.array_equal(reward, info["rewards"][np.arange(64), acted])
        assert not truncated.any()
        paid += int(terminated.sum())
        assert np.array_equal(info["action_mask"], env.action_masks())
        assert env.single_observation_space.contains(obs[0])
    assert paid > 64  # every table finished a deal, and went on to the next (same-step autoreset)


@pytest.mark.parametrize("observation", ["float32", "uint8"])
def test_every_deal_a_table_plays_stays_in_step_with_the_engine(observation: str) -> None:
    # autoreset: deal after deal at each table, the engine dealt each in turn from the record (dealer rotating)
    env = BatchedGame("loo", batch=40, players=4, seed=8, pool=5, observation=observation)
    assert assert_lockstep(env, 150, np.random.default_rng(8)) > 40 * 5


def test_a_reset_without_a_seed_deals_new_deals_and_one_with_it_the_same() -> None:
    env = BatchedGame("loo", batch=8, seed=5)
    env.reset()
    first = [env.record(b)["hands"] for b in range(8)]
    env.reset()
    assert [env.record(b)["hands"] for b in range(8)] != first
    env.reset(seed=5)
    assert [env.record(b)["hands"] for b in range(8)] == first


def test_the_gymnasium_reset_takes_no_options() -> None:
    env = RoundGamesVectorEnv("loo", num_envs=4)
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"pool": 3})
