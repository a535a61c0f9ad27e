"""The web table's Room in-process: how a player's absences are counted down before a bot plays the seat."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from roundgames.web.room import Room, Timing
from roundgames.web.store import Store


class Recorder:
    """A connection that keeps what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.last_seq = 0
        self.messages: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.messages.append(message)


CONFIG = {
    "game": "nap",
    "preset": "peel",
    "options": {},
    "players": 3,
    "people": 1,
    "bot": "random",
    "bot_delay": 0.0,
    "spectators": True,
    "rounds": 1,
    "confirm": False,
    "seed": 7,
}


def _countdowns(tmp_path: Path, away: float, stay: float) -> tuple[float, float]:
    """Ann drops, comes back for ``stay`` seconds and drops again: the ends of her two countdowns."""

    async def run() -> tuple[float, float]:
        store = Store(str(tmp_path / "room.sqlite3"))
        store.create("t", CONFIG)
        room = Room("t", CONFIG, store, time.time(), Timing(away_seconds=away, deal_pause=0, trick_pause=0))
        room.replay([])
        room.start()
        try:
            await room.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await room.call(room.join, ann, None)
            await asyncio.sleep(away)  # a long first stay: her first drop starts a full countdown
            await room.call(room.disconnect, ann)
            first = room.seats[0].away_until
            await room.call(room.join, ann, ann.last_seq)
            await asyncio.sleep(stay)
            await room.call(room.disconnect, ann)
            return first, room.seats[0].away_until
        finally:
            await room.stop()
            store.close()

    return asyncio.run(run())


def test_a_player_who_drops_again_soon_keeps_the_countdown_he_had(tmp_path: Path) -> None:
    # Otherwise a connection that keeps failing would hold the table up for ever.
    first, second = _countdowns(tmp_path, away=0.3, stay=0.0)
    assert second == first


def test_a_player_back_for_a_whole_countdown_earns_a_fresh_one(tmp_path: Path) -> None:
    first, second = _countdowns(tmp_path, away=0.3, stay=0.35)
    assert second >= first + 0.3
