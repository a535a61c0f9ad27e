"""Nap's actions: the phases, the action value, the calls by name, and the one table of verbs.

Every surface reads :data:`VERBS` (with its shortcuts for the calls) and :data:`CALL_TITLES`: nothing else lists
Nap's verbs or how a person types them.

>>> act = parse_action("P2 call Blücher", ("P1", "P2", "P3"))
>>> act, action_str(act, ("P1", "P2", "P3")), VERBS.expand("n")
(NapAction(seat=1, verb='call', call='blucher', cards=(), arg=None), 'P2 call blucher', 'call nap')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..core.cards import Card, format_cards, parse_card
from ..core.errors import CardError, RecordError, irregular_arg
from ..core.seats import seat_index
from ..games.protocol import Verb, VerbTable
from .calls import CALLS

__all__ = ["CALL_TITLES", "VERBS", "NapAction", "NapPhase", "action_str", "call_title", "parse_action"]


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


def action_str(action: NapAction, seats: Sequence[str]) -> str:
    """The action as a record writes it: ``"P3 call nap"``, ``"P2 buy 4C 2D"``."""
    text = f"{seats[action.seat]} {action.verb}"
    if action.call is not None:
        text += f" {action.call}"
    if action.cards:
        text += " " + format_cards(action.cards)  # in suit order, ace down, as records write cards
    elif action.arg is not None:
        text += f" {action.arg}"
    return text


def parse_action(text: str, seats: Sequence[str]) -> NapAction:
    """Parse ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` if it does not parse."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) < 2:
        raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT VERB [ARGUMENTS]'")
    seat, verb, args = parts[0], parts[1], parts[2:]
    idx = seat_index(seats, seat, "actions")
    if verb in ("pass", "peep", "raise", "replay", "trick") and not args:
        return NapAction(idx, verb)
    if verb == "irregular":
        return NapAction(idx, verb, arg=irregular_arg(text, args, f"{seat} irregular NAP-LAW-6"))
    if verb == "call" and len(args) == 1:
        call = args[0].lower().replace("ü", "u")
        if call not in CALLS:
            raise RecordError("actions", f"{text!r}: no call {args[0]!r} (calls: {' '.join(CALLS)})")
        return NapAction(idx, verb, call)
    if (verb in ("play", "widow", "topcard") and len(args) == 1) or verb in ("buy", "spare"):
        try:
            cards = tuple(parse_card(a) for a in args)
        except CardError as e:
            raise RecordError("actions", f"{text!r}: {e}") from None
        if len(set(cards)) != len(cards):
            raise RecordError("actions", f"{text!r}: a card is named twice")
        return NapAction(idx, verb, None, cards)
    raise RecordError("actions", f"{text!r} does not parse: Nap verbs are {', '.join(VERBS)}")
