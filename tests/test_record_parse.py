"""The deal-record parser and writer (DEAL-RECORD.md, format 1), by Hypothesis.

Valid records come from seeded deals played by random legal actions (complete or stopped part-way) and written by
``record_of``; they must round-trip, ``loads(dumps(r)) == r`` and ``dumps(loads(s)) == s``, and the referee must
rule on them as the deal stood. Mutated records (a field dropped, a wrong type, an unknown field, bad cards, bad
actions, damaged JSON text) must either parse or raise RecordError, never another exception; what parses must
write a canonical text that parses again, and the referee must either rule (conserving money) or raise RecordError.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundgames import LooDeal, LooRules, RecordError
from roundgames.loo.rules import LOO_OPTIONS
from roundgames.records.deal import DealRecord, dumps, loads, record_of, referee

FIELDS = ["format", "game", "variant", "options", "mode", "stakes", "multiplier", "seats", "dealer", "pool", "kind"]
FIELDS += ["cards", "actions"]
CARD_KEYS = ["miss", "turnup", "stock", "widow", "spare"]
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("peel", {}),
    ("enquire-within", {}),
    ("peel", {"loo_mode": "mixed", "loo_cap": 10}),
    ("peel", {"ante": "all", "leader": "miss_holder"}),
    ("peel", {"pack": 32, "dealer_stands_out_above": 5}),
    ("peel", {"club_law": True, "lead_rule": "cassell", "dealer_lone_stander": "may_concede"}),
    ("enquire-within", {"loo_mode": "unlimited", "single": "none", "defender_looed": True}),
]

seat_name = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=6
).filter(lambda s: s.split() == [s] and s not in CARD_KEYS)


@st.composite
def played_deals(draw: st.DrawFn) -> LooDeal:
    """A seeded deal, with a random number of random legal actions taken (possibly to the end)."""
    preset, options = draw(st.sampled_from(CONFIGS))
    rules = LooRules.preset(preset).with_options(options)
    n = draw(st.integers(3, 8))
    if draw(st.booleans()):
        seats: list[str] | int = n
    else:
        seats = draw(st.lists(seat_name, min_size=n, max_size=n, unique=True))
    kind = draw(st.sampled_from(["regular", "regular", "ew_single", "single"]))
    deal = LooDeal(rules, seats, dealer=draw(st.integers(0, n - 1)), pool=draw(st.integers(0, 60)), kind=kind)
    seed = draw(st.integers(0, 2**32))
    deal.deal(seed)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 4 * n))):
        if deal.is_complete:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.none() | st.booleans() | st.integers(-5, 10**20) | st.floats(allow_nan=False) | st.text(max_size=8)
    return st.recursive(
        scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    )


json_values = _json_values()
card_texts = st.one_of(
    st.text(max_size=10),
    st.lists(st.sampled_from(["AS", "10h", "♠K", "XX", "1S", "AS", "ZZ", "2C", "7D", ""]), max_size=5).map(" ".join),
)


@given(played_deals(), st.sampled_from(["strict", "table"]))
@settings(max_examples=200, deadline=None)
def test_valid_records_round_trip(deal: LooDeal, mode: str) -> None:
    """loads(dumps(r)) == r, and dumps(loads(s)) == s for the text dumps wrote."""
    record = record_of(deal, mode=mode)
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text
    assert loads(text.encode("utf-8")) == record
    assert json.loads(text)["format"] == "roundgames-deal/1"


@given(played_deals())
@settings(max_examples=200, deadline=None)
def test_referee_rules_on_a_valid_record_as_the_deal_stands(deal: LooDeal) -> None:
    """The ruling on a record of a deal, finished or not, is the deal's own state: net, pool, whose turn, legal."""
    ruling = referee(loads(dumps(record_of(deal))))
    assert ruling["error"] is None
    assert ruling["complete"] is deal.is_complete
    assert ruling["net"] == dict(zip(deal.seats, deal.net, strict=True))
    assert ruling["pool"] == deal.pool_total
    assert sum(ruling["net"].values()) + ruling["pool"] - deal.ledger.start == 0
    if deal.is_complete:
        assert ruling["next"] == {"dealer": deal.seats[deal.next_dealer], "kind": deal.next_kind.value}
        assert "legal" not in ruling
    else:
        assert deal.to_act is not None
        assert ruling["next"] is None
        assert ruling["to_act"] == deal.seats[deal.to_act]
        assert ruling["legal"] == sorted(deal.action_str(a) for a in deal.legal_actions())


@st.composite
def mutated_objects(draw: st.DrawFn) -> dict[str, Any]:
    """The JSON object of a valid record, damaged one to three times."""
    obj: dict[str, Any] = json.loads(dumps(record_of(draw(played_deals()))))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(
            st.sampled_from(
                ["drop", "retype", "unknown", "card", "card_key", "option", "stake", "action", "seats", "dealer"]
            )
        )
        if how == "drop" and obj:
            del obj[draw(st.sampled_from(sorted(obj)))]
        elif how == "retype":
            obj[draw(st.sampled_from(FIELDS))] = draw(json_values)
        elif how == "unknown":
            obj[draw(st.text(max_size=8).filter(lambda k: k not in FIELDS))] = draw(json_values)
        elif how == "card" and isinstance(obj.get("cards"), dict) and obj["cards"]:
            key = draw(st.sampled_from(sorted(obj["cards"])))
            obj["cards"][key] = draw(st.one_of(card_texts, json_values))
        elif how == "card_key" and isinstance(obj.get("cards"), dict):
            obj["cards"][draw(st.one_of(st.sampled_from(CARD_KEYS), st.text(max_size=4)))] = draw(card_texts)
        elif how == "option" and isinstance(obj.get("options"), dict):
            key = draw(st.one_of(st.sampled_from(sorted(LOO_OPTIONS)), st.text(max_size=6)))
            obj["options"][key] = draw(st.one_of(st.sampled_from([True, False, 32, 52, "mixed", "none"]), json_values))
        elif how == "stake" and isinstance(obj.get("stakes"), dict):
            key = draw(st.sampled_from(["deal", "loo", "single", "ante", "unit", "x"]))
            obj["stakes"][key] = draw(st.one_of(st.integers(-3, 50), json_values))
        elif how == "action" and isinstance(obj.get("actions"), list):
            acts = obj["actions"]
            seat = draw(st.sampled_from(obj["seats"])) if isinstance(obj.get("seats"), list) and obj["seats"] else "P1"
            new = draw(
                st.one_of(
                    st.sampled_from([f"{seat} {v}" for v in ("stand", "throw", "miss", "defend", "play", "irregular")]),
                    card_texts.map(lambda c, s=seat: f"{s} play {c}"),
                    st.text(max_size=12),
                    json_values,
                )
            )
            if acts and draw(st.booleans()):
                acts[draw(st.integers(0, len(acts) - 1))] = new
            else:
                acts.insert(draw(st.integers(0, len(acts))), new)
        elif how == "seats" and isinstance(obj.get("seats"), list) and obj["seats"]:
            i = draw(st.integers(0, len(obj["seats"]) - 1))
            obj["seats"][i] = draw(st.one_of(st.text(max_size=4), st.sampled_from(obj["seats"]), json_values))
        elif how == "dealer":
            obj["dealer"] = draw(st.one_of(st.text(max_size=4), json_values))
    return obj


def _parse_or_record_error(text: str | bytes) -> DealRecord | None:
    try:
        return loads(text)
    except RecordError:
        return None


@given(mutated_objects())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_records_parse_or_raise_record_error(obj: dict[str, Any]) -> None:
    record = _parse_or_record_error(json.dumps(obj, ensure_ascii=False))
    if record is None:
        return
    # whatever parses has a canonical text that parses to itself
    text = dumps(record)
    assert dumps(loads(text)) == text


@given(mutated_objects())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_referee_on_mutated_records_rules_or_raises_record_error(obj: dict[str, Any]) -> None:
    """A malformed record is a RecordError naming the field (DEAL-RECORD.md); anything else gets a ruling that
    conserves money."""
    record = _parse_or_record_error(json.dumps(obj))
    if record is None:
        return
    try:
        ruling = referee(record)
    except RecordError as e:
        assert e.field
        return
    assert set(ruling["net"]) == set(record.seats)
    assert sum(ruling["net"].values()) + ruling["pool"] - record.pool == 0
    if ruling["error"] is not None:
        assert set(ruling["error"]) == {"index", "action", "rule", "message"}
        assert record.actions[ruling["error"]["index"]] == ruling["error"]["action"]


@given(played_deals(), st.data())
@settings(max_examples=200, deadline=None)
def test_damaged_json_text_parses_or_raises_record_error(deal: LooDeal, data: st.DataObject) -> None:
    """Characters deleted, inserted or replaced anywhere in the text: still only RecordError."""
    text = dumps(record_of(deal))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        ch = data.draw(st.sampled_from([*'{}[]":,0123456789 \\ntfnul-.eEAS♠', "\ufeff", "\x00"]))
        if how == "delete":
            text = text[:i] + text[i + 1 :]
        elif how == "insert":
            text = text[:i] + ch + text[i:]
        else:
            text = text[:i] + ch + text[i + 1 :]
    record = _parse_or_record_error(text)
    if record is not None:
        assert dumps(loads(dumps(record))) == dumps(record)


@given(st.binary(max_size=40) | st.text(max_size=40).map(lambda t: t.encode("utf-16")))
def test_bytes_that_are_not_a_record(data: bytes) -> None:
    assert _parse_or_record_error(data) is None


@pytest.mark.parametrize(
    "value",
    [None, 3, "text", [], ["a"], {"format": "roundgames-deal/2", "game": "loo"}, {"format": "roundgames-deal/1"}],
)
def test_not_a_record_object(value: Any) -> None:
    with pytest.raises(RecordError):
        loads(json.dumps(value))


def test_one_mutation_of_each_kind_names_its_field() -> None:
    """Each malformed field is named in the error (DEAL-RECORD.md: 'a one-line message ... naming the field')."""
    deal = LooDeal(LooRules.preset(), 4, dealer=1, pool=9)
    deal.deal(7)
    base = json.loads(dumps(record_of(deal)))
    cases: list[tuple[str, Any, str]] = [
        ("format", "roundgames-deal/9", "format"),
        ("game", "whist", "game"),
        ("variant", "whist", "variant"),
        ("mode", "lenient", "mode"),
        ("seats", ["P1", "P2"], "seats"),
        ("seats", ["P1", "P1", "P2", "P3"], "seats"),
        ("dealer", "P9", "dealer"),
        ("pool", -1, "pool"),
        ("pool", "9", "pool"),
        ("kind", "double", "kind"),
        ("cards", "AS KS", "cards"),
        ("actions", "P3 stand", "actions"),
        ("options", {"lead_rule": "lowest"}, "options.lead_rule"),
        ("options", {"trumps": "clubs"}, "options.trumps"),
        ("stakes", {"deal": -3}, "stakes.deal"),
        ("stakes", {"unit": 1}, "stakes.unit"),
        ("multiplier", 2, "multiplier"),
        ("colour", "red", "colour"),
    ]
    for key, value, field in cases:
        obj = {**base, key: value}
        with pytest.raises(RecordError) as info:
            loads(json.dumps(obj))
        assert info.value.field == field, (key, value, str(info.value))
    with pytest.raises(RecordError) as info:
        loads("{not json")
    assert info.value.field == "record"


def test_referee_names_the_field_of_bad_cards() -> None:
    deal = LooDeal(LooRules.preset(), 4, dealer=1, pool=9)
    deal.deal(7)
    base = json.loads(dumps(record_of(deal)))
    seat = base["seats"][2]
    for value, reason in [("AS KS", "3 cards"), ("AS KS XX", "XX"), ("AS AS KS", "twice")]:
        obj = {**base, "cards": {**base["cards"], seat: value}}
        with pytest.raises(RecordError) as info:
            referee(loads(json.dumps(obj)))
        assert info.value.field.startswith("cards"), str(info.value)
        assert reason in str(info.value) or "twice" in str(info.value)


@pytest.mark.parametrize("name", CARD_KEYS)
def test_a_seat_named_like_a_card_heap(name: str) -> None:
    """DEAL-RECORD.md's ``cards`` holds one entry per seat beside ``miss``, ``turnup``, ``stock``, ``widow`` and
    ``spare``: a seat of one of those names must be refused (RecordError on ``seats``), or its deal must still
    round-trip and be ruled on as it was played."""
    try:
        deal = LooDeal(LooRules.preset(), [name, "B", "C"], dealer=2, pool=0)
    except RecordError:
        return
    deal.deal(1)
    rng = random.Random(1)
    while not deal.is_complete:
        deal.apply(rng.choice(deal.legal_actions()))
    record = record_of(deal)
    try:
        again = loads(dumps(record))
    except RecordError as e:
        assert e.field == "seats"
        return
    assert again == record
    ruling = referee(again)
    assert ruling["error"] is None
    assert ruling["net"] == dict(zip(deal.seats, deal.net, strict=True))
