"""The games the research environments know, read from their plug-ins (:class:`roundgames.games.plugin.EnvParts`).

Each game the environments play has two modules of the same skeleton (as OpenSpiel's Python games have), named
by its plug-in: its *encoding* (:class:`Encoding`: action ids from the game's verb table, observation and
information-state vectors and strings) and its *deals* (:class:`Deals`: the places its cards are dealt to, what a
seat has seen of them, a one-deal game's parameters and bounds). Everything shared (the PettingZoo and OpenSpiel
adapters, the resampler) asks :func:`env_game` for them, and never tests a deal's class or its game's name.

>>> env_game("nap").encoding.action_count(None), env_game("loo").deals.SPIEL_NAMES[0]
(359, 'python_loo')
>>> env_game("whist")
Traceback (most recent call last):
...
roundgames.core.errors.RulesError: the research environments know no game 'whist' (valid: loo, nap)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from ..core.cards import Card
from ..core.errors import RulesError
from ..games.plugin import GamePlugin, resolve
from ..games.protocol import GameSpec
from ..games.registry import PartsByGame
from ._common import Place

__all__ = ["ENV_GAMES", "Deals", "Encoding", "EnvGame", "env_game", "of"]


class Encoding(Protocol):
    """A game's encoding module (:mod:`.loo_encoding`, :mod:`.nap_encoding`).

    ``passed`` in the vectors and strings: the seats that have let an offer to act out of turn go by since the
    last action (:meth:`offered`); the adapters keep it, since the engine records no such answer."""

    #: the finished tricks an information-state vector of the game's first form holds
    TRICKS: int
    #: the id that answers an offer to act out of turn by letting it go by (None where nothing is offered)
    DECLINE: int | None

    def check(self, rules: Any) -> None:
        """Raise :class:`RulesError` for rules the encoding does not know."""

    def action_count(self, rules: Any, table: bool = False) -> int:
        """The size of the fixed integer action space under ``rules`` (``table``: in table mode)."""

    def irregular_ids(self, deal: Any, seat: int) -> list[int]:
        """Table mode: the ids ``seat`` (to act) might take against the rules, for the deal's laws to judge."""

    def action_id(self, deal: Any, action: Any) -> int:
        """The integer of an action, taken in ``deal`` before it is applied."""

    def action_ids(self, deal: Any, actions: Any) -> dict[int, Any]:
        """Each of ``actions`` (taken in ``deal``) by its integer."""

    def plain_ids(self, deal: Any) -> list[int] | None:
        """The legal ids of the seat to act, in order, read from the deal's state where the turn is plain (strict
        mode, an ordinary play or declaration); None where the engine's ``legal_actions`` must be asked."""

    def plain_action(self, seat: int, action_id: int) -> Any:
        """The action of an id of :meth:`plain_ids` for ``seat``."""

    def action(self, deal: Any, action_id: int, seat: int | None = None) -> Any:
        """The action of ``action_id`` for ``seat`` (by default the seat to act)."""

    def action_name(self, action_id: int, rules: Any = None) -> str:
        """An action's name without the state it was taken in (under ``rules``, table mode's ids named too)."""

    def public(self, deal: Any, action: Any, seat: int) -> str:
        """An action as ``seat`` saw it."""

    def offers(self, rules: Any) -> bool:
        """Whether under ``rules`` a deal may offer actions out of turn (:meth:`offered`) or wait on one nobody
        chooses (:meth:`forced`); where not, the adapters need not ask at every step."""

    def offered(self, deal: Any) -> tuple[int, ...]:
        """The seats, in order, offered now what the deal lets them do out of turn (``deal.side_actions``),
        chosen from what every seat sees, so that an offer tells nobody what the seat holds."""

    def forced(self, deal: Any) -> Any:
        """The action the deal waits on that nobody chooses (the rules leave it no alternative), or None."""

    def layout(self, n: int, rules: Any = None) -> list[tuple[str, int]]:
        """The fields of an observation vector for ``n`` seats under ``rules``, with their sizes."""

    def info_layout(self, n: int, rules: Any = None) -> list[tuple[str, int]]:
        """The fields of an information-state vector for ``n`` seats under ``rules``, with their sizes."""

    def observation(self, deal: Any, seat: int, passed: Collection[int] = ()) -> list[float]:
        """The observation vector of ``seat``."""

    def observation_into(self, deal: Any, seat: int, passed: Collection[int], out: Any) -> None:
        """Write the observation vector of ``seat`` into the array ``out``, which holds zeros."""

    def info_vector(self, deal: Any, seat: int, passed: Collection[int] = ()) -> list[float]:
        """The information-state vector of ``seat``."""

    def info_state(self, deal: Any, seat: int, passed: Collection[int] = ()) -> str:
        """The information-state string of ``seat``."""

    def summary(self, deal: Any, seat: int, passed: Collection[int] = ()) -> str:
        """The short observation string of ``seat``."""

    def own_seen(self, deal: Any, seat: int) -> int:
        """The cards ``seat`` was dealt, once it has seen them."""


class Deals(Protocol):
    """A game's deals module (:mod:`.loo_deals`, :mod:`.nap_deals`)."""

    #: OpenSpiel's short name and long name of the one-deal game, and its fewest and most seats
    SPIEL_NAMES: tuple[str, str, int, int]
    #: the one-deal game's parameters, with their defaults
    PARAMS: dict[str, Any]

    def place_cards(self, deal: Any) -> dict[Place, list[Card]]:
        """The cards of each place as dealt."""

    def new_deal_like(self, deal: Any) -> Any:
        """An undealt deal of the same table as ``deal``."""

    def deal_places(self, template: Any, cards: Mapping[Place, Sequence[Card]]) -> Any:
        """A new deal of ``template``'s table dealt with ``cards`` by place, no action taken."""

    def known_places(self, deal: Any, seat: int) -> list[Place]:
        """The places whose cards ``seat`` has seen."""

    def plan(
        self, deal: Any, seat: int, slots: Mapping[Place, list[int]], rng: random.Random
    ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """Each other seat's playing hand as slots, and the slots of its private choices by log index."""

    def card_played(self, action: Any) -> Card:
        """The card of a ``play`` action."""

    def rechosen(self, action: Any, cards: tuple[Card, ...]) -> Any:
        """The action with its private cards chosen again."""

    def template(self, rules: Any, params: Mapping[str, Any]) -> Any:
        """The undealt deal of a one-deal game's parameters."""

    def bounds(self, deal: Any) -> tuple[int, int]:
        """The least and the most a seat can net in ``deal``."""

    def game_length(self, deal: Any) -> int:
        """The most player actions in ``deal``."""


@dataclass(frozen=True)
class EnvGame:
    """A game as the research environments know it: its spec, its encoding and its deals."""

    spec: GameSpec
    encoding: Encoding
    deals: Deals


@cache
def _resolved(found: GamePlugin) -> EnvGame:
    # Cached by the plug-in, hashed by identity: reload() finds the same object (its module stays imported).
    parts = found.part("env", "envs")
    where = f"research environment of {found.name}"
    return EnvGame(found.spec, resolve(parts.encoding, where), resolve(parts.deals, where))


#: every game the environments play, by name
ENV_GAMES: Mapping[str, EnvGame] = PartsByGame("env", _resolved)


def env_game(name: str | GameSpec) -> EnvGame:
    """The game ``name`` (or of that spec); raises :class:`RulesError` listing the games for an unknown one."""
    key = name if isinstance(name, str) else name.name
    try:
        return ENV_GAMES[key]
    except KeyError:
        raise RulesError(f"the research environments know no game {key!r} (valid: {', '.join(ENV_GAMES)})") from None


def of(deal: Any) -> EnvGame:
    """The game of ``deal`` (its :attr:`~roundgames.games.protocol.Deal.game`)."""
    return env_game(deal.game)
