"""Five-card and Irish Loo at the surfaces: the bots play sittings to the end; the command line's demo and
referee take them; the web lobby offers them; the research environments play them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from roundgames import LooDeal, LooRules
from roundgames.bots import make_bot, play_deal
from roundgames.cli import main
from roundgames.loo.deal import Decl, Phase
from roundgames.loo.sitting import LooSitting
from roundgames.records.sitting import records_of

MIXES = [
    ("five-card", {}),
    ("five-card", {"pam": "jack_trumps", "pam_free": True, "flush_pay": "ew_hoy", "flush_tie": "split"}),
    ("five-card", {"club_law": True, "lead_rule": "cassell", "loo_mode": "unlimited"}),
    ("irish", {}),
    ("irish", {"irish_flush": True, "club_law": False, "lead_rule": "lead_one"}),
]


@pytest.mark.parametrize(("preset", "options"), MIXES)
@pytest.mark.parametrize("bot", ["sensible", "random"])
def test_bots_play_a_sitting_to_the_end(preset: str, options: dict[str, object], bot: str) -> None:
    """Every deal of a sitting is played to the end by the bots through the checked path; the sitting ends
    (LOO-END-1) and its money is conserved (§14.1)."""
    rules = LooRules.preset(preset).with_options(options)
    for players in (3, 6):
        sitting = LooSitting(rules, players, seed=f"{preset}:{players}", rounds=1)
        bots = {s: make_bot(bot, "loo", seed=s) for s in range(players)}
        while not sitting.is_over:
            assert len(sitting.deals) < 200
            play_deal(sitting.start_deal(), bots)
            sitting.end_deal()
        assert sum(sitting.balances.values()) + sitting.pool == 0
        assert all(record.kind == "regular" for record in records_of(sitting))  # §14.5


def test_sensible_bot_exchanges_shows_flushes_and_says_pam_be_civil() -> None:
    """The sensible bot uses what the form offers: over a run of deals it exchanges, shows every flush it can
    (LOO5-6), and leads the ace of trumps with "Pam be civil" (LOO5-4)."""
    rules = LooRules.preset("five-card")
    bots = {s: make_bot("sensible", "loo", seed=s) for s in range(5)}
    exchanged = civil = flushes = 0
    for seed in range(150):
        deal = LooDeal(rules, 5, dealer=seed % 5, pool=10)
        deal.deal(seed)
        play_deal(deal, bots)
        exchanged += sum(1 for d in deal.decls if d is Decl.EXCHANGE)
        civil += sum(1 for a in deal.log if a.arg == "civil")
        flushes += bool(deal.shown)
        # a flush that a seat playing the hand held at the end of the declaring was shown: no hand was played
        if deal.tricks:
            assert not deal.shown
    assert exchanged > 50 and civil > 0 and flushes > 0


@pytest.mark.parametrize("bot", ["sensible", "random"])
def test_clarification_34_a_bot_not_on_lead_shows_its_flush_before_the_first_lead(bot: str) -> None:
    """LOO5-6, §14.34: after the declaring the flush holder P2, not the leader, is to act with ``flush`` his only
    action; ``play_deal`` asks his bot, which shows it, and the hand is not played."""
    deal = LooDeal(LooRules.preset("five-card"), ["P1", "P2", "P3", "P4"], dealer="P4", pool=10)
    deal.deal_cards(
        {"P1": "JC 7D 8D 9S 6C", "P2": "AH KH 9H 5H 2H", "P3": "2D 3D 4D 5C 7C", "P4": "TS JS 3C 4C 8C"},
        turnup="3S",
    )
    for text in ("P1 stand", "P2 stand", "P3 stand", "P4 stand"):
        deal.apply(deal.parse_action(text))
    assert deal.phase is Phase.SHOW and deal.to_act == 1
    play_deal(deal, {s: make_bot(bot, "loo", seed=s) for s in range(4)})
    assert [deal.action_str(a) for a in deal.log[4:]] == ["P2 flush"]
    assert deal.flush_winners == (1,) and deal.is_complete and not deal.tricks


@pytest.mark.parametrize("preset", ["five-card", "irish"])
def test_demo_plays_the_form_and_referee_rules_on_its_records(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``roundgames demo --preset five-card`` (or irish) plays a sitting; its saved records go through
    ``roundgames referee`` with exit status 0."""
    saved = tmp_path / "sitting.json"
    argv = ["demo", "--preset", preset, "--players", "4", "--seed", "2", "--max-deals", "4", "--save", str(saved)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"Loo ({preset})" in out and "exchange" in out
    records = json.loads(saved.read_text(encoding="utf-8"))
    one = tmp_path / "one.json"
    one.write_text(json.dumps(records[0]), encoding="utf-8")
    assert main(["referee", str(one)]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["complete"] and ruling["next"]["kind"] == "regular"


def test_web_lobby_offers_every_form() -> None:
    """The web lobby offers every preset whose first deal it can start, Five-card and Irish Loo among them, and
    a table of each is created with its form's options."""
    protocol = pytest.importorskip("roundgames.web.protocol")
    presets = protocol.options_catalogue()["games"]["loo"]["presets"]
    assert presets == ["peel", "enquire-within", "five-card", "irish"]
    for preset, form in (("five-card", "five_card"), ("irish", "irish")):
        config = protocol.new_table_config({"game": "loo", "preset": preset})
        assert config["preset"] == preset and config["options"].get("form", form) == form


def test_environments_play_the_form() -> None:
    """The Loo environments play these forms with their own action spaces (exchanges, flushes, "Pam be civil");
    tests/test_envs_loo_forms.py checks them in full."""
    loo_v0 = pytest.importorskip("roundgames.envs.loo_v0")
    for preset, actions in (("five-card", 90), ("irish", 66)):
        env = loo_v0.raw_env(players=4, preset=preset)
        env.reset(seed=1)
        assert actions == env.NUM_ACTIONS and env.legal_action_ids()[-1] == actions - 1  # the whole hand exchanged


def test_random_bot_chooses_among_every_verb() -> None:
    """The random bot picks a verb first: in Five-card Loo's declaring it exchanges, stands and throws up."""
    deal = LooDeal(LooRules.preset("five-card"), 5, dealer=0)
    deal.deal(4)
    bot = make_bot("random", "loo", seed=1)
    verbs = {bot.choose(deal.view(deal.to_act or 0)).verb for _ in range(60)}
    assert verbs == {"stand", "throw", "exchange"}
