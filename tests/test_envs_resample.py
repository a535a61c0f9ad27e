"""The resampler behind information-set search (roundgames.envs.resample), without any framework.

- every resampled world agrees with what its seat has seen: its own cards, the turn-up and every public card
  and action, its encodings, and no void another seat has shown; it is a legal deal by the referee;
- the constrained draw of the unseen cards is uniform over the allowed draws;
- over many draws each unseen card lands in every hidden place it could occupy (an independent search for a
  witness world finds none the resampler missed), and before any play the draws are uniform.

OpenSpiel's own use of it (``resample_from_infostate``, ISMCTS) is checked in tests/test_envs_openspiel.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import permutations
from typing import Any

import pytest

from roundgames import LooRules, NapRules
from roundgames.bots import worlds as resample_module
from roundgames.core.cards import SUIT_MASKS, cards_in, pack
from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.envs.encoding import encoding_of
from roundgames.envs.resample import Place, deal_places, place_cards, resample
from roundgames.loo.deal import Decl, LooDeal
from roundgames.loo.pam import suit_in_play
from roundgames.nap import NapDeal
from roundgames.records.deal import record_of, replay

Deal = Any


def _random_deals(make: Callable[[], Deal], rng: random.Random, deals: int) -> Iterator[Deal]:
    """Copies of every state of ``deals`` random deals, from the deal to the end."""
    for _ in range(deals):
        deal = make()
        deal.deal(rng)
        yield deal.copy()
        while not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))  # type: ignore[arg-type]
            yield deal.copy()


def _led_voids(deal: Deal) -> dict[int, int]:
    """For each seat, the cards of the suits it failed to follow (a mask). In Five-card Loo Pam counts as a trump
    (LOO5-3) and is left out of every mask: "Pam be civil" or ``pam_free`` may keep it from a trick it could
    otherwise follow."""
    pam = getattr(deal, "pam", None)
    out: dict[int, int] = {}
    for t in deal.all_tricks():
        led = suit_in_play(t.cards[0], deal.trump, pam)
        for s, c in zip(t.seats, t.cards, strict=True):
            if c == pam and deal.rules.pam_free:  # played "on any suit, at any time": it shows no void
                continue
            if suit_in_play(c, deal.trump, pam) != led:
                out[s] = out.get(s, 0) | SUIT_MASKS[led] & ~(0 if pam is None else 1 << pam)
    return out


def _own_seen(deal: Deal, seat: int) -> int:
    return encoding_of(deal).own_seen(deal, seat)


def _public(deal: Deal, seat: int) -> list[str]:
    return [encoding_of(deal).public(deal, a, seat) for a in deal.log]


def _check_loo_world(deal: LooDeal, seat: int, world: LooDeal) -> None:
    assert world.turnup == deal.turnup and world.kind == deal.kind and world.decls == deal.decls
    if deal.miss_holder == seat:
        assert world.miss == deal.miss


def _check_nap_world(deal: NapDeal, seat: int, world: NapDeal) -> None:
    assert world.calls == deal.calls and world.multiplier == deal.multiplier
    assert {s: len(b) for s, b in world.bought.items()} == {s: len(b) for s, b in deal.bought.items()}
    if seat in deal.peeped:
        assert world.dealt_widow == deal.dealt_widow


#: what a world must keep of each game's own facts, by the game's name
WORLD_CHECKS: dict[str, Callable[[Any, int, Any], None]] = {"loo": _check_loo_world, "nap": _check_nap_world}


def _check_world(deal: Deal, seat: int, world: Deal) -> None:
    assert world is not deal and type(world) is type(deal)
    assert (world.rules, world.seats, world.dealer, world.ledger.start) == (
        deal.rules,
        deal.seats,
        deal.dealer,
        deal.ledger.start,
    )
    assert world.phase == deal.phase and world.to_act == deal.to_act
    own = _own_seen(deal, seat)
    if own:
        assert world.dealt[seat] == own
    assert _own_seen(world, seat) == own
    assert world.view(seat).hand == deal.view(seat).hand
    assert world.all_tricks() == deal.all_tricks()
    assert _public(world, seat) == _public(deal, seat)
    assert world.game is deal.game
    WORLD_CHECKS[deal.game.name](deal, seat, world)
    encoding = encoding_of(deal)
    assert encoding.info_state(world, seat) == encoding.info_state(deal, seat)
    assert encoding.info_vector(world, seat) == encoding.info_vector(deal, seat)
    assert encoding.observation(world, seat) == encoding.observation(deal, seat)
    for other, void in _led_voids(world).items():  # no shown void is broken by a card still held
        assert not world.hands[other] & void, (other, void)
    ruling = replay(record_of(world))  # the referee accepts the world as a legal deal, action for action
    assert ruling.error is None and ruling.deal.is_complete == world.is_complete
    assert record_of(ruling.deal).actions == record_of(world).actions


RESAMPLE_CONFIGS: list[tuple[str, Callable[[], Deal], int]] = [
    ("loo-4", lambda: LooDeal(LooRules.preset("peel"), 4), 12),
    ("loo-6-cassell", lambda: LooDeal(LooRules.preset("peel").with_options(lead_rule="cassell"), 6, dealer=2), 8),
    ("loo-3-ew-single", lambda: LooDeal(LooRules.preset("enquire-within"), 3, kind="ew_single"), 6),
    ("loo-4-single", lambda: LooDeal(LooRules.preset("peel"), 4, kind="single"), 4),
    ("loo-5-five-card", lambda: LooDeal(LooRules.preset("five-card"), 5, dealer=1), 4),
    ("loo-3-irish-flush", lambda: LooDeal(LooRules.preset("irish").with_options(irish_flush=True), 3), 6),
    ("nap-4", lambda: NapDeal(NapRules.preset("peel"), 4), 10),
    ("nap-6-dealer-out", lambda: NapDeal(NapRules.preset("peel"), 6, dealer=3), 6),
    (
        "nap-4-purchase-peep-top-card",
        lambda: NapDeal(NapRules.preset("peel").with_options(purchase=True, peep=True, nap_top_card=True), 4),
        10,
    ),
    (
        "nap-3-spare-challenge",
        lambda: NapDeal(NapRules.preset("peel").with_options(spare_hand="peel", nap_challenge=True, peep=True), 3),
        10,
    ),
]


@pytest.mark.parametrize(("label", "make", "deals"), RESAMPLE_CONFIGS, ids=[c[0] for c in RESAMPLE_CONFIGS])
def test_resampled_worlds_agree_with_the_seat(label: str, make: Callable[[], Deal], deals: int) -> None:
    rng = random.Random(label)
    changed = 0
    for deal in _random_deals(make, rng, deals):
        for seat in range(deal.n):
            world = resample(deal, seat, rng)
            _check_world(deal, seat, world)
            changed += world.dealt != deal.dealt
    if "single" not in label or "ew" in label:
        assert changed > 0  # the hidden cards are drawn afresh, not copied


@pytest.mark.parametrize("quick", [0, 12])
def test_constrained_draw_is_uniform(quick: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The draw of the unseen cards into slots that refuse some cards is uniform over the allowed draws,
    by the exact counting path (``quick=0``) as by plain draws kept when allowed; compared with enumeration."""
    monkeypatch.setattr(resample_module, "_QUICK_TRIES", quick)
    cards = list(range(6))
    classes = [([0, 1], 0b000011), ([2], 0b001100), ([3], 0b000101)]
    free = [4]
    allowed = [
        p for p in permutations(cards, 5) if all(not forbid >> p[s] & 1 for slots, forbid in classes for s in slots)
    ]
    rng = random.Random(1)
    draws = 50 * len(allowed)
    counts = Counter(
        tuple(d[s] for s in range(5))
        for d in (resample_module._fill(classes, free, cards, rng) for _ in range(draws))
        if d
    )
    assert set(counts) == set(allowed)
    # Pearson's chi-square against the uniform: mean len - 1, sd sqrt(2 (len - 1)); 5 sd above is far out
    # (a greedy slot-by-slot draw scores about 15 times the mean here).
    expect = draws / len(allowed)
    chi2 = sum((counts[a] - expect) ** 2 / expect for a in allowed)
    assert chi2 < len(allowed) - 1 + 5 * (2 * (len(allowed) - 1)) ** 0.5, chi2
    assert resample_module._fill([([0], 0b1), ([1], 0b1)], [], [0, 1], rng) is None  # nothing fits


def test_resample_refuses_an_undealt_deal() -> None:
    with pytest.raises(ValueError, match="dealt"):
        resample(LooDeal(LooRules.preset("peel"), 4), 0, random.Random(0))


def _place_of(world: Deal, card: int) -> str:
    """The place ``card`` was dealt to in ``world``: ``hand<seat>``, ``miss``, ``spare``, ``widow``, ``stock``,
    or ``pack`` (not dealt)."""
    for place, cards in place_cards(world).items():
        if card in cards:
            return f"{place[0]}{place[1]}" if place[0] in ("hand", "stock") else place[0]
    return "pack"


def _loo_witness(deal: LooDeal, seat: int, card: int, place: str, rng: random.Random, tries: int) -> bool:
    """Whether a Loo world consistent with ``seat``'s view with ``card`` dealt to ``place`` is found by plain
    uniform draws replayed through the engine's checked ``apply`` (independently of the resampler)."""
    places = place_cards(deal)
    fixed: dict[Place, list[int]] = {key: [] for key in places}
    fixed[("turnup", 0)] = list(places[("turnup", 0)])
    if _own_seen(deal, seat):
        fixed[("hand", seat)] = list(places[("hand", seat)])
    if deal.miss_holder == seat:
        fixed[("miss", 0)] = list(places[("miss", 0)])
    for t in deal.all_tricks():  # a played card comes from the miss if its seat took it, else its own hand
        for s, c in zip(t.seats, t.cards, strict=True):
            key = ("miss", 0) if deal.decls[s] in (Decl.MISS, Decl.DEFEND) else ("hand", s)
            if c not in fixed[key]:
                fixed[key].append(c)
    used = {c for cards in fixed.values() for c in cards}
    assert card not in used
    if place != "pack":
        key = ("hand", int(place[4:])) if place.startswith("hand") else (place, 0)
        if len(fixed[key]) == len(places[key]):
            return False
        fixed[key].append(card)
    pool = [c for c in pack(deal.rules.pack) if c not in used and c != card]
    for _ in range(tries):
        rng.shuffle(pool)
        rest = iter(pool)
        world = deal_places(
            deal, {k: v + [next(rest) for _ in range(len(places[k]) - len(v))] for k, v in fixed.items()}
        )
        try:
            for a in deal.log:
                world.apply(a)
        except (IllegalActionError, RecordError):
            continue
        return True
    return False


def _coverage(deal: Deal, seat: int, draws: int, rng: random.Random) -> tuple[set[tuple[int, str]], set[int]]:
    seen: set[tuple[int, str]] = set()
    worlds = [resample(deal, seat, rng) for _ in range(draws)]
    known = set(cards_in(_own_seen(deal, seat) | deal.view(seat).hand)) | {
        c for t in deal.all_tricks() for c in t.cards
    }
    known |= KNOWN_HEAPS[deal.game.name](deal, seat)
    unseen = {c for c in pack(deal.rules.pack) if c not in known}
    for world in worlds:
        _check_world(deal, seat, world)
        for c in unseen:
            seen.add((c, _place_of(world, c)))
    return seen, unseen


def _loo_known(deal: LooDeal, seat: int) -> set[int]:
    """The cards of Loo's heaps ``seat`` has seen: the turn-up, and the miss if it took it."""
    return {deal.turnup} | (set(cards_in(deal.miss)) if deal.miss_holder == seat else set())


def _nap_known(deal: NapDeal, seat: int) -> set[int]:
    """The cards of Nap's heaps ``seat`` has seen: the widow, if it peeped or took it."""
    widow = deal.view(seat).widow
    return set() if widow is None else {widow}


KNOWN_HEAPS: dict[str, Callable[[Any, int], set[int]]] = {"loo": _loo_known, "nap": _nap_known}


def _nap_state(rng: random.Random, tricks: int, n: int) -> NapDeal:
    """A plain Nap deal after ``tricks`` tricks of random play in which some seat has shown a void."""
    while True:
        deal = NapDeal(NapRules.preset("peel"), n)
        deal.deal(rng)
        while not deal.is_complete and len(deal.tricks) < tricks:
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_complete and _led_voids(deal) and not deal.trick_cards:
            return deal


def test_nap_unseen_cards_reach_every_place_they_could_occupy() -> None:
    rng = random.Random(7)
    deal = _nap_state(rng, 2, 4)
    seat = deal.to_act
    assert seat is not None
    seen, unseen = _coverage(deal, seat, 500, rng)
    voids = _led_voids(deal)
    # Plain Nap's only inference from play is the void: a card may be in any other hand not void in its suit
    # and still holding cards, or in the undealt pack.
    possible = {(c, "pack") for c in unseen}
    for s in deal.order:
        if s != seat and deal.hands[s]:
            possible |= {(c, f"hand{s}") for c in unseen if not voids.get(s, 0) >> c & 1}
    assert seen == possible


def test_nap_purchase_unseen_cards_reach_every_hidden_place() -> None:
    """After the buying, before any card is played, an unseen card may lie anywhere the seat has not looked:
    another seat's dealt hand (kept or discarded), any position of the stock it did not buy, the widow."""
    rules = NapRules.preset("peel").with_options(purchase=True, peep=True)
    rng = random.Random(8)
    while True:
        deal = NapDeal(rules, 3)
        deal.deal(rng)
        while deal.bought.keys() != set(deal.order) and not deal.is_complete:
            deal.apply(rng.choice(deal.legal_actions()))
        seat = deal.order[1]
        if sum(map(len, deal.bought.values())) >= 4 and deal.bought[seat]:
            break
    top = sum(len(deal.bought[s]) for s in deal.order[: deal.order.index(seat)])
    mine = {f"stock{i}" for i in range(top, top + len(deal.bought[seat]))}
    seen, unseen = _coverage(deal, seat, 700, rng)
    places = {"widow"} | {f"hand{s}" for s in deal.order if s != seat}
    places |= {f"stock{i}" for i in range(len(deal.dealt_stock))} - mine
    assert seen == {(c, place) for c in unseen for place in places}


@pytest.mark.parametrize("seed", [1, 2])
def test_loo_unseen_cards_reach_every_place_they_could_occupy(seed: int) -> None:
    rng = random.Random(seed)
    while True:  # a Loo deal in play, a trick or more done, some seat having shown something
        deal = LooDeal(LooRules.preset("peel"), 5)
        deal.deal(rng)
        while not deal.is_complete and not (deal.tricks and not deal.trick_cards and rng.random() < 0.5):
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_complete and deal.tricks and len(deal.players) >= 3:
            break
    seat = deal.to_act
    assert seat is not None
    seen, unseen = _coverage(deal, seat, 400, rng)
    places = {"pack"} | {f"hand{s}" for s in deal.order if s != seat}
    if deal.miss_holder != seat:
        places.add("miss")
    missed = 0
    for c in unseen:
        for place in places:
            if (c, place) not in seen:
                missed += 1
                assert not _loo_witness(deal, seat, c, place, rng, 300), f"{c} can lie in {place}, never drawn there"
    assert missed  # the play has shown something: some placements are impossible
    # and a witness exists for placements drawn (each world drawn was also checked by the referee)
    for c, place in rng.sample(sorted(seen), 10):
        assert _loo_witness(deal, seat, c, place, rng, 3000), (c, place)


def test_loo_draws_are_uniform_before_any_play() -> None:
    deal = LooDeal(LooRules.preset("peel"), 4)
    deal.deal(3)
    seat = deal.to_act
    assert seat is not None
    rng = random.Random(0)
    unseen = [c for c in pack() if not deal.dealt[seat] >> c & 1 and c != deal.turnup]
    counts: Counter[str] = Counter()
    draws = 1500
    for _ in range(draws):
        world = resample(deal, seat, rng)
        counts.update(_place_of(world, c) for c in unseen[:8])
    # 48 unseen cards: 3 x 3 in the other hands, 3 in the miss, 36 in the pack
    expect = {f"hand{s}": 3 / 48 for s in deal.order if s != seat} | {"miss": 3 / 48, "pack": 36 / 48}
    total = draws * 8
    for place, p in expect.items():
        sigma = (p * (1 - p) * total) ** 0.5
        assert abs(counts[place] - p * total) < 5 * sigma, (place, counts[place], p * total)
