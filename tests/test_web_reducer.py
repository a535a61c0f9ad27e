"""The web table's reducer: one function takes a table from one stored event to the next, whichever way the event
comes. A table played live, the same events replayed from the store (a restart), and the same events followed one
by one as another server process would apply them, all reach the same state: the same seats, the same log for every
viewer, the same deals card for card, the same score sheet and the same record of what undo may take back.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from roomconn import Recorder
from roundgames.records.deal import dumps, record_of
from roundgames.web.reducer import TableState, reduce, replay
from roundgames.web.room import Room, RoomError
from roundgames.web.store import Event, SqliteStore
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.views import state_for

TIMING = Timing(away_seconds=600, deal_pause=1, trick_pause=0)


def _config(game: str, mode: str, seed: int) -> dict[str, Any]:
    return {
        "game": game,
        "preset": "peel",
        "options": {},
        "players": 4,
        "people": 2,
        "bot": "random",
        "bot_delay": 0.0,
        "spectators": True,
        "rounds": 1,
        "confirm": False,
        "mode": mode,
        "hints": True,
        "turn_seconds": None,
        "seed": seed,
    }


def digest(state: TableState) -> dict[str, Any]:
    """Everything the events decide, in comparable form (the moments countdowns end are the clock's, not theirs)."""
    table = state.table
    deals = list(table.sitting.deals)
    if table.deal is not None and (not deals or table.deal is not deals[-1]):
        deals.append(table.deal)
    return {
        "seq": state.seq,
        "seats": [(s.kind, s.name, s.token_hash, s.timeouts, s.first_deal) for s in state.seats],
        "log": [(e.seq, e.deal, e.kind, e.seat, e.text, sorted(e.private.items())) for e in state.log],
        "deals": [dumps(record_of(d)) for d in deals],
        "balances": dict(table.sitting.balances),
        "over": table.is_over,
        "nets": state.nets,
        "deal_number": state.deal_number,
        "hinted": state.hinted,
        "started": state.started,
        "sat": state.sat,
        "sitting": (state.sitting_number, state.past),
        "undo": (state.acts, state.shown),
        "lapsed": state.lapsed,
        "revoked": state.revoked,
    }


async def _play_live(room: Room, clock: ManualClock) -> None:
    """Two people and two bots: they sit, talk, ask for hints, and play the first legal action at each turn,
    until the sitting is over."""
    watcher = Recorder(None)
    await room.call(room.join, watcher, None)
    await room.call(room.sit, 0, "Ann")
    await room.call(room.chat, 0, "good luck")
    await room.call(room.sit, 1, "Bob")
    people = [Recorder(0), Recorder(1)]
    for conn in people:
        await room.call(room.join, conn, None)
    for _ in range(2000):
        if room.table.is_over:
            return
        deal = room.table.deal
        seat = deal.to_act if deal is not None and not deal.is_complete else None
        if seat not in (0, 1):
            await clock.advance(1, room.settle)
            continue
        if seat not in room.hinted.get(room.deal_number, ()):
            await room.call(room.ask_hint, seat)
        legal = state_for(room.facts(), seat)["legal"]
        action = next(str(e["action"]) for e in legal if "choose" not in e)
        await room.call(room.act, seat, action)
    raise AssertionError("the sitting did not end")


@pytest.mark.parametrize(("game", "mode", "seed"), [("loo", "strict", 3), ("nap", "strict", 5), ("loo", "table", 8)])
def test_live_play_replay_and_following_reach_the_same_state(tmp_path: Path, game: str, mode: str, seed: int) -> None:
    config = _config(game, mode, seed)

    async def main() -> None:
        clock = ManualClock()
        store = SqliteStore(str(tmp_path / "t.sqlite3"), now=clock.now)
        created = store.create("t", config)
        live = Room("t", config, store, created, TIMING, clock)
        live.replay([])
        live.start()
        try:
            await _play_live(live, clock)
            await live.settle()
        finally:
            await live.stop()
        events = store.events("t")
        assert {"sit", "chat", "hint", "deal", "act"} <= {ev.kind for ev in events}
        expected = digest(live.state)

        # Replay: the table loaded from its store, by the room and by the reducer's replay alone.
        loaded = Room("t", config, store, created, TIMING, clock)
        loaded.replay(events)
        assert digest(loaded.state) == expected
        assert digest(replay(config, created, TIMING, events, clock.now())) == expected

        # Following: each event announced by the process that wrote it, applied as it comes.
        follower = Room("t", config, store, created, TIMING, clock)
        follower.replay([])
        follower.leads = False
        for ev in events:
            follower.following.take_event(ev)
        assert digest(follower.state) == expected

        # The reducer folded over the events by hand: the same again.
        state = TableState(config, created, TIMING)
        for ev in events:
            state = reduce(state, ev, clock.now())
        assert digest(state) == expected
        store.close()

    asyncio.run(main())


def test_an_event_the_table_refuses_changes_nothing() -> None:
    """An action out of turn, or a deal with the wrong seed, is refused with its reason, and the state is as
    before: the reducer checks before it changes anything."""
    config = {**_config("nap", "strict", 4), "people": 0}
    state = TableState(config, 0.0, TIMING)
    reduce(state, Event(1, "deal", {"number": 1, "seed": f"{state.table.seed}:0"}, 0.0), 0.0)
    before = digest(state)
    deal = state.table.deal
    assert deal is not None and deal.to_act is not None
    other = (deal.to_act + 1) % 4
    with pytest.raises(RoomError) as refused:
        reduce(state, Event(2, "act", {"seat": other, "text": "pass", "bot": True}, 0.0), 0.0)
    assert refused.value.code in ("illegal", "bad_message")
    assert digest(state) == before
    with pytest.raises(Exception, match="seed"):
        reduce(state, Event(2, "deal", {"number": 2, "seed": "wrong"}, 0.0), 0.0)
    assert digest(state) == before
