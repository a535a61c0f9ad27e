"""Playing the batched environment's tables for a rollout: each learner seat's decisions, with the deal's result
given to the right one.

:class:`~roundgames.envs.vector.BatchedGame` returns, at every step, one learner seat to act at each table; the
built-in players act inside the step. A deal's money is paid, to every seat, only at the step that ends it, and that
step may be another seat's (with several learner seats, self-play) or come after this seat's last decision by a
whole trick. So a rollout keeps, per table and learner seat, the step of that seat's last decision in the current
deal, and puts the seat's net on that decision, marking it the end of the seat's episode (:attr:`Batch.done`).
Each learner seat's decisions at a table form a trajectory of their own (:func:`roundgames.train.ppo.advantages`
follows them by seat), since a seat's next state is its own next turn, not the next seat's.

Exploring the first decision. A seat's first decision of a deal is its declaring (Loo: stand, throw up, take the
miss) or calling (Nap), and what it is worth depends on the play that follows: with the first policy's random play
standing loses, and the policy learns to throw up every hand within a few rollouts and then never plays a card to
learn from, nor stands again to find that its play has made standing pay. So a seat's first decision of a deal is
drawn, with probability :attr:`Rollout.explore` (annealed from 1 to a floor over the run), uniformly among the legal
actions instead of by the policy; its log-probability is that of the mixture (the behaviour policy), so PPO's ratio
corrects for the exploring and every decision is learned from, the declarings the policy would not have made too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..envs.vector import BatchedGame

__all__ = ["Act", "Batch", "Rollout"]

Array = np.ndarray[Any, Any]
#: ``act(obs, mask, explore)``: the actions chosen (``explore``: per row, the chance of a uniform legal action in
#: place of the policy's), their log-probabilities under the policy that chose them, and the observations' values
Act = Callable[[Array, Array, Array], tuple[Array, Array, Array]]


@dataclass
class Batch:
    """One rollout: ``horizon`` steps of ``batch`` tables (arrays ``(horizon, batch, ...)``), with what the
    advantages need after it: the values and seats of the observations the tables stand at now."""

    obs: Array
    mask: Array
    actions: Array
    logp: Array
    values: Array
    seats: Array
    #: each decision's reward, in the training's scale: the seat's net for the deal on its last decision, else 0
    rewards: Array
    #: whether the decision was the seat's last of its deal
    done: Array
    #: whether the decision was a first decision of a deal drawn by the exploring mixture (:meth:`Rollout.collect`)
    explored: Array
    last_values: Array
    last_seats: Array


class Rollout:
    """Plays ``env``'s tables ``horizon`` steps at a time for ``act``; the tables stand between rollouts where the
    last one left them, as CleanRL's environments do between updates."""

    def __init__(self, env: BatchedGame, horizon: int, reward_scale: float, seed: int = 0) -> None:
        self.env, self.horizon, self.scale = env, horizon, reward_scale
        #: the chance that a seat's first decision of a deal is drawn uniformly among the legal ones
        self.explore = 0.0
        self.rng = np.random.default_rng(seed)
        self.learners = [s for s, p in enumerate(env.policy) if p is None]
        obs, mask, seat = env.reset()
        self.obs, self.mask, self.seat = obs.copy(), mask.copy(), seat.copy()
        #: per table and seat, the step (this rollout's) of the seat's last decision in the deal, or -1
        self.last = np.full((env.batch, env.n), -1, np.int64)
        #: per table and seat, whether the seat has not yet decided in the current deal
        self.fresh = np.ones((env.batch, env.n), np.bool_)
        #: the learner seats' nets (counters) of the deals finished, summed, and their count, since :meth:`results`
        self.net, self.deals = 0.0, 0

    def collect(self, act: Act) -> Batch:
        """Play ``horizon`` steps at every table, choosing by ``act``."""
        t_max, b = self.horizon, self.env.batch
        out = self._empty(t_max, b)
        self.last[:] = -1  # a seat's decision of the last rollout was trained on already, its deal unfinished
        tables = np.arange(b)
        for t in range(t_max):
            explore = self.explore * self.fresh[tables, self.seat]
            actions, logp, values = act(self.obs, self.mask, explore)
            out.explored[t] = explore > 0
            out.obs[t], out.mask[t], out.seats[t] = self.obs, self.mask, self.seat
            out.actions[t], out.logp[t], out.values[t] = actions, logp, values
            self.last[tables, self.seat] = t
            self.fresh[tables, self.seat] = False
            obs, mask, rewards, ended, seat = self.env.step(actions)
            self._pay(out, rewards, ended)
            self.obs[:], self.mask[:], self.seat[:] = obs, mask, seat
        _, _, out.last_values[:] = act(self.obs, self.mask, np.zeros(b))
        out.last_seats[:] = self.seat
        return out

    def _pay(self, out: Batch, rewards: Array, ended: Array) -> None:
        """Put each learner seat's net of the deals just ended on its last decision of the deal."""
        done = np.flatnonzero(ended)
        if done.size == 0:
            return
        for s in self.learners:
            step = self.last[done, s]
            ok = step >= 0
            out.rewards[step[ok], done[ok]] += rewards[done[ok], s] * self.scale
            out.done[step[ok], done[ok]] = True
            self.net += float(rewards[done, s].sum())
        self.deals += int(done.size) * len(self.learners)
        self.last[done] = -1
        self.fresh[done] = True

    def _empty(self, t: int, b: int) -> Batch:
        env = self.env
        return Batch(
            obs=np.zeros((t, b, env.obs_size), np.float32),
            mask=np.zeros((t, b, env.num_actions), np.bool_),
            actions=np.zeros((t, b), np.int64),
            logp=np.zeros((t, b), np.float32),
            values=np.zeros((t, b), np.float32),
            seats=np.zeros((t, b), np.int64),
            rewards=np.zeros((t, b), np.float32),
            done=np.zeros((t, b), np.bool_),
            explored=np.zeros((t, b), np.bool_),
            last_values=np.zeros(b, np.float32),
            last_seats=np.zeros(b, np.int64),
        )

    def results(self) -> tuple[float, int]:
        """The learner seats' mean net a deal (counters) over the deals finished since the last call, and their
        count."""
        mean = self.net / self.deals if self.deals else 0.0
        out = (mean, self.deals)
        self.net, self.deals = 0.0, 0
        return out
