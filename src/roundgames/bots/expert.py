"""The expert bot: declares and calls by the computed strategy, infers the others' hands from it, and plays its
cards by search.

- **Declaring and calling.** Where the package ships a computed strategy for the table (its game, form, number of
  seats and rules: :func:`roundgames.bots.strategy.for_view`), the expert looks its cell up and takes the table's
  action, drawing by the table's probabilities where the strategy mixes; a cell the computation never reached it
  declares or calls as ``sensible`` does (as the simulator's player of the same table does). The strategies are
  computed with the batch simulator by counterfactual regret minimisation (:mod:`roundgames.sim.strategy`), so
  that no other way of declaring or calling wins much from a table of them; docs/research/bots.md gives how much.
  In Five-card and Irish Loo a table's exchange is abstract (``exchange-k``: the ``k`` weakest cards,
  :func:`roundgames.bots.strategy.weakest`), taken as the legal exchange of those cards. Where no strategy fits
  (other rules, other table sizes, a form none is shipped for), it decides as the search bot does (:mod:`.search`).
- **Inference.** Each world the search draws is weighed by how likely the strategy makes every other seat's
  declaration or call in it (policy-based inference): a world where a seat that stood holds a hand the strategy
  throws up with counts for little. The strategy's probability is floored at :data:`FLOOR`, so a player who does
  not follow it (a person) still leaves worlds to draw.
- **Card play, where searching pays** (:data:`SEARCHED_PLAY`: Nap): the search's worlds, each solved exactly with
  open cards; the card of best weighted value, with no margin to the model's choice (each world's value is
  exact, not a noisy playout). At Loo the expert plays its cards by ``sensible``'s rules: in the tournament the
  searched play did worse than they (an open-card solver takes every other seat to play against it, which at
  Loo, where each plays for himself, misjudges; docs/research/bots.md gives the figures).

Its advice (:meth:`ExpertBot.advise`) is what it decides by: before the play, the strategy's value of each
declaration or call against the field it was computed for, with its 95% interval from the computation, and the strategy's
probabilities; in the play, each card's weighted value over the worlds, with its interval over them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from ..games.protocol import Stage, View
from ..games.registry import BUILT_IN, game_of, plugin
from .games import kit
from .search import CLEAR, DEFAULT_SAMPLES, SAMPLES, Advice, SearchBot, Valued, model_likelihood
from .strategy import Choice, Strategy, action_name, for_view
from .table_player import pick

__all__ = ["BY_RULE", "EXPERT", "FLOOR", "SEARCHED_PLAY", "UNREACHED", "ExpertBot", "expert_for", "mixed_note"]

#: the expert's name
EXPERT: Final = "expert"
#: the least weight a world keeps for a declaration or call the strategy would not make there
FLOOR: Final = 0.02


#: the package's games whose cards the expert plays by search (elsewhere by the sensible player's rules), by the
#: tournament's measure (docs/research/bots.md); each game's plug-in says so (``BotParts.searched_play``)
SEARCHED_PLAY: Final = frozenset(p.name for p in BUILT_IN if p.bots is not None and p.bots.searched_play)
#: the note of advice in the play of a game whose cards the expert plays by rule
BY_RULE: Final = (
    "at Loo the expert plays its cards by the sensible player's rules, which did better in the tournament than "
    "searching the play; the values are the search's estimates"
)
#: the note of advice where the strategy never reached the cell
UNREACHED: Final = (
    "the strategy never met this hand in this place: the expert declares or calls as sensible does, and the values "
    "are its search's estimates"
)


def mixed_note(choice: Choice) -> str:
    """Why a mixed strategy's choice need not be the best valued: ``the strategy mixes here: it stands 40% of the
    time and throws up 60% (...)``, each action in the words of its game's plug-in (``BotParts.doing``); a share
    that would round to 0% or 100% is said as 1% or 99%."""
    doing = plugin(choice.game).part("bots", "bots").doing
    parts = [
        f"{doing.get(a, a)} {min(99, max(1, round(100 * p)))}%"
        for a, p in sorted(zip(choice.actions, choice.probs, strict=True), key=lambda ap: -ap[1])
        if p > 0
    ]
    said = ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]
    return f"the strategy mixes here: it {said} of the time (the values of what it mixes are as good as equal)"


class ExpertBot(SearchBot):
    """The computed strategy before the play, the search in it (see the module's description)."""

    name = EXPERT

    def __init__(self, rng: random.Random | None = None, samples: int = DEFAULT_SAMPLES, solve_play: bool = True):
        super().__init__(rng, samples, solve_play, clear=CLEAR)

    @staticmethod
    def strategy(view: View[Any]) -> Strategy | None:
        """The shipped strategy that fits the table of ``view``, or None."""
        spec = game_of(view.rules)
        # a game of several forms ships a strategy for each form; a game of one, for the game
        form = spec.form_of(view.rules).name if len(spec.forms) > 1 else None
        return for_view(view, spec.name, form)

    def choose(self, view: View[Any]) -> Any:
        """The strategy's declaration or call where one fits; in the play, the sensible player's card where the
        expert plays by rule; else the search's choice."""
        if view.stage is Stage.PLAY and view.to_act == view.seat and not self.searches_play(view):
            return kit(view).sensible(random.Random(0)).choose(view)
        if view.stage is Stage.BID and view.to_act == view.seat:
            strategy = self.strategy(view)
            if strategy is not None:
                choice = strategy.choice(view)
                if choice is None:
                    return kit(view).sensible(random.Random(0)).choose(view)
                name = pick(choice, self.rng)
                return next(a for a in view.legal if action_name(a, view) == name)
        return super().choose(view)

    @staticmethod
    def searches_play(view: View[Any]) -> bool:
        """Whether the expert plays this game's cards by search."""
        return kit(view).searched_play

    def margin(self, view: View[Any]) -> float:
        """None in the play (each world is solved exactly); the search's margin before it, where no strategy fits."""
        return 0.0 if view.stage is Stage.PLAY else self.clear

    def likelihood(self, world: Any, action: Any) -> float:
        """The strategy's probability of ``action`` in ``world`` (at least :data:`FLOOR`); the model's rule where
        no strategy fits or the strategy never reached the cell."""
        view = world.view(action.seat)
        strategy = self.strategy(view)
        choice = strategy.choice(view) if strategy is not None else None
        if choice is None:
            return model_likelihood(world, action)
        return max(FLOOR, choice.prob(action_name(action, view)))

    def advise(self, view: View[Any], also: tuple[Any, ...] = ()) -> Advice:
        """What the expert decides by: the strategy's row before the play (where one fits), the search otherwise."""
        if view.stage is Stage.BID and view.to_act == view.seat:
            strategy = self.strategy(view)
            if strategy is not None:
                return self._table_advice(view, strategy)
        if view.stage is Stage.PLAY and view.to_act == view.seat and not self.searches_play(view):
            model = kit(view).sensible(random.Random(0)).choose(view)
            searched = super().advise(view, also)
            rows = sorted(searched.options, key=lambda o: (o.action != model, -o.value))
            return Advice(tuple(rows), BY_RULE if rows[0].value < max(o.value for o in rows) else "")
        return super().advise(view, also)

    def _table_advice(self, view: View[Any], strategy: Strategy) -> Advice:
        choice = strategy.choice(view)
        by_name = {action_name(a, view): a for a in view.legal}
        if choice is None:
            model = kit(view).sensible(random.Random(0)).choose(view)
            searched = super().advise(view)
            rows = sorted(searched.options, key=lambda o: (o.action != model, -o.value))
            return Advice(tuple(rows), UNREACHED)
        rows = [
            Valued(by_name[a], v, h, p)
            for a, v, h, p in zip(choice.actions, choice.values, choice.halves, choice.probs, strict=True)
        ]
        rows.sort(key=lambda o: (-(o.prob or 0.0), -o.value))
        note = "" if choice.pure is not None else mixed_note(choice)
        return Advice(tuple(rows), note)


def expert_for(game: str) -> Callable[[random.Random], ExpertBot]:
    """The maker of the expert bot of ``game``: its number of worlds a decision in the play (:data:`SAMPLES`)."""
    return partial(ExpertBot, samples=SAMPLES.get(game, DEFAULT_SAMPLES))
