"""Rules: presets, options by name, and their refusal of anything unknown (DEAL-RECORD.md "Presets and options").

The option tables and preset contents below are copied from DEAL-RECORD.md, not from rules.py, so the test fails
if the module drifts from the record format.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundgames import LooRules, NapRules, RulesError
from roundgames.loo.rules import LooStakes
from roundgames.nap.rules import NapStakes

# DEAL-RECORD.md, "Loo options (default first)"; loo_cap and dealer_stands_out_above take integers.
LOO_TABLE: dict[str, list[Any]] = {
    "form": ["three_card", "five_card", "irish"],
    "loo_mode": ["limited", "unlimited", "mixed"],
    "single": ["peel", "ew", "none"],
    "ante": ["dealer", "all"],
    "lead_rule": ["highest", "lead_one", "cassell"],
    "second_lead": ["peel", "none"],
    "leader": ["elder", "miss_holder"],
    "dealer_lone_stander": ["must_defend", "may_concede"],
    "defender_looed": [False, True],
    "club_law": [False, True],
    "revoke_replay": ["mandatory", "optional", "none"],
    "penalty_scale": ["peel", "ew_flat"],
    "look_penalty_pool": ["current", "next"],
    "offender_double_loo": [False, True],
    "pack": [52, 32],
    "first_dealer": ["first_knave", "cut_low"],
    "pam": ["jack_clubs", "jack_trumps"],
    "pam_free": [False, True],
    "flush_pay": ["peel", "ew_hoy"],
    "flush_tie": ["elder", "split"],
    "irish_flush": [False, True],
}
LOO_INT_OPTIONS = {"loo_cap": 1, "dealer_stands_out_above": 2}  # name -> smallest value allowed
LOO_DEFAULTS = {k: v[0] for k, v in LOO_TABLE.items()} | {"loo_cap": None, "dealer_stands_out_above": None}

# DEAL-RECORD.md, "Nap options (default first)".
NAP_TABLE: dict[str, list[Any]] = {
    "max_players": [6, 7],
    "dealer_out_at": [6, 5],
    "min_call": [1, 2, 3],
    "misery": [True, False],
    "misery_rank": ["below_three", "above_three"],
    "misery_trumps": [True, False],
    "misery_pay": ["peel", "eb11"],
    "wellington": [True, False],
    "blucher": [True, False],
    "pay_table": ["peel", "well_blu_mod", "parlett", "hsw_flat"],
    "all_pass": ["eldest_one", "dealer_one", "redeal", "double_header"],
    "kitty": [False, True],
    "purchase": [False, True],
    "spare_hand": ["off", "peel", "sir_garnet"],
    "peep": [False, True],
    "nap_top_card": [False, True],
    "nap_challenge": [False, True],
    "revoke_rule": ["default", "bic_fine", "replay"],
    "pack": [52, 32],
}
NAP_DEFAULTS = {k: v[0] for k, v in NAP_TABLE.items()}

# DEAL-RECORD.md, "Presets and options".
LOO_PRESETS: dict[str, tuple[LooStakes, dict[str, Any]]] = {
    "peel": (LooStakes(deal=3, loo=6, single=3), {}),
    "enquire-within": (
        LooStakes(deal=1, loo=3, single=3),
        {
            "single": "ew",
            "penalty_scale": "ew_flat",
            "revoke_replay": "none",
            "dealer_lone_stander": "may_concede",
            "second_lead": "none",
            "first_dealer": "cut_low",
        },
    ),
    "five-card": (LooStakes(deal=5, loo=5, single=5), {"form": "five_card", "single": "none"}),
    "irish": (LooStakes(deal=3, loo=6, single=3), {"form": "irish", "single": "none", "club_law": True}),
}
NAP_PRESETS: dict[str, dict[str, Any]] = {
    "peel": {},
    "plain": {"misery": False, "wellington": False, "blucher": False},
    "modern": {"misery_rank": "above_three", "min_call": 2, "pay_table": "parlett", "all_pass": "dealer_one"},
}


def shown(value: Any) -> str:
    """How a value is written in JSON (and so in the record format's tables)."""
    return json.dumps(value).strip('"')


def same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


@pytest.mark.parametrize("name", list(LOO_PRESETS))
def test_loo_preset_contents(name: str) -> None:
    stakes, changed = LOO_PRESETS[name]
    rules = LooRules.preset(name)
    assert rules.name == name
    assert (rules.stakes.deal, rules.stakes.loo, rules.stakes.single) == (stakes.deal, stakes.loo, stakes.single)
    for key, default in LOO_DEFAULTS.items():
        assert same(getattr(rules, key), changed.get(key, default)), key


@pytest.mark.parametrize("name", list(NAP_PRESETS))
def test_nap_preset_contents(name: str) -> None:
    rules = NapRules.preset(name)
    assert rules.name == name
    assert rules.stakes == NapStakes(unit=1)
    for key, default in NAP_DEFAULTS.items():
        assert same(getattr(rules, key), NAP_PRESETS[name].get(key, default)), key


def test_default_preset_is_peel() -> None:
    assert LooRules.preset() == LooRules.preset("peel") == LooRules()
    assert NapRules.preset() == NapRules.preset("peel") == NapRules()


@pytest.mark.parametrize(("cls", "presets"), [(LooRules, LOO_PRESETS), (NapRules, NAP_PRESETS)])
@pytest.mark.parametrize("bad", ["whist", "Peel", "", "enquire_within"])
def test_unknown_preset_lists_the_valid_ones(cls: type[LooRules] | type[NapRules], presets: Any, bad: str) -> None:
    with pytest.raises(RulesError) as info:
        cls.preset(bad)
    message = str(info.value)
    assert repr(bad) in message
    for name in presets:
        assert name in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("cls", "names"),
    [(LooRules, [*LOO_TABLE, *LOO_INT_OPTIONS]), (NapRules, list(NAP_TABLE))],
)
@pytest.mark.parametrize("bad", ["loo_cap_x", "trumps", "Club_law", "stakes", "name"])
def test_unknown_option_lists_the_valid_ones(cls: type[LooRules] | type[NapRules], names: list[str], bad: str) -> None:
    """An unknown name is refused (stakes and name are fields, not options) and every valid option is listed."""
    if bad in names:
        pytest.skip("a valid option of this game")
    with pytest.raises(RulesError) as info:
        cls.preset().with_options({bad: True})
    message = str(info.value)
    assert repr(bad) in message
    for name in names:
        assert name in message


def test_option_tables_are_those_of_the_record_format() -> None:
    """Every value of DEAL-RECORD.md's tables is accepted for its option, by the same name."""
    for cls, table in ((LooRules, LOO_TABLE), (NapRules, NAP_TABLE)):
        for key, values in table.items():
            for value in values:
                extra = {"loo_cap": 10} if value == "mixed" else {}
                rules = cls.preset().with_options({key: value, **extra})
                assert same(getattr(rules, key), value)


@pytest.mark.parametrize(("cls", "table"), [(LooRules, LOO_TABLE), (NapRules, NAP_TABLE)])
def test_unknown_option_value_lists_the_valid_ones(cls: type[LooRules] | type[NapRules], table: Any) -> None:
    for key, values in table.items():
        wrong: list[Any] = ["nonsense", None, 99, 1.5, [values[0]]]
        if isinstance(values[0], bool):
            wrong += [0, 1, "true", "false"]  # JSON true/false only, not numbers or strings
        elif isinstance(values[0], str):
            wrong += [values[0].upper(), True]
        for value in wrong:
            with pytest.raises(RulesError) as info:
                cls.preset().with_options({key: value})
            message = str(info.value)
            assert key in message
            for v in values:
                assert shown(v) in message, (key, value, message)


@pytest.mark.parametrize(("key", "minimum"), list(LOO_INT_OPTIONS.items()))
def test_integer_options(key: str, minimum: int) -> None:
    rules = LooRules.preset()
    assert getattr(rules.with_options({key: minimum}), key) == minimum
    assert getattr(rules.with_options({key: 40}), key) == 40
    assert getattr(rules.with_options({key: None}), key) is None
    for bad in (minimum - 1, -3, True, "5", 2.5):
        with pytest.raises(RulesError, match=key):
            rules.with_options({key: bad})


def test_mixed_loo_needs_a_cap() -> None:
    """LOO-VAR-MIXED: the loo is the pool up to a cap, so a cap must be given."""
    with pytest.raises(RulesError, match="loo_cap"):
        LooRules.preset().with_options(loo_mode="mixed")
    rules = LooRules.preset().with_options(loo_mode="mixed", loo_cap=10)
    assert rules.loo_cap == 10


def test_loo_amount_by_mode() -> None:
    """LOO-STK-4, §14.7: limited L; unlimited the pool; mixed the pool up to the cap."""
    base = LooRules.preset()
    assert [base.loo_amount(p) for p in (0, 4, 30)] == [6, 6, 6]
    unlimited = base.with_options(loo_mode="unlimited")
    assert [unlimited.loo_amount(p) for p in (0, 4, 30)] == [0, 4, 30]
    mixed = base.with_options(loo_mode="mixed", loo_cap=10)
    assert [mixed.loo_amount(p) for p in (0, 4, 10, 30)] == [0, 4, 10, 10]
    assert base.with_stakes(loo=9).loo_amount(50) == 9


def test_with_options_leaves_the_original_alone() -> None:
    base = LooRules.preset()
    changed = base.with_options(club_law=True)
    assert base.club_law is False and changed.club_law is True
    with pytest.raises(AttributeError):
        base.club_law = True  # type: ignore[misc]


def test_with_stakes_and_max_seats() -> None:
    rules = LooRules.preset().with_stakes(deal=6, loo=12)
    assert (rules.stakes.deal, rules.stakes.loo, rules.stakes.single, rules.name) == (6, 12, 3, "peel")
    assert LooRules.preset().max_seats == 12
    assert LooRules.preset().with_options(pack=32).max_seats == 9
    assert NapRules.preset().with_stakes(unit=5).stakes.unit == 5


@st.composite
def loo_options(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    preset = draw(st.sampled_from(list(LOO_PRESETS)))
    keys = draw(st.lists(st.sampled_from([*LOO_TABLE, *LOO_INT_OPTIONS]), unique=True, max_size=8))
    opts: dict[str, Any] = {}
    for key in keys:
        if key in LOO_INT_OPTIONS:
            opts[key] = draw(st.one_of(st.none(), st.integers(LOO_INT_OPTIONS[key], 60)))
        else:
            opts[key] = draw(st.sampled_from(LOO_TABLE[key]))
    if opts.get("loo_mode") == "mixed" and opts.get("loo_cap") is None:
        opts["loo_cap"] = draw(st.integers(1, 60))
    return preset, opts


def _round_trip(cls: type[LooRules] | type[NapRules], preset: str, opts: dict[str, Any]) -> None:
    base = cls.preset(preset)
    rules = base.with_options(opts)
    got = rules.options()
    expected = {k: v for k, v in opts.items() if not same(getattr(base, k), v)}
    assert got == expected
    assert all(same(got[k], expected[k]) for k in got)
    # in the order of the record format's table
    order = [*cls.OPTIONS]
    assert list(got) == sorted(got, key=order.index)
    # the options rebuild the rules, and they are JSON as a record writes them
    assert base.with_options(got) == rules
    assert base.with_options(json.loads(json.dumps(got))) == rules
    assert cls.preset(preset).with_options(rules.options()).options() == got


@given(loo_options())
def test_loo_options_round_trip(case: tuple[str, dict[str, Any]]) -> None:
    """options() names exactly the options that differ from the preset, and rebuilds the same rules."""
    _round_trip(LooRules, *case)


@given(
    st.sampled_from(list(NAP_PRESETS)),
    st.dictionaries(st.sampled_from(list(NAP_TABLE)), st.integers(0, 3), max_size=8),
)
def test_nap_options_round_trip(preset: str, picks: dict[str, int]) -> None:
    opts = {k: NAP_TABLE[k][i % len(NAP_TABLE[k])] for k, i in picks.items()}
    _round_trip(NapRules, preset, opts)


def test_options_of_a_preset_are_empty() -> None:
    for name in LOO_PRESETS:
        assert LooRules.preset(name).options() == {}
    for name in NAP_PRESETS:
        assert NapRules.preset(name).options() == {}


def test_options_example() -> None:
    rules = LooRules.preset("peel").with_options(lead_rule="lead_one", loo_mode="unlimited")
    assert rules.options() == {"loo_mode": "unlimited", "lead_rule": "lead_one"}
    ew = LooRules.preset("enquire-within").with_options(single="peel", club_law=True)
    assert ew.options() == {"single": "peel", "club_law": True}
    # setting an option to its preset value is no change
    assert LooRules.preset("irish").with_options(club_law=True).options() == {}
