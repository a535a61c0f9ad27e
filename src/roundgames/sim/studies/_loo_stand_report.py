"""The report of ``loo-stand`` (:mod:`.loo_stand`): what its tables say about Peel's hints on standing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..classes import loo_situations
from ..report import Advice, Plot, Report, Rule, table
from ..stats import Estimate
from . import Run, Sums
from ._common import PEEL, POPCOUNT, RANK_NAMES, suit_bits, top_rank, verdict, weighted_mean
from ._loo_stand_plan import BASE_POOL, EXAMPLE_FACTOR, EXAMPLES, SAMPLE, STRATEGY, example_rows, sample_rows

__all__ = ["ADVICE", "loo_stand_report"]

#: a table's rows
Rows = Sequence[Sequence[object]]
SEAT_NAMES: Final = ("eldest", "second", "third", "fourth", "dealer")
ADVICE: Final = (
    Advice("It is unwise to stand on any hand that does not contain a trump.", f"{PEEL}, Hints to players"),
    Advice(
        "With very few exceptions a player should stand on two trumps, however small, but the first player should "
        "have a tolerably high card, in addition to two small trumps.",
        f"{PEEL}, Hints to players",
    ),
    Advice(
        "With a heavy stake to fight for, a player will run greater risks than when a small amount is available.",
        f"{PEEL}, Hints to players",
    ),
)


def _features() -> dict[str, NDArray[np.int64]]:
    c = loo_situations()
    trumps = suit_bits(c.hands, 0)
    sides = np.stack([top_rank(suit_bits(c.hands, s)) for s in (1, 2, 3)], axis=1)
    aces = (sides == 12).sum(axis=1)
    return {"count": POPCOUNT[trumps], "top": top_rank(trumps), "side": sides.max(axis=1), "aces": aces}


def _split(sums: Sums, key: str, players: int) -> NDArray[np.int64]:
    t = sums[key]
    return t.reshape(players, len(t) // players, t.shape[1])


def _share(w: NDArray[Any], better: NDArray[np.bool_]) -> float:
    return float((w * better).sum() / w.sum()) if w.sum() > 0 else float("nan")


def _diff(w: NDArray[Any], rows: NDArray[np.int64]) -> Estimate:
    return weighted_mean(w, rows[:, 0], rows[:, 3], rows[:, 4])


def _best(rows: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Where standing beats throwing (the mean of stand minus throw above 0)."""
    return np.asarray(rows[:, 3] > 0) & (rows[:, 0] > 0)


def _rules(
    main: NDArray[np.int64], main_t: NDArray[np.int64], f: dict[str, NDArray[np.int64]], w: NDArray[np.int64]
) -> list[Rule]:
    """The rules, fitted against sensible players; each with its agreement against them and against the
    strategy."""
    best = np.stack([_best(main[s]) for s in range(main.shape[0])])
    best_t = np.stack([_best(main_t[s]) for s in range(main_t.shape[0])])
    clear = np.stack([_clear(main[s]) for s in range(main.shape[0])])

    def agree(stand: NDArray[np.bool_], target: NDArray[np.bool_] = best) -> tuple[float, float]:
        hit = (stand[None, :] == target) * w[None, :]
        c = clear * w[None, :]
        return float(hit.sum() / (w.sum() * target.shape[0])), float((hit * clear).sum() / max(1, c.sum()))

    candidates: list[tuple[str, NDArray[np.bool_]]] = [
        ("Always stand", np.ones(len(w), dtype=bool)),
        ("Always throw up", np.zeros(len(w), dtype=bool)),
        ("Stand on any hand with a trump, never without (Peel)", f["count"] > 0),
    ]
    fitted = []
    for r in range(13):
        for aces in (1, 2, 3, 4):
            stand = (f["count"] >= 2) | ((f["count"] == 1) & (f["top"] >= r)) | (f["aces"] >= aces)
            text = f"Stand on two trumps, on one trump of {RANK_NAMES[r]} or higher"
            text += f", or on {aces} aces without" if aces < 4 else ", never without a trump"
            fitted.append((agree(stand)[0], text, stand))
    _, text, stand = max(fitted, key=lambda x: x[0])
    candidates.append((text, stand))
    out = []
    for name, stand in candidates:
        a, c = agree(stand)
        note = f"{100 * c:.1f}% on the situations whose interval excludes 0 (sensible players)"
        out.append(Rule(name, a, note, strategy=agree(stand, best_t)[0]))
    return out


def _clear(rows: NDArray[np.int64]) -> NDArray[np.bool_]:
    n = np.maximum(rows[:, 0], 1).astype(np.float64)
    mean = rows[:, 3] / n
    var = np.maximum(0.0, rows[:, 4] / n - mean**2) * n / np.maximum(n - 1, 1)
    return np.asarray(np.abs(mean) > 1.96 * np.sqrt(var / n)) & (rows[:, 0] > 1)


def _pool_shares(sums: Sums, suffix: str) -> dict[int, list[float]]:
    """Where standing is better in the sample of five players' tables (``suffix``: the field's), by pool and
    seat."""

    ones = np.ones(SAMPLE, dtype=np.int64)
    pools = [("p5-sample", BASE_POOL), ("p5-pool15", 15), ("p5-pool24", 24)]
    return {p: [_share(ones, _best(_split(sums, key + suffix, 5)[s])) for s in range(5)] for key, p in pools}


def _size_shares(sums: Sums) -> dict[int, list[float]]:
    """Where standing is better in the sample against sensible players, by table size and seat."""

    ones = np.ones(SAMPLE, dtype=np.int64)
    size_share: dict[int, list[float]] = {}
    for p in (3, 4, 5, 6, 7):
        t = _split(sums, "p5-sample" if p == 5 else f"p{p}", p)
        size_share[p] = [_share(ones, _best(t[s])) for s in range(p)]
    return size_share


@dataclass
class _Field:
    """What the tables of five say against one field: the rows of the answer's tables and the verdicts' numbers."""

    main: NDArray[np.int64]
    seat_rows: Rows
    nt_rows: Rows
    two_rows: Rows
    pool_rows: Rows
    nt_share: float
    nt_mean: list[float]
    first_low: Estimate
    first_high: Estimate
    later_low: Estimate
    pool_share: dict[int, list[float]]
    ace_light: float
    ace_heavy: float


def _field(sums: Sums, suffix: str, seed: int) -> _Field:
    """The numbers of the tables of five against the field whose tables' keys end in ``suffix``."""
    w, f = loo_situations().weights, _features()
    main = _split(sums, "p5" + suffix, 5)
    seat_rows = [
        (SEAT_NAMES[s], f"{100 * _share(w, _best(main[s])):.1f}%", _diff(w, main[s]).text(2)) for s in range(5)
    ]
    no_trump = f["count"] == 0
    wn = w[no_trump]
    nt_rows = [
        (SEAT_NAMES[s], f"{100 * _share(wn, _best(main[s][no_trump])):.1f}%", _diff(wn, main[s][no_trump]).text(2))
        for s in range(5)
    ]
    small2 = (f["count"] == 2) & (f["top"] <= 8)
    high, low = small2 & (f["side"] >= 10), small2 & (f["side"] < 10)
    two_rows = [
        (SEAT_NAMES[s], _diff(w[high], main[s][high]).text(2), _diff(w[low], main[s][low]).text(2)) for s in range(5)
    ]
    pool_share = _pool_shares(sums, suffix)
    pool_rows = [(f"{p + 3} ({(p + 3) // 3} a trick)", *(f"{100 * v:.1f}%" for v in pool_share[p])) for p in pool_share]
    ace_light, ace_heavy = _high_no_trump(sums, seed, suffix)
    return _Field(
        main=main,
        seat_rows=seat_rows,
        nt_rows=nt_rows,
        two_rows=two_rows,
        pool_rows=pool_rows,
        nt_share=_share(np.tile(wn, 5), np.concatenate([_best(main[s][no_trump]) for s in range(5)])),
        nt_mean=[_diff(wn, main[s][no_trump]).mean for s in range(5)],
        first_low=_diff(w[low], main[0][low]),
        first_high=_diff(w[high], main[0][high]),
        later_low=_diff(w[low], main[2][low]),
        pool_share=pool_share,
        ace_light=ace_light,
        ace_heavy=ace_heavy,
    )


def _answer_part(x: _Field) -> list[str]:

    return [
        table(("Seat", "Standing is better in", "Mean value of standing"), x.seat_rows),
        "**Without a trump** (Peel: *it is unwise to stand on any hand that does not contain a trump*):",
        table(("Seat", "Standing is better in", "Mean value of standing"), x.nt_rows),
        "**Two small trumps** (none above the ten), with and without a queen or better beside them (Peel: *the "
        "first player should have a tolerably high card, in addition to two small trumps*):",
        table(("Seat", "With a queen, king or ace", "Without"), x.two_rows),
        f"**The pool** (Peel: *with a heavy stake to fight for, a player will run greater risks*): the same "
        f"{SAMPLE:,} situations, drawn as the cards fall, at three pools; where standing is better, by seat:",
        table(("Pool", *SEAT_NAMES), x.pool_rows),
    ]


def _answer(sens: _Field, strat: _Field, size_rows: Rows) -> str:
    return "\n\n".join(
        [
            "Standing against throwing up, at a table of five, one loo carried (a pool of 9), over every situation "
            "weighted by how often it is dealt. The value is the mean of the hero's net when he stands minus his "
            "net when he throws up (counters; 95% interval).",
            "### Against sensible players",
            *_answer_part(sens),
            "**The table's size**: where standing is better (the sample, one loo carried), first seat, the seats "
            "between, the dealer:",
            table(("Players", "Eldest", "Between", "Dealer"), size_rows),
            "### Against the strategy",
            "The same deals with every other seat declaring by the computed strategy (and the hero too where his "
            "declaration is not the one fixed):",
            *_answer_part(strat),
        ]
    )


def _high_no_trump(sums: Sums, seed: int, suffix: str) -> tuple[float, float]:
    """Where standing is better in the sample's situations with no trump but an ace, at a pool of 9 and of 27."""

    rows = sample_rows(seed)
    f = _features()
    m = (f["count"][rows] == 0) & (f["aces"][rows] >= 1)
    ones = np.ones(int(m.sum()), dtype=np.int64)
    out = []
    for key in ("p5-sample", "p5-pool24"):
        t = _split(sums, key + suffix, 5)
        out.append(float(np.mean([_share(ones, _best(t[s][m])) for s in range(5)])) if m.any() else 0.0)
    return out[0], out[1]


def _verdicts(sens: _Field, strat: _Field) -> list[str]:

    def no_trump(x: _Field) -> str:
        return (
            f"standing without a trump nets {', '.join(f'{v:.2f}' for v in x.nt_mean)} counters against throwing up, "
            f"seat by seat, and is the better choice in {100 * x.nt_share:.1f}% of such situations; with an ace but "
            f"no trump (Peel's exception: very high cards and a pool that warrants it) it is better in "
            f"{100 * x.ace_light:.0f}% of the sample's situations at a pool of 9, {100 * x.ace_heavy:.0f}% at 27"
        )

    def two(x: _Field) -> str:
        return (
            "with two trumps no higher than the ten and no queen or better beside them the eldest hand's stand is "
            f"worth {x.first_low.text(2)} counters, with one {x.first_high.text(2)}; the third seat's without one "
            f"{x.later_low.text(2)}"
        )

    def two_word(x: _Field) -> str:
        if x.first_high.mean <= x.first_low.mean:
            return "Does not hold"
        return "Holds in part" if x.first_low.low > 0 else "Holds"

    def heavy(x: _Field) -> bool:
        return bool(np.mean(x.pool_share[24]) > np.mean(x.pool_share[BASE_POOL]))

    def pool(x: _Field) -> str:
        return (
            f"standing is the better choice in {100 * np.mean(x.pool_share[24]):.1f}% of situations at a pool of 27 "
            f"against {100 * np.mean(x.pool_share[BASE_POOL]):.1f}% at 9"
        )

    return [
        verdict(
            ("Holds" if max(sens.nt_mean) < 0 else "Fails in part", no_trump(sens)),
            ("Holds" if max(strat.nt_mean) < 0 else "Fails in part", no_trump(strat)),
        ),
        verdict((two_word(sens), two(sens)), (two_word(strat), two(strat))),
        verdict(
            ("Holds" if heavy(sens) else "Does not hold", pool(sens)),
            ("Holds" if heavy(strat) else "Does not hold", pool(strat)),
        ),
    ]


def loo_stand_report(sums: Sums, run: Run) -> Report:
    """The report."""

    f = _features()
    w = loo_situations().weights
    sens, strat = _field(sums, "", run.seed), _field(sums, STRATEGY, run.seed)
    size_share = _size_shares(sums)
    size_rows = [
        (str(p), f"{100 * v[0]:.1f}%", f"{100 * float(np.mean(v[1:-1])):.1f}%", f"{100 * v[-1]:.1f}%")
        for p, v in size_share.items()
    ]
    return Report(
        name="loo-stand",
        title="When to stand in Three-card Loo",
        advice=list(ADVICE),
        question="Given three cards and the turn-up, a seat and a table, is standing worth more than throwing up "
        "(LOO-DECL-1, -2)? Where does the answer follow Peel's hints, and where not, against players who declare as "
        "the period advises and against the computed strategy?",
        method=_method(run),
        answer=_answer(sens, strat, size_rows),
        plots=_plots(sens, strat, f, w, size_share),
        examples=_examples(sums, run.size),
        rules=_rules(sens.main, strat.main, f, w),
        command=run.command,
        verdicts=_verdicts(sens, strat),
    )


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n:,} times"


def _method(run: Run) -> str:

    return (
        "Three-card Loo, Peel's rules (limited loo: a deal of 3, a loo of 6), the batch simulator's `sensible` "
        "player at every seat. Each of the 63,193 situations of three cards and a turn-up up to suit symmetry is "
        f"dealt {_times(run.size)} from each seat of a table of five, the other hands and the miss dealt at random; "
        "the hero's declaration is fixed (stand; and for the dealer also throw up, on the same deals: common "
        "random numbers), his later play and everyone else's are the `sensible` player's. Throwing up is worth 0 "
        "to a player before the dealer (LOO-DECL-2: he neither pays nor receives). The dealer may not throw up "
        "when one player stands alone with the miss untaken (LOO-DECL-8): there his stand is compared with what "
        "`sensible` does instead (stand, take the miss or play it for the pool, by the bot's estimate). A sample of "
        f"{SAMPLE:,} situations, drawn by how often they are dealt, is played the same way at pools of 18 and 27 "
        "and at tables of 3, 4, 6 and 7. Answers over many situations weigh each by how often it is dealt.\n\n"
        f"Run: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed}).\n\n"
        "**The players' bias.** `sensible` declares as the project's bot `sensible` does, after Peel's hints (it "
        "stands when its estimate of the hand against the players likely to stand makes a trick's share of the "
        "pool outweigh the loo it risks, so more freely with a heavy pool; it takes the miss when an average "
        "unseen hand is worth more, asking more of it from the first to declare and for each player in), so the "
        "others at the table stand as Peel advises and the study asks whether the hero should too. It plays the "
        "tricks by simple heuristics; "
        "a better player at the other seats would stand on different hands, changing how many play against the "
        "hero, and would play the tricks better. The answers are what standing is worth against such players: a "
        "stronger field would make marginal stands worse. With few deals per situation, a situation's own answer "
        "is noisy; the shares and means over many situations are not.\n\n"
        "**Against the strategy.** The tables of five (every situation, the sample at the three pools, the worked "
        "examples) are played again on the same deals with every seat on the computed strategy the package ships "
        "(the simulator's `strategy` player: it declares as the expert does, by a table of mixed strategies over "
        "hand buckets computed against a field that plays `sensible` half the time, at the pool's bucket, and "
        "plays its cards as `sensible`). The hero's fixed declaration is the same; where it cannot be made (the "
        "dealer's throw against a lone stander) he declares by the strategy. The strategy is computed for five "
        "players only, so the other table sizes are played against sensible players alone."
    )


def _examples(sums: Sums, size: int) -> str:

    classes = loo_situations()
    parts = []
    for suffix, against in (("", "sensible players"), (STRATEGY, "the strategy")):
        t = _split(sums, "examples" + suffix, 5)
        rows = []
        for j, (i, (_, _, what)) in enumerate(zip(example_rows(), EXAMPLES, strict=True)):
            cells = [_diff(np.ones(1, dtype=np.int64), t[s][j : j + 1]).text(2) for s in range(5)]
            rows.append((f"`{classes.name(int(i))}`", what, *cells))
        parts += [f"Against {against}:", table(("Situation", "What it is", *SEAT_NAMES), rows)]
    return "\n\n".join(
        [
            f"The value of standing (counters against throwing up, 95% interval; {size * EXAMPLE_FACTOR:,} deals "
            "each) of some situations, at each seat of a table of five (trumps are spades).",
            *parts,
        ]
    )


def _plots(
    sens: _Field,
    strat: _Field,
    f: dict[str, NDArray[np.int64]],
    w: NDArray[np.int64],
    size_share: dict[int, list[float]],
) -> list[Plot]:
    def by_rank(main: NDArray[np.int64]) -> Any:
        def draw(fig: Figure) -> None:
            left, right = fig.subplots(1, 2, sharey=True)
            for s in range(5):
                nt = [
                    _share(w[m], _best(main[s][m]))
                    for m in ((f["count"] == 0) & (f["side"] == r) for r in range(4, 13))
                ]
                one = [
                    _share(w[m], _best(main[s][m])) for m in ((f["count"] == 1) & (f["top"] == r) for r in range(13))
                ]
                left.plot(range(4, 13), [100 * v for v in nt], marker="o", label=SEAT_NAMES[s])
                right.plot(range(13), [100 * v for v in one], marker="o", label=SEAT_NAMES[s])
            left.set_title("No trump: by the highest card")
            right.set_title("One trump: by its rank")
            left.set_xticks(range(4, 13), list(RANK_NAMES[4:]))
            right.set_xticks(range(13), list(RANK_NAMES))
            left.set_ylabel("situations where standing is better (%)")
            for ax in (left, right):
                ax.axhline(50, color="grey", lw=0.5)
                ax.set_ylim(-2, 102)
            right.legend(title="seat (five players)")

        return draw

    def by_pool(fig: Figure) -> None:
        axes = fig.subplots(1, 2, sharey=True)
        for ax, x, against in ((axes[0], sens, "sensible players"), (axes[1], strat, "the strategy")):
            pools = sorted(x.pool_share)
            for s in range(5):
                ax.plot(
                    [p + 3 for p in pools], [100 * x.pool_share[p][s] for p in pools], marker="o", label=SEAT_NAMES[s]
                )
            ax.set_title(f"against {against}")
            ax.set_xlabel("pool (counters; a loo costs 6)")
        axes[0].set_ylabel("situations where standing is better (%)")
        axes[1].legend(title="seat")

    def by_size(fig: Figure) -> None:
        ax = fig.subplots()
        sizes = sorted(size_share)
        ax.plot(sizes, [100 * size_share[p][0] for p in sizes], marker="o", label="eldest")
        ax.plot(sizes, [100 * float(np.mean(size_share[p][1:-1])) for p in sizes], marker="o", label="between")
        ax.plot(sizes, [100 * size_share[p][-1] for p in sizes], marker="o", label="dealer")
        ax.set_xlabel("players")
        ax.set_ylabel("situations where standing is better (%)")
        ax.legend(title="seat")

    return [
        Plot(
            "by-rank",
            "Where standing beats throwing up, by the best card held: left without a trump (by the highest card), "
            "right with one trump (by its rank); every situation, five sensible players, pool 9.",
            by_rank(sens.main),
        ),
        Plot("by-rank-strategy", "The same against the computed strategy.", by_rank(strat.main)),
        Plot(
            "by-pool",
            "Where standing beats throwing up: the same sample of situations at three pools, against sensible players "
            "(left) and against the strategy (right).",
            by_pool,
        ),
        Plot(
            "by-players",
            "Where standing is better, by the table's size (the sample, pool 9, sensible players).",
            by_size,
        ),
    ]
