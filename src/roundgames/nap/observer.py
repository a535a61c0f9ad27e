"""Nap's observer: a seat's view of a Nap deal as the table's facts (:mod:`roundgames.games.observe`).

The calls and the senior hand (NAP-CALL, NAP-SET-1), the widow peeped at (NAP-VAR-PEEP), the kitty
(NAP-VAR-POOL), the Double Header (NAP-VAR-DOUBLE), trumps fixed by the first lead (NAP-PLAY-1) or none in a
misery played without them (NAP-PLAY-5), and the five a bot keeps of the spare hand (NAP-VAR-SPARE) are said here
once, for every surface.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..games.observe import Alone, Fact, Observer, Pot
from ..games.protocol import Deal, DealResult, Stage, View
from .actions import call_title
from .words import NapView

__all__ = ["NapObserver", "best_five", "spare_ten"]


def spare_ten(deal: Deal, seat: int) -> int:
    """The ten cards a seat that took the spare hand keeps five of (NAP-VAR-SPARE): every card a keep open to it
    names."""
    mask = 0
    for a in deal.legal_actions():
        if a.verb == "spare" and a.seat == seat:
            mask |= sum(1 << c for c in a.cards)
    return mask


def best_five(deal: Deal, seat: int) -> tuple[int, ...]:
    """The five of the ten (hand and spare hand) a bot keeps for a Nap: the longest suit's length, then high cards."""

    def strength(keep: tuple[int, ...]) -> int:
        suits = [c // 13 for c in keep]
        return 20 * max(suits.count(x) for x in set(suits)) + sum(c % 13 for c in keep)

    choices: list[tuple[int, ...]] = [a.cards for a in deal.legal_actions() if a.verb == "spare" and a.seat == seat]
    return max(choices, key=strength)


def _seen(view: View[Any]) -> NapView:
    """A seat's view of a Nap deal as the game's own view type, which holds what only Nap's deals show."""
    return cast(NapView, view)


class NapObserver(Observer):
    """What a seat sees of a Nap deal: a ladder of calls, one senior hand, trumps fixed by the first lead."""

    pot_word = "kitty"
    trump_led = True
    bid_word = "call"

    def pot(self, deal: Deal | None, view: View[Any] | None = None) -> Pot | None:
        """The kitty, where the rules keep one (NAP-VAR-POOL)."""
        if deal is None or not deal.rules.has_kitty:
            return None
        return Pot("kitty", 0 if view is None else view.pool, "NAP-VAR-POOL")

    def facts(self, deal: Deal, view: View[Any]) -> tuple[Fact, ...]:
        v = _seen(view)
        out = []
        said = [seat for seat, call in v.calls if call != "pass"]
        if v.declarer is not None:
            out.append(
                Fact(
                    "declarer",
                    "Senior",
                    f"{deal.seats[v.declarer]} {view.notes[v.declarer]}",
                    "NAP-SET-1",
                )
            )
            out.append(Fact("tricks", "", f"won {v.won}, lost {v.lost}", "NAP-SET-1"))
        elif said:  # the call to beat (NAP-CALL-2)
            out.append(Fact("high_call", "High", f"{deal.seats[said[-1]]} {view.notes[said[-1]]}", "NAP-CALL-2"))
        if v.widow is not None:  # seen by peeping
            out.append(Fact("widow", "Widow", "", "NAP-VAR-PEEP", cards=(v.widow,)))
        if deal.rules.has_kitty:
            out.append(Fact("kitty", "Kitty", str(view.pool), "NAP-VAR-POOL"))
        if v.multiplier > 1:
            out.append(Fact("multiplier", "Stakes", f"x{v.multiplier}", "NAP-VAR-DOUBLE"))
        return tuple(out)

    def stakes(self, deal: Deal, view: View[Any]) -> int:
        """Doubled in a Double Header (NAP-VAR-DOUBLE)."""
        v = _seen(view)
        return int(v.multiplier)

    def alone(self, deal: Deal, view: View[Any]) -> Alone | None:
        """The senior hand and his call, once the calling is over (NAP-SET-1)."""
        v = _seen(view)
        if v.declarer is None or v.contract is None:
            return None
        return Alone(int(v.declarer), str(v.contract), int(v.won), int(v.lost))

    def bought(self, deal: Deal, view: View[Any]) -> Mapping[int, int]:
        """How many cards each seat bought (NAP-VAR-PURCHASE)."""
        v = _seen(view)
        return dict(v.bought)

    def peeped(self, deal: Deal, view: View[Any]) -> int | None:
        """The widow, where the seat peeped at it (NAP-VAR-PEEP)."""
        v = _seen(view)
        return None if v.widow is None else int(v.widow)

    def no_trumps(self, deal: Deal, view: View[Any]) -> str:
        """The first card led fixes trumps (NAP-PLAY-1), except in a misery played without trumps (NAP-PLAY-5),
        where they stay unset: said once that is certain, when the rules say it or a card has been led in the
        misery and fixed nothing."""
        v = _seen(view)
        complete = deal.is_complete
        if v.contract == "misery" and view.trump is None:
            led = any(t.cards for t in view.tricks)
            if complete or (view.stage is Stage.PLAY and (led or not deal.rules.misery_trumps)):
                return "No trumps (misery)"
        return "No trumps" if complete else "The first card led fixes trumps"

    def own(self, deal: Deal, view: View[Any]) -> Mapping[str, Any]:
        # The call to beat while calling (NAP-CALL-2): calls only rise, so it is the last that was not a pass.
        v = _seen(view)
        high = next(((s, c) for s, c in reversed(v.calls) if c != "pass"), None)
        return {
            "bought": {str(s): n for s, n in v.bought.items()},
            "high_call": {"seat": high[0], "call": call_title(high[1])} if high else None,
        }

    def outcome(self, deal: Deal, result: DealResult) -> str:
        """The contract and its fate (NAP-SET-1): ``Ben made 3``, ``Cat lost nap``, ``all passed``."""
        v = _seen(deal.view(deal.dealer))
        if v.declarer is None:
            return "all passed, redeal" if getattr(result, "redeal", False) else "all passed"
        made = bool(result.made)
        return f"{result.seats[v.declarer]} {'made' if made else 'lost'} {v.contract}"

    def ruling(self, deal: Deal) -> Mapping[str, Any]:
        """A deal won or lost by its senior hand (NAP-SET-1): ``declarer``, ``contract`` and ``made``."""
        v = _seen(deal.view(deal.dealer))  # the calls are public: any seat's view shows them
        result = deal.result()
        return {
            "declarer": None if v.declarer is None else deal.seats[v.declarer],
            "contract": v.contract,
            "made": None if result is None else result.made,
        }

    def keeping(self, deal: Deal, seat: int) -> int:
        return spare_ten(deal, seat)

    def kept(self, deal: Deal, seat: int) -> tuple[int, ...]:
        return best_five(deal, seat)
