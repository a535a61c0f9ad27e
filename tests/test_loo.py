"""Law tests for Three-card Loo: at least one test per rule of RULES.md §3 (LOO-END is tested with the sitting).

Each test is named after its rule and quotes or paraphrases it. Worked examples of RULES.md §10.1 are replayed
where they illustrate a rule. Pools quoted in §10 include the dealer's stake; the ``pool`` a deal is created with
is the pool before it (§14.17).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from conftest import act, conserved, expect_illegal, play_out
from roundgames import IllegalActionError, LooDeal, LooRules, RecordError, format_cards, parse_card, parse_cards
from roundgames.core.cards import card_str, pack, rank_of
from roundgames.games.sitting import draw_for_deal
from roundgames.loo.deal import Decl, Kind, Phase, deal_order
from roundgames.loo.sitting import LooSitting, first_kind

PEEL = LooRules.preset("peel")
SEATS = ["P1", "P2", "P3", "P4"]


# -- helpers ----------------------------------------------------------------------------------------


def names(cards: int | list[int]) -> set[str]:
    """The cards of a mask (or list) as a set of strings."""
    return set(format_cards(cards).split())


def legal_verbs(deal: LooDeal) -> set[str]:
    """The declarations open to the seat to act."""
    acts = deal.legal_actions()
    assert acts, "no legal action"
    assert all(a.seat == deal.to_act and a.card is None for a in acts)
    return {a.verb for a in acts}


def legal_cards(deal: LooDeal) -> set[str]:
    """The cards the seat to act may play; checks that legal_actions and playable agree."""
    acts = deal.legal_actions()
    assert acts, "no legal action"
    assert all(a.verb == "play" and a.seat == deal.to_act for a in acts)
    cards = {card_str(a.card) for a in acts if a.card is not None}
    assert deal.to_act is not None
    assert cards == names(deal.playable(deal.to_act))
    return cards


def regular(
    hands: dict[str, str],
    miss: str,
    turnup: str,
    *,
    dealer: str = "P4",
    pool: int = 0,
    rules: LooRules = PEEL,
    seats: list[str] = SEATS,
) -> LooDeal:
    deal = LooDeal(rules, seats, dealer=dealer, pool=pool)
    deal.deal_cards(hands, miss=miss, turnup=turnup)
    return deal


def single(cards: dict[str, str], turnup: str, *, dealer: str = "P1", pool: int = 0, rules: LooRules = PEEL) -> LooDeal:
    deal = LooDeal(rules, SEATS, dealer=dealer, pool=pool, kind="single")
    deal.deal_cards(cards, turnup=turnup)
    return deal


# LX-3 (RULES.md §10.1): dealer P2, pool 12 with the stake, spades trumps.
LX3_HANDS = {"P3": "AS 4S 9D", "P4": "KD QD 2C", "P1": "JS 8H 3H", "P2": "KS TS 5D"}
LX3_PLAY = [
    "P3 play AS",
    "P4 play 2C",
    "P1 play JS",
    "P2 play TS",
    "P3 play 4S",
    "P4 play QD",
    "P1 play 3H",
    "P2 play KS",
    "P2 play 5D",
    "P3 play 9D",
    "P4 play KD",
    "P1 play 8H",
]


def lx3(rules: LooRules = PEEL, pool: int = 9) -> LooDeal:
    return regular(LX3_HANDS, "6C 2H 8D", "7S", dealer="P2", pool=pool, rules=rules)


def lx3_played(rules: LooRules = PEEL, pool: int = 9) -> LooDeal:
    deal = lx3(rules, pool)
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", *LX3_PLAY)
    return deal


# LX-4: dealer P3, pool 9 with the stake, hearts trumps; P1 takes the miss.
LX4_HANDS = {"P4": "KH 6S 4D", "P1": "9C 7C 2D", "P2": "TS 8S 3S", "P3": "JD 9D 2S"}
LX4_MISS = "QH 3H AC"


def lx4(rules: LooRules = PEEL, turnup: str = "5H") -> LooDeal:
    return regular(LX4_HANDS, LX4_MISS, turnup, dealer="P3", pool=6, rules=rules)


FILLERS = [
    "2S",
    "3S",
    "4S",
    "5S",
    "7S",
    "9S",
    "TS",
    "JS",
    "2D",
    "3D",
    "4D",
    "5D",
    "6D",
    "7D",
    "8D",
    "9D",
    "TD",
    "JD",
    "QD",
    "KD",
]


def fillers(used: set[str]) -> Iterator[str]:
    return iter([x for x in FILLERS if x not in used])


def following(trick: str, hand: str) -> LooDeal:
    """LX-8: clubs trumps (6C turned up); P1 led and the seats after him played ``trick``; the next seat holds
    ``hand`` and is to play. Every other card is a spade or a diamond, so the earlier plays are all legal."""
    played = trick.split()
    used = {*played, *hand.split(), "6C"}
    spare = fillers(used)
    hands: dict[str, str] = {}
    for i, seat in enumerate(SEATS):
        if i == len(played):
            hands[seat] = hand
        elif i < len(played):
            hands[seat] = " ".join([played[i], next(spare), next(spare)])
        else:
            hands[seat] = " ".join(next(spare) for _ in range(3))
    miss = " ".join(next(spare) for _ in range(3))
    deal = regular(hands, miss, "6C", dealer="P4", pool=9)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    for i, card in enumerate(played):
        act(deal, f"P{i + 1} play {card}")
    assert deal.to_act == len(played)
    return deal


def first_lead(hand: str, turnup: str, rules: LooRules = PEEL) -> LooDeal:
    """LX-9: P1 (eldest, dealer P4) is to lead to the first trick holding ``hand``."""
    spare = fillers({*hand.split(), turnup})
    others = {s: " ".join(next(spare) for _ in range(3)) for s in ("P2", "P3", "P4")}
    miss = " ".join(next(spare) for _ in range(3))
    deal = regular({"P1": hand, **others}, miss, turnup, dealer="P4", pool=9, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    return deal


def second_lead(hand: str, rules: LooRules = PEEL) -> LooDeal:
    """LX-9: spades trumps (8S up); P1 led AS and won trick 1, and is to lead again holding ``hand``."""
    p1 = f"AS {hand}"
    others = {"P2": "3H 5C 6C", "P3": "4H 7C 9C", "P4": "5H TC JC"}
    deal = regular({"P1": p1, **others}, "KC QC 2C", "8S", dealer="P4", pool=9, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand", "P1 play AS", "P2 play 3H", "P3 play 4H", "P4 play 5H")
    assert deal.tricks[0].winner == 0 and deal.to_act == 0
    return deal


# -- 3.1 Players, pack, ranking, dealer --------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 5, 7, 12])
def test_loo_gen_1_three_to_twelve_players(n: int) -> None:
    """LOO-GEN-1: three or more players; up to 12 are supported by default."""
    deal = LooDeal(PEEL, n, dealer=0)
    deal.deal(n)
    assert deal.phase is Phase.DECLARE
    assert all(deal.dealt[s].bit_count() == 3 for s in range(n))
    assert deal.miss.bit_count() == 3


@pytest.mark.parametrize("n", [2, 13])
def test_loo_gen_1_too_few_or_too_many_players_refused(n: int) -> None:
    """LOO-GEN-1: fewer than three players, or more than 12 by default, are refused."""
    with pytest.raises(RecordError) as info:
        LooDeal(PEEL, n)
    assert info.value.field == "seats"
    assert "LOO-GEN-1" in str(info.value)


def test_loo_gen_2_full_pack_of_52() -> None:
    """LOO-GEN-2: the full 52-card pack is used: over a few deals at a table of 12, every card turns up."""
    seen = 0
    for seed in range(12):
        deal = LooDeal(PEEL, 12, dealer=seed % 12)
        deal.deal(seed)
        union = 0
        for heap in [*deal.dealt, deal.miss, 1 << deal.turnup]:
            assert union & heap == 0
            union |= heap
        assert union.bit_count() == 40
        seen |= union
    assert names(seen) == names(pack(52))


@pytest.mark.parametrize(
    ("p1", "p2", "p3", "winner"),
    [
        ("KH", "AH", "2H", 1),  # ace high
        ("TH", "9H", "JH", 2),  # knave above ten above nine
        ("QH", "KH", "JH", 1),
        ("3H", "2H", "4H", 2),  # deuce lowest
    ],
)
def test_loo_gen_2_cards_rank_as_at_whist(p1: str, p2: str, p3: str, winner: int) -> None:
    """LOO-GEN-2: cards rank as at whist, ace high: A K Q J T 9 ... 2."""
    hands = {"P1": f"{p1} 5S 6S", "P2": f"{p2} 7S 8S", "P3": f"{p3} 9S TS"}
    deal = regular(hands, "5D 6D 7D", "8C", dealer="P3", pool=9, seats=["P1", "P2", "P3"])
    act(deal, "P1 stand", "P2 stand", "P3 stand", f"P1 play {p1}", f"P2 play {p2}", f"P3 play {p3}")
    assert deal.tricks[0].winner == winner
    assert deal.to_act == winner


@pytest.mark.parametrize("seed", range(25))
def test_loo_gen_3_first_knave_deals(seed: int) -> None:
    """LOO-GEN-3: cards are dealt face up, one to each player in turn; the first to receive a knave deals."""
    dealer, shown = draw_for_deal(PEEL.first_dealer, PEEL.pack, 5, random.Random(seed))
    assert [s for s, _ in shown] == [i % 5 for i in range(len(shown))]
    knave = 9  # rank index of J
    assert rank_of(shown[-1][1]) == knave
    assert all(rank_of(c) != knave for _, c in shown[:-1])
    assert dealer == shown[-1][0]


@pytest.mark.parametrize("seed", range(25))
def test_loo_gen_3_cut_low_option(seed: int) -> None:
    """LOO-GEN-3, option FIRST_DEALER=CUT_LOW (EW): the lowest cut deals, ace lowest; ties cut again."""
    rules = PEEL.with_options(first_dealer="cut_low")
    dealer, shown = draw_for_deal(rules.first_dealer, rules.pack, 4, random.Random(seed))
    low = [(rank_of(c) + 1) % 13 for _, c in shown[:4]]  # ace counts lowest
    assert [s for s, _ in shown[:4]] == [0, 1, 2, 3]
    if low.count(min(low)) == 1:
        assert dealer == low.index(min(low))
        assert len(shown) == 4
    else:
        assert len(shown) > 4  # the tied seats cut again
        assert low[dealer] == min(low)


@pytest.mark.parametrize(("dealer", "nxt"), [("P1", 1), ("P2", 2), ("P3", 3), ("P4", 0)])
def test_loo_gen_3_deal_passes_to_the_left(dealer: str, nxt: int) -> None:
    """LOO-GEN-3: the deal passes to the left after every deal."""
    deal = LooDeal(PEEL, SEATS, dealer=dealer, pool=6)
    deal.deal(1)
    play_out(deal, random.Random(1), avoid=("defend",))
    assert deal.next_dealer == nxt


def test_loo_gen_4_seeded_deal_is_reproducible() -> None:
    """LOO-GEN-4: shuffle and cut. No game logic depends on them; a seeded shuffle deals the same cards again,
    and another seed deals other cards."""

    def dealt(seed: int) -> tuple[list[int], int, int]:
        deal = LooDeal(PEEL, SEATS, dealer="P3")
        deal.deal(seed)
        return deal.dealt[:], deal.miss, deal.turnup

    assert dealt(42) == dealt(42)
    assert dealt(42) != dealt(43)
    assert len({str(dealt(s)) for s in range(10)}) == 10


@pytest.mark.parametrize("seed", range(10))
def test_loo_gen_4_every_card_dealt_once(seed: int) -> None:
    """LOO-GEN-4: a shuffled pack deals each card once: hands, miss and turn-up never share a card."""
    deal = LooDeal(PEEL, 6, dealer=seed % 6)
    deal.deal(seed)
    heaps = [*deal.dealt, deal.miss]
    union = 0
    for heap in heaps:
        assert union & heap == 0
        union |= heap
    assert not union >> deal.turnup & 1
    assert union.bit_count() == 6 * 3 + 3


# -- 3.2 Stakes and the pool --------------------------------------------------------------------------


def test_loo_stk_1_default_stakes() -> None:
    """LOO-STK-1: agree D (deal), L (loo) and S (single loo); defaults 3 / 6 / 3."""
    stakes = PEEL.stakes
    assert (stakes.deal, stakes.loo, stakes.single) == (3, 6, 3)


def test_loo_stk_1_agreed_stakes_are_used() -> None:
    """LOO-STK-1: the agreed D and L are what the dealer and a looed player pay (LX-3 at D=4, L=8)."""
    deal = lx3_played(PEEL.with_stakes(deal=4, loo=8))
    # Pool 9 + 4 = 13 divides 5 / 4 / 4 to P3, P2, P4; P1 is looed 8.
    assert deal.net == [-8, -4 + 4, 5, 4]
    assert deal.looed == {0: 8}
    assert deal.pool_total == 8
    assert conserved(deal, 9)


def test_loo_stk_1_agreed_single_loo() -> None:
    """LOO-STK-1: the agreed S is what each loser of a single pays (LX-1 at S=2)."""
    deal = single({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, "9H", rules=PEEL.with_stakes(single=2))
    assert deal.net == [-3 - 2, 3, -2, -2]
    assert deal.looed == {0: 2, 2: 2, 3: 2}


def test_loo_stk_2_only_the_dealer_pays_a_stake() -> None:
    """LOO-STK-2: only the dealer pays a stake D into the pool, while dealing; others pay only loos."""
    deal = lx3()
    assert deal.net == [0, -3, 0, 0]
    assert deal.pool == 12
    act(deal, "P3 throw", "P4 throw", "P1 stand", "P2 stand")
    assert deal.net == [0, -3, 0, 0]  # throwing up or standing costs nothing


def test_loo_stk_2_dealer_pays_in_a_single_too() -> None:
    """LOO-STK-2 with LOO-SGL-1: in a single the dealer's stake is the whole of the new money."""
    deal = single({"P2": "3D", "P3": "AS", "P4": "5C", "P1": "KC"}, "QD", pool=0)
    # Only the dealer's 3 went in before the loos: P1 pays 3 + 3, the others their loo only.
    assert deal.net == [-6, -3, -3, -3]


@pytest.mark.parametrize("seed", range(4))
def test_loo_stk_3_pool_stays_divisible_by_three(seed: int) -> None:
    """LOO-STK-3: the pool should be divisible by three; with D=3, L=6, S=3 it always is, unless carries of odd
    size occur. A run of random deals that never plays the miss for the pool keeps every pool divisible."""
    rng = random.Random(seed)
    pool, dealer, kind = 0, 0, first_kind(PEEL)
    for _ in range(40):
        deal = LooDeal(PEEL, 5, dealer=dealer, pool=pool, kind=kind)
        deal.deal(rng.randrange(2**32))
        assert deal.pool % 3 == 0
        play_out(deal, rng, avoid=("defend",))
        assert conserved(deal, pool)
        pool, dealer, kind = deal.pool_total, deal.next_dealer, deal.next_kind
        assert pool % 3 == 0


@pytest.mark.parametrize(
    ("options", "loo"),
    [
        ({}, 6),
        ({"loo_mode": "limited"}, 6),
        ({"loo_mode": "unlimited"}, 12),
        ({"loo_mode": "mixed", "loo_cap": 10}, 10),
        ({"loo_mode": "mixed", "loo_cap": 20}, 12),
    ],
)
def test_loo_stk_4_loo_mode(options: dict[str, object], loo: int) -> None:
    """LOO-STK-4: limited (default): a loo is the fixed L; unlimited: the sum in the pool; mixed: min(pool, cap).
    In LX-3 the pool divided is 12 and P1 is looed."""
    deal = lx3_played(PEEL.with_options(options))
    assert deal.looed == {0: loo}
    assert deal.net[0] == -loo
    assert deal.pool_total == loo
    assert conserved(deal, 9)


def test_loo_stk_4_limited_loo_does_not_grow_with_the_pool() -> None:
    """LOO-STK-4: under Limited Loo the loo is L whatever the pool holds."""
    deal = lx3_played(pool=30)  # 33 in the pool: 11 a trick
    assert deal.looed == {0: 6}
    assert deal.net == [-6, -3 + 11, 11, 11]


def test_loo_stk_5_loos_go_into_the_next_pool() -> None:
    """LOO-STK-5: loos go into the next deal's pool, not the one being divided."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", *LX3_PLAY[:-1])
    assert deal.pool == 12
    act(deal, LX3_PLAY[-1])
    # The three shares are 4 each: P1's loo of 6 did not swell them; it is the whole of the next pool.
    assert deal.net == [-6, 1, 4, 4]
    assert deal.pool == 0
    assert deal.pool_total == 6


def test_loo_stk_6_pool_is_carry_plus_loos_plus_stake() -> None:
    """LOO-STK-6: the pool at the start of a deal is carry + loos from the previous deal + the dealer's stake.
    LX-1 -> LX-3 -> LX-4 -> single: pools 3, 12, 9, 3."""
    d1 = single({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, "9H", dealer="P1", pool=0)
    assert d1.pool_total == 9
    d2 = LooDeal(PEEL, SEATS, dealer=d1.next_dealer, pool=d1.pool_total, kind=d1.next_kind)
    d2.deal_cards(LX3_HANDS, miss="6C 2H 8D", turnup="7S")
    assert (d2.dealer, d2.kind, d2.pool) == (1, Kind.REGULAR, 12)
    act(d2, "P3 stand", "P4 stand", "P1 stand", "P2 stand", *LX3_PLAY)
    d3 = LooDeal(PEEL, SEATS, dealer=d2.next_dealer, pool=d2.pool_total, kind=d2.next_kind)
    d3.deal_cards(LX4_HANDS, miss=LX4_MISS, turnup="5H")
    assert (d3.dealer, d3.kind, d3.pool) == (2, Kind.REGULAR, 9)
    act(d3, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    act(d3, "P4 play 6S", "P1 play 3H", "P1 play QH", "P4 play KH", "P4 play 4D", "P1 play AC")
    d4 = LooDeal(PEEL, SEATS, dealer=d3.next_dealer, pool=d3.pool_total, kind=d3.next_kind)
    assert (d4.dealer, d4.kind) == (3, Kind.SINGLE)
    d4.deal_cards({"P1": "AD", "P2": "2C", "P3": "3C", "P4": "4C"}, turnup="2D")
    assert d4.net == [3, -3, -3, -6]  # P1 wins a pool of just the dealer's 3


# -- 3.3 Kind of deal ---------------------------------------------------------------------------------


def test_loo_deal_1_first_deal_is_a_single() -> None:
    """LOO-DEAL-1: the first deal of the game is a single (Peel's face-up single)."""
    assert first_kind(PEEL) is Kind.SINGLE
    deal = LooSitting(PEEL, SEATS, seed=3).start_deal()
    assert deal.kind is Kind.SINGLE
    assert all(deal.dealt[s].bit_count() == 1 for s in range(4))
    assert deal.miss == 0


def test_loo_deal_2_no_loo_means_a_single_next() -> None:
    """LOO-DEAL-2: after a regular deal in which nobody was looed, the next deal is a single (LX-4)."""
    deal = lx4()
    act(deal, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    act(deal, "P4 play 6S", "P1 play 3H", "P1 play QH", "P4 play KH", "P4 play 4D", "P1 play AC")
    assert deal.looed == {}
    assert deal.next_kind is Kind.SINGLE


def test_loo_deal_2_a_loo_means_a_regular_deal_next() -> None:
    """LOO-DEAL-2: a deal in which someone was looed is followed by a regular deal (LX-3)."""
    deal = lx3_played()
    assert deal.looed == {0: 6}
    assert deal.next_kind is Kind.REGULAR


def test_loo_deal_2_pool_taken_without_play_means_a_single() -> None:
    """LOO-DEAL-2 [I]: deals in which the dealer (LOO-DECL-7) or the miss-holder (LOO-DECL-9) took the pool
    without play loo nobody, so a single follows."""
    d7 = lx3()
    act(d7, "P3 throw", "P4 throw", "P1 throw")
    assert d7.is_complete and d7.next_kind is Kind.SINGLE
    d9 = lx3()
    act(d9, "P3 miss", "P4 throw", "P1 throw", "P2 throw")
    assert d9.is_complete and d9.next_kind is Kind.SINGLE


def test_loo_deal_2_carry_stays_for_the_single() -> None:
    """LOO-DEAL-2: any carry simply stays in the pool and is played for in that single."""
    # P1 stands alone; the dealer P4 plays the miss for the pool; the miss wins trick 1, P1 the others.
    deal = regular({"P1": "KH QH JH", "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9C TC JC"}, "AH 3H 4H", "2S", pool=9)
    act(deal, "P1 stand", "P2 throw", "P3 throw", "P4 defend")
    act(deal, "P1 play KH", "P4 play AH", "P4 play 3H", "P1 play QH", "P1 play JH", "P4 play 4H")
    assert deal.looed == {}
    assert deal.next_kind is Kind.SINGLE
    assert deal.pool_total == 4  # the miss's share stays for the single
    nxt = LooDeal(PEEL, SEATS, dealer=deal.next_dealer, pool=deal.pool_total, kind=deal.next_kind)
    nxt.deal_cards({"P2": "AD", "P3": "2C", "P4": "3C", "P1": "4C"}, turnup="KD")
    assert nxt.dealer == 0
    assert nxt.net == [-6, 4 + 3, -3, -3]  # P1 deals; P2 wins the pool of 4 + 3 with the AD


@pytest.mark.parametrize(
    ("cards", "turnup"),
    [
        ({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, "9H"),  # a winner (LX-1)
        ({"P2": "3D", "P3": "AS", "P4": "5C", "P1": "KC"}, "QD"),  # no winner (LX-2)
    ],
)
def test_loo_deal_3_after_a_single_a_regular_deal(cards: dict[str, str], turnup: str) -> None:
    """LOO-DEAL-3 [I]: after a single the next deal is always a regular three-card deal."""
    deal = single(cards, turnup)
    assert deal.looed  # a single always loos someone
    assert deal.next_kind is Kind.REGULAR


def test_loo_deal_4_one_card_at_a_time_miss_after_the_dealer() -> None:
    """LOO-DEAL-4: three cards each, one at a time, clockwise from the dealer's left, with a card to the miss
    immediately after the dealer's own card in each round."""
    # Dealer P2 (index 1): P3, P4, P1, P2 then the miss, three rounds; the 16th card is turned up.
    hands, miss, turnup = deal_order(list(range(16)), [2, 3, 0, 1])
    assert hands == {2: [0, 5, 10], 3: [1, 6, 11], 0: [2, 7, 12], 1: [3, 8, 13]}
    assert miss == [4, 9, 14]
    assert turnup == 15


def test_loo_deal_4_dealer_pays_and_deals_three_each() -> None:
    """LOO-DEAL-4: the dealer pays D and each player, and the miss, gets three cards."""
    deal = LooDeal(PEEL, 5, dealer=2, pool=6)
    deal.deal(11)
    assert deal.net == [0, 0, -3, 0, 0]
    assert deal.pool == 9
    assert [deal.dealt[s].bit_count() for s in range(5)] == [3] * 5
    assert deal.miss.bit_count() == 3
    with pytest.raises(IllegalActionError):  # the cards are dealt once
        deal.deal(12)


def test_loo_deal_4_a_hand_of_the_wrong_size_is_refused() -> None:
    """LOO-DEAL-4: three cards to each player; a hand of two is not a deal."""
    deal = LooDeal(PEEL, SEATS, dealer="P2")
    with pytest.raises(RecordError) as info:
        deal.deal_cards({**LX3_HANDS, "P1": "JS 8H"}, miss="6C 2H 8D", turnup="7S")
    assert info.value.field == "cards.P1"


def test_loo_deal_5_turn_up_fixes_trumps() -> None:
    """LOO-DEAL-5: the next card is turned up and its suit is trumps. P1 (holding the miss QH 3H AC), void in
    the spade led, must trump: with hearts; with AC if a club is turned up instead."""
    hearts = lx4(turnup="5H")
    act(hearts, "P4 stand", "P1 miss", "P2 throw", "P3 throw", "P4 play 6S")
    assert legal_cards(hearts) == {"QH", "3H"}
    clubs = lx4(turnup="5C")
    act(clubs, "P4 stand", "P1 miss", "P2 throw", "P3 throw", "P4 play 6S")
    assert legal_cards(clubs) == {"AC"}


def test_loo_deal_5_turn_up_is_the_card_after_the_deal() -> None:
    """LOO-DEAL-5: the turn-up is the top of the undealt pack: it is in no hand and not in the miss."""
    deal = LooDeal(PEEL, SEATS, dealer="P1")
    with pytest.raises(RecordError):
        deal.deal_cards(LX3_HANDS, miss="6C 2H 8D", turnup="AS")  # AS is in P3's hand
    for seed in range(10):
        seeded = LooDeal(PEEL, 7, dealer=seed % 7)
        seeded.deal(seed)
        assert all(not h >> seeded.turnup & 1 for h in [*seeded.dealt, seeded.miss])


def test_loo_deal_6_miss_is_seen_only_by_its_taker() -> None:
    """LOO-DEAL-6: the miss lies face down; no one may look at it except the player who takes it."""
    deal = lx4()
    miss = parse_cards(LX4_MISS)
    for seat in range(4):
        view = deal.view(seat)
        assert all(not view.hand >> c & 1 for c in miss)
        assert set(view.seen_hands) <= {seat}
    act(deal, "P4 stand", "P1 miss")
    assert names(deal.view("P1").hand) == set(LX4_MISS.split())
    for seat in ("P2", "P3", "P4"):
        view = deal.view(seat)
        assert set(view.seen_hands) == {deal.seat_index(seat)}
        assert all(not h >> c & 1 for h in view.seen_hands.values() for c in miss)
        assert view.miss_holder == 0


# -- 3.4 Peel's single ------------------------------------------------------------------------------


def test_loo_sgl_1_turn_up_then_one_card_each_from_the_left() -> None:
    """LOO-SGL-1: the dealer turns up the top card, then deals one card face up to each player, himself included,
    in order from his left."""
    hands, miss, turnup = deal_order([7, 8, 9, 10, 11], [1, 2, 3, 0], kind=Kind.SINGLE)
    assert turnup == 7
    assert hands == {1: [8], 2: [9], 3: [10], 0: [11]}
    assert miss == []


def test_loo_sgl_1_dealer_pays_and_all_cards_are_face_up() -> None:
    """LOO-SGL-1: the dealer pays D; every card of the single is face up, so every seat sees all of them."""
    deal = LooDeal(PEEL, SEATS, dealer="P3", kind="single")
    deal.deal(5)
    assert [deal.dealt[s].bit_count() for s in range(4)] == [1, 1, 1, 1]  # the dealer too
    assert deal.miss == 0
    assert deal.net[2] <= -3  # the dealer's stake (and a loo unless he won)
    for seat in range(4):
        view = deal.view(seat)
        assert view.seen_hands == {s: deal.dealt[s] for s in range(4)}
        assert view.turnup == deal.turnup


def test_loo_sgl_1_one_card_each() -> None:
    """LOO-SGL-1: one card to each player; three is not a single."""
    deal = LooDeal(PEEL, SEATS, dealer="P1", kind="single")
    with pytest.raises(RecordError):
        deal.deal_cards({"P2": "KH QH JH", "P3": "4S", "P4": "JD", "P1": "2C"}, turnup="9H")


@pytest.mark.parametrize(
    ("cards", "turnup", "winner"),
    [
        ({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, "9H", 1),  # LX-1: two qualify, the higher wins
        ({"P2": "8H", "P3": "AS", "P4": "TH", "P1": "AD"}, "9H", 3),  # aces of other suits do not qualify
        ({"P2": "8H", "P3": "AS", "P4": "2H", "P1": "TH"}, "9H", 0),  # the dealer can win
        ({"P2": "AC", "P3": "3C", "P4": "2D", "P1": "5C"}, "4C", 1),
    ],
)
def test_loo_sgl_2_highest_above_the_turn_up_takes_the_pool(cards: dict[str, str], turnup: str, winner: int) -> None:
    """LOO-SGL-2: a card of the turned-up suit higher than the turn-up qualifies; the highest takes the whole
    pool."""
    deal = single(cards, turnup, pool=9)  # 12 in the pool
    assert deal.winner_without_play == winner
    expected = [-3] * 4
    expected[0] -= 3  # the dealer's stake
    expected[winner] = 12 - (3 if winner == 0 else 0)
    assert deal.net == expected
    assert conserved(deal, 9)


def test_loo_sgl_3_every_other_player_looed_a_single() -> None:
    """LOO-SGL-3: with a winner, every other player, the dealer included, is looed S into the next pool (LX-1)."""
    deal = single({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, "9H", dealer="P1")
    assert deal.looed == {0: 3, 2: 3, 3: 3}
    assert deal.net == [-6, 3, -3, -3]
    assert deal.pool_total == 9
    assert conserved(deal, 0)


def test_loo_sgl_4_no_winner_all_looed_pool_remains() -> None:
    """LOO-SGL-4: if no card qualifies, all are looed S and the pool remains (LX-2: next pool 18 with P2's 3)."""
    deal = single({"P2": "3D", "P3": "AS", "P4": "5C", "P1": "KC"}, "QD", dealer="P1")
    assert deal.winner_without_play is None
    assert deal.looed == {0: 3, 1: 3, 2: 3, 3: 3}
    assert deal.net == [-6, -3, -3, -3]
    assert deal.pool_total == 15
    nxt = LooDeal(PEEL, SEATS, dealer=deal.next_dealer, pool=deal.pool_total, kind=deal.next_kind)
    nxt.deal(1)
    assert nxt.pool == 18


def test_loo_sgl_4_ace_turned_up_nobody_qualifies() -> None:
    """LOO-SGL-4 (note): if the turn-up is an ace nobody can qualify, so everyone is looed S."""
    deal = single({"P2": "KS", "P3": "QS", "P4": "AH", "P1": "2S"}, "AS", pool=3)
    assert deal.winner_without_play is None
    assert set(deal.looed) == {0, 1, 2, 3}
    assert deal.pool_total == 6 + 12


def test_loo_sgl_5_next_dealer_pays_and_deals_a_regular_deal() -> None:
    """LOO-SGL-5: after the single, the next dealer (on the left) pays D and deals a regular deal (LX-1 -> 12)."""
    deal = single({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, "9H", dealer="P1")
    assert deal.is_complete and deal.phase is Phase.COMPLETE
    assert (deal.next_dealer, deal.next_kind) == (1, Kind.REGULAR)
    nxt = LooDeal(PEEL, SEATS, dealer=deal.next_dealer, pool=deal.pool_total, kind=deal.next_kind)
    nxt.deal(3)
    assert nxt.pool == 12
    assert nxt.miss.bit_count() == 3 and nxt.phase is Phase.DECLARE


# -- 3.6 Declaring ----------------------------------------------------------------------------------


def test_loo_decl_1_declaring_in_turn_from_the_dealers_left() -> None:
    """LOO-DECL-1: each player, starting on the dealer's left and ending with the dealer, declares in turn."""
    deal = lx3()  # dealer P2
    assert deal.to_act == 2
    for seat, nxt in (("P3", 3), ("P4", 0), ("P1", 1)):
        assert deal.to_act == deal.seat_index(seat)
        assert legal_verbs(deal) == {"stand", "throw", "miss"}
        deal.stand(seat)
        assert deal.to_act == nxt
    deal.stand("P2")
    assert deal.phase is Phase.PLAY


def test_loo_decl_1_out_of_turn_is_illegal() -> None:
    """LOO-DECL-1 (§14.10): declaring out of turn cites LOO-DECL-1 and names the seat."""
    deal = lx3()
    for verify in (deal.verify_stand, deal.verify_throw_up, deal.verify_take_miss):
        expect_illegal("LOO-DECL-1", verify, "P1", mentions=("P1", "P3"))
    assert not deal.can_stand("P2") and not deal.can_throw_up("P4")
    expect_illegal("LOO-DECL-1", deal.stand, "P2", mentions=("P2",))
    assert deal.to_act == 2 and deal.log == []


def test_loo_decl_1_no_play_before_declaring_is_over() -> None:
    """LOO-DECL-1: cards are played only once all have declared."""
    deal = lx3()
    expect_illegal("LOO-DECL-1", deal.play, "P3", parse_card("AS"), mentions=("P3", "AS"))


def test_loo_decl_1_cards_looked_at_only_at_ones_turn() -> None:
    """LOO-DECL-1: a player looks at his own cards only when his turn to declare comes."""
    deal = lx3()
    assert names(deal.view("P3").hand) == {"AS", "4S", "9D"}  # his turn
    for seat in ("P4", "P1", "P2"):
        assert deal.view(seat).hand == 0
    deal.stand("P3")
    assert names(deal.view("P4").hand) == {"KD", "QD", "2C"}
    assert deal.view("P1").hand == 0


def test_loo_decl_2_throwing_up_neither_pays_nor_receives() -> None:
    """LOO-DECL-2: a player who throws up takes no further part, and neither pays nor receives."""
    deal = lx3()
    act(deal, "P3 stand", "P4 throw", "P1 stand", "P2 stand")
    assert 3 not in deal.players
    assert deal.view("P4").hand == 0  # his cards went face down on the pack
    expect_illegal("LOO-PLAY-1", deal.play, "P4", parse_card("KD"), mentions=("P4", "KD"))
    # P3 AS, P1 JS, P2 TS; P3 4S, P1 3H, P2 KS; P2 5D, P3 9D, P1 8H.
    act(deal, "P3 play AS", "P1 play JS", "P2 play TS", "P3 play 4S", "P1 play 3H", "P2 play KS")
    act(deal, "P2 play 5D", "P3 play 9D", "P1 play 8H")
    assert deal.net[3] == 0
    assert 3 not in deal.looed
    assert deal.net == [-6, -3 + 4, 8, 0]


def test_loo_decl_3_taking_the_miss() -> None:
    """LOO-DECL-3: the taker puts his own cards on the pack unseen and takes up the miss; afterwards later
    players may only stand or throw up."""
    deal = lx4()
    act(deal, "P4 stand")
    assert legal_verbs(deal) == {"stand", "throw", "miss"}
    act(deal, "P1 miss")
    assert deal.miss_holder == 0
    assert names(deal.view("P1").hand) == {"QH", "3H", "AC"}
    assert legal_verbs(deal) == {"stand", "throw"}
    expect_illegal("LOO-DECL-3", deal.take_miss, "P2", mentions=("P2", "P1"))
    assert not deal.can_take_miss("P2")


def test_loo_decl_4_miss_taker_must_play_it() -> None:
    """LOO-DECL-4: a player who takes the miss must play it: he may not throw up nor go back to his own hand.
    The same holds for a player who stood."""
    deal = lx4()
    act(deal, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    assert deal.players == (3, 0)
    expect_illegal("LOO-DECL-4", deal.throw_up, "P1", mentions=("P1",))
    expect_illegal("LOO-DECL-4", deal.throw_up, "P4", mentions=("P4",))
    act(deal, "P4 play 6S")
    assert not deal.can_play("P1", parse_card("9C"))  # his own hand is gone
    assert legal_cards(deal) == {"QH", "3H"}


def test_loo_decl_4_miss_taker_who_takes_no_trick_is_looed() -> None:
    """LOO-DECL-4 with LOO-SET-3: the miss must be played, so a taker who wins no trick is looed."""
    deal = regular({"P1": "2H 3H 4H", "P2": "AH KH QH", "P3": "5D 6D 7D", "P4": "8D 9D TD"}, "5H 6H 7H", "2S")
    act(deal, "P1 miss", "P2 stand", "P3 throw", "P4 throw")
    act(deal, "P1 play 7H", "P2 play AH", "P2 play KH", "P1 play 6H", "P2 play QH", "P1 play 5H")
    assert deal.looed == {0: 6}


def test_loo_decl_5_no_second_declaration() -> None:
    """LOO-DECL-5: declarations are final: no second declaration and no alteration."""
    deal = lx3()
    act(deal, "P3 stand", "P4 throw")
    expect_illegal("LOO-DECL-5", deal.throw_up, "P3", mentions=("P3",))
    expect_illegal("LOO-DECL-5", deal.take_miss, "P3", mentions=("P3",))
    expect_illegal("LOO-DECL-5", deal.stand, "P4", mentions=("P4",))
    assert deal.to_act == 0
    assert deal.decls[2] is Decl.STAND and deal.decls[3] is Decl.THROW


def test_loo_decl_6_untaken_miss_goes_back_unseen() -> None:
    """LOO-DECL-6: if nobody takes the miss it goes back in the pack unexposed: nobody sees it or plays it."""
    deal = lx3_played()
    assert deal.miss_holder is None
    miss = parse_cards("6C 2H 8D")
    played = {c for t in deal.tricks for c in t.cards}
    assert not played & set(miss)
    for seat in range(4):
        view = deal.view(seat)
        assert all(not h >> c & 1 for h in view.seen_hands.values() for c in miss)


def test_loo_decl_7_all_throw_up_dealer_takes_the_pool() -> None:
    """LOO-DECL-7: if every player before the dealer threw up and none took the miss, the dealer takes the whole
    pool without play, whatever his cards; nobody is looed, so a single follows (LX-5)."""
    deal = regular(
        {"P3": "2S 3S 4S", "P4": "5S 6S 7S", "P1": "8S 9S TS", "P2": "2H 3H 4H"}, "5H 6H 7H", "8H", dealer="P2", pool=15
    )
    assert deal.pool == 18
    act(deal, "P3 throw", "P4 throw", "P1 throw")
    assert deal.is_complete
    assert deal.legal_actions() == [] and deal.to_act is None
    assert deal.winner_without_play == 1
    assert deal.net == [0, 15, 0, 0]
    assert deal.looed == {}
    assert deal.pool_total == 0
    assert (deal.next_dealer, deal.next_kind) == (2, Kind.SINGLE)
    assert conserved(deal, 15)


def lone_stander(stander: str = "P1", rules: LooRules = PEEL) -> LooDeal:
    """Dealer P4, spades trumps; ``stander`` stands alone and the others before the dealer throw up."""
    hands = {"P1": "KH QH JH", "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9C TC JC"}
    if stander != "P1":
        hands["P1"], hands[stander] = hands[stander], hands["P1"]
    deal = regular(hands, "AH 3H 4H", "2S", pool=10, rules=rules)
    for seat in ("P1", "P2", "P3"):
        act(deal, f"{seat} {'stand' if seat == stander else 'throw'}")
    return deal


def test_loo_decl_8_dealer_must_defend() -> None:
    """LOO-DECL-8: when exactly one player stood and nobody took the miss, the dealer may not throw up: he must
    stand, take the miss, or play the miss for the pool."""
    deal = lone_stander()
    assert legal_verbs(deal) == {"stand", "miss", "defend"}
    expect_illegal("LOO-DECL-8", deal.throw_up, "P4", mentions=("P4",))
    assert not deal.can_throw_up("P4")
    assert deal.can_defend("P4") and deal.can_take_miss("P4") and deal.can_stand("P4")


def test_loo_decl_8_only_the_dealer_may_defend() -> None:
    """LOO-DECL-8: playing the miss for the pool is the dealer's, and only in this situation."""
    deal = lx3()
    expect_illegal("LOO-DECL-8", deal.defend, "P3", mentions=("P3",))
    act(deal, "P3 stand", "P4 stand", "P1 throw")  # two are in: LOO-DECL-10, not -8
    expect_illegal("LOO-DECL-8", deal.defend, "P2", mentions=("P2",))


@pytest.mark.parametrize(
    ("verb", "net", "looed", "pool_total"),
    [
        # (a) stand: P4's 9C TC JC against P1's KH QH JH: P1 leads hearts, P4 is void with no trump; P1 takes all.
        ("stand", [13, 0, 0, -3 - 6], {3: 6}, 6),
        # (b) take the miss for himself: the miss AH 3H 4H takes trick 1 (5 of 13); P1 the others (4 + 4).
        ("miss", [8, 0, 0, -3 + 5], {}, 0),
        # (c) defend: the miss's trick 1 share (5) stays in the pool; the dealer is not looed.
        ("defend", [8, 0, 0, -3], {}, 5),
    ],
)
def test_loo_decl_8_stand_miss_or_defend(verb: str, net: list[int], looed: dict[int, int], pool_total: int) -> None:
    """LOO-DECL-8 (a) stand, (b) take the miss and play it for himself, (c) play the miss for the pool: what the
    miss wins stays in the pool as carry."""
    deal = lone_stander()
    act(deal, f"P4 {verb}")
    assert deal.players == (0, 3)
    assert deal.to_act == 0  # the lone stander leads; the dealer's seat counts last (§14.11)
    act(deal, "P1 play KH")
    if verb == "stand":
        act(deal, "P4 play 9C", "P1 play QH", "P4 play TC", "P1 play JH", "P4 play JC")
    else:
        assert legal_cards(deal) == {"AH"}  # the miss must head
        act(deal, "P4 play AH", "P4 play 3H", "P1 play QH", "P1 play JH", "P4 play 4H")
    assert [t.winner for t in deal.tricks] == ([0, 0, 0] if verb == "stand" else [3, 0, 0])
    assert deal.net == net
    assert deal.looed == looed
    assert deal.pool_total == pool_total
    assert conserved(deal, 10)


def test_loo_decl_8_defender_not_looed_when_the_miss_takes_nothing() -> None:
    """LOO-DECL-8 [I]: under (c) the dealer is not looed if the miss takes no trick (option DEFENDER_LOOED: he
    pays L)."""
    for rules, looed in ((PEEL, {}), (PEEL.with_options(defender_looed=True), {3: 6})):
        deal = regular(
            {"P1": "AH KH QH", "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9C TC JC"},
            "2H 3H 4H",
            "2S",
            pool=9,
            rules=rules,
        )
        act(deal, "P1 stand", "P2 throw", "P3 throw", "P4 defend")
        act(deal, "P1 play AH", "P4 play 2H", "P1 play KH", "P4 play 3H", "P1 play QH", "P4 play 4H")
        assert deal.looed == looed
        assert deal.net == [12, 0, 0, -3 - sum(looed.values())]
        assert conserved(deal, 9)


def test_loo_decl_8_miss_for_the_pool_wins_everything() -> None:
    """LOO-DECL-8 (c): if the miss takes all three tricks the whole pool stays, and the lone stander is looed."""
    deal = regular({"P1": "2H 3H 5H", "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9C TC JC"}, "AH KH QH", "2S", pool=9)
    act(deal, "P1 stand", "P2 throw", "P3 throw", "P4 defend")
    act(deal, "P1 play 2H", "P4 play QH", "P4 play KH", "P1 play 3H", "P4 play AH", "P1 play 5H")
    assert deal.looed == {0: 6}
    assert deal.net == [-6, 0, 0, -3]
    assert deal.pool_total == 12 + 6
    assert deal.next_kind is Kind.REGULAR


def test_loo_decl_8_lone_stander_may_sit_anywhere() -> None:
    """LOO-DECL-8: the situation is one stander and no miss taken, wherever the stander sits."""
    deal = lone_stander("P3")
    assert legal_verbs(deal) == {"stand", "miss", "defend"}
    act(deal, "P4 defend")
    assert deal.players == (2, 3)
    assert deal.to_act == 2


def test_loo_decl_9_miss_holder_alone_dealer_may_throw() -> None:
    """LOO-DECL-9: all before the dealer threw up but one, who took the miss: the dealer may stand or throw up;
    if he throws up the miss-holder takes the whole pool without play and nobody is looed."""
    deal = regular({"P1": "2S 3S 4S", "P2": "5S 6S 7S", "P3": "8S 9S TS", "P4": "JS QS KS"}, "2H 3H 4H", "AS", pool=9)
    act(deal, "P1 throw", "P2 miss", "P3 throw")
    assert legal_verbs(deal) == {"stand", "throw"}
    expect_illegal("LOO-DECL-3", deal.take_miss, "P4", mentions=("P4", "P2"))
    expect_illegal("LOO-DECL-8", deal.defend, "P4", mentions=("P4",))
    act(deal, "P4 throw")
    assert deal.is_complete and deal.winner_without_play == 1
    assert deal.net == [0, 12, 0, -3]
    assert deal.looed == {} and deal.next_kind is Kind.SINGLE
    assert conserved(deal, 9)


def test_loo_decl_9_dealer_may_stand_against_the_miss() -> None:
    """LOO-DECL-9: the dealer may instead stand, and the two play it out."""
    deal = regular({"P1": "2S 3S 4S", "P2": "5S 6S 7S", "P3": "8S 9S TS", "P4": "AH KH QH"}, "2H 3H 4H", "9D", pool=9)
    act(deal, "P1 throw", "P2 miss", "P3 throw", "P4 stand")
    assert deal.players == (1, 3) and deal.to_act == 1
    act(deal, "P2 play 4H", "P4 play AH", "P4 play KH", "P2 play 3H", "P4 play QH", "P2 play 2H")
    assert deal.net == [0, -6, 0, -3 + 12]
    assert deal.looed == {1: 6}


def test_loo_decl_10_dealer_free_when_two_are_in() -> None:
    """LOO-DECL-10: with two or more players in before him, the dealer has the same free choice as anyone."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 throw")
    assert legal_verbs(deal) == {"miss", "stand", "throw"}
    act(deal, "P2 throw")
    assert deal.phase is Phase.PLAY
    assert deal.players == (2, 3)
    # One stood and one took the miss: the dealer may stand or throw up.
    other = lx3()
    act(other, "P3 stand", "P4 miss", "P1 throw")
    assert legal_verbs(other) == {"stand", "throw"}
    act(other, "P2 throw")
    assert other.phase is Phase.PLAY and other.players == (2, 3)


# -- 3.7 Play of the tricks -------------------------------------------------------------------------


def test_loo_play_1_elder_among_players_leads_not_the_miss_holder() -> None:
    """LOO-PLAY-1: only those who stood or took the miss play; the playing player nearest the dealer's left leads,
    and the miss-holder does not lead by virtue of the miss (LX-4: P4 leads, P1 holds the miss)."""
    deal = lx4()
    act(deal, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    assert deal.players == (3, 0)
    assert deal.to_act == 3
    assert legal_cards(deal) == {"KH", "6S", "4D"}  # one trump, not the ace: free lead
    expect_illegal("LOO-PLAY-1", deal.play, "P1", parse_card("QH"), mentions=("P1", "QH"))
    expect_illegal("LOO-PLAY-1", deal.play, "P2", parse_card("TS"), mentions=("P2", "TS"))


def test_loo_play_1_dealers_seat_counts_last() -> None:
    """LOO-PLAY-1: the dealer's seat counts last when finding the leader."""
    deal = lx3()
    act(deal, "P3 throw", "P4 throw", "P1 stand", "P2 stand")
    assert deal.players == (0, 1)
    assert deal.to_act == 0


@pytest.mark.parametrize(
    ("hand", "turnup", "legal"),
    [
        ("KD 3D 9S", "AD", {"KD"}),  # ace turned up: the king takes its place
        ("QD 9S 4H", "AD", {"QD", "9S", "4H"}),
        ("AS 5H 2C", "8S", {"AS"}),  # ace of trumps must be led
        ("JS 4S KH", "8S", {"JS"}),  # two trumps: the highest
        ("9D KH 2C", "8S", {"9D", "KH", "2C"}),  # no trump: free
        ("AS KS 2S", "8S", {"AS"}),  # three trumps: the highest, the ace
        ("KS 4S 2H", "AS", {"KS"}),
        ("4S 3H 2D", "8S", {"4S", "3H", "2D"}),  # one low trump: free
    ],
)
def test_loo_play_2_first_lead_obligations(hand: str, turnup: str, legal: set[str]) -> None:
    """LOO-PLAY-2: first lead: the ace of trumps (the king if the ace is turned up) must be led; with two or three
    trumps the highest; otherwise any card (LX-9, default column)."""
    deal = first_lead(hand, turnup)
    assert legal_cards(deal) == legal
    for card in set(hand.split()) - legal:
        expect_illegal("LOO-PLAY-2", deal.play, "P1", parse_card(card), mentions=("P1", card))
    assert deal.tricks == [] and deal.current_trick == ((), ())


def test_loo_play_2_error_explains_the_ace_rule() -> None:
    """LOO-PLAY-2: a leader holding the ace of trumps is told he must lead it (LX-3: P3 cannot lead 4S)."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand")
    message = expect_illegal("LOO-PLAY-2", deal.play, "P3", parse_card("4S"), mentions=("P3", "4S"))
    assert "ace" in message


@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        ("4S KD", {"4S"}),
        ("QS 3S", {"QS"}),
        ("7D 2H", {"7D", "2H"}),
    ],
)
def test_loo_play_3_second_lead(hand: str, legal: set[str]) -> None:
    """LOO-PLAY-3: the winner of the first trick, if he still holds a trump, must lead it; with two, the higher
    (LX-9, default column)."""
    deal = second_lead(hand)
    assert legal_cards(deal) == legal
    for card in set(hand.split()) - legal:
        expect_illegal("LOO-PLAY-3", deal.play, "P1", parse_card(card), mentions=("P1", card))


def test_loo_play_3_third_lead_is_forced() -> None:
    """LOO-PLAY-3: the third lead is forced: one card left."""
    deal = second_lead("QS 3S")
    act(deal, "P1 play QS", "P2 play 5C", "P3 play 7C", "P4 play TC")
    assert deal.to_act == 0 and legal_cards(deal) == {"3S"}


def test_loo_play_3_option_no_second_lead_rule() -> None:
    """LOO-PLAY-3, option NO_SECOND_LEAD_RULE (C-LOO-9): the second lead is free."""
    deal = second_lead("4S KD", PEEL.with_options(second_lead="none"))
    assert legal_cards(deal) == {"4S", "KD"}


# LX-8: (trick so far, hand, legal, {illegal card: rule it breaks (§14.18)})
LX8 = [
    ("9H", "KH 3H 5C", {"KH"}, {"3H": "LOO-PLAY-5", "5C": "LOO-PLAY-4"}),
    ("9H KH", "7C 2C AD", {"7C", "2C"}, {"AD": "LOO-PLAY-6"}),
    ("9H KH 7C", "4C 8C QS", {"8C"}, {"4C": "LOO-PLAY-6", "QS": "LOO-PLAY-6"}),
    ("9H KH 2C", "4C 8C QS", {"4C", "8C"}, {"QS": "LOO-PLAY-6"}),
    ("9H KH 7C", "4C 2C QS", {"4C", "2C", "QS"}, {}),
    ("9H 7C", "5H JH AS", {"5H", "JH"}, {"AS": "LOO-PLAY-4"}),
]


@pytest.mark.parametrize(("trick", "hand", "legal", "illegal"), [row for row in LX8 if "LOO-PLAY-4" in row[3].values()])
def test_loo_play_4_must_follow_suit(trick: str, hand: str, legal: set[str], illegal: dict[str, str]) -> None:
    """LOO-PLAY-4: a player must follow suit if able (LX-8)."""
    deal = following(trick, hand)
    assert legal_cards(deal) == legal
    assert all(card[1] == "H" for card in legal)
    for card, rule in illegal.items():
        seat = f"P{len(trick.split()) + 1}"
        expect_illegal(rule, deal.play, seat, parse_card(card), mentions=(seat, card))


@pytest.mark.parametrize(("trick", "hand", "legal", "illegal"), [LX8[0], LX8[5]])
def test_loo_play_5_must_head_the_trick(trick: str, hand: str, legal: set[str], illegal: dict[str, str]) -> None:
    """LOO-PLAY-5: a player must head the trick if able: following in an untrumped trick, a higher card of the suit
    led; if the trick is already trumped, any card of the suit led will do (LX-8)."""
    deal = following(trick, hand)
    assert legal_cards(deal) == legal
    for card, rule in illegal.items():
        seat = f"P{len(trick.split()) + 1}"
        expect_illegal(rule, deal.play, seat, parse_card(card), mentions=(seat, card))


def test_loo_play_5_cannot_head_any_of_the_suit() -> None:
    """LOO-PLAY-5: one who follows but cannot head may play any card of the suit led (LX-7 trick 2, P2's 9H)."""
    deal = following("QH", "JH 3H 5C")
    assert legal_cards(deal) == {"JH", "3H"}
    expect_illegal("LOO-PLAY-4", deal.play, "P2", parse_card("5C"), mentions=("P2", "5C"))


def test_loo_play_5_must_head_when_trumps_are_led() -> None:
    """LOO-PLAY-5: following to a trump lead, a higher trump must be played if held."""
    deal = following("9C", "TC 2C 5S")
    assert legal_cards(deal) == {"TC"}
    expect_illegal("LOO-PLAY-5", deal.play, "P2", parse_card("2C"), mentions=("P2", "2C"))


@pytest.mark.parametrize(("trick", "hand", "legal", "illegal"), LX8[1:5])
def test_loo_play_6_void_must_trump_or_overtrump(
    trick: str, hand: str, legal: set[str], illegal: dict[str, str]
) -> None:
    """LOO-PLAY-6: void in the suit led: trump an untrumped trick; overtrump a trumped one if he holds a higher
    trump; if he cannot head the trick, any card, a lower trump included (LX-8)."""
    deal = following(trick, hand)
    assert legal_cards(deal) == legal
    for card, rule in illegal.items():
        seat = f"P{len(trick.split()) + 1}"
        message = expect_illegal(rule, deal.play, seat, parse_card(card), mentions=(seat, card))
        trumped = any(c.endswith("C") for c in trick.split())
        assert ("overtrump" if trumped else "trump") in message


def test_loo_play_6_void_without_trumps_plays_anything() -> None:
    """LOO-PLAY-6: void in the suit led and holding no trump: any card."""
    deal = following("9H KH", "AS 2D 3S")
    assert legal_cards(deal) == {"AS", "2D", "3S"}


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["5D", "AH", "2D"], 0),  # highest of the suit led; an off-suit ace does not win
        (["5D", "AH", "9D"], 2),
        (["AD", "2C", "KD"], 1),  # a trump wins
        (["AD", "2C", "3C"], 2),  # the highest trump wins
        (["2C", "AD", "3C"], 2),
    ],
)
def test_loo_play_7_trick_winner_leads_next(cards: list[str], winner: int) -> None:
    """LOO-PLAY-7: the trick goes to the highest trump in it, or else the highest card of the suit led; the winner
    leads to the next trick. Clubs are trumps; each card is the only one of its suit in its hand."""
    used = set(cards)
    spare = iter([x for x in ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "2H", "3H", "4H"] if x not in used])
    hands = {f"P{i + 1}": f"{card} {next(spare)} {next(spare)}" for i, card in enumerate(cards)}
    deal = regular(hands, "5H 6H 7H", "8C", dealer="P3", pool=9, seats=["P1", "P2", "P3"])
    act(deal, "P1 stand", "P2 stand", "P3 stand")
    for i, card in enumerate(cards):
        act(deal, f"P{i + 1} play {card}")
    assert deal.tricks[0].winner == winner
    assert deal.tricks[0].cards == tuple(parse_cards(" ".join(cards)))
    assert deal.to_act == winner


def test_loo_play_7_out_of_turn_play_is_illegal() -> None:
    """LOO-PLAY-7 (§14.10): a play out of turn after the first lead cites LOO-PLAY-7 and names seat and card."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 play AS")
    expect_illegal("LOO-PLAY-7", deal.play, "P1", parse_card("JS"), mentions=("P1", "JS", "P4"))
    act(deal, "P4 play 2C", "P1 play JS", "P2 play TS")
    expect_illegal("LOO-PLAY-7", deal.play, "P2", parse_card("KS"), mentions=("P2", "KS", "P3"))


def test_loo_play_8_played_cards_stay_in_view() -> None:
    """LOO-PLAY-8: played cards stay face up in front of their players until the three tricks are finished: every
    seat sees every trick so far, with who played each card."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", *LX3_PLAY[:6])
    for seat in range(4):
        tricks = deal.view(seat).tricks
        assert len(tricks) == 2
        assert tricks[0].seats == (2, 3, 0, 1)
        assert names(list(tricks[0].cards)) == {"AS", "2C", "JS", "TS"}
        assert tricks[1].cards == tuple(parse_cards("4S QD")) and tricks[1].winner is None
    act(deal, *LX3_PLAY[6:])
    assert [t.winner for t in deal.tricks] == [2, 1, 3]
    assert [names(list(t.cards)) for t in deal.tricks] == [
        {"AS", "2C", "JS", "TS"},
        {"4S", "QD", "3H", "KS"},
        {"5D", "9D", "KD", "8H"},
    ]


def test_loo_play_9_all_three_tricks_are_played() -> None:
    """LOO-PLAY-9: all three tricks are always played, even when the last cannot change who is looed."""
    deal = regular({"P1": "AS KS QS", "P2": "2H 3H 4H", "P3": "5D 6D 7D", "P4": "8D 9D TD"}, "5H 6H 7H", "2S", pool=9)
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 throw")
    act(deal, "P1 play AS", "P2 play 2H", "P1 play KS", "P2 play 3H")
    assert not deal.is_complete and deal.phase is Phase.PLAY
    assert legal_cards(deal) == {"QS"}
    act(deal, "P1 play QS", "P2 play 4H")
    assert deal.is_complete and len(deal.tricks) == 3
    expect_illegal("LOO-PLAY-9", deal.play, "P1", parse_card("QS"), mentions=("P1", "QS"))


# -- 3.8 Settlement ---------------------------------------------------------------------------------


def test_loo_set_1_pool_divided_by_tricks() -> None:
    """LOO-SET-1: the pool is divided into three shares, one per trick, each to the trick's winner (LX-3: 4 each
    to P3, P2, P4; P1 looed 6; next pool 6)."""
    deal = lx3_played()
    assert [t.winner for t in deal.tricks] == [2, 1, 3]
    assert deal.net == [-6, 1, 4, 4]
    assert deal.pool_total == 6
    assert (deal.next_dealer, deal.next_kind) == (2, Kind.REGULAR)
    assert conserved(deal, 9)


def test_loo_set_1_one_player_takes_several_shares() -> None:
    """LOO-SET-1: a player who wins two tricks takes two shares (LX-4: P4 +6, P1 +3)."""
    deal = lx4()
    act(deal, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    assert legal_cards(deal) == {"KH", "6S", "4D"}
    act(deal, "P4 play 6S")
    assert legal_cards(deal) == {"QH", "3H"}
    act(deal, "P1 play 3H")
    assert legal_cards(deal) == {"QH"}
    act(deal, "P1 play QH")
    assert legal_cards(deal) == {"KH"}
    act(deal, "P4 play KH", "P4 play 4D", "P1 play AC")
    assert [t.winner for t in deal.tricks] == [0, 3, 3]
    assert deal.net == [3, 0, -3, 6]
    assert deal.pool_total == 0
    assert (deal.next_dealer, deal.next_kind) == (3, Kind.SINGLE)


@pytest.mark.parametrize(("pool", "shares"), [(13, (5, 4, 4)), (14, (5, 5, 4)), (10, (4, 3, 3)), (12, (4, 4, 4))])
def test_loo_set_2_remainders_to_the_first_tricks(pool: int, shares: tuple[int, int, int]) -> None:
    """LOO-SET-2: an indivisible pool is divided as nearly equal as can be, the extra units to the winners of
    trick 1, then trick 2 (LX-7: 13 -> 5/4/4, 14 -> 5/5/4, 10 -> 4/3/3)."""
    hands = {"P1": "AD JH 3S", "P2": "KD 9H KS", "P3": "4C 7H QS", "P4": "2S 5D 8H"}
    deal = regular(hands, "TD TS TH", "6C", pool=pool - 3)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 throw")
    act(deal, "P1 play AD", "P2 play KD")
    assert legal_cards(deal) == {"4C"}
    act(deal, "P3 play 4C")
    assert legal_cards(deal) == {"7H", "QS"}  # no trump left: free lead
    act(deal, "P3 play 7H")
    assert legal_cards(deal) == {"JH"}
    act(deal, "P1 play JH", "P2 play 9H", "P1 play 3S", "P2 play KS", "P3 play QS")
    assert [t.winner for t in deal.tricks] == [2, 0, 1]
    assert deal.net == [shares[1], shares[2], shares[0], -3]
    assert deal.looed == {} and deal.next_kind is Kind.SINGLE
    assert conserved(deal, pool - 3)


@pytest.mark.parametrize(
    ("miss", "p1", "p1_plays", "miss_plays", "p1_net", "carry"),
    [
        # The miss takes trick 1 of 13: the first share, 5, is carried; P1 takes 4 + 4.
        ("AH 3H 4H", "KH QH JH", ["KH", "QH", "JH"], ["AH", "3H", "4H"], 8, 5),
        # The miss takes trick 3 of 13: 4 is carried; P1 takes 5 + 4.
        ("3H 4H AD", "AH KH 2D", ["AH", "KH", "2D"], ["3H", "4H", "AD"], 9, 4),
    ],
)
def test_loo_set_2_shares_fixed_before_forfeits(
    miss: str, p1: str, p1_plays: list[str], miss_plays: list[str], p1_net: int, carry: int
) -> None:
    """LOO-SET-2 with §14.6: the shares are fixed by trick number before anything is forfeited; a forfeited share
    (the miss played for the pool) is carried whole."""
    deal = regular({"P1": p1, "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9C TC JC"}, miss, "2S", pool=10)
    act(deal, "P1 stand", "P2 throw", "P3 throw", "P4 defend")
    for i in range(3):
        leader = deal.to_act
        first, second = ("P1", "P4") if leader == 0 else ("P4", "P1")
        plays = {"P1": p1_plays[i], "P4": miss_plays[i]}
        act(deal, f"{first} play {plays[first]}", f"{second} play {plays[second]}")
    assert deal.net == [p1_net, 0, 0, -3]
    assert deal.pool_total == carry
    assert conserved(deal, 10)


def test_loo_set_3_standers_without_a_trick_are_looed() -> None:
    """LOO-SET-3: every player who stood, on his own hand or on the miss, and took no trick is looed L into the
    next pool; those who threw up are not."""
    deal = regular({"P1": "AS KS QS", "P2": "2H 3H 4H", "P3": "5D 6D 7D", "P4": "8D 9D TD"}, "5H 6H 7H", "2S", pool=9)
    act(deal, "P1 stand", "P2 stand", "P3 miss", "P4 throw")
    act(deal, "P1 play AS", "P2 play 2H", "P3 play 5H")
    act(deal, "P1 play KS", "P2 play 3H", "P3 play 6H")
    act(deal, "P1 play QS", "P2 play 4H", "P3 play 7H")
    assert deal.looed == {1: 6, 2: 6}
    assert deal.net == [12, -6, -6, -3]
    assert deal.pool_total == 12
    assert deal.next_kind is Kind.REGULAR
    assert conserved(deal, 9)


def test_loo_set_4_miss_for_the_pool_carries_its_tricks() -> None:
    """LOO-SET-4: the trick shares won by the miss played for the pool are not paid out but stay as carry."""
    deal = lone_stander()
    act(deal, "P4 defend", "P1 play KH", "P4 play AH", "P4 play 3H", "P1 play QH", "P1 play JH", "P4 play 4H")
    assert deal.tricks[0].winner == 3
    assert deal.net[3] == -3  # the dealer's stake only: he receives nothing for the miss's trick
    assert deal.pool_total == 5
    assert conserved(deal, 10)


def test_loo_set_5_nobody_looed_next_is_a_single() -> None:
    """LOO-SET-5: if nobody is looed the next deal is a single; if anyone is, a regular deal."""
    deal = following("9H", "KH 3H 5C")  # all four stand: someone must fail
    rng = random.Random(5)
    play_out(deal, rng, avoid=("defend",))
    assert deal.looed
    assert deal.next_kind is Kind.REGULAR
    lx = lx4()
    act(lx, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    act(lx, "P4 play 6S", "P1 play 3H", "P1 play QH", "P4 play KH", "P4 play 4D", "P1 play AC")
    assert lx.looed == {} and lx.next_kind is Kind.SINGLE


def test_loo_set_6_cards_gathered_deal_passes_left() -> None:
    """LOO-SET-6: then the cards are gathered and the deal passes to the left; nothing more happens in this deal."""
    deal = lx3_played()
    assert deal.is_complete and deal.to_act is None
    assert deal.legal_actions() == []
    assert deal.next_dealer == 2
    with pytest.raises(IllegalActionError):
        deal.stand("P3")
    wrap = regular(LX3_HANDS, "6C 2H 8D", "7S", dealer="P4", pool=9)
    act(wrap, "P1 throw", "P2 throw", "P3 throw")
    assert wrap.is_complete and wrap.next_dealer == 0


# -- §14 clarifications ----------------------------------------------------------------------------


def test_clarification_14_1_money_is_conserved() -> None:
    """§14.1: every payment belongs to a seat and nothing is created or lost, over many random deals."""
    rng = random.Random(14)
    for i in range(200):
        n = 3 + i % 6
        kind = [Kind.REGULAR, Kind.SINGLE][i % 5 == 0]
        pool = rng.randrange(0, 40)
        deal = LooDeal(PEEL, n, dealer=i % n, pool=pool, kind=kind)
        deal.deal(rng.randrange(2**32))
        play_out(deal, rng, avoid=())
        assert conserved(deal, pool)
        assert all(v >= 0 for v in deal.looed.values())


def test_clarification_14_10_out_of_turn_first_lead() -> None:
    """§14.10: a first lead out of turn cites LOO-PLAY-1."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand")
    expect_illegal("LOO-PLAY-1", deal.play, "P4", parse_card("KD"), mentions=("P4", "KD", "P3"))


def test_clarification_14_18_which_rule_a_bad_play_breaks() -> None:
    """§14.18: following suit but failing to head breaks LOO-PLAY-5; void and failing to trump or overtrump when that
    would head breaks LOO-PLAY-6; a card breaking several cites the first of LOO-PLAY-2..6."""
    deal = lx3()
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 play AS", "P4 play 2C", "P1 play JS", "P2 play TS")
    # P3 leads again holding 4S 9D: 9D breaks the second-lead rule (LOO-PLAY-3) before anything else.
    expect_illegal("LOO-PLAY-3", deal.play, "P3", parse_card("9D"), mentions=("P3", "9D"))
    act(deal, "P3 play 4S", "P4 play QD", "P1 play 3H")
    # P2 holds KS 5D: 5D fails to follow (LOO-PLAY-4), not merely to head.
    expect_illegal("LOO-PLAY-4", deal.play, "P2", parse_card("5D"), mentions=("P2", "5D"))
    hd = following("9H", "TH 2H 5C")
    expect_illegal("LOO-PLAY-5", hd.play, "P2", parse_card("2H"), mentions=("P2", "2H"))
    tr = following("9H", "5C 3D 4D")
    expect_illegal("LOO-PLAY-6", tr.play, "P2", parse_card("3D"), mentions=("P2", "3D"))
