"""Checking what clients send: websocket messages, a new table's settings, sitting down.

Each check names the field, the value and what was expected, so the client can show it as it
is; nothing here touches a table.
"""

from __future__ import annotations

import functools
import json
import secrets
import unicodedata
from typing import Any, cast

from ..bots import BOTS
from ..core.errors import RoundgamesError
from ..games.registry import GAMES, games
from ..guide import option_words, preset_forms, table_title
from ..session.decisions import bots_for
from ..session.table import Table
from .messages import Act, Bare, BareType, Chat, ClaimAnswer, Command, Hello, OpenSeat, Review, SeatBot
from .names import MAX_NAME, BadName, normal_name
from .presets import DEFAULT_CLOCK, clock_catalogue, default_turn_seconds

__all__ = [
    "MAX_MESSAGE",
    "ProtocolError",
    "check_text",
    "new_table_config",
    "options_catalogue",
    "parse_client_message",
    "parse_sit",
]

#: the largest websocket message a client may send, in bytes
MAX_MESSAGE = 4096
MAX_CHAT = 200
#: the most seats the table page lays out (eight at Loo fit a phone), whatever more a game allows
MAX_SEATS = 8
#: the fields of ``POST /api/tables``
SETTINGS = (
    "game",
    "preset",
    "options",
    "players",
    "people",
    "bot",
    "bots",
    "bot_delay",
    "spectators",
    "rounds",
    "confirm",
    "mode",
    "hints",
    "turn_seconds",
    "hand_at_once",
    "listed",
)
#: the table's yes-or-no settings, each with its default: spectators may watch, each action asks a second tap, a
#: person may ask for hints, each person sees his cards as soon as they are dealt (the table's departure from
#: LOO-DECL-1), the table is in the lobby's list (private unless the host lists it)
SWITCHES = {"spectators": True, "confirm": False, "hints": False, "hand_at_once": False, "listed": False}
#: how a table treats an action the rules forbid: refused (strict), or ruled on by the laws (table)
MODES = ("strict", "table")
MODE_DOC = (
    "strict refuses an action the rules forbid; table lets a person commit it (a revoke, a card or a declaration "
    "out of turn) after a warning and applies the period's laws to it, as at a real table (the game's rules page "
    "lists every law by ID)"
)
#: (field, type, required) of each client message type
_MESSAGES: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "hello": {"token": ((str, type(None)), False), "since": ((int, type(None)), False)},
    "act": {"action": (str, True), "irregular": (bool, False)},
    "next": {},
    "undo": {},
    "new_link": {},
    "chat": {"text": (str, True)},
    "ping": {},
    "hint": {},
    "review": {"deal": (int, True), "seat": ((int, type(None)), False)},
    "start": {},
    "seat_bot": {"seat": (int, True)},
    "open_seat": {"seat": (int, True)},
    "leave": {},
    "again": {},
    "back": {},
    "claim": {},
    "claim_answer": {"accept": (bool, True)},
}
#: the most rounds a sitting may have; a sitting played "until we stop" (``rounds`` null) ends after them at the latest
MAX_ROUNDS = 50
#: the seconds a table's ``turn_seconds`` may be (or null: no turn clock)
TURN_RANGE = (10, 600)
#: what ``turn_seconds`` does (``GET /api/options``)
TURN_DOC = (
    "seconds each person has for each turn, shown counting down on the seat to act (null: no clock); when they run "
    "out the seat's bot plays that turn, and after 3 turns running the seat is treated as away until its person acts"
)
#: what the option ``hints`` does (``GET /api/options``)
HINTS_DOC = (
    "a person may ask at his turn what the expert bot makes of each option (the Hint button); the answer goes to "
    "him alone, and the score sheet marks each deal played with hints"
)
#: what the option ``listed`` does (``GET /api/options``)
LISTED_DOC = (
    "whether the lobby lists the table for anyone to join or watch; an unlisted table is private, and anyone "
    "with its link still joins it (its host may list or unlist it later)"
)

#: what the option ``hand_at_once`` does (``GET /api/options``)
HAND_AT_ONCE_DOC = (
    "each person sees his own cards as soon as they are dealt, not only when his turn to declare comes: the table's "
    "departure from LOO-DECL-1, whose law guards against signs at a real table (online there are none); the "
    "declarations still go in turn"
)


class ProtocolError(RoundgamesError):
    """A malformed request or message: ``code`` is the protocol's error code, ``field`` what is wrong."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.field = code, message, field


def check_text(value: Any, what: str) -> None:
    """Refuse JSON whose strings are not Unicode text (a lone surrogate such as ``"\\ud800"`` is valid JSON
    but cannot be stored, hashed or sent back)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(
            "bad_json", f"the {what} holds a string that is not Unicode text (a lone surrogate)"
        ) from None


def parse_client_message(raw: str) -> Command:
    """A client's websocket message, checked (``type`` and its fields, with defaults filled in), as its typed
    command."""
    size = len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may be {MAX_MESSAGE} bytes at most; this one is {size}")
    try:
        message = json.loads(raw)
    except ValueError as e:
        raise ProtocolError("bad_json", f"the message is not JSON: {e}") from None
    except RecursionError:
        raise ProtocolError("bad_json", "the message is nested too deeply") from None
    check_text(message, "message")
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object, not {type(message).__name__}", "type")
    kind = message.get("type")
    if kind not in _MESSAGES:
        valid = ", ".join(_MESSAGES)
        raise ProtocolError("bad_message", f"type: unknown message type {kind!r} (valid: {valid})", "type")
    spec = _MESSAGES[kind]
    out: dict[str, Any] = {"type": kind}
    for key in message:
        if key != "type" and key not in spec:
            raise ProtocolError("bad_message", f"{key}: a {kind} message has no field {key!r}", key)
    for key, (types, required) in spec.items():
        if key not in message:
            if required:
                raise ProtocolError("bad_message", f"{key}: a {kind} message needs {key!r}", key)
            out[key] = False if types is bool else None
            continue
        value = message[key]
        if not isinstance(value, types) or (isinstance(value, bool) and types is not bool):
            raise ProtocolError("bad_message", f"{key}: {value!r} is not a valid {key}", key)
        out[key] = value
    if kind == "act" and not out["action"].strip():
        raise ProtocolError("bad_message", "action: an empty action", "action")
    if kind == "chat":
        out["text"] = _clean(out["text"], "text", MAX_CHAT)
    if kind == "hello" and out["since"] is not None and out["since"] < 0:
        raise ProtocolError("bad_message", f"since: {out['since']} is below 0", "since")
    if kind == "review" and out["deal"] < 1:
        raise ProtocolError("bad_message", f"deal: {out['deal']} is not a deal's number (from 1)", "deal")
    if kind in ("seat_bot", "open_seat") and out["seat"] < 0:
        raise ProtocolError("bad_message", f"seat: {out['seat']} is not a seat (from 0)", "seat")
    if kind == "review" and out["seat"] is not None and out["seat"] < 0:
        raise ProtocolError("bad_message", f"seat: {out['seat']} is not a seat (from 0)", "seat")
    return _command(out)


def _command(out: dict[str, Any]) -> Command:
    """A checked message as its typed command."""
    kind = out["type"]
    if kind == "hello":
        return Hello(out["token"], out["since"])
    if kind == "act":
        return Act(out["action"], out["irregular"])
    if kind == "chat":
        return Chat(out["text"])
    if kind == "review":
        return Review(out["deal"], out["seat"])
    if kind == "seat_bot":
        return SeatBot(out["seat"])
    if kind == "open_seat":
        return OpenSeat(out["seat"])
    if kind == "claim_answer":
        return ClaimAnswer(out["accept"])
    return Bare(cast(BareType, kind))


def _clean(text: str, field: str, limit: int) -> str:
    """Text a person typed, with control characters refused and spaces trimmed."""
    text = text.strip()
    if not text:
        raise ProtocolError("bad_message", f"{field}: empty", field)
    if len(text) > limit:
        raise ProtocolError("bad_message", f"{field}: {len(text)} characters; at most {limit}", field)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise ProtocolError("bad_message", f"{field}: control or unassigned characters are not allowed", field)
    return text


#: what a field of each type must be, in the words of JSON, for the refusal of a value of another type
_TYPE_WORDS = {int: "a whole number", float: "a number", str: "text", bool: "true or false", dict: "an object"}


def _field(body: dict[str, Any], key: str, types: type | tuple[type, ...], default: Any) -> Any:
    value = body.get(key, default)
    allowed = types if isinstance(types, tuple) else (types,)
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in allowed):
        words = [_TYPE_WORDS.get(t, "null" if t is type(None) else t.__name__) for t in allowed]
        raise ProtocolError("bad_message", f"{key}: {value!r} is not a valid {key} ({' or '.join(words)})", key)
    return value


def new_table_config(body: Any) -> dict[str, Any]:
    """A new table's settings from ``POST /api/tables``, checked against the rules; the seed is drawn here."""
    if not isinstance(body, dict):
        raise ProtocolError("bad_message", "the body is a JSON object of the table's settings", "body")
    known = set(SETTINGS)
    for key in body:
        if key not in known:
            raise ProtocolError("bad_message", f"{key}: no such setting (settings: {', '.join(sorted(known))})", key)
    game = _field(body, "game", str, None) if "game" in body else None
    if game not in GAMES:
        raise ProtocolError("bad_message", f"game: {game!r} is not a game here ({' or '.join(GAMES)})", "game")
    spec = GAMES[game]
    lo, hi = seat_range(spec.name)
    players = _field(body, "players", int, spec.min_seats + 2)  # five at Loo, four at Nap
    if not lo <= players <= hi:
        raise ProtocolError("bad_message", f"players: {players} is not between {lo} and {hi} for {game}", "players")
    people = _field(body, "people", int, 1)
    if not 0 <= people <= players:
        raise ProtocolError("bad_message", f"people: {people} seats for people at a table of {players}", "people")
    bot, bots = _bots(body, game, players)
    delay = _field(body, "bot_delay", (int, float), 0.6)
    if not 0 <= delay <= 5:
        raise ProtocolError("bad_message", f"bot_delay: {delay} seconds is not between 0 and 5", "bot_delay")
    rounds, open_ended, turn = _length_and_clock(body, people)
    mode = _field(body, "mode", str, "strict")
    if mode not in MODES:
        raise ProtocolError("bad_message", f"mode: {mode!r} is not a mode here ({', '.join(MODES)})", "mode")
    preset = _field(body, "preset", str, "peel")
    options = _field(body, "options", dict, {})
    config = {
        "game": game,
        "preset": preset,
        "options": options,
        "players": players,
        "people": people,
        "bot": bot,
        "bots": bots,
        "bot_delay": float(delay),
        "rounds": rounds,
        **({"open_ended": True} if open_ended else {}),
        "mode": mode,
        "turn_seconds": turn,
        **{name: _field(body, name, bool, default) for name, default in SWITCHES.items()},
        "seed": secrets.randbits(64),  # unguessable: finished records must not reveal later deals
    }
    # The engine is the judge of the rules: a table it cannot deal is refused now, not at the first deal.
    try:
        rules = spec.rules.preset(preset)
    except RoundgamesError as e:
        raise ProtocolError("bad_message", f"preset: {e}", "preset") from None
    try:
        rules = rules.with_options(options)
    except RoundgamesError as e:
        raise ProtocolError("bad_message", f"options: {e}", "options") from None
    most = min(hi, spec.max_seats(rules))
    if players > most:
        raise ProtocolError(
            "bad_message", f"players: {players} is more than {most}, the most these rules seat", "players"
        )
    try:
        table = Table.new(game, players=players, humans=[], preset=preset, options=options, seed=1, rounds=rounds)
        table.start_deal()
    except RoundgamesError as e:
        field = (
            "preset" if "form" in str(e) and "form" not in options else "options" if "option" in str(e) else "players"
        )
        raise ProtocolError("bad_message", f"{field}: {e}", field) from None
    config["options"] = table.rules.options()  # the options as the rules hold them
    return config


def _length_and_clock(body: dict[str, Any], people: int) -> tuple[int, bool, int | None]:
    """The sitting's ``rounds`` (and whether it is played until we stop: ``rounds`` null) and the turn's seconds
    (:func:`~roundgames.web.presets.default_turn_seconds` where the body names none), checked."""
    rounds = _field(body, "rounds", (int, type(None)), 1)
    open_ended = rounds is None  # "until we stop": the host ends the sitting, at the latest after the most rounds
    if open_ended:
        rounds = MAX_ROUNDS
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ProtocolError(
            "bad_message", f"rounds: {rounds} is not between 1 and {MAX_ROUNDS} (or null: until we stop)", "rounds"
        )
    # Two people or more have a clock unless the creator says otherwise: one idle friend must not stall the table.
    turn = _field(body, "turn_seconds", (int, type(None)), default_turn_seconds(people))
    lo_turn, hi_turn = TURN_RANGE
    if turn is not None and not lo_turn <= turn <= hi_turn:
        raise ProtocolError(
            "bad_message",
            f"turn_seconds: {turn} is not between {lo_turn} and {hi_turn} seconds (or none, null, for no turn clock)",
            "turn_seconds",
        )
    return rounds, open_ended, turn


def _bots(body: dict[str, Any], game: str, players: int) -> tuple[str, list[str]]:
    """``bot`` (every seat's bot, by default) and ``bots`` (one per seat, a name or null for ``bot``'s), checked
    against the bots of :data:`roundgames.bots.BOTS` that play ``game``: ``bot`` and each seat's bot."""
    valid = bots_for(game)
    bot = body.get("bot", "sensible" if "sensible" in valid else valid[0])
    if bot not in valid or not isinstance(bot, str):
        raise ProtocolError("bad_message", f"bot: {bot!r} is not a bot here (valid: {', '.join(valid)})", "bot")
    given = body.get("bots")
    if given is None:
        return bot, [bot] * players
    if not isinstance(given, list) or len(given) != players:
        raise ProtocolError(
            "bad_message",
            f"bots: {json.dumps(given)} is not a list of {players} entries, one per seat (a bot's name, or null for "
            f"bot's {bot!r}; valid: {', '.join(valid)})",
            "bots",
        )
    for i, name in enumerate(given):
        if name is not None and (not isinstance(name, str) or name not in valid):
            raise ProtocolError(
                "bad_message", f"bots[{i}]: {name!r} is not a bot here (valid: {', '.join(valid)})", f"bots[{i}]"
            )
    return bot, [bot if name is None else name for name in given]


def parse_sit(body: Any, seats: int) -> tuple[int, str]:
    """``{"seat": N, "name": "..."}`` checked."""
    if not isinstance(body, dict):
        raise ProtocolError("bad_message", 'the body is {"seat": N, "name": "..."}', "body")
    for key in body:
        if key not in ("seat", "name"):
            raise ProtocolError("bad_message", f"{key}: no such field (fields: seat, name)", key)
    seat = body.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ProtocolError("bad_message", f"seat: {seat!r} is not a seat here (0 to {seats - 1})", "seat")
    name = body.get("name")
    if not isinstance(name, str):
        raise ProtocolError("bad_message", f"name: {name!r} is not a name", "name")
    if len(name) > 4 * MAX_NAME:  # refused before it is normalised (NFKC may make a long name longer still)
        raise ProtocolError("bad_message", f"name: {len(name)} characters; at most {MAX_NAME}", "name")
    try:
        return seat, normal_name(name)  # NFKC, spaces collapsed; nothing invisible (web/names.py)
    except BadName as e:
        raise ProtocolError("bad_message", f"name: {name!r} {e.message}", "name") from None


@functools.cache
def seat_range(game: str) -> tuple[int, int]:
    """The fewest and the most seats a table of ``game`` may have here, under some preset and options: the page
    lays out no more than :data:`MAX_SEATS`."""
    spec = GAMES[game]
    most = 0
    for preset in spec.rules.PRESETS:
        base = spec.rules.preset(preset)
        most = max(most, spec.max_seats(base))
        for key, values in spec.options.items():
            for value in values or ():
                try:
                    most = max(most, spec.max_seats(base.with_options({key: value})))
                except RoundgamesError:
                    continue
    return spec.min_seats, min(MAX_SEATS, most)


def options_catalogue() -> dict[str, Any]:
    """The games, presets and options a table may be created with, for the create form."""
    out: dict[str, Any] = {}
    for spec in games():
        lo, hi = seat_range(spec.name)
        base = spec.rules.preset("peel")
        presets = []
        for name in spec.rules.PRESETS:
            try:
                Table.new(spec.name, players=lo + 1, humans=[], preset=name, seed=1).start_deal()
            except RoundgamesError:
                continue  # a preset the engine cannot deal yet is not offered
            presets.append(name)
        options = {}
        words = option_words(spec.name)  # a label, and a sentence for each value (the guide's words)
        for key, values in spec.options.items():
            if key == "form":
                continue  # chosen by the preset
            options[key] = {
                "default": getattr(base, key),
                "values": list(values) if values is not None else None,
                "doc": spec.option_docs[key],
                **words[key],
            }
        out[spec.name] = {
            "presets": presets,
            "forms": {name: form for name, form in preset_forms(spec.name).items() if name in presets},
            "players": [lo, hi],
            "titles": {name: table_title(spec.rules.preset(name)) for name in presets},
            "options": options,
            "bots": bots_for(spec.name),
        }
    return {
        "games": out,
        "bots": list(BOTS),
        "mode": {"default": "strict", "values": list(MODES), "doc": MODE_DOC},
        "hints": {"default": False, "doc": HINTS_DOC},
        "hand_at_once": {"default": False, "doc": HAND_AT_ONCE_DOC},
        "turn_seconds": {
            "default": None,
            "range": list(TURN_RANGE),
            "doc": TURN_DOC,
            "presets": clock_catalogue(),
            "people_default": DEFAULT_CLOCK,
        },
        "listed": {"default": False, "doc": LISTED_DOC},
    }
