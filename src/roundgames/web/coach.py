"""The expert's word at the web table: the review of a finished deal, and a hint at a person's turn
(:mod:`roundgames.session.analysis`), worked out in the server's workers, never on the event loop.

A request is checked on its table's queue (who may see what, whose turn it is), worked out by the table's thinker
in its searching lane (:meth:`~roundgames.web.thinking.PoolThinker.analyse`) while the table goes on, and answered
to the one connection that asked: neither is broadcast or written in the log. A review is kept per table, deal and
seat, so that opening it again is instant; a seat's hint, per turn, so that asking again costs the workers nothing;
a hint that comes back after the turn has moved on is dropped.

While the sitting goes on, only a seat's own person may review its deals, and the review shows only what the seat
could see: its own cards, the cards played, and at each decision its hand and the trick. Once the sitting is over,
anyone at the table may review any seat, and the review also shows every card dealt, as the deal records download
does then.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ..bots.worlds import ResampleError
from ..core.cards import card_str
from ..core.errors import RoundgamesError
from ..games.protocol import Deal, GameSpec
from ..records.deal import record_of
from ..session.analysis import DealReview, Hint, Job, Option, Weighed
from .room import Room, RoomError
from .thinking import Thinker
from .words import card_list, result_sentence

__all__ = ["HINTS_KEPT", "REVIEWS_KEPT", "Coach", "option_label"]

#: the reviews a server keeps worked out (the oldest opened is forgotten first), and the hints (the last of each seat)
REVIEWS_KEPT = 500
HINTS_KEPT = 2000


@dataclass(frozen=True)
class _Asked:
    """A review asked for and allowed: its job, and what the answer shows beside the expert's values."""

    job: Job
    number: int
    seat: int
    facts: dict[str, Any]


def option_label(spec: GameSpec, action: str) -> str:
    """An option as a button would say it: ``QH`` (a card played), ``Stand``, ``Call Nap``, ``Buy 2C 3D``."""
    word, *args = action.split()
    verb = spec.verbs.get(word)
    if verb is None:
        return action
    if word == "play" and args:
        return " ".join(args)
    if verb.args == "call" and args:
        return f"{verb.label} {spec.value_title(args[0])}"
    return " ".join([verb.label, *args])


def _options(spec: GameSpec, options: tuple[Option, ...]) -> list[dict[str, Any]]:
    return [
        {
            "action": o.action,
            "label": option_label(spec, o.action),
            "value": round(o.value, 3),
            "half": None if o.half is None or o.half > 1e6 else round(o.half, 3),
            "prob": None if o.prob is None else round(o.prob, 3),
        }
        for o in options
    ]


def _decision(spec: GameSpec, d: Weighed) -> dict[str, Any]:
    return {
        "number": d.index + 1,
        "stage": d.stage,
        "hand": [card_str(c) for c in d.hand],
        "trick": [{"seat": s, "card": card_str(c)} for s, c in d.trick],
        "taken": d.taken,
        "taken_label": option_label(spec, d.taken),
        "taken_value": None if d.taken_value is None else round(d.taken_value, 3),
        "best": d.best.action,
        "loss": None if d.loss is None else round(d.loss, 3),
        "matched": d.matched,
        "options": _options(spec, d.options),
        "note": d.note,
    }


def _review_asked(room: Room, viewer: int | None, number: int, seat: int | None) -> _Asked:
    """Check a review asked by ``viewer`` (None: a spectator), on the table's queue; the job and the deal's facts."""
    table = room.table
    seat = viewer if seat is None else seat
    if seat is None:
        raise RoomError("bad_message", "seat: a spectator names the seat whose deal to review", None, "seat")
    if not 0 <= seat < len(room.seats):
        raise RoomError("bad_message", f"seat: no seat {seat} at this table (0 to {len(room.seats) - 1})", None, "seat")
    if not table.is_over and seat != viewer:
        raise RoomError(
            "not_your_seat", "seat: while the sitting goes on, only a seat's own person reviews its deals", None, "seat"
        )
    deals = table.sitting.deals
    first = room.seats[seat].first_deal
    if not table.is_over and number < first:
        raise RoomError(
            "not_your_seat",
            f"deal: while the sitting goes on, you review the deals dealt since you sat (from {first})",
            None,
            "deal",
        )
    if not 1 <= number <= len(deals):
        finished = f"the finished ones are 1 to {len(deals)}" if deals else "none is finished yet"
        raise RoomError("no_deal", f"deal: deal {number} is not a finished deal ({finished})", None, "deal")
    deal: Deal = deals[number - 1]
    names = room.display_names()
    facts: dict[str, Any] = {
        "name": names[seat],
        # the sitting's last deal says nothing of a next one, as the table's own result line (views.py)
        "result": result_sentence(deal, names, over=table.is_over and number == len(deals)),
        "net": deal.net[seat],
        "dealt": card_list(deal.dealt[seat]),  # his own cards
        "tricks": [
            {
                "leader": t.leader,
                "cards": [{"seat": s, "card": card_str(c)} for s, c in zip(t.seats, t.cards, strict=True)],
                "winner": t.winner,
            }
            for t in deal.tricks
        ],
        # Every card dealt (the miss, the stock, thrown-up hands) only once the sitting is over (docs/web.md).
        "hands": [card_list(m) for m in deal.dealt] if table.is_over else None,
        "heaps": {k: [card_str(c) for c in v] for k, v in deal.heaps(dealt=True).items()} if table.is_over else None,
    }
    return _Asked(Job(record_of(deal), (seat,), table.seed, number - 1), number, seat, facts)


def _hint_asked(room: Room, seat: int) -> tuple[Job, Deal, int]:
    """Ask the table for a hint, on its queue: the job, the deal and its number, to know later if it stands; refused
    with ``paused`` first while the table is paused (asking is stored)."""
    room.pausing.refuse_if_paused()
    job = room.ask_hint(seat)
    deal = room.table.deal
    assert deal is not None
    return job, deal, room.deal_number


def _still_at(room: Room, deal: Deal, actions: int, seat: int) -> bool:
    """Whether ``seat`` is still to act in ``deal`` after ``actions`` actions (the hint is for this turn)."""
    return room.table.deal is deal and len(deal.log) == actions and not deal.is_complete and deal.to_act == seat


class Coach:
    """Reviews and hints for every table of a server, worked out by ``thinker``; the reviews kept."""

    def __init__(self, thinker: Thinker, keep: int = REVIEWS_KEPT) -> None:
        self.thinker = thinker
        self.keep = keep
        self._reviews: OrderedDict[tuple[str, float, int, int], asyncio.Future[Any]] = OrderedDict()
        #: each seat's last hint: the deal and its actions it was worked out after, and its answer
        self._hints: OrderedDict[tuple[str, float, int], tuple[tuple[Any, ...], asyncio.Future[Any]]] = OrderedDict()

    async def review(self, room: Room, viewer: int | None, number: int, seat: int | None) -> dict[str, Any]:
        """The ``review`` message of deal ``number`` (from 1) from ``seat`` (by default the viewer's own), asked by
        ``viewer`` (None: a spectator); raises :class:`RoomError` where it may not be shown."""
        asked: _Asked = await room.call(_review_asked, room, viewer, number, seat)
        key = (f"{room.id}/{room.sitting_number}", room.created, number, asked.seat)  # deal numbers restart
        future = self._reviews.get(key)
        if future is None:  # worked out once; a second asker waits for the same answer
            future = asyncio.ensure_future(self.thinker.analyse(asked.job))
            self._reviews[key] = future
            while len(self._reviews) > self.keep:
                self._reviews.popitem(last=False)
        self._reviews.move_to_end(key)
        try:
            found: DealReview = await asyncio.shield(future)  # an asker gone does not call it off for the others
        except Exception:
            if self._reviews.get(key) is future:
                del self._reviews[key]  # asked again, it is worked out again
            raise
        spec = room.table.spec
        summary = found.summary(asked.seat)
        return {
            "type": "review",
            "deal": number,
            "seat": asked.seat,
            **asked.facts,
            "decisions": [_decision(spec, d) for d in found.decisions],
            "summary": {
                "decisions": summary.decisions,
                "matched": summary.matched,
                "loss": round(summary.loss, 3),
                "unweighed": summary.unweighed,
            },
        }

    async def hint(self, room: Room, seat: int) -> dict[str, Any] | None:
        """The ``hint`` message for ``seat`` at its turn, or None when the turn has moved on before it was worked
        out; raises :class:`RoomError` at a table without hints (``hints_off``) or out of the seat's turn."""
        job, deal, number = await room.call(_hint_asked, room, seat)
        key, turn = (f"{room.id}/{room.sitting_number}", room.created, seat), (number, *job.record.actions)
        held = self._hints.get(key)
        if held is None or held[0] != turn or (held[1].done() and held[1].exception() is not None):
            held = (turn, asyncio.ensure_future(self.thinker.analyse(job)))  # one a turn, however often asked
            self._hints[key] = held
            while len(self._hints) > HINTS_KEPT:
                self._hints.popitem(last=False)
        self._hints.move_to_end(key)
        try:
            found: Hint = await asyncio.shield(held[1])
        except (ResampleError, RoundgamesError) as e:  # the position's own answer, not a fault: asked again, the same
            raise RoomError("no_hint", f"no hint for this position: {e}", None, "type") from None
        if not await room.call(_still_at, room, deal, len(job.record.actions), seat):
            return None
        options = _options(room.table.spec, found.options)
        return {"type": "hint", "deal": number, "seat": seat, "options": options, "note": found.note}
