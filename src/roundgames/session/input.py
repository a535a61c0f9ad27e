"""What a person types at a table and the words he is shown, through the game's verb table, for every game and surface.

A line is a verb by its record word or one of its keys (``s``, ``stand``, ``p``, ``x 1 3``), a shortcut the
game's :class:`~roundgames.games.protocol.VerbTable` expands (Nap's ``n`` is ``call nap``, ``3`` is ``call 3``),
or a card to play: its code (``QH``, ``10S``) or, while the cards are played, its number in the hand (from 1).
A verb whose arguments are cards takes codes or numbers; a card's last word (``AS civil``) goes on to the game.
What was typed becomes the record's grammar (``You play AS``), and the game's codecs parse that
(:mod:`roundgames.games.codec`, which reads it for every surface): nothing here knows which game it reads for.

The same verb table gives the words a person is shown: what he may type for each legal action
(:func:`typed_text`), its key (:func:`key_of`), its label (:func:`action_label`) and the help's verb lines
(:func:`help_lines`).

>>> from roundgames.games.registry import new_deal, rules_for
>>> deal = new_deal("nap", rules_for("nap"), ["Ann", "Ben", "Cat"], dealer="Cat")
>>> deal.deal(1)
>>> [deal.action_str(parse_input(deal, 0, t)) for t in ("n", "p", "call 3", "i")]
['Ann call nap', 'Ann pass', 'Ann call 3', 'Ann call misery']
>>> key_of(deal.game.verbs, "misery"), key_of(deal.game.verbs, "pass", {"p": "pass"})
('i', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import Card, parse_card
from ..core.errors import CardError
from ..games.codec import PLAY, parse_typed
from ..games.observe import observer_of
from ..games.protocol import Verb, VerbTable
from .words import TableDeal

__all__ = [
    "PLAY",
    "action_cards",
    "action_label",
    "action_text",
    "help_lines",
    "key_of",
    "letter_action",
    "parse_input",
    "typed_text",
]


def action_text(deal: TableDeal, action: Any) -> str:
    """An action as a person types it in full, the record's grammar without the seat: ``"call nap"``."""
    return " ".join(deal.action_str(action).split()[1:])


def action_cards(text: str) -> list[Card]:
    """The cards an action's text names (``"buy 2C 3D"``, ``"AS civil"``)."""
    out = []
    for word in text.split():
        try:
            out.append(parse_card(word))
        except CardError:
            continue
    return out


def parse_input(deal: TableDeal, seat: int, text: str) -> Any:
    """The action ``seat`` means by ``text``; raises :class:`RecordError` (field ``input``) when it names none. The
    terminal's tables, the web's ``act`` message and the keeper read it alike: :func:`roundgames.games.codec.parse_typed`
    reads the verb and its arguments, and the game's codecs the record's words they make."""
    return parse_typed(deal, seat, text)


# -- the words a person is shown ---------------------------------------------------------------------


def typed_text(verbs: VerbTable, text: str) -> str:
    """How a person types the action ``text`` (``"call nap"``) at the shortest: the first shortcut that stands
    for it (``"nap"``), else ``text`` itself."""
    return next((k for k, v in verbs.shortcuts.items() if v == text), text)


def key_of(verbs: VerbTable, typed: str, reserved: Mapping[str, str] | None = None) -> str | None:
    """The short key a person may type instead of ``typed`` (a legal action as :func:`typed_text` writes it,
    or ``"exchange CARDS"``): ``"s"`` for ``stand``, ``"n"`` for ``nap``; None where it has none, or where
    its key is ``reserved`` for something else at this surface."""
    word = typed.split()[0]
    full = word if verbs.typed(word) is not None else verbs.expand(word)
    if full is None:
        return None
    keys = [k for k in verbs.keys_of(full) if k != word and k not in (reserved or {}) and not k.isdigit()]
    return min(keys, key=len) if keys else None


def letter_action(verbs: VerbTable, key: str) -> str | None:
    """The action a one-letter key makes at once (``"stand"``, ``"call nap"``), or None: a verb that needs
    arguments is typed."""
    verb = verbs.typed(key)
    if verb is not None:
        return verb.word if verb.args == "" and verb.proper else None
    return verbs.expand(key)


def action_label(deal: TableDeal, action: Any) -> str:
    """A legal action as a button says it: the verb's label (``"Throw up"``), or for an action whose argument
    is a word, that word as the log writes it (``"Nap"``, ``"Blücher"``)."""
    verb = deal.game.verbs[action.verb]
    if verb.args in ("", "law"):
        return verb.label
    said = deal.describe(action)
    head = f"{deal.seats[action.seat]} {verb.done} "
    return said[len(head) :] if said.startswith(head) else action_text(deal, action)


def help_lines(
    verbs: VerbTable, deal: TableDeal | None, reserved: Mapping[str, str] | None = None, typed: str = ""
) -> list[str]:
    """The help's lines on the game's verbs, one each: what to type, and the verb's help. A verb whose key is
    ``reserved`` (key: what it does at this surface) is typed in full, after ``typed`` (``"/ "``)."""
    reserved = reserved or {}
    lines = []
    for verb in verbs.values():
        if not verb.proper or verb.args == "law":
            continue  # stated by the laws (law RULE-ID), or by the keeper
        need = verb.needs  # a verb only some forms have: the help leaves it out where the deal lacks it
        if need is not None and deal is not None and not deal.offers(need):
            continue
        entry, note = _entry(verbs, verb, reserved, typed)
        if verb.word == PLAY:
            said = verb.help
            if deal is not None:
                # The hand's size, and "Pam be civil" only where there is a Pam (LOO5-4): nothing of another form.
                most = max(m.bit_count() for m in deal.dealt)
                entry = f"1-{most}, or QH" if most > 1 else "1, or QH"
                if observer_of(deal.game).pam(deal) is None:
                    said = said.split(" (", 1)[0]
            what, note = f"its number in your hand, or its code (QH, 10S or TD): {said}", ""
        else:
            what = verb.help
        lines.append(f"  {entry:<14} {what}{note}")
        if verb.args == "call":
            lines.append(f"  {'':<14} {_shortcuts(verbs, verb)}")
    return lines


def _entry(verbs: VerbTable, verb: Verb, reserved: Mapping[str, str], typed: str) -> tuple[str, str]:
    """What to type for ``verb`` in the help, and a note where its key is taken."""
    taken = [k for k in verb.keys if k in reserved]
    keys = [k for k in verb.keys if k not in reserved and len(k) <= 3]
    note = "".join(f" ({k} is {reserved[k]} here: type {typed}{verb.word})" for k in taken)
    if verb.word == PLAY:  # a card alone is played: the help says how a card is typed
        return "1-5, or QH", ""
    if verb.args == "card":
        return f"{typed}{verb.word} CARD", note
    if verb.args == "cards":
        return f"{keys[0] if keys else typed + verb.word} CARDS", note + " (codes, or numbers in your hand)"
    if verb.args == "call":
        return f"{typed}{verb.word} CALL", note
    return (f"{keys[0]} {verb.word}" if keys else f"{typed}{verb.word}"), note


def _shortcuts(verbs: VerbTable, verb: Verb) -> str:
    """The shortcuts of ``verb``'s actions: ``1, 2, i misery, 3, 4, n nap ...``."""
    seen: dict[str, list[str]] = {}
    for key, action in verbs.shortcuts.items():
        if action.split()[0] == verb.word:
            seen.setdefault(action, []).append(key)
    parts = []
    for action, keys in seen.items():
        arg = action.split()[-1]
        # one key for each call, the first the table gives (Nap's i for misery; mis is still read, as an alias)
        short = [k for k in keys if k != arg and k.isascii()][:1]
        parts.append(f"{short[0]} {arg}" if short else arg)
    return "or just: " + ", ".join(parts)
