"""Perft for Nap (python-chess's node counts): the number of complete legal action sequences from fixed deals.

``perft`` walks the engine's ``legal_actions()`` to every complete deal. Each count is pinned, and each is
also recomputed here by an independent enumerator written from RULES.md alone (the call ladder NAP-CALL-1..7
and C-NAP-5, following NAP-PLAY-2, trumps NAP-PLAY-1/5, the winner NAP-PLAY-3 and the early end NAP-PLAY-4),
which shares no code with the engine.
"""

from __future__ import annotations

from functools import cache

import pytest

from roundgames import NapRules
from roundgames.nap import NapDeal


def perft(deal: NapDeal) -> int:
    """Complete legal action sequences from ``deal``, by the engine."""
    if deal.is_complete:
        assert deal.legal_actions() == []
        return 1
    total = 0
    legal = deal.legal_actions()
    assert legal
    for action in legal:
        child = deal.copy()
        child.apply(action)
        total += perft(child)
    return total


# -- the independent enumerator ---------------------------------------------------------------------------


def card(text: str) -> int:
    return "SHDC".index(text[1]) * 13 + "23456789TJQKA".index(text[0])


FIVE = ("nap", "wellington", "blucher")


def independent_count(
    options: dict[str, object], seats: list[str], dealer: str, hands: dict[str, str], calls: list[str]
) -> int:
    """Count complete sequences from the deal after ``calls`` (each ``"SEAT pass"`` or ``"SEAT call X"``)."""
    misery_above_three = options.get("misery_rank") == "above_three"
    misery_trumps = options.get("misery_trumps", True)
    min_call = int(str(options.get("min_call", 1)))
    all_pass = options.get("all_pass", "eldest_one")
    ladder = ["1", "2", "3", "misery", "4"] if misery_above_three else ["1", "2", "misery", "3", "4"]
    ladder += list(FIVE)
    n = len(seats)
    d = seats.index(dealer)
    order = [seats[(d + 1 + i) % n] for i in range(n)]  # 2..5 players: the dealer plays
    start = tuple(frozenset(card(c) for c in hands[s].split()) for s in order)
    k = len(order)

    def allowed(highest: str | None) -> list[str]:
        out = []
        for c in ladder:
            if c in ("1", "2", "3", "4") and int(c) < min_call:
                continue
            if highest is not None and ladder.index(c) <= ladder.index(highest):
                continue
            if c == "wellington" and highest != "nap":
                continue
            if c == "blucher" and highest != "wellington":
                continue
            out.append(c)
        return out

    def winner_of(trick: tuple[int, ...], trump: int | None) -> int:
        best = 0
        for i in range(1, len(trick)):
            a, b = trick[i], trick[best]
            if (a // 13 == b // 13 and a > b) or (a // 13 == trump and b // 13 != trump):
                best = i
        return best

    def ended(contract: str, won: int, lost: int) -> bool:
        if contract == "misery":
            return won > 0 or lost == 5
        if contract in FIVE:
            return lost > 0 or won == 5
        need = int(contract)
        return won == need or lost > 5 - need

    def play(declarer: int, contract: str) -> int:
        @cache
        def go(
            hands: tuple[frozenset[int], ...],
            leader: int,
            trick: tuple[int, ...],
            won: int,
            lost: int,
            trump: int | None,
        ) -> int:
            if len(trick) == k:
                w = (leader + winner_of(trick, trump)) % k
                won2, lost2 = (won + 1, lost) if w == declarer else (won, lost + 1)
                if ended(contract, won2, lost2):
                    return 1
                return go(hands, w, (), won2, lost2, trump)
            seat = (leader + len(trick)) % k
            hand = hands[seat]
            if trick:
                follow = [c for c in hand if c // 13 == trick[0] // 13]
                choices = follow or list(hand)
            else:
                choices = list(hand)
            total = 0
            for c in choices:
                t = trump
                if not trick and won == lost == 0 and trump is None and (contract != "misery" or misery_trumps):
                    t = c // 13  # the senior hand's first lead fixes trumps
                new = tuple(h - {c} if i == seat else h for i, h in enumerate(hands))
                total += go(new, leader, (*trick, c), won, lost, t)
            return total

        return go(start, declarer, (), 0, 0, None)

    def calling(i: int, highest: tuple[int, str] | None) -> int:
        if i == k:
            if highest is None:
                if all_pass in ("redeal", "double_header"):
                    return 1
                highest = (0 if all_pass == "eldest_one" else k - 1, str(min_call))
            return play(*highest)
        total = calling(i + 1, highest)  # pass
        for c in allowed(highest[1] if highest else None):
            total += calling(i + 1, (i, c))
        return total

    highest: tuple[int, str] | None = None
    for i, text in enumerate(calls):
        seat, verb, *rest = text.split()
        assert seat == order[i]
        if verb == "call":
            assert rest[0] in allowed(highest[1] if highest else None)
            highest = (i, rest[0])
    return calling(len(calls), highest)


# -- the pinned deals ----------------------------------------------------------------------------------------

TWO = {"P1": "AS KS 2H 3D 4C", "P2": "QS 5H 6D 7C 8C"}
THREE = {"P1": "AS KS 2H 3D 4C", "P2": "QS 5H 6D 7C 8C", "P3": "JS 9H TD 2C 3S"}
CASES = [
    # id, preset, options, seats, dealer, hands, calls, pinned count
    ("two-players-from-the-start", "peel", {}, ["P1", "P2"], "P2", TWO, [], 8034),
    ("two-players-modern-from-the-start", "modern", {}, ["P1", "P2"], "P2", TWO, [], 6000),
    ("three-players-call-3", "peel", {}, ["P1", "P2", "P3"], "P3", THREE, ["P1 call 3", "P2 pass", "P3 pass"], 1568),
    (
        "three-players-misery-no-trumps",
        "peel",
        {"misery_trumps": False},
        ["P1", "P2", "P3"],
        "P3",
        THREE,
        ["P1 call misery", "P2 pass", "P3 pass"],
        772,
    ),
    ("three-players-after-two-calls", "peel", {}, ["P1", "P2", "P3"], "P3", THREE, ["P1 call 2", "P2 pass"], 4504),
    (
        "three-players-double-header",
        "peel",
        {"all_pass": "double_header"},
        ["P1", "P2", "P3"],
        "P3",
        THREE,
        ["P1 pass", "P2 pass"],
        5793,
    ),
    # by hand: P1 leads any of his five spades (trumps) and P2, void, plays any of his five hearts; P1 wins
    # every trick, so a three ends after trick 3: (5 * 5) * (4 * 4) * (3 * 3) = 3600
    (
        "two-players-three-by-hand",
        "peel",
        {},
        ["P1", "P2"],
        "P2",
        {"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH"},
        ["P1 call 3", "P2 pass"],
        3600,
    ),
    # by hand: a forced one (all pass, NAP-CALL-7) ends after the first trick: 5 * 5 = 25
    (
        "two-players-all-pass-by-hand",
        "peel",
        {},
        ["P1", "P2"],
        "P2",
        {"P1": "AS KS QS JS TS", "P2": "AH KH QH JH TH"},
        ["P1 pass", "P2 pass"],
        25,
    ),
]


@pytest.mark.parametrize(
    ("preset", "options", "seats", "dealer", "hands", "calls", "pinned"),
    [c[1:] for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_perft(
    preset: str,
    options: dict[str, object],
    seats: list[str],
    dealer: str,
    hands: dict[str, str],
    calls: list[str],
    pinned: int,
) -> None:
    rules = NapRules.preset(preset).with_options(options)
    deal = NapDeal(rules, seats, dealer)
    deal.deal_cards(hands)
    for text in calls:
        deal.apply(deal.parse_action(text))
    merged = {**NapRules.PRESETS[preset], **options}  # the preset's options, for the independent enumerator
    assert independent_count(merged, seats, dealer, hands, calls) == pinned
    assert perft(deal) == pinned
