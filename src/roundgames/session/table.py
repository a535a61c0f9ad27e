"""A table in play: a sitting of Loo or Nap with some seats driven by people and the rest by bots.

The terminal front ends (the full-screen table and ``--plain`` line mode) are views of one
:class:`Table`: it deals, lets the bots play until a person must act, reads what a person
types (``s``, ``stand``, ``QH``, ``10S``, a card's number in the hand, ``p``, ``3``, ``nap``),
keeps the score sheet, and saves and resumes the whole sitting as deal records.

>>> table = Table.new("loo", players=4, humans=[0], seed=5)
>>> table.start_deal()
>>> _ = table.run_bots()
>>> table.to_act in (None, 0)
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..bots import Bot, make_bot
from ..core.cards import card_str, cards_in, parse_card, sort_key
from ..core.errors import CardError, RecordError
from ..core.tricks import Trick
from ..games.protocol import GameSpec, Irregularity
from ..games.registry import game as game_spec
from ..loo.deal import LooAction, LooDeal, Phase
from ..loo.rules import LooRules
from ..loo.sitting import LooSitting
from ..nap import NapDeal
from ..nap.calls import CALLS
from ..nap.deal import NapAction, NapPhase
from ..nap.rules import NapRules
from ..nap.sitting import NapSitting
from ..records.deal import record_of, replay
from ..records.disk import write_text
from ..records.sitting import dumps_sitting, records_of, sitting_from_records
from ..records.table import TABLE_FORMAT, SavedTable, load_table, save_table

__all__ = ["LOO_FORMS", "SAVE_FORMAT", "PlaySettings", "Table", "hand_order"]

#: every form of Loo (RULES.md §4): what a front end that types exchanges and shows flushes may pass as ``forms``
LOO_FORMS = ("three_card", "five_card", "irish")

#: the saved table's format (:mod:`roundgames.records.table` reads and writes the file)
SAVE_FORMAT = TABLE_FORMAT
_LOO_WORDS = {"s": "stand", "stand": "stand", "t": "throw", "throw": "throw", "m": "miss", "miss": "miss"}
_LOO_WORDS |= {"d": "defend", "defend": "defend", "replay": "replay"}  # replay: table mode's demand (LOO-LAW-0b)
_LOO_WORDS |= {"f": "flush", "flush": "flush"}  # showing a flush (LOO5-6)
_EXCHANGE_WORDS = ("x", "exchange")  # x CARDS: discard these and draw as many from the stock (LOO5-2)
_NAP_WORDS = {"p": "pass", "pass": "pass", "n": "nap", "nap": "nap", "mis": "misery", "misery": "misery"}
_NAP_WORDS |= {"w": "wellington", "wellington": "wellington", "b": "blucher", "blucher": "blucher"}
_NAP_WORDS |= {"blücher": "blucher", "peep": "peep", "raise": "raise", "r": "raise"}


def hand_order(mask: int) -> list[int]:
    """The cards of a hand in the order the table shows them: suits S H D C, ace down."""
    return sorted(cards_in(mask), key=sort_key)


@dataclass
class Table:
    """A sitting at a table: the game, the rules, who is a person, the bots, and the sitting itself."""

    game: str
    rules: LooRules | NapRules
    seats: list[str]
    humans: list[int]
    bot_name: str
    seed: int | str
    rounds: int
    sitting: LooSitting | NapSitting
    bots: dict[int, Bot] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)
    #: the deal just finished, kept in view (its tricks, its payments) after the sitting has settled it
    finished: LooDeal | NapDeal | None = None
    #: a person who has taken the Nap spare hand and is choosing the five to keep (NAP-VAR-SPARE)
    keeping: int | None = None

    # -- making a table ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        *,
        players: int,
        humans: Sequence[int] = (0,),
        preset: str = "peel",
        options: dict[str, Any] | None = None,
        bot: str = "sensible",
        seed: int | str | None = None,
        rounds: int = 1,
        names: Sequence[str] | None = None,
        table_mode: bool = False,
        forms: Sequence[str] = ("three_card",),
    ) -> Table:
        """A new table; raises a :class:`RoundgamesError` naming any bad setting. ``table_mode``: irregular
        actions are accepted and ruled by the laws (RULES.md §5, §8) instead of refused. ``forms``: the Loo
        forms the front end can play; the terminal passes :data:`LOO_FORMS` (it types exchanges and shows
        flushes), the web table keeps the default (it has no exchange or flush entry, LOO5-2, LOO5-6)."""
        if game not in ("loo", "nap"):
            raise RecordError("game", f"unknown game {game!r} (valid: loo, nap)")
        rules: LooRules | NapRules = (LooRules if game == "loo" else NapRules).preset(preset)
        rules = rules.with_options(options or {})
        if isinstance(rules, LooRules) and rules.form not in forms:
            # This front end has no way to enter an exchange or show a flush (LOO5-2, LOO5-6).
            game_name, demo = ("Five-card Loo", "five-card") if rules.form == "five_card" else ("Irish Loo", "irish")
            chosen = f"preset {preset!r}" if LooRules.preset(preset).form == rules.form else f"form {rules.form!r}"
            raise RecordError(
                "options.form",
                f"{game_name} ({chosen}) cannot be played at the terminal or web table yet: they have no "
                f"way to enter an exchange or show a flush. Watch it with `roundgames demo --preset {demo}`, "
                "or rule on its records with `roundgames referee`",
            )
        alone = len(humans) == 1  # one person is "You"; several at one table keep their seat numbers
        seats = list(names) if names else ["You" if alone and i in humans else f"P{i + 1}" for i in range(players)]
        for h in humans:
            if not 0 <= h < players:
                raise RecordError("humans", f"seat {h + 1} is not at a table of {players}")
        seed = random.randrange(2**32) if seed is None else seed
        sitting: LooSitting | NapSitting
        if isinstance(rules, LooRules):
            sitting = LooSitting(rules, seats, seed=seed, rounds=rounds, table_mode=table_mode)
        else:
            sitting = NapSitting(rules, seats, seed=seed, table_mode=table_mode)
        table = cls(game, rules, seats, list(humans), bot, seed, rounds, sitting)
        table._make_bots()
        return table

    def _make_bots(self) -> None:
        for i in range(len(self.seats)):
            if i not in self.humans:
                # A seed from the table's seed and the seat, the same in every process (hash() is salted).
                seed = random.Random(f"{self.seed}:bot:{i}").getrandbits(32)
                self.bots[i] = make_bot(self.bot_name, self.game, seed=seed)

    @property
    def spec(self) -> GameSpec:
        """The game's spec: its verbs, options, laws and words (:mod:`roundgames.games.registry`)."""
        return game_spec(self.game)

    @property
    def table_mode(self) -> bool:
        """Whether irregular actions are ruled by the laws (RULES.md §5, §8) instead of refused."""
        return self.sitting.table_mode

    # -- the deal in progress ------------------------------------------------------------

    @property
    def deal(self) -> LooDeal | NapDeal | None:
        """The deal in progress (or just finished), if any."""
        return self.sitting.current if self.sitting.current is not None else self.finished

    @property
    def to_act(self) -> int | None:
        """The seat to act now, or None between deals."""
        deal = self.deal
        return None if deal is None or deal.is_complete else deal.to_act

    @property
    def is_over(self) -> bool:
        """Whether the sitting has ended."""
        return self.sitting.is_over

    def start_deal(self) -> None:
        """Deal the next deal."""
        self.finished = None
        deal = self.sitting.start_deal()
        d = deal.seats[deal.dealer]
        verb = "deal" if d == "You" else "deals"
        if isinstance(deal, LooDeal):
            # A Peel single settles as it is dealt; its pool was the carry plus the dealer's stake (§14.19).
            staked = deal.ledger.start + deal.rules.stakes.deal if deal.is_complete else deal.pool
            self.events.append(
                f"Deal {len(self.sitting.deals) + 1}: {d} {verb} a {deal.kind.value} deal; "
                f"turn-up {card_str(deal.turnup)}; pool {staked}."
            )
            if deal.is_complete:
                self._deal_over()
        else:
            self.events.append(f"Deal {len(self.sitting.deals) + 1}: {d} {verb}.")

    def run_bots(self, limit: int = 1000) -> list[str]:
        """Let the bots act until a person must act or the deal ends; returns what they did."""
        done: list[str] = []
        deal = self.deal
        while deal is not None and not deal.is_complete and deal.to_act not in self.humans and limit > 0:
            limit -= 1
            seat = deal.to_act
            assert seat is not None
            action = self.bots[seat].choose(deal.view(seat))
            done.append(self._apply(action))
        return done

    def bot_step(self) -> str | None:
        """Let one bot act, if a bot is to act; returns what it did."""
        deal = self.deal
        if deal is None or deal.is_complete or deal.to_act in self.humans or deal.to_act is None:
            return None
        return self._apply(self.bots[deal.to_act].choose(deal.view(deal.to_act)))

    def _apply(self, action: LooAction | NapAction) -> str:
        deal = self.deal
        assert deal is not None
        before, laws, played = len(deal.tricks), len(deal.irregularities), _played(deal)
        deal.apply(action)  # type: ignore[arg-type]
        text = self.describe(action)
        self.events.append(text)
        for law in deal.irregularities[laws:]:  # table mode: each law applied, with its penalty
            self.events.append(f"  {law.text(deal.seats)}.")
        if _played(deal) < played and not deal.is_complete:  # the law ordered a replay (LOO-LAW-0b, NAP-LAW-6)
            self.events.append("  Every card goes back to its hand: the hand is replayed from the first lead.")
            return text
        if len(deal.tricks) > before:
            t = deal.tricks[-1]
            assert t.winner is not None
            self.events.append(f"  Trick to {deal.seats[t.winner]} ({self.trick_text(t)}).")
        if deal.is_complete:
            self._deal_over()
        return text

    def _deal_over(self) -> None:
        deal = self.deal
        assert deal is not None
        self.finished = deal
        self.sitting.end_deal()  # balances, pool, the next dealer; LOO-END-1 may end the game here
        if isinstance(self.sitting, NapSitting) and len(self.sitting.deals) >= self.rounds * len(self.seats):
            self.sitting.stop("divide")  # Nap has no end of its own (NAP-SET-3): a kitty left is shared out
        paid = ", ".join(f"{name} {deal.net[i]:+d}" for i, name in enumerate(deal.seats))
        if isinstance(deal, LooDeal):
            looed = ", ".join(deal.seats[s] for s in deal.looed) or "nobody"
            self.events.append(f"Deal over. Looed: {looed}. {paid}. Next pool {deal.pool_total}.")
        elif deal.declarer is None:
            self.events.append(f"All passed. {paid}.")
        else:
            verdict = "made" if deal.made else "lost"
            self.events.append(f"{deal.seats[deal.declarer]} {verdict} {deal.contract}. {paid}.")

    def describe(self, action: LooAction | NapAction) -> str:
        """An action as the log shows it (others' discards stay hidden from the people at the table)."""
        deal = self.deal
        assert deal is not None
        hidden = isinstance(action, NapAction) and action.verb in ("buy", "spare", "widow", "topcard")
        if hidden and isinstance(action, NapAction) and action.seat not in self.humans:
            count = f" {len(action.cards)}" if action.verb == "buy" else ""
            return f"{deal.seats[action.seat]} {action.verb}{count}"
        return deal.action_str(action)  # type: ignore[arg-type]

    def trick_text(self, trick: Trick) -> str:
        """``P1 AS, P2 2C, ...`` for a trick."""
        deal = self.deal
        assert deal is not None
        return ", ".join(f"{deal.seats[s]} {card_str(c)}" for s, c in zip(trick.seats, trick.cards, strict=True))

    def last_trick(self) -> Trick | None:
        """The last finished trick of the deal in progress."""
        deal = self.deal
        return deal.tricks[-1] if deal is not None and deal.tricks else None

    # -- a person's input ----------------------------------------------------------------

    def legal_texts(self, seat: int) -> list[str]:
        """What ``seat`` may do now, as it would type it."""
        deal = self.deal
        if deal is None or deal.to_act != seat or deal.is_complete:
            return []
        view = deal.view(seat)
        out = []
        for a in view.legal:
            if a.verb == "play":
                code = card_str(a.card if isinstance(a, LooAction) else a.cards[0])  # type: ignore[arg-type]
                out.append(f"{code} civil" if isinstance(a, LooAction) and a.arg == "civil" else code)  # LOO5-4
            elif isinstance(a, NapAction) and a.verb == "call":
                out.append(str(a.call))
            elif isinstance(a, NapAction) and a.verb in ("buy", "spare"):
                continue  # typed as "buy CARDS" / "spare CARDS"
            elif a.verb == "exchange":
                if "exchange CARDS" not in out:  # one entry for every set of cards (LOO5-2)
                    out.append("exchange CARDS")
            else:
                out.append(a.verb)
        if isinstance(view.legal[0] if view.legal else None, NapAction):
            verbs = {a.verb for a in view.legal}
            out += [f"{v} CARDS" for v in ("buy", "spare") if v in verbs]
        if self.keeping == seat:
            return ["keep CARDS"]
        if hasattr(view, "may_take"):
            out += [v if v == "spare" else f"{v} CARD" for v in getattr(view, "may_take", ())]
        return out

    def parse(self, seat: int, text: str) -> LooAction | NapAction:
        """What ``seat`` means by ``text``; raises :class:`RoundgamesError` if it means nothing here."""
        deal = self.deal
        if deal is None or deal.is_complete:
            raise RecordError("input", "no deal is in progress")
        words = text.strip().lower().split()
        if not words:
            raise RecordError("input", "type an action (? for help)")
        head, rest = words[0], words[1:]
        if head in ("irregular", "replay"):  # table mode: a law stated by its ID, a demand for the replay (§14.9)
            arg = " ".join(text.split()[1:]) or None  # as typed: a seat's name keeps its case
            return LooAction(seat, head, arg=arg) if isinstance(deal, LooDeal) else NapAction(seat, head, arg=arg)
        hand = hand_order(deal.hands[seat])
        playing = deal.phase is (Phase.PLAY if isinstance(deal, LooDeal) else NapPhase.PLAY)
        if playing and head.isdigit() and not rest:  # a card's number in the hand, from 1
            i = int(head) - 1
            if not 0 <= i < len(hand):
                raise RecordError("input", f"{head}: the hand has {len(hand)} cards (1 to {len(hand)})")
            card = hand[i]
            return (
                LooAction(seat, "play", card) if isinstance(deal, LooDeal) else NapAction(seat, "play", None, (card,))
            )
        if isinstance(deal, LooDeal):
            if head in _LOO_WORDS and not rest:
                return LooAction(seat, _LOO_WORDS[head])
            if head in _EXCHANGE_WORDS:  # x CARDS, by code or by number in the hand (LOO5-2)
                if not rest:
                    raise RecordError("input", f"{head} CARDS: name the cards to exchange (codes or numbers 1-5)")
                cards = [self._held(hand, w) for w in rest]
                if len(set(cards)) < len(cards):
                    raise RecordError("input", f"{head} {' '.join(rest)}: each card once")
                return LooAction(seat, "exchange", None, " ".join(card_str(c) for c in cards))
            if head == "play" and len(rest) in (1, 2):
                head, rest = rest[0], rest[1:]
            if rest == ["civil"]:  # the ace of trumps led with "Pam be civil" (LOO5-4)
                return LooAction(seat, "play", self._held(hand, head), "civil")
            return LooAction(seat, "play", self._card(head))
        if head in ("call",) and len(rest) == 1:
            head = rest[0]
        if head in CALLS or (head in _NAP_WORDS and _NAP_WORDS[head] in CALLS):
            return NapAction(seat, "call", _NAP_WORDS.get(head, head))
        if head in _NAP_WORDS and not rest:
            return NapAction(seat, _NAP_WORDS[head])
        if head in ("buy", "spare"):
            return NapAction(seat, head, None, tuple(self._card(w) for w in rest))
        if head in ("widow", "topcard") and len(rest) == 1:
            return NapAction(seat, head, None, (self._card(rest[0]),))
        if head == "play" and len(rest) == 1:
            head = rest[0]
        return NapAction(seat, "play", None, (self._card(head),))

    @classmethod
    def _held(cls, hand: list[int], word: str) -> int:
        """A card named by its code, or by its number in ``hand`` (from 1)."""
        if word.isdigit():  # no card code is all digits ("10" needs its suit)
            i = int(word) - 1
            if not 0 <= i < len(hand):
                raise RecordError("input", f"{word}: the hand has {len(hand)} cards (1 to {len(hand)})")
            return hand[i]
        return cls._card(word)

    @staticmethod
    def _card(word: str) -> int:
        try:
            return parse_card(word)
        except CardError as e:
            raise RecordError("input", f"{e.args[0]}; or type ? for help") from None

    def check(self, seat: int, text: str) -> LooAction | NapAction:
        """What ``seat`` means by ``text``, checked but not applied; raises as :meth:`act` does."""
        if seat not in self.humans:
            raise RecordError("input", f"{self.seats[seat]} is played by a bot")
        deal = self.deal
        if deal is None or deal.is_complete:
            raise RecordError("input", "no deal is in progress")
        action = self.parse(seat, text)
        # Two branches, not one: each narrows the deal and the action to the same game for the type checker.
        if isinstance(deal, LooDeal) and isinstance(action, LooAction):
            deal.verify(action)
        elif isinstance(deal, NapDeal) and isinstance(action, NapAction):
            if self.table_mode:
                self.laws_if(action)  # NapDeal.verify is strict mode's; this raises only where no law covers it
            else:
                deal.verify(action)
        return action

    def laws_if(self, action: LooAction | NapAction) -> list[Irregularity]:
        """In table mode, the laws that ``action`` would bring into force (empty for a proper action);
        worked out on a copy of the deal, so nothing changes. Raises as :meth:`check` does when no law
        covers it. A front end shows them to a person before he commits an irregularity."""
        deal = self.deal
        if deal is None or deal.is_complete or not self.table_mode:
            return []
        probe = deal.copy()
        probe.table_mode = False  # first: is it proper, as strict mode sees it?
        proper = probe.can(action)
        probe.table_mode = True
        if proper:
            return []
        before = len(probe.irregularities)
        probe.apply(action)  # type: ignore[arg-type]
        return probe.irregularities[before:]

    def act(self, seat: int, text: str) -> str:
        """Apply what ``seat`` typed; raises :class:`IllegalActionError` (with the rule) or another
        :class:`RoundgamesError` and changes nothing when it is not legal.

        Taking the Nap spare hand is two steps for a person, as at the table: ``spare`` takes it (a call of
        Nap) and shows the ten cards; ``keep C1 .. C5`` then keeps five of them."""
        words = text.strip().lower().split()
        deal = self.deal
        if isinstance(deal, NapDeal) and words == ["spare"]:
            own = tuple(hand_order(deal.hands[seat]))
            self.check(seat, "spare " + " ".join(card_str(c) for c in own))  # may he take it now?
            self.keeping = seat
            ten = " ".join(card_str(c) for c in hand_order(deal.hands[seat] | deal.spare))
            who = deal.seats[seat]
            verb = "take" if who == "You" else "takes"
            note = f"{who} {verb} the spare hand (a call of Nap): {ten}. Keep five: keep C1 C2 C3 C4 C5."
            self.events.append(note)
            return note
        if self.keeping == seat:
            if not words or words[0] not in ("keep", "spare") or len(words) != 6:
                raise RecordError("input", "you have taken the spare hand: keep five of the ten (keep C1 C2 C3 C4 C5)")
            text = "spare " + " ".join(words[1:])
        done = self._apply(self.check(seat, text))
        self.keeping = None
        return done

    # -- money and rules -----------------------------------------------------------------

    def score_sheet(self) -> list[tuple[str, list[int], int]]:
        """Each seat's result per finished deal and its balance: ``(name, [net...], total)``."""
        rows = []
        for name in self.seats:
            per_deal = []
            for deal in self.sitting.deals:
                per_deal.append(deal.net[deal.seats.index(name)] if name in deal.seats else 0)
            rows.append((name, per_deal, self.sitting.balances.get(name, 0)))
        return rows

    def rules_lines(self) -> list[str]:
        """The rules in force, a line each."""
        r = self.rules
        lines = [f"{self.game} preset {r.name}; stakes {r.stakes}"]
        options = r.options()
        lines += [f"  {k} = {json.dumps(v)}" for k, v in options.items()] or ["  every option at the preset's value"]
        return lines

    # -- saving ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole table as JSON: its settings, the finished deals and the deal in progress."""
        return self._saved().to_json()

    def _saved(self) -> SavedTable:
        """The table as its file holds it (:mod:`roundgames.records.table`)."""
        deal = self.sitting.current
        records = records_of(self.sitting)
        if deal is not None and deal.is_complete:
            records.append(record_of(deal))
        return SavedTable(
            game=self.game,
            preset=self.rules.name,
            options=self.rules.options(),
            seats=self.seats,
            humans=self.humans,
            bot=self.bot_name,
            seed=self.seed,
            rounds=self.rounds,
            mode="table" if self.table_mode else "strict",
            deals=records,
            current=record_of(deal) if deal is not None and not deal.is_complete else None,
        )

    def save(self, path: str) -> None:
        """Write the table to ``path``."""
        save_table(path, self._saved())

    def export(self, path: str) -> None:
        """Write the sitting's deal records (a JSON list) to ``path``."""
        write_text(path, dumps_sitting(self._saved().records()), "export")

    @classmethod
    def load(cls, path: str) -> Table:
        """Resume a table saved with :meth:`save`; raises :class:`RecordError` naming what is wrong."""
        saved = load_table(path)
        table = cls.new(
            saved.game,
            players=len(saved.seats),
            humans=saved.humans,
            preset=saved.preset,
            options=saved.options,
            bot=saved.bot,
            seed=saved.seed,
            rounds=saved.rounds,
            names=saved.seats,
            table_mode=saved.mode == "table",
        )
        if saved.deals:  # rebuilt by the game's own sitting, which takes the settings it knows (Loo's rounds)
            table.sitting = cast(Any, sitting_from_records(saved.deals, seed=table.seed, rounds=table.rounds))
        if saved.current is not None:
            current = replay(saved.current)
            if current.error is not None:
                raise RecordError("load", f"{path}: the deal in progress holds an illegal action")
            table.sitting.current = current.deal
        table.events.append(f"Resumed from {path}.")
        return table


@dataclass
class PlaySettings:
    """How a terminal front end shows a table (``roundgames play`` options)."""

    ascii: bool = False  # letters S H D C instead of suit symbols
    color: bool = True  # off with --no-color or NO_COLOR
    four_color: bool = False  # diamonds and clubs in their own colours
    bot_delay: float = 0.4  # seconds between bot actions (full screen only)
    trick_pause: float = 1.5  # seconds a finished trick stays in view (full screen only)
    save_path: str | None = None  # saved after every action, and on quitting
    export_path: str | None = None  # the sitting's deal records, written when the sitting ends or on quitting


def _played(deal: LooDeal | NapDeal) -> int:
    """How many cards have been played to tricks in this deal so far."""
    return sum(len(t.cards) for t in deal.tricks) + len(deal.trick_cards)
