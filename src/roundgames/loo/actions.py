"""Loo's actions: the kinds of deal, phases and declarations, the action value, and the one table of verbs.

Every surface reads :data:`VERBS`: the record's word, what a person types, the key at the full-screen table,
the web's button, the log's words, the help line and the research action ids; and :data:`CODECS`, each verb's
codec: its record words, JSON and research ids both ways (:mod:`roundgames.games.codec`). Nothing else lists Loo's
verbs or reads their arguments.

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
from typing import Any

from ..core.cards import Card, card_of, card_str, cards_in, format_cards, parse_card, parse_cards
from ..core.errors import CardError, IllegalActionError, RecordError, irregular_arg
from ..games.codec import Codec, Codecs, Said
from ..games.protocol import Feature, Stage, Verb, VerbTable

__all__ = [
    "CIVIL_ID",
    "CODECS",
    "DECLARE_VERBS",
    "DECL_VERB",
    "DECL_WORDS",
    "EXCHANGE_ID",
    "FLUSH_ID",
    "NO_FLUSH_ID",
    "PLAYING",
    "STAGE",
    "VERBS",
    "Decl",
    "Kind",
    "LooAction",
    "Phase",
    "action_str",
    "exchange_cards",
    "id_space",
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


# -- the codecs: each verb's record words, typed text, JSON and research ids (roundgames.games.codec) -----------

#: the research ids past the verb table's, Five-card and Irish Loo's: show a flush (LOO5-6), lead the ace of trumps
#: saying "Pam be civil" (LOO5-4), and "no flush" (the answer to an offer to show one out of turn, which only the
#: research adapters take); an exchange (LOO5-2) is ``EXCHANGE_ID`` plus the set of the hand's positions it puts out
FLUSH_ID = max(v.ids[0] + v.ids[1] for v in VERBS.values() if v.ids is not None)
CIVIL_ID = FLUSH_ID + 1
NO_FLUSH_ID = CIVIL_ID + 1
EXCHANGE_ID = NO_FLUSH_ID


def id_space(stock_cards: int) -> int:
    """The research ids of a form: 56 without a stock (``stock_cards`` 0: Three-card Loo), else one id an
    exchange past "no flush" for each non-empty set of a hand's positions (90 for five cards, 66 for three). Table
    mode's replay is the id after them."""
    return EXCHANGE_ID + 2**stock_cards if stock_cards else FLUSH_ID


def _replay_id(deal: Any) -> int:
    return id_space(deal.hand_size if deal.has_stock else 0)


def _replay_action_id(deal: Any, action: LooAction) -> int:
    if deal is None:
        raise ValueError(f"action {action}: the replay's integer depends on the form: give the deal")
    return _replay_id(deal)


def _positions(deal: Any, seat: int) -> list[Card]:
    """The hand by card int: an exchange's id names positions in it, so that it never names cards unseen."""
    return list(cards_in(deal.hands[seat]))


def _card_words(action: LooAction) -> str:
    """The words after the verb: the card, then the arguments as written (``AS civil``, ``LOO-LAW-4 5H``)."""
    if action.card is None:
        return action.arg or ""
    card = card_str(action.card)
    return card if action.arg is None else f"{card} {action.arg}"


def _declaration(word: str) -> Codec[LooAction]:
    """A declaration's codec: the word alone, one id of the verb table (LOO-DECL-1..8)."""
    ids = VERBS[word].ids
    assert ids is not None
    first = ids[0]
    return Codec(
        word,
        lambda said: LooAction(said.seat, word) if not said.args else None,
        _card_words,
        to_id=lambda deal, action: first,
        from_id=lambda deal, seat, i: LooAction(seat, word) if i == first else None,
    )


def _read_play(said: Said) -> LooAction | None:
    args = said.args
    civil = len(args) == 2 and args[1].lower() == "civil"  # "Pam be civil" (LOO5-4)
    if len(args) != 1 and not civil:
        return None
    try:
        card = parse_card(args[0])
    except CardError as e:
        raise RecordError("actions", f"{said.text!r}: {e}") from None
    return LooAction(said.seat, "play", card, "civil" if civil else None)


def _play_id(deal: Any, action: LooAction) -> int:
    assert action.card is not None
    return CIVIL_ID if action.arg == "civil" else action.card


def _play_of(deal: Any, seat: int, i: int) -> LooAction | None:
    if 0 <= i < 52:
        return LooAction(seat, "play", i)
    if i == CIVIL_ID:  # the ace of trumps (before the deal there are none, and it is refused)
        return LooAction(seat, "play", card_of(12, max(deal.trump, 0)), "civil")
    return None


def _read_exchange(said: Said) -> LooAction:
    try:
        out = [parse_card(a) for a in said.args]
    except CardError as e:
        raise RecordError("actions", f"{said.text!r}: {e}") from None
    if not out or len(set(out)) != len(out):
        raise RecordError("actions", f"{said.text!r} does not parse: expected 'SEAT exchange CARDS', each card once")
    return LooAction(said.seat, "exchange", None, format_cards(out))


def _exchange_id(deal: Any, action: LooAction) -> int:
    if deal is None:
        raise ValueError(f"action {action}: an exchange's integer is read against the hand: give the deal")
    hand = _positions(deal, action.seat)
    return EXCHANGE_ID + sum(1 << hand.index(c) for c in exchange_cards(action))


def _exchange_of(deal: Any, seat: int, i: int) -> LooAction | None:
    if i <= EXCHANGE_ID:
        return None
    # Positions past the hand name nothing: only a hand that has played cards is that short, and it may exchange no
    # more, so the exchange is refused whatever it names.
    out = [c for k, c in enumerate(_positions(deal, seat)) if (i - EXCHANGE_ID) >> k & 1]
    return LooAction(seat, "exchange", None, format_cards(out))


def _read_irregular(said: Said) -> LooAction:
    return LooAction(
        said.seat, "irregular", None, irregular_arg(said.text, said.args, f"{said.name} irregular LOO-LAW-8")
    )


def _unknown(text: str) -> str:
    proper = ", ".join(v for v in VERBS if VERBS[v].proper)
    return f"Loo verbs are {proper} (one card after play, cards after exchange)"


#: one codec for each verb of :data:`VERBS`; ids outside the verb table's ranges are decoded in this order, the
#: replay first (its id is the form's last, past every exchange's)
CODECS: Codecs[LooAction] = Codecs(
    VERBS,
    [
        Codec(
            "replay",
            lambda said: LooAction(said.seat, "replay", None, " ".join(said.args) or None),
            _card_words,
            to_id=_replay_action_id,
            from_id=lambda deal, seat, i: LooAction(seat, "replay") if i == _replay_id(deal) else None,
        ),
        Codec("play", _read_play, _card_words, to_id=_play_id, from_id=_play_of),
        *(_declaration(word) for word in DECLARE_VERBS),
        Codec(
            "flush",
            lambda said: LooAction(said.seat, "flush") if not said.args else None,
            _card_words,
            to_id=lambda deal, action: FLUSH_ID,
            from_id=lambda deal, seat, i: LooAction(seat, "flush") if i == FLUSH_ID else None,
        ),
        Codec("exchange", _read_exchange, _card_words, to_id=_exchange_id, from_id=_exchange_of),
        Codec("irregular", _read_irregular, _card_words),
        Codec("trick", lambda said: LooAction(said.seat, "trick") if not said.args else None, _card_words),
        Codec(  # the dealer states that no card beat the turn-up (LOO-SGL-4)
            "single",
            lambda said: (
                LooAction(said.seat, "single", None, " ".join(said.args) or None)
                if said.args in ([], ["nobody"])
                else None
            ),
            _card_words,
        ),
    ],
    usage="SEAT VERB [CARD]",
    unknown=_unknown,
)


def action_str(action: LooAction, seats: Sequence[str]) -> str:
    """The action as a record writes it: ``"P3 play AS"``."""
    return CODECS.format(action, seats)


def parse_action(text: str, seats: Sequence[str]) -> LooAction:
    """Parse an action string ``SEAT VERB [ARGUMENTS]``; raises :class:`RecordError` if it does not parse."""
    return CODECS.parse(text, seats)


def exchange_cards(action: LooAction) -> list[Card]:
    """The cards an ``exchange`` action puts out; raises :class:`IllegalActionError` if it names none."""
    try:
        return parse_cards(action.arg or "")
    except CardError as e:
        raise IllegalActionError(f"exchange {action.arg}: {e}", "LOO5-2") from None
