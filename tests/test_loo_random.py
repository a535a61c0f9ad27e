"""Random play of Three-card Loo: invariants over thousands of seeded deals (STYLE.md §10, OpenSpiel's random
simulation tests).

Every deal is played to the end by a seeded random player through the checked path (``deal.apply``) and watched
by ``Shadow``, a second implementation of RULES.md §3, §4.1 and §14 written here from the document alone. At every
step the engine's legal actions must be the shadow's, ``can`` must agree with ``legal_actions`` for every
declaration and every card, and a refused action must raise IllegalActionError and change nothing. At the end:
money is conserved, each trick's winner, the settlement and the kind of the next deal are the shadow's, every
card played was in its player's hand, and the record round-trips and replays through the referee to the same
ruling.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from roundgames import IllegalActionError, LooDeal, LooRules, RecordError, parse_cards
from roundgames.core.cards import card_str
from roundgames.loo.deal import LooAction
from roundgames.records.deal import dumps, loads, record_of, referee

RANK_ORDER = "23456789TJQKA"
SUIT_ORDER = "SHDC"
CLUBS = SUIT_ORDER.index("C")
SUIT = {c: SUIT_ORDER.index(card_str(c)[1]) for c in range(52)}
RANK = {c: RANK_ORDER.index(card_str(c)[0]) for c in range(52)}
CARD = {(RANK[c], SUIT[c]): c for c in range(52)}
DECL_VERBS = ("stand", "throw", "miss", "defend")

Key = tuple[str, int | None]  # (verb, card)


def winner_index(cards: list[int], trump: int) -> int:
    """LOO-PLAY-7: the highest trump, or failing that the highest card of the suit led."""
    trumps = [i for i, c in enumerate(cards) if SUIT[c] == trump]
    candidates = trumps or [i for i, c in enumerate(cards) if SUIT[c] == SUIT[cards[0]]]
    return max(candidates, key=lambda i: RANK[cards[i]])


def follow(hand: set[int], trick: list[int], trump: int) -> set[int]:
    """The legal-move function of RULES.md §3.7."""
    led = SUIT[trick[0]]
    w = trick[winner_index(trick, trump)]
    of_led = {c for c in hand if SUIT[c] == led}
    if of_led:
        return {c for c in of_led if SUIT[w] == led and RANK[c] > RANK[w]} or of_led
    trumps = {c for c in hand if SUIT[c] == trump}
    beating = trumps if SUIT[w] != trump else {c for c in trumps if RANK[c] > RANK[w]}
    return beating or set(hand)


class Shadow:
    """Three-card Loo by RULES.md, for checking the engine: one deal from the stakes to the settlement."""

    def __init__(
        self,
        rules: LooRules,
        n: int,
        dealer: int,
        pool: int,
        kind: str,
        hands: dict[int, set[int]],
        miss: set[int],
        turnup: int,
    ) -> None:
        self.rules, self.n, self.dealer, self.kind = rules, n, dealer, kind
        self.start = self.pool = pool
        self.next_pool = 0
        self.net = [0] * n
        out = rules.dealer_stands_out_above is not None and n > rules.dealer_stands_out_above  # §14.3
        self.order = [(dealer + 1 + i) % n for i in range(n) if not (out and (dealer + 1 + i) % n == dealer)]
        self.anchor = self.order[-1]
        self.hands = {s: set(h) for s, h in hands.items()}
        self.miss = set(miss)
        self.turnup, self.trump = turnup, SUIT[turnup]
        self.decl: dict[int, str] = {}
        self.miss_holder: int | None = None
        self.players: list[int] = []
        self.tricks: list[tuple[list[int], list[int], int]] = []  # seats, cards, winner
        self.seats_now: list[int] = []
        self.cards_now: list[int] = []
        self.won = [0] * n
        self.looed: dict[int, int] = {}
        self.without_play: int | None = None
        self.to_act: int | None = None
        self.done = False
        self._stake(dealer, rules.stakes.deal)  # LOO-STK-2
        if rules.ante == "all" and kind != "single":  # LOO-VAR-ALL-ANTE; §14.19: a Peel single only the dealer
            for s in range(n):
                if s != dealer:
                    self._stake(s, rules.stakes.ante)
        if kind == "single":
            self._settle_single()
        else:
            self.to_act = self.order[0]

    # -- money

    def _stake(self, seat: int, amount: int) -> None:
        self.net[seat] -= amount
        self.pool += amount

    def _loo(self, seat: int, amount: int) -> None:
        self.net[seat] -= amount
        self.next_pool += amount
        self.looed[seat] = amount

    def _take(self, seat: int, amount: int) -> None:
        self.net[seat] += amount
        self.pool -= amount

    def _finish(self) -> None:
        self.next_pool += self.pool  # what is left is carried (LOO-SET-4, LOO-SGL-4)
        self.pool = 0
        self.done, self.to_act = True, None

    # -- declaring

    @property
    def all_stand(self) -> bool:
        """Club law (a club turned up in a regular deal) or an EW single: all must stand (§14.2)."""
        return self.kind == "ew_single" or (self.rules.club_law and self.kind == "regular" and self.trump == CLUBS)

    def declarations(self, s: int) -> set[str]:
        if self.all_stand:
            return {"stand"}
        if s == self.anchor:
            others = self.order[:-1]
            stood = sum(self.decl[o] == "stand" for o in others)
            took = sum(self.decl[o] == "miss" for o in others)
            if stood == 1 and took == 0:  # LOO-DECL-8, LOO-VAR-DEALER-CONCEDE
                concede = {"throw"} if self.rules.dealer_lone_stander == "may_concede" else set()
                return {"defend", "miss", "stand"} | concede
            if stood == 0 and took == 1:  # LOO-DECL-9
                return {"stand", "throw"}
        return {"miss", "stand", "throw"} if self.miss_holder is None else {"stand", "throw"}

    def declare(self, s: int, verb: str) -> None:
        self.decl[s] = verb
        if verb in ("miss", "defend"):
            self.miss_holder = s
            self.hands[s] = set(self.miss)
        elif verb == "throw":
            self.hands[s] = set()
        if s != self.anchor:
            self.to_act = self.order[self.order.index(s) + 1]
            all_threw = all(self.decl.get(o) == "throw" for o in self.order[:-1])
            if self.to_act == self.anchor and not self.all_stand and all_threw:  # LOO-DECL-7
                self._without_play(self.anchor)
            return
        playing = [o for o in self.order if self.decl[o] in ("stand", "miss", "defend")]
        if verb == "throw" and len(playing) == 1:  # LOO-DECL-9, or the dealer conceding
            self._without_play(playing[0])
            return
        self.players = playing
        leader = playing[0]  # LOO-PLAY-1: the elder among the players
        if self.rules.leader == "miss_holder" and self.miss_holder is not None:  # §14.11
            leader = self.miss_holder
        self.to_act = leader

    def _without_play(self, seat: int) -> None:
        self.without_play = seat
        self._take(seat, self.pool)
        self._finish()

    # -- play

    def playable(self, s: int) -> set[int]:
        hand = self.hands[s]
        if self.cards_now:
            return follow(hand, self.cards_now, self.trump)
        trumps = {c for c in hand if SUIT[c] == self.trump}
        rule = self.rules.lead_rule
        top_trump = max(trumps, key=RANK.__getitem__) if trumps else None
        if not self.tricks:  # LOO-PLAY-2
            if rule == "cassell":  # LOO-VAR-CASSELL-LEAD, §14.12
                if top_trump is not None:
                    return {top_trump}
                high = max(RANK[c] for c in hand)
                return {c for c in hand if RANK[c] == high}
            ace = CARD[(RANK_ORDER.index("K" if card_str(self.turnup)[0] == "A" else "A"), self.trump)]
            if ace in hand:
                return {ace}
            if len(trumps) >= 2:
                return trumps if rule == "lead_one" else {top_trump}  # type: ignore[arg-type]
            return set(hand)
        bound = rule == "cassell" or self.rules.second_lead == "peel"  # LOO-PLAY-3; Cassell's later leads
        if len(self.tricks) == 1 and top_trump is not None and bound:
            return {top_trump}
        return set(hand)

    def legal(self) -> set[Key]:
        if self.done or self.to_act is None:
            return set()
        if not self.players:
            return {(v, None) for v in self.declarations(self.to_act)}
        return {("play", c) for c in self.playable(self.to_act)}

    def apply(self, seat: int, verb: str, card: int | None) -> None:
        assert seat == self.to_act and (verb, card) in self.legal()
        if verb != "play":
            self.declare(seat, verb)
            return
        assert card is not None
        self.hands[seat].remove(card)
        self.seats_now.append(seat)
        self.cards_now.append(card)
        if len(self.cards_now) < len(self.players):
            self.to_act = self.players[(self.players.index(seat) + 1) % len(self.players)]
            return
        w = self.seats_now[winner_index(self.cards_now, self.trump)]
        self.tricks.append((self.seats_now, self.cards_now, w))
        self.won[w] += 1
        self.seats_now, self.cards_now = [], []
        if len(self.tricks) == 3:
            self._settle_regular()
        else:
            self.to_act = w

    # -- settlement

    def _settle_regular(self) -> None:
        pool = self.pool
        base, r = divmod(pool, 3)
        for (_, _, w), share in zip(self.tricks, (base + (r >= 1), base + (r >= 2), base), strict=True):
            if self.decl[w] != "defend":  # the miss played for the pool carries (LOO-SET-4)
                self._take(w, share)
        mode, stakes = self.rules.loo_mode, self.rules.stakes
        loo = stakes.loo if mode == "limited" else pool if mode == "unlimited" else min(pool, self.rules.loo_cap or 0)
        for s in self.players:
            if self.won[s] == 0 and not (self.decl[s] == "defend" and not self.rules.defender_looed):
                self._loo(s, loo)  # LOO-SET-3
        self._finish()

    def _settle_single(self) -> None:
        up = self.turnup
        qualified = [s for s in self.order for c in self.hands[s] if SUIT[c] == SUIT[up] and RANK[c] > RANK[up]]
        best = max(qualified, key=lambda s: max(RANK[c] for c in self.hands[s])) if qualified else None
        if best is not None:  # LOO-SGL-2
            self._take(best, self.pool)
        for s in self.order:  # LOO-SGL-3/4
            if s != best:
                self._loo(s, self.rules.stakes.single)
        self.without_play = best
        self._finish()

    @property
    def next_kind(self) -> str:
        if self.kind == "single" or self.looed:  # LOO-DEAL-2/3, §14.5
            return "regular"
        return {"peel": "single", "ew": "ew_single", "none": "regular"}[self.rules.single]


# -- the option sets ------------------------------------------------------------------------------

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "peel": ("peel", {}),
    "enquire-within": ("enquire-within", {}),
    "unlimited": ("peel", {"loo_mode": "unlimited"}),
    "mixed": ("peel", {"loo_mode": "mixed", "loo_cap": 10}),
    "lead_one": ("peel", {"lead_rule": "lead_one"}),
    "cassell": ("peel", {"lead_rule": "cassell"}),
    "club_law": ("peel", {"club_law": True}),
    "miss_holder": ("peel", {"leader": "miss_holder"}),
    "may_concede": ("peel", {"dealer_lone_stander": "may_concede"}),
    "defender_looed": ("peel", {"defender_looed": True}),
    "ante_all": ("peel", {"ante": "all"}),
    "stands_out_above_5": ("peel", {"dealer_stands_out_above": 5}),
    "pack_32": ("peel", {"pack": 32}),
    "no_second_lead": ("peel", {"second_lead": "none", "single": "none"}),
    "ew_mixed": ("enquire-within", {"loo_mode": "mixed", "loo_cap": 4, "club_law": True, "leader": "miss_holder"}),
    "everything": (
        "peel",
        {
            "loo_mode": "unlimited",
            "lead_rule": "lead_one",
            "dealer_lone_stander": "may_concede",
            "defender_looed": True,
            "ante": "all",
            "dealer_stands_out_above": 5,
            "pack": 32,
            "leader": "miss_holder",
        },
    ),
    "cassell_club_ante": ("peel", {"lead_rule": "cassell", "club_law": True, "ante": "all", "single": "ew"}),
}
PLAYER_COUNTS = range(3, 9)
DEALS_PER_COUNT = 50  # 17 option sets x 6 player counts x 50 = 5,100 deals
KINDS = ["regular"] * 7 + ["ew_single"] * 2 + ["single"]


def _refused(deal: LooDeal, action: LooAction) -> bool:
    """Whether verify refuses ``action``: with IllegalActionError, or as malformed (RecordError) for a card the seat
    does not hold (RULES.md §14.23), and nothing else."""
    try:
        deal.verify(action)
    except IllegalActionError:
        return True
    except RecordError as e:
        return action.verb == "play" and not deal.hands[action.seat] >> action.card & 1 and "§14.23" in str(e)
    return False


def _candidates(deal: LooDeal, seat: int, rng: random.Random, cards: int) -> list[LooAction]:
    """Every declaration for ``seat``, a play of each card it holds, and plays of ``cards`` cards drawn at random."""
    held = [c for c in range(52) if deal.hands[seat] >> c & 1]
    drawn = rng.sample(range(52), cards) if cards < 52 else list(range(52))
    plays = sorted(set(held) | set(drawn))
    return [LooAction(seat, v) for v in DECL_VERBS] + [LooAction(seat, "play", c) for c in plays]


def _check_candidates(deal: LooDeal, legal: list[LooAction], rng: random.Random, *, full: bool) -> None:
    """legal_actions() and can() agree: every legal action is accepted, every other declaration and card is refused
    with IllegalActionError. Each step checks the seat to act's declarations, its cards and two more; a ``full``
    step checks all 52 cards, a second seat's declarations and cards, and applies every legal action to a copy."""
    s = deal.to_act
    assert s is not None
    legal_set = set(legal)
    assert len(legal_set) == len(legal)
    candidates = _candidates(deal, s, rng, 52 if full else 2)
    if full:
        candidates += _candidates(deal, rng.choice([o for o in range(deal.n) if o != s]), rng, 1)
    assert legal_set <= set(candidates)
    for action in candidates:
        if action in legal_set:
            assert deal.can(action), deal.action_str(action)
            assert not _refused(deal, action)
            if full:
                assert deal.copy().apply(action) == action
        else:
            assert not deal.can(action), deal.action_str(action)
            assert _refused(deal, action), deal.action_str(action)
    # a refused action changes nothing
    illegal = [a for a in candidates if a not in legal_set]
    before = (len(deal.log), deal.to_act, deal.phase, deal.hands[:], deal.net, deal.pool_total, deal.decls[:])
    with pytest.raises((IllegalActionError, RecordError)):  # RecordError: a card not held (RULES.md §14.23)
        deal.apply(rng.choice(illegal))
    assert (len(deal.log), deal.to_act, deal.phase, deal.hands[:], deal.net, deal.pool_total, deal.decls[:]) == before


def _check_cards_dealt(deal: LooDeal, kind: str) -> None:
    size = 1 if kind == "single" else 3
    allowed = {c for c in range(52) if card_str(c)[0] in "AKQJT987"} if deal.rules.pack == 32 else set(range(52))
    seen: set[int] = set()
    for s in range(deal.n):
        hand = {c for c in range(52) if deal.dealt[s] >> c & 1}
        assert len(hand) == (size if s in deal.order else 0)
        assert not hand & seen
        seen |= hand
    miss = {c for c in range(52) if deal.miss >> c & 1}
    assert len(miss) == (3 if kind == "regular" else 0)
    assert not miss & seen and deal.turnup not in seen | miss
    assert seen | miss | {deal.turnup} <= allowed


def play_one(rules: LooRules, n: int, rng: random.Random) -> int:
    """Play one random deal, checking it step by step against the shadow; returns the number of actions."""
    kind = rng.choice(KINDS)
    pool = rng.choice([0, 0, 0, 1, 2, 3, 4, 6, 9, 13, 14, 20, 31])
    dealer = rng.randrange(n)
    deal = LooDeal(rules, n, dealer=dealer, pool=pool, kind=kind)
    deal.deal(rng.getrandbits(64))
    _check_cards_dealt(deal, kind)
    masks = {s: {c for c in range(52) if deal.dealt[s] >> c & 1} for s in deal.order}
    miss = {c for c in range(52) if deal.miss >> c & 1}
    shadow = Shadow(rules, n, dealer, pool, kind, masks, miss, deal.turnup)
    assert list(deal.order) == shadow.order

    # cards each seat may play from: its own hand, or the miss once it takes it
    holding = {s: set(h) for s, h in masks.items()}
    bound = 4 * n  # at most one declaration and three cards per seat
    steps = 0
    # one declaring step and one playing step (if the deal lasts so long) check everything
    full_steps = {rng.randint(1, n), rng.randint(n + 1, 2 * n + 2)}
    while not deal.is_complete:
        steps += 1
        assert steps <= bound, "the deal did not end"
        legal = deal.legal_actions()
        assert legal, "no legal action before the end"
        assert deal.to_act == shadow.to_act
        assert {(a.verb, a.card) for a in legal} == shadow.legal()
        assert all(a.seat == deal.to_act for a in legal)
        _check_candidates(deal, legal, rng, full=steps in full_steps)
        action = rng.choice(legal)
        assert deal.apply(action) == action and deal.log[-1] == action
        shadow.apply(action.seat, action.verb, action.card)
        if action.verb in ("miss", "defend"):
            holding[action.seat] = set(miss)
        elif action.verb == "play":
            assert action.card in holding[action.seat], "played a card not held"
            holding[action.seat].remove(action.card)
    assert shadow.done
    assert deal.legal_actions() == [] and deal.to_act is None

    # money is conserved, and the settlement is the shadow's
    assert sum(deal.net) + deal.pool_total - pool == 0
    assert deal.net == shadow.net
    assert deal.pool_total == shadow.next_pool
    assert set(deal.looed) == set(shadow.looed)
    assert deal.next_kind.value == shadow.next_kind
    assert deal.next_dealer == (dealer + 1) % n
    assert deal.winner_without_play == shadow.without_play
    # each trick: played in turn, its winner recomputed here
    assert len(deal.tricks) == len(shadow.tricks)
    leader = shadow.tricks[0][0][0] if shadow.tricks else None
    for trick, (seats, cards, w) in zip(deal.tricks, shadow.tricks, strict=True):
        assert (list(trick.seats), list(trick.cards), trick.winner) == (seats, cards, w)
        assert trick.leader == leader
        assert trick.winner == trick.seats[winner_index(list(trick.cards), SUIT[deal.turnup])]
        k = shadow.players.index(trick.leader)
        assert list(trick.seats) == shadow.players[k:] + shadow.players[:k]
        leader = trick.winner
    # every card a player played was in his hand (or the miss he took), once
    played = [c for t in deal.tricks for c in t.cards]
    assert len(set(played)) == len(played)
    for t in deal.tricks:
        for seat, card in zip(t.seats, t.cards, strict=True):
            source = miss if deal.decls[seat].name in ("MISS", "DEFEND") else masks[seat]
            assert card in source

    # the record round-trips, and the referee rules the same
    record = record_of(deal)
    text = dumps(record)
    again = loads(text)
    assert again == record and dumps(again) == text
    ruling = referee(again)
    assert ruling["complete"] is True and ruling["error"] is None
    assert ruling["net"] == {deal.seats[i]: v for i, v in enumerate(deal.net)}
    assert ruling["pool"] == deal.pool_total
    assert ruling["next"] == {"dealer": deal.seats[(dealer + 1) % n], "kind": deal.next_kind.value}
    assert ruling["tricks"] == [
        {"leader": deal.seats[t.leader], "cards": [card_str(c) for c in t.cards], "winner": deal.seats[t.winner]}
        for t in deal.tricks
        if t.winner is not None
    ]
    return steps


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_deals(name: str) -> None:
    """Seeded random deals under one option set, 3 to 8 players, every kind of deal."""
    preset, options = CONFIGS[name]
    rules = LooRules.preset(preset).with_options(options)
    assert rules.options() == {k: v for k, v in options.items() if getattr(LooRules.preset(preset), k) != v}
    actions = 0
    for n in PLAYER_COUNTS:
        rng = random.Random(f"loo-random:{name}:{n}")
        for _ in range(DEALS_PER_COUNT):
            actions += play_one(rules, n, rng)
    assert actions > 0


def test_shadow_agrees_with_the_worked_example_lx_3() -> None:
    """The shadow itself checked on RULES.md §10 LX-3 (4 players, pool 12): P3 +4, P2 +4 - 3, P4 +4, P1 looed 6."""
    rules = LooRules.preset()
    hands = {2: "AS 4S 9D", 3: "KD QD 2C", 0: "JS 8H 3H", 1: "KS TS 5D"}
    shadow = Shadow(
        rules,
        4,
        1,
        9,
        "regular",
        {s: set(parse_cards(h)) for s, h in hands.items()},
        set(parse_cards("6C 2H 8D")),
        parse_cards("7S")[0],
    )
    for s in (2, 3, 0, 1):
        shadow.apply(s, "stand", None)
    assert shadow.legal() == {("play", parse_cards("AS")[0])}
    plays = "AS 2C JS TS 4S QD 3H KS 5D 9D KD 8H"
    for card in parse_cards(plays):
        assert shadow.to_act is not None
        shadow.apply(shadow.to_act, "play", card)
    assert shadow.net == [-6, 4 - 3, 4, 4]
    assert shadow.next_pool == 6 and shadow.next_kind == "regular"
