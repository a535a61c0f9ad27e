"""The sitting in words at the web table, in-process on a clock the test moves on: "Deal 3 of 6", the last round's
banner only in the last round, why a Loo sitting runs on past its rounds (LOO-END-1), the evening's running total
over the sittings at one table, the turn clock in words, and a seat's timeouts across a server's restart.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from roomconn import Recorder
from roundgames.web.room import Room, RoomError
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing

CONFIG: dict[str, Any] = {
    "game": "nap",
    "preset": "peel",
    "options": {},
    "players": 3,
    "people": 0,
    "bot": "random",
    "bot_delay": 0.0,
    "spectators": True,
    "rounds": 1,
    "confirm": False,
    "seed": 5,
}
#: nobody connected plays: every seat's bot plays at once, and a finished deal is followed by the next at once
QUICK = Timing(away_seconds=0, deal_pause=0, trick_pause=0)


class Scene:
    def __init__(self, room: Room, clock: ManualClock, store: SqliteStore) -> None:
        self.room, self.clock, self.store = room, clock, store
        self.watcher = Recorder(None)

    async def advance(self, seconds: float) -> None:
        await self.clock.advance(seconds, self.room.settle)

    async def call(self, fn: Any, *args: Any) -> Any:
        return await self.room.call(fn, *args)

    async def to_the_end(self, limit: int = 3000) -> None:
        for _ in range(limit):
            if self.room.table.is_over:
                return
            await self.advance(1)
        raise AssertionError("the sitting never ended")

    def sittings(self) -> list[dict[str, Any]]:
        """``state.sitting`` of the first state the watcher was sent of each deal, with ``played``: whether the deal
        was still to be played then (a Loo deal where every player throws up is over as it is dealt)."""
        seen: dict[tuple[int, int], dict[str, Any]] = {}
        for m in self.watcher.messages:
            state = m.get("state")
            if state and state["deal"] is not None:
                played = {"played": not state["deal"]["complete"]}
                seen.setdefault((state["sitting"]["number"], state["deal"]["number"]), state["sitting"] | played)
        return [seen[k] for k in sorted(seen)]


@asynccontextmanager
async def scene(tmp_path: Path, timing: Timing = QUICK, **config: Any) -> AsyncIterator[Scene]:
    clock = ManualClock()
    settings = {**CONFIG, **config}
    tmp_path.mkdir(parents=True, exist_ok=True)
    store = SqliteStore(str(tmp_path / "room.sqlite3"), now=clock.now)
    store.create("t", settings)
    room = Room("t", settings, store, clock.now(), timing, clock)
    room.replay([])
    room.start()
    s = Scene(room, clock, store)
    try:
        await room.call(room.join, s.watcher, None)
        yield s
    finally:
        await room.stop()
        store.close()


def test_each_deal_is_said_as_its_place_in_the_sitting_and_the_last_round_only_in_it(tmp_path: Path) -> None:
    """Nap, three seats, two rounds: six deals, "Deal 1 of 6" to "Deal 6 of 6"; the last round's banner from deal 4
    (each player has dealt once), the last deal's on deal 6, none before."""

    async def main() -> None:
        async with scene(tmp_path, rounds=2) as s:
            await s.to_the_end()
            sittings = s.sittings()
            assert [x["words"] for x in sittings] == [f"Deal {n} of 6" for n in range(1, 7)]
            assert [x["deals"] for x in sittings] == [6] * 6
            assert [x["banner"] for x in sittings] == [None] * 3 + ["Last round"] * 2 + ["Last deal of the sitting"]
            assert not any(x["beyond"] for x in sittings)  # Nap ends when the rounds are played (NAP-SET-3)
            over = s.watcher.state["sitting"]
            assert over["over"] and over["banner"] is None  # nothing more to come once it is over

    asyncio.run(main())


def test_a_sitting_of_one_round_announces_no_last_round_from_its_first_deal(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, rounds=1) as s:
            await s.to_the_end()
            sittings = s.sittings()
            assert [x["words"] for x in sittings] == ["Deal 1 of 3", "Deal 2 of 3", "Deal 3 of 3"]
            assert [x["banner"] for x in sittings] == [None, None, "Last deal of the sitting"]
            assert not [t for t in s.watcher.texts("info") if t.startswith("Last round")]

    asyncio.run(main())


def test_a_loo_sitting_that_runs_past_its_rounds_says_why(tmp_path: Path) -> None:
    """LOO-END-1: once every player has dealt, play goes on until a deal with no loo. Loo has a loo in most deals, so
    among a few tables of three bots some run on past their three deals; each says why while it does, and no table
    says so before its rounds are played."""

    async def main() -> None:
        ran_on = 0
        for seed in range(1, 9):
            async with scene(tmp_path / str(seed), game="loo", seed=seed) as s:
                await s.to_the_end()
                sittings = s.sittings()
                planned = sittings[0]["deals"]
                assert planned == 3
                assert len(sittings) >= planned
                for x in sittings[:planned]:
                    assert x["words"] == f"Deal {x['deal']} of 3"
                    assert not (x["played"] and x["beyond"])  # the rounds are not played until the third is
                if sittings[planned - 1]["played"]:
                    assert sittings[planned - 1]["banner"] == "Last deal, unless it has a loo (LOO-END-1)"
                for x in sittings[planned:]:
                    assert x["words"] == f"Deal {x['deal']}"
                    assert not x["played"] or x["banner"] == (
                        "The rounds are played, but the last deal had a loo: play continues until a deal with no "
                        "loo (LOO-END-1)"
                    )
                ran_on += any(x["beyond"] and x["played"] for x in sittings[planned:])
            if ran_on >= 1:
                break
        assert ran_on, "no Loo sitting of eight ran past its rounds"

    asyncio.run(main())


def test_the_evening_total_runs_across_the_sittings_at_one_table(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=1) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            await s.to_the_end()
            first = s.watcher.state["scores"]["totals"]
            assert s.watcher.state["sitting"]["evening"] == first
            await s.call(room.again, 0)
            await s.to_the_end()
            state = s.watcher.state
            second = state["scores"]["totals"]
            assert state["sitting"]["number"] == 2
            assert state["sitting"]["evening"] == [a + b for a, b in zip(first, second, strict=True)]
            assert sum(state["sitting"]["evening"]) == 0  # what one seat wins another pays

    asyncio.run(main())


def test_the_clock_is_said_in_words(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path / "a", turn_seconds=30) as s:
            assert s.watcher.state["clock"] == {"seconds": 30, "preset": "normal", "words": "normal: 30 s a turn"}
        async with scene(tmp_path / "b", turn_seconds=45) as s:
            assert s.watcher.state["clock"] == {"seconds": 45, "preset": None, "words": "45 s a turn"}
        async with scene(tmp_path / "c") as s:  # a table stored before the clock existed has none
            assert s.watcher.state["clock"] == {"seconds": None, "preset": None, "words": "no clock"}

    asyncio.run(main())


async def anns_turn(s: Scene, ann: Recorder, limit: float = 600) -> None:
    waited = 0.0
    while not (ann.state["legal"] and ann.state["seats"][0]["turn_until"]):
        assert waited < limit, "Ann's turn never came"
        await s.advance(0.5)
        waited += 0.5


def test_the_timeouts_a_seat_ran_up_survive_a_restart_its_page_reconnects_through(tmp_path: Path) -> None:
    """Ann lets her time run out twice; the server restarts and her page reconnects by itself (its hello says the
    last seq it saw): the count stands, and a third timeout makes the seat away. A page opened afresh (no seq) is
    her coming back, and gives the seat back."""

    async def main() -> None:
        timing = Timing(away_seconds=600, deal_pause=0, trick_pause=0)
        async with scene(tmp_path, timing, people=1, turn_seconds=10, rounds=5, bot_delay=0.5) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            ann = Recorder(0)
            await s.call(room.join, ann, None)
            for n in (1, 2):
                await anns_turn(s, ann)
                await s.advance(10)
                assert room.seats[0].timeouts == n
            seq = ann.messages[-1]["seq"]
            # The server restarts: the room is read back from the store, and her page says hello with its seq.
            await room.stop()
            again = Room("t", room.config, s.store, room.created, room.timing, s.clock)
            again.replay(s.store.events("t"))
            again.start()
            s.room = again
            ann = Recorder(0)
            await s.call(again.join, ann, seq)
            assert again.seats[0].timeouts == 2
            assert ann.state["seats"][0]["timeouts"] == 2
            await anns_turn(s, ann)
            await s.advance(10)
            assert again.seats[0].timeouts == 3 and ann.state["seats"][0]["bot_playing"]
            # Her page opened afresh: she is back.
            fresh = Recorder(0)
            await s.call(again.join, fresh, None)
            assert again.seats[0].timeouts == 0 and not fresh.state["seats"][0]["bot_playing"]

    asyncio.run(main())


def deal_results(s: Scene) -> list[str]:
    """The deals' result lines of the log, without the settlement's ("The sitting is over. ...")."""
    return [r for r in s.watcher.texts("result") if not r.startswith("The sitting is over")]


def test_the_last_result_announces_no_next_deal_and_a_table_without_a_kitty_no_kitty(tmp_path: Path) -> None:
    """Nap under Peel's rules keeps no kitty: its results say who deals next, and no "Kitty 0"; the sitting's last
    result says nothing of a next deal, and neither does the state's."""

    async def main() -> None:
        async with scene(tmp_path / "nap", rounds=1) as s:
            await s.to_the_end()
            results = deal_results(s)
            assert len(results) == 3 and s.watcher.state["pot"] is None
            assert not [r for r in results if "Kitty" in r]
            assert all(r.endswith("deals next.") for r in results[:-1]), results
            assert "deals next" not in results[-1] and results[-1].endswith("."), results[-1]
            assert s.watcher.state["deal"]["result"] == results[-1]
        async with scene(tmp_path / "kitty", rounds=1, options={"kitty": True}) as s:
            await s.to_the_end()
            results = deal_results(s)
            assert all("; " in r and "Kitty " in r for r in results[:-1]), results  # a kitty kept is said
            assert "Kitty" not in results[-1] and "deals next" not in results[-1]
        async with scene(tmp_path / "loo", game="loo", rounds=1) as s:
            await s.to_the_end()
            last = deal_results(s)[-1]
            assert "Next pool" not in last and "deals" not in last, last

    asyncio.run(main())


async def refused(s: Scene, code: str, fn: Any, *args: Any) -> None:
    """``fn(*args)`` is refused with ``code``, and nothing is stored."""
    before = len(s.store.events("t"))
    try:
        await s.call(fn, *args)
    except RoomError as e:
        assert e.code == code, e.message
    else:
        raise AssertionError(f"not refused: {fn.__name__}{args}")
    assert len(s.store.events("t")) == before


def test_a_sitting_until_we_stop_runs_on_until_the_host_ends_it_after_the_deal_in_play(tmp_path: Path) -> None:
    async def main() -> None:
        async with scene(tmp_path, people=1, rounds=50, open_ended=True, bot_delay=0.5) as s:
            room = s.room
            await refused(s, "not_host", room.gathering.stop, None)  # nobody sits yet: no host
            await s.call(room.sit, 0, "Ann")
            while len(room.table.sitting.deals) < 4:  # past the three deals a round of three seats makes
                await s.advance(0.5)
            state = s.watcher.state
            assert not state["scores"]["over"] and state["sitting"]["open_ended"]
            assert state["sitting"]["rounds"] is None and state["table"]["rounds"] is None
            while room.table.deal is None or room.table.deal.is_complete:
                await s.advance(0.5)
            number = s.watcher.state["deal"]["number"]
            assert (
                s.watcher.state["sitting"]["words"] == f"Deal {number}" and s.watcher.state["sitting"]["deals"] is None
            )
            await s.call(room.gathering.stop, 0)
            assert "Ann ends the sitting: this deal is its last" in s.watcher.texts("info")
            assert s.watcher.state["sitting"]["banner"] == "Last deal: the host has ended the sitting"
            await refused(s, "bad_message", room.gathering.stop, 0)  # once is enough
            await s.to_the_end()
            state = s.watcher.state
            assert state["scores"]["over"] and len(state["scores"]["deals"]) == number
            assert state["next_deal_at"] is None and state["sitting"]["banner"] is None
            assert "deals next" not in deal_results(s)[-1]
            assert s.watcher.texts("result")[-1].startswith("The sitting is over. Ann ")
            again = Room("t", room.config, s.store, room.created, room.timing, s.clock)  # a restart keeps it over
            again.replay(s.store.events("t"))
            assert again.table.is_over and len(again.nets) == number

    asyncio.run(main())


def test_the_host_ends_a_sitting_between_deals_at_once_and_only_a_sitting_until_we_stop(tmp_path: Path) -> None:
    async def main() -> None:
        waiting = Timing(away_seconds=0, deal_pause=60, trick_pause=0)  # a finished deal stays in view a minute
        async with scene(
            tmp_path / "open", waiting, game="loo", people=1, rounds=50, open_ended=True, bot_delay=0.5
        ) as s:
            room = s.room
            await s.call(room.sit, 0, "Ann")
            while not room.table.sitting.deals:
                await s.advance(1)
            assert room.table.deal is not None and room.table.deal.is_complete and not room.table.is_over
            await s.call(room.gathering.stop, 0)
            state = s.watcher.state
            assert state["scores"]["over"] and state["next_deal_at"] is None
            assert "Ann ends the sitting" in s.watcher.texts("info")
            assert sum(state["scores"]["totals"]) == 0  # the pool divided among the players (LOO-END-2)
            await refused(s, "no_deal", room.gathering.stop, 0)
        async with scene(tmp_path / "rounds", people=1) as s:
            await s.call(s.room.sit, 0, "Ann")
            await refused(s, "bad_message", s.room.gathering.stop, 0)  # a sitting of rounds ends by itself

    asyncio.run(main())
