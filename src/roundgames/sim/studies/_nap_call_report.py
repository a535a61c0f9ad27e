"""The report of ``nap-call`` (:mod:`.nap_call`): what its tables say about Peel's tactics of calling."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..classes import nap_hands
from ..report import Advice, Plot, Report, Rule, table
from ..stats import wilson
from . import Run, Sums
from ._common import PEEL, POPCOUNT, suit_bits, top_rank

__all__ = ["nap_call_report"]

#: the choices of a hand: pass, then the contracts
CHOICES: Final = ("pass", "1", "2", "misery", "3", "4", "nap")
ADVICE: Final = (
    Advice(
        "The only safe and perfect Nap is ace, king, queen, knave, and ten of the same suit.",
        f"{PEEL}, Nap: Description",
    ),
    Advice(
        "It is not often that four tricks are called, because a hand good enough for four is usually regarded as "
        "sufficiently good for Nap, on account of the additional stakes received.",
        f"{PEEL}, Nap: Tactics",
    ),
    Advice(
        "It is dangerous to risk a Nap on a hand of three suits, unless it consists of three high cards of one suit "
        "with two other aces.",
        f"{PEEL}, Nap: Tactics",
    ),
)
#: a table's rows
Rows = Sequence[Sequence[object]]
PATTERNS: Final = (
    "a flush with two cards above the ten",
    "four of a suit headed by ace or king, and a queen or better",
    "three of a suit above the ten, two of another",
    "three of a suit above the ten, two other aces",
)


def features(hands: NDArray[np.int64]) -> dict[str, NDArray[np.int64]]:
    """What a person sees in a hand: its longest suit (the likely trumps) and what is high in and outside it."""
    fields = np.stack([suit_bits(hands, s) for s in range(4)], axis=1)
    counts = POPCOUNT[fields]
    long = np.argmax(counts * 8192 + fields, axis=1)
    rows = np.arange(len(hands))
    lf = fields[rows, long]
    high = POPCOUNT[lf & (0xF << 9)]  # knave, queen, king, ace
    aces = ((fields >> 12) & 1).sum(axis=1) - ((lf >> 12) & 1)
    length = counts[rows, long]
    side_high = np.zeros(len(hands), dtype=np.int64)
    for s in range(4):
        other = s != long
        side_high += np.where(other, POPCOUNT[fields[:, s] & (0x7 << 10)], 0)  # queen or better
    suits = (counts > 0).sum(axis=1)
    second = np.sort(counts, axis=1)[:, -2]
    top_all = top_rank(fields).max(axis=1)
    side_j = np.zeros(len(hands), dtype=np.int64)
    for s in range(4):
        side_j += np.where(s != long, POPCOUNT[fields[:, s] & (0xF << 9)], 0)
    patterns = np.stack(
        [
            (length == 5) & (high >= 2),
            (length == 4) & (top_rank(lf) >= 11) & (side_high >= 1),
            (length == 3) & (high == 3) & (second == 2) & (side_j == 2),
            (length == 3) & (high == 3) & (aces == 2),
        ],
        axis=1,
    )
    count = high + aces + np.maximum(0, length - 3)
    return {"count": count, "suits": suits, "top": top_all, "patterns": patterns, "length": length}


def values(t: NDArray[np.int64], players: int) -> NDArray[np.float64]:
    """Each hand's value of every choice (pass first), per deal, in units."""
    from .nap_call import CALLS, pay

    table_ = pay()
    n = np.maximum(t[:, :1], 1).astype(np.float64)
    p = t[:, 1:] / n
    win = np.array([table_[c][0] for c in CALLS], dtype=np.float64)
    lose = np.array([table_[c][1] for c in CALLS], dtype=np.float64)
    v = (players - 1) * (p * win - (1 - p) * lose)
    return np.concatenate([np.zeros((len(t), 1)), v], axis=1)


def _shares(best: NDArray[np.int64], w: NDArray[np.int64]) -> list[float]:
    return [float(w[best == i].sum() / w.sum()) for i in range(len(CHOICES))]


def _nap_over_four(t: NDArray[np.int64], f: dict[str, NDArray[np.int64]], w: NDArray[np.int64]) -> float:
    """Of the hands where calling four pays, the share (as dealt) where Nap pays at least as much: hands grouped by
    the count and the longest suit's length, each group's chances from all its deals (a hand's own few deals are
    too noisy to compare two contracts on)."""
    nap_j, four_j = CHOICES.index("nap"), CHOICES.index("4")
    key = np.minimum(f["count"], 7) * 6 + f["length"]
    groups = np.zeros((48, len(CHOICES)), dtype=np.int64)
    np.add.at(groups, key, t * w[:, None])
    gv = values(groups, 4)
    gw = np.bincount(key, weights=w, minlength=48)
    four_good = gv[:, four_j] > 0
    return float(gw[four_good & (gv[:, nap_j] >= gv[:, four_j])].sum() / max(1, gw[four_good].sum()))


def _answer(share_rows: Rows, size_rows: Rows, pat_rows: Rows) -> str:
    return "\n\n".join(
        [
            "The best call of each of the 134,459 hands at a table of four (the contract worth most, as the senior "
            "hand with everyone else passing; passing counts 0), weighted by how often each hand is dealt:",
            table(("Best call", "Share of hands"), share_rows),
            "By the table's size (the sample of hands):",
            table(("Players", *CHOICES), size_rows),
            "Peel's *good ordinary hands on which to declare for the full number of tricks* (four players; a Nap's "
            "chance of being made, 95% interval, and where Nap is the best call):",
            table(("Hand", "Raw deals of it", "Nap made", "Nap is the best call"), pat_rows),
        ]
    )


def nap_call_report(sums: Sums, run: Run) -> Report:
    """The report."""
    classes = nap_hands()
    w = classes.weights
    f = features(classes.hands)
    t = sums["p4"]
    v = values(t, 4)
    best = np.argmax(v, axis=1)
    shares = _shares(best, w)
    share_rows = [(c, f"{100 * s:.1f}%") for c, s in zip(CHOICES, shares, strict=True)]

    size_rows = []
    by_size: dict[int, list[float]] = {}
    for p in (3, 4, 5, 6):
        ts = sums["p4-sample" if p == 4 else f"p{p}"]
        b = np.argmax(values(ts, p), axis=1)
        by_size[p] = _shares(b, np.ones(len(b), dtype=np.int64))
        size_rows.append((str(p), *(f"{100 * s:.1f}%" for s in by_size[p])))

    nap_j = CHOICES.index("nap")
    nap_over_four = _nap_over_four(t, f, w)
    pat_rows = []
    for i, name in enumerate(PATTERNS):
        m = f["patterns"][:, i]
        made = int(t[m, 1 + CALLS_NAP].sum())
        deals = int(t[m, 0].sum())
        share = float(w[m & (best == nap_j)].sum() / max(1, w[m].sum()))
        pat_rows.append(
            (name, f"{int(w[m].sum()):,}", wilson(made, deals).text(1, percent=True), f"{100 * share:.0f}%")
        )
    # among hands strong enough to think of a Nap (a count of four or more)
    strong = f["count"] >= 4
    three = strong & (f["suits"] >= 3)
    two = strong & (f["suits"] <= 2)
    nap3 = wilson(int(t[three, 1 + CALLS_NAP].sum()), int(t[three, 0].sum()))
    nap12 = wilson(int(t[two, 1 + CALLS_NAP].sum()), int(t[two, 0].sum()))

    ex = sums["examples"]
    perfect = wilson(int(ex[0, 1 + CALLS_NAP]), int(ex[0, 0]))
    others_sure = [i for i in range(1, len(ex)) if ex[i, 0] and ex[i, 1 + CALLS_NAP] == ex[i, 0]]
    from .nap_call import EXAMPLES

    verdicts = [
        ("Holds" if perfect.mean == 1.0 and not others_sure else "Holds in part")
        + f": the perfect Nap (ace to ten of a suit) was made in {perfect.text(1, percent=True)} of its deals; "
        + (
            "of the other named hands, " + ", ".join(f"`{EXAMPLES[i][0]}`" for i in others_sure) + " also never failed."
            if others_sure
            else "every other named hand failed at least once."
        ),
        ("Holds" if nap_over_four >= 0.5 else "Does not hold")
        + f": of the hands where calling four pays, calling Nap pays at least as much for {100 * nap_over_four:.0f}% "
        "(hands grouped by the count below and the longest suit's length, weighted by how often they are dealt).",
        ("Holds" if nap3.mean < nap12.mean else "Does not hold")
        + f": of the hands strong enough to think of a Nap (a count of four or more), a Nap on three or four suits "
        f"is made {nap3.text(1, percent=True)} of the time, on one or two suits {nap12.text(1, percent=True)}.",
    ]
    answer = _answer(share_rows, size_rows, pat_rows)
    return Report(
        name="nap-call",
        title="What to call in Nap",
        advice=list(ADVICE),
        question="For each five-card hand, which call is worth most: pass, one to four tricks, misery or Nap "
        "(NAP-CALL-4, payments §6.5)? Where do Peel's tactics pick the same call?",
        method=_method(run),
        answer=answer,
        plots=_plots(v, best, f, w, by_size),
        examples=_examples(ex, run.size),
        rules=_rules(best, f, w, v),
        command=run.command,
        verdicts=verdicts,
    )


CALLS_NAP: Final = 5  # "nap" in nap_call.CALLS


def _method(run: Run) -> str:
    from .nap_call import EXAMPLE_FACTOR, SAMPLE

    return (
        "Nap, Peel's rules and payments (§6.5: one to four win or lose their number, misery three, Nap ten won "
        "and five lost, per opponent), the batch simulator's `sensible` player at every seat. Each of the 134,459 "
        f"hands up to suit symmetry is dealt {'once' if run.size == 1 else f'{run.size:,} times'} to the eldest hand at a table of four, the other "
        "hands at random, and played with each contract (one, two, misery, three, four, Nap) as the senior hand, "
        "everyone else passing; the same deals serve every contract (common random numbers). A contract's value "
        "is its chance of being made times what it wins, less the chance of failing times what it loses, from each "
        f"opponent. A sample of {SAMPLE:,} hands drawn as they are dealt is played the same way at tables of 3, 5 "
        f"and 6 (at six the dealer sits out and pays, NAP-GEN-2), and the worked examples {run.size * EXAMPLE_FACTOR:,} "
        "times each.\n\n"
        f"Run: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed}).\n\n"
        "**The players' bias.** The senior hand's play and the defenders' are `sensible`'s, rules drawn from "
        "Peel's tactics (draw trumps, then play the masters; defenders head cheaply); better defenders would "
        "beat more contracts, better play by the senior hand would make more. Passing is counted as 0, though a "
        "hand that passes still defends against someone else's call; and a real auction lets a hand call only "
        "above what was called before. With few deals per hand a hand's own best call is noisy; the shares over "
        "many hands are not."
    )


def _examples(ex: NDArray[np.int64], size: int) -> str:
    from .nap_call import EXAMPLES

    v = values(ex, 4)
    rows = []
    for i, (hand, what) in enumerate(EXAMPLES):
        if ex[i, 0] == 0:
            continue
        made = [wilson(int(ex[i, 1 + j]), int(ex[i, 0])) for j in range(len(CHOICES) - 1)]
        rows.append((f"`{hand}`", what, *(f"{100 * m.mean:.0f}%" for m in made), CHOICES[int(np.argmax(v[i]))]))
    return "How often each contract is made with some hands (four players), and the best call:\n\n" + table(
        ("Hand", "What it is", *CHOICES[1:], "Best call"), rows
    )


def _rules(
    best: NDArray[np.int64], f: dict[str, NDArray[np.int64]], w: NDArray[np.int64], v: NDArray[np.float64]
) -> list[Rule]:
    def agree(choice: NDArray[np.int64]) -> float:
        return float(w[choice == best].sum() / w.sum())

    count = np.minimum(f["count"], 7)
    table_: dict[int, int] = {}
    for c in range(8):
        m = count == c
        if m.any():
            table_[c] = int(np.argmax(np.bincount(best[m], weights=w[m], minlength=len(CHOICES))))
    fitted = np.array([table_.get(int(c), 0) for c in count])
    best_rule, best_text = fitted, ""
    for r in range(4, 10):
        trial = np.where(f["top"] <= r, CHOICES.index("misery"), fitted)
        if agree(trial) > agree(best_rule):
            best_rule, best_text = trial, f"; with no card above a {'23456789TJQKA'[r]}, call misery"
    mapping = ", ".join(f"{c}{'+' if c == 7 else ''}: {CHOICES[k]}" for c, k in sorted(table_.items()))
    peel = np.where(f["patterns"].any(axis=1), CHOICES.index("nap"), fitted)
    return [
        Rule("Always pass", agree(np.zeros(len(best), dtype=np.int64))),
        Rule(
            "Count the knaves and better in your longest suit, the aces outside it, and one for each card of it "
            f"beyond three: {mapping}{best_text}",
            agree(best_rule),
        ),
        Rule("The same count, but Nap on Peel's four good ordinary hands", agree(peel)),
    ]


def _plots(
    v: NDArray[np.float64],
    best: NDArray[np.int64],
    f: dict[str, NDArray[np.int64]],
    w: NDArray[np.int64],
    by_size: dict[int, list[float]],
) -> list[Plot]:
    def by_count(fig: Figure) -> None:
        ax = fig.subplots()
        counts = range(0, 8)
        bottom = np.zeros(len(counts))
        for i, name in enumerate(CHOICES):
            ys = []
            for c in counts:
                m = np.minimum(f["count"], 7) == c
                ys.append(100 * w[m & (best == i)].sum() / max(1, w[m].sum()))
            ax.bar(list(counts), ys, bottom=bottom, label=name)
            bottom += np.array(ys)
        ax.set_xlabel("count: knaves and better in the longest suit + aces outside + length beyond three")
        ax.set_ylabel("hands whose best call it is (%)")
        ax.legend(fontsize=8, ncols=4)

    def by_players(fig: Figure) -> None:
        ax = fig.subplots()
        sizes = sorted(by_size)
        bottom = np.zeros(len(sizes))
        for i, name in enumerate(CHOICES):
            ys = np.array([100 * by_size[p][i] for p in sizes])
            ax.bar(sizes, ys, bottom=bottom, label=name)
            bottom += ys
        ax.set_xlabel("players")
        ax.set_ylabel("hands whose best call it is (%)")
        ax.legend(fontsize=8, ncols=4)

    def nap_vs_four(fig: Figure) -> None:
        ax = fig.subplots()
        four, nap = v[:, CHOICES.index("4")], v[:, CHOICES.index("nap")]
        ax.scatter(four, nap, s=2, alpha=0.2)
        lim = [float(min(four.min(), nap.min())), float(max(four.max(), nap.max()))]
        ax.plot(lim, lim, color="grey", lw=0.8)
        ax.set_xlabel("value of calling four (units, four players)")
        ax.set_ylabel("value of calling Nap")

    return [
        Plot("by-count", "The best call by a simple count of the hand (every hand, four players).", by_count),
        Plot("by-players", "The best call by the table's size (the sample of hands).", by_players),
        Plot(
            "nap-vs-four", "Calling Nap against calling four, hand by hand: above the line Nap pays more.", nap_vs_four
        ),
    ]
