"""Nap as a game of the registry: what a surface needs to make and show Nap without knowing it is Nap."""

from __future__ import annotations

from ..games.plugin import BotParts, EnvParts, GamePlugin, GuideParts, SimParts
from ..games.protocol import Form, GameSpec
from .actions import VERBS, call_title
from .deal import PlainNapDeal
from .laws import LAWS, law_text
from .rules import NAP_OPTION_DOCS, NAP_OPTIONS, NapRules
from .sitting import NapSitting
from .variants import NapDeal

__all__ = ["NAP", "PLUGIN"]

NAP = GameSpec(
    name="nap",
    title="Nap",
    rules=NapRules,
    options=NAP_OPTIONS,
    option_docs=NAP_OPTION_DOCS,
    stake_names=("unit",),
    forms=(Form("nap", "Nap", "peel"),),
    verbs=VERBS,
    laws=LAWS,
    law_text=law_text,
    laws_section="§8",
    law_example="NAP-LAW-6, NAP-LAW-8 5H",
    min_seats=2,
    default_seats=4,
    max_seats=lambda rules: int(rules.max_players),
    deal=NapDeal,
    sitting=NapSitting,
    resume=NapSitting.from_deals,
    stops=("divide", "draw"),
    record_fields={"multiplier": 1},
    value_title=call_title,
    observer="roundgames.nap.observer:NapObserver",
    sitting_rules={
        "first_dealer": "NAP-GEN-4",
        "rotation": "NAP-SET-2",
        "unfinished": "NAP-SET-2",
        "undealt": "NAP-DEAL-1",
        "first_deal": "NAP-GEN-4",
        "next_deal": "NAP-SET-2",
        "end": "NAP-SET-3",
        "stopped": "NAP-SET-3",
        "share": "NAP-VAR-POOL",
    },
)
PlainNapDeal.GAME = NapSitting.GAME = NAP
assert NapDeal.GAME is NAP  # the variants are Nap too

#: Nap's plug-in: the registry lists it; its heavy parts are named by lazy paths, imported when first asked for
PLUGIN = GamePlugin(
    NAP,
    bots=BotParts(
        sensible="roundgames.bots.nap:SensibleNapBot",
        worlds="roundgames.nap.worlds",
        solve="roundgames.bots.nap_solve",
        blind_takes="roundgames.bots.nap:blind_takes",
        searched_play=True,
        samples=24,
        doing={
            "pass": "passes",
            "1": "calls one",
            "2": "calls two",
            "misery": "calls misery",
            "3": "calls three",
            "4": "calls four",
            "nap": "calls Nap",
            "wellington": "calls Wellington",
            "blucher": "calls Blücher",
        },
    ),
    env=EnvParts(
        encoding="roundgames.envs.nap_encoding",
        deals="roundgames.envs.nap_deals",
        pettingzoo="roundgames.envs.nap_v0",
    ),
    sim={
        "nap": SimParts(
            "roundgames.sim.nap:KERNEL",
            "roundgames.sim.run:NAP_MADE",
            strategy="roundgames.sim.strategy.nap_plans:NAP",
            batched="roundgames.envs.vector.nap:FORM",
        )
    },
    guide=GuideParts(
        pages="roundgames.guide.nap_text:NAP_PAGES",
        words="roundgames.guide.house:NAP_WORDS",
        stakes="roundgames.guide.house:nap_stakes",
        summary="Nap: five cards each; the highest caller plays alone against all the others.",
    ),
)
