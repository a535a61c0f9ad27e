"""Research environments: Loo and Nap for PettingZoo and OpenSpiel (``pip install roundgames[envs]``).

``from roundgames.envs import loo_v0, nap_v0`` gives the PettingZoo AEC environments, and
``plugged.env(game, ...)`` the environment of any game by name (a game added to the registry too);
importing :mod:`roundgames.envs.openspiel` registers ``python_loo``, ``python_nap`` and each other game's
with OpenSpiel. Both are thin layers over the engine and the shared :mod:`.encoding`; what is particular
to a game (its encoding and where its cards lie) is in the modules named for it (:mod:`.loo_encoding`,
:mod:`.loo_deals`, :mod:`.nap_encoding`, :mod:`.nap_deals`), chosen by the game's name in :mod:`.games`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["loo_v0", "nap_v0", "plugged"]


def __getattr__(name: str) -> ModuleType:
    # Imported on first use, so that ``roundgames.envs.encoding`` works without PettingZoo installed.
    if name in __all__:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
