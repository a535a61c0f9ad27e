"""Bots: players that see one seat's view of a deal and return a legal action for it.

Every bot has the same small interface, :class:`Bot`: a ``name`` and ``choose(view)``, where ``view`` is what
``deal.view(seat)`` gives the seat to act (the one :class:`~roundgames.games.protocol.View` shape of every game)
and the answer is one of ``view.legal``, or one of the ways of taking what ``view.may_take`` offers by verb (the
Nap senior hand's ``widow``/``topcard`` exchange before his first lead, the spare hand), the cards put out being
the seat's own. A bot sees nothing but the view, so it can use nothing the seat may not see; its only other input
is its own seeded :class:`random.Random`, so it is deterministic given its seed and the views it is shown.

- ``random``: a verb at random among those open, then one of its actions at random.
- ``sensible``: a rule-based player built from Peel's *Round Games with Cards* ("Hints to players" for Loo,
  "Tactics" for Nap): :class:`~roundgames.bots.loo.SensibleLooBot`, :class:`~roundgames.bots.nap.SensibleNapBot`.
- ``expert``: the computed strategy for declaring and calling, where one is shipped for the table, and sampled
  worlds weighted by its inference, each solved exactly with open cards, for the play
  (:class:`~roundgames.bots.expert.ExpertBot`), for every game and form.
- ``expert-search``: the search alone, for every decision (:class:`~roundgames.bots.search.SearchBot`): the
  expert before the computed strategies, kept for comparison.

A bot is made for a game with ``make_bot(name, game)``; what is particular to a game (its sensible player, how it
takes cards unseen) lives in the module named for it and is chosen here, through :data:`BY_GAME`, by the game's
name.

>>> from roundgames.games.registry import new_deal, rules_for
>>> deal = new_deal("loo", rules_for("loo", "peel"), 4, dealer=0, pool=9)
>>> deal.deal(7)
>>> bots = {s: make_bot("sensible" if s == 1 else "random", "loo", seed=s) for s in range(4)}
>>> net = play_deal(deal, bots)
>>> deal.is_complete, sum(net) + deal.result().pool - 9
(True, 0)
>>> make_bot("clever", "loo")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: unknown bot 'clever' (valid: random, sensible, expert, expert-search)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from ..core.errors import RulesError
from ..core.options import Rules
from ..core.seats import seat_names
from ..games.protocol import Deal, Feature, GameSpec, View
from ..games.registry import game_of, new_sitting
from .bot import Bot
from .expert import ExpertBot, expert_for
from .games import BY_GAME, GAMES, BotFactory, GameBots, bot_table, kit_of
from .loo import SensibleLooBot
from .nap import SensibleNapBot
from .search import SEARCH, SearchBot, search_for

__all__ = [
    "BOTS",
    "BY_GAME",
    "GAMES",
    "Bot",
    "ExpertBot",
    "GameBots",
    "RandomBot",
    "SearchBot",
    "SensibleLooBot",
    "SensibleNapBot",
    "deal_series",
    "make_bot",
    "offer_side_actions",
    "play_deal",
]


class RandomBot:
    """Chooses uniformly a verb among those open to the seat, then uniformly one of that verb's actions.

    Choosing the verb first keeps a random player from being swamped by the verbs with many actions (the
    252 ways of keeping five cards of the spare hand, the subsets of a hand to buy with). A verb offered in
    ``view.may_take`` (the Nap widow, top card and spare hand) is one more verb, taken blind: a Nap senior hand
    discards a card of his hand at random, and keeps his own five of the spare hand.
    """

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: View[Any]) -> Any:
        """A random legal action for the seat of ``view``."""
        by_verb: dict[str, list[Any]] = {}
        for action in view.legal:
            by_verb.setdefault(action.verb, []).append(action)
        if view.may_take:
            takes = BY_GAME[game_of(view.rules).name].blind_takes
            assert takes is not None, "a game that offers cards unseen says how they are taken"
            for verb in view.may_take:
                by_verb[verb] = takes(view, verb)
        if not by_verb:
            raise RulesError(f"seat {view.seat} has nothing to do: it is not its turn")
        verb = self.rng.choice(sorted(by_verb))
        return self.rng.choice(by_verb[verb])


#: the bots by name, then by game: each makes a bot from its seeded random source
BOTS: dict[str, Mapping[str, BotFactory]] = bot_table(
    {
        "random": (lambda game: RandomBot, False),
        "sensible": (lambda game: kit_of(game).sensible, False),
        "expert": (expert_for, True),
        SEARCH: (search_for, True),
    }
)


def make_bot(name: str, game: str | GameSpec, seed: int | None = None) -> Bot:
    """The bot ``name`` for ``game`` (its name, ``"loo"`` or ``"nap"``, or its spec), with its own
    ``random.Random(seed)``.

    Raises :class:`~roundgames.core.errors.RulesError` (a ``ValueError``) listing the valid names for an unknown
    bot or game.
    """
    makers = BOTS.get(name)
    if makers is None:
        raise RulesError(f"unknown bot {name!r} (valid: {', '.join(BOTS)})")
    key = game if isinstance(game, str) else game.name
    maker = makers.get(key)
    if maker is None:
        raise RulesError(f"unknown game {key!r} for bot {name!r} (valid: {', '.join(makers)})")
    return maker(random.Random(seed))


def play_deal(deal: Deal, bots: Mapping[int, Bot]) -> list[int]:
    """Play a dealt ``deal`` to the end: each seat to act is shown ``deal.view(seat)`` and its bot's choice is
    applied through the checked ``deal.apply``; where the deal lets seats act out of turn (``deal.side_actions``)
    the other bots are offered that first. A flush is no such action: it is shown in its holder's turn, his only
    action (LOO5-6, RULES.md §14.34). Returns the net result of each seat in counters.

    An illegal choice raises :class:`~roundgames.core.errors.IllegalActionError` naming the rule it breaks.
    """
    out_of_turn = deal.offers(Feature.FLUSHES)
    while not deal.is_complete:
        if out_of_turn and offer_side_actions(deal, bots):
            continue
        seat = deal.to_act
        if seat is None:
            raise RulesError("the deal is not complete but no seat is to act: deal the cards first")
        view = deal.view(seat)
        action = bots[seat].choose(view)
        if view.legal and not isinstance(action, type(view.legal[0])):
            raise RulesError(f"bot {bots[seat].name!r} answered a {deal.game.title} deal with {action!r}")
        deal.apply(action)
    return deal.net


def offer_side_actions(deal: Deal, bots: Mapping[int, Bot]) -> bool:
    """Offer what the seats other than the one to act may do out of turn (``deal.side_actions``) to their bots,
    from the dealer's left; the first that takes it acts. Whether one did."""
    n = deal.n
    for seat in ((deal.dealer + 1 + i) % n for i in range(n)):
        if seat == deal.to_act or seat not in bots or not deal.side_actions(seat):
            continue
        view = deal.view(seat)
        action = bots[seat].choose(view)
        if action in view.legal:
            deal.apply(action)
            return True
    return False


def deal_series(rules: Rules, players: int, deals: int, seed: int | str) -> Iterator[Any]:
    """``deals`` deals in a row at one table, as the game's sitting runs them from the first seat's deal: each
    shuffled with its own seed ``f"{seed}:{i}"``, the deal passing to the left (or staying, after a void deal or
    a Nap redeal), and what the game carries from deal to deal carried (the Loo pool and the kind of the next
    deal, single or regular; the Nap kitty and stake multiplier). Each deal is yielded dealt; play it to the end
    before asking for the next.
    """
    names = seat_names(players)
    # rounds=deals: the sitting cannot end (LOO-END-1) before `deals` deals; a game without rounds ignores it
    sitting = new_sitting(game_of(rules).name, rules, list(names), seed=seed, dealer=names[0], rounds=max(1, deals))
    for i in range(deals):
        deal = sitting.start_deal()
        yield deal
        if not deal.is_complete:
            raise RulesError(f"deal {i} of the series was not played to the end")
