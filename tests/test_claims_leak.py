"""Claims leak nothing (docs/web.md, "Claims"): whether a person may claim, and what his claim says before the others
answer it, depend only on what his seat may know; each bot answers a claim from its own view.

Pairs of deals that look the same to the claimant are made from positions the bots reach (:mod:`test_claims`): the
same hand, the same play so far, one unplayed card of one other seat swapped with one of another's (the log
replayed through the engine's checked ``apply``). In each pair:

- the engine's answers that feed ``can_claim`` and the claim's message (``why_not``, ``evident``) are the same, while
  the solver, which reads every hand, tells the two apart in some pairs (so that the pairs probe the hidden cards);
- at the web table (the server's own :class:`~roundgames.web.room.Room`, in process, over a real database file),
  every message the claimant receives up to and including his claim is identical.

A bot accepts a claim that holds in every layout of the cards it cannot see and declines one it can see fail, with
the same answer every time it is asked; whoever the bots are, at the web table a claim the deal's cards forbid is
declined, and play goes on (:mod:`tests.web.test_claims`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

from roomconn import Recorder
from roundgames.bots.claims import accepts, certain, evident, why_not
from roundgames.bots.worlds import deal_places, new_deal_like, place_cards
from roundgames.core.cards import cards_in
from roundgames.core.errors import IllegalActionError, RecordError
from roundgames.games.protocol import Deal, Stage
from roundgames.web.protocol import new_table_config
from roundgames.web.room import Room
from roundgames.web.store import SqliteStore
from roundgames.web.timing import Timing
from test_claims import TABLES, positions


def seen(deal: Deal, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``deal`` (its view, less the true deal a cheating bot is handed)."""
    view = deal.view(seat)
    return {f.name: getattr(view, f.name) for f in fields(view) if f.name != "world"}


def swapped(deal: Deal, claimant: int) -> Deal | None:
    """The deal with one unplayed card of another seat in play swapped with a card the claimant has not seen
    elsewhere (a third seat's hand, thrown up or not, or the miss), the log replayed; None where no such swap leaves
    the play so far legal and the deal looking the same to the claimant."""
    played = {c for t in deal.all_tricks() for c in t.cards}
    mine = set(cards_in(deal.hands[claimant]))
    places = place_cards(deal)
    where = {c: p for p, cs in places.items() for c in cs}
    hidden = [c for c, p in where.items() if p[0] != "turnup" and c not in played and c not in mine]
    for a in range(len(deal.seats)):
        if a == claimant:
            continue
        for x in cards_in(deal.hands[a]):
            for y in hidden:
                if where[y] == where[x] or y in set(cards_in(deal.hands[a])):
                    continue
                cards = {p: [y if c == x else x if c == y else c for c in cs] for p, cs in places.items()}
                other = deal_places(new_deal_like(deal), cards)
                try:
                    for action in deal.log:
                        other.apply(action)
                except (IllegalActionError, RecordError):
                    continue
                if other.to_act == claimant and seen(other, claimant) == seen(deal, claimant):
                    return other
    return None


def test_whether_one_may_claim_and_what_the_claim_says_depend_on_nothing_hidden() -> None:
    pairs = told_apart = 0
    for game, preset, players in TABLES:
        for seed in range(2):
            for _table, deal, seat in positions(game, preset, players, seed, deals=2):
                other = swapped(deal, seat)
                if other is None:
                    continue
                pairs += 1
                assert why_not(other, seat) == why_not(deal, seat) is None
                assert evident(other, seat) == evident(deal, seat)
                told_apart += certain(other, seat) != certain(deal, seat)
    # the solver reads every hand: in some pairs it tells the claim's fate apart, which the claimant must not learn
    assert pairs > 50 and told_apart > 0


def test_a_bot_answers_from_its_own_view_and_declines_a_claim_it_can_see_fail() -> None:
    """Late in the play: every bot accepts an evident claim; a bot that holds the only cards left besides the
    claimant's, which lie face up, sees everything and accepts exactly the claims that hold; the answers are the
    same every time they are asked (the worlds are seeded)."""
    declined = accepted = 0
    for game, preset, players in TABLES:
        for seed in range(2):
            for _table, deal, seat in positions(game, preset, players, seed, deals=2):
                if int.bit_count(deal.hands[seat]) > 2:
                    continue
                bots = [s for s in range(len(deal.seats)) if s != seat and deal.hands[s]]
                answers = [accepts(deal, s, seat) for s in bots]
                assert answers == [accepts(deal, s, seat) for s in bots]
                if evident(deal, seat):
                    assert all(answers)
                if len(bots) == 1:  # nothing is hidden from the bot: it sees the claim hold or fail
                    assert answers == [certain(deal, seat)], (game, seed, deal.log)
                    declined += not answers[0]
                    accepted += answers[0]
    assert declined > 0 and accepted > 0


# -- at the web table -------------------------------------------------------------------------------------------


async def _to_claim(db: Path, seed: int, swap: bool) -> tuple[list[dict[str, Any]], int] | None:
    """Three people at three-seat Loo (no singles), dealt from ``seed``, stand; the eldest claims at his first lead.
    With ``swap``, the other two seats' hands are exchanged as dealt, before anyone looks. What the claimant was
    sent, and his seat; None where the declaring shows a flush (it names its holder)."""
    store = SqliteStore(str(db))
    body = {"game": "loo", "preset": "peel", "players": 3, "people": 3, "bot_delay": 0, "turn_seconds": None}
    config = new_table_config({**body, "options": {"single": "none"}})
    config["seed"] = seed
    store.create("leak", config)
    room = Room("leak", config, store, time.time(), Timing(away_seconds=3600, deal_pause=0, trick_pause=0))
    room.replay([])
    room.start()
    try:
        people = [Recorder(s) for s in range(3)]
        for s, name in enumerate(["Ann", "Bob", "Cy"]):
            await room.call(room.sit, s, name)
            await room.call(room.join, people[s], None)
        deadline = time.monotonic() + 10
        while room.table.deal is None and time.monotonic() < deadline:  # the room deals once all are seated
            await asyncio.sleep(0.01)
        deal = room.table.deal
        assert deal is not None and deal.stage is not Stage.PLAY
        eldest = deal.order[0] if hasattr(deal, "order") else (deal.dealer + 1) % 3
        if swap:
            a, b = (s for s in range(3) if s != eldest)

            def exchange() -> None:
                # the cards as dealt: nobody has looked at them, nor acted
                deal.hands[a], deal.hands[b] = deal.hands[b], deal.hands[a]
                deal.dealt[a], deal.dealt[b] = deal.dealt[b], deal.dealt[a]

            await room.call(exchange)
        for _ in range(6):
            if deal.stage is Stage.PLAY or deal.to_act is None:
                break
            await room.call(room.act, deal.to_act, "stand")
        if deal.to_act != eldest or any(e.kind == "flush" for e in room.log) or "flush" in str(people[0].texts()):
            return None
        await room.call(room.claim, eldest)
        return people[eldest].messages, eldest
    finally:
        await room.stop()
        store.close()


def test_everything_the_claimant_receives_up_to_his_claim_is_the_same_whatever_the_others_hold(
    tmp_path: Path,
) -> None:
    compared = 0
    for seed in range(8):
        plain = asyncio.run(_to_claim(tmp_path / f"plain{seed}.sqlite3", seed, swap=False))
        other = asyncio.run(_to_claim(tmp_path / f"swapped{seed}.sqlite3", seed, swap=True))
        if plain is None or other is None:
            continue
        (sent, seat), (sent_other, _) = plain, other
        states = [m["state"] for m in sent if m.get("state") is not None]
        assert any(s["can_claim"] for s in states)  # offered at his turn, whatever the others hold
        assert states[-1]["claim"] is not None and states[-1]["claim"]["seat"] == seat
        assert _steady(sent_other) == _steady(sent)
        compared += 1
    assert compared >= 3


def _steady(message: Any) -> Any:
    """``message`` without its moments on the clock (``away_until``, ``next_deal_at``: the two runs are not at the
    same time of day)."""
    if isinstance(message, dict):
        return {k: None if k.endswith(("_until", "_at")) else _steady(v) for k, v in message.items()}
    if isinstance(message, list):
        return [_steady(v) for v in message]
    return message
