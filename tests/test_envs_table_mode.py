"""Table mode in the research environments (RULES.md §5, §8): ``loo_v0`` / ``nap_v0`` with ``table_mode=True`` and
OpenSpiel's ``python_loo`` / ``python_nap`` with the game parameter ``table_mode``.

- the seat to act is offered, besides the proper actions, the irregular ones the engine's laws cover (a revoke, a
  card that does not head the trick, a throw after the lead, Wellington without a Nap ...), at most one a seat a
  deal; each is applied with its law, and its penalty is in the returns;
- random playthroughs of every Loo form and of Nap through both adapters: the returns are the engine's nets, money
  is conserved (§14.1), within OpenSpiel's declared bounds and length, and irregularities happen;
- a rigged revoke (LOO-LAW-14, NAP-LAW-6) gives the net the laws give; bad settings are refused by name.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import pyspiel
from pettingzoo.test import api_test

from conftest import conserved
from roundgames import IllegalActionError, LooRules
from roundgames.core.cards import parse_card
from roundgames.envs import layout_doc, loo_encoding, loo_v0, nap_v0
from roundgames.envs import openspiel as ospiel
from roundgames.envs.encoding import encoding_of
from roundgames.loo.deal import LooDeal
from roundgames.nap.deal import PlainNapDeal
from roundgames.nap.rules import NapRules

Config = dict[str, Any]

#: every Loo form and Nap, with the options that change what an irregularity costs
TABLES: list[tuple[Any, Config]] = [
    (loo_v0, {"players": 5, "preset": "peel"}),
    (loo_v0, {"players": 4, "preset": "peel", "options": {"revoke_replay": "optional"}}),
    (loo_v0, {"players": 4, "preset": "enquire-within", "options": {"revoke_replay": "none"}}),
    (loo_v0, {"players": 4, "preset": "five-card"}),
    (loo_v0, {"players": 5, "preset": "irish"}),
    (nap_v0, {"players": 4, "preset": "peel"}),
    (nap_v0, {"players": 5, "preset": "peel", "options": {"revoke_rule": "replay"}}),
    (nap_v0, {"players": 4, "preset": "plain", "options": {"revoke_rule": "bic_fine"}}),
]
IDS = [f"{m.__name__.rsplit('.', 1)[1]}-{json.dumps(c, sort_keys=True)}" for m, c in TABLES]


def proper_ids(deal: Any) -> set[int]:
    enc = encoding_of(deal)
    return {enc.action_id(deal, a) for a in deal.legal_actions()}


def play_out(env: Any, rng: np.random.Generator) -> tuple[dict[str, float], int]:
    """One episode at random, each mask checked against the engine; the rewards summed and the irregular
    actions taken."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    irregular = 0
    for agent in env.agent_iter():
        obs, _reward, termination, truncation, _info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        deal = env.deal
        ids = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        proper = proper_ids(deal)
        seat = env._index[agent]
        before = sum(1 for i in deal.irregularities if i.seat == seat)
        # a seat offered a flush out of turn answers that offer only (test_envs_loo_forms): no law is offered there
        extra = set() if env._offer else set(ids) - proper
        assert env._offer or proper <= set(ids)
        if before:  # a seat breaks one law a deal at most: then only proper actions are offered
            assert not extra
        for i in extra:  # an irregular action offered is one the laws cover, and the rules forbid
            action = encoding_of(deal).action(deal, i, seat)
            assert not deal.can_proper(action)
            deal.verify(action)
        action = int(rng.choice(ids))
        irregular += action in extra
        env.step(action)
        for a, r in env.rewards.items():
            totals[a] += r
    return totals, irregular


@pytest.mark.parametrize(("module", "config"), TABLES, ids=IDS)
def test_pettingzoo_random_playthroughs_pay_the_engines_net_and_conserve_money(module: Any, config: Config) -> None:
    env = module.raw_env(table_mode=True, **config)
    rng = np.random.default_rng(5)
    irregular = laws = 0
    for episode in range(25):
        env.reset(seed=episode)
        totals, taken = play_out(env, rng)
        deal = env.deal
        assert deal.table_mode and deal.is_complete
        assert [totals[a] for a in env.possible_agents] == deal.net  # the penalties are in the returns
        assert conserved(deal)
        irregular += taken
        laws += len(deal.irregularities)
        assert len(deal.irregularities) <= deal.n
    assert irregular > 5 and laws >= irregular  # irregular actions were offered and taken, and the laws applied


def test_a_sitting_in_table_mode_shares_out_what_is_left() -> None:
    for module, config in ((loo_v0, {"players": 4, "deals": 4}), (nap_v0, {"players": 4, "deals": 3})):
        env = module.raw_env(table_mode=True, sitting=True, **config)
        env.reset(seed=2)
        assert env.sitting.table_mode
        totals, _ = play_out(env, np.random.default_rng(2))
        assert sum(totals.values()) == 0
        assert [totals[a] for a in env.possible_agents] == [env.sitting.balances[f"P{i + 1}"] for i in range(env.n)]


def test_api_test_in_table_mode() -> None:
    for module, config in ((loo_v0, {"players": 4}), (nap_v0, {"players": 4})):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PettingZoo's notes on dict observations (test_envs_pettingzoo checks)
            api_test(module.env(table_mode=True, **config), num_cycles=300)


def test_strict_mode_offers_no_irregular_action() -> None:
    env = loo_v0.raw_env(players=4)
    rng = np.random.default_rng(1)
    for episode in range(10):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            obs, _r, termination, truncation, _i = env.last()
            if termination or truncation:
                env.step(None)
                continue
            ids = set(np.flatnonzero(obs["action_mask"]).tolist())
            assert ids == proper_ids(env.deal)
            env.step(int(rng.choice(sorted(ids))))
        assert env.deal.irregularities == []


def loo_revoke_deal(rules: LooRules | None = None) -> LooDeal:
    """RULES.md §5's revoke (the laws module's example): P2 holds a heart and follows P1's ace of hearts with a
    spade (spades are trumps)."""
    deal = LooDeal(rules or LooRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4", pool=9)
    deal.table_mode = True
    deal.deal_cards(
        {"P1": "AH 2S 9C", "P2": "KH 7D 4S", "P3": "QH 8C 3D", "P4": "JH 5D 2C"}, miss="7S 4H TC", turnup="6S"
    )
    return deal


def test_a_loo_revoke_costs_a_full_loo_and_the_play_is_replayed() -> None:
    env = loo_v0.raw_env(players=4, table_mode=True)
    deal = loo_revoke_deal()
    env.reset(options={"deal": deal})
    stand, throw = loo_encoding.DECLARATION_IDS["stand"], loo_encoding.DECLARATION_IDS["throw"]
    card = {
        text: loo_encoding.PLAY + parse_card(text) for text in ("AH", "KH", "QH", "2S", "4S", "3D", "7D", "8C", "9C")
    }
    for action in (stand, stand, stand, throw, card["AH"]):
        env.step(action)
    mask = env.observe("player_1")["action_mask"]
    assert mask[card["4S"]] and mask[card["KH"]] and not mask[card["QH"]]  # the revoke is offered beside KH
    env.step(card["4S"])  # LOO-LAW-14: a full loo into the next pool, the hand replayed from the first lead
    assert [(i.seat, i.rule, i.penalty, i.pool) for i in deal.irregularities] == [(1, "LOO-LAW-14", 6, "next")]
    assert deal.tricks == [] and deal.trick_cards == [] and env.agent_selection == "player_0"
    for text in ("AH", "KH", "QH", "2S", "4S", "3D", "7D", "8C", "9C"):
        env.step(card[text])
    assert all(env.terminations.values())
    totals = [env._cumulative_rewards.get(a, 0.0) for a in env.possible_agents]
    assert deal.net == [4, -6, -6, -3]  # as the laws' own example settles it
    assert totals == [4.0, -6.0, -6.0, -3.0]


def test_a_seat_that_broke_a_law_is_offered_proper_actions_only_and_refused_another() -> None:
    env = loo_v0.raw_env(players=4, table_mode=True, options={"revoke_replay": "none"})
    env.reset(options={"deal": loo_revoke_deal(env.rules)})
    stand, throw = loo_encoding.DECLARATION_IDS["stand"], loo_encoding.DECLARATION_IDS["throw"]
    for action in (stand, stand, stand, throw, loo_encoding.PLAY + parse_card("AH")):
        env.step(action)
    env.step(loo_encoding.PLAY + parse_card("4S"))  # the revoke stands (no replay, LOO-LAW-14), P3 plays on
    env.step(loo_encoding.PLAY + parse_card("QH"))  # P3 follows; P2's four of trumps takes the trick
    assert env.agent_selection == "player_1"  # and he leads
    mask = env.observe("player_1")["action_mask"]
    assert not mask[throw]  # throwing up after the lead (LOO-LAW-16) is no longer offered to him
    with pytest.raises(IllegalActionError, match="at most 1 irregular"):
        env.step(throw)


def test_a_nap_revoke_by_an_opponent_pays_the_declarer_for_every_opponent() -> None:
    """The laws module's example (NAP-LAW-6, revoke_rule default): P4 revokes against P3's Three."""
    deal = PlainNapDeal(NapRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4")
    deal.table_mode = True
    deal.deal_cards({"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"})
    env = nap_v0.raw_env(players=4, table_mode=True)
    env.reset(options={"deal": deal})
    enc = encoding_of(deal)
    for text in ("P1 pass", "P2 call 2", "P3 call 3", "P4 pass", "P3 play AS"):
        env.step(enc.action_id(deal, deal.parse_action(text)))
    revoke = enc.action_id(deal, deal.parse_action("P4 play 9H"))
    assert env.observe("player_3")["action_mask"][revoke]
    env.step(revoke)
    assert all(env.terminations.values()) and deal.irregularities[0].rule == "NAP-LAW-6"
    assert deal.net == [0, 0, 9, -9]
    assert [env._cumulative_rewards[a] for a in env.possible_agents] == [0.0, 0.0, 9.0, -9.0]


def test_table_mode_is_refused_when_it_is_no_flag_or_the_deal_differs() -> None:
    with pytest.raises(ValueError, match="table_mode"):
        loo_v0.raw_env(table_mode="yes")
    env = loo_v0.raw_env(players=4, table_mode=True)
    strict = loo_revoke_deal()
    strict.table_mode = False
    with pytest.raises(ValueError, match="table mode"):
        env.reset(options={"deal": strict})
    with pytest.raises(pyspiel.SpielError, match="table_mode"):
        pyspiel.load_game("python_loo", {"players": 4, "table_mode": "maybe"})


# -- OpenSpiel -------------------------------------------------------------------------------------------

SPIEL: list[tuple[str, dict[str, Any]]] = [
    ("python_loo", {"players": 5}),
    ("python_loo", {"players": 4, "options": '{"revoke_replay": "optional"}'}),
    ("python_loo", {"players": 4, "preset": "five-card"}),
    ("python_loo", {"players": 4, "preset": "irish"}),
    ("python_nap", {"players": 4}),
    ("python_nap", {"players": 5, "options": '{"revoke_rule": "bic_fine"}'}),
]


@pytest.mark.parametrize(("name", "params"), SPIEL, ids=[f"{n}-{json.dumps(p)}" for n, p in SPIEL])
def test_openspiel_random_playthroughs_in_table_mode(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, {**params, "table_mode": True})
    strict = pyspiel.load_game(name, params)
    assert game.max_game_length() > strict.max_game_length()
    assert game.min_utility() < strict.min_utility() and game.max_utility() >= strict.max_utility()
    rng = random.Random(3)
    laws = 0
    for _ in range(25):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _p in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            deal = state.deal
            if state.passed == () and encoding_of(deal).offered(deal) == ():
                assert proper_ids(deal) <= set(legal)
            state.apply_action(rng.choice(legal))
            steps += 1
        deal = state.deal
        assert deal.table_mode and steps <= game.max_game_length()
        assert state.returns() == [float(v) for v in deal.net] and conserved(deal)
        assert game.min_utility() <= min(state.returns()) and max(state.returns()) <= game.max_utility()
        laws += len(deal.irregularities)
    assert laws > 5


def test_openspiel_refuses_an_irregular_action_past_the_limit() -> None:
    game = pyspiel.load_game("python_loo", {"players": 4, "dealer": 3, "pool": 9, "table_mode": True})
    deal = loo_revoke_deal()
    for text in ("P1 stand", "P2 stand", "P3 stand", "P4 throw", "P1 play AH", "P2 play 4S"):
        deal.apply(deal.parse_action(text))
    state = ospiel.state_from_deal(game, deal)  # the revoke replays through the game's own ids
    assert state.deal.irregularities == deal.irregularities
    for text in ("AH", "KH"):
        state.apply_action(loo_encoding.PLAY + parse_card(text))
    assert state.current_player() == 2
    assert loo_encoding.PLAY + parse_card("8C") in state.legal_actions()  # P3 may still not head the trick once
    state.apply_action(loo_encoding.PLAY + parse_card("QH"))
    state.apply_action(loo_encoding.PLAY + parse_card("2S"))  # P1 leads a spade
    assert state.current_player() == 1
    assert loo_encoding.PLAY + parse_card("7D") not in state.legal_actions()  # P2 revoked once already
    with pytest.raises(IllegalActionError):
        state.apply_action(loo_encoding.PLAY + parse_card("7D"))


def test_openspiel_random_sim_test_in_table_mode() -> None:
    code = textwrap.dedent(
        """
        import pyspiel
        import roundgames.envs.openspiel
        for name in ("python_loo", "python_nap"):
            game = pyspiel.load_game(name, {"players": 4, "table_mode": True})
            pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
        print("random_sim_test passed")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "random_sim_test passed" in done.stdout


@pytest.mark.parametrize("preset", ["peel", "five-card", "irish"])
def test_the_table_mode_action_space_is_the_one_the_page_gives(preset: str) -> None:
    env = loo_v0.raw_env(players=4, preset=preset, table_mode=True)
    strict = loo_v0.raw_env(players=4, preset=preset)
    game = pyspiel.load_game("python_loo", {"players": 4, "preset": preset, "table_mode": True})
    assert env.NUM_ACTIONS == game.num_distinct_actions() == strict.NUM_ACTIONS + 1
    assert env.action_space("player_0").n == env.NUM_ACTIONS
    assert loo_encoding.action_name(strict.NUM_ACTIONS, env.rules) == "replay"
    assert f"**{env.NUM_ACTIONS}** actions, adding `{strict.NUM_ACTIONS}` `replay`" in layout_doc.page()
    nap = nap_v0.raw_env(players=4, table_mode=True)
    assert nap.NUM_ACTIONS == nap_v0.raw_env(players=4).NUM_ACTIONS == 359
