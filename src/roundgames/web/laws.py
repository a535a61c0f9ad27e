"""Table mode at the web table: the warning a person reads before he commits an irregularity, and the log's
words for each law applied.

The laws themselves are the engine's (each game's :attr:`GameSpec.laws <roundgames.games.protocol.GameSpec.laws>`),
reached through the deal (:func:`judge`, before a person commits an irregularity) and :meth:`Table.act
<roundgames.session.table.Table.act>`: nothing here decides a ruling. It only names the laws and says, from the
deal's ruling or from the deal before and after, what becomes of the play (replayed, ended, the card taken back or
standing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.errors import IllegalActionError
from ..games.protocol import Deal, Irregularity
from ..games.ruling import Ruled, Ruling
from .words import TableDeal, in_names

__all__ = ["applied_lines", "judge", "law_name", "notice", "played"]

_ARG = re.compile(r"\s*\(ARG [^)]*\)")


def law_name(deal: Deal, rule: str) -> str:
    """What a law is about, in a few words: the head of the game's line for it (``revoke`` for LOO-LAW-14 and
    NAP-LAW-6), without what a person writes after its ID."""
    line = deal.game.laws.get(rule)
    return rule if line is None else _ARG.sub("", line.split(":", 1)[0])


def played(deal: Deal) -> int:
    """How many cards lie in the deal's tricks, the one in progress included."""
    return sum(len(t.cards) for t in deal.all_tricks())


def _outcome(deal: Deal, before: int, action: Any) -> str | None:
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
    if _demand_open(deal, action.seat):
        return "demand"
    return "stands"


def _demand_open(deal: Deal, offender: int) -> bool:
    """Whether a seat other than the offender may demand the replay now (LOO-LAW-0b under revoke_replay optional):
    the seat to act, or another, when the offender himself is to act next (he won the trick)."""
    if "replay" not in deal.game.verbs:
        return False
    others = (name for s, name in enumerate(deal.seats) if s != offender)
    return any(deal.can(deal.parse_action(f"{name} replay")) for name in others)


_WARN = {
    "ends": "and the deal ends here",
    "replay": "every card goes back to its hand and the hand is replayed from the first lead",
    "back": "the card goes back to the hand",
    "demand": "the card stands, unless the next player demands a replay (LOO-LAW-0b)",
    "stands": "the card stands",
}


def _entry(deal: Deal, law: Irregularity, names: Sequence[str]) -> dict[str, Any]:
    return {
        "rule": law.rule,
        "name": law_name(deal, law.rule),
        "text": law.text(names),
        "penalty": law.penalty,
        "pool": law.pool,
    }


def judge(deal: Deal, action: Any) -> tuple[list[Irregularity], str | None]:
    """Table mode: the laws ``action`` would bring into force (none for a proper action) and what would become of
    the play (:func:`_outcome`), so that a person is warned before he commits an irregularity. A proper action is
    judged by the deal's own check; an improper one by the deal's ruling on it (``deal.judge``, a game with laws),
    which changes nothing and tells what becomes of the play in most cases (:func:`_foretold`). Raises as the deal
    does where no law covers it."""
    if deal.can_proper(action):
        return [], None
    if isinstance(deal, Ruled):
        ruling = deal.judge(action)
        told = _foretold(deal, ruling, action)
        if told is not _UNTOLD:
            return ([] if ruling.irregularity is None else [ruling.irregularity]), told
    # The ruling leaves the rest to the rules: a card that stands (it may close the trick or the deal, or leave a
    # replay to be demanded, LOO-LAW-0b), a throw a law forces (the declaring may end with it), a law on a deal
    # already settled (Peel's single, §14.30); or the game has no laws to rule (it is played strictly). Only the
    # deal knows what follows, so the action is played once on a copy of it.
    probe = deal.copy()
    before, cards = len(probe.irregularities), played(probe)
    probe.apply(action)
    return probe.irregularities[before:], _outcome(probe, cards, action)


#: what :func:`_foretold` answers where the ruling alone cannot tell what becomes of the play
_UNTOLD = "untold"


def _foretold(deal: Deal, ruling: Ruling[Any], action: Any) -> str | None:
    """What ``ruling`` would do to the play (as :func:`_outcome` says it, seen from the deal after it), read from
    the ruling and the deal before it; :data:`_UNTOLD` where the rules take over after the ruling."""
    if ruling.void or ruling.made is not None:
        return "ends"  # a void deal ends (§14.8), as does one whose contract a law decides (NAP-LAW-6)
    if deal.is_complete or ruling.forced or ruling.plays is not None:
        return _UNTOLD
    if ruling.replay and played(deal):
        return "replay"  # every card goes back to its hand (LOO-LAW-0b..0d, NAP-LAW-6)
    # nothing else moves a card: one played goes back to the hand (or none was played), and the deal goes on
    return "back" if action.verb == "play" else None


def notice(
    deal: TableDeal, action: Any, laws: list[Irregularity], outcome: str | None, names: Sequence[str]
) -> tuple[str, str | None, list[dict[str, Any]]]:
    """The warning for an irregular ``action`` that would bring ``laws`` into force with ``outcome`` (both from
    :func:`judge`): ``(message, the rule it breaks, the laws as the protocol sends them)``."""
    assert laws
    broken, rule = "", None
    try:
        deal.verify_proper(action)
    except IllegalActionError as e:
        broken, rule = in_names(e.reason, deal, names) + f" ({e.rule}). ", e.rule
    first = law_name(deal, laws[0].rule)
    said = "; ".join(law.text(names) for law in laws)
    if outcome == "ends":
        said += ", " + _WARN[outcome]
    elif outcome is not None:
        said += "; " + _WARN[outcome]
    message = f"{first[0].upper()}{first[1:]} ({laws[0].rule}): {broken}At this table the law applies: {said}."
    return message, rule, [_entry(deal, law, names) for law in laws]


_REPLAYED = "Every card goes back to its hand: the hand is replayed from the first lead."


def applied_lines(
    deal: Deal, laws_before: int, played_before: int, action: Any, names: Sequence[str]
) -> list[tuple[int | None, str]]:
    """The log's lines for the laws ``action`` just brought into force, and for the replay it brought about (a
    law's, or a replay demanded under revoke_replay optional, LOO-LAW-0b): ``(seat or None, text)`` each."""
    new = deal.irregularities[laws_before:]
    if not new:  # no law applied: only a replay demanded (LOO-LAW-0b) moved the cards, and it took some back
        replayed = not deal.is_complete and played(deal) < played_before
        return [(None, _REPLAYED)] if replayed else []
    outcome = _outcome(deal, played_before, action)
    lines: list[tuple[int | None, str]] = []
    for law in new:
        name = law_name(deal, law.rule)
        lines.append((law.seat, f"{name[0].upper()}{name[1:]}: {law.text(names)}."))
    if outcome == "replay":
        lines.append((None, _REPLAYED))
    elif new and outcome == "back":
        lines.append((action.seat, f"The card goes back to {names[action.seat]}'s hand."))
    elif new and outcome == "demand":
        lines.append((None, "The card stands, unless the next player demands a replay (LOO-LAW-0b)."))
    return lines
