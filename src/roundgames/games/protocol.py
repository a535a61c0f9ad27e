"""The game protocol: what a surface may ask of any deal or sitting, whatever the game.

A surface (the terminal, the keeper, the web table, the bots' driver, the research environments, the CLI)
holds a :class:`Deal` or a :class:`Sitting` and asks it. It never tests a deal's class or its game's name:
where games differ, it renders what the game's observer makes of a seat's view (:mod:`roundgames.games.observe`),
asks what the deal *offers* where that is a capability more than one game could have (:class:`Feature`), or
reads the game's :class:`GameSpec` (its verbs, options, laws and words) from :mod:`roundgames.games.registry`.

The pieces every game fills in:

- :class:`Stage`: where a deal stands, in the words every game shares;
- :class:`View`: one seat's view, the fields every game has (each game's view adds its own);
- :class:`DealResult`: a finished deal's result as one value, with the game's one sentence;
- :class:`Verb` and :class:`VerbTable`: every verb of a game once, with its record word, shorthand,
  key, button label, help and research action ids;
- :class:`GameSpec`: a game by name: its rules, forms, verbs, laws, observer, and how to make deals and sittings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from ..core.ledger import Ledger
from ..core.options import OptionValue, Rules
from ..core.tricks import Trick
from .ruling import Irregularity, Ruling

__all__ = [
    "ONE_GAME",
    "Action",
    "Deal",
    "DealResult",
    "Feature",
    "Form",
    "GameSpec",
    "Irregularity",
    "Laws",
    "Sitting",
    "Stage",
    "Verb",
    "VerbTable",
    "View",
    "signed",
]


class Stage(StrEnum):
    """Where a deal stands, in words every game shares (each game keeps its own finer ``phase``)."""

    DEAL = "deal"  # not dealt yet
    BID = "bid"  # Loo's declaring, Nap's buying and calling
    SHOW = "show"  # Loo's flushes being shown: the hand will not be played (LOO5-6)
    PLAY = "play"  # the tricks
    COMPLETE = "complete"  # settled


class Feature(StrEnum):
    """What a deal may offer beyond the protocol.

    Two kinds of flag. A **capability** more than one game could have (a stock drawn from, exchanges from it, a
    hand shown out of turn, a deal whose cards nobody recorded) may be asked by any surface: STOCK, EXCHANGES,
    FLUSHES and UNKNOWN_CARDS. Every other flag belongs to one game (:data:`ONE_GAME`: Loo's pool, miss, turn-up,
    Pam, declarations, singles and club law; Nap's calls, contract, kitty and trumps fixed by the lead): only that
    game's package and its observer (:mod:`roundgames.games.observe`) read it, and a surface renders what the
    observer makes of it instead (tests/test_architecture.py checks).
    """

    MISS = "miss"  # Three-card Loo's spare hand (LOO-DEAL-4)
    TURNUP = "turnup"  # a card turned up for trumps (LOO-DEAL-5)
    STOCK = "stock"  # cards drawn from the pack: exchanges (LOO5-2), purchase, the top card
    EXCHANGES = "exchanges"  # declaring by exchanging from the stock (LOO5-2)
    FLUSHES = "flushes"  # a hand shown out of turn, before the play: Loo's flushes for the pool (LOO5-6, LOOI-3)
    PAM = "pam"  # the knave of clubs above every trump (LOO5-3)
    DECLARATIONS = "declarations"  # each seat stands or throws up (LOO-DECL)
    CALLS = "calls"  # a ladder of calls and one senior hand (NAP-CALL)
    CONTRACT = "contract"  # the deal is won or lost by its senior hand (NAP-SET-1)
    KITTY = "kitty"  # the pool is a kitty taken by a made Nap (NAP-VAR-POOL)
    POOL = "pool"  # a pool divided by tricks, and loos (LOO-SET)
    SINGLE = "single"  # this deal is a single (LOO-SGL, LOO-VAR-EW-SINGLE)
    TRUMP_LED = "trump_led"  # the first card led fixes trumps (NAP-PLAY-1)
    UNKNOWN_CARDS = "unknown_cards"  # nobody recorded the cards: each trick's winner is stated (the keeper)
    CLUB_LAW = "club_law"  # a club turned up in a regular deal under club law: all must stand (LOO-VAR-CLUBLAW)


#: the flags that belong to one game: read by that game's package and its observer only (:class:`Feature`)
ONE_GAME = frozenset(
    {
        Feature.MISS,
        Feature.TURNUP,
        Feature.PAM,
        Feature.DECLARATIONS,
        Feature.CALLS,
        Feature.CONTRACT,
        Feature.KITTY,
        Feature.POOL,
        Feature.SINGLE,
        Feature.TRUMP_LED,
        Feature.CLUB_LAW,
    }
)


D_contra = TypeVar("D_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


class Laws(Protocol[D_contra, A_contra]):
    """The laws of table mode, as a deal in table mode consults them (PokerKit's ``Mode`` is the model): a policy
    that judges an action before the deal applies it, and says what the laws leave open."""

    def judge(self, deal: D_contra, action: A_contra) -> Ruling[Any]:
        """What ``action`` is under the laws, as a :class:`~roundgames.games.ruling.Ruling` the deal applies; raises
        :class:`~roundgames.core.errors.IllegalActionError` where no law covers it. Judging changes nothing."""
        ...

    def legal_actions(self, deal: D_contra, proper: list[Any]) -> list[Any]:
        """The proper actions of the seat to act, as the laws leave them."""
        ...


def signed(value: int) -> str:
    """``+5``, ``-3``, ``+0``: a seat's net as every surface writes it."""
    return f"{value:+d}"


@runtime_checkable
class Action(Protocol):
    """One seat's action: its seat and its verb (each game's action adds the verb's arguments)."""

    @property
    def seat(self) -> int: ...

    @property
    def verb(self) -> str: ...


A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class View(Generic[A]):
    """One seat's view of a deal: the fields every game's view has. Everything here the seat may see.
    ``A`` is the game's action type.

    What only one game's deals show (Loo's turn-up, miss and stock; Nap's calls, contract and widow) is in that
    game's own view class (``LooView``, ``NapView``): that game's code, bots and encoders read it, and a surface
    renders what the game's observer makes of it (:mod:`roundgames.games.observe`)."""

    seat: int
    stage: Stage
    #: the cards the seat holds and may see now (a mask)
    hand: int
    #: the seat to act, or None when nobody is to act
    to_act: int | None
    #: what the seat may do now (in its turn, or out of it where a game allows, such as showing a flush)
    legal: tuple[A, ...]
    tricks: tuple[Trick, ...]
    card_counts: tuple[int, ...]
    #: counters on the table: Loo's pool, Nap's kitty
    pool: int
    #: the trump suit (0..3), or None while none is fixed
    trump: int | None
    seat_count: int
    dealer: int
    #: the seats that take part, from the dealer's left
    order: tuple[int, ...]
    #: verbs the seat may use whose legal forms would name cards it has not seen (Nap's spare hand, widow,
    #: top card): offered by verb only
    may_take: tuple[str, ...]
    #: the game's own phase (each game's ``Phase`` enum); ``stage`` says it in every game's words
    phase: Any = None
    #: public facts of the table: the rules and stakes
    rules: Any = None
    #: the seats that play the tricks (once the bidding is over)
    players: tuple[int, ...] = ()
    #: the hands the seat may see: its own once it may look at it, every card of a face-up deal
    seen_hands: Mapping[int, int] = field(default_factory=dict)
    #: each seat's declaration or call so far, in words (``"stood"``, ``"called Nap"``; ``""`` for none yet)
    notes: tuple[str, ...] = ()
    #: the deal itself, for the search bots only: they reach it through the resampler
    #: (:func:`roundgames.bots.worlds.resample`), which keeps what this seat has seen and draws every other card
    #: afresh, so they too use nothing the seat may not see. No surface shows or sends it. It is the live deal,
    #: not a copy: use the view before the deal moves on.
    world: Any = field(default=None, repr=False, compare=False)

    @property
    def kitty(self) -> int:
        """Nap's name for the pool."""
        return self.pool


@dataclass(frozen=True)
class DealResult:
    """A finished deal's result as one value. Each game's result adds its facts and writes its sentence."""

    seats: tuple[str, ...]
    #: what each seat received minus what it paid in the deal
    net: tuple[int, ...]
    #: counters left for the next deal before its stake: Loo's pool, Nap's kitty
    pool: int
    next_dealer: int
    #: the laws applied in table mode
    irregularities: tuple[Irregularity, ...] = ()
    #: a misdeal or a deal out of turn made the deal void (§14.8)
    void: bool = False
    #: the seats looed, with what each paid (Loo, LOO-SET-3); none in a game without loos
    looed: Mapping[int, int] = field(default_factory=dict)
    #: the senior hand, his call and whether he made it (Nap, NAP-SET-1); None in a game without a contract
    declarer: int | None = None
    contract: str | None = None
    made: bool | None = None

    def sentence(self) -> str:
        """The result in one sentence, as every surface prints it."""
        return f"{self.payments()}."

    def payments(self) -> str:
        """``Ann -6, Ben +3, ...``: each seat's net."""
        return ", ".join(f"{name} {signed(v)}" for name, v in zip(self.seats, self.net, strict=True))

    def next_words(self) -> str:
        """What follows: the next dealer, and whatever the game says of the next deal."""
        return f"{self.seats[self.next_dealer]} deals next"


@dataclass(frozen=True)
class Verb:
    """One verb of a game: every surface reads it here, nothing else lists verbs.

    ``word`` is the record's word (DEAL-RECORD.md); ``keys`` what a person may type for it at a prompt (the
    first is the shorthand the help shows, and at the full-screen table the key); ``label`` the web's button;
    ``help`` one line; ``args`` the shape of its arguments (``""``, ``"card"``, ``"cards"``, ``"call"``,
    ``"law"``); ``ids`` the first research action id and how many; ``done`` the verb in a log line, third
    person (``"stands"``); ``rule`` the rule ID that defines it.
    """

    word: str
    keys: tuple[str, ...]
    label: str
    help: str
    done: str
    rule: str
    args: str = ""
    ids: tuple[int, int] | None = None
    #: a person enters it at his turn (False: stated by the table or the laws, such as ``irregular``)
    proper: bool = True
    #: what a deal must offer for the verb to be of any use (Loo's ``exchange`` needs Feature.EXCHANGES)
    needs: Feature | None = None
    #: the heap the verb takes cards from into the acting seat's hand, and how many (0: the whole heap): Nap's
    #: ``widow`` (the widow), ``topcard`` (the stock's top card), ``spare`` (the spare hand)
    takes_from: tuple[str, int] | None = None
    #: nobody chooses it: when it is the seat's only legal action, a table makes it for him at once, person or
    #: bot (Loo's ``flush``, always shown: RULES.md §14.34)
    forced: bool = False

    @property
    def key(self) -> str | None:
        """The key at the full-screen table, if the verb has a one-letter shorthand."""
        first = self.keys[0] if self.keys else None
        return first if first is not None and len(first) == 1 else None


class VerbTable(Mapping[str, Verb]):
    """A game's verbs by record word, in the order the help lists them."""

    def __init__(self, verbs: Sequence[Verb], shortcuts: Mapping[str, str] | None = None) -> None:
        self._verbs = {v.word: v for v in verbs}
        self._typed: dict[str, str] = {}
        for v in verbs:
            for key in (v.word, *v.keys):
                if key in self._typed and self._typed[key] != v.word:
                    raise AssertionError(f"{key!r} names both {self._typed[key]} and {v.word}")
                self._typed[key] = v.word
        #: words a person may type for a whole action, such as Nap's ``n`` for ``call nap``
        self.shortcuts: Mapping[str, str] = dict(shortcuts or {})
        for key in self.shortcuts:
            if key in self._typed:
                raise AssertionError(f"{key!r} is both a verb's key and a shortcut")

    def __getitem__(self, word: str) -> Verb:
        return self._verbs[word]

    def __iter__(self) -> Iterator[str]:
        return iter(self._verbs)

    def __len__(self) -> int:
        return len(self._verbs)

    def typed(self, text: str) -> Verb | None:
        """The verb a person means by ``text`` (its record word or one of its keys), if any."""
        word = self._typed.get(text.lower())
        return None if word is None else self._verbs[word]

    def expand(self, text: str) -> str | None:
        """The action (verb and arguments, no seat) a shortcut stands for: Nap's ``n`` is ``call nap``."""
        return self.shortcuts.get(text.lower())

    def keys_of(self, action_text: str) -> tuple[str, ...]:
        """What a person may type for ``action_text`` (``"stand"``, ``"call nap"``): the shortcuts and keys."""
        words = action_text.split()
        out = [k for k, v in self.shortcuts.items() if v == action_text]
        if len(words) == 1 and words[0] in self._verbs:
            out += self._verbs[words[0]].keys
        return tuple(out)

    def by_id(self, action_id: int) -> Verb | None:
        """The verb whose research action ids include ``action_id``."""
        for v in self._verbs.values():
            if v.ids is not None and v.ids[0] <= action_id < v.ids[0] + v.ids[1]:
                return v
        return None


@runtime_checkable
class Deal(Protocol):
    """What every deal offers: seats, stage, the seat to act, legal actions, the verify/can/apply triple, a
    seat's view, the result, the record's action grammar, and a copy for search."""

    rules: Any
    seats: tuple[str, ...]
    n: int
    dealer: int
    to_act: int | None
    hands: list[int]
    dealt: list[int]
    #: the seats that take part, from the dealer's left
    order: tuple[int, ...]
    tricks: list[Trick]
    #: the trick in progress: who played, and what
    trick_seats: list[int]
    trick_cards: list[int]
    log: list[Any]
    irregularities: list[Irregularity]
    #: the deal's counters, and the pool once its stakes are in
    ledger: Ledger
    staked_pool: int
    table_mode: bool

    @property
    def deal_cards(self) -> Callable[..., None]:
        """``deal_cards(hands, **heaps)``: deal the given cards, each heap by its name (:attr:`heap_names`)."""
        ...

    @property
    def deal_unknown(self) -> Callable[..., None]:
        """``deal_unknown([turnup])``: deal it with every hand empty, for a table that records no cards (a turn-up
        only where the deal offers one)."""
        ...

    @property
    def game(self) -> GameSpec: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def is_complete(self) -> bool: ...

    @property
    def net(self) -> list[int]: ...

    @property
    def next_dealer(self) -> int: ...

    @property
    def voidable(self) -> bool:
        """Whether the deal, though complete, may still take a law that makes it void (RULES.md §14.30)."""
        ...

    def offers(self, feature: Feature) -> bool: ...

    def legal_actions(self) -> list[Any]: ...

    def side_actions(self, seat: int) -> tuple[Any, ...]: ...

    def verify(self, action: Any) -> None: ...

    def can(self, action: Any) -> bool: ...

    def apply(self, action: Any) -> Any: ...

    def verify_proper(self, action: Any) -> None: ...

    def can_proper(self, action: Any) -> bool: ...

    def apply_proper(self, action: Any) -> Any: ...

    def view(self, seat: int | str) -> View[Any]: ...

    def seen(self, seat: int) -> dict[int, int]:
        """The hands whose faces ``seat`` sees now, as its :meth:`view`'s ``seen_hands`` (without making the rest of
        the view: a spectator's state asks a second seat's, at every move)."""
        ...

    def result(self) -> DealResult | None: ...

    def parse_action(self, text: str) -> Any: ...

    def action_str(self, action: Any) -> str: ...

    def describe(self, action: Any, *, own: bool = False) -> str: ...

    def all_tricks(self) -> list[Trick]: ...

    def heaps(self, dealt: bool = False) -> dict[str, list[int]]: ...

    @property
    def heap_names(self) -> frozenset[str]: ...

    def copy(self) -> Deal: ...


@runtime_checkable
class Sitting(Protocol):
    """What every sitting offers: its deals in rotation, the balances, the pool or kitty carried, the end."""

    rules: Any
    seats: list[str]
    seed: int | str
    balances: dict[str, int]
    dealer: str
    draw: list[tuple[str, str]]
    #: how the first dealer is settled where none is given: ``first_knave`` or ``cut_low`` (the game's rule)
    first_dealer: str

    @property
    def game(self) -> GameSpec: ...

    @property
    def deals(self) -> Sequence[Any]: ...

    @property
    def current(self) -> Any: ...

    @property
    def pool(self) -> int: ...

    @property
    def table_mode(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    def start_deal(self) -> Any: ...

    def end_deal(self) -> None: ...

    def stop(self, method: str = "divide") -> None: ...

    def summary(self) -> dict[str, Any]: ...

    def first_dealer_text(self) -> str: ...


@dataclass(frozen=True)
class Form:
    """A form of a game that a registry lists by name: Three-card, Five-card and Irish Loo; Nap."""

    name: str
    title: str
    #: the preset that sets it up
    preset: str


@dataclass(frozen=True)
class GameSpec:
    """A game by name: what a surface needs to make and show its deals without knowing which game it is."""

    name: str
    title: str
    rules: type[Rules]
    options: Mapping[str, tuple[OptionValue, ...] | None]
    option_docs: Mapping[str, str]
    #: the stakes a record may set (DEAL-RECORD.md ``stakes``)
    stake_names: tuple[str, ...]
    forms: tuple[Form, ...]
    verbs: VerbTable
    #: every law of table mode by rule ID, with what it does
    laws: Mapping[str, str]
    #: ``law_text(rules, rule)``: what a law does under these rules, the amounts in force
    law_text: Callable[[Any, str], str]
    #: where RULES.md states the laws, and how a person writes them (``LOO-LAW-4 5H``)
    laws_section: str
    law_example: str
    #: the fewest seats, and the most under given rules; the seats a table has unless told otherwise
    min_seats: int
    max_seats: Callable[[Any], int]
    default_seats: int
    #: ``deal(rules, seats, dealer, pool, **more)``: a new deal, not yet dealt
    deal: Callable[..., Deal]
    #: ``sitting(rules, seats, **settings)``: a new sitting
    sitting: Callable[..., Sitting]
    #: ``resume(deals, **settings)``: a sitting rebuilt from its finished deals
    resume: Callable[..., Sitting]
    #: the settings a sitting takes beyond rules and seats (``rounds`` for Loo)
    sitting_settings: tuple[str, ...] = ()
    #: how a sitting may be stopped early, the default first
    stops: tuple[str, ...] = ("divide",)
    #: the record fields only this game has, with their defaults (Loo ``kind``, Nap ``multiplier``)
    record_fields: Mapping[str, Any] = field(default_factory=dict)
    #: a dealer dealt no cards in a record takes no part in the deal (Loo: LOO-END-3, §14.3)
    sits_out_undealt: bool = False
    #: each kind of deal (DEAL-RECORD.md ``kind``) in words, where the game's deals have kinds
    kind_words: Mapping[str, str] = field(default_factory=dict)
    #: how a person reads a value of a verb's argument (Nap's ``call blucher``: ``Blücher``)
    value_title: Callable[[str], str] = str
    #: the rule that settles each step of a sitting, for a surface that cites it: ``first_dealer`` (who deals
    #: first), ``rotation`` (whose deal it is), ``unfinished`` (a deal is finished before the next), ``undealt``
    #: (nothing is done before the deal), ``first_deal`` (the first deal of the game), ``next_deal`` (what the
    #: next deal is), ``end`` (the game ends of itself), ``stopped`` (the game ended early) and ``share`` (the
    #: pool or kitty shared at an early end)
    sitting_rules: Mapping[str, str] = field(default_factory=dict)
    #: the game's observer (:class:`roundgames.games.observe.Observer`), as ``"module:Class"``: loaded on first use
    #: by :func:`roundgames.games.observe.observer_of`, so that naming it imports nothing
    observer: str = "roundgames.games.observe:Observer"
    #: ``stakes_of(rules)``: those of :attr:`stake_names` that ``rules`` take, which a record writes; None: every
    #: one (Loo's ``ante`` is a stake only where everyone antes): see :meth:`stakes_in_force`
    stakes_of: Callable[[Any], tuple[str, ...]] | None = None

    def stakes_in_force(self, rules: Any) -> tuple[str, ...]:
        """The stakes ``rules`` take, in the order of :attr:`stake_names`: those a record writes (DEAL-RECORD.md
        ``stakes``) and a house rule states."""
        return self.stake_names if self.stakes_of is None else self.stakes_of(rules)

    def form_of(self, rules: Any) -> Form:
        """The form ``rules`` set up."""
        name = getattr(rules, "form", self.forms[0].name)
        return next(f for f in self.forms if f.name == name)
