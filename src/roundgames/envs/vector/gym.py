"""The batched environment as a Gymnasium vector environment (:class:`RoundGamesVectorEnv`): one learner acts for
whichever seat is to act at each table (self-play), or for the seats left to it when the others are given built-in
players.

Gymnasium's conventions: batched spaces (``MultiDiscrete`` actions, a ``Box`` of observations), ``same-step``
autoreset (a table whose deal ends is dealt its next deal in the same step, and the observation returned is the
next deal's), and ``action_masks()`` (as sb3-contrib's ``MaskablePPO`` asks), also given in the info as
``action_mask``. A deal ends only by termination, never by truncation, so no final observation is kept: a
finished deal has nothing left to value.

The reward of a step is that of the seat that acted at each table, at the step that ends a deal (its net in
counters at Loo, units at Nap); the info gives every seat's (``rewards``, ``(num_envs, players)``), the seat that
acted (``acted``) and the seat to act now (``seat``), so a self-play learner can credit each seat's decisions.

>>> from roundgames.envs.vector.gym import RoundGamesVectorEnv
>>> env = RoundGamesVectorEnv("loo", num_envs=8, players=5)
>>> obs, info = env.reset(seed=1)
>>> obs.shape, env.action_space.shape, info["action_mask"].shape
((8, 489), (8,), (8, 56))
>>> import numpy as np
>>> obs, reward, terminated, truncated, info = env.step(np.argmax(env.action_masks(), axis=1))
>>> reward.shape, bool(truncated.any())
((8,), False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from .batch import BatchedGame
from .form import Array

__all__ = ["RoundGamesVectorEnv"]


class RoundGamesVectorEnv(VectorEnv):
    """``num_envs`` tables of one form of Loo or Nap (:class:`~.batch.BatchedGame`'s arguments)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        game: str = "loo",
        *,
        num_envs: int = 1024,
        form: str | None = None,
        players: int = 5,
        options: Mapping[str, Any] | None = None,
        pool: int = 0,
        opponents: Mapping[int, str] | Sequence[str | None] | None = None,
        observation: str = "float32",
        seed: int = 0,
        dealer: int | None = None,
        first_table: int = 0,
    ) -> None:
        self.game = BatchedGame(
            game, form=form, batch=num_envs, players=players, options=options, pool=pool, opponents=opponents,
            observation=observation, seed=seed, dealer=dealer, first_table=first_table,
        )  # fmt: skip
        g = self.game
        self.num_envs = g.batch
        dtype = g.obs.dtype
        high = np.inf if dtype == np.float32 else 255
        self.single_observation_space = spaces.Box(0, high, (g.obs_size,), dtype)
        self.single_action_space = spaces.Discrete(g.num_actions)
        self.observation_space = spaces.Box(0, high, (g.batch, g.obs_size), dtype)
        self.action_space = spaces.MultiDiscrete(np.full(g.batch, g.num_actions))
        self._truncated = np.zeros(g.batch, np.bool_)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Deal every table's first deal (``seed`` seeds every table's deals; a list is not taken: the tables'
        streams are already independent; without it, the deals are new ones, :meth:`BatchedGame.reset`)."""
        if isinstance(seed, list):
            raise ValueError("seed: one integer seeds every table (each table has its own streams), not a list")
        if options:
            raise ValueError(f"options: reset takes none (the tables' settings are the constructor's), got {options!r}")
        if seed is not None:
            super().reset(seed=seed)
        obs, mask, seat = self.game.reset(seed)
        return obs.copy(), {"seat": seat.copy(), "action_mask": mask.copy()}

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One action per table; see the module for the reward and the info."""
        g = self.game
        acted = g.seat.copy()
        obs, mask, rewards, ended, seat = g.step(actions)
        rows = np.arange(g.batch)
        reward = rewards[rows, np.maximum(acted, 0)].astype(np.float32)
        info = {"seat": seat.copy(), "acted": acted, "rewards": rewards.copy(), "action_mask": mask.copy()}
        return obs.copy(), reward, ended.copy(), self._truncated.copy(), info

    def action_masks(self) -> Array:
        """The legal actions of the seat to act at each table, ``(num_envs, actions)`` booleans."""
        return self.game.mask.copy()
