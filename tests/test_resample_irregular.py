"""Worlds and hints after an irregularity in table mode (RULES.md §5, §8).

Under the laws a card can be played, taken back and played again: a hand played again after a revoke (LOO-LAW-14)
or a trump not led (LOO-LAW-13), a card led or played out of turn (NAP-LAW-7). The card is one card of the seat's
hand however often it was played, and a world must have the laws rule as they ruled (a revoke is one only where the
seat held the suit). Every state of many random table-mode deals, irregular actions taken at random, has worlds for
the seat to act that agree with what it has seen and that the referee accepts, and a hint.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from roundgames import LooRules, NapRules
from roundgames.core.errors import RoundgamesError
from roundgames.envs.encoding import encoding_of
from roundgames.envs.resample import resample
from roundgames.loo.deal import LooDeal
from roundgames.nap import NapDeal
from roundgames.records.deal import record_of, replay
from roundgames.session.analysis import Hint, Job, run
from roundgames.session.input import action_text

Deal = Any

#: every Loo form and Nap, with options that change what an irregularity does
TABLES: list[tuple[str, Callable[[], Deal]]] = [
    ("loo-5-peel", lambda: LooDeal(LooRules.preset("peel"), 5)),
    ("loo-4-five-card", lambda: LooDeal(LooRules.preset("five-card"), 4)),
    ("loo-5-irish", lambda: LooDeal(LooRules.preset("irish"), 5)),
    ("loo-4-no-replay", lambda: LooDeal(LooRules.preset("enquire-within").with_options(revoke_replay="none"), 4)),
    ("nap-4-peel", lambda: NapDeal(NapRules.preset("peel"), 4)),
    ("nap-4-bic-fine", lambda: NapDeal(NapRules.preset("plain").with_options(revoke_rule="bic_fine"), 4)),
]
DEALS = 12


def _irregular(deal: Deal, seat: int) -> list[Any]:
    """What ``seat``, to act, may do that the rules forbid and a law covers (as the research environments offer)."""
    encoding = encoding_of(deal)
    proper = set(deal.legal_actions())
    out = []
    for i in encoding.irregular_ids(deal, seat):
        action = encoding.action(deal, i, seat)
        if action in proper:
            continue
        try:
            deal.verify(action)
        except RoundgamesError:
            continue
        out.append(action)
    return out


def _after_irregularities(make: Callable[[], Deal], rng: random.Random) -> Iterator[Deal]:
    """Copies of every state of a table-mode deal played at random, an irregular action taken often, from its
    first irregularity on."""
    deal = make()
    deal.table_mode = True
    deal.deal(rng)
    while not deal.is_complete:
        seat = deal.to_act
        odd = _irregular(deal, seat) if not any(i.seat == seat for i in deal.irregularities) else []
        deal.apply(rng.choice(odd) if odd and rng.random() < 0.5 else rng.choice(deal.legal_actions()))
        if deal.irregularities and not deal.is_complete:
            yield deal.copy()


@pytest.mark.parametrize(("label", "make"), TABLES, ids=[t[0] for t in TABLES])
def test_worlds_are_drawn_after_every_irregularity(label: str, make: Callable[[], Deal]) -> None:
    rng = random.Random(label)
    states = replayed = 0
    for _ in range(DEALS):
        for deal in _after_irregularities(make, rng):
            seat = deal.to_act
            world = resample(deal, seat, rng)
            states += 1
            assert world.to_act == deal.to_act and world.phase == deal.phase
            assert world.view(seat).hand == deal.view(seat).hand
            assert world.all_tricks() == deal.all_tricks()
            assert world.irregularities == deal.irregularities
            encoding = encoding_of(deal)
            assert encoding.info_state(world, seat) == encoding.info_state(deal, seat)
            if any(a.verb == "play" and a.seat != seat for a in deal.log):
                ruling = replay(record_of(world))  # the referee accepts the world, irregularities and all
                assert ruling.error is None
                replayed += 1
    assert states > 20 and replayed > 10


@pytest.mark.parametrize(("label", "make"), [TABLES[0], TABLES[4]], ids=[TABLES[0][0], TABLES[4][0]])
def test_a_hint_is_given_after_a_card_played_again(label: str, make: Callable[[], Deal]) -> None:
    """The expert's hint at the turn after a card was played, taken back and played again, worked out from the
    deal's record as the web server's workers work it out."""
    rng = random.Random(label)
    hinted = 0
    while hinted < 2:
        for deal in _after_irregularities(make, rng):
            plays = [a for a in deal.log if a.verb == "play"]
            if len(plays) > len(set(plays)):
                job = Job(record_of(deal), (deal.to_act,), 1, 0, hint_for=deal.to_act)  # as a web table asks it
                found = run(job)
                assert isinstance(found, Hint)
                legal = {action_text(deal, a) for a in deal.legal_actions()}
                assert found.options and {o.action for o in found.options} <= legal
                hinted += 1
                break
