"""``nap-defence``: Peel's first-round defence in Nap.

Peel: it "is seldom desirable to pass a trick in the first round, when headed by the senior hand, except ... holding
ace and a small one, with knave or a lower card led". The kernel's ``sensible`` defender passes in that case, as
Peel advises; ``sensible-head`` is the same player heading it with the ace. Random deals are played twice, every
seat ``sensible`` and then every seat ``sensible-head`` (the same cards and the same random choices: common random
numbers), and only the deals where a defender met Peel's case (the kernel's ``peel_case``) are compared: the rest
are played alike. At a table of four the same deals are played again with every seat calling by the computed
strategy (the simulator's ``strategy`` player, which passes in the case, against ``strategy-head``, which heads):
the strategy is computed for four.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..kernels import Setup
from ..report import Advice, Plot, Report, Rule, table
from ..stats import Estimate, mean_interval, wilson
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import PEEL, moments, play, verdict

__all__ = ["STUDY"]

PLAYERS: Final = (4, 5)
#: the tables: the size, the players who pass in the case and those who head (the same calling), and the index of
#: the table against sensible players whose deals it plays (common random numbers)
TABLES: Final = (
    (4, "sensible", "sensible-head", 0),
    (5, "sensible", "sensible-head", 1),
    (4, "strategy", "strategy-head", 0),
)
#: the tables of each field: sensible players, and the strategy
FIELD_TABLES: Final = (range(0, 2), range(2, 3))
BLOCK: Final = 32768
#: the contracts, the kernel's ``contract`` column less one (its code 0 is a pass, which is never a contract)
CONTRACTS: Final = ("1", "2", "misery", "3", "4", "nap", "wellington", "blucher")
ADVICE: Final = Advice(
    "In practice it is seldom desirable to pass a trick in the first round, when headed by the senior hand, except "
    "under exceptional circumstances, such for instance as holding ace and a small one, with knave or a lower card "
    "led.",
    f"{PEEL}, Nap: Playing the hands",
)
#: columns per (players, contract): deals, contracts made passing, made heading, then the sums and squares of the
#: case defender's net passing minus heading, and of the senior hand's
COLUMNS: Final = 7


@dataclass(frozen=True)
class NapDefence:
    """The study."""

    name: str = "nap-defence"
    title: str = "Peel's first-round defence in Nap"
    size_kind: Literal["per-class", "deals"] = "deals"
    default_size: int = 12_000_000

    def chunks(self, size: int) -> int:
        return len(TABLES) * -(-size // BLOCK)

    def tables(self, size: int) -> Sums:
        return {"groups": np.zeros((len(TABLES) * len(CONTRACTS), COLUMNS), dtype=np.int64)}

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        p_index, block = k % len(TABLES), k // len(TABLES)
        players, passing, heading, deals = TABLES[p_index]
        n = min(BLOCK, size - block * BLOCK)
        deal_seed = chunk_seed(seed, block * len(PLAYERS) + deals)
        duck = play(Setup("nap", players, (passing,) * players), deal_seed, n)
        head = play(Setup("nap", players, (heading,) * players), deal_seed, n)
        case = np.asarray(duck["peel_case"], dtype=np.int64)
        contract = np.asarray(duck["contract"], dtype=np.int64) - 1
        met = (case >= 0) & (contract >= 0)
        group = np.where(met, p_index * len(CONTRACTS) + contract, -1)
        rows = np.arange(n)
        who = np.maximum(case, 0)
        senior = np.asarray(duck["senior"], dtype=np.int64)
        d_net = np.asarray(duck["net"], dtype=np.int64)
        h_net = np.asarray(head["net"], dtype=np.int64)
        defender = d_net[rows, who] - h_net[rows, who]
        senior_diff = d_net[rows, senior] - h_net[rows, senior]
        g = len(TABLES) * len(CONTRACTS)
        made_d = np.asarray(duck["made"], dtype=np.int64)
        made_h = np.asarray(head["made"], dtype=np.int64)
        out = np.concatenate(
            [
                moments(group, made_d, g)[:, :2],
                moments(group, made_h, g)[:, 1:2],
                moments(group, defender, g)[:, 1:],
                moments(group, senior_diff, g)[:, 1:],
            ],
            axis=1,
        )
        return {"groups": (0, out)}, 2 * n

    def report(self, sums: Sums, run: Run) -> Report:
        return _report(sums["groups"].reshape(len(TABLES), len(CONTRACTS), COLUMNS), run)


def _diff(row: NDArray[np.int64], col: int) -> Estimate:
    return mean_interval(int(row[0]), float(row[col]), float(row[col + 1]))


def _method(run: Run) -> str:
    return (
        f"Nap, Peel's rules and payments, tables of {' and '.join(map(str, PLAYERS))}. {run.size:,} random deals "
        "per table size, played twice: every seat `sensible` (a defender in Peel's case passes) and every seat "
        "`sensible-head` (he heads with the ace), with the same cards and the same random choices; the calls "
        "are the same in both, so the senior hand and the contract are too. Only the deals where a defender met "
        "the case are counted.\n\n"
        "**Against the strategy.** At the table of four the same deals are played twice more with every seat "
        "calling by the computed strategy the package ships (the simulator's `strategy` player: it calls as the "
        "expert does, by a table of mixed strategies computed against a field that calls as `sensible` half the "
        "time, and plays its cards as `sensible`, passing in Peel's case) and with every seat `strategy-head` "
        "(the same calls, drawn from the same numbers, heading with the ace). The strategy's calls differ from "
        "`sensible`'s, so other contracts meet the case. It is computed for four players only.\n\n"
        f"Run: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed}).\n\n"
        "**The players' bias.** The other defenders and the senior hand play `sensible`'s heuristics, which "
        "neither read a pass as Peel's signal nor exploit it; expert defenders who drew inferences from the pass "
        "could gain more from it, an expert senior hand could punish it."
    )


def _word(overall: list[Estimate]) -> str:
    """The verdict's word: passing measurably better at every table size, worse at every one, or mixed."""
    holds = [e.low > 0 for e in overall if e.n]
    fails = [e.high < 0 for e in overall if e.n]
    if not holds:
        return "Cannot be measured"
    if all(holds):
        return "Holds"
    if fails and all(fails):
        return "Does not hold"
    if any(holds):
        return "Holds in part"
    return "Does not hold in part" if any(fails) else "Makes no difference that these deals can measure"


def _label(p: int) -> str:
    players, passing, _, _ = TABLES[p]
    return f"{players}, {'the strategy' if passing == 'strategy' else 'sensible'}"


def _field(t: NDArray[np.int64], tables: range) -> tuple[str, str]:
    """The verdict's word and what it rests on, at the tables of one field."""
    overall = [_diff(t[p].sum(axis=0), 3) for p in tables]
    detail = "; ".join(
        f"{e.text(3)} units a deal to the defender at {TABLES[p][0]} players"
        for p, e in zip(tables, overall, strict=True)
    )
    return _word(overall), detail + " against heading with the ace"


def _rows(t: NDArray[np.int64]) -> list[tuple[object, ...]]:
    """The answer's table: each table and contract that met the case."""
    rows: list[tuple[object, ...]] = []
    for p in range(len(TABLES)):
        for c, contract in enumerate(CONTRACTS):
            row = t[p, c]
            if row[0] == 0:
                continue
            rows.append(
                (
                    _label(p),
                    contract,
                    f"{row[0]:,}",
                    wilson(int(row[1]), int(row[0])).text(1, percent=True),
                    wilson(int(row[2]), int(row[0])).text(1, percent=True),
                    _diff(row, 3).text(3),
                )
            )
    return rows


def _report(t: NDArray[np.int64], run: Run) -> Report:
    rows = _rows(t)
    total = t.sum(axis=1)
    overall = [_diff(total[p], 3) for p in range(len(TABLES))]
    made = [
        (wilson(int(total[p, 1]), int(total[p, 0])), wilson(int(total[p, 2]), int(total[p, 0])))
        for p in range(len(TABLES))
    ]
    sens, strat = FIELD_TABLES
    verdicts = [
        verdict(_field(t, sens), _field(t, strat), "passing with ace and a small one, knave or lower led, is worth: ")
    ]
    answer = "\n\n".join(
        [
            "The deals where a defender met Peel's case, by table (its size and its players) and contract: how often "
            "the senior hand made his contract with the defenders passing (Peel) and heading, and what passing was "
            "worth to the defender who met the case (units, passing minus heading, on the same deals; 95% "
            "intervals).",
            table(("Table", "Contract", "Deals", "Made, passing", "Made, heading", "Passing's worth"), rows),
            "Over every contract: "
            + "; ".join(
                f"{_label(p)}: made {made[p][0].text(1, percent=True)} passing against "
                f"{made[p][1].text(1, percent=True)} heading, passing worth {overall[p].text(3)}"
                for p in range(len(TABLES))
            )
            + ".",
        ]
    )
    return Report(
        name="nap-defence",
        title="Peel's first-round defence in Nap",
        advice=[ADVICE],
        question="A defender holding the ace and one small card of the suit the senior hand leads, knave or lower, "
        "may pass the trick (NAP-PLAY-2: nobody must head). Is passing it, as Peel advises, better than heading "
        "with the ace, among players who call as the period advises and among players who call by the computed "
        "strategy?",
        method=_method(run),
        answer=answer,
        plots=[
            Plot(
                "by-contract",
                "The senior hand's success, defenders passing (Peel) or heading, by contract (four sensible players).",
                lambda fig: _plot(fig, t, 0),
            ),
            Plot(
                "by-contract-strategy",
                "The same, four players calling by the computed strategy.",
                lambda fig: _plot(fig, t, 2),
            ),
        ],
        examples=_examples(t),
        rules=[
            Rule(
                "With ace and a small one, knave or lower led, pass the first trick (Peel)",
                _agreement(t, sens, passing=True),
                "agreement: share of the case's deals in contracts where passing did better on average",
                strategy=_agreement(t, strat, passing=True),
            ),
            Rule(
                "Always head with the ace",
                _agreement(t, sens, passing=False),
                strategy=_agreement(t, strat, passing=False),
            ),
        ],
        command=run.command,
        verdicts=verdicts,
    )


def _agreement(t: NDArray[np.int64], tables: range, passing: bool) -> float:
    hit = total = 0
    for p in tables:
        for c in range(len(CONTRACTS)):
            row = t[p, c]
            total += int(row[0])
            if (row[3] > 0) == passing:
                hit += int(row[0])
    return hit / total if total else 0.0


def _plot(fig: Figure, t: NDArray[np.int64], p: int) -> None:
    ax = fig.subplots()
    present = [c for c in range(len(CONTRACTS)) if t[p, c, 0]]
    x = np.arange(len(present))
    for j, (col, label) in enumerate(((1, "passing (Peel)"), (2, "heading with the ace"))):
        ests = [wilson(int(t[p, c, col]), int(t[p, c, 0])) for c in present]
        ys = np.array([100 * e.mean for e in ests])
        # Wilson's bounds hold the proportion, but at 0 or 1 a last place of rounding can put it a hair outside
        err = np.maximum(0.0, [[100 * (e.mean - e.low) for e in ests], [100 * (e.high - e.mean) for e in ests]])
        ax.bar(x + (j - 0.5) * 0.4, ys, 0.4, yerr=err, label=label)
    ax.set_xticks(x, [CONTRACTS[c] for c in present])
    ax.set_xlabel("contract")
    ax.set_ylabel("senior hand made it (%)")
    ax.legend()


def _examples(t: NDArray[np.int64]) -> str:
    lines = []
    for p in range(len(TABLES)):
        for c, contract in enumerate(CONTRACTS):
            row = t[p, c]
            if row[0] >= 30:
                e = _diff(row, 5)
                lines.append(
                    f"- {_label(p)}, a call of {contract}: {row[0]:,} deals met the case; the senior hand's net "
                    f"changes by {e.mean:+.3f} units when the defender passes."
                )
    return "\n".join(lines[:9]) or "Too few deals met the case at this size."


STUDY: Final = NapDefence()
