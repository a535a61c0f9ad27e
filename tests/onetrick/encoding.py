"""One-trick's encoding for the research environments (the :class:`roundgames.envs.games.Encoding` skeleton).

Actions: ``0..51`` play that card. The observation: the seat's own card (52), the cards played by relative seat
(``52 n``: 0 is the observer, 1 his left-hand neighbour), the pot (1, in stakes) and the seat to act, relative (n).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from roundgames.core.cards import card_str
from roundgames.core.errors import RulesError

from .deal import OneTrickAction, OneTrickDeal
from .rules import OneTrickRules

__all__ = [
    "DECLINE",
    "TRICKS",
    "action",
    "action_count",
    "action_id",
    "action_ids",
    "action_name",
    "check",
    "forced",
    "info_layout",
    "info_state",
    "info_vector",
    "irregular_ids",
    "layout",
    "observation",
    "observation_into",
    "offered",
    "offers",
    "own_seen",
    "plain_action",
    "plain_ids",
    "public",
    "summary",
]

TRICKS = 1
DECLINE = None


def check(rules: Any) -> None:
    """Refuse rules that are not One-trick's."""
    if not isinstance(rules, OneTrickRules):
        raise RulesError(f"rules: One-trick's encoding plays One-trick's rules, got {type(rules).__name__}")


def action_count(rules: Any, table: bool = False) -> int:
    """A card each: 52 (the game has no laws, so table mode adds none, ONE-LAW-1)."""
    return 52


def irregular_ids(deal: OneTrickDeal, seat: int) -> list[int]:
    """None: the game has no laws (ONE-LAW-1)."""
    return []


def action_id(deal: OneTrickDeal, action: OneTrickAction) -> int:
    """The card played."""
    return action.card


def action_ids(deal: OneTrickDeal, actions: Any) -> dict[int, Any]:
    """Each action by its card."""
    return {a.card: a for a in actions}


def plain_ids(deal: OneTrickDeal) -> list[int] | None:
    """The cards the seat to act may play, in order."""
    return [a.card for a in deal.legal_actions()]


def plain_action(seat: int, action_id: int) -> OneTrickAction:
    """``seat`` plays card ``action_id``."""
    return OneTrickAction(seat, "play", action_id)


def action(deal: OneTrickDeal, action_id: int, seat: int | None = None) -> OneTrickAction:
    """The seat to act (or ``seat``) plays card ``action_id``."""
    return OneTrickAction(deal.to_act if seat is None else seat, "play", action_id)  # type: ignore[arg-type]


def action_name(action_id: int, rules: Any = None) -> str:
    """``play 9H``."""
    return f"play {card_str(action_id)}"


def public(deal: OneTrickDeal, action: OneTrickAction, seat: int) -> str:
    """Every card is played face up."""
    return deal.action_str(action)


def offers(rules: Any) -> bool:
    """Nothing is offered out of turn."""
    return False


def offered(deal: OneTrickDeal) -> tuple[int, ...]:
    """Nobody."""
    return ()


def forced(deal: OneTrickDeal) -> Any:
    """Nothing is forced."""
    return None


def layout(n: int, rules: Any = None) -> list[tuple[str, int]]:
    """Own card, the cards played by relative seat, the pot, the seat to act."""
    return [("hand", 52), ("played", 52 * n), ("pool: the pot in stakes", 1), ("to act", n)]


def info_layout(n: int, rules: Any = None) -> list[tuple[str, int]]:
    """As the observation: the one trick is the whole history."""
    return layout(n, rules)


def observation_into(deal: OneTrickDeal, seat: int, passed: Collection[int], out: Any) -> None:
    """Write ``seat``'s observation into ``out`` (zeros)."""
    n = deal.n
    for c in range(52):
        if deal.hands[seat] >> c & 1:
            out[c] = 1.0
    for trick in deal.all_tricks():
        for s, c in zip(trick.seats, trick.cards, strict=True):
            out[52 + 52 * ((s - seat) % n) + c] = 1.0
    out[52 + 52 * n] = deal.ledger.total / max(deal.rules.stakes.stake, 1)
    if deal.to_act is not None:
        out[53 + 52 * n + (deal.to_act - seat) % n] = 1.0


def observation(deal: OneTrickDeal, seat: int, passed: Collection[int] = ()) -> list[float]:
    """``seat``'s observation vector."""
    out = [0.0] * sum(width for _, width in layout(deal.n))
    observation_into(deal, seat, passed, out)
    return out


def info_vector(deal: OneTrickDeal, seat: int, passed: Collection[int] = ()) -> list[float]:
    """As the observation."""
    return observation(deal, seat, passed)


def summary(deal: OneTrickDeal, seat: int, passed: Collection[int] = ()) -> str:
    """``P1 holds 9H; played: P2 KH; pot 3``."""
    played = ", ".join(deal.describe(a) for a in deal.log) or "nothing"
    hand = card_str(deal.dealt[seat].bit_length() - 1) if deal.dealt[seat] else "-"
    return f"{deal.seats[seat]} was dealt {hand}; played: {played}; pot {deal.ledger.total}"


def info_state(deal: OneTrickDeal, seat: int, passed: Collection[int] = ()) -> str:
    """As the summary: the one trick is the whole history."""
    return summary(deal, seat, passed)


def own_seen(deal: OneTrickDeal, seat: int) -> int:
    """The card ``seat`` was dealt."""
    return deal.dealt[seat]
