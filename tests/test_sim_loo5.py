"""The batch players of Five-card and Irish Loo (roundgames.sim.loo5) against the checked engine: for the same cards
and the same players, the same actions, tricks, net and pool, deal for deal (RULES.md §4.2, §4.3, §14.15, §14.22,
§14.24, §14.25); and their behaviour on hand-made deals, and their refusals."""

from __future__ import annotations

from typing import Any

import pytest

from roundgames.bots import play_deal
from roundgames.core.cards import mask_of, parse_cards
from roundgames.games.registry import new_deal
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.loo5 import KERNELS

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def engine_key(action: Any) -> tuple[int, str, int | None, str | None]:
    """An engine's logged action as a kernel's trace writes it."""
    if action.verb == "exchange":
        return (action.seat, "exchange", mask_of(parse_cards(action.arg)), None)
    return (action.seat, action.verb, action.card, action.arg)


def check_against_engine(setup: Setup, seed: int, n: int, given: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``n`` deals with the kernel and each again on the engine with the twins; every deal the same."""
    kernel = kernel_for(setup.form)
    out = kernel.run(setup, seed, n, given)
    assert isinstance(kernel, type(KERNELS["irish"]))
    for i in range(n):
        hand = int(given["hand"][i]) if given and "hand" in given else 0
        up = int(given["turnup"][i]) if given and "turnup" in given else -1
        hands, turnup, stock = kernel.deal_of(setup, seed, i, hand, up)
        assert hands == out["hands"][i].tolist() and turnup == out["turnup"][i], f"deal {i}: the cards differ"
        deal = new_deal("loo", kernel.rules(setup), setup.players, dealer=setup.players - 1, pool=setup.pool)
        deal.deal_cards({s: list(_cards(h)) for s, h in enumerate(hands)}, turnup=turnup, stock=stock)
        play_deal(deal, kernel.twins(setup, seed, i))
        where = f"deal {i} of seed {seed}, {setup}"
        assert [engine_key(a) for a in deal.log] == kernel.trace(setup, seed, i, hand, up), where
        assert deal.net == out["net"][i].tolist(), where
        assert list(deal.won) == out["tricks"][i].tolist(), where
        assert deal.pool_total == out["pool"][i], where
        assert (deal.flush_winners[0] if deal.flush_winners else -1) == out["flush"][i], where
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@pytest.mark.parametrize("form", ["five_card", "irish"])
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_the_kernel_plays_as_the_engine_deal_for_deal(form: str, players: int, policy: str) -> None:
    """LOO5-1..8, LOOI-1..3: every action, trick, net and pool as the checked engine plays them with the twins."""
    out = check_against_engine(Setup(form, players, (policy,) * players, pool=7), seed=players, n=1500)
    assert out["decl"].min() >= -1 and out["exchanged"].max() <= 5


OPTION_SETS = [
    ("five_card", {"pam": "jack_trumps", "pam_free": True}),
    ("five_card", {"flush_pay": "ew_hoy", "flush_tie": "split", "dealer_lone_stander": "may_concede"}),
    ("five_card", {"loo_mode": "unlimited", "lead_rule": "lead_one", "second_lead": "none", "ante": "all"}),
    ("five_card", {"loo_mode": "mixed", "loo_cap": 8, "lead_rule": "cassell", "club_law": True, "pack": 32}),
    ("irish", {"irish_flush": True, "club_law": False}),
    ("irish", {"irish_flush": True, "flush_tie": "split", "lead_rule": "cassell", "pack": 32}),
]


@pytest.mark.parametrize(("form", "options"), OPTION_SETS)
def test_the_options_are_played_as_the_engine_plays_them(form: str, options: dict[str, Any]) -> None:
    """LOO5-3/4/6/7, LOOI-2/3, LOO-VAR-*, §14.24: a few hundred deals under each set, mixed players."""
    policies = ("random", "sensible", "random", "sensible")
    check_against_engine(Setup(form, 4, policies, options=options, pool=3), seed=11, n=300)
