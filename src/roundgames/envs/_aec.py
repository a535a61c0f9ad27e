"""The shared PettingZoo AEC machinery of :mod:`.loo_v0` and :mod:`.nap_v0`.

A thin layer: the engine (the game's deals and sittings, made through :mod:`roundgames.games.registry`)
decides everything: who acts, what is legal, what each seat may see and what it wins. The game's encoding
(:mod:`.encoding`, chosen through :mod:`.games`) turns actions into integers and views into vectors. This
module only moves between them and PettingZoo's conventions, the same for every game:

- agents ``player_0 .. player_{n-1}`` are the engine's seats ``0 .. n-1`` (``P1 .. Pn``);
- ``agent_selection`` is the engine's ``to_act``, except that where a game lets a seat act out of turn (none
  does now: Loo's flush, once offered so, is shown in its holder's turn, RULES.md §14.34) each seat offered it
  is selected first and answers, taking it or letting it go by (:mod:`._turns`); what nobody chooses (a flush)
  is applied as it comes.
  A seat with nothing to do (a dealer who sits out, a Loo player who threw up) is simply never selected;
  at the end every agent terminates;
- ``observe(agent)`` is ``{"observation": float32 vector of the encoding's layout, "action_mask": int8}``,
  the mask set only for the agent to act and equal to the engine's ``legal_actions()`` (for a seat offered
  an action out of turn, its ``side_actions`` and the encoding's ``DECLINE`` id); it is built for the
  agent asked only, when first asked between two actions, and the same arrays are returned until the next
  action (copy them to change them); each action makes new arrays, so an observation kept stays as it was;
- the reward is each seat's ``net`` in counters, given at the step that ends a deal (0 before);
- with ``table_mode=True`` the deals are in table mode (the laws apply, RULES.md §5, §8): the seat to act is
  also offered the irregular actions the laws cover in its turn, at most one a seat a deal (:mod:`._turns`),
  applied through the engine's checked ``apply``, which applies the law; the penalty is in the rewards;
- ``reset(seed=...)`` seeds the shuffle (and the dealer, unless ``dealer`` is given), so a seed
  replays the same deals; ``reset(options={"deal": deal})`` plays a deal already dealt instead (the
  environment plays on that object: pass ``deal.copy()`` to keep yours). Other option keys are ignored.

With ``sitting=True`` an episode is a sitting of ``deals`` deals (the game's sitting): dealer rotation,
the pool or kitty, Peel's single and the Double Header carry over, and each deal's net is rewarded as it
ends. After the last deal the engine's ``stop("divide")``
shares out what is left on the table (LOO-END-2, NAP-SET-3) and that share is added to the last
reward, so the rewards of a sitting sum to zero.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, ClassVar

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core.errors import IllegalActionError, RulesError
from ..games.protocol import Deal
from ..games.registry import new_sitting
from ._turns import IRREGULAR_LIMIT, PLAIN, apply_forced, turn
from ._wrappers import wrapped
from .games import EnvGame, env_game

__all__ = ["SCALAR_FIELDS", "RoundGameEnv", "make_rules", "wrapped"]

#: fields of the encoding's layouts that hold counts rather than 0/1 flags: unbounded above
SCALAR_FIELDS = ("pool:", "kitty:", "multiplier:", "stock:")
_FLOAT32_MAX = float(np.finfo(np.float32).max)
#: what an id that is not legal finds among the legal ones (None is an offer let go by)
_NOT_LEGAL = object()


def make_rules(game: str, preset: str, options: Mapping[str, object] | None, stakes: Mapping[str, int] | None) -> Any:
    """The rules of game ``game``'s ``preset`` with ``options`` and ``stakes``; the engine refuses what is
    unknown."""
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(f"options: expected a mapping of option names to values, got {options!r}")
    rules: Any = env_game(game).spec.rules.preset(preset).with_options(dict(options or {}))
    if stakes:
        valid = {f.name for f in fields(rules.stakes)}
        unknown = sorted(set(stakes) - valid)
        if unknown:
            raise RulesError(f"unknown {game} stakes {unknown} (valid: {', '.join(sorted(valid))})")
        rules = rules.with_stakes(**stakes)
    return rules


class RoundGameEnv(AECEnv):  # type: ignore[misc]
    """One deal (or one sitting) of a round game as a PettingZoo AEC environment.

    Everything particular to a game comes from its encoding and deals modules (:mod:`.games`, by :attr:`GAME`)
    and the engine; a subclass names the game, takes its configuration and writes its lines of the table.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "roundgame",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    #: the game's name in the registry
    GAME: ClassVar[str]
    #: the size of the fixed integer action space (the game's encoding under the environment's rules; on the
    #: class, under the game's first preset's)
    NUM_ACTIONS: int

    #: the game's spec, encoding and deals, on the class (an instance holds no module, so that it copies and
    #: pickles)
    _KIT: ClassVar[EnvGame]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "GAME" in cls.__dict__:
            cls._KIT = env_game(cls.GAME)
            cls.NUM_ACTIONS = cls._KIT.encoding.action_count(None)

    def __init__(
        self,
        players: int,
        *,
        rules: Any,
        more: Mapping[str, Any] | None = None,
        sitting: bool = False,
        deals: int = 10,
        dealer: int | None = None,
        pool: int = 0,
        table_mode: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.kit.encoding.check(rules)  # rules the encoding does not know are refused by name
        if not isinstance(table_mode, bool):
            raise ValueError(f"table_mode: True (the laws apply, RULES.md §5, §8) or False, got {table_mode!r}")
        #: whether the laws apply: the seat to act may also take the irregular actions they cover (:mod:`._turns`)
        self.table_mode = table_mode
        self.rules = rules
        self.NUM_ACTIONS = self.kit.encoding.action_count(rules, table_mode)
        #: the game's own arguments of a deal in one-deal mode (Loo's ``kind``)
        self.more = dict(more or {})
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players: a number of seats, got {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']} or None")
        if sitting and (isinstance(deals, bool) or not isinstance(deals, int) or deals < 1):
            raise ValueError(f"deals: a sitting plays at least one deal, got {deals!r}")
        if dealer is not None and not (isinstance(dealer, int) and 0 <= dealer < players):
            raise ValueError(f"dealer: a seat index 0..{players - 1} or None, got {dealer!r}")
        self.n = players
        self.sitting_mode = sitting
        self.deals = deals
        self.dealer = dealer
        self.pool = pool
        self.render_mode = render_mode
        self._deal_of(0)  # the engine refuses a bad seat count, pool or option here, with its message
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.NUM_ACTIONS) for a in self.possible_agents}
        self.np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self.deal: Any = None
        self.sitting: Any = None
        self.deals_done = 0
        self._legal: dict[int, Any] = {}
        #: the seats that have let an offer to act out of turn go by since the deal's last action
        self.passed: tuple[int, ...] = ()
        self._offer = False
        self._balances: dict[str, int] = {}
        self._pending: dict[str, float] = {}
        #: whether ``rewards`` holds anything to accumulate (a deal ended), and ``_pending`` will
        self._paid = self._pending_paid = False
        #: the encoding's writer of observation vectors (a function: the environment still copies and pickles)
        self._into = self._KIT.encoding.observation_into
        #: whether the rules may offer actions out of turn or force some (else no step asks)
        self._offers = self._KIT.encoding.offers(rules)
        self._size = self.observation_spaces[self.possible_agents[0]]["observation"].shape[0]
        #: the observations built since the last action, by agent: each is built when first asked for
        self._seen: dict[str, dict[str, np.ndarray]] = {}

    @property
    def kit(self) -> EnvGame:
        """The game's spec, encoding and deals (the class's, so that the environment copies and pickles)."""
        return self._KIT

    def _observation_space(self) -> Any:
        layout = self.layout()
        size = sum(width for _, width in layout)
        high = np.ones(size, dtype=np.float32)
        at = 0
        for name, width in layout:
            if name.startswith(SCALAR_FIELDS):
                high[at : at + width] = _FLOAT32_MAX
            at += width
        return spaces.Dict(
            {
                "observation": spaces.Box(low=np.zeros(size, np.float32), high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.NUM_ACTIONS,), dtype=np.int8),
            }
        )

    # -- the game, through its encoding and the registry -------------------------------------

    def layout(self) -> list[tuple[str, int]]:
        """The fields of the observation vector (the encoding's layout for this table)."""
        return self.kit.encoding.layout(self.n, self.rules)

    def _deal_of(self, dealer: int) -> Any:
        """An undealt deal of one-deal mode."""
        deal = self.kit.spec.deal(self.rules, self.n, dealer, self.pool, **self.more)
        deal.table_mode = self.table_mode
        return deal

    def _new_deal(self, dealer: int, rng: random.Random) -> Any:
        """A dealt deal of one-deal mode."""
        deal = self._deal_of(dealer)
        deal.deal(rng)
        return deal

    def _new_sitting(self, seed: int, dealer: str | None) -> Any:
        """A sitting of sitting mode. ``rounds=deals``: a game with rounds (LOO-END-1) cannot end the sitting
        before ``deals`` deals, after which it is stopped."""
        return new_sitting(
            self.GAME, self.rules, self.n, seed=seed, rounds=self.deals, dealer=dealer, table_mode=self.table_mode
        )

    def encode(self, deal: Any, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (the encoding), the offers let go by included, as float32."""
        out = np.zeros(self._size, np.float32)
        self._KIT.encoding.observation_into(deal, seat, self.passed, out)
        return out

    def action_id(self, deal: Any, action: Any) -> int:
        """The integer of an engine action (the encoding)."""
        return self.kit.encoding.action_id(deal, action)

    def action_of(self, deal: Any, action_id: int) -> Any:
        """The engine action of an integer for the agent selected (the encoding)."""
        seat = self._index.get(self.agent_selection)
        return self.kit.encoding.action(deal, action_id, seat)

    def _table_lines(self, deal: Any) -> list[str]:
        """The game-specific lines of :meth:`render` (each game's module writes them)."""
        raise NotImplementedError

    # -- PettingZoo API ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.deals_done = 0
        self.passed = ()
        self._seen = {}
        given = (options or {}).get("deal")
        if given is not None:
            self.sitting = None
            self.deal = self._check_given(given)
        elif self.sitting_mode:
            names = [f"P{i + 1}" for i in range(self.n)]
            self.sitting = self._new_sitting(game_seed, None if self.dealer is None else names[self.dealer])
            self._balances = dict(self.sitting.balances)
            self.deal = self.sitting.start_deal()
        else:
            rng = random.Random(game_seed)
            dealer = rng.randrange(self.n) if self.dealer is None else self.dealer
            self.sitting = None
            self.deal = self._new_deal(dealer, rng)
        self.agent_selection = self.agents[0]
        self._advance()
        # A deal settled as it is dealt (Peel's single opening a Loo sitting) is rewarded with the first
        # step: PettingZoo expects no reward before the first action.
        self._pending, self._pending_paid = self.rewards, True
        self.rewards = dict.fromkeys(self.agents, 0.0)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.deal is not None, "call reset() first"
        # Built for the agent asked only, once between two actions: a policy that reads ``last()`` and then
        # ``observe()`` again, or every agent's view, pays once for each.
        seen = self._seen.get(agent)
        if seen is None:
            mask = np.zeros(self.NUM_ACTIONS, np.int8)
            if agent == self.agent_selection and self._legal:
                mask.put(list(self._legal), 1)
            out = np.zeros(self._size, np.float32)
            self._into(self.deal, self._index[agent], self.passed, out)
            seen = self._seen[agent] = {"observation": out, "action_mask": mask}
        return seen

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        assert deal is not None
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent that is done")
        action_id = action if type(action) is int else int(action)
        chosen = self._legal.get(action_id, _NOT_LEGAL)
        if chosen is _NOT_LEGAL:
            self._refuse(deal, action_id)
        if chosen is PLAIN:  # legal (the encoding read it from the deal's state): the engine's action made now
            chosen = self._KIT.encoding.plain_action(self._index[agent], action_id)
        self._seen = {}
        self._cumulative_rewards[agent] = 0.0
        self.rewards, self._pending = self._pending, dict.fromkeys(self.agents, 0.0)
        self._paid, self._pending_paid = self._pending_paid, False
        if chosen is None:  # the offer to act out of turn is let go by: the engine records nothing
            self.passed = (*self.passed, self._index[agent])
        else:
            if self.table_mode:  # proper or irregular: the engine's apply applies the law that covers it
                deal.apply(chosen)
            else:
                deal.apply_unchecked(chosen)  # it is one of the engine's own legal (or side) actions
            self.passed = ()
        self._advance()
        if self._paid:  # nothing to add before a deal ends
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- the engine behind it ----------------------------------------------------------------

    def _check_given(self, deal: Any) -> Any:
        """A deal passed as ``reset(options={"deal": deal})``: dealt, of this game and this table size."""
        if self.sitting_mode:
            raise ValueError("options['deal']: a given deal is played in one-deal mode only (sitting=False)")
        if not isinstance(deal, Deal) or deal.game is not self.kit.spec or deal.n != self.n:
            raise ValueError(f"options['deal']: a dealt {self.kit.spec.title} deal of {self.n} seats, got {deal!r}")
        if bool(deal.table_mode) != self.table_mode:
            mode = "table" if self.table_mode else "strict"
            raise ValueError(
                f"options['deal']: this environment plays in {mode} mode; set the deal's table_mode to match"
            )
        if deal.to_act is None and not deal.is_complete:
            raise ValueError("options['deal']: the deal has not been dealt yet (call deal() or deal_cards())")
        return deal

    def legal_action_ids(self) -> list[int]:
        """The integers of the engine's legal actions for the agent to act (empty when done); in table mode the
        irregular actions it is offered too."""
        return sorted(self._legal)

    def legal_items(self) -> list[tuple[int, Any]]:
        """Each legal id of the agent to act with its engine action (None for letting an offer go by)."""
        seat = self._index[self.agent_selection]
        plain = self._KIT.encoding.plain_action
        return [(i, plain(seat, i) if a is PLAIN else a) for i, a in self._legal.items()]

    def _refuse(self, deal: Any, action_id: int) -> None:
        """Raise the engine's error for an action that is not among its legal actions."""
        if not 0 <= action_id < self.NUM_ACTIONS:
            raise ValueError(f"action {action_id} is outside the action space 0..{self.NUM_ACTIONS - 1}")
        deal.verify(self.action_of(deal, action_id))  # raises IllegalActionError naming the rule
        if self._offer:  # legal in the seat's own turn, which has not come: the others are offered first
            raise IllegalActionError(
                f"action {action_id}: {self.agent_selection} is offered what it may do out of turn; take it or let "
                f"it go by (action {self.kit.encoding.DECLINE})",
                "ENV",
            )
        if self.table_mode:  # a law covers it, but the seat has broken as many laws as a deal allows
            raise IllegalActionError(
                f"action {action_id} is not among the legal actions: in table mode a seat takes at most "
                f"{IRREGULAR_LIMIT} irregular action(s) a deal",
                "ENV",
            )
        raise IllegalActionError(f"action {action_id} is not among the legal actions", "ENV")

    def _advance(self) -> None:
        """Point ``agent_selection`` at the engine's seat to act; settle finished deals (and sittings)."""
        deal = self.deal
        assert deal is not None
        if self._offers:
            apply_forced(self._KIT, deal)
        while deal.is_complete:
            if self.sitting is None:
                for i, amount in enumerate(deal.net):
                    self.rewards[self.possible_agents[i]] += float(amount)
                self._paid = True
                self._terminate()
                return
            self.sitting.end_deal()
            self.deals_done += 1
            finished = self.deals_done >= self.deals or self.sitting.is_over
            if finished and not self.sitting.is_over:
                self.sitting.stop("divide")  # what is left on the table is shared out (LOO-END-2, NAP-SET-3)
            self._reward_balances(self.sitting)
            if finished:
                self._terminate()
                return
            self.deal = deal = self.sitting.start_deal()
            self.passed = ()
            apply_forced(self.kit, deal)
        if not (self._offers or self.table_mode):  # turn()'s answer for a plain turn, said at once
            plain = self._KIT.encoding.plain_ids(deal)
            if plain is not None:
                self._legal, self._offer = dict.fromkeys(plain, PLAIN), False
                self.agent_selection = self.possible_agents[deal.to_act]
                return
        now = turn(self._KIT, deal, self.passed, self.table_mode, self._offers)
        assert now is not None
        self._legal, self._offer = now.legal, now.offer
        self.agent_selection = self.possible_agents[now.seat]

    def _reward_balances(self, sitting: Any) -> None:
        for i, agent in enumerate(self.possible_agents):
            name = f"P{i + 1}"
            self.rewards[agent] += float(sitting.balances[name] - self._balances[name])
        self._paid = True
        self._balances = dict(sitting.balances)

    def _terminate(self) -> None:
        self._legal, self._offer = {}, False
        self.terminations = dict.fromkeys(self.agents, True)
        self._deads_step_first()

    # -- text --------------------------------------------------------------------------------

    def table_text(self) -> str:
        """The table as text: the public state, and the hand of the agent to act only."""
        deal = self.deal
        if deal is None:
            return f"{self.metadata['name']}: not reset yet"
        head = f"{self.metadata['name']} · {self.n} players · dealer {self.possible_agents[deal.dealer]}"
        if self.sitting_mode:
            head += f" · deal {min(self.deals_done + 1, self.deals)} of {self.deals}"
        lines = [head, *self._table_lines(deal)]
        if deal.is_complete:
            lines.append(
                "net: " + ", ".join(f"{a} {v:+d}" for a, v in zip(self.possible_agents, deal.net, strict=True))
            )
        if self.sitting is not None:
            lines.append(
                "balances: "
                + ", ".join(f"{a} {self.sitting.balances[f'P{i + 1}']:+d}" for i, a in enumerate(self.possible_agents))
            )
        return "\n".join(lines)

    def _names(self, seats: Sequence[int]) -> str:
        return " ".join(self.possible_agents[s] for s in seats)

    @staticmethod
    def _options_text(options: Mapping[str, object]) -> str:
        return " ".join(f"{k}={v}" for k, v in options.items()) or "-"
