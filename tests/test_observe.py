"""Each game's observer (roundgames.games.observe): a seat's view of a deal as the table's facts, each with the
rule behind it, and the state every surface renders (the web's JSON, the terminal's panel, the keeper's words)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from roundgames.core.cards import card_str, parse_cards
from roundgames.games.observe import Fact, Observer, Pot, observe, observer_of
from roundgames.games.protocol import Deal
from roundgames.games.registry import game, games, new_deal, rules_for

LOO_HANDS = {"P3": "AS 4S 9D", "P4": "KD QD 2C", "P1": "JS 8H 3H", "P2": "KS TS 5D"}
NAP_HANDS = {"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C", "P4": "7S 9H 8H 3C 5D"}
SEATS = ["P1", "P2", "P3", "P4"]


def _act(deal: Deal, *texts: str) -> None:
    for text in texts:
        deal.apply(deal.parse_action(text))


def _loo(preset: str = "peel", **options: Any) -> Deal:
    deal = new_deal("loo", rules_for("loo", preset, options), SEATS, dealer="P2", pool=9)
    deal.deal_cards(LOO_HANDS, miss="6C 2H 8D", turnup="7S")
    return deal


def _nap(**options: Any) -> Deal:
    deal = new_deal("nap", rules_for("nap", "peel", options), SEATS, dealer="P4")
    deal.deal_cards(NAP_HANDS)
    return deal


def test_each_game_names_its_observer_and_a_game_without_one_has_the_neutral_observer() -> None:
    observers = {spec.name: observer_of(spec) for spec in games()}
    assert {name: type(o).__name__ for name, o in observers.items()} == {"loo": "LooObserver", "nap": "NapObserver"}
    assert observer_of(game("loo")) is observers["loo"]  # loaded once
    plain = Observer()
    assert plain.pot(None) is None and plain.turnup(_nap(), _nap().view(0)) is None


def test_loo_pool_turnup_and_miss_are_facts_with_their_rules() -> None:
    deal = _loo()
    seen = observe(deal, 0)
    view = deal.view(0)
    # the pool, with every deal's stakes in as it begins (LOO-SET-1)
    assert seen.pot == Pot("pool", view.pool, "LOO-SET-1", staked=True, next=0)
    assert seen.pot.text() == f"Pool {view.pool}"
    assert seen.turnup == parse_cards("7S")[0] and not seen.trump_led  # the turn-up fixes trumps (LOO-DEAL-5)
    assert seen.facts == (
        Fact("pool", "Pool", str(view.pool), "LOO-SET-1"),
        Fact("miss", "Miss", "untaken", "LOO-DEAL-4"),
    )
    assert seen.bid_status == "The miss is untaken." and seen.all_play is None and seen.kind_note == ""
    _act(deal, "P3 miss")
    assert observe(deal, 0).facts[-1] == Fact("miss", "Miss", "taken by P3", "LOO-DEAL-4")
    assert observe(deal, 0).bid_status == ""
    assert observe(deal, 0).own == {"miss_holder": 2}


def test_the_pool_before_any_deal_is_empty_and_a_nap_table_keeps_a_kitty_only_under_its_option() -> None:
    assert observer_of(game("loo")).pot(None) == Pot("pool", 0, "LOO-SET-1", staked=True, next=0)
    assert observer_of(game("nap")).pot(None) is None
    assert observe(_nap(), 0).pot is None  # no kitty in the preset (NAP-VAR-POOL)
    with_kitty = _nap(kitty=True)
    seen = observe(with_kitty, 0)
    assert seen.pot == Pot("kitty", with_kitty.view(0).pool, "NAP-VAR-POOL")
    assert Fact("kitty", "Kitty", str(with_kitty.view(0).pool), "NAP-VAR-POOL") in seen.facts


@pytest.mark.parametrize(
    ("preset", "every"), [("peel", "stand"), ("five-card", "play, standing or exchanging")], ids=["three", "five"]
)
def test_club_law_is_one_sentence_with_its_rule(preset: str, every: str) -> None:
    """LOO-VAR-CLUBLAW: a club turned up in a regular deal, every seat plays; in Five-card by standing or
    exchanging (LOO5-2)."""
    deal = new_deal("loo", rules_for("loo", preset, {"club_law": True}), SEATS, dealer="P2")
    deal.deal_unknown("7C")
    law = observe(deal, 0).all_play
    assert law == Fact("club_law", "club law", f"Clubs are trumps: all must {every}", "LOO-VAR-CLUBLAW")
    spade = new_deal("loo", rules_for("loo", preset, {"club_law": True}), SEATS, dealer="P2")
    spade.deal_unknown("7S")
    assert observe(spade, 0).all_play is None


def test_a_single_is_said_in_short_and_has_no_miss() -> None:
    deal = new_deal("loo", rules_for("loo", "peel"), SEATS, dealer="P2", kind="ew_single")
    deal.deal_unknown("7S")
    seen = observe(deal, 0)
    assert seen.kind_note == "ew single" and all(f.key != "miss" for f in seen.facts)
    # the info panel's words for each kind of deal (LOO-SGL-1, LOO-VAR-EW-SINGLE), none for the regular deal
    observer = observer_of(deal.game)
    assert observer.kind_text(deal, deal.view(0)) == "A single: all must play"
    single = new_deal("loo", rules_for("loo", "peel"), SEATS, dealer="P2", kind="single")
    single.deal_unknown("7S")
    assert observer.kind_text(single, single.view(0)) == "A single: the hands lie face up"
    assert (
        observer.kind_text(_loo(), _loo().view(0)) == ""
        and observer_of(game("nap")).kind_text(_nap(), _nap().view(0)) == ""
    )


def test_pam_is_the_knave_of_clubs_in_five_card_loo_and_none_elsewhere() -> None:
    five = new_deal("loo", rules_for("loo", "five-card"), SEATS, dealer="P2")
    hands = {"P3": "AS 4S 9D 2S 3S", "P4": "KD QD 2C 3C 4C", "P1": "JS 8H 3H 2H 4H", "P2": "KS TS 5D 6D 7D"}
    five.deal_cards(hands, stock="AD KH", turnup="7S")
    pam = observer_of(five.game).pam(five)
    assert pam is not None and card_str(pam) == "JC"  # LOO5-3
    # the stock an exchange draws from, as a count (LOO5-2); no miss in Five-card Loo
    assert [(f.key, f.value, f.rule) for f in observe(five, 0).facts] == [
        ("pool", str(five.view(0).pool), "LOO-SET-1"),
        ("stock", "2 cards", "LOO5-2"),
    ]
    assert observe(five, 1).pam == observer_of(five.game).pam(five)
    assert observe(_loo(), 0).pam is None and observe(_nap(), 0).pam is None


def test_nap_the_first_card_led_fixes_trumps() -> None:
    deal = _nap()
    seen = observe(deal, 0)
    assert seen.trump_led and seen.no_trumps == "The first card led fixes trumps"  # NAP-PLAY-1
    assert seen.turnup is None
    _act(deal, "P1 pass", "P2 call 2", "P3 call 3", "P4 pass")
    seen = observe(deal, 0)
    assert seen.facts[:2] == (
        Fact("declarer", "Senior", "P3 called 3", "NAP-SET-1"),
        Fact("tricks", "", "won 0, lost 0", "NAP-SET-1"),
    )
    _act(deal, "P3 play AS")
    assert not observe(deal, 0).trump_led


def test_nap_while_calling_the_call_to_beat_is_a_fact() -> None:
    deal = _nap()
    _act(deal, "P1 pass", "P2 call 2")
    seen = observe(deal, 2)
    assert Fact("high_call", "High", "P2 called 2", "NAP-CALL-2") in seen.facts
    assert seen.own == {"bought": {}, "high_call": {"seat": 1, "call": "2"}}


@pytest.mark.parametrize(
    ("with_trumps", "before", "after"),
    [(True, "The first card led fixes trumps", None), (False, "No trumps (misery)", "No trumps (misery)")],
)
def test_nap_a_misery_without_trumps_says_so_once_it_is_certain(
    with_trumps: bool, before: str, after: str | None
) -> None:
    """NAP-PLAY-5: a misery played without trumps leaves them unset; said when the rules say it, or once a card
    led in the misery fixed none. With trumps, the first card led fixes them as in any call."""
    deal = _nap(misery_trumps=with_trumps)
    _act(deal, "P1 call misery", "P2 pass", "P3 pass", "P4 pass")
    assert observe(deal, 1).no_trumps == before
    _act(deal, "P1 play 2H")
    view = deal.view(1)
    assert (view.trump is None) is (after is not None)
    if after is not None:
        assert observe(deal, 1).no_trumps == after


def test_nap_outcome_and_ruling_fields_come_from_its_observer_and_loo_has_none() -> None:
    deal = _nap()
    _act(deal, "P1 pass", "P2 call 2", "P3 call 3", "P4 pass")
    for text in ["P3 play AS", "P4 play 7S", "P1 play JS", "P2 play 5S", "P3 play KS", "P4 play 9H",
                 "P1 play 6H", "P2 play 7C", "P3 play QS", "P4 play 8H", "P1 play TD", "P2 play 3H"]:  # fmt: skip
        _act(deal, text)
    result = deal.result()
    assert result is not None
    observer = observer_of(deal.game)
    assert observer.outcome(deal, result) == "P3 made 3"  # NAP-SET-1
    assert observer.ruling(deal) == {"declarer": "P3", "contract": "3", "made": True}
    loo = _loo()
    assert observer_of(loo.game).ruling(loo) == {}


def test_the_spare_hand_is_ten_cards_and_a_bot_keeps_five_of_them() -> None:
    """NAP-VAR-SPARE: the seat that takes the spare hand keeps five of the ten."""
    deal = new_deal("nap", rules_for("nap", "peel", {"spare_hand": "sir_garnet"}), SEATS, dealer="P4")
    deal.deal_cards(NAP_HANDS, spare="AD KD QD JD 8D")
    observer = observer_of(deal.game)
    ten = observer.keeping(deal, 0)
    assert ten.bit_count() == 10
    kept = observer.kept(deal, 0)
    assert len(kept) == 5 and all(ten >> c & 1 for c in kept)
    assert {card_str(c)[1] for c in kept} == {"D"}  # the longest suit: the five diamonds
    loo = _loo()
    assert observer_of(loo.game).keeping(loo, 0) == 0
    with pytest.raises(ValueError, match="Loo has no cards to keep"):
        observer_of(loo.game).kept(loo, 0)


def test_a_replay_shows_each_exchange_from_the_stock_by_the_observer() -> None:
    """LOO5-2: the replay of a record shows every card, and what each seat put out and drew; the observer gives the
    exchanges of a Five-card or Irish deal only, none of another."""
    path = Path(__file__).parent / "records" / "clarif22_irish_club_law_stand_or_exchange.json"
    run = run_cli("replay", str(path), "--all", "--ascii")
    assert run.returncode == 0, run.stderr
    after = run.stdout.split("\n\n")[1]
    assert "Position 1 of 2: after P1 exchange 4D." in after
    assert re.search(r"^  P1 +exchanged +9S AH AC +\(put out 4D, drew AC\)$", after, re.M)
    deal = new_deal("loo", rules_for("loo", "irish"), SEATS, dealer="P4")
    deal.deal_cards(
        {"P1": "9S AH 4D", "P2": "8S KH 5D", "P3": "7S QH 6D", "P4": "6S JH 7D"}, turnup="5C", stock="AC KC QC JC TC"
    )
    _act(deal, "P1 exchange 4D")
    assert observer_of(deal.game).exchanges(deal) == {0: (1 << parse_cards("4D")[0], 1 << parse_cards("AC")[0])}
    assert observer_of(game("loo")).exchanges(_loo()) == {} and observer_of(game("nap")).exchanges(_nap()) == {}
