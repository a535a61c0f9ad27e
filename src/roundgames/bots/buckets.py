"""The hand buckets the computed strategies are keyed by: a hand's cards as they matter to declaring or calling.

A strategy computed with the simulator (:mod:`roundgames.sim.strategy`) is a table of cells, one for each thing a
seat may know when it declares or calls; the hand is one part of a cell, and it enters as its *bucket*. Two
hands share a bucket when they differ only by a renaming of the suits (no suit outranks another, trumps aside),
or by the ranks of their small cards, which seldom decide a trick:

- **Three-card Loo** (:func:`loo_bucket`): the turn-up's rank, the trumps held by rank, and each plain suit's
  knave, queen, king and ace by rank with its cards of ten and below only counted. 12,571 buckets of the 63,193
  situations up to suit symmetry.
- **Nap** (:func:`nap_bucket`): each suit's cards of seven and above by rank, its cards of six and below counted;
  no suit is trumps before the senior hand's first lead (NAP-PLAY-1). 21,744 buckets of the 134,459 hands.
- **Five-card Loo** (:func:`loo5_bucket`): whether the hand holds Pam (LOO5-3); each trump by its *standing*, the
  number of trumps above it that may be out against it (the turn-up and Pam left out), the five best standings
  exactly and the rest counted; each plain suit's knave, queen, king and ace by rank, its cards of ten and below
  counted. 6,820 buckets. The standing makes the turn-up's rank drop out: the king with the ace turned up stands
  as the ace does (it is the card the first leader must lead, LOO-PLAY-2). Irish Loo's three cards take the
  Three-card bucket (:func:`loo_bucket`): the same hand, no Pam (LOOI-1).

A bucket is an integer: each suit's code in a fixed number of bits, the plain (or all, in Nap) suits' codes
sorted, so every renaming of the suits gives the same number.

>>> from roundgames.core.cards import mask_of, parse_card, parse_cards
>>> def hand(text): return mask_of(parse_cards(text))
>>> loo_bucket(hand("AS 4H 3D"), parse_card("7S")) == loo_bucket(hand("AC 2D 5H"), parse_card("7C"))
True
>>> nap_bucket(hand("AS KS 4S 3H 2D")) == nap_bucket(hand("AH KH 2H 6C 5D"))
True
>>> from roundgames.core.cards import mask_of
>>> pam = parse_card("JC")
>>> loo5_bucket(mask_of(parse_cards("KS 9S JC 4H 3D")), parse_card("AS"), pam) == loo5_bucket(
...     mask_of(parse_cards("AH TH JC 3S 4D")), parse_card("2H"), pam)
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["LOO5_LOW", "LOO5_TOP", "LOO_LOW", "NAP_LOW", "loo5_bucket", "loo_bucket", "nap_bucket", "suit_code"]

#: Three-card Loo: plain cards of this rank index (a ten) and below are only counted
LOO_LOW: Final = 8
#: Nap: cards of this rank index (a six) and below are only counted
NAP_LOW: Final = 4
#: Five-card Loo: plain cards of this rank index (a ten) and below are only counted
LOO5_LOW: Final = 8
#: Five-card Loo: trumps of a standing below this (0: no trump but Pam above it) are kept by standing
LOO5_TOP: Final = 5
_SUIT: Final = 0x1FFF


def suit_code(ranks: int, low: int) -> int:
    """One suit's code: the count of its ranks ``0 .. low`` (bits of ``ranks``) above the mask of the ranks above
    ``low``."""
    small = (ranks & ((2 << low) - 1)).bit_count()
    return small << (12 - low) | ranks >> (low + 1)


def loo_bucket(hand: int, turnup: int) -> int:
    """The bucket of a Three-card Loo hand (a card mask) under ``turnup``: the turn-up's rank (4 bits), the trumps
    held (13 bits) and the three plain suits' codes (:func:`suit_code`, 6 bits each), highest first."""
    trump = turnup // 13
    plain = sorted((suit_code(hand >> 13 * s & _SUIT, LOO_LOW) for s in range(4) if s != trump), reverse=True)
    return turnup % 13 | (hand >> 13 * trump & _SUIT) << 4 | plain[0] << 17 | plain[1] << 23 | plain[2] << 29


def nap_bucket(hand: int) -> int:
    """The bucket of a Nap hand (a card mask): the four suits' codes (:func:`suit_code`, 11 bits each), highest
    first."""
    codes = sorted((suit_code(hand >> 13 * s & _SUIT, NAP_LOW) for s in range(4)), reverse=True)
    return codes[0] | codes[1] << 11 | codes[2] << 22 | codes[3] << 33


def loo5_bucket(hand: int, turnup: int, pam: int) -> int:
    """The bucket of a Five-card Loo hand (a card mask) under ``turnup`` with Pam the card ``pam`` (-1: none): the
    plain suits' codes (:func:`suit_code`, 7 bits each, lowest first), whether Pam is held (1 bit), the mask of
    the trumps' standings below :data:`LOO5_TOP` (5 bits) and the count of the trumps standing lower (3 bits).

    A trump's standing is the number of trumps above it that are neither the turn-up nor Pam: the cards that may
    beat it but Pam, so the same number whatever the turn-up's rank."""
    trump = turnup // 13
    held = 1 if pam >= 0 and hand >> pam & 1 else 0
    if pam >= 0:
        hand &= ~(1 << pam)
    rivals = _SUIT & ~(1 << turnup % 13)
    if pam >= 0 and pam // 13 == trump:
        rivals &= ~(1 << pam % 13)
    trumps = hand >> 13 * trump & _SUIT
    top = lower = 0
    for rank in range(13):
        if trumps >> rank & 1:
            standing = (rivals >> (rank + 1)).bit_count()
            if standing < LOO5_TOP:
                top |= 1 << standing
            else:
                lower += 1
    plain = sorted(suit_code(hand >> 13 * s & _SUIT, LOO5_LOW) for s in range(4) if s != trump)
    return plain[0] | plain[1] << 7 | plain[2] << 14 | held << 21 | top << 22 | lower << 27
