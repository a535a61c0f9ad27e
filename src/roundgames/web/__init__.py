"""The web table (``roundgames serve``): Starlette, websockets and an SQLite event store.

Needs the ``[web]`` extra. The protocol between the server and the browser is in docs/web.md.
"""

from __future__ import annotations

from .app import create_app
from .timing import Timing

__all__ = ["Timing", "create_app"]
