"""Three-card Loo in the batched environment: the rules it plays (the simulator's, :mod:`roundgames.sim.loo3`), its
parameters and built-in players, and the kernel (:mod:`._loo3`) that steps it."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim import loo3 as sim
from ...sim._loo3_kernel import NPARAMS as SIM_PARAMS
from ...sim._loo_sensible_kernel import tables as sensible_tables
from ...sim.kernels import Setup
from . import _loo3 as K
from .form import Form

__all__ = ["FORM"]


def _params(setup: Setup, dealer: int | None) -> np.ndarray[Any, Any]:
    rules = sim.rules_of(setup)
    out = np.zeros(K.NPARAMS, np.int64)
    out[:SIM_PARAMS] = sim.params_of(rules)
    out[K.E_POOL] = setup.pool
    out[K.E_DEALER] = -1 if dealer is None else dealer
    out[K.E_LOO_UNIT] = rules.stakes.loo
    return out


def _obs_size(n: int) -> int:
    """The length of an observation (:func:`roundgames.envs.loo_encoding.layout` of Three-card Loo)."""
    return 160 + 52 * n + 5 * n + 4 * n + n + n + 4 + 3 + 2 + 1 + 4


def _extras(setup: Setup) -> tuple[Any, ...]:
    lookup, table = sim.strategy_arrays(setup)
    return sensible_tables(), lookup, table


def _record(state: np.ndarray[Any, Any], n: int) -> dict[str, Any]:
    """A table's deal so far: the dealer, each seat's dealt hand (a mask), the miss, the turn-up, and the action
    ids taken, in order."""
    dealer = int(state[K.DEALER])
    dealt = state[K.BASE + K.DEALT * n : K.BASE + K.DEALT * n + n]
    hands = {(dealer + 1 + p) % n: int(dealt[p]) for p in range(n)}
    log = state[K.BASE + K.LOG * n : K.BASE + K.LOG * n + int(state[K.NLOG])]
    return {
        "dealer": dealer,
        "hands": hands,
        "miss": int(state[K.MISS]),
        "turnup": int(state[K.TURNUP]),
        "actions": [int(a) for a in log],
        "number": int(state[K.DEAL]),
    }


FORM = Form(
    game="loo",
    form="three_card",
    preset="peel",
    kernel=K,
    players=(3, sim.MAX_PLAYERS),
    policies=dict(sim.KERNEL.policies),
    setup_check=sim.KERNEL.check,
    params=_params,
    extras=_extras,
    num_actions=lambda setup: K.NUM_ACTIONS,
    obs_size=lambda setup: _obs_size(setup.players),
    width=lambda setup: K.BASE + 11 * setup.players,  # the blocks HAND .. TCARD, and the log of 4n actions
    record=_record,
    phase_column=K.PHASE,
    complete=K.COMPLETE,
    scalars=lambda setup: ["pool"],
    phase_rules={K.DECLARE: "LOO-DECL-1", K.PLAY: "LOO-PLAY-2"},
)
