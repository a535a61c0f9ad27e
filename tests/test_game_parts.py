"""What each game says of itself that a surface once looked up by the game's name or probed for: how its first
dealer is settled (LOO-GEN-3, NAP-GEN-4, One-trick's ONE-GEN-2), the stakes its records write (DEAL-RECORD.md
``stakes``, LOO-VAR-ALL-ANTE), the worlds its search draws, its strategy's actions in words, and the plans of its
shipped strategies. One-trick (tests/onetrick) says none of it beyond its sitting's cut and is served by the
defaults."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_run import run_cli
from roundgames.bots.expert import mixed_note
from roundgames.bots.search import SAMPLES, search_for
from roundgames.bots.strategy import SHIPPED, Choice, load
from roundgames.core.cards import parse_cards, rank_of
from roundgames.games.registry import ENV_VAR, new_sitting, plugin, reload, rules_for
from roundgames.guide.house import house_rules
from roundgames.records.deal import stakes_json

LINE = "onetrick.game:PLUGIN"


@pytest.fixture
def onetrick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """One-trick added to the registry by its one line, and taken out again after the test."""
    monkeypatch.setenv(ENV_VAR, LINE)
    reload()
    yield
    monkeypatch.delenv(ENV_VAR)
    reload()


def _rank(text: str) -> int:
    return rank_of(parse_cards(text)[0])


# -- the first dealer ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "preset"), [("loo", "peel"), ("nap", "peel")])
def test_the_first_knave_deals_and_the_table_says_so(game: str, preset: str) -> None:
    """LOO-GEN-3, NAP-GEN-4: cards dealt face up in turn until a knave falls; its receiver deals."""
    for seed in range(6):
        sitting = new_sitting(game, rules_for(game, preset), ["Ann", "Ben", "Cat", "Dan"], seed=seed)
        seat, card = sitting.draw[-1]
        assert card[0] == "J" and all(c[0] != "J" for _, c in sitting.draw[:-1])
        assert seat == sitting.dealer
        shown = ", ".join(f"{s} {c}" for s, c in sitting.draw)
        assert sitting.first_dealer_text() == f"First knave: {sitting.dealer} deals ({shown})"


def test_a_cut_for_deal_is_said_as_one() -> None:
    """LOO-GEN-3 under Enquire Within (``first_dealer: cut_low``): the lowest cut deals, and the table says it
    was a cut, not a knave."""
    sitting = new_sitting("loo", rules_for("loo", "enquire-within"), ["Ann", "Ben", "Cat"], seed=5)
    assert sitting.first_dealer_text().startswith(f"Cut for deal, the lowest deals: {sitting.dealer} deals (")
    assert [s for s, _ in sitting.draw[:3]] == ["Ann", "Ben", "Cat"]
    if len(sitting.draw) == 3:  # no tie: the lowest of the three, ace low, deals
        assert sitting.dealer == min(sitting.draw, key=lambda sc: (_rank(sc[1]) + 1) % 13)[0]


def test_one_trick_s_cut_is_said_at_the_demo_table(onetrick: None) -> None:
    """One-trick cuts for the first deal (ONE-GEN-2), though its rules have no option saying so: its sitting does,
    and the demo says a cut (it said ``First knave`` when the surfaces asked the rules)."""
    got = run_cli(
        "demo", "--game", "onetrick", "--preset", "plain", "--players", "3", "--seed", "5", "--max-deals", "1"
    )
    assert got.returncode == 0, got.stderr
    line = got.stdout.splitlines()[1]
    sitting = new_sitting("onetrick", rules_for("onetrick", "plain"), 3, seed=5)
    assert line == sitting.first_dealer_text()
    assert line.startswith(f"Cut for deal, the lowest deals: {sitting.dealer} deals (")


def test_a_given_dealer_draws_nothing() -> None:
    sitting = new_sitting("nap", rules_for("nap", "peel"), ["Ann", "Ben", "Cat"], dealer="Ben")
    assert sitting.draw == [] and sitting.dealer == "Ben"


# -- the stakes a record writes ------------------------------------------------------------------------------------


def test_loo_records_its_ante_only_where_everyone_antes() -> None:
    """DEAL-RECORD.md ``stakes``: Loo's deal, loo and single, and the ante under ``ante: all`` (LOO-VAR-ALL-ANTE)."""
    peel = rules_for("loo", "peel")
    assert stakes_json(peel) == {"deal": 3, "loo": 6, "single": 3}
    all_ante = rules_for("loo", "peel", {"ante": "all"}).with_stakes(ante=2)
    assert stakes_json(all_ante) == {"deal": 3, "loo": 6, "single": 3, "ante": 2}


def test_nap_and_one_trick_record_every_stake_they_name(onetrick: None) -> None:
    assert stakes_json(rules_for("nap", "peel")) == {"unit": 1}
    rules = rules_for("onetrick", "plain")
    assert list(stakes_json(rules)) == list(plugin("onetrick").spec.stake_names)


def test_the_house_rules_state_the_stakes_a_record_writes() -> None:
    """The guide's line of stakes holds the same amounts as the record (LOO-VAR-ALL-ANTE)."""
    rules = rules_for("loo", "irish", {"ante": "all"})
    line = next(r for r in house_rules(rules) if r.option == "stakes")
    assert line.value == stakes_json(rules) == {"deal": 3, "loo": 6, "single": 3, "ante": 1}
    assert "Every other player antes 1." in line.sentence


# -- the bots ------------------------------------------------------------------------------------------------------


def test_the_search_draws_the_worlds_each_plug_in_gives(onetrick: None) -> None:
    """Loo takes more worlds a decision than Nap (its outcome swings by a whole pool); a game that says nothing,
    One-trick, takes the search's default."""
    assert dict(SAMPLES) == {"loo": 32, "nap": 24, "onetrick": 24}
    assert search_for("loo")(random.Random(0)).samples == 32
    assert search_for("nap")(random.Random(0)).samples == 24


@pytest.mark.parametrize(
    ("game", "actions", "said"),
    [
        ("loo", ("stand", "throw"), "it throws up 60% and stands 40% of the time"),
        ("loo", ("miss", "defend"), "it defends the pool with the miss 60% and takes the miss 40% of the time"),
        ("nap", ("pass", "nap"), "it calls Nap 60% and passes 40% of the time"),
        ("nap", ("misery", "blucher"), "it calls Blücher 60% and calls misery 40% of the time"),
    ],
)
def test_a_mixed_choice_is_said_in_its_game_s_words(game: str, actions: tuple[str, str], said: str) -> None:
    choice = Choice(actions, (0.4, 0.6), (0.0, 0.0), (None, None), turns=100, pool=0, game=game)
    assert mixed_note(choice).startswith(f"the strategy mixes here: {said} (")


# -- the shipped strategies' plans ---------------------------------------------------------------------------------


def test_each_plan_the_plug_ins_name_is_the_shipped_file_s() -> None:
    """Each form's plan (``SimParts.strategy``) describes the strategy file the package ships for it: the game,
    the form, the table's size and its pool buckets."""
    from roundgames.sim.strategy.build import PLANS

    assert sorted(PLANS) == ["five_card", "irish", "loo", "nap"]
    for name, plan in PLANS.items():
        shipped = load(str(Path(SHIPPED) / plan.file))
        assert (shipped.game, shipped.form, shipped.players) == (plan.game, plan.form, plan.players), name
        assert [(p["pool"], p["upto"]) for p in shipped.pools] == list(plan.pools), name
        assert shipped.header["mix"] == plan.mix and shipped.header["iterations"] == plan.iterations, name
    assert (PLANS["loo"].form, PLANS["nap"].form) == ("three_card", "nap")  # a game's first form takes its name


def test_a_strategy_not_planned_is_refused_naming_the_plans(tmp_path: Path) -> None:
    from roundgames.core.errors import RulesError
    from roundgames.sim.strategy.build import build

    with pytest.raises(
        RulesError, match=r"game: no strategy is computed for 'whist' \(valid: loo, five_card, irish, nap\)"
    ):
        build(["whist"], 1, str(tmp_path), "test")


def test_the_study_reports_each_measured_exploitability() -> None:
    """The strategy study's figures are the plans' (Three-card Loo's for Loo, Nap's)."""
    from roundgames.sim.strategy.build import PLANS
    from roundgames.sim.studies.strategy import MEASURED

    assert {"loo": PLANS["loo"].measured, "nap": PLANS["nap"].measured} == MEASURED
    assert all(text.startswith("a best response to the expert's") for text in MEASURED.values())
