"""The Nap sitting: a sequence of Nap deals (NAP-GEN-4, NAP-SET-2, NAP-SET-3, NAP-VAR-POOL,
NAP-VAR-DOUBLE-HEADER, §14.1, §14.13, §14.14), and its save and load as a list of deal records."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from roundgames import IllegalActionError, NapRules, RecordError, parse_card
from roundgames.core.cards import RANKS, rank_of
from roundgames.nap import NapDeal
from roundgames.nap.deal import NapPhase
from roundgames.nap.sitting import NapSitting
from roundgames.records.deal import replay
from roundgames.records.sitting import dumps_sitting, loads_sitting, records_of, sitting_from_records

PEEL = NapRules.preset("peel")
KITTY = PEEL.with_options(kitty=True)
DOUBLE = PEEL.with_options(all_pass="double_header")
KNAVE = RANKS.index("J")


def play_random(deal: NapDeal, rng: random.Random) -> None:
    while not deal.is_complete:
        deal.apply(rng.choice(deal.legal_actions()))


def all_pass(deal: NapDeal) -> None:
    """Every seat declines to buy (Purchase Nap), then every seat passes."""
    while deal.phase is NapPhase.PURCHASE:
        assert deal.to_act is not None
        deal.buy(deal.to_act)
    for s in deal.order:
        deal.pass_(s)


def call_then_random(deal: NapDeal, call: str, rng: random.Random) -> None:
    """The eldest calls ``call``, the rest pass, and the play is random."""
    deal.call(deal.order[0], call)
    for s in deal.order[1:]:
        deal.pass_(s)
    play_random(deal, rng)


# -- the first dealer and the rotation -------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 4, 6])
def test_nap_gen_4_the_first_knave_deals(count: int) -> None:
    """NAP-GEN-4: the cards are turned face up before each player in turn until the first knave is exposed;
    its receiver deals first."""
    names = [f"S{i}" for i in range(count)]
    for seed in range(30):
        sitting = NapSitting(PEEL, names, seed=seed)
        shown = [(seat, parse_card(card)) for seat, card in sitting.draw]
        assert [seat for seat, _ in shown] == [names[i % count] for i in range(len(shown))]
        assert [rank_of(c) == KNAVE for _, c in shown] == [False] * (len(shown) - 1) + [True]
        assert len({c for _, c in shown}) == len(shown)
        assert sitting.dealer == shown[-1][0]
        deal = sitting.start_deal()
        assert deal.seats[deal.dealer] == sitting.dealer


def test_nap_gen_4_a_named_dealer_skips_the_draw_and_must_be_a_seat() -> None:
    """NAP-GEN-4: the first dealer may be given; he must be one of the seats."""
    sitting = NapSitting(PEEL, ["A", "B", "C"], seed=1, dealer="B")
    assert sitting.dealer == "B" and sitting.draw == []
    with pytest.raises(RecordError):
        NapSitting(PEEL, ["A", "B", "C"], seed=1, dealer="Z")
    with pytest.raises(RecordError):
        NapSitting(PEEL, ["A"], seed=1)
    with pytest.raises(RecordError):
        NapSitting(PEEL, 7, seed=1)


@pytest.mark.parametrize("count", [3, 4, 6])
def test_nap_set_2_the_deal_passes_to_the_left(count: int) -> None:
    """NAP-GEN-4, NAP-SET-2: after each deal the cards are collected and the deal passes to the left; with six
    the dealer sits out each deal he deals (NAP-GEN-2)."""
    names = [f"S{i}" for i in range(count)]
    sitting = NapSitting(PEEL, names, seed=3, dealer="S1")
    rng = random.Random(3)
    dealers = []
    for _ in range(2 * count + 1):
        deal = sitting.start_deal()
        dealers.append(deal.seats[deal.dealer])
        assert deal.dealer_out is (count == 6)
        play_random(deal, rng)
        sitting.end_deal()
    assert dealers == [names[(1 + i) % count] for i in range(2 * count + 1)]


def test_all_pass_redeal_the_same_dealer_deals_again_in_a_sitting() -> None:
    """C-NAP-5 ALL_PASS=REDEAL, §14.13: when all pass, the same dealer deals again; no money moves."""
    sitting = NapSitting(PEEL.with_options(all_pass="redeal", kitty=True), ["A", "B", "C", "D"], seed=2, dealer="C")
    all_pass(sitting.start_deal())
    sitting.end_deal()
    assert sitting.dealer == "C"
    assert sitting.balances == {"A": 0, "B": 0, "C": 0, "D": 0} and sitting.kitty == 0
    deal = sitting.start_deal()
    assert deal.seats[deal.dealer] == "C"
    call_then_random(deal, "1", random.Random(2))
    sitting.end_deal()
    assert sitting.dealer == "D"


def test_the_deal_in_progress_must_be_finished_first() -> None:
    """NAP-SET-2: the next deal starts after the cards of the last are collected: an unfinished deal cannot be
    settled into the sitting."""
    sitting = NapSitting(PEEL, 4, seed=5, dealer="P1")
    sitting.start_deal()
    with pytest.raises(IllegalActionError) as e:
        sitting.end_deal()
    assert e.value.rule == "NAP-SET-2"
    with pytest.raises(IllegalActionError):
        sitting.start_deal()


# -- balances and the kitty ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [
        PEEL,
        KITTY,
        PEEL.with_options(purchase=True),
        PEEL.with_options(peep=True, all_pass="double_header"),
        PEEL.with_options(spare_hand="peel", nap_challenge=True),
        NapRules.preset("modern").with_options(kitty=True),
    ],
    ids=["peel", "kitty", "purchase", "peep-double-header", "spare-challenge", "modern-kitty"],
)
def test_balances_and_kitty_carried_money_conserved(rules: NapRules) -> None:
    """§14.1, NAP-VAR-POOL: balances are the sum of the deals' nets; the kitty is carried from deal to deal
    (each dealer adding his unit, §14.14); nothing is created or lost: balances plus kitty sum to zero after
    every deal."""
    sitting = NapSitting(rules, ["A", "B", "C", "D", "E"], seed=11, dealer="A")
    rng = random.Random(11)
    totals = dict.fromkeys(sitting.seats, 0)
    for _ in range(40):
        before = sitting.kitty
        deal = sitting.start_deal()
        if rules.has_kitty:
            assert deal.kitty == before + rules.stakes.unit
        else:
            assert deal.kitty == before == 0
        play_random(deal, rng)
        sitting.end_deal()
        for i, name in enumerate(deal.seats):
            totals[name] += deal.net[i]
        assert sitting.balances == totals
        assert sitting.kitty == deal.kitty
        assert sum(sitting.balances.values()) + sitting.kitty == 0


def test_nap_var_pool_the_kitty_grows_until_a_nap_is_made_in_a_sitting() -> None:
    """NAP-VAR-POOL: the kitty grows by a unit a deal (and by nothing else here) until a made Nap takes it."""
    sitting = NapSitting(KITTY, ["A", "B", "C", "D"], seed=4, dealer="A")
    rng = random.Random(4)
    for k in range(1, 4):
        call_then_random(sitting.start_deal(), "1", rng)
        sitting.end_deal()
        assert sitting.kitty == k
    deal = sitting.start_deal()
    deal.call(deal.order[0], "nap")
    for s in deal.order[1:]:
        deal.pass_(s)
    play_random(deal, rng)
    sitting.end_deal()
    assert sitting.kitty == (0 if deal.made else 4)
    assert sum(sitting.balances.values()) + sitting.kitty == 0


# -- the Double Header multiplier -------------------------------------------------------------------


def test_nap_var_double_header_carried_between_deals() -> None:
    """NAP-VAR-DOUBLE-HEADER, §14.13: after an all-pass deal the next deal's multiplier is 2; it stays 2 (not
    compounding) through further all-pass deals and failed calls, until a caller wins a deal, which is paid
    at double; then it returns to 1."""
    saw = set()
    for seed in range(30):
        sitting = NapSitting(DOUBLE, ["A", "B", "C", "D"], seed=seed, dealer="A")
        rng = random.Random(seed)
        assert sitting.multiplier == 1
        all_pass(sitting.start_deal())
        sitting.end_deal()
        assert sitting.multiplier == 2
        deal = sitting.start_deal()
        assert deal.multiplier == 2
        all_pass(deal)
        sitting.end_deal()
        assert sitting.multiplier == 2
        while True:
            deal = sitting.start_deal()
            assert deal.multiplier == 2
            call_then_random(deal, "2", rng)
            sitting.end_deal()
            senior = deal.declarer
            assert senior is not None
            assert abs(deal.net[senior]) == 2 * 2 * 3  # two units, doubled, from or to each of three
            saw.add(deal.made)
            if deal.made:
                assert sitting.multiplier == 1
                break
            assert sitting.multiplier == 2
        deal = sitting.start_deal()
        assert deal.multiplier == 1
        call_then_random(deal, "2", rng)
        sitting.end_deal()
        assert sitting.multiplier == 1
    assert saw == {True, False}


# -- stopping --------------------------------------------------------------------------------------


def sitting_with_kitty(seed: int, seats: list[str]) -> NapSitting:
    """A kitty sitting after a few deals in which nobody made Nap (so the kitty is not empty)."""
    sitting = NapSitting(KITTY, seats, seed=seed, dealer=seats[0])
    rng = random.Random(seed)
    for _ in range(seed % 5 + 1):
        call_then_random(sitting.start_deal(), "1", rng)
        sitting.end_deal()
    assert sitting.kitty > 0
    return sitting


@pytest.mark.parametrize("seed", range(8))
def test_nap_var_pool_stop_divides_the_kitty_equally(seed: int) -> None:
    """NAP-VAR-POOL, NAP-SET-3: if the game ends before anyone wins it, the kitty is divided equally."""
    seats = ["A", "B", "C"]
    sitting = sitting_with_kitty(seed, seats)
    kitty, before = sitting.kitty, dict(sitting.balances)
    sitting.stop("divide")
    shares = {s: sitting.balances[s] - before[s] for s in seats}
    assert sum(shares.values()) == kitty
    assert set(shares.values()) <= {kitty // 3, kitty // 3 + 1}
    assert sitting.kitty == 0 and sitting.is_over
    assert sum(sitting.balances.values()) == 0


def test_nap_var_pool_stop_draws_for_the_kitty_the_lowest_card_ace_high_takes_it() -> None:
    """NAP-VAR-POOL: or the kitty is drawn for: one card to each player, and "the holder of the lowest card
    (ace here reckoning as highest) takes the pool"."""
    seats = ["A", "B", "C", "D"]
    aces = 0
    for seed in range(40):
        sitting = sitting_with_kitty(seed, seats)
        kitty, before = sitting.kitty, dict(sitting.balances)
        sitting.stop("draw")
        shown = [(seat, parse_card(card)) for seat, card in sitting.draw]
        assert len({c for _, c in shown}) == len(shown)  # distinct cards from one pack
        # One card to each player; those who tie for lowest draw again [D] until one is lowest.
        cards = iter(shown)
        contenders = sorted(seats, key=lambda s: (seats.index(s) - seats.index(sitting.dealer) - 1) % 4)
        while len(contenders) > 1:
            round_ = [next(cards) for _ in contenders]
            assert [seat for seat, _ in round_] == contenders
            low = min(rank_of(c) for _, c in round_)  # rank_of: two 0 .. ace 12, the ace high
            contenders = [seat for seat, c in round_ if rank_of(c) == low]
            aces += any(rank_of(c) == RANKS.index("A") for _, c in round_)
        assert next(cards, None) is None
        gains = {s: sitting.balances[s] - before[s] for s in seats}
        (winner,) = [s for s in seats if gains[s]]
        assert winner == contenders[0] and gains[winner] == kitty
        assert sitting.kitty == 0 and sum(sitting.balances.values()) == 0
    assert aces  # some draw held an ace, which counted high


def test_nap_set_3_stop_with_an_unknown_method_is_refused() -> None:
    """NAP-SET-3: the kitty is divided or drawn for; any other way is refused."""
    sitting = sitting_with_kitty(1, ["A", "B", "C"])
    with pytest.raises(RecordError):
        sitting.stop("keep")


# -- save and load ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [KITTY, DOUBLE, PEEL.with_options(purchase=True, peep=True), PEEL.with_options(spare_hand="sir_garnet")],
    ids=["kitty", "double-header", "purchase-peep", "sir-garnet"],
)
def test_save_and_load_a_sitting_as_a_list_of_records(rules: NapRules) -> None:
    """A sitting is saved as a JSON list of its deal records and loads back to the same balances, kitty,
    multiplier and next dealer; writing it again gives the same text."""
    sitting = NapSitting(rules, ["Ann", "Ben", "Cat", "Dan"], seed=6, dealer="Cat")
    rng = random.Random(6)
    for i in range(12):
        deal = sitting.start_deal()
        if i % 4 == 1:
            all_pass(deal)
        play_random(deal, rng)
        sitting.end_deal()
    text = dumps_sitting(records_of(sitting))
    assert isinstance(json.loads(text), list) and len(json.loads(text)) == 12
    records = loads_sitting(text)
    again = sitting_from_records(records)
    assert again.summary() == sitting.summary()
    assert again.balances == sitting.balances
    assert (again.kitty, again.multiplier, again.dealer) == (sitting.kitty, sitting.multiplier, sitting.dealer)
    assert dumps_sitting(records_of(again)) == text == dumps_sitting(records)
    deal = again.start_deal()  # the game goes on from where it was saved
    assert deal.seats[deal.dealer] == sitting.dealer and deal.multiplier == sitting.multiplier


def test_save_keeps_the_stock_top_card_first() -> None:
    """DEAL-RECORD.md: `stock` lists the undealt pack "top card first" (purchase and the top card draw from
    it), so a saved sitting must keep its order: a card bought on load is the card bought in play."""
    sitting = NapSitting(PEEL.with_options(purchase=True), ["A", "B", "C", "D"], seed=12, dealer="D")
    deal = sitting.start_deal()
    top = deal.stock[:3]
    deal.buy("A", [c for c in range(52) if deal.hands[0] >> c & 1][:3])
    bought = deal.hands[0]
    while deal.phase is NapPhase.PURCHASE:
        assert deal.to_act is not None
        deal.buy(deal.to_act)
    play_random(deal, random.Random(12))
    sitting.end_deal()
    (record,) = loads_sitting(dumps_sitting(records_of(sitting)))
    assert [parse_card(c) for c in record.cards["stock"].split()][:3] == top
    after_buy = replay(dataclasses.replace(record, actions=record.actions[:1])).deal
    assert after_buy.hands[0] == bought
    again = sitting_from_records([record])
    assert again.balances == sitting.balances and again.kitty == sitting.kitty


def test_load_refuses_records_that_do_not_follow_on() -> None:
    """Each record of a saved sitting must follow on from the last: dealer, kitty and multiplier."""
    sitting = NapSitting(KITTY, ["A", "B", "C"], seed=9, dealer="A")
    rng = random.Random(9)
    for _ in range(3):
        play_random(sitting.start_deal(), rng)
        sitting.end_deal()
    data = json.loads(dumps_sitting(records_of(sitting)))
    for key, value in [("dealer", "A"), ("pool", data[1]["pool"] + 1), ("multiplier", 2)]:
        bad = json.loads(json.dumps(data))
        bad[1][key] = value
        with pytest.raises(RecordError) as e:
            sitting_from_records(loads_sitting(json.dumps(bad)))
        assert e.value.field == "sitting[1]"
    with pytest.raises(RecordError):
        sitting_from_records([])
    with pytest.raises(RecordError):
        loads_sitting("{}")
    with pytest.raises(RecordError):
        loads_sitting("not json")
