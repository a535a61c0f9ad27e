"""The pool keeper's sitting (``roundgames keep``): a game played with real cards, kept as deal records.

A :class:`Keeper` holds a sitting of any game of the registry (:mod:`roundgames.games.registry`) whose
cards nobody writes down. Each deal is a deal record (DEAL-RECORD.md) in table mode whose cards are
unknown (the deal's ``deal_unknown``); what happened at the table is entered as the deal's actions
(``Ben stand``, ``Cat trick``, ``Ann call 3``, ``Dan irregular LOO-LAW-4``), the engine applies the rules
and the laws, and the game's sitting carries the balances, the pool and the turn to deal. The engine is
the only authority on money: nothing here computes a payment. Nothing here names a game either: what
differs between games comes from the game's spec, its observer (:mod:`roundgames.games.observe`), their views
and their results. The keep file (docs/keep.md) holds the whole sitting and is rewritten, atomically,
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

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar, cast

from ..core.errors import IllegalActionError, RecordError, RulesError
from ..core.seats import seat_names
from ..core.sheet import sheet
from ..games.observe import Observer, observer_of
from ..games.protocol import Deal, DealResult, GameSpec
from ..games.registry import game as game_spec
from ..games.registry import games, new_deal, new_sitting
from ..records.deal import DealRecord, parse_json, record_of, replay, rules_of, stakes_json
from ..records.disk import read_text
from ..records.keep import KEEP_FORMAT, KeepFile, dumps_keep, keep_from_json, save_keep
from ..records.sitting import records_of

__all__ = [
    "KEEP_FORMAT",
    "Keeper",
    "KeptDeal",
    "Settled",
    "Snapshot",
]

#: the stakes each game takes (DEAL-RECORD.md ``stakes``)


def __getattr__(name: str) -> Any:
    # Each game's stakes, read when asked rather than at import (a game added by ROUNDGAMES_GAMES is found then).
    if name == "STAKE_NAMES":
        return {spec.name: spec.stake_names for spec in games()}
    raise AttributeError(name)


#: the verbs with which the keeper states a result nobody played out (the keeper's own, where the game has them)
STATED = ("trick", "single")
#: the way to stop in which a seat named at the table takes the whole pool or kitty (KEEP-4)
DRAWN = "draw"


#: a deal as the keeper drives it: any game's (the protocol's), dealt with no cards
KeptDeal = Deal


class KeptSitting(Protocol):
    """A sitting as the keeper drives it: any game's, its deal in progress set by the keeper."""

    seats: list[str]
    balances: dict[str, int]
    dealer: str
    current: Any

    @property
    def deals(self) -> Sequence[Any]: ...

    @property
    def pool(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def end_deal(self) -> None: ...

    def stop(self, method: str = "divide") -> None: ...

    def summary(self) -> dict[str, Any]: ...


#: a sitting's entries, to go back to (:meth:`Keeper.snapshot`): the deal records and the stop
Snapshot = tuple[list[DealRecord], dict[str, Any] | None]


@dataclass
class Settled:
    """What one finished deal did (or the end of the sitting, ``number`` None): the score sheet's row."""

    number: int | None
    dealer: str
    #: the kind of deal (where deals have kinds) or the contract and its fate (``Ben made 3``); the end: how the
    #: pool was shared
    what: str
    net: dict[str, int]
    balances: dict[str, int]
    #: the pool (or kitty) left for the next deal, before its stake
    pool: int
    looed: dict[str, int] = field(default_factory=dict)
    #: who took the pool without play (LOO-DECL-7, LOO-DECL-9, a concession), or None
    took: str | None = None
    #: the kind of the deal (DEAL-RECORD.md ``kind``) where the game's deals have kinds
    kind: str | None = None


class Keeper:
    """A sitting kept for a real table: the deals so far, the deal in progress, the balances."""

    def __init__(self, game: str, rules: Any, seats: Sequence[str], rounds: int = 1) -> None:
        #: the game's name (the keep file's ``game``) and its spec
        self.game = game
        self.spec: GameSpec = game_spec(game)
        #: the game's rules, as the registry makes them
        self.rules = rules
        self.seats = list(seats)
        self.rounds = rounds
        #: whether the first dealer has been named (``deal SEAT``): until then there is no sitting to speak of
        self.begun = False
        self.sitting: KeptSitting = self._new_sitting(self.seats[0])
        self.deal: KeptDeal | None = None
        #: the early end (LOO-END-2, NAP-VAR-POOL): after how many deals, how, and who drew the kitty
        self.stopped: dict[str, Any] | None = None
        self.history: list[Settled] = []
        #: a deal of these rules, never dealt: what the observer says of the game's deals before the first is dealt
        self.sample: KeptDeal = new_deal(game, rules, self.seats)

    def _new_sitting(self, dealer: str) -> KeptSitting:
        sitting = new_sitting(self.game, self.rules, self.seats, seed=0, rounds=self.rounds, dealer=dealer)
        return cast(KeptSitting, sitting)

    @property
    def observer(self) -> Observer:
        """The game's observer: what the keeper says of the game's deals (:mod:`roundgames.games.observe`)."""
        return observer_of(self.spec)

    @property
    def pool_word(self) -> str:
        """What the table calls the counters carried between deals: the pool, or a kitty."""
        return self.observer.pot_word

    def rule(self, step: str) -> str:
        """The rule that settles ``step`` of a sitting (:attr:`GameSpec.sitting_rules`)."""
        return self.spec.sitting_rules[step]

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
        try:
            spec = game_spec(game)
        except RulesError as e:
            raise RecordError("game", str(e)) from None
        for key, value in (stakes or {}).items():
            if key not in spec.stake_names:
                raise RecordError(f"stakes.{key}", f"no such {game} stake (valid: {', '.join(spec.stake_names)})")
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
        """Refuse rules no kept deal can follow (a variant that exchanges particular cards, KEEP-5), before the
        first deal rather than at it."""
        probe = new_deal(self.game, self.rules, self.seats)
        try:
            probe.deal_unknown()
        except RecordError as e:
            if e.field != "cards.turnup":  # a turn-up is given at the deal, where one is needed (KEEP-3)
                raise

    # -- the keep file ---------------------------------------------------------------------

    def records(self) -> list[DealRecord]:
        """Every deal so far as a record, the deal in progress last."""
        out = records_of(cast(Any, self.sitting))  # records takes each game's sitting, the keeper any game's
        if self.deal is not None:
            out.append(record_of(cast(Any, self.deal)))
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
        if method not in (stops := game_spec(self.game).stops):
            raise RecordError("stop.method", f"expected one of {', '.join(stops)}, got {json.dumps(method)}")
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
        if rules_of(record.game, record.variant, record.options, record.stakes) != self.rules:  # another game's too
            raise RecordError(where, "its game, variant, options or stakes differ from the sitting's")
        if record.seats != self.sitting.seats:
            raise RecordError(f"{where}.seats", f"expected {self.sitting.seats}, got {record.seats}")
        if record.mode != "table":
            raise RecordError(f"{where}.mode", "a kept deal is in table mode")
        if set(record.cards) - {"turnup"}:
            raise RecordError(f"{where}.cards", "a kept deal records no hands, at most the turn-up")
        sitting = self.sitting
        # the fields only this game's records have (Loo's kind, Nap's multiplier) follow on like the pool
        fields = tuple(self.spec.record_fields)
        expected: tuple[object, ...] = (sitting.dealer, sitting.pool, *self.next_fields().values())
        got: tuple[object, ...] = (record.dealer, record.pool, *(getattr(record, f) for f in fields))
        what = ", ".join(("dealer", self.pool_word, *fields))
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
        """Counters on the table now: the pool (with what is already set aside for the next deal), or the
        kitty."""
        if self.deal is not None:
            return self.deal.ledger.total
        return self.sitting.pool

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

    def next_fields(self) -> dict[str, Any]:
        """What the next deal's record will say in the fields only this game has (DEAL-RECORD.md): Loo's
        ``kind``, Nap's ``multiplier``, as the sitting carries them."""
        summary = self.sitting.summary()
        return {name: summary[name] for name in self.spec.record_fields}

    @property
    def next_kind(self) -> str | None:
        """The kind of the next deal, where deals have kinds (LOO-DEAL-1..3); else None."""
        kind = self.next_fields().get("kind")
        return None if kind is None else str(kind)

    @property
    def dealer_stake(self) -> int:
        """What each dealer puts into the pool of his deal (DEAL-RECORD.md ``stakes.deal``; 0 in a game whose
        dealers stake nothing of the kind)."""
        return int(dataclasses.asdict(self.rules.stakes).get("deal", 0))

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress, or of the next deal, from 1."""
        return len(self.sitting.deals) + 1

    # -- entries ---------------------------------------------------------------------------

    def start_deal(self, dealer: str | None = None, kind: str | None = None, turnup: str | None = None) -> KeptDeal:
        """Start the next deal; ``dealer`` and ``kind``, when given, must be those the rules say; ``turnup`` is
        given only where the game's deals turn one up (KEEP-3)."""
        sitting, law = self.sitting, self.rule
        if self.deal is not None:
            raise IllegalActionError("the deal in progress must be finished first", law("unfinished"))
        if self.is_over:
            raise self._over()
        if dealer is not None and dealer not in self.seats:
            raise RecordError("dealer", f"no seat {dealer!r} (seats: {', '.join(self.seats)})")
        if not self.begun and dealer is None:
            raise IllegalActionError("say who deals first: the first knave dealt face up decides", law("first_dealer"))
        if self.begun and dealer is not None and dealer != sitting.dealer:
            raise IllegalActionError(f"{dealer} cannot deal: it is {sitting.dealer}'s deal", law("rotation"))
        if not self.begun:
            assert dealer is not None
            sitting.dealer = dealer
        fields = self.next_fields()
        if kind is not None and "kind" not in fields:
            raise RecordError("deal", f"a {self.spec.title} deal has no kind")
        if kind is not None and kind != fields["kind"]:
            rule = law("first_deal") if not sitting.deals else law("next_deal")
            raise IllegalActionError(f"the next deal is {self.spec.kind_words[fields['kind']]}, not {kind}", rule)
        if turnup is not None and not self.observer.turns_up:
            raise RecordError("deal", f"a {self.spec.title} deal has no turn-up")
        deal = new_deal(self.game, self.rules, sitting.seats, sitting.dealer, sitting.pool, **fields)
        deal.table_mode = True
        if turnup is None:
            deal.deal_unknown()
        else:
            deal.deal_unknown(turnup)
        self.begun = True
        self._set_current(deal)
        return deal

    def act(self, seat: str, verb: str, args: str = "") -> Any:
        """Enter what ``seat`` did: ``act("Ben", "stand")``, ``act("Ann", "call", "3")``,
        ``act("Cat", "irregular", "LOO-LAW-4")``; returns the game's action as logged. Raises
        :class:`IllegalActionError` or :class:`RecordError` and changes nothing when the entry is refused.

        A proper action (a declaration, a call, a trick's winner) must be legal as the rules stand;
        what breaks a rule at the table is entered as ``irregular RULE-ID`` and the engine applies the law.
        """
        deal = self.current()
        text = f"{seat} {verb} {args}".strip()
        # a typing slip must not become a penalty: only what the verb table says is not entered in turn (a law
        # stated, a replay demanded) goes to the laws unchecked
        known = self.spec.verbs.get(verb)
        strict = verb in STATED or known is None or known.proper
        before = record_of(cast(Any, deal))
        try:
            action = deal.parse_action(text)
            if strict:
                deal.verify_proper(action)
            done = deal.apply(action)
        except Exception:  # never leave a half-applied entry behind
            self._set_current(replay(before).deal)
            raise
        if deal.is_complete:
            self._close_deal()
        return done

    def current(self) -> KeptDeal:
        """The deal in progress; raises :class:`IllegalActionError` when there is none."""
        if self.deal is not None:
            return self.deal
        if self.is_over:
            raise self._over()
        raise IllegalActionError("no deal is in progress: start one with 'deal'", self.rule("undealt"))

    def _over(self) -> IllegalActionError:
        if self.stopped is not None:
            return IllegalActionError("the game is over: the sitting was stopped", self.rule("stopped"))
        return IllegalActionError("the game is over", self.rule("end"))

    def _set_current(self, deal: KeptDeal) -> None:
        self.deal = deal
        self.sitting.current = deal

    def _close_deal(self) -> None:
        """Settle the finished deal into the sitting and note what it did, every fact from its result."""
        deal = self.deal
        result = None if deal is None else deal.result()
        assert deal is not None and result is not None
        number = self.deal_number
        before = dict(self.sitting.balances)
        self.sitting.end_deal()
        self.deal = None
        seats = result.seats
        net = dict.fromkeys(self.seats, 0) | dict(zip(seats, result.net, strict=True))
        looed_by_seat: dict[int, int] = result_fact(result, "looed", {})
        looed = {seats[s]: paid for s, paid in sorted(looed_by_seat.items())}
        taker = result_fact(result, "taker", None)
        # who took the pool without play; the best card of Peel's single wins it in play, as it were
        took = None if taker is None or result_fact(result, "single", False) else seats[taker]
        kind = observer_of(self.spec).kind(deal, deal.view(deal.dealer))
        after = {name: before[name] + net[name] for name in self.seats}
        what = kind if kind is not None else observer_of(self.spec).outcome(deal, result)
        self.history.append(Settled(number, seats[deal.dealer], what, net, after, result.pool, looed, took, kind))
        if self.sitting.is_over:  # LOO-END-1: the pool is divided at the end of the game
            self._note_end("divide")

    def _note_end(self, how: str) -> None:
        last = self.history[-1].balances if self.history else dict.fromkeys(self.seats, 0)
        now = dict(self.sitting.balances)
        shares = {name: now[name] - last[name] for name in self.seats}
        self.history.append(Settled(None, "", how, shares, now, self.pool))

    def stop(self, method: str = "divide", seat: str | None = None) -> None:
        """End the sitting early in one of the game's ways (``spec.stops``): Loo ``divide`` or ``release``
        (LOO-END-2); Nap ``divide`` the kitty, or ``draw`` it: ``seat`` drew the lowest card and takes it
        (NAP-VAR-POOL, KEEP-4)."""
        rule, stops = self.rule("share"), self.spec.stops
        if method not in stops:
            raise RecordError("stop", f"no way to stop {method!r} (valid: {', '.join(stops)})")
        if self.deal is not None:
            raise IllegalActionError("finish the deal in progress before stopping", rule)
        if self.is_over:
            raise IllegalActionError("the game is over already", rule)
        if self.stopped is not None:
            raise IllegalActionError("the last round after the release is being played", rule)
        if not self.sitting.deals:
            raise IllegalActionError("no deal has been played: there is nothing to stop", rule)
        if (method == DRAWN) != (seat is not None):
            raise RecordError(
                "stop",
                f"say who drew the lowest card: stop {DRAWN} SEAT"
                if seat is None
                else f"a seat is named only with '{DRAWN}'",
            )
        if seat is not None and seat not in self.seats:
            raise RecordError("stop", f"no seat {seat!r} (seats: {', '.join(self.seats)})")
        after = len(self.sitting.deals)
        sitting = self.sitting
        before, pool = dict(sitting.balances), sitting.pool
        sitting.stop(method)
        if seat is not None:  # drawn for at the table, not by the sitting: the seat named takes it all (KEEP-4)
            sitting.balances.update(before)
            sitting.balances[seat] += pool
        self.stopped = {"after": after, "method": method} | ({"seat": seat} if seat else {})
        self._note_end(method)  # release: the loos handed back, and the last round follows (LOO-END-2)

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
            raise IllegalActionError("nothing to undo: the sitting has no entry", self.rule("first_deal"))
        self._rebuild(records, stop)
        return removed

    # -- the score sheet -------------------------------------------------------------------

    def csv_text(self) -> str:
        """The score sheet as CSV: one row per finished deal with each seat's net and running balance and
        the pool after it; an ``end`` row for what the end of the sitting shared out."""
        # the kind of deal (DEAL-RECORD.md ``kind``) where this game's deals have kinds, else what became of it
        what = "kind" if "kind" in self.spec.record_fields else "result"
        head: list[object] = ["deal", "dealer", what]
        for name in self.seats:
            head += [f"{name} net", f"{name} balance"]
        rows: list[list[object]] = [[*head, self.pool_word]]
        for row in self.history:
            cells: list[object] = [row.number if row.number is not None else "end", row.dealer, row.what]
            for name in self.seats:
                cells += [row.net[name], row.balances[name]]
            rows.append([*cells, row.pool])
        return sheet(rows)

    def write_csv(self, path: str) -> None:
        """Write :meth:`csv_text` to ``path``."""
        try:
            with open(path, "w", encoding="utf-8", newline="") as fp:
                fp.write(self.csv_text())
        except OSError as e:
            raise RecordError("csv", f"{path}: cannot write: {e.strerror}") from None


T = TypeVar("T")


def result_fact(result: DealResult, name: str, default: T) -> T:
    """A fact of a finished deal that only some games' results carry (:class:`DealResult` and each game's:
    ``looed``, ``taker`` and ``single`` where seats are looed, ``made`` and ``redeal`` where a contract is
    played); ``default`` where this game's result has none."""
    return cast(T, getattr(result, name, default))
