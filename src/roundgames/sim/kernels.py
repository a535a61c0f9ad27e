"""What a kernel is asked to play (:class:`Setup`), what every kernel offers (:class:`Kernel`), and the kernels by
form (:func:`kernel_for`).

A kernel plays ``n`` deals of one form in one compiled loop and returns one array per column, a row per deal:

- ``net`` ``(n, players)`` int32: each seat's counters won or lost in the deal (as the engine's ``deal.net``);
- ``tricks`` ``(n, players)`` int8: the tricks each seat won;
- ``pool`` ``(n,)`` int32: what the deal carries on (Loo: the next deal's pool before its dealer's stake; Nap: the
  kitty after the deal, 0 without one);
- ``states`` ``(n,)`` int32: the deal's states as OpenSpiel counts them, every card dealt and every decision;
- and the columns of its game (the cards dealt, the declarations or calls, ...), each described in
  :attr:`Kernel.columns`.

The seats are numbered from the dealer's left: seat 0 is the eldest hand and seat ``players - 1`` the dealer.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from ..core.errors import RulesError

__all__ = ["FORMS", "MAX_POOL", "Kernel", "Setup", "kernel_for"]

#: each form's kernel, by the module that holds it (imported when first asked: it compiles with numba)
FORMS: dict[str, str] = {}
FORMS["three_card"] = ".loo3"
FORMS["five_card"] = ".loo5"
FORMS["irish"] = ".loo5"
FORMS["nap"] = ".nap"


#: the largest pool (Loo) or kitty (Nap) a kernel plays: its ``net`` and ``pool`` columns are int32, and a
#: deal's net is a few times the pool at most (a flush paid by every other seat at Five-card Loo), so larger pools
#: would wrap around without a word
MAX_POOL: Final = 1_000_000


@dataclass(frozen=True)
class Setup:
    """What a kernel plays: a form of a game, the seats and their players, the rule options it supports, and
    where a study needs it, one seat (the *hero*) whose first decision is fixed."""

    #: ``three_card``, ``five_card``, ``irish`` or ``nap`` (the registry's form names)
    form: str
    players: int
    #: one policy name per seat (:attr:`Kernel.policies`)
    policies: tuple[str, ...]
    #: rule options, by their record names (DEAL-RECORD.md); a kernel refuses one it does not play
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Loo: the pool before the dealer's stake; Nap: the kitty
    pool: int = 0
    #: the seat whose first decision is ``hero_action`` (a kernel's action name), when a study fixes one
    hero: int | None = None
    hero_action: str | None = None


class Kernel(Protocol):
    """A form's batch player."""

    #: the game and form it plays
    game: str
    form: str
    #: every column it returns beyond the common four, with what it holds
    columns: Mapping[str, str]
    #: the players it knows, by name, with what each is (at least ``random`` and ``sensible``)
    policies: Mapping[str, str]
    #: the hero actions it knows, with what each fixes
    hero_actions: Mapping[str, str]

    def check(self, setup: Setup) -> None:
        """Raise :class:`~roundgames.core.errors.RulesError` naming the field, the value and the rule for a setup
        it cannot play (an option it does not know, too many players, a policy or hero action it has not)."""
        ...

    def run(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Play deals ``0 .. n-1`` of the chunk seeded ``seed`` (:mod:`.streams`); ``given`` fixes some cards of
        every deal (per kernel: for instance the hero's hand), the rest being dealt from its stream."""
        ...


def kernel_for(form: str) -> Kernel:
    """The kernel of ``form``; :class:`~roundgames.core.errors.RulesError` for a form without one."""
    module = FORMS.get(form)
    if module is None:
        raise RulesError(f"form: no simulator for {form!r} (valid: {', '.join(sorted(FORMS))})")
    loaded = importlib.import_module(module, __package__)
    # a module that serves several forms holds its kernels in a KERNELS dict, by form
    kernel: Kernel = loaded.KERNELS[form] if hasattr(loaded, "KERNELS") else loaded.KERNEL
    return kernel
