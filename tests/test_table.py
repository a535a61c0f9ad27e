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
