"""How many worlds a decision of the expert draws: a budget in time, spent as a count.

A decision must take about the same time whatever the position (the issue's target: 95% of decisions within
50 ms on one core), yet a bot must decide the same way on any machine, at any load, so that a resumed table plays
on exactly as an unbroken one would. So the budget is not a clock read while searching: it is a number of worlds,
worked out before the search from what a world will cost in this position, at the costs measured once on the
reference machine (:class:`Cost`, per game and form, ``benchmarks/bench_expert.py``). A world costs its drawing
(the log replayed, the model asked about each earlier declaration or call of another seat, for the inference) and
its valuation (each option played out card by card by the model, or the play solved with open cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["BUDGET_MS", "MIN_SAMPLES", "Cost", "Plan", "plan", "solvable"]

#: the time a decision may take on the reference machine, in milliseconds: the target's 50, less a margin for
#: what the costs leave out (the options listed, the model's own choice, the interpreter's noise)
BUDGET_MS = 38.0
#: the fewest worlds a decision draws, whatever it costs: fewer tell nothing (the expert then keeps to the
#: model's choice unless the worlds agree clearly, :data:`roundgames.bots.expert.CLEAR`)
MIN_SAMPLES = 4


@dataclass(frozen=True)
class Cost:
    """What the parts of a world cost in one game and form, in milliseconds on the reference machine."""

    #: a world drawn and its log replayed through the engine
    draw: float
    #: the model asked about one earlier declaration or call of another seat (the inference)
    declare: float
    #: one card (or one declaration still to come) played out by the model, for one option
    card: float
    #: the play solved with open cards, every card valued at once, per card still in the hands
    solve: float
    #: once a decision, per card played by another seat: what its play shows it could not hold, worked out
    forbid: float = 0.0
    #: once a decision: the options listed, the model's own choice
    fixed: float = 1.0
    #: the most cards in the hands for which the play is solved; with more it is played out by the model
    #: (a pure-Python solve of five full Loo hands takes longer than the whole budget)
    solve_cards: int = 52


@dataclass(frozen=True)
class Plan:
    """How a decision is searched: the worlds drawn, and whether the play is solved or played out."""

    samples: int
    solve: bool


def solvable(cost: Cost, deal: Any) -> bool:
    """Whether the play of ``deal`` is solved within the budget: few enough cards are left in the hands."""
    return sum(int.bit_count(h) for h in deal.hands) <= cost.solve_cards


def plan(
    cost: Cost, deal: Any, seat: int, options: int, finalists: int, *, in_play: bool, most: int, solve: bool
) -> Plan:
    """The worlds ``seat`` may draw for a decision among ``options`` in ``deal`` (at most ``most``, and at least
    :data:`MIN_SAMPLES` unless ``most`` is fewer), and whether its play is solved (``solve``, if the cards left
    allow it). ``finalists``: the options that go on through the worlds after the first quarter (successive
    halving, :mod:`roundgames.bots.expert`)."""
    left = sum(int.bit_count(h) for h in deal.hands)
    asked = sum(1 for a in deal.log if a.seat != seat and a.verb != "play")
    played = sum(1 for a in deal.log if a.seat != seat and a.verb == "play")
    budget = BUDGET_MS - cost.fixed - cost.forbid * played
    world = cost.draw + cost.declare * asked
    solve = solve and in_play and solvable(cost, deal)
    if solve:
        world += cost.solve * left
    else:
        alive = options if in_play or options <= finalists else options / 4 + 3 * min(options, finalists) / 4
        world += cost.card * alive * (left + (0 if in_play else len(deal.order)))
    return Plan(min(most, max(MIN_SAMPLES, int(budget / world))), solve)
