"""The Nap batch player (roundgames.sim.nap) against the checked engine: for the same cards and the same players,
the same actions, tricks, net and kitty, deal for deal (the kernel's twins play the engine through ``play_deal``,
every action checked); its own behaviour on hand-made deals (NAP-SET, NAP-PLAY-4, NAP-PLAY-5); bad setups refused.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from roundgames.bots.nap import SensibleNapBot
from roundgames.core.cards import SUIT_MASKS, cards_in, mask_of, pack_mask, parse_cards
from roundgames.core.errors import RulesError
from roundgames.games.registry import new_deal
from roundgames.nap.actions import NapAction
from roundgames.nap.rules import NapRules
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.nap import CALL_NAMES, action_codes, is_peel_case, replay
from roundgames.sim.streams import CARDS, chunk_seed, deal_stream, shuffled

pytest.importorskip("numba")

KERNEL = kernel_for("nap")


def setup_of(players: int, policy: str | tuple[str, ...], **more: Any) -> Setup:
    policies = (policy,) * players if isinstance(policy, str) else policy
    return Setup("nap", players, policies, **more)


def peel_seat(deal: Any) -> int:
    """The first defender who met Peel's first-round case in an engine deal, -1 none."""
    if not deal.tricks and not deal.trick_cards:
        return -1
    trick = deal.all_tricks()[0]
    contract = CALL_NAMES.index(deal.contract)
    hands = {s: deal.dealt[s] for s in deal.order}
    for k in range(1, len(trick.cards)):
        s = trick.seats[k]
        if is_peel_case(s, hands[s], trick.cards[:k], 0, deal.declarer, contract):
            return s
    return -1


def check_against_engine(setup: Setup, n: int, seed: int = 11, given: dict[str, Any] | None = None) -> int:
    """Play ``n`` deals in the kernel and each on the engine with the twins; every column the engine knows must
    agree. Returns how many deals were played to a contract (not redealt)."""
    seed = chunk_seed(seed, 0)
    out = KERNEL.trace(setup, seed, n, given)  # type: ignore[attr-defined]
    played = 0
    for i in range(n):
        deal = replay(setup, seed, i, out["hands"][i])
        where = f"deal {i} of {setup}"
        codes = out["actions"][i]
        assert action_codes(deal) == [int(c) for c in codes[codes >= 0]], where
        assert list(deal.net) == out["net"][i].tolist(), where
        assert deal.kitty == out["pool"][i], where
        winners = [t.winner for t in deal.tricks]
        assert [winners.count(s) for s in range(setup.players)] == out["tricks"][i].tolist(), where
        assert out["senior"][i] == (-1 if deal.declarer is None else deal.declarer), where
        assert out["contract"][i] == (-1 if deal.contract is None else CALL_NAMES.index(deal.contract)), where
        assert out["trump"][i] == (-1 if deal.trump is None else deal.trump), where
        assert bool(out["made"][i]) == bool(deal.made), where
        assert out["peel_case"][i] == peel_seat(deal), where
        playing = len(deal.order)
        assert out["states"][i] == 5 * playing + len(deal.log), where
        played += deal.declarer is not None
    return played


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_the_kernel_plays_as_the_engine(players: int, policy: str) -> None:
    """2,000 seeded deals for each player and table size: the same actions, tricks, net and kitty (the
    issue's exactness check); with six the dealer sits out (NAP-GEN-2)."""
    assert check_against_engine(setup_of(players, policy), 2000) == 2000


def test_the_strategy_players_call_by_the_shipped_strategy_as_the_engine() -> None:
    """``strategy`` seats call by the shipped computed strategy's table, drawing from the deal's CHOICES stream
    where a row mixes; their twins (keying each cell from the view as the bots do) draw the same numbers, so a
    draw too many or too few or a cell keyed otherwise would part them within a few deals. Every seat on the
    strategy; then beside random and sensible players sharing the stream, ``strategy-head`` heading in Peel's
    case, and a hero."""
    out = KERNEL.run(setup_of(4, "strategy"), chunk_seed(13, 0), 300)
    assert len(set(out["contract"].tolist())) >= 4  # several contracts were called
    check_against_engine(setup_of(4, "strategy"), 300, seed=13)
    mixed = ("strategy-head", "random", "strategy", "sensible")
    check_against_engine(setup_of(4, mixed), 300, seed=14)
    check_against_engine(setup_of(4, mixed, hero=1, hero_action="3"), 150, seed=15)


@pytest.mark.parametrize(
    ("players", "options", "named"),
    [(5, {}, "at 5 players"), (4, {"kitty": True}, "kitty=True"), (4, {"pay_table": "parlett"}, "pay_table")],
)
def test_a_setup_no_shipped_strategy_fits_is_refused(players: int, options: dict[str, Any], named: str) -> None:
    """The strategy players need a shipped strategy computed for the rules and the table: a RulesError names the
    policy, the table size, the rules and what is shipped."""
    with pytest.raises(RulesError, match="'strategy'") as info:
        KERNEL.run(setup_of(players, "strategy", options=options), 1, 10)
    assert named in str(info.value) and "Peel's rules" in str(info.value) and "shipped: 4 players" in str(info.value)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (5, {"misery_rank": "above_three", "min_call": 2, "pay_table": "parlett", "all_pass": "dealer_one"}),
        (3, {"kitty": True, "misery_trumps": False, "misery_pay": "eb11"}),
        (4, {"kitty": True, "pool_nap_double": True, "pay_table": "well_blu_mod"}),
        (7, {"max_players": 7, "pack": 32, "all_pass": "redeal", "kitty": True}),
        (5, {"dealer_out_at": 5, "min_call": 3, "misery": False, "pay_table": "hsw_flat"}),
        (4, {"wellington": False, "blucher": False, "revoke_rule": "bic_fine"}),
    ],
)
def test_the_options_are_played_as_the_engine_plays_them(players: int, options: dict[str, Any]) -> None:
    """A few hundred deals per option set, the players mixed, a kitty on the table: NAP-CALL-4/5/7, NAP-PLAY-5,
    NAP-VAR-POOL, NAP-VAR-MISERY, NAP-VAR-PACK32, the pay tables, six playing of seven."""
    policies = tuple(("random", "sensible", "sensible-head")[s % 3] for s in range(players))
    check_against_engine(setup_of(players, policies, options=options, pool=7), 300, seed=5)


@pytest.mark.parametrize("action", ["nap", "misery", "3", "pass", "wellington"])
def test_a_hero_call_is_made_when_legal(action: str) -> None:
    """The hero's call at his turn, when it is legal (NAP-CALL-2/6), else his player's; the engine agrees."""
    setup = setup_of(4, "random", hero=2, hero_action=action)
    check_against_engine(setup, 300, seed=3)
    out = KERNEL.run(setup, chunk_seed(3, 0), 300)
    forced = out["hero_forced"]
    assert (out["calls"][forced, 2] == CALL_NAMES.index(action)).all()
    if action == "pass":
        assert forced.all()
    if action == "nap":
        assert forced.any()


@pytest.mark.parametrize("call", ["1", "misery", "3", "nap"])
def test_senior_makes_the_hero_the_senior_hand(call: str) -> None:
    """``senior:<call>``: every other seat passes and the hero is the senior hand at that call, every deal."""
    setup = setup_of(5, "sensible", hero=1, hero_action=f"senior:{call}")
    check_against_engine(setup, 300, seed=8)
    out = KERNEL.run(setup, chunk_seed(8, 0), 300)
    assert (out["senior"] == 1).all() and (out["contract"] == CALL_NAMES.index(call)).all()
    assert out["hero_forced"].all()
    assert (np.delete(out["calls"], 1, axis=1) == 0).all()


def test_given_hands_are_dealt_to_the_hero() -> None:
    """``given["hand"]``: the hero holds those five cards, the rest come from the stream; the engine agrees."""
    hands = np.array([mask_of(parse_cards(h)) for h in ("AS KS QS JS TS", "2H 3C 4D 5S 7H")] * 50, dtype=np.int64)
    setup = setup_of(4, "sensible-head", hero=3, hero_action="senior:nap")
    check_against_engine(setup, 100, given={"hand": hands})
    out = KERNEL.run(setup, chunk_seed(1, 0), 100, {"hand": hands})
    assert (out["hands"][:, 3] == hands).all()
    assert all(int(np.bitwise_or.reduce(row)).bit_count() == 20 for row in out["hands"])  # no card twice


def hero_deals(players: int, hand: str, action: str, n: int = 200, **more: Any) -> dict[str, Any]:
    """``n`` deals in which the hero (seat 1) holds ``hand`` and takes ``action``, the others sensible."""
    setup = setup_of(players, "sensible", hero=1, hero_action=action, **more)
    hands = np.full(n, mask_of(parse_cards(hand)), dtype=np.int64)
    return KERNEL.run(setup, chunk_seed(21, 0), n, {"hand": hands})


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_nap_made_pays_ten_from_each(players: int) -> None:
    """The five top trumps make Nap on every deal, and each opponent pays him 10, the dealer sitting out at six
    included (NAP-SET-1, §6.5); the deal ends at the fifth trick won (NAP-PLAY-4)."""
    out = hero_deals(players, "AS KS QS JS TS", "senior:nap")
    assert out["made"].all() and (out["trump"] == 0).all() and (out["tricks"][:, 1] == 5).all()
    expected = [-10] * players
    expected[1] = 10 * (players - 1)
    assert (out["net"] == expected).all()
    playing = players - (players >= 6)
    assert (out["states"] == 5 * playing + playing + 5 * playing).all()


def test_a_made_nap_takes_the_kitty() -> None:
    """With a kitty, the dealer's unit goes in and a made Nap takes it all (NAP-VAR-POOL, §14.14)."""
    out = hero_deals(4, "AH KH QH JH TH", "senior:nap", options={"kitty": True}, pool=5)
    assert (out["net"] == [-10, 30 + 5 + 1, -10, -10 - 1]).all()
    assert (out["pool"] == 0).all()


def test_misery_fails_on_the_first_trick_won() -> None:
    """The caller leads his king of spades, which fixes trumps and which nobody can head: he wins the first trick
    and the deal stops there, misery lost at 3 each (NAP-PLAY-4, NAP-PLAY-5, §6.5)."""
    out = hero_deals(4, "AS AH AD AC KS", "senior:misery")
    assert not out["made"].any() and (out["tricks"].sum(axis=1) == 1).all() and (out["tricks"][:, 1] == 1).all()
    assert (out["net"] == [3, -9, 3, 3]).all()
    assert (out["states"] == 20 + 4 + 4).all()


@pytest.mark.parametrize(("call", "tricks"), [("1", 1), ("2", 2), ("3", 3)])
def test_a_call_made_ends_the_deal_early(call: str, tricks: int) -> None:
    """A call of n made stops the play at the n-th trick won (NAP-PLAY-4, NAP-PLAY-7: only the call counts)."""
    out = hero_deals(5, "AS KS QS JS TS", f"senior:{call}")
    assert out["made"].all() and (out["tricks"].sum(axis=1) == tricks).all()
    assert (out["net"][:, 1] == 4 * tricks).all()
    assert (out["states"] == 25 + 5 + 5 * tricks).all()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"options": {"purchase": True}}, ("option purchase", "True", "NAP-VAR-PURCHASE", "checked engine")),
        (
            {"options": {"all_pass": "double_header"}},
            ("option all_pass", "double_header", "NAP-CALL-7", "checked engine"),
        ),
        ({"options": {"spare_hand": "peel"}}, ("option spare_hand", "checked engine")),
        ({"options": {"misery": "sometimes"}}, ("option misery",)),
        ({"options": {"jokers": True}}, ("jokers",)),
        ({"players": 8}, ("players", "NAP-GEN-1")),
        ({"policies": ("random",) * 3}, ("policies",)),
        ({"policies": ("random", "random", "clever", "random")}, ("policies", "clever")),
        ({"hero": 1, "hero_action": "double"}, ("hero_action", "double")),
        ({"hero": 1, "hero_action": "senior:wellington"}, ("hero_action", "senior:wellington")),
        ({"hero": 1}, ("hero",)),
        ({"hero": 5, "hero_action": "nap", "players": 6, "policies": ("random",) * 6}, ("hero", "NAP-GEN-2")),
        ({"hero": 3, "hero_action": "senior:misery", "options": {"misery": False}}, ("misery", "NAP-CALL-4")),
        ({"hero": 3, "hero_action": "senior:1", "options": {"min_call": 2}}, ("senior:1", "NAP-CALL-4")),
        ({"pool": -1}, ("pool",)),
        ({"form": "three_card"}, ("form", "three_card")),
    ],
)
def test_bad_setups_are_refused_by_name(change: dict[str, Any], words: tuple[str, ...]) -> None:
    """A setup the kernel cannot play is refused with a RulesError naming the field and the value."""
    fields: dict[str, Any] = {"form": "nap", "players": 4, "policies": ("random",) * 4, **change}
    setup = Setup(**fields)
    with pytest.raises(RulesError) as info:
        KERNEL.check(setup)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"hand": np.array([mask_of(parse_cards("AS KS QS JS"))] * 3)}, ("given", "five cards")),
        ({"hand": np.array([mask_of(parse_cards("AS KS QS JS TS"))] * 2)}, ("given", "shape")),
        ({"turnup": np.zeros(3)}, ("given", "turnup")),
    ],
)
def test_bad_given_cards_are_refused(given: dict[str, Any], words: tuple[str, ...]) -> None:
    """``given`` holds the hero's five cards, one hand per deal (NAP-DEAL-1); anything else is refused."""
    with pytest.raises(RulesError) as info:
        KERNEL.run(setup_of(4, "random", hero=0, hero_action="pass"), 1, 3, given)
    for word in words:
        assert word in str(info.value)
    with pytest.raises(RulesError, match="no hero"):
        KERNEL.run(setup_of(4, "random"), 1, 3, {"hand": np.array([31] * 3)})


@pytest.mark.parametrize(("players", "options"), [(4, {}), (7, {"max_players": 7, "pack": 32}), (2, {})])
def test_the_deal_follows_the_cards_stream(players: int, options: dict[str, Any]) -> None:
    """Deal i's hands are the documented positions of the pack shuffled by its CARDS stream (streams.shuffled):
    positions 5k .. 5k + 4 to the k-th seat that plays; with a given hand, the rest of the pack to the others."""
    setup = setup_of(players, "random", options=options)
    seed = chunk_seed(4, 2)
    full = pack_mask(32 if options.get("pack") == 32 else 52)
    playing = players - (players >= 6)
    out = KERNEL.run(setup, seed, 200)
    for i in range(200):
        cards = shuffled(deal_stream(seed, i, CARDS), cards_in(full), 5 * playing)
        assert out["hands"][i, :playing].tolist() == [mask_of(cards[5 * k : 5 * k + 5]) for k in range(playing)]
    hero_hand = mask_of(parse_cards("7C 8D 9H QS AC"))
    given = KERNEL.run(setup_of(players, "random", hero=0, hero_action="pass", options=options), seed, 50,
                       {"hand": np.full(50, hero_hand, dtype=np.int64)})  # fmt: skip
    for i in range(50):
        cards = shuffled(deal_stream(seed, i, CARDS), cards_in(full & ~hero_hand), 5 * (playing - 1))
        others = [mask_of(cards[5 * k : 5 * k + 5]) for k in range(playing - 1)]
        assert given["hands"][i, :playing].tolist() == [hero_hand, *others]


@pytest.mark.parametrize("players", [("sensible", "sensible-head"), ("strategy", "strategy-head")])
def test_peel_s_defender_passes_and_the_other_heads_with_the_ace(players: tuple[str, str]) -> None:
    """In Peel's first-round case (ace and a small one, knave or lower led by the senior hand) the sensible
    defender plays the small card and sensible-head the ace, on the same deals; both as the engine plays them.
    The strategy players play their cards as these two."""
    seed = chunk_seed(9, 0)
    cards: dict[str, list[int]] = {}
    seats: dict[str, list[int]] = {}
    passing, heading = players
    for defender in players:
        setup = setup_of(4, ("random", defender, defender, defender), hero=0, hero_action="senior:3")
        check_against_engine(setup, 300, seed=9)
        out = KERNEL.trace(setup, seed, 3000)  # type: ignore[attr-defined]
        rows = np.flatnonzero(out["peel_case"] >= 0)
        assert rows.size > 20
        # the senior hand (seat 0) leads the first trick: seat s's card is the (4 + s)-th action
        cards[defender] = [int(out["actions"][i, 4 + out["peel_case"][i]]) for i in rows]
        seats[defender] = [int(i) * 10 + int(out["peel_case"][i]) for i in rows]
    assert all(c % 13 <= 8 for c in cards[passing])  # the small one: ten or lower
    assert all(c % 13 == 12 for c in cards[heading])  # the ace
    assert seats[passing] == seats[heading]  # the same deals, the same defenders


@pytest.mark.parametrize("rule", ["eldest_one", "dealer_one", "redeal"])
def test_when_all_pass(rule: str) -> None:
    """All pass (NAP-CALL-7, §14.13): the eldest or the dealer's right plays for min_call, or the deal is
    redealt with the dealer's unit back; as the engine does it, on deals where it happens."""
    options = {"all_pass": rule, "min_call": 3, "kitty": True}
    setup = setup_of(4, "sensible", options=options, pool=2)
    check_against_engine(setup, 300, seed=6)
    out = KERNEL.run(setup, chunk_seed(6, 0), 300)
    passed = (out["calls"] == 0).all(axis=1)
    assert passed.sum() > 10
    if rule == "redeal":
        assert (out["senior"][passed] == -1).all() and (out["states"][passed] == 24).all()
        assert (out["net"][passed] == 0).all() and (out["pool"][passed] == 2).all()
    else:
        assert (out["senior"][passed] == (0 if rule == "eldest_one" else 3)).all()
        assert (out["contract"][passed] == CALL_NAMES.index("3")).all()


def test_bad_seeds_and_counts_are_refused() -> None:
    """A chunk's seed is a 64-bit number at least 0, and the number of deals is not negative; no deals: empty
    columns."""
    setup = setup_of(4, "random")
    for seed, n, word in ((-1, 3, "seed"), (1 << 64, 3, "seed"), (5, -2, "n:")):
        with pytest.raises(RulesError, match=word):
            KERNEL.run(setup, seed, n)
    assert all(len(column) == 0 for column in KERNEL.run(setup, 5, 0).values())


def calling_situation(setup: Setup, rng: random.Random) -> tuple[Any, int, int]:
    """A deal of ``setup`` on the engine, dealt at random, called by the seats before a random seat (each passes or
    makes a call open to it at random); returns the deal, that seat's hand and the highest call so far (a code).
    One time in three the seat holds three to five of the six top cards of a suit, so that the high calls,
    Wellington and Blücher among them, are weighed too."""
    rules = NapRules.preset("peel").with_options(dict(setup.options))
    playing = setup.players - (setup.players >= rules.dealer_out_at)
    pack = cards_in(pack_mask(rules.pack))
    seat = rng.randrange(playing)
    hand: list[int] = []
    if rng.random() < 1 / 3:
        suit = rng.randrange(4)
        hand = rng.sample(sorted(cards_in(SUIT_MASKS[suit] & pack_mask(rules.pack)))[-6:], rng.randint(3, 5))
    rest = [c for c in pack if c not in hand]
    rng.shuffle(rest)
    need = 5 - len(hand)
    hand += rest[:need]
    rest = rest[need:]
    others = [s for s in range(playing) if s != seat]
    hands = {s: rest[5 * k : 5 * k + 5] for k, s in enumerate(others)}
    hands[seat] = hand
    deal = new_deal("nap", rules, setup.players, dealer=setup.players - 1, pool=setup.pool)
    deal.deal_cards(hands)
    high = 0
    for before in range(seat):  # the seats call in order from the eldest (NAP-CALL-1)
        calls = [a for a in deal.legal_actions() if a.verb == "call"]
        action = rng.choice(calls) if calls and rng.random() < 0.6 else NapAction(before, "pass")
        deal.apply(action)
        high = high if action.call is None else CALL_NAMES.index(action.call)
    return deal, mask_of(hand), high


@pytest.mark.parametrize(
    ("players", "options", "pool"),
    [
        (4, {}, 0),
        (2, {}, 0),
        (6, {"kitty": True, "pool_nap_double": True, "pay_table": "well_blu_mod"}, 12),
        (5, {"misery_rank": "above_three", "min_call": 2, "pay_table": "parlett", "misery_trumps": False}, 0),
        (3, {"misery_pay": "eb11", "wellington": False, "kitty": True}, 3),
        (5, {"dealer_out_at": 5, "min_call": 3, "misery": False, "pay_table": "hsw_flat", "blucher": False}, 0),
        (7, {"max_players": 7, "pack": 32, "kitty": True, "all_pass": "redeal"}, 40),
        (3, {"pack": 32, "revoke_rule": "bic_fine"}, 0),
    ],
)
def test_the_sensible_call_is_the_bot_s(players: int, options: dict[str, Any], pool: int) -> None:
    """The compiled sensible player calls as SensibleNapBot does (its trick estimates, Nap odds, misery danger,
    overcall cost, pay table and kitty), situation for situation: random hands and seats, the calls before them
    random, under each option set (NAP-CALL-2..6, NAP-VAR-MISERY, NAP-VAR-POOL, NAP-VAR-PACK32, the pay
    tables)."""
    setup = setup_of(players, "sensible", options=options, pool=pool)
    rng = random.Random(f"{players} {sorted(options.items())}")
    bot = SensibleNapBot()
    hands, highs, wanted = [], [], []
    for _ in range(600):
        deal, hand, high = calling_situation(setup, rng)
        action = bot.choose(deal.view(deal.to_act))
        hands.append(hand)
        highs.append(high)
        wanted.append(0 if action.verb == "pass" else CALL_NAMES.index(action.call))
    got = KERNEL.sensible_calls(setup, np.array(hands), np.array(highs))  # type: ignore[attr-defined]
    assert got.tolist() == wanted
    assert len(set(wanted)) >= 4  # pass and several calls were weighed


def test_sensible_calls_refuses_what_is_not_a_hand() -> None:
    """``sensible_calls`` takes five cards of the pack per hand and a call's code to beat, else says which."""
    setup = setup_of(4, "sensible", options={"pack": 32})
    calls = KERNEL.sensible_calls  # type: ignore[attr-defined]
    for bad in ("AS KS QS JS", "AS KS QS JS 2S"):  # four cards; a two is not in the 32-card pack
        hands = np.array([mask_of(parse_cards(h)) for h in ("AS KS QS JS TS", bad)])
        with pytest.raises(RulesError, match="hand 1"):
            calls(setup, hands, 0)
    with pytest.raises(RulesError, match="high"):
        calls(setup, np.array([mask_of(parse_cards("AS KS QS JS TS"))]), 9)
    assert calls(setup, np.array([mask_of(parse_cards("AS KS QS JS TS"))]), 6).tolist() == [7]  # Wellington
