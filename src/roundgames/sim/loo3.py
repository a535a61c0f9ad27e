"""Three-card Loo's batch player (:data:`KERNEL`): many regular deals in one compiled loop
(:mod:`._loo3_kernel`), and its players as bots (:class:`RandomTwin`, :class:`SensibleTwin`,
:class:`StrategyTwin`) that play the checked engine the same way, action for action.

A run is **regular deals only** (RULES.md §3.5-3.8 with §14): the dealer stakes D (and under ``ante: all`` every
other seat its ante), three cards each and a miss, a turn-up for trumps, the declarations with the dealer's cases
(LOO-DECL-7 all throw up: he takes the pool; LOO-DECL-8 one stander: he defends the miss for the pool, takes the
miss, stands, or under ``dealer_lone_stander: may_concede`` gives up the stakes; LOO-DECL-9 one on the miss: he
stands or throws up), the three tricks (LOO-PLAY-1..7) and the settlement (LOO-SET-1..4). Peel's single and
Enquire Within's single are not simulated: the ``single`` option only says what follows a deal without a loo, and
the ``pool`` column says what the next deal's pool holds, whatever its kind.

Dealing. Deal ``i`` of a chunk shuffles the pack (the cards ``0..51`` in ascending order, less any given cards) with
its CARDS stream (:func:`.streams.shuffled`: a Fisher-Yates shuffle stopped after the places needed); pack
position ``r * (players + 1) + s`` goes to seat ``s`` in round ``r`` (``s = players``: the miss, dealt right after
the dealer's card, LOO-DEAL-4) and position ``3 * (players + 1)`` is the turn-up (LOO-DEAL-5). A given hand (the
hero's) or turn-up takes its slots, which are skipped: the other slots take the shuffled places in order.

The players (policies); each decision by a seat is one action, and every action counts as a state, as every card
dealt does (OpenSpiel's count):

- ``random``: uniform over the legal actions in a canonical order (declarations stand, throw, miss, defend; cards
  ascending), one ``below(k)`` draw from the deal's CHOICES stream per decision with ``k > 1`` legal actions, and
  no draw for a forced one.
- ``sensible``: deterministic, after Peel's hints, the method's bias in a study. Declaring, it is the bot
  ``sensible`` (:class:`roundgames.bots.loo.SensibleLooBot`), choice for choice: it estimates its chance of a
  trick and the tricks it expects against the players likely to stand (those in before it and a share of those
  to come), stands when a trick's share of the pool outweighs the loo it risks, values the miss as an average
  unseen hand, asking more of it from the first to declare and for each player already in ("nor [should] the miss
  be taken after two players have declared to play"), and throws up when nothing pays; the dealer against a lone
  stander (LOO-DECL-8) stands or takes the miss where either pays and otherwise defends the miss for the pool (it
  cannot cost him), never conceding; against a lone miss (LOO-DECL-9) he plays one unseen hand and stands where
  that pays. The kernel computes the bot's own estimates (:mod:`._loo_sensible_kernel`), to the last bit.
  Playing, it follows compact fixed rules of its own, not the bot's: the leader leads his highest trump if he
  may, else his highest card (of the highest rank, the highest suit number); a follower who can win the trick
  heads it as cheaply as he can if he plays last, else with his cheapest card that no unseen card of its suit
  beats, else with his most valuable winning card; one who cannot win throws his least valuable card (value: the
  rank, trumps above plain cards; of equals the lowest card number).
- ``strategy``: declares by the computed strategy the package ships for the setup's rules and table
  (:func:`roundgames.bots.strategy.shipped`, the expert's; a setup none fits is refused), at the pool bucket of the
  deals' pool: its cell is the hand's bucket (:mod:`roundgames.bots.buckets`), the seat, how many stood before it
  and whether the miss is taken, as :class:`~roundgames.sim.strategy.loo3.Loo3Game` keys it. Where the row mixes it
  draws once from the deal's CHOICES stream, ``next % 12,252,240`` against the open declarations' weights (out of
  255, each 48,048 points) in code order; a pure row draws nothing. Where the strategy has no row for the cell (a
  hand or a history its computation never met) it declares as ``sensible``; it plays its cards as ``sensible``.
- hero actions (``setup.hero``, ``setup.hero_action``): ``stand``, ``throw``, ``miss`` (take the miss),
  ``defend`` (the dealer plays the miss for the pool, LOO-DECL-8): the hero's declaration when it is legal at his
  turn (``hero_forced``), else his seat's policy declares; he plays by his seat's policy.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np

from ..bots import play_deal
from ..bots.loo import SensibleLooBot
from ..cardbits import beats
from ..core.cards import cards_in
from ..core.errors import RulesError
from ..games.protocol import Deal, Stage, View
from ..games.registry import new_deal, rules_for
from ..loo.rules import LooRules
from ..loo.words import LooView
from . import _loo3_kernel as K
from ._loo_sensible_kernel import tables as sensible_tables
from .kernels import MAX_POOL, Setup
from .streams import CHOICES, Stream, deal_stream

if TYPE_CHECKING:
    from ..bots.strategy import Strategy

__all__ = ["KERNEL", "Loo3Kernel", "RandomTwin", "SensibleTwin", "StrategyTwin", "engine_deal", "replay", "twins"]

#: the most seats a deal with a miss can have: 3n + 3 + 1 <= 52 (LOO-GEN-1)
MAX_PLAYERS: Final = 16
#: each declaration's code in the ``decl`` column and the random player's canonical order
DECL_CODES: Final = {"stand": K.STAND, "throw": K.THROW, "miss": K.MISS, "defend": K.DEFEND}
POLICY_CODES: Final = {"random": K.RANDOM, "sensible": K.SENSIBLE, "strategy": K.STRATEGY}
#: options that do not change a regular deal played by the rules: the laws of irregularities (the players never
#: offend), what follows a deal without a loo, the first dealer, and Five-card and Irish Loo's own
NO_EFFECT: Final = frozenset(
    {
        "single",
        "revoke_replay",
        "penalty_scale",
        "look_penalty_pool",
        "offender_double_loo",
        "first_dealer",
        "pam",
        "pam_free",
        "flush_pay",
        "flush_tie",
        "irish_flush",
    }
)
PLAYED: Final = frozenset(
    {"loo_mode", "loo_cap", "ante", "lead_rule", "second_lead", "leader", "dealer_lone_stander"}
    | {"defender_looed", "club_law", "form", "pack", "dealer_stands_out_above"}
)
STAKES: Final = ("deal", "loo", "single", "ante")
FULL: Final = (1 << 52) - 1


class Loo3Kernel:
    """Three-card Loo's regular deal, compiled (see the module)."""

    game = "loo"
    form = "three_card"
    columns: Mapping[str, str] = {
        "hands": "(n, players) int64: the cards dealt to each seat (masks)",
        "miss": "(n,) int64: the miss as dealt (a mask)",
        "turnup": "(n,) int8: the card turned up for trumps",
        "decl": "(n, players) int8: each seat's declaration: 1 stand, 2 throw up, 3 take the miss, 4 the dealer "
        "defends the miss for the pool (LOO-DECL-8), 5 the dealer takes the pool without play (LOO-DECL-7: every "
        "other seat threw up); 2 by the dealer with one seat in gives that seat the pool (LOO-DECL-9, or conceding "
        "under may_concede); 0 never declared",
        "looed": "(n, players) bool: the seats that paid a loo in the deal's settlement (LOO-SET-3): who stood on "
        "his own hand or on the miss and took no trick, and under defender_looed the dealer who defended the miss "
        "and took none; never the dealer defending the miss by default (LOO-DECL-8 [I]), nor anyone in a deal whose "
        "pool was taken without play (LOO-DECL-7, -9, or a dealer conceding under may_concede)",
        "hero_forced": "(n,) bool, when a hero is set: the hero's declaration was his hero action",
    }
    policies: Mapping[str, str] = {
        "random": "uniform over the legal actions, one draw from the deal's choices stream per real choice",
        "sensible": "declares as the bot sensible does (Peel's hints: stand, take the miss or defend when a "
        "trick's share of the pool outweighs the loo risked, by its estimate of the hand); plays by fixed rules: "
        "lead the highest, head cheaply, else throw the lowest",
        "strategy": "declares by the computed strategy the package ships for the rules and table (the expert's), "
        "drawing from the deal's choices stream where it mixes, as sensible where it has no row for the situation; "
        "plays its cards as sensible; a setup no shipped strategy fits is refused",
    }
    hero_actions: Mapping[str, str] = {
        "stand": "the hero stands on his own cards",
        "throw": "the hero throws up (the dealer facing a lone stander: only under may_concede)",
        "miss": "the hero takes the miss (while it is untaken)",
        "defend": "the hero, dealer facing a lone stander, plays the miss for the pool (LOO-DECL-8)",
    }

    def check(self, setup: Setup) -> None:
        """Raise :class:`RulesError` naming the field, the value and the rule for a setup this kernel cannot play."""
        if setup.form != self.form:
            raise RulesError(f"form: this kernel plays three_card, not {setup.form!r}")
        p = setup.players
        if not isinstance(p, int) or not 3 <= p <= MAX_PLAYERS:
            raise RulesError(
                f"players: Three-card Loo takes 3 to {MAX_PLAYERS} players with a miss, got {p!r} (LOO-GEN-1)"
            )
        rules_of(setup)
        if len(setup.policies) != p:
            raise RulesError(f"policies: one per seat, {p} seats, got {len(setup.policies)}")
        for name in setup.policies:
            if name not in self.policies:
                raise RulesError(f"policies: unknown player {name!r} (valid: {', '.join(self.policies)})")
        if not isinstance(setup.pool, int) or not 0 <= setup.pool <= MAX_POOL:
            raise RulesError(
                f"pool: the pool before the dealer's stake is a count of counters from 0 to {MAX_POOL:,}, "
                f"got {setup.pool!r}"
            )
        if "strategy" in setup.policies:
            strategy_of(setup)
        if setup.hero is None:
            if setup.hero_action is not None:
                raise RulesError(f"hero_action: {setup.hero_action!r} needs a hero seat")
            return
        if not isinstance(setup.hero, int) or not 0 <= setup.hero < p:
            raise RulesError(f"hero: a seat from 0 to {p - 1}, got {setup.hero!r}")
        if setup.hero_action is not None and setup.hero_action not in self.hero_actions:
            valid = ", ".join(self.hero_actions)
            raise RulesError(f"hero_action: unknown action {setup.hero_action!r} (valid: {valid})")

    def run(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Play deals ``0 .. n-1`` of the chunk seeded ``seed``; ``given``: ``hand`` (n,) int64, the hero's three
        cards as a mask (0: dealt from the stream), and ``turnup`` (n,) int64 (-1: dealt from the stream)."""
        return self._play(setup, seed, n, given, trace=False)

    def trace(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """:meth:`run`'s columns and each deal's actions: ``actions`` (n, 4 * players) int16, in order, a card
        0..51 or a declaration 52 stand, 53 throw, 54 miss, 55 defend, -1 after the last; ``actors`` the same
        shape, int8, the seat of each; ``winners`` (n, 3) int8, the seat that won each trick (-1: not played)."""
        return self._play(setup, seed, n, given, trace=True)

    def _play(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None, trace: bool) -> dict[str, Any]:
        self.check(setup)
        if not isinstance(n, int | np.integer) or n < 0:
            raise RulesError(f"n: the number of deals is a count, got {n!r}")
        if not isinstance(seed, int | np.integer) or not 0 <= seed < 1 << 64:
            raise RulesError(f"seed: a chunk's seed is an integer from 0 to 2**64 - 1, got {seed!r}")
        p = setup.players
        hand, turnup = given_cards(setup, n, given)
        width = 4 * p if trace else 1
        out: dict[str, Any] = {
            "net": np.zeros((n, p), np.int32),
            "tricks": np.zeros((n, p), np.int8),
            "pool": np.zeros(n, np.int32),
            "states": np.zeros(n, np.int32),
            "hands": np.zeros((n, p), np.int64),
            "miss": np.zeros(n, np.int64),
            "turnup": np.zeros(n, np.int8),
            "decl": np.zeros((n, p), np.int8),
            "looed": np.zeros((n, p), np.bool_),
            "hero_forced": np.zeros(n, np.bool_),
            "actions": np.full((n if trace else 1, width), -1, np.int16),
            "actors": np.full((n if trace else 1, width), -1, np.int8),
            "winners": np.full((n if trace else 1, 3), -1, np.int8),
        }
        hero = -1 if setup.hero is None else setup.hero
        act = DECL_CODES.get(setup.hero_action or "", -1)
        pol = np.array([POLICY_CODES[name] for name in setup.policies], np.int64)
        lookup, table = strategy_arrays(setup)
        K.play_batch(
            np.uint64(seed), int(n), p, pol, params_of(rules_of(setup)), setup.pool, hero, act, hand, turnup,
            out["net"], out["tricks"], out["pool"], out["states"], out["hands"], out["miss"], out["turnup"],
            out["decl"], out["looed"], out["hero_forced"], trace, out["actions"], out["actors"], out["winners"],
            sensible_tables(), lookup, table,
        )  # fmt: skip
        if setup.hero is None:
            del out["hero_forced"]
        if not trace:
            for key in ("actions", "actors", "winners"):
                del out[key]
        return out


def rules_of(setup: Setup) -> LooRules:
    """The engine's rules for ``setup.options`` (the Peel preset, DEAL-RECORD.md's option names, ``stakes`` as
    a mapping of ``deal``, ``loo``, ``single``, ``ante``); RulesError for an option or value unknown, or one this
    kernel does not play."""
    options = dict(setup.options)
    stakes = options.pop("stakes", None) or {}
    if not isinstance(stakes, Mapping):
        raise RulesError(f"option stakes: a mapping of {', '.join(STAKES)}, got {stakes!r}")
    rules: LooRules = rules_for("loo", "peel", options)
    engine = "the checked engine plays it (roundgames play, or the records)"
    for key in options:
        if key not in NO_EFFECT | PLAYED:
            raise RulesError(f"option {key}: {options[key]!r} is not simulated; {engine}")
    for key, value in stakes.items():
        if key not in STAKES:
            raise RulesError(f"option stakes: unknown stake {key!r} (valid: {', '.join(STAKES)}) (LOO-STK-1)")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RulesError(f"option stakes.{key}: a count of counters, got {value!r} (LOO-STK-1)")
    rules = rules.with_stakes(**stakes)
    if rules.form != "three_card":
        raise RulesError(f"option form: {rules.form!r} is not this kernel's (three_card); {engine}")
    if rules.pack != 52:
        raise RulesError(f"option pack: {rules.pack} is not simulated, only 52 (LOO-VAR-32); {engine}")
    out = rules.dealer_stands_out_above
    if out is not None and setup.players > out:
        raise RulesError(
            f"option dealer_stands_out_above: {out} is not simulated with {setup.players} players "
            f"(LOO-VAR-DEALER-STANDS-OUT); {engine}"
        )
    return rules


def strategy_of(setup: Setup) -> Strategy:
    """The shipped strategy the ``strategy`` seats of ``setup`` declare by (read once a process); a RulesError
    naming the policy, the table size and the rules where none fits."""
    from .strategy.fields import fitting

    return fitting("loo", "three_card", setup.players, rules_of(setup), setup.options, "Three-card Loo")


def table_pool(setup: Setup) -> int:
    """The pool every deal of ``setup`` starts with once staked (the dealer's stake, and every other seat's ante
    under ``ante: all``), as a seat's view shows it: it picks the strategy's pool table."""
    rules = rules_of(setup)
    ante = rules.stakes.ante * (setup.players - 1) if rules.ante == "all" else 0
    return setup.pool + rules.stakes.deal + ante


def strategy_arrays(setup: Setup) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The buckets' lookup and the strategy's table (its pool bucket's) that the kernel's ``strategy`` seats read;
    empty arrays when no seat plays ``strategy``."""
    if "strategy" not in setup.policies:
        return np.zeros(0, np.uint16), np.zeros((0, K.DECLS), np.uint8)
    from .strategy.buckets import loo_lookup
    from .strategy.fields import kernel_table

    contexts = setup.players * setup.players * 2
    return _lookup16(), kernel_table(strategy_of(setup), table_pool(setup), loo_lookup()[0], contexts, K.DECLS)


@functools.cache
def _lookup16() -> np.ndarray[Any, Any]:
    """:func:`.strategy.buckets.loo_lookup`'s index of each hand's bucket, in 16 bits (12,571 buckets; -1, a
    turn-up in the hand, never read): half the memory, which the kernel reads at random."""
    from .strategy.buckets import loo_lookup

    keys, lookup = loo_lookup()
    assert len(keys) < 1 << 16
    return lookup.astype(np.uint16)


def params_of(rules: LooRules) -> np.ndarray[Any, Any]:
    """The rules as the kernel's ``params`` array."""
    out = np.zeros(K.NPARAMS, np.int64)
    out[K.P_DEAL] = rules.stakes.deal
    out[K.P_LOO] = rules.stakes.loo
    out[K.P_ANTE] = rules.stakes.ante if rules.ante == "all" else 0
    out[K.P_MODE] = {"limited": K.LIMITED, "unlimited": K.UNLIMITED, "mixed": K.MIXED}[rules.loo_mode]
    out[K.P_CAP] = rules.loo_cap or 0
    out[K.P_CLUB] = rules.club_law
    out[K.P_LEAD] = {"highest": K.HIGHEST, "lead_one": K.LEAD_ONE, "cassell": K.CASSELL}[rules.lead_rule]
    out[K.P_SECOND] = rules.second_lead == "peel"
    out[K.P_MISS_LEADS] = rules.leader == "miss_holder"
    out[K.P_CONCEDE] = rules.dealer_lone_stander == "may_concede"
    out[K.P_DEF_LOOED] = rules.defender_looed
    return out


def given_cards(
    setup: Setup, n: int, given: Mapping[str, Any] | None
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """``given``'s hero hands and turn-ups, checked (empty arrays for none)."""
    if not given:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    unknown = set(given) - {"hand", "turnup"}
    if unknown:
        raise RulesError(f"given: unknown key {sorted(unknown)[0]!r} (valid: hand, turnup)")
    hand = np.asarray(given.get("hand", np.zeros(n, np.int64)), np.int64)
    turnup = np.asarray(given.get("turnup", np.full(n, -1, np.int64)), np.int64)
    for key, arr in (("hand", hand), ("turnup", turnup)):
        if arr.shape != (n,):
            raise RulesError(f"given.{key}: one value per deal, shape ({n},), got {arr.shape}")
    if np.any((hand < 0) | (hand > FULL)) or np.any((hand != 0) & (np.bitwise_count(hand) != 3)):
        raise RulesError("given.hand: each hand is a mask of three cards of the pack, or 0 (LOO-DEAL-4)")
    if np.any(hand != 0) and setup.hero is None:
        raise RulesError("given.hand: a given hand is the hero's, and the setup names no hero")
    if np.any((turnup < -1) | (turnup > 51)):
        raise RulesError("given.turnup: a card 0..51, or -1 to deal it (LOO-DEAL-5)")
    clash = (turnup >= 0) & ((hand >> np.maximum(turnup, 0)) & 1 == 1)
    if np.any(clash):
        raise RulesError(f"given.turnup: deal {int(np.argmax(clash))} turns up a card of the hero's hand")
    return hand, turnup


# -- the players as bots on the checked engine ---------------------------------------------------------------


class RandomTwin:
    """The ``random`` player as a bot: the kernel's canonical order and its draws from the deal's CHOICES stream
    (shared by every seat of the deal)."""

    name = "random"

    def __init__(self, stream: Stream) -> None:
        self.stream = stream

    def choose(self, view: View[Any]) -> Any:
        """One of ``view.legal``: the only one, or the ``below(k)``-th in the canonical order."""
        legal = sorted(view.legal, key=_order)
        if len(legal) == 1:
            return legal[0]
        return legal[self.stream.below(len(legal))]


def _order(action: Any) -> int:
    return DECL_CODES[action.verb] if action.verb in DECL_CODES else 60 + int(action.card)


class SensibleTwin:
    """The ``sensible`` player as a bot (its rules: the module's docstring); it draws nothing.

    It declares as the bot ``sensible`` does (:class:`~roundgames.bots.loo.SensibleLooBot`, asked with the view),
    and plays its cards by the kernel's own rules (``sensible_play``, asked with what the view shows: the hand, the
    turn-up and the tricks so far). So the engine checks that the kernel's compiled declaring is the bot's, deal
    for deal, that the kernel sees the same facts, offers the same legal actions and settles the same way."""

    name = "sensible"

    def __init__(self) -> None:
        self.bot = SensibleLooBot()

    def choose(self, view: View[Any]) -> Any:
        """The sensible action among ``view.legal``."""
        legal = sorted(view.legal, key=_order)
        if len(legal) == 1:
            return legal[0]
        if view.stage is Stage.BID:
            return self.bot.choose(view)
        card = _sensible_card(cast(LooView, view), sum(1 << int(a.card) for a in legal))
        return next(a for a in legal if a.card == card)


def _sensible_card(view: LooView, legal: int) -> int:
    """The kernel's :func:`~._loo3_kernel.sensible_play` on what ``view`` shows."""
    trump = view.turnup // 13
    played = 1 << view.turnup
    for trick in view.tricks:
        for c in trick.cards:
            played |= 1 << c
    current = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
    unseen = FULL & ~(played | view.hand)
    if current is None:
        return int(K.sensible_play(legal, view.hand, True, -1, False, trump, unseen))
    win = current.cards[0]
    for c in current.cards[1:]:
        if beats(c, win, trump):
            win = c
    last = len(current.cards) == len(view.players) - 1
    return int(K.sensible_play(legal, view.hand, False, win, last, trump, unseen))


class StrategyTwin:
    """The ``strategy`` player as a bot: declares by the shipped strategy's weights (out of 255) for its view's
    cell (:meth:`~roundgames.bots.strategy.Strategy.weights`, which keys the cell from the view as the bots do),
    drawing from the deal's CHOICES stream (shared by every seat of the deal) as the kernel draws, and as the
    :class:`SensibleTwin` where the strategy has no row for the cell; it plays its cards as the SensibleTwin."""

    name = "strategy"

    def __init__(self, stream: Stream, strategy: Strategy) -> None:
        self.stream = stream
        self.strategy = strategy
        self.sensible = SensibleTwin()

    def choose(self, view: View[Any]) -> Any:
        """The strategy's declaration at a choice to declare, else the sensible player's action."""
        legal = sorted(view.legal, key=_order)
        if len(legal) > 1 and view.stage is Stage.BID:
            weights = self.strategy.weights(view)
            if weights is not None and sum(weights.values()) == K.SCALE:
                verb = self._draw(weights)
                return next(a for a in legal if a.verb == verb)
        return self.sensible.choose(view)

    def _draw(self, weights: dict[str, int]) -> str:
        """The kernel's :func:`~._loo3_kernel.draw`: the certain declaration, else one ``next % TOTAL`` counted
        off against the weights in code order."""
        for verb, weight in weights.items():
            if weight == K.SCALE:
                return verb
        u = self.stream.next() % K.TOTAL
        order = sorted((DECL_CODES[v], v) for v, weight in weights.items() if weight > 0)
        for _, verb in order:
            u -= weights[verb] * K.PER_POINT
            if u < 0:
                return verb
        return order[-1][1]


class HeroTwin:
    """A seat's player with the hero's declaration fixed: that one when it is legal at his turn."""

    def __init__(self, player: Any, action: str) -> None:
        self.player = player
        self.name = player.name
        self.action = action
        #: whether the hero's declaration was his hero action (the ``hero_forced`` column)
        self.forced = False

    def choose(self, view: View[Any]) -> Any:
        """The hero action when legal while declaring, else the seat's player's choice."""
        if view.stage is Stage.BID:
            fixed = next((a for a in view.legal if a.verb == self.action), None)
            if fixed is not None:
                self.forced = True
                return fixed
        return self.player.choose(view)


def twins(setup: Setup, seed: int, i: int) -> dict[int, Any]:
    """The bots that play deal ``i`` of the chunk seeded ``seed`` as the kernel does, by seat (the dealer is
    seat ``players - 1``); the random and strategy ones share the deal's CHOICES stream."""
    stream = Stream(deal_stream(seed, i, CHOICES))
    bots: dict[int, Any] = {}
    for s, name in enumerate(setup.policies):
        if name == "strategy":
            bots[s] = StrategyTwin(stream, strategy_of(setup))
        else:
            bots[s] = RandomTwin(stream) if name == "random" else SensibleTwin()
        if s == setup.hero and setup.hero_action is not None:
            bots[s] = HeroTwin(bots[s], setup.hero_action)
    return bots


def engine_deal(setup: Setup, columns: Mapping[str, Any], i: int) -> Deal:
    """A new deal of the checked engine with deal ``i``'s cards from the kernel's ``columns``: the dealer in seat
    ``players - 1``, the pool ``setup.pool``; dealt, not yet played."""
    deal = new_deal(KERNEL.game, rules_of(setup), setup.players, dealer=setup.players - 1, pool=setup.pool)
    hands = {s: list(cards_in(int(columns["hands"][i, s]))) for s in range(setup.players)}
    deal.deal_cards(hands, miss=list(cards_in(int(columns["miss"][i]))), turnup=int(columns["turnup"][i]))
    return deal


def replay(setup: Setup, seed: int, i: int, columns: Mapping[str, Any]) -> tuple[Deal, dict[int, Any]]:
    """Deal ``i`` played on the checked engine (every action checked) by :func:`twins`, from the kernel's cards;
    the deal and the bots."""
    deal = engine_deal(setup, columns, i)
    bots = twins(setup, seed, i)
    play_deal(deal, bots)
    return deal, bots


KERNEL = Loo3Kernel()
