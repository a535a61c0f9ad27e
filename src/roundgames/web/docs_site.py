"""The documentation site at ``/docs/``: ``make docs`` builds it into ``build/site/`` of the repository, and the web
table serves it from there once it is built, so that players at a table can read the rules, the laws and the house
rules in full. ``$ROUNDGAMES_DOCS_SITE`` names another folder (an installed package has no build folder).
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

__all__ = ["DOCS_SITE_ENV", "DocsSite", "docs_built", "docs_folder"]

DOCS_SITE_ENV = "ROUNDGAMES_DOCS_SITE"


def docs_folder() -> Path:
    """Where the built site is looked for: ``$ROUNDGAMES_DOCS_SITE``, else the repository's ``build/site``."""
    chosen = os.environ.get(DOCS_SITE_ENV)
    return Path(chosen) if chosen else Path(__file__).resolve().parents[3] / "build" / "site"


def docs_built() -> bool:
    """Whether the site has been built, so that the lobby and the Rules dialog may link to it."""
    return (docs_folder() / "index.html").is_file()


class DocsSite(StaticFiles):
    """The built site's files, ``index.html`` for a folder; every address answers 404 while it is not built (the
    folder is looked for at each request: a build while the server runs is served at once)."""

    def __init__(self) -> None:
        super().__init__(directory=docs_folder(), html=True, check_dir=False)

    async def check_config(self) -> None:
        # Starlette refuses a missing folder with an error; a site not built yet is only not found (below).
        if docs_built():
            await super().check_config()

    async def get_response(self, path: str, scope: Scope) -> Response:
        if not docs_built():
            raise HTTPException(404, "the documentation has not been built: run make docs")
        return await super().get_response(path, scope)
