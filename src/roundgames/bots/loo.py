"""A rule-based Three-card Loo player built from Peel's "Hints to players" (*Round Games with Cards*, Loo).

Declaring. Peel: "the first question to decide should be the amount per trick in the pool, as compared with the
amount to be paid if one is looed", and "with a heavy stake to fight for, a player will run greater risks". The
bot estimates, for its own three cards, the chance of taking at least one trick and the tricks it expects,
against the players likely to stand (those who stood or took the miss before it, and a share of those still to
declare, Peel: "much depends ... on the number of players"), and stands when a trick's share of the pool
outweighs the loo it risks:

    share * expected tricks  >  loo * P(no trick)

The estimate follows Peel's categories: the ace of trumps is a certain trick; "an honour in trumps and high
cards in other suits are generally safe, especially for the player who has to lead"; two trumps, however small,
usually stand, "but the first player should have a tolerably high card" besides; a hand without a trump stands
only on very high cards and a rich pool. The miss is valued as an average unseen hand against the same table
and taken when that gamble beats both standing and throwing up, which it seldom does once players have "struck
in" (Enquire Within: "nor [should] the miss be taken after two players have ... declared to play").

The dealer's cases (LOO-DECL-8/9). With one player standing against him and the miss untaken, he stands or
takes the miss when either pays, and otherwise defends the miss "for the benefit of the pool" rather than
concede; with one player on the miss and the rest out, he stands on anything that pays against one unseen hand.

Five-card and Irish Loo. The same estimate, for five (or three) cards and a pool in as many shares; Pam is a
sure trick. Before standing the bot weighs an exchange of its weak side cards (plain cards below a queen)
against standing, averaging the estimate over a few unseen hands it could draw; once it would play, it
exchanges when that is worth more. The draws come from a SplitMix64 stream seeded by its hand and the turn-up
(:func:`exchange_draws`), not from the bot's random source: every choice of this bot is a function of what its
seat sees, which the simulator's compiled ``sensible`` player computes too, situation for situation. A flush is always shown (it never costs: the best flush wins, and a beaten
one pays no more than a hand left unshown), and the ace of trumps is always led with "Pam be civil".

Playing. The laws leave little choice (lead the ace or the highest of two trumps, head the trick, trump when
void); where there is one: head with the card most likely to hold the trick against the players still to play,
and with the cheapest that is sure when last; when the trick cannot be won, throw the least useful card and
keep trumps and high cards; lead the card most likely to win. Voids and the trumps a player cannot hold are read
from the tricks (a player who did not head could not).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

from ..core.cards import SUIT_MASKS, Card, cards_in, format_cards, mask_of, pack_mask
from ..core.splitmix import SplitMix64, mix
from ..core.tricks import beats, trick_winner
from ..games.protocol import View
from ..games.registry import game_of
from ..loo.actions import PLAYING, LooAction, Phase
from ..loo.five import hand_size
from ..loo.game import LOO
from ..loo.pam import pam_in
from ..loo.words import LooView

__all__ = ["SensibleLooBot", "exchange_draws", "hand_estimate", "miss_sample"]

#: the share of the players still to declare expected to stand (the later, the fewer: they see the table fill)
LATER_STAND_SHARE = 0.4
#: standing players hold more trumps than a random hand (Peel: "it is unwise to stand on any hand that does not
#: contain a trump"), so a trump is more likely to lie with them than an unseen card in general
STANDER_TRUMP_WEIGHT = 1.4
#: the margin, in loos, by which the miss must beat the other declarations for the first to declare, and for
#: each player already in (measured in self-play, these cost next to nothing and follow the period's advice)
FIRST_MISS_CAUTION = 0.1
STRUCK_IN_MISS_CAUTION = 0.15
#: plain cards below this rank (a queen) are the ones an exchange puts out; and the unseen hands averaged
EXCHANGE_BELOW = 10
EXCHANGE_SAMPLES = 16
#: the unseen three-card hands averaged to value the miss, and the seed of their fixed sample (Peel's year)
MISS_SAMPLES = 150
MISS_SEED = 1891


@lru_cache(maxsize=1 << 14)  # few distinct arguments, asked again and again by every estimate of a search
def _none_among(unseen: int, special: float, drawn: float) -> float:
    """P(none of ``special`` given cards is among ``drawn`` cards drawn from ``unseen``) (hypergeometric)."""
    if special <= 0 or drawn <= 0:
        return 1.0
    if special >= unseen:
        return 0.0
    p = 1.0
    k = int(drawn)
    frac = drawn - k
    for i in range(k):
        p *= max(0.0, (unseen - special - i) / (unseen - i))
    if frac:
        p *= 1.0 - frac * min(1.0, special / max(1.0, unseen - k))
    return p


def hand_estimate(
    hand: int,
    trump: int,
    turnup: Card,
    opponents: float,
    *,
    leader: bool,
    pack: int = 52,
    hand_size: int = 3,
    pam: Card | None = None,
) -> tuple[float, float]:
    """``(P(at least one trick), expected tricks)`` of a Loo hand of ``hand_size`` cards (three, or five in
    Five-card Loo, where ``pam`` is a sure trick) against ``opponents`` standing players.

    Trumps: the k-th highest trump held wins unless an opponent holds one of the unseen trumps above it (one of
    them falls to each higher trump of ours). Side cards: a card wins if no opponent holds a higher one of its
    suit and none is void of it with a trump to head it; the leader can lead his high card (Peel: "especially
    for the player who has to lead"), the others must wait for the suit to be led.
    """
    full = pack_mask(pack)
    if pam is not None and hand >> pam & 1:  # Pam takes a trick whatever else is out (LOO5-3)
        _, rest = hand_estimate(
            hand & ~(1 << pam), trump, turnup, opponents, leader=leader, pack=pack, hand_size=hand_size
        )
        return 1.0, min(float(hand_size), rest + 1.0)
    unseen = int.bit_count(full & ~hand & ~(1 << turnup))
    drawn = float(hand_size) * max(1.0, opponents)
    cards = sorted(cards_in(hand), reverse=True)
    trumps = [c for c in cards if c // 13 == trump]
    side = [c for c in cards if c // 13 != trump]
    tmask = SUIT_MASKS[trump] & full & ~hand & ~(1 << turnup)
    per_trump_drawn = min(unseen - 1.0, drawn * STANDER_TRUMP_WEIGHT)
    probs: list[float] = []
    for i, c in enumerate(trumps):
        higher = int.bit_count(tmask & ~((2 << c) - 1))
        probs.append(_none_among(unseen, max(0, higher - i), per_trump_drawn))
    unseen_trumps = int.bit_count(tmask)
    # one opponent: void of a side suit (among three cards) and holding a trump to head with
    for c in side:
        suit = c // 13
        smask = SUIT_MASKS[suit] & full & ~hand
        higher = int.bit_count(smask & ~((2 << c) - 1))
        same = int.bit_count(smask)
        void = _none_among(unseen, same, hand_size)
        has_trump = 1.0 - _none_among(unseen - same, unseen_trumps * STANDER_TRUMP_WEIGHT, hand_size)
        survive = (1.0 - void * has_trump) ** max(1.0, opponents)
        reach = 0.95 if leader else 0.7  # the leader leads it; the others wait for the suit, or throw it
        if len(trumps) >= 2 and leader:
            reach = 0.6  # he must lead trumps first, and may be left without the lead
        probs.append(_none_among(unseen, higher, drawn) * survive * reach)
    miss_any = 1.0
    expected = 0.0
    for p in probs:
        miss_any *= 1.0 - p
        # added one by one, not by sum(): Python 3.12's sum() compensates its rounding, and a compiled loop
        # (the simulator's sensible player) adds as this does, to the last bit, on every Python
        expected += p
    return 1.0 - miss_any, min(float(hand_size), expected)


@lru_cache(maxsize=64)
def miss_sample(turnup: Card, pack: int = 52) -> tuple[int, ...]:
    """The fixed sample of unseen three-card hands (masks) that values the miss with ``turnup`` turned up: the
    same for every seat and deal, drawn from ``random.Random(MISS_SEED)``, so that no hidden card is looked at
    and the simulator can take the same hands."""
    rng = random.Random(MISS_SEED)
    pool = [c for c in cards_in(pack_mask(pack)) if c != turnup]
    return tuple(mask_of(rng.sample(pool, 3)) for _ in range(MISS_SAMPLES))


@lru_cache(maxsize=512)
def _miss_estimate(trump: int, turnup: Card, opponents: float, leader: bool, pack: int) -> tuple[float, float]:
    """The average :func:`hand_estimate` of an unseen three-card hand (:func:`miss_sample`): the value of
    taking the miss."""
    total_p = total_e = 0.0
    for h in miss_sample(turnup, pack):
        p, e = hand_estimate(h, trump, turnup, opponents, leader=leader, pack=pack)
        total_p += p
        total_e += e
    return total_p / MISS_SAMPLES, total_e / MISS_SAMPLES


def exchange_draws(hand: int, turnup: Card, unseen: list[Card], count: int) -> list[int]:
    """The :data:`EXCHANGE_SAMPLES` sets of ``count`` cards (masks) that the bot, holding ``hand``, imagines an
    exchange bringing from ``unseen`` (the cards it cannot see, ascending).

    One SplitMix64 stream, started at ``mix(hand | turnup << 52)``, shuffles a copy of ``unseen`` in place: each
    sample moves ``count`` more places (a Fisher-Yates shuffle stopped there, position ``j`` taking the card at
    ``j + below(len - j)``, the list left as the last sample left it) and takes the first ``count`` cards. So
    the sample is a function of the seat's own cards (the simulator's kernel draws the same), uniform like a
    draw from any random source."""
    stream = SplitMix64(mix(hand | turnup << 52))
    cards = list(unseen)
    n = len(cards)
    out = []
    for _ in range(EXCHANGE_SAMPLES):
        for j in range(count):
            r = j + stream.below(n - j)
            cards[j], cards[r] = cards[r], cards[j]
        out.append(mask_of(cards[:count]))
    return out


class _Table:
    """What the seat can infer from the tricks: voids, and caps on the cards a player can still hold."""

    def __init__(self, view: LooView) -> None:
        trump = view.turnup // 13
        self.trump = trump
        full = pack_mask(view.rules.pack)
        played = 0
        #: cap[seat][suit] = a card of that suit above which the seat holds nothing (-1: holds none of it)
        self.cap: dict[int, dict[int, int]] = {}
        for trick in view.tricks:
            led = trick.cards[0] // 13
            for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
                played |= 1 << card
                if i == 0:
                    continue
                win = trick.cards[trick_winner(list(trick.cards[:i]), trump)]
                caps = self.cap.setdefault(seat, {})
                if card // 13 != led:
                    caps[led] = -1  # void of the suit led (LOO-PLAY-4)
                    if not beats(card, win, trump):
                        # void and did not head: no trump that heads (LOO-PLAY-6)
                        limit = win if win // 13 == trump else -1
                        caps[trump] = min(caps.get(trump, 52), limit)
                elif win // 13 == led and card < win:
                    caps[led] = min(caps.get(led, 52), win)  # followed without heading (LOO-PLAY-5)
        self.unseen = full & ~played & ~view.hand & ~(1 << view.turnup)
        self.unseen_count = int.bit_count(self.unseen)

    def allowed(self, seat: int, mask: int) -> int:
        """The cards of ``mask`` (one suit) that ``seat`` may still hold, given what it has shown."""
        if not mask:
            return 0
        suit = (mask.bit_length() - 1) // 13
        cap = self.cap.get(seat, {}).get(suit)
        if cap is None:
            return mask
        if cap < 0:
            return 0
        return mask & ((2 << cap) - 1)

    def p_beaten(self, seat: int, held: int, card: Card, led: int) -> float:
        """P(``seat``, holding ``held`` unseen cards and playing after ``card`` wins the trick so far, beats it)."""
        trump = self.trump
        unseen = self.unseen
        suit_mask = SUIT_MASKS[card // 13] & unseen
        higher = self.allowed(seat, suit_mask & ~((2 << card) - 1))
        p_same = 1.0 - _none_among(self.unseen_count, int.bit_count(higher), held)
        if card // 13 == trump and led != trump:
            # a trump heads only from a player void of the suit led
            led_cards = self.allowed(seat, SUIT_MASKS[led] & unseen)
            void = _none_among(self.unseen_count, int.bit_count(led_cards), held)
            return p_same * void
        if card // 13 == trump:
            return p_same
        led_cards = self.allowed(seat, SUIT_MASKS[led] & unseen)
        void = _none_among(self.unseen_count, int.bit_count(led_cards), held)
        trumps = self.allowed(seat, SUIT_MASKS[trump] & unseen)
        has_trump = 1.0 - _none_among(self.unseen_count, int.bit_count(trumps), held)
        return 1.0 - (1.0 - p_same) * (1.0 - void * has_trump)


class SensibleLooBot:
    """Loo by Peel's hints: declare by pool odds and hand strength, play to win tricks cheaply.

    It draws nothing from ``rng`` (taken as every bot's maker gives one): each choice is a function of the view.
    """

    name = "sensible"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, view: View[Any]) -> LooAction:
        """The action for the seat of ``view``: a declaration, or a card to play."""
        game = game_of(view.rules)
        if game is not LOO:
            raise TypeError(f"{type(self).__name__} plays Loo, not {game.title}")
        legal: tuple[LooAction, ...] = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        flush = next((a for a in legal if a.verb == "flush"), None)
        if flush is not None:  # a flush never costs to show (LOO5-6/7, C-LOO-15)
            return flush
        own = cast(LooView, view)  # a Loo deal's view, as its game says above
        if view.phase is Phase.DECLARE:
            return self._declare(own)
        return self._play(own)

    # -- declaring -------------------------------------------------------------------------

    def _declare(self, view: LooView) -> LooAction:
        by_verb = {a.verb: a for a in view.legal}
        me = view.seat
        trump = view.turnup // 13
        order = view.order
        idx = order.index(me)
        before = order[:idx]
        later = len(order) - idx - 1
        in_before = sum(1 for s in before if view.decls[s] in PLAYING)
        miss_taken = view.miss_holder is not None
        # the players likely to stand against me: those in, and a share of those still to come (after a miss
        # is taken a later player can only stand on his own cards, so somewhat fewer come in)
        share_later = LATER_STAND_SHARE * (0.85 if miss_taken else 1.0)
        opponents = max(1.0, in_before + share_later * later)
        leader = in_before == 0
        pool = view.pool
        size = hand_size(view.rules.form)
        pam = pam_in(view.rules, trump)
        share = pool / float(size)
        loo = float(view.rules.loo_amount(pool))
        lone_stander = "defend" in by_verb  # LOO-DECL-8: one stood against the dealer
        lone_miss = idx == len(order) - 1 and in_before == 1 and miss_taken  # LOO-DECL-9: one took the miss
        if lone_stander or lone_miss:  # the dealer plays one hand, and does not lead
            opponents = 1.0
            leader = False

        def value(p: float, e: float) -> float:
            return share * e - loo * (1.0 - p)

        pack = view.rules.pack
        choices: dict[str, float] = {}

        def estimate(hand: int) -> tuple[float, float]:
            return hand_estimate(hand, trump, view.turnup, opponents, leader=leader, pack=pack, hand_size=size, pam=pam)

        if "stand" in by_verb:
            choices["stand"] = value(*estimate(view.hand))
        exchange = self._exchange(view, trump, pam, estimate, value)
        if exchange is not None:
            choices["exchange"] = exchange[1]
            by_verb["exchange"] = exchange[0]
        if "miss" in by_verb:
            p, e = _miss_estimate(trump, view.turnup, round(opponents * 4) / 4, leader, pack)
            # EW §98 v: "the first player should not take the miss ... nor [should] the miss be taken after two
            # players have 'struck in', for the chances are that they possess good leading cards": ask more
            # of it from the first to declare, and the more the more players are in already
            caution = (FIRST_MISS_CAUTION * (idx == 0) + STRUCK_IN_MISS_CAUTION * in_before) * loo
            choices["miss"] = value(p, e) - caution
        if "defend" in by_verb:
            choices["defend"] = 0.01  # for the pool: it cannot cost, and the carry is everyone's (LOO-DECL-8c)
        if "throw" in by_verb:
            choices["throw"] = 0.0
        best = max(choices, key=lambda v: (choices[v], v == "stand"))
        return by_verb[best]

    def _exchange(
        self,
        view: LooView,
        trump: int,
        pam: Card | None,
        estimate: Callable[[int], tuple[float, float]],
        value: Callable[[float, float], float],
    ) -> tuple[LooAction, float] | None:
        """The exchange of the weak side cards, if open, and its value averaged over unseen draws (LOO5-2)."""
        weak = [c for c in cards_in(view.hand) if c // 13 != trump and c != pam and c % 13 < EXCHANGE_BELOW]
        if not weak:
            return None
        out = mask_of(weak)
        named = format_cards(out)  # as the engine writes an exchange's cards: a match needs no parsing
        action = next((a for a in view.legal if a.verb == "exchange" and a.arg == named), None)
        if action is None:
            return None
        unseen = [c for c in cards_in(pack_mask(view.rules.pack) & ~view.hand) if c != view.turnup]
        kept = view.hand & ~out
        total = 0.0
        for drawn in exchange_draws(view.hand, view.turnup, unseen, len(weak)):
            total += value(*estimate(kept | drawn))
        return action, total / EXCHANGE_SAMPLES

    # -- playing ---------------------------------------------------------------------------

    def _play(self, view: LooView) -> LooAction:
        table = _Table(view)
        cards = [a.card for a in view.legal if a.card is not None]
        trick = view.tricks[-1] if view.tricks and view.tricks[-1].winner is None else None
        me = view.seat
        players = view.players
        done = 0 if trick is None else len(trick.cards)
        start = players.index(trick.leader if trick else me)
        after = [players[(start + i) % len(players)] for i in range(done + 1, len(players))]
        my_tricks = sum(1 for t in view.tricks if t.winner == me)
        trump = table.trump
        sure = self._sure_trick(view, table)

        def p_hold(card: Card, led: int, best: Card | None) -> float:
            if best is not None and not beats(card, best, trump):
                return 0.0
            p = 1.0
            for seat in after:
                p *= 1.0 - table.p_beaten(seat, view.card_counts[seat], card, led)
            return p

        def keep_value(card: Card) -> float:
            return card % 13 + (13.0 if card // 13 == trump else 0.0)

        if trick is None:
            scored = [(p_hold(c, c // 13, None), keep_value(c), c) for c in cards]
            best_p = max(s[0] for s in scored)
            if best_p < 0.1 and my_tricks == 0 and not sure:
                # nothing is likely to win: lead the highest, to make the others spend their heading cards
                choice = max(scored, key=lambda s: (s[1], s[2]))[2]
            else:
                choice = max(scored, key=lambda s: (s[0], s[1], s[2]))[2]
            civil = LooAction(me, "play", choice, "civil")  # "Pam be civil" with the ace of trumps (LOO5-4)
            return civil if civil in view.legal else LooAction(me, "play", choice)
        led = trick.cards[0] // 13
        winning = trick.cards[trick_winner(list(trick.cards), trump)]
        scored = [(p_hold(c, led, winning), keep_value(c), c) for c in cards]
        winners = [s for s in scored if s[0] > 0.0]
        if not winners:
            return LooAction(me, "play", min(scored, key=lambda s: (s[1], s[2]))[2])  # throw the least useful
        best_p = max(s[0] for s in winners)
        if not after or best_p >= 0.999:
            # the trick is mine whatever I play among the sure ones: head it as cheaply as possible
            sure_cards = [s for s in winners if s[0] >= best_p - 1e-9]
            return LooAction(me, "play", min(sure_cards, key=lambda s: (s[1], s[2]))[2])
        if (my_tricks or sure) and best_p < 0.25:
            return LooAction(me, "play", min(scored, key=lambda s: (s[1], s[2]))[2])
        # head with the card most likely to hold the trick; between equals, the cheaper
        return LooAction(me, "play", max(winners, key=lambda s: (s[0], -s[1], -s[2]))[2])

    @staticmethod
    def _sure_trick(view: LooView, table: _Table) -> bool:
        """Whether the seat holds the master trump (a trick it cannot lose while it holds it)."""
        trumps = view.hand & SUIT_MASKS[table.trump]
        if not trumps:
            return False
        top = trumps.bit_length() - 1
        return not table.unseen & SUIT_MASKS[table.trump] & ~((2 << top) - 1)
