"""The referee on the deal records of tests/records/ (DEAL-RECORD.md; RULES.md §10.1 and §4.1).

Each ``NAME.json`` in tests/records/ is a deal record written by :func:`roundgames.records.deal.dumps`;
``NAME.ruling.json`` beside it is the ruling worked out by hand from RULES.md (a record's
``pool`` is the §10 pool less the dealer's stake, §14.17). The ``message`` of an ``error`` is
free text, so an expected ruling leaves it out; it is checked here to cite the rule (RULES.md,
"How to use it").

The fixtures:
- ``lx1``..``lx14``: the strict-mode Three-card Loo worked examples of RULES.md §10.1 (LX-7 and
  LX-14 completed from their sketches; LX-8 and LX-9 one partial record per table row, LX-9 under
  each lead rule; LX-10 as a strict ruling whose error cites LOO-PLAY-4 at the revoke).
- ``opt_*``, ``decl8_*``, ``decl9_*``: every option of RULES.md §4.1 through the referee, and the
  dealer's choices of LOO-DECL-8/9.
- ``lx10_*_table``, ``lx10_revoke_optional_*``, ``lx10_revoke_none``, ``lx12_*_table``, ``lx14_*_table``,
  ``loo_law_*_table``: table mode (RULES.md §5): LX-10's revoke with its replay under each ``revoke_replay``
  and stated without the card, LX-12's early look, club law with a declaration out of turn and a look at
  another hand, and a misdeal.
- ``loo5_*``, ``looi_*``: Five-card and Irish Loo (RULES.md §4.2, §4.3): exchanges, Pam and "Pam be
  civil", five shares, flushes under each ``flush_pay`` and ``flush_tie``, club law, ``irish_flush``.
- ``clarif22_*`` .. ``clarif29_*``: the clarifications of RULES.md §14.22-29 (tests/test_clarifications.py);
  ``malformed/clarif23_*``: records that are malformed, not illegal (§14.23), each with its one line of error.
- ``clarif30_*``, ``clarif33_*``, ``clarif34_*``, ``clarif36_*``, ``clarif37_*``: §14.30-41 where they change a
  ruling (tests/test_clarifications_30_41.py): the laws of the deal on a Peel single, the dealer's throw out of turn
  that counts as defend, every flush shown in turn, the pool-Nap doubling before the spare-hand fine, a card exposed
  in the deal; ``malformed/clarif30_*``: what may not follow a Peel single.

Every record in tests/records/ is run, whoever wrote it (the Nap records ``nx*`` included). The referee runs in this
process (tests/cli_run.py); tests/test_cli.py runs it as a user does, in a new interpreter, on a file and on standard
input.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from cli_run import Run, run_cli
from roundgames.records.deal import dumps, loads

RECORDS = Path(__file__).parent / "records"
FIXTURES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".ruling.json"))
IDS = [p.stem for p in FIXTURES]
# Standard input is read the same way whatever the record: a sample of the kinds of ruling
# (complete, an error, unfinished with a legal list, six seats, and a Nap record if any).
STDIN_SAMPLE = ["lx3_regular_deal", "lx10_revoke_strict", "lx8_row3_must_overtrump", "opt_dealer_stands_out"]
STDIN_FIXTURES = [p for p in FIXTURES if p.stem in STDIN_SAMPLE] + [p for p in FIXTURES if p.stem.startswith("nx")][:1]


def expected_ruling(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.with_name(f"{path.stem}.ruling.json").read_text(encoding="utf-8"))
    return result


def referee_cli(arg: str, stdin: str = "") -> Run:
    return run_cli("referee", arg, stdin=stdin)


@functools.cache
def referee_file(path: Path) -> Run:
    """``roundgames referee PATH`` on a fixture."""
    return referee_cli(str(path))


def referee_stdin(path: Path) -> Run:
    """``roundgames referee -`` with a fixture on standard input."""
    return referee_cli("-", stdin=path.read_text(encoding="utf-8"))


def check_ruling(got: dict[str, Any], want: dict[str, Any]) -> None:
    got = json.loads(json.dumps(got))  # a copy we may change
    if want["error"] is not None:
        error = got["error"]
        assert isinstance(error, dict), got
        assert set(error) == {"index", "action", "rule", "message"}, error
        message = error.pop("message")
        assert isinstance(message, str) and message.strip(), error
        assert want["error"]["rule"] in message, f"the message should cite the rule: {message!r}"
        assert "to_act" not in got and "legal" not in got, "no to_act/legal with an error"
    assert got == want


def test_fixtures_exist() -> None:
    """The README cites this record; every record has its hand-checked ruling beside it."""
    assert (RECORDS / "lx3_regular_deal.json").is_file()
    assert len(FIXTURES) >= 40
    for path in FIXTURES:
        assert path.with_name(f"{path.stem}.ruling.json").is_file(), path.name
    for ruling in RECORDS.glob("*.ruling.json"):
        assert ruling.with_name(ruling.name.replace(".ruling.json", ".json")).is_file(), ruling.name


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_referee_file(path: Path) -> None:
    """``roundgames referee FILE`` prints the ruling that RULES.md requires, with exit status 0."""
    proc = referee_file(path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    check_ruling(json.loads(proc.stdout), expected_ruling(path))


@pytest.mark.parametrize("path", STDIN_FIXTURES, ids=[p.stem for p in STDIN_FIXTURES])
def test_referee_stdin(path: Path) -> None:
    """``roundgames referee -`` reads the record from standard input."""
    proc = referee_stdin(path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    check_ruling(json.loads(proc.stdout), expected_ruling(path))


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_money_conserved(path: Path) -> None:
    """DEAL-RECORD.md: the sum of ``net`` plus (ruling pool minus record pool) is zero."""
    record = json.loads(path.read_text(encoding="utf-8"))
    for ruling in (expected_ruling(path), json.loads(referee_file(path).stdout)):
        assert set(ruling["net"]) == set(record["seats"])
        assert sum(ruling["net"].values()) + ruling["pool"] - record.get("pool", 0) == 0


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_record_round_trips(path: Path) -> None:
    """Every parser has its writer: ``dumps(loads(text)) == text`` for every fixture."""
    text = path.read_text(encoding="utf-8")
    assert dumps(loads(text)) == text


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_ruling_shape(path: Path) -> None:
    """The expected rulings themselves follow DEAL-RECORD.md, "The ruling"."""
    ruling = expected_ruling(path)
    assert ruling["format"] == "roundgames-ruling/1"
    if json.loads(path.read_text(encoding="utf-8")).get("mode", "strict") == "strict":
        assert ruling["irregularities"] == []
    for irregularity in ruling["irregularities"]:  # table mode: the laws applied, DEAL-RECORD.md
        assert set(irregularity) == {"index", "seat", "rule", "penalty", "pool"}
        assert irregularity["pool"] in ("current", "next", None)
        assert (irregularity["pool"] is None) == (irregularity["penalty"] == 0)
    if ruling["complete"]:
        assert ruling["error"] is None and ruling["next"] is not None
        assert "to_act" not in ruling and "legal" not in ruling
        assert all(t["winner"] is not None for t in ruling["tricks"])
    else:
        assert ruling["next"] is None
        if ruling["error"] is None:
            assert ruling["legal"] == sorted(ruling["legal"])
            assert all(a.split()[0] == ruling["to_act"] for a in ruling["legal"])


MALFORMED = sorted((RECORDS / "malformed").glob("*.json"))


@pytest.mark.parametrize("path", MALFORMED, ids=[p.stem for p in MALFORMED])
def test_referee_refuses_a_malformed_record(path: Path) -> None:
    """DEAL-RECORD.md, RULES.md §14.23: each record of tests/records/malformed is malformed, not illegal: exit 2, no
    ruling, and one line on standard error naming the field and the problem, ``NAME.stderr`` beside it."""
    assert path.with_suffix(".stderr").is_file(), path.name
    proc = referee_cli(str(path))
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == path.with_suffix(".stderr").read_text(encoding="utf-8")


def test_lx3_matches_deal_record_example() -> None:
    """The ruling of DEAL-RECORD.md's example (which is LX-3) is what the referee prints."""
    proc = referee_file(RECORDS / "lx3_regular_deal.json")
    got = json.loads(proc.stdout)
    assert got["net"] == {"P1": -6, "P2": 1, "P3": 4, "P4": 4}
    assert got["pool"] == 6
    assert got["next"] == {"dealer": "P3", "kind": "regular"}
    assert [t["winner"] for t in got["tricks"]] == ["P3", "P2", "P4"]


def test_lx10_strict_revoke_cites_loo_play_4() -> None:
    """LX-10 in strict mode: P2's 4S on the led AH, holding KH, is an error citing LOO-PLAY-4."""
    got = json.loads(referee_file(RECORDS / "lx10_revoke_strict.json").stdout)
    assert got["error"]["rule"] == "LOO-PLAY-4"
    assert got["error"]["index"] == 5
    assert got["error"]["action"] == "P2 play 4S"
    assert got["complete"] is False


def test_cards_accepted_on_input() -> None:
    """DEAL-RECORD.md: ``10`` for ``T`` and suit symbols are accepted, in any order; output is canonical."""
    record = json.loads((RECORDS / "lx3_regular_deal.json").read_text(encoding="utf-8"))
    record["cards"] = {
        "P1": "3H JS 8H",
        "P2": "5D 10S ♠K",
        "P3": "9D 4S A♠",
        "P4": "2C KD QD",
        "miss": "8D 6C 2H",
        "turnup": "7♠",
    }
    text = json.dumps(record, ensure_ascii=False)
    canonical = (RECORDS / "lx3_regular_deal.json").read_text(encoding="utf-8")
    assert dumps(loads(text)) == canonical
    proc = referee_cli("-", stdin=text)
    assert proc.returncode == 0, proc.stderr
    check_ruling(json.loads(proc.stdout), expected_ruling(RECORDS / "lx3_regular_deal.json"))
