"""Random-play invariants over thousands of seeded Nap deals (OpenSpiel's random simulation tests).

For each option set, seeded deals are played by a random player that first picks a verb and then an
action of that verb, so that the many ``spare`` and ``buy`` combinations do not crowd out the rest. Every
deal is then checked against an independent reading of RULES.md:

- a legal action exists until the end, and ``legal_actions()`` agrees with ``can()``;
- the log replayed from the dealt cards is legal by NAP-PLAY-2 (follow suit) and NAP-PLAY-3 (turn order);
  each trick's winner is recomputed, trumps being the suit of the senior hand's first lead (NAP-PLAY-1),
  none in misery under ``misery_trumps: false`` (NAP-PLAY-5);
- the deal ends exactly when NAP-PLAY-4 says and never runs past it;
- the senior hand and the call are recomputed from the calls (NAP-CALL-*, C-NAP-5, §14.13), the
  settlement from the payment tables (§6.5, §7, §14.13, §14.14), and money is conserved (§14.1);
- the record round-trips and the referee reproduces net, kitty and tricks.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from roundgames import NapRules
from roundgames.core.cards import cards_in, mask_of
from roundgames.nap import NapDeal
from roundgames.nap.deal import CALLS, NapAction
from roundgames.records.deal import dumps, loads, record_of, referee

# name, preset, options, player counts, deals
OPTION_SETS: list[tuple[str, str, dict[str, Any], tuple[int, ...], int]] = [
    ("peel", "peel", {}, (2, 3, 4, 5, 6), 500),
    ("plain", "plain", {}, (2, 3, 4, 5, 6), 250),
    ("modern", "modern", {}, (2, 3, 4, 5, 6), 250),
    ("misery-above-three", "peel", {"misery_rank": "above_three"}, (3, 4, 5), 200),
    ("misery-no-trumps", "peel", {"misery_trumps": False}, (3, 4, 5), 250),
    ("misery-eb11", "peel", {"misery_pay": "eb11"}, (3, 4, 5), 200),
    ("pay-well-blu-mod", "peel", {"pay_table": "well_blu_mod"}, (3, 4, 5), 200),
    ("pay-parlett", "peel", {"pay_table": "parlett"}, (3, 4, 5), 200),
    ("pay-hsw-flat", "peel", {"pay_table": "hsw_flat"}, (3, 4, 5), 200),
    ("all-pass-dealer-one", "peel", {"all_pass": "dealer_one"}, (2, 3, 4, 5, 6), 200),
    ("all-pass-redeal", "peel", {"all_pass": "redeal"}, (2, 3, 4, 5, 6), 200),
    ("all-pass-double-header", "peel", {"all_pass": "double_header", "min_call": 3}, (2, 3, 4, 5, 6), 250),
    ("kitty", "peel", {"kitty": True}, (2, 3, 4, 5, 6), 250),
    ("purchase", "peel", {"purchase": True}, (2, 3, 4, 5, 6), 200),
    ("spare-peel", "peel", {"spare_hand": "peel"}, (2, 3, 4, 5, 6), 200),
    ("spare-sir-garnet", "peel", {"spare_hand": "sir_garnet"}, (2, 3, 4, 5, 6), 200),
    ("peep", "peel", {"peep": True}, (2, 3, 4, 5, 6), 200),
    ("nap-top-card", "peel", {"nap_top_card": True}, (2, 3, 4, 5, 6), 200),
    ("nap-challenge", "peel", {"nap_challenge": True}, (3, 4, 5, 6), 200),
    ("dealer-out-at-5", "peel", {"dealer_out_at": 5}, (4, 5, 6), 200),
    ("max-players-7", "peel", {"max_players": 7}, (2, 3, 4, 5, 6, 7), 250),
    ("pack-32", "peel", {"pack": 32}, (2, 3, 4, 5, 6), 250),
    ("min-call-2", "peel", {"min_call": 2}, (2, 3, 4, 5), 150),
    (
        "everything",
        "peel",
        {"purchase": True, "peep": True, "spare_hand": "peel", "nap_top_card": True, "nap_challenge": True},
        (3, 4, 5, 6),
        200,
    ),
]
TOTAL_DEALS = sum(s[4] for s in OPTION_SETS)

# Independent copies of RULES.md's tables ----------------------------------------------------------------
NEED = {"1": 1, "2": 2, "3": 3, "4": 4, "misery": 0, "nap": 5, "wellington": 5, "blucher": 5}
FIVE = {"nap", "wellington", "blucher"}
PAY = {  # per opponent, (made, lost), §6.5
    "1": (1, 1),
    "2": (2, 2),
    "3": (3, 3),
    "4": (4, 4),
    "misery": (3, 3),
    "nap": (10, 5),
    "wellington": (20, 10),
    "blucher": (30, 15),
}
PAY_CHANGES = {
    "peel": {},
    "well_blu_mod": {"wellington": (10, 10), "blucher": (10, 15)},  # NAP-VAR-WELLINGTON
    "parlett": {"nap": (10, 10), "wellington": (20, 20), "blucher": (40, 40)},  # NAP-VAR-PARLETT, §14.19
    "hsw_flat": dict.fromkeys(PAY, (10, 10)),  # C-NAP-4, §14.28: every contract, won or lost
}


def per_opponent(rules: NapRules, contract: str) -> tuple[int, int]:
    if contract == "misery" and rules.misery_pay == "eb11" and rules.pay_table != "hsw_flat":
        return (3, 6)  # NAP-VAR-MISERY
    return PAY_CHANGES[rules.pay_table].get(contract, PAY[contract])


def ladder(rules: NapRules) -> list[str]:
    if rules.misery_rank == "above_three":
        return ["1", "2", "3", "misery", "4", "nap", "wellington", "blucher"]
    return ["1", "2", "misery", "3", "4", "nap", "wellington", "blucher"]


def has_kitty(rules: NapRules) -> bool:
    return rules.kitty or rules.purchase or rules.peep or rules.spare_hand == "peel"  # §14.14


def stop_now(contract: str, won: int, lost: int) -> bool | None:
    """NAP-PLAY-4: True/False when the call is made/lost at this point, None while play goes on."""
    if contract == "misery":
        return False if won else (True if lost == 5 else None)
    n = NEED[contract]
    if contract in FIVE:
        return False if lost else (True if won == 5 else None)
    if won == n:
        return True
    return False if lost > 5 - n else None


def trick_winner(cards: list[int], trump: int | None) -> int:
    """NAP-PLAY-3: the highest trump, else the highest card of the suit led."""
    led = cards[0] // 13
    trumps = [i for i, c in enumerate(cards) if trump is not None and c // 13 == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c // 13 == led]
    return max(pool, key=lambda i: cards[i] % 13)


# The random player ----------------------------------------------------------------------------------------


def choose(deal: NapDeal, legal: list[NapAction], rng: random.Random) -> NapAction:
    by_verb: dict[str, list[NapAction]] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    verbs = sorted(by_verb)
    weights = [{"pass": 3, "call": 3, "peep": 1, "spare": 1, "raise": 1}.get(v, 2) for v in verbs]
    verb = rng.choices(verbs, weights)[0]
    return rng.choice(by_verb[verb])


def check_legal_agrees_with_can(deal: NapDeal, legal: list[NapAction], rng: random.Random) -> None:
    """Every legal action passes ``can()``; every other action tried fails it (spare and buy sampled)."""
    s = deal.to_act
    assert s is not None
    legal_set = set(legal)
    assert len(legal_set) == len(legal)
    heavy = [a for a in legal if a.verb == "spare"]
    for a in legal:
        if a.verb != "spare":
            assert deal.can(a), deal.action_str(a)
    for a in rng.sample(heavy, min(4, len(heavy))):
        assert deal.can(a), deal.action_str(a)
    hand = deal.hands[s]
    extra = 0
    if deal.widow is not None:
        extra |= 1 << deal.widow
    if deal.stock:
        extra |= 1 << deal.stock[0]
    foreign = rng.choice([c for c in range(52) if not (hand | extra) >> c & 1])
    tries = [NapAction(s, "pass"), NapAction(s, "peep"), NapAction(s, "raise")]
    tries += [NapAction(s, "call", c) for c in CALLS]
    tries += [NapAction(s, "play", None, (c,)) for c in [*cards_in(hand), foreign]]
    cards = sorted(cards_in(hand))
    # every widow/topcard discard before the first lead, every purchase while buying; one of each elsewhere
    before_lead = deal.declarer == s and not deal.tricks and not deal.all_tricks()
    exchange = [*cards_in(hand | extra), foreign] if before_lead else [cards[0]]
    tries += [NapAction(s, v, None, (c,)) for v in ("widow", "topcard") for c in exchange]
    buying = any(a.verb == "buy" for a in legal)
    tries += [NapAction(s, "buy", None, k) for n in range(6 if buying else 2) for k in combinations(cards, n)]
    tries.append(NapAction(s, "buy", None, (cards[0], foreign)))
    if deal.spare:
        ten = sorted(cards_in(hand | deal.spare))
        tries += [NapAction(s, "spare", None, tuple(sorted(rng.sample(ten, 5)))) for _ in range(3)]
        tries.append(NapAction(s, "spare", None, tuple(ten[:4])))
        tries.append(NapAction(s, "spare", None, tuple(sorted([*ten[:4], foreign]))))
    for a in tries:
        assert deal.can(a) == (a in legal_set), (deal.action_str(a), a in legal_set)
    # nobody else may act
    other = rng.choice([o for o in range(deal.n) if o != s])
    for a in (NapAction(other, "pass"), NapAction(other, "call", "nap"), NapAction(other, "peep")):
        assert not deal.can(a)
    for c in list(cards_in(deal.hands[other]))[:2]:
        assert not deal.can(NapAction(other, "play", None, (c,)))


def play_random(deal: NapDeal, rng: random.Random) -> None:
    for _ in range(200):
        if deal.is_complete:
            assert deal.legal_actions() == []
            return
        legal = deal.legal_actions()
        assert legal, "a legal action must exist until the deal is complete"
        check_legal_agrees_with_can(deal, legal, rng)
        deal.apply(choose(deal, legal, rng))
    raise AssertionError("the deal did not end")


# The independent checks ----------------------------------------------------------------------------------


def check_deal(deal: NapDeal, rules: NapRules, start_kitty: int, multiplier: int) -> None:
    n = deal.n
    dealer = deal.dealer
    dealer_out = n >= rules.dealer_out_at
    order = [(dealer + 1 + i) % n for i in range(n)]
    if dealer_out:
        order.remove(dealer)
    unit = rules.stakes.unit
    net = [0] * n
    kitty = start_kitty
    if has_kitty(rules):
        net[dealer] -= unit
        kitty += unit

    hands = list(deal.dealt)
    stock = list(deal.dealt_stock)
    widow = deal.dealt_widow
    spare = deal.dealt_spare
    highest: tuple[int, str] | None = None
    nap_caller: int | None = None
    spare_taker: int | None = None
    callers: list[int] = []
    plays: list[tuple[int, int]] = []
    buyers: list[int] = []
    for a in deal.log:
        s = a.seat
        if a.verb == "buy":
            assert not callers and s == order[len(buyers)]  # NAP-VAR-PURCHASE: before any call, in turn
            buyers.append(s)
            for c in a.cards:
                assert hands[s] >> c & 1
                hands[s] = hands[s] & ~(1 << c) | 1 << stock.pop(0)
            net[s] -= unit * len(a.cards)
            kitty += unit * len(a.cards)
        elif a.verb == "peep":
            net[s] -= unit
            kitty += unit
        elif a.verb in ("pass", "call", "spare"):
            if a.verb == "pass" and highest is not None and nap_caller == s and s in callers:
                continue  # a challenged Nap caller declining (nap_challenge)
            assert s not in callers  # NAP-CALL-3
            assert s == order[len(callers)]  # NAP-CALL-1
            callers.append(s)
            call = {"call": a.call, "spare": "nap"}.get(a.verb)
            if call is not None:
                assert call in ladder(rules)
                if highest is not None:
                    assert ladder(rules).index(call) > ladder(rules).index(highest[1])  # NAP-CALL-2
                if call == "wellington":
                    assert highest is not None and highest[1] == "nap"  # NAP-CALL-6
                if call == "blucher":
                    assert highest is not None and highest[1] == "wellington"
                if call in ("1", "2", "3", "4"):
                    assert int(call) >= rules.min_call  # NAP-CALL-4
                highest = (s, call)
                if call == "nap":
                    nap_caller = s
            if a.verb == "spare":
                assert mask_of(a.cards) & ~(hands[s] | spare) == 0 and len(a.cards) == 5
                hands[s], spare, spare_taker = mask_of(a.cards), 0, s
        elif a.verb == "raise":
            assert rules.nap_challenge and nap_caller == s and highest is not None
            assert highest[1] in ("wellington", "blucher")
            highest = (s, highest[1])
        elif a.verb in ("widow", "topcard"):
            extra = widow if a.verb == "widow" else stock.pop(0)
            assert extra is not None and not plays
            if a.verb == "widow":
                widow = None
            hands[s] = (hands[s] | 1 << extra) & ~(1 << a.cards[0])
        else:
            assert a.verb == "play"
            plays.append((s, a.cards[0]))
    assert len(callers) == len(order)  # calling goes round once

    # the senior hand (NAP-CALL-7, C-NAP-5, §14.13)
    if highest is None:
        if rules.all_pass in ("redeal", "double_header"):
            assert (deal.declarer, deal.contract, deal.made, plays) == (None, None, None, [])
            assert deal.next_dealer == (dealer if rules.all_pass == "redeal" else (dealer + 1) % n)
            assert deal.next_multiplier == (2 if rules.all_pass == "double_header" else multiplier)
            if not (rules.all_pass == "redeal" and has_kitty(rules)):
                assert deal.net == net
            assert sum(deal.net) + deal.kitty - start_kitty == 0
            return
        highest = (order[0] if rules.all_pass == "eldest_one" else order[-1], str(rules.min_call))
    declarer, contract = highest
    assert (deal.declarer, deal.contract) == (declarer, contract)

    # play: turn order, following suit, trumps, winners, the early end
    trump: int | None = None
    leader = declarer
    won = lost = 0
    result: bool | None = None
    tricks = []
    k = len(order)
    assert plays and len(plays) % k == 0, "the deal ends only after a whole trick"
    for t in range(len(plays) // k):
        assert result is None, "played past the end of the deal (NAP-PLAY-4)"
        trick = plays[t * k : (t + 1) * k]
        i = order.index(leader)
        assert [s for s, _ in trick] == [order[(i + j) % k] for j in range(k)]
        led = trick[0][1] // 13
        if t == 0 and (contract != "misery" or rules.misery_trumps):
            trump = led
        for s, c in trick:
            assert hands[s] >> c & 1, "played a card not held"
            if s != leader and hands[s] & (0x1FFF << (13 * led)):
                assert c // 13 == led, "NAP-PLAY-2: must follow suit"
            hands[s] &= ~(1 << c)
        cards = [c for _, c in trick]
        winner = trick[trick_winner(cards, trump)][0]
        tricks.append((leader, [s for s, _ in trick], cards, winner))
        if winner == declarer:
            won += 1
        else:
            lost += 1
        result = stop_now(contract, won, lost)
        leader = winner
    assert result is not None, "the deal stopped before NAP-PLAY-4 ended it"
    assert deal.made is result
    assert deal.trump == trump
    assert [(t.leader, list(t.seats), list(t.cards), t.winner) for t in deal.tricks] == tricks

    # settlement
    won_each, lost_each = per_opponent(rules, contract)
    each = unit * multiplier * (won_each if result else lost_each)
    if not result and spare_taker == declarer and rules.spare_hand == "sir_garnet":
        each *= 2  # NAP-VAR-SPARE, SIR_GARNET_BIC
    for opp in range(n):
        if opp != declarer:
            sign = 1 if result else -1
            net[declarer] += sign * each
            net[opp] -= sign * each
    if not result and spare_taker == declarer and rules.spare_hand == "peel":
        net[declarer] -= 2 * unit  # two tricks into the kitty
        kitty += 2 * unit
    if result and contract in FIVE and has_kitty(rules):
        net[declarer] += kitty  # §14.14
        kitty = 0
    assert deal.net == net
    assert deal.kitty == kitty
    assert sum(deal.net) + deal.kitty - start_kitty == 0
    assert deal.next_dealer == (dealer + 1) % n
    if rules.all_pass == "double_header":
        assert deal.next_multiplier == (1 if result else multiplier)


def check_record(deal: NapDeal) -> None:
    text = dumps(record_of(deal))
    assert dumps(loads(text)) == text
    ruling = referee(loads(text))
    assert ruling["complete"] is True and ruling["error"] is None
    seats = deal.seats
    assert ruling["net"] == dict(zip(seats, deal.net, strict=True))
    assert ruling["pool"] == deal.kitty
    assert [(t["leader"], t["cards"], t["winner"]) for t in ruling["tricks"]] == [
        (seats[t.leader], [f"{'23456789TJQKA'[c % 13]}{'SHDC'[c // 13]}" for c in t.cards], seats[t.winner])
        for t in deal.tricks
    ]
    assert ruling["declarer"] == (None if deal.declarer is None else seats[deal.declarer])
    assert (ruling["contract"], ruling["made"]) == (deal.contract, deal.made)
    assert ruling["next"] == {"dealer": seats[deal.next_dealer], "multiplier": deal.next_multiplier}


def test_at_least_5000_deals_over_2_to_7_players() -> None:
    assert TOTAL_DEALS >= 5000
    assert {p for s in OPTION_SETS for p in s[3]} == {2, 3, 4, 5, 6, 7}


@pytest.mark.parametrize(
    ("name", "preset", "options", "players", "count"), OPTION_SETS, ids=[s[0] for s in OPTION_SETS]
)
def test_random_deals(name: str, preset: str, options: dict[str, Any], players: tuple[int, ...], count: int) -> None:
    rules = NapRules.preset(preset).with_options(options)
    seen_contracts: set[str | None] = set()
    for i in range(count):
        rng = random.Random(f"{name}:{i}")
        n = rng.choice(players)
        start_kitty = rng.randrange(6) if has_kitty(rules) else 0
        multiplier = rng.choice((1, 2)) if rules.all_pass == "double_header" else 1
        deal = NapDeal(rules, n, dealer=rng.randrange(n), kitty=start_kitty, multiplier=multiplier)
        deal.deal(rng.randrange(1 << 32))
        play_random(deal, rng)
        check_deal(deal, rules, start_kitty, multiplier)
        check_record(deal)
        seen_contracts.add(deal.contract)
    assert len(seen_contracts) >= 4  # the random player reaches a spread of calls
