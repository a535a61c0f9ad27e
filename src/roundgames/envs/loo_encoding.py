"""Three-card Loo's encoding for the research adapters: action ids, observation and information-state vectors and
strings (:mod:`.encoding` documents them; :mod:`.games` chooses this module for a Loo deal).

The action ids are the verb table's (:data:`roundgames.loo.actions.VERBS`, ``ids``): ``0..51`` play the card of
that int, ``52`` stand, ``53`` throw up, ``54`` take the miss, ``55`` defend.
"""

from __future__ import annotations

from ..core.cards import card_str, format_cards
from ..core.errors import RulesError
from ..loo.actions import VERBS, Decl, Kind, LooAction, Phase
from ..loo.deal import LooDeal
from ..loo.rules import LooRules
from ._common import bits, first_id, id_count, num_actions, one_hot, played, rel, trick_cells, trick_text

__all__ = [
    "DECLARATION_IDS",
    "NUM_ACTIONS",
    "PLAY",
    "TRICKS",
    "action",
    "action_id",
    "action_name",
    "check",
    "info_layout",
    "info_state",
    "info_vector",
    "layout",
    "observation",
    "own_seen",
    "public",
    "summary",
]

#: the size of the action space: 56
NUM_ACTIONS = num_actions(VERBS)
#: the id of playing card 0 (card ``c`` is ``PLAY + c``)
PLAY = first_id(VERBS, "play")
_PLAY_END = PLAY + id_count(VERBS, "play")
#: the id of each declaration
DECLARATION_IDS = {word: first_id(VERBS, word) for word in ("stand", "throw", "miss", "defend")}
_DECLARATION_OF = {i: word for word, i in DECLARATION_IDS.items()}
#: the tricks of a deal (LOO-PLAY-9): the information state holds each
TRICKS = 3


def check(rules: LooRules) -> None:
    """Refuse Five-card and Irish Loo: these encodings know no stock, exchange or flush (LOO5-2, LOO5-6)."""
    if rules.form != "three_card":
        raise RulesError(
            f"option form: the Loo environments play Three-card Loo only, not {rules.form!r} "
            f"(preset {rules.name!r}); play it through roundgames.loo.LooDeal"
        )


# -- actions ------------------------------------------------------------------------------------------


def action_id(deal: LooDeal | None, action: LooAction) -> int:
    """The integer of a Loo action (``deal`` is not needed: no Loo action's integer depends on the hand)."""
    if action.verb == "play":
        assert action.card is not None
        return PLAY + action.card
    return DECLARATION_IDS[action.verb]


def action(deal: LooDeal, action_id: int) -> LooAction:
    """The Loo action of ``action_id`` for the seat to act."""
    seat = deal.to_act if deal.to_act is not None else 0
    if PLAY <= action_id < _PLAY_END:
        return LooAction(seat, "play", action_id - PLAY)
    return LooAction(seat, _DECLARATION_OF[action_id])


def action_name(action_id: int) -> str:
    """An action's name without the state it was taken in."""
    if PLAY <= action_id < _PLAY_END:
        return f"play {card_str(action_id - PLAY)}"
    return _DECLARATION_OF.get(action_id, f"action {action_id}")


def public(deal: LooDeal, action: LooAction, seat: int) -> str:
    """An action as ``seat`` saw it: every Loo action is public."""
    return deal.action_str(action)


# -- vectors ------------------------------------------------------------------------------------------


def layout(n: int) -> list[tuple[str, int]]:
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


def info_layout(n: int) -> list[tuple[str, int]]:
    """The fields of the information-state vector: the observation's, then what tells every history apart."""
    return [
        *layout(n),
        ("dealt: the cards the observer was dealt, once he has seen them (52)", 52),
        ("tricks: every finished trick in order, by relative seat (3 x n x 52)", TRICKS * n * 52),
    ]


def observation(deal: LooDeal, seat: int) -> list[float]:
    """The observation vector of ``seat`` (:func:`layout`)."""
    n = deal.n
    view = deal.view(seat)
    cards, trick = played(view.tricks, seat, n)
    won = [0] * n
    for t in view.tricks:
        if t.winner is not None:
            won[(t.winner - seat) % n] += 1
    up = view.turnup if view.turnup >= 0 else None  # none before the deal
    out = bits(view.hand) + one_hot(52, up) + one_hot(4, None if up is None else up // 13) + bits(cards)
    for r in range(n):
        out += bits(trick[r])
    for r in range(n):
        out += one_hot(5, int(view.decls[(seat + r) % n]))
    for r in range(n):
        out += one_hot(4, won[r])
    out += one_hot(n, rel(deal.dealer, seat, n)) + one_hot(n, rel(view.to_act, seat, n))
    out += one_hot(4, int(view.phase)) + one_hot(3, list(Kind).index(deal.kind))
    out += [float(view.miss_holder is not None), float(view.miss_holder == seat)]
    out += [view.pool / max(1, deal.rules.stakes.loo)]
    out += one_hot(4, sum(1 for t in view.tricks if t.winner is not None))
    return out


def own_seen(deal: LooDeal, seat: int) -> int:
    """The cards the observer was dealt, once he has seen them (LOO-DECL-1; a single is face up)."""
    if deal.kind is Kind.SINGLE:
        return deal.dealt[seat]
    looked = deal.phase is not Phase.DECLARE or deal.decls[seat] is not Decl.NONE or deal.to_act == seat
    return deal.dealt[seat] if looked else 0


def info_vector(deal: LooDeal, seat: int) -> list[float]:
    """The information-state vector (:func:`info_layout`): the observation, the observer's own dealt cards once
    seen, and every trick in order by relative seat, so that no two information sets share it."""
    out = observation(deal, seat) + bits(own_seen(deal, seat))
    return out + trick_cells(deal.view(seat).tricks, seat, deal.n, TRICKS)


# -- strings ------------------------------------------------------------------------------------------


def info_state(deal: LooDeal, seat: int) -> str:
    """The information-state string of ``seat``: the table, what it has seen, and every public action."""
    view = deal.view(seat)
    head = (
        f"loo {deal.rules.name} {sorted(deal.rules.options().items())} seats={deal.n} me={deal.seats[seat]} "
        f"dealer={deal.seats[deal.dealer]} pool={deal.ledger.start} kind={deal.kind.value} "
        f"turnup={card_str(deal.turnup)}"
    )
    seen = f"dealt=[{format_cards(own_seen(deal, seat))}] hand=[{format_cards(view.hand)}]"
    if deal.kind is Kind.SINGLE:
        seen += " faces=" + ",".join(f"{deal.seats[s]}:{format_cards(m)}" for s, m in sorted(view.seen_hands.items()))
    return " | ".join([head, seen, " ".join(deal.action_str(a) for a in deal.log)])


def summary(deal: LooDeal, seat: int) -> str:
    """A short observation string: the seat's hand, the turn-up, the pool, the declarations, the trick."""
    v = deal.view(seat)
    won = [0] * deal.n
    for t in v.tricks:
        if t.winner is not None:
            won[t.winner] += 1
    decls = " ".join(f"{deal.seats[s]}:{v.decls[s].name.lower()}" for s in deal.order)
    to_act = "-" if v.to_act is None else deal.seats[v.to_act]
    return (
        f"{deal.seats[seat]} hand=[{format_cards(v.hand)}] turnup={card_str(v.turnup)} pool={v.pool} "
        f"phase={v.phase.name.lower()} {decls} trick=[{trick_text(deal.seats, v.tricks)}] "
        f"won={','.join(map(str, won))} to_act={to_act}"
    )
