"""The duplicate tournament between bots (roundgames.bots.tournament, ``roundgames tournament``,
benchmarks/tournament.py) and the ``ismcts`` bot (roundgames.envs.ismcts): the same cards for every rotation,
results independent of the number of workers, the CSV and the printed means agreeing, one-line errors."""

from __future__ import annotations

import csv
import dataclasses
import io
import random
import re
import shlex
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli, run_process
from roundgames.bots import RandomBot, make_bot, play_deal
from roundgames.bots.tournament import Tournament, board_seed, run, standard_bots
from roundgames.core.options import Rules
from roundgames.games.registry import game, new_deal, rules_for

ROOT = Path(__file__).resolve().parent.parent

#: the hand each bot was shown when it first acted, by the bot's seed (RecordingBot, in this process: workers=1)
FIRST_HANDS: dict[int, int] = {}


class RecordingBot:
    """A random player that notes the hand its seat holds when it first acts."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.inner = RandomBot(random.Random(seed))

    def choose(self, view: Any) -> Any:
        FIRST_HANDS.setdefault(self.seed, view.hand)
        return self.inner.choose(view)


def recording(name: str, rules: Rules, seed: int) -> Any:
    """A maker whose every bot records its first hand (the lineup's names are checked by the standard maker)."""
    standard_bots(name, rules, seed)
    return RecordingBot(seed)


@pytest.mark.parametrize(("name", "players"), [("loo", 4), ("nap", 3)])
def test_a_board_is_the_same_cards_in_every_rotation(name: str, players: int) -> None:
    """Every rotation of a board plays the cards dealt with the seed "SEED:BOARD": each seat is shown the same
    hand whichever bot holds it, and the boards differ."""
    t = Tournament(name, ("sensible", *["random"] * (players - 1)), boards=3, seed=11, maker=recording)
    FIRST_HANDS.clear()
    results = run(t, workers=1)
    assert len(results.rows) == 3 * players * players
    spec = game(name)
    shown: list[list[int]] = []
    for board in range(3):
        dealt = new_deal(name, rules_for(name), players, dealer=players - 1, **spec.record_fields)
        dealt.deal(random.Random(f"11:{board}"))
        hands = [dealt.hands[s] for s in range(players)]
        assert [t.board(board).hands[s] for s in range(players)] == hands
        for rotation in range(players):
            seen = [FIRST_HANDS[board_seed(11, board, rotation, s)] for s in range(players)]
            assert seen == hands, (board, rotation)
        shown.append(hands)
    assert shown[0] != shown[1] != shown[2]


def test_every_bot_sits_in_every_seat_once_per_board() -> None:
    """The lineup is rotated through the seats: on each board each place of the lineup holds each seat once."""
    t = Tournament("loo", ("sensible", "random", "random", "sensible", "random"), boards=2, seed=3)
    results = run(t, workers=1)
    for board in range(2):
        rows = [r for r in results.rows if r.board == board]
        for seat in range(1, 6):
            assert sorted(r.bot for r in rows if r.seat == seat) == sorted(t.lineup)
        assert sorted((r.rotation, r.seat) for r in rows) == [(rot, s) for rot in range(5) for s in range(1, 6)]


def _table_means(stdout: str) -> dict[str, float]:
    """The per-bot means of the printed table: ``  NAME  SEATS  +MEAN ± HALF  [LOW, HIGH]``."""
    out = {}
    for m in re.finditer(r"^  (\w+) +(\d+) +([+-]\d+\.\d+) ± (\d+\.\d+|inf) +\[", stdout, re.M):
        out[m.group(1)] = float(m.group(3))
    return out


def test_the_csv_has_a_row_per_seat_per_deal_and_its_means_are_the_printed_ones(tmp_path: Path) -> None:
    path = tmp_path / "deals.csv"
    got = run_cli(
        "tournament", "--game", "nap", "--versus", "sensible,random", "--players", "4", "--boards", "12",
        "--workers", "1", "--seed", "5", "--csv", str(path),
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    assert got.stdout.startswith("$ roundgames tournament --game nap --preset peel --lineup sensible,random,random,")
    assert re.search(r"^elapsed \d+\.\d s on 1 worker ", got.stdout, re.M)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["board", "rotation", "seat", "bot", "net"]
    assert len(rows) == 12 * 4 * 4  # boards x rotations (deals) x seats
    assert {(r["board"], r["rotation"], r["seat"]) for r in rows} == {
        (str(b), str(r), str(s)) for b in range(12) for r in range(4) for s in range(1, 5)
    }
    printed = _table_means(got.stdout)
    assert set(printed) == {"sensible", "random"}
    for bot, mean in printed.items():
        assert statistics.fmean(int(r["net"]) for r in rows if r["bot"] == bot) == pytest.approx(mean, abs=5e-4)
    # the paired difference is the difference of the means, and in Nap without a kitty the nets sum to zero
    diff = re.search(r"^  sensible - random +([+-]\d+\.\d+) ±", got.stdout, re.M)
    assert diff is not None
    assert float(diff.group(1)) == pytest.approx(printed["sensible"] - printed["random"], abs=2e-3)
    assert sum(int(r["net"]) for r in rows) == 0


def test_results_are_the_same_for_one_worker_or_two(tmp_path: Path) -> None:
    """Each deal is seeded by its board and rotation, each bot by its board, rotation and seat."""
    outs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.csv"
        got = run_cli(
            "tournament", "--game", "loo", "--lineup", "sensible,random,random", "--boards", "10",
            "--workers", workers, "--csv", str(path),
        )  # fmt: skip
        assert got.returncode == 0, got.stderr
        report = got.stdout.split("\nwrote ")[0].split("\n", 1)[1]  # less the command, the file and the time
        outs.append((path.read_text(encoding="utf-8"), report))
    assert outs[0] == outs[1]
    t = Tournament("nap", ("random", "sensible", "random"), boards=6, seed=2)
    assert run(t, workers=1).rows == run(t, workers=2).rows


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lineup", "sensible,clever,random"], "--lineup: unknown bot 'clever' (valid: random, sensible"),
        (["--lineup", "sensible,random,random", "--players", "4"], "--lineup: 3 bots (sensible,random,random)"),
        (["--versus", "sensible,random,random"], "--versus: 'sensible,random,random': give two bots"),
        (["--option", "no_such=1"], "--option: unknown loo option 'no_such'"),
        (["--option", "penalty_scale=-3"], "--option: "),
        (["--preset", "whist"], "--preset: unknown loo preset 'whist'"),
        (["--players", "2"], "--players: Loo takes 3 to"),
        (["--boards", "0"], "--boards: '0': give 1 or more"),
        (["--csv", "/no/such/dir/x.csv"], "--csv /no/such/dir/x.csv: cannot write"),
    ],
)
def test_bad_input_is_one_line_naming_the_field_and_exit_2(args: list[str], message: str) -> None:
    if "ismcts" in " ".join(args):
        pytest.importorskip("pyspiel")
    got = run_cli("tournament", "--boards", "1", "--workers", "1", *args)
    assert got.returncode == 2
    assert got.stdout == ""
    assert got.stderr.count("\n") == 1 and "Traceback" not in got.stderr
    assert got.stderr.startswith("roundgames tournament: error: ") and message in got.stderr, got.stderr


def test_the_benchmark_script_runs_and_refuses_bad_input_in_one_line() -> None:
    script = str(ROOT / "benchmarks" / "tournament.py")
    ok = run_process(sys.executable, script, "--game", "nap", "--players", "3", "--boards", "3", "--workers", "1")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("$ .venv/bin/python benchmarks/tournament.py --game nap --preset peel --lineup ")
    assert "sensible - random" in ok.stdout and "by seat" in ok.stdout
    bad = run_process(sys.executable, script, "--lineup", "sensible,clever,random")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == (
        ".venv/bin/python benchmarks/tournament.py: error: --lineup: unknown bot 'clever' "
        "(valid: random, sensible, expert, expert-search, oracle, ismcts, table:PATH, learned:PATH)\n"
    )


def test_ismcts_without_openspiel_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "roundgames.envs.ismcts", None)  # import fails as without the extra
    got = run_cli("tournament", "--game", "nap", "--versus", "ismcts,random", "--boards", "1", "--workers", "1")
    assert got.returncode == 2
    assert got.stderr == (
        "roundgames tournament: error: --lineup: bot 'ismcts' needs OpenSpiel, in the envs extra: "
        "pip install 'roundgames[envs]'\n"
    )


# -- the ismcts bot ------------------------------------------------------------------------------------


class Checked:
    """Wraps a bot: every answer must be a legal action of the real deal (or a way of taking what it offers, or
    what the seat is offered out of turn)."""

    def __init__(self, bot: Any, deal: Any) -> None:
        self.bot, self.deal, self.name = bot, deal, bot.name
        self.decisions = 0

    def choose(self, view: Any) -> Any:
        action = self.bot.choose(view)
        assert action in [*self.deal.legal_actions(), *self.deal.side_actions(view.seat)], (action, view.legal)
        self.decisions += 1
        return action


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [("loo", 4, {}), ("loo", 3, {}), ("nap", 4, {}), ("nap", 3, {"purchase": True, "peep": True})],
)
def test_ismcts_plays_legal_actions_to_the_end_of_deals(name: str, players: int, options: dict[str, Any]) -> None:
    pytest.importorskip("pyspiel")
    from roundgames.envs.ismcts import IsmctsBot

    rules = rules_for(name, "peel", options)
    spec = game(name)
    decisions = 0
    for i in range(3):
        deal = new_deal(name, rules, players, dealer=i % players, **spec.record_fields)
        deal.deal(random.Random(f"ismcts:{i}"))
        bots: dict[int, Any] = {s: make_bot("sensible", name, seed=s) for s in range(players)}
        ismcts = Checked(IsmctsBot(name, seed=i, simulations=12), deal)
        bots[i % players] = ismcts
        net = play_deal(deal, bots)
        result = deal.result()
        assert deal.is_complete and result is not None
        assert sum(net) + result.pool - deal.ledger.start == 0
        decisions += ismcts.decisions
    assert decisions > 0


def test_ismcts_in_a_tournament_with_a_time_budget_and_reproducible_with_simulations() -> None:
    pytest.importorskip("pyspiel")
    from roundgames.envs.ismcts import SearchBots

    timed = Tournament("nap", ("ismcts", "random", "random"), boards=1, maker=SearchBots(ms=5))
    assert len(run(timed, workers=1).rows) == 9
    fixed = Tournament("loo", ("ismcts", "sensible", "sensible"), boards=2, seed=4, maker=SearchBots(simulations=8))
    assert run(fixed, workers=1).rows == run(fixed, workers=1).rows


@pytest.mark.parametrize(
    ("preset", "options"), [("five-card", {}), ("irish", {"irish_flush": True, "club_law": False})]
)
def test_ismcts_plays_five_card_and_irish_deals_in_a_tournament(preset: str, options: dict[str, Any]) -> None:
    """The ismcts bot plays every seat of Five-card and Irish Loo boards against ``sensible`` (which exchanges and
    shows its flushes), a few simulations a decision, each of its answers a legal action of the real deal; the
    same seeds give the same results."""
    pytest.importorskip("pyspiel")
    from roundgames.envs.ismcts import IsmctsBot, SearchBots

    t = Tournament(
        "loo",
        ("ismcts", "sensible", "sensible", "sensible"),
        boards=2,
        seed=5,
        preset=preset,
        options=tuple(options.items()),
        maker=SearchBots(simulations=3),
    )
    results = run(t, workers=1)
    assert len(results.rows) == 2 * 4 * 4 and results.rows == run(t, workers=1).rows
    rules = rules_for("loo", preset, options)
    decisions = 0
    for i in range(4):  # the same bot, checked action by action against the real deal
        deal = new_deal("loo", rules, 4, dealer=i % 4)
        deal.deal(random.Random(f"ismcts-{preset}:{i}"))
        bots: dict[int, Any] = {s: make_bot("sensible", "loo", seed=s) for s in range(4)}
        searcher = Checked(IsmctsBot("loo", seed=i, simulations=3, rules=rules), deal)
        bots[i] = searcher
        net = play_deal(deal, bots)
        assert deal.is_complete and sum(net) + deal.result().pool - deal.ledger.start == 0
        decisions += searcher.decisions
    assert decisions > 4


def test_ismcts_shows_its_flush_in_its_turn_after_the_declaring() -> None:
    """A flush is always shown (LOO5-6, RULES.md §14.34): when the declaring ends, its holder is to act with the
    flush as his only action, and the ismcts bot shows it without a search, as the sensible and expert bots do.
    Nobody else may show one out of turn."""
    pytest.importorskip("pyspiel")
    from roundgames.envs.ismcts import IsmctsBot

    deal = new_deal("loo", rules_for("loo", "five-card"), 3, dealer=2)
    deal.deal_cards({0: "AS KS 3C 4C 5C", 1: "AH KH QH 9H 2H", 2: "QS JS 9C TC 2S"}, turnup="4S", stock="7D 6D")
    for seat in range(3):
        deal.apply(deal.parse_action(f"P{seat + 1} stand"))
    view = deal.view(1)
    assert deal.to_act == 1 and [deal.action_str(a) for a in view.legal] == ["P2 flush"]
    assert all(not deal.side_actions(seat) for seat in range(3))
    assert IsmctsBot("loo", seed=1, simulations=2).choose(view) == view.legal[0]


def test_the_five_card_tournament_of_the_expert_and_ismcts_runs() -> None:
    """The command that compares the expert and ismcts bots in Five-card Loo (docs/research/bots.md), with two simulations
    a decision instead of 40 ms."""
    pytest.importorskip("pyspiel")
    got = run_cli(
        "tournament",
        *("--game", "loo", "--preset", "five-card", "--players", "5"),
        *("--lineup", "expert,ismcts,sensible,sensible,sensible", "--boards", "2", "--workers", "1"),
        *("--ismcts-ms", "40", "--ismcts-sims", "2"),
    )
    assert got.returncode == 0, got.stderr
    assert "Five-card Loo" in got.stdout and "expert - ismcts" in got.stdout


def test_ismcts_needs_the_deal_behind_the_view() -> None:
    pytest.importorskip("pyspiel")
    from roundgames.core.errors import RulesError
    from roundgames.envs.ismcts import IsmctsBot

    deal = new_deal("nap", rules_for("nap"), 3, dealer=2)
    deal.deal(1)
    assert deal.to_act is not None
    view = deal.view(deal.to_act)
    assert view.world is deal
    with pytest.raises(RulesError, match=r"ismcts needs the deal behind the view of seat \d \(view.world\)"):
        IsmctsBot("nap", seed=1).choose(dataclasses.replace(view, world=None))


def test_the_commands_of_docs_research_bots_md_run() -> None:
    """Each ``roundgames tournament`` command of docs/research/bots.md runs (cut down to one board, one worker)."""
    text = (ROOT / "docs" / "research" / "bots.md").read_text(encoding="utf-8")
    commands = [line.split("#")[0] for line in text.splitlines() if line.startswith(".venv/bin/roundgames tournament")]
    assert len(commands) >= 3
    for command in commands:
        words = shlex.split(command)[2:]
        if "ismcts" in command:
            pytest.importorskip("pyspiel")
            words += ["--ismcts-sims", "2"]
        words += ["--boards", "1", "--workers", "1"]
        if "--csv" in words:  # written by the test of the CSV
            i = words.index("--csv")
            del words[i : i + 2]
        got = run_cli("tournament", *words)
        assert got.returncode == 0, (command, got.stderr)


def test_the_oracle_sees_every_card_and_is_offered_only_by_the_tournament() -> None:
    """The ``oracle`` (every card seen, the play solved) plays legal deals in a tournament, beats ``sensible`` at
    Nap on the same boards, and is not a bot of the tables (``roundgames.bots.BOTS``)."""
    from roundgames.bots import BOTS

    assert "oracle" not in BOTS
    results = run(Tournament("nap", ("oracle", "sensible", "sensible"), boards=12, seed=3), workers=1)
    assert results.difference("oracle", "sensible").mean > 0
    got = run_cli(
        "tournament", "--game", "nap", "--lineup", "oracle,sensible,sensible", "--boards", "1", "--workers", "1"
    )
    assert got.returncode == 0 and "oracle" in got.stdout
