"""The web table (``roundgames serve``): Starlette, websockets and an event store (SQLite, or PostgreSQL).

Needs the ``[web]`` extra. The protocol between the server and the browser is in docs/web.md. ``create_app`` and
``Timing`` are imported when first asked for, so that the store and the other parts that need no Starlette
(``roundgames.web.store``) import without it.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Timing", "create_app"]

_WHERE = {"create_app": ".app", "Timing": ".timing"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
