"""The report of ``nap-call`` (:mod:`.nap_call`): what its tables say about Peel's tactics of calling, at the table
(the main answer) and as the senior hand (what a contract is worth if you get it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..classes import nap_hands
from ..report import Advice, Plot, Report, Rule, table
from ..stats import Estimate, wilson
from . import Run, Sums
from ._common import PEEL, POPCOUNT, suit_bits, top_rank, verdict
from ._nap_call_plan import CALLS, EXAMPLE_FACTOR, EXAMPLES, SAMPLE, STRATEGY, pay, senior_per_class

__all__ = ["ADVICE", "features", "nap_call_report"]

#: the choices of a hand: pass, then the contracts (as :data:`.nap_call.CHOICES`)
CHOICES: Final = ("pass", "1", "2", "misery", "3", "4", "nap")
NAP: Final = CHOICES.index("nap")
FOUR: Final = CHOICES.index("4")
THREE: Final = CHOICES.index("3")
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
        "Ace, king, queen, is the only certain combination with which to secure three tricks.",
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
    """As the senior hand: each hand's value of every choice (pass first, 0), per deal, in units."""

    table_ = pay()
    n = np.maximum(t[:, :1], 1).astype(np.float64)
    p = t[:, 1:] / n
    win = np.array([table_[c][0] for c in CALLS], dtype=np.float64)
    lose = np.array([table_[c][1] for c in CALLS], dtype=np.float64)
    v = (players - 1) * (p * win - (1 - p) * lose)
    return np.concatenate([np.zeros((len(t), 1)), v], axis=1)


def nets(t: NDArray[np.int64]) -> NDArray[np.float64]:
    """At the table: each hand's mean net of every choice (pass first), per deal, in units."""
    return t[:, 1 : 1 + len(CHOICES)] / np.maximum(t[:, :1], 1).astype(np.float64)


def _shares(best: NDArray[np.int64], w: NDArray[np.int64]) -> list[float]:
    return [float(w[best == i].sum() / w.sum()) for i in range(len(CHOICES))]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _lost(t: NDArray[np.int64], rows: NDArray[np.bool_] | int, choice: int) -> Estimate:
    """At the table: the share of the deals in which ``choice`` lost money, over some hands."""
    lost = t[rows, 1 + len(CHOICES) + choice]
    return wilson(int(np.sum(lost)), int(np.sum(t[rows, 0])))


def _example_verdicts(ex: NDArray[np.int64], ext: NDArray[np.int64], ext_t: NDArray[np.int64]) -> list[str]:
    """The verdicts on Peel's certain hands, from the worked examples (dealt many times each): as the senior hand
    (the same against either field) and at the table against each."""

    perfect = wilson(int(ex[0, NAP]), int(ex[0, 0]))
    others_sure = [i for i in range(1, len(ex)) if ex[i, 0] and ex[i, NAP] == ex[i, 0]]
    akq = next(i for i, (hand, _) in enumerate(EXAMPLES) if hand == "AS KS QS 4H 3D")
    akq_three = wilson(int(ex[akq, THREE]), int(ex[akq, 0]))

    def named(rows: list[int]) -> str:
        return ", ".join(f"`{EXAMPLES[i][0]}`" for i in rows)

    def perfect_nap(t: NDArray[np.int64]) -> tuple[str, str]:
        safe = [i for i in range(1, len(t)) if t[i, 0] and _lost(t, i, NAP).mean == 0.0]
        lost, net = _lost(t, 0, NAP), nets(t)
        word = "Holds" if perfect.mean == 1.0 and lost.mean == 0.0 and not others_sure and not safe else "Holds in part"
        return word, (
            f"called at the table it lost money in {lost.text(1, percent=True)} of its deals, a mean net of "
            f"{net[0, NAP]:.1f} units (its best call there: {CHOICES[int(np.argmax(net[0]))]})"
            + (f", and {named(safe)} never lost money calling Nap there" if safe else "")
        )

    def three(t: NDArray[np.int64]) -> tuple[str, str]:
        lost, net = _lost(t, akq, THREE), nets(t)
        return ("Holds" if akq_three.mean == 1.0 else "Does not hold"), (
            f"calling three with them at the table lost money in {lost.text(1, percent=True)} of the deals "
            f"(outcalled, then the caller made his contract), a mean net of {net[akq, THREE]:.1f} units, and their "
            f"best call there is {CHOICES[int(np.argmax(net[akq]))]}"
        )

    sure = f"; {named(others_sure)} never failed either" if others_sure else ""
    return [
        verdict(
            perfect_nap(ext),
            perfect_nap(ext_t),
            f"the perfect Nap (ace to ten of a suit) was made in {perfect.text(1, percent=True)} of its deals as the "
            f"senior hand{sure}; ",
        ),
        verdict(
            three(ext),
            three(ext_t),
            "ace, king and queen of a suit with two small cards made three tricks in "
            f"{akq_three.text(1, percent=True)} of their deals as the senior hand; ",
        ),
    ]


def _grouped(
    t: NDArray[np.int64], f: dict[str, NDArray[np.int64]], w: NDArray[np.int64]
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The hands' sums grouped by the count and the longest suit's length (each hand as often as it is dealt): a
    hand's own few deals are too noisy to compare two contracts on. Returns the groups' sums and weights."""
    key = np.minimum(f["count"], 7) * 6 + f["length"]
    groups = np.zeros((48, t.shape[1]), dtype=np.int64)
    np.add.at(groups, key, t * w[:, None])
    return groups, np.bincount(key, weights=w, minlength=48).astype(np.float64)


def _nap_over_four(gv: NDArray[np.float64], gw: NDArray[np.float64]) -> float:
    """Of the hands where calling four pays (more than passing), the share (as dealt) where Nap pays at least as
    much, from the groups' values."""
    four_good = gv[:, FOUR] > gv[:, 0]
    return float(gw[four_good & (gv[:, NAP] >= gv[:, FOUR])].sum() / max(1, gw[four_good].sum()))


def _four_verdict(sums: Sums, f: dict[str, NDArray[np.int64]], w: NDArray[np.int64]) -> str:

    gp, gw = _grouped(sums["p4"], f, w)
    senior = _nap_over_four(values(gp, 4), gw)

    def at_table(key: str) -> tuple[str, str]:
        gt, _ = _grouped(sums[key], f, w)
        share = _nap_over_four(nets(gt), gw)
        return ("Holds" if share >= 0.5 else "Does not hold"), (
            "of the hands where calling four pays more than passing at the table, calling Nap pays at least as much "
            f"for {100 * share:.0f}%"
        )

    return verdict(
        at_table("t4"),
        at_table("t4" + STRATEGY),
        f"hands grouped by the count below and the longest suit's length, weighted by how often they are dealt (as "
        f"the senior hand Nap pays at least as much as four for {100 * senior:.0f}% of those where four pays); ",
    )


def _suits_verdict(sums: Sums, f: dict[str, NDArray[np.int64]]) -> str:

    t = sums["p4"]
    strong = f["count"] >= 4  # hands strong enough to think of a Nap
    three = strong & (f["suits"] >= 3)
    two = strong & (f["suits"] <= 2)
    nap3 = wilson(int(t[three, NAP].sum()), int(t[three, 0].sum()))
    nap12 = wilson(int(t[two, NAP].sum()), int(t[two, 0].sum()))

    def at_table(key: str) -> tuple[str, str]:
        lost3, lost12 = _lost(sums[key], three, NAP), _lost(sums[key], two, NAP)
        if nap3.mean < nap12.mean and lost3.mean > lost12.mean:
            word = "Holds"
        else:
            word = "Holds in part" if nap3.mean < nap12.mean or lost3.mean > lost12.mean else "Does not hold"
        return word, (
            f"called at the table a Nap loses money in {lost3.text(1, percent=True)} of the deals on three or four "
            f"suits, {lost12.text(1, percent=True)} on one or two"
        )

    return verdict(
        at_table("t4"),
        at_table("t4" + STRATEGY),
        f"of the hands strong enough to think of a Nap (a count of four or more), a Nap on three or four suits is "
        f"made {nap3.text(1, percent=True)} of the time as the senior hand, on one or two suits "
        f"{nap12.text(1, percent=True)}; ",
    )


def _by_size(sums: Sums) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """The best calls' shares over the sample of hands by the table's size: at the table, as the senior hand."""
    at_table, senior = {}, {}
    for p in (3, 4, 5, 6):
        key = f"{p}-sample" if p == 4 else str(p)
        bt = np.argmax(nets(sums[f"t{key}"]), axis=1)
        bp = np.argmax(values(sums[f"p{key}"], p), axis=1)
        at_table[p] = _shares(bt, np.ones(len(bt), dtype=np.int64))
        senior[p] = _shares(bp, np.ones(len(bp), dtype=np.int64))
    return at_table, senior


def _pattern_rows(
    sums: Sums,
    f: dict[str, NDArray[np.int64]],
    w: NDArray[np.int64],
    best: NDArray[np.int64],
    best_t: NDArray[np.int64],
    best_p: NDArray[np.int64],
) -> Rows:

    t = sums["p4"]
    rows = []
    for i, name in enumerate(PATTERNS):
        m = f["patterns"][:, i]
        made = wilson(int(t[m, NAP].sum()), int(t[m, 0].sum()))
        wm = max(1, int(w[m].sum()))
        cells: list[str] = []
        for key, b in (("t4", best), ("t4" + STRATEGY, best_t)):
            tt = sums[key]
            net = float((w[m] * tt[m, 1 + NAP]).sum() / max(1, (w[m] * tt[m, 0]).sum()))
            cells += [f"{net:.1f}", f"{100 * w[m & (b == NAP)].sum() / wm:.0f}%"]
        rows.append(
            (
                name,
                f"{int(w[m].sum()):,}",
                *cells,
                made.text(1, percent=True),
                f"{100 * w[m & (best_p == NAP)].sum() / wm:.0f}%",
            )
        )
    return rows


def _answer(shares: Sequence[Sequence[float]], by_size: tuple[dict[int, list[float]], ...], pat_rows: Rows) -> str:
    share_rows = [(c, *(_pct(x[i]) for x in shares)) for i, c in enumerate(CHOICES)]

    def size_rows(d: dict[int, list[float]]) -> Rows:
        return [(str(p), *(_pct(s) for s in d[p])) for p in sorted(d)]

    return "\n\n".join(
        [
            "**What to call.** The best call of each of the 134,459 hands at a table of four, weighted by how often "
            "each hand is dealt: *at the table*, the call of the best mean net with the hand eldest and the others "
            "calling by their rules (they may outcall him, and a pass defends), the others `sensible` players or on "
            "the computed strategy; beside them, *as the senior hand*, the contract worth most if you get it with "
            "everyone else passing (passing counts 0; the same against either, whose card play is the same):",
            table(
                ("Best call", "At the table (sensible)", "At the table (the strategy)", "As the senior hand"),
                share_rows,
            ),
            "By the table's size (the sample of hands), at the table, against sensible players (the strategy is "
            "computed for four):",
            table(("Players", *CHOICES), size_rows(by_size[0])),
            "The same, as the senior hand:",
            table(("Players", *CHOICES), size_rows(by_size[1])),
            "Peel's *good ordinary hands on which to declare for the full number of tricks* (four players): calling "
            "Nap at the table, its mean net (units a deal) and where Nap is the best call, against sensible players "
            "and against the strategy; as the senior hand, a Nap's chance of being made (95% interval) and where Nap "
            "is the contract worth most:",
            table(
                (
                    "Hand",
                    "Raw deals of it",
                    "Nap's net (sensible)",
                    "Nap best (sensible)",
                    "Nap's net (the strategy)",
                    "Nap best (the strategy)",
                    "Nap made as senior",
                    "Nap best as senior",
                ),
                pat_rows,
            ),
        ]
    )


def nap_call_report(sums: Sums, run: Run) -> Report:
    """The report."""

    classes = nap_hands()
    w = classes.weights
    f = features(classes.hands)
    vt, vt_t = nets(sums["t4"]), nets(sums["t4" + STRATEGY])
    best, best_t = np.argmax(vt, axis=1), np.argmax(vt_t, axis=1)
    vp = values(sums["p4"], 4)
    best_p = np.argmax(vp, axis=1)
    by_size = _by_size(sums)
    verdicts = [
        *_example_verdicts(sums["pexamples"], sums["texamples"], sums["texamples" + STRATEGY]),
        _four_verdict(sums, f, w),
        _suits_verdict(sums, f),
    ]
    shares = [_shares(best, w), _shares(best_t, w), _shares(best_p, w)]
    answer = _answer(shares, by_size, _pattern_rows(sums, f, w, best, best_t, best_p))
    return Report(
        name="nap-call",
        title="What to call in Nap",
        advice=list(ADVICE),
        question="For each five-card hand, which call is worth most: pass, one to four tricks, misery or Nap "
        "(NAP-CALL-4, payments §6.5), at a table where the others may outcall you, players who call as the period "
        "advises or the computed strategy, and what is each contract worth if you get it? Where do Peel's tactics "
        "pick the same call?",
        method=_method(run),
        answer=answer,
        plots=_plots(vt, best, best_t, best_p, f, w, by_size[0]),
        examples=_examples(sums["pexamples"], sums["texamples"], sums["texamples" + STRATEGY]),
        rules=_rules(best, best_t, best_p, f, w),
        command=run.command,
        verdicts=verdicts,
    )


def _method(run: Run) -> str:

    def times(k: int) -> str:
        return "once" if k == 1 else f"{k:,} times"

    senior = senior_per_class(run.size)
    return (
        "Nap, Peel's rules and payments (§6.5: one to four win or lose their number, misery three, Nap ten won "
        "and five lost, per opponent), the batch simulator's `sensible` player at every seat. Each of the 134,459 "
        "hands up to suit symmetry is measured two ways at a table of four, the other hands dealt at random.\n\n"
        f"*At the table* (the main answer): each hand is dealt {times(run.size)} to the eldest hand (he calls "
        "first, so every call is legal), who makes each call in turn: pass, one, two, misery, three, four, Nap; "
        "the others call by `sensible`'s rules, so they may outcall him, and then he defends. A call's value is "
        "the hand's mean net over its deals, passing included; the same deals serve every call (common random "
        "numbers).\n\n"
        f"*As the senior hand* (what a contract is worth if you get it): each hand is dealt {times(senior)} more and "
        "played with each contract (one, two, misery, three, four, Nap), everyone else passing. A contract's value "
        "is its chance of being made times what it wins, less the chance of failing times what it loses, from each "
        "opponent; passing counts 0.\n\n"
        f"A sample of {SAMPLE:,} hands drawn as they are dealt is played both ways at tables of 3, 4, 5 and 6 (at "
        "six the dealer sits out and pays, NAP-GEN-2), and the worked examples "
        f"{run.size * EXAMPLE_FACTOR:,} times each at the table and {senior * EXAMPLE_FACTOR:,} times as the "
        "senior hand.\n\n"
        f"Run: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed}).\n\n"
        "**The biases.** The play is `sensible`'s, rules drawn from Peel's tactics (draw trumps, then play the "
        "masters; defenders head cheaply); better defenders would beat more contracts, better play by the senior "
        "hand would make more. *At the table*, the others call by fixed thresholds and never raise a call to "
        "outbid one (a call they would make is made when it is legal, else they pass), and the hand is always the "
        "eldest: he calls blind, and when everyone passes he must play for one trick (NAP-CALL-7), so his pass "
        "is worth a little less than a later seat's; for him, passing and calling one differ only on the deals where "
        "another hand would call one and be left senior, so calling one comes out best at the table for the hands "
        "with nothing better to call. *As the senior hand*, nobody outcalls and passing is worth "
        "nothing, which makes the small calls look better than they are: a hand that passes still defends "
        "against someone else's call, and a real auction lets a hand call only above what was called before. "
        "With few deals per hand a hand's own best call is noisy (at the table most, where a net varies more "
        "than a contract's making); the shares over many hands are not.\n\n"
        "**Against the strategy.** The measure at the table of four (every hand, the sample, the worked examples) "
        "is made again on the same deals with the others calling by the computed strategy the package ships (the "
        "simulator's `strategy` player: it calls as the expert does, by a table of mixed strategies over hand "
        "buckets, seats and the call to beat, computed against a field that calls as `sensible` half the time, "
        "and plays its cards as `sensible`). They outcall the hand as the strategy would, and their hands when "
        "they pass are as the strategy passes. The senior-hand measure is the same against either: everyone else "
        "passes, and the strategy plays its cards as `sensible`. The strategy is computed for four players only."
    )


def _examples(ex: NDArray[np.int64], ext: NDArray[np.int64], ext_t: NDArray[np.int64]) -> str:

    v = values(ex, 4)
    rows_p = []
    rows_t: dict[str, list[tuple[object, ...]]] = {"sensible": [], "strategy": []}
    for i, (hand, what) in enumerate(EXAMPLES):
        for field, t in (("sensible", ext), ("strategy", ext_t)):
            if t[i, 0]:
                vt = nets(t)
                rows_t[field].append((f"`{hand}`", what, *(f"{x:.1f}" for x in vt[i]), CHOICES[int(np.argmax(vt[i]))]))
        if ex[i, 0]:
            made = [int(ex[i, 1 + j]) / int(ex[i, 0]) for j in range(len(CHOICES) - 1)]
            rows_p.append((f"`{hand}`", what, *(f"{100 * m:.0f}%" for m in made), CHOICES[int(np.argmax(v[i]))]))
    return "\n\n".join(
        [
            "Each call's mean net at the table (units a deal, four players, the hand eldest), and the best call, "
            "against sensible players:",
            table(("Hand", "What it is", *CHOICES, "Best call"), rows_t["sensible"]),
            "The same against the strategy:",
            table(("Hand", "What it is", *CHOICES, "Best call"), rows_t["strategy"]),
            "How often each contract is made with the same hands as the senior hand, and the contract worth most:",
            table(("Hand", "What it is", *CHOICES[1:], "Best contract"), rows_p),
        ]
    )


def _rules(
    best: NDArray[np.int64],
    best_t: NDArray[np.int64],
    best_p: NDArray[np.int64],
    f: dict[str, NDArray[np.int64]],
    w: NDArray[np.int64],
) -> list[Rule]:
    def agree(choice: NDArray[np.int64], target: NDArray[np.int64] = best) -> float:
        return float(w[choice == target].sum() / w.sum())

    def rule(text: str, choice: NDArray[np.int64]) -> Rule:
        note = f"as the senior hand: {100 * agree(choice, best_p):.1f}%"
        return Rule(text, agree(choice), note, strategy=agree(choice, best_t))

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
    peel = np.where(f["patterns"].any(axis=1), NAP, best_rule)
    never = np.zeros(len(best), dtype=np.int64)
    return [
        rule("Always pass", never),
        rule(
            "Count the knaves and better in your longest suit, the aces outside it, and one for each card of it "
            f"beyond three: {mapping}{best_text}",
            best_rule,
        ),
        rule("The same count, but Nap on Peel's four good ordinary hands", peel),
    ]


def _stacked_by_count(
    fig: Figure, best: NDArray[np.int64], f: dict[str, NDArray[np.int64]], w: NDArray[np.int64]
) -> None:
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


def _plots(
    vt: NDArray[np.float64],
    best: NDArray[np.int64],
    best_t: NDArray[np.int64],
    best_p: NDArray[np.int64],
    f: dict[str, NDArray[np.int64]],
    w: NDArray[np.int64],
    by_size: dict[int, list[float]],
) -> list[Plot]:
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
        four, nap = vt[:, FOUR], vt[:, NAP]
        ax.scatter(four, nap, s=2, alpha=0.2)
        lim = [float(min(four.min(), nap.min())), float(max(four.max(), nap.max()))]
        ax.plot(lim, lim, color="grey", lw=0.8)
        ax.set_xlabel("mean net of calling four at the table (units, four players)")
        ax.set_ylabel("mean net of calling Nap")

    return [
        Plot(
            "by-count",
            "The best call at the table by a simple count of the hand (every hand, four players, the hand eldest, the "
            "others sensible).",
            lambda fig: _stacked_by_count(fig, best, f, w),
        ),
        Plot(
            "by-count-strategy",
            "The same against the computed strategy: the others call by it.",
            lambda fig: _stacked_by_count(fig, best_t, f, w),
        ),
        Plot(
            "by-count-senior",
            "The contract worth most as the senior hand, everyone else passing, by the same count (passing counts 0).",
            lambda fig: _stacked_by_count(fig, best_p, f, w),
        ),
        Plot(
            "by-players",
            "The best call at the table by the table's size (the sample of hands, sensible players).",
            by_players,
        ),
        Plot(
            "nap-vs-four",
            "Calling Nap against calling four at the table (sensible players), hand by hand: above the line Nap pays more.",
            nap_vs_four,
        ),
    ]
