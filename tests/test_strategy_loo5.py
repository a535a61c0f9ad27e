"""The computed strategies of Five-card and Irish Loo (RULES.md §4.2, §4.3): the hand buckets the bots and the
kernel compute alike, the abstract exchanges (LOO5-2) as the engine's legal actions, the weighing kernel exact
against the batch simulator, and a strategy file built by the simulator read by the bots with the same cells."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cli_run import run_cli
from roundgames.bots import play_deal
from roundgames.bots.buckets import loo5_bucket, loo_bucket
from roundgames.bots.loo import SensibleLooBot
from roundgames.bots.strategy import Strategy, action_name, load, loo5_actions, weakest
from roundgames.bots.table_player import TableBot
from roundgames.core.cards import mask_of, parse_cards
from roundgames.core.errors import RulesError
from roundgames.games.protocol import Stage
from roundgames.games.registry import new_deal
from roundgames.sim.kernels import Setup
from roundgames.sim.loo5 import KERNELS
from roundgames.sim.strategy import _loo5 as K
from roundgames.sim.strategy.buckets import loo5_keys, loo_lookup
from roundgames.sim.strategy.build import build
from roundgames.sim.strategy.cfr import Settled
from roundgames.sim.strategy.files import write_strategy
from roundgames.sim.strategy.games import game_for
from roundgames.sim.strategy.loo5 import Loo5Game
from roundgames.sim.strategy.weigh import TOTAL, Field, Stats

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PAM = 3 * 13 + 9  # the knave of clubs (LOO5-3)


def random_hands(n: int, size: int, seed: int) -> Iterator[tuple[int, int]]:
    """``n`` random hands of ``size`` cards, each with a turn-up outside it."""
    rng = random.Random(seed)
    for _ in range(n):
        cards = rng.sample(range(52), size + 1)
        yield mask_of(cards[:size]), cards[size]


def test_the_kernel_computes_the_bots_buckets() -> None:
    """A hand's bucket is the same number in the bots and the kernel, with Pam the knave of clubs or of trumps,
    and the kernel finds it among the sorted buckets (binary search); Irish Loo's three cards take the Three-card
    bucket through its lookup."""
    keys = loo5_keys()
    assert len(keys) == 6820 and (np.diff(keys) > 0).all()
    for k, (hand, turnup) in enumerate(random_hands(5_000, 5, 1)):
        pam = PAM if k % 2 else turnup // 13 * 13 + 9
        key = loo5_bucket(hand, turnup, pam)
        assert K.bucket_key(hand, turnup, pam) == key
        assert keys[K.bucket_of(hand, turnup, pam, 5, keys, np.zeros(1, np.int32))] == key
    three, lookup = loo_lookup()
    for hand, turnup in random_hands(2_000, 3, 2):
        assert three[K.bucket_of(hand, turnup, -1, 3, keys, lookup)] == loo_bucket(hand, turnup)


def test_exchange_k_puts_out_the_weakest_cards_in_the_bots_and_the_kernel() -> None:
    """``exchange-k`` puts out the same cards in both (Pam above trumps above plain cards, by rank, the shorter
    suit's card first), and the sensible bot's exchange of its weak side cards is one of them."""
    for k, (hand, turnup) in enumerate(random_hands(5_000, 5, 3)):
        pam = PAM if k % 3 else -1
        for n in range(1, 6):
            assert K.weakest(hand, n, turnup // 13, pam) == weakest(hand, n, turnup // 13, pam)
    # hearts trumps, Pam held: the two plain sevens go before the plain queen, the lone 7C before 7D of two
    hand = mask_of(parse_cards("JC 2H 7D 7C QD"))
    assert weakest(hand, 1, 1, PAM) == mask_of(parse_cards("7C"))
    assert weakest(hand, 3, 1, PAM) == mask_of(parse_cards("7C 7D QD"))
    assert weakest(hand, 4, 1, PAM) == mask_of(parse_cards("7C 7D QD 2H"))


def test_the_tables_actions_are_the_forms() -> None:
    assert loo5_actions(5) == ("stand", "throw", "exchange-1", "exchange-2", "exchange-3", "exchange-4", "exchange-5")
    assert Loo5Game("irish").actions == loo5_actions(3)


def one_deal(game: Loo5Game, seed: int, i: int, before: Stats) -> tuple[Stats, Stats]:
    """Deal ``i`` of the run alone: the weighing of deals ``0 .. i`` less that of ``0 .. i - 1`` (every sum is
    whole), and the weighing of ``0 .. i``."""
    after = game.weigh(Field(("sensible",) * game.players), seed, i + 1, threads=1)
    diff = Stats(1, *(a - b for a, b in zip(_arrays(after), _arrays(before), strict=True)))
    return diff, after


def _arrays(s: Stats) -> tuple[Any, ...]:
    return s.sums, s.squares, s.others, s.played, s.counts


@pytest.mark.parametrize(("form", "pool", "n"), [("five_card", 10, 20), ("irish", 6, 12)])
def test_the_weighing_is_exact_against_the_simulator(form: str, pool: int, n: int) -> None:
    """With ``sensible`` at every seat, each seat's turn counts once in its cell, ``sensible``'s action there is
    the one the batch simulator's ``sensible`` takes in the same deal, and what that action nets in the weighing
    is, to the counter, what the seat nets in the simulator's deal (LOO5-2..8, LOOI-1..2)."""
    game = Loo5Game(form, 5, pool)
    seed = 99
    out = KERNELS[form].run(Setup(form, 5, ("sensible",) * 5, pool=pool), seed, n)
    before = game.weigh(Field(("sensible",) * 5), seed, 0, threads=1)
    turns = 0
    for i in range(n):
        deal, before = one_deal(game, seed, i, before)
        for cell in np.flatnonzero(deal.counts):
            _, seat, _, _ = game.context(int(cell))
            action = int(np.argmax(deal.played[cell]))
            assert deal.played[cell, action] == TOTAL and deal.counts[cell] == 1
            decl, exchanged = out["decl"][i, seat], out["exchanged"][i, seat]
            assert action == (1 if decl == 0 else exchanged + 1 if exchanged else 0), (i, seat)
            assert deal.sums[cell, action] == out["net"][i, seat], (i, seat)
            turns += 1
    assert turns >= 4 * n


def test_the_weighing_is_the_same_on_any_number_of_threads() -> None:
    game = Loo5Game("five_card", 5, 0)
    fld = Field(("random", "sensible", "random", "sensible", "sensible"))
    one, two = (game.weigh(fld, 5, 600, threads=t) for t in (1, 2))
    for a, b in zip(_arrays(one), _arrays(two), strict=True):
        assert np.array_equal(a, b)


def test_a_table_field_mixed_wholly_with_sensible_play_is_sensible() -> None:
    """A table's player that declares as ``sensible`` at every decision (``mix`` 1) nets what ``sensible`` does,
    whatever the table says; with no mix it plays the table, and nets otherwise."""
    game = Loo5Game("irish", 5, 6)
    legal = game.legal
    draws = np.where(legal, np.random.default_rng(4).random(legal.shape), -1.0)
    table = np.zeros(legal.shape, np.uint8)
    live = legal.any(axis=1)
    table[np.flatnonzero(live), draws.argmax(axis=1)[live]] = 255
    sensible = game.weigh(Field(("sensible",) * 5), 8, 400, threads=1)
    mixed = game.weigh(Field(("table",) * 5, table, mix=1.0), 8, 400, threads=1)
    pure = game.weigh(Field(("table",) * 5, table), 8, 400, threads=1)
    assert np.array_equal(mixed.sums, sensible.sums) and np.array_equal(mixed.counts, sensible.counts)
    assert not np.array_equal(pure.sums, sensible.sums)
    reached = pure.counts > 0
    assert np.array_equal(pure.played[reached] > 0, table[reached] > 0)


@pytest.mark.parametrize("form", ["five_card", "irish"])
def test_the_cells_open_actions_are_the_games(form: str) -> None:
    """The random field weighs every action the kernel opens: at every cell reached, exactly the game's legal row
    (no throw under club law, LOOI-2, nor for a dealer facing one player in, §14.24)."""
    game = Loo5Game(form, 5, 0)
    stats = game.weigh(Field(("random",) * 5), 3, 3000, threads=1)
    reached = stats.counts > 0
    assert np.array_equal(stats.played[reached] > 0, game.legal[reached])
    assert game.legal[reached].sum(axis=1).min() >= 2


def test_a_game_whose_stock_may_run_short_is_refused() -> None:
    with pytest.raises(RulesError, match="stock"):
        Loo5Game("five_card", 6)
    with pytest.raises(RulesError, match="preset"):
        game_for("loo", 5, "whist")
    assert isinstance(game_for("loo", 5, "irish"), Loo5Game)


def pure_strategy(game: Loo5Game, path: Path, seed: int, hands: list[tuple[int, int]]) -> Strategy:
    """A strategy file of ``game`` whose every cell with a choice takes one of its open actions, drawn at random:
    the cells of the buckets of ``hands`` (each with its turn-up), so that the file is written quickly."""
    legal = game.legal
    draws = np.where(legal, np.random.default_rng(seed).random(legal.shape), -1.0)
    table = np.zeros(legal.shape, np.uint8)
    live = legal.any(axis=1)
    table[np.flatnonzero(live), draws.argmax(axis=1)[live]] = 255
    keys = {loo5_bucket(h, t, PAM) if game.form == "five_card" else loo_bucket(h, t) for h, t in hands}
    rows = np.searchsorted(game.buckets, sorted(keys))
    counts = np.zeros(game.cells, np.int64)
    for r in rows:
        counts[r * game.contexts : (r + 1) * game.contexts] = 1
    stats = Stats(1, *(np.zeros(legal.shape) for _ in range(4)), counts * live)
    header = game.header([{"pool": game.table_pool, "upto": None}])
    write_strategy(str(path), header, game.buckets, [Settled(table, stats, 0)])
    return load(str(path))


def engine_deals(form: str, deals: int) -> Iterator[Any]:
    """Deals ``0 .. deals - 1`` of ``form``'s preset on the engine, dealt from a generator seeded by the number."""
    rules = KERNELS[form].rules(Setup(form, 5, ("sensible",) * 5))
    for k in range(deals):
        deal = new_deal("loo", rules, 5, dealer=4, pool=0)
        deal.deal(random.Random(k))
        yield deal


def hands_of(deals: Iterator[Any]) -> list[tuple[int, int]]:
    """Every seat's hand as dealt, with the turn-up."""
    return [(deal.hands[s], deal.turnup) for deal in deals for s in range(deal.n)]


def declare_turns(form: str, deals: int) -> Iterator[tuple[Any, Any]]:
    """:func:`engine_deals`, each seat's turn to declare as ``(deal, view)``; the caller applies an action, and
    the play is left out."""
    for deal in engine_deals(form, deals):
        while not deal.is_complete and deal.view(deal.to_act).stage is Stage.BID:
            yield deal, deal.view(deal.to_act)


def check_exchange(action: Any, view: Any) -> str:
    """The abstract name of an action chosen from ``view.legal``; an exchange-k puts out the k weakest cards."""
    assert action in view.legal
    name = action_name(action, view)
    if name.startswith("exchange-"):
        k = int(name.split("-")[1])
        assert mask_of(parse_cards(action.arg)) == weakest(view.hand, k, view.turnup // 13, view.pam)
    return name


@pytest.mark.parametrize("form", ["five_card", "irish"])
def test_the_table_player_declares_the_tables_action(form: str, tmp_path: Path) -> None:
    """On engine deals, the table player takes at every turn to declare the legal action the table names, an
    exchange putting out the weakest cards (LOO5-2); every abstract action occurs."""
    game = Loo5Game(form, 5, 0)
    strategy = pure_strategy(game, tmp_path / f"loo-{form}-5.rgs", 7, hands_of(engine_deals(form, 40)))
    bot = TableBot(strategy, random.Random(1))
    seen: set[str] = set()
    for deal, view in declare_turns(form, 40):
        action = bot.choose(view)
        choice = strategy.choice(view)
        assert choice is not None and choice.pure == check_exchange(action, view)
        seen.add(choice.pure)
        deal.apply(action)
    assert seen == set(game.actions)


def test_the_expert_declares_by_a_fitting_strategy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert takes the strategy's action where one fits the table, and advises by its row."""
    from roundgames.bots import expert

    game = Loo5Game("five_card", 5, 0)
    strategy = pure_strategy(game, tmp_path / "loo-five_card-5.rgs", 8, hands_of(engine_deals("five_card", 10)))
    monkeypatch.setattr(expert, "for_view", lambda view, name, form: strategy if form == "five_card" else None)
    bot = expert.ExpertBot(random.Random(2))
    for deal, view in declare_turns("five_card", 10):
        action = bot.choose(view)
        choice = strategy.choice(view)
        assert choice is not None and check_exchange(action, view) == choice.pure
        assert bot.advise(view).options[0].action == action
        deal.apply(action)


@pytest.fixture(scope="module")
def tiny_build(tmp_path_factory: pytest.TempPathFactory) -> Strategy:
    out = tmp_path_factory.mktemp("strategies")
    made = build(["five_card"], 3, str(out), "test", iterations=1, deals=2000, final=2000)
    return load(made[0].path)


def test_a_tiny_build_is_read_with_the_kernels_cells(tiny_build: Strategy) -> None:
    """A file built by the simulator is read by the bots (its form, actions, pools, rules), and the cell the bots
    compute for an engine view (:meth:`Strategy.cell_of`) is the cell the kernel weighed for the same seat in
    the same deal (its hand's bucket, its seat, the seats in before it)."""
    s = tiny_build
    game = Loo5Game("five_card", 5, 0)
    assert (s.form, s.actions, s.players, s.contexts) == ("five_card", game.actions, 5, game.contexts)
    assert [p["pool"] for p in s.pools] == [5, 10, 15]
    assert s.fits(KERNELS["five_card"].rules(game.setup), 5)
    check_cells(s, game, 11, 40)


def test_the_bots_cells_are_the_kernels_under_club_law(tmp_path: Path) -> None:
    """Irish Loo: the bots' cells are the kernel's, a deal with clubs for trumps among them (LOOI-2)."""
    game = Loo5Game("irish", 5, 0)
    assert game.clubs == 2
    kernel, setup = KERNELS["irish"], game.setup
    hands = [(h, t) for i in range(40) for hs, t, _ in [kernel.deal_of(setup, 12, i)] for h in hs]
    check_cells(pure_strategy(game, tmp_path / "loo-irish-5.rgs", 9, hands), game, 12, 40)


def check_cells(strategy: Strategy, game: Loo5Game, seed: int, n: int) -> None:
    """Deals ``0 .. n - 1`` of the run seeded ``seed``, weighed by the kernel with ``sensible`` at every seat and
    played on the engine by the kernel's twins: the cells :meth:`Strategy.cell_of` gives at the turns with a
    choice are the cells the kernel counted, each as often."""
    kernel = KERNELS[game.form]
    setup = game.setup
    weighed = game.weigh(Field(("sensible",) * 5), seed, n, threads=1)
    cells: list[int] = []
    clubs = 0
    for i in range(n):
        hands, turnup, stock = kernel.deal_of(setup, seed, i)
        clubs += turnup // 13 == 3
        deal = new_deal("loo", kernel.rules(setup), 5, dealer=4, pool=0)
        deal.deal_cards({p: [c for c in range(52) if h >> c & 1] for p, h in enumerate(hands)}, turnup=turnup,
                        stock=stock)  # fmt: skip
        twins = kernel.twins(setup, seed, i)
        play_deal(deal, {p: _Watch(twins[p], strategy, cells) for p in twins})
    assert len(cells) >= 4 * n
    assert np.array_equal(np.bincount(cells, minlength=game.cells), weighed.counts)
    assert game.form == "five_card" or clubs > 0


class _Watch:
    """A twin whose turns to declare note the bots' cell (with a choice: the kernel weighs no forced turn)."""

    def __init__(self, twin: Any, strategy: Strategy, cells: list[int]) -> None:
        self.twin, self.strategy, self.cells, self.name = twin, strategy, cells, twin.name

    def choose(self, view: Any) -> Any:
        if view.stage is Stage.BID and view.to_act == view.seat and len({a.verb for a in view.legal}) > 1:
            where = self.strategy.cell_of(view)
            assert where is not None
            self.cells.append(where[1])
        return self.twin.choose(view)


def test_exploit_takes_a_preset(tmp_path: Path) -> None:
    """``roundgames exploit --preset five-card`` builds the best response to ``sensible`` in Five-card Loo."""
    out = tmp_path / "br.rgs"
    run = run_cli("exploit", "--game", "loo", "--preset", "five-card", "--deals", "2000", "--boards", "0",
                  "--workers", "1", "--out", str(out))  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Five-card Loo (five-card)" in run.stdout and out.exists()
    assert load(str(out)).form == "five_card"
    bad = run_cli("exploit", "--game", "loo", "--preset", "whist", "--deals", "100", "--boards", "0")
    assert bad.returncode != 0 and "whist" in bad.stderr


def test_the_sensible_bots_exchange_is_an_abstract_one() -> None:
    """The sensible bot's exchange (its plain cards below a queen) is always the exchange-k of its k cards, so
    the kernel's ``sensible`` field plays it as that action."""
    bot = SensibleLooBot()
    found = 0
    for deal, view in declare_turns("five_card", 40):
        action = bot.choose(view)
        if action.verb == "exchange":
            assert check_exchange(action, view).startswith("exchange-")
            found += 1
        deal.apply(action)
    assert found > 10
