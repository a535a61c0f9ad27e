"""RULES.md §14.30 and §14.37 at every surface that deals Peel's single in table mode: the table (its session), the
terminal (``--plain`` and full screen), the web room and the pool keeper. A Peel single is settled as it is dealt,
yet a law of the deal (LOO-LAW-1, -2, -3) may still void it before the next deal: the offender pays his single loo
into the pool, the dealer's stake for the void deal is not charged, and the same dealer deals a single again (the
proper one, under LOO-LAW-3). The referee's side is tests/test_clarifications_30_41.py.

Seed 6, four players: You deal the first deal, Peel's single, turn-up 4H; P2 5H, P3 7H, P4 8H, You JH: your knave
takes the pool of 3 (your stake) and the others are looed 3 each (You +0, P2 -3, P3 -3, P4 -3, next pool 9). A
misdeal (LOO-LAW-1) voids it: your stake back, your S = 3 paid into the pool, which holds 3 for your single again.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from roundgames import cli
from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.keeper.keep import Keeper
from roundgames.records.deal import from_json, referee
from roundgames.session.laws import stop_due
from roundgames.session.table import PlaySettings, Table

YOU_DEAL = 6  # You deal Peel's single first
P2_DEALS = 10  # P2 deals Peel's single first (You -3, P2 -6, P3 -3, P4 -3)


def single_table(seed: int = YOU_DEAL, *, table_mode: bool = True) -> Table:
    table = Table.new("loo", players=4, humans=[0], seed=seed, table_mode=table_mode)
    table.start_deal()
    deal = table.in_play
    assert deal is not None and deal.is_complete and deal.view(0).kind_words == "Peel's single"
    return table


# -- the table that every surface drives ------------------------------------------------------------------------


def test_clarification_30_loo_law_1_the_table_voids_the_single_it_has_settled() -> None:
    """§14.30, LOO-LAW-1: the single is settled into the sitting as it is dealt; the dealer's misdeal, stated before
    the next deal, is warned of as any law, then voids it: the sitting is settled again, the dealer's stake returned
    and his S = 3 in the pool, his deal not counted, and he deals a single again."""
    table = single_table()
    assert table.sitting.balances == {"You": 0, "P2": -3, "P3": -3, "P4": -3} and table.sitting.pool == 9
    assert table.open_deal() is table.in_play and stop_due(table) == "dealt"  # the table waits for its people
    laws = table.laws_if(table.parse(0, "irregular LOO-LAW-1"))
    assert [(law.rule, law.penalty, law.pool) for law in laws] == [("LOO-LAW-1", 3, "current")]
    table.act(0, "irregular LOO-LAW-1")
    sitting = table.sitting
    assert sitting.balances == {"You": -3, "P2": 0, "P3": 0, "P4": 0} and sitting.pool == 3
    assert sitting.dealer == "You" and sitting.kind.value == "single" and sitting.deal_counts["You"] == 0
    assert table.open_deal() is None and stop_due(table) is None  # only the one law, once
    assert "  LOO-LAW-1 applied to You: 3 into the current pool." in table.events
    assert table.events[-1].startswith("Deal over. The deal is void. You -3, P2 +0, P3 +0, P4 +0. Next pool 3")
    record = table.to_json()["deals"][0]
    assert record["actions"] == ["You irregular LOO-LAW-1"] and referee(from_json(record))["complete"]
    table.start_deal()  # the same dealer deals Peel's single again, for the pool of 3 and his stake
    again = table.in_play
    assert again is not None and again.seats[again.dealer] == "You" and again.view(0).kind_words == "Peel's single"
    assert again.staked_pool == 6


def test_clarification_37_loo_law_2_an_exposed_card_voids_the_single_the_offender_pays() -> None:
    """§14.37, §14.30, LOO-LAW-2: the person interfered with the cards and exposed one (P2 deals): he pays S = 3,
    P2's stake is not charged, and P2 deals a single again."""
    table = single_table(P2_DEALS)
    table.act(0, "irregular LOO-LAW-2 5H")
    assert table.sitting.balances == {"You": -3, "P2": 0, "P3": 0, "P4": 0}
    assert table.sitting.dealer == "P2" and table.sitting.kind.value == "single" and table.sitting.pool == 3


def test_clarification_30_only_a_law_of_the_deal_and_only_in_table_mode() -> None:
    """§14.30: the dealer's law is his (LOO-LAW-1 stated by another is refused, with the rule); a law of the play
    is refused; and in strict mode the single is over as it is dealt."""
    table = single_table(P2_DEALS)
    with pytest.raises(IllegalActionError, match=r"LOO-LAW-1 is the dealer's, P2's \(LOO-LAW-1\)"):
        table.act(0, "irregular LOO-LAW-1")
    with pytest.raises(IllegalActionError, match=r"only a law of the deal.*§14\.30.*\(LOO-LAW-8\)"):
        table.act(0, "irregular LOO-LAW-8")
    assert table.sitting.balances == {"You": -3, "P2": -6, "P3": -3, "P4": -3}  # nothing changed
    strict = single_table(table_mode=False)
    assert strict.open_deal() is None and stop_due(strict) is None
    with pytest.raises(RecordError, match="no deal is in progress"):
        strict.act(0, "irregular LOO-LAW-1")


# -- the --plain terminal ---------------------------------------------------------------------------------------


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str, lines: list[str]) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    assert cli.main(["play", *args, "--plain", "--ascii"]) == 0
    out: str = capsys.readouterr().out
    return out


def test_clarification_30_plain_the_word_after_the_single_states_a_misdeal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """§14.30 at ``roundgames play --plain --mode table``: after the single is dealt and settled the table waits
    for the person's word; ``law 1`` is warned of, confirmed, applied, and You deal the single again."""
    export = tmp_path / "records.json"
    args = ("loo", "--players", "4", "--seed", str(YOU_DEAL), "--mode", "table", "--export", str(export))
    out = play(monkeypatch, capsys, *args, lines=["law 1", "y", "", "q"])
    word = out[out.index("-- You have dealt Peel's single, settled at once; You may state a law first --") :]
    assert word.splitlines()[3:10] == [
        "! The law: LOO-LAW-1, misdeal: the dealer pays S (3) into this pool; the deal is void and he deals again.",
        "  You will pay 3 into the current pool (LOO-LAW-1).",
        "  The deal is void: the cards are dealt again.",
        "State it? y/n> y",
        "You irregular LOO-LAW-1",
        "  LOO-LAW-1 applied to You: 3 into the current pool.",
        "Deal over. The deal is void. You -3, P2 +0, P3 +0, P4 +0. Next pool 3; You deal Peel's single again.",
    ]
    assert "Deal 2: You deal Peel's single; turn-up" in word and "pool 6." in word
    records = json.loads(export.read_text(encoding="utf-8"))
    ruling = referee(from_json(records[0]))
    assert ruling["complete"] and ruling["next"] == {"dealer": "You", "kind": "single"}
    assert ruling["irregularities"] == [
        {"index": 0, "seat": "You", "rule": "LOO-LAW-1", "penalty": 3, "pool": "current"}
    ]


# -- the full-screen terminal -----------------------------------------------------------------------------------


def test_clarification_30_tui_a_law_typed_while_the_single_is_in_view() -> None:
    """§14.30 at the full-screen table: the single's payments are in view; ``law 1`` typed there is asked first, then
    voids it, and the payments in view are the void deal's; the next key deals the single again."""
    pytest.importorskip("textual")
    from roundgames.terminal.tui import TableApp
    from roundgames.terminal.tui_screens import ConfirmScreen
    from tuitext import screen_text

    async def main() -> None:
        table = Table.new("loo", players=4, humans=[0], seed=YOU_DEAL, table_mode=True)
        app = TableApp(table, PlaySettings(bot_delay=0, trick_pause=0, ascii=True))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.waiting == "deal" and table.open_deal() is not None
            await pilot.press("slash", *"law 1", "enter")
            assert isinstance(app.screen, ConfirmScreen) and "LOO-LAW-1" in screen_text(app)
            await pilot.press("y")
            assert app.waiting == "deal" and table.open_deal() is None
            assert table.sitting.balances == {"You": -3, "P2": 0, "P3": 0, "P4": 0}
            assert "The deal is void" in screen_text(app)
            await pilot.press("enter")
            deal = table.in_play
            assert deal is not None and len(table.sitting.deals) == 2 and deal.seats[deal.dealer] == "You"

    asyncio.run(main())


# -- the web room -----------------------------------------------------------------------------------------------


def test_clarification_30_web_a_law_between_the_single_and_the_next_deal(tmp_path: Path) -> None:
    """§14.30 at the web table (table mode): between Peel's single and the next deal Ann sends ``irregular
    LOO-LAW-2 5H`` (she exposed a card in the deal); warned of first (code ``irregular``), confirmed it voids the
    single: everyone's log says so, her score is -3, and the next deal is the same dealer's single again."""
    pytest.importorskip("starlette")
    from roomconn import Recorder
    from roundgames.web.room import Room, RoomError
    from roundgames.web.store import SqliteStore
    from roundgames.web.timing import ManualClock, Timing

    config: dict[str, Any] = {
        "game": "loo",
        "preset": "peel",
        "options": {},
        "players": 4,
        "people": 1,
        "bot": "sensible",
        "bots": ["sensible"] * 4,
        "bot_delay": 0.0,
        "spectators": True,
        "rounds": 1,
        "confirm": False,
        "mode": "table",
        "hints": False,
        "seed": 6,
    }

    async def main() -> None:
        clock = ManualClock()
        store = SqliteStore(str(tmp_path / "single.sqlite3"), now=clock.now)
        store.create("t", config)
        room = Room("t", config, store, clock.now(), Timing(away_seconds=3600, deal_pause=60, trick_pause=0), clock)
        room.replay([])
        room.start()
        ann, watcher = Recorder(0), Recorder(None)
        try:
            await room.call(room.sit, 0, "Ann")
            await room.call(room.join, ann, None)
            await room.call(room.join, watcher, None)
            await clock.advance(0.5, room.settle)
            deal = room.table.deal
            assert deal is not None and deal.is_complete and deal.voidable
            dealer = room.display_names()[deal.dealer]
            with pytest.raises(RoomError) as warned:
                await room.call(room.act, 0, "irregular LOO-LAW-2 5H")
            assert warned.value.code == "irregular" and not deal.log  # warned of: nothing changed yet
            await room.call(room.act, 0, "irregular LOO-LAW-2 5H", True)
            assert deal.is_void and deal.irregularities[0].rule == "LOO-LAW-2"
            assert "Ann irregular LOO-LAW-2 the five of hearts" in watcher.log()  # cards in words in the log
            assert any(line.startswith("The deal is void.") for line in watcher.texts("result"))
            sitting = room.table.sitting
            assert sitting.balances[room.table.seats[0]] == -3 and room.nets == [[-3, 0, 0, 0]]
            with pytest.raises(RoomError) as again:  # one law, once: the deal is over now
                await room.call(room.act, 0, "irregular LOO-LAW-2 5H", True)
            assert again.value.code == "no_deal"
            await room.call(room.next_deal)
            nxt = room.table.deal
            assert nxt is not None and room.display_names()[nxt.dealer] == dealer
            assert nxt.view(0).kind_words == "Peel's single"
        finally:
            await room.stop()
            store.close()

    asyncio.run(main())


# -- the pool keeper ---------------------------------------------------------------------------------------------


def test_clarification_30_keeper_the_laws_of_the_deal_on_a_kept_single() -> None:
    """§14.30 at ``roundgames keep``: the keeper's single, dealt face up and its winner not yet said, takes the laws
    of the deal as a regular deal does: Ann's misdeal (S = 3, she deals again), Cat's exposed card (S = 3, void),
    and LOO-LAW-3, dealing out of turn: void before any declaration, which a single never has, so Ben, the proper
    dealer, deals a single next, and nobody pays."""
    k = Keeper.new("loo", ["Ann", "Ben", "Cat", "Dan"])
    k.start_deal("Ann")
    k.act("Ann", "irregular", "LOO-LAW-1")
    assert k.balances() == {"Ann": -3, "Ben": 0, "Cat": 0, "Dan": 0} and k.pool == 3
    assert (k.next_dealer, k.next_kind) == ("Ann", "single")
    k.start_deal()
    k.act("Cat", "irregular", "LOO-LAW-2 5H")
    assert k.balances() == {"Ann": -3, "Ben": 0, "Cat": -3, "Dan": 0} and (k.next_dealer, k.next_kind) == (
        "Ann",
        "single",
    )
    k.start_deal()
    k.act("Ann", "irregular", "LOO-LAW-3 Ben")
    assert k.balances() == {"Ann": -3, "Ben": 0, "Cat": -3, "Dan": 0} and k.pool == 6
    assert (k.next_dealer, k.next_kind) == ("Ben", "single") and k.deal is None
    deals = k.to_json()["deals"]
    assert [d["actions"] for d in deals] == [["Ann irregular LOO-LAW-1"], ["Cat irregular LOO-LAW-2 5H"],
                                             ["Ann irregular LOO-LAW-3 Ben"]]  # fmt: skip
    assert all(referee(from_json(d))["complete"] for d in deals)
