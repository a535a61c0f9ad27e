"""``roundgames keep``'s commands, one a line: what happened at a real table, and what everyone pays.

Each line is ``COMMAND [ARGUMENTS]`` (docs/keep.md). What happened at the table is entered with the
verbs of the game's verb table, ``VERB SEAT [ARG]`` (``stand Ben``, ``call Ann 3``, ``irregular Dan
LOO-LAW-4``; :mod:`roundgames.keeper.verbs`), and the results nobody played out are stated (``trick Cat``,
``single Cat``); the keeper's own commands are ``deal``, ``undo``, ``balances``, ``csv``, ``stop``,
``status``, ``help`` and ``quit``. After each finished deal it prints what each seat paid or received,
the pool for the next deal, the next dealer and whether the next deal is a single, and the balances
(:mod:`roundgames.keeper.words`).

A refused line prints one line starting ``! `` with the reason and the rule, changes nothing, and
the keeper goes on. ``quit`` is a clean end, exit status 0: whoever typed it has seen each refusal
answered (a person at ``--plain`` with a screen reader too). Reading a script (not ``interactive``) that
simply runs out, the exit status is 2 if any line was refused, so that a script notices; at the prompt
(``interactive``, which says what the table is waiting for) leaving is always 0.

>>> import io
>>> from roundgames.keeper.keep import Keeper
>>> keeper = Keeper.new("loo", ["Ann", "Ben", "Cat"])
>>> out = io.StringIO()
>>> run(keeper, None, io.StringIO("deal Ann\\nsingle nobody\\nbalances\\n"), out)
0
>>> print(out.getvalue().splitlines()[-1])
Balances after 1 deal: Ann -6, Ben -3, Cat -3; pool 12.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..core.cards import card_str, parse_card
from ..core.errors import CardError, RecordError, RoundgamesError
from . import words
from .keep import DRAWN, Keeper, KeptDeal, Snapshot
from .verbs import NOBODY, Entry, entries

__all__ = ["run"]

_READ_ONLY = ("balances", "csv", "status", "help", "?")


class _Quit(Exception):
    """The keeper leaves: ``said`` when ``quit`` was typed, not when the input ran out."""

    def __init__(self, said: bool = False) -> None:
        super().__init__()
        self.said = said


def run(keeper: Keeper, path: str | None, infile: TextIO, outfile: TextIO, *, interactive: bool = False) -> int:
    """Read commands from ``infile`` until ``quit`` or its end, saving to ``path`` after every entry
    (when given); returns the exit status: 2 for a script (not ``interactive``) that had a line refused and
    ended without ``quit``, else 0."""
    return _Session(keeper, path, infile, outfile, interactive).run()


class _Session:
    def __init__(self, keeper: Keeper, path: str | None, infile: TextIO, out: TextIO, interactive: bool) -> None:
        self.keeper = keeper
        self.path = path
        self.infile = infile
        self.out = out
        self.interactive = interactive
        self.refused = 0
        self.line_no = 0
        #: the verbs of the game the keeper takes, by word
        self.entries = entries(keeper.spec)
        #: the sitting before the entry being made, to take it back if the file cannot be written
        self.before: Snapshot | None = None
        self.commands: dict[str, Callable[[list[str]], None]] = {
            "deal": self.cmd_deal,
            "undo": self.cmd_undo,
            "balances": self.cmd_balances,
            "csv": self.cmd_csv,
            "stop": self.cmd_stop,
            "status": lambda _: self.waiting(always=True),
            "help": self.cmd_help,
            "?": self.cmd_help,
        }

    def say(self, *lines: str) -> None:
        for text in lines:
            self.out.write(text + "\n")

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        k = self.keeper
        where = f" in {self.path}" if self.path else ""
        self.say(f"Keeping {k.spec.title} ({k.rules.name}) for {', '.join(k.seats)}{where}.")
        if k.sitting.deals or k.deal is not None:
            self.say(f"Resumed after {words.count(len(k.sitting.deals), 'deal')}.")
            self.say(words.balances(k))
        if self.interactive:
            self.say("Type help for the commands.")
        self.waiting()
        said_quit = False
        try:
            while True:
                self.line(self.read())
        except _Quit as leaving:
            said_quit = leaving.said
        if self.path:
            self.say(f"The sitting is kept in {self.path}; resume with: roundgames keep --file {self.path}")
        self.out.flush()
        # a script that had a line refused and just ran out fails, so that whoever runs it notices; ``quit`` is
        # said by someone who has seen each refusal answered (at the prompt, or at --plain with a screen reader)
        return 2 if self.refused and not self.interactive and not said_quit else 0

    def line(self, line: str) -> None:
        """One line of input: a command, or nothing."""
        self.line_no += 1
        typed = line.split("#", 1)[0].split()
        if not typed:
            if self.interactive:
                self.waiting(always=True)
            return
        try:
            self.command(typed)
        except RoundgamesError as e:
            self.refused += 1
            where = "" if self.interactive else f"line {self.line_no}: "
            self.say(f"! {where}{' '.join(typed)}: {e}")

    def read(self) -> str:
        if self.interactive:
            try:
                return input(self.prompt())
            except EOFError:
                self.say("")
                raise _Quit from None
        self.out.flush()
        line = self.infile.readline()
        if not line:
            raise _Quit
        return line

    def prompt(self) -> str:
        return f"[{self.keeper.game} {words.status_short(self.keeper)}]> "

    def command(self, typed: list[str]) -> None:
        head, args = typed[0].lower(), typed[1:]
        if head in ("quit", "exit", "q"):  # q, as at the play table
            raise _Quit(said=True)
        self.before = self.keeper.snapshot() if self.path and head not in _READ_ONLY else None
        if head in self.commands:
            self.commands[head](args)
            return
        entry = self.entries.get(head)
        if entry is None:
            raise RecordError("command", f"unknown command {head!r} (type help for the list)")
        self.action(entry, args)

    def saved(self) -> None:
        """Write the keep file after an entry. When it cannot be written the entry is taken back, so the
        sitting stays what the file holds, and the line counts as refused."""
        if not self.path:
            return
        try:
            self.keeper.save(self.path)
        except RecordError:
            if self.before is not None:
                self.keeper.restore(self.before)
            raise

    # -- entries -----------------------------------------------------------------------------

    def seat(self, word: str) -> str:
        seats = self.keeper.seats
        if word in seats:
            return word
        same = [s for s in seats if s.lower() == word.lower()]
        if len(same) == 1:
            return same[0]
        raise RecordError("seat", f"no seat {word!r} (seats: {', '.join(seats)})")

    def cmd_deal(self, args: list[str]) -> None:
        k = self.keeper
        dealer = kind = turnup = None
        kinds = {name: name for name in k.spec.kind_words}  # the game's deals have kinds (DEAL-RECORD.md ``kind``)
        kinds |= {name.replace("_", "-"): name for name in kinds}
        for word in args:
            if word in k.seats or word.lower() in (s.lower() for s in k.seats):
                dealer = self.seat(word)
            elif word.lower() in kinds:
                kind = kinds[word.lower()]
            else:
                try:
                    turnup = parse_card(word)
                except CardError:
                    what = "a seat" + (", a kind of deal (regular, single, ew_single)" if kinds else "")
                    what += " or a turn-up card" if k.observer.turns_up else ""
                    raise RecordError("deal", f"{word!r} is not {what}") from None
        deal = k.start_deal(dealer, kind, None if turnup is None else card_str(turnup))
        self.saved()
        self.say(*words.deal_begun(k, deal))
        self.waiting()

    def action(self, entry: Entry, args: list[str]) -> None:
        """``VERB SEAT [ARG]``: what a seat did, entered as the deal's action ``SEAT VERB [ARG]``."""
        k = self.keeper
        low, high = entry.arity
        if not low <= len(args) <= high:
            raise RecordError(entry.word, f"write: {entry.usage}")
        deal = k.current()
        verb = entry.word
        if verb == "single" and args[0].lower() == NOBODY:
            seat, rest = deal.seats[deal.dealer], [NOBODY]  # the dealer states it (LOO-SGL-4)
        else:
            seat, rest = self.seat(args[0]), args[1:]
        if entry.values:  # the value, or a verb of its own taking none, entered in turn (``call Ann pass``)
            other = k.spec.verbs.typed(rest[0])
            if other is not None and other.proper and other.args == "" and other.word in self.entries:
                verb, rest = other.word, []
            else:
                rest = [entry.value(rest[0])]
        if entry.args == "law":
            rest[0] = rest[0].upper()
        self.enter(deal, seat, verb, rest)

    def enter(self, deal: KeptDeal, seat: str, verb: str, rest: list[str]) -> None:
        """Apply the entry, and say what it did: the action, the laws applied, a declaration out of turn
        that took effect by itself, a replay ordered, the deal settled."""
        k = self.keeper
        tricks_before, laws_before = len(deal.tricks), len(deal.irregularities)
        notes_before = deal.view(deal.dealer).notes
        done = k.act(seat, verb, " ".join(rest))
        self.saved()
        self.say(self.describe(deal, done, seat, verb, rest))
        for law in deal.irregularities[laws_before:]:
            self.say(f"{law.text(deal.seats)}.")
        self.say(*words.said_by_itself(deal, notes_before, deal.seats.index(seat), laws_before))
        if len(deal.tricks) < tricks_before and not deal.is_complete:
            self.say("The hand is replayed from the first lead: enter the tricks of the replay.")
        if deal.is_complete:
            self.settled()
        self.waiting()

    def describe(self, deal: KeptDeal, done: object, seat: str, verb: str, rest: list[str]) -> str:
        """The entry as the table hears it: a result stated in the keeper's words, else the game's log line."""
        if verb == "single":
            return "No card beat the turn-up." if rest else f"{seat}'s card won the single."
        if verb == "trick":
            return f"{seat} won trick {len(deal.tricks)}."
        return f"{deal.describe(done)}."

    # -- what a deal did ---------------------------------------------------------------------

    def settled(self) -> None:
        k = self.keeper
        row = [row for row in k.history if row.number is not None][-1]
        self.say(*words.deal_over(k, row))
        if k.history[-1] is not row:  # the deal ended the game, and the pool was divided
            if k.stopped is not None:
                why = f"The last round is over ({k.rule('stopped')}):"
            else:
                why = f"The game is over ({k.rule('end')}): each has dealt his turns and nobody was looed;"
            self.say(words.ended(k, k.history[-1], why), words.balances(k))
            return
        self.say(*words.next_deal(k, row), words.balances(k))

    # -- the keeper's own commands -------------------------------------------------------------

    def cmd_undo(self, args: list[str]) -> None:
        _no_args("undo", args)
        removed = self.keeper.undo()
        self.saved()
        self.say(f"Undone: {removed}.")
        self.waiting()

    def cmd_balances(self, args: list[str]) -> None:
        _no_args("balances", args)
        self.say(words.balances(self.keeper))

    def cmd_csv(self, args: list[str]) -> None:
        if len(args) != 1:
            raise RecordError("csv", "give the file to write: csv FILE")
        self.keeper.write_csv(args[0])
        rows = sum(1 for row in self.keeper.history if row.number is not None)
        self.say(f"Wrote the score sheet of {words.count(rows, 'deal')} to {args[0]}.")

    def cmd_stop(self, args: list[str]) -> None:
        k = self.keeper
        stops = k.spec.stops
        method = args[0].lower() if args else stops[0]
        seat = self.seat(args[1]) if len(args) == 2 else None
        if len(args) > 2 or (len(args) == 2 and method != DRAWN):
            ways = [f"{m} SEAT" if m == DRAWN else m for m in stops]
            raise RecordError("stop", f"stop takes {', '.join(ways[:-1])}{',' * (len(ways) > 2)} or {ways[-1]}")
        before = dict(k.sitting.balances)
        k.stop(method, seat)
        self.saved()
        if not k.is_over:  # the loos of the last deal handed back, and a last round to play (LOO-END-2)
            back = {name: k.sitting.balances[name] - before[name] for name in k.seats}
            given = ", ".join(f"{name} {words.signed(v)}" for name, v in back.items() if v) or "nobody was looed"
            self.say(f"The loos of the last deal are handed back ({k.rule('share')}): {given}.")
            self.say(f"A last round of {words.count(len(k.sitting.seats), 'deal')} follows: all stand, no miss.")
            self.say(words.balances(k))
            self.waiting()
            return
        self.say(words.ended(k, k.history[-1], f"The sitting is stopped ({k.rule('share')}):"), words.balances(k))

    def cmd_help(self, args: list[str]) -> None:
        self.say(*words.help_lines(self.keeper))

    # -- what the table is waiting for -----------------------------------------------------------

    def waiting(self, always: bool = False) -> None:
        """Say what the table is waiting for (at a terminal the prompt says it, unless asked)."""
        if self.interactive and not always:
            return
        k = self.keeper
        if k.is_over:
            self.say("The game is over. (undo goes back; csv FILE writes the score sheet.)")
            return
        if k.deal is None:
            if not k.begun:
                self.say("Waiting for: who deals first? (deal SEAT)")
            else:
                kind = f" {k.spec.kind_words[k.next_kind]}" if k.next_kind else ""
                self.say(f"Waiting for: deal {k.deal_number}, {k.next_dealer} to deal{kind} (deal).")
            return
        self.say(f"Waiting for: deal {k.deal_number}, {words.waiting_for(k, k.deal)}.")


def _no_args(name: str, args: list[str]) -> None:
    if args:
        raise RecordError(name, f"{name} takes nothing more, got {' '.join(args)!r}")
