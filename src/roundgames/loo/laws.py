"""Table mode for Three-card Loo: the laws LOO-LAW-0a..20 (RULES.md §5, §14) and the replay.

:func:`judge` looks at a deal in table mode (``deal.table_mode``, DEAL-RECORD.md ``mode: table``) without
changing it and returns a :class:`~roundgames.games.ruling.Ruling`, which :meth:`LooDeal.apply_ruling
<roundgames.loo.deal.LooDeal.apply_ruling>` applies in one place. It decides what an action is: a proper action
(applied as in strict mode), an irregular card or declaration (a revoke, a lead out of turn, a declaration out of turn, a throw after the lead), a
law stated as ``SEAT irregular RULE-ID [ARG]``, or the demand ``SEAT replay``; it raises
:class:`IllegalActionError` for what no law covers.
Each law's ruling carries the :class:`Irregularity` that the deal appends to ``deal.irregularities`` when it
applies the ruling. The choices made where RULES.md is silent are in docs/loo-laws.md.

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
from dataclasses import dataclass, replace
from typing import Any

from ..core.cards import SUIT_MASKS, card_str, parse_card
from ..core.errors import CardError, IllegalActionError, RecordError
from ..games.ruling import Irregularity, Payment, Ruling
from .actions import DECL_VERB, DECLARE_VERBS, PLAYING, Decl, Kind, LooAction, Phase
from .lawstate import LawState
from .legality import top_trump
from .rules import LooRules
from .strict import StrictLooDeal

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

Judged = Ruling[LooAction]


@dataclass(frozen=True)
class _Case:
    """One action being judged."""

    deal: StrictLooDeal
    seat: int
    action: LooAction
    law: LawState

    @property
    def name(self) -> str:
        return self.deal.seats[self.seat]

    @property
    def text(self) -> str:
        return self.deal.action_str(self.action)

    def ruling(self, law: LawState | None = None, *, demand: bool = False, **parts: Any) -> Judged:
        """The ruling on this action, with what the laws keep after it (``law``, or as they stood): any later action
        closes an open demand for a replay (§14.9), unless it opens one (``demand``)."""
        state = self.law if law is None else law
        if state.demand is not None and not demand:
            state = replace(state, demand=None)
        return Ruling(self.action, state=state, **parts)

    def standing(self) -> Judged:
        """The ruling on a proper action: it stands, and closes an open demand for a replay (§14.9)."""
        return _standing(self.action, self.law)

    def irregularity(self, rule: str, penalty: int, pool: str | None) -> Irregularity:
        """The entry the law applied leaves in ``irregularities``: at the action's place in the log."""
        return Irregularity(len(self.deal.log), self.seat, rule, penalty, pool if penalty else None)


def _standing(action: LooAction, law: LawState) -> Judged:
    return Ruling.standing(action, law if law.demand is None else replace(law, demand=None))


def _law_of(deal: StrictLooDeal) -> LawState:
    return deal.law if deal.law is not None else LawState()


# -- the penalties ---------------------------------------------------------------------------------


def _pool(deal: StrictLooDeal) -> int:
    """The pool a penalty is reckoned on: as it stands; for Peel's single, settled as it was dealt, as it stood once
    staked, since the law takes the settlement back first (§14.30)."""
    return deal.staked_pool if deal.voidable else deal.ledger.pool


def _full_loo(deal: StrictLooDeal, pool: int | None = None) -> int:
    """A full loo: L, or under unlimited or mixed loo the pool as it stands (LOO-LAW-19, §14.19)."""
    return deal.rules.loo_amount(_pool(deal) if pool is None else pool)


def _single_amount(deal: StrictLooDeal, pool: int | None = None) -> int:
    """A penalty before play: S (LOO-LAW-0a); under ``ew_flat`` every irregularity costs a full loo (C-LOO-7)."""
    return _full_loo(deal, pool) if deal.rules.penalty_scale == "ew_flat" else deal.rules.stakes.single


def _single(c: _Case, rule: str, law: LawState | None = None) -> Judged:
    """A penalty before play, paid at once into this pool (LOO-LAW-0a, -18)."""
    deal, law = c.deal, c.law if law is None else law
    amount = _single_amount(deal)
    if deal.rules.penalty_scale == "ew_flat" and amount > 0:
        law = replace(law, full_loo_paid=True)
    return c.ruling(
        law, payments=(Payment(c.seat, amount, "current"),), irregularity=c.irregularity(rule, amount, "current")
    )


def _look(c: _Case, rule: str, law: LawState | None = None, offenders: frozenset[int] = frozenset()) -> Judged:
    """Looking at another hand, informing before play: a full loo at once, into this pool (§14.4) or, under
    ``look_penalty_pool: next``, the next (HOF law 17)."""
    deal, law = c.deal, c.law if law is None else law
    amount = _full_loo(deal)
    pool = "next" if deal.rules.look_penalty_pool == "next" else "current"
    if amount > 0:
        law = replace(law, full_loo_paid=True)
    return c.ruling(
        law,
        payments=(Payment(c.seat, amount, pool),),
        irregularity=c.irregularity(rule, amount, pool),
        offenders=offenders,
    )


def _void(c: _Case, rule: str, penalised: bool, next_dealer: int) -> Judged:
    """The deal is void: its stakes are not charged, the penalty is; ``next_dealer`` deals again (§14.8, §14.20).
    The penalty is reckoned once the void deal's stakes are back (under ``ew_flat`` with unlimited loo it is a
    loo of the pool the deal was dealt for, not of its own stakes)."""
    deal = c.deal
    returned = _pool(deal) - (deal.staked_pool - deal.ledger.start)
    penalty = _single_amount(deal, returned) if penalised else 0
    return c.ruling(
        replace(c.law, void=True, next_dealer=next_dealer),
        void=True,
        next_dealer=next_dealer,
        payments=(Payment(c.seat, penalty, "current"),) if penalty else (),
        irregularity=c.irregularity(rule, penalty, "current"),
    )


def _in_play(c: _Case, rule: str, card: int | None = None, *, replay: bool = True) -> Judged:
    """An irregularity in play (LOO-LAW-0b..0d, -9..-17): a full loo into the next pool, the offender's
    winnings carried and no second loo; the replay from the first lead as ``revoke_replay`` orders (§14.9).
    A card out of turn or irregular stays in the trick where there is no replay; after a card out of turn the
    seat whose turn it was plays next. Under ``revoke_replay: optional`` a demand stays open till the next action,
    unless the deal ends."""
    deal = c.deal
    if deal.kind is Kind.SINGLE:
        raise IllegalActionError(f"{c.text}: Peel's single has no play", rule)
    amount = _full_loo(deal)
    law = replace(c.law, full_loo_paid=True) if amount > 0 else c.law
    mode = deal.rules.revoke_replay
    again = replay and mode == "mandatory"
    if again:
        law = replace(law, replays=law.replays + 1)
    return c.ruling(
        replace(law, demand=c.seat if replay and mode == "optional" else None),
        payments=(Payment(c.seat, amount, "next"),),
        offenders=frozenset({c.seat} if c.seat in deal.players else ()),
        irregularity=c.irregularity(rule, amount, "next"),
        replay=again,
        plays=None if again else card,
        to_act=deal.to_act,
        demand=True,
    )


# -- judging an action ------------------------------------------------------------------------------


def judge(deal: StrictLooDeal, action: LooAction) -> Judged:
    """Decide what ``action`` is in table mode; raise :class:`IllegalActionError` if no law covers it.

    Returns the ruling, which :meth:`LooDeal.apply_ruling <roundgames.loo.deal.LooDeal.apply_ruling>` applies;
    the deal is only read.
    """
    s = deal.seat_index(action.seat)
    law = _law_of(deal)
    if deal.phase is Phase.PLAY and action.verb == "play" and deal.can_proper(action):
        # a proper card, the common case, judged at once (nor can it be a law's case: Peel's single has no play)
        return _standing(action, law)
    c = _Case(deal, s, action, law)
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
    return c.standing()


def _declaration_in_turn(c: _Case, decl: Decl) -> Judged:
    if c.seat in c.law.forced_throw:
        if decl is not Decl.THROW:
            raise IllegalActionError(
                f"{c.name} cannot {c.action.verb}: having looked at another player's hand, he must throw up",
                "LOO-LAW-8",
            )
        return c.ruling(forced=True)  # even where the dealer could not otherwise throw up (LOO-DECL-8)
    c.deal.verify_proper(c.action)  # a declaration he may not make is refused as in strict mode
    return c.standing()


def _irregular_action(c: _Case, error: IllegalActionError) -> Judged:
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


def _card_law(deal: StrictLooDeal, s: int, error: IllegalActionError) -> str:
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


def _declaration_out_of_turn(c: _Case, decl: Decl, error: IllegalActionError) -> Judged:
    """LOO-LAW-5: S at once; the declaration binds at his proper turn."""
    _check_out_of_turn(c, decl, error)
    return _single(c, "LOO-LAW-5", c.law.with_bound(c.seat, decl))


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


def _replay(c: _Case) -> Judged:
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
    return c.ruling(replace(law, replays=law.replays + 1), replay=True)


# -- laws stated as ``SEAT irregular RULE-ID [ARG]`` -----------------------------------------------------


def _irregular(c: _Case) -> Judged:
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
        return (_look if rule == "LOO-LAW-9" else _single)(c, rule)
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


def _single_open(deal: StrictLooDeal) -> bool:
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


def _misdeal(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-1, §14.8, §14.20: the dealer pays S; the deal is void and the same dealer deals again."""
    _card_arg(c, args)
    _before_play(c, rule)
    _by_dealer(c, rule)
    return _void(c, rule, True, c.deal.dealer)


def _interfering(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-2: S into this pool; re-dealt by the same dealer, without penalty to him, only if the cards were
    mixed (ARG ``mixed``) or a card exposed (ARG the card)."""
    redeal = args == ["mixed"] or _card_arg(c, args) is not None
    _before_play(c, rule)
    if redeal:
        return _void(c, rule, True, c.deal.dealer)
    return _single(c, rule)


def _out_of_turn_deal(c: _Case, rule: str, args: list[str]) -> Judged:
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
        return _void(c, rule, False, proper)
    return c.ruling(irregularity=c.irregularity(rule, 0, None))


def _own_cards(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-4: S at once into this pool; he still declares and plays."""
    _no_args(c, rule, args)
    _check_out_of_turn(c, None, IllegalActionError(f"{c.text}: only before his turn to declare", rule))
    return _single(c, rule)


def _stated_out_of_turn(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-5 stated: with the declaration (``stand``, ``throw``, ``miss``) it binds as if made."""
    if len(args) > 1 or (args and args[0] not in ("stand", "throw", "miss")):
        raise RecordError("actions", f"{c.text!r}: {rule} takes the declaration made: stand, throw or miss")
    decl = DECLARE_VERBS[args[0]] if args else None
    _check_out_of_turn(c, decl, IllegalActionError(f"{c.text}: only before his turn to declare", rule))
    return _single(c, rule, c.law if decl is None else c.law.with_bound(c.seat, decl))


def _miss(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-6: S at once into this pool; he may still play."""
    _no_args(c, rule, args)
    deal = c.deal
    if deal.kind is not Kind.REGULAR:
        raise IllegalActionError(f"{c.text}: this deal has no miss", rule)
    if deal.miss_holder is not None:
        raise IllegalActionError(
            f"{c.text}: {deal.seats[deal.miss_holder]} has taken the miss; looking at it is LOO-LAW-8", rule
        )
    return _single(c, rule)


def _pack(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-7: S at once into this pool; he may still play."""
    _no_args(c, rule, args)
    return _single(c, rule)


def _other_hand(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-8, §14.4, §14.21: a full loo at once; undeclared, he must throw up; declared, he plays for the pool."""
    deal, s = c.deal, c.seat
    if len(args) > 1:
        raise RecordError("actions", f"{c.text!r}: {rule} takes at most the seat whose hand he saw")
    if args and deal.seat_index(args[0], "actions") == s:
        raise IllegalActionError(f"{c.text}: looking at his own hand is LOO-LAW-4", rule)
    undeclared = deal.phase is Phase.DECLARE and s in deal.order and deal.decls[s] is Decl.NONE
    if undeclared and not deal.club_law:
        # he must throw up, nor may he take the pool without play (LOO-DECL-7) [D]
        law = replace(c.law.with_bound(s, None), forced_throw=c.law.forced_throw | {s})
        return _look(c, rule, law, frozenset({s}))
    if undeclared or deal.decls[s] in PLAYING:  # an exchange is a way of playing (LOO5-2)
        return _look(c, rule, offenders=frozenset({s}))  # all must play (club law): he plays, but for the pool [D]
    return _look(c, rule)


def _throw_after_lead(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-16 stated (§14.4): a full loo into the next pool; he plays on and his winnings are carried."""
    _no_args(c, rule, args)
    if c.deal.phase is not Phase.PLAY or c.seat not in c.deal.players:
        raise IllegalActionError(f"{c.text}: only one who plays can throw up after the lead", rule)
    return _in_play(c, rule, replay=False)


def _stake_not_paid(c: _Case, rule: str, args: list[str]) -> Judged:
    """LOO-LAW-20 [D]: recorded, no penalty; the engine has taken the stake."""
    _no_args(c, rule, args)
    _before_play(c, rule)
    _by_dealer(c, rule)
    return c.ruling(irregularity=c.irregularity(rule, 0, None))


_HANDLERS: dict[str, Callable[[_Case, str, list[str]], Judged]] = {
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


def legal_actions(deal: StrictLooDeal, proper: list[LooAction]) -> list[LooAction]:
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

    def judge(self, deal: StrictLooDeal, action: LooAction) -> Judged:
        """What ``action`` is in table mode: its ruling, or :class:`IllegalActionError` where no law covers it."""
        return judge(deal, action)

    def legal_actions(self, deal: StrictLooDeal, proper: list[LooAction]) -> list[LooAction]:
        """The proper actions as the laws leave them."""
        return legal_actions(deal, proper)
