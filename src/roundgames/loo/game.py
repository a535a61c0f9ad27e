"""Loo as a game of the registry: what a surface needs to make and show Loo without knowing it is Loo."""

from __future__ import annotations

from ..games.plugin import BotParts, EnvParts, GamePlugin, GuideParts, SimParts
from ..games.protocol import Form, GameSpec
from .actions import VERBS
from .deal import FiveCardLoo, LooDeal
from .laws import LAWS, law_text
from .rules import LOO_OPTION_DOCS, LOO_OPTIONS, LooRules
from .sitting import LooSitting
from .words import KIND_WORDS

__all__ = ["LOO", "PLUGIN"]

LOO = GameSpec(
    name="loo",
    title="Loo",
    rules=LooRules,
    options=LOO_OPTIONS,
    option_docs=LOO_OPTION_DOCS,
    stake_names=("deal", "loo", "single", "ante"),
    stakes_of=LooRules.stakes_in_force,
    forms=(
        Form("three_card", "Three-card Loo", "peel"),
        Form("five_card", "Five-card Loo", "five-card"),
        Form("irish", "Irish Loo", "irish"),
    ),
    verbs=VERBS,
    laws=LAWS,
    law_text=law_text,
    laws_section="§5",
    law_example="LOO-LAW-4, LOO-LAW-1 5H, LOO-LAW-8 P3",
    min_seats=3,
    default_seats=5,
    max_seats=lambda rules: int(rules.max_seats),
    deal=LooDeal,
    sitting=LooSitting,
    resume=LooSitting.from_deals,
    sitting_settings=("rounds",),
    stops=("divide", "release"),
    record_fields={"kind": "regular"},
    sits_out_undealt=True,
    observer="roundgames.loo.observer:LooObserver",
    kind_words=KIND_WORDS,
    sitting_rules={
        "first_dealer": "LOO-GEN-3",
        "rotation": "LOO-GEN-3",
        "unfinished": "LOO-SET-6",
        "undealt": "LOO-DEAL-4",
        "first_deal": "LOO-DEAL-1",
        "next_deal": "LOO-DEAL-2",
        "end": "LOO-END-1",
        "stopped": "LOO-END-2",
        "share": "LOO-END-2",
    },
)
LooDeal.GAME = LooSitting.GAME = LOO
assert FiveCardLoo.GAME is LOO  # the forms are Loo too

#: Loo's plug-in: the registry lists it; its heavy parts are named by lazy paths, imported when first asked for
PLUGIN = GamePlugin(
    LOO,
    bots=BotParts(
        sensible="roundgames.bots.loo:SensibleLooBot",
        worlds="roundgames.loo.worlds",
        solve="roundgames.bots.loo_solve",
        # a Loo deal's outcome swings by a whole pool: more worlds to tell two declarations apart (measured in the
        # tournament, docs/research/bots.md)
        samples=32,
        doing={
            "stand": "stands",
            "throw": "throws up",
            "miss": "takes the miss",
            "defend": "defends the pool with the miss",
        },
    ),
    env=EnvParts(
        encoding="roundgames.envs.loo_encoding",
        deals="roundgames.envs.loo_deals",
        pettingzoo="roundgames.envs.loo_v0",
    ),
    sim={
        "three_card": SimParts(
            "roundgames.sim.loo3:KERNEL",
            "roundgames.sim.run:LOOED_THREE_CARD",
            strategy="roundgames.sim.strategy.loo_plans:THREE_CARD",
            batched="roundgames.envs.vector.loo3:FORM",
        ),
        "five_card": SimParts(
            "roundgames.sim.loo5:KERNELS",
            "roundgames.sim.run:LOOED_FIVE_CARD",
            strategy="roundgames.sim.strategy.loo_plans:FIVE_CARD",
            batched="roundgames.envs.vector.loo5:FIVE_CARD",
        ),
        "irish": SimParts(
            "roundgames.sim.loo5:KERNELS",
            "roundgames.sim.run:LOOED_FIVE_CARD",
            strategy="roundgames.sim.strategy.loo_plans:IRISH",
            batched="roundgames.envs.vector.loo5:IRISH",
        ),
    },
    guide=GuideParts(
        pages="roundgames.guide.loo_text:LOO_PAGES",
        words="roundgames.guide.house:LOO_WORDS",
        stakes="roundgames.guide.house:loo_stakes",
    ),
)
