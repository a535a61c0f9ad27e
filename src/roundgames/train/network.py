"""The policy and value networks (Flax), and the masked categorical distribution over the action ids.

Two multi-layer perceptrons of the same hidden sizes, tanh between layers, one for the actor's logits and one for
the critic's value, as CleanRL's ``ppo.py`` builds its agent: separate networks, so that the value's larger
gradients do not pull the policy's features about, with orthogonal initial weights (gain √2, the actor's last
layer 0.01 so that the first policy is near uniform over the legal actions, the critic's last 1).

Invalid actions are masked in the logits (Huang and Ontañón, *A Closer Look at Invalid Action Masking in Policy
Gradient Algorithms*, 2020, the masking CleanRL uses): an illegal id gets a very negative logit, so its probability
and its gradient are zero, and the entropy is the entropy over the legal actions alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["MLP", "Networks", "as_layers", "entropy", "init", "log_prob", "masked_logits"]

#: the logit of an illegal action: far below any real logit, and finite, so that 0 · it stays 0 in the entropy
ILLEGAL = -1e9


class MLP(nn.Module):
    """Dense layers of ``hidden`` units with tanh between them, then a dense layer of ``out`` units."""

    hidden: Sequence[int]
    out: int
    last_gain: float

    @nn.compact
    def __call__(self, x: jax.Array) -> jax.Array:
        for width in self.hidden:
            dense = nn.Dense(width, kernel_init=nn.initializers.orthogonal(np.sqrt(2)))
            x = jnp.tanh(dense(x))
        return nn.Dense(self.out, kernel_init=nn.initializers.orthogonal(self.last_gain))(x)


class Networks:
    """The actor (logits over ``num_actions``) and the critic (one value) for observations of ``obs_size``."""

    def __init__(self, obs_size: int, num_actions: int, hidden: Sequence[int]) -> None:
        self.obs_size, self.num_actions, self.hidden = obs_size, num_actions, tuple(hidden)
        self.actor = MLP(self.hidden, num_actions, 0.01)
        self.critic = MLP(self.hidden, 1, 1.0)

    def apply(self, params: Any, obs: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
        """The masked logits and the values of a batch of observations with their legal-action masks."""
        logits: jax.Array = self.actor.apply(params["actor"], obs)  # type: ignore[assignment]
        value: jax.Array = self.critic.apply(params["critic"], obs)  # type: ignore[assignment]
        return masked_logits(logits, mask), value[..., 0]


def init(nets: Networks, key: jax.Array) -> dict[str, Any]:
    """Fresh parameters of both networks."""
    actor_key, critic_key = jax.random.split(key)
    x = jnp.zeros((1, nets.obs_size), jnp.float32)
    return {"actor": nets.actor.init(actor_key, x), "critic": nets.critic.init(critic_key, x)}


def masked_logits(logits: jax.Array, mask: jax.Array) -> jax.Array:
    """``logits`` with every illegal action's set to :data:`ILLEGAL`."""
    return jnp.where(mask, logits, ILLEGAL)


def log_prob(logits: jax.Array, actions: jax.Array) -> jax.Array:
    """The log-probability of ``actions`` under the (masked) ``logits``."""
    logp = jax.nn.log_softmax(logits)
    return jnp.take_along_axis(logp, actions[..., None], axis=-1)[..., 0]


def entropy(logits: jax.Array) -> jax.Array:
    """The entropy of the (masked) ``logits``' distribution: an illegal action's probability is 0 and adds 0."""
    logp = jax.nn.log_softmax(logits)
    return -jnp.sum(jnp.exp(logp) * logp, axis=-1)


def as_layers(params: Any) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """One network's parameters as ``(weights, bias)`` per layer, in order: the policy file's layout."""
    dense = params["params"]
    names = sorted(dense, key=lambda name: int(name.rsplit("_", 1)[1]))  # Dense_0, Dense_1, ... Dense_10
    return [(np.asarray(dense[n]["kernel"]), np.asarray(dense[n]["bias"])) for n in names]
