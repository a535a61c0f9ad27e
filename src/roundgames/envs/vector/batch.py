"""The batched environment: ``B`` independent tables of one form, stepped together by a compiled kernel.

>>> from roundgames.envs.vector import BatchedGame
>>> env = BatchedGame("loo", batch=4, players=5, seed=7)
>>> obs, mask, seat = env.reset()
>>> obs.shape, mask.shape, seat.shape
((4, 489), (4, 56), (4,))
>>> import numpy as np
>>> first = np.argmax(mask, axis=1)  # each table's first legal action
>>> obs, mask, rewards, ended, seat = env.step(first)
>>> rewards.shape, ended.dtype
((4, 5), dtype('bool'))

Each table plays deal after deal (with ``autoreset``, the default): deal ``k`` of table ``t`` depends only on
``(seed, t, k)``, never on the batch size or on how the tables are split across processes (``first_table`` numbers
a batch's first table). The arrays a call returns are the environment's own, written again by the next call: copy
them to keep them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from ...core.errors import IllegalActionError, RulesError
from ...core.splitmix import GOLDEN, MASK64, mix
from ...games.plugin import resolve
from ...games.registry import plugins
from ...sim.kernels import Setup
from .form import Array, Form
from .replay import engine_rules, refusal

__all__ = ["FORMS", "BatchedGame", "form_of"]


class _Forms(Mapping[tuple[str, str], str]):
    """The forms the batched environment plays, by (game, form), each with the lazy path of its :class:`Form`
    (the games' plug-ins' ``SimParts.batched``): read from the plug-ins at each use, so no table here names a
    game, and a game added by ``ROUNDGAMES_GAMES`` without a batched form is refused by name."""

    @staticmethod
    def _parts() -> dict[tuple[str, str], str]:
        return {
            (p.spec.name, form): part.batched
            for p in plugins()
            for form, part in p.sim.items()
            if part.batched is not None
        }

    def __getitem__(self, key: tuple[str, str]) -> str:
        return self._parts()[key]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._parts())

    def __len__(self) -> int:
        return len(self._parts())


#: the forms the batched environment plays, by (game, form), each by the lazy path of its :class:`Form`
FORMS: Mapping[tuple[str, str], str] = _Forms()
#: the observation's element types: the adapters' float32, or a compact uint8 (counts in counters, at most 255)
OBSERVATIONS = ("float32", "uint8")


def form_of(game: str, form: str | None = None) -> Form:
    """The :class:`Form` of ``game``'s ``form`` (Loo's by default ``three_card``; Nap has one)."""
    forms = [f for g, f in FORMS if g == game]
    if not forms:
        games = sorted({g for g, _ in FORMS})
        raise RulesError(f"game: the batched environment plays no game {game!r} (valid: {', '.join(games)})")
    key = (game, form if form is not None else forms[0])
    path = FORMS.get(key)
    if path is None:
        raise RulesError(f"form: the batched environment plays no {game} form {form!r} (valid: {', '.join(forms)})")
    made: Form = resolve(path, f"{game} {key[1]}'s batched form")
    return made


def _int(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < low:
        raise RulesError(f"{name}: an integer from {low}, got {value!r}")
    if high is not None and value > high:
        raise RulesError(f"{name}: an integer from {low} to {high}, got {value!r}")
    return int(value)


class BatchedGame:
    """``batch`` tables of one form of a game, their state in one NumPy array, stepped by compiled code.

    At each table one seat is to act at a time: the environment returns, for every table, that seat's observation
    (the adapters' layout, :func:`roundgames.envs.loo_layout`), its legal-action mask (the adapters' action ids) and
    the seat; :meth:`step` takes one action id per table. Seats given a built-in player in ``opponents`` (by seat:
    ``random``, ``sensible``, ``strategy``) take their turns inside the step, so the seats returned are always the
    learner's. The rewards are each seat's net in counters (Loo) or units (Nap) for a deal, at the step that ends
    it, as the adapters pay.
    """

    def __init__(
        self,
        game: str = "loo",
        *,
        form: str | None = None,
        batch: int = 1024,
        players: int = 5,
        options: Mapping[str, Any] | None = None,
        pool: int = 0,
        dealer: int | None = None,
        opponents: Mapping[int, str] | Sequence[str | None] | None = None,
        seed: int = 0,
        first_table: int = 0,
        autoreset: bool = True,
        observation: str = "float32",
    ) -> None:
        self.spec = form_of(game, form)
        self.batch = _int("batch", batch, 1)
        low, high = self.spec.players
        self.n = n = _int("players", players, low, high)
        if observation not in OBSERVATIONS:
            raise RulesError(f"observation: {observation!r} is not one of {', '.join(OBSERVATIONS)}")
        if not isinstance(autoreset, bool):
            raise RulesError(f"autoreset: True or False, got {autoreset!r}")
        if dealer is not None:
            _int("dealer", dealer, 0, n - 1)
        self.policy = self._policies(opponents)
        names = tuple("random" if p is None else p for p in self.policy)
        self.setup = Setup(self.spec.form, n, names, dict(options or {}), _int("pool", pool, 0))
        try:  # the simulator's checks: every option it cannot play, by name; its players are our opponents
            self.spec.setup_check(self.setup)
        except RulesError as e:
            text = str(e)
            raise RulesError("opponents" + text[len("policies") :] if text.startswith("policies") else text) from None
        #: the engine's rules of the form's preset with the options (what a deal replays under, :mod:`.replay`)
        self.rules = engine_rules(self.spec.game, self.spec.preset, self.setup.options)
        self.params = self.spec.params(self.setup, dealer)
        self.extras = self.spec.extras(self.setup)
        codes = {name: i for i, name in enumerate(self.spec.policies)}
        self.pol = np.array([self.spec.kernel.LEARNER if p is None else codes[p] for p in self.policy], np.int64)
        self.seed = _int("seed", seed, 0, (1 << 64) - 1)
        self.first_table = _int("first_table", first_table, 0)
        self.autoreset = autoreset
        self.compact = observation == "uint8"
        #: what the kernel's functions take as ``static``: the table size, the rules, the players, the
        #: observation's kind and the arrays the built-in players read (the functional form's, :mod:`.functional`)
        self.static = (n, self.params, self.pol, self.compact, *self.extras)
        self.num_actions = self.spec.num_actions(self.setup)
        self.obs_size = self.spec.obs_size(self.setup)
        b = self.batch
        self.state: Array = np.zeros((b, self.spec.width(self.setup)), np.int64)
        self.obs: Array = np.zeros((b, self.obs_size), np.uint8 if self.compact else np.float32)
        self.mask: Array = np.zeros((b, self.num_actions), np.bool_)
        self.seat: Array = np.full(b, -1, np.int64)
        self.rewards: Array = np.zeros((b, n), np.int64)
        self.terminated: Array = np.zeros(b, np.bool_)
        self._started = False

    def _policies(self, opponents: Mapping[int, str] | Sequence[str | None] | None) -> list[str | None]:
        n = self.n
        out: list[str | None] = [None] * n
        if opponents is None:
            return out
        if isinstance(opponents, Mapping):
            for seat, name in opponents.items():
                _int("opponents", seat, 0, n - 1)
                out[int(seat)] = name
        else:
            if isinstance(opponents, str) or len(opponents) != n:
                raise RulesError(f"opponents: one player or None per seat ({n} seats), got {opponents!r}")
            out = list(opponents)
        for player in out:
            if player is not None and player not in self.spec.policies:
                valid = ", ".join(self.spec.policies)
                raise RulesError(f"opponents: unknown player {player!r} (valid: {valid}, or None for the learner)")
        if all(p is not None for p in out):
            raise RulesError("opponents: every seat has a built-in player; leave at least one seat (None) to learn")
        return out

    def reset(self, seed: int | None = None) -> tuple[Array, Array, Array]:
        """Deal every table's first deal (deal 0 under ``seed``) and play the built-in seats to the first learner's
        turn; the observations, masks and seats to act. Without ``seed``, the first reset deals under the seed the
        environment was made with, and each later one under a new seed drawn from it (the SplitMix64 step), so that
        no two resets deal the same deals unless asked to."""
        if seed is not None:
            self.seed = _int("seed", seed, 0, (1 << 64) - 1)
        elif self._started:
            self.seed = mix((self.seed + GOLDEN) & MASK64)
        self.spec.kernel.reset_batch(
            self.state, self.static, np.uint64(self.seed), self.first_table, 0, self.obs, self.mask, self.seat,
            self.rewards,
        )  # fmt: skip
        self._started = True
        return self.obs, self.mask, self.seat

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, Array]:
        """Take one action id per table (a finished table's, without ``autoreset``, is ignored); the observations,
        masks, each seat's rewards ``(batch, players)``, which tables ended a deal, and the seats to act.

        An action that is not legal raises :class:`IllegalActionError` naming the table, the action and the seat,
        and no table moves."""
        if not self._started:
            raise RulesError("step: reset the environment first")
        acts = np.asarray(actions)
        if acts.shape != (self.batch,) or not np.issubdtype(acts.dtype, np.integer):
            raise RulesError(
                f"actions: one action id per table, shape ({self.batch},) of integers, got shape {acts.shape} of "
                f"{acts.dtype}"
            )
        acts = acts.astype(np.int64, copy=False)
        k = self.spec.kernel
        bad = k.check_batch(self.state, self.static, acts)
        if bad >= 0:
            raise self._refused(bad, int(acts[bad]))
        k.step_batch(
            self.state, self.static, np.uint64(self.seed), self.first_table, acts, self.autoreset, self.obs,
            self.mask, self.seat, self.rewards, self.terminated,
        )  # fmt: skip
        return self.obs, self.mask, self.rewards, self.terminated, self.seat

    def _refused(self, table: int, action: int) -> IllegalActionError:
        """The error for an action the batch will not take at ``table``: the engine's own refusal of it (its deal
        replayed there), which names the rule broken, with the table and the legal ids."""
        legal = np.flatnonzero(self.mask[table]).tolist()
        where = f"actions[{table}]: {action} at table {self.first_table + table}, P{int(self.seat[table]) + 1} to act"
        engine = refusal(self, table, action)
        if engine is None:  # the batch and the engine disagree: a fault of the batch's, said as such
            rule = self.spec.phase_rules[int(self.state[table, self.spec.phase_column])]
            return IllegalActionError(f"{where}: refused by the batch, not by the engine (legal: {legal})", rule)
        return IllegalActionError(f"{where}: {engine.reason} (legal: {legal})", engine.rule)

    def record(self, table: int) -> dict[str, Any]:
        """Table ``table``'s (its index in the batch) deal so far: its number, the dealer, each seat's cards as
        dealt, and the action ids taken, in order (built-in seats' too)."""
        _int("table", table, 0, self.batch - 1)
        return self.spec.record(self.state[table], self.n)

    def memory_per_table(self) -> int:
        """The bytes a table takes: its state row, observation, mask, seat and rewards."""
        arrays = (self.state, self.obs, self.mask, self.seat, self.rewards, self.terminated)
        return sum(a.nbytes for a in arrays) // self.batch
