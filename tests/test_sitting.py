"""The sitting: a sequence of Loo deals (LOO-GEN-3, LOO-DEAL-1..3, LOO-STK-6, LOO-SGL-5, LOO-END-1..3)."""

from __future__ import annotations

import random

import pytest

from conftest import play_out
from roundgames import IllegalActionError, LooRules, RecordError
from roundgames.core.cards import RANKS, parse_card, rank_of
from roundgames.loo.deal import Kind
from roundgames.loo.sitting import LooSitting
from roundgames.records.deal import referee
from roundgames.records.sitting import dumps_sitting, loads_sitting, records_of, sitting_from_records

PEEL = LooRules.preset("peel")


def play_sitting(sitting: LooSitting, rng: random.Random, max_deals: int = 400) -> None:
    while not sitting.is_over and len(sitting.deals) < max_deals:
        play_out(sitting.start_deal(), rng)
        sitting.end_deal()


def test_loo_gen_3_first_dealer_is_the_first_knave() -> None:
    """LOO-GEN-3: cards are dealt face up one to each player in turn; the first to receive a knave deals."""
    for seed in range(40):
        sitting = LooSitting(PEEL, ["A", "B", "C", "D", "E"], seed=seed)
        shown = [(seat, parse_card(card)) for seat, card in sitting.draw]
        assert [seat for seat, _ in shown] == [["A", "B", "C", "D", "E"][i % 5] for i in range(len(shown))]
        assert all(rank_of(c) != RANKS.index("J") for _, c in shown[:-1])
        assert rank_of(shown[-1][1]) == RANKS.index("J")
        assert sitting.dealer == shown[-1][0]
        assert sitting.start_deal().seats[sitting.current.dealer] == sitting.dealer  # type: ignore[union-attr]


def test_loo_gen_3_cut_low_option_lowest_cut_deals_ace_lowest() -> None:
    """LOO-GEN-3 option FIRST_DEALER=CUT_LOW (EW §96 ii): the lowest cut deals, ace lowest; ties cut again."""
    rules = PEEL.with_options(first_dealer="cut_low")
    saw_tie = False
    for seed in range(60):
        sitting = LooSitting(rules, ["A", "B", "C", "D"], seed=seed)
        cuts = iter(sitting.draw)
        contenders = ["A", "B", "C", "D"]
        while len(contenders) > 1:
            round_ = [next(cuts) for _ in contenders]
            assert [seat for seat, _ in round_] == contenders
            value = {seat: (rank_of(parse_card(card)) + 1) % 13 for seat, card in round_}  # ace lowest
            contenders = [s for s in contenders if value[s] == min(value.values())]
            saw_tie |= len(contenders) > 1
        assert next(cuts, None) is None
        assert contenders == [sitting.dealer]
    assert saw_tie  # some seed produced a tie and a second cut


def test_loo_gen_3_deal_passes_to_the_left() -> None:
    """LOO-GEN-3, LOO-SET-6: after every deal the deal passes to the left."""
    sitting = LooSitting(PEEL, ["A", "B", "C", "D"], seed=5, dealer="C", rounds=3)
    rng = random.Random(1)
    dealers = []
    for _ in range(9):
        deal = sitting.start_deal()
        dealers.append(deal.seats[deal.dealer])
        play_out(deal, rng)
    assert dealers == ["C", "D", "A", "B", "C", "D", "A", "B", "C"]


def test_loo_deal_1_the_first_deal_is_a_single_and_loo_deal_3_a_single_is_followed_by_a_regular_deal() -> None:
    """LOO-DEAL-1: the first deal of the game is a single; LOO-DEAL-3: after a single comes a regular deal."""
    sitting = LooSitting(PEEL, 4, seed=11)
    first = sitting.start_deal()
    assert first.kind is Kind.SINGLE and first.is_complete
    sitting.end_deal()
    assert sitting.kind is Kind.REGULAR
    assert sitting.start_deal().kind is Kind.REGULAR


def test_loo_deal_2_no_loo_means_a_single_next_and_a_loo_means_a_regular_deal() -> None:
    """LOO-DEAL-2 (§14.5): a regular deal in which nobody was looed is followed by a single; otherwise regular."""
    seen = set()
    for seed in range(30):
        sitting = LooSitting(PEEL, 5, seed=seed, rounds=3)
        rng = random.Random(seed)
        for _ in range(8):
            deal = sitting.start_deal()
            play_out(deal, rng)
            sitting.end_deal()
            if deal.kind is Kind.REGULAR:
                expected = Kind.REGULAR if deal.looed else Kind.SINGLE
                assert sitting.kind is expected
                seen.add(bool(deal.looed))
            if sitting.is_over:
                break
    assert seen == {True, False}


def test_loo_stk_6_and_loo_sgl_5_the_next_pool_is_carry_plus_loos_plus_the_next_stake() -> None:
    """LOO-STK-6: the pool at the start of a deal is carry + loos of the last deal + the dealer's stake D."""
    sitting = LooSitting(PEEL, 4, seed=3, rounds=2)
    rng = random.Random(3)
    for _ in range(10):
        before = sitting.pool
        deal = sitting.start_deal()
        assert deal.ledger.start == before
        if deal.kind is not Kind.SINGLE:
            assert deal.pool == before + PEEL.stakes.deal  # only the dealer pays (LOO-STK-2)
        play_out(deal, rng)
        sitting.end_deal()
        assert sitting.pool == deal.pool_total
        if sitting.is_over:
            break


def test_balances_and_pool_conserve_money_over_whole_sittings() -> None:
    """§14.1: nothing is created or lost: the balances plus the pool sum to zero after every deal."""
    for seed, (preset, players) in enumerate([("peel", 3), ("peel", 7), ("enquire-within", 5), ("peel", 12)]):
        sitting = LooSitting(LooRules.preset(preset), players, seed=seed, rounds=2)
        rng = random.Random(seed)
        while not sitting.is_over and len(sitting.deals) < 200:
            play_out(sitting.start_deal(), rng)
            sitting.end_deal()
            assert sum(sitting.balances.values()) + sitting.pool == 0
        assert sitting.is_over


def test_loo_end_1_the_game_ends_after_equal_deals_and_a_deal_without_a_loo() -> None:
    """LOO-END-1: the game ends when every player has dealt the same number of times and the last deal
    produced no loo; if a loo occurred, play continues until a deal without one."""
    continued = 0
    for seed in range(25):
        sitting = LooSitting(PEEL, 4, seed=seed, rounds=2)
        rng = random.Random(seed)
        counts = dict.fromkeys(sitting.seats, 0)
        equal_reached = False
        while not sitting.is_over:
            deal = sitting.start_deal()
            play_out(deal, rng)
            sitting.end_deal()
            counts[deal.seats[deal.dealer]] += 1
            equal_reached |= len(set(counts.values())) == 1 and min(counts.values()) >= 2
            assert sitting.is_over == (equal_reached and not deal.looed)
        continued += len(sitting.deals) > 8
        assert len(sitting.deals) >= 8
    assert continued  # at least one game ran past the round because of a loo


def test_loo_end_2_stopping_early_divides_the_pool_equally() -> None:
    """LOO-END-2: a finish may be made at any moment by an equal division of the pool; odd units go one
    each to players clockwise from the next dealer's left [D]."""
    sitting = LooSitting(PEEL, ["A", "B", "C", "D"], seed=2, dealer="A")
    rng = random.Random(2)
    while sitting.pool % 4 == 0 or sitting.pool < 4:
        play_out(sitting.start_deal(), rng)
        sitting.end_deal()
    pool, before, dealer = sitting.pool, dict(sitting.balances), sitting.dealer
    sitting.stop("divide")
    base, rest = divmod(pool, 4)
    order = ["A", "B", "C", "D"]
    start = order.index(dealer)
    extra = {order[(start + 1 + i) % 4] for i in range(rest)}
    assert {s: sitting.balances[s] - before[s] for s in order} == {s: base + (s in extra) for s in order}
    assert sitting.pool == 0 and sitting.is_over
    with pytest.raises(IllegalActionError) as e:
        sitting.start_deal()
    assert e.value.rule == "LOO-END-1"


def test_loo_end_2_release_returns_the_loos_and_plays_a_last_round_all_standing_without_a_miss() -> None:
    """LOO-END-2: or the loos of the previous deal are released and a last round is played in which all
    stand and there is no miss."""
    sitting = LooSitting(PEEL, ["A", "B", "C"], seed=4)
    rng = random.Random(4)
    last = None
    while last is None or not last.looed or last.kind is not Kind.REGULAR:
        last = sitting.start_deal()
        play_out(last, rng)
        sitting.end_deal()
    before, pool = dict(sitting.balances), sitting.pool
    sitting.stop("release")
    refunds = {last.seats[s]: amount for s, amount in last.looed.items()}
    assert {s: sitting.balances[s] - before[s] for s in before} == {s: refunds.get(s, 0) for s in before}
    assert sitting.pool == pool - sum(refunds.values())
    for _ in range(3):
        deal = sitting.start_deal()
        assert deal.kind is Kind.EW_SINGLE and deal.miss == 0
        for action in deal.legal_actions():
            assert action.verb == "stand"
        play_out(deal, rng)
        sitting.end_deal()
    assert sitting.is_over and sitting.pool == 0
    assert sum(sitting.balances.values()) == 0


def test_loo_end_3_a_player_leaves_at_his_deal_paying_his_stake_and_dealing_himself_no_cards() -> None:
    """LOO-END-3: a player may leave only at his turn to deal; he pays for his deal but deals himself no
    cards and does not play that round; then the game goes on without him."""
    sitting = LooSitting(PEEL, ["A", "B", "C", "D", "E"], seed=8, dealer="E")
    rng = random.Random(8)
    play_out(sitting.start_deal(), rng)  # E deals the single
    sitting.end_deal()
    assert sitting.dealer == "A"
    deal = sitting.start_deal(leave=True)
    assert deal.dealt[0] == 0 and deal.dealer_out
    assert deal.order == (1, 2, 3, 4)
    assert deal.pool == deal.ledger.start + PEEL.stakes.deal and deal.net[0] == -PEEL.stakes.deal
    play_out(deal, rng)
    sitting.end_deal()
    assert sitting.seats == ["B", "C", "D", "E"]
    assert sitting.dealer == "B"
    nxt = sitting.start_deal()
    assert nxt.seats == ("B", "C", "D", "E")
    # the saved sitting keeps him in the record of the deal he left at, with no hand
    record = records_of(sitting)[-1]
    assert record.dealer == "A" and "A" not in record.cards
    assert referee(record)["net"]["A"] == -PEEL.stakes.deal


def test_loo_end_3_leaving_is_refused_when_fewer_than_three_would_remain() -> None:
    """LOO-GEN-1: Loo needs three players; a player cannot leave a table of three."""
    sitting = LooSitting(PEEL, 3, seed=1)
    with pytest.raises(IllegalActionError) as e:
        sitting.start_deal(leave=True)
    assert e.value.rule == "LOO-GEN-1"


def test_a_sitting_saves_and_loads_as_a_list_of_deal_records() -> None:
    """A sitting is saved as a JSON list of deal records and loads back to the same balances, pool and turn."""
    sitting = LooSitting(LooRules.preset("peel").with_options(loo_mode="unlimited"), 5, seed=21, rounds=2)
    rng = random.Random(21)
    for _ in range(7):
        play_out(sitting.start_deal(), rng)
        sitting.end_deal()
    text = dumps_sitting(records_of(sitting))
    again = sitting_from_records(loads_sitting(text), rounds=2)
    assert again.summary() == sitting.summary()
    assert dumps_sitting(records_of(again)) == text
    # it plays on from where it stopped
    deal = again.start_deal()
    assert deal.seats[deal.dealer] == sitting.dealer and deal.ledger.start == sitting.pool


def test_a_saved_sitting_whose_deals_do_not_follow_on_is_refused() -> None:
    """Loading checks that each record follows on from the last: dealer, pool and kind."""
    sitting = LooSitting(PEEL, 4, seed=9)
    rng = random.Random(9)
    for _ in range(3):
        play_out(sitting.start_deal(), rng)
        sitting.end_deal()
    records = loads_sitting(dumps_sitting(records_of(sitting)))
    records[2].pool += 1
    with pytest.raises(RecordError) as e:
        sitting_from_records(records)
    assert e.value.field == "sitting[2]" and "pool" in str(e.value)
    with pytest.raises(RecordError) as e:
        loads_sitting("{}")
    assert e.value.field == "sitting"
    with pytest.raises(RecordError) as e:
        loads_sitting('[{"format": "roundgames-deal/1", "game": "whist"}]')
    assert e.value.field == "sitting[0].game"


def test_a_sitting_refuses_bad_settings_with_clear_errors() -> None:
    """Seat counts, names and rounds are checked (LOO-GEN-1)."""
    with pytest.raises(RecordError, match="LOO-GEN-1"):
        LooSitting(PEEL, 2)
    with pytest.raises(RecordError, match="differ"):
        LooSitting(PEEL, ["A", "A", "B"])
    with pytest.raises(RecordError, match="rounds"):
        LooSitting(PEEL, 3, rounds=0)
    with pytest.raises(RecordError, match="dealer"):
        LooSitting(PEEL, 3, dealer="Z")


def test_the_same_seed_gives_the_same_sitting() -> None:
    """Dealing is an explicit, seeded step: the same seed gives the same deals."""
    texts = []
    for _ in range(2):
        sitting = LooSitting(PEEL, 4, seed="tuesday")
        rng = random.Random(0)
        for _ in range(4):
            play_out(sitting.start_deal(), rng)
            sitting.end_deal()
        texts.append(dumps_sitting(records_of(sitting)))
    assert texts[0] == texts[1]


def test_loo_end_3_a_sitting_saved_after_someone_left_at_a_single_loads_back() -> None:
    """LOO-END-3 at a single: the saved records load back, and the game goes on without him."""
    sitting = LooSitting(PEEL, ["A", "B", "C", "D"], seed=6, dealer="A")
    deal = sitting.start_deal(leave=True)
    assert deal.kind is Kind.SINGLE and deal.dealt[0] == 0
    sitting.end_deal()
    rng = random.Random(6)
    play_out(sitting.start_deal(), rng)
    sitting.end_deal()
    again = sitting_from_records(loads_sitting(dumps_sitting(records_of(sitting))))
    assert again.seats == ["B", "C", "D"] and again.summary() == sitting.summary()


def test_loo_end_3_leaving_while_the_dealer_stands_out_is_kept_on_reload() -> None:
    """LOO-END-3 under LOO-VAR-DEALER-STANDS-OUT: the dealer takes no part anyway, so the next record's
    seats tell whether he left; reloading keeps him gone."""
    rules = PEEL.with_options(dealer_stands_out_above=5, single="none")
    sitting = LooSitting(rules, ["A", "B", "C", "D", "E", "F", "G"], seed=3, dealer="A")
    rng = random.Random(3)
    play_out(sitting.start_deal(leave=True), rng)
    sitting.end_deal()
    play_out(sitting.start_deal(), rng)
    sitting.end_deal()
    again = sitting_from_records(loads_sitting(dumps_sitting(records_of(sitting))))
    assert again.seats == ["B", "C", "D", "E", "F", "G"] == sitting.seats


def test_a_saved_sitting_whose_seats_change_is_refused() -> None:
    """A record whose seats differ from the sitting's is refused naming the record, not a crash."""
    sitting = LooSitting(PEEL, ["A", "B", "C"], seed=2)
    rng = random.Random(2)
    for _ in range(2):
        play_out(sitting.start_deal(), rng)
        sitting.end_deal()
    text = dumps_sitting(records_of(sitting)).replace('"C"', '"Z"')
    records = loads_sitting(text)
    records[0].seats = ["A", "B", "C"]
    records[0].cards = {("C" if k == "Z" else k): v for k, v in records[0].cards.items()}
    records[0].dealer = "C" if records[0].dealer == "Z" else records[0].dealer
    with pytest.raises(RecordError) as e:
        sitting_from_records(records)
    assert e.value.field.startswith("sitting[1]") and "seats" in str(e.value)
