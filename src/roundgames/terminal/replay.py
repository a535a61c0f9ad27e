"""``roundgames replay FILE``: step through a saved deal or sitting, every hand shown.

FILE is a deal record (DEAL-RECORD.md), a JSON list of deal records (``demo --save``, ``play
--export``) or a table saved by ``play --save`` (its finished deals, then the deal in progress). A
position is a deal as dealt or just after one of its actions; each is printed whole: every hand,
the miss or the other heaps, the trick, the pool, and the action just taken. Commands, one a line:
Enter or ``n`` next, ``p`` or ``b`` back, ``s N`` the position after action N, ``d N`` deal N,
``q`` quit; ``--all`` prints every position without asking.

>>> import io
>>> text = '''{"format": "roundgames-deal/1", "game": "loo", "seats": ["P1", "P2", "P3", "P4"],
...   "dealer": "P1", "kind": "single", "cards": {"P2": "KH", "P3": "4S", "P4": "JH", "P1": "2C",
...   "turnup": "9H"}}'''
>>> deals = load_text(text)
>>> print(deals[0].frames(ascii=True)[0])  # doctest: +NORMALIZE_WHITESPACE
Deal 1 of 1: Loo (peel), P1 deals a single deal; turn-up 9H, trumps hearts; pool 0 brought forward.
Position 0 of 0: as dealt.
  P2            KH
  P3            4S
  P4            JH
  P1 (dealer)   2C
Complete. P2 takes the pool. Looed: P3, P4, P1. Net: P1 -6, P2 +3, P3 -3, P4 -3. Next pool 9.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..core.cards import SUIT_NAMES, Card, cards_in, sort_key
from ..core.errors import RecordError
from ..loo.deal import Decl, LooDeal, Phase
from ..nap import NapDeal
from ..records.deal import DealRecord, from_json, replay, start
from ..session.table import SAVE_FORMAT
from .plain import SYMBOLS, card_text, show

__all__ = ["HELP", "ReplayDeal", "load_file", "load_text", "run", "run_file"]

#: what ``?`` prints
HELP = (
    "Enter or n: next position    p or b: back    s N: the position after action N (s 0: as dealt)",
    "d N: deal N    q: quit    ?: this help",
)


@dataclass
class ReplayDeal:
    """One deal to step through: its record, its label and where the record's actions came from."""

    record: DealRecord
    number: int
    count: int
    note: str = ""
    #: the first illegal action, as the referee names it (``index``, ``action``, ``rule``, ``message``)
    error: dict[str, Any] | None = None
    _frames: list[str] = field(default_factory=list)

    def frames(self, ascii: bool = False) -> list[str]:
        """Each position's text: as dealt, then after each action (up to the first illegal one, if any)."""
        if not self._frames:
            self._frames = _frames(self, ascii)
        return self._frames


def load_text(text: str, name: str = "the file") -> list[ReplayDeal]:
    """The deals of a record, a list of records, or a saved table; raises :class:`RecordError`."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError("record", f"{name}: nested too deeply to be a deal record") from None
    except ValueError as e:
        raise RecordError("record", f"{name}: not JSON: {e}") from None
    found: list[tuple[Any, str, str]] = []  # (object, where, note)
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        deals, current = data.get("deals"), data.get("current")
        if not isinstance(deals, list):
            raise RecordError("deals", f"{name}: a saved table's deals are a JSON list")
        found = [(obj, f"deals[{i}]", "") for i, obj in enumerate(deals)]
        if current is not None:
            found.append((current, "current", " (in progress when saved)"))
    elif isinstance(data, dict):
        found = [(data, "", "")]
    elif isinstance(data, list):
        found = [(obj, f"sitting[{i}]", "") for i, obj in enumerate(data)]
    else:
        raise RecordError("record", f"{name}: expected a deal record, a list of them, or a saved table")
    if not found:
        raise RecordError("sitting", f"{name}: holds no deal to replay")
    out = []
    for i, (obj, where, note) in enumerate(found):
        try:
            record = from_json(obj)
            error = replay(record).error  # refuses a malformed record before anything is shown
        except RecordError as e:
            raise RecordError(f"{where}.{e.field}" if where else e.field, e.reason) from None
        out.append(ReplayDeal(record, i + 1, len(found), note, error))
    return out


def load_file(path: str) -> list[ReplayDeal]:
    """The deals of the file at ``path``; raises :class:`RecordError` naming what is wrong."""
    try:
        with open(path, encoding="utf-8") as fp:
            text = fp.read()
    except OSError as e:
        raise RecordError("file", f"{path}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError("file", f"{path}: not UTF-8 text") from None
    return load_text(text, path)


# -- positions -------------------------------------------------------------------------------------


def _frames(deal: ReplayDeal, ascii: bool) -> list[str]:
    record = deal.record
    game = start(record)
    actions = record.actions if deal.error is None else record.actions[: deal.error["index"]]
    total = len(actions)
    frames = [_frame(deal, game, 0, total, None, ascii)]
    for i, text in enumerate(actions):
        game.apply(game.parse_action(text))  # type: ignore[arg-type]
        frames.append(_frame(deal, game, i + 1, total, text, ascii))
    if deal.error is not None:
        e = deal.error
        frames[-1] += f"\nAction {e['index'] + 1}, {show(e['action'], ascii)}, is illegal: {show(e['message'], ascii)}."
        frames[-1] += " The replay stops here."
    return frames


def _cards(mask: int, ascii: bool) -> str:
    return " ".join(card_text(c, ascii) for c in sorted(cards_in(mask), key=sort_key)) or "-"


def _suit(suit: int, ascii: bool) -> str:
    return SUIT_NAMES[suit] + ("" if ascii else f" {SYMBOLS[suit]}")


def _frame(deal: ReplayDeal, game: LooDeal | NapDeal, index: int, total: int, text: str | None, ascii: bool) -> str:
    record = deal.record
    dealer = game.seats[game.dealer]
    lines = [f"Deal {deal.number} of {deal.count}{deal.note}: "]
    if isinstance(game, LooDeal):
        lines[0] += (
            f"Loo ({record.variant}), {dealer} deals a {record.kind} deal; turn-up {card_text(game.turnup, ascii)}, "
            f"trumps {_suit(game.trump, ascii)}; pool {record.pool} brought forward."
        )
    else:
        extra = f", stakes times {record.multiplier}" if record.multiplier > 1 else ""
        lines[0] += f"Nap ({record.variant}), {dealer} deals; kitty {record.pool} brought forward{extra}."
    step = "as dealt" if text is None else f"after {show(text, ascii)}"
    lines.append(f"Position {index} of {total}: {step}.")
    seats = list(game.order) + [s for s in range(game.n) if s not in game.order]
    rows = [(game.seats[s] + (" (dealer)" if s == game.dealer else ""), *_seat(game, s, ascii)) for s in seats]
    w1 = max(len(name) for name, _, _ in rows)
    w2 = max(len(status) for _, status, _ in rows)
    for name, status, cards in rows:
        lines.append(f"  {name:<{w1}}  {status:<{w2}}  {cards}".rstrip())
    lines += _heaps(game, ascii)
    trick = zip(game.trick_seats, game.trick_cards, strict=True)
    if game.trick_cards:
        lines.append("Trick: " + ", ".join(f"{game.seats[s]} {card_text(c, ascii)}" for s, c in trick))
    elif game.tricks:
        last = game.tricks[-1]
        played = ", ".join(
            f"{game.seats[s]} {card_text(c, ascii)}" for s, c in zip(last.seats, last.cards, strict=True)
        )
        assert last.winner is not None
        lines.append(f"Last trick: {played}; {game.seats[last.winner]} won it.")
    lines.append(_summary(game))
    return "\n".join(lines)


def _seat(game: LooDeal | NapDeal, s: int, ascii: bool) -> tuple[str, str]:
    """What seat ``s`` has done, and its cards."""
    if isinstance(game, LooDeal):
        if s not in game.order:
            return "takes no part", ""
        decl = game.decls[s]
        words = {
            Decl.NONE: "",
            Decl.STAND: "stood",
            Decl.THROW: "threw up",
            Decl.MISS: "took the miss",
            Decl.DEFEND: "defends",
            Decl.EXCHANGE: "exchanged",
        }
        status = words[decl]
        if s in game.players and game.phase in (Phase.PLAY, Phase.COMPLETE):
            status += f", {game.won[s]} trick{'s' * (game.won[s] != 1)}"
        if decl is Decl.THROW:
            return status, f"(dealt {_cards(game.dealt[s], ascii)})"
        cards = _cards(game.hands[s], ascii) if game.hands[s] or decl is not Decl.NONE else "-"
        if decl in (Decl.MISS, Decl.DEFEND):
            cards += f"   (own cards to the pack: {_cards(game.dealt[s], ascii)})"
        if s in game.exchanged:  # LOO5-2
            out, drawn = game.exchanged[s]
            cards += f"   (put out {_cards(out, ascii)}, drew {_cards(drawn, ascii)})"
        return status, cards
    if s not in game.order:
        return "sits out", ""
    said = [c for seat, c in game.calls if seat == s]
    status = ""
    if said:
        status = "pass" if said[-1] == "pass" else f"call {said[-1]}"
    if s in game.bought:
        status = (status + ", " if status else "") + f"bought {len(game.bought[s])}"
    if game.declarer == s:
        status = f"{game.contract}: {game.won} won, {game.lost} lost"
    return status, _cards(game.hands[s], ascii)


def _heaps(game: LooDeal | NapDeal, ascii: bool) -> list[str]:
    if isinstance(game, LooDeal):
        if not game.miss:
            return []
        if game.miss_holder is not None:
            return [f"  miss: taken by {game.seats[game.miss_holder]}"]
        return [f"  miss: {_cards(game.miss, ascii)}"]
    out = []
    if game.widow is not None:
        out.append(f"  widow: {card_text(game.widow, ascii)}")
    if game.spare:
        out.append(f"  spare hand: {_cards(game.spare, ascii)}")
    if game.stock:
        top: Card = game.stock[0]
        out.append(f"  stock: {len(game.stock)} cards, top card {card_text(top, ascii)}")
    if game.trump is not None:
        out.append(f"  trumps: {_suit(game.trump, ascii)}")
    return out


def _summary(game: LooDeal | NapDeal) -> str:
    net = ", ".join(f"{name} {game.net[i]:+d}" for i, name in enumerate(game.seats))
    if isinstance(game, LooDeal):
        if not game.is_complete:
            assert game.to_act is not None
            return f"Pool: {game.pool}. To act: {game.seats[game.to_act]}."
        parts = ["Complete."]
        if game.flush_winners:  # LOO5-6/7
            who = " and ".join(game.seats[s] for s in game.flush_winners)
            parts.append(f"{who} {'share' if len(game.flush_winners) > 1 else 'takes'} the pool with a flush.")
        elif game.winner_without_play is not None:
            parts.append(f"{game.seats[game.winner_without_play]} takes the pool.")
        if game.looed:
            parts.append("Looed: " + ", ".join(game.seats[s] for s in game.looed) + ".")
        parts.append(f"Net: {net}. Next pool {game.pool_total}.")
        return " ".join(parts)
    if not game.is_complete:
        assert game.to_act is not None
        return f"Kitty: {game.kitty}. To act: {game.seats[game.to_act]}."
    if game.declarer is None:
        result = "All passed."
    else:
        result = f"{game.seats[game.declarer]} {'made' if game.made else 'lost'} {game.contract}."
    return f"Complete. {result} Net: {net}. Kitty {game.kitty}."


# -- stepping --------------------------------------------------------------------------------------


def run(deals: list[ReplayDeal], infile: TextIO, outfile: TextIO, *, every: bool = False, ascii: bool = False) -> int:
    """Step through ``deals`` as commands on ``infile`` ask (or print them all with ``every``); returns 0."""
    if every:
        for d in deals:
            for frame in d.frames(ascii):
                outfile.write(frame + "\n\n")
        return 0
    echo = not _isatty(infile)
    outfile.write(f"{len(deals)} deal{'s' * (len(deals) != 1)} to replay. Type ? for help.\n\n")
    at_deal, at = 0, 0
    outfile.write(deals[0].frames(ascii)[0] + "\n")
    while True:
        outfile.write("replay> ")
        outfile.flush()
        line = infile.readline()
        if not line:
            outfile.write("\n")
            return 0
        text = line.strip()
        if echo:
            outfile.write(text + "\n")
        words = text.lower().split()
        head = words[0] if words else "n"
        frames = deals[at_deal].frames(ascii)
        if head in ("q", "quit") and len(words) <= 1:
            return 0
        if head in ("?", "h", "help"):
            outfile.write("\n".join(HELP) + "\n")
            continue
        if head in ("n", "next") and len(words) <= 1:
            if at + 1 < len(frames):
                at += 1
            elif at_deal + 1 < len(deals):
                at_deal, at = at_deal + 1, 0
            else:
                outfile.write("! this is the last position (p back, q quit)\n")
                continue
        elif head in ("p", "b", "back", "prev") and len(words) <= 1:
            if at > 0:
                at -= 1
            elif at_deal > 0:
                at_deal -= 1
                at = len(deals[at_deal].frames(ascii)) - 1
            else:
                outfile.write("! this is the first position (n next, q quit)\n")
                continue
        elif head in ("s", "d") and len(words) == 2 and words[1].isdigit():
            n = int(words[1])
            if head == "s":
                if n >= len(frames):
                    outfile.write(f"! deal {at_deal + 1} has positions 0 to {len(frames) - 1}\n")
                    continue
                at = n
            else:
                if not 1 <= n <= len(deals):
                    outfile.write(f"! there are deals 1 to {len(deals)}\n")
                    continue
                at_deal, at = n - 1, 0
        else:
            outfile.write(f"! {text!r}: not a command (? for help)\n")
            continue
        outfile.write("\n" + deals[at_deal].frames(ascii)[at] + "\n")


def run_file(path: str, infile: TextIO, outfile: TextIO, *, every: bool = False, ascii: bool = False) -> int:
    """``roundgames replay FILE``: load ``path`` and step through it."""
    return run(load_file(path), infile, outfile, every=every, ascii=ascii)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
