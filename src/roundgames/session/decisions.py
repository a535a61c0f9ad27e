"""A bot's decision at a table, as a pure function of what it is given: the bot's name, the game, a seed and the
seat's view.

A table never keeps a bot's random state between decisions: each decision's random source is drawn afresh from the
table's seed, the seat, the deal's number in the sitting and the decision's place in the deal's log
(:func:`decision_seed`). A table resumed from its file (the terminal) or from its stored events (the web server)
therefore plays on exactly as an unbroken one would, and nothing about the bots needs saving but each seat's bot.
Since a :class:`Decision` is plain data that pickles, the web server can have it decided in another process
(:mod:`roundgames.web.thinking`) by :func:`decide`.

>>> from roundgames.games.registry import new_deal, rules_for
>>> deal = new_deal("loo", rules_for("loo", "peel"), 4, dealer=0, pool=9)
>>> deal.deal(7)
>>> seat = deal.to_act
>>> asked = Decision("sensible", "loo", decision_seed(7, seat, 0, len(deal.log)), deal.view(seat))
>>> decide(asked) == decide(asked) and decide(asked) in deal.view(seat).legal
True
>>> check_bot("clever", "loo", "bots[2]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
roundgames.core.errors.RecordError: bots[2]: 'clever' is not a bot (valid: random, sensible...)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS, make_bot
from ..core.errors import RecordError
from ..games.protocol import View

__all__ = ["Decision", "bots_for", "check_bot", "decide", "decision_seed"]


@dataclass(frozen=True)
class Decision:
    """What a bot needs to choose an action, and nothing more: plain data, so that it pickles."""

    #: the bot's name in :data:`roundgames.bots.BOTS`
    bot: str
    #: the game's name in the registry
    game: str
    #: the seed of the bot's random source for this decision (:func:`decision_seed`)
    seed: int
    #: the view of the seat to act
    view: View[Any]


def decision_seed(table_seed: int | str, seat: int, deal_index: int, position: int) -> int:
    """The seed of one decision: from the table's seed, the seat, the deal's index in the sitting (0 for the first)
    and the decision's place in the deal's log (the number of actions before it). The same in every process
    (``hash()`` is salted; a string seed of :class:`random.Random` is not)."""
    return random.Random(f"{table_seed}:bot:{seat}:{deal_index}:{position}").getrandbits(64)


def decide(decision: Decision) -> Any:
    """The action the bot of ``decision`` takes: a fresh bot with its seeded random source, shown the view (what a
    worker process of the web server runs)."""
    return make_bot(decision.bot, decision.game, seed=decision.seed).choose(decision.view)


def bots_for(game: str) -> list[str]:
    """The bots that play ``game``, from :data:`roundgames.bots.BOTS` (a bot registered there is offered by itself)."""
    return [bot for bot, makers in BOTS.items() if game in makers]


def check_bot(name: object, game: str, field: str) -> str:
    """``name`` if it is a bot that plays ``game``; else :class:`RecordError` on ``field`` naming the value and the
    valid names."""
    valid = bots_for(game)
    if not isinstance(name, str) or name not in valid:
        raise RecordError(field, f"{name!r} is not a bot (valid: {', '.join(valid)})")
    return name
