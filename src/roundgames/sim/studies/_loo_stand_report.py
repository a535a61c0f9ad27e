"""The report of ``loo-stand`` (:mod:`.loo_stand`): what its tables say about Peel's hints on standing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..classes import loo_situations
from ..report import Advice, Plot, Report, Rule, table
from ..stats import Estimate
from . import Run, Sums
from ._common import PEEL, POPCOUNT, RANK_NAMES, suit_bits, top_rank, weighted_mean

__all__ = ["EXAMPLES", "loo_stand_report"]

#: worked examples (trumps are spades in every canonical situation)
EXAMPLES: Final = (
    ("AH AD AC", "2S", "no trump, three aces"),
    ("9H 6D 3C", "2S", "no trump, nothing high"),
    ("5S 3S QH", "2S", "two small trumps and a queen"),
    ("5S 3S 4H", "2S", "two small trumps and nothing"),
    ("KS 4H 3D", "2S", "king of trumps, small cards"),
    ("QS 5H 3D", "2S", "queen of trumps, small cards"),
    ("JS 5H 3D", "2S", "knave of trumps, small cards"),
    ("6S QH QD", "2S", "a small trump and two queens"),
)
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


def _rules(main: NDArray[np.int64], f: dict[str, NDArray[np.int64]], w: NDArray[np.int64]) -> list[Rule]:
    best = np.stack([_best(main[s]) for s in range(main.shape[0])])
    clear = np.stack([_clear(main[s]) for s in range(main.shape[0])])

    def agree(stand: NDArray[np.bool_]) -> tuple[float, float]:
        hit = (stand[None, :] == best) * w[None, :]
        c = clear * w[None, :]
        return float(hit.sum() / (w.sum() * best.shape[0])), float((hit * clear).sum() / max(1, c.sum()))

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
        out.append(Rule(name, a, f"{100 * c:.1f}% on the situations whose interval excludes 0"))
    return out


def _clear(rows: NDArray[np.int64]) -> NDArray[np.bool_]:
    n = np.maximum(rows[:, 0], 1).astype(np.float64)
    mean = rows[:, 3] / n
    var = np.maximum(0.0, rows[:, 4] / n - mean**2) * n / np.maximum(n - 1, 1)
    return np.asarray(np.abs(mean) > 1.96 * np.sqrt(var / n)) & (rows[:, 0] > 1)


def _sample_shares(sums: Sums) -> tuple[dict[int, list[float]], dict[int, list[float]]]:
    """Where standing is better in the sample, by seat: at each pool (five players), and at each table size."""
    from .loo_stand import BASE_POOL, SAMPLE

    ones = np.ones(SAMPLE, dtype=np.int64)
    pools = [("p5-sample", BASE_POOL), ("p5-pool15", 15), ("p5-pool24", 24)]
    pool_share = {p: [_share(ones, _best(_split(sums, key, 5)[s])) for s in range(5)] for key, p in pools}
    size_share: dict[int, list[float]] = {}
    for p in (3, 4, 5, 6, 7):
        t = _split(sums, "p5-sample" if p == 5 else f"p{p}", p)
        size_share[p] = [_share(ones, _best(t[s])) for s in range(p)]
    return pool_share, size_share


def _answer(seat_rows: Rows, nt_rows: Rows, two_rows: Rows, pool_rows: Rows, size_rows: Rows) -> str:
    from .loo_stand import SAMPLE

    return "\n\n".join(
        [
            "Standing against throwing up, at a table of five, one loo carried (a pool of 9), over every situation "
            "weighted by how often it is dealt. The value is the mean of the hero's net when he stands minus his "
            "net when he throws up (counters; 95% interval).",
            table(("Seat", "Standing is better in", "Mean value of standing"), seat_rows),
            "**Without a trump** (Peel: *it is unwise to stand on any hand that does not contain a trump*):",
            table(("Seat", "Standing is better in", "Mean value of standing"), nt_rows),
            "**Two small trumps** (none above the ten), with and without a queen or better beside them (Peel: *the "
            "first player should have a tolerably high card, in addition to two small trumps*):",
            table(("Seat", "With a queen, king or ace", "Without"), two_rows),
            f"**The pool** (Peel: *with a heavy stake to fight for, a player will run greater risks*): the same "
            f"{SAMPLE:,} situations, drawn as the cards fall, at three pools; where standing is better, by seat:",
            table(("Pool", *SEAT_NAMES), pool_rows),
            "**The table's size**: where standing is better (the sample, one loo carried), first seat, the seats "
            "between, the dealer:",
            table(("Players", "Eldest", "Between", "Dealer"), size_rows),
        ]
    )


def _high_no_trump(sums: Sums, seed: int) -> tuple[float, float]:
    """Where standing is better in the sample's situations with no trump but an ace, at a pool of 9 and of 27."""
    from .loo_stand import sample_rows

    rows = sample_rows(seed)
    f = _features()
    m = (f["count"][rows] == 0) & (f["aces"][rows] >= 1)
    ones = np.ones(int(m.sum()), dtype=np.int64)
    out = []
    for key in ("p5-sample", "p5-pool24"):
        t = _split(sums, key, 5)
        out.append(float(np.mean([_share(ones, _best(t[s][m])) for s in range(5)])) if m.any() else 0.0)
    return out[0], out[1]


def loo_stand_report(sums: Sums, run: Run) -> Report:
    """The report."""
    from .loo_stand import BASE_POOL

    classes = loo_situations()
    f = _features()
    w = classes.weights
    main = _split(sums, "p5", 5)

    seat_rows = []
    for s in range(5):
        best = _best(main[s])
        seat_rows.append((SEAT_NAMES[s], f"{100 * _share(w, best):.1f}%", _diff(w, main[s]).text(2)))
    no_trump = f["count"] == 0
    nt_rows = []
    for s in range(5):
        m = main[s][no_trump]
        nt_rows.append((SEAT_NAMES[s], f"{100 * _share(w[no_trump], _best(m)):.1f}%", _diff(w[no_trump], m).text(2)))
    nt_share = _share(np.tile(w[no_trump], 5), np.concatenate([_best(main[s][no_trump]) for s in range(5)]))

    small2 = (f["count"] == 2) & (f["top"] <= 8)
    high = small2 & (f["side"] >= 10)
    low = small2 & (f["side"] < 10)
    two_rows = []
    for s in range(5):
        two_rows.append((SEAT_NAMES[s], _diff(w[high], main[s][high]).text(2), _diff(w[low], main[s][low]).text(2)))
    first_low, later_low = _diff(w[low], main[0][low]), _diff(w[low], main[2][low])
    first_high = _diff(w[high], main[0][high])

    pool_share, size_share = _sample_shares(sums)
    pool_rows = [(f"{p + 3} ({(p + 3) // 3} a trick)", *(f"{100 * v:.1f}%" for v in pool_share[p])) for p in pool_share]
    heavy = np.mean(pool_share[24]) > np.mean(pool_share[BASE_POOL])
    size_rows = [
        (str(p), f"{100 * v[0]:.1f}%", f"{100 * float(np.mean(v[1:-1])):.1f}%", f"{100 * v[-1]:.1f}%")
        for p, v in size_share.items()
    ]

    nt_mean = [_diff(w[no_trump], main[s][no_trump]).mean for s in range(5)]
    ace_light, ace_heavy = _high_no_trump(sums, run.seed)
    verdicts = [
        ("Holds" if max(nt_mean) < 0 else "Fails in part")
        + f": standing without a trump loses on average at every seat ({', '.join(f'{v:.2f}' for v in nt_mean)} "
        f"counters against throwing up); it is the better choice in {100 * nt_share:.1f}% of such situations. "
        f"Peel's exception (very high cards and a pool that warrants it): with an ace but no trump, standing is "
        f"better in {100 * ace_light:.0f}% of the sample's situations at a pool of 9, {100 * ace_heavy:.0f}% at 27.",
        ("Does not hold" if first_high.mean <= first_low.mean else "Holds in part" if first_low.low > 0 else "Holds")
        + ": with two trumps no higher than the ten and no queen or better beside them, the eldest hand's stand is "
        f"worth {first_low.text(2)} counters, with one {first_high.text(2)}; the third seat's without one "
        f"{later_low.text(2)}"
        + (". The high card helps, but the stand pays without it too." if first_low.low > 0 else "."),
        ("Holds" if heavy else "Does not hold")
        + ": with a heavier pool standing is the better choice in "
        + f"{100 * np.mean(pool_share[24]):.1f}% of situations (pool 27) against "
        + f"{100 * np.mean(pool_share[BASE_POOL]):.1f}% (pool 9).",
    ]
    answer = _answer(seat_rows, nt_rows, two_rows, pool_rows, size_rows)
    return Report(
        name="loo-stand",
        title="When to stand in Three-card Loo",
        advice=list(ADVICE),
        question="Given three cards and the turn-up, a seat and a table, is standing worth more than throwing up "
        "(LOO-DECL-1, -2)? Where does the answer follow Peel's hints, and where not?",
        method=_method(run),
        answer=answer,
        plots=_plots(main, f, w, pool_share, size_share),
        examples=_examples(sums, run.size),
        rules=_rules(main, f, w),
        command=run.command,
        verdicts=verdicts,
    )


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n:,} times"


def _method(run: Run) -> str:
    from .loo_stand import SAMPLE

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
        "is noisy; the shares and means over many situations are not."
    )


def _examples(sums: Sums, size: int) -> str:
    from .loo_stand import EXAMPLE_FACTOR, example_rows

    classes = loo_situations()
    t = _split(sums, "examples", 5)
    rows = []
    for j, (i, (_, _, what)) in enumerate(zip(example_rows(), EXAMPLES, strict=True)):
        cells = [_diff(np.ones(1, dtype=np.int64), t[s][j : j + 1]).text(2) for s in range(5)]
        rows.append((f"`{classes.name(int(i))}`", what, *cells))
    return (
        f"The value of standing (counters against throwing up, 95% interval; {size * EXAMPLE_FACTOR:,} deals "
        "each) of some situations, at each seat of a table of five (trumps are spades):\n\n"
        + table(("Situation", "What it is", *SEAT_NAMES), rows)
    )


def _plots(
    main: NDArray[np.int64],
    f: dict[str, NDArray[np.int64]],
    w: NDArray[np.int64],
    pool_share: dict[int, list[float]],
    size_share: dict[int, list[float]],
) -> list[Plot]:
    def by_rank(fig: Figure) -> None:
        left, right = fig.subplots(1, 2, sharey=True)
        for s in range(5):
            nt = [
                _share(w[(f["count"] == 0) & (f["side"] == r)], _best(main[s][(f["count"] == 0) & (f["side"] == r)]))
                for r in range(4, 13)
            ]
            one = [
                _share(w[(f["count"] == 1) & (f["top"] == r)], _best(main[s][(f["count"] == 1) & (f["top"] == r)]))
                for r in range(13)
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

    def by_pool(fig: Figure) -> None:
        ax = fig.subplots()
        pools = sorted(pool_share)
        for s in range(5):
            ax.plot([p + 3 for p in pools], [100 * pool_share[p][s] for p in pools], marker="o", label=SEAT_NAMES[s])
        ax.set_xlabel("pool (counters; a loo costs 6)")
        ax.set_ylabel("situations where standing is better (%)")
        ax.legend(title="seat")

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
            "right with one trump (by its rank); every situation, five players, pool 9.",
            by_rank,
        ),
        Plot("by-pool", "Where standing beats throwing up: the same sample of situations at three pools.", by_pool),
        Plot("by-players", "Where standing is better, by the table's size (the sample, pool 9).", by_size),
    ]
