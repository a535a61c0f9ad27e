"""A table at the web server: the sitting, who sits where, the connections, and one command queue.

Every change to a table goes through its :class:`Room`'s queue, one command at a time, so two
clicks that arrive together are applied in order and the engine stays the only authority. A
command is checked first (an illegal action changes nothing), then stored as an event, then
applied, then told to every connection in the words its viewer may read.

A bot never thinks on the queue: its decision goes to the room's :class:`~roundgames.web.thinking.Thinker` (the
server's worker processes), and its answer comes back as one more command, applied only if the deal still stands
where the bot was asked (an undo, a person back at his seat, or anything else may have moved it on meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

from ..core.cards import card_str
from ..core.errors import RecordError, RoundgamesError
from ..games.protocol import Deal, Irregularity
from ..records.deal import record_of
from ..session.analysis import Job
from ..session.decisions import Decision
from ..session.table import Table
from .follow import Following
from .gathering import LIFECYCLE, Gathering
from .laws import applied_lines, notice, played
from .limits import snapshot_log, trim_log, without_old_chat
from .pausing import RETRY_SECONDS, Pausing
from .seating import Conn, LogEntry, RoomError, SeatInfo, hash_token
from .store import Event, SeqTaken, Store, StoreError, effective
from .thinking import InlineThinker, Thinker
from .timing import Clock, SystemClock, Timer, Timing
from .turnclock import TurnClock
from .undo import Undo
from .views import SeatFacts, TableFacts, best_five, spare_ten, state_for
from .words import (
    action_text,
    card_list,
    deal_line,
    describe,
    in_names,
    result_sentence,
    rules_help,
    rules_page,
    table_title,
    trick_text,
)

__all__ = ["Conn", "LogEntry", "Room", "RoomError", "SeatInfo", "best_five", "hash_token"]

log = logging.getLogger("roundgames.web")

#: how many log entries a snapshot carries (a client needs the recent past, not the whole sitting)
SNAPSHOT_LOG = 300
#: how many log entries a table keeps in memory (the events themselves are all in the store)
KEEP_LOG = 1000


class Room(Gathering, TurnClock, Pausing, Undo, Following):
    """One table: its settings, its sitting, its seats and connections, and its command queue; its gathering and
    its sittings one after another (:class:`~roundgames.web.gathering.Gathering`), the clock of each person's
    turn (:class:`~roundgames.web.turnclock.TurnClock`), and its pause when the store cannot write
    (:class:`~roundgames.web.pausing.Pausing`); how far undo goes (:class:`~roundgames.web.undo.Undo`); on a store several server processes share, its following of the
    others' writes and its lease (:class:`~roundgames.web.follow.Following`)."""

    def __init__(
        self,
        table_id: str,
        config: dict[str, Any],
        store: Store,
        created: float,
        timing: Timing,
        clock: Clock | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.store = store
        self.created = created
        self.timing = timing
        self.clock: Clock = clock or SystemClock()
        self.thinker: Thinker = thinker or InlineThinker()
        #: the bot's decision under way: where the deal stood when it was asked (:meth:`_point`), and its task
        self._thinking: tuple[tuple[int, int], asyncio.Task[None]] | None = None
        self.conns: set[Conn] = set()
        self.touched = created
        #: when a person first connected to a seat (None: never; a table nobody joins is forgotten early)
        self.first_person_at: float | None = None
        self._queue: asyncio.Queue[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any] | None]] = (
            asyncio.Queue()
        )
        self._worker: asyncio.Task[None] | None = None
        self._timer: Timer | None = None
        self._version = 0  # bumped by every change, so a stale timer does nothing
        self._failed_at = 0.0
        self._reset()

    # -- state rebuilt from the settings and the events ---------------------------------------

    def _reset(self) -> None:
        c = self.config
        n = c["players"]
        self.seats = [SeatInfo("open" if i < c["people"] else "bot", away_until=self.created) for i in range(n)]
        for i, s in enumerate(self.seats):
            if s.kind == "bot":
                s.name = f"Bot {i + 1}"
            else:
                s.away_until = self.created + self.timing.away_seconds
        self.log: list[LogEntry] = []
        self.seq = 0
        self.rebuilt_at = 0
        self._reset_gathering()
        self._reset_clock()
        self._reset_sitting()

    def _reset_sitting(self) -> None:
        """A new sitting at the same seats: its own table (seeded from the table's seed and the sitting's number,
        :meth:`sitting_seed`), no deal yet, an empty score sheet."""
        c = self.config
        n = c["players"]
        self.table = Table.new(
            c["game"],
            players=n,
            humans=range(n),  # the room decides who a bot plays; the table accepts any seat's action
            preset=c["preset"],
            options=c["options"],
            bot=c["bot"],
            bots=c.get("bots"),  # a table stored before each seat had its own bot: every seat's is ``bot``
            seed=self.sitting_seed(),
            rounds=c["rounds"],
            table_mode=c.get("mode") == "table",  # a table stored before modes existed is strict
        )
        self.rules_help = rules_help(self.table.rules)  # the same for the table's whole life
        self.deal_number = 0
        self.nets: list[list[int]] = []
        self.next_deal_at: float | None = None
        self.trick_done_at = 0.0
        #: the deals played with hints: each one's number and the seats that asked (stored ``hint`` events)
        self.hinted: dict[int, set[int]] = {}
        #: table mode: each seat's last warning, ``((deal, action), law IDs)``, so a confirmation answers it
        self._warned: dict[int, tuple[tuple[int, str], tuple[str, ...]]] = {}
        #: the deals and actions so far, in order: ``(kind, seat, by_bot, seq, what)`` (what undo may take back);
        #: what is ``irregular`` for an action that brought a law into force (table mode), ``revealing`` for one that
        #: showed its actor cards he had not seen (the miss, a purchase, a peep, the spare hand), else ``plain``
        self._acts: list[tuple[str, int, bool, int, str]] = []
        self._reset_undo()
        for s in self.seats:
            s.first_deal = 1

    def replay(self, events: list[Event]) -> None:
        """Rebuild the table from its stored events (at start-up, and after an undo)."""
        conns = {i: s.conns for i, s in enumerate(self.seats)}
        warned = getattr(self, "_warned", {})  # a warning given stands (a lost race reads the table back)
        self._reset()
        for i, n in conns.items():
            self.seats[i].conns = n
        self._warned = warned
        for ev in effective(without_old_chat(events)):
            self._apply(ev.kind, ev.data, ev.seq, replaying=True)
        self.seq = events[-1].seq if events else 0
        self.rebuilt_at = self.seq
        self._relinked(events)
        played = [ev for ev in events if ev.kind != "chat"]
        if played:
            self.touched = played[-1].ts
        # After a restart nobody is connected yet: each person gets a fresh countdown.
        for s in self.seats:
            if s.kind != "bot" and s.conns == 0:
                s.away_until = max(s.away_until, self.clock.now() + self.timing.away_seconds)
        self.next_deal_at = None
        if self.table.deal is None or self.table.deal.is_complete:
            self._plan_next_deal()
        self._turn = None  # the turn in hand starts its time afresh

    # -- names and summaries ----------------------------------------------------------------

    def display_names(self) -> list[str]:
        return [s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats)]

    def table_summary(self) -> dict[str, Any]:
        """The table's settings as every state carries them (``state.table`` of docs/web.md)."""
        c = self.config
        keys = ("game", "preset", "options", "confirm", "bot", "bot_delay", "spectators")
        return {
            "id": self.id,
            **{k: c[k] for k in keys},
            "bots": list(self.table.bot_names),
            "mode": c.get("mode", "strict"),
            "hints": bool(c.get("hints", False)),  # a table stored before hints existed has none
            "turn_seconds": c.get("turn_seconds"),  # a table stored before the turn clock existed has none
            "rounds": c["rounds"],
            "rules": self.rules_help,
            "rules_page": rules_page(self.table.rules),
            "title": table_title(self.table.rules),
        }

    def info(self) -> dict[str, Any]:
        """The table as the lobby lists it (TableInfo of docs/web.md)."""
        return {
            **self.table_summary(),
            "players": self.config["players"],
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind, "bot": self.table.bot_names[i]}
                for i, s in enumerate(self.seats)
            ],
            "created": self.created,
            "over": self.table.is_over,
            "gathering": not self.started,
            "host": self.host,
            "sitting": self.sitting_number,
        }

    def scores(self) -> dict[str, Any]:
        balances = [self.table.sitting.balances.get(s, 0) for s in self.table.seats]
        over = self.table.is_over
        hints = [sorted(self.hinted.get(n, ())) for n in range(1, len(self.nets) + 1)]
        return {
            "deals": self.nets,
            "totals": balances,
            "over": over,
            "settlement": balances if over else None,
            "hints": hints,
            "sitting": self.sitting_number,
            "sittings": self.sittings(),
        }

    def facts(self) -> TableFacts:
        """What every viewer's state is built from (:func:`~roundgames.web.views.state_for`), gathered once."""
        names = self.display_names()
        playing = [self.bot_controls(i) for i in range(len(self.seats))]
        ends = self.turn_ends(playing[self.table.to_act] if self.table.to_act is not None else True)
        seats = [
            SeatFacts(
                name=names[i],
                kind=info.kind,
                connected=info.conns > 0,
                away_until=int(info.away_until * 1000) if info.kind != "bot" and info.conns == 0 else None,
                bot_playing=playing[i],
                bot=self.table.bot_names[i],
                turn_until=int(ends * 1000) if ends is not None and i == self.table.to_act else None,
                timeouts=info.timeouts,
            )
            for i, info in enumerate(self.seats)
        ]
        return TableFacts(
            table=self.table,
            summary=self.table_summary(),
            names=names,
            seats=seats,
            scores=self.scores(),
            deal_number=self.deal_number,
            next_deal_at=int(self.next_deal_at * 1000) if self.next_deal_at else None,
            may_undo=frozenset(i for i in range(len(self.seats)) if self.can_undo(i)),
            lifecycle=self.lifecycle() | {"paused": self.paused},
        )

    # -- who plays a seat ---------------------------------------------------------------------

    def bot_controls(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot's seat, a person's (or open) seat past its countdown, or a person's
        whose time ran out (:meth:`~roundgames.web.turnclock.TurnClock.timed_out`)."""
        s = self.seats[seat]
        if s.kind == "bot" or not self.started:  # nothing is played while the table gathers
            return s.kind == "bot"
        return (s.conns == 0 and self.clock.now() >= s.away_until) or self.timed_out(seat)

    # -- the queue -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's worker (once the event loop runs)."""
        if self._worker is None:
            self._worker = asyncio.get_running_loop().create_task(self._work(), name=f"table {self.id}")
            self._schedule()

    async def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._thinking is not None:
            self._thinking[1].cancel()
            self._thinking = None
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._worker
            self._worker = None
        while not self._queue.empty():  # whoever waits on a command still queued is told, not left hanging
            _fn, _args, fut = self._queue.get_nowait()
            if fut is not None and not fut.done():
                fut.set_exception(RoomError("table_gone", "this table has closed (it was idle too long)"))

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` in its turn on the table's queue; its result, or its exception."""
        if self._worker is None:
            raise RoomError("table_gone", "this table has closed (it was idle too long)")
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self._queue.put((fn, args, fut))
        return await fut

    async def settle(self) -> None:
        """Wait until every command queued so far has been applied and the next automatic step planned (for a
        :class:`~roundgames.web.timing.ManualClock`, which then knows of the step's timer), a bot's decision under
        way included."""
        await self.call(_nothing)
        while self._thinking is not None:
            await asyncio.wait({self._thinking[1]})
            await self.call(_nothing)

    async def _work(self) -> None:
        while True:
            fn, args, fut = await self._queue.get()
            try:
                result = self._run(fn, args)  # checked again where another process wrote first
            except Exception as e:  # a refused command: its caller is told; the table is unchanged
                if fut is not None and not fut.done():
                    fut.set_exception(e)
                elif isinstance(e, RoomError) and e.code in ("paused", "store_failed", "busy"):
                    pass  # the store failed (the table is paused, and said so), or another process wrote first twice
                elif fut is None:  # an automatic step failed: a bug of ours; say so and do not spin on it
                    log.exception("table %s: an automatic step failed", self.id)
                    self._failed_at = self.clock.now()
            else:
                if fut is not None and not fut.done():
                    fut.set_result(result)
            self._schedule()

    def _schedule(self) -> None:
        """Plan the table's next automatic step: a bot's action, the next deal, or a countdown's end."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._thinking is not None:
            if self._thinking[0] == self._point():
                return  # a bot is thinking: its answer, when it comes, plans the next step
            self._thinking[1].cancel()  # asked at a position the table has left (an undo): its answer is moot
            self._thinking = None
        if self._worker is not None and self.paused is not None:  # nothing plays; the store is asked again soon
            retry = self.clock.now() + RETRY_SECONDS
            self._timer = self.clock.call_at(retry, lambda: self._queue.put_nowait((self._try_resume, (), None)))
            return
        if self._worker is None or not self.leads or not self.watched():
            return  # nobody is watching: the bots wait, and the table keeps (or another process leads it)
        now = self.clock.now()
        deal = self.table.deal
        version = self._version
        when: float | None = None
        if deal is None or deal.is_complete:
            if self.next_deal_at is not None:
                when = self.next_deal_at
        elif deal.to_act is not None:
            seat = self.seats[deal.to_act]
            # what nobody chooses (a flush, always shown: §14.34) is made for a person too, at a bot's pace
            if self.bot_controls(deal.to_act) or self.table.forced_action() is not None:
                when = max(now + self.config["bot_delay"], self.trick_done_at + self._trick_pause())
            else:
                ends = self.turn_ends(False)
                # Then the bot takes over: the countdown of a person who is away, or the turn's time, whichever first.
                due = [t for t in (seat.away_until if seat.conns == 0 else None, ends) if t is not None]
                when = min(due) if due else None
        if when is None:
            return
        when = max(when, self._failed_at + 1.0)
        self._timer = self.clock.call_at(when, lambda: self._queue.put_nowait((self._auto, (version,), None)))

    def _trick_pause(self) -> float:
        return self.timing.trick_pause if self.config["bot_delay"] > 0 else 0.0

    def _auto(self, version: int) -> None:
        if version != self._version:
            return
        deal = self.table.deal
        if deal is None or deal.is_complete:
            if self.next_deal_at is not None and self.clock.now() >= self.next_deal_at - 0.01:
                self.next_deal()
            return
        seat = deal.to_act
        if seat is None:
            return
        forced = self.table.forced_action()
        if forced is not None:  # he has no choice: the table makes it for him, a bot or a person (§14.34)
            self._command("act", {"seat": seat, "text": action_text(deal, forced), "bot": True})
            return
        if not self.bot_controls(seat):
            ends = self.turn_ends(False)
            if ends is None or self.clock.now() < ends - 0.01:
                return
            self.time_out(seat)  # the turn's time ran out: its bot plays it
        if self.table.keeping == seat:
            # The person took the spare hand (a call of Nap) and went away: the bot keeps five and plays on.
            text = "keep " + " ".join(card_str(c) for c in best_five(deal, seat))
            self._command("act", {"seat": seat, "text": text, "bot": True})
            return
        point = self._point()
        if self._thinking is not None and self._thinking[0] == point:
            return  # asked already (a timer that fired just before the question was put)
        decision = self.table.decision(seat)
        task = asyncio.get_running_loop().create_task(
            self._ask(point, seat, decision), name=f"table {self.id}: seat {seat} thinks"
        )
        self._thinking = (point, task)

    def _point(self) -> tuple[int, int]:
        """Where the table stands, for a bot's answer to be checked against: the stored number of the last deal or
        action that still counts (an undo takes back a run of the latest ones, so the same number is always the
        same position) and the seat to act (-1 for none)."""
        deal = self.table.deal
        last = self._acts[-1][3] if self._acts else 0
        return last, -1 if deal is None or deal.is_complete or deal.to_act is None else deal.to_act

    async def _ask(self, point: tuple[int, int], seat: int, decision: Decision) -> None:
        """Have the thinker decide, off the queue; its answer is queued as :meth:`_answer`."""
        try:
            action = await self.thinker.decide(decision)
        except Exception:  # a bug of ours, or a worker lost twice: say so, and try again a second later
            log.exception("table %s: the bot of seat %d failed to decide", self.id, seat)
            action = None
        self._queue.put_nowait((self._answer, (point, seat, action), None))

    def _answer(self, point: tuple[int, int], seat: int, action: Any) -> None:
        """A bot's answer: applied if the table still stands where the bot was asked and a bot still plays the
        seat (a person may have come back, or undone an action, while it thought); otherwise dropped."""
        if self._thinking is not None and self._thinking[0] == point:
            self._thinking = None
        if action is None:
            self._failed_at = self.clock.now()
            return
        deal = self.table.deal
        if deal is None or point != self._point() or not self.bot_controls(seat) or self.table.keeping == seat:
            return
        self._command("act", {"seat": seat, "text": action_text(deal, action), "bot": True})

    # -- commands (run on the queue) ----------------------------------------------------------------

    def act(self, seat: int, text: str, irregular: bool = False) -> None:
        """A person's action; raises :class:`RoomError` with the rule when it is not legal now.

        At a table in table mode an action the rules forbid but a law covers is refused first with the code
        ``irregular``, the rule it breaks and the laws it would bring into force; sent again with ``irregular``
        it is applied with them (RULES.md §5, §8). Between deals a law of the deal may still void the deal just
        settled as it was dealt (Peel's single, §14.30)."""
        deal = self.table.open_deal()
        if deal is None:
            raise RoomError("no_deal", "no deal is in progress")
        turn = deal.to_act == seat or self.table.keeping == seat or bool(deal.side_actions(seat))
        head = (text.split() or [""])[0].lower()
        found: list[Irregularity] = []
        # The Nap spare hand is taken in two steps of the room's own; neither is an irregularity a law covers.
        if self.table.table_mode and self.table.keeping != seat and head not in ("spare", "keep"):
            action, found = self._laws_if(seat, text, turn)
            said = (self.deal_number, " ".join(text.split()))
            rules = tuple(law.rule for law in found)
            warned = self._warned.get(seat)  # forgotten once the action is applied (a lost race keeps it)
            # Confirmed, but the play moved on while he read the warning and another law applies now: ask again.
            moved = irregular and warned is not None and warned[0] == said and warned[1] != rules
            if found and (moved or not irregular):
                message, rule, laws = notice(deal, action, found, self.display_names())
                self._warned[seat] = (said, rules)
                if moved:
                    message = f"The play has moved on since the warning. {message}"
                raise RoomError("irregular", message, rule, "action", action=said[1], laws=laws)
        elif not turn:
            raise RoomError("not_your_turn", self._not_your_turn())
        data: dict[str, Any] = {"seat": seat, "text": text, "bot": False}
        if found:
            data["irregular"] = True  # for whoever reads the store: on a replay the table's mode rules it again
        self._command("act", data)
        self._warned.pop(seat, None)

    def ask_hint(self, seat: int) -> Job:
        """A person asks for a hint at his turn: refused at a table without hints (``hints_off``, naming the option)
        and out of his turn; else the deal is noted as played with hints by him (a stored event, which a restart
        keeps) and the job that works the hint out is returned (:mod:`roundgames.web.coach` has it worked out)."""
        if not self.config.get("hints", False):
            raise RoomError(
                "hints_off", "hints: this table was created without hints (its option hints is off)", None, "hints"
            )
        deal = self.table.deal
        if deal is None or deal.is_complete:
            raise RoomError("no_deal", "no deal is in progress")
        if deal.to_act != seat:
            raise RoomError("not_your_turn", self._not_your_turn())
        if self.table.keeping == seat:
            raise RoomError("illegal", "keep five of the ten first: a hint weighs a turn's choices")
        if seat not in self.hinted.get(self.deal_number, ()):
            self._command("hint", {"seat": seat, "deal": self.deal_number})
        return Job(record_of(deal), (seat,), self.table.seed, len(self.table.sitting.deals), hint_for=seat)

    def _not_your_turn(self) -> str:
        deal = self.table.deal
        assert deal is not None
        who = self.display_names()[deal.to_act] if deal.to_act is not None else "nobody"
        return f"it is {who}'s turn, not yours"

    def _laws_if(self, seat: int, text: str, turn: bool) -> tuple[Any, list[Irregularity]]:
        """Table mode: what ``text`` means and the laws it would bring into force (none for a proper action),
        worked out by the table on a copy; raises as :meth:`_act` would where no law covers it, and
        ``not_your_turn`` for such an action out of turn."""
        deal = self.table.deal
        assert deal is not None
        try:
            action = self.table.parse(seat, text)
            return action, self.table.laws_if(action)
        except RoundgamesError as e:
            if not turn:
                raise RoomError("not_your_turn", self._not_your_turn()) from None
            raise _refusal(e, deal, self.display_names()) from None

    def chat(self, seat: int | None, text: str) -> None:
        """A chat line, said by the seat's name (or "Spectator")."""
        name = self.display_names()[seat] if seat is not None else "Spectator"
        self._command("chat", {"seat": seat, "name": name, "text": text})

    def next_deal(self) -> None:
        """Deal the next deal now (between deals only)."""
        deal = self.table.deal
        if deal is not None and not deal.is_complete:
            raise RoomError("no_deal", "the deal in progress must be finished first")
        if not self.started:
            raise RoomError(
                "gathering", "the table is gathering: the host starts the sitting, or it starts when no seat is open"
            )
        if self.table.is_over:
            raise RoomError("no_deal", "the sitting is over")
        n = len(self.table.sitting.deals)
        self._command("deal", {"number": self.deal_number + 1, "seed": f"{self.table.seed}:{n}"})

    def undo(self, seat: int) -> None:
        why = self.why_no_undo(seat)  # web/undo.py: never past a card he has been shown since
        if why is not None:
            raise RoomError("no_undo", why)
        self._command("undo", {"seat": seat})
        try:
            self.replay(self.store.events(self.id))
        except StoreError as e:  # stored, but not read back: the table pauses until it can be
            raise self._store_failed(e) from None
        self._version += 1
        self._broadcast([], snapshot=True)

    def join(self, conn: Conn, since: int | None) -> None:
        """A connection arrives: count it at its seat, then bring it up to date."""
        self.connect(conn)
        self.resume(conn, since)

    def connect(self, conn: Conn) -> None:
        """Count ``conn`` at its seat and tell the others (``conn`` itself is brought up to date by :meth:`resume`)."""
        first = conn not in self.conns  # a command run again after a lost race (follow.py) counts it once
        self.conns.add(conn)
        if conn.seat is not None and first:
            self.seats[conn.seat].conns += 1
            self.seats[conn.seat].back_at = self.clock.now()
            self.first_person_at = self.first_person_at or self.clock.now()
        if conn.seat is not None and self.paused is None:  # a paused table stores nothing: he has it back later
            with contextlib.suppress(RoomError):  # the store failed: the table pauses, and he watches it paused
                self.give_back(conn.seat)
        if conn.seat is not None and first:
            self.move_seat(conn)  # the rejoin link opened on another device takes the seat there
            self.seat_moved_here(conn.seat)  # ... whichever server process that device reached
        self._version += 1
        others = [other for other in self.conns if other is not conn]
        facts = self.facts() if others else None
        for other in others:
            self.send_to(other, [], facts=facts)

    def disconnect(self, conn: Conn) -> None:
        self.conns.discard(conn)
        if conn.seat is not None:
            s = self.seats[conn.seat]
            s.conns = max(0, s.conns - 1)
            now = self.clock.now()
            # A player who drops again soon after coming back keeps the countdown he had: otherwise a
            # connection that keeps failing would hold the table up for ever.
            if s.conns == 0:
                brief = s.dropped_until > 0 and now - s.back_at < self.timing.away_seconds
                s.away_until = s.dropped_until if brief else now + self.timing.away_seconds
                s.dropped_until = s.away_until
        self._version += 1
        self._broadcast([])

    def seat_of(self, token: str) -> int:
        """The seat a token sits in; raises :class:`RoomError` for a wrong token."""
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        raise RoomError("bad_token", "this seat token does not sit at this table", None, "token")

    # -- events ----------------------------------------------------------------------------

    def _command(self, kind: str, data: dict[str, Any]) -> None:
        """Check and apply an event, store it, and only then tell everyone: an event the store refuses did not
        happen (memory is rebuilt from the store, the table pauses: :mod:`~roundgames.web.pausing`)."""
        self._refuse_if_paused()
        before = len(self.log)
        self._apply(kind, data, self.seq + 1, replaying=False)  # raises, changing nothing, if refused
        try:
            stored = self.store.append(self.id, self.seq + 1, kind, data)
        except SeqTaken:
            raise  # another process wrote this number first: the room catches up and checks again (follow.py)
        except StoreError as e:
            raise self._store_failed(e) from None
        self.seq += 1
        if kind != "chat":  # talk alone does not keep an idle table alive
            self.touched = stored
        self._version += 1
        self._broadcast(self.log[before:])

    def _apply(self, kind: str, data: dict[str, Any], seq: int, *, replaying: bool) -> None:
        if kind == "sit":
            self._apply_sit(seq, data)
        elif kind in LIFECYCLE:
            self._apply_lifecycle(kind, seq, data)
        elif kind == "timeout":
            self._apply_timeout(seq, data["seat"])
        elif kind == "back":
            self._apply_back(data["seat"])
        elif kind == "chat":
            self._log(seq, "chat", data["seat"], f"{data['name']}: {data['text']}")
        elif kind == "deal":
            self._deal(seq, data)
        elif kind == "act":
            self._act(seq, data["seat"], data["text"], data["bot"])
        elif kind == "hint":
            self.hinted.setdefault(data["deal"], set()).add(data["seat"])
        elif kind == "undo":
            pass  # handled by effective() when the events are replayed
        else:
            raise RecordError("event", f"unknown event {kind!r}")

    def _deal(self, seq: int, data: dict[str, Any]) -> None:
        table = self.table
        expected = f"{table.seed}:{len(table.sitting.deals)}"
        if data["seed"] != expected:
            raise RecordError("event", f"deal {data['number']}: seed {data['seed']!r}, expected {expected!r}")
        last_round = len(table.sitting.deals) == (self.config["rounds"] - 1) * len(self.seats)
        table.start_deal()
        table.events.clear()
        self.deal_number = data["number"]
        if last_round:
            self._log(seq, "info", None, f"Last round: {len(self.seats)} deals to go.")
        self.next_deal_at = None
        self._acts.append(("deal", -1, True, seq, "deal"))
        deal = table.deal
        assert deal is not None
        self._log(seq, "deal", deal.dealer, deal_line(deal, self.deal_number, self.display_names()))
        if deal.is_complete:
            self._deal_over(seq, deal)

    def _act(self, seq: int, seat: int, text: str, bot: bool) -> None:
        table = self.table
        deal = table.open_deal()
        if deal is None:
            raise RoomError("no_deal", "no deal is in progress")
        settled = deal.is_complete  # a law of the deal voids the single just settled (§14.30)
        name = self.display_names()[seat]
        words = text.strip().split()
        tricks_before = len(deal.tricks)
        try:
            if [w.lower() for w in words] == ["spare"] and "spare" in deal.game.verbs:
                self._take_spare(seq, seat, bot)
                return
            if table.keeping == seat and words and words[0].lower() == "keep":
                text = "spare " + " ".join(words[1:])
            action = table.parse(seat, text)
            if bot and table.table_mode and table.laws_if(action):  # a bot chooses from the proper actions only
                raise RecordError("event", f"{name}'s bot chose {text!r}, which the rules forbid")
            laws_before, played_before = len(deal.irregularities), played(deal)
            seen_before = self._seen(seat)
            table.act(seat, text)
        except RoomError:
            raise
        except RoundgamesError as e:
            raise _refusal(e, deal, self.display_names()) from None
        table.events.clear()
        if not bot:
            self.seats[seat].timeouts = 0  # he plays his own turns again
        irregular = len(deal.irregularities) > laws_before
        revealing = self._note_shown(seq, seat, seen_before)  # what it showed each seat (web/undo.py)
        self._acts.append(("act", seat, bot, seq, "irregular" if irregular else "revealing" if revealing else "plain"))
        public, mine = describe(deal, action, self.display_names())
        self._log(seq, "action", seat, public, {seat: mine} if mine else {})
        for who, line in applied_lines(deal, laws_before, played_before, action, self.display_names()):
            self._log(seq, "law", who, line)  # the offence and its penalty are public, as at a real table
        if len(deal.tricks) > tricks_before:
            self._log(seq, "trick", deal.tricks[-1].winner, trick_text(deal.tricks[-1], self.display_names()))
            self.trick_done_at = self.clock.now()
        if deal.is_complete:
            if settled:
                self.nets.pop()  # its row on the score sheet is written again, as the law leaves it
            self._deal_over(seq, deal)

    def _take_spare(self, seq: int, seat: int, bot: bool) -> None:
        """The spare hand taken (a call of Nap, NAP-VAR-SPARE): its taker sees the ten cards and keeps five next."""
        table = self.table
        deal = table.deal
        assert deal is not None
        name = self.display_names()[seat]
        if table.keeping == seat:
            raise RoomError(
                "illegal", f"{name} has taken the spare hand already: keep five", deal.game.verbs["spare"].rule
            )
        table.act(seat, "spare")
        ten = " ".join(card_list(spare_ten(deal, seat)))
        private = {seat: f"You take the spare hand (a call of Nap): {ten}. Keep five."}
        self._log(seq, "action", seat, f"{name} takes the spare hand (a call of Nap)", private)
        self._acts.append(("act", seat, bot, seq, "revealing"))
        table.events.clear()

    def _deal_over(self, seq: int, deal: Deal) -> None:
        self.nets.append(deal.net)
        names = self.display_names()
        self._log(seq, "result", None, result_sentence(deal, names) or "")
        if self.table.is_over:
            totals = ", ".join(
                f"{names[i]} {self.table.sitting.balances[s]:+d}" for i, s in enumerate(self.table.seats)
            )
            self._log(seq, "result", None, f"The sitting is over. {totals}.")
        self._plan_next_deal()

    def _plan_next_deal(self) -> None:
        if self.table.is_over or not self.started:
            self.next_deal_at = None
        elif self.table.deal is None:
            self.next_deal_at = self.clock.now()  # the first deal is dealt at once
        else:
            # A person needs time to read the result; bots watched by nobody in particular do not.
            people = any(s.kind == "person" for s in self.seats)
            pause = self.timing.deal_pause if people or self.config["bot_delay"] > 0 else 0.0
            self.next_deal_at = self.clock.now() + pause

    def _log(self, seq: int, kind: str, seat: int | None, text: str, private: dict[int, str] | None = None) -> None:
        self.log.append(LogEntry(seq, self.deal_number, kind, seat, text, private or {}))
        if len(self.log) > 2 * KEEP_LOG:  # a long sitting keeps its recent past only; older gaps get a snapshot
            trim_log(self.log, KEEP_LOG)  # the game's and, apart, the chat's: talk never pushes the game out

    # -- telling the connections ----------------------------------------------------------------

    def _broadcast(self, entries: list[LogEntry], *, snapshot: bool = False) -> None:
        if not self.conns:
            return
        facts = self.facts()
        for conn in list(self.conns):
            self.send_to(conn, entries, snapshot=snapshot, facts=facts)

    def send_to(
        self, conn: Conn, entries: list[LogEntry], *, snapshot: bool = False, facts: TableFacts | None = None
    ) -> None:
        """Send ``conn`` the state and ``entries`` (or the whole recent log, for a snapshot); ``facts``, gathered
        once for every connection told of one change."""
        if self._stale:  # memory may hold an event that was not stored: say only why the table stops
            conn.push({"type": "error", "code": "paused", "message": self.paused, "rule": None, "field": None})
            return
        viewer = conn.seat
        if snapshot:
            entries = snapshot_log(self.log, SNAPSHOT_LOG)
        message = {
            "type": "snapshot" if snapshot else "update",
            "seq": self.seq,
            "state": state_for(facts or self.facts(), viewer),
            "log": [e.for_viewer(viewer) for e in entries],
        }
        conn.last_seq = self.seq
        conn.push(message)

    def resume(self, conn: Conn, since: int | None) -> None:
        """Bring a (re)connecting client up to date: what it missed, or a snapshot."""
        if since is None or since < self.rebuilt_at or since > self.seq:
            self.send_to(conn, [], snapshot=True)
            return
        missed = [e for e in self.log if e.seq > since]
        trimmed = bool(self.log) and self.log[0].seq > since + 1
        if trimmed or len(missed) > SNAPSHOT_LOG:
            self.send_to(conn, [], snapshot=True)
        else:
            self.send_to(conn, missed)


def _refusal(e: RoundgamesError, deal: Deal, names: list[str]) -> RoomError:
    """The engine's refusal as the protocol's error: ``illegal`` with the rule, or ``bad_message``."""
    rule = getattr(e, "rule", None)
    said = e.reason if isinstance(e, RecordError) else str(e)  # "input: ..." is the terminal's word
    text = in_names(said.replace("; or type ? for help", ""), deal, names)
    return RoomError("illegal" if rule else "bad_message", text, rule, None if rule else "action")


def _nothing() -> None:
    """A command that changes nothing: queued behind the others, it says when they are done."""
