"""The full-screen terminal table of ``roundgames play``: a Textual view of a :class:`~roundgames.session.table.Table`.

The screen fits 80x24 and reflows when resized: the other seats one line each and the
trump and pool panel at the top, the trick in the centre, a scrolling log, a status line
for prompts and for the reason an action is refused, your hand numbered from 1 with the
legal cards in brackets, and two lines of keys.

Keys: ``1``-``9`` pick a card (the same digit again, or Enter, plays it; while calling in
Nap the digits ``1``-``4`` are calls; while buying they mark the cards to discard); ``/``
or ``:`` opens a box for a typed move (``QH``, ``10S``, ``stand``, ``call 3``,
``buy 2C 3D``); Loo ``s`` stand, ``t`` throw up, ``m`` take the miss, ``d`` play the miss
for the pool; Nap ``p`` pass, ``n`` Nap, ``i`` misery, ``w`` Wellington, ``b`` Blücher;
``?`` help, ``r`` rules in force, ``l`` last trick, ``g`` pool and score sheet, ``q`` quit
(saving first when a save file is set).

In table mode (``--mode table``) an action the rules forbid opens a window saying what it breaks
and what its law will do: ``y`` goes ahead, ``n`` or Escape takes it back. ``x`` lists the laws and
states one by its ID. Before the bots begin the declaring (the calling) and the play the table
waits: Space or Enter lets it go on, or the person acts out of turn.

Only what the person's seat may see is drawn: the seat's own view of the deal, public
tricks and declarations, and the log the table keeps for the people at it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.filter import Monochrome, NoColor
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static

from ..core.cards import RANKS, SUITS, Card, rank_of, suit_of
from ..core.errors import RoundgamesError
from ..core.tricks import Trick
from ..loo.deal import Decl, Kind, LooDeal, Phase
from ..loo.sitting import LooSitting
from ..nap import NapDeal
from ..nap.deal import NapPhase
from ..session.laws import MODE_LINES, law_lines, stated, stop_due, strict_error, warning
from ..session.table import PlaySettings, Table, hand_order

__all__ = ["ConfirmScreen", "InfoScreen", "LawScreen", "TableApp", "card_text", "run"]

SYMBOLS = "♠♥♦♣"
_LOO_KEYS = {"s": "stand", "t": "throw", "m": "miss", "d": "defend"}
_NAP_KEYS = {"p": "pass", "n": "nap", "i": "misery", "w": "wellington", "b": "blucher"}
_LOO_LABELS = {"stand": "s stand", "throw": "t throw up", "miss": "m take miss", "defend": "d play miss for pool"}
_NAP_LABELS = {"pass": "p pass", "nap": "n Nap", "misery": "i misery", "wellington": "w Wellington"}
_NAP_LABELS |= {"blucher": "b Blücher"}
_DECL_WORDS = {Decl.NONE: "", Decl.STAND: "stood", Decl.THROW: "threw up", Decl.MISS: "took miss"}
_DECL_WORDS |= {Decl.DEFEND: "defends the pool"}

HELP = """\
1-9       pick a card; the same digit again, or Enter, plays it
          (an illegal pick says why, with the rule)
Enter     play the picked card; after a deal, go on to the next
/ or :    type a move: QH, 10S, 2, stand, miss, call 3, nap, buy 2C 3D,
          widow 5C, topcard 5C, spare AS KS QS JS TS, peep, raise
Escape    close the typing box, or drop the pick
PgUp/PgDn scroll the log

Loo   s stand   t throw up   m take the miss
      d play the miss for the pool (the dealer, against a lone stander)
Nap   p pass   1-4 call that many tricks   i misery   n Nap
      w Wellington   b Blücher   (buying: 1-5 mark discards, Enter buys)

r rules in force   l last trick   g pool and score sheet
? this help        q quit (saving first if a save file is set)

Table mode (--mode table): a card, declaration or call the rules forbid
opens a window with the rule it breaks and what its law will do:
y goes ahead, n or Esc takes it back.
x         the laws of the game; state one by its ID (4, LOO-LAW-8 P3)
          (or type it: / law 4)
Before the bots begin the declaring and the play the table waits:
Space or Enter goes on; or act out of turn (s, t, m, a card, a call).

Legal cards stand in brackets, [A♠], and in bold; the others are dim.
A finished trick stays in view a moment; any key collects it."""


def card_text(card: Card, ascii_only: bool = False) -> str:
    """A card as the table shows it: ``A♠``, ``10♥``; with ``ascii_only``, ``AS``, ``10H``."""
    rank = "10" if rank_of(card) == 8 else RANKS[rank_of(card)]
    return rank + (SUITS if ascii_only else SYMBOLS)[suit_of(card)]


def suit_text(suit: int, ascii_only: bool = False) -> str:
    """A suit's sign: ``♠`` or ``S``."""
    return (SUITS if ascii_only else SYMBOLS)[suit]


class InfoScreen(ModalScreen[None]):
    """A window over the table (help, rules, last trick, score sheet); any key closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > VerticalScroll {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface;
    }
    InfoScreen.-ascii > VerticalScroll { border: ascii $accent; }
    """

    def __init__(self, title: str, body: Text | str, *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static(self.body, id="info-body"))
        box.border_title = self.title_text
        box.border_subtitle = "any key closes"
        yield box

    def on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            return  # let the window scroll
        event.stop()
        if self.is_current:  # a second key (repeat, paste) may arrive while the window is closing
            self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """Table mode: what an irregular action breaks and what its law will do; ``y`` goes ahead, ``n`` or
    Escape takes it back."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > VerticalScroll {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: round $warning; padding: 0 1; background: $surface;
    }
    ConfirmScreen.-ascii > VerticalScroll { border: ascii $warning; }
    """

    def __init__(self, title: str, lines: list[str], *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        body = [*self.lines, "", f"{self.title_text} y: go ahead; n or Esc: take it back."]
        box = VerticalScroll(Static("\n".join(body), id="confirm-body"))
        box.border_title = self.title_text
        box.border_subtitle = "y go ahead   n or Esc take it back"
        yield box

    def on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            return  # let the window scroll
        event.stop()
        if not self.is_current:  # a second key (repeat, paste) may arrive while the window is closing
            return
        if event.key in ("y", "Y"):
            self.dismiss(True)
        elif event.key in ("n", "N", "escape"):
            self.dismiss(False)


class LawScreen(ModalScreen[str | None]):
    """Table mode, ``x``: the laws of the game, and a box to state one by its ID (``4``, ``LOO-LAW-8 P3``)."""

    DEFAULT_CSS = """
    LawScreen { align: center middle; }
    LawScreen > VerticalScroll {
        width: 100%; height: 1fr; border: round $accent; padding: 0 1; background: $surface;
    }
    LawScreen.-ascii > VerticalScroll { border: ascii $accent; }
    LawScreen > Input { dock: bottom; }
    """

    def __init__(self, lines: list[str], example: str, *, ascii_only: bool = False) -> None:
        super().__init__(classes="-ascii" if ascii_only else "")
        self.lines = lines
        self.example = example

    def compose(self) -> ComposeResult:
        box = VerticalScroll(Static("\n".join(self.lines), id="laws-body"))
        box.border_title = "The laws: state an irregularity"
        box.border_subtitle = "PgUp/PgDn scroll   Enter states it   Esc closes"
        yield box
        yield Input(id="law-entry", placeholder=f"the law's ID and any argument: {self.example}")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.is_current:
            self.dismiss(event.value.strip() or None)

    def on_key(self, event: events.Key) -> None:
        box = self.query_one(VerticalScroll)
        if event.key == "pageup":
            box.scroll_page_up()
        elif event.key == "pagedown":
            box.scroll_page_down()
        elif event.key == "escape" and self.is_current:
            event.stop()
            self.dismiss(None)


class TableApp(App[int]):
    """The full-screen table: build it on a :class:`Table` and its :class:`PlaySettings`, then ``run()``."""

    TITLE = "roundgames"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None  # keys go to the table; the typing box takes focus only when opened
    CSS = """
    Screen { layout: vertical; overflow: hidden; }
    #header, #seats, #panel, #status, #keys { text-wrap: nowrap; text-overflow: ellipsis; }
    #header { height: 1; background: $primary-darken-2; color: $text; text-style: bold; padding: 0 1; }
    #top { height: auto; max-height: 9; }
    #seats { width: 1fr; height: auto; max-height: 9; padding: 0 1; overflow-y: auto; }
    #panel { width: 28; height: auto; padding: 0 1; border-left: vkey $secondary; }
    #trick { height: 3; padding: 0 1; border-top: solid $secondary; }
    #log { height: 1fr; min-height: 2; padding: 0 1; border-top: solid $secondary; scrollbar-size-vertical: 1; }
    #status { height: 1; padding: 0 1; background: $boost; }
    #hand { height: 3; padding: 0 1; border-top: solid $secondary; }
    #keys { height: 2; padding: 0 1; background: $panel; }
    #entry { dock: bottom; display: none; height: 3; }
    #entry.-open { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(d), f"digit({d})", show=False) for d in range(1, 10)),
        *(Binding(k, f"word('{w}')", show=False) for k, w in (_LOO_KEYS | _NAP_KEYS).items()),
        Binding("enter", "confirm", "play", show=False),
        Binding("space", "collect", "go on", show=False),
        Binding("slash,colon", "open_entry", "type", show=False),
        Binding("escape", "escape", show=False),
        Binding("question_mark", "show_help", "help", show=False),
        Binding("r", "show_rules", "rules", show=False),
        Binding("l", "show_last_trick", "last trick", show=False),
        Binding("g", "show_sheet", "score sheet", show=False),
        Binding("x", "law", "law", show=False),
        Binding("pageup", "scroll_log(-1)", show=False),
        Binding("pagedown", "scroll_log(1)", show=False),
        Binding("q", "quit", "quit", show=False),
    ]

    def __init__(self, table: Table, settings: PlaySettings | None = None) -> None:
        super().__init__()
        self.table = table
        self.settings = settings or PlaySettings()
        if not self.settings.color and not self.no_color:  # --no-color: as Textual does for NO_COLOR
            self.no_color = True
            self._filters.append(NoColor() if self.native_ansi_color else Monochrome())
        #: the person's seat drawn at the bottom: the person to act, else the first person
        self.me = table.humans[0] if table.humans else 0
        self.selected: int | None = None  # index in the hand of the picked card
        self.discards: set[int] = set()  # Purchase Nap: cards marked to discard
        self.message: Text | None = None
        self.waiting: str | None = None  # "trick" (a finished trick in view), "deal" (payments in view), "over"
        self.finished: LooDeal | NapDeal | None = None  # the deal just settled, shown until the next
        self.timer: Timer | None = None
        self.logged = 0
        #: table mode: the deal and the stages ("before", "play") at which the table has waited for its people
        self.stops: tuple[object, set[str]] = (None, set())
        #: a window on an irregularity or a law is open: the bots wait for it
        self.deciding = False

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="top"):
            yield Static(id="seats")
            yield Static(id="panel")
        yield Static(id="trick")
        log = RichLog(id="log", wrap=True, max_lines=1000, markup=False, highlight=False)
        log.can_focus = False
        yield log
        yield Static(id="status")
        yield Static(id="hand")
        yield Static(id="keys")
        yield Input(id="entry", placeholder="a move: QH, 10S, stand, call 3, buy 2C 3D (Esc closes)")

    def on_mount(self) -> None:
        if self.settings.ascii:
            for wid in ("#trick", "#log", "#hand"):
                self.query_one(wid).styles.border_top = ("ascii", "gray")
            self.query_one("#panel").styles.border_left = ("ascii", "gray")
        self.title = f"roundgames {self.table.game}"
        deal = self.table.deal
        if deal is not None and deal.is_complete:
            self._deal_complete()
        self._advance()

    # -- what is drawn -------------------------------------------------------------------------

    def _deal(self) -> LooDeal | NapDeal | None:
        return self.table.deal if self.table.deal is not None else self.finished

    def _card(self, card: Card, style: str = "") -> Text:
        """A card, in its suit's colour unless colour is off."""
        colour = ""
        if self.settings.color:
            suit = suit_of(card)
            if suit == 1 or (suit == 2 and not self.settings.four_color):
                colour = "#ff6b6b"
            elif suit == 2:
                colour = "#5fafff"
            elif suit == 3 and self.settings.four_color:
                colour = "#5fd75f"
        return Text(card_text(card, self.settings.ascii), style=f"{style} {colour}".strip())

    def _arrow(self) -> str:
        return ">" if self.settings.ascii else "▶"

    def _refresh(self) -> None:
        """Redraw every part of the table from the table's state."""
        deal = self._deal()
        to_act = self.table.to_act
        if to_act is not None and to_act in self.table.humans:
            self.me = to_act
        self.query_one("#header", Static).update(self._header_text(deal))
        self.query_one("#seats", Static).update(self._seats_text(deal))
        self.query_one("#panel", Static).update(self._panel_text(deal))
        self.query_one("#trick", Static).update(self._trick_text(deal))
        self.query_one("#status", Static).update(self._status_text(deal))
        self.query_one("#hand", Static).update(self._hand_text(deal))
        self.query_one("#keys", Static).update(self._keys_text(deal))
        log = self.query_one("#log", RichLog)
        for line in self.table.events[self.logged :]:
            log.write(self._log_line(line))
        self.logged = len(self.table.events)

    def _log_line(self, line: str) -> Text:
        if not self.settings.ascii:
            return Text(line)
        return Text(line.translate({ord(s): SUITS[i] for i, s in enumerate(SYMBOLS)} | {ord("ü"): "u"}))

    def _header_text(self, deal: LooDeal | NapDeal | None) -> Text:
        t = self.table
        number = len(t.sitting.deals) + (t.sitting.current is not None)  # a finished deal is already counted
        parts = [f"{t.game.title()} ({t.rules.name})", f"deal {max(number, 1)}"]
        if t.game == "nap":
            parts[-1] += f" of {t.rounds * len(t.seats)}"
        if deal is not None:
            parts.append(f"dealer {deal.seats[deal.dealer]}")
        parts.append(f"seed {t.seed}")
        if t.table_mode:
            parts.append("table mode")
        return Text(" · ".join(parts) if not self.settings.ascii else " | ".join(parts))

    def _seat_status(self, deal: LooDeal | NapDeal, s: int) -> str:
        words = []
        if isinstance(deal, LooDeal):
            if s not in deal.order:
                words.append("sits out")
            elif deal.kind is Kind.SINGLE:
                words.append("single")
            else:
                words.append(_DECL_WORDS[deal.decls[s]] or "to declare")
        else:
            said = [c for seat, c in deal.calls if seat == s]
            if s not in deal.order:
                words.append("sits out")
            elif deal.declarer == s:
                words.append(f"senior, {deal.contract}")
            elif said:
                words.append("passed" if said[-1] == "pass" else f"called {said[-1]}")
        return ", ".join(w for w in words if w)

    def _seats_text(self, deal: LooDeal | NapDeal | None) -> Text:
        """The other seats, a line each; more than seven go two to a line, in short."""
        if deal is None:
            return Text("Shuffling...")
        view = deal.view(self.me)
        won = _tricks_won(view.tricks, deal.n)
        others = [s for s in range(deal.n) if s != self.me]
        short = len(others) > 7
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
                cell.append("bot " if bot else "    ", style="italic")
                cell.append(f"cards {view.card_counts[s]}  tricks {won[s]}  ")
            status = self._seat_status(deal, s)
            cell.append("?" if short and status == "to declare" else status, style="" if turn else "dim")
            cells.append(cell)
        if short:
            for i in range(0, len(cells) - 1, 2):
                cells[i].truncate(25, pad=True)
            rows = [Text(" ").join(cells[i : i + 2]) for i in range(0, len(cells), 2)]
            return Text("\n").join([Text("(b bot, c cards, t tricks)", style="dim"), *rows])
        return Text("\n").join(cells)

    def _panel_text(self, deal: LooDeal | NapDeal | None) -> Text:
        out = Text()
        if isinstance(deal, LooDeal):
            out.append("Trumps ")
            out.append(suit_text(suit_of(deal.turnup), self.settings.ascii) + " ", style="bold")
            out.append("turn-up ")
            out.append_text(self._card(deal.turnup))
            out.append(f"\nPool   {deal.pool_total}")
            if deal.kind is Kind.REGULAR:
                holder = deal.miss_holder
                out.append("\nMiss   " + ("untaken" if holder is None else f"taken by {deal.seats[holder]}"))
            kind = "" if deal.kind is Kind.REGULAR else f" ({deal.kind.value.replace('_', ' ')})"
            out.append(f"\nDealer {deal.seats[deal.dealer]}{kind}")
        elif isinstance(deal, NapDeal):
            out.append("Trumps ")
            if deal.trump is None:
                out.append("first lead", style="dim")
            else:
                out.append(suit_text(deal.trump, self.settings.ascii), style="bold")
            if deal.declarer is not None:
                out.append(f"\nCall   {deal.seats[deal.declarer]} {deal.contract}")
                out.append(f"\n       won {deal.won}, lost {deal.lost}")
            elif deal.highest is not None:
                out.append(f"\nHigh   {deal.seats[deal.highest[0]]} {deal.highest[1]}")
            widow = deal.view(self.me).widow
            if widow is not None:  # seen by peeping (NAP-VAR-PEEP)
                out.append("\nWidow  ")
                out.append_text(self._card(widow))
            if deal.rules.has_kitty:
                out.append(f"\nKitty  {deal.kitty}")
            if deal.multiplier > 1:
                out.append(f"\nStakes x{deal.multiplier}")
            out.append(f"\nDealer {deal.seats[deal.dealer]}" + (" (sits out)" if deal.dealer_out else ""))
        return out

    def _trick_line(self, deal: LooDeal | NapDeal, trick: Trick) -> Text:
        out = Text()
        for s, c in zip(trick.seats, trick.cards, strict=True):
            out.append(f"{deal.seats[s]} ")
            out.append_text(self._card(c, "bold underline" if s == trick.winner else ""))
            out.append("  ")
        return out

    def _trick_text(self, deal: LooDeal | NapDeal | None) -> Text:
        """The centre: the trick in progress (or the last one won), or the payments of a finished deal."""
        out = Text()
        if deal is None:
            return out
        if self.waiting in ("deal", "over"):
            head, paid = self._payments(deal)
            out.append("Deal over. ", style="bold")
            if isinstance(deal, LooDeal) and deal.kind is Kind.SINGLE:  # every card lies face up (LOO-SGL-1)
                for s in deal.order:
                    out.append(f"{deal.seats[s]} ")
                    out.append_text(self._card(max(hand_order(deal.dealt[s]))))
                    out.append("  ")
            out.append(f"{head}\n{paid}")
            return out
        current = deal.all_tricks()
        if current and current[-1].winner is None:
            trick = current[-1]
            out.append(f"Trick {len(current)}: ", style="bold")
            out.append_text(self._trick_line(deal, trick))
            if self.table.to_act is not None:
                out.append(f"{deal.seats[self.table.to_act]} ?", style="dim")
        elif deal.tricks:
            trick = deal.tricks[-1]
            assert trick.winner is not None
            out.append(f"Trick {len(deal.tricks)} to {deal.seats[trick.winner]}: ", style="bold")
            out.append_text(self._trick_line(deal, trick))
            if self.waiting == "trick":
                out.append("(any key)", style="dim")
        elif isinstance(deal, LooDeal) and deal.phase is Phase.DECLARE:
            out.append("Declaring: stand, throw up, or take the miss.", style="dim")
        elif isinstance(deal, NapDeal) and deal.phase is NapPhase.PURCHASE:
            out.append("Buying: each in turn discards and buys as many from the stock.", style="dim")
        elif isinstance(deal, NapDeal) and deal.phase is NapPhase.CALL:
            out.append("Calling: each in turn passes or calls higher.", style="dim")
        elif self._playing(deal) and self.table.to_act is not None:
            out.append(f"{deal.seats[self.table.to_act]} to lead.", style="dim")
            if isinstance(deal, NapDeal) and deal.trump is None:
                out.append(" The first card led fixes trumps.", style="dim")
        return out

    def _payments(self, deal: LooDeal | NapDeal) -> tuple[str, str]:
        """What happened in a finished deal, and what each seat received (+) or paid (-)."""
        paid = ", ".join(f"{name} {deal.net[i]:+d}" for i, name in enumerate(deal.seats))
        if isinstance(deal, LooDeal):
            if deal.winner_without_play is not None and deal.kind is not Kind.SINGLE:
                head = f"{deal.seats[deal.winner_without_play]} takes the pool without play."
            else:
                head = f"Looed: {', '.join(deal.seats[s] for s in deal.looed) or 'nobody'}."
            return head, f"{paid}. Pool {deal.pool_total}."
        if deal.declarer is None:
            return "All passed.", f"{paid}."
        return f"{deal.seats[deal.declarer]} {'made' if deal.made else 'lost'} {deal.contract}.", f"{paid}."

    def _status_text(self, deal: LooDeal | NapDeal | None) -> Text:
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
        if deal is None or seat is None:
            return Text("")
        if seat not in self.table.humans:
            return Text(f"{deal.seats[seat]} to act...", style="dim")
        if isinstance(deal, LooDeal):
            if deal.phase is Phase.DECLARE:
                return Text("Your turn to declare: " + self._phase_keys(deal, seat), style="bold")
            return Text("Your turn: pick a card (legal in brackets), Enter plays it.", style="bold")
        if deal.phase is NapPhase.PURCHASE:
            return Text("Buying: 1-5 mark cards to discard, Enter buys as many (none: keep your hand).")
        if deal.phase is NapPhase.CALL:
            return Text("Your call: " + self._phase_keys(deal, seat), style="bold")
        lead = " (your lead fixes trumps)" if deal.trump is None and not deal.trick_cards else ""
        return Text(f"Your turn: pick a card{lead}, Enter plays it.", style="bold")

    def _hand_text(self, deal: LooDeal | NapDeal | None) -> Text:
        out = Text()
        if deal is None:
            return out
        view = deal.view(self.me)
        name = deal.seats[self.me]
        won = _tricks_won(view.tricks, deal.n)[self.me]
        status = self._seat_status(deal, self.me)
        out.append(f"{name}: tricks {won}" + (f", {status}" if status else ""), style="bold")
        if self.table.to_act == self.me and self.waiting is None:
            out.append(" (your turn)", style="bold")
        out.append("\n")
        cards = hand_order(view.hand)
        if not cards:
            if isinstance(deal, LooDeal) and deal.phase is Phase.DECLARE and deal.decls[self.me] is Decl.NONE:
                out.append("(your cards lie face down until your turn to declare)", style="dim")
            elif isinstance(deal, LooDeal) and deal.decls[self.me] is Decl.THROW:
                out.append("(thrown up)", style="dim")
            else:
                out.append("(no cards)", style="dim")
            return out
        legal = set(self._legal_cards(deal))
        playing = self._playing(deal) and self.table.to_act == self.me and self.waiting is None
        for i, c in enumerate(cards):
            picked = i == self.selected or i in self.discards
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

    def _phase_keys(self, deal: LooDeal | NapDeal, seat: int) -> str:
        texts = self.table.legal_texts(seat)
        if isinstance(deal, LooDeal):
            return "  ".join(_LOO_LABELS[t] for t in texts if t in _LOO_LABELS)
        calls = [t for t in texts if t in ("1", "2", "3", "4")]
        parts = [_NAP_LABELS["pass"]] if "pass" in texts else []
        if calls:
            parts.append(f"{' '.join(calls)} call")
        parts += [_NAP_LABELS[t] for t in texts if t in _NAP_LABELS and t != "pass"]
        typed = [t.split()[0] for t in texts if t.split()[0] in ("peep", "raise", "spare")]
        if typed:
            parts.append("/" + " /".join(typed))
        return "  ".join(parts)

    def _keys_text(self, deal: LooDeal | NapDeal | None) -> Text:
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
        elif deal is not None and seat is not None and seat in self.table.humans:
            if self._playing(deal):
                out.append(f"1-{len(hand_order(deal.hands[seat]))} pick a card   Enter or the digit again: play")
                if isinstance(deal, NapDeal) and any(
                    t.startswith(("widow", "topcard")) for t in self.table.legal_texts(seat)
                ):
                    out.append("   /widow C  /topcard C")
            elif isinstance(deal, NapDeal) and deal.phase is NapPhase.PURCHASE:
                out.append("1-5 mark discards   Enter buy")
            else:
                out.append(self._phase_keys(deal, seat))
        else:
            out.append("bots are playing...", style="dim")
        law = "  x law" if self.table.table_mode else ""
        out.append(f"\n/ type a move{law}  ? help  r rules  l last trick  g sheet  q quit")
        return out

    # -- the state of play ---------------------------------------------------------------------

    @staticmethod
    def _playing(deal: LooDeal | NapDeal) -> bool:
        return deal.phase is (Phase.PLAY if isinstance(deal, LooDeal) else NapPhase.PLAY)

    def _legal_cards(self, deal: LooDeal | NapDeal) -> list[Card]:
        if self.table.to_act != self.me or not self._playing(deal):
            return []
        return [c for c in hand_order(deal.hands[self.me]) if deal.can_play(self.me, c)]

    def _say(self, text: str, style: str = "") -> None:
        self.message = Text(text, style=style)

    def _save(self) -> None:
        if self.settings.save_path:
            try:
                self.table.save(self.settings.save_path)
            except RoundgamesError as e:
                self._say(f"! {e}", "bold")

    def _export(self) -> None:
        if self.settings.export_path:
            try:
                self.table.export(self.settings.export_path)
            except RoundgamesError as e:
                self._say(f"! {e}", "bold")

    def _advance(self) -> None:
        """Let the bots act (now, or on a timer) until a person must act, a trick or deal is in view."""
        while self.timer is None and self.waiting is None:
            deal = self.table.deal
            if deal is None or deal.is_complete:  # between deals (the table keeps the last one in view)
                if self.table.is_over:
                    self._sitting_over()
                    break
                self.finished = None
                try:
                    self.table.start_deal()
                except RoundgamesError as e:  # the sitting cannot go on: say why, and end it here
                    self._say(f"! {e}", "bold")
                    self._sitting_over()
                    break
                self._save()
                if self.table.deal is not None and self.table.deal.is_complete:  # Peel's single settles at once
                    self._deal_complete()
                continue
            seat = self.table.to_act
            if seat is None or seat in self.table.humans or self._holding():
                break
            if self._stop_due():
                self.waiting = "aside"
                break
            if self.settings.bot_delay > 0:
                self.timer = self.set_timer(self.settings.bot_delay, self._bot_timer)
                break
            self._bot_once()
        self._refresh()

    def _bot_timer(self) -> None:
        self.timer = None
        to_act = self.table.to_act
        if self.waiting is None and not self._holding() and to_act is not None and to_act not in self.table.humans:
            self._bot_once()
        self._advance()

    def _holding(self) -> bool:
        """Whether the bots wait: a person is deciding on an irregularity, or stating a law (table mode)."""
        return self.deciding

    def _stop_due(self) -> bool:
        """Table mode: whether the table should wait for its people before a bot begins a stage."""
        stage = stop_due(self.table)
        if stage is None:
            return False
        if self.stops[0] is not self.table.deal:
            self.stops = (self.table.deal, set())
        if stage in self.stops[1]:
            return False
        self.stops[1].add(stage)
        return True

    def _go_on(self) -> None:
        """End the table's wait for its people: the bots go on."""
        self.waiting = None
        self.message = None
        self.selected = None
        self._advance()

    def _bot_once(self) -> None:
        deal = self.table.deal
        assert deal is not None
        before = len(deal.tricks)
        self.table.bot_step()
        self._after_action(deal, before)

    def _after_action(self, deal: LooDeal | NapDeal, tricks_before: int) -> None:
        """Save; then hold a finished trick in view, or show the payments of a finished deal."""
        self._save()
        if deal.is_complete:
            self._deal_complete()
        elif len(deal.tricks) > tricks_before and self.settings.trick_pause > 0:
            self.waiting = "trick"
            self.timer = self.set_timer(self.settings.trick_pause, self._collect)

    def _deal_complete(self) -> None:
        """Settle the finished deal into the sitting and hold its payments in view until a key."""
        self.finished = self.table.deal  # the table has settled it into the sitting already
        self._save()
        self.selected = None
        self.discards.clear()
        if self.table.is_over:
            self._sitting_over()
        else:
            self.waiting = "deal"

    def _collect(self) -> None:
        """End a trick pause: the bots go on."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if self.waiting == "trick":
            self.waiting = None
        self._advance()

    def _next_deal(self) -> None:
        self.waiting = None
        self.message = None
        self._advance()

    def _sitting_over(self) -> None:
        self.waiting = "over"
        self._export()
        self.push_screen(InfoScreen("The sitting is over", self._sheet(), ascii_only=self.settings.ascii))

    def _human_seat(self) -> int | None:
        """The person to act now, or None after saying who is."""
        seat = self.table.to_act
        if seat is not None and seat in self.table.humans:
            return seat
        deal = self.table.deal
        if (
            self.table.table_mode
            and deal is not None
            and not deal.is_complete
            and self.me in self.table.humans
            and self.waiting in (None, "aside", "trick")
        ):
            return self.me  # out of turn: the laws rule on it (LOO-LAW-5, -10, NAP-LAW-4, -7)
        if seat is not None and deal is not None:
            self._say(f"Not your turn: {deal.seats[seat]} is to act.")
        return None

    def _act(self, text: str) -> bool:
        """Do what the person typed; an illegal try shows its reason and the rule, and changes nothing.
        In table mode an irregular one asks first, saying what its law will do."""
        seat = self._human_seat()
        deal = self.table.deal
        if seat is None or deal is None:
            self._refresh()
            return False
        lines = warning(self.table, seat, text)
        if lines is not None:
            verb = self.table.parse(seat, text).verb
            title = {"irregular": "State it?", "play": "Play it anyway?"}.get(verb, "Do it anyway?")
            screen = ConfirmScreen(title, lines, ascii_only=self.settings.ascii)
            self.deciding = True
            self.push_screen(screen, lambda ok: self._confirmed(seat, text, bool(ok)))
            return False
        return self._commit(seat, text)

    def _confirmed(self, seat: int, text: str, ok: bool) -> None:
        self.deciding = False
        if ok:
            self._commit(seat, text)
            return
        self._say("Not done: nothing has changed.")
        self._advance()

    def _commit(self, seat: int, text: str) -> bool:
        deal = self.table.deal
        assert deal is not None
        before = len(deal.tricks)
        try:
            self.table.act(seat, text)
        except RoundgamesError as e:
            self._say(f"! {e}", "bold")
            self._refresh()
            return False
        self.message = None
        self.selected = None
        self.discards.clear()
        if self.waiting == "aside" and self.table.to_act in self.table.humans:
            self.waiting = None  # what he did made it a person's turn
        self._after_action(deal, before)
        self._advance()
        return True

    def _interrupt(self) -> bool:
        """A key while a trick or a deal's payments are in view goes on; returns whether it did."""
        if self.waiting == "trick":
            self._collect()
            return True
        if self.waiting == "deal":
            self._next_deal()
            return True
        return False

    # -- actions (keys) ------------------------------------------------------------------------

    def action_digit(self, n: int) -> None:
        """A digit: pick (or play) a card, make a Nap call, or mark a card to discard."""
        if self._interrupt():
            return
        deal = self.table.deal
        seat = self._human_seat()
        if deal is None or seat is None:
            self._refresh()
            return
        if isinstance(deal, NapDeal) and deal.phase is NapPhase.CALL:
            if n > 4:
                self._say("Calls are 1 to 4 tricks, n Nap, i misery, p pass.")
                self._refresh()
                return
            self._act(str(n))
            return
        hand = hand_order(deal.hands[seat])
        if not 1 <= n <= len(hand):
            self._say(f"Your hand has {len(hand)} cards (1 to {len(hand)}).")
            self._refresh()
            return
        if isinstance(deal, NapDeal) and deal.phase is NapPhase.PURCHASE:
            self.discards ^= {n - 1}
            self.message = None
            self._refresh()
            return
        if not self._playing(deal):
            rule = "LOO-DECL-1" if isinstance(deal, LooDeal) else "NAP-CALL-1"
            self._say(f"Not yet: declare first ({rule}): " + self._phase_keys(deal, seat))
            self._refresh()
            return
        if self.selected == n - 1:
            self._act(str(n))
            return
        self.selected = n - 1
        card = hand[n - 1]
        action = self.table.parse(seat, str(n))
        broken = strict_error(deal, action)
        if broken is None:
            self._say(f"{card_text(card, self.settings.ascii)} picked: Enter (or {n} again) plays it.")
        elif self.table.table_mode:
            self._say(f"! {broken}; Enter to play it anyway under its law", "bold")
        else:
            self._say(f"! {broken}", "bold")
        self._refresh()

    def action_confirm(self) -> None:
        """Enter: play the picked card, buy the marked cards, or go on to the next deal."""
        if self._interrupt():
            return
        if self.waiting == "over":
            self.action_show_sheet()
            return
        if self.waiting == "aside" and self.selected is None and not self.discards:
            self._go_on()
            return
        deal = self.table.deal
        if deal is None or self._human_seat() is None:
            self._refresh()
            return
        if isinstance(deal, NapDeal) and deal.phase is NapPhase.PURCHASE:
            hand = hand_order(deal.hands[self.me])
            self._act(" ".join(["buy", *(card_text(hand[i], True) for i in sorted(self.discards))]))
            return
        if self.selected is None:
            self._say("Pick a card first with its number.")
            self._refresh()
            return
        self._act(str(self.selected + 1))

    def action_word(self, word: str) -> None:
        """A phase key: Loo ``stand``/``throw``/``miss``/``defend``, Nap ``pass``/``nap``/``misery``/..."""
        if self._interrupt():
            return
        keys = _LOO_KEYS if self.table.game == "loo" else _NAP_KEYS
        if word not in keys.values():
            key = next(k for k, w in (_LOO_KEYS | _NAP_KEYS).items() if w == word)
            self._say(f"{key}: no such key in {self.table.game.title()} (? for help).")
            self._refresh()
            return
        self._act(word)

    def action_collect(self) -> None:
        """Space: collect the trick in view, go on to the next deal, or end the table's wait (table mode)."""
        if self.waiting == "aside":
            self._go_on()
            return
        self._interrupt()

    def action_open_entry(self) -> None:
        """``/`` or ``:``: open the box for a typed move."""
        entry = self.query_one("#entry", Input)
        entry.add_class("-open")
        entry.value = ""
        entry.focus()

    def _close_entry(self) -> None:
        entry = self.query_one("#entry", Input)
        entry.remove_class("-open")
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self._close_entry()
        if not text:
            return
        if text in ("?", "help"):
            self.action_show_help()
            return
        words = text.split()
        if words[0].lower() == "laws" and len(words) == 1:
            self.action_law()
            return
        self._interrupt()  # a typed move collects the trick in view, or goes on to the next deal
        if words[0].lower() == "law":
            self._law(" ".join(words[1:]))
            return
        self._act(text)

    def action_law(self) -> None:
        """``x``: in table mode, the laws of the game and a box to state one by its ID."""
        if not self.table.table_mode:
            self._say("x: irregularities are accepted only in table mode (roundgames play --mode table).")
            self._refresh()
            return
        if self._human_seat() is None:
            self._refresh()
            return
        example = "4, LOO-LAW-8 P3, LOO-LAW-1 5H" if self.table.game == "loo" else "6, NAP-LAW-8 5H"
        screen = LawScreen(law_lines(self.table), example, ascii_only=self.settings.ascii)
        self.deciding = True
        self.push_screen(screen, lambda text: self._law(text or ""))

    def _law(self, text: str) -> None:
        self.deciding = False
        """State the law ``text`` names (``4``, ``LOO-LAW-1 5H``): asked first, as any irregularity."""
        if not self.table.table_mode:
            self._say("law: irregularities are accepted only in table mode (roundgames play --mode table).")
            self._refresh()
            return
        if not text.strip():
            self._advance()
            return
        self._act(stated(self.table, text.split()))

    def action_escape(self) -> None:
        """Escape: close the typing box, or drop the pick."""
        if self.query_one("#entry", Input).has_class("-open"):
            self._close_entry()
        self.selected = None
        self.discards.clear()
        self.message = None
        self._refresh()

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one("#log", RichLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def _info(self, title: str, body: Text | str) -> None:
        self.push_screen(InfoScreen(title, body, ascii_only=self.settings.ascii))

    def action_show_help(self) -> None:
        """``?``: the keys."""
        help_text = HELP
        if self.settings.ascii:
            help_text = help_text.replace("[A♠]", "[AS]").replace("ü", "u")
        self._info("Help", help_text)

    def action_show_rules(self) -> None:
        """``r``: the rules in force at this table."""
        mode = MODE_LINES["table" if self.table.table_mode else "strict"]
        self._info("Rules in force", "\n".join([*self.table.rules_lines(), "  " + mode]))

    def action_show_last_trick(self) -> None:
        """``l``: the last finished trick."""
        deal = self._deal()
        trick = deal.tricks[-1] if deal is not None and deal.tricks else None
        if deal is None or trick is None:
            self._info("Last trick", "No trick has been finished in this deal yet.")
            return
        assert trick.winner is not None
        body = Text(f"Trick {len(deal.tricks)}, led by {deal.seats[trick.leader]}:\n\n")
        body.append_text(self._trick_line(deal, trick))
        body.append(f"\n\n{deal.seats[trick.winner]} wins it.")
        self._info("Last trick", body)

    def _sheet(self) -> Text:
        t = self.table
        rows = t.score_sheet()
        deals = len(rows[0][1]) if rows else 0
        shown = min(deals, 8)
        first = deals - shown
        out = Text()
        what = "Pool" if t.game == "loo" else "Kitty"
        deal = t.deal
        if isinstance(deal, LooDeal):
            pot = deal.pool_total
        elif isinstance(deal, NapDeal):
            pot = deal.kitty
        else:
            pot = t.sitting.pool if isinstance(t.sitting, LooSitting) else t.sitting.kitty
        out.append(f"{what}: {pot}    Deals finished: {deals}\n\n")
        head = f"{'':<10}" + "".join(f"{'#' + str(first + i + 1):>6}" for i in range(shown)) + f"{'total':>8}"
        out.append(head + "\n", style="bold")
        if first:
            out.append(f"(the first {first} deals are left off)\n", style="dim")
        for name, per_deal, total in rows:
            out.append(f"{name[:10]:<10}" + "".join(f"{v:>+6d}" for v in per_deal[first:]))
            out.append(f"{total:>+8d}\n", style="bold")
        if self.table.is_over:
            out.append("\nThe sitting is over.", style="bold")
        return out

    def action_show_sheet(self) -> None:
        """``g``: the pool (or kitty) and the score sheet."""
        self._info("Pool and score sheet", self._sheet())

    async def action_quit(self) -> None:
        """``q``: save (and export) if asked to, then leave."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self._save()
        self._export()
        self.exit(0)


def _tricks_won(tricks: tuple[Trick, ...], seat_count: int) -> list[int]:
    won = [0] * seat_count
    for t in tricks:
        if t.winner is not None:
            won[t.winner] += 1
    return won


def run(table: Table, settings: PlaySettings) -> int:
    """Run the full-screen table until the person quits; returns the exit status."""
    app = TableApp(table, settings)
    app.run()
    return app.return_code or 0
