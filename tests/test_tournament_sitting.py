"""Duplicate tournaments whose boards are sittings (``roundgames tournament --sitting K``, ``Tournament(deals=K)``):
each board is K deals of a sitting in a row, the pool or kitty carried and the deal passing to the left, played
once per rotation of the lineup; a bot's result on a board is its mean net per deal.

Replayed independently through the public pieces (``deal_series``, ``board_seed``, ``standard_bots``), each
board's rows are the sums of its deals' nets, every deal conserves money (§14.1; NAP-SET-1) and hands its pool on
to the next; and the results do not depend on the number of workers.
"""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from cli_run import run_cli
from conftest import conserved
from roundgames.bots import deal_series, play_deal
from roundgames.bots.tournament import Tournament, board_seed, run, standard_bots

SITTING = 3


@pytest.mark.parametrize(("game", "lineup"), [
    ("loo", ("sensible", "random", "random", "sensible")), ("nap", ("sensible", "random", "random"))
])  # fmt: skip
def test_a_boards_rows_are_its_sittings_deals_each_conserving_money_and_carrying_the_pool(
    game: str, lineup: tuple[str, ...]
) -> None:
    t = Tournament(game, lineup, boards=3, seed=5, deals=SITTING)
    results = run(t, workers=1)
    assert len(results.rows) == t.boards * t.n * t.n
    carried = 0
    for board in range(t.boards):
        for rotation in range(t.n):
            total = [0] * t.n
            dealers = []
            previous = None
            for i, deal in enumerate(deal_series(t.rules, t.n, SITTING, f"{t.seed}:{board}")):
                if previous is not None:
                    assert deal.ledger.start == previous  # the pool (kitty) left by the deal before
                bots = {s: standard_bots(t.bot_at(rotation, s), t.rules, board_seed(t.seed, board, rotation, s) + i)
                        for s in range(t.n)}  # fmt: skip
                net = play_deal(deal, bots)
                assert conserved(deal)  # §14.1: the payments and the change in the pool sum to zero
                result = deal.result()
                assert result is not None
                previous = result.pool
                carried += previous > 0
                dealers.append(deal.dealer)
                total = [a + b for a, b in zip(total, net, strict=True)]
            assert len(dealers) == SITTING and len(set(dealers)) > 1  # the deal passes to the left
            rows = [r for r in results.rows if r.board == board and r.rotation == rotation]
            assert [(r.seat, r.bot, r.net) for r in rows] == [
                (s + 1, t.bot_at(rotation, s), total[s]) for s in range(t.n)
            ]
    if game == "loo":
        assert carried > 0  # Loo's pool does carry from deal to deal
    for bot in t.names:  # a result is a mean net per deal: the board's nets over its deals and seats
        by_board = [
            statistics.fmean(r.net for r in results.rows if r.board == b and r.bot == bot) / SITTING
            for b in range(t.boards)
        ]
        assert results.per_board(bot) == pytest.approx(by_board)


def test_the_tournament_command_plays_sittings_the_same_on_one_worker_or_two(tmp_path: Path) -> None:
    """``--sitting 3``: the report and the CSV say sittings of 3 deals, and are the same on 1 and 2 workers."""
    outs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.csv"
        got = run_cli(
            "tournament", "--game", "loo", "--lineup", "sensible,random,random,sensible", "--boards", "4",
            "--sitting", "3", "--seed", "9", "--workers", workers, "--csv", str(path),
        )  # fmt: skip
        assert got.returncode == 0, got.stderr
        lines = got.stdout.splitlines()
        assert lines[0].startswith("$ roundgames tournament --game loo --preset peel ") and "--sitting 3" in lines[0]
        assert "4 boards (each a sitting of 3 deals in a row, the pool carried)" in got.stdout
        assert "(48 deals)" in got.stdout  # 4 boards, 4 rotations, 3 deals
        assert "wrote 64 rows, one per seat of each of the 16 sittings of 3 deals" in got.stdout
        rows = path.read_text(encoding="utf-8").splitlines()
        assert rows[0] == "board,rotation,seat,bot,net" and len(rows) == 65
        outs.append((path.read_text(encoding="utf-8"), "\n".join(lines[1:-2])))  # less the command and timings
    assert outs[0] == outs[1]
