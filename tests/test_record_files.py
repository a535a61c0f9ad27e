"""Every file of deals the project writes, read by one loader (``roundgames.records.files``): a deal record, a list
of records, a saved table and the keeper's file; a malformed one of each names its field. And ``roundgames referee
--deal N`` on each of them (the command runs in this process, tests/cli_run.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from deal_files import keep_file, list_file, record_file, table_file
from roundgames.core.errors import RecordError, RoundgamesError
from roundgames.records.deal import from_json, referee, ruling_dumps
from roundgames.records.files import Container, load_any, loads_any
from roundgames.session.table import Table

Builder = Callable[[Path], tuple[Path, list[dict[str, Any]]]]
KINDS: dict[str, tuple[Builder, Container, list[str], list[bool]]] = {
    "record": (record_file, Container.RECORD, [""], [False]),
    "list": (list_file, Container.LIST, ["sitting[0]", "sitting[1]", "sitting[2]"], [False] * 3),
    "table": (table_file, Container.TABLE, ["deals[0]", "deals[1]", "current"], [False, False, True]),
    "keep": (keep_file, Container.KEEP, ["deals[0]", "deals[1]"], [False, False]),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_loader_recognises_each_file_and_returns_its_deals(kind: str, tmp_path: Path) -> None:
    """Each kind of file gives its deal records in order, each with where it came from; a saved table's deal in
    progress comes last, marked so."""
    build, container, where, in_progress = KINDS[kind]
    path, records = build(tmp_path)
    for loaded in (load_any(str(path)), loads_any(path.read_text(encoding="utf-8"))):
        assert loaded.container is container
        assert [d.record for d in loaded.deals] == [from_json(r) for r in records]
        assert [d.where for d in loaded.deals] == where
        assert [d.in_progress for d in loaded.deals] == in_progress
        for found in loaded.deals:  # replayed as the referee replays the record alone
            result = found.replay()
            assert result.error is None and referee(found.record)["net"] == dict(
                zip(result.deal.seats, result.deal.net, strict=True)
            )


def test_a_kept_or_saved_deal_in_progress_replays_to_where_it_stood(tmp_path: Path) -> None:
    _, table = table_file(tmp_path)
    _, kept = keep_file(tmp_path)
    for record in (table[-1], kept[-1]):
        ruling = referee(from_json(record))
        assert ruling["complete"] is False and ruling["error"] is None and ruling["legal"]


def _good() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(__file__).parent / "records" / "lx3_regular_deal.json").read_text())
    return data


def _table(tmp_path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(table_file(tmp_path)[0].read_text(encoding="utf-8"))
    return data


def _keep(tmp_path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(keep_file(tmp_path)[0].read_text(encoding="utf-8"))
    return data


# name -> (the file's JSON value, made from a good one in tmp_path; the field the error names)
MALFORMED: dict[str, tuple[Callable[[Path], object], str]] = {
    "record: unknown game": (lambda _: {**_good(), "game": "whist"}, "game"),
    "record: a number": (lambda _: 42, "record"),
    "list: a seat twice in the second record": (
        lambda _: [_good(), {**_good(), "seats": ["P1", "P1"]}],
        "sitting[1].seats",
    ),
    "list: a record that is not an object": (lambda _: [_good(), "P3 stand"], "sitting[1]"),
    "table: deals not a list": (lambda p: {**_table(p), "deals": 3}, "deals"),
    "table: a finished deal with no dealer": (
        lambda p: {**_table(p), "deals": [{**_table(p)["deals"][0], "dealer": "Zed"}]},
        "deals[0].dealer",
    ),
    "table: the deal in progress of another format": (
        lambda p: {**_table(p), "current": {**_good(), "format": "roundgames-deal/9"}},
        "current.format",
    ),
    "table: no humans": (lambda p: {k: v for k, v in _table(p).items() if k != "humans"}, "humans"),
    "keep: an unknown field": (lambda p: {**_keep(p), "colour": "red"}, "colour"),
    "keep: deals not a list": (lambda p: {**_keep(p), "deals": {}}, "deals"),
    "keep: a deal of an unknown kind": (
        lambda p: {**_keep(p), "deals": [{**_keep(p)["deals"][0], "kind": "double"}]},
        "deals[0].kind",
    ),
}


@pytest.mark.parametrize(("make", "field"), list(MALFORMED.values()), ids=list(MALFORMED))
def test_a_malformed_file_of_each_kind_names_its_field(
    make: Callable[[Path], object], field: str, tmp_path: Path
) -> None:
    with pytest.raises(RecordError) as info:
        loads_any(json.dumps(make(tmp_path)))
    assert info.value.field == field, str(info.value)


@pytest.mark.parametrize("text", ["{not json", "[" * 100000, ""])
def test_text_that_is_not_json_is_refused_as_the_referee_refuses_a_record(text: str) -> None:
    with pytest.raises(RecordError) as info:
        loads_any(text)
    assert info.value.field == "record"


def test_an_action_that_does_not_parse_is_named_from_its_place_in_the_file(tmp_path: Path) -> None:
    data = _keep(tmp_path)
    data["deals"][1]["actions"][0] = "Cat fly"
    deal = loads_any(json.dumps(data)).deals[1]
    with pytest.raises(RecordError) as info:
        deal.replay()
    assert info.value.field == "deals[1].actions[0]" and "'Cat fly' does not parse" in str(info.value)


def test_a_file_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    with pytest.raises(RoundgamesError, match=r"nowhere\.json: cannot read"):
        load_any(str(tmp_path / "nowhere.json"))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"game": "\xe9"}')
    with pytest.raises(RoundgamesError, match="not UTF-8 text"):
        load_any(str(bad))


# -- roundgames referee --deal N ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["list", "table", "keep"])
def test_referee_deal_n_rules_on_that_deal_as_on_its_record_alone(kind: str, tmp_path: Path) -> None:
    """``referee FILE --deal N`` prints exactly the ruling ``referee`` prints on deal N's record alone."""
    path, records = KINDS[kind][0](tmp_path)
    for number, record in enumerate(records, 1):
        alone = run_cli("referee", "-", stdin=json.dumps(record))
        picked = run_cli("referee", str(path), "--deal", str(number))
        assert (picked.returncode, picked.stderr) == (0, "")
        assert picked.stdout == alone.stdout == ruling_dumps(referee(from_json(record)))
    assert json.loads(picked.stdout)["complete"] is (kind == "list")  # a table's or a keeper's deal in progress


def test_referee_deal_n_reads_standard_input_too(tmp_path: Path) -> None:
    path, records = list_file(tmp_path)
    proc = run_cli("referee", "-", "--deal", "3", stdin=path.read_text(encoding="utf-8"))
    assert (proc.returncode, proc.stdout) == (0, ruling_dumps(referee(from_json(records[2]))))


def _one_line_error(args: list[str], stdin: str = "") -> str:
    proc = run_cli(*args, stdin=stdin)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.startswith(f"roundgames {args[0]}: error: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stderr


@pytest.mark.parametrize("command", ["referee", "replay"])
@pytest.mark.parametrize("number", ["0", "4", "-1"])
def test_a_deal_that_is_not_there_exits_2_naming_deal_and_the_range(command: str, number: str, tmp_path: Path) -> None:
    path, _ = list_file(tmp_path)
    err = _one_line_error(
        [command, str(path), "--deal", number, "--all"]
        if command == "replay"
        else [command, str(path), "--deal", number]
    )
    assert f"--deal {number}:" in err and "3 deals" in err and "from 1 to 3" in err


def test_referee_on_several_deals_without_deal_exits_2_saying_how_to_pick_one(tmp_path: Path) -> None:
    """One command, one ruling: the referee does not guess which deal of a file is meant."""
    for build, words in (
        (list_file, "a list of deal records"),
        (table_file, "a saved table"),
        (keep_file, "a keeper's file"),
    ):
        path, records = build(tmp_path)
        err = _one_line_error(["referee", str(path)])
        assert "--deal N" in err and f"from 1 to {len(records)}" in err and words in err


def test_referee_on_a_file_of_one_deal_rules_without_deal(tmp_path: Path) -> None:
    path, records = list_file(tmp_path, deals=1)
    proc = run_cli("referee", str(path))
    assert (proc.returncode, proc.stdout) == (0, ruling_dumps(referee(from_json(records[0]))))
    record, _ = record_file(tmp_path)
    assert run_cli("referee", str(record), "--deal", "1").stdout == run_cli("referee", str(record)).stdout
    assert "give --deal 1" in _one_line_error(["referee", str(record), "--deal", "2"])


def test_referee_on_a_file_of_no_deal_exits_2(tmp_path: Path) -> None:
    assert "holds no deal" in _one_line_error(["referee", "-"], stdin="[]")
    empty = Table.new("loo", players=4, seed=1)
    path = tmp_path / "empty.json"
    empty.save(str(path))
    assert "holds no deal (a saved table)" in _one_line_error(["referee", str(path)])
