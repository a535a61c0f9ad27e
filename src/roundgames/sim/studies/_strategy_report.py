"""The report of ``strategy`` (:mod:`.strategy`): the computed strategy's declaring and calling as tables and
figures, the period maxims' agreement with it (:mod:`._strategy_maxims`), and its exploitability as its files and
the measurements say."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ...bots.buckets import loo_bucket, nap_bucket
from ...core.cards import mask_of, parse_card, parse_cards
from ..report import Advice, Plot, Report, Rule, table
from . import Run, Sums
from ._common import LOO_BUCKETS, RANK_NAMES
from ._loo_stand_plan import EXAMPLES as LOO_EXAMPLES
from ._loo_stand_report import ADVICE as STAND_ADVICE
from ._nap_call_plan import EXAMPLES as NAP_EXAMPLES
from ._nap_call_report import ADVICE as CALL_ADVICE
from ._strategy_groups import (
    LOO_ACTIONS,
    LOO_CONTEXTS,
    LOO_PLAYERS,
    NAP_CALLS,
    NAP_PLAYERS,
    loo_strategy,
    nap_strategy,
)
from ._strategy_maxims import (
    LOO_PLAIN,
    LOO_TOP,
    LOO_TRUMPS,
    MISS,
    NAP_COUNT,
    STAND,
    Counts,
    Maxim,
    maxims,
)
from .loo_defence import ADVICE as DEFENCE_ADVICE
from .loo_miss import ADVICE as MISS_ADVICE

__all__ = ["strategy_report"]

Rows = Sequence[Sequence[object]]
SEAT_NAMES: Final = ("eldest", "second", "third", "fourth", "dealer")
NAP_SEATS: Final = ("eldest", "second", "third", "dealer")
CALL_NAMES: Final = ("pass", "1", "2", "misery", "3", "4", "nap", "wellington", "blucher")
#: the plain card classes of a Loo hand summary
PLAIN: Final = ("ten or lower", "knave", "queen", "king", "ace")
#: what the report calls a Loo hand, by trumps held and the highest trump's rank (lowest, highest)
TRUMP_ROWS: Final = (
    ("no trump", 0, 0, 12),
    ("one trump, two to six", 1, 0, 4),
    ("one trump, seven to ten", 1, 5, 8),
    ("one trump, knave or queen", 1, 9, 10),
    ("one trump, king or ace", 1, 11, 12),
    ("two trumps, ten or lower", 2, 0, 8),
    ("two trumps, knave or higher", 2, 9, 12),
    ("three trumps", 3, 0, 12),
)


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "–"


def _trump_group(h: int) -> NDArray[np.bool_]:
    """Loo hand summaries in :data:`LOO_BUCKETS`' group ``h`` (no trump, one ten or lower, one knave or higher, two
    or three)."""
    one = LOO_TRUMPS == 1
    groups: list[NDArray[np.bool_]] = [LOO_TRUMPS == 0, one & (LOO_TOP <= 8), one & (LOO_TOP >= 9), LOO_TRUMPS >= 2]
    return groups[h]


def _loo_tables(c: Counts) -> list[str]:
    """When to stand and take the miss: by hand and seat, by what was declared before, by pool, the dealer's case."""
    t = c.loo[0]  # the lightest pool
    hand_rows = []
    for name, trumps, low, high in TRUMP_ROWS:
        for b in range(len(PLAIN)) if trumps == 0 else (None,):
            m = np.equal(LOO_TRUMPS, trumps) & np.greater_equal(LOO_TOP, low) & np.less_equal(LOO_TOP, high)
            m &= np.equal(LOO_PLAIN, b) if b is not None else True
            label = f"no trump, {PLAIN[b]} the highest" if b is not None else name
            x = t[m].sum(axis=(0, 2, 3))  # by seat and declaration
            hand_rows.append(
                (label, *(f"{_pct(x[s, STAND], x[s].sum())} / {_pct(x[s, MISS], x[s].sum())}" for s in range(5)))
            )
    before_rows = []
    for stood in range(LOO_PLAYERS - 1):
        for took in (0, 1):
            x = t[:, : LOO_PLAYERS - 1, stood, took]  # the seats before the dealer
            if x.sum() == 0:
                continue
            cells = []
            for h in range(len(LOO_BUCKETS)):
                y = x[_trump_group(h)].sum(axis=(0, 1))
                cells.append(f"{_pct(y[STAND], y.sum())} / {_pct(y[MISS], y.sum())}")
            before_rows.append((str(stood), "taken" if took else "there", f"{int(x.sum()):,}", *cells))
    lone = c.loo[:, :, LOO_PLAYERS - 1, 1, 0]  # (pool, hand, declaration): the dealer against a lone stander
    dealer_rows = []
    for k, pool in enumerate(c.pools):
        for h, bucket in enumerate(LOO_BUCKETS):
            y = lone[k][_trump_group(h)].sum(axis=0)
            if y.sum():
                dealer_rows.append((str(pool), bucket, f"{int(y.sum()):,}", *(_pct(v, y.sum()) for v in y[[0, 2, 3]])))
    out = [
        "**When to stand.** At the lightest pool ("
        + str(c.pools[0])
        + "), every decision of each seat by its hand: how often the strategy stands and takes the miss (the rest it "
        "throws up, or as dealer defends the miss for the pool), whatever was declared before:",
        table(("Hand", *(f"{s}: stand / miss" for s in SEAT_NAMES)), hand_rows),
        "**What was declared before.** The seats before the dealer, by how many stood before them and whether the "
        "miss was taken, and their trumps (stand / take the miss):",
        table(("Stood before", "The miss", "Decisions", *LOO_BUCKETS), before_rows),
    ]
    out += _pool_table(c)
    out += [
        "**The dealer's defence.** The dealer facing a lone stander with the miss untaken (LOO-DECL-8), by the pool "
        "and his trumps:",
        table(("Pool", "Dealer's hand", "Decisions", "stand", "take the miss", "play it for the pool"), dealer_rows),
    ]
    return out


def _pool_table(c: Counts) -> list[str]:
    """How often the strategy plays (stands or takes the miss) at each pool bucket, by trumps."""
    if len(c.pools) < 2:
        return [
            f"**The pool.** The strategy has one table, for every pool (from {c.pools[0]}): it does not change its "
            "declaring with the pool, and Peel's maxims on a heavy pool cannot be put to it."
        ]  # fmt: skip
    rows = []
    for h, bucket in enumerate(LOO_BUCKETS):
        cells = []
        for k in range(len(c.pools)):
            y = c.loo[k][_trump_group(h)].sum(axis=(0, 1, 2, 3))
            cells.append(_pct(y[STAND] + y[MISS], y.sum()))
        rows.append((bucket, *cells))
    return [
        "**The pool.** How often the strategy plays (stands or takes the miss) at each of its pool buckets, by "
        "trumps, every seat:",
        table(("Hand", *(f"pool {p}" for p in c.pools)), rows),
    ]


def _nap_tables(c: Counts) -> list[str]:
    """What to call: by the count of the hand (the eldest, nothing called), by seat, by the call to beat."""
    t = c.nap
    calls = range(7)  # pass .. Nap: a first call's choices

    def row(label: str, x: NDArray[np.int64]) -> tuple[object, ...]:
        return (label, f"{int(x.sum()):,}", *(_pct(x[k], x.sum()) for k in calls))

    by_count = [row(f"{n}{'+' if n == 7 else ''}", t[np.equal(NAP_COUNT, n), 0, 0].sum(axis=0)) for n in range(8)]
    by_seat = [row(NAP_SEATS[s], t[:, s, 0].sum(axis=0)) for s in range(NAP_PLAYERS)]
    over = []
    for high in range(1, NAP_CALLS - 1):
        x = t[:, 1:, high].sum(axis=(0, 1))
        if x.sum():
            top = int(np.argmax(x[1:])) + 1
            over.append(
                (
                    CALL_NAMES[high],
                    f"{int(x.sum()):,}",
                    _pct(x[0], x.sum()),
                    _pct(x[1:].sum(), x.sum()),
                    CALL_NAMES[top],
                )
            )
    head = ("Decisions", *(CALL_NAMES[k] for k in calls))
    return [
        "**What to call.** The eldest hand, nothing called before him, by the count of his hand (knaves and better "
        "in the longest suit, aces outside it, and one for each card of it beyond three, as in the nap-call study):",
        table(("Count", *head), by_count),
        "**By seat**, nothing called before:",
        table(("Seat", *head), by_seat),
        "**The call to beat.** The seats after the eldest, by the highest call before them: how often the strategy "
        "passes and overcalls, and its most frequent overcall:",
        table(("To beat", "Decisions", "pass", "overcall", "most often"), over),
    ]


def _exploitability(measured_by_game: Mapping[str, str]) -> list[str]:
    """What the strategy files say of how they were made, and the tournament's measurements (the study's
    ``MEASURED``, by game; a marked place for a figure missing)."""
    rows = []
    for game, s in (("Three-card Loo, 5 players", loo_strategy()), ("Nap, 4 players", nap_strategy())):
        h = s.header
        trace = h.get("trace")
        last = [f"{t[-1]:.4f}" for t in trace if t] if isinstance(trace, list) else []
        rows.append(
            (
                game,
                ", ".join(str(p["pool"]) for p in s.pools),
                f"{h['mix']:.0%}" if "mix" in h else "not recorded",
                str(h.get("iterations", "not recorded")),
                f"{h['deals']:,}" if "deals" in h else "not recorded",
                ", ".join(last) or "not recorded",
                str(h.get("exploitability", "not recorded")),
            )
        )
    out = [
        "**How it was made, and how far it can be exploited.** From the strategy files' headers: the pool buckets, "
        "the share of `sensible` play in the field it was computed against (a restricted Nash response), the "
        "iterations and deals per iteration, the mean regret a turn at the last iteration (each pool), and any "
        "exploitability the file records:",
        table(
            (
                "Strategy",
                "Pools",
                "Field's sensible share",
                "Iterations",
                "Deals each",
                "Last mean regret",
                "Exploitability (file)",
            ),
            rows,
        ),
    ]
    for game, name in (("loo", "Three-card Loo"), ("nap", "Nap")):
        measured = measured_by_game.get(game)
        out.append(
            f"*{name}, measured in the duplicate tournament:* {measured}"
            if measured
            else f"> **[To be filled in by the lead]** {name}: the strategy's exploitability measured in the duplicate "
            "tournament (`roundgames exploit --field expert`), from docs/research/bots.md. Put it in "
            f"`MEASURED[{game!r}]` (roundgames/sim/studies/strategy.py) and make this report again."
        )
    return out


def _row_text(row: NDArray[np.uint8], names: Sequence[str]) -> str:
    """A strategy's row in words: each action it may take with its share, or that it has none."""
    if not row.any():
        return "no row: as `sensible`"
    parts = [(names[a], int(w)) for a, w in enumerate(row) if w]
    if len(parts) == 1:
        return parts[0][0]
    return ", ".join(f"{n} {100 * w / 255:.0f}%" for n, w in parts)


def _examples(pools: list[int]) -> str:
    """Some hands' rows, read from the tables: Loo's at each seat with nothing declared before (the lightest
    pool), Nap's as the eldest with nothing called and as the dealer over a call of three."""
    from ..strategy.buckets import loo_lookup, nap_lookup
    from ..strategy.fields import kernel_table

    keys, _ = loo_lookup()
    loo = kernel_table(loo_strategy(), pools[0], keys, LOO_CONTEXTS, len(LOO_ACTIONS))
    loo_rows = []
    for hand, turnup, what in LOO_EXAMPLES:
        b = int(np.searchsorted(keys, loo_bucket(mask_of(parse_cards(hand)), parse_card(turnup))))
        # each seat with nothing declared before it; the dealer, who then has no choice, against a lone stander
        first = [s * LOO_PLAYERS * 2 for s in range(LOO_PLAYERS - 1)] + [((LOO_PLAYERS - 1) * LOO_PLAYERS + 1) * 2]
        cells = [_row_text(loo[b * LOO_CONTEXTS + context], LOO_ACTIONS) for context in first]
        loo_rows.append((f"`{hand} / {turnup}`", what, *cells))
    nkeys, _ = nap_lookup()
    contexts = NAP_PLAYERS * NAP_CALLS
    nap = kernel_table(nap_strategy(), 0, nkeys, contexts, NAP_CALLS)
    nap_rows = []
    for hand, what in NAP_EXAMPLES:
        b = int(np.searchsorted(nkeys, nap_bucket(mask_of(parse_cards(hand)))))
        eldest = _row_text(nap[b * contexts], CALL_NAMES)
        dealer = _row_text(nap[b * contexts + (NAP_PLAYERS - 1) * NAP_CALLS + CALL_NAMES.index("3")], CALL_NAMES)
        nap_rows.append((f"`{hand}`", what, eldest, dealer))
    return "\n\n".join(
        [
            f"The strategy's rows for some hands, read from its tables. Three-card Loo, nothing declared before the "
            f"seat (the dealer: one stood before him, the miss untaken), pool {pools[0]} (trumps are spades; a share "
            "where the strategy mixes):",
            table(("Hand", "What it is", *SEAT_NAMES[:-1], "dealer, a lone stander"), loo_rows),
            "Nap, as the eldest hand with nothing called, and as the dealer over a call of three:",
            table(("Hand", "What it is", "Eldest, nothing called", "Dealer, three to beat"), nap_rows),
        ]
    )


def _loo_plots(c: Counts) -> list[Plot]:
    t = c.loo[0]

    def stand_by_rank(fig: Figure) -> None:
        left, right = fig.subplots(1, 2, sharey=True)
        for s in range(LOO_PLAYERS):
            x = t[:, s].sum(axis=(1, 2))  # by hand and declaration
            nt = [x[(LOO_TRUMPS == 0) & np.equal(LOO_PLAIN, b)].sum(axis=0) for b in range(len(PLAIN))]  # fmt: skip
            one = [x[(LOO_TRUMPS == 1) & np.equal(LOO_TOP, r)].sum(axis=0) for r in range(13)]
            left.plot(
                range(len(PLAIN)), [100 * y[STAND] / max(1, y.sum()) for y in nt], marker="o", label=SEAT_NAMES[s]
            )
            right.plot(range(13), [100 * y[STAND] / max(1, y.sum()) for y in one], marker="o", label=SEAT_NAMES[s])
        left.set_title("No trump: by the highest card")
        right.set_title("One trump: by its rank")
        left.set_xticks(range(len(PLAIN)), ["≤T", "J", "Q", "K", "A"])
        right.set_xticks(range(13), list(RANK_NAMES))
        left.set_ylabel("the strategy stands (% of decisions)")
        right.legend(title="seat")

    def miss_by_declared(fig: Figure) -> None:
        ax = fig.subplots()
        for s in range(LOO_PLAYERS - 1):
            ys = []
            for stood in range(s + 1):
                y = t[:, s, stood, 0].sum(axis=0)
                ys.append(100 * y[MISS] / max(1, y.sum()))
            ax.plot(range(s + 1), ys, marker="o", label=SEAT_NAMES[s])
        ax.set_xlabel("stood before (the miss untaken)")
        ax.set_ylabel("the strategy takes the miss (% of decisions)")
        ax.legend(title="seat")

    def by_pool(fig: Figure) -> None:
        ax = fig.subplots()
        for h, bucket in enumerate(LOO_BUCKETS):
            ys = []
            for k in range(len(c.pools)):
                y = c.loo[k][_trump_group(h)].sum(axis=(0, 1, 2, 3))
                ys.append(100 * (y[STAND] + y[MISS]) / max(1, y.sum()))
            ax.plot(c.pools, ys, marker="o", label=bucket)
        ax.set_xlabel("pool (once staked)")
        ax.set_ylabel("the strategy plays: stands or takes the miss (%)")
        ax.legend(fontsize=8)

    return [
        Plot(
            "loo-stand",
            f"Three-card Loo: how often the strategy stands, by the best card held and the seat (pool {c.pools[0]}).",
            stand_by_rank,
        ),
        Plot(
            "loo-miss",
            "How often the strategy takes the miss, by how many stood before (the miss untaken), by seat.",
            miss_by_declared,
        ),
        Plot("loo-pool", "How often the strategy plays at each of its pool buckets, by trumps.", by_pool),
    ]


def _nap_plots(c: Counts) -> list[Plot]:
    def nap_by_count(fig: Figure) -> None:
        ax = fig.subplots()
        counts = range(8)
        bottom = np.zeros(len(counts))
        for k in range(7):
            ys = []
            for n in counts:
                x = c.nap[np.equal(NAP_COUNT, n), 0, 0].sum(axis=0)
                ys.append(100 * x[k] / max(1, x.sum()))
            ax.bar(list(counts), ys, bottom=bottom, label=CALL_NAMES[k])
            bottom += np.array(ys)
        ax.set_xlabel("count: knaves and better in the longest suit + aces outside + length beyond three")
        ax.set_ylabel("the strategy's call, eldest hand (%)")
        ax.legend(fontsize=8, ncols=4)

    def nap_overcall(fig: Figure) -> None:
        ax = fig.subplots()
        highs = range(1, NAP_CALLS - 1)
        for s in range(1, NAP_PLAYERS):
            ys = []
            for high in highs:
                x = c.nap[:, s, high].sum(axis=0)
                ys.append(100 * x[1:].sum() / x.sum() if x.sum() else np.nan)
            ax.plot(list(highs), ys, marker="o", label=NAP_SEATS[s])
        ax.set_xticks(list(highs), [CALL_NAMES[h] for h in highs])
        ax.set_xlabel("the call to beat")
        ax.set_ylabel("the strategy overcalls (% of decisions)")
        ax.legend(title="seat")

    return [
        Plot(
            "nap-call",
            "Nap: the strategy's call as the eldest hand with nothing called, by the count of the hand.",
            nap_by_count,
        ),
        Plot("nap-overcall", "How often the strategy overcalls, by the call to beat and the seat.", nap_overcall),
    ]


def _verdict(m: Maxim) -> str:
    share = m.covered / m.of if m.of else 0.0
    return (
        f"{m.text} ({m.source.split(', ', 1)[0].split(' (')[0]}): the strategy does so in "
        f"{m.agreement.text(1, percent=True)} of the {m.covered:,} decisions it covers ({100 * share:.1f}% of "
        f"the {m.game} decisions)" + (f"; {m.note}" if m.note else "") + "."
    )


def _method(run: Run, pools: list[int]) -> str:
    return (
        "The strategy is the one the package ships (`roundgames/bots/strategies/`), read from its files: Three-card "
        f"Loo at five players, Peel's rules, one table for each of its pool buckets ({', '.join(map(str, pools))}: "
        "the pool a deal starts with once the dealer has staked), and Nap at four, Peel's rules. How often each "
        f"situation arises comes from the batch simulator: {run.size:,} deals at each Loo pool bucket and "
        f"{run.size:,} of Nap, every seat on the strategy (the simulator's `strategy` player, which declares and "
        "calls by the strategy's tables, drawing where they mix, as `sensible` where they have no row, and plays "
        "its cards as `sensible`). Every decision of every seat is counted by what the seat knew (a summary of its "
        "hand, its seat, what was declared or called before it) and what it did: the tables' shares are shares of "
        "decisions as they arise when the strategy plays itself.\n\n"
        "A maxim is made a rule over some decisions (those it speaks of: its *cover*); its agreement is the share of "
        "those the strategy decided as it says, with Wilson's 95% interval (the decisions of one deal are not "
        "independent, so the intervals are somewhat narrow). Maxims on a heavy pool compare the lightest and the "
        "heaviest pool buckets situation by situation.\n\n"
        f"Run: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed})."
    )


def strategy_report(sums: Sums, run: Run, measured: Mapping[str, str]) -> Report:
    """The report; ``measured`` is the study's ``MEASURED``, the exploitability measured of each game's strategy."""
    c = Counts.of(sums)
    found = maxims(c)
    advice: list[Advice] = [*STAND_ADVICE, *MISS_ADVICE, DEFENCE_ADVICE, *CALL_ADVICE]
    answer = "\n\n".join(
        [
            "### Three-card Loo",
            *_loo_tables(c),
            "### Nap",
            *_nap_tables(c),
            "### Exploitability",
            *_exploitability(measured),
        ]
    )
    return Report(
        name="strategy",
        title="The computed strategy",
        advice=advice,
        question="What does the computed strategy the expert declares and calls by do: when does it stand, take the "
        "miss or defend the pool at Three-card Loo, what does it call at Nap, and how often does it do what the "
        "period's maxims say? How far can it be exploited?",
        method=_method(run, c.pools),
        answer=answer,
        plots=_loo_plots(c) + _nap_plots(c),
        examples=_examples(c.pools),
        rules=[Rule(m.text, m.agreement.mean if m.covered else 0.0, _rule_note(m)) for m in found],
        command=run.command,
        verdicts=[_verdict(m) for m in found],
        agrees=("The strategy does what it says", ""),
    )


def _rule_note(m: Maxim) -> str:
    return f"{m.source}; {m.agreement.text(1, percent=True)} of {m.covered:,} decisions" + (
        f"; {m.note}" if m.note else ""
    )
