"""A table tells every connection of a change with one message for each kind of viewer, built and encoded once:
each connection still gets exactly what a message built for it alone would say, to the byte (docs/web.md, "State
(per viewer)").

Random deals of Loo and Nap are played at a table watched by two spectators and one connection at each seat
(a seat's second connection would take the seat from the first); every
message each connection receives is checked against the state built for that connection alone at that moment
(:func:`~roundgames.web.views.state_for`), its log against the table's log as that viewer may read it, and its text
against the message encoded on its own.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from roundgames.web.outgoing import Outgoing
from roundgames.web.room import Room
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.views import state_for
from roundgames.web.words import action_text

TIMING = Timing(away_seconds=600, deal_pause=0, trick_pause=0)


class Checked:
    """A connection that checks each message it is pushed against the one built for it alone."""

    def __init__(self, seat: int | None, room: Room) -> None:
        self.seat = seat
        self.room = room
        self.last_seq = 0
        self.token_hash: str | None = None
        self.messages: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        if message["type"] in ("update", "snapshot"):
            assert message["state"] == state_for(self.room.facts(), self.seat)
            log = self.room.state.log
            mine = [e.for_viewer(self.seat) for e in log[len(log) - len(message["log"]) :]]
            assert message["log"] == mine
        alone = json.dumps(dict(message), separators=(",", ":"), ensure_ascii=False)
        if isinstance(message, Outgoing):
            assert message.encoded() == (alone, len(alone.encode("utf-8")))
        self.messages.append(message)

    def close(self, code: int) -> None:
        pass


def config(game: str, players: int, seed: int) -> dict[str, Any]:
    return {
        "game": game,
        "preset": "peel",
        "options": {},
        "players": players,
        "people": 0,
        "bot": "random",
        "bot_delay": 0.0,
        "spectators": True,
        "rounds": 3,
        "confirm": False,
        "mode": "strict",
        "hints": False,
        "turn_seconds": None,
        "seed": seed,
    }


@pytest.mark.parametrize(("game", "players", "seed"), [("loo", 5, 1), ("loo", 3, 2), ("nap", 4, 3), ("nap", 3, 4)])
def test_each_connection_gets_what_a_message_of_its_own_would_say(
    tmp_path: Path, game: str, players: int, seed: int
) -> None:
    clock = ManualClock()
    store = SqliteStore(str(tmp_path / "t.sqlite3"), now=clock.now)
    settings = config(game, players, seed)
    room = Room("t", settings, store, store.create("t", settings), TIMING, clock)
    room.replay([])
    conns = [Checked(None, room), Checked(None, room)] + [Checked(i, room) for i in range(players)]
    for conn in conns:
        room.join(conn, None)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(200):
        deal = room.table.deal
        if deal is None or deal.is_complete:
            if room.table.is_over:
                break
            n = len(room.table.sitting.deals)
            room.command("deal", {"number": room.deal_number + 1, "seed": f"{room.table.seed}:{n}"})
            continue
        assert deal.to_act is not None
        action = rng.choice(deal.legal_actions())
        room.command("act", {"seat": deal.to_act, "text": action_text(deal, action), "bot": True}, action=action)
    for conn in conns:
        assert len(conn.messages) > 20
    # The spectators were pushed the same messages: one built, and encoded, for them both.
    assert all(x is y for x, y in zip(conns[0].messages[-20:], conns[1].messages[-20:], strict=True))
    seats = {conn.seat: conn.messages[-1]["state"]["hand"] for conn in conns}
    assert seats[None] == []  # a spectator sees no hand (the last state: after a deal, or between deals)
