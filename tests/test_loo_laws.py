"""The laws of Three-card Loo in table mode (RULES.md §5 LOO-LAW-0a..20, §14; DEAL-RECORD.md ``mode: table``).

Each test is named after its law and checks, through records and the referee (or the deal's public API), what
the law orders: the penalty, the pool it goes into, and the consequence (the replay, the forfeit, the forced
throw, the void deal). Unless a test says otherwise the deal is LX-10's (RULES.md §10.1): dealer P4, a record
pool of 9 (12 with P4's stake), spades trumps; P1 ``AH 2S 9C``, P2 ``KH 7D 4S``, P3 ``QH 8C 3D``; P1, P2 and
P3 stand and P4 throws up. Played properly, P1 takes trick 1 and P2 tricks 2 and 3: P1 +4, P2 +8, P3 looed 6.
The choices made where RULES.md is silent are in docs/loo-laws.md.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from roundgames.core.cards import card_str
from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.games.base import Irregularity
from roundgames.loo.deal import Decl, Kind, LooAction, LooDeal, Phase
from roundgames.loo.laws import LAWS
from roundgames.records.deal import DealRecord, loads, record_of, referee, replay

SEATS = ["P1", "P2", "P3", "P4"]
LX10 = {"P1": "AH 2S 9C", "P2": "KH 7D 4S", "P3": "QH 8C 3D", "P4": "JH 5D 2C", "miss": "7S 4H TC", "turnup": "6S"}
DECL = ["P1 stand", "P2 stand", "P3 stand", "P4 throw"]
# LX-10's proper play: P1 AH wins trick 1; P2 4S wins trick 2, 7D trick 3.
PROPER = ["P1 play AH", "P2 play KH", "P3 play QH", "P1 play 2S", "P2 play 4S", "P3 play 3D"]
PROPER += ["P2 play 7D", "P3 play 8C", "P1 play 9C"]
PROPER_WINNERS = ["P1", "P2", "P2"]
# LX-4 (nobody looed: the next deal is a single): dealer P3, record pool 6.
LX4 = {"P4": "6S KH 4D", "P1": "2D 9C 7C", "P2": "TS 8S 3S", "P3": "2S JD 9D", "miss": "QH 3H AC", "turnup": "5H"}
LX4_DECL = ["P4 stand", "P1 miss", "P2 throw", "P3 throw"]
LX4_PLAY = ["P4 play 6S", "P1 play 3H", "P1 play QH", "P4 play KH", "P4 play 4D", "P1 play AC"]


def record(
    actions: list[str],
    *,
    options: dict[str, Any] | None = None,
    cards: dict[str, str] = LX10,
    dealer: str = "P4",
    pool: int = 9,
    variant: str = "peel",
    kind: str = "regular",
) -> DealRecord:
    """A table-mode record of a four-seat deal."""
    return loads(
        json.dumps(
            {
                "format": "roundgames-deal/1",
                "game": "loo",
                "variant": variant,
                "options": options or {},
                "mode": "table",
                "seats": SEATS,
                "dealer": dealer,
                "pool": pool,
                "kind": kind,
                "cards": cards,
                "actions": actions,
            }
        )
    )


def ruling(actions: list[str], **kw: Any) -> dict[str, Any]:
    """The referee's ruling on the record; money is conserved in every ruling (DEAL-RECORD.md)."""
    rec = record(actions, **kw)
    out = referee(rec)
    assert sum(out["net"].values()) + out["pool"] - rec.pool == 0, out
    return out


def table(actions: list[str], **kw: Any) -> LooDeal:
    """The deal after the actions, every one of them accepted."""
    result = replay(record(actions, **kw))
    assert result.error is None, result.error
    assert isinstance(result.deal, LooDeal)
    return result.deal


def refused(actions: list[str], bad: str, **kw: Any) -> IllegalActionError:
    """``bad`` after ``actions`` raises IllegalActionError and changes nothing."""
    deal = table(actions, **kw)
    before = (record_of(deal), deal.net, deal.pool_total, deal.to_act, list(deal.irregularities), deal.hands[:])
    with pytest.raises(IllegalActionError) as info:
        deal.apply(deal.parse_action(bad))
    assert not deal.can(deal.parse_action(bad))
    assert (record_of(deal), deal.net, deal.pool_total, deal.to_act, list(deal.irregularities), deal.hands[:]) == before
    return info.value


def irr(index: int, seat: str, rule: str, penalty: int, pool: str | None) -> dict[str, Any]:
    return {"index": index, "seat": seat, "rule": rule, "penalty": penalty, "pool": pool}


def winners(r: dict[str, Any]) -> list[str]:
    return [t["winner"] for t in r["tricks"]]


def legal(deal: LooDeal) -> list[str]:
    return sorted(deal.action_str(a) for a in deal.legal_actions())


# -- the general principles ----------------------------------------------------------------------------


def test_loo_law_0a_single_before_play_full_loo_in_play() -> None:
    """LOO-LAW-0a: before play a single S, at once into the current pool, the offender keeping his chance; in play
    a full loo into the next pool. P2 looks at his cards early (3 into this pool: tricks worth 5), then revokes
    (6 into the next pool): P1 +5, P2's 10 carried, P3 looed 6; next pool 10 + 6 + 6."""
    r = ruling(["P2 irregular LOO-LAW-4", *DECL, "P1 play AH", "P2 play 4S", *PROPER])
    assert r["irregularities"] == [irr(0, "P2", "LOO-LAW-4", 3, "current"), irr(6, "P2", "LOO-LAW-14", 6, "next")]
    assert r["net"] == {"P1": 5, "P2": -9, "P3": -6, "P4": -3}
    assert r["pool"] == 22


def test_loo_law_0a_named_by_the_principle() -> None:
    """LOO-LAW-0a named as the irregularity: a single into this pool before play; in play a full loo into the next
    pool with the replay (as LOO-LAW-17)."""
    before = table(["P1 stand", "P3 irregular LOO-LAW-0a"])
    assert before.irregularities == [Irregularity(1, 2, "LOO-LAW-0a", 3, "current")]
    assert before.seats[before.to_act or 0] == "P2" and before.pool == 15
    during = table([*DECL, "P1 play AH", "P2 play KH", "P3 irregular LOO-LAW-0a"])
    assert during.irregularities == [Irregularity(6, 2, "LOO-LAW-0a", 6, "next")]
    assert during.trick_cards == [] and during.offenders == {2}


def test_loo_law_0b_replay_decides_for_the_others() -> None:
    """LOO-LAW-0b: the hand is replayed in proper order and the replayed result decides the deal for everyone else;
    nobody wins through another's irregularity. Had P2's revoke 4S stood, it would have taken trick 1 and P1 the
    other two (+8); replayed, P1 takes trick 1 only (+4) and P2's two tricks stay in the pool."""
    stood_play = ["P1 play AH", "P2 play 4S", "P3 play QH", "P2 play KH", "P3 play 3D", "P1 play 2S"]
    stood = ruling([*DECL, *stood_play, "P1 play 9C", "P2 play 7D", "P3 play 8C"], options={"revoke_replay": "none"})
    replayed = ruling([*DECL, "P1 play AH", "P2 play 4S", *PROPER])
    assert winners(stood) == ["P2", "P1", "P1"] and stood["net"]["P1"] == 8
    assert winners(replayed) == PROPER_WINNERS and replayed["net"]["P1"] == 4
    assert replayed["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3}
    assert replayed["pool"] == 20  # P2's two shares (8) + his penalty 6 + P3's loo 6


def test_loo_law_0c_offender_looed_once() -> None:
    """LOO-LAW-0c: the offender pays one full loo for the deal even if he takes no trick in the replay;
    ``offender_double_loo`` (C-LOO-14) adds his ordinary loo. P3 plays QH before P2 (LOO-LAW-10)."""
    actions = [*DECL, "P1 play AH", "P3 play QH", *PROPER]
    once = ruling(actions)
    assert once["irregularities"] == [irr(5, "P3", "LOO-LAW-10", 6, "next")]
    assert once["net"] == {"P1": 4, "P2": 8, "P3": -6, "P4": -3} and once["pool"] == 6
    twice = ruling(actions, options={"offender_double_loo": True})
    assert twice["net"] == {"P1": 4, "P2": 8, "P3": -12, "P4": -3} and twice["pool"] == 12


def test_loo_law_0c_offender_double_loo_only_without_a_trick() -> None:
    """``offender_double_loo``: the ordinary loo is for taking no trick, so an offender whose cards take tricks in
    the replay (carried) pays the penalty only."""
    r = ruling([*DECL, "P1 play AH", "P2 play 4S", *PROPER], options={"offender_double_loo": True})
    assert r["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3}


def test_loo_law_0d_replay_procedure() -> None:
    """LOO-LAW-0d: at the irregular card the offender is charged, every card goes back to its hand, and play
    restarts from the first lead with the same leader, legality enforced."""
    deal = table([*DECL, "P1 play AH", "P2 play KH", "P3 play QH", "P1 play 2S", "P2 play 4S", "P3 play 8C"])
    assert deal.tricks and deal.hands[0] != deal.dealt[0]
    deal.apply(deal.parse_action("P2 play 7D"))  # P2 won trick 2 and leads
    assert deal.irregularities == []
    deal.apply(deal.parse_action("P1 play 9C"))  # P3 is to play next: P1 plays out of turn
    assert deal.irregularities == [Irregularity(11, 0, "LOO-LAW-10", 6, "next")]
    assert deal.tricks == [] and deal.trick_cards == [] and deal.won == [0, 0, 0, 0]
    assert deal.hands == [*deal.dealt[:3], 0]  # every card back; P4 threw up
    assert deal.to_act == 0 and deal.phase is Phase.PLAY
    assert legal(deal) == ["P1 play 2S", "P1 play 9C", "P1 play AH"]
    for text in PROPER:
        deal.apply(deal.parse_action(text))
    assert deal.is_complete and [t.winner for t in deal.tricks] == [0, 1, 1]
    assert deal.net == [-6, 8, -6, -3]  # P1's share carried; P3 looed; P1 pays the penalty only


def test_loo_law_0d_two_offenders_are_both_offenders() -> None:
    """LOO-LAW-0d: if two players offend, both are offenders: each pays a full loo, neither is looed again, and
    what either takes in the replay stays in the pool."""
    r = ruling([*DECL, "P1 play AH", "P2 play 4S", "P1 play AH", "P3 play QH", *PROPER])
    assert r["irregularities"] == [irr(5, "P2", "LOO-LAW-14", 6, "next"), irr(7, "P3", "LOO-LAW-10", 6, "next")]
    assert r["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3}
    assert r["pool"] == 20  # P2's shares 8, two penalties; P3 not looed a second time
    deal = table([*DECL, "P1 play AH", "P2 play 4S", "P1 play AH", "P3 play QH"])
    assert deal.offenders == {1, 2}


# -- before play -------------------------------------------------------------------------------------------


def test_loo_law_1_misdeal_dealer_looed_and_deals_again() -> None:
    """LOO-LAW-1, §14.8, §14.20: the dealer is looed S into the current pool, the void deal's stake is not
    charged, the ruling is complete and the same dealer deals a deal of the same kind."""
    r = ruling(["P1 stand", "P4 irregular LOO-LAW-1 5D"])
    assert r["complete"] and r["tricks"] == [] and r["next"] == {"dealer": "P4", "kind": "regular"}
    assert r["irregularities"] == [irr(1, "P4", "LOO-LAW-1", 3, "current")]
    assert r["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": -3} and r["pool"] == 12
    ew = record(["P4 irregular LOO-LAW-1"], kind="ew_single", cards={k: v for k, v in LX10.items() if k != "miss"})
    deal = replay(ew).deal
    assert isinstance(deal, LooDeal) and deal.is_complete
    assert deal.next_kind is Kind.EW_SINGLE and deal.next_dealer == 3
    all_ante = ruling(["P4 irregular LOO-LAW-1"], options={"ante": "all"})
    assert all_ante["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": -3}  # every stake of the void deal returned


def test_loo_law_1_misdeal_is_the_dealers_before_play() -> None:
    """LOO-LAW-1 is the dealer's fault, found before play; its card must be a card."""
    assert refused([], "P2 irregular LOO-LAW-1").rule == "LOO-LAW-1"
    assert refused([*DECL], "P4 irregular LOO-LAW-1").rule == "LOO-LAW-1"
    with pytest.raises(RecordError):
        replay(record(["P4 irregular LOO-LAW-1 1Z"]))


def test_loo_law_2_interfering_single_and_redeal_if_mixed_or_exposed() -> None:
    """LOO-LAW-2: interfering with the deal costs S (current pool); no re-deal unless the cards were mixed or a
    card exposed; then the same dealer re-deals and is not penalised."""
    r = ruling(["P2 irregular LOO-LAW-2", *DECL, *PROPER])
    assert r["irregularities"] == [irr(0, "P2", "LOO-LAW-2", 3, "current")]
    assert r["net"] == {"P1": 5, "P2": 7, "P3": -6, "P4": -3}  # the pool of 15 divided, P2 keeping his chance
    for arg in ("mixed", "QS"):
        void = ruling([f"P2 irregular LOO-LAW-2 {arg}"])
        assert void["complete"] and void["next"] == {"dealer": "P4", "kind": "regular"}
        assert void["net"] == {"P1": 0, "P2": -3, "P3": 0, "P4": 0} and void["pool"] == 12


def test_loo_law_3_dealing_out_of_turn() -> None:
    """LOO-LAW-3 [D]: found before the first declaration, the deal is void, the wrong dealer's stake returned and
    the proper dealer deals, without penalty; found later, the deal stands and passes to the left."""
    void = ruling(["P4 irregular LOO-LAW-3 P3"])
    assert void["complete"] and void["next"] == {"dealer": "P3", "kind": "regular"}
    assert void["irregularities"] == [irr(0, "P4", "LOO-LAW-3", 0, None)]
    assert void["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": 0} and void["pool"] == 9
    later = ruling(["P1 stand", "P4 irregular LOO-LAW-3 P3", *DECL[1:], *PROPER])
    assert later["irregularities"] == [irr(1, "P4", "LOO-LAW-3", 0, None)]
    assert later["net"] == {"P1": 4, "P2": 8, "P3": -6, "P4": -3} and later["next"]["dealer"] == "P1"
    assert refused([], "P4 irregular LOO-LAW-3 P4").rule == "LOO-LAW-3"
    with pytest.raises(RecordError):
        replay(record(["P4 irregular LOO-LAW-3"]))


def test_loo_law_4_looking_at_own_cards_early() -> None:
    """LOO-LAW-4 (LX-12): S at once into the current pool (12 -> 15, tricks worth 5); he declares and plays."""
    r = ruling(["P1 stand", "P3 irregular LOO-LAW-4", *DECL[1:], *PROPER])
    assert r["irregularities"] == [irr(1, "P3", "LOO-LAW-4", 3, "current")]
    assert r["net"] == {"P1": 5, "P2": 10, "P3": -9, "P4": -3} and r["pool"] == 6
    assert refused(["P1 stand"], "P2 irregular LOO-LAW-4").rule == "LOO-LAW-4"  # his turn: he may look
    assert refused(["P1 stand"], "P1 irregular LOO-LAW-4").rule == "LOO-LAW-4"  # he has declared


def test_loo_law_5_declaring_out_of_turn_binds_recorded_once_clarification_27() -> None:
    """LOO-LAW-5, §14.27: a declaration out of turn costs S at once and binds; it is recorded once, where it was
    made, and takes effect at his proper turn by itself, so the next seat's declaration is in turn. Had he said
    miss and the miss is taken by then, he stands (LOO-LAW-5 [I])."""
    deal = table(["P1 stand", "P3 throw"])
    assert deal.irregularities == [Irregularity(1, 2, "LOO-LAW-5", 3, "current")]
    assert deal.seats[deal.to_act or 0] == "P2" and deal.pool == 15
    deal.apply(deal.parse_action("P2 stand"))
    assert deal.decls[2] is Decl.THROW and deal.seats[deal.to_act or 0] == "P4"
    assert legal(deal) == ["P4 miss", "P4 stand", "P4 throw"]
    assert refused(["P1 stand", "P3 throw", "P2 stand"], "P3 stand").rule == "LOO-DECL-5"  # no second entry
    miss = table(["P3 miss", "P1 miss", "P2 stand"])
    assert miss.decls[2] is Decl.STAND and legal(miss) == ["P4 stand", "P4 throw"]
    stated = table(["P3 irregular LOO-LAW-5 throw", "P1 stand", "P2 stand"])
    assert stated.decls[2] is Decl.THROW and stated.irregularities[0].rule == "LOO-LAW-5"
    assert legal(stated) == ["P4 miss", "P4 stand", "P4 throw"]
    assert [deal.action_str(a) for a in stated.log] == ["P3 irregular LOO-LAW-5 throw", "P1 stand", "P2 stand"]
    assert refused(["P3 throw"], "P3 stand").rule == "LOO-DECL-5"  # no second declaration
    assert refused([], "P3 defend").rule == "LOO-DECL-8"


def test_loo_law_5_clarification_33_a_dealers_throw_that_meets_a_lone_stander_counts_as_defend() -> None:
    """LOO-LAW-5, §14.33: a dealer who said 'throw' out of turn and then finds one player alone in (LOO-DECL-8,
    ``must_defend``) may not throw up: his declaration counts as the nearest one open, ``defend``. His turn is
    skipped, the miss is his, and the lone stander leads (§14.11)."""
    deal = table(["P1 stand", "P4 throw", "P2 throw", "P3 throw"])
    assert deal.decls == [Decl.STAND, Decl.THROW, Decl.THROW, Decl.DEFEND] and deal.miss_holder == 3
    assert deal.phase is Phase.PLAY and deal.players == (0, 3) and deal.seats[deal.to_act or 0] == "P1"
    assert deal.irregularities == [Irregularity(1, 3, "LOO-LAW-5", 3, "current")]


def test_loo_law_6_looking_at_the_miss() -> None:
    """LOO-LAW-6: looking at the miss without taking it costs S into the current pool; he may still play. Once the
    miss is taken it is a hand, and looking at it is LOO-LAW-8."""
    r = ruling(["P1 stand", "P3 irregular LOO-LAW-6", *DECL[1:], *PROPER])
    assert r["irregularities"] == [irr(1, "P3", "LOO-LAW-6", 3, "current")]
    assert r["net"]["P3"] == -9
    assert refused(["P1 miss"], "P3 irregular LOO-LAW-6").rule == "LOO-LAW-6"


def test_loo_law_7_looking_at_thrown_up_cards_or_pack() -> None:
    """LOO-LAW-7: S at once into the current pool, even during play; he plays on (tricks worth 5)."""
    r = ruling([*DECL, "P1 play AH", "P1 irregular LOO-LAW-7", *PROPER[1:]])
    assert r["irregularities"] == [irr(5, "P1", "LOO-LAW-7", 3, "current")]
    assert r["net"] == {"P1": 2, "P2": 10, "P3": -6, "P4": -3} and r["pool"] == 6
    assert winners(r) == PROPER_WINNERS  # no replay


def test_loo_law_8_looking_at_another_hand_before_declaring_must_throw() -> None:
    """LOO-LAW-8, §14.4, §14.21: a full loo at once into the current pool; not yet declared, his only legal action
    at his turn is to throw up. P1 then takes all three tricks against P3 (the pool of 18)."""
    deal = table(["P2 irregular LOO-LAW-8", "P1 stand"])
    assert deal.irregularities == [Irregularity(0, 1, "LOO-LAW-8", 6, "current")]
    assert legal(deal) == ["P2 throw"]
    assert refused(["P2 irregular LOO-LAW-8", "P1 stand"], "P2 stand").rule == "LOO-LAW-8"
    heads_up = ["P1 play AH", "P3 play QH", "P1 play 2S", "P3 play 3D", "P1 play 9C", "P3 play 8C"]
    r = ruling(["P2 irregular LOO-LAW-8", "P1 stand", "P2 throw", "P3 stand", "P4 throw", *heads_up])
    assert r["net"] == {"P1": 18, "P2": -6, "P3": -6, "P4": -3} and r["pool"] == 6


def test_loo_law_8_forced_throw_overrides_the_dealers_duty() -> None:
    """LOO-LAW-8 and LOO-DECL-8: a dealer who must throw up leaves the lone stander the pool without play."""
    deal = table(["P1 stand", "P2 throw", "P3 throw", "P4 irregular LOO-LAW-8"])
    assert legal(deal) == ["P4 throw"]
    deal.apply(deal.parse_action("P4 throw"))
    assert deal.is_complete and deal.winner_without_play == 0
    assert deal.net == [18, 0, 0, -9]


def test_loo_law_8_offender_takes_no_pool_without_play() -> None:
    """LOO-LAW-8 [D]: what an offender would win stays in the pool, without play too. The dealer who looked
    at a hand while the others all threw up (LOO-DECL-7), or a lone stander who looked when the dealer concedes
    (LOO-VAR-DEALER-CONCEDE), takes nothing: the pool, his full loo in it, is carried."""
    dealer = ruling(["P4 irregular LOO-LAW-8", "P1 throw", "P2 throw", "P3 throw"])
    assert dealer["complete"] and dealer["net"] == {"P1": 0, "P2": 0, "P3": 0, "P4": -9} and dealer["pool"] == 18
    assert dealer["next"] == {"dealer": "P1", "kind": "regular"}  # a full-loo penalty counts as a loo (§14.5)
    concede = {"dealer_lone_stander": "may_concede"}
    stander = ruling(["P1 stand", "P1 irregular LOO-LAW-8", "P2 throw", "P3 throw", "P4 throw"], options=concede)
    assert stander["net"] == {"P1": -6, "P2": 0, "P3": 0, "P4": -3} and stander["pool"] == 18


def test_loo_law_8_declared_plays_for_the_pool_and_look_penalty_pool() -> None:
    """LOO-LAW-8: having stood, he must play, and what he wins stays in the pool. The loo goes into the current
    pool (12 -> 18, Peel, §14.4), or under ``look_penalty_pool: next`` into the next (HOF law 17)."""
    actions = ["P1 stand", "P2 stand", "P2 irregular LOO-LAW-8", *DECL[2:], *PROPER]
    current = ruling(actions)
    assert current["irregularities"] == [irr(2, "P2", "LOO-LAW-8", 6, "current")]
    assert current["net"] == {"P1": 6, "P2": -6, "P3": -6, "P4": -3} and current["pool"] == 18
    nxt = ruling(actions, options={"look_penalty_pool": "next"})
    assert nxt["irregularities"] == [irr(2, "P2", "LOO-LAW-8", 6, "next")]
    assert nxt["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3} and nxt["pool"] == 20
    assert winners(current) == PROPER_WINNERS  # no replay (§14.4)


def test_loo_law_8_under_club_law_he_stands_and_plays_for_the_pool() -> None:
    """LOO-LAW-8 under club law [D]: all must stand, so the offender stands and plays for the pool."""
    deal = table(["P2 irregular LOO-LAW-8", "P1 stand"], options={"club_law": True}, cards={**LX10, "turnup": "6C"})
    assert legal(deal) == ["P2 stand"] and deal.offenders == {1}


def test_loo_law_9_informing() -> None:
    """LOO-LAW-9: before play a full loo at once into the current pool (§14.4); in play a full loo into the next
    pool and the replay (LOO-LAW-0b)."""
    before = ruling(["P1 stand", "P3 irregular LOO-LAW-9", *DECL[1:], *PROPER])
    assert before["irregularities"] == [irr(1, "P3", "LOO-LAW-9", 6, "current")]
    assert before["net"] == {"P1": 6, "P2": 12, "P3": -12, "P4": -3} and before["pool"] == 6
    during = ruling([*DECL, "P1 play AH", "P3 irregular LOO-LAW-9 KH", *PROPER])
    assert during["irregularities"] == [irr(5, "P3", "LOO-LAW-9", 6, "next")]
    assert during["net"] == {"P1": 4, "P2": 8, "P3": -6, "P4": -3} and during["pool"] == 6


# -- in play ---------------------------------------------------------------------------------------------------


def test_loo_law_10_leading_out_of_turn() -> None:
    """LOO-LAW-10: P2 leads before P1: a full loo into the next pool and the replay; his winnings are carried."""
    r = ruling([*DECL, "P2 play 7D", *PROPER])
    assert r["irregularities"] == [irr(4, "P2", "LOO-LAW-10", 6, "next")]
    assert r["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3} and r["pool"] == 20


def test_loo_law_10_replay_differs_from_the_irregular_play() -> None:
    """LOO-LAW-10 in trick 2: P3 leads 3D while P1 should lead. Left standing (``revoke_replay: none``) P1 trumps
    it and takes tricks 1 and 2 (+8); replayed, P2 takes tricks 2 and 3 and P1 only trick 1 (+4). The seat whose
    turn it was plays next after a card out of turn that stands."""
    head = [*DECL, "P1 play AH", "P2 play KH", "P3 play QH", "P3 play 3D"]
    stood = table(head, options={"revoke_replay": "none"})
    assert stood.seats[stood.to_act or 0] == "P1" and legal(stood) == ["P1 play 2S"]
    rest = ["P1 play 2S", "P2 play 7D", "P1 play 9C", "P2 play 4S", "P3 play 8C"]
    r_stood = ruling([*head, *rest], options={"revoke_replay": "none"})
    assert winners(r_stood) == ["P1", "P1", "P2"]
    assert r_stood["net"] == {"P1": 8, "P2": 4, "P3": -6, "P4": -3}
    r_replay = ruling([*head, *PROPER])
    assert winners(r_replay) == PROPER_WINNERS
    assert r_replay["net"] == {"P1": 4, "P2": 8, "P3": -6, "P4": -3}


ACE_DEAL = {"P1": "AS 2H 9C", "P2": "KH 7D 4S", "P3": "QH 8C 3D", "P4": "JH 5D 2C", "miss": "7S 4H TC", "turnup": "6S"}


def test_loo_law_11_first_lead_not_the_ace_of_trumps() -> None:
    """LOO-LAW-11: P1 holds the ace of trumps and leads 2H. Left to stand, P2's KH would take trick 1; replayed,
    P1's AS takes it, for the pool. P1 pays 6 and his 4 stay; P2 +8; P3 looed; next pool 4 + 6 + 6."""
    replayed = ["P1 play AS", "P2 play 4S", "P3 play 3D", "P1 play 2H", "P2 play KH", "P3 play QH"]
    replayed += ["P2 play 7D", "P3 play 8C", "P1 play 9C"]
    r = ruling([*DECL, "P1 play 2H", *replayed], cards=ACE_DEAL)
    assert r["irregularities"] == [irr(4, "P1", "LOO-LAW-11", 6, "next")]
    assert winners(r) == ["P1", "P2", "P2"]
    assert r["net"] == {"P1": -6, "P2": 8, "P3": -6, "P4": -3} and r["pool"] == 16
    stood = table([*DECL, "P1 play 2H", "P2 play KH", "P3 play QH"], cards=ACE_DEAL, options={"revoke_replay": "none"})
    assert stood.tricks[0].winner == 1  # the irregular lead, left to stand, gives P2 the trick


def test_loo_law_11_king_when_the_ace_is_turned_up() -> None:
    """LOO-LAW-11: with the ace turned up, the king of trumps must be led."""
    cards = {**ACE_DEAL, "P1": "KS 2H 9C", "turnup": "AS"}
    deal = table([*DECL, "P1 play 9C"], cards=cards)
    assert deal.irregularities == [Irregularity(4, 0, "LOO-LAW-11", 6, "next")]


def test_loo_law_12_first_lead_not_the_highest_of_two_trumps() -> None:
    """LOO-LAW-12: P1 holds KS and 2S and leads the 2S; under ``lead_one`` either trump is proper."""
    cards = {**ACE_DEAL, "P1": "KS 2S 9C"}
    deal = table([*DECL, "P1 play 2S"], cards=cards)
    assert deal.irregularities == [Irregularity(4, 0, "LOO-LAW-12", 6, "next")] and deal.trick_cards == []
    assert table([*DECL, "P1 play 2S"], cards=cards, options={"lead_rule": "lead_one"}).irregularities == []


def test_loo_law_13_second_lead_not_a_trump() -> None:
    """LOO-LAW-13: P1 wins trick 1 holding 2S and leads 9C: the replay; P1's trick is carried."""
    r = ruling([*DECL, "P1 play AH", "P2 play KH", "P3 play QH", "P1 play 9C", *PROPER])
    assert r["irregularities"] == [irr(7, "P1", "LOO-LAW-13", 6, "next")]
    assert r["net"] == {"P1": -6, "P2": 8, "P3": -6, "P4": -3} and r["pool"] == 16


def test_loo_law_14_revoke_replay_and_forfeit() -> None:
    """LOO-LAW-14 (LX-10): P2 plays 4S on the AH holding KH: looed 6 into the next pool; the replay; P1 +4, P2's
    two shares (8) stay, P3 looed 6; the next pool 8 + 6 + 6 = 20 before the next dealer's stake."""
    r = ruling([*DECL, "P1 play AH", "P2 play 4S", *PROPER])
    assert r["complete"] and winners(r) == PROPER_WINNERS
    assert r["irregularities"] == [irr(5, "P2", "LOO-LAW-14", 6, "next")]
    assert r["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3}
    assert r["pool"] == 20 and r["next"] == {"dealer": "P1", "kind": "regular"}


def test_loo_law_14_stated_without_the_card_is_the_same() -> None:
    """LOO-LAW-14 stated (``P2 irregular LOO-LAW-14``, cards unknown to the table): the same penalty and replay."""
    shown = table([*DECL, "P1 play AH", "P2 play 4S"])
    stated = table([*DECL, "P1 play AH", "P2 irregular LOO-LAW-14"])
    assert shown.irregularities == stated.irregularities
    assert (shown.hands, shown.tricks, shown.trick_cards, shown.to_act) == (
        stated.hands,
        stated.tricks,
        stated.trick_cards,
        stated.to_act,
    )
    assert (
        ruling([*DECL, "P1 play AH", "P2 irregular LOO-LAW-14", *PROPER])["net"]
        == ruling([*DECL, "P1 play AH", "P2 play 4S", *PROPER])["net"]
    )


def test_loo_law_15_not_heading_the_trick() -> None:
    """LOO-LAW-15: P2 follows 9H with 3H holding KH. Left to stand, P3's QH would take trick 1; replayed, P2 takes
    all three, for the pool: P1 and P3 looed, P2 pays the penalty; next pool 12 + 6 + 6 + 6."""
    cards = {**LX10, "P1": "9H 2S 9C", "P2": "KH 3H 4S"}
    replayed = ["P1 play 9H", "P2 play KH", "P3 play QH", "P2 play 4S", "P3 play 8C", "P1 play 2S"]
    replayed += ["P2 play 3H", "P3 play 3D", "P1 play 9C"]
    r = ruling([*DECL, "P1 play 9H", "P2 play 3H", *replayed], cards=cards)
    assert r["irregularities"] == [irr(5, "P2", "LOO-LAW-15", 6, "next")]
    assert winners(r) == ["P2", "P2", "P2"]
    assert r["net"] == {"P1": -6, "P2": -6, "P3": -6, "P4": -3} and r["pool"] == 30
    stood = table([*DECL, "P1 play 9H", "P2 play 3H", "P3 play QH"], cards=cards, options={"revoke_replay": "none"})
    assert stood.tricks[0].winner == 2


def test_loo_law_15_not_trumping_when_void() -> None:
    """LOO-LAW-15 (LOO-PLAY-6, §14.18): void in clubs, P2 discards 7D when his 4S would head the trick."""
    deal = table([*DECL, "P1 play 9C", "P2 play 7D"])
    assert deal.irregularities == [Irregularity(5, 1, "LOO-LAW-15", 6, "next")]


def test_loo_law_16_throwing_up_after_the_lead() -> None:
    """LOO-LAW-16, §14.4: a full loo into the next pool; he plays on, no replay, and his winnings are carried."""
    for throw in ("P2 throw", "P2 irregular LOO-LAW-16"):
        r = ruling([*DECL, *PROPER[:3], throw, *PROPER[3:]])
        assert r["irregularities"] == [irr(7, "P2", "LOO-LAW-16", 6, "next")]
        assert winners(r) == PROPER_WINNERS
        assert r["net"] == {"P1": 4, "P2": -6, "P3": -6, "P4": -3} and r["pool"] == 20
    assert refused([*DECL, "P1 play AH"], "P4 throw").rule == "LOO-DECL-5"  # he threw up before play
    assert refused(DECL[:2], "P2 irregular LOO-LAW-16").rule == "LOO-LAW-16"


def test_loo_law_17_any_other_breach_in_play() -> None:
    """LOO-LAW-17: any other breach in play: looed once, the replay, winnings carried. Under Cassell's lead a
    leader without trumps must lead his highest card, which no other law names."""
    r = ruling([*DECL, "P1 play AH", "P3 irregular LOO-LAW-17", *PROPER])
    assert r["irregularities"] == [irr(5, "P3", "LOO-LAW-17", 6, "next")]
    assert r["net"] == {"P1": 4, "P2": 8, "P3": -6, "P4": -3}
    cassell = table([*DECL, "P1 play 9C"], cards={**LX10, "P1": "AH 3H 9C"}, options={"lead_rule": "cassell"})
    assert cassell.irregularities == [Irregularity(4, 0, "LOO-LAW-17", 6, "next")]
    assert refused(DECL[:1], "P2 irregular LOO-LAW-17").rule == "LOO-LAW-17"  # in play only


def test_loo_law_18_which_pool() -> None:
    """LOO-LAW-18: single penalties and the full loo for looking before play go to the current pool; full
    penalties in play and forfeited winnings to the next. Named as the irregularity it acts as LOO-LAW-0a."""
    declaring = ["P2 irregular LOO-LAW-7", "P1 stand", "P2 stand", "P3 stand", "P3 irregular LOO-LAW-8", "P4 throw"]
    r = ruling([*declaring, "P1 play AH", "P2 play 4S", *PROPER])
    assert [(i["rule"], i["penalty"], i["pool"]) for i in r["irregularities"]] == [
        ("LOO-LAW-7", 3, "current"),
        ("LOO-LAW-8", 6, "current"),
        ("LOO-LAW-14", 6, "next"),
    ]
    # the pool of 21 gives 7 a trick: P1 +7; P2's 14 and P3's nothing carried; P3 looed once (his look)
    assert r["net"] == {"P1": 7, "P2": -9, "P3": -6, "P4": -3} and r["pool"] == 14 + 6
    assert table(["P2 irregular LOO-LAW-18"]).irregularities == [Irregularity(0, 1, "LOO-LAW-18", 3, "current")]


def test_loo_law_19_full_loo_under_unlimited_and_mixed() -> None:
    """LOO-LAW-19, §14.19: under unlimited loo a full-loo penalty is the pool as it stands at the offence (15,
    with P2's single), capped under mixed; the ordinary loo is the pool as divided, P2's single included
    (LOO-STK-4 [I], §14.7): 15, or 10 under the cap."""
    actions = ["P2 irregular LOO-LAW-4", *DECL, "P1 play AH", "P2 play 4S", *PROPER]
    unlimited = ruling(actions, options={"loo_mode": "unlimited"})
    assert unlimited["irregularities"][1] == irr(6, "P2", "LOO-LAW-14", 15, "next")
    assert unlimited["net"] == {"P1": 5, "P2": -18, "P3": -15, "P4": -3} and unlimited["pool"] == 10 + 15 + 15
    mixed = ruling(actions, options={"loo_mode": "mixed", "loo_cap": 10})
    assert mixed["irregularities"][1] == irr(6, "P2", "LOO-LAW-14", 10, "next")
    assert mixed["net"] == {"P1": 5, "P2": -13, "P3": -10, "P4": -3} and mixed["pool"] == 10 + 10 + 10


def test_loo_law_20_stake_not_paid() -> None:
    """LOO-LAW-20 [D]: recorded without penalty; the engine has taken the stake."""
    r = ruling(["P4 irregular LOO-LAW-20", *DECL, *PROPER])
    assert r["irregularities"] == [irr(0, "P4", "LOO-LAW-20", 0, None)]
    assert r["net"] == {"P1": 4, "P2": 8, "P3": -6, "P4": -3}
    assert refused([], "P1 irregular LOO-LAW-20").rule == "LOO-LAW-20"
    assert refused(DECL, "P4 irregular LOO-LAW-20").rule == "LOO-LAW-20"


# -- the options -------------------------------------------------------------------------------------------


def test_revoke_replay_mandatory_no_demand_needed() -> None:
    """``revoke_replay: mandatory`` (default): the replay is ordered at the card; a demand is refused."""
    deal = table([*DECL, "P1 play AH", "P2 play 4S"])
    assert deal.trick_cards == [] and "P1 replay" not in legal(deal)
    assert refused([*DECL, "P1 play AH", "P2 play 4S"], "P3 replay").rule == "LOO-LAW-0b"


def test_revoke_replay_optional_demand_at_once_by_another() -> None:
    """``revoke_replay: optional`` (HOF law 16, §14.9): the card stands unless a seat other than the offender
    demands the replay as the very next action; ``replay`` is offered to the seat to act meanwhile."""
    opt = {"revoke_replay": "optional"}
    deal = table([*DECL, "P1 play AH", "P2 play 4S"], options=opt)
    assert [card_str(c) for c in deal.trick_cards] == ["AH", "4S"]  # the 4S lies on the AH for now
    assert legal(deal) == ["P3 play QH", "P3 replay"]
    assert refused([*DECL, "P1 play AH", "P2 play 4S"], "P2 replay", options=opt).rule == "LOO-LAW-14"
    late = [*DECL, "P1 play AH", "P2 play 4S", "P3 play QH"]
    assert refused(late, "P1 replay", options=opt).rule == "LOO-LAW-0b"  # not at once
    demanded = table([*DECL, "P1 play AH", "P2 play 4S", "P4 replay"], options=opt)  # any seat but the offender
    assert demanded.trick_cards == [] and demanded.hands[:3] == demanded.dealt[:3]


def test_revoke_replay_none_card_stands() -> None:
    """``revoke_replay: none`` (C-LOO-11): the card stands, the offender is looed and his winnings carried."""
    deal = table([*DECL, "P1 play AH", "P2 play 4S"], options={"revoke_replay": "none"})
    assert len(deal.trick_cards) == 2 and deal.offenders == {1}
    assert refused([*DECL, "P1 play AH", "P2 play 4S"], "P3 replay", options={"revoke_replay": "none"}).rule == (
        "LOO-LAW-0b"
    )


def test_penalty_scale_peel_and_ew_flat() -> None:
    """``penalty_scale``: Peel charges S before play (LOO-LAW-0a) and a single penalty does not stop the next deal
    being a single (§14.5); ``ew_flat`` (C-LOO-7) charges a loo for every irregularity, into the same pools,
    and a loo makes the next deal regular. LX-4: P2, having thrown up, looks at the thrown-up cards."""
    actions = [*LX4_DECL[:3], "P2 irregular LOO-LAW-7", LX4_DECL[3], *LX4_PLAY]
    peel = ruling(actions, cards=LX4, dealer="P3", pool=6)
    assert peel["irregularities"] == [irr(3, "P2", "LOO-LAW-7", 3, "current")]
    assert peel["net"] == {"P1": 4, "P2": -3, "P3": -3, "P4": 8} and peel["next"]["kind"] == "single"
    flat = ruling(actions, cards=LX4, dealer="P3", pool=6, options={"penalty_scale": "ew_flat"})
    assert flat["irregularities"] == [irr(3, "P2", "LOO-LAW-7", 6, "current")]
    assert flat["net"] == {"P1": 5, "P2": -6, "P3": -3, "P4": 10} and flat["next"]["kind"] == "regular"
    full = ruling([*LX4_DECL[:3], "P2 irregular LOO-LAW-8", LX4_DECL[3], *LX4_PLAY], cards=LX4, dealer="P3", pool=6)
    assert full["next"]["kind"] == "regular"  # a full-loo penalty counts as a loo (§14.5)


def test_penalty_scale_ew_flat_enquire_within_revoke() -> None:
    """The enquire-within preset (``ew_flat``, ``revoke_replay: none``): a revoke costs one loo (3) into the next
    pool and the card stands (C-LOO-11, "looed only, no replay"); P2's trump takes trick 1, for the pool."""
    actions = [*DECL, "P1 play AH", "P2 play 4S", "P3 play QH", "P2 play KH", "P3 play 3D", "P1 play 2S"]
    actions += ["P1 play 9C", "P2 play 7D", "P3 play 8C"]
    r = ruling(actions, variant="enquire-within")
    assert r["irregularities"] == [irr(5, "P2", "LOO-LAW-14", 3, "next")]
    assert winners(r) == ["P2", "P1", "P1"]
    assert r["net"] == {"P1": 6, "P2": -3, "P3": -3, "P4": -1} and r["pool"] == 4 + 3 + 3


def test_loo_stk_4_unlimited_loo_includes_single_penalties_paid_into_the_pool() -> None:
    """LOO-STK-4 [I] and §14.7 under unlimited loo: a looed seat pays the pool as it stood when the tricks were
    divided, "including ... any penalties paid into the current pool": with P2's early look (S=3) the pool of 15 is
    divided 5/5/5 and P3 is looed 15; without it, 4/4/4 and 12. The limited loo does not move (6 both ways)."""
    unlimited = {"loo_mode": "unlimited"}
    with_penalty = ruling(["P2 irregular LOO-LAW-4", *DECL, *PROPER], options=unlimited)
    without = ruling([*DECL, *PROPER], options=unlimited)
    assert (with_penalty["net"]["P3"], without["net"]["P3"]) == (-15, -12)
    assert (with_penalty["net"]["P1"], without["net"]["P1"]) == (5, 4)
    limited_with = ruling(["P2 irregular LOO-LAW-4", *DECL, *PROPER])
    assert limited_with["net"]["P3"] == ruling([*DECL, *PROPER])["net"]["P3"] == -6


# -- the contract between the four parts ----------------------------------------------------------------------


IN_PLAY = [*DECL, "P1 play AH"]
EVERY_LAW: dict[str, tuple[list[str], str, int, str | None]] = {
    # law: (actions before, the stated action, penalty, pool)
    "LOO-LAW-0a": ([], "P2 irregular LOO-LAW-0a", 3, "current"),
    "LOO-LAW-0b": (IN_PLAY, "P2 irregular LOO-LAW-0b", 6, "next"),
    "LOO-LAW-0c": (IN_PLAY, "P2 irregular LOO-LAW-0c", 6, "next"),
    "LOO-LAW-0d": (IN_PLAY, "P2 irregular LOO-LAW-0d", 6, "next"),
    "LOO-LAW-1": ([], "P4 irregular LOO-LAW-1", 3, "current"),
    "LOO-LAW-2": ([], "P2 irregular LOO-LAW-2", 3, "current"),
    "LOO-LAW-3": ([], "P4 irregular LOO-LAW-3 P3", 0, None),
    "LOO-LAW-4": ([], "P2 irregular LOO-LAW-4", 3, "current"),
    "LOO-LAW-5": ([], "P2 irregular LOO-LAW-5", 3, "current"),
    "LOO-LAW-6": ([], "P2 irregular LOO-LAW-6", 3, "current"),
    "LOO-LAW-7": ([], "P2 irregular LOO-LAW-7", 3, "current"),
    "LOO-LAW-8": ([], "P2 irregular LOO-LAW-8 P1", 6, "current"),
    "LOO-LAW-9": ([], "P2 irregular LOO-LAW-9", 6, "current"),
    **{f"LOO-LAW-{n}": (IN_PLAY, f"P2 irregular LOO-LAW-{n}", 6, "next") for n in range(10, 18)},
    "LOO-LAW-18": ([], "P2 irregular LOO-LAW-18", 3, "current"),
    "LOO-LAW-19": (IN_PLAY, "P2 irregular LOO-LAW-19 KH", 6, "next"),
    "LOO-LAW-20": ([], "P4 irregular LOO-LAW-20", 0, None),
}


def test_every_law_is_in_the_table() -> None:
    """RULES.md §13: LOO-LAW-0a..0d and LOO-LAW-1..20, 24 laws, each accepted as ``irregular``."""
    assert set(LAWS) == set(EVERY_LAW) and len(LAWS) == 24


@pytest.mark.parametrize("rule", list(EVERY_LAW))
def test_every_law_accepted_as_irregular(rule: str) -> None:
    """The common contract: every LOO-LAW ID is accepted as ``SEAT irregular LOO-LAW-N`` and its law applied."""
    before, text, penalty, pool = EVERY_LAW[rule]
    deal = table(before)
    action = deal.parse_action(text)
    assert deal.can(action)
    assert deal.apply(action) == action and deal.log[-1] == action
    (got,) = deal.irregularities
    assert (got.index, got.seat, got.rule, got.penalty, got.pool) == (len(before), action.seat, rule, penalty, pool)
    again = replay(loads(json.dumps(record_of(deal).to_json())))
    assert again.error is None and again.deal.irregularities == deal.irregularities


def test_irregular_in_strict_mode_is_an_error() -> None:
    """Strict mode is unchanged: the first irregular action ends the ruling with an error naming the rule."""
    rec = record([*DECL, "P1 play AH", "P2 play 4S"])
    rec.mode = "strict"
    r = referee(rec)
    assert r["error"]["rule"] == "LOO-PLAY-4" and r["irregularities"] == []
    rec.actions = ["P2 irregular LOO-LAW-8"]
    assert referee(rec)["error"]["rule"] == "LOO-LAW-8"


@pytest.mark.parametrize(
    ("before", "bad", "rule"),
    [
        ([], "P1 irregular LOO-LAW-99", "LOO-LAW-17"),
        ([], "P1 irregular NAP-LAW-6", "LOO-LAW-17"),
        ([], "P2 irregular LOO-LAW-14", "LOO-LAW-14"),  # a law of play, before play
        (DECL, "P2 irregular LOO-LAW-5", "LOO-LAW-5"),  # a law of declaring, in play
        (IN_PLAY, "P4 irregular LOO-LAW-14", "LOO-LAW-14"),  # P4 threw up: he plays no card
        (IN_PLAY, "P1 play 2S", "LOO-PLAY-7"),  # he has played to this trick
        (DECL[:2], "P3 play QH", "LOO-DECL-1"),  # a card before the declaring is over
        ([*DECL, *PROPER[:3]], "P2 stand", "LOO-DECL-5"),
    ],
)
def test_what_no_law_covers_is_refused_and_changes_nothing(before: list[str], bad: str, rule: str) -> None:
    """The contract: an unknown rule ID, a law that cannot apply now, an action no law covers: IllegalActionError
    naming a rule, and the deal unchanged."""
    assert refused(before, bad).rule == rule


def test_after_the_deal_nothing_applies() -> None:
    """Acting after the deal is complete: IllegalActionError from the deal, RecordError from a record."""
    deal = table([*DECL, *PROPER])
    assert deal.is_complete and deal.legal_actions() == []
    with pytest.raises(IllegalActionError):
        deal.apply(deal.parse_action("P2 irregular LOO-LAW-8"))
    with pytest.raises(RecordError):
        replay(record([*DECL, *PROPER, "P2 irregular LOO-LAW-8"]))


def test_malformed_arguments_are_record_errors() -> None:
    """An argument that does not parse is a malformed record (DEAL-RECORD.md): the referee's RecordError."""
    for bad in ("P2 irregular LOO-LAW-4 now", "P2 irregular LOO-LAW-5 defend", "P4 irregular LOO-LAW-3 P9"):
        with pytest.raises(RecordError):
            replay(record([bad]))
    with pytest.raises(RecordError):
        replay(record([*DECL, "P1 play AH", "P2 play 4S", "P3 replay now"], options={"revoke_replay": "optional"}))


def test_restart_play_and_offenders_contract() -> None:
    """The contract of ``restart_play`` and ``offenders``: tricks, the trick in progress and ``won`` are cleared,
    the hands are those held as play began, the first leader leads; offenders are kept."""
    deal = table([*DECL, *PROPER[:5]])
    deal.offenders.add(2)
    deal.restart_play()
    assert (deal.tricks, deal.trick_seats, deal.trick_cards, deal.won) == ([], [], [], [0, 0, 0, 0])
    assert deal.hands == deal.play_hands and deal.to_act == deal.first_leader == 0 and deal.offenders == {2}
    miss = table(["P1 miss", "P2 stand", "P3 stand", "P4 throw", "P1 play 7S"])
    miss.restart_play()
    assert miss.hands[0] == miss.miss  # the miss-holder plays the miss again


def test_copy_is_independent() -> None:
    """``copy()`` copies the laws' state: a law applied to the copy leaves the original alone."""
    deal = table(["P2 irregular LOO-LAW-8"])
    other = deal.copy()
    other.apply(other.parse_action("P3 irregular LOO-LAW-8"))
    assert len(deal.irregularities) == 1 and deal.law is not None and deal.law.forced_throw == {1}
    assert other.law is not None and other.law.forced_throw == {1, 2}


def test_legal_actions_are_accepted() -> None:
    """In table mode ``legal_actions`` lists only proper actions, each accepted without any law applied."""
    deal = table(["P3 miss"], options={"revoke_replay": "optional"})
    while not deal.is_complete:
        options = deal.legal_actions()
        assert options and all(deal.can(a) for a in options)
        count = len(deal.irregularities)
        deal.apply(options[-1] if options[-1].verb != "replay" else options[0])
        assert len(deal.irregularities) == count
    assert deal.irregularities[0].rule == "LOO-LAW-5"


def test_action_strings_round_trip() -> None:
    """Irregular actions are logged as taken, so ``record_of`` round-trips to the same ruling."""
    actions = ["P2 irregular LOO-LAW-4", *DECL, "P1 play AH", "P2 play 4S", *PROPER]
    deal = table(actions)
    assert [deal.action_str(a) for a in deal.log] == actions
    assert record_of(deal).mode == "table"
    assert referee(record_of(deal)) == ruling(actions)
    assert isinstance(deal.log[0], LooAction)
