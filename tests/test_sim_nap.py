"""The Nap batch player (roundgames.sim.nap) against the checked engine: for the same cards and the same players,
the same actions, tricks, net and kitty, deal for deal (the kernel's twins play the engine through ``play_deal``,
every action checked); its own behaviour on hand-made deals (NAP-SET, NAP-PLAY-4, NAP-PLAY-5); bad setups refused.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roundgames.core.cards import mask_of, parse_cards
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.nap import CALL_NAMES, action_codes, is_peel_case, replay
from roundgames.sim.streams import chunk_seed

pytest.importorskip("numba")

KERNEL = kernel_for("nap")


def setup_of(players: int, policy: str | tuple[str, ...], **more: Any) -> Setup:
    policies = (policy,) * players if isinstance(policy, str) else policy
    return Setup("nap", players, policies, **more)


def peel_seat(deal: Any) -> int:
    """The first defender who met Peel's first-round case in an engine deal, -1 none."""
    if not deal.tricks and not deal.trick_cards:
        return -1
    trick = deal.all_tricks()[0]
    contract = CALL_NAMES.index(deal.contract)
    hands = {s: deal.dealt[s] for s in deal.order}
    for k in range(1, len(trick.cards)):
        s = trick.seats[k]
        if is_peel_case(s, hands[s], trick.cards[:k], 0, deal.declarer, contract):
            return s
    return -1


def check_against_engine(setup: Setup, n: int, seed: int = 11, given: dict[str, Any] | None = None) -> int:
    """Play ``n`` deals in the kernel and each on the engine with the twins; every column the engine knows must
    agree. Returns how many deals were played to a contract (not redealt)."""
    seed = chunk_seed(seed, 0)
    out = KERNEL.trace(setup, seed, n, given)  # type: ignore[attr-defined]
    played = 0
    for i in range(n):
        deal = replay(setup, seed, i, out["hands"][i])
        where = f"deal {i} of {setup}"
        codes = out["actions"][i]
        assert action_codes(deal) == [int(c) for c in codes[codes >= 0]], where
        assert list(deal.net) == out["net"][i].tolist(), where
        assert deal.kitty == out["pool"][i], where
        winners = [t.winner for t in deal.tricks]
        assert [winners.count(s) for s in range(setup.players)] == out["tricks"][i].tolist(), where
        assert out["senior"][i] == (-1 if deal.declarer is None else deal.declarer), where
        assert out["contract"][i] == (-1 if deal.contract is None else CALL_NAMES.index(deal.contract)), where
        assert out["trump"][i] == (-1 if deal.trump is None else deal.trump), where
        assert bool(out["made"][i]) == bool(deal.made), where
        assert out["peel_case"][i] == peel_seat(deal), where
        playing = len(deal.order)
        assert out["states"][i] == 5 * playing + len(deal.log), where
        played += deal.declarer is not None
    return played


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("policy", ["random", "sensible"])
def test_the_kernel_plays_as_the_engine(players: int, policy: str) -> None:
    """2,000 seeded deals for each player and table size: the same actions, tricks, net and kitty (the
    issue's exactness check); with six the dealer sits out (NAP-GEN-2)."""
    assert check_against_engine(setup_of(players, policy), 2000) == 2000


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (5, {"misery_rank": "above_three", "min_call": 2, "pay_table": "parlett", "all_pass": "dealer_one"}),
        (3, {"kitty": True, "misery_trumps": False, "misery_pay": "eb11"}),
        (4, {"kitty": True, "pool_nap_double": True, "pay_table": "well_blu_mod"}),
        (7, {"max_players": 7, "pack": 32, "all_pass": "redeal", "kitty": True}),
        (5, {"dealer_out_at": 5, "min_call": 3, "misery": False, "pay_table": "hsw_flat"}),
        (4, {"wellington": False, "blucher": False, "revoke_rule": "bic_fine"}),
    ],
)
def test_the_options_are_played_as_the_engine_plays_them(players: int, options: dict[str, Any]) -> None:
    """A few hundred deals per option set, the players mixed, a kitty on the table: NAP-CALL-4/5/7, NAP-PLAY-5,
    NAP-VAR-POOL, NAP-VAR-MISERY, NAP-VAR-PACK32, the pay tables, six playing of seven."""
    policies = tuple(("random", "sensible", "sensible-head")[s % 3] for s in range(players))
    check_against_engine(setup_of(players, policies, options=options, pool=7), 300, seed=5)


@pytest.mark.parametrize("action", ["nap", "misery", "3", "pass", "wellington"])
def test_a_hero_call_is_made_when_legal(action: str) -> None:
    """The hero's call at his turn, when it is legal (NAP-CALL-2/6), else his player's; the engine agrees."""
    setup = setup_of(4, "random", hero=2, hero_action=action)
    check_against_engine(setup, 300, seed=3)
    out = KERNEL.run(setup, chunk_seed(3, 0), 300)
    forced = out["hero_forced"]
    assert (out["calls"][forced, 2] == CALL_NAMES.index(action)).all()
    if action == "pass":
        assert forced.all()
    if action == "nap":
        assert forced.any()


@pytest.mark.parametrize("call", ["1", "misery", "3", "nap"])
def test_senior_makes_the_hero_the_senior_hand(call: str) -> None:
    """``senior:<call>``: every other seat passes and the hero is the senior hand at that call, every deal."""
    setup = setup_of(5, "sensible", hero=1, hero_action=f"senior:{call}")
    check_against_engine(setup, 300, seed=8)
    out = KERNEL.run(setup, chunk_seed(8, 0), 300)
    assert (out["senior"] == 1).all() and (out["contract"] == CALL_NAMES.index(call)).all()
    assert out["hero_forced"].all()
    assert (np.delete(out["calls"], 1, axis=1) == 0).all()


def test_given_hands_are_dealt_to_the_hero() -> None:
    """``given["hand"]``: the hero holds those five cards, the rest come from the stream; the engine agrees."""
    hands = np.array([mask_of(parse_cards(h)) for h in ("AS KS QS JS TS", "2H 3C 4D 5S 7H")] * 50, dtype=np.int64)
    setup = setup_of(4, "sensible-head", hero=3, hero_action="senior:nap")
    check_against_engine(setup, 100, given={"hand": hands})
    out = KERNEL.run(setup, chunk_seed(1, 0), 100, {"hand": hands})
    assert (out["hands"][:, 3] == hands).all()
    assert all(int(np.bitwise_or.reduce(row)).bit_count() == 20 for row in out["hands"])  # no card twice
