"""The full-screen terminal table of ``roundgames play``: a Textual view of a :class:`~roundgames.session.table.Table`.

The screen fits 80x24 and reflows when resized: the other seats one line each and the
trump and pool panel at the top, the trick in the centre, a scrolling log, a status line
for prompts and for the reason an action is refused, your hand numbered from 1 with the
legal cards in brackets, and two lines of keys (:mod:`roundgames.terminal.tui_panels` draws them).

Keys: ``1``-``9`` pick a card (the same digit again, or Enter, plays it; while bidding, the
digits are the moves the game numbers, Nap's calls; for a move that names cards, an exchange
(LOO5-2) or Nap's purchase, they mark the cards and ``e`` or Enter makes it, the stock's count
in view); with the ace of trumps picked, ``c`` leads it saying "Pam be civil" (LOO5-4), and otherwise, at a
turn to play a card, ``c`` claims the remaining tricks (shown among the keys at each such turn; the bots answer
from their own view: :mod:`roundgames.session.claims`); ``/`` or ``:`` opens a box for a typed
move (``QH``, ``10S``, ``stand``, ``call 3``, ``buy 2C 3D``); a letter is the game's verb
whose key it is in its verb table (Loo ``s`` stand, ``t`` throw up, ``m`` take the miss, ``d``
play the miss for the pool; Nap ``p`` pass, ``n`` Nap, ``i`` misery, ``w`` Wellington, ``b``
Blücher); ``?`` help, ``r`` rules in force, ``l`` last trick, ``g`` pool and score sheet,
``h`` a hint (the expert bot's value of each option, at a table started with ``--hints``: the deal is then
marked on the score sheet), ``q`` quit (saving first when a save file is set). These keys of the table's own win over a
verb's (Nap's ``r``, raise; Loo's ``x``, exchange): such a verb is typed after ``/``.

In table mode (``--mode table``) an action the rules forbid opens a window saying what it breaks
and what its law will do: ``y`` goes ahead, ``n`` or Escape takes it back. ``x`` lists the laws and
states one by its ID. Before the bots begin the declaring (the calling) and the play the table
waits: Space or Enter lets it go on, or the person acts out of turn.

A person's flush is shown for him at once when the declaring ends, as a bot's is: he has no choice
(LOO5-6, RULES.md §14.34). Where a game offers a person something out of his turn before a bot
acts (none does now), the table waits for him once: he acts, or Space lets the bot go on.
Pam (LOO5-3) is drawn with ``(Pam)`` after it. An unknown key says so.

Only what the person's seat may see is drawn: the seat's own view of the deal, public
tricks and declarations, and the log the table keeps for the people at it.
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.filter import Monochrome, NoColor
from textual.timer import Timer
from textual.widgets import Input, RichLog, Static

from ..bots.claims import tricks_claimed
from ..core.cards import SUITS, card_str
from ..core.errors import RecordError, RoundgamesError
from ..games.protocol import Stage
from ..guide import house_rules, page_of, rules_command, teaching_text
from ..session.analysis import option_lines
from ..session.claims import claim
from ..session.input import letter_action
from ..session.laws import MODE_LINES, law_lines, stated, stop_due, strict_error, warning
from ..session.table import PlaySettings, Table
from ..session.words import TableDeal, doing, hand_order, you
from .plain import show
from .tui_panels import OWN_KEYS, SYMBOLS, Panels, card_text, suit_text
from .tui_screens import ConfirmScreen, InfoScreen, LawScreen
from .tui_words import INFO_WIDTH, help_text, quit_lines

__all__ = [
    "SYMBOLS",
    "ConfirmScreen",
    "InfoScreen",
    "LawScreen",
    "TableApp",
    "card_text",
    "help_text",
    "quit_lines",
    "run",
    "suit_text",
]


class TableApp(Panels, App[int]):
    """The full-screen table: build it on a :class:`Table` and its :class:`PlaySettings`, then ``run()``."""

    TITLE = "roundgames"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None  # keys go to the table; the typing box takes focus only when opened
    CSS = """
    Screen { layout: vertical; overflow: hidden; }
    #header, #seats, #panel, #keys { text-wrap: nowrap; text-overflow: ellipsis; }
    #header { height: 1; background: $primary-darken-2; color: $text; text-style: bold; padding: 0 1; }
    #top { height: auto; max-height: 9; }
    #seats { width: 1fr; height: auto; max-height: 9; padding: 0 1; overflow-y: auto; }
    #panel { width: 28; height: auto; padding: 0 1; border-left: vkey $secondary; }
    #trick { height: auto; min-height: 3; max-height: 5; padding: 0 1; border-top: solid $secondary; }
    #log { height: 1fr; min-height: 2; padding: 0 1; border-top: solid $secondary; scrollbar-size-vertical: 1; }
    #status { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    #hand { height: 3; padding: 0 1; border-top: solid $secondary; }
    #keys { height: 2; padding: 0 1; background: $panel; }
    #entry { dock: bottom; display: none; height: 3; }
    #entry.-open { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(d), f"digit({d})", show=False) for d in range(1, 10)),
        # Every other letter is the game's verb whose key it is (or says the game has none).
        *(Binding(c, f"letter('{c}')", show=False) for c in ascii_lowercase if c not in OWN_KEYS),
        Binding("enter", "confirm", "play", show=False),
        Binding("space", "collect", "go on", show=False),
        Binding("slash,colon", "open_entry", "type", show=False),
        Binding("escape", "escape", show=False),
        Binding("question_mark", "show_help", "help", show=False),
        Binding("r", "show_rules", "rules", show=False),
        Binding("l", "show_last_trick", "last trick", show=False),
        Binding("g", "show_sheet", "score sheet", show=False),
        Binding("h", "hint", "hint", show=False),
        Binding("x", "law", "law", show=False),
        Binding("e", "marked", "the marked cards' move", show=False),
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
        self.marked: set[int] = set()  # cards marked for a move that names cards (Nap's purchase)
        self.message: Text | None = None
        self.waiting: str | None = None  # "trick" (a finished trick in view), "deal" (payments in view), "over"
        self.finished: TableDeal | None = None  # the deal just settled, shown until the next
        self.timer: Timer | None = None
        self.logged = 0
        #: table mode: the deal and the stages ("before", "play") at which the table has waited for its people
        self.stops: tuple[object, set[str]] = (None, set())
        #: a window on an irregularity or a law is open: the bots wait for it
        self.deciding = False
        #: the deal in which a person was given the chance to act out of turn before a bot: once a deal
        self.chances: tuple[object, bool] = (None, False)

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
        deal = self.table.in_play
        if deal is not None and deal.is_complete:
            self._deal_complete()
        self._advance()

    # -- what is drawn -------------------------------------------------------------------------

    def _deal(self) -> TableDeal | None:
        return self.table.in_play if self.table.in_play is not None else self.finished

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
            deal = self.table.in_play
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
                if self.table.in_play is not None and self.table.in_play.is_complete:  # Peel's single settles at once
                    self._deal_complete()
                continue
            seat = self.table.to_act
            forced = self.table.forced_action() is not None  # made for the person too: he has no choice (§14.34)
            if seat is None or (seat in self.table.humans and not forced) or self._holding():
                break
            if not forced and self._chance_due():
                self.waiting = "chance"
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
        bots = to_act not in self.table.humans or self.table.forced_action() is not None
        if self.waiting is None and not self._holding() and to_act is not None and bots:
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
        if self.stops[0] is not self.table.in_play:
            self.stops = (self.table.in_play, set())
        if stage in self.stops[1]:
            return False
        self.stops[1].add(stage)
        return True

    def _chance_due(self) -> bool:
        """Whether a person may act out of turn now, before a bot does (what the game offers out of turn,
        ``side_actions``; since §14.34 no game offers anything, a flush being shown in its holder's turn): the table
        then waits for him once in the deal, as the bot's action may close the chance."""
        deal = self.table.in_play
        if deal is None or self.chances[0] is deal:
            return False
        for person in self.table.humans:
            if self.table.legal_texts(person, aside=True):
                self.chances = (deal, True)
                self.me = person
                return True
        return False

    def _go_on(self) -> None:
        """End the table's wait for its people: the bots go on."""
        self.waiting = None
        self.message = None
        self.selected = None
        self._advance()

    def _bot_once(self) -> None:
        deal = self.table.in_play
        assert deal is not None
        before = len(deal.tricks)
        self.table.bot_step()
        self._after_action(deal, before)

    def _after_action(self, deal: TableDeal, tricks_before: int) -> None:
        """Save; then hold a finished trick in view, or show the payments of a finished deal."""
        self._save()
        if deal.is_complete:
            self._deal_complete()
        elif len(deal.tricks) > tricks_before and self.settings.trick_pause > 0:
            self.waiting = "trick"
            self.timer = self.set_timer(self.settings.trick_pause, self._collect)

    def _deal_complete(self) -> None:
        """Settle the finished deal into the sitting and hold its payments in view until a key."""
        self.finished = self.table.in_play  # the table has settled it into the sitting already
        self._save()
        self.selected = None
        self.marked.clear()
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
        deal = self.table.in_play
        if self.waiting == "chance":
            return self.me  # his move out of turn: the game judges it (what it offers him out of turn)
        if self.table.table_mode and deal is not None and self.me in self.table.humans:
            if not deal.is_complete and self.waiting in (None, "aside", "trick"):
                return self.me  # out of turn: the laws rule on it (LOO-LAW-5, -10, NAP-LAW-4, -7)
            if deal.voidable and self.waiting == "deal":
                return self.me  # a law of the deal on Peel's single, settled as it was dealt (§14.30)
        if seat is not None and deal is not None:
            self._say(f"Not your turn: {deal.seats[seat]} is to act.")
        return None

    def _act(self, text: str) -> bool:
        """Do what the person typed; an illegal try shows its reason and the rule, and changes nothing.
        In table mode an irregular one asks first, saying what its law will do."""
        seat = self._human_seat()
        deal = self.table.in_play
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
        deal = self.table.in_play
        assert deal is not None
        before = len(deal.tricks)
        try:
            self.table.act(seat, text)
        except RoundgamesError as e:  # a malformed action (a card not held, RULES.md §14.23) without its record field
            self._say(f"! {e.reason if isinstance(e, RecordError) else e}", "bold")
            self._refresh()
            return False
        self.message = None
        self.selected = None
        self.marked.clear()
        if self.waiting == "chance" or (self.waiting == "aside" and self.table.to_act in self.table.humans):
            self.waiting = None  # what he did ended the wait, or made it a person's turn
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
        """A digit: pick (or play) a card, make a move the game numbers (a Nap call), or mark a card."""
        if self._interrupt():
            return
        deal = self.table.in_play
        seat = self._human_seat()
        if deal is None or seat is None:
            self._refresh()
            return
        view = deal.view(seat)
        hand = hand_order(view.hand)
        if view.stage is not Stage.PLAY and self._marking_verb(view) is None:
            self._numbered_move(n, seat)
            return
        if not 1 <= n <= len(hand):
            self._say(f"Your hand has {len(hand)} cards (1 to {len(hand)}).")
            self._refresh()
            return
        if view.stage is not Stage.PLAY:  # marking the cards of a move that names them (NAP-VAR-PURCHASE)
            self.marked ^= {n - 1}
            self.message = None
            self._refresh()
            return
        if self.selected == n - 1:
            self._act(str(n))
            return
        self.selected = n - 1
        action = self.table.parse(seat, str(n))
        broken = strict_error(deal, action)
        if broken is None:
            ways = "".join(f"; {self._way_words(text)}" for text in self._card_ways(card_str(hand[n - 1])))
            self._say(f"{card_text(hand[n - 1], self.settings.ascii)} picked: Enter (or {n} again) plays it{ways}.")
        elif self.table.table_mode:
            self._say(f"! {broken}; Enter to play it anyway under its law", "bold")
        else:
            self._say(f"! {broken}", "bold")
        self._refresh()

    def _way_words(self, text: str) -> str:
        """``c: play it and say "Pam be civil"``: the key of a way to play the picked card, and what it does."""
        said = self.table.describe(self.table.parse(self.me, text))
        code = text.split()[0]
        return f"{text.split()[1][0]}: play it {said.split(code, 1)[-1].strip()}" if code in said else text

    def _numbered_move(self, n: int, seat: int) -> None:
        """A digit while bidding: the move the game numbers so (Nap's call of ``n``), else why not."""
        deal = self.table.in_play
        assert deal is not None
        verbs = self.table.spec.verbs
        numbered = [d for d in "123456789" if verbs.expand(d) is not None]
        if str(n) in numbered:
            self._act(str(n))
            return
        keys = self._phase_keys(deal, seat)
        if numbered:
            what = (verbs.expand(numbered[0]) or "").split()[0]
            self._say(f"{n}: no {what} of {n} here; {what} {numbered[0]}-{numbered[-1]} by number, or {keys}")
        else:
            first = verbs[deal.legal_actions()[0].verb] if deal.legal_actions() else None
            rule = f" ({first.rule})" if first is not None else ""
            self._say(f"Not yet: {doing(deal.view(seat))} first{rule}: {keys}")
        self._refresh()

    def action_confirm(self) -> None:
        """Enter: play the picked card, make the move of the marked cards, or go on to the next deal."""
        if self._interrupt():
            return
        if self.waiting == "over":
            self.action_show_sheet()
            return
        if self.waiting in ("aside", "chance") and self.selected is None and not self.marked:
            self._go_on()
            return
        deal = self.table.in_play
        if deal is None or self._human_seat() is None:
            self._refresh()
            return
        view = deal.view(self.me)
        marking = self._marking_verb(view)
        if marking is not None:
            hand = hand_order(view.hand)
            self._act(" ".join([marking.word, *(card_str(hand[i]) for i in sorted(self.marked))]))
            return
        if self.selected is None:
            self._say("Pick a card first with its number.")
            self._refresh()
            return
        self._act(str(self.selected + 1))

    def action_letter(self, key: str) -> None:
        """A letter: the game's verb whose key it is (``s`` stand, ``n`` Nap), made at once; or the first letter of
        the word the picked card may be played with (``c``: the ace of trumps led with "Pam be civil", LOO5-4)."""
        if self._interrupt():
            return
        with_word = self._card_way(key)
        if with_word is not None:
            self._act(with_word)
            return
        if key == "c":  # no verb of any game has it: the claim of the remaining tricks
            self._claim()
            return
        if letter_action(self.table.spec.verbs, key) is None:
            self._say(f"{key}: no such key in {self.table.spec.title} (? for help).")
            self._refresh()
            return
        self._act(key)

    def _claim(self) -> None:
        """``c``: claim the remaining tricks at his turn to play a card; the bots answer from their own view, and an
        accepted claim is played out, a declined one plays on (:mod:`roundgames.session.claims`)."""
        deal = self.table.in_play
        seat = self.table.to_act if self.table.to_act is not None else self.me
        if deal is None:
            return
        before, tricks = len(deal.tricks), int.bit_count(deal.hands[seat])
        try:
            claimed = claim(self.table, seat)
        except RoundgamesError as e:
            self._say(f"c: {e.reason if isinstance(e, RecordError) else e}.")
            self._refresh()
            return
        left = tricks_claimed(tricks)
        said = "; ".join(claimed.said)
        self._say(you(f"{deal.seats[seat]} claims {left}, cards face up: {said}."))
        self.selected = None
        if claimed.done:
            self._after_action(deal, before)
            self._advance()
        else:
            self._refresh()

    def _card_way(self, key: str) -> str | None:
        """The picked card played with a word of the game's whose first letter is ``key`` (``AS civil``), if legal."""
        deal = self.table.in_play
        if deal is None or self.selected is None or self.table.to_act != self.me:
            return None
        hand = hand_order(deal.view(self.me).hand)
        if not 0 <= self.selected < len(hand):
            return None
        code = card_str(hand[self.selected])
        return next((t for t in self._card_ways(code) if t.split()[1].startswith(key)), None)

    def _card_ways(self, code: str) -> list[str]:
        """The legal ways to play ``code`` with a word after it (``AS civil``)."""
        return [t for t in self.table.legal_texts(self.me) if t.split()[0] == code and len(t.split()) > 1]

    def action_marked(self) -> None:
        """``e``: make the move of the marked cards (an exchange, LOO5-2; Nap's purchase), as Enter does then."""
        if self._interrupt():
            return
        deal = self.table.in_play
        seat = self.table.to_act
        if deal is None or seat not in self.table.humans or self._marking_verb(deal.view(seat)) is None:
            self._say("e: no move of marked cards now (e exchanges or buys the cards marked with 1-9; ? for help).")
            self._refresh()
            return
        self.action_confirm()

    def on_key(self, event: events.Key) -> None:
        """A key the table has no use for says so, in one line naming it, rather than being ignored."""
        if self.screen is not self.screen_stack[0] or self.query_one("#entry", Input).has_class("-open"):
            return  # a window or the typing box has the keys
        if event.key in self.active_bindings:
            return
        if self._interrupt():  # a trick or a result in view: any key goes on, as before
            return
        name = event.character if event.is_printable and event.character else event.key
        self._say(f"{name}: no such key here (? for help).")
        self._refresh()

    def action_collect(self) -> None:
        """Space: collect the trick in view, go on to the next deal, or end the table's wait (table mode)."""
        if self.waiting in ("aside", "chance"):
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
        law = words[0].lower() == "law"
        settled = self.table.open_deal()  # a law of the deal may still void the single in view (§14.30)
        if not (law and settled is not None and settled.is_complete):
            self._interrupt()  # a typed move collects the trick in view, or goes on to the next deal
        if law:
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
        example = f"4, {self.table.spec.law_example}"
        screen = LawScreen(law_lines(self.table), example, ascii_only=self.settings.ascii)
        self.deciding = True
        self.push_screen(screen, lambda text: self._law(text or ""))

    def _law(self, text: str) -> None:
        """State the law ``text`` names (``4``, ``LOO-LAW-1 5H``): asked first, as any irregularity."""
        self.deciding = False
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
        self.marked.clear()
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
        text = help_text(self.table)
        if self.settings.ascii:
            text = text.replace("[A♠]", "[AS]").replace("ü", "u")
        self._info("Help", text)

    def action_show_rules(self) -> None:
        """``r``: the rules in force at this table in words, house rules marked, and where to read how to play."""
        mode = MODE_LINES["table" if self.table.table_mode else "strict"]
        lines = [f"- {rule.line}" for rule in house_rules(self.table.rules)]
        teach = teaching_text(page_of(self.table.rules), width=INFO_WIDTH, ascii_only=self.settings.ascii)
        # the command on a line of its own, so that the window never breaks it
        more = f"The worked example and every rule by ID:\ntype `{rules_command(self.table.rules)}` at a shell prompt."
        body = "\n".join([*lines, f"- {mode}", "", "HOW TO PLAY", teach, more])
        self._info("Rules in force", Text(body))

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
        body.append(you(f"\n\n{deal.seats[trick.winner]} wins it."))
        self._info("Last trick", body)

    def action_hint(self) -> None:
        """``h``: the expert's value of each option at the person's turn; the deal is marked as hinted."""
        if self._interrupt():
            return
        seat = self.table.to_act
        try:
            found = self.table.hint(seat if seat is not None else self.me)
        except RoundgamesError as e:
            self._say(f"h: {e.reason if isinstance(e, RecordError) else e}.")
            self._refresh()
            return
        lines = [
            "The expert bot's expected net of each option by the deal's end",
            "(± its 95% interval), its choice first:",
            "",
        ]
        # Fitted to the window once their indent is dropped; a note wrapped here, not mid-word by the window.
        shown = option_lines(found.options, note=found.note, width=INFO_WIDTH + 2)
        lines += [show(line.removeprefix("  "), self.settings.ascii) for line in shown]
        lines += ["", "This deal is marked on the score sheet as played with hints."]
        self._info("Hint", Text("\n".join(lines)))  # plain text: a note's brackets are not markup
        self._refresh()

    def action_show_sheet(self) -> None:
        """``g``: the pool (or kitty) and the score sheet."""
        self._info("Pool and score sheet", self._sheet())

    async def action_quit(self) -> None:
        """``q``: asks first, saying what is kept of the table (its save file, or nothing), unless the sitting is
        over; then saves (and exports) if asked to, and leaves."""
        if self.waiting == "over":
            self._leave()
            return
        self.deciding = True  # the bots wait for the answer
        screen = ConfirmScreen(
            "Quit?", quit_lines(self.settings), ascii_only=self.settings.ascii, yes="quit", no="stay"
        )
        self.push_screen(screen, self._quit_answered)

    def _quit_answered(self, leave: bool | None) -> None:
        self.deciding = False
        if leave:
            self._leave()
            return
        self._advance()

    def _leave(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self._save()
        self._export()
        self.exit(0)


def run(table: Table, settings: PlaySettings) -> int:
    """Run the full-screen table until the person quits; returns the exit status."""
    app = TableApp(table, settings)
    app.run()
    if settings.save_path and not table.is_over:  # left on the screen after the table closes
        print(f"Saved the table to {settings.save_path}; resume with: roundgames play --resume {settings.save_path}")
    return app.return_code or 0
