"""Table mode for Nap: the laws NAP-LAW-1..10 (RULES.md §8, C-NAP-11/12, §14.8, §14.14, §14.16, §14.20).

In table mode :meth:`PlainNapDeal.apply <roundgames.nap.PlainNapDeal.apply>` applies a legal action as in strict
mode and hands anything else to :func:`judge`, which looks at the deal without changing it and returns the
:class:`~roundgames.games.ruling.Ruling` of the law that covers it, or raises the strict error;
:meth:`PlainNapDeal.apply_ruling <roundgames.nap.PlainNapDeal.apply_ruling>` applies the ruling. The laws are met in
two ways (DEAL-RECORD.md):

- the irregular action itself, recorded as taken: a call out of turn (NAP-LAW-4), a second call
  (NAP-LAW-5), Wellington or Blücher without a Nap (NAP-LAW-10), a card played out of turn
  (NAP-LAW-7), a revoke (NAP-LAW-6);
- ``SEAT irregular NAP-LAW-N [ARG]``, for what is not itself a card or a call, or where the cards
  are unknown: ``P4 irregular NAP-LAW-1 5H`` (a card exposed in dealing), ``P2 irregular NAP-LAW-6``
  (a revoke stated without its card).

Each law's ruling (:class:`~roundgames.games.ruling.Ruling`) carries the
:class:`~roundgames.games.ruling.Irregularity` that the deal appends when it applies the ruling: its ``penalty`` is
what the offender paid for it, and ``pool`` is ``"current"`` when that went into the kitty, else ``None``.
docs/nap-laws.md gives each law, what the engine does, and the choices made where RULES.md is silent.

>>> from roundgames.nap.deal import PlainNapDeal
>>> from roundgames.nap.rules import NapRules
>>> deal = PlainNapDeal(NapRules.preset("peel"), ["P1", "P2", "P3", "P4"], dealer="P4")
>>> deal.table_mode = True
>>> deal.deal_cards({"P1": "JS 6H TD 9C 2H", "P2": "5S KH AH 7C 3H", "P3": "AS KS QS 4D 2C",
...                  "P4": "7S 9H 8H 3C 5D"})
>>> for text in ["P1 pass", "P2 call 2", "P3 call 3", "P4 pass", "P3 play AS", "P4 play 9H"]:
...     _ = deal.apply(deal.parse_action(text))
>>> deal.is_complete, deal.made, deal.net, deal.irregularities[0].rule
(True, True, [0, 0, 9, -9], 'NAP-LAW-6')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..core.cards import SUIT_MASKS, Card, card_str, pack_mask, parse_card
from ..core.errors import CardError, IllegalActionError, RecordError
from ..games.ruling import Irregularity, Payment, Ruling
from .actions import NapAction, NapPhase
from .calls import CALLS, pay_table
from .rules import NapRules
from .strict import StrictNapDeal

__all__ = ["BIC_LEAD_FINE", "BIC_REVOKE_FINE", "LAWS", "NapLaws", "judge", "law_text"]

#: each law of Nap in a line (RULES.md §8; docs/nap-laws.md has the choices made where it is silent)
LAWS: dict[str, str] = {
    "NAP-LAW-1": "misdeal, or a card exposed in dealing (ARG the card): void, the same dealer deals again",
    "NAP-LAW-2": "interfering with the deal, touching the stock; ARG mixed or the card exposed: dealt again",
    "NAP-LAW-3": "dealing out of turn (ARG the proper dealer): void before any call; later the deal stands",
    "NAP-LAW-4": "calling out of turn: the call is void, no penalty; he calls again in his turn",
    "NAP-LAW-5": "altering a call, or calling twice: the first call stands",
    "NAP-LAW-6": "revoke: what it costs depends on revoke_rule",
    "NAP-LAW-7": "leading or playing out of turn: the card is taken back",
    "NAP-LAW-8": "a card exposed in play (ARG the card): no penalty; it is played at the first legal opportunity",
    "NAP-LAW-9": "consultation, informing the other opponents: ruled as a revoke by that opponent (NAP-LAW-6)",
    "NAP-LAW-10": "Wellington or Blücher without a Nap (or Wellington): void; he calls legally or passes",
}
#: the BIC Pool Nap fines, in units, under ``revoke_rule: bic_fine`` (NAP-LAW-6, NAP-LAW-7, NAP-VAR-POOL)
BIC_REVOKE_FINE = 5
BIC_LEAD_FINE = 3

_CALLING = (NapPhase.PURCHASE, NapPhase.CALL)

Judged = Ruling[NapAction]


def judge(deal: StrictNapDeal, action: NapAction) -> Judged:
    """The ruling of the law that covers ``action``, which the rules forbid, in a table-mode deal; the deal is only
    read.

    Raises :class:`IllegalActionError` (the strict error, or the law's) when no law covers it, and
    :class:`RecordError` when an ``irregular`` action's argument is malformed.
    """
    name = deal.seats[action.seat]
    if deal.phase is NapPhase.COMPLETE:
        raise IllegalActionError(f"{name} {action.verb}: the deal is over, and no law applies after it", "NAP-PLAY-4")
    if deal.phase is NapPhase.DEAL:
        raise IllegalActionError(f"{name} {action.verb}: the cards have not been dealt", "NAP-DEAL-1")
    verb = action.verb
    if verb == "irregular":
        return _stated(deal, action)
    if verb == "replay":
        raise IllegalActionError(
            f"{name} replay: nobody demands a replay in Nap; under revoke_rule replay the revoke itself orders it",
            "NAP-LAW-6",
        )
    if verb in ("call", "pass"):
        return _call_law(deal, action)
    if verb == "play" and len(action.cards) == 1:
        return _play_law(deal, action)
    return _uncovered(deal, action)


def _uncovered(deal: StrictNapDeal, action: NapAction) -> Judged:
    """No law covers ``action``: raise the strict error."""
    deal.verify_proper(action)
    raise AssertionError(f"{deal.action_str(action)} is legal and was still handed to the laws")


def _logged(deal: StrictNapDeal, action: NapAction, seat: int, rule: str, penalty: int = 0) -> Judged:
    """The ruling that logs ``action`` with the law applied to ``seat``, who loses ``penalty`` by it (paid between
    the players); what else the law orders is added with :func:`dataclasses.replace`."""
    return Ruling(action, irregularity=Irregularity(len(deal.log), seat, rule, penalty, None))


def _fined(deal: StrictNapDeal, action: NapAction, s: int, rule: str, fine: int) -> Judged:
    """The law applied to ``s``, who pays ``fine`` into the kitty (none when it is 0)."""
    if not fine:
        return _logged(deal, action, s, rule)
    entry = Irregularity(len(deal.log), s, rule, fine, "current")
    return Ruling(action, irregularity=entry, payments=(Payment(s, fine, "current"),))


# -- irregular calls: NAP-LAW-4, -5, -10 ---------------------------------------------------------------


def _call_law(deal: StrictNapDeal, action: NapAction) -> Judged:
    s = action.seat
    if deal.dealer_out and s == deal.dealer:
        return _uncovered(deal, action)  # he takes no part in calling (NAP-GEN-2)
    challenged = deal.challenge is not None and deal.challenge[0] == s
    if s in deal.called and not challenged:
        return _logged(deal, action, s, "NAP-LAW-5")  # the first call stands; this one is void
    if deal.phase is NapPhase.PURCHASE or (deal.phase is NapPhase.CALL and s != deal.to_act):
        return _logged(
            deal, action, s, "NAP-LAW-4"
        )  # void: he calls again in his turn (no call while cards are bought)
    if (
        deal.phase is NapPhase.CALL
        and action.verb == "call"
        and action.call in ("wellington", "blucher")
        and deal.challenge is None
        and _call_rule(deal, action.call) == "NAP-CALL-6"
    ):
        return _logged(deal, action, s, "NAP-LAW-10")  # void: he must call legally or pass
    return _uncovered(deal, action)


def _call_rule(deal: StrictNapDeal, call: str) -> str | None:
    problem = deal.call_problem(call)
    return None if problem is None else problem[1]


# -- irregular cards: NAP-LAW-6, -7 --------------------------------------------------------------------


def _play_law(deal: StrictNapDeal, action: NapAction) -> Judged:
    s, card = action.seat, action.cards[0]
    if not (0 <= card < 52 and deal.hands[s] >> card & 1):
        return _uncovered(deal, action)  # he does not hold it
    if deal.phase in _CALLING or s != deal.to_act:
        return _out_of_turn(deal, action, s)
    if deal.trick_cards:
        led = deal.trick_cards[0] // 13
        if card // 13 != led and deal.hands[s] & SUIT_MASKS[led]:
            return _revoke(deal, action, s, "NAP-LAW-6")
    return _uncovered(deal, action)  # e.g. an exposed card not played when it could be (NAP-LAW-8)


def _out_of_turn(deal: StrictNapDeal, action: NapAction, s: int) -> Judged:
    """NAP-LAW-7: the card is taken back; it does not fix trumps (§14.16). Under the BIC fine schedule
    (``revoke_rule: bic_fine``) a lead or play out of turn costs 3 units into the kitty."""
    fine = BIC_LEAD_FINE * deal.rules.stakes.unit if deal.rules.revoke_rule == "bic_fine" else 0
    return _fined(deal, action, s, "NAP-LAW-7", fine)


def _revoke(deal: StrictNapDeal, action: NapAction, s: int, rule: str) -> Judged:
    """NAP-LAW-6 (and NAP-LAW-9, ruled as a revoke by an opponent) under each ``revoke_rule``."""
    how = deal.rules.revoke_rule
    if how == "bic_fine":  # 5 units into the kitty; the card is taken back and play goes on
        return _fined(deal, action, s, rule, BIC_REVOKE_FINE * deal.rules.stakes.unit)
    if how == "replay":  # every card back, play again from the first lead; the offender wins nothing
        return replace(_logged(deal, action, s, rule), offenders=frozenset({s}), replay=True)
    # play stops: by the senior hand the call fails, by an opponent it counts as made
    assert deal.declarer is not None and deal.contract is not None
    if s == deal.declarer:
        failed = deal.copy()  # what the failed call costs him, reckoned on a copy: the deal is only read
        failed.made = False
        failed.settle()
        return replace(_logged(deal, action, s, rule, deal.net[s] - failed.net[s]), made=False)
    won, _ = pay_table(deal.rules)[deal.contract]
    owed = won * deal.rules.stakes.unit * deal.multiplier * (deal.n - 1)  # the revoker alone pays for every opponent
    return replace(_logged(deal, action, s, rule, owed), payments=(Payment(s, owed, "seat", deal.declarer),), made=True)


# -- irregular RULE-ID [ARG] ---------------------------------------------------------------------------


def _stated(deal: StrictNapDeal, action: NapAction) -> Judged:
    parts = (action.arg or "").split()
    rule = parts[0].upper() if parts else ""
    if rule not in LAWS:
        raise IllegalActionError(
            f"{deal.seats[action.seat]} irregular {action.arg}: no such Nap law (the laws are NAP-LAW-1 to "
            "NAP-LAW-10, RULES.md §8)",
            "NAP-LAW",
        )
    return _STATED[rule](deal, action, parts[1:])


def _text(deal: StrictNapDeal, action: NapAction) -> str:
    return deal.action_str(action)


def _no_args(deal: StrictNapDeal, action: NapAction, args: list[str]) -> None:
    if args:
        raise RecordError("actions", f"{_text(deal, action)!r}: {args[0]!r} is not an argument of this law")


def _card_arg(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Card | None:
    """The one optional CARD argument; raises :class:`RecordError` if it is not a card of the pack."""
    if len(args) > 1:
        raise RecordError("actions", f"{_text(deal, action)!r}: one card at most")
    if not args:
        return None
    try:
        card = parse_card(args[0])
    except CardError as e:
        raise RecordError("actions", f"{_text(deal, action)!r}: {e}") from None
    if not pack_mask(deal.rules.pack) >> card & 1:
        raise RecordError(
            "actions", f"{_text(deal, action)!r}: {card_str(card)} is not in a {deal.rules.pack}-card pack"
        )
    return card


def _cards_known(deal: StrictNapDeal) -> bool:
    """Whether the cards were dealt with faces (not a deal of unknown cards kept for a real table)."""
    return any(deal.dealt[s] for s in deal.order)


def _held(deal: StrictNapDeal, action: NapAction, card: Card | None) -> None:
    s = action.seat
    if card is not None and _cards_known(deal) and not deal.hands[s] >> card & 1:
        raise RecordError("actions", f"{_text(deal, action)!r}: {deal.seats[s]} does not hold {card_str(card)}")


def _playing(deal: StrictNapDeal, action: NapAction, rule: str) -> int:
    s = action.seat
    if s not in deal.order:
        raise IllegalActionError(
            f"{deal.seats[s]} irregular {rule}: the dealer sits out and holds no cards", "NAP-GEN-2"
        )
    return s


def _misdeal_open(deal: StrictNapDeal) -> bool:
    """Whether the deal can still be voided: dealt, and nobody has yet bought, peeped, passed or called."""
    return deal.phase in _CALLING and not (deal.calls or deal.called or deal.bought or deal.peeped)


def _kitty_fine(deal: StrictNapDeal) -> int:
    """What a misdeal or interfering with the deal costs: 1 unit into the kitty if one is in use (C-NAP-11)."""
    return deal.rules.stakes.unit if deal.rules.has_kitty else 0


def _law_1(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """Misdeal, or a card exposed in dealing: void; the same dealer deals again; 1 unit into the kitty
    if one is in use (NAP-LAW-1, C-NAP-11, §14.8, §14.20). Whoever states it, the misdealer pays."""
    _card_arg(deal, action, args)
    if not _misdeal_open(deal):
        raise IllegalActionError(
            f"{deal.seats[action.seat]} irregular NAP-LAW-1: a misdeal is claimed before any call", "NAP-LAW-1"
        )
    return replace(
        _fined(deal, action, deal.dealer, "NAP-LAW-1", _kitty_fine(deal)), void=True, next_dealer=deal.dealer
    )


def _law_2(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """Interfering with the deal, or touching the stock: 1 unit into the kitty if one is in use.
    ARG ``mixed`` or a CARD (exposed) orders a re-deal by the same dealer, before any call (NAP-LAW-2)."""
    s = action.seat
    redeal = args == ["mixed"]
    if not redeal:
        redeal = _card_arg(deal, action, args) is not None
    if redeal and not _misdeal_open(deal):
        raise IllegalActionError(
            f"{deal.seats[s]} irregular NAP-LAW-2 {args[0]}: a re-deal for mixed or exposed cards is ordered "
            "before any call; after it, state NAP-LAW-2 without an argument",
            "NAP-LAW-2",
        )
    fined = _fined(deal, action, s, "NAP-LAW-2", _kitty_fine(deal))
    # re-dealt: the void deal's stake back; the dealer is not penalised
    return replace(fined, void=True, next_dealer=deal.dealer) if redeal else fined


def _law_3(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """Dealing out of turn (``irregular NAP-LAW-3 PROPER``): before any call the deal is void, the stake
    is returned and PROPER deals next; later the deal stands and the deal passes on from the one who
    dealt. No penalty (NAP-LAW-3, by the analogy of EUCH law 40)."""
    if len(args) != 1:
        raise RecordError("actions", f"{_text(deal, action)!r}: name the seat whose deal it was: NAP-LAW-3 SEAT")
    proper = deal.seat_index(args[0], "actions")
    if proper == deal.dealer:
        raise IllegalActionError(
            f"{deal.seats[action.seat]} irregular NAP-LAW-3: {args[0]} is the one who dealt", "NAP-LAW-3"
        )
    ruled = _logged(deal, action, deal.dealer, "NAP-LAW-3")
    return replace(ruled, void=True, next_dealer=proper) if _misdeal_open(deal) else ruled


def _law_4(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """A call out of turn, stated without the call: void, no penalty (NAP-LAW-4)."""
    _no_args(deal, action, args)
    _playing(deal, action, "NAP-LAW-4")
    if deal.phase not in _CALLING:
        raise IllegalActionError(f"{deal.seats[action.seat]} irregular NAP-LAW-4: the calling is over", "NAP-LAW-4")
    return _logged(deal, action, action.seat, "NAP-LAW-4")


def _law_5(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """A second call or an altered one, stated without it: the first call stands (NAP-LAW-5)."""
    _no_args(deal, action, args)
    if action.seat not in deal.called:
        raise IllegalActionError(
            f"{deal.seats[action.seat]} irregular NAP-LAW-5: he has not called yet, so has nothing to alter",
            "NAP-LAW-5",
        )
    return _logged(deal, action, action.seat, "NAP-LAW-5")


def _law_6(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """A revoke stated without playing the card (``irregular NAP-LAW-6 [CARD]``): the same consequence
    as the revoking card itself (NAP-LAW-6)."""
    _card_arg(deal, action, args)
    s = _playing(deal, action, "NAP-LAW-6")
    if deal.phase is not NapPhase.PLAY:
        raise IllegalActionError(f"{deal.seats[s]} irregular NAP-LAW-6: a revoke is made in play", "NAP-LAW-6")
    return _revoke(deal, action, s, "NAP-LAW-6")


def _law_7(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """A lead or play out of turn stated (``irregular NAP-LAW-7 [CARD]``): taken back (NAP-LAW-7)."""
    card = _card_arg(deal, action, args)
    s = _playing(deal, action, "NAP-LAW-7")
    _held(deal, action, card)
    if deal.phase not in (*_CALLING, NapPhase.PLAY):
        raise IllegalActionError(f"{deal.seats[s]} irregular NAP-LAW-7: no card is played now", "NAP-LAW-7")
    return _out_of_turn(deal, action, s)


def _law_8(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """An exposed card (``irregular NAP-LAW-8 CARD``): no penalty; it is played at the first legal
    opportunity, so while it is playable it is the seat's only legal card (NAP-LAW-8)."""
    card = _card_arg(deal, action, args)
    s = _playing(deal, action, "NAP-LAW-8")
    _held(deal, action, card)
    exposes = card if card is not None and _cards_known(deal) else None
    return replace(_logged(deal, action, s, "NAP-LAW-8"), exposes=exposes)


def _law_9(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """Consultation, or informing the other opponents: ruled as a revoke by an opponent (NAP-LAW-9)."""
    _no_args(deal, action, args)
    s = action.seat
    if deal.phase is not NapPhase.PLAY:
        raise IllegalActionError(
            f"{deal.seats[s]} irregular NAP-LAW-9: the opponents combine only once there is a senior hand", "NAP-LAW-9"
        )
    if s == deal.declarer:
        raise IllegalActionError(
            f"{deal.seats[s]} irregular NAP-LAW-9: the senior hand has no partners to consult", "NAP-LAW-9"
        )
    return _revoke(deal, action, s, "NAP-LAW-9")


def _law_10(deal: StrictNapDeal, action: NapAction, args: list[str]) -> Judged:
    """Wellington or Blücher called without a Nap (or Wellington) before it, stated: void; the seat calls
    legally or passes (NAP-LAW-10)."""
    if args and (len(args) > 1 or args[0].lower().replace("ü", "u") not in CALLS[-2:]):
        raise RecordError("actions", f"{_text(deal, action)!r}: the call is wellington or blucher")
    if deal.phase is not NapPhase.CALL or action.seat != deal.to_act or deal.challenge is not None:
        raise IllegalActionError(
            f"{deal.seats[action.seat]} irregular NAP-LAW-10: only the seat to call can call out of the ladder",
            "NAP-LAW-10",
        )
    return _logged(deal, action, action.seat, "NAP-LAW-10")


_STATED: dict[str, Callable[[StrictNapDeal, NapAction, list[str]], Judged]] = {
    "NAP-LAW-1": _law_1,
    "NAP-LAW-2": _law_2,
    "NAP-LAW-3": _law_3,
    "NAP-LAW-4": _law_4,
    "NAP-LAW-5": _law_5,
    "NAP-LAW-6": _law_6,
    "NAP-LAW-7": _law_7,
    "NAP-LAW-8": _law_8,
    "NAP-LAW-9": _law_9,
    "NAP-LAW-10": _law_10,
}
assert tuple(_STATED) == tuple(LAWS)


_NAP_REVOKE = {
    "default": "play stops; by the senior hand his call fails, by an opponent it counts as made and the revoker "
    "alone pays the senior hand for every opponent",
    "bic_fine": "{bic_revoke} units into the kitty; the card is taken back and play goes on",
    "replay": "every card goes back to its hand and the hand is replayed from the first lead; he wins nothing",
}


def law_text(rules: NapRules, rule: str) -> str:
    """What ``rule`` does under ``rules``, in a line (the amounts and options in force)."""
    text = LAWS[rule]
    fine = rules.stakes.unit
    if rule == "NAP-LAW-6":
        text = "revoke: " + _NAP_REVOKE[rules.revoke_rule].format(bic_revoke=BIC_REVOKE_FINE * fine)
    elif rule == "NAP-LAW-7" and rules.revoke_rule == "bic_fine":
        text += f"; {BIC_LEAD_FINE * fine} units into the kitty"
    elif rule in ("NAP-LAW-1", "NAP-LAW-2") and rules.has_kitty:
        text += f"; {fine} unit{'s' * (fine != 1)} into the kitty"
    return text


class NapLaws:
    """The laws of Nap as the policy a deal in table mode consults (:class:`~roundgames.games.protocol.Laws`)."""

    def judge(self, deal: StrictNapDeal, action: NapAction) -> Judged:
        """The ruling of the law covering ``action``, which the rules forbid; raises where none does."""
        return judge(deal, action)

    def legal_actions(self, deal: StrictNapDeal, proper: list[NapAction]) -> list[NapAction]:
        """The laws of Nap leave the proper actions as they are."""
        return proper
