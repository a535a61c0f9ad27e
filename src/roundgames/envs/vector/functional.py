"""The batched environment's functional form: the compiled functions and their fixed arguments, to call from a
user's own numba code (as pgx's ``init``/``step`` are called from JAX code).

The state is arrays the caller owns: ``state`` ``(B, width)`` int64, ``obs`` ``(B, obs_size)`` float32 (or uint8
with ``observation="uint8"``), ``mask`` ``(B, num_actions)`` bool, ``seats`` ``(B,)`` int64, ``rewards``
``(B, players)`` int64, ``ended`` ``(B,)`` bool. Every function writes them in place and allocates nothing per
table: state arrays in, the same arrays out.

- ``reset(state, static, seed, first, number, obs, mask, seats, rewards)``: deal ``number`` at each table
  (table ``b`` is table ``first + b``), the built-in seats played to the first learner's turn;
- ``check(state, static, actions)``: the first table whose action is not legal, -1 when all are;
- ``step(state, static, seed, first, actions, autoreset, obs, mask, seats, rewards, ended)``: one action per
  table (checked first by the caller, or legal by construction), the built-in seats played, rewards and the
  next turn written.

Pass ``static`` to your compiled function as an argument: numba would freeze the arrays of a global tuple as
read-only constants, and the built-in players write their caches into them.

>>> import numba, numpy as np
>>> from roundgames.envs.vector.functional import functional
>>> f = functional("loo", batch=16, players=5)
>>> reset, step = f.reset, f.step
>>> @numba.njit
... def play(static, state, obs, mask, seats, rewards, ended, actions, steps):
...     reset(state, static, np.uint64(7), 0, 0, obs, mask, seats, rewards)
...     total = 0
...     for _ in range(steps):
...         for b in range(state.shape[0]):
...             actions[b] = np.argmax(mask[b])  # the first legal action
...         step(state, static, np.uint64(7), 0, actions, True, obs, mask, seats, rewards, ended)
...         total += ended.sum()
...     return total
>>> a = f.arrays()
>>> int(play(f.static, a["state"], a["obs"], a["mask"], a["seats"], a["rewards"], a["ended"], a["actions"], 40)) > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .batch import BatchedGame
from .form import Array

__all__ = ["Functional", "functional"]


@dataclass(frozen=True)
class Functional:
    """A form's compiled functions (numba dispatchers, callable from numba code) and their fixed arguments."""

    reset: Callable[..., None]
    check: Callable[..., int]
    step: Callable[..., None]
    #: the functions' ``static`` argument: the table size, the rules, the players, the observation's kind, and
    #: the arrays the built-in players read
    static: tuple[Any, ...]
    batch: int
    players: int
    width: int
    obs_size: int
    num_actions: int
    obs_dtype: Any

    def arrays(self) -> dict[str, Array]:
        """Fresh arrays for a batch: ``state``, ``obs``, ``mask``, ``seats``, ``rewards``, ``ended``, ``actions``."""
        b = self.batch
        return {
            "state": np.zeros((b, self.width), np.int64),
            "obs": np.zeros((b, self.obs_size), self.obs_dtype),
            "mask": np.zeros((b, self.num_actions), np.bool_),
            "seats": np.full(b, -1, np.int64),
            "rewards": np.zeros((b, self.players), np.int64),
            "ended": np.zeros(b, np.bool_),
            "actions": np.zeros(b, np.int64),
        }


def functional(
    game: str = "loo",
    *,
    form: str | None = None,
    batch: int = 1024,
    players: int = 5,
    options: Mapping[str, Any] | None = None,
    pool: int = 0,
    dealer: int | None = None,
    opponents: Mapping[int, str] | Sequence[str | None] | None = None,
    observation: str = "float32",
) -> Functional:
    """The functional form of a form of a game, checked as :class:`~.batch.BatchedGame` checks it (every option
    the simulator cannot play is refused by name)."""
    g = BatchedGame(
        game, form=form, batch=batch, players=players, options=options, pool=pool, dealer=dealer,
        opponents=opponents, observation=observation,
    )  # fmt: skip
    k = g.spec.kernel
    return Functional(
        k.reset_batch, k.check_batch, k.step_batch, g.static, g.batch, g.n, g.state.shape[1], g.obs_size,
        g.num_actions, g.obs.dtype,
    )  # fmt: skip
