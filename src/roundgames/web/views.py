"""What each viewer of a web table may see: the state, the legal actions, and the log's words.

Everything a connection receives is built here from the engine's own per-seat view
(:meth:`LooDeal.view` / :meth:`NapDeal.view`), never from the deal's full state: the miss,
the stock, the widow, the spare hand and thrown-up hands never reach a browser, and other
hands go out as counts. The one exception is the Peel single, whose hands lie face up
(LOO-SGL-1), which the engine's view itself shows to everyone.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ..core.cards import card_str, cards_in, sort_key
from ..core.errors import IllegalActionError, RoundgamesError
from ..core.tricks import Trick
from ..games.registry import OPTION_DOCS
from ..loo.deal import Decl, Kind, LooAction, LooDeal, LooView, Phase
from ..loo.rules import LooRules
from ..nap import NapDeal
from ..nap.deal import NapAction, NapPhase, NapView
from ..nap.rules import NapRules

if TYPE_CHECKING:
    from .room import Room

__all__ = ["card_list", "describe", "in_names", "rules_help", "state_for"]

SUIT_LETTERS = "SHDC"
_SEAT_LABEL = re.compile(r"\bP[1-9]\b")
_DECL_NOTES = {Decl.STAND: "stood", Decl.THROW: "threw up", Decl.MISS: "took the miss", Decl.DEFEND: "defends"}
_LOO_VERBS = {"stand": "stands", "throw": "throws up", "miss": "takes the miss", "defend": "defends the pool"}
_LOO_VERBS["replay"] = "demands a replay"  # table mode, under revoke_replay optional (LOO-LAW-0b)
_LOO_LABELS = {"stand": "Stand", "throw": "Throw up", "miss": "Take the miss", "defend": "Defend the pool"}
_LOO_LABELS["replay"] = "Demand a replay"
_CALL_NAMES = {"nap": "Nap", "misery": "Misery", "wellington": "Wellington", "blucher": "Blücher"}


def card_list(mask: int) -> list[str]:
    """A hand's cards as text, in the order the table shows them."""
    return [card_str(c) for c in sorted(cards_in(mask), key=sort_key)]


def _call_name(call: str) -> str:
    return _CALL_NAMES.get(call, call)


def describe(deal: LooDeal | NapDeal, action: LooAction | NapAction, name: str) -> tuple[str, str | None]:
    """The log's words for an action: ``(what everyone reads, what the actor reads or None)``.

    The actor's own words may name cards he discarded or took; nobody else's do.
    """
    if isinstance(action, LooAction):
        if action.verb == "play" and action.card is not None:
            return f"{name} plays {card_str(action.card)}", None
        return f"{name} {_LOO_VERBS.get(action.verb, action.verb)}", None
    v = action.verb
    if v == "play":
        return f"{name} plays {card_str(action.cards[0])}", None
    if v == "pass":
        return f"{name} passes", None
    if v == "call":
        return f"{name} calls {_call_name(action.call or '')}", None
    if v == "raise":
        return f"{name} takes up the challenge", None
    if v == "peep":
        return f"{name} pays a unit to peep at the widow", None
    if v == "buy":
        n = len(action.cards)
        mine = f"You discard {' '.join(card_list(sum(1 << c for c in action.cards)))} and buy {n}" if n else None
        return f"{name} buys {n}" if n else f"{name} buys none", mine
    if v == "spare":
        return f"{name} keeps five of the ten", "You keep " + " ".join(card_list(sum(1 << c for c in action.cards)))
    if v in ("widow", "topcard"):
        what = "the widow" if v == "widow" else "the top card"
        return f"{name} takes {what} and discards a card", f"You take {what} and discard {card_str(action.cards[0])}"
    return f"{name} {v}", None


def trick_text(trick: Trick, names: list[str]) -> str:
    """``Ann wins the trick (Ann AS, Bob 2C, ...)``."""
    assert trick.winner is not None
    cards = ", ".join(f"{names[s]} {card_str(c)}" for s, c in zip(trick.seats, trick.cards, strict=True))
    return f"{names[trick.winner]} wins the trick ({cards})"


def legal_entries(deal: LooDeal | NapDeal, view: LooView | NapView, keeping: bool) -> list[dict[str, Any]]:
    """The viewer's legal actions as the client offers them; each ``action`` may be sent back as it is."""
    if keeping:
        return [{"action": "keep", "label": "Keep these five", "choose": [5, 5]}]
    out: list[dict[str, Any]] = []
    buys: list[int] = []
    for a in view.legal:
        if a.verb == "play":
            card = card_str(a.card if isinstance(a, LooAction) else a.cards[0])  # type: ignore[arg-type]
            out.append({"action": f"play {card}", "label": card, "card": card})
        elif isinstance(a, LooAction):
            out.append({"action": a.verb, "label": _LOO_LABELS.get(a.verb, a.verb)})
        elif a.verb == "call":
            label = f"Call {_call_name(a.call or '')}"
            out.append({"action": f"call {a.call}", "label": label})
        elif a.verb == "buy":
            buys.append(len(a.cards))
        elif a.verb in ("widow", "topcard"):
            continue  # offered once below, choosing the discard
        else:
            labels = {"pass": "Pass", "peep": "Peep (1 unit)", "raise": "Take up the challenge"}
            out.append({"action": a.verb, "label": labels.get(a.verb, a.verb.capitalize())})
    if buys:
        out.append({"action": "buy", "label": "Discard and buy", "choose": [min(buys), max(buys)]})
    if isinstance(view, NapView):
        verbs = {a.verb for a in view.legal}
        for verb in ("widow", "topcard"):
            if verb in verbs:
                what = "the widow" if verb == "widow" else "the top card"
                out.append({"action": verb, "label": f"Take {what}, discard", "choose": [1, 1]})
        if "spare" in view.may_take:
            out.append({"action": "spare", "label": "Take the spare hand (Nap)"})
    return out


def in_names(text: str, deal: LooDeal | NapDeal, names: list[str]) -> str:
    """The engine's message with its seat labels (``P1``..) replaced by the names the people chose."""
    label = {seat: names[i] for i, seat in enumerate(deal.seats)}
    return _SEAT_LABEL.sub(lambda m: label.get(m.group(0), m.group(0)), text)


def illegal_reasons(deal: LooDeal | NapDeal, seat: int, hand: int) -> dict[str, str]:
    """Why each card of the hand may not be played now, with the rule: for the viewer's turn in the play.

    The reason is what the rule demands (``must follow suit in hearts (LOO-PLAY-4)``); the client
    says which card it is about."""
    out: dict[str, str] = {}
    for c in cards_in(hand):
        try:
            deal.verify_play(seat, c)
        except IllegalActionError as e:
            out[card_str(c)] = f"{e.reason.split(': ', 1)[-1]} ({e.rule})"
        except RoundgamesError:
            continue
    return out


def rules_help(rules: LooRules | NapRules) -> list[str]:
    """The rules in force at a table, a line each: the preset, the stakes, then every option and what it means;
    options changed from the preset are marked as house rules."""
    if isinstance(rules, LooRules):
        st = rules.stakes
        lines = [f"Loo, preset {rules.name}", f"Stakes: the deal {st.deal}, a loo {st.loo}, a single {st.single}"]
        if rules.ante == "all":
            lines[-1] += f", the ante {st.ante}"
        game = "loo"
    else:
        lines = [f"Nap, preset {rules.name}", f"Stakes: {rules.stakes.unit} a trick"]
        game = "nap"
    changed = rules.options()
    for key, doc in OPTION_DOCS[game].items():
        value = json.dumps(getattr(rules, key))
        mark = " (house rule)" if key in changed else ""
        lines.append(f"{key} = {value}{mark}: {doc}")
    return lines


def _deal_state(room: Room, deal: LooDeal | NapDeal, viewer: int | None) -> dict[str, Any]:
    # Seat 0's view is used for the public facts when the viewer is a spectator; only its public parts are read.
    public = deal.view(viewer if viewer is not None else 0)
    tricks = list(public.tricks)
    current = tricks[-1] if tricks and tricks[-1].winner is None else None
    finished = [t for t in tricks if t.winner is not None]
    last = finished[-1] if finished else None
    out: dict[str, Any] = {
        "number": room.deal_number,
        "dealer": deal.dealer,
        "to_act": None if deal.is_complete else deal.to_act,
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
        "complete": deal.is_complete,
        "net": deal.net if deal.is_complete else None,
        "result": room.result_text(deal) if deal.is_complete else None,
        "tricks_won": [sum(1 for t in finished if t.winner == s) for s in range(deal.n)],
    }
    if isinstance(deal, LooDeal) and isinstance(public, LooView):
        out |= {
            "phase": {Phase.DECLARE: "declare", Phase.PLAY: "play", Phase.COMPLETE: "complete"}.get(
                public.phase, "deal"
            ),
            "kind": deal.kind.value,
            "pool": public.pool,
            # table mode: of the pool on the table, the penalties already paid into the next deal's (LOO-LAW-18)
            "next_pool": 0 if deal.is_complete else deal.ledger.next_pool,
            "kitty": None,
            "turnup": card_str(public.turnup),
            "trump": SUIT_LETTERS[public.turnup // 13],
            "contract": None,
            "declarer": None,
            "multiplier": 1,
            "looed": sorted(deal.looed) if deal.is_complete else [],
            "miss_holder": public.miss_holder,
        }
        if deal.kind is Kind.SINGLE:
            out["faces"] = {str(s): card_list(m) for s, m in public.seen_hands.items()}
        out["notes"] = [_DECL_NOTES.get(d, "") for d in public.decls]
    elif isinstance(public, NapView):
        phases = {NapPhase.PURCHASE: "purchase", NapPhase.CALL: "call", NapPhase.PLAY: "play"}
        calls: dict[int, str] = {}
        for s, call in public.calls:
            calls[s] = "passed" if call == "pass" else f"called {_call_name(call)}"
        out |= {
            "phase": "complete" if deal.is_complete else phases.get(public.phase, "deal"),
            "kind": None,
            "pool": None,
            "next_pool": None,
            "kitty": public.kitty if public.rules.has_kitty else None,
            "turnup": None,
            "trump": SUIT_LETTERS[public.trump] if public.trump is not None else None,
            "contract": _call_name(public.contract) if public.contract else None,
            "declarer": public.declarer,
            "multiplier": public.multiplier,
            "looed": [],
            "notes": [calls.get(s, "") for s in range(deal.n)],
            "bought": {str(s): n for s, n in public.bought.items()},
        }
    return out


def state_for(room: Room, viewer: int | None) -> dict[str, Any]:
    """The whole state as ``viewer`` (a seat, or None for a spectator) may see it."""
    table = room.table
    deal = table.deal
    names = room.display_names()
    balances = [table.sitting.balances.get(s, 0) for s in table.seats]
    seats = []
    for i, info in enumerate(room.seats):
        seats.append(
            {
                "seat": i,
                "name": names[i],
                "kind": info.kind,
                "connected": info.conns > 0,
                "away_until": int(info.away_until * 1000) if info.kind != "bot" and info.conns == 0 else None,
                "bot_playing": room.bot_controls(i),
                "cards": int.bit_count(deal.hands[i]) if deal is not None else 0,
                "balance": balances[i],
                "dealer": deal is not None and deal.dealer == i,
            }
        )
    state: dict[str, Any] = {
        "table": room.table_summary(),
        "you": viewer,
        "seats": seats,
        "deal": None,
        "hand": [],
        "legal": [],
        "illegal": {},
        "keeping": None,
        "scores": room.scores(),
        "next_deal_at": int(room.next_deal_at * 1000) if room.next_deal_at else None,
        "undo": viewer is not None and room.can_undo(viewer),
    }
    if deal is None:
        return state
    d = _deal_state(room, deal, viewer)
    for i, seat in enumerate(seats):
        seat["tricks"] = d["tricks_won"][i]
        seat["note"] = d["notes"][i]
    state["deal"] = d
    if viewer is None:
        return state
    view = deal.view(viewer)
    state["hand"] = card_list(view.hand)
    keeping = table.keeping == viewer and isinstance(deal, NapDeal)
    if keeping and isinstance(deal, NapDeal):
        state["keeping"] = {"cards": card_list(view.hand | deal.spare), "keep": 5}
    if view.to_act == viewer and not deal.is_complete and not room.bot_controls(viewer):
        state["legal"] = legal_entries(deal, view, keeping)
        playing = view.phase is Phase.PLAY if isinstance(view, LooView) else view.phase is NapPhase.PLAY
        if playing:
            state["illegal"] = illegal_reasons(deal, viewer, view.hand)
    if isinstance(view, NapView) and view.widow is not None:
        state["deal"]["widow"] = card_str(view.widow)  # the viewer peeped at it (NAP-VAR-PEEP)
    return state
