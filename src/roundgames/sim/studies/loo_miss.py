"""``loo-miss``: when to take the miss in Three-card Loo, by how many have declared to play before.

Random deals at a table of five; at each seat before the dealer the hero's declaration is fixed to stand, then to
take the miss, on the same deals (common random numbers); throwing up is worth 0 to him (LOO-DECL-2). Deals where
the miss was gone before his turn are left out. The deals are grouped by his seat, how many before him declared
to play (stood or took the miss: they declared before him, so their declarations are the same whatever he does)
and what his own hand holds in trumps. The deals are played with every seat ``sensible``, and again with every seat
on the computed strategy (the simulator's ``strategy`` player).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ...core.cards import mask_of, parse_card, parse_cards
from ..kernels import Setup
from ..report import Advice, Plot, Report, Rule, table
from ..stats import Estimate, mean_interval
from ..streams import chunk_seed
from . import Part, Run, Sums
from ._common import EW, LOO_BUCKETS, PEEL, declared_before, loo_bucket, moments, play, verdict

__all__ = ["ADVICE", "STUDY"]

PLAYERS: Final = 5
#: the pools before the dealer's stake: one loo carried (9 in all), and a heavy pool (27)
POOLS: Final = (6, 24)
#: deals per chunk
BLOCK: Final = 16384
#: how many declared before (3 counting three or more)
BEFORE: Final = 4
SEAT_NAMES: Final = ("eldest", "second", "third", "fourth")
ACTIONS: Final = ("stand", "throw up", "take the miss")
ADVICE: Final = (
    Advice(
        "As a general rule, the first player should not take the miss, as the dealer's stake is necessarily to be "
        'added to the loo. Nor the miss be taken after two players have "struck in" (declared to play).',
        f"{EW}, §98 Mode of play v",
    ),
    Advice(
        "If the sum in the pool is considerable, risky cards may be kept, or the miss taken at an early stage.",
        f"{PEEL}, Hints to players",
    ),
)
#: worked examples: hands for the third seat, with the turn-up, and what each is
EXAMPLES: Final = (
    ("9H 6D 3C", "2S", "no trump, nothing high"),
    ("AH QD 4C", "2S", "no trump, an ace and a queen"),
    ("6S 8H 4D", "2S", "a small trump"),
    ("QS 7H 3D", "2S", "the queen of trumps"),
    ("7S 4S 9H", "2S", "two small trumps"),
)
EXAMPLE_SEAT: Final = 2
#: groups: seat, declared before, hand's bucket
GROUPS: Final = (PLAYERS - 1) * BEFORE * len(LOO_BUCKETS)
#: the players at every seat, and the suffix of their tables' names
FIELDS: Final = (("sensible", ""), ("strategy", "-strategy"))


def _group(seat: int, before: NDArray[np.int64], bucket: NDArray[np.int64]) -> NDArray[np.int64]:
    return (seat * BEFORE + np.minimum(before, BEFORE - 1)) * len(LOO_BUCKETS) + bucket


@dataclass(frozen=True)
class LooMiss:
    """The study."""

    name: str = "loo-miss"
    title: str = "When to take the miss in Three-card Loo"
    size_kind: Literal["per-class", "deals"] = "deals"
    default_size: int = 5_000_000

    def chunks(self, size: int) -> int:
        return -(-size // BLOCK)

    def tables(self, size: int) -> Sums:
        # per group: deals, then the sum and squares of stand's net, the miss's, and the miss's minus stand's
        out = {}
        for _, suffix in FIELDS:
            out["groups" + suffix] = np.zeros((len(POOLS) * GROUPS, 7), dtype=np.int64)
            out["examples" + suffix] = np.zeros((len(POOLS) * len(EXAMPLES) * BEFORE, 7), dtype=np.int64)
        return out

    def chunk(self, size: int, seed: int, k: int) -> tuple[Part, int]:
        n = min(BLOCK, size - k * BLOCK)
        # every seat before the dealer, against either field, on the same deals
        deal_seed = chunk_seed(seed, k)
        part: Part = {}
        for field, suffix in FIELDS:
            # the worked examples: a quarter as many deals each, the hero's cards given; an eighth against the
            # strategy, whose half of the run plays as many deals as the sensible players' (a little slower)
            m = max(1, n // 4 if field == "sensible" else n // 8)
            total = np.zeros((len(POOLS) * GROUPS, 7), dtype=np.int64)
            examples = np.zeros((len(POOLS) * len(EXAMPLES) * BEFORE, 7), dtype=np.int64)
            for p, pool in enumerate(POOLS):
                total[p * GROUPS : (p + 1) * GROUPS] = self._pool(deal_seed, n, pool, field)
                for e, (hand, turnup, _) in enumerate(EXAMPLES):
                    given = {
                        "hand": np.full(m, mask_of(parse_cards(hand)), dtype=np.int64),
                        "turnup": np.full(m, parse_card(turnup), dtype=np.int64),
                    }
                    first = (p * len(EXAMPLES) + e) * BEFORE
                    ex = _sums(deal_seed, m, pool, EXAMPLE_SEAT, field, given, by_hand=False)
                    examples[first : first + BEFORE] = ex
            part["groups" + suffix] = (0, total)
            part["examples" + suffix] = (0, examples)
        per_example = max(1, n // 4) + max(1, n // 8)
        played = 2 * len(POOLS) * (len(FIELDS) * n * (PLAYERS - 1) + per_example * len(EXAMPLES))
        return part, played

    @staticmethod
    def _pool(deal_seed: int, n: int, pool: int, field: str) -> NDArray[np.int64]:
        """One pool's sums: every seat before the dealer on the same deals."""
        zero = np.zeros((GROUPS, 7), np.int64)
        return sum((_sums(deal_seed, n, pool, seat, field) for seat in range(PLAYERS - 1)), zero)

    def report(self, sums: Sums, run: Run) -> Report:
        def tables(suffix: str) -> _Tables:
            t = sums["groups" + suffix].reshape(len(POOLS), PLAYERS - 1, BEFORE, len(LOO_BUCKETS), 7)
            return _Tables(t[0], t[1], sums["examples" + suffix].reshape(len(POOLS), len(EXAMPLES), BEFORE, 7))

        return _report(tables(FIELDS[0][1]), tables(FIELDS[1][1]), run)


@dataclass(frozen=True)
class _Tables:
    """One field's tables: by seat, declared before and hand, at the pool of 9 (``light``) and 27 (``heavy``);
    the worked examples by pool, example and declared before."""

    light: NDArray[np.int64]
    heavy: NDArray[np.int64]
    examples: NDArray[np.int64]


def _sums(
    deal_seed: int,
    n: int,
    pool: int,
    seat: int,
    field: str,
    given: dict[str, NDArray[np.int64]] | None = None,
    by_hand: bool = True,
) -> NDArray[np.int64]:
    """The hero at ``seat`` standing and taking the miss on the same deals, every seat ``field`` players: the sums
    by group (his seat, how many declared before, his hand's trumps), or with ``by_hand`` false by how many
    declared before alone."""

    def run(action: str) -> dict[str, NDArray[np.int64]]:
        policies = (field,) * PLAYERS
        setup = Setup("three_card", PLAYERS, policies, pool=pool, hero=seat, hero_action=action)
        return play(setup, deal_seed, n, given)

    stand, miss = run("stand"), run("miss")
    before, gone = declared_before(stand["decl"], seat)
    # ``hero_forced``: the hero's declaration was the one asked for (the miss was still there at his turn)
    keep = ~gone & np.asarray(miss["hero_forced"], dtype=bool)
    if by_hand:
        hands = np.asarray(stand["hands"], dtype=np.int64)[:, seat]
        group = _group(seat, before, loo_bucket(hands, np.asarray(stand["turnup"], dtype=np.int64)))
        count = GROUPS
    else:
        group, count = np.minimum(before, BEFORE - 1), BEFORE
    group = np.where(keep, group, -1)
    a = np.asarray(stand["net"], dtype=np.int64)[:, seat]
    b = np.asarray(miss["net"], dtype=np.int64)[:, seat]
    parts = [moments(group, a, count), moments(group, b, count)[:, 1:], moments(group, b - a, count)[:, 1:]]
    return np.concatenate(parts, axis=1)


def _means(row: NDArray[np.int64]) -> tuple[Estimate, Estimate]:
    n = int(row[0])
    return mean_interval(n, float(row[1]), float(row[2])), mean_interval(n, float(row[3]), float(row[4]))


def _best(row: NDArray[np.int64]) -> int:
    """The best of stand (0), throw up (1, worth 0) and take the miss (2) in a group."""
    if row[0] == 0:
        return 1
    return int(np.argmax([row[1] / row[0], 0.0, row[3] / row[0]]))


def _edge(t: NDArray[np.int64], b_lo: int, b_hi: int) -> Estimate:
    """The miss's value against the better of standing and throwing up, ``b_lo`` to ``b_hi - 1`` declared before."""
    n, s1, s2 = 0, 0, 0
    for s in range(PLAYERS - 1):
        for b in range(b_lo, b_hi):
            for h in range(len(LOO_BUCKETS)):
                row = t[s, b, h]
                # against the group's better alternative: the miss minus standing, or the miss itself against
                # throwing up (worth 0)
                col = 5 if row[1] > 0 else 3
                n, s1, s2 = n + int(row[0]), s1 + int(row[col]), s2 + int(row[col + 1])
    return mean_interval(n, s1, s2)


def _miss_best(t: NDArray[np.int64], b_lo: int, b_hi: int, seats: range = range(PLAYERS - 1)) -> float:
    """The share of the deals, ``b_lo`` to ``b_hi - 1`` declared before, in groups where the miss is best."""
    groups = [t[s, b, h] for s in seats for b in range(b_lo, b_hi) for h in range(len(LOO_BUCKETS))]
    count = sum(int(row[0]) for row in groups)
    return sum(int(row[0]) for row in groups if _best(row) == 2) / count if count else 0.0


def _rows(t: NDArray[np.int64]) -> list[tuple[object, ...]]:
    """The answer's table of one field at one pool: each group's deals, stand's and the miss's means, the best."""
    rows: list[tuple[object, ...]] = []
    for s in range(PLAYERS - 1):
        for b in range(BEFORE):
            for h, bucket in enumerate(LOO_BUCKETS):
                row = t[s, b, h]
                if row[0] == 0:
                    continue
                st, mi = _means(row)
                before = f"{b}+" if b == BEFORE - 1 else str(b)
                rows.append((SEAT_NAMES[s], before, bucket, f"{row[0]:,}", st.text(2), mi.text(2), ACTIONS[_best(row)]))
    return rows


def _after_two(x: _Tables) -> tuple[str, str]:
    """Enquire Within's "nor ... after two players have struck in": the verdict's word and what it rests on."""
    t, heavy = x.light, x.heavy
    after_two, before_two = _miss_best(t, 2, BEFORE), _miss_best(t, 0, 2)
    after_two_h, before_two_h = _miss_best(heavy, 2, BEFORE), _miss_best(heavy, 0, 2)
    light_ok = after_two < 0.5 and after_two <= before_two
    heavy_ok = after_two_h < 0.5 and after_two_h <= before_two_h
    never = max(_miss_best(t, b, b + 1) for b in range(BEFORE)) == 0
    word = "Holds" if light_ok and heavy_ok else "Holds in part" if light_ok or heavy_ok else "Does not hold"
    return word, (
        f"after two or more have declared the miss is the best choice for {100 * after_two:.0f}% of the deals (by "
        f"the hero's seat and hand) with a pool of 9 ({100 * before_two:.0f}% before), and for "
        f"{100 * after_two_h:.0f}% with a heavy pool of 27 ({100 * before_two_h:.0f}% before)"
        + ("; with a pool of 9 the miss is never the best choice at all" if never else "")
    )


def _first(x: _Tables) -> tuple[str, str]:
    """Enquire Within's "the first player should not take the miss"."""
    first = [_best(x.light[0, 0, h]) == 2 for h in range(len(LOO_BUCKETS))]
    first_h = [_best(x.heavy[0, 0, h]) == 2 for h in range(len(LOO_BUCKETS))]
    word = "Holds" if not any(first) and not any(first_h) else "Holds in part" if not any(first) else "Fails in part"

    def hands(best: list[bool]) -> str:
        return ", ".join(LOO_BUCKETS[h] for h in range(len(LOO_BUCKETS)) if best[h]) or "no hand"

    return (
        word,
        f"for the eldest hand the miss is best with {hands(first)} at a pool of 9, and with {hands(first_h)} at 27",
    )


def _early(x: _Tables) -> tuple[str, str]:
    """Peel's "the miss taken at an early stage" when the pool is considerable."""
    early_heavy, early_light = _miss_best(x.heavy, 0, BEFORE, range(2)), _miss_best(x.light, 0, BEFORE, range(2))
    return ("Holds" if early_heavy > early_light else "Does not hold"), (
        f"with a heavy pool (27) the miss is the best choice at the first two seats for {100 * early_heavy:.0f}% of "
        f"the deals, against {100 * early_light:.0f}% with a pool of 9"
    )


def _answer_part(x: _Tables) -> list[str]:
    t, heavy = x.light, x.heavy
    share_best = {b: _miss_best(t, b, b + 1) for b in range(BEFORE)}
    return [
        table(("Seat", "Declared before", "His hand", "Deals", "Stand", "Take the miss", "Best"), _rows(t)),
        "Where the miss is the best of the three, by how many declared before: "
        + ", ".join(f"{b}{'+' if b == BEFORE - 1 else ''}: {100 * v:.0f}%" for b, v in share_best.items())
        + f". The miss's edge over the better of the other two, after two or more: {_edge(t, 2, BEFORE).text(2)}; "
        f"before: {_edge(t, 0, 2).text(2)}.",
        "With a heavy pool (27), where the miss is best, by how many declared before: "
        + ", ".join(
            f"{b}{'+' if b == BEFORE - 1 else ''}: {100 * _miss_best(heavy, b, b + 1):.0f}%" for b in range(BEFORE)
        )
        + f"; its edge over the better of the other two, before two have declared: {_edge(heavy, 0, 2).text(2)}.",
    ]


def _report(sens: _Tables, strat: _Tables, run: Run) -> Report:
    verdicts = [verdict(f(sens), f(strat)) for f in (_after_two, _first, _early)]
    verdicts[-1] = verdicts[-1].removesuffix(".") + " (Peel: the miss taken at an early stage)."
    answer = "\n\n".join(
        [
            "Mean net of the hero's deal (counters, 95% interval) when he stands and when he takes the miss; "
            "throwing up is worth 0. Five players, one loo carried (a pool of 9).",
            "### Against sensible players",
            *_answer_part(sens),
            "### Against the strategy",
            "The same deals with every seat declaring by the computed strategy (the hero too, where the miss was "
            "gone before his turn; those deals are left out):",
            *_answer_part(strat),
        ]
    )
    plots = []
    for x, suffix, against in ((sens, "", "sensible players"), (strat, "-strategy", "the strategy")):
        plots += [
            Plot(
                f"by-declared{suffix}",
                "The miss's mean net against standing's, by how many declared before and the hero's trumps (all seats "
                f"before the dealer, pool 9; throwing up is 0), against {against}.",
                _drawer(x.light),
            ),
            Plot(
                f"by-declared-heavy{suffix}",
                f"The same with a heavy pool (27), against {against}.",
                _drawer(x.heavy),
            ),
        ]
    return Report(
        name="loo-miss",
        title="When to take the miss in Three-card Loo",
        advice=list(ADVICE),
        question="Is taking the miss worth more than standing or throwing up, and does the answer change once two "
        "players have declared to play (LOO-DECL-3, -4), against players who declare as the period advises and "
        "against the computed strategy?",
        method=_method(run),
        answer=answer,
        plots=plots,
        examples=_examples(sens.examples, strat.examples),
        rules=_rules(sens.light, strat.light),
        command=run.command,
        verdicts=verdicts,
    )


def _method(run: Run) -> str:
    return (
        "Three-card Loo, Peel's rules (a deal of 3, a loo of 6), five players, `sensible` at every seat. "
        f"{run.size:,} random deals at each of two pools (9: one loo carried; 27: a heavy pool), each played twice "
        "from each seat before the dealer: once with the hero standing and once with him taking the miss (the same "
        "cards and the same players' choices: common random numbers); his later play is `sensible`'s. Deals where "
        "the miss was gone before his turn are left out. The tables are at the pool of 9 unless they say.\n\n"
        f"Run: {run.deals:,} deals in {run.seconds:.0f} s (seed {run.seed}).\n\n"
        "**The players' bias.** Who declares before the hero is `sensible`'s choice: it takes the miss itself when "
        "an average unseen hand is worth more to it than its own, asking more of the miss from the first to "
        "declare and for each player in (at the pool of 9 the eldest hand takes it in about half the deals), so "
        "the miss is often gone before a late seat, and the hands that "
        "struck in are as strong as its estimate demands. Stronger players who stand more tightly would make "
        "the miss worse still after two have struck in.\n\n"
        "**Against the strategy.** Every deal is played again with every seat on the computed strategy the "
        "package ships (the simulator's `strategy` player: it declares as the expert does, by a table of mixed "
        "strategies over hand buckets computed against a field that plays `sensible` half the time, at the pool's "
        "bucket, and plays its cards as `sensible`); the hero's two declarations are fixed as before. The worked "
        "examples are dealt half as often against the strategy."
    )


def _drawer(t: NDArray[np.int64]) -> Callable[[Figure], None]:
    return lambda fig: _plot(fig, t)


def _plot(fig: Figure, t: NDArray[np.int64]) -> None:
    axes = fig.subplots(1, len(LOO_BUCKETS), sharey=True)
    xs = list(range(BEFORE))
    for h, ax in enumerate(axes):
        for col, label in ((1, "stand"), (3, "take the miss")):
            ys = []
            for b in xs:
                row = t[:, b, h].sum(axis=0)
                ys.append(row[col] / row[0] if row[0] else np.nan)
            ax.plot(xs, ys, marker="o", label=label)
        ax.axhline(0, color="grey", lw=0.8, label="throw up")
        ax.set_title(LOO_BUCKETS[h], fontsize=9)
        ax.set_xticks(xs, ["0", "1", "2", "3+"])
        ax.set_xlabel("declared before")
    axes[0].set_ylabel("mean net (counters)")
    axes[-1].legend(fontsize=8)


def _examples(ex: NDArray[np.int64], ex_t: NDArray[np.int64]) -> str:
    rows = []
    for e, (hand, turnup, what) in enumerate(EXAMPLES):
        for p, pool in enumerate(POOLS):
            for against, x in (("sensible", ex), ("strategy", ex_t)):
                for b in range(BEFORE):
                    row = x[p, e, b]
                    if row[0] < 30:
                        continue
                    st, mi = _means(row)
                    before = f"{b}+" if b == BEFORE - 1 else str(b)
                    rows.append(
                        (
                            f"`{hand} / {turnup}`",
                            what,
                            str(pool + 3),
                            against,
                            before,
                            st.text(2),
                            mi.text(2),
                            ACTIONS[_best(row)],
                        )
                    )
    return (
        f"Some hands at the {SEAT_NAMES[EXAMPLE_SEAT]} seat (trumps are spades), by the pool, the players (sensible "
        "or the strategy) and how many declared before him (where at least 30 deals met the case):\n\n"
        + table(("Hand", "What it is", "Pool", "Against", "Declared before", "Stand", "Take the miss", "Best"), rows)
    )


def _rules(t: NDArray[np.int64], t_s: NDArray[np.int64]) -> list[Rule]:
    """The rules (at the pool of 9), each with its agreement against sensible players and against the strategy."""

    def agree(choose: dict[tuple[int, int, int], int], tab: NDArray[np.int64]) -> float:
        hit = total = 0
        for (s, b, h), action in choose.items():
            n = int(tab[s, b, h, 0])
            total += n
            hit += n * (action == _best(tab[s, b, h]))
        return hit / total if total else 0.0

    keys = [(s, b, h) for s in range(PLAYERS - 1) for b in range(BEFORE) for h in range(len(LOO_BUCKETS))]
    plain = {k: (1 if k[2] == 0 else 0) for k in keys}
    ew = {k: (2 if k[2] == 0 and k[1] < 2 and k[0] > 0 else plain[k]) for k in keys}
    always = {k: 2 for k in keys}
    return [
        Rule("Never take the miss: stand with a trump, throw up without", agree(plain, t), strategy=agree(plain, t_s)),
        Rule(
            "Without a trump take the miss, unless you are first or two have declared; with a trump stand (Enquire "
            "Within's advice made a rule)",
            agree(ew, t),
            strategy=agree(ew, t_s),
        ),
        Rule("Always take the miss when it is there", agree(always, t), strategy=agree(always, t_s)),
    ]


STUDY: Final = LooMiss()
