"""What the full-screen table draws, part by part, from one seat's view of the deal in play.

:class:`Panels` is the drawing half of :class:`~roundgames.terminal.tui.TableApp`: the header, the other seats,
the trump and pool panel, the trick (or a finished deal's result), the status line, the hand and the keys. It
reads the game's spec, the game's observer (:mod:`roundgames.games.observe`) and the one view shape; the keys and labels are the game's verb
table's (:mod:`roundgames.session.input`). The app's own keys (:data:`OWN_KEYS`) win over a verb's: such a
verb is typed after ``/``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..core.cards import RANKS, SUITS, Card, rank_of, suit_of
from ..core.tricks import Trick
from ..games.observe import observer_of
from ..games.protocol import Stage, Verb, View
from ..guide import table_title
from ..session.claims import may_claim
from ..session.input import action_cards, action_label, key_of
from ..session.table import PlaySettings, Table
from ..session.words import (
    TableDeal,
    current_trick,
    doing,
    gerund,
    hand_order,
    seat_note,
    tricks_won,
    you,
)

__all__ = ["OWN_KEYS", "SYMBOLS", "Panels", "card_text", "suit_text"]

SYMBOLS = "♠♥♦♣"

#: the full-screen table's own letter keys, and what each does: a verb the game gives one of them is typed
OWN_KEYS = {
    "r": "the rules",
    "l": "the last trick",
    "g": "the score sheet",
    "h": "a hint",
    "x": "the laws",
    "e": "the move of the marked cards",
    "q": "quit",
}

_WIDTH = 78  # the status line's room at 80 columns


def card_text(card: Card, ascii_only: bool = False) -> str:
    """A card as the table shows it: ``A♠``, ``10♥``; with ``ascii_only``, ``AS``, ``10H``."""
    rank = "10" if rank_of(card) == 8 else RANKS[rank_of(card)]
    return rank + (SUITS if ascii_only else SYMBOLS)[suit_of(card)]


def suit_text(suit: int, ascii_only: bool = False) -> str:
    """A suit's sign: ``♠`` or ``S``."""
    return (SUITS if ascii_only else SYMBOLS)[suit]


class Panels:
    """The parts of the full-screen table as text, drawn from the table and the app's state."""

    table: Table
    settings: PlaySettings
    #: the person's seat drawn at the bottom
    me: int
    #: index in the hand of the picked card
    selected: int | None
    #: indices in the hand of the cards marked for a move that names cards (Nap's purchase)
    marked: set[int]
    message: Text | None
    #: "trick" (a finished trick in view), "deal" (a result in view), "over", "aside" (table mode's wait),
    #: "chance" (a person may act out of turn before a bot acts: what the game offers him so)
    waiting: str | None

    # -- small pieces ---------------------------------------------------------------------------

    def _card(self, card: Card, style: str = "") -> Text:
        """A card, in its suit's colour unless colour is off; Pam (LOO5-3) is marked ``(Pam)`` after it, in words,
        so that it is told apart in any colours and by a screen reader."""
        colour = ""
        if self.settings.color:
            suit = suit_of(card)
            if suit == 1 or (suit == 2 and not self.settings.four_color):
                colour = "#ff6b6b"
            elif suit == 2:
                colour = "#5fafff"
            elif suit == 3 and self.settings.four_color:
                colour = "#5fd75f"
        out = Text(card_text(card, self.settings.ascii), style=f"{style} {colour}".strip())
        if card == self._pam():
            out.append("(Pam)", style=f"{style} bold".strip())
        return out

    def _pam(self) -> Card | None:
        """The card that is Pam in the deal in view (LOO5-3), if the deal has one."""
        deal = self.table.in_play
        return None if deal is None else observer_of(deal.game).pam(deal)

    def _arrow(self) -> str:
        return ">" if self.settings.ascii else "▶"

    def _marking_verb(self, view: View[Any]) -> Verb | None:
        """The verb whose cards the digits mark now (Nap's buy, NAP-VAR-PURCHASE): one that names cards,
        while no card is played."""
        if view.stage is Stage.PLAY:
            return None
        verbs = self.table.spec.verbs
        return next((verbs[a.verb] for a in view.legal if verbs[a.verb].args == "cards"), None)

    def _legal_cards(self, deal: TableDeal) -> list[Card]:
        if self.table.to_act != self.me or deal.stage is not Stage.PLAY:
            return []
        return [c for text in self.table.legal_texts(self.me) for c in action_cards(text)[:1]]

    def _trick_line(self, deal: TableDeal, trick: Trick) -> Text:
        out = Text()
        for s, c in zip(trick.seats, trick.cards, strict=True):
            out.append(f"{deal.seats[s]} ")
            out.append_text(self._card(c, "bold underline" if s == trick.winner else ""))
            out.append("  ")
        return out

    # -- the parts ------------------------------------------------------------------------------

    def _header_text(self, deal: TableDeal | None) -> Text:
        t = self.table
        spec = t.spec
        number = len(t.sitting.deals) + (t.sitting.current is not None)  # a finished deal is already counted
        parts = [table_title(t.rules), f"deal {max(number, 1)}"]  # the form and preset in words, not identifiers
        if "rounds" not in spec.sitting_settings:  # the table ends the sitting after its rounds (NAP-SET-3)
            parts[-1] += f" of {t.rounds * len(t.seats)}"
        if deal is not None:
            parts.append(f"dealer {deal.seats[deal.dealer]}")
        parts.append(f"seed {t.seed}")
        if t.table_mode:
            parts.append("table mode")
        return Text(" · ".join(parts) if not self.settings.ascii else " | ".join(parts))

    def _seat_status(self, deal: TableDeal, view: View[Any], s: int) -> str:
        observer = observer_of(deal.game)
        alone = observer.alone(deal, view)
        single = bool(observer.kind_note(deal, view))
        return seat_note(view, s, single=single, alone=None if alone is None else alone.seat)

    def _seats_text(self, deal: TableDeal | None) -> Text:
        """The other seats, a line each; more than seven go two to a line, in short."""
        if deal is None:
            return Text("Shuffling...")
        view = deal.view(self.me)
        won = tricks_won(view.tricks, deal.n)
        others = [s for s in range(deal.n) if s != self.me]
        short = len(others) > 7
        # each bot's strength (random, sensible, ...) where the wide layout has room; a person's seat is blank
        label = max((len(self.table.bot_names[s]) for s in others if s not in self.table.humans), default=3) + 1
        cells = []
        for s in others:
            turn = s == self.table.to_act and self.waiting is None
            cell = Text(f"{self._arrow() if turn else ' '} ", style="bold")
            bot = s not in self.table.humans
            if short:
                cell.append(f"{deal.seats[s][:5]:<5} ", style="bold" if turn else "")
                cell.append("b " if bot else "  ", style="italic")
                cell.append(f"{view.card_counts[s]}c {won[s]}t ")
            else:
                cell.append(f"{deal.seats[s][:9]:<9} ", style="bold" if turn else "")
                cell.append(f"{self.table.bot_names[s] if bot else '':<{label}}", style="italic")
                cell.append(f"cards {view.card_counts[s]}  tricks {won[s]}  ")
            status = self._seat_status(deal, view, s)
            cell.append("?" if short and status.startswith("to ") else status, style="" if turn else "dim")
            cells.append(cell)
        if short:
            for i in range(0, len(cells) - 1, 2):
                cells[i].truncate(25, pad=True)
            rows = [Text(" ").join(cells[i : i + 2]) for i in range(0, len(cells), 2)]
            return Text("\n").join([Text("(b bot, c cards, t tricks)", style="dim"), *rows])
        return Text("\n").join(cells)

    def _panel_text(self, deal: TableDeal | None) -> Text:
        """Trumps, then the facts of the table the game's observer lists (the pool or kitty, the miss or the call),
        a line each, then the dealer."""
        out = Text()
        if deal is None:
            return out
        view = deal.view(self.me)
        seen = observer_of(deal.game).observe_view(deal, view)
        out.append("Trumps ")
        if view.trump is None:
            out.append("first lead" if seen.trump_led else "none", style="dim")
        else:
            out.append(suit_text(view.trump, self.settings.ascii) + " ", style="bold")
        if seen.turnup is not None and seen.turnup >= 0:
            out.append("turn-up ")
            out.append_text(self._card(seen.turnup))
        for fact in seen.facts:
            out.append(f"\n{fact.label:<6} {fact.value}")
            for card in fact.cards:
                out.append_text(self._card(card))
        kind = seen.kind_note
        out.append(f"\nDealer {deal.seats[deal.dealer]}" + (f" ({kind})" if kind else ""))
        if deal.dealer not in view.order:
            out.append(" (sits out)")
        return out

    def _trick_text(self, deal: TableDeal | None) -> Text:
        """The centre: the trick in progress (or the last one won), or the result of a finished deal."""
        out = Text()
        if deal is None:
            return out
        view = deal.view(self.me)
        result = deal.result()
        if self.waiting in ("deal", "over") and result is not None:
            out.append("Deal over. ", style="bold")
            faces = view.seen_hands if len(view.seen_hands) > 1 else {}  # every card face up (LOO-SGL-1)
            for s, mask in faces.items():
                out.append(f"{deal.seats[s]} ")
                for c in hand_order(mask):
                    out.append_text(self._card(c))
                out.append("  ")
            out.append(you(result.sentence()))
            return out
        trick = current_trick(view)
        to_act = self.table.to_act
        if trick is not None:
            out.append(f"Trick {len(view.tricks)}: ", style="bold")
            out.append_text(self._trick_line(deal, trick))
            if to_act is not None:
                out.append(f"{deal.seats[to_act]} ?", style="dim")
        elif deal.tricks:
            last = deal.tricks[-1]
            assert last.winner is not None
            out.append(f"Trick {len(deal.tricks)} to {deal.seats[last.winner]}: ", style="bold")
            out.append_text(self._trick_line(deal, last))
            if self.waiting == "trick":
                out.append("(any key)", style="dim")
        elif view.stage is not Stage.PLAY and to_act is not None:
            verbs = self.table.spec.verbs
            labels = dict.fromkeys(verbs[a.verb].label for a in deal.legal_actions() if verbs[a.verb].proper)
            what = gerund(view).removeprefix("the ").capitalize()
            out.append(f"{what}: each in turn: {' / '.join(labels)}.", style="dim")
        elif to_act is not None:
            out.append(f"{deal.seats[to_act]} to lead.", style="dim")
            if observer_of(deal.game).trump_led and view.trump is None:
                out.append(" The first card led fixes trumps.", style="dim")
        return out

    def _status_text(self, deal: TableDeal | None) -> Text:
        if self.message is not None:
            return self.message
        seat = self.table.to_act
        if self.waiting == "trick":
            return Text("Trick collected in a moment (any key collects it now).")
        if self.waiting == "deal":
            return Text("The deal is over: Enter for the next deal.")
        if self.waiting == "over":
            return Text("The sitting is over: g score sheet, q quit.")
        if self.waiting == "aside" and deal is not None and seat is not None:
            return Text(f"Table mode: before {deal.seats[seat]} begins, act out of turn, or Space: go on.", "bold")
        if self.waiting == "chance" and deal is not None and seat is not None:  # what he is offered out of turn
            moves = self._phase_keys(deal, self.me, aside=True)
            return Text(f"Before {deal.seats[seat]} leads (it closes the chance): {moves}, or Space: go on.", "bold")
        if deal is None or seat is None:
            return Text("")
        if seat not in self.table.humans:
            return Text(f"{deal.seats[seat]} to act...", style="dim")
        view = deal.view(seat)
        marking = self._marking_verb(view)
        if marking is not None:
            return Text(self._marking_words(deal, view, marking), style="bold")
        if view.stage is not Stage.PLAY:
            keys = self._phase_keys(deal, seat)
            head = f"Your turn to {doing(view)}: "
            return Text((head if len(head + keys) <= _WIDTH else "Your turn: ") + keys, style="bold")
        if observer_of(deal.game).trump_led and view.trump is None and current_trick(view) is None:
            return Text("Your turn: pick a card (your lead fixes trumps), Enter plays it.", style="bold")
        return Text("Your turn: pick a card (legal in brackets), Enter plays it.", style="bold")

    def _marking_words(self, deal: TableDeal, view: View[Any], marking: Verb) -> str:
        """The status while cards are marked for a move (an exchange, LOO5-2; Nap's purchase): how many are marked,
        what the stock still holds where the deal exchanges from one, and the key that makes the move."""
        count = len(hand_order(view.hand))
        marked = len(self.marked)
        held = observer_of(deal.game).stock(deal, view)
        stock = f"; the stock holds {held}" if held is not None else ""
        return (
            f"Your turn to {doing(view)}: 1-{count} mark cards ({marked} marked{stock}), e or Enter: {marking.label}."
        )

    def _hand_text(self, deal: TableDeal | None) -> Text:
        out = Text()
        if deal is None:
            return out
        view = deal.view(self.me)
        name = deal.seats[self.me]
        won = tricks_won(view.tricks, deal.n)[self.me]
        status = self._seat_status(deal, view, self.me)
        out.append(f"{name}: tricks {won}" + (f", {status}" if status else ""), style="bold")
        if self.table.to_act == self.me and self.waiting is None:
            out.append(" (your turn)", style="bold")
        out.append("\n")
        cards = hand_order(view.hand)
        if not cards:
            note = view.notes[self.me] if self.me < len(view.notes) else ""
            if view.stage is Stage.BID and self.me in view.order and not note:
                out.append(f"(your cards lie face down until your turn to {doing(view)})", style="dim")
            else:
                out.append(f"({note or 'no cards'})", style="dim")
            return out
        legal = set(self._legal_cards(deal))
        playing = view.stage is Stage.PLAY and self.table.to_act == self.me and self.waiting is None
        for i, c in enumerate(cards):
            picked = i == self.selected or i in self.marked
            mark = (self._arrow() if i == self.selected else "x") if picked else " "
            out.append(f"{mark}{i + 1}", style="bold" if picked else "")
            if playing and c in legal:
                out.append("[", style="bold")
                out.append_text(self._card(c, "bold reverse" if picked else "bold"))
                out.append("] ", style="bold")
            else:
                out.append(" ")
                out.append_text(self._card(c, "dim" if playing else ("reverse" if picked else "")))
                out.append("  ")
        return out

    def _phase_keys(
        self, deal: TableDeal, seat: int, leave_out: str = "", texts: list[str] | None = None, aside: bool = False
    ) -> str:
        """The moves open to ``seat`` now (or ``texts`` of them), each with its key (``s Stand``, ``3 4 call``,
        ``n Nap``), and those that are typed (``/peep``); ``leave_out``: a verb shown otherwise (the marked cards'
        move); ``aside``: out of his turn too (what the game offers him so)."""
        verbs = self.table.spec.verbs
        if texts is None:
            texts = self.table.legal_texts(seat, aside=aside)
        texts = [t for t in texts if not leave_out or t.split()[0] != leave_out]
        digits = [t for t in texts if t.isdigit()]
        parts, typed = [], []
        for text in texts:
            if text.isdigit():  # the moves the game numbers (Nap's calls): one entry for them all
                if text == digits[0]:
                    parts.append(f"{' '.join(digits)} {(verbs.expand(text) or text).split()[0]}")
                continue
            key = key_of(verbs, text, OWN_KEYS)
            if key is not None and len(key) == 1:
                parts.append(f"{key} {action_label(deal, self.table.parse(seat, text))}")
            else:
                typed.append("/" + text.replace(" CARDS", " C..").replace(" CARD", " C"))
        return "  ".join(parts + ([" ".join(typed)] if typed else []))

    def _keys_text(self, deal: TableDeal | None) -> Text:
        out = Text()
        seat = self.table.to_act
        if self.waiting == "trick":
            out.append("any key  collect the trick")
        elif self.waiting == "deal":
            out.append("Enter  next deal")
        elif self.waiting == "over":
            out.append("g  final score sheet   q  quit")
        elif self.waiting == "aside":
            out.append("Space go on   x state a law   or out of turn: a key or / a move")
        elif self.waiting == "chance" and deal is not None:
            out.append(f"{self._phase_keys(deal, self.me, aside=True)}   Space go on")
        elif deal is not None and seat is not None and seat in self.table.humans:
            view = deal.view(seat)
            marking = self._marking_verb(view)
            if view.stage is Stage.PLAY:
                out.append(f"1-{len(hand_order(view.hand))} pick a card   Enter or the digit again: play")
                if may_claim(self.table, seat):  # offered at each turn to play a card
                    out.append("   c claim the rest")
                extra = [t for t in self.table.legal_texts(seat) if not action_cards(t)]
                if extra:  # a move besides the cards, where a game offers one in the play
                    out.append("   " + self._phase_keys(deal, seat, texts=extra))
            elif marking is not None:
                out.append(f"1-{len(hand_order(view.hand))} mark  e {marking.label}")
                others = self._phase_keys(deal, seat, leave_out=marking.word)
                if others:
                    out.append(f"  {others}")
            else:
                out.append(self._phase_keys(deal, seat))
        else:
            out.append("bots are playing...", style="dim")
        law = "  x law" if self.table.table_mode else ""
        hint = "  h hint" if self.table.hints else ""  # offered only where hints are allowed (--hints)
        out.append(f"\n/ type a move{law}{hint}  ? help  r rules  l last trick  g sheet  q quit")
        return out

    def _sheet(self) -> Text:
        """The pool (or kitty) and the score sheet, the last eight deals."""
        t = self.table
        rows = t.score_sheet()
        deals = len(rows[0][1]) if rows else 0
        shown = min(deals, 8)
        first = deals - shown
        out = Text()
        pot = t.pot()
        out.append((f"{pot[0]}: {pot[1]}    " if pot is not None else "") + f"Deals finished: {deals}\n\n")
        marks = t.hint_marks()
        numbers = [f"#{n}" + ("*" if marks[n - 1] else "") for n in range(first + 1, deals + 1)]
        head = f"{'':<10}" + "".join(f"{n:>6}" for n in numbers) + f"{'total':>8}"
        out.append(head + "\n", style="bold")
        if first:
            out.append(f"(the first {first} deals are left off)\n", style="dim")
        for name, per_deal, total in rows:
            out.append(f"{name[:10]:<10}" + "".join(f"{v:>+6d}" for v in per_deal[first:]))
            out.append(f"{total:>+8d}\n", style="bold")
        hinted = [f"{n} ({', '.join(names)})" for n, names in enumerate(marks, 1) if names]
        if hinted:
            out.append("\n* played with hints: deal " + ", deal ".join(hinted))
        if self.table.is_over:
            out.append("\nThe sitting is over.", style="bold")
        return out
