"""The kernels' ``sensible`` declarations against the bot ``sensible`` (SensibleLooBot), situation for situation.

Random deals of the checked engine are declared seat by seat; at every seat with a choice, the bot (asked with the
seat's view) and the kernel's compiled decision (asked with what that view shows: the hand, the turn-up, the seat's
place in the order, who is in before it, the miss, the pool, the loo, the stock) must choose the same, including the
dealer's cases (LOO-DECL-7..9, §14.24), club law, large pools and every loo mode. The seat then declares at random,
so the next seat's situation varies too. The engine-replay tests (test_sim_loo3.py, test_sim_loo5.py) check the
same on whole deals; these reach the rarer situations quickly.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np

from roundgames.bots.loo import SensibleLooBot
from roundgames.core.cards import mask_of, pack_mask, parse_cards
from roundgames.games.protocol import Stage
from roundgames.games.registry import rules_for
from roundgames.loo.actions import PLAYING
from roundgames.loo.deal import LooDeal
from roundgames.loo.five import hand_size
from roundgames.sim import _loo3_kernel as K3
from roundgames.sim import _loo_sensible_kernel as S
from roundgames.sim.loo3 import DECL_CODES

THREE_CARD_OPTIONS: list[dict[str, Any]] = [
    {},
    {"loo_mode": "unlimited"},
    {"loo_mode": "mixed", "loo_cap": 10},
    {"dealer_lone_stander": "may_concede"},
    {"club_law": True},
    {"ante": "all", "stakes": {"ante": 2}},
    {"stakes": {"deal": 1, "loo": 20}},
    {"dealer_stands_out_above": 5},
]
FIVE_CARD_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("five-card", {}),
    ("five-card", {"pam": "jack_trumps"}),
    ("five-card", {"pack": 32, "loo_mode": "mixed", "loo_cap": 8}),
    ("five-card", {"dealer_lone_stander": "may_concede", "loo_mode": "unlimited"}),
    ("five-card", {"stakes": {"deal": 2, "loo": 25}, "ante": "all"}),
    ("irish", {}),
    ("irish", {"club_law": True}),
    ("irish", {"pack": 32, "dealer_lone_stander": "may_concede"}),
    ("irish", {"stakes": {"loo": 20}}),
]


def _pool(rng: random.Random) -> int:
    """A pool before the stakes: empty (where the dealer defends rather than take the miss), a few counters, a
    heavy one, a huge one."""
    return rng.choice((0, rng.randrange(0, 12), rng.randrange(0, 60), rng.randrange(0, 1_000_001)))


def _rules(name: str, preset: str, options: dict[str, Any]) -> Any:
    options = dict(options)
    stakes = options.pop("stakes", {})
    return rules_for(name, preset, options).with_stakes(**stakes)


def _place(view: Any) -> tuple[int, int, int]:
    """The seat's place from the eldest hand, the seats taking part, and how many of those before it are in."""
    seat = view.order.index(view.seat)
    return seat, len(view.order), sum(1 for s in view.order[:seat] if view.decls[s] in PLAYING)


def three_card_situations(seed: int, deals: int) -> Counter[str]:
    """Declare ``deals`` random Three-card deals, comparing the kernel with the bot at every choice; the count
    of each kind of situation and choice met."""
    rng = random.Random(seed)
    bot = SensibleLooBot()
    tables = S.tables(3, 52)
    state = np.zeros(1, np.uint64)
    met: Counter[str] = Counter()
    for _ in range(deals):
        players = rng.randrange(3, 13)
        rules = _rules("loo", "peel", rng.choice(THREE_CARD_OPTIONS))
        deal = LooDeal(rules, players, dealer=rng.randrange(players), pool=_pool(rng))
        deal.deal(rng.randrange(1 << 30))
        while deal.stage is Stage.BID and deal.to_act is not None:
            view = deal.view(deal.to_act)
            legal = view.legal
            if len(legal) > 1:
                seat, n, in_before = _place(view)
                opts = sum(1 << DECL_CODES[a.verb] for a in legal)
                pool = view.pool
                code = K3.declare(
                    K3.SENSIBLE, opts, view.hand, view.turnup, pool, rules.loo_amount(pool), seat, n, in_before,
                    view.miss_holder is not None, tables, state,
                )  # fmt: skip
                chosen = bot.choose(view).verb
                where = f"seat {seat} of {n}, {rules.options()}, pool {pool}, in before {in_before}, {view.decls}"
                assert int(code) == DECL_CODES[chosen], f"{where}: the kernel says {int(code)}, the bot {chosen}"
                met[chosen] += 1
                lone_miss = seat == n - 1 and in_before == 1 and view.miss_holder is not None
                met["dealer's case" if "defend" in (a.verb for a in legal) or lone_miss else "free"] += 1
            action = next((a for a in legal if a.verb == "throw"), None)
            if action is None or rng.random() < 0.3:  # throwing up often, for the dealer's cases
                action = rng.choice(legal)
            deal.apply(action)
    return met


def five_card_situations(seed: int, deals: int) -> Counter[str]:
    """The same for Five-card and Irish Loo, the exchange (its cards) included; at some seats the bot is asked
    without throwing up, as the kernel asks it for a hero who plays."""
    rng = random.Random(seed)
    bot = SensibleLooBot()
    scratch = np.zeros(64, np.int64)
    met: Counter[str] = Counter()
    for _ in range(deals):
        preset, options = rng.choice(FIVE_CARD_OPTIONS)
        rules = _rules("loo", preset, options)
        players = rng.randrange(3, rules.max_seats + 1)
        deal = LooDeal(rules, players, dealer=rng.randrange(players), pool=_pool(rng))
        deal.deal(rng.randrange(1 << 30))
        size = hand_size(rules.form)
        tables = S.tables(size, rules.pack)
        while deal.stage is Stage.BID and deal.to_act is not None:
            view = deal.view(deal.to_act)
            legal = view.legal
            if rng.random() < 0.2:  # a hero who plays: the choice without throwing up
                view = replace(view, legal=tuple(a for a in legal if a.verb != "throw"))
            if len(view.legal) > 1:
                seat, n, in_before = _place(view)
                can_throw = any(a.verb == "throw" for a in view.legal)
                pool = view.pool
                out = S.five_card(
                    view.hand, view.turnup, view.pam, pack_mask(rules.pack), size, pool, rules.loo_amount(pool), seat,
                    n, in_before, view.stock, can_throw, tables, scratch,
                )  # fmt: skip
                action = bot.choose(view)
                want = {"throw": S.THROW_UP, "stand": 0}.get(action.verb) or mask_of(parse_cards(action.arg or ""))
                where = f"{rules.form} seat {seat} of {n}, {rules.options()}, pool {pool}, stock {view.stock}"
                assert int(out) == want, f"{where}: the kernel says {int(out)}, the bot {action}"
                met[action.verb] += 1
            choice = rng.choice([a for a in legal if a.verb != "exchange"] + [rng.choice(legal)])
            deal.apply(choice)
    return met


def test_the_three_card_kernel_declares_as_the_bot() -> None:
    """LOO-DECL-1..10: stand, throw up, take the miss, and the dealer's defence, as the bot chooses them."""
    met = three_card_situations(1891, 500)
    assert sum(met[v] for v in ("stand", "throw", "miss", "defend")) > 3000
    assert min(met[v] for v in ("stand", "throw", "miss", "defend", "dealer's case")) >= 10, met


def test_the_five_card_and_irish_kernel_declares_and_exchanges_as_the_bot() -> None:
    """LOO5-2, LOOI-1/2, §14.24: stand, throw up, and the exchange of the very cards the bot chooses."""
    met = five_card_situations(1891, 300)
    assert sum(met.values()) > 1500
    assert min(met[v] for v in ("stand", "throw", "exchange")) >= 20, met
