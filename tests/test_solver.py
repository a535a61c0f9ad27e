"""The open-card solver (roundgames.bots.solver) against brute force, its play rules against the engine's own,
and Nap's compiled solver against the pure-Python one: Loo's three forms (LOO-PLAY-1..9, LOO5-3/4/5, LOOI-1)
and Nap with trumps and in misery (NAP-PLAY-1..5)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from roundgames.bots import loo_solve, make_bot, nap_solve
from roundgames.bots.games import kit
from roundgames.bots.nap_compiled import compiled_solver
from roundgames.bots.solver import CIVIL, Position, Solver, brute_force
from roundgames.games.protocol import Stage
from roundgames.games.registry import new_deal, rules_for
from roundgames.loo.actions import Decl

#: (game, preset, options, players, the fewest cards played before a position is brute-forced, positions)
FORMS = [
    ("loo", "peel", {}, 5, 0, 1200),
    ("loo", "peel", {"lead_rule": "cassell"}, 4, 0, 300),
    ("loo", "five-card", {}, 5, 10, 250),
    ("loo", "five-card", {"pam": "jack_trumps"}, 4, 8, 150),
    ("loo", "irish", {}, 4, 0, 400),
    ("nap", "peel", {}, 4, 9, 250),
    ("nap", "peel", {"misery_trumps": False}, 3, 6, 250),
]


def _in_play(game: str, preset: str, options: dict[str, Any], players: int, seed: int, plays: int) -> Any:
    """A deal in its play: declared or called by sensible bots, then ``plays`` cards played at random."""
    rng = random.Random(seed)
    deal = new_deal(game, rules_for(game, preset, options), players, dealer=0, pool=players * 3)
    deal.deal(seed)
    bots = {s: make_bot("sensible" if rng.random() < 0.7 else "random", game, seed=seed + s) for s in range(players)}
    while not deal.is_complete and deal.stage is not Stage.PLAY:
        s = deal.to_act
        deal.apply(bots[s].choose(deal.view(s)))
    for _ in range(plays):
        if deal.is_complete or deal.stage is not Stage.PLAY:
            return None
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.verb == "play"]))
    return deal if not deal.is_complete and deal.stage is Stage.PLAY else None


def _positions(form: tuple[Any, ...]) -> Iterator[tuple[Any, int, Any, Position]]:
    game, preset, options, players, fewest, count = form
    seed = 0
    found = 0
    while found < count:
        seed += 1
        deal = _in_play(game, preset, options, players, seed, fewest + seed % 4)
        if deal is None:
            continue
        rules, pos = kit(deal).solve.position(deal)
        found += 1
        yield deal, seed, rules, pos


@pytest.mark.parametrize("form", FORMS, ids=[f"{f[0]}-{f[1]}-{'-'.join(f[2]) or 'default'}" for f in FORMS])
def test_the_solver_agrees_with_brute_force(form: tuple[Any, ...]) -> None:
    """On hundreds of random positions of every form (thousands in all), the solver's value for a side equals
    plain minimax over every move; ``at_least`` agrees with the value on both sides of it."""
    checked = 0
    for deal, seed, rules, pos in _positions(form):
        seat = pos.seats[seed % len(pos.seats)]
        side, count = kit(deal).solve.side(deal, seat)
        solver = Solver(rules, side, count)
        value = solver.value(pos)
        assert value == brute_force(rules, pos, side, count=count), f"seed {seed}"
        fresh = Solver(rules, side, count)
        assert fresh.at_least(pos, value) and not fresh.at_least(pos, value + 1), f"seed {seed}"
        checked += 1
    assert checked == form[-1]


def test_the_brute_force_count_reaches_thousands() -> None:
    assert sum(f[-1] for f in FORMS) >= 2000


@pytest.mark.parametrize("form", FORMS[:1] + FORMS[2:3] + FORMS[4:6], ids=["loo", "five-card", "irish", "nap"])
def test_the_play_rules_are_the_engines(form: tuple[Any, ...]) -> None:
    """Along random play, the moves the solver tries are exactly the engine's legal plays (the ace of trumps led
    "civil" too, LOO5-4), and the seat it has to play is the engine's."""
    game, preset, options, players, _, _ = form
    steps = 0
    for seed in range(1, 60):
        deal = _in_play(game, preset, options, players, seed, 0)
        rng = random.Random(seed)
        while deal is not None and not deal.is_complete:
            rules, pos = kit(deal).solve.position(deal)
            legal = sorted(kit(deal).solve.move_of(a) for a in deal.legal_actions() if a.verb == "play")
            assert sorted(rules.moves(pos.hands[pos.to_act], pos.trick, pos.done, pos.trump)) == legal
            assert pos.to_act == deal.to_act
            deal.apply(rng.choice(deal.legal_actions()))
            steps += 1
    assert steps > 300


def test_a_trick_is_scored_as_the_engine_scores_it() -> None:
    """The winner the play rules give each finished trick of real deals is the engine's (LOO-PLAY-7, LOO5-3,
    NAP-PLAY-3): every trick of 200 deals of each game replayed through the solver's rules."""
    checked = 0
    for game, preset, players in (("loo", "peel", 5), ("loo", "five-card", 5), ("nap", "peel", 4)):
        for seed in range(1, 200):
            deal = _in_play(game, preset, {}, players, seed, 0)
            if deal is None:
                continue
            rules, _ = kit(deal).solve.position(deal)
            rng = random.Random(seed)
            civil_leads = set()
            while not deal.is_complete:
                action = rng.choice(deal.legal_actions())
                if action.verb == "play" and getattr(action, "arg", None) == "civil":
                    civil_leads.add(len(deal.tricks))
                deal.apply(action)
            for i, trick in enumerate(deal.tricks):
                moves = list(trick.cards)
                if i in civil_leads:
                    moves[0] += CIVIL
                assert trick.seats[rules.winner(moves, deal.trump)] == trick.winner
                checked += 1
    assert checked > 2000


def test_nap_misery_counts_the_callers_tricks_and_the_others_maximize_them() -> None:
    """In misery the caller's tricks count and the others play to give him one (NAP-VAR-MISERY): the solver's
    side is the others, its count the caller."""
    found = 0
    for seed in range(1, 600):
        deal = _in_play("nap", "peel", {}, 3, seed, 3)
        if deal is None or deal.contract != "misery":
            continue
        side, count = nap_solve.side(deal, deal.declarer)
        assert count == 1 << deal.declarer and not side >> deal.declarer & 1
        rules, pos = nap_solve.position(deal)
        assert Solver(rules, side, count).value(pos) == brute_force(rules, pos, side, count=count)
        found += 1
    assert found >= 3


def test_the_compiled_nap_solver_agrees_with_the_python_one() -> None:
    """Nap's numba solver (the [sim] extra) gives the pure-Python solver's values, move by move, on hundreds of
    positions from the first lead on, with trumps and in misery without them."""
    checked = 0
    for options in ({}, {"misery_trumps": False}):
        for seed in range(1, 160):
            deal = _in_play("nap", "peel", options, 4, seed, seed % 9)
            if deal is None:
                continue
            rules, pos = nap_solve.position(deal)
            side, count = nap_solve.side(deal, deal.to_act)
            fast = compiled_solver(rules, side, count)
            assert fast is not None, "numba is installed by make test ([sim])"
            slow = Solver(rules, side, count)
            assert fast.move_values(pos) == slow.move_values(pos), f"seed {seed}"
            k = 1 + seed % 5
            assert fast.moves_at_least(pos, k) == Solver(rules, side, count).moves_at_least(pos, k)
            assert fast.value(pos) == slow.value(pos)
            checked += 1
    assert checked > 200


def test_loo_payoff_is_the_share_of_each_trick_and_the_loo() -> None:
    """What a Loo seat nets by its tricks (LOO-SET-1..3): the pool divided by the tricks, a loo for none; and a
    deal played out nets what the payoff said for the tricks it took."""
    checked = 0
    for seed in range(1, 120):
        deal = _in_play("loo", "peel", {}, 4, seed, 0)
        if deal is None:
            continue
        seat = deal.players[seed % len(deal.players)]
        if deal.decls[seat] is Decl.DEFEND:
            continue  # the dealer playing the miss for the pool carries his shares (LOO-DECL-8)
        table = loo_solve.payoff(deal, seat)
        assert table[0] < table[1] < table[2] < table[3]
        rng = random.Random(seed)
        while not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))
        assert abs(table[deal.won[seat]] - deal.net[seat]) <= 1  # the odd counters of LOO-SET-2 spread evenly
        checked += 1
    assert checked > 60


def test_nap_payoff_is_the_deals_own_settlement() -> None:
    """What a Nap seat nets by the caller's tricks is what the deal pays when played out (NAP-PLAY-4, NAP-SET-1)."""
    checked = 0
    for seed in range(1, 150):
        deal = _in_play("nap", "peel", {}, 4, seed, 0)
        if deal is None:
            continue
        tables = {s: nap_solve.payoff(deal, s) for s in range(4)}
        rng = random.Random(seed)
        while not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))
        caller_tricks = deal.won
        for s in range(4):
            assert tables[s][min(caller_tricks, 5)] == deal.net[s], f"seed {seed}"
        checked += 1
    assert checked > 80
