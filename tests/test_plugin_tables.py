"""One-trick (tests/onetrick), added by its one line, at the two tables a person sits at: the web table (a real
server in this process, played over its websocket) and the plain terminal table (``roundgames play --plain``).

The tables render what the game's deal, view and verbs say; nothing of them names the game.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from inproc import InProcessServer
from roundgames.games.registry import ENV_VAR, reload
from roundgames.records import loads, referee
from roundgames.web.serve import Tuning
from roundgames.web.thinking import InlineThinker
from webproto import Client

ROOT = Path(__file__).resolve().parent.parent
LINE = "onetrick.game:PLUGIN"


@pytest.fixture
def onetrick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """One-trick added to the registry by its one line, and taken out again after the test."""
    monkeypatch.setenv(ENV_VAR, LINE)
    reload()  # read now: this process's environment changed
    yield
    monkeypatch.delenv(ENV_VAR)
    reload()


@contextlib.contextmanager
def serving(tmp_path: Path) -> Iterator[str]:
    """The web table as ``roundgames serve`` serves it, in a thread of this process (tests/inproc.py); its base URL."""
    # the bots decide in this process, where the game was added
    server = InProcessServer(
        tmp_path / "web.sqlite3",
        args=["--deal-pause", "0"],
        tuning=Tuning(trick_pause=0, create_limit=0),
        thinker=InlineThinker(),
    )
    server.start()
    try:
        yield server.url
    finally:
        problem = server.stop()
        assert problem is None, f"{problem}\n--- its log:\n{server.log_text()}"


def test_web_table_a_person_plays_one_trick_against_bots(onetrick: None, tmp_path: Path) -> None:
    """A table of three, one person and two bots: the person's card is offered as her one legal action (ONE-PLAY-2),
    she plays it over the websocket, and the deal ends with the pot taken (ONE-SET-1): the nets add up to nothing."""
    with serving(tmp_path) as url, httpx.Client(base_url=url, timeout=10, trust_env=False) as http:
        body = {"game": "onetrick", "preset": "plain", "players": 3, "people": 1, "bot_delay": 0}
        created = http.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = created.json()["id"]
        token = http.post(f"/api/tables/{table}/sit", json={"seat": 0, "name": "Ann"}).json()["token"]
        ws = connect(f"ws://{url.removeprefix('http://')}/ws/{table}", proxy=None, open_timeout=5, max_size=None)
        with Client(ws.__enter__()) as client:
            client.hello(token)
            state = client.until(lambda m: bool((m.get("state") or {}).get("legal")), "Ann's turn")["state"]
            legal = [entry["action"] for entry in state["legal"]]
            assert len(legal) == 1 and legal[0].startswith("play ")
            client.send({"type": "act", "action": legal[0]})
            done = client.until(_deal_over, "the end of the deal")["state"]
    results = _results(done)
    assert sum(results) == 0 and sorted(results)[-1] == 2  # the winner takes the others' two stakes


def _deal_over(message: dict[str, Any]) -> bool:
    deal = (message.get("state") or {}).get("deal")
    return bool(deal and deal.get("complete"))


def _results(state: dict[str, Any]) -> list[int]:
    """Each seat's net in the finished deal, as the table's state gives it."""
    deal = state["deal"]
    net = deal.get("net") or deal.get("result", {}).get("net")
    assert net is not None, json.dumps(deal)[:2000]
    return [int(v) for v in (net.values() if isinstance(net, dict) else net)]


def test_plain_terminal_table_plays_a_sitting(tmp_path: Path) -> None:
    """``roundgames play onetrick --plain``: the person's card is her one legal action; after each player has dealt
    once the sitting is over, and the records it exports are ruled by the referee as the table scored them."""
    env = {
        **{k: v for k, v in os.environ.items() if k != ENV_VAR},
        ENV_VAR: LINE,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")]),
    }
    export = tmp_path / "deals.json"
    command = [sys.executable, "-m", "roundgames", "play", "onetrick", "--players", "3", "--preset", "plain"]
    command += ["--plain", "--ascii", "--seed", "4", "--bot-delay", "0", "--trick-pause", "0", "--export", str(export)]
    run = subprocess.run(command, input="1\n" * 10, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("Deal over.") == 3 and "The sitting is over." in run.stdout
    offered = [line for line in run.stdout.splitlines() if line.startswith("Legal: ")]
    assert offered and all(line.count("|") == 0 for line in offered)  # one card, one legal action
    records = json.loads(export.read_text())
    nets: dict[str, int] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_VAR, LINE)
        reload()
        for record in records:
            for seat, net in referee(loads(json.dumps(record)))["net"].items():
                nets[seat] = nets.get(seat, 0) + net
        patch.delenv(ENV_VAR)
        reload()
    sheet = run.stdout.split("Score sheet", 1)[1]
    for seat, total in nets.items():
        assert f"{'You' if seat == 'You' else seat:<5} {total:+d} " in sheet, (seat, total, sheet)
