"""The expert's budget (roundgames.bots.budget): worlds worked out from what a world costs, never from a clock."""

from __future__ import annotations

from typing import Any

import pytest

from roundgames.bots import make_bot, offer_side_actions
from roundgames.bots.budget import BUDGET_MS, MIN_SAMPLES, Cost, plan
from roundgames.bots.loo_solve import COSTS
from roundgames.games.protocol import Stage
from roundgames.games.registry import new_deal, rules_for

CHEAP = Cost(draw=0.01, declare=0.0, card=0.0001, solve=0.0001, fixed=0.0)
DEAR = Cost(draw=50.0, declare=1.0, card=1.0, solve=1.0)


def _first_declaration(preset: str, players: int) -> Any:
    """A regular deal of ``preset`` at its first declaration."""
    deal = new_deal("loo", rules_for("loo", preset), players, dealer=0, pool=3 * players)
    deal.deal(f"budget:{preset}")
    assert deal.stage is Stage.BID
    return deal


def test_the_worlds_fit_the_budget_between_the_least_and_the_most() -> None:
    """A cheap world: the most allowed; a world dearer than the whole budget: the least (MIN_SAMPLES)."""
    deal = _first_declaration("peel", 5)
    seat = deal.to_act
    assert plan(CHEAP, deal, seat, 2, 2, in_play=False, most=32, solve=True).samples == 32
    assert plan(DEAR, deal, seat, 2, 2, in_play=False, most=32, solve=True).samples == MIN_SAMPLES
    assert plan(DEAR, deal, seat, 2, 2, in_play=False, most=2, solve=True).samples == 2  # the most is the most


def test_more_options_to_play_out_mean_fewer_worlds() -> None:
    """Each option is played out in each world it reaches: the more options, the dearer a world, the fewer worlds;
    and the count is what the costs make of the budget (the same every time: no clock is read)."""
    deal = _first_declaration("peel", 5)
    seat = deal.to_act
    cost = COSTS["three_card"]
    counts = [plan(cost, deal, seat, k, 2, in_play=False, most=10_000, solve=True).samples for k in (2, 4, 8)]
    assert counts[0] > counts[1] > counts[2] >= MIN_SAMPLES
    left = sum(int.bit_count(h) for h in deal.hands)
    world = cost.draw + cost.card * 2 * (left + len(deal.order))
    assert counts[0] == int((BUDGET_MS - cost.fixed) / world)
    assert counts == [plan(cost, deal, seat, k, 2, in_play=False, most=10_000, solve=True).samples for k in (2, 4, 8)]


def test_the_play_is_solved_only_while_few_enough_cards_are_left() -> None:
    """Five-card Loo's first tricks are played out (a pure-Python solve of five full hands is dearer than the
    budget); its last tricks, and a position asked not to be solved, as the cost says."""
    deal = _first_declaration("five-card", 5)
    bots = {s: make_bot("sensible", "loo", seed=s) for s in range(5)}
    seen = set()
    while not deal.is_complete:
        if offer_side_actions(deal, bots):
            continue
        if deal.stage is Stage.PLAY and deal.to_act is not None:
            left = sum(int.bit_count(h) for h in deal.hands)
            cost = COSTS["five_card"]
            got = plan(cost, deal, deal.to_act, 2, 2, in_play=True, most=32, solve=True)
            assert got.solve == (left <= cost.solve_cards)
            assert not plan(cost, deal, deal.to_act, 2, 2, in_play=True, most=32, solve=False).solve
            seen.add(got.solve)
        deal.apply(bots[deal.to_act].choose(deal.view(deal.to_act)))
    assert seen == {True, False}


@pytest.mark.parametrize("name", ["expert", "expert-search"])
def test_the_worlds_do_not_depend_on_what_is_installed(name: str) -> None:
    """Nap's costs are the same with numba and without it (the pure-Python solver is only slower), so a seeded
    decision is the same on any install: a hint and the later review of it agree wherever each is worked out (the
    expert's, and the search's)."""
    from roundgames.bots import nap_compiled
    from roundgames.bots.nap_solve import cost

    deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=3, pool=0)
    deal.deal("budget:install")
    while deal.stage is not Stage.PLAY or len(deal.legal_actions()) < 2:  # a card to choose: the solver is asked
        deal.apply(make_bot("sensible", "nap", seed=1).choose(deal.view(deal.to_act)))
    seat = deal.to_act
    with_numba = plan(cost(deal.rules), deal, seat, 5, 3, in_play=True, most=24, solve=True)
    saved = nap_compiled._kernel
    nap_compiled._kernel = False  # as without numba
    try:
        without = plan(cost(deal.rules), deal, seat, 5, 3, in_play=True, most=24, solve=True)
        values = make_bot(name, "nap", seed=5).values(deal.view(seat))  # type: ignore[attr-defined]
    finally:
        nap_compiled._kernel = saved
    assert with_numba == without
    assert values == make_bot(name, "nap", seed=5).values(deal.view(seat))  # type: ignore[attr-defined]
