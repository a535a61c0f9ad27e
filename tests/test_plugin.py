"""The game plug-in (roundgames.games.plugin, roundgames.games.registry): a third game added by one line.

One-trick (tests/onetrick, its rules in tests/onetrick/RULES.md) lives only in the tests. Added by the registry's
variable (``ROUNDGAMES_GAMES=onetrick.game:PLUGIN``) or an installed entry point, it plays at the referee, the
tournament and the research environments with no change anywhere else; what its plug-in does not name (a simulator
kernel, guide pages, an open-card solver) is refused by name. Bad paths are refused naming them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cli_run import run_cli
from roundgames.bots import make_bot, play_deal
from roundgames.core.errors import RoundgamesError
from roundgames.games.plugin import PluginError
from roundgames.games.registry import ENV_VAR, GAMES, game, games, new_deal, plugin, reload, rules_for
from roundgames.records import loads, referee

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "onetrick" / "records"
#: the one line that adds the game
LINE = "onetrick.game:PLUGIN"


@pytest.fixture
def onetrick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """One-trick added to the registry by its one line, and taken out again after the test."""
    monkeypatch.setenv(ENV_VAR, LINE)
    reload()  # read now: this process's environment changed
    yield
    monkeypatch.delenv(ENV_VAR)
    reload()  # the game is gone for the next test


def _env(**more: str) -> dict[str, str]:
    """A new process's environment: the package and the tests' games on the path."""
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    paths = [str(ROOT / "src"), str(ROOT / "tests"), *more.pop("PATHS", "").split(os.pathsep)]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return {**env, **more}


def _roundgames(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "roundgames", *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )


# -- the registry ------------------------------------------------------------------------------------------------


def test_the_registry_lists_the_package_games_and_nothing_registers_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing a game's modules adds nothing: the registry is its explicit list, plus the lines that add games."""
    monkeypatch.delenv(ENV_VAR, raising=False)
    import onetrick.game  # noqa: F401  (imported, not listed)

    assert [p.name for p in reload()] == ["loo", "nap"]
    with pytest.raises(RoundgamesError, match=r"unknown game 'onetrick' \(valid: loo, nap\)"):
        game("onetrick")


def test_one_line_adds_the_game_and_taking_it_out_removes_it(onetrick: None) -> None:
    assert [g.name for g in games()] == ["loo", "nap", "onetrick"]
    spec = game("onetrick")
    assert (spec.title, [f.name for f in spec.forms], GAMES["onetrick"] is spec) == ("One-trick", ["onetrick"], True)
    os.environ.pop(ENV_VAR)
    assert [p.name for p in reload()] == ["loo", "nap"] and "onetrick" not in GAMES
    os.environ[ENV_VAR] = LINE


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("onetrick.nowhere:PLUGIN", "ROUNDGAMES_GAMES: 'onetrick.nowhere:PLUGIN': no module 'onetrick.nowhere'"),
        ("onetrick.game:NOTHING", "ROUNDGAMES_GAMES: 'onetrick.game:NOTHING': module 'onetrick.game' has no 'NOTHING'"),
        ("onetrick.game:VERBS", "ROUNDGAMES_GAMES: 'onetrick.game:VERBS': a GamePlugin or GameSpec, got VerbTable"),
        ("roundgames.loo.game:LOO", "ROUNDGAMES_GAMES: 'roundgames.loo.game:LOO': a second game named 'loo'"),
        (
            "onetrick.game:PLUGIN:x",
            "ROUNDGAMES_GAMES: 'onetrick.game:PLUGIN:x' is not a path (write package.module:attribute)",
        ),
    ],
)
def test_a_bad_line_is_refused_naming_the_path(monkeypatch: pytest.MonkeyPatch, line: str, message: str) -> None:
    monkeypatch.setenv(ENV_VAR, line)
    with pytest.raises(PluginError) as caught:
        reload()
    assert str(caught.value) == message
    with pytest.raises(PluginError):  # every look-up says so, until the line is mended
        game("loo")
    monkeypatch.delenv(ENV_VAR)
    assert len(reload()) == 2


def test_a_bad_line_stops_the_command_naming_the_path() -> None:
    run = _roundgames("referee", str(RECORDS / "aces_low.json"), env=_env(ROUNDGAMES_GAMES="onetrick.game:PLUGN"))
    # a user's mistake: one line and status 2, no traceback
    assert run.returncode == 2 and run.stdout == ""
    assert (
        run.stderr
        == "roundgames: error: ROUNDGAMES_GAMES: 'onetrick.game:PLUGN': module 'onetrick.game' has no 'PLUGN'\n"
    )


def test_an_installed_entry_point_adds_the_game(tmp_path: Path) -> None:
    """A distribution that declares the entry point ``onetrick = "onetrick.game:PLUGIN"`` of the group
    ``roundgames.games`` adds the game with no variable."""
    dist = tmp_path / "onetrick_game-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: onetrick-game\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[roundgames.games]\nonetrick = onetrick.game:PLUGIN\n")
    run = _roundgames("referee", str(RECORDS / "aces_low.json"), env=_env(PATHS=str(tmp_path)))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["tricks"][0]["winner"] == "Dan"


def test_a_part_the_game_has_not_is_refused_by_name(onetrick: None) -> None:
    found = plugin("onetrick")
    with pytest.raises(PluginError, match=r"^simulate: game 'onetrick' has no simulator kernel$"):
        found.sim_part("onetrick")
    with pytest.raises(PluginError, match=r"^rules: game 'onetrick' has no guide pages$"):
        found.part("guide", "rules")
    with pytest.raises(PluginError, match=r"three_card"):
        plugin("nap").sim_part("three_card")


# -- the referee -------------------------------------------------------------------------------------------------


def _ruling(*args: str, stdin: str = "") -> dict[str, Any]:
    run = run_cli("referee", *args, stdin=stdin)
    assert run.returncode == 0, run.stderr
    ruling: dict[str, Any] = json.loads(run.stdout)
    return ruling


def test_referee_the_winner_takes_the_pot(onetrick: None) -> None:
    """ONE-STK-1: each of three puts 1 into a pot of 2; ONE-PLAY-1: Ann, on the dealer's left, leads; ONE-PLAY-3:
    the king of hearts is the highest heart (the ace of spades does not follow); ONE-SET-1: Ben takes the 5;
    ONE-SET-2: the deal passes to Ann."""
    ruling = _ruling(str(RECORDS / "ben_takes_the_pot.json"))
    assert ruling == {
        "format": "roundgames-ruling/1",
        "complete": True,
        "error": None,
        "tricks": [{"leader": "Ann", "cards": ["9H", "KH", "AS"], "winner": "Ben"}],
        "irregularities": [],
        "net": {"Ann": -1, "Ben": 4, "Cat": -1},
        "pool": 0,
        "next": {"dealer": "Ann"},
    }


def test_referee_aces_low(onetrick: None) -> None:
    """ONE-VAR-ACES: under ``aces-low`` the ace of hearts is the lowest heart, so the king wins; stakes of 2."""
    ruling = _ruling(str(RECORDS / "aces_low.json"))
    assert ruling["tricks"][0]["winner"] == "Dan"
    assert ruling["net"] == {"Ann": -2, "Ben": -2, "Cat": -2, "Dan": 6}
    plain = json.loads((RECORDS / "aces_low.json").read_text()) | {"variant": "plain"}
    assert _ruling("-", stdin=json.dumps(plain))["tricks"][0]["winner"] == "Ben"  # aces high: the ace wins


def _record(actions: list[str], **more: Any) -> str:
    record = json.loads((RECORDS / "ben_takes_the_pot.json").read_text())
    return json.dumps(record | {"actions": actions} | more)


def test_referee_a_deal_in_progress_and_an_action_out_of_turn(onetrick: None) -> None:
    ruling = _ruling("-", stdin=_record(["Ann play 9H"]))
    assert (ruling["complete"], ruling["to_act"], ruling["legal"]) == (False, "Ben", ["Ben play KH"])
    assert ruling["tricks"] == [{"leader": "Ann", "cards": ["9H"], "winner": None}] and ruling["pool"] == 5
    out_of_turn = _ruling("-", stdin=_record(["Ben play KH"]))["error"]
    assert (out_of_turn["index"], out_of_turn["rule"]) == (0, "ONE-PLAY-1")
    assert out_of_turn["message"] == "Ben cannot play now: it is Ann's turn (ONE-PLAY-1)"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"cards": {"Ann": "9H 8H", "Ben": "KH", "Cat": "AS"}},
            "cards.Ann: a seat is dealt one card (ONE-DEAL-1), got 2",
        ),
        ({"cards": {"Ann": "9H", "Ben": "KH"}}, "cards.Cat: every seat is dealt one card (ONE-DEAL-1)"),
        ({"kind": "regular"}, "kind: a Loo field; One-trick records have none"),
        ({"seats": ["Ann"], "dealer": "Ann"}, "seats: One-trick takes 2 to 6 seats (ONE-GEN-1), got 1"),
        (
            {"options": {"aces": "middle"}},
            "options.aces: 'middle' is not a valid onetrick value (valid: 'high', 'low')",
        ),
        ({"stakes": {"unit": 1}}, "stakes.unit: no such onetrick stake (valid: stake)"),
        ({"actions": ["Ann play 2C"]}, "actions[0]: 'Ann play 2C': Ann does not hold 2C"),
        ({"actions": ["Ann call nap"]}, "actions[0]: 'Ann call nap' does not parse: expected 'SEAT play CARD'"),
    ],
)
def test_referee_refuses_a_malformed_record_in_one_line(onetrick: None, change: dict[str, Any], message: str) -> None:
    bad = json.loads(_record(["Ann play 9H"])) | change
    run = run_cli("referee", "-", stdin=json.dumps(bad))
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1, run.stderr
    assert message in run.stderr


def test_a_record_round_trips_and_a_played_deal_is_recorded(onetrick: None) -> None:
    record = loads((RECORDS / "ben_takes_the_pot.json").read_text())
    assert referee(loads(json.dumps(record.to_json()))) == referee(record)
    deal = new_deal("onetrick", rules_for("onetrick", "plain"), ["Ann", "Ben", "Cat", "Dan"], dealer="Dan", pool=1)
    deal.deal(5)  # type: ignore[attr-defined]
    net = play_deal(deal, {s: make_bot("random", "onetrick", seed=s) for s in range(4)})
    from roundgames.records import record_of

    ruling = referee(record_of(deal))
    assert ruling["net"] == dict(zip(deal.seats, net, strict=True)) and sum(net) == 1 and ruling["pool"] == 0


def test_the_game_as_users_add_it_in_a_new_process() -> None:
    """The one line in a new process: ``ROUNDGAMES_GAMES=onetrick.game:PLUGIN roundgames referee FILE``."""
    run = _roundgames("referee", str(RECORDS / "ben_takes_the_pot.json"), env=_env(ROUNDGAMES_GAMES=LINE))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["net"] == {"Ann": -1, "Ben": 4, "Cat": -1}


# -- the tournament and the bots ---------------------------------------------------------------------------------


def test_tournament_sensible_against_random(onetrick: None) -> None:
    """With one card each nobody has a choice (ONE-PLAY-2), so the sensible player and the random one play every
    board alike: no difference between them, and the seats' means add up to nothing (the pot is always taken,
    ONE-SET-1)."""
    run = run_cli(
        "tournament", "--game", "onetrick", "--preset", "plain", "--versus", "sensible,random", "--boards", "40",
        "--workers", "1", "--sitting", "2",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[1] == "One-trick (plain), 4 players, seed 0"
    assert "sensible - random      +0.000 ± 0.000  [+0.000, +0.000]  no difference shown at 95%" in run.stdout
    by_seat = next(line for line in lines if line.startswith("  sensible ") and line.count("±") == 4)
    means = [float(part.split("±")[0].split()[-1]) for part in by_seat.split("±")[:-1][:4]]
    assert abs(sum(means)) < 0.01, by_seat


def test_tournament_refuses_the_search_bots_by_name(onetrick: None) -> None:
    """The plug-in names no open-card solver: the expert does not play One-trick, and says which games it plays."""
    run = run_cli("tournament", "--game", "onetrick", "--preset", "plain", "--versus", "expert,random", "--boards", "2")
    assert run.returncode == 2 and "unknown game 'onetrick' for bot 'expert' (valid: loo, nap)" in run.stderr


def test_simulate_and_rules_refuse_what_the_game_has_not(onetrick: None) -> None:
    run = run_cli("simulate", "--game", "onetrick", "--deals", "10")
    assert run.returncode == 2 and run.stderr.strip().endswith("simulate: game 'onetrick' has no simulator kernel")
    run = run_cli("rules", "onetrick")
    assert run.returncode == 2 and run.stderr.strip().endswith("rules: game 'onetrick' has no guide pages")


# -- the research environments -----------------------------------------------------------------------------------

EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


def _harness(run: Callable[[], None]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    assert not {str(w.message) for w in caught} - set(EXPECTED_WARNINGS)


@pytest.mark.parametrize("config", [{"players": 3}, {"players": 6, "preset": "aces-low"}, {"sitting": True}])
def test_pettingzoo_api(onetrick: None, config: dict[str, Any]) -> None:
    from pettingzoo.test import api_test, seed_test

    from roundgames.envs.plugged import env

    _harness(lambda: api_test(env("onetrick", **config), num_cycles=200))
    _harness(lambda: seed_test(lambda: env("onetrick", **config), num_cycles=200))


def test_pettingzoo_masks_and_rewards(onetrick: None) -> None:
    """Each seat's mask offers its one card, to the seat to act only (ONE-PLAY-2); the winner's reward is the
    others' stakes (ONE-SET-1)."""
    from roundgames.envs.plugged import env

    e = env("onetrick", players=4, stakes={"stake": 3}, render_mode="ansi")
    e.reset(seed=7)
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        rewards[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        others = [a for a in e.possible_agents if a != agent]
        assert all(not e.observe(a)["action_mask"].any() for a in others)
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == 1 and obs["observation"][legal[0]] == 1.0  # its own card
        e.step(int(legal[0]))
    assert sorted(rewards.values()) == [-3.0, -3.0, -3.0, 9.0]
    assert "(won by player_" in e.render()


def test_the_loo_and_nap_environments_by_name(onetrick: None) -> None:
    from roundgames.envs import nap_v0
    from roundgames.envs.plugged import raw_env

    assert type(raw_env("nap", players=3)) is nap_v0.raw_env
    with pytest.raises(RoundgamesError, match=r"no game 'whist' \(valid: loo, nap, onetrick\)"):
        raw_env("whist")


def test_the_gymnasium_vector_adapter_refuses_a_game_it_has_no_compiled_form_of(onetrick: None) -> None:
    """The batched tables behind the Gymnasium adapter are compiled form by form: One-trick has none, and is
    refused by name."""
    from roundgames.envs.vector.gym import RoundGamesVectorEnv

    with pytest.raises(RoundgamesError, match=r"the batched environment plays no game 'onetrick' \(valid: loo, nap\)"):
        RoundGamesVectorEnv("onetrick", num_envs=2, players=3)


def test_openspiel(onetrick: None) -> None:
    import pyspiel

    from roundgames.envs.openspiel import GAMES as SPIEL_GAMES
    from roundgames.envs.openspiel import register_games

    register_games()
    assert SPIEL_GAMES["onetrick"].__name__ == "OnetrickGame"
    g = pyspiel.load_game("python_onetrick", {"players": 3})
    assert (g.num_players(), g.num_distinct_actions(), g.min_utility(), g.max_utility()) == (3, 52, -1.0, 2.0)
    pyspiel.random_sim_test(g, num_sims=20, serialize=False, verbose=False)
