"""Nap in the batched environment: the rules it plays (the simulator's, :mod:`roundgames.sim.nap`: every option
but the variants that deal particular cards, which it refuses by name), its parameters and built-in players, and
the kernel (:mod:`._nap`) that steps it.

A table's row holds, besides the columns of :mod:`._nap`, each position's hand as dealt, so that :meth:`record`
gives the engine what it needs to replay the deal: the dealer, each playing seat's five cards (the dealer sitting
out has none, NAP-GEN-2) and the action ids taken. The kitty each deal starts with is the setup's ``pool`` (deals
are independent: a deal's kitty is not carried to the next, so that a table's deal ``k`` depends only on the seed,
the table and ``k``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim import nap as sim
from ...sim.kernels import Setup
from . import _nap as K
from .form import Form

__all__ = ["FORM"]


def _params(setup: Setup, dealer: int | None) -> np.ndarray[Any, Any]:
    cfg = sim.KERNEL.arrays(setup)[0]
    out = np.zeros(K.NPARAMS, np.int64)
    out[: len(cfg)] = cfg
    out[K.E_DEALER] = -1 if dealer is None else dealer
    return out


def _extras(setup: Setup) -> tuple[Any, ...]:
    _cfg, _ok, after, pay, _policy = sim.KERNEL.arrays(setup)
    lookup, table = sim.strategy_arrays(setup, sim.playing_of(sim.rules_of(setup), setup.players))
    return after, pay, lookup, table


def _record(state: np.ndarray[Any, Any], n: int) -> dict[str, Any]:
    """A table's deal so far: the dealer, each playing seat's dealt hand (a mask), and the action ids taken, in
    order."""
    dealer = int(state[K.DEALER])
    dealt = state[K.BASE + K.DEALT * n : K.BASE + K.DEALT * n + n]
    hands = {(dealer + 1 + p) % n: int(dealt[p]) for p in range(n) if dealt[p]}
    log = state[K.BASE + K.LOG * n : K.BASE + K.LOG * n + int(state[K.NLOG])]
    return {
        "dealer": dealer,
        "hands": hands,
        "actions": [int(a) for a in log],
        "number": int(state[K.DEAL]),
    }


FORM = Form(
    game="nap",
    form="nap",
    preset="peel",
    kernel=K,
    players=(2, 7),
    policies=dict(sim.KERNEL.policies),
    setup_check=sim.KERNEL.check,
    params=_params,
    extras=_extras,
    num_actions=lambda setup: K.NUM_ACTIONS,
    obs_size=lambda setup: K.obs_size(setup.players),
    width=lambda setup: K.width(setup.players),
    record=_record,
    phase_rules={K.CALLING: "NAP-CALL-2", K.PLAY: "NAP-PLAY-2"},
    phase_column=K.PHASE,
    complete=K.COMPLETE,
    scalars=lambda setup: ["kitty"],
)
