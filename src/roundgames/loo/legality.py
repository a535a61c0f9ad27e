"""What Three-card Loo lets a seat play, and why not (LOO-PLAY-2..6, LOO-VAR-LEADONE, LOO-VAR-CASSELL-LEAD).

Pure functions of the hand, the trick and the rules: the deal asks them, and so do the search and the bots.
Five-card Loo's play with Pam is :mod:`roundgames.loo.pam`.

>>> from roundgames.core.cards import mask_of, parse_cards, format_cards
>>> hand = mask_of(parse_cards("AS 4S 9D"))
>>> format_cards(lead(hand, 0, trump=0, turnup=parse_cards("7S")[0], lead_rule="highest", second_lead="peel"))
'AS'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import SUIT_MASKS, SUIT_NAMES, Card, card_of, cards_in, format_cards, highest, rank_of
from ..core.tricks import loo_follow

__all__ = ["follow", "follow_reason", "lead", "lead_reason", "top_trump"]


def top_trump(turnup: Card, trump: int) -> Card:
    """The trump a first leader holding it must lead: the ace, or the king when the ace is turned up (LOO-PLAY-2)."""
    return card_of(11 if rank_of(turnup) == 12 else 12, trump)


def lead(hand: int, tricks_done: int, *, trump: int, turnup: Card, lead_rule: str, second_lead: str) -> int:
    """The cards ``hand`` may lead to trick ``tricks_done + 1`` (LOO-PLAY-2, LOO-PLAY-3, §14.12, §14.19)."""
    trumps = hand & SUIT_MASKS[trump]
    if tricks_done == 0:
        if lead_rule == "cassell":  # LOO-VAR-CASSELL-LEAD, §14.12
            if trumps:
                return 1 << highest(trumps)
            top = max(rank_of(c) for c in cards_in(hand))
            return sum(1 << c for c in cards_in(hand) if rank_of(c) == top)
        ace = top_trump(turnup, trump)
        if hand >> ace & 1:  # LOO-PLAY-2 step 1
            return 1 << ace
        if int.bit_count(trumps) >= 2:  # LOO-PLAY-2 step 2, or LOO-VAR-LEADONE
            return trumps if lead_rule == "lead_one" else 1 << highest(trumps)
        return hand
    if tricks_done == 1 and trumps and (lead_rule == "cassell" or second_lead == "peel"):
        return 1 << highest(trumps)  # LOO-PLAY-3; Cassell's later leads (§14.19)
    return hand


def follow(hand: int, trick: Sequence[Card], trump: int) -> int:
    """The cards ``hand`` may play to ``trick``: follow and head, or trump and overtrump (LOO-PLAY-4..6)."""
    return loo_follow(hand, list(trick), trump)


def follow_reason(hand: int, trick: Sequence[Card], card: Card, legal: int, trump: int) -> tuple[str, str]:
    """Why ``card`` may not be played to ``trick``: ``(reason, rule)`` (§14.18)."""
    led = trick[0] // 13
    if hand & SUIT_MASKS[led]:
        if card // 13 != led:
            return f"must follow suit in {SUIT_NAMES[led]}", "LOO-PLAY-4"
        return f"must head the trick with a higher {SUIT_NAMES[led][:-1]}: {format_cards(legal)}", "LOO-PLAY-5"
    trumped = any(c // 13 == trump for c in trick) and led != trump
    verb = "overtrump" if trumped else "trump"
    return f"void in {SUIT_NAMES[led]}, must {verb} to head the trick: {format_cards(legal)}", "LOO-PLAY-6"


def lead_reason(
    hand: int, tricks_done: int, legal: int, *, trump: int, turnup: Card, lead_rule: str
) -> tuple[str, str]:
    """Why a card outside ``legal`` may not be led: ``(reason, rule)``."""
    must = format_cards(legal)
    trumps = hand & SUIT_MASKS[trump]
    cassell = lead_rule == "cassell"
    if tricks_done == 1:
        if cassell:
            return f"must lead his highest trump, {must} (Cassell's lead)", "LOO-PLAY-3"
        if int.bit_count(trumps) >= 2:
            return f"having won the first trick with two trumps, must lead the higher, {must}", "LOO-PLAY-3"
        return f"having won the first trick holding a trump, must lead it, {must}", "LOO-PLAY-3"
    if cassell:
        if trumps:
            return f"must lead his highest trump, {must} (Cassell's lead)", "LOO-PLAY-2"
        return f"holding no trump, must lead a card of his highest rank: {must} (Cassell's lead)", "LOO-PLAY-2"
    if rank_of(turnup) == 12 and legal == 1 << card_of(11, trump):
        return "holding the king of trumps with the ace turned up, must lead it", "LOO-PLAY-2"
    if legal == 1 << card_of(12, trump):
        return "holding the ace of trumps, must lead it", "LOO-PLAY-2"
    if lead_rule == "lead_one":
        return f"holding two or more trumps, must lead one of them: {must}", "LOO-PLAY-2"
    return f"holding two or more trumps, must lead the highest, {must}", "LOO-PLAY-2"
