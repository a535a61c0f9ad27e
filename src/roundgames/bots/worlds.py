"""Redraw the cards a seat has not seen: the worlds of information-set search (no framework needed).

:func:`resample` takes a dealt deal of a game the bots play (:mod:`.games`: Loo and Nap)
and a seat, and returns a NEW deal of the same table (rules, seats, dealer, pool or kitty, kind or
multiplier) in which every card the seat has not seen is drawn afresh and the log is replayed through
the engine's checked ``apply``: the new deal is consistent with everything the seat has seen by
construction, and encodes identically for it (:mod:`.encoding`).

The model. Every dealt card lies in a *slot* of a *place*: a seat's dealt hand, the miss and the
turn-up (Loo), the spare hand, the widow and each position of the stock (Nap); the rest of the pack
is not dealt. The game's worlds module (:mod:`roundgames.loo.worlds`, :mod:`roundgames.nap.worlds`) says where its cards lie, what
a seat has seen and which hand each other seat plays; the drawing and replaying are the same for every game.
A resampled world is found in four steps:

1. Pin every card the seat knows where it lies: its own dealt hand once seen (Loo: once its turn to
   declare has come, or all hands in Peel's face-up single), the miss if it took it, the turn-up, the
   widow once peeped or taken, the spare hand if it took it, the stock cards it bought or took.
2. Every other seat's *playing hand* is traced back to slots. In Loo it is the miss for the seat
   that took it (or defended with it), else its dealt hand. In Nap a seat's hand is followed through
   its buys, spare hand, widow and top card, the cards it discarded or did not keep being re-chosen
   at random, and the cards it played are put in random slots of its playing hand.
3. The other slots are filled with a uniform random draw of the unseen cards, among the draws that
   keep every seat's unplayed cards clear of what its play has shown it cannot hold: a suit it did not
   follow, and in Loo also a card that would have obliged another play (a higher card of the suit led,
   a trump that heads the trick, the ace of trumps to lead ...). That rule is read from the engine
   itself (:meth:`playable` with a two-card hand), so no rule is written here a second time.
4. The log is replayed on the new deal through the checked ``apply``, with the other seats' re-chosen
   private arguments; a world the engine refuses (:class:`IllegalActionError` or :class:`RecordError`),
   whose laws rule otherwise on an irregularity of table mode (a revoke the world's cards would not make one,
   RULES.md §8), or that ends the replay waiting on another seat than the deal does (a Loo flush the world's
   cards would show, RULES.md §14.34), is rejected and drawn again, up to :data:`MAX_ATTEMPTS` times.

A card played, taken back under the laws and played again (a hand played again after a revoke, LOO-LAW-14; a card
led or played out of turn, NAP-LAW-7) is one card of its seat's hand, placed once.

For Loo, steps 3 and 4 are rejection sampling from the uniform distribution, so a world is uniform
over all the worlds consistent with what the seat has seen. For Nap, the re-chosen discards make the
weights approximate, but every consistent placement of an unseen card can be drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from math import comb
from typing import Any

from ..core.cards import Card, cards_in, pack_mask
from ..core.errors import IllegalActionError, RecordError
from ..games.protocol import Stage
from .games import kit

__all__ = [
    "MAX_ATTEMPTS",
    "Place",
    "ResampleError",
    "Resampler",
    "deal_places",
    "new_deal_like",
    "place_cards",
    "resample",
]

#: worlds drawn and replayed before giving up; a real state needs a handful at most
MAX_ATTEMPTS = 2000
#: plain uniform draws tried before the exact constrained draw (both draw the same distribution)
_QUICK_TRIES = 12


#: a place cards are dealt to: ``("hand", seat)``, ``("miss", 0)``, ``("turnup", 0)``, ``("spare", 0)``,
#: ``("widow", 0)`` or ``("stock", position)`` (0 is the top card)
Place = tuple[str, int]


class ResampleError(RuntimeError):
    """No consistent world was found: the deal is not one the engine could have reached."""


def place_cards(deal: Any) -> dict[Place, list[Card]]:
    """The cards of each place as dealt, hands and heaps by card int, the stock in its order."""
    cards: dict[Place, list[Card]] = kit(deal).worlds.place_cards(deal)
    return cards


def new_deal_like(deal: Any) -> Any:
    """An undealt deal of the same table as ``deal``: rules, seats, dealer, pool or kitty, kind or multiplier."""
    return kit(deal).worlds.new_deal_like(deal)


def deal_places(template: Any, cards: Mapping[Place, Sequence[Card]]) -> Any:
    """A new deal of ``template``'s table dealt with ``cards`` by place (through ``deal_cards``), no action taken."""
    return kit(template).worlds.deal_places(template, cards)


class _World:
    """The slots of a dealt deal, with the card the deal put in each."""

    def __init__(self, deal: Any, deals: Any) -> None:
        self.deals = deals
        self.places: list[Place] = []
        self.truth: list[Card] = []
        self.slots: dict[Place, list[int]] = {}
        for place, cards in deals.place_cards(deal).items():
            for c in cards:
                self.slots.setdefault(place, []).append(len(self.places))
                self.places.append(place)
                self.truth.append(c)

    def build(self, template: Any, cards: Sequence[Card]) -> Any:
        by_place: dict[Place, list[Card]] = {}
        for place, c in zip(self.places, cards, strict=True):
            by_place.setdefault(place, []).append(c)
        new = self.deals.deal_places(template, by_place)
        new.table_mode = template.table_mode  # table mode's irregular actions replay under its laws (RULES.md §5, §8)
        return new


def _known(deal: Any, seat: int, world: _World) -> dict[int, Card]:
    """The slots whose card ``seat`` has seen, with that card."""
    pins: dict[int, Card] = {}
    for place in world.deals.known_places(deal, seat):
        for slot in world.slots.get(place, []):
            pins[slot] = world.truth[slot]
    return pins


def _plays(deal: Any, deals: Any) -> Iterator[tuple[int, Card]]:
    for a in deal.log:
        if a.verb == "play":
            yield a.seat, deals.card_played(a)


def _forbidden(deal: Any, seat: int, world: _World, unseen: int) -> dict[int, int]:
    """For each other seat, the unseen cards its play shows it never held while it played.

    Replays the deal and, at each card ``c`` another seat played, asks the engine whether ``c`` would
    still be playable from the two-card hand ``{c, x}``; if not, ``x`` was not in that hand. Holding
    more cards never makes an illegal card legal, so every ``x`` found so is truly excluded.
    """
    replica = world.build(deal, world.truth)
    out: dict[int, int] = {}
    for a in deal.log:
        if a.verb == "play" and a.seat != seat and replica.can_proper(a):  # an irregular card shows nothing held
            p = a.seat
            c = world.deals.card_played(a)
            saved = replica.hands[p]
            bad = 0
            for x in cards_in(unseen & ~(1 << c)):
                replica.hands[p] = 1 << c | 1 << x
                if not replica.playable(p) >> c & 1:
                    bad |= 1 << x
            replica.hands[p] = saved
            if bad:
                out[p] = out.get(p, 0) | bad
        replica.apply(a)
    return out


def _compositions(size: int, types: list[int], rem: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to take ``size`` cards from the card types ``types`` (at most ``rem[t]`` of type t),
    as counts by type with the number of card sets each stands for."""
    counts = [0] * len(rem)

    def rec(i: int, left: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(types):
            if left == 0:
                yield tuple(counts), weight
            return
        t = types[i]
        for k in range(min(left, rem[t]) + 1):
            counts[t] = k
            yield from rec(i + 1, left - k, weight * comb(rem[t], k))
        counts[t] = 0

    return rec(0, size, 1)


def _fill(
    classes: list[tuple[list[int], int]], free: list[int], cards: list[Card], rng: random.Random
) -> dict[int, Card] | None:
    """A uniform random injection of ``cards`` into the slots of ``classes`` and ``free``, the slots of a
    class taking no card of its forbidden mask; None when there is none. Unused cards stay undealt."""
    if sum(len(s) for s, _ in classes) + len(free) > len(cards):
        return None
    for _ in range(_QUICK_TRIES):  # a plain uniform draw, kept when it happens to respect every class
        order = rng.sample(cards, len(cards))
        out: dict[int, Card] = {}
        i = 0
        ok = True
        for slots, forbid in classes:
            for slot in slots:
                if forbid >> order[i] & 1:
                    ok = False
                    break
                out[slot] = order[i]
                i += 1
            if not ok:
                break
        if ok:
            out.update(zip(free, order[i:], strict=False))
            return out
    # The exact draw: cards grouped by the classes that refuse them; class by class, the counts taken
    # of each group are drawn in proportion to the number of completions they leave.
    groups: dict[int, list[Card]] = {}
    for c in cards:
        groups.setdefault(sum(1 << j for j, (_, forbid) in enumerate(classes) if forbid >> c & 1), []).append(c)
    sigs = list(groups)
    allowed = [[t for t, sig in enumerate(sigs) if not sig >> j & 1] for j in range(len(classes))]
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def completions(j: int, rem: tuple[int, ...]) -> int:
        if j == len(classes):
            return 1
        key = (j, rem)
        if key not in memo:
            memo[key] = sum(
                w * completions(j + 1, tuple(r - x for r, x in zip(rem, take, strict=True)))
                for take, w in _compositions(len(classes[j][0]), allowed[j], rem)
            )
        return memo[key]

    rem = tuple(len(groups[sig]) for sig in sigs)
    if completions(0, rem) == 0:
        return None
    pools = [rng.sample(groups[sig], len(groups[sig])) for sig in sigs]
    out = {}
    for j, (slots, _) in enumerate(classes):
        options = []
        for take, w in _compositions(len(slots), allowed[j], rem):
            after = tuple(r - x for r, x in zip(rem, take, strict=True))
            options.append((take, after, w * completions(j + 1, after)))
        pick = rng.randrange(sum(w for _, _, w in options))
        for take, after, w in options:  # noqa: B007 (the loop leaves take and after set)
            if pick < w:
                break
            pick -= w
        chosen: list[Card] = []
        for t, k in enumerate(take):
            chosen += pools[t][:k]
            pools[t] = pools[t][k:]
        rng.shuffle(chosen)
        out.update(zip(slots, chosen, strict=True))
        rem = after
    rest = [c for pool in pools for c in pool]
    rng.shuffle(rest)
    out.update(zip(free, rest, strict=False))
    return out


def resample(
    deal: Any, seat: int, rng: random.Random | None = None, observe: Callable[[Any, Any], None] | None = None
) -> Any:
    """A new deal of the same table, identical for ``seat`` to ``deal``, with every card it has not seen
    drawn afresh and the log replayed through the checked ``apply`` (see the module's description).

    ``observe(world, action)``, if given, is told of each action of the log as it is replayed, just before it
    is applied to the world being built (the search bots weigh a world by how likely the others' actions were
    in it); a world that is rejected may have been observed in part.

    Raises :class:`ValueError` for an undealt deal and :class:`ResampleError` if no consistent world is
    found within :data:`MAX_ATTEMPTS` draws, which does not happen for a deal the engine reached.
    """
    return Resampler(deal, seat).draw(rng, observe)


class Resampler:
    """The worlds of one seat at one moment of a deal: what it knows, and what the others' play has shown, are
    worked out once (:meth:`__init__`), and each :meth:`draw` is a new world, as :func:`resample` makes it. A
    search drawing many worlds for one decision makes one."""

    def __init__(self, deal: Any, seat: int) -> None:
        if deal.stage is Stage.DEAL:
            raise ValueError("resample needs a dealt deal: the cards have not been dealt")
        self.deal = deal
        self.seat = seat = deal.seat_index(seat)
        self.deals = deals = kit(deal).worlds
        self.world = world = _World(deal, deals)
        self.known = known = _known(deal, seat, world)
        self.played_by: dict[int, list[Card]] = {}
        played = 0
        for p, c in _plays(deal, deals):
            played |= 1 << c
            # A card played, taken back under table mode's laws (a hand played again after a revoke, LOO-LAW-14;
            # a card led or played out of turn, NAP-LAW-7) and played again is one card of the seat's hand, not two.
            if p != seat and c not in self.played_by.setdefault(p, []):
                self.played_by[p].append(c)
        unseen = pack_mask(deal.rules.pack) & ~played
        for c in known.values():
            unseen &= ~(1 << c)
        self.unseen = unseen
        self.forbidden = _forbidden(deal, seat, world, unseen)
        self.unseen_cards = list(cards_in(unseen))
        self.where = {c: slot for slot, c in known.items()}

    def draw(self, rng: random.Random | None = None, observe: Callable[[Any, Any], None] | None = None) -> Any:
        """A new world (see :func:`resample`)."""
        rng = rng if rng is not None else random.Random()
        deal, world, deals = self.deal, self.world, self.deals
        last = "no draw was made"
        for _ in range(MAX_ATTEMPTS):
            playing, choices = deals.plan(deal, self.seat, world.slots, rng)
            pinned = self._pin_plays(playing, rng)
            if pinned is None:
                last = "a seat's discards left it without a card it played"
                continue
            pins, hidden = pinned
            forbidden, unseen = self.forbidden, self.unseen
            classes = [(hidden[p], forbidden[p] & unseen) for p in hidden if hidden[p] and forbidden.get(p, 0) & unseen]
            in_class = {s for slots, _ in classes for s in slots}
            free = [s for s in range(len(world.places)) if s not in pins and s not in in_class]
            fill = _fill(classes, free, self.unseen_cards, rng)
            if fill is None:
                last = "no placement of the unseen cards respects what the others' play has shown"
                continue
            pins.update(fill)
            try:
                new = world.build(deal, [pins[s] for s in range(len(world.places))])
                for i, a in enumerate(deal.log):
                    if i in choices:
                        a = deals.rechosen(a, tuple(sorted(pins[s] for s in choices[i])))
                    if observe is not None:
                        observe(new, a)
                    new.apply(a)
            except (IllegalActionError, RecordError) as e:
                last = str(e)
                continue
            if new.irregularities != deal.irregularities:
                # The laws ruled otherwise on these cards (RULES.md §8): a revoke is ruled only where the seat held
                # a card of the suit, so a world without one replays the trick differently from the deal
                last = "the laws, replayed, rule otherwise on an irregularity"
                continue
            seen, real = new.view(self.seat), deal.view(self.seat)
            if (seen.to_act, seen.phase) != (real.to_act, real.phase):
                # What its cards alone decide, nobody choosing it, the deal did not do: Loo's flush, shown after
                # the declaring by every seat that holds one (RULES.md §14.34), was not shown
                last = "the deal, replayed, waits on another seat"
                continue
            return new
        raise ResampleError(
            f"no deal consistent with what {deal.seats[self.seat]} has seen was found in {MAX_ATTEMPTS} draws "
            f"(last: {last})"
        )

    def _pin_plays(
        self, playing: Mapping[int, list[int]], rng: random.Random
    ) -> tuple[dict[int, Card], dict[int, list[int]]] | None:
        """The known cards, and each card another seat played put in a random free slot of its playing hand;
        with each seat's slots left hidden. None when a seat has no room for the cards it played."""
        pins = dict(self.known)
        hidden: dict[int, list[int]] = {}
        for p, slots in playing.items():
            free_slots = [s for s in slots if s not in pins]
            loose = []
            for c in self.played_by.get(p, []):
                if c in self.where:
                    if self.where[c] not in slots:  # a card it was seen to hold must be in its playing hand
                        return None
                else:
                    loose.append(c)
            if len(loose) > len(free_slots):
                return None
            for slot, c in zip(rng.sample(free_slots, len(loose)), loose, strict=True):
                pins[slot] = c
            hidden[p] = [s for s in free_slots if s not in pins]
        return pins, hidden
