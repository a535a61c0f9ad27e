"""``roundgames play --plain``: the table as typed lines, for screen readers, pipes, logs and tests.

Every deal prints its public facts, then each action as it happens (the table's log). At a person's
turn the seat's hand is printed, numbered in the order the table shows it, with the trick so far, the
pool or kitty, and the actions open to the seat; then a prompt such as ``You> `` reads one line. What
is typed is either a command (``?``, ``r``, ``l``, ``g``, ``save``, ``q``) or an action for the
table (``s``, ``t``, ``m``, ``1``-``5``, ``QH``, ``10S``, ``p``, ``n``, ...); an action the rules
forbid prints ``! `` and the reason with its rule, and asks again. No colour codes are ever printed.

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

from ..core.cards import SUIT_NAMES, SUITS, Card, card_str, cards_in, parse_card
from ..core.errors import IllegalActionError, RecordError, RoundgamesError
from ..core.tricks import Trick
from ..loo.deal import Decl, Kind, LooDeal, Phase
from ..loo.sitting import LooSitting
from ..nap import NapDeal
from ..nap.deal import NapPhase, NapView
from ..session.laws import MODE_LINES, law_lines, playing, stated, stop_due, warning
from ..session.table import PlaySettings, Table, hand_order

__all__ = ["HELP", "card_text", "cards_text", "run", "show"]

SYMBOLS = "♠♥♦♣"
_CARD = re.compile(r"\b([2-9TJQKA])([SHDC])\b")
_SYMBOL_FIRST = re.compile(r"([♠♥♦♣])(10|[2-9TJQKA])")
_TO_LETTERS = str.maketrans("♠♥♦♣♤♡♢♧", "SHDCSHDC")

#: what ``?`` prints
HELP = (
    "Type an action, or a command:",
    "  Loo: s stand, t throw up, m take the miss, d play the miss for the pool (the dealer, when offered)",
    "  Nap: p pass, 1 2 3 4 a call, mis misery, n nap, w wellington, b blucher, raise, peep,",
    "       buy CARDS (or buy alone to keep your hand), spare CARDS (the five to keep), widow CARD, topcard CARD",
    "  a card: its number in your hand (1-5), or its code: QH, 10S or TD",
    "  ? help    r rules in force    l last trick    g pool and score sheet",
    "  laws      the laws of the game; law RULE-ID [ARG] states an irregularity (--mode table)",
    "  Enter     show the table again",
    "  save [FILE]  save the table (resume it with: roundgames play --resume FILE)",
    "  q         quit (saving first, if a save file is set)",
)

_LOO_KEYS = {"stand": "s", "throw": "t", "miss": "m", "defend": "d", "flush": "f", "exchange CARDS": "x"}
#: what ``?`` adds in Five-card and Irish Loo (LOO5-2, LOO5-4, LOO5-6)
FIVE_HELP = (
    "  Five-card and Irish Loo: x CARDS exchange them for as many from the stock (x 2 5, or x 7C 3D), then play;",
    "       f show a flush (before the first lead: offered out of turn too); AS civil (or its number, 1 civil)",
    "       leads the ace of trumps with 'Pam be civil'",
)
_NAP_KEYS = {"pass": "p", "nap": "n", "misery": "mis", "wellington": "w", "blucher": "b"}


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
        #: the deal and the people offered the chance to show a flush before the first lead (LOO5-6)
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
        deal = self.table.deal
        assert deal is not None
        return ", ".join(f"{deal.seats[s]} {self.card(c)}" for s, c in zip(seats, cards, strict=True))

    # -- the sitting -----------------------------------------------------------------------------

    def run(self) -> int:
        table = self.table
        self.header()
        try:
            while True:
                deal = table.deal
                if deal is None or deal.is_complete:
                    table.sitting.end_deal()  # settled already by the table (if not, settle it now)
                    if table.is_over:
                        break
                    self.start_deal()
                    continue
                seat = table.to_act
                assert seat is not None
                if seat in table.humans:
                    self.autosave()
                    self.turn(seat)
                elif not self.aside() and not self.flush_offer():
                    table.bot_step()
                self.flush_events()
        except _Quit:
            self.flush_events()
            self.say("Quit.")
            self.save_and_export()
            return 0
        self.finish()
        return 0

    def header(self) -> None:
        table = self.table
        game = "Loo" if table.game == "loo" else "Nap"
        people = [table.seats[h] for h in table.humans]
        self.say(f"{game} ({table.rules.name}), {len(table.seats)} players, seed {table.seed}.")
        seats = ", ".join(f"{name}{'' if i in table.humans else ' (bot)'}" for i, name in enumerate(table.seats))
        self.say(f"Seats: {seats}; the bots play {table.bot_name}.")
        if not people:
            self.say("All the seats are bots: watching.")
        if table.table_mode:
            self.say("Table mode: an irregular action is ruled by its law (laws lists them).")
        self.say("Type ? at a prompt for help.")
        sitting = table.sitting
        if not sitting.deals and table.deal is None and sitting.draw:
            how = (
                "Cut for deal, the lowest deals"
                if getattr(table.rules, "first_dealer", "") == "cut_low"
                else "First knave"
            )
            drawn = ", ".join(f"{s} {c}" for s, c in sitting.draw)
            self.say(f"{how}: {sitting.dealer} deals ({drawn}).")
        self.flush_events()  # "Resumed from FILE."
        deal = table.deal
        if deal is not None and not deal.is_complete:
            self.say()
            self.say(f"Deal {len(sitting.deals) + 1} in progress: {deal.seats[deal.dealer]} deals.")
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
        deal = self.table.deal
        assert deal is not None
        dealer = deal.seats[deal.dealer]
        if isinstance(deal, LooDeal):
            self.say(f"Trumps: {self.suit(deal.trump)} (turn-up {self.card(deal.turnup)}).")
            if deal.dealer_out:
                self.say(f"{dealer} deals and takes no part.")
            if deal.kind is Kind.SINGLE:
                faces = ", ".join(
                    f"{deal.seats[s]} {cards_text(cards_in(deal.dealt[s]), self.ascii)}" for s in deal.order
                )
                self.say(f"Peel's single, all face up: {faces}.")
            elif deal.kind is Kind.EW_SINGLE:
                self.say("A single: no miss, and all must play.")
            elif deal.club_law:
                self.say("Clubs are trumps: all must stand (club law).")
            return
        facts = []
        if deal.dealer_out:
            facts.append(f"{dealer} deals and sits out")
        if deal.rules.has_kitty:
            facts.append(f"kitty {deal.kitty}")
        if deal.multiplier > 1:
            facts.append(f"stakes times {deal.multiplier} (Double Header)")
        if facts:
            self.say("; ".join(facts).capitalize() + ".")

    def finish(self) -> None:
        table = self.table
        if not table.sitting.is_over:
            table.sitting.stop()  # Nap has no end of its own: share out the kitty (NAP-SET-3)
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
        self.out.flush()

    # -- a person's turn -------------------------------------------------------------------------

    def aside(self) -> bool:
        """Table mode: before a bot begins a stage, give each person a word out of turn; returns whether
        anything changed (then the table looks again at whose turn it is)."""
        stage = stop_due(self.table)
        deal = self.table.deal
        if stage is None:
            return False
        if self.stops[0] is not deal:
            self.stops = (deal, set())
        if stage in self.stops[1]:
            return False
        self.stops[1].add(stage)
        acted = False
        for seat in self.table.humans:
            if self.table.deal is not deal or deal is None or deal.is_complete or deal.to_act in self.table.humans:
                break
            self.autosave()
            if self.flush_held(seat):
                self.offered[1].add(seat)  # his word out of turn is his chance to show it too
            acted |= self.turn(seat, aside=True)
            self.flush_events()
        return acted

    def flush_held(self, seat: int) -> bool:
        """Whether ``seat``, not the seat to act, may show a flush now (LOO5-6); noted per deal."""
        deal = self.table.deal
        if not isinstance(deal, LooDeal) or deal.is_complete:
            return False
        if self.offered[0] is not deal:
            self.offered = (deal, set())
        return bool(deal.side_actions(seat))

    def flush_offer(self) -> bool:
        """Before a bot makes the first lead, a person who holds a flush is asked once whether to show it
        (LOO5-6: the lead closes the chance); returns whether he showed it."""
        for seat in self.table.humans:
            if self.flush_held(seat) and seat not in self.offered[1]:
                self.offered[1].add(seat)
                self.autosave()
                return self.turn(seat, aside=True, flush=True)
        return False

    def turn(self, seat: int, *, aside: bool = False, flush: bool = False) -> bool:
        """Read what ``seat`` does at his turn, or (``aside``) out of turn, until he acts or, out of turn,
        lets the table go on with Enter; returns whether he acted. ``flush``: out of turn, only to show a
        flush before the first lead (LOO5-6), once."""
        if flush:
            self.show_flush_offer(seat)
        elif aside:
            self.show_aside(seat)
        else:
            self.show_turn(seat)
        commands: dict[str, Callable[[], None]] = {
            "?": self.help,
            "help": self.help,
            "r": self.rules,
            "rules": self.rules,
            "l": self.last_trick,
            "last": self.last_trick,
            "g": self.score_sheet,
            "score": self.score_sheet,
            "": lambda: self.show_turn(seat),
            "laws": self.laws,
        }
        name = self.table.seats[seat]
        acted = False
        while True:
            deal = self.table.deal
            if aside and (deal is None or deal.is_complete or deal.to_act == seat):
                return acted  # what he did ended the deal, or made it his turn
            self.out.write(f"{name} (flush)> " if flush else f"{name} (out of turn)> " if aside else f"{name}> ")
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
            except RecordError as e:  # what was typed does not parse: its hint stays as written
                message = f"! {e.reason if e.field == 'input' else e}"
                self.out.write((show(message, True) if self.ascii else message) + "\n")
                continue
            except RoundgamesError as e:
                self.say(f"! {e}")
                continue
            if not aside or flush:
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
        deal = self.table.deal
        assert deal is not None and deal.to_act is not None
        name = deal.seats[seat]
        self.say()
        if playing(deal):
            what = "the play"
        elif isinstance(deal, LooDeal):
            what = "the declaring"
        else:
            what = "the buying" if deal.phase is NapPhase.PURCHASE else "the calling"
        self.say(f"-- {deal.seats[deal.to_act]} begins {what}; {name} may act out of turn (table mode) --")
        hand = hand_order(deal.view(seat).hand)
        numbered = "  ".join(f"{i} {self.card(c)}" for i, c in enumerate(hand, 1))
        hidden = isinstance(deal, LooDeal) and deal.phase is Phase.DECLARE and seat in deal.order
        face_down = "(face down until your turn: looking now is LOO-LAW-4)" if hidden else "(none)"
        self.say(f"{'Your' if name == 'You' else name + ':'} hand: {numbered or face_down}")
        self.say("Enter lets the table go on; or an action out of turn, or law RULE-ID (laws lists them).")

    def show_flush_offer(self, seat: int) -> None:
        """A person holding a flush, with a bot about to make the first lead (LOO5-6)."""
        deal = self.table.deal
        assert isinstance(deal, LooDeal) and deal.to_act is not None
        name = deal.seats[seat]
        self.say()
        held = "You hold" if name == "You" else f"{name} holds"
        self.say(f"-- {deal.seats[deal.to_act]} is to lead; {held} a flush and may show it first (LOO5-6) --")
        numbered = "  ".join(f"{i} {self.card(c)}" for i, c in enumerate(hand_order(deal.hands[seat]), 1))
        self.say(f"{'Your' if name == 'You' else name + ':'} hand: {numbered}")
        self.say("Legal: f flush | Enter lets the play begin (the lead closes the chance)")

    def show_turn(self, seat: int) -> None:
        deal = self.table.deal
        assert deal is not None
        name = deal.seats[seat]
        self.say()
        if isinstance(deal, LooDeal):
            self.loo_status(deal, seat)
        else:
            self.nap_status(deal, seat)
        view = deal.view(seat)
        hand = hand_order(view.hand)
        numbered = "  ".join(f"{i} {self.card(c)}" for i, c in enumerate(hand, 1))
        self.say(f"{'Your' if name == 'You' else name + ':'} hand: {numbered or '(none)'}")
        if isinstance(view, NapView) and view.widow is not None:
            self.say(f"The widow (peeped): {self.card(view.widow)}")
        self.say("Legal: " + " | ".join(self.legal(seat, hand)))

    def legal(self, seat: int, hand: list[Card]) -> list[str]:
        """The actions open to ``seat``, each with the key or number that types it (cards in hand order)."""
        out: list[str] = []
        numbered: list[tuple[int, str]] = []
        keys = _LOO_KEYS if self.table.game == "loo" else _NAP_KEYS
        for text in self.table.legal_texts(seat):
            if text in keys:
                out.append(f"{keys[text]} {text}")
                continue
            civil = text.endswith(" civil")  # the ace of trumps led with "Pam be civil" (LOO5-4)
            try:
                card = parse_card(text.removesuffix(" civil"))
            except RoundgamesError:
                out.append(text)
                continue
            if civil:
                if card in hand:
                    n = hand.index(card) + 1
                    numbered.append((n, f"{n} civil ({self.card(card)}, Pam be civil)"))
                continue
            if card in hand:
                numbered.append((hand.index(card) + 1, f"{hand.index(card) + 1} {self.card(card)}"))
            else:
                out.append(self.card(card))
        return [text for _, text in sorted(numbered)] + out

    def loo_status(self, deal: LooDeal, seat: int) -> None:
        name = deal.seats[seat]
        if deal.phase is Phase.DECLARE:
            self.say(f"-- {name} to declare --")
        elif deal.phase is Phase.SHOW:
            self.say(f"-- {name} to show a flush (a flush has been shown, LOO5-6) --")
        else:
            self.say(f"-- {name} to {'play' if deal.trick_cards else 'lead'} --")
        self.say(f"Trumps: {self.suit(deal.trump)} (turn-up {self.card(deal.turnup)}). Pool: {deal.pool}.")
        words = {Decl.STAND: "stands", Decl.THROW: "throws up", Decl.MISS: "took the miss", Decl.DEFEND: "defends"}
        words[Decl.EXCHANGE] = "exchanged"
        decls = [f"{deal.seats[s]} {words[deal.decls[s]]}" for s in deal.order if deal.decls[s] is not Decl.NONE]
        if deal.phase is Phase.DECLARE:
            if decls:
                self.say("Declared: " + ", ".join(decls) + ".")
            if deal.has_stock:
                self.say(f"The stock: {len(deal.stock)} cards.")
            elif deal.miss_holder is None:
                self.say("The miss is untaken.")
            return
        self.say("Playing: " + ", ".join(f"{deal.seats[s]} ({_tricks(deal.won[s])})" for s in deal.players) + ".")
        self.trick_status(deal.trick_seats, deal.trick_cards)

    def nap_status(self, deal: NapDeal, seat: int) -> None:
        name = deal.seats[seat]
        if deal.phase is NapPhase.PURCHASE:
            self.say(f"-- {name} to buy --")
        elif deal.phase is NapPhase.CALL:
            self.say(f"-- {name} to {'raise or pass' if deal.challenge else 'call'} --")
        else:
            self.say(f"-- {name} to {'play' if deal.trick_cards else 'lead'} --")
        facts = []
        if deal.rules.has_kitty:
            facts.append(f"Kitty: {deal.kitty}.")
        if deal.multiplier > 1:
            facts.append(f"Stakes times {deal.multiplier}.")
        if deal.bought:
            facts.append("Bought: " + ", ".join(f"{deal.seats[s]} {len(c)}" for s, c in deal.bought.items()) + ".")
        if deal.calls:
            facts.append("Calls: " + ", ".join(f"{deal.seats[s]} {c}" for s, c in deal.calls) + ".")
        if facts:
            self.say(" ".join(facts))
        if deal.phase is NapPhase.PLAY and deal.declarer is not None:
            trumps = "no trumps yet" if deal.trump is None else f"trumps {self.suit(deal.trump)}"
            self.say(
                f"{deal.seats[deal.declarer]} called {deal.contract}, {trumps}; "
                f"{deal.seats[deal.declarer]} has won {deal.won}, lost {deal.lost}."
            )
            self.trick_status(deal.trick_seats, deal.trick_cards)

    def trick_status(self, seats: list[int], cards: list[Card]) -> None:
        self.say("Trick: " + (self.trick_line(seats, cards) if cards else "(none yet: you lead)"))

    # -- commands --------------------------------------------------------------------------------

    def help(self) -> None:
        for line in HELP:
            self.say(line)
        if getattr(self.table.rules, "form", "three_card") != "three_card":
            for line in FIVE_HELP:
                self.say(line)

    def rules(self) -> None:
        self.say("Rules in force:")
        for line in self.table.rules_lines():
            self.say(line)
        self.say("  " + MODE_LINES["table" if self.table.table_mode else "strict"])

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
        deal = self.table.deal
        assert deal is not None and trick.winner is not None
        self.say(f"Last trick: {self.trick_line(trick.seats, trick.cards)}; {deal.seats[trick.winner]} won it.")

    def score_sheet(self, final: bool = False) -> None:
        table = self.table
        sitting = table.sitting
        deal = sitting.current  # the deal in progress; between deals the sitting holds the pool or kitty
        if isinstance(sitting, LooSitting):
            self.say(f"Pool: {deal.pool_total if isinstance(deal, LooDeal) else sitting.pool}.")
        else:
            kitty = deal.kitty if isinstance(deal, NapDeal) else sitting.kitty
            if sitting.rules.has_kitty or kitty:
                self.say(f"Kitty: {kitty}.")
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
        if shared and final:
            self.say("Shared out at the end: " + ", ".join(shared) + ".")


def _tricks(count: int) -> str:
    return f"{count} trick{'s' * (count != 1)}"


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
