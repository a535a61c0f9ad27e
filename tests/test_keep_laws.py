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


def test_clarification_27_loo_law_5_a_declaration_out_of_turn_is_entered_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """LOO-LAW-5, §14.27: Ann (last but one to declare) throws up out of turn: S=3 at once into this pool. It is
    entered once, where it was made; at her turn it takes effect by itself, so after Dan stands the table waits for
    Ben, the dealer; a second ``throw Ann`` is refused. Deal 2 (Ben deals): pool 9 + 3 stake + 3 penalty = 15;
    Cat, Dan and Ben each win a trick, 5 each; nobody is looed, so the next deal is a single."""
    path = tmp_path / "pool.json"
    script = (
        "deal Ann\nsingle Cat\ndeal\nirregular Ann LOO-LAW-5 throw\nstand Cat\nstand Dan\nstatus\nthrow Ann\n"
        "stand Ben\ntrick Cat\ntrick Dan\ntrick Ben\n"
    )
    status, out = keep(["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert status == 2
    [refused] = refusals(out)
    assert refused.startswith("! line 8: throw Ann: ") and refused.endswith("(LOO-DECL-5)")
    assert "LOO-LAW-5 applied to Ann: 3 into the current pool." in out
    # Ann's throw takes effect by itself at her turn, after Dan's stand: the keeper says so (§14.27)
    assert (
        "Dan stands.\nAnn threw up (declared out of turn, LOO-LAW-5).\nWaiting for: deal 2, Ben to declare "
        "(stand | throw | miss)." in out
    )
    assert out.count("Ann threw up") == 1
    assert deal_nets(out)[2] == {"Ann": -3, "Ben": 2, "Cat": 5, "Dan": 5}
    assert "Next: Cat deals Peel's single." in out
    deals = json.loads(path.read_text(encoding="utf-8"))["deals"]
    assert deals[1]["actions"][:4] == ["Ann irregular LOO-LAW-5 throw", "Cat stand", "Dan stand", "Ben stand"]


def test_clarification_27_a_declaration_out_of_turn_that_ends_the_declaring_is_said_before_the_settlement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """LOO-LAW-5, §14.27, LOO-DECL-7: Ann throws up out of turn (S=3 at once into this pool); Cat and Dan throw up;
    Ann's throw takes effect by itself after Dan's, so all before the dealer have thrown up and Ben, the dealer,
    takes the pool unplayed: 9 + 3 stake + 3 penalty = 15, Ben -3 +15 = +12, Ann -3. The keeper says Ann's
    throw took effect after the entry that caused it, and before the deal's settlement."""
    path = tmp_path / "pool.json"
    script = "deal Ann\nsingle Cat\ndeal\nirregular Ann LOO-LAW-5 throw\nthrow Cat\nthrow Dan\n"
    status, out = keep(["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert (
        "Dan throws up.\nAnn threw up (declared out of turn, LOO-LAW-5).\n"
        "Deal 2 over (Ben dealt a regular deal): Ann -3, Ben +12, Cat 0, Dan 0.\nBen took the pool without play.\n"
    ) in out
    deals = json.loads(path.read_text(encoding="utf-8"))["deals"]
    # entered once, where it was made: no entry of Ann's at her turn
    assert deals[1]["actions"] == ["Ann irregular LOO-LAW-5 throw", "Cat throw", "Dan throw"]


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


# Eight deals of Unlimited Loo (LOO-STK-4, LOO-VAR-UNLIMITED) at four seats, each dealing twice (--rounds 2):
# D=3 and S=3 as ever (§14.7); a loo is the pool as it stood when the tricks were divided, the dealer's stake and
# the single penalties paid into that deal's pool included (LOO-STK-4 [I], §14.7, LOO-SET-1); a full-loo penalty
# in play is the pool as it stands at the offence, into the next pool (LOO-LAW-19, §14.19). Three of the keeper's
# slips are undone.
RUNNING = re.compile(r"^Balances after (\d+) deals?: (.*); pool (\d+)\.$", re.M)
UNLIMITED_SITTING = """
deal Ann                  # deal 1, Peel's single (LOO-DEAL-1): pool 0 + 3 = 3
single Cat                # Cat's card wins the 3 (LOO-SGL-2); Ann, Ben, Dan looed S=3 (LOO-SGL-3, §14.7)
                          #   Ann -3 -3 = -6, Ben -3, Cat +3, Dan -3; next pool 9, regular (LOO-DEAL-3)
deal                      # deal 2: Ben deals; pool 9 + 3 = 12
irregular Dan LOO-LAW-4   # Dan looked at his cards before his turn (Cat's comes first): S=3 at once into
                          #   this pool, 15 (LOO-LAW-0a, -4); he still declares and plays
stand Cat
stand Dan
stand Ann
stand Ben
trick Cat
trick Ann                 # a slip of the keeper's: Dan won trick 2
undo                      # an action in the middle of a deal
trick Dan
trick Cat                 # 15 divided 5/5/5: Cat +10, Dan +5; Ann and Ben took none: looed the pool as
                          #   divided, Dan's penalty included, 15 each (LOO-SET-3, LOO-STK-4 [I], §14.7)
                          #   Ann -15, Ben -3 -15 = -18, Cat +10, Dan -3 +5 = +2; next pool 15 + 15 = 30
deal                      # deal 3: Cat deals; pool 30 + 3 = 33
stand Dan
irregular Ben LOO-LAW-6   # Ben looked at the miss without taking it: S=3 into this pool, 36 (LOO-LAW-6)
stand Ann
throw Ben                 # he has paid his 3 all the same (§14.1)
stand Cat
trick Dan
irregular Ann LOO-LAW-14  # Ann revoked: a full loo, the pool as it stands, 36, into the next pool (LOO-LAW-14,
                          #   -19, §14.19); the hand is replayed from the first lead (LOO-LAW-0b, -0d, §14.9):
                          #   the trick stated before is forgotten
trick Ann
trick Dan
trick Dan                 # the replay: 12/12/12; Ann's 12 carried (LOO-SET-4, §14.6), Dan +24; Ann not
                          #   looed again (LOO-LAW-0c); Cat looed the pool as divided, Ben's 3 included, 36
                          #   Ann -36, Ben -3, Cat -3 -36 = -39, Dan +24; next pool 12 + 36 + 36 = 84
deal                      # deal 4: Dan deals; pool 84 + 3 = 87
throw Ann
throw Ben
throw Cat                 # all threw up before the dealer, the miss untaken: Dan takes the 87 unplayed
                          #   (LOO-DECL-7): Dan -3 +87 = +84; nobody looed: a single next (LOO-DEAL-2)
deal                      # deal 5: Ann deals Peel's single; pool 0 + 3 = 3
single Cat
undo                      # the finished deal's last action: no card beat the turn-up
single nobody             # all four looed S=3, the 3 stays (LOO-SGL-4): Ann -6, Ben -3, Cat -3, Dan -3;
                          #   next pool 3 + 12 = 15, regular
deal                      # deal 6: Ben deals; pool 15 + 3 = 18
stand Cat
throw Dan                 # a slip: Dan stood
undo
stand Dan
throw Ann
stand Ben
trick Cat
trick Cat
trick Dan                 # 6/6/6: Cat +12, Dan +6; Ben looed the pool, 18: Ben -3 -18 = -21; next pool 18
deal                      # deal 7: Cat deals; pool 18 + 3 = 21
miss Dan                  # LOO-DECL-3
stand Ann
stand Ben
stand Cat                 # two or more in: the dealer chooses freely (LOO-DECL-10)
trick Dan
trick Ben
trick Dan                 # 7/7/7: Dan +14, Ben +7; Ann and Cat looed 21 each: Ann -21, Cat -3 -21 = -24;
                          #   next pool 42
deal                      # deal 8: Dan deals; pool 42 + 3 = 45
stand Ann
throw Ben
throw Cat
defend Dan                # one stood, the miss untaken: Dan plays the miss for the pool (LOO-DECL-8c)
trick Ann
trick Dan
trick Dan                 # 15/15/15: Ann +15; the miss's 30 stays in the pool (LOO-SET-4); the defender is
                          #   not looed (LOO-DECL-8 [I]): Dan -3. Each has dealt twice and nobody was looed:
                          #   the game is over (LOO-END-1); the pool of 30 is divided, 7 each and the odd 2
                          #   one each clockwise from the next dealer's (Ann's) left [D]: Ben +8, Cat +8
balances
"""

UNLIMITED_NETS = {
    1: {"Ann": -6, "Ben": -3, "Cat": 3, "Dan": -3},
    2: {"Ann": -15, "Ben": -18, "Cat": 10, "Dan": 2},
    3: {"Ann": -36, "Ben": -3, "Cat": -39, "Dan": 24},
    4: {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 84},
    5: {"Ann": -6, "Ben": -3, "Cat": -3, "Dan": -3},
    6: {"Ann": 0, "Ben": -21, "Cat": 12, "Dan": 6},
    7: {"Ann": -21, "Ben": 7, "Cat": -24, "Dan": 14},
    8: {"Ann": 15, "Ben": 0, "Cat": 0, "Dan": -3},
}
# The pool each deal leaves for the next (before the next stake); each deal's nets sum to minus its change.
UNLIMITED_POOLS = {1: 9, 2: 30, 3: 84, 4: 0, 5: 15, 6: 18, 7: 42, 8: 30}
# The running balances after each deal (the sums of the nets above) and the pool; each row sums to zero. After
# deal 8 the game is over and the pool of 30 is shared at once: -69 +7, -41 +8, -41 +8, +121 +7.
UNLIMITED_RUNNING = {
    1: ({"Ann": -6, "Ben": -3, "Cat": 3, "Dan": -3}, 9),
    2: ({"Ann": -21, "Ben": -21, "Cat": 13, "Dan": -1}, 30),
    3: ({"Ann": -57, "Ben": -24, "Cat": -26, "Dan": 23}, 84),
    4: ({"Ann": -57, "Ben": -24, "Cat": -26, "Dan": 107}, 0),
    5: ({"Ann": -63, "Ben": -27, "Cat": -29, "Dan": 104}, 15),
    6: ({"Ann": -63, "Ben": -48, "Cat": -17, "Dan": 110}, 18),
    7: ({"Ann": -84, "Ben": -41, "Cat": -41, "Dan": 124}, 42),
    8: ({"Ann": -62, "Ben": -33, "Cat": -33, "Dan": 128}, 0),
}
UNLIMITED_FINAL = UNLIMITED_RUNNING[8][0]


def test_an_unlimited_loo_sitting_of_eight_deals_with_a_single_a_penalty_and_an_undo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unlimited loo by LOO-STK-4 [I] and §14.7: each looed seat pays the pool as divided, single penalties paid into
    it included (deal 2: 15 each; deal 3: 36); the revoke's full loo is the pool at the offence, 36 (§14.19)."""
    path = tmp_path / "unlimited.json"
    args = ["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path), "--rounds", "2"]
    status, out = keep([*args, "--option", "loo_mode=unlimited"], lines(UNLIMITED_SITTING), monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out) == UNLIMITED_NETS
    running = {int(m[1]): (signed(m[2]), int(m[3])) for m in RUNNING.finditer(out)}  # a deal redone: the last
    assert running == UNLIMITED_RUNNING
    pools = {
        int(m[1]): int(m[2])
        for m in re.finditer(
            r"^Deal (\d+) over .*\n(?:\w+ took the pool without play\.\n)?Pool for the next deal: (\d+) ", out, re.M
        )
    }
    assert pools == {i: p for i, p in UNLIMITED_POOLS.items() if i < 8}
    # The loos: the pool as divided, the single penalties paid into it included; the revoke's full loo: the pool
    # as it stood at the offence.
    assert "LOO-LAW-4 applied to Dan: 3 into the current pool." in out
    assert "Looed: Ann 15, Ben 15." in out
    assert "LOO-LAW-6 applied to Ben: 3 into the current pool." in out
    assert "LOO-LAW-14 applied to Ann: 36 into the next pool." in out
    assert "The hand is replayed from the first lead: enter the tricks of the replay." in out
    assert "Looed: Cat 36." in out
    assert "Dan took the pool without play." in out and "Next: Ann deals Peel's single." in out
    assert "Looed: Ann 3, Ben 3, Cat 3, Dan 3." in out and "Looed: Ben 18." in out and "Looed: Ann 21, Cat 21." in out
    assert "Undone: Ann trick." in out and "Undone: Cat single." in out and "Undone: Dan throw." in out
    assert "the pool of 30 is divided: Ann +7, Ben +8, Cat +8, Dan +7." in out
    assert last_balances(out) == (UNLIMITED_FINAL, 0)

    # The file: eight table-mode records under unlimited loo, the undone entries gone.
    data = json.loads(path.read_text(encoding="utf-8"))
    deals = data["deals"]
    assert len(deals) == 8 and all(d["options"] == {"loo_mode": "unlimited"} for d in deals)
    assert [d["kind"] for d in deals] == ["single", *["regular"] * 3, "single", *["regular"] * 3]
    assert deals[1]["actions"][-3:] == ["Cat trick", "Dan trick", "Cat trick"]
    assert deals[4]["actions"] == ["Ann single nobody"] and "Dan throw" not in deals[5]["actions"]

    # Resumed with nothing to do, the file gives the same balances and pool.
    status, again = keep(["--file", str(path)], "", monkeypatch, capsys)
    assert (status, refusals(again)) == (0, [])
    assert "Resumed after 8 deals." in again
    assert last_balances(again) == (UNLIMITED_FINAL, 0)

    # Each kept deal is a deal record that the referee rules on the same: nets, pool, irregularities.
    rulings = []
    for i, record in enumerate(deals, 1):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
        assert cli.main(["referee", "-"]) == 0
        ruling = json.loads(capsys.readouterr().out)
        assert ruling["complete"] and ruling["net"] == UNLIMITED_NETS[i] and ruling["pool"] == UNLIMITED_POOLS[i]
        # nothing created or lost (§14.1): the nets pay for the change in the pool
        assert sum(ruling["net"].values()) == record["pool"] - UNLIMITED_POOLS[i]
        rulings.append(ruling)
    assert rulings[1]["irregularities"] == [
        {"index": 0, "seat": "Dan", "rule": "LOO-LAW-4", "penalty": 3, "pool": "current"}
    ]
    assert rulings[2]["irregularities"] == [
        {"index": 1, "seat": "Ben", "rule": "LOO-LAW-6", "penalty": 3, "pool": "current"},
        {"index": 6, "seat": "Ann", "rule": "LOO-LAW-14", "penalty": 36, "pool": "next"},
    ]
    assert [t["winner"] for t in rulings[2]["tricks"]] == ["Ann", "Dan", "Dan"]  # the replay's tricks


def test_loo_law_1_a_misdeal_of_peels_single(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """LOO-LAW-1 and §14.8 in Peel's single: before its winner is said, the dealer's misdeal costs him S=3 into
    the pool, his stake for the void deal is not charged, and he deals the single again: its pool is 3 + 3 = 6,
    which Cat's card takes (Ann -3 -3, Cat +6; Ann, Ben and Dan looed S=3 each into the next pool: 9)."""
    path = tmp_path / "pool.json"
    script = "deal Ann\nirregular Ann LOO-LAW-1\ndeal\nsingle Cat\nbalances\n"
    status, out = keep(["loo", "--seats", "Ann,Ben,Cat,Dan", "--file", str(path)], script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert "LOO-LAW-1 applied to Ann: 3 into the current pool." in out
    assert deal_nets(out) == {
        1: {"Ann": -3, "Ben": 0, "Cat": 0, "Dan": 0},
        2: {"Ann": -6, "Ben": -3, "Cat": 6, "Dan": -3},
    }
    assert last_balances(out) == ({"Ann": -9, "Ben": -3, "Cat": 6, "Dan": -3}, 9)
