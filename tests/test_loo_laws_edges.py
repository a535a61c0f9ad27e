"""Table mode where the laws meet Five-card Loo and the sitting: offenders and flushes, a replay after the
flushes' turn (§14.34), the end of the game after a misdeal or a penalty, and the rule a refused law cites.

Each case came from a review of the merged laws against RULES.md; the figures are worked by hand beside them.
"""

from __future__ import annotations

import pytest

from roundgames import IllegalActionError
from roundgames.loo.deal import LooDeal
from roundgames.records.deal import DealRecord, referee, replay
from roundgames.records.sitting import sitting_from_records

# Five-card Loo, three seats, dealer P3, spades trumps, Pam the knave of clubs (P3's). P1 holds a heart flush, P3
# Pam and four diamonds, also a flush (LOO5-6).
FIVE = {"P1": "AH KH QH 9H 2H", "P2": "AS KS QS 3D 2C", "P3": "JC 8D 7D 6D 5D", "turnup": "4S", "stock": "TC 9C 8C"}


def five(actions: list[str], cards: dict[str, str] | None = None) -> DealRecord:
    return DealRecord(
        game="loo",
        variant="five-card",
        mode="table",
        seats=["P1", "P2", "P3"],
        dealer="P3",
        cards=dict(cards or FIVE),
        actions=actions,
    )


def test_loo_law_0b_an_offender_cannot_win_the_pool_with_a_flush() -> None:
    """LOO-LAW-0b ("the player who transgressed the law does not win anything") with LOO-LAW-8: P1 stood, then
    looked at another hand: he pays a full loo (5) into this pool and plays for it; his flush is not his to show."""
    rec = five(["P1 stand", "P1 irregular LOO-LAW-8", "P2 stand", "P3 throw"])
    deal = replay(rec).deal
    assert isinstance(deal, LooDeal) and deal.offenders == {0}
    assert deal.flush_of(0) is not None  # he does hold one
    # no flush is shown (§14.34 asks it of those who may win by it): P1 leads
    assert deal.to_act == 0 and all(a.verb == "play" for a in deal.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        deal.flush(0)
    assert info.value.rule == "LOO-LAW-0b"
    rec.actions.append("P1 flush")
    ruling = referee(rec)
    assert ruling["error"] is not None and ruling["error"]["rule"] == "LOO-LAW-0b"
    # nothing changed by the refusal: the dealer's 5 and P1's penalty 5 are in the pool
    assert ruling["net"] == {"P1": -5, "P2": 0, "P3": -5} and ruling["pool"] == 10


def test_loo_law_8_a_forced_thrower_takes_no_pool_with_a_flush() -> None:
    """LOO-LAW-8 before declaring (§14.21): P3, the dealer, looked at another hand and must throw up; when P1
    and P2 throw up too he would take the pool (LOO-DECL-7), but an offender takes nothing, flush or not: the
    pool (5 stake + 5 penalty) is carried whole."""
    ruling = referee(five(["P3 irregular LOO-LAW-8", "P1 throw", "P2 throw"]))
    assert ruling["complete"] and ruling["net"] == {"P1": 0, "P2": 0, "P3": -10} and ruling["pool"] == 10


def test_clarification_34_loo5_6_a_replay_shows_no_flush() -> None:
    """LOO5-6, §14.34 with LOO-LAW-0b: flushes are shown after the declaring, before the first lead, or never.
    P1 stood, then looked at another hand: an offender shows no flush and plays for the pool (LOO-LAW-8); P3
    threw his up. P2's revoke (2C on a heart lead, holding 3H) orders the replay from the first lead, in which
    nobody may show a flush either: P1 leads again."""
    cards = {**FIVE, "P2": "AS KS 3H 3D 2C"}
    actions = ["P1 stand", "P1 irregular LOO-LAW-8", "P2 stand", "P3 throw", "P1 play AH", "P2 play 2C"]
    deal = replay(five(actions, cards)).deal
    assert isinstance(deal, LooDeal) and [i.rule for i in deal.irregularities] == ["LOO-LAW-8", "LOO-LAW-14"]
    assert not deal.tricks and not deal.trick_cards and deal.to_act == 0  # the replay, from the first lead
    assert all(a.verb == "play" for a in deal.legal_actions())
    # P1 an offender, who wins nothing (LOO-LAW-0b); P3 out of the hand, who shows nothing (LOO5-6)
    for seat, rule in ((0, "LOO-LAW-0b"), (2, "LOO5-6")):
        assert not deal.can_flush(seat)
        with pytest.raises(IllegalActionError) as info:
            deal.flush(seat)
        assert info.value.rule == rule


# Three seats; clubs trumps and nobody holds one. Played legally with A, B, C standing, each takes one trick:
# A's AS, then B's AH (heading 2H), then C's AD (heading 3D); nobody is looed.
HANDS = {"A": "AS 2H 2D", "B": "AH 3S 3D", "C": "AD 4S 4H", "miss": "7S 8H 9D", "turnup": "9C"}


def chain(*scripts: tuple[str, list[str]] | tuple[str, list[str], dict[str, str]]) -> list[DealRecord]:
    """Table-mode records of successive deals (dealer, actions), each following on from the last; no singles
    (``single: none``), so that every deal is regular whether or not a seat was looed."""
    out: list[DealRecord] = []
    pool = 0
    for dealer, actions, *cards in scripts:
        rec = DealRecord(
            game="loo",
            mode="table",
            options={"single": "none"},
            seats=["A", "B", "C"],
            dealer=dealer,
            pool=pool,
            cards=cards[0] if cards else HANDS,
            actions=actions,
        )
        deal = replay(rec).deal
        assert isinstance(deal, LooDeal) and deal.is_complete
        pool = deal.pool_total
        out.append(rec)
    return out


# A's and B's deals: the others throw up and the dealer takes the pool (LOO-DECL-7).
A_DEALS = ("A", ["B throw", "C throw"])
B_DEALS = ("B", ["C throw", "A throw"])
EACH_A_TRICK = ["A stand", "B stand", "C stand", "A play AS", "B play 3S", "C play 4S"]
EACH_A_TRICK += ["A play 2H", "B play AH", "C play 4H", "B play 3D", "C play AD", "A play 2D"]


# C's deal with loos: B's aces take every trick; A and C are looed.
ACES = {"A": "2S 2H 2D", "B": "AS AH AD", "C": "KS KH KD", "miss": "7S 8H 9D", "turnup": "9C"}
C_PLAY = ["A stand", "B stand", "C stand", "A play 2S", "B play AS", "C play KS"]
C_PLAY += ["B play AH", "C play KH", "A play 2H", "B play AD", "C play KD", "A play 2D"]
C_LOOS = ("C", C_PLAY, ACES)


def test_loo_end_1_a_misdeal_never_ends_the_game() -> None:
    """LOO-END-1 with LOO-LAW-1 and §14.8: a misdeal is void and the same dealer deals again; it is not a deal
    "with no loo". One round: A, B and C have dealt, C's deal had loos, so the game goes on; A's next deal is a
    misdeal: the game still goes on, and A deals again."""
    records = chain(A_DEALS, B_DEALS, C_LOOS, ("A", ["A irregular LOO-LAW-1"]))
    sitting = sitting_from_records(records)
    assert not sitting.is_over
    assert sitting.dealer == "A" and sitting.deal_counts == {"A": 1, "B": 1, "C": 1}
    assert sitting.kind.value == "regular"  # a deal of the same kind (§14.8)
    # the control: had A's deal been played with no loo, the game would have ended there (LOO-END-1)
    assert sitting_from_records(chain(A_DEALS, B_DEALS, C_LOOS, A_DEALS)).is_over


def test_loo_end_1_a_full_loo_penalty_counts_as_a_loo() -> None:
    """LOO-END-1 (b) "no loo, so that a single would follow", with §14.5: C's deal ends the round. Played
    properly, each seat takes a trick and nobody is looed, so the game ends there; with B's throw after the lead
    (LOO-LAW-16: a full loo, he plays on, his trick carried) a full-loo penalty was paid, a regular deal follows,
    and the game goes on."""
    clean = sitting_from_records(chain(A_DEALS, B_DEALS, ("C", EACH_A_TRICK)))
    assert clean.is_over
    irregular = [*EACH_A_TRICK[:4], "B irregular LOO-LAW-16", *EACH_A_TRICK[4:]]
    records = chain(A_DEALS, B_DEALS, ("C", irregular))
    deal = replay(records[-1]).deal
    assert isinstance(deal, LooDeal) and not deal.looed and deal.full_loo_penalty
    sitting = sitting_from_records(records)
    assert not sitting.is_over and sitting.kind.value == "regular"


def lx10(actions: list[str], options: dict[str, object] | None = None) -> DealRecord:
    """A table-mode record of RULES.md LX-10's deal (four seats, dealer P4, record pool 9, spades trumps)."""
    return DealRecord(
        game="loo",
        mode="table",
        options=dict(options or {}),
        seats=["P1", "P2", "P3", "P4"],
        dealer="P4",
        pool=9,
        cards={
            "P1": "AH 2S 9C",
            "P2": "KH 7D 4S",
            "P3": "QH 8C 3D",
            "P4": "JH 5D 2C",
            "miss": "7S 4H TC",
            "turnup": "6S",
        },
        actions=actions,
    )


def test_loo_law_4_refused_after_the_declaring_cites_loo_law_4() -> None:
    """§14.10: a law that cannot apply now is refused citing the law invoked. Looking at one's own cards early
    (LOO-LAW-4) means nothing once the declaring is over."""
    rec = lx10(["P1 stand", "P2 stand", "P3 stand", "P4 throw", "P2 irregular LOO-LAW-4"])
    error = referee(rec)["error"]
    assert error is not None and error["rule"] == "LOO-LAW-4" and error["index"] == 4


def test_loo_law_1_ew_flat_misdeal_under_unlimited_loo_is_a_loo_of_the_pool_dealt_for() -> None:
    """LOO-LAW-1 under ``penalty_scale: ew_flat`` (C-LOO-7: every irregularity costs a loo) and unlimited loo
    (LOO-LAW-19): the void deal's stake is not charged (§14.8), so the loo is of the pool the deal was dealt for,
    9, not of 12 with the stake that is handed back: P4 -9, the pool 9 + 9 = 18."""
    rec = lx10(["P4 irregular LOO-LAW-1"], {"penalty_scale": "ew_flat", "loo_mode": "unlimited"})
    ruling = referee(rec)
    assert ruling["irregularities"] == [
        {"index": 0, "seat": "P4", "rule": "LOO-LAW-1", "penalty": 9, "pool": "current"}
    ]
    assert ruling["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": -9} and ruling["pool"] == 18
    assert ruling["next"] == {"dealer": "P4", "kind": "regular"}


def test_loo_law_11_with_a_free_pam_the_ace_of_trumps_must_be_led() -> None:
    """LOO-LAW-11 in Five-card Loo: P1 holds the ace of trumps (AS) and Pam (JC). With Pam a trump, Pam is the
    highest of his two trumps and must be led, so a heart led breaks LOO-LAW-12 (§14.15); under ``pam_free`` Pam
    is no trump, the ace rule applies, and the same heart breaks LOO-LAW-11."""
    cards = {
        "P1": "AS JC 9H 2H 3D",
        "P2": "KS QS 5D 2C 4H",
        "P3": "8D 7D 6D 5H 6H",
        "turnup": "4S",
        "stock": "TC 9C 8C",
    }
    actions = ["P1 stand", "P2 stand", "P3 stand", "P1 play 9H"]
    trump_pam = referee(five(actions, cards))
    free = five(actions, cards)
    free.options = {"pam_free": True}
    assert [i["rule"] for i in trump_pam["irregularities"]] == ["LOO-LAW-12"]
    assert [i["rule"] for i in referee(free)["irregularities"]] == ["LOO-LAW-11"]
