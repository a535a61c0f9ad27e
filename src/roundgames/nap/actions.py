"""Nap's actions: the phases, the action value, the calls by name, and the one table of verbs.

Every surface reads :data:`VERBS` (with its shortcuts for the calls), :data:`CALL_TITLES` and :data:`CODECS`, each
verb's codec: its record words, JSON and research ids both ways (:mod:`roundgames.games.codec`). Nothing else lists
Nap's verbs, how a person types them or how their arguments are read.

>>> act = parse_action("P2 call Blücher", ("P1", "P2", "P3"))
>>> act, action_str(act, ("P1", "P2", "P3")), VERBS.expand("n")
(NapAction(seat=1, verb='call', call='blucher', cards=(), arg=None), 'P2 call blucher', 'call nap')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from typing import Any

from ..core.cards import Card, cards_in, format_cards, parse_card
from ..core.errors import CardError, RecordError, irregular_arg
from ..games.codec import Codec, Codecs, Said
from ..games.protocol import Verb, VerbTable
from .calls import CALLS

__all__ = ["CALL_TITLES", "CODECS", "VERBS", "NapAction", "NapPhase", "action_str", "call_title", "parse_action"]


class NapPhase(IntEnum):
    """Where a Nap deal stands."""

    DEAL = 0
    PURCHASE = 1
    CALL = 2
    PLAY = 3
    COMPLETE = 4


@dataclass(frozen=True, slots=True)
class NapAction:
    """One action: ``pass``, ``call`` (``call`` names it), ``play``/``widow``/``topcard`` (``cards``
    holds one card), ``buy``/``spare`` (``cards`` holds the cards), ``peep`` or ``raise``; where nobody
    recorded the cards, ``trick``: the seat won the next trick."""

    seat: int
    verb: str
    call: str | None = None
    cards: tuple[Card, ...] = ()
    #: the raw arguments of ``irregular`` (``NAP-LAW-7 5H``), as written
    arg: str | None = None


#: each call as a person reads it
CALL_TITLES = {
    "1": "1",
    "2": "2",
    "misery": "Misery",
    "3": "3",
    "4": "4",
    "nap": "Nap",
    "wellington": "Wellington",
    "blucher": "Blücher",
}


def call_title(call: str) -> str:
    """A call as a person reads it: ``"Blücher"``, ``"3"``."""
    return CALL_TITLES.get(call, call)


#: every verb of Nap, in the order the help lists them; the shortcuts type a whole call
VERBS = VerbTable(
    [
        Verb(
            "pass",
            ("p",),
            "Pass",
            "pass (or, challenged, let the challenger play)",
            "passes",
            "NAP-CALL-1",
            ids=(52, 1),
        ),
        Verb(
            "call",
            (),
            "Call",
            "call 1 2 3 4 misery nap wellington blucher",
            "calls",
            "NAP-CALL-2",
            args="call",
            ids=(53, 8),
        ),
        Verb(
            "play",
            (),
            "Play",
            "play a card; the first card led fixes trumps",
            "plays",
            "NAP-PLAY-1",
            args="card",
            ids=(0, 52),
        ),
        Verb(
            "buy",
            (),
            "Discard and buy",
            "discard these cards and buy as many, a unit each",
            "buys",
            "NAP-VAR-PURCHASE",
            args="cards",
            ids=(63, 32),
        ),
        Verb(
            "spare",
            (),
            "Take the spare hand (Nap)",
            "take the spare hand, keep five: a call of Nap",
            "takes the spare hand",
            "NAP-VAR-SPARE",
            args="cards",
            ids=(95, 252),
            takes_from=("spare", 0),
        ),
        Verb(
            "peep",
            (),
            "Peep (1 unit)",
            "pay a unit to look at the widow",
            "pays a unit to peep at the widow",
            "NAP-VAR-PEEP",
            ids=(61, 1),
        ),
        Verb(
            "widow",
            (),
            "Take the widow, discard",
            "the senior hand takes the widow and discards a card",
            "takes the widow and discards a card",
            "NAP-VAR-PEEP",
            args="card",
            ids=(347, 6),
            takes_from=("widow", 0),
        ),
        Verb(
            "topcard",
            (),
            "Take the top card, discard",
            "a Nap caller takes the top card and discards one",
            "takes the top card and discards a card",
            "NAP-VAR-NAP-TOPCARD",
            args="card",
            ids=(353, 6),
            takes_from=("stock", 1),
        ),
        Verb(
            "raise",
            ("r",),
            "Take up the challenge",
            "take the challenger's Wellington or Blücher yourself",
            "takes up the challenge",
            "NAP-VAR-WELLINGTON",
            ids=(62, 1),
        ),
        Verb(
            "irregular",
            ("law",),
            "State a law",
            "state an irregularity by its law",
            "breaks",
            "NAP-LAW-1",
            args="law",
            proper=False,
        ),
        Verb(
            "replay",
            (),
            "Demand a replay",
            "demand the replay after a revoke",
            "demands a replay",
            "NAP-LAW-6",
            proper=False,
        ),
        Verb(
            "trick",
            (),
            "Won the trick",
            "won the next trick (cards not recorded)",
            "wins the trick",
            "NAP-PLAY-3",
            proper=False,
        ),
    ],
    shortcuts={
        **{c: f"call {c}" for c in CALLS},
        "n": "call nap",
        "i": "call misery",  # misery's key at every surface (the full screen, --plain, the help)
        "mis": "call misery",  # an alias, still read
        "w": "call wellington",
        "b": "call blucher",
        "blücher": "call blucher",
    },
)


# -- the codecs: each verb's record words, typed text, JSON and research ids (roundgames.games.codec) -----------

#: the five kept of the spare hand's ten cards, by id (NAP-VAR-SPARE), in :func:`itertools.combinations` order
_SPARE_KEEPS = list(combinations(range(10), 5))
_SPARE_INDEX: dict[tuple[int, ...], int] = {keep: i for i, keep in enumerate(_SPARE_KEEPS)}


def _ids(word: str) -> tuple[int, int]:
    """The verb's first research id and how many it has (the verb table's ``ids``)."""
    ids = VERBS[word].ids
    assert ids is not None, f"the verb {word!r} has no research action id"
    return ids


def _first(word: str) -> int:
    return _ids(word)[0]


_PLAY, _CALL, _BUY, _SPARE = _first("play"), _first("call"), _first("buy"), _first("spare")


def _words(action: NapAction) -> str:
    """The words after the verb: the call, then the cards in suit order, ace down (as records write cards), or else
    the arguments as written."""
    more = format_cards(action.cards) if action.cards else action.arg
    if action.call is None:
        return more or ""
    return action.call if more is None else f"{action.call} {more}"


def _order(deal: Any, seat: int, more: int = 0) -> list[Card]:
    """The hand (and ``more``) by card int: an id names positions in it, so that it never names cards unseen."""
    return sorted(cards_in(deal.hands[seat] | more))


def _plain(word: str) -> Codec[NapAction]:
    """The codec of a verb alone; with an id where the verb table gives it one."""
    ids = VERBS[word].ids
    if ids is None:
        return Codec(word, lambda said: NapAction(said.seat, word) if not said.args else None, _words)
    first = ids[0]
    return Codec(
        word,
        lambda said: NapAction(said.seat, word) if not said.args else None,
        _words,
        to_id=lambda deal, action: first,
        from_id=lambda deal, seat, i: NapAction(seat, word) if i == first else None,
    )


def _read_cards(said: Said, word: str) -> NapAction:
    try:
        cards = tuple(parse_card(a) for a in said.args)
    except CardError as e:
        raise RecordError("actions", f"{said.text!r}: {e}") from None
    if len(set(cards)) != len(cards):
        raise RecordError("actions", f"{said.text!r}: a card is named twice")
    return NapAction(said.seat, word, None, cards)


def _one_card(word: str) -> Callable[[Said], NapAction | None]:
    return lambda said: _read_cards(said, word) if len(said.args) == 1 else None


def _read_call(said: Said) -> NapAction | None:
    if len(said.args) != 1:
        return None
    call = said.args[0].lower().replace("ü", "u")
    if call not in CALLS:
        raise RecordError("actions", f"{said.text!r}: no call {said.args[0]!r} (calls: {' '.join(CALLS)})")
    return NapAction(said.seat, "call", call)


def _call_id(deal: Any, action: NapAction) -> int:
    assert action.call is not None
    return _CALL + CALLS.index(action.call)


def _call_of(deal: Any, seat: int, i: int) -> NapAction | None:
    k = i - _CALL
    return NapAction(seat, "call", CALLS[k]) if 0 <= k < len(CALLS) else None


def _buy_id(deal: Any, action: NapAction) -> int:
    order = _order(deal, action.seat)
    return _BUY + sum(1 << order.index(c) for c in action.cards)


def _buy_of(deal: Any, seat: int, i: int) -> NapAction | None:
    k = i - _BUY
    if not 0 <= k < 32:
        return None
    return NapAction(seat, "buy", None, tuple(c for p, c in enumerate(_order(deal, seat)) if k >> p & 1))


def _spare_id(deal: Any, action: NapAction) -> int:
    order = _order(deal, action.seat, deal.spare)
    return _SPARE + _SPARE_INDEX[tuple(sorted(order.index(c) for c in action.cards))]


def _spare_of(deal: Any, seat: int, i: int) -> NapAction | None:
    k = i - _SPARE
    if not 0 <= k < len(_SPARE_KEEPS):
        return None
    order = _order(deal, seat, deal.spare)
    return NapAction(seat, "spare", None, tuple(order[p] for p in _SPARE_KEEPS[k] if p < len(order)))


def _discard(word: str) -> Codec[NapAction]:
    """The codec of taking a card and discarding one (the widow, NAP-VAR-PEEP; the top card, NAP-VAR-NAP-TOPCARD):
    the id is the discard's position in the hand, or 5 for the card taken going out again."""
    first = _first(word)

    def to_id(deal: Any, action: NapAction) -> int:
        order = _order(deal, action.seat)
        discard = action.cards[0]
        return first + (order.index(discard) if discard in order else 5)

    def from_id(deal: Any, seat: int, i: int) -> NapAction | None:
        k = i - first
        if not 0 <= k < 6:
            return None
        order = _order(deal, seat)
        if k < len(order):
            return NapAction(seat, word, None, (order[k],))
        taken = deal.widow if word == "widow" else (deal.stock[0] if deal.stock else None)
        # With nothing to take the action names no card, and the engine refuses it as illegal.
        return NapAction(seat, word, None, () if taken is None else (taken,))

    return Codec(word, _one_card(word), _words, to_id=to_id, from_id=from_id)


def _read_irregular(said: Said) -> NapAction:
    return NapAction(
        said.seat, "irregular", arg=irregular_arg(said.text, said.args, f"{said.name} irregular NAP-LAW-6")
    )


#: one codec for each verb of :data:`VERBS`
CODECS: Codecs[NapAction] = Codecs(
    VERBS,
    [
        Codec(
            "play",
            _one_card("play"),
            _words,
            to_id=lambda deal, action: _PLAY + action.cards[0],
            from_id=lambda deal, seat, i: NapAction(seat, "play", None, (i,)) if 0 <= i < 52 else None,
        ),
        *(_plain(word) for word in ("pass", "peep", "raise", "replay", "trick")),
        Codec("call", _read_call, _words, to_id=_call_id, from_id=_call_of),
        Codec("buy", lambda said: _read_cards(said, "buy"), _words, to_id=_buy_id, from_id=_buy_of),
        Codec("spare", lambda said: _read_cards(said, "spare"), _words, to_id=_spare_id, from_id=_spare_of),
        _discard("widow"),
        _discard("topcard"),
        Codec("irregular", _read_irregular, _words),
    ],
    usage="SEAT VERB [ARGUMENTS]",
    unknown=lambda text: f"Nap verbs are {', '.join(VERBS)}",
)
assert len(_SPARE_KEEPS) == _ids("spare")[1] and len(CALLS) == _ids("call")[1]


def action_str(action: NapAction, seats: Sequence[str]) -> str:
    """The action as a record writes it: ``"P3 call nap"``, ``"P2 buy 4C 2D"``."""
    return CODECS.format(action, seats)


def parse_action(text: str, seats: Sequence[str]) -> NapAction:
    """Parse ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` if it does not parse."""
    return CODECS.parse(text, seats)
