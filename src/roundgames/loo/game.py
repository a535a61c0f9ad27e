"""Loo as a game of the registry: what a surface needs to make and show Loo without knowing it is Loo."""

from __future__ import annotations

from ..games.protocol import Form, GameSpec
from .actions import VERBS
from .deal import FiveCardLoo, LooDeal
from .laws import LAWS, law_text
from .rules import LOO_OPTION_DOCS, LOO_OPTIONS, LooRules
from .sitting import LooSitting
from .words import KIND_WORDS

__all__ = ["LOO"]

LOO = GameSpec(
    name="loo",
    title="Loo",
    rules=LooRules,
    options=LOO_OPTIONS,
    option_docs=LOO_OPTION_DOCS,
    stake_names=("deal", "loo", "single", "ante"),
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
