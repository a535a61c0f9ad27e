"""Claiming the remaining tricks at a table of people and bots (the terminal's ``c``): the person at his turn to play
a card claims every trick still to play. A claim that holds in every layout of the cards he cannot see
(:func:`roundgames.bots.claims.evident`) is played out at once; any other is put to the bots, each answering from its
own view (:func:`roundgames.bots.claims.accepts`): a decline leaves the deal as it stood and play goes on. Once all
accept, the tricks are played out as real actions, so that the deal's records are those of a deal played to its end
(DEAL-RECORD.md); where the cards forbid him every trick even with the others' help, the claim lapses there and play
goes on.

A claim at such a table is put to its bots alone: where another person sits at it (the seats taking turns at one
keyboard), the claim would be his to answer, and it is refused. Whether ``c`` is offered depends on nothing the
person may not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bots.claims import HOUSE_RULE, accepts, evident, next_play, why_not
from ..core.errors import RecordError
from .table import Table

__all__ = ["Claimed", "claim", "may_claim"]


@dataclass
class Claimed:
    """What came of a claim: what was said of it (the bots' answers, a lapse), and the actions played out."""

    said: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)


def _refusal(table: Table, seat: int) -> str | None:
    """Why ``seat`` may not claim now, or None (nothing in it depends on a card he cannot see)."""
    deal = table.in_play
    if deal is None or deal.is_complete:
        return "no deal is in progress"
    if seat not in table.humans or table.keeping is not None:
        return "a claim is made at one's turn to play a card"
    if any(s != seat for s in table.humans):
        return "a claim here is put to the bots alone, and another person sits at this table"
    return why_not(deal, seat)


def may_claim(table: Table, seat: int) -> bool:
    """Whether the person of ``seat`` may claim the remaining tricks now (the key is offered only then)."""
    return _refusal(table, seat) is None


def claim(table: Table, seat: int) -> Claimed:
    """Claim the remaining tricks for ``seat``: put to the bots unless evident, and played out where all accept
    (his cards by the solver's line, the bots' conceding). Raises :class:`RecordError` (field ``claim``, with the
    house's rule in words) and changes nothing where the claim is not allowed."""
    why = _refusal(table, seat)
    if why is not None:
        raise RecordError("claim", f"{why} ({HOUSE_RULE})")
    deal = table.in_play
    assert deal is not None
    out = Claimed()
    if evident(deal, seat):
        out.said.append("every card is decisive: the claim stands without a question")
    else:
        for other in range(len(deal.seats)):
            if other == seat:
                continue
            if not accepts(deal, other, seat):
                out.said.append(f"{deal.seats[other]} declines the claim: play goes on")
                return out
        out.said.append("the bots accept the claim")
    while not deal.is_complete:
        if table.forced_action() is not None:  # what nobody chooses is made as in any deal
            out.done.append(table.bot_step() or "")
            continue
        action = next_play(deal, seat)
        if action is None:  # the cards forbid him every trick, even with the others' help
            out.said.append("the cards do not give you every trick: the claim lapses, play goes on")
            return out
        out.done.append(table.play_out(action))
    return out
