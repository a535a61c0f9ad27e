"""``roundgames play --plain``: the table as typed lines, for screen readers, pipes, logs and tests.

Every deal prints its public facts, then each action as it happens (the table's log). At a person's
turn the seat's hand is printed, numbered in the order the table shows it, with the trick so far, the
pool or kitty, and the actions open to the seat; then a prompt such as ``You> `` reads one line. What
is typed is either a command (``?``, ``r``, ``l``, ``g``, ``h``, ``save``, ``q``) or an action for the
table, read through the game's verb table (:mod:`roundgames.session.input`: ``s``, ``t``, ``m``,
``1``-``5``, ``QH``, ``10S``, ``p``, ``n``, ``i``, ...); an action the rules forbid prints ``! `` and
the reason with its rule, and asks again. A verb whose key is a command's (Nap's ``r``, raise) is
typed in full. No colour codes are ever printed. At a table started with ``--hints``, ``h`` at a person's turn
prints the expert bot's value of each option (:mod:`roundgames.session.analysis`), and the deal is marked on the
score sheet as played with hints.

In table mode (``--mode table``) such an action is ruled by its law instead: the table says what it
breaks and what the law will do, and asks ``Play it anyway? y/n``. ``law RULE-ID [ARG]`` states an
irregularity (``laws`` lists them), and before the bots begin the declaring (the calling) and the
play, each person gets a prompt ``You (out of turn)>`` to act before his turn; Enter lets them go on.

>>> import io
>>> from roundgames.session.table import Table
>>> table = Table.new("nap", players=3, humans=[], seed=1, rounds=1)
>>> out = io.StringIO()
>>> run(table, PlaySettings(ascii=True), io.StringIO(), out)
0
>>> "The sitting is over." in out.getvalue()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TextIO

from ..core.cards import SUIT_NAMES, SUITS, Card, card_str, parse_card
from ..core.errors import IllegalActionError, RecordError, RoundgamesError
from ..core.tricks import Trick
from ..games.observe import Alone, observer_of
from ..games.protocol import Stage, View
from ..guide import house_rules, page_of, rules_command, table_title, teaching_text
from ..session.analysis import option_lines
from ..session.input import action_label, help_lines, key_of
from ..session.laws import MODE_LINES, law_lines, stated, stop_due, warning
from ..session.table import PlaySettings, Table
from ..session.words import TableDeal, current_trick, doing, gerund, hand_order, tricks_won, you

__all__ = ["HELP", "HINT_HELP", "card_text", "cards_text", "run", "show"]

SYMBOLS = "♠♥♦♣"
_CARD = re.compile(r"\b([2-9TJQKA])([SHDC])\b")
_SYMBOL_FIRST = re.compile(r"([♠♥♦♣])(10|[2-9TJQKA])")
_TO_LETTERS = str.maketrans("♠♥♦♣♤♡♢♧", "SHDCSHDC")

#: what ``?`` prints after the game's verbs (:func:`~roundgames.session.input.help_lines`); ``{hint}`` is the line
#: on ``h`` (:data:`HINT_HELP`)
HELP = (
    "  ? help    r rules in force    l last trick    g pool and score sheet",
    "{hint}",
    "  laws      the laws of the game; law RULE-ID [ARG] states an irregularity (--mode table)",
    "  Enter     show the table again",
    "  save [FILE]  save the table (resume it with: roundgames play --resume FILE)",
    "  q         quit (saving first, if a save file is set; it says what is kept)",
)
#: the help's line on ``h``: at a table started with ``--hints``, and at one without
HINT_HELP = (
    "  h         a hint: the expert bot's value of each option (the deal is marked as hinted)",
    "  h         hints are off at this table (roundgames play --hints allows them)",
)

#: the commands' words, and what each does: a verb whose key is one of them is typed in full
COMMANDS = {
    "?": "help",
    "help": "help",
    "r": "the rules",
    "rules": "the rules",
    "l": "the last trick",
    "last": "the last trick",
    "g": "the score sheet",
    "score": "the score sheet",
    "h": "a hint",
    "hint": "a hint",
    "laws": "the laws",
    "law": "a law stated",
    "save": "save",
    "q": "quit",
    "quit": "quit",
}


def card_text(card: Card, ascii: bool = False) -> str:
    """A card as the table shows it: ``10♥`` (or ``TH`` with ``ascii``)."""
    if ascii:
        return card_str(card)
    rank = card_str(card)[0]
    return ("10" if rank == "T" else rank) + SYMBOLS[card // 13]


def cards_text(cards: Iterable[Card], ascii: bool = False) -> str:
    """Cards as the table shows them, in the given order."""
    return " ".join(card_text(c, ascii) for c in cards)


def show(text: str, ascii: bool = False) -> str:
    """A log line with its card codes (``AS``, ``TH``) written as the table shows cards; with ``ascii``,
    any suit symbol is written as its letter instead (``♠Q`` as ``QS``)."""
    if ascii:
        text = _SYMBOL_FIRST.sub(lambda m: m.group(2) + SUITS[SYMBOLS.index(m.group(1))], text)
        return text.translate(_TO_LETTERS)
    return _CARD.sub(lambda m: card_text(SUITS.index(m.group(2)) * 13 + "23456789TJQKA".index(m.group(1))), text)


def run(table: Table, settings: PlaySettings, infile: TextIO, outfile: TextIO) -> int:
    """Play ``table`` line by line, reading a person's input from ``infile``; returns the exit status (0).

    The table may be new (no deal dealt yet) or resumed in the middle of a deal. End of input quits
    as ``q`` does: the table is saved (if ``settings.save_path`` is set) and the records exported (if
    ``settings.export_path`` is set).
    """
    return _Plain(table, settings, infile, outfile).run()


class _Quit(Exception):
    """The person quit (``q`` or end of input)."""


class _Plain:
    def __init__(self, table: Table, settings: PlaySettings, infile: TextIO, outfile: TextIO) -> None:
        self.table = table
        self.settings = settings
        self.infile = infile
        self.out = outfile
        self.ascii = settings.ascii
        self.shown = 0  # how many of table.events have been printed
        self.echo = not _isatty(infile)
        #: table mode: the deal and the stages ("before", "play") at which the people have had their word
        self.stops: tuple[object, set[str]] = (None, set())
        #: the deal and the people offered the chance to act out of turn before a bot (``side_actions``; since
        #: §14.34 no game offers one, a flush being shown in its holder's turn)
        self.offered: tuple[object, set[int]] = (None, set())

    # -- output ------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(show(text, self.ascii) + "\n")

    def flush_events(self) -> None:
        events = self.table.events
        while self.shown < len(events):
            self.say(events[self.shown])
            self.shown += 1
        self.out.flush()

    def card(self, card: Card) -> str:
        return card_text(card, self.ascii)

    def suit(self, suit: int) -> str:
        return SUIT_NAMES[suit] + ("" if self.ascii else f" {SYMBOLS[suit]}")

    def trick_line(self, seats: Iterable[int], cards: Iterable[Card]) -> str:
        deal = self.table.in_play
        assert deal is not None
        return ", ".join(f"{deal.seats[s]} {self.card(c)}" for s, c in zip(seats, cards, strict=True))

    # -- the sitting -----------------------------------------------------------------------------

    def run(self) -> int:
        table = self.table
        self.header()
        try:
            while True:
                deal = table.in_play
                if deal is None or deal.is_complete:
                    if self.aside():  # a law stated on the deal just settled (Peel's single, §14.30)
                        continue
                    table.sitting.end_deal()  # settled already by the table (if not, settle it now)
                    if table.is_over:
                        break
                    self.start_deal()
                    continue
                seat = table.to_act
                assert seat is not None
                if seat in table.humans and table.forced_action() is None:
                    self.autosave()
                    self.turn(seat)
                elif not self.aside() and not self.side_offer():
                    table.bot_step()
                self.flush_events()
        except _Quit:
            self.flush_events()
            self.say("Quit.")
            if not self.settings.save_path and not table.is_over:  # say what is lost, and how to keep it next time
                self.say("The table is not saved: type save FILE before q to keep it, and sit down at it again")
                self.say("with roundgames play --resume FILE.")
            self.save_and_export()
            return 0
        self.finish()
        return 0

    def header(self) -> None:
        table = self.table
        people = [table.seats[h] for h in table.humans]
        self.say(f"{table_title(table.rules)}, {len(table.seats)} players, seed {table.seed}.")
        seats = ", ".join(
            name if i in table.humans else f"{name} ({table.bot_names[i]} bot)" for i, name in enumerate(table.seats)
        )
        self.say(f"Seats: {seats}.")
        if not people:
            self.say("All the seats are bots: watching.")
        if table.table_mode:
            self.say("Table mode: an irregular action is ruled by its law (laws lists them).")
        if table.hints:
            self.say("Hints are allowed: h at your turn weighs your options (the deal is then marked as hinted).")
        self.say("Type ? at a prompt for help.")
        sitting = table.sitting
        if not sitting.deals and table.in_play is None and sitting.draw:
            self.say(you(sitting.first_dealer_text() + "."))  # LOO-GEN-3, NAP-GEN-4
        self.flush_events()  # "Resumed from FILE."
        deal = table.in_play
        if deal is not None and not deal.is_complete:
            self.say()
            self.say(you(f"Deal {len(sitting.deals) + 1} in progress: {deal.seats[deal.dealer]} deals."))
            self.deal_facts()
            done = [table.describe(a) for a in deal.log]
            if done:
                self.say("So far: " + "; ".join(done) + ".")

    def start_deal(self) -> None:
        table = self.table
        table.start_deal()
        self.say()
        events = table.events
        if self.shown < len(events):  # "Deal N: ...", then what the deal is
            self.say(events[self.shown])
            self.shown += 1
        self.deal_facts()
        self.flush_events()

    def deal_facts(self) -> None:
        """The public facts of the deal just dealt, beyond the log's first line."""
        deal = self.table.in_play
        assert deal is not None
        view = deal.view(deal.dealer)  # only what every seat sees of it is said
        seen = observer_of(deal.game).observe_view(deal, view)
        if seen.turnup is not None and seen.turnup >= 0 and view.trump is not None:
            self.say(f"Trumps: {self.suit(view.trump)} (turn-up {self.card(seen.turnup)}).")
        if deal.dealer not in view.order:
            self.say(you(f"{deal.seats[deal.dealer]} deals and sits out."))
        if seen.kind_note:  # a deal every seat plays without declaring
            faces = view.seen_hands if len(view.seen_hands) > 1 else {}  # every card face up (LOO-SGL-1)
            shown = ", ".join(f"{deal.seats[s]} {cards_text(hand_order(m), self.ascii)}" for s, m in faces.items())
            self.say(f"A single, all face up: {shown}." if faces else "A single: all must play.")
        elif seen.all_play is not None:  # every seat must play (club law)
            self.say(f"{seen.all_play.value} ({seen.all_play.label}).")
        facts = []
        pot = seen.pot
        if pot is not None and not pot.staked:  # a pot the stakes go into is in the deal's first line already
            facts.append(f"{pot.word} {pot.amount}")
        if seen.stakes > 1:
            facts.append(f"stakes times {seen.stakes}")
        if facts:
            self.say("; ".join(facts).capitalize() + ".")

    def finish(self) -> None:
        table = self.table
        if not table.sitting.is_over:
            table.sitting.stop()  # a game with no end of its own: share out the kitty (NAP-SET-3)
        self.flush_events()
        self.say()
        self.say("The sitting is over.")
        self.score_sheet(final=True)
        self.save_and_export()

    # -- saving ----------------------------------------------------------------------------------

    def autosave(self) -> None:
        if self.settings.save_path:
            try:
                self.table.save(self.settings.save_path)
            except RoundgamesError as e:
                self.say(f"! {e}")

    def save(self, path: str | None) -> None:
        path = path or self.settings.save_path
        if not path:
            self.say("! save: give a file: save FILE")
            return
        try:
            self.table.save(path)
        except RoundgamesError as e:
            self.say(f"! {e}")
            return
        self.settings.save_path = path
        more = "" if self.table.is_over else f"; resume with: roundgames play --resume {path}"
        self.say(f"Saved the table to {path}{more}")

    def save_and_export(self) -> None:
        if self.settings.save_path:
            self.save(self.settings.save_path)
        path = self.settings.export_path
        if path:
            try:
                self.table.export(path)
            except RoundgamesError as e:
                self.say(f"! {e}")
                return
            data = self.table.to_json()
            count = len(data["deals"]) + (data["current"] is not None)
            self.say(f"Exported {count} deal record{'s' * (count != 1)} to {path}.")
            if any(self.table.hinted.values()):  # DEAL-RECORD.md has no field for it: say where it is kept
                self.say("The deal records say nothing of hints; the score sheet and a saved table (--save) do.")
        self.out.flush()

    # -- a person's turn -------------------------------------------------------------------------

    def aside(self) -> bool:
        """Table mode: before a bot begins a stage, give each person a word out of turn; returns whether
        anything changed (then the table looks again at whose turn it is)."""
        stage = stop_due(self.table)
        deal = self.table.in_play
        if stage is None:
            return False
        if self.stops[0] is not deal:
            self.stops = (deal, set())
        if stage in self.stops[1]:
            return False
        self.stops[1].add(stage)
        acted = False
        for seat in self.table.humans:
            open_deal = self.table.open_deal()
            if open_deal is None or open_deal is not deal or open_deal.to_act in self.table.humans:
                break
            self.autosave()
            if self.side_held(seat):
                self.offered[1].add(seat)  # his word out of turn is his chance to make it too
            acted |= self.turn(seat, aside=True)
            self.flush_events()
        return acted

    def side_held(self, seat: int) -> bool:
        """Whether ``seat``, not the seat to act, may do something now (``side_actions``); noted per deal."""
        deal = self.table.in_play
        if deal is None or deal.is_complete:
            return False
        if self.offered[0] is not deal:
            self.offered = (deal, set())
        return bool(deal.side_actions(seat))

    def side_offer(self) -> bool:
        """Before a bot acts, a person whom the game offers something out of turn is asked once whether to take
        it (the bot's action may close the chance); returns whether he did."""
        for seat in self.table.humans:
            if self.side_held(seat) and seat not in self.offered[1]:
                self.offered[1].add(seat)
                self.autosave()
                return self.turn(seat, aside=True, side=True)
        return False

    def turn(self, seat: int, *, aside: bool = False, side: bool = False) -> bool:
        """Read what ``seat`` does at his turn, or (``aside``) out of turn, until he acts or, out of turn,
        lets the table go on with Enter; returns whether he acted. ``side``: out of turn, only for what the
        game offers him then (``side_actions``), once."""
        if side:
            self.show_side_offer(seat)
        elif aside:
            self.show_aside(seat)
        else:
            self.show_turn(seat)
        shown: dict[str, Callable[[], None]] = {
            "help": self.help,
            "the rules": self.rules,
            "the last trick": self.last_trick,
            "the score sheet": self.score_sheet,
            "the laws": self.laws,
        }
        commands = {word: shown[what] for word, what in COMMANDS.items() if what in shown}
        commands[""] = lambda: self.show_turn(seat)
        for word in ("h", "hint"):
            commands[word] = (lambda: self.hint(seat)) if not aside else self.hint_aside
        name = self.table.seats[seat]
        acted = False
        while True:
            deal = self.table.open_deal()
            if aside and (deal is None or deal.is_complete != deal.voidable or deal.to_act == seat):
                return acted  # what he did ended the deal (or voided it), or made it his turn
            self.out.write(f"{name} (flush)> " if side else f"{name} (out of turn)> " if aside else f"{name}> ")
            self.out.flush()
            line = self.infile.readline()
            if not line:
                self.out.write("\n")
                raise _Quit
            text = line.strip()
            if self.echo:
                self.out.write(text + "\n")
            words = text.split()
            head = words[0].lower() if words else ""
            if head in ("q", "quit") and len(words) == 1:
                raise _Quit
            if head == "save" and len(words) <= 2:
                self.save(words[1] if len(words) == 2 else None)
                continue
            if aside and not words:
                return acted
            if head in commands and len(words) <= 1:
                commands[head]()
                continue
            if head == "law":
                if not self.table.table_mode:
                    self.say("! law: irregularities are accepted only in table mode (roundgames play --mode table)")
                    continue
                text = stated(self.table, words[1:])
            lines = warning(self.table, seat, text)
            if lines is not None and not self.confirm(seat, text, lines):
                continue
            try:
                self.table.act(seat, text)
            except IllegalActionError as e:
                self.say(f"! {e}")
                continue
            except RecordError as e:  # what was typed does not parse (its hint stays as written), or is malformed
                if e.field != "input":  # a card the seat does not hold (RULES.md §14.23): said as any refusal is
                    self.say(f"! {e.reason}")
                    continue
                message = f"! {e.reason}"
                self.out.write((show(message, True) if self.ascii else message) + "\n")
                continue
            except RoundgamesError as e:
                self.say(f"! {e}")
                continue
            if not aside or side:
                return True
            acted = True
            self.flush_events()

    def confirm(self, seat: int, text: str, lines: list[str]) -> bool:
        """Say what an irregular action breaks and what its law will do; ask whether to go ahead."""
        for i, line in enumerate(lines):
            self.say(f"{'!' if i == 0 else ' '} {line}")
        verb = self.table.parse(seat, text).verb
        question = {"irregular": "State it?", "play": "Play it anyway?"}.get(verb, "Do it anyway?")
        while True:
            self.out.write(f"{question} y/n> ")
            self.out.flush()
            line = self.infile.readline()
            if not line:
                self.out.write("\n")
                raise _Quit
            answer = line.strip().lower()
            if self.echo:
                self.out.write(answer + "\n")
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", ""):
                self.say("Not done: nothing has changed.")
                return False
            self.say("Answer y (go ahead) or n (take it back).")

    def show_aside(self, seat: int) -> None:
        """What a person sees when the table waits for his word out of turn (table mode)."""
        deal = self.table.in_play
        assert deal is not None
        view = deal.view(seat)
        name = deal.seats[seat]
        self.say()
        if deal.to_act is None:  # settled as it was dealt (Peel's single): a law of the deal may void it (§14.30)
            dealer = deal.seats[deal.dealer]
            kind = observer_of(deal.game).kind_words(deal, view)
            self.say(you(f"-- {dealer} has dealt {kind}, settled at once; {name} may state a law first --"))
            self.say("Enter lets the next deal come; or law RULE-ID, a law of the deal (laws lists them).")
            return
        self.say(you(f"-- {deal.seats[deal.to_act]} begins {gerund(view)}; {name} may act out of turn (table mode) --"))
        numbered = self.numbered(hand_order(view.hand))
        hidden = view.stage is Stage.BID and seat in view.order  # his cards lie face down until his turn
        face_down = "(face down until your turn: looking now is an irregularity, laws lists them)" if hidden else ""
        self.say(f"{'Your' if name == 'You' else name + ':'} hand: {numbered or face_down or '(none)'}")
        self.say("Enter lets the table go on; or an action out of turn, or law RULE-ID (laws lists them).")

    def show_side_offer(self, seat: int) -> None:
        """A person whom the game offers something out of turn, with a bot about to act."""
        deal = self.table.in_play
        assert deal is not None and deal.to_act is not None
        view = deal.view(seat)
        name = deal.seats[seat]
        verbs = self.table.spec.verbs
        offered = [verbs[a.verb] for a in view.legal]
        may = " or ".join(dict.fromkeys(v.label.lower() for v in offered))
        rules = ", ".join(dict.fromkeys(v.rule for v in offered))
        self.say()
        self.say(you(f"-- {deal.seats[deal.to_act]} is to lead; {name} may {may} first ({rules}) --"))
        self.say(f"{'Your' if name == 'You' else name + ':'} hand: {self.numbered(hand_order(view.hand))}")
        legal = " | ".join(self.legal(seat, hand_order(view.hand), aside=True))
        self.say(f"Legal: {legal} | Enter lets the play begin (the lead closes the chance)")

    def numbered(self, hand: list[Card]) -> str:
        """A hand as the table shows it, each card with its number: ``1 A♠  2 10♥``."""
        return "  ".join(f"{i} {self.card(c)}" for i, c in enumerate(hand, 1))

    def show_turn(self, seat: int) -> None:
        deal = self.table.in_play
        assert deal is not None
        view = deal.view(seat)
        name = deal.seats[seat]
        self.say()
        self.status(deal, view, seat)
        hand = hand_order(view.hand)
        self.say(f"{'Your' if name == 'You' else name + ':'} hand: {self.numbered(hand) or '(none)'}")
        peeped = observer_of(deal.game).peeped(deal, view)
        if peeped is not None:
            self.say(f"The widow (peeped): {self.card(peeped)}")
        self.say("Legal: " + " | ".join(self.legal(seat, hand)))

    def legal(self, seat: int, hand: list[Card], *, aside: bool = False) -> list[str]:
        """The actions open to ``seat``, each with the key or number that types it (cards in hand order)."""
        out: list[str] = []
        numbered: list[tuple[int, str]] = []
        verbs = self.table.spec.verbs
        for text in self.table.legal_texts(seat, aside=aside):
            head, *extra = text.split()
            try:
                card = parse_card(head)
            except RoundgamesError:
                key = key_of(verbs, text, COMMANDS)
                out.append(f"{key} {text}" if key else text)
                continue
            if card not in hand:
                out.append(self.card(card))
            elif extra:  # a card with a word of the game's (AS civil: "Pam be civil", LOO5-4)
                deal = self.table.in_play
                assert deal is not None
                said = action_label(deal, self.table.parse(seat, text))
                numbered.append((hand.index(card) + 1, f"{hand.index(card) + 1} {' '.join(extra)} ({said})"))
            else:
                numbered.append((hand.index(card) + 1, f"{hand.index(card) + 1} {self.card(card)}"))
        return [text for _, text in sorted(numbered)] + out

    def status(self, deal: TableDeal, view: View[object], seat: int) -> None:
        """Who is to do what, and the public facts of the deal: trumps, the pool, the bidding or the play."""
        name = deal.seats[seat]
        if view.stage is Stage.SHOW:
            self.say(f"-- {name} to show (the hand will not be played) --")
        else:
            self.say(f"-- {name} to {doing(view)} --")
        facts = []
        seen = observer_of(deal.game).observe_view(deal, view)
        if seen.turnup is not None and seen.turnup >= 0 and view.trump is not None:
            facts.append(f"Trumps: {self.suit(view.trump)} (turn-up {self.card(seen.turnup)}).")
        if seen.pot is not None:
            facts.append(f"{seen.pot.title}: {seen.pot.amount}.")
        if seen.stakes > 1:
            facts.append(f"Stakes times {seen.stakes}.")
        if seen.bought:
            facts.append("Bought: " + ", ".join(f"{deal.seats[s]} {n}" for s, n in seen.bought.items()) + ".")
        if facts:
            self.say(" ".join(facts))
        if view.stage is Stage.PLAY:
            self.play_status(deal, view, seen.alone)
            return
        said = [f"{deal.seats[s]} {view.notes[s]}" for s in view.order if s < len(view.notes) and view.notes[s]]
        if said:
            self.say(you(f"{gerund(view).removeprefix('the ').capitalize()}: {', '.join(said)}."))
        if seen.bid_status:
            self.say(seen.bid_status)

    def play_status(self, deal: TableDeal, view: View[object], alone: Alone | None) -> None:
        """The play: the contract of the seat playing ``alone`` and how it stands, or each player's tricks; then
        the trick so far."""
        if alone is not None:
            who = deal.seats[alone.seat]
            trumps = "no trumps yet" if view.trump is None else f"trumps {self.suit(view.trump)}"
            note = view.notes[alone.seat] if view.notes else f"called {alone.bid}"
            self.say(you(f"{who} {note}, {trumps}; {who} has won {alone.won}, lost {alone.lost}."))
        else:
            won = tricks_won(view.tricks, deal.n)
            self.say("Playing: " + ", ".join(f"{deal.seats[s]} ({_tricks(won[s])})" for s in view.players) + ".")
        trick = current_trick(view)
        self.say("Trick: " + (self.trick_line(trick.seats, trick.cards) if trick else "(none yet: you lead)"))

    # -- commands --------------------------------------------------------------------------------

    def help(self) -> None:
        self.say("Type an action, or a command:")
        for line in help_lines(self.table.spec.verbs, self.table.in_play, COMMANDS):
            self.say(line)
        for line in HELP:
            self.say(line.format(hint=HINT_HELP[0 if self.table.hints else 1]))

    def rules(self) -> None:
        """``r``: the table's rules in words, house rules marked, and where to read how to play."""
        self.say("Rules in force:")
        for rule in house_rules(self.table.rules):
            self.say("  " + rule.line)
        self.say("  " + MODE_LINES["table" if self.table.table_mode else "strict"])
        self.say()
        self.say("How to play")
        self.say("===========")
        self.say(teaching_text(page_of(self.table.rules), ascii_only=self.settings.ascii).rstrip("\n"))
        self.say()
        self.say(
            f"The worked example and every rule by ID: type `{rules_command(self.table.rules)}` at a shell prompt."
        )

    def hint(self, seat: int) -> None:
        """``h``: the expert's value of each option at this turn, its choice first; the deal is marked as hinted."""
        try:
            found = self.table.hint(seat)
        except RoundgamesError as e:
            self.say(f"! h: {e.reason if isinstance(e, RecordError) else e}")
            return
        # Two lines, to fit a terminal of 80 columns as the options' lines do.
        self.say("Hint: the expert bot's expected net of each option by the deal's end")
        self.say("(± its 95% interval), its choice first:")
        for line in option_lines(found.options, note=found.note):
            self.say(line)
        self.say("This deal is marked on the score sheet as played with hints.")

    def hint_aside(self) -> None:
        self.say("! h: a hint is for your turn" if self.table.hints else "! h: hints are off at this table")

    def laws(self) -> None:
        if not self.table.table_mode:
            self.say("! laws: irregularities are accepted only in table mode (roundgames play --mode table)")
            return
        for line in law_lines(self.table):
            self.say(line)

    def last_trick(self) -> None:
        trick: Trick | None = self.table.last_trick()
        if trick is None:
            self.say("No trick has been played yet in this deal.")
            return
        deal = self.table.in_play
        assert deal is not None and trick.winner is not None
        self.say(f"Last trick: {self.trick_line(trick.seats, trick.cards)}; {deal.seats[trick.winner]} won it.")

    def score_sheet(self, final: bool = False) -> None:
        table = self.table
        pot = table.pot()  # the deal in progress's; between deals what the sitting carries
        if pot is not None:
            self.say(f"{pot[0]}: {pot[1]}.")
        rows = table.score_sheet()
        count = len(rows[0][1]) if rows else 0
        self.say(f"Score sheet, {count} deal{'s' * (count != 1)} finished (balance, then each deal):")
        width = max(len(name) for name, _, _ in rows)
        shared = []
        for name, per_deal, total in rows:
            deals = " ".join(f"{v:+d}" for v in per_deal)
            self.say(f"  {name:<{width}} {total:+4d}" + (f"   ({deals})" if deals else ""))
            if total != sum(per_deal):
                shared.append(f"{name} {total - sum(per_deal):+d}")
        hinted = [f"{i} ({', '.join(names)})" for i, names in enumerate(table.hint_marks(), 1) if names]
        if hinted:
            self.say("Played with hints: deal " + ", deal ".join(hinted) + ".")
        if shared and final:
            self.say("Shared out at the end: " + ", ".join(shared) + ".")


def _tricks(count: int) -> str:
    return f"{count} trick{'s' * (count != 1)}"


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
