"""``loo-defence``: the dealer's defence of the pool in Three-card Loo (LOO-DECL-8).

When exactly one player stood and nobody took the miss, the dealer may not throw up: he stands on his own cards,
takes the miss and plays it for himself, or plays the miss "for the pool" (whatever it wins stays there); under
``dealer_lone_stander: may_concede`` (Enquire Within) he may give up the stakes instead. Random deals at a table of
five are played with each of these choices fixed for the dealer, on the same deals, and those where the case arose
are kept.

The value of a choice is the dealer's net in the deal plus a fifth of what the deal carries into the next pool:
defending the pool is about the carry (the lone stander's loo, the miss's winnings), which comes back to the table
and, over the following deals, to the dealer as much as to anyone.

The same deals are played again with every seat on the computed strategy (the simulator's ``strategy`` player), at
the same three pools; the concession is not among the strategy's rules, so it is left out there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ...core.cards import mask_of, parse_card, parse_cards
from ...core.errors import RulesError
from ..kernels import Setup, kernel_for
from ..report import Advice, Plot, Report, Rule, table
from ..stats import Estimate, mean_interval
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import DECL_MISS, DECL_STAND, EW, LOO_BUCKETS, PEEL, loo_bucket, moments, play, verdict

__all__ = ["ADVICE", "STUDY"]

PLAYERS: Final = 5
DEALER: Final = PLAYERS - 1
#: the tables played: the players before the dealer, and the pool before the dealer's stake. Among ``sensible``
#: players a lone stander with the miss untaken arises only while the pool is light (five players: in about half
#: the deals with the dealer's stake alone in the pool, in none from 12 counters, where the first weak hand takes
#: the miss), so the heavier pools are played with ``random`` players before the dealer
CONFIGS: Final[tuple[tuple[str, int], ...]] = (
    ("sensible", 0),
    ("random", 6),
    ("random", 24),
    ("strategy", 0),
    ("strategy", 6),
    ("strategy", 24),
)
#: the tables of each field: sensible players (and random ones at the heavier pools), and the strategy
FIELD_CONFIGS: Final = (range(0, 3), range(3, 6))
#: what the report calls the players of each table
PLAYERS_NAMES: Final = {"sensible": "sensible players", "random": "random players", "strategy": "the strategy"}
BLOCK: Final = 16384
#: the dealer's choices, by the kernel's hero action, with what the report calls them
ACTIONS: Final = (
    ("stand", "stand"),
    ("miss", "take the miss"),
    ("defend", "play the miss for the pool"),
    ("throw", "give up the stakes"),
)
#: worked examples: the dealer's hands, with the turn-up, and what each is
EXAMPLES: Final = (
    ("9H 6D 3C", "2S", "no trump, nothing high"),
    ("AH 7D 4C", "2S", "no trump but an ace"),
    ("6S 8H 4D", "2S", "a small trump"),
    ("KS 4H 3D", "2S", "the king of trumps"),
    ("7S 4S 9H", "2S", "two small trumps"),
)
CONCEDE: Final = {"dealer_lone_stander": "may_concede"}
#: Peel's order for the dealer facing a lone stander
ADVICE: Final = Advice(
    "The dealer, if he cannot stand on his own cards, may take the miss. If he does not care to do either he must "
    "play the miss for the benefit of the pool, against the single player.",
    f"{PEEL}, Declaring",
)
#: columns: deals, each choice's sum and squares (value times the players), each other choice minus defending's
COLUMNS: Final = 1 + 2 * len(ACTIONS) + 2 * (len(ACTIONS) - 1)


def concede_played() -> bool:
    """Whether the Three-card kernel plays the dealer's concession (the ``may_concede`` option)."""
    policies = ("sensible",) * PLAYERS
    try:
        kernel_for("three_card").check(
            Setup("three_card", PLAYERS, policies, CONCEDE, hero=DEALER, hero_action="throw")
        )
    except RulesError:
        return False
    return True


@dataclass(frozen=True)
class LooDefence:
    """The study."""

    name: str = "loo-defence"
    title: str = "The dealer's defence of the pool in Three-card Loo"
    size_kind: Literal["per-class", "deals"] = "deals"
    default_size: int = 5_000_000

    def chunks(self, size: int) -> int:
        return -(-size // BLOCK)

    def tables(self, size: int) -> Sums:
        return {
            "groups": np.zeros((len(CONFIGS) * len(LOO_BUCKETS), COLUMNS), dtype=np.int64),
            "examples": np.zeros((len(CONFIGS) * len(EXAMPLES), COLUMNS), dtype=np.int64),
        }

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        n = min(BLOCK, size - k * BLOCK)
        deal_seed = chunk_seed(seed, k)
        out = np.zeros((len(CONFIGS) * len(LOO_BUCKETS), COLUMNS), dtype=np.int64)
        examples = np.zeros((len(CONFIGS) * len(EXAMPLES), COLUMNS), dtype=np.int64)
        # the worked examples: a quarter as many deals each, the dealer's cards given
        m = max(1, n // 4)
        played = 0
        for p, (field, pool) in enumerate(CONFIGS):
            sums, count = _sums(deal_seed, n, field, pool)
            out[p * len(LOO_BUCKETS) : (p + 1) * len(LOO_BUCKETS)] = sums
            played += count
            for e, (hand, turnup, _) in enumerate(EXAMPLES):
                given = {
                    "hand": np.full(m, mask_of(parse_cards(hand)), dtype=np.int64),
                    "turnup": np.full(m, parse_card(turnup), dtype=np.int64),
                }
                sums, count = _sums(deal_seed, m, field, pool, given)
                examples[p * len(EXAMPLES) + e] = sums.sum(axis=0)
                played += count
        return {"groups": (0, out), "examples": (0, examples)}, played

    def report(self, sums: Sums, run: Run) -> Report:
        ex = sums["examples"].reshape(len(CONFIGS), len(EXAMPLES), COLUMNS)
        return _report(sums["groups"].reshape(len(CONFIGS), len(LOO_BUCKETS), COLUMNS), ex, run)


def _sums(
    deal_seed: int, n: int, field: str, pool: int, given: dict[str, NDArray[np.int64]] | None = None
) -> tuple[NDArray[np.int64], int]:
    """Every choice of the dealer on the same deals, at a table of ``field`` players before him: the sums of the
    deals where the case arose, by the dealer's trumps, and how many deals were played."""
    # the concession is not among the rules the strategy is computed for (nor does any shipped one fit them)
    concede = concede_played() and field != "strategy"
    policies = (field,) * DEALER + ("strategy" if field == "strategy" else "sensible",)
    values = []
    case = bucket = None
    played = 0
    for action, _ in ACTIONS:
        if action == "throw" and not concede:
            values.append(np.zeros(n, dtype=np.int64))
            continue
        options = CONCEDE if action == "throw" else {}
        res = play(Setup("three_card", PLAYERS, policies, options, pool, DEALER, action), deal_seed, n, given)
        played += n
        values.append(np.asarray(res["net"], dtype=np.int64)[:, DEALER] * PLAYERS + np.asarray(res["pool"]))
        if case is None:
            before = np.asarray(res["decl"])[:, :DEALER]
            case = ((before == DECL_STAND).sum(axis=1) == 1) & ~(before == DECL_MISS).any(axis=1)
            hands = np.asarray(res["hands"], dtype=np.int64)[:, DEALER]
            bucket = loo_bucket(hands, np.asarray(res["turnup"], dtype=np.int64))
    assert case is not None and bucket is not None
    group = np.where(case, bucket, -1)
    g = len(LOO_BUCKETS)
    cols = [moments(group, values[0], g)[:, :1]]
    cols += [moments(group, v, g)[:, 1:] for v in values]
    cols += [moments(group, v - values[2], g)[:, 1:] for i, v in enumerate(values) if i != 2]
    return np.concatenate(cols, axis=1), played


def _value(row: NDArray[np.int64], a: int) -> Estimate:
    """Choice ``a``'s mean value (counters)."""
    e = mean_interval(int(row[0]), float(row[1 + 2 * a]), float(row[2 + 2 * a]))
    return Estimate(e.mean / PLAYERS, e.low / PLAYERS, e.high / PLAYERS, e.n)


def _versus_defend(row: NDArray[np.int64], a: int) -> Estimate:
    """Choice ``a`` (not defending) minus defending, paired on the same deals."""
    j = 1 + 2 * len(ACTIONS) + 2 * (a if a < 2 else a - 1)
    e = mean_interval(int(row[0]), float(row[j]), float(row[j + 1]))
    return Estimate(e.mean / PLAYERS, e.low / PLAYERS, e.high / PLAYERS, e.n)


def _labels() -> list[str]:
    """Each table's name in the report."""
    return [f"{PLAYERS_NAMES[field]}, pool {pool + 3}" for field, pool in CONFIGS]


def _choices(concede: bool) -> range:
    return range(len(ACTIONS) if concede else len(ACTIONS) - 1)


def _best(row: NDArray[np.int64], concede: bool) -> int:
    if row[0] == 0:
        return 2
    return max(_choices(concede), key=lambda a: row[1 + 2 * a])


def _method(run: Run, concede: bool) -> str:
    return (
        f"Three-card Loo, Peel's rules (a deal of 3, a loo of 6), five players. {run.size:,} random deals at "
        "each of three tables, each deal played with every choice of the dealer fixed (common random numbers); "
        "the deals where exactly one player stood before him and nobody took the miss are kept. Among "
        "`sensible` players that case arises only while the pool is light (from 12 counters the first weak hand "
        "takes the miss), so the first table has `sensible` players and the dealer's stake "
        "alone in the pool (3), and the heavier pools (9 and 27) have `random` players before the dealer, whose "
        "lone stander holds any hand; the dealer plays as `sensible` after his declaration. A choice's value is the dealer's net plus a fifth of what the deal carries into the "
        "next pool (the carry returns to the table's five players over the next deals)."
        + ("" if concede else " The simulator does not play the concession (`may_concede`), so it is left out.")
        + " The same deals are played again with every seat on the computed strategy the package ships (the "
        "simulator's `strategy` player: it declares as the expert does, by a table of mixed strategies over hand "
        "buckets computed against a field that plays `sensible` half the time, and plays its cards as `sensible`), "
        "at the same three pools, the dealer's choice fixed as before; the concession is not among the rules the "
        "strategy is computed for, so it is weighed against sensible players only."
        + f"\n\nRun: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed}).\n\n"
        "**The players' bias.** The lone stander's hand is as strong as his player's rule demands: a `sensible` "
        "stander's is strong, a `random` one's is any hand; a real stander lies between, and the dealer's best "
        "choice against him lies between the tables'. The fifth of the carry is a simplification: who wins the next pool depends on the next deals."
    )


def _conceding(p: int, concede: bool) -> bool:
    """Whether table ``p`` weighs the concession (never against the strategy: it is not among its rules)."""
    return concede and CONFIGS[p][0] != "strategy"


def _tables(t: NDArray[np.int64], configs: range, concede: bool) -> list[str]:
    """The answer's two tables for the tables ``configs`` (one field's)."""
    choices = _choices(concede)
    names = [ACTIONS[a][1] for a in choices]
    rows, diffs = [], []
    for p in configs:
        for h, bucket in enumerate(LOO_BUCKETS):
            row = t[p, h]
            if row[0] == 0:
                continue
            cells = [_value(row, a).text(2) for a in choices]
            rows.append((_labels()[p], bucket, f"{row[0]:,}", *cells, ACTIONS[_best(row, concede)][1]))
            diffs.append((_labels()[p], bucket, *(_versus_defend(row, a).text(2) for a in choices if a != 2)))
    return [
        table(("Table", "Dealer's hand", "Deals", *names, "Best"), rows),
        "Each choice against playing the miss for the pool, on the same deals:",
        table(("Table", "Dealer's hand", *(n for n in names if n != ACTIONS[2][1])), diffs),
    ]


def _peel_order(t: NDArray[np.int64], configs: range, concede: bool) -> tuple[str, str]:
    """Peel's order at the tables ``configs`` (one field's): the verdict's word and what it rests on."""
    met = [p for p in configs if t[p, :, 0].sum()]
    if not met:
        return "Cannot be measured", "the case never arose"
    c = {p: _conceding(p, concede) for p in met}
    defend_best = sum(int(t[p, h, 0]) for p in met for h in range(len(LOO_BUCKETS)) if _best(t[p, h], c[p]) == 2)
    total = int(sum(t[p, :, 0].sum() for p in met))
    no_trump = [f"{_labels()[p]}: {ACTIONS[_best(t[p, 0], c[p])][1]}" for p in met if t[p, 0, 0]]
    stand_good = all(_best(t[p, 3], c[p]) == 0 for p in met if t[p, 3, 0])
    miss_weak = all(_best(t[p, 0], c[p]) == 1 for p in met if t[p, 0, 0])
    word = "Holds" if stand_good and miss_weak else "Holds in part" if stand_good else "Does not hold"
    return word, (
        (
            "with two or three trumps standing is best at every table"
            if stand_good
            else "with two or three trumps standing is not always best"
        )
        + "; without a trump the best is to "
        + ("; ".join(no_trump) or "(no such deal)")
        + f"; playing the miss for the pool is the best choice for {100 * defend_best / max(1, total):.0f}% of the "
        "dealer's hands in this case"
        + ("" if len(met) == len(configs) else f" (the case arose at {len(met)} of the {len(configs)} tables)")
    )


def _report(t: NDArray[np.int64], ex: NDArray[np.int64], run: Run) -> Report:
    concede = concede_played()
    sens, strat = FIELD_CONFIGS
    verdicts = [
        verdict(
            _peel_order(t, sens, concede),
            _peel_order(t, strat, concede),
            "Peel's order (stand on good cards, else take the miss, else play it for the pool): ",
        )
    ]
    if concede:
        c = _versus_defend(t[0, 0], 3)
        verdicts.append(
            "Enquire Within's concession is "
            + ("worse than" if c.high < 0 else "better than" if c.low > 0 else "no different from")
            + f" defending for a dealer without a trump: {c.text(2)} counters against playing the miss for the pool "
            "(against sensible players; the strategy is not computed for the concession)."
        )
    answer = "\n\n".join(
        [
            "The dealer's value in the LOO-DECL-8 case (his net plus a fifth of what the deal carries on; "
            "counters, 95% interval), by the table (the players before the dealer and the pool) and his own hand.",
            "### Against sensible players",
            *_tables(t, sens, concede),
            "### Against the strategy",
            "The same deals with every seat on the computed strategy (the dealer's declaration fixed), at the same "
            "pools:",
            *_tables(t, strat, False),
        ]
    )
    advice = [ADVICE]
    if concede:
        advice.append(Advice("[The dealer] may either play or give up the stakes.", f"{EW}, §96 vii"))
    return Report(
        name="loo-defence",
        title="The dealer's defence of the pool in Three-card Loo",
        advice=advice,
        question="When one player stands alone and the miss is untaken, what should the dealer do: stand on his own "
        "cards, take the miss, play the miss for the pool" + (", or give up the stakes" if concede else "") + ", "
        "against players who declare as the period advises and against the computed strategy?",
        method=_method(run, concede),
        answer=answer,
        plots=[
            Plot(
                "by-hand",
                "The dealer's choices by his hand, at each table of sensible (and random) players.",
                lambda fig: _plot(fig, t, sens, concede),
            ),
            Plot(
                "by-hand-strategy",
                "The same against the computed strategy.",
                lambda fig: _plot(fig, t, strat, False),
            ),
        ],
        examples=_examples(ex, concede),
        rules=_rules(t, concede),
        command=run.command,
        verdicts=verdicts,
    )


def _plot(fig: Figure, t: NDArray[np.int64], configs: range, concede: bool) -> None:
    axes = fig.subplots(1, len(configs), sharey=True)
    choices = list(_choices(concede))
    width = 0.8 / len(choices)
    for ax, p in zip(axes, configs, strict=True):
        for j, a in enumerate(choices):
            ys = [_value(t[p, h], a).mean if t[p, h, 0] else np.nan for h in range(len(LOO_BUCKETS))]
            ax.bar(np.arange(len(LOO_BUCKETS)) + (j - (len(choices) - 1) / 2) * width, ys, width, label=ACTIONS[a][1])
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_title(_labels()[p], fontsize=9)
        ax.set_xticks(range(len(LOO_BUCKETS)), ["none", "1 low", "1 high", "2+"])
        ax.set_xlabel("the dealer's trumps")
    axes[0].set_ylabel("dealer's value (counters)")
    axes[-1].legend(fontsize=8)


def _examples(ex: NDArray[np.int64], concede: bool) -> str:
    rows = []
    for e, (hand, turnup, what) in enumerate(EXAMPLES):
        for p, label in enumerate(_labels()):
            row = ex[p, e]
            if row[0] < 30:
                continue
            c = _conceding(p, concede)
            cells = [_value(row, a).text(2) if a in _choices(c) else "" for a in _choices(concede)]
            rows.append((f"`{hand} / {turnup}`", what, label, f"{row[0]:,}", *cells, ACTIONS[_best(row, c)][1]))
    names = [ACTIONS[a][1] for a in _choices(concede)]
    return (
        "Some hands of the dealer facing a lone stander (trumps are spades), at each table where at least 30 deals "
        "met the case:\n\n" + table(("Dealer's hand", "What it is", "Table", "Deals", *names, "Best"), rows)
    )


def _rules(t: NDArray[np.int64], concede: bool) -> list[Rule]:
    def agree(choose: list[int], configs: range) -> float:
        hit = total = 0
        for p in configs:
            for h in range(len(LOO_BUCKETS)):
                n = int(t[p, h, 0])
                total += n
                hit += n * (choose[h] == _best(t[p, h], _conceding(p, concede)))
        return hit / total if total else 0.0

    def rule(text: str, choose: list[int]) -> Rule:
        return Rule(text, agree(choose, FIELD_CONFIGS[0]), strategy=agree(choose, FIELD_CONFIGS[1]))

    return [
        rule("Stand with a trump; without one take the miss (Peel's order)", [1, 0, 0, 0]),
        rule("Stand with a trump; without one play the miss for the pool", [2, 0, 0, 0]),
        rule("Stand with two trumps or a high one; otherwise take the miss", [1, 1, 0, 0]),
        rule("Always play the miss for the pool", [2, 2, 2, 2]),
    ]


STUDY: Final = LooDefence()
