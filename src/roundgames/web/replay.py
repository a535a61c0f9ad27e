"""The step-by-step replay of a finished deal at the web table, from one seat (docs/web.md, "Replaying a deal").

A replay is the deal's record (DEAL-RECORD.md) stepped through from the deal as dealt to its result: at each step
the table as one seat saw it then, made by the game's observer (:mod:`roundgames.games.observe`) from that seat's
view of the deal after that many actions, in the words the table's log used. Nothing here restates a rule: what a
seat could see at a step is what its view showed it.

Who may see what, as for the review (:mod:`roundgames.web.coach`) and the records download: while the sitting goes
on, a seated person replays the finished deals dealt since he sat, from his own seat only (his seat's token is the
proof); once the sitting is over (``table.is_over``), anyone with the table's link replays any deal from any seat, by
a link he may share, and also sees every card dealt.

Deal numbers start again with each sitting (Play again), so the link to share names its sitting
(``?sitting=1``): the sittings before the one in play are over, and their deals are kept (``past_deals`` of the
table's state) for such a link to open the same deal, from any seat, for as long as the table lives. A link that
names no sitting means the one in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..core.cards import SUIT_NAMES, card_str
from ..core.tricks import Trick
from ..games.observe import observer_of
from ..games.protocol import Deal
from ..records.deal import DealRecord, record_of, start
from .room import Room, RoomError
from .words import card_list, deal_line, describe, in_names, in_words, result_sentence, trick_text

__all__ = ["REPLAY_STATUS", "ReplayAsked", "replay_asked", "replay_message", "replay_path", "whole_number"]

#: the HTTP status of each refusal of a replay (a malformed number or a seat out of range: 400)
REPLAY_STATUS = {
    "no_sitting": 404,
    "no_deal": 404,
    "not_over": 409,
    "bad_token": 403,
    "not_your_seat": 403,
    "paused": 503,
}


@dataclass(frozen=True)
class ReplayAsked:
    """A replay asked for and allowed: the deal's record and what the answer says around its steps."""

    record: DealRecord
    #: the sitting the deal was played in (from 1; the sitting in play or one before Play again)
    sitting: int
    #: the sittings at the table so far, the one in play among them
    sittings: int
    number: int
    #: the finished deals of the sitting
    count: int
    seat: int
    over: bool
    names: list[str]
    #: the table shows each person his cards as soon as they are dealt (its departure from LOO-DECL-1)
    hand_at_once: bool
    table_id: str
    title: str


def whole_number(text: str | None, field: str, valid: str) -> int | None:
    """``text`` read as a whole number (None where it is None); raises :class:`RoomError` naming ``field``, the
    value and what is valid."""
    if text is None:
        return None
    if not text.isascii() or not text.isdigit():
        raise RoomError("bad_message", f"{field}: {text[:40]!r} is not a number ({valid})", None, field)
    if len(text) > 6:  # no table deals or seats so many: refused before Python is asked to read a huge number
        raise RoomError("bad_message", f"{field}: {text[:40]} is out of range ({valid})", None, field)
    return int(text)


def replay_path(table_id: str, sitting: int, number: int, seat: int) -> str:
    """The replay page's link, which names its sitting so that it keeps its deal after Play again:
    ``/t/ID/replay/3?sitting=1&seat=1``."""
    return f"/t/{table_id}/replay/{number}?sitting={sitting}&seat={seat}"


def replay_asked(
    room: Room, token: str | None, number: int, seat: int | None, sitting: int | None = None
) -> ReplayAsked:
    """Check a replay of deal ``number`` (from 1) of ``sitting`` (from 1; None: the sitting in play) from ``seat``
    (None: the token's seat, else the first), asked with a seat's ``token`` or none; on the table's queue. Raises
    :class:`RoomError` where it may not be shown."""
    seats = len(room.seats)
    current = room.sitting_number
    viewer = room.seat_of(token) if token else None  # a wrong token is refused, even once the sitting is over
    if sitting is not None and not 1 <= sitting <= current:
        raise RoomError(
            "no_sitting",
            f"sitting: no sitting {sitting} at this table (1 to {current}; left out, the one in play)",
            None,
            "sitting",
        )
    if seat is not None and not 0 <= seat < seats:
        raise RoomError("bad_message", f"seat: no seat {seat} at this table (0 to {seats - 1})", None, "seat")
    seat = seat if seat is not None else viewer if viewer is not None else 0
    if sitting is None or sitting == current:
        deals, names, over = _in_play(room, viewer, number, seat), room.display_names(), bool(room.table.is_over)
        where = ""
    else:  # a sitting before Play again: over, so anyone's, from any seat
        deals, names, over = room.state.past_deals[sitting - 1], room.state.past[sitting - 1]["names"], True
        where = f" of sitting {sitting}"
    if not 1 <= number <= len(deals):
        finished = f"the finished ones are 1 to {len(deals)}" if deals else "none is finished yet"
        raise RoomError("no_deal", f"deal: deal {number} is not a finished deal{where} ({finished})", None, "deal")
    summary = room.table_summary()
    return ReplayAsked(
        record=record_of(deals[number - 1]),
        sitting=sitting or current,
        sittings=current,
        number=number,
        count=len(deals),
        seat=seat,
        over=over,
        names=list(names),
        hand_at_once=bool(summary.get("hand_at_once")),
        table_id=room.id,
        title=str(summary["title"]),
    )


def _in_play(room: Room, viewer: int | None, number: int, seat: int) -> list[Deal]:
    """The finished deals of the sitting in play, where ``viewer`` (the token's seat, or None) may replay deal
    ``number`` from ``seat``: anyone once it is over; until then his own seat's, dealt since he sat."""
    if room.table.is_over:
        return list(room.table.sitting.deals)
    if viewer is None:
        raise RoomError(
            "not_over",
            "deal: anyone may replay the deals once the sitting is over; until then a seated person replays "
            "his own, with his seat's token",
            None,
            "deal",
        )
    if seat != viewer:
        raise RoomError(
            "not_your_seat",
            f"seat: while the sitting goes on, you replay from your own seat ({viewer})",
            None,
            "seat",
        )
    first = room.seats[seat].first_deal
    if number < first:
        raise RoomError(
            "not_your_seat",
            f"deal: while the sitting goes on, you replay the deals dealt since you sat (from {first})",
            None,
            "deal",
        )
    return list(room.table.sitting.deals)


def _played(trick: Trick) -> list[dict[str, Any]]:
    return [{"seat": s, "card": card_str(c)} for s, c in zip(trick.seats, trick.cards, strict=True)]


def _view(deal: Deal, asked: ReplayAsked) -> dict[str, Any]:
    """The table as ``asked.seat`` saw it at this point of ``deal``: its hand, the hands it saw face up, the trick,
    the declarations, the facts of the table, and the result once there is one."""
    seat = asked.seat
    view = deal.view(seat)
    seen = observer_of(deal.game).observe_view(deal, view)
    held = deal.hands[seat]
    hand = view.hand | held if asked.hand_at_once else view.hand  # the table's one departure from LOO-DECL-1
    tricks = view.tricks
    current = tricks[-1] if tricks and tricks[-1].winner is None else None
    finished = [t for t in tricks if t.winner is not None]
    result = deal.result()
    return {
        "phase": "complete" if deal.is_complete else str(view.phase.name).lower(),
        "to_act": None if deal.is_complete else view.to_act,
        "hand": card_list(hand),
        "unseen": int.bit_count(held & ~hand),  # cards held but not yet looked at (LOO-DECL-1): a count
        "faces": {str(s): card_list(m) for s, m in view.seen_hands.items() if s != seat and m},
        "cards": list(view.card_counts),
        "notes": list(view.notes),
        "trick": _played(current) if current is not None else [],
        "last_trick": {"cards": _played(finished[-1]), "winner": finished[-1].winner} if finished else None,
        "tricks_won": [sum(1 for t in finished if t.winner == s) for s in range(view.seat_count)],
        "trump": SUIT_NAMES[view.trump] if view.trump is not None else None,
        "no_trumps": seen.no_trumps if view.trump is None else None,
        "turnup": card_str(seen.turnup) if seen.turnup is not None and seen.turnup >= 0 else None,
        "pot": seen.pot.text() if seen.pot is not None else None,
        "peeped": card_str(seen.peeped) if seen.peeped is not None else None,  # a card it peeped at (NAP-VAR-PEEP)
        "facts": [
            {"label": f.label, "value": in_names(in_words(f.value), deal, asked.names), "rule": f.rule}
            | {"cards": [card_str(c) for c in f.cards]}
            for f in seen.facts
        ],
        "result": result_sentence(deal, asked.names, over=asked.over and asked.number == asked.count),
        "net": list(deal.net) if result is not None else None,
    }


def _steps(asked: ReplayAsked) -> list[dict[str, Any]]:
    """Each step of the deal: as dealt, then after each action, with the words the log said of it to the seat."""
    record, names = asked.record, asked.names
    deal = start(record)
    steps = [{"step": 0, "actor": None, "said": [deal_line(deal, asked.number, names)], **_view(deal, asked)}]
    for text in record.actions:
        action = deal.parse_action(text)
        tricks = len(deal.tricks)
        cast(Any, deal).apply(action)
        public, mine = describe(deal, action, names)
        said = [mine if mine is not None and action.seat == asked.seat else public]
        if len(deal.tricks) > tricks and deal.tricks[-1].winner is not None:
            said.append(trick_text(deal.tricks[-1], names))
        steps.append({"step": len(steps), "actor": action.seat, "said": said, **_view(deal, asked)})
    return steps


def replay_message(asked: ReplayAsked) -> dict[str, Any]:
    """The replay of docs/web.md: the deal, the seat it is seen from, and each step's view."""
    out: dict[str, Any] = {
        "table": asked.table_id,
        "title": asked.title,
        "sitting": asked.sitting,
        "sittings": asked.sittings,
        "deal": asked.number,
        "deals": asked.count,
        "seat": asked.seat,
        "names": asked.names,
        "over": asked.over,
        "dealer": asked.record.seats.index(asked.record.dealer),
        # a link to share once the sitting is over; before then it opens for nobody but this seat's person
        "link": replay_path(asked.table_id, asked.sitting, asked.number, asked.seat),
        "steps": _steps(asked),
        "dealt": None,
    }
    if asked.over:  # every card dealt, as the records download shows it once the sitting is over
        deal = start(asked.record)
        out["dealt"] = {
            "hands": [card_list(m) for m in deal.dealt],
            "heaps": {k: [card_str(c) for c in v] for k, v in deal.heaps(dealt=True).items()},
        }
    return out
