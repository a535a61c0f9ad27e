"""Trick primitives shared by Loo and Nap: who wins a trick, and which cards may follow.

Cards and hands are those of :mod:`roundgames.core.cards` (ints and bit masks).

>>> from roundgames.core.cards import parse_cards, format_cards, mask_of, SPADES, CLUBS
>>> trick_winner(parse_cards("9H KH 7C 8C"), CLUBS)
3
>>> format_cards(loo_follow(mask_of(parse_cards("4C 8C QS")), parse_cards("9H KH 7C"), CLUBS))
'8C'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import SUIT_MASKS, Card, Suit

__all__ = ["Trick", "above", "beats", "follow_suit", "loo_follow", "trick_winner", "winning_card"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: its leader, the seats and cards in the order played, and the winner (or ``None``)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int | None


def above(card: Card) -> int:
    """The mask of the cards of ``card``'s suit that rank above it."""
    return SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it (LOO-PLAY-7, NAP-PLAY-3)."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """The index in ``cards`` (in the order played) of the card that wins the trick."""
    win = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[win], trump):
            win = i
    return win


def winning_card(cards: Sequence[Card], trump: Suit | None) -> Card:
    """The card now winning a non-empty trick."""
    return cards[trick_winner(cards, trump)]


def follow_suit(hand: int, led: Suit) -> int:
    """Nap's following rule (NAP-PLAY-2): the cards of the suit led if any, else the whole hand."""
    follow = hand & SUIT_MASKS[led]
    return follow or hand


def loo_follow(hand: int, trick: Sequence[Card], trump: Suit) -> int:
    """Loo's following rule (LOO-PLAY-4..6): the mask of the cards ``hand`` may add to ``trick``.

    Follow suit; following, head the trick if able (a trumped trick cannot be headed by the
    suit led); void, trump or overtrump when that heads the trick; otherwise play anything.
    """
    led = trick[0] // 13
    win = winning_card(trick, trump)
    follow = hand & SUIT_MASKS[led]
    if follow:
        if win // 13 != led:  # trumped: any card of the suit led will do (LOO-PLAY-5)
            return follow
        return (follow & above(win)) or follow
    trumps = hand & SUIT_MASKS[trump]
    heads = trumps & above(win) if win // 13 == trump else trumps
    return heads or hand
