"""What Three-card Loo lets a seat play, and why not (LOO-PLAY-2..6, LOO-VAR-LEADONE, LOO-VAR-CASSELL-LEAD).

Pure functions of values (the hand, the trick, the declarations, the rules): the deal asks them, and so do the
search and the bots.
Five-card Loo's play with Pam is :mod:`roundgames.loo.pam`.

>>> from roundgames.core.cards import mask_of, parse_cards, format_cards
>>> hand = mask_of(parse_cards("AS 4S 9D"))
>>> format_cards(lead(hand, 0, trump=0, turnup=parse_cards("7S")[0], lead_rule="highest", second_lead="peel"))
'AS'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import SUIT_MASKS, SUIT_NAMES, Card, card_of, cards_in, format_cards, highest, rank_of
from ..core.errors import IllegalActionError, RecordError
from ..core.tricks import loo_follow
from .actions import Decl, Kind, Phase

__all__ = [
    "declare_options",
    "follow",
    "follow_reason",
    "lead",
    "lead_reason",
    "refusal",
    "top_trump",
    "verify_in_play",
]


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


def refusal(
    name: str, verb: str, decl: Decl, *, kind: Kind, club_law: bool, miss_holder: str | None
) -> IllegalActionError:
    """Why a declaration that is not among the options of the seat to act is refused, with its rule (LOO-DECL-3,
    LOO-DECL-8, LOO-VAR-CLUBLAW, LOO-VAR-EW-SINGLE); ``miss_holder``: the name of the seat that took the miss."""

    if kind is Kind.EW_SINGLE:
        return IllegalActionError(f"{name} cannot {verb}: in this single all must play", "LOO-VAR-EW-SINGLE")
    if club_law:
        return IllegalActionError(
            f"{name} cannot {verb}: clubs are trumps, so all must stand (club law)", "LOO-VAR-CLUBLAW"
        )
    if decl is Decl.DEFEND:
        return IllegalActionError(
            f"{name} cannot play the miss for the pool: only the dealer may, when one player alone "
            "stood and nobody took the miss",
            "LOO-DECL-8",
        )
    if decl is Decl.MISS:
        return IllegalActionError(f"{name} cannot take the miss: {miss_holder or '?'} has taken it", "LOO-DECL-3")
    return IllegalActionError(
        f"{name} cannot throw up: one player alone stood, so the dealer must stand, take the miss "
        "or play it for the pool",
        "LOO-DECL-8",
    )


def declare_options(
    seat: int, decls: Sequence[Decl], order: Sequence[int], club_law: bool, miss_open: bool, may_concede: bool
) -> tuple[Decl, ...]:
    """The declarations open to ``seat`` in a Three-card deal if it were its turn (LOO-DECL-1..10, §14.2), given
    every seat's declaration so far and the ``order`` the seats declare in (the dealer's rights with the last)."""
    if club_law:
        return (Decl.STAND,)
    if seat == order[-1]:
        others = order[:-1]
        stood = sum(1 for s in others if decls[s] is Decl.STAND)
        took = sum(1 for s in others if decls[s] is Decl.MISS)
        if stood == 1 and took == 0:  # LOO-DECL-8
            return (Decl.DEFEND, Decl.MISS, Decl.STAND) + ((Decl.THROW,) if may_concede else ())
        if stood == 0 and took == 1:  # LOO-DECL-9
            return (Decl.STAND, Decl.THROW)
    return (Decl.MISS, Decl.STAND, Decl.THROW) if miss_open else (Decl.STAND, Decl.THROW)


def verify_in_play(phase: Phase, *, unknown: bool, to_act: bool, has_miss: bool, what: str) -> None:
    """Raise unless a deal in ``phase`` is in its play, so that a seat may play a card now as far as the phase goes
    (``what``: "P3 cannot play 4S"; ``to_act``: whether it is the seat's turn; ``has_miss``: whether the deal has
    one; ``unknown``: whether nobody recorded its cards); the seat, the card and the turn are the caller's to check."""
    if phase is Phase.DEAL:
        raise IllegalActionError(f"{what}: the cards have not been dealt", "LOO-DEAL-4")
    if phase is Phase.COMPLETE:
        raise IllegalActionError(f"{what}: the deal is over", "LOO-PLAY-9")
    if unknown:
        raise RecordError("actions", f"{what}: nobody recorded the cards of this deal; state each trick's winner")
    if phase is Phase.DECLARE:
        if to_act:
            choices = "stand, throw up or take the miss" if has_miss else "stand or throw up"
            raise IllegalActionError(f"{what}: he must first {choices}", "LOO-DECL-1")
        raise IllegalActionError(f"{what}: the declaring is not over", "LOO-DECL-1")
    if phase is Phase.SHOW:
        raise IllegalActionError(f"{what}: a flush is shown, so the hand is not played", "LOO5-6")
