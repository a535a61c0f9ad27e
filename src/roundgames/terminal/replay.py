"""``roundgames replay FILE``: step through a saved deal or sitting, every hand shown.

FILE is any file of deals the project writes (:mod:`roundgames.records.files`): a deal record (DEAL-RECORD.md), a
JSON list of deal records (``demo --save``, ``play --export``), a table saved by ``play --save`` (its finished
deals, then the deal in progress) or the keeper's file. A position is a deal as dealt or just after one of its
actions; each is printed whole: every hand, the heaps, the trick, the pool, and the action just taken. Commands,
one a line: Enter or ``n`` next, ``p`` or ``b`` back, ``s N`` the position after action N, ``d N`` deal N, ``q``
quit; ``--all`` prints every position without asking. Nothing here names a game: the deal's view and what it
offers say what to show, and a finished deal ends with its result's one sentence.

With ``--view SEAT`` each position is the table as that seat saw it: its own cards (once it may look at them), the
hands lying face up, the cards played and what the others said, every other hand as a count and the heaps unseen; the
web table's replay of a finished deal shows the same, step by step (docs/web.md, "Replaying a deal").

With ``--analyse`` each decision of the seats reviewed (``--seat``; by default a saved table's people, else every
seat) is weighed by the expert bot (:mod:`roundgames.session.analysis`): the position after it lists the expert's
value of each option, its choice first, the one played marked, and each deal ends with a line counting its decisions.

>>> import io
>>> text = '''{"format": "roundgames-deal/1", "game": "loo", "seats": ["P1", "P2", "P3", "P4"],
...   "dealer": "P1", "kind": "single", "cards": {"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C",
...   "turnup": "9H"}}'''
>>> deals = load_text(text)
>>> print(deals[0].frames(ascii=True)[0])  # doctest: +NORMALIZE_WHITESPACE
Deal 1 of 1: Three-card Loo (Peel's rules), P1 deals a single deal; turn-up 9H, trumps hearts; pool 0 brought
forward.
Position 0 of 0: as dealt.
  P2            KH
  P3            4S
  P4            JH
  P1 (dealer)   2C
Complete. P2 takes the pool. Looed: P3 3, P4 3, P1 3. P1 -6, P2 +3, P3 -3, P4 -3. Next pool 9; P2 deals a regular deal.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..core.cards import SUIT_NAMES, cards_in, sort_key
from ..core.errors import RoundgamesError
from ..games.observe import observer_of
from ..games.protocol import Deal, Stage, View
from ..guide import table_title
from ..records.deal import DealRecord, start
from ..records.files import Loaded, load_any, loads_any
from ..session.analysis import LINE_WIDTH, DealReview, option_lines, review
from .plain import SYMBOLS, card_text, show

__all__ = ["HELP", "ReplayDeal", "deals_of", "load_file", "load_text", "reviewed_seats", "run", "seat_named"]

#: what ``?`` prints
HELP = (
    "Enter or n: next position    p or b: back    s N: the position after action N (s 0: as dealt)",
    "d N: deal N    q: quit    ?: this help",
)


@dataclass
class ReplayDeal:
    """One deal to step through: its record, its number in its file and where the record's actions came from."""

    record: DealRecord
    number: int
    count: int
    note: str = ""
    #: the first illegal action, as the referee names it (``index``, ``action``, ``rule``, ``message``)
    error: dict[str, Any] | None = None
    #: the seats whose decisions the expert weighs (``--analyse``; none without it), and the seed of the table the
    #: deal was played at, which seeds the expert as it seeded the table's bots
    reviewed: tuple[int, ...] = ()
    seed: int | str = 0
    #: the seat whose point of view each position shows (``--view``), or None for every hand
    viewer: int | None = None
    _frames: list[str] = field(default_factory=list)

    def frames(self, ascii: bool = False) -> list[str]:
        """Each position's text: as dealt, then after each action (up to the first illegal one, if any)."""
        if not self._frames:
            self._frames = _frames(self, ascii)
        return self._frames


def deals_of(
    loaded: Loaded, only: int | None = None, reviewed: Sequence[int] = (), viewer: int | None = None
) -> list[ReplayDeal]:
    """The deals of a file to step through (only deal number ``only``, from 1, if given), each replayed first so
    that a malformed record is refused before anything is shown; raises :class:`RecordError` naming its field.
    ``reviewed``: the seats (from 0) whose decisions the expert weighs; ``viewer``: the seat whose point of view
    each position shows (None: every hand)."""
    count = len(loaded.deals)
    out = []
    for number, found in enumerate(loaded.deals, 1):
        if only is not None and number != only:
            continue
        error = found.replay().error
        note = " (in progress when saved)" if found.in_progress else ""
        seed = loaded.seed if loaded.seed is not None else 0
        out.append(ReplayDeal(found.record, number, count, note, error, tuple(reviewed), seed, viewer))
    return out


def reviewed_seats(loaded: Loaded, seat: str | None) -> tuple[int, ...]:
    """The seats ``--analyse`` reviews: the one ``--seat`` names (by name, or by number from 1), else a saved
    table's people, else every seat; raises :class:`RoundgamesError` naming ``--seat`` and the seats there are."""
    seats = loaded.deals[0].record.seats if loaded.deals else []
    if seat is None:
        people = tuple(seats.index(name) for name in loaded.people if name in seats)
        return people or tuple(range(len(seats)))
    return (seat_named(loaded, seat, "--seat"),)


def seat_named(loaded: Loaded, seat: str, option: str) -> int:
    """The seat (from 0) that ``seat`` names, by name or by number from 1; raises :class:`RoundgamesError` naming
    ``option``, the value and the seats there are."""
    seats = loaded.deals[0].record.seats if loaded.deals else []
    text = seat.strip()
    if text.isdigit() and 1 <= int(text) <= len(seats):
        return int(text) - 1
    named = [i for i, name in enumerate(seats) if name.casefold() == text.casefold()]
    if named:
        return named[0]
    raise RoundgamesError(
        f"{option} {seat}: no such seat (the seats: {', '.join(seats)}; or a number from 1 to {len(seats)})"
    )


def load_text(text: str) -> list[ReplayDeal]:
    """The deals of a file's text, whichever kind of file it is; raises :class:`RecordError`."""
    return deals_of(loads_any(text))


def load_file(path: str) -> list[ReplayDeal]:
    """The deals of the file at ``path``; raises a :class:`RoundgamesError` naming what is wrong."""
    return deals_of(load_any(path))


# -- positions -------------------------------------------------------------------------------------


def _frames(deal: ReplayDeal, ascii: bool) -> list[str]:
    record = deal.record
    game = start(record)
    actions = record.actions if deal.error is None else record.actions[: deal.error["index"]]
    total = len(actions)
    frames = [_frame(deal, game, 0, total, None, ascii)]
    for i, text in enumerate(actions):
        game.apply(game.parse_action(text))
        frames.append(_frame(deal, game, i + 1, total, text, ascii))
    if deal.error is not None:
        e = deal.error
        frames[-1] += f"\nAction {e['index'] + 1}, {show(e['action'], ascii)}, is illegal: {show(e['message'], ascii)}."
        frames[-1] += " The replay stops here."
    if deal.reviewed:
        _analysis(deal, dataclasses.replace(record, actions=list(actions)), frames, ascii)
    return frames


def _analysis(deal: ReplayDeal, record: DealRecord, frames: list[str], ascii: bool) -> None:
    """The expert's values of each decision reviewed, added to the position after it; the deal's summary, to its
    last position."""
    try:
        found: DealReview = review(record, deal.reviewed, table_seed=deal.seed, deal_index=deal.number - 1)
    except RoundgamesError as e:
        frames[-1] += f"\nAnalysis: none ({e})."
        return
    for d in found.decisions:
        said = f"The expert on {found.seats[d.seat]}'s decision (expected net by the deal's end ± its 95% interval):"
        head = textwrap.wrap(said, LINE_WIDTH, subsequent_indent="  ")  # a long name must not push it past 80
        lines = option_lines(d.options, d.taken, d.taken_value, d.note)
        frames[d.index + 1] += "\n" + "\n".join(show(line, ascii) for line in [*head, *lines])
    frames[-1] += f"\nAnalysis: {found.summary_line()}."


def _cards(mask: int, ascii: bool) -> str:
    return " ".join(card_text(c, ascii) for c in sorted(cards_in(mask), key=sort_key)) or "-"


def _suit(suit: int, ascii: bool) -> str:
    return SUIT_NAMES[suit] + ("" if ascii else f" {SYMBOLS[suit]}")


def _heading(deal: ReplayDeal, game: Deal, view: View[Any], ascii: bool) -> str:
    """``Deal 2 of 5: Three-card Loo (Peel's rules), P3 deals a regular deal; turn-up 7S, trumps spades; pool 9
    brought forward.``: the form and preset in words, not the record's identifier."""
    record = deal.record
    words = f"Deal {deal.number} of {deal.count}{deal.note}: {table_title(game.rules)}, "
    words += f"{game.seats[game.dealer]} deals"
    observer = observer_of(game.game)
    kind = observer.kind(game, view)
    if kind is not None:  # a game whose deals have kinds (DEAL-RECORD.md ``kind``)
        words += f" a {kind} deal"
    turnup = observer.turnup(game, view)
    if turnup is not None and turnup >= 0:
        words += f"; turn-up {card_text(turnup, ascii)}, trumps {_suit(turnup // 13, ascii)}"
    words += f"; {_pool_word(game)} {record.pool} brought forward"
    stakes = observer.stakes(game, view)
    if stakes > 1:
        words += f", stakes times {stakes}"
    return words + "."


def _pool_word(game: Deal) -> str:
    return observer_of(game.game).pot_word


def _frame(deal: ReplayDeal, game: Deal, index: int, total: int, text: str | None, ascii: bool) -> str:
    # What the dealer's view shows of the others is public (declarations, calls, tricks); a viewer's shows his own.
    view = game.view(game.dealer if deal.viewer is None else deal.viewer)
    lines = [_heading(deal, game, view, ascii)]
    step = "as dealt" if text is None else f"after {show(_said(game, text, deal.viewer), ascii)}"
    seen = "" if deal.viewer is None else f", as {game.seats[deal.viewer]} saw it"
    lines.append(f"Position {index} of {total}{seen}: {step}.")
    seats = list(view.order) + [s for s in range(game.n) if s not in view.order]
    seat_row = _seat if deal.viewer is None else _seen_seat
    rows = [(game.seats[s] + (" (dealer)" if s == game.dealer else ""), *seat_row(game, view, s, ascii)) for s in seats]
    w1 = max(len(name) for name, _, _ in rows)
    w2 = max(len(status) for _, status, _ in rows)
    for name, status, cards in rows:
        lines.append(f"  {name:<{w1}}  {status:<{w2}}  {cards}".rstrip())
    lines += _heaps(game, view, ascii) if deal.viewer is None else _seen_heaps(game, view, ascii)
    trick = zip(game.trick_seats, game.trick_cards, strict=True)
    if game.trick_cards:
        lines.append("Trick: " + ", ".join(f"{game.seats[s]} {card_text(c, ascii)}" for s, c in trick))
    elif game.tricks:
        last = game.tricks[-1]
        played = ", ".join(
            f"{game.seats[s]} {card_text(c, ascii)}" for s, c in zip(last.seats, last.cards, strict=True)
        )
        assert last.winner is not None
        winner = game.seats[last.winner]
        lines.append(
            f"Last trick: {played}; {winner} won it."
            if played
            else f"Last trick: {winner} won it (cards not recorded)."
        )
    lines.append(_summary(game, view))
    return "\n".join(lines)


def _seat(game: Deal, view: View[Any], s: int, ascii: bool) -> tuple[str, str]:
    """What seat ``s`` has done (its declaration or call, what it bought, its tricks), and its cards."""
    if s not in view.order:
        return "sits out", ""
    observer = observer_of(game.game)
    said = [view.notes[s]] if view.notes[s] else []
    bought = observer.bought(game, view)
    if s in bought:
        said.append(f"bought {bought[s]}")
    if s in view.players and view.stage in (Stage.PLAY, Stage.COMPLETE):
        won = sum(1 for t in game.tricks if t.winner == s)
        said.append(f"{won} trick{'s' * (won != 1)}")
    status = ", ".join(said)
    hand, dealt = game.hands[s], game.dealt[s]
    if not hand and dealt and s not in view.players:  # out of the deal: thrown up
        return status, f"(dealt {_cards(dealt, ascii)})"
    cards = _cards(hand, ascii)
    if observer.swapped(game, view) == s:
        cards += f"   (own cards to the pack: {_cards(dealt, ascii)})"
    exchanged = observer.exchanges(game)
    if s in exchanged:  # LOO5-2
        out, drawn = exchanged[s]
        cards += f"   (put out {_cards(out, ascii)}, drew {_cards(drawn, ascii)})"
    return status, cards


def _said(game: Deal, text: str, viewer: int | None) -> str:
    """The action just taken as the record has it, or, from a seat's point of view, in the game's words for what
    that seat saw of it (another's discards are not named)."""
    if viewer is None:
        return text
    action = game.parse_action(text)
    return game.describe(action, own=action.seat == viewer)


def _seen_seat(game: Deal, view: View[Any], s: int, ascii: bool) -> tuple[str, str]:
    """What seat ``s`` has done and its cards, as the viewing seat saw them: its own hand (what it may look at, and
    a count of what it may not yet), a hand lying face up, else a count."""
    if s not in view.order:
        return "sits out", ""
    said = [view.notes[s]] if view.notes[s] else []
    if s in view.players and view.stage in (Stage.PLAY, Stage.COMPLETE):
        won = sum(1 for t in game.tricks if t.winner == s)
        said.append(f"{won} trick{'s' * (won != 1)}")
    if s == view.seat:
        unseen = int.bit_count(game.hands[s] & ~view.hand)
        later = f"   ({unseen} not looked at yet)" if unseen else ""
        return ", ".join(said), _cards(view.hand, ascii) + later
    shown = view.seen_hands.get(s)
    count = view.card_counts[s]
    return ", ".join(said), _cards(shown, ascii) if shown else f"{count} card{'s' * (count != 1)}"


def _seen_heaps(game: Deal, view: View[Any], ascii: bool) -> list[str]:
    """What the viewing seat knows of the cards nobody holds: how many a stock still hides, and the trumps where a
    lead fixes them."""
    observer = observer_of(game.game)
    out = []
    stock = observer.stock(game, view)
    if stock:
        out.append(f"  stock: {stock} cards")
    if observer.trump_led and view.trump is not None:
        out.append(f"  trumps: {_suit(view.trump, ascii)}")
    return out


def _heaps(game: Deal, view: View[Any], ascii: bool) -> list[str]:
    """The cards nobody holds: the miss, the widow, the spare hand, the stock; the trumps where a lead fixes them."""
    out = []
    heaps = game.heaps()
    miss = sum(1 << c for c in heaps.get("miss", []))
    swapped = observer_of(game.game).swapped(game, view)
    if miss and swapped is not None:
        out.append(f"  miss: taken by {game.seats[swapped]}")
    elif miss:
        out.append(f"  miss: {_cards(miss, ascii)}")
    for widow in heaps.get("widow", []):
        out.append(f"  widow: {card_text(widow, ascii)}")
    spare = sum(1 << c for c in heaps.get("spare", []))
    if spare:
        out.append(f"  spare hand: {_cards(spare, ascii)}")
    stock = heaps.get("stock", [])
    if stock:
        out.append(f"  stock: {len(stock)} cards, top card {card_text(stock[0], ascii)}")
    if observer_of(game.game).trump_led and view.trump is not None:
        out.append(f"  trumps: {_suit(view.trump, ascii)}")
    return out


def _summary(game: Deal, view: View[Any]) -> str:
    result = game.result()
    if result is None:
        assert game.to_act is not None
        return f"{_pool_word(game).title()}: {view.pool}. To act: {game.seats[game.to_act]}."
    return f"Complete. {result.sentence()}"


# -- stepping --------------------------------------------------------------------------------------


def _deal_numbers(deals: list[ReplayDeal]) -> str:
    """What ``d N`` may name, for its error."""
    numbers = [d.number for d in deals]
    if len(numbers) == 1 and deals[0].count > 1:
        return f"only deal {numbers[0]} of {deals[0].count} is here (--deal {numbers[0]})"
    return f"there are deals {numbers[0]} to {numbers[-1]}"


def run(deals: list[ReplayDeal], infile: TextIO, outfile: TextIO, *, every: bool = False, ascii: bool = False) -> int:
    """Step through ``deals`` as commands on ``infile`` ask (or print them all with ``every``); returns 0."""
    if every:
        for d in deals:
            for frame in d.frames(ascii):
                outfile.write(frame + "\n\n")
        return 0
    echo = not _isatty(infile)
    outfile.write(f"{len(deals)} deal{'s' * (len(deals) != 1)} to replay. Type ? for help.\n\n")
    at_deal, at = 0, 0
    outfile.write(deals[0].frames(ascii)[0] + "\n")
    while True:
        outfile.write("replay> ")
        outfile.flush()
        line = infile.readline()
        if not line:
            outfile.write("\n")
            return 0
        text = line.strip()
        if echo:
            outfile.write(text + "\n")
        if text.lower() in ("q", "quit"):
            return 0
        moved = _step(deals, at_deal, at, text, ascii)
        if isinstance(moved, str):
            outfile.write(moved + "\n")
            continue
        at_deal, at = moved
        outfile.write("\n" + deals[at_deal].frames(ascii)[at] + "\n")


def _step(deals: list[ReplayDeal], at_deal: int, at: int, text: str, ascii: bool) -> tuple[int, int] | str:
    """Where the command ``text`` moves to, ``(deal index, position)``, or what to say instead."""
    words = text.lower().split()
    head = words[0] if words else "n"
    frames = deals[at_deal].frames(ascii)
    if head in ("?", "h", "help"):
        return "\n".join(HELP)
    if head in ("n", "next") and len(words) <= 1:
        if at + 1 < len(frames):
            return at_deal, at + 1
        if at_deal + 1 < len(deals):
            return at_deal + 1, 0
        return "! this is the last position (p back, q quit)"
    if head in ("p", "b", "back", "prev") and len(words) <= 1:
        if at > 0:
            return at_deal, at - 1
        if at_deal > 0:
            return at_deal - 1, len(deals[at_deal - 1].frames(ascii)) - 1
        return "! this is the first position (n next, q quit)"
    if head in ("s", "d") and len(words) == 2 and words[1].isdigit():
        n = int(words[1])
        if head == "s":
            last = len(frames) - 1
            return (at_deal, n) if n <= last else f"! deal {deals[at_deal].number} has positions 0 to {last}"
        numbers = [d.number for d in deals]
        return (numbers.index(n), 0) if n in numbers else f"! {_deal_numbers(deals)}"
    return f"! {text!r}: not a command (? for help)"


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
