"""Nap in the batched environment (:mod:`roundgames.envs.vector`) is the checked engine's Nap: every table's deal,
replayed through the engine action by action (tests/vector_replay.py), shows the same legal-action masks and
observations (the adapters' encoding) at each learner's turn and pays the same rewards (``deal.net``); its
built-in players are the simulator's, call for call and card for card; a table's deals do not depend on the batch
it is played in; and an option the simulator cannot play is refused by name."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roundgames import IllegalActionError, RulesError
from roundgames.envs import nap_encoding
from roundgames.envs.vector import BatchedGame
from roundgames.sim.kernels import Setup
from roundgames.sim.nap import CALLED, KERNEL
from roundgames.sim.streams import chunk_seed
from vector_replay import assert_lockstep, assert_replays, play_out, random_actions

PASS = nap_encoding.PASS


def passing(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A learner that passes four times in five while calling (so that every seat passing, NAP-CALL-7, is met),
    otherwise a uniform legal action."""
    out = random_actions(mask, rng)
    calling = mask[:, PASS] & (rng.random(mask.shape[0]) < 0.8)
    out[calling] = PASS
    return out


def replayed(env: BatchedGame, seed: int, choose: Any = random_actions) -> int:
    """Play one deal at every table of ``env`` and replay each through the engine; the decisions checked."""
    run = play_out(env, np.random.default_rng(seed), choose)
    checked = assert_replays(env, run)
    assert checked >= env.batch  # every table had a learner's turn, most many
    return checked


@pytest.mark.parametrize(
    ("players", "options", "pool"),
    [
        (4, {}, 0),
        (3, {}, 0),
        (5, {}, 0),
        (6, {}, 0),  # the dealer sits out (NAP-GEN-2)
        (2, {}, 0),
        (7, {"max_players": 7}, 0),
        (4, {"kitty": True, "pool_nap_double": True, "pay_table": "well_blu_mod"}, 5),
        (5, {"misery_rank": "above_three", "min_call": 2, "pay_table": "parlett", "all_pass": "dealer_one"}, 0),
        (3, {"kitty": True, "misery_trumps": False, "misery_pay": "eb11"}, 7),
        (7, {"max_players": 7, "pack": 32, "all_pass": "redeal", "kitty": True}, 2),
        (5, {"dealer_out_at": 5, "min_call": 3, "misery": False, "pay_table": "hsw_flat"}, 0),
        (4, {"wellington": False, "blucher": False, "revoke_rule": "bic_fine"}, 3),
    ],
)
def test_every_seat_a_learner_replays_through_the_engine(players: int, options: dict[str, Any], pool: int) -> None:
    """Random learners at every seat, half the tables' calling mostly passes: NAP-CALL-1..8, NAP-PLAY-1..5,
    NAP-SET-1, NAP-VAR-POOL, the pay tables and the all-pass rules, as the engine plays them."""
    for i, choose in enumerate((random_actions, passing)):
        env = BatchedGame("nap", batch=120, players=players, options=options, pool=pool, seed=11 + i, autoreset=False)
        replayed(env, players + i, choose)


def test_two_thousand_deals_replay_through_the_engine() -> None:
    env = BatchedGame("nap", batch=2000, players=4, seed=2024, autoreset=False, options={"kitty": True}, pool=1)
    assert replayed(env, 5) > 10_000


@pytest.mark.parametrize(
    ("players", "opponents"),
    [
        (4, {1: "sensible", 3: "sensible-head"}),
        (5, {0: "random", 2: "sensible", 4: "sensible"}),
        (4, {0: "strategy", 2: "strategy-head"}),
    ],
)
def test_built_in_players_act_inside_the_step(players: int, opponents: dict[int, str]) -> None:
    """The built-in seats' actions are in the record and checked by the engine's replay; only learners' seats are
    returned to act."""
    env = BatchedGame("nap", batch=150, players=players, opponents=opponents, seed=3, autoreset=False)
    run = play_out(env, np.random.default_rng(9))
    assert_replays(env, run)
    for seen in run["seen"]:
        assert all(seat not in opponents for _, seat, _, _ in seen)


@pytest.mark.parametrize(
    ("players", "policies", "options"),
    [
        (4, ("sensible", "random", "sensible-head", "random"), {}),
        (6, ("sensible", "sensible", "random", "sensible-head", "random", "random"), {"kitty": True}),
        (4, ("strategy", "strategy-head", "sensible", "random"), {}),
    ],
)
def test_the_built_in_players_are_the_simulator_s(players: int, policies: tuple[str, ...], options: Any) -> None:
    """With the dealer fixed at the last seat, table ``t``'s deal is the simulator's deal 0 of the chunk seeded as
    the table (:func:`roundgames.sim.streams.chunk_seed`): the same hands, and, the learner at seat 0 taking the simulator's
    ``sensible`` seat's actions (which draw nothing from the deal's choices stream), the same actions of every
    built-in seat and the same nets."""
    seed, batch, dealer = 77, 60, players - 1
    opponents = {s: p for s, p in enumerate(policies) if s}
    env = BatchedGame("nap", batch=batch, players=players, options=options, pool=4, dealer=dealer,
                      opponents=opponents, seed=seed, autoreset=False)  # fmt: skip
    setup = Setup("nap", players, ("sensible", *policies[1:]), options, 4)
    traces = [KERNEL.trace(setup, chunk_seed(seed, t), 1) for t in range(batch)]
    want = [[int(a) if a < CALLED else PASS + int(a) - CALLED for a in tr["actions"][0] if a >= 0] for tr in traces]
    seat = env.reset()[2]
    rewards = np.zeros_like(env.rewards)
    while (seat >= 0).any():
        acts = np.array([want[b][len(env.record(b)["actions"])] if seat[b] >= 0 else 0 for b in range(batch)])
        assert (seat[seat >= 0] == 0).all()
        _obs, _mask, r, _ended, seat = env.step(acts)
        rewards += r
    for b, trace in enumerate(traces):
        record = env.record(b)
        assert record["hands"] == {s: int(trace["hands"][0, s]) for s in range(players) if trace["hands"][0, s]}
        assert record["actions"] == want[b], f"table {b}"
        assert rewards[b].tolist() == trace["net"][0].tolist(), f"table {b}"


def test_the_compact_observation_replays_through_the_engine() -> None:
    """``observation="uint8"``: the same vector, the kitty in counters and at most 255."""
    env = BatchedGame("nap", batch=100, players=4, options={"kitty": True}, pool=300, seed=4, observation="uint8",
                      autoreset=False)  # fmt: skip
    replayed(env, 4)
    obs = env.reset()[0]
    kitty = sum(size for _, size in nap_encoding.layout(4)[:13])
    assert obs.dtype == np.uint8 and (obs[:, kitty] == 255).all()
    wide = BatchedGame("nap", batch=3, players=4, options={"kitty": True}, pool=300, seed=4)
    assert (wide.reset()[0][:, kitty] == 301).all()  # the dealer's unit in it (NAP-VAR-POOL)


def _first_legal(mask: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.argmax(mask, axis=1).astype(np.int64)


def test_a_table_s_deals_do_not_depend_on_the_batch() -> None:
    """Deal ``k`` of table ``t`` depends only on the seed, ``t`` and ``k``: one batch of six tables, or tables 0-1
    and 2-5 in two batches (``first_table``), deal and play the same deals, across autoresets."""
    config: dict[str, Any] = {"players": 5, "opponents": {1: "random", 3: "sensible"}, "seed": 99, "pool": 2,
                              "options": {"kitty": True, "all_pass": "redeal"}}  # fmt: skip
    whole = BatchedGame("nap", batch=6, **config)
    parts = [BatchedGame("nap", batch=2, **config), BatchedGame("nap", batch=4, first_table=2, **config)]
    masks = [whole.reset()[1], *(p.reset()[1] for p in parts)]
    ended = 0
    for _ in range(150):
        for b in range(6):
            part, i = (parts[0], b) if b < 2 else (parts[1], b - 2)
            assert whole.record(b) == part.record(i)
        out = [env.step(_first_legal(m)) for env, m in zip([whole, *parts], masks, strict=True)]
        masks = [o[1] for o in out]
        np.testing.assert_array_equal(out[0][2], np.concatenate([out[1][2], out[2][2]]))  # the rewards
        np.testing.assert_array_equal(out[0][0], np.concatenate([out[1][0], out[2][0]]))  # the observations
        ended += int(out[0][3].sum())
    assert ended >= 12 and whole.record(0)["number"] >= 2  # several deals a table


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"peep": True}, "option peep"),
        ({"purchase": True}, "option purchase"),
        ({"spare_hand": "sir_garnet"}, "option spare_hand"),
        ({"nap_top_card": True}, "option nap_top_card"),
        ({"nap_challenge": True}, "option nap_challenge"),
        ({"all_pass": "double_header"}, "option all_pass"),
    ],
)
def test_an_option_the_simulator_cannot_play_is_refused_by_name(options: dict[str, Any], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        BatchedGame("nap", batch=2, players=4, options=options)


def test_the_sizes_are_the_adapters_and_an_illegal_action_moves_no_table() -> None:
    env = BatchedGame("nap", batch=3, players=6, seed=1)
    obs, mask, _seat = env.reset()
    assert env.num_actions == nap_encoding.NUM_ACTIONS == mask.shape[1]
    assert obs.shape[1] == sum(size for _, size in nap_encoding.layout(6))
    before = env.state.copy()
    acts = _first_legal(mask)
    acts[1] = 358  # a top card exchange: never legal here
    with pytest.raises(IllegalActionError, match=r"actions\[1\]"):
        env.step(acts)
    np.testing.assert_array_equal(env.state, before)
    with pytest.raises(RulesError, match="players"):
        BatchedGame("nap", players=8)


def test_every_deal_a_table_plays_stays_in_step_with_the_engine() -> None:
    # autoreset: deal after deal at each table, the engine dealt each in turn from the record (dealer rotating)
    env = BatchedGame("nap", batch=30, players=4, seed=8, options={"kitty": True}, pool=3)
    assert assert_lockstep(env, 150, np.random.default_rng(8)) > 30 * 5
