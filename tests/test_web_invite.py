"""Inviting, against a real ``roundgames serve`` with its own database and real websockets (docs/web.md,
"Inviting"): a table is private by default, out of the lobby's list, and joined by its link; its host lists it or
takes it out, the setting survives a restart and a table stored before it stays listed; the table's link as a QR
code; the clock's presets and its default by the number of people.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno

from roundgames.web.protocol import new_table_config
from roundgames.web.store import SqliteStore
from webproto import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("web-invite"))
    try:
        yield s
    finally:
        s.stop()


def lobby(server: Server) -> list[str]:
    return [t["id"] for t in server.http.get("/api/tables").json()["tables"]]


def post_listed(server: Server, table: str, body: Any) -> Any:
    return server.http.post(f"/api/tables/{table}/listed", json=body)


def test_a_new_table_is_private_and_joined_by_its_link(server: Server) -> None:
    table = server.create(game="nap", players=3, people=2)
    info = server.http.get(f"/api/tables/{table}").json()
    assert info["listed"] is False
    assert table not in lobby(server)
    assert server.http.get(f"/t/{table}").status_code == 200  # the link opens it
    server.sit(table, 0, "Ann")
    server.sit(table, 1, "Bob")  # and anyone holding it sits down
    assert table not in lobby(server)
    options = server.http.get("/api/options").json()
    assert options["listed"]["default"] is False and "link" in options["listed"]["doc"]


def test_the_host_lists_the_table_and_takes_it_out_and_nobody_else_may(server: Server) -> None:
    table = server.create(game="loo", players=4, people=2, listed=True)
    assert table in lobby(server)
    ann, bob = server.sit(table, 0, "Ann"), server.sit(table, 1, "Bob")
    with server.ws(table) as watcher:
        _, first = watcher.hello(bob)
        assert first["state"]["listed"] is True
        r = post_listed(server, table, {"token": bob, "listed": False})
        assert r.status_code == 403
        error = r.json()["error"]
        assert error["field"] == "listed"
        assert "only the host" in error["message"] and "the first person to sit down" in error["message"]
        assert "Ann" in error["message"]
        assert table in lobby(server)  # refused: nothing changed
        r = post_listed(server, table, {"token": ann, "listed": False})
        assert r.status_code == 200 and r.json() == {"listed": False}
        assert table not in lobby(server)
        told = watcher.until(lambda m: m.get("state", {}).get("listed") is False, "the table unlisted")
        assert told["type"] == "update"
        assert server.http.get(f"/api/tables/{table}").json()["listed"] is False
    r = post_listed(server, table, {"token": ann, "listed": True})
    assert r.status_code == 200 and table in lobby(server)


@pytest.mark.parametrize(
    ("body", "status", "field", "says"),
    [
        ({"token": "not-a-seat", "listed": True}, 403, "token", "does not sit"),
        ({"token": None, "listed": True}, 400, "token", "None"),
        ({"token": "x", "listed": "yes"}, 400, "listed", "'yes'"),
        ({"token": "x", "listed": True, "public": 1}, 400, "body", "token"),
        ([1, 2], 400, "body", "listed"),
    ],
)
def test_a_bad_listing_request_names_its_field_and_changes_nothing(
    server: Server, body: Any, status: int, field: str, says: str
) -> None:
    table = server.create(game="nap", players=3, people=1)
    server.sit(table, 0, "Ann")
    r = post_listed(server, table, body)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["field"] == field and says in error["message"]
    assert server.http.get(f"/api/tables/{table}").json()["listed"] is False


def test_the_listing_survives_a_restart_and_an_old_table_stays_listed(tmp_path: Path) -> None:
    # A table stored before tables were private by default: its settings have no `listed`.
    old = new_table_config({"game": "nap", "players": 3, "people": 0})
    del old["listed"]
    store = SqliteStore(str(tmp_path / "tables.sqlite3"))
    store.create("oldtable", old)
    store.close()
    first = Server(tmp_path)
    try:
        assert "oldtable" in lobby(first)
        assert first.http.get("/api/tables/oldtable").json()["listed"] is True
        table = first.create(game="nap", players=3, people=1)
        token = first.sit(table, 0, "Ann")
        assert post_listed(first, table, {"token": token, "listed": True}).status_code == 200
    finally:
        first.stop()
    second = Server(tmp_path)  # the same database
    try:
        assert {table, "oldtable"} <= set(lobby(second))
        assert second.http.get(f"/api/tables/{table}").json()["listed"] is True
    finally:
        second.stop()


def dark_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of a QR code drawn as segno draws it: one path of horizontal strokes, each ``h`` a run of
    dark modules on the row half a module above its line, moved between by ``M`` (absolute) and ``m`` (relative)."""
    path = re.search(r'<path[^>]*class="qrline"[^>]*d="([^"]+)"', svg) or re.search(r'd="(M[^"]+)"[^>]*/>\s*</g>', svg)
    assert path is not None, svg[:300]
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for op, a, b in re.findall(r"([MmHhVv])\s*(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path.group(1)):
        if op in "Mm":
            x, y = (float(a), float(b)) if op == "M" else (x + float(a), y + float(b))
        elif op == "h":
            run = int(float(a))
            dark.update((int(x) + i, int(y - 0.5)) for i in range(run))
            x += run
    return dark


def test_the_invite_qr_code_holds_the_table_s_own_link(server: Server) -> None:
    table = server.create(game="nap", players=3, people=2)
    token = server.sit(table, 0, "Ann")
    r = server.http.get(f"/api/tables/{table}/invite.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    svg = r.text
    link = f"{server.url}/t/{table}"
    assert f"<title>QR code of {link}</title>" in svg
    assert token not in svg and "#seat" not in svg  # the table's link, never a seat's
    # The modules drawn are those of the link's own QR code, where a quiet zone of four surrounds it.
    code = segno.make(link, error="m", micro=False)
    want = {(x + 4, y + 4) for y, row in enumerate(code.matrix) for x, v in enumerate(row) if v}
    assert dark_modules(svg) == want
    missing = server.http.get("/api/tables/nosuchtable9/invite.svg")
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "id"


def test_the_clock_has_presets_and_people_have_the_normal_one_unless_they_say(server: Server) -> None:
    options = server.http.get("/api/options").json()["turn_seconds"]
    assert [(p["name"], p["seconds"]) for p in options["presets"]] == [("relaxed", 60), ("normal", 30), ("quick", 15)]
    assert options["people_default"] == "normal"
    friends = server.http.get(f"/api/tables/{server.create(game='loo', players=4, people=2)}").json()
    assert friends["turn_seconds"] == 30 and friends["clock"] == "normal: 30 s a turn"
    alone = server.http.get(f"/api/tables/{server.create(game='loo', players=4, people=1)}").json()
    assert alone["turn_seconds"] is None and alone["clock"] == "no clock"  # a person alone with bots holds nobody up
    chosen = server.http.get(f"/api/tables/{server.create(game='loo', players=4, people=3, turn_seconds=None)}")
    assert chosen.json()["turn_seconds"] is None
    quick = server.http.get(f"/api/tables/{server.create(game='nap', players=3, people=1, turn_seconds=15)}")
    assert quick.json()["clock"] == "quick: 15 s a turn"


def test_the_presets_are_offered_by_their_names_in_words(server: Server) -> None:
    games = server.http.get("/api/options").json()["games"]
    for game in games.values():
        titles = game["titles"]
        assert set(titles) == set(game["presets"])
        for preset, title in titles.items():
            assert title and title != preset and not re.search(r"\b[a-z]+-[a-z]+\b", title), title
    assert games["loo"]["titles"]["enquire-within"] == "Three-card Loo (Enquire Within's rules)"


def test_a_sitting_until_we_stop_is_ended_by_its_host_over_http(server: Server) -> None:
    table = server.create(game="nap", players=3, people=2, rounds=None)
    info = server.http.get(f"/api/tables/{table}").json()
    assert info["rounds"] is None
    ann, bob = server.sit(table, 0, "Ann"), server.sit(table, 1, "Bob")  # every seat taken: the sitting starts
    stop = f"/api/tables/{table}/stop"
    r = server.http.post(stop, json={"token": bob})
    assert r.status_code == 403 and r.json()["error"]["field"] == "type" and "only the host" in r.text
    for body, field in (({}, "body"), ({"token": 3}, "token"), ({"token": ann, "now": True}, "body")):
        r = server.http.post(stop, json=body)
        assert r.status_code == 400 and r.json()["error"]["field"] == field, r.text
    with server.ws(table) as c:
        c.hello(ann)
        first = c.until(lambda m: (m.get("state") or {}).get("deal") is not None, "the first deal")
        assert first["state"]["sitting"]["open_ended"] and first["state"]["sitting"]["words"] == "Deal 1"
        r = server.http.post(stop, json={"token": ann})
        assert r.status_code == 200 and r.json() == {"stopping": True, "over": False}  # the deal in play is the last
        told = c.until(lambda m: (m.get("state") or {}).get("sitting", {}).get("stopping") is True, "the ending")
        assert told["state"]["sitting"]["banner"] == "Last deal: the host has ended the sitting"
    assert server.http.post(stop, json={"token": ann}).status_code == 400  # said once
    rounds = server.create(game="nap", players=3, people=1)
    token = server.sit(rounds, 0, "Ann")
    r = server.http.post(f"/api/tables/{rounds}/stop", json={"token": token})
    assert r.status_code == 400 and "ends by itself after its 1 round" in r.json()["error"]["message"]
    r = server.http.post("/api/tables", json={"game": "nap", "rounds": 0})
    assert r.status_code == 400 and "or null: until we stop" in r.json()["error"]["message"]
