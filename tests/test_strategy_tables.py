"""Strategy files and the players that read them: the file format (roundgames.bots.tables), ``roundgames strategy``,
the cells a seat's view names (roundgames.bots.strategy) and the table player (roundgames.bots.table_player),
each held to the simulator that computes the strategies (roundgames.sim.strategy).

- The format: what is written is read back; a damaged file, one of another kind, one that lacks an array or a
  header field is a RecordError naming the file; so is a bad ``table:PATH`` at the command line.
- ``roundgames strategy`` writes a file the bots load, that fits Nap at four under Peel's rules and nothing else.
- Cells: at every declaring or calling turn of engine deals, :meth:`Strategy.cell_of` names the cell the kernels
  key that seat by (the hand's bucket by the NumPy lookup, the seat from the dealer's left, the declarations or
  the call to beat before it), and the kernel's open actions there are the engine's legal ones.
- The table player: a table of pure rows, weighed in the kernel with every seat its player, and the same cards
  dealt into the engine with a ``TableBot`` in every seat: each declaration or call the bot makes is the row's,
  and the cells the engine's turns reach are, turn for turn, those the kernel's reached.
"""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cli_run import run_cli
from conftest import Built, bidding, refused
from roundgames.bots import make_bot
from roundgames.bots.strategy import NAP_CALLS, Strategy, action_name, load
from roundgames.bots.table_player import TableBot
from roundgames.bots.tables import MAGIC, read, write
from roundgames.core.cards import cards_in
from roundgames.core.errors import RecordError
from roundgames.games.registry import new_deal, rules_for
from roundgames.sim.kernels import Setup, kernel_for
from roundgames.sim.loo3 import engine_deal
from roundgames.sim.strategy.buckets import colex, loo_lookup, nap_lookup
from roundgames.sim.strategy.build import PLANS
from roundgames.sim.strategy.cfr import Settled
from roundgames.sim.strategy.files import write_strategy
from roundgames.sim.strategy.loo3 import ACTIONS as LOO_ACTIONS
from roundgames.sim.strategy.loo3 import Loo3Game
from roundgames.sim.strategy.nap import NapGame
from roundgames.sim.strategy.weigh import SCALE, Field, Stats

# -- the file format ---------------------------------------------------------------------------------------


def test_a_strategy_file_reads_back_what_was_written(tmp_path: Path) -> None:
    """Every array type, from values or from little-endian bytes, and the header as written (JSON)."""
    path = tmp_path / "t.rgs"
    header = {"game": "nap", "nested": {"pools": [1, 2]}, "text": "Blücher"}
    arrays = {
        "u8": ("B", [0, 1, 254, 255]),
        "i16": ("h", [-32768, -1, 0, 32767]),
        "u16": ("H", [0, 65535]),
        "u32": ("I", np.array([7, 2**32 - 1], "<u4").tobytes()),
        "i64": ("q", [-(2**63), 2**63 - 1]),
        "empty": ("I", []),
    }
    write(str(path), header, arrays)
    f = read(str(path))
    assert path.read_bytes().startswith(MAGIC)
    assert {k: f.header[k] for k in header} == header
    assert list(f.array("u8")) == [0, 1, 254, 255] and list(f.array("i16")) == [-32768, -1, 0, 32767]
    assert list(f.array("u16")) == [0, 65535] and list(f.array("u32")) == [7, 2**32 - 1]
    assert list(f.array("i64")) == [-(2**63), 2**63 - 1] and list(f.array("empty")) == []
    with pytest.raises(ValueError, match="type 'f'"):
        write(str(path), {}, {"x": ("f", [1])})
    with pytest.raises(ValueError, match="3 bytes are not whole values"):
        write(str(path), {}, {"x": ("H", b"abc")})


def _good(tmp_path: Path) -> Path:
    path = tmp_path / "good.rgs"
    write(str(path), {"game": "loo"}, {"cells": ("I", [3, 5, 8])})
    return path


def _header_end(data: bytes) -> int:
    end = data.index(b"\n", len(MAGIC))
    return end + 1 + int(data[len(MAGIC) : end])


def _damaged(tmp_path: Path, how: str) -> tuple[Path, str]:
    """A file damaged ``how``, with the words its error must say."""
    data = _good(tmp_path).read_bytes()
    path = tmp_path / f"{how}.rgs"
    if how == "missing":
        return path, "cannot read the strategy file"
    blob = {
        "not-a-strategy": b"PK\x03\x04 a zip file",
        "empty": b"",
        "length": MAGIC + b"lots\n{}",
        "json": MAGIC + b"5\n{nope",
        "not-an-object": MAGIC + b"2\n[]",
        "truncated": data[: _header_end(data) + 3],
    }.get(how)
    if blob is None:  # the header's promise broken: another count, or the bytes of another array
        end = _header_end(data)
        header = json.loads(data[data.index(b"\n", len(MAGIC)) + 1 : end])
        if how == "count":
            header["arrays"]["cells"]["count"] = 4
        text = json.dumps(header).encode()
        rest = data[end:] if how == "count" else zlib.compress(b"\x01\x02\x03\x04\x05")
        blob = MAGIC + str(len(text)).encode() + b"\n" + text + rest
    path.write_bytes(blob)
    words = {
        "not-a-strategy": "not a roundgames strategy file",
        "empty": "not a roundgames strategy file",
        "length": "header is damaged",
        "json": "header is damaged",
        "not-an-object": "not a JSON object",
        "truncated": "array 'cells' is damaged",
        "count": "holds 3 values, its header says 4",
        "bytes": "array 'cells' is damaged",
    }[how]
    return path, words


@pytest.mark.parametrize(
    "how", ["missing", "not-a-strategy", "empty", "length", "json", "not-an-object", "truncated", "count", "bytes"]
)
def test_a_damaged_strategy_file_is_a_record_error_naming_it(tmp_path: Path, how: str) -> None:
    path, words = _damaged(tmp_path, how)
    with pytest.raises(RecordError) as info:
        read(str(path)).array("cells")
    assert info.value.field == str(path) and words in info.value.reason, str(info.value)
    if how in ("missing", "not-a-strategy", "length"):  # what the bots' loader says, too
        with pytest.raises(RecordError, match=str(path)):
            load(str(path))


def test_a_missing_array_or_header_field_is_a_record_error_naming_the_file(tmp_path: Path) -> None:
    path = _good(tmp_path)
    with pytest.raises(RecordError) as info:
        read(str(path)).array("weights0")
    assert info.value.field == str(path) and "no array 'weights0'" in info.value.reason
    with pytest.raises(RecordError) as info:
        load(str(path))  # a strategy names its game's form, players, preset, ... in its header
    assert info.value.field == str(path) and "lacks" in info.value.reason


def _tournament(*lineup: str) -> Any:
    return run_cli("tournament", "--game", "loo", "--lineup", ",".join(lineup), "--boards", "1", "--workers", "1")


def test_a_bad_table_in_a_tournaments_lineup_is_one_line_naming_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.rgs"
    refused(_tournament(f"table:{missing}", *["sensible"] * 4), "tournament", "--lineup", str(missing))
    wrong, _ = _damaged(tmp_path, "not-a-strategy")
    got = _tournament("sensible", f"table:{wrong}", *["sensible"] * 3)
    refused(got, "tournament", "--lineup", str(wrong), "not a roundgames strategy file")
    refused(_tournament("table:", *["sensible"] * 4), "tournament", "--lineup", "table:")


# -- roundgames strategy -----------------------------------------------------------------------------------


def test_the_strategy_command_writes_a_file_the_bots_read_for_nap_at_four(nap_strategy: Built) -> None:
    got = nap_strategy.run
    assert got.returncode == 0, got.stderr
    assert got.stdout.startswith(f"$ {nap_strategy.command}\n")
    assert f"{nap_strategy.path}: " in got.stdout and "pool 0: " in got.stdout
    assert "iteration 1 of 1" in got.stderr  # the progress, on standard error
    strategy = load(str(nap_strategy.path))
    assert isinstance(strategy, Strategy)
    assert (strategy.game, strategy.form, strategy.players, strategy.preset) == ("nap", "nap", 4, "peel")
    assert strategy.actions == NAP_CALLS and strategy.pools == [{"pool": 0, "upto": None}]
    h = strategy.header
    assert (h["made_by"], h["iterations"], h["deals"], h["final"], h["seed"]) == (
        nap_strategy.command,
        1,
        2000,
        2000,
        5,
    )
    assert strategy.fits(rules_for("nap", "peel"), 4)
    assert not strategy.fits(rules_for("nap", "peel"), 5)
    assert not strategy.fits(rules_for("nap", "peel", {"purchase": True}), 4)
    assert not strategy.fits(rules_for("loo", "peel"), 4)
    assert len(strategy.file.array("cells0")) == int(got.stdout.split("pool 0: ")[1].split()[0].replace(",", ""))


def test_the_strategy_command_refuses_a_missing_folder_and_an_unknown_game(tmp_path: Path) -> None:
    """One line and exit 2, nothing on standard output: the folder is checked before anything is run or echoed."""
    missing = run_cli("strategy", "--game", "nap", "--out", str(tmp_path / "no"))
    refused(missing, "strategy", "--out", "no such folder")
    refused(run_cli("strategy", "--game", "whist", "--out", str(tmp_path)), "strategy", "--game", "whist")


# -- cells -------------------------------------------------------------------------------------------------


def _loo_strategy(tmp_path: Path) -> Strategy:
    """A Three-card Loo strategy of five players with the shipped plan's pool buckets and no rows: its cells are
    all it is for."""
    game = Loo3Game(5)
    empty = Settled(np.zeros((game.cells, 4), np.uint8), Stats.empty(game.cells, 4), 0)
    pools = [{"pool": p, "upto": u} for p, u in PLANS["loo"].pools]
    path = tmp_path / "loo.rgs"
    write_strategy(str(path), game.header(pools), game.buckets, [empty] * len(pools))
    return load(str(path))


def test_a_loo_views_cell_is_the_kernels(tmp_path: Path) -> None:
    """Engine deals of Three-card Loo at five (Peel), every dealer, pools from 3 to 43 after the stake, random and
    sensible players (so the miss is taken, LOO-DECL-3): at each declaring turn with a choice the view's cell is the
    kernels' (LOO-DECL-1..10) and the pool bucket the plan's; the kernel's open declarations are the engine's."""
    strategy = _loo_strategy(tmp_path)
    game = Loo3Game(5)
    lookup = loo_lookup()[1]
    tables = {3: 0, 6: 0, 9: 1, 12: 1, 15: 2, 18: 2, 21: 3, 27: 4, 33: 4, 43: 4}
    turns = took = 0
    for i in range(60):
        pool = list(tables)[i % len(tables)] - 3
        deal = new_deal("loo", rules_for("loo", "peel"), 5, dealer=i % 5, pool=pool)
        deal.deal(f"cells:{i}")
        bots = {s: make_bot(("sensible", "random")[(s + i) % 2], "loo", seed=i * 8 + s) for s in range(5)}
        for view, _ in bidding(deal, bots):
            seat = (view.seat - deal.dealer - 1) % 5
            before = [a.verb for a in deal.log]
            hand = colex(np.array([sorted(cards_in(view.hand))], np.int64))[0]
            bucket = int(lookup[hand * 52 + view.turnup])
            cell = game.cell(bucket, seat, before.count("stand"), before.count("miss"))
            assert strategy.cell_of(view) == (tables[view.pool], cell), (i, view.seat, before)
            assert {LOO_ACTIONS[a] for a in np.flatnonzero(game.legal[cell])} == {action_name(a) for a in view.legal}
            turns += 1
            took += "miss" in before
    assert turns > 200 and took > 20


def test_a_nap_views_cell_is_the_kernels(nap_strategy: Built) -> None:
    """Engine deals of Nap at four (Peel), every dealer: at each calling turn the view's cell is the kernels' (the
    bucket by the NumPy lookup, the seat from the dealer's left, the last call made: NAP-CALL-1..3), and the
    kernel's open calls are the engine's."""
    strategy = load(str(nap_strategy.path))
    game = NapGame(4)
    lookup = nap_lookup()[1]
    turns = over = 0
    for i in range(60):
        deal = new_deal("nap", rules_for("nap", "peel"), 4, dealer=i % 4, pool=0)
        deal.deal(f"cells:{i}")
        bots = {s: make_bot(("sensible", "random")[(s + i) % 2], "nap", seed=i * 8 + s) for s in range(4)}
        for view, _ in bidding(deal, bots):
            seat = (view.seat - deal.dealer - 1) % 4
            calls = [a.call for a in deal.log if a.verb == "call"]
            high = NAP_CALLS.index(calls[-1]) if calls else 0
            bucket = int(lookup[colex(np.array([sorted(cards_in(view.hand))], np.int64))[0]])
            cell = (bucket * game.playing + seat) * len(NAP_CALLS) + high
            assert strategy.cell_of(view) == (0, cell), (i, view.seat, calls)
            assert {NAP_CALLS[a] for a in np.flatnonzero(game.legal[cell])} == {action_name(a) for a in view.legal}
            turns += 1
            over += high > 0
    assert turns > 150 and over > 30


# -- the table player against the kernel's -----------------------------------------------------------------


def _pure_table(game: Any, seed: int) -> Any:
    """A row for every cell with a choice: one open action at random, weight 255."""
    rng = np.random.default_rng(seed)
    scores = np.where(game.legal, rng.random(game.legal.shape), -1.0)
    table = np.zeros(game.legal.shape, np.uint8)
    rows = np.flatnonzero(game.legal.sum(axis=1) > 1)
    table[rows, scores[rows].argmax(axis=1)] = SCALE
    return table


def _table_file(tmp_path: Path, game: Any, table: Any, stats: Stats) -> Strategy:
    path = tmp_path / f"{game.game}.rgs"
    header = game.header([{"pool": game.table_pool, "upto": None}])
    write_strategy(str(path), header, game.buckets, [Settled(table, stats, 0)])
    return load(str(path))


def _engine_loo(game: Loo3Game, seed: int, n: int) -> list[Any]:
    setup = Setup("three_card", game.players, ("sensible",) * game.players, pool=game.pool)
    columns = kernel_for("three_card").run(setup, seed, n)  # the cards of the kernel's deals
    return [engine_deal(setup, columns, i) for i in range(n)]


def _engine_nap(game: NapGame, seed: int, n: int) -> list[Any]:
    hands = kernel_for("nap").run(Setup("nap", game.players, ("sensible",) * game.players), seed, n)["hands"]
    out = []
    for i in range(n):
        deal = new_deal("nap", rules_for("nap", "peel"), game.players, dealer=game.players - 1, pool=0)
        deal.deal_cards({s: list(cards_in(int(hands[i, s]))) for s in range(game.players)})
        out.append(deal)
    return out


@pytest.mark.parametrize(
    ("game", "engine", "n"),
    [(Loo3Game(5, 6), _engine_loo, 100), (NapGame(4), _engine_nap, 400)],
    ids=["loo", "nap"],
)
def test_the_table_player_declares_and_calls_as_the_kernels_table_player(
    tmp_path: Path, game: Any, engine: Any, n: int
) -> None:
    """Three-card Loo at five (a pool of 6 before the stake) and Nap at four, Peel's rules: the same property at
    any number of deals, held at full strength (400 deals) once, at Nap, and on 100 at Loo, whose five seats'
    engine deals cost the more."""
    seed = 4242
    table = _pure_table(game, 1)
    stats = game.weigh(Field(("table",) * game.players, table), seed, n, threads=1)
    strategy = _table_file(tmp_path, game, table, stats)
    policy = stats.policy
    reached: dict[int, int] = {}
    for i, deal in enumerate(engine(game, seed, n)):
        bots = {s: TableBot(strategy, random.Random(i)) for s in range(game.players)}
        for view, action in bidding(deal, bots):
            where = strategy.cell_of(view)
            assert where is not None
            cell = where[1]
            wanted = game.actions[int(table[cell].argmax())]
            assert action_name(action) == wanted, (i, view.seat, cell)
            assert policy[cell, game.actions.index(wanted)] == 1.0  # the kernel's player declared it there
            reached[cell] = reached.get(cell, 0) + 1
    counted = {int(c): int(stats.counts[c]) for c in np.flatnonzero(stats.counts)}
    assert reached == counted
    assert sum(reached.values()) > 2 * n
