"""The pool keeper's sitting (``roundgames keep``): a game played with real cards, kept as deal records.

A :class:`Keeper` holds a sitting of Loo or Nap whose cards nobody writes down. Each deal is a deal
record (DEAL-RECORD.md) in table mode whose cards are unknown (``LooDeal.deal_unknown``); what
happened at the table is entered as the deal's actions (``Ben stand``, ``Cat trick``, ``Ann call 3``,
``Dan irregular LOO-LAW-4``), the engine applies the rules and the laws, and the sitting
(:class:`~roundgames.loo.sitting.LooSitting`, :class:`~roundgames.nap.sitting.NapSitting`) carries the
balances, the pool and the turn to deal. The engine is the only authority on money: nothing here
computes a payment. The keep file (docs/keep.md) holds the whole sitting and is rewritten, atomically,
after every entry.

>>> k = Keeper.new("loo", ["Ann", "Ben", "Cat", "Dan"])
>>> k.start_deal("Ann").kind.value        # the first deal of the game is Peel's single (LOO-DEAL-1)
'single'
>>> _ = k.act("Cat", "single")            # Cat's face-up card beat the turn-up (LOO-SGL-2)
>>> k.balances(), k.pool, k.next_dealer, k.next_kind
({'Ann': -6, 'Ben': -3, 'Cat': 3, 'Dan': -3}, 9, 'Ben', 'regular')
>>> k.undo()
'Cat single'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.errors import IllegalActionError, RecordError
from ..core.seats import seat_names
from ..loo.deal import Kind, LooAction, LooDeal
from ..loo.rules import LooRules
from ..loo.sitting import LooSitting
from ..nap import NapDeal
from ..nap.deal import NapAction
from ..nap.rules import NapRules
from ..nap.sitting import NapSitting
from ..records.deal import DealRecord, parse_json, record_of, replay, rules_of, stakes_json
from ..records.disk import read_text
from ..records.keep import KEEP_FORMAT, KeepFile, dumps_keep, keep_from_json, save_keep
from ..records.sitting import records_of

__all__ = ["KEEP_FORMAT", "STAKE_NAMES", "Keeper", "Settled", "Snapshot", "csv_cell", "kind_words"]

#: the stakes each game takes (DEAL-RECORD.md ``stakes``)
STAKE_NAMES = {"loo": ("deal", "loo", "single", "ante"), "nap": ("unit",)}
_STOPS = {"loo": ("divide", "release"), "nap": ("divide", "draw")}

Deal = LooDeal | NapDeal
Action = LooAction | NapAction
#: a sitting's entries, to go back to (:meth:`Keeper.snapshot`): the deal records and the stop
Snapshot = tuple[list[DealRecord], dict[str, Any] | None]


@dataclass
class Settled:
    """What one finished deal did (or the end of the sitting, ``number`` None): the score sheet's row."""

    number: int | None
    dealer: str
    #: Loo: the kind of deal; Nap: the call and its fate (``Ben 3 made``); the end: how the pool was shared
    what: str
    net: dict[str, int]
    balances: dict[str, int]
    #: Loo: the pool left for the next deal, before its stake; Nap: the kitty
    pool: int
    looed: dict[str, int] = field(default_factory=dict)
    #: Loo: who took the pool without play (LOO-DECL-7, LOO-DECL-9, a concession), or None
    took: str | None = None


def csv_cell(text: str) -> str:
    """``text`` as a spreadsheet keeps it: a leading ``= + - @`` (a formula) is quoted with ``'``."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class Keeper:
    """A sitting kept for a real table: the deals so far, the deal in progress, the balances."""

    def __init__(self, game: str, rules: LooRules | NapRules, seats: Sequence[str], rounds: int = 1) -> None:
        self.game = game
        self.rules = rules
        self.seats = list(seats)
        self.rounds = rounds
        #: whether the first dealer has been named (``deal SEAT``): until then there is no sitting to speak of
        self.begun = False
        self.sitting: LooSitting | NapSitting = self._new_sitting(self.seats[0])
        self.deal: Deal | None = None
        #: the early end (LOO-END-2, NAP-VAR-POOL): after how many deals, how, and who drew the kitty
        self.stopped: dict[str, Any] | None = None
        self.history: list[Settled] = []

    def _new_sitting(self, dealer: str) -> LooSitting | NapSitting:
        if isinstance(self.rules, LooRules):
            return LooSitting(self.rules, self.seats, seed=0, rounds=self.rounds, dealer=dealer)
        return NapSitting(self.rules, self.seats, seed=0, dealer=dealer)

    # -- making one ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        seats: Sequence[str],
        *,
        preset: str = "peel",
        options: Mapping[str, Any] | None = None,
        stakes: Mapping[str, int] | None = None,
        rounds: int = 1,
    ) -> Keeper:
        """A new sitting; raises :class:`RecordError` naming a bad game, seat, preset, option or stake."""
        if game not in STAKE_NAMES:
            raise RecordError("game", f"unknown game {game!r} (valid: loo, nap)")
        for key, value in (stakes or {}).items():
            if key not in STAKE_NAMES[game]:
                raise RecordError(f"stakes.{key}", f"no such {game} stake (valid: {', '.join(STAKE_NAMES[game])})")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RecordError(f"stakes.{key}", f"expected a whole number of counters, got {value!r}")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            raise RecordError("rounds", f"each player deals at least once, got {rounds!r}")
        rules = rules_of(game, preset, dict(options or {}), dict(stakes or {}))
        names = list(seat_names(list(seats)))
        if "nobody" in names:
            raise RecordError("seats", "'nobody' is a word of the keeper ('single nobody'), not a seat name")
        keeper = cls(game, rules, names, rounds)
        keeper._probe()
        return keeper

    def _probe(self) -> None:
        """Refuse rules no kept deal can follow, before the first deal rather than at it."""
        if isinstance(self.rules, NapRules):
            NapDeal(self.rules, self.seats).deal_unknown()
        else:
            LooDeal(self.rules, self.seats, kind=Kind.REGULAR)

    # -- the keep file ---------------------------------------------------------------------

    def records(self) -> list[DealRecord]:
        """Every deal so far as a record, the deal in progress last."""
        out = records_of(self.sitting)
        if self.deal is not None:
            out.append(record_of(self.deal))
        return out

    def snapshot(self) -> Snapshot:
        """Every entry so far, to :meth:`restore` later."""
        records = [replace(r, actions=list(r.actions)) for r in self.records()]
        return records, None if self.stopped is None else dict(self.stopped)

    def restore(self, snapshot: Snapshot) -> None:
        """Go back to the entries of a :meth:`snapshot`."""
        records, stop = snapshot
        self._rebuild([replace(r, actions=list(r.actions)) for r in records], stop)

    def keep_file(self) -> KeepFile:
        """The sitting as its keep file holds it (:mod:`roundgames.records.keep`)."""
        return KeepFile(
            game=self.game,
            variant=self.rules.name,
            options=dict(self.rules.options()),
            stakes=stakes_json(self.rules),
            seats=list(self.seats),
            rounds=self.rounds,
            deals=self.records(),
            stop=None if self.stopped is None else dict(self.stopped),
        )

    def to_json(self) -> dict[str, Any]:
        """The keep file's JSON object (docs/keep.md)."""
        return self.keep_file().to_json()

    def dumps(self) -> str:
        """The keep file's text."""
        return dumps_keep(self.keep_file())

    def save(self, path: str) -> None:
        """Write the keep file to ``path`` through a temporary file and a rename, so a kill never leaves it half
        written."""
        save_keep(path, self.keep_file())

    @classmethod
    def load(cls, path: str) -> Keeper:
        """Read a keep file and replay every entry through the engine; raises :class:`RecordError` naming
        the file and the field for a file that is not a keep file or has been edited into nonsense."""
        text = read_text(path, "file")
        try:
            return cls.loads(text)
        except RecordError as e:
            raise RecordError(path, str(e)) from None

    @classmethod
    def loads(cls, text: str) -> Keeper:
        """Parse a keep file's text (see :meth:`load`)."""
        return cls.from_json(parse_json(text, "a keep file", "file"))

    @classmethod
    def from_json(cls, obj: object) -> Keeper:
        """Rebuild a sitting from a keep file's JSON object, replaying every deal record in turn."""
        kept = keep_from_json(obj)
        keeper = cls.new(
            str(kept.game),
            kept.seats,
            preset=kept.variant,
            options=kept.options,
            stakes=kept.stakes,
            rounds=kept.rounds,
        )
        keeper._rebuild(kept.deals, keeper._check_stop(kept.stop, len(kept.deals)))
        return keeper

    def _check_stop(self, stop: object, count: int) -> dict[str, Any] | None:
        if stop is None:
            return None
        if not isinstance(stop, dict) or not set(stop) <= {"after", "method", "seat"}:
            raise RecordError("stop", f'expected null or {{"after": N, "method": M}}, got {json.dumps(stop)}')
        after, method = stop.get("after"), stop.get("method")
        if not isinstance(after, int) or isinstance(after, bool) or not 1 <= after <= count:
            raise RecordError("stop.after", f"expected a number of deals from 1 to {count}, got {json.dumps(after)}")
        if method not in _STOPS[self.game]:
            raise RecordError(
                "stop.method", f"expected one of {', '.join(_STOPS[self.game])}, got {json.dumps(method)}"
            )
        if (method == "draw") != ("seat" in stop):
            raise RecordError("stop.seat", "the seat that drew the kitty is given with 'draw', and only then")
        if "seat" in stop and stop["seat"] not in self.seats:
            raise RecordError("stop.seat", f"{json.dumps(stop['seat'])} is not one of the seats")
        return dict(stop)

    def _rebuild(self, records: Sequence[DealRecord], stop: dict[str, Any] | None) -> None:
        """Replay ``records`` from the start of the sitting; the ``stop`` comes after ``stop['after']`` deals."""
        self.begun = False
        self.sitting = self._new_sitting(self.seats[0])
        self.deal, self.stopped, self.history = None, None, []
        for i, record in enumerate(records):
            where = f"deals[{i}]"
            if stop is not None and stop["after"] == i:
                self._replay_stop(stop)
            if self.deal is not None:
                raise RecordError(where, "follows a deal that is not finished")
            if self.is_over:
                raise RecordError(where, "comes after the end of the sitting")
            self._check_follows(where, record)
            try:
                result = replay(record)
            except RecordError as e:
                raise RecordError(f"{where}.{e.field}", e.reason) from None
            if result.error is not None:
                raise RecordError(f"{where}.actions[{result.error['index']}]", result.error["message"])
            self.begun = True
            self._set_current(result.deal)
            if result.deal.is_complete:
                self._close_deal()
        if stop is not None and stop["after"] == len(records):
            if self.deal is not None:
                raise RecordError("stop", "the sitting was stopped in the middle of a deal")
            self._replay_stop(stop)

    def _replay_stop(self, stop: dict[str, Any]) -> None:
        try:
            self.stop(stop["method"], stop.get("seat"))
        except IllegalActionError as e:
            raise RecordError("stop", str(e)) from None

    def _check_follows(self, where: str, record: DealRecord) -> None:
        """Refuse a record that does not follow on from the sitting so far (a hand-edited file)."""
        if (
            record.game != self.game
            or rules_of(record.game, record.variant, record.options, record.stakes) != self.rules
        ):
            raise RecordError(where, "its game, variant, options or stakes differ from the sitting's")
        if record.seats != self.sitting.seats:
            raise RecordError(f"{where}.seats", f"expected {self.sitting.seats}, got {record.seats}")
        if record.mode != "table":
            raise RecordError(f"{where}.mode", "a kept deal is in table mode")
        if set(record.cards) - {"turnup"}:
            raise RecordError(f"{where}.cards", "a kept deal records no hands, at most the turn-up")
        sitting = self.sitting
        expected: tuple[object, ...]
        got: tuple[object, ...]
        if isinstance(sitting, LooSitting):
            expected, got = (
                (sitting.dealer, sitting.pool, sitting.kind.value),
                (record.dealer, record.pool, record.kind),
            )
            what = "dealer, pool, kind"
        else:
            expected = (sitting.dealer, sitting.kitty, sitting.multiplier)
            got = (record.dealer, record.pool, record.multiplier)
            what = "dealer, kitty, multiplier"
        if not self.begun:
            sitting.dealer = record.dealer
            expected = (record.dealer, *expected[1:])
        if got != expected:
            raise RecordError(where, f"does not follow on: expected {what} {expected}, got {got}")

    # -- where the sitting stands ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the sitting has ended (LOO-END-1, or a stop)."""
        return self.sitting.is_over

    @property
    def pool(self) -> int:
        """Counters on the table now: Loo's pool (with what is already set aside for the next deal), or
        Nap's kitty."""
        if self.deal is not None:
            return self.deal.pool_total if isinstance(self.deal, LooDeal) else self.deal.kitty
        return self.sitting.pool if isinstance(self.sitting, LooSitting) else self.sitting.kitty

    def balances(self) -> dict[str, int]:
        """Each seat's balance, the deal in progress included: they and :attr:`pool` sum to zero."""
        out = dict(self.sitting.balances)
        if self.deal is not None:
            for i, name in enumerate(self.deal.seats):
                out[name] += self.deal.net[i]
        return out

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next deal (None until the first dealer is named)."""
        return self.sitting.dealer if self.begun else None

    @property
    def next_kind(self) -> str | None:
        """Loo: the kind of the next deal (LOO-DEAL-1..3); Nap: None."""
        return self.sitting.kind.value if isinstance(self.sitting, LooSitting) else None

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, or of the next deal, from 1."""
        return len(self.sitting.deals) + 1

    # -- entries ---------------------------------------------------------------------------

    def start_deal(self, dealer: str | None = None, kind: str | None = None, turnup: str | None = None) -> Deal:
        """Start the next deal; ``dealer`` and ``kind``, when given, must be those the rules say."""
        sitting = self.sitting
        law = "LOO" if self.game == "loo" else "NAP"
        if self.deal is not None:
            raise IllegalActionError(
                "the deal in progress must be finished first", f"{law}-SET-{6 if law == 'LOO' else 2}"
            )
        if self.is_over:
            raise self._over()
        if dealer is not None and dealer not in self.seats:
            raise RecordError("dealer", f"no seat {dealer!r} (seats: {', '.join(self.seats)})")
        if not self.begun and dealer is None:
            rule = "LOO-GEN-3" if law == "LOO" else "NAP-GEN-4"
            raise IllegalActionError("say who deals first: the first knave dealt face up decides", rule)
        if self.begun and dealer is not None and dealer != sitting.dealer:
            rule = "LOO-GEN-3" if law == "LOO" else "NAP-SET-2"
            raise IllegalActionError(f"{dealer} cannot deal: it is {sitting.dealer}'s deal", rule)
        if not self.begun:
            assert dealer is not None
            sitting.dealer = dealer
        deal: Deal
        if isinstance(sitting, LooSitting):
            assert isinstance(self.rules, LooRules)
            if kind is not None and kind != sitting.kind.value:
                rule = "LOO-DEAL-1" if not sitting.deals else "LOO-DEAL-2"
                raise IllegalActionError(f"the next deal is {kind_words(sitting.kind.value)}, not {kind}", rule)
            loo = LooDeal(self.rules, sitting.seats, sitting.dealer, sitting.pool, sitting.kind)
            loo.table_mode = True
            loo.deal_unknown(turnup)
            deal = loo
        else:
            if kind is not None or turnup is not None:
                raise RecordError("deal", "a Nap deal has no kind and no turn-up")
            assert isinstance(self.rules, NapRules)
            nap = NapDeal(self.rules, sitting.seats, sitting.dealer, sitting.kitty, sitting.multiplier)
            nap.table_mode = True
            nap.deal_unknown()
            deal = nap
        self.begun = True
        self._set_current(deal)
        return deal

    def act(self, seat: str, verb: str, args: str = "") -> Action:
        """Enter what ``seat`` did: ``act("Ben", "stand")``, ``act("Ann", "call", "3")``,
        ``act("Cat", "irregular", "LOO-LAW-4")``. Raises :class:`IllegalActionError` or
        :class:`RecordError` and changes nothing when the entry is refused.

        A proper action (a declaration, a call, a trick's winner) must be legal as the rules stand;
        what breaks a rule at the table is entered as ``irregular RULE-ID`` and the engine applies the law.
        """
        deal = self.current()
        text = f"{seat} {verb} {args}".strip()
        strict = verb not in ("irregular", "replay")  # a typing slip must not become a penalty
        before = record_of(deal)
        try:
            done = _apply(deal, text, strict)
        except Exception:  # never leave a half-applied entry behind
            self._set_current(replay(before).deal)
            raise
        if deal.is_complete:
            self._close_deal()
        return done

    def current(self) -> Deal:
        """The deal in progress; raises :class:`IllegalActionError` when there is none."""
        if self.deal is not None:
            return self.deal
        if self.is_over:
            raise self._over()
        raise IllegalActionError(
            "no deal is in progress: start one with 'deal'", "LOO-DEAL-4" if self.game == "loo" else "NAP-DEAL-1"
        )

    def _over(self) -> IllegalActionError:
        if self.stopped is not None:
            rule = "LOO-END-2" if self.game == "loo" else "NAP-SET-3"
            return IllegalActionError("the game is over: the sitting was stopped", rule)
        return IllegalActionError("the game is over", "LOO-END-1")  # only Loo ends of itself

    def _set_current(self, deal: Deal) -> None:
        self.deal = deal
        if isinstance(self.sitting, LooSitting):
            assert isinstance(deal, LooDeal)
            self.sitting.current = deal
        else:
            assert isinstance(deal, NapDeal)
            self.sitting.current = deal

    def _close_deal(self) -> None:
        """Settle the finished deal into the sitting and note what it did."""
        deal = self.deal
        assert deal is not None and deal.is_complete
        number = self.deal_number
        before = dict(self.sitting.balances)
        self.sitting.end_deal()
        self.deal = None
        seats = deal.seats
        net = {name: deal.net[i] for i, name in enumerate(seats)}
        for name in self.seats:
            net.setdefault(name, 0)
        took = None
        if isinstance(deal, LooDeal):
            what = deal.kind.value
            looed = {seats[s]: deal.looed[s] for s in range(deal.n) if s in deal.looed}
            pool = deal.pool_total
            if deal.kind is not Kind.SINGLE and deal.winner_without_play is not None:
                took = seats[deal.winner_without_play]
        else:
            what = _nap_result(deal)
            looed = {}
            pool = deal.kitty
        after = {name: before[name] + net[name] for name in self.seats}
        self.history.append(Settled(number, seats[deal.dealer], what, net, after, pool, looed, took))
        if self.sitting.is_over:  # LOO-END-1: the pool is divided at the end of the game
            self._note_end("divide")

    def _note_end(self, how: str) -> None:
        last = self.history[-1].balances if self.history else dict.fromkeys(self.seats, 0)
        now = dict(self.sitting.balances)
        shares = {name: now[name] - last[name] for name in self.seats}
        self.history.append(Settled(None, "", how, shares, now, self.pool))

    def stop(self, method: str = "divide", seat: str | None = None) -> None:
        """End the sitting early: Loo ``divide`` or ``release`` (LOO-END-2); Nap ``divide`` the kitty, or
        ``draw`` it: ``seat`` drew the lowest card and takes it (NAP-VAR-POOL)."""
        rule = "LOO-END-2" if self.game == "loo" else "NAP-VAR-POOL"
        if method not in _STOPS[self.game]:
            raise RecordError("stop", f"no way to stop {method!r} (valid: {', '.join(_STOPS[self.game])})")
        if self.deal is not None:
            raise IllegalActionError("finish the deal in progress before stopping", rule)
        if self.is_over:
            raise IllegalActionError("the game is over already", rule)
        if self.stopped is not None:
            raise IllegalActionError("the last round after the release is being played", rule)
        if not self.sitting.deals:
            raise IllegalActionError("no deal has been played: there is nothing to stop", rule)
        if (method == "draw") != (seat is not None):
            raise RecordError(
                "stop",
                "say who drew the lowest card: stop draw SEAT" if seat is None else "a seat is named only with 'draw'",
            )
        if seat is not None and seat not in self.seats:
            raise RecordError("stop", f"no seat {seat!r} (seats: {', '.join(self.seats)})")
        after = len(self.sitting.deals)
        sitting = self.sitting
        if isinstance(sitting, LooSitting):
            sitting.stop(method)
        elif method == "draw":  # drawn for at the table: the seat named holds the lowest card
            assert seat is not None
            sitting.balances[seat] += sitting.kitty
            sitting.kitty, sitting.over = 0, True
        else:
            sitting.stop("divide")
        self.stopped = {"after": after, "method": method} | ({"seat": seat} if seat else {})
        if method == "release":  # the loos handed back; the last round follows (LOO-END-2)
            self._note_end("release")
        else:
            self._note_end(method)

    def undo(self) -> str:
        """Remove the last entry (an action, a deal's start, or the stop); returns what was removed."""
        records, stop = self.snapshot()
        if stop is not None and stop["after"] == len(records) and (self.deal is None):
            removed = f"stop {stop['method']}" + (f" {stop['seat']}" if "seat" in stop else "")
            stop = None
        elif records:
            last = records[-1]
            if last.actions:
                removed = last.actions.pop()
            else:
                records.pop()
                removed = f"deal {len(records) + 1} ({last.dealer} dealing)"
        else:
            raise IllegalActionError(
                "nothing to undo: the sitting has no entry", "LOO-DEAL-1" if self.game == "loo" else "NAP-GEN-4"
            )
        self._rebuild(records, stop)
        return removed

    # -- the score sheet -------------------------------------------------------------------

    def csv_text(self) -> str:
        """The score sheet as CSV: one row per finished deal with each seat's net and running balance and
        the pool after it; an ``end`` row for what the end of the sitting shared out."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        pool = "pool" if self.game == "loo" else "kitty"
        what = "kind" if self.game == "loo" else "result"
        head = ["deal", "dealer", what]
        for name in self.seats:
            head += [f"{name} net", f"{name} balance"]
        writer.writerow([csv_cell(h) for h in [*head, pool]])
        for row in self.history:
            cells: list[object] = [
                row.number if row.number is not None else "end",
                csv_cell(row.dealer),
                csv_cell(row.what),
            ]
            for name in self.seats:
                cells += [row.net[name], row.balances[name]]
            writer.writerow([*cells, row.pool])
        return out.getvalue()

    def write_csv(self, path: str) -> None:
        """Write :meth:`csv_text` to ``path``."""
        try:
            with open(path, "w", encoding="utf-8", newline="") as fp:
                fp.write(self.csv_text())
        except OSError as e:
            raise RecordError("csv", f"{path}: cannot write: {e.strerror}") from None


def _apply(deal: Deal, text: str, strict: bool) -> Action:
    """Parse and apply ``text``; when ``strict``, first check it as strict mode would (on a copy)."""
    if isinstance(deal, LooDeal):
        loo = deal.parse_action(text)
        if strict:
            probe = deal.copy()
            probe.table_mode = False
            probe.verify(loo)
        return deal.apply(loo)
    nap = deal.parse_action(text)
    if strict:
        probe_nap = deal.copy()
        probe_nap.table_mode = False
        probe_nap.verify(nap)
    return deal.apply(nap)


def kind_words(kind: str) -> str:
    """A Loo kind of deal (DEAL-RECORD.md ``kind``) as the table says it."""
    return {"single": "Peel's single", "ew_single": "a single (no miss, all play)", "regular": "a regular deal"}[kind]


def _nap_result(deal: NapDeal) -> str:
    if deal.declarer is None:
        return "all passed, redeal" if deal.redeal else "all passed"
    return f"{deal.seats[deal.declarer]} {'made' if deal.made else 'lost'} {deal.contract}"
