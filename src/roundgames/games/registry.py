"""The games by name, and what a surface needs of each without knowing which it is."""

from __future__ import annotations

from ..loo.rules import LOO_OPTION_DOCS
from ..nap.rules import NAP_OPTION_DOCS

__all__ = ["OPTION_DOCS"]

#: One line on each option of each game, for the rules help of the web and terminal tables.
OPTION_DOCS: dict[str, dict[str, str]] = {"loo": LOO_OPTION_DOCS, "nap": NAP_OPTION_DOCS}
