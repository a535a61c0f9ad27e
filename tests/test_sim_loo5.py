"""The batch players of Five-card and Irish Loo (roundgames.sim.loo5) against the checked engine: for the same cards
and the same players, the same actions, tricks, net and pool, deal for deal (RULES.md §4.2, §4.3, §14.15, §14.22,
§14.24, §14.25); and their behaviour on hand-made deals, and their refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roundgames.bots import play_deal
from roundgames.core.cards import mask_of, parse_cards
from roundgames.core.errors import RulesError
from roundgames.games.registry import new_deal
from roundgames.sim._loo5_kernel import below_fast
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.loo5 import KERNELS
from roundgames.sim.streams import CHOICES, Stream, deal_stream

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def engine_key(action: Any) -> tuple[int, str, int | None, str | None]:
    """An engine's logged action as a kernel's trace writes it."""
    if action.verb == "exchange":
        return (action.seat, "exchange", mask_of(parse_cards(action.arg)), None)
    return (action.seat, action.verb, action.card, action.arg)


def check_against_engine(
    setup: Setup, seed: int, n: int, given: dict[str, Any] | None = None, only: list[int] | None = None
) -> dict[str, Any]:
    """Play ``n`` deals with the kernel and each again (``only``: those) on the engine with the twins; every deal
    the same, the seats looed too: those the engine's result names (LOO5-5), or where a flush took the pool those
    whose net fell below their stake, the flush's loo being paid seat to seat (LOO5-6)."""
    kernel = kernel_for(setup.form)
    out = kernel.run(setup, seed, n, given)
    assert isinstance(kernel, type(KERNELS["irish"]))
    for i in range(n) if only is None else only:
        hand = int(given["hand"][i]) if given and "hand" in given else 0
        up = int(given["turnup"][i]) if given and "turnup" in given else -1
        hands, turnup, stock = kernel.deal_of(setup, seed, i, hand, up)
        assert hands == out["hands"][i].tolist() and turnup == out["turnup"][i], f"deal {i}: the cards differ"
        deal = new_deal("loo", kernel.rules(setup), setup.players, dealer=setup.players - 1, pool=setup.pool)
        deal.deal_cards({s: list(_cards(h)) for s, h in enumerate(hands)}, turnup=turnup, stock=stock)
        staked = list(deal.net)
        play_deal(deal, kernel.twins(setup, seed, i))
        where = f"deal {i} of seed {seed}, {setup}"
        assert [engine_key(a) for a in deal.log] == kernel.trace(setup, seed, i, hand, up), where
        assert deal.net == out["net"][i].tolist(), where
        assert list(deal.won) == out["tricks"][i].tolist(), where
        assert deal.pool_total == out["pool"][i], where
        assert (deal.flush_winners[0] if deal.flush_winners else -1) == out["flush"][i], where
        result = deal.result()
        assert result is not None, where
        paid = set(result.looed)
        if deal.flush_winners:
            paid |= {s for s in range(setup.players) if s not in deal.flush_winners and deal.net[s] < staked[s]}
        assert np.flatnonzero(out["looed"][i]).tolist() == sorted(paid), where
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@pytest.mark.parametrize("form", ["five_card", "irish"])
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_the_kernel_plays_as_the_engine_deal_for_deal(form: str, players: int, policy: str) -> None:
    """LOO5-1..8, LOOI-1..3: every action, trick, net and pool as the checked engine plays them with the twins."""
    n = 1000 if form == "five_card" else 1500
    out = check_against_engine(Setup(form, players, (policy,) * players, pool=7), seed=players, n=n)
    assert out["decl"].min() >= -1 and out["exchanged"].max() <= 5


OPTION_SETS = [
    ("five_card", 4, {"pam": "jack_trumps", "pam_free": True}),
    ("five_card", 4, {"flush_pay": "ew_hoy", "flush_tie": "split", "dealer_lone_stander": "may_concede"}),
    ("five_card", 4, {"loo_mode": "unlimited", "lead_rule": "lead_one", "second_lead": "none", "ante": "all"}),
    ("five_card", 4, {"loo_mode": "mixed", "loo_cap": 8, "lead_rule": "cassell", "club_law": True, "pack": 32}),
    ("five_card", 10, {}),
    ("irish", 4, {"irish_flush": True, "club_law": False}),
    ("irish", 4, {"irish_flush": True, "flush_tie": "split", "lead_rule": "cassell", "pack": 32}),
    ("irish", 12, {"dealer_lone_stander": "may_concede"}),
    (
        "five_card",
        4,
        {"stakes": {"deal": 2, "loo": 7}, "single": "ew", "leader": "miss_holder", "revoke_replay": "none"},
    ),
    (
        "irish",
        4,
        {"stakes": {"deal": 1, "ante": 2}, "ante": "all", "dealer_stands_out_above": 4, "first_dealer": "cut_low"},
    ),
]


@pytest.mark.parametrize(("form", "players", "options"), OPTION_SETS)
def test_the_options_are_played_as_the_engine_plays_them(form: str, players: int, options: dict[str, Any]) -> None:
    """LOO5-3/4/6/7, LOOI-2/3, LOO-VAR-*, §14.24, the stakes, options that change nothing in these forms, and the
    largest tables (a stock of one card in Five-card Loo): a few hundred deals each, the players mixed."""
    policies = ("random", "sensible") * (players // 2)
    check_against_engine(Setup(form, players, policies, options=options, pool=3), seed=11, n=1200 // players)


def test_the_hero_plays_or_throws_as_the_engine_plays_him() -> None:
    """A hero's first declaration fixed (play after his exchange, or throw where open), on the engine too."""
    for hero, action, policies in [(0, "throw", ("sensible",) * 4), (3, "play", ("random",) * 4)]:
        setup = Setup("five_card", 4, policies, pool=5, hero=hero, hero_action=action)
        out = check_against_engine(setup, seed=3, n=200)
        assert out["hero_forced"].any()
        if action == "play":
            assert (out["decl"][out["hero_forced"], hero] == 1).all()
        else:
            assert (out["decl"][:, hero] == 0).all() and out["hero_forced"].all()


def test_a_flush_takes_the_pool_and_a_loo_from_everyone_loo5_6() -> None:
    """LOO5-6: "besides taking the amount in the pool, receives from each of the players, whether they stood or
    not, the amount of a loo". Pam and the four top trumps: no flush can beat it (LOO5-7)."""
    n = 300
    given = {"hand": np.full(n, mask_of(parse_cards("JC AH KH QH JH"))), "turnup": np.full(n, parse_cards("2H")[0])}
    setup = Setup("five_card", 4, ("sensible", "random", "random", "random"), pool=7, hero=0, hero_action="play")
    out = check_against_engine(setup, seed=5, n=n, given=given)
    assert (out["flush"] == 0).all() and (out["pool"] == 0).all()
    # the pool (7 and the dealer's 5) and a loo of 5 from each of the three others, the dealer too
    assert (out["net"] == [7 + 5 + 3 * 5, -5, -5, -5 - 5]).all()


def test_an_irish_flush_counts_only_under_irish_flush_loo_i_3() -> None:
    """LOOI-3: three cards of one suit are a flush only under ``irish_flush``; then they take the pool and a loo."""
    n = 200
    given = {"hand": np.full(n, mask_of(parse_cards("AH KH QH"))), "turnup": np.full(n, parse_cards("2H")[0])}
    plain = Setup("irish", 3, ("sensible",) * 3, pool=4, hero=1, hero_action="play")
    out = KERNELS["irish"].run(plain, 9, n, given)
    assert (out["flush"] == -1).all() and (out["tricks"][:, 1] == 3).all()
    flushes = Setup("irish", 3, ("sensible",) * 3, {"irish_flush": True}, pool=4, hero=1, hero_action="play")
    out = check_against_engine(flushes, seed=9, n=n, given=given)
    assert (out["flush"] == 1).all() and (out["net"] == [-6, 4 + 3 + 2 * 6, -3 - 6]).all()


def test_a_pam_holder_who_takes_no_trick_is_not_looed_loo5_8() -> None:
    """LOO5-8: "If you hold pam, you cannot be looed." Pam wins every trick it is played to but one led by the ace
    of trumps with "Pam be civil" (LOO5-4): among random deals, the Pam holders who took nothing pay no loo."""
    setup = Setup("five_card", 6, ("random",) * 6, pool=7)
    out = KERNELS["five_card"].run(setup, 1, 30_000)
    pam = parse_cards("JC")[0]
    held = ((out["hands"] >> pam) & 1 == 1) & (out["exchanged"] == 0) & (out["decl"] == 1)
    empty = held & (out["tricks"] == 0) & (out["flush"] == -1)[:, None]
    rows, seats = np.nonzero(empty)
    assert len(rows) >= 1
    for i, s in zip(rows.tolist(), seats.tolist(), strict=True):
        assert out["net"][i, s] == (-5 if s == 5 else 0) and not out["looed"][i, s]
        trace = KERNELS["five_card"].trace(setup, 1, i)
        assert any(a[3] == "civil" for a in trace)
    check_against_engine(setup, seed=1, n=30_000, only=sorted(set(rows.tolist())))


def test_a_pam_holder_forced_to_play_pam_to_a_civil_ace_takes_nothing_and_is_not_looed() -> None:
    """LOO5-4, LOO5-8, on a hand-made deal: seat 1 is dealt Pam and four small cards, keeps Pam through his
    exchange and loses every trick, the last one led by the ace of trumps with "Pam be civil" when Pam is all he
    has left. He pays no loo, and the ``looed`` column says so, as the engine does. (Deal 3 of seed 2857: found by
    running the kernel over seeds until the hero's play came out so.)"""
    n, hero, pam = 4, 1, parse_cards("JC")[0]
    hand, up = mask_of(parse_cards("JC 2D 3D 2H 3H")), parse_cards("4S")[0]
    given = {"hand": np.full(n, hand), "turnup": np.full(n, up)}
    setup = Setup("five_card", 3, ("sensible",) * 3, pool=7, hero=hero, hero_action="play")
    out = check_against_engine(setup, seed=2857, n=n, given=given)
    trace = KERNELS["five_card"].trace(setup, 2857, 3, hand, up)
    exchanged = next(a[2] for a in trace if a[0] == hero and a[1] == "exchange")
    assert exchanged is not None and not exchanged >> pam & 1  # Pam kept
    last = [a for a in trace if a[1] == "play"][-3:]  # the fifth trick, one card from each seat
    assert last[0][1:] == ("play", parse_cards("AS")[0], "civil") and (hero, "play", pam, None) in last
    assert out["flush"][3] == -1 and out["tricks"][3, hero] == 0
    assert out["net"][3, hero] == 0 and not out["looed"][3, hero]


def test_a_lone_stander_the_dealer_concedes_to_is_not_looed() -> None:
    """LOO-VAR-DEALER-CONCEDE, §14.24, on hand-made deals: the dealer (the hero, throwing up) concedes to the
    one seat that played, which takes the pool without play and is looed by nobody; unless it holds a flush,
    which it shows first and is paid a loo by each other seat, the dealer too (LOO5-6, §14.25). A loo of 15
    against a pool of 7 makes the sensible players throw up often enough for a lone stander to be common."""
    n, dealer = 80, 2
    given = {"hand": np.full(n, mask_of(parse_cards("2H 3D 5C 7D 9H"))), "turnup": np.full(n, parse_cards("4S")[0])}
    options = {"dealer_lone_stander": "may_concede", "stakes": {"loo": 15}}
    setup = Setup("five_card", 3, ("sensible",) * 3, options, pool=2, hero=dealer, hero_action="throw")
    out = check_against_engine(setup, seed=2, n=n, given=given)
    decl, net, looed, flush = out["decl"], out["net"], out["looed"], out["flush"]
    conceded = (decl[:, :dealer] == 1).sum(axis=1) == 1
    assert (decl[conceded, dealer] == 0).all()
    plain = np.flatnonzero(conceded & (flush == -1))
    flushed = np.flatnonzero(conceded & (flush >= 0))
    assert len(plain) >= 5 and len(flushed) >= 1
    for i in plain.tolist():
        stander = int(decl[i, :dealer].argmax())
        assert net[i, stander] == 2 + 5 and out["tricks"][i].sum() == 0
        assert not looed[i].any()
    for i in flushed.tolist():
        assert looed[i].tolist() == [s != flush[i] for s in range(3)]


def test_club_law_makes_every_seat_play_and_leaves_the_exchange_open() -> None:
    """LOOI-2, §14.22: with a club turned up nobody throws up, and a seat may still exchange; the hero's throw
    is then left to his policy (``hero_forced`` false)."""
    n = 400
    given = {"turnup": np.full(n, parse_cards("5C")[0])}
    setup = Setup("irish", 5, ("sensible",) * 5, pool=0, hero=2, hero_action="throw")
    out = KERNELS["irish"].run(setup, 4, n, given)
    assert (out["decl"] == 1).all() and out["exchanged"].any() and not out["hero_forced"].any()
    out = KERNELS["irish"].run(setup, 4, n, {"turnup": np.full(n, parse_cards("5D")[0])})
    assert out["hero_forced"].all() and (out["decl"][:, 2] == 0).all()


def test_the_dealers_cases_of_section_14_24() -> None:
    """LOO-DECL-7: all before him threw up, the dealer takes the pool without declaring; facing one seat in he
    may not throw up, unless ``dealer_lone_stander: may_concede``, and then that seat takes the pool. (A loo of 25
    against a pool of 7: the sensible players throw up often enough for both cases to come up.)"""
    for options in ({}, {"dealer_lone_stander": "may_concede"}):
        setup = Setup("five_card", 3, ("sensible",) * 3, {**options, "stakes": {"loo": 25}}, pool=2)
        out = KERNELS["five_card"].run(setup, 8, 20_000)
        decl, net = out["decl"], out["net"]
        alone = (decl[:, :2] == 0).all(axis=1) & (out["flush"] == -1)
        assert alone.any() and (decl[alone, 2] == -1).all() and (net[alone] == [0, 0, 2]).all()
        lone = (decl[:, :2] == 1).sum(axis=1) == 1
        conceded = lone & (decl[:, 2] == 0)
        assert conceded.any() == bool(options)
        stander = decl[conceded, :2].argmax(axis=1)
        assert (net[conceded, stander] == 2 + 5).all() or (out["flush"][conceded] >= 0).any()


def test_states_count_every_card_dealt_and_every_action() -> None:
    """The states as OpenSpiel counts them: the cards dealt, the turn-up, each card drawn, each action."""
    setup = Setup("five_card", 5, ("random",) * 5)
    out = KERNELS["five_card"].run(setup, 2, 50)
    for i in range(50):
        actions = KERNELS["five_card"].trace(setup, 2, i)
        assert out["states"][i] == 5 * 5 + 1 + out["exchanged"][i].sum() + len(actions)


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (Setup("five_card", 11, ("random",) * 11), ("players", "3 to 10", "LOO5-1")),
        (Setup("five_card", 7, ("random",) * 7, {"pack": 32}), ("players", "3 to 6")),
        (Setup("irish", 2, ("random",) * 2), ("players", "LOO-GEN-1")),
        (Setup("five_card", 3, ("random", "expert", "random")), ("policies", "'expert'")),
        (Setup("five_card", 3, ("random",) * 2), ("policies", "one per seat")),
        (Setup("five_card", 3, ("random",) * 3, {"stakes": {"loo": -1}}), ("stakes.loo", "-1", "LOO-STK-1")),
        (Setup("five_card", 3, ("random",) * 3, {"stakes": {"kitty": 1}}), ("stakes", "'kitty'")),
        (Setup("five_card", 3, ("random",) * 3, {"revoke_replay": "never"}), ("revoke_replay", "'never'")),
        (
            Setup("irish", 4, ("random",) * 4, {"dealer_stands_out_above": 3}),
            ("dealer_stands_out_above", "3", "engine"),
        ),
        (Setup("five_card", 3, ("random",) * 3, {"pam": "jack_hearts"}), ("pam", "jack_hearts")),
        (Setup("five_card", 3, ("random",) * 3, hero=3, hero_action="play"), ("hero", "0 to 2")),
        (Setup("five_card", 3, ("random",) * 3, hero=1, hero_action="pass"), ("hero_action", "'pass'")),
        (Setup("five_card", 3, ("random",) * 3, hero=1), ("hero", "together")),
        (Setup("five_card", 3, ("random",) * 3, pool=-1), ("pool", "-1")),
        (Setup("three_card", 3, ("random",) * 3), ("form", "three_card")),
        (Setup("irish", 3, ("random",) * 3, {"form": "five_card"}), ("option form", "five_card")),
    ],
)
def test_a_setup_it_cannot_play_is_refused_by_name(setup: Setup, words: tuple[str, ...]) -> None:
    """A clear RulesError naming the field, the value and where it applies the rule."""
    with pytest.raises(RulesError) as info:
        KERNELS["irish" if setup.form == "irish" else "five_card"].check(setup)
    for word in words:
        assert word in str(info.value), (word, str(info.value))


def test_given_cards_that_are_not_a_hand_are_refused() -> None:
    """``given["hand"]`` is the hero's five (Irish: three) cards of the pack; the turn-up lies outside it; the
    count and the seed are checked too."""
    kernel = KERNELS["five_card"]
    setup = Setup("five_card", 3, ("random",) * 3, hero=0, hero_action="play")
    for given, word in [
        ({"hand": np.full(2, mask_of(parse_cards("AS KS")))}, "hand"),
        ({"hand": np.full(2, mask_of(parse_cards("AS KS QS JS TS"))), "turnup": np.full(2, 12)}, "turn-up"),
        ({"hand": np.full(2, mask_of(parse_cards("AS KS QS JS TS"))), "turnup": np.full(2, 99)}, "turn-up"),
        ({"cards": np.zeros(2)}, "cards"),
    ]:
        with pytest.raises(RulesError, match=word):
            kernel.run(setup, 1, 2, given)
    with pytest.raises(RulesError, match="hero"):
        kernel.run(Setup("five_card", 3, ("random",) * 3), 1, 2, {"hand": np.full(2, 31)})
    with pytest.raises(RulesError, match="n: "):
        kernel.run(setup, 1, -1)
    with pytest.raises(RulesError, match="seed: "):
        kernel.run(setup, 1 << 64, 2)


def test_the_kernels_fast_choice_draws_what_the_stream_draws() -> None:
    """The kernel's remainder without a 64-bit division gives ``Stream.below``'s number for every ``k`` it is
    used for and beyond (where it falls back on the division), draw for draw."""
    for k in range(1, 80):
        start = deal_stream(0xC0FFEE + k, k, CHOICES)
        state, stream = np.array([start], dtype=np.uint64), Stream(start)
        assert [int(below_fast(state, 0, k)) for _ in range(300)] == [stream.below(k) for _ in range(300)], k
