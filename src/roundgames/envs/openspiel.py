"""Loo and Nap as OpenSpiel games: importing this module registers ``python_loo`` and ``python_nap``.

>>> import pyspiel
>>> import roundgames.envs.openspiel
>>> game = pyspiel.load_game("python_nap", {"players": 4})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 359, 52)

A thin layer over the engine (:mod:`roundgames.loo`, :mod:`roundgames.nap`) and the shared
:mod:`.encoding`; no rule is written here. A game begins with one chance node per card dealt, in
the engine's dealing order, each uniform over the cards still in the pack; when the last card is
drawn the deal is made with ``deal_cards`` and the seats act in turn, the actions being the integers
of :mod:`.encoding` applied through the engine's checked ``apply``. ``returns()`` is the engine's
``net`` in counters once the deal is complete (0 before), so the games are general-sum: the pool or
kitty takes and gives money.

Parameters: ``players``, ``preset``, ``options`` (a JSON object of rule options, such as
``{"purchase": true}``; written back with ``;`` between items, which is also accepted, because an
OpenSpiel game string cannot hold a comma inside a value), ``dealer``; Loo adds ``pool`` and
``kind`` (regular, single, ew_single), Nap adds ``kitty`` and ``multiplier``.

Observations come from one observer (:meth:`make_py_observer`): the observation tensor is
:func:`.encoding.loo_observation` / :func:`.encoding.nap_observation`, the information-state tensor
``*_info_vector``, the information-state string ``*_info_state``, and the observation string a short
summary of the seat's view. While the cards are being dealt no seat has seen any: tensors are zero and
the strings say how many cards are out. :meth:`RoundState.resample_from_infostate` draws the cards a
seat has not seen (:mod:`.resample`) for information-set search.
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
from ..core.errors import RulesError
from ..loo.deal import Kind, LooAction, LooDeal, deal_order
from ..loo.rules import LooRules
from ..nap import NapDeal
from ..nap.calls import CALLS, option_problem, pay_table
from ..nap.deal import NapAction
from ..nap.rules import NapRules
from . import encoding as enc
from .resample import Place, deal_places, place_cards, resample

__all__ = [
    "LOO_GAME_TYPE",
    "NAP_GAME_TYPE",
    "LooGame",
    "NapGame",
    "RoundState",
    "loo_bounds",
    "nap_bounds",
    "resampler",
    "state_from_deal",
]

Deal = LooDeal | NapDeal

_LOO_PARAMS: dict[str, Any] = {
    "players": 5,
    "preset": "peel",
    "options": "{}",
    "dealer": 0,
    "pool": 0,
    "kind": "regular",
}
_NAP_PARAMS: dict[str, Any] = {
    "players": 4,
    "preset": "peel",
    "options": "{}",
    "dealer": 0,
    "kitty": 0,
    "multiplier": 1,
}


def _game_type(short: str, long: str, low: int, high: int, params: dict[str, Any]) -> Any:
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
        parameter_specification=params,
    )


#: Loo takes 3 to 12 seats (9 with a 32-card pack, LOO-GEN-1); Nap 2 to 6, or 7 (NAP-GEN-1)
LOO_GAME_TYPE = _game_type("python_loo", "Three-card Loo (roundgames)", 3, 12, _LOO_PARAMS)
NAP_GAME_TYPE = _game_type("python_nap", "Nap (roundgames)", 2, 7, _NAP_PARAMS)


# -- bounds -------------------------------------------------------------------------------------


def loo_bounds(rules: LooRules, players: int, pool: int, kind: Kind | str) -> tuple[int, int]:
    """The least and the most a seat can net in one Loo deal, in counters.

    Money comes into the deal's pool from the dealer's stake D and, with ``ante: all`` outside a single,
    an ante A from every other seat; the pool so made, ``pot = pool + D + (players - 1) A``, is all a seat
    can take (LOO-SET-1/2, LOO-DECL-7/9, LOO-SGL-2), less its own stake, at least ``min(D, A)`` (0 with
    no ante). A seat pays its stake (D or A) and at most one loo into the next pool: the loo L
    (limited), the whole pot (unlimited), ``min(pot, loo_cap)`` (mixed), or the single's forfeit S in
    Peel's single (LOO-STK-*, LOO-SET-3, LOO-SGL-4). So ``-(max(D, A) + loo) <= net <= pot - min(D, A)``.
    """
    kind = Kind(kind)
    s = rules.stakes
    ante = s.ante if rules.ante == "all" and kind is not Kind.SINGLE else 0
    pot = pool + s.deal + (players - 1) * ante
    loo = s.single if kind is Kind.SINGLE else rules.loo_amount(pot)
    return -(max(s.deal, ante) + loo), pot - min(s.deal, ante)


def nap_bounds(rules: NapRules, players: int, kitty: int, multiplier: int) -> tuple[int, int]:
    """The least and the most a seat can net in one Nap deal, in counters.

    The senior hand is paid, or pays, the table's units for his call by every other seat (§6.5,
    :func:`~roundgames.nap.pay_table`), times the unit and the multiplier, twice over when he fails
    with Sir Garnet's spare hand; an opponent pays or is paid one such share. With a kitty, a made Nap
    (or higher) takes the whole kitty (§14.14): the kitty brought in, the dealer's unit, a unit per peep
    (one each), a unit per card bought (five each at most, never more than the stock); and a seat pays
    into it at most the dealer's unit, a peep, five bought cards and Peel's two-trick fine for a failed
    spare hand. The calls counted are those the rules allow (misery, Wellington, Blücher, the lowest
    numbered call).
    """
    u, m = rules.stakes.unit, multiplier
    deal = NapDeal(rules, players)  # only for the seats that take part and the stock's size
    table = pay_table(rules)
    calls = [c for c in CALLS if option_problem(rules, c) is None]  # Blücher needs a Wellington before it
    calls = [c for c in calls if c != "blucher" or "wellington" in calls]
    won = max(table[c][0] for c in calls)
    lost = max(table[c][1] for c in calls) * (2 if rules.spare_hand == "sir_garnet" else 1)
    hands = len(deal.order)
    stock = 0
    if rules.purchase or rules.nap_top_card:
        stock = rules.pack - 5 * hands - (5 if rules.spare_hand != "off" else 0) - (1 if rules.peep else 0)
    bought = min(5 * hands, stock) if rules.purchase else 0
    kitty_in = (kitty + u + (hands * u if rules.peep else 0) + bought * u) if rules.has_kitty else 0
    pays_in = (
        (u if rules.has_kitty else 0)
        + (u if rules.peep else 0)
        + (min(5, stock) * u if rules.purchase else 0)
        + (2 * u if rules.spare_hand == "peel" else 0)
    )
    most = max((players - 1) * won * u * m + kitty_in, lost * u * m)
    least = -(max((players - 1) * lost, won) * u * m + pays_in)
    return least, most


# -- the table: rules, seats and the dealing order ------------------------------------------------


class _PackOrder(random.Random):
    """A "shuffle" that leaves the pack in card order, to read the engine's dealing order off a deal."""

    def shuffle(self, x: Any) -> None:
        return None


@dataclass(frozen=True, eq=False)
class _Table:
    """One game's table, shared by all its states (never copied)."""

    game: str
    rules: LooRules | NapRules
    n: int
    dealer: int
    pool: int
    kind: Kind
    multiplier: int
    #: the place each chance node deals to, in the engine's dealing order
    places: tuple[Place, ...]
    pack: tuple[Card, ...]
    observation_layout: tuple[tuple[str, int], ...]
    info_layout: tuple[tuple[str, int], ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self

    def new_deal(self) -> Deal:
        if self.game == "loo":
            assert isinstance(self.rules, LooRules)
            return LooDeal(self.rules, self.n, self.dealer, self.pool, self.kind)
        assert isinstance(self.rules, NapRules)
        return NapDeal(self.rules, self.n, self.dealer, self.pool, self.multiplier)

    def deal(self, drawn: Sequence[Card]) -> Deal:
        """The deal made with the cards drawn, in dealing order."""
        by_place: dict[Place, list[Card]] = {}
        for place, c in zip(self.places, drawn, strict=True):
            by_place.setdefault(place, []).append(c)
        return deal_places(self.new_deal(), by_place)

    def draws(self, deal: Deal, previous: Sequence[Card] = ()) -> list[Card]:
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


def _loo_table(params: dict[str, Any]) -> tuple[_Table, Any]:
    rules = LooRules.preset(str(params["preset"])).with_options(_options(str(params["options"])))
    enc.three_card_only(rules)
    n, kind = int(params["players"]), Kind(str(params["kind"]))
    template = LooDeal(rules, n, int(params["dealer"]), int(params["pool"]), kind)  # checks the parameters
    cards = pack(rules.pack)
    hands, miss, turnup = deal_order(list(range(len(cards))), template.order, kind=kind)
    where: dict[int, Place] = {i: ("hand", s) for s, got in hands.items() for i in got}
    where.update({i: ("miss", 0) for i in miss})
    where[turnup] = ("turnup", 0)
    places = tuple(where[i] for i in range(len(where)))
    low, high = loo_bounds(rules, n, template.ledger.start, kind)
    # Player actions: each seat dealt cards declares once, then plays at most three cards (LOO-DECL-1,
    # LOO-PLAY-9); Peel's single is settled on the deal.
    length = 0 if kind is Kind.SINGLE else 4 * len(template.order)
    info = pyspiel.GameInfo(
        num_distinct_actions=enc.LOO_ACTIONS,
        max_chance_outcomes=52,
        num_players=n,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None,
        max_game_length=length,
    )
    obs = _layout_names(enc.loo_layout(n))
    table = _Table(
        "loo",
        rules,
        n,
        template.dealer,
        template.ledger.start,
        kind,
        1,
        places,
        tuple(cards),
        obs,
        (*obs, ("dealt", 52), ("tricks", 3 * n * 52)),
    )
    return table, info


def _nap_table(params: dict[str, Any]) -> tuple[_Table, Any]:
    rules = NapRules.preset(str(params["preset"])).with_options(_options(str(params["options"])))
    n, multiplier = int(params["players"]), int(params["multiplier"])
    template = NapDeal(rules, n, int(params["dealer"]), int(params["kitty"]), multiplier)  # checks them
    template.deal(_PackOrder())  # the pack in card order, dealt: the place of card i is that of draw i
    cards = pack(rules.pack)
    position = {c: i for i, c in enumerate(cards)}
    where = {position[c]: place for place, got in place_cards(template).items() for c in got}
    places = tuple(where[i] for i in range(len(where)))
    low, high = nap_bounds(rules, n, template.ledger.start, multiplier)
    hands = len(template.order)
    # Player actions: a buy each (purchase), a call or pass each plus a peep each, a raise or pass for
    # each of the two challenges (Wellington, Blücher), the widow and the top card, five cards each.
    length = (
        hands * (1 if rules.purchase else 0)
        + hands * (2 if rules.peep else 1)
        + (2 if rules.nap_challenge else 0)
        + (1 if rules.peep else 0)
        + (1 if rules.nap_top_card else 0)
        + 5 * hands
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=enc.NAP_ACTIONS,
        max_chance_outcomes=52,
        num_players=n,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None,
        max_game_length=length,
    )
    obs = _layout_names(enc.nap_layout(n))
    table = _Table(
        "nap",
        rules,
        n,
        template.dealer,
        template.ledger.start,
        Kind.REGULAR,
        multiplier,
        places,
        tuple(cards),
        obs,
        (*obs, ("dealt", 52), ("tricks", 5 * n * 52)),
    )
    return table, info


# -- games and states ----------------------------------------------------------------------------


class _RoundGame(pyspiel.Game):  # type: ignore[misc]
    """What the two games share."""

    table: _Table

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
    """Three-card Loo, one deal: ``pyspiel.load_game("python_loo", {"players": 5})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = _params(_LOO_PARAMS, params)
        table, info = _loo_table(params)
        super().__init__(LOO_GAME_TYPE, info, params)
        self.table = table


class NapGame(_RoundGame):
    """Nap, one deal: ``pyspiel.load_game("python_nap", {"players": 4})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = _params(_NAP_PARAMS, params)
        table, info = _nap_table(params)
        super().__init__(NAP_GAME_TYPE, info, params)
        self.table = table


class _DealBox:
    """Holds a state's deal; OpenSpiel's clone deep-copies it with the engine's own :meth:`copy`."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal | None) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> _DealBox:
        return _DealBox(None if self.deal is None else self.deal.copy())

    def __reduce__(self) -> tuple[type[_DealBox], tuple[Deal | None]]:
        return _DealBox, (self.deal,)


def _action_id(deal: Deal, action: LooAction | NapAction) -> int:
    if isinstance(deal, LooDeal):
        assert isinstance(action, LooAction)
        return enc.loo_action_id(action)
    assert isinstance(action, NapAction)
    return enc.nap_action_id(deal, action)


def _generic_name(game: str, action: int) -> str:
    """An action's name without the state it was taken in (buy and spare ids depend on the hand)."""
    if 0 <= action < 52:
        return f"play {card_str(action)}"
    if game == "loo":
        return {52: "stand", 53: "throw", 54: "miss", 55: "defend"}.get(action, f"action {action}")
    if action == enc.NAP_PASS:
        return "pass"
    if enc.NAP_CALL <= action < enc.NAP_PEEP:
        return f"call {CALLS[action - enc.NAP_CALL]}"
    if action == enc.NAP_PEEP:
        return "peep"
    if action == enc.NAP_RAISE:
        return "raise"
    if enc.NAP_BUY <= action < enc.NAP_SPARE:
        return f"buy #{action - enc.NAP_BUY:05b}"
    if enc.NAP_SPARE <= action < enc.NAP_WIDOW:
        return f"spare #{action - enc.NAP_SPARE}"
    if enc.NAP_WIDOW <= action < enc.NAP_ACTIONS:
        verb, base = ("widow", enc.NAP_WIDOW) if action < enc.NAP_TOPCARD else ("topcard", enc.NAP_TOPCARD)
        position = action - base
        return f"{verb} discard #{position}" if position < 5 else f"{verb} discard it"
    return f"action {action}"


class RoundState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_loo`` or ``python_nap``: the cards drawn so far, then the engine's deal."""

    def __init__(self, game: _RoundGame) -> None:
        super().__init__(game)
        self._table = game.table
        self._drawn: list[Card] = []
        self._box = _DealBox(None)

    @property
    def deal(self) -> Deal | None:
        """The engine's deal (None while the cards are being dealt). Read it; act through ``apply_action``."""
        return self._box.deal

    @property
    def drawn(self) -> tuple[Card, ...]:
        """The cards dealt so far, in dealing order."""
        return tuple(self._drawn)

    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL once the deal is complete."""
        deal = self._box.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_complete:
            return int(pyspiel.PlayerId.TERMINAL)
        assert deal.to_act is not None
        return deal.to_act

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._box.deal
        if deal is None or deal.to_act != player:
            return []
        if isinstance(deal, LooDeal):
            return sorted(enc.loo_action_id(a) for a in deal.legal_actions())
        return sorted(enc.nap_action_id(deal, a) for a in deal.legal_actions())

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
            return
        if isinstance(deal, LooDeal):
            deal.apply(enc.loo_action(deal, action))
        else:
            deal.apply(enc.nap_action(deal, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_str(action)}"
        deal = self._box.deal
        if deal is not None and deal.to_act == player:
            if isinstance(deal, LooDeal):
                return deal.action_str(enc.loo_action(deal, action))
            return deal.action_str(enc.nap_action(deal, action))
        return f"P{player + 1} {_generic_name(self._table.game, action)}"

    def is_terminal(self) -> bool:
        """Whether the deal is complete and settled."""
        deal = self._box.deal
        return deal is not None and deal.is_complete

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
        actions = " ".join(deal.action_str(a) for a in deal.log)  # type: ignore[arg-type]
        return f"{heaps} | {actions}"

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
        return state_from_deal(game, resample(deal, player_id, rng), previous=self._drawn)


def _place_str(deal: Deal, place: Place, cards: list[Card]) -> str:
    name = deal.seats[place[1]] if place[0] == "hand" else place[0]
    if place[0] == "stock":
        return f"{name}{place[1]}={card_str(cards[0])}"
    return f"{name}=[{format_cards(cards)}]"


def state_from_deal(game: Any, deal: Deal, previous: Sequence[Card] = ()) -> RoundState:
    """The state of ``game`` whose cards are those of ``deal`` and whose actions are ``deal``'s log, reached
    through ``apply_action`` (so its history is valid); a card that stays where ``previous`` (an earlier
    dealing, in chance order) put it keeps its chance node. ``deal`` must be dealt, at the game's table."""
    table: _Table = game.table
    same = (deal.rules, deal.n, deal.dealer, deal.ledger.start) == (table.rules, table.n, table.dealer, table.pool)
    if isinstance(deal, LooDeal):
        same = same and deal.kind is table.kind and table.game == "loo"
    else:
        same = same and deal.multiplier == table.multiplier and table.game == "nap"
    if not same:
        raise ValueError(f"the deal is not one of this game's table ({game})")
    state: RoundState = game.new_initial_state()
    for c in table.draws(deal, previous):
        state.apply_action(c)
    for a in deal.log:
        now = state.deal
        assert now is not None
        state.apply_action(_action_id(now, a))
    assert state.deal is not None and place_cards(state.deal) == place_cards(deal) and state.deal.log == deal.log
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
        layout = table.info_layout if self.recall else table.observation_layout
        self.tensor = np.zeros(sum(size for _, size in layout), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in layout:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def _vector(self, deal: Deal, player: int) -> list[float]:
        if isinstance(deal, LooDeal):
            return enc.loo_info_vector(deal, player) if self.recall else enc.loo_observation(deal, player)
        return enc.nap_info_vector(deal, player) if self.recall else enc.nap_observation(deal, player)

    def set_from(self, state: RoundState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` (zeros while the cards are being dealt)."""
        deal = state.deal
        if deal is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._vector(deal, player)

    def string_from(self, state: RoundState, player: int) -> str:
        """``player``'s information-state string, or its short observation string."""
        deal = state.deal
        t = self.table
        if deal is None:
            return f"{t.game} seat P{player + 1}: dealing, {len(state.drawn)} of {len(t.places)} cards out"
        if self.recall:
            return enc.loo_info_state(deal, player) if isinstance(deal, LooDeal) else enc.nap_info_state(deal, player)
        return _loo_summary(deal, player) if isinstance(deal, LooDeal) else _nap_summary(deal, player)


def _trick_str(seats: Sequence[str], tricks: Sequence[Any]) -> str:
    now = [t for t in tricks if t.winner is None]
    if not now:
        return "-"
    return " ".join(f"{seats[s]}:{card_str(c)}" for s, c in zip(now[0].seats, now[0].cards, strict=True))


def _loo_summary(deal: LooDeal, seat: int) -> str:
    v = deal.view(seat)
    won = [0] * deal.n
    for t in v.tricks:
        if t.winner is not None:
            won[t.winner] += 1
    decls = " ".join(f"{deal.seats[s]}:{v.decls[s].name.lower()}" for s in deal.order)
    to_act = "-" if v.to_act is None else deal.seats[v.to_act]
    return (
        f"{deal.seats[seat]} hand=[{format_cards(v.hand)}] turnup={card_str(v.turnup)} pool={v.pool} "
        f"phase={v.phase.name.lower()} {decls} trick=[{_trick_str(deal.seats, v.tricks)}] "
        f"won={','.join(map(str, won))} to_act={to_act}"
    )


def _nap_summary(deal: NapDeal, seat: int) -> str:
    v = deal.view(seat)
    calls = " ".join(f"{deal.seats[s]}:{c}" for s, c in v.calls) or "-"
    contract = "-" if v.declarer is None else f"{deal.seats[v.declarer]}:{v.contract}"
    trump = "-" if v.trump is None else "SHDC"[v.trump]
    to_act = "-" if v.to_act is None else deal.seats[v.to_act]
    widow = "-" if v.widow is None else card_str(v.widow)
    return (
        f"{deal.seats[seat]} hand=[{format_cards(v.hand)}] widow={widow} phase={v.phase.name.lower()} "
        f"calls=[{calls}] contract={contract} trump={trump} trick=[{_trick_str(deal.seats, v.tricks)}] "
        f"won={deal.won} lost={deal.lost} kitty={v.kitty} to_act={to_act}"
    )


pyspiel.register_game(LOO_GAME_TYPE, LooGame)
pyspiel.register_game(NAP_GAME_TYPE, NapGame)
