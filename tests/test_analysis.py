"""The expert's review of a deal and its hints (roundgames.session.analysis), and the terminal table's hints
(Table.hint, the score sheet's marks, the saved table's): through the public API, on deals the bots play.

Nap with three seats and Three-card Loo keep each review to a second or so."""

from __future__ import annotations

import json
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from roundgames.bots import make_bot, play_deal
from roundgames.core.errors import RecordError
from roundgames.games.registry import new_deal, rules_for
from roundgames.records.deal import DealRecord, record_of, start
from roundgames.records.files import loads_any
from roundgames.records.table import loads_table
from roundgames.session.analysis import TIE, Hint, Job, Option, hint, is_decision, option_lines, review, run
from roundgames.session.input import action_text
from roundgames.session.table import Table

GAMES = {"nap": (3, 0), "loo": (4, 9)}  # seats, and the pool brought forward


def played(game: str, seed: int) -> DealRecord:
    """A deal of ``game`` dealt with ``seed`` and played out by the sensible bot, as a record."""
    seats, pool = GAMES[game]
    deal = new_deal(game, rules_for(game, "peel"), seats, dealer=0, pool=pool)
    deal.deal(seed)
    play_deal(deal, {s: make_bot("sensible", game, seed=s) for s in range(seats)})
    return record_of(deal)


def choices(record: DealRecord, seats: set[int]) -> tuple[set[int], set[int]]:
    """The actions of ``seats`` (by their index in the log) made in turn with more than one legal action, and
    those made with exactly one, found by the engine's own legal actions as the record is replayed."""
    deal = start(record)
    many, forced = set(), set()
    for text in record.actions:
        action = deal.parse_action(text)
        if action.seat in seats and action.seat == deal.to_act:
            (many if len(deal.legal_actions()) > 1 else forced).add(len(deal.log))
        deal.apply(action)
    return many, forced


@pytest.mark.parametrize(("game", "seed"), [("nap", 3), ("nap", 8), ("loo", 5), ("loo", 12)])
def test_every_decision_with_a_choice_is_weighed_and_every_forced_one_skipped(game: str, seed: int) -> None:
    record = played(game, seed)
    found = review(record, [0, 1], table_seed=11)
    many, forced = choices(record, {0, 1})
    assert many, "the seats made no choice in this deal: the test would prove nothing"
    assert {d.index for d in found.decisions} == many
    assert not forced & {d.index for d in found.decisions}
    for d in found.decisions:
        assert d.seat in (0, 1) and d.options, d
        assert record.actions[d.index].split(maxsplit=1)[1] == d.taken  # the action of the log, seat dropped
        rest = [o.value for o in d.options[1:]]
        assert rest == sorted(rest, reverse=True)  # the expert's choice first, then the others best first


def test_a_forced_action_is_no_decision() -> None:
    """The last card of a Three-card Loo hand is forced: it is never weighed."""
    record = played("loo", 5)
    deal = start(record)
    last = len(record.actions) - 1
    for text in record.actions[:last]:
        deal.apply(deal.parse_action(text))
    action = deal.parse_action(record.actions[last])
    assert deal.legal_actions() == [action]  # one card left: one option
    assert not is_decision(deal, action)
    everyone = review(record, range(4))
    assert last not in {d.index for d in everyone.decisions}


@pytest.mark.parametrize(("game", "seed"), [("nap", 3), ("nap", 21), ("loo", 5), ("loo", 7)])
def test_the_loss_is_the_best_value_less_the_taken_one_and_never_below_zero(game: str, seed: int) -> None:
    """The loss is the expert's choice's value less the taken action's, or 0 when the action taken was valued
    higher (the expert keeps the model's choice without clear evidence): seats played at random, so both occur."""
    seats, pool = GAMES[game]
    deal = new_deal(game, rules_for(game, "peel"), seats, dealer=0, pool=pool)
    deal.deal(seed)
    play_deal(deal, {s: make_bot("random" if s else "sensible", game, seed=s) for s in range(seats)})
    found = review(record_of(deal), [0, 1, 2])
    assert found.decisions
    for d in found.decisions:
        assert d.taken_value is not None  # the bots play by the rules: every action taken has a value
        assert d.loss == pytest.approx(max(0.0, d.best.value - d.taken_value), abs=TIE)
        assert d.matched == (d.loss <= TIE)
        listed = [o.value for o in d.options if o.action == d.taken]
        if listed:  # weighed with the others: its value is the listed one
            assert listed == [d.taken_value]
    for seat in (0, 1, 2):
        summary = found.summary(seat)
        mine = [d for d in found.decisions if d.seat == seat]
        assert summary.decisions == len(mine)
        assert summary.loss == pytest.approx(sum(d.loss or 0.0 for d in mine))


def test_the_review_is_the_same_for_the_same_seed_in_another_process() -> None:
    record = played("nap", 8)
    job = Job(record, (0, 1), table_seed="table-7", deal_index=2)
    here = review(record, [0, 1], table_seed="table-7", deal_index=2)
    assert review(record, [0, 1], table_seed="table-7", deal_index=2) == here
    # A fresh interpreter (spawned, as the web server's workers are made): the job pickles, and the seeds are not
    # Python's salted hash.
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert pool.submit(run, job).result(timeout=120) == here


def test_a_hint_at_a_turn_shows_what_the_review_of_that_decision_shows() -> None:
    """A hint is seeded as the review of its decision is: the person sees the same values (and the same note) before
    and after."""
    deal = new_deal("nap", rules_for("nap", "peel"), 3, dealer=2, pool=0)
    deal.deal(14)
    hints: dict[int, Any] = {}
    bots = {s: make_bot("sensible", "nap", seed=s) for s in range(3)}
    while not deal.is_complete:
        seat = deal.to_act
        if seat == 0 and len(deal.legal_actions()) > 1:
            hints[len(deal.log)] = hint(deal, 0, table_seed=99, deal_index=4)
        deal.apply(bots[seat].choose(deal.view(seat)))
    found = review(record_of(deal), [0], table_seed=99, deal_index=4)
    assert hints and {d.index: Hint(d.options, d.note) for d in found.decisions} == hints


def test_a_hint_is_for_the_seats_own_turn() -> None:
    deal = new_deal("nap", rules_for("nap", "peel"), 3, dealer=0, pool=0)
    deal.deal(2)
    other = (deal.to_act + 1) % 3
    with pytest.raises(RecordError) as info:
        hint(deal, other)
    assert info.value.field == "hint" and "turn" in info.value.reason
    assert hint(deal, deal.to_act).options  # the seat to act gets its options


def test_a_record_in_progress_is_weighed_up_to_its_last_action() -> None:
    record = played("loo", 12)
    half = DealRecord(**{**record.__dict__, "actions": record.actions[:5]})
    found = review(half, [0, 1, 2, 3])
    assert all(d.index < 5 for d in found.decisions)
    assert [d for d in review(record, [0, 1, 2, 3]).decisions if d.index < 5] == list(found.decisions)


# -- the terminal table's hints -----------------------------------------------------------------------


def _finish_deal(table: Table) -> None:
    """Play the deal in progress to its end: the person's first legal action at each of his turns."""
    while True:
        table.run_bots()
        if table.to_act is None:
            return
        table.act(0, table.legal_texts(0)[0].replace(" CARDS", ""))


def test_a_table_without_hints_refuses_one_naming_the_option() -> None:
    table = Table.new("nap", players=3, humans=[0], seed=4)
    table.start_deal()
    table.run_bots()
    with pytest.raises(RecordError) as info:
        table.hint(0)
    assert info.value.field == "hints" and "--hints" in info.value.reason
    assert table.hinted == {}


def test_a_hint_marks_its_deal_on_the_score_sheet_and_in_the_saved_table(tmp_path: Path) -> None:
    table = Table.new("nap", players=3, humans=[0], seed=4, hints=True, rounds=2)
    table.start_deal()
    _finish_deal(table)  # deal 1 without a hint
    table.start_deal()
    table.run_bots()
    options = table.hint(0).options
    deal = table.in_play
    assert options and {o.action for o in options} <= {action_text(deal, a) for a in deal.legal_actions()}
    _finish_deal(table)
    assert table.hint_marks() == [[], ["You"]]

    path = tmp_path / "table.json"
    table.save(str(path))
    saved = json.loads(path.read_text())
    assert saved["hints"] is True and saved["hinted"] == {"2": ["You"]}
    again = Table.load(str(path))
    assert again.hints and again.hint_marks() == [[], ["You"]]

    plain = Table.new("nap", players=3, humans=[0], seed=4)
    plain.save(str(tmp_path / "plain.json"))
    assert "hints" not in json.loads((tmp_path / "plain.json").read_text())  # other tables' files unchanged


@pytest.mark.parametrize(
    ("extra", "field"),
    [({"hints": "yes"}, "hints"), ({"hinted": {"0": ["You"]}}, "hinted"), ({"hinted": {"1": ["Zed"]}}, "hinted.1")],
)
def test_a_saved_tables_malformed_hints_are_named(extra: dict[str, Any], field: str) -> None:
    table = Table.new("nap", players=3, humans=[0], seed=4)
    text = json.dumps({**table.to_json(), **extra})
    with pytest.raises(RecordError) as info:
        loads_table(text)
    assert info.value.field == field


def test_a_hint_draws_nothing_from_the_tables_random_source() -> None:
    """Asking for hints changes nothing at the table: the bots play on as they would have."""
    tables = [Table.new("nap", players=3, humans=[0], seed=6, hints=True) for _ in range(2)]
    for asks, table in enumerate(tables):
        table.start_deal()
        while table.in_play is not None and not table.in_play.is_complete:
            table.run_bots()
            if table.to_act == 0:
                if asks:
                    table.hint(0)
                table.act(0, random.Random(len(table.in_play.log)).choice(table.legal_texts(0)))
    assert record_of(tables[0].in_play) == record_of(tables[1].in_play)


def test_a_table_mode_deal_with_a_replayed_hand_is_reviewed_every_decision_weighed() -> None:
    """After a revoke in table mode (LOO-LAW-14: the hand replayed, its cards played again) the review weighs the
    whole deal, the replay's decisions too: a card played twice is one card of its seat's hand to the worlds."""
    path = Path(__file__).parent / "records" / "lx10_revoke_table.json"
    record = loads_any(path.read_text(encoding="utf-8")).deals[0].record
    deal = start(record)
    for text in record.actions:
        deal.apply(deal.parse_action(text))
    revoke = deal.irregularities[0]
    assert revoke.rule == "LOO-LAW-14"
    found = review(record, range(len(record.seats)))
    assert found.unweighable == ()
    assert any(d.index < revoke.index for d in found.decisions)
    assert any(d.index > revoke.index for d in found.decisions)  # the replayed hand's decisions are weighed
    assert "not weighed" not in found.summary_line()


def test_where_the_experts_choice_is_not_the_best_valued_its_note_says_why_and_the_lines_show_it() -> None:
    """The expert's choice comes first; where an option below it has a higher value (the search kept the sensible
    model's choice within the worlds' noise, a strategy that mixes, values within each other's intervals) the
    decision's note says why, and the lines end with it."""
    below = 0
    for game, seed in [("nap", 8), ("nap", 9), ("loo", 4), ("loo", 7)]:
        found = review(played(game, seed), range(GAMES[game][0]), table_seed=11)
        for d in found.decisions:
            if d.options[0].value >= max(o.value for o in d.options) - TIE:
                continue
            below += 1
            assert d.note, d
            lines = option_lines(d.options, d.taken, d.taken_value, d.note)
            assert lines[0].split()[0] == d.options[0].action.split()[0] and "the expert's choice" in lines[0]
            assert " ".join(" ".join(lines).split()).endswith(f"({d.note})")
    assert below, "no choice below a higher value in these deals: the test would prove nothing"


def test_the_lines_show_each_value_with_its_interval_the_share_of_a_mix_and_the_note_wrapped() -> None:
    """Each option's value with its 95% interval; where the strategy mixes, how often it takes each option (a share
    that would round to 0% or 100% shown as 1% or 99%); the columns lined up; the expert's choice and the one played
    marked; the note last, wrapped to 80 columns."""
    note = "the strategy mixes here: stand 10%, throw 90% of the time (its values are as good as equal)"
    mixed = [
        Option("throw", 0.0, 0.0, 0.897),
        Option("stand", 0.07, 0.68, 0.102),
        Option("defend", -0.5, None, 0.001),
        Option("miss", -1.89, 0.81, 0.0),
    ]
    lines = option_lines(mixed, "stand", 0.07, note)
    assert lines[:4] == [
        "  throw     +0.00 ± 0.00  90% of the time   the expert's choice",
        "  stand     +0.07 ± 0.68  10% of the time   played, as good",
        "  defend    -0.50          1% of the time",
        "  miss      -1.89 ± 0.81  never",
    ]
    assert lines[4:] == [
        "  (the strategy mixes here: stand 10%, throw 90% of the time (its values are as",
        "   good as equal))",
    ]
    assert all(len(line) <= 80 for line in lines)
    # Played an option worth less: its loss; a pure strategy's probabilities (1 and 0) are no share to show.
    pure = option_lines([Option("stand", 1.5, 0.21, 1.0), Option("throw", 0.0, 0.0, 0.0)], "throw", 0.0)
    assert pure == ["  stand    +1.50 ± 0.21   the expert's choice", "  throw    +0.00 ± 0.00   played: 1.50 less"]
    # No interval (too few worlds to say, or unbounded): the value alone.
    assert option_lines([Option("call 3", 2.0, None), Option("pass", -1.0, float("inf"))]) == [
        "  call 3    +2.00   the expert's choice",
        "  pass      -1.00",
    ]
    # A line that would pass 80 columns has its marks on a line of their own, indented under it.
    long = option_lines(
        [Option("call wellington", -10.0, 10.5, 0.5), Option("pass", -11.0, 0.5, 0.5)], "call wellington", -10.0
    )
    assert long[:2] == ["  call wellington   -10.00 ± 10.50  50% of the time", "      the expert's choice, played"]
    assert all(len(line) <= 80 for line in long)
