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
which of these stands in the way. What each action showed each seat is noted as it is applied
(:func:`~roundgames.web.reducer.note_shown`).
"""

from __future__ import annotations

from collections.abc import Callable

from .reducer import TableState
from .words import card_list, cards_words

__all__ = ["why_no_undo"]


def why_no_undo(state: TableState, seat: int, bot_controls: Callable[[int], bool]) -> str | None:
    """Why ``seat`` may not undo now (the refusal's message), or None when it may; ``bot_controls`` says whether
    a bot plays a seat now."""
    names = state.display_names()
    seats = state.seats
    if seats[seat].kind == "bot":
        return "undo: a bot's seat takes nothing back"
    people = [names[i] for i, s in enumerate(seats) if i != seat and (s.kind == "person" or not bot_controls(i))]
    if people:
        verb = "is" if len(people) == 1 else "are"
        return f"undo: only at a table where every other seat is played by a bot, and {', '.join(people)} {verb} not"
    deal = state.table.deal
    if deal is None or deal.is_complete:
        return "undo: only within a deal in play"
    if state.claim is not None:
        return "undo: not while a claim of the remaining tricks is being answered"
    for kind, who, by_bot, seq, what in reversed(state.acts):
        if kind == "deal":
            break
        if kind == "claim":
            return "undo: not past a claim: its answers told the claimant what the others make of his cards"
        if what == "irregular":
            return "undo: not past an irregularity: the offence is public and its law applied"
        mine = who == seat and not by_bot
        if mine and what == "revealing":
            return "undo: your last action showed you cards you had not seen; you would choose again knowing them"
        shown = state.shown.get(seq, {}).get(seat)
        if shown:
            by = "your seat's bot" if who == seat else names[who]
            cards = cards_words(card_list(shown))
            return f"undo: {by} has shown you {cards} since your last action; a card once seen is not taken back"
        if mine:
            return None
    return "undo: you have no action in this deal to take back"
