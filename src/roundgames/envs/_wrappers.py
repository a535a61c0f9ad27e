"""PettingZoo's standard wrappers, as ``env()`` gives them, without the cost of their attribute forwarding.

``env()`` wraps the raw environment as PettingZoo's classic games are wrapped: an illegal action ends the episode
with a reward of -1 for the offender (``TerminateIllegalWrapper``), an action outside the space raises
(``AssertOutOfBoundsWrapper``), and the API is called in order (``OrderEnforcingWrapper``). The classes here are
those wrappers (subclasses: ``isinstance`` holds, and every check is theirs), with one change: the attributes a
step reads (``agent_selection``, ``terminations``, ``rewards`` ...) come straight from the raw environment through
a property, instead of through each wrapper's ``__getattr__`` in turn, three deep, which cost more than the
observation and the engine's action together. ``AssertOutOfBoundsWrapper`` checks a plain ``int`` action against
the space's bounds itself (what ``Discrete.contains`` decides for it) and leaves every other value to the space.
The outermost wrapper, knowing the chain :func:`wrapped` makes, does the others' work itself in the common case:
``last()`` reads the raw observation and keeps it for ``TerminateIllegalWrapper``'s mask, and a step that both
inner wrappers would pass untouched (a legal ``int`` inside the space, or None for an agent that is done) goes
straight to the raw environment; anything else goes down the chain, which says it.
"""

from __future__ import annotations

import operator
from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

__all__ = ["wrapped"]

#: what ``OrderEnforcingWrapper`` refuses to read before ``reset()`` (its own list)
_NEEDS_RESET = frozenset({"rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents"})
#: the raw environment's attributes a step reads, read directly by every wrapper here
_DIRECT = ("agent_selection", "agents", "terminations", "truncations", "rewards", "infos", "_cumulative_rewards")


def _direct(name: str) -> property:
    get = operator.attrgetter(f"_raw.{name}")  # no Python frame: read on every step, several times

    def put(self: Any, value: Any) -> None:
        setattr(self._raw, name, value)

    return property(get, put, doc=f"The raw environment's ``{name}``.")


class _NotReset:
    """What :class:`OrderEnforcing` reads its attributes from before ``reset()``: each is refused as
    ``OrderEnforcingWrapper`` refuses it."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name} cannot be accessed before reset")


def _guarded(name: str) -> property:
    """As :func:`_direct`, read from ``_live``: the raw environment once reset, refused before."""
    get = operator.attrgetter(f"_live.{name}")

    def put(self: Any, value: Any) -> None:
        setattr(self._raw, name, value)

    return property(get, put, doc=f"The raw environment's ``{name}``, once reset.")


class _Direct:
    """The attributes of :data:`_DIRECT` read from the raw environment (``_raw``) without forwarding."""

    _raw: Any

    def _set_raw(self, env: Any) -> None:
        self._raw = env.unwrapped


for _name in _DIRECT:
    setattr(_Direct, _name, _direct(_name))


class TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, its attributes read directly."""

    def __init__(self, env: Any, illegal_reward: float) -> None:
        self._set_raw(env)
        super().__init__(env, illegal_reward)

    def observe(self, agent: Any) -> Any:
        # TerminateIllegalWrapper.observe: the observation of the agent to act is kept, for its mask
        obs = self.env.observe(agent)
        raw = self._raw
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def step(self, action: Any) -> None:
        # The common cases said at once, with its observation seen (the mask it acts on) and no illegal action
        # before: a live agent's legal int action, or None for an agent that is done. TerminateIllegalWrapper.step
        # does the same there, and everything else.
        raw = self._raw
        agent = raw.agent_selection
        prev = self._prev_obs
        if type(prev) is dict and "action_mask" in prev and not self._terminated:
            done = raw.terminations[agent] or raw.truncations[agent]
            if (action is None and done) or (type(action) is int and not done and prev["action_mask"][action]):
                self._prev_obs = self._prev_info = None
                self.env.step(action)
                return
        super().step(action)


class AssertOutOfBounds(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, its attributes read directly and a plain ``int`` checked
    against the space's bounds."""

    def __init__(self, env: Any) -> None:
        self._set_raw(env)
        super().__init__(env)
        self._size = int(self._raw.NUM_ACTIONS)

    def step(self, action: Any) -> None:
        # Discrete(n).contains(a) for an int a is 0 <= a < n: said here at once, as is None for an agent that is
        # done; anything else goes to AssertOutOfBoundsWrapper.step and the space.
        raw = self._raw
        inside = type(action) is int and 0 <= action < self._size
        if inside or (
            action is None and (raw.terminations[raw.agent_selection] or raw.truncations[raw.agent_selection])
        ):
            self.env.step(action)
        else:
            super().step(action)


class OrderEnforcing(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, its attributes read directly (and refused before ``reset()`` as
    it refuses them)."""

    def __init__(self, env: Any) -> None:
        self._set_raw(env)
        #: where the guarded attributes are read: the raw environment once reset
        self._live: Any = _NotReset()
        #: the chain :func:`wrapped` makes below this wrapper (bounds, then illegal actions), whose work ``last()``
        #: and ``step()`` do here in the common case; None for another chain
        self._chain: tuple[AssertOutOfBounds, TerminateIllegal] | None = None
        super().__init__(env)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._live = self._raw  # as OrderEnforcingWrapper counts it reset before the raw environment's reset runs
        super().reset(seed=seed, options=options)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # AECEnv.last, the attributes read once each from the raw environment
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        assert agent is not None
        if observe and self._chain is not None:
            # the chain's observe for the agent to act, said at once: TerminateIllegal keeps it, for its mask
            terminate = self._chain[1]
            observation = terminate._prev_obs = raw.observe(agent)
            terminate._prev_info = raw.infos.get(agent, {})
        else:
            observation = self.observe(agent) if observe else None
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def observe(self, agent: Any) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def step(self, action: Any) -> None:
        # OrderEnforcingWrapper.step in the common case (reset, agents left); it says everything else itself
        raw = self._raw
        if self._has_reset and raw.agents:
            self._has_updated = True
            chain = self._chain
            if chain is not None and _plain_step(chain, raw, action):
                raw.step(action)
                return
            self.env.step(action)
        else:
            super().step(action)


def _plain_step(chain: tuple[AssertOutOfBounds, TerminateIllegal], raw: Any, action: Any) -> bool:
    """Whether ``action`` passes the chain below :class:`OrderEnforcing` untouched: a live agent's int action
    inside the space (AssertOutOfBounds) and legal by the mask it was shown, or None for an agent that is done, with
    no illegal action before (TerminateIllegal). Then TerminateIllegal's bookkeeping is done here, and the raw
    environment may step; anything else goes down the chain, which says it."""
    bounds, terminate = chain
    prev = terminate._prev_obs
    if type(prev) is not dict or "action_mask" not in prev or terminate._terminated:
        return False
    agent = raw.agent_selection
    done = raw.terminations[agent] or raw.truncations[agent]
    if action is None:
        if not done:
            return False
    elif not (type(action) is int and 0 <= action < bounds._size and not done and prev["action_mask"][action]):
        return False
    terminate._prev_obs = terminate._prev_info = None
    return True


for _name in _DIRECT:
    if _name in _NEEDS_RESET:
        setattr(OrderEnforcing, _name, _guarded(_name))


def wrapped(raw: Any) -> Any:
    """``raw`` with PettingZoo's standard wrappers, as its classic games have them: an illegal action ends
    the episode with a reward of -1 for the offender, an action outside the space raises, and the API is
    called in order."""
    terminate = TerminateIllegal(raw, illegal_reward=-1)
    bounds = AssertOutOfBounds(terminate)
    out = OrderEnforcing(bounds)
    out._chain = (bounds, terminate)
    return out
