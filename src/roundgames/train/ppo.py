"""Proximal policy optimisation's two halves after a rollout: the advantages (GAE, per seat) and the clipped update.

The update follows CleanRL's ``ppo.py``: the rollout is shuffled and cut into minibatches, several epochs are
made over it, the advantages are normalised within each minibatch, the policy's loss is the clipped surrogate, the
value's the squared error to the returns, an entropy bonus keeps the policy exploring, and Adam's steps (Optax) follow
the gradient clipped to a global norm, at a learning rate annealed to zero over the run. Decisions whose return is
unknown (:func:`advantages`) weigh nothing in the losses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from .network import ILLEGAL, Networks, entropy, init, log_prob
from .rollout import Batch

__all__ = ["Config", "Learner", "advantages"]

Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class Config:
    """PPO's settings. CleanRL's defaults, but for the discount: a deal is an episode of a few decisions, paid at its
    end, so its net is not discounted (``gamma`` 1); and the rewards are scaled to about unit size."""

    horizon: int = 16
    epochs: int = 4
    minibatches: int = 4
    learning_rate: float = 2.5e-4
    gamma: float = 1.0
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy_coef: float = 0.01
    value_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: tuple[int, ...] = (128, 128)
    #: the factor of the nets (counters or units) in the rewards the critic learns
    reward_scale: float = 0.25
    #: the chance that a seat's first decision of a deal is explored (:mod:`.rollout`) at the start, annealed
    #: linearly to :attr:`explore_floor` at :attr:`explore_until` of the run
    explore: float = 1.0
    explore_until: float = 0.5
    explore_floor: float = 0.05


def advantages(batch: Batch, gamma: float, lam: float) -> tuple[Array, Array, Array]:
    """The generalised advantage estimates, the returns and each decision's weight, ``(horizon, batch)`` each.

    A decision's successor is its own seat's next decision at the same table, not the next step's: the backward
    pass keeps, per table and seat, the value and advantage of the seat's later decision. After the rollout's last
    step the successor is known only for the seat the table waits on (its value is :attr:`Batch.last_values`); a
    seat's last decision of the rollout that neither ended its deal nor has that successor has no return, and
    weighs 0 (it is the seat's trajectory cut, as a rollout's end cuts a single agent's). An explored decision
    weighs as any other: its log-probability is the behaviour policy's (:meth:`Learner.act`), which PPO's ratio
    corrects for."""
    t_max, b = batch.actions.shape
    seats = int(max(batch.seats.max(), batch.last_seats.max())) + 1
    tables = np.arange(b)
    next_value = np.zeros((b, seats), np.float32)
    next_adv = np.zeros((b, seats), np.float32)
    known = np.zeros((b, seats), np.bool_)
    next_value[tables, batch.last_seats] = batch.last_values
    known[tables, batch.last_seats] = True
    adv = np.zeros((t_max, b), np.float32)
    weight = np.zeros((t_max, b), np.float32)
    for t in range(t_max - 1, -1, -1):
        s = batch.seats[t]
        go_on = ~batch.done[t]
        nv, na, kn = next_value[tables, s], next_adv[tables, s], known[tables, s]
        delta = batch.rewards[t] + gamma * nv * go_on - batch.values[t]
        here = delta + gamma * lam * go_on * na
        valid = batch.done[t] | kn
        adv[t] = np.where(valid, here, 0.0)
        weight[t] = valid
        next_value[tables, s], next_adv[tables, s], known[tables, s] = batch.values[t], adv[t], True
    return adv, adv + batch.values, weight


class Learner:
    """The networks' parameters and Adam's state, and the jitted functions that act and update."""

    def __init__(self, nets: Networks, config: Config, updates: int, key: jax.Array) -> None:
        self.nets, self.config = nets, config
        steps = max(1, updates * config.epochs * config.minibatches)
        schedule = optax.linear_schedule(config.learning_rate, 0.0, steps)
        self.optimiser = optax.chain(optax.clip_by_global_norm(config.max_grad_norm), optax.adam(schedule, eps=1e-5))
        self.params = init(nets, key)
        self.opt_state = self.optimiser.init(self.params)
        self._act = jax.jit(self._act_fn)
        self._step = jax.jit(self._step_fn)

    def _act_fn(
        self, params: Any, obs: jax.Array, mask: jax.Array, explore: jax.Array, key: jax.Array
    ) -> tuple[jax.Array, ...]:
        logits, value = self.nets.apply(params, obs, mask)
        # the behaviour policy: with probability ``explore`` (per row) a uniform legal action, else the policy's;
        # the log-probability returned is the mixture's, so that PPO's ratio corrects for the exploring
        policy = jax.nn.softmax(logits, axis=-1)
        uniform = mask / jnp.maximum(mask.sum(axis=-1, keepdims=True), 1)
        mixed = (1 - explore[:, None]) * policy + explore[:, None] * uniform
        behaviour = jnp.where(mask, jnp.log(jnp.maximum(mixed, 1e-30)), ILLEGAL)
        action = jax.random.categorical(key, behaviour)
        return action, log_prob(behaviour, action), value

    def act(self, obs: Array, mask: Array, key: jax.Array, explore: Array | None = None) -> tuple[Array, Array, Array]:
        """Actions drawn for a batch of observations and masks, their log-probabilities, and the observations'
        values (NumPy arrays): by the policy, or where ``explore`` (per row, a probability) says, by its mixture
        with a uniform choice among the legal actions (:mod:`.rollout`)."""
        rows = np.zeros(len(obs), np.float32) if explore is None else explore.astype(np.float32)
        action, logp, value = self._act(self.params, obs, mask, rows, key)
        return np.asarray(action, np.int64), np.asarray(logp), np.asarray(value)

    def _loss(self, params: Any, mb: dict[str, jax.Array]) -> tuple[jax.Array, dict[str, jax.Array]]:
        c = self.config
        logits, value = self.nets.apply(params, mb["obs"], mb["mask"])
        w = mb["weight"]
        total = jnp.maximum(w.sum(), 1.0)
        adv = mb["adv"]
        mean = (adv * w).sum() / total
        std = jnp.sqrt((((adv - mean) ** 2) * w).sum() / total)
        adv = (adv - mean) / (std + 1e-8)
        ratio = jnp.exp(log_prob(logits, mb["actions"]) - mb["logp"])
        surrogate = jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - c.clip, 1 + c.clip) * adv)
        policy_loss = -(surrogate * w).sum() / total
        value_loss = 0.5 * (((value - mb["returns"]) ** 2) * w).sum() / total
        ent = (entropy(logits) * w).sum() / total
        loss = policy_loss + c.value_coef * value_loss - c.entropy_coef * ent
        return loss, {"policy": policy_loss, "value": value_loss, "entropy": ent}

    def _step_fn(self, params: Any, opt_state: Any, mb: dict[str, jax.Array]) -> tuple[Any, Any, dict[str, Any]]:
        grads, info = jax.grad(self._loss, has_aux=True)(params, mb)
        updates, opt_state = self.optimiser.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, info

    def update(self, batch: Batch, rng: np.random.Generator) -> dict[str, float]:
        """The epochs of minibatch steps over one rollout; the last minibatch's losses."""
        c = self.config
        adv, returns, weight = advantages(batch, c.gamma, c.gae_lambda)
        flat = {
            "obs": batch.obs.reshape(-1, batch.obs.shape[-1]),
            "mask": batch.mask.reshape(-1, batch.mask.shape[-1]),
            "actions": batch.actions.reshape(-1),
            "logp": batch.logp.reshape(-1),
            "adv": adv.reshape(-1),
            "returns": returns.reshape(-1),
            "weight": weight.reshape(-1),
        }
        size = flat["actions"].shape[0]
        per = size // c.minibatches
        info: dict[str, Any] = {}
        for _ in range(c.epochs):
            order = rng.permutation(size)
            for k in range(c.minibatches):
                take = order[k * per : (k + 1) * per]
                mb = {name: jnp.asarray(a[take]) for name, a in flat.items()}
                self.params, self.opt_state, info = self._step(self.params, self.opt_state, mb)
        return {name: float(v) for name, v in info.items()}
