"""Law tests for the Three-card Loo options of RULES.md §4.1, one or more per LOO-VAR rule.

Each test is named after its rule and quotes or paraphrases it. Pools quoted in RULES.md §10 include the dealer's
stake; the ``pool`` a deal is created with is the pool before it (§14.17).
"""

from __future__ import annotations

import random

import pytest

from conftest import act, conserved, expect_illegal, play_out
from roundgames import LooDeal, LooRules, RecordError, RulesError, format_cards, parse_card
from roundgames.core.cards import card_str, rank_of
from roundgames.loo.deal import Kind, Phase, deal_order
from roundgames.loo.sitting import LooSitting, first_kind

PEEL = LooRules.preset("peel")
EW = LooRules.preset("enquire-within")
SEATS = ["P1", "P2", "P3", "P4"]
SIX = ["P1", "P2", "P3", "P4", "P5", "P6"]


# -- helpers ----------------------------------------------------------------------------------------


def names(cards: int | list[int]) -> set[str]:
    return set(format_cards(cards).split())


def legal_verbs(deal: LooDeal) -> set[str]:
    acts = deal.legal_actions()
    assert acts and all(a.seat == deal.to_act and a.card is None for a in acts)
    return {a.verb for a in acts}


def legal_cards(deal: LooDeal) -> set[str]:
    acts = deal.legal_actions()
    assert acts and all(a.verb == "play" and a.seat == deal.to_act for a in acts)
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


def lx3(rules: LooRules = PEEL, pool: int = 9, turnup: str = "7S") -> LooDeal:
    return regular(LX3_HANDS, "6C 2H 8D", turnup, dealer="P2", pool=pool, rules=rules)


def lx3_played(rules: LooRules = PEEL, pool: int = 9) -> LooDeal:
    deal = lx3(rules, pool)
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", *LX3_PLAY)
    return deal


LX4_HANDS = {"P4": "KH 6S 4D", "P1": "9C 7C 2D", "P2": "TS 8S 3S", "P3": "JD 9D 2S"}


def lx4(rules: LooRules = PEEL) -> LooDeal:
    return regular(LX4_HANDS, "QH 3H AC", "5H", dealer="P3", pool=6, rules=rules)


def two_looed(rules: LooRules, pool: int = 9) -> LooDeal:
    """Spades trumps; P1 (AS KS QS), P2 and P3 stand, the dealer P4 throws up; P1 takes all three tricks."""
    hands = {"P1": "AS KS QS", "P2": "3H 4H 5H", "P3": "3D 4D 5D", "P4": "6C 7C 8C"}
    deal = regular(hands, "9C TC JC", "2S", pool=pool, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 throw")
    act(deal, "P1 play AS", "P2 play 3H", "P3 play 3D", "P1 play KS", "P2 play 4H", "P3 play 4D")
    act(deal, "P1 play QS", "P2 play 5H", "P3 play 5D")
    return deal


def lone_stander(rules: LooRules = PEEL, pool: int = 10) -> LooDeal:
    """Dealer P4, spades trumps; P1 (KH QH JH) stands alone; the miss is AH 3H 4H."""
    hands = {"P1": "KH QH JH", "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9C TC JC"}
    deal = regular(hands, "AH 3H 4H", "2S", pool=pool, rules=rules)
    act(deal, "P1 stand", "P2 throw", "P3 throw")
    return deal


FILLERS = ["2S", "3S", "4S", "5S", "7S", "9S", "TS", "JS", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"]


def first_lead(hand: str, turnup: str, rules: LooRules) -> LooDeal:
    """LX-9: P1 (eldest, dealer P4) is to lead to the first trick holding ``hand``."""
    spare = iter([x for x in FILLERS if x not in {*hand.split(), turnup}])
    others = {s: " ".join(next(spare) for _ in range(3)) for s in ("P2", "P3", "P4")}
    miss = " ".join(next(spare) for _ in range(3))
    deal = regular({"P1": hand, **others}, miss, turnup, pool=9, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    return deal


def second_lead(hand: str, rules: LooRules) -> LooDeal:
    """LX-9: spades trumps (8S up); P1 led AS and won trick 1, and is to lead again holding ``hand``."""
    others = {"P2": "3H 5C 6C", "P3": "4H 7C 9C", "P4": "5H TC JC"}
    deal = regular({"P1": f"AS {hand}", **others}, "KC QC 2C", "8S", pool=9, rules=rules)
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand", "P1 play AS", "P2 play 3H", "P3 play 4H", "P4 play 5H")
    assert deal.tricks[0].winner == 0 and deal.to_act == 0
    return deal


# -- LOO-VAR-UNLIMITED ------------------------------------------------------------------------------

UNLIMITED = PEEL.with_options(loo_mode="unlimited")


def test_loo_var_unlimited_loo_is_the_pool() -> None:
    """LOO-VAR-UNLIMITED: the loo is the sum in the pool, as it stood when the tricks were divided, the dealer's stake
    included (LOO-STK-4 [I], §14.7). LX-3: 12 in the pool, P1 looed 12."""
    deal = lx3_played(UNLIMITED)
    assert deal.looed == {0: 12}
    assert deal.net == [-12, 1, 4, 4]
    assert deal.pool_total == 12
    assert conserved(deal, 9)


def test_loo_var_unlimited_every_looed_seat_pays_the_same() -> None:
    """LOO-VAR-UNLIMITED, §14.7: every looed seat pays the same amount, the pool as divided; loos do not compound."""
    deal = two_looed(UNLIMITED)
    assert deal.looed == {1: 12, 2: 12}
    assert deal.net == [12, -12, -12, -3]
    assert deal.pool_total == 24
    assert conserved(deal, 9)


def test_loo_var_unlimited_stakes_and_single_loo_unchanged() -> None:
    """LOO-VAR-UNLIMITED, §14.7: S and D do not change: a single still loos S, and the dealer still pays D, however
    large the pool."""
    deal = LooDeal(UNLIMITED, SEATS, dealer="P1", pool=30, kind="single")
    deal.deal_cards({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, turnup="9H")
    assert deal.looed == {0: 3, 2: 3, 3: 3}
    assert deal.net == [-6, 33, -3, -3]
    big = lx3(UNLIMITED, pool=30)
    assert big.net == [0, -3, 0, 0] and big.pool == 33


def test_loo_var_unlimited_limited_is_the_default() -> None:
    """LOO-VAR-UNLIMITED is an option: by default the same deal loos L=6 each."""
    deal = two_looed(PEEL)
    assert deal.looed == {1: 6, 2: 6}
    assert deal.pool_total == 12


# -- LOO-VAR-MIXED ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cap", "pool", "loo"),
    [(10, 9, 10), (12, 9, 12), (50, 9, 12), (1, 9, 1), (20, 27, 20), (40, 27, 30)],
)
def test_loo_var_mixed_pool_up_to_the_cap(cap: int, pool: int, loo: int) -> None:
    """LOO-VAR-MIXED: a player is looed the amount in the pool, up to the limit: min(pool, cap)."""
    rules = PEEL.with_options(loo_mode="mixed", loo_cap=cap)
    deal = two_looed(rules, pool=pool)
    assert deal.looed == {1: loo, 2: loo}
    assert deal.net == [pool + 3, -loo, -loo, -3]
    assert deal.pool_total == 2 * loo
    assert conserved(deal, pool)


def test_loo_var_mixed_needs_a_cap() -> None:
    """LOO-VAR-MIXED: the limit must be agreed: mixed without a cap is refused."""
    with pytest.raises(RulesError) as info:
        PEEL.with_options(loo_mode="mixed")
    assert "loo_cap" in str(info.value)


def test_loo_var_mixed_single_loo_unchanged() -> None:
    """LOO-VAR-MIXED, §14.7: the single loo S is not affected."""
    rules = PEEL.with_options(loo_mode="mixed", loo_cap=10)
    deal = LooDeal(rules, SEATS, dealer="P1", pool=30, kind="single")
    deal.deal_cards({"P2": "3D", "P3": "AS", "P4": "5C", "P1": "KC"}, turnup="QD")
    assert deal.looed == {0: 3, 1: 3, 2: 3, 3: 3}


# -- LOO-VAR-CLUBLAW --------------------------------------------------------------------------------

CLUBLAW = PEEL.with_options(club_law=True)


def test_loo_var_clublaw_all_must_stand() -> None:
    """LOO-VAR-CLUBLAW: if the turn-up is a club, every player, the dealer included, must stand on his own cards."""
    deal = lx3(CLUBLAW, turnup="7C")
    for seat in ("P3", "P4", "P1", "P2"):
        assert legal_verbs(deal) == {"stand"}
        expect_illegal("LOO-VAR-CLUBLAW", deal.throw_up, seat, mentions=(seat,))
        expect_illegal("LOO-VAR-CLUBLAW", deal.take_miss, seat, mentions=(seat,))
        assert not deal.can_throw_up(seat) and not deal.can_take_miss(seat)
        deal.stand(seat)
    assert deal.phase is Phase.PLAY
    assert deal.players == (2, 3, 0, 1)


def test_loo_var_clublaw_miss_withdrawn_unseen() -> None:
    """LOO-VAR-CLUBLAW: the miss is withdrawn unseen; clubs are trumps and play and settlement proceed as normal."""
    deal = lx3(CLUBLAW, turnup="7C")
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", "P3 play AS")
    assert legal_cards(deal) == {"2C"}  # void in spades: must trump with the club
    assert deal.miss_holder is None
    miss = [parse_card(c) for c in ("6C", "2H", "8D")]
    for seat in range(4):
        assert all(not h >> c & 1 for h in deal.view(seat).seen_hands.values() for c in miss)
    play_out(deal, random.Random(2))
    assert all(c not in miss for t in deal.tricks for c in t.cards)
    assert deal.looed  # four played three tricks
    assert conserved(deal, 9)


def test_loo_var_clublaw_lone_stander_cases_cannot_arise() -> None:
    """LOO-VAR-CLUBLAW: LOO-DECL-7/8/9 cannot arise: nobody throws up, so the dealer cannot take the pool unplayed,
    nor defend the miss."""
    deal = lx3(CLUBLAW, turnup="7C")
    act(deal, "P3 stand", "P4 stand", "P1 stand")
    expect_illegal("LOO-VAR-CLUBLAW", deal.defend, "P2", mentions=("P2",))
    assert deal.winner_without_play is None


def test_loo_var_clublaw_only_when_a_club_is_turned() -> None:
    """LOO-VAR-CLUBLAW: with another suit turned up, declaring is free as usual; without the option a club changes
    nothing."""
    spades = lx3(CLUBLAW, turnup="7S")
    assert legal_verbs(spades) == {"stand", "throw", "miss"}
    plain = lx3(PEEL, turnup="7C")
    assert legal_verbs(plain) == {"stand", "throw", "miss"}
    act(plain, "P3 throw", "P4 throw", "P1 throw")
    assert plain.winner_without_play == 1  # LOO-DECL-7 applies as usual


def test_loo_var_clublaw_does_not_touch_the_single() -> None:
    """LOO-VAR-CLUBLAW (§14.2: a club turned up in a regular deal only): a Peel single with a club turned up is
    settled as usual."""
    deal = LooDeal(CLUBLAW, SEATS, dealer="P1", kind="single")
    deal.deal_cards({"P2": "KC", "P3": "4S", "P4": "JC", "P1": "2C"}, turnup="9C")
    assert deal.is_complete and deal.winner_without_play == 1
    assert deal.net == [-6, 3, -3, -3]


# -- LOO-VAR-LEADONE and LOO-VAR-CASSELL-LEAD (LX-9) -----------------------------------------------

LEADONE = PEEL.with_options(lead_rule="lead_one")
CASSELL = PEEL.with_options(lead_rule="cassell")

# (hand, turn-up, default, LEAD_ONE, CASSELL_LEAD); None means any card.
LX9_FIRST = [
    ("KD 3D 9S", "AD", {"KD"}, {"KD"}, {"KD"}),
    ("QD 9S 4H", "AD", None, None, {"QD"}),
    ("AS 5H 2C", "8S", {"AS"}, {"AS"}, {"AS"}),
    ("JS 4S KH", "8S", {"JS"}, {"JS", "4S"}, {"JS"}),
    ("9D KH 2C", "8S", None, None, {"KH"}),
    ("AS KS 2S", "8S", {"AS"}, {"AS"}, {"AS"}),  # the ace rule still applies under LEAD_ONE
    ("KS QS 2S", "AS", {"KS"}, {"KS"}, {"KS"}),  # ... and so does the king with the ace turned up
    ("JS 4S 2S", "8S", {"JS"}, {"JS", "4S", "2S"}, {"JS"}),
]
LX9_SECOND = [
    ("4S KD", {"4S"}, {"4S"}, {"4S"}),
    ("QS 3S", {"QS"}, {"QS"}, {"QS"}),
    ("7D 2H", None, None, None),  # §14.17: under CASSELL_LEAD a later leader without a trump is free
]


@pytest.mark.parametrize(("hand", "turnup", "legal"), [(h, t, one) for h, t, _, one, _ in LX9_FIRST])
def test_loo_var_leadone_any_trump_on_the_first_lead(hand: str, turnup: str, legal: set[str] | None) -> None:
    """LOO-VAR-LEADONE: with two or more trumps on the first lead the leader may lead any one of them; the ace rule
    (LOO-PLAY-2 step 1) still applies (LX-9, LEAD_ONE column)."""
    deal = first_lead(hand, turnup, LEADONE)
    expected = set(hand.split()) if legal is None else legal
    assert legal_cards(deal) == expected
    for card in set(hand.split()) - expected:
        expect_illegal("LOO-PLAY-2", deal.play, "P1", parse_card(card), mentions=("P1", card))


def test_loo_var_leadone_must_still_lead_a_trump() -> None:
    """LOO-VAR-LEADONE: "two or more trumps lead one": a plain card is still illegal, and the default would allow
    only the highest."""
    one = first_lead("JS 4S KH", "8S", LEADONE)
    message = expect_illegal("LOO-PLAY-2", one.play, "P1", parse_card("KH"), mentions=("P1", "KH"))
    assert "JS" in message and "4S" in message
    default = first_lead("JS 4S KH", "8S", PEEL)
    expect_illegal("LOO-PLAY-2", default.play, "P1", parse_card("4S"), mentions=("P1", "4S"))


@pytest.mark.parametrize(("hand", "legal"), [(h, one) for h, _, one, _ in LX9_SECOND])
def test_loo_var_leadone_second_lead_unchanged(hand: str, legal: set[str] | None) -> None:
    """LOO-VAR-LEADONE changes the first lead only: the second lead is still the higher trump (LX-9)."""
    deal = second_lead(hand, LEADONE)
    assert legal_cards(deal) == (set(hand.split()) if legal is None else legal)


@pytest.mark.parametrize(("hand", "turnup", "legal"), [(h, t, c) for h, t, _, _, c in LX9_FIRST])
def test_loo_var_cassell_lead_highest_trump_or_highest_card(hand: str, turnup: str, legal: set[str]) -> None:
    """LOO-VAR-CASSELL-LEAD: the first leader must lead his highest trump, or, if he has none, his highest card
    (LX-9, CASSELL_LEAD column)."""
    deal = first_lead(hand, turnup, CASSELL)
    assert legal_cards(deal) == legal
    for card in set(hand.split()) - legal:
        expect_illegal("LOO-PLAY-2", deal.play, "P1", parse_card(card), mentions=("P1", card))


@pytest.mark.parametrize(("hand", "legal"), [(h, c) for h, _, _, c in LX9_SECOND])
def test_loo_var_cassell_lead_later_leaders_lead_highest_trump(hand: str, legal: set[str] | None) -> None:
    """LOO-VAR-CASSELL-LEAD: each later leader must lead his highest trump; without one he is free (§14.17)."""
    deal = second_lead(hand, CASSELL)
    expected = set(hand.split()) if legal is None else legal
    assert legal_cards(deal) == expected
    for card in set(hand.split()) - expected:
        expect_illegal("LOO-PLAY-3", deal.play, "P1", parse_card(card), mentions=("P1", card))


@pytest.mark.parametrize(
    ("hand", "legal"),
    [("KH KD 2C", {"KH", "KD"}), ("QH QD QC", {"QH", "QD", "QC"}), ("AH 2D 3C", {"AH"})],
)
def test_loo_var_cassell_lead_no_trump_ties(hand: str, legal: set[str]) -> None:
    """LOO-VAR-CASSELL-LEAD, §14.12: with no trump, any card of the highest rank in the hand is legal."""
    deal = first_lead(hand, "8S", CASSELL)
    assert legal_cards(deal) == legal


def test_loo_var_cassell_lead_ignores_second_lead_option() -> None:
    """LOO-VAR-CASSELL-LEAD, §14.19: Cassell's lead carries its own rule for later leads, so ``second_lead`` is
    ignored under it."""
    free = second_lead("QS 3S", PEEL.with_options(second_lead="none"))
    assert legal_cards(free) == {"QS", "3S"}
    cassell = second_lead("QS 3S", CASSELL.with_options(second_lead="none"))
    assert legal_cards(cassell) == {"QS"}


# -- LOO-VAR-MISS-LEADS -----------------------------------------------------------------------------

MISS_LEADS = PEEL.with_options(leader="miss_holder")


def test_loo_var_miss_leads_holder_of_the_miss_leads() -> None:
    """LOO-VAR-MISS-LEADS: the holder of the miss leads to the first trick (LX-4: P1 instead of P4)."""
    deal = lx4(MISS_LEADS)
    act(deal, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    assert deal.to_act == 0
    expect_illegal("LOO-PLAY-1", deal.play, "P4", parse_card("6S"), mentions=("P4", "6S", "P1"))
    assert legal_cards(deal) == {"QH"}  # two trumps: the higher (LOO-PLAY-2)
    default = lx4()
    act(default, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    assert default.to_act == 3


def test_loo_var_miss_leads_untaken_miss_elder_leads() -> None:
    """LOO-VAR-MISS-LEADS: when nobody took the miss the elder hand among the players leads as usual."""
    deal = lx3(MISS_LEADS)
    act(deal, "P3 throw", "P4 stand", "P1 stand", "P2 stand")
    assert deal.to_act == 3


def test_loo_var_miss_leads_defending_dealer_leads() -> None:
    """LOO-VAR-MISS-LEADS, §14.11: the dealer defending the miss counts as its holder and leads; by default the lone
    stander leads."""
    deal = lone_stander(MISS_LEADS)
    act(deal, "P4 defend")
    assert deal.to_act == 3
    default = lone_stander()
    act(default, "P4 defend")
    assert default.to_act == 0
    own = lone_stander(MISS_LEADS)
    act(own, "P4 miss")  # taking the miss for himself, he holds it too
    assert own.to_act == 3


# -- LOO-VAR-DEALER-CONCEDE ------------------------------------------------------------------------

CONCEDE = PEEL.with_options(dealer_lone_stander="may_concede")


def test_loo_var_dealer_concede_lone_stander_takes_the_pool() -> None:
    """LOO-VAR-DEALER-CONCEDE: where one player alone stood, the dealer may instead give up the stakes: the lone
    stander takes the whole pool without play; nobody is looed."""
    deal = lone_stander(CONCEDE)
    assert legal_verbs(deal) == {"defend", "miss", "stand", "throw"}
    act(deal, "P4 throw")
    assert deal.is_complete
    assert deal.winner_without_play == 0
    assert deal.tricks == []
    assert deal.net == [13, 0, 0, -3]
    assert deal.looed == {} and deal.next_kind is Kind.SINGLE
    assert deal.pool_total == 0
    assert conserved(deal, 10)


def test_loo_var_dealer_concede_not_by_default() -> None:
    """LOO-VAR-DEALER-CONCEDE is an option: under Peel the dealer must defend (LOO-DECL-8)."""
    deal = lone_stander()
    expect_illegal("LOO-DECL-8", deal.throw_up, "P4", mentions=("P4",))


def test_loo_var_dealer_concede_in_the_enquire_within_preset() -> None:
    """LOO-VAR-DEALER-CONCEDE: the enquire-within preset lets the dealer give up the stakes (EW §96 vii)."""
    deal = lone_stander(EW, pool=8)
    act(deal, "P4 throw")
    assert deal.net == [9, 0, 0, -1]


def test_loo_var_dealer_concede_only_for_a_lone_stander() -> None:
    """LOO-VAR-DEALER-CONCEDE: with two in, a dealer's throw is an ordinary throw-up and the two play it out."""
    deal = lx3(CONCEDE)
    act(deal, "P3 stand", "P4 stand", "P1 throw", "P2 throw")
    assert deal.phase is Phase.PLAY and deal.players == (2, 3)
    assert deal.winner_without_play is None


# -- LOO-VAR-EW-SINGLE -----------------------------------------------------------------------------


def ew_single(rules: LooRules = EW, pool: int = 2) -> LooDeal:
    """Three seats, dealer P3, spades trumps; each hand can win exactly one trick."""
    deal = LooDeal(rules, ["P1", "P2", "P3"], dealer="P3", pool=pool, kind="ew_single")
    deal.deal_cards({"P1": "AH 3D 4C", "P2": "AD 3C 4H", "P3": "AC 3H 4D"}, turnup="2S")
    return deal


def test_loo_var_ew_single_no_miss_all_must_play() -> None:
    """LOO-VAR-EW-SINGLE: the single is a three-card round without a miss, in which all must play."""
    deal = ew_single()
    assert deal.miss == 0
    for seat in ("P1", "P2", "P3"):
        assert legal_verbs(deal) == {"stand"}
        expect_illegal("LOO-VAR-EW-SINGLE", deal.throw_up, seat, mentions=(seat,))
        expect_illegal("LOO-VAR-EW-SINGLE", deal.take_miss, seat, mentions=(seat,))
        deal.stand(seat)
    assert deal.players == (0, 1, 2)


def test_loo_var_ew_single_dealt_without_a_miss() -> None:
    """LOO-VAR-EW-SINGLE: no miss is dealt; a record giving one is refused."""
    deal = LooDeal(EW, SEATS, dealer="P2", kind="ew_single")
    deal.deal(4)
    assert deal.miss == 0
    assert [deal.dealt[s].bit_count() for s in range(4)] == [3, 3, 3, 3]
    other = LooDeal(EW, SEATS, dealer="P2", kind="ew_single")
    with pytest.raises(RecordError) as info:
        other.deal_cards(LX3_HANDS, miss="6C 2H 8D", turnup="7S")
    assert info.value.field == "cards.miss"


def test_loo_var_ew_single_played_and_settled() -> None:
    """LOO-VAR-EW-SINGLE: the tricks are played and divided as usual; nobody looed, so another EW single follows
    (§14.5); the first deal of the game is one."""
    deal = ew_single()
    act(deal, "P1 stand", "P2 stand", "P3 stand")
    act(deal, "P1 play AH", "P2 play 4H", "P3 play 3H", "P1 play 3D", "P2 play AD", "P3 play 4D")
    act(deal, "P2 play 3C", "P3 play AC", "P1 play 4C")
    assert [t.winner for t in deal.tricks] == [0, 1, 2]
    assert deal.net == [1, 1, 1 - 1]
    assert deal.looed == {} and deal.next_kind is Kind.EW_SINGLE
    assert first_kind(EW) is Kind.EW_SINGLE
    assert first_kind(PEEL.with_options(single="ew")) is Kind.EW_SINGLE


def test_loo_var_ew_single_a_loo_means_a_regular_deal() -> None:
    """LOO-VAR-EW-SINGLE: after an EW single with a loo, a regular deal with a miss follows."""
    deal = LooDeal(EW, SEATS, dealer="P4", pool=2, kind="ew_single")
    deal.deal_cards({"P1": "AS KS QS", "P2": "2H 3H 4H", "P3": "5H 6H 7H", "P4": "8H 9H TH"}, turnup="2S")
    act(deal, "P1 stand", "P2 stand", "P3 stand", "P4 stand")
    play_out(deal, random.Random(0))
    assert deal.looed == {1: 3, 2: 3, 3: 3}
    assert deal.next_kind is Kind.REGULAR


def test_loo_var_ew_single_first_round_all_ante() -> None:
    """LOO-VAR-EW-SINGLE: EW also allows, for the first round, a normal deal with a miss in which every player puts
    into the pool a sum equal to the dealer's stake."""
    rules = EW.with_options(ante="all").with_stakes(ante=EW.stakes.deal)
    deal = LooDeal(rules, SEATS, dealer="P4", pool=0)
    deal.deal(9)
    assert deal.miss.bit_count() == 3
    assert deal.net == [-1, -1, -1, -1]
    assert deal.pool == 4


# -- LOO-VAR-NO-SINGLE -----------------------------------------------------------------------------

NO_SINGLE = PEEL.with_options(single="none")


def test_loo_var_no_single_every_deal_regular() -> None:
    """LOO-VAR-NO-SINGLE [D]: every deal is a regular deal: the first, and the one after a deal with no loo."""
    assert first_kind(NO_SINGLE) is Kind.REGULAR
    assert LooSitting(NO_SINGLE, SEATS, seed=1).start_deal().kind is Kind.REGULAR
    deal = lx4(NO_SINGLE)
    act(deal, "P4 stand", "P1 miss", "P2 throw", "P3 throw")
    act(deal, "P4 play 6S", "P1 play 3H", "P1 play QH", "P4 play KH", "P4 play 4D", "P1 play AC")
    assert deal.looed == {}
    assert deal.next_kind is Kind.REGULAR
    dealer_takes = lx3(NO_SINGLE)
    act(dealer_takes, "P3 throw", "P4 throw", "P1 throw")
    assert dealer_takes.next_kind is Kind.REGULAR


# -- LOO-VAR-ALL-ANTE ------------------------------------------------------------------------------

ALL_ANTE = PEEL.with_options(ante="all")


def test_loo_var_all_ante_every_player_pays() -> None:
    """LOO-VAR-ALL-ANTE: every player pays a stake into the pool at each deal (the others ``ante``, default 1; the
    dealer D). LX-3: 9 + 3 + 3 = 15, five a trick."""
    deal = lx3(ALL_ANTE)
    assert deal.net == [-1, -3, -1, -1]
    assert deal.pool == 15
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand", *LX3_PLAY)
    assert deal.net == [-1 - 6, -3 + 5, -1 + 5, -1 + 5]
    assert conserved(deal, 9)


def test_loo_var_all_ante_eb9_dealer_pays_double() -> None:
    """LOO-VAR-ALL-ANTE: in the EB9 form the dealer contributes double."""
    deal = lx3(ALL_ANTE.with_stakes(deal=2, ante=1))
    assert deal.net == [-1, -2, -1, -1]
    assert deal.pool == 9 + 2 + 3


def test_loo_var_all_ante_paid_by_those_who_throw_up() -> None:
    """LOO-VAR-ALL-ANTE, §14.1: a seat that antes and then throws up has still paid its ante."""
    deal = lx3(ALL_ANTE)
    act(deal, "P3 throw", "P4 throw", "P1 throw")
    assert deal.net == [-1, -3 + 15, -1, -1]
    assert conserved(deal, 9)


def test_loo_var_all_ante_not_in_a_peel_single() -> None:
    """LOO-VAR-ALL-ANTE, §14.19: in a Peel single only the dealer pays, whatever ``ante`` says."""
    deal = LooDeal(ALL_ANTE, SEATS, dealer="P1", kind="single")
    deal.deal_cards({"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C"}, turnup="9H")
    assert deal.net == [-6, 3, -3, -3]


# -- LOO-VAR-DEALER-STANDS-OUT ---------------------------------------------------------------------

STANDS_OUT = PEEL.with_options(dealer_stands_out_above=5)
SIX_HANDS = {"P1": "KH QH JH", "P2": "3D 4D 5D", "P3": "6D 7D 8D", "P4": "9D TD JD", "P5": "9C TC JC"}


def test_loo_var_dealer_stands_out_receives_no_cards() -> None:
    """LOO-VAR-DEALER-STANDS-OUT, §14.3: with more than five players the dealer deals but takes no part: he pays D
    and receives no cards; the miss is dealt after the last playing seat's card."""
    deal = LooDeal(STANDS_OUT, SIX, dealer="P6", pool=9)
    deal.deal(3)
    assert deal.dealt[5] == 0
    assert [deal.dealt[s].bit_count() for s in range(5)] == [3] * 5
    assert deal.miss.bit_count() == 3
    assert deal.net == [0, 0, 0, 0, 0, -3]
    hands, miss, turnup = deal_order(list(range(19)), [0, 1, 2, 3, 4])
    assert hands == {0: [0, 6, 12], 1: [1, 7, 13], 2: [2, 8, 14], 3: [3, 9, 15], 4: [4, 10, 16]}
    assert (miss, turnup) == ([5, 11, 17], 18)
    refused = LooDeal(STANDS_OUT, SIX, dealer="P6", pool=9)
    with pytest.raises(RecordError):
        refused.deal_cards({**SIX_HANDS, "P6": "2S 3S 4S"}, miss="AH 3H 4H", turnup="2S")


def test_loo_var_dealer_stands_out_makes_no_declaration() -> None:
    """LOO-VAR-DEALER-STANDS-OUT, §14.3: the dealer makes no declaration; the seat on his right declares last."""
    deal = LooDeal(STANDS_OUT, SIX, dealer="P6", pool=9)
    deal.deal_cards(SIX_HANDS, miss="AH 3H 4H", turnup="2S")
    assert deal.to_act == 0
    expect_illegal("LOO-VAR-DEALER-STANDS-OUT", deal.stand, "P6", mentions=("P6",))
    act(deal, "P1 stand", "P2 stand", "P3 throw", "P4 throw", "P5 stand")
    assert deal.phase is Phase.PLAY
    assert deal.players == (0, 1, 4)


def test_loo_var_dealer_stands_out_right_hand_seat_has_dealers_rights() -> None:
    """LOO-VAR-DEALER-STANDS-OUT, §14.3: the seat on the dealer's right takes the dealer's rights in LOO-DECL-7 (he
    takes the pool when all throw up) and duties in LOO-DECL-8 (he must defend a lone stander)."""
    takes = LooDeal(STANDS_OUT, SIX, dealer="P6", pool=9)
    takes.deal_cards(SIX_HANDS, miss="AH 3H 4H", turnup="2S")
    act(takes, "P1 throw", "P2 throw", "P3 throw", "P4 throw")
    assert takes.is_complete and takes.winner_without_play == 4
    assert takes.net == [0, 0, 0, 0, 12, -3]
    defends = LooDeal(STANDS_OUT, SIX, dealer="P6", pool=10)
    defends.deal_cards(SIX_HANDS, miss="AH 3H 4H", turnup="2S")
    act(defends, "P1 stand", "P2 throw", "P3 throw", "P4 throw")
    assert legal_verbs(defends) == {"defend", "miss", "stand"}
    expect_illegal("LOO-DECL-8", defends.throw_up, "P5", mentions=("P5",))
    act(defends, "P5 defend")
    assert defends.players == (0, 4) and defends.to_act == 0
    act(defends, "P1 play KH", "P5 play AH", "P5 play 3H", "P1 play QH", "P1 play JH", "P5 play 4H")
    # 13 in the pool: the miss's 5 is carried; P1 takes 4 + 4; the dealer neither pays nor receives on the tricks.
    assert defends.net == [8, 0, 0, 0, 0, -3]
    assert defends.pool_total == 5
    assert conserved(defends, 10)


def test_loo_var_dealer_stands_out_neither_pays_nor_receives_on_tricks() -> None:
    """LOO-VAR-DEALER-STANDS-OUT: the dealer neither pays nor receives on the tricks of that hand."""
    deal = LooDeal(STANDS_OUT, SIX, dealer="P3", pool=12)
    deal.deal(21)
    play_out(deal, random.Random(21))
    assert deal.net[2] == -3
    assert 2 not in deal.looed
    assert all(2 not in t.seats for t in deal.tricks)
    assert conserved(deal, 12)


def test_loo_var_dealer_stands_out_only_above_the_limit() -> None:
    """LOO-VAR-DEALER-STANDS-OUT: with five players (not more than five) the dealer plays as usual."""
    deal = LooDeal(STANDS_OUT, ["P1", "P2", "P3", "P4", "P5"], dealer="P5")
    deal.deal(2)
    assert deal.dealt[4].bit_count() == 3
    act(deal, "P1 throw", "P2 throw", "P3 throw", "P4 throw")
    assert deal.winner_without_play == 4  # the dealer himself


def test_loo_var_dealer_stands_out_in_a_peel_single() -> None:
    """LOO-VAR-DEALER-STANDS-OUT, §14.3: in a Peel single the dealer gets no card and is not looed."""
    deal = LooDeal(STANDS_OUT, SIX, dealer="P6", kind="single")
    deal.deal_cards({"P1": "2H", "P2": "KH", "P3": "4S", "P4": "JH", "P5": "3C"}, turnup="9H")
    assert deal.winner_without_play == 1
    assert deal.net == [-3, 3, -3, -3, -3, -3]
    assert 5 not in deal.looed


# -- LOO-VAR-32 ------------------------------------------------------------------------------------

PIQUET = PEEL.with_options(pack=32)


@pytest.mark.parametrize("seed", range(8))
def test_loo_var_32_piquet_pack(seed: int) -> None:
    """LOO-VAR-32: a 32-card pack (A to 7 in each suit) may be used."""
    deal = LooDeal(PIQUET, 9, dealer=seed % 9)
    deal.deal(seed)
    cards = [c for h in [*deal.dealt, deal.miss] for c in range(52) if h >> c & 1] + [deal.turnup]
    assert len(set(cards)) == 9 * 3 + 3 + 1
    assert all(rank_of(c) >= 5 for c in cards)  # seven (index 5) and above


def test_loo_var_32_fewer_players() -> None:
    """LOO-VAR-32: the number of players must be more limited: nine at most."""
    with pytest.raises(RecordError) as info:
        LooDeal(PIQUET, 10)
    assert info.value.field == "seats"
    LooDeal(PEEL, 10)  # fine with the full pack


def test_loo_var_32_low_cards_do_not_exist() -> None:
    """LOO-VAR-32: a two to six is not in the pack."""
    deal = LooDeal(PIQUET, SEATS, dealer="P2")
    with pytest.raises(RecordError) as info:
        deal.deal_cards(LX3_HANDS, miss="8C 9H 8D", turnup="7S")
    assert "LOO-VAR-32" in str(info.value)


def test_loo_var_32_otherwise_the_same_rules() -> None:
    """LOO-VAR-32: otherwise the same rules: LX-3 with piquet cards plays and settles alike."""
    hands = {"P3": "AS 8S 9D", "P4": "KD QD 7C", "P1": "JS 8H 7H", "P2": "KS TS TD"}
    deal = regular(hands, "8C 9H 8D", "7S", dealer="P2", pool=9, rules=PIQUET)
    act(deal, "P3 stand", "P4 stand", "P1 stand", "P2 stand")
    assert legal_cards(deal) == {"AS"}
    act(deal, "P3 play AS", "P4 play 7C", "P1 play JS", "P2 play TS")
    assert legal_cards(deal) == {"8S"}
    act(deal, "P3 play 8S", "P4 play QD", "P1 play 7H", "P2 play KS", "P2 play TD", "P3 play 9D", "P4 play KD")
    act(deal, "P1 play 8H")
    assert [t.winner for t in deal.tricks] == [2, 1, 3]
    assert deal.net == [-6, 1, 4, 4]


# -- LOO-VAR-MISS-DEAL-ORDER -----------------------------------------------------------------------


def test_loo_var_miss_deal_order_first_in_each_round() -> None:
    """LOO-VAR-MISS-DEAL-ORDER: the miss card may be dealt first in each round (EW §96 iv)."""
    hands, miss, turnup = deal_order(list(range(16)), [2, 3, 0, 1], miss_order="first")
    assert miss == [0, 5, 10]
    assert hands == {2: [1, 6, 11], 3: [2, 7, 12], 0: [3, 8, 13], 1: [4, 9, 14]}
    assert turnup == 15


def test_loo_var_miss_deal_order_last_in_each_round() -> None:
    """LOO-VAR-MISS-DEAL-ORDER: ... or last in each round, after the dealer's own card (Peel's order)."""
    hands, miss, turnup = deal_order(list(range(16)), [2, 3, 0, 1], miss_order="peel")
    assert miss == [4, 9, 14]
    assert hands[1] == [3, 8, 13]
    assert turnup == 15


def test_loo_var_miss_deal_order_three_at_the_end() -> None:
    """C-LOO-13 MISS_AT_END: the miss dealt three at once after the hands."""
    hands, miss, turnup = deal_order(list(range(16)), [2, 3, 0, 1], miss_order="at_end")
    assert hands == {2: [0, 4, 8], 3: [1, 5, 9], 0: [2, 6, 10], 1: [3, 7, 11]}
    assert (miss, turnup) == ([12, 13, 14], 15)


def test_loo_var_miss_deal_order_every_card_once() -> None:
    """LOO-VAR-MISS-DEAL-ORDER: whichever order, each player and the miss get three cards and the next is turned."""
    shuffled = list(range(52))
    random.Random(5).shuffle(shuffled)
    for order in ("peel", "first", "at_end"):
        hands, miss, turnup = deal_order(shuffled, [1, 2, 3, 4, 0], miss_order=order)
        dealt = [c for h in hands.values() for c in h] + miss
        assert sorted(dealt) == sorted(shuffled[:18])
        assert turnup == shuffled[18]
        assert all(len(h) == 3 for h in hands.values()) and len(miss) == 3
