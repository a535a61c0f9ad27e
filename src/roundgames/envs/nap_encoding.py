"""Nap's encoding for the research adapters: action ids, observation and information-state vectors and strings
(:mod:`.encoding` documents them; :mod:`.games` chooses this module for a Nap deal).

The action ids are the verb table's (:data:`roundgames.nap.actions.VERBS`, ``ids``), each read and made by its verb's
codec (:data:`roundgames.nap.actions.CODECS`): ``0..51`` play; ``52``
pass; ``53..60`` call; ``61`` peep; ``62`` raise; ``63..94`` buy; ``95..346`` the spare hand; ``347..352`` the
widow; ``353..358`` the top card. A verb's argument is the id less the verb's first id: the call's place in
:data:`~roundgames.nap.calls.CALLS`, the positions discarded by a buy (bits), the five kept of the spare hand
(in :func:`itertools.combinations` order), the position discarded for the widow or the top card.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from operator import add
from typing import Any

import numpy as np

from ..core.cards import card_str, cards_in, format_cards
from ..nap.actions import CODECS, VERBS, NapAction, NapPhase
from ..nap.calls import CALLS
from ..nap.rules import NapRules
from ..nap.variants import NapDeal
from ._common import bits, card_ones, first_id, id_count, num_actions, rotation, trick_cells, trick_text

__all__ = [
    "BUY",
    "CALL",
    "DECLINE",
    "NUM_ACTIONS",
    "PASS",
    "PEEP",
    "PLAY",
    "RAISE",
    "SPARE",
    "TOPCARD",
    "TRICKS",
    "WIDOW",
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
    "summary",
]

#: the size of the action space: 359
NUM_ACTIONS = num_actions(VERBS)
#: each verb's first id
PLAY, PASS, CALL, PEEP, RAISE, BUY, SPARE, WIDOW, TOPCARD = (
    first_id(VERBS, word) for word in ("play", "pass", "call", "peep", "raise", "buy", "spare", "widow", "topcard")
)
#: the verb of each id
_VERB_OF: list[str] = [""] * NUM_ACTIONS
for _word, _verb in VERBS.items():
    if _verb.ids is not None:
        _VERB_OF[_verb.ids[0] : _verb.ids[0] + _verb.ids[1]] = [_word] * _verb.ids[1]
_FIRST = {word: first_id(VERBS, word) for word in VERBS if VERBS[word].ids is not None}
#: the tricks of a deal (NAP-PLAY-3): the information state holds each
TRICKS = 5
#: no seat acts out of turn in Nap, so no offer is ever let go by
DECLINE: int | None = None


def check(rules: NapRules) -> None:
    """Every form of Nap is encoded: nothing to refuse."""


def action_count(rules: NapRules | None, table: bool = False) -> int:
    """The size of the action space: 359 under every rule, in table mode too (its irregular actions are cards
    and calls, whose ids every deal has)."""
    return NUM_ACTIONS


def irregular_ids(deal: NapDeal, seat: int) -> list[int]:
    """Table mode: the ids the seat to act might take irregularly, for the laws to judge (a card it holds, which
    may revoke, NAP-LAW-6, or be played before the calling is over, NAP-LAW-7; a call, which may be Wellington or
    Blucher without a Nap, NAP-LAW-10). What the laws do not cover is left out by the adapters."""
    return [*(PLAY + c for c in cards_in(deal.hands[seat])), *range(CALL, CALL + len(CALLS))]


def offers(rules: NapRules | None) -> bool:
    """Whether a deal may offer an action out of turn or wait on one nobody chooses: never in Nap."""
    return False


def offered(deal: NapDeal) -> tuple[int, ...]:
    """The seats offered something to do out of turn: none in Nap."""
    return ()


def forced(deal: NapDeal) -> NapAction | None:
    """The action nobody chooses: none in Nap."""
    return None


# -- actions ------------------------------------------------------------------------------------------


def action_id(deal: NapDeal, action: NapAction) -> int:
    """The integer of a Nap action, taken in ``deal`` before it is applied: the verb's codec's
    (:data:`~roundgames.nap.actions.CODECS`)."""
    found = CODECS.action_id(deal, action)
    if found is None:
        raise ValueError(f"no integer for Nap action {action}")
    return found


def action_ids(deal: NapDeal, actions: Iterable[NapAction]) -> dict[int, NapAction]:
    """Each of ``actions`` by its integer (:func:`action_id`; a card played said at once: the most common)."""
    return {PLAY + a.cards[0] if a.verb == "play" else action_id(deal, a): a for a in actions}


def plain_ids(deal: NapDeal) -> list[int] | None:
    """The ids of the seat to act's legal actions, in order, read straight from the deal's state where the turn
    is plain, in strict mode: a card in play, the engine's ``playable`` mask (NAP-PLAY-2: the suit led if the hand
    holds it, else any; an exposed card first, NAP-LAW-8); a call, pass and the engine's ``allowed_calls``
    (NAP-CALL-1..6), or pass and raise against a challenge. Where the variants add actions (the peep and the
    spare hand while calling; the widow and the top card at the senior hand's first lead) and in the other
    phases: None, and the adapters ask the engine's ``legal_actions``. The same ids, with no action object made
    for each; :func:`plain_action` makes the one chosen."""
    s = deal.to_act
    if s is None or deal.table_mode or deal.unknown:
        return None
    phase = deal.phase
    rules = deal.rules
    if phase is NapPhase.PLAY:
        if s == deal.declarer and not deal.tricks and not deal.trick_cards and (rules.peep or rules.nap_top_card):
            return None
        return [PLAY + c for c in cards_in(deal.playable(s))]
    if phase is NapPhase.CALL and not rules.peep and rules.spare_hand == "off":
        if deal.challenge is not None:
            return sorted((PASS, RAISE))
        return sorted([PASS, *(_CALL_ID[c] for c in deal.allowed_calls())])
    return None


def plain_action(seat: int, action_id: int) -> NapAction:
    """The engine's action of an id of :func:`plain_ids` for ``seat``: a card played, a pass, a call or a raise."""
    if PLAY <= action_id < _PLAY_END:
        return NapAction(seat, "play", None, (action_id - PLAY,))
    if action_id in _CALL_OF:
        return NapAction(seat, "call", _CALL_OF[action_id])
    return NapAction(seat, _VERB_OF[action_id])


_PLAY_END = PLAY + id_count(VERBS, "play")
_CALL_ID = {c: CALL + i for i, c in enumerate(CALLS)}
_CALL_OF = {i: c for c, i in _CALL_ID.items()}


def action(deal: NapDeal, action_id: int, seat: int | None = None) -> NapAction:
    """The Nap action of ``action_id`` for ``seat`` (by default the seat to act): the codec's of the verb that owns
    the id (:data:`~roundgames.nap.actions.CODECS`)."""
    s = seat if seat is not None else deal.to_act if deal.to_act is not None else 0
    found = CODECS.action(deal, action_id, s)
    if found is None:
        raise ValueError(f"no Nap action has the integer {action_id}")
    return found


def action_name(action_id: int, rules: NapRules | None = None) -> str:
    """An action's name without the state it was taken in (buy and spare ids depend on the hand; the same under
    every rule, table mode's too)."""
    verb = _VERB_OF[action_id] if 0 <= action_id < NUM_ACTIONS else ""
    k = action_id - _FIRST.get(verb, 0)
    if verb == "play":
        return f"play {card_str(k)}"
    if verb in ("pass", "peep", "raise"):
        return verb
    if verb == "call":
        return f"call {CALLS[k]}"
    if verb == "buy":
        return f"buy #{k:05b}"
    if verb == "spare":
        return f"spare #{k}"
    if verb in ("widow", "topcard"):
        return f"{verb} discard #{k}" if k < 5 else f"{verb} discard it"
    return f"action {action_id}"


def public(deal: NapDeal, action: NapAction, seat: int) -> str:
    """An action as ``seat`` saw it: others' discards and kept cards stay face down."""
    if action.seat == seat or action.verb in ("play", "pass", "call", "peep", "raise"):
        return deal.action_str(action)
    name = deal.seats[action.seat]
    if action.verb == "buy":
        return f"{name} buy x{len(action.cards)}"
    return f"{name} {action.verb}"


# -- vectors ------------------------------------------------------------------------------------------


def layout(n: int, rules: NapRules | None = None) -> list[tuple[str, int]]:
    """The fields of a Nap observation vector for ``n`` seats, in order, with their sizes (the same under every
    rule)."""
    return [
        ("hand: the cards the observer holds now (52, by card int)", 52),
        ("widow: the widow card if the observer peeped (52, one-hot)", 52),
        ("trump: the trump suit once fixed, or none (5: S H D C none)", 5),
        ("played: every card played to a trick so far (52)", 52),
        ("trick: the cards of the trick in progress, by relative seat (n x 52)", 52 * n),
        ("calls: each relative seat's call, one-hot none/pass/1/2/misery/3/4/nap/wellington/blucher (n x 10)", 10 * n),
        ("declarer: the senior hand's relative seat (n, one-hot; none before calling ends)", n),
        ("contract: the call being played, one-hot in the order above (8)", 8),
        ("declarer_won: tricks the senior hand has won, one-hot 0..5 (6)", 6),
        ("declarer_lost: tricks the senior hand has lost, one-hot 0..5 (6)", 6),
        ("dealer: the dealer's relative seat (n, one-hot)", n),
        ("to_act: the relative seat to act (n, one-hot)", n),
        ("phase: deal/purchase/call/play/complete (5, one-hot)", 5),
        ("kitty: counters in the kitty, in units (1)", 1),
        ("multiplier: the stake multiplier of this deal (1)", 1),
        ("bought: cards each relative seat bought, one-hot 0..5 (n x 6)", 6 * n),
        ("peeped: whether each relative seat peeped (n)", n),
    ]


def info_layout(n: int, rules: NapRules | None = None) -> list[tuple[str, int]]:
    """The fields of the information-state vector: the observation's, then what tells every history apart."""
    return [
        *layout(n, rules),
        ("dealt: the cards the observer was dealt (52)", 52),
        ("tricks: every finished trick in order, by relative seat (5 x n x 52)", TRICKS * n * 52),
    ]


def observation(deal: NapDeal, seat: int, passed: Collection[int] = ()) -> list[float]:
    """The observation vector of ``seat`` (:func:`layout`) as a list; nothing is offered out of turn, so
    ``passed`` is empty."""
    out = np.zeros(188 + 72 * deal.n, np.float64)
    observation_into(deal, seat, passed, out)
    return out.tolist()


#: the place of each call among the ``calls`` one-hot: none 0, pass 1, then the calls in order
_CALL_INDEX = {"pass": 1, **{c: 2 + i for i, c in enumerate(CALLS)}}


def observation_into(deal: NapDeal, seat: int, passed: Collection[int], out: np.ndarray[Any, Any]) -> None:
    """Write the observation vector of ``seat`` (:func:`layout`) into ``out``, which holds zeros. Read from the
    deal what its ``view`` shows the seat (its hand, the widow once peeped, public calls and tricks), not through
    ``view``, which also lists the legal actions: the most costly part of an observation. The places of its ones
    are gathered in a list and written by one NumPy assignment (the hot path of both adapters: the seats in the
    observer's order come from a table, and each field's places are listed in one comprehension)."""
    n = deal.n
    rot = rotation(n, seat)
    trick_at, call_at, declarer_at, dealer_at, to_act_at = _places(n, seat)
    ones: list[int] = []
    card_ones(ones, 0, deal.hands[seat])
    peeped = deal.peeped
    if peeped and seat in peeped and deal.dealt_widow is not None:
        ones.append(52 + deal.dealt_widow)
    ones.append(104 + (4 if deal.trump is None else deal.trump))
    for t in deal.tricks:
        ones += [109 + c for c in t.cards]
    trick_seats = deal.trick_seats
    if trick_seats:
        trick_cards = deal.trick_cards
        ones += [109 + c for c in trick_cards]
        ones += map(add, map(trick_at.__getitem__, trick_seats), trick_cards)
    at = 161 + 52 * n
    if deal.calls:
        last_call = dict(deal.calls)  # a later entry (a challenge's reply) overrides
        ones += [call_at[s] + _CALL_INDEX[c] for s, c in last_call.items()]
    at += 10 * n
    if deal.declarer is not None:
        ones.append(declarer_at[deal.declarer])
    at += n
    if deal.contract is not None:
        ones.append(at + _CONTRACT_INDEX[deal.contract])
    won, lost = deal.won, deal.lost
    ones += (at + 8 + (won if won < 5 else 5), at + 14 + (lost if lost < 5 else 5))
    at += 20
    ones.append(dealer_at[deal.dealer])
    at += n
    if deal.to_act is not None:
        ones.append(to_act_at[deal.to_act])
    at += n
    ones.append(at + deal.phase)  # a phase's int is its place in the field (NapPhase)
    ledger = deal.ledger
    out[at + 5] = (ledger.pool + ledger.next_pool) / max(1, deal.rules.stakes.unit)  # the kitty
    out[at + 6] = float(deal.multiplier)
    at += 7
    bought = deal.bought
    if bought:
        ones += [at + 6 * r + len(bought[s]) for r, s in enumerate(rot) if s in bought]
    at += 6 * n
    if peeped:
        ones += [at + r for r, s in enumerate(rot) if s in peeped]
    out.put(ones, 1.0)  # one call for every 1: costs less than fancy indexing


_CONTRACT_INDEX = {c: i for i, c in enumerate(CALLS)}


@functools.cache
def _places(n: int, seat: int) -> tuple[tuple[int, ...], ...]:
    """Where each seat's places start in observer ``seat``'s vector, by the seat's absolute index (the vector holds
    them by relative seat), made once: the trick in progress, the calls, the declarer, the dealer, the seat to act."""
    rel = [(s - seat) % n for s in range(n)]
    declarer = 161 + 62 * n
    dealer = declarer + n + 20
    return (
        tuple(161 + 52 * r for r in rel),
        tuple(161 + 52 * n + 10 * r for r in rel),
        tuple(declarer + r for r in rel),
        tuple(dealer + r for r in rel),
        tuple(dealer + n + r for r in rel),
    )


def own_seen(deal: NapDeal, seat: int) -> int:
    """The cards the observer was dealt: he sees them as they are dealt."""
    return deal.dealt[seat]


def info_vector(deal: NapDeal, seat: int, passed: Collection[int] = ()) -> list[float]:
    """The information-state vector (:func:`info_layout`): the observation, the observer's own dealt cards, and
    every trick in order by relative seat, so that no two information sets share it."""
    out = observation(deal, seat) + bits(deal.dealt[seat])
    return out + trick_cells(deal.view(seat).tricks, seat, deal.n, TRICKS)


# -- strings ------------------------------------------------------------------------------------------


def info_state(deal: NapDeal, seat: int, passed: Collection[int] = ()) -> str:
    """The information-state string of ``seat``: the table, its own cards, and the actions as it saw them."""
    view = deal.view(seat)
    head = (
        f"nap {deal.rules.name} {sorted(deal.rules.options().items())} seats={deal.n} me={deal.seats[seat]} "
        f"dealer={deal.seats[deal.dealer]} kitty={deal.ledger.start} x{deal.multiplier}"
    )
    widow = card_str(view.widow) if view.widow is not None else "-"
    seen = f"dealt=[{format_cards(deal.dealt[seat])}] hand=[{format_cards(view.hand)}] widow={widow}"
    return " | ".join([head, seen, " ".join(public(deal, a, seat) for a in deal.log)])


def summary(deal: NapDeal, seat: int, passed: Collection[int] = ()) -> str:
    """A short observation string: the seat's hand, the widow it saw, the calls, the contract, the trick."""
    v = deal.view(seat)
    calls = " ".join(f"{deal.seats[s]}:{c}" for s, c in v.calls) or "-"
    contract = "-" if v.declarer is None else f"{deal.seats[v.declarer]}:{v.contract}"
    trump = "-" if v.trump is None else "SHDC"[v.trump]
    to_act = "-" if v.to_act is None else deal.seats[v.to_act]
    widow = "-" if v.widow is None else card_str(v.widow)
    return (
        f"{deal.seats[seat]} hand=[{format_cards(v.hand)}] widow={widow} phase={v.phase.name.lower()} "
        f"calls=[{calls}] contract={contract} trump={trump} trick=[{trick_text(deal.seats, v.tricks)}] "
        f"won={deal.won} lost={deal.lost} kitty={v.kitty} to_act={to_act}"
    )
