"""What a kernel is asked to play (:class:`Setup`), what every kernel offers (:class:`Kernel`), and the kernels by
form (:func:`kernel_for`), read from each game's plug-in (:class:`roundgames.games.plugin.SimParts`).

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

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from ..core.errors import RulesError
from ..games.plugin import SimParts, resolve
from ..games.registry import plugins

__all__ = ["FORMS", "MAX_POOL", "Kernel", "Setup", "kernel_for", "sim_part"]


class _Forms(Mapping[str, str]):
    """Each form the simulator plays, by name, with the lazy path of its kernel: read from the games' plug-ins at
    each use, so a game added by ``ROUNDGAMES_GAMES`` is played too."""

    @staticmethod
    def _parts() -> dict[str, SimParts]:
        return {form: part for p in plugins() for form, part in p.sim.items()}

    def __getitem__(self, form: str) -> str:
        return self._parts()[form].kernel

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts())

    def __len__(self) -> int:
        return len(self._parts())


#: each form's kernel, by the lazy path of the kernel (imported when first asked: it compiles with numba)
FORMS: Mapping[str, str] = _Forms()


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


def sim_part(form: str) -> SimParts:
    """The simulator's part of ``form`` (its game's plug-in's); :class:`~roundgames.core.errors.RulesError` for a
    form without one."""
    found = _Forms._parts().get(form)
    if found is None:
        raise RulesError(f"form: no simulator for {form!r} (valid: {', '.join(sorted(FORMS))})")
    return found


def kernel_for(form: str) -> Kernel:
    """The kernel of ``form``; :class:`~roundgames.core.errors.RulesError` for a form without one."""
    found = resolve(sim_part(form).kernel, f"simulator kernel of {form}")
    # a module that serves several forms holds its kernels in a mapping, by form
    kernel: Kernel = found[form] if isinstance(found, Mapping) else found
    return kernel
