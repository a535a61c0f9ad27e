"""The bots at the web table, through a real `roundgames serve`, HTTP and real websockets: each seat's bot chosen at
the create API (and refused plainly), shown to everyone; the bots thinking in the server's worker processes while
another table's messages flow; and a server killed in the middle of a sitting of bots that, started again, plays the
rest exactly as a server that never stopped."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from roundgames.bots import BOTS
from roundgames.session.decisions import bots_for

from .webclient import Seat, create, play_first, sit

#: the slowest bot the registry has (a searching bot once there is one), for the busy tables
SLOWEST = "expert" if "expert" in BOTS else "sensible"


def _post(base: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{base}/api/tables", json=body, timeout=10, trust_env=False)


def _get(base: str, path: str) -> Any:
    answer = httpx.get(f"{base}{path}", timeout=10, trust_env=False)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_each_seat_s_bot_is_chosen_at_the_create_api_and_shown_to_everyone(server: Any) -> None:
    made = create(server.url, game="nap", players=4, people=1, bot="random", bots=[None, "sensible", None, "random"])
    bots = ["random", "sensible", "random", "random"]
    info = made["info"]
    assert info["bot"] == "random" and info["bots"] == bots
    assert [s["bot"] for s in info["seats"]] == bots
    assert _get(server.url, f"/api/tables/{made['id']}")["bots"] == bots
    watcher = Seat(server.url, made["id"], None)
    state = watcher.until(lambda s: bool(s), what="the first state")
    assert state["table"]["bots"] == bots and [s["bot"] for s in state["seats"]] == bots
    watcher.close()
    # Without `bots`, every seat has `bot`'s; without either, sensible.
    assert create(server.url, game="loo", players=3, bot="random")["info"]["bots"] == ["random"] * 3
    assert create(server.url, game="loo", players=3)["info"]["bots"] == ["sensible"] * 3
    # The names offered are the registry's: a bot added to roundgames.bots.BOTS is offered by itself.
    options = _get(server.url, "/api/options")
    assert options["bots"] == list(BOTS)
    for game in ("loo", "nap"):
        assert options["games"][game]["bots"] == bots_for(game)


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"bot": "genius"}, "bot", "bot: 'genius' is not a bot here"),
        ({"bot": 3}, "bot", "bot: 3 is not a bot here"),
        ({"bots": ["sensible", "genius", None]}, "bots[1]", "bots[1]: 'genius' is not a bot here"),
        ({"bots": [None, None, 7]}, "bots[2]", "bots[2]: 7 is not a bot here"),
        ({"bots": ["sensible", "random"]}, "bots", 'bots: ["sensible", "random"] is not a list of 3 entries'),
        ({"bots": "sensible"}, "bots", 'bots: "sensible" is not a list of 3 entries'),
    ],
)
def test_a_bad_bot_is_refused_naming_the_field_the_value_and_the_valid_names(
    server: Any, body: dict[str, Any], field: str, words: str
) -> None:
    answer = _post(server.url, {"game": "loo", "players": 3, **body})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["field"] == field
    assert error["message"].startswith(words), error["message"]
    assert f"valid: {', '.join(bots_for('loo'))}" in error["message"]
    assert _get(server.url, "/api/tables")["tables"] == []  # nothing was made


def _descendants(pid: int) -> dict[int, float]:
    """The live processes started by ``pid`` (and theirs: the fork server's workers), with the seconds of CPU each
    has used."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    out: dict[int, float] = {}
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        out[child] = times.get(child, 0.0)
        todo += children.get(child, [])
    return out


def _descendants_cpu(pid: int) -> float:
    """Seconds of CPU the processes started by ``pid`` have used."""
    return sum(_descendants(pid).values())


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes' CPU time from /proc")
def test_bots_think_in_the_workers_while_another_table_s_messages_flow(server_factory: Any) -> None:
    """Three tables of the slowest bots play flat out; meanwhile Ann, at a table of her own, is answered between
    their moves: her pings many times over for each move they make (a bot thinking on the event loop would hold
    every message until its move was made: about one answer a move), and each action of hers is applied. The
    bots' CPU time is spent in the server's worker processes. Nothing here is timed (how fast the table answers
    is benchmarks/bench_web.py's to measure): the order of the messages tells."""
    # a process of its own: its children's CPU is measured
    server = server_factory(args=["--deal-pause", "0", "--bot-workers", "1"], process=True)
    assert server.process is not None
    busy = [
        create(server.url, game=game, players=4, people=0, bot=SLOWEST, bot_delay=0, rounds=50)["id"]
        for game in ("loo", "nap", "loo")
    ]
    quiet = create(server.url, game="nap", players=3, people=1, bot="random", bot_delay=0, rounds=50)
    ann = Seat(server.url, quiet["id"], sit(server.url, quiet["id"], 0, "Ann"))
    ann.until(lambda s: bool(s["legal"]), what="Ann's first turn")
    watchers = [Seat(server.url, table, None) for table in busy]

    def drain(timeout: float) -> list[int]:
        """Read what the busy tables have sent (so that their outboxes never fill); each one's moves so far."""
        for watcher in watchers:
            while True:
                try:
                    watcher.recv(timeout=timeout)
                except TimeoutError:
                    break
        return [sum(e["kind"] == "action" for e in w.log) for w in watchers]

    # The first decisions load the search's compiled code in the worker: a move at each busy table first. The
    # deadlines only end a test that would otherwise hang, however loaded the machine.
    warm = time.monotonic() + 300
    while min(drain(0.05)) < 1:
        assert time.monotonic() < warm, "the busy tables never moved"
    before, start = _descendants_cpu(server.process.pid), drain(0.001)
    pongs = acted = 0
    moves = [0] * len(busy)
    hang = time.monotonic() + 300
    while min(moves) < 5 or not acted:  # five moves at each busy table, and Ann's turn taken (it is hers now)
        assert time.monotonic() < hang, f"the busy tables hardly moved: {moves}"
        ann.send({"type": "ping"})
        while ann.recv()["type"] != "pong":
            pass
        pongs += 1
        if ann.my_turn():
            seq = ann.seq
            play_first(ann)
            ann.until(lambda s, seq=seq: ann.seq > seq, what="Ann's action applied")
            acted += 1
        moves = [m - s for m, s in zip(drain(0.001), start, strict=True)]
    thought = _descendants_cpu(server.process.pid) - before
    for watcher in watchers:
        watcher.close()
    ann.close()
    # Answered between the bots' moves: many pongs for each move (one a move, were the bots thinking in the loop).
    assert pongs > 3 * sum(moves), (pongs, moves)
    # The workers did the thinking: their CPU time grew with the bots' moves (none at all if they thought in the loop).
    assert thought > 0.2, f"the workers used {thought:.2f} s of CPU for {sum(moves)} moves"


def _watch(base: str, tables: list[str], done: Any, what: str, timeout: float = 120) -> list[Seat]:
    """A spectator at each table (so that its bots play), read until ``done(state)`` holds at every one."""
    watchers = [Seat(base, table, None) for table in tables]
    deadline = time.monotonic() + timeout
    for watcher in watchers:
        watcher.until(done, timeout=max(1.0, deadline - time.monotonic()), what=what)
    return watchers


def _over(state: dict[str, Any]) -> bool:
    return bool(state["scores"]["over"])


def test_a_server_killed_mid_sitting_plays_the_rest_as_one_that_never_stopped(server_factory: Any) -> None:
    """Two tables of bots (the random ones use their random source at every decision) are made, then copied with
    the database before a card is dealt. One copy plays unbroken to the end; the other is killed (SIGKILL) in the
    middle of its sitting, started again, and plays on: every deal, every action, the same."""
    # a process of its own: killed and started again
    first = server_factory(args=["--deal-pause", "0"], process=True)
    tables = [
        create(first.url, game="nap", players=4, people=0, bot_delay=0.02, rounds=3, bots=["random", "sensible"] * 2)[
            "id"
        ],
        create(first.url, game="loo", players=4, people=0, bot_delay=0.02, rounds=3, bots=["sensible", "random"] * 2)[
            "id"
        ],
    ]
    first.stop()  # nobody watched: nothing was dealt
    unbroken_db = first.db.parent / "unbroken.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{first.db}{suffix}").exists():
            shutil.copy(f"{first.db}{suffix}", f"{unbroken_db}{suffix}")

    unbroken = server_factory(db=unbroken_db, args=["--deal-pause", "0"])
    for watcher in _watch(unbroken.url, tables, _over, "the end of the sitting"):
        watcher.close()
    expected = [_get(unbroken.url, f"/api/tables/{t}/records.json") for t in tables]
    unbroken.stop()

    first.start()
    midway = _watch(first.url, tables, lambda s: bool(s["deal"]) and s["deal"]["number"] >= 3, "the third deal")
    assert first.process is not None
    workers = _descendants(first.process.pid) if Path("/proc/self/stat").exists() else {}
    assert workers, "the server has no worker processes"
    first.kill()  # as a crash: no shutdown
    deadline = time.monotonic() + 10  # ... and its workers end with it, not left waiting for work for ever
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)], "the killed server's workers live on"
    dealt = [w.state["deal"]["number"] for w in midway]
    first.start()
    again = [Seat(first.url, table, None) for table in tables]
    for watcher in again:
        state = watcher.until(lambda s: bool(s), what="the first state after the restart")
        assert not state["scores"]["over"], "the sitting ended before the kill: it proves nothing"
        watcher.until(_over, timeout=120, what="the end of the sitting")
        watcher.close()
    resumed = [_get(first.url, f"/api/tables/{t}/records.json") for t in tables]
    for before, after, number in zip(expected, resumed, dealt, strict=True):
        assert len(after) > number, "no deal was played after the restart"
        assert [r["actions"] for r in after] == [r["actions"] for r in before]
        assert after == before
