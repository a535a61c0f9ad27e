"""The ``ismcts`` bot: OpenSpiel's information-set Monte Carlo tree search over ``python_loo`` and ``python_nap``,
playing our deals through the same ``choose(view)`` as every other bot (:mod:`roundgames.bots`).

At each decision the deal behind the view (``view.world``, which no surface sends) is made into an OpenSpiel state of a one-deal game of the same table
(:func:`~.openspiel.state_from_deal`: the same cards and the deal's log replayed), and
:class:`open_spiel.python.algorithms.ismcts.ISMCTSBot` searches it: every simulation starts from a world the seat
cannot tell from the real one, drawn by the project's resampler (:meth:`~.openspiel.RoundState.resample_from_infostate`),
and ends with a random rollout. The search sees the real deal only through that resampler, so it uses nothing the
seat may not see. Its answer, an OpenSpiel action id, is made back into our action by the game's encoding.

The budget is time per decision (``ms``, 50 by default), so the bot can be given the same time as another search
bot; a fixed number of simulations per decision (``simulations``) makes its play reproducible from its seed
whatever the machine's speed. The OpenSpiel games play every form of Loo (Three-card, Five-card, Irish) and of Nap.
A flush (Five-card and Irish Loo, LOO5-6) is shown without a search: it is always shown, in its holder's turn
after the declaring, his only action (RULES.md §14.34), and the games apply it as nobody chooses (:mod:`._turns`).

>>> from roundgames.games.registry import new_deal, rules_for
>>> from roundgames.bots import make_bot, play_deal
>>> deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=3)
>>> deal.deal(5)
>>> bots = {s: make_bot("random", "nap", seed=s) for s in range(4)}
>>> bots[0] = IsmctsBot("nap", seed=1, simulations=20)
>>> net = play_deal(deal, bots)
>>> deal.is_complete, sum(net) + deal.result().pool - deal.ledger.start
(True, 0)
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..bots import BOTS, Bot
from ..bots.search import ORACLE
from ..bots.table_player import PREFIX
from ..bots.tournament import standard_bots
from ..core.errors import RulesError
from ..core.options import Rules
from ..games.protocol import Deal, View
from ..games.registry import game_of
from .games import env_game
from .openspiel import state_from_deal

__all__ = ["DEFAULT_MS", "NAME", "UCT_C", "IsmctsBot", "SearchBots"]

#: the bot's name in a lineup
NAME = "ismcts"
#: the time per decision, in milliseconds, when none is given
DEFAULT_MS = 50.0
#: UCT's exploration constant per 20 counters of the span of the game's returns (the search's returns are
#: counters): Nap, 4 players, spans 135 (13.5 used), Three-card Loo 12 (1.2). Measured against three ``sensible``
#: seats at 30 simulations a decision, 40 boards, ismcts less sensible per deal: Nap -6.1 ± 1.6 (c = 2),
#: -6.0 ± 1.3 (c = 10), -7.2 ± 1.5 (c = 40), -7.7 ± 1.3 (c = 135); Loo +0.2 ± 0.4 (c = 1.2), 0.0 ± 0.4 (c = 12).
UCT_C = 2.0
_UCT_SPAN = 20.0
#: the base parameters of every one-deal OpenSpiel game; the others are the game's own record fields and the
#: counters on the table (Loo's pool, Nap's kitty)
_BASE_PARAMS = ("players", "preset", "options", "dealer")


class _OutOfTime(Exception):
    """The search's time is up: raised between two simulations."""


class _TimedSearch(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot, stopped between simulations once a deadline has passed and the root has been
    visited (its first simulation only expands it)."""

    deadline: float | None = None

    def sample_root_state(self, state: Any) -> Any:
        if self.deadline is not None and self._root_node.total_visits > 0 and time.perf_counter() >= self.deadline:
            raise _OutOfTime
        return super().sample_root_state(state)

    def policy(self, state: Any, deadline: float | None) -> list[tuple[int, float]]:
        """The search's final policy at ``state``: every simulation until ``deadline`` (or ``max_simulations``)."""
        self.deadline = deadline
        try:
            return list(self.run_search(state))
        except _OutOfTime:
            # What run_search ends with: the final policy over the root's actions legal here.
            node = self.filter_illegals(self._root_node, state.legal_actions())
            return list(self.get_final_policy(state, node))


def _params(deal: Deal) -> dict[str, Any]:
    """The parameters of the one-deal OpenSpiel game at ``deal``'s table."""
    kit = env_game(deal.game.name)
    rules: Any = deal.rules
    options = json.dumps(rules.options(), sort_keys=True, separators=(";", ":"))
    params: dict[str, Any] = {"players": deal.n, "preset": rules.name, "options": options, "dealer": deal.dealer}
    for key in kit.deals.PARAMS:
        if key in _BASE_PARAMS or key == "table_mode":  # the search plays by the rules alone: no irregular action
            continue
        value = getattr(deal, key) if key in deal.game.record_fields else deal.ledger.start
        params[key] = str(value) if isinstance(value, str) else int(value)
    return params


class IsmctsBot:
    """Information-set MCTS (OpenSpiel's) for one seat: ``ms`` milliseconds per decision, or ``simulations``
    simulations when given (reproducible from ``seed``)."""

    name = NAME

    def __init__(
        self,
        game_name: str,
        seed: int | None = None,
        *,
        ms: float = DEFAULT_MS,
        simulations: int | None = None,
        rules: Rules | None = None,
    ) -> None:
        kit = env_game(game_name)  # a game the environments know, or RulesError
        if rules is not None:
            try:
                kit.encoding.check(rules)
            except RulesError as e:
                raise RulesError(f"bot {NAME!r} plays the OpenSpiel games only: {e}") from None
        if simulations is not None and simulations < 1:
            raise RulesError(f"ismcts: simulations must be at least 1, got {simulations}")
        if simulations is None and not ms > 0:
            raise RulesError(f"ismcts: the time per decision must be more than 0 ms, got {ms}")
        self.game_name = game_name
        self.ms = ms
        self.simulations = simulations
        self.rng = random.Random(seed)
        self._np = np.random.RandomState(self.rng.randrange(2**32))
        self._games: dict[str, Any] = {}
        self._searches: dict[str, _TimedSearch] = {}

    def _search(self, deal: Deal) -> tuple[Any, _TimedSearch]:
        params = _params(deal)
        key = json.dumps(params, sort_keys=True)
        if key not in self._games:
            kit = env_game(deal.game.name)
            kit.encoding.check(deal.rules)
            spiel = pyspiel.load_game(kit.deals.SPIEL_NAMES[0], params)
            span = spiel.max_utility() - spiel.min_utility()
            bot = _TimedSearch(
                spiel,
                mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._np),
                uct_c=UCT_C * max(span, 1.0) / _UCT_SPAN,
                max_simulations=self.simulations if self.simulations is not None else 10**9,
                random_state=self._np,
                # a widow or top-card discard may name the card taken, unseen until then: legal in some worlds only
                allow_inconsistent_action_sets=True,
            )
            bot.set_resampler(self._resample)
            self._games[key], self._searches[key] = spiel, bot
        return self._games[key], self._searches[key]

    def _resample(self, state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, self.rng.random)

    def choose(self, view: View[Any]) -> Any:
        """The action the search finds best for the seat of ``view``; what it is offered out of turn, where a game
        offers anything so, taken at once; its only action (a flush, §14.34) without a search."""
        deal: Deal | None = view.world
        if deal is None:
            raise RulesError(f"ismcts needs the deal behind the view of seat {view.seat} (view.world), in its turn")
        if deal.to_act != view.seat:
            if view.legal:
                return view.legal[0]
            raise RulesError(f"ismcts was asked to act for seat {view.seat}, which has nothing to do now")
        if len(view.legal) == 1 and not view.may_take:
            return view.legal[0]
        spiel, search = self._search(deal)
        state = state_from_deal(spiel, deal)
        deadline = None if self.simulations is not None else time.perf_counter() + self.ms / 1000
        actions, probs = zip(*search.policy(state, deadline), strict=True)
        chosen = int(self._np.choice(actions, p=probs))
        return env_game(deal.game.name).encoding.action(deal, chosen)


@dataclass(frozen=True)
class SearchBots:
    """Makes any bot by name, ``ismcts`` included: ``SearchBots(ms=50)("ismcts", rules, seed)``; picklable, so
    a pool of processes can make its bots."""

    #: the ismcts bot's time per decision, in milliseconds
    ms: float = DEFAULT_MS
    #: the ismcts bot's simulations per decision (instead of a time), for play reproducible from the seed
    simulations: int | None = None

    def __call__(self, name: str, rules: Rules, seed: int | None = None) -> Bot:
        """The bot ``name`` for a deal under ``rules``, with its own seed."""
        if name != NAME:
            if name not in BOTS and name != ORACLE and not name.startswith(PREFIX):
                raise RulesError(f"unknown bot {name!r} (valid: {', '.join([*BOTS, ORACLE, NAME, PREFIX + 'PATH'])})")
            return standard_bots(name, rules, 0 if seed is None else seed)
        return IsmctsBot(game_of(rules).name, seed, ms=self.ms, simulations=self.simulations, rules=rules)
