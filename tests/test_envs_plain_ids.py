"""The research adapters' plain turns: where a turn is an ordinary play or declaration in strict mode, the adapters
read its legal ids straight from the deal's state (the encodings' ``plain_ids``: the rules' masks of the hand, the
trick and the trumps, LOO-PLAY-2..6, LOO-DECL-1..10, NAP-PLAY-2) instead of building the engine's actions.

At every step of many random deals of every Loo form and kind and of Nap with its variants, in strict and in table
mode, the ids so read are the engine's legal actions' ids, and each id's action (``plain_action``) is the engine's
own action; in table mode, and where the turn is not plain (Five-card and Irish Loo, Nap's variants), nothing is
read and the engine is asked. Through PettingZoo, every step's legal ids and mask are the
engine's.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from roundgames.envs import loo_encoding, loo_v0, nap_encoding, nap_v0
from roundgames.games.registry import new_deal, rules_for

#: (game, preset, options, players, the deal's own arguments): every Loo form and kind, Nap's variants
TABLES: list[tuple[str, str, dict[str, Any], int, dict[str, Any]]] = [
    ("loo", "peel", {}, 5, {}),
    ("loo", "peel", {}, 3, {"kind": "single"}),
    ("loo", "peel", {"lead_rule": "lead_one", "second_lead": "none"}, 4, {}),
    ("loo", "peel", {"lead_rule": "cassell", "leader": "miss_holder", "dealer_lone_stander": "may_concede"}, 6, {}),
    ("loo", "enquire-within", {}, 5, {"kind": "ew_single"}),
    ("loo", "peel", {"club_law": True}, 4, {}),
    ("loo", "five-card", {}, 5, {}),
    ("loo", "irish", {}, 4, {}),
    ("nap", "peel", {}, 4, {}),
    ("nap", "modern", {"pack": 32}, 3, {}),
    ("nap", "peel", {"kitty": True, "purchase": True, "peep": True, "nap_top_card": True}, 5, {}),
    ("nap", "plain", {"spare_hand": "peel", "nap_challenge": True}, 4, {}),
    ("nap", "peel", {"nap_challenge": True, "purchase": True, "min_call": 2, "all_pass": "double_header"}, 6, {}),
]
ENCODINGS: dict[str, Any] = {"loo": loo_encoding, "nap": nap_encoding}
DEALS = 400


def _id(table: tuple[str, str, dict[str, Any], int, dict[str, Any]]) -> str:
    game, preset, options, players, more = table
    return f"{game}-{preset}-{players}-{'-'.join(f'{k}={v}' for k, v in {**options, **more}.items()) or 'plain'}"


@pytest.mark.parametrize("table_mode", [False, True], ids=["strict", "table"])
@pytest.mark.parametrize("table", TABLES, ids=_id)
def test_plain_ids_are_the_engines_at_every_step(table: tuple[Any, ...], table_mode: bool) -> None:
    game, preset, options, players, more = table
    encoding = ENCODINGS[game]
    rules = rules_for(game, preset, options)
    rng = random.Random(f"{game}{preset}{options}{players}{more}{table_mode}")
    read = 0
    for i in range(DEALS):
        deal: Any = new_deal(game, rules, players, dealer=i % players, **more)
        deal.table_mode = table_mode
        deal.deal(rng)
        while not deal.is_complete and deal.to_act is not None:
            legal = deal.legal_actions()
            plain = encoding.plain_ids(deal)
            if plain is not None:
                read += 1
                assert not table_mode, "in table mode the laws may add actions: the engine is always asked"
                expected = encoding.action_ids(deal, legal)
                assert plain == sorted(expected), f"deal {i}: {deal.log}"
                assert [encoding.plain_action(deal.to_act, a) for a in plain] == [expected[a] for a in plain]
            deal.apply_unchecked(rng.choice(legal))
    # Read in strict mode wherever a turn can be plain: every form but those with a stock (exchanges, Pam, flushes);
    # Peel's single is settled as it is dealt (LOO-SGL-1), with no turn at all.
    plain_form = game == "nap" or rules.form == "three_card"
    assert (read > 0) == (not table_mode and plain_form and more.get("kind") != "single")


@pytest.mark.parametrize("table_mode", [False, True], ids=["strict", "table"])
@pytest.mark.parametrize(
    ("module", "config"),
    [
        (loo_v0, {"players": 5}),
        (loo_v0, {"players": 4, "preset": "enquire-within", "sitting": True, "deals": 3}),
        (nap_v0, {"players": 4}),
        (nap_v0, {"players": 5, "options": {"kitty": True, "purchase": True}}),
    ],
    ids=["loo", "loo-ew-sitting", "nap", "nap-kitty-purchase"],
)
def test_pettingzoo_steps_offer_the_engines_actions(module: Any, config: dict[str, Any], table_mode: bool) -> None:
    env = module.raw_env(**config, table_mode=table_mode)
    encoding = ENCODINGS[env.GAME]
    rng = np.random.default_rng(7)
    for episode in range(25):
        env.reset(seed=episode)
        for agent in env.agent_iter():
            obs, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            deal = env.deal
            ids = env.legal_action_ids()
            assert ids == list(np.flatnonzero(obs["action_mask"]))
            if not table_mode:
                assert ids == sorted(encoding.action_ids(deal, deal.legal_actions()))
            assert sorted(i for i, _a in env.legal_items()) == ids
            for i, a in env.legal_items():
                assert a is None or encoding.action_id(deal, a) == i
            before = len(deal.log)
            choice = int(rng.choice(ids))
            action = dict(env.legal_items())[choice]
            env.step(choice)
            if action is not None and env.deal is deal and len(deal.log) > before:
                assert deal.log[before] == action or table_mode, f"{agent}: {deal.log[before]} != {action}"
