"""Five-card Loo and Irish Loo in the batched environment (RULES.md §4.2, §4.3): the rules they play (the
simulator's, :mod:`roundgames.sim.loo5`, which refuses by name every option it does not play), their parameters
and built-in players (``random``, ``sensible``), and the kernel (:mod:`._loo5`) that steps both.

The action ids are the adapters' (:mod:`roundgames.envs.loo_encoding`): ``0..51`` a card, ``52`` stand, ``53``
throw up, ``57`` lead the ace of trumps saying "Pam be civil" (LOO5-4), and from ``59`` an exchange of the cards
at the positions set in ``id - 58`` of the hand sorted by card int (LOO5-2); 90 ids in Five-card Loo, 66 in Irish.
``56`` (a flush) is never the learner's: a flush is always shown, as nobody chooses (§14.34), inside the step,
and the record logs it. A table's :meth:`~.batch.BatchedGame.record` gives the stock as dealt, top card first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...games.registry import rules_for
from ...sim import loo5 as sim
from ...sim._loo5_kernel import CONFIG_SIZE
from ...sim._loo_sensible_kernel import tables as sensible_tables
from ...sim.kernels import Setup
from . import _loo5 as K
from .form import Form

__all__ = ["FORMS_BY_NAME"]

#: the engine's preset of each form (the simulator's)
_PRESETS = {"five_card": "five-card", "irish": "irish"}


def _plan(setup: Setup) -> Any:
    """The simulator's checked plan of ``setup``: its configuration array, its rules, its pack."""
    return sim.KERNELS[setup.form]._plan(setup)  # the simulator's own check and configuration, reused


def _params(setup: Setup, dealer: int | None) -> np.ndarray[Any, Any]:
    out = np.zeros(K.NPARAMS, np.int64)
    out[:CONFIG_SIZE] = _plan(setup).cfg
    out[K.E_DEALER] = -1 if dealer is None else dealer
    return out


def _obs_size(n: int, size: int) -> int:
    """The length of an observation (:func:`roundgames.envs.loo_encoding.layout` of these forms, tricks = size)."""
    t = size + 1
    return 160 + 52 * n + 6 * n + t * n + 2 * n + 5 + 3 + 1 + t + 1 + t * n + 52 + 52 + 1 + 2 * n + 52


def _extras(setup: Setup) -> tuple[Any, ...]:
    plan = _plan(setup)
    return sensible_tables(plan.size, plan.rules.pack), plan.pack


def _record(state: np.ndarray[Any, Any], n: int) -> dict[str, Any]:
    """A table's deal so far: the dealer, each seat's dealt hand (a mask), the turn-up, the stock as dealt (top
    card first), and the action ids taken, in order (the flushes shown among them)."""
    dealer = int(state[K.DEALER])
    dealt = state[K.blk(n, K.DEALT) : K.blk(n, K.DEALT) + n]
    hands = {(dealer + 1 + p) % n: int(dealt[p]) for p in range(n)}
    log = state[K.blk(n, K.LOG) : K.blk(n, K.LOG) + int(state[K.NLOG])]
    first_stock = K.DECK + n * int(state[K.SIZE]) + 1
    return {
        "dealer": dealer,
        "hands": hands,
        "turnup": int(state[K.TURNUP]),
        "stock": [int(c) for c in state[first_stock : K.DECK + int(state[K.DECKN])]],
        "actions": [int(a) for a in log],
        "number": int(state[K.DEAL]),
    }


def _form(form: str) -> Form:
    kernel = sim.KERNELS[form]
    size = 5 if form == "five_card" else 3  # LOO5-1, LOOI-1
    return Form(
        game="loo",
        form=form,
        kernel=K,
        players=(3, rules_for("loo", _PRESETS[form]).max_seats),
        policies=dict(kernel.policies),
        setup_check=kernel.check,
        params=_params,
        extras=_extras,
        num_actions=lambda setup: K.EXCHANGE + (1 << size),  # 90 in Five-card Loo, 66 in Irish
        obs_size=lambda setup: _obs_size(setup.players, size),
        width=lambda setup: K.BASE + 15 * setup.players,  # the blocks HAND .. PLAYHAND, and the log of 6n actions
        record=_record,
        phase_rules={K.DECLARE: "LOO5-2", K.PLAY: "LOO-PLAY-2"},
        phase_column=K.PHASE,
        complete=K.COMPLETE,
        scalars=lambda setup: ["pool"],
    )


#: the two forms this module serves, by name (:func:`.batch.form_of` takes one from here)
FORMS_BY_NAME: dict[str, Form] = {form: _form(form) for form in _PRESETS}
