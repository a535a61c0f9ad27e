"""Random play of Three-card Loo in table mode, irregularities injected: invariants over thousands of seeded deals.

Every deal (a random mix of options and three to seven seats) is played to the end by a seeded random player
through ``deal.apply``; at random steps an irregular action is tried instead: a card the rules forbid or played
out of turn, a declaration out of turn, a throw after the lead, ``irregular LOO-LAW-N`` for a random law, seat
and argument, a ``replay``. An action no law covers must raise IllegalActionError and change nothing. At the end:

- money is conserved: ``Ledger.check`` and the ruling (net plus the pool's growth is zero);
- the record round-trips (``dumps``/``loads``) through the referee to the ruling the deal itself gives;
- an offender (``deal.offenders``: an irregularity in play, or a look at another hand) takes nothing and pays at
  least one loo: he never ends better off than had he played legally and been looed;
- no innocent seat loses by another's irregularity: each innocent's net is at least what it is in the same deal
  played without the irregular actions (the effective actions, in strict mode: after a replay, the replayed
  play), less the one cost RULES.md itself lays on him: under unlimited or mixed loo a looed seat pays the pool as
  divided, single penalties paid into it included (LOO-STK-4 [I], §14.7), so his loo may be dearer by at most
  what was paid into this deal's pool. Where an irregular card was left to stand (``revoke_replay: none``, or ``optional`` undemanded) there is
  no such deal to compare with: play went otherwise, by the table's choice (C-LOO-11), so only the other
  invariants are checked. In a void deal (LOO-LAW-1, -2, -3) every innocent's net is 0.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from roundgames import IllegalActionError, LooDeal, LooRules
from roundgames.core.cards import card_str, cards_in
from roundgames.loo.deal import DECLARE_VERBS, Decl, Kind, Phase
from roundgames.loo.laws import LAWS
from roundgames.records.deal import dumps, loads, record_of, referee, replay

DEALS = 3000
CHUNKS = 10
OPTIONS: dict[str, list[Any]] = {
    "revoke_replay": ["mandatory", "optional", "none"],
    "penalty_scale": ["peel", "ew_flat"],
    "look_penalty_pool": ["current", "next"],
    "offender_double_loo": [False, True],
    "loo_mode": ["limited", "unlimited", "mixed"],
    "club_law": [False, False, True],
    "lead_rule": ["highest", "lead_one", "cassell"],
    "second_lead": ["peel", "none"],
    "leader": ["elder", "miss_holder"],
    "dealer_lone_stander": ["must_defend", "may_concede"],
    "defender_looed": [False, True],
    "ante": ["dealer", "dealer", "all"],
}
BEFORE_PLAY = ["LOO-LAW-0a", *(f"LOO-LAW-{n}" for n in range(1, 10)), "LOO-LAW-18", "LOO-LAW-19", "LOO-LAW-20"]
IN_PLAY = [r for r in LAWS if r not in ("LOO-LAW-1", "LOO-LAW-2", "LOO-LAW-4", "LOO-LAW-5", "LOO-LAW-20")]


def random_rules(rng: random.Random) -> LooRules:
    chosen = {name: rng.choice(values) for name, values in OPTIONS.items()}
    if chosen["loo_mode"] == "mixed":
        chosen["loo_cap"] = rng.choice([4, 9, 15])
    return LooRules.preset("peel").with_options(chosen)


def random_law(deal: LooDeal, rng: random.Random) -> str:
    """``SEAT irregular LOO-LAW-N [ARG]`` with a random seat and an argument of the kind the law takes."""
    if rng.random() < 0.7:  # mostly a law that can apply now
        rule = rng.choice(BEFORE_PLAY if deal.phase is Phase.DECLARE else IN_PLAY)
    else:
        rule = rng.choice(list(LAWS))
    seat = rng.choice(deal.seats)
    if rng.random() < 0.5 and rule in ("LOO-LAW-1", "LOO-LAW-3", "LOO-LAW-20"):
        seat = deal.seats[deal.dealer]  # the dealer's laws: mostly by the dealer
    arg = ""
    if rule == "LOO-LAW-3":
        arg = rng.choice(deal.seats)
    elif rule == "LOO-LAW-5":
        arg = rng.choice(["", "stand", "throw", "miss"])
    elif rule == "LOO-LAW-2":
        arg = rng.choice(["", "", "", "mixed", card_str(rng.randrange(52))])
    elif rule == "LOO-LAW-8":
        arg = rng.choice(["", rng.choice(deal.seats)])
    elif rule not in ("LOO-LAW-4", "LOO-LAW-6", "LOO-LAW-7", "LOO-LAW-16", "LOO-LAW-20") and rng.random() < 0.3:
        arg = card_str(rng.randrange(52))
    return f"{seat} irregular {rule} {arg}".strip()


def random_irregular(deal: LooDeal, rng: random.Random) -> str:
    """An irregular action of some kind, possibly one no law covers."""
    roll = rng.random()
    seat = rng.randrange(deal.n)
    name = deal.seats[seat]
    if roll < 0.35:
        return random_law(deal, rng)
    if deal.phase is Phase.DECLARE:
        return f"{name} {rng.choice(['stand', 'throw', 'miss', 'defend'])}"
    if roll < 0.45:
        return f"{name} replay"
    if roll < 0.55:
        return f"{name} throw"
    players = [s for s in deal.players if deal.hands[s]]
    s = rng.choice(players) if players else seat
    held = list(cards_in(deal.hands[s]))
    card = rng.choice(held) if held else rng.randrange(52)
    return f"{deal.seats[s]} play {card_str(card)}"


def snapshot(deal: LooDeal) -> tuple[Any, ...]:
    law = None if deal.law is None else (deal.law.copy().__dict__, deal.law.demand)
    return (
        dumps(record_of(deal)),
        deal.net,
        deal.pool_total,
        deal.to_act,
        list(deal.irregularities),
        deal.hands[:],
        set(deal.offenders),
        deal.phase,
        law,
    )


DECL_VERB = {decl: verb for verb, decl in DECLARE_VERBS.items()}


def bound_declarations(deal: LooDeal, before: list[Decl], actor: int) -> list[str]:
    """The declarations that took effect by themselves after ``actor``'s action, in declaring order: each was
    made out of turn earlier and recorded there, once (LOO-LAW-5, §14.27). In the same deal played without
    the irregularities they are made at their turn."""
    return [
        f"{deal.seats[s]} {DECL_VERB[deal.decls[s]]}"
        for s in deal.order
        if s != actor and before[s] is Decl.NONE and deal.decls[s] is not Decl.NONE
    ]


@dataclass
class Tally:
    """What the run covered, so that a vacuous run fails."""

    deals: int = 0
    laws: dict[str, int] = field(default_factory=dict)
    refused: int = 0
    replays: int = 0
    stood: int = 0
    void: int = 0
    compared: int = 0
    innocent_seats: int = 0
    dearer_loos: int = 0
    offenders: int = 0


def play_one(seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    n = rng.randint(3, 7)
    kind = Kind.EW_SINGLE if rng.random() < 0.15 else Kind.REGULAR
    deal = LooDeal(rules, n, dealer=rng.randrange(n), pool=rng.choice([0, 3, 9, 12, 20]), kind=kind)
    deal.table_mode = True
    deal.deal(rng)
    effective: list[str] = []  # the actions that took effect: the same deal without its irregularities
    declared: int | None = None  # how many of them were declarations, once play began
    stood = False  # an irregular card was left to stand
    steps = 0
    while not deal.is_complete:
        steps += 1
        assert steps < 400, f"seed {seed}: the deal does not end"
        replays = deal.law.replays if deal.law is not None else 0
        if steps < 60 and rng.random() < 0.15:
            text = random_irregular(deal, rng)
            action = deal.parse_action(text)
            options_before = deal.legal_actions()
            before = snapshot(deal)
            count = len(deal.irregularities)
            decls = deal.decls[:]
            try:
                deal.apply(action)
            except IllegalActionError as e:
                assert e.rule and e.rule in str(e)
                assert snapshot(deal) == before, f"seed {seed}: refused {text!r} changed the deal"
                tally.refused += 1
                continue
            if action.verb == "replay":
                assert len(deal.irregularities) == count
            elif len(deal.irregularities) == count:  # it was a proper action after all
                assert action in options_before, f"seed {seed}: {text!r} applied without a law"
                effective.append(text)
            else:
                assert len(deal.irregularities) == count + 1, text
                if action.verb == "play" and (deal.law is None or deal.law.replays == replays):
                    stood = True  # the card lies in the trick
            effective.extend(bound_declarations(deal, decls, action.seat))
        else:
            options = deal.legal_actions()
            assert options, f"seed {seed}: no legal action in an unfinished deal"
            action = rng.choice(options)
            assert deal.can(action)
            count = len(deal.irregularities)
            decls = deal.decls[:]
            deal.apply(action)
            assert len(deal.irregularities) == count, f"seed {seed}: a proper action applied a law"
            if action.verb != "replay":
                effective.append(deal.action_str(action))
            effective.extend(bound_declarations(deal, decls, action.seat))
        if deal.law is not None and deal.law.replays > replays:
            assert declared is not None
            del effective[declared:]  # the replay, from the first lead, is what counts
            stood = False
            tally.replays += 1
        if declared is None and deal.phase is Phase.PLAY:
            declared = len(effective)
    tally.deals += 1
    tally.stood += stood
    for irregularity in deal.irregularities:
        tally.laws[irregularity.rule] = tally.laws.get(irregularity.rule, 0) + 1
    check_deal(seed, deal, effective, stood, tally)


def check_deal(seed: int, deal: LooDeal, effective: list[str], stood: bool, tally: Tally) -> None:
    deal.ledger.check()
    rec = record_of(deal)
    assert rec.mode == "table"
    ruling = referee(loads(dumps(rec)))
    assert ruling["error"] is None and ruling["complete"], f"seed {seed}: {ruling['error']}"
    assert sum(ruling["net"].values()) + ruling["pool"] - rec.pool == 0
    assert ruling["net"] == {deal.seats[s]: v for s, v in enumerate(deal.net)}
    assert ruling["pool"] == deal.pool_total
    assert [(i["index"], i["rule"], i["penalty"], i["pool"]) for i in ruling["irregularities"]] == [
        (i.index, i.rule, i.penalty, i.pool) for i in deal.irregularities
    ]
    assert [t["winner"] for t in ruling["tricks"]] == [deal.seats[t.winner or 0] for t in deal.tricks]
    assert ruling["next"] == {"dealer": deal.seats[deal.next_dealer], "kind": deal.next_kind.value}

    rules = deal.rules
    stakes = [0] * deal.n
    stakes[deal.dealer] = rules.stakes.deal
    if rules.ante == "all":
        for s in range(deal.n):
            if s != deal.dealer:
                stakes[s] = rules.stakes.ante
    guilty = {i.seat for i in deal.irregularities if i.penalty or i.rule not in ("LOO-LAW-3", "LOO-LAW-20")}
    if deal.law is not None and deal.law.void:
        tally.void += 1
        for s in range(deal.n):
            if s not in guilty:
                assert deal.net[s] == 0, f"seed {seed}: innocent {deal.seats[s]} pays in a void deal"
        return
    base = rules.loo_amount(rec.pool + sum(stakes))  # the loo he would pay, looed in the same deal played legally
    for s in deal.offenders:
        tally.offenders += 1
        assert deal.net[s] <= -stakes[s] - base, f"seed {seed}: offender {deal.seats[s]} ends better off"
    if stood:
        return
    counterfactual = record_of(deal, mode="strict")
    counterfactual.actions = effective
    clean = replay(counterfactual)
    if clean.error is not None:
        # the only proper action a strict deal refuses: a dealer forced by LOO-LAW-8 to throw up where
        # LOO-DECL-8 would not let him (his throw gives the lone stander the pool, as a concession does)
        assert clean.error["rule"] == "LOO-DECL-8", (seed, clean.error)
        assert deal.law is not None and deal.dealer in deal.law.forced_throw
        return
    assert clean.deal.is_complete, f"seed {seed}: the effective actions do not finish the deal"
    tally.compared += 1
    into_this_pool = sum(i.penalty for i in deal.irregularities if i.pool == "current")
    for s in range(deal.n):
        if s not in guilty:
            tally.innocent_seats += 1
            # The one way RULES.md lets another's irregularity cost an innocent: under unlimited or mixed loo a
            # looed seat pays the pool as divided, single penalties paid into it included (LOO-STK-4 [I], §14.7).
            extra = deal.looed.get(s, 0) - clean.deal.looed.get(s, 0)
            if extra > 0:
                assert rules.loo_mode != "limited" and extra <= into_this_pool, (seed, extra, into_this_pool)
                tally.dearer_loos += 1
            assert deal.net[s] >= clean.deal.net[s] - max(extra, 0), (
                f"seed {seed}: innocent {deal.seats[s]} loses by another's irregularity: "
                f"{deal.net[s]} against {clean.deal.net[s]} ({dumps(rec)})"
            )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_loo_laws_random_invariants(chunk: int) -> None:
    """The invariants above over DEALS / CHUNKS seeded deals; each chunk must exercise the laws widely."""
    tally = Tally()
    per = DEALS // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        play_one(seed, tally)
    assert tally.deals == per
    assert len(tally.laws) >= 22, sorted(set(LAWS) - set(tally.laws))  # (nearly) every law applied in every chunk
    assert tally.refused > per // 2 and tally.replays > per // 10 and tally.void > 0 and tally.stood > 0
    assert tally.compared > per // 2 and tally.innocent_seats > 2 * per and tally.offenders > per // 2
