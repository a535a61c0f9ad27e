"""Nap law tests: one or more tests per rule of RULES.md §6 (NAP-GEN, NAP-STK, NAP-DEAL, NAP-CALL, NAP-PLAY,
NAP-SET), with the worked examples NX-1..NX-16 of §10.2 and the clarifications of §14 that concern Nap."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from conftest import act
from roundgames import IllegalActionError, NapRules, RecordError, format_cards, parse_card, parse_cards
from roundgames.core.cards import HEARTS, SPADES, card_str, mask_of, pack, rank_of
from roundgames.nap import NapDeal
from roundgames.nap.deal import NapPhase, pay_table
from roundgames.nap.sitting import NapSitting

PEEL = NapRules.preset("peel")
SEATS = ["P1", "P2", "P3", "P4"]

#: the ladder of NAP-CALL-4 written out, lowest first, under each rank of misery (NAP-CALL-5, C-NAP-1)
LADDERS = {
    "below_three": ["1", "2", "misery", "3", "4", "nap", "wellington", "blucher"],
    "above_three": ["1", "2", "3", "misery", "4", "nap", "wellington", "blucher"],
}

# Hands for deals whose outcome is fixed by the cards: STRONG wins every trick it leads, WEAK loses every
# trick (the next three seats hold the top clubs, hearts and diamonds), under the highest-card policy below.
STRONG = "AS KS QS JS TS"
WEAK = "2C 3C 4C 5C 6C"
OTHERS = ["AC KC QC JC TC", "AH KH QH JH TH", "AD KD QD JD TD"]


# -- helpers ---------------------------------------------------------------------------------------


def dealt(
    hands: dict[str, str],
    rules: NapRules = PEEL,
    *,
    dealer: str = "P4",
    seats: Sequence[str] = SEATS,
    kitty: int = 0,
    multiplier: int = 1,
) -> NapDeal:
    deal = NapDeal(rules, list(seats), dealer=dealer, kitty=kitty, multiplier=multiplier)
    deal.deal_cards(hands)
    return deal


def play_trick(deal: NapDeal, cards: str) -> None:
    """Play the cards in order, each by the seat to act (a card it does not hold is refused)."""
    for c in cards.split():
        assert deal.to_act is not None, f"no seat to play {c}"
        deal.play(deal.to_act, parse_card(c))


def play_highest(deal: NapDeal) -> None:
    """The seat to act plays its highest legal card (rank first, then spades before hearts ...)."""
    assert deal.to_act is not None
    legal = [a.cards[0] for a in deal.legal_actions() if a.verb == "play"]
    deal.play(deal.to_act, max(legal, key=lambda c: (rank_of(c), -(c // 13))))


def play_tricks_highest(deal: NapDeal) -> list[bool]:
    """Play tricks with the highest-card policy until the deal ends; the completeness after each trick."""
    done = []
    while not deal.is_complete:
        before = len(deal.tricks)
        while len(deal.tricks) == before and not deal.is_complete:
            play_highest(deal)
        done.append(deal.is_complete)
    return done


def calls_for(contract: str) -> tuple[str, list[str]]:
    """The declarer and the calls (dealer P4) that leave ``contract`` as the highest call."""
    if contract == "wellington":
        return "P2", ["P1 call nap", "P2 call wellington", "P3 pass", "P4 pass"]
    if contract == "blucher":
        return "P3", ["P1 call nap", "P2 call wellington", "P3 call blucher", "P4 pass"]
    return "P1", [f"P1 call {contract}", "P2 pass", "P3 pass", "P4 pass"]


def fixed_deal(contract: str, declarer_hand: str, rules: NapRules = PEEL, **kwargs: int) -> NapDeal:
    """A deal in which ``contract`` is called with ``declarer_hand``; the other seats hold OTHERS in order."""
    declarer, calls = calls_for(contract)
    i = SEATS.index(declarer)
    hands = {declarer: declarer_hand}
    for k in range(1, 4):
        hands[SEATS[(i + k) % 4]] = OTHERS[k - 1]
    deal = dealt(hands, rules, **kwargs)
    act(deal, calls)
    assert deal.declarer == i and deal.contract == contract
    return deal


def winning_hand(call: str, made: bool) -> str:
    """The hand with which ``call`` is made (``made``) or lost under the highest-card policy."""
    if call == "misery":  # misery is made by taking no trick
        return WEAK if made else STRONG
    return STRONG if made else WEAK


def rule_of(fn: object, *args: object) -> str:
    with pytest.raises(IllegalActionError) as e:
        fn(*args)  # type: ignore[operator]
    return e.value.rule


NX1_HANDS = {"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"}
NX2_HANDS = {"P2": "KH QH JH 2S 3S", "P3": "AH AS 9C 8D 4C", "P4": "4H KS QS 7C 6D", "P1": "TH 6S 5C 2D JC"}
NX5_HANDS = {"P2": "2C 2D 3D 2H 3H", "P3": "AC KC AD KD QS", "P4": "TC 9C QD QH TS", "P1": "QC JC AH KH JS"}
NX9_HANDS = {"P1": "AD 7S 3H 4C 2C", "P2": "3D 8S 9H 9C KS", "P3": "5D JS TH TC QS", "P4": "7D 6S 8H 8C AS"}


def nx1(rules: NapRules = PEEL) -> NapDeal:
    deal = dealt(NX1_HANDS, rules)
    act(deal, ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass"])
    return deal


# -- NAP-GEN: players, pack, dealer ----------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_nap_gen_1_two_to_six_players(count: int) -> None:
    """NAP-GEN-1: two to six players (four is ideal); each playing seat is dealt five cards."""
    deal = NapDeal(PEEL, count, dealer=0)
    deal.deal(seed=count)
    assert deal.phase is NapPhase.CALL
    playing = [s for s in range(count) if not (count == 6 and s == 0)]
    assert [deal.hands[s].bit_count() for s in playing] == [5] * len(playing)


@pytest.mark.parametrize("count", [1, 7])
def test_nap_gen_1_fewer_than_two_or_more_than_six_are_refused(count: int) -> None:
    """NAP-GEN-1: the default supports 2-6 players; one or seven seats are refused."""
    with pytest.raises(RecordError) as e:
        NapDeal(PEEL, count, dealer=0)
    assert e.value.field == "seats"


def test_nap_gen_1_max_players_7_option_allows_seven() -> None:
    """NAP-GEN-1: option MAX_PLAYERS=7 (WIKI "Players 3-7"); eight are still refused."""
    rules = PEEL.with_options(max_players=7)
    deal = NapDeal(rules, 7, dealer="P7")
    deal.deal(seed=1)
    assert deal.phase is NapPhase.CALL
    with pytest.raises(RecordError):
        NapDeal(rules, 8, dealer=0)


def test_nap_gen_2_six_players_the_dealer_deals_himself_no_cards_and_does_not_call_or_play() -> None:
    """NAP-GEN-2: with six players the dealer deals no cards to himself and takes no part in calling or
    play (§14.16: the seat on his right calls last)."""
    deal = NapDeal(PEEL, 6, dealer="P6")
    deal.deal(seed=3)
    assert deal.dealer_out
    assert deal.hands[5] == 0
    assert [deal.seats[s] for s in deal.order] == ["P1", "P2", "P3", "P4", "P5"]
    assert rule_of(deal.call, "P6", "1") in {"NAP-GEN-2", "NAP-CALL-1"}
    act(deal, ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    assert deal.to_act == 4  # P5, on the dealer's right, calls last
    assert rule_of(deal.pass_, "P6") == "NAP-GEN-2"
    deal.pass_("P5")
    assert deal.phase is NapPhase.PLAY


def test_nap_gen_2_six_players_the_dealer_sitting_out_still_cards_dealt_refused() -> None:
    """NAP-GEN-2: the dealer sitting out is dealt no cards: a hand for him is refused."""
    deal = NapDeal(PEEL, 6, dealer="P6")
    hands = {
        "P1": "AS KS QS JS TS",
        "P2": "AH KH QH JH TH",
        "P3": "AD KD QD JD TD",
        "P4": "AC KC QC JC TC",
        "P5": "9S 9H 9D 9C 8S",
        "P6": "8H 8D 8C 7S 7H",
    }
    with pytest.raises(RecordError) as e:
        deal.deal_cards(hands)
    assert e.value.field == "cards.P6"


def test_nap_gen_2_six_players_the_dealer_out_pays_and_receives_like_the_others() -> None:
    """NAP-GEN-2, NAP-SET-1: the dealer who stands out 'receives and pays for the tricks like the others'."""
    seats = [f"P{i}" for i in range(1, 7)]
    hands = {
        "P1": STRONG,
        "P2": "AH KH QH JH TH",
        "P3": "AD KD QD JD TD",
        "P4": "AC KC QC JC TC",
        "P5": "9H 9D 9C 8H 8D",
    }
    deal = dealt(hands, dealer="P6", seats=seats)
    act(deal, ["P1 call 3", "P2 pass", "P3 pass", "P4 pass", "P5 pass"])
    play_tricks_highest(deal)
    assert deal.made is True
    assert deal.net == [15, -3, -3, -3, -3, -3]


def test_nap_gen_2_dealer_out_at_5_option_and_five_players_by_default_all_play() -> None:
    """NAP-GEN-2: the same may be agreed for five players (option DEALER_OUT_AT_5); by default five all play."""
    default = NapDeal(PEEL, 5, dealer="P5")
    default.deal(seed=2)
    assert not default.dealer_out and default.hands[4].bit_count() == 5
    assert default.order[-1] == 4  # the dealer calls last (NAP-DEAL-2)
    out = NapDeal(PEEL.with_options(dealer_out_at=5), 5, dealer="P5")
    out.deal(seed=2)
    assert out.dealer_out and out.hands[4] == 0
    assert [out.seats[s] for s in out.order] == ["P1", "P2", "P3", "P4"]


def test_nap_gen_3_a_full_52_card_pack_ranking_as_at_whist() -> None:
    """NAP-GEN-3: full 52-card pack, ranking as at whist (A high, then K Q J T 9 .. 2)."""
    seen: set[int] = set()
    for seed in range(30):
        deal = NapDeal(PEEL, 5, dealer=0)
        deal.deal(seed=seed)
        for h in deal.hands:
            seen |= {c for c in range(52) if h >> c & 1}
    assert seen == set(pack(52))
    # A beats K, T beats 9, within the suit led; trumps (spades, led first) are spades throughout.
    deal = dealt({"P1": "TS AH 2D 3D 4D", "P2": "9S KH 5D 6D 7D", "P3": "8S QH 8D 9D 2C", "P4": "2S JH TD 3C 4C"})
    act(deal, ["P1 call 2", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(deal, "TS 9S 8S 2S")
    assert deal.tricks[0].winner == 0
    play_trick(deal, "AH KH QH JH")
    assert deal.tricks[1].winner == 0 and deal.is_complete


def test_nap_gen_3_pack32_option_deals_a_to_7_only() -> None:
    """NAP-GEN-3 option PACK32 (A-7) keeps all other rules: no card below the seven is dealt or accepted."""
    rules = PEEL.with_options(pack=32)
    for seed in range(10):
        deal = NapDeal(rules, 6, dealer=0)
        deal.deal(seed=seed)
        for h in deal.hands:
            assert all(rank_of(c) >= 5 for c in range(52) if h >> c & 1)
    with pytest.raises(RecordError):
        dealt({"P1": "6S AS KS QS JS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC TC"}, rules)


def test_nap_gen_4_first_dealer_is_the_first_knave_and_the_deal_passes_left() -> None:
    """NAP-GEN-4: the deal is decided by turning cards face up before each player until the first knave is
    exposed; the deal passes to the left."""
    seats = ["A", "B", "C", "D", "E"]
    for seed in range(25):
        sitting = NapSitting(PEEL, seats, seed=seed)
        shown = [(seat, parse_card(card)) for seat, card in sitting.draw]
        assert [seat for seat, _ in shown] == [seats[i % 5] for i in range(len(shown))]
        assert all(card_str(c)[0] != "J" for _, c in shown[:-1])
        assert card_str(shown[-1][1])[0] == "J"
        assert sitting.dealer == shown[-1][0]
        dealers = []
        for _ in range(6):
            deal = sitting.start_deal()
            dealers.append(deal.seats[deal.dealer])
            act(deal, [f"{deal.seats[s]} pass" for s in deal.order])
            while not deal.is_complete:
                play_highest(deal)
            sitting.end_deal()
        first = seats.index(dealers[0])
        assert dealers == [seats[(first + i) % 5] for i in range(6)]


# -- NAP-STK: the unit -----------------------------------------------------------------------------


def test_nap_stk_1_the_unit_is_the_stake_per_trick() -> None:
    """NAP-STK-1: one stake (unit) is agreed, "the limit per trick": NX-1 at a unit of 2 pays 6 each."""
    deal = nx1(PEEL.with_stakes(unit=2))
    play_trick(deal, "AS 7S JS 5S")
    play_trick(deal, "KS 9H 6H 7C")
    play_trick(deal, "QS 8H TD 3H")
    assert deal.is_complete and deal.made is True
    assert deal.net == [-6, -6, 18, -6]


def test_nap_stk_1_every_payment_is_between_the_senior_hand_and_each_opponent() -> None:
    """NAP-STK-1: every payment is made between the senior hand and each opponent individually (a failed
    Nap at a unit of 3: 5 x 3 = 15 to each of three, and no opponent pays another)."""
    deal = fixed_deal("nap", WEAK, PEEL.with_stakes(unit=3))
    play_tricks_highest(deal)
    assert deal.made is False
    assert deal.net == [-45, 15, 15, 15]


# -- NAP-DEAL --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "dealer"), [(4, 3), (4, 0), (3, 1), (6, 2), (2, 0)])
def test_nap_deal_1_five_cards_each_one_at_a_time_clockwise_from_the_dealers_left(count: int, dealer: int) -> None:
    """NAP-DEAL-1: the dealer deals five cards to each player one at a time, going round from his left;
    no trump card is turned and the rest of the pack is not used."""
    rng = random.Random(99)
    cards = pack(52)
    random.Random(99).shuffle(cards)
    deal = NapDeal(PEEL, count, dealer=dealer)
    deal.deal(rng)
    players = [(dealer + 1 + i) % count for i in range(count) if not (count == 6 and i == count - 1)]
    expected = dict.fromkeys(players, 0)
    for k in range(5 * len(players)):
        expected[players[k % len(players)]] |= 1 << cards[k]
    assert {s: deal.hands[s] for s in players} == expected
    assert deal.trump is None
    assert deal.stock == [] and deal.widow is None and deal.spare == 0


def test_nap_deal_1_a_hand_of_the_wrong_size_or_a_card_dealt_twice_is_refused() -> None:
    """NAP-DEAL-1: a Nap hand has five cards; a card exists once in the pack."""
    with pytest.raises(RecordError) as e:
        dealt({"P1": "AS KS QS JS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC TC"})
    assert e.value.field == "cards.P1"
    with pytest.raises(RecordError):
        dealt({"P1": "AS KS QS JS AH", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC TC"})


def test_nap_deal_1_nothing_may_be_done_before_the_deal() -> None:
    """NAP-DEAL-1: calling starts after the deal is complete (NAP-CALL-1)."""
    deal = NapDeal(PEEL, SEATS, dealer="P4")
    assert not deal.can_call("P1", "1") and not deal.can_pass("P1")
    assert deal.legal_actions() == []


@pytest.mark.parametrize("dealer", SEATS)
def test_nap_deal_2_the_dealer_has_the_last_call(dealer: str) -> None:
    """NAP-DEAL-2: "the dealer has the last call": after the others, he calls, and calling then ends."""
    deal = NapDeal(PEEL, SEATS, dealer=dealer)
    deal.deal(seed=5)
    d = SEATS.index(dealer)
    for i in range(1, 4):
        seat = SEATS[(d + i) % 4]
        assert deal.to_act == SEATS.index(seat)
        deal.pass_(seat)
    assert deal.to_act == d and deal.phase is NapPhase.CALL
    deal.call(dealer, "2")
    assert deal.phase is NapPhase.PLAY and deal.declarer == d


# -- NAP-CALL ----------------------------------------------------------------------------------------


def test_nap_call_1_calling_starts_with_the_eldest_and_goes_round_once() -> None:
    """NAP-CALL-1: calling goes round once, starting with the eldest hand and ending with the dealer;
    each player passes or calls; out of turn is refused (§14.10)."""
    deal = dealt(NX1_HANDS)
    assert deal.to_act == 0  # P1, on the dealer P4's left
    assert {a.verb for a in deal.legal_actions()} == {"pass", "call"}
    assert rule_of(deal.call, "P3", "3") == "NAP-CALL-1"
    assert rule_of(deal.pass_, "P2") == "NAP-CALL-1"
    act(deal, ["P1 pass", "P2 call 2", "P3 call 3"])
    assert deal.to_act == 3
    deal.pass_("P4")
    # once round: nobody may call again though P2 might want to outbid P3
    assert deal.phase is NapPhase.PLAY
    assert not deal.can_call("P2", "4") and not deal.can_call("P1", "nap")


def test_nap_call_2_a_call_must_be_strictly_higher_otherwise_pass() -> None:
    """NAP-CALL-2: every call must be strictly higher than the highest so far; otherwise the player must
    pass (§14.18: a call not above the highest breaks NAP-CALL-2)."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 call 3"])
    assert rule_of(deal.call, "P2", "3") == "NAP-CALL-2"
    assert rule_of(deal.call, "P2", "2") == "NAP-CALL-2"
    assert rule_of(deal.call, "P2", "misery") == "NAP-CALL-2"
    assert deal.can_pass("P2") and deal.can_call("P2", "4")
    assert deal.allowed_calls() == ["4", "nap"]
    deal.pass_("P2")
    assert deal.can_call("P3", "4")


def test_nap_call_3_no_second_call_and_no_alteration() -> None:
    """NAP-CALL-3: "No player may make a second declaration, or alter one once made."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 pass", "P2 call 2"])
    assert rule_of(deal.call, "P1", "3") == "NAP-CALL-3"
    assert rule_of(deal.call, "P2", "4") == "NAP-CALL-3"
    assert rule_of(deal.pass_, "P2") == "NAP-CALL-3"
    act(deal, ["P3 pass", "P4 pass"])
    assert deal.contract == "2" and deal.declarer == 1
    assert rule_of(deal.call, "P2", "3") in {"NAP-CALL-3", "NAP-CALL-1"}


def test_nap_call_4_the_default_ladder_and_voluntary_one() -> None:
    """NAP-CALL-4: the ladder 1 < 2 < MISERY < 3 < 4 < NAP < WELLINGTON < BLUCHER; a voluntary one is allowed;
    Wellington and Blücher cannot open."""
    deal = dealt(NX1_HANDS)
    assert deal.allowed_calls() == ["1", "2", "misery", "3", "4", "nap"]
    deal.call("P1", "1")
    assert deal.contract is None and deal.to_act == 1


def test_nap_call_4_min_call_2_makes_an_opening_one_illegal() -> None:
    """NAP-CALL-4 option MIN_CALL=2 (NX-7): an opening "one" is illegal (§14.18: it breaks NAP-CALL-4);
    misery may still be called (§14.13)."""
    deal = dealt(NX1_HANDS, PEEL.with_options(min_call=2))
    assert rule_of(deal.call, "P1", "1") == "NAP-CALL-4"
    assert deal.allowed_calls() == ["2", "misery", "3", "4", "nap"]
    three = dealt(NX1_HANDS, PEEL.with_options(min_call=3))
    assert rule_of(three.call, "P1", "2") == "NAP-CALL-4"
    assert three.allowed_calls() == ["misery", "3", "4", "nap"]


def test_nap_call_4_the_plain_game_has_no_misery_wellington_or_blucher() -> None:
    """NAP-CALL-4: misery, Wellington and Blücher are variations; the "plain game" preset has all three off
    (§14.18: a call the options do not allow breaks NAP-CALL-4)."""
    deal = dealt(NX1_HANDS, NapRules.preset("plain"))
    assert deal.allowed_calls() == ["1", "2", "3", "4", "nap"]
    assert rule_of(deal.call, "P1", "misery") == "NAP-CALL-4"
    act(deal, ["P1 call nap"])
    assert rule_of(deal.call, "P2", "wellington") == "NAP-CALL-4"
    assert deal.allowed_calls() == []


@pytest.mark.parametrize("rank", ["below_three", "above_three"])
def test_nap_call_4_every_pair_of_calls_follows_the_ladder(rank: str) -> None:
    """NAP-CALL-2/4/5/6 (NX-7): after the highest call h, a call c is legal iff it is above h on the ladder,
    Wellington only over a Nap and Blücher only over a Wellington."""
    ladder = LADDERS[rank]
    rules = PEEL.with_options(misery_rank=rank)
    for h in ladder:
        deal = dealt(NX1_HANDS, rules)
        prefix = {
            "wellington": ["P1 call nap", "P2 call wellington"],
            "blucher": ["P1 call nap", "P2 call wellington", "P3 call blucher"],
        }.get(h, [f"P1 call {h}"])
        act(deal, prefix)
        seat = deal.to_act
        assert seat is not None
        expected = [
            c
            for c in ladder
            if ladder.index(c) > ladder.index(h)
            and (c != "wellington" or h == "nap")
            and (c != "blucher" or h == "wellington")
        ]
        assert deal.allowed_calls() == expected, h
        for c in ladder:
            if c in expected:
                assert deal.can_call(seat, c)
                continue
            rule = rule_of(deal.call, seat, c)
            if c in ("wellington", "blucher") and ladder.index(c) > ladder.index(h):
                assert rule == "NAP-CALL-6", (h, c)
            else:  # not above the highest, with the Nap (or Wellington) it needs already called (§14.18)
                assert rule == "NAP-CALL-2", (h, c)


def test_nap_call_2_wellington_over_wellington_is_not_above_the_highest() -> None:
    """§14.18: a call not above the highest so far breaks NAP-CALL-2, even a Wellington after a Nap and a
    Wellington; only a Wellington with no Nap before it breaks NAP-CALL-6."""
    deal = dealt(NX1_HANDS, PEEL)
    act(deal, ["P1 call nap", "P2 call wellington"])
    assert rule_of(deal.call, "P3", "wellington") == "NAP-CALL-2"
    act(deal, ["P3 call blucher"])
    assert rule_of(deal.call, "P4", "blucher") == "NAP-CALL-2"


def test_nap_call_5_misery_ranks_below_three_and_above_two_nx7() -> None:
    """NAP-CALL-5 (NX-7, default ladder): P1 "two", then P2 "misery": legal; then P3 "three": legal, it
    overrides misery; then P4 "misery": illegal; P4 must pass, or call four or Nap (§14.17)."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 call 2", "P2 call misery", "P3 call 3"])
    assert rule_of(deal.call, "P4", "misery") == "NAP-CALL-2"
    assert rule_of(deal.call, "P4", "wellington") == "NAP-CALL-6"
    assert deal.allowed_calls() == ["4", "nap"]
    deal.pass_("P4")
    assert deal.declarer == 2 and deal.contract == "3"


def test_nap_call_5_misery_above_three_option_nx7() -> None:
    """NAP-CALL-5 option MISERY_ABOVE_THREE (NX-7): P1 "three", then P2 "misery": legal; then P3 "three":
    illegal; four is still above misery."""
    deal = dealt(NX1_HANDS, PEEL.with_options(misery_rank="above_three"))
    act(deal, ["P1 call 3", "P2 call misery"])
    assert rule_of(deal.call, "P3", "3") == "NAP-CALL-2"
    assert deal.allowed_calls() == ["4", "nap"]
    below = dealt(NX1_HANDS)
    act(below, ["P1 call 3"])
    assert rule_of(below.call, "P2", "misery") == "NAP-CALL-2"


def test_nap_call_6_wellington_only_over_a_nap_and_blucher_only_over_a_wellington_nx7() -> None:
    """NAP-CALL-6 (NX-7): P1 "Wellington" with no Nap: illegal; P1 "Nap", then P3 "Wellington": legal;
    then P4 "Blücher": legal. Blücher straight over a Nap is illegal."""
    deal = dealt(NX1_HANDS)
    assert rule_of(deal.call, "P1", "wellington") == "NAP-CALL-6"
    assert rule_of(deal.call, "P1", "blucher") == "NAP-CALL-6"
    act(deal, ["P1 call nap", "P2 pass"])
    assert rule_of(deal.call, "P3", "blucher") == "NAP-CALL-6"
    act(deal, ["P3 call wellington", "P4 call blucher"])
    assert deal.declarer == 3 and deal.contract == "blucher"


def test_nap_call_6_the_nap_caller_cannot_claim_wellington_himself() -> None:
    """NAP-CALL-6: "it is not possible for the first caller to claim them": the Nap caller has no second
    call in which to say Wellington (without nap_challenge)."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 call nap", "P2 pass", "P3 pass", "P4 pass"])
    assert deal.contract == "nap" and deal.declarer == 0
    assert not deal.can_call("P1", "wellington")


def test_nap_call_7_all_pass_the_eldest_plays_for_one_nx9() -> None:
    """NAP-CALL-7 (NX-9): if all pass, the eldest hand must play for one trick: P1 leads AD, wins, and the
    deal ends: +1 from each."""
    deal = dealt(NX9_HANDS)
    act(deal, ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    assert deal.phase is NapPhase.PLAY
    assert deal.declarer == 0 and deal.contract == "1" and deal.to_act == 0
    play_trick(deal, "AD 3D 5D 7D")
    assert deal.trump == 2  # diamonds
    assert deal.is_complete and deal.made is True
    assert deal.net == [3, -1, -1, -1]
    assert deal.next_multiplier == 1 and deal.next_dealer == 0


def test_nap_call_7_all_pass_the_forced_hand_plays_for_min_call() -> None:
    """NAP-CALL-7, §14.13: the forced senior hand plays for `min_call` tricks (two under MIN_CALL=2)."""
    deal = dealt(NX9_HANDS, PEEL.with_options(min_call=2))
    act(deal, ["P1 pass", "P2 pass", "P3 pass", "P4 pass"])
    assert deal.declarer == 0 and deal.contract == "2"
    play_trick(deal, "AD 3D 5D 7D")
    assert not deal.is_complete


def test_nap_call_8_the_highest_caller_becomes_senior_hand_and_leads() -> None:
    """NAP-CALL-8: the player who has called the highest becomes senior hand, wherever he sits."""
    deal = nx1()
    assert deal.declarer == 2 and deal.contract == "3"
    assert deal.phase is NapPhase.PLAY and deal.to_act == 2
    other = dealt(NX1_HANDS)
    act(other, ["P1 call 4", "P2 pass", "P3 pass", "P4 pass"])
    assert other.declarer == 0 and other.contract == "4" and other.to_act == 0


# -- NAP-PLAY ----------------------------------------------------------------------------------------


def test_nap_play_1_senior_hand_leads_and_the_first_card_fixes_trumps() -> None:
    """NAP-PLAY-1: the senior hand leads to the first trick; the suit of that first card is trumps for the
    whole deal (NX-1: spades; NX-2: hearts). A lead by another seat is out of turn (§14.10)."""
    deal = nx1()
    assert deal.trump is None
    assert rule_of(deal.play, "P4", parse_card("7S")) == "NAP-PLAY-3"
    play_trick(deal, "AS 7S JS 5S")
    assert deal.trump == SPADES
    deal2 = dealt(NX2_HANDS, dealer="P1")
    act(deal2, ["P2 call 4", "P3 pass", "P4 pass", "P1 pass"])
    assert deal2.to_act == 1
    play_trick(deal2, "KH AH 4H TH")
    assert deal2.trump == HEARTS


def test_nap_play_1_a_low_card_led_fixes_trumps_too() -> None:
    """NAP-PLAY-1: "the first card played in each deal decides the trumps", whatever its rank."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 pass", "P2 pass", "P3 call 1", "P4 pass"])
    play_trick(deal, "2C 3C 9C 7C")  # P3 leads 2C: clubs are trumps; P1's 9C wins
    assert deal.trump == 3 and deal.tricks[0].winner == 0


def nx10_deal(p2: str, p4: str) -> NapDeal:
    """P1 senior hand for three; spades trumps; P1 wins two tricks and leads 9H to the third."""
    deal = dealt({"P1": "KS AD 9H 8C 7C", "P2": p2, "P3": "4S 4D QD 5C 6C", "P4": p4})
    act(deal, ["P1 call 3", "P2 pass", "P3 pass", "P4 pass"])
    return deal


def test_nap_play_2_following_no_obligation_to_head_nx10() -> None:
    """NAP-PLAY-2 (NX-10): with spades trumps and 9H led, a hand KH 2H AS may play either heart: heading is
    not required; it must follow suit, so AS is refused."""
    deal = nx10_deal("3S 3D KH 2H AS", "5S 5D JD 2C 3C")
    play_trick(deal, "KS 3S 4S 5S")
    play_trick(deal, "AD 3D 4D 5D")
    play_trick(deal, "9H")
    assert deal.trump == SPADES and format_cards(deal.hands[1]) == "AS KH 2H"
    assert format_cards(deal.playable("P2")) == "KH 2H"
    assert rule_of(deal.play, "P2", parse_card("AS")) == "NAP-PLAY-2"
    assert deal.can_play("P2", parse_card("2H"))


def test_nap_play_2_void_may_trump_or_discard_nx10() -> None:
    """NAP-PLAY-2 (NX-10): void in hearts, a hand AS 2S 5D may trump or discard: all three are legal; there
    is no obligation to trump or overtrump."""
    deal = nx10_deal("AS 2S 3S 5D 6D", "5S 7D JD 2C 3C")
    play_trick(deal, "KS 3S 4S 5S")
    play_trick(deal, "AD 6D 4D 7D")
    play_trick(deal, "9H")
    assert format_cards(deal.playable("P2")) == "AS 2S 5D"
    assert {a.cards[0] for a in deal.legal_actions()} == set(parse_cards("AS 2S 5D"))
    deal.play("P2", parse_card("5D"))
    play_trick(deal, "5C 2C")
    assert deal.tricks[2].winner == 0  # the discard did not head P1's 9H


def test_nap_play_3_highest_trump_wins_the_winner_leads_and_trumps_do_not_change() -> None:
    """NAP-PLAY-3: the trick goes to the highest trump, or failing that to the highest card of the suit led;
    the winner leads to the next trick (any card); trumps remain unaltered."""
    deal = nx10_deal("AS 2S 3S 5D 6D", "5S 7D JD 2C 3C")
    play_trick(deal, "KS 3S 4S 5S")
    play_trick(deal, "AD 6D 4D 7D")
    play_trick(deal, "9H 2S 5C 2C")  # the lowest trump beats the nine of the suit led
    assert deal.tricks[2].winner == 1 and deal.to_act == 1
    assert rule_of(deal.play, "P3", parse_card("QD")) == "NAP-PLAY-3"
    play_trick(deal, "5D QD JD 8C")  # the off-suit 8C does not win; highest diamond does
    assert deal.tricks[3].winner == 2 and deal.trump == SPADES and not deal.is_complete
    play_trick(deal, "6C 3C 7C AS")
    assert deal.tricks[4].winner == 1
    assert deal.is_complete and deal.made is False and deal.lost == 3
    assert deal.net == [-9, 3, 3, 3]


def test_nap_play_3_a_play_by_a_seat_not_to_act_is_refused() -> None:
    """NAP-PLAY-3, §14.10: playing out of turn is illegal in strict mode and cites NAP-PLAY-3."""
    deal = nx1()
    play_trick(deal, "AS 7S")
    assert rule_of(deal.play, "P2", parse_card("5S")) == "NAP-PLAY-3"


def test_nap_play_4_success_with_early_end_nx1() -> None:
    """NAP-PLAY-4 (NX-1): play stops as soon as the senior hand has won the number called: three tricks won,
    so the deal ends after trick 3; P3 +9."""
    deal = nx1()
    play_trick(deal, "AS 7S JS 5S")
    play_trick(deal, "KS 9H 6H 7C")
    assert not deal.is_complete
    play_trick(deal, "QS 8H TD 3H")
    assert [t.winner for t in deal.tricks] == [2, 2, 2]
    assert deal.is_complete and deal.made is True and deal.won == 3
    assert deal.net == [-3, -3, 9, -3]
    assert deal.legal_actions() == []
    assert rule_of(deal.play, "P3", parse_card("4D")) == "NAP-PLAY-4"


def test_nap_play_4_failed_four_ended_early_nx2() -> None:
    """NAP-PLAY-4 (NX-2): P2 calls four and loses two tricks, more than 5 - 4 = 1, so the deal ends after
    trick 2: P2 pays 4 to each (-12)."""
    deal = dealt(NX2_HANDS, dealer="P1")
    act(deal, ["P2 call 4", "P3 pass", "P4 pass", "P1 pass"])
    play_trick(deal, "KH AH 4H TH")
    assert deal.tricks[0].winner == 2 and not deal.is_complete
    play_trick(deal, "AS QS 6S 2S")
    assert deal.tricks[1].winner == 2
    assert deal.is_complete and deal.made is False and deal.lost == 2
    assert deal.net == [4, -12, 4, 4]


#: (call, declarer's hand, tricks played when the deal ends, made): STRONG wins every trick, WEAK loses
#: every trick (for misery, WEAK takes none and STRONG takes the first).
EARLY_END = [
    ("1", STRONG, 1, True),
    ("1", WEAK, 5, False),
    ("2", STRONG, 2, True),
    ("2", WEAK, 4, False),
    ("3", STRONG, 3, True),
    ("3", WEAK, 3, False),
    ("4", STRONG, 4, True),
    ("4", WEAK, 2, False),
    ("nap", STRONG, 5, True),
    ("nap", WEAK, 1, False),
    ("wellington", STRONG, 5, True),
    ("wellington", WEAK, 1, False),
    ("blucher", STRONG, 5, True),
    ("blucher", WEAK, 1, False),
    ("misery", WEAK, 5, True),
    ("misery", STRONG, 1, False),
]


@pytest.mark.parametrize(
    ("call", "hand", "tricks", "made"),
    EARLY_END,
    ids=[f"{c}-{'made' if m else 'failed'}" for c, _, _, m in EARLY_END],
)
def test_nap_play_4_early_end_for_each_kind_of_call(call: str, hand: str, tricks: int, made: bool) -> None:
    """NAP-PLAY-4: for a call of n (1-4) stop when won == n or lost > 5 - n; for Nap, Wellington or Blücher
    stop at the first lost trick or after 5 won; for misery stop at the first trick the caller wins,
    otherwise all five are played."""
    deal = fixed_deal(call, hand)
    done = play_tricks_highest(deal)
    assert len(deal.tricks) == tricks
    assert done == [False] * (tricks - 1) + [True]
    assert deal.made is made


def test_nap_play_4_early_end_for_a_call_of_two_after_a_win_and_losses() -> None:
    """NAP-PLAY-4: a call of two with one trick won fails only when the fourth trick is lost (lost > 3)."""
    deal = fixed_deal("2", "AS 2C 3C 4C 5C")
    done = play_tricks_highest(deal)
    assert [t.winner == 0 for t in deal.tricks] == [True, False, False, False, False]
    assert done == [False, False, False, False, True] and deal.made is False


def test_nap_play_4_early_end_for_a_nap_at_the_first_lost_trick_after_wins() -> None:
    """NAP-PLAY-4: a Nap stops at the first lost trick, even after tricks won."""
    deal = fixed_deal("nap", "AS KS 2C 3C 4C")
    done = play_tricks_highest(deal)
    assert [t.winner == 0 for t in deal.tricks] == [True, True, False]
    assert done == [False, False, True] and deal.made is False
    assert deal.net == [-15, 5, 5, 5]


def test_nap_play_4_early_end_for_misery_at_the_first_trick_won_after_losses() -> None:
    """NAP-PLAY-4, NAP-PLAY-5: misery stops at the first trick the caller wins, even after tricks lost."""
    deal = dealt({"P1": "2C 3C AS 4H 5H", "P2": "AC KC QC JC TC", "P3": "AH KH QH JH TH", "P4": "AD KD QD JD TD"})
    act(deal, ["P1 call misery", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(deal, "2C AC AH AD")
    play_trick(deal, "KC KH KD 3C")
    assert not deal.is_complete and deal.won == 0
    play_trick(deal, "QC QH QD AS")  # P1, void in clubs (trumps), discards his ace: P2 wins
    assert not deal.is_complete
    play_trick(deal, "JC JH JD 4H")
    play_trick(deal, "TC TH TD 5H")
    assert deal.is_complete and deal.made is True and deal.net == [9, -3, -3, -3]
    failed = dealt({"P1": "2C 3C 5H 6D 7D", "P2": "AC KC QC 2H 3H", "P3": STRONG, "P4": OTHERS[2]})
    act(failed, ["P1 call misery", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(failed, "2C AC AS AD")
    play_trick(failed, "KC KS KD 3C")
    play_trick(failed, "QC QS QD 7D")
    assert not failed.is_complete and failed.lost == 3
    play_trick(failed, "2H JS JD 5H")  # P1 must follow hearts; nobody heads his five
    assert failed.tricks[3].winner == 0
    assert failed.is_complete and failed.made is False and failed.net == [-9, 3, 3, 3]


def test_nap_play_5_misery_made_nx5() -> None:
    """NAP-PLAY-5 (NX-5): P1 "two", P2 "misery" (legal: misery is above two); P2 leads 2C (clubs trumps) and
    takes no trick in five: the misery is made, each opponent pays 3: P2 +9."""
    deal = dealt(NX5_HANDS)
    act(deal, ["P1 call 2", "P2 call misery", "P3 pass", "P4 pass"])
    assert deal.declarer == 1 and deal.contract == "misery" and deal.to_act == 1
    for trick in ["2C KC 9C QC", "AD QD JS 3D", "KD TS AH 2D", "QS QH KH 3H", "AC TC JC 2H"]:
        assert not deal.is_complete
        play_trick(deal, trick)
    assert deal.trump == 3
    assert [t.winner for t in deal.tricks] == [2] * 5
    assert deal.is_complete and deal.made is True
    assert deal.net == [-3, 9, -3, -3]


def test_nap_play_5_the_misery_caller_must_follow_suit_but_need_not_trump() -> None:
    """NAP-PLAY-5: "The caller of misere must always follow suit, if he can, but is not obliged to trump"."""
    deal = dealt(NX5_HANDS)
    act(deal, ["P1 call 2", "P2 call misery", "P3 pass", "P4 pass"])
    play_trick(deal, "2C KC 9C QC")
    play_trick(deal, "AD QD JS")
    assert format_cards(deal.playable("P2")) == "3D 2D"
    assert rule_of(deal.play, "P2", parse_card("2H")) == "NAP-PLAY-2"
    # void in the suit led while holding a trump (clubs), the caller may discard
    other = dealt({"P1": "2C 3C 2H 3H 4H", "P2": "AC KS QS JS TS", "P3": "AS 9S 8S 7S 6S", "P4": OTHERS[2]})
    act(other, ["P1 call misery", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(other, "2C AC AS AD")
    play_trick(other, "KS 9S KD")
    assert format_cards(other.playable("P1")) == "4H 3H 2H 3C"
    other.play("P1", parse_card("4H"))
    assert other.tricks[1].winner == 1 and not other.is_complete


def test_nap_play_5_misery_fails_when_the_lead_is_left_unheaded() -> None:
    """NAP-PLAY-5: "should his original lead remain unheaded by any of the other players, then he fails":
    the deal ends at once and the caller pays 3 to each."""
    deal = dealt({"P1": "5H 2C 3C 4C 2D", "P2": "2H 3H AS KS QS", "P3": "4H AC KC QC JC", "P4": "AD KD QD JD TD"})
    act(deal, ["P1 call misery", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(deal, "5H 2H 4H AD")
    assert deal.tricks[0].winner == 0
    assert deal.is_complete and deal.made is False
    assert deal.net == [-9, 3, 3, 3]


def test_nap_play_6_played_cards_lie_face_up_before_their_owners() -> None:
    """NAP-PLAY-6: played cards are left face up in front of their owners; this matters only for what a
    player may see: each seat's view shows the tricks with who played what, its own hand, and of the other
    hands only their size."""
    deal = nx1()
    play_trick(deal, "AS 7S JS 5S")
    play_trick(deal, "KS 9H")
    view = deal.view("P1")
    assert view.hand == mask_of(parse_cards("6H TD 9C 2H"))
    assert view.card_counts == (4, 4, 3, 3)
    assert view.tricks[0].seats == (2, 3, 0, 1) and format_cards(view.tricks[0].cards) == "AS JS 7S 5S"
    assert view.tricks[1].seats == (2, 3) and [card_str(c) for c in view.tricks[1].cards] == ["KS", "9H"]
    assert view.trump == SPADES and view.declarer == 2 and view.contract == "3"
    assert view.to_act == 0 and {a.cards[0] for a in view.legal} == set(parse_cards("6H TD 9C 2H"))
    assert deal.view("P2").legal == ()  # not P2's turn
    assert deal.view("P2").hand == mask_of(parse_cards("KH AH 7C 3H"))


def test_nap_play_7_only_the_called_number_counts_when_made() -> None:
    """NAP-PLAY-7: "he is only paid for the number that he originally announced": a call of two with a hand
    that would win all five is paid two by each, and play stops after two."""
    deal = fixed_deal("2", STRONG)
    play_tricks_highest(deal)
    assert deal.won == 2 and deal.net == [6, -2, -2, -2]


def test_nap_play_7_only_the_called_number_counts_when_lost() -> None:
    """NAP-PLAY-7: "even if he does not take a trick, he simply pays for the number he called": a call of
    one losing all five pays one to each."""
    deal = fixed_deal("1", WEAK)
    play_tricks_highest(deal)
    assert deal.lost == 5 and deal.net == [-3, 1, 1, 1]


# -- NAP-SET ---------------------------------------------------------------------------------------

#: NX-16 (4 players, 3 opponents): the senior hand's net, (made, lost), under each pay table.
NX16 = {
    "peel": {
        "1": (3, -3),
        "2": (6, -6),
        "3": (9, -9),
        "misery": (9, -9),
        "4": (12, -12),
        "nap": (30, -15),
        "wellington": (60, -30),
        "blucher": (90, -45),
    },
}
NX16["well_blu_mod"] = {**NX16["peel"], "wellington": (30, -30), "blucher": (30, -45)}
NX16["parlett"] = {**NX16["peel"], "nap": (30, -30), "wellington": (60, -60), "blucher": (120, -120)}
NX16["hsw_flat"] = dict.fromkeys(NX16["peel"], (30, -30))  # every contract 10 from each of three (§14.28)

MATRIX = [
    (table, misery_pay, call, made)
    for table in NX16
    for misery_pay in ("peel", "eb11")
    for call in LADDERS["below_three"]
    for made in (True, False)
]


@pytest.mark.parametrize(
    ("table", "misery_pay", "call", "made"),
    MATRIX,
    ids=[f"{t}-misery_{m}-{c}-{'made' if k else 'lost'}" for t, m, c, k in MATRIX],
)
def test_nap_set_1_payment_matrix_nx16(table: str, misery_pay: str, call: str, made: bool) -> None:
    """NAP-SET-1, §6.5, NX-16: the amounts pass between the senior hand and each opponent: 1, 2, 3, misery 3,
    4, Nap 10/5, Wellington 20/10, Blücher 30/15 under Peel; WELL_BLU_MOD 10/10 and 10/15; PARLETT Nap
    10/10, Wellington 20/20, Blücher 40/40 (one pays one, §14.19); HSW_FLAT 10 for every contract, won or lost
    (§14.28); under MISERY_PAY_EB11 misery lost costs 6, except under HSW_FLAT."""
    rules = PEEL.with_options(pay_table=table, misery_pay=misery_pay)
    won_amount, lost_amount = NX16[table][call]
    if call == "misery" and misery_pay == "eb11" and table != "hsw_flat":
        lost_amount = -18
    hand = winning_hand(call, made)
    deal = fixed_deal(call, hand, rules)
    play_tricks_highest(deal)
    assert deal.made is made
    expected = won_amount if made else lost_amount
    senior = deal.declarer
    assert senior is not None
    assert deal.net[senior] == expected
    assert [deal.net[s] for s in range(4) if s != senior] == [-expected // 3] * 3
    assert pay_table(rules)[call] == (abs(won_amount) // 3, abs(lost_amount) // 3)


def test_nap_set_1_nap_made_with_five_players_nx3() -> None:
    """NAP-SET-1 (NX-3): dealer P5; P3 calls Nap and wins all five: each of the 4 opponents pays 10: P3 +40."""
    seats = ["P1", "P2", "P3", "P4", "P5"]
    hands = {
        "P3": "AD KD QD JD TD",
        "P4": "9D 2S 3S 4S 5S",
        "P5": "2D 6S 7S 8S 9S",
        "P1": "3H 4H 5H 6H 7H",
        "P2": "8H 9H TH JH QH",
    }
    deal = dealt(hands, dealer="P5", seats=seats)
    act(deal, ["P1 pass", "P2 pass", "P3 call nap", "P4 pass", "P5 pass"])
    play_trick(deal, "AD 9D 2D 3H 8H")
    play_trick(deal, "KD 2S 6S 4H 9H")
    play_trick(deal, "QD 3S 7S 5H TH")
    play_trick(deal, "JD 4S 8S 6H JH")
    assert not deal.is_complete
    play_trick(deal, "TD 5S 9S 7H QH")
    assert deal.is_complete and deal.made is True and deal.won == 5
    assert deal.net == [-10, -10, 40, -10, -10]


def test_nap_set_2_the_deal_passes_to_the_left() -> None:
    """NAP-SET-2: the cards are then collected and the deal passes to the left."""
    for d in range(4):
        deal = NapDeal(PEEL, SEATS, dealer=d)
        deal.deal(seed=d)
        act(deal, [f"{deal.seats[s]} pass" for s in deal.order])
        while not deal.is_complete:
            play_highest(deal)
        assert deal.next_dealer == (d + 1) % 4


def test_nap_set_3_no_target_play_may_stop_after_any_deal() -> None:
    """NAP-SET-3: there is no overall game target; play may stop after any deal ("it can be terminated at
    any moment"), and not in the middle of one."""
    sitting = NapSitting(PEEL, 4, seed=8, dealer="P1")
    rng = random.Random(8)
    for _ in range(12):
        deal = sitting.start_deal()
        while not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))
        sitting.end_deal()
        assert not sitting.is_over
    deal = sitting.start_deal()
    with pytest.raises(IllegalActionError) as e:
        sitting.stop()
    assert e.value.rule == "NAP-SET-3"
    while not deal.is_complete:
        deal.apply(rng.choice(deal.legal_actions()))
    sitting.stop()
    assert sitting.is_over
    with pytest.raises(IllegalActionError) as e:
        sitting.start_deal()
    assert e.value.rule == "NAP-SET-3"


def test_nap_actions_round_trip_as_record_strings() -> None:
    """DEAL-RECORD.md Nap verbs: every action the deal takes is written as the record writes it and parses
    back to itself."""
    deal = nx1()
    texts = [deal.action_str(a) for a in deal.log]
    assert texts == ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass"]
    assert [deal.parse_action(t) for t in texts] == deal.log
    with pytest.raises(RecordError):
        deal.parse_action("P3 call five")


@pytest.mark.parametrize("packets", [(2, 3), (3, 2)])
def test_nap_deal_1_deal_2_3_option_deals_in_packets(packets: tuple[int, int]) -> None:
    """NAP-DEAL-1 option DEAL_2_3 (C-NAP-9): the cards may go out two then three, or three then two."""
    deal = NapDeal(PEEL, ["P1", "P2", "P3", "P4"], dealer="P4")
    deal.deal(5, packets=packets)
    shuffled = pack(52)
    random.Random(5).shuffle(shuffled)
    expected = {s: [] for s in (0, 1, 2)} | {3: []}
    it = iter(shuffled)
    for size in packets:
        for seat in (0, 1, 2, 3):  # from the dealer's left, the dealer last
            expected[seat].extend(next(it) for _ in range(size))
    assert [deal.dealt[s] for s in range(4)] == [mask_of(expected[s]) for s in range(4)]
    with pytest.raises(RecordError, match="packets"):
        NapDeal(PEEL, 4).deal(1, packets=(4, 1))


def test_nap_law_1_misdeal_same_dealer_again_and_a_unit_into_the_kitty_only_with_one() -> None:
    """NAP-LAW-1 (§14.8): after a misdeal the same dealer deals again; no penalty, except one unit into
    the kitty when one is in use; the void deal's stake is not charged."""
    plain = NapDeal(PEEL, 4, dealer=1)
    plain.deal(3)
    plain.misdeal()
    assert plain.is_complete and plain.next_dealer == 1 and plain.net == [0, 0, 0, 0] and plain.kitty == 0
    kitty = NapDeal(PEEL.with_options(kitty=True), 4, dealer=1, kitty=7)
    kitty.deal(3)
    kitty.misdeal()
    assert kitty.net == [0, -1, 0, 0] and kitty.kitty == 8 and kitty.next_dealer == 1
    late = NapDeal(PEEL, 4, dealer=1)
    late.deal(3)
    late.pass_(late.to_act)
    assert not late.can_misdeal()
    with pytest.raises(IllegalActionError) as e:
        late.misdeal()
    assert e.value.rule == "NAP-LAW-1"


def test_nap_var_peep_and_topcard_the_senior_may_take_both_widow_and_top_card() -> None:
    """NAP-VAR-PEEP with NAP-VAR-NAP-TOPCARD: taking the widow does not use up the right to the top card."""
    rules = PEEL.with_options(peep=True, nap_top_card=True)
    deal = NapDeal(rules, ["P1", "P2", "P3"], dealer="P3")
    deal.deal_cards({"P1": "AS KS QS JS TS", "P2": "2H 3H 4H 5H 6H", "P3": "2D 3D 4D 5D 6D"}, widow="9S", stock="8S 7C")
    act(deal, ["P1 call nap", "P2 pass", "P3 pass", "P1 widow TS"])
    assert "P1 topcard JS" in {deal.action_str(a) for a in deal.legal_actions()}
    act(deal, ["P1 topcard JS"])
    assert format_cards(deal.hands[0]) == "AS KS QS 9S 8S"
    assert not any(a.verb in ("widow", "topcard") for a in deal.legal_actions())


def test_nap_gen_1_options_that_need_more_cards_than_the_pack_are_refused() -> None:
    """NAP-GEN-1/3: seven hands of five, a spare hand of five, cannot come from a 32-card pack."""
    rules = PEEL.with_options(max_players=7, pack=32, spare_hand="peel")
    with pytest.raises(RecordError) as e:
        NapDeal(rules, 7)
    assert e.value.field == "seats" and "32-card pack" in str(e.value)
    with pytest.raises(RecordError):
        NapSitting(rules, 7)
