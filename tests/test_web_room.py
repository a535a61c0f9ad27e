"""The web table in-process, on a clock the test moves on: the pace of the bots, the pause after a trick and
between deals, how a player's absences are counted down before a bot plays the seat, and how a server forgets an
idle table.

Nothing here sleeps: :class:`ManualClock` runs each timer when the test moves the clock past it. (The real clock is
checked end to end by tests/web/test_server.py.)
"""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from roundgames.web.app import create_app
from roundgames.web.room import Room, RoomError
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.words import card_words


class Recorder:
    """A connection that keeps what it is sent, and when (by the room's clock)."""

    def __init__(self, seat: int | None, clock: ManualClock) -> None:
        self.seat = seat
        self.clock = clock
        self.last_seq = 0
        self.messages: list[dict[str, Any]] = []
        self.times: list[float] = []

    def push(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        self.times.append(self.clock.now())

    def entries(self, kind: str) -> list[dict[str, Any]]:
        return [e for m in self.messages for e in m.get("log", []) if e["kind"] == kind]


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


class Scene:
    """A room on a manual clock, with Ann sitting in seat 0 (at a table with a seat for a person) and a watcher;
    neither is connected until the test says so."""

    def __init__(self, room: Room, clock: ManualClock) -> None:
        self.room, self.clock = room, clock
        self.ann = Recorder(0, clock)
        self.watcher = Recorder(None, clock)

    async def advance(self, seconds: float) -> None:
        await self.clock.advance(seconds, self.room.settle)

    def logged(self) -> list[tuple[float, str]]:
        """Each log entry the watcher was sent, with the time it was sent: ``(time, kind)``."""
        return [
            (t, e["kind"])
            for t, m in zip(self.watcher.times, self.watcher.messages, strict=True)
            for e in m.get("log", [])
        ]


@asynccontextmanager
async def scene(tmp_path: Path, timing: Timing, **config: Any) -> AsyncIterator[Scene]:
    clock = ManualClock()
    settings = {**CONFIG, **config}
    store = SqliteStore(str(tmp_path / "room.sqlite3"), now=clock.now)
    store.create("t", settings)
    room = Room("t", settings, store, clock.now(), timing, clock)
    room.replay([])
    room.start()
    s = Scene(room, clock)
    try:
        if settings["people"]:
            await room.call(room.sit, 0, "Ann")
        yield s
    finally:
        await room.stop()
        store.close()


# -- the countdown of an absence ------------------------------------------------------------------------------


def _countdowns(tmp_path: Path, away: float, stay: float) -> tuple[float, float]:
    """Ann drops, comes back for ``stay`` seconds and drops again: the ends of her two countdowns."""

    async def main() -> tuple[float, float]:
        async with scene(tmp_path, Timing(away_seconds=away, deal_pause=0, trick_pause=0)) as s:
            room, ann = s.room, s.ann
            await room.call(room.join, ann, None)
            await s.advance(away)  # a long first stay: her first drop starts a full countdown
            await room.call(room.disconnect, ann)
            first = room.seats[0].away_until
            await room.call(room.join, ann, ann.last_seq)
            await s.advance(stay)
            await room.call(room.disconnect, ann)
            return first, room.seats[0].away_until

    return asyncio.run(main())


def test_a_player_who_drops_again_soon_keeps_the_countdown_he_had(tmp_path: Path) -> None:
    # Otherwise a connection that keeps failing would hold the table up for ever.
    first, second = _countdowns(tmp_path, away=30, stay=0.0)
    assert second == first


def test_a_player_back_for_a_whole_countdown_earns_a_fresh_one(tmp_path: Path) -> None:
    first, second = _countdowns(tmp_path, away=30, stay=35)
    assert second == first + 35


def test_a_bot_plays_an_away_seat_only_once_its_countdown_ends(tmp_path: Path) -> None:
    """Ann goes away on her turn: nothing is played for her for the whole countdown, then a bot plays the seat
    at once; she comes back and has her seat again."""

    async def main() -> None:
        async with scene(tmp_path, Timing(away_seconds=30, deal_pause=5, trick_pause=1.5)) as s:
            room = s.room
            await room.call(room.join, s.ann, None)
            await room.call(room.join, s.watcher, None)
            await s.advance(0)  # the first deal, and the bots up to Ann's turn
            deal = room.table.deal
            assert deal is not None and deal.to_act == 0 and s.ann.messages[-1]["state"]["legal"]
            await room.call(room.disconnect, s.ann)
            gone = s.clock.now()
            assert s.watcher.messages[-1]["state"]["seats"][0]["away_until"] == int((gone + 30) * 1000)
            await s.advance(29.9)
            assert deal.to_act == 0 and not room.bot_controls(0)
            assert not [e for e in s.watcher.entries("action") if e["seat"] == 0]
            await s.advance(0.1)
            assert [e for e in s.watcher.entries("action") if e["seat"] == 0], "the bot never played Ann's seat"
            assert s.watcher.messages[-1]["state"]["seats"][0]["bot_playing"]
            await room.call(room.join, s.ann, s.ann.last_seq)
            assert not room.bot_controls(0) and not s.watcher.messages[-1]["state"]["seats"][0]["bot_playing"]

    asyncio.run(main())


def test_an_open_seat_waits_its_countdown_from_the_table_s_creation(tmp_path: Path) -> None:
    """A seat left open for a person when the host starts the sitting is played by a bot once the countdown from
    the table's creation ends (as is the seat of a person who sat down and never connected)."""

    async def main() -> None:
        timing = Timing(away_seconds=10, deal_pause=0, trick_pause=0)
        async with scene(tmp_path, timing, players=3, people=2, rounds=10) as s:
            room = s.room
            await room.call(room.join, s.watcher, None)
            await room.call(room.start_sitting, 0)  # Ann, the host, starts without the second person
            await s.advance(9.99)
            assert room.seats[1].kind == "open" and not room.bot_controls(1)
            assert not {e["seat"] for e in s.watcher.entries("action")} & {0, 1}
            await s.advance(0.01)
            assert room.bot_controls(1) and room.bot_controls(0)
            await s.advance(0)
            assert {e["seat"] for e in s.watcher.entries("action")} >= {0, 1}
            assert all(seat["bot_playing"] for seat in s.watcher.messages[-1]["state"]["seats"])

    asyncio.run(main())


# -- the pace of the bots ----------------------------------------------------------------------------------------


def test_bots_wait_their_delay_and_the_trick_pause_and_a_deal_waits_its_pause(tmp_path: Path) -> None:
    """With a bot delay, each bot action comes that long after the one before, and the first after a finished
    trick no sooner than the trick pause; a finished deal stays the deal pause, then the next is dealt."""

    async def main() -> None:
        timing = Timing(away_seconds=3600, deal_pause=5, trick_pause=1.5)
        async with scene(tmp_path, timing, people=0, bot_delay=0.5) as s:
            await s.room.call(s.room.join, s.watcher, None)
            await s.advance(3600)  # the whole sitting, bots only
            assert s.room.table.is_over
            logged = s.logged()
            actions = [t for t, kind in logged if kind == "action"]
            assert len(actions) > 20
            gaps: dict[str, set[float]] = {"action": set(), "trick": set(), "result": set()}
            for (t0, before), (t1, kind) in itertools.pairwise(logged):
                if kind in ("action", "deal") and before in gaps and t1 > t0:
                    gaps[before].add(round(t1 - t0, 6))
            # The bots' pace exactly: no clock of ours drifts.
            assert gaps["action"] == {0.5}, gaps
            assert gaps["trick"] == {1.5}, gaps
            assert gaps["result"] == {5.0}, gaps

    asyncio.run(main())


def test_bots_watched_by_nobody_wait_for_somebody(tmp_path: Path) -> None:
    """Nothing moves at a table nobody is connected to, however long."""

    async def main() -> None:
        async with scene(tmp_path, Timing(away_seconds=1, deal_pause=0, trick_pause=0), people=0) as s:
            await s.advance(3600)
            assert s.room.deal_number == 0
            await s.room.call(s.room.join, s.watcher, None)
            await s.advance(0)
            assert s.room.deal_number >= 1 and s.room.table.deal is not None

    asyncio.run(main())


# -- idle tables ---------------------------------------------------------------------------------------------------


def test_an_idle_table_is_forgotten_with_its_events(tmp_path: Path) -> None:
    """A table nobody is connected to and nothing has happened at for the idle time is forgotten at the next sweep
    (its page and routes answer 404, its events are gone); a table somebody watches is kept however long."""
    db = tmp_path / "web.sqlite3"

    async def main() -> None:
        clock = ManualClock()
        app = create_app(str(db), timing=Timing(deal_pause=0), idle_seconds=60, clock=clock)
        server = app.state.server
        await server.open()  # what the lifespan does
        try:
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://table") as http:
                idle = (await http.post("/api/tables", json={"game": "nap", "players": 3, "people": 0})).json()
                watched = (await http.post("/api/tables", json={"game": "loo", "players": 3, "people": 0})).json()
                watcher = Recorder(None, clock)
                room = server.rooms[watched["id"]]
                await room.call(room.join, watcher, None)
                await clock.advance(59.9, room.settle)
                assert (await http.get(f"/api/tables/{idle['id']}")).status_code == 200
                await clock.advance(15.1, room.settle)  # idle past 60 s, and a sweep (every 15 s) since
                gone = await http.get(f"/api/tables/{idle['id']}")
                assert gone.status_code == 404 and gone.json()["error"]["field"] == "id"
                page = await http.get(f"/t/{idle['id']}")
                assert page.status_code == 404 and "expired" in page.text
                assert (await http.get(f"/api/tables/{watched['id']}")).status_code == 200
        finally:
            await server.close()
        with sqlite3.connect(db) as con:
            assert con.execute("SELECT count(*) FROM events WHERE table_id = ?", (idle["id"],)).fetchone() == (0,)
            assert con.execute("SELECT count(*) FROM tables WHERE id = ?", (idle["id"],)).fetchone() == (0,)

    asyncio.run(main())


# -- undo that reveals nothing ------------------------------------------------------------------------------------


def test_undo_takes_back_a_card_until_a_bot_shows_one_and_then_says_which(tmp_path: Path) -> None:
    """Ann alone with bots plays a card with a bot to play after her: she may undo it while the bot has not played
    (her card goes back to her hand), but not once the bot's card is on the table, since she would play again
    knowing it; the refusal names the bot and the card, and changes nothing."""

    async def main() -> None:
        timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
        async with scene(tmp_path, timing, bot_delay=0.5, rounds=3) as s:
            room, ann = s.room, s.ann
            await room.call(room.join, ann, None)
            for _ in range(400):  # to a turn of Ann's in the play, with a bot's card to come in the trick
                await s.advance(0.5)
                state = ann.messages[-1]["state"]
                if not state["legal"]:
                    continue
                deal = state["deal"]
                if deal["phase"] == "play" and len(deal["trick"]) < len(state["seats"]) - 2:  # a bot plays after her
                    break
                await room.call(room.act, 0, state["legal"][0]["action"])
            else:
                raise AssertionError("no turn of Ann's in the play with a bot to play after her")
            card = state["legal"][0]["action"].split()[1]
            await room.call(room.act, 0, f"play {card}")
            assert ann.messages[-1]["state"]["undo"] is True  # the bot has not played yet
            await room.call(room.undo, 0)
            assert card in ann.messages[-1]["state"]["hand"] and ann.messages[-1]["type"] == "snapshot"
            await room.call(room.act, 0, f"play {card}")
            trick = len(ann.messages[-1]["state"]["deal"]["trick"])
            await s.advance(0.5)  # the next bot plays its card
            after = ann.messages[-1]["state"]
            assert len(after["deal"]["trick"]) == trick + 1 and after["undo"] is False
            shown = after["deal"]["trick"][-1]
            seq = room.seq
            try:
                await room.call(room.undo, 0)
            except RoomError as e:
                assert e.code == "no_undo"
                name = f"Bot {shown['seat'] + 1}"
                assert e.message == (
                    f"undo: {name} has shown you {card_words(shown['card'])} since your last action; "
                    "a card once seen is not taken back"
                ), e.message
            else:
                raise AssertionError("the undo hid the bot's card again")
            assert room.seq == seq

    asyncio.run(main())


# -- undo and claims ----------------------------------------------------------------------------------------------


def test_undo_stops_at_a_claim_whose_answers_the_claimant_has_heard(tmp_path: Path) -> None:
    """A claim's answers tell the claimant what the others make of his cards: once a bot has declined his claim, he
    may not take back the actions before it and play them again knowing that (web/undo.py)."""

    async def claim_once(seed: int) -> bool:
        """Ann stands and claims at her first turn to play a card; whether a bot declined, checked if so."""
        timing = Timing(away_seconds=60, deal_pause=0, trick_pause=0)
        (tmp_path / str(seed)).mkdir()
        async with scene(tmp_path / str(seed), timing, game="loo", players=3, bot="sensible", seed=seed) as s:
            room, ann = s.room, s.ann
            await room.call(room.join, ann, None)
            for _ in range(20):
                await s.advance(0.1)
                state = ann.messages[-1]["state"]
                if state.get("can_claim"):
                    await room.call(room.claim, 0)
                    await s.advance(1)
                    if not any("declines the claim" in e["text"] for e in ann.entries("info")):
                        return False
                    assert room.can_undo(0) is False
                    seq = room.seq
                    with pytest.raises(RoomError) as refused:
                        await room.call(room.undo, 0)
                    assert refused.value.code == "no_undo" and "not past a claim" in refused.value.message
                    assert room.seq == seq
                    return True
                legal = [e["action"] for e in state.get("legal", [])]
                if legal:
                    await room.call(room.act, 0, "stand" if "stand" in legal else legal[0])
            return False

    declined = [seed for seed in range(8) if asyncio.run(claim_once(seed))]
    assert declined, "no seed gave a declined claim to check"
