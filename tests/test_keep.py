"""``roundgames keep``: the pool keeper for real tables, driven end to end through its line mode.

Every figure asserted here was computed by hand from RULES.md in the comments beside it (Loo: D=3,
L=6, S=3 unless said; Nap: one unit), never by asking the engine. The sittings are typed as a person
at the table would, one command a line, into ``roundgames keep ... --plain``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from roundgames import cli
from roundgames.keeper.keep import Keeper

SEATS = ["Ann", "Ben", "Cat", "Dan"]
OVER = re.compile(r"^Deal (\d+) over \((.*?)\): (.*?)\.(?: Looed: (.*)\.)?$", re.M)
BALANCES = re.compile(
    r"^Balances after \d+ deals?(?: \(with the deal in progress\))?: (.*); (?:pool|kitty) (\d+)\.$", re.M
)


def keep(
    args: list[str], script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """Run ``roundgames keep ARGS --plain`` with ``script`` on standard input: (status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = cli.main(["keep", *args, "--plain"])
    out = capsys.readouterr()
    return status, out.out, out.err


def lines(text: str) -> str:
    """A script: one command a line, ``#`` comments and indentation dropped."""
    out = []
    for line in text.splitlines():
        command = line.split("#", 1)[0].strip()
        if command:
            out.append(command)
    return "\n".join(out) + "\n"


def signed(text: str) -> dict[str, int]:
    """``Ann +4, Ben -6, Cat 0`` as a dict."""
    out = {}
    for part in text.split(", "):
        name, value = part.rsplit(" ", 1)
        out[name] = int(value)
    return out


def deal_nets(out: str) -> dict[int, dict[str, int]]:
    return {int(m[1]): signed(m[3]) for m in OVER.finditer(out)}


def last_balances(out: str) -> tuple[dict[str, int], int]:
    found = BALANCES.findall(out)
    assert found, out
    text, pool = found[-1]
    return signed(text), int(pool)


def refusals(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("! ")]


# -- a whole Loo sitting -------------------------------------------------------------------------

# Ten deals of Peel's Loo at four seats, each dealing twice (--rounds 2), typed as the table played
# them; three mistakes of the keeper's are undone on the way.
LOO_SITTING = """
deal Ann                 # deal 1: Ann deals first; the first deal is Peel's single (LOO-DEAL-1). Pool 0 + D 3.
single Cat               # Cat's card beat the turn-up: Cat takes 3 (LOO-SGL-2); Ann, Ben, Dan looed S=3 (LOO-SGL-3)
                         #   Ann -3 stake -3 loo = -6, Ben -3, Cat +3, Dan -3; next pool 9
deal                     # deal 2: Ben, a regular deal (LOO-DEAL-3). Pool 9 + 3 = 12
stand Cat
stand Dan
throw Ann
stand Ben
trick Cat
trick Cat
trick Ben                # a slip: Dan won the third trick
undo
trick Dan                # shares 4/4/4: Cat +8, Dan +4; Ben took none: looed L=6 (LOO-SET-3)
                         #   Ben -3 -6 = -9; next pool 6, regular (a loo was paid, LOO-DEAL-2)
deal                     # deal 3: Cat. Pool 6 + 3 = 9
miss Dan                 # Dan takes the miss (LOO-DECL-3)
stand Ann
throw Ben
throw Cat                # two are in, so the dealer may throw up (LOO-DECL-10)
trick Ann
trick Dan
trick Ann                # 3/3/3: Ann +6, Dan +3; Cat -3. Nobody looed: a single next (LOO-DEAL-2)
deal                     # deal 4: Dan, Peel's single. Pool 0 + 3
undo                     # the start of a deal is an entry too
deal Dan single
single nobody            # no card beat the turn-up: all four looed S=3, the 3 stays (LOO-SGL-4)
                         #   Dan -6, Ann -3, Ben -3, Cat -3; next pool 3 + 12 = 15
deal                     # deal 5: Ann (her second deal). Pool 15 + 3 = 18
throw Ben
throw Cat
throw Dan                # all before the dealer threw up: Ann takes the pool, 18, unplayed (LOO-DECL-7)
                         #   Ann -3 +18 = +15; nobody looed, so a single next
deal                     # deal 6: Ben, Peel's single. Pool 0 + 3
single Cat
undo                     # the just-finished deal's last entry: it was Dan's card that won
single Dan               # Dan +3; Ann -3, Ben -6, Cat -3 (LOO-SGL-3); next pool 9
deal                     # deal 7: Cat, regular. Pool 9 + 3 = 12
stand Dan
throw Ann
throw Ben
defend Cat               # one stood, the miss untaken: the dealer plays the miss for the pool (LOO-DECL-8c)
trick Cat
trick Dan
trick Cat                # 4/4/4: the miss's two shares stay in the pool (LOO-SET-4); Dan +4; the
                         #   defender is not looed (LOO-DECL-8 [I]); nobody looed: a single next. Cat -3; pool 8
deal                     # deal 8: Dan, Peel's single. Pool 8 + 3 = 11
single Ben               # Ben +11; Ann -3, Cat -3, Dan -3 -3 = -6; next pool 9. Each has dealt twice,
                         #   but a loo was paid: play goes on (LOO-END-1)
deal                     # deal 9: Ann, regular. Pool 9 + 3 = 12
stand Ben
stand Cat
stand Dan
stand Ann
trick Ben
trick Cat
trick Dan                # 4/4/4: Ben, Cat, Dan +4; Ann looed 6: Ann -3 -6 = -9; next pool 6
deal                     # deal 10: Ben, regular. Pool 6 + 3 = 9
stand Cat
throw Dan
throw Ann
defend Ben               # LOO-DECL-8c again
trick Ben
trick Cat
trick Ben                # 3/3/3: Cat +3; the miss's 6 stays; Ben -3; nobody looed: the game is over
                         #   (LOO-END-1) and the pool of 6 is divided, the odd units one each clockwise
                         #   from the next dealer's (Cat's) left [D]: Dan +2, Ann +2, Ben +1, Cat +1
balances
"""

# Each deal's net, by hand (the comments above).
LOO_NETS = {
    1: {"Ann": -6, "Ben": -3, "Cat": 3, "Dan": -3},
    2: {"Ann": 0, "Ben": -9, "Cat": 8, "Dan": 4},
    3: {"Ann": 6, "Ben": 0, "Cat": -3, "Dan": 3},
    4: {"Ann": -3, "Ben": -3, "Cat": -3, "Dan": -6},
    5: {"Ann": 15, "Ben": 0, "Cat": 0, "Dan": 0},
    6: {"Ann": -3, "Ben": -6, "Cat": -3, "Dan": 3},
    7: {"Ann": 0, "Ben": 0, "Cat": -3, "Dan": 4},
    8: {"Ann": -3, "Ben": 11, "Cat": -3, "Dan": -6},
    9: {"Ann": -9, "Ben": 4, "Cat": 4, "Dan": 4},
    10: {"Ann": 0, "Ben": -3, "Cat": 3, "Dan": 0},
}
# The pool left for the next deal after each (before the next dealer's stake).
LOO_POOLS = {1: 9, 2: 6, 3: 0, 4: 15, 5: 0, 6: 9, 7: 8, 8: 9, 9: 6, 10: 6}
# Running balances: Ann -6, -6, 0, -3, +12, +9, +9, +6, -3, -3; Ben -3, -12, -12, -15, -15, -21, -21,
# -10, -6, -9; Cat +3, +11, +8, +5, +5, +2, -1, -4, 0, +3; Dan -3, +1, +4, -2, -2, +1, +5, -1, +3, +3.
# The pool of 6 divided at the end: Dan +2, Ann +2, Ben +1, Cat +1.
LOO_SHARES = {"Ann": 2, "Ben": 1, "Cat": 1, "Dan": 2}
LOO_FINAL = {"Ann": -1, "Ben": -8, "Cat": 4, "Dan": 5}


def new_loo(path: Path, *more: str) -> list[str]:
    return ["loo", "--seats", ",".join(SEATS), "--file", str(path), "--rounds", "2", *more]


def test_a_loo_sitting_of_ten_deals_with_peels_singles_undos_and_the_end_of_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    status, out, err = keep(new_loo(path), lines(LOO_SITTING), monkeypatch, capsys)
    assert (status, err, refusals(out)) == (0, "", [])
    assert deal_nets(out) == LOO_NETS
    # After each deal: the pool for the next deal, the next dealer, and whether it is a single.
    # After each deal: the pool for the next deal, the next dealer, and whether it is a single (the
    # last word on each deal: a deal undone and finished again is reported again).
    nexts = {
        int(m[1]): (int(m[2]), int(m[3]), m[4], m[5], m[6])
        for m in re.finditer(
            r"^Deal (\d+) over .*\n(?:\w+ took the pool without play\.\n)?Pool for the next deal: (\d+) \((\d+) with (\w+)'s stake\)\.\nNext: (\w+) deals (.*)\.$",
            out,
            re.M,
        )
    }
    kinds = ["regular deal", "regular deal", "single", "regular deal", "single", "regular deal", "single"]
    kinds = [k if k == "single" else "a " + k for k in kinds] + ["a regular deal", "a regular deal"]
    kinds = [k.replace("single", "Peel's single") for k in kinds]
    dealers = ["Ben", "Cat", "Dan", "Ann", "Ben", "Cat", "Dan", "Ann", "Ben"]
    assert nexts == {
        i: (LOO_POOLS[i], LOO_POOLS[i] + 3, dealers[i - 1], dealers[i - 1], kinds[i - 1]) for i in range(1, 10)
    }
    assert "Ann took the pool without play." in out  # deal 5 (LOO-DECL-7)
    assert "Looed: Ben 6." in out and "Looed: Ann 3, Ben 3, Cat 3, Dan 3." in out
    assert "The game is over (LOO-END-1)" in out
    assert re.search(r"the pool of 6 is divided: Ann \+2, Ben \+1, Cat \+1, Dan \+2\.", out)
    assert last_balances(out) == (LOO_FINAL, 0)
    assert "Undone: Ben trick." in out and "Undone: Cat single." in out and "Undone: deal 4 (Dan dealing)." in out

    # The keep file: ten table-mode deal records with no cards, the undone entries gone.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "roundgames-keep/1" and data["game"] == "loo" and data["rounds"] == 2
    assert len(data["deals"]) == 10
    assert all(d["mode"] == "table" and d["cards"] == {} for d in data["deals"])
    assert data["deals"][1]["actions"][-3:] == ["Cat trick", "Cat trick", "Dan trick"]
    assert data["deals"][5]["actions"] == ["Dan single"]

    # The game is over: no more deals, but undo goes back into it.
    status, out, _ = keep(["--file", str(path)], "deal\n", monkeypatch, capsys)
    assert status == 2
    assert refusals(out) == ["! line 1: deal: the game is over (LOO-END-1)"]


def test_each_deal_is_refereed_like_any_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The kept deals are deal records (DEAL-RECORD.md): ``roundgames referee`` rules on each the same."""
    path = tmp_path / "pool.json"
    keep(new_loo(path), lines(LOO_SITTING), monkeypatch, capsys)
    for i, record in enumerate(json.loads(path.read_text(encoding="utf-8"))["deals"], 1):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
        assert cli.main(["referee", "-"]) == 0
        ruling = json.loads(capsys.readouterr().out)
        assert ruling["complete"] and ruling["net"] == LOO_NETS[i]
        assert ruling["pool"] == LOO_POOLS[i]


def test_loo_var_unlimited_a_sitting_where_a_loo_is_the_pool_then_stopped_and_divided(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unlimited Loo (LOO-STK-4, §14.7): each looed seat pays the pool as it was divided; LOO-END-2 divides."""
    path = tmp_path / "unlimited.json"
    script = """
    deal Ann          # the single: pool 3; Ben wins it (+3); Ann -3 -3, Cat -3 (a single's loo is S, §14.7)
    single Ben
    deal              # Ben deals: pool 6 + 3 = 9
    stand Cat
    stand Ann
    stand Ben
    trick Cat
    trick Cat
    trick Ann         # 3/3/3: Cat +6, Ann +3; Ben looed the pool as divided, 9: Ben -3 -9 = -12
    deal              # Cat deals: pool 9 + 3 = 12
    stand Ann
    stand Ben
    stand Cat
    trick Ann
    trick Ann
    trick Ann         # Ann +12; Ben and Cat looed 12 each: Ben -12, Cat -3 -12 = -15; next pool 24
    stop              # LOO-END-2: 24 divided three ways, 8 each
    """
    status, out, _ = keep(
        ["loo", "--seats", "Ann,Ben,Cat", "--file", str(path), "--option", "loo_mode=unlimited"],
        lines(script),
        monkeypatch,
        capsys,
    )
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out) == {
        1: {"Ann": -6, "Ben": 3, "Cat": -3},
        2: {"Ann": 3, "Ben": -12, "Cat": 6},
        3: {"Ann": 12, "Ben": -12, "Cat": -15},
    }
    assert "Looed: Ben 12, Cat 12." in out
    assert "The sitting is stopped (LOO-END-2): the pool of 24 is divided: Ann +8, Ben +8, Cat +8." in out
    # Ann -6 +3 +12 +8, Ben 3 -12 -12 +8, Cat -3 +6 -15 +8.
    assert last_balances(out) == ({"Ann": 17, "Ben": -13, "Cat": -4}, 0)
    # Stopped: nothing more is dealt, and the file says so.
    assert json.loads(path.read_text(encoding="utf-8"))["stop"] == {"after": 3, "method": "divide"}
    status, out, _ = keep(["--file", str(path)], "deal\nundo\nbalances\n", monkeypatch, capsys)
    assert status == 2 and refusals(out) == ["! line 1: deal: the game is over: the sitting was stopped (LOO-END-2)"]
    assert "Undone: stop divide." in out
    assert last_balances(out) == ({"Ann": 9, "Ben": -21, "Cat": -12}, 24)


def test_loo_end_2_release_hands_back_the_loos_and_a_last_round_all_stand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``stop release`` (LOO-END-2): the last deal's loos go back, then a round where all stand, no miss."""
    path = tmp_path / "release.json"
    script = """
    deal Ann
    single nobody     # all three looed 3: Ann -6, Ben -3, Cat -3; the pool 3 + 9 = 12
    stop release      # the loos of that deal handed back: each +3; pool 3
    deal              # Ben deals the first of the last round: pool 3 + 3 = 6, all must stand
    throw Cat
    stand Cat
    stand Ann
    stand Ben
    trick Cat
    trick Cat
    trick Cat         # Cat +6; Ann and Ben looed 6 (Ben -3 -6); pool 12
    deal              # Cat deals: pool 12 + 3 = 15
    stand Ann
    stand Ben
    stand Cat
    trick Ann
    trick Ben
    trick Cat         # 5 each; Cat -3 +5; pool 0 + the loos of nobody
    deal              # Ann deals the last: pool 0 + 3 = 3
    stand Ben
    stand Cat
    stand Ann
    trick Ben
    trick Ben
    trick Ben         # Ben +3; Cat and Ann looed 6 each: pool 12, divided 4 each at the end
    """
    status, out, _ = keep(["loo", "--seats", "Ann,Ben,Cat", "--file", str(path)], lines(script), monkeypatch, capsys)
    assert status == 2  # "throw Cat": all must stand in the last round
    assert refusals(out) == [
        "! line 5: throw Cat: Cat cannot throw up: in this single all must play (LOO-VAR-EW-SINGLE)"
    ]
    assert "The loos of the last deal are handed back (LOO-END-2): Ann +3, Ben +3, Cat +3." in out
    assert deal_nets(out) == {
        1: {"Ann": -6, "Ben": -3, "Cat": -3},
        2: {"Ann": -6, "Ben": -9, "Cat": 6},
        3: {"Ann": 5, "Ben": 5, "Cat": 2},
        4: {"Ann": -9, "Ben": 3, "Cat": -6},
    }
    assert "The last round is over (LOO-END-2): the pool of 12 is divided: Ann +4, Ben +4, Cat +4." in out
    # Ann -6 +3 -6 +5 -9 +4, Ben -3 +3 -9 +5 +3 +4, Cat -3 +3 +6 +2 -6 +4.
    assert last_balances(out) == ({"Ann": -9, "Ben": 3, "Cat": 6}, 0)


# -- Nap with a kitty ----------------------------------------------------------------------------

NAP_SITTING = """
deal Dan                 # deal 1: Dan pays a unit into the kitty: 1 (NAP-VAR-POOL)
call Ann pass
call Ben 2
pass Cat
pass Dan
trick Ben
trick Ann
trick Ben                # two won: made after three tricks (NAP-PLAY-4): +2 from each (§6.5): Ben +6;
                         #   Ann -2, Cat -2, Dan -2 -1 = -3
deal                     # deal 2: Ann; kitty 2
pass Ben
call Cat nap
pass Dan
pass Ann
trick Cat
trick Cat
trick Dan                # a Nap ends at its first lost trick: Cat pays 5 to each (§6.5): Cat -15;
                         #   Ann -1 +5 = +4, Ben +5, Dan +5; the kitty stays 2
deal                     # deal 3: Ben; kitty 3
pass Cat
call Dan misery
pass Ann
pass Ben
trick Ann
trick Cat
trick Ann
trick Ben
trick Cat                # misery made, no trick taken in five (NAP-PLAY-5): +3 from each: Dan +9;
                         #   Ann -3, Ben -1 -3 = -4, Cat -3
deal                     # deal 4: Cat; kitty 4
pass Dan
call Ann nap
pass Ben
pass Cat
trick Ann
trick Ann
trick Ann
trick Ann
trick Ann                # Nap made: +10 from each and the kitty (§14.14): Ann +30 +4 = +34;
                         #   Ben -10, Cat -1 -10 = -11, Dan -10; the kitty 0
deal                     # deal 5: Dan; kitty 1
pass Ann
pass Ben
pass Cat
pass Dan                 # all pass: the eldest, Ann, plays for one (NAP-CALL-7)
trick Ben
trick Ann                # one made: +1 from each: Ann +3; Ben -1, Cat -1, Dan -1 -1 = -2
balances
stop                     # the kitty of 1 divided: the odd unit to the next dealer's (Ann's) left [D]: Ben +1
"""
NAP_NETS = {
    1: {"Ann": -2, "Ben": 6, "Cat": -2, "Dan": -3},
    2: {"Ann": 4, "Ben": 5, "Cat": -15, "Dan": 5},
    3: {"Ann": -3, "Ben": -4, "Cat": -3, "Dan": 9},
    4: {"Ann": 34, "Ben": -10, "Cat": -11, "Dan": -10},
    5: {"Ann": 3, "Ben": -1, "Cat": -1, "Dan": -2},
}
NAP_KITTIES = [1, 2, 3, 0, 1]
# Balances: Ann -2, +2, -1, +33, +36; Ben +6, +11, +7, -3, -4; Cat -2, -17, -20, -31, -32; Dan -3, +2, +11, +1, -1.
NAP_BEFORE_STOP = {"Ann": 36, "Ben": -4, "Cat": -32, "Dan": -1}
NAP_FINAL = {"Ann": 36, "Ben": -3, "Cat": -32, "Dan": -1}


def test_a_nap_sitting_with_a_kitty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nap.json"
    args = ["nap", "--seats", ",".join(SEATS), "--file", str(path), "--option", "kitty=true"]
    status, out, _ = keep(args, lines(NAP_SITTING), monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert deal_nets(out) == NAP_NETS
    assert [int(k) for k in re.findall(r"^Kitty: (\d+)\.$", out, re.M)] == NAP_KITTIES
    assert re.findall(r"^Next: (\w+) deals\.$", out, re.M) == ["Ann", "Ben", "Cat", "Dan", "Ann"]
    over = [m[2] for m in OVER.finditer(out)]
    assert over == [
        "Dan dealt; Ben made 2",
        "Ann dealt; Cat lost nap",
        "Ben dealt; Dan made misery",
        "Cat dealt; Ann made nap",
        "Dan dealt; Ann made 1",
    ]
    balances = BALANCES.findall(out)
    assert (signed(balances[-2][0]), int(balances[-2][1])) == (NAP_BEFORE_STOP, 1)
    assert "The sitting is stopped (NAP-VAR-POOL): the kitty of 1 is divided: Ann 0, Ben +1, Cat 0, Dan 0." in out
    assert last_balances(out) == (NAP_FINAL, 0)


def test_nap_var_pool_the_kitty_drawn_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the end the kitty may be drawn for: the lowest card takes it (NAP-VAR-POOL); the table draws."""
    path = tmp_path / "nap.json"
    script = lines(NAP_SITTING).replace("stop\n", "stop draw Cat\n")
    status, out, _ = keep(
        ["nap", "--seats", ",".join(SEATS), "--file", str(path), "--option", "kitty=true"], script, monkeypatch, capsys
    )
    assert status == 0
    assert "Cat drew the lowest card and takes the kitty of 1." in out
    assert last_balances(out) == ({**NAP_BEFORE_STOP, "Cat": -31}, 0)


def test_nap_var_double_header_the_keeper_says_the_stakes_are_doubled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """All pass under the Double Header: no play, the next deal at double stakes (NAP-VAR-DOUBLE-HEADER)."""
    path = tmp_path / "dh.json"
    script = "deal Cat\npass Ann\npass Ben\npass Cat\ndeal\ncall Ben 3\npass Cat\npass Ann\ntrick Ben\ntrick Ben\ntrick Ben\n"
    status, out, _ = keep(
        ["nap", "--seats", "Ann,Ben,Cat", "--file", str(path), "--option", "all_pass=double_header"],
        script,
        monkeypatch,
        capsys,
    )
    assert (status, refusals(out)) == (0, [])
    assert "Next: Ann deals at 2 times the stakes (Double Header)." in out
    assert "Deal 2: Ann deals; stakes times 2 (Double Header)." in out
    # Three made at double stakes: 3 x 2 from each of two opponents.
    assert deal_nets(out) == {1: {"Ann": 0, "Ben": 0, "Cat": 0}, 2: {"Ann": -6, "Ben": 12, "Cat": -6}}


def test_nap_var_wellington_the_verbs_and_shorthands_of_the_verb_table_a_challenge_taken_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The keeper takes the game's verbs from its verb table, with the table's shorthands for the calls (``n`` is
    ``call nap``, ``w`` Wellington) and ``raise`` (NAP-VAR-WELLINGTON, ``nap_challenge``): Ann calls Nap, Ben
    Wellington over it, Ann takes the challenge up herself and plays Wellington; she loses the second trick, so
    the deal ends (NAP-PLAY-4) and she pays each opponent 10 (§6.5): Ann -20, Ben +10, Cat +10."""
    path = tmp_path / "nap.json"
    script = "deal Cat\ncall Ann n\ncall Ben w\nstatus\nraise Ann\npass Cat\ntrick Ann\ntrick Ben\n"
    args = ["nap", "--seats", "Ann,Ben,Cat", "--file", str(path), "--option", "nap_challenge=true"]
    status, out, _ = keep(args, script, monkeypatch, capsys)
    assert (status, refusals(out)) == (0, [])
    assert "Ann calls Nap.\nWaiting for: deal 1, Ben to call (pass | wellington)." in out
    assert "Waiting for: deal 1, Ann to call (pass | raise)." in out and "Ann takes up the challenge." in out
    assert "Waiting for: deal 1, Ann plays wellington, won 1 lost 0: who won trick 2? (trick SEAT)." in out
    assert [m[2] for m in OVER.finditer(out)] == ["Cat dealt; Ann lost wellington"]
    assert deal_nets(out) == {1: {"Ann": -20, "Ben": 10, "Cat": 10}}
    deal = json.loads(path.read_text(encoding="utf-8"))["deals"][0]
    assert deal["actions"] == ["Ann call nap", "Ben call wellington", "Ann raise", "Cat pass", "Ann trick", "Ben trick"]


# -- stopping and resuming -------------------------------------------------------------------------


@pytest.mark.parametrize("cut", [9, 17, 40], ids=["mid-deal", "between-deals", "mid-deal-late"])
def test_resume_after_stopping_gives_the_same_sitting(
    cut: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The keeper stopped (end of input, or ``quit``) after ``cut`` lines and resumed with ``--file``
    gives the sitting typed in one go: the same nets, the same end."""
    script = lines(LOO_SITTING).splitlines(keepends=True)
    path = tmp_path / "pool.json"
    first = "".join(script[:cut]) + ("quit\nstand Ann\n" if cut == 17 else "")  # quit: what follows is not read
    status, out1, _ = keep(new_loo(path), first, monkeypatch, capsys)
    assert status == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    in_progress = cut in (9, 40)
    assert bool(data["deals"]) and (data["deals"][-1]["actions"] != [] or not in_progress)
    status, out2, _ = keep(["--file", str(path)], "".join(script[cut:]), monkeypatch, capsys)
    assert (status, refusals(out2)) == (0, [])
    assert "Resumed after" in out2
    assert {**deal_nets(out1), **deal_nets(out2)} == LOO_NETS
    assert last_balances(out2) == (LOO_FINAL, 0)
    # The resumed keeper announces where the table stands.
    assert re.search(r"^Waiting for: deal \d+, ", out2, re.M)


def test_resume_shows_the_balances_with_the_deal_in_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    keep(new_loo(path), "deal Ann\nsingle Cat\ndeal\nstand Cat\n", monkeypatch, capsys)
    status, out, _ = keep(["--resume", str(path)], "", monkeypatch, capsys)
    assert status == 0
    # Deal 1's balances, with Ben's stake of deal 2 on the table: pool 9 + 3.
    assert "Balances after 1 deal (with the deal in progress): Ann -6, Ben -6, Cat +3, Dan -3; pool 12." in out
    assert "Waiting for: deal 2, Dan to declare (stand | throw | miss)." in out


# -- the score sheet as CSV ---------------------------------------------------------------------


def test_csv_export_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, sheet = tmp_path / "pool.json", tmp_path / "sheet.csv"
    status, out, _ = keep(new_loo(path), lines(LOO_SITTING) + f"csv {sheet}\n", monkeypatch, capsys)
    assert status == 0 and f"Wrote the score sheet of 10 deals to {sheet}." in out
    with open(sheet, newline="", encoding="utf-8") as fp:
        rows = list(csv.DictReader(fp))
    assert list(rows[0]) == ["deal", "dealer", "kind"] + [f"{n} {c}" for n in SEATS for c in ("net", "balance")] + [
        "pool"
    ]
    assert [r["deal"] for r in rows] == [str(i) for i in range(1, 11)] + ["end"]
    running = dict.fromkeys(SEATS, 0)
    for row in rows[:10]:
        number = int(row["deal"])
        for name in SEATS:
            running[name] += LOO_NETS[number][name]
            assert int(row[f"{name} net"]) == LOO_NETS[number][name]
            assert int(row[f"{name} balance"]) == running[name]
        assert int(row["pool"]) == LOO_POOLS[number]
    assert [r["dealer"] for r in rows[:10]] == ["Ann", "Ben", "Cat", "Dan"] * 2 + ["Ann", "Ben"]
    assert [r["kind"] for r in rows[:4]] == ["single", "regular", "regular", "single"]
    end = rows[10]
    assert end["kind"] == "divide" and end["pool"] == "0"
    assert {n: int(end[f"{n} net"]) for n in SEATS} == LOO_SHARES
    assert {n: int(end[f"{n} balance"]) for n in SEATS} == LOO_FINAL


def test_csv_quotes_names_that_a_spreadsheet_would_take_for_formulas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, sheet = tmp_path / "pool.json", tmp_path / "sheet.csv"
    script = f"deal =SUM(A1)\nsingle +Bob\ncsv {sheet}\n"
    status, _, _ = keep(["loo", "--seats", "=SUM(A1),+Bob,@cmd", "--file", str(path)], script, monkeypatch, capsys)
    assert status == 0
    with open(sheet, newline="", encoding="utf-8") as fp:
        head, row = list(csv.reader(fp))
    assert head[3:5] == ["'=SUM(A1) net", "'=SUM(A1) balance"]
    assert head[5] == "'+Bob net" and head[7] == "'@cmd net"
    assert row[:3] == ["1", "'=SUM(A1)", "single"]
    # The single: the dealer -3 -3, +Bob takes 3, @cmd looed 3.
    assert row[3:9] == ["-6", "-6", "3", "3", "-3", "-3"]
    assert not any(cell[:1] in "=+-@" and not cell.lstrip("-").isdigit() for cell in head + row)


# -- refused lines: an error, nothing changed, and the keeper goes on ---------------------------------


def test_bad_lines_are_refused_one_line_each_and_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    script = """
    undo                 # nothing to undo yet
    deal                 # who deals first?
    deal Ann regular     # the first deal is Peel's single (LOO-DEAL-1)
    deal Ann AS          # a turn-up may be given
    single Ben           # nobody beats an ace turned up (LOO-SGL-2)
    single Ben nobody
    stand Ben            # nobody declares in the single
    single nobody        # the dealer's word: no card beat the ace
    deal Cat             # it is Ben's deal (LOO-GEN-3)
    deal Ben single      # a regular deal follows a single (LOO-DEAL-2)
    deal Ben
    stand Dan            # Cat declares first (LOO-DECL-1)
    stand Zed            # no such seat
    fly Cat              # no such command
    stand Cat
    throw Dan
    throw Ann
    throw Ben            # one stood: the dealer must stand, take the miss or defend (LOO-DECL-8)
    defend Ben
    trick Dan            # Dan threw up: he plays no trick (LOO-PLAY-1)
    trick Cat
    csv                  # csv needs a file
    balances now
    """
    status, out, err = keep(new_loo(path), lines(script), monkeypatch, capsys)
    assert status == 2 and err == ""
    assert refusals(out) == [
        "! line 1: undo: nothing to undo: the sitting has no entry (LOO-DEAL-1)",
        "! line 2: deal: say who deals first: the first knave dealt face up decides (LOO-GEN-3)",
        "! line 3: deal Ann regular: the next deal is Peel's single, not regular (LOO-DEAL-1)",
        "! line 5: single Ben: Ben cannot win the single: no card beats the ace turned up (LOO-SGL-2)",
        "! line 6: single Ben nobody: single: write: single SEAT, or single nobody",
        "! line 7: stand Ben: Ben cannot stand: in Peel's single nobody declares (LOO-SGL-1)",
        "! line 9: deal Cat: Cat cannot deal: it is Ben's deal (LOO-GEN-3)",
        "! line 10: deal Ben single: the next deal is a regular deal, not single (LOO-DEAL-2)",
        "! line 12: stand Dan: Dan cannot stand: it is Cat's turn to declare (LOO-DECL-1)",
        "! line 13: stand Zed: seat: no seat 'Zed' (seats: Ann, Ben, Cat, Dan)",
        "! line 14: fly Cat: command: unknown command 'fly' (type help for the list)",
        "! line 18: throw Ben: Ben cannot throw up: one player alone stood, so the dealer must stand, "
        "take the miss or play it for the pool (LOO-DECL-8)",
        "! line 20: trick Dan: Dan cannot win a trick: only those who stood or took the miss play (LOO-PLAY-1)",
        "! line 22: csv: csv: give the file to write: csv FILE",
        "! line 23: balances now: balances: balances takes nothing more, got 'now'",
    ]
    # The good lines all took effect: the single and deal 2 under way with its first trick.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deals"][0]["cards"] == {"turnup": "AS"}
    assert data["deals"][0]["actions"] == ["Ann single nobody"]
    assert data["deals"][1]["actions"] == ["Cat stand", "Dan throw", "Ann throw", "Ben defend", "Cat trick"]


def test_a_refused_line_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    keep(new_loo(path), "deal Ann\nsingle Cat\ndeal\nstand Cat\n", monkeypatch, capsys)
    before = path.read_bytes()
    status, out, _ = keep(["--file", str(path)], "stand Ann\nmiss Cat\ntrick Cat\n", monkeypatch, capsys)
    assert status == 2 and len(refusals(out)) == 3
    assert path.read_bytes() == before


def test_nap_bad_calls_cite_the_call_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nap.json"
    script = "deal Cat\ncall Ann 3\ncall Ben 2\ncall Ben wellington\ncall Ben twelve\ntrick Ann\ncall Ben 4\npass Cat\ntrick Ann\n"
    status, out, _ = keep(["nap", "--seats", "Ann,Ben,Cat", "--file", str(path)], script, monkeypatch, capsys)
    assert status == 2
    assert refusals(out) == [
        "! line 3: call Ben 2: Ben cannot call 2: a call must be higher than 3 (NAP-CALL-2)",
        "! line 4: call Ben wellington: Ben cannot call wellington: Wellington may be called only over a Nap (NAP-CALL-6)",
        "! line 5: call Ben twelve: call: no call 'twelve' (calls: 1 2 misery 3 4 nap wellington blucher)",
        "! line 6: trick Ann: Ann cannot win a trick: the calling is not over (NAP-CALL-1)",
    ]
    assert "Waiting for: deal 1, Ben plays 4, won 0 lost 1: who won trick 2? (trick SEAT)." in out


def test_loo_var_clublaw_the_keeper_needs_the_turn_up_and_all_stand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Club law (LOO-VAR-CLUBLAW) turns on the turn-up's suit, so the keeper asks for the turn-up."""
    path = tmp_path / "club.json"
    script = "deal Ann\nsingle Ben\ndeal\ndeal 5C\nthrow Cat\nstand Cat\nstand Ann\nstand Ben\n"
    args = ["loo", "--seats", "Ann,Ben,Cat", "--file", str(path), "--option", "club_law=true"]
    status, out, _ = keep(args, script, monkeypatch, capsys)
    assert status == 2
    assert refusals(out) == [
        "! line 3: deal: cards.turnup: under club law the turn-up decides who must stand: give it (LOO-VAR-CLUBLAW)",
        "! line 5: throw Cat: Cat cannot throw up: clubs are trumps, so all must stand (club law) (LOO-VAR-CLUBLAW)",
    ]
    assert "Clubs are trumps: all must stand (club law, LOO-VAR-CLUBLAW)." in out
    assert "Waiting for: deal 2, who won trick 1? (trick SEAT: Cat, Ann, Ben)." in out


# -- starting, resuming and bad files: one line on standard error, exit status 2 ------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["loo", "--file", "{path}"], "--seats: name the players clockwise, e.g. --seats Ann,Ben,Cat,Dan"),
        (["loo", "--seats", "Ann,Ben"], "--file: give the keep file"),
        (["loo", "--seats", "Ann,Ben", "--file", "{path}"], "--seats: Loo takes 3 to 12 seats (LOO-GEN-1), got 2"),
        (["loo", "--seats", "Ann,Ben,Ann", "--file", "{path}"], "--seats: seat names must differ"),
        (["loo", "--seats", "A,B,C", "--file", "{path}", "--preset", "whist"], "--preset: unknown loo preset 'whist'"),
        (
            ["loo", "--seats", "A,B,C", "--file", "{path}", "--option", "club_law=maybe"],
            "--option club_law: 'maybe' is not a valid loo value",
        ),
        (["loo", "--seats", "A,B,C", "--file", "{path}", "--stakes", "unit=2"], "--stakes unit: no such loo stake"),
        (
            ["nap", "--seats", "A,B,C", "--file", "{path}", "--option", "purchase=true"],
            "this variant exchanges particular cards",
        ),
        (["--file", "{path}"], "no such file"),
        (["--file", "{path}", "--seats", "A,B,C"], "--seats: a resumed sitting keeps the settings it was started with"),
    ],
)
def test_bad_starts_exit_2_with_one_line(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    status, out, err = keep([a.replace("{path}", str(path)) for a in args], "", monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("roundgames keep: error: ") and message in err, err
    assert not path.exists() or "--seats: a resumed" in err


def test_an_existing_file_is_never_overwritten_by_a_new_sitting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    keep(new_loo(path), "deal Ann\nsingle Cat\n", monkeypatch, capsys)
    before = path.read_bytes()
    status, out, err = keep(new_loo(path), "", monkeypatch, capsys)
    assert status == 2 and out == ""
    assert f"--file {path}: the file exists; resume it with: roundgames keep --file {path}" in err
    assert path.read_bytes() == before


def edit_file(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="roundgames-table/1"), "format: expected 'roundgames-keep/1'"),
        (lambda d: d["deals"][1]["actions"].__setitem__(0, "Cat fly"), "deals[1].actions[0]: 'Cat fly' does not parse"),
        (
            # illegal, and no law makes it otherwise at a table (a declaration out of turn would be LOO-LAW-5)
            lambda d: d["deals"][1]["actions"].__setitem__(0, "Cat defend"),
            "deals[1].actions[0]: Cat cannot play the miss for the pool: only the dealer may",
        ),
        (
            lambda d: d["deals"][1].update(pool=10),
            "deals[1]: does not follow on: expected dealer, pool, kind ('Ben', 9, 'regular')",
        ),
        (lambda d: d["deals"][1].update(dealer="Dan"), "deals[1]: does not follow on"),
        (lambda d: d["deals"][0]["cards"].update(Ann="AS"), "deals[0].cards: a kept deal records no hands"),
        (
            lambda d: d["deals"][1].update(options={"club_law": True}),
            "deals[1]: its game, variant, options or stakes differ",
        ),
        (lambda d: d.update(seats=["Ann", "Ben", "Cat"]), "deals[0].seats: expected ['Ann', 'Ben', 'Cat'], got"),
        (
            lambda d: d.update(stop={"after": 9, "method": "divide"}),
            "stop.after: expected a number of deals from 1 to 2",
        ),
        (lambda d: d.update(stop={"after": 1, "method": "divide"}), "deals[1]: comes after the end of the sitting"),
        (lambda d: d["deals"].insert(1, d["deals"][1]), "deals[2]: follows a deal that is not finished"),
    ],
)
def test_a_hand_edited_file_is_refused_with_the_field_named(
    change: Any, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    keep(new_loo(path), "deal Ann\nsingle Cat\ndeal\nstand Cat\nstand Dan\n", monkeypatch, capsys)
    edit_file(path, change)
    status, out, err = keep(["--file", str(path)], "", monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"roundgames keep: error: {path}: ") and err.count("\n") == 1
    assert message in err, err


def test_a_file_that_is_not_json_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    path.write_text('{"format": "roundgames-keep/1", "deals": [', encoding="utf-8")
    status, _, err = keep(["--file", str(path)], "", monkeypatch, capsys)
    assert status == 2 and f"{path}: file: not JSON" in err


def test_saving_goes_through_a_temporary_file_so_a_failed_write_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    keep(new_loo(path), "deal Ann\n", monkeypatch, capsys)
    before = path.read_bytes()

    def full_disk(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    status, out, _ = keep(["--file", str(path)], "single Cat\nbalances\n", monkeypatch, capsys)
    assert status == 2
    assert refusals(out) == [f"! line 1: single Cat: file: {path}: cannot write: No space left on device"]
    assert path.read_bytes() == before
    # The entry that could not be kept is taken back: the single is still open, Ann's stake in the pool.
    assert "Balances after 0 deals (with the deal in progress): Ann -3, Ben 0, Cat 0, Dan 0; pool 3." in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pool.json"]  # no temporary file left behind


# -- the real command, and the interactive prompt -----------------------------------------------------


def test_python_m_roundgames_keep_plain_as_a_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "pool.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    run = subprocess.run(
        [sys.executable, "-m", "roundgames", "keep", *new_loo(path), "--plain"],
        input="deal Ann\nsingle nobody\nbalances\nstand Ben\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        env=env,
    )
    assert run.returncode == 2, run.stderr  # the last line was refused
    assert "Balances after 1 deal: Ann -6, Ben -3, Cat -3, Dan -3; pool 15." in run.stdout
    assert "! line 4: stand Ben: no deal is in progress: start one with 'deal' (LOO-DEAL-4)" in run.stdout
    assert "\x1b" not in run.stdout


def test_interactive_mode_prompts_with_what_the_table_is_waiting_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from roundgames.keeper import lines as keepline

    prompts: list[str] = []
    answers = iter(["deal Ann", "single Cat", "deal", "stand Cat", "stand Dan", "miss Ann", "stand Ben", "trick Ben"])

    def fake_input(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    keeper = Keeper.new("loo", SEATS)
    out = io.StringIO()
    assert keepline.run(keeper, str(tmp_path / "k.json"), io.StringIO(), out, interactive=True) == 0
    assert prompts == [
        "[loo who deals first? (deal SEAT)]> ",
        "[loo deal 1: whose card won the single? (single SEAT, or single nobody)]> ",
        "[loo deal 2: Ben to deal]> ",
        "[loo deal 2: Cat to declare (stand | throw | miss)]> ",
        "[loo deal 2: Dan to declare (stand | throw | miss)]> ",
        "[loo deal 2: Ann to declare (stand | throw | miss)]> ",
        "[loo deal 2: Ben to declare (stand | throw)]> ",
        "[loo deal 2: who won trick 1? (trick SEAT: Cat, Dan, Ann, Ben)]> ",
        "[loo deal 2: who won trick 2? (trick SEAT: Cat, Dan, Ann, Ben)]> ",
    ]
    text = out.getvalue()
    assert "Type help for the commands." in text
    assert "Balances after 1 deal: Ann -6, Ben -3, Cat +3, Dan -3; pool 9." in text  # the running balances
    assert "! " not in text
    assert "Waiting for:" not in text  # the prompt says it


@pytest.mark.parametrize("leave", ["quit", "q", None], ids=["quit", "q", "end-of-input"])
def test_exit_status_a_refused_line_fails_a_script_that_runs_out_not_one_that_quits(
    leave: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/keep.md, exit status: reading a script (``--plain``), a refused line makes the exit status 2 when the
    input simply runs out, so that a script notices; ``quit`` is a clean end (whoever typed it saw the refusal
    answered, at ``--plain`` with a screen reader too) and exits 0. At the prompt leaving is always 0."""
    from roundgames.keeper import lines as keepline

    typed = ["deal Ann", "fly Ann", "single Cat", *([leave] if leave else [])]
    status, out, _ = keep(new_loo(tmp_path / "script.json"), "\n".join(typed) + "\n", monkeypatch, capsys)
    assert status == (0 if leave in ("quit", "q") else 2)
    assert refusals(out) == ["! line 2: fly Ann: command: unknown command 'fly' (type help for the list)"]
    assert "Cat's card won the single." in out  # the lines after the refused one were taken

    answers = iter(typed)

    def fake_input(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    keeper = Keeper.new("loo", SEATS)
    screen = io.StringIO()
    assert keepline.run(keeper, str(tmp_path / "prompt.json"), io.StringIO(), screen, interactive=True) == 0
    assert refusals(screen.getvalue()) == ["! fly Ann: command: unknown command 'fly' (type help for the list)"]
    assert "Cat's card won the single." in screen.getvalue()


def test_help_lists_every_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = keep(
        ["nap", "--seats", "A,B,C", "--file", str(tmp_path / "n.json")], "help\n", monkeypatch, capsys
    )
    assert status == 0
    for command in (
        "deal",
        "call",
        "trick",
        "irregular",
        "replay",
        "undo",
        "balances",
        "csv",
        "stop",
        "status",
        "quit",
    ):
        assert re.search(rf"^{command}\b", out, re.M), command
    # the game's verbs are listed as ``VERB SEAT [ARG]`` with the verb table's own help line, and no verb that
    # names cards nobody recorded
    from roundgames.games.registry import game

    for verb in game("nap").verbs.values():
        line = re.search(rf"^{verb.word} SEAT\b.*$", out, re.M)
        if verb.args in ("card", "cards"):
            assert line is None, verb.word
        elif verb.word != "trick":  # a result the keeper states, in its own words
            assert line is not None and line[0].endswith(" " + verb.help), verb.word


def test_a_stop_written_after_the_game_had_ended_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    keep(new_loo(path), lines(LOO_SITTING), monkeypatch, capsys)
    edit_file(path, lambda d: d.update(stop={"after": 10, "method": "divide"}))
    status, out, err = keep(["--file", str(path)], "", monkeypatch, capsys)
    assert status == 2 and out == ""
    assert err == f"roundgames keep: error: {path}: stop: the game is over already (LOO-END-2)\n"


def test_loo_var_ew_single_enquire_within_all_play_the_single_and_the_dealer_may_concede(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """enquire-within (D=1, L=3): the first deal is EW's single, all must play (LOO-VAR-EW-SINGLE); a lone
    stander facing a dealer who gives up the stakes takes the pool (LOO-VAR-DEALER-CONCEDE)."""
    path = tmp_path / "ew.json"
    script = """
    deal Ann          # EW single: pool 1, no miss
    throw Ben         # all must play
    stand Ben
    stand Cat
    stand Ann
    trick Ben
    trick Ben
    trick Cat         # 1/0/0 (LOO-SET-2): Ben +1; Ann looed L=3: Ann -1 -3 = -4; next pool 3
    deal              # Ben: pool 3 + 1 = 4
    stand Cat
    throw Ann
    throw Ben         # the dealer gives up the stakes: Cat takes 4; Ben -1
    """
    args = ["loo", "--seats", "Ann,Ben,Cat", "--file", str(path), "--preset", "enquire-within"]
    status, out, _ = keep(args, lines(script), monkeypatch, capsys)
    assert status == 2
    assert refusals(out) == [
        "! line 2: throw Ben: Ben cannot throw up: in this single all must play (LOO-VAR-EW-SINGLE)"
    ]
    assert "Deal 1: Ann deals a single (no miss, all play); the pool holds 1 with the stake." in out
    assert "club law" not in out
    assert deal_nets(out) == {1: {"Ann": -4, "Ben": 1, "Cat": 0}, 2: {"Ann": 0, "Ben": -1, "Cat": 4}}
    assert "Cat took the pool without play." in out
    assert "Next: Cat deals a single (no miss, all play)." in out


def test_the_keep_file_keeps_its_mode_when_it_is_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The sitting is written through a temporary file and a rename; the file keeps the mode its owner gave it (a
    pool shared with the group stays readable by it), and a new file gets the mode a plain write would give."""
    path = tmp_path / "pool.json"
    status, _, _ = keep(new_loo(path), "deal Ann\n", monkeypatch, capsys)
    assert status == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # new: as open() would make it, not 0600
    path.chmod(0o640)
    before = path.read_text(encoding="utf-8")
    status, _, _ = keep(["--file", str(path)], "single nobody\n", monkeypatch, capsys)
    assert status == 0 and path.read_text(encoding="utf-8") != before  # written again
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_the_score_sheet_keeps_a_name_like_a_formula_as_text() -> None:
    from roundgames.games.registry import rules_for
    from roundgames.keeper.keep import Keeper

    keeper = Keeper("loo", rules_for("loo", "peel"), ["=SUM(A1)", "Bob", "+Cy"])
    head = next(csv.reader(keeper.csv_text().splitlines()))
    assert head[3:7] == ["'=SUM(A1) net", "'=SUM(A1) balance", "Bob net", "Bob balance"]
    assert head[7] == "'+Cy net"
