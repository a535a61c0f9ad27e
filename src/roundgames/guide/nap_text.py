"""The page that teaches Nap under its default preset, Peel's (RULES.md §6, §7, §8).

Its worked example is also a deal record, which tests/test_guide.py replays through the referee.
"""

from __future__ import annotations

from .pages import Page, Section

__all__ = ["NAP_PAGES"]

NAP = Page(
    game="nap",
    form="nap",
    slug="nap",
    title="Nap",
    intro=(
        "Nap, or Napoleon, is a round game of five cards each. The players call, once round, how many tricks they "
        "undertake to win; the highest caller then plays alone against all the others, who combine to beat him, and "
        "he wins or loses according to his call.",
        '> "It is an admirable game for three, four, or five persons, and is also available for two and six, though four is the ideal number." (Peel)',
        "These are Peel's rules, the table's default (the preset peel), with misery, Wellington and Blücher. Every "
        "rule has an ID, such as NAP-CALL-2, which a refusal at the table names; all of them are listed at the end of "
        "this page.",
    ),
    sections=(
        Section(
            "deal",
            "The deal",
            (
                "Two to six play, with a full pack ranking as at whist, ace high (NAP-GEN-1, NAP-GEN-3). The first "
                "dealer is whoever is dealt the first knave; the deal passes to the left (NAP-GEN-4).",
                "The dealer deals five cards to each player, one at a time from his left. No card is turned up: there "
                "are no trumps until the first card is led (NAP-DEAL-1). With six players the dealer deals himself no "
                "cards, but pays and receives with the others (NAP-GEN-2).",
                "The stake is agreed beforehand: one unit a trick (NAP-STK-1).",
            ),
        ),
        Section(
            "declaring",
            "Calling: the calls, misery, Nap",
            (
                "Starting on the dealer's left, each player in turn, once only, passes or calls the number of tricks he "
                "undertakes to win against everybody else (NAP-CALL-1). A call must be higher than every call before "
                "it (NAP-CALL-2), and a call once made cannot be changed (NAP-CALL-3). The dealer calls last "
                "(NAP-DEAL-2).",
                "From lowest to highest the calls are: one, two, misery, three, four, Nap (all five tricks), "
                "Wellington, Blücher (NAP-CALL-4).",
                "- Misery: the caller undertakes to take no trick at all. It ranks above two and below three: a call of "
                "three beats it (NAP-CALL-5).",
                "- Wellington may be called only over a Nap, and Blücher only over a Wellington: both are five tricks, "
                "for higher stakes (NAP-CALL-6).",
                "If everybody passes, the eldest hand must play for one trick (NAP-CALL-7). The highest caller becomes "
                "the senior hand (NAP-CALL-8).",
                '> "If he cannot stand for more tricks than have already been called he must pass, and the same holds good all round, until the dealer is reached." (Peel)',
            ),
        ),
        Section(
            "play",
            "The play: trumps, following, and stopping early",
            (
                "The senior hand leads, and the suit of his first card is trumps for the whole deal (NAP-PLAY-1).",
                "Each player must follow suit if he can; if he cannot, he may trump or throw away any card. Unlike "
                "Loo, nobody has to head the trick, nor to trump (NAP-PLAY-2): with spades trumps and {9H} led, a "
                "player holding {KH} {2H} {AS} may play either heart.",
                "The highest trump takes the trick, or else the highest card of the suit led, and its winner leads "
                "the next (NAP-PLAY-3). Play stops as soon as the senior hand has made his call, or can no longer make "
                "it (NAP-PLAY-4).",
                "In misery the caller leads, and his lead makes trumps; he must follow suit but need not trump, and he "
                "fails as soon as he wins a trick (NAP-PLAY-5).",
                '> "He is not forced to head the trick even if he has a card higher than that led." (Peel)',
            ),
        ),
        Section(
            "payments",
            "The payments: Nap's stakes",
            (
                "The senior hand is paid by each other player if he makes his call, and pays each of them if he fails "
                "(NAP-SET-1). Only the call counts: extra tricks earn nothing (NAP-PLAY-7).",
                "- One to four tricks: one unit a trick called, won or lost.",
                "- Misery: three units, won or lost.",
                "- Nap: ten units won, five lost.",
                "- Wellington: twenty won, ten lost. Blücher: thirty won, fifteen lost.",
                "There is no score to reach: the sitting may stop after any deal (NAP-SET-3).",
            ),
        ),
        Section(
            "example",
            "A deal, step by step",
            (
                "Ann, Ben, Cat and Dan sit clockwise, and Dan deals.",
                "Cat holds {AS} {KS} {QS} {4D} {2C}; Dan {7S} {9H} {8H} {3C} {5D}; Ann {JS} {6H} {TD} {9C} {2H}; "
                "Ben {5S} {KH} {AH} {7C} {3H}.",
                "Ann passes; Ben calls two; Cat calls three, which is higher; Dan passes. Cat is the senior hand, for "
                "three tricks.",
                "Trick 1: Cat leads {AS}, so spades are trumps. Dan plays {7S}, Ann {JS}, Ben {5S}. Cat wins.",
                "Trick 2: Cat leads {KS}. Nobody else has a spade, so each throws what he likes: Dan {9H}, Ann {6H}, "
                "Ben {7C}. Cat wins.",
                "Trick 3: Cat leads {QS}; Dan throws {8H}, Ann {TD}, Ben {3H}. Cat wins her third trick, and the deal "
                "ends: she has made her call.",
                "Ann, Ben and Dan each pay Cat 3 units, one for each trick she called: Cat +9; Ann -3, Ben -3, Dan -3.",
            ),
        ),
    ),
    rule_parts=("6", "7", "8"),
    example_record={
        "format": "roundgames-deal/1",
        "game": "nap",
        "variant": "peel",
        "options": {},
        "mode": "strict",
        "stakes": {"unit": 1},
        "seats": ["Ann", "Ben", "Cat", "Dan"],
        "dealer": "Dan",
        "pool": 0,
        "cards": {"Cat": "AS KS QS 4D 2C", "Dan": "7S 9H 8H 3C 5D", "Ann": "JS 6H TD 9C 2H", "Ben": "5S KH AH 7C 3H"},
        "actions": [
            *("Ann pass", "Ben call 2", "Cat call 3", "Dan pass"),
            *("Cat play AS", "Dan play 7S", "Ann play JS", "Ben play 5S"),
            *("Cat play KS", "Dan play 9H", "Ann play 6H", "Ben play 7C"),
            *("Cat play QS", "Dan play 8H", "Ann play TD", "Ben play 3H"),
        ],
    },
    example_net={"Ann": -3, "Ben": -3, "Cat": 9, "Dan": -3},
)

#: the pages of Nap (a game of one form)
NAP_PAGES = (NAP,)
