"""The web table's reducer: a table's state, and the one function that takes it from one stored event to the next.

A table is its settings and its events (:mod:`roundgames.web.store`); :class:`TableState` is what they come to: who
sits where, the sitting's table and its deals, the log, the score sheet, what undo may take back. :func:`reduce`
applies one event to it and is the only code that does, whichever way the event arrives:

- **live play**: the room applies the event it is about to store (refused, nothing changes), then stores it;
- **replay**: a table loaded from its store, or read back after an undo or a failed write, is rebuilt from a fresh
  state by :func:`replay`;
- **following**: on a store several server processes share, the events another process wrote are applied as they
  are announced (:mod:`roundgames.web.follow`).

The reducer does no input or output: it reads no clock (the moment ``now`` is given with the event, so that a
countdown starts from when the event was applied), opens no socket and writes no store. It changes the state in
place and returns it: copying a deal and a sitting for every card played would cost the server more than the
game. One change is made without an event, as it always was memory alone: a person back at a turn whose time ran
out, with no timeouts to clear, has the turn back (:func:`back`, which the ``back`` event applies too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bots.claims import tricks_claimed
from ..core.errors import RecordError, RoundgamesError
from ..games.protocol import Deal
from ..session.table import Table
from .laws import applied_lines, played
from .limits import trim_log, without_old_chat
from .seating import LogEntry, RoomError, SeatInfo
from .store import Event, effective
from .timing import Timing
from .views import seen_mask, spare_ten
from .words import card_list, cards_words, deal_line, describe, in_names, result_sentence, rules_help, trick_text

__all__ = [
    "AWAY_AFTER",
    "KEEP_LOG",
    "LIFECYCLE",
    "Claim",
    "TableState",
    "back",
    "note_shown",
    "reduce",
    "refusal",
    "replay",
    "seen",
]

#: how many log entries a table keeps in memory (the events themselves are all in the store)
KEEP_LOG = 1000
#: the stored events of the lifecycle and of the seats' links (docs/web.md, "Gathering and Play again")
LIFECYCLE = ("start", "seat_bot", "open_seat", "leave", "again", "relink", "stop")
#: the turns running a person may let run out before his seat is treated as away
AWAY_AFTER = 3


@dataclass
class Claim:
    """A claim of the remaining tricks (docs/web.md, "Claims"): who claims how many, whether it needs no answer
    (every card decisive), the people still to answer, and whether it is being played out."""

    seat: int
    tricks: int
    evident: bool
    waiting: set[int] = field(default_factory=set)
    accepted: bool = False


class TableState:
    """Everything a table's stored events come to (and the settings and timings they are read with)."""

    def __init__(self, config: dict[str, Any], created: float, timing: Timing) -> None:
        self.config = config
        self.created = created
        self.timing = timing
        n = config["players"]
        self.seats = [SeatInfo("open" if i < config["people"] else "bot", away_until=created) for i in range(n)]
        for i, s in enumerate(self.seats):
            if s.kind == "bot":
                s.name = f"Bot {i + 1}"
            else:
                s.away_until = created + timing.away_seconds
        self.log: list[LogEntry] = []
        #: the number of the last event applied
        self.seq = 0
        #: whether the first sitting has started (a table with no seat for people starts at once)
        self.started = not any(s.kind == "open" for s in self.seats)
        #: the seats of the people sitting, in the order they sat down: the first is the host
        self.sat: list[int] = []
        #: the sitting in play (from 1), and the score sheets of the ones before it
        self.sitting_number = 1
        self.past: list[dict[str, Any]] = []
        #: the finished deals of each of those sittings, for their replay by a link that names its sitting
        self.past_deals: list[list[Deal]] = []
        #: the hashes of the rejoin links replaced by new ones: a connection that said hello with one is closed,
        #: whichever way the replacing event reached this process (a command here, or another process's event)
        self.revoked: set[str] = set()
        #: the turn whose time ran out: its point (:meth:`point`) and seat, which the bot plays
        self.lapsed: tuple[tuple[int, int], int] | None = None
        #: how many times a person came back to a turn whose time had run out (his turn's time starts afresh)
        self.returns = 0
        #: the claim of the remaining tricks made in the deal in play, waiting on answers or being played out
        self.claim: Claim | None = None
        self.new_sitting()

    def new_sitting(self) -> None:
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
        #: the host has ended the sitting in play (a sitting played until the table stops): no deal after this one
        self.stopping = False
        self.deal_number = 0
        self.nets: list[list[int]] = []
        self.next_deal_at: float | None = None
        self.trick_done_at = 0.0
        #: the deals played with hints: each one's number and the seats that asked (stored ``hint`` events)
        self.hinted: dict[int, set[int]] = {}
        #: :meth:`hints` as last made, and what it was made from (the deals and each deal's count of hints)
        self._hints: tuple[tuple[int, tuple[tuple[int, int], ...]], list[list[int]]] | None = None
        #: the deals and actions so far, in order: ``(kind, seat, by_bot, seq, what)`` (what undo may take back);
        #: what is ``irregular`` for an action that brought a law into force (table mode), ``revealing`` for one that
        #: showed its actor cards he had not seen (the miss, a purchase, a peep, the spare hand), else ``plain``
        self.acts: list[tuple[str, int, bool, int, str]] = []
        #: for each action of the deal in play (by its seq), the cards it showed each seat that had not seen them
        self.shown: dict[int, dict[int, int]] = {}
        self.shown_deal = 0
        for s in self.seats:
            s.first_deal = 1

    # -- what the state says -------------------------------------------------------------------------------------

    def hints(self) -> list[list[int]]:
        """For each deal on the score sheet, by its number, the seats that asked for a hint in it: made again only
        when a deal is scored or a hint asked (every viewer's state has it at every move, and the sheet grows with the
        sitting). Read, never changed, by whoever gets it."""
        key = (len(self.nets), tuple((n, len(seats)) for n, seats in self.hinted.items()))
        if self._hints is None or self._hints[0] != key:
            self._hints = (key, [sorted(self.hinted.get(n, ())) for n in range(1, len(self.nets) + 1)])
        return self._hints[1]

    def display_names(self) -> list[str]:
        return [s.name or f"Seat {i + 1}" for i, s in enumerate(self.seats)]

    @property
    def host(self) -> int | None:
        """The host's seat: the first person to sit down (and still seated), or None before anyone has."""
        return self.sat[0] if self.sat else None

    def sitting_seed(self) -> int | str:
        """The seed of the sitting in play: the table's own for the first, derived from it for each one after."""
        seed: int | str = self.config["seed"]
        return seed if self.sitting_number == 1 else f"{seed}/{self.sitting_number}"

    def point(self) -> tuple[int, int]:
        """Where the table stands, for a bot's answer to be checked against: the stored number of the last deal or
        action that still counts (an undo takes back a run of the latest ones, so the same number is always the
        same position) and the seat to act (-1 for none)."""
        deal = self.table.deal
        last = self.acts[-1][3] if self.acts else 0
        return last, -1 if deal is None or deal.is_complete or deal.to_act is None else deal.to_act

    def log_line(self, seq: int, kind: str, seat: int | None, text: str, private: dict[int, str] | None = None) -> None:
        self.log.append(LogEntry(seq, self.deal_number, kind, seat, text, private or {}))
        if len(self.log) > 2 * KEEP_LOG:  # a long sitting keeps its recent past only; older gaps get a snapshot
            trim_log(self.log, KEEP_LOG)  # the game's and, apart, the chat's: talk never pushes the game out

    def plan_next_deal(self, now: float) -> None:
        if self.table.is_over or not self.started:
            self.next_deal_at = None
        elif self.table.deal is None:
            self.next_deal_at = now  # the first deal is dealt at once
        else:
            # A person needs time to read the result; bots watched by nobody in particular do not.
            people = any(s.kind == "person" for s in self.seats)
            pause = self.timing.deal_pause if people or self.config["bot_delay"] > 0 else 0.0
            self.next_deal_at = now + pause


def reduce(state: TableState, event: Event, now: float, *, action: Any = None) -> TableState:
    """``state`` after ``event``, applied at ``now``; raises (:class:`RoomError` with the rule, or
    :class:`RecordError`), changing nothing, for an event the table refuses. ``action`` is an ``act`` event's
    action where the caller has read its text already (live play reads it once, as it checks it)."""
    kind, data, seq = event.kind, event.data, event.seq
    if kind == "sit":
        _sit(state, seq, data, now)
    elif kind in LIFECYCLE:
        _lifecycle(state, kind, seq, data, now)
    elif kind == "timeout":
        _timeout(state, seq, data["seat"])
    elif kind == "back":
        back(state, data["seat"])
    elif kind == "chat":
        state.log_line(seq, "chat", data["seat"], f"{data['name']}: {data['text']}")
    elif kind == "deal":
        _deal(state, seq, data, now)
    elif kind == "act":
        _act(state, seq, data, now, action)
    elif kind == "hint":
        state.hinted.setdefault(data["deal"], set()).add(data["seat"])
    elif kind == "claim":
        _claim(state, seq, data)
    elif kind == "claim_answer":
        _claim_answer(state, seq, data)
    elif kind == "claim_lapse":
        _claim_lapse(state, seq, data)
    elif kind != "undo":  # an undo is read by effective() when the events are replayed
        raise RecordError("event", f"unknown event {kind!r}")
    state.seq = seq
    return state


def replay(config: dict[str, Any], created: float, timing: Timing, events: list[Event], now: float) -> TableState:
    """The state a table's stored events come to: every event that still counts (:func:`effective`), applied in
    order to the state of a table just made."""
    state = TableState(config, created, timing)
    for ev in effective(without_old_chat(events)):
        reduce(state, ev, now)
    state.seq = events[-1].seq if events else 0
    return state


def refusal(e: RoundgamesError, deal: Deal, names: list[str]) -> RoomError:
    """The engine's refusal as the protocol's error: ``illegal`` with the rule, or ``bad_message``."""
    rule = getattr(e, "rule", None)
    said = e.reason if isinstance(e, RecordError) else str(e)  # "input: ..." is the terminal's word
    text = in_names(said.replace("; or type ? for help", ""), deal, names)
    return RoomError("illegal" if rule else "bad_message", text, rule, None if rule else "action")


# -- the deals and their actions -----------------------------------------------------------------------------------


def _deal(state: TableState, seq: int, data: dict[str, Any], now: float) -> None:
    table = state.table
    expected = f"{table.seed}:{len(table.sitting.deals)}"
    if data["seed"] != expected:
        raise RecordError("event", f"deal {data['number']}: seed {data['seed']!r}, expected {expected!r}")
    # A sitting of one round has no last round to announce: its every deal would be of it ("Deal 2 of 5" says it).
    rounds = state.config["rounds"]
    last_round = rounds > 1 and len(table.sitting.deals) == (rounds - 1) * len(state.seats)
    table.start_deal()
    table.events.clear()
    state.claim = None
    state.deal_number = data["number"]
    if last_round:
        state.log_line(seq, "info", None, f"Last round: {len(state.seats)} deals to go.")
    state.next_deal_at = None
    state.acts.append(("deal", -1, True, seq, "deal"))
    deal = table.deal
    assert deal is not None
    state.log_line(seq, "deal", deal.dealer, deal_line(deal, state.deal_number, state.display_names()))
    if deal.is_complete:
        _deal_over(state, seq, deal, now)


def _act(state: TableState, seq: int, data: dict[str, Any], now: float, action: Any) -> None:
    seat, text, bot = data["seat"], data["text"], data["bot"]
    table = state.table
    deal = table.open_deal()
    if deal is None:
        raise RoomError("no_deal", "no deal is in progress")
    settled = deal.is_complete  # a law of the deal voids the single just settled (§14.30)
    names = state.display_names()
    _claim_refuses(state, data)  # a claim waiting on its answers, or being played out
    words = text.strip().split()
    tricks_before = len(deal.tricks)
    try:
        if [w.lower() for w in words] == ["spare"] and "spare" in deal.game.verbs:
            _take_spare(state, seq, seat, bot)
            return
        if table.keeping == seat and words and words[0].lower() == "keep":
            text = "spare " + " ".join(words[1:])
        if action is None:
            action = table.parse(seat, text)
        if bot and table.table_mode and table.laws_if(action):  # a bot chooses from the proper actions only
            raise RecordError("event", f"{names[seat]}'s bot chose {text!r}, which the rules forbid")
        laws_before, played_before = len(deal.irregularities), played(deal)
        seen_before = seen(state)
        if table.keeping == seat:  # the second step of taking the spare hand is typed: the table keeps the five
            table.act(seat, text)
        else:  # the action read once (at the socket, or above): checked and applied without reading it again
            table.act_action(seat, action)
    except RoomError:
        raise
    except RoundgamesError as e:
        raise refusal(e, deal, names) from None
    table.events.clear()
    if not bot:
        state.seats[seat].timeouts = 0  # he plays his own turns again
    irregular = len(deal.irregularities) > laws_before
    revealing = note_shown(state, seq, seat, seen_before)  # what it showed each seat (web/undo.py)
    state.acts.append(("act", seat, bot, seq, "irregular" if irregular else "revealing" if revealing else "plain"))
    public, mine = describe(deal, action, names)
    state.log_line(seq, "action", seat, public, {seat: mine} if mine else {})
    for who, line in applied_lines(deal, laws_before, played_before, action, names):
        state.log_line(seq, "law", who, line)  # the offence and its penalty are public, as at a real table
    if len(deal.tricks) > tricks_before:
        state.log_line(seq, "trick", deal.tricks[-1].winner, trick_text(deal.tricks[-1], names))
        state.trick_done_at = now
    if deal.is_complete:
        state.claim = None
        if settled:
            state.nets.pop()  # its row on the score sheet is written again, as the law leaves it
        _deal_over(state, seq, deal, now)


def _take_spare(state: TableState, seq: int, seat: int, bot: bool) -> None:
    """The spare hand taken (a call of Nap, NAP-VAR-SPARE): its taker sees the ten cards and keeps five next."""
    table = state.table
    deal = table.deal
    assert deal is not None
    name = state.display_names()[seat]
    if table.keeping == seat:
        raise RoomError("illegal", f"{name} has taken the spare hand already: keep five", deal.game.verbs["spare"].rule)
    table.act(seat, "spare")
    ten = cards_words(card_list(spare_ten(deal, seat)))  # the log says cards in words
    private = {seat: f"You take the spare hand (a call of Nap): {ten}. Keep five."}
    state.log_line(seq, "action", seat, f"{name} takes the spare hand (a call of Nap)", private)
    state.acts.append(("act", seat, bot, seq, "revealing"))
    table.events.clear()


def _deal_over(state: TableState, seq: int, deal: Deal, now: float) -> None:
    state.nets.append(deal.net)
    names = state.display_names()
    table = state.table
    if state.stopping and not table.is_over:  # the host ended the sitting with this deal
        table.sitting.stop(table.spec.stops[0])
    over = table.is_over  # the sitting's last deal: nothing follows it
    state.log_line(seq, "result", None, result_sentence(deal, names, over=over) or "")
    if table.is_over:
        _end_sitting(state, seq)
    state.plan_next_deal(now)


# -- claims of the remaining tricks (the room checks them first: web/claiming.py) ---------------------------------


def _claim(state: TableState, seq: int, data: dict[str, Any]) -> None:
    """A claim: the claimant's cards laid face up; played out at once where nobody is asked."""
    deal = state.table.deal
    seat = data["seat"]
    if deal is None or deal.is_complete or deal.to_act != seat or state.claim is not None:
        raise RoomError("illegal", "a claim is made at one's turn to play a card, one claim at a time")
    names = state.display_names()
    waiting = set(data["waiting"])
    state.claim = Claim(seat, data["tricks"], data["evident"], waiting, accepted=not waiting)
    # Undo stops at a claim (web/undo.py): its answers told the claimant what the others make of his cards.
    state.acts.append(("claim", seat, False, seq, "claim"))
    tricks = tricks_claimed(data["tricks"])
    cards = cards_words(card_list(deal.hands[seat]))
    state.log_line(seq, "info", seat, f"{names[seat]} claims {tricks}, showing {cards}")
    if data["evident"]:
        state.log_line(seq, "info", seat, "Every card is decisive: the claim stands without a question")


def _claim_answer(state: TableState, seq: int, data: dict[str, Any]) -> None:
    """A person's answer to the claim: a decline ends it (play goes on from where it stood, the claimant's turn's
    time afresh); the last acceptance has it played out."""
    claim, seat = state.claim, data["seat"]
    if claim is None or seat not in claim.waiting:
        raise RoomError("no_claim", "claim_answer: no claim is waiting for your answer", None, "type")
    names = state.display_names()
    if not data["accept"]:
        state.claim = None
        state.returns += 1  # the claimant's turn, paused by the claim, has its time afresh
        state.log_line(seq, "info", seat, f"{names[seat]} declines the claim: play goes on")
        return
    claim.waiting.discard(seat)
    state.log_line(seq, "info", seat, f"{names[seat]} accepts the claim")
    if not claim.waiting:
        claim.accepted = True
        state.log_line(seq, "info", claim.seat, "The claim is accepted: the remaining tricks are played out")


def _claim_lapse(state: TableState, seq: int, data: dict[str, Any]) -> None:
    """An accepted claim that the cards forbid, even with the others' help: it lapses, and play goes on from where
    it stood (the claimant's turn's time afresh)."""
    claim = state.claim
    if claim is None or not claim.accepted:
        raise RoomError("no_claim", "claim_lapse: no claim is being played out", None, "type")
    state.claim = None
    state.returns += 1
    name = state.display_names()[claim.seat]
    state.log_line(seq, "info", claim.seat, f"The cards do not give {name} every trick: the claim lapses, play goes on")


def _claim_refuses(state: TableState, data: dict[str, Any]) -> None:
    """No action while a claim waits on its answers; while it is played out, only the claim's own actions."""
    claim = state.claim
    if claim is None:
        return
    if not claim.accepted:
        raise RoomError("claim_pending", "a claim waits on its answers: accept or decline it first", None, "action")
    if not data.get("claim"):
        raise RoomError("claim_pending", "the claimed tricks are being played out", None, "action")


# -- what an action shows each seat (undo never takes back a card seen: web/undo.py) ------------------------------


def _mask(deal: Any, view: Any) -> int:
    """Every card a seat's view shows it: its hand, the cards on the table, a peeped widow, the turn-up, and the
    hands it may see (a flush shown, a deal dealt face up)."""
    mask = seen_mask(deal, view)
    for hand in view.seen_hands.values():
        mask |= hand
    return mask


def seen(state: TableState) -> dict[int, int]:
    """What the seats that may undo (a person's, an open one) see now, each as a mask: taken before an action, for
    :func:`note_shown` after it. A bot's seat is left out, even when it acts: it takes nothing back (web/undo.py)
    and stays a bot's for the sitting (seats change hands only before the start), so what an action shows it is
    never asked; at a table of bots an action costs no view of the deal here."""
    deal = state.table.deal
    assert deal is not None
    return {i: _mask(deal, deal.view(i)) for i, s in enumerate(state.seats) if s.kind != "bot"}


def note_shown(state: TableState, seq: int, actor: int, before: dict[int, int]) -> bool:
    """After the action ``seq`` of ``actor``: note the cards it showed each seat of ``before`` that had not seen
    them; whether it showed its actor any (a revealing action)."""
    deal = state.table.deal
    assert deal is not None
    if state.shown_deal != state.deal_number:  # only the deal in play can be undone
        state.shown, state.shown_deal = {}, state.deal_number
    shown = {i: new for i, mask in before.items() if (new := _mask(deal, deal.view(i)) & ~mask)}
    if shown:
        state.shown[seq] = shown
    return actor in shown


# -- the turns' time -----------------------------------------------------------------------------------------------


def _timeout(state: TableState, seq: int, seat: int) -> None:
    s = state.seats[seat]
    s.timeouts += 1
    state.lapsed = (state.point(), seat)
    name = state.display_names()[seat]
    if s.timeouts >= AWAY_AFTER:
        text = (
            f"{name}'s time ran out {s.timeouts} turns running: a bot plays every turn for {name} until "
            f"{name} acts or comes back"
        )
    else:
        text = f"{name}'s time ran out: a bot plays this turn for {name}"
    state.log_line(seq, "info", seat, text)


def back(state: TableState, seat: int) -> None:
    """The person is here again: his seat is his, and a turn of his whose time ran out is his to play after all
    (a stored ``back`` where he had timeouts; else the room's memory alone, as the turn's time is)."""
    state.seats[seat].timeouts = 0
    if state.lapsed == (state.point(), seat):
        state.lapsed = None
        state.returns += 1


# -- the seats and the sittings ------------------------------------------------------------------------------------


def _sit(state: TableState, seq: int, data: dict[str, Any], now: float) -> None:
    seat = data["seat"]
    s = state.seats[seat]
    s.kind, s.name, s.token_hash = "person", data["name"], data["hash"]
    s.away_until = now + state.timing.away_seconds
    s.timeouts = 0
    in_play = state.table.in_play
    s.first_deal = len(state.table.sitting.deals) + 1 + (in_play is not None and not in_play.is_complete)
    state.sat.append(seat)
    state.log_line(seq, "seat", seat, f"{data['name']} sits down" + (" (the host)" if state.host == seat else ""))
    _start_if_full(state, seq, now)


def _lifecycle(state: TableState, kind: str, seq: int, data: dict[str, Any], now: float) -> None:
    seat = data["seat"]
    names = state.display_names()
    if kind == "start":
        _begin(state, seq, f"{names[seat]} starts the sitting", now)
    elif kind == "seat_bot":
        s = state.seats[seat]
        s.kind, s.name = "bot", f"Bot {seat + 1}"
        state.log_line(seq, "seat", seat, f"Bot {seat + 1} takes seat {seat + 1}")
        _start_if_full(state, seq, now)
    elif kind == "open_seat":
        s = state.seats[seat]
        s.kind, s.name = "open", None
        s.away_until = now + state.timing.away_seconds
        state.log_line(seq, "seat", seat, f"Seat {seat + 1} is open for a person")
    elif kind == "leave":
        _vacate(state, seq, seat, names[seat], now)
    elif kind == "stop":
        _stop(state, seq, names[seat])
    elif kind == "relink":
        if state.seats[seat].token_hash is not None:
            state.revoked.add(state.seats[seat].token_hash)
        state.seats[seat].token_hash = data["hash"]
        state.log_line(seq, "seat", seat, f"{names[seat]} has a new rejoin link: the old one no longer sits")
    else:
        _again(state, seq, seat, data["sitting"], now)


def _stop(state: TableState, seq: int, name: str) -> None:
    """The host ends a sitting played until the table stops: after the deal in play, or at once between deals (the
    game's own way to stop: LOO-END-2's pool divided, NAP-SET-3)."""
    table = state.table
    deal = table.deal
    state.stopping = True
    if deal is not None and not deal.is_complete:
        state.log_line(seq, "info", None, f"{name} ends the sitting: this deal is its last")
        return
    state.log_line(seq, "info", None, f"{name} ends the sitting")
    _end_sitting(state, seq)
    state.next_deal_at = None


def _end_sitting(state: TableState, seq: int) -> None:
    """Stop the sitting now, between deals, and say its settlement."""
    table = state.table
    if not table.is_over:
        table.sitting.stop(table.spec.stops[0])
    names = state.display_names()
    totals = ", ".join(f"{names[i]} {table.sitting.balances[s]:+d}" for i, s in enumerate(table.seats))
    state.log_line(seq, "result", None, f"The sitting is over. {totals}.")


def _again(state: TableState, seq: int, seat: int, sitting: int, now: float) -> None:
    names = state.display_names()
    state.past.append(_sheet(state))
    state.past_deals.append(list(state.table.sitting.deals))
    state.sitting_number = sitting
    state.new_sitting()
    open_seats = [i for i, s in enumerate(state.seats) if s.kind == "open"]
    if open_seats:
        # A seat left open between sittings is nobody's: the new sitting gathers as the first did, and nothing is
        # dealt to that seat, nor charged to it, until somebody sits or the host starts.
        state.started = False
        which = ", ".join(str(i + 1) for i in open_seats)
        state.log_line(
            seq,
            "info",
            seat,
            f"{names[seat]} plays again: sitting {state.sitting_number} waits for seat"
            f"{'s' if len(open_seats) > 1 else ''} {which} to be taken, or for the host to start it",
        )
    else:
        state.log_line(seq, "info", seat, f"{names[seat]} plays again: sitting {state.sitting_number} begins")
    state.plan_next_deal(now)


def _vacate(state: TableState, seq: int, seat: int, name: str, now: float) -> None:
    s = state.seats[seat]
    s.kind, s.name, s.token_hash, s.timeouts = "open", None, None, 0
    s.away_until = now + state.timing.away_seconds
    was_host = state.host == seat
    state.sat.remove(seat)
    host = state.host
    after = f"; {state.display_names()[host]} is the host now" if was_host and host is not None else ""
    state.log_line(seq, "seat", seat, f"{name} leaves seat {seat + 1}{after}")


def _start_if_full(state: TableState, seq: int, now: float) -> None:
    """The sitting starts by itself once no seat is left open."""
    if not state.started and not any(s.kind == "open" for s in state.seats):
        _begin(state, seq, "Every seat is taken", now)


def _begin(state: TableState, seq: int, why: str, now: float) -> None:
    state.started = True
    names = state.display_names()
    who = ", ".join(names[i] for i, s in enumerate(state.seats) if s.kind == "person") or "bots only"
    state.log_line(seq, "info", None, f"{why}: the sitting begins ({who}).")
    state.plan_next_deal(now)


def _sheet(state: TableState) -> dict[str, Any]:
    """The sitting in play's score sheet, kept when the next one begins."""
    table = state.table
    balances = [table.sitting.balances.get(s, 0) for s in table.seats]
    hints = [list(seats) for seats in state.hints()]  # the sheet keeps its own
    return {
        "number": state.sitting_number,
        "names": state.display_names(),
        "deals": list(state.nets),
        "totals": balances,
        "hints": hints,
    }
