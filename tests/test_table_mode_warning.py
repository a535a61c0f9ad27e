"""The warning before an irregular action at the web table (RULES.md §5, §8): what the laws would do and what would
become of the play, worked out without changing the deal.

:func:`roundgames.web.laws.judge` reads both from the deal's own ruling (``deal.judge``) wherever the ruling tells,
and plays the action on a copy of the deal only where the rules take over after the ruling. Whatever the path, the
warning must be what happens when the action is committed: the same laws in force, and the same outcome, seen on
the deal after it. Random deals of each game in table mode, with the options that change what a law does to the
play (``revoke_replay`` LOO-LAW-0b..0d, ``revoke_rule`` NAP-LAW-6), are walked to the end; at each step every
action a person might type that the rules forbid is judged and then committed on a copy.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from roundgames import LooDeal, LooRules, NapRules, RoundgamesError
from roundgames.core.cards import card_str, cards_in
from roundgames.games.protocol import Deal
from roundgames.loo.laws import LAWS as LOO_LAWS
from roundgames.nap import NapDeal
from roundgames.nap.laws import LAWS as NAP_LAWS
from roundgames.session.table import Table
from roundgames.web.laws import judge, played


def committed(deal: Deal, action: Any) -> tuple[list[Any], str | None]:
    """The laws ``action`` brings into force and what becomes of the play, seen on a copy of the deal after it is
    committed: the deal ends; every card goes back (the replay); the card goes back to the hand; the card stands
    unless another seat demands a replay (LOO-LAW-0b, ``revoke_replay: optional``); or it stands."""
    after = deal.copy()
    laws, cards = len(after.irregularities), played(after)
    after.apply(action)
    new = after.irregularities[laws:]
    if after.is_complete:
        return new, "ends"
    if played(after) < cards:
        return new, "replay"
    if action.verb != "play":
        return new, None
    if played(after) == cards:
        return new, "back"
    others = [name for s, name in enumerate(after.seats) if s != action.seat]
    if "replay" in after.game.verbs and any(after.can(after.parse_action(f"{name} replay")) for name in others):
        return new, "demand"
    return new, "stands"


def typed(deal: Deal) -> list[str]:
    """What a person might type now, at any seat: each card he holds, each verb of the calling or declaring, a
    replay, and each law stated (with an argument where the law wants one)."""
    loo = deal.game.name == "loo"
    laws = LOO_LAWS if loo else NAP_LAWS
    verbs = ["stand", "throw", "miss", "replay"] if loo else ["pass", "call 2", "call nap", "call wellington", "replay"]
    out = []
    for s, name in enumerate(deal.seats):
        out += [f"{name} play {card_str(c)}" for c in cards_in(deal.hands[s])]
        out += [f"{name} {verb}" for verb in verbs]
        out += [f"{name} irregular {rule}" for rule in laws]
        held = list(cards_in(deal.hands[s]))
        card = card_str(held[0]) if held else "AS"
        other = deal.seats[(s + 1) % deal.n]
        out += [f"{name} irregular {rule} {arg}" for rule, arg in _ARGS[deal.game.name] for arg in (arg, card, other)]
    return out


_ARGS = {
    "loo": [("LOO-LAW-2", "mixed"), ("LOO-LAW-3", ""), ("LOO-LAW-5", "throw"), ("LOO-LAW-8", "")],
    "nap": [("NAP-LAW-1", ""), ("NAP-LAW-3", ""), ("NAP-LAW-6", ""), ("NAP-LAW-7", ""), ("NAP-LAW-8", "")],
}


def state(deal: Deal) -> tuple[object, ...]:
    return (list(deal.log), list(deal.hands), deal.net, deal.to_act, list(deal.irregularities), played(deal))


def check_warnings(deal: Deal, rng: random.Random, seen: set[str | None]) -> None:
    """Every improper action typed now is warned of as it would turn out (or refused alike); nothing changes."""
    before = state(deal)
    for text in rng.sample(typed(deal), 40):
        try:
            action = deal.parse_action(text)
        except RoundgamesError:
            continue
        if deal.can_proper(action):
            assert judge(deal, action) == ([], None), text
            continue
        try:
            expected = committed(deal, action)
        except RoundgamesError as e:
            with pytest.raises(type(e)) as refused:
                judge(deal, action)
            assert str(refused.value) == str(e), text
            continue
        assert judge(deal, action) == expected, f"{text}: {deal.log}"
        assert state(deal) == before, text
        seen.add(expected[1])


CASES = [
    ("loo", "peel", {"revoke_replay": "mandatory"}, 5),
    ("loo", "peel", {"revoke_replay": "optional"}, 4),
    ("loo", "peel", {"revoke_replay": "none", "club_law": True}, 3),
    ("loo", "irish", {}, 4),
    ("loo", "five-card", {"revoke_replay": "optional"}, 5),
    ("nap", "peel", {"revoke_rule": "default"}, 4),
    ("nap", "peel", {"revoke_rule": "bic_fine"}, 5),
    ("nap", "peel", {"revoke_rule": "replay"}, 3),
]


@pytest.mark.parametrize(("game", "preset", "options", "players"), CASES)
def test_the_warning_is_what_the_action_does(game: str, preset: str, options: dict[str, Any], players: int) -> None:
    rng = random.Random(f"{game} {preset} {options}")
    seen: set[str | None] = set()
    for number in range(12):
        deal: Deal
        if game == "loo":
            rules = LooRules.preset(preset).with_options(options)
            kind = "single" if preset == "peel" and number % 4 == 0 else "regular"  # Peel's single (§14.30)
            deal = LooDeal(rules, players, dealer=number % players, pool=9, kind=kind)
        else:
            deal = NapDeal(NapRules.preset(preset).with_options(options), players, dealer=number % players)
        deal.table_mode = True
        deal.deal(rng)
        while True:
            check_warnings(deal, rng, seen)
            if deal.is_complete:
                break
            deal.apply(rng.choice(deal.legal_actions()))
    assert "ends" in seen and None in seen  # a law that ends the deal, and one that leaves the play as it was
    assert seen & {"back", "replay", "stands", "demand"}  # and a card played irregularly


def revoke_at(table: Table) -> Any | None:
    """A revoke the seat to act at ``table`` could make now (LOO-PLAY-4), if he holds the suit led and another."""
    deal = table.open_deal()
    if deal is None or deal.is_complete or not deal.trick_cards or deal.to_act is None:
        return None
    seat, led = deal.to_act, deal.trick_cards[0] // 13
    held = list(cards_in(deal.hands[seat]))
    off = [c for c in held if c // 13 != led]
    if not off or all(c // 13 != led for c in held):
        return None
    return deal.parse_action(f"{deal.seats[seat]} play {card_str(off[0])}")


def test_the_table_names_the_laws_an_action_would_bring_into_force() -> None:
    """:meth:`Table.laws_if`: the law a revoke would bring into force (LOO-LAW-14), from the deal's ruling, the
    deal left as it was; none for a proper action."""
    table = Table.new("loo", players=4, humans=[0, 1, 2, 3], seed=1, table_mode=True)
    revoke = None
    for _ in range(200):
        open_deal = table.open_deal()
        if open_deal is None or open_deal.is_complete:
            table.start_deal()
            continue
        revoke = revoke_at(table)
        if revoke is not None:
            break
        seat = table.to_act
        assert seat is not None
        table.act(seat, table.legal_texts(seat)[0])
    deal = table.open_deal()
    assert revoke is not None and deal is not None
    before = state(deal)
    laws = table.laws_if(revoke)
    assert [law.rule for law in laws] == ["LOO-LAW-14"] and laws == committed(deal, revoke)[0]
    assert state(deal) == before
    assert table.laws_if(deal.legal_actions()[0]) == []
