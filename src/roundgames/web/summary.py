"""The table's settings as every state carries them (``state.table`` of docs/web.md): one object for the table while
they stay the same, so that its JSON text is made once (:func:`~roundgames.web.outgoing.encode`)."""

from __future__ import annotations

from typing import Any

from .outgoing import Outgoing
from .reducer import TableState
from .words import rules_page, table_title

__all__ = ["Summary"]

#: the settings a table's config gives every state as they are
KEYS = ("game", "preset", "options", "confirm", "bot", "bot_delay", "spectators")


class Summary:
    """A table's ``state.table``, made anew only when a setting changes; nobody changes the object it gives."""

    def __init__(self) -> None:
        self._summary = Outgoing()
        #: the rules page's address and the title, for the rules they were made for (a table's rules never change)
        self._words_of: tuple[Any, dict[str, str]] | None = None

    def of(self, table_id: str, config: dict[str, Any], state: TableState) -> Outgoing:
        settings = self._settings(table_id, config, state)
        if settings != self._summary:
            self._summary = Outgoing(settings)
        return self._summary

    def _settings(self, table_id: str, c: dict[str, Any], state: TableState) -> dict[str, Any]:
        table = state.table
        return {
            "id": table_id,
            **{k: c[k] for k in KEYS},
            "bots": list(table.bot_names),
            "mode": c.get("mode", "strict"),
            "hints": bool(c.get("hints", False)),  # a table stored before hints existed has none
            "turn_seconds": c.get("turn_seconds"),  # a table stored before the turn clock existed has none
            "hand_at_once": bool(c.get("hand_at_once", False)),  # a table stored before the setting has it off
            "rounds": None if c.get("open_ended") else c["rounds"],  # null: until the host stops
            "rules": state.rules_help,
            **self._rules_words(table.rules),
        }

    def _rules_words(self, rules: Any) -> dict[str, str]:
        if self._words_of is None or self._words_of[0] is not rules:
            self._words_of = (rules, {"rules_page": rules_page(rules), "title": table_title(rules)})
        return self._words_of[1]
