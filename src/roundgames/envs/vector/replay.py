"""A batched table's deal on the checked engine: its rules (:func:`engine_rules`), its deal dealt with the same cards
(:func:`engine_deal`), and the engine's own refusal of an action the batch will not take (:func:`refusal`), which
names the exact rule broken (LOO-PLAY-4 for a card that does not head the trick, NAP-CALL-6 for a Wellington
called over no Nap, ...) where the batch knows only that the action is not among the legal ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ...core.cards import cards_in
from ...core.errors import IllegalActionError, RoundgamesError
from ...games.registry import new_deal, rules_for
from ...sim.kernels import Setup
from ..games import env_game
from .form import Array, Form

__all__ = ["Batch", "engine_deal", "engine_rules", "refusal"]


class Batch(Protocol):
    """What a replay reads of a batched table (:class:`~roundgames.envs.vector.BatchedGame` is one): its form, its
    engine rules, size and setup, its state rows and a table's record. Named here, below the batch, so that the batch
    can ask this module for the engine's refusal without the two importing each other."""

    @property
    def spec(self) -> Form: ...
    @property
    def rules(self) -> Any: ...
    @property
    def n(self) -> int: ...
    @property
    def setup(self) -> Setup: ...
    @property
    def state(self) -> Array: ...
    def record(self, table: int) -> dict[str, Any]: ...


def engine_rules(game: str, preset: str, options: Mapping[str, Any]) -> Any:
    """The engine's rules of ``game``'s ``preset`` with ``options`` (record names, ``stakes`` a mapping)."""
    rest = dict(options)
    stakes = rest.pop("stakes", None) or {}
    rules: Any = rules_for(game, preset, rest)
    return rules.with_stakes(**stakes) if stakes else rules


def engine_deal(env: Batch, record: Mapping[str, Any]) -> Any:
    """The engine's deal of a table's record (:meth:`Batch.record`): the same rules, seats, dealer, pool and
    cards (the miss, the turn-up, the stock top card first, where the form has them), not yet played."""
    deal = new_deal(env.spec.game, env.rules, env.n, dealer=record["dealer"], pool=env.setup.pool)
    hands = {s: list(cards_in(m)) for s, m in record["hands"].items()}
    more: dict[str, Any] = {}
    if "miss" in record:
        more["miss"] = list(cards_in(record["miss"]))
    if "turnup" in record:
        more["turnup"] = record["turnup"]
    if "stock" in record:
        more["stock"] = record["stock"]
    deal.deal_cards(hands, **more)
    return deal


def refusal(env: Batch, table: int, action: int) -> IllegalActionError | None:
    """The engine's refusal of ``action`` at batch table ``table``: its deal replayed on the engine to now, and the
    action applied there; None where the engine would take it (never, for an action the batch refuses)."""
    enc = env_game(env.spec.game).encoding
    deal = engine_deal(env, env.record(table))
    for done in env.record(table)["actions"]:
        deal.apply(enc.action(deal, done))
    try:
        deal.apply(enc.action(deal, action))
    except IllegalActionError as e:
        return e
    except (RoundgamesError, ValueError) as e:  # an id no action has: the engine's words, the play's rule
        return IllegalActionError(str(e), env.spec.phase_rules[int(env.state[table, env.spec.phase_column])])
    return None
