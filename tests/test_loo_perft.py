"""Perft counts for Three-card Loo (STYLE.md §10, after python-chess's perft): the number of complete legal action
sequences from the start of declaring to the end of fixed deals, pinned.

Each count is computed twice: by the engine, depth first over ``legal_actions()`` with ``copy()`` and the checked
``apply``, and by ``rules_count``, a brute-force enumeration written here from RULES.md §3.6-3.7 and §14.2 on card
names, which shares no code with the engine. The two smallest counts are also derived by hand in comments, so the
pinned numbers are not merely the program's output.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from roundgames import LooDeal, LooRules

RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Fixed:
    seats: list[str]
    dealer: str
    hands: dict[str, str]
    miss: str
    turnup: str
    options: dict[str, Any] = field(default_factory=dict)
    sequences: int = 0  # complete legal action sequences, pinned
    # Of which end before any card is played. By hand, with k seats before the dealer: all k throw up (LOO-DECL-7,
    # 1 way); one of the k takes the miss, the rest throw up, and the dealer throws up (LOO-DECL-9, k ways); under
    # may_concede also one of the k stands alone and the dealer gives up the stakes (k ways). So 1 + k, or
    # 1 + 2k; see test_without_play_by_hand.
    without_play: int = 0


DEALS: dict[str, Fixed] = {
    # Hand count: a club is turned up under club law, so the miss is withdrawn and P2, P3, P1 must each stand:
    # one declaring sequence (LOO-VAR-CLUBLAW). Nobody holds a trump and each holds one suit only, so the elder
    # P2 leads whatever he likes (LOO-PLAY-2 step 3), P3 and P1, void and trumpless, discard anything (LOO-PLAY-6),
    # and P2's spade wins every trick, so he leads again with no trump to lead (LOO-PLAY-3 does not bind).
    # Every seat plays its three cards in any order: 3! * 3! * 3! = 216 sequences, none ending before play.
    "club_law_free": Fixed(
        ["P1", "P2", "P3"],
        "P1",
        {"P2": "4S 3S 2S", "P3": "4H 3H 2H", "P1": "4D 3D 2D"},
        "5S 5H 5D",
        "5C",
        {"club_law": True},
        sequences=216,
    ),
    # Hand count: all stand (club law). P2 holds the ace of trumps and must lead it (LOO-PLAY-2 step 1); P3 and P1
    # must follow with their only club (LOO-PLAY-4; neither can head the ace). P2 wins and, with no trump left,
    # leads either spade (2 ways); P3 and P1, void and without trumps, discard either card (2 * 2 ways); P2's
    # spade wins, and the last trick is forced. 1 * (2 * 2 * 2) * 1 = 8 sequences.
    "club_law_forced": Fixed(
        ["P1", "P2", "P3"],
        "P1",
        {"P2": "AC 2S 3S", "P3": "KC 4H 5H", "P1": "QC 4D 5D"},
        "5S 6H 6D",
        "5C",
        {"club_law": True},
        sequences=8,
    ),
    "three_players": Fixed(
        ["P1", "P2", "P3"],
        "P3",
        {"P1": "KH 7S 2D", "P2": "QH 9S 4C", "P3": "AD 8S 3H"},
        "JH TC 5S",
        "6H",
        sequences=91,
        without_play=3,
    ),
    # The deal of RULES.md §10 LX-3, from its first declaration.
    "lx_3": Fixed(
        ["P1", "P2", "P3", "P4"],
        "P2",
        {"P3": "AS 4S 9D", "P4": "KD QD 2C", "P1": "JS 8H 3H", "P2": "KS TS 5D"},
        "6C 2H 8D",
        "7S",
        sequences=768,
        without_play=4,
    ),
    "four_lead_one_concede": Fixed(
        ["P1", "P2", "P3", "P4"],
        "P4",
        {"P1": "KH 7H 2D", "P2": "QS 9S 4C", "P3": "AD 8S 3H", "P4": "JC 5H TD"},
        "JH TC 5S",
        "6H",
        {"lead_rule": "lead_one", "dealer_lone_stander": "may_concede"},
        sequences=503,
        without_play=7,
    ),
    "five_players": Fixed(
        ["P1", "P2", "P3", "P4", "P5"],
        "P1",
        {"P2": "KH 7S 2D", "P3": "QH 9S 4C", "P4": "AD 8S 3H", "P5": "JC 5D TD", "P1": "9C 3C 6S"},
        "JH TC 5S",
        "6H",
        sequences=3188,
        without_play=5,
    ),
    "five_miss_holder_leads": Fixed(
        ["P1", "P2", "P3", "P4", "P5"],
        "P3",
        {"P4": "AH 7S 2D", "P5": "QH 9S 4C", "P1": "KD 8S 3H", "P2": "JC 5D TH", "P3": "9C 3C 6S"},
        "JH TC 5S",
        "2H",
        {"leader": "miss_holder"},
        sequences=1468,
        without_play=5,
    ),
}


def start(fixed: Fixed) -> LooDeal:
    rules = LooRules.preset().with_options(fixed.options)
    deal = LooDeal(rules, fixed.seats, dealer=fixed.dealer, pool=0)
    deal.deal_cards(fixed.hands, miss=fixed.miss, turnup=fixed.turnup)
    return deal


def engine_count(deal: LooDeal) -> tuple[int, int]:
    """(sequences, sequences ending before play) from ``deal``, depth first through the checked path."""
    if deal.is_complete:
        return 1, int(not deal.tricks)
    total = early = 0
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply(action)
        t, e = engine_count(child)
        total, early = total + t, early + e
    return total, early


# -- the count by the rules, on card names --------------------------------------------------------------


def _suit(card: str) -> str:
    return card[1]


def _rank(card: str) -> int:
    return RANKS.index(card[0])


def _winner(cards: list[str], trump: str) -> int:
    trumps = [i for i, c in enumerate(cards) if _suit(c) == trump]
    pool = trumps or [i for i, c in enumerate(cards) if _suit(c) == _suit(cards[0])]
    return max(pool, key=lambda i: _rank(cards[i]))


def _beats(card: str, best: str, trump: str) -> bool:
    return _rank(card) > _rank(best) if _suit(card) == _suit(best) else _suit(card) == trump


def _follows(hand: list[str], trick: list[str], trump: str) -> list[str]:
    """RULES.md §3.7's legal-move function."""
    best = trick[_winner(trick, trump)]
    of_led = [c for c in hand if _suit(c) == _suit(trick[0])]
    if of_led:
        return [c for c in of_led if _beats(c, best, trump)] or of_led
    return [c for c in hand if _suit(c) == trump and _beats(c, best, trump)] or hand


def _leads(hand: list[str], first: bool, turnup: str, options: dict[str, Any]) -> list[str]:
    """LOO-PLAY-2 (first lead), LOO-PLAY-3 (second lead), LOO-VAR-LEADONE, LOO-VAR-CASSELL-LEAD."""
    trump = _suit(turnup)
    trumps = sorted((c for c in hand if _suit(c) == trump), key=_rank)
    rule = options.get("lead_rule", "highest")
    if first:
        if rule == "cassell":
            top = max(_rank(c) for c in hand)
            return trumps[-1:] or [c for c in hand if _rank(c) == top]
        boss = ("K" if turnup[0] == "A" else "A") + trump
        if boss in hand:
            return [boss]
        if len(trumps) >= 2:
            return trumps if rule == "lead_one" else trumps[-1:]
        return hand
    if trumps and (rule == "cassell" or options.get("second_lead", "peel") == "peel"):
        return trumps[-1:]
    return hand


def _play(hands: dict[str, list[str]], players: list[str], to_act: str, trick: list[str], done: int, fx: Fixed) -> int:
    """Complete play sequences from here: ``done`` tricks finished, ``trick`` the cards of the one in progress."""
    if done == 3:
        return 1
    hand = hands[to_act]
    if trick:
        choices = _follows(hand, trick, _suit(fx.turnup))
    else:
        choices = _leads(hand, done == 0, fx.turnup, fx.options) if done < 2 else hand
    total = 0
    for card in choices:
        after = {**hands, to_act: [c for c in hand if c != card]}
        now = [*trick, card]
        if len(now) < len(players):
            nxt = players[(players.index(to_act) + 1) % len(players)]
            total += _play(after, players, nxt, now, done, fx)
        else:
            first = players[(players.index(to_act) + 1) % len(players)]  # the leader of this trick
            seats = players[players.index(first) :] + players[: players.index(first)]
            total += _play(after, players, seats[_winner(now, _suit(fx.turnup))], [], done + 1, fx)
    return total


def rules_count(fx: Fixed) -> tuple[int, int]:
    """(sequences, sequences ending before play), enumerated from the rules alone."""
    n = len(fx.seats)
    d = fx.seats.index(fx.dealer)
    order = [fx.seats[(d + 1 + i) % n] for i in range(n)]  # from the dealer's left, the dealer last
    hands = {s: fx.hands[s].split() for s in order}
    club_law = fx.options.get("club_law", False) and _suit(fx.turnup) == "C"

    def declare(i: int, decls: dict[str, str]) -> tuple[int, int]:
        seat, others = order[i], order[:-1]
        last = i == n - 1
        if last and not club_law and all(decls[o] == "throw" for o in others):
            return 1, 1  # LOO-DECL-7: the dealer takes the pool, nothing to declare
        taken = "miss" in decls.values()
        if club_law:
            options = ["stand"]
        elif last and sum(v == "stand" for v in decls.values()) == 1 and not taken:  # LOO-DECL-8
            options = ["defend", "miss", "stand"]
            if fx.options.get("dealer_lone_stander") == "may_concede":
                options.append("throw")
        elif last and sum(v == "miss" for v in decls.values()) == 1 and "stand" not in decls.values():  # -9
            options = ["stand", "throw"]
        else:
            options = ["stand", "throw"] if taken else ["miss", "stand", "throw"]
        total = early = 0
        for verb in options:
            now = {**decls, seat: verb}
            if not last:
                t, e = declare(i + 1, now)
            else:
                playing = [s for s in order if now[s] != "throw"]
                if len(playing) == 1:
                    t, e = 1, 1  # the one left in takes the pool (LOO-DECL-9, or the dealer concedes)
                else:
                    held = {s: fx.miss.split() if now[s] in ("miss", "defend") else hands[s] for s in playing}
                    holder = [s for s in playing if now[s] in ("miss", "defend")]
                    leader = playing[0]  # LOO-PLAY-1
                    if fx.options.get("leader") == "miss_holder" and holder:  # LOO-VAR-MISS-LEADS, §14.11
                        leader = holder[0]
                    t, e = _play(held, playing, leader, [], 0, fx), 0
            total, early = total + t, early + e
        return total, early

    return declare(0, {})


@pytest.mark.parametrize("name", list(DEALS))
def test_perft_engine(name: str) -> None:
    fx = DEALS[name]
    assert engine_count(start(fx)) == (fx.sequences, fx.without_play)


@pytest.mark.parametrize("name", list(DEALS))
def test_perft_by_the_rules(name: str) -> None:
    """The same counts from an enumeration written from RULES.md alone."""
    fx = DEALS[name]
    assert rules_count(fx) == (fx.sequences, fx.without_play)


@pytest.mark.parametrize("name", list(DEALS))
def test_without_play_by_hand(name: str) -> None:
    fx = DEALS[name]
    k = len(fx.seats) - 1
    if fx.options.get("club_law") and fx.turnup.endswith("C"):
        expected = 0  # all must stand and play
    elif fx.options.get("dealer_lone_stander") == "may_concede":
        expected = 1 + 2 * k
    else:
        expected = 1 + k
    assert fx.without_play == expected


def test_club_law_free_by_permutations() -> None:
    """The hand count of 'club_law_free' as a product: each of three seats plays its cards in any of 3! orders."""
    from math import factorial

    assert DEALS["club_law_free"].sequences == factorial(3) ** 3


def test_perft_does_not_disturb_the_deal() -> None:
    """Counting works on copies: the deal counted is still at its first declaration afterwards."""
    deal = start(DEALS["lx_3"])
    before = (deal.to_act, deal.hands[:], deal.log[:], deal.net)
    engine_count(deal)
    assert (deal.to_act, deal.hands[:], deal.log[:], deal.net) == before
