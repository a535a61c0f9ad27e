"""A table in play: a sitting of any game of the registry, some seats driven by people and the rest by bots.

The terminal front ends (the full-screen table and ``--plain`` line mode) and the web table are views of one
:class:`Table`: it deals, lets the bots play until a person must act, reads what a person types through the
game's verb table (:mod:`roundgames.session.input`: ``s``, ``stand``, ``QH``, ``10S``, a card's number in the
hand, ``p``, ``3``, ``nap``), keeps the log and the score sheet, and saves and resumes the whole sitting as
deal records. It holds the game's :class:`~roundgames.games.protocol.GameSpec` (:attr:`Table.spec`) and never
asks which game it is.

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

from ..core.cards import card_str, parse_card
from ..core.errors import CardError, RecordError, RulesError
from ..core.tricks import Trick
from ..games.observe import observer_of
from ..games.protocol import GameSpec, Irregularity
from ..games.registry import game as game_spec
from ..games.registry import games, new_sitting, rules_for
from ..games.ruling import Ruled
from ..records.deal import record_of, replay
from ..records.disk import write_text
from ..records.sitting import dumps_sitting, records_of, sitting_from_deals, sitting_from_records
from ..records.table import TABLE_FORMAT, SavedTable, load_table, save_table
from .analysis import Hint
from .analysis import hint as expert_hint
from .decisions import Decision, check_bot, decide, decision_seed
from .input import PLAY, action_cards, action_text, parse_input, typed_text
from .words import TableDeal, count_words, hand_order, played, you

__all__ = ["SAVE_FORMAT", "PlaySettings", "Table", "hand_order"]


def __getattr__(name: str) -> Any:
    # ALL_FORMS: every form of every game (RULES.md §4, §6), what a table plays by default, every front end being
    # able to enter every move (an exchange, a flush shown). Read when asked rather than at import: a game added by
    # ROUNDGAMES_GAMES is found then, and a bad one is refused by the command that reads it, not by an import.
    if name == "ALL_FORMS":
        return tuple(form.name for spec in games() for form in spec.forms)
    raise AttributeError(name)


#: the saved table's format (:mod:`roundgames.records.table` reads and writes the file)
SAVE_FORMAT = TABLE_FORMAT


@dataclass
class Table:
    """A sitting at a table: the game, the rules, who is a person, the bots, and the sitting itself.

    Each seat has its bot (:attr:`bot_names`), which plays it if nobody does; a bot keeps no state between
    decisions (:mod:`roundgames.session.decisions`), so a table resumed from its file plays on as it would have."""

    #: the game's name in the registry (:mod:`roundgames.games.registry`)
    game: str
    rules: Any
    seats: list[str]
    humans: list[int]
    #: the bot of the seats not given one of their own
    bot_name: str
    seed: int | str
    rounds: int
    #: the sitting (a :class:`~roundgames.games.protocol.Sitting`, made by the registry)
    sitting: Any
    #: each seat's bot, by name (:data:`roundgames.bots.BOTS`): the one that plays it whenever a bot does
    bot_names: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    #: the deal just finished, kept in view (its tricks, its payments) after the sitting has settled it
    finished: TableDeal | None = None
    #: a person who has taken cards he had not seen (Nap's spare hand, NAP-VAR-SPARE) and is choosing which to keep
    keeping: int | None = None
    #: what he took: the verb, the cards he chooses from, and how many he keeps
    taking: tuple[str, list[int], int] | None = None
    #: whether a person may ask the expert bot for a hint at his turn (``play --hints``), and the deals played with
    #: hints: each one's index in the sitting (from 0, the deal in progress counted) and the seats that asked
    hints: bool = False
    hinted: dict[int, set[int]] = field(default_factory=dict)

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
        bots: Sequence[str] | None = None,
        seed: int | str | None = None,
        rounds: int = 1,
        names: Sequence[str] | None = None,
        table_mode: bool = False,
        forms: Sequence[str] | None = None,
        hints: bool = False,
    ) -> Table:
        """A new table; raises a :class:`RoundgamesError` naming any bad setting. ``table_mode``: irregular
        actions are accepted and ruled by the laws (RULES.md §5, §8) instead of refused. ``forms``: the forms
        beyond each game's first that the front end can play (default every form: each front end enters
        exchanges and shows flushes, LOO5-2, LOO5-6; ``None``). ``bot``: the bot of every seat, unless ``bots`` names one for each seat (in seat order;
        a person's seat's is the one that would play it). ``hints``: a person may ask for the expert's values at
        his turn (:meth:`hint`)."""
        try:
            spec = game_spec(game)
        except RulesError as e:
            raise RecordError("game", str(e)) from None
        rules = rules_for(game, preset, options)
        form = spec.form_of(rules)
        if form != spec.forms[0] and forms is not None and form.name not in forms:
            # This front end has no way to enter an exchange or show a flush (LOO5-2, LOO5-6).
            chosen = f"preset {preset!r}" if spec.form_of(spec.rules.preset(preset)) == form else f"form {form.name!r}"
            raise RecordError(
                "options.form",
                f"{form.title} ({chosen}) cannot be played at this table: it has no way to enter an "
                f"exchange or show a flush. Watch it with `roundgames demo --preset {form.preset}`, "
                "or rule on its records with `roundgames referee`",
            )
        alone = len(humans) == 1  # one person is "You"; several at one table keep their seat numbers
        seats = list(names) if names else ["You" if alone and i in humans else f"P{i + 1}" for i in range(players)]
        for h in humans:
            if not 0 <= h < players:
                raise RecordError("humans", f"seat {h + 1} is not at a table of {players}")
        check_bot(bot, spec.name, "bot")
        names_of_bots = [bot] * players if bots is None else list(bots)
        if len(names_of_bots) != players:
            raise RecordError("bots", f"{len(names_of_bots)} bots for a table of {players} seats (one per seat)")
        for i, name in enumerate(names_of_bots):
            check_bot(name, spec.name, f"bots[{i}]")
        seed = random.randrange(2**32) if seed is None else seed
        sitting = new_sitting(game, rules, seats, seed=seed, rounds=rounds, table_mode=table_mode)
        return cls(game, rules, seats, list(humans), bot, seed, rounds, sitting, names_of_bots, hints=hints)

    @property
    def spec(self) -> GameSpec:
        """The game's spec: its verbs, options, laws and words (:mod:`roundgames.games.registry`)."""
        return game_spec(self.game)

    @property
    def table_mode(self) -> bool:
        """Whether irregular actions are ruled by the laws (RULES.md §5, §8) instead of refused."""
        return bool(self.sitting.table_mode)

    # -- the deal in progress ------------------------------------------------------------

    @property
    def in_play(self) -> TableDeal | None:
        """The deal in progress (or just finished), if any."""
        current = self.sitting.current
        return cast("TableDeal | None", current if current is not None else self.finished)

    @property
    def deal(self) -> TableDeal | None:
        """The deal in progress (or just finished), if any: :attr:`in_play` by its older name."""
        return self.in_play

    @property
    def to_act(self) -> int | None:
        """The seat to act now, or None between deals."""
        deal = self.in_play
        return None if deal is None or deal.is_complete else deal.to_act

    @property
    def is_over(self) -> bool:
        """Whether the sitting has ended."""
        return bool(self.sitting.is_over)

    def start_deal(self) -> None:
        """Deal the next deal."""
        self.finished = None
        self.keeping = self.taking = None
        deal = cast(TableDeal, self.sitting.start_deal())
        view = deal.view(deal.dealer)  # its public facts only
        observer = observer_of(deal.game)
        kind = observer.kind_words(deal, view)
        head = f"Deal {len(self.sitting.deals) + 1}: {deal.seats[deal.dealer]} deals {kind}".rstrip()
        facts = [head]
        turnup = observer.turnup(deal, view)
        if turnup is not None and turnup >= 0:
            facts.append(f"turn-up {card_str(turnup)}")
        pot = observer.pot(deal)
        if pot is not None and pot.staked:  # with this deal's stakes in, though a single settles as dealt (§14.19)
            facts.append(f"{pot.word} {deal.staked_pool}")
        self.events.append(you("; ".join(facts) + "."))
        if deal.is_complete:
            self._deal_over()

    def run_bots(self, limit: int = 1000) -> list[str]:
        """Let the bots act until a person must act or the deal ends; returns what they did. What nobody chooses
        is made for a person too (:meth:`forced_action`)."""
        done: list[str] = []
        while limit > 0 and (step := self.bot_step()) is not None:
            limit -= 1
            done.append(step)
        return done

    def bot_step(self) -> str | None:
        """Let one bot act, if a bot is to act, or make the action nobody chooses (:meth:`forced_action`) for the
        seat to act; returns what was done."""
        deal = self.in_play
        if deal is None or deal.is_complete or deal.to_act is None:
            return None
        forced = self.forced_action()
        if forced is not None:
            return self._apply(forced)
        if deal.to_act in self.humans:
            return None
        return self._apply(self._choice(deal, deal.to_act))

    def forced_action(self) -> Any | None:
        """The action the seat to act cannot refuse, if the deal waits on one: its only legal action, of a verb
        nobody chooses (:attr:`~roundgames.games.protocol.Verb.forced`: Loo's flush, always shown, RULES.md
        §14.34). The table makes it for the seat at once, person or bot: he has no choice to make."""
        deal = self.in_play
        if deal is None or deal.is_complete or deal.to_act is None or self.keeping is not None:
            return None
        legal = deal.legal_actions()
        verb = self.spec.verbs.get(legal[0].verb) if len(legal) == 1 else None
        return legal[0] if verb is not None and verb.forced else None

    def _choice(self, deal: TableDeal, seat: int) -> Any:
        """What the bot at ``seat`` does (each bot takes the view of the one shape, whatever its game)."""
        return decide(self.decision(seat))

    def decision(self, seat: int) -> Decision:
        """What the bot of ``seat`` is shown to decide its action in the deal in play: its name, the game, the
        decision's seed (from the table's seed, the seat, the deal's index in the sitting and the number of actions
        in its log, :func:`~roundgames.session.decisions.decision_seed`) and the seat's view."""
        deal = self.in_play
        if deal is None or deal.is_complete:
            raise RecordError("input", "no deal is in progress")
        seed = decision_seed(self.seed, seat, len(self.sitting.deals), len(deal.log))
        return Decision(self.bot_names[seat], self.game, seed, cast(Any, deal.view(seat)))

    def _apply(self, action: Any) -> str:
        deal = self.in_play
        assert deal is not None
        settled = deal.is_complete  # a law that voids a deal settled as it was dealt (Peel's single, §14.30)
        before, laws, cards = len(deal.tricks), len(deal.irregularities), played(deal)
        deal.apply(action)
        text = self.describe(action)
        self.events.append(text)
        for law in deal.irregularities[laws:]:  # table mode: each law applied, with its penalty
            self.events.append(f"  {law.text(deal.seats)}.")
        if played(deal) < cards and not deal.is_complete:  # the law ordered a replay (LOO-LAW-0b, NAP-LAW-6)
            self.events.append("  Every card goes back to its hand: the hand is replayed from the first lead.")
            return text
        if len(deal.tricks) > before:
            t = deal.tricks[-1]
            assert t.winner is not None
            self.events.append(f"  Trick to {deal.seats[t.winner]} ({self.trick_text(t)}).")
        if deal.is_complete:
            if settled:  # the sitting settled the deal as it was: settle it again from its deals
                self.sitting = sitting_from_deals(self.sitting.deals, seed=self.seed, rounds=self.rounds)
            self._deal_over()
        return text

    def open_deal(self) -> TableDeal | None:
        """The deal a person may act in: the deal in progress, or the deal just settled while a law may still void
        it (Peel's single in table mode, settled as it is dealt: RULES.md §14.30); None between deals."""
        deal = self.in_play
        return deal if deal is not None and (not deal.is_complete or deal.voidable) else None

    def _deal_over(self) -> None:
        deal = self.in_play
        assert deal is not None
        self.finished = deal
        self.sitting.end_deal()  # balances, pool, the next dealer; the game may end here (LOO-END-1)
        spec = self.spec
        if "rounds" not in spec.sitting_settings and len(self.sitting.deals) >= self.rounds * len(self.seats):
            self.sitting.stop(spec.stops[0])  # a game with no end of its own (NAP-SET-3): the table ends it
        result = deal.result()
        assert result is not None
        self.events.append(you(f"Deal over. {result.sentence()}"))

    def describe(self, action: Any) -> str:
        """An action as the log shows it: the game's words (:meth:`Deal.describe`), which keep others'
        discards hidden from the people at the table; the one person at the table reads his own in full."""
        deal = self.in_play
        assert deal is not None
        own = action.seat in self.humans and len(self.humans) == 1
        return you(deal.describe(action, own=own))

    def trick_text(self, trick: Trick) -> str:
        """``P1 AS, P2 2C, ...`` for a trick."""
        deal = self.in_play
        assert deal is not None
        return ", ".join(f"{deal.seats[s]} {card_str(c)}" for s, c in zip(trick.seats, trick.cards, strict=True))

    def last_trick(self) -> Trick | None:
        """The last finished trick of the deal in progress."""
        deal = self.in_play
        return deal.tricks[-1] if deal is not None and deal.tricks else None

    # -- a person's input ----------------------------------------------------------------

    def legal_texts(self, seat: int, *, aside: bool = False) -> list[str]:
        """What ``seat`` may do now, as he would type it (``aside``: also out of his turn, where the game
        offers something then, such as showing a flush before the first lead, LOO5-6)."""
        deal = self.in_play
        if deal is None or deal.is_complete or (deal.to_act != seat and not aside):
            return []
        if self.keeping == seat:
            return ["keep CARDS"]
        verbs = self.spec.verbs
        view = deal.view(seat)
        out: list[str] = []
        for a in view.legal:
            verb = verbs[a.verb]
            if verb.args == "cards":  # one entry for every set of cards (LOO5-2, NAP-VAR-PURCHASE)
                text = f"{a.verb} CARDS"
            elif a.verb == PLAY:
                text = action_text(deal, a).removeprefix(f"{PLAY} ")  # AS, or AS civil (LOO5-4)
            else:
                text = typed_text(verbs, action_text(deal, a))
            if text not in out:
                out.append(text)
        # Cards he has not seen are taken by the verb alone, then chosen from (NAP-VAR-SPARE, -PEEP, -TOPCARD).
        out += [v if verbs[v].args == "cards" else f"{v} CARD" for v in view.may_take]
        return out

    def parse(self, seat: int, text: str) -> Any:
        """What ``seat`` means by ``text``; raises :class:`RoundgamesError` if it means nothing here."""
        deal = self.open_deal()
        if deal is None:
            raise RecordError("input", "no deal is in progress")
        return parse_input(deal, seat, text)

    def check(self, seat: int, text: str) -> Any:
        """What ``seat`` means by ``text``, checked but not applied; raises as :meth:`act` does."""
        if seat not in self.humans:
            raise RecordError("input", f"{self.seats[seat]} is played by a bot")
        return self.check_action(seat, self.parse(seat, text))

    def check_action(self, seat: int, action: Any) -> Any:
        """``action`` of ``seat``, read already (:func:`roundgames.games.codec.action_from_json` reads a web
        message's once), checked but not applied; raises as :meth:`act` does."""
        if seat not in self.humans:
            raise RecordError("input", f"{self.seats[seat]} is played by a bot")
        deal = self.open_deal()
        if deal is None:
            raise RecordError("input", "no deal is in progress")
        deal.verify(action)  # in table mode: raises only where no law covers it
        return action

    def act_action(self, seat: int, action: Any) -> str:
        """Apply ``action`` of ``seat``, read already, as :meth:`act` applies what he typed; the two steps of taking
        cards unseen (``spare``, then ``keep``) are typed, and :meth:`act` takes them."""
        done = self._apply(self.check_action(seat, action))
        self.keeping = self.taking = None
        return done

    def play_out(self, action: Any) -> str:
        """Apply ``action`` of the seat to act, a person's or a bot's, checked: a claimed deal's cards played out
        (:mod:`roundgames.session.claims`)."""
        deal = self.open_deal()
        if deal is None:
            raise RecordError("input", "no deal is in progress")
        deal.verify(action)
        return self._apply(action)

    def laws_if(self, action: Any) -> list[Irregularity]:
        """In table mode, the laws that ``action`` would bring into force (empty for a proper action): the
        deal's own ruling on it (``deal.judge``), which changes nothing; for a game without laws, worked out on a
        copy of the deal. Raises as :meth:`check` does when no law covers it. A front end shows them to a person
        before he commits an irregularity."""
        deal = self.open_deal()
        if deal is None or not self.table_mode or deal.can_proper(action):
            return []
        if isinstance(deal, Ruled):
            law = deal.judge(action).irregularity  # the one entry the deal appends when it applies the ruling
            return [] if law is None else [law]
        probe = deal.copy()
        before = len(probe.irregularities)
        probe.apply(action)
        return probe.irregularities[before:]

    def act(self, seat: int, text: str) -> str:
        """Apply what ``seat`` typed; raises :class:`IllegalActionError` (with the rule) or another
        :class:`RoundgamesError` and changes nothing when it is not legal.

        Taking cards one has not seen is two steps for a person, as at the table: the verb alone (Nap's
        ``spare``) takes them and shows them with his own; ``keep C1 .. C5`` then keeps as many as he had."""
        words = text.strip().lower().split()
        if self.keeping == seat:
            return self._keep(seat, words)
        taken = self._take(seat, words)
        if taken is not None:
            return taken
        done = self._apply(self.check(seat, text))
        self.keeping = self.taking = None
        return done

    def _take(self, seat: int, words: list[str]) -> str | None:
        """The first step of taking unseen cards (NAP-VAR-SPARE), if ``words`` is its verb alone."""
        deal = self.in_play
        verb = self.spec.verbs.typed(words[0]) if deal is not None and len(words) == 1 else None
        if deal is None or verb is None or verb.args != "cards" or verb.word not in deal.view(seat).may_take:
            return None
        choices = [action_text(deal, a) for a in deal.legal_actions() if a.verb == verb.word]
        self.check(seat, choices[0])  # may he take them now?
        pool = set().union(*(action_cards(c) for c in choices))
        cards = hand_order(sum(1 << c for c in pool))
        count = len(action_cards(choices[0]))
        self.keeping, self.taking = seat, (verb.word, cards, count)
        listed = " ".join(card_str(c) for c in cards)
        keep = " ".join(f"C{i}" for i in range(1, count + 1))
        note = f"{deal.seats[seat]} {verb.done}: {listed}. Keep {count_words(count)}: keep {keep}."
        self.events.append(you(note))
        return self.events[-1]

    def _keep(self, seat: int, words: list[str]) -> str:
        """The second step: keep ``words[1:]`` of the cards taken (by code, or by number in the list shown)."""
        assert self.taking is not None
        verb, cards, count = self.taking
        if not words or words[0] not in ("keep", verb) or len(words) != count + 1:
            what = self.spec.verbs[verb].done.partition(" ")[2]
            keep = " ".join(f"C{i}" for i in range(1, count + 1))
            raise RecordError(
                "input",
                f"you have taken {what}: keep {count_words(count)} of the {count_words(len(cards))} (keep {keep})",
            )
        kept = [self._listed(cards, w) for w in words[1:]]
        done = self._apply(self.check(seat, " ".join([verb, *kept])))
        self.keeping = self.taking = None
        return done

    @staticmethod
    def _listed(cards: list[int], word: str) -> str:
        """A card of ``cards`` by its number in the list (from 1), or any card by its code."""
        if word.isdigit() and 1 <= int(word) <= len(cards):
            return card_str(cards[int(word) - 1])
        try:
            return card_str(parse_card(word))
        except CardError as e:
            raise RecordError("input", f"{e.args[0]}; or type ? for help") from None

    def hint(self, seat: int) -> Hint:
        """The expert bot's value of each option of ``seat`` at his turn, its choice first (seeded as the review of this
        decision is, :mod:`roundgames.session.analysis`); the deal is marked as played with hints by him. Raises
        :class:`RecordError` on ``hints`` at a table without them, on ``hint`` out of his turn."""
        if not self.hints:
            raise RecordError("hints", "hints are off at this table (allow them with: roundgames play --hints)")
        deal = self.in_play
        if deal is None or deal.is_complete or deal.to_act != seat or seat not in self.humans:
            raise RecordError("hint", "a hint is for a person's turn, and it is not one now")
        if self.keeping == seat:
            raise RecordError("hint", "keep the cards first: a hint weighs the turn's choices, not which to keep")
        index = len(self.sitting.deals)
        found = expert_hint(deal, seat, table_seed=self.seed, deal_index=index)
        self.hinted.setdefault(index, set()).add(seat)
        return found

    def hint_marks(self) -> list[list[str]]:
        """Who asked for hints in each finished deal (names; empty for a deal played without), in deal order."""
        return [[self.seats[s] for s in sorted(self.hinted.get(i, ()))] for i in range(len(self.sitting.deals))]

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

    def pot(self) -> tuple[str, int] | None:
        """The counters on the table by the game's name for them, ``("Pool", 12)`` or ``("Kitty", 3)``: the
        deal in progress's, else what the sitting carries to the next deal; None where the game keeps none."""
        current = cast("TableDeal | None", self.sitting.current)
        amount = current.view(current.dealer).pool if current is not None else int(self.sitting.pool)
        deal = self.in_play
        pot = observer_of(deal.game).pot(deal) if deal is not None else None
        if pot is not None:
            return (pot.title, amount)
        return ("Pool", amount) if amount else None

    def rules_lines(self) -> list[str]:
        """The rules in force, a line each, in words: the game and preset, the stakes, and every option with
        what it means (options changed from the preset are marked as house rules)."""
        spec, rules = self.spec, self.rules
        form = spec.form_of(rules)
        title = spec.title if form.title == spec.title else f"{spec.title} ({form.title})"
        lines = [f"{title}, preset {rules.name}"]
        stakes = [f"{name} {getattr(rules.stakes, name)}" for name in spec.stake_names if hasattr(rules.stakes, name)]
        lines.append("  stakes: " + ", ".join(stakes))
        changed = rules.options()
        for key, doc in spec.option_docs.items():
            mark = " (house rule)" if key in changed else ""
            lines.append(f"  {key} = {json.dumps(getattr(rules, key))}{mark}: {doc}")
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
            bots=list(self.bot_names),
            seed=self.seed,
            rounds=self.rounds,
            mode="table" if self.table_mode else "strict",
            deals=records,
            current=record_of(deal) if deal is not None and not deal.is_complete else None,
            hints=self.hints,
            hinted={i + 1: [self.seats[s] for s in sorted(seats)] for i, seats in self.hinted.items() if seats},
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
            bots=saved.bots,
            seed=saved.seed,
            rounds=saved.rounds,
            names=saved.seats,
            table_mode=saved.mode == "table",
            forms=None,  # saved by the terminal, which plays every form
            hints=saved.hints,
        )
        table.hinted = {n - 1: {saved.seats.index(name) for name in names} for n, names in saved.hinted.items()}
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
