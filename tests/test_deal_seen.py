"""A deal's ``seen(seat)`` (the hands whose faces a seat sees, which a spectator's state asks of a second seat at
every move) is its view's ``seen_hands``, at every step of deals of every form, in strict and table mode, the
singles included (LOO-SGL-1: every hand face up; LOO-DECL-1: a seat's own cards once its turn to declare has come;
LOO5-6: a flush shown)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from roundgames.games.registry import new_deal, rules_for
from roundgames.loo.actions import Kind
from test_codecs import FORMS, random_deals


def agrees(deal: Any) -> None:
    for seat in range(deal.n):
        assert deal.seen(seat) == deal.view(seat).seen_hands, (deal.seats[seat], deal.stage)


@pytest.mark.parametrize(("game", "preset", "options"), FORMS, ids=[f"{g}-{p}-{o}" for g, p, o in FORMS])
def test_what_a_seat_sees_is_its_views_faces_at_every_step(game: str, preset: str, options: dict[str, Any]) -> None:
    steps = 0
    for deal, _action in random_deals(game, preset, options, 6):
        agrees(deal)
        steps += 1
    assert steps > 50  # the deals were played, not only dealt


@pytest.mark.parametrize("kind", [Kind.SINGLE, Kind.EW_SINGLE])
def test_in_a_single_every_seat_sees_every_hand(kind: Kind) -> None:
    rules = rules_for("loo", "peel", {})
    rng = random.Random(3)
    deal = new_deal("loo", rules, 5, kind=kind)
    deal.deal(3)
    while not deal.is_complete:
        agrees(deal)
        if kind is Kind.SINGLE:
            assert set(deal.seen(0)) == set(range(5))  # every hand face up (LOO-SGL-1)
        deal.apply(rng.choice(deal.legal_actions()))
    agrees(deal)
