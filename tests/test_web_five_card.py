"""Five-card and Irish Loo at the web table, in-process: the state's new fields (``deal.stock``, ``deal.pam``), the
exchange entry, a flush shown (in turn and out of it) and paid, "Pam be civil" on the lead (docs/web.md, "State (per
viewer)"; RULES.md LOO5-2..6, LOOI-1).

A real :class:`Room` on a :class:`ManualClock` plays the bots; Ann (seat 0) is the person. The seeds were found by
dealing through the public API (``Table.new`` and the bots, as the room deals them); each test checks first that its
seed still gives the position it needs.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from roomconn import Recorder
from roundgames.web.room import Room, RoomError
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.views import CIVIL_NOTE
from roundgames.web.words import card_title, card_words, cards_words

#: Ann declares first, holds four of a suit, and the stock's top card is of that suit: her exchange of the odd card
#: makes a flush, and she is the first to lead (four players, dealer seat 3, sensible bots)
FLUSH_SEED = 1629
#: Ann stands and leads the first trick holding the ace of trumps, Pam in play
CIVIL_SEED = 8
#: a flush for Ann with a bot to lead first: shown in her turn after the declaring (§14.34)
ASIDE_SEED = 115

CONFIG: dict[str, Any] = {
    "game": "loo",
    "preset": "five-card",
    "options": {},
    "players": 4,
    "people": 1,
    "bot": "sensible",
    "bots": ["sensible"] * 4,
    "bot_delay": 0.0,
    "spectators": True,
    "rounds": 1,
    "confirm": False,
    "mode": "strict",
    "hints": False,
    "seed": FLUSH_SEED,
}


Scene = tuple[Room, Recorder, Recorder, Callable[[Callable[[], bool]], Awaitable[None]]]


@asynccontextmanager
async def table(tmp_path: Path, **config: Any) -> AsyncIterator[Scene]:
    """A room with Ann seated and connected in seat 0 and a spectator; ``settle()`` lets the bots play."""
    clock = ManualClock()
    settings = {**CONFIG, **config}
    store = SqliteStore(str(tmp_path / "five.sqlite3"), now=clock.now)
    store.create("t", settings)
    room = Room("t", settings, store, clock.now(), Timing(away_seconds=3600, deal_pause=60, trick_pause=0), clock)
    room.replay([])
    room.start()
    ann, watcher = Recorder(0), Recorder(None)

    async def settle(until: Callable[[], bool] = lambda: True) -> None:
        """Let the bots play until ``until()``, a step at a time: each step is a bot's delay and a half second, so
        that a delayed bot acts once in it (the room plans the next bot's step afresh after every command)."""
        for _ in range(120):
            await clock.advance(settings["bot_delay"] + 0.5, room.settle)
            if until():
                return
        raise AssertionError("the table never came to the position the test needs")

    try:
        await room.call(room.sit, 0, "Ann")
        await room.call(room.join, ann, None)
        await room.call(room.join, watcher, None)
        await settle()
        yield room, ann, watcher, settle
    finally:
        await room.stop()
        store.close()


def entry(state: dict[str, Any], action: str) -> dict[str, Any] | None:
    return next((e for e in state["legal"] if e["action"] == action), None)


def test_loo5_2_the_exchange_entry_chooses_cards_and_the_stock_is_a_count(tmp_path: Path) -> None:
    """Ann's turn to declare: Stand, Throw up and one Exchange entry choosing 1 to 5 cards; ``deal.stock`` counts
    the stock (52 - 4 hands of five - the turn-up = 31). Her exchange of one card leaves 30, she holds the card
    drawn, and the log tells the others only how many she put out."""

    async def main() -> None:
        async with table(tmp_path) as (room, ann, watcher, settle):
            state = ann.state
            deal = state["deal"]
            assert deal["phase"] == "declare" and deal["to_act"] == 0
            assert deal["stock"] == 31 and deal["pam"] == "JC"  # LOO5-3: the knave of clubs by default
            assert entry(state, "exchange") == {"action": "exchange", "label": "Exchange", "choose": [1, 5], "key": "x"}
            assert entry(state, "stand") and entry(state, "throw")
            assert state["illegal"] == {}  # nothing is dimmed while declaring
            hand = state["hand"]
            suits = [c[-1] for c in hand]
            odd = next(c for c in hand if suits.count(c[-1]) == 1)
            await room.call(room.act, 0, f"exchange {odd}")
            await settle()
            after = ann.state
            assert odd not in after["hand"] and len(after["hand"]) == 5
            exchanged = [
                int(line.split(" exchanges ")[1].split()[0]) for line in watcher.log() if " exchanges " in line
            ]
            assert watcher.state["deal"]["stock"] == 31 - sum(exchanged)  # the bots' exchanges came out of it too
            assert f"You exchange {card_words(odd)}" in ann.log()
            assert "Ann exchanges 1 card" in watcher.log() and card_words(odd) not in " ".join(watcher.log())

    asyncio.run(main())


def test_loo5_6_a_flush_made_by_an_exchange_is_shown_and_paid(tmp_path: Path) -> None:
    """Ann exchanges her odd card into a flush; after the declaring she leads, and ``flush`` (Show a flush) is among
    her entries beside her cards; shown, it ends the deal: the log says so to everyone and the result names the
    flush and what each paid (LOO5-6: the pool, and a loo from every other player)."""

    async def main() -> None:
        async with table(tmp_path) as (room, ann, watcher, settle):
            hand = ann.state["hand"]
            odd = next(c for c in hand if [x[-1] for x in hand].count(c[-1]) == 1)
            await room.call(room.act, 0, f"exchange {odd}")
            await settle(lambda: watcher.state["deal"]["complete"])
            done = watcher.state["deal"]
            flush = ann.state["hand"]
            assert len({c[-1] for c in flush if c != done["pam"]}) == 1  # five of a suit, or four and Pam
            # §14.34: shown for her at once (she had no choice): the log names what she showed
            assert f"Ann shows a flush: {cards_words(flush)}" in watcher.log()
            assert done["result"].startswith("Ann takes the pool with a flush.")
            assert done["net"][0] > 0 and all(n < 0 for n in done["net"][1:])  # each other player paid a loo
            assert done["pool"] == 0 and done["looed"] == []  # Ann took the whole pool; nobody is looed
            # "The holder reveals it" (LOO5-6): everyone, a spectator too, sees the flush that took the pool.
            assert sorted(done["faces"]["0"]) == sorted(flush)

    asyncio.run(main())


def test_clarification_34_a_flush_is_shown_in_its_holders_turn_and_nobody_else_may_show_one(tmp_path: Path) -> None:
    """LOO5-6, §14.34: Ann stands holding a flush, with a bot to lead; when the declaring ends it is her turn, her
    only action ``flush``, and nobody else's: another seat's ``flush`` is ``not_your_turn`` and changes nothing.
    The room then shows it for her at a bot's pace (she has no choice), and the hand is not played."""

    async def main() -> None:
        async with table(tmp_path, seed=ASIDE_SEED, bot_delay=2.0) as (room, ann, watcher, settle):
            await settle(lambda: ann.state["deal"]["to_act"] == 0)
            await room.call(room.act, 0, "stand")
            await settle(lambda: ann.state["deal"]["phase"] == "show")
            deal = room.table.deal
            assert deal is not None and deal.to_act == 0 and not deal.trick_cards
            assert ann.state["legal"] == [{"action": "flush", "label": "Show a flush", "key": "f"}], ann.state
            assert watcher.state["legal"] == []
            before = len(deal.log)
            with pytest.raises(RoomError) as info:
                await room.call(room.act, 1, "flush")
            assert info.value.code == "not_your_turn" and len(deal.log) == before
            await settle(lambda: watcher.state["deal"]["complete"])
            assert watcher.state["deal"]["result"].startswith("Ann takes") and not deal.tricks
            assert any(line.startswith("Ann shows a flush: ") for line in watcher.log())

    asyncio.run(main())


def test_loo5_4_the_ace_of_trumps_led_is_offered_with_and_without_pam_be_civil(tmp_path: Path) -> None:
    """Leading with the ace of trumps, Ann is offered two entries for the card: ``play AT`` and ``play AT civil``
    labelled with the words; led civil, the log says the words to everyone."""

    async def main() -> None:
        async with table(tmp_path, seed=CIVIL_SEED) as (room, ann, watcher, settle):
            await room.call(room.act, 0, "stand")
            await settle()
            state = ann.state
            assert state["deal"]["to_act"] == 0 and state["deal"]["trick"] == []
            ace = "A" + state["deal"]["trump"]
            ways = [e for e in state["legal"] if e.get("card") == ace]
            assert ways == [
                {"action": f"play {ace}", "label": card_title(ace), "card": ace},
                {
                    "action": f"play {ace} civil",
                    "label": f'{card_title(ace)}, saying "Pam be civil"',
                    "card": ace,
                    "words": "civil",
                    "note": CIVIL_NOTE,
                },
            ]
            await room.call(room.act, 0, f"play {ace} civil")
            assert f'Ann plays {card_words(ace)} and says "Pam be civil"' in watcher.log()

    asyncio.run(main())


def test_looi_1_irish_has_a_stock_of_three_card_hands_and_no_pam(tmp_path: Path) -> None:
    """Irish Loo: three cards each, a stock (52 - 4 x 3 - 1 = 39), no Pam; at Three-card Loo neither field is set."""

    async def main() -> None:
        async with table(tmp_path, preset="irish", seed=3) as (_room, ann, watcher, _settle):
            deal = watcher.state["deal"]
            assert deal["pam"] is None and 0 < deal["stock"] <= 39
            if ann.state["legal"]:
                assert len(ann.state["hand"]) == 3
                assert entry(ann.state, "exchange") == {
                    "action": "exchange",
                    "label": "Exchange",
                    "choose": [1, 3],
                    "key": "x",
                }
        async with table(tmp_path / "peel", preset="peel", seed=3) as (_room, _ann, watcher, _settle):
            assert watcher.state["deal"]["stock"] is None and watcher.state["deal"]["pam"] is None

    (tmp_path / "peel").mkdir()
    asyncio.run(main())
