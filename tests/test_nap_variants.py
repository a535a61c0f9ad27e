"""Nap variant tests: one or more tests per variant of RULES.md §7 (NAP-VAR-*), the all_pass options of C-NAP-5
and the clarifications of §14.13 and §14.14."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from conftest import act, conserved
from roundgames import IllegalActionError, NapRules, RecordError, format_cards, parse_card, parse_cards
from roundgames.core.cards import rank_of
from roundgames.nap import NapDeal
from roundgames.nap.deal import NapPhase

PEEL = NapRules.preset("peel")
SEATS = ["P1", "P2", "P3", "P4"]

# STRONG wins every trick it leads; WEAK loses every trick (the next three seats hold OTHERS), under the
# highest-card policy of play_highest.
STRONG = "AS KS QS JS TS"
WEAK = "2C 3C 4C 5C 6C"
OTHERS = ["AC KC QC JC TC", "AH KH QH JH TH", "AD KD QD JD TD"]
NX1_HANDS = {"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"}
NX5_HANDS = {"P2": "2C 2D 3D 2H 3H", "P3": "AC KC AD KD QS", "P4": "TC 9C QD QH TS", "P1": "QC JC AH KH JS"}
NX9_HANDS = {"P1": "AD 7S 3H 4C 2C", "P2": "3D 8S 9H 9C KS", "P3": "5D JS TH TC QS", "P4": "7D 6S 8H 8C AS"}
ALL_PASS = ["P1 pass", "P2 pass", "P3 pass", "P4 pass"]


# -- helpers ---------------------------------------------------------------------------------------


def dealt(
    hands: dict[str, str],
    rules: NapRules = PEEL,
    *,
    dealer: str = "P4",
    seats: Sequence[str] = SEATS,
    kitty: int = 0,
    multiplier: int = 1,
    stock: str = "",
    widow: str | None = None,
    spare: str = "",
) -> NapDeal:
    deal = NapDeal(rules, list(seats), dealer=dealer, kitty=kitty, multiplier=multiplier)
    deal.deal_cards(hands, stock=stock, widow=widow, spare=spare)
    return deal


def play_trick(deal: NapDeal, cards: str) -> None:
    for c in cards.split():
        assert deal.to_act is not None, f"no seat to play {c}"
        deal.play(deal.to_act, parse_card(c))


def play_highest(deal: NapDeal) -> None:
    assert deal.to_act is not None
    legal = [a.cards[0] for a in deal.legal_actions() if a.verb == "play"]
    deal.play(deal.to_act, max(legal, key=lambda c: (rank_of(c), -(c // 13))))


def play_out(deal: NapDeal) -> None:
    while not deal.is_complete:
        play_highest(deal)


def calls_for(contract: str) -> tuple[str, list[str]]:
    if contract == "wellington":
        return "P2", ["P1 call nap", "P2 call wellington", "P3 pass", "P4 pass"]
    if contract == "blucher":
        return "P3", ["P1 call nap", "P2 call wellington", "P3 call blucher", "P4 pass"]
    return "P1", [f"P1 call {contract}", "P2 pass", "P3 pass", "P4 pass"]


def hands_for(declarer: str, declarer_hand: str) -> dict[str, str]:
    i = SEATS.index(declarer)
    hands = {declarer: declarer_hand}
    for k in range(1, 4):
        hands[SEATS[(i + k) % 4]] = OTHERS[k - 1]
    return hands


def fixed_deal(contract: str, declarer_hand: str, rules: NapRules = PEEL, **kwargs: int) -> NapDeal:
    declarer, calls = calls_for(contract)
    deal = dealt(hands_for(declarer, declarer_hand), rules, **kwargs)  # type: ignore[arg-type]
    act(deal, calls)
    assert deal.declarer == SEATS.index(declarer) and deal.contract == contract
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


# -- NAP-VAR-POOL ----------------------------------------------------------------------------------

KITTY = PEEL.with_options(kitty=True)


@pytest.mark.parametrize("unit", [1, 3])
def test_nap_var_pool_each_dealer_pays_one_stake_into_the_kitty(unit: int) -> None:
    """NAP-VAR-POOL, §14.14: each dealer pays one stake (unit) into the kitty as he deals."""
    deal = dealt(NX1_HANDS, KITTY.with_stakes(unit=unit), kitty=4)
    assert deal.kitty == 4 + unit
    assert deal.net == [0, 0, 0, -unit]
    plain = dealt(NX1_HANDS, kitty=0)
    assert plain.kitty == 0 and plain.net == [0, 0, 0, 0]


def test_nap_var_pool_a_made_nap_takes_the_kitty_on_top_of_his_ten_from_each() -> None:
    """NAP-VAR-POOL: "The Kitty thus formed becomes the property of the caller who makes Nap, and he takes it
    in addition to the double stakes"."""
    deal = fixed_deal("nap", STRONG, KITTY, kitty=7)
    assert deal.kitty == 8
    play_out(deal)
    assert deal.made is True
    assert deal.net == [30 + 8, -10, -10, -10 - 1]
    assert deal.kitty == 0 and conserved(deal, 7)


@pytest.mark.parametrize(("contract", "won"), [("wellington", 20), ("blucher", 30)])
def test_nap_var_pool_a_made_wellington_or_blucher_takes_the_kitty(contract: str, won: int) -> None:
    """NAP-VAR-POOL [I]: a successful Wellington or Blücher also takes the kitty (§14.14: Nap or higher)."""
    deal = fixed_deal(contract, STRONG, KITTY, kitty=5)
    play_out(deal)
    senior = deal.declarer
    assert deal.made is True and senior is not None
    assert deal.net[senior] == 3 * won + 6
    assert deal.net[3] == -won - 1  # the dealer, an opponent, also paid his unit
    assert deal.kitty == 0 and conserved(deal, 5)


@pytest.mark.parametrize(("contract", "hand"), [("nap", WEAK), ("4", STRONG), ("misery", WEAK), ("3", WEAK)])
def test_nap_var_pool_the_kitty_stays_unless_a_five_trick_call_is_made(contract: str, hand: str) -> None:
    """NAP-VAR-POOL: only a made Nap (or higher) takes the kitty; a failed Nap, or any lower call made or
    lost, leaves it to grow for the next deal."""
    deal = fixed_deal(contract, hand, KITTY, kitty=5)
    play_out(deal)
    assert deal.kitty == 6
    assert conserved(deal, 5)


# -- NAP-VAR-MISERY --------------------------------------------------------------------------------


def test_nap_var_misery_on_by_default_and_off_by_option() -> None:
    """NAP-VAR-MISERY: enabled by default; switched off, a call of misery breaks NAP-CALL-4 (§14.18)."""
    on = dealt(NX1_HANDS)
    assert "misery" in on.allowed_calls() and on.can_call("P1", "misery")
    off = dealt(NX1_HANDS, PEEL.with_options(misery=False))
    assert "misery" not in off.allowed_calls()
    assert rule_of(off.call, "P1", "misery") == "NAP-CALL-4"


@pytest.mark.parametrize(
    ("rank", "ladder"),
    [
        ("below_three", ["1", "2", "misery", "3", "4", "nap"]),
        ("above_three", ["1", "2", "3", "misery", "4", "nap"]),
    ],
)
def test_nap_var_misery_rank_option(rank: str, ladder: list[str]) -> None:
    """NAP-VAR-MISERY, C-NAP-1: misery ranks between two and three (Peel), or between three and four
    (MISERY_ABOVE_THREE)."""
    deal = dealt(NX1_HANDS, PEEL.with_options(misery_rank=rank))
    assert deal.allowed_calls() == ladder
    deal.call("P1", "misery")
    assert deal.allowed_calls() == ladder[ladder.index("misery") + 1 :]


def misery_trump_deal(rules: NapRules) -> NapDeal:
    """P1 misery leads 2D; P2 wins with AD and leads KS; P3, void in spades, plays 8D."""
    deal = dealt(
        {"P1": "2D 2S 3S 4S 5S", "P2": "AD KS QS JS TS", "P3": "9D 8D 7D 6D 5D", "P4": OTHERS[1]},
        rules,
    )
    act(deal, ["P1 call misery", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(deal, "2D AD 9D AH")
    play_trick(deal, "KS 8D KH 2S")
    return deal


def test_nap_var_misery_trumps_fixed_by_the_first_lead_by_default() -> None:
    """NAP-PLAY-5, C-NAP-3 (default): in misery the suit of the first lead is trumps: P3's 8D trumps KS."""
    deal = misery_trump_deal(PEEL)
    assert deal.trump == 2  # diamonds
    assert deal.tricks[1].winner == 2


def test_nap_var_misery_trumps_false_means_no_trumps() -> None:
    """NAP-VAR-MISERY option MISERY_NO_TRUMPS (misery_trumps: false): no trumps in misery, so P3's 8D is a
    mere discard and KS wins."""
    deal = misery_trump_deal(PEEL.with_options(misery_trumps=False))
    assert deal.trump is None
    assert deal.tricks[1].winner == 1
    assert not deal.is_complete and deal.won == 0


def test_nap_var_misery_no_trumps_does_not_affect_other_calls() -> None:
    """NAP-VAR-MISERY: MISERY_NO_TRUMPS concerns misery only: in a call of three the first lead still
    fixes trumps."""
    deal = dealt(NX1_HANDS, PEEL.with_options(misery_trumps=False))
    act(deal, ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass"])
    play_trick(deal, "AS 7S JS 5S")
    assert deal.trump == 0


def test_nap_var_misery_nx5_same_result_without_trumps() -> None:
    """NX-5: the same play is legal under MISERY_NO_TRUMPS, with the same result: P2 +9."""
    deal = dealt(NX5_HANDS, PEEL.with_options(misery_trumps=False))
    act(deal, ["P1 call 2", "P2 call misery", "P3 pass", "P4 pass"])
    for trick in ["2C KC 9C QC", "AD QD JS 3D", "KD TS AH 2D", "QS QH KH 3H", "AC TC JC 2H"]:
        play_trick(deal, trick)
    assert deal.trump is None
    assert [t.winner for t in deal.tricks] == [2] * 5
    assert deal.made is True and deal.net == [-3, 9, -3, -3]


@pytest.mark.parametrize(("made", "net"), [(True, 9), (False, -18)])
def test_nap_var_misery_pay_eb11_wins_three_loses_six(made: bool, net: int) -> None:
    """NAP-VAR-MISERY option MISERY_PAY_EB11: "the player pays a double stake on three, if he wins a trick,
    and receives a single on three if he takes none": won 3, lost 6 from each."""
    deal = fixed_deal("misery", WEAK if made else STRONG, PEEL.with_options(misery_pay="eb11"))
    play_out(deal)
    assert deal.made is made
    assert deal.net == [net, -net // 3, -net // 3, -net // 3]


# -- NAP-VAR-WELLINGTON / NAP-VAR-BLUCHER ----------------------------------------------------------


def test_nap_var_wellington_and_blucher_on_by_default() -> None:
    """NAP-VAR-WELLINGTON / NAP-VAR-BLUCHER: enabled by default; paid 20/10 and 30/15 (payment table)."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 call nap"])
    assert deal.allowed_calls() == ["wellington"]
    act(deal, ["P2 call wellington"])
    assert deal.allowed_calls() == ["blucher"]


def test_nap_var_wellington_off() -> None:
    """NAP-VAR-WELLINGTON off: Wellington cannot be called (NAP-CALL-4, §14.18), so neither can Blücher."""
    deal = dealt(NX1_HANDS, PEEL.with_options(wellington=False))
    act(deal, ["P1 call nap"])
    assert deal.allowed_calls() == []
    assert rule_of(deal.call, "P2", "wellington") == "NAP-CALL-4"


def test_nap_var_blucher_off() -> None:
    """NAP-VAR-BLUCHER off: Blücher cannot be called over a Wellington (NAP-CALL-4, §14.18)."""
    deal = dealt(NX1_HANDS, PEEL.with_options(blucher=False))
    act(deal, ["P1 call nap", "P2 call wellington"])
    assert deal.allowed_calls() == []
    assert rule_of(deal.call, "P3", "blucher") == "NAP-CALL-4"


@pytest.mark.parametrize(
    ("contract", "made", "net"),
    [("wellington", True, 30), ("wellington", False, -30), ("blucher", True, 30), ("blucher", False, -45)],
)
def test_nap_var_wellington_blucher_well_blu_mod_payments(contract: str, made: bool, net: int) -> None:
    """NAP-VAR-WELLINGTON option WELL_BLU_MOD (Peel's modification): Wellington wins 10 and loses 10;
    Blücher wins 10 and loses 15."""
    deal = fixed_deal(contract, STRONG if made else WEAK, PEEL.with_options(pay_table="well_blu_mod"))
    play_out(deal)
    assert deal.made is made
    senior = deal.declarer
    assert senior is not None
    assert deal.net[senior] == net
    assert all(deal.net[s] == -net // 3 for s in range(4) if s != senior)


CHALLENGE = PEEL.with_options(nap_challenge=True)


def test_nap_var_wellington_nap_challenge_the_nap_caller_raises() -> None:
    """NAP-VAR-WELLINGTON option NAP_CHALLENGE: a Nap caller who is challenged may raise his own call to
    Wellington; the challenger's call is then his."""
    deal = dealt(hands_for("P1", STRONG), CHALLENGE)
    act(deal, ["P1 call nap", "P2 call wellington"])
    assert deal.to_act == 0
    assert sorted(deal.action_str(a) for a in deal.legal_actions()) == ["P1 pass", "P1 raise"]
    assert rule_of(deal.call, "P1", "blucher") == "NAP-VAR-WELLINGTON"
    act(deal, ["P1 raise"])
    assert deal.to_act == 2  # calling goes on after the challenger
    act(deal, ["P3 pass", "P4 pass"])
    assert deal.declarer == 0 and deal.contract == "wellington" and deal.to_act == 0
    play_out(deal)
    assert deal.made is True and deal.net == [60, -20, -20, -20]


def test_nap_var_wellington_nap_challenge_declined_by_pass() -> None:
    """NAP-VAR-WELLINGTON option NAP_CHALLENGE: "If he declines, the challenger plays it"."""
    deal = dealt(hands_for("P2", STRONG), CHALLENGE)
    act(deal, ["P1 call nap", "P2 call wellington"])
    assert deal.to_act == 0
    act(deal, ["P1 pass"])
    assert deal.to_act == 2
    assert deal.allowed_calls() == ["blucher"]
    act(deal, ["P3 pass", "P4 pass"])
    assert deal.declarer == 1 and deal.contract == "wellington"
    play_out(deal)
    assert deal.net == [-20, 60, -20, -20]


def test_nap_var_blucher_nap_challenge_the_nap_caller_raises_to_blucher() -> None:
    """NAP-VAR-BLUCHER option NAP_CHALLENGE: the caller of Napoleon may alter his call to Blücher if
    challenged to do so."""
    deal = dealt(hands_for("P1", STRONG), CHALLENGE)
    act(deal, ["P1 call nap", "P2 call wellington", "P1 raise", "P3 call blucher"])
    assert deal.to_act == 0
    act(deal, ["P1 raise", "P4 pass"])
    assert deal.declarer == 0 and deal.contract == "blucher"
    play_out(deal)
    assert deal.net == [90, -30, -30, -30]


def test_nap_var_wellington_without_nap_challenge_there_is_no_raise() -> None:
    """NAP-VAR-WELLINGTON, NAP-CALL-6: without NAP_CHALLENGE the Nap caller has no say after a Wellington."""
    deal = dealt(NX1_HANDS)
    act(deal, ["P1 call nap", "P2 call wellington"])
    assert deal.to_act == 2
    assert rule_of(deal.raise_, "P1") == "NAP-VAR-WELLINGTON"


# -- NAP-VAR-DOUBLE-HEADER -------------------------------------------------------------------------

DOUBLE = PEEL.with_options(all_pass="double_header")


def test_nap_var_double_header_all_pass_no_play_next_multiplier_two() -> None:
    """NAP-VAR-DOUBLE-HEADER: if everyone passes, nobody plays (the NAP-CALL-7 obligation is suspended) and
    the stakes for the next deal are doubled."""
    deal = dealt(NX9_HANDS, DOUBLE)
    act(deal, ALL_PASS)
    assert deal.is_complete and deal.tricks == []
    assert deal.declarer is None and deal.contract is None and deal.made is None
    assert deal.net == [0, 0, 0, 0]
    assert deal.next_multiplier == 2 and deal.next_dealer == 0


def test_nap_var_double_header_does_not_compound() -> None:
    """NAP-VAR-DOUBLE-HEADER [I]: the doubling does not compound on further all-pass deals (§14.13)."""
    deal = dealt(NX9_HANDS, DOUBLE, multiplier=2)
    act(deal, ALL_PASS)
    assert deal.next_multiplier == 2


def test_nap_var_double_header_stays_doubled_after_a_failed_call_paid_at_double() -> None:
    """NAP-VAR-DOUBLE-HEADER: the stakes stay doubled until a caller wins; a failed call is paid at double."""
    deal = fixed_deal("1", WEAK, DOUBLE, multiplier=2)
    play_out(deal)
    assert deal.made is False
    assert deal.net == [-6, 2, 2, 2]
    assert deal.next_multiplier == 2


def test_nap_var_double_header_a_made_call_is_paid_at_double_then_reverts() -> None:
    """NAP-VAR-DOUBLE-HEADER: when a caller wins, the deal is paid at double, and the stakes revert."""
    deal = dealt(NX1_HANDS, DOUBLE, multiplier=2)
    act(deal, ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass"])
    for trick in ["AS 7S JS 5S", "KS 9H 6H 7C", "QS 8H TD 3H"]:
        play_trick(deal, trick)
    assert deal.made is True
    assert deal.net == [-6, -6, 18, -6]
    assert deal.next_multiplier == 1


def test_nap_var_double_header_off_multiplier_never_changes() -> None:
    """NAP-VAR-DOUBLE-HEADER is an option: by default an all-pass deal is played (NAP-CALL-7) at the same
    stakes, and the next deal's multiplier is that of this one."""
    deal = dealt(NX9_HANDS)
    act(deal, ALL_PASS)
    assert deal.phase is NapPhase.PLAY and deal.next_multiplier == 1
    doubled = fixed_deal("1", WEAK, PEEL, multiplier=2)
    play_out(doubled)
    assert doubled.net == [-6, 2, 2, 2]


# -- all_pass options (C-NAP-5, §14.13) ---------------------------------------------------------------


def test_all_pass_eldest_one_the_eldest_plays_for_one() -> None:
    """C-NAP-5 default (NAP-CALL-7, NX-9): the eldest hand must play for one trick."""
    deal = dealt(NX9_HANDS, PEEL.with_options(all_pass="eldest_one"))
    act(deal, ALL_PASS)
    assert deal.declarer == 0 and deal.contract == "1"
    play_trick(deal, "AD 3D 5D 7D")
    assert deal.net == [3, -1, -1, -1]


def test_all_pass_dealer_one_the_dealer_plays_for_one() -> None:
    """C-NAP-5 ALL_PASS=DEALER_ONE (NX-9): "If all hands pass, the dealer bids 1": P4 plays for one instead."""
    deal = dealt(NX9_HANDS, PEEL.with_options(all_pass="dealer_one"))
    act(deal, ALL_PASS)
    assert deal.declarer == 3 and deal.contract == "1" and deal.to_act == 3
    play_trick(deal, "AS 7S 8S JS")
    assert deal.made is True and deal.net == [-1, -1, -1, 3]


def test_all_pass_dealer_one_with_the_dealer_sitting_out_the_seat_on_his_right_plays() -> None:
    """§14.13: under dealer_one with the dealer sitting out (six players), the seat on his right plays."""
    rules = PEEL.with_options(all_pass="dealer_one")
    deal = NapDeal(rules, 6, dealer="P3")
    deal.deal(seed=4)
    act(deal, ["P4 pass", "P5 pass", "P6 pass", "P1 pass", "P2 pass"])
    assert deal.declarer == 1 and deal.contract == "1" and deal.to_act == 1


def test_all_pass_redeal_same_dealer_no_money_moves() -> None:
    """C-NAP-5 ALL_PASS=REDEAL ("throw the hand in"), §14.13: the same dealer deals again; no money moves."""
    deal = dealt(NX9_HANDS, PEEL.with_options(all_pass="redeal"))
    act(deal, ALL_PASS)
    assert deal.is_complete and deal.declarer is None and deal.tricks == []
    assert deal.net == [0, 0, 0, 0]
    assert deal.next_dealer == 3 and deal.next_multiplier == 1
    with_kitty = dealt(NX9_HANDS, PEEL.with_options(all_pass="redeal", kitty=True), kitty=4)
    act(with_kitty, ALL_PASS)
    assert with_kitty.net == [0, 0, 0, 0] and with_kitty.kitty == 4
    assert with_kitty.next_dealer == 3


# -- NAP-VAR-PURCHASE ------------------------------------------------------------------------------

PURCHASE = PEEL.with_options(purchase=True)
STOCK = "AD KD QD JD 8D 7D"


def test_nap_var_purchase_buying_comes_before_any_call() -> None:
    """NAP-VAR-PURCHASE: after the deal and before any call, the dealer asks each player in turn from his
    left whether he wants to buy; nobody may call meanwhile."""
    deal = dealt(NX1_HANDS, PURCHASE, stock=STOCK)
    assert deal.phase is NapPhase.PURCHASE and deal.to_act == 0
    assert rule_of(deal.call, "P1", "3") == "NAP-VAR-PURCHASE"
    assert rule_of(deal.pass_, "P1") == "NAP-VAR-PURCHASE"
    assert {a.verb for a in deal.legal_actions()} == {"buy"}
    assert len(deal.legal_actions()) == 2**5  # any subset of the five cards
    assert rule_of(deal.buy, "P2", ()) == "NAP-VAR-PURCHASE"
    for seat in ["P1", "P2", "P3"]:
        deal.buy(seat)
    assert deal.phase is NapPhase.PURCHASE and deal.to_act == 3  # the dealer is asked too, last
    deal.buy("P4")
    assert deal.phase is NapPhase.CALL and deal.to_act == 0
    assert rule_of(deal.buy, "P1", ()) == "NAP-VAR-PURCHASE"


def test_nap_var_purchase_a_unit_per_card_into_the_kitty_cards_from_the_top_of_the_stock() -> None:
    """NAP-VAR-PURCHASE: a buyer discards, pays one unit per card into the pool, and receives as many from
    the top of the pack; `buy` alone declines and costs nothing (§14.14: purchase turns the kitty on)."""
    deal = dealt(NX1_HANDS, PURCHASE, stock=STOCK)
    assert deal.kitty == 1  # the dealer's stake
    act(deal, ["P1 buy 2H 9C"])
    assert format_cards(deal.hands[0]) == "JS 6H AD KD TD"
    assert deal.kitty == 3 and deal.net[0] == -2
    act(deal, ["P2 buy"])
    assert format_cards(deal.hands[1]) == "5S AH KH 3H 7C" and deal.net[1] == 0
    act(deal, ["P3 buy 2C"])
    assert format_cards(deal.hands[2]) == "AS KS QS QD 4D"
    assert deal.kitty == 4
    act(deal, ["P4 buy"])
    assert deal.net == [-2, 0, -1, -1]
    assert conserved(deal, 0)
    assert [deal.action_str(a) for a in deal.log] == ["P1 buy 2H 9C", "P2 buy", "P3 buy 2C", "P4 buy"]


def test_nap_var_purchase_only_held_cards_may_be_discarded() -> None:
    """NAP-VAR-PURCHASE: the buyer discards cards of his own hand."""
    deal = dealt(NX1_HANDS, PURCHASE, stock=STOCK)
    assert rule_of(deal.buy, "P1", parse_cards("AS")) == "NAP-VAR-PURCHASE"
    assert not deal.can_buy("P1", parse_cards("AS"))
    assert deal.can_buy("P1", parse_cards("JS 6H TD 9C 2H"))


def test_nap_var_purchase_bought_cards_are_played_and_the_kitty_goes_to_a_made_nap() -> None:
    """NAP-VAR-PURCHASE with NAP-VAR-POOL: the purchase money lies in the kitty, which a made Nap takes."""
    hands = {"P1": "AS KS QS 2H 3H", "P2": OTHERS[0], "P3": "AH KH QH JH TH", "P4": "AD KD QD 9D TD"}
    deal = dealt(hands, PURCHASE, stock="JS TS 2D 3D")
    act(deal, ["P1 buy 2H 3H", "P2 buy", "P3 buy", "P4 buy", "P1 call nap", "P2 pass", "P3 pass", "P4 pass"])
    assert deal.kitty == 3
    play_out(deal)
    assert deal.made is True
    assert deal.net == [-2 + 30 + 3, -10, -10, -11]
    assert deal.kitty == 0


# -- NAP-VAR-SPARE ---------------------------------------------------------------------------------

SPARE = PEEL.with_options(spare_hand="peel")
GARNET = PEEL.with_options(spare_hand="sir_garnet")
SPARE_HANDS = hands_for("P1", WEAK)


def test_nap_var_spare_taking_the_spare_hand_is_a_call_of_nap() -> None:
    """NAP-VAR-SPARE: each player in his calling turn may take the spare hand, choose five cards from the ten,
    and must then call Nap."""
    deal = dealt(SPARE_HANDS, SPARE, spare=STRONG)
    spares = [a for a in deal.legal_actions() if a.verb == "spare"]
    assert len(spares) == 252  # five of ten
    act(deal, ["P1 spare AS KS QS JS 6C"])
    assert format_cards(deal.hands[0]) == "AS KS QS JS 6C"
    assert deal.allowed_calls() == ["wellington"]  # P1 has called Nap
    assert not any(a.verb == "spare" for a in deal.legal_actions())
    act(deal, ["P2 pass", "P3 pass", "P4 pass"])
    assert deal.declarer == 0 and deal.contract == "nap"


def test_nap_var_spare_keep_exactly_five_of_the_ten() -> None:
    """NAP-VAR-SPARE: the taker keeps five cards of his hand and the spare, no other."""
    deal = dealt(SPARE_HANDS, SPARE, spare=STRONG)
    assert rule_of(deal.take_spare, "P1", parse_cards("AS KS QS JS")) == "NAP-VAR-SPARE"
    assert rule_of(deal.take_spare, "P1", parse_cards("AS KS QS JS AH")) == "NAP-VAR-SPARE"
    assert rule_of(deal.take_spare, "P2", parse_cards("AS KS QS JS TS")) == "NAP-CALL-1"


def test_nap_var_spare_not_after_a_nap_has_been_called() -> None:
    """NAP-VAR-SPARE, NAP-CALL-2: the spare hand binds its taker to Nap, which must be above the highest call."""
    deal = dealt(SPARE_HANDS, SPARE, spare=STRONG)
    act(deal, ["P1 call nap"])
    assert not deal.can_spare("P2", parse_cards("AS KS QS JS TS"))
    assert rule_of(deal.take_spare, "P2", parse_cards("AS KS QS JS TS")) == "NAP-CALL-2"


def test_nap_var_spare_off_by_default() -> None:
    """NAP-VAR-SPARE is an option: without it there is no spare hand."""
    deal = dealt(SPARE_HANDS)
    assert rule_of(deal.take_spare, "P1", parse_cards(WEAK)) == "NAP-VAR-SPARE"
    with pytest.raises(RecordError):
        dealt(SPARE_HANDS, spare=STRONG)


def test_nap_var_spare_failure_pays_each_the_nap_loss_and_two_units_into_the_kitty() -> None:
    """NAP-VAR-SPARE: if he fails, he pays each player 5 (the ordinary Nap loss) and puts 2 units into the
    pool (§14.14: Peel's spare hand turns the kitty on, so the dealer also paid his unit)."""
    deal = dealt(SPARE_HANDS, SPARE, spare="2S 3S 4S 5S 6S")
    assert deal.kitty == 1
    act(deal, ["P1 spare 2C 3C 4C 5C 6C", "P2 pass", "P3 pass", "P4 pass"])
    play_out(deal)
    assert deal.made is False
    assert deal.net == [-15 - 2, 5, 5, 5 - 1]
    assert deal.kitty == 3 and conserved(deal, 0)


def test_nap_var_spare_made_is_paid_as_a_nap_and_takes_the_kitty() -> None:
    """NAP-VAR-SPARE, NAP-VAR-POOL: a spare-hand Nap made is paid ten by each and takes the kitty."""
    deal = dealt(SPARE_HANDS, SPARE, spare=STRONG, kitty=2)
    act(deal, ["P1 spare AS KS QS JS TS", "P2 pass", "P3 pass", "P4 pass"])
    play_out(deal)
    assert deal.made is True
    assert deal.net == [30 + 3, -10, -10, -11]
    assert deal.kitty == 0


def test_nap_var_spare_sir_garnet_failure_costs_double_and_no_kitty() -> None:
    """NAP-VAR-SPARE option SIR_GARNET_BIC: "if he fails to make the bid, that player must pay double the
    normal penalty": 10 to each; no kitty is turned on."""
    deal = dealt(SPARE_HANDS, GARNET, spare="2S 3S 4S 5S 6S")
    assert deal.kitty == 0
    act(deal, ["P1 spare 2C 3C 4C 5C 6C", "P2 pass", "P3 pass", "P4 pass"])
    play_out(deal)
    assert deal.made is False
    assert deal.net == [-30, 10, 10, 10]
    assert deal.kitty == 0


def test_nap_var_spare_sir_garnet_made_pays_the_ordinary_nap() -> None:
    """NAP-VAR-SPARE option SIR_GARNET_BIC: only failure is doubled; a made Nap is paid 10 by each."""
    deal = dealt(SPARE_HANDS, GARNET, spare=STRONG)
    act(deal, ["P1 spare AS KS QS JS TS", "P2 pass", "P3 pass", "P4 pass"])
    play_out(deal)
    assert deal.made is True and deal.net == [30, -10, -10, -10]


def test_nap_var_spare_an_ordinary_nap_failure_is_not_doubled_under_sir_garnet() -> None:
    """NAP-VAR-SPARE: the double penalty falls on the taker of the extra hand, not on an ordinary Nap."""
    deal = dealt(SPARE_HANDS, GARNET, spare=STRONG)
    act(deal, ["P1 call nap", "P2 pass", "P3 pass", "P4 pass"])
    play_out(deal)
    assert deal.made is False and deal.net == [-15, 5, 5, 5]


# -- NAP-VAR-PEEP ----------------------------------------------------------------------------------

PEEP = PEEL.with_options(peep=True)


def test_nap_var_peep_pay_a_unit_to_see_the_widow_before_calling() -> None:
    """NAP-VAR-PEEP: "By adding one chip to the pool, any player may 'peep' at this card before bidding or
    passing" (§14.14: the peep turns the kitty on; the dealer pays his unit)."""
    deal = dealt(NX1_HANDS, PEEP, widow="AD")
    assert deal.kitty == 1
    assert deal.view("P1").widow is None
    act(deal, ["P1 peep"])
    assert deal.kitty == 2 and deal.net[0] == -1
    assert deal.view("P1").widow == parse_card("AD")
    assert deal.view("P2").widow is None
    assert deal.to_act == 0  # he still calls or passes
    assert rule_of(deal.peep, "P1") == "NAP-VAR-PEEP"  # once only
    act(deal, ["P1 pass"])
    assert not deal.can_peep("P1")
    act(deal, ["P2 peep", "P2 call 2", "P3 pass", "P4 pass"])
    assert deal.kitty == 3 and deal.net == [-1, -1, 0, -1]


def test_nap_var_peep_the_senior_hand_may_take_the_widow_and_discard() -> None:
    """NAP-VAR-PEEP: "The highest bidder may take the widow card but must discard one card"."""
    deal = dealt(NX1_HANDS, PEEP, widow="AD")
    act(deal, ["P1 pass", "P2 pass", "P3 call 4", "P4 pass"])
    assert rule_of(deal.exchange, "P4", "widow", parse_card("7S")) == "NAP-VAR-PEEP"
    widow_moves = {deal.action_str(a) for a in deal.legal_actions() if a.verb == "widow"}
    assert widow_moves == {f"P3 widow {c}" for c in ["AS", "KS", "QS", "AD", "4D", "2C"]}
    act(deal, ["P3 widow 2C"])
    assert format_cards(deal.hands[2]) == "AS KS QS AD 4D"
    assert not any(a.verb == "widow" for a in deal.legal_actions())
    play_trick(deal, "AS 7S JS 5S")
    play_trick(deal, "KS 9H 6H 7C")
    play_trick(deal, "QS 8H TD 3H")
    play_trick(deal, "AD 5D 2H AH")
    assert deal.made is True and deal.net[2] == 12 and deal.kitty == 1


def test_nap_var_peep_the_widow_only_before_the_first_lead() -> None:
    """NAP-VAR-PEEP: the widow is taken before play; after the first lead it can no longer be taken."""
    deal = dealt(NX1_HANDS, PEEP, widow="AD")
    act(deal, ["P1 pass", "P2 pass", "P3 call 4", "P4 pass"])
    play_trick(deal, "AS")
    assert rule_of(deal.exchange, "P3", "widow", parse_card("2C")) == "NAP-VAR-PEEP"


def test_nap_var_peep_off_by_default() -> None:
    """NAP-VAR-PEEP is an option: without it no widow is dealt and nobody may peep."""
    deal = dealt(NX1_HANDS)
    assert rule_of(deal.peep, "P1") == "NAP-VAR-PEEP"
    assert not any(a.verb == "peep" for a in deal.legal_actions())
    with pytest.raises(RecordError):
        dealt(NX1_HANDS, widow="AD")


# -- NAP-VAR-NAP-TOPCARD ---------------------------------------------------------------------------

TOPCARD = PEEL.with_options(nap_top_card=True)


def test_nap_var_nap_topcard_a_nap_caller_takes_the_top_card_and_discards() -> None:
    """NAP-VAR-NAP-TOPCARD: "When a player calls Nap ... it is customary for him to exercise the right of taking
    the top card of the remainder of the pack"; he discards a card."""
    deal = dealt(hands_for("P1", "AS KS QS JS 2C"), TOPCARD, stock="TS 9S 8S")
    assert deal.kitty == 0
    act(deal, ["P1 call nap", "P2 pass", "P3 pass", "P4 pass"])
    moves = {deal.action_str(a) for a in deal.legal_actions() if a.verb == "topcard"}
    assert moves == {f"P1 topcard {c}" for c in ["AS", "KS", "QS", "JS", "TS", "2C"]}
    act(deal, ["P1 topcard 2C"])
    assert format_cards(deal.hands[0]) == STRONG
    play_out(deal)
    assert deal.made is True and deal.net == [30, -10, -10, -10]


def test_nap_var_nap_topcard_only_for_a_nap_caller() -> None:
    """NAP-VAR-NAP-TOPCARD: only a Nap caller has the top card; a caller of four has not."""
    deal = dealt(hands_for("P1", "AS KS QS JS 2C"), TOPCARD, stock="TS 9S 8S")
    act(deal, ["P1 call 4", "P2 pass", "P3 pass", "P4 pass"])
    assert rule_of(deal.exchange, "P1", "topcard", parse_card("2C")) == "NAP-VAR-NAP-TOPCARD"
    assert {a.verb for a in deal.legal_actions()} == {"play"}


def test_nap_var_nap_topcard_off_by_default() -> None:
    """NAP-VAR-NAP-TOPCARD is an option: by default the rest of the pack is not used (NAP-DEAL-1)."""
    deal = dealt(hands_for("P1", "AS KS QS JS 2C"))
    act(deal, ["P1 call nap", "P2 pass", "P3 pass", "P4 pass"])
    assert rule_of(deal.exchange, "P1", "topcard", parse_card("2C")) == "NAP-VAR-NAP-TOPCARD"
    with pytest.raises(RecordError):
        dealt(hands_for("P1", "AS KS QS JS 2C"), stock="TS 9S 8S")


# -- NAP-VAR-PACK32 --------------------------------------------------------------------------------

PACK32 = PEEL.with_options(pack=32)


def test_nap_var_pack32_a_to_seven_and_the_ordinary_rules() -> None:
    """NAP-VAR-PACK32 (NAP-GEN-3): "If Piquet or Bezique cards are used ... the ordinary rules are observed":
    A-7 in each suit, the seven lowest."""
    for seed in range(20):
        deal = NapDeal(PACK32, 5, dealer=0)
        deal.deal(seed=seed)
        cards = [c for h in deal.hands for c in range(52) if h >> c & 1]
        assert len(cards) == 25 and all(rank_of(c) >= rank_of(parse_card("7S")) for c in cards)
    deal = dealt(
        {"P1": "7S AH KH QH JH", "P2": "8S TH 9H 8H 7H", "P3": "AD KD QD JD TD", "P4": "9D 8D 7D AC KC"}, PACK32
    )
    act(deal, ["P1 call 1", "P2 pass", "P3 pass", "P4 pass"])
    play_trick(deal, "7S 8S AD 9D")
    assert deal.tricks[0].winner == 1 and deal.trump == 0
    with pytest.raises(RecordError):
        dealt({"P1": "6S AH KH QH JH", "P2": "8S TH 9H 8H 7H", "P3": "AD KD QD JD TD", "P4": "9D 8D 7D AC KC"}, PACK32)


# -- NAP-VAR-PARLETT -------------------------------------------------------------------------------

MODERN = NapRules.preset("modern")


def test_nap_var_parlett_modern_preset() -> None:
    """NAP-VAR-PARLETT: the modern Britannica scale: misère between three and four, two the lowest call."""
    assert (MODERN.pay_table, MODERN.misery_rank, MODERN.min_call, MODERN.all_pass) == (
        "parlett",
        "above_three",
        2,
        "dealer_one",
    )
    deal = dealt(NX1_HANDS, MODERN)
    assert deal.allowed_calls() == ["2", "3", "misery", "4", "nap"]


@pytest.mark.parametrize(
    ("contract", "made", "net"),
    [
        ("2", True, 6),
        ("2", False, -6),
        ("3", False, -9),
        ("4", True, 12),
        ("misery", True, 9),
        ("misery", False, -9),
        ("nap", True, 30),
        ("nap", False, -30),
        ("wellington", True, 60),
        ("wellington", False, -60),
        ("blucher", True, 120),
        ("blucher", False, -120),
    ],
)
def test_nap_var_parlett_payments(contract: str, made: bool, net: int) -> None:
    """NAP-VAR-PARLETT: "each opponent pays 2 to 4 units for bids of two to four, 3 for misère, 10 for nap, 20
    for wellington, and 40 for blücher", and failures cost the same."""
    hand = winning_hand(contract, made)
    deal = fixed_deal(contract, hand, MODERN)
    play_out(deal)
    assert deal.made is made
    senior = deal.declarer
    assert senior is not None
    assert deal.net[senior] == net
    assert all(deal.net[s] == -net // 3 for s in range(4) if s != senior)


def test_nap_var_parlett_a_call_of_one_pays_one() -> None:
    """§14.19: under pay_table: parlett a call of one pays one."""
    deal = fixed_deal("1", STRONG, PEEL.with_options(pay_table="parlett"))
    play_out(deal)
    assert deal.net == [3, -1, -1, -1]


def test_nap_var_parlett_modern_all_pass_the_dealer_plays_for_two() -> None:
    """NAP-VAR-PARLETT with the modern preset's dealer_one and min_call 2: after all pass, the dealer plays
    for two (§14.13)."""
    deal = dealt(NX9_HANDS, MODERN)
    act(deal, ALL_PASS)
    assert deal.declarer == 3 and deal.contract == "2"
