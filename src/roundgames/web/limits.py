"""The web table's limits (docs/web.md, "Limits"): what one client, one address or one table may cost the server.

Each limit here holds whatever the client does: reconnecting, opening more connections or guessing table ids
resets none of them, since they are counted per address or per seat, never per connection. A normal player never
meets one: the numbers are far above what a person at a table does.

- chat: a burst of :data:`CHAT_BURST` lines, then one a second, per seat of a table (a person, however many
  devices he is connected from) or per address (the spectators);
- lookups: an address that asks for :data:`LOOKUP_BURST` tables that do not exist is answered 429 for a while
  (a table's id is its only key: guessing them is made slow as well as hopeless);
- websockets: at most :data:`SOCKETS_PER_ADDRESS` at once from one address;
- snapshots: the hellos one address has answered (a connection's first among them) come from one allowance of
  :data:`HELLO_BURST`, then :data:`HELLOS_PER_SECOND` a second, so that reconnecting resets nothing (each
  connection's own where the websockets per address are not limited);
- tables: one address keeps at most :data:`TABLES_PER_ADDRESS` of the tables it created at once;
- a table's log: the game's recent past and, apart from it, its recent chat, so that talk never pushes the game
  out of what a (re)connecting client is sent;
- tables no person ever connected to (or a table of bots nobody watches) are forgotten after :data:`UNSAT_SECONDS`.

An address is counted by :func:`address_key`: an IPv6 address by its /64, the block one subscriber is given.
"""

from __future__ import annotations

import ipaddress
import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .seating import LogEntry, SeatInfo
    from .store import Event

__all__ = [
    "CHAT_BURST",
    "HELLOS_PER_SECOND",
    "HELLO_BURST",
    "KEEP_CHAT",
    "LOOKUP_BURST",
    "SNAPSHOT_CHAT",
    "SOCKETS_ENV",
    "SOCKETS_PER_ADDRESS",
    "TABLES_PER_ADDRESS",
    "UNSAT_SECONDS",
    "Buckets",
    "Limits",
    "SocketCount",
    "address_key",
    "forgotten_at",
    "room_comes_back",
    "snapshot_log",
    "trim_log",
    "without_old_chat",
]

#: chat: a burst of this many lines, then one a second, per seat (or per address for spectators)
CHAT_BURST = 5
#: the chat lines a table keeps in memory after its log is trimmed, and replays from the store at a restart
KEEP_CHAT = 100
#: the chat lines a snapshot carries, besides the game's log
SNAPSHOT_CHAT = 50
#: lookups of tables that do not exist an address may make in a burst; then one every :data:`LOOKUP_SECONDS`
LOOKUP_BURST = 20
LOOKUP_SECONDS = 3.0
#: websockets one address may hold at once (a family's devices, several tabs, a few tables: far below it)
SOCKETS_PER_ADDRESS = 20
#: the environment variable that sets :data:`SOCKETS_PER_ADDRESS` for ``roundgames serve`` (0: no limit; the
#: benchmark's hundreds of watchers all come from one address)
SOCKETS_ENV = "ROUNDGAMES_SOCKETS_PER_ADDRESS"
#: hellos (each answered with what was missed or a snapshot) one address has answered at once in a burst, then
#: :data:`HELLOS_PER_SECOND` a second; those that come faster on one connection are answered together, once, when
#: the address's allowance does
HELLO_BURST = 20
HELLOS_PER_SECOND = 4.0
#: the tables an address may keep at once among those it created (they go when played out, or unjoined)
TABLES_PER_ADDRESS = 20
#: seconds an unwatched table no person ever connected to (or that is all bots) is kept after its last event
UNSAT_SECONDS = 600.0
#: how many keys a table of buckets holds before the full ones are forgotten
_MOST_KEYS = 10_000


def address_key(host: str) -> str:
    """What the per-address limits count ``host`` as: itself, or for an IPv6 address its /64 (one subscriber's
    block: changing the last 64 bits changes nothing)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if ip.version == 6 and getattr(ip, "ipv4_mapped", None) is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped) if mapped is not None else str(ip)


class Buckets:
    """Token buckets by key: a burst of ``burst`` takes, then ``per_second`` more a second."""

    def __init__(self, burst: int, per_second: float, now: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self.now = now
        self._buckets: dict[str, tuple[float, float]] = {}  # key: (tokens, when counted)

    def _tokens(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - then) * self.per_second)

    def take(self, key: str) -> bool:
        """Take one from ``key``'s bucket; whether there was one (none taken when empty)."""
        now = self.now()
        if len(self._buckets) > _MOST_KEYS:  # forget the keys whose buckets are full again
            self._buckets = {k: b for k, b in self._buckets.items() if self._tokens(k, now) < self.burst}
        tokens = self._tokens(key, now)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        return True

    def empty(self, key: str) -> bool:
        """Whether ``key``'s bucket has nothing to take now (takes nothing)."""
        return self._tokens(key, self.now()) < 1

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may take one (0: now)."""
        tokens = self._tokens(key, self.now())
        return 0.0 if tokens >= 1 else (1 - tokens) / self.per_second


class SocketCount:
    """The websockets each address holds, up to ``most`` at once (0: no limit)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.held: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count one more connection of ``address``; False (counting nothing) when it holds its most."""
        held = self.held.get(address, 0)
        if self.most and held >= self.most:
            return False
        self.held[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        held = self.held.get(address, 0) - 1
        if held > 0:
            self.held[address] = held
        else:
            self.held.pop(address, None)


class Limits:
    """The limits of one server's clients: chat per seat or address, lookups of missing tables and websockets per
    address."""

    def __init__(self, sockets_per_address: int = SOCKETS_PER_ADDRESS, now: Callable[[], float] = time.monotonic):
        self.chat = Buckets(CHAT_BURST, 1.0, now)
        self.lookups = Buckets(LOOKUP_BURST, 1 / LOOKUP_SECONDS, now)
        self.sockets = SocketCount(sockets_per_address)
        self.hellos = Buckets(HELLO_BURST, HELLOS_PER_SECOND, now)

    @staticmethod
    def sockets_from_env() -> int:
        """:data:`SOCKETS_PER_ADDRESS`, or what :data:`SOCKETS_ENV` says; raises ValueError for a bad value."""
        raw = os.environ.get(SOCKETS_ENV, "").strip()
        if raw and not raw.isdigit():
            raise ValueError(f"{SOCKETS_ENV}={raw}: websockets per address, a whole number (0: no limit)")
        return int(raw) if raw else SOCKETS_PER_ADDRESS

    def hello_key(self, address: str, connection: object) -> str:
        """Whose allowance of answered hellos a connection's come from: its address's, or, where the websockets per
        address are not limited (a benchmark's clients all on one address), the connection's own."""
        return address if self.sockets.most else f"#{id(connection)}"

    def may_chat(self, table_id: str, seat: int | None, address: str) -> bool:
        """Whether a chat line may be said now, taking it from the seat's allowance (or the address's)."""
        return self.chat.take(f"{table_id}#{seat}" if seat is not None else f"@{address}")

    def lookup_refused(self, address: str) -> str | None:
        """Why ``address`` may not look tables up now (it asked for too many that do not exist), or None."""
        if not self.lookups.empty(address):
            return None
        seconds = max(1, round(self.lookups.wait(address)))
        return (
            f"too many lookups of tables that do not exist from your address (at most {LOOKUP_BURST}, then one "
            f"every {LOOKUP_SECONDS:g} s); try again in {seconds} s"
        )

    def missed(self, address: str) -> None:
        """``address`` asked for a table that does not exist."""
        self.lookups.take(address)


# -- tables nobody sat at ----------------------------------------------------------------------------------------


class Idle(Protocol):
    """What the forgetting of an idle table reads of it (a :class:`~roundgames.web.room.Room`, which sits above)."""

    @property
    def conns(self) -> set[Any]: ...
    @property
    def first_person_at(self) -> float | None: ...
    @property
    def seats(self) -> list[SeatInfo]: ...
    @property
    def touched(self) -> float: ...


def forgotten_at(room: Idle, idle_seconds: float) -> float | None:
    """When ``room`` is forgotten if nothing happens at it meanwhile: ``idle_seconds`` after its last event, or
    :data:`UNSAT_SECONDS` (if sooner) at a table where no person sits or none ever connected (a seat taken by a
    POST alone keeps nothing; a table of bots); None while somebody is connected to it."""
    if room.conns:
        return None
    sat = room.first_person_at is not None and any(s.kind == "person" for s in room.seats)
    return room.touched + (idle_seconds if sat else min(idle_seconds, UNSAT_SECONDS))


def room_comes_back(rooms: Iterable[Idle], idle_seconds: float, now: float) -> str:
    """When a server that holds its most tables has room again, in words."""
    times = [at for room in rooms if (at := forgotten_at(room, idle_seconds)) is not None]
    if not times:
        return "room comes back when the people at a table leave it"
    minutes = max(1, round((min(times) - now) / 60) + 1)  # the sweep runs at least once a minute
    return f"room comes back in about {minutes} minute{'s' if minutes > 1 else ''}"


# -- the log: the game and the chat bounded apart ------------------------------------------------------------


def _last(log: Sequence[LogEntry], n: int, chat: bool) -> set[int]:
    """The ids of the last ``n`` chat lines of ``log`` (``chat``), or of its last ``n`` other entries."""
    out: set[int] = set()
    for e in reversed(log):
        if len(out) >= n:
            break
        if (e.kind == "chat") == chat:
            out.add(id(e))
    return out


def snapshot_log(log: Sequence[LogEntry], game: int) -> list[LogEntry]:
    """What a snapshot carries of the log: its last ``game`` entries of the game and, apart, its last
    :data:`SNAPSHOT_CHAT` chat lines, in order."""
    kept = _last(log, game, False) | _last(log, SNAPSHOT_CHAT, True)
    return [e for e in log if id(e) in kept]


def trim_log(log: list[LogEntry], game: int) -> None:
    """Keep the last ``game`` entries of the game and the last :data:`KEEP_CHAT` chat lines of ``log``."""
    kept = _last(log, game, False) | _last(log, KEEP_CHAT, True)
    log[:] = [e for e in log if id(e) in kept]


def without_old_chat(events: list[Event]) -> list[Event]:
    """A table's stored events but for the chat before its last :data:`KEEP_CHAT` lines (never replayed into
    memory: only the recent chat is shown)."""
    chats = sum(1 for ev in events if ev.kind == "chat")
    if chats <= KEEP_CHAT:
        return events
    skip = chats - KEEP_CHAT
    out = []
    for ev in events:
        if ev.kind == "chat" and skip > 0:
            skip -= 1
            continue
        out.append(ev)
    return out
