"""``roundgames replay FILE --view SEAT``: a deal stepped through as one seat saw it, as the web table's replay of a
finished deal shows it (docs/web.md, "Replaying a deal"): its own cards once it may look at them (LOO-DECL-1), the
hands lying face up, the cards played, the others' hands as counts. Over every record of tests/records/ and every
seat, no position names a card the seat could not have seen by then (another hand, the miss, the stock, a discard).
The command runs in this process (tests/cli_run.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from cli_run import run_cli
from roundgames.core.cards import card_str, cards_in
from roundgames.games.protocol import Deal
from roundgames.records.deal import DealRecord, start
from roundgames.records.files import load_any
from roundgames.terminal import replay

RECORDS = Path(__file__).parent / "records"
REGULAR = RECORDS / "lx3_regular_deal.json"
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
ALL_RECORDS = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".ruling.json"))


def positions(record: DealRecord, count: int) -> Iterator[Deal]:
    """The deal as dealt, then after each action, ``count`` positions in all."""
    deal = start(record)
    yield deal
    for text in record.actions[: count - 1]:
        cast(Any, deal).apply(deal.parse_action(text))
        yield deal


#: the verbs whose cards go face up on the table for everyone: a card played, and in table mode a card shown or
#: played irregularly, even where the law takes it back (LOO-LAW-0b, NAP-LAW-6, NAP-LAW-7)
SHOWN = ("play", "irregular")


def may_see(deal: Deal, seat: int, record: DealRecord, done: int) -> set[str]:
    """What ``seat`` may have seen after ``done`` actions, from the deal's own state and the record: its cards dealt
    and held, the cards played or shown, the turn-up, the hands lying face up."""
    mask = deal.dealt[seat] | deal.hands[seat]
    for trick in deal.all_tricks():
        mask |= sum(1 << c for c in trick.cards)
    for shown in deal.view(seat).seen_hands.values():
        mask |= shown
    seen = {card_str(c) for c in cards_in(mask)}
    for text in record.actions[:done]:
        if text.split()[1] in SHOWN:
            seen |= {c.replace("10", "T") for c in CARD.findall(text)}
    return seen | set(record.cards.get("turnup", "").split())


def test_view_shows_the_deal_as_the_seat_saw_it() -> None:
    run = run_cli("replay", str(REGULAR), "--all", "--ascii", "--view", "P2")
    assert run.returncode == 0 and run.stderr == ""
    frames = run.stdout.strip().split("\n\n")
    assert len(frames) == 17 and all(", as P2 saw it: " in f for f in frames)
    # the dealer declares last: his cards lie face down until then (LOO-DECL-1), the others' are counts throughout
    assert re.search(r"^  P2 \(dealer\) +-   \(3 not looked at yet\)$", frames[0], re.M)
    assert re.search(r"^  P2 \(dealer\) +KS TS 5D$", frames[3], re.M)  # his turn: he looks at them
    assert re.search(r"^  P3 +stood, 0 tricks  3 cards$", frames[4], re.M)
    assert "miss" not in run.stdout and "2H 8D 6C" not in run.stdout
    assert frames[-1].splitlines()[-1].startswith("Complete. Looed: P1 6.")


def test_view_by_number_steps_forwards_and_back() -> None:
    run = run_cli("replay", str(REGULAR), "--view", "3", stdin="n\nn\np\ns 16\nq\n")
    assert run.returncode == 0, run.stderr
    said = re.findall(r"^Position (\d+) of 16, as P3 saw it", run.stdout, re.M)
    assert said == ["0", "1", "2", "1", "16"]


@pytest.mark.parametrize("seat", ["9", "Zed", "0"])
def test_view_of_no_such_seat_exits_2_naming_the_seats(seat: str) -> None:
    run = run_cli("replay", str(REGULAR), "--all", "--view", seat)
    assert run.returncode == 2 and run.stdout == ""
    assert f"--view {seat}: no such seat (the seats: P1, P2, P3, P4; or a number from 1 to 4)" in run.stderr


@pytest.mark.parametrize("path", ALL_RECORDS, ids=[p.stem for p in ALL_RECORDS])
def test_no_position_shows_a_seat_a_card_it_could_not_see(path: Path) -> None:
    loaded = load_any(str(path))
    for seat in range(len(loaded.deals[0].record.seats)):
        for found in replay.deals_of(loaded, viewer=seat):
            frames = found.frames(ascii=True)
            for i, (frame, deal) in enumerate(zip(frames, positions(found.record, len(frames)), strict=True)):
                # the heading names the turn-up, which everyone sees; a last line names the record's illegal action,
                # the referee's word on the record rather than the table as the seat saw it
                lines = frame.splitlines()[1:]
                text = "\n".join(line for line in lines if not line.startswith("Action "))
                leaked = {c.replace("10", "T") for c in CARD.findall(text)} - may_see(deal, seat, found.record, i)
                assert not leaked, f"position {i} shows seat {seat} {sorted(leaked)}:\n{frame}"
