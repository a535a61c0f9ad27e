"""The site's page of the environments' spaces (research/environments.md), generated at build time by
``roundgames.envs.layout_doc`` through scripts/docs_pages/research.py: it covers every form of every game, and the
sizes it states are those the PettingZoo and OpenSpiel environments really give, for several seat counts."""

from __future__ import annotations

import importlib
import importlib.util
import re

import pytest

from docs_pages import ROOT
from roundgames.envs import layout_doc
from roundgames.envs.games import ENV_GAMES

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import pyspiel

from roundgames.envs import openspiel  # noqa: F401  (registers python_loo and python_nap)

_FORM = re.compile(
    r"^### (.+)\n\nPreset `([\w-]+)`\. Actions: \*\*(\d+)\*\*\. Observation: \*\*([^*]+)\*\* values .*"
    r"Information state: \*\*([^*]+)\*\* values",
    re.M,
)


def _value(formula: str, n: int) -> int:
    """A page's size formula (``174 + 63 n``) at ``n`` seats."""
    total = 0
    for term in formula.split(" + "):
        total += int(term.split()[0]) * n if term.endswith("n") and term != "n" else n if term == "n" else int(term)
    return total


def _forms() -> list[tuple[str, str, str, int, str, str]]:
    text = layout_doc.page()
    found = []
    for section in text.split("\n## ")[1:]:
        game = next((k for k, g in ENV_GAMES.items() if section.startswith(g.spec.title + "\n")), None)
        if game is None:
            continue
        for m in _FORM.finditer("\n" + section):
            found.append((game, m.group(1), m.group(2), int(m.group(3)), m.group(4), m.group(5)))
    return found


def test_the_site_generates_the_page_from_the_encoding_and_nothing_is_committed_in_its_place() -> None:
    path = ROOT / "scripts" / "docs_pages" / "research.py"
    spec = importlib.util.spec_from_file_location("docs_pages_research", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.PAGES["research/environments.md"]() == layout_doc.page()
    assert not (ROOT / "docs" / "research" / "environments.md").exists(), "a generated page, never hand-written"


def test_the_page_has_every_form_of_every_game() -> None:
    forms = {(game, title) for game, title, *_ in _forms()}
    assert forms == {(k, f.title) for k, g in ENV_GAMES.items() for f in g.spec.forms}


@pytest.mark.parametrize("form", _forms(), ids=lambda f: f[1])
def test_the_sizes_on_the_page_are_those_the_environments_give(form: tuple[str, str, str, int, str, str]) -> None:
    game, _title, preset, actions, observation, info = form
    kit = ENV_GAMES[game]
    _name, _long, fewest, most = kit.deals.SPIEL_NAMES
    module = importlib.import_module(f"roundgames.envs.{game}_v0")
    for n in (max(fewest, 3), min(most, 5)):
        env = module.env(players=n, preset=preset)
        env.reset(seed=1)
        obs = env.last()[0]
        assert obs["observation"].shape == (_value(observation, n),)
        assert obs["action_mask"].shape == (actions,)
        spiel = pyspiel.load_game(kit.deals.SPIEL_NAMES[0], {"players": n, "preset": preset})
        assert spiel.num_distinct_actions() == actions
        assert spiel.observation_tensor_size() == _value(observation, n)
        assert spiel.information_state_tensor_size() == _value(info, n)
