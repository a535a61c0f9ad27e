"""What the expert bot makes of a person's decisions: each one weighed after the deal (a review), or at his turn
(a hint), as plain data that every surface renders (``replay --analyse``, ``play --hints``, the web table's review
and Hint button).

A deal is replayed action by action from its record; at each decision of the seats asked about (a seat acting in
its turn with more than one option: a forced action is no decision) the expert (:mod:`roundgames.bots.expert`) is
shown the seat's view and gives its value of every option it weighs, the money it expects the seat to net by the
deal's end. The review keeps what was taken, the expert's choice and the difference, the *loss*.

Each decision's expert is seeded as a bot's decision at the table is (:func:`~.decisions.decision_seed`: the
table's seed, the seat, the deal's index in the sitting and the actions before it), so the same deal weighs the
same on every machine, and a hint asked at a turn shows exactly the values the review of that deal shows later.

>>> from roundgames.games.registry import new_deal, rules_for
>>> from roundgames.records.deal import record_of
>>> deal = new_deal("nap", rules_for("nap", "peel"), 3, dealer=0, pool=0)
>>> deal.deal(5)
>>> while not deal.is_complete:
...     _ = deal.apply(deal.legal_actions()[0])
>>> found = review(record_of(deal), [1], table_seed=7)
>>> all(d.seat == 1 and len(d.options) > 1 for d in found.decisions)
True
>>> all(d.loss is not None and d.loss >= 0 for d in found.decisions)
True
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.expert import expert_for
from ..bots.worlds import ResampleError
from ..core.errors import RecordError, RoundgamesError, RulesError
from ..games.protocol import Deal, Feature
from ..records.deal import DealRecord, record_of, start
from .decisions import decision_seed
from .input import action_text
from .words import current_trick, hand_order

__all__ = [
    "LINE_WIDTH",
    "TIE",
    "DealReview",
    "Hint",
    "Job",
    "Option",
    "Summary",
    "Weighed",
    "hint",
    "is_decision",
    "mixes",
    "option_lines",
    "review",
    "review_deal",
    "run",
    "share_text",
]

#: values closer than this are the same value: the expert's sums of weighted worlds differ by rounding alone
TIE = 1e-9


@dataclass(frozen=True)
class Option:
    """One option the expert weighed: the action as a person types it in full (``"play QH"``, ``"call 3"``), what
    it expects the seat to net by the deal's end (in counters or units), the half-width of that value's 95%
    interval (None: too few worlds to say), and the probability the expert takes it where that is neither 0 nor 1
    (a computed strategy that mixes)."""

    action: str
    value: float
    half: float | None = None
    prob: float | None = None


@dataclass(frozen=True)
class Hint:
    """The expert's options at a seat's turn (its choice first, then best first), and ``note``: why its choice is
    not the best valued, where it is not (a strategy that mixes; values within each other's intervals)."""

    options: tuple[Option, ...]
    note: str = ""


@dataclass(frozen=True)
class Weighed:
    """One decision of a seat, weighed: where it was, what was taken, and every option the expert weighed."""

    #: the number of actions before it in the deal's log (the decision is action ``index + 1``)
    index: int
    seat: int
    #: where the deal stood: ``"bid"`` or ``"play"`` (:class:`~roundgames.games.protocol.Stage`)
    stage: str
    #: the seat's cards at the decision, in the table's order, and the cards on the table then (seat, card):
    #: nothing the seat could not see
    hand: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    #: the action taken, as :attr:`Option.action` writes it
    taken: str
    #: every option weighed: the expert's choice first, then the others best first
    options: tuple[Option, ...]
    #: the expert's value of the action taken (weighed in the same worlds when it is not among :attr:`options`);
    #: None for an action no rule allows (table mode's irregularities)
    taken_value: float | None
    #: why the expert's choice is not the best valued, where it is not (:attr:`Hint.note`)
    note: str = ""

    @property
    def best(self) -> Option:
        """The expert's choice."""
        return self.options[0]

    @property
    def loss(self) -> float | None:
        """What the action taken is expected to cost against the expert's choice (0 when it is as good)."""
        return None if self.taken_value is None else max(0.0, self.best.value - self.taken_value)

    @property
    def matched(self) -> bool:
        """Whether the action taken is worth what the expert's choice is (the same action, or one as good)."""
        return self.loss is not None and self.loss <= TIE


@dataclass(frozen=True)
class Summary:
    """A seat's decisions in one deal, counted: how many, how many were as good as the expert's, and the total
    expected loss of those it weighed (``unweighed``: decisions whose action it weighed no value for)."""

    decisions: int
    matched: int
    loss: float
    unweighed: int = 0


@dataclass(frozen=True)
class DealReview:
    """The decisions of the seats reviewed in one deal, in the order they were taken."""

    game: str
    seats: tuple[str, ...]
    #: the seats whose decisions were weighed
    reviewed: tuple[int, ...]
    decisions: tuple[Weighed, ...]
    #: the decisions (seat, index) no world could be drawn for: after table mode's laws replayed a hand or took a
    #: card back, the resampler cannot always follow the history
    unweighable: tuple[tuple[int, int], ...] = ()

    def summary(self, seat: int) -> Summary:
        """``seat``'s decisions counted."""
        mine = [d for d in self.decisions if d.seat == seat]
        losses = [d.loss for d in mine if d.loss is not None]
        matched = sum(1 for d in mine if d.matched)
        lost = sum(1 for s, _ in self.unweighable if s == seat)
        return Summary(len(mine) + lost, matched, sum(losses), len(mine) - len(losses) + lost)

    def summary_line(self) -> str:
        """``You: 4 decisions, 3 as good as the expert's, expected loss 0.40``, for each seat reviewed."""
        parts = []
        for seat in self.reviewed:
            s = self.summary(seat)
            words = f"{self.seats[seat]}: {s.decisions} decision{'s' * (s.decisions != 1)}"
            if s.decisions:
                words += f", {s.matched} as good as the expert's, expected loss {s.loss:.2f}"
            if s.unweighed:
                words += f" ({s.unweighed} not weighed)"
            parts.append(words)
        return "; ".join(parts)


def is_decision(deal: Deal, action: Any) -> bool:
    """Whether ``action``, about to be applied to ``deal``, is a decision to weigh: its seat acts in its turn and had
    more than one option (a forced action, an action out of turn or a law stated is none)."""
    if deal.is_complete or action.seat != deal.to_act or not deal.game.verbs[action.verb].proper:
        return False
    view = deal.view(action.seat)
    return len(view.legal) + len(view.may_take) > 1


def _weigh(deal: Deal, seat: int, seed: int, taken: Any = None) -> tuple[Hint, float | None]:
    """The expert's options for ``seat``, to act in the live ``deal`` (its choice first, then best first), and its
    value of the action ``taken`` (None if not given, or for an action no rule allows: table mode's irregular).

    A legal action the expert does not list (of many exchanges it weighs a few) is valued in the same worlds as
    the listed ones; for a verb whose cards the seat takes unseen (Nap's spare hand) the value of the taking it
    weighed stands, since what was kept was chosen after seeing them."""
    bot = expert_for(deal.game.name)(random.Random(seed))
    view = deal.view(seat)
    extra: tuple[Any, ...] = ()
    text = action_text(deal, taken) if taken is not None else None
    if taken is not None and taken.verb not in view.may_take:
        legal = next((a for a in view.legal if action_text(deal, a) == text), None)
        if legal is not None and legal not in bot.candidates(view):
            extra = (legal,)
    advice = bot.advise(view, also=extra)
    weighed = [Option(action_text(deal, o.action), o.value, o.half, o.prob) for o in advice.options]
    listed = {action_text(deal, a) for a in extra}
    options = tuple(o for o in weighed if o.action not in listed)
    found = Hint(options, advice.note or _within(options))
    if text is None:
        return found, None
    value = next((o.value for o in weighed if o.action == text), None)
    if value is None and taken.verb in view.may_take:
        value = next((o.value for o in options if o.action.split()[0] == taken.verb), None)
    return found, value


def _within(options: Sequence[Option]) -> str:
    """Why the first option is the expert's choice though another's value is higher: their 95% intervals overlap
    (the values are estimates); empty where the first is the best valued."""
    if not options or all(o.value <= options[0].value + TIE for o in options[1:]):
        return ""
    return "its value is within the 95% intervals of the higher ones: the values are estimates, and as good as equal"


def _check(deal: Deal, record: DealRecord, seats: Sequence[int]) -> None:
    if deal.offers(Feature.UNKNOWN_CARDS):
        raise RulesError("the deal's cards were not recorded (a keeper's deal): the expert has nothing to weigh")
    for seat in seats:
        if not 0 <= seat < len(record.seats):
            raise RecordError("seat", f"no seat {seat + 1} in a deal of {len(record.seats)} seats")


def review(record: DealRecord, seats: Sequence[int], *, table_seed: int | str = 0, deal_index: int = 0) -> DealReview:
    """Replay ``record`` and weigh every decision of ``seats`` (seat numbers from 0); ``table_seed`` and
    ``deal_index`` (the deal's index in its sitting) seed each decision's expert as the table seeds a bot's. A record
    in progress is weighed up to its last action."""
    deal = start(record)
    _check(deal, record, seats)
    wanted = set(seats)
    out: list[Weighed] = []
    unweighable: list[tuple[int, int]] = []
    for text in record.actions:
        action = deal.parse_action(text)
        if action.seat in wanted and is_decision(deal, action):
            seed = decision_seed(table_seed, action.seat, deal_index, len(deal.log))
            try:
                found, taken_value = _weigh(deal, action.seat, seed, action)
            except (ResampleError, RoundgamesError):
                if not deal.irregularities:
                    raise
                unweighable.append((action.seat, len(deal.log)))
                deal.apply(action)
                continue
            view = deal.view(action.seat)
            trick = current_trick(view)
            out.append(
                Weighed(
                    index=len(deal.log),
                    seat=action.seat,
                    stage=str(view.stage),
                    hand=tuple(hand_order(view.hand)),
                    trick=tuple(zip(trick.seats, trick.cards, strict=True)) if trick is not None else (),
                    taken=action_text(deal, action),
                    options=found.options,
                    taken_value=taken_value,
                    note=found.note,
                )
            )
        deal.apply(action)
    return DealReview(record.game, tuple(record.seats), tuple(sorted(wanted)), tuple(out), tuple(unweighable))


def review_deal(deal: Deal, seats: Sequence[int], *, table_seed: int | str = 0, deal_index: int = 0) -> DealReview:
    """:func:`review` of a deal in hand (finished, or in progress up to its last action)."""
    return review(record_of(deal), seats, table_seed=table_seed, deal_index=deal_index)


def hint(deal: Deal, seat: int, *, table_seed: int | str = 0, deal_index: int = 0) -> Hint:
    """The expert's value of each option of ``seat``, whose turn it is in ``deal`` (its choice first, then best
    first), with its note: a hint, seeded as the review of this decision will be. Raises :class:`RecordError` on
    ``hint`` when it is not the seat's turn."""
    if deal.is_complete or deal.to_act != seat:
        raise RecordError("hint", f"a hint is for your turn, and it is not {deal.seats[seat]}'s")
    if deal.offers(Feature.UNKNOWN_CARDS):
        raise RecordError("hint", "nobody recorded the cards: there is nothing to weigh")
    return _weigh(deal, seat, decision_seed(table_seed, seat, deal_index, len(deal.log)))[0]


#: the width :func:`option_lines` fits its lines to: a terminal of 80 columns (a longer line would wrap mid-column)
LINE_WIDTH = 80


def _interval(o: Option) -> str:
    """``± 0.21``: the half-width of the value's 95% interval; nothing where there is none (too few worlds to say) or
    it is unbounded (one world)."""
    return f"± {o.half:.2f}" if o.half is not None and o.half < 1e6 else ""


def mixes(options: Sequence[Option]) -> bool:
    """Whether the expert's strategy mixes among ``options``: one of them it takes sometimes, neither never nor
    always (only then is an option's share worth showing)."""
    return any(o.prob is not None and 0.0 < o.prob < 1.0 for o in options)


def share_text(prob: float | None) -> str:
    """How often a mixed strategy takes an option, in words: ``40% of the time``, ``never``; empty where not known.
    A share that would round to 0% or 100% is shown as 1% or 99%: it must not read as never or always when the
    strategy does mix."""
    if prob is None:
        return ""
    if prob <= 0.0:
        return "never"
    percent = 100 if prob >= 1.0 else min(99, max(1, round(100 * prob)))
    return f"{percent:2}% of the time"  # " 5%" under "40%": the column lines up


def _marks(options: Sequence[Option], i: int, taken: str | None) -> str:
    o = options[i]
    marks = ["the expert's choice"] if i == 0 else []
    if o.action == taken:
        less = options[0].value - o.value
        marks.append(f"played: {less:.2f} less" if less > TIE else "played, as good" if i else "played")
    return ", ".join(marks)


def _row(head: str, marks: str, width: int) -> list[str]:
    """An option's line, its marks after it; the marks on a line of their own, indented under it, where the line
    would be wider than ``width`` (a long action, a long mark)."""
    line = f"{head}   {marks}".rstrip() if marks else head.rstrip()
    return [line] if len(line) <= width or not marks else [head.rstrip(), f"      {marks}"]


def option_lines(
    options: Sequence[Option],
    taken: str | None = None,
    taken_value: float | None = None,
    note: str = "",
    width: int = LINE_WIDTH,
) -> list[str]:
    """The options as lines of text (the expert's choice first, then best first), each with its value and its 95%
    interval (``+1.13 ± 0.21``) and, where the strategy mixes, how often it takes the option (``40% of the time``);
    the expert's choice and the one ``taken`` marked, and ``note`` (why the choice is not the best valued) last,
    wrapped to ``width`` columns. Card codes as the record writes them (a terminal shows them its own way).

    >>> mixed = [Option("throw", 0.0, 0.0, 0.9), Option("stand", 0.07, 0.68, 0.1), Option("miss", -1.9, 0.81, 0.0)]
    >>> print("\\n".join(option_lines(mixed, "stand", 0.07, "the strategy mixes here: stand 10%, throw 90%")))
      throw    +0.00 ± 0.00  90% of the time   the expert's choice
      stand    +0.07 ± 0.68  10% of the time   played, as good
      miss     -1.90 ± 0.81  never
      (the strategy mixes here: stand 10%, throw 90%)
    """
    name = max((len(o.action) for o in options), default=0)
    # The values, their intervals and the shares each padded to the widest, so that they line up in columns; an
    # interval or a share no option has takes no room.
    intervals = [_interval(o) for o in options]
    wide = max((len(t) for t in intervals), default=0)
    cells = [f"{o.value:+7.2f}" + (f" {t:<{wide}}" if wide else "") for o, t in zip(options, intervals, strict=True)]
    if mixes(options):
        shares = [share_text(o.prob) for o in options]
        most = max(len(t) for t in shares)
        cells = [f"{c}  {t:<{most}}" for c, t in zip(cells, shares, strict=True)]
    out = []
    for i, o in enumerate(options):
        out += _row(f"  {o.action:<{name}}  {cells[i]}", _marks(options, i, taken), width)
    if taken is not None and all(o.action != taken for o in options):
        if taken_value is None:
            out.append(f"  played: {taken} (no rule allows it: not weighed)")
        else:
            less = options[0].value - taken_value if options else 0.0
            said = f"played: {max(0.0, less):.2f} less" if less > TIE else "played, as good"
            value = f"{taken_value:+7.2f}"
            head = f"  {taken:<{name}}  {value:<{len(cells[0]) if cells else 0}}"
            out += _row(head, f"{said} (not on the expert's list; weighed in the same worlds)", width)
    if note:
        # A note is a sentence or two: wrapped within the width, its lines under its first word.
        out += textwrap.wrap(f"({note})", width, initial_indent="  ", subsequent_indent="   ", break_on_hyphens=False)
    return out


@dataclass(frozen=True)
class Job:
    """A review or a hint to work out in another process (the web server's workers): plain data, which pickles.
    ``hint_for``: the seat to act at the record's end, for a hint; None for the review of ``seats``."""

    record: DealRecord
    seats: tuple[int, ...]
    table_seed: int | str
    deal_index: int
    hint_for: int | None = None


def run(job: Job) -> DealReview | Hint:
    """Work out ``job``: the :class:`DealReview` of its seats, or a hint's options."""
    if job.hint_for is None:
        return review(job.record, job.seats, table_seed=job.table_seed, deal_index=job.deal_index)
    deal = start(job.record)
    for text in job.record.actions:
        deal.apply(deal.parse_action(text))
    return hint(deal, job.hint_for, table_seed=job.table_seed, deal_index=job.deal_index)
