"""Random irregularities over seeded Nap deals in table mode (NAP-LAW-1..10, §14.1, DEAL-RECORD.md).

Each deal is played by a random player who, now and then, does something irregular instead: a card
out of turn or a revoke, a call out of turn, a second call, Wellington without a Nap, or
``irregular NAP-LAW-N [ARG]``. Beside it a *shadow* deal in strict mode is given only the proper
actions: it is the same deal played without the irregularities (after a replay under
``revoke_rule: replay``, the shadow is dealt again and given the proper calls and the replayed play).
Checked for every deal:

- an action no law covers raises and changes nothing; an accepted one applies a law (an entry);
- every proper action of the table is legal in the shadow, so the laws never bend the rules of play;
- money is conserved (§14.1), and the record round-trips through the referee to the same ruling;
- no innocent opponent loses by another's irregularity: after a revoke or consultation under the
  default rule he pays nothing more; under ``bic_fine`` and ``replay`` his result is the shadow's;
- an offender never ends better off than had he played legally: under the default rule the revoker
  ends no better than any legal end of the deal from the revoke on; where he is the only offender,
  under every rule, he ends no better than in the shadow;
- a deal voided by NAP-LAW-1, -2 or -3 charges nobody but the offender, and names the right next dealer.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from conftest import play_out
from roundgames import NapRules
from roundgames.core.cards import SUIT_MASKS, card_str, cards_in, pack
from roundgames.core.errors import IllegalActionError
from roundgames.nap import NapDeal
from roundgames.nap.calls import CALLS, pay_table
from roundgames.nap.deal import NapAction, NapPhase
from roundgames.records.deal import dumps, loads, record_of, referee, start

# name, options, seat counts, deals: 2,300 deals in all
OPTION_SETS: list[tuple[str, dict[str, Any], tuple[int, ...], int]] = [
    ("default-four", {}, (4,), 400),
    ("default-any", {"misery_rank": "above_three"}, (2, 3, 5, 6), 300),
    ("bic-fine", {"revoke_rule": "bic_fine"}, (3, 4, 5), 400),
    ("replay", {"revoke_rule": "replay"}, (3, 4, 5), 400),
    ("kitty", {"kitty": True}, (3, 4, 5, 6), 300),
    ("double-header-replay", {"all_pass": "double_header", "min_call": 3, "revoke_rule": "replay"}, (4, 5), 250),
    ("variants-bic", {"purchase": True, "peep": True, "nap_top_card": True, "revoke_rule": "bic_fine"}, (3, 4), 250),
]
REVOKES = ("NAP-LAW-6", "NAP-LAW-9")
VOIDING = ("NAP-LAW-1", "NAP-LAW-2", "NAP-LAW-3")


def snapshot(deal: NapDeal) -> tuple[object, ...]:
    return (
        list(deal.log),
        list(deal.irregularities),
        deal.net,
        deal.kitty,
        list(deal.hands),
        deal.to_act,
        deal.phase,
        deal.all_tricks(),
        list(deal.exposed),
        list(deal.calls),
        deal.next_dealer,
    )


def strict_copy(deal: NapDeal) -> NapDeal:
    out = deal.copy()
    out.table_mode = False
    return out


def dealt_again(deal: NapDeal, proper: list[NapAction]) -> NapDeal:
    """A strict deal of the same cards, given the proper actions before play."""
    fresh = start(record_of(deal, mode="strict"))
    assert isinstance(fresh, NapDeal)
    fresh.log.clear()
    for action in proper:
        fresh.apply(action)
    return fresh


def pick_legal(deal: NapDeal, rng: random.Random) -> NapAction:
    legal = deal.legal_actions()
    assert legal, "a legal action exists until the deal is complete"
    verb = rng.choice(sorted({a.verb for a in legal}))
    return rng.choice([a for a in legal if a.verb == verb])


def random_irregular(deal: NapDeal, rng: random.Random) -> NapAction:
    """Something a player at a real table might do that the rules forbid, or state a law."""
    s = rng.randrange(deal.n)  # the dealer sitting out too (NAP-GEN-2)
    held = sorted(cards_in(deal.hands[s]))
    r = rng.random()
    if deal.phase is NapPhase.PLAY:
        t = deal.to_act
        if r < 0.35 and t is not None and deal.trick_cards:
            led = deal.trick_cards[0] // 13
            off = [c for c in cards_in(deal.hands[t]) if c // 13 != led]
            if deal.hands[t] & SUIT_MASKS[led] and off:
                return NapAction(t, "play", cards=(rng.choice(off),))  # a revoke
        if r < 0.55 and held:
            return NapAction(s, "play", cards=(rng.choice(held),))
        if r < 0.62:
            return NapAction(s, "call", rng.choice(CALLS))
        law = rng.choice([2, 4, 5, 6, 6, 7, 8, 8, 9, 9, 1, 3, 10])
    else:
        if r < 0.08 and deal.to_act is not None:  # often NAP-LAW-10 when no Nap was called
            return NapAction(deal.to_act, "call", rng.choice(["wellington", "blucher"]))
        if r < 0.3:
            return NapAction(s, "call", rng.choice(CALLS))
        if r < 0.4:
            return NapAction(s, "pass")
        if r < 0.5 and held:
            return NapAction(s, "play", cards=(rng.choice(held),))
        law = rng.choice([1, 2, 2, 3, 4, 5, 7, 8, 10, 6, 9])
    arg = f"NAP-LAW-{law}"
    any_card = card_str(rng.choice(pack(deal.rules.pack)))
    if law == 1 and rng.random() < 0.5:
        arg += f" {any_card}"
    elif law == 2:
        arg += rng.choice(["", "", "", " mixed", f" {any_card}"])
    elif law == 3:
        arg += f" {rng.choice(deal.seats)}"
    elif law in (7, 8) and held and rng.random() < 0.8:
        arg += f" {card_str(rng.choice(held))}"
    return NapAction(s, "irregular", arg=arg)


def check_round_trip(deal: NapDeal) -> None:
    """The record of the deal, written and read back, is ruled as the deal stands."""
    ruling = referee(loads(dumps(record_of(deal))))
    seats = deal.seats
    assert ruling["complete"] and ruling["error"] is None
    assert ruling["net"] == dict(zip(seats, deal.net, strict=True))
    assert ruling["pool"] == deal.kitty
    assert ruling["next"] == {"dealer": seats[deal.next_dealer], "multiplier": deal.next_multiplier}
    assert ruling["irregularities"] == [
        {"index": i.index, "seat": seats[i.seat], "rule": i.rule, "penalty": i.penalty, "pool": i.pool}
        for i in deal.irregularities
    ]
    assert ruling["made"] == deal.made
    assert ruling["declarer"] == (None if deal.declarer is None else seats[deal.declarer])
    assert [t["winner"] for t in ruling["tricks"]] == [
        None if t.winner is None else seats[t.winner] for t in deal.all_tricks()
    ]


def run_deal(rules: NapRules, n: int, seed: int, seen: Counter[str]) -> None:
    rng = random.Random(seed)
    kitty = rng.choice([0, 0, 4])
    multiplier = 2 if rules.all_pass == "double_header" and rng.random() < 0.4 else 1
    deal = NapDeal(rules, n, dealer=seed % n, kitty=kitty, multiplier=multiplier)
    deal.table_mode = True
    deal.deal(seed)
    shadow = strict_copy(deal)
    proper: list[NapAction] = []  # the proper actions before play, for a shadow dealt again after a replay
    at_revoke: NapDeal | None = None  # the shadow when a default-rule revoke ended the deal
    ended_by: str | None = None  # the law that ended the deal, if one did
    injected = 0
    while not deal.is_complete:
        assert len(deal.log) < 300
        action = random_irregular(deal, rng) if injected < 4 and rng.random() < 0.2 else pick_legal(deal, rng)
        if deal.can_proper(action):
            deal.apply(action)
            shadow.apply(action)  # a proper action at the table is legal in the deal without irregularities
            if action.verb != "play":
                proper.append(action)
            continue
        before = snapshot(deal)
        count = len(deal.irregularities)
        try:
            deal.apply(action)
        except IllegalActionError:
            assert snapshot(deal) == before, deal.action_str(action)
            continue
        injected += 1
        new = deal.irregularities[count:]
        assert len(new) == 1 and new[0].index == len(deal.log) - 1 and deal.log[-1] == action
        law = new[0].rule
        seen[f"{rules.revoke_rule}:{law}"] += 1
        if deal.is_complete:
            ended_by = law
        if law in REVOKES and rules.revoke_rule == "replay":
            shadow = dealt_again(deal, proper)
        elif law in REVOKES and rules.revoke_rule == "default":
            assert deal.is_complete and deal.made is (new[0].seat != deal.declarer)
            at_revoke = shadow
        else:
            assert law in VOIDING or not deal.is_complete  # only a void or a revoke ends a deal at once
    deal.ledger.check()
    assert sum(deal.net) + deal.kitty - kitty == 0
    check_round_trip(deal)
    check_fairness(deal, shadow, ended_by, at_revoke, rng, seen)


def check_fairness(
    deal: NapDeal,
    shadow: NapDeal,
    ended_by: str | None,
    at_revoke: NapDeal | None,
    rng: random.Random,
    seen: Counter[str],
) -> None:
    entries = deal.irregularities
    revokers = {i.seat for i in entries if i.rule in REVOKES}
    offenders = revokers | {i.seat for i in entries if i.penalty > 0}
    fines = Counter[int]()
    for i in entries:
        if i.rule not in REVOKES:
            fines[i.seat] += i.penalty
    innocent = [s for s in range(deal.n) if s not in offenders and s != deal.declarer]
    if ended_by in VOIDING:  # void: nobody but the offenders pays, and the stake is not charged
        seen["void"] += 1
        assert deal.declarer is None and deal.made is None
        for s in range(deal.n):
            assert deal.net[s] == -fines[s], (s, deal.net, entries)
        if ended_by == "NAP-LAW-3":
            assert deal.proper_dealer is not None and deal.next_dealer == deal.proper_dealer != deal.dealer
        else:
            assert deal.next_dealer == deal.dealer
        assert deal.next_multiplier == deal.multiplier
        return
    if at_revoke is not None:  # the default rule: the revoke ended the deal
        assert ended_by in REVOKES
        seen["default-revoke"] += 1
        (revoker,) = revokers
        assert deal.declarer is not None and deal.contract is not None
        won, lost = pay_table(deal.rules)[deal.contract]
        unit = deal.rules.stakes.unit * deal.multiplier
        change = [deal.net[s] + fines[s] - at_revoke.net[s] for s in range(deal.n)]
        if revoker == deal.declarer:  # failed: he pays each opponent the loss
            assert change[revoker] == -lost * unit * (deal.n - 1)
            assert all(change[s] == lost * unit for s in range(deal.n) if s != revoker)
        else:  # made: the revoker alone pays the win for every opponent
            assert change[revoker] == -won * unit * (deal.n - 1)
            assert all(change[s] == 0 for s in innocent)
        for _ in range(3):  # no legal end of the deal from the revoke on leaves the revoker worse off
            legal = play_out(at_revoke.copy(), rng)
            assert deal.net[revoker] + fines[revoker] <= legal.net[revoker]
        for s in innocent:  # the other opponents pay nothing for it
            assert deal.net[s] + fines[s] >= at_revoke.net[s]
        return
    assert shadow.is_complete and ended_by is None
    seen["shadow"] += 1
    if deal.rules.revoke_rule == "replay":  # the offender wins nothing (LOO-LAW-0b by analogy)
        assert all(deal.net[s] <= 0 for s in revokers), (deal.net, entries)
    for s in innocent:
        assert deal.net[s] == shadow.net[s], (s, deal.net, shadow.net, entries)
    if len(offenders) == 1:
        seen["one-offender"] += 1
        (o,) = offenders
        assert deal.net[o] <= shadow.net[o], (o, deal.net, shadow.net, entries)
        if deal.declarer not in offenders:
            assert deal.net[deal.declarer] >= shadow.net[deal.declarer]


@pytest.mark.parametrize(("name", "options", "counts", "deals"), OPTION_SETS, ids=[o[0] for o in OPTION_SETS])
def test_random_irregularities(name: str, options: dict[str, Any], counts: tuple[int, ...], deals: int) -> None:
    rules = NapRules.preset("peel").with_options(options)
    seen: Counter[str] = Counter()
    for seed in range(deals):
        run_deal(rules, counts[seed % len(counts)], seed, seen)
    # The deals met every law and each kind of check often enough to mean something.
    for law in range(1, 11):
        assert seen[f"{rules.revoke_rule}:NAP-LAW-{law}"] >= 3, (law, seen)
    assert seen[f"{rules.revoke_rule}:NAP-LAW-6"] >= 15 and seen["void"] >= 3, seen
    assert seen["default-revoke" if rules.revoke_rule == "default" else "one-offender"] >= 15, seen
