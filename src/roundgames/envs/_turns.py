"""Whose turn it is in the research adapters, and what that seat may do: the one answer of :mod:`.openspiel` and
:mod:`._aec`.

OpenSpiel and PettingZoo let one seat act at a time. The engine lets a seat act out of turn where a game allows
it (``deal.side_actions``; no game does now: Loo's flush, which any seat that played could once show before the
first lead, is shown in its holder's turn since RULES.md §14.34). The adapters make such an action an explicit
decision, asked the way :func:`roundgames.bots.offer_side_actions` asks the bots: when the chance opens, each seat
the encoding names (:meth:`~.games.Encoding.offered`) is offered it in turn, and answers with the side action or
with the encoding's ``DECLINE`` id, which lets it go by. The first side action taken ends the
offers; when every seat has let them go by, the engine's seat to act acts (the leader, his flush among his
actions). What the seats have let go by is no engine action and the engine does not record it: the adapter keeps
those seats (``passed``) until the next action.

What nobody chooses is applied as it comes (:meth:`~.games.Encoding.forced`): after the declaring every flush held
is shown in turn from the dealer's left (§14.34), and a seat taking the pool without play shows its flush first
(LOO5-6, §14.24). No seat
is asked for an action it cannot refuse, and the search never has to imagine worlds in which the shown hands
are flushes.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NamedTuple

from ..core.errors import RoundgamesError
from .games import EnvGame

__all__ = ["IRREGULAR_LIMIT", "PLAIN", "Turn", "apply_forced", "irregular_actions", "offer_seat", "turn"]

#: table mode: the irregular actions a seat may take in one deal; after them it is offered proper actions only
#: (which bounds a deal's length: a revoke may order the play replayed from the first lead, LOO-LAW-0d)
IRREGULAR_LIMIT = 1
#: the value of an id in :attr:`Turn.legal` read from the deal's state (the encoding's ``plain_ids``): its action is
#: made when chosen, by the encoding's ``plain_action``
PLAIN: Any = object()


class Turn(NamedTuple):
    """The seat to act in an adapter and what it may do (a named tuple: one is made at every step)."""

    seat: int
    #: whether the seat is offered what it may do out of turn (and may let it go by)
    offer: bool
    #: each legal id with its engine action (in table mode the irregular ones too); the ``DECLINE`` id of an
    #: offer has None; a plain turn's ids (the encoding's ``plain_ids``) have :data:`PLAIN`
    legal: dict[int, Any]


def offer_seat(kit: EnvGame, deal: Any, passed: Collection[int]) -> int | None:
    """The seat offered what it may do out of turn now, once the seats of ``passed`` let it go by; or None."""
    offered = kit.encoding.offered(deal)
    return next((s for s in offered if s not in passed), None) if offered else None


def turn(kit: EnvGame, deal: Any, passed: Collection[int], table: bool = False, offers: bool = True) -> Turn | None:
    """Who acts in ``deal`` and with what, the seats of ``passed`` having let their offers go by; None once the
    deal is complete (or before it is dealt). ``table``: the deal is in table mode, and the seat to act may also
    take the irregular actions of :func:`irregular_actions`. ``offers=False``: the deal's rules never offer an
    action out of turn (:meth:`~.games.Encoding.offers`), so nobody is asked."""
    to_act = deal.to_act
    if to_act is None or deal.is_complete:
        return None
    encoding = kit.encoding
    seat = offer_seat(kit, deal, passed) if offers else None
    if seat is None:
        plain = None if table else encoding.plain_ids(deal)
        if plain is not None:  # an ordinary play or declaration: no action object is made for each id
            return Turn(to_act, False, dict.fromkeys(plain, PLAIN))
        legal = encoding.action_ids(deal, deal.legal_actions())
        if table:
            legal.update(irregular_actions(kit, deal, to_act, legal))
        return Turn(to_act, False, legal)
    assert encoding.DECLINE is not None, f"{kit.spec.title} offers actions out of turn: its encoding names DECLINE"
    legal = {encoding.action_id(deal, a): a for a in deal.side_actions(seat)}
    legal[encoding.DECLINE] = None
    return Turn(seat, True, dict(sorted(legal.items())))


def irregular_actions(kit: EnvGame, deal: Any, seat: int, legal: Collection[int]) -> dict[int, Any]:
    """Table mode (RULES.md §5, §8): the ids, with their actions, of what ``seat``, the seat to act, may do in its
    turn that the rules forbid and a law covers (a revoke, a card that does not head the trick, a throw after the
    lead, Wellington without a Nap ...): each candidate of the encoding (:meth:`~.games.Encoding.irregular_ids`)
    not among ``legal`` that the deal's laws accept (``deal.verify`` in table mode), until the seat has broken
    :data:`IRREGULAR_LIMIT` laws in this deal."""
    if sum(1 for i in deal.irregularities if i.seat == seat) >= IRREGULAR_LIMIT:
        return {}
    encoding = kit.encoding
    out: dict[int, Any] = {}
    for i in encoding.irregular_ids(deal, seat):
        if i in legal:
            continue
        action = encoding.action(deal, i, seat)
        try:
            deal.verify(action)  # in table mode: raises unless a law covers it
        except RoundgamesError:
            continue
        out[i] = action
    return out


def apply_forced(kit: EnvGame, deal: Any) -> None:
    """Apply, through the checked ``apply``, every action ``deal`` waits on that nobody chooses."""
    while (action := kit.encoding.forced(deal)) is not None:
        deal.apply(action)
