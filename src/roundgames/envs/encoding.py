"""Fixed integer actions, observation vectors and information-state strings for both games.

This is the one encoding the research adapters share (PettingZoo and OpenSpiel): they
convert these plain lists to arrays and add nothing of the rules. Everything a seat is
given is built from :meth:`LooDeal.view` / :meth:`NapDeal.view` and public facts, so two
states that differ only in cards a seat cannot see encode identically for that seat.

Loo actions (56): ``0..51`` play the card of that int (``cards`` module), ``52`` stand,
``53`` throw up, ``54`` take the miss, ``55`` defend (the dealer plays the miss for the pool).

Nap actions (359): ``0..51`` play; ``52`` pass; ``53..60`` call ``1 2 misery 3 4 nap
wellington blucher``; ``61`` peep; ``62`` raise; ``63..94`` buy, discarding the cards at the
positions set in ``id - 63`` of the hand sorted by card int (``63`` declines); ``95..346``
take the spare hand keeping the ``id - 95``-th five of the ten cards (hand and spare sorted by
card int, in :func:`itertools.combinations` order); ``347..352`` take the widow and discard the
card at position ``id - 347`` of the hand sorted by card int, ``352`` discarding the widow itself;
``353..358`` the same for the top card of the stock. Positions, not cards, so that the legal
actions never name the card being taken before its taker has seen it.

Observation vectors are documented field by field in :func:`loo_layout` and :func:`nap_layout`;
seats are relative to the observer (0 is the observer, 1 the seat on his left, ...).
"""

from __future__ import annotations

from itertools import combinations

from ..core.cards import card_str, cards_in, format_cards
from ..core.errors import RulesError
from ..core.tricks import Trick
from ..loo.deal import Decl, Kind, LooAction, LooDeal, Phase
from ..loo.rules import LooRules
from ..nap import NapDeal
from ..nap.deal import CALLS, NapAction

__all__ = [
    "LOO_ACTIONS",
    "NAP_ACTIONS",
    "loo_action",
    "loo_action_id",
    "loo_info_state",
    "loo_info_vector",
    "loo_layout",
    "loo_observation",
    "nap_action",
    "nap_action_id",
    "nap_info_state",
    "nap_info_vector",
    "nap_layout",
    "nap_observation",
    "three_card_only",
]

LOO_ACTIONS = 56
_LOO_DECL_IDS = {"stand": 52, "throw": 53, "miss": 54, "defend": 55}
_LOO_DECL_OF = {v: k for k, v in _LOO_DECL_IDS.items()}

NAP_PASS, NAP_CALL, NAP_PEEP, NAP_RAISE, NAP_BUY, NAP_SPARE, NAP_WIDOW, NAP_TOPCARD = 52, 53, 61, 62, 63, 95, 347, 353
NAP_ACTIONS = 359
_SPARE_KEEPS = list(combinations(range(10), 5))
_SPARE_INDEX: dict[tuple[int, ...], int] = {k: i for i, k in enumerate(_SPARE_KEEPS)}


# -- Loo --------------------------------------------------------------------------------------


def three_card_only(rules: LooRules) -> None:
    """Refuse Five-card and Irish Loo: these encodings know no stock, exchange or flush (LOO5-2, LOO5-6)."""
    if rules.form != "three_card":
        raise RulesError(
            f"option form: the Loo environments play Three-card Loo only, not {rules.form!r} "
            f"(preset {rules.name!r}); play it through roundgames.loo.LooDeal"
        )


def loo_action_id(action: LooAction) -> int:
    """The integer of a Loo action."""
    if action.verb == "play":
        assert action.card is not None
        return action.card
    return _LOO_DECL_IDS[action.verb]


def loo_action(deal: LooDeal, action_id: int) -> LooAction:
    """The Loo action of ``action_id`` for the seat to act."""
    seat = deal.to_act if deal.to_act is not None else 0
    if 0 <= action_id < 52:
        return LooAction(seat, "play", action_id)
    return LooAction(seat, _LOO_DECL_OF[action_id])


def loo_layout(n: int) -> list[tuple[str, int]]:
    """The fields of a Loo observation vector for ``n`` seats, in order, with their sizes."""
    return [
        ("hand: the cards the observer holds now (52, by card int)", 52),
        ("turnup: the turned-up card (52, one-hot)", 52),
        ("trump: the trump suit (4: S H D C)", 4),
        ("played: every card played to a trick so far (52)", 52),
        ("trick: the cards of the trick in progress, by relative seat (n x 52)", 52 * n),
        ("declared: each relative seat's declaration, one-hot none/stand/throw/miss/defend (n x 5)", 5 * n),
        ("won: tricks each relative seat has won, one-hot 0..3 (n x 4)", 4 * n),
        ("dealer: the dealer's relative seat (n, one-hot)", n),
        ("to_act: the relative seat to act (n, one-hot; none when the deal is over)", n),
        ("phase: deal/declare/play/complete (4, one-hot)", 4),
        ("kind: regular/single/ew_single (3, one-hot)", 3),
        ("miss: taken by anyone, taken by the observer (2)", 2),
        ("pool: counters on the table, in loos (1)", 1),
        ("trick_number: tricks completed, one-hot 0..3 (4)", 4),
    ]


def _rel(seat: int | None, me: int, n: int) -> int | None:
    return None if seat is None else (seat - me) % n


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


_BYTE_BITS = [[float(b >> i & 1) for i in range(8)] for b in range(256)]


def _bits(mask: int) -> list[float]:
    """The 52 bits of a card mask as floats, card int order (a byte at a time: the hot path of both adapters)."""
    out: list[float] = []
    for shift in range(0, 56, 8):
        out += _BYTE_BITS[mask >> shift & 255]
    return out[:52]


def _played(tricks: tuple[Trick, ...], seat: int, n: int) -> tuple[int, list[int]]:
    """Every card played so far, and the trick in progress by relative seat, as masks."""
    played = 0
    trick = [0] * n
    for t in tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            played |= 1 << c
            if t.winner is None:
                trick[(s - seat) % n] |= 1 << c
    return played, trick


def loo_observation(deal: LooDeal, seat: int) -> list[float]:
    """The observation vector of ``seat`` (:func:`loo_layout`)."""
    n = deal.n
    view = deal.view(seat)
    played, trick = _played(view.tricks, seat, n)
    won = [0] * n
    for t in view.tricks:
        if t.winner is not None:
            won[(t.winner - seat) % n] += 1
    up = view.turnup if view.turnup >= 0 else None  # none before the deal
    out = _bits(view.hand) + _one_hot(52, up) + _one_hot(4, None if up is None else up // 13) + _bits(played)
    for r in range(n):
        out += _bits(trick[r])
    for r in range(n):
        out += _one_hot(5, int(view.decls[(seat + r) % n]))
    for r in range(n):
        out += _one_hot(4, won[r])
    out += _one_hot(n, _rel(deal.dealer, seat, n)) + _one_hot(n, _rel(view.to_act, seat, n))
    out += _one_hot(4, int(view.phase)) + _one_hot(3, list(Kind).index(deal.kind))
    out += [float(view.miss_holder is not None), float(view.miss_holder == seat)]
    out += [view.pool / max(1, deal.rules.stakes.loo)]
    out += _one_hot(4, sum(1 for t in view.tricks if t.winner is not None))
    return out


def _loo_own(deal: LooDeal, seat: int) -> int:
    """The cards the observer was dealt, once he has seen them (LOO-DECL-1; a single is face up)."""
    if deal.kind is Kind.SINGLE:
        return deal.dealt[seat]
    looked = deal.phase is not Phase.DECLARE or deal.decls[seat] is not Decl.NONE or deal.to_act == seat
    return deal.dealt[seat] if looked else 0


def loo_info_vector(deal: LooDeal, seat: int) -> list[float]:
    """The information-state vector: the observation, the observer's own dealt cards once seen, and
    every trick in order by relative seat (3 x n x 52), so that no two information sets share it."""
    n = deal.n
    out = loo_observation(deal, seat) + _bits(_loo_own(deal, seat))
    tricks = [t for t in deal.view(seat).tricks if t.winner is not None]
    for i in range(3):
        cells = [0] * n
        if i < len(tricks):
            for s, c in zip(tricks[i].seats, tricks[i].cards, strict=True):
                cells[(s - seat) % n] |= 1 << c
        for r in range(n):
            out += _bits(cells[r])
    return out


def loo_info_state(deal: LooDeal, seat: int) -> str:
    """The information-state string of ``seat``: the table, what it has seen, and every public action."""
    view = deal.view(seat)
    head = (
        f"loo {deal.rules.name} {sorted(deal.rules.options().items())} seats={deal.n} me={deal.seats[seat]} "
        f"dealer={deal.seats[deal.dealer]} pool={deal.ledger.start} kind={deal.kind.value} "
        f"turnup={card_str(deal.turnup)}"
    )
    seen = f"dealt=[{format_cards(_loo_own(deal, seat))}] hand=[{format_cards(view.hand)}]"
    if deal.kind is Kind.SINGLE:
        seen += " faces=" + ",".join(f"{deal.seats[s]}:{format_cards(m)}" for s, m in sorted(view.seen_hands.items()))
    return " | ".join([head, seen, " ".join(deal.action_str(a) for a in deal.log)])


# -- Nap --------------------------------------------------------------------------------------


def nap_action_id(deal: NapDeal, action: NapAction) -> int:
    """The integer of a Nap action, taken in ``deal`` before it is applied."""
    v = action.verb
    if v == "play":
        return action.cards[0]
    if v == "pass":
        return NAP_PASS
    if v == "call":
        assert action.call is not None
        return NAP_CALL + CALLS.index(action.call)
    if v == "peep":
        return NAP_PEEP
    if v == "raise":
        return NAP_RAISE
    if v == "buy":
        order = sorted(cards_in(deal.hands[action.seat]))
        return NAP_BUY + sum(1 << order.index(c) for c in action.cards)
    if v == "spare":
        order = sorted(cards_in(deal.hands[action.seat] | deal.spare))
        return NAP_SPARE + _SPARE_INDEX[tuple(sorted(order.index(c) for c in action.cards))]
    if v in ("widow", "topcard"):
        order = sorted(cards_in(deal.hands[action.seat]))
        discard = action.cards[0]
        position = order.index(discard) if discard in order else 5  # 5: the card taken goes out again
        return (NAP_WIDOW if v == "widow" else NAP_TOPCARD) + position
    raise ValueError(f"no integer for Nap action {action}")


def nap_action(deal: NapDeal, action_id: int) -> NapAction:
    """The Nap action of ``action_id`` for the seat to act."""
    s = deal.to_act if deal.to_act is not None else 0
    if 0 <= action_id < 52:
        return NapAction(s, "play", None, (action_id,))
    if action_id == NAP_PASS:
        return NapAction(s, "pass")
    if NAP_CALL <= action_id < NAP_PEEP:
        return NapAction(s, "call", CALLS[action_id - NAP_CALL])
    if action_id == NAP_PEEP:
        return NapAction(s, "peep")
    if action_id == NAP_RAISE:
        return NapAction(s, "raise")
    if NAP_BUY <= action_id < NAP_SPARE:
        order = sorted(cards_in(deal.hands[s]))
        picks = action_id - NAP_BUY
        return NapAction(s, "buy", None, tuple(c for i, c in enumerate(order) if picks >> i & 1))
    if NAP_SPARE <= action_id < NAP_WIDOW:
        order = sorted(cards_in(deal.hands[s] | deal.spare))
        keep = _SPARE_KEEPS[action_id - NAP_SPARE]
        return NapAction(s, "spare", None, tuple(order[i] for i in keep if i < len(order)))
    if NAP_WIDOW <= action_id < NAP_ACTIONS:
        verb = "widow" if action_id < NAP_TOPCARD else "topcard"
        position = action_id - (NAP_WIDOW if verb == "widow" else NAP_TOPCARD)
        order = sorted(cards_in(deal.hands[s]))
        if position < len(order):
            return NapAction(s, verb, None, (order[position],))
        taken = deal.widow if verb == "widow" else (deal.stock[0] if deal.stock else None)
        # With nothing to take the action names no card, and the engine refuses it as illegal.
        return NapAction(s, verb, None, () if taken is None else (taken,))
    raise ValueError(f"no Nap action has the integer {action_id}")


def nap_layout(n: int) -> list[tuple[str, int]]:
    """The fields of a Nap observation vector for ``n`` seats, in order, with their sizes."""
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


def nap_observation(deal: NapDeal, seat: int) -> list[float]:
    """The observation vector of ``seat`` (:func:`nap_layout`)."""
    n = deal.n
    view = deal.view(seat)
    played, trick = _played(view.tricks, seat, n)
    out = _bits(view.hand) + _one_hot(52, view.widow) + _one_hot(5, 4 if view.trump is None else view.trump)
    out += _bits(played)
    for r in range(n):
        out += _bits(trick[r])
    last_call: dict[int, str] = dict(view.calls)  # a later entry (a challenge's reply) overrides
    for r in range(n):
        said = last_call.get((seat + r) % n)
        out += _one_hot(10, None if said is None else (1 if said == "pass" else 2 + CALLS.index(said)))
    out += _one_hot(n, _rel(view.declarer, seat, n))
    out += _one_hot(8, None if view.contract is None else CALLS.index(view.contract))
    out += _one_hot(6, min(deal.won, 5)) + _one_hot(6, min(deal.lost, 5))
    out += _one_hot(n, _rel(deal.dealer, seat, n)) + _one_hot(n, _rel(view.to_act, seat, n))
    out += _one_hot(5, int(view.phase))
    out += [view.kitty / max(1, deal.rules.stakes.unit), float(view.multiplier)]
    for r in range(n):
        bought = deal.bought.get((seat + r) % n)
        out += _one_hot(6, None if bought is None else len(bought))
    out += [float((seat + r) % n in deal.peeped) for r in range(n)]
    return out


def nap_info_vector(deal: NapDeal, seat: int) -> list[float]:
    """The information-state vector: the observation, the observer's own dealt cards, and every trick
    in order by relative seat (5 x n x 52), so that no two information sets share it."""
    n = deal.n
    view = deal.view(seat)
    out = nap_observation(deal, seat) + _bits(deal.dealt[seat])
    tricks = [t for t in view.tricks if t.winner is not None]
    for i in range(5):
        cells = [0] * n
        if i < len(tricks):
            for s, c in zip(tricks[i].seats, tricks[i].cards, strict=True):
                cells[(s - seat) % n] |= 1 << c
        for r in range(n):
            out += _bits(cells[r])
    return out


def _nap_public(deal: NapDeal, action: NapAction, seat: int) -> str:
    """An action as ``seat`` saw it: others' discards and kept cards stay face down."""
    if action.seat == seat or action.verb in ("play", "pass", "call", "peep", "raise"):
        return deal.action_str(action)
    name = deal.seats[action.seat]
    if action.verb == "buy":
        return f"{name} buy x{len(action.cards)}"
    return f"{name} {action.verb}"


def nap_info_state(deal: NapDeal, seat: int) -> str:
    """The information-state string of ``seat``: the table, its own cards, and the actions as it saw them."""
    view = deal.view(seat)
    head = (
        f"nap {deal.rules.name} {sorted(deal.rules.options().items())} seats={deal.n} me={deal.seats[seat]} "
        f"dealer={deal.seats[deal.dealer]} kitty={deal.ledger.start} x{deal.multiplier}"
    )
    widow = card_str(view.widow) if view.widow is not None else "-"
    seen = f"dealt=[{format_cards(deal.dealt[seat])}] hand=[{format_cards(view.hand)}] widow={widow}"
    return " | ".join([head, seen, " ".join(_nap_public(deal, a, seat) for a in deal.log)])
