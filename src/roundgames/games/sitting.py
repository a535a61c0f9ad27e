"""What every sitting shares: the seats, balances and first dealer, settling each finished deal into the
balances, and sharing out a pool or kitty at the end. Each game's sitting extends :class:`BaseSitting`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, Generic, TypeVar

from ..core.cards import RANKS, Card, card_str, pack, rank_of
from ..core.errors import IllegalActionError, RecordError
from ..core.seats import seat_names

if TYPE_CHECKING:
    from .protocol import Deal, GameSpec

__all__ = ["BaseSitting", "draw_for_deal", "share_out"]

DealT = TypeVar("DealT", bound="Deal")

_KNAVE = RANKS.index("J")


def draw_for_deal(
    first_dealer: str, pack_size: int, seat_count: int, rng: random.Random
) -> tuple[int, list[tuple[int, Card]]]:
    """Settle the first dealer (LOO-GEN-3): ``(dealer, cards shown)``.

    ``first_knave``: cards are dealt face up, one to each seat in turn from the first, until a
    knave falls; its receiver deals. ``cut_low``: each seat cuts; the lowest card deals, ace
    lowest; seats that tie for lowest cut again.
    """
    cards = pack(pack_size)
    rng.shuffle(cards)
    shown: list[tuple[int, Card]] = []
    if first_dealer == "first_knave":
        for i, c in enumerate(cards):
            shown.append((i % seat_count, c))
            if rank_of(c) == _KNAVE:
                return i % seat_count, shown
        raise AssertionError("a pack always holds a knave")
    contenders = list(range(seat_count))
    it = iter(cards)
    while True:
        cut = [(s, next(it)) for s in contenders]
        shown.extend(cut)
        low = min((rank_of(c) + 1) % 13 for _, c in cut)  # the ace counts lowest
        contenders = [s for s, c in cut if (rank_of(c) + 1) % 13 == low]
        if len(contenders) == 1:
            return contenders[0], shown


#: how the table says each way of settling the first dealer (:func:`draw_for_deal`), before the cards shown
DRAW_WORDS: Final = {"first_knave": "First knave", "cut_low": "Cut for deal, the lowest deals"}


def share_out(balances: dict[str, int], seats: Sequence[str], dealer: str, amount: int) -> None:
    """Divide ``amount`` equally among ``seats``; odd units go one each clockwise from ``dealer``'s left [D]
    (LOO-END-2, NAP-VAR-POOL)."""
    base, rest = divmod(amount, len(seats))
    start = seats.index(dealer)
    for i in range(len(seats)):
        balances[seats[(start + 1 + i) % len(seats)]] += base + (i < rest)


class BaseSitting(Generic[DealT]):
    """A game between named seats, deal after deal: what Loo's and Nap's sittings share."""

    #: the game (its module registers it)
    GAME: ClassVar[GameSpec | None] = None
    #: the rule a deal still in progress breaks when the next is asked for (LOO-SET-6, NAP-SET-2)
    UNFINISHED_RULE: ClassVar[str] = ""

    def __init__(
        self, seats: Sequence[str] | int, *, seed: int | str | None, dealer: str | None, first_dealer: str, pack: int
    ) -> None:
        names = list(seat_names(seats))
        self.seats = names  # the seats still in the game, clockwise
        self.seed = random.randrange(2**32) if seed is None else seed
        self.balances: dict[str, int] = dict.fromkeys(names, 0)
        #: the cards shown to settle the first dealer (LOO-GEN-3, NAP-GEN-4), or later drawn for a kitty
        self.draw: list[tuple[str, str]] = []
        #: how the first dealer is settled where none is given (:func:`draw_for_deal`): the game's rule
        self.first_dealer = first_dealer
        if dealer is None:
            rng = random.Random(f"{self.seed}:first-dealer")
            d, shown = draw_for_deal(first_dealer, pack, len(names), rng)
            self.draw = [(names[s], card_str(c)) for s, c in shown]
            dealer = names[d]
        elif dealer not in names:
            raise RecordError("dealer", f"{dealer!r} is not one of the seats ({', '.join(names)})")
        self.dealer = dealer
        #: the finished deals, settled into the balances, in order
        self.deals: list[DealT] = []
        self.current: DealT | None = None
        self.over = False

    def first_dealer_text(self) -> str:
        """How the first dealer was settled, and the cards shown, as the table says it before the first deal
        (LOO-GEN-3, NAP-GEN-4): ``First knave: Cat deals (Ann 5H, Ben 9C, Cat JS)``."""
        shown = ", ".join(f"{seat} {card}" for seat, card in self.draw)
        return f"{DRAW_WORDS[self.first_dealer]}: {self.dealer} deals ({shown})"

    @property
    def game(self) -> GameSpec:
        """The game's spec (:mod:`roundgames.games.registry`)."""
        assert self.GAME is not None, "the game's module registers the game"
        return self.GAME

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    def end_deal(self) -> None:
        """Settle the finished deal into the sitting: balances, what is carried, the next dealer."""
        deal = self.current
        if deal is None:
            return
        if not deal.is_complete:
            raise IllegalActionError("the deal in progress is not finished", self.UNFINISHED_RULE)
        self._absorb(deal)
        self.current = None

    def _absorb(self, deal: DealT) -> None:
        """Settle ``deal`` into the balances and keep it; each game carries its own state on from it."""
        for i, name in enumerate(deal.seats):
            self.balances[name] += deal.net[i]
        self.deals.append(deal)
