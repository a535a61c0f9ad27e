"""The hand before one's turn and cards in words, in the web table's state and log (docs/web.md, "State (per
viewer)"): ``state.unseen`` counts the cards a Loo seat holds before its turn to declare comes, with the rule
(LOO-DECL-1), and never names them; a table created with ``hand_at_once`` sends each seat its own hand at once and
nothing else (the declarations still go in turn); ``deal.all_play`` says why nobody may throw up under club law
(LOO-VAR-CLUBLAW); the legal entries' labels say each card in words; the log says every card in words
("Ann plays the four of hearts"), never as a code; ``hand_at_once`` is refused when it is not a boolean, naming the
field.

A real :class:`Room` on a :class:`ManualClock` plays the bots; Ann (seat 0) is the person. The seeds deal Ann the
dealer's seat, so that she declares last.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from roomconn import Recorder
from roundgames.games.registry import rules_for
from roundgames.web.protocol import ProtocolError, new_table_config, options_catalogue
from roundgames.web.room import Room
from roundgames.web.store import SqliteStore
from roundgames.web.timing import ManualClock, Timing
from roundgames.web.words import card_title, card_words, in_words, rules_help

#: four at Loo, no singles: Ann (seat 0) deals and declares last; the turn-up is no club
ANN_DEALS = 4
#: the same table, the turn-up a club
ANN_DEALS_CLUBS = 2
CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
WHY = "You look at your cards when your turn to declare comes"

Scene = tuple[Room, Recorder, Recorder, Callable[[Callable[[], bool]], Awaitable[None]]]


@asynccontextmanager
async def table(tmp_path: Path, seed: int, **settings: Any) -> AsyncIterator[Scene]:
    """A four-seat Loo table (club law, no singles) dealt from ``seed``, Ann seated in seat 0, and a spectator;
    ``settle(until)`` lets the bots act, one at a time, until ``until()``."""
    clock = ManualClock()
    body = {"game": "loo", "players": 4, "people": 1, "bot": "sensible", "bot_delay": 1.0, **settings}
    config = new_table_config({**body, "options": {"club_law": True, "single": "none"}})
    config["seed"] = seed
    store = SqliteStore(str(tmp_path / "hand.sqlite3"), now=clock.now)
    store.create("t", config)
    room = Room("t", config, store, clock.now(), Timing(away_seconds=3600, deal_pause=0, trick_pause=0), clock)
    room.replay([])
    room.start()
    ann, watcher = Recorder(0), Recorder(None)

    async def settle(until: Callable[[], bool]) -> None:
        # A step is a bot's delay and a half second, so that a delayed bot acts once in it (the room plans the next
        # bot's step afresh after every command).
        for _ in range(200):
            if until():
                return
            await clock.advance(config["bot_delay"] + 0.5, room.settle)
        raise AssertionError("the table never came to the position the test needs")

    try:
        await room.call(room.sit, 0, "Ann")
        await room.call(room.join, ann, None)
        await room.call(room.join, watcher, None)
        yield room, ann, watcher, settle
    finally:
        await room.stop()
        store.close()


def declaring(state: dict[str, Any]) -> bool:
    deal = state["deal"]
    return deal is not None and deal["phase"] == "declare"


def test_loo_decl_1_the_hand_before_the_turn_is_a_count_and_its_rule_then_the_cards(tmp_path: Path) -> None:
    """LOO-DECL-1: "Each player ... looks at his own cards only when his turn comes": before it the state counts
    his cards and says why, and sends none; at his turn ``unseen`` is null and the hand is his."""

    async def main() -> None:
        async with table(tmp_path, ANN_DEALS) as (_room, ann, watcher, settle):
            await settle(lambda: declaring(ann.state))
            before = ann.state
            assert before["deal"]["to_act"] != 0 and before["table"]["hand_at_once"] is False
            assert before["hand"] == [] and before["legal"] == []
            assert before["unseen"] == {"cards": 3, "text": WHY, "rule": "LOO-DECL-1"}
            assert watcher.state["unseen"] is None and watcher.state["hand"] == []  # a spectator holds nothing
            assert all(not CODE.findall(str(m.get("state", {}).get("hand"))) for m in ann.messages[:-1])
            await settle(lambda: bool(ann.state["legal"]))
            turn = ann.state
            assert turn["unseen"] is None and len(turn["hand"]) == 3 and turn["deal"]["to_act"] == 0

    asyncio.run(main())


def test_hand_at_once_sends_each_seat_its_own_hand_at_once_and_the_declaring_still_goes_in_turn(
    tmp_path: Path,
) -> None:
    """The table's departure from LOO-DECL-1: Ann holds her three cards while the others declare, is offered
    nothing until her turn, and the spectator still sees no hand."""

    async def main() -> None:
        async with table(tmp_path, ANN_DEALS, hand_at_once=True) as (_room, ann, watcher, settle):
            await settle(lambda: declaring(ann.state))
            before = ann.state
            assert before["table"]["hand_at_once"] is True
            assert before["deal"]["to_act"] != 0 and before["legal"] == [] and before["unseen"] is None
            held = before["hand"]
            assert len(held) == 3
            assert watcher.state["hand"] == [] and not set(held) & set(CODE.findall(str(watcher.state)))
            await settle(lambda: bool(ann.state["legal"]))
            assert ann.state["hand"] == held and ann.state["deal"]["to_act"] == 0

    asyncio.run(main())


def test_hand_at_once_is_a_boolean_off_by_default_and_listed_with_its_doc() -> None:
    assert new_table_config({"game": "loo"})["hand_at_once"] is False
    assert new_table_config({"game": "loo", "hand_at_once": True})["hand_at_once"] is True
    with pytest.raises(ProtocolError) as refused:
        new_table_config({"game": "loo", "hand_at_once": "yes"})
    assert refused.value.field == "hand_at_once" and "hand_at_once" in refused.value.message
    info = options_catalogue()["hand_at_once"]
    assert info["default"] is False and "LOO-DECL-1" in info["doc"]


def test_loo_var_clublaw_the_state_says_why_nobody_may_throw_up(tmp_path: Path) -> None:
    """LOO-VAR-CLUBLAW: "If the trump turn-up is a club, every player (the dealer included) must stand": the state
    says so, with the rule, and Ann is offered no Throw up."""

    async def main() -> None:
        async with table(tmp_path, ANN_DEALS_CLUBS) as (_room, ann, watcher, settle):
            await settle(lambda: bool(ann.state["legal"]))
            law = {"text": "Clubs are trumps: all must stand", "rule": "LOO-VAR-CLUBLAW"}
            assert ann.state["deal"]["all_play"] == law and watcher.state["deal"]["all_play"] == law
            assert [e["action"] for e in ann.state["legal"]] == ["stand"]

        async with table(tmp_path / "plain", ANN_DEALS) as (_room, ann, watcher, settle):
            await settle(lambda: declaring(ann.state))
            assert ann.state["deal"]["all_play"] is None  # no club turned up: no such law this deal

    (tmp_path / "plain").mkdir()
    asyncio.run(main())


def test_the_log_and_the_card_entries_say_cards_in_words(tmp_path: Path) -> None:
    """Every line of the log says its cards in words (the deal's turn-up, each card played, each trick), never as
    a code; a card's legal entry keeps its code to send and says the card in words as its label."""

    async def main() -> None:
        async with table(tmp_path, ANN_DEALS, bot_delay=0.0) as (room, ann, watcher, settle):
            await settle(lambda: bool(ann.state["legal"]))
            await room.call(room.act, 0, "stand")

            def playing() -> bool:
                s = ann.state
                return s["deal"]["complete"] or (s["deal"]["phase"] == "play" and bool(s["legal"]))

            await settle(playing)
            if not ann.state["deal"]["complete"]:
                entries = [e for e in ann.state["legal"] if "card" in e]
                assert entries and all(e["label"] == card_title(e["card"]) for e in entries)
                assert all(e["action"] == f"play {e['card']}" for e in entries)
                card = entries[0]["card"]
                await room.call(room.act, 0, f"play {card}")
                assert f"Ann plays {card_words(card)}" in watcher.log()
            turnup = watcher.state["deal"]["turnup"]
            lines = watcher.log()
            assert any(line.endswith(f"the turn-up is {card_words(turnup)}") for line in watcher.texts("deal"))
            assert any(" plays the " in line for line in lines), lines
            for line in lines:
                assert not CODE.findall(line), line

    asyncio.run(main())


def test_in_words_says_each_card_and_each_run_of_cards() -> None:
    assert in_words("P1 plays 4H") == "P1 plays the four of hearts"
    assert in_words("You exchange 3D 2C") == "You exchange the three of diamonds and the two of clubs"
    assert (
        in_words("P2 shows a flush: AH KH 9H")
        == "P2 shows a flush: the ace of hearts, the king of hearts and the nine of hearts"
    )
    assert card_words("JC") == "the knave of clubs" and card_title("TD") == "Ten of diamonds"


def test_the_house_rule_of_a_dealer_who_never_sits_out_does_not_read_as_must_stand() -> None:
    """``dealer_stands_out_above`` off: the sentence says the dealer is dealt in, not that he must play his hand
    (he may throw up like anyone, LOO-DECL-10)."""
    lines = rules_help(rules_for("loo", "peel", {}))
    assert "The dealer deals himself a hand at any size of table: he never sits out." in lines
    assert not [line for line in lines if "always plays" in line]
