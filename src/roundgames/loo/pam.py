"""Pam, the knave above the ace: who wins a trick, what may follow and what must be led in Five-card Loo.

RULES.md §4.2. Pam is the knave of clubs, or the knave of trumps under ``pam: jack_trumps`` (LOO5-3). It is
the highest trump: it wins any trick it is played to, it is a trump for following suit (LOO5-3 [I], C-LOO-17),
and it is the highest trump for the leading obligations of §3.7, so a leader holding Pam and another trump
must lead Pam, and the ace rule applies only to a leader without Pam (§14.15). Under ``pam_free`` it "is
subject to no laws, but may be played on any suit, at any time": it is always playable and never forced.
"Pam be civil" (LOO5-4): when the ace of trumps is led with the words, Pam may not be played to that trick;
a holder left with Pam alone must play it, and it then lets the ace pass: it wins nothing [D].

Three-card Loo's primitives (:mod:`roundgames.core.tricks`) know no Pam; with ``pam=None`` (Irish Loo, LOOI-1)
every function here gives what they give.

>>> from roundgames.core.cards import parse_cards, format_cards, mask_of, SPADES
>>> pam = pam_of("jack_clubs", SPADES)
>>> trick_winner(parse_cards("AS KS JC"), SPADES, pam)     # Pam beats the ace of trumps
2
>>> format_cards(follow(mask_of(parse_cards("JC 7C 2H")), parse_cards("9C"), SPADES, pam))  # Pam is no club
'7C'
>>> format_cards(lead(mask_of(parse_cards("JC AS 3D")), 0, SPADES, parse_cards("5H")[0], pam))
'JC'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import (
    CLUBS,
    RANKS,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    Suit,
    card_of,
    card_str,
    cards_in,
    format_cards,
    rank_of,
)

if TYPE_CHECKING:
    from .rules import LooRules

__all__ = ["follow", "follow_reason", "in_suit", "lead", "lead_reason", "pam_in", "pam_of", "power", "trick_winner"]

_KNAVE = RANKS.index("J")
_ACE = RANKS.index("A")
_KING = RANKS.index("K")


def pam_in(rules: LooRules, trump: Suit) -> Card | None:
    """Pam in a deal under ``rules``: Five-card Loo has one (LOO5-3), the other forms none."""
    return pam_of(rules.pam, trump) if rules.form == "five_card" else None


def pam_of(pam: str, trump: Suit) -> Card:
    """Pam under the option ``pam``: the knave of clubs (``jack_clubs``) or of trumps (``jack_trumps``) (LOO5-3)."""
    return card_of(_KNAVE, CLUBS if pam == "jack_clubs" else trump)


def suit_in_play(card: Card, trump: Suit, pam: Card | None) -> Suit:
    """The suit ``card`` counts as in play: Pam is a trump (LOO5-3 [I])."""
    return trump if card == pam else card // 13


def in_suit(hand: int, suit: Suit, trump: Suit, pam: Card | None) -> int:
    """The cards of ``hand`` that count as ``suit`` in play: Pam with the trumps and not with its own suit."""
    mask = hand & SUIT_MASKS[suit]
    if pam is None or not hand >> pam & 1:
        return mask
    if suit == trump:
        return mask | 1 << pam
    return mask & ~(1 << pam)


def power(card: Card, led: Suit, trump: Suit, pam: Card | None, civil: bool = False) -> int:
    """How high ``card`` stands in a trick led in ``led``: Pam above every trump, trumps above the suit led,
    any other card -1 (it cannot win). Pam played to a civil trick stands at -1 (LOO5-4)."""
    if card == pam:
        return -1 if civil else 100
    suit = card // 13
    if suit == trump:
        return 50 + rank_of(card)
    return rank_of(card) if suit == led else -1


def trick_winner(cards: Sequence[Card], trump: Suit, pam: Card | None, civil: bool = False) -> int:
    """The index in ``cards`` (in the order played) of the card that wins the trick (LOO-PLAY-7, LOO5-3)."""
    led = suit_in_play(cards[0], trump, pam)
    return max(range(len(cards)), key=lambda i: power(cards[i], led, trump, pam, civil))


def _beating(hand: int, best: Card, led: Suit, trump: Suit, pam: Card | None, civil: bool) -> int:
    bar = power(best, led, trump, pam, civil)
    return sum(1 << c for c in cards_in(hand) if power(c, led, trump, pam, civil) > bar)


def _free_split(hand: int, pam: Card | None, free: bool, civil: bool) -> tuple[int, int]:
    """``(hand under the laws, Pam if it is playable besides them)``: under ``pam_free`` Pam stands outside the
    laws; a civil trick bars it unless it is all the holder has (LOO5-4, C-LOO-17)."""
    if pam is None or not hand >> pam & 1:
        return hand, 0
    rest = hand & ~(1 << pam)
    if not rest:
        return hand, 0  # his last card: he must play it
    if civil:
        return rest, 0
    if free:
        return rest, 1 << pam
    return hand, 0


def follow(
    hand: int,
    trick: Sequence[Card],
    trump: Suit,
    pam: Card | None,
    *,
    free: bool = False,
    civil: bool = False,
) -> int:
    """The mask of the cards ``hand`` may add to ``trick`` (LOO-PLAY-4..6 with Pam a trump, LOO5-3/4).

    Follow suit; following, head the trick if able (a trumped trick cannot be headed by the suit led); void,
    trump or overtrump when that heads the trick; otherwise play anything.
    """
    bound, extra = _free_split(hand, pam, free, civil)
    led = suit_in_play(trick[0], trump, pam)
    win = trick[trick_winner(trick, trump, pam, civil)]
    same = in_suit(bound, led, trump, pam)
    if same:
        if suit_in_play(win, trump, pam) != led:  # trumped: any card of the suit led will do (LOO-PLAY-5)
            return same | extra
        return (_beating(same, win, led, trump, pam, civil) or same) | extra
    trumps = in_suit(bound, trump, trump, pam)
    return (_beating(trumps, win, led, trump, pam, civil) or bound) | extra


def _top_trump(trumps: int, pam: Card | None) -> int:
    """The mask of the highest of ``trumps``: Pam if among them."""
    if pam is not None and trumps >> pam & 1:
        return 1 << pam
    return 1 << (trumps.bit_length() - 1)


def lead(
    hand: int,
    lead_index: int,
    trump: Suit,
    turnup: Card,
    pam: Card | None,
    *,
    lead_rule: str = "highest",
    second_lead: str = "peel",
    free: bool = False,
) -> int:
    """The mask of the cards ``hand`` may lead to trick ``lead_index`` (0 the first) (LOO-PLAY-2/3, §14.15).

    First lead: without Pam, the ace of trumps (the king with the ace turned up) must be led; with two or more
    trumps (Pam counted, and highest), the highest (``lead_one``: any of them). Second lead (``second_lead:
    peel``): the highest trump held. ``cassell``: the highest trump, or without one a card of the highest rank,
    first; the highest trump at every later lead (LOO-VAR-CASSELL-LEAD).
    """
    bound, extra = _free_split(hand, pam, free, False)
    if extra:
        pam = None  # outside the laws: the rest of the hand is ruled as if Pam were not in it
    trumps = in_suit(bound, trump, trump, pam)
    if lead_index == 0:
        if lead_rule == "cassell":
            if trumps:
                return _top_trump(trumps, pam) | extra
            top = max(rank_of(c) for c in cards_in(bound))
            return sum(1 << c for c in cards_in(bound) if rank_of(c) == top) | extra
        holds_pam = pam is not None and bound >> pam & 1
        top_trump = card_of(_KING if rank_of(turnup) == _ACE else _ACE, trump)
        if not holds_pam and bound >> top_trump & 1:  # LOO-PLAY-2 step 1; with Pam, step 2 rules (§14.15)
            return 1 << top_trump | extra
        if int.bit_count(trumps) >= 2:  # LOO-PLAY-2 step 2, or LOO-VAR-LEADONE
            return (trumps if lead_rule == "lead_one" else _top_trump(trumps, pam)) | extra
        return bound | extra
    if trumps and (lead_rule == "cassell" or (lead_index == 1 and second_lead == "peel")):
        return _top_trump(trumps, pam) | extra  # LOO-PLAY-3; Cassell's later leads
    return bound | extra


def follow_reason(
    hand: int, trick: Sequence[Card], card: Card, legal: int, trump: Suit, pam: Card | None, civil: bool
) -> tuple[str, str]:
    """Why ``card`` may not follow to ``trick``: ``(reason, rule)``, citing the first rule it breaks (§14.10)."""
    if civil and card == pam:
        return "the ace of trumps was led with 'Pam be civil', so Pam may not be played to this trick", "LOO5-4"
    led = suit_in_play(trick[0], trump, pam)
    bound = hand & ~(1 << pam) if civil and pam is not None else hand
    pam_note = " (Pam counts as a trump)" if pam is not None and (card == pam or bound >> pam & 1) else ""
    if in_suit(bound, led, trump, pam):
        if suit_in_play(card, trump, pam) != led:
            return f"must follow suit in {SUIT_NAMES[led]}{pam_note}", "LOO-PLAY-4"
        return (
            f"must head the trick with a higher {SUIT_NAMES[led][:-1]}: {format_cards(legal)}{pam_note}",
            "LOO-PLAY-5",
        )
    trumped = any(suit_in_play(c, trump, pam) == trump for c in trick) and led != trump
    verb = "overtrump" if trumped else "trump"
    return f"void in {SUIT_NAMES[led]}, must {verb} to head the trick: {format_cards(legal)}{pam_note}", "LOO-PLAY-6"


def lead_reason(
    hand: int, lead_index: int, legal: int, trump: Suit, turnup: Card, pam: Card | None, cassell: bool
) -> tuple[str, str]:
    """Why a card may not be led: ``(reason, rule)`` (LOO-PLAY-2/3 with Pam the highest trump, §14.15)."""
    must = format_cards(legal)
    rule = "LOO-PLAY-2" if lead_index == 0 else "LOO-PLAY-3"
    if cassell:
        if in_suit(hand, trump, trump, pam):
            return f"must lead his highest trump, {must} (Cassell's lead)", rule
        return f"holding no trump, must lead a card of his highest rank: {must} (Cassell's lead)", rule
    if lead_index >= 1:
        return f"having won the first trick holding trumps, must lead the highest, {must}", rule
    if pam is not None and hand >> pam & 1 and legal >> pam & 1:
        return f"holding Pam ({card_str(pam)}) and another trump, must lead Pam, the highest trump: {must}", rule
    if rank_of(turnup) == _ACE and turnup // 13 == trump and legal == 1 << card_of(_KING, trump):
        return "holding the king of trumps with the ace turned up, must lead it", rule
    if legal & ~(1 << pam if pam is not None else 0) == 1 << card_of(_ACE, trump):
        return "holding the ace of trumps, must lead it", rule
    if int.bit_count(legal & ~(1 << pam if pam is not None else 0)) > 1:
        return f"holding two or more trumps, must lead one of them: {must}", rule
    return f"holding two or more trumps, must lead the highest, {must}", rule
