"""Whether a claim of the remaining tricks is certain, evident from the claimant's seat, and how it is played out
(:mod:`roundgames.bots.claims`), at Three-card and Five-card Loo and at Nap, on positions the bots reach:

- ``certain`` is the solver's proof: it agrees with a brute-force search of every way the play can go;
- ``evident`` is sound: where it holds, the claim holds in every layout of the cards the claimant cannot see, dealt
  at random among the others (as many as each holds);
- ``next_play`` keeps a certain claim: the claimant takes every remaining trick whatever legal cards the others play;
  with the others conceding it gives him every trick wherever some line does, and says the claim lapses elsewhere;
- nobody claims outside his turn to play a card, nor once a law of table mode is applied in the deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from roundgames.bots.claims import certain, evident, next_play, why_not
from roundgames.bots.games import kit
from roundgames.bots.solver import Solver, brute_force
from roundgames.core.cards import cards_in
from roundgames.games.protocol import Deal, Stage
from roundgames.records.deal import loads, start
from roundgames.session.decisions import decide
from roundgames.session.table import Table

#: (game, preset, players): each form the solver plays
TABLES = [("loo", "peel", 3), ("loo", "peel", 5), ("loo", "five-card", 4), ("nap", "peel", 4), ("nap", "peel", 2)]
SEEDS = range(4)


def positions(game: str, preset: str, players: int, seed: int, deals: int = 3) -> Iterator[tuple[Table, Deal, int]]:
    """Each turn to play a card in ``deals`` deals of a sitting of bots (every seat a person's, the bots' choices
    made for them)."""
    options = {"single": "none"} if game == "loo" else {}
    table = Table.new(
        game, players=players, humans=range(players), preset=preset, seed=seed, options=options, rounds=10
    )
    for _ in range(deals):
        if table.is_over:
            return
        table.start_deal()
        deal = table.in_play
        assert deal is not None
        while not deal.is_complete:
            seat = deal.to_act
            assert seat is not None
            forced = table.forced_action()
            if forced is None and deal.stage is Stage.PLAY and why_not(deal, seat) is None:
                yield table, deal, seat
            table.act_action(seat, forced if forced is not None else decide(table.decision(seat)))


@pytest.mark.parametrize(("game", "preset", "players"), TABLES)
def test_certain_is_what_a_search_of_every_way_the_play_goes_finds(game: str, preset: str, players: int) -> None:
    checked = claims = 0
    for seed in SEEDS:
        for _table, deal, seat in positions(game, preset, players, seed):
            rules, pos = kit(deal).solve.position(deal)
            if pos.remaining > 3:  # brute force over every line is kept to the last tricks
                continue
            every = brute_force(rules, pos, 1 << seat)
            assert certain(deal, seat) == (every == pos.remaining), (seed, deal.log)
            checked += 1
            claims += every == pos.remaining
    assert checked > 10 and claims > 0


def _layouts(deal: Deal, seat: int, rng: random.Random, count: int) -> Iterator[list[int]]:
    """Hands of the others dealt at random from every card the claimant has not seen played (each as many as
    he holds now), the claimant's own kept."""
    _rules, pos = kit(deal).solve.position(deal)
    played = 0
    for trick in deal.all_tricks():
        for card in trick.cards:
            played |= 1 << card
    unseen = [c for c in range(52) if not (pos.hands[seat] | played) >> c & 1]
    for _ in range(count):
        rng.shuffle(unseen)
        hands, at = list(pos.hands), 0
        for other in pos.seats:
            if other != seat:
                n = int.bit_count(pos.hands[other])
                hands[other] = sum(1 << c for c in unseen[at : at + n])
                at += n
        yield hands


def test_an_evident_claim_holds_in_every_layout_of_the_unseen_cards() -> None:
    """Evident claims are rare in the bots' play (a few in a thousand turns): every form is searched for them."""
    rng = random.Random(7)
    evident_seen = 0
    for game, preset, players in TABLES:
        for seed in range(8):
            for _table, deal, seat in positions(game, preset, players, seed, deals=10):
                if not evident(deal, seat):
                    continue
                evident_seen += 1
                rules, pos = kit(deal).solve.position(deal)
                for hands in _layouts(deal, seat, rng, 40):
                    pos.hands = hands
                    assert Solver(rules, 1 << seat).at_least(pos, pos.remaining), (seed, deal.log, hands)
    assert evident_seen >= 3


@pytest.mark.parametrize(("game", "preset", "players"), TABLES)
def test_a_certain_claim_played_out_takes_every_remaining_trick_whatever_the_others_play(
    game: str, preset: str, players: int
) -> None:
    rng = random.Random(3)
    played_out = 0
    for seed in SEEDS:
        for table, deal, seat in positions(game, preset, players, seed):
            if not certain(deal, seat):
                continue
            before = len(deal.tricks)
            while not deal.is_complete:
                to_act = deal.to_act
                assert to_act is not None
                legal = deal.view(to_act).legal
                action = next_play(deal, seat) if to_act == seat else rng.choice(legal)
                table.act_action(to_act, action)
            assert all(t.winner == seat for t in deal.tricks[before:])
            played_out += 1
            break  # the deal is over: on to the next
    assert played_out > 0


def test_no_claim_outside_a_turn_to_play_a_card() -> None:
    table = Table.new("nap", players=4, humans=range(4), seed=1)
    table.start_deal()
    deal = table.in_play
    assert deal is not None and deal.stage is not Stage.PLAY
    seat = deal.to_act
    assert seat is not None
    assert why_not(deal, seat) == "a claim is made at one's turn to play a card" and not certain(deal, seat)
    other = (seat + 1) % 4
    assert not certain(deal, other) and not evident(deal, other)
    assert list(cards_in(deal.hands[seat]))  # he holds his cards: only the turn is wrong


@pytest.mark.parametrize("record", ["lx10_revoke_none", "lx10_revoke_stated_table"])
def test_no_claim_once_a_law_of_table_mode_is_applied_in_the_deal(record: str) -> None:
    """A revoke at a table in table mode (LOO-LAW-14): its penalties are outside the solver, so no claim after it."""
    played = loads((Path(__file__).parent / "records" / f"{record}.json").read_text(encoding="utf-8"))
    deal = start(played)
    for text in played.actions:
        deal.apply(deal.parse_action(text))
        if deal.irregularities:
            break
    seat = deal.to_act
    assert deal.irregularities and not deal.is_complete and seat is not None
    assert why_not(deal, seat) == "a claim is not made in a deal where a law of table mode has been applied"
    assert not certain(deal, seat)


def test_an_accepted_claim_is_played_out_where_some_line_gives_him_every_trick_and_lapses_where_none_does() -> None:
    """The others concede (every seat on the claimant's side): the tricks are his where a search of every way the
    play can go finds a line that gives them all to him; where none does, ``next_play`` says the claim lapses, no
    card played."""
    played_out = lapsed = 0
    for game, preset, players in TABLES:
        for seed in SEEDS:
            for table, deal, seat in positions(game, preset, players, seed):
                rules, pos = kit(deal).solve.position(deal)
                if pos.remaining > 3 or certain(deal, seat):  # brute force is kept to the last tricks
                    continue
                everyone = sum(1 << s for s in pos.seats)
                possible = brute_force(rules, pos, everyone, count=1 << seat) == pos.remaining
                if not possible:
                    assert next_play(deal, seat) is None, (seed, deal.log)
                    lapsed += 1
                    continue  # nothing was played: the deal goes on as the bots play it
                before = len(deal.tricks)
                while not deal.is_complete:
                    action = next_play(deal, seat)
                    assert action is not None, (seed, deal.log)
                    to_act = deal.to_act
                    assert to_act is not None
                    table.act_action(to_act, action)
                assert all(t.winner == seat for t in deal.tricks[before:])
                played_out += 1
                break  # the deal is over: on to the next
    assert played_out > 0 and lapsed > 0
