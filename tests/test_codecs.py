"""One codec per verb (roundgames.games.codec): every verb of every game round-trips between its record words, its
JSON and its research id over actions of real deals, and every place that reads what a person typed agrees."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roundgames.core.cards import card_str, cards_in
from roundgames.core.errors import RecordError, RoundgamesError
from roundgames.envs.encoding import encoding_of
from roundgames.games.codec import Codecs, action_from_json, action_json, parse_typed
from roundgames.games.registry import new_deal, rules_for
from roundgames.keeper.keep import Keeper
from roundgames.keeper.lines import run
from roundgames.loo import actions as loo_actions
from roundgames.nap import actions as nap_actions
from roundgames.records.deal import loads, replay
from roundgames.session.input import parse_input
from roundgames.session.table import Table

CODECS: dict[str, Codecs[Any]] = {"loo": loo_actions.CODECS, "nap": nap_actions.CODECS}
RECORDS = Path(__file__).parent / "records"

#: every form and variant that brings verbs of its own: (game, preset, options)
FORMS = [
    ("loo", "peel", {}),
    ("loo", "five-card", {}),
    ("loo", "irish", {}),
    ("loo", "peel", {"revoke_replay": "optional"}),
    ("nap", "peel", {}),
    ("nap", "peel", {"peep": True}),
    ("nap", "peel", {"spare_hand": "peel"}),
    ("nap", "peel", {"purchase": True}),
    ("nap", "peel", {"nap_top_card": True}),
    ("nap", "peel", {"nap_challenge": True}),
]


def random_deals(game: str, preset: str, options: dict[str, Any], count: int) -> Iterator[tuple[Any, Any]]:
    """Each action legal at some point of ``count`` deals played at random, in strict and table mode (there with
    the laws a seat may state, and irregular cards played), with the deal as it stood before it (the deal moves on
    next, so use it at once)."""
    rules = rules_for(game, preset, options)
    for seed in range(count):
        rng = random.Random(seed)
        deal = new_deal(game, rules, 4, dealer=seed % 4)
        deal.table_mode = seed % 2 == 1
        deal.deal(seed)
        while not deal.is_complete:
            legal = deal.legal_actions()
            for action in legal:
                yield deal, action
            if deal.table_mode:  # what a seat states under the laws, in its words (RULES.md §5, §8)
                name = deal.seats[deal.to_act]
                for law in deal.game.law_example.split(", "):  # LOO-LAW-4, LOO-LAW-1 5H, LOO-LAW-8 P3
                    yield deal, deal.parse_action(f"{name} irregular {law}")
                yield deal, deal.parse_action(f"{name} replay")
            deal.apply(rng.choice(legal + irregular_cards(deal)))


def irregular_cards(deal: Any) -> list[Any]:
    """In table mode, the cards of the hand to act that the laws would take though the rules forbid them (a revoke,
    LOO-LAW-14): a table's irregularities, which open the replay (LOO-LAW-0b)."""
    seat = deal.to_act
    if not deal.table_mode or seat is None or not deal.trick_cards:
        return []
    plays = [deal.parse_action(f"{deal.seats[seat]} play {card_str(c)}") for c in cards_in(deal.hands[seat])]
    return [a for a in plays if deal.can(a) and not deal.can_proper(a)]


def recorded() -> Iterator[tuple[Any, Any]]:
    """Each action of the records of tests/records, with the deal as it stood before it: the laws stated
    (``irregular``) and the replays demanded come from them."""
    for path in sorted(RECORDS.glob("*.json")):
        if path.name.endswith(".ruling.json"):
            continue
        record = loads(path.read_text())
        actions, record.actions = list(record.actions), []
        deal = replay(record).deal
        for text in actions:
            action = deal.parse_action(text)
            legal = {deal.action_str(a) for a in deal.legal_actions()}
            if not deal.can(action) or (deal.game.verbs[action.verb].proper and text not in legal):
                break  # a record that shows a refusal (or a malformed action): what came before it was read
            yield deal, action
            deal.apply(action)


def stated() -> Iterator[tuple[Any, Any]]:
    """The results a keeper states, nobody having recorded the cards: each trick's winner, Peel's single."""
    for game in ("loo", "nap"):
        keeper = Keeper.new(game, ["Ann", "Ben", "Cat"])
        keeper.start_deal("Ann", None, None)
        for _ in range(12):
            deal = keeper.current()
            legal = deal.legal_actions()
            for action in legal:
                yield deal, action
            verb, *args = deal.action_str(legal[0]).split()[1:]
            keeper.act(deal.seats[legal[0].seat], verb, " ".join(args))
            if keeper.deal is None:
                keeper.start_deal(None, None, None)


def same(action: Any) -> Any:
    """An action up to the order of the cards it names: a record writes them in suit order, ace down, while a
    legal action or an id lists them by card int (Nap's ``buy``, ``spare``); the engine reads them as a set."""
    cards = getattr(action, "cards", ())
    return replace(action, cards=tuple(sorted(cards))) if cards else action


def round_trip(deal: Any, action: Any, seen: dict[str, set[str]], with_ids: dict[str, set[str]]) -> None:
    """text -> action -> text, action -> JSON -> action, action -> id -> action, each exact."""
    game = deal.game.name
    text = deal.action_str(action)
    parsed = deal.parse_action(text)
    assert same(parsed) == same(action), text
    assert deal.action_str(parsed) == text
    assert deal.parse_action(deal.action_str(parsed)) == parsed  # the same text, the same action
    payload = json.loads(json.dumps(action_json(deal, action)))
    assert payload == {"action": text.split(" ", 1)[1]}
    assert action_from_json(deal, action.seat, payload) == parsed, text
    seen[game].add(action.verb)
    if CODECS[game][action.verb].to_id is not None:
        enc = encoding_of(deal)
        action_id = enc.action_id(deal, action)
        assert same(enc.action(deal, action_id, action.seat)) == same(action), (text, action_id)
        assert enc.action_id(deal, parsed) == action_id
        with_ids[game].add(action.verb)


def test_every_verb_of_every_game_round_trips_over_real_deals() -> None:
    """Every verb of both games, over the actions of random deals of every form and variant, the records'
    actions (laws stated, replays demanded) and the keeper's stated results, reads back as it was written, from
    its JSON as it was sent, and from its research id as it was encoded (DEAL-RECORD.md "Actions")."""
    seen: dict[str, set[str]] = {"loo": set(), "nap": set()}
    with_ids: dict[str, set[str]] = {"loo": set(), "nap": set()}
    for game, preset, options in FORMS:
        for deal, action in random_deals(game, preset, options, 6):
            round_trip(deal, action, seen, with_ids)
    for deal, action in chain(recorded(), stated()):  # each taken in the deal before it moves on
        round_trip(deal, action, seen, with_ids)
    for game, codecs in CODECS.items():
        assert seen[game] == set(codecs.verbs), game
        assert with_ids[game] == {c.word for c in codecs if c.to_id is not None}, game


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_each_verb_has_exactly_one_codec(game: str) -> None:
    """The codecs are the verb table's: one for each verb, and none for a verb the table has not."""
    codecs = CODECS[game]
    assert sorted(c.word for c in codecs) == sorted(codecs.verbs)
    verbs = list(codecs.verbs)
    with pytest.raises(AssertionError, match="one codec for each verb"):
        Codecs(codecs.verbs, [codecs[w] for w in verbs[1:]], usage="", unknown=str)
    with pytest.raises(AssertionError, match="one codec for each verb"):
        Codecs(codecs.verbs, [codecs[w] for w in [*verbs, verbs[0]]], usage="", unknown=str)


@pytest.mark.parametrize(
    ("game", "text", "words"),
    [
        ("loo", "P5 stand", "no seat 'P5'"),
        ("loo", "P1", "expected 'SEAT VERB [CARD]'"),
        ("loo", "P1 play ZZ", "'P1 play ZZ': "),
        ("loo", "P1 stand AS", "Loo verbs are stand, throw, miss, defend, play, exchange, flush"),
        ("loo", "P1 exchange 3D 3D", "expected 'SEAT exchange CARDS', each card once"),
        ("loo", "P1 irregular looked", "irregular names the rule broken, as in 'P1 irregular LOO-LAW-8'"),
        ("nap", "P1 call 7", "no call '7' (calls: 1 2 misery 3 4 nap wellington blucher)"),
        ("nap", "P1 buy 2H 2H", "a card is named twice"),
        ("nap", "P1 irregular", "irregular names the rule broken, as in 'P1 irregular NAP-LAW-6'"),
        ("nap", "P1 shout", "Nap verbs are pass, call, play"),
    ],
)
def test_a_record_action_that_does_not_parse_names_the_field_and_the_text(game: str, text: str, words: str) -> None:
    """A malformed action is a :class:`RecordError` of the field ``actions`` that quotes what was written (RULES.md
    §14.23: malformed, not illegal)."""
    deal = new_deal(game, rules_for(game), 4)
    with pytest.raises(RecordError, match=r"^actions: ") as caught:
        deal.parse_action(text)
    assert words in caught.value.reason


def test_a_record_parse_error_still_names_its_line() -> None:
    """The referee's error names the action's place in the record (DEAL-RECORD.md)."""
    text = (RECORDS / "malformed" / "clarif23_nap_irregular_without_rule.json").read_text()
    with pytest.raises(RecordError) as caught:
        replay(loads(text))
    assert caught.value.field == "actions[1]"
    assert "'P2 irregular' does not parse" in caught.value.reason


# -- the places a person's typing is read -------------------------------------------------------------------

#: what a person might type: moves, shortcuts, numbers in the hand, and mistakes of every kind
TYPED = {
    "loo": ["s", "stand", "t", "THROW", "m", "d", "1", "2", "9", "AS", "ZZ", "play", "stand now", "x 1", "", "f"],
    "nap": ["p", "pass", "n", "3", "call 3", "call 9", "i", "blücher", "1", "7", "QH", "ZZ", "call", "buy", "peep"],
}


def outcome(read: Any, *args: Any) -> tuple[str, Any]:
    """What one reader makes of the typing: the action, or the error's reason (its field aside)."""
    try:
        return "action", read(*args)
    except RoundgamesError as e:
        return "error", getattr(e, "reason", str(e))


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_the_terminal_the_table_and_the_web_read_typing_alike(game: str) -> None:
    """The same text typed at the terminal (``parse_input``), at a table (``Table.parse``) and sent in the web's
    ``act`` message (:func:`action_from_json`) gives the same action, or the same error; only the error's field
    says where it came from (``input``, ``action``)."""
    for seed in range(4):
        table = Table.new(game, players=4, humans=[0, 1, 2, 3], seed=seed)
        table.start_deal()
        while table.in_play is None or table.in_play.is_complete:  # Peel's single settles as it is dealt
            table.start_deal()
        deal = table.in_play
        assert deal is not None
        steps = 0
        while not deal.is_complete and steps < 12:
            seat = deal.to_act
            assert seat is not None
            for text in TYPED[game]:
                terminal = outcome(parse_input, deal, seat, text)
                assert outcome(parse_typed, deal, seat, text) == terminal, text
                assert outcome(table.parse, seat, text) == terminal, text
                assert outcome(action_from_json, deal, seat, {"type": "act", "action": text}) == (
                    terminal
                    if text
                    else ("error", "'' is not an action (the record's words without the seat: 'play QH')")
                ), text
            deal.apply(deal.legal_actions()[steps % len(deal.legal_actions())])
            steps += 1


def test_the_web_entry_refuses_a_message_without_an_action_naming_the_field() -> None:
    """A message whose ``action`` is missing or not text is refused as malformed, naming the field ``action``."""
    deal = new_deal("nap", rules_for("nap"), 4)
    deal.deal(1)
    seat = deal.to_act
    for payload in ({}, {"action": 3}, {"action": "  "}):
        with pytest.raises(RecordError, match=r"^action: ") as caught:
            action_from_json(deal, seat, payload)
        assert repr(payload.get("action")) in caught.value.reason
    with pytest.raises(RecordError, match=r"^action: .*no call '9'"):
        action_from_json(deal, seat, {"action": "call 9"})


@pytest.mark.parametrize(
    ("game", "lines"),
    [
        ("loo", ["deal Ann", "single Ben", "deal", "stand Cat", "stand Ann", "stand Ben", "trick Cat", "trick Ben"]),
        ("nap", ["deal Cat", "pass Ann", "call Ben 3", "pass Cat", "trick Ben", "trick Ann", "trick Ben"]),
    ],
)
def test_the_keeper_enters_what_the_table_would_read(game: str, lines: list[str]) -> None:
    """A keeper's line ``VERB SEAT [ARG]`` enters the action that ``SEAT`` typing ``VERB [ARG]`` at a table means:
    the same codecs read both."""
    keeper = Keeper.new(game, ["Ann", "Ben", "Cat"])
    out = io.StringIO()
    for line in lines:
        verb, *rest = line.split()
        deal = keeper.deal
        typed = None
        if verb != "deal":
            assert deal is not None
            typed = parse_input(deal, deal.seats.index(rest[0]), " ".join([verb, *rest[1:]]))
        assert run(keeper, None, io.StringIO(line + "\n"), out) == 0, out.getvalue()
        if typed is not None:
            assert deal is not None
            assert deal.log[-1] == typed, line


#: words a record's action might hold: verbs, keys, cards, calls, rule IDs and noise
WORDS = st.sampled_from(
    [
        *loo_actions.VERBS,
        *nap_actions.VERBS,
        "AS",
        "10H",
        "td",
        "JC",
        "2D",
        "ZZ",
        "civil",
        "CIVIL",
        "nap",
        "Blücher",
        "misery",
        "3",
        "nobody",
        "LOO-LAW-8",
        "NAP-LAW-6",
        "P1",
        "x",
    ]
)


@pytest.mark.parametrize("game", ["loo", "nap"])
@settings(max_examples=300, deadline=None)
@given(words=st.lists(WORDS, max_size=5))
def test_any_text_parses_to_an_action_written_back_the_same_or_is_refused(game: str, words: list[str]) -> None:
    """Every parser has its writer: whatever ``SEAT ...`` holds, it is refused with a :class:`RecordError` of the
    field ``actions``, or its action is written in words that parse to the same action again."""
    seats = ("P1", "P2", "P3", "P4")
    text = " ".join(["P2", *words])
    codecs = CODECS[game]
    try:
        action = codecs.parse(text, seats)
    except RecordError as e:
        assert e.field == "actions"
        assert repr(text) in e.reason  # the message quotes what was written
        return
    written = codecs.format(action, seats)
    assert codecs.parse(written, seats) == action, (text, written)
    assert codecs.format(codecs.parse(written, seats), seats) == written


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_an_action_read_once_from_a_message_is_applied_as_typing_it_would_be(game: str) -> None:
    """A web message's action read once (:func:`action_from_json`) and applied (``Table.act_action``) leaves the
    table as typing the same text (``Table.act``) does: the same log line, the same deal; and what typing it out
    of turn is refused with, it is refused with, changing nothing."""
    typed, sent = (Table.new(game, players=4, humans=[0, 1, 2, 3], seed=5) for _ in range(2))
    for table in (typed, sent):
        table.start_deal()
        while table.in_play is None or table.in_play.is_complete:
            table.start_deal()
    deal, other = typed.in_play, sent.in_play
    assert deal is not None and other is not None and deal.to_act is not None
    wrong = (deal.to_act + 1) % 4
    text = action_json(deal, deal.legal_actions()[0])["action"]
    refusal = outcome(typed.act, wrong, text)
    assert refusal[0] == "error"
    assert outcome(sent.act_action, wrong, action_from_json(other, wrong, {"action": text})) == refusal
    while not deal.is_complete:
        seat = deal.to_act
        assert seat is not None
        text = action_json(deal, deal.legal_actions()[-1])["action"]
        said = typed.act(seat, text)
        assert sent.act_action(seat, action_from_json(other, seat, {"type": "act", "action": text})) == said
        assert other.log == deal.log
    assert other.net == deal.net
