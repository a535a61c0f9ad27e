"""One-trick as a game of the registry: its spec and its plug-in, all a surface needs to know of it.

The registry takes :data:`PLUGIN` from one line, ``ROUNDGAMES_GAMES=onetrick.game:PLUGIN`` (the module on
``PYTHONPATH``) or an entry point ``onetrick = "onetrick.game:PLUGIN"`` of the group ``roundgames.games``.
"""

from __future__ import annotations

from typing import Any

from roundgames.games.plugin import BotParts, EnvParts, GamePlugin
from roundgames.games.protocol import Form, GameSpec, Verb, VerbTable

from .deal import OneTrickDeal
from .rules import OPTION_DOCS, OPTIONS, OneTrickRules
from .sitting import OneTrickSitting

__all__ = ["ONETRICK", "PLUGIN", "VERBS"]

#: the game's one verb
VERBS = VerbTable([Verb("play", (), "Play", "play your card", "plays", "ONE-PLAY-2", args="card", ids=(0, 52))])


def law_text(rules: Any, rule: str) -> str:
    """The game has no laws (ONE-LAW-1)."""
    return ""


ONETRICK = GameSpec(
    name="onetrick",
    title="One-trick",
    rules=OneTrickRules,
    options=OPTIONS,
    option_docs=OPTION_DOCS,
    stake_names=("stake",),
    forms=(Form("onetrick", "One-trick", "plain"),),
    verbs=VERBS,
    laws={},
    law_text=law_text,
    laws_section="§5",
    law_example="none: ONE-LAW-1",
    min_seats=2,
    max_seats=lambda rules: 6,
    default_seats=4,
    deal=OneTrickDeal,
    sitting=OneTrickSitting,
    resume=OneTrickSitting.from_deals,
    sitting_rules={
        "first_dealer": "ONE-GEN-2",
        "rotation": "ONE-SET-2",
        "unfinished": "ONE-SET-1",
        "undealt": "ONE-DEAL-1",
        "first_deal": "ONE-GEN-2",
        "next_deal": "ONE-SET-2",
        "end": "ONE-END-1",
        "stopped": "ONE-END-1",
        "share": "ONE-END-1",
    },
)
OneTrickDeal.GAME = OneTrickSitting.GAME = ONETRICK

#: the plug-in: a sensible player, where the cards lie (for the resampler), the research environments' encoding and
#: deals; no open-card solver (so no search bots), no simulator kernel, no guide pages
PLUGIN = GamePlugin(
    ONETRICK,
    bots=BotParts(sensible="onetrick.bots:SensibleOneTrickBot", worlds="onetrick.deals"),
    env=EnvParts(encoding="onetrick.encoding", deals="onetrick.deals"),
)
