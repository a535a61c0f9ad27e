"""What each viewer of a web table may see: the state (docs/web.md, "State (per viewer)") and the legal actions.

Everything a connection receives is built here from the engine's own per-seat view (:meth:`Deal.view
<roundgames.games.protocol.Deal.view>`, one shape for every game), never from the deal's full state: the miss,
the stock, the widow, the spare hand and thrown-up hands never reach a browser, and other hands go out as
counts. The one exception is a deal whose hands lie face up (Peel's single, LOO-SGL-1), which the engine's view
itself shows to everyone.

The state is built from plain values (:class:`TableFacts`), which the room gathers once for each change; where
the games differ, it renders what the game's observer (:mod:`roundgames.games.observe`) makes of the view and
reads the game's verb table, never asking which game it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.cards import card_str, cards_in
from ..core.errors import IllegalActionError, RoundgamesError
from ..games.observe import Pot, observer_of
from ..games.protocol import Deal, Stage, View
from ..session.table import Table
from .words import TableDeal, action_text, card_list, card_title, result_sentence

__all__ = [
    "SeatFacts",
    "TableFacts",
    "best_five",
    "illegal_reasons",
    "legal_entries",
    "seen_mask",
    "spare_ten",
    "state_for",
]

SUIT_LETTERS = "SHDC"
#: the label of the one choice a person who took the spare hand has left (docs/web.md, ``keep``)
KEEP = {"action": "keep", "label": "Keep these five", "choose": [5, 5]}
#: why a card is offered twice: the ace of trumps led, plainly or "Pam be civil" (docs/web.md, ``legal``)
CIVIL_NOTE = (
    'Leading the ace of trumps you may say "Pam be civil": then whoever holds Pam may not play it to this trick '
    "(LOO5-4)."
)


@dataclass(frozen=True)
class SeatFacts:
    """A seat as everyone sees it: who sits there and whether a bot plays it now."""

    name: str
    kind: str
    connected: bool
    #: when a disconnected person's countdown ends (ms since the epoch), or None
    away_until: int | None
    bot_playing: bool
    #: the bot that plays the seat whenever a bot does (a bot's seat, or a person's while he is away)
    bot: str = "sensible"
    #: when the time of the person's turn runs out (ms since the epoch), at a table with a turn clock, or None
    turn_until: int | None = None
    #: the person's turns running whose time ran out
    timeouts: int = 0


@dataclass(frozen=True)
class TableFacts:
    """Everything the state is made of, as plain values: the table in play and what the room knows of it."""

    table: Table
    #: ``state.table`` of docs/web.md
    summary: dict[str, Any]
    names: list[str]
    seats: list[SeatFacts]
    scores: dict[str, Any]
    deal_number: int
    #: when the next deal starts (ms since the epoch), or None
    next_deal_at: int | None
    #: the seats that may undo now
    may_undo: frozenset[int]
    #: ``gathering``, ``host`` and ``sitting`` of the state (:meth:`~roundgames.web.gathering.Gathering.lifecycle`)
    lifecycle: dict[str, Any] = field(default_factory=dict)
    #: the claim of the remaining tricks made in the deal (``state.claim``), or None
    claim: dict[str, Any] | None = None
    #: the seat that may claim the remaining tricks now (told to that seat alone: ``state.can_claim``), or None
    claimable: int | None = None


def legal_entries(deal: TableDeal, view: View[Any], keeping: bool) -> list[dict[str, Any]]:
    """The viewer's legal actions as the client offers them; each ``action`` may be sent back as it is.

    Each entry's label is the verb table's; a verb whose action names cards to put out (Nap's purchase) is one
    entry choosing how many; a verb whose forms would name cards the seat has not seen is offered by its verb alone
    (the spare hand, whose five are kept next)."""
    if keeping:
        return [dict(KEEP)]
    verbs = deal.game.verbs
    out: list[dict[str, Any]] = []
    counts: dict[str, list[int]] = {}  # a verb choosing cards: how few and how many it may name
    for a in view.legal:
        words = action_text(deal, a).split()
        verb = verbs[a.verb]
        if a.verb == "play":
            card = words[1]
            # The card in words, as its button says it (the code stays in ``action`` and ``card``, for typing).
            entry = {"action": " ".join(words), "label": card_title(card), "card": card}
            if words[2:]:  # the card with the game's words: the ace of trumps led with "Pam be civil" (LOO5-4)
                entry |= {"label": f'{card_title(card)}, saying "Pam be civil"', "words": " ".join(words[2:])}
                entry["note"] = CIVIL_NOTE
            out.append(entry)
        elif verb.args == "cards":
            counts.setdefault(a.verb, []).append(len(words) - 1)
        elif verb.args == "call":
            out.append({"action": " ".join(words), "label": f"{verb.label} {deal.game.value_title(words[1])}"})
        else:
            out.append({"action": a.verb, "label": verb.label})
    for word, n in counts.items():
        out.append({"action": word, "label": verbs[word].label, "choose": [min(n), max(n)]})
    for word in view.may_take:
        # The spare hand is taken first and its five kept after (``keep``). The widow and the top card, a card
        # taken and one discarded before the lead, have no entry: the client's choosing would take over the cards.
        if verbs[word].args == "cards":
            out.append({"action": word, "label": verbs[word].label})
    for entry in out:
        # The key that presses a phase button (UX 14), the verb table's one-character key, as at the terminal.
        key = next((k for k in verbs.keys_of(entry["action"]) if len(k) == 1), None)
        if key is not None and "card" not in entry:
            entry["key"] = key
    return out


def illegal_reasons(deal: TableDeal, seat: int, hand: int) -> dict[str, str]:
    """Why each card of the hand may not be played now, with the rule: for the viewer's turn in the play.

    The reason is what the rule demands (``must follow suit in hearts (LOO-PLAY-4)``); the client says which card
    it is about. The rules alone decide, as in strict mode: at a table in table mode the card may still be played,
    after the warning."""
    out: dict[str, str] = {}
    name = deal.seats[seat]
    for c in cards_in(hand):
        try:
            deal.verify_proper(deal.parse_action(f"{name} play {card_str(c)}"))
        except IllegalActionError as e:
            out[card_str(c)] = f"{e.reason.split(': ', 1)[-1]} ({e.rule})"
        except RoundgamesError:
            continue
    return out


def _trick_state(view: View[Any]) -> dict[str, Any]:
    tricks = view.tricks
    current = tricks[-1] if tricks and tricks[-1].winner is None else None
    finished = [t for t in tricks if t.winner is not None]
    last = finished[-1] if finished else None
    return {
        "trick": [{"seat": s, "card": card_str(c)} for s, c in zip(current.seats, current.cards, strict=True)]
        if current
        else [],
        "leader": current.leader if current else None,
        "last_trick": {
            "cards": [{"seat": s, "card": card_str(c)} for s, c in zip(last.seats, last.cards, strict=True)],
            "winner": last.winner,
        }
        if last
        else None,
        "tricks_won": [sum(1 for t in finished if t.winner == s) for s in range(view.seat_count)],
    }


def _game_state(deal: TableDeal, view: View[Any]) -> tuple[dict[str, Any], Pot | None]:
    """What differs between the games, each field from the game's observer (null where the deal has none); and
    the pot."""
    complete = deal.is_complete
    # The observer's parts the state shows, each asked alone: a state is built for every viewer at every change.
    observer = observer_of(deal.game)
    pot = observer.pot(deal, view)
    turnup, pam = observer.turnup(deal, view), observer.pam(deal, view)
    kind, alone = observer.kind(deal, view), observer.alone(deal, view)
    pots: dict[str, int | None] = {"pool": None, "kitty": None}  # the pot under the game's word for it
    if pot is not None:
        pots[pot.word] = pot.amount
    result = deal.result()
    out: dict[str, Any] = {
        "phase": "complete" if complete else str(view.phase.name).lower(),
        "kind": kind,
        # the kind of deal in the info panel's words, where it is not the usual kind (LOO-SGL-1): protocol 2
        "kind_text": observer.kind_text(deal, view),
        "pool": pots["pool"],
        # table mode: of the pool on the table, the penalties already paid into the next deal's (LOO-LAW-18)
        "next_pool": pot.next if pot is not None else None,
        "kitty": pots["kitty"],
        "turnup": card_str(turnup) if turnup is not None else None,
        "trump": SUIT_LETTERS[view.trump] if view.trump is not None else None,
        # what the table says of trumps while none is fixed (NAP-PLAY-1, NAP-PLAY-5): protocol 2
        "no_trumps": observer.no_trumps(deal, view),
        "contract": deal.game.value_title(alone.bid) if alone is not None else None,
        "declarer": alone.seat if alone is not None else None,
        "multiplier": observer.stakes(deal, view),
        "looed": sorted(result.looed) if result is not None else [],
    }
    out |= observer.own(deal, view)
    # How many cards the stock still holds for exchanges (LOO5-2): a count, never the cards.
    out["stock"] = observer.stock(deal, view)
    out["pam"] = card_str(pam) if pam is not None else None  # LOO5-3
    if any(s != view.seat for s in view.seen_hands):  # hands face up: a single (LOO-SGL-1), a flush shown (LOO5-6)
        out["faces"] = {str(s): card_list(m) for s, m in view.seen_hands.items()}
    out["notes"] = list(view.notes)
    # Why no seat may throw up this deal, where none may (club law, LOO-VAR-CLUBLAW): said beside the choices.
    law = observer.all_play(deal)
    out["all_play"] = {"text": law.value, "rule": law.rule} if law is not None else None
    return out, pot


def _pot_text(pot: Pot | None) -> str | None:
    """The pot as the info panel shows it (``state.pot``): ``"Pool 12 (3 of it for the next deal)"``, ``"Kitty
    4"``; null where the game keeps none under the table's rules."""
    return pot.text() if pot is not None else None


def _deal_state(
    facts: TableFacts, deal: TableDeal, viewer: int | None, public: View[Any]
) -> tuple[dict[str, Any], Pot | None]:
    # Seat 0's view is used for the public facts when the viewer is a spectator; only its public parts are read.
    tricks = _trick_state(public)
    out: dict[str, Any] = {
        "number": facts.deal_number,
        "dealer": deal.dealer,
        "to_act": None if deal.is_complete else deal.to_act,
        "trick": tricks["trick"],
        "leader": tricks["leader"],
        "last_trick": tricks["last_trick"],
        "complete": deal.is_complete,
        "net": deal.net if deal.is_complete else None,
        "result": result_sentence(deal, facts.names, over=bool(facts.table.is_over)),
        "tricks_won": tricks["tricks_won"],
    }
    game, pot = _game_state(deal, public)
    out |= game
    if viewer is None and deal.n > 1:
        # A spectator reads seat 0's view, whose own hand is private: the faces are those two seats both see. Where
        # seat 0 sees no hand at all (Nap's views show none), there are none, and seat 1's faces are not asked.
        shown = {s: m for s, m in public.seen_hands.items() if m}
        other = deal.seen(1) if shown else {}
        faces = {s: m for s, m in shown.items() if other.get(s) == m}
        if faces:
            out["faces"] = {str(s): card_list(m) for s, m in faces.items()}
        else:
            out.pop("faces", None)
    return out, pot


def _seat_states(facts: TableFacts, deal: TableDeal | None) -> list[dict[str, Any]]:
    table = facts.table
    balances = [table.sitting.balances.get(s, 0) for s in table.seats]
    return [
        {
            "seat": i,
            "name": info.name,
            "kind": info.kind,
            "connected": info.connected,
            "away_until": info.away_until,
            "bot_playing": info.bot_playing,
            "bot": info.bot,
            "turn_until": info.turn_until,
            "timeouts": info.timeouts,
            "cards": int.bit_count(deal.hands[i]) if deal is not None else 0,
            "balance": balances[i],
            "dealer": deal is not None and deal.dealer == i,
        }
        for i, info in enumerate(facts.seats)
    ]


def spare_ten(deal: TableDeal, seat: int) -> int:
    """The cards a seat that took a heap keeps some of (the spare hand's ten: NAP-VAR-SPARE), by the game's
    observer."""
    return observer_of(deal.game).keeping(deal, seat)


def state_for(facts: TableFacts, viewer: int | None) -> dict[str, Any]:
    """The whole state as ``viewer`` (a seat, or None for a spectator) may see it."""
    table = facts.table
    deal: TableDeal | None = table.deal
    seats = _seat_states(facts, deal)
    state: dict[str, Any] = {
        "table": facts.summary,
        "you": viewer,
        "seats": seats,
        "deal": None,
        "hand": [],
        "legal": [],
        "illegal": {},
        "unseen": None,
        "keeping": None,
        "scores": facts.scores,
        "next_deal_at": facts.next_deal_at,
        "undo": viewer in facts.may_undo,
        "pot": _pot_text(observer_of(table.spec).pot(None)),
        **facts.lifecycle,
        "claim": facts.claim,
        # never whether another seat could claim: each seat learns only of its own claim
        "can_claim": viewer is not None and viewer == facts.claimable,
    }
    if deal is None:
        return state
    view = deal.view(viewer if viewer is not None else 0)  # made once: the deal's state and the seat's own
    d, pot = _deal_state(facts, deal, viewer, view)
    state["pot"] = _pot_text(pot)
    for i, seat in enumerate(seats):
        seat["tricks"] = d["tricks_won"][i]
        seat["note"] = d["notes"][i]
    state["deal"] = d
    if viewer is None:
        return state
    state["hand"], state["unseen"] = _own_hand(facts, deal, view)
    keeping = table.keeping == viewer
    if keeping:
        state["keeping"] = {"cards": card_list(spare_ten(deal, viewer)), "keep": 5}
    free = facts.claim is None  # nobody acts while a claim waits on its answers or is played out
    if free and view.to_act == viewer and not deal.is_complete and not facts.seats[viewer].bot_playing:
        state["legal"] = legal_entries(deal, view, keeping)
        if view.stage is Stage.PLAY:
            state["illegal"] = illegal_reasons(deal, viewer, view.hand)
    elif free and view.legal and not deal.is_complete and not facts.seats[viewer].bot_playing:
        # What the seat may do out of its turn (``side_actions``; a flush is shown in its turn, §14.34).
        state["legal"] = legal_entries(deal, view, keeping)
    peeped = observer_of(deal.game).peeped(deal, view)
    if peeped is not None:
        d["widow"] = card_str(peeped)  # the viewer peeped at it (NAP-VAR-PEEP)
    return state


def _own_hand(facts: TableFacts, deal: TableDeal, view: View[Any]) -> tuple[list[str], dict[str, Any] | None]:
    """The viewer's hand (``state.hand``) and what he holds but may not look at yet (``state.unseen``): a count
    and why, with the rule (LOO-DECL-1: he looks at his cards when his turn to declare comes), never the cards.
    At a table created with ``hand_at_once`` he sees them as soon as they are dealt, the table's one departure
    from that law."""
    held = deal.hands[view.seat]
    hidden = held & ~view.hand
    if not hidden:
        return card_list(view.hand), None
    if facts.summary.get("hand_at_once"):
        return card_list(view.hand | held), None
    why = observer_of(deal.game).looks_later
    text, rule = why if why is not None else ("You see these cards later in the deal", "")
    return card_list(view.hand), {"cards": int.bit_count(hidden), "text": text, "rule": rule}


def seen_mask(deal: Deal, view: View[Any]) -> int:
    """The cards a seat's view shows it (a mask): its hand, the widow it peeped at, the cards on the table."""
    return observer_of(deal.game).seen_cards(deal, view)


def best_five(deal: TableDeal, seat: int) -> tuple[int, ...]:
    """The cards a bot keeps of :func:`spare_ten`'s (for a Nap: NAP-VAR-SPARE), by the game's observer."""
    return observer_of(deal.game).kept(deal, seat)
