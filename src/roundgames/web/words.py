"""The web table's words: the log's lines, the result of a deal, the rules in force, all in the names people chose.

The words themselves are the game's (:meth:`Deal.describe <roundgames.games.protocol.Deal.describe>`,
:meth:`DealResult.sentence <roundgames.games.protocol.DealResult.sentence>`, the verb table) and the guide's (the
house rules in words, :mod:`roundgames.guide`);
this module only puts each seat's name where the engine writes its label (``P1``..), says each card in words
where a person reads it (``"Eve plays the four of hearts"``, never ``4H``: the codes are for typed input and the
records), and says which words are for everyone and which for the actor alone. Nothing here knows which game is
played.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, card_str, cards_in, sort_key
from ..core.tricks import Trick
from ..games.observe import observer_of
from ..games.protocol import Deal, DealResult
from ..guide import house_rules, rules_page_path, table_title
from ..guide.render import card_name

__all__ = [
    "TableDeal",
    "action_text",
    "card_list",
    "card_title",
    "card_words",
    "cards_words",
    "deal_line",
    "describe",
    "in_names",
    "in_words",
    "result_sentence",
    "rules_help",
    "rules_page",
    "table_title",
    "trick_text",
]

_SEAT_LABEL = re.compile(r"\bP[1-9]\b")
#: a card code as the engine writes it (``4H``, ``TD``), or a run of them separated by spaces (a hand, an exchange)
_CODE = r"(?:10|[2-9TJQKA])[SHDC]"
_CODES = re.compile(rf"\b{_CODE}(?: {_CODE})*\b")


#: a deal as the web table uses it: the game protocol
TableDeal = Deal


def card_list(mask: int) -> list[str]:
    """A hand's cards as text, in the order the table shows them."""
    return [card_str(c) for c in sorted(cards_in(mask), key=sort_key)]


def card_title(card: Card | str) -> str:
    """A card as a label or a button says it, from the guide's one naming of the cards (the period's knave):
    ``card_title("QH") == "Queen of hearts"``."""
    code = card if isinstance(card, str) else card_str(card)
    return card_name("T" + code[-1] if code.startswith("10") else code.upper())


def card_words(card: Card | str) -> str:
    """A card as a person reads it in a sentence, from the guide's one naming of the cards (the period's knave):
    ``card_words("4H") == "the four of hearts"``."""
    return "the " + card_title(card).lower()


def cards_words(codes: Sequence[Card | str]) -> str:
    """Several cards in words: ``"the four of hearts and the two of clubs"``, a list with commas beyond two."""
    said = [card_words(c) for c in codes]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def in_words(text: str) -> str:
    """The engine's words with each card code (or run of codes) said in words: ``"P1 plays 4H"`` ->
    ``"P1 plays the four of hearts"``. Applied to the engine's own text before the people's names go in, so a name
    that looks like a card stays a name."""
    return _CODES.sub(lambda m: cards_words(m.group(0).split()), text)


def in_names(text: str, deal: Deal, names: Sequence[str]) -> str:
    """The engine's words with its seat labels (``P1``..) replaced by the names the people chose."""
    label = {seat: names[i] for i, seat in enumerate(deal.seats)}
    return _SEAT_LABEL.sub(lambda m: label.get(m.group(0), m.group(0)), text)


def action_text(deal: Deal, action: Any) -> str:
    """An action as a client sends it: the record's words without the seat (``"play QH"``, ``"call nap"``)."""
    return " ".join(deal.action_str(action).split()[1:])


def describe(deal: Deal, action: Any, names: Sequence[str]) -> tuple[str, str | None]:
    """The log's words for an action: ``(what everyone reads, what the actor reads or None)``.

    The actor's own words may name cards he discarded or kept; nobody else's do."""
    public = in_names(in_words(deal.describe(action)), deal, names)
    mine = in_names(in_words(deal.describe(action, own=True)), deal, names)
    return public, (mine if mine != public else None)


def trick_text(trick: Trick, names: Sequence[str]) -> str:
    """``Ann wins the trick (Ann the ace of spades, Bob the two of clubs, ...)``."""
    assert trick.winner is not None
    cards = ", ".join(f"{names[s]} {card_words(c)}" for s, c in zip(trick.seats, trick.cards, strict=True))
    return f"{names[trick.winner]} wins the trick ({cards})"


def deal_line(deal: Deal, number: int, names: Sequence[str]) -> str:
    """``Deal 4: Ann deals``, with the kind of deal and the card turned up where the game turns one up (``the
    turn-up is the ten of diamonds``)."""
    text = f"Deal {number}: {names[deal.dealer]} deals"
    view = deal.view(deal.dealer)  # the kind of deal and the turn-up are public
    observer = observer_of(deal.game)
    turnup = observer.turnup(deal, view)
    if turnup is not None:
        named = observer.kind(deal, view)
        kind = f" a {named.replace('_', ' ')} deal" if named is not None else ""
        text += f"{kind}; the turn-up is {card_words(turnup)}"
    return text


def result_sentence(deal: Deal, names: Sequence[str], *, over: bool = False) -> str | None:
    """A finished deal's result in the one sentence every surface prints (None until it is finished), saying what
    follows it only where something does: nothing after the sitting's last deal (``over``), and no pot the table does
    not keep (a Nap table without a kitty: "Bob deals next", not "Kitty 0; Bob deals next")."""
    result = deal.result()
    if result is None:
        return None
    text = result.sentence()
    follows = result.next_words()
    if f" {follows}." in text:
        if over:
            text = text.replace(f" {follows}.", "", 1)
        elif observer_of(deal.game).pot(deal) is None and "deals next" in follows:
            plain = DealResult.next_words(result)  # the dealer alone, whatever the game says of its pot
            text = text.replace(follows, plain + follows.split("deals next", 1)[1], 1)
    return in_names(in_words(text), deal, names)


def rules_help(rules: Any) -> list[str]:
    """The rules in force at a table in words, a line each: the game and form, the stakes, then each rule that
    matters at this form, options changed from the preset marked as house rules (``state.table.rules``)."""
    return [rule.line for rule in house_rules(rules)]


def rules_page(rules: Any) -> str:
    """The address of the page that teaches the table's form, with every rule by ID (``state.table.rules_page``)."""
    return rules_page_path(rules)
