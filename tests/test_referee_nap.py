"""The referee on Nap records: RULES.md §10.2 worked examples and every Nap option, replayed from records.

Each ``tests/records/nx*.json`` is a deal record written by :func:`roundgames.records.deal.dumps`; beside it,
``<name>.ruling.json`` holds the ruling worked out by hand from RULES.md (§6, §7, §10.2, §14). The
referee is run as ``roundgames referee FILE``, in this process (tests/cli_run.py). An expected ``error`` leaves out
``message``, whose wording the rules do not fix; the test only asks that it is a non-empty sentence.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from roundgames import NapRules
from roundgames.nap import NapDeal
from roundgames.records.deal import dumps, loads, record_of, referee

RECORDS = Path(__file__).parent / "records"
FIXTURES = sorted(p for p in RECORDS.glob("nx*.json") if not p.name.endswith(".ruling.json"))
IDS = [p.stem for p in FIXTURES]


def expected_ruling(path: Path) -> dict[str, Any]:
    return json.loads(path.with_name(path.stem + ".ruling.json").read_text(encoding="utf-8"))


def cli_ruling(path: Path) -> dict[str, Any]:
    proc = run_cli("referee", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    ruling: dict[str, Any] = json.loads(proc.stdout)
    return ruling


def test_every_worked_example_has_a_record() -> None:
    """§10.2: NX-1, -2, -3, -5, -7, -9, -10 each have at least one record, with its ruling beside it."""
    for prefix in ("nx1_", "nx2_", "nx3_", "nx5_", "nx7_", "nx9_", "nx10_"):
        assert any(name.startswith(prefix) for name in IDS), prefix
    for path in FIXTURES:
        assert path.with_name(path.stem + ".ruling.json").exists(), path.name


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_referee_cli_gives_the_hand_worked_ruling(path: Path) -> None:
    """The CLI's ruling on each record is the one worked out by hand."""
    got = cli_ruling(path)
    want = expected_ruling(path)
    if want["error"] is not None:
        message = got["error"].pop("message", None) if got.get("error") else None
        assert isinstance(message, str) and message.strip(), got["error"]
        assert "to_act" not in got and "legal" not in got
    assert got == want


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_money_is_conserved(path: Path) -> None:
    """§14.1 and DEAL-RECORD.md: sum of net plus (ruling pool minus record pool) is zero."""
    record = json.loads(path.read_text(encoding="utf-8"))
    for ruling in (expected_ruling(path), referee(loads(path.read_text(encoding="utf-8")))):
        assert sum(ruling["net"].values()) + ruling["pool"] - record.get("pool", 0) == 0
        assert set(ruling["net"]) == set(record["seats"])


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_record_round_trips(path: Path) -> None:
    """Every parser has its writer: ``dumps(loads(text)) == text`` for each fixture."""
    text = path.read_text(encoding="utf-8")
    assert dumps(loads(text)) == text


# -- every option of DEAL-RECORD.md's Nap table is exercised by some fixture -----------------------------

NEEDED_OPTIONS = [
    ("kitty", True),
    ("purchase", True),
    ("spare_hand", "peel"),
    ("spare_hand", "sir_garnet"),
    ("peep", True),
    ("nap_top_card", True),
    ("nap_challenge", True),
    ("min_call", 2),
    ("min_call", 3),
    ("misery_rank", "above_three"),
    ("misery_trumps", False),
    ("misery_pay", "eb11"),
    ("pay_table", "well_blu_mod"),
    ("pay_table", "parlett"),
    ("pay_table", "hsw_flat"),
    ("all_pass", "dealer_one"),
    ("all_pass", "redeal"),
    ("all_pass", "double_header"),
    ("dealer_out_at", 5),
    ("max_players", 7),
    ("pack", 32),
]


def test_fixtures_cover_every_nap_option() -> None:
    """Each option value of DEAL-RECORD.md's Nap table (bar revoke_rule, a table-mode law) has a record,
    as do the plain preset (misery, Wellington and Blücher off) and the modern preset."""
    seen: set[tuple[str, object]] = set()
    variants: set[str] = set()
    for path in FIXTURES:
        record = json.loads(path.read_text(encoding="utf-8"))
        variants.add(record["variant"])
        seen.update((k, v) for k, v in record["options"].items())
    assert [o for o in NEEDED_OPTIONS if o not in seen] == []
    assert {"peel", "plain", "modern"} <= variants


def test_dumps_keeps_the_stock_in_order() -> None:
    """DEAL-RECORD.md: ``stock`` is listed top card first, so a writer must not re-sort it as it sorts a
    hand: the record written must be the same deal (the top card drawn by ``topcard`` must not change)."""
    text = json.dumps(
        {
            "format": "roundgames-deal/1",
            "game": "nap",
            "options": {"nap_top_card": True},
            "seats": ["P1", "P2"],
            "dealer": "P2",
            "cards": {"P1": "AS KS QS JS 2H", "P2": "AH KH QH JH TH", "stock": "2C TS"},
            "actions": ["P1 call nap", "P2 pass", "P1 topcard 2H"],
        }
    )
    before = referee(loads(text))
    assert before["legal"] == ["P1 play 2C", "P1 play AS", "P1 play JS", "P1 play KS", "P1 play QS"]
    written = dumps(loads(text))
    assert json.loads(written)["cards"]["stock"].split() == ["2C", "TS"]
    assert referee(loads(written)) == before


# -- NX-16: the payment matrix, through the referee -------------------------------------------------------

# What the senior hand receives (made) or pays (lost) from/to each opponent, per pay table, from RULES.md
# §6.5, NAP-VAR-WELLINGTON (WELL_BLU_MOD), NAP-VAR-PARLETT and §14.19 (Parlett: one pays one), C-NAP-4
# (HSW_FLAT: Nap, Wellington and Blücher all 10).
PER_OPPONENT = {
    "peel": {
        "1": (1, 1),
        "2": (2, 2),
        "3": (3, 3),
        "misery": (3, 3),
        "4": (4, 4),
        "nap": (10, 5),
        "wellington": (20, 10),
        "blucher": (30, 15),
    },
    "well_blu_mod": {
        "1": (1, 1),
        "2": (2, 2),
        "3": (3, 3),
        "misery": (3, 3),
        "4": (4, 4),
        "nap": (10, 5),
        "wellington": (10, 10),
        "blucher": (10, 15),
    },
    "parlett": {
        "1": (1, 1),
        "2": (2, 2),
        "3": (3, 3),
        "misery": (3, 3),
        "4": (4, 4),
        "nap": (10, 10),
        "wellington": (20, 20),
        "blucher": (40, 40),
    },
    "hsw_flat": {  # every contract, won or lost (§14.28)
        "1": (10, 10),
        "2": (10, 10),
        "3": (10, 10),
        "misery": (10, 10),
        "4": (10, 10),
        "nap": (10, 10),
        "wellington": (10, 10),
        "blucher": (10, 10),
    },
}
# NX-16 itself: the senior hand's total with 3 opponents under the default table.
NX16 = {
    "1": (3, -3),
    "2": (6, -6),
    "3": (9, -9),
    "misery": (9, -9),
    "4": (12, -12),
    "nap": (30, -15),
    "wellington": (60, -30),
    "blucher": (90, -45),
}
NEED = {"1": 1, "2": 2, "3": 3, "4": 4, "nap": 5, "wellington": 5, "blucher": 5}
SEATS = ["P1", "P2", "P3", "P4"]


def matrix_record(contract: str, made: bool, options: dict[str, object]) -> str:
    """A 4-player deal (dealer P4) whose senior hand makes or loses ``contract``.

    The senior hand D either holds the top five spades and no one else a spade (D wins every trick), or
    the five lowest spades against O's top five (O wins every trick). Misery is the other way round.
    Wellington and Blücher are reached by Nap, Wellington(, Blücher) from P1 on.
    """
    calls = {
        "wellington": ["P1 call nap", "P2 call wellington", "P3 pass", "P4 pass"],
        "blucher": ["P1 call nap", "P2 call wellington", "P3 call blucher", "P4 pass"],
    }.get(contract, [f"P1 call {contract}", "P2 pass", "P3 pass", "P4 pass"])
    senior = {"wellington": "P2", "blucher": "P3"}.get(contract, "P1")
    wins = made != (contract == "misery")
    others = [s for s in SEATS if s != senior]
    strong, weak = ["AS", "KS", "QS", "JS", "TS"], ["6S", "5S", "4S", "3S", "2S"]
    fillers = [["AH", "KH", "QH", "JH", "TH"], ["AD", "KD", "QD", "JD", "TD"], ["AC", "KC", "QC", "JC", "TC"]]
    hands = {senior: strong if wins else weak}
    rival = others[0]  # holds the top spades when the senior hand loses
    for seat, filler in zip(others, fillers, strict=True):
        hands[seat] = weak if (wins and seat == rival) else filler
    if not wins:
        hands[rival] = strong
    # trick count: until NAP-PLAY-4 ends the deal
    if contract == "misery":
        count = 1 if not made else 5
    elif made:
        count = NEED[contract]
    else:
        count = 6 - NEED[contract]
    order = SEATS  # dealer P4: clockwise from P1
    plays: list[str] = []
    leader = senior
    held = {s: list(h) for s, h in hands.items()}
    for _ in range(count):
        i = order.index(leader)
        for k in range(4):
            seat = order[(i + k) % 4]
            plays.append(f"{seat} play {held[seat].pop(0)}")
        leader = senior if wins else rival
    cards = {s: " ".join(h) for s, h in hands.items()}
    return json.dumps(
        {
            "format": "roundgames-deal/1",
            "game": "nap",
            "options": options,
            "seats": SEATS,
            "dealer": "P4",
            "cards": cards,
            "actions": calls + plays,
        }
    )


CASES = [(c, m) for c in NX16 for m in (True, False)]


@pytest.mark.parametrize(("contract", "made"), CASES, ids=[f"{c}-{'made' if m else 'lost'}" for c, m in CASES])
def test_nx16_payment_matrix_default_table(contract: str, made: bool) -> None:
    """NX-16: with 4 players (3 opponents) under the default table, the senior hand's total for each call."""
    ruling = referee(loads(matrix_record(contract, made, {})))
    senior = {"wellington": "P2", "blucher": "P3"}.get(contract, "P1")
    assert ruling["complete"] and ruling["error"] is None
    assert (ruling["declarer"], ruling["contract"], ruling["made"]) == (senior, contract, made)
    total = NX16[contract][0 if made else 1]
    assert ruling["net"] == {s: total if s == senior else -total // 3 for s in SEATS}
    assert ruling["pool"] == 0


@pytest.mark.parametrize("table", list(PER_OPPONENT))
@pytest.mark.parametrize("misery_pay", ["peel", "eb11"])
def test_pay_tables_through_the_referee(table: str, misery_pay: str) -> None:
    """§6.5, NAP-VAR-MISERY (EB11: won 3, lost 6), WELL_BLU_MOD, PARLETT (§14.19: one pays one), HSW_FLAT:
    every call made and lost under every table. NX-16: EB11 misery lost is -18; Parlett Nap ±30,
    Wellington ±60, Blücher ±120."""
    options = {"pay_table": table, "misery_pay": misery_pay}
    for contract, made in CASES:
        ruling = referee(loads(matrix_record(contract, made, options)))
        senior = {"wellington": "P2", "blucher": "P3"}.get(contract, "P1")
        won, lost = PER_OPPONENT[table][contract]
        if contract == "misery" and misery_pay == "eb11" and table != "hsw_flat":  # §14.28
            won, lost = 3, 6
        each = won if made else -lost
        assert ruling["made"] is made, (contract, made)
        assert ruling["net"] == {s: 3 * each if s == senior else -each for s in SEATS}, (contract, made)


NX16_NOTES = [
    ({"misery_pay": "eb11"}, "misery", False, -18),
    ({"pay_table": "parlett"}, "nap", True, 30),
    ({"pay_table": "parlett"}, "nap", False, -30),
    ({"pay_table": "parlett"}, "wellington", True, 60),
    ({"pay_table": "parlett"}, "wellington", False, -60),
    ({"pay_table": "parlett"}, "blucher", True, 120),
    ({"pay_table": "parlett"}, "blucher", False, -120),
]


@pytest.mark.parametrize(("options", "contract", "made", "total"), NX16_NOTES)
def test_nx16_notes_under_eb11_and_parlett(options: dict[str, object], contract: str, made: bool, total: int) -> None:
    """NX-16's notes: under MISERY_PAY_EB11 misery lost is -18; under PARLETT Nap ±30, Wellington ±60,
    Blücher ±120."""
    ruling = referee(loads(matrix_record(contract, made, options)))
    senior = {"wellington": "P2", "blucher": "P3"}.get(contract, "P1")
    assert ruling["made"] is made
    assert ruling["net"][senior] == total


# -- records of random deals under each option reproduce through the referee ---------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"kitty": True},
        {"purchase": True},
        {"spare_hand": "peel"},
        {"spare_hand": "sir_garnet"},
        {"peep": True},
        {"nap_top_card": True},
        {"nap_challenge": True},
    ],
    ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()),
)
def test_record_of_a_played_deal_is_ruled_the_same(options: dict[str, object]) -> None:
    """A deal played through the engine, written with record_of and dumps, is ruled by the referee as it
    was played: same net, kitty, tricks and result."""
    rules = NapRules.preset("peel").with_options(options)
    for seed in range(4):
        rng = random.Random(seed)
        deal = NapDeal(rules, 4, dealer=seed % 4, kitty=2 if rules.has_kitty else 0)
        deal.deal(seed)
        while not deal.is_complete:
            legal = deal.legal_actions()
            verb = rng.choice(sorted({a.verb for a in legal}))
            deal.apply(rng.choice([a for a in legal if a.verb == verb]))
        text = dumps(record_of(deal))
        ruling = referee(loads(text))
        assert ruling["complete"] and ruling["error"] is None
        assert ruling["net"] == dict(zip(deal.seats, deal.net, strict=True))
        assert ruling["pool"] == deal.kitty
        assert [t["winner"] for t in ruling["tricks"]] == [deal.seats[t.winner] for t in deal.tricks]
        assert ruling["made"] == deal.made
