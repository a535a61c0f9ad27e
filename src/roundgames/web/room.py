"""A table at the web server, as an actor: one queue of commands, the store, and the broadcast.

Every change to a table goes through its :class:`Room`'s queue, one command at a time, so two clicks that arrive
together are applied in order and the engine stays the only authority. A command is checked first (an illegal
action changes nothing), applied to the table's state by the reducer (:func:`~roundgames.web.reducer.reduce`, which
a replay and the following of another process use alike), stored as an event, then told to every connection in the
words its viewer may read.

The room is made of parts it holds, each with its own state: who is connected (:class:`~roundgames.web.presence.
Presence`), the gathering and the sittings (:class:`~roundgames.web.gathering.Gathering`), the turn's time
(:class:`~roundgames.web.turnclock.TurnClock`), the pause of a store that cannot write (:class:`~roundgames.web.
pausing.Pausing`) and, on a store several processes share, the following of the others' writes (:class:`~roundgames.
web.follow.Following`); undo's rule is :func:`~roundgames.web.undo.why_no_undo`.

A bot never thinks on the queue: its decision goes to the room's :class:`~roundgames.web.thinking.Thinker` (the
server's worker processes), and its answer comes back as one more command, applied only if the deal still stands
where the bot was asked (an undo, a person back at his seat, or anything else may have moved it on meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from ..core.cards import card_str
from ..core.errors import RoundgamesError
from ..games.protocol import Irregularity
from ..records.deal import record_of
from ..session.analysis import Job
from ..session.decisions import Decision
from ..session.table import Table
from .claiming import Claiming
from .follow import Following
from .gathering import Gathering, lifecycle
from .laws import judge, notice
from .limits import snapshot_log
from .outgoing import Outgoing
from .pausing import RETRY_SECONDS, Pausing
from .presence import Presence
from .reducer import KEEP_LOG, TableState, back, reduce, refusal, replay
from .seating import Conn, LogEntry, RoomError, SeatInfo, hash_token
from .store import Event, SeqTaken, Store, StoreError
from .summary import Summary
from .thinking import InlineThinker, Thinker
from .timing import Clock, SystemClock, Timer, Timing
from .turnclock import TurnClock, gives_back
from .undo import why_no_undo
from .views import SeatFacts, TableFacts, best_five, state_for
from .words import action_text

__all__ = ["KEEP_LOG", "SNAPSHOT_LOG", "Conn", "LogEntry", "Room", "RoomError", "SeatInfo", "hash_token"]

log = logging.getLogger("roundgames.web")

#: how many log entries a snapshot carries (a client needs the recent past, not the whole sitting)
SNAPSHOT_LOG = 300


class Room:
    """One table: its settings, its state (:class:`~roundgames.web.reducer.TableState`), the parts it is made of,
    and its command queue."""

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
        self.state = TableState(config, created, timing)
        self.presence = Presence(self)
        self.gathering = Gathering(self, self.presence)
        self.turns = TurnClock(self.clock)
        self.pausing = Pausing(self, self.presence)
        self.claiming = Claiming(self)
        self.following = Following(self, self.presence, self.gathering, self.pausing)
        #: when something was last done at the table (talk aside): an idle table is forgotten
        self.touched = created
        #: the number of the last event when the table was last read back whole (a client behind it gets a snapshot)
        self.rebuilt_at = 0
        #: the bot's decision under way: where the deal stood when it was asked (:meth:`TableState.point`), and its task
        self._thinking: tuple[tuple[int, int], asyncio.Task[None]] | None = None
        self._queue: asyncio.Queue[tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future[Any] | None]] = (
            asyncio.Queue()
        )
        self._worker: asyncio.Task[None] | None = None
        self._timer: Timer | None = None
        self._version = 0  # bumped by every change, so a stale timer does nothing
        self._failed_at = 0.0
        #: table mode: each seat's last warning, ``((sitting, deal, action), law IDs)``, so a confirmation answers it
        self._warned: dict[int, tuple[tuple[int, int, str], tuple[str, ...]]] = {}
        #: the settings every state carries (:meth:`table_summary`), encoded once while they stay the same
        self._summary = Summary()

    # -- the state, as the server, the coach and the pages read it -----------------------------------------------

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def seats(self) -> list[SeatInfo]:
        return self.state.seats

    @property
    def seq(self) -> int:
        return self.state.seq

    @property
    def log(self) -> list[LogEntry]:
        return self.state.log

    @property
    def deal_number(self) -> int:
        return self.state.deal_number

    @property
    def nets(self) -> list[list[int]]:
        return self.state.nets

    @property
    def hinted(self) -> dict[int, set[int]]:
        return self.state.hinted

    @property
    def sitting_number(self) -> int:
        return self.state.sitting_number

    @property
    def started(self) -> bool:
        return self.state.started

    @property
    def host(self) -> int | None:
        return self.state.host

    @property
    def paused(self) -> str | None:
        return self.pausing.paused

    @property
    def conns(self) -> set[Conn]:
        return self.presence.conns

    @property
    def first_person_at(self) -> float | None:
        return self.presence.first_person_at

    @first_person_at.setter
    def first_person_at(self, at: float | None) -> None:
        self.presence.first_person_at = at

    def display_names(self) -> list[str]:
        return self.pausing.names()  # while the store cannot be read, the names of the seats the people keep

    @property
    def listable(self) -> bool:
        """Whether the lobby may list the table: not while its store cannot be read, when memory holds the table
        as made (its seats and play are read back once the store answers), which is not the table as it stands."""
        return not self.pausing.stale

    # -- state rebuilt from the settings and the events ---------------------------------------------------------

    def replay(self, events: list[Event]) -> None:
        """Rebuild the table from its stored events (at start-up, after an undo, and where memory and the store
        disagree): the reducer's replay, the connections counted at their seats as before."""
        conns = [s.conns for s in self.state.seats]
        now = self.clock.now()
        state = replay(self.config, self.created, self.timing, events, now)
        for s, n in zip(state.seats, conns, strict=True):
            s.conns = n
        self.state = state
        self.rebuilt_at = state.seq
        self.gathering.relinked(events)
        played = [ev for ev in events if ev.kind != "chat"]
        if played:
            self.touched = played[-1].ts
        # After a restart nobody is connected yet: each person gets a fresh countdown.
        for s in state.seats:
            if s.kind != "bot" and s.conns == 0:
                s.away_until = max(s.away_until, now + self.timing.away_seconds)
        state.next_deal_at = None
        if state.table.deal is None or state.table.deal.is_complete:
            state.plan_next_deal(now)
        self.turns.restart()  # the turn in hand starts its time afresh

    # -- names and summaries ------------------------------------------------------------------------------------

    def table_summary(self) -> dict[str, Any]:
        """The table's settings as every state carries them (``state.table`` of docs/web.md): the same object while
        they stay the same, so that their JSON text is made once for the table. Nobody changes it."""
        return self._summary.of(self.id, self.config, self.state)

    def info(self) -> dict[str, Any]:
        """The table as the lobby lists it (TableInfo of docs/web.md)."""
        state = self.state
        return {
            **self.table_summary(),
            "players": self.config["players"],
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind, "bot": state.table.bot_names[i]}
                for i, s in enumerate(state.seats)
            ],
            "created": self.created,
            "over": state.table.is_over,
            "gathering": not state.started,
            "host": state.host,
            "sitting": state.sitting_number,
        }

    def scores(self) -> dict[str, Any]:
        state = self.state
        balances = [state.table.sitting.balances.get(s, 0) for s in state.table.seats]
        over = state.table.is_over
        hints = state.hints()
        return {
            "deals": state.nets,
            "totals": balances,
            "over": over,
            "settlement": balances if over else None,
            "hints": hints,
            "sitting": state.sitting_number,
            "sittings": list(state.past),
        }

    def facts(self) -> TableFacts:
        """What every viewer's state is built from (:func:`~roundgames.web.views.state_for`), gathered once."""
        state = self.state
        table = state.table
        names = state.display_names()
        playing = [self.bot_controls(i) for i in range(len(state.seats))]
        # a claim pauses the turn clock while it waits on its answers, and its tricks are played out by the room
        claimed = state.claim is not None
        acting = table.to_act
        ends = self.turns.turn_ends(state, playing[acting] if acting is not None else True)
        ends = None if claimed else ends
        # only a person playing his own turn may claim (a table of bots asks the solver nothing)
        to_act = acting if not claimed and acting is not None and not playing[acting] else None
        seats = [
            SeatFacts(
                name=names[i],
                kind=info.kind,
                connected=info.conns > 0,
                away_until=int(info.away_until * 1000) if info.kind != "bot" and info.conns == 0 else None,
                bot_playing=playing[i],
                bot=table.bot_names[i],
                turn_until=int(ends * 1000) if ends is not None and i == acting else None,
                timeouts=info.timeouts,
            )
            for i, info in enumerate(state.seats)
        ]
        return TableFacts(
            table=table,
            summary=self.table_summary(),
            names=names,
            seats=seats,
            scores=self.scores(),
            deal_number=state.deal_number,
            next_deal_at=int(state.next_deal_at * 1000) if state.next_deal_at else None,
            # a bot's seat takes nothing back (web/undo.py says so first): only the others are asked
            may_undo=frozenset(i for i, s in enumerate(state.seats) if s.kind != "bot" and self.can_undo(i)),
            lifecycle=lifecycle(state) | {"paused": self.pausing.paused},
            claim=self.claiming.facts() if claimed else None,
            claimable=to_act if to_act is not None and self.claiming.may_claim(to_act) else None,
        )

    # -- who plays a seat -----------------------------------------------------------------------------------------

    def bot_controls(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot's seat, a person's (or open) seat past its countdown, or a person's
        whose time ran out (:meth:`~roundgames.web.turnclock.TurnClock.timed_out`)."""
        state = self.state
        s = state.seats[seat]
        if s.kind == "bot" or not state.started:  # nothing is played while the table gathers
            return s.kind == "bot"
        return (s.conns == 0 and self.clock.now() >= s.away_until) or self.turns.timed_out(state, seat)

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may undo now (``state.undo``)."""
        return why_no_undo(self.state, seat, self.bot_controls) is None

    # -- the queue -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the table's worker (once the event loop runs)."""
        if self._worker is None:
            self._worker = asyncio.get_running_loop().create_task(self._work(), name=f"table {self.id}")
            self._schedule()

    async def stop(self) -> None:
        self.halt()
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
                result = self.following.run(fn, args)  # checked again where another process wrote first
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
            if self._thinking[0] == self.state.point():
                return  # a bot is thinking: its answer, when it comes, plans the next step
            self._thinking[1].cancel()  # asked at a position the table has left (an undo): its answer is moot
            self._thinking = None
        if self._worker is not None and self.pausing.paused is not None:  # nothing plays; the store is asked again soon
            retry = self.clock.now() + RETRY_SECONDS
            self._timer = self.clock.call_at(retry, lambda: self._queue.put_nowait((self.pausing.try_resume, (), None)))
            return
        if self._worker is None or not self.following.leads or not self.presence.watched():
            return  # nobody is watching: the bots wait, and the table keeps (or another process leads it)
        now = self.clock.now()
        state = self.state
        deal = state.table.deal
        version = self._version
        when: float | None = None
        if deal is None or deal.is_complete:
            if state.next_deal_at is not None:
                when = state.next_deal_at
        elif state.claim is not None:  # nothing is played while a claim waits on its people; its cards at a bot's pace
            when = self.claiming.wake_at(max(now + self.config["bot_delay"], state.trick_done_at + self._trick_pause()))
        elif deal.to_act is not None:
            seat = state.seats[deal.to_act]
            # what nobody chooses (a flush, always shown: §14.34) is made for a person too, at a bot's pace
            if self.bot_controls(deal.to_act) or state.table.forced_action() is not None:
                when = max(now + self.config["bot_delay"], state.trick_done_at + self._trick_pause())
            else:
                ends = self.turns.turn_ends(state, False)
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
        state = self.state
        table = state.table
        deal = table.deal
        if deal is None or deal.is_complete:
            if state.next_deal_at is not None and self.clock.now() >= state.next_deal_at - 0.01:
                self.next_deal()
            return
        if state.claim is not None:
            self.claiming.step()
            return
        seat = deal.to_act
        if seat is None:
            return
        forced = table.forced_action()
        if forced is not None:  # he has no choice: the table makes it for him, a bot or a person (§14.34)
            self.command("act", {"seat": seat, "text": action_text(deal, forced), "bot": True}, forced)
            return
        if not self.bot_controls(seat):
            ends = self.turns.turn_ends(state, False)
            if ends is None or self.clock.now() < ends - 0.01:
                return
            self.time_out(seat)  # the turn's time ran out: its bot plays it
        if table.keeping == seat:
            # The person took the spare hand (a call of Nap) and went away: the bot keeps five and plays on.
            text = "keep " + " ".join(card_str(c) for c in best_five(deal, seat))
            self.command("act", {"seat": seat, "text": text, "bot": True})
            return
        point = self.state.point()
        if self._thinking is not None and self._thinking[0] == point:
            return  # asked already (a timer that fired just before the question was put)
        decision = self.state.table.decision(seat)
        try:
            answered = self.thinker.at_once(decision)
        except Exception:  # a bug of ours: said, and tried again a second later (as _ask does)
            log.exception("table %s: the bot of seat %d failed to decide", self.id, seat)
            answered = (None,)
        if answered is not None:  # a quick bot, decided here: played now, as its answer would be
            self._answer(point, seat, answered[0])
            return
        task = asyncio.get_running_loop().create_task(
            self._ask(point, seat, decision), name=f"table {self.id}: seat {seat} thinks"
        )
        self._thinking = (point, task)

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
        table = self.state.table
        deal = table.deal
        if deal is None or point != self.state.point() or not self.bot_controls(seat) or table.keeping == seat:
            return
        # The action itself goes with its text: the reducer applies it without reading the text back (a replay does).
        self.command("act", {"seat": seat, "text": action_text(deal, action), "bot": True}, action)

    def soon(self, fn: Callable[..., Any], *args: Any) -> None:
        """Queue ``fn(*args)`` on the table's queue, as an automatic step (nobody waits for it)."""
        self._queue.put_nowait((fn, args, None))

    def halt(self) -> None:
        """Play nothing more for now: the bot's decision under way is called off, the next step's timer too."""
        if self._thinking is not None:
            self._thinking[1].cancel()
            self._thinking = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def changed(self) -> None:
        self._version += 1

    def touch(self, ts: float) -> None:
        self.touched = ts

    # -- commands (run on the queue) ------------------------------------------------------------------------------

    def act(self, seat: int, text: str, irregular: bool = False) -> None:
        """A person's action; raises :class:`RoomError` with the rule when it is not legal now.

        At a table in table mode an action the rules forbid but a law covers is refused first with the code
        ``irregular``, the rule it breaks and the laws it would bring into force; sent again with ``irregular``
        it is applied with them (RULES.md §5, §8). Between deals a law of the deal may still void the deal just
        settled as it was dealt (Peel's single, §14.30)."""
        state = self.state
        table = state.table
        deal = table.open_deal()
        if deal is None:
            raise RoomError("no_deal", "no deal is in progress")
        self.claiming.refuse_act()
        turn = deal.to_act == seat or table.keeping == seat or bool(deal.side_actions(seat))
        head = (text.split() or [""])[0].lower()
        found: list[Irregularity] = []
        action = None
        # The Nap spare hand is taken in two steps of the room's own; neither is an irregularity a law covers.
        if table.table_mode and table.keeping != seat and head not in ("spare", "keep"):
            action, found, outcome = self._judge(seat, text, turn)
            said = (state.sitting_number, state.deal_number, " ".join(text.split()))
            rules = tuple(law.rule for law in found)
            warned = self._warned.get(seat)  # forgotten once the action is applied (a lost race keeps it)
            # Confirmed, but the play moved on while he read the warning and another law applies now: ask again.
            moved = irregular and warned is not None and warned[0] == said and warned[1] != rules
            if found and (moved or not irregular):
                message, rule, laws = notice(deal, action, found, outcome, state.display_names())
                self._warned[seat] = (said, rules)
                if moved:
                    message = f"The play has moved on since the warning. {message}"
                raise RoomError("irregular", message, rule, "action", action=said[2], laws=laws)
        elif not turn:
            raise RoomError("not_your_turn", self._not_your_turn())
        data: dict[str, Any] = {"seat": seat, "text": text, "bot": False}
        if found:
            data["irregular"] = True  # for whoever reads the store: on a replay the table's mode rules it again
        self.command("act", data, action)  # the action read once: the reducer reads its text no more
        self._warned.pop(seat, None)

    def claim(self, seat: int) -> None:
        """A person claims the remaining tricks (:meth:`~roundgames.web.claiming.Claiming.claim`)."""
        self.claiming.claim(seat)

    def answer_claim(self, seat: int, accept: bool) -> None:
        """A person accepts or declines the claim waiting on him."""
        self.claiming.answer(seat, accept)

    def ask_hint(self, seat: int) -> Job:
        """A person asks for a hint at his turn: refused at a table without hints (``hints_off``, naming the option)
        and out of his turn; else the deal is noted as played with hints by him (a stored event, which a restart
        keeps) and the job that works the hint out is returned (:mod:`roundgames.web.coach` has it worked out)."""
        if not self.config.get("hints", False):
            raise RoomError(
                "hints_off", "hints: this table was created without hints (its option hints is off)", None, "hints"
            )
        state = self.state
        deal = state.table.deal
        if deal is None or deal.is_complete:
            raise RoomError("no_deal", "no deal is in progress")
        if deal.to_act != seat:
            raise RoomError("not_your_turn", self._not_your_turn())
        if state.table.keeping == seat:
            raise RoomError("illegal", "keep five of the ten first: a hint weighs a turn's choices")
        if seat not in state.hinted.get(state.deal_number, ()):
            self.command("hint", {"seat": seat, "deal": state.deal_number})
        return Job(record_of(deal), (seat,), state.table.seed, len(state.table.sitting.deals), hint_for=seat)

    def _not_your_turn(self) -> str:
        deal = self.state.table.deal
        assert deal is not None
        who = self.state.display_names()[deal.to_act] if deal.to_act is not None else "nobody"
        return f"it is {who}'s turn, not yours"

    def _judge(self, seat: int, text: str, turn: bool) -> tuple[Any, list[Irregularity], str | None]:
        """Table mode: what ``text`` means, the laws it would bring into force (none for a proper action) and what
        would become of the play (:func:`~roundgames.web.laws.judge`); raises as the reducer would where no law
        covers it, and ``not_your_turn`` for such an action out of turn."""
        table = self.state.table
        deal = table.open_deal()
        assert deal is not None
        try:
            action = table.parse(seat, text)
            return action, *judge(deal, action)
        except RoundgamesError as e:
            if not turn:
                raise RoomError("not_your_turn", self._not_your_turn()) from None
            raise refusal(e, deal, self.state.display_names()) from None

    def chat(self, seat: int | None, text: str) -> None:
        """A chat line, said by the seat's name (or "Spectator")."""
        name = self.state.display_names()[seat] if seat is not None else "Spectator"
        self.command("chat", {"seat": seat, "name": name, "text": text})

    def next_deal(self) -> None:
        """Deal the next deal now (between deals only)."""
        state = self.state
        deal = state.table.deal
        if deal is not None and not deal.is_complete:
            raise RoomError("no_deal", "the deal in progress must be finished first")
        if not state.started:
            raise RoomError(
                "gathering", "the table is gathering: the host starts the sitting, or it starts when no seat is open"
            )
        if state.table.is_over:
            raise RoomError("no_deal", "the sitting is over")
        n = len(state.table.sitting.deals)
        self.command("deal", {"number": state.deal_number + 1, "seed": f"{state.table.seed}:{n}"})

    def undo(self, seat: int) -> None:
        why = why_no_undo(self.state, seat, self.bot_controls)  # web/undo.py: never past a card he has been shown
        if why is not None:
            raise RoomError("no_undo", why)
        self.command("undo", {"seat": seat})
        try:
            self.replay(self.store.events(self.id))
        except StoreError as e:  # stored, but not read back: the table pauses until it can be
            raise self.pausing.store_failed(e) from None
        self._version += 1
        self.broadcast([], snapshot=True)

    def time_out(self, seat: int) -> None:
        """The turn's time ran out: mark the seat (a stored event); its bot plays the turn next."""
        self.command("timeout", {"seat": seat})

    def gives_back(self, seat: int) -> bool:
        """Whether a message of ``seat``'s person would give the seat back (:meth:`give_back`)."""
        return gives_back(self.state, seat)

    def give_back(self, seat: int) -> None:
        """The person is here (he acted, wrote, or came back): the seat is his again at once. A turn of his whose
        time ran out is his to play after all, with a fresh time, and the bot's answer for it is dropped. Stored
        where he had timeouts: a restarted server must not mark him away again for turns he came back to."""
        if not gives_back(self.state, seat):
            return
        if self.state.seats[seat].timeouts > 0:
            self.command("back", {"seat": seat})
            return
        back(self.state, seat)
        self._version += 1
        self.broadcast([])

    # the gathering's commands (web/gathering.py), on the queue as every command
    def sit(self, seat: int, name: str) -> str:
        return self.gathering.sit(seat, name)

    def start_sitting(self, seat: int | None) -> None:
        self.gathering.start_sitting(seat)

    def seat_bot(self, seat: int | None, which: int) -> None:
        self.gathering.seat_bot(seat, which)

    def open_seat(self, seat: int | None, which: int) -> None:
        self.gathering.open_seat(seat, which)

    def leave(self, seat: int) -> None:
        self.gathering.leave(seat)

    def new_link(self, seat: int, asker: Conn) -> str:
        return self.gathering.new_link(seat, asker)

    def again(self, seat: int) -> None:
        self.gathering.again(seat)

    # -- the connections ------------------------------------------------------------------------------------------

    def join(self, conn: Conn, since: int | None) -> None:
        """A connection arrives: count it at its seat, then bring it up to date. One that resumes (``since``: its
        page reconnecting by itself, after a lost network or a server's restart) is no sign that its person is back."""
        self.connect(conn, resumed=since is not None)
        self.resume(conn, since)

    def connect(self, conn: Conn, *, resumed: bool = False) -> None:
        """Count ``conn`` at its seat and tell the others (``conn`` itself is brought up to date by :meth:`resume`);
        a page opened afresh (not ``resumed``) gives its person his seat back from his bot (:meth:`give_back`), so
        that the timeouts he ran up survive a restart that his page only reconnected through."""
        first = self.presence.arrive(conn)
        if conn.seat is not None and not resumed and self.pausing.paused is None:  # a paused table stores nothing
            with contextlib.suppress(RoomError):  # the store failed: the table pauses, and he watches it paused
                self.give_back(conn.seat)
        if conn.seat is not None and first:
            self.presence.move_seat(conn)  # the rejoin link opened on another device takes the seat there
            self.following.seat_moved_here(conn.seat)  # ... whichever server process that device reached
        self._version += 1
        self._tell([other for other in self.presence.conns if other is not conn], [])

    def disconnect(self, conn: Conn) -> None:
        self.presence.leave(conn)
        self._version += 1
        self.broadcast([])

    def seat_of(self, token: str) -> int:
        """The seat a token sits in; raises :class:`RoomError` for a wrong token (``paused`` while the table is
        paused: :meth:`Pausing.seat_of`)."""
        return self.pausing.seat_of(token)

    # -- following the other server processes (web/follow.py) -----------------------------------------------------

    @property
    def leads(self) -> bool:
        """Whether this process plays the table's automatic steps (:attr:`Following.leads`)."""
        return self.following.leads

    @leads.setter
    def leads(self, leads: bool) -> None:
        self.following.leads = leads

    def follow(self) -> None:
        self.following.follow()

    def may_forget(self) -> bool:
        return self.following.may_forget()

    def set_remote(self, counts: dict[int, int]) -> None:
        """The other processes' connections at each seat now (:meth:`Presence.set_remote`), told where they
        changed."""
        if self.presence.set_remote(counts):
            self._version += 1
            self.broadcast([])

    # -- events ---------------------------------------------------------------------------------------------------

    def command(self, kind: str, data: dict[str, Any], action: Any = None) -> None:
        """Check and apply an event (:func:`~roundgames.web.reducer.reduce`; ``action``, an ``act``'s action where
        it has been read from its text already), store it, and only then tell everyone: an event the store refuses
        did not happen (memory is rebuilt from the store, the table pauses: :mod:`~roundgames.web.pausing`)."""
        self.pausing.refuse_if_paused()
        state = self.state
        before = len(state.log)
        seq = state.seq + 1
        now = self.clock.now()
        reduce(state, Event(seq, kind, data, now), now, action=action)  # raises, changing nothing, if refused
        try:
            stored = self.store.append(self.id, seq, kind, data)
        except SeqTaken:
            raise  # another process wrote this number first: the room catches up and checks again (follow.py)
        except StoreError as e:
            raise self.pausing.store_failed(e) from None
        if kind != "chat":  # talk alone does not keep an idle table alive
            self.touched = stored
        self._version += 1
        self.broadcast(state.log[before:])

    # -- telling the connections ----------------------------------------------------------------------------------

    def broadcast(self, entries: list[LogEntry], *, snapshot: bool = False) -> None:
        """Tell every connection of the change that made ``entries`` (or send each a snapshot)."""
        self._tell(list(self.presence.conns), entries, snapshot)

    def _tell(self, conns: list[Conn], entries: list[LogEntry], snapshot: bool = False) -> None:
        """Tell ``conns`` of a change: one message for each seat that watches (and one for the spectators), however
        many connections share it, its state built and its JSON text encoded once (:class:`Outgoing`)."""
        if not conns:
            return
        facts = self.facts()
        made: dict[int | None, Outgoing | None] = {}
        for conn in conns:
            if conn.seat not in made:
                made[conn.seat] = self._message(conn.seat, entries, snapshot, facts)
            self._push(conn, made[conn.seat])

    def send_to(
        self, conn: Conn, entries: list[LogEntry], *, snapshot: bool = False, facts: TableFacts | None = None
    ) -> None:
        """Send ``conn`` the state and ``entries`` (or the whole recent log, for a snapshot); ``facts``, gathered
        once for every connection told of one change."""
        self._push(conn, self._message(conn.seat, entries, snapshot, facts))

    def _message(
        self, viewer: int | None, entries: list[LogEntry], snapshot: bool, facts: TableFacts | None
    ) -> Outgoing | None:
        """The state and ``entries`` as ``viewer`` may read them; None while memory may be ahead of the store."""
        if self.pausing.stale:
            return None
        if snapshot:
            entries = snapshot_log(self.state.log, SNAPSHOT_LOG)
        return Outgoing(
            type="snapshot" if snapshot else "update",
            seq=self.state.seq,
            state=state_for(facts or self.facts(), viewer),
            log=[e.for_viewer(viewer) for e in entries],
        )

    def _push(self, conn: Conn, message: dict[str, Any] | None) -> None:
        if message is None:  # memory may hold an event that was not stored: say only why the table stops
            conn.push({"type": "error", "code": "paused", "message": self.pausing.paused, "rule": None, "field": None})
            return
        conn.last_seq = self.state.seq
        conn.push(message)

    def resume(self, conn: Conn, since: int | None) -> None:
        """Bring a (re)connecting client up to date: what it missed, or a snapshot."""
        log = self.state.log
        if since is None or since < self.rebuilt_at or since > self.state.seq:
            self.send_to(conn, [], snapshot=True)
            return
        missed = [e for e in log if e.seq > since]
        trimmed = bool(log) and log[0].seq > since + 1
        if trimmed or len(missed) > SNAPSHOT_LOG:
            self.send_to(conn, [], snapshot=True)
        else:
            self.send_to(conn, missed)


def _nothing() -> None:
    """A command that changes nothing: queued behind the others, it says when they are done."""
