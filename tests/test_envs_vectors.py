"""The research adapters' observation vectors, built with NumPy in place, equal a straightforward encoding
(tests/envs_reference.py: one Python list per seat, read through the seat's ``view``), value for value, at every
step of many random deals and sittings of every game and form, for every seat: in PettingZoo's ``observe``, in the
encoding's ``observation`` list and in OpenSpiel's observation tensor."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from envs_reference import loo_observation, nap_observation
from roundgames.envs import encoding, loo_v0, nap_v0

#: (module, reference, configuration): every Loo form and Nap with the options that add to what a seat sees
TABLES: list[tuple[Any, Any, dict[str, Any]]] = [
    (loo_v0, loo_observation, {"players": 5, "preset": "peel"}),
    (loo_v0, loo_observation, {"players": 3, "preset": "peel", "kind": "ew_single"}),
    (loo_v0, loo_observation, {"players": 6, "preset": "enquire-within", "sitting": True, "deals": 4}),
    (loo_v0, loo_observation, {"players": 4, "preset": "peel", "sitting": True, "deals": 6}),
    (loo_v0, loo_observation, {"players": 5, "preset": "five-card"}),
    (loo_v0, loo_observation, {"players": 3, "preset": "five-card", "options": {"pam": "jack_trumps"}}),
    (loo_v0, loo_observation, {"players": 4, "preset": "five-card", "sitting": True, "deals": 3}),
    (loo_v0, loo_observation, {"players": 4, "preset": "irish"}),
    (loo_v0, loo_observation, {"players": 6, "preset": "irish", "sitting": True, "deals": 3}),
    (nap_v0, nap_observation, {"players": 4, "preset": "peel"}),
    (nap_v0, nap_observation, {"players": 5, "preset": "plain"}),
    (nap_v0, nap_observation, {"players": 3, "preset": "modern", "sitting": True, "deals": 4}),
    (nap_v0, nap_observation, {"players": 4, "preset": "peel", "options": {"peep": True, "purchase": True}}),
    (nap_v0, nap_observation, {"players": 4, "preset": "peel", "options": {"spare_hand": "peel", "peep": True}}),
    (nap_v0, nap_observation, {"players": 6, "preset": "peel", "options": {"nap_challenge": True}}),
    (nap_v0, nap_observation, {"players": 4, "preset": "peel", "options": {"nap_top_card": True}}),
]


@pytest.mark.parametrize(("module", "reference", "config"), TABLES, ids=lambda x: str(x) if isinstance(x, dict) else "")
def test_observations_equal_the_reference_encoding_at_every_step(module: Any, reference: Any, config: Any) -> None:
    env = module.raw_env(**config)
    rng = np.random.default_rng(7)
    steps = 0
    for episode in range(40):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            deal = env.deal
            for other in env.possible_agents:  # every seat's vector, not only the acting one's
                seat = env._index[other]
                expected = reference(deal, seat, env.passed)
                got = env.observe(other)["observation"]
                assert got.dtype == np.float32
                np.testing.assert_array_equal(got, np.asarray(expected, np.float32), err_msg=f"{other} step {steps}")
                assert encoding.encoding_of(deal).observation(deal, seat, env.passed) == expected
            obs, _r, termination, truncation, _i = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            env.step(action)
    assert steps > 300  # many decisions were checked, not a handful


def test_observe_between_two_actions_is_the_same_and_changes_after_one() -> None:
    env = loo_v0.raw_env(players=4)
    env.reset(seed=3)
    agent = env.agent_selection
    first = env.observe(agent)
    again = env.observe(agent)
    np.testing.assert_array_equal(first["observation"], again["observation"])
    action = int(np.flatnonzero(first["action_mask"])[0])
    env.step(action)
    after = env.observe(agent)
    assert not np.array_equal(after["observation"], first["observation"])  # the seat to act (and more) moved on
    assert not after["action_mask"].any() or env.agent_selection == agent


@pytest.mark.parametrize("preset", ["peel", "five-card", "irish"])
def test_openspiel_observation_tensor_equals_the_reference_encoding(preset: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import roundgames.envs.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_loo", {"players": 4, "preset": preset})
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            for p in range(game.num_players()):
                expected = loo_observation(state.deal, p, state.passed)
                np.testing.assert_array_equal(
                    np.asarray(state.observation_tensor(p), np.float32), np.asarray(expected, np.float32)
                )
                checked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 100
