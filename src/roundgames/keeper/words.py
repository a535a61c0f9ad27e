"""What the keeper says (docs/keep.md): a deal begun, an entry understood, a deal settled, what comes next, the
balances, the end, and what the table is waiting for.

Every figure comes from the engine: a finished deal's from its result (:class:`~roundgames.keeper.keep.Settled`
holds them), a deal in progress's from its view, what comes next from the sitting. What differs between games
is the game's observer's (:mod:`roundgames.games.observe`) and the game's spec's, never asked of its name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.protocol import Stage
from .keep import DRAWN, Keeper, KeptDeal, Settled
from .verbs import NOBODY, entries

__all__ = [
    "balances",
    "count",
    "deal_begun",
    "deal_over",
    "ended",
    "help_lines",
    "next_deal",
    "said_by_itself",
    "signed",
    "status_short",
    "waiting_for",
]

#: the keeper's own commands, after the game's verbs in the help
_OWN_HELP = (
    ("undo", "remove the last entry (any number of times)"),
    ("balances", "the running balances and the pool"),
    ("csv FILE", "write the score sheet (each deal's nets and balances) as CSV"),
    ("stop [HOW]", "end the sitting now: {stops}"),
    ("status", "what the table is waiting for"),
    ("help", "this list"),
    ("quit", "leave (or q); the file keeps everything, resume with: roundgames keep --file FILE"),
)


def signed(n: int) -> str:
    """A seat's net or balance as the keeper writes it: ``+4``, ``-6``, ``0``."""
    return f"{n:+d}" if n else "0"


def count(n: int, what: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {what}{'s' * (n != 1)}"


def _line(command: str, text: str) -> str:
    return f"{command:<30}{text}" if len(command) < 29 else f"{command}    {text}"


def help_lines(k: Keeper) -> list[str]:
    """The commands: ``deal``, the game's verbs from its verb table, then the keeper's own."""
    kinds = "kind" in k.spec.record_fields
    turnup = k.observer.turns_up
    deal = "deal [SEAT]" + (" [KIND]" if kinds else "") + (" [TURNUP]" if turnup else "")
    out = [_line(deal, "start the next deal (the first: say who deals)" + ("; KIND " if kinds else ""))]
    if kinds:
        out[0] += "|".join(k.spec.kind_words)
        out.append(_line("", "is checked against the rules" + ("; TURNUP is needed only under club law" * turnup)))
    out += [_line(e.usage, e.help) for e in entries(k.spec).values()]
    stops = " | ".join(f"{m} SEAT" if m == DRAWN else m for m in k.spec.stops)
    out += [_line(c, text.format(stops=f"{stops} ({k.rule('share')})")) for c, text in _OWN_HELP]
    return out


def deal_begun(k: Keeper, deal: KeptDeal) -> list[str]:
    """``Deal 2: Ben deals a regular deal; the pool holds 12 with the stake.``, and what binds everyone in it."""
    view = deal.view(deal.dealer)
    seen = k.observer.observe_view(deal, view)
    kind = f" {seen.kind_words}" if seen.kind_words else ""
    holds = ""
    if seen.pot is not None:
        holds = f"; the {seen.pot.word} holds {seen.pot.amount}" + (" with the stake" if seen.pot.staked else "")
    double = f"; stakes times {seen.stakes} (Double Header)" if seen.stakes > 1 else ""
    out = [f"Deal {k.deal_number}: {deal.seats[deal.dealer]} deals{kind}{holds}{double}."]
    if seen.all_play is not None:  # every seat must play (club law)
        out.append(f"{seen.all_play.value} ({seen.all_play.label}, {seen.all_play.rule}).")
    return out


def said_by_itself(deal: KeptDeal, before: Sequence[str], actor: int, laws_before: int) -> list[str]:
    """A seat's declaration that took effect by itself with this entry, where nobody entered it: one made out
    of turn, binding at his proper turn (LOO-LAW-5, §14.27). ``before``: the view's notes before the entry."""
    out = []
    after = deal.view(deal.dealer).notes
    for s, (was, now) in enumerate(zip(before, after, strict=True)):
        if s == actor or now == was or not now:
            continue
        rules = [law.rule for law in deal.irregularities[:laws_before] if law.seat == s]
        why = f"declared out of turn, {rules[-1]}" if rules else "declared out of turn"
        out.append(f"{deal.seats[s]} {now} ({why}).")
    return out


def deal_over(k: Keeper, row: Settled) -> list[str]:
    """``Deal 2 over (Ben dealt a regular deal): Ann 0, Ben -9, Cat +8, Dan +4. Looed: Ben 6.``, and who took the
    pool without play."""
    nets = ", ".join(f"{name} {signed(row.net[name])}" for name in k.seats)
    looed = ""
    if row.looed:
        looed = " Looed: " + ", ".join(f"{name} {v}" for name, v in row.looed.items()) + "."
    what = f" {k.spec.kind_words[row.kind]}" if row.kind is not None else f"; {row.what}" if row.what else ""
    out = [f"Deal {row.number} over ({row.dealer} dealt{what}): {nets}.{looed}"]
    if row.took is not None:
        out.append(f"{row.took} took the pool without play.")
    return out


def next_deal(k: Keeper, row: Settled) -> list[str]:
    """The pool (or kitty) for the next deal, and who deals it and what."""
    out = []
    pot = k.observer.pot(k.sample)
    if pot is not None and pot.staked:
        stake = k.dealer_stake
        out.append(f"{pot.title} for the next deal: {row.pool} ({row.pool + stake} with {k.next_dealer}'s stake).")
    elif pot is not None or row.pool:
        out.append(f"{k.pool_word.capitalize()}: {row.pool}.")
    kind = "" if k.next_kind is None else f" {k.spec.kind_words[k.next_kind]}"
    multiplier = int(k.next_fields().get("multiplier", 1))
    double = f" at {multiplier} times the stakes (Double Header)" if multiplier > 1 else ""
    out.append(f"Next: {k.next_dealer} deals{kind}{double}.")
    return out


def ended(k: Keeper, end: Settled, why: str) -> str:
    """How the pool or kitty was shared at the end: ``the pool of 6 is divided: ...``."""
    total = sum(end.net.values())
    if end.what == DRAWN:
        taker = next((name for name in k.seats if end.net[name]), None)
        who = taker or "the seat that drew lowest"
        return f"{why} {who} drew the lowest card and takes the {k.pool_word} of {total}."
    shares = ", ".join(f"{name} {signed(end.net[name])}" for name in k.seats)
    return f"{why} the {k.pool_word} of {total} is divided: {shares}."


def balances(k: Keeper) -> str:
    """``Balances after 2 deals: Ann -6, ...; pool 6.``"""
    done = len(k.sitting.deals)
    now = " (with the deal in progress)" if k.deal is not None else ""
    rows = ", ".join(f"{name} {signed(v)}" for name, v in k.balances().items())
    return f"Balances after {count(done, 'deal')}{now}: {rows}; {k.pool_word} {k.pool}."


def status_short(k: Keeper) -> str:
    """What the table is waiting for, in a few words (the prompt)."""
    deal = k.deal
    if k.is_over:
        return "over"
    if deal is None:
        if not k.begun:
            return "who deals first? (deal SEAT)"
        return f"deal {k.deal_number}: {k.next_dealer} to deal"
    if deal.to_act is None:
        return f"deal {k.deal_number}"
    return f"deal {k.deal_number}: " + waiting_for(k, deal)


def _option(k: Keeper, deal: KeptDeal, action: Any) -> str:
    """An action open to the seat to act as the prompt lists it: its verb, or the value it names (``3``)."""
    words = deal.action_str(action).split()[1:]
    entry = entries(k.spec).get(words[0])
    return words[1] if entry is not None and entry.values and len(words) > 1 else words[0]


def waiting_for(k: Keeper, deal: KeptDeal) -> str:
    """``Cat to declare (stand | throw | miss)``, ``who won trick 2? (trick SEAT: Cat, Dan)``."""
    seats = deal.seats
    assert deal.to_act is not None
    legal = deal.legal_actions()
    if any(a.verb == "single" for a in legal):
        return f"whose card won the single? (single SEAT, or single {NOBODY})"
    if deal.stage is Stage.BID:
        what = k.observer.bid_word
        known = entries(k.spec)
        options = dict.fromkeys(_option(k, deal, a) for a in legal if a.verb in known)
        return f"{seats[deal.to_act]} to {what} ({' | '.join(options)})"
    view = deal.view(deal.dealer)
    contract = ""
    alone = k.observer.alone(deal, view)
    if alone is not None:
        contract = f"{seats[alone.seat]} plays {alone.bid}, won {alone.won} lost {alone.lost}: "
    # where declarations decide who plays, the keeper names those who may win a trick
    players = ": " + ", ".join(seats[s] for s in view.players) if k.observer.names_players else ""
    return f"{contract}who won trick {len(deal.tricks) + 1}? (trick SEAT{players})"
