"""Loo's actions: the kinds of deal, phases and declarations, the action value, and the one table of verbs.

Every surface reads :data:`VERBS`: the record's word, what a person types, the key at the full-screen table,
the web's button, the log's words, the help line and the research action ids. Nothing else lists Loo's verbs.

>>> act = parse_action("P3 play AS civil", ("P1", "P2", "P3"))
>>> act, action_str(act, ("P1", "P2", "P3"))
(LooAction(seat=2, verb='play', card=12, arg='civil'), 'P3 play AS civil')
>>> VERBS.typed("t").word, VERBS["throw"].label
('throw', 'Throw up')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from ..core.cards import Card, card_str, format_cards, parse_card, parse_cards
from ..core.errors import CardError, IllegalActionError, RecordError, irregular_arg
from ..core.seats import seat_index
from ..games.protocol import Feature, Stage, Verb, VerbTable

__all__ = [
    "DECLARE_VERBS",
    "DECL_VERB",
    "DECL_WORDS",
    "PLAYING",
    "STAGE",
    "VERBS",
    "Decl",
    "Kind",
    "LooAction",
    "Phase",
    "action_str",
    "exchange_cards",
    "parse_action",
]


class Kind(StrEnum):
    """The kind of a Loo deal (DEAL-RECORD.md ``kind``)."""

    REGULAR = "regular"
    SINGLE = "single"  # Peel's face-up single, §3.4
    EW_SINGLE = "ew_single"  # three cards, no miss, all must play (LOO-VAR-EW-SINGLE)


class Phase(IntEnum):
    """Where a Loo deal stands."""

    DEAL = 0
    DECLARE = 1
    PLAY = 2
    COMPLETE = 3
    SHOW = 4  # flushes are being shown: the hand will not be played (LOO5-6)


class Decl(IntEnum):
    """A seat's declaration (LOO-DECL-1)."""

    NONE = 0
    STAND = 1
    THROW = 2
    MISS = 3
    DEFEND = 4  # the dealer plays the miss for the pool (LOO-DECL-8c)
    EXCHANGE = 5  # five-card and Irish Loo: exchanged from the stock, and so plays (LOO5-2)


@dataclass(frozen=True, slots=True)
class LooAction:
    """One action of a seat: a declaration (``stand``, ``throw``, ``miss``, ``defend``, ``exchange``),
    ``play`` (``arg="civil"``: the ace of trumps led with "Pam be civil", LOO5-4) or ``flush``."""

    seat: int
    verb: str
    card: Card | None = None
    #: the raw arguments of a verb that takes no card (``irregular LOO-LAW-8``), as written
    arg: str | None = None


#: each phase as the stage every game shares
STAGE = {
    Phase.DEAL: Stage.DEAL,
    Phase.DECLARE: Stage.BID,
    Phase.PLAY: Stage.PLAY,
    Phase.SHOW: Stage.SHOW,
    Phase.COMPLETE: Stage.COMPLETE,
}

#: every verb of Loo, in the order the help lists them (DEAL-RECORD.md "Actions")
VERBS = VerbTable(
    [
        Verb("stand", ("s",), "Stand", 'stand on one\'s own cards ("I play")', "stands", "LOO-DECL-1", ids=(52, 1)),
        Verb(
            "throw",
            ("t",),
            "Throw up",
            "throw up: take no further part in the deal",
            "throws up",
            "LOO-DECL-2",
            ids=(53, 1),
        ),
        Verb(
            "miss",
            ("m",),
            "Take the miss",
            "take the miss and play it",
            "takes the miss",
            "LOO-DECL-3",
            ids=(54, 1),
            needs=Feature.MISS,
        ),
        Verb(
            "defend",
            ("d",),
            "Defend the pool",
            "the dealer plays the miss for the pool",
            "defends the pool",
            "LOO-DECL-8",
            ids=(55, 1),
            needs=Feature.MISS,
        ),
        Verb(
            "play",
            (),
            "Play",
            'play a card (AS civil: the ace of trumps with "Pam be civil")',
            "plays",
            "LOO-PLAY-1",
            args="card",
            ids=(0, 52),
        ),
        Verb(
            "exchange",
            ("x",),
            "Exchange",
            "discard these cards and draw as many from the stock",
            "exchanges",
            "LOO5-2",
            args="cards",
            needs=Feature.EXCHANGES,
        ),
        Verb(
            "flush",
            ("f",),
            "Show a flush",
            "show a flush: the best flush takes the pool",
            "shows a flush",
            "LOO5-6",
            needs=Feature.FLUSHES,
            forced=True,  # a flush is always shown (§14.34)
        ),
        Verb(
            "replay",
            (),
            "Demand a replay",
            "demand the replay after an irregular card",
            "demands a replay",
            "LOO-LAW-0b",
            proper=False,
        ),
        Verb(
            "irregular",
            ("law",),
            "State a law",
            "state an irregularity by its law",
            "breaks",
            "LOO-LAW-0a",
            args="law",
            proper=False,
        ),
        Verb(
            "trick",
            (),
            "Won the trick",
            "won the next trick (cards not recorded)",
            "wins the trick",
            "LOO-PLAY-7",
            proper=False,
        ),
        Verb(
            "single",
            (),
            "Won the single",
            "won Peel's single (cards not recorded)",
            "wins the single",
            "LOO-SGL-2",
            proper=False,
        ),
    ]
)

DECLARE_VERBS = {"stand": Decl.STAND, "throw": Decl.THROW, "miss": Decl.MISS, "defend": Decl.DEFEND}
#: each declaration's record word
DECL_VERB = {
    Decl.STAND: "stand",
    Decl.THROW: "throw",
    Decl.MISS: "miss",
    Decl.DEFEND: "defend",
    Decl.EXCHANGE: "exchange",
}
#: each declaration in an error message: "P2 cannot take the miss"
DECL_WORDS = {
    Decl.STAND: "stand",
    Decl.THROW: "throw up",
    Decl.MISS: "take the miss",
    Decl.DEFEND: "play the miss for the pool",
    Decl.EXCHANGE: "exchange",
    Decl.NONE: "declare",
}
#: the declarations that play the hand
PLAYING = (Decl.STAND, Decl.MISS, Decl.DEFEND, Decl.EXCHANGE)


def action_str(action: LooAction, seats: Sequence[str]) -> str:
    """The action as a record writes it: ``"P3 play AS"``."""
    text = f"{seats[action.seat]} {action.verb}"
    if action.card is not None:
        text = f"{text} {card_str(action.card)}"
    return text if action.arg is None else f"{text} {action.arg}"


def parse_action(text: str, seats: Sequence[str]) -> LooAction:
    """Parse an action string ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` if it does not parse."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) < 2:
        raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT VERB [CARD]'")
    seat, verb, args = parts[0], parts[1], parts[2:]
    idx = seat_index(seats, seat, "actions")
    if (verb == "trick" and not args) or (verb == "single" and args in ([], ["nobody"])):  # deal_unknown
        return LooAction(idx, verb, None, " ".join(args) or None)
    if verb in DECLARE_VERBS and not args:
        return LooAction(idx, verb)
    civil = len(args) == 2 and args[1].lower() == "civil"  # "Pam be civil" (LOO5-4)
    if verb == "play" and (len(args) == 1 or civil):
        try:
            card = parse_card(args[0])
        except CardError as e:
            raise RecordError("actions", f"{text!r}: {e}") from None
        return LooAction(idx, verb, card, "civil" if civil else None)
    if verb == "exchange":
        try:
            out = [parse_card(a) for a in args]
        except CardError as e:
            raise RecordError("actions", f"{text!r}: {e}") from None
        if not out or len(set(out)) != len(out):
            raise RecordError("actions", f"{text!r} does not parse: expected 'SEAT exchange CARDS', each card once")
        return LooAction(idx, verb, None, format_cards(out))
    if verb == "flush" and not args:
        return LooAction(idx, verb)
    if verb == "irregular":
        return LooAction(idx, verb, None, irregular_arg(text, args, f"{seat} irregular LOO-LAW-8"))
    if verb == "replay":
        return LooAction(idx, verb, None, " ".join(args) or None)
    raise RecordError(
        "actions",
        f"{text!r} does not parse: Loo verbs are {', '.join(v for v in VERBS if VERBS[v].proper)} "
        "(one card after play, cards after exchange)",
    )


def exchange_cards(action: LooAction) -> list[Card]:
    """The cards an ``exchange`` action puts out; raises :class:`IllegalActionError` if it names none."""
    try:
        return parse_cards(action.arg or "")
    except CardError as e:
        raise IllegalActionError(f"exchange {action.arg}: {e}", "LOO5-2") from None
