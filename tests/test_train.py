"""The trained player's pieces fit (``roundgames.train``, the ``[train]`` extra): a few seconds of PPO on a tiny batch
of Three-card Loo tables, its policy file read back and played at the engine's tables as ``learned:PATH`` (in a
tournament, through the command), the rollout's rewards given to each seat's last decision of its deal, and the
command's refusal of bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("numba")

from cli_run import run_cli
from conftest import refused
from roundgames.bots import make_bot, play_deal
from roundgames.core.errors import RecordError, RulesError
from roundgames.envs.learned import LearnedBots, learned_bot, load
from roundgames.envs.vector import BatchedGame
from roundgames.games.registry import new_deal, rules_for
from roundgames.train.loop import opponents_of, train
from roundgames.train.ppo import Config, advantages
from roundgames.train.rollout import Rollout

#: a run of a few seconds: two rollouts of 16 steps at 8 tables, a small network
TINY = Config(horizon=16, epochs=1, minibatches=2, hidden=(32,))


@pytest.fixture(scope="module")
def policy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("train") / "loo.npz"
    done = train("loo", 5, 256, 8, 3, str(path), config=TINY)
    assert done.steps == 256 and path.exists()
    return path


def test_the_policy_file_says_what_it_was_trained_for(policy_file: Path) -> None:
    policy = load(str(policy_file))
    h = policy.header
    assert (h["game"], h["form"], h["players"], h["preset"], h["options"]) == ("loo", "three_card", 5, "peel", {})
    assert (h["obs_size"], h["num_actions"], h["hidden"], h["steps"], h["seed"]) == (489, 56, [32], 256, 3)
    assert h["opponents"] == ["learner", "sensible", "sensible", "sensible", "sensible"]
    assert [w.shape for w, _ in policy.actor] == [(489, 32), (32, 56)]
    assert policy.logits(np.zeros(489, np.float32)).shape == (56,)


def test_the_learned_player_plays_a_deal_at_the_engine_with_numpy(policy_file: Path) -> None:
    rules = rules_for("loo", "peel")
    deal: Any = new_deal("loo", rules, 5, dealer=4)
    deal.deal(11)
    name = f"learned:{policy_file}"
    bots = {s: make_bot("sensible", "loo", seed=s) for s in range(5)}
    bots[0] = LearnedBots(players=5)(name, rules, 1)
    bots[2] = learned_bot(name, 2, rules, 5)
    net = play_deal(deal, bots)
    assert deal.is_complete and sum(net) + deal.result().pool - deal.ledger.start == 0


def test_the_tournament_plays_it_by_its_lineup_name(policy_file: Path, tmp_path: Path) -> None:
    lineup = ",".join([f"learned:{policy_file}"] + ["sensible"] * 4)
    got = run_cli("tournament", "--lineup", lineup, "--boards", "2", "--workers", "1", "--csv", str(tmp_path / "t.csv"))
    assert got.returncode == 0, got.stderr
    assert f"learned:{policy_file}" in got.stdout


def test_a_policy_for_another_table_is_refused(policy_file: Path, tmp_path: Path) -> None:
    name = f"learned:{policy_file}"
    got = run_cli("tournament", "--lineup", f"{name},sensible,sensible,sensible", "--boards", "1", "--workers", "1")
    refused(got, "tournament", "--lineup", "at 5 players", "not for 4 players")
    lineup = ",".join([name] + ["sensible"] * 4)
    got = run_cli("tournament", "--lineup", lineup, "--option", "club_law=true", "--boards", "1", "--workers", "1")
    refused(got, "tournament", "--lineup", "not for these rules")
    with pytest.raises(RulesError, match="a policy for loo"):
        learned_bot(name, 0, rules_for("nap", "peel"))
    not_policy = tmp_path / "x.npz"
    np.savez(not_policy, header=np.array(json.dumps({"format": "other"})))
    with pytest.raises(RecordError, match="not a policy file"):
        learned_bot(f"learned:{not_policy}")
    missing = tmp_path / "none.npz"
    got = run_cli("tournament", "--lineup", f"learned:{missing}," + ",".join(["sensible"] * 4), "--boards", "1")
    refused(got, "tournament", f"learned:{missing}", "cannot read")
    got = run_cli("train", "--opponents", "strategy", "--players", "3", "--steps", "64", "--out", str(tmp_path / "s"))
    refused(got, "train", "opponents", "strategy")  # no strategy is shipped for 3 players


def test_the_command_trains_and_refuses_bad_input_naming_the_field(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    got = run_cli("train", "--steps", "64", "--batch", "4", "--seed", "2", "--out", str(out))
    assert got.returncode == 0, got.stderr
    assert "trained 64 steps" in got.stdout and load(str(out)).header["steps"] == 64
    refused(run_cli("train", "--game", "whist", "--out", str(out)), "train", "--game", "whist")
    refused(run_cli("train", "--players", "2", "--out", str(out)), "train", "--players", "2")
    refused(run_cli("train", "--opponents", "clever", "--out", str(out)), "train", "--opponents", "clever")
    refused(run_cli("train", "--steps", "0", "--out", str(out)), "train", "--steps", "'0'")
    refused(run_cli("train", "--out", str(tmp_path / "no" / "p.npz")), "train", "--out")


def test_each_seat_is_paid_on_its_own_last_decision_of_the_deal() -> None:
    # self-play: every seat learns, so a deal's end is paid to seats whose last decision was steps before
    env = BatchedGame("loo", batch=6, players=3, opponents=opponents_of(3, None), seed=4)
    rollout = Rollout(env, horizon=40, reward_scale=1.0)
    rng = np.random.default_rng(0)

    def act(obs: Any, mask: Any, explore: Any) -> tuple[Any, Any, Any]:
        return np.argmax(rng.random(mask.shape) * mask, axis=1), np.zeros(len(mask)), np.zeros(len(mask))

    batch = rollout.collect(act)
    assert batch.done.any()
    # every seat's net of every deal ended lies on one of its decisions (the first rollout: no deal began before)
    assert batch.rewards.sum() == pytest.approx(rollout.net)
    assert 0 < batch.done.sum() <= rollout.deals  # (a deal may end before a seat decides)
    _, returns, weight = advantages(batch, 1.0, 1.0)
    done = batch.done
    assert np.allclose(returns[done], batch.rewards[done])  # values 0: the return of a last decision is its net
    assert weight[done].all()


def test_the_exploring_draws_from_a_mixture_whose_log_probability_ppo_corrects_by() -> None:
    import jax

    from roundgames.train.network import Networks
    from roundgames.train.ppo import Learner

    env = BatchedGame("loo", batch=64, players=5, seed=2)
    obs, mask, _ = env.reset()
    learner = Learner(Networks(env.obs_size, env.num_actions, (16,)), TINY, 1, jax.random.PRNGKey(0))
    key = jax.random.PRNGKey(1)
    actions, logp, _ = learner.act(obs, mask, key, np.ones(64))  # always uniform: log(1 / k)
    assert mask[np.arange(64), actions].all()
    assert np.allclose(logp, -np.log(mask.sum(axis=1)), atol=1e-5)
    # never exploring: the policy's own log-probability, as the update computes it
    from roundgames.train.network import log_prob

    actions, logp, _ = learner.act(obs, mask, key, np.zeros(64))
    logits, _ = learner.nets.apply(learner.params, obs, mask)
    assert np.allclose(logp, np.asarray(log_prob(logits, actions)), atol=1e-5)
