"""The search bot (``expert-search``): every decision by the value of sampled worlds, each solved exactly with its
cards open. It was the project's expert before the computed strategies (:mod:`.expert`, which keeps its search for
the card play), and stays for comparison.

This is how the strongest programs for trick-taking games with hidden hands decide (Skat's Kermit, the bridge
programs): draw the cards the seat has not seen, consistently with everything it saw; weigh each drawing by how
likely it makes what the others did; value each action in each drawing; take the action of best weighted value.

- **Worlds.** The resampler (:func:`roundgames.bots.worlds.resample`) redraws every unseen card and replays the
  deal through the engine: the drawing keeps what the seat saw (its hand, the turn-up, the miss or stock cards it
  took, shown voids, the obligations to head and trump that the others' play proves they could not meet).
- **Inference.** While a world is replayed, each earlier declaration or call of another seat is put to a model
  of how players declare and call, the sensible bot (the period's hints, :mod:`.loo`, :mod:`.nap`): a world in
  which that player would have done otherwise is kept at weight :data:`UNLIKELY` for each such action. So a
  world where a seat that stood holds rubbish counts for little.
- **Values.** In the play, the exact solver (:mod:`.solver`) values every card at once in each world (while
  few enough cards are left for a solve to fit the budget; before that, in Five-card Loo's first tricks, each
  card is played out as below). Before the play (Loo's stand, throw up, take the miss, defend, exchanges; Nap's
  calls, purchase, peep, spare hand, widow) each action is applied to a copy of the world and the deal is played
  out by the same model at every seat, the engine settling it: a simulated outcome, not a solved one, since open
  cards reward calls only a player seeing every card could make. Nothing is a hand-written threshold: an action
  is worth what it wins in the worlds.
- **Clear evidence.** The model is a good player, and a few dozen worlds are a noisy measure: the expert leaves
  the model's own choice only for an option the worlds show better by more than :data:`CLEAR` standard errors
  (the same worlds for both, so the luck of the drawing cancels). Policy improvement with a safety margin: in
  the tournament it is what makes the expert better than the model at Loo (docs/research/bots.md).
- **Budget.** About 40 ms a decision on the reference machine, spent as a number of worlds worked out before
  the search from what a world costs in the position (:mod:`.budget`): never a clock read while searching, so
  that the same seed makes the same decisions on any machine (a resumed table plays on as an unbroken one
  would). At most :data:`SAMPLES` worlds (by game), at least :data:`roundgames.bots.budget.MIN_SAMPLES` (unless
  the bot is made with fewer);
  ``benchmarks/bench_expert.py`` measures the time a decision takes. A decision with one option takes none.

The bot uses nothing the seat may not see: the deal behind its view (``view.world``) is reached only through the
resampler, and its tests change every unseen card and find no decision changed.

>>> from roundgames.games.registry import new_deal, rules_for
>>> from roundgames.bots import make_bot, play_deal
>>> deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=0, pool=0)
>>> deal.deal(3)
>>> net = play_deal(deal, {s: make_bot("expert-search" if s == 0 else "sensible", "nap", seed=s) for s in range(4)})
>>> deal.is_complete, sum(net) + deal.result().pool
(True, 0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from ..core.errors import RoundgamesError, RulesError
from ..games.plugin import BotParts
from ..games.protocol import Stage, View
from ..games.registry import PartsByGame
from .budget import plan, solvable
from .games import GameBots, kit
from .solver import Solver
from .worlds import ResampleError, Resampler

__all__ = [
    "CLEAR",
    "DEFAULT_SAMPLES",
    "KEPT",
    "ORACLE",
    "SAMPLES",
    "SEARCH",
    "UNLIKELY",
    "Advice",
    "Likelihood",
    "OracleBot",
    "SearchBot",
    "Valued",
    "search_for",
]

#: worlds drawn for each decision: the default, and by game, as each game's plug-in says (``BotParts.samples``: a
#: Loo deal's outcome swings by a whole pool, so it takes more worlds to tell two declarations apart)
DEFAULT_SAMPLES: Final = BotParts.samples
SAMPLES: Final[Mapping[str, int]] = PartsByGame("bots", lambda found: found.part("bots", "bots").samples)
#: the weight kept by a world for each declaration or call of another seat that the model would not have made
UNLIKELY = 0.15
#: the share of the worlds (in percent) in which every option is played out, before the best go on alone; and how
#: many go on
FIRST_SHARE = 25
FINALISTS = 2
#: the expert leaves the model's own choice only for an option the worlds show better by more than this many
#: standard errors (0: always the best estimate). The model is a good player: where the worlds are too few to
#: tell, its choice is the better bet (measured in the tournament, docs/research/bots.md)
CLEAR = 2.0
#: a verb naming sets of cards (exchanges, purchases) with more actions than this is tried in a few shapes only
#: (:meth:`candidates`); a card to play, a call, are every one weighed
MANY = 4


#: the search bot's name
SEARCH = "expert-search"
#: why a search's choice is not the best valued: the model's choice is kept unless another is clearly better
KEPT = "the sensible player's choice, kept: no other is better by more than the margin of the sampled worlds' noise"


@dataclass(frozen=True)
class Valued:
    """One option as weighed: what it is expected to net the seat by the deal's end, the half-width of that
    value's 95% interval (None: too few worlds or turns to say), and the probability the bot plays it where that
    is not simply 0 or 1 (a computed strategy's mix)."""

    action: Any
    value: float
    half: float | None = None
    prob: float | None = None


@dataclass(frozen=True)
class Advice:
    """Every option a bot weighs, its choice first and then best first, and ``note``: why the choice is not the
    best valued, where it is not (empty where it is)."""

    options: tuple[Valued, ...]
    note: str = ""


#: how likely a seat's declaration or call is in a world: ``likelihood(world, action)`` is the factor the world's
#: weight takes for it (the world at that seat's turn, before the action)
Likelihood = Callable[[Any, Any], float]


class SearchBot:
    """Sampled worlds, weighted by inference, each solved with open cards (see the module's description)."""

    name = SEARCH

    def __init__(
        self,
        rng: random.Random | None = None,
        samples: int = DEFAULT_SAMPLES,
        solve_play: bool = True,
        clear: float = CLEAR,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples: the most worlds a decision draws must be at least 1, not {samples}")
        self.rng = rng if rng is not None else random.Random()
        self.samples = samples
        self.solve_play = solve_play
        self.clear = clear

    def choose(self, view: View[Any]) -> Any:
        """The action of best expected value for the seat of ``view`` (the first of equal ones); but the model's
        own choice unless the worlds show the other better by more than :data:`CLEAR` standard errors."""
        if view.to_act != view.seat and view.legal:
            return view.legal[0]  # offered out of turn (side_actions; none is since §14.34): taken at once
        options = self.candidates(view)
        if len(options) == 1:
            return options[0]
        try:
            return self._decide(view, options)[0]
        except (ResampleError, RoundgamesError):
            if view.world is None or not view.world.irregularities:
                raise
            # Table mode's laws (a revoke's replay, a card taken back) left a history no world can be drawn for:
            # the model decides from the view alone.
            return kit(view).sensible(random.Random(0)).choose(view)

    def values(self, view: View[Any], also: tuple[Any, ...] = ()) -> list[tuple[Any, float]]:
        """Every option the bot weighs in ``view`` with what it expects it to net: the one it would choose first
        (:meth:`choose`, from the same worlds), then the others best first. What a replay or a hint shows.
        ``also``: legal actions it would not weigh (of many exchanges, a few are), valued in the same worlds as
        the rest (a person's choice, in a review) but never its choice."""
        return [(o.action, o.value) for o in self.advise(view, also).options]

    def advise(self, view: View[Any], also: tuple[Any, ...] = ()) -> Advice:
        """:meth:`values` with each value's 95% interval, and why the choice is not the best valued where it is
        not (:class:`Advice`)."""
        options = self.candidates(view)
        extra = [a for a in also if a not in options]
        choice, found = self._decide(view, options, extra)
        weighed = options + extra
        listed = [Valued(a, m, h) for a, m, h in zip(weighed, found.means, found.halves, strict=True)]
        listed.sort(key=lambda o: (o.action != choice, -o.value))
        best = max(o.value for o in listed[: len(listed)] if o.action in options)
        note = "" if listed[0].value >= best else KEPT
        return Advice(tuple(listed), note)

    def evaluate(self, view: View[Any], options: list[Any]) -> list[float]:
        """What each of ``options`` is expected to net the seat, over the worlds of the budget (see
        :meth:`_estimate`)."""
        return self._estimate(view, options, None).means

    def margin(self, view: View[Any]) -> float:
        """How many standard errors better than the model's choice another option must be to be chosen."""
        return self.clear

    def _decide(self, view: View[Any], options: list[Any], extra: list[Any] | None = None) -> tuple[Any, _Found]:
        """The option chosen among ``options`` (:meth:`choose`), with what each of them and of ``extra`` (weighed
        in the same worlds, never chosen) netted in the worlds."""
        clear = self.margin(view)
        model = kit(view).sensible(random.Random(0)).choose(view) if len(options) > 1 and clear > 0 else None
        anchor = options.index(model) if model in options else None
        found = self._estimate(view, options + (extra or []), anchor, keep_all=bool(extra))
        means = found.means
        best = max(range(len(options)), key=means.__getitem__)
        if anchor is None or best == anchor or found.clearly_better(best, anchor, clear):
            return options[best], found
        return options[anchor], found

    def candidates(self, view: View[Any]) -> list[Any]:
        """The actions weighed: every legal action (every card that may be played, every call open), except that
        a verb naming many sets of cards (the subsets of a hand to exchange or buy with) is tried as the model
        would use it and, for each count of cards, with the weakest cards of the hand; the verbs taken blind
        (Nap's widow, top card, spare hand) in each way."""
        game = kit(view)
        if not view.legal and not view.may_take:
            raise RulesError(f"seat {view.seat} has nothing to do: it is not its turn")
        by_verb: dict[str, list[Any]] = {}
        for action in view.legal:
            by_verb.setdefault(action.verb, []).append(action)
        out: list[Any] = []
        for actions in by_verb.values():
            sets = any(game.solve.named_cards(a).bit_count() > 1 for a in actions)
            out += _shapes(view, actions, game) if sets and len(actions) > MANY else actions
        if view.may_take:
            assert game.blind_takes is not None, "a game that offers cards unseen says how they are taken"
            for verb in view.may_take:
                out += game.blind_takes(view, verb)
        return out

    def likelihood(self, world: Any, action: Any) -> float:
        """How likely another seat's declaration or call ``action`` is in ``world`` (its weight factor): the
        model's rule (:func:`model_likelihood`)."""
        return model_likelihood(world, action)

    def _estimate(self, view: View[Any], options: list[Any], keep: int | None, keep_all: bool = False) -> _Found:
        """What each of ``options`` nets the seat in each of :attr:`samples` weighted worlds.

        Before the play, where each option is played out world by world, the worlds are spent as in successive
        halving: every option is played out in the first :data:`FIRST_SHARE` of them, and only the
        :data:`FINALISTS` best of those (and option ``keep``, if given) go on through the rest; an option
        dropped keeps the value it had when dropped. In the play the solver values every card of a world at
        once, so every card sees every world."""
        deal = view.world
        if deal is None:
            raise RulesError("the expert bot needs the deal behind the view (View.world)")
        game = kit(deal)
        in_play = deal.stage is Stage.PLAY and all(o.verb == "play" for o in options)
        finalists = len(options) if keep_all else FINALISTS + (keep is not None)
        spend = plan(
            game.solve.cost(deal.rules),
            deal,
            view.seat,
            len(options),
            finalists,
            in_play=in_play,
            most=self.samples,
            solve=self.solve_play,
        )
        worlds = []
        drawing = Resampler(deal, view.seat)
        for _ in range(spend.samples):
            weigher = _Weigher(view.seat, self.likelihood)
            world = drawing.draw(self.rng, observe=weigher)
            worlds.append((weigher.weight, world))
        halving = not (in_play or keep_all or len(options) <= finalists)
        first = max(1, len(worlds) * FIRST_SHARE // 100) if halving else len(worlds)
        found = _Found(len(options))
        alive = list(range(len(options)))
        for n, (weight, world) in enumerate(worlds):
            if n == first:  # the finalists go on
                ranked = sorted(alive, key=lambda i: -found.means[i])
                alive = sorted(set(ranked[:FINALISTS]) | ({keep} if keep is not None else set()))
            values = _Rollouts(world, view.seat, game, spend.solve).values([options[i] for i in alive])
            for i, v in zip(alive, values, strict=True):
                found.add(i, n, weight, v)
        return found


class _Found:
    """What each option netted in each world it was tried in, with the world's weight."""

    def __init__(self, count: int) -> None:
        self.seen: list[dict[int, tuple[float, float]]] = [{} for _ in range(count)]

    def add(self, option: int, world: int, weight: float, value: float) -> None:
        self.seen[option][world] = (weight, value)

    @property
    def means(self) -> list[float]:
        """Each option's weighted mean."""
        return [sum(w * v for w, v in d.values()) / sum(w for w, _ in d.values()) for d in self.seen]

    @property
    def halves(self) -> list[float | None]:
        """The half-width of each weighted mean's 95% interval over the worlds it was tried in (the spread of
        the worlds over their effective number, Kish's), None for fewer than two."""
        out: list[float | None] = []
        for d in self.seen:
            total = sum(w for w, _ in d.values())
            square = sum(w * w for w, _ in d.values())
            if len(d) < 2 or total <= 0:
                out.append(None)
                continue
            mean = sum(w * v for w, v in d.values()) / total
            spread = sum(w * (v - mean) ** 2 for w, v in d.values()) / total
            effective = total**2 / square
            out.append(1.96 * math.sqrt(spread / max(1.0, effective - 1.0)))
        return out

    def clearly_better(self, a: int, b: int, z: float) -> bool:
        """Whether option ``a`` netted more than ``b`` by more than ``z`` standard errors, over the worlds both
        were tried in (the same cards for both, so the luck of the drawing cancels)."""
        both = self.seen[a].keys() & self.seen[b].keys()
        pairs = [(self.seen[a][n][0], self.seen[a][n][1] - self.seen[b][n][1]) for n in both]
        total = sum(w for w, _ in pairs)
        if len(pairs) < 2 or total <= 0:
            return False
        mean = sum(w * d for w, d in pairs) / total
        spread = sum(w * (d - mean) ** 2 for w, d in pairs) / total
        effective = total**2 / sum(w * w for w, _ in pairs)
        return mean > z * math.sqrt(spread / max(1.0, effective - 1.0))


#: the name of the bot that sees every card, for the tournament only
ORACLE = "oracle"


class OracleBot(SearchBot):
    """The expert's search on the one true world: every card seen, the play solved exactly. Not a fair player, and
    never offered at a table: the tournament's measure of how much seeing the cards is worth, so that the share
    of the gap between ``sensible`` and it that ``expert`` closes can be measured on the same boards."""

    name = ORACLE

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, samples=1, clear=0.0)  # one world, the true one: its best is the choice

    def _estimate(self, view: View[Any], options: list[Any], keep: int | None, keep_all: bool = False) -> _Found:
        """What each option nets in the deal itself (``view.world``), nothing redrawn."""
        if view.world is None:
            raise RulesError("the oracle needs the deal behind the view (View.world)")
        found = _Found(len(options))
        game = kit(view.world)
        solve = solvable(game.solve.cost(view.world.rules), view.world)
        for i, v in enumerate(_Rollouts(view.world, view.seat, game, solve).values(options)):
            found.add(i, 0, 1.0, v)
        return found


def _steps(payoff: list[float]) -> list[int]:
    """The trick counts at which the payoff changes."""
    return [k for k in range(1, len(payoff)) if payoff[k] != payoff[k - 1]]


def _shapes(view: View[Any], actions: list[Any], game: GameBots) -> list[Any]:
    """Of many actions of one verb: the model's choice if it is among them, and for each count of cards the one
    naming the weakest (the lowest ranks, a trump and Pam counted high)."""
    strong = 0 if view.trump is None else (0x1FFF << 13 * view.trump)
    named = [(game.solve.named_cards(a), a) for a in actions]

    def weakness(mask: int) -> int:
        return sum((c % 13) + (13 if strong >> c & 1 else 0) for c in range(52) if mask >> c & 1)

    best: dict[int, tuple[int, Any]] = {}
    for mask, action in named:
        k = mask.bit_count()
        w = weakness(mask)
        if k not in best or w < best[k][0]:
            best[k] = (w, action)
    out = [best[k][1] for k in sorted(best)]
    model = game.sensible(random.Random(0)).choose(view)
    if model in actions and model not in out:
        out.insert(0, model)
    return out


def model_likelihood(world: Any, action: Any) -> float:
    """1 when the model (the sensible bot) would have made ``action`` in ``world``, else :data:`UNLIKELY`."""
    game = kit(world)
    model = game.sensible(random.Random(0)).choose(world.view(action.seat))
    return 1.0 if game.solve.public_of(model) == game.solve.public_of(action) else UNLIKELY


class _Weigher:
    """Told of each action as a world is replayed (``resample(observe=...)``): the world's weight, the product of
    how likely ``likelihood`` makes each declaration and call of another seat in it."""

    def __init__(self, seat: int, likelihood: Likelihood) -> None:
        self.seat = seat
        self.likelihood = likelihood
        self.weight = 1.0
        self.world: Any = None

    def __call__(self, world: Any, action: Any) -> None:
        if world is not self.world:  # a new attempt at a world: start again
            self.world, self.weight = world, 1.0
        if action.seat == self.seat or world.stage is not Stage.BID or world.to_act != action.seat:
            return
        self.weight *= self.likelihood(world, action)


class _Rollouts:
    """The value of each option in one world: solved in the play, played on by the model and solved before it."""

    def __init__(self, world: Any, seat: int, game: GameBots, solve_play: bool = True) -> None:
        self.world = world
        self.seat = seat
        self.game = game
        self.solve_play = solve_play
        self.model: dict[int, Any] = {}
        self.solvers: dict[tuple[object, ...], Solver] = {}

    def values(self, options: list[Any]) -> list[float]:
        world = self.world
        plays: dict[int, float] = {}
        if self.solve_play and world.stage is Stage.PLAY and any(o.verb == "play" for o in options):
            plays = self._play_values(world)
        out = []
        for option in options:
            move = self.game.solve.move_of(option) if option.verb == "play" else None
            if move in plays:  # a card the laws of play allow; another (table mode's irregular) is played out
                out.append(plays[move])
                continue
            after = world.copy()
            after.apply(option)
            out.append(self._finish(after))
        return out

    def _play_values(self, deal: Any) -> dict[int, float]:
        solve = self.game.solve
        rules, pos = solve.position(deal)
        payoff = solve.payoff(deal, self.seat)
        solver = self._solver(rules, pos, deal)
        steps = _steps(payoff)
        if len(steps) == 1:  # a call made or lost: null-window searches say which
            k = steps[0]
            return {move: payoff[k if made else k - 1] for move, made in solver.moves_at_least(pos, k).items()}
        return {move: payoff[k] for move, k in solver.move_values(pos).items()}

    def _finish(self, deal: Any) -> float:
        """Play ``deal`` on to its end with the model at every seat; what the seat nets.

        Before the play a deal is valued by playing it out, not by solving it with open cards: a solved play
        rewards a call that only a player seeing every card could make (the double-dummy bias of bridge
        programs), and in the tournament the played-out values call and declare better (docs/research/bots.md)."""
        while not deal.is_complete:
            if self._side_action(deal):
                continue
            s = deal.to_act
            legal = deal.legal_actions()
            if len(legal) == 1 and legal[0].verb == "play":
                deal.apply(legal[0])  # a card forced (Loo's heading and trumping): no view to build, no choice
                continue
            deal.apply(self._model(s).choose(deal.view(s)))
        return float(deal.net[self.seat])

    def _side_action(self, deal: Any) -> bool:
        for s in deal.order:
            if s != deal.to_act and deal.side_actions(s):
                deal.apply(deal.side_actions(s)[0])  # offered out of turn (none is since §14.34): taken
                return True
        return False

    def _solver(self, rules: Any, pos: Any, deal: Any) -> Any:
        """One solver for each side and laws in this world, so its table serves every rollout that reaches the
        same cards."""
        side, count = self.game.solve.side(deal, self.seat)
        key = (side, count, pos.seats, rules.key)
        if key not in self.solvers:
            fast = self.game.solve.fast_solver(rules, side, count)
            self.solvers[key] = fast if fast is not None else Solver(rules, side, count)
        return self.solvers[key]

    def _model(self, seat: int) -> Any:
        if seat not in self.model:
            self.model[seat] = self.game.sensible(random.Random(seat))
        return self.model[seat]


def search_for(game: str) -> Callable[[random.Random], SearchBot]:
    """The maker of the search bot of ``game``: its number of worlds a decision (:data:`SAMPLES`)."""
    return partial(SearchBot, samples=SAMPLES.get(game, DEFAULT_SAMPLES))
