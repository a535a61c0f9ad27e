"""Deal records and rulings (DEAL-RECORD.md, format 1): load, dump, replay, and the referee.

Every parse has its writer: ``dumps(loads(s)) == s`` for a record written by :func:`dumps`. Nothing here names a
game: a record's game is looked up in :mod:`roundgames.games.registry`, its own fields (Loo's ``kind``, Nap's
``multiplier``) are the spec's ``record_fields``, and where games differ the deal says what it offers.

>>> text = '''{"format": "roundgames-deal/1", "game": "loo", "seats": ["P1", "P2", "P3", "P4"],
...   "dealer": "P1", "kind": "single", "cards": {"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C",
...   "turnup": "9H"}}'''
>>> ruling = referee(loads(text))
>>> ruling["net"], ruling["pool"], ruling["next"]
({'P1': -6, 'P2': 3, 'P3': -3, 'P4': -3}, 9, {'dealer': 'P2', 'kind': 'regular'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import IO, Any, cast

from ..core.cards import Card, card_str, format_cards, parse_card, parse_cards
from ..core.errors import CardError, IllegalActionError, RecordError, RulesError
from ..core.seats import HEAP_NAMES, seat_names
from ..games.observe import observer_of
from ..games.protocol import Deal, Feature, GameSpec
from ..games.registry import game as game_spec
from ..games.registry import game_of, games

__all__ = [
    "FORMAT",
    "RULING_FORMAT",
    "DealRecord",
    "Replay",
    "canonical_json",
    "dump",
    "dumps",
    "from_json",
    "load",
    "loads",
    "located",
    "parse_json",
    "record_of",
    "referee",
    "replay",
    "rules_of",
    "ruling_dumps",
    "ruling_of",
    "stakes_json",
    "start",
]

FORMAT = "roundgames-deal/1"
RULING_FORMAT = "roundgames-ruling/1"

#: every field of a record, in the order DEAL-RECORD.md lists them and :func:`dumps` writes them
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


#: the values DEAL-RECORD.md allows for ``kind``: the kinds of deal of the games whose deals have kinds
def _kinds() -> tuple[str, ...]:
    """Every kind of deal of every game (read at use: a game added by ROUNDGAMES_GAMES has its kinds)."""
    return tuple(dict.fromkeys(kind for spec in games() for kind in spec.kind_words))


@dataclass
class DealRecord:
    """One deal, stated completely: rules, seats, pool, cards and actions (DEAL-RECORD.md).

    ``kind`` and ``multiplier`` are the fields only one game's records have (its spec's ``record_fields``):
    the record of another game keeps them at their defaults and never writes them."""

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
        own = game_spec(self.game).record_fields
        out: dict[str, Any] = {}
        for key in _FIELDS:
            if key == "format":
                out[key] = FORMAT
            elif key in ("options", "stakes", "cards"):
                out[key] = dict(getattr(self, key))
            elif key in ("seats", "actions"):
                out[key] = list(getattr(self, key))
            elif key not in _GAME_FIELDS or key in own:
                out[key] = getattr(self, key)
        return out


def _int(obj: Mapping[str, Any], key: str, default: int, minimum: int = 0) -> int:
    value = obj.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RecordError(key, f"expected an integer of at least {minimum}, got {json.dumps(value)}")
    return value


def _kind(obj: Mapping[str, Any], key: str, default: str) -> str:
    value = obj.get(key, default)
    if value not in (kinds := _kinds()):
        raise RecordError(key, f"unknown kind {json.dumps(value)} (valid: {', '.join(kinds)})")
    return str(value)


#: how each game's own field is checked (DEAL-RECORD.md): which game has which is its spec's ``record_fields``
_GAME_FIELDS: dict[str, Callable[[Mapping[str, Any], str, Any], Any]] = {
    "multiplier": lambda obj, key, default: _int(obj, key, default, minimum=1),
    "kind": _kind,
}


def _spec(name: object) -> GameSpec:
    """The game a record names; raises :class:`RecordError` on ``game`` listing the games."""
    try:
        return game_spec(cast(str, name))
    except RulesError:
        valid = ", ".join(g.name for g in games())
        raise RecordError("game", f"unknown game {json.dumps(name)} (valid: {valid})") from None


def rules_of(game: str, variant: str, options: Mapping[str, Any], stakes: Mapping[str, int]) -> Any:
    """The rules a record names: its game's preset, with its options and stakes applied."""
    cls = _spec(game).rules
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
    return cast(Any, rules).with_stakes(**stakes)


def stakes_json(rules: Any) -> dict[str, int]:
    """The stakes as a record writes them (DEAL-RECORD.md ``stakes``): each stake the rules take (Loo's ``ante``
    only where all ante)."""
    return {name: int(getattr(rules.stakes, name)) for name in game_of(rules).stakes_in_force(rules)}


def _seat_count(spec: GameSpec, rules: Any, seats: list[str]) -> None:
    """Refuse a seat count outside the game's range, in the game's own words and rule (LOO-GEN-1, NAP-GEN-1)."""
    low, high = spec.min_seats, spec.max_seats(rules)
    if not low <= len(seats) <= high:
        spec.deal(rules, seats)  # the game's deal refuses it, naming its rule
        raise RecordError("seats", f"{spec.title} takes {low} to {high} seats, got {len(seats)}")


def _check_head(obj: Mapping[str, Any]) -> tuple[GameSpec, Any, str, dict[str, Any], str]:
    """The fields that say which deal this is (format, game and rules, mode, stakes): ``(spec, rules, variant,
    options, mode)``."""
    unknown = [k for k in obj if k not in _FIELDS]
    if unknown:
        raise RecordError(unknown[0], f"unknown field (valid: {', '.join(_FIELDS)})")
    if obj.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {json.dumps(obj.get('format'))}")
    spec = _spec(obj.get("game"))
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
        if key not in spec.stake_names:
            valid = ", ".join(spec.stake_names)
            raise RecordError(f"stakes.{key}", f"no such {spec.name} stake (valid: {valid})")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RecordError(f"stakes.{key}", f"expected a whole number of counters, got {json.dumps(value)}")
    rules = rules_of(spec.name, variant, options, stakes)
    return spec, rules, variant, options, str(mode)


def _own_fields(spec: GameSpec, obj: Mapping[str, Any]) -> dict[str, Any]:
    """The fields only this game's records have, checked; a field of another game's records is refused."""
    for other in games():
        for key in other.record_fields:
            if key in obj and key not in spec.record_fields:
                raise RecordError(key, f"a {other.title} field; {spec.title} records have none")
    return {key: _GAME_FIELDS[key](obj, key, default) for key, default in spec.record_fields.items()}


def from_json(obj: object) -> DealRecord:
    """Check a parsed JSON value and make a :class:`DealRecord` of it; raises :class:`RecordError`."""
    if not isinstance(obj, dict):
        raise RecordError("record", f"a deal record is a JSON object, got {type(obj).__name__}")
    spec, rules, variant, options, mode = _check_head(obj)
    own = _own_fields(spec, obj)
    seats = obj.get("seats")
    if not isinstance(seats, list):
        raise RecordError("seats", f"expected a list of seat names, got {json.dumps(seats)}")
    seat_names(seats)
    _seat_count(spec, rules, seats)
    dealer = obj.get("dealer")
    if not isinstance(dealer, str) or dealer not in seats:
        raise RecordError("dealer", f"{json.dumps(dealer)} is not one of the seats ({', '.join(seats)})")
    pool = _int(obj, "pool", 0)
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
        game=spec.name,
        seats=list(seats),
        dealer=dealer,
        cards=dict(cards),
        variant=variant,
        options=dict(options),
        mode=mode,
        stakes=stakes_json(rules),
        pool=pool,
        actions=list(actions),
        **own,
    )


def located(where: str, error: RecordError) -> RecordError:
    """``error`` in the record at ``where`` of a file (``sitting[2]``, ``deals[0]``, ``current``): its field is
    named from there (``sitting[2].seats``); a record that is not an object is named by ``where`` alone."""
    if not where:
        return error
    return RecordError(where if error.field == "record" else f"{where}.{error.field}", error.reason)


def parse_json(text: str | bytes, what: str = "a deal record", field: str = "record") -> Any:
    """The JSON value of ``text``; raises :class:`RecordError` on ``field`` for text that is not JSON or that
    Python cannot hold (nested too deeply, an integer of too many digits)."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(field, f"not JSON: {e}") from None
    except RecursionError:
        raise RecordError(field, f"nested too deeply to be {what}") from None
    except ValueError as e:  # e.g. an integer of more digits than Python will convert
        raise RecordError(field, f"not a usable JSON document: {e}") from None


def loads(text: str | bytes) -> DealRecord:
    """Parse a deal record from JSON text; raises :class:`RecordError` if it is malformed."""
    return from_json(parse_json(text))


def load(fp: IO[str]) -> DealRecord:
    """Read a deal record from an open text file."""
    return loads(fp.read())


def canonical_json(record: DealRecord) -> dict[str, Any]:
    """The record as :func:`dumps` writes it, as a JSON object: every field, hands in suit order, ace down."""
    obj = record.to_json()
    obj["cards"] = _canonical_cards(record)
    return obj


def dumps(record: DealRecord) -> str:
    """The record as canonical JSON text: every field, hands in suit order, ace down."""
    return json.dumps(canonical_json(record), indent=2, ensure_ascii=False) + "\n"


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


def start(record: DealRecord) -> Deal:
    """The deal a record describes, dealt and ready for its first action."""
    spec = game_spec(record.game)
    rules = rules_of(record.game, record.variant, record.options, record.stakes)
    own: dict[str, Any] = {key: getattr(record, key) for key in spec.record_fields}
    hands = {k: v for k, v in record.cards.items() if k in record.seats}
    heaps = {k: v for k, v in record.cards.items() if k in HEAP_NAMES}
    unknown = not hands and set(heaps) <= {"turnup"}  # nobody recorded the cards: the pool keeper's deal
    # A dealer dealt no cards takes no part, where the game lets him: he stands out or is leaving (LOO-END-3,
    # §14.3). A game whose deal does not take ``dealer_out`` refuses the missing hand when it is dealt.
    if not unknown and spec.sits_out_undealt:
        own["dealer_out"] = True if record.dealer not in record.cards else None
    deal = spec.deal(rules, record.seats, record.dealer, record.pool, **own)
    deal.table_mode = record.mode == "table"
    for key in heaps:
        if key not in deal.heap_names:
            raise RecordError(f"cards.{key}", f"{spec.form_of(rules).title} deals no such heap")
    if unknown:
        deal.deal_unknown(**heaps)
        return deal
    deal.deal_cards(hands, **heaps)
    return deal


@dataclass
class Replay:
    """A record replayed: the deal as it stands, and the first illegal action if any."""

    deal: Deal
    error: dict[str, Any] | None


def _named_cards(deal: Deal, action: Any) -> list[Card]:
    """The cards an action names, played, kept, bought away or discarded (a verb whose arguments are cards)."""
    verb = deal.game.verbs.get(action.verb)
    if verb is None or verb.args not in ("card", "cards"):
        return []
    out = []
    for word in deal.action_str(action).split()[2:]:
        try:
            out.append(parse_card(word))
        except CardError:
            continue  # a word beside the cards, such as "civil" (LOO5-4)
    return out


def _also_held(deal: Deal, word: str) -> int:
    """The cards a verb takes from a heap into the seat's hand as it acts (RULES.md §14.23; the verb table's
    ``takes_from``): Nap's widow, the top card of the stock, the spare hand."""
    verb = deal.game.verbs.get(word)
    if verb is None or verb.takes_from is None:
        return 0
    heap, count = verb.takes_from
    cards = deal.heaps().get(heap, [])
    return sum(1 << c for c in (cards[:count] if count else cards))


def _not_held(deal: Deal, action: Any) -> Card | None:
    """A card the action plays, keeps, buys away or discards that the seat does not hold: the record is
    malformed (DEAL-RECORD.md, RULES.md §14.23)."""
    held = deal.hands[action.seat] | _also_held(deal, action.verb)
    return next((c for c in _named_cards(deal, action) if not held >> c & 1), None)


def _states_law(deal: Deal, action: Any) -> bool:
    """Whether ``action`` states a law (the verb whose argument is a rule ID: ``irregular``)."""
    verb = deal.game.verbs.get(action.verb)
    return verb is not None and verb.args == "law"


def replay(record: DealRecord) -> Replay:
    """Replay a record's actions; in strict mode stop at the first illegal one (DEAL-RECORD.md)."""
    deal = start(record)
    for i, text in enumerate(record.actions):
        where = f"actions[{i}]"
        if deal.is_complete and not deal.voidable:
            raise RecordError(where, f"{text!r} comes after the deal is complete")
        try:
            action = deal.parse_action(text)
        except RecordError as e:
            raise RecordError(where, e.reason) from None
        if deal.is_complete and not _states_law(deal, action):  # only a law may void it still (RULES.md §14.30)
            raise RecordError(where, f"{text!r} comes after the deal is complete")
        missing = _not_held(deal, action)
        if missing is not None:
            who, card = deal.seats[action.seat], card_str(missing)
            raise RecordError(
                where, f"{text!r}: {who} does not hold {card}, so the record is malformed (RULES.md §14.23)"
            )
        if action.verb == "exchange" and deal.offers(Feature.EXCHANGES):  # drawn from the stock (LOO5-2)
            drawn, left = len(_named_cards(deal, action)), len(deal.heaps().get("stock", []))
            if drawn > left:
                raise RecordError(where, f"{text!r} draws {drawn} cards, but cards.stock has only {left} left")
        try:
            cast(Any, deal).apply(action)
        except IllegalActionError as e:
            if deal.is_complete:  # a law that cannot void the finished deal is one more action after it
                why = str(e).removeprefix(f"{text}: ")
                raise RecordError(where, f"{text!r} comes after the deal is complete: {why}") from None
            return Replay(deal, {"index": i, "action": text, "rule": e.rule, "message": str(e)})
        except RecordError as e:
            raise RecordError(where, e.reason) from None
    return Replay(deal, None)


def ruling_of(result: Replay) -> dict[str, Any]:
    """The ruling on a replayed record (DEAL-RECORD.md, "The ruling")."""
    deal = result.deal
    seats = deal.seats
    ruling: dict[str, Any] = {"format": RULING_FORMAT, "complete": deal.is_complete, "error": result.error}
    if not deal.is_complete and result.error is None:
        assert deal.to_act is not None
        ruling["to_act"] = seats[deal.to_act]
        ruling["legal"] = sorted(cast(Any, deal).action_str(a) for a in deal.legal_actions())
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
    ruling["pool"] = deal.ledger.total  # everything on the table: Loo's pool, Nap's kitty
    done = deal.result()
    ruling["next"] = None
    if done is not None:  # the next dealer, and each field of the game's own the next deal takes (kind, multiplier)
        following = {key: getattr(done, f"next_{key}") for key in deal.game.record_fields}
        ruling["next"] = {"dealer": seats[done.next_dealer], **following}
    ruling.update(observer_of(deal.game).ruling(deal))  # the game's own fields: Nap's contract (NAP-SET-1)
    return ruling


def referee(record: DealRecord) -> dict[str, Any]:
    """The ruling on a record (DEAL-RECORD.md, "The ruling")."""
    return ruling_of(replay(record))


def _plain(value: object) -> object:
    """A deal's value as a record writes it: an enum by its value."""
    return value.value if isinstance(value, Enum) else value


def _cards_of(deal: Deal) -> dict[str, str]:
    """The cards a dealt deal dealt, as a record writes them: each hand from the dealer's left, then each heap as it
    was dealt (the stock in its order, top card first); where nobody recorded the cards, at most the turn-up."""
    cards: dict[str, str] = {}
    if not deal.offers(Feature.UNKNOWN_CARDS):
        for s in deal.order:
            cards[deal.seats[s]] = format_cards(deal.dealt[s])
    for heap, dealt in deal.heaps(dealt=True).items():
        cards[heap] = " ".join(card_str(c) for c in dealt) if heap == "stock" else format_cards(dealt)
    return cards


def record_of(deal: Deal, *, mode: str | None = None) -> DealRecord:
    """The record of a dealt deal: its rules, seats, cards and every action so far."""
    if mode is None:
        mode = "table" if deal.table_mode else "strict"
    spec = deal.game
    own: dict[str, Any] = {key: _plain(getattr(deal, key)) for key in spec.record_fields}
    return DealRecord(
        game=spec.name,
        seats=list(deal.seats),
        dealer=deal.seats[deal.dealer],
        cards=_cards_of(deal),
        variant=deal.rules.name,
        options=dict(deal.rules.options()),
        mode=mode,
        stakes=stakes_json(deal.rules),
        pool=deal.ledger.start,
        actions=[cast(Any, deal).action_str(a) for a in deal.log],
        **own,
    )


def ruling_dumps(ruling: Mapping[str, Any]) -> str:
    """A ruling as JSON text."""
    return json.dumps(ruling, indent=2, ensure_ascii=False) + "\n"
