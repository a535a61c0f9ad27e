"""The laws return a ruling (RULES.md §5, §8): judging reads the deal and changes nothing; the deal applies the
ruling in one place; every form and both games find their laws without an import made first."""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import pytest

from roundgames.core.errors import IllegalActionError, RulesError
from roundgames.games.ruling import Payment, Ruling
from roundgames.loo.deal import FORMS, FiveCardLoo, LooDeal
from roundgames.loo.laws import judge as judge_loo
from roundgames.loo.rules import LooRules
from roundgames.loo.strict import StrictLooDeal
from roundgames.nap import NapDeal, NapRules
from roundgames.nap.laws import judge as judge_nap


def loo_in_play() -> LooDeal:
    """RULES.md's Three-card example in table mode, P2 to play to the first trick."""
    deal = LooDeal(LooRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4", pool=9)
    deal.table_mode = True
    deal.deal_cards(
        {"P1": "AH 2S 9C", "P2": "KH 7D 4S", "P3": "QH 8C 3D", "P4": "JH 5D 2C"}, miss="7S 4H TC", turnup="6S"
    )
    for text in ["P1 stand", "P2 stand", "P3 stand", "P4 throw", "P1 play AH"]:
        deal.apply(deal.parse_action(text))
    return deal


def snapshot(deal: LooDeal | NapDeal) -> bytes:
    """Everything the deal holds, as bytes: equal before and after only if nothing changed."""
    return pickle.dumps(deal.__dict__)


def test_a_revoke_is_judged_twice_alike_and_changes_nothing_until_applied() -> None:
    deal = loo_in_play()
    before = snapshot(deal)
    revoke = deal.parse_action("P2 play 4S")  # P2 holds a heart: LOO-PLAY-4, so LOO-LAW-14
    first, second = judge_loo(deal, revoke), judge_loo(deal, revoke)
    assert first == second and snapshot(deal) == before
    assert isinstance(first, Ruling) and not first.proper
    assert first.irregularity is not None and first.irregularity.rule == "LOO-LAW-14"
    full_loo = deal.rules.loo_amount(deal.ledger.pool)  # LOO-LAW-19
    assert full_loo > 0 and first.payments == (Payment(1, full_loo, "next"),)  # into the next pool (LOO-LAW-10)
    assert first.replay and first.offenders == frozenset({1})  # revoke_replay: mandatory (LOO-LAW-0d)
    assert deal.irregularities == [] and deal.ledger.next_pool == 0
    assert deal.apply_ruling(first) == revoke
    assert [i.rule for i in deal.irregularities] == ["LOO-LAW-14"]
    assert deal.ledger.next_pool == full_loo and deal.trick_cards == [] and deal.to_act == 0  # P1 leads again


def test_a_ruling_applied_does_what_apply_does() -> None:
    by_apply, by_ruling = loo_in_play(), loo_in_play()
    revoke = by_apply.parse_action("P2 play 4S")
    by_apply.apply(revoke)
    by_ruling.apply_ruling(judge_loo(by_ruling, revoke))
    assert snapshot(by_apply) == snapshot(by_ruling)


def test_a_proper_action_is_a_ruling_too_and_a_refusal_names_its_rule() -> None:
    deal = loo_in_play()
    ruling = judge_loo(deal, deal.parse_action("P2 play KH"))
    assert ruling.proper and ruling.irregularity is None and ruling.payments == ()
    before = snapshot(deal)
    with pytest.raises(IllegalActionError, match="LOO-PLAY-7"):
        judge_loo(deal, deal.parse_action("P1 play 2S"))  # he has played to this trick: no law covers it
    assert snapshot(deal) == before


def test_a_misdeal_is_a_void_ruling_with_the_next_dealer() -> None:
    deal = LooDeal(LooRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4", pool=9)
    deal.table_mode = True
    deal.deal(7)
    ruling = judge_loo(deal, deal.parse_action("P4 irregular LOO-LAW-1"))
    single = deal.rules.stakes.single  # S into this pool, and the same dealer deals again (LOO-LAW-1)
    assert ruling.void and ruling.next_dealer == 3 and ruling.payments == (Payment(3, single, "current"),)
    assert not deal.is_void
    deal.apply_ruling(ruling)
    assert deal.is_void and deal.is_complete and deal.next_dealer == 3


def test_a_nap_revoke_by_an_opponent_is_a_payment_to_the_senior_hand() -> None:
    deal = NapDeal(NapRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4")
    deal.table_mode = True
    deal.deal_cards({"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"})
    for text in ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass", "P3 play AS"]:
        deal.apply(deal.parse_action(text))
    before = snapshot(deal)
    revoke = deal.parse_action("P4 play 9H")  # P4 holds 7S (NAP-LAW-6, revoke_rule default)
    ruling = judge_nap(deal, revoke)
    assert ruling == judge_nap(deal, revoke) and snapshot(deal) == before
    assert ruling.made is True and ruling.payments == (Payment(3, 9, "seat", 2),)
    deal.apply_ruling(ruling)
    assert deal.is_complete and deal.net == [0, 0, 9, -9] and deal.irregularities[0].rule == "NAP-LAW-6"


def test_each_form_is_made_by_the_one_list_of_forms() -> None:
    assert set(FORMS) == {"three_card", "five_card", "irish"}
    for form, preset in [("three_card", "peel"), ("five_card", "five-card"), ("irish", "irish")]:
        deal = LooDeal(LooRules.preset(preset), 4)
        assert type(deal) is FORMS[form] and isinstance(deal, LooDeal)
    assert FORMS["irish"] is FiveCardLoo and FiveCardLoo.LAWS is LooDeal.LAWS


def test_the_rules_alone_refuse_table_mode_rather_than_play_it_strict() -> None:
    deal = StrictLooDeal(LooRules.preset("peel"), 4)
    deal.table_mode = True
    deal.deal(1)
    with pytest.raises(RulesError, match="table mode is a LooDeal"):
        deal.apply(deal.proper_actions()[0])


@pytest.mark.parametrize(
    ("imports", "make", "irregular", "rule"),
    [
        (
            "from roundgames.loo.deal import LooDeal\nfrom roundgames.loo.rules import LooRules",
            "LooDeal(LooRules.preset('irish'), 4, dealer=3)",
            "P4 irregular LOO-LAW-4",
            "LOO-LAW-4",
        ),
        (
            "from roundgames.nap.deal import PlainNapDeal\nfrom roundgames.nap.rules import NapRules",
            "PlainNapDeal(NapRules.preset('peel'), 4, dealer=3)",
            "P2 irregular NAP-LAW-4",
            "NAP-LAW-4",
        ),
    ],
)
def test_a_deal_made_first_thing_in_a_fresh_process_applies_the_laws(
    imports: str, make: str, irregular: str, rule: str
) -> None:
    """Nobody imports a laws module first: the deal's class holds its laws."""
    script = textwrap.dedent(
        f"""
        {imports}
        deal = {make}
        deal.table_mode = True
        deal.deal(3)
        deal.apply(deal.parse_action({irregular!r}))
        print(deal.irregularities[0].rule)
        """
    )
    script = "\n".join(line.strip() for line in script.splitlines())
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [rule]


def test_a_standing_ruling_is_the_ruling_of_a_proper_action() -> None:
    deal = loo_in_play()
    action = deal.parse_action("P2 play KH")
    ruling = Ruling.standing(action, deal.law)
    assert ruling == Ruling(action, proper=True, state=deal.law) == judge_loo(deal, action)
    assert ruling.payments == () and ruling.irregularity is None and not ruling.void and ruling.paid(1) == 0


@pytest.mark.parametrize("table_mode", [True, False])
def test_the_deal_judges_an_action_for_a_surface_and_applies_that_ruling(table_mode: bool) -> None:
    """``deal.judge`` says what an action would do (what a front end shows before a person commits it)."""
    loo = LooDeal(LooRules.preset("peel"), 4, dealer=3)
    nap = NapDeal(NapRules.preset("peel"), 4, dealer=3)
    for deal in (loo, nap):
        deal.table_mode = table_mode
        deal.deal(11)
        proper = deal.legal_actions()[0]
        before = snapshot(deal)
        assert deal.judge(proper) == deal.judge(proper) and deal.judge(proper).proper and snapshot(deal) == before
        deal.apply_ruling(deal.judge(proper))
        assert deal.log == [proper]
    out_of_turn = loo.parse_action("P3 stand")  # P2 is to declare (LOO-DECL-1), so a law covers it in table mode
    if table_mode:
        ruling = loo.judge(out_of_turn)
        assert ruling.irregularity is not None and ruling.irregularity.rule == "LOO-LAW-5"
    else:
        with pytest.raises(IllegalActionError, match="LOO-DECL-1"):
            loo.judge(out_of_turn)
