"""The batched environment's Five-card and Irish Loo (``roundgames.envs.vector``, :mod:`.loo5`) against the checked
engine: every deal replayed action by action through the engine gives the same seat to act, legal ids, observation
and rewards (tests/vector_replay.py), the learner choosing at random at every seat or beside the built-in players;
the cards are the simulator's dealing, the built-in seats choose as the simulator's players do, a table's deals do
not depend on the batch it is played in, and what the simulator cannot play is refused by name."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from roundgames.bots.strategy import Strategy, action_name
from roundgames.bots.table_player import TableBot
from roundgames.core.errors import IllegalActionError, RulesError
from roundgames.envs.games import env_game
from roundgames.envs.vector import BatchedGame
from roundgames.envs.vector import _loo5 as K
from roundgames.envs.vector.loo5 import strategy_of
from roundgames.games.protocol import Stage
from roundgames.sim import loo5 as sim
from roundgames.sim.kernels import Setup
from roundgames.sim.streams import CHOICES, Stream, chunk_seed, deal_stream
from vector_replay import assert_lockstep, assert_replays, engine_deal, play_out, random_actions

FLUSH, CIVIL = 56, 57


def _replayed(env: BatchedGame, seed: int) -> tuple[int, dict[str, Any]]:
    run = play_out(env, np.random.default_rng(seed))
    return assert_replays(env, run), run


def _count(run: dict[str, Any], action: int) -> int:
    """The deals in which ``action`` was taken."""
    return sum(action in r["actions"] for r in run["records"])


def test_five_card_deals_replay_through_the_engine() -> None:
    """LOO5-1..8: 2000 deals, every seat a learner choosing at random: masks (exchanges by positions, LOO5-2; the
    ace led "civil", LOO5-4), observations and nets equal the engine's; some deals end in a flush, shown inside
    the step as nobody chooses (LOO5-6, §14.34) and replayed from the record."""
    env = BatchedGame("loo", form="five_card", batch=2000, players=5, seed=11, autoreset=False)
    checked, run = _replayed(env, 1)
    assert checked > 50_000
    assert _count(run, FLUSH) > 0 and _count(run, CIVIL) > 0
    assert any(a > K.EXCHANGE for r in run["records"] for a in r["actions"])
    assert env.num_actions == 90 and env.mask.shape == (2000, 90)


@pytest.mark.parametrize(
    "options",
    [{}, {"irish_flush": True, "club_law": False, "dealer_lone_stander": "may_concede", "flush_tie": "split"}],
    ids=["preset", "flushes"],
)
def test_irish_deals_replay_through_the_engine(options: dict[str, Any]) -> None:
    """LOOI-1..3: three cards, no Pam, club law in the preset (all must play, standing or exchanging, §14.22);
    with ``irish_flush`` three-card flushes shown and split, and a dealer who may concede to a lone seat."""
    env = BatchedGame("loo", form="irish", batch=300, players=5, options=options, seed=5, autoreset=False)
    checked, run = _replayed(env, 2)
    assert checked > 4000
    assert env.num_actions == 66
    assert _count(run, CIVIL) == 0  # no Pam in Irish Loo (LOOI-1)
    if options:
        assert _count(run, FLUSH) > 0


def _throwing(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A random legal action, but throwing up four times in five where one may."""
    out = random_actions(mask, rng)
    out[mask[:, 53] & (rng.random(len(out)) < 0.8)] = 53
    return out


def test_a_pool_taken_without_play_after_a_flush_replays() -> None:
    """The pool taken without play: by the dealer when all threw up (LOO-DECL-7), by the lone seat the dealer
    concedes to (§14.24, ``may_concede``), each showing a flush first where it holds one (LOO5-6, LOOI-3) and paid
    as ``ew_hoy`` says; all replayed through the engine, the forced flush from the record."""
    options = {"irish_flush": True, "club_law": False, "dealer_lone_stander": "may_concede", "flush_pay": "ew_hoy"}
    env = BatchedGame("loo", form="irish", batch=800, players=3, options=options, seed=77, autoreset=False)
    run = play_out(env, np.random.default_rng(5), _throwing)
    assert assert_replays(env, run) > 1500
    ways = {"dealer": 0, "conceded": 0}
    for record in run["records"]:
        acts = record["actions"]
        ways["dealer"] += acts == [53, 53, FLUSH]  # the eldest two threw up; the dealer shows and takes
        ways["conceded"] += len(acts) == 4 and acts[2] == 53 and acts[:2].count(53) == 1 and acts[3] == FLUSH
    assert ways["dealer"] > 0 and ways["conceded"] > 0, ways


def test_beside_the_built_in_players_and_as_the_simulators_players_choose() -> None:
    """Sensible seats (and a random one) act inside the step: the learners' turns replay through the engine, and
    each built-in seat's action is the one the simulator's twin of its player (:class:`roundgames.sim.loo5.Twin`,
    drawing from the deal's CHOICES stream) chooses on the engine's deal."""
    opponents = {1: "sensible", 3: "sensible", 4: "random"}
    env = BatchedGame("loo", form="five_card", batch=300, players=5, opponents=opponents, seed=9, autoreset=False)
    checked, run = _replayed(env, 3)
    assert checked > 1000
    enc = env_game("loo").encoding
    rules = sim.KERNELS["five_card"].rules(env.setup)
    chosen = 0
    for b, record in enumerate(run["records"]):
        stream = Stream(deal_stream(chunk_seed(env.seed, b), record["number"], CHOICES))
        twins = {s: sim.Twin(p, stream, rules) for s, p in opponents.items()}
        deal = engine_deal(env, record)
        for action_id in record["actions"]:
            action = enc.action(deal, action_id)
            if deal.to_act in twins and action_id != FLUSH:
                assert twins[deal.to_act].choose(deal.view(deal.to_act)) == action, f"table {b}: {action}"
                chosen += 1
            deal.apply(action)
    assert chosen > 1000


class StrategyTwin:
    """The batch's ``strategy`` player on the engine's view: at its turn to declare, the expert's table player
    (:class:`TableBot`) of the shipped strategy where the row is pure or missing (TableBot then declares as
    ``sensible``), and where it mixes the kernel's draw, ``below(total * 48,048)`` from the deal's CHOICES stream
    against the open actions' weights in table order; its cards (and a flush) as the simulator's ``sensible``."""

    def __init__(self, strategy: Strategy, stream: Stream, rules: Any, counts: dict[str, int]) -> None:
        self.strategy, self.stream, self.counts = strategy, stream, counts
        self.table = TableBot(strategy, random.Random(0))
        self.sensible = sim.Twin("sensible", stream, rules)

    def choose(self, view: Any) -> Any:
        if view.stage is not Stage.BID or view.to_act != view.seat:
            return self.sensible.choose(view)
        choice = self.strategy.choice(view)
        if choice is None or choice.pure is not None:
            self.counts["unreached" if choice is None else "pure"] += 1
            return self.table.choose(view)
        self.counts["mixed"] += 1
        weights = self.strategy.weights(view)
        assert weights is not None
        u = self.stream.below(sum(weights.values()) * 48_048)
        for name in self.strategy.actions:
            u -= weights.get(name, 0) * 48_048
            if u < 0:
                return next(a for a in view.legal if action_name(a, view) == name)
        raise AssertionError("no action drawn")


@pytest.mark.parametrize(("form", "seed"), [("five_card", 31), ("irish", 32)], ids=["five_card", "irish"])
def test_strategy_seats_declare_as_the_shipped_strategys_table_player(form: str, seed: int) -> None:
    """Three ``strategy`` seats beside a random one and a learner: every deal replays through the engine, and at
    each strategy seat's turn to declare its action is the table player's (:class:`TableBot`) of the shipped
    strategy on the engine's view where the row is pure or missing, and the kernel's draw from the deal's CHOICES
    stream where it mixes (under the Irish preset's club law, LOOI-2, the clubs deals' own cells); its cards as
    sensible's (LOO-PLAY-2..7, LOO5-3/4)."""
    opponents = {0: "strategy", 1: "strategy", 3: "random", 4: "strategy"}
    env = BatchedGame("loo", form=form, batch=250, players=5, opponents=opponents, seed=seed, autoreset=False)
    run = play_out(env, np.random.default_rng(seed))
    rules = sim.KERNELS[form].rules(env.setup)
    strategy = strategy_of(env.setup)
    counts = {"pure": 0, "mixed": 0, "unreached": 0}
    checked = 0
    for b, record in enumerate(run["records"]):
        stream = Stream(deal_stream(chunk_seed(env.seed, b), record["number"], CHOICES))
        twins: dict[int, Any] = {s: StrategyTwin(strategy, stream, rules, counts) for s in (0, 1, 4)}
        twins[3] = sim.Twin("random", stream, rules)
        one = {"seen": run["seen"][b : b + 1], "rewards": run["rewards"][b : b + 1], "records": [record]}
        try:
            checked += assert_replays(env, one, twins=twins)
        except AssertionError as e:
            raise AssertionError(f"table {b}: {e}") from None
    assert checked > 900 and counts["pure"] > 400 and counts["mixed"] > 200 and counts["unreached"] > 0, counts


def test_a_strategy_no_shipped_strategy_fits_is_refused_by_name() -> None:
    """The strategies are computed for five players under each form's preset: four players, or other rules,
    are refused naming the player, the table size and the rules."""
    with pytest.raises(RulesError, match=r"'strategy'.*Five-card Loo at 4 players under the five-card preset"):
        BatchedGame("loo", form="five_card", batch=2, players=4, opponents={0: "strategy"})
    with pytest.raises(RulesError, match=r"'strategy'.*Irish Loo at 5 players .*club_law=False"):
        BatchedGame("loo", form="irish", batch=2, players=5, options={"club_law": False}, opponents={1: "strategy"})


def test_the_compact_observation_replays() -> None:
    """``observation="uint8"``: the same vector, the pool in counters (at most 255), the stock a count."""
    env = BatchedGame("loo", form="five_card", batch=200, players=5, seed=4, autoreset=False, observation="uint8")
    checked, _run = _replayed(env, 4)
    assert env.obs.dtype == np.uint8 and checked > 4000


def test_the_cards_are_the_simulators_dealing() -> None:
    """Deal ``k`` of table ``t`` is the simulator's deal ``k`` of chunk ``t`` (:meth:`Loo5Kernel.deal_of`): each
    position's hand from the dealer's left, the turn-up and the stock, top card first (LOO5-1)."""
    for form in ("five_card", "irish"):
        env = BatchedGame("loo", form=form, batch=6, players=4, seed=21, first_table=3)
        env.reset()
        kernel = sim.KERNELS[form]
        for b in range(env.batch):
            record = env.record(b)
            dealer = record["dealer"]
            hands, turnup, stock = kernel.deal_of(env.setup, chunk_seed(21, 3 + b), 0)
            assert [record["hands"][(dealer + 1 + p) % 4] for p in range(4)] == hands
            assert (record["turnup"], record["stock"]) == (turnup, stock)


def _history(batch: int, first: int, steps: int) -> list[list[Any]]:
    """Each table's deals as they start (the record of a new deal) and rewards, ``steps`` steps of the lowest
    legal action, autoreset, sensible at seat 2."""
    env = BatchedGame(
        "loo", form="five_card", batch=batch, players=4, seed=99, first_table=first, opponents={2: "sensible"}
    )
    _obs, mask, _seat = env.reset()
    out: list[list[Any]] = [[env.record(b)] for b in range(batch)]
    for _ in range(steps):
        _obs, mask, rewards, ended, _seat = env.step(np.argmax(mask, axis=1))
        for b in np.flatnonzero(ended):
            out[b] += [rewards[b].tolist(), env.record(int(b))]
    return out


def test_a_tables_deals_do_not_depend_on_the_batch() -> None:
    """Deal ``k`` of table ``t`` depends on ``(seed, t, k)`` only: six tables played at once, or split in two
    batches by ``first_table``, deal and play the same deals, deal after deal."""
    whole = _history(6, 0, 120)
    assert whole[:2] + _history(4, 2, 120) == whole[:2] + whole[2:]
    assert _history(2, 0, 120) == whole[:2]
    assert min(len(h) for h in whole) > 9  # several deals each


def test_a_legal_mask_refuses_what_is_not_legal() -> None:
    """An illegal id ("no flush", never legal, LOO5-6; and a card not held) is refused, naming the table and the
    engine's rule, and no table moves."""
    env = BatchedGame("loo", form="irish", batch=3, players=4, seed=1)
    _obs, mask, _seat = env.reset()
    before = env.state.copy()
    actions = random_actions(mask, np.random.default_rng(0))
    actions[1] = 58
    with pytest.raises(IllegalActionError, match=r"actions\[1\]: 58") as e:
        env.step(actions)
    assert e.value.rule == "LOO5-6"
    held = env.record(2)["hands"][int(env.seat[2])]
    actions[1] = int(np.argmax(mask[1]))
    actions[2] = next(c for c in range(52) if not held >> c & 1)
    with pytest.raises(IllegalActionError, match=rf"actions\[2\]: {actions[2]}") as e:
        env.step(actions)
    assert e.value.rule.startswith("LOO")
    assert np.array_equal(env.state, before)


@pytest.mark.parametrize(
    ("form", "options", "players", "named"),
    [
        ("five_card", {"dealer_stands_out_above": 4}, 5, "dealer_stands_out_above"),
        ("irish", {"form": "three_card"}, 5, "form"),
        ("five_card", {}, 11, "players"),
    ],
)
def test_what_the_simulator_cannot_play_is_refused_by_name(
    form: str, options: dict[str, Any], players: int, named: str
) -> None:
    """The simulator's setup check (LOO-VAR-DEALER-STANDS-OUT: a dealer out of the deal; another form; more seats
    than LOO5-1 deals to): a RulesError naming the field."""
    with pytest.raises(RulesError, match=named):
        BatchedGame("loo", form=form, batch=2, players=players, options=options)


def test_the_layout_is_the_adapters() -> None:
    """The observation's length is the encoding's layout, for every table size of each form."""
    enc = env_game("loo").encoding
    for form, most in (("five_card", 10), ("irish", 12)):
        rules = sim.KERNELS[form].rules(Setup(form, 3, ("random",) * 3))
        for n in (3, most):
            env = BatchedGame("loo", form=form, batch=1, players=n)
            assert env.obs_size == sum(w for _, w in enc.layout(n, rules))
            assert env.num_actions == enc.action_count(rules)


@pytest.mark.parametrize("form", ["five_card", "irish"])
def test_every_deal_a_table_plays_stays_in_step_with_the_engine(form: str) -> None:
    # autoreset: deal after deal at each table, the engine dealt each in turn from the record (dealer rotating)
    env = BatchedGame("loo", form=form, batch=30, players=5, seed=8, pool=4, observation="uint8")
    assert assert_lockstep(env, 150, np.random.default_rng(8)) > 30 * 3
