"""Loo's encoding for the research adapters, every form: action ids, observation and information-state vectors and
strings (:mod:`.encoding` documents them; :mod:`.games` chooses this module for a Loo deal).

Every action id is read and made by its verb's codec (:data:`roundgames.loo.actions.CODECS`). Three-card Loo's
are the verb table's (:data:`roundgames.loo.actions.VERBS`, ``ids``): ``0..51`` play
the card of that int, ``52`` stand, ``53`` throw up, ``54`` take the miss, ``55`` defend; its action space is 56.
Five-card and Irish Loo keep those and add, after them, ids read against the deal: ``56`` show a flush (LOO5-6),
``57`` lead the ace of trumps saying "Pam be civil" (LOO5-4), ``58`` no flush (the answer to an offer to show a
flush out of turn, which none makes since a flush is always shown, RULES.md §14.34: never legal, it keeps its place),
and from ``59`` an exchange (LOO5-2, LOOI-1): the cards at the positions set
in ``id - 58`` of the seat's hand sorted by card int, ``59..89`` for five cards, ``59..65`` for three. Positions,
not cards, so that 31 (or 7) ids name every exchange. Their action space is 90 (Five-card) or 66 (Irish).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from operator import add
from typing import Any, NamedTuple, cast

import numpy as np

from ..core.cards import card_str, cards_in, format_cards
from ..core.errors import IllegalActionError
from ..loo.actions import (
    CIVIL_ID,
    CODECS,
    DECLARE_VERBS,
    EXCHANGE_ID,
    FLUSH_ID,
    NO_FLUSH_ID,
    VERBS,
    Decl,
    Kind,
    LooAction,
    Phase,
    exchange_cards,
    id_space,
)
from ..loo.deal import FiveCardLoo, LooDeal
from ..loo.five import hand_size
from ..loo.rules import LooRules
from ._common import bits, card_ones, first_id, id_count, num_actions, trick_cells, trick_text

__all__ = [
    "CIVIL",
    "DECLARATION_IDS",
    "DECLINE",
    "EXCHANGE",
    "FLUSH",
    "NO_FLUSH",
    "NUM_ACTIONS",
    "PLAY",
    "TRICKS",
    "action",
    "action_count",
    "action_id",
    "action_ids",
    "action_name",
    "check",
    "forced",
    "info_layout",
    "info_state",
    "info_vector",
    "irregular_ids",
    "layout",
    "observation",
    "observation_into",
    "offered",
    "offers",
    "own_seen",
    "plain_action",
    "plain_ids",
    "public",
    "replay_id",
    "summary",
]

#: the size of Three-card Loo's action space: 56 (:func:`action_count` gives every form's)
NUM_ACTIONS = num_actions(VERBS)
#: the id of playing card 0 (card ``c`` is ``PLAY + c``)
PLAY = first_id(VERBS, "play")
_PLAY_END = PLAY + id_count(VERBS, "play")
#: the id of each declaration
DECLARATION_IDS = {word: first_id(VERBS, word) for word in ("stand", "throw", "miss", "defend")}
_DECLARATION_OF = {i: word for word, i in DECLARATION_IDS.items()}
# The ids of Five-card and Irish Loo, after Three-card Loo's. They are this encoding's, not the verb table's: an
# exchange's id is read against the hand it is made from, and "no flush" is no engine action but the answer to
# an offer that only the adapters make (:func:`offered`).
#: show a flush (LOO5-6)
FLUSH = FLUSH_ID
#: lead the ace of trumps saying "Pam be civil" (LOO5-4)
CIVIL = CIVIL_ID
#: no flush: the answer to an offer to show a flush out of turn, which none makes now (a flush is always shown,
#: RULES.md §14.34); kept so that the exchanges' ids keep their places, never legal
NO_FLUSH = NO_FLUSH_ID
#: the answer that lets an offer go by (:func:`offered`), as every game's encoding names it
DECLINE: int | None = NO_FLUSH
#: the id before the first exchange: exchange ``id`` puts out the positions set in ``id - EXCHANGE``
EXCHANGE = EXCHANGE_ID
#: the tricks of a Three-card deal (LOO-PLAY-9): the information state holds each
TRICKS = 3


def check(rules: LooRules) -> None:
    """Every form of Loo is encoded: nothing to refuse (the engine checks the rules themselves)."""


def _shape(rules: LooRules | None) -> tuple[bool, int]:
    """Whether the form deals a stock (Five-card and Irish Loo), and its tricks, as many as the cards of a hand
    (LOO-PLAY-9, LOO5-5, LOOI-1). No rules: Three-card Loo."""
    if rules is None or rules.form == "three_card":
        return False, TRICKS
    return True, hand_size(rules.form)


def action_count(rules: LooRules | None, table: bool = False) -> int:
    """The size of the action space under ``rules``: 56 for Three-card Loo, then one exchange id per non-empty
    set of positions of a hand: 90 for Five-card Loo, 66 for Irish. In table mode (``table``) one more, the last:
    demand the replay after another seat's irregular card (:func:`replay_id`, LOO-LAW-0b)."""
    stock, cards = _shape(rules)
    return id_space(cards if stock else 0) + int(table)


def replay_id(rules: LooRules | None) -> int:
    """Table mode's id of demanding the replay (``revoke_replay: optional``, LOO-LAW-0b): the one after the
    form's others (56 in Three-card Loo, 90 in Five-card, 66 in Irish)."""
    return action_count(rules)


def irregular_ids(deal: LooDeal, seat: int) -> list[int]:
    """Table mode: the ids the seat to act might take irregularly, for the laws to judge: a card it holds (which
    may revoke, not head the trick, not lead the trump, LOO-LAW-11..15, -17) and a declaration (throwing up after
    the lead, LOO-LAW-16). What the laws do not cover is left out by the adapters."""
    return [*(PLAY + c for c in cards_in(deal.hands[seat])), *DECLARATION_IDS.values()]


# -- actions ------------------------------------------------------------------------------------------


def action_id(deal: LooDeal | None, action: LooAction) -> int:
    """The integer of a Loo action, taken in ``deal`` before it is applied (an exchange and the replay need the
    deal: an exchange's id is read against the hand, the replay's is the form's last): the verb's codec's
    (:data:`~roundgames.loo.actions.CODECS`)."""
    found = CODECS.action_id(deal, action)
    if found is None:
        raise ValueError(f"action {action}: no integer for the Loo verb {action.verb!r}")
    return found


def action_ids(deal: LooDeal, actions: Iterable[LooAction]) -> dict[int, LooAction]:
    """Each of ``actions`` by its integer (:func:`action_id`; a plain card's said at once: the most common)."""
    return {
        PLAY + a.card if a.verb == "play" and a.arg is None and a.card is not None else action_id(deal, a): a
        for a in actions
    }


_DECL_ID = {DECLARE_VERBS[word]: i for word, i in DECLARATION_IDS.items()}


def plain_ids(deal: LooDeal) -> list[int] | None:
    """The ids of the seat to act's legal actions, in order, read straight from the deal's state where the turn
    is plain: in strict mode in Three-card Loo (no stock, so no exchange, Pam, "Pam be civil" or flush), a
    declaration (the engine's ``declare_options``, LOO-DECL-1..10) or a card (``playable_cards``, the rules' mask
    of the hand, the trick and the trumps, LOO-PLAY-2..6). None elsewhere, where the adapters ask the engine's
    ``legal_actions``. The same ids, with no action object made for each; :func:`plain_action` makes the one
    chosen."""
    s = deal.to_act
    if s is None or deal.table_mode or deal.has_stock or deal.unknown:
        return None
    phase = deal.phase
    if phase is Phase.PLAY:
        return [PLAY + c for c in cards_in(deal.playable_cards(s))]
    if phase is Phase.DECLARE:
        return sorted([_DECL_ID[d] for d in deal.declare_options(s)])
    return None


def plain_action(seat: int, action_id: int) -> LooAction:
    """The engine's action of an id of :func:`plain_ids` for ``seat``: a card played, or a declaration."""
    if action_id < _PLAY_END:
        return LooAction(seat, "play", action_id - PLAY)
    return LooAction(seat, _DECLARATION_OF[action_id])


def action(deal: LooDeal, action_id: int, seat: int | None = None) -> LooAction:
    """The Loo action of ``action_id`` for ``seat`` (by default the seat to act): the codec's of the verb that owns
    the id (:data:`~roundgames.loo.actions.CODECS`). :data:`NO_FLUSH` is no engine action, but the answer to an
    offer that the adapters make and keep (:func:`offered`): here, where the seat acts in the engine's own way, it
    is refused (:class:`IllegalActionError`)."""
    if action_id == NO_FLUSH:
        who = deal.seats[seat if seat is not None else deal.to_act if deal.to_act is not None else 0]
        raise IllegalActionError(
            f"{who} cannot answer 'no flush' (action {NO_FLUSH}): it answers an offer to show a flush out of turn, "
            "and none is made to him now",
            "LOO5-6",
        )
    if seat is None:
        seat = deal.to_act if deal.to_act is not None else 0
    found = CODECS.action(deal, action_id, seat)
    if found is None:
        raise ValueError(f"action {action_id}: no Loo action has this integer")
    return found


def action_name(action_id: int, rules: LooRules | None = None) -> str:
    """An action's name without the state it was taken in (an exchange's cards depend on the hand); with the
    ``rules``, the id after the form's others is table mode's ``replay`` (:func:`replay_id`)."""
    if rules is not None and action_id == replay_id(rules):
        return "replay"
    if PLAY <= action_id < _PLAY_END:
        return f"play {card_str(action_id - PLAY)}"
    if action_id in _DECLARATION_OF:
        return _DECLARATION_OF[action_id]
    names = {FLUSH: "flush", CIVIL: "play the ace of trumps civil", NO_FLUSH: "no flush"}
    if action_id in names:
        return names[action_id]
    if action_id > EXCHANGE:
        return f"exchange #{action_id - EXCHANGE:b}"
    return f"action {action_id}"


def public(deal: LooDeal, action: LooAction, seat: int) -> str:
    """An action as ``seat`` saw it: another seat's exchange by its count only (the cards go face down, LOO5-2)."""
    if action.verb == "exchange" and action.seat != seat:
        return f"{deal.seats[action.seat]} exchange x{len(exchange_cards(action))}"
    return deal.action_str(action)


def offers(rules: LooRules | None) -> bool:
    """Whether a deal may show a flush as nobody chooses (LOO5-6): only the forms with a stock (Five-card and
    Irish Loo). None is offered out of turn (:func:`offered`)."""
    return _shape(rules)[0]


def offered(deal: LooDeal) -> tuple[int, ...]:
    """The seats offered now the chance to show a flush out of turn: none. A flush is always shown, each in turn
    before the first lead as nobody chooses (:func:`forced`, RULES.md §14.34), so no seat has a flush to let go
    by; the ``passed`` field of the observation and :data:`NO_FLUSH` stay in the layout, never set nor legal, so
    that the ids and the vectors keep their places."""
    return ()


def forced(deal: LooDeal) -> LooAction | None:
    """The action nobody chooses, if the deal waits on one: after the declaring every flush held is shown in turn
    from the dealer's left (§14.34), and a seat about to take the pool without play shows its flush first (LOO5-6,
    §14.24)."""
    if deal.phase is Phase.SHOW and deal.to_act is not None:
        return LooAction(deal.to_act, "flush")
    return None


# -- vectors ------------------------------------------------------------------------------------------


def layout(n: int, rules: LooRules | None = None) -> list[tuple[str, int]]:
    """The fields of a Loo observation vector for ``n`` seats under ``rules`` (Three-card Loo without them), in
    order, with their sizes. Five-card and Irish Loo have no miss, count up to their own tricks, and add the
    stock, the exchanges, Pam and the flushes."""
    stock, tricks = _shape(rules)
    decls, width = ("none/stand/throw/miss/defend/exchange", 6) if stock else ("none/stand/throw/miss/defend", 5)
    out = [
        ("hand: the cards the observer holds now (52, by card int)", 52),
        ("turnup: the turned-up card (52, one-hot)", 52),
        ("trump: the trump suit (4: S H D C)", 4),
        ("played: every card played to a trick so far (52)", 52),
        ("trick: the cards of the trick in progress, by relative seat (n x 52)", 52 * n),
        (f"declared: each relative seat's declaration, one-hot {decls} (n x {width})", width * n),
        (f"won: tricks each relative seat has won, one-hot 0..{tricks} (n x {tricks + 1})", (tricks + 1) * n),
        ("dealer: the dealer's relative seat (n, one-hot)", n),
        ("to_act: the relative seat to act (n, one-hot; none when the deal is over)", n),
        ("phase: deal/declare/play/complete/show (5, one-hot)", 5)
        if stock
        else ("phase: deal/declare/play/complete (4, one-hot)", 4),
        ("kind: regular/single/ew_single (3, one-hot)", 3),
    ]
    if not stock:
        out.append(("miss: taken by anyone, taken by the observer (2)", 2))
    out += [
        ("pool: counters on the table, in loos (1)", 1),
        (f"trick_number: tricks completed, one-hot 0..{tricks} ({tricks + 1})", tricks + 1),
    ]
    if stock:
        out += [
            ("stock: cards left in the stock (1)", 1),
            (
                f"exchanged: cards each relative seat exchanged, one-hot 0..{tricks} (n x {tricks + 1})",
                (tricks + 1) * n,
            ),
            ("put_out: the cards the observer put out in his exchange (52)", 52),
            ("pam: Pam, the highest card (52, one-hot; none in Irish Loo)", 52),
            ("civil: the trick in progress was led with 'Pam be civil' (1)", 1),
            ("passed: the relative seats that let an offer to show a flush out of turn go by; none is made (n)", n),
            ("shown: the relative seats that have shown a flush (n)", n),
            ("flushes: the cards of the flushes shown (52)", 52),
        ]
    return out


def info_layout(n: int, rules: LooRules | None = None) -> list[tuple[str, int]]:
    """The fields of the information-state vector: the observation's, then what tells every history apart (in
    Five-card Loo also which tricks were led with "Pam be civil", which the cards alone may not show)."""
    stock, tricks = _shape(rules)
    out = [
        *layout(n, rules),
        ("dealt: the cards the observer was dealt, once he has seen them (52)", 52),
        (f"tricks: every finished trick in order, by relative seat ({tricks} x n x 52)", tricks * n * 52),
    ]
    if stock:
        out.append((f"civil_leads: each trick led with 'Pam be civil', in order ({tricks})", tricks))
    return out


def observation(deal: LooDeal, seat: int, passed: Collection[int] = ()) -> list[float]:
    """The observation vector of ``seat`` (:func:`layout`) as a list; ``passed``: the seats that have let an offer
    to show a flush go by (:func:`offered`)."""
    out = np.zeros(sum(w for _, w in layout(deal.n, deal.rules)), np.float64)
    observation_into(deal, seat, passed, out)
    return out.tolist()


def _hand_seen(deal: LooDeal, seat: int) -> int:
    """The cards of ``seat``'s view (:meth:`LooDeal.view`): its own once it has looked (LOO-DECL-1), all dealt cards
    face up in a single (LOO-SGL-1), a shown flush face up (LOO5-6). Read from the deal, not through ``view``,
    which also lists the legal actions: the most costly part of an observation."""
    if seat in getattr(deal, "shown", ()):
        return deal.hands[seat]
    if deal.kind is Kind.SINGLE:
        return deal.dealt[seat] if seat in deal.order else 0
    looked = deal.phase is not Phase.DECLARE or deal.decls[seat] is not Decl.NONE or deal.to_act == seat
    return deal.hands[seat] if looked else 0


class _Places(NamedTuple):
    """Where each seat's fields start in one observer's vector, by the seat's absolute index (the vector holds
    them by relative seat): a seat's place plus its value is the place of its 1."""

    trick: tuple[int, ...]
    decl: tuple[int, ...]
    won: tuple[int, ...]
    dealer: tuple[int, ...]
    to_act: tuple[int, ...]
    #: the phase field's first place, and the miss field's (or the pool's, where there is no miss)
    phase: int
    kind: int
    after: int


@functools.cache
def _places(n: int, seat: int, stock: bool, tricks: int) -> _Places:
    """The places of :func:`layout`'s per-seat fields for observer ``seat`` at a table of ``n`` (computed once)."""
    rel = [(s - seat) % n for s in range(n)]
    width = 6 if stock else 5
    decl = 160 + 52 * n
    won = decl + width * n
    dealer = won + (tricks + 1) * n
    to_act = dealer + n
    phase = to_act + n
    kind = phase + (5 if stock else 4)
    return _Places(
        tuple(160 + 52 * r for r in rel),
        tuple(decl + width * r for r in rel),
        tuple(won + (tricks + 1) * r for r in rel),
        tuple(dealer + r for r in rel),
        tuple(to_act + r for r in rel),
        phase,
        kind,
        kind + 3,
    )


def observation_into(deal: LooDeal, seat: int, passed: Collection[int], out: np.ndarray[Any, Any]) -> None:
    """Write the observation vector of ``seat`` (:func:`layout`) into ``out``, which holds zeros (the adapters
    allocate it, or keep one and clear it). The places of its ones are gathered in a list and written by one
    NumPy assignment; counts are written one by one. The hot path of both adapters: each seat's place in each field
    comes from a table made once for the observer (:func:`_places`), to which the seat's value is added."""
    n = deal.n
    stock, tricks = _shape(deal.rules)
    at = _places(n, seat, stock, tricks)
    done = deal.tricks
    ones: list[int] = []
    card_ones(ones, 0, _hand_seen(deal, seat))
    up = deal.turnup
    if up >= 0:  # none before the deal
        ones += (52 + up, 104 + up // 13)
    for t in done:
        ones += [108 + c for c in t.cards]
    trick_seats = deal.trick_seats
    if trick_seats:
        trick_cards = deal.trick_cards
        ones += [108 + c for c in trick_cards]
        ones += map(add, map(at.trick.__getitem__, trick_seats), trick_cards)
    ones += map(add, at.decl, deal.decls)  # a declaration's int is its place in the field (Decl)
    ones += map(add, at.won, deal.won)
    ones.append(at.dealer[deal.dealer])
    if deal.to_act is not None:
        ones.append(at.to_act[deal.to_act])
    ones += (at.phase + deal.phase, at.kind + _KIND_INDEX[deal.kind])  # a phase's int is its place (Phase)
    place = at.after
    if not stock:
        holder = deal.miss_holder
        if holder is not None:
            ones.append(place)
            if holder == seat:
                ones.append(place + 1)
        place += 2
    ledger = deal.ledger
    out[place] = (ledger.pool + ledger.next_pool) / max(1, deal.rules.stakes.loo)
    ones.append(place + 1 + len(done))
    place += tricks + 2
    if stock:
        _stock_into(cast(FiveCardLoo, deal), seat, passed, tricks, out, place, ones)
    out.put(ones, 1.0)  # one call for every 1: costs less than fancy indexing


_KIND_INDEX = {k: i for i, k in enumerate(Kind)}


def _stock_into(
    deal: FiveCardLoo,
    seat: int,
    passed: Collection[int],
    tricks: int,
    out: np.ndarray[Any, Any],
    at: int,
    ones: list[int],
) -> None:
    """Five-card and Irish Loo's part of the observation: what is public of the exchanges, Pam and flushes."""
    n = deal.n
    out[at] = float(len(deal.stock))
    at += 1
    for r in range(n):
        put, _drawn = deal.exchanged.get((seat + r) % n, (0, 0))
        ones.append(at + (tricks + 1) * r + int.bit_count(put))
    at += (tricks + 1) * n
    card_ones(ones, at, deal.exchanged.get(seat, (0, 0))[0])
    at += 52
    if deal.pam is not None:
        ones.append(at + deal.pam)
    out[at + 52] = float(deal.civil)
    at += 53
    for r in range(n):
        s = (seat + r) % n
        if s in passed:
            ones.append(at + r)
        if s in deal.shown:
            ones.append(at + n + r)
    at += 2 * n
    for s in deal.shown:
        card_ones(ones, at, deal.hands[s])


def own_seen(deal: LooDeal, seat: int) -> int:
    """The cards the observer was dealt, once he has seen them (LOO-DECL-1; a single is face up)."""
    if deal.kind is Kind.SINGLE:
        return deal.dealt[seat]
    looked = deal.phase is not Phase.DECLARE or deal.decls[seat] is not Decl.NONE or deal.to_act == seat
    return deal.dealt[seat] if looked else 0


def info_vector(deal: LooDeal, seat: int, passed: Collection[int] = ()) -> list[float]:
    """The information-state vector (:func:`info_layout`): the observation, the observer's own dealt cards once
    seen, and every trick in order by relative seat, so that no two information sets share it."""
    stock, tricks = _shape(deal.rules)
    out = observation(deal, seat, passed) + bits(own_seen(deal, seat))
    out += trick_cells(deal.view(seat).tricks, seat, deal.n, tricks)
    if stock:  # each trick's first play is its lead: every seat that plays plays once to a trick
        leads = [a for a in deal.log if a.verb == "play"][:: max(1, len(deal.players))]
        out += [float(i < len(leads) and leads[i].arg == "civil") for i in range(tricks)]
    return out


# -- strings ------------------------------------------------------------------------------------------


def _passed_text(deal: LooDeal, passed: Collection[int]) -> str:
    return "no flush from " + " ".join(deal.seats[s] for s in deal.order if s in passed)


def info_state(deal: LooDeal, seat: int, passed: Collection[int] = ()) -> str:
    """The information-state string of ``seat``: the table, what it has seen, and every action as it saw it."""
    view = deal.view(seat)
    head = (
        f"loo {deal.rules.name} {sorted(deal.rules.options().items())} seats={deal.n} me={deal.seats[seat]} "
        f"dealer={deal.seats[deal.dealer]} pool={deal.ledger.start} kind={deal.kind.value} "
        f"turnup={card_str(deal.turnup)}"
    )
    seen = f"dealt=[{format_cards(own_seen(deal, seat))}] hand=[{format_cards(view.hand)}]"
    if deal.kind is Kind.SINGLE:
        seen += " faces=" + ",".join(f"{deal.seats[s]}:{format_cards(m)}" for s, m in sorted(view.seen_hands.items()))
    parts = [head, seen, " ".join(public(deal, a, seat) for a in deal.log)]
    if passed:
        parts.append(_passed_text(deal, passed))
    return " | ".join(parts)


def summary(deal: LooDeal, seat: int, passed: Collection[int] = ()) -> str:
    """A short observation string: the seat's hand, the turn-up, the pool, the declarations, the trick; in
    Five-card and Irish Loo also the stock, the exchanges and the flushes."""
    v = deal.view(seat)
    won = [0] * deal.n
    for t in v.tricks:
        if t.winner is not None:
            won[t.winner] += 1
    decls = " ".join(f"{deal.seats[s]}:{v.decls[s].name.lower()}" for s in deal.order)
    to_act = "-" if v.to_act is None else deal.seats[v.to_act]
    out = (
        f"{deal.seats[seat]} hand=[{format_cards(v.hand)}] turnup={card_str(v.turnup)} pool={v.pool} "
        f"phase={v.phase.name.lower()} {decls} trick=[{trick_text(deal.seats, v.tricks)}] "
        f"won={','.join(map(str, won))} to_act={to_act}"
    )
    if deal.has_stock:
        five = cast(FiveCardLoo, deal)
        swaps = ",".join(str(int.bit_count(five.exchanged.get(s, (0, 0))[0])) for s in range(deal.n))
        shown = " ".join(deal.seats[s] for s in five.shown) or "-"
        out += f" stock={len(five.stock)} exchanged={swaps} flushes={shown}"
        if passed:
            out += f" {_passed_text(deal, passed)}"
    return out
