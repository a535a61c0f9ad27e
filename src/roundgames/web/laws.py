"""Table mode at the web table: the warning a person reads before he commits an irregularity, and the log's
words for each law applied.

The laws themselves are the engine's (:mod:`roundgames.loo.laws`, :mod:`roundgames.nap.laws`), reached through
:meth:`Table.laws_if <roundgames.session.table.Table.laws_if>` and :meth:`Table.act <roundgames.session.table.Table.act>`:
nothing here decides a ruling. It only names the laws and says, from the deal before and after, what became of
the play (replayed, ended, the card taken back or standing).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalActionError
from ..games.protocol import Irregularity
from ..loo.deal import LooAction, LooDeal
from ..loo.laws import LAWS as LOO_LAWS
from ..nap import NapDeal
from ..nap.deal import NapAction
from ..session.table import Table
from .views import in_names

__all__ = ["applied_lines", "law_name", "notice", "played"]

#: RULES.md §8's laws by name (docs/nap-laws.md); a Loo law's name is the head of its description in loo_laws.LAWS
NAP_LAW_NAMES = {
    "NAP-LAW-1": "misdeal",
    "NAP-LAW-2": "interfering with the deal",
    "NAP-LAW-3": "dealing out of turn",
    "NAP-LAW-4": "calling out of turn",
    "NAP-LAW-5": "altering a call",
    "NAP-LAW-6": "revoke",
    "NAP-LAW-7": "leading or playing out of turn",
    "NAP-LAW-8": "exposed card",
    "NAP-LAW-9": "consultation",
    "NAP-LAW-10": "Wellington or Blücher without the call below it",
}


def law_name(rule: str) -> str:
    """What a law is about, in a few words: ``revoke`` for LOO-LAW-14 and NAP-LAW-6."""
    if rule in LOO_LAWS:
        return LOO_LAWS[rule].split(":", 1)[0]
    return NAP_LAW_NAMES.get(rule, rule)


def played(deal: LooDeal | NapDeal) -> int:
    """How many cards lie in the deal's tricks, the one in progress included."""
    return sum(len(t.cards) for t in deal.tricks) + len(deal.trick_cards)


def _outcome(deal: LooDeal | NapDeal, before: int, action: LooAction | NapAction) -> str | None:
    """What the law just applied did to the play, seen from the deal after it: ``ends`` (the deal is settled),
    ``replay`` (every card back, LOO-LAW-0b, NAP-LAW-6 under replay), ``back`` (the card is taken back),
    ``demand`` (the card stands unless a replay is demanded), ``stands``, or None (no card was played)."""
    if deal.is_complete:
        return "ends"
    now = played(deal)
    if now < before:
        return "replay"
    if action.verb != "play":
        return None
    if now == before:
        return "back"
    if any(a.verb == "replay" for a in deal.legal_actions()):
        return "demand"
    return "stands"


_WARN = {
    "ends": "and the deal ends here",
    "replay": "every card goes back to its hand and the hand is replayed from the first lead",
    "back": "the card goes back to the hand",
    "demand": "the card stands, unless the next player demands a replay (LOO-LAW-0b)",
    "stands": "the card stands",
}


def _entry(law: Irregularity, names: list[str]) -> dict[str, Any]:
    return {
        "rule": law.rule,
        "name": law_name(law.rule),
        "text": law.text(names),
        "penalty": law.penalty,
        "pool": law.pool,
    }


def notice(
    table: Table, action: LooAction | NapAction, laws: list[Irregularity], names: list[str]
) -> tuple[str, str | None, list[dict[str, Any]]]:
    """The warning for an irregular ``action`` that would bring ``laws`` (from :meth:`Table.laws_if`) into force:
    ``(message, the rule it breaks, the laws as the protocol sends them)``. Worked out on copies of the deal."""
    deal = table.deal
    assert deal is not None and laws
    strict = deal.copy()
    strict.table_mode = False
    broken, rule = "", None
    try:
        strict.verify(action)  # type: ignore[arg-type]
    except IllegalActionError as e:
        broken, rule = in_names(e.reason, deal, names) + f" ({e.rule}). ", e.rule
    probe = deal.copy()
    before = played(probe)
    probe.apply(action)  # type: ignore[arg-type]
    outcome = _outcome(probe, before, action)
    first = law_name(laws[0].rule)
    said = "; ".join(law.text(names) for law in laws)
    if outcome == "ends":
        said += ", " + _WARN[outcome]
    elif outcome is not None:
        said += "; " + _WARN[outcome]
    message = f"{first[0].upper()}{first[1:]} ({laws[0].rule}): {broken}At this table the law applies: {said}."
    return message, rule, [_entry(law, names) for law in laws]


def applied_lines(
    deal: LooDeal | NapDeal, laws_before: int, played_before: int, action: LooAction | NapAction, names: list[str]
) -> list[tuple[int | None, str]]:
    """The log's lines for the laws ``action`` just brought into force, and for the replay it brought about (a
    law's, or a replay demanded under revoke_replay optional, LOO-LAW-0b): ``(seat or None, text)`` each."""
    new = deal.irregularities[laws_before:]
    outcome = _outcome(deal, played_before, action)
    lines: list[tuple[int | None, str]] = []
    for law in new:
        name = law_name(law.rule)
        lines.append((law.seat, f"{name[0].upper()}{name[1:]}: {law.text(names)}."))
    if outcome == "replay":
        lines.append((None, "Every card goes back to its hand: the hand is replayed from the first lead."))
    elif new and outcome == "back":
        lines.append((action.seat, f"The card goes back to {names[action.seat]}'s hand."))
    elif new and outcome == "demand":
        lines.append((None, "The card stands, unless the next player demands a replay (LOO-LAW-0b)."))
    return lines
