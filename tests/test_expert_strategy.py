"""The expert bot with the computed strategies the package ships (roundgames.bots.expert): it declares and calls by
the strategy's table where one fits the table (Three-card Loo at five and Nap at four, Peel's rules), advises with
the table's values, plays its cards by the search with no margin, weighs its worlds by the strategy, and decides as
the search does (``expert-search``) at any other table.

Whatever strategy files are shipped, the tests read the expert's answers against them (a row the strategy never
reached is played as ``sensible`` plays it); the deals are engine deals played by ``sensible`` and ``random`` so
that odd positions come up (the miss taken, calls over calls).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import bidding
from roundgames.bots import ExpertBot, SearchBot, make_bot
from roundgames.bots.expert import BY_RULE, FLOOR, UNREACHED, mixed_note
from roundgames.bots.search import UNLIKELY
from roundgames.bots.strategy import Strategy, action_name, shipped
from roundgames.games.protocol import Stage
from roundgames.games.registry import new_deal, rules_for

#: the tables a strategy is shipped for: (game, players, form as the file names it)
SHIPPED = [("loo", 5, "three_card"), ("nap", 4, None)]


def _strategy(game: str, players: int, form: str | None) -> Strategy:
    found = shipped(game, players, form)
    assert found is not None, f"no strategy shipped for {game} at {players}"
    assert found.fits(rules_for(game, "peel"), players)
    return found


def _turns(game: str, players: int, deals: int, tag: str, preset: str = "peel", **options: Any) -> Iterator[Any]:
    """Each declaring or calling turn with a choice in ``deals`` engine deals (the view), the seats sensible and
    random by turns; Loo's pools from 3 to 27 after the stake."""
    rules = rules_for(game, preset, options)
    for i in range(deals):
        pool = 6 * (i % 5) if game == "loo" else 0
        deal = new_deal(game, rules, players, dealer=i % players, pool=pool)
        deal.deal(f"{tag}:{i}")
        bots = {s: make_bot(("sensible", "random")[(s + i) % 2], game, seed=i * 8 + s) for s in range(players)}
        for view, _ in bidding(deal, bots):
            yield view


@pytest.mark.parametrize(("game", "players", "form"), SHIPPED, ids=["loo", "nap"])
def test_the_expert_declares_and_calls_by_the_shipped_strategy(game: str, players: int, form: str | None) -> None:
    """At each turn: the row's action where it is pure, an action of the row's mix where it mixes (never one the
    row gives no weight), and ``sensible``'s choice where the strategy never reached the cell (LOO-DECL, NAP-CALL)."""
    strategy = _strategy(game, players, form)
    seen = Counter[str]()
    for k, view in enumerate(_turns(game, players, 60, f"expert-table:{game}")):
        choice = strategy.choice(view)
        action = ExpertBot(random.Random(k)).choose(view)
        assert action in view.legal
        if choice is None:
            assert action == make_bot("sensible", game, seed=0).choose(view)
            seen["unreached"] += 1
        elif choice.pure is not None:
            assert action_name(action) == choice.pure
            seen["pure"] += 1
        else:
            assert choice.prob(action_name(action)) > 0
            seen["mixed"] += 1
    assert seen["pure"] >= 50, seen


@pytest.mark.parametrize(("game", "players", "form"), SHIPPED, ids=["loo", "nap"])
def test_where_the_strategy_mixes_the_expert_draws_by_its_probabilities(
    game: str, players: int, form: str | None
) -> None:
    """At the first mixed cell met, 400 experts of 400 seeds: each action of the row is drawn about as often as the
    row says (within five standard errors), and none outside it."""
    strategy = _strategy(game, players, form)
    view, choice = next((v, c) for v in _turns(game, players, 200, "mixed") if (c := strategy.choice(v)) and not c.pure)
    drawn = Counter(action_name(ExpertBot(random.Random(seed)).choose(view)) for seed in range(400))
    assert set(drawn) <= {a for a, p in zip(choice.actions, choice.probs, strict=True) if p > 0}
    for a, p in zip(choice.actions, choice.probs, strict=True):
        assert abs(drawn[a] - 400 * p) <= 5 * (400 * p * (1 - p)) ** 0.5 + 1, (a, p, drawn)


@pytest.mark.parametrize(("game", "players", "form"), SHIPPED, ids=["loo", "nap"])
def test_the_experts_advice_before_the_play_is_the_tables_row(game: str, players: int, form: str | None) -> None:
    """The advice lists the row's actions with the table's values, 95% intervals and probabilities, the one the
    strategy plays most first; a note says where the row mixes (its shares in words) and none where it is pure;
    where the strategy never met the cell, the note says so and ``sensible``'s choice comes first."""
    strategy = _strategy(game, players, form)
    seen = Counter[str]()
    for k, view in enumerate(_turns(game, players, 40, f"advice:{game}")):
        choice = strategy.choice(view)
        bot = ExpertBot(random.Random(k), samples=3)
        advice = bot.advise(view)
        if choice is None:
            assert advice.note == UNREACHED
            assert advice.options[0].action == make_bot("sensible", game, seed=0).choose(view)
            seen["unreached"] += 1
            continue
        listed = {action_name(o.action): o for o in advice.options}
        assert set(listed) == set(choice.actions)
        for a, value, half, prob in zip(choice.actions, choice.values, choice.halves, choice.probs, strict=True):
            assert (listed[a].value, listed[a].half, listed[a].prob) == (value, half, prob)
        first = action_name(advice.options[0].action)
        assert choice.prob(first) == max(choice.probs)
        if choice.pure is not None:
            assert first == choice.pure == action_name(bot.choose(view)) and advice.note == ""
            seen["pure"] += 1
        else:
            assert advice.note == mixed_note(choice) and advice.note.startswith("the strategy mixes here: it ")
            seen["mixed"] += 1
    assert seen["pure"] and seen["mixed"], seen


def _play_views(game: str, players: int, pool: int, count: int) -> list[Any]:
    """Views of the play with a choice, at tables of sensible players (``count`` over six deals)."""
    out: list[Any] = []
    for i in range(6):
        deal = new_deal(game, rules_for(game, "peel"), players, dealer=i % players, pool=pool)
        deal.deal(f"play:{game}:{i}")
        bots = {s: make_bot("sensible", game, seed=s) for s in range(players)}
        while not deal.is_complete:
            seat = deal.to_act
            view = deal.view(seat)
            if deal.stage is Stage.PLAY and len(view.legal) > 1 and len(out) < count * (i + 1) // 6:
                out.append((i, deal.copy(), seat))
            deal.apply(bots[seat].choose(view))
    return out


def test_in_nap_s_play_the_expert_takes_the_card_of_best_weighted_value() -> None:
    """In Nap's play (NAP-PLAY) the expert's advice is its search's over the worlds, with no margin to the sensible
    model: its choice first and of the highest value, and no note."""
    found = _play_views("nap", 4, 0, 18)
    for i, deal, seat in found:
        view = deal.view(seat)
        advice = ExpertBot(random.Random(i), samples=4).advise(view)
        assert advice.options[0].value == max(o.value for o in advice.options) and advice.note == ""
        assert ExpertBot(random.Random(i), samples=4).choose(view) == advice.options[0].action
    assert len(found) >= 6


def test_in_loo_s_play_the_expert_plays_by_the_sensible_rules_and_says_so() -> None:
    """In Loo's play (LOO-PLAY) the expert plays the sensible player's card (searching the play did worse in the
    tournament); its advice lists that card first with the search's values, and where another is valued higher
    the note says why (BY_RULE)."""
    found = _play_views("loo", 5, 6, 18)
    for i, deal, seat in found:
        view = deal.view(seat)
        model = make_bot("sensible", "loo", seed=0).choose(view)
        assert ExpertBot(random.Random(i), samples=4).choose(view) == model
        advice = ExpertBot(random.Random(i), samples=4).advise(view)
        assert advice.options[0].action == model
        best = max(o.value for o in advice.options)
        assert advice.note == (BY_RULE if advice.options[0].value < best else "")
    assert len(found) >= 6


@pytest.mark.parametrize(
    ("game", "preset", "players", "options"),
    [("loo", "enquire-within", 5, {}), ("loo", "peel", 4, {}), ("nap", "peel", 4, {"purchase": True})],
    ids=["loo-enquire-within", "loo-four", "nap-purchase"],
)
def test_at_a_table_no_strategy_fits_the_expert_decides_as_the_search_does(
    game: str, preset: str, players: int, options: dict[str, Any]
) -> None:
    """Another preset, table size or rule: no shipped strategy fits, and the expert declares or calls, and
    advises, exactly as the search bot with the same seed (its margin to the model's choice included)."""
    compared = 0
    for k, view in enumerate(_turns(game, players, 8, f"no-table:{game}", preset, **options)):
        assert ExpertBot.strategy(view) is None
        expert, search = ExpertBot(random.Random(k), samples=3), SearchBot(random.Random(k), samples=3)
        assert expert.choose(view) == search.choose(view)
        assert expert.advise(view) == search.advise(view)
        compared += 1
        if compared == 10:
            break
    assert compared == 10


@pytest.mark.parametrize(("game", "players", "form"), SHIPPED, ids=["loo", "nap"])
def test_the_experts_worlds_are_weighed_by_the_strategy(game: str, players: int, form: str | None) -> None:
    """The weight a world takes for another seat's declaration or call is the strategy's probability of it there:
    at the floor (FLOOR) for one the strategy never makes, 1 for its pure choice; where the strategy never reached
    the cell, the sensible model's rule (1, or UNLIKELY)."""
    strategy = _strategy(game, players, form)
    bot = ExpertBot(random.Random(1))
    floored = 0
    for view in _turns(game, players, 40, f"weights:{game}"):
        world = view.world  # the deal itself is one of the worlds: the seat's turn, before its action
        choice = strategy.choice(view)
        for action in view.legal:
            weight = bot.likelihood(world, action)
            if choice is None:
                model = make_bot("sensible", game, seed=0).choose(view)
                assert weight == (1.0 if action == model else UNLIKELY)
            else:
                assert weight == max(FLOOR, choice.prob(action_name(action)))
                floored += choice.prob(action_name(action)) == 0.0
                if choice.pure == action_name(action):
                    assert weight == 1.0
    assert floored > 20
