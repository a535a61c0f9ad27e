"""One codec per verb: an action's record words, its typed text, its JSON and its research action id, each both ways.

A game declares a :class:`Codec` for every verb of its verb table, beside the table (``roundgames.loo.actions``,
``roundgames.nap.actions``), and gathers them in a :class:`Codecs`, which checks that each verb has exactly one.
Every surface goes through them:

- the record's grammar ``SEAT VERB [ARGUMENTS]`` (DEAL-RECORD.md "Actions"): :meth:`Codecs.parse` and
  :meth:`Codecs.format`, which each deal's ``parse_action`` and ``action_str`` are, so the referee, the records
  and the replays read and write actions here;
- what a person types at a table (``s``, ``x 1 3``, ``QH``, Nap's ``n``): :func:`parse_typed`, for the terminal's
  tables and the web's ``act`` message, which read it in the record's grammar through the deal;
- the web's JSON: :func:`action_json` and :func:`action_from_json` (docs/web.md, the ``act`` message and the
  ``legal`` entries: ``{"action": "play QH"}``, the record's words without the seat);
- the research environments' fixed integer ids: :meth:`Codecs.action_id` and :meth:`Codecs.action`, which each
  game's encoding (``roundgames.envs.loo_encoding``, ``nap_encoding``) gives its adapters.

A parse that fails raises :class:`~roundgames.core.errors.RecordError` naming the field (``actions`` for a
record, ``input`` for what was typed, ``action`` for a web message) and the text.

>>> from roundgames.games.registry import new_deal, rules_for
>>> deal = new_deal("nap", rules_for("nap"), ["Ann", "Ben", "Cat"], dealer="Cat")
>>> deal.deal(1)
>>> action = action_from_json(deal, 0, {"type": "act", "action": "n"})
>>> deal.action_str(action), action_json(deal, action)
('Ann call nap', {'action': 'call nap'})
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from ..core.cards import Card, card_str, cards_in, parse_card, sort_key
from ..core.errors import CardError, RecordError
from ..core.seats import seat_index
from .protocol import Action, Deal, Stage, Verb, VerbTable

__all__ = [
    "PLAY",
    "Codec",
    "Codecs",
    "Said",
    "action_from_json",
    "action_json",
    "parse_typed",
]

A = TypeVar("A", bound=Action)

#: the record's word for a card played to the trick, the same in every game: a card typed alone is played
PLAY = "play"


class Said(NamedTuple):
    """A record's action split into its parts: the whole ``text`` (for the messages), the seat's index, the seat as
    written (``name``) and the words after the verb (``args``). (A tuple: one is made for every action read.)"""

    text: str
    seat: int
    name: str
    args: list[str]


def _no_words(action: Any) -> str:
    return ""


@dataclass(frozen=True)
class Codec(Generic[A]):
    """One verb's codec.

    ``read`` makes the action of a record's words (:class:`Said`), or returns None where the words after the verb are not of this
    verb's shape (the game's message then says what its verbs take); it raises :class:`RecordError` naming the
    text where an argument is wrong (a card that is no card, a call that is none). ``write`` gives the words after
    the verb as a record writes them, in one string (empty for none). ``to_id`` gives an action's research id, taken in the deal before it is
    applied (None for a verb without ids: one stated by the table or the laws); ``from_id`` the action of an id for
    a seat, or None where the id is not this verb's under the deal's rules.
    """

    word: str
    read: Callable[[Said], A | None]
    write: Callable[[A], str] = _no_words
    to_id: Callable[[Any, A], int] | None = None
    from_id: Callable[[Any, int, int], A | None] | None = None


class Codecs(Generic[A]):
    """A game's codecs, one for each verb of its verb table, and the record's grammar ``SEAT VERB [ARGUMENTS]``
    around them. ``usage`` is what a record's action looks like (for a text of fewer than two words); ``unknown``
    the message for a verb the game has not, or words of no verb's shape. An id outside the verb table's ranges
    is decoded by the first codec, in the order given, that owns it under the deal's rules (so a codec whose id
    depends on the rules, such as Loo's replay, goes before one that takes every id past its first)."""

    def __init__(
        self, verbs: VerbTable, codecs: Sequence[Codec[A]], *, usage: str, unknown: Callable[[str], str]
    ) -> None:
        self.verbs = verbs
        self._codecs = {c.word: c for c in codecs}
        if len(self._codecs) != len(codecs) or set(self._codecs) != set(verbs):
            raise AssertionError(f"one codec for each verb: verbs {sorted(verbs)}, codecs {[c.word for c in codecs]}")
        # An id in a verb's range of the verb table is that verb's whatever the rules: found at once (the adapters
        # decode one at every step); the others (Loo's flush, civil lead, exchanges, replay) are asked in turn.
        self._owners: list[Callable[[Any, int, int], A | None] | None] = [None] * max(
            (v.ids[0] + v.ids[1] for v in verbs.values() if v.ids is not None), default=0
        )
        for verb in verbs.values():
            from_id = self._codecs[verb.word].from_id
            if verb.ids is not None and from_id is not None:
                self._owners[verb.ids[0] : verb.ids[0] + verb.ids[1]] = [from_id] * verb.ids[1]
        self._decoders = [c.from_id for c in codecs if c.from_id is not None]
        self._to_ids = {c.word: c.to_id for c in codecs}  # one look-up an action: the adapters encode at every step
        self._usage = usage
        self._unknown = unknown

    def __getitem__(self, word: str) -> Codec[A]:
        return self._codecs[word]

    def __iter__(self) -> Iterator[Codec[A]]:
        return iter(self._codecs.values())

    def parse(self, text: str, seats: Sequence[str]) -> A:
        """The action of a record's ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` (field ``actions``)
        naming the text when it does not parse."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 2:
            raise RecordError("actions", f"{text!r} does not parse: expected {self._usage!r}")
        name, verb, args = parts[0], parts[1], parts[2:]
        seat = seat_index(seats, name, "actions")
        codec = self._codecs.get(verb)
        action = None if codec is None else codec.read(Said(text, seat, name, args))
        if action is None:
            raise RecordError("actions", f"{text!r} does not parse: {self._unknown(text)}")
        return action

    def words(self, action: A) -> str:
        """The action's words after the seat, as a record writes them: ``"call nap"``."""
        args = self._codecs[action.verb].write(action)
        return f"{action.verb} {args}" if args else action.verb

    def format(self, action: A, seats: Sequence[str]) -> str:
        """The action as a record writes it: ``"P3 play AS"``."""
        return f"{seats[action.seat]} {self.words(action)}"

    def action_id(self, deal: Any, action: A) -> int | None:
        """The research id of ``action``, taken in ``deal`` before it is applied; None for a verb without ids."""
        to_id = self._to_ids[action.verb]
        return None if to_id is None else to_id(deal, action)

    def action(self, deal: Any, action_id: int, seat: int) -> A | None:
        """The action of ``action_id`` for ``seat`` in ``deal``; None where no verb owns the id."""
        owner = self._owners[action_id] if 0 <= action_id < len(self._owners) else None
        if owner is not None:
            return owner(deal, seat, action_id)
        for from_id in self._decoders:
            action = from_id(deal, seat, action_id)
            if action is not None:
                return action
        return None


# -- the JSON of the web's messages ------------------------------------------------------------------


def action_json(deal: Deal, action: Any) -> dict[str, str]:
    """An action as the web's messages carry it (docs/web.md, ``act`` and the ``legal`` entries): the record's
    words without the seat, ``{"action": "call nap"}``."""
    return {"action": " ".join(deal.action_str(action).split()[1:])}


def action_from_json(deal: Deal, seat: int, payload: Mapping[str, Any]) -> Any:
    """The action ``seat`` means by a web message's ``action`` (an ``act`` message, or an entry of ``legal`` sent
    back as it is): what a person may type at a table, read as the terminal reads it (:func:`parse_typed`).
    Raises :class:`RecordError` (field ``action``) naming the value when there is none, it is not text, or it
    names no action of the seat's here; the deal judges its legality afterwards."""
    text = payload.get("action")
    if not isinstance(text, str) or not text.strip():
        raise RecordError("action", f"{text!r} is not an action (the record's words without the seat: 'play QH')")
    try:
        return parse_typed(deal, seat, text)
    except RecordError as e:
        raise RecordError("action", e.reason) from None


# -- what a person types -----------------------------------------------------------------------------


def parse_typed(deal: Deal, seat: int, text: str) -> Any:
    """The action ``seat`` means by ``text`` as typed at a table: a verb by its record word or one of its keys
    (``s``, ``stand``, ``x 1 3``), a shortcut of the verb table (Nap's ``n`` is ``call nap``), or a card to play,
    by its code or, while the cards are played, its number in the hand (from 1). A card's last word (``AS civil``)
    goes on to the game. Raises :class:`RecordError` (field ``input``) when it names no action."""
    words = text.split()
    if not words:
        raise RecordError("input", "type an action (? for help)")
    verbs = deal.game.verbs
    head, rest = words[0].lower(), words[1:]
    view = deal.view(seat)
    hand = sorted(cards_in(view.hand), key=sort_key)  # as the table shows it: suits S H D C, ace down
    verb = verbs.typed(head)
    if verb is not None and verb.needs is not None and not deal.offers(verb.needs):
        # a verb of another form (Loo's exchange at a three-card table): no help of that form is given here
        raise RecordError(
            "input", f"{head}: there is no {verb.word} at this table ({verb.rule}); ? lists the moves here"
        )
    if verb is not None:
        args = _typed_arguments(verb, head, rest, hand)
        if verb.args == "cards" and not args:
            return _no_cards(deal, seat, verb.word, len(hand))
        return _record(deal, seat, verb.word, args)
    if head.isdigit() and view.stage is Stage.PLAY:  # a card's number in the hand
        return _record(deal, seat, PLAY, [card_str(_held(hand, head)), *(w.lower() for w in rest)])
    expanded = verbs.expand(" ".join(w.lower() for w in words)) or (verbs.expand(head) if not rest else None)
    if expanded is not None:
        return parse_typed(deal, seat, expanded)
    return _record(deal, seat, PLAY, [card_str(_card(head)), *(w.lower() for w in rest)])


def _typed_arguments(verb: Verb, head: str, rest: list[str], hand: list[Card]) -> list[str]:
    """The record's arguments of ``verb`` from what followed it (``rest``, as typed), by the shape of its arguments
    (the verb table's ``args``)."""
    if verb.args == "law" or not verb.proper:
        return rest  # a law's ID and a seat's name keep their case; the game reads them
    if verb.args == "":
        if rest:
            raise RecordError("input", f"{head}: nothing follows {verb.word} (? for help)")
        return []
    if verb.args == "card":
        if not rest:
            raise RecordError("input", f"{head} CARD: name the card, by its code or its number in your hand")
        return [card_str(_held(hand, rest[0])), *(w.lower() for w in rest[1:])]
    if verb.args == "cards":
        cards = [_held(hand, w) for w in rest]
        if len(set(cards)) < len(cards):
            raise RecordError("input", f"{head} {' '.join(rest)}: each card once")
        return [card_str(c) for c in cards]
    if len(rest) != 1:
        raise RecordError("input", f"{head} {verb.args.upper()}: name one {verb.args} (? for help)")
    return [rest[0].lower()]


def _record(deal: Deal, seat: int, verb: str, args: Sequence[str]) -> Any:
    """The action of the record's text ``SEAT VERB ARGS``, parsed by the game's codecs through the deal."""
    try:
        return deal.parse_action(" ".join([deal.seats[seat], verb, *args]))
    except RecordError as e:
        raise RecordError("input", f"{e.reason}; or type ? for help") from None


def _no_cards(deal: Deal, seat: int, verb: str, count: int) -> Any:
    """A verb of cards typed with none: a move in some games (Nap's ``buy``: keep the hand), not in others."""
    try:
        return deal.parse_action(f"{deal.seats[seat]} {verb}")
    except RecordError:
        raise RecordError("input", f"{verb} CARDS: name the cards (codes, or numbers 1-{count})") from None


def _held(hand: list[Card], word: str) -> Card:
    """A card named by its code, or by its number in ``hand`` (from 1)."""
    if word.isdigit():  # no card code is all digits ("10" needs its suit)
        i = int(word) - 1
        if not 0 <= i < len(hand):
            raise RecordError("input", f"{word}: the hand has {len(hand)} cards (1 to {len(hand)})")
        return hand[i]
    return _card(word)


def _card(word: str) -> Card:
    try:
        return parse_card(word)
    except CardError as e:
        raise RecordError("input", f"{e.args[0]}; or type ? for help") from None
