"""``roundgames keep``'s commands, one a line: what happened at a real table, and what everyone pays.

Each line is ``COMMAND [ARGUMENTS]`` (docs/keep.md). What happened at the table is entered with the
verbs of the deal records (``stand Ben``, ``trick Cat``, ``call Ann 3``, ``irregular Dan LOO-LAW-4``);
the keeper's own commands are ``deal``, ``undo``, ``balances``, ``csv``, ``stop``, ``status``,
``help`` and ``quit``. After each finished deal it prints what each seat paid or received, the
pool for the next deal, the next dealer and whether the next deal is a single, and the balances.

A refused line prints one line starting ``! `` with the reason and the rule, changes nothing, and
the keeper goes on; at the end of the input the exit status is 2 if any line was refused, else 0.
With ``interactive`` a prompt says what the table is waiting for.

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
from ..loo.deal import Kind, LooDeal, Phase
from ..loo.rules import LooRules
from ..nap import NapDeal
from ..nap.calls import CALLS
from ..nap.deal import NapPhase
from ..nap.sitting import NapSitting
from .keep import Keeper, Settled, Snapshot, kind_words

__all__ = ["HELP", "run"]

HELP = {
    "loo": (
        "deal [SEAT] [KIND] [TURNUP]   start the next deal (the first: say who deals); KIND regular|single|ew_single",
        "                              is checked against the rules; TURNUP is needed only under club law",
        "stand SEAT | throw SEAT | miss SEAT | defend SEAT    a declaration (defend: the dealer plays the miss for the pool)",
        "single SEAT | single nobody   whose face-up card won Peel's single, or that no card did",
        "trick SEAT                    SEAT won the next trick",
    ),
    "nap": (
        "deal [SEAT]                   start the next deal (the first: say who deals)",
        "call SEAT N | pass SEAT       a call: N is 1 2 3 4 misery nap wellington blucher, or pass",
        "trick SEAT                    SEAT won the next trick",
    ),
    "both": (
        "irregular SEAT RULE-ID [ARG]  an irregularity at the table: the law RULE-ID is applied to SEAT",
        "replay SEAT                   SEAT demands the replay after an irregular card (revoke_replay: optional)",
        "undo                          remove the last entry (any number of times)",
        "balances                      the running balances and the pool",
        "csv FILE                      write the score sheet (each deal's nets and balances) as CSV",
        "stop [HOW]                    end the sitting now: Loo divide|release (LOO-END-2); Nap divide|draw SEAT",
        "status                        what the table is waiting for",
        "help                          this list",
        "quit                          leave; the file keeps everything, resume with: roundgames keep --file FILE",
    ),
}

_LOO_VERBS = {
    "stand": "stands",
    "throw": "throws up",
    "miss": "takes the miss",
    "defend": "plays the miss for the pool",
}
_VERBS = {
    "loo": ("stand", "throw", "miss", "defend", "single", "trick", "irregular", "replay"),
    "nap": ("call", "pass", "trick", "irregular", "replay"),
}
_USAGE = {
    "single": "single SEAT, or single nobody",
    "call": "call SEAT N (N: 1 2 3 4 misery nap wellington blucher, or pass)",
    "irregular": "irregular SEAT RULE-ID [ARG]",
}
_READ_ONLY = ("balances", "csv", "status", "help", "?")
_KINDS = {"regular": "regular", "single": "single", "ew_single": "ew_single", "ew-single": "ew_single"}


class _Quit(Exception):
    """``quit``, or the end of the input."""


def run(keeper: Keeper, path: str | None, infile: TextIO, outfile: TextIO, *, interactive: bool = False) -> int:
    """Read commands from ``infile`` until ``quit`` or its end, saving to ``path`` after every entry
    (when given); returns the exit status: 2 if any line was refused, else 0."""
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

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        k = self.keeper
        game = "Loo" if k.game == "loo" else "Nap"
        where = f" in {self.path}" if self.path else ""
        self.say(f"Keeping {game} ({k.rules.name}) for {', '.join(k.seats)}{where}.")
        if k.sitting.deals or k.deal is not None:
            self.say(f"Resumed after {_count(len(k.sitting.deals), 'deal')}.")
            self.balances()
        if self.interactive:
            self.say("Type help for the commands.")
        self.waiting()
        try:
            while True:
                line = self.read()
                self.line_no += 1
                words = line.split("#", 1)[0].split()
                if not words:
                    if self.interactive:
                        self.waiting(always=True)
                    continue
                try:
                    self.command(words)
                except _Quit:
                    raise
                except RoundgamesError as e:
                    self.refused += 1
                    where = "" if self.interactive else f"line {self.line_no}: "
                    self.say(f"! {where}{' '.join(words)}: {e}")
        except _Quit:
            pass
        if self.path:
            self.say(f"The sitting is kept in {self.path}; resume with: roundgames keep --file {self.path}")
        self.out.flush()
        return 2 if self.refused else 0

    def read(self) -> str:
        if self.interactive:
            try:
                return input(self.prompt())
            except EOFError:
                self.say()
                raise _Quit from None
        self.out.flush()
        line = self.infile.readline()
        if not line:
            raise _Quit
        return line

    def prompt(self) -> str:
        return f"[{self.keeper.game} {self.status_short()}]> "

    def command(self, words: list[str]) -> None:
        head, args = words[0].lower(), words[1:]
        if head in ("quit", "exit"):
            raise _Quit
        self.before = self.keeper.snapshot() if self.path and head not in _READ_ONLY else None
        if head in self.commands:
            self.commands[head](args)
            return
        self.action(head, args)

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
        for word in args:
            if word in k.seats or word.lower() in (s.lower() for s in k.seats):
                dealer = self.seat(word)
            elif k.game == "loo" and word.lower() in _KINDS:
                kind = _KINDS[word.lower()]
            else:
                try:
                    turnup = parse_card(word)
                except CardError:
                    what = "a seat, a kind of deal (regular, single, ew_single) or a turn-up card"
                    raise RecordError("deal", f"{word!r} is not {what if k.game == 'loo' else 'a seat'}") from None
        deal = k.start_deal(dealer, kind, None if turnup is None else card_str(turnup))
        self.saved()
        dealer_name = deal.seats[deal.dealer]
        if isinstance(deal, LooDeal):
            self.say(
                f"Deal {k.deal_number}: {dealer_name} deals {kind_words(deal.kind.value)}; "
                f"the pool holds {deal.pool} with the stake."
            )
            if deal.club_law and deal.kind is Kind.REGULAR:
                self.say("Clubs are trumps: all must stand (club law, LOO-VAR-CLUBLAW).")
        else:
            facts = f"; the kitty holds {deal.kitty}" if deal.rules.has_kitty else ""
            double = f"; stakes times {deal.multiplier} (Double Header)" if deal.multiplier > 1 else ""
            self.say(f"Deal {k.deal_number}: {dealer_name} deals{facts}{double}.")
        self.waiting()

    def action(self, verb: str, args: list[str]) -> None:
        k = self.keeper
        if verb not in _VERBS[k.game]:
            raise RecordError("command", f"unknown command {verb!r} (type help for the list)")
        usage = _USAGE.get(verb, f"{verb} SEAT")
        low, high = (2, 2) if verb == "call" else (2, 99) if verb == "irregular" else (1, 1)
        if not low <= len(args) <= high:
            raise RecordError(verb, f"write: {usage}")
        deal = k.current()
        if verb == "single" and args[0].lower() == "nobody":
            seat, rest = deal.seats[deal.dealer], ["nobody"]  # the dealer states it (LOO-SGL-4)
        else:
            seat, rest = self.seat(args[0]), args[1:]
        if verb == "call":
            call = rest[0].lower().replace("ü", "u")
            if call == "pass":
                verb, rest = "pass", []
            elif call not in CALLS:
                raise RecordError("call", f"no call {rest[0]!r} (calls: {' '.join(CALLS)}, or pass)")
            else:
                rest = [call]
        if verb == "irregular":
            rest[0] = rest[0].upper()
        tricks_before, laws_before = len(deal.tricks), len(deal.irregularities)
        k.act(seat, verb, " ".join(rest))
        self.saved()
        self.say(self.describe(deal, seat, verb, rest))
        for law in deal.irregularities[laws_before:]:
            self.say(f"{law.text(deal.seats)}.")
        if len(deal.tricks) < tricks_before and not deal.is_complete:
            self.say("The hand is replayed from the first lead: enter the tricks of the replay.")
        if deal.is_complete:
            self.settled()
        self.waiting()

    def describe(self, deal: LooDeal | NapDeal, seat: str, verb: str, rest: list[str]) -> str:
        if verb in _LOO_VERBS:
            return f"{seat} {_LOO_VERBS[verb]}."
        if verb == "single":
            return "No card beat the turn-up." if rest else f"{seat}'s card won the single."
        if verb == "trick":
            return f"{seat} won trick {len(deal.tricks)}."
        if verb == "pass":
            return f"{seat} passes."
        if verb == "call":
            return f"{seat} calls {rest[0].lower()}."
        if verb == "replay":
            return f"{seat} demands the replay."
        return f"{seat}: {' '.join(rest)}."

    # -- what a deal did ---------------------------------------------------------------------

    def settled(self) -> None:
        k = self.keeper
        row = [row for row in k.history if row.number is not None][-1]
        nets = ", ".join(f"{name} {_signed(row.net[name])}" for name in k.seats)
        looed = ""
        if row.looed:
            looed = " Looed: " + ", ".join(f"{name} {v}" for name, v in row.looed.items()) + "."
        what = f"dealt {kind_words(row.what)}" if k.game == "loo" else f"dealt; {row.what}"
        self.say(f"Deal {row.number} over ({row.dealer} {what}): {nets}.{looed}")
        if row.took is not None:
            self.say(f"{row.took} took the pool without play.")
        if k.history[-1] is not row:  # the deal ended the game, and the pool was divided
            if k.stopped is not None:
                why = "The last round is over (LOO-END-2):"
            else:
                why = "The game is over (LOO-END-1): each has dealt his turns and nobody was looed;"
            self.ended(k.history[-1], why)
            return
        self.next_deal(row)
        self.balances()

    def next_deal(self, row: Settled) -> None:
        k = self.keeper
        if isinstance(k.rules, LooRules):
            stake = k.rules.stakes.deal
            self.say(f"Pool for the next deal: {row.pool} ({row.pool + stake} with {k.next_dealer}'s stake).")
            self.say(f"Next: {k.next_dealer} deals {kind_words(k.next_kind or 'regular')}.")
            return
        if k.rules.has_kitty or row.pool:
            self.say(f"Kitty: {row.pool}.")
        multiplier = k.sitting.multiplier if isinstance(k.sitting, NapSitting) else 1
        double = f" at {multiplier} times the stakes (Double Header)" if multiplier > 1 else ""
        self.say(f"Next: {k.next_dealer} deals{double}.")

    def ended(self, end: Settled, why: str) -> None:
        k = self.keeper
        shares = ", ".join(f"{name} {_signed(end.net[name])}" for name in k.seats)
        total = sum(end.net.values())
        what = "pool" if k.game == "loo" else "kitty"
        if end.what == "draw":
            taker = next((name for name in k.seats if end.net[name]), None)
            self.say(
                f"{why} {taker or 'the seat that drew lowest'} drew the lowest card and takes the kitty of {total}."
            )
        else:
            self.say(f"{why} the {what} of {total} is divided: {shares}.")
        self.balances()

    def balances(self) -> None:
        k = self.keeper
        done = len(k.sitting.deals)
        now = " (with the deal in progress)" if k.deal is not None else ""
        rows = ", ".join(f"{name} {_signed(v)}" for name, v in k.balances().items())
        what = "pool" if k.game == "loo" else "kitty"
        self.say(f"Balances after {_count(done, 'deal')}{now}: {rows}; {what} {k.pool}.")

    # -- the keeper's own commands -------------------------------------------------------------

    def cmd_undo(self, args: list[str]) -> None:
        _no_args("undo", args)
        removed = self.keeper.undo()
        self.saved()
        self.say(f"Undone: {removed}.")
        self.waiting()

    def cmd_balances(self, args: list[str]) -> None:
        _no_args("balances", args)
        self.balances()

    def cmd_csv(self, args: list[str]) -> None:
        if len(args) != 1:
            raise RecordError("csv", "give the file to write: csv FILE")
        self.keeper.write_csv(args[0])
        rows = sum(1 for row in self.keeper.history if row.number is not None)
        self.say(f"Wrote the score sheet of {_count(rows, 'deal')} to {args[0]}.")

    def cmd_stop(self, args: list[str]) -> None:
        k = self.keeper
        method = args[0].lower() if args else "divide"
        seat = self.seat(args[1]) if len(args) == 2 else None
        if len(args) > 2 or (len(args) == 2 and method != "draw"):
            raise RecordError(
                "stop", f"stop takes {'divide or release' if k.game == 'loo' else 'divide, or draw SEAT'}"
            )
        before = dict(k.sitting.balances)
        k.stop(method, seat)
        self.saved()
        if method == "release":
            back = {name: k.sitting.balances[name] - before[name] for name in k.seats}
            given = ", ".join(f"{name} {_signed(v)}" for name, v in back.items() if v) or "nobody was looed"
            self.say(f"The loos of the last deal are handed back (LOO-END-2): {given}.")
            self.say(f"A last round of {_count(len(k.sitting.seats), 'deal')} follows: all stand, no miss.")
            self.balances()
            self.waiting()
            return
        rule = "LOO-END-2" if k.game == "loo" else "NAP-VAR-POOL"
        self.ended(k.history[-1], f"The sitting is stopped ({rule}):")

    def cmd_help(self, args: list[str]) -> None:
        for line in (*HELP[self.keeper.game], *HELP["both"]):
            self.say(line)

    # -- what the table is waiting for -----------------------------------------------------------

    def status_short(self) -> str:
        k = self.keeper
        deal = k.deal
        if k.is_over:
            return "over"
        if deal is None:
            if not k.begun:
                return "who deals first? (deal SEAT)"
            return f"deal {k.deal_number}: {k.next_dealer} to deal"
        if deal.to_act is None:
            return f"deal {k.deal_number}"
        return f"deal {k.deal_number}: " + self.waiting_for(deal)

    def waiting_for(self, deal: LooDeal | NapDeal) -> str:
        seats = deal.seats
        assert deal.to_act is not None
        who = seats[deal.to_act]
        if isinstance(deal, LooDeal):
            legal = deal.legal_actions()
            if deal.kind is Kind.SINGLE and deal.phase is Phase.PLAY:
                return "whose card won the single? (single SEAT, or single nobody)"
            if deal.phase is Phase.DECLARE:
                verbs = sorted({a.verb for a in legal}, key=list(_LOO_VERBS).index)
                return f"{who} to declare ({' | '.join(verbs)})"
            players = ", ".join(seats[s] for s in deal.players)
            return f"who won trick {len(deal.tricks) + 1}? (trick SEAT: {players})"
        if deal.phase is NapPhase.CALL:
            calls = [a.call for a in deal.legal_actions() if a.verb == "call" and a.call is not None]
            return f"{who} to call (pass | {' | '.join(calls)})" if calls else f"{who} to call (pass)"
        assert deal.declarer is not None
        return (
            f"{seats[deal.declarer]} plays {deal.contract}, won {deal.won} lost {deal.lost}: "
            f"who won trick {len(deal.tricks) + 1}? (trick SEAT)"
        )

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
                kind = f" {kind_words(k.next_kind)}" if k.next_kind else ""
                self.say(f"Waiting for: deal {k.deal_number}, {k.next_dealer} to deal{kind} (deal).")
            return
        self.say(f"Waiting for: deal {k.deal_number}, {self.waiting_for(k.deal)}.")


def _no_args(name: str, args: list[str]) -> None:
    if args:
        raise RecordError(name, f"{name} takes nothing more, got {' '.join(args)!r}")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"
