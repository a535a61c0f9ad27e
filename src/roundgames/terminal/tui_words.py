"""The words of the full-screen table's windows that are not drawn from the deal: the help (``?``), its keys and
the moves of the table's game, and what quitting keeps of the table (``q``)."""

from __future__ import annotations

from ..games.observe import observer_of
from ..games.protocol import Feature
from ..session.claims import may_claim
from ..session.input import help_lines
from ..session.table import PlaySettings, Table
from .tui_panels import OWN_KEYS
from .tui_screens import fit

__all__ = ["INFO_WIDTH", "help_text", "quit_lines"]

_HELP_TOP = """\
1-9       pick a card; the same digit again, or Enter, plays it
          (an illegal pick says why, with the rule)
Enter     play the picked card; after a deal, go on to the next
/ or :    type a move, as --plain reads it: QH, 10S, 2, stand, call 3,
          buy 2C 3D
Escape    close the typing box, or drop the pick
PgUp/PgDn scroll the log
"""

_HELP_BOTTOM = """\
While bidding, the digits are the moves the game numbers (Nap's calls
1-4); a move that names cards (Nap's purchase): 1-9 mark them, e or Enter
makes it.

r rules in force   l last trick   g pool and score sheet
{hint}
? this help        q quit (asks first, and says what is kept of the table)
A move whose key is one of these is typed: / and its word.

Table mode (--mode table): a card, declaration or call the rules forbid
opens a window with the rule it breaks and what its law will do:
y goes ahead, n or Esc takes it back.
x         the laws of the game; state one by its ID (4, or in full)
          (or type it: / law 4)
Before the bots begin the declaring and the play the table waits:
Space or Enter goes on; or act out of turn (a key, a card, a call).

Legal cards stand in brackets, [A♠], and in bold; the others are dim.
A finished trick stays in view a moment; any key collects it."""

#: the help's line on ``h``, at a table with hints and at one without
_HELP_HINT = (
    "h a hint: the expert bot's value of each option at your turn\n  (the deal is then marked on the score sheet)"
)
_HELP_NO_HINT = "h hints are off at this table (roundgames play --hints allows them)"


#: the width the text of a window over the table is written to (:func:`.tui_screens.text_width` at 80 columns is
#: 75: this leaves a column spare)
INFO_WIDTH = 74
#: where the text of a line of the help's verbs starts: after its entry (``/ call CALL``), padded to 14, and a space
_VERB_TEXT = 15

#: the help's words on exchanges, flushes and Pam, at a deal that has them (LOO5-2..6)
_HELP_STOCK = """\
Exchanging: 1-9 mark the cards, e or Enter exchanges them (the panel
shows what the stock still holds).
Holding a flush before a bot's first lead, the table waits: f shows it,
Space lets the lead be made."""
_HELP_PAM = """\
The ace of trumps picked for a lead: c leads it saying "Pam be civil".
Pam is drawn with (Pam) after it."""


#: the help's words on claiming, at a turn to play a card
_HELP_CLAIM = """\
c         claim the remaining tricks, cards face up: each bot accepts if
          they are yours in every layout it can imagine, and they are
          played out; a declined claim plays on"""


def help_text(table: Table) -> str:
    """What ``?`` shows: the keys, and the moves of the table's game from its verb table; the words on exchanges,
    flushes and Pam only at a deal that has them."""
    deal = table.in_play
    verbs = help_lines(table.spec.verbs, deal, OWN_KEYS, typed="/ ")
    title = f"{table.spec.title}: a letter is its move; / types any move"
    extra = []
    if deal is not None and deal.offers(Feature.EXCHANGES):
        extra.append(_HELP_STOCK)
    if deal is not None and observer_of(deal.game).pam(deal) is not None:
        extra.append(_HELP_PAM)
    if table.to_act is not None and may_claim(table, table.to_act):  # said only where it may be used now
        extra.append(_HELP_CLAIM)
    lines = [fit(line[2:], INFO_WIDTH, hang=_VERB_TEXT).plain for line in verbs]
    bottom = _HELP_BOTTOM.format(hint=_HELP_HINT if table.hints else _HELP_NO_HINT)
    return "\n".join([_HELP_TOP, title, *lines, "", *extra, bottom])


def quit_lines(settings: PlaySettings) -> list[str]:
    """What quitting keeps of the table: its save file and how to sit down at it again, or that it is lost; and
    where the deal records go."""
    path = settings.save_path
    if path:
        lines = [
            f"The table is saved as you play, this deal and the score sheet, in {path}",
            "To sit down at it again:",
            f"  roundgames play --resume {path}",
        ]
    else:
        lines = [
            "This table is not saved: quitting ends the sitting here.",
            "(A table started with --save FILE is kept as you play, and",
            "roundgames play --resume FILE sits down at it again.)",
        ]
    if settings.export_path:
        lines.append(f"The deal records so far are written to {settings.export_path}.")
    return lines
