"""The PettingZoo adapters ``loo_v0`` and ``nap_v0``: PettingZoo's own harnesses, and checks against the engine.

- ``api_test`` and ``seed_test`` for both games with several presets, options and player counts, one deal
  an episode and in sitting mode;
- a random walk through each configuration that checks at every step: the agent to act is the engine's
  ``to_act``, the action mask is exactly the set of integers the engine accepts (``deal.can`` over the whole
  action space, independently of ``legal_actions()``), every agent's observation is the encoding's vector
  of its layout's size and inside the observation space, and at the end the rewards are the engine's
  ``net`` (with the pool's growth, summing to zero), or in a sitting its balances, summing to zero;
- the leak test: two deals that differ only in cards a seat cannot see give that seat identical
  observations (vector and mask) step after step, while the engine states differ; a difference in its
  own cards does show;
- errors: the engine's messages come through for bad options and illegal actions;
- one table of verbs: the documented action ids are the games' verb tables' ``ids``;
- fixed seeds give the same observations, masks, rewards and renderings as before.
"""

from __future__ import annotations

import hashlib
import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers as pz_wrappers

from roundgames import IllegalActionError, LooRules, NapRules, RecordError, RulesError
from roundgames.core.cards import cards_in, format_cards
from roundgames.envs import encoding, loo_v0, nap_v0
from roundgames.envs.encoding import encoding_of
from roundgames.envs.resample import place_cards
from roundgames.games.protocol import Stage
from roundgames.games.registry import game as game_named
from roundgames.loo.deal import LooDeal
from roundgames.nap import NapDeal
from roundgames.nap.deal import NapAction, NapPhase

Config = dict[str, Any]

LOO_CONFIGS: dict[str, Config] = {
    "peel-3": {"players": 3},
    "enquire-within-5": {"players": 5, "preset": "enquire-within"},
    "club-law-8": {"players": 8, "options": {"club_law": True}},
    "lead-one-4": {"players": 4, "options": {"lead_rule": "lead_one"}},
    "pack32-9": {"players": 9, "options": {"pack": 32}},
    "ew-single-6": {"players": 6, "preset": "enquire-within", "kind": "ew_single"},
    "dealer-stands-out-7": {"players": 7, "options": {"dealer_stands_out_above": 6}},
    "unlimited-12": {"players": 12, "options": {"loo_mode": "unlimited"}, "stakes": {"loo": 4}},
    "sitting-peel-4": {"players": 4, "sitting": True, "deals": 6},
    "sitting-ew-5": {"players": 5, "preset": "enquire-within", "sitting": True, "deals": 5},
}
NAP_CONFIGS: dict[str, Config] = {
    "peel-2": {"players": 2},
    "plain-4": {"players": 4, "preset": "plain"},
    "modern-6": {"players": 6, "preset": "modern"},
    "max-players-7": {"players": 7, "options": {"max_players": 7}},
    "purchase-4": {"players": 4, "options": {"purchase": True}},
    "peep-3": {"players": 3, "options": {"peep": True}},
    "spare-peel-4": {"players": 4, "options": {"spare_hand": "peel"}},
    "top-card-5": {"players": 5, "options": {"nap_top_card": True}},
    "challenge-4": {"players": 4, "options": {"nap_challenge": True}},
    "double-header-4": {"players": 4, "options": {"all_pass": "double_header", "min_call": 3}},
    "sitting-6": {"players": 6, "sitting": True, "deals": 5, "options": {"all_pass": "double_header", "kitty": True}},
}
CASES = [pytest.param(loo_v0, c, id=f"loo-{k}") for k, c in LOO_CONFIGS.items()] + [
    pytest.param(nap_v0, c, id=f"nap-{k}") for k, c in NAP_CONFIGS.items()
]

# PettingZoo warns about any dict observation of an environment not on its own list of names (its
# classic games are listed); these two, and only these, are expected. The project turns warnings into
# errors, so each harness runs with the warnings recorded and then checked.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


def harness(run: Callable[[], None]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    unexpected = {str(w.message) for w in caught} - set(EXPECTED_WARNINGS)
    assert not unexpected, unexpected


@pytest.mark.parametrize(("module", "config"), CASES)
def test_api_and_seed(module: Any, config: Config) -> None:
    harness(lambda: api_test(module.env(**config), num_cycles=1000))
    harness(lambda: seed_test(lambda: module.env(**config), num_cycles=1000))


@pytest.mark.parametrize(("module", "config"), CASES)
def test_seed_decides_the_deal(module: Any, config: Config) -> None:
    """The same seed deals the same cards; other seeds deal others (seed_test alone passes a constant game)."""

    def first(seed: int) -> tuple[Any, ...]:
        env = module.raw_env(**config)
        env.reset(seed=seed)
        return (env.deal.dealer, tuple(env.deal.dealt))

    assert first(7) == first(7)
    assert len({first(s) for s in range(6)}) > 1


# -- random walks checked against the engine ---------------------------------------------------------


def pick(env: Any, ids: list[int], rng: random.Random) -> int:
    """A random legal integer, the verb first (the game's verb table says which ids are whose), so that the 252
    spare-hand keeps of Nap do not crowd out the rest."""
    verbs = env.kit.spec.verbs
    groups: dict[str, list[int]] = {}
    for i in ids:
        groups.setdefault(verbs.by_id(i).word, []).append(i)
    return rng.choice(groups[rng.choice(sorted(groups))])


def engine_accepts(deal: Any, action_id: int) -> bool:
    return bool(deal.can(encoding_of(deal).action(deal, action_id)))


def encode(deal: Any, seat: int) -> list[float]:
    return encoding_of(deal).observation(deal, seat)


def walk(module: Any, config: Config, seed: int, *, every_id: bool) -> set[int]:
    """Play one episode at random, checking each step against the engine; returns the integers played."""
    env = module.raw_env(**config)
    env.reset(seed=seed)
    rng = random.Random(seed)
    size = sum(width for _, width in env.layout())
    space = env.observation_space("player_0")
    totals = dict.fromkeys(env.possible_agents, 0.0)
    played: set[int] = set()
    acted: set[str] = set()
    deal = env.deal
    start = deal.ledger.start
    while not any(env.terminations.values()):
        deal = env.deal
        assert env.agent_selection == f"player_{deal.to_act}"
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            assert obs["observation"].shape == (size,)
            assert np.array_equal(obs["observation"], np.asarray(encode(deal, seat), dtype=np.float32))
            assert space.contains(obs)
            if agent != env.agent_selection:
                assert not obs["action_mask"].any()
        mask = env.observe(env.agent_selection)["action_mask"]
        ids = np.flatnonzero(mask).tolist()
        engine_ids = [env.action_id(deal, a) for a in deal.legal_actions()]
        assert ids == sorted(engine_ids) and len(set(engine_ids)) == len(engine_ids)
        if every_id:
            assert ids == [i for i in range(env.NUM_ACTIONS) if engine_accepts(deal, i)]
        action = pick(env, ids, rng)
        played.add(action)
        acted.add(env.agent_selection)
        records = len(env.sitting.deals) if env.sitting else 0
        env.step(action)
        for agent, reward in env.rewards.items():
            totals[agent] += reward
        if env.sitting and len(env.sitting.deals) == records + 1 and not any(env.terminations.values()):
            assert [env.rewards[a] for a in env.possible_agents] == deal.net  # one deal ended: its net
    assert all(env.terminations.values()) and env.legal_action_ids() == []
    if env.sitting is None:
        deal = env.deal
        assert deal.is_complete
        assert [totals[a] for a in env.possible_agents] == deal.net
        assert sum(deal.net) + deal.ledger.total - start == 0
        if getattr(deal, "dealer_out", False):
            assert f"player_{deal.dealer}" not in acted  # the dealer who sits out is never selected
    else:
        assert len(env.sitting.deals) == config["deals"]
        assert [totals[a] for a in env.possible_agents] == [env.sitting.balances[f"P{i + 1}"] for i in range(env.n)]
        assert sum(totals.values()) == 0  # what was left on the table was shared out
    for _ in list(env.agents):  # every agent steps out with None
        assert env.agent_selection in env.agents
        env.step(None)
    assert env.agents == []
    return played


# integers a random walk must reach in a configuration, as ranges, so that the checks above are not vacuous
STAND, THROW, MISS, DEFEND = 52, 53, 54, 55
MUST_PLAY: dict[str, list[range]] = {
    "loo-peel-3": [range(52), range(STAND, STAND + 1), range(THROW, THROW + 1), range(MISS, MISS + 1)],
    "loo-enquire-within-5": [range(STAND, STAND + 1), range(THROW, THROW + 1), range(MISS, MISS + 1)],
    "loo-club-law-8": [range(52), range(STAND, STAND + 1)],
    "loo-lead-one-4": [range(DEFEND, DEFEND + 1)],
    "loo-sitting-peel-4": [range(STAND, STAND + 1), range(THROW, THROW + 1), range(MISS, MISS + 1)],
    "nap-peel-2": [range(52), range(52, 53), range(53, 61)],
    "nap-purchase-4": [range(63, 64), range(64, 95)],
    "nap-peep-3": [range(61, 62), range(347, 353)],
    "nap-spare-peel-4": [range(95, 347)],
    "nap-top-card-5": [range(353, 359)],
    "nap-challenge-4": [range(62, 63)],
}


@pytest.mark.parametrize(("module", "config"), CASES)
def test_random_walks_agree_with_the_engine(module: Any, config: Config, request: pytest.FixtureRequest) -> None:
    played: set[int] = set()
    for seed in range(6 if config.get("sitting") else 25):
        played |= walk(module, config, seed, every_id=seed < 2)
    for wanted in MUST_PLAY.get(request.node.callspec.id, []):
        assert played & set(wanted), f"no action in {wanted} was played"


def test_observation_sizes_are_the_layout_sums() -> None:
    for n in (3, 5, 8, 12):
        space = loo_v0.raw_env(players=n).observation_space("player_0")
        assert space["observation"].shape == (174 + 63 * n,) == (sum(w for _, w in encoding.loo_layout(n)),)
        assert space["action_mask"].shape == (encoding.LOO_ACTIONS,) == (56,)
    for n in (2, 4, 6):
        space = nap_v0.raw_env(players=n).observation_space("player_0")
        assert space["observation"].shape == (188 + 72 * n,) == (sum(w for _, w in encoding.nap_layout(n)),)
        assert space["action_mask"].shape == (encoding.NAP_ACTIONS,) == (359,)


#: the research action ids as envs/encoding.py and the environments' pages (loo_v0, nap_v0) document them: each
#: verb's first id and how many
DOCUMENTED_IDS: dict[str, dict[str, tuple[int, int]]] = {
    "loo": {"play": (0, 52), "stand": (52, 1), "throw": (53, 1), "miss": (54, 1), "defend": (55, 1)},
    "nap": {
        "play": (0, 52),
        "pass": (52, 1),
        "call": (53, 8),
        "peep": (61, 1),
        "raise": (62, 1),
        "buy": (63, 32),
        "spare": (95, 252),
        "widow": (347, 6),
        "topcard": (353, 6),
    },
}


@pytest.mark.parametrize(("game", "module"), [("loo", loo_v0), ("nap", nap_v0)])
def test_documented_action_ids_are_the_verb_tables(game: str, module: Any) -> None:
    """One table of verbs: the ids the documentation gives are the verb table's ``ids``, the encoding's action
    space is one past the last of them, each documented range appears in the encoding's and the environment's
    pages, and every id of a verb decodes to an action of that verb."""
    verbs = game_named(game).verbs
    assert {w: v.ids for w, v in verbs.items() if v.ids is not None} == DOCUMENTED_IDS[game]
    enc = encoding_of(game)
    assert max(a + b for a, b in DOCUMENTED_IDS[game].values()) == enc.NUM_ACTIONS
    assert module.raw_env().action_space("player_0").n == enc.NUM_ACTIONS
    for start, count in DOCUMENTED_IDS[game].values():
        text = f"``{start}``" if count == 1 else f"``{start}..{start + count - 1}``"
        assert text in (encoding.__doc__ or "") and text in (module.__doc__ or ""), text
    env = module.raw_env()
    env.reset(seed=3)
    for word, (start, count) in DOCUMENTED_IDS[game].items():
        for i in range(start, start + count):
            assert verbs.by_id(i) is verbs[word]
            assert enc.action(env.deal, i).verb == word
    for a in env.deal.legal_actions():
        assert enc.action(env.deal, enc.action_id(env.deal, a)) == a


# -- the leak test ------------------------------------------------------------------------------------


def loo_pair(rules: LooRules, n: int, seed: int, variant: str) -> tuple[LooDeal, LooDeal, int]:
    """Two Loo deals that differ only as ``variant`` says, and the observing seat."""
    base = LooDeal(rules, n, dealer=seed % n)
    base.deal(seed)
    me = base.order[seed % len(base.order)]
    o1, o2 = [s for s in base.order if s != me][:2]
    hands = {s: list(cards_in(base.dealt[s])) for s in base.order}
    miss = list(cards_in(base.miss))
    if variant == "opponents":
        hands[o1][0], hands[o2][1] = hands[o2][1], hands[o1][0]
    elif variant == "miss":
        hands[o1][2], miss[1] = miss[1], hands[o1][2]
    else:  # "own"
        hands[me][0], hands[o1][0] = hands[o1][0], hands[me][0]
    a, b = LooDeal(rules, n, dealer=base.dealer), LooDeal(rules, n, dealer=base.dealer)
    a.deal_cards({s: list(cards_in(base.dealt[s])) for s in base.order}, list(cards_in(base.miss)), base.turnup)
    b.deal_cards(hands, miss, base.turnup)
    return a, b, me


def nap_pair(rules: NapRules, n: int, seed: int, variant: str) -> tuple[NapDeal, NapDeal, int]:
    """Two Nap deals that differ only as ``variant`` says, and the observing seat."""
    base = NapDeal(rules, n, dealer=seed % n)
    base.deal(seed)
    me = base.order[seed % len(base.order)]
    o1, o2 = [s for s in base.order if s != me][:2]
    original = {s: list(cards_in(base.dealt[s])) for s in base.order}
    hands = {s: list(h) for s, h in original.items()}
    stock, spare, widow = list(base.dealt_stock), list(cards_in(base.dealt_spare)), base.dealt_widow
    if variant == "opponents":
        hands[o1][0], hands[o2][4] = hands[o2][4], hands[o1][0]
    elif variant == "stock":  # the bottom of the stock, never bought with four players
        hands[o1][3], stock[-1] = stock[-1], hands[o1][3]
    elif variant == "spare":
        hands[o1][1], spare[2] = spare[2], hands[o1][1]
    elif variant == "top":  # the top card of the stock
        hands[o1][3], stock[0] = stock[0], hands[o1][3]
    elif variant == "widow":
        assert widow is not None
        hands[o1][2], widow = widow, hands[o1][2]
    else:  # "own"
        hands[me][0], hands[o1][0] = hands[o1][0], hands[me][0]
    a, b = NapDeal(rules, n, dealer=base.dealer), NapDeal(rules, n, dealer=base.dealer)
    a.deal_cards(original, stock=base.dealt_stock, widow=base.dealt_widow, spare=list(cards_in(base.dealt_spare)))
    b.deal_cards(hands, stock=stock, widow=widow, spare=spare)
    return a, b, me


def twin_walk(
    module: Any,
    config: Config,
    a: Any,
    b: Any,
    me: int,
    seed: int,
    stop: Callable[[int, int], bool],
    *,
    masks: bool = True,
) -> tuple[int, int]:
    """Play the same integers in both deals while both accept them, comparing what ``me`` is given.

    Returns (steps compared, of them in the play phase). ``stop(seat, action)`` ends the walk before an
    action that would show ``me`` the difference (taking the miss, peeping at the widow, ...)."""
    env_a, env_b = module.raw_env(**config), module.raw_env(**config)
    env_a.reset(options={"deal": a})
    env_b.reset(options={"deal": b})
    agent = f"player_{me}"
    rng = random.Random(seed)
    compared = in_play = 0
    while not any(env_a.terminations.values()):
        obs_a, obs_b = env_a.observe(agent), env_b.observe(agent)
        assert np.array_equal(obs_a["observation"], obs_b["observation"]), (seed, a.log)
        if masks:
            assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"]), (seed, a.log)
        compared += 1
        in_play += int(a.stage is Stage.PLAY)
        assert env_a.agent_selection == env_b.agent_selection
        seat = a.to_act
        action = pick(env_a, env_a.legal_action_ids(), rng)
        if action not in env_b.legal_action_ids() or stop(seat, action):
            break
        env_a.step(action)
        env_b.step(action)
    return compared, in_play


def differ(a: Any, b: Any) -> bool:
    """Whether two deals of one game put some card in another place (a hand, the miss, the stock ...)."""
    assert a.game is b.game
    return place_cards(a) != place_cards(b)


@pytest.mark.parametrize(
    ("variant", "config"),
    [
        ("opponents", {"players": 5}),
        ("opponents", {"players": 4, "options": {"lead_rule": "lead_one", "club_law": True}}),
        ("miss", {"players": 4}),
        ("miss", {"players": 3, "preset": "enquire-within"}),
    ],
)
def test_loo_hidden_cards_do_not_leak(variant: str, config: Config) -> None:
    rules = loo_v0.raw_env(**config).rules
    compared = in_play = 0
    for seed in range(60):
        a, b, me = loo_pair(rules, config["players"], seed, variant)
        assert differ(a, b)

        def stop(seat: int, action: int, me: int = me) -> bool:
            return seat == me and action in (54, 55)  # he takes the miss: now he sees it

        c, p = twin_walk(loo_v0, config, a, b, me, seed, stop)
        compared, in_play = compared + c, in_play + p
    assert compared > 200 and in_play > 50, (compared, in_play)  # not vacuous: many steps compared, deep into the play


@pytest.mark.parametrize(
    ("variant", "config"),
    [
        ("opponents", {"players": 4}),
        ("opponents", {"players": 6, "preset": "modern"}),
        ("stock", {"players": 4, "options": {"purchase": True}}),
        ("spare", {"players": 3, "options": {"spare_hand": "peel"}}),
    ],
)
def test_nap_hidden_cards_do_not_leak(variant: str, config: Config) -> None:
    rules = nap_v0.raw_env(**config).rules
    compared = in_play = 0
    for seed in range(60):
        a, b, me = nap_pair(rules, config["players"], seed, variant)
        assert differ(a, b)

        def stop(seat: int, action: int, me: int = me) -> bool:
            return seat == me and encoding.NAP_SPARE <= action < encoding.NAP_WIDOW  # he takes the spare hand

        c, p = twin_walk(nap_v0, config, a, b, me, seed, stop)
        compared, in_play = compared + c, in_play + p
    assert compared > 200 and in_play > 50, (compared, in_play)


def test_nap_unpeeped_widow_does_not_leak_into_the_vector() -> None:
    """The widow swapped with an opponent's card: the observation vector stays the same until the seat
    peeps. (The action mask is not compared: see the next test.)"""
    config: Config = {"players": 4, "options": {"peep": True}}
    rules = nap_v0.raw_env(**config).rules
    compared = 0
    for seed in range(40):
        a, b, me = nap_pair(rules, 4, seed, "widow")

        def stop(seat: int, action: int, me: int = me) -> bool:
            return seat == me and (action == encoding.NAP_PEEP or action >= encoding.NAP_WIDOW)

        compared += twin_walk(nap_v0, config, a, b, me, seed, stop, masks=False)[0]
    assert compared > 200


@pytest.mark.parametrize(
    ("variant", "option", "call"),
    [("widow", "peep", "4"), ("top", "nap_top_card", "nap")],
)
def test_nap_mask_does_not_show_the_widow_or_top_card_before_it_is_taken(variant: str, option: str, call: str) -> None:
    config: Config = {"players": 3, "options": {option: True}}
    rules = nap_v0.raw_env(**config).rules
    for seed in range(20):
        a, b, me = nap_pair(rules, 3, seed, variant)
        for deal in (a, b):  # me calls, the others pass: me is the senior hand, and has not peeped
            while deal.phase is NapPhase.CALL:
                act = NapAction(me, "call", call) if deal.to_act == me else NapAction(deal.to_act, "pass")
                deal.apply(act)
        assert a.declarer == me == b.declarer
        env_a, env_b = nap_v0.raw_env(**config), nap_v0.raw_env(**config)
        env_a.reset(options={"deal": a})
        env_b.reset(options={"deal": b})
        agent = f"player_{me}"
        assert np.array_equal(env_a.observe(agent)["observation"], env_b.observe(agent)["observation"])
        assert np.array_equal(env_a.observe(agent)["action_mask"], env_b.observe(agent)["action_mask"])


def test_own_cards_do_show() -> None:
    """The positive control of the leak test: a card of the seat's own swapped with an opponent's changes its
    observation (in Loo once its turn to declare has come: it has not looked before, LOO-DECL-1)."""
    rules = LooRules.preset("peel")
    for seed in range(10):
        a, b, me = loo_pair(rules, 4, seed, "own")
        env_a, env_b = loo_v0.raw_env(players=4), loo_v0.raw_env(players=4)
        env_a.reset(options={"deal": a})
        env_b.reset(options={"deal": b})
        agent = f"player_{me}"
        while a.to_act != me:
            assert np.array_equal(env_a.observe(agent)["observation"], env_b.observe(agent)["observation"])
            env_a.step(52)
            env_b.step(52)
        assert not np.array_equal(env_a.observe(agent)["observation"], env_b.observe(agent)["observation"])
    nap_rules = NapRules.preset("peel")
    for seed in range(10):
        na, nb, me = nap_pair(nap_rules, 4, seed, "own")
        nenv_a, nenv_b = nap_v0.raw_env(players=4), nap_v0.raw_env(players=4)
        nenv_a.reset(options={"deal": na})
        nenv_b.reset(options={"deal": nb})
        agent = f"player_{me}"
        assert not np.array_equal(nenv_a.observe(agent)["observation"], nenv_b.observe(agent)["observation"])


# -- configuration, errors, text ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (lambda: loo_v0.raw_env(players=2), RecordError, "Loo takes 3 to 12 seats"),
        (lambda: loo_v0.raw_env(players=10, options={"pack": 32}), RecordError, "3 to 9 seats"),
        (lambda: loo_v0.raw_env(preset="whist"), RulesError, "unknown loo preset 'whist'"),
        (lambda: loo_v0.raw_env(options={"club_law": "yes"}), RulesError, "option club_law"),
        (lambda: loo_v0.raw_env(options={"loo_mode": "mixed"}), RulesError, "loo_cap"),
        (lambda: loo_v0.raw_env(stakes={"ante": 2, "bet": 1}), RulesError, "unknown loo stakes ['bet']"),
        (lambda: loo_v0.raw_env(kind="single"), ValueError, "Peel's single"),
        (lambda: loo_v0.raw_env(pool=-1), RecordError, "pool cannot be negative"),
        (lambda: nap_v0.raw_env(players=7), RecordError, "Nap takes 2 to 6 seats"),
        (lambda: nap_v0.raw_env(options={"all_pass": "shrug"}), RulesError, "option all_pass"),
        (lambda: nap_v0.raw_env(sitting=True, deals=0), ValueError, "at least one deal"),
        (lambda: nap_v0.env(render_mode="rgb_array"), ValueError, "render_mode"),
    ],
)
def test_bad_configuration_is_refused_with_the_engines_message(
    make: Callable[[], Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=None) as info:
        make()
    assert words in str(info.value)


def test_illegal_actions() -> None:
    env = loo_v0.raw_env(players=4)
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"must first stand, throw up or take the miss \(LOO-DECL-1\)"):
        env.step(0)
    with pytest.raises(IllegalActionError, match="LOO-DECL-8"):
        env.step(55)  # only the dealer may defend
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(56)
    nap = nap_v0.raw_env(players=4)
    nap.reset(seed=1)
    with pytest.raises(IllegalActionError, match="NAP-VAR-PEEP"):
        nap.step(encoding.NAP_PEEP)
    # the wrapped environment ends the episode instead, -1 to the offender, as PettingZoo's classic games do
    wrapped = nap_v0.env(players=4)
    wrapped.reset(seed=1)
    offender = wrapped.agent_selection
    wrapped.step(encoding.NAP_PEEP)
    assert all(wrapped.terminations.values()) and wrapped.rewards[offender] == -1


def test_given_deal_must_be_dealt_and_fit() -> None:
    env = loo_v0.raw_env(players=4)
    with pytest.raises(ValueError, match="not been dealt"):
        env.reset(options={"deal": LooDeal(env.rules, 4)})
    with pytest.raises(ValueError, match="of 4 seats"):
        env.reset(options={"deal": NapDeal(NapRules.preset(), 4)})
    with pytest.raises(ValueError, match="one-deal mode"):
        loo_v0.raw_env(players=4, sitting=True).reset(options={"deal": LooDeal(env.rules, 4)})


def test_render_shows_the_table_and_only_the_hand_of_the_agent_to_act(capsys: pytest.CaptureFixture[str]) -> None:
    env = nap_v0.raw_env(players=4, render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert isinstance(text, str)
    me = env.deal.to_act
    assert f"player_{me} holds {format_cards(env.deal.hands[me])}" in text
    for other in env.deal.order:
        if other != me:
            assert not any(
                f" {c} " in f" {text} ".replace(",", " ") for c in format_cards(env.deal.hands[other]).split()
            )
    loo = loo_v0.raw_env(players=5, render_mode="human", sitting=True, deals=3)
    loo.reset(seed=2)
    while loo.agents:
        loo.step(None if loo.terminations[loo.agent_selection] else loo.legal_action_ids()[0])
    out = capsys.readouterr().out
    assert "loo_v0 · 5 players" in out and "balances:" in out and "net:" in out


def test_options_of_the_wrong_type_are_refused_clearly() -> None:
    """`options` must map option names to values; anything else is a ValueError that says so."""
    from roundgames.envs import nap_v0

    with pytest.raises(ValueError, match="options"):
        nap_v0.env(options=[1])


# -- the same episodes for the same seeds --------------------------------------------------------------

# episodes whose every observation, mask, reward and rendering is pinned below
PINNED_EPISODES: list[tuple[Any, Config, int]] = [
    (loo_v0, {"players": 4}, 3),
    (loo_v0, {"players": 5, "preset": "enquire-within", "kind": "ew_single", "pool": 4}, 2),
    (loo_v0, {"players": 4, "sitting": True, "deals": 4, "options": {"lead_rule": "lead_one"}}, 1),
    (nap_v0, {"players": 4}, 3),
    (
        nap_v0,
        {"players": 3, "options": {"purchase": True, "peep": True, "spare_hand": "peel", "nap_top_card": True}},
        3,
    ),
    (nap_v0, {"players": 5, "sitting": True, "deals": 4, "options": {"kitty": True, "nap_challenge": True}}, 1),
]
#: the digest of those episodes, recorded before the game interface changed shape
PINNED_OBSERVATIONS = "20f68a5752e2ae84660e6bed67cfbbea1d4604b7cf8c3bb586cfb7be8411ee75"


def _pinned_episodes() -> str:
    digest = hashlib.sha256()
    for module, config, episodes in PINNED_EPISODES:
        env = module.raw_env(render_mode="ansi", **config)
        rng = np.random.default_rng(7)
        for episode in range(episodes):
            env.reset(seed=100 + episode)
            while env.agents:
                agent = env.agent_selection
                for other in env.possible_agents:
                    obs = env.observe(other)
                    digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
                digest.update(repr((agent, env.rewards, env.render())).encode())
                if env.terminations[agent]:
                    env.step(None)
                    continue
                env.step(int(rng.choice(env.legal_action_ids())))
    return digest.hexdigest()


def test_seeded_episodes_are_as_pinned() -> None:
    """The same seeds give the same observations, action masks, rewards and renderings as when the digest was
    recorded: the integers and vectors a trained agent knows do not change."""
    assert _pinned_episodes() == PINNED_OBSERVATIONS


# -- env(): PettingZoo's standard wrappers, read directly ---------------------------------------------


def plain_wrapping(raw: Any) -> Any:
    """The raw environment in PettingZoo's own standard wrappers, as ``env()`` wrapped it before its wrappers read
    the raw environment's attributes directly."""
    out = pz_wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    out = pz_wrappers.AssertOutOfBoundsWrapper(out)
    return pz_wrappers.OrderEnforcingWrapper(out)


def trace(env: Any, seed: int, illegal_at: int | None) -> list[Any]:
    """Everything a user sees over a few episodes of random play (an illegal action at step ``illegal_at``)."""
    rng = np.random.default_rng(seed)
    seen: list[Any] = []
    step = 0
    for episode in range(6):
        env.reset(seed=seed + episode)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            seen.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward, termination, info))
            seen.append((dict(env.rewards), dict(env.terminations), list(env.agents)))
            if termination or truncation:
                action = None
            elif step == illegal_at:
                action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            step += 1
            env.step(action)
    return seen


@pytest.mark.parametrize(("module", "config"), [(loo_v0, {"players": 5}), (nap_v0, {"players": 4})])
def test_env_behaves_as_pettingzoos_own_wrapping(module: Any, config: Config) -> None:
    env = module.env(**config)
    assert isinstance(env, pz_wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env, pz_wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(env.env.env, pz_wrappers.TerminateIllegalWrapper)
    for illegal_at in (None, 3):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PettingZoo warns of the illegal move
            ours = trace(module.env(**config), 11, illegal_at)
            theirs = trace(plain_wrapping(module.raw_env(**config)), 11, illegal_at)
        assert ours == theirs and len(ours) > 100


def test_env_refuses_as_pettingzoos_wrappers_do() -> None:
    env = loo_v0.env(players=4)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        env.last()
    with pytest.raises(AttributeError, match="terminations cannot be accessed before reset"):
        _ = env.terminations
    env.reset(seed=0)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(56)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(-1)
