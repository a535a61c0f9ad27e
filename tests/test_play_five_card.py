"""``roundgames play loo --preset five-card|irish --plain``: exchanges, flushes and Pam at the terminal table.

The person's lines are answered by :class:`Answerer` (see tests/test_play_plain.py) reading what the table
printed; a whole sitting is also piped through the command line and its records checked by the referee.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from roundgames.core.cards import card_str, cards_in, parse_cards
from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.records.deal import from_json, record_of, replay
from roundgames.records.sitting import records_of
from roundgames.session.table import ALL_FORMS, Table, hand_order
from roundgames.web.protocol import options_catalogue
from test_play_plain import cycle, first_legal, last_legal, play, run_cli, subprocess_free_referee

# Seeds found by dealing (four players, the person in seat 1, standing when asked to declare):
EXCHANGE_SEED = 0  # five-card: the person declares first
FLUSH_SEED = 115  # five-card: the person holds a flush and a bot is to lead
CIVIL_SEED = 8  # five-card: the person leads holding the ace of trumps, Pam in play
CLUB_SEED = 0  # irish: clubs are trumps in the first deal


def five(seed: int, preset: str = "five-card") -> Table:
    return Table.new("loo", players=4, humans=[0], preset=preset, seed=seed, forms=ALL_FORMS)


def first_deal_only(answer: str | None, text: str) -> str | None:
    """Leave the table once the first deal is over."""
    return None if "Deal over." in text else answer


def test_loo5_2_the_person_exchanges_and_draws_from_the_top_of_the_stock() -> None:
    state = {"hand": ""}

    def choose(new: str, text: str) -> str | None:
        legal = last_legal(text)
        if "x exchange CARDS" in legal and not state["hand"]:
            state["hand"] = re.findall(r"^Your hand: (.*)$", text, re.M)[-1]
            return f"x 1 {state['hand'].split()[5]}"  # the first by number, the third by code
        return first_deal_only(first_legal(text), text)

    table = five(EXCHANGE_SEED)
    status, output, _ = play(table, choose, ascii=True)
    assert status == 0 and state["hand"]
    record = records_of(table.sitting)[0]
    first, named = state["hand"].split()[1], state["hand"].split()[5]
    assert f"You exchange {first} {named}" in record.actions or f"You exchange {named} {first}" in record.actions
    # The cards drawn are the next two of the record's stock, after what the seats before drew.
    stock = parse_cards(record.cards["stock"])
    drawn_before = sum(len(a.split()) - 2 for a in record.actions[: _index(record.actions, "You exchange")])
    deal = replay(record).deal
    out, drawn = deal.exchanged[0]
    assert sorted(parse_cards(" ".join(_codes(drawn)))) == sorted(stock[drawn_before : drawn_before + 2])
    assert sorted(parse_cards(" ".join(_codes(out)))) == sorted(parse_cards(f"{first} {named}"))
    after = output[output.index("You exchange") :]
    hand_after = re.findall(r"^Your hand: (.*)$", after, re.M)[0]
    for card in _codes(drawn):
        assert card in hand_after  # the person now holds what he drew
    assert "Deal over." in after


def test_loo5_2_exchange_after_standing_and_a_card_not_held_are_refused_and_change_nothing() -> None:
    table = five(EXCHANGE_SEED)
    state = {"tried": 0}
    lines: list[str] = []

    def choose(new: str, text: str) -> str | None:
        deal = table.deal
        assert deal is not None
        if "Legal: s stand | t throw | x exchange CARDS" in new and state["tried"] == 0:
            state["tried"] = 1
            lines.append(str(len(deal.log)))
            return "x AS"  # not in the person's hand
        if state["tried"] == 1:
            state["tried"] = 2
            return "s"
        if ("-- You to lead --" in new or "-- You to play --" in new) and state["tried"] == 2:
            state["tried"] = 3
            lines.append(str(len(deal.log)))
            return "x 1"  # he has stood: an exchange is a declaration
        return None if state["tried"] == 3 else first_legal(text)

    status, output, _ = play(table, choose, ascii=True)
    assert status == 0
    assert "! You cannot exchange AS: he does not hold AS (LOO5-2)" in output
    assert re.search(r"^! You cannot exchange: he has declared already \(LOO-DECL-5\)$", output, re.M)
    deal = table.deal
    assert deal is not None and not deal.is_complete
    assert int(lines[1]) == len(deal.log)  # the refused exchange changed nothing
    assert not [a for a in deal.log if a.verb == "exchange" and a.seat == 0]


def test_loo5_6_clarification_34_the_persons_flush_is_shown_for_him_at_once() -> None:
    """LOO5-6, §14.34: the person holds a flush; after the declaring it is shown for him at once, asked of nobody
    (he has no choice), and the log says what he showed; the hand is not played."""

    def choose(new: str, text: str) -> str | None:
        return first_deal_only("s" if "s stand" in last_legal(text) else first_legal(text), text)

    table = five(FLUSH_SEED)
    status, output, _ = play(table, choose, ascii=True)
    assert status == 0
    record = records_of(table.sitting)[0]
    deal = replay(record).deal
    shown = " ".join(card_str(c) for c in hand_order(deal.hands[0]))
    assert f"You show a flush: {shown}" in output
    assert "You flush" in record.actions and 0 in deal.shown
    assert not deal.tricks and "Trick to" not in output[: output.index("Deal over.")]
    assert "f flush" not in output and "(flush)>" not in output  # never offered: no prompt showed it


def test_loo5_4_pam_be_civil_typed_by_number() -> None:
    said: list[str] = []

    def choose(new: str, text: str) -> str | None:
        civil = [c for c in last_legal(text) if "Pam be civil" in c]
        if civil and not said:
            said.append(civil[0].split()[0] + " civil")
            return said[0]
        return first_deal_only("s" if "s stand" in last_legal(text) else first_legal(text), text)

    table = five(CIVIL_SEED)
    status, output, _ = play(table, choose, ascii=True)
    assert status == 0 and said
    assert re.search(r'^Legal: \d A[SHDC] \| \d civil \(A[SHDC] and says "Pam be civil"\)', output, re.M)
    record = records_of(table.sitting)[0]
    civil = [a for a in record.actions if a.startswith("You play") and a.endswith("civil")]
    assert len(civil) == 1
    ace = civil[0].split()[2]
    assert ace[0] == "A" and ace[1] == "SHDC"[replay(record).deal.trump]  # the ace of trumps (LOO5-4)


def test_loo5_4_civil_parses_by_code_and_is_refused_on_another_card() -> None:
    table = five(CIVIL_SEED)
    table.start_deal()
    table.run_bots()
    table.act(0, "s")
    table.run_bots()
    deal = table.deal
    assert deal is not None and table.to_act == 0
    ace = next(t for t in table.legal_texts(0) if t.endswith(" civil")).split()[0]
    assert table.parse(0, f"{ace} civil").arg == "civil"
    other = next(card_str(c) for c in hand_order(deal.hands[0]) if card_str(c) != ace)
    before = len(deal.log)
    try:
        table.act(0, f"{other} civil")
    except IllegalActionError as e:
        assert e.rule == "LOO5-4" and other in str(e)
    else:
        raise AssertionError("civil on a card other than the ace of trumps was accepted")
    assert len(deal.log) == before


def test_looi_2_club_law_offers_only_stand_and_exchange() -> None:
    table = five(CLUB_SEED, "irish")
    state = {"seen": False}

    def choose(new: str, text: str) -> str | None:
        if "Clubs are trumps: all must play, standing or exchanging (club law)." in text and not state["seen"]:
            state["seen"] = True
            assert last_legal(text) == ["s stand", "x exchange CARDS"]
            return "t"
        return None

    status, output, _ = play(table, choose, ascii=True)
    assert status == 0 and state["seen"]
    assert re.search(r"^! You cannot throw up: clubs are trumps.*\(LOO-VAR-CLUBLAW\)$", output, re.M)
    deal = table.deal
    assert deal is not None and not [a for a in deal.log if a.seat == 0]


def test_help_lists_the_five_card_entries_and_three_card_help_does_not() -> None:
    _, output, _ = play(five(EXCHANGE_SEED), lambda new, text: None if "x CARDS" in text else "?", ascii=True)
    assert "  x CARDS        discard these cards and draw as many from the stock" in output
    assert "  f flush        show a flush" in output and "AS civil: the ace of trumps" in output
    three = Table.new("loo", players=4, humans=[0], seed=1)
    _, plain_output, _ = play(three, lambda new, text: None if "Type an action" in text else "?")
    assert "x CARDS" not in plain_output


def test_a_five_card_sitting_through_the_command_line_agrees_with_the_referee(tmp_path: Path) -> None:
    export = tmp_path / "records.json"
    keys = ["x 1 2", "1", "2", "3", "f", "4", "5", "s"]
    args = ["play", "loo", "--preset", "five-card", "--plain", "--seed", "4", "--export", str(export)]
    result = run_cli(*args, stdin=cycle(keys), env={"PYTHONHASHSEED": "1"})
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "The sitting is over." in out and result.stderr == ""
    assert "You exchange" in out
    records = json.loads(export.read_text(encoding="utf-8"))
    totals: dict[str, int] = {}
    for i, data in enumerate(records):
        path = tmp_path / f"deal{i}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        ruling = subprocess_free_referee(path)
        assert ruling["complete"] is True and ruling["error"] is None
        for name, net in ruling["net"].items():
            totals[name] = totals.get(name, 0) + net
        assert replay(from_json(data)).deal.net == [ruling["net"][s] for s in data["seats"]]
    # The score sheet printed at the end shows, for each seat, the nets the referee ruled, deal by deal.
    sheet = out[out.rindex("Score sheet") :]
    for name, total in totals.items():
        row = re.search(rf"^  {re.escape(name)} +[+-]\d+ +\(([^)]*)\)", sheet, re.M)
        assert row is not None, name
        assert sum(int(v) for v in row.group(1).split()) == total


def test_the_web_lobby_offers_five_card_and_irish_and_a_three_card_only_table_refuses_them() -> None:
    presets = options_catalogue()["games"]["loo"]["presets"]
    assert "five-card" in presets and "irish" in presets and "peel" in presets
    Table.new("loo", players=4, humans=[], preset="five-card", seed=1).start_deal()  # the web table's call
    try:
        Table.new("loo", players=4, humans=[], preset="five-card", seed=1, forms=("three_card",))
    except RecordError as e:
        assert e.field == "options.form" and "preset 'five-card'" in str(e) and "exchange" in str(e)
    else:
        raise AssertionError("a table of three-card Loo only let Five-card Loo in")


def test_a_five_card_record_round_trips_mid_deal() -> None:
    table = five(EXCHANGE_SEED)
    table.start_deal()
    table.run_bots()
    table.act(0, "exchange 1 2")
    deal = table.deal
    assert deal is not None
    again = replay(from_json(json.loads(json.dumps(record_of(deal).to_json())))).deal
    assert again.hands == deal.hands and again.stock == deal.stock


def _index(actions: list[str], prefix: str) -> int:
    return next(i for i, a in enumerate(actions) if a.startswith(prefix))


def _codes(mask: int) -> list[str]:
    return [card_str(c) for c in cards_in(mask)]


def test_x_at_a_three_card_table_names_no_exchange_here_and_changes_nothing() -> None:
    """``x`` (exchange's key) at a Three-card table: one line saying there is no exchange here with its rule, not
    the Five-card help for it; ``?`` does not list it."""
    answers = iter(["x", "x 1", "?"])
    table = Table.new("loo", players=4, humans=[0], preset="peel", seed=3)
    status, output, _ = play(table, lambda new, text: next(answers, None) if "You>" in new else None)
    assert status == 0
    assert output.count("! x: there is no exchange at this table (LOO5-2); ? lists the moves here") == 2
    assert "name the cards" not in output and "exchange CARDS" not in output
    assert "x CARDS" not in output[output.rindex("You> ?") :]


def test_misery_is_i_at_every_prompt_and_mis_is_still_read() -> None:
    """Nap's misery has one key, ``i``, in the legal line and the help; ``mis`` is kept as an alias."""
    answers = iter(["?", "mis"])
    seen: list[str] = []

    def choose(new: str, text: str) -> str | None:
        if "i misery" in new:
            seen.append(new)
            return next(answers, None)
        return None if seen else first_legal(text)

    for seed in range(40):
        seen.clear()
        answers = iter(["?", "mis"])
        table = Table.new("nap", players=4, humans=[0], seed=seed)
        status, output, _ = play(table, choose)
        if seen and "You call Misery" in output:
            break
    else:
        raise AssertionError("no seed offered the person misery")
    assert status == 0
    assert re.search(r"^Legal: .*\| i misery \|", output, re.M)
    assert "or just: 1, 2, i misery, 3, 4, n nap" in output and "mis misery" not in output
