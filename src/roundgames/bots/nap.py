"""A rule-based Nap player built from Peel's "Tactics" (*Round Games with Cards*, Nap).

Calling. For each suit as trumps the bot counts the tricks it may expect: a trump wins unless an opponent holds
one of the unseen trumps above it that its higher trumps have not drawn ("by first exhausting the trumps");
length tells once the trumps are out; side aces win, kings and queens less often, the more so the more
opponents ("another important matter ... is the number of players engaged"). Peel's own calibration points
come out of it: ace, king, queen is "the only certain combination" for three; ace, knave, ten "generally good
for three"; five high trumps, four headed by ace or king with a high card beside, or three high trumps and two
aces are fair Napoleons. The bot then makes the call of best expectation under the pay table in force, within
the ladder, or passes: "a hand good enough for four is usually regarded as sufficiently good for Nap, on
account of the additional stakes", which the pay table decides here (win 10, lose 5). Over a call already made
it asks for more: the caller holds cards. Misery is called on low cards with short suits and a low card to
lead; its danger counts each card's rank against the lower cards of its suit that guard it.

Purchase, peep, spare hand. A hand near a call buys in place of its one or two idle side cards; a hand near
Nap peeps at the widow, and the senior hand takes it when it improves his hand (blind, when he has not peeped,
only in place of an idle card); the spare hand is taken (which is a call of Nap) on a hand that already has a
fair suit, keeping the five best of the ten.

Play. The senior hand leads trumps to draw them, then his winners, and follows as cheaply as will hold the
trick. The defenders combine against him (Peel: they "combine ... to defeat his purpose"): lead their winners;
over him, head the trick as cheaply as holds it; under him, play high enough to make him pay; let a
partner-in-defence's winning card stand and throw their least useful card. Misery: the caller leads his lowest
card, plays the highest card that stays under the trick, and throws his most dangerous card when void; the
defenders play low under him, high once he is beaten, and lead low to force him to win.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, cast

from ..core.cards import SUIT_MASKS, Card, cards_in, pack_mask
from ..core.tricks import Trick, beats, trick_winner
from ..games.protocol import View
from ..games.registry import game_of
from ..nap.actions import NapAction, NapPhase
from ..nap.calls import FIVE, TRICKS, pay_table
from ..nap.game import NAP
from ..nap.words import NapView

__all__ = [
    "SensibleNapBot",
    "best_trump",
    "blind_takes",
    "misery_danger",
    "misery_plan",
    "p_make",
    "p_misery",
    "sure_tricks",
    "trick_estimate",
]

#: the logistic P(at least k tricks) given the expected tricks ``e``: centre shift and width, by k
_MAKE_SHIFT = {1: 0.85, 2: 0.95, 3: 1.0, 4: 1.1, 5: 1.0}
_MAKE_WIDTH = {1: 0.35, 2: 0.4, 3: 0.45, 4: 0.55, 5: 0.7}
#: tricks a call made by another seat is taken to cost our count (that seat holds cards)
_OVERCALL_COST = 0.18
#: P(misery made) = top * exp(-slope * danger), fitted to self-play, by the number of opponents
_MISERY_CURVE = {1: (0.5, 0.35), 2: (0.75, 0.3), 3: (0.95, 0.3), 4: (0.95, 0.2), 5: (0.95, 0.2)}


def _ranks_above(card: Card, full: int, hand: int) -> int:
    """The cards of ``card``'s suit in the pack above it, not in ``hand``."""
    return int.bit_count(SUIT_MASKS[card // 13] & full & ~hand & ~((2 << card) - 1))


def trick_estimate(hand: int, trump: int | None, opponents: int, pack: int = 52, known: int = 0) -> float:
    """Expected tricks of ``hand`` with ``trump`` (None: no trumps) against ``opponents`` five-card hands.

    ``known`` holds cards the seat knows are out of play (for instance the widow it peeped at)."""
    full = pack_mask(pack) & ~known
    unseen = max(1, int.bit_count(full & ~hand))
    pin = min(0.95, 5.0 * opponents / unseen)  # P(an unseen card lies with an opponent)
    miss = 1.0 - pin
    total = 0.0
    n_trumps = 0
    if trump is not None:
        trumps = sorted(cards_in(hand & SUIT_MASKS[trump]), reverse=True)
        n_trumps = len(trumps)
        for i, c in enumerate(trumps):
            higher = _ranks_above(c, full, hand)
            # each of our higher trumps that an unseen one beats will draw that one out when it loses to it
            absorb = sum(1 for h in trumps[:i] if _ranks_above(h, full, hand))
            p = miss ** max(0, higher - absorb)
            if i >= 2:  # the long trumps: once the others' trumps are drawn, they win
                p = 1.0 - (1.0 - p) * 0.6 ** (i - 1)
            total += p
    risk = 0.06 * opponents * max(0.3, 1.5 - 0.3 * n_trumps)  # a side card trumped, per round of the suit
    for suit in range(4):
        if suit == trump:
            continue
        side = sorted(cards_in(hand & SUIT_MASKS[suit]), reverse=True)
        for k, c in enumerate(side):
            higher = _ranks_above(c, full, hand)
            p = miss ** max(0, higher - k) * max(0.2, 1.0 - risk * (1 + k))
            if higher > k:
                p *= 0.75  # it wins only when led to, or led by us once the higher ones are out
            total += p * (0.9 if c % 13 == 12 else 0.8)
    return min(5.0, total)


#: how many hands' estimates are remembered: a search asks of the same hand again and again, world after world
_REMEMBERED = 1 << 16


@lru_cache(maxsize=_REMEMBERED)
def best_trump(hand: int, opponents: int, pack: int = 52, known: int = 0) -> tuple[int, float]:
    """The suit that makes the most tricks as trumps, with its estimate (ties: the longer, then higher suit)."""
    best: tuple[float, int, int] | None = None
    for suit in range(4):
        e = trick_estimate(hand, suit, opponents, pack, known)
        key = (round(e, 6), int.bit_count(hand & SUIT_MASKS[suit]), suit)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2], best[0]


def sure_tricks(hand: int, trump: int, pack: int = 52) -> int:
    """The trumps held in an unbroken sequence from the top: tricks nobody can take from the senior hand."""
    full = pack_mask(pack) & SUIT_MASKS[trump]
    n = 0
    for c in sorted(cards_in(full), reverse=True):
        if not hand >> c & 1:
            break
        n += 1
    return n


def p_make(e: float, k: int, sure: int = 0) -> float:
    """P(making at least ``k`` tricks) for a hand estimated at ``e`` tricks (a logistic fitted to self-play);
    1 when the hand holds ``sure`` >= ``k`` top trumps in sequence (Peel: "the only safe and perfect Nap")."""
    if sure >= k:
        return 1.0
    k = max(1, min(5, k))
    x = (e - k + _MAKE_SHIFT[k]) / _MAKE_WIDTH[k]
    return 1.0 / (1.0 + math.exp(-x))


def misery_plan(hand: int, trumps: bool = True, pack: int = 52) -> tuple[Card, float]:
    """The best opening lead at misery for ``hand`` and the danger of the hand after it (0: safest).

    The lead must be headed, so it is the lowest card of its suit; with trumps in misery (NAP-PLAY-5) it makes
    its suit trumps, and a trump kept in hand is the worst liability (thrown on a plain suit it wins), so a
    short suit makes the best lead. A plain card is guarded by the lower cards of its suit held with it (they
    go first, under the others' leads); its danger is its rank above what its guards allow. A void plain suit
    is a refuge for throwing the dangerous cards."""
    low = 0 if pack == 52 else 5
    best: tuple[float, Card] | None = None
    for suit in range(4):
        mine = hand & SUIT_MASKS[suit]
        if not mine:
            continue
        lead = (mine & -mine).bit_length() - 1
        rest = hand & ~(1 << lead)
        danger = max(0, lead % 13 - low - 1) * 0.35  # a higher lead is more often left unheaded
        for s in range(4):
            cards = sorted(cards_in(rest & SUIT_MASKS[s]))
            for k, c in enumerate(cards):
                rank = c % 13 - low
                if trumps and s == suit:
                    danger += (rank + 3) / 4.0
                else:
                    danger += max(0.0, rank - 3 - 2.5 * k) / 3.0
        voids = sum(1 for s in range(4) if s != suit and not rest & SUIT_MASKS[s])
        danger = max(0.0, danger - 0.25 * voids)
        if best is None or (danger, lead) < best:
            best = (danger, lead)
    assert best is not None
    return best[1], best[0]


def misery_danger(hand: int, trumps: bool = True, pack: int = 52) -> float:
    """The danger of ``hand`` at misery after its best opening lead (:func:`misery_plan`)."""
    return misery_plan(hand, trumps, pack)[1]


@lru_cache(maxsize=_REMEMBERED)
def p_misery(hand: int, opponents: int, trumps: bool = True, pack: int = 52) -> float:
    """P(making misery) on ``hand`` against ``opponents``: a curve of its danger fitted to self-play."""
    top, slope = _MISERY_CURVE[max(1, min(5, opponents))]
    return top * math.exp(-slope * misery_danger(hand, trumps, pack))


def blind_takes(view: View[Any], verb: str) -> list[NapAction]:
    """The ways of taking ``verb`` of ``view.may_take`` blind (NAP-VAR-SPARE, NAP-VAR-PEEP, NAP-VAR-NAP-TOPCARD):
    the spare hand keeping the hand's own five; the widow or the top card discarding a card of the hand."""
    if verb == "spare":
        return [NapAction(view.seat, verb, None, tuple(sorted(cards_in(view.hand))))]
    return [NapAction(view.seat, verb, None, (c,)) for c in cards_in(view.hand)]


def _legal_verbs(view: NapView) -> dict[str, list[NapAction]]:
    out: dict[str, list[NapAction]] = {}
    for a in view.legal:
        out.setdefault(a.verb, []).append(a)
    return out


class SensibleNapBot:
    """Nap by Peel's tactics: call by counting likely tricks, draw trumps as senior hand, defend in concert."""

    name = "sensible"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: View[Any]) -> NapAction:
        """The action for the seat of ``view``."""
        game = game_of(view.rules)
        if game is not NAP:
            raise TypeError(f"{type(self).__name__} plays Nap, not {game.title}")
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        own = cast(NapView, view)  # a Nap deal's view, as its game says above
        if view.phase is NapPhase.PURCHASE:
            return self._buy(own)
        if view.phase is NapPhase.CALL:
            return self._call(own)
        if view.may_take:
            taken = self._exchange(own)
            if taken is not None:
                return taken
        if len(view.legal) == 1:
            only: NapAction = view.legal[0]
            return only
        return self._play(own)

    # -- before play ---------------------------------------------------------------------------

    @staticmethod
    def _opponents(view: NapView) -> int:
        return max(1, len(view.order) - 1)

    def _buy(self, view: NapView) -> NapAction:
        """Purchase (NAP-VAR-PURCHASE): a hand near a call changes its one or two idle side cards."""
        pack = view.rules.pack
        trump, e = best_trump(view.hand, self._opponents(view), pack)
        idle = self._idle(view.hand, trump)
        legal = {tuple(sorted(a.cards)): a for a in view.legal}
        if 2.2 <= e < 4.6 and 1 <= len(idle) <= 2:
            key = tuple(sorted(idle))
            if key in legal:
                return legal[key]
        return legal.get((), view.legal[0])

    @staticmethod
    def _idle(hand: int, trump: int) -> list[Card]:
        """Side cards below the queen that no higher card of their suit guards: the cards to change."""
        out = []
        for c in cards_in(hand):
            if c // 13 == trump or c % 13 >= 10:
                continue
            if hand & SUIT_MASKS[c // 13] & ~((2 << c) - 1):
                continue  # a king or ace above it: keep the suit together
            out.append(c)
        return out

    def _call(self, view: NapView) -> NapAction:
        verbs = _legal_verbs(view)
        o = self._opponents(view)
        pack = view.rules.pack
        pays = pay_table(view.rules)
        hand = view.hand
        if "raise" in verbs:  # nap_challenge: my Nap challenged by a Wellington or Blücher
            challenge = next(c for s, c in reversed(view.calls) if c in ("wellington", "blucher"))
            trump, e = best_trump(hand, o, pack)
            p = p_make(e, 5, sure_tricks(hand, trump, pack))
            win, lose = pays[challenge]
            return verbs["raise"][0] if win * p - lose * (1.0 - p) > 0 and p > 0.6 else verbs["pass"][0]
        known = 0
        if view.widow is not None:
            known = 1 << view.widow
        trump, e = best_trump(hand, o, pack, known)
        sure = sure_tricks(hand, trump, pack)
        if view.widow is not None:  # as senior hand I may take it: count the best five of the six
            for c in cards_in(hand):
                six = (hand | 1 << view.widow) & ~(1 << c)
                e = max(e, best_trump(six, o, pack)[1])
        called = [c for _, c in view.calls if c != "pass"]
        high = called[-1] if called else None
        cost = _OVERCALL_COST * (TRICKS[high] if high and high != "misery" else (2 if high else 0))
        e_eff = e - cost
        kitty = view.kitty if view.rules.has_kitty else 0
        best_ev, best_action = 0.0, verbs["pass"][0]
        for action in verbs.get("call", []):
            call = action.call
            assert call is not None
            if call == "misery":
                mt = view.rules.misery_trumps
                p = p_misery(hand, o, mt, pack)
                if view.widow is not None:
                    p = max(p, max(p_misery((hand | 1 << view.widow) & ~(1 << c), o, mt, pack) for c in cards_in(hand)))
            else:
                p = p_make(e_eff, TRICKS[call], sure)
            win, lose = pays[call]
            ev = o * (win * p - lose * (1.0 - p))
            if call in FIVE:
                ev += kitty * p
            if ev > best_ev:
                best_ev, best_action = ev, action
        if "spare" in view.may_take and self._take_spare(view, e):
            # Taken on the strength of the own hand; the spare is unseen until taken, so the five kept are
            # the hand's own (the one-step action leaves no later choice).
            return NapAction(view.seat, "spare", None, tuple(sorted(cards_in(view.hand))))
        if "peep" in verbs and best_action.call not in FIVE and "nap" in {a.call for a in verbs.get("call", [])}:
            p5 = p_make(e_eff, 5, sure)
            if 0.15 <= p5 < 0.4:  # a card could make it a Napoleon: worth a unit to look
                return verbs["peep"][0]
        return best_action

    @staticmethod
    def _take_spare(view: NapView, e: float) -> bool:
        """Take the spare hand (and so call Nap) on the strength of the own hand alone: the spare is unseen."""
        threshold = 3.0 if view.rules.spare_hand == "peel" else 3.6
        return e >= threshold

    def _exchange(self, view: NapView) -> NapAction | None:
        """The senior hand before his first lead: take the widow or the top card in place of a worse card."""
        hand = view.hand
        o = self._opponents(view)
        pack = view.rules.pack
        misery = view.contract == "misery"
        for verb in view.may_take:
            if verb == "widow" and view.widow is not None:
                widow = view.widow
                if misery:
                    mt = view.rules.misery_trumps
                    now = p_misery(hand, o, mt, pack)
                    options = [(p_misery((hand | 1 << widow) & ~(1 << c), o, mt, pack), c) for c in cards_in(hand)]
                else:
                    now = best_trump(hand, o, pack, 1 << widow)[1]
                    options = [(best_trump((hand | 1 << widow) & ~(1 << c), o, pack)[1], c) for c in cards_in(hand)]
                value, discard = max(options, key=lambda t: (t[0], -(t[1] % 13)))
                if value > now + 0.02:
                    return NapAction(view.seat, verb, None, (discard,))
                continue
            # blind: only in place of a card that is no use to the contract
            if misery:
                worst = max(cards_in(hand), key=lambda c: (c % 13, c))
                if worst % 13 >= 10 and misery_danger(hand, view.rules.misery_trumps, pack) > 1.0:
                    return NapAction(view.seat, verb, None, (worst,))
                continue
            trump, _ = best_trump(hand, o, pack)
            idle = self._idle(hand, trump)
            if idle:
                return NapAction(view.seat, verb, None, (min(idle, key=lambda c: (c % 13, c)),))
        return None

    # -- play ----------------------------------------------------------------------------------

    def _play(self, view: NapView) -> NapAction:
        table = _Table(view)
        cards = [a.cards[0] for a in view.legal if a.verb == "play"]
        me = view.seat
        trick = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        after = self._after(view, trick.seats if trick else ())
        if view.contract == "misery":
            if me == view.declarer:
                card = self._misery_declarer(view, cards, trick)
            else:
                card = self._misery_defender(view, table, cards, trick)
        elif me == view.declarer:
            card = self._senior(view, table, cards, trick, after)
        else:
            card = self._defender(view, table, cards, trick, after)
        return NapAction(me, "play", None, (card,))

    @staticmethod
    def _after(view: NapView, trick_seats: tuple[int, ...]) -> list[int]:
        """The seats still to play to the trick after this one."""
        order = view.order
        if not trick_seats:
            start = order.index(view.seat)
            return [order[(start + i) % len(order)] for i in range(1, len(order))]
        start = order.index(trick_seats[0])
        return [order[(start + i) % len(order)] for i in range(len(trick_seats) + 1, len(order))]

    def _senior(self, view: NapView, table: _Table, cards: list[Card], trick: Trick | None, after: list[int]) -> Card:
        hand = view.hand
        trump = view.trump
        if trump is None:  # the first lead fixes trumps (NAP-PLAY-1): the suit the call was counted in
            trump, _ = best_trump(hand, self._opponents(view), view.rules.pack)
            return max(cards_in(hand & SUIT_MASKS[trump]))
        if trick is not None:
            return self._take_cheaply(view, table, cards, trick.cards, after)
        counts = view.card_counts
        mine = hand & SUIT_MASKS[trump]
        out_trumps = any(table.allowed(s, table.unseen & SUIT_MASKS[trump]) for s in after)
        if mine and out_trumps:  # draw the trumps: with the master, or the highest of several
            top = mine.bit_length() - 1
            if table.is_master(top) or int.bit_count(mine) >= 2:
                return top
        masters = [c for c in cards if c // 13 != trump and table.is_master(c)]
        if masters:  # then the winners
            return max(masters, key=lambda c: (table.p_hold(c, c // 13, after, counts), c % 13))
        if mine:
            return mine.bit_length() - 1
        return max(cards, key=lambda c: (table.p_hold(c, c // 13, after, counts), -(c % 13)))

    def _take_cheaply(
        self, view: NapView, table: _Table, cards: list[Card], played: tuple[Card, ...], after: list[int]
    ) -> Card:
        """Win the trick with the cheapest card that will hold it; if none will, throw the least useful."""
        trump = view.trump
        led = played[0] // 13
        winning = played[trick_winner(list(played), trump)]
        scored = []
        for c in cards:
            p = table.p_hold(c, led, after, view.card_counts) if beats(c, winning, trump) else 0.0
            scored.append((p, table.keep_value(c), c))
        good = [s for s in scored if s[0] >= 0.75]
        if good:
            return min(good, key=lambda s: (s[1], s[2]))[2]
        best = max(scored, key=lambda s: (s[0], -s[1]))
        if best[0] >= 0.3:
            return best[2]
        return min(scored, key=lambda s: (s[1], s[2]))[2]

    def _defender(self, view: NapView, table: _Table, cards: list[Card], t: Trick | None, after: list[int]) -> Card:
        dec = view.declarer
        assert dec is not None
        trump = view.trump
        if t is None:  # lead a winner; else a low card of a suit the senior hand may have to follow
            masters = [c for c in cards if table.is_master(c) and not table.void(dec, c // 13)]
            if masters:
                return max(masters, key=lambda c: (c // 13 != trump, c % 13))
            followable = [c for c in cards if not table.void(dec, c // 13) and c // 13 != trump]
            pool = followable or cards
            return min(pool, key=lambda c: (table.keep_value(c), c))
        led = t.cards[0] // 13
        w = trick_winner(list(t.cards), trump)
        winning, w_seat = t.cards[w], t.seats[w]
        beaters = [c for c in cards if beats(c, winning, trump)]
        if w_seat == dec:
            if dec not in after and beaters:  # only partners-in-defence to come: any heading card does
                return min(beaters, key=lambda c: (table.keep_value(c), c))
            if beaters:
                return max(beaters, key=lambda c: (table.p_hold(c, led, [dec], view.card_counts), -table.keep_value(c)))
            return min(cards, key=lambda c: (table.keep_value(c), c))
        # a partner-in-defence is winning
        if dec not in after or table.p_hold(winning, led, [dec], view.card_counts) >= 0.8:
            return min(cards, key=lambda c: (table.keep_value(c), c))  # let it stand; throw the least useful
        if beaters:
            best = max(beaters, key=lambda c: (table.p_hold(c, led, [dec], view.card_counts), -table.keep_value(c)))
            if table.p_hold(best, led, [dec], view.card_counts) > table.p_hold(winning, led, [dec], view.card_counts):
                return best
        return min(cards, key=lambda c: (table.keep_value(c), c))

    def _misery_declarer(self, view: NapView, cards: list[Card], t: Trick | None) -> Card:
        hand = view.hand
        if t is None:  # the lead of the plan: low, and from a short suit (with trumps, that suit becomes trumps)
            lead, _ = misery_plan(
                hand, view.rules.misery_trumps and view.trump is None and not view.tricks, view.rules.pack
            )
            return lead if lead in cards else min(cards, key=lambda c: (c % 13, c))
        trump = view.trump
        winning = t.cards[trick_winner(list(t.cards), trump)]
        under = [c for c in cards if not beats(c, winning, trump)]
        if under:  # the highest card that stays under; void: the most dangerous card
            return max(under, key=lambda c: (self._danger(hand, c), c % 13))
        return min(cards, key=lambda c: (c % 13, c))  # forced over: the lowest, in hope of being overtaken

    @staticmethod
    def _danger(hand: int, card: Card) -> float:
        """How dangerous ``card`` is to keep at misery: its rank less the lower cards of its suit that guard it."""
        guards = int.bit_count(hand & SUIT_MASKS[card // 13] & ((1 << card) - 1))
        return card % 13 - 2.5 * guards

    def _misery_defender(self, view: NapView, table: _Table, cards: list[Card], t: Trick | None) -> Card:
        dec = view.declarer
        assert dec is not None
        trump = view.trump
        if t is None:  # lead low in a suit the caller must follow
            followable = [c for c in cards if not table.void(dec, c // 13)]
            return min(followable or cards, key=lambda c: (c % 13, c))
        w = trick_winner(list(t.cards), trump)
        winning, w_seat = t.cards[w], t.seats[w]
        if dec in t.seats:
            if w_seat == dec:  # keep under him if possible, throwing the highest such card
                under = [c for c in cards if not beats(c, winning, trump)]
                if under:
                    return max(under, key=lambda c: (c % 13, c))
            return max(cards, key=lambda c: (c % 13, c))  # he is beaten already: shed a high card
        # he plays after me: go as low as possible so that his card may stand
        led = t.cards[0] // 13
        follows = [c for c in cards if c // 13 == led]
        if follows:
            return min(follows, key=lambda c: (c % 13, c))
        off = [c for c in cards if trump is None or c // 13 != trump]
        return max(off or cards, key=lambda c: (c % 13 if c // 13 != trump else -1, c))


class _Table:
    """What a Nap seat can infer from the tricks: the unseen cards and the suits a player is void of."""

    def __init__(self, view: NapView) -> None:
        self.trump = view.trump
        full = pack_mask(view.rules.pack)
        played = 0
        self.voids: dict[int, set[int]] = {}
        for trick in view.tricks:
            led = trick.cards[0] // 13
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                played |= 1 << card
                if card // 13 != led:
                    self.voids.setdefault(seat, set()).add(led)  # did not follow (NAP-PLAY-2)
        known = 0 if view.widow is None else 1 << view.widow
        self.unseen = full & ~played & ~view.hand & ~known
        self.unseen_count = max(1, int.bit_count(self.unseen))

    def void(self, seat: int, suit: int) -> bool:
        return suit in self.voids.get(seat, ())

    def allowed(self, seat: int, mask: int) -> int:
        """The cards of ``mask`` (one suit) that ``seat`` may still hold."""
        if not mask:
            return 0
        return 0 if self.void(seat, (mask.bit_length() - 1) // 13) else mask

    def is_master(self, card: Card) -> bool:
        """Whether no unseen card of ``card``'s suit ranks above it."""
        return not self.unseen & SUIT_MASKS[card // 13] & ~((2 << card) - 1)

    def keep_value(self, card: Card) -> float:
        """How much a card is worth keeping: trumps and masters most, then by rank."""
        value = card % 13 + (14.0 if self.trump is not None and card // 13 == self.trump else 0.0)
        return value + (6.0 if self.is_master(card) else 0.0)

    def _p_any(self, count: int, held: int) -> float:
        if count <= 0 or held <= 0:
            return 0.0
        p = 1.0
        for i in range(held):
            p *= max(0.0, (self.unseen_count - count - i) / max(1, self.unseen_count - i))
        return 1.0 - p

    def p_hold(self, card: Card, led: int, after: list[int], counts: tuple[int, ...]) -> float:
        """P(``card``, heading the trick now, is not beaten by the players in ``after``)."""
        trump = self.trump
        p = 1.0
        higher_mask = self.unseen & SUIT_MASKS[card // 13] & ~((2 << card) - 1)
        for seat in after:
            held = counts[seat]
            higher = int.bit_count(self.allowed(seat, higher_mask))
            p_same = self._p_any(higher, held)
            if card // 13 == led and (trump is None or led != trump) and trump is not None:
                led_left = int.bit_count(self.allowed(seat, self.unseen & SUIT_MASKS[led]))
                void = 1.0 - self._p_any(led_left, held)
                trumps = int.bit_count(self.allowed(seat, self.unseen & SUIT_MASKS[trump]))
                p_trump = void * self._p_any(trumps, held) * 0.8  # void, and choosing to trump
                beaten = 1.0 - (1.0 - p_same) * (1.0 - p_trump)
            elif card // 13 != led:  # our trump on a plain suit: beaten only by a higher trump from a void
                led_left = int.bit_count(self.allowed(seat, self.unseen & SUIT_MASKS[led]))
                void = 1.0 - self._p_any(led_left, held)
                beaten = p_same * void
            else:
                beaten = p_same
            p *= 1.0 - beaten
        return p
