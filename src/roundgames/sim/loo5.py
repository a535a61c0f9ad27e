"""The batch players of Five-card Loo (RULES.md §4.2) and Irish Loo (§4.3): :data:`KERNELS`, one per form, each
playing many deals in one compiled loop (:mod:`._loo5_kernel`), and their Python twins, players of the checked
engine that choose as the kernel does, deal for deal (the exactness test holds the kernel to the engine so).

**The deal.** Deal ``i`` of a chunk shuffles the pack (52 cards, or 32 under ``pack: 32``) with its CARDS stream
(:func:`.streams.shuffled`, drawn as the cards are needed) and deals it one card at a time from the dealer's left,
``5`` rounds (Irish: 3), then turns up the next card; the rest is the stock, top card first, from which exchanges
draw (LOO5-1, LOO5-2, LOOI-1; :meth:`Loo5Kernel.deal_of` gives the same cards in Python). With ``given``, the
hero's hand (``given["hand"]``, a mask) and the turn-up (``given["turnup"]``, -1: dealt) are taken out of the
pack first and the rest is dealt around them, the hero's places skipped.

**The players.** Every deal's random choices come from its CHOICES stream, one ``below(k)`` per decision among
``k`` choices, and no draw where only one is open. Every flush held is shown, in turn from the dealer's left, as
the engine has it shown (RULES.md §14.34: a flush is always shown; nobody chooses).

- ``random``: uniform over the legal actions in the canonical order: declaring, stand, throw up (where open),
  then every exchange, a set of cards numbered by its positions in the hand sorted ascending (bit ``j`` for the
  ``j``-th lowest card), in increasing number, at most as many cards as the stock holds; playing, the legal
  cards ascending, then the ace of trumps led with "Pam be civil" (LOO5-4) where it may be led.
- ``sensible`` (after Peel's hints; deterministic): declaring, it is the bot ``sensible``
  (:class:`roundgames.bots.loo.SensibleLooBot`), choice for choice: it values standing by its estimate of the
  hand (Pam a sure trick) against the players likely to stand, a trick's share of the pool against the loo it
  risks; the exchange of its weak side cards (plain cards below a queen, never Pam), when the stock holds as
  many, by the mean of that value over the bot's 16 imagined draws (a SplitMix64 stream seeded by the hand and
  the turn-up, :func:`roundgames.bots.loo.exchange_draws`); throwing up at nothing; the best wins, standing a
  tie (the kernel computes the same, :mod:`._loo_sensible_kernel`). In play, by compact fixed rules of its own,
  not the bot's, it leads its highest card until it has won a trick, then its lowest;
  following, it heads the trick with the lowest card that heads it, else plays its lowest (Pam above the
  trumps above the rest, each by rank; of two cards of one rank, the higher-numbered suit when it leads high,
  the lower otherwise). It says "Pam be civil" whenever it leads the ace of trumps.

**The hero** (``setup.hero``, at his first declaration): ``play`` plays his hand after his policy's exchange
(random: uniform over stand and the exchanges; sensible: the bot's choice of standing or its exchange, throwing
up left out); ``throw`` throws up where
he may, and where he may not (club law, the dealer facing a lone stander, §14.22, §14.24) his policy decides.
``hero_forced`` says whether his action was the one fixed (false too where he never declares: a dealer taking
the pool when all before him threw up).

**States** (as OpenSpiel counts them): every card dealt (the hands, the turn-up, each card drawn in an exchange)
and every action (declarations, plays, flushes shown).

**The rules** are the form's preset (``five-card``, ``irish``) with ``setup.options``: those of :data:`SUPPORTED`
are played, ``stakes`` (a mapping of ``deal``, ``loo``, ``single``, ``ante``) sets the stakes, those of
:data:`NO_EFFECT` change nothing here and are accepted, as is ``dealer_stands_out_above`` where it does not put the
dealer out; any other is refused by name (the checked engine plays it).

**The trace.** :meth:`Loo5Kernel.trace` plays one deal of a chunk alone and gives its actions in order, as
``(seat, verb, card, arg)``: ``stand``, ``throw``, ``exchange`` (card: the mask of the cards put out), ``play``
(arg ``"civil"`` for the ace led with "Pam be civil") and ``flush``; the same code as the batch plays it.

>>> from roundgames.sim.kernels import Setup
>>> k = KERNELS["five_card"]
>>> out = k.run(Setup("five_card", 4, ("random",) * 4, pool=10), seed=7, n=1000)
>>> bool((out["net"].sum(axis=1) + out["pool"] == 10).all())   # money is conserved, deal by deal
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np

from ..bots.loo import SensibleLooBot
from ..core.cards import cards_in, format_cards, mask_of, pack, pack_mask
from ..core.errors import RulesError
from ..games.registry import rules_for
from ..loo.pam import power, suit_in_play, trick_winner
from . import _loo5_kernel as K
from ._loo_sensible_kernel import tables as sensible_tables
from .kernels import MAX_POOL, Setup
from .streams import CARDS, CHOICES, Stream, deal_stream, shuffled

__all__ = ["KERNELS", "Loo5Kernel", "Twin"]

#: the options the kernels play besides the preset's values, with the rule each varies
SUPPORTED: Final = {
    "pam": "LOO5-3",
    "pam_free": "LOO5-3",
    "flush_pay": "LOO5-6",
    "flush_tie": "LOO5-7",
    "irish_flush": "LOOI-3",
    "club_law": "LOOI-2",
    "dealer_lone_stander": "§14.24",
    "loo_mode": "LOO-VAR-UNLIMITED",
    "loo_cap": "LOO-VAR-MIXED",
    "ante": "LOO-VAR-ALL-ANTE",
    "lead_rule": "LOO-PLAY-2",
    "second_lead": "LOO-PLAY-3",
    "pack": "LOO-VAR-32",
}
#: options that change nothing in a deal of these forms played by the rules: the laws of irregularities (the
#: players never offend), what follows a deal (every deal is regular, §14.5), the first dealer, and the miss's
#: (there is none, LOO5-1, LOOI-1)
NO_EFFECT: Final = frozenset(
    {"single", "revoke_replay", "penalty_scale", "look_penalty_pool", "offender_double_loo", "first_dealer"}
    | {"leader", "defender_looed"}
)
#: the stakes an option ``stakes`` may set (LOO-STK-1)
STAKES: Final = ("deal", "loo", "single", "ante")
_ENGINE: Final = "the checked engine plays it (roundgames play, or the records)"
_PRESETS: Final = {"five_card": "five-card", "irish": "irish"}
_POLICIES: Final = {"random": K.RANDOM, "sensible": K.SENSIBLE}
_HERO: Final = {"play": K.HERO_PLAY, "throw": K.HERO_THROW}
_VERBS: Final = {K.A_STAND: "stand", K.A_THROW: "throw", K.A_EXCHANGE: "exchange", K.A_FLUSH: "flush"}

#: an action of a trace: (seat, verb, card or the mask put out, ``"civil"`` or None)
TraceAction = tuple[int, str, int | None, str | None]


@dataclass(frozen=True)
class _Plan:
    """A checked setup as the kernel takes it."""

    rules: Any
    cfg: Any
    policies: Any
    pack: Any
    size: int


class Loo5Kernel:
    """The batch player of one form, ``five_card`` or ``irish`` (the :class:`~.kernels.Kernel` protocol)."""

    game = "loo"
    policies: Mapping[str, str] = {
        "random": "uniform over the legal actions in the canonical order (module docstring)",
        "sensible": "declares as the bot sensible does (stand, exchange its plain cards below a queen, or throw "
        "up, by its estimate of the hand against the pool's odds); plays by fixed rules: lead high until a trick "
        "is won, head cheaply",
    }
    hero_actions: Mapping[str, str] = {
        "play": "the hero plays, after his policy's exchange (LOO5-2)",
        "throw": "the hero throws up where he may; where he may not, his policy decides (hero_forced)",
    }
    columns: Mapping[str, str] = {
        "hands": "(n, players) int64: each seat's cards as dealt, a mask",
        "turnup": "(n,) int8: the card turned up for trumps",
        "decl": "(n, players) int8: 0 threw up, 1 played (stood or exchanged), -1 did not declare",
        "exchanged": "(n, players) int8: how many cards each seat exchanged",
        "flush": "(n,) int8: the seat whose flush took the pool (under flush_tie split, the eldest), -1 none (LOO5-6)",
        "looed": "(n, players) bool: the seats that paid a loo in the deal's settlement. Where the hand is played: "
        "who played and took no trick, never the holder of Pam, not even one left to play Pam to an ace of trumps "
        "led 'civil' (LOO5-4, LOO5-5, LOO5-8). Where a flush took the pool: every seat that paid the flush its loo "
        "(LOO5-6: every other seat, whether it stood or not; under flush_pay ew_hoy only those who played, less "
        "Pam's holder and beaten flushes, C-LOO-15; never another winner of a split flush, LOO5-7). Nobody where "
        "one seat took the pool without play and without a flush (LOO-DECL-7, the dealer conceding under "
        "may_concede, §14.24)",
        "hero_forced": "(n,) bool, when a hero is set: his action was the one fixed",
    }

    def __init__(self, form: str) -> None:
        self.form = form
        self.preset = _PRESETS[form]
        #: the plans of the setups seen, by their fields (a trace or a twin per deal asks again)
        self._plans: dict[tuple[Any, ...], _Plan] = {}

    # -- the setup ---------------------------------------------------------------------------------

    def rules(self, setup: Setup) -> Any:
        """The engine's rules for ``setup``: the form's preset with its options (``stakes``: a mapping of
        ``deal``, ``loo``, ``single``, ``ante``, in counters)."""
        options = dict(setup.options)
        stakes = options.pop("stakes", None) or {}
        if not isinstance(stakes, Mapping):
            raise RulesError(f"option stakes: a mapping of {', '.join(STAKES)}, got {stakes!r}")
        for key, value in stakes.items():
            if key not in STAKES:
                raise RulesError(f"option stakes: unknown stake {key!r} (valid: {', '.join(STAKES)}) (LOO-STK-1)")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RulesError(f"option stakes.{key}: a count of counters, got {value!r} (LOO-STK-1)")
        return rules_for("loo", self.preset, options).with_stakes(**stakes)

    def check(self, setup: Setup) -> None:
        """Raise :class:`RulesError` naming the field, the value and the rule for a setup this kernel cannot
        play."""
        self.plan(setup)

    def plan(self, setup: Setup) -> _Plan:
        key = (setup.form, setup.players, setup.policies, repr(sorted(setup.options.items())), setup.pool,
               setup.hero, setup.hero_action)  # fmt: skip
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._checked(setup)
        return plan

    def _checked(self, setup: Setup) -> _Plan:
        if setup.form != self.form:
            raise RulesError(f"form: this kernel plays {self.form!r}, not {setup.form!r}")
        rules = self.rules(setup)
        if rules.form != self.form:
            raise RulesError(f"option form: this kernel plays {self.form!r}, not {rules.form!r}")
        base = rules_for("loo", self.preset)
        for key, value in rules.options().items():
            out = key == "dealer_stands_out_above" and isinstance(setup.players, int) and setup.players > value
            if out or (key not in SUPPORTED and key not in NO_EFFECT | {"dealer_stands_out_above"}):
                raise RulesError(
                    f"option {key}: the simulator plays {rules.form_name} with {key} {getattr(base, key)!r} only, "
                    f"not {value!r}; {_ENGINE}"
                )
        players = setup.players
        if not isinstance(players, int) or not 3 <= players <= rules.max_seats:
            rule = "LOO5-1" if self.form == "five_card" else "LOO-GEN-1"
            raise RulesError(
                f"players: {rules.form_name} takes 3 to {rules.max_seats} players, not {players!r} ({rule})"
            )
        if len(setup.policies) != players:
            raise RulesError(f"policies: one per seat, {players}, not {len(setup.policies)}")
        for p in setup.policies:
            if p not in _POLICIES:
                raise RulesError(f"policies: unknown player {p!r} (valid: {', '.join(_POLICIES)})")
        if not 0 <= setup.pool <= MAX_POOL:
            raise RulesError(f"pool: the pool is 0 to {MAX_POOL:,} counters, got {setup.pool} (LOO-STK-6)")
        hero, action = setup.hero, setup.hero_action
        if (hero is None) != (action is None):
            raise RulesError(f"hero: a hero and his action go together (hero {hero!r}, hero_action {action!r})")
        if hero is not None and not (isinstance(hero, int) and 0 <= hero < players):
            raise RulesError(f"hero: a seat from 0 to {players - 1}, not {hero!r}")
        if action is not None and action not in _HERO:
            raise RulesError(f"hero_action: unknown {action!r} (valid: {', '.join(_HERO)})")
        return self._config(setup, rules)

    def _config(self, setup: Setup, rules: Any) -> _Plan:
        cfg = np.zeros(K.CONFIG_SIZE, dtype=np.int64)
        five = self.form == "five_card"
        size = 5 if five else 3
        stakes = rules.stakes
        values = {
            K.C_PLAYERS: setup.players,
            K.C_SIZE: size,
            K.C_PAM_RULE: (0 if rules.pam == "jack_clubs" else 1) if five else -1,
            K.C_PAM_FREE: rules.pam_free,
            K.C_FLUSHES: five or rules.irish_flush,
            K.C_FLUSH_EW: rules.flush_pay == "ew_hoy",
            K.C_FLUSH_SPLIT: rules.flush_tie == "split",
            K.C_CLUB_LAW: rules.club_law,
            K.C_CONCEDE: rules.dealer_lone_stander == "may_concede",
            K.C_DEAL: stakes.deal,
            K.C_LOO: stakes.loo,
            K.C_LOO_MODE: ("limited", "unlimited", "mixed").index(rules.loo_mode),
            K.C_LOO_CAP: rules.loo_cap or 0,
            K.C_ANTE_ALL: rules.ante == "all",
            K.C_ANTE: stakes.ante,
            K.C_LEAD_RULE: ("highest", "lead_one", "cassell").index(rules.lead_rule),
            K.C_PEEL_SECOND: rules.second_lead == "peel",
            K.C_HERO: -1 if setup.hero is None else setup.hero,
            K.C_HERO_ACTION: 0 if setup.hero_action is None else _HERO[setup.hero_action],
            K.C_POOL: setup.pool,
            K.C_PACK_MASK: pack_mask(rules.pack),
        }
        for index, v in values.items():
            cfg[index] = int(v)
        policies = np.array([_POLICIES[p] for p in setup.policies], dtype=np.int64)
        return _Plan(rules, cfg, policies, np.array(pack(rules.pack), dtype=np.int64), size)

    def _given(self, plan: _Plan, setup: Setup, given: Mapping[str, Any] | None, n: int) -> tuple[Any, Any]:
        hand = np.zeros(n, dtype=np.int64)
        turnup = np.full(n, -1, dtype=np.int64)
        if not given:
            return hand, turnup
        unknown = set(given) - {"hand", "turnup"}
        if unknown:
            raise RulesError(f"given: unknown {', '.join(sorted(unknown))} (valid: hand, turnup)")
        full = int(mask_of(plan.pack.tolist()))
        if "hand" in given:
            if setup.hero is None:
                raise RulesError("given: a given hand is the hero's: set the hero")
            hand = np.asarray(given["hand"], dtype=np.int64).reshape(n)
            for h in {int(x) for x in hand}:
                if int.bit_count(h) != plan.size or h & ~full:
                    raise RulesError(f"given: hand {h:#x} is not {plan.size} cards of the pack (LOO5-1, LOOI-1)")
        if "turnup" in given:
            turnup = np.asarray(given["turnup"], dtype=np.int64).reshape(n)
            bad = (turnup >= 0) & (((full >> turnup.clip(0, 51)) & 1) == 0)
            clash = (turnup >= 0) & (((hand >> turnup.clip(0, 51)) & 1) == 1)
            if bad.any() or clash.any() or (turnup < -1).any() or (turnup > 51).any():
                raise RulesError("given: a turn-up is not a card of the pack outside the hero's hand (LOO5-1)")
        return hand, turnup

    # -- playing -----------------------------------------------------------------------------------

    def run(self, setup: Setup, seed: int, n: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Play deals ``0 .. n-1`` of the chunk seeded ``seed``: the common columns and :attr:`columns`."""
        plan = self.plan(setup)
        _count_and_seed(n, seed)
        hand, turnup = self._given(plan, setup, given, n)
        out, _actions = self._play(plan, setup, seed, 0, n, hand, turnup)
        if setup.hero is None:
            del out["hero_forced"]
        return out

    def _play(
        self, plan: _Plan, setup: Setup, seed: int, first: int, n: int, hand: Any, turnup: Any
    ) -> tuple[dict[str, Any], Any]:
        """Deals ``first .. first+n-1`` played: the columns, and the last deal's actions."""
        p = setup.players
        out = {
            "net": np.zeros((n, p), np.int32),
            "tricks": np.zeros((n, p), np.int8),
            "pool": np.zeros(n, np.int32),
            "states": np.zeros(n, np.int32),
            "hands": np.zeros((n, p), np.int64),
            "turnup": np.zeros(n, np.int8),
            "decl": np.zeros((n, p), np.int8),
            "exchanged": np.zeros((n, p), np.int8),
            "flush": np.zeros(n, np.int8),
            "looed": np.zeros((n, p), np.bool_),
            "hero_forced": np.zeros(n, np.bool_),
        }
        acts = np.zeros((K.MAX_ACTS, 3), np.int64)
        play: Any = K.run  # a numba dispatcher: its arguments are typed by numba
        count = play(
            plan.cfg, plan.policies, np.uint64(seed), first, n, hand, turnup, plan.pack, acts,
            sensible_tables(plan.size, plan.rules.pack),
            *out.values(),
        )  # fmt: skip
        return out, acts[: int(count)]

    def trace(self, setup: Setup, seed: int, index: int, hand: int = 0, turnup: int = -1) -> list[TraceAction]:
        """Deal ``index`` of the chunk seeded ``seed`` alone (``hand``, ``turnup``: as ``given`` gives them):
        its actions in order (module docstring)."""
        plan = self.plan(setup)
        _count_and_seed(index, seed)
        given = np.array([hand], dtype=np.int64), np.array([turnup], dtype=np.int64)
        _out, acts = self._play(plan, setup, seed, index, 1, *given)
        trace: list[TraceAction] = []
        for seat, code, arg in acts.tolist():
            if code in (K.A_PLAY, K.A_CIVIL):
                trace.append((seat, "play", arg, "civil" if code == K.A_CIVIL else None))
            else:
                trace.append((seat, _VERBS[code], arg if code == K.A_EXCHANGE else None, None))
        return trace

    def deal_of(
        self, setup: Setup, seed: int, index: int, hand: int = 0, turnup: int = -1
    ) -> tuple[list[int], int, list[int]]:
        """The cards of deal ``index`` in Python, as the kernel deals them: each seat's hand (a mask), the
        turn-up and the stock, top card first (the module docstring's deal)."""
        plan = self.plan(setup)
        taken = hand | (1 << turnup if turnup >= 0 else 0)
        deck = [c for c in plan.pack.tolist() if not taken >> c & 1]
        it = iter(shuffled(deal_stream(seed, index, CARDS), deck, len(deck)))
        hands = [0] * setup.players
        for _ in range(plan.size):
            for s in range(setup.players):
                if s != setup.hero or not hand:
                    hands[s] |= 1 << next(it)
        if hand and setup.hero is not None:
            hands[setup.hero] = hand
        up = turnup if turnup >= 0 else next(it)
        return hands, up, list(it)

    def twins(self, setup: Setup, seed: int, index: int) -> dict[int, Twin]:
        """The Python twins of the seats of deal ``index``, sharing its CHOICES stream: players of the checked
        engine (``name``, ``choose(view)``) that choose as the kernel does."""
        plan = self.plan(setup)
        stream = Stream(deal_stream(seed, index, CHOICES))
        return {
            s: Twin(policy, stream, plan.rules, setup.hero_action if s == setup.hero else None)
            for s, policy in enumerate(setup.policies)
        }


class Twin:
    """A seat's player on the checked engine, choosing as the kernel does (the module docstring's rules), from
    the seat's view only and the deal's shared CHOICES stream."""

    def __init__(self, policy: str, stream: Stream, rules: Any, hero_action: str | None = None) -> None:
        self.name = f"{policy}-twin"
        self.policy = policy
        self.stream = stream
        self.rules = rules
        #: the hero's action, until his first declaration
        self.hero_action = hero_action
        #: the bot whose declarations the ``sensible`` player makes (its card play is the kernel's own)
        self.bot = SensibleLooBot()

    def _pick(self, canon: Sequence[Any]) -> Any:
        return canon[self.stream.below(len(canon))] if len(canon) > 1 else canon[0]

    def choose(self, view: Any) -> Any:
        """The seat's action: a flush whenever it holds one, else its policy's declaration or card."""
        legal = list(view.legal)
        for a in legal:
            if a.verb == "flush":
                return a
        if legal[0].verb in ("stand", "throw", "exchange"):
            return self._declare(view, legal)
        return self._play(view, legal)

    def _declare(self, view: Any, legal: list[Any]) -> Any:
        throw = [a for a in legal if a.verb == "throw"]
        hero, self.hero_action = self.hero_action, None
        if hero == "throw" and throw:
            return throw[0]
        if hero == "play":
            throw = []
        stand = [a for a in legal if a.verb == "stand"]
        # the exchanges by the cards they put out: only the one chosen is looked up in the canonical order
        exchanges = {a.arg: a for a in legal if a.verb == "exchange"}
        if self.policy == "random":
            r = self.stream.below(1 + len(throw) + len(exchanges)) if throw or exchanges else 0
            if r < 1 + len(throw):
                return (stand + throw)[r]
            return exchanges[format_cards(_nth_exchange(view.hand, view.stock, r - 1 - len(throw)))]
        if hero == "play":  # the hero plays: the bot chooses among the ways of playing, as the kernel does
            view = replace(view, legal=tuple(a for a in legal if a.verb != "throw"))
        return self.bot.choose(view)

    def _play(self, view: Any, legal: list[Any]) -> Any:
        plain = sorted((a for a in legal if a.arg is None), key=lambda a: a.card)
        civil = [a for a in legal if a.arg == "civil"]
        if self.policy == "random":
            return self._pick(plain + civil)
        card = self._sensible_card(view, [a.card for a in plain])
        if civil and civil[0].card == card:
            return civil[0]
        return next(a for a in plain if a.card == card)

    def _sensible_card(self, view: Any, cards: list[int]) -> int:
        """As :func:`._loo5_kernel.sensible_play`. A trick led "civil" is judged here as any other: its ace can
        be beaten by nothing but Pam, which may not head it, so the cards that head it are none either way."""
        trump, pam = view.trump, view.pam if view.pam >= 0 else None
        tricks = view.tricks
        trick = tricks[-1].cards if tricks and tricks[-1].winner is None else ()
        pool = cards
        if trick:
            led = suit_in_play(trick[0], trump, pam)
            bar = power(trick[trick_winner(trick, trump, pam)], led, trump, pam)
            pool = [c for c in cards if power(c, led, trump, pam) > bar] or cards
        won = sum(1 for t in tricks if t.winner == view.seat)

        def value(c: int) -> tuple[int, int]:
            return (100 if c == pam else c % 13 + (13 if c // 13 == trump else 0)), c

        return max(pool, key=value) if not trick and not won else min(pool, key=value)


def _count_and_seed(n: int, seed: int) -> None:
    if not isinstance(n, int | np.integer) or isinstance(n, bool) or n < 0:
        raise RulesError(f"n: the number of deals is a count, got {n!r}")
    if not isinstance(seed, int | np.integer) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise RulesError(f"seed: a chunk's seed is an integer from 0 to 2**64 - 1, got {seed!r}")


def _nth_exchange(hand: int, stock: int, j: int) -> int:
    """The ``j``-th exchange of the canonical order: the sets of positions in ``hand`` sorted ascending (bit
    ``k``: the ``k``-th lowest card), in increasing number, of at most ``stock`` cards; as a mask of cards."""
    cards = list(cards_in(hand))
    for m in range(1, 1 << len(cards)):
        if int.bit_count(m) <= stock:
            if j == 0:
                return mask_of(c for k, c in enumerate(cards) if m >> k & 1)
            j -= 1
    raise RulesError(f"no exchange {j} of {len(cards)} cards with {stock} in the stock (LOO5-2)")


#: the kernels by form: ``kernel_for`` takes one from here
KERNELS: Final = {form: Loo5Kernel(form) for form in _PRESETS}
