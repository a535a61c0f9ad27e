"""The worked records of docs/record.md, each ruled on by ``roundgames referee`` and compared with the ruling the
page shows after it (DEAL-RECORD.md): a reader who copies a record from the page gets exactly the ruling printed
there, or, for a malformed record, exit status 2 and the line shown."""

from __future__ import annotations

import json

import pytest

from cli_run import run_cli
from docs_pages import DOCS, Block, blocks

PAGE = DOCS / "record.md"


def _records() -> list[tuple[Block, Block]]:
    """Each record on the page with the block that follows it: its ruling, or its refusal."""
    found = blocks(PAGE)
    pairs = []
    for i, block in enumerate(found):
        if block.lang == "json" and json.loads(block.text).get("format") == "roundgames-deal/1":
            assert i + 1 < len(found), f"{block.where}: a record with no ruling after it"
            pairs.append((block, found[i + 1]))
    return pairs


RECORDS = _records()


@pytest.mark.parametrize(("record", "shown"), RECORDS, ids=[r.where for r, _ in RECORDS])
def test_the_referee_rules_on_each_record_of_the_page_as_the_page_shows(record: Block, shown: Block) -> None:
    run = run_cli("referee", "-", stdin=record.text)
    if shown.lang == "json":
        assert (run.returncode, run.stderr) == (0, ""), f"{record.where}: {run.stderr}"
        assert json.loads(run.stdout) == json.loads(shown.text), f"{record.where}: the ruling differs from the page's"
    else:
        assert "exit status 2" in shown.info, f"{shown.where}: after a record, a ruling or a refusal (exit status 2)"
        assert (run.returncode, run.stdout) == (2, "")
        assert run.stderr.splitlines() == shown.text.splitlines()


def test_the_page_works_a_loo_deal_a_nap_deal_an_irregularity_and_a_malformed_record() -> None:
    rulings = [json.loads(s.text) for _, s in RECORDS if s.lang == "json"]
    games = [json.loads(r.text)["game"] for r, s in RECORDS if s.lang == "json" and json.loads(s.text)["complete"]]
    assert {"loo", "nap"} <= set(games)
    assert any(r["irregularities"] for r in rulings), "a law applied in table mode (LOO-LAW-14)"
    assert any(r["error"] for r in rulings), "an illegal action in strict mode"
    assert any(not r["complete"] and r.get("legal") for r in rulings), "a deal in progress, with its legal actions"
    assert sum(s.lang != "json" for _, s in RECORDS) >= 2, "malformed records refused with exit status 2"


def test_every_ruling_on_the_page_conserves_money() -> None:
    for record, shown in RECORDS:
        if shown.lang == "json":
            ruling, pool = json.loads(shown.text), json.loads(record.text).get("pool", 0)
            assert sum(ruling["net"].values()) + ruling["pool"] - pool == 0, record.where
