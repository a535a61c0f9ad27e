"""Five-card and Irish Loo in the research environments: OpenSpiel's ``python_loo`` and PettingZoo's ``loo_v0``
with ``preset="five-card"`` or ``"irish"`` (RULES.md §4.2, §4.3).

- the action ids: every legal action of many random deals, in turn and out of it, makes the round trip
  id -> action -> id, and an id is accepted by the engine exactly when it is among the legal ones;
- OpenSpiel's ``random_sim_test`` and PettingZoo's ``api_test`` / ``seed_test`` for several forms and options;
- random playthroughs through both adapters: only legal actions, the returns the engine's net, money conserved,
  within the declared bounds and length, exchanges and offers reached;
- flushes (LOO5-6/7, §14.24, §14.34): every flush held is shown after the declaring, in turn from the dealer's
  left, the leader's too, and a flush before taking the pool without play: applied as nobody chooses them, no
  seat asked; "no flush" is never legal; "Pam be civil" (LOO5-4) as its own id;
- what a seat sees: the vectors' layouts and sizes, no card it cannot see (another's exchange is a count), and
  the resampler's worlds indistinguishable to it; OpenSpiel's ISMCTS bot plays whole deals through them.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test, seed_test

from conftest import conserved
from roundgames import IllegalActionError, LooRules
from roundgames.core.cards import card_of, parse_card, parse_cards
from roundgames.envs import encoding, loo_encoding, loo_v0
from roundgames.envs import openspiel as ospiel
from roundgames.loo.actions import LooAction
from roundgames.loo.deal import LooDeal

Config = dict[str, Any]

STAND, THROW = 52, 53
FLUSH, CIVIL, NO_FLUSH, EXCHANGE = encoding.LOO_FLUSH, encoding.LOO_CIVIL, encoding.LOO_NO_FLUSH, encoding.LOO_EXCHANGE

#: the forms and options played below: one PettingZoo configuration each (OpenSpiel takes the options as JSON)
FORMS: dict[str, Config] = {
    "five-card-5": {"players": 5, "preset": "five-card"},
    "five-card-options-4": {
        "players": 4,
        "preset": "five-card",
        "options": {"pam": "jack_trumps", "pam_free": True, "flush_pay": "ew_hoy", "flush_tie": "split"},
    },
    "five-card-club-law-3": {
        "players": 3,
        "preset": "five-card",
        "options": {"club_law": True, "lead_rule": "cassell", "loo_mode": "unlimited"},
    },
    "irish-4": {"players": 4, "preset": "irish"},
    "irish-flush-3": {"players": 3, "preset": "irish", "options": {"irish_flush": True, "club_law": False}},
}


def spiel_params(config: Config) -> dict[str, Any]:
    out = {k: v for k, v in config.items() if k != "options"}
    if "options" in config:
        out["options"] = json.dumps(config["options"])
    return out


def load(config: Config) -> Any:
    return pyspiel.load_game("python_loo", spiel_params(config))


def rules_of(config: Config) -> LooRules:
    return LooRules.preset(config["preset"]).with_options(config.get("options", {}))


def engine_states(config: Config, rng: random.Random, deals: int) -> Iterator[LooDeal]:
    """Every state of ``deals`` random deals, played through the engine by random choices (a flush, always
    shown, is then the only choice of its holder, §14.34)."""
    for _ in range(deals):
        deal = LooDeal(rules_of(config), config["players"], dealer=rng.randrange(config["players"]))
        deal.deal(rng)
        while not deal.is_complete:
            yield deal
            deal.apply(rng.choice(deal.legal_actions()))
        yield deal


# -- the action ids ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(FORMS))
def test_every_legal_action_makes_the_round_trip_and_no_other_id_is_accepted(name: str) -> None:
    config = FORMS[name]
    size = encoding.loo_action_count(rules_of(config))
    assert size == (90 if config["preset"] == "five-card" else 66)
    rng = random.Random(name)
    checked = exchanges = shows = 0
    for deal in engine_states(config, rng, 40):
        if deal.to_act is None:
            continue
        ids = [loo_encoding.action_id(deal, a) for a in deal.legal_actions()]
        assert len(set(ids)) == len(ids) and all(0 <= i < size for i in ids)
        for i, a in zip(ids, deal.legal_actions(), strict=True):
            assert loo_encoding.action(deal, i) == a
        accepted = []
        for i in range(size):
            if i == NO_FLUSH:  # the answer to an offer, no engine action
                with pytest.raises(IllegalActionError, match=r"none is made to him now \(LOO5-6\)"):
                    loo_encoding.action(deal, i)
            elif deal.can(loo_encoding.action(deal, i)):
                accepted.append(i)
        assert accepted == sorted(ids)
        exchanges += sum(1 for i in ids if i > EXCHANGE)
        shows += ids == [FLUSH]  # a flush is shown as its holder's only action (§14.34)
        assert all(not deal.side_actions(seat) for seat in deal.order)  # nothing is offered out of turn
        checked += 1
    assert checked > 300 and exchanges > 300
    if name == "irish-flush-3":
        assert shows > 0  # three-card flushes are common enough to be shown


def test_an_exchange_is_named_by_the_positions_of_the_sorted_hand() -> None:
    deal = LooDeal(LooRules.preset("five-card"), 3, dealer=2)
    deal.deal_cards({0: "AH KH QH 9H 2H", 1: "AS KS QS 3D 2C", 2: "JC 8D 7D 6D 5D"}, turnup="4S", stock="TC 9C 8C")
    exchange = LooAction(0, "exchange", None, "KH 2H")  # positions 3 and 0 of the hand sorted by card int
    assert sorted(parse_cards("AH KH QH 9H 2H")) == parse_cards("2H 9H QH KH AH")
    assert encoding.loo_action_id(exchange, deal) == EXCHANGE + 0b1001 == 67
    assert encoding.loo_action(deal, 67) == exchange
    with pytest.raises(ValueError, match="give the deal"):
        encoding.loo_action_id(exchange)
    assert encoding.loo_action_id(LooAction(0, "play", parse_card("AS"), "civil")) == CIVIL == 57
    assert [loo_encoding.action_name(i) for i in (FLUSH, CIVIL, NO_FLUSH, 67)] == [
        "flush",
        "play the ace of trumps civil",
        "no flush",
        "exchange #1001",
    ]


def test_the_documented_ids_and_sizes() -> None:
    """The ids and action spaces that envs/encoding.py and loo_v0's page give are the encoding's."""
    assert (FLUSH, CIVIL, NO_FLUSH, EXCHANGE + 1) == (56, 57, 58, 59)
    for text in ("``56``", "``57``", "``58``", "``59..89``", "``59..65``"):
        assert text in (encoding.__doc__ or "") and text in (loo_v0.__doc__ or ""), text
    five, irish = loo_v0.raw_env(preset="five-card"), loo_v0.raw_env(players=4, preset="irish")
    assert five.action_space("player_0").n == five.NUM_ACTIONS == 90
    assert irish.action_space("player_0").n == irish.NUM_ACTIONS == 66
    assert loo_v0.raw_env().action_space("player_0").n == encoding.LOO_ACTIONS == 56  # Three-card Loo's, unchanged
    assert load({"players": 5, "preset": "five-card"}).num_distinct_actions() == 90
    assert load({"players": 4, "preset": "irish"}).num_distinct_actions() == 66


# -- the frameworks' own harnesses -------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(FORMS))
def test_random_sim_test_in_subprocess(name: str) -> None:
    params = spiel_params(FORMS[name])
    code = textwrap.dedent(
        f"""
        import json, pyspiel
        import roundgames.envs.openspiel
        game = pyspiel.load_game("python_loo", json.loads({json.dumps(params)!r}))
        pyspiel.random_sim_test(game, num_sims=12, serialize=True, verbose=False)
        print("random_sim_test passed")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "random_sim_test passed" in done.stdout


PZ_CASES = {**FORMS, "five-card-sitting-4": {"players": 4, "preset": "five-card", "sitting": True, "deals": 3}}


@pytest.mark.parametrize("name", list(PZ_CASES))
def test_pettingzoo_api_and_seed(name: str) -> None:
    config = PZ_CASES[name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(loo_v0.env(**config), num_cycles=1000)
        seed_test(lambda: loo_v0.env(**config), num_cycles=1000)
    # the two warnings PettingZoo gives every dict observation outside its own games (tests/test_envs_pettingzoo.py)
    assert {str(w.message) for w in caught} <= {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    }


# -- random playthroughs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(FORMS))
def test_openspiel_random_playthroughs(name: str) -> None:
    game = load(FORMS[name])
    low, high = game.min_utility(), game.max_utility()
    rng = random.Random(name)
    played: set[int] = set()
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            assert legal == sorted(legal) and all(0 <= i < game.num_distinct_actions() for i in legal)
            for other in range(game.num_players()):
                assert state.legal_actions(other) == (legal if other == state.current_player() else [])
            action = rng.choice(legal)
            played.add(action)
            state.apply_action(action)
        deal = state.deal
        assert deal.is_complete and state.returns() == [float(v) for v in deal.net]
        assert conserved(deal) and all(low <= r <= high for r in state.returns())
        assert len([h for h in state.full_history() if h.player >= 0]) <= game.max_game_length()
    assert {STAND, THROW} <= played and any(i > EXCHANGE for i in played) and any(i < 52 for i in played)
    assert not {FLUSH, NO_FLUSH} & played  # a flush is shown as nobody chooses, and none is offered (§14.34)


def pz_walk(config: Config, seed: int) -> set[int]:
    """One random episode of ``loo_v0``, checked against the engine at every step; the integers played."""
    env = loo_v0.raw_env(**config)
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    space = env.observation_space("player_0")
    played: set[int] = set()
    while not any(env.terminations.values()):
        deal, agent = env.deal, env.agent_selection
        seat = env.possible_agents.index(agent)
        for other, name in enumerate(env.possible_agents):
            obs = env.observe(name)
            assert space.contains(obs)
            vector = np.asarray(loo_encoding.observation(deal, other, env.passed), dtype=np.float32)
            assert np.array_equal(obs["observation"], vector)
            assert obs["action_mask"].any() == (name == agent)
        ids = env.legal_action_ids()
        # no offer out of turn, and no flush to choose: each is shown as nobody chooses (§14.34)
        assert seat == deal.to_act and ids == sorted(loo_encoding.action_id(deal, a) for a in deal.legal_actions())
        assert not {FLUSH, NO_FLUSH} & set(ids) and not env.passed
        action = rng.choice(ids)
        played.add(action)
        env.step(action)
        for name, reward in env.rewards.items():
            totals[name] += reward
    if env.sitting is None:
        assert env.deal.is_complete and [totals[a] for a in env.possible_agents] == env.deal.net
        assert conserved(env.deal)
    else:
        assert sum(totals.values()) == 0 and len(env.sitting.deals) == config["deals"]
    return played


@pytest.mark.parametrize("name", list(PZ_CASES))
def test_pettingzoo_random_walks_agree_with_the_engine(name: str) -> None:
    played: set[int] = set()
    for seed in range(6 if PZ_CASES[name].get("sitting") else 20):
        played |= pz_walk(PZ_CASES[name], seed)
    assert STAND in played and any(i > EXCHANGE for i in played)


# -- flushes and "Pam be civil" ---------------------------------------------------------------------------


def rigged(game: Any, hands: dict[int, str], turnup: str, seed: int = 0) -> LooDeal:
    """A deal of ``game``'s table with these hands and turn-up, the rest of the pack shuffled into the stock."""
    deal = game.table.new_deal()
    given = {s: parse_cards(h) for s, h in hands.items()}
    up = parse_card(turnup)
    used = {c for h in given.values() for c in h} | {up}
    rest = [c for c in range(52) if c not in used]
    random.Random(seed).shuffle(rest)
    deal.deal_cards(given, turnup=up, stock=rest)
    return deal


#: dealer P4 (3): P2 (1) holds a heart flush, P3 (2) four diamonds and Pam, P1 (0) leads, P4 holds no flush
FLUSH_HANDS = {0: "AS KS 3C 4C 5C", 1: "AH KH QH 9H 2H", 2: "JC 8D 7D 6D 5D", 3: "QS JS 9C TC 2S"}


def after_standing(game: Any, hands: dict[int, str]) -> Any:
    deal = rigged(game, hands, "4S")
    state = ospiel.state_from_deal(game, deal)
    for _ in range(4):
        state.apply_action(STAND)
    return state


def test_clarification_34_every_flush_is_shown_in_turn_as_nobody_chooses() -> None:
    """LOO5-6/7, §14.34: all four stand; P2's hearts and P3's diamonds with Pam are shown at once, in turn from the
    dealer's left, no seat asked (not the leader P1, who holds none, nor P4): P3's flush takes the pool and a loo
    from every other seat."""
    game = load({"players": 4, "preset": "five-card", "dealer": 3})
    state = after_standing(game, FLUSH_HANDS)
    deal = state.deal
    assert state.is_terminal() and [deal.action_str(a) for a in deal.log[4:]] == ["P2 flush", "P3 flush"]
    assert deal.flush_winners == (2,) and state.returns() == [float(v) for v in deal.net]
    assert deal.net[2] == 5 + 3 * 5 and conserved(deal)  # the pool of 5, and a loo of 5 from each
    assert [h.player for h in state.full_history() if h.player >= 0] == [0, 1, 2, 3]  # four choices, no more
    again = ospiel.state_from_deal(game, deal)  # the same deal from its engine log
    assert again.history() == state.history() and again.is_terminal()


def test_clarification_34_the_leaders_own_flush_and_pam_be_civil() -> None:
    """§14.34: the leader's flush is shown for him, as any other; with no flush held, the leader leads at once,
    and "Pam be civil" (LOO5-4) is its own id."""
    game = load({"players": 4, "preset": "five-card", "dealer": 3})
    hands = {0: "AH KH QH 9H 2H", 1: "AS KS 3C 4C 5C", 2: "JC 8D 7D 6S 5D", 3: "QS JS 9C TC 2S"}
    state = after_standing(game, hands)
    assert state.is_terminal() and state.deal.log[-1] == LooAction(0, "flush") and state.deal.flush_winners == (0,)
    # P2 (1), the leader, holds the ace of spades, trumps, and Pam is out (in the stock).
    civil = load({"players": 4, "preset": "five-card", "dealer": 0})
    deal = rigged(civil, {1: "AS 2H 3H 4H 6D", 2: "KD QD 7C 8C 9C", 3: "KC QC TC 3D 4D", 0: "2D 5D 7D 9D 2C"}, "4S")
    state = ospiel.state_from_deal(civil, deal)
    for _ in range(4):
        state.apply_action(STAND)
    assert state.current_player() == 1 and CIVIL in state.legal_actions()  # LOO5-4: leading the ace of trumps
    assert state.action_to_string(1, CIVIL) == "P2 play AS civil"
    state.apply_action(CIVIL)
    assert state.deal.log[-1] == LooAction(1, "play", card_of(12, 0), "civil")
    assert state.information_state_tensor(3)[-5] == 1.0  # the first trick was led "civil"


def test_a_seat_taking_the_pool_without_play_shows_its_flush_first() -> None:
    """§14.24: all before him throw up; the dealer takes the pool, and shows his flush first (no choice)."""
    game = load({"players": 4, "preset": "five-card", "dealer": 3})
    hands = {**FLUSH_HANDS, 3: "2D 3D 4D 9D TD", 2: "JC 8H 7S 6S 5S"}
    state = ospiel.state_from_deal(game, rigged(game, hands, "4S"))
    for _ in range(3):
        state.apply_action(THROW)
    assert state.is_terminal() and state.deal.log[-1] == LooAction(3, "flush")
    assert state.deal.net == [-5, -5, -5, 15] and conserved(state.deal)  # his stake back, and three loos


def test_pettingzoo_clarification_34_flushes_shown_and_no_flush_refused() -> None:
    """§14.34 through PettingZoo: with no flush held the leader P1 leads after the declaring, and "no flush"
    (an answer to an offer none makes now) is refused; with flushes held they are shown as nobody chooses."""
    env = loo_v0.raw_env(players=4, preset="five-card", dealer=3)
    plain = {**FLUSH_HANDS, 1: "AH KH QH 9H 2D", 2: "JC 8D 7D 6H 5D"}  # neither P2's nor P3's cards a flush now
    env.reset(options={"deal": rigged(load({"players": 4, "preset": "five-card", "dealer": 3}), plain, "4S")})
    for _ in range(4):
        env.step(STAND)
    assert env.agent_selection == "player_0" and env.legal_action_ids() == [parse_card("AS"), CIVIL]
    with pytest.raises(IllegalActionError, match=r"answers an offer to show a flush out of turn.*\(LOO5-6\)"):
        env.step(NO_FLUSH)
    env.step(parse_card("AS"))
    assert env.passed == ()
    shown = loo_v0.raw_env(players=4, preset="five-card", dealer=3, render_mode="ansi")
    shown.reset(options={"deal": rigged(load({"players": 4, "preset": "five-card", "dealer": 3}), FLUSH_HANDS, "4S")})
    for action in (STAND, STAND, STAND, STAND):
        shown.step(action)
    assert all(shown.terminations.values()) and shown.rewards["player_2"] == 20.0
    assert "flushes shown: player_1 player_2" in (shown.render() or "")


# -- what a seat sees ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["five-card-5", "irish-4"])
def test_layouts_are_fixed_for_the_game_and_documented(name: str) -> None:
    config = FORMS[name]
    rules, n = rules_of(config), config["players"]
    game = load(config)
    layout, info = encoding.loo_layout(n, rules), loo_encoding.info_layout(n, rules)
    assert game.observation_tensor_size() == sum(w for _, w in layout)
    assert game.information_state_tensor_size() == sum(w for _, w in info)
    names = [text.split(":")[0] for text, _ in layout]
    assert "miss" not in names and {"stock", "exchanged", "put_out", "pam", "passed", "shown", "flushes"} <= set(names)
    sizes = set()
    for deal in engine_states(config, random.Random(name), 5):
        for seat in range(n):
            sizes.add((len(loo_encoding.observation(deal, seat)), len(loo_encoding.info_vector(deal, seat))))
    assert sizes == {(sum(w for _, w in layout), sum(w for _, w in info))}


def test_another_seats_exchange_shows_as_a_count() -> None:
    game = load({"players": 4, "preset": "five-card", "dealer": 3})
    a = rigged(game, FLUSH_HANDS, "4S", seed=1)
    swapped = {**FLUSH_HANDS, 1: "AH KH QH 9H 3D", 2: "JC 8D 7D 6D 2H"}  # P2 and P3 swap a card P1 never sees
    b = rigged(game, swapped, "4S", seed=1)
    sa, sb = ospiel.state_from_deal(game, a), ospiel.state_from_deal(game, b)
    for action in (STAND, EXCHANGE + 0b1, EXCHANGE + 0b11, STAND):  # P2 puts out 2H or 3D, P3 two cards
        sa.apply_action(action)
        sb.apply_action(action)
        for tensor in ("observation_tensor", "information_state_tensor", "observation_string"):
            assert getattr(sa, tensor)(0) == getattr(sb, tensor)(0), tensor
        assert sa.information_state_string(0) == sb.information_state_string(0)
    assert "P2 exchange x1 P3 exchange x2" in sa.information_state_string(0)
    # P2's own exchange names its cards: position 0 of its sorted hand, 2H in one deal and 9H in the other
    assert "P2 exchange 2H" in sa.information_state_string(1) and "P2 exchange 9H" in sb.information_state_string(1)
    assert str(sa) != str(sb)


@pytest.mark.parametrize("name", ["five-card-5", "irish-flush-3"])
def test_resampled_worlds_look_the_same_to_the_seat(name: str) -> None:
    game = load(FORMS[name])
    rng = random.Random(name)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
                continue
            for seat in range(game.num_players()):
                world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                for view in ("information_state_string", "information_state_tensor", "observation_tensor"):
                    assert getattr(world, view)(seat) == getattr(state, view)(seat), view
                assert world.current_player() == state.current_player() and world.passed == state.passed
                if seat == state.current_player():
                    assert world.legal_actions() == state.legal_actions()
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 60


@pytest.mark.parametrize("name", ["five-card-5", "irish-flush-3"])
def test_openspiel_ismcts_plays_whole_deals_through_the_resampler(name: str) -> None:
    game = load(FORMS[name])
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=np.random.RandomState(p))
        for p in range(game.num_players())
    ]
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            action = int(bots[state.current_player()].step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
        assert state.returns() == [float(v) for v in state.deal.net] and conserved(state.deal)
