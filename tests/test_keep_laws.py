"""``roundgames keep``: irregularities at a real table, entered as ``irregular SEAT RULE-ID`` and ruled by the laws.

The keeper records ``SEAT irregular RULE-ID`` in table mode and the engine applies the law (RULES.md
§5 and §8, the contract of issue 4: a law named without its card has the card's consequence). These
tests need the Loo and Nap laws of the engine (the loolaws and naplaws parts of issue 4); on a tree
without them every ``irregular`` line is refused. The figures are computed by hand from RULES.md in
the comments (Loo D=3, L=6, S=3; Nap one unit).
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from roundgames import cli

OVER = re.compile(r"^Deal (\d+) over \((.*?)\): (.*?)\.(?: Looed: (.*)\.)?$", re.M)
BALANCES = re.compile(
    r"^Balances after \d+ deals?(?: \(with the deal in progress\))?: (.*); (?:pool|kitty) (\d+)\.$", re.M
)


def keep(
    args: list[str], script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = cli.main(["keep", *args, "--plain"])
    return status, capsys.readouterr().out


def lines(text: str) -> str:
    return "".join(line.split("#", 1)[0].strip() + "\n" for line in text.splitlines() if line.split("#", 1)[0].strip())


def signed(text: str) -> dict[str, int]:
    return {part.rsplit(" ", 1)[0]: int(part.rsplit(" ", 1)[1]) for part in text.split(", ")}


def deal_nets(out: str) -> dict[int, dict[str, int]]:
    return {int(m[1]): signed(m[3]) for m in OVER.finditer(out)}


def last_balances(out: str) -> tuple[dict[str, int], int]:
    text, pool = BALANCES.findall(out)[-1]
    return signed(text), int(pool)


def refusals(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("! ")]


LOO_WITH_PENALTIES = """
deal Ann                  # deal 1, Peel's single: Cat's card wins the 3; Ann -6, Ben -3, Cat +3, Dan -3; pool 9
single Cat
deal                      # deal 2: Ben deals; pool 9 + 3 = 12
irregular Dan LOO-LAW-4   # Dan looked at his cards before his turn: S=3 at once into this pool: 15 (LX-12)
stand Cat
stand Dan                 # he still declares and plays (LOO-LAW-4)
stand Ann
stand Ben
trick Cat
trick Dan
trick Ann                 # 5/5/5; Ben looed 6: Ann +5, Ben -3 -6 = -9, Cat +5, Dan -3 +5 = +2; pool 6
deal                      # deal 3: Cat deals; pool 6 + 3 = 9
stand Dan
stand Ann
stand Ben
stand Cat
trick Dan
irregular Ann LOO-LAW-14  # Ann revoked: a full loo, 6, into the next pool; the hand is replayed from the
                          #   first lead (LOO-LAW-0b, -0d, -14); what Ann wins in the replay stays in the pool
trick Ann
trick Dan
trick Ben                 # the replay: 3/3/3; Ann's share carried (LOO-SET-4); Dan +3, Ben +3; Cat looed 6,
                          #   Ann not looed again (LOO-LAW-0c): Ann -6, Ben +3, Cat -3 -6 = -9, Dan +3;
                          #   next pool 3 + 6 + 6 = 15, a regular deal
balances
"""


def test_a_loo_sitting_with_a_penalty_before_play_and_a_revoke_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    status, out = keep(
        ["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], lines(LOO_WITH_PENALTIES), monkeypatch, capsys
    )
    assert (status, refusals(out)) == (0, [])
    assert "LOO-LAW-4 applied to Dan: 3 into the current pool." in out
    assert "LOO-LAW-14 applied to Ann: 6 into the next pool." in out
    assert "The hand is replayed from the first lead: enter the tricks of the replay." in out
    assert deal_nets(out) == {
        1: {"Ann": -6, "Ben": -3, "Cat": 3, "Dan": -3},
        2: {"Ann": 5, "Ben": -9, "Cat": 5, "Dan": 2},
        3: {"Ann": -6, "Ben": 3, "Cat": -9, "Dan": 3},
    }
    assert "Pool for the next deal: 15 (18 with Dan's stake)." in out
    assert "Next: Dan deals a regular deal." in out
    # Ann -6 +5 -6, Ben -3 -9 +3, Cat 3 +5 -9, Dan -3 +2 +3.
    assert last_balances(out) == ({"Ann": -7, "Ben": -9, "Cat": -1, "Dan": 2}, 15)
    # The records hold the irregularities as actions, and the referee rules on them the same.
    deals = json.loads(path.read_text(encoding="utf-8"))["deals"]
    assert "Dan irregular LOO-LAW-4" in deals[1]["actions"] and "Ann irregular LOO-LAW-14" in deals[2]["actions"]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(deals[2])))
    assert cli.main(["referee", "-"]) == 0
    ruling = json.loads(capsys.readouterr().out)
    assert ruling["irregularities"] == [{"index": 5, "seat": "Ann", "rule": "LOO-LAW-14", "penalty": 6, "pool": "next"}]
    assert [t["winner"] for t in ruling["tricks"]] == ["Ann", "Dan", "Ben"]  # after a replay, the replayed tricks


def test_undo_takes_back_an_irregularity(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    script = "deal Ann\nsingle Cat\ndeal\nirregular Dan LOO-LAW-4\nundo\nbalances\n"
    status, out = keep(["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert "Undone: Dan irregular LOO-LAW-4." in out
    # Deal 1's balances and Ben's stake on the table: no penalty any more.
    assert last_balances(out) == ({"Ann": -6, "Ben": -6, "Cat": 3, "Dan": -3}, 12)


def test_loo_law_1_a_misdeal_the_same_dealer_deals_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """LOO-LAW-1, §14.8, §14.20: the dealer is looed S into the pool; his stake for the void deal is not
    charged; he deals again a deal of the same kind."""
    path = tmp_path / "pool.json"
    script = "deal Ann\nsingle Cat\ndeal\nirregular Ben LOO-LAW-1\ndeal Ben regular\n"
    status, out = keep(["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out)[2] == {"Ann": 0, "Ben": -3, "Cat": 0, "Dan": 0}
    assert "Next: Ben deals a regular deal." in out
    # The re-deal: the pool of 9 and the penalty 3, and Ben's stake: 15.
    assert "Deal 3: Ben deals a regular deal; the pool holds 15 with the stake." in out


def test_loo_law_8_looking_at_another_hand_before_declaring_forces_a_throw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """LOO-LAW-8, §14.4, §14.21: a full loo into the current pool at once; not yet declared, he throws up."""
    path = tmp_path / "pool.json"
    script = "deal Ann\nsingle Cat\ndeal\nirregular Dan LOO-LAW-8\nstand Cat\nstand Dan\nthrow Dan\nbalances\n"
    status, out = keep(["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert status == 2
    [refused] = refusals(out)
    assert refused.startswith("! line 6: stand Dan: ") and "(LOO-" in refused
    assert "LOO-LAW-8 applied to Dan: 6 into the current pool." in out
    # Deal 1, then Ben's stake and Dan's full loo in the pool: 9 + 3 + 6.
    assert last_balances(out) == ({"Ann": -6, "Ben": -6, "Cat": 3, "Dan": -9}, 18)


def test_an_unknown_law_is_refused_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    status, out = keep(
        ["loo", "--seats", "Ann,Ben,Cat", "--file", str(path)],
        "deal Ann\nirregular Ben LOO-LAW-99\n",
        monkeypatch,
        capsys,
    )
    assert status == 2
    [refused] = refusals(out)
    assert refused.startswith("! line 2: irregular Ben LOO-LAW-99: ")
    assert json.loads(path.read_text(encoding="utf-8"))["deals"][0]["actions"] == []


def test_nap_law_6_a_revoke_by_an_opponent_counts_the_call_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """NAP-LAW-6: play stops; the call counts as made; the revoker alone pays the senior hand the win for
    every opponent: Ann's three, 3 x 3 = 9, all from Cat."""
    path = tmp_path / "nap.json"
    script = "deal Dan\ncall Ann 3\npass Ben\npass Cat\npass Dan\ntrick Ann\nirregular Cat NAP-LAW-6\n"
    status, out = keep(["nap", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out) == {1: {"Ann": 9, "Ben": 0, "Cat": -9, "Dan": 0}}


def test_nap_law_6_a_revoke_by_the_senior_hand_loses_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """NAP-LAW-6: the senior hand's revoke: his call counts as failed; he pays each opponent the loss, a Nap's 5."""
    path = tmp_path / "nap.json"
    script = "deal Dan\ncall Ann nap\npass Ben\npass Cat\npass Dan\ntrick Ann\nirregular Ann NAP-LAW-6\n"
    status, out = keep(["nap", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out) == {1: {"Ann": -15, "Ben": 5, "Cat": 5, "Dan": 5}}


def test_nap_law_1_a_misdeal_with_a_kitty_costs_a_unit_and_the_same_dealer_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """NAP-LAW-1, §14.8: with a kitty the misdealer pays one unit into it (his stake for the void deal is
    not charged), and deals again."""
    path = tmp_path / "nap.json"
    script = "deal Dan\nirregular Dan NAP-LAW-1\ndeal Dan\n"
    args = ["nap", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path), "--option", "kitty=true"]
    status, out = keep(args, script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out) == {1: {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": -1}}
    assert "Next: Dan deals." in out
    assert "Deal 2: Dan deals; the kitty holds 2." in out


def test_the_ten_deal_sitting_with_a_penalty_in_deal_9(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """test_keep's ten-deal sitting, with Dan looking at his cards early in deal 9 (LOO-LAW-4)."""
    from test_keep import LOO_NETS, LOO_SITTING

    marker = "deal                     # deal 9"
    assert marker in LOO_SITTING
    script = LOO_SITTING.replace(marker, "deal\nirregular Dan LOO-LAW-4  # S=3 into the pool: 15, five a trick\n#")
    path = tmp_path / "pool.json"
    args = ["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path), "--rounds", "2"]
    status, out = keep(args, lines(script), monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    # Deal 9: pool 12 + 3 = 15, 5/5/5 to Ben, Cat, Dan; Ann looed 6; Dan paid 3. Deal 10 as before; the
    # pool of 6 divided at the end: Dan +2, Ann +2, Ben +1, Cat +1.
    assert deal_nets(out) == {**LOO_NETS, 9: {"Ann": -9, "Ben": 5, "Cat": 5, "Dan": 2}}
    # After deal 8: Ann +6, Ben -10, Cat -4, Dan -1; deal 9: -9, +5, +5, +2; deal 10: 0, -3, +3, 0; shares.
    assert last_balances(out) == ({"Ann": -1, "Ben": -7, "Cat": 5, "Dan": 3}, 0)
