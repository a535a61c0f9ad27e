"""Bots: players that see one seat's view of a deal and return a legal action for it.

Every bot has the same small interface, :class:`Bot`: a ``name`` and ``choose(view)``, where ``view`` is what
``deal.view(seat)`` gives the seat to act (a :class:`~roundgames.loo.LooView` or a
:class:`~roundgames.nap.NapView`) and the answer is one of ``view.legal``, or, for the Nap senior hand
before his first lead, a ``widow``/``topcard`` exchange that ``view.may_take`` offers. A bot sees nothing but
the view, so it can use nothing the seat may not see; its only other input is its own seeded
:class:`random.Random`, so it is deterministic given its seed and the views it is shown.

- ``random``: a verb at random among those open, then one of its actions at random.
- ``sensible``: a rule-based player built from Peel's *Round Games with Cards* ("Hints to players" for Loo,
  "Tactics" for Nap): :class:`~roundgames.bots.loo.SensibleLooBot`, :class:`~roundgames.bots.nap.SensibleNapBot`.

>>> from roundgames import LooDeal, LooRules
>>> deal = LooDeal(LooRules.preset("peel"), 4, dealer=0, pool=9)
>>> deal.deal(7)
>>> bots = {s: make_bot("sensible" if s == 1 else "random", "loo", seed=s) for s in range(4)}
>>> net = play_deal(deal, bots)
>>> deal.is_complete, sum(net) + deal.pool_total - 9
(True, 0)
>>> make_bot("clever", "loo")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: unknown bot 'clever' (valid: random, sensible)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Protocol, runtime_checkable

from ..core.cards import cards_in
from ..core.errors import RulesError
from ..loo.deal import Kind, LooAction, LooDeal, LooView
from ..loo.rules import LooRules
from ..nap import NapDeal
from ..nap.deal import NapAction, NapView
from ..nap.rules import NapRules
from .loo import SensibleLooBot
from .nap import SensibleNapBot

__all__ = [
    "BOTS",
    "GAMES",
    "Bot",
    "RandomBot",
    "SensibleLooBot",
    "SensibleNapBot",
    "deal_series",
    "make_bot",
    "offer_flushes",
    "play_deal",
]

View = LooView | NapView
Action = LooAction | NapAction

#: the games a bot plays
GAMES = ("loo", "nap")


@runtime_checkable
class Bot(Protocol):
    """A player: given the view of the seat to act, return a legal action for that seat."""

    name: str

    def choose(self, view: LooView | NapView) -> LooAction | NapAction:
        """The action this bot takes in ``view`` (the seat's turn); one of ``view.legal``, or a Nap exchange
        that ``view.may_take`` offers."""
        ...


class RandomBot:
    """Chooses uniformly a verb among those open to the seat, then uniformly one of that verb's actions.

    Choosing the verb first keeps a random player from being swamped by the verbs with many actions (the
    252 ways of keeping five cards of the spare hand, the subsets of a hand to buy with). A Nap senior hand
    offered the widow or the top card takes it as one more verb, discarding a card of his hand at random.
    """

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: LooView | NapView) -> LooAction | NapAction:
        """A random legal action for the seat of ``view``."""
        by_verb: dict[str, list[Action]] = {}
        for action in view.legal:
            by_verb.setdefault(action.verb, []).append(action)
        if isinstance(view, NapView):
            for verb in view.may_take:  # the cards taken are unseen: what goes out comes from the hand
                if verb == "spare":  # taken blind, so the five kept are the hand's own
                    by_verb[verb] = [NapAction(view.seat, verb, None, tuple(sorted(cards_in(view.hand))))]
                else:
                    by_verb[verb] = [NapAction(view.seat, verb, None, (c,)) for c in cards_in(view.hand)]
        if not by_verb:
            raise RulesError(f"seat {view.seat} has nothing to do: it is not its turn")
        verb = self.rng.choice(sorted(by_verb))
        return self.rng.choice(by_verb[verb])


BotFactory = Callable[[random.Random], Bot]

#: the bots by name, then by game: each makes a bot from its seeded random source
BOTS: dict[str, dict[str, BotFactory]] = {
    "random": {"loo": RandomBot, "nap": RandomBot},
    "sensible": {"loo": SensibleLooBot, "nap": SensibleNapBot},
}


def make_bot(name: str, game: str, seed: int | None = None) -> Bot:
    """The bot ``name`` for ``game`` (``"loo"`` or ``"nap"``), with its own ``random.Random(seed)``.

    Raises :class:`~roundgames.core.errors.RulesError` (a ``ValueError``) listing the valid names for an unknown
    bot or game.
    """
    makers = BOTS.get(name)
    if makers is None:
        raise RulesError(f"unknown bot {name!r} (valid: {', '.join(BOTS)})")
    maker = makers.get(game)
    if maker is None:
        raise RulesError(f"unknown game {game!r} for bot {name!r} (valid: {', '.join(makers)})")
    return maker(random.Random(seed))


def play_deal(deal: LooDeal | NapDeal, bots: Mapping[int, Bot]) -> list[int]:
    """Play a dealt ``deal`` to the end: each seat to act is shown ``deal.view(seat)`` and its bot's choice is
    applied through the checked ``deal.apply``. Returns the net result of each seat in counters.

    An illegal choice raises :class:`~roundgames.core.errors.IllegalActionError` naming the rule it breaks.
    """
    while not deal.is_complete:
        if isinstance(deal, LooDeal) and deal.flush_window and offer_flushes(deal, bots):
            continue
        seat = deal.to_act
        if seat is None:
            raise RulesError("the deal is not complete but no seat is to act: deal the cards first")
        action = bots[seat].choose(deal.view(seat))
        if isinstance(deal, LooDeal):
            if not isinstance(action, LooAction):
                raise RulesError(f"bot {bots[seat].name!r} answered a Loo deal with {action!r}")
            deal.apply(action)
        else:
            if not isinstance(action, NapAction):
                raise RulesError(f"bot {bots[seat].name!r} answered a Nap deal with {action!r}")
            deal.apply(action)
    return deal.net


def offer_flushes(deal: LooDeal, bots: Mapping[int, Bot]) -> bool:
    """Before the first lead any seat that plays may show a flush, in its turn or not (LOO5-6): offer it to the
    bots of the seats other than the leader that hold one. Whether one was shown."""
    for seat in deal.order:
        if seat == deal.to_act or seat not in bots:
            continue
        view = deal.view(seat)
        if view.legal:
            action = bots[seat].choose(view)
            if isinstance(action, LooAction) and action in view.legal:
                deal.apply(action)
                return True
    return False


def deal_series(rules: LooRules | NapRules, players: int, deals: int, seed: int | str) -> Iterator[LooDeal | NapDeal]:
    """``deals`` deals in a row at one table, each shuffled with its own seed ``f"{seed}:{i}"``, as a sitting
    runs them: the deal passes to the left (or stays, after a Nap redeal), the Loo pool and the kind of the next
    deal (single or regular) follow from the last deal, as do the Nap kitty and stake multiplier. Each deal is
    yielded dealt; play it to the end before asking for the next.
    """
    dealer = 0
    if isinstance(rules, LooRules):
        pool = 0
        kind = {"peel": Kind.SINGLE, "ew": Kind.EW_SINGLE}.get(rules.single, Kind.REGULAR)
        for i in range(deals):
            loo = LooDeal(rules, players, dealer=dealer, pool=pool, kind=kind)
            loo.deal(random.Random(f"{seed}:{i}"))
            yield loo
            if not loo.is_complete:
                raise RulesError(f"deal {i} of the series was not played to the end")
            dealer, pool, kind = loo.next_dealer, loo.pool_total, loo.next_kind
        return
    kitty, multiplier = 0, 1
    for i in range(deals):
        nap = NapDeal(rules, players, dealer=dealer, kitty=kitty, multiplier=multiplier)
        nap.deal(random.Random(f"{seed}:{i}"))
        yield nap
        if not nap.is_complete:
            raise RulesError(f"deal {i} of the series was not played to the end")
        dealer, kitty, multiplier = nap.next_dealer, nap.kitty, nap.next_multiplier
