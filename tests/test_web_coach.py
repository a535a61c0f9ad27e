"""The web table's reviews and hints in-process (roundgames.web.coach), on a manual clock: a review is worked out
once per table, deal and seat however often and by however many it is opened; one that failed is worked out again;
a hint asked at a table without them is refused naming the option, and a hint that comes back after the turn has
moved on is dropped, and one asked again at the same turn is not worked out again. (Through a real server and
real websockets: tests/web/test_review_hints.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from roundgames.session.analysis import Job
from roundgames.session.analysis import run as run_job
from roundgames.session.decisions import Decision, decide
from roundgames.web.coach import Coach
from roundgames.web.protocol import MAX_ROUNDS
from roundgames.web.room import Room, RoomError
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing
from test_web_room import CONFIG, Recorder


class CountingThinker:
    """Decides and analyses with the real code, at once; counts the analyses and answers them only while ``gate``
    is open; the first ``failures`` analyses fail."""

    def __init__(self, failures: int = 0) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.jobs: list[Job] = []
        self.failures = failures

    def at_once(self, decision: Decision) -> tuple[Any] | None:
        return None  # every answer awaited

    async def decide(self, decision: Decision) -> Any:
        return decide(decision)

    async def analyse(self, job: Job) -> Any:
        self.jobs.append(job)
        await self.gate.wait()
        if len(self.jobs) <= self.failures:
            raise RuntimeError("a worker lost")
        return run_job(job)


async def _room(
    tmp_path: Path, thinker: CountingThinker, **config: Any
) -> tuple[Room, ManualClock, SqliteStore, Recorder]:
    clock = ManualClock()
    settings = {**CONFIG, **config}
    store = SqliteStore(str(tmp_path / "room.sqlite3"), now=clock.now)
    store.create("t", settings)
    room = Room(
        "t", settings, store, clock.now(), Timing(away_seconds=30, deal_pause=60, trick_pause=0), clock, thinker
    )
    room.replay([])
    room.start()
    await room.call(room.sit, 0, "Ann")
    ann = Recorder(0, clock)
    await room.call(room.join, ann, None)
    return room, clock, store, ann


async def _to_my_turn(room: Room, clock: ManualClock) -> None:
    for _ in range(50):
        await clock.advance(0, room.settle)
        deal = room.table.deal
        if deal is not None and not deal.is_complete and deal.to_act == 0:
            return
    raise AssertionError("never Ann's turn")


async def _first_deal_played(room: Room, clock: ManualClock, ann: Recorder) -> None:
    """Ann plays her first legal action at each turn until the first deal is finished."""
    for _ in range(100):
        await clock.advance(0, room.settle)
        if room.table.sitting.deals:
            return
        deal = room.table.deal
        if deal is not None and not deal.is_complete and deal.to_act == 0:
            legal = ann.messages[-1]["state"]["legal"]
            await room.call(room.act, 0, next(e["action"] for e in legal if "choose" not in e))
    raise AssertionError("the first deal did not end")


def _run(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` on an event loop of its own: in a thread of its own when this one already runs a loop (a
    browser test's, earlier in the same test process)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(coro)
        return
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


def test_a_review_is_worked_out_once_however_often_and_by_however_many_it_is_opened(tmp_path: Path) -> None:
    async def main() -> None:
        thinker = CountingThinker()
        room, clock, store, ann = await _room(tmp_path, thinker)
        try:
            await _first_deal_played(room, clock, ann)
            coach = Coach(thinker)
            thinker.gate.clear()
            first = asyncio.ensure_future(coach.review(room, 0, 1, None))
            second = asyncio.ensure_future(coach.review(room, 0, 1, 0))  # the same seat, named
            while not thinker.jobs:
                await asyncio.sleep(0)
            await asyncio.sleep(0.01)
            assert len(thinker.jobs) == 1  # the second waits for the first's answer
            thinker.gate.set()
            a, b = await asyncio.gather(first, second)
            assert a == b and a["type"] == "review" and a["deal"] == 1 and a["seat"] == 0
            assert await coach.review(room, 0, 1, None) == a
            assert len(thinker.jobs) == 1
            assert thinker.jobs[0].seats == (0,) and thinker.jobs[0].deal_index == 0
        finally:
            await room.stop()
            store.close()

    _run(main())


def test_the_review_of_the_sittings_last_deal_says_nothing_of_a_next_deal(tmp_path: Path) -> None:
    """A sitting "until we stop" that the host ends after its first deal: the review's result is the table's own last
    result, without the next dealer the engine's sentence names (the sitting is over; issue of the words at the end)."""

    async def main() -> None:
        thinker = CountingThinker()
        room, clock, store, ann = await _room(
            tmp_path, thinker, rounds=MAX_ROUNDS, open_ended=True
        )  # as the API stores it
        try:
            await _to_my_turn(room, clock)
            await room.call(lambda: room.gathering.stop(0))
            await _first_deal_played(room, clock, ann)
            assert room.table.is_over and len(room.table.sitting.deals) == 1
            said = room.table.sitting.deals[0].result()
            assert said is not None and "deals next" in said.sentence()  # the engine names who would deal next
            review = await Coach(thinker).review(room, 0, 1, None)
            assert review["result"] and "deals next" not in review["result"], review["result"]
        finally:
            await room.stop()
            store.close()

    _run(main())


def test_a_review_that_failed_is_worked_out_again(tmp_path: Path) -> None:
    async def main() -> None:
        thinker = CountingThinker(failures=1)
        room, clock, store, ann = await _room(tmp_path, thinker)
        try:
            await _first_deal_played(room, clock, ann)
            coach = Coach(thinker)
            with pytest.raises(RuntimeError):
                await coach.review(room, 0, 1, None)
            answer = await coach.review(room, 0, 1, None)
            assert answer["type"] == "review" and len(thinker.jobs) == 2
        finally:
            await room.stop()
            store.close()

    _run(main())


def test_a_hint_at_a_table_without_hints_is_refused_naming_the_option(tmp_path: Path) -> None:
    async def main() -> None:
        thinker = CountingThinker()
        room, clock, store, _ann = await _room(tmp_path, thinker)
        try:
            await _to_my_turn(room, clock)
            seq = room.seq
            with pytest.raises(RoomError) as info:
                await Coach(thinker).hint(room, 0)
            assert info.value.code == "hints_off" and info.value.field == "hints"
            assert "hints" in info.value.message
            assert room.seq == seq and not thinker.jobs and room.hinted == {}  # nothing stored, nothing asked
        finally:
            await room.stop()
            store.close()

    _run(main())


def test_a_hint_that_comes_back_after_the_turn_has_moved_on_is_dropped(tmp_path: Path) -> None:
    async def main() -> None:
        thinker = CountingThinker()
        room, clock, store, ann = await _room(tmp_path, thinker, hints=True)
        try:
            await _to_my_turn(room, clock)
            coach = Coach(thinker)
            answer = await coach.hint(room, 0)
            assert answer is not None and answer["deal"] == 1 and answer["options"]
            assert room.hinted == {1: {0}}
            assert await coach.hint(room, 0) == answer and len(thinker.jobs) == 1  # asked again: the same turn's
            thinker.gate.clear()
            late = asyncio.ensure_future(Coach(thinker).hint(room, 0))  # a coach of its own: nothing kept
            while len(thinker.jobs) < 2:
                await asyncio.sleep(0)
            legal = ann.messages[-1]["state"]["legal"]
            await room.call(room.act, 0, legal[0]["action"])  # Ann acts while the expert thinks
            thinker.gate.set()
            assert await late is None
            assert [m for m in ann.messages if m.get("type") == "hint"] == []  # the coach answers; the room never
        finally:
            await room.stop()
            store.close()

    _run(main())
