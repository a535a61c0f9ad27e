"""No message of the web table carries a card its receiver may not see (docs/web.md, "State (per viewer)").

Hundreds of seeded games of Loo and Nap are played in-process through the server's own :class:`Room`: some seats
are people played by this test (random legal entries of the ``legal`` list it was sent), the rest bots; every seat
and a spectator has a connection that records every message. Each message is checked as it is pushed, against
what its viewer may see at that moment, worked out independently from the engine's true state (never from
``views.py``):

- every card a seat has held in the deal (its hands over time), but a Loo hand only once its owner may look at it
  (LOO-DECL-1: at his turn to declare, or after declaring, or once the declaring is over);
- the ten cards of the Nap spare hand while its taker chooses five (NAP-VAR-SPARE), the widow for a seat that
  peeped (NAP-VAR-PEEP) and the widow or top card the declarer took in exchange;
- for everyone, spectators included: the cards played to tricks, the Loo turn-up (LOO-DEAL-5), the hands of a
  Peel single, which lie face up (LOO-SGL-1), and in table mode a card played irregularly (a revoke, a card out of
  turn), which was shown on the table even when the law takes it back (LOO-LAW-0b, NAP-LAW-6, NAP-LAW-7).

Any other card-like token (``QH``, ``TS``, ``10S``) anywhere in a message, or a card said in words in a log entry
(``the queen of hearts``: the log says the cards as people read them), is a leak: another hand, the miss, the
stock, the widow, a thrown-up hand. At a table created with ``hand_at_once`` a seat may see its own hand as soon as
it is dealt (the table's departure from LOO-DECL-1), and nothing more. A log entry of an earlier deal is checked against what the viewer could see in
that deal. The checker is itself tested: a server made to leak in several ways must be caught.

Some games are played at tables in table mode (RULES.md §5, §8), where the test's people also commit
irregularities: a card the rules forbid on their turn, or a card out of turn in the play, first refused with the
warning (changing nothing), then sent again confirmed, so that laws are applied, hands replayed and cards taken back.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from roundgames.core.cards import card_str, cards_in, parse_card
from roundgames.core.errors import RoundgamesError
from roundgames.games.protocol import Feature
from roundgames.games.registry import game as game_spec
from roundgames.games.registry import rules_for
from roundgames.loo.deal import Decl, Kind, Phase
from roundgames.web import reducer as reducer_module
from roundgames.web import room as room_module
from roundgames.web.protocol import ProtocolError, new_table_config, seat_range
from roundgames.web.room import Room, RoomError
from roundgames.web.store import SqliteStore
from roundgames.web.timing import Timing
from roundgames.web.views import TableFacts
from roundgames.web.words import card_list

#: a card as any message may write it: rank then suit, ``T`` or ``10`` for a ten
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
#: a card in words, as the log says it (``the four of hearts``, the period's knave)
WORDS = re.compile(
    r"\b(ace|king|queen|knave|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)\b",
    re.IGNORECASE,
)
_RANK_LETTER = dict(
    zip(
        ["ace", "king", "queen", "knave", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two"],
        "AKQJT98765432",
        strict=True,
    )
)
#: what :func:`card_tokens` looks for first: this pattern begins with a character class, which ``re`` scans for fast
_CANDIDATE = re.compile(r"[0-9TJQKA][SHDC]\b")
NAMES = ["Ann", "Bob", "Cy", "Dot", "Eve", "Flo", "Gus", "Hal"]
STALL_SECONDS = 5.0  # a table where nothing happens for this long has stalled
MAX_UNDOS = 25  # undos applied in one game of an undo run: enough to be tried everywhere, and the game still ends
AWAY = 3600.0  # seconds before a bot takes over a disconnected person (made 0 while the test steps away)

Viewer = int | None  # a seat, or None for a spectator


class _Abort(Exception):
    """A game given up (its problem is recorded)."""


def shown(mask: int) -> set[str]:
    return {card_str(c) for c in cards_in(mask)}


def looked_by_law(deal: Any, seat: int) -> bool:
    """LOO-DECL-1: a player looks at his cards only when his turn to declare comes (or once he has declared, or
    once the declaring is over)."""
    return bool(deal.phase is not Phase.DECLARE or deal.decls[seat] is not Decl.NONE or deal.to_act == seat)


# -- what each viewer may see --------------------------------------------------------------------


class Visibility:
    """The cards each viewer may see, per deal, from the engine's true state at the moment of each push."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.viewers: list[Viewer] = [None, *range(room.config["players"])]
        self.by_deal: dict[int, dict[Viewer, set[str]]] = {}
        self._key: tuple[int, int] | None = None

    def update(self) -> dict[Viewer, set[str]]:
        """Add what the viewers may see now to the current deal's sets (which only grow within a deal)."""
        room = self.room
        sets = self.by_deal.setdefault(room.deal_number, {v: set() for v in self.viewers})
        key = (room.seq, id(room.table))  # every change of the cards is a stored event (seq), or an undo's rebuild
        if key == self._key:
            return sets
        self._key = key
        for v, cards in self.now().items():
            sets[v] |= cards
        return sets

    def now(self) -> dict[Viewer, set[str]]:
        """What each viewer may see at this moment (not what it saw earlier in the deal)."""
        room = self.room
        sets: dict[Viewer, set[str]] = {v: set() for v in self.viewers}
        deal = room.table.deal
        if deal is None:
            return sets
        public = {card_str(c) for t in deal.tricks for c in t.cards} | {card_str(c) for c in deal.trick_cards}
        for law in deal.irregularities:  # table mode: the card that broke the rules was shown on the table
            words = deal.action_str(deal.log[law.index]).split()
            if words[1] == "play":
                public.add(card_str(parse_card(words[2])))
        if deal.offers(Feature.TURNUP):
            public.add(card_str(deal.turnup))  # LOO-DEAL-5: turned face up
        if deal.offers(Feature.SINGLE) and deal.kind is Kind.SINGLE:  # LOO-SGL-1: dealt face up
            for s in deal.order:
                public |= shown(deal.dealt[s])
        if deal.offers(Feature.DECLARATIONS):
            for s in range(deal.n):
                # LOO-DECL-1, unless the table departs from it: a player looks at his cards when his turn comes
                if looked_by_law(deal, s) or room.config.get("hand_at_once"):
                    sets[s] |= shown(deal.hands[s])
        else:
            for s in range(deal.n):
                sets[s] |= shown(deal.hands[s])
        if deal.offers(Feature.CALLS):
            for s in range(deal.n):
                if s in deal.peeped and deal.dealt_widow is not None:  # NAP-VAR-PEEP
                    sets[s].add(card_str(deal.dealt_widow))
                if room.table.keeping == s:  # NAP-VAR-SPARE: choosing five of the ten
                    sets[s] |= shown(deal.spare)
            if deal.declarer is not None:  # the card the declarer took in exchange, even if he discarded it
                if "widow" in deal.exchanged and deal.dealt_widow is not None:
                    sets[deal.declarer].add(card_str(deal.dealt_widow))
                if "topcard" in deal.exchanged:
                    bought = sum(len(c) for c in deal.bought.values())
                    sets[deal.declarer].add(card_str(deal.dealt_stock[bought]))
        for v in self.viewers:
            sets[v] |= public
        return sets

    def check(self, viewer: Viewer, message: dict[str, Any]) -> tuple[list[str], int]:
        """The leaks in ``message`` to ``viewer`` (and how many card tokens were checked)."""
        now = self.update()
        problems: list[str] = []
        message = self._without_pam(viewer, message, problems)
        wire = json.dumps(message, ensure_ascii=False)  # the text the websocket would carry
        log = message.get("log", [])
        tokens = card_tokens(wire) + [t for e in log for t in word_tokens(json.dumps(e, ensure_ascii=False))]
        if all(e["deal"] == self.room.deal_number for e in log) and all(_card(t) in now[viewer] for t in tokens):
            return problems, len(tokens)  # every card in it may be seen now: no need to say where each one is
        checked = 0
        who = "spectator" if viewer is None else f"seat {viewer}"

        def scan(text: str, allowed: set[str], where: str, words: bool = False) -> None:
            nonlocal checked
            for token in card_tokens(text) + (word_tokens(text) if words else []):
                checked += 1
                if _card(token) not in allowed:
                    problems.append(f"deal {self.room.deal_number}: {who} was sent {token} in {where}: {text[:300]}")

        rest = {k: v for k, v in message.items() if k not in ("state", "log")}
        scan(json.dumps(rest, ensure_ascii=False), set(), f"a {message.get('type')} message")
        if message.get("state") is not None:
            scan(json.dumps(message["state"], ensure_ascii=False), now[viewer], "the state")
        for entry in log:
            sets = self.by_deal.get(entry["deal"])
            if sets is None:
                problems.append(f"{who} was sent a log entry of deal {entry['deal']}, never dealt: {entry}")
                continue
            scan(json.dumps(entry, ensure_ascii=False), sets[viewer], f"a log entry of deal {entry['deal']}", True)
        return problems, checked

    def _without_pam(self, viewer: Viewer, message: dict[str, Any], problems: list[str]) -> dict[str, Any]:
        """``deal.pam`` names which card is Pam (LOO5-3), a fact of the rules, not where the card lies: it must be
        the deal's Pam, and is then left out of the scan (every other mention of that card is still checked)."""
        deal_state = (message.get("state") or {}).get("deal") or {}
        if deal_state.get("pam") is None:
            return message
        deal = self.room.table.deal
        if deal is None or not deal.offers(Feature.PAM) or deal_state["pam"] != card_str(deal.pam):
            problems.append(f"viewer {viewer} was sent pam {deal_state['pam']!r}, which is not this deal's Pam")
        state = dict(message["state"])
        state["deal"] = {k: v for k, v in deal_state.items() if k != "pam"}
        return {**message, "state": state}


def card_tokens(text: str) -> list[str]:
    """``CARD.findall(text)``, three times faster (every message of hundreds of games is scanned)."""
    out = []
    for m in _CANDIDATE.finditer(text):
        i = m.start()
        if text[i] == "0":  # a ten written 10
            if i >= 1 and text[i - 1] == "1" and (i < 2 or not _wordy(text[i - 2])):
                out.append("1" + m.group())
        elif text[i] != "1" and (i == 0 or not _wordy(text[i - 1])):
            out.append(m.group())
    return out


def word_tokens(text: str) -> list[str]:
    """The cards ``text`` says in words, as codes: ``"Eve plays the four of hearts"`` -> ``["4H"]``."""
    return [_RANK_LETTER[rank.lower()] + suit[0].upper() for rank, suit in WORDS.findall(text)]


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _card(token: str) -> str:
    """A card token as card_str writes it (``10S`` is ``TS``)."""
    return "T" + token[2] if token.startswith("10") else token


# -- recording connections -------------------------------------------------------------------------


class Recorder:
    """A connection (room.Conn) that checks and keeps every message it is pushed."""

    def __init__(self, run: GameRun, seat: Viewer) -> None:
        self.run = run
        self.seat = seat
        self.last_seq = 0
        self.latest: dict[str, Any] | None = None
        self.count = 0

    def push(self, message: dict[str, Any]) -> None:
        self.count += 1
        self.run.receive(self, message)
        if message.get("state") is not None:
            self.latest = message


@dataclass
class GameRun:
    """One game's checking: its visibility, the leaks found, and what was checked."""

    vis: Visibility
    problems: list[str] = field(default_factory=list)
    messages: int = 0
    tokens: int = 0
    hand_tokens: int = 0
    #: states that showed a Loo seat its hand before LOO-DECL-1 lets it look (a ``hand_at_once`` table's)
    early_hands: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def receive(self, rec: Recorder, message: dict[str, Any]) -> None:
        problems, checked = self.vis.check(rec.seat, message)
        self.problems += problems
        self.messages += 1
        self.tokens += checked
        state = message.get("state")
        if state:
            self.hand_tokens += len(state["hand"])
            deal = self.vis.room.table.deal
            if rec.seat is not None and state["hand"] and deal is not None and deal.offers(Feature.DECLARATIONS):
                self.early_hands += not looked_by_law(deal, rec.seat)
        self.changed.set()


# -- the games ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A seeded game: the table's settings, how many of its first seats the test plays, how many deals."""

    config: dict[str, Any]
    persons: int
    deals: int
    #: an undo run: the person undoes at random, allowed or not, and each undo is checked to hide no card he saw
    undoing: bool = False

    @property
    def name(self) -> str:
        c = self.config
        opts = ",".join(f"{k}={v}" for k, v in c["options"].items())
        return f"{c['game']} {c['preset']} [{opts}] {c['players']}p {self.persons}h {c['bot']} seed {c['seed']}"


def table_config(body: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """The settings the server would make of ``body`` (None when it refuses them), with a fixed seed."""
    try:
        config = new_table_config({"bot_delay": 0, **body})
    except ProtocolError:
        return None
    config["seed"] = seed
    return config


LOO_OPTIONS: list[dict[str, Any]] = [
    {},
    {"loo_mode": "unlimited"},
    {"loo_mode": "mixed", "loo_cap": 8},
    {"ante": "all"},
    {"leader": "miss_holder"},
    {"single": "ew"},
    {"single": "none", "lead_rule": "lead_one"},
    {"lead_rule": "cassell", "second_lead": "none"},
    {"dealer_lone_stander": "may_concede", "defender_looed": True},
    {"club_law": True, "pam": "jack_trumps"},
    {"pack": 32},
    {"dealer_stands_out_above": 5},
]

NAP_OPTIONS: list[dict[str, Any]] = [
    {},
    {"kitty": True},
    {"purchase": True},
    {"spare_hand": "peel"},
    {"spare_hand": "sir_garnet"},
    {"peep": True},
    {"nap_top_card": True},
    {"nap_top_card": True, "purchase": True},
    {"nap_challenge": True},
    {"all_pass": "double_header"},
    {"peep": True, "spare_hand": "peel", "nap_challenge": True},
    {"purchase": True, "peep": True, "nap_top_card": True, "all_pass": "double_header"},
    {"min_call": 2, "misery": False, "pack": 32},
]


OPTIONS = {"loo": LOO_OPTIONS, "nap": NAP_OPTIONS}


def games(
    game: str, presets: list[str], count: int, seed: int, mode: str = "strict", *, undoing: bool = False
) -> list[Game]:
    """``count`` seeded games of ``game``: presets, options, table sizes and people in turn, the rest at random;
    ``undoing``, undo runs: one person at each table, every other seat a bot."""
    rng = random.Random(seed)
    lo, hi = seat_range(game)
    # Every size, the smaller more often: a table's messages grow with the square of its size.
    sizes = [lo, lo, lo + 1, lo + 1, lo + 2, lo + 2, *range(lo + 3, hi + 1)]
    options = OPTIONS[game]
    out: list[Game] = []
    combos: Iterator[tuple[str, dict[str, Any]]] = itertools.cycle(itertools.product(presets, options))
    while len(out) < count:
        preset, opts = next(combos)
        players = rng.choice(sizes)
        persons = 1 if undoing else rng.choice([0, 1, 1, 1, 2, min(3, players)])
        opts = dict(opts)
        with contextlib.suppress(RoundgamesError):  # rules the server refuses are left to table_config
            if players > game_spec(game).max_seats(rules_for(game, preset, opts)):
                opts["max_players"] = players  # Nap's seventh player (NAP-GEN-1)
        body = {
            "game": game,
            "preset": preset,
            "options": opts,
            "players": players,
            "people": persons,
            "bot": rng.choice(["random", "random", "sensible"]),
            "bot_delay": 0,
            "rounds": rng.choice([1, 2]),
            "mode": mode,
        }
        config = table_config(body, rng.randrange(2**32))
        if config is None:  # a table the rules refuse (too many players for the pack): not a game
            continue
        out.append(Game(config, persons, rng.choice([2, 3]), undoing))
    return out


def choose(rng: random.Random, state: dict[str, Any]) -> str:
    """A random legal action from the ``legal`` list, choosing cards where an entry asks for some."""
    entry = rng.choice(state["legal"])
    if "choose" not in entry:
        return str(entry["action"])
    lo, hi = entry["choose"]
    pool = state["keeping"]["cards"] if state["keeping"] else state["hand"]
    k = rng.randint(lo, min(hi, len(pool)))
    return " ".join([entry["action"], *rng.sample(pool, k)])


@dataclass
class Outcome:
    problems: list[str]
    messages: int
    tokens: int
    hand_tokens: int
    deals: int
    person_actions: int
    refused: int
    undos: int
    rejoins: int
    aways: int
    warned: int = 0
    irregular: int = 0
    laws: int = 0
    undo_refused: int = 0
    undo_shown: int = 0
    undo_hidden: int = 0
    early_hands: int = 0


class Player:
    """One game played through the server's own :class:`Room`, every message checked: the test's people act at
    random from what they are sent (and, in table mode, commit irregularities), step away, rejoin and undo."""

    def __init__(self, game: Game, db: Path, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.store = SqliteStore(str(db))
        config = game.config
        table_id = f"leak{seed}"
        self.store.create(table_id, config)
        timing = Timing(away_seconds=AWAY, deal_pause=0, trick_pause=0)
        self.room = Room(table_id, config, self.store, time.time(), timing)
        self.room.replay([])
        self.room.start()
        self.run = GameRun(Visibility(self.room))
        self.counts = dict.fromkeys(
            (
                "person_actions", "refused", "undos", "rejoins", "aways", "warned", "irregular", "undo_refused",
                "undo_shown", "undo_hidden",
            ),
            0,
        )  # fmt: skip
        self.table_mode = config.get("mode") == "table"
        self.persons = list(range(game.persons))
        self.recorders: dict[Viewer, Recorder] = {}

    def done(self) -> bool:
        room, deals = self.room, self.game.deals
        deal = room.table.deal
        past = room.deal_number > deals or (room.deal_number == deals and deal is not None)
        return room.table.is_over or (past and (deal is None or deal.is_complete))

    async def wait_for(self, cond: Callable[[], bool]) -> bool:
        """Wait until ``cond()``, as messages come; False (a problem noted) if nothing comes for a while."""
        run = self.run
        while not cond():
            run.changed.clear()
            try:
                await asyncio.wait_for(run.changed.wait(), STALL_SECONDS)
            except TimeoutError:
                run.problems.append(f"{self.game.name}: the table stalled at deal {self.room.deal_number}")
                return False
        return True

    async def rejoin(self) -> None:
        """A fresh connection for a random viewer, with a random ``since``: a snapshot or an update. A seat's moves
        to it (its rejoin link opened on another device), and the connection it leaves watches, then goes."""
        room, rng = self.room, self.rng
        viewer = rng.choice([None, *range(self.game.config["players"])])
        since = rng.choice([None, 0, max(0, room.seq - rng.randint(0, 25)), room.seq])
        extra = Recorder(self.run, viewer)
        await room.call(room.join, extra, since)
        if viewer is None:
            await room.call(room.disconnect, extra)
        else:
            old, self.recorders[viewer] = self.recorders[viewer], extra
            if old.seat is not None:
                self.run.problems.append(f"seat {viewer}'s old connection kept the seat when it moved")
            await room.call(room.disconnect, old)
        self.counts["rejoins"] += 1

    async def step_away(self, p: int) -> None:
        """The person at ``p`` disconnects; a bot plays the seat at once; he comes back to an update or a snapshot."""
        room, rec = self.room, self.recorders[p]
        room.timing = Timing(away_seconds=0, deal_pause=0, trick_pause=0)
        await room.call(room.disconnect, rec)
        room.timing = Timing(away_seconds=AWAY, deal_pause=0, trick_pause=0)
        spectator = self.recorders[None]
        target = spectator.count + self.rng.randint(1, 6)

        def back() -> bool:  # some bot moves made for him, or another person's turn (nobody else moves then)
            deal = room.table.deal
            turn = None if deal is None or deal.is_complete else deal.to_act
            return spectator.count >= target or self.done() or (turn in self.persons and turn != p)

        ok = await self.wait_for(back)
        await room.call(room.join, rec, self.rng.choice([rec.last_seq, rec.last_seq, None]))
        self.counts["aways"] += 1
        if not ok:
            raise _Abort

    async def undo(self, p: int) -> bool:
        """An undo run: ``p`` asks to undo, allowed or not. A refusal changes nothing and says why; an undo applied
        must hide again no card ``p`` could see just before it (each is a problem). Whether it was applied."""
        room, vis, name = self.room, self.run.vis, self.game.name

        def undone() -> tuple[set[str], set[str], RoomError | None, bool]:  # in one turn of the queue
            seen, seq = vis.now()[p], room.seq
            try:
                room.undo(p)
            except RoomError as e:
                return seen, vis.now()[p], e, room.seq == seq
            return seen, vis.now()[p], None, room.seq == seq + 1

        seen, after, error, stored = await room.call(undone)
        if error is not None:
            assert error.code == "no_undo" and stored and after == seen, (name, error.code, error.message)
            self.counts["undo_refused"] += 1
            self.counts["undo_shown"] += "has shown you" in error.message
            return False
        assert stored, f"{name}: the undo is not one stored event"
        hidden = seen - after
        if hidden:
            self.counts["undo_hidden"] += len(hidden)
            self.run.problems.append(
                f"{name}: deal {room.deal_number}: undo hid again {' '.join(sorted(hidden))}, which {NAMES[p]} had seen"
            )
        self.counts["undos"] += 1
        return True

    async def irregularity(self, p: int, card: str) -> bool:
        """Table mode: ``p`` plays ``card``, which the rules forbid; warned of and unchanged, then confirmed."""
        room, name, counts = self.room, self.game.name, self.counts

        def unconfirmed() -> tuple[RoomError | None, bool]:  # in one turn of the queue: did anything change?
            seq = room.seq
            try:
                room.act(p, f"play {card}")
            except RoomError as e:
                return e, room.seq == seq
            return None, False

        error, unchanged = await room.call(unconfirmed)
        assert error is not None, f"{name}: {NAMES[p]} play {card} was applied without a warning"
        if error.code != "irregular":  # no law covers it (a second card to the trick, a card the bots' play made stale)
            assert error.code in ("illegal", "not_your_turn"), (name, error.code, error.message)
            return False
        assert error.laws and unchanged, (name, error.message)
        counts["warned"] += 1
        for _ in range(2):  # the bots may move on before the confirmation: warned again, or no law covers it now
            try:
                await room.call(room.act, p, f"play {card}", True)
            except RoomError as e:
                assert e.code in ("irregular", "illegal", "not_your_turn"), (name, e.code, e.message)
                if e.code == "irregular":
                    counts["warned"] += 1
                    continue
                return True
            counts["irregular"] += 1
            return True
        raise AssertionError(f"{name}: {NAMES[p]} play {card} confirmed twice and not applied")

    async def irregular_turn(self, p: int, state: dict[str, Any]) -> bool | None:
        """Table mode, now and then: ``p`` plays a card the rules forbid on his turn, or a card out of turn. Whether
        it was played; None where nothing was tried (or a card out of turn came to nothing)."""
        deal = state["deal"]
        in_play = deal is not None and deal["phase"] == "play" and not deal["complete"]
        rng = self.rng
        if in_play and state["illegal"] and rng.random() < 0.5:  # on his turn: a card the rules forbid
            return await self.irregularity(p, rng.choice(sorted(state["illegal"])))
        if (
            in_play
            and not state["legal"]
            and state["hand"]
            and rng.random() < 0.02
            and await self.irregularity(p, rng.choice(state["hand"]))  # a card out of turn
        ):
            return True
        return None

    async def person_turn(self, p: int, state: dict[str, Any]) -> None:
        """``p``'s turn: now and then he steps away, undoes or rejoins first; then a random legal entry."""
        room, rng, counts = self.room, self.rng, self.counts
        if self.game.undoing and counts["undos"] < MAX_UNDOS and rng.random() < 0.3 and await self.undo(p):
            return
        r = rng.random()
        if r < 0.02:
            await self.step_away(p)
            return
        if r < 0.06 and state["undo"] and counts["undos"] < 2:
            await room.call(room.undo, p)
            counts["undos"] += 1
            return
        if r < 0.09:
            await self.rejoin()
        for _ in range(30):
            try:
                await room.call(room.act, p, choose(rng, state))
            except RoomError as e:  # a random choice of cards the engine refuses (the stock too short)
                assert e.code in ("illegal", "bad_message"), (self.game.name, e.code, e.message)
                counts["refused"] += 1
                continue
            counts["person_actions"] += 1
            if self.game.undoing and counts["undos"] < MAX_UNDOS and rng.random() < 0.4:
                await self.undo(p)  # at once, before the bots move on: often allowed
            return
        self.run.problems.append(f"{self.game.name}: no legal entry of {state['legal']} was accepted")
        raise _Abort

    async def round(self) -> bool:
        """Each person acts where he may; whether anyone did."""
        acted = False
        for p in self.persons:
            latest = self.recorders[p].latest
            state = latest["state"] if latest else None
            if self.table_mode and state and not self.done() and self.counts["irregular"] < 6:
                played = await self.irregular_turn(p, state)
                if played:
                    acted = True
                    continue
                if played is False:
                    acted = False
            if not state or not state["legal"] or self.done():
                continue
            acted = True
            await self.person_turn(p, state)
        return acted

    async def play(self) -> Outcome:
        """Play the game through its deals; the problems found and what was done."""
        room, run, config = self.room, self.run, self.game.config
        try:
            for p in self.persons:
                await room.call(room.sit, p, NAMES[p])
            for viewer in [*self.persons, *range(self.game.persons, config["players"]), None]:
                self.recorders[viewer] = Recorder(run, viewer)
                await room.call(room.join, self.recorders[viewer], None)
            while not self.done():
                # Counted before the people look: a message that comes while they look (or while one rejoins) is
                # one more to look at, not one to wait for.
                before = run.messages
                if await self.round():
                    continue
                if self.rng.random() < 0.05:
                    await self.rejoin()
                if not await self.wait_for(lambda before=before: run.messages > before or self.done()):
                    break
        except _Abort:
            pass
        finally:
            await room.stop()
            self.store.close()
        laws = sum(1 for e in room.log if e.kind == "law")
        return Outcome(
            run.problems,
            run.messages,
            run.tokens,
            run.hand_tokens,
            room.deal_number,
            **self.counts,
            laws=laws,
            early_hands=run.early_hands,
        )


async def play(game: Game, db: Path, seed: int) -> Outcome:
    """Play ``game`` through its deals with every message checked; the problems found and what was done."""
    return await Player(game, db, seed).play()


def play_all(batch: list[Game], tmp_path: Path, start: int = 0) -> list[tuple[Game, Outcome]]:
    """Play each game of ``batch``, the first as game number ``start`` of its batch (its seed)."""

    async def main() -> list[tuple[Game, Outcome]]:
        return [(g, await play(g, tmp_path / f"leak{i}.sqlite3", i)) for i, g in enumerate(batch, start)]

    return asyncio.run(main())


#: the most games one test plays: a batch is played in parts of about the same size, a test each, so that the
#: tests spread evenly over the workers and none is left alone with a long batch at the end of the run (the
#: table-mode batches are played whole: their laws are counted against their irregularities over the batch)
PART = 12


def parts(batches: dict[str, tuple[str, list[str], int, int]]) -> list[str]:
    """The parts of each batch as test ids, ``BATCH/K`` for its K-th part."""
    return [f"{name}/{k}" for name, (_, _, count, _) in batches.items() for k in range(-(-count // PART))]


def play_part(
    batches: dict[str, tuple[str, list[str], int, int]], part: str, tmp_path: Path, **kind: Any
) -> tuple[list[Game], list[tuple[Game, Outcome]], float]:
    """Play the part ``BATCH/K`` of :func:`parts`: the batch's games (by :func:`games`, ``kind`` its mode or
    undoing), the results of the part's own (with the batch's seeds), and the share of the batch they are. A total
    the batch must reach is asked of each part in proportion, so that the parts together ask at least what it did."""
    name, k = part.split("/")
    game, presets, count, seed = batches[name]
    many = -(-count // PART)
    start, stop = int(k) * count // many, (int(k) + 1) * count // many
    batch = games(game, presets, count, seed, **kind)
    return batch, play_all(batch[start:stop], tmp_path, start), (stop - start) / count


# -- the tests --------------------------------------------------------------------------------------

#: (game, presets, games, seed). Nap's options and the Five-card and Irish forms are played at full strength (65 and
#: 40 games); the Loo presets' and Nap's Peel batches at 36 games, three parts (their games still cycle through
#: every option, at every size of table: the tests below check both)
BATCHES = {
    "loo-peel": ("loo", ["peel"], 36, 11),
    "loo-enquire-within": ("loo", ["enquire-within"], 36, 12),
    "nap-peel": ("nap", ["peel"], 36, 13),
    "nap-plain-modern": ("nap", ["plain", "modern"], 65, 14),
    # Five-card and Irish Loo: the stock, the exchanges (the cards put out and drawn), Pam, flushes shown
    "loo-five-irish": ("loo", ["five-card", "irish"], 40, 15),
}


def at_once(batch: list[Game], on: bool) -> list[Game]:
    """The games of ``batch`` at tables created with ``hand_at_once`` on or off."""
    return [Game({**g.config, "hand_at_once": on}, g.persons, g.deals, g.undoing) for g in batch]


@pytest.mark.parametrize("on", [True, False], ids=["hand_at_once", "by_the_law"])
def test_a_table_showing_each_hand_at_once_shows_a_seat_its_own_cards_and_no_others(on: bool, tmp_path: Path) -> None:
    """``hand_at_once`` (the table's departure from LOO-DECL-1): each person is sent his own hand as soon as it is
    dealt, and still no card of another hand, the miss or the stock; off (the default), never before his turn to
    declare comes. The same seeded games both ways."""
    batch = at_once(games("loo", ["peel", "enquire-within", "five-card", "irish"], 8, 41), on)
    results = play_all(batch, tmp_path)
    problems = [p for _, o in results for p in o.problems]
    assert not problems, f"{len(problems)} leaks or stalls; the first:\n" + "\n".join(problems[:10])
    assert sum(o.person_actions for _, o in results) > 20 and all(o.deals >= 1 for _, o in results)
    early = sum(o.early_hands for _, o in results)
    assert early > 0 if on else early == 0, early


def test_the_checker_catches_another_hand_at_a_table_showing_each_hand_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a ``hand_at_once`` table a seat's own hand is his to see early; the next seat's is still caught."""
    honest = room_module.state_for

    def leaky(facts: TableFacts, viewer: Viewer) -> dict[str, Any]:
        state = honest(facts, viewer)
        _leak_other_hand(state, facts, viewer)
        return state

    monkeypatch.setattr(room_module, "state_for", leaky)
    body = {"game": "loo", "players": 5, "people": 1, "bot": "random", "bot_delay": 0, "hand_at_once": True}
    config = table_config(body, 7)
    assert config is not None and config["hand_at_once"] is True
    outcome = asyncio.run(play(Game(config, 1, 3), tmp_path / "leaky.sqlite3", 5))
    assert outcome.problems and all("was sent" in p for p in outcome.problems), outcome.problems[:3]


#: table-mode batches: (game, presets, games, seed); the people commit irregularities too
TABLE_BATCHES = {
    "loo-table": ("loo", ["peel", "enquire-within"], 24, 21),
    "nap-table": ("nap", ["peel", "plain", "modern"], 24, 22),
    "loo-five-irish-table": ("loo", ["five-card", "irish"], 16, 23),
}


@pytest.mark.parametrize("part", parts(BATCHES))
def test_no_message_carries_a_card_its_receiver_may_not_see(part: str, tmp_path: Path) -> None:
    batch, results, share = play_part(BATCHES, part, tmp_path)
    problems = [p for _, o in results for p in o.problems]
    assert not problems, f"{len(problems)} leaks or stalls; the first:\n" + "\n".join(problems[:10])
    # The checker saw real cards, hands included, and the test played its seats (on average over the part's
    # games, at least 16 cards of a hand and 3 actions of a person a game); the batch is played at every size.
    assert len(results) == round(share * len(batch))
    assert all(o.deals >= 1 and o.tokens > 0 for _, o in results)
    assert sum(o.hand_tokens for _, o in results) > 16 * len(results)
    assert sum(o.person_actions for _, o in results) > 3 * len(results)
    assert sum(o.rejoins for _, o in results) > 0 and sum(o.aways for _, o in results) > 0
    lo, hi = seat_range(batch[0].config["game"])
    assert {g.config["players"] for g in batch} == set(range(lo, hi + 1))


@pytest.mark.parametrize("batch", list(TABLE_BATCHES))
def test_table_mode_no_message_carries_a_card_its_receiver_may_not_see(batch: str, tmp_path: Path) -> None:
    """Table mode with irregularities injected: the laws applied, hands replayed and cards taken back leak nothing;
    the irregular card itself is the only card the law puts before everybody."""
    game, presets, count, seed = TABLE_BATCHES[batch]
    results = play_all(games(game, presets, count, seed, mode="table"), tmp_path)
    problems = [p for _, o in results for p in o.problems]
    assert not problems, f"{len(problems)} leaks or stalls; the first:\n" + "\n".join(problems[:10])
    assert all(g.config["mode"] == "table" for g, _ in results)
    assert all(o.deals >= 1 and o.tokens > 0 for _, o in results)
    # Irregularities were committed, warned of first, and their laws applied and logged.
    assert sum(o.irregular for _, o in results) > 20
    assert sum(o.warned for _, o in results) >= sum(o.irregular for _, o in results)
    assert sum(o.laws for _, o in results) >= sum(o.irregular for _, o in results)


#: undo runs: (game, presets, games, seed); one person at each table, who undoes at random, allowed or not
UNDO_BATCHES = {
    "loo-undo": ("loo", ["peel", "enquire-within", "five-card", "irish"], 24, 31),
    "nap-undo": ("nap", ["peel", "plain", "modern"], 24, 32),
}


@pytest.mark.parametrize("part", parts(UNDO_BATCHES))
def test_undo_never_hides_again_a_card_its_person_has_seen(part: str, tmp_path: Path) -> None:
    """A person alone with bots undoes at random, where it is offered and where it is not: no undo hides again a
    card he could see just before it (a bot's card played after his action, the miss, cards bought), so he never
    replays knowing a hidden card; a refused undo changes nothing, and says why (a card he has been shown)."""
    _, results, share = play_part(UNDO_BATCHES, part, tmp_path, undoing=True)
    problems = [p for _, o in results for p in o.problems]
    assert not problems, f"{len(problems)} leaks or stalls; the first:\n" + "\n".join(problems[:10])
    assert sum(o.undo_hidden for _, o in results) == 0
    # Undo was applied often, and refused often because a bot's card had been shown since the person's action.
    assert sum(o.undos for _, o in results) > 100 * share
    assert sum(o.undo_shown for _, o in results) > 50 * share
    assert all(o.deals >= 1 and o.tokens > 0 for _, o in results)


def test_the_checker_catches_an_undo_that_hides_a_card_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo made to take back the bots' cards played after the person's action (the room told only of what an
    action shows its actor, as once it was): the undo runs catch the cards hidden again."""
    honest = reducer_module.note_shown

    def actor_only(state: reducer_module.TableState, seq: int, actor: int, before: dict[int, int]) -> bool:
        return honest(state, seq, actor, {actor: before[actor]} if actor in before else {})  # a bot's seat: none

    monkeypatch.setattr(reducer_module, "note_shown", actor_only)
    results = play_all(games("loo", ["peel"], 6, 33, undoing=True), tmp_path)
    assert sum(o.undo_hidden for _, o in results) > 0
    assert any("undo hid again" in p for _, o in results for p in o.problems)


@pytest.mark.parametrize(
    "text",
    [
        "AS QH 10S TS 3C",
        '{"hand":["AS","10D"],"text":"Bot 2 plays 9H; 2C, 10C."}',
        "ASK 1S 0S 110S x10S _QH QH_ AS9 9AS 10 S JD, KC",
        "Ann wins the trick (Ann AS, Bob 2C, Cy 10H)",
        "",
    ],
)
def test_card_tokens_finds_what_the_card_pattern_finds(text: str) -> None:
    assert card_tokens(text) == CARD.findall(text)


def test_word_tokens_reads_the_cards_the_log_says_in_words() -> None:
    said = "Ann wins the trick (Ann the ace of spades, Bob the Two of clubs, Cy the knave of hearts); ten of cups"
    assert word_tokens(said) == ["AS", "2C", "JH"]


def test_every_option_of_the_brief_is_played() -> None:
    """The batches cover the presets and the options the leak test is meant to: a cheap check of the plan."""
    played: set[tuple[str, str, str]] = set()
    for game, presets, count, seed in BATCHES.values():
        for g in games(game, presets, count, seed):
            played |= {(g.config["game"], k, json.dumps(v)) for k, v in g.config["options"].items()}
            played.add((g.config["game"], "preset", g.config["preset"]))
    for want in [
        ("loo", "preset", '"peel"'),
        ("loo", "preset", '"enquire-within"'),
        ("loo", "preset", '"five-card"'),
        ("loo", "preset", '"irish"'),
        ("nap", "preset", '"peel"'),
        ("nap", "preset", '"plain"'),
        ("nap", "preset", '"modern"'),
        ("nap", "kitty", "true"),
        ("nap", "purchase", "true"),
        ("nap", "spare_hand", '"peel"'),
        ("nap", "peep", "true"),
        ("nap", "nap_top_card", "true"),
        ("nap", "nap_challenge", "true"),
        ("nap", "all_pass", '"double_header"'),
    ]:
        assert want in {(g, k, v if k != "preset" else json.dumps(v)) for g, k, v in played}, want


# -- the checker catches a leaking server -------------------------------------------------------------


def _leak_other_hand(state: dict[str, Any], facts: TableFacts, viewer: Viewer) -> None:
    deal = facts.table.deal
    if deal is not None and viewer is not None:
        state["peek"] = card_list(deal.hands[(viewer + 1) % deal.n])


def _leak_own_hand_before_looking(state: dict[str, Any], facts: TableFacts, viewer: Viewer) -> None:
    deal = facts.table.deal
    if deal is not None and viewer is not None:
        state["hand"] = card_list(deal.hands[viewer])  # LOO-DECL-1 ignored


def _leak_miss(state: dict[str, Any], facts: TableFacts, viewer: Viewer) -> None:
    deal = facts.table.deal
    if deal is not None and deal.offers(Feature.MISS) and deal.miss_holder is None and state["deal"] is not None:
        state["deal"]["miss"] = card_list(deal.miss)


def _leak_widow_and_stock(state: dict[str, Any], facts: TableFacts, viewer: Viewer) -> None:
    deal = facts.table.deal
    if deal is not None and deal.offers(Feature.CALLS) and state["deal"] is not None:
        if deal.widow is not None:
            state["deal"]["widow"] = card_str(deal.widow)
        state["deal"]["stock"] = [card_str(c) for c in deal.stock[:1]]


def _leak_five_card_stock(state: dict[str, Any], facts: TableFacts, viewer: Viewer) -> None:
    deal = facts.table.deal
    if deal is not None and deal.offers(Feature.EXCHANGES) and state["deal"] is not None:
        state["deal"]["stock_top"] = [card_str(c) for c in deal.heaps().get("stock", [])[:1]]


def _leak_to_spectators(state: dict[str, Any], facts: TableFacts, viewer: Viewer) -> None:
    deal = facts.table.deal
    if deal is not None and viewer is None:
        state["hand"] = card_list(deal.hands[deal.dealer])


LEAKS: dict[str, tuple[Callable[[dict[str, Any], TableFacts, Viewer], None], dict[str, Any]]] = {
    "another seat's hand": (_leak_other_hand, {"game": "loo", "players": 5}),
    "own hand before LOO-DECL-1": (_leak_own_hand_before_looking, {"game": "loo", "players": 6}),
    "the miss": (_leak_miss, {"game": "loo", "players": 4}),
    "the widow and the stock": (_leak_widow_and_stock, {"game": "nap", "options": {"peep": True, "purchase": True}}),
    "a hand to spectators": (_leak_to_spectators, {"game": "nap", "players": 3}),
    "the Five-card stock": (_leak_five_card_stock, {"game": "loo", "preset": "five-card", "players": 4}),
}


@pytest.mark.parametrize("leak", list(LEAKS))
def test_the_checker_catches_a_leaking_state(leak: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """views.state_for made to leak (the room's reference to it patched): the checker must catch it."""
    add, body = LEAKS[leak]
    honest = room_module.state_for

    def leaky(facts: TableFacts, viewer: Viewer) -> dict[str, Any]:
        state = honest(facts, viewer)
        add(state, facts, viewer)
        return state

    monkeypatch.setattr(room_module, "state_for", leaky)
    config = table_config({**body, "people": 1, "bot": "random", "bot_delay": 0}, 7)
    assert config is not None
    outcome = asyncio.run(play(Game(config, 1, 3), tmp_path / "leaky.sqlite3", 5))
    assert outcome.problems, f"the checker missed {leak}"
    assert all("was sent" in p for p in outcome.problems), outcome.problems[:3]


def test_the_checker_catches_a_leaking_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A log line that tells everyone what only the buyer may read (his discards) is caught too."""
    honest = reducer_module.describe

    def leaky(deal: Any, action: Any, names: list[str]) -> tuple[str, str | None]:
        public, mine = honest(deal, action, names)
        return (mine or public), mine

    monkeypatch.setattr(reducer_module, "describe", leaky)
    body = {"game": "nap", "players": 4, "people": 1, "bot": "random", "bot_delay": 0, "options": {"purchase": True}}
    config = table_config(body, 3)
    assert config is not None
    outcome = asyncio.run(play(Game(config, 1, 4), tmp_path / "leaky.sqlite3", 9))
    assert any("in a log entry" in p and "You discard" in p for p in outcome.problems), outcome.problems[:3]


def test_the_checker_passes_the_honest_server_on_the_same_games(tmp_path: Path) -> None:
    """The games the checker tests use, played with the honest server: no problem (so a catch above is the leak)."""
    for i, (_, body) in enumerate(LEAKS.values()):
        config = table_config({**body, "people": 1, "bot": "random", "bot_delay": 0}, 7)
        assert config is not None
        outcome = asyncio.run(play(Game(config, 1, 3), tmp_path / f"honest{i}.sqlite3", 5))
        assert not outcome.problems, outcome.problems[:3]


def test_the_checker_catches_a_hand_told_in_a_law_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Table mode: the card played irregularly is public, the rest of the offender's hand is not. A law's line made
    to name his hand is caught; the same game with the honest server passes."""
    body = {"game": "loo", "players": 4, "people": 1, "bot": "random", "bot_delay": 0, "mode": "table", "rounds": 2}
    config = table_config(body, 7)
    assert config is not None
    honest_outcome = asyncio.run(play(Game(config, 1, 4), tmp_path / "honest.sqlite3", 5))
    assert honest_outcome.irregular > 0 and not honest_outcome.problems, honest_outcome.problems[:3]

    honest = reducer_module.applied_lines

    def leaky(deal: Any, laws_before: int, played_before: int, action: Any, names: list[str]) -> Any:
        held = " ".join(card_list(deal.hands[action.seat]))
        return [
            (s, f"{text} {names[action.seat]} holds {held}.")
            for s, text in honest(deal, laws_before, played_before, action, names)
        ]

    monkeypatch.setattr(reducer_module, "applied_lines", leaky)
    outcome = asyncio.run(play(Game(config, 1, 4), tmp_path / "leaky.sqlite3", 5))
    assert outcome.irregular > 0
    assert any("in a log entry" in p and " holds " in p for p in outcome.problems), outcome.problems[:3]
