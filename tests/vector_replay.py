"""Replaying the batched environment's deals through the checked engine, action by action (the exactness tests of
every form share it).

A run plays ``batch`` tables to the end of a deal without autoreset, choosing each learner's action at random (or
by a given chooser) among the mask's; every observation, mask and seat it returns is kept with the number of
actions the table had taken. Each table's deal is then dealt into the engine with the same cards and dealer, and
played with the same actions: before each of the learner's, the engine's legal ids must be the mask and the
adapters' observation (``roundgames.envs`` encoding) the vector; at the end, the rewards must be ``deal.net``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from roundgames.envs.games import env_game
from roundgames.envs.vector import BatchedGame
from roundgames.envs.vector.replay import engine_deal

#: the engine's preset of each form the batched environment plays (any other: Peel's Three-card Loo, or the game's)
Chooser = Callable[[np.ndarray[Any, Any], np.random.Generator], np.ndarray[Any, Any]]


def random_actions(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A uniform legal action per table (any action, 0, for a finished table)."""
    u = rng.random(mask.shape) * mask
    return np.argmax(u, axis=1).astype(np.int64)


def play_out(env: BatchedGame, rng: np.random.Generator, choose: Chooser = random_actions) -> dict[str, Any]:
    """Play one deal at every table (the env without autoreset), keeping what each learner saw."""
    obs, mask, seat = env.reset()
    seen: list[list[tuple[int, int, np.ndarray[Any, Any], np.ndarray[Any, Any]]]] = [[] for _ in range(env.batch)]
    rewards = np.zeros_like(env.rewards)
    for _ in range(10_000):
        live = seat >= 0
        if not live.any():
            break
        for b in np.flatnonzero(live):
            taken = len(env.record(int(b))["actions"])
            seen[b].append((taken, int(seat[b]), obs[b].copy(), mask[b].copy()))
        obs, mask, r, _ended, seat = env.step(choose(mask, rng))
        rewards += r
    return {"seen": seen, "rewards": rewards, "records": [env.record(b) for b in range(env.batch)]}


def assert_replays(env: BatchedGame, run: dict[str, Any], twins: Mapping[int, Any] | None = None) -> int:
    """Every table's deal replayed through the engine gives the same masks, observations and rewards; the number
    of learner decisions checked. ``twins``: bots, by seat, that choose on the engine's view what the built-in
    player of that seat chose in the batch (the simulator's twins), checked at each of that seat's turns."""
    enc = env_game(env.spec.game).encoding
    checked = 0
    for b, record in enumerate(run["records"]):
        deal = engine_deal(env, record)
        seen = {taken: (seat, obs, mask) for taken, seat, obs, mask in run["seen"][b]}
        where = f"table {b}, deal {record['number']}"
        for i, action_id in enumerate([*record["actions"], None]):
            if i in seen:
                seat, obs, mask = seen[i]
                assert deal.to_act == seat, f"{where}, action {i}: seat"
                legal = sorted(enc.action_ids(deal, deal.legal_actions()))
                assert np.flatnonzero(mask).tolist() == legal, f"{where}, action {i}: mask"
                want = np.zeros(len(obs), np.float64)
                enc.observation_into(deal, seat, (), want)
                got = obs.astype(np.float64)
                want = want.astype(obs.dtype).astype(np.float64)  # the adapters' vectors are float32 too
                if env.compact:
                    want = np.where(_scalar_places(env, deal), got, want)
                assert np.array_equal(got, want), f"{where}, action {i}: {np.flatnonzero(got != want)}"
                checked += 1
            if action_id is not None:
                action = enc.action(deal, action_id)
                if twins and deal.to_act in twins:
                    chosen = twins[deal.to_act].choose(deal.view(deal.to_act))
                    assert chosen == action, f"{where}, action {i}: the built-in player chose {action}, not {chosen}"
                deal.apply(action)
        assert deal.is_complete, where
        assert run["rewards"][b].tolist() == list(deal.net), f"{where}: rewards"
    return checked


def _scalar_places(env: BatchedGame, deal: Any) -> np.ndarray[Any, Any]:
    """The places of the observation's count fields (in the compact vector they hold counters, not stakes)."""
    layout = env_game(env.spec.game).encoding.layout(env.n, deal.rules)
    out: list[bool] = []
    for name, size in layout:
        out += [name.split(":")[0] in env.spec.scalars(env.setup)] * size
    return np.array(out)


def assert_lockstep(env: BatchedGame, steps: int, rng: np.random.Generator) -> int:
    """Play ``env`` (every seat a learner, autoreset on) for ``steps`` steps beside one engine deal per table, kept
    in step: before each action the engine's legal ids and observation must be the batch's; at each deal's end its
    rewards must be ``deal.net``, and the table's next deal (its number one more, its cards and dealer the
    record's) is dealt on the engine in turn. Covers every deal a table plays, not only its first. The number of
    deals checked to their end."""
    enc = env_game(env.spec.game).encoding
    obs, mask, seat = env.reset()
    deals = [engine_deal(env, env.record(b)) for b in range(env.batch)]
    numbers = [0] * env.batch
    finished = 0
    for _ in range(steps):
        for b, deal in enumerate(deals):
            where = f"table {b}, deal {numbers[b]}"
            assert deal.to_act == seat[b], where
            assert np.flatnonzero(mask[b]).tolist() == sorted(enc.action_ids(deal, deal.legal_actions())), where
            want = np.zeros(obs.shape[1], np.float64)
            enc.observation_into(deal, int(seat[b]), (), want)
            want = want.astype(obs.dtype).astype(np.float64)
            if env.compact:
                want = np.where(_scalar_places(env, deal), obs[b], want)
            assert np.array_equal(obs[b].astype(np.float64), want), where
        actions = random_actions(mask, rng)
        for b, deal in enumerate(deals):
            deal.apply(enc.action(deal, int(actions[b])))
            forced = enc.forced(deal)
            while forced is not None:  # what nobody chooses (a flush shown, LOO5-6), as the adapters apply it
                deal.apply(forced)
                forced = enc.forced(deal)
        obs, mask, rewards, ended, seat = env.step(actions)
        for b in np.flatnonzero(ended):
            deal = deals[b]
            assert deal.is_complete and rewards[b].tolist() == list(deal.net), f"table {b}, deal {numbers[b]}"
            record = env.record(int(b))
            assert record["number"] == numbers[b] + 1
            numbers[b] += 1
            deals[b] = engine_deal(env, record)
            finished += 1
    return finished
