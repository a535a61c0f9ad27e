"""Whose turn it is in the research adapters, and what that seat may do: the one answer of :mod:`.openspiel` and
:mod:`._aec`.

OpenSpiel and PettingZoo let one seat act at a time. The engine lets a seat act out of turn where a game allows
it (``deal.side_actions``): in Five-card and Irish Loo any seat that plays may show a flush after the declaring
and before the first lead (LOO5-6). The adapters make that an explicit decision, asked the way
:func:`roundgames.bots.offer_side_actions` asks the bots: when the chance opens, each seat the encoding names
(:meth:`~.games.Encoding.offered`: in Loo every seat that plays other than the leader, from the dealer's left,
whatever its cards, so that being asked tells nobody who holds a flush) is offered it in turn, and answers with
the side action or with the encoding's ``DECLINE`` id, which lets it go by. The first side action taken ends the
offers; when every seat has let them go by, the engine's seat to act acts (the leader, his flush among his
actions). What the seats have let go by is no engine action and the engine does not record it: the adapter keeps
those seats (``passed``) until the next action.

What nobody chooses is applied as it comes (:meth:`~.games.Encoding.forced`): once a flush is shown, every other
flush is shown in turn, and a seat taking the pool without play shows its flush first (LOO5-6, §14.24). No seat
is asked for an action it cannot refuse, and the search never has to imagine worlds in which the shown hands
are flushes.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from .games import EnvGame

__all__ = ["Turn", "apply_forced", "offer_seat", "turn"]


@dataclass(frozen=True)
class Turn:
    """The seat to act in an adapter and what it may do."""

    seat: int
    #: whether the seat is offered what it may do out of turn (and may let it go by)
    offer: bool
    #: each legal id, in order, with its engine action; the ``DECLINE`` id of an offer has None
    legal: dict[int, Any]


def offer_seat(kit: EnvGame, deal: Any, passed: Collection[int]) -> int | None:
    """The seat offered what it may do out of turn now, once the seats of ``passed`` let it go by; or None."""
    return next((s for s in kit.encoding.offered(deal) if s not in passed), None)


def turn(kit: EnvGame, deal: Any, passed: Collection[int]) -> Turn | None:
    """Who acts in ``deal`` and with what, the seats of ``passed`` having let their offers go by; None once the
    deal is complete (or before it is dealt)."""
    if deal.to_act is None or deal.is_complete:
        return None
    encoding = kit.encoding
    seat = offer_seat(kit, deal, passed)
    if seat is None:
        return Turn(deal.to_act, False, {encoding.action_id(deal, a): a for a in deal.legal_actions()})
    assert encoding.DECLINE is not None, f"{kit.spec.title} offers actions out of turn: its encoding names DECLINE"
    legal: dict[int, Any] = {encoding.action_id(deal, a): a for a in deal.side_actions(seat)}
    legal[encoding.DECLINE] = None
    return Turn(seat, True, dict(sorted(legal.items())))


def apply_forced(kit: EnvGame, deal: Any) -> None:
    """Apply, through the checked ``apply``, every action ``deal`` waits on that nobody chooses."""
    while (action := kit.encoding.forced(deal)) is not None:
        deal.apply(action)
