"""Deal records and rulings (DEAL-RECORD.md, format 1): load, dump, replay, and the referee.

Every parse has its writer: ``dumps(loads(s)) == s`` for a record written by :func:`dumps`.

>>> text = '''{"format": "roundgames-deal/1", "game": "loo", "seats": ["P1", "P2", "P3", "P4"],
...   "dealer": "P1", "kind": "single", "cards": {"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C",
...   "turnup": "9H"}}'''
>>> ruling = referee(loads(text))
>>> ruling["net"], ruling["pool"], ruling["next"]
({'P1': -6, 'P2': 3, 'P3': -3, 'P4': -3}, 9, {'dealer': 'P2', 'kind': 'regular'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from ..core.cards import Card, card_str, format_cards, parse_cards
from ..core.errors import CardError, IllegalActionError, RecordError, RulesError
from ..core.seats import HEAP_NAMES, seat_names
from ..loo.deal import Kind, LooAction, LooDeal
from ..loo.rules import LooRules
from ..nap import NapDeal
from ..nap.deal import NapAction
from ..nap.rules import NapRules

__all__ = [
    "FORMAT",
    "RULING_FORMAT",
    "DealRecord",
    "dump",
    "dumps",
    "load",
    "loads",
    "record_of",
    "referee",
    "replay",
    "rules_of",
]

FORMAT = "roundgames-deal/1"
RULING_FORMAT = "roundgames-ruling/1"

_FIELDS = (
    "format",
    "game",
    "variant",
    "options",
    "mode",
    "stakes",
    "multiplier",
    "seats",
    "dealer",
    "pool",
    "kind",
    "cards",
    "actions",
)
_STAKE_KEYS = {"loo": ("deal", "loo", "single", "ante"), "nap": ("unit",)}


@dataclass
class DealRecord:
    """One deal, stated completely: rules, seats, pool, cards and actions (DEAL-RECORD.md)."""

    game: str
    seats: list[str]
    dealer: str
    cards: dict[str, str]
    variant: str = "peel"
    options: dict[str, Any] = field(default_factory=dict)
    mode: str = "strict"
    stakes: dict[str, int] = field(default_factory=dict)
    multiplier: int = 1
    pool: int = 0
    kind: str = "regular"
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object, every field written out, in the order of DEAL-RECORD.md."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "variant": self.variant,
            "options": dict(self.options),
            "mode": self.mode,
            "stakes": dict(self.stakes),
        }
        if self.game == "nap":
            out["multiplier"] = self.multiplier
        out.update(seats=list(self.seats), dealer=self.dealer, pool=self.pool)
        if self.game == "loo":
            out["kind"] = self.kind
        out.update(cards=dict(self.cards), actions=list(self.actions))
        return out


def _int(obj: Mapping[str, Any], key: str, default: int, minimum: int = 0) -> int:
    value = obj.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RecordError(key, f"expected an integer of at least {minimum}, got {json.dumps(value)}")
    return value


def rules_of(game: str, variant: str, options: Mapping[str, Any], stakes: Mapping[str, int]) -> LooRules | NapRules:
    """The rules a record names: its preset, with its options and stakes applied."""
    cls: type[LooRules] | type[NapRules] = LooRules if game == "loo" else NapRules
    try:
        rules = cls.preset(variant)
    except RulesError as e:
        raise RecordError("variant", str(e)) from None
    for key, value in options.items():
        try:
            rules.check_option(key, value)
        except RulesError as e:
            raise RecordError(f"options.{key}", str(e).removeprefix(f"option {key}: ")) from None
    try:
        rules = rules.with_options(options)
    except RulesError as e:
        raise RecordError("options", str(e)) from None
    return rules.with_stakes(**stakes)


def from_json(obj: object) -> DealRecord:
    """Check a parsed JSON value and make a :class:`DealRecord` of it; raises :class:`RecordError`."""
    if not isinstance(obj, dict):
        raise RecordError("record", f"a deal record is a JSON object, got {type(obj).__name__}")
    unknown = [k for k in obj if k not in _FIELDS]
    if unknown:
        raise RecordError(unknown[0], f"unknown field (valid: {', '.join(_FIELDS)})")
    if obj.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {json.dumps(obj.get('format'))}")
    game = obj.get("game")
    if game not in ("loo", "nap"):
        raise RecordError("game", f"unknown game {json.dumps(game)} (valid: loo, nap)")
    variant = obj.get("variant", "peel")
    if not isinstance(variant, str):
        raise RecordError("variant", f"expected a preset name, got {json.dumps(variant)}")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options", f"expected an object of option names and values, got {json.dumps(options)}")
    mode = obj.get("mode", "strict")
    if mode not in ("strict", "table"):
        raise RecordError("mode", f"unknown mode {json.dumps(mode)} (valid: strict, table)")
    stakes = obj.get("stakes", {})
    if not isinstance(stakes, dict):
        raise RecordError("stakes", f"expected an object, got {json.dumps(stakes)}")
    for key, value in stakes.items():
        if key not in _STAKE_KEYS[game]:
            raise RecordError(f"stakes.{key}", f"no such {game} stake (valid: {', '.join(_STAKE_KEYS[game])})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RecordError(f"stakes.{key}", f"expected a whole number of counters, got {json.dumps(value)}")
    rules = rules_of(game, variant, options, stakes)
    if game == "loo" and "multiplier" in obj:
        raise RecordError("multiplier", "a Nap field; Loo records have none")
    multiplier = _int(obj, "multiplier", 1, minimum=1)
    seats = obj.get("seats")
    if not isinstance(seats, list):
        raise RecordError("seats", f"expected a list of seat names, got {json.dumps(seats)}")
    seat_names(seats)
    if isinstance(rules, LooRules):
        rule = "LOO5-1" if rules.form == "five_card" else "LOO-GEN-1"
        low, high, why = 3, rules.max_seats, f"with a {rules.pack}-card pack ({rule})"
    else:
        low, high, why = 2, rules.max_players, "(NAP-GEN-1)"
    if not low <= len(seats) <= high:
        raise RecordError("seats", f"{game} takes {low} to {high} seats {why}, got {len(seats)}")
    dealer = obj.get("dealer")
    if not isinstance(dealer, str) or dealer not in seats:
        raise RecordError("dealer", f"{json.dumps(dealer)} is not one of the seats ({', '.join(seats)})")
    pool = _int(obj, "pool", 0)
    kind = obj.get("kind", "regular")
    if game == "nap" and "kind" in obj:
        raise RecordError("kind", "a Loo field; Nap records have none")
    if kind not in [k.value for k in Kind]:
        raise RecordError("kind", f"unknown kind {json.dumps(kind)} (valid: regular, single, ew_single)")
    cards = obj.get("cards")
    if not isinstance(cards, dict):
        raise RecordError("cards", f"expected an object of seat names and card lists, got {json.dumps(cards)}")
    for key, value in cards.items():
        if key not in seats and key not in HEAP_NAMES:
            raise RecordError(f"cards.{key}", f"neither a seat nor one of {', '.join(HEAP_NAMES)}")
        if not isinstance(value, str):
            raise RecordError(f"cards.{key}", f"expected cards separated by spaces, got {json.dumps(value)}")
    actions = obj.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions", f"expected a list of action strings, got {json.dumps(actions)}")
    return DealRecord(
        game=game,
        seats=list(seats),
        dealer=dealer,
        cards=dict(cards),
        variant=variant,
        options=dict(options),
        mode=mode,
        stakes=_stakes_json(rules),
        multiplier=multiplier,
        pool=pool,
        kind=kind,
        actions=list(actions),
    )


def _stakes_json(rules: LooRules | NapRules) -> dict[str, int]:
    if isinstance(rules, LooRules):
        s = rules.stakes
        out = {"deal": s.deal, "loo": s.loo, "single": s.single}
        if rules.ante == "all":
            out["ante"] = s.ante
        return out
    return {"unit": rules.stakes.unit}


def loads(text: str | bytes) -> DealRecord:
    """Parse a deal record from JSON text; raises :class:`RecordError` if it is malformed."""
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError("record", f"not JSON: {e}") from None
    except RecursionError:
        raise RecordError("record", "nested too deeply to be a deal record") from None
    except ValueError as e:  # e.g. an integer of more digits than Python will convert
        raise RecordError("record", f"not a usable JSON document: {e}") from None
    return from_json(obj)


def load(fp: IO[str]) -> DealRecord:
    """Read a deal record from an open text file."""
    return loads(fp.read())


def dumps(record: DealRecord) -> str:
    """The record as canonical JSON text: every field, hands in suit order, ace down."""
    obj = record.to_json()
    obj["cards"] = _canonical_cards(record)
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def dump(record: DealRecord, fp: IO[str]) -> None:
    """Write the record to an open text file."""
    fp.write(dumps(record))


def _canonical_cards(record: DealRecord) -> dict[str, str]:
    """Hands from the dealer's left round to the dealer, then the other heaps, each written canonically:
    hands and heaps in suit order, ace down; the stock in its order, top card first."""
    n = len(record.seats)
    d = record.seats.index(record.dealer)
    keys = [record.seats[(d + 1 + i) % n] for i in range(n)] + list(HEAP_NAMES)
    out: dict[str, str] = {}
    for key in keys:
        if key in record.cards:
            try:
                cards = parse_cards(record.cards[key])
                out[key] = " ".join(map(card_str, cards)) if key == "stock" else format_cards(cards)
            except CardError:
                out[key] = record.cards[key]  # written as given; the referee names the fault
    return out


# -- building a deal from a record ----------------------------------------------------------------

Deal = LooDeal | NapDeal


def start(record: DealRecord) -> Deal:
    """The deal a record describes, dealt and ready for its first action."""
    rules = rules_of(record.game, record.variant, record.options, record.stakes)
    hands = {k: v for k, v in record.cards.items() if k in record.seats}
    if isinstance(rules, NapRules):
        for key in ("miss", "turnup"):
            if key in record.cards:
                raise RecordError(f"cards.{key}", "Nap deals no such heap")
        nap = NapDeal(rules, record.seats, record.dealer, record.pool, record.multiplier)
        nap.table_mode = record.mode == "table"
        if not record.cards:  # nobody recorded the cards: the pool keeper's deal
            nap.deal_unknown()
            return nap
        nap.deal_cards(
            hands,
            stock=record.cards.get("stock", ""),
            widow=record.cards.get("widow"),
            spare=record.cards.get("spare", ""),
        )
        return nap
    kind = Kind(record.kind)
    if not set(record.cards) - {"turnup"}:  # nobody recorded the cards: the pool keeper's deal
        unknown = LooDeal(rules, record.seats, record.dealer, record.pool, kind)
        unknown.table_mode = record.mode == "table"
        unknown.deal_unknown(record.cards.get("turnup"))
        return unknown
    # A dealer dealt no cards takes no part: he stands out or is leaving (LOO-END-3, §14.3).
    dealer_out = True if record.dealer not in record.cards else None
    deal = LooDeal(rules, record.seats, record.dealer, record.pool, kind, dealer_out=dealer_out)
    deal.table_mode = record.mode == "table"
    heaps = ("widow", "spare") if deal.has_stock else ("stock", "widow", "spare")  # LOO5-1, LOOI-1
    for key in heaps:
        if key in record.cards:
            raise RecordError(f"cards.{key}", f"{rules.form.replace('_', '-')} Loo deals no such heap")
    deal.deal_cards(
        hands, record.cards.get("miss", ""), record.cards.get("turnup"), stock=record.cards.get("stock", "")
    )
    return deal


@dataclass
class Replay:
    """A record replayed: the deal as it stands, and the first illegal action if any."""

    deal: Deal
    error: dict[str, Any] | None


def _not_held(deal: Deal, action: LooAction | NapAction) -> Card | None:
    """A card the action plays, keeps, buys away or discards that the seat does not hold: the record is
    malformed (DEAL-RECORD.md, RULES.md §14.23)."""
    if isinstance(action, LooAction):
        if action.card is not None and not deal.hands[action.seat] >> action.card & 1:
            return action.card
        if action.verb == "exchange":  # parse_action wrote the cards out; they parse
            return next((c for c in parse_cards(action.arg or "") if not deal.hands[action.seat] >> c & 1), None)
        return None
    assert isinstance(deal, NapDeal)
    held = deal.hands[action.seat]
    if action.verb == "widow" and deal.widow is not None:
        held |= 1 << deal.widow
    if action.verb == "topcard" and deal.stock:
        held |= 1 << deal.stock[0]
    if action.verb == "spare":  # the five kept come from his hand and the spare hand (§14.23)
        held |= deal.spare
    if action.verb in ("play", "buy", "widow", "topcard", "spare"):
        return next((c for c in action.cards if not held >> c & 1), None)
    return None


def replay(record: DealRecord) -> Replay:
    """Replay a record's actions; in strict mode stop at the first illegal one (DEAL-RECORD.md)."""
    deal = start(record)
    for i, text in enumerate(record.actions):
        where = f"actions[{i}]"
        if deal.is_complete:
            raise RecordError(where, f"{text!r} comes after the deal is complete")
        try:
            action = deal.parse_action(text)
        except RecordError as e:
            raise RecordError(where, e.reason) from None
        missing = _not_held(deal, action)
        if missing is not None:
            who, card = deal.seats[action.seat], card_str(missing)
            raise RecordError(
                where, f"{text!r}: {who} does not hold {card}, so the record is malformed (RULES.md §14.23)"
            )
        if isinstance(deal, LooDeal) and deal.has_stock and action.verb == "exchange":
            drawn = len(parse_cards(action.arg or ""))
            if drawn > len(deal.stock):
                left = len(deal.stock)
                raise RecordError(where, f"{text!r} draws {drawn} cards, but cards.stock has only {left} left")
        try:
            deal.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as e:
            return Replay(deal, {"index": i, "action": text, "rule": e.rule, "message": str(e)})
        except RecordError as e:
            raise RecordError(where, e.reason) from None
    return Replay(deal, None)


def referee(record: DealRecord) -> dict[str, Any]:
    """The ruling on a record (DEAL-RECORD.md, "The ruling")."""
    result = replay(record)
    deal = result.deal
    seats = deal.seats
    ruling: dict[str, Any] = {"format": RULING_FORMAT, "complete": deal.is_complete, "error": result.error}
    if not deal.is_complete and result.error is None:
        assert deal.to_act is not None
        ruling["to_act"] = seats[deal.to_act]
        ruling["legal"] = sorted(deal.action_str(a) for a in deal.legal_actions())  # type: ignore[arg-type]
    ruling["tricks"] = [
        {
            "leader": seats[t.leader],
            "cards": [card_str(c) for c in t.cards],
            "winner": None if t.winner is None else seats[t.winner],
        }
        for t in deal.all_tricks()
    ]
    ruling["irregularities"] = [
        {"index": i.index, "seat": seats[i.seat], "rule": i.rule, "penalty": i.penalty, "pool": i.pool}
        for i in deal.irregularities
    ]
    ruling["net"] = {seats[i]: v for i, v in enumerate(deal.net)}
    if isinstance(deal, NapDeal):
        ruling["pool"] = deal.kitty
        nxt = {"dealer": seats[deal.next_dealer], "multiplier": deal.next_multiplier}
        ruling["next"] = nxt if deal.is_complete else None
        ruling["declarer"] = None if deal.declarer is None else seats[deal.declarer]
        ruling["contract"] = deal.contract
        ruling["made"] = deal.made
    else:
        ruling["pool"] = deal.pool_total
        ruling["next"] = {"dealer": seats[deal.next_dealer], "kind": deal.next_kind.value} if deal.is_complete else None
    return ruling


def record_of(deal: Deal, *, mode: str | None = None) -> DealRecord:
    """The record of a dealt deal: its rules, seats, cards and every action so far."""
    if mode is None:
        mode = "table" if deal.table_mode else "strict"
    if deal.unknown:  # nobody recorded the cards (the pool keeper's deal): none are written
        return _record_of_unknown(deal, mode)
    cards: dict[str, str] = {}
    for s in deal.order:
        cards[deal.seats[s]] = format_cards(deal.dealt[s])
    if isinstance(deal, NapDeal):
        if deal.dealt_stock:
            cards["stock"] = " ".join(card_str(c) for c in deal.dealt_stock)
        if deal.dealt_widow is not None:
            cards["widow"] = card_str(deal.dealt_widow)
        if deal.dealt_spare:
            cards["spare"] = format_cards(deal.dealt_spare)
        return DealRecord(
            game="nap",
            seats=list(deal.seats),
            dealer=deal.seats[deal.dealer],
            cards=cards,
            variant=deal.rules.name,
            options=dict(deal.rules.options()),
            mode=mode,
            stakes=_stakes_json(deal.rules),
            multiplier=deal.multiplier,
            pool=deal.ledger.start,
            actions=[deal.action_str(a) for a in deal.log],
        )
    if deal.kind is Kind.REGULAR and not deal.has_stock:
        cards["miss"] = format_cards(deal.miss)
    cards["turnup"] = card_str(deal.turnup)
    if deal.dealt_stock:
        cards["stock"] = " ".join(card_str(c) for c in deal.dealt_stock)  # top card first
    return DealRecord(
        game="loo",
        seats=list(deal.seats),
        dealer=deal.seats[deal.dealer],
        cards=cards,
        variant=deal.rules.name,
        options=dict(deal.rules.options()),
        mode=mode,
        stakes=_stakes_json(deal.rules),
        pool=deal.ledger.start,
        kind=deal.kind.value,
        actions=[deal.action_str(a) for a in deal.log],
    )


def _record_of_unknown(deal: Deal, mode: str) -> DealRecord:
    """The record of a deal whose cards nobody recorded: Loo's turn-up at most (``LooDeal.deal_unknown``)."""
    out = DealRecord(
        game="loo" if isinstance(deal, LooDeal) else "nap",
        seats=list(deal.seats),
        dealer=deal.seats[deal.dealer],
        cards={},
        variant=deal.rules.name,
        options=dict(deal.rules.options()),
        mode=mode,
        stakes=_stakes_json(deal.rules),
        pool=deal.ledger.start,
        actions=[deal.action_str(a) for a in deal.log],  # type: ignore[arg-type]
    )
    if isinstance(deal, NapDeal):
        out.multiplier = deal.multiplier
    else:
        out.kind = deal.kind.value
        if deal.turnup >= 0:
            out.cards["turnup"] = card_str(deal.turnup)
    return out


def ruling_dumps(ruling: Mapping[str, Any]) -> str:
    """A ruling as JSON text."""
    return json.dumps(ruling, indent=2, ensure_ascii=False) + "\n"
