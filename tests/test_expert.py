"""The expert bot (roundgames.bots.expert) and the search it plays its cards by (roundgames.bots.search,
``expert-search``, which also declares and calls by it): both legal in every game and form, blind to the cards
their seat has not seen, deterministic given their seed; the search's values, its margin to the model's choice and
its candidates. (The expert's declaring and calling by the computed strategy: tests/test_expert_strategy.py.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from roundgames.bots import Bot, ExpertBot, SearchBot, deal_series, make_bot, offer_side_actions, play_deal
from roundgames.bots.budget import plan
from roundgames.bots.games import kit
from roundgames.bots.worlds import place_cards, resample
from roundgames.core.errors import RulesError
from roundgames.games.protocol import Stage, View
from roundgames.games.registry import new_deal, rules_for

#: (name, game, preset, options, seat counts, deals per count): every form of Loo, Nap with every variant
SETS = [
    ("loo-peel", "loo", "peel", {}, (3, 5, 7), 120),
    ("loo-cassell", "loo", "peel", {"lead_rule": "cassell", "dealer_lone_stander": "may_concede"}, (4,), 120),
    ("loo-enquire-within", "loo", "enquire-within", {}, (5,), 120),
    ("five-card", "loo", "five-card", {}, (4, 5), 75),
    ("five-card-jack-trumps", "loo", "five-card", {"pam": "jack_trumps", "pam_free": True}, (5,), 75),
    ("irish", "loo", "irish", {}, (4, 6), 120),
    ("irish-flush", "loo", "irish", {"irish_flush": True}, (5,), 120),
    ("nap-peel", "nap", "peel", {}, (2, 3, 4, 5), 120),
    ("nap-misery-no-trumps", "nap", "peel", {"misery_trumps": False, "kitty": True}, (4,), 120),
    ("nap-purchase-peep", "nap", "peel", {"purchase": True, "peep": True}, (4,), 120),
    (
        "nap-spare-topcard",
        "nap",
        "peel",
        {"spare_hand": "peel", "nap_top_card": True, "nap_challenge": True},
        (3,),
        120,
    ),
    ("nap-double-header", "nap", "peel", {"all_pass": "double_header", "pack": 32}, (4,), 120),
]


class Checked:
    """Wraps a bot: every answer is the seat's and legal in its view (by verb where taken blind)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0

    def choose(self, view: View[Any]) -> Any:
        action = self.bot.choose(view)
        assert action.seat == view.seat
        if action.verb in view.may_take:  # Nap's widow, top card, spare hand: the cards put out are the hand's
            assert all(view.hand >> c & 1 for c in action.cards)
        else:
            assert action in view.legal, f"{self.name} chose {action} not in {view.legal}"
        self.decisions += 1
        return action


@pytest.mark.parametrize(("name", "game", "preset", "options", "counts", "deals"), SETS, ids=[s[0] for s in SETS])
def test_the_expert_plays_only_legal_actions(
    name: str, game: str, preset: str, options: dict[str, Any], counts: tuple[int, ...], deals: int
) -> None:
    """Every answer of the expert is legal, in deals at a table of every form and variant (LOO-DECL, LOO-PLAY,
    LOO5-2..6, NAP-CALL, NAP-PLAY, NAP-VAR-*), the other seats random or sensible so odd positions come up too.
    (A small budget of worlds: legality does not depend on it.)"""
    rules = rules_for(game, preset, options)
    experts = 0
    for n in counts:
        for i, deal in enumerate(deal_series(rules, n, deals, f"expert:{name}:{n}")):
            bots: dict[int, Checked] = {}
            for s in range(n):
                if s == i % n or (s + i) % 3 == 0:
                    bots[s] = Checked(ExpertBot(random.Random(i * 16 + s), samples=2))
                else:
                    bots[s] = Checked(make_bot(("sensible", "random")[(s + i) % 2], game, seed=i * 16 + s))
            play_deal(deal, bots)
            assert deal.is_complete
            experts += sum(b.decisions for b in bots.values() if b.name == "expert")
    assert experts > deals


@pytest.mark.parametrize(("game", "players", "deals"), [("loo", 5, 30), ("nap", 4, 30)], ids=["loo", "nap"])
def test_the_search_plays_only_legal_actions_where_the_expert_follows_a_strategy(
    game: str, players: int, deals: int
) -> None:
    """Where a computed strategy fits the table (Three-card Loo of 5, Nap of 4, Peel's rules) the expert declares
    and calls by it; the search bot (``expert-search``) still declares and calls by its worlds there, and every
    answer of it is legal (LOO-DECL, LOO-PLAY, NAP-CALL, NAP-PLAY)."""
    rules = rules_for(game, "peel")
    searched = 0
    for i, deal in enumerate(deal_series(rules, players, deals, f"search:{game}")):
        bots = {
            s: Checked(SearchBot(random.Random(i * 16 + s), samples=2))
            if s == i % players
            else Checked(make_bot(("sensible", "random")[(s + i) % 2], game, seed=i * 16 + s))
            for s in range(players)
        }
        play_deal(deal, bots)
        assert deal.is_complete
        searched += sum(b.decisions for b in bots.values() if b.name == "expert-search")
    assert searched > deals


def test_the_sweep_covers_every_form_and_variant() -> None:
    assert sum(len(s[4]) * s[5] for s in SETS) >= 2000
    assert {s[2] for s in SETS if s[1] == "loo"} >= {"peel", "five-card", "irish"}


def _decisions(
    game: str, preset: str, options: dict[str, Any], players: int, deals: int, tag: str, bot: type[SearchBot]
) -> Any:
    """Each decision of a seat played by ``bot`` in ``deals`` deals: (deal as it stood, seat), a copy kept."""
    rules = rules_for(game, preset, options)
    for i, deal in enumerate(deal_series(rules, players, deals, tag)):
        seat = i % players
        bots: dict[int, Bot] = {s: make_bot("sensible", game, seed=i * 16 + s) for s in range(players)}
        bots[seat] = bot(random.Random(i), samples=2)
        while not deal.is_complete:
            if offer_side_actions(deal, bots):
                continue
            s = deal.to_act
            if s == seat:
                yield deal.copy(), seat
            deal.apply(bots[s].choose(deal.view(s)))


@pytest.mark.parametrize(
    ("bot", "game", "preset", "options", "players", "deals"),
    [
        (ExpertBot, "loo", "peel", {}, 5, 40),
        (ExpertBot, "loo", "five-card", {}, 5, 14),
        (ExpertBot, "loo", "irish", {}, 4, 25),
        (ExpertBot, "nap", "peel", {}, 4, 25),
        (ExpertBot, "nap", "peel", {"purchase": True, "peep": True, "spare_hand": "peel", "nap_top_card": True}, 4, 15),
        (SearchBot, "loo", "peel", {}, 5, 40),
        (SearchBot, "nap", "peel", {}, 4, 25),
    ],
    ids=["loo", "five-card", "irish", "nap", "nap-variants", "search-loo", "search-nap"],
)
def test_the_experts_decisions_do_not_depend_on_the_cards_it_has_not_seen(
    bot: type[SearchBot], game: str, preset: str, options: dict[str, Any], players: int, deals: int
) -> None:
    """At each of its decisions, the expert (and the search, ``expert-search``) decides and values alike in the deal
    and in another deal with every card its seat has not seen drawn afresh (the same view: LOO-DEAL-6,
    NAP-VAR-PEEP), given the same seed. At Three-card Loo of 5 and Nap of 4 the expert declares and calls by the
    computed strategy and weighs its worlds by it: that, too, reads only what the seat may see."""
    rng = random.Random(f"blind:{game}:{preset}")
    compared = moved = 0
    for deal, seat in _decisions(game, preset, options, players, deals, f"blind:{game}:{preset}", bot):
        other = resample(deal, seat, rng)
        assert other.view(seat) == deal.view(seat)
        moved += place_cards(other) != place_cards(deal)
        a = bot(random.Random(7), samples=3)
        b = bot(random.Random(7), samples=3)
        view_a, view_b = deal.view(seat), other.view(seat)
        cost = kit(deal).solve.cost(deal.rules)  # the budget, too, reads only what the seat may see
        for options in (2, 5):
            assert plan(cost, deal, seat, options, 2, in_play=True, most=32, solve=True) == plan(
                cost, other, seat, options, 2, in_play=True, most=32, solve=True
            )
            assert plan(cost, deal, seat, options, 2, in_play=False, most=32, solve=True) == plan(
                cost, other, seat, options, 2, in_play=False, most=32, solve=True
            )
        assert a.choose(view_a) == b.choose(view_b)
        if len(a.candidates(view_a)) > 1:
            assert a.values(view_a) == b.values(view_b)
        compared += 1
    assert compared >= 40 and moved >= compared // 2


@pytest.mark.parametrize(("name", "game", "players", "pool"), [
    ("expert", "nap", 4, 0), ("expert", "loo", 5, 3), ("expert-search", "nap", 4, 0)
])  # fmt: skip
def test_the_expert_is_deterministic_given_its_seed(name: str, game: str, players: int, pool: int) -> None:
    """The same seed makes the same decisions: a resumed table plays on as an unbroken one (no clock is read). At
    Nap of 4 and Three-card Loo of 5 the expert draws its mixed strategy's declarations and calls from its seed."""
    results = []
    for _ in range(2):
        deal = new_deal(game, rules_for(game, "peel"), players, dealer=0, pool=pool)
        deal.deal(11)
        play_deal(deal, {s: make_bot(name, game, seed=s) for s in range(players)})
        results.append([str(a) for a in deal.log])
    assert results[0] == results[1]


@pytest.mark.parametrize("bot", [ExpertBot, SearchBot])
def test_the_expert_needs_the_deal_behind_the_view(bot: type[SearchBot]) -> None:
    """A view built without its deal (``world``) cannot be searched: the error says so (a table of four at Loo:
    no computed strategy, so the expert searches too)."""
    deal = new_deal("loo", rules_for("loo", "peel"), 4, dealer=0, pool=12)
    deal.deal(5)
    view = deal.view(deal.to_act)
    bare = type(view)(**{f: getattr(view, f) for f in type(view).__dataclass_fields__ if f != "world"})
    player = bot(random.Random(1))
    assert len(player.candidates(bare)) > 1  # a choice to search, or the test would prove nothing
    with pytest.raises(RulesError, match="needs the deal behind the view"):
        player.choose(bare)


def test_the_search_values_every_option_it_weighs() -> None:
    """``values`` gives each option weighed with its expected net: the choice of ``choose`` first, then best first
    (the search, ``expert-search``, at a Nap call)."""
    deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=0, pool=0)
    deal.deal(4)
    view = deal.view(deal.to_act)
    bot = SearchBot(random.Random(3), samples=4)
    values = bot.values(view)
    assert [a for a, _ in values] and all(isinstance(v, float) for _, v in values)
    assert values[1:] == sorted(values[1:], key=lambda av: -av[1])  # its choice first, then best first
    assert {a for a, _ in values} == set(bot.candidates(view))
    assert SearchBot(random.Random(3), samples=4).choose(view) == values[0][0]
    greedy = SearchBot(random.Random(3), samples=4, clear=0).values(view)
    assert greedy == sorted(greedy, key=lambda av: -av[1])  # asked for no margin, its choice is the best value


@pytest.mark.parametrize(("game", "players"), [("loo", 5), ("nap", 4)])
def test_the_search_leaves_the_models_choice_only_on_clear_evidence(game: str, players: int) -> None:
    """With ``clear`` standard errors asked (CLEAR by default) the search takes the sensible model's choice unless
    the worlds show another clearly better; asked for none, it takes the best estimate. With so many standard
    errors asked that no world could show them, it plays as the model does."""
    kept = left = 0
    for i, deal in enumerate(deal_series(rules_for(game, "peel"), players, 12, f"clear:{game}")):
        while not deal.is_complete and deal.stage is not Stage.PLAY:
            view = deal.view(deal.to_act)
            model = make_bot("sensible", game, seed=0).choose(view)
            options = SearchBot(random.Random(i), samples=8).candidates(view)
            if len(options) > 1 and model in options:
                best = SearchBot(random.Random(i), samples=8, clear=0).choose(view)
                assert best == SearchBot(random.Random(i), samples=8, clear=0).values(view)[0][0]
                assert SearchBot(random.Random(i), samples=8, clear=1e9).choose(view) == model
                chosen = SearchBot(random.Random(i), samples=8).choose(view)
                assert chosen in options
                kept += chosen == model != best
                left += chosen != model
            deal.apply(model)
        play_deal(deal, {s: make_bot("sensible", game, seed=s) for s in range(players)})
    assert kept > 0  # where the best estimate was another option, the default kept to the model's choice
    assert left <= kept  # and it left the model's choice less often than it kept to it against the estimate


@pytest.mark.parametrize("bot", [ExpertBot, SearchBot])
def test_the_expert_takes_a_sure_nap(bot: type[SearchBot]) -> None:
    """Holding the five top trumps the expert calls Nap (NAP-CALL-2), by its strategy as by the search: every world
    makes it."""
    deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=3, pool=0)
    hands = {0: "AS KS QS JS TS", 1: "2H 3H 4H 5H 6H", 2: "2D 3D 4D 5D 6D", 3: "2C 3C 4C 5C 6C"}
    deal.deal_cards(hands, stock=[])
    view = deal.view(0)
    assert deal.stage is Stage.BID
    action = bot(random.Random(1), samples=4).choose(view)
    assert action.verb == "call" and action.call in ("nap", "wellington", "blucher")


def test_the_search_weighs_every_card_and_every_call() -> None:
    """A lead from five cards weighs all five, and a turn with every call open weighs every call (NAP-CALL-1..3,
    NAP-PLAY-1): only the sets of cards of an exchange or a purchase are cut down to a few shapes (LOO5-2)."""
    deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=3, pool=0)
    deal.deal(21)
    view = deal.view(deal.to_act)
    bot = SearchBot(random.Random(1), samples=2)
    assert len(view.legal) > 4 and set(bot.candidates(view)) == set(view.legal)
    while deal.stage is not Stage.PLAY:
        s = deal.to_act
        deal.apply(make_bot("sensible", "nap", seed=s).choose(deal.view(s)))
    view = deal.view(deal.to_act)
    assert len(view.legal) == 5 and set(bot.candidates(view)) == set(view.legal)
    five = new_deal("loo", rules_for("loo", "five-card"), 5, dealer=0, pool=15)
    five.deal(3)
    view = five.view(five.to_act)
    exchanges = [a for a in view.legal if a.verb == "exchange"]
    weighed = [a for a in bot.candidates(view) if a.verb == "exchange"]
    assert len(exchanges) > 4 and 0 < len(weighed) < len(exchanges)


@pytest.mark.parametrize("bot", [ExpertBot, SearchBot])
@pytest.mark.parametrize("samples", [0, -3])
def test_an_expert_with_no_worlds_is_refused(bot: type[SearchBot], samples: int) -> None:
    with pytest.raises(ValueError, match=rf"samples: .* at least 1, not {samples}"):
        bot(random.Random(1), samples=samples)


@pytest.mark.parametrize("bot", [ExpertBot, SearchBot])
def test_the_expert_still_decides_after_table_modes_laws_replayed_a_hand(bot: type[SearchBot]) -> None:
    """After a revoke in table mode (LOO-LAW-14, the hand replayed) the expert answers a legal action at every turn
    of the record, where no world can be drawn for the history by deciding as the model does."""
    from pathlib import Path

    from roundgames.records.deal import start
    from roundgames.records.files import loads_any

    path = Path(__file__).parent / "records" / "lx10_revoke_table.json"
    record = loads_any(path.read_text(encoding="utf-8")).deals[0].record
    deal = start(record)
    asked = 0
    for text in record.actions:
        action = deal.parse_action(text)
        if deal.to_act is not None and not deal.is_complete:
            view = deal.view(deal.to_act)
            if len(view.legal) > 1:
                assert bot(random.Random(asked), samples=4).choose(view) in view.legal
                asked += 1
        deal.apply(action)
    assert asked >= 3 and deal.irregularities
