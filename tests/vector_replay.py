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

from roundgames.core.cards import cards_in
from roundgames.envs.games import env_game
from roundgames.envs.vector import BatchedGame
from roundgames.games.registry import new_deal

#: the engine's preset of each form the batched environment plays (any other: Peel's Three-card Loo, or the game's)
PRESETS = {"five_card": "five-card", "irish": "irish"}

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


def engine_deal(env: BatchedGame, record: dict[str, Any]) -> Any:
    """The engine's deal of a table's record: the same rules, seats, dealer, pool and cards (the stock too, top
    card first, where the record has one), not yet played."""
    from roundgames.games.registry import rules_for

    options = dict(env.setup.options)
    stakes = options.pop("stakes", None) or {}
    rules = rules_for(env.spec.game, PRESETS.get(env.spec.form, "peel"), options)
    if stakes:
        rules = rules.with_stakes(**stakes)
    deal = new_deal(env.spec.game, rules, env.n, dealer=record["dealer"], pool=env.setup.pool)
    hands = {s: list(cards_in(m)) for s, m in record["hands"].items()}
    more = {k: list(cards_in(v)) if k != "turnup" else v for k, v in record.items() if k in ("miss", "turnup")}
    if "stock" in record:
        more["stock"] = record["stock"]
    deal.deal_cards(hands, **more)
    return deal


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
