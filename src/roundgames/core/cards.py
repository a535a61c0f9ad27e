"""Cards as small ints, hands as bit masks, and the one parser and writer for them.

A card is ``suit * 13 + rank``: suits ``S H D C`` are 0..3, ranks ``2 .. A`` are 0..12,
so the ace of spades is 12 and the two of clubs is 39. A hand is an ``int`` whose bit
``c`` is set when it holds card ``c``; following suit is ``hand & SUIT_MASKS[led]``.

>>> parse_card("AS"), parse_card("10h"), parse_card("♠Q"), parse_card("T♦")
(12, 21, 10, 34)
>>> format_cards(parse_cards("2C 10S AS ♥K"))
'AS TS KH 2C'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from .errors import CardError

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "FULL_SUIT",
    "HEARTS",
    "RANKS",
    "SPADES",
    "SUITS",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "Card",
    "Suit",
    "card_of",
    "card_str",
    "cards_in",
    "format_cards",
    "highest",
    "lowest",
    "mask_of",
    "pack",
    "pack_mask",
    "parse_card",
    "parse_cards",
    "rank_of",
    "sort_key",
    "suit_of",
]

Card = int
Suit = int

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3

SUITS: Final = "SHDC"
RANKS: Final = "23456789TJQKA"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
FULL_SUIT: Final = (1 << 13) - 1
SUIT_MASKS: Final = tuple(FULL_SUIT << (13 * s) for s in range(4))

_SYMBOLS: Final = {"♠": 0, "♤": 0, "♥": 1, "♡": 1, "♦": 2, "♢": 2, "♣": 3, "♧": 3}
_RANK_WORDS: Final = {"10": 8, **{r: i for i, r in enumerate(RANKS)}}
_HINT: Final = "write rank then suit, e.g. AS, 10H, TD, ♠Q"


def card_of(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (0 for a two .. 12 for an ace) in ``suit``."""
    return suit * 13 + rank


def suit_of(card: Card) -> Suit:
    """The suit of ``card`` (0 spades, 1 hearts, 2 diamonds, 3 clubs)."""
    return card // 13


def rank_of(card: Card) -> int:
    """The rank of ``card``: 0 for a two up to 12 for an ace."""
    return card % 13


def card_str(card: Card) -> str:
    """The card written rank then suit, ``T`` for ten: ``card_str(8) == 'TS'``."""
    return RANKS[card % 13] + SUITS[card // 13]


def sort_key(card: Card) -> int:
    """Sorts cards in suit order S H D C and, within a suit, from the ace down."""
    return (card // 13) * 13 + 12 - card % 13


def parse_card(text: str) -> Card:
    """Parse one card: ``AS``, ``10S``, ``TS``, ``as``, ``♠A``, ``A♠`` or ``♠10``.

    Raises :class:`CardError` naming the text for anything else.
    """
    raw = text
    # Only ASCII letters are folded: str.upper() would turn the long s "ſ" into "S".
    s = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip().replace("\ufe0f", ""))
    if len(s) >= 2 and s[0] in _SYMBOLS:
        rank_text, suit = s[1:], _SYMBOLS[s[0]]
    elif len(s) >= 2 and s[-1] in _SYMBOLS:
        rank_text, suit = s[:-1], _SYMBOLS[s[-1]]
    elif len(s) >= 2 and s[-1] in SUITS:
        rank_text, suit = s[:-1], SUITS.index(s[-1])
    else:
        raise CardError(f"not a card: {raw!r} ({_HINT})")
    rank = _RANK_WORDS.get(rank_text)
    if rank is None:
        raise CardError(f"not a card: {raw!r}: unknown rank {rank_text!r} ({_HINT})")
    return suit * 13 + rank


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or an iterable of card strings)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of ``mask``, lowest int first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def highest(mask: int) -> Card:
    """The highest card of a non-empty mask within one suit (or the highest int)."""
    return mask.bit_length() - 1


def lowest(mask: int) -> Card:
    """The lowest card of a non-empty mask within one suit (or the lowest int)."""
    return (mask & -mask).bit_length() - 1


def format_cards(cards: Iterable[Card] | int) -> str:
    """Cards (a mask or an iterable) written in suit order S H D C, ace down."""
    seq = cards_in(cards) if isinstance(cards, int) else cards
    return " ".join(card_str(c) for c in sorted(seq, key=sort_key))


def pack_mask(size: int = 52) -> int:
    """The mask of a 52-card pack, or of a 32-card pack (A to 7 in each suit)."""
    if size == 52:
        return SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
    if size == 32:
        suit = FULL_SUIT & ~((1 << 5) - 1)  # drop 2..6
        return suit | suit << 13 | suit << 26 | suit << 39
    raise CardError(f"pack: no pack of {size} cards (52 or 32)")


def pack(size: int = 52) -> list[Card]:
    """The cards of a pack of ``size`` (52 or 32), in int order: a new list, which the caller may shuffle."""
    cards = _PACKS.get(size)
    return list(cards) if cards is not None else list(cards_in(pack_mask(size)))


#: the cards of each pack, made once: every deal shuffles a copy (listing a mask's 52 cards costs 100 times more)
_PACKS: Final = {size: tuple(cards_in(pack_mask(size))) for size in (52, 32)}
