"""Undo at a table of one person and bots, and what it never takes back.

A person who plays against bots alone may take back his last action (and the bots' actions after it): a misclick
costs nobody anything. But undo must never show him what he could not have known: he would choose again knowing it.
So it does not go back past

- an action that showed him cards he had not seen (taking the miss, buying, peeping, the spare hand, a hand turned
  face up): he would choose again knowing them;
- an action of another seat, since his, that showed him a card (a bot's card played to the trick, a flush shown):
  the card was hidden in its holder's hand until then, and he would replay knowing where it lies;
- an irregularity whose law was applied (table mode): the offence is public and the penalty paid;
- the start of the deal.

The rule is the one a person reads at a real table: once a card is face up, it cannot be taken back. In practice he
may undo until a bot plays a card after him (the bots' declarations and calls show no card). Each refusal says
which of these stands in the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .seating import SeatInfo
from .views import seen_mask
from .words import card_list

if TYPE_CHECKING:
    from ..session.table import Table

__all__ = ["Undo"]


def _mask(view: Any) -> int:
    """Every card a seat's view shows it: its hand, the cards on the table, a peeped widow, the turn-up, and the
    hands it may see (a flush shown, a deal dealt face up)."""
    mask = seen_mask(view)
    for hand in view.seen_hands.values():
        mask |= hand
    return mask


class Undo:
    """Undo's rule: a part of :class:`~roundgames.web.room.Room`."""

    if TYPE_CHECKING:
        seats: list[SeatInfo]
        table: Table
        deal_number: int
        _acts: list[tuple[str, int, bool, int, str]]

        def display_names(self) -> list[str]: ...
        def bot_controls(self, seat: int) -> bool: ...

    def _reset_undo(self) -> None:
        #: for each action of the deal in play (by its seq), the cards it showed each seat that had not seen them
        self._shown: dict[int, dict[int, int]] = {}
        self._shown_deal = 0

    def _seen(self, actor: int) -> dict[int, int]:
        """What the seats that may undo (a person's, an open one) and the actor see now, each as a mask: taken
        before an action, for :meth:`_note_shown` after it."""
        deal = self.table.deal
        assert deal is not None
        return {i: _mask(deal.view(i)) for i, s in enumerate(self.seats) if s.kind != "bot" or i == actor}

    def _note_shown(self, seq: int, actor: int, before: dict[int, int]) -> bool:
        """After the action ``seq`` of ``actor``: note the cards it showed each seat of ``before`` that had not
        seen them; whether it showed its actor any (a revealing action)."""
        deal = self.table.deal
        assert deal is not None
        if self._shown_deal != self.deal_number:  # only the deal in play can be undone
            self._shown, self._shown_deal = {}, self.deal_number
        shown = {i: new for i, mask in before.items() if (new := _mask(deal.view(i)) & ~mask)}
        if shown:
            self._shown[seq] = shown
        return actor in shown

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may undo now (``state.undo``)."""
        return self.why_no_undo(seat) is None

    def why_no_undo(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now (the refusal's message), or None when it may."""
        names = self.display_names()
        if self.seats[seat].kind == "bot":
            return "undo: a bot's seat takes nothing back"
        people = [
            names[i] for i, s in enumerate(self.seats) if i != seat and (s.kind == "person" or not self.bot_controls(i))
        ]
        if people:
            verb = "is" if len(people) == 1 else "are"
            return (
                f"undo: only at a table where every other seat is played by a bot, and {', '.join(people)} {verb} not"
            )
        deal = self.table.deal
        if deal is None or deal.is_complete:
            return "undo: only within a deal in play"
        for kind, who, by_bot, seq, what in reversed(self._acts):
            if kind == "deal":
                break
            if what == "irregular":
                return "undo: not past an irregularity: the offence is public and its law applied"
            mine = who == seat and not by_bot
            if mine and what == "revealing":
                return "undo: your last action showed you cards you had not seen; you would choose again knowing them"
            shown = self._shown.get(seq, {}).get(seat)
            if shown:
                by = "your seat's bot" if who == seat else names[who]
                cards = " ".join(card_list(shown))
                return f"undo: {by} has shown you {cards} since your last action; a card once seen is not taken back"
            if mine:
                return None
        return "undo: you have no action in this deal to take back"
