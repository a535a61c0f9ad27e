"""Each seat's bot at the terminal table: chosen per seat (``roundgames play --bots``), shown in the seat list,
saved with the table, and deciding from a seed of its own for every decision, so that a table saved and resumed at
any point plays on exactly as an unbroken one (roundgames.session.decisions)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from cli_run import run_cli
from roundgames.bots import BOTS
from roundgames.core.errors import RecordError
from roundgames.session.decisions import Decision, bots_for, decide, decision_seed
from roundgames.session.table import ALL_FORMS, Table

MIX = ["sensible", "random", "sensible", "random"]


def _play(table: Table, steps: int) -> int:
    """Let the bots play ``steps`` actions (dealing as needed) or until the sitting is over; the actions taken."""
    done = 0
    while done < steps and not table.is_over:
        deal = table.in_play
        if deal is None or deal.is_complete:
            table.start_deal()
            continue
        assert table.bot_step() is not None
        done += 1
    return done


def _sitting(table: Table) -> list[object]:
    """Every deal of the table as its file holds them."""
    saved = table.to_json()
    return [*saved["deals"], saved["current"]]


@pytest.mark.parametrize(
    ("game", "preset", "players", "stop_at"),
    [("loo", "peel", 4, 23), ("loo", "five-card", 4, 41), ("nap", "peel", 4, 37), ("nap", "peel", 3, 5)],
)
def test_a_table_saved_and_resumed_mid_deal_plays_on_as_an_unbroken_one(
    tmp_path: Path, game: str, preset: str, players: int, stop_at: int
) -> None:
    """The whole sitting with a mix of bots, saved after ``stop_at`` actions (mid-deal, the random bots' state
    lost with the process) and resumed: every deal, every action, the same as the table that never stopped."""
    bots = (MIX * 2)[:players]
    settings = {"players": players, "humans": [], "preset": preset, "bots": bots, "seed": 11, "rounds": 2}
    unbroken = Table.new(game, **settings, forms=ALL_FORMS)  # type: ignore[arg-type]
    _play(unbroken, 10_000)
    assert unbroken.is_over

    first = Table.new(game, **settings, forms=ALL_FORMS)  # type: ignore[arg-type]
    assert _play(first, stop_at) == stop_at
    while first.in_play is None or first.in_play.is_complete or not first.in_play.log:  # stop mid-deal
        _play(first, 1)
    assert not first.is_over
    path = tmp_path / "table.json"
    first.save(str(path))
    resumed = Table.load(str(path))
    assert resumed.bot_names == bots
    _play(resumed, 10_000)
    assert resumed.is_over
    assert _sitting(resumed) == _sitting(unbroken)


def test_each_seat_s_bot_is_saved_and_an_older_file_gives_every_seat_the_table_s_bot(tmp_path: Path) -> None:
    table = Table.new("nap", players=4, humans=[0], bot="random", bots=["random", "sensible", "random", "sensible"])
    path = tmp_path / "t.json"
    table.save(str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["bots"] == ["random", "sensible", "random", "sensible"] and saved["bot"] == "random"
    assert Table.load(str(path)).bot_names == saved["bots"]
    del saved["bots"]  # a table saved before each seat had its own bot
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert Table.load(str(path)).bot_names == ["random"] * 4
    saved["bots"] = ["random", "sensible"]
    path.write_text(json.dumps(saved), encoding="utf-8")
    with pytest.raises(RecordError, match=r"bots: expected a list of 4 bot names"):
        Table.load(str(path))


def test_a_bad_bot_is_refused_naming_the_field_the_value_and_the_valid_names() -> None:
    valid = ", ".join(BOTS)
    with pytest.raises(RecordError) as e:
        Table.new("loo", players=3, bots=["sensible", "genius", "random"])
    assert e.value.field == "bots[1]" and str(e.value) == f"bots[1]: 'genius' is not a bot (valid: {valid})"
    with pytest.raises(RecordError, match=r"^bot: 'genius' is not a bot \(valid: "):
        Table.new("loo", players=3, bot="genius")
    with pytest.raises(RecordError, match=r"^bots: 2 bots for a table of 3 seats"):
        Table.new("loo", players=3, bots=["sensible", "random"])


def test_every_bot_of_the_registry_is_offered_for_every_game_it_plays() -> None:
    """The names come from roundgames.bots.BOTS, never from a list of the tables' own."""
    for game in ("loo", "nap"):
        assert bots_for(game) == [name for name, makers in BOTS.items() if game in makers]
        assert {"random", "sensible"} <= set(bots_for(game))


def test_a_decision_pickles_and_is_the_same_wherever_it_is_decided() -> None:
    """What a worker process is sent (the view, and the deal it carries) survives pickling, and the same decision
    gives the same action; another seed may not."""
    for game, preset, options in (
        ("loo", "peel", {}),
        ("loo", "five-card", {}),
        ("nap", "peel", {"spare_hand": "peel"}),
        ("nap", "peel", {"purchase": True}),
    ):
        for mode in (False, True):
            table = Table.new(
                game, players=4, humans=[], preset=preset, options=options, seed=5, table_mode=mode, forms=ALL_FORMS
            )
            table.start_deal()
            for _ in range(12):
                deal = table.in_play
                if deal is None or deal.is_complete:
                    break
                assert deal.to_act is not None
                asked = table.decision(deal.to_act)
                again = pickle.loads(pickle.dumps(asked))
                assert isinstance(again, Decision) and again.view == asked.view
                assert pickle.loads(pickle.dumps(deal)).log == deal.log
                action = decide(asked)
                assert decide(again) == action
                assert action in asked.view.legal or asked.view.may_take
                table.bot_step()


def test_each_decision_has_its_own_seed() -> None:
    seeds = {decision_seed(7, seat, deal, place) for seat in range(5) for deal in range(5) for place in range(20)}
    assert len(seeds) == 500
    assert decision_seed("7", 1, 2, 3) == decision_seed(7, 1, 2, 3)  # the seed as the table's file holds it


# -- roundgames play --bots --------------------------------------------------------------------------------------


def test_play_bots_one_per_bot_seat_shown_in_the_seat_list() -> None:
    run = run_cli("play", "nap", "--plain", "--players", "4", "--seed", "3", "--bots", "sensible,random,random")
    assert run.returncode == 0, run.stderr
    assert "Seats: You, P2 (sensible bot), P3 (random bot), P4 (random bot)." in run.stdout
    one = run_cli("play", "loo", "--plain", "--players", "3", "--seat", "2", "--seed", "3", "--bots", "random")
    assert "Seats: P1 (random bot), You, P3 (random bot)." in one.stdout


def test_play_bots_saved_and_resumed_with_each_seat_s_bot(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    run = run_cli("play", "nap", "--plain", "--players", "3", "--bots", "random,sensible", "--save", str(save))
    assert run.returncode == 0, run.stderr
    assert json.loads(save.read_text(encoding="utf-8"))["bots"][1:] == ["random", "sensible"]
    again = run_cli("play", "--resume", str(save), "--plain")
    assert "Seats: You, P2 (random bot), P3 (sensible bot)." in again.stdout


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("genius", "--bots: 'genius' is not a bot (valid: {valid})"),
        ("sensible,genius,random", "--bots: 'genius' is not a bot (valid: {valid})"),
        ("sensible,random", "--bots: 'sensible,random' names 2 bots for 3 bot seats (seats 2, 3, 4)"),
    ],
)
def test_play_bots_refused_with_exit_2_naming_the_value_and_the_valid_names(bots: str, message: str) -> None:
    run = run_cli("play", "loo", "--plain", "--players", "4", "--bots", bots)
    assert run.returncode == 2 and run.stdout == ""
    assert message.format(valid=", ".join(bots_for("loo"))) in run.stderr
    assert run.stderr.count("\n") == 1
