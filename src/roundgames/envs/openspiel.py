"""Loo and Nap as OpenSpiel games: importing this module registers ``python_loo`` and ``python_nap``.

>>> import pyspiel
>>> import roundgames.envs.openspiel
>>> game = pyspiel.load_game("python_nap", {"players": 4})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 359, 52)

A thin layer over the engine and each game's encoding and deals modules, chosen by the game's name
(:mod:`.games`); no rule is written here, and nothing here tests which game a deal is. A game begins
with one chance node per card dealt (the stock's too, in Five-card and Irish Loo), in the engine's
dealing order, each uniform over the cards still in the pack; when the last card is drawn the deal is
made with ``deal_cards`` and the seats act in turn, the actions being the integers of :mod:`.encoding`
applied through the engine's checked ``apply``. A flush that may be shown out of turn (Five-card and
Irish Loo, LOO5-6) is offered to each seat in turn as an explicit decision, and what nobody chooses is
applied as it comes (:mod:`._turns`). ``returns()`` is the engine's ``net`` in counters once the deal
is complete (0 before), so the games are general-sum: the pool or kitty takes and gives money.

Parameters: ``players``, ``preset``, ``options`` (a JSON object of rule options, such as
``{"purchase": true}``; written back with ``;`` between items, which is also accepted, because an
OpenSpiel game string cannot hold a comma inside a value), ``dealer``, ``table_mode`` (true: the laws apply,
and the seat to act may also take the irregular actions they cover, at most one a seat a deal, as in
PettingZoo's ``table_mode``); Loo adds ``pool`` and ``kind`` (regular, single, ew_single), Nap adds ``kitty``
and ``multiplier``. The Loo preset (or the
``form`` option) chooses the form: ``{"preset": "five-card"}`` or ``"irish"`` plays Five-card or Irish
Loo, whose action space and vectors are their own (:func:`.loo_encoding.action_count`,
:func:`.loo_encoding.layout`) and fixed for the game.

Observations come from one observer (:meth:`make_py_observer`): the observation tensor is the game
encoding's ``observation`` (:func:`.encoding.loo_observation`, :func:`.encoding.nap_observation`), the
information-state tensor its ``info_vector``, the information-state string its ``info_state``, and the
observation string its ``summary`` of the seat's view. While the cards are being dealt no seat has
seen any: tensors are zero and the strings say how many cards are out.
:meth:`RoundState.resample_from_infostate` draws the cards a seat has not seen (:mod:`.resample`) for
information-set search.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from ..core.cards import Card, card_str, format_cards, pack
from ..core.errors import IllegalActionError, RulesError
from ._turns import apply_forced, offer_seat, turn
from .games import ENV_GAMES, EnvGame, env_game
from .loo_deals import loo_bounds
from .nap_deals import nap_bounds
from .resample import Place, place_cards, resample

__all__ = [
    "GAMES",
    "LOO_GAME_TYPE",
    "NAP_GAME_TYPE",
    "LooGame",
    "NapGame",
    "RoundState",
    "loo_bounds",
    "nap_bounds",
    "register_games",
    "resampler",
    "state_from_deal",
]


def _game_type(kit: EnvGame) -> Any:
    short, long, low, high = kit.deals.SPIEL_NAMES
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,  # the pool or kitty takes and gives counters
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=kit.deals.PARAMS,
    )


# -- the table: rules, seats and the dealing order ------------------------------------------------


class _PackOrder(random.Random):
    """A "shuffle" that leaves the pack in card order, to read the engine's dealing order off a deal."""

    def shuffle(self, x: Any) -> None:
        return None


@dataclass(frozen=True, eq=False)
class _Table:
    """One game's table, shared by all its states (never copied; pickled with a state, so it holds the game by
    name)."""

    #: the game's name
    game: str
    rules: Any
    n: int
    dealer: int
    pool: int
    #: the game's own record fields of the deal (Loo ``kind``, Nap ``multiplier``)
    more: dict[str, Any]
    #: the place each chance node deals to, in the engine's dealing order
    places: tuple[Place, ...]
    pack: tuple[Card, ...]
    observation_layout: tuple[tuple[str, int], ...]
    info_layout: tuple[tuple[str, int], ...]
    #: whether the laws apply: the seat to act may also take the irregular actions they cover (:mod:`._turns`)
    table_mode: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self

    @property
    def kit(self) -> EnvGame:
        """The game's spec, encoding and deals."""
        return ENV_GAMES[self.game]

    def new_deal(self) -> Any:
        """An undealt deal of the table."""
        deal = self.kit.spec.deal(self.rules, self.n, self.dealer, self.pool, **self.more)
        deal.table_mode = self.table_mode
        return deal

    def deal(self, drawn: Sequence[Card]) -> Any:
        """The deal made with the cards drawn, in dealing order."""
        by_place: dict[Place, list[Card]] = {}
        for place, c in zip(self.places, drawn, strict=True):
            by_place.setdefault(place, []).append(c)
        deal = self.kit.deals.deal_places(self.new_deal(), by_place)
        deal.table_mode = self.table_mode  # a deal made from the places is a new deal, in strict mode
        return deal

    def draws(self, deal: Any, previous: Sequence[Card] = ()) -> list[Card]:
        """The chance outcomes that deal ``deal``'s cards; a card that stays in its place keeps its
        position in ``previous`` (an earlier dealing of this table), the others come by card int."""
        cards = place_cards(deal)
        if previous:
            before: dict[Place, list[Card]] = {}
            for place, c in zip(self.places, previous, strict=True):
                before.setdefault(place, []).append(c)
            for place, now in cards.items():
                old = before.get(place, [])
                if place[0] == "stock" or len(old) != len(now):
                    continue
                stay = [c if c in now else None for c in old]
                rest = iter(c for c in now if c not in old)
                cards[place] = [c if c is not None else next(rest) for c in stay]
        out = []
        for place in self.places:
            out.append(cards[place].pop(0))
        return out

    def is_table_of(self, deal: Any) -> bool:
        """Whether ``deal`` is a deal of this table: the game, rules, seats, dealer, pool and the game's own
        record fields."""
        same = (deal.rules, deal.n, deal.dealer, deal.ledger.start) == (self.rules, self.n, self.dealer, self.pool)
        return same and deal.game is self.kit.spec and all(getattr(deal, k) == v for k, v in self.more.items())


def _options(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        try:
            value = json.loads(text.replace(";", ","))
        except json.JSONDecodeError:
            raise RulesError(f'options: {text!r} is not a JSON object of rule options, e.g. {{"peep": true}}') from None
    if not isinstance(value, dict):
        raise ValueError(f"options: expected a JSON object of rule options, got {text!r}")
    return value


def _canonical(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(";", ":")) if options else "{}"


def _layout_names(layout: Sequence[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    return tuple((text.split(":")[0], size) for text, size in layout)


def _table(kit: EnvGame, params: dict[str, Any]) -> tuple[_Table, Any]:
    """The table and OpenSpiel's game info of a game's parameters."""
    rules: Any = kit.spec.rules.preset(str(params["preset"])).with_options(_options(str(params["options"])))
    kit.encoding.check(rules)
    template = kit.deals.template(rules, params)  # the engine checks the parameters
    dealt = template.copy()
    dealt.deal(_PackOrder())  # the pack in card order, dealt: the place of card i is that of draw i
    cards = pack(rules.pack)
    position = {c: i for i, c in enumerate(cards)}
    where = {position[c]: place for place, got in place_cards(dealt).items() for c in got}
    places = tuple(where[i] for i in range(len(where)))
    low, high = kit.deals.bounds(template)
    n = template.n
    table_mode = bool(template.table_mode)
    info = pyspiel.GameInfo(
        num_distinct_actions=kit.encoding.action_count(rules, table_mode),
        max_chance_outcomes=52,
        num_players=n,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None,
        max_game_length=kit.deals.game_length(template),
    )
    more = {k: getattr(template, k) for k in kit.spec.record_fields}
    table = _Table(
        kit.spec.name,
        rules,
        n,
        template.dealer,
        template.ledger.start,
        more,
        places,
        tuple(cards),
        _layout_names(kit.encoding.layout(n, rules)),
        _layout_names(kit.encoding.info_layout(n, rules)),
        table_mode,
    )
    return table, info


# -- games and states ----------------------------------------------------------------------------


class _RoundGame(pyspiel.Game):  # type: ignore[misc]
    """What the games share: a game's parameters made into a table (:data:`GAME` names the game)."""

    GAME: str
    table: _Table

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kit = env_game(self.GAME)
        params = _params(kit.deals.PARAMS, params)
        table, info = _table(kit, params)
        super().__init__(GAME_TYPES[self.GAME], info, params)
        self.table = table

    def new_initial_state(self) -> RoundState:
        """The state before the first card is dealt."""
        return RoundState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer of ``iig_obs_type``: perfect recall gives the information state."""
        return _Observer(self.table, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card dealt."""
        return len(self.table.places)


def _params(defaults: dict[str, Any], params: dict[str, Any] | None) -> dict[str, Any]:
    out = {**defaults, **(params or {})}
    out["options"] = _canonical(_options(str(out["options"])))
    return out


class LooGame(_RoundGame):
    """Loo, one deal: ``pyspiel.load_game("python_loo", {"players": 5})``; ``{"preset": "five-card"}`` or
    ``"irish"`` for those forms."""

    GAME = "loo"


class NapGame(_RoundGame):
    """Nap, one deal: ``pyspiel.load_game("python_nap", {"players": 4})``."""

    GAME = "nap"


#: the OpenSpiel game of each game the environments play, by name: Loo's and Nap's classes above, and a class made
#: for each other game (:func:`register_games`)
GAMES: dict[str, type[_RoundGame]] = {cls.GAME: cls for cls in (LooGame, NapGame)}
#: the OpenSpiel game type of each, by name
GAME_TYPES: dict[str, Any] = {}


def register_games() -> list[str]:
    """Register with OpenSpiel every game the environments play that is not registered yet (done on import; call
    it again for a game added since, by ``ROUNDGAMES_GAMES``): the names of those registered."""
    done = []
    for name, kit in ENV_GAMES.items():
        if name in GAME_TYPES:
            continue
        cls = GAMES.get(name)
        if cls is None:
            title = "".join(ch for ch in kit.spec.title if ch.isalnum())
            cls = GAMES[name] = type(f"{title}Game", (_RoundGame,), {"GAME": name})
        GAME_TYPES[name] = _game_type(kit)
        pyspiel.register_game(GAME_TYPES[name], cls)
        done.append(name)
    return done


register_games()
#: Loo takes 3 to 12 seats (9 with a 32-card pack, LOO-GEN-1); Nap 2 to 6, or 7 (NAP-GEN-1)
LOO_GAME_TYPE, NAP_GAME_TYPE = GAME_TYPES["loo"], GAME_TYPES["nap"]


class _DealBox:
    """Holds a state's deal; OpenSpiel's clone deep-copies it with the engine's own :meth:`copy`."""

    __slots__ = ("deal",)

    def __init__(self, deal: Any) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> _DealBox:
        return _DealBox(None if self.deal is None else self.deal.copy())

    def __reduce__(self) -> tuple[type[_DealBox], tuple[Any]]:
        return _DealBox, (self.deal,)


class RoundState(pyspiel.State):  # type: ignore[misc]
    """A state of a round game (``python_loo``, ``python_nap``): the cards drawn so far, then the engine's deal,
    and the seats that have let an offer to act out of turn go by since its last action (:mod:`._turns`)."""

    def __init__(self, game: _RoundGame) -> None:
        super().__init__(game)
        self._table = game.table
        self._drawn: list[Card] = []
        self._box = _DealBox(None)
        self._passed: tuple[int, ...] = ()

    @property
    def deal(self) -> Any:
        """The engine's deal (None while the cards are being dealt). Read it; act through ``apply_action``."""
        return self._box.deal

    @property
    def drawn(self) -> tuple[Card, ...]:
        """The cards dealt so far, in dealing order."""
        return tuple(self._drawn)

    @property
    def passed(self) -> tuple[int, ...]:
        """The seats that have let an offer to act out of turn go by since the deal's last action."""
        return self._passed

    def _offered(self) -> int | None:
        """The seat offered what it may do out of turn now, if any (:mod:`._turns`)."""
        return offer_seat(self._table.kit, self._box.deal, self._passed)

    def current_player(self) -> int:
        """The seat to act (first the seats offered a flush out of turn), CHANCE while dealing, TERMINAL once
        the deal is complete."""
        deal = self._box.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_complete:
            return int(pyspiel.PlayerId.TERMINAL)
        offered = self._offered()
        if offered is not None:
            return offered
        assert deal.to_act is not None
        return int(deal.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._box.deal
        if deal is None or deal.is_complete or self.current_player() != player:
            return []
        now = turn(self._table.kit, deal, self._passed, self._table.table_mode)
        assert now is not None
        return sorted(now.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still in the pack, equally likely."""
        drawn = set(self._drawn)
        rest = [c for c in self._table.pack if c not in drawn]
        return [(c, 1.0 / len(rest)) for c in rest]

    def _apply_action(self, action: int) -> None:
        deal = self._box.deal
        if deal is None:
            if action in self._drawn or action not in self._table.pack:
                raise ValueError(f"{action} is not a card left in the pack")
            self._drawn.append(action)
            if len(self._drawn) == len(self._table.places):
                self._box.deal = self._table.deal(self._drawn)
                apply_forced(self._table.kit, self._box.deal)
            return
        kit = self._table.kit
        offered = self._offered()
        if offered is not None and action == kit.encoding.DECLINE:
            self._passed = (*self._passed, offered)
            return
        if self._table.table_mode and action not in self._legal_actions(self.current_player()):
            # the engine's laws cover more than a seat is offered (one irregular action a seat a deal)
            raise IllegalActionError(f"action {action} is not among the legal actions", "ENV")
        deal.apply(kit.encoding.action(deal, action, offered))
        self._passed = ()
        apply_forced(kit, deal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_str(action)}"
        deal = self._box.deal
        encoding = self._table.kit.encoding
        if deal is not None and not deal.is_complete and self.current_player() == player:
            if action == encoding.DECLINE and self._offered() is not None:
                return f"{deal.seats[player]} {encoding.action_name(action)}"
            return str(deal.action_str(encoding.action(deal, action, player)))
        return f"P{player + 1} {encoding.action_name(action, self._table.rules)}"

    def is_terminal(self) -> bool:
        """Whether the deal is complete and settled."""
        deal = self._box.deal
        return deal is not None and bool(deal.is_complete)

    def returns(self) -> list[float]:
        """The engine's net for each seat, in counters, once the deal is complete; zeros before."""
        deal = self._box.deal
        if deal is None or not deal.is_complete:
            return [0.0] * self._table.n
        return [float(v) for v in deal.net]

    def __str__(self) -> str:
        deal = self._box.deal
        if deal is None:
            return f"dealing {len(self._drawn)}/{len(self._table.places)}: " + " ".join(map(card_str, self._drawn))
        heaps = " ".join(_place_str(deal, place, cards) for place, cards in place_cards(deal).items())
        actions = " ".join(deal.action_str(a) for a in deal.log)
        passed = " | no flush from " + " ".join(deal.seats[s] for s in self._passed) if self._passed else ""
        return f"{heaps} | {actions}{passed}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> RoundState:
        """A new state that ``player_id`` cannot tell from this one, the cards it has not seen drawn afresh
        (:func:`.resample.resample`); its history is the chance outcomes of the new deal and the same
        actions, so ``history()`` and serialization hold. ``probability_sampler`` (OpenSpiel's sampler of
        uniform numbers in [0, 1)) seeds the draw."""
        seed = None
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**32) ^ (int(probability_sampler() * 2**32) << 32)
        rng = random.Random(seed)
        game = self.get_game()
        deal = self._box.deal
        if deal is None:  # nobody has seen a card yet: deal as many again
            out: RoundState = game.new_initial_state()
            for _ in self._drawn:
                cards, _weights = zip(*out.chance_outcomes(), strict=True)
                out.apply_action(rng.choice(cards))
            return out
        return state_from_deal(game, resample(deal, player_id, rng), previous=self._drawn, passed=self._passed)


def _place_str(deal: Any, place: Place, cards: list[Card]) -> str:
    name = deal.seats[place[1]] if place[0] == "hand" else place[0]
    if place[0] == "stock":
        return f"{name}{place[1]}={card_str(cards[0])}"
    return f"{name}=[{format_cards(cards)}]"


def state_from_deal(
    game: Any, deal: Any, previous: Sequence[Card] = (), passed: Sequence[int] | None = None
) -> RoundState:
    """The state of ``game`` whose cards are those of ``deal`` and whose actions are ``deal``'s log, reached
    through ``apply_action`` (so its history is valid); a card that stays where ``previous`` (an earlier
    dealing, in chance order) put it keeps its chance node. ``deal`` must be dealt, at the game's table.

    Each action of the log is taken where it stands, an action out of turn after the seats offered it before
    its taker have let it go by (:mod:`._turns`); what nobody chooses is applied as the game applies it, so a
    deal waiting on such actions gives the state after them. At the end, ``passed`` seats have let the offers
    made now go by, in order: by default every seat offered before the engine's seat to act (as
    :func:`roundgames.bots.play_deal` leaves a deal when that seat's turn comes)."""
    table: _Table = game.table
    if not table.is_table_of(deal):
        raise ValueError(f"the deal is not one of this game's table ({game})")
    encoding = table.kit.encoding
    state: RoundState = game.new_initial_state()
    for c in table.draws(deal, previous):
        state.apply_action(c)
    while len(state.deal.log) < len(deal.log):
        a = deal.log[len(state.deal.log)]
        while (offered := state._offered()) is not None and offered != a.seat:
            state.apply_action(encoding.DECLINE)  # the offers before its taker's, let go by
        if state.current_player() != a.seat:
            raise ValueError(f"the deal's action {deal.action_str(a)!r} is not one this game lets its seat take there")
        state.apply_action(encoding.action_id(state.deal, a))
    end = encoding.offered(state.deal) if passed is None else passed
    for seat in end:
        if state._offered() != seat:
            raise ValueError(f"passed: {list(end)} are not the seats offered an action out of turn now, in order")
        state.apply_action(encoding.DECLINE)
    assert place_cards(state.deal) == place_cards(deal) and state.deal.log[: len(deal.log)] == deal.log
    return state


def resampler(state: RoundState, player: int) -> RoundState:
    """A resampling callback for ``ISMCTSBot.set_resampler``."""
    return state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))


# -- observations --------------------------------------------------------------------------------


class _Observer:
    """The observation (perfect recall off) or the information state (on) of one seat."""

    def __init__(self, table: _Table, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only a single player's own observation is provided (public and private information)")
        self.table = table
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        encoding = table.kit.encoding
        self._vector = encoding.info_vector
        self._into = encoding.observation_into
        self._string = encoding.info_state if self.recall else encoding.summary
        layout = table.info_layout if self.recall else table.observation_layout
        self.tensor = np.zeros(sum(size for _, size in layout), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in layout:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: RoundState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` (zeros while the cards are being dealt)."""
        deal = state.deal
        if deal is None:
            self.tensor.fill(0.0)
        elif self.recall:
            self.tensor[:] = self._vector(deal, player, state.passed)
        else:  # written in place, as the adapters' observations are (the encoding's observation_into)
            self.tensor.fill(0.0)
            self._into(deal, player, state.passed, self.tensor)

    def string_from(self, state: RoundState, player: int) -> str:
        """``player``'s information-state string, or its short observation string."""
        deal = state.deal
        t = self.table
        if deal is None:
            return f"{t.game} seat P{player + 1}: dealing, {len(state.drawn)} of {len(t.places)} cards out"
        return self._string(deal, player, state.passed)
