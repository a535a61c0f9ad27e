"""Law tests for Five-card Loo ("Pam Loo"): one test or more per rule of RULES.md §4.2 (LOO5-1..8), with
C-LOO-15/16/17 and §14.5, §14.15, and every option of the form (pam, pam_free, flush_pay, flush_tie).

Choices where the rules are silent ([D], docs/five-card.md) are tested under the rule they complete. Each
test builds a deal through the public API (``LooDeal.deal_cards`` and action strings) and asserts what the
rule says happens. The preset ``five-card`` stakes D = 5 and L = 5 (LOO5-5).
"""

from __future__ import annotations

import random

import pytest

from conftest import act, conserved, expect_illegal, illegal_text, legal
from roundgames import IllegalActionError, LooDeal, LooRules, RecordError, format_cards, parse_card
from roundgames.core.cards import card_str, pack
from roundgames.loo.deal import Decl, Kind, Phase
from roundgames.loo.sitting import LooSitting
from roundgames.records.deal import dumps, loads, record_of, referee, replay

FIVE = LooRules.preset("five-card")
SEATS = ["P1", "P2", "P3", "P4"]


def five(
    hands: dict[str, str],
    turnup: str,
    stock: str = "",
    *,
    dealer: str = "P4",
    pool: int = 0,
    rules: LooRules = FIVE,
    seats: list[str] = SEATS,
) -> LooDeal:
    deal = LooDeal(rules, seats, dealer=dealer, pool=pool)
    deal.deal_cards(hands, turnup=turnup, stock=stock)
    return deal


def plays(deal: LooDeal) -> set[str]:
    """The cards the seat to act may play."""
    return {card_str(a.card) for a in deal.legal_actions() if a.verb == "play" and a.card is not None}


class PackOrder(random.Random):
    """A shuffle that leaves the pack in card order, so that the dealing order can be read off."""

    def shuffle(self, x: object) -> None:  # type: ignore[override]
        return None


# -- LOO5-1: five cards each, one at a time; the next card turned up; no miss -------------------------------------


def test_loo5_1_five_cards_one_at_a_time_from_the_dealers_left_then_the_turnup_no_miss() -> None:
    """LOO5-1: "five cards dealt him ... one at a time ... and the following card is turned up for trump.
    There is no miss." The rest of the pack is the stock, top card first (DEAL-RECORD.md)."""
    deal = LooDeal(FIVE, SEATS, dealer="P2")
    deal.deal(PackOrder())
    order = pack()  # the pack in card order is the order the cards come off it
    # from the dealer's left: P3, P4, P1, then the dealer P2 last, one card a round, five rounds
    for i, seat in enumerate(["P3", "P4", "P1", "P2"]):
        assert deal.dealt[SEATS.index(seat)] == sum(1 << order[i + 4 * r] for r in range(5))
    assert deal.turnup == order[20]
    assert deal.stock == order[21:] and deal.dealt_stock == order[21:]
    assert deal.miss == 0 and deal.kind is Kind.REGULAR
    cards = record_of(deal).cards
    assert "miss" not in cards
    assert cards["stock"] == " ".join(card_str(c) for c in order[21:])  # top card first
    assert cards["turnup"] == card_str(order[20])


@pytest.mark.parametrize("seed", range(5))
def test_loo5_1_every_card_dealt_once_with_the_stock(seed: int) -> None:
    """LOO5-1: a seeded deal uses the whole pack: five hands of five, the turn-up and the stock."""
    deal = LooDeal(FIVE, 7, dealer=seed % 7)
    deal.deal(seed)
    seen = [c for s in range(7) for c in range(52) if deal.dealt[s] >> c & 1] + [deal.turnup, *deal.stock]
    assert sorted(seen) == pack()
    assert all(int.bit_count(deal.dealt[s]) == 5 for s in range(7))


def test_loo5_1_records_are_checked_for_hand_size_miss_and_stock() -> None:
    """LOO5-1: a record must deal five cards a hand, no miss, and no card twice (stock included)."""
    hands = {"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH", "P3": "AD KD QD JD TD", "P4": "AC KC QC JC TC"}
    with pytest.raises(RecordError, match=r"cards\.P1"):
        five({**hands, "P1": "AS KS QS"}, "2S")
    deal = LooDeal(FIVE, SEATS, dealer="P4")
    with pytest.raises(RecordError, match=r"cards\.miss.*no miss"):
        deal.deal_cards(hands, miss="2H 3H 4H", turnup="2S")
    with pytest.raises(RecordError, match=r"cards\.stock.*AS is dealt twice"):
        five(hands, "2S", stock="3S AS")
    with pytest.raises(RecordError, match=r"cards\.stock"):
        five(hands, "2S", stock="3S XX")


@pytest.mark.parametrize(("pack_size", "most"), [(52, 10), (32, 6)])
def test_loo5_1_at_most_as_many_seats_as_the_pack_can_deal_five_to(pack_size: int, most: int) -> None:
    """LOO5-1: five cards each and a turn-up: ten seats with 52 cards (51 dealt), six with 32 (31 dealt)."""
    rules = FIVE.with_options(pack=pack_size)
    full = LooDeal(rules, most)
    full.deal(1)
    assert len(full.stock) == pack_size - 5 * most - 1
    with pytest.raises(RecordError, match=r"seats.*LOO5-1"):
        LooDeal(rules, most + 1)
    record = record_of(full)
    record.seats = [f"P{i}" for i in range(1, most + 2)]
    with pytest.raises(RecordError, match=r"seats.*LOO5-1"):
        loads(dumps(record))


def test_loo5_1_every_deal_is_regular_and_a_sitting_opens_with_one() -> None:
    """§14.5: in Five-card Loo every deal is regular (its "single" is only a pool holding the dealer's stake);
    a Peel single is refused, and a sitting's first deal is regular."""
    with pytest.raises(RecordError, match="kind"):
        LooDeal(FIVE, SEATS, kind="single")
    sitting = LooSitting(FIVE, SEATS, seed=3)
    deal = sitting.start_deal()
    assert deal.kind is Kind.REGULAR and deal.phase is Phase.DECLARE


# -- LOO5-2: declaring: stand, throw up, or exchange once and play ------------------------------------------------

X_HANDS = {"P1": "AH KH 3D 2C 5S", "P2": "QH 9D 8D 3C 6S", "P3": "JH TH 4D 5C 7S"}
X_STOCK = "TC 9C 8C 7C 6C 4C"


def xdeal(stock: str = X_STOCK, rules: LooRules = FIVE) -> LooDeal:
    return five(X_HANDS, "4S", stock, dealer="P3", seats=["P1", "P2", "P3"], rules=rules)


def test_loo5_2_exchange_draws_as_many_from_the_top_of_the_stock() -> None:
    """LOO5-2: discards go face down; "the dealer gives the same number from the top of the pack"; cards put
    out are put aside and never drawn again (§14.15)."""
    deal = xdeal()
    act(deal, "P1 exchange 3D 2C")
    assert format_cards(deal.hands[0]) == "5S AH KH TC 9C"
    assert deal.decls[0] is Decl.EXCHANGE
    act(deal, "P2 exchange 3C")
    assert format_cards(deal.hands[1]) == "6S QH 9D 8D 8C"  # the next card down, not P1's discards
    assert deal.stock == [parse_card(c) for c in ["7C", "6C", "4C"]]
    assert deal.dealt[0] == sum(1 << parse_card(c) for c in X_HANDS["P1"].split())  # the record keeps the deal
    act(deal, "P3 stand")
    assert deal.players == (0, 1, 2)


def test_loo5_2_legal_lists_stand_throw_and_every_exchange_the_stock_allows() -> None:
    """LOO5-2: a seat may exchange any number of its cards: every non-empty set of its five, as far as the
    stock goes (31 with six in the stock; 5 with one)."""
    deal = xdeal()
    got = legal(deal)
    assert {"P1 stand", "P1 throw"} < got
    exchanges = {a for a in got if " exchange " in a}
    assert len(exchanges) == 31 and "P1 exchange 5S AH KH 3D 2C" in got
    deal = xdeal(stock="TC")
    assert {a for a in legal(deal) if " exchange " in a} == {f"P1 exchange {c}" for c in X_HANDS["P1"].split()}
    deal = xdeal(stock="")
    assert legal(deal) == {"P1 stand", "P1 throw"}


def test_loo5_2_an_exchanged_seat_must_play_and_may_not_exchange_again() -> None:
    """LOO5-2: "No second exchange is allowable ... neither may a player who makes an exchange afterwards
    throw up his cards; he must play them out"."""
    deal = xdeal()
    act(deal, "P1 exchange 2C", "P2 throw", "P3 stand")
    assert deal.phase is Phase.PLAY and deal.players == (0, 2)
    expect_illegal("LOO5-2", deal.throw_up, "P1", mentions=("exchanged", "must play"))
    expect_illegal("LOO5-2", deal.exchange, "P1", [parse_card("3D")])


def test_loo5_2_exchange_of_cards_not_held_or_more_than_the_stock_is_illegal() -> None:
    """LOO5-2: only one's own cards are put out, and only as many as the stock can replace."""
    deal = xdeal(stock="TC 9C")
    illegal_text(deal, "P1 exchange QH", "LOO5-2")
    illegal_text(deal, "P1 exchange 3D 2C 5S", "LOO5-2")
    illegal_text(deal, "P2 exchange 9D", "LOO-DECL-1")  # not his turn
    assert deal.can_exchange("P1", [parse_card("3D"), parse_card("2C")])


def test_loo5_2_copy_for_search_keeps_its_own_stock_and_the_fast_path_agrees() -> None:
    """LOO5-2 for search (STYLE.md): a copy draws from its own stock; ``apply_unchecked`` of legal actions
    reaches the state the checked path does."""
    deal = xdeal()
    twin = deal.copy()
    act(deal, "P1 exchange 3D 2C")
    assert twin.stock == [parse_card(c) for c in X_STOCK.split()] and twin.decls[0] is Decl.NONE
    fast = twin.copy()
    for action in [twin.parse_action("P1 exchange 3D 2C"), twin.parse_action("P2 stand")]:
        twin.apply(action)
        fast.apply_unchecked(action)
    assert (fast.hands, fast.stock, fast.to_act, fast.log) == (twin.hands, twin.stock, twin.to_act, twin.log)


def test_loo5_2_a_record_drawing_more_than_its_stock_holds_is_malformed() -> None:
    """DEAL-RECORD.md: a record whose exchange needs more cards than its ``stock`` holds is malformed."""
    record = record_of(xdeal(stock="TC"))
    record.actions = ["P1 exchange 3D 2C"]
    with pytest.raises(RecordError, match=r"actions\[0\].*stock"):
        referee(record)
    record.actions = ["P1 exchange 9C"]
    with pytest.raises(RecordError, match=r"actions\[0\].*does not hold 9C"):
        referee(record)


def test_loo5_2_all_throw_up_to_the_dealer_who_takes_the_pool() -> None:
    """LOO5-2 with LOO-DECL-7 [D]: with no miss, all before the dealer throwing up leaves him the pool."""
    deal = five(
        {"P1": "AH KH 3D 2C 5S", "P2": "QH 9D 8D 3C 6S", "P3": "JH TH 4D 5C 7S", "P4": "2H 3H 4H 6D 7D"},
        "4S",
        pool=10,
    )
    act(deal, "P1 throw", "P2 throw", "P3 throw")
    assert deal.is_complete and deal.winner_without_play == 3
    assert deal.net == [0, 0, 0, 10]  # the pool of 15 less his stake of 5
    assert deal.next_kind is Kind.REGULAR


def test_clarification_24_loo5_2_loo_decl_8_dealer_facing_one_plays_his_own_hand() -> None:
    """§14.24, LOO5-2, LOO-DECL-8: facing a lone stander (here a seat that exchanged), the five-card dealer may not
    throw up under the default ``dealer_lone_stander: must_defend``; he plays his own hand, standing or exchanging,
    for himself, and may be looed."""
    hands = {"P1": "AH KH 3D 2C 5S", "P2": "QH 9D 8D 3C 6S", "P3": "JH TH 4D 5C 7S", "P4": "2H 3H 4H 6D 7D"}
    deal = five(hands, "4S", "9H 9C", pool=10)
    act(deal, "P1 throw", "P2 exchange 3C", "P3 throw")
    assert "P4 throw" not in legal(deal) and {"P4 stand", "P4 exchange 2H"} <= legal(deal)
    with pytest.raises(IllegalActionError, match=r"must play his own hand.*\(LOO-DECL-8\)"):
        deal.apply(deal.parse_action("P4 throw"))
    act(deal, "P4 stand")
    assert deal.phase is Phase.PLAY and deal.players == (1, 3)


def test_clarification_24_loo_var_dealer_concede_five_card_dealer_may_throw_up() -> None:
    """§14.24, LOO-VAR-DEALER-CONCEDE: under ``dealer_lone_stander: may_concede`` the five-card dealer facing one
    seat may throw up, and that seat takes the pool without play (there is no miss to defend it with)."""
    hands = {"P1": "AH KH 3D 2C 5S", "P2": "QH 9D 8D 3C 6S", "P3": "JH TH 4D 5C 7S", "P4": "2H 3H 4H 6D 7D"}
    deal = five(hands, "4S", "9H 9C", pool=10, rules=FIVE.with_options(dealer_lone_stander="may_concede"))
    act(deal, "P1 throw", "P2 exchange 3C", "P3 throw")
    assert {"P4 stand", "P4 throw", "P4 exchange 2H"} <= legal(deal)
    act(deal, "P4 throw")
    assert deal.is_complete and deal.winner_without_play == 1
    assert deal.net == [0, 15, 0, -5]


# -- LOO5-3: Pam, the highest trump --------------------------------------------------------------------------------

A_HANDS = {
    "P1": "AS KH QH 3D 2C",
    "P2": "JC 5H 6H 7D 8D",  # Pam, the knave of clubs
    "P3": "9S TS 2H 3H 4D",
    "P4": "KS QS 9H TH JH",
}


def all_stand(deal: LooDeal) -> None:
    for seat in deal.order:
        act(deal, f"{deal.seats[seat]} stand")


def test_loo5_3_pam_is_above_the_ace_of_trumps() -> None:
    """LOO5-3: "the knave of clubs ... is the highest card, and is styled Pam; the ace of trumps is next"."""
    deal = five(A_HANDS, "4S")
    all_stand(deal)
    act(deal, "P1 play AS")
    assert plays(deal) == {"JC"}  # trumps led: Pam is his only trump, and it heads
    act(deal, "P2 play JC", "P3 play 9S", "P4 play KS")
    assert deal.tricks[0].winner == 1


def test_loo5_3_pam_jack_trumps_option() -> None:
    """LOO5-3, ``pam: jack_trumps``: "or sometimes the knave of the trump suit, as agreed upon": then the knave
    of clubs is an ordinary club and the knave of trumps is Pam."""
    rules = FIVE.with_options(pam="jack_trumps")
    hands = {**A_HANDS, "P2": "JS 5H 6H 7D 8D", "P3": "9S TS 2H 3H JC"}
    deal = five(hands, "4S", rules=rules)
    assert deal.pam == parse_card("JS")
    all_stand(deal)
    act(deal, "P1 play AS", "P2 play JS")
    assert plays(deal) == {"9S", "TS"}
    act(deal, "P3 play TS", "P4 play KS")
    assert deal.tricks[0].winner == 1


def test_loo5_3_pam_is_a_trump_for_following_not_a_club() -> None:
    """LOO5-3 [I]: Pam counts as a trump: clubs led, the holder of Pam and a club must follow with the club."""
    hands = {"P1": "2C 3D 4D 5H 6H", "P2": "JC 7C QH 9D TD", "P3": "8C 9C 2H 3H 5D", "P4": "KC QC 7H 8H 6D"}
    deal = five(hands, "4S")
    all_stand(deal)
    act(deal, "P1 play 2C")
    assert plays(deal) == {"7C"}
    illegal_text(deal, "P2 play JC", "LOO-PLAY-4")


def test_loo5_3_void_of_the_suit_led_pam_must_trump() -> None:
    """LOO5-3 with LOO-PLAY-6: void in clubs, the holder of Pam (a trump) must trump with it."""
    hands = {"P1": "2C 3D 4D 5H 6H", "P2": "JC 9H TH JH 2D", "P3": "8C 9C 2H 3H 5D", "P4": "KC QC 7H 8H 6D"}
    deal = five(hands, "4S")
    all_stand(deal)
    act(deal, "P1 play 2C")
    assert plays(deal) == {"JC"}
    illegal_text(deal, "P2 play 2D", "LOO-PLAY-6")


def test_loo5_3_pam_led_is_trumps_led() -> None:
    """LOO5-3: Pam led calls for trumps, not clubs; a seat with no trump may play anything."""
    hands = {"P1": "JC 2H 3D 4D 5D", "P2": "9S 6H 7H 8H 9D", "P3": "2C 3C 4H 5H 6D", "P4": "KC QC 7D 8D TD"}
    deal = five(hands, "4S")
    all_stand(deal)
    assert "JC" in plays(deal)  # one trump (Pam) only: no obligation
    act(deal, "P1 play JC")
    assert plays(deal) == {"9S"}
    act(deal, "P2 play 9S")
    assert plays(deal) == {"2C", "3C", "4H", "5H", "6D"}


def test_loo5_3_leader_with_pam_and_another_trump_must_lead_pam() -> None:
    """§14.15: Pam is the highest trump, so a leader holding Pam and another trump must lead Pam under
    ``lead_rule: highest``, even holding the ace; the ace rule applies when he has no Pam."""
    hands = {"P1": "JC AS 3D 4D 5D", "P2": "9S 6H 7H 8H 9D", "P3": "2C 3C 4H 5H 6D", "P4": "KC QC 7D 8D TD"}
    deal = five(hands, "4S")
    all_stand(deal)
    assert plays(deal) == {"JC"}
    illegal_text(deal, "P1 play AS", "LOO-PLAY-2")
    deal = five({**hands, "P1": "JC 3S 3D 4D 5D"}, "4S", rules=FIVE.with_options(lead_rule="lead_one"))
    all_stand(deal)
    assert plays(deal) == {"JC", "3S"}  # LOO-VAR-LEADONE: any of his trumps, Pam counted


def test_loo5_3_second_lead_the_highest_trump_is_pam() -> None:
    """§14.15 with LOO-PLAY-3: the winner of the first trick holding trumps leads the highest, Pam."""
    hands = {"P1": "AH 3S JC 4D 5D", "P2": "2H 6H 7H 8H 9D", "P3": "3H 3C 4H 5H 6D", "P4": "KC QC 7D 8D TD"}
    deal = five(hands, "2S")
    all_stand(deal)
    assert plays(deal) == {"JC"}  # Pam and 3S: two trumps, lead the highest
    act(deal, "P1 play JC", "P2 play 9D", "P3 play 3C", "P4 play 7D")
    assert plays(deal) == {"3S"}


def test_loo5_3_pam_free_may_be_played_on_any_suit_and_is_never_forced() -> None:
    """C-LOO-17, ``pam_free``: Pam "is subject to no laws, but may be played on any suit, at any time"."""
    hands = {"P1": "2H 3D 4D 5C 6C", "P2": "JC 7H 9D TD 2D", "P3": "8H 9C 3H 4H 5D", "P4": "KC QC 7C 8C 6D"}
    deal = five(hands, "4S", rules=FIVE.with_options(pam_free=True))
    all_stand(deal)
    act(deal, "P1 play 2H")
    assert plays(deal) == {"7H", "JC"}  # must follow hearts and head, or play Pam freely
    deal = five(hands, "4S")
    all_stand(deal)
    act(deal, "P1 play 2H")
    assert plays(deal) == {"7H"}
    # trumps led, Pam his only trump: under pam_free he is void and may play anything
    hands = {"P1": "AS 3D 4D 5C 6C", "P2": "JC 7H 9D TD 2D", "P3": "8H 9C 3H 4H 5D", "P4": "KC QC 7C 8C 6D"}
    deal = five(hands, "4S", rules=FIVE.with_options(pam_free=True))
    all_stand(deal)
    act(deal, "P1 play AS")
    assert plays(deal) == {"JC", "7H", "9D", "TD", "2D"}


def test_loo5_3_pam_free_leader_is_ruled_as_if_pam_were_not_in_his_hand() -> None:
    """C-LOO-17: under ``pam_free`` the ace rule binds a leader with Pam and the ace; Pam may be led besides."""
    hands = {"P1": "JC AS 3D 4D 5D", "P2": "9S 6H 7H 8H 9D", "P3": "2C 3C 4H 5H 6D", "P4": "KC QC 7D 8D TD"}
    deal = five(hands, "4S", rules=FIVE.with_options(pam_free=True))
    all_stand(deal)
    assert plays(deal) == {"AS", "JC"}


# -- LOO5-4: "Pam be civil" ---------------------------------------------------------------------------------------


def test_loo5_4_pam_be_civil_bars_pam_from_the_trick() -> None:
    """LOO5-4: "If a player leads the ace of trumps and says 'Pam be civil', the holder of Pam may not play
    Pam to that trick"; ``legal`` offers the lead with and without the words."""
    deal = five(A_HANDS, "4S")
    all_stand(deal)
    assert legal(deal) == {"P1 play AS", "P1 play AS civil"}
    act(deal, "P1 play AS civil")
    assert plays(deal) == {"5H", "6H", "7D", "8D"}
    illegal_text(deal, "P2 play JC", "LOO5-4")
    act(deal, "P2 play 8D", "P3 play 9S", "P4 play QS")
    assert deal.tricks[0].winner == 0
    assert record_of(deal).actions[4] == "P1 play AS civil"


def test_loo5_4_civil_is_said_only_leading_the_ace_of_trumps_in_five_card_loo() -> None:
    """LOO5-4: the words go with the ace of trumps led; not with another card, nor following, nor without Pam."""
    hands = {"P1": "2C 3D 4D 5H 6H", "P2": "JC 7C QH 9D TD", "P3": "8C 9C 2H AS 5D", "P4": "KC QC 7H 8H 6D"}
    deal = five(hands, "4S")
    all_stand(deal)
    illegal_text(deal, "P1 play 2C civil", "LOO5-4")
    act(deal, "P1 play 2C", "P2 play 7C")
    illegal_text(deal, "P3 play 8C civil", "LOO5-4")
    irish = LooDeal(LooRules.preset("irish"), ["P1", "P2", "P3"], dealer="P3")
    irish.deal_cards({"P1": "AS 2H 3H", "P2": "4H 5H 6H", "P3": "7H 8H 9H"}, turnup="2S")
    act(irish, "P1 stand", "P2 stand", "P3 stand")
    illegal_text(irish, "P1 play AS civil", "LOO5-4")


# the deal of LOO5-8 below: P2 holds Pam to the last trick, where the ace of trumps is led with the words
PAM_CIVIL_HANDS = {
    "P1": "KH QH KD QD 5C",
    "P2": "JC 2H 2D 2C 3C",
    "P3": "4H AD AC KC AS",
    "P4": "3H 3D 4C 6C 7C",
}
PAM_CIVIL_PLAY = [
    "P1 play KH", "P2 play 2H", "P3 play 4H", "P4 play 3H",
    "P1 play KD", "P2 play 2D", "P3 play AD", "P4 play 3D",
    "P3 play AC", "P4 play 4C", "P1 play 5C", "P2 play 2C",
    "P3 play KC", "P4 play 6C", "P1 play QH", "P2 play 3C",
    "P3 play AS civil", "P4 play 7C", "P1 play QD", "P2 play JC",
]  # fmt: skip


def test_loo5_4_pam_forced_to_a_civil_trick_lets_the_ace_pass() -> None:
    """LOO5-4 [D]: a holder left with Pam alone must play it to the civil trick, and it wins nothing
    (HOY: "the holder of Pam is then expected to let the ace pass")."""
    deal = five(PAM_CIVIL_HANDS, "2S", pool=15)
    all_stand(deal)
    act(deal, *PAM_CIVIL_PLAY[:-1])
    assert plays(deal) == {"JC"}
    act(deal, PAM_CIVIL_PLAY[-1])
    assert deal.tricks[-1].winner == 2


# -- LOO5-5: five tricks, five shares ------------------------------------------------------------------------------

# P2's 5H is what keeps his diamonds from being a flush, which he would have to show (LOO5-6, §14.34)
SHARES_HANDS = {"P1": "AS KS 2H 3H 4H", "P2": "5H 6D 7D 8D 9D", "P3": "AH KH QH 2C 3C", "P4": "5C 6C 7C 8C TD"}
SHARES_PLAY = [
    "P1 play AS", "P2 play 5H", "P3 play 2C", "P4 play 5C",
    "P1 play KS", "P2 play 6D", "P3 play 3C", "P4 play 6C",
    "P1 play 2H", "P2 play 7D", "P3 play AH", "P4 play 7C",
    "P3 play KH", "P4 play 8C", "P1 play 3H", "P2 play 8D",
    "P3 play QH", "P4 play TD", "P1 play 4H", "P2 play 9D",
]  # fmt: skip


def test_loo5_5_five_tricks_five_shares_remainders_to_the_earliest() -> None:
    """LOO5-5: five tricks; the pool in five shares, the odd units to the earliest tricks (as LOO-SET-2);
    standers who take no trick are looed L = 5. Pool 18 + D 5 = 23: shares 5 5 5 4 4."""
    deal = five(SHARES_HANDS, "2S", "JC 9H", pool=18)
    all_stand(deal)
    act(deal, *SHARES_PLAY)
    assert [deal.seats[t.winner] for t in deal.tricks if t.winner is not None] == ["P1", "P1", "P3", "P3", "P3"]
    assert deal.net == [10, -5, 13, -10]  # P1 5+5; P3 5+4+4; P2 looed; P4 his stake and a loo
    assert deal.looed == {1: 5, 3: 5}
    assert deal.pool_total == 10 and deal.next_kind is Kind.REGULAR
    assert conserved(deal)


def test_loo5_5_the_play_follows_three_card_loo() -> None:
    """LOO5-5 [I]: leading, following and heading are as §3.7: void of the suit led and holding a trump, one
    must trump (LOO-PLAY-6); following, one must head (LOO-PLAY-5)."""
    deal = five(SHARES_HANDS, "2S", "JC 9H")
    all_stand(deal)
    illegal_text(deal, "P1 play KS", "LOO-PLAY-2")  # the ace of trumps first
    act(deal, *SHARES_PLAY[:8], "P1 play 2H", "P2 play 7D")
    # 2C went to the first trick: playing it again is malformed (RULES.md §14.23), not a breach of LOO-PLAY-4.
    with pytest.raises(RecordError, match=r"P3 cannot play 2C: the seat does not hold it.*malformed.*§14\.23"):
        act(deal, "P3 play 2C")
    assert plays(deal) == {"AH", "KH", "QH"}


# -- LOO5-6: flushes -----------------------------------------------------------------------------------------------

FLUSH_HANDS = {
    "P1": "JC 7D 8D 9S 6C",  # Pam
    "P2": "AH KH 9H 5H 2H",  # a flush in hearts
    "P3": "2D 3D 4D 5C 7C",
    "P4": "TS JS 3C 4C 8C",
}


def test_loo5_6_flush_takes_pool_and_a_loo_from_every_seat() -> None:
    """LOO5-6, C-LOO-15 (``flush_pay: peel``): the flush "besides taking the amount in the pool, receives from
    each of the players, whether they stood or not, the amount of a loo"; the Pam holder pays too (§14.15);
    the hand is not played, nobody is looed, and the next deal is regular (§14.5)."""
    deal = five(FLUSH_HANDS, "3S", pool=10)
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 stand")
    assert deal.phase is Phase.SHOW and deal.to_act == 1  # a flush is always shown (§14.34)
    act(deal, "P2 flush")
    assert deal.is_complete and not deal.tricks
    assert deal.flush_winners == (1,)
    assert deal.net == [-5, 15 + 15, -5, -10]  # the pool of 15 and three loos; P4 his stake and a loo
    assert deal.looed == {} and deal.pool_total == 0 and deal.next_kind is Kind.REGULAR
    assert conserved(deal)


def test_loo5_6_flush_pay_ew_hoy_only_standers_pay_not_pam_nor_a_lower_flush() -> None:
    """C-LOO-15, ``flush_pay: ew_hoy``: "all who have stood the game" pay, "except a player holding Pam, or an
    inferior flush"."""
    rules = FIVE.with_options(flush_pay="ew_hoy")
    deal = five(FLUSH_HANDS, "3S", pool=10, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 stand", "P2 flush")
    assert deal.net == [0, 15 + 5, 0, -10]  # only P4 pays: P1 holds Pam, P3 threw up
    assert conserved(deal)
    hands = {**FLUSH_HANDS, "P3": "2D 3D 4D 6D TD", "P1": "7C 7H 8H 9S 6C"}  # P3 a lower flush in diamonds
    deal = five(hands, "3S", pool=10, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand", "P2 flush")
    assert deal.to_act == 2 and legal(deal) == {"P3 flush"}
    act(deal, "P3 flush")
    assert deal.flush_winners == (1,) and deal.net == [-5, 15 + 10, 0, -10]


def test_loo5_6_four_of_a_suit_and_pam_is_a_flush() -> None:
    """LOO5-6: a flush is "five cards of the same suit, or four cards of a suit with Pam"."""
    hands = {**FLUSH_HANDS, "P1": "JC AD KD 9D 8D", "P3": "2D 3D 4D 5C 7C", "P2": "AH KH 9H 5H 2C"}
    deal = five(hands, "3S", pool=10)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    assert legal(deal) == {"P1 flush"}  # P1, first from the dealer's left, must show it (§14.34)
    illegal_text(deal, "P2 flush", "LOO5-6")  # four hearts and a club
    act(deal, "P1 flush")
    assert deal.flush_winners == (0,) and deal.net == [15 + 15, -5, -5, -10]


def test_loo5_6_clarification_34_a_flush_is_always_shown_after_the_declaring_before_the_first_lead() -> None:
    """LOO5-6, §14.34: a flush is shown "after all players have declared", and always: after the last declaration
    and before the first lead, P2 (who stood, not the leader) is to act with ``flush`` his only action; the leader
    P1 may not lead, and nobody else may show a flush he does not hold. Shown, it takes the pool unplayed."""
    deal = five(FLUSH_HANDS, "3S", pool=10)
    act(deal, "P1 stand", "P2 stand")
    illegal_text(deal, "P2 flush", "LOO5-6")  # the declaring is not over
    act(deal, "P3 throw", "P4 stand")
    assert deal.phase is Phase.SHOW and deal.to_act == 1 and legal(deal) == {"P2 flush"}
    assert deal.view("P2").legal == (deal.parse_action("P2 flush"),)
    assert deal.view("P1").legal == () and deal.view("P4").legal == ()
    illegal_text(deal, "P1 play JC", "LOO5-6")  # no lead while a flush is to be shown
    illegal_text(deal, "P4 flush", "LOO5-6")  # not his turn, and no flush
    act(deal, "P2 flush")
    assert deal.is_complete and deal.flush_winners == (1,) and not deal.tricks


def test_loo5_6_clarification_34_with_no_flush_held_the_leader_leads() -> None:
    """§14.34: nobody who plays holds a flush (P2's is thrown up): the play begins at once with the leader."""
    deal = five(FLUSH_HANDS, "3S", pool=10)
    act(deal, "P1 stand", "P2 throw", "P3 stand", "P4 stand")
    assert deal.phase is Phase.PLAY and deal.to_act == 0 and all(a.verb == "play" for a in deal.legal_actions())
    illegal_text(deal, "P2 flush", "LOO5-6")


def test_loo5_6_a_seat_that_threw_up_cannot_show_a_flush() -> None:
    """LOO5-6 with LOO-DECL-2: a seat that threw up takes no further part; its cards are put aside."""
    deal = five(FLUSH_HANDS, "3S")
    act(deal, "P1 stand", "P2 throw", "P3 stand", "P4 stand")
    illegal_text(deal, "P2 flush", "LOO5-6")


def test_loo5_6_clarification_34_every_flush_is_shown_in_turn_from_the_dealers_left() -> None:
    """LOO5-6/7, §14.34: each seat that plays and holds a flush shows it in turn from the dealer's left, the leader
    P1 first: its only action; the hand is not played, and the best flush wins."""
    hands = {
        "P1": "AH KH 9H 5H 2H",
        "P2": "JC 7D 8D 9S 6C",
        "P3": "AD KD 9D 5D 3D",
        "P4": "TS JS 3C 4C 8C",
    }
    deal = five(hands, "3S", pool=10)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    assert deal.phase is Phase.SHOW and deal.to_act == 0 and legal(deal) == {"P1 flush"}
    illegal_text(deal, "P1 play AH", "LOO5-6")
    illegal_text(deal, "P3 flush", "LOO5-6")  # out of turn
    act(deal, "P1 flush")
    assert deal.to_act == 2 and legal(deal) == {"P3 flush"}
    illegal_text(deal, "P1 flush", "LOO5-6")  # shown already
    act(deal, "P3 flush")
    assert deal.is_complete and deal.flush_winners == (2,)  # the ace, king, then nine of diamonds beat five
    assert deal.net == [-5, -5, 15 + 15, -10]


def test_loo5_6_a_lone_seat_about_to_take_the_pool_shows_its_flush_first() -> None:
    """LOO5-6 [D]: the dealer left alone (all threw up) shows his flush before taking the pool, and is paid
    as a flush by every other seat."""
    hands = {**FLUSH_HANDS, "P2": "7H 6S 9H 5H 2H", "P4": "AH KH QH 3H 4H"}
    deal = five(hands, "3S", pool=10)
    act(deal, "P1 throw", "P2 throw", "P3 throw")
    assert deal.phase is Phase.SHOW and legal(deal) == {"P4 flush"}
    for text in ("P4 stand", "P4 throw", "P4 exchange 3H", "P4 play AH", "P1 stand"):
        illegal_text(deal, text, "LOO5-6")  # the declaring is over; the hand will not be played
    act(deal, "P4 flush")
    assert deal.net == [-5, -5, -5, 10 + 15]


# -- LOO5-7: competing flushes -------------------------------------------------------------------------------------


def shown(hands: dict[str, str], *, rules: LooRules = FIVE) -> LooDeal:
    """All stand; every flush is shown in turn from the dealer's left (§14.34)."""
    deal = five(hands, "3S", pool=10, rules=rules)
    all_stand(deal)
    while not deal.is_complete:
        act(deal, *sorted(legal(deal)))
    return deal


def test_loo5_7_a_flush_in_trumps_beats_a_flush_in_a_plain_suit() -> None:
    """LOO5-7: "A flush in trumps is superior to a flush" in a plain suit, whatever its cards."""
    hands = {"P1": "AH KH QH JH TH", "P2": "JC 7D 8D 6C 5C", "P3": "9S 7S 5S 4S 2S", "P4": "TD JD 3C 4C 8C"}
    deal = shown(hands)
    assert deal.flush_winners == (2,)


def test_loo5_7_between_plain_flushes_the_higher_card_wins_then_the_next() -> None:
    """LOO5-7: the higher top card wins, then the next, and so on."""
    hands = {"P1": "AH KH 5H 4H 2H", "P2": "AD KD 6D 3D 2D", "P3": "9S 8C 7C 5C 4C", "P4": "TS JS 3C 9D 8D"}
    assert shown(hands).flush_winners == (1,)
    hands = {"P1": "JC AH KH 4H 2H", "P2": "AD KD QD JD 9D", "P3": "9S 8C 7C 5C 4C", "P4": "TS JS 3C TD 8D"}
    assert shown(hands).flush_winners == (0,)  # Pam tops the hearts: above the ace of diamonds


EQUAL = {"P1": "9S 8C 7C 5C 4C", "P2": "AH KH 5H 4H 2H", "P3": "JC 6D QS 3C TD", "P4": "AD KD 5D 4D 2D"}


def test_loo5_7_equal_flushes_the_elder_wins() -> None:
    """LOO5-7, C-LOO-16 (``flush_tie: elder``): an equal flush "in the elder hand" wins."""
    deal = shown(EQUAL)
    assert [a.seat for a in deal.log if a.verb == "flush"] == [1, 3]  # in turn from the dealer's left
    assert deal.flush_winners == (1,)  # P2 sits nearer the dealer's (P4's) left than P4
    assert deal.net == [-5, 15 + 15, -5, -10]


def test_loo5_7_flush_tie_split_divides_the_pool_and_the_loos() -> None:
    """C-LOO-16, ``flush_tie: split``: "If two or more in plain suits are exactly equal the pool is divided";
    each other seat's loo is divided likewise, the odd unit to the elder [D]."""
    deal = shown(EQUAL, rules=FIVE.with_options(flush_tie="split"))
    assert deal.flush_winners == (1, 3)
    # pool 15: 8 and 7; P1 and P3 each pay a loo of 5 split 3 and 2
    assert deal.net == [-5, 8 + 3 + 3, -5, -5 + 7 + 2 + 2]
    assert conserved(deal)


# -- LOO5-8: Pam is never looed ------------------------------------------------------------------------------------


def test_loo5_8_the_holder_of_pam_cannot_be_looed() -> None:
    """LOO5-8: "If you hold pam, you cannot be looed": P2 takes no trick (Pam let the civil ace pass) and pays
    no loo; P4, who took none either, is looed. Pool 15 + 5 = 20, four a trick."""
    deal = five(PAM_CIVIL_HANDS, "2S", pool=15)
    all_stand(deal)
    act(deal, *PAM_CIVIL_PLAY)
    assert deal.won == [1, 0, 4, 0]
    assert deal.looed == {3: 5}
    assert deal.net == [4, 0, 16, -10]
    assert conserved(deal)


# -- records and the referee ---------------------------------------------------------------------------------------


def test_loo5_record_round_trips_and_the_referee_rules_the_same() -> None:
    """DEAL-RECORD.md: a Five-card Loo deal's record carries its stock and actions; written and read again,
    the referee's ruling is the deal's own."""
    deal = five(SHARES_HANDS, "2S", "JC 9H", pool=18)
    all_stand(deal)
    act(deal, *SHARES_PLAY)
    text = dumps(record_of(deal))
    assert dumps(loads(text)) == text
    ruling = referee(loads(text))
    assert ruling["complete"] and ruling["error"] is None
    assert ruling["net"] == {"P1": 10, "P2": -5, "P3": 13, "P4": -10}
    assert ruling["pool"] == 10 and ruling["next"] == {"dealer": "P1", "kind": "regular"}
    assert len(ruling["tricks"]) == 5


def test_loo5_referee_lists_exchanges_and_stops_at_an_illegal_action() -> None:
    """DEAL-RECORD.md: an unfinished deal's ruling lists the legal actions, sorted; a strict-mode error cites
    the rule (here LOO5-2: no throwing up after an exchange)."""
    record = record_of(xdeal(stock="TC"))
    ruling = referee(record)
    assert ruling["to_act"] == "P1"
    assert ruling["legal"] == sorted(
        ["P1 stand", "P1 throw"] + [f"P1 exchange {c}" for c in ["5S", "AH", "KH", "3D", "2C"]]
    )
    record.actions = ["P1 exchange 2C", "P2 stand", "P3 stand", "P1 throw"]
    ruling = referee(record)
    assert ruling["error"]["rule"] == "LOO5-2" and ruling["error"]["index"] == 3


def test_loo5_replay_rebuilds_the_deal_from_its_record() -> None:
    """A record replayed gives back the same hands after the exchange (the stock is in the record)."""
    deal = xdeal()
    act(deal, "P1 exchange 3D 2C", "P2 stand")
    again = replay(record_of(deal)).deal
    assert isinstance(again, LooDeal)
    assert again.hands == deal.hands and again.stock == deal.stock and again.to_act == deal.to_act
