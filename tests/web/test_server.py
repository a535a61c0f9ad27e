"""The web server as its users meet it, through HTTP and real websockets to a real `roundgames serve`:
durability across a crash, the countdown before a bot plays an away seat and the pause after a trick on the real
clock, undo against bots, the exports, and the `serve` command's own errors. (Idle tables expiring, and every
pause to the moment, are tested in-process on a manual clock: tests/test_web_room.py.)"""

from __future__ import annotations

import itertools
import json
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import httpx

from roundgames.records.deal import loads, replay
from roundgames.web.timing import TRICK_PAUSE_ENV

from .webclient import Seat, create, play_first, sit


def _play_until(seat: Seat, done: Callable[[dict[str, Any]], bool], limit: int = 200) -> None:
    """Play seat's first legal action each turn until ``done(state)``."""
    for _ in range(limit):
        seat.until(lambda s: done(s) or bool(s["legal"]), what="my turn or the end")
        if done(seat.state):
            return
        before = seat.seq
        play_first(seat)
        seat.until(lambda s, before=before: seat.seq > before, what="my action applied")
    raise AssertionError("never reached the end")


def _public(state: dict[str, Any]) -> dict[str, Any]:
    """The state without what changes with connections and the clock."""
    out = json.loads(json.dumps(state))
    for seat in out["seats"]:
        seat.pop("connected"), seat.pop("away_until"), seat.pop("bot_playing")
    out.pop("next_deal_at")
    return out


def test_a_killed_server_resumes_every_table_with_the_same_cards(server_factory: Any) -> None:
    # a process of its own: killed and started again
    server = server_factory(args=["--deal-pause", "0"], process=True)
    tables = []
    for game in ("loo", "nap"):
        made = create(server.url, game=game, players=4, people=1, bot_delay=0.05)
        token = sit(server.url, made["id"], 0, "Ann")
        me = Seat(server.url, made["id"], token)
        # Into the play of the second deal: the first Loo deal is often a single, settled as dealt.
        me.until(lambda s: bool(s["deal"]) and s["deal"]["number"] >= 1 and bool(s["legal"]), what="my turn")
        _play_until(me, lambda s: s["deal"]["number"] >= 2 and s["deal"]["phase"] == "play" and bool(s["legal"]))
        tables.append((made["id"], token, _public(me.state), me.seq))
        me.close()
    server.kill()  # SIGKILL: no shutdown, as a crash
    server.start()
    for table_id, token, before, seq in tables:
        again = Seat(server.url, table_id, token, since=seq)
        again.until(lambda s: bool(s), what="the first state")
        assert again.seq == seq
        assert _public(again.state) == before  # the same hand, trick, pool and scores
        # ... and the deal goes on from there to its end.
        number = before["deal"]["number"]
        _play_until(again, lambda s, number=number: s["deal"]["complete"] or s["deal"]["number"] > number)
        again.close()


def test_an_away_person_gets_a_countdown_then_a_bot_plays_the_seat(server_factory: Any) -> None:
    """The countdown on the real clock, end to end (tests/test_web_room.py checks it to the moment)."""
    # Three seconds away: the check below, a second in, holds however slowly the watcher connects.
    server = server_factory(args=["--away-seconds", "3", "--deal-pause", "0"])
    # Fifty rounds: the bot playing for Ann at full speed must not finish the sitting before she comes back.
    made = create(server.url, game="nap", players=3, people=1, bot_delay=0, rounds=50)
    token = sit(server.url, made["id"], 0, "Ann")
    me = Seat(server.url, made["id"], token)
    me.until(lambda s: bool(s["legal"]), what="my turn")
    number = me.state["deal"]["number"]
    watcher = Seat(server.url, made["id"], None)
    me.close()
    state = watcher.until(lambda s: not s["seats"][0]["connected"], what="Ann shown away")
    assert state["seats"][0]["away_until"] is not None and not state["seats"][0]["bot_playing"]
    # Nobody acts for Ann before her countdown ends ...
    time.sleep(1)
    assert not any(e["seat"] == 0 and e["kind"] == "action" and e["deal"] == number for e in watcher.log)
    # ... then a bot plays her seat, and says so.
    watcher.until(
        lambda s: any(e["seat"] == 0 and e["kind"] == "action" for e in watcher.log), what="a bot acting for Ann"
    )
    assert watcher.state["seats"][0]["bot_playing"]
    back = Seat(server.url, made["id"], token)
    state = back.until(lambda s: s["seats"][0]["connected"], what="Ann back")
    assert not state["seats"][0]["bot_playing"]
    back.until(lambda s: bool(s["legal"]), what="Ann's own turn again")
    back.close()
    watcher.close()


def test_undo_is_free_against_bots_and_refused_with_people(server_factory: Any) -> None:
    server = server_factory(args=["--away-seconds", "1", "--deal-pause", "0"])  # Bob, never connected, is soon a bot
    made = create(server.url, game="loo", players=4, people=1, bot_delay=0)
    me = Seat(server.url, made["id"], sit(server.url, made["id"], 0, "Ann"))
    me.until(lambda s: bool(s["legal"]) and s["deal"]["phase"] == "declare", what="my declaration")
    hand, number = me.state["hand"], me.state["deal"]["number"]
    assert not me.state["undo"]
    play_first(me)
    me.until(lambda s: s["undo"] or s["deal"]["complete"], what="undo offered")
    if me.state["deal"]["complete"]:
        return  # everyone else threw up at once: nothing is left to undo in this deal
    me.send({"type": "undo"})
    state = me.until(lambda s: bool(s["legal"]) and not s["undo"], what="my turn again")
    assert state["hand"] == hand and state["deal"]["number"] == number
    assert state["deal"]["notes"][0] == ""

    two = create(server.url, game="loo", players=4, people=2, bot_delay=0)
    ann = Seat(server.url, two["id"], sit(server.url, two["id"], 0, "Ann"))
    sit(server.url, two["id"], 1, "Bob")
    ann.until(lambda s: bool(s["legal"]), what="Ann's turn")
    play_first(ann)
    ann.send({"type": "undo"})
    assert ann.error()["code"] == "no_undo"
    ann.close()
    me.close()


def test_bots_pause_after_a_trick_as_the_server_is_told(server_factory: Any) -> None:
    """The pace on the real clock, end to end: bots at a table with a bot delay wait the trick pause the server
    takes from ROUNDGAMES_TRICK_PAUSE after each finished trick, and no more than that between other actions
    (tests/test_web_room.py checks every pause to the moment). The times are those the server stamped each action
    with in its database as it applied it, so a watcher slow to read its messages on a busy machine changes nothing."""
    pause = 0.25
    # a process of its own: the pause is read from the command's environment, as a user sets it
    server = server_factory(args=["--deal-pause", "0"], env={TRICK_PAUSE_ENV: str(pause)}, process=True)
    made = create(server.url, game="nap", players=3, people=0, bot_delay=0.05, rounds=3)
    watcher = Seat(server.url, made["id"], None)
    kinds: dict[int, set[str]] = {}  # each stored event's log entries, by the event's number

    def after(kind: str) -> list[float]:
        """The time from each action whose log says ``kind`` (a trick finished, or a plain action) to the next."""
        stamped = _stamps(str(server.db), made["id"])
        acts = [seq for seq, what in sorted(stamped.items()) if what[0] == "act"]
        return [
            stamped[b][1] - stamped[a][1]
            for a, b in itertools.pairwise(acts)
            if b == a + 1 and ("trick" in kinds.get(a, set())) == (kind == "trick") and "action" in kinds.get(b, set())
        ]

    while len(after("trick")) < 3:  # a deal may end early (all passed, a misery lost): as many deals as it takes
        message = watcher.recv(timeout=20)
        for e in message.get("log", []):
            kinds.setdefault(e["seq"], set()).add(e["kind"])
        assert not message.get("state", {}).get("scores", {}).get("over"), kinds
    watcher.close()
    after_trick, plain = after("trick"), after("action")
    assert min(after_trick) >= pause - 0.01, after_trick
    assert min(after_trick) < 1.5, after_trick  # the server's own default, 1.5 s, was not in force
    assert min(plain) < pause, plain  # other bot actions only wait the table's bot delay


def _stamps(db: str, table_id: str) -> dict[int, tuple[str, float]]:
    """Each stored event of a table, by its number: its kind and the time the server stamped it with (read from the
    server's SQLite file, read-only, while it runs)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT seq, kind, ts FROM events WHERE table_id = ? ORDER BY seq", (table_id,))
        return {seq: (kind, ts) for seq, kind, ts in rows}


def test_scores_csv_and_records_agree_with_the_table(server: Any) -> None:
    made = create(server.url, game="nap", players=3, people=0, bot_delay=0, rounds=2)  # six deals, then over
    url = f"{server.url}/api/tables/{made['id']}"
    # Not while it is played (asked before anyone connects: a table nobody watches does not move, while six deals
    # of bots without pauses may be over within the moment it takes to ask once a watcher is there).
    assert httpx.get(f"{url}/records.json", trust_env=False).status_code == 409
    watcher = Seat(server.url, made["id"], None)
    state = watcher.until(lambda s: s["scores"]["over"], timeout=60, what="the end of the sitting")
    watcher.close()
    records = httpx.get(f"{url}/records.json", trust_env=False).json()
    rows = httpx.get(f"{url}/scores.csv", trust_env=False).text.splitlines()
    assert rows[0].split(",")[0] == "deal" and rows[-1].split(",")[0] == "total"
    assert len(records) == len(state["scores"]["deals"]) == len(rows) - 2 == 6
    for i, record in enumerate(records):
        ruling = replay(loads(json.dumps(record)))
        assert ruling.error is None and ruling.deal.is_complete
        assert [int(x) for x in rows[i + 1].split(",")[1:]] == ruling.deal.net == state["scores"]["deals"][i]
    # The totals are the balances, the kitty shared out at the end included.
    assert [int(x) for x in rows[-1].split(",")[1:]] == state["scores"]["totals"] == state["scores"]["settlement"]


def test_a_spreadsheet_formula_for_a_name_stays_text(server: Any) -> None:
    made = create(server.url, game="nap", players=3, people=1)
    sit(server.url, made["id"], 0, "=cmd|calc!A1")
    header = httpx.get(f"{server.url}/api/tables/{made['id']}/scores.csv", trust_env=False).text.splitlines()[0]
    assert header.split(",")[1] == "'=cmd|calc!A1"


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "roundgames", "serve", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)


def test_serve_refuses_a_taken_port_and_bad_arguments(tmp_path: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve("--port", str(port), "--db", str(tmp_path / "x.sqlite3"))
    assert done.returncode == 2 and f"--port {port}" in done.stderr and "Traceback" not in done.stderr
    done = _serve("--away-seconds", "-1")
    assert done.returncode == 2 and "--away-seconds -1" in done.stderr
    done = _serve("--port", "0", "--db", str(tmp_path / "x.sqlite3"))
    assert done.returncode == 2 and "--port 0" in done.stderr
    with socket.socket() as probe:  # a port that was free a moment ago: the store is refused, not the port
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    done = _serve("--port", str(free), "--db", str(tmp_path / "no" / "such" / "dir" / "x.sqlite3"))
    assert done.returncode == 2 and "--db" in done.stderr and "Traceback" not in done.stderr


def test_a_second_server_on_the_same_file_is_refused_and_the_first_plays_on(server_factory: Any) -> None:
    """One SQLite file, one server: two writing it would interleave their events and break the tables."""
    # a process of its own: a second server tries its file, then it is killed and started again
    first = server_factory(args=["--deal-pause", "0"], process=True)
    made = create(first.url, game="nap", players=3, people=1, bot_delay=0)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    done = _serve("--port", str(free), "--db", str(first.db))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"--db {first.db}: another roundgames server is using this file" in done.stderr
    me = Seat(first.url, made["id"], sit(first.url, made["id"], 0, "Ann"))
    me.until(lambda s: bool(s["legal"]), what="my turn at the first server")
    me.close()
    first.kill()  # a server killed outright leaves no lock behind: the next start takes the file
    first.start()
    again = Seat(first.url, made["id"], None)
    again.until(lambda s: bool(s) and s["seats"][0]["name"] == "Ann", what="the table after the restart")
    again.close()


def test_the_lobby_lists_open_tables_and_the_options_it_offers(server: Any) -> None:
    catalogue = httpx.get(f"{server.url}/api/options", trust_env=False).json()
    assert "peel" in catalogue["games"]["loo"]["presets"] and "modern" in catalogue["games"]["nap"]["presets"]
    kitty = catalogue["games"]["nap"]["options"]["kitty"]
    assert kitty["default"] is False and kitty["values"] == [False, True] and "NAP-VAR-POOL" in kitty["doc"]
    assert {"five-card", "irish"} <= set(catalogue["games"]["loo"]["presets"])  # every form is played here
    open_one = create(server.url, game="nap", players=4, people=2, spectators=False, listed=True)
    closed = create(server.url, game="nap", players=3, people=1, spectators=False, listed=True)
    sit(server.url, closed["id"], 0, "Ann")
    listed = [t["id"] for t in httpx.get(f"{server.url}/api/tables", trust_env=False).json()["tables"]]
    assert open_one["id"] in listed and closed["id"] not in listed
    page = httpx.get(f"{server.url}/t/{open_one['id']}", trust_env=False)
    assert page.status_code == 200 and "charset=utf-8" in page.headers["content-type"]


def test_chat_names_its_speaker_and_a_flood_is_slowed(server: Any) -> None:
    made = create(server.url, game="nap", players=3, people=1)
    ann = Seat(server.url, made["id"], sit(server.url, made["id"], 0, "Ann"))
    watcher = Seat(server.url, made["id"], None)
    ann.until(lambda s: bool(s["deal"]), what="the first deal")
    for i in range(6):
        ann.send({"type": "chat", "text": f"line {i}"})
    error = ann.error()
    assert error["code"] == "too_fast" and error["field"] == "text"
    watcher.send({"type": "chat", "text": "hello from the rail"})
    watcher.until(lambda s: any(e["kind"] == "chat" and e["seat"] is None for e in watcher.log), what="its line")
    said = [e["text"] for e in watcher.log if e["kind"] == "chat"]
    assert said == [f"Ann: line {i}" for i in range(5)] + ["Spectator: hello from the rail"]
    ann.close()
    watcher.close()


def test_deeply_nested_json_is_refused_plainly(server: Any) -> None:
    made = create(server.url, game="loo", players=3, people=1)
    watcher = Seat(server.url, made["id"], None)
    watcher.until(lambda s: True, what="a state")
    watcher.ws.send("[" * 4000)  # within the size limit, far past any sensible depth
    assert watcher.error()["code"] == "bad_json"
    watcher.send({"type": "ping"})
    while watcher.recv()["type"] != "pong":
        pass
    answer = httpx.post(
        f"{server.url}/api/tables", content=b"[" * 5000, headers={"content-type": "application/json"}, trust_env=False
    )
    assert answer.status_code == 400 and answer.json()["error"]["field"] == "body"
    watcher.close()
    assert "Traceback" not in server.log_text()


def _to_a_turn_offering(me: Seat, verb: str, limit: int = 40) -> bool:
    """Pass or stand through turns (and deals) until ``verb`` is offered; whether it was."""
    for _ in range(limit):
        state = me.until(lambda s: bool(s["legal"]) or bool(s["scores"]["over"]), what="a turn")
        if state["scores"]["over"]:
            return False
        if any(e["action"] == verb for e in state["legal"]):
            return True
        before = me.seq
        play_first(me)
        me.until(lambda s, before=before: me.seq > before, what="my action applied")
    return False


def test_a_bot_finishes_the_spare_hand_of_a_player_who_went_away(server_factory: Any) -> None:
    server = server_factory(args=["--away-seconds", "1", "--deal-pause", "0"])
    made = create(server.url, game="nap", players=3, people=1, bot_delay=0, rounds=10, options={"spare_hand": "peel"})
    token = sit(server.url, made["id"], 0, "Ann")
    me = Seat(server.url, made["id"], token)
    assert _to_a_turn_offering(me, "spare"), "the spare hand was never offered"
    me.send({"type": "act", "action": "spare"})
    state = me.until(lambda s: s["keeping"] is not None, what="the ten cards")
    ten = state["keeping"]["cards"]
    assert len(ten) == 10 and [e["action"] for e in state["legal"]] == ["keep"]
    me.send({"type": "act", "action": "spare"})
    assert me.error()["code"] == "illegal"  # taken once; now keep five
    number = state["deal"]["number"]
    watcher = Seat(server.url, made["id"], None)
    me.close()
    state = watcher.until(
        lambda s: s["deal"]["number"] > number or s["deal"]["declarer"] == 0, what="the bot keeping five for Ann"
    )
    assert state["deal"]["number"] == number and state["deal"]["contract"] == "Nap"  # the call stands
    texts = [e["text"] for e in watcher.log if e["seat"] == 0 and e["deal"] == number]
    assert "Ann keeps five of the ten" in texts and "Ann passes" not in texts
    watcher.close()


def test_undo_stops_at_an_action_that_showed_hidden_cards(server: Any) -> None:
    made = create(server.url, game="loo", players=3, people=1, bot_delay=0, rounds=10)
    me = Seat(server.url, made["id"], sit(server.url, made["id"], 0, "Ann"))
    assert _to_a_turn_offering(me, "miss"), "the miss was never offered"
    me.send({"type": "act", "action": "miss"})
    state = me.until(lambda s: s["deal"]["notes"][0] == "took the miss", what="the miss taken")
    assert not state["undo"]  # she has seen the miss: taking it back would be choosing again knowing it
    me.send({"type": "undo"})
    assert me.error()["code"] == "no_undo"
    me.close()


def test_every_page_and_answer_carries_the_security_headers(server: Any) -> None:
    """Content-Security-Policy (our own origin only, never framed), X-Frame-Options, nosniff and no referrer, on the
    pages, the JSON routes, the static files, the rules pages and an error alike."""
    made = create(server.url, game="nap", players=3, people=1)
    paths = [
        "/",
        f"/t/{made['id']}",
        "/api/options",
        f"/api/tables/{made['id']}",
        "/static/style.css",
        "/rules/loo/three-card",
        "/t/nosuchtable",
        "/api/nosuchroute",
    ]
    for path in paths:
        answer = httpx.get(server.url + path, trust_env=False)
        csp = answer.headers.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert answer.headers.get("x-frame-options") == "DENY", path
        assert answer.headers.get("x-content-type-options") == "nosniff", path
        assert answer.headers.get("referrer-policy") == "no-referrer", path
