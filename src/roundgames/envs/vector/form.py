"""What the batched environment knows of one form of a game (:class:`Form`): its kernel module, its checks and the
arrays its kernel takes. Each form's module (:mod:`.loo3`, ...) makes one; :mod:`.batch` drives any of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from ...sim.kernels import Setup

__all__ = ["Form"]

Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class Form:
    """One form of a game as the batched environment plays it.

    Its ``kernel`` module has the compiled ``reset_batch``, ``check_batch`` and ``step_batch`` of one signature
    (:mod:`._loo3` documents them) and ``LEARNER``, the policy code of a seat the caller acts for."""

    game: str
    form: str
    #: the engine's preset whose rules, with the options given, are the form's (the simulator's base)
    preset: str
    kernel: ModuleType
    #: the fewest and the most seats
    players: tuple[int, int]
    #: the built-in players, by name, with what each is (the simulator's)
    policies: Mapping[str, str]
    #: the simulator's check of a setup (the rules, the seats, the players): RulesError naming what it cannot play
    setup_check: Callable[[Setup], None]
    #: the kernel's parameters of a setup, with the dealer fixed (a seat) or rotating (None)
    params: Callable[[Setup, int | None], Array]
    #: the arrays the built-in players read (the kernel's ``tables``, ``lookup``, ``table``)
    extras: Callable[[Setup], tuple[Any, ...]]
    num_actions: Callable[[Setup], int]
    obs_size: Callable[[Setup], int]
    #: the columns of a table's state row
    width: Callable[[Setup], int]
    #: a table's deal so far from its state row: the dealer, the cards dealt, the actions taken
    record: Callable[[Array, int], dict[str, Any]]
    #: the state's column that holds the phase, and the phase of a finished deal
    phase_column: int
    complete: int
    #: the names of the observation's fields that hold counts (in the compact observation, counters)
    scalars: Callable[[Setup], list[str]]
    #: the rules an action breaks when it is not among the legal ones, by the phase it was taken in
    phase_rules: Mapping[int, str]
