"""A training run: PPO on the batched environment's tables for a number of steps, then the policy file.

A *step* is one learner decision at one table (CleanRL's ``global_step``): a run of ``steps`` makes
``ceil(steps / (batch · horizon))`` rollouts of ``horizon`` steps at ``batch`` tables, each followed by PPO's update.
The built-in players' decisions, made inside the environment's step, are not counted.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import jax
import numpy as np

from ..core.errors import RulesError
from ..envs.learned import save
from ..envs.vector import BatchedGame
from .network import Networks, as_layers
from .ppo import Config, Learner
from .rollout import Rollout

__all__ = ["Progress", "Trained", "opponents_of", "train"]

#: what the run reports after each rollout it logs: the steps so far, the learners' mean net a deal (counters or
#: units) since the last report, the deals it is over, the losses, the seconds so far
Progress = Callable[[int, float, int, Mapping[str, float], float], None]


@dataclass(frozen=True)
class Trained:
    """What a run did: the steps taken, the seconds, the learners' mean net a deal over the last quarter of the
    run, and the header written with the policy."""

    steps: int
    seconds: float
    final_net: float
    header: dict[str, Any]


def opponents_of(players: int, opponent: str | None, learners: Sequence[int] = (0,)) -> list[str | None]:
    """One player per seat: None (a learner) at ``learners``, ``opponent`` (a built-in player, or None for
    self-play at every seat) at the others."""
    for s in learners:
        if not 0 <= s < players:
            raise RulesError(f"learners: seat {s} is not one of the {players} seats")
    return [None if s in learners else opponent for s in range(players)]


def train(
    game: str,
    players: int,
    steps: int,
    batch: int,
    seed: int,
    out: str,
    *,
    opponents: Sequence[str | None] | None = None,
    config: Config | None = None,
    on_progress: Progress | None = None,
) -> Trained:
    """Train a policy at ``game``'s tables of ``players`` against ``opponents`` (by default ``sensible`` at every
    seat but the first) for ``steps`` learner decisions, and write it to ``out`` (``config``: PPO's settings,
    :class:`~.ppo.Config`'s defaults where None)."""
    config = config if config is not None else Config()
    seats = opponents if opponents is not None else opponents_of(players, "sensible")
    env = BatchedGame(game, batch=batch, players=players, opponents=list(seats), seed=seed)
    nets = Networks(env.obs_size, env.num_actions, config.hidden)
    per_update = batch * config.horizon
    updates = max(1, math.ceil(steps / per_update))
    key = jax.random.PRNGKey(seed)
    key, init_key = jax.random.split(key)
    learner = Learner(nets, config, updates, init_key)
    rollout = Rollout(env, config.horizon, config.reward_scale, seed)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    tail_net, tail_deals = 0.0, 0
    report_every = max(1, updates // 20)

    def act(
        obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any], explore: np.ndarray[Any, Any]
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        nonlocal key
        key, sub = jax.random.split(key)
        return learner.act(obs, mask, sub, explore)

    for u in range(updates):
        ramp = min(1.0, u / max(1.0, config.explore_until * updates))
        rollout.explore = config.explore + (config.explore_floor - config.explore) * ramp
        net_before, deals_before = rollout.net, rollout.deals  # running sums, cleared at each report
        data = rollout.collect(act)
        losses = learner.update(data, rng)
        if u >= updates - max(1, updates // 4):  # the last quarter's results: what the policy has become
            tail_net += rollout.net - net_before
            tail_deals += rollout.deals - deals_before
        if (u + 1) % report_every == 0 or u + 1 == updates:
            net, deals = rollout.results()
            if on_progress is not None:
                on_progress((u + 1) * per_update, net, deals, losses, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    header = _header(env, config, updates * per_update, seed, seats, seconds)
    save(out, header, as_layers(learner.params["actor"]), as_layers(learner.params["critic"]))
    return Trained(updates * per_update, seconds, tail_net / tail_deals if tail_deals else 0.0, header)


def _header(
    env: BatchedGame, config: Config, steps: int, seed: int, seats: Sequence[str | None], seconds: float
) -> dict[str, Any]:
    """The policy file's header: what the policy plays (the table and the encoding's sizes) and how it was made."""
    return {
        "game": env.spec.game,
        "form": env.spec.form,
        "players": env.n,
        "preset": "peel",  # the batched environment plays the Peel preset with the options given
        "options": dict(env.setup.options),
        "obs_size": env.obs_size,
        "num_actions": env.num_actions,
        "hidden": list(config.hidden),
        "activation": "tanh",
        "steps": steps,
        "seed": seed,
        "batch": env.batch,
        "opponents": ["learner" if p is None else p for p in seats],
        "algorithm": "PPO with invalid-action masking (after CleanRL's ppo.py)",
        "config": {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(config).items()},
        "seconds": round(seconds, 1),
    }
