"""The exact solver of the open-card position: every hand known, how many of the tricks still to play a side takes
when both sides play perfectly.

The search is alpha-beta over the cards (depth-first, the moves of each seat tried best-first), with

- a *transposition table* at the start of each trick: the hands, the leader and the trump suit fix what can
  still happen, so a position reached by another order of the same tricks is solved once; it stores the bounds
  a search proved, so a narrow window (``at_least``) reuses what a wide one found and the reverse;
- *equivalent-rank reduction*: two cards of one seat's legal plays in the same suit with no card still in play
  (in any hand, or in the trick) between them win and lose exactly the same tricks, so only one is tried. A card
  the rules name by itself (Five-card Loo's Pam and the ace of trumps led "civil", LOO5-4) is never merged.

What the game's rules say (what may be played, who wins a trick, what the first lead fixes) comes from the game:
a :class:`PlayRules` that :mod:`roundgames.loo.solve` and :mod:`roundgames.nap.solve` build from a deal, and so
does the position (:class:`Position`). Nothing here knows which game it plays.

A *move* is a card (0..51), or a card plus :data:`CIVIL` for the ace of trumps led with "Pam be civil".

A "side" is a set of seats: the Nap caller alone or the others together; in Loo the seat that asks alone, the
others taken to play against it (the paranoid assumption that makes a many-handed game two-sided).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["CIVIL", "PlayRules", "Position", "Solver", "brute_force", "card_of_move"]

#: added to the ace of trumps led with "Pam be civil" (LOO5-4)
CIVIL = 64


def card_of_move(move: int) -> int:
    """The card of a move."""
    return move & 63


class PlayRules(Protocol):
    """What a game's play rules tell the solver, in moves and bit masks of cards."""

    #: cards that the rules name by themselves, never merged with their neighbours
    special: int

    def moves(self, hand: int, trick: list[int], done: int, trump: int | None) -> list[int]:
        """The moves ``hand`` may make to ``trick`` (empty: a lead) with ``done`` tricks finished."""
        ...

    def winner(self, trick: list[int], trump: int | None) -> int:
        """The index in ``trick`` of the move that wins it."""
        ...

    def trump_after(self, lead: int, trump: int | None) -> int | None:
        """The trump suit once ``lead`` is the first lead of the deal (Nap's first lead fixes it, NAP-PLAY-1)."""
        ...


@dataclass
class Position:
    """An open-card position in the play: what every seat holds and where the play stands."""

    #: every seat's hand (a mask), by seat
    hands: list[int]
    #: the seats that play, in the order they play to a trick
    seats: tuple[int, ...]
    #: the index in ``seats`` of the seat that led (or leads) the trick in progress
    leader: int
    #: the moves already made to the trick in progress
    trick: list[int]
    #: the tricks finished, and how many the deal has
    done: int
    total: int
    trump: int | None
    #: the tricks each seat has taken so far, by seat
    won: list[int] = field(default_factory=list)

    @property
    def to_act(self) -> int:
        """The seat to play next."""
        return self.seats[(self.leader + len(self.trick)) % len(self.seats)]

    @property
    def remaining(self) -> int:
        """The tricks still to be won, the one in progress included."""
        return self.total - self.done


class Solver:
    """Solve positions for one side under one game's :class:`PlayRules`; the table is kept across calls, so the
    positions of one deal are best solved by the same solver."""

    def __init__(self, rules: PlayRules, side: int, count: int | None = None) -> None:
        self.rules = rules
        #: the seats of the side that maximizes, as a mask of seat numbers
        self.side = side
        #: the seats whose tricks are counted (the side itself unless told: in Nap's misery the others
        #: maximize the caller's tricks, NAP-VAR-MISERY)
        self.count = side if count is None else count
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        #: moves tried, for the benchmark
        self.nodes = 0

    def value(self, pos: Position) -> int:
        """The counted tricks of ``pos.remaining`` with perfect play by both sides."""
        return self._search(pos.hands, pos.seats, pos.leader, pos.trick, pos.done, pos.total, pos.trump, 0, 99)

    def at_least(self, pos: Position, k: int) -> bool:
        """Whether the counted seats take at least ``k`` of the remaining tricks (a null-window search: faster)."""
        if k <= 0:
            return True
        hands, trick = pos.hands, pos.trick
        return self._search(hands, pos.seats, pos.leader, trick, pos.done, pos.total, pos.trump, k - 1, k) >= k

    def move_values(self, pos: Position) -> dict[int, int]:
        """Each move of the seat to act, with the counted tricks of ``pos.remaining`` after it."""
        moves = self.rules.moves(pos.hands[pos.to_act], pos.trick, pos.done, pos.trump)
        return {move: self._after(pos, move, 0, 99) for move in moves}

    def moves_at_least(self, pos: Position, k: int) -> dict[int, bool]:
        """Each move of the seat to act, with whether the counted seats then take at least ``k`` of
        ``pos.remaining`` (null-window searches: what a call made or lost needs)."""
        moves = self.rules.moves(pos.hands[pos.to_act], pos.trick, pos.done, pos.trump)
        return {move: k <= 0 or self._after(pos, move, k - 1, k) >= k for move in moves}

    def _after(self, pos: Position, move: int, alpha: int, beta: int) -> int:
        """The counted tricks of ``pos.remaining`` once the seat to act makes ``move`` (fail-soft in the window)."""
        hands = list(pos.hands)
        seat = pos.to_act
        hands[seat] &= ~(1 << (move & 63))
        trick = [*pos.trick, move]
        trump = self.rules.trump_after(move, pos.trump) if pos.done == 0 and not pos.trick else pos.trump
        seats = pos.seats
        if len(trick) < len(seats):
            return self._search(hands, seats, pos.leader, trick, pos.done, pos.total, trump, alpha, beta)
        win = (pos.leader + self.rules.winner(trick, trump)) % len(seats)
        mine = self.count >> seats[win] & 1
        if pos.done + 1 == pos.total:
            return mine
        return mine + self._search(hands, seats, win, [], pos.done + 1, pos.total, trump, alpha - mine, beta - mine)

    def _search(
        self,
        hands: list[int],
        seats: tuple[int, ...],
        leader: int,
        trick: list[int],
        done: int,
        total: int,
        trump: int | None,
        alpha: int,
        beta: int,
    ) -> int:
        """The counted tricks of the ``total - done`` left, as a fail-soft alpha-beta value in ``(alpha, beta)``."""
        left = total - done
        if alpha >= left:
            return left
        if beta <= 0:
            return 0
        key: tuple[object, ...] | None = None
        if not trick:
            key = (*(hands[s] for s in seats), leader, trump)
            bounds = self.table.get(key)
            if bounds is not None:
                lo, hi = bounds
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        return self._moves(hands, seats, leader, trick, done, total, trump, alpha, beta, key)

    def _moves(
        self,
        hands: list[int],
        seats: tuple[int, ...],
        leader: int,
        trick: list[int],
        done: int,
        total: int,
        trump: int | None,
        alpha: int,
        beta: int,
        key: tuple[object, ...] | None,
    ) -> int:
        """The search of :meth:`_search` below its table probe: each move of the seat to act, best-first."""
        a0, b0 = alpha, beta  # the window searched: what the result proves is relative to it
        n = len(seats)
        i = (leader + len(trick)) % n
        seat = seats[i]
        maximizing = bool(self.side >> seat & 1)
        hand = hands[seat]
        rules = self.rules
        moves = _reduce(rules.moves(hand, trick, done, trump), hands, trick, rules.special)
        if trick:
            holder = seats[(leader + rules.winner(trick, trump)) % n]
            partner_wins = bool(self.side >> holder & 1) == maximizing
        else:
            partner_wins = False
        moves = _ordered(moves, trick, trump, rules, partner_wins)
        first_lead = done == 0 and not trick
        best = -1 if maximizing else 99
        for move in moves:
            self.nodes += 1
            hands[seat] = hand & ~(1 << (move & 63))
            trick.append(move)
            now = rules.trump_after(move, trump) if first_lead else trump
            if len(trick) < n:
                v = self._search(hands, seats, leader, trick, done, total, now, alpha, beta)
            else:
                win = (leader + rules.winner(trick, now)) % n
                mine = self.count >> seats[win] & 1
                saved = trick[:]
                trick.clear()
                if done + 1 == total:
                    v = mine
                else:
                    v = mine + self._search(hands, seats, win, trick, done + 1, total, now, alpha - mine, beta - mine)
                trick.extend(saved)
            trick.pop()
            hands[seat] = hand
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key is not None:
            lo, hi = self.table.get(key, (0, total - done))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best


def _reduce(moves: list[int], hands: list[int], trick: list[int], special: int) -> list[int]:
    """``moves`` with equivalent cards merged (see the module's description), the highest of each run kept, in
    the order given."""
    if len(moves) < 2:
        return moves
    in_play = 0
    for h in hands:
        in_play |= h
    for m in trick:
        in_play |= 1 << (m & 63)
    in_play &= ~special
    mine = 0
    for m in moves:
        mine |= 1 << (m & 63)
    kept: list[int] = []
    for m in moves:
        c = m & 63
        if m != c or special >> c & 1:
            kept.append(m)
            continue
        # the next card of the suit above c still in play: if it is this seat's own legal card, c is its twin
        suit_top = c - c % 13 + 12
        above = c + 1
        while above <= suit_top and not in_play >> above & 1:
            above += 1
        if above <= suit_top and mine >> above & 1 and not special >> above & 1:
            continue
        kept.append(m)
    return kept


def _ordered(moves: list[int], trick: list[int], trump: int | None, rules: PlayRules, partner_wins: bool) -> list[int]:
    """``moves`` best-first, so that alpha-beta cuts early: a lead high; a follower whose side holds the trick
    low, and otherwise the cheapest card that takes the trick, then the cheapest that does not."""
    if len(moves) < 2:
        return moves
    if not trick:
        return sorted(moves, key=lambda m: -((m & 63) % 13))
    if partner_wins:
        return sorted(moves, key=lambda m: (m & 63) % 13)
    at = len(trick)
    taking: list[int] = []
    losing: list[int] = []
    for m in moves:
        (taking if rules.winner([*trick, m], trump) == at else losing).append(m)
    taking.sort(key=lambda m: (m & 63) % 13)
    losing.sort(key=lambda m: (m & 63) % 13)
    return taking + losing


def brute_force(
    rules: PlayRules,
    pos: Position,
    side: int,
    on_move: Callable[[Position, int], None] | None = None,
    count: int | None = None,
) -> int:
    """The counted tricks of ``pos.remaining`` by plain minimax over every move: no table, no pruning, no merging.
    Slow; the reference the tests hold :class:`Solver` to. ``on_move`` is told of every move tried."""
    count = side if count is None else count
    seat = pos.to_act
    moves = rules.moves(pos.hands[seat], pos.trick, pos.done, pos.trump)
    maximizing = bool(side >> seat & 1)
    results = []
    for move in moves:
        if on_move is not None:
            on_move(pos, move)
        hands = list(pos.hands)
        hands[seat] &= ~(1 << (move & 63))
        trick = [*pos.trick, move]
        trump = rules.trump_after(move, pos.trump) if pos.done == 0 and not pos.trick else pos.trump
        if len(trick) < len(pos.seats):
            nxt = Position(hands, pos.seats, pos.leader, trick, pos.done, pos.total, trump)
            results.append(brute_force(rules, nxt, side, on_move, count))
            continue
        win = (pos.leader + rules.winner(trick, trump)) % len(pos.seats)
        mine = count >> pos.seats[win] & 1
        if pos.done + 1 == pos.total:
            results.append(mine)
        else:
            nxt = Position(hands, pos.seats, win, [], pos.done + 1, pos.total, trump)
            results.append(mine + brute_force(rules, nxt, side, on_move, count))
    return max(results) if maximizing else min(results)
