"""Random play of Five-card and Irish Loo: invariants over hundreds of seeded deals, every option mix
(STYLE.md §10, OpenSpiel's random simulation tests).

Each deal is played to the end by a seeded random player through the checked path and watched by a shadow of
RULES.md §4.2/§4.3 written here from the document alone (cards as rank and suit letters, sets, not masks):
Pam's rank and suit in play, following, leading, flushes and the settlement. At every step the engine's legal
actions must be the shadow's and all accepted by ``can``; refused actions must change nothing; every trick's
winner, and at the end every seat's net and the pool, must be the shadow's; money is conserved; and the record
round-trips and replays through the referee to the same ruling. A quarter of the deals are stacked so that
some seats hold flushes.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from typing import Any

import pytest

from roundgames import IllegalActionError, LooDeal, LooRules, RecordError
from roundgames.core.cards import card_str
from roundgames.loo.deal import Decl, LooAction, Phase
from roundgames.records.deal import dumps, loads, record_of, referee

RANKS, SUITS = "23456789TJQKA", "SHDC"
SUIT = {c: SUITS.index(card_str(c)[1]) for c in range(52)}
RANK = {c: RANKS.index(card_str(c)[0]) for c in range(52)}
CARD = {card_str(c): c for c in range(52)}


class Shadow:
    """The rules of play of one deal, from RULES.md: Pam (LOO5-3/4, C-LOO-17), §3.7, LOO5-6/7, LOOI-3."""

    def __init__(self, rules: LooRules, turnup: int) -> None:
        self.rules = rules
        self.trump = SUIT[turnup]
        self.turnup = turnup
        self.five = rules.form == "five_card"
        self.size = 5 if self.five else 3
        jack = "C" if rules.pam == "jack_clubs" else SUITS[self.trump]
        self.pam: int | None = CARD["J" + jack] if self.five else None
        self.flushes = self.five or rules.irish_flush

    def suit(self, c: int) -> int:
        return self.trump if c == self.pam else SUIT[c]

    def strength(self, c: int, led: int, civil: bool) -> tuple[int, int]:
        if c == self.pam:
            return (-1, 0) if civil else (3, 0)
        if SUIT[c] == self.trump:
            return (2, RANK[c])
        return (1, RANK[c]) if SUIT[c] == led else (0, 0)

    def winner(self, cards: list[int], civil: bool) -> int:
        led = self.suit(cards[0])
        best = 0
        for i in range(1, len(cards)):
            if self.strength(cards[i], led, civil) > self.strength(cards[best], led, civil):
                best = i
        return best

    def _split(self, hand: set[int], civil: bool) -> tuple[set[int], set[int]]:
        h = set(hand)
        if self.pam in h and len(h) > 1:
            if civil:
                return h - {self.pam}, set()
            if self.rules.pam_free:
                return h - {self.pam}, {self.pam}
        return h, set()

    def follow(self, hand: set[int], trick: list[int], civil: bool) -> set[int]:
        h, extra = self._split(hand, civil)
        led = self.suit(trick[0])
        win = trick[self.winner(trick, civil)]
        bar = self.strength(win, led, civil)
        same = {c for c in h if self.suit(c) == led}
        if same:
            if self.suit(win) != led:
                return same | extra
            return ({c for c in same if self.strength(c, led, civil) > bar} or same) | extra
        heads = {c for c in h if self.suit(c) == self.trump and self.strength(c, led, civil) > bar}
        return (heads or h) | extra

    def lead(self, hand: set[int], index: int) -> set[int]:
        h, extra = self._split(hand, False)
        rule = self.rules.lead_rule
        trumps = {c for c in h if self.suit(c) == self.trump}
        top = {max(trumps, key=lambda c: self.strength(c, self.trump, False))} if trumps else set()
        if index == 0:
            if rule == "cassell":
                high = max(RANK[c] for c in h)
                return (top or {c for c in h if RANK[c] == high}) | extra
            ace = CARD[("K" if RANK[self.turnup] == 12 else "A") + SUITS[self.trump]]
            if self.pam not in h and ace in h:
                return {ace} | extra
            if len(trumps) >= 2:
                return (trumps if rule == "lead_one" else top) | extra
            return h | extra
        if trumps and (rule == "cassell" or (index == 1 and self.rules.second_lead == "peel")):
            return top | extra
        return h | extra

    def flush(self, hand: set[int]) -> tuple[Any, ...] | None:
        if not self.flushes or len(hand) != self.size:
            return None
        rest = hand - {self.pam} if self.pam in hand else set(hand)
        if len({SUIT[c] for c in rest}) != 1:
            return None
        top = [13] if self.pam in hand else []
        return (SUIT[next(iter(rest))] == self.trump, *top, *sorted((RANK[c] for c in rest), reverse=True))


def cards(mask: int) -> set[int]:
    return {c for c in range(52) if mask >> c & 1}


def options_for(form: str, rng: random.Random) -> dict[str, object]:
    opts: dict[str, object] = {
        "flush_pay": rng.choice(["peel", "ew_hoy"]),
        "flush_tie": rng.choice(["elder", "split"]),
        "club_law": rng.random() < 0.5,
        "lead_rule": rng.choice(["highest", "lead_one", "cassell"]),
        "second_lead": rng.choice(["peel", "none"]),
        "loo_mode": rng.choice(["limited", "unlimited"]),
    }
    if form == "five-card":
        opts |= {"pam": rng.choice(["jack_clubs", "jack_trumps"]), "pam_free": rng.random() < 0.5}
    else:
        opts["irish_flush"] = rng.random() < 0.7
    return opts


def stacked(deal: LooDeal, rng: random.Random, size: int, pam_rule: str) -> None:
    """Deal so that one to three seats hold a flush (some with Pam): the rest at random."""
    left = list(range(52))
    rng.shuffle(left)
    turnup = left.pop()
    trump = SUIT[turnup]
    pam = CARD["J" + ("C" if pam_rule == "jack_clubs" else SUITS[trump])] if size == 5 else None
    hands: dict[int, list[int]] = {}
    for seat in rng.sample(deal.order, min(len(deal.order), rng.randint(1, 3))):
        suits = [s for s in range(4) if sum(1 for c in left if SUIT[c] == s and c != pam) >= size]
        suit = rng.choice(suits)
        want = size - 1 if pam in left and rng.random() < 0.3 else size
        hand = [c for c in left if SUIT[c] == suit and c != pam][:want]
        if want < size and pam is not None:
            hand.append(pam)
        hands[seat] = hand
        left = [c for c in left if c not in hand]
    for seat in deal.order:
        if seat not in hands:
            hands[seat], left = left[:size], left[size:]
    deal.deal_cards({s: h for s, h in hands.items()}, turnup=turnup, stock=left)


def expected_settlement(deal: LooDeal, shadow: Shadow, start: int, hands_at_show: dict[int, set[int]]) -> list[int]:
    """Each seat's net by RULES.md: stakes, then the flush (LOO5-6/7, C-LOO-15/16), the pool taken without play
    (LOO-DECL-7/9 [D]), or the five or three shares and the loos (LOO5-5, LOO5-8, LOO-SET)."""
    rules = deal.rules
    n = deal.n
    net = [0] * n
    net[deal.dealer] -= rules.stakes.deal
    pool = start + rules.stakes.deal
    loo = pool if rules.loo_mode == "unlimited" else rules.stakes.loo
    if deal.shown:
        keys = {s: shadow.flush(hands_at_show[s]) for s in deal.shown}
        best = max(k for k in keys.values() if k is not None)
        winners = [s for s in deal.order if keys.get(s) == best]
        if rules.flush_tie == "elder":
            winners = winners[:1]

        def split(amount: int) -> list[int]:
            return [amount // len(winners) + (i < amount % len(winners)) for i in range(len(winners))]

        for w, part in zip(winners, split(pool), strict=True):
            net[w] += part
        if rules.flush_pay == "peel":
            payers = [s for s in range(deal.n) if s not in winners]  # a dealer taking no part too (§14.25)
        else:
            stood = [s for s in deal.order if deal.decls[s] in (Decl.STAND, Decl.EXCHANGE)] or list(deal.shown)
            payers = [
                s
                for s in stood
                if s not in winners and shadow.pam not in hands_at_show[s] and shadow.flush(hands_at_show[s]) is None
            ]
        for p in payers:
            for w, part in zip(winners, split(loo), strict=True):
                net[p] -= part
                net[w] += part
        return net
    if not deal.tricks:
        assert deal.winner_without_play is not None
        net[deal.winner_without_play] += pool
        return net
    size = shadow.size
    shares = [pool // size + (i < pool % size) for i in range(size)]
    taken = [0] * n
    for t, share in zip(deal.tricks, shares, strict=True):
        assert t.winner is not None
        net[t.winner] += share
        taken[t.winner] += 1
    pam_holder = next((t.seats[t.cards.index(shadow.pam)] for t in deal.tricks if shadow.pam in t.cards), None)
    for s in deal.players:
        if not taken[s] and s != pam_holder:
            net[s] -= loo
    return net


def play_one(form: str, seed: int) -> dict[str, int]:
    """Play one seeded deal, checking every step against the shadow; returns counts of what happened."""
    rng = random.Random(f"{form}:{seed}")
    rules = LooRules.preset(form).with_options(options_for(form, rng))
    side = random.Random(f"{form}:{seed}:dealer")  # apart, so that the deals drawn from rng stay as they were
    rules = rules.with_options(
        dealer_lone_stander=side.choice(["must_defend", "may_concede"]),  # §14.24
        dealer_stands_out_above=side.choice([None, None, 4]),  # he deals and pays, takes no part (§14.3, §14.25)
    )
    n = rng.randint(3, 8 if form == "five-card" else 10)
    start = rng.randrange(0, 30)
    deal = LooDeal(rules, n, dealer=rng.randrange(n), pool=start)
    size = 5 if form == "five-card" else 3
    if rng.random() < 0.25:
        stacked(deal, rng, size, rules.pam)
    else:
        deal.deal(rng)
    shadow = Shadow(rules, deal.turnup)
    seen = {"flush": 0, "exchange": 0, "civil": 0, "played": 0}
    civil = False
    hands_at_show: dict[int, set[int]] = {}
    steps = 0
    while not deal.is_complete:
        steps += 1
        assert steps < 200
        s = deal.to_act
        assert s is not None
        acts = deal.legal_actions()
        assert acts and all(a.seat == s for a in acts)
        assert all(deal.can(a) for a in acts), [deal.action_str(a) for a in acts if not deal.can(a)]
        texts = {deal.action_str(a).split(" ", 1)[1] for a in acts}
        hand = cards(deal.hands[s])
        window = deal.phase is Phase.PLAY and not deal.tricks and not deal.trick_cards and not deal.shown
        if deal.phase is Phase.DECLARE:
            decls = {t for t in texts if not t.startswith("exchange")}
            # the dealer facing a lone stander plays his own hand, unless he may concede (§14.24, LOO-DECL-8)
            ins = [o for o in deal.order[:-1] if deal.decls[o] in (Decl.STAND, Decl.EXCHANGE)]
            facing_one = s == deal.order[-1] and len(ins) == 1 and deal.rules.dealer_lone_stander == "must_defend"
            assert decls == ({"stand"} if deal.club_law or facing_one else {"stand", "throw"})
            most = min(len(hand), len(deal.stock))
            assert len(texts) - len(decls) == sum(comb(len(hand), k) for k in range(1, most + 1))
        elif deal.phase is Phase.SHOW:
            assert texts == {"flush"} and shadow.flush(hand) is not None
        else:
            if deal.trick_cards:
                want = shadow.follow(hand, deal.trick_cards, civil)
            else:
                want = shadow.lead(hand, len(deal.tricks))
            got = {a.card for a in acts if a.verb == "play" and a.arg is None}
            assert got == want, (card_str(deal.turnup), sorted(map(card_str, hand)), [card_str(c) for c in want])
            ace = CARD["A" + SUITS[shadow.trump]]
            civil_offered = any(a.arg == "civil" for a in acts)
            assert civil_offered == (shadow.pam is not None and not deal.trick_cards and ace in want)
            # A flush is always shown, before the first lead (§14.34): none is left in the play, nor offered there.
            assert "flush" not in texts
            if window:
                assert all(shadow.flush(cards(deal.hands[p])) is None for p in deal.players)
        for other in deal.order:  # nothing is offered out of turn: a flush is shown in its holder's turn (§14.34)
            if other != s:
                assert deal.view(other).legal == ()
        # something illegal, by the seat to act or another: refused, and nothing changes
        verb = rng.choice(["play", "play", "stand", "throw", "miss", "defend", "flush", "exchange"])
        who = s if rng.random() < 0.7 else rng.randrange(n)
        card = rng.randrange(52)
        probe = {
            "play": LooAction(who, "play", card),
            "flush": LooAction(who, "flush"),
            "exchange": LooAction(who, "exchange", None, card_str(card)),
        }.get(verb, LooAction(who, verb))
        if probe not in acts and probe not in deal.view(who).legal:
            before = (len(deal.log), deal.hands[:], deal.net, deal.phase, deal.to_act, deal.stock[:])
            assert not deal.can(probe), deal.action_str(probe)
            with pytest.raises((IllegalActionError, RecordError)) as refused:
                deal.apply(probe)
            if refused.type is RecordError:  # only a card the seat does not hold is malformed (RULES.md §14.23)
                assert probe.verb == "play" and not deal.hands[who] >> card & 1 and "§14.23" in str(refused.value)
            assert (len(deal.log), deal.hands[:], deal.net, deal.phase, deal.to_act, deal.stock[:]) == before
        sides = [o for o in deal.order if o != s and deal.view(o).legal]
        action = LooAction(rng.choice(sides), "flush") if sides and rng.random() < 0.5 else rng.choice(acts)
        holding = deal.phase is Phase.DECLARE and shadow.flush(hand) is not None
        if holding and LooAction(s, "stand") in acts and rng.random() < 0.6:
            action = LooAction(s, "stand")  # a flush is mostly kept, not exchanged away: so it is shown and paid
        if action.verb == "flush" and deal.phase is Phase.PLAY:
            hands_at_show = {p: cards(deal.hands[p]) for p in deal.players}
        if action.verb == "flush" and deal.phase is Phase.DECLARE:
            raise AssertionError("no flush while declaring")
        lead = deal.phase is Phase.PLAY and not deal.trick_cards
        tricks = len(deal.tricks)
        trick = [*deal.trick_cards, action.card]
        deal.apply(action)
        if lead and action.verb == "play":
            civil = action.arg == "civil"
        if len(deal.tricks) > tricks:
            assert action.card is not None
            done = deal.tricks[-1]
            assert done.winner == done.seats[shadow.winner([c for c in trick if c is not None], civil)]
        if action.verb in seen:
            seen[action.verb] += 1
        seen["civil"] += action.arg == "civil"
        if deal.phase is Phase.SHOW and not hands_at_show:  # a lone seat shows before taking the pool [D]
            hands_at_show = {p: cards(deal.hands[p]) for p in range(n)}
    if deal.shown:
        holders = {p for p in deal.show_from if shadow.flush(hands_at_show[p]) is not None}
        assert set(deal.shown) == holders  # once one is shown, every flush of the seats that play is
    want = expected_settlement(deal, shadow, start, hands_at_show)
    assert deal.net == want, (deal.net, want, deal.action_str(deal.log[-1]))
    assert sum(deal.net) + deal.pool_total - start == 0  # §14.1
    text = dumps(record_of(deal))
    assert dumps(loads(text)) == text
    ruling = referee(loads(text))
    assert ruling["complete"] and ruling["error"] is None
    assert ruling["net"] == dict(zip(deal.seats, deal.net, strict=True))
    assert ruling["pool"] == deal.pool_total
    assert ruling["next"] == {"dealer": deal.seats[deal.next_dealer], "kind": "regular"}
    assert [t["winner"] for t in ruling["tricks"]] == [
        deal.seats[t.winner] for t in deal.tricks if t.winner is not None
    ]
    seen["played"] += bool(deal.tricks)
    return seen


@pytest.mark.parametrize("form", ["five-card", "irish"])
def test_random_deals_follow_the_rules_conserve_money_and_round_trip(form: str) -> None:
    """Three hundred seeded deals of each form, every option mix (LOO5-1..8, LOOI-1..3): legal actions are the
    shadow's and accepted by ``can``; tricks, flushes and payments are the shadow's; money is conserved; the
    record replays to the same ruling. The run must have exercised exchanges, flushes, "civil" and full play."""
    total: dict[str, int] = {}
    for seed in range(300):
        for key, count in play_one(form, seed).items():
            total[key] = total.get(key, 0) + count
    assert total["exchange"] > 100 and total["flush"] >= 10 and total["played"] > 100
    if form == "five-card":
        assert total["civil"] >= 5


def test_exchange_masks_cover_every_subset_once() -> None:
    """LOO5-2: every non-empty subset of the hand, no larger than the stock, is offered exactly once."""
    deal = LooDeal(LooRules.preset("five-card"), 3, dealer=2)
    deal.deal(5)
    hand = sorted(cards(deal.hands[0]))
    got = [a.arg for a in deal.legal_actions() if a.verb == "exchange"]
    assert len(got) == len(set(got)) == 31
    assert {frozenset(CARD[c] for c in str(arg).split()) for arg in got} == {
        frozenset(x) for k in range(1, 6) for x in combinations(hand, k)
    }
