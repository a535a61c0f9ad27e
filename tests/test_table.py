"""The Table model behind the terminal front ends: a person's spare hand, and what an error may reveal."""

from __future__ import annotations

import pytest

from roundgames import IllegalActionError, RecordError
from roundgames.core.cards import card_str, cards_in
from roundgames.nap import NapDeal
from roundgames.session.table import Table


def spare_table() -> tuple[Table, NapDeal]:
    table = Table.new("nap", players=3, humans=[0], seed=0, options={"spare_hand": "peel"})
    table.start_deal()
    table.run_bots()
    deal = table.deal
    assert isinstance(deal, NapDeal) and table.to_act == 0
    return table, deal


def test_nap_var_spare_a_person_takes_the_spare_then_keeps_five_of_the_ten() -> None:
    """NAP-VAR-SPARE: a player may take the spare hand in his calling turn, choose five cards from the ten, and
    must then stand for Nap. At the terminal: `spare` takes it and shows the ten; `keep` chooses the five."""
    table, deal = spare_table()
    assert "spare" in table.legal_texts(0)
    ten = deal.hands[0] | deal.spare
    table.act(0, "spare")
    assert " ".join(card_str(c) for c in sorted(cards_in(ten), key=lambda c: (c // 13, -c))) in table.events[-1]
    assert table.legal_texts(0) == ["keep CARDS"]
    with pytest.raises(RecordError, match="keep five"):
        table.act(0, "pass")  # taking the spare is a call of Nap: no going back
    with pytest.raises(RecordError, match="keep five"):
        table.act(0, "keep AS")
    assert deal.log == [] or all(a.seat != 0 for a in deal.log)  # nothing applied yet
    keep = sorted(cards_in(deal.spare))  # keep the spare's own five
    table.act(0, "keep " + " ".join(card_str(c) for c in keep))
    assert deal.hands[0] == sum(1 << c for c in keep) and deal.spare_taker == 0
    assert deal.highest == (0, "nap") and table.keeping is None


def test_nap_var_spare_a_refused_keep_does_not_say_which_card_is_in_the_spare() -> None:
    """An illegal keep is refused without naming a card: naming it would tell a player whether some other
    card is in the unseen spare hand (nor is the spare shown before it is taken)."""
    table, deal = spare_table()
    outside = next(c for c in range(52) if not (deal.hands[0] | deal.spare | sum(deal.dealt)) >> c & 1)
    own = list(cards_in(deal.hands[0]))
    with pytest.raises(IllegalActionError) as e:
        table.act(0, "spare " + " ".join(card_str(c) for c in [outside, *own[:4]]))
    assert e.value.rule == "NAP-VAR-SPARE"
    for c in cards_in(deal.spare):
        assert card_str(c) not in str(e.value)
    assert card_str(outside) not in str(e.value)
    assert table.keeping is None and all(a.seat != 0 for a in deal.log)  # nothing changed


# -- one parser for every game, driven by its verb table ---------------------------------------------------


def dealt(table: Table) -> Table:
    """``table`` with a deal in progress (Peel's single settles as it is dealt)."""
    table.start_deal()
    while table.in_play is None or table.in_play.is_complete:
        table.start_deal()
    return table


@pytest.mark.parametrize("game", ["loo", "nap"])
def test_every_key_and_shortcut_of_the_verb_table_is_read_by_the_one_parser(game: str) -> None:
    """Whatever a person may type for a verb (its record word, its keys) or a shortcut (Nap's ``n`` is
    ``call nap``) means that verb at the table; nothing else lists them."""
    table = dealt(Table.new(game, players=4, humans=[0], seed=3))
    deal = table.in_play
    assert deal is not None
    verbs = deal.game.verbs
    for verb in verbs.values():
        if verb.args == "" and verb.proper and (verb.needs is None or deal.offers(verb.needs)):
            for typed in (verb.word, *verb.keys, verb.word.upper()):
                assert deal.action_str(table.parse(0, typed)) == f"You {verb.word}", typed
        elif verb.proper and verb.needs is not None:  # a verb of another form: refused with its rule
            for typed in (verb.word, *verb.keys):
                with pytest.raises(RecordError, match=rf"there is no {verb.word} at this table \({verb.rule}\)"):
                    table.parse(0, typed)
    for key, action in verbs.shortcuts.items():
        assert deal.action_str(table.parse(0, key)) == f"You {action}", key


def test_misery_is_i_and_mis_and_nap_is_n() -> None:
    table = Table.new("nap", players=4, humans=[0], seed=3)
    table.start_deal()
    for typed, meant in [("i", "call misery"), ("mis", "call misery"), ("n", "call nap"), ("3", "call 3")]:
        assert table.deal is not None and table.deal.action_str(table.parse(0, typed)) == f"You {meant}"


def test_cards_by_code_or_number_and_what_the_parser_refuses() -> None:
    """A verb of cards takes codes or numbers in the hand as the table shows it; a card alone is played,
    and AS civil passes its word on to the game (LOO5-4). Nonsense is refused with what to type."""
    table = Table.new("nap", players=4, humans=[0], seed=3, options={"purchase": True})
    table.start_deal()
    deal = table.in_play
    assert deal is not None
    hand = [card_str(c) for c in sorted(cards_in(deal.hands[0]), key=lambda c: (c // 13, -c))]
    assert deal.action_str(table.parse(0, f"buy 1 {hand[2].lower()}")) == f"You buy {hand[0]} {hand[2]}"
    assert deal.action_str(table.parse(0, "buy")) == "You buy"  # none: keep the hand (NAP-VAR-PURCHASE)
    assert deal.action_str(table.parse(0, hand[1])) == f"You play {hand[1]}"
    for text, reason in [("zz", "not a card"), ("buy 1 1", "each card once"), ("buy 9", "the hand has 5 cards")]:
        with pytest.raises(RecordError, match=reason):
            table.parse(0, text)
    with pytest.raises(RecordError, match="nothing follows pass"):
        table.parse(0, "p 3")
    loo = dealt(Table.new("loo", players=4, humans=[0], seed=3))
    assert loo.in_play is not None
    assert loo.in_play.action_str(loo.parse(0, "AS civil")) == "You play AS civil"
    with pytest.raises(RecordError, match=r"exchange: there is no exchange at this table \(LOO5-2\)"):
        loo.parse(0, "exchange")  # Three-card Loo has no stock: no help of Five-card Loo's is given
    five = dealt(Table.new("loo", players=4, humans=[0], seed=3, preset="five-card"))
    with pytest.raises(RecordError, match="exchange CARDS: name the cards"):
        five.parse(0, "exchange")


def test_the_rules_in_force_are_in_words() -> None:
    lines = Table.new("nap", players=4, humans=[0], seed=3, options={"kitty": True}).rules_lines()
    assert lines[:2] == ["Nap, preset peel", "  stakes: unit 1"]
    assert "  kitty = true (house rule): a kitty fed by the dealer and taken by a made Nap (NAP-VAR-POOL)" in lines
    assert not [line for line in lines if "Stakes(" in line]
