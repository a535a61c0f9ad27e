"""A game's observer: one seat's view of a deal as the table's facts, and the state every surface shows.

As OpenSpiel's ``Observer`` fills the one dict that both the string and the tensor are made from, a game's
:class:`Observer` turns a seat's view (:meth:`Deal.view <roundgames.games.protocol.Deal.view>`) into an
:class:`Observation`: the facts of the table (:class:`Fact`: a key, a label, the value in words and the rule
behind it), the pot and how it is kept (:class:`Pot`), how trumps are fixed, and the sentences a surface says
of the deal. The web's JSON state, the terminal's panels and the keeper's words are all made from it, so a
surface renders facts and never asks which game it holds.

Each game names its observer in its :class:`~roundgames.games.protocol.GameSpec` by a dotted path
(``GameSpec.observer``), loaded on first use by :func:`observer_of`. This base class observes what every game
shares and says nothing of what only some games have; a game's observer adds the rest.

>>> from roundgames.games.registry import new_deal, rules_for
>>> nap = new_deal("nap", rules_for("nap", "peel", {"kitty": True}), ["Ann", "Ben", "Cat"], dealer="Cat", pool=2)
>>> nap.deal_cards({"Ann": "2C 3C 4C 5C 6C", "Ben": "2D 3D 4D 5D 6D", "Cat": "2H 3H 4H 5H 6H"})
>>> _ = nap.apply(nap.parse_action("Ann call 2"))
>>> seen = observe(nap, 1)
>>> [(f.label, f.value, f.rule) for f in seen.facts]
[('High', 'Ann called 2', 'NAP-CALL-2'), ('Kitty', '3', 'NAP-VAR-POOL')]
>>> seen.pot.text(), seen.trump_led, seen.no_trumps
('Kitty 3', True, 'The first card led fixes trumps')
>>> for text in ("Ben pass", "Cat pass"):
...     _ = nap.apply(nap.parse_action(text))
>>> seen = observe(nap, 1)  # the seat that plays alone, his bid and his tricks (NAP-SET-1)
>>> seen.alone, seen.stakes, seen.kind
(Alone(seat=0, bid='2', won=0, lost=0), 1, None)
>>> loo = new_deal("loo", rules_for("loo", "peel"), ["Ann", "Ben", "Cat"], dealer="Cat", pool=6)
>>> loo.deal_cards({"Ann": "2C 3C 4C", "Ben": "2D 3D 4D", "Cat": "2H 3H 4H"}, miss="5S 6S 7S", turnup="8S")
>>> seen = observe(loo, 0)
>>> [(f.label, f.value, f.rule) for f in seen.facts], seen.pot.text(), seen.bid_status
([('Pool', '9', 'LOO-SET-1'), ('Miss', 'untaken', 'LOO-DEAL-4')], 'Pool 9', 'The miss is untaken.')
>>> seen.kind, seen.kind_words, seen.alone, seen.swapped, seen.stock
('regular', 'a regular deal', None, None, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from .protocol import Deal, DealResult, GameSpec, View

__all__ = ["Alone", "Fact", "Observation", "Observer", "Pot", "observe", "observer_of"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of the table as a surface shows it: ``Fact("pool", "Pool", "12", "LOO-SET-1")``.

    ``key`` names it for a surface that places it; ``label`` and ``value`` are its words (a label may be empty
    where the fact goes on from the one above it); ``rule`` is the rule ID behind it; ``cards`` are cards the
    value shows, which a surface draws as cards after the words."""

    key: str
    label: str
    value: str
    rule: str
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Pot:
    """The counters on the table that pass from deal to deal, by what the table calls them."""

    #: ``"pool"``, ``"kitty"``: what the table calls it
    word: str
    #: what is on the table now (0 where no deal is in view)
    amount: int
    #: the rule that keeps it
    rule: str
    #: each deal's stakes are paid into it as the deal begins, so a deal's first line gives it with them
    staked: bool = False
    #: of ``amount``, the penalties already paid towards the next deal's (table mode); None where the game's laws
    #: pay none into it
    next: int | None = None

    @property
    def title(self) -> str:
        """The word as a label: ``"Pool"``."""
        return self.word.capitalize()

    def text(self) -> str:
        """``"Pool 12"``, ``"Pool 12 (3 of it for the next deal)"``, ``"Kitty 4"``: the pot in the info panel."""
        ahead = f" ({self.next} of it for the next deal)" if self.next else ""
        return f"{self.title} {self.amount}{ahead}"


@dataclass(frozen=True, slots=True)
class Alone:
    """The seat that plays alone against the rest once the bidding names it, his bid and how his tricks stand."""

    seat: int
    #: his bid in the game's words for it (``"nap"``, ``"misery"``)
    bid: str
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Observation:
    """What one seat may see of a deal, in the terms every surface shares: :meth:`Observer.observe` makes it."""

    seat: int
    #: the facts of the table beyond the trumps and the dealer, in the order a panel lists them
    facts: tuple[Fact, ...] = ()
    #: the pot on the table, or None where the game keeps none under these rules
    pot: Pot | None = None
    #: the card turned up for trumps, -1 where nobody recorded it; None where the game turns none up
    turnup: int | None = None
    #: the first card led fixes trumps, and none is fixed yet
    trump_led: bool = False
    #: what the table says of trumps while none is fixed
    no_trumps: str = "No trumps"
    #: the card ranked above every trump, or None where there is none
    pam: int | None = None
    #: the kind of deal in short (``"single"``), where it is one in which every seat plays without bidding
    kind_note: str = ""
    #: why every seat must play this deal, where it must (a fact whose value is the sentence)
    all_play: Fact | None = None
    #: what the bidding leaves open, said after the seats' notes (``"The miss is untaken."``)
    bid_status: str = ""
    #: the fields of the web table's state (docs/web.md) that only this game's deals carry
    own: Mapping[str, Any] = field(default_factory=dict)
    #: the kind of deal as DEAL-RECORD.md's ``kind`` names it (``"regular"``), None in a game whose deals have none
    kind: str | None = None
    #: the kind of deal in words (``"Peel's single"``), empty in a game whose deals have none
    kind_words: str = ""
    #: what this deal's stakes are multiplied by
    stakes: int = 1
    #: a count of cards still hidden in a stock the seats draw from, None where the deal draws from none
    stock: int | None = None
    #: the seat that plays alone and his bid, once the bidding names one
    alone: Alone | None = None
    #: how many cards each seat bought, by seat, where the game lets seats buy
    bought: Mapping[int, int] = field(default_factory=dict)
    #: the seat that put its own hand to the pack and took the spare hand instead, where one did
    swapped: int | None = None
    #: a card beyond its hand and the table that the seat has peeped at, where it has
    peeped: int | None = None


class Observer:
    """A game's observer. This base observes what every game shares; each game's observer subclasses it.

    The class attributes say what the game's deals are like whatever the deal: a surface reads them on a game it
    has no deal of yet (the keeper before the first deal)."""

    #: what the table calls the counters passed from deal to deal, whether or not these rules keep them
    pot_word: str = "pool"
    #: a card is turned up for trumps as each deal is dealt
    turns_up: bool = False
    #: the first card led fixes trumps
    trump_led: bool = False
    #: what a seat does in the bidding, in a verb (``"declare"``, ``"call"``)
    bid_word: str = "act"
    #: the bidding decides which seats play the tricks: a table that asks who won a trick names them
    names_players: bool = False
    #: why a seat may hold cards it may not look at yet, as the seat reads it, and the rule; None where it never does
    looks_later: tuple[str, str] | None = None

    def observe(self, deal: Deal, seat: int) -> Observation:
        """What ``seat`` may see of ``deal``: its view as the table's facts."""
        return self.observe_view(deal, deal.view(seat))

    def observe_view(self, deal: Deal, view: View[Any]) -> Observation:
        """What a seat's ``view`` of ``deal`` shows, as the table's facts (for a surface that holds the view)."""
        return Observation(
            seat=view.seat,
            facts=self.facts(deal, view),
            pot=self.pot(deal, view),
            turnup=self.turnup(deal, view),
            trump_led=self.trump_led and view.trump is None,
            no_trumps=self.no_trumps(deal, view),
            pam=self.pam(deal, view),
            kind_note=self.kind_note(deal, view),
            all_play=self.all_play(deal),
            bid_status=self.bid_status(deal, view),
            own=self.own(deal, view),
            kind=self.kind(deal, view),
            kind_words=self.kind_words(deal, view),
            stakes=self.stakes(deal, view),
            stock=self.stock(deal, view),
            alone=self.alone(deal, view),
            bought=self.bought(deal, view),
            swapped=self.swapped(deal, view),
            peeped=self.peeped(deal, view),
        )

    def pot(self, deal: Deal | None, view: View[Any] | None = None) -> Pot | None:
        """The pot ``deal`` keeps, holding what ``view`` shows (0 without a view, or without a deal: the pot of
        the table before its first deal); None where the game keeps none under the deal's rules."""
        return None

    def facts(self, deal: Deal, view: View[Any]) -> tuple[Fact, ...]:
        """The facts of the table a panel lists below the trumps, a line each."""
        return ()

    def turnup(self, deal: Deal, view: View[Any]) -> int | None:
        """The card turned up for trumps (-1 where nobody recorded it), or None where the game turns none up."""
        return None

    def no_trumps(self, deal: Deal, view: View[Any]) -> str:
        """What the table says of trumps while none is fixed."""
        return "No trumps"

    def kind_note(self, deal: Deal, view: View[Any]) -> str:
        """The kind of deal in short, where every seat plays it without bidding (``"single"``); empty else."""
        return ""

    def kind_text(self, deal: Deal, view: View[Any]) -> str:
        """The kind of deal as the web table's info panel says it, where it is not the game's usual kind
        (``"A single: all must play"``); empty else."""
        return ""

    def all_play(self, deal: Deal) -> Fact | None:
        """Why every seat must play ``deal`` though the game lets a seat stay out, where it must: the fact whose
        value is the sentence and whose label names the rule in words."""
        return None

    def bid_status(self, deal: Deal, view: View[Any]) -> str:
        """What the bidding leaves open, said after the seats' notes; empty where nothing is."""
        return ""

    def own(self, deal: Deal, view: View[Any]) -> Mapping[str, Any]:
        """The fields of the web table's state (docs/web.md) that only this game's deals carry."""
        return {}

    def kind(self, deal: Deal, view: View[Any]) -> str | None:
        """The kind of deal as DEAL-RECORD.md's ``kind`` names it, or None in a game whose deals have none."""
        return None

    def kind_words(self, deal: Deal, view: View[Any]) -> str:
        """The kind of deal in words (``"a regular deal"``), empty in a game whose deals have none."""
        return ""

    def stakes(self, deal: Deal, view: View[Any]) -> int:
        """What the deal's stakes are multiplied by."""
        return 1

    def stock(self, deal: Deal, view: View[Any]) -> int | None:
        """How many cards a stock the seats draw from still hides (a count, never the cards), or None where the
        deal draws from none."""
        return None

    def alone(self, deal: Deal, view: View[Any]) -> Alone | None:
        """The seat that plays alone against the rest and his bid, once the bidding names one."""
        return None

    def bought(self, deal: Deal, view: View[Any]) -> Mapping[int, int]:
        """How many cards each seat bought, by seat."""
        return {}

    def swapped(self, deal: Deal, view: View[Any]) -> int | None:
        """The seat that put its own hand to the pack and took the spare hand instead, where one did."""
        return None

    def peeped(self, deal: Deal, view: View[Any]) -> int | None:
        """A card beyond its hand and the table that the viewing seat has peeped at, where it has."""
        return None

    def seen_cards(self, deal: Deal, view: View[Any]) -> int:
        """Every card the view shows its seat (a mask): its hand, the cards on the table, the card turned up and
        a card it peeped at; not the other hands it may see."""
        mask = view.hand | sum(1 << c for t in view.tricks for c in t.cards)
        peeped, turnup = self.peeped(deal, view), self.turnup(deal, view)
        if peeped is not None:
            mask |= 1 << peeped
        return mask | (1 << turnup if turnup is not None and turnup >= 0 else 0)

    def pam(self, deal: Deal, view: View[Any] | None = None) -> int | None:
        """The card ranked above every trump in ``deal`` (as ``view`` shows it, where a surface holds one), or
        None where it has none."""
        return None

    def exchanges(self, deal: Deal) -> Mapping[int, tuple[int, int]]:
        """What each seat put out and drew (two masks), by seat, where the game exchanges cards: the whole deal's
        secret, for a surface that shows every card (a replay of a record), never a seat's."""
        return {}

    def outcome(self, deal: Deal, result: DealResult) -> str:
        """A finished deal's outcome in a few words beyond its payments (``"Ben made 3"``); empty where the game
        says nothing more."""
        return ""

    def ruling(self, deal: Deal) -> Mapping[str, Any]:
        """The fields of a ruling (DEAL-RECORD.md, "The ruling") that only this game's deals carry."""
        return {}

    def keeping(self, deal: Deal, seat: int) -> int:
        """The cards (a mask) a seat that took a heap of cards keeps some of, where it has such a choice: 0 else."""
        return 0

    def kept(self, deal: Deal, seat: int) -> tuple[int, ...]:
        """The cards a bot keeps of :meth:`keeping`'s; raises ``ValueError`` where the seat has no such choice."""
        raise ValueError(f"{deal.game.title} has no cards to keep")


@cache
def _load(path: str) -> Observer:
    module, _, name = path.partition(":")
    made = getattr(import_module(module), name)()
    assert isinstance(made, Observer), f"{path} is not an observer"
    return made


def observer_of(game: GameSpec) -> Observer:
    """The observer of ``game`` (its ``GameSpec.observer``, loaded once)."""
    return _load(game.observer)


def observe(deal: Deal, seat: int) -> Observation:
    """What ``seat`` may see of ``deal``, by its game's observer."""
    return observer_of(deal.game).observe(deal, seat)
