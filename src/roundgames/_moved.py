"""The modules that moved when the code took the layers of DESIGN.md, kept importable by their old names.

``import roundgames.record`` still works, warns that it is deprecated, and gives ``roundgames.records.deal``;
``roundgames.rules`` and ``roundgames.sitting``, which each became two games' modules, give a module holding
the names they had. These names go away in a later version.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from roundgames.record import referee
>>> referee.__module__, caught[0].category.__name__
('roundgames.records.deal', 'DeprecationWarning')
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence

__all__ = ["MOVED", "install"]

#: old module -> its new home
MOVED = {
    "roundgames.cards": "roundgames.core.cards",
    "roundgames.tricks": "roundgames.core.tricks",
    "roundgames.errors": "roundgames.core.errors",
    "roundgames.ledger": "roundgames.core.ledger",
    "roundgames.seats": "roundgames.core.seats",
    "roundgames.deal": "roundgames.games.base",
    "roundgames.pam": "roundgames.loo.pam",
    "roundgames.loo_laws": "roundgames.loo.laws",
    "roundgames.calls": "roundgames.nap.calls",
    "roundgames.nap_laws": "roundgames.nap.laws",
    "roundgames.record": "roundgames.records.deal",
    "roundgames.table": "roundgames.session.table",
    "roundgames.playlaws": "roundgames.session.laws",
    "roundgames.plain": "roundgames.terminal.plain",
    "roundgames.tui": "roundgames.terminal.tui",
    "roundgames.replay": "roundgames.terminal.replay",
    "roundgames.keep": "roundgames.keeper.keep",
    "roundgames.keepline": "roundgames.keeper.lines",
}
#: old modules that split: their names, each from its new home
SPLIT = {
    # Five-card Loo's module: its rules stayed in roundgames.loo.five, its deal (with the laws) is in roundgames.loo.deal
    "roundgames.loo5": {
        "roundgames.loo.five": ("FlushKey", "deal_with_stock", "exchange_masks", "flush_key", "hand_size"),
        "roundgames.loo.deal": ("FiveCardLoo",),
    },
    "roundgames.rules": {
        "roundgames.loo.rules": ("LooRules", "LooStakes", "LOO_OPTIONS"),
        "roundgames.nap.rules": ("NapRules", "NapStakes", "NAP_OPTIONS"),
        "roundgames.games.registry": ("OPTION_DOCS",),
        "roundgames.core.options": ("OptionValue",),
    },
    "roundgames.sitting": {
        "roundgames.loo.sitting": ("LooSitting", "first_kind"),
        "roundgames.nap.sitting": ("NapSitting",),
        "roundgames.games.sitting": ("draw_for_deal", "share_out"),
        "roundgames.records.sitting": ("dumps_sitting", "loads_sitting"),
    },
}


class _Loader:
    # The loader protocol of importlib (importlib.abc is not imported: it costs a tenth of the package's import).
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        # A module of its own holding the new modules' names, so that the new modules keep their own specs.
        old = spec.name
        module = types.ModuleType(old, f"Deprecated: the names {old} had, from their new modules.")
        if old in MOVED:
            new = MOVED[old]
            warnings.warn(f"{old} is deprecated: import {new}", DeprecationWarning, stacklevel=2)
            source = importlib.import_module(new)
            module.__dict__.update({k: v for k, v in vars(source).items() if not k.startswith("__")})
            module.__dict__["__all__"] = list(getattr(source, "__all__", ()))
            return module
        warnings.warn(f"{old} is deprecated: its names moved to each game's module", DeprecationWarning, stacklevel=2)
        for home, names in SPLIT[old].items():
            source = importlib.import_module(home)
            for name in names:
                setattr(module, name, getattr(source, name))
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module is made whole by :meth:`create_module`."""


class _Finder:
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in MOVED or fullname in SPLIT:
            return importlib.machinery.ModuleSpec(fullname, _Loader())  # type: ignore[arg-type]
        return None


def install() -> None:
    """Make the old names importable (once)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
