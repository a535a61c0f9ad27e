"""What every deal state machine shares: seats, the ledger, tricks, and the checks on dealt cards.

:class:`BaseDeal` is the base of :class:`~roundgames.loo.LooDeal` and :class:`~roundgames.nap.NapDeal`;
it owns nothing of either game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..core.cards import Card, card_str, pack_mask, parse_cards
from ..core.errors import CardError, IllegalActionError, RecordError
from ..core.ledger import Ledger
from ..core.seats import seat_index, seat_names
from ..core.tricks import Trick
from .protocol import Feature, GameSpec, Irregularity, Laws, Stage

__all__ = ["BaseDeal", "CardClaims", "Irregularity"]


class CardClaims:
    """Checks the cards a record deals: each must exist in the pack and be dealt once."""

    def __init__(self, pack_size: int) -> None:
        self.pack_size = pack_size
        self.allowed = pack_mask(pack_size)
        self.seen: dict[Card, str] = {}

    def claim(self, where: str, value: str | Sequence[Card] | Card, rule: str) -> list[Card]:
        """Parse ``value`` (text or card ints) dealt to ``where``; raises :class:`RecordError` naming it."""
        if isinstance(value, int):
            value = [value]
        try:
            cards = parse_cards(value) if isinstance(value, str) else list(value)
        except CardError as e:
            raise RecordError(where, str(e)) from None
        for c in cards:
            if not 0 <= c < 52 or not self.allowed >> c & 1:
                shown = card_str(c) if 0 <= c < 52 else str(c)
                raise RecordError(where, f"{shown} is not in a {self.pack_size}-card pack ({rule})")
            if c in self.seen:
                raise RecordError(where, f"{card_str(c)} is dealt twice (also in {self.seen[c]})")
            self.seen[c] = where
        return cards


class BaseDeal:
    """The bookkeeping of one deal: named seats, the counters, and the tricks played.

    ``table_mode`` (DEAL-RECORD.md ``mode: table``) accepts irregular actions and applies the laws;
    each law applied is kept in ``irregularities``.
    """

    #: the game this is a deal of (each game's module registers it)
    GAME: ClassVar[GameSpec | None] = None
    #: the laws of table mode: each game's deal class names its own (none here, nor in a class of the rules alone)
    LAWS: ClassVar[Laws[Any, Any] | None] = None

    @property
    def game(self) -> GameSpec:
        """The game's spec: its verbs, options, laws and words (:mod:`roundgames.games.registry`)."""
        assert self.GAME is not None, "the game's module registers the game"
        return self.GAME

    @property
    def features(self) -> frozenset[Feature]:
        """What this deal offers beyond the protocol (:class:`~roundgames.games.protocol.Feature`)."""
        return frozenset()

    def offers(self, feature: Feature) -> bool:
        """Whether this deal offers ``feature``: what a surface asks instead of testing the game."""
        return feature in self.features

    @property
    def stage(self) -> Stage:
        """Where the deal stands, in the words every game shares."""
        raise NotImplementedError

    def __init__(self, seats: Sequence[str] | int, dealer: int | str, pool: int, *, table_mode: bool = False) -> None:
        self.table_mode = table_mode
        self.irregularities: list[Irregularity] = []
        self.seats = seat_names(seats)
        self.n = len(self.seats)
        self.dealer = self.seat_index(dealer, "dealer")
        self.ledger = Ledger(self.n, pool)
        #: the counters on the table once this deal's stakes are in (what the deal is played for)
        self.staked_pool = pool
        self.tricks: list[Trick] = []
        self.trick_seats: list[int] = []
        self.trick_cards: list[Card] = []

    def seat_index(self, seat: int | str, field: str = "seat") -> int:
        """The index of ``seat``, given by index or by name; raises :class:`RecordError` for no such seat."""
        return seat_index(self.seats, seat, field)

    @property
    def net(self) -> list[int]:
        """What each seat received minus what it paid in this deal."""
        return self.ledger.net[:]

    @property
    def voidable(self) -> bool:
        """Whether this finished deal may still be made void by a law of the deal: none, unless its game says so
        (Loo's face-up single, settled as it is dealt, RULES.md §14.30)."""
        return False

    def all_tricks(self) -> list[Trick]:
        """Every trick so far, the unfinished one last with ``winner`` None."""
        out = list(self.tricks)
        if self.trick_cards:
            out.append(Trick(self.trick_seats[0], tuple(self.trick_seats), tuple(self.trick_cards), None))
        return out

    def _end_trick(self, trump: int | None, winner_of: Callable[[list[Card], int | None], int]) -> int:
        """Close the trick in progress (LOO-PLAY-7, NAP-PLAY-3); returns the winner's seat."""
        winner = self.trick_seats[winner_of(self.trick_cards, trump)]
        self.tricks.append(Trick(self.trick_seats[0], tuple(self.trick_seats), tuple(self.trick_cards), winner))
        self.trick_seats, self.trick_cards = [], []
        return winner

    def verify(self, action: Any) -> None:
        """Raise unless ``action`` may be applied now (each game's deal says how)."""
        raise NotImplementedError

    def verify_proper(self, action: Any) -> None:
        """Raise unless ``action`` is legal by the rules alone, as in strict mode (each game's deal says how)."""
        raise NotImplementedError

    def can(self, action: Any) -> bool:
        """Whether ``action`` may be applied now: legal, or in table mode covered by a law."""
        return self._can(self.verify, action)

    def can_proper(self, action: Any) -> bool:
        """Whether ``action`` is legal by the rules alone, as in strict mode, whatever the mode."""
        return self._can(self.verify_proper, action)

    @staticmethod
    def _can(verify: Callable[..., object], *args: object) -> bool:
        """Whether ``verify(*args)`` passes: the ``can_x`` of every ``verify_x``."""
        try:
            verify(*args)
        except (IllegalActionError, RecordError):
            return False
        return True
