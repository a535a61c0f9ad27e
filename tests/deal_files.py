"""One file of each kind that holds deals, written by the code that writes it for a user: a deal record, a list of
records (a sitting's), a saved table with its deal in progress, and the keeper's file with its deal in progress.

Each builder returns the file's path and the deal records it holds, in order, as JSON objects."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from roundgames.keeper.keep import Keeper
from roundgames.loo.rules import LooRules
from roundgames.loo.sitting import LooSitting
from roundgames.records.sitting import dumps_sitting, records_of
from roundgames.session.table import Table

RECORDS = Path(__file__).parent / "records"


def record_file(tmp_path: Path, name: str = "lx3_regular_deal") -> tuple[Path, list[dict[str, Any]]]:
    """A fixture of tests/records copied into ``tmp_path``."""
    path = tmp_path / f"{name}.json"
    path.write_text((RECORDS / f"{name}.json").read_text(encoding="utf-8"), encoding="utf-8")
    return path, [json.loads(path.read_text(encoding="utf-8"))]


def list_file(tmp_path: Path, deals: int = 3) -> tuple[Path, list[dict[str, Any]]]:
    """A Loo sitting's first ``deals`` finished deals, as ``demo --save`` writes them."""
    sitting = LooSitting(LooRules.preset("peel"), 4, seed=11)
    while len(sitting.deals) < deals:
        deal = sitting.start_deal()
        while not deal.is_complete:
            deal.apply(deal.legal_actions()[0])
        sitting.end_deal()
    path = tmp_path / "sitting.json"
    path.write_text(dumps_sitting(records_of(sitting)), encoding="utf-8")
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return path, data


def table_file(tmp_path: Path, finished: int = 2) -> tuple[Path, list[dict[str, Any]]]:
    """A Nap table of bots saved after ``finished`` deals and two actions of the next (``play --save``)."""
    table = Table.new("nap", players=3, humans=[], seed=5)
    for _ in range(finished):
        table.start_deal()
        table.run_bots()
    table.start_deal()
    table.bot_step()
    table.bot_step()
    path = tmp_path / "table.json"
    table.save(str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["deals"]) == finished and data["current"] is not None
    return path, [*data["deals"], data["current"]]


def keep_file(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    """The keeper's file of docs/keep.md: Peel's single won by Cat, then a regular deal in progress."""
    keeper = Keeper.new("loo", ["Ann", "Ben", "Cat", "Dan"])
    keeper.start_deal("Ann")
    keeper.act("Cat", "single")
    keeper.start_deal()
    for seat, verb in [("Cat", "stand"), ("Dan", "stand"), ("Ann", "throw"), ("Ben", "stand"), ("Cat", "trick")]:
        keeper.act(seat, verb)
    path = tmp_path / "pool.json"
    keeper.save(str(path))
    data = json.loads(path.read_text(encoding="utf-8"))
    return path, list(data["deals"])
