"""A bot's decision at the web table is asked off the table's queue and answered later: the table goes on with its
other commands meanwhile, and an answer that comes after the table has moved on (the person back at his seat, an
undo) is dropped, never applied to a position it was not asked about.

The thinker here holds each answer until the test lets it go (the real bots decide it, as the server's worker
processes would); the clock is the manual one of tests/test_web_room.py.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from roundgames.session.decisions import Decision, decide
from roundgames.session.table import Table
from roundgames.web.room import Room
from roundgames.web.store import SqliteStore
from roundgames.web.thinking import HERE, HERE_SECONDS, QUICK, QUICK_SECONDS, SEARCH, PoolThinker
from roundgames.web.timing import ManualClock, Timing
from test_web_room import CONFIG, Recorder


class HeldThinker:
    """Decides with the real bots, but answers only while ``gate`` is open; keeps what it was asked and which of
    its questions were called off."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.asked: list[Decision] = []
        self.called_off: list[Decision] = []

    def at_once(self, decision: Decision) -> tuple[Any] | None:
        return None  # every answer awaited

    async def decide(self, decision: Decision) -> Any:
        self.asked.append(decision)
        try:
            await self.gate.wait()
        except asyncio.CancelledError:
            self.called_off.append(decision)
            raise
        return decide(decision)


async def _room(tmp_path: Path, thinker: HeldThinker, **config: Any) -> tuple[Room, ManualClock, SqliteStore]:
    clock = ManualClock()
    settings = {**CONFIG, **config}
    store = SqliteStore(str(tmp_path / "room.sqlite3"), now=clock.now)
    store.create("t", settings)
    room = Room("t", settings, store, clock.now(), Timing(away_seconds=30, deal_pause=0, trick_pause=0), clock, thinker)
    room.replay([])
    room.start()
    await room.call(room.sit, 0, "Ann")
    return room, clock, store


def _nothing() -> None:
    """A command that changes nothing (queued behind the others)."""


async def _fire(room: Room, clock: ManualClock, seconds: float) -> None:
    """Move the clock on and let the timers due start what they start, without waiting for a bot's answer."""
    until = clock.now() + seconds
    while clock.fire_due(until):
        await room.call(_nothing)


def _first_action(ann: Recorder) -> str:
    legal = ann.messages[-1]["state"]["legal"]
    return str(next(e["action"] for e in legal if "choose" not in e))


def test_a_bot_thinking_for_an_away_seat_is_dropped_when_the_person_comes_back(tmp_path: Path) -> None:
    async def main() -> None:
        thinker = HeldThinker()
        room, clock, store = await _room(tmp_path, thinker)
        ann, watcher = Recorder(0, clock), Recorder(None, clock)
        try:
            await room.call(room.join, ann, None)
            await room.call(room.join, watcher, None)
            await clock.advance(0, room.settle)  # the deal, and the bots up to Ann's turn
            deal = room.table.deal
            assert deal is not None and deal.to_act == 0
            await room.call(room.disconnect, ann)
            thinker.gate.clear()
            asked = len(thinker.asked)
            await _fire(room, clock, 30)  # her countdown ends: a bot is asked to play her seat
            assert len(thinker.asked) == asked + 1 and thinker.asked[-1].view.seat == 0
            # While it thinks the table takes its other commands: a line of chat.
            await room.call(room.chat, None, "still here?")
            assert watcher.entries("chat")[-1]["text"] == "Spectator: still here?"
            await room.call(room.join, ann, ann.last_seq)  # she is back before the bot has answered
            thinker.gate.set()
            await room.settle()
            assert deal.to_act == 0 and not [e for e in watcher.entries("action") if e["seat"] == 0]
            assert ann.messages[-1]["state"]["legal"], "Ann's turn is still hers"
        finally:
            await room.stop()
            store.close()

    asyncio.run(main())


def test_a_bot_thinking_when_the_person_undoes_is_called_off(tmp_path: Path) -> None:
    async def main() -> None:
        thinker = HeldThinker()
        room, clock, store = await _room(tmp_path, thinker)
        ann = Recorder(0, clock)
        try:
            await room.call(room.join, ann, None)
            await clock.advance(0, room.settle)
            deal = room.table.deal
            assert deal is not None and deal.to_act == 0
            before = list(deal.log)
            thinker.gate.clear()
            await room.call(room.act, 0, _first_action(ann))
            await _fire(room, clock, 0)
            assert room.table.deal is deal and deal.to_act != 0, "a bot is to act after Ann"
            stale = thinker.asked[-1]
            assert stale.view.seat == deal.to_act and not thinker.called_off
            await room.call(room.undo, 0)  # the table is rebuilt where Ann was to act: the question is moot
            await room.call(_nothing)  # (the question is called off as the undo's command ends)
            assert thinker.called_off == [stale]
            thinker.gate.set()
            await room.settle()
            again = room.table.deal
            assert again is not None and again.to_act == 0 and list(again.log) == before
            # She acts again and the bots answer for the position they are asked about.
            await room.call(room.act, 0, _first_action(ann))
            await clock.advance(0, room.settle)
            assert len(again.log) > len(before) + 1
            assert thinker.asked[-1].view.seat == again.log[-1].seat or again.is_complete or again.to_act == 0
        finally:
            await room.stop()
            store.close()

    asyncio.run(main())


def test_the_server_s_pool_decides_as_the_bot_would_and_quick_bots_get_a_lane_of_their_own() -> None:
    """The worker processes answer what the bot answers in this process, and measure each bot and game: one not
    measured yet thinks in the searching lane, one measured quick (under QUICK_SECONDS) in the quick lane, so that
    no table of quick bots waits behind another table's search. How long a decision takes depends on the
    machine's load, so no time is asserted: the lane follows the measurement."""
    table = Table.new("nap", players=4, humans=[], bots=["random", "sensible", "random", "sensible"], seed=4)
    table.start_deal()

    async def main() -> None:
        thinker = PoolThinker(1)
        thinker.open()
        try:
            for _ in range(8):
                deal = table.in_play
                assert deal is not None and not deal.is_complete and deal.to_act is not None
                asked = table.decision(deal.to_act)
                if (asked.bot, asked.game) not in thinker.cost:
                    assert thinker.lane(asked) == SEARCH
                assert await thinker.decide(asked) == decide(asked)
                table.bot_step()
            assert {("random", "nap"), ("sensible", "nap")} <= set(thinker.cost)
            for (bot, _), cost in thinker.cost.items():
                lane = HERE if cost < HERE_SECONDS else QUICK if cost < QUICK_SECONDS else SEARCH
                assert cost > 0 and thinker.lane(replace(asked, bot=bot)) == lane
            assert thinker.lane(replace(asked, bot="expert")) == SEARCH  # never measured here
            # The quick lane at work: the random bot as an unloaded machine measures it thinks there, and answers
            # as the bot does; measured slow again, it is back in the searching lane.
            thinker.cost[("random", "nap")] = QUICK_SECONDS / 2
            deal = table.in_play  # the position now, which no bot has acted on yet
            assert deal is not None and deal.to_act is not None
            quick = replace(table.decision(deal.to_act), bot="random")
            assert thinker.lane(quick) == QUICK
            assert await thinker.decide(quick) == decide(quick)
            thinker.cost[("random", "nap")] = QUICK_SECONDS * 2
            assert thinker.lane(quick) == SEARCH
        finally:
            await thinker.close()

    asyncio.run(main())


def test_a_bot_cheaper_than_the_trip_to_a_worker_is_decided_in_the_server_s_process() -> None:
    """A bot and game measured under HERE_SECONDS is decided in the server's own process (the trip to a worker
    would cost the server more than the decision): with no pool open at all, the thinker answers what the bot
    answers, and measures it again; measured slower, it goes back to the workers' lanes (none open here, so
    asking it says so)."""
    table = Table.new("nap", players=4, humans=[], bots=["sensible"] * 4, seed=4)
    table.start_deal()
    deal = table.in_play
    assert deal is not None and deal.to_act is not None
    asked = table.decision(deal.to_act)

    async def main() -> None:
        thinker = PoolThinker(1)  # never opened: no worker exists
        thinker.cost[("sensible", "nap")] = HERE_SECONDS / 2
        assert thinker.lane(asked) == HERE
        assert await thinker.decide(asked) == decide(asked)
        assert thinker.cost[("sensible", "nap")] > 0
        thinker.cost[("sensible", "nap")] = HERE_SECONDS * 2
        assert thinker.lane(asked) == QUICK
        try:
            await thinker.decide(asked)
        except RuntimeError as e:
            assert "not open" in str(e)
        else:
            raise AssertionError("a bot measured slower than the trip was decided in the server's process")

    asyncio.run(main())


def test_a_bot_decided_on_the_spot_is_played_without_a_worker_and_measured_again(tmp_path: Path) -> None:
    """A bot measured cheaper than the trip to a worker is decided in the server's process when its turn's timer
    fires, and played then (:meth:`PoolThinker.at_once`): no pool is open here, so an answer awaited from a worker
    would fail and no bot would move. Measured slower, the same thinker says it answers later."""

    async def main() -> None:
        thinker = PoolThinker(1)  # never opened: no worker exists
        thinker.cost[("random", "nap")] = HERE_SECONDS / 2
        room, clock, store = await _room(tmp_path, thinker)
        ann, watcher = Recorder(0, clock), Recorder(None, clock)
        try:
            await room.call(room.join, ann, None)
            await room.call(room.join, watcher, None)
            await clock.advance(0, room.settle)  # the deal, and the bots' calls up to Ann's turn
            deal = room.table.deal
            assert deal is not None and deal.to_act == 0
            await room.call(room.act, 0, _first_action(ann))
            await clock.advance(0, room.settle)  # the bots' turns after hers, up to hers again or the deal's end
            assert [e for e in watcher.entries("action") if e["seat"] != 0], "no bot moved"
            assert thinker.cost[("random", "nap")] != HERE_SECONDS / 2  # measured again as it decided
            table = Table.new("nap", players=4, humans=[], bots=["random"] * 4, seed=4)
            table.start_deal()
            assert table.in_play is not None and table.in_play.to_act is not None
            asked = table.decision(table.in_play.to_act)
            thinker.cost[("random", "nap")] = HERE_SECONDS / 2
            assert thinker.at_once(asked) == (decide(asked),)
            thinker.cost[("random", "nap")] = HERE_SECONDS * 2
            assert thinker.at_once(asked) is None
        finally:
            await room.stop()
            store.close()

    asyncio.run(main())
