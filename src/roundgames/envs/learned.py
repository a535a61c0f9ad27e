"""The learned player: a policy trained on the batched environment (:mod:`roundgames.train`), played at the engine's
tables with NumPy alone.

A policy file is a NumPy ``.npz``: each layer's weights and bias (``actor/0/w``, ``actor/0/b``, ... and the same
for ``critic``) and ``header``, a JSON text naming what the policy was trained for (the game, its form, the players,
the rules' preset and options, the observation's size, the number of actions, the layer sizes, the steps and the
seed). The file is written by :func:`save` and read by :func:`load`; both are NumPy only, so the player needs no
JAX: the multi-layer perceptron is a few matrix products (:meth:`Policy.logits`).

At its turn the player computes its seat's observation with the adapters' encoding (the layout the batched
environment returns, :func:`roundgames.envs.encoding.loo_observation`), gives every action the engine does not
allow a logit of minus infinity, and takes the most likely action, or draws one by the probabilities from its own
seeded source (``sample=True``). A tournament's lineup names it ``learned:PATH`` (:data:`PREFIX`): the
``roundgames tournament`` command makes its bots through :class:`LearnedBots`, which makes every other name the
standard way. A file for another game, table size or rules is refused with an error saying what it was trained for.
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from ..bots import Bot
from ..bots.tournament import BotMaker, standard_bots
from ..core.errors import RecordError, RulesError
from ..core.options import Rules
from ..games.protocol import View
from ..games.registry import game_of, rules_for
from .games import env_game

__all__ = ["FORMAT", "PREFIX", "LearnedBot", "LearnedBots", "Policy", "learned_bot", "load", "save"]

#: a lineup's name of a learned player: this, then the policy file's path
PREFIX: Final = "learned:"
#: the ``format`` of a policy file's header; a file of another format is refused
FORMAT: Final = "roundgames-policy-1"
#: what a header must hold
_HEADER_KEYS = ("format", "game", "form", "players", "preset", "options", "obs_size", "num_actions", "hidden")
Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class Policy:
    """A trained actor and critic: each a list of ``(weights, bias)`` from the observation to its output, tanh
    between the layers (what :mod:`roundgames.train.network` builds), with the file's header."""

    header: Mapping[str, Any]
    actor: tuple[tuple[Array, Array], ...]
    critic: tuple[tuple[Array, Array], ...] = field(default=())

    @staticmethod
    def _forward(layers: tuple[tuple[Array, Array], ...], x: Array) -> Array:
        for i, (w, b) in enumerate(layers):
            x = x @ w + b
            if i < len(layers) - 1:
                x = np.tanh(x)
        return x

    def logits(self, obs: Array) -> Array:
        """The actor's logits of observations ``(..., obs_size)``, every action counted."""
        return self._forward(self.actor, obs.astype(np.float32, copy=False))

    def value(self, obs: Array) -> Array:
        """The critic's estimate of a seat's net from observations ``(..., obs_size)``, in the training's scale."""
        return self._forward(self.critic, obs.astype(np.float32, copy=False))[..., 0]

    def rules(self) -> Rules:
        """The rules the policy was trained under (the header's preset and options)."""
        options = dict(self.header["options"])
        stakes = options.pop("stakes", None) or {}
        rules: Rules = rules_for(self.header["game"], self.header["preset"], options)
        if stakes:
            rules = rules.with_stakes(**stakes)  # type: ignore[attr-defined]
        return rules

    def describe(self) -> str:
        """What it was trained for, in words: ``a policy for loo (three_card, peel) at 5 players``."""
        h = self.header
        options = "".join(f", {k}={v}" for k, v in dict(h["options"]).items())
        return f"a policy for {h['game']} ({h['form']}, {h['preset']}{options}) at {h['players']} players"

    def check(self, rules: Rules, players: int | None, where: str) -> None:
        """Raise :class:`RulesError` (naming ``where``) unless the policy was trained for ``rules`` and, where
        given, ``players`` seats, with the encoding's observation size and action count of that table."""
        h = self.header
        if game_of(rules).name != h["game"] or rules != self.rules():
            raise RulesError(f"{where}: {self.describe()}, not for these rules")
        if players is None:
            return
        if players != h["players"]:
            raise RulesError(f"{where}: {self.describe()}, not for {players} players")
        encoding = env_game(h["game"]).encoding
        size = sum(width for _, width in encoding.layout(players, rules))
        if size != h["obs_size"] or encoding.action_count(rules) != h["num_actions"]:
            raise RulesError(
                f"{where}: {self.describe()} reads {h['obs_size']} numbers and chooses among {h['num_actions']} "
                f"actions; this table's encoding has {size} and {encoding.action_count(rules)}"
            )


def save(path: str, header: Mapping[str, Any], actor: Any, critic: Any) -> None:
    """Write a policy file: ``header`` (JSON) and each layer's ``(weights, bias)`` as float32 arrays."""
    arrays: dict[str, Array] = {"header": np.array(json.dumps({"format": FORMAT, **header}, sort_keys=True))}
    for name, layers in (("actor", actor), ("critic", critic)):
        for i, (w, b) in enumerate(layers):
            arrays[f"{name}/{i}/w"] = np.asarray(w, np.float32)
            arrays[f"{name}/{i}/b"] = np.asarray(b, np.float32)
    try:
        with open(path, "wb") as fp:
            np.savez(fp, **arrays)  # type: ignore[arg-type]  # a file object: NumPy adds no ``.npz`` to the name the user gave
    except OSError as e:
        raise RecordError("--out", f"{path}: cannot write: {e.strerror}") from None


def _layers(data: Mapping[str, Array], name: str) -> tuple[tuple[Array, Array], ...]:
    out: list[tuple[Array, Array]] = []
    while f"{name}/{len(out)}/w" in data:
        i = len(out)
        out.append((np.asarray(data[f"{name}/{i}/w"], np.float32), np.asarray(data[f"{name}/{i}/b"], np.float32)))
    return tuple(out)


def load(path: str) -> Policy:
    """Read a policy file; :class:`RecordError` naming the file for one that is missing or not a policy."""
    return _load(os.path.abspath(path), _mtime(path))


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError as e:
        raise RecordError("policy", f"{path}: cannot read: {e.strerror}") from None


# A tournament makes its bots afresh for every deal: the file is read once a process (and again if it changes).
@functools.lru_cache(maxsize=8)
def _load(path: str, mtime: float) -> Policy:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
        header = json.loads(str(arrays["header"]))
    except (OSError, ValueError, KeyError) as e:
        raise RecordError("policy", f"{path}: not a policy file ({e})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise RecordError("policy", f"{path}: not a policy file of format {FORMAT}")
    missing = [key for key in _HEADER_KEYS if key not in header]
    if missing:
        raise RecordError("policy", f"{path}: its header lacks {', '.join(missing)}")
    actor = _layers(arrays, "actor")
    if not actor or actor[0][0].shape[0] != header["obs_size"] or actor[-1][0].shape[1] != header["num_actions"]:
        raise RecordError("policy", f"{path}: its actor's layers do not fit its header")
    return Policy(header, actor, _layers(arrays, "critic"))


class LearnedBot:
    """Plays every decision by a :class:`Policy`: the most likely legal action, or (``sample``) one drawn by the
    policy's probabilities from ``rng``."""

    def __init__(self, policy: Policy, rng: random.Random | None = None, name: str = "learned", sample: bool = False):
        self.policy = policy
        self.rng = rng if rng is not None else random.Random()
        self.name = name
        self.sample = sample
        self._encoding = env_game(policy.header["game"]).encoding
        self._checked: tuple[Any, int] | None = None

    def choose(self, view: View[Any]) -> Any:
        """The policy's action for the seat of ``view`` (its turn); :class:`RulesError` at a table it was not
        trained for."""
        deal: Any = view.world
        if deal is None:
            raise RulesError(f"{self.name} needs the deal behind the view of seat {view.seat} (view.world)")
        table = (deal.rules, deal.n)
        if self._checked != table:
            self.policy.check(deal.rules, deal.n, self.name)
            self._checked = table
        legal = self._encoding.action_ids(deal, deal.legal_actions() if deal.to_act == view.seat else view.legal)
        if len(legal) == 1:
            return next(iter(legal.values()))
        obs = np.zeros(self.policy.header["obs_size"], np.float32)
        self._encoding.observation_into(deal, view.seat, (), obs)
        logits = self.policy.logits(obs).astype(np.float64)
        ids = np.fromiter(legal, np.int64, len(legal))
        chosen = ids[int(np.argmax(logits[ids]))]
        if self.sample:
            p = np.exp(logits[ids] - logits[ids].max())
            chosen = ids[self.rng.choices(range(len(ids)), weights=(p / p.sum()).tolist())[0]]
        return legal[int(chosen)]


def learned_bot(name: str, seed: int | None = None, rules: Rules | None = None, players: int | None = None) -> Bot:
    """The learned player of a lineup name ``learned:PATH`` (:class:`RulesError` for another name, or for a policy
    trained for other ``rules`` or ``players`` where given; :class:`RecordError` naming the file for one that is
    not a policy)."""
    if not name.startswith(PREFIX) or len(name) == len(PREFIX):
        raise RulesError(f"a learned player is named {PREFIX}PATH, not {name!r}")
    try:
        policy = load(name[len(PREFIX) :])
    except RecordError as e:  # named as the lineup names it
        raise RecordError("lineup", f"{name}: {e.reason}") from None
    if rules is not None:
        policy.check(rules, players, name)
    return LearnedBot(policy, random.Random(seed), name)


@dataclass(frozen=True)
class LearnedBots:
    """Makes ``learned:PATH`` players (checked against ``players`` seats where given) and every other bot by
    ``inner`` (the standard bots by default); picklable, so a pool of processes can make its bots."""

    players: int | None = None
    inner: BotMaker = standard_bots

    def __call__(self, name: str, rules: Rules, seed: int) -> Bot:
        """The bot ``name`` for a deal under ``rules``, with its own seed."""
        if name.startswith(PREFIX):
            return learned_bot(name, seed, rules, self.players)
        return self.inner(name, rules, seed)
