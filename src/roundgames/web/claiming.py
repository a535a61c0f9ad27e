"""Claims of the remaining tricks at the web table (docs/web.md, "Claims"): a part of :class:`~roundgames.web.room.
Room`.

A person at his turn to play a card may claim every trick still to be played (``can_claim``, which depends on
nothing his seat may not know: :func:`~roundgames.bots.claims.why_not`). The claim is a stored event (``claim``):
the claimant's cards are shown to everyone. A claim that holds in every layout of the cards the claimant cannot
see (:func:`~roundgames.bots.claims.evident`) is played out at once; any other is put to every other seat at the
table, and each answers it (``claim_answer``): a person by his choice, a bot from its own view
(:func:`~roundgames.bots.claims.accepts`). A decline ends the claim and play goes on from where it stood. Once all
accept, the room plays the remaining tricks out as real actions at the bots' pace (:meth:`Claiming.step`), so
that the deal's record, ruling and score sheet are those of a deal played to the end; where the cards forbid the
claimant every trick even with the others' help, the claim lapses (``claim_lapse``) and play goes on.

While a claim waits on its answers the turn clock is paused and nothing is played; the state (``claim``) and the
log are built by the reducer (:func:`~roundgames.web.reducer.reduce`), which a replay and the following of another
process use alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..bots.claims import HOUSE_RULE, accepts, evident, next_play, tricks_claimed, why_not
from .reducer import TableState
from .seating import RoomError
from .words import action_text, card_list

if TYPE_CHECKING:
    from .timing import Clock

__all__ = ["ClaimRoom", "Claiming"]


class ClaimRoom(Protocol):
    """What the claims ask of the table that holds them."""

    @property
    def state(self) -> TableState: ...
    @property
    def clock(self) -> Clock: ...

    def command(self, kind: str, data: dict[str, Any], action: Any = None) -> None: ...

    def bot_controls(self, seat: int) -> bool: ...


class Claiming:
    """The claims of a table: a part of :class:`~roundgames.web.room.Room`."""

    def __init__(self, room: ClaimRoom) -> None:
        self.room = room
        #: the claim being answered and when its people's time to answer runs out (memory only, as a turn's time)
        self._asked: tuple[object, float] | None = None

    def may_claim(self, seat: int) -> bool:
        """Whether the person of ``seat`` may claim now (``state.can_claim``, sent to his seat alone): his turn to
        play a card, played by himself, and no claim made yet; nothing in it depends on another's hidden cards."""
        state = self.room.state
        deal = state.table.deal
        if deal is None or state.claim is not None or state.seats[seat].kind != "person":
            return False
        return not self.room.bot_controls(seat) and why_not(deal, seat) is None

    def claim(self, seat: int) -> None:
        """``claim``: stored with the seats that must answer it, every other seat of the table, none where it holds
        in every layout of the cards the claimant cannot see."""
        state = self.room.state
        deal = state.table.open_deal()
        if deal is None or deal.is_complete:
            raise RoomError("no_deal", "claim: no deal is in progress", None, "type")
        if state.claim is not None:
            raise RoomError("claim_pending", "claim: a claim is already made in this deal", None, "type")
        why = why_not(deal, seat)
        if why is not None:
            code = "not_your_turn" if deal.to_act != seat else "illegal"
            raise RoomError(code, f"claim: {why} ({HOUSE_RULE})", None, "type")
        decisive = evident(deal, seat)
        waiting = [] if decisive else [i for i in range(len(state.seats)) if i != seat]
        # at his turn he holds a card for each trick still to be played, the one in progress included
        data = {"seat": seat, "tricks": int.bit_count(deal.hands[seat]), "evident": decisive, "waiting": waiting}
        self.room.command("claim", data)

    def answer(self, seat: int, accept: bool) -> None:
        """``claim_answer``: a person's acceptance or decline of the claim waiting on him."""
        claim = self.room.state.claim
        if claim is None or seat not in claim.waiting:
            raise RoomError("no_claim", "claim_answer: no claim is waiting for your answer", None, "type")
        self.room.command("claim_answer", {"seat": seat, "accept": accept})

    def refuse_act(self) -> None:
        """Nobody acts while a claim stands (before a warning of table mode is given too): ``claim_pending``."""
        claim = self.room.state.claim
        if claim is not None:
            what = "is being played out" if claim.accepted else "waits on its answers: accept or decline it first"
            raise RoomError("claim_pending", f"the claim of the remaining tricks {what}", None, "action")

    def answer_until(self) -> float | None:
        """When the time of the people a claim waits on runs out, at a table with a turn clock (its ``turn_seconds``
        from the claim): then their bots answer for them. None without a clock or a claim waiting."""
        state = self.room.state
        claim, seconds = state.claim, state.config.get("turn_seconds")
        if claim is None or claim.accepted or not seconds:
            self._asked = None
            return None
        if self._asked is None or self._asked[0] is not claim:
            self._asked = (claim, self.room.clock.now() + float(seconds))
        return self._asked[1]

    def _bot_answers(self, seat: int) -> bool:
        """Whether a bot answers for ``seat``: its seat is played by a bot now, or the time to answer ran out."""
        until = self.answer_until()
        return self.room.bot_controls(seat) or (until is not None and self.room.clock.now() >= until - 0.01)

    def due(self) -> bool:
        """Whether the room has a claim's step to play: a card of an accepted claim, or the answer of a seat the claim
        waits on that a bot plays now (a bot's seat, a person's who left or is away) or whose person's time to
        answer ran out, which the bot gives."""
        claim = self.room.state.claim
        if claim is None:
            return False
        return claim.accepted or any(self._bot_answers(i) for i in claim.waiting)

    def wake_at(self, paced: float) -> float | None:
        """When the room next has a claim's step to play: ``paced`` (the bots' pace) where one is due; else the
        first moment a person it waits on may be answered for (his countdown away, the time to answer); None."""
        state = self.room.state
        claim = state.claim
        if claim is None:
            return None
        if self.due():
            return paced
        times = [state.seats[i].away_until for i in claim.waiting if state.seats[i].conns == 0]
        until = self.answer_until()
        return min([*times, *([until] if until is not None else [])], default=None)

    def step(self) -> None:
        """The claim's next automatic step (:meth:`due`): a bot's answer (an away person's too), or the next card."""
        state = self.room.state
        claim = state.claim
        deal = state.table.deal
        if claim is None or deal is None or deal.is_complete:
            return
        for seat in sorted(claim.waiting):
            if self._bot_answers(seat):  # the bot answers from its own view (a person's, once his time ran out)
                accept = accepts(deal, seat, claim.seat)
                self.room.command("claim_answer", {"seat": seat, "accept": accept, "bot": True})
                return
        if not claim.accepted or deal.to_act is None:
            return
        action = next_play(deal, claim.seat)
        if action is None:  # even the others' help cannot give him every trick
            self.room.command("claim_lapse", {"seat": claim.seat})
            return
        data = {"seat": deal.to_act, "text": action_text(deal, action), "bot": True, "claim": True}
        self.room.command("act", data, action)

    def facts(self) -> dict[str, Any] | None:
        """The claim as every viewer sees it (``state.claim``): the claimant, the tricks, his cards face up, the
        people still to answer, and whether it is being played out; None where no claim is made."""
        state = self.room.state
        claim = state.claim
        deal = state.table.deal
        if claim is None or deal is None:
            return None
        names = state.display_names()
        n = claim.tricks
        return {
            "seat": claim.seat,
            "tricks": n,
            "text": f"{names[claim.seat]} claims {tricks_claimed(n)}",
            "cards": card_list(deal.hands[claim.seat]),
            "evident": claim.evident,
            "waiting": sorted(claim.waiting),
            "accepted": claim.accepted,
            # at a table with a turn clock: when the people's time to answer runs out (ms since the epoch)
            "answer_until": int(until * 1000) if (until := self.answer_until()) is not None else None,
        }
