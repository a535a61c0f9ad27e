"""Claiming the remaining tricks at a table of people and bots (the terminal's ``c``): the person at his turn to play
a card claims every trick still to play; the claim is allowed only when it is certain (the solver's proof,
:func:`roundgames.bots.claims.certain`), the bots accept it at once, and the tricks are played out as real actions,
so that the deal's records are those of a deal played to its end (DEAL-RECORD.md).

A claim at such a table is put to its bots alone: where another person sits at it (the seats taking turns at one
keyboard), the claim would be his to answer, and it is refused.
"""

from __future__ import annotations

from ..bots.claims import HOUSE_RULE, certain, next_play, why_not
from ..core.errors import RecordError
from .table import Table

__all__ = ["claim", "may_claim"]


def _refusal(table: Table, seat: int) -> str | None:
    """Why ``seat`` may not claim now, or None."""
    deal = table.in_play
    if deal is None or deal.is_complete:
        return "no deal is in progress"
    if seat not in table.humans or table.keeping is not None:
        return "a claim is made at one's turn to play a card"
    if any(s != seat for s in table.humans):
        return "a claim here is put to the bots alone, and another person sits at this table"
    why = why_not(deal, seat)
    if why is not None:
        return why
    if not certain(deal, seat):
        return "you do not take every remaining trick whatever the others play"
    return None


def may_claim(table: Table, seat: int) -> bool:
    """Whether the person of ``seat`` may claim the remaining tricks now (the key is offered only then)."""
    return _refusal(table, seat) is None


def claim(table: Table, seat: int) -> list[str]:
    """Claim the remaining tricks for ``seat`` and play them out: his cards by the solver's line, the bots' by
    their own choice (the claim holds whatever they play); returns what was done. Raises :class:`RecordError`
    (field ``claim``, with the house's rule in words) and changes nothing where the claim is not allowed."""
    why = _refusal(table, seat)
    if why is not None:
        raise RecordError("claim", f"{why} ({HOUSE_RULE})")
    deal = table.in_play
    assert deal is not None
    done: list[str] = []
    while not deal.is_complete:
        to_act = deal.to_act
        if to_act == seat:
            done.append(table.act_action(seat, next_play(deal, seat)))
            continue
        step = table.bot_step()
        assert step is not None, "a bot plays every other seat"
        done.append(step)
    return done
