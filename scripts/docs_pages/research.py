"""The research pages the site generates at build time (scripts/make_docs.py gathers every ``PAGES`` here): the
environments' observation and action layouts, written from the encoding by :mod:`roundgames.envs.layout_doc`."""

from __future__ import annotations

from collections.abc import Callable

from roundgames.envs.layout_doc import PAGE, page

#: each generated page's path under docs/, and the function that writes it
PAGES: dict[str, Callable[[], str]] = {PAGE: page}
