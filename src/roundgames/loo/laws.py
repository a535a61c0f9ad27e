"""Table mode for Three-card Loo: the laws LOO-LAW-0a..20 (RULES.md §5, §14) and the replay.

In table mode (``deal.table_mode``, DEAL-RECORD.md ``mode: table``) :meth:`LooDeal.apply` consults
:class:`LooLaws`, the policy this module registers with the deal; the laws reach the deal only through its
public methods.
:func:`judge` decides what an action is: a proper action (applied as in strict mode), an irregular card
or declaration (a revoke, a lead out of turn, a declaration out of turn, a throw after the lead), a
law stated as ``SEAT irregular RULE-ID [ARG]``, or the demand ``SEAT replay``; it raises
:class:`IllegalActionError` for what no law covers, and changes nothing until its executor runs.
Every law applied appends an :class:`Irregularity` to ``deal.irregularities``. The choices made
where RULES.md is silent are in docs/loo-laws.md.

>>> from roundgames.loo.rules import LooRules
>>> from roundgames.loo.deal import LooDeal
>>> deal = LooDeal(LooRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4", pool=9)
>>> deal.table_mode = True
>>> deal.deal_cards({"P1": "AH 2S 9C", "P2": "KH 7D 4S", "P3": "QH 8C 3D", "P4": "JH 5D 2C"},
...                 miss="7S 4H TC", turnup="6S")
>>> for text in ["P1 stand", "P2 stand", "P3 stand", "P4 throw", "P1 play AH", "P2 play 4S"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.irregularities, deal.tricks, deal.trick_cards, deal.seats[deal.to_act]
([Irregularity(index=5, seat=1, rule='LOO-LAW-14', penalty=6, pool='next')], [], [], 'P1')
>>> for text in ["P1 play AH", "P2 play KH", "P3 play QH", "P1 play 2S", "P2 play 4S", "P3 play 3D",
...              "P2 play 7D", "P3 play 8C", "P1 play 9C"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.net, deal.pool_total
([4, -6, -6, -3], 20)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..core.cards import SUIT_MASKS, card_str, parse_card
from ..core.errors import CardError, IllegalActionError, RecordError
from ..games.protocol import Irregularity
from .actions import DECL_VERB, DECLARE_VERBS, PLAYING, Decl, Kind, LooAction, Phase
from .deal import LooDeal
from .legality import top_trump
from .rules import LooRules
from .settle import reopen_single, settle_single

__all__ = ["LAWS", "LawState", "LooLaws", "judge", "law_text", "legal_actions"]

#: Every law of Loo by its ID, with what the engine does (docs/loo-laws.md says why).
LAWS: dict[str, str] = {
    "LOO-LAW-0a": "an irregularity named by the general principle: a single S before play, as LOO-LAW-17 in play",
    "LOO-LAW-0b": "an irregularity in play, under the replay principle: as LOO-LAW-17",
    "LOO-LAW-0c": "an irregularity in play (the offender is looed once): as LOO-LAW-17",
    "LOO-LAW-0d": "an irregularity in play (the engine's replay): as LOO-LAW-17",
    "LOO-LAW-1": "misdeal: the dealer pays S into this pool; the deal is void and he deals again",
    "LOO-LAW-2": "interfering with the deal: S into this pool; void and re-dealt if cards were mixed or exposed",
    "LOO-LAW-3": "dealing out of turn: void before the first declaration, the proper dealer deals; later it stands",
    "LOO-LAW-4": "looking at one's own cards before one's turn: S into this pool",
    "LOO-LAW-5": "declaring out of turn: S into this pool; the declaration takes effect at his proper turn",
    "LOO-LAW-6": "looking at the miss without taking it: S into this pool",
    "LOO-LAW-7": "looking at thrown-up cards or at the pack: S into this pool",
    "LOO-LAW-8": "looking at another hand: a full loo into this pool; he throws up, or plays for the pool",
    "LOO-LAW-9": "informing: a full loo into this pool before play; in play as LOO-LAW-17",
    "LOO-LAW-10": "playing or leading out of turn: a full loo into the next pool, the replay, winnings carried",
    "LOO-LAW-11": "not leading the ace of trumps (the king, the ace turned up): as LOO-LAW-10",
    "LOO-LAW-12": "not leading the highest of two or more trumps: as LOO-LAW-10",
    "LOO-LAW-13": "second lead: not leading the (higher) trump: as LOO-LAW-10",
    "LOO-LAW-14": "revoke: as LOO-LAW-10",
    "LOO-LAW-15": "not heading the trick, trumping or overtrumping when able: as LOO-LAW-10",
    "LOO-LAW-16": "throwing up after the lead: a full loo into the next pool; he plays on, winnings carried",
    "LOO-LAW-17": "any other breach in play: as LOO-LAW-10",
    "LOO-LAW-18": "which pool (named as the irregularity): as LOO-LAW-0a",
    "LOO-LAW-19": "the amount of a full loo (named as the irregularity): as LOO-LAW-0a",
    "LOO-LAW-20": "stake not paid: recorded, no penalty (the engine always takes the stake)",
}
_CANON = {rule.upper(): rule for rule in LAWS}
# the laws of play that order the replay (LOO-LAW-16 does not, §14.4)
_IN_PLAY_ONLY = {"LOO-LAW-0b", "LOO-LAW-0c", "LOO-LAW-0d", *(f"LOO-LAW-{i}" for i in (10, 11, 12, 13, 14, 15, 17))}
_PRINCIPLES = {"LOO-LAW-0a", "LOO-LAW-18", "LOO-LAW-19"}
# the laws of the deal itself, which a Peel single settled as it was dealt still takes (§14.30)
_OF_THE_DEAL = ("LOO-LAW-1", "LOO-LAW-2", "LOO-LAW-3")

Executor = Callable[[], LooAction]


@dataclass
class LawState:
    """What the laws have ordered so far in one deal."""

    #: seats that looked at another hand before declaring: they must throw up (LOO-LAW-8, §14.21)
    forced_throw: set[int] = field(default_factory=set)
    #: declarations made out of turn, binding at the proper turn (LOO-LAW-5)
    bound: dict[int, Decl] = field(default_factory=dict)
    #: under ``revoke_replay: optional``, the offender whose irregularity awaits a demand for the replay
    demand: int | None = None
    #: a full-loo penalty was paid, so the next deal is not a single (§14.5)
    full_loo_paid: bool = False
    #: the deal is void (LOO-LAW-1, -2, -3); ``next_dealer`` deals next, a deal of the same kind (§14.8)
    void: bool = False
    next_dealer: int | None = None
    #: how many times play restarted from the first lead (LOO-LAW-0d)
    replays: int = 0

    def copy(self) -> LawState:
        """An independent copy."""
        return replace(self, forced_throw=set(self.forced_throw), bound=dict(self.bound))


@dataclass(frozen=True)
class _Case:
    """One action being judged."""

    deal: LooDeal
    seat: int
    action: LooAction
    law: LawState

    @property
    def name(self) -> str:
        return self.deal.seats[self.seat]

    @property
    def text(self) -> str:
        return self.deal.action_str(self.action)

    def run(self, body: Callable[[], None]) -> Executor:
        """The executor: any later action closes an open demand (§14.9), then ``body`` applies the law. On Peel's
        single, settled as it was dealt, the law comes first: the settlement is taken back, and made again for the
        pool the law leaves unless it voids the deal (§14.30)."""

        def execute() -> LooAction:
            deal = self.deal
            deal.law = self.law
            self.law.demand = None
            settled = deal.voidable
            if settled:
                reopen_single(deal)
            body()
            if settled and not deal.is_void:
                settle_single(deal)
            _declare_bound(deal, self.law)
            return self.action

        return execute

    def record(self, rule: str, penalty: int, pool: str | None) -> None:
        """Log the action and the law applied to it."""
        index = len(self.deal.log)
        self.deal.irregularities.append(Irregularity(index, self.seat, rule, penalty, pool if penalty else None))
        self.deal.log.append(self.action)


def _law_of(deal: LooDeal) -> LawState:
    return deal.law if deal.law is not None else LawState()


# -- the penalties ---------------------------------------------------------------------------------


def _full_loo(deal: LooDeal) -> int:
    """A full loo: L, or under unlimited or mixed loo the pool as it stands (LOO-LAW-19, §14.19)."""
    return deal.rules.loo_amount(deal.ledger.pool)


def _single_amount(deal: LooDeal) -> int:
    """A penalty before play: S (LOO-LAW-0a); under ``ew_flat`` every irregularity costs a full loo (C-LOO-7)."""
    return _full_loo(deal) if deal.rules.penalty_scale == "ew_flat" else deal.rules.stakes.single


def _single(c: _Case, rule: str) -> None:
    """A penalty before play, paid at once into this pool (LOO-LAW-0a, -18)."""
    deal = c.deal
    amount = _single_amount(deal)
    deal.ledger.stake(c.seat, amount)
    c.law.full_loo_paid |= deal.rules.penalty_scale == "ew_flat" and amount > 0
    c.record(rule, amount, "current")


def _look(c: _Case, rule: str) -> None:
    """Looking at another hand, informing before play: a full loo at once, into this pool (§14.4) or, under
    ``look_penalty_pool: next``, the next (HOF law 17)."""
    deal = c.deal
    amount = _full_loo(deal)
    if deal.rules.look_penalty_pool == "next":
        deal.ledger.pay_next(c.seat, amount)
        pool = "next"
    else:
        deal.ledger.stake(c.seat, amount)
        pool = "current"
    c.law.full_loo_paid |= amount > 0
    c.record(rule, amount, pool)


def _void(c: _Case, rule: str, penalised: bool, next_dealer: int) -> None:
    """The deal is void: its stakes are not charged, the penalty is; ``next_dealer`` deals again (§14.8, §14.20).
    The penalty is reckoned once the void deal's stakes are back (under ``ew_flat`` with unlimited loo it is a
    loo of the pool the deal was dealt for, not of its own stakes)."""
    deal = c.deal
    deal.return_stakes()
    penalty = _single_amount(deal) if penalised else 0
    if penalty:
        deal.ledger.stake(c.seat, penalty)
    c.law.void, c.law.next_dealer = True, next_dealer
    c.record(rule, penalty, "current")
    deal.finish()


def _in_play(c: _Case, rule: str, card: int | None = None, *, replay: bool = True) -> Executor:
    """An irregularity in play (LOO-LAW-0b..0d, -9..-17): a full loo into the next pool, the offender's
    winnings carried and no second loo; the replay from the first lead as ``revoke_replay`` orders (§14.9)."""
    deal = c.deal
    if deal.kind is Kind.SINGLE:
        raise IllegalActionError(f"{c.text}: Peel's single has no play", rule)

    def body() -> None:
        amount = _full_loo(deal)
        deal.ledger.pay_next(c.seat, amount)
        c.law.full_loo_paid |= amount > 0
        if c.seat in deal.players:
            deal.offenders.add(c.seat)
        c.record(rule, amount, "next")
        mode = deal.rules.revoke_replay
        if replay and mode == "mandatory":
            deal.restart_play()
            c.law.replays += 1
            return
        if card is not None:
            _card_stands(deal, c.seat, card)
        if replay and mode == "optional" and not deal.is_complete:
            c.law.demand = c.seat

    return c.run(body)


def _card_stands(deal: LooDeal, s: int, card: int) -> None:
    """The irregular card stays in the trick; after a card out of turn the seat whose turn it was plays next."""
    proper, tricks = deal.to_act, len(deal.tricks)
    deal.play_unchecked(s, card)
    if len(deal.tricks) == tricks and proper is not None and proper != s:
        deal.to_act = proper


# -- judging an action ------------------------------------------------------------------------------


def judge(deal: LooDeal, action: LooAction) -> Executor:
    """Decide what ``action`` is in table mode; raise :class:`IllegalActionError` if no law covers it.

    Returns the executor that applies it (and returns it as logged); nothing changes before it runs.
    """
    s = deal.seat_index(action.seat)
    c = _Case(deal, s, action, _law_of(deal))
    if deal.voidable and action.verb == "irregular":
        return _irregular(c)  # Peel's single is settled as it is dealt, but a law of the deal may void it (§14.30)
    if deal.phase is Phase.COMPLETE:
        raise IllegalActionError(f"{c.text}: the deal is over", "LOO-SET-6")
    if deal.phase is Phase.DEAL:
        raise IllegalActionError(f"{c.text}: the cards have not been dealt", "LOO-DEAL-4")
    if action.verb == "irregular":
        return _irregular(c)
    if action.verb == "replay":
        return _replay(c)
    if deal.phase is Phase.DECLARE and action.verb in DECLARE_VERBS and s == deal.to_act:
        return _declaration_in_turn(c, DECLARE_VERBS[action.verb])
    try:
        deal.verify_proper(action)
    except IllegalActionError as e:
        return _irregular_action(c, e)
    return c.run(lambda: _strict(deal, action))


def _strict(deal: LooDeal, action: LooAction) -> None:
    deal.apply_proper(action)


def _declaration_in_turn(c: _Case, decl: Decl) -> Executor:
    deal, s = c.deal, c.seat
    if s in c.law.forced_throw:
        if decl is not Decl.THROW:
            raise IllegalActionError(
                f"{c.name} cannot {c.action.verb}: having looked at another player's hand, he must throw up",
                "LOO-LAW-8",
            )

        def throw() -> None:  # even where the dealer could not otherwise throw up (LOO-DECL-8)
            deal.declare_unchecked(s, Decl.THROW)
            deal.log.append(c.action)

        return c.run(throw)
    deal.verify_proper(c.action)  # a declaration he may not make is refused as in strict mode
    return c.run(lambda: _strict(deal, c.action))


#: what a declaration made out of turn counts as when it is not open at the offender's proper turn, nearest first
#: (§14.33): the dealer's throw facing a lone stander, he defends (LOO-DECL-8) or, with no miss to defend,
#: plays his own hand (§14.24); a miss already taken, he stands (LOO-LAW-5 [I])
_NEAREST: dict[Decl, tuple[Decl, ...]] = {Decl.THROW: (Decl.DEFEND, Decl.STAND), Decl.MISS: (Decl.STAND,)}


def _bound(deal: LooDeal, law: LawState, s: int) -> Decl | None:
    """The declaration ``s`` made out of turn, as it binds now (LOO-LAW-5 [I], §14.27): itself if it is open at
    his turn, else the nearest one that is (§14.33)."""
    want = law.bound.get(s)
    if want is None:
        return None
    options = deal.declare_options(s)
    return next((d for d in (want, *_NEAREST.get(want, ())) if d in options), None)


def _declare_bound(deal: LooDeal, law: LawState) -> None:
    """A declaration made out of turn takes effect at the offender's proper turn by itself: it was recorded
    once, where it was made, and the next seat's declaration is in turn (LOO-LAW-5, §14.27)."""
    while deal.phase is Phase.DECLARE and deal.to_act is not None and deal.to_act not in law.forced_throw:
        want = _bound(deal, law, deal.to_act)
        if want is None:
            return
        deal.declare_unchecked(deal.to_act, want)


def _irregular_action(c: _Case, error: IllegalActionError) -> Executor:
    """An action strict mode refuses: the law it breaks, or ``error`` again where none applies."""
    deal, s, verb = c.deal, c.seat, c.action.verb
    if verb in DECLARE_VERBS:
        if deal.phase is Phase.DECLARE:
            return _declaration_out_of_turn(c, DECLARE_VERBS[verb], error)
        if verb == "throw" and s in deal.players:  # LOO-LAW-16
            return _in_play(c, "LOO-LAW-16", replay=False)
        raise error
    card = c.action.card
    if verb != "play" or card is None or deal.phase is not Phase.PLAY or s not in deal.players:
        raise error
    if not 0 <= card < 52 or not deal.hands[s] >> card & 1:
        raise error  # a card he does not hold cannot be played, even irregularly
    if s in deal.trick_seats:
        raise IllegalActionError(f"{c.name} cannot play {card_str(card)}: he has played to this trick", "LOO-PLAY-7")
    return _in_play(c, _card_law(deal, s, error), card)


def _card_law(deal: LooDeal, s: int, error: IllegalActionError) -> str:
    """The law an irregular card breaks (RULES.md §5.1 from the rule strict mode cites, §14.10, §14.18)."""
    if s != deal.to_act:
        return "LOO-LAW-10"
    if error.rule == "LOO-PLAY-2":
        legal = deal.playable_cards(s)
        if deal.pam is not None and deal.rules.pam_free:  # a free Pam may always be played: not the rule broken
            legal &= ~(1 << deal.pam)
        top = top_trump(deal.turnup, deal.trump)
        if legal == 1 << top:
            return "LOO-LAW-11"
        if deal.hands[s] & SUIT_MASKS[deal.trump]:
            return "LOO-LAW-12"
        return "LOO-LAW-17"  # Cassell's highest card without a trump: a breach no law names
    return {
        "LOO-PLAY-3": "LOO-LAW-13",
        "LOO-PLAY-4": "LOO-LAW-14",
        "LOO-PLAY-5": "LOO-LAW-15",
        "LOO-PLAY-6": "LOO-LAW-15",
    }.get(error.rule, "LOO-LAW-17")


def _declaration_out_of_turn(c: _Case, decl: Decl, error: IllegalActionError) -> Executor:
    """LOO-LAW-5: S at once; the declaration binds at his proper turn."""
    _check_out_of_turn(c, decl, error)

    def body() -> None:
        c.law.bound[c.seat] = decl
        _single(c, "LOO-LAW-5")

    return c.run(body)


def _check_out_of_turn(c: _Case, decl: Decl | None, error: IllegalActionError | None = None) -> None:
    deal, s = c.deal, c.seat
    why = error or IllegalActionError(f"{c.text}: it is his turn, so he declares in turn", "LOO-LAW-5")
    if deal.phase is not Phase.DECLARE:  # the law invoked is cited (§14.10): LOO-LAW-4 or -5
        raise IllegalActionError(f"{c.text}: the declaring is over", why.rule)
    if s not in deal.order or deal.decls[s] is not Decl.NONE or s == deal.to_act:
        raise why
    if s in c.law.bound:
        raise IllegalActionError(f"{c.text}: he has declared out of turn already", "LOO-DECL-5")
    if decl is None:
        return
    verb = DECL_VERB[decl]
    if s in c.law.forced_throw and decl is not Decl.THROW:
        raise IllegalActionError(
            f"{c.name} cannot {verb}: having looked at another hand, he must throw up", "LOO-LAW-8"
        )
    if decl is Decl.DEFEND:
        raise IllegalActionError(
            f"{c.name} cannot play the miss for the pool: only the dealer may, at his turn", "LOO-DECL-8"
        )
    if decl is Decl.MISS and deal.miss_holder is not None:
        raise IllegalActionError(
            f"{c.name} cannot take the miss: {deal.seats[deal.miss_holder]} has taken it", "LOO-DECL-3"
        )
    if deal.club_law and decl is not Decl.STAND:
        rule = "LOO-VAR-EW-SINGLE" if deal.kind is Kind.EW_SINGLE else "LOO-VAR-CLUBLAW"
        raise IllegalActionError(f"{c.name} cannot {verb}: all must stand in this deal", rule)


# -- the demand for a replay --------------------------------------------------------------------------


def _replay(c: _Case) -> Executor:
    """``SEAT replay`` under ``revoke_replay: optional`` (HOF law 16, §14.9)."""
    deal, law = c.deal, c.law
    if c.action.arg:
        raise RecordError("actions", f"{c.text!r}: replay takes no argument")
    if law.demand is None:
        why = {
            "mandatory": "the laws order every replay themselves",
            "none": "these rules have no replay",
        }.get(deal.rules.revoke_replay, "only right after an irregularity in play")
        raise IllegalActionError(f"{c.name} cannot demand a replay: {why}", "LOO-LAW-0b")
    if c.seat == law.demand:
        raise IllegalActionError(
            f"{c.name} cannot demand a replay: only a seat other than the offender may", "LOO-LAW-14"
        )

    def execute() -> LooAction:
        deal.law = law
        law.demand = None
        deal.restart_play()
        law.replays += 1
        deal.log.append(c.action)
        return c.action

    return execute


# -- laws stated as ``SEAT irregular RULE-ID [ARG]`` -----------------------------------------------------


def _irregular(c: _Case) -> Executor:
    words = (c.action.arg or "").split()
    if not words:
        raise IllegalActionError(f"{c.text}: name the law, as in '{c.name} irregular LOO-LAW-8'", "LOO-LAW-17")
    rule = _CANON.get(words[0].upper())
    if rule is None:
        raise IllegalActionError(
            f"{c.text}: {words[0]} is not a law of Loo (LOO-LAW-0a..0d, LOO-LAW-1..20)", "LOO-LAW-17"
        )
    args = words[1:]
    deal, s, phase = c.deal, c.seat, c.deal.phase
    if deal.voidable and rule not in _OF_THE_DEAL:
        raise IllegalActionError(
            f"{c.text}: Peel's single is settled as it is dealt; only a law of the deal, LOO-LAW-1, -2 or -3, "
            "may still apply to it (§14.30)",
            rule,
        )
    if rule in _PRINCIPLES or rule == "LOO-LAW-9" or rule in _IN_PLAY_ONLY:
        _card_arg(c, args)  # the card concerned, if named, is kept only in the record
        if phase is Phase.PLAY:
            if rule != "LOO-LAW-9" and s not in deal.players:
                raise IllegalActionError(f"{c.text}: {c.name} does not play in this deal", rule)
            return _in_play(c, rule)
        if rule in _IN_PLAY_ONLY:
            raise IllegalActionError(f"{c.text}: {rule} is broken only in play", rule)
        return c.run(lambda: (_look if rule == "LOO-LAW-9" else _single)(c, rule))
    handler = _HANDLERS[rule]
    return handler(c, rule, args)


def _card_arg(c: _Case, args: list[str]) -> int | None:
    """An optional card the law concerns (a card exposed or named): checked, and kept only in the record."""
    if len(args) > 1:
        raise RecordError("actions", f"{c.text!r}: one card at most after the law")
    if not args:
        return None
    try:
        return parse_card(args[0])
    except CardError as e:
        raise RecordError("actions", f"{c.text!r}: {e}") from None


def _no_args(c: _Case, rule: str, args: list[str]) -> None:
    if args:
        raise RecordError("actions", f"{c.text!r}: {rule} takes no argument")


def _single_open(deal: LooDeal) -> bool:
    """Whether ``deal`` is Peel's single before its result stands: as a keeper states it, dealt face up and its
    winner not yet said; or settled as it was dealt, nothing recorded since (LOO-SGL-1, §14.30)."""
    if deal.kind is not Kind.SINGLE:
        return False
    return deal.voidable or (deal.unknown and not deal.is_complete and not deal.tricks)


def _before_play(c: _Case, rule: str) -> None:
    deal = c.deal
    if _single_open(deal):
        return  # nobody declares in Peel's single: until its result stands, the cards are still being dealt
    if deal.phase is not Phase.DECLARE:
        raise IllegalActionError(f"{c.text}: {rule} applies only before the play of the cards", rule)


def _by_dealer(c: _Case, rule: str) -> None:
    if c.seat != c.deal.dealer:
        raise IllegalActionError(f"{c.text}: {rule} is the dealer's, {c.deal.seats[c.deal.dealer]}'s", rule)


def _misdeal(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-1, §14.8, §14.20: the dealer pays S; the deal is void and the same dealer deals again."""
    _card_arg(c, args)
    _before_play(c, rule)
    _by_dealer(c, rule)
    return c.run(lambda: _void(c, rule, True, c.deal.dealer))


def _interfering(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-2: S into this pool; re-dealt by the same dealer, without penalty to him, only if the cards were
    mixed (ARG ``mixed``) or a card exposed (ARG the card)."""
    redeal = args == ["mixed"] or _card_arg(c, args) is not None
    _before_play(c, rule)
    if redeal:
        return c.run(lambda: _void(c, rule, True, c.deal.dealer))
    return c.run(lambda: _single(c, rule))


def _out_of_turn_deal(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-3 [D]: before the first declaration the deal is void and PROPER deals; later it stands. Peel's
    single has no declaration: until its result stands it is void (§14.30)."""
    if len(args) != 1:
        raise RecordError("actions", f"{c.text!r}: name the proper dealer, as in '{c.name} irregular {rule} P2'")
    proper = c.deal.seat_index(args[0], "actions")
    _by_dealer(c, rule)
    deal = c.deal
    if proper == deal.dealer:
        raise IllegalActionError(f"{c.text}: {c.name} is the proper dealer", rule)
    undeclared = deal.phase is Phase.DECLARE and not c.law.bound and all(d is Decl.NONE for d in deal.decls)
    if undeclared or _single_open(deal):
        return c.run(lambda: _void(c, rule, False, proper))
    return c.run(lambda: c.record(rule, 0, None))


def _own_cards(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-4: S at once into this pool; he still declares and plays."""
    _no_args(c, rule, args)
    _check_out_of_turn(c, None, IllegalActionError(f"{c.text}: only before his turn to declare", rule))
    return c.run(lambda: _single(c, rule))


def _stated_out_of_turn(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-5 stated: with the declaration (``stand``, ``throw``, ``miss``) it binds as if made."""
    if len(args) > 1 or (args and args[0] not in ("stand", "throw", "miss")):
        raise RecordError("actions", f"{c.text!r}: {rule} takes the declaration made: stand, throw or miss")
    decl = DECLARE_VERBS[args[0]] if args else None
    _check_out_of_turn(c, decl, IllegalActionError(f"{c.text}: only before his turn to declare", rule))

    def body() -> None:
        if decl is not None:
            c.law.bound[c.seat] = decl
        _single(c, rule)

    return c.run(body)


def _miss(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-6: S at once into this pool; he may still play."""
    _no_args(c, rule, args)
    deal = c.deal
    if deal.kind is not Kind.REGULAR:
        raise IllegalActionError(f"{c.text}: this deal has no miss", rule)
    if deal.miss_holder is not None:
        raise IllegalActionError(
            f"{c.text}: {deal.seats[deal.miss_holder]} has taken the miss; looking at it is LOO-LAW-8", rule
        )
    return c.run(lambda: _single(c, rule))


def _pack(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-7: S at once into this pool; he may still play."""
    _no_args(c, rule, args)
    return c.run(lambda: _single(c, rule))


def _other_hand(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-8, §14.4, §14.21: a full loo at once; undeclared, he must throw up; declared, he plays for the pool."""
    deal, s = c.deal, c.seat
    if len(args) > 1:
        raise RecordError("actions", f"{c.text!r}: {rule} takes at most the seat whose hand he saw")
    if args and deal.seat_index(args[0], "actions") == s:
        raise IllegalActionError(f"{c.text}: looking at his own hand is LOO-LAW-4", rule)
    undeclared = deal.phase is Phase.DECLARE and s in deal.order and deal.decls[s] is Decl.NONE

    def body() -> None:
        if undeclared and not deal.club_law:
            c.law.forced_throw.add(s)
            c.law.bound.pop(s, None)
            deal.offenders.add(s)  # nor may he take the pool without play (LOO-DECL-7) [D]
        elif undeclared or deal.decls[s] in PLAYING:  # an exchange is a way of playing (LOO5-2)
            deal.offenders.add(s)  # all must play (club law): he plays, but for the pool [D]
        _look(c, rule)

    return c.run(body)


def _throw_after_lead(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-16 stated (§14.4): a full loo into the next pool; he plays on and his winnings are carried."""
    _no_args(c, rule, args)
    if c.deal.phase is not Phase.PLAY or c.seat not in c.deal.players:
        raise IllegalActionError(f"{c.text}: only one who plays can throw up after the lead", rule)
    return _in_play(c, rule, replay=False)


def _stake_not_paid(c: _Case, rule: str, args: list[str]) -> Executor:
    """LOO-LAW-20 [D]: recorded, no penalty; the engine has taken the stake."""
    _no_args(c, rule, args)
    _before_play(c, rule)
    _by_dealer(c, rule)
    return c.run(lambda: c.record(rule, 0, None))


_HANDLERS: dict[str, Callable[[_Case, str, list[str]], Executor]] = {
    "LOO-LAW-1": _misdeal,
    "LOO-LAW-2": _interfering,
    "LOO-LAW-3": _out_of_turn_deal,
    "LOO-LAW-4": _own_cards,
    "LOO-LAW-5": _stated_out_of_turn,
    "LOO-LAW-6": _miss,
    "LOO-LAW-7": _pack,
    "LOO-LAW-8": _other_hand,
    "LOO-LAW-16": _throw_after_lead,
    "LOO-LAW-20": _stake_not_paid,
}


# -- what is legal ----------------------------------------------------------------------------------------


def legal_actions(deal: LooDeal, proper: list[LooAction]) -> list[LooAction]:
    """The proper actions of the seat to act, as the laws leave them: a forced throw (§14.21), and ``replay``
    while a demand is open (§14.9). A seat bound by a declaration out of turn is never to act: it declared once,
    where it was made (LOO-LAW-5, §14.27)."""
    s, law = deal.to_act, deal.law
    if s is None or law is None:
        return proper
    if deal.phase is Phase.DECLARE:
        if s in law.forced_throw:
            return [LooAction(s, "throw")]
        return proper
    if law.demand is not None and s != law.demand:
        return [*proper, LooAction(s, "replay")]
    return proper


_LOO_REPLAY = {
    "mandatory": "the hand is replayed",
    "optional": "replayed if another player demands it (replay)",
    "none": "no replay",
}


def law_text(rules: LooRules, rule: str) -> str:
    """LOO-LAW text with the amounts at this table, and "as LOO-LAW-10" spelt out."""
    text = LAWS[rule]
    if text.endswith(": as LOO-LAW-10"):
        text = text.removesuffix("as LOO-LAW-10") + LAWS["LOO-LAW-10"].split(": ", 1)[1]
    if text.endswith(": as LOO-LAW-17"):
        text = text.removesuffix("as LOO-LAW-17") + "a full loo into the next pool, the replay, winnings carried"
    stakes = rules.stakes
    full = {"limited": f"({stakes.loo})", "unlimited": "(the pool)"}.get(
        rules.loo_mode, f"(the pool, at most {rules.loo_cap})"
    )
    single = f"S ({stakes.single})" if rules.penalty_scale == "peel" else f"a full loo {full} (Enquire Within)"
    text = text.replace("a full loo into", f"a full loo {full} into").replace("a full loo,", f"a full loo {full},")
    text = text.replace("a single S", single).replace("S into", f"{single} into").replace("S at once", single)
    if rules.look_penalty_pool == "next" and rule in ("LOO-LAW-8", "LOO-LAW-9"):
        text = text.replace("into this pool", "into the next pool")
    replay = _LOO_REPLAY[rules.revoke_replay]
    return text.replace(", the replay, winnings carried", f"; {replay}; his winnings carried")


class LooLaws:
    """The laws of Loo as the policy a deal in table mode consults (:class:`~roundgames.games.protocol.Laws`)."""

    def judge(self, deal: LooDeal, action: LooAction) -> Executor:
        """What ``action`` is in table mode: its executor, or :class:`IllegalActionError` where no law covers it."""
        return judge(deal, action)

    def legal_actions(self, deal: LooDeal, proper: list[LooAction]) -> list[LooAction]:
        """The proper actions as the laws leave them."""
        return legal_actions(deal, proper)


LooDeal.use_laws(LooLaws())
