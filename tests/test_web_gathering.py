"""An evening at the web table, in-process on a clock the test moves on: a new table gathers its people before
anything is dealt, the host starts it (or it starts when every seat is taken), the host seats bots or opens seats;
each person's turn has its time, run out turns are played by the seat's bot and three running make the seat away
until its person acts or comes back; Play again starts a new sitting at the same seats; a person may leave his seat
between sittings; the rejoin link opened elsewhere moves the seat; a restart keeps every step; and one address may
create only so many tables a minute.

Nothing here sleeps: :class:`ManualClock` runs each timer when the test moves the clock past it.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from roomconn import Recorder
from roundgames.web.app import create_app
from roundgames.web.room import Room, RoomError
from roundgames.web.store import SqliteStore
from roundgames.web.thinking import InlineThinker
from roundgames.web.timing import ManualClock, Timing

CONFIG: dict[str, Any] = {
    "game": "nap",
    "preset": "peel",
    "options": {},
    "players": 4,
    "people": 3,
    "bot": "random",
    "bot_delay": 0.0,
    "spectators": True,
    "rounds": 1,
    "confirm": False,
    "seed": 11,
}
NAMES = ["Ann", "Bob", "Cy"]


class Scene:
    def __init__(self, room: Room, clock: ManualClock, store: SqliteStore, path: Path) -> None:
        self.room, self.clock, self.store, self.path = room, clock, store, path
        self.watcher = Recorder(None)

    async def advance(self, seconds: float) -> None:
        await self.clock.advance(seconds, self.room.settle)

    async def call(self, fn: Any, *args: Any) -> Any:
        return await self.room.call(fn, *args)

    def restarted(self) -> Room:
        """The table as a server started again would rebuild it from the store."""
        again = Room("t", self.room.config, self.store, self.room.created, self.room.timing, self.clock)
        again.replay(self.store.events("t"))
        return again


@asynccontextmanager
async def scene(tmp_path: Path, timing: Timing | None = None, **config: Any) -> AsyncIterator[Scene]:
    clock = ManualClock()
    settings = {**CONFIG, **config}
    store = SqliteStore(str(tmp_path / "room.sqlite3"), now=clock.now)
    store.create("t", settings)
    room = Room(
        "t", settings, store, clock.now(), timing or Timing(away_seconds=600, deal_pause=0, trick_pause=0), clock
    )
    room.replay([])
    room.start()
    s = Scene(room, clock, store, tmp_path)
    try:
        await room.call(room.join, s.watcher, None)
        yield s
    finally:
        await room.stop()
        store.close()


async def refused(s: Scene, code: str, fn: Any, *args: Any) -> RoomError:
    """``fn(*args)`` is refused with ``code`` and changes nothing stored."""
    before = len(s.store.events("t"))
    with pytest.raises(RoomError) as caught:
        await s.call(fn, *args)
    assert caught.value.code == code, caught.value.message
    assert len(s.store.events("t")) == before
    return caught.value


# -- the gathering -------------------------------------------------------------------------------------------------


def test_nothing_is_dealt_nor_charged_until_the_host_starts_the_sitting(tmp_path: Path) -> None:
    """Ann creates a table for three people and sits: however long Bob takes to come, no card is dealt, no seat is
    charged and no bot plays his seat; the state shows who has sat and that Ann is the host; Ann starts it."""

    async def main() -> None:
        async with scene(tmp_path, Timing(away_seconds=30, deal_pause=0, trick_pause=0)) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await s.advance(60)  # a minute: well past the countdown an open seat had
            await s.call(room.sit, 1, "Bob")
            await s.advance(60)
            state = s.watcher.state
            assert state["deal"] is None and state["next_deal_at"] is None
            assert state["gathering"] == {"host": 0, "open": [2], "people": [0, 1], "bots": [3]}
            assert state["host"] == 0 and [seat["balance"] for seat in state["seats"]] == [0, 0, 0, 0]
            assert [seat["bot_playing"] for seat in state["seats"]] == [False, False, False, True]
            assert not s.watcher.texts("deal") and not s.watcher.texts("action")
            assert room.info()["gathering"] is True
            await s.call(room.start_sitting, 0)
            await s.advance(0)
            state = s.watcher.state
            assert state["gathering"] is None and state["deal"] is not None
            assert any("Ann starts the sitting" in t for t in s.watcher.texts("info"))
            assert room.info()["gathering"] is False

    asyncio.run(main())


def test_the_sitting_starts_by_itself_when_every_seat_for_people_is_taken(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path) as s:
            room = s.room
            for i, name in enumerate(NAMES[:2]):
                await s.call(room.sit, i, name)
            await s.advance(5)
            assert s.watcher.state["deal"] is None
            await s.call(room.sit, 2, "Cy")
            await s.advance(0)
            assert s.watcher.state["gathering"] is None and s.watcher.state["deal"] is not None
            assert any(
                t.startswith("Every seat is taken: the sitting begins (Ann, Bob, Cy)") for t in s.watcher.texts()
            )

    asyncio.run(main())


def test_a_table_of_bots_only_starts_at_once(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=0) as s:
            await s.advance(0)
            assert s.watcher.state["gathering"] is None and s.watcher.state["deal"] is not None

    asyncio.run(main())


def test_only_the_host_starts_seats_a_bot_or_opens_a_seat(tmp_path: Path) -> None:
    """Bob is not the host: each of the host's steps is refused with ``not_host``, naming the table's rule and the
    host, and changes nothing; a spectator is refused the same way."""

    async def main() -> None:
        async with scene(tmp_path) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await s.call(room.sit, 1, "Bob")
            for fn, args in ((room.start_sitting, (1,)), (room.seat_bot, (1, 2)), (room.open_seat, (1, 3))):
                e = await refused(s, "not_host", fn, *args)
                assert "the host is the first person to sit down at the table" in e.message and "Ann" in e.message
            await refused(s, "not_host", room.start_sitting, None)
            assert s.watcher.state["gathering"]["open"] == [2]

    asyncio.run(main())


def test_the_host_seats_a_bot_and_opens_a_seat_and_bad_seats_are_named(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, players=5) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await s.call(room.seat_bot, 0, 1)
            assert s.watcher.state["gathering"]["bots"] == [1, 3, 4]
            assert s.watcher.state["seats"][1]["kind"] == "bot"
            await s.call(room.open_seat, 0, 4)
            assert s.watcher.state["gathering"]["open"] == [2, 4]
            e = await refused(s, "bad_message", room.seat_bot, 0, 7)
            assert e.field == "seat" and "no seat 7" in e.message
            e = await refused(s, "seat_taken", room.seat_bot, 0, 0)
            assert e.field == "seat" and "Ann" in e.message
            e = await refused(s, "seat_taken", room.open_seat, 0, 0)
            assert "only he may leave it" in e.message
            await refused(s, "bad_message", room.open_seat, 0, 2)
            # Every open seat filled with a bot: no seat is left open, and the sitting starts by itself.
            await s.call(room.seat_bot, 0, 2)
            await s.call(room.seat_bot, 0, 4)
            await s.advance(0)
            assert s.watcher.state["gathering"] is None and s.watcher.state["deal"] is not None
            await refused(s, "started", room.start_sitting, 0)
            await refused(s, "started", room.open_seat, 0, 1)

    asyncio.run(main())


def test_a_restart_keeps_the_gathering_and_its_host(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, players=5) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await s.call(room.sit, 1, "Bob")
            await s.call(room.open_seat, 0, 3)
            await s.call(room.seat_bot, 0, 2)
            await s.call(room.leave, 0)  # the host leaves before the start: Bob, seated next, is the host
            again = s.restarted()
            assert [x.kind for x in again.seats] == ["open", "person", "bot", "open", "bot"]
            assert not again.started and again.host == 1 and again.table.deal is None
            assert any("Bob is the host now" in e.text for e in again.log)
            await s.call(room.start_sitting, 1)
            assert s.restarted().started

    asyncio.run(main())


# -- the turn clock ---------------------------------------------------------------------------------------------------


async def anns_turn(s: Scene, ann: Recorder, limit: float = 120) -> dict[str, Any]:
    """Move the clock on until it is Ann's turn and her state offers actions (by steps no shorter than the bots'
    delay: each step's settling plans their next action afresh)."""
    waited = 0.0
    while not (ann.messages and ann.state["legal"]):
        assert waited < limit, "Ann's turn never came"
        await s.advance(0.5)
        waited += 0.5
    return ann.state


def test_a_turn_that_runs_out_is_played_by_the_seat_s_bot_and_the_log_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=1, turn_seconds=10) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await s.call(room.join, ann, None)
            state = await anns_turn(s, ann)
            ends = state["seats"][0]["turn_until"] / 1000
            assert 0 < ends - s.clock.now() <= 10  # her ten seconds began with her turn
            assert state["table"]["turn_seconds"] == 10
            assert all(seat["turn_until"] is None for seat in state["seats"][1:])
            assert s.watcher.state["seats"][0]["turn_until"] == ends * 1000  # everyone sees her clock
            acted = len(s.watcher.texts("action"))
            await s.advance(ends - s.clock.now() - 0.1)
            assert len(s.watcher.texts("action")) == acted  # her time is not up: nobody moves
            await s.advance(0.1)
            assert "Ann's time ran out: a bot plays this turn for Ann" in s.watcher.texts("info")
            assert s.watcher.texts("action")[acted].startswith("Ann ")  # her bot played her turn
            assert s.watcher.state["seats"][0]["timeouts"] == 1
            # Her own action on her next turn gives her her seat back: the mark goes.
            state = await anns_turn(s, ann)
            await s.call(room.act, 0, state["legal"][0]["action"])
            assert ann.state["seats"][0]["timeouts"] == 0
            assert s.restarted().seats[0].timeouts == 0

    asyncio.run(main())


def test_three_turns_out_of_time_make_the_seat_away_until_he_acts_or_comes_back(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=1, turn_seconds=10, rounds=5, bot_delay=0.5) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await s.call(room.join, ann, None)
            for n in (1, 2, 3):
                await anns_turn(s, ann)
                await s.advance(10)
                assert room.seats[0].timeouts == n
            assert any("time ran out 3 turns running" in t for t in s.watcher.texts("info"))
            assert s.restarted().seats[0].timeouts == 3  # a stored mark: a restart keeps it
            # Away: her bot plays each of her turns at once, no clock runs, and she is offered nothing.
            times = 0
            while times < 2:
                before = len([t for t in s.watcher.texts("action") if t.startswith("Ann ")])
                await s.advance(0.5)
                after = len([t for t in s.watcher.texts("action") if t.startswith("Ann ")])
                times += after - before
                assert not ann.state["legal"] and ann.state["seats"][0]["turn_until"] is None
                assert ann.state["seats"][0]["bot_playing"]
            # Any message of hers gives the seat back at once (the socket calls give_back): her turn waits for her.
            await s.call(room.give_back, 0)
            assert ann.state["seats"][0]["timeouts"] == 0 and not ann.state["seats"][0]["bot_playing"]
            assert s.restarted().seats[0].timeouts == 0  # her coming back is stored too: a restart keeps it
            state = await anns_turn(s, ann)
            assert state["seats"][0]["turn_until"] is not None
            # Three more out of time, then a rejoin (a new connection of hers) gives it back too.
            for _ in range(3):
                await anns_turn(s, ann)
                await s.advance(10)
            assert room.seats[0].timeouts == 3
            await s.call(room.disconnect, ann)
            ann = Recorder(0)
            await s.call(room.join, ann, None)
            assert room.seats[0].timeouts == 0 and not ann.state["seats"][0]["bot_playing"]

    asyncio.run(main())


def test_a_table_without_a_clock_waits_for_a_connected_person(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=1) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await s.call(room.join, ann, None)
            state = await anns_turn(s, ann)
            assert state["seats"][0]["turn_until"] is None
            await s.advance(3600)
            assert ann.state["legal"] and room.seats[0].timeouts == 0

    asyncio.run(main())


# -- the end of a sitting, and Play again ----------------------------------------------------------------------------


async def to_the_end(s: Scene, limit: int = 2000) -> None:
    for _ in range(limit):
        if s.room.table.is_over:
            return
        await s.advance(1)
    raise AssertionError("the sitting never ended")


def test_the_last_round_is_announced_before_it_begins(tmp_path: Path) -> None:
    """Nap, three seats, two rounds: the line comes as deal 4 is dealt, not before, and the state carries it."""

    async def main() -> None:
        async with scene(
            tmp_path, Timing(away_seconds=0, deal_pause=0, trick_pause=0), players=3, people=0, rounds=2
        ) as s:
            await to_the_end(s)
            seen: dict[int, bool] = {}  # each deal's number: whether the state said it is of the last round
            for m in s.watcher.messages:
                deal = m["state"]["deal"] if "state" in m else None
                if deal is not None and not deal["complete"]:
                    seen.setdefault(deal["number"], m["state"]["sitting"]["last_round"])
            assert seen == {1: False, 2: False, 3: False, 4: True, 5: True, 6: True}
            entries = [e for m in s.watcher.messages for e in m.get("log", [])]
            lines = [e for e in entries if e["text"].startswith("Last round")]
            assert [(e["text"], e["deal"]) for e in lines] == [("Last round: 3 deals to go.", 4)]
            assert s.watcher.state["sitting"]["last_round"] is False  # the sitting is over

    asyncio.run(main())


def test_play_again_starts_a_new_sitting_at_the_same_seats_and_keeps_the_old_scores(tmp_path: Path) -> None:
    async def main() -> None:
        timing = Timing(away_seconds=0, deal_pause=0, trick_pause=0)  # Ann is not connected: her bot plays
        async with scene(tmp_path, timing, players=3, people=1, bot_delay=0.5) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await to_the_end(s)
            first = s.watcher.state["scores"]
            assert first["over"] and len(first["deals"]) == 3
            await s.call(room.again, 0)
            await s.advance(0)
            state = s.watcher.state
            assert state["sitting"]["number"] == 2 and not state["scores"]["over"]
            assert state["deal"]["number"] == 1 and [x["name"] for x in state["seats"]] == ["Ann", "Bot 2", "Bot 3"]
            assert state["scores"]["sittings"] == [
                {
                    "number": 1,
                    "names": ["Ann", "Bot 2", "Bot 3"],
                    "deals": first["deals"],
                    "totals": first["totals"],
                    "hints": [[], [], []],
                }
            ]
            assert "Ann plays again: sitting 2 begins" in s.watcher.texts("info")
            assert room.table.seed == "11/2"  # derived from the table's seed: a restart deals the same cards
            again = s.restarted()
            assert again.sitting_number == 2 and again.table.deal is not None
            assert again.table.deal.view(0).hand == room.table.deal.view(0).hand
            await refused(s, "in_play", room.again, 0)
            await refused(s, "in_play", room.leave, 0)

    asyncio.run(main())


def test_play_again_with_a_seat_left_open_gathers_again_and_charges_nobody(tmp_path: Path) -> None:
    """Loo, where every seat is charged as a deal is dealt: after Bob leaves between sittings,
    Play again deals nothing to his open seat until somebody sits in it; then the sitting begins by itself."""

    async def main() -> None:
        timing = Timing(away_seconds=0, deal_pause=0, trick_pause=0)  # nobody connected: the bots play the first
        async with scene(tmp_path, timing, game="loo", players=3, people=2) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await s.call(room.sit, 1, "Bob")
            await to_the_end(s)
            await s.call(room.leave, 1)
            await s.call(room.again, 0)
            await s.advance(60)  # long past any countdown an open seat once had
            state = s.watcher.state
            assert state["sitting"]["number"] == 2 and state["deal"] is None
            assert state["gathering"] == {"host": 0, "open": [1], "people": [0], "bots": [2]}
            assert state["scores"]["deals"] == [] and state["scores"]["totals"] == [0, 0, 0]
            assert "Ann plays again: sitting 2 waits for seat 2 to be taken, or for the host to start it" in (
                s.watcher.texts("info")
            )
            assert not s.restarted().started  # a restart keeps the new sitting gathering
            await s.call(room.sit, 1, "Cy")
            await s.advance(0)
            assert s.watcher.state["gathering"] is None and s.watcher.state["deal"] is not None
            assert "Every seat is taken: the sitting begins (Ann, Cy)." in s.watcher.texts("info")

    asyncio.run(main())


def test_a_person_leaves_his_seat_between_sittings_and_his_connection_watches(tmp_path: Path) -> None:
    async def main() -> None:
        timing = Timing(away_seconds=0, deal_pause=0, trick_pause=0)
        async with scene(tmp_path, timing, players=3, people=1) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await s.call(room.join, ann, None)
            await s.call(room.disconnect, ann)  # she steps away: her bot plays the sitting through
            ann = Recorder(0)
            await to_the_end(s)
            await s.call(room.join, ann, None)
            await s.call(room.leave, 0)
            lost = next(m for m in ann.messages if m["type"] == "seat_lost")
            assert lost["reason"] == "left" and "watching" in lost["message"]
            assert ann.seat is None and ann.state["you"] is None and ann.state["hand"] == []
            assert room.seats[0].kind == "open" and "Ann leaves seat 1" in s.watcher.texts("seat")
            assert s.restarted().seats[0].kind == "open"

    asyncio.run(main())


# -- the rejoin link moves the seat -------------------------------------------------------------------------------------


def test_the_rejoin_link_on_a_second_device_moves_the_seat_and_the_first_watches(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=1) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            phone, laptop = Recorder(0), Recorder(0)
            await s.call(room.join, phone, None)
            await anns_turn(s, phone)
            await s.call(room.join, laptop, None)
            lost = next(m for m in phone.messages if m["type"] == "seat_lost")
            assert lost == {
                "type": "seat_lost",
                "reason": "moved",
                "message": "Your seat moved to another device (your rejoin link was opened there); you are watching now.",
            }
            assert phone.seat is None and phone.state["you"] is None
            assert phone.state["hand"] == [] and phone.state["legal"] == []
            assert laptop.state["you"] == 0 and laptop.state["legal"]
            assert room.seats[0].conns == 1
            await s.call(room.disconnect, phone)  # the old device going away leaves the seat connected
            assert room.seats[0].conns == 1 and laptop.state["seats"][0]["connected"]

    asyncio.run(main())


# -- creating tables ------------------------------------------------------------------------------------------------


def test_one_address_may_create_only_so_many_tables_a_minute(tmp_path: Path) -> None:
    async def main() -> None:
        app = create_app(
            str(tmp_path / "t.sqlite3"), idle_seconds=60, clock=ManualClock(), thinker=InlineThinker(), create_limit=3
        )
        server = app.state.server
        await server.open()
        try:
            transport = httpx.ASGITransport(app=app, client=("203.0.113.7", 1234))
            async with httpx.AsyncClient(transport=transport, base_url="http://table") as http:
                body = {"game": "nap", "players": 3, "people": 0}
                # Forms refused for a mistake count for nothing: correcting it is not creating a table.
                for _ in range(5):
                    bad = await http.post("/api/tables", json={**body, "turn_seconds": 5})
                    assert bad.status_code == 400 and bad.json()["error"]["field"] == "turn_seconds"
                codes = [(await http.post("/api/tables", json=body)).status_code for _ in range(4)]
                assert codes == [201, 201, 201, 429]
                refusal = (await http.post("/api/tables", json=body)).json()
                assert refusal["error"]["field"] is None and "at most 3 a minute" in refusal["error"]["message"]
                assert re.search(r"try again in \d+ s$", refusal["error"]["message"]), refusal  # when, not "a while"
                assert len(server.rooms) == 3
            other = httpx.ASGITransport(app=app, client=("198.51.100.2", 1234))
            async with httpx.AsyncClient(transport=other, base_url="http://table") as http:
                assert (await http.post("/api/tables", json=body)).status_code == 201  # another address is not held up
                answer = await http.post("/api/tables", json={**body, "turn_seconds": 5})
                assert answer.status_code == 400 and answer.json()["error"]["field"] == "turn_seconds"
        finally:
            await server.close()

    asyncio.run(main())
