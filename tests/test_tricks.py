"""Trick primitives: who wins a trick (LOO-PLAY-7, NAP-PLAY-3) and which cards may follow (LOO-PLAY-4..6, NAP-PLAY-2).

Each function is checked against a definition written out here from RULES.md, on cards named by their text
(rank and suit letters), so that the checks do not share the module's int arithmetic.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundgames import format_cards, parse_card, parse_cards
from roundgames.core.cards import card_str, cards_in, mask_of
from roundgames.core.tricks import follow_suit, loo_follow, trick_winner

RANK_ORDER = "23456789TJQKA"
SUIT_ORDER = "SHDC"


def suit(card: int) -> int:
    return SUIT_ORDER.index(card_str(card)[1])


def rank(card: int) -> int:
    return RANK_ORDER.index(card_str(card)[0])


def brute_winner(cards: list[int], trump: int | None) -> int:
    """LOO-PLAY-7: the highest trump in the trick, or if there is none the highest card of the suit led."""
    trumps = [i for i, c in enumerate(cards) if trump is not None and suit(c) == trump]
    candidates = trumps or [i for i, c in enumerate(cards) if suit(c) == suit(cards[0])]
    return max(candidates, key=lambda i: rank(cards[i]))


def heads(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats the card ``best`` now winning the trick."""
    if suit(card) == suit(best):
        return rank(card) > rank(best)
    return suit(card) == trump


def spec_follow(hand: list[int], trick: list[int], trump: int) -> set[int]:
    """The legal-move function of RULES.md §3.7, written out as the document gives it."""
    led = suit(trick[0])
    w = trick[brute_winner(trick, trump)]
    of_led = [c for c in hand if suit(c) == led]
    if of_led:
        beating = [c for c in of_led if heads(c, w, trump)]
        return set(beating or of_led)
    if suit(w) != trump:
        beating = [c for c in hand if suit(c) == trump]  # any trump heads an untrumped trick
    else:
        beating = [c for c in hand if suit(c) == trump and rank(c) > rank(w)]
    return set(beating or hand)


@st.composite
def trick_and_hand(draw: st.DrawFn, max_trick: int = 11, max_hand: int = 5) -> tuple[list[int], list[int], int]:
    cards = draw(st.permutations(range(52)))
    size = draw(st.integers(1, max_trick))
    hand_size = draw(st.integers(1, max_hand))
    trick, hand = list(cards[:size]), list(cards[size : size + hand_size])
    return trick, hand, draw(st.integers(0, 3))


@given(st.permutations(range(52)), st.integers(1, 16), st.one_of(st.none(), st.integers(0, 3)))
def test_trick_winner_matches_brute_force(cards: list[int], size: int, trump: int | None) -> None:
    """trick_winner names the card a brute-force reading of LOO-PLAY-7 / NAP-PLAY-3 names, trumps or none."""
    trick = list(cards[:size])
    assert trick_winner(trick, trump) == brute_winner(trick, trump)


@given(trick_and_hand())
def test_loo_follow_is_the_legal_move_function_of_rules_3_7(case: tuple[list[int], list[int], int]) -> None:
    trick, hand, trump = case
    legal = loo_follow(mask_of(hand), trick, trump)
    assert set(cards_in(legal)) == spec_follow(hand, trick, trump)


@given(trick_and_hand())
def test_loo_follow_offers_a_non_empty_subset_of_the_hand(case: tuple[list[int], list[int], int]) -> None:
    trick, hand, trump = case
    legal = loo_follow(mask_of(hand), trick, trump)
    assert legal and legal & ~mask_of(hand) == 0


@given(trick_and_hand())
def test_follow_suit_is_nap_play_2(case: tuple[list[int], list[int], int]) -> None:
    """NAP-PLAY-2: follow suit if able, otherwise any card; no obligation to head or to trump."""
    trick, hand, _ = case
    led = suit(trick[0])
    of_led = {c for c in hand if suit(c) == led}
    assert set(cards_in(follow_suit(mask_of(hand), led))) == (of_led or set(hand))


# RULES.md §10, LX-8: legal-move tests for following; clubs are trumps.
LX8 = [
    ("9H", "KH 3H 5C", "KH"),
    ("9H KH", "7C 2C AD", "7C 2C"),
    ("9H KH 7C", "4C 8C QS", "8C"),
    ("9H KH 2C", "4C 8C QS", "8C 4C"),
    ("9H KH 7C", "4C 2C QS", "QS 4C 2C"),
    ("9H 7C", "5H JH AS", "JH 5H"),
]


@pytest.mark.parametrize(("trick", "hand", "legal"), LX8)
def test_lx_8_following(trick: str, hand: str, legal: str) -> None:
    """LX-8 (LOO-PLAY-4..6): follow and head; void, trump or overtrump when it heads; else free."""
    got = loo_follow(mask_of(parse_cards(hand)), parse_cards(trick), suit(parse_card("6C")))
    assert format_cards(got) == format_cards(parse_cards(legal))


def test_loo_play_5_trumped_trick_needs_only_the_suit_led() -> None:
    """LOO-PLAY-5: 'If the trick has already been trumped, a card of the led suit cannot head it, so any card of
    the led suit is legal' (even a high one held beside a trump that would overtrump)."""
    got = loo_follow(mask_of(parse_cards("AH 2H KS")), parse_cards("9H 3S"), suit(parse_card("2S")))
    assert format_cards(got) == "AH 2H"


def test_loo_play_6_led_trump_must_be_headed_with_a_higher_trump() -> None:
    """A trump led: following means playing a higher trump if one is held (LOO-PLAY-4/5)."""
    spades = suit(parse_card("2S"))
    got = loo_follow(mask_of(parse_cards("KS 3S 4H")), parse_cards("QS"), spades)
    assert format_cards(got) == "KS"
    got = loo_follow(mask_of(parse_cards("JS 3S 4H")), parse_cards("QS"), spades)
    assert format_cards(got) == "JS 3S"


def test_trick_winner_examples() -> None:
    hearts, clubs = suit(parse_card("2H")), suit(parse_card("2C"))
    assert trick_winner(parse_cards("9H KH 7C 8C"), clubs) == 3
    assert trick_winner(parse_cards("9H KH 7C 8C"), None) == 1
    assert trick_winner(parse_cards("5D AS 6D 4D"), hearts) == 2
    assert trick_winner(parse_cards("5D AS 6D 2H"), hearts) == 3
    assert trick_winner(parse_cards("5D"), hearts) == 0
