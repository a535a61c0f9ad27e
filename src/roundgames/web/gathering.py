"""A table's lifecycle: the gathering before its first sitting, the start, leaving a seat, and Play again.

A new table with seats for people waits for them: nothing is dealt and nobody is charged until the sitting starts.
The **host** is the first person to sit down (the creator, who sits as he creates the table); if he leaves before
the start, the person seated longest after him is the host. The host sees who has sat down, may fill an open seat
with a bot (``seat_bot``) or open a bot's seat again (``open_seat``), and starts the sitting (``start``); it starts by
itself once no seat is open. A table with no seat for people starts at once.

When the sitting is over, any seated person may play again (``again``): a new sitting at the same seats, seeded
from the table's seed and the sitting's number, so that a restarted server deals the same cards. Before the start
or between sittings a person may leave his seat (``leave``), which opens it again; a new sitting with a seat left
open gathers as the first did (nothing dealt to it or charged to it until somebody sits or the host starts).

Each of these steps is a stored event (docs/web.md, "Gathering and Play again"), so a restart keeps them. So is a
seat's new rejoin link (``relink``, docs/web.md, "A new rejoin link"): its person takes the seat back from every
device holding the old link, which no longer sits. Here each command is checked; the events are applied by
:func:`~roundgames.web.reducer.reduce`.
"""

from __future__ import annotations

import secrets
import weakref
from collections.abc import Iterable
from typing import Any

from .actor import Actor
from .names import differing, look_alike, table_label
from .presence import Presence
from .presets import CLOCK_PRESETS, clock_words, is_listed
from .reducer import TableState
from .seating import Conn, RoomError, hash_token
from .store import Event

__all__ = ["HOST_RULE", "RELINK_SECONDS", "Gathering", "lifecycle"]

#: how the server knows the host, as every refusal of a host's command says it
HOST_RULE = "the host is the first person to sit down at the table"
#: seconds between two new rejoin links of one seat
RELINK_SECONDS = 10


class Gathering:
    """The gathering, the sittings one after another, leaving, and new rejoin links: a part of
    :class:`~roundgames.web.room.Room`, whose commands it checks (on the room's queue)."""

    def __init__(self, room: Actor, presence: Presence) -> None:
        self.room = room
        self.presence = presence

    @property
    def state(self) -> TableState:
        return self.room.state

    def sit(self, seat: int, name: str) -> str:
        """Seat a person; returns the new seat token (only its hash is kept)."""
        self._check_seat(seat)
        if self.state.seats[seat].kind != "open":
            raise RoomError("seat_taken", f"seat: seat {seat} is taken", None, "seat")
        self._check_name(name)
        token = secrets.token_urlsafe(18)
        self.room.command("sit", {"seat": seat, "name": name, "hash": hash_token(token)})
        return token

    def _check_name(self, name: str) -> None:
        """Refuse a label the table uses itself, and a name that is, or looks like, a name at the table (compared by
        :func:`~roundgames.web.names.skeleton`: NFKC, no accents, Cyrillic and Greek look-alikes made Latin, any
        case, I/l/1 one stroke, 0 as o, rn as m), naming whose it looks like and the characters that differ."""
        if table_label(name):
            raise RoomError("bad_message", f"name: {name!r} is kept for the table's own labels", None, "name")
        names = self.state.display_names()
        same = look_alike(name, names)
        if same is None:
            return
        holder = f"{names[same]}'s name at this table (seat {same + 1})"
        if name.casefold() == names[same].casefold():
            raise RoomError("bad_message", f"name: {name!r} is {holder}", None, "name")
        odd = differing(name, names[same])
        raise RoomError("bad_message", f"name: {name!r} looks like {holder}; it differs only in {odd}", None, "name")

    def start_sitting(self, seat: int | None) -> None:
        """The host starts the first sitting: an open seat is played by its bot until somebody sits (once the
        countdown from the table's creation has run, as for a person who never connected)."""
        self._host_only(seat, "start the sitting")
        if self.state.started:
            raise RoomError("started", "start: the sitting has started already", None, "type")
        self.room.command("start", {"seat": seat})

    def seat_bot(self, seat: int | None, which: int) -> None:
        """The host fills an open seat with its bot, before the start."""
        self._host_only(seat, "seat a bot")
        self._before_start("seat a bot")
        self._check_seat(which)
        kind = self.state.seats[which].kind
        if kind != "open":
            whose = "a bot's" if kind == "bot" else f"{self.state.display_names()[which]}'s"
            raise RoomError("seat_taken", f"seat: seat {which} is {whose}, not open", None, "seat")
        self.room.command("seat_bot", {"seat": which})

    def open_seat(self, seat: int | None, which: int) -> None:
        """The host opens a bot's seat again for a person, before the start."""
        self._host_only(seat, "open a seat")
        self._before_start("open a seat")
        self._check_seat(which)
        kind = self.state.seats[which].kind
        if kind == "person":
            raise RoomError(
                "seat_taken",
                f"seat: seat {which} is {self.state.display_names()[which]}'s: only he may leave it",
                None,
                "seat",
            )
        if kind == "open":
            raise RoomError("bad_message", f"seat: seat {which} is open already", None, "seat")
        self.room.command("open_seat", {"seat": which})

    def leave(self, seat: int) -> None:
        """A person leaves his seat before the start or between sittings: it is open again."""
        if self.state.started and not self.state.table.is_over:
            raise RoomError(
                "in_play", "leave: a seat may be left before the sitting starts or once it is over, not during it"
            )
        self.room.command("leave", {"seat": seat})
        self.presence.vacated(seat)

    def new_link(self, seat: int, asker: Conn) -> str:
        """A new rejoin link for ``seat``, asked on ``asker``: the seat's token is replaced (a stored event keeps
        only its hash), every other connection that said hello with the old token is told and closed, and the new
        token is returned, for ``asker`` alone."""
        s, now = self.state.seats[seat], self.room.clock.now()
        wait = s.relinked_at + RELINK_SECONDS - now
        if wait > 0:
            raise RoomError(
                "too_fast", f"new_link: one new link every {RELINK_SECONDS} seconds; try again in {wait:.0f} s"
            )
        old = s.token_hash
        token = secrets.token_urlsafe(18)
        self.room.command("relink", {"seat": seat, "hash": hash_token(token)})
        s = self.state.seats[seat]
        s.relinked_at = now
        asker.token_hash = s.token_hash
        self.presence.revoke(old)
        return token

    def relinked(self, events: Iterable[Event]) -> None:
        """Each seat's last new link made when its stored event says (``ts``), so that a table read back (at a
        restart, an undo, or on another server process) keeps the limit of one every :data:`RELINK_SECONDS`."""
        for ev in events:
            if ev.kind == "relink":
                s = self.state.seats[ev.data["seat"]]
                s.relinked_at = max(s.relinked_at, ev.ts)

    def again(self, seat: int) -> None:
        """Play again: a new sitting at the same seats, once the sitting is over (any seated person)."""
        if not self.state.table.is_over:
            raise RoomError("in_play", "again: the sitting in play is not over yet")
        self.room.command("again", {"seat": seat, "sitting": self.state.sitting_number + 1})

    def stop(self, seat: int | None) -> None:
        """The host ends a sitting played "until we stop": after the deal in play, or at once between deals."""
        self._host_only(seat, "end the sitting")
        state = self.state
        if not state.config.get("open_ended"):
            rounds = state.config["rounds"]
            raise RoomError(
                "bad_message",
                f"stop: this sitting ends by itself after its {rounds} round{'s' if rounds != 1 else ''}",
                None,
                "type",
            )
        if not state.started:
            raise RoomError("gathering", "stop: the sitting has not started", None, "type")
        if state.table.is_over:
            raise RoomError("no_deal", "stop: the sitting is over already", None, "type")
        if state.stopping:
            raise RoomError("bad_message", "stop: the sitting ends after this deal already", None, "type")
        self.room.command("stop", {"seat": seat})

    def _host_only(self, seat: int | None, what: str) -> None:
        host = self.state.host
        if seat is None or seat != host:
            who = "nobody has sat down yet" if host is None else f"the host is {self.state.display_names()[host]}"
            raise RoomError("not_host", f"only the host may {what} ({HOST_RULE}; {who})", None, "type")

    def _before_start(self, what: str) -> None:
        if self.state.started:
            raise RoomError("started", f"the sitting has started: the host may {what} only before it", None, "type")

    def _check_seat(self, seat: int) -> None:
        n = len(self.state.seats)
        if not 0 <= seat < n:
            raise RoomError("bad_message", f"seat: no seat {seat} at this table (0 to {n - 1})", None, "seat")


def lifecycle(state: TableState) -> dict[str, Any]:
    """``state.gathering``, ``state.host``, ``state.sitting``, ``state.clock`` and ``state.listed`` of docs/web.md."""
    seats = state.seats
    gathering = None
    if not state.started:
        gathering = {
            "host": state.host,
            "open": [i for i, s in enumerate(seats) if s.kind == "open"],
            "people": [i for i, s in enumerate(seats) if s.kind == "person"],
            "bots": [i for i, s in enumerate(seats) if s.kind == "bot"],
        }
    seconds = state.config.get("turn_seconds")  # a table stored before the turn clock existed has none
    named = [name for name, s in CLOCK_PRESETS.items() if s == seconds]
    return {
        "gathering": gathering,
        "host": state.host,
        "sitting": sitting_words(state),
        "clock": {"seconds": seconds, "preset": named[0] if named else None, "words": clock_words(seconds)},
        "listed": is_listed(state.config),
    }


def sitting_words(state: TableState) -> dict[str, Any]:
    """The sitting's length as the table says it (``state.sitting``): "Deal 3 of 5", the last round's banner only
    in the last round, why play goes on past it (a game that ends by its own rule: LOO-END-1), and the evening's
    running total over the sittings at the table."""
    table = state.table
    players = len(state.seats)
    done = len(table.sitting.deals)
    rounds = int(state.config["rounds"])
    over = bool(table.is_over)
    last = state.started and done >= (rounds - 1) * players
    planned = rounds * players + _voids(table.sitting)
    number = state.deal_number
    in_play = table.deal is not None and not table.deal.is_complete
    end_rule = table.spec.sitting_rules.get("end") if "rounds" in table.spec.sitting_settings else None
    beyond = bool(state.started and not over and end_rule and done >= planned)
    words = None
    if number:
        words = f"Deal {number} of {planned}" if number <= planned else f"Deal {number}"
    banner = None
    if beyond:
        banner = (
            f"The rounds are played, but the last deal had a loo: play continues until a deal with no loo ({end_rule})"
        )
    elif state.started and not over and number and number == planned and (in_play or done < planned):
        banner = f"Last deal, unless it has a loo ({end_rule})" if end_rule else "Last deal of the sitting"
    elif state.started and not over and rounds > 1 and number > (rounds - 1) * players:
        banner = "Last round"
    sitting = {
        "number": state.sitting_number,
        "rounds": rounds,
        "last_round": bool(last and not over),
        "deals_left": max(0, rounds * players - done) if last and not over else None,
        "over": over,
        "deal": number or None,
        "deals": planned,
        "words": words,
        "banner": banner,
        "beyond": beyond,
        "evening": evening(state),
        "open_ended": False,
        "stopping": False,
    }
    if state.config.get("open_ended"):  # "until we stop": no count of deals, and the last is the host's to say
        ending = state.stopping and not over
        sitting |= {"rounds": None, "last_round": False, "deals_left": None, "deals": None, "beyond": False}
        sitting |= {"words": f"Deal {number}" if number else None, "open_ended": True, "stopping": ending}
        sitting["banner"] = "Last deal: the host has ended the sitting" if ending else None
    return sitting


#: each sitting's void deals counted so far: ``(deals looked at, voids among them)``; a sitting's deals only grow
#: (an undo or a restart reads the table back into a new sitting), so each deal's result is worked out once
_VOIDS: weakref.WeakKeyDictionary[Any, tuple[int, int]] = weakref.WeakKeyDictionary()


def _voids(sitting: Any) -> int:
    """The void deals of ``sitting``: each is dealt again by the same dealer and counts for no round (§14.8), so the
    sitting is that much longer."""
    deals = sitting.deals
    seen, voids = _VOIDS.get(sitting, (0, 0))
    if seen > len(deals):
        seen, voids = 0, 0
    voids += sum(1 for d in deals[seen:] if (r := d.result()) is not None and r.void)
    _VOIDS[sitting] = (len(deals), voids)
    return voids


def evening(state: TableState) -> list[int]:
    """Each seat's running total for the evening: its final balance in every earlier sitting at the table (kept after
    Play again) and its balance in the sitting in play."""
    balances = state.table.sitting.balances
    totals = [balances.get(s, 0) for s in state.table.seats]
    for sheet in state.past:
        for i, amount in enumerate(sheet.get("totals", [])[: len(totals)]):
            totals[i] += amount
    return totals
