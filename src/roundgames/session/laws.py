"""The laws as a person at the terminal table meets them (``roundgames play --mode table``).

In table mode (RULES.md §5, §8) the table takes an irregular card, declaration or call and applies
its law instead of refusing it. A person is told first what the action breaks and what the law
will do (:func:`warning`), and confirms it; he may also state an irregularity by its law's ID
(``law LOO-LAW-4``, :func:`stated`), and list the laws of his game (:func:`law_lines`). Both the
``--plain`` line mode and the full-screen table use these, so they say the same things.

The table also waits for its people before the bots begin the declaring (the calling, in Nap) and
the play (:func:`stop_due`): at a real table a player may act before his turn, and the laws that
need it (LOO-LAW-4, LOO-LAW-5, LOO-LAW-10, NAP-LAW-4, NAP-LAW-7) would otherwise never arise.

>>> from roundgames.session.table import Table
>>> table = Table.new("loo", players=4, humans=[0], seed=5, table_mode=True)
>>> stated(table, ["4"])
'irregular LOO-LAW-4'
>>> law_text(table, "LOO-LAW-14")
'revoke: a full loo (6) into the next pool; the hand is replayed; his winnings carried'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import card_str, parse_card
from ..core.errors import RULE_ID, CardError, IllegalActionError, RoundgamesError
from ..games.protocol import Irregularity, Stage
from .table import Table
from .words import TableDeal, played

__all__ = ["MODE_LINES", "law_lines", "law_text", "playing", "stated", "stop_due", "strict_error", "warning"]

#: what each mode means, as ``r`` (the rules in force) says it
MODE_LINES = {
    "strict": "Strict play: an action the rules forbid is refused, with its rule (play --mode table to keep the laws "
    "instead).",
    "table": "Table mode: an irregular action is accepted and its law applied, as at a real table (laws lists them; "
    "law ID states one).",
}


def law_text(table: Table, rule: str) -> str:
    """What ``rule`` does at this table, in a line (the amounts and options in force)."""
    return table.spec.law_text(table.rules, rule)


def _prefix(table: Table) -> str:
    """What every law's ID of the table's game begins with (``LOO-LAW-``): ``4`` is short for its law 4."""
    ids = list(table.spec.laws)
    prefix = ids[0].rsplit("-", 1)[0] + "-"
    return prefix if all(i.startswith(prefix) for i in ids) else ""


def law_lines(table: Table) -> list[str]:
    """The laws of the table's game, a line each, and how to state one (``laws``)."""
    spec = table.spec
    ids = list(spec.laws)
    width = max(len(i) for i in ids)
    lines = [f"The laws of {spec.title} (RULES.md {spec.laws_section}):"]
    lines += [f"  {i:<{width}}  {law_text(table, i)}" for i in ids]
    example = spec.law_example
    lines.append(f"State one with: law ID [ARG], e.g. law {example} (law 4 is short for {_prefix(table)}4).")
    lines.append("A card, declaration or call the rules forbid is ruled by its law: you are asked first.")
    return lines


def stated(table: Table, words: list[str]) -> str:
    """What ``law ID [ARG]`` (the words after ``law``) says, as the table's ``irregular`` action: the law's ID
    in full (``4`` is the game's law 4), a card as its code, a seat by its name."""
    if not words:
        return "irregular"
    ids = {i.upper(): i for i in table.spec.laws}
    head = words[0].upper()
    # A short ID names the game's law of that number (4 is LOO-LAW-4); one it lacks is ruled on as written.
    rule = (
        ids.get(head) or ids.get(_prefix(table) + head) or (head if RULE_ID.fullmatch(head) else _prefix(table) + head)
    )
    seats = {name.lower(): name for name in table.seats}
    args = []
    for word in words[1:]:
        if word.lower() in seats:
            args.append(seats[word.lower()])
            continue
        try:
            args.append(card_str(parse_card(word)))
        except CardError:
            args.append(word.lower())  # mixed, stand, wellington: as the laws spell them
    return " ".join(["irregular", rule, *args])


def strict_error(deal: TableDeal, action: Any) -> IllegalActionError | None:
    """The rule ``action`` breaks as strict mode sees it, or None for a proper action."""
    try:
        deal.verify_proper(action)
    except IllegalActionError as e:
        return e
    return None


def warning(table: Table, seat: int, text: str) -> list[str] | None:
    """In table mode, what ``text`` by ``seat`` breaks and what the law will do, a line each; None for a
    proper action, or one the table will refuse anyway (its :meth:`Table.act` then says why)."""
    deal = table.in_play
    if not table.table_mode or deal is None:
        return None
    try:
        action = table.check(seat, text)
        laws = table.laws_if(action)
    except RoundgamesError:
        return None
    if not laws:
        return None
    lines = []
    broken = strict_error(deal, action)
    if broken is not None and action.verb != "irregular":
        lines.append(f"That breaks {broken.rule}: {broken.reason}.")
    for rule in dict.fromkeys(law.rule for law in laws):
        lines.append(f"The law: {rule}, {law_text(table, rule)}.")
    lines += [_cost(law, deal.seats) for law in laws]
    lines += _consequences(deal, action)
    return lines


def _cost(law: Irregularity, seats: Sequence[str]) -> str:
    """What ``law`` will cost, before it is applied (:meth:`Irregularity.text` says it after)."""
    name = seats[law.seat]
    if law.pool:
        return f"{name} will pay {law.penalty} into the {law.pool} pool ({law.rule})."
    if law.penalty:
        return f"{name} will pay {law.penalty} ({law.rule})."
    return f"{law.rule} costs {name} nothing."


def _consequences(deal: TableDeal, action: Any) -> list[str]:
    """What applying ``action`` does to the deal beyond the penalties, worked out on a copy."""
    probe = deal.copy()
    probe.apply(action)
    result = probe.result()
    if result is not None:
        if result.void:
            return ["The deal is void: the cards are dealt again."]
        return [f"The deal ends here: {result.payments()}."]
    if played(probe) < played(deal):
        return ["Every card goes back to its hand: the hand is replayed from the first lead."]
    return []


def stop_due(table: Table) -> str | None:
    """In table mode, the stage a bot is about to begin: ``"before"`` (the declaring, or the buying and
    calling) or ``"play"``, when nobody has acted in it yet; ``"dealt"`` when a deal settled as it was dealt
    may still be voided by a law of the deal (Peel's single, RULES.md §14.30); None otherwise. The table then
    waits for its people, who may act out of turn or state a law, before the bots (or the next deal) go on."""
    deal = table.in_play
    if not table.table_mode or not table.humans or deal is None:
        return None
    if deal.voidable:
        return "dealt"
    if deal.is_complete or deal.to_act is None or deal.to_act in table.humans:
        return None
    if table.forced_action() is not None:
        return None  # what nobody chooses is made at once (a flush, §14.34): there is nothing to wait for
    if playing(deal):  # not again when the laws order a replay: the table has had its word
        return "play" if not any(a.verb == "play" for a in deal.log) else None
    return "before" if not deal.log else None


def playing(deal: TableDeal) -> bool:
    """Whether the cards are being played."""
    return deal.stage is Stage.PLAY
