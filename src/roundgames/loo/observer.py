"""Loo's observer: a seat's view of a Loo deal as the table's facts (:mod:`roundgames.games.observe`).

The pool (LOO-SET-1), the stock an exchange draws from (LOO5-2), the miss (LOO-DEAL-4), the turn-up (LOO-DEAL-5),
Pam (LOO5-3), the singles every seat plays (LOO-SGL, LOO-VAR-EW-SINGLE) and club law (LOO-VAR-CLUBLAW) are
said here once, for every surface.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..games.observe import Fact, Observer, Pot
from ..games.protocol import Deal, Feature, View
from .five import StrictFiveCardLoo
from .words import LooView

__all__ = ["LooObserver", "club_law"]

#: the deals other than the regular one, as the web table's info panel says them
_KIND_TEXT = {"single": "A single: the hands lie face up", "ew_single": "A single: all must play"}


def club_law(deal: Deal) -> Fact | None:
    """Every seat must play a regular deal whose turn-up is a club, under club law (LOO-VAR-CLUBLAW): the
    sentence, where it applies. Five-card Loo's seats play by standing or by exchanging (LOO5-2)."""
    if not deal.offers(Feature.CLUB_LAW):
        return None
    every = "play, standing or exchanging" if deal.offers(Feature.EXCHANGES) else "stand"
    return Fact("club_law", "club law", f"Clubs are trumps: all must {every}", "LOO-VAR-CLUBLAW")


def _seen(view: View[Any]) -> LooView:
    """A seat's view of a Loo deal as the game's own view type, which holds what only Loo's deals show."""
    return cast(LooView, view)


class LooObserver(Observer):
    """What a seat sees of a Loo deal: a pool divided by tricks, a turn-up, declarations deciding who plays."""

    pot_word = "pool"
    turns_up = True
    bid_word = "declare"
    looks_later = ("You look at your cards when your turn to declare comes", "LOO-DECL-1")
    names_players = True

    def pot(self, deal: Deal | None, view: View[Any] | None = None) -> Pot | None:
        """The pool (LOO-SET-1): every deal's stakes go in as it begins; in table mode, a penalty may already be
        paid into the next deal's (LOO-LAW-18)."""
        if deal is None or view is None:
            return Pot("pool", 0, "LOO-SET-1", staked=True, next=0)
        return Pot("pool", view.pool, "LOO-SET-1", staked=True, next=0 if deal.is_complete else deal.ledger.next_pool)

    def facts(self, deal: Deal, view: View[Any]) -> tuple[Fact, ...]:
        v = _seen(view)
        out = [Fact("pool", "Pool", str(view.pool), "LOO-SET-1")]
        if deal.offers(Feature.EXCHANGES):  # what is left to exchange from: a count, never the cards
            out.append(Fact("stock", "Stock", f"{v.stock} card{'s' * (v.stock != 1)}", "LOO5-2"))
        if deal.offers(Feature.MISS):
            holder = v.miss_holder
            taken = "untaken" if holder is None else f"taken by {deal.seats[holder]}"
            out.append(Fact("miss", "Miss", taken, "LOO-DEAL-4"))
        return tuple(out)

    def turnup(self, deal: Deal, view: View[Any]) -> int | None:
        v = _seen(view)
        return int(v.turnup)

    def pam(self, deal: Deal, view: View[Any] | None = None) -> int | None:
        if not deal.offers(Feature.PAM):
            return None
        pam = int(_seen(view or deal.view(deal.dealer)).pam)  # which card is Pam is public (LOO5-3)
        return pam if pam >= 0 else None

    def exchanges(self, deal: Deal) -> Mapping[int, tuple[int, int]]:
        """Each exchange from the stock (LOO5-2): the cards put out and those drawn."""
        return dict(deal.exchanged) if isinstance(deal, StrictFiveCardLoo) else {}

    def kind_note(self, deal: Deal, view: View[Any]) -> str:
        v = _seen(view)
        return str(getattr(v.kind, "value", "")).replace("_", " ") if deal.offers(Feature.SINGLE) else ""

    def kind(self, deal: Deal, view: View[Any]) -> str | None:
        """Every Loo deal has a kind (DEAL-RECORD.md ``kind``): regular, Peel's single, an EW single."""
        v = _seen(view)
        return None if v.kind is None else str(v.kind.value)

    def kind_words(self, deal: Deal, view: View[Any]) -> str:
        v = _seen(view)
        return str(v.kind_words)

    def stock(self, deal: Deal, view: View[Any]) -> int | None:
        """What is left to exchange from (LOO5-2): a count, never the cards."""
        v = _seen(view)
        return int(v.stock) if deal.offers(Feature.EXCHANGES) else None

    def swapped(self, deal: Deal, view: View[Any]) -> int | None:
        """Who took the miss, his own hand going to the pack (LOO-DEAL-4)."""
        v = _seen(view)
        return None if v.miss_holder is None else int(v.miss_holder)

    def kind_text(self, deal: Deal, view: View[Any]) -> str:
        """Peel's single, whose hands lie face up (LOO-SGL-1), and the single every seat plays
        (LOO-VAR-EW-SINGLE)."""
        v = _seen(view)
        return _KIND_TEXT.get(str(getattr(v.kind, "value", "")), "")

    def all_play(self, deal: Deal) -> Fact | None:
        return club_law(deal)

    def bid_status(self, deal: Deal, view: View[Any]) -> str:
        v = _seen(view)
        return "The miss is untaken." if deal.offers(Feature.MISS) and v.miss_holder is None else ""

    def own(self, deal: Deal, view: View[Any]) -> Mapping[str, Any]:
        v = _seen(view)
        return {"miss_holder": v.miss_holder}  # who took the miss (LOO-DEAL-4), in every form
