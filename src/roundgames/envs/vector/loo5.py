"""Five-card Loo and Irish Loo in the batched environment (RULES.md §4.2, §4.3): the rules they play (the
simulator's, :mod:`roundgames.sim.loo5`, which refuses by name every option it does not play), their parameters
and built-in players (the simulator's ``random`` and ``sensible``, and ``strategy``), and the kernel (:mod:`._loo5`)
that steps both.

``strategy`` declares as the expert's table player (:class:`roundgames.bots.table_player.TableBot`) of the
strategy the package ships for the form, table size and rules (:func:`strategy_of`; a setup none fits is refused
by name) does on the engine's view: its cell (the hand's bucket, the seat from the dealer's left, the seats in
before it, and under club law whether clubs are trumps) at the pool bucket of the deals' pool, the row's action
where it is pure, a draw from the table's CHOICES stream where it mixes, and as ``sensible`` where the table has
no row for the cell; it plays its cards as ``sensible``.

The action ids are the adapters' (:mod:`roundgames.envs.loo_encoding`): ``0..51`` a card, ``52`` stand, ``53``
throw up, ``57`` lead the ace of trumps saying "Pam be civil" (LOO5-4), and from ``59`` an exchange of the cards
at the positions set in ``id - 58`` of the hand sorted by card int (LOO5-2); 90 ids in Five-card Loo, 66 in Irish.
``56`` (a flush) is never the learner's: a flush is always shown, as nobody chooses (§14.34), inside the step,
and the record logs it. A table's :meth:`~.batch.BatchedGame.record` gives the stock as dealt, top card first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from ...bots.strategy import Strategy, shipped
from ...core.errors import RulesError
from ...games.registry import rules_for
from ...sim import loo5 as sim
from ...sim._loo5_kernel import CONFIG_SIZE
from ...sim._loo_sensible_kernel import tables as sensible_tables
from ...sim.kernels import Setup
from ...sim.strategy.buckets import loo5_keys, loo_lookup
from ...sim.strategy.fields import kernel_table
from . import _loo5 as K
from .form import Form

__all__ = ["FIVE_CARD", "FORMS_BY_NAME", "IRISH", "strategy_of"]

#: the engine's preset of each form (the simulator's)
_PRESETS = {"five_card": "five-card", "irish": "irish"}
_NAMES = {"five_card": "Five-card Loo", "irish": "Irish Loo"}
#: the built-in player the simulator does not have, beside its own
_STRATEGY = {
    "strategy": "declares by the computed strategy the package ships for the form, rules and table (the expert's "
    "table player), drawing from the deal's choices stream where it mixes, as sensible where it has no row for "
    "the situation; plays its cards as sensible; a setup no shipped strategy fits is refused",
}


def _simulated(setup: Setup) -> Setup:
    """``setup`` with its ``strategy`` seats as the simulator's ``sensible`` (what it checks and configures)."""
    return replace(setup, policies=tuple("sensible" if p == "strategy" else p for p in setup.policies))


def _plan(setup: Setup) -> Any:
    """The simulator's checked plan of ``setup``: its configuration array, its rules, its pack."""
    return sim.KERNELS[setup.form].plan(_simulated(setup))  # the simulator's own check and configuration, reused


def _rules_text(preset: str, options: Any) -> str:
    extra = ", ".join(f"{k}={v!r}" for k, v in dict(options).items())
    return f"the {preset} preset's rules" + (f" with {extra}" if extra else "")


def strategy_of(setup: Setup) -> Strategy:
    """The shipped strategy the ``strategy`` seats of ``setup`` declare by; a RulesError naming the player, the
    table size and the rules (and what is shipped for the form) where none fits."""
    rules = _plan(setup).rules
    found = shipped("loo", setup.players, setup.form)
    if found is not None and found.fits(rules, setup.players):
        return found
    have = [shipped("loo", n, setup.form) for n in range(3, rules.max_seats + 1)]
    listed = "; ".join(f"{s.players} players under {_rules_text(s.preset, s.options)}" for s in have if s is not None)
    raise RulesError(
        f"policies: 'strategy' declares by a computed strategy the package ships, and none fits "
        f"{_NAMES[setup.form]} at {setup.players} players under {_rules_text(_PRESETS[setup.form], setup.options)} "
        f"(shipped: {listed or 'none'})"
    )


def _check(setup: Setup) -> None:
    """The simulator's check of ``setup`` (its ``strategy`` seats as ``sensible``), and a shipped strategy that
    fits where a seat plays ``strategy``."""
    sim.KERNELS[setup.form].check(_simulated(setup))
    if "strategy" in setup.policies:
        strategy_of(setup)


def _shipped(setup: Setup) -> tuple[Any, ...]:
    """What the kernel's ``strategy`` player reads (:func:`._loo5._table_declare`): the sorted Five-card buckets,
    the Irish lookup (each an empty stand-in in the other form) and the table at the pool bucket of the pool a
    deal starts with once staked (the view's); empty arrays of the same types where no seat plays ``strategy``."""
    keys, lookup = np.zeros(1, np.int64), np.zeros(1, np.int32)
    if "strategy" not in setup.policies:
        return keys, lookup, np.zeros((1, 7), np.uint8)
    plan = _plan(setup)
    rules, n = plan.rules, setup.players
    if setup.form == "five_card":
        keys = loo5_keys()
        buckets = keys
    else:
        buckets, lookup = loo_lookup()
    contexts = n * n * (2 if rules.club_law else 1)
    pool = setup.pool + rules.stakes.deal + (rules.stakes.ante * (n - 1) if rules.ante == "all" else 0)
    strategy = strategy_of(setup)
    return keys, lookup, kernel_table(strategy, pool, buckets, contexts, len(strategy.actions))


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
    return sensible_tables(plan.size, plan.rules.pack), plan.pack, *_shipped(setup)


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
        preset={"five_card": "five-card", "irish": "irish"}[form],
        kernel=K,
        players=(3, rules_for("loo", _PRESETS[form]).max_seats),
        policies={**kernel.policies, **_STRATEGY},
        setup_check=_check,
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
#: each by its own name, for the plug-in's lazy path (``SimParts.batched``)
FIVE_CARD: Form = FORMS_BY_NAME["five_card"]
IRISH: Form = FORMS_BY_NAME["irish"]
