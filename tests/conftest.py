"""Helpers every engine test shares: apply actions by their record text, list the legal ones, expect a refusal,
play a deal out, check that money is conserved. Test modules import them (``from conftest import act``).

They work on any deal of either game through the game protocol (``parse_action``, ``apply``, ``legal_actions``,
``can``, ``action_str``, ``net``, ``ledger``), so one copy serves Loo and Nap.

The fixtures ``postgres`` (a real PostgreSQL server for the session, tests/pgserver.py) and ``pg_url`` (a fresh
database of it for one test) serve the store tests on PostgreSQL.

For the computed strategies: :func:`bidding` plays a deal's declarations or calls and shows each turn with a
choice, :func:`refused` checks a command's one-line refusal, and the fixture ``nap_strategy`` is a Nap strategy
file made once for the whole run (every test worker reads the one file) by ``roundgames strategy`` at a trial's
size.
"""

from __future__ import annotations

import fcntl
import gc
import json
import os
import random
import shlex
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from cli_run import Run, run_cli
from docs_build import build_site, fresh_site
from pgserver import PgServer, why_no_postgres
from roundgames import IllegalActionError
from roundgames.games.protocol import Stage

__all__ = [
    "Built",
    "act",
    "bidding",
    "conserved",
    "expect_illegal",
    "illegal_text",
    "legal",
    "play_out",
    "refused",
]


def pytest_configure(config: pytest.Config) -> None:
    """Give this process Python's own Ctrl-C handler where SIGINT came ignored. A shell without job control starts
    a background command (``make test &``) with SIGINT ignored, and a process started so keeps ignoring it, as do
    the commands a test starts: the tests of Ctrl-C (a study, a simulation, a cluster) would then wait for a stop
    that never comes. A terminal's Ctrl-C reaches a foreground process with the default handler, as here."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


#: the modules whose tests take longest on the clock (processes started, killed and taken over; studies, simulations
#: and benchmarks in processes of their own): run first, each worker beginning with its share of them, so that no
#: worker is left alone with one of them at the end of the run while the others have nothing left to take
LONG_FIRST = (
    "tests/test_bench_vector.py",
    "tests/test_sim_studies.py",
    "tests/test_docs_examples.py",
    "tests/test_exploit.py",
    "tests/test_sim_run.py",
    "tests/test_cli_simulate.py",
    "tests/test_train.py",
    "tests/test_web_start_race.py",
    "tests/web/test_postgres_servers.py",
    "tests/web/test_owned_tables.py",
    "tests/web/test_proxy_routing.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Lay the tests out in as many equal runs as there are workers (pytest-xdist hands each worker one such run of
    the list at the start, and a worker that runs out takes the end of another's), each run beginning with its share
    of :data:`LONG_FIRST`'s tests; the order is the same in every worker, as xdist requires."""
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    long = [it for it in items if it.nodeid.split("::")[0] in LONG_FIRST]
    rest = [it for it in items if it.nodeid.split("::")[0] not in LONG_FIRST]
    size = -(-len(items) // workers)  # each worker's run, as xdist cuts it (give or take one)
    laid: list[pytest.Item] = []
    for w in range(workers):
        mine = long[w::workers]
        take = max(0, min(size, len(items) - len(laid)) - len(mine))
        laid += mine + rest[:take]
        del rest[:take]
    items[:] = laid + rest


def pytest_collection_finish(session: pytest.Session) -> None:
    """Keep the collector off the objects every test shares, and let it run less often: the modules, rules and
    tables loaded by the collection never become garbage, yet each full collection walked them all again (about 3% of
    the CPU of a test that plays many deals). The commands and servers a test starts keep Python's settings."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def act(deal: Any, *texts: str | Iterable[str]) -> None:
    """Apply each action string (``"P3 play AS"``), checked; a list of strings may be given as one argument."""
    for item in texts:
        for text in [item] if isinstance(item, str) else item:
            deal.apply(deal.parse_action(text))


def legal(deal: Any) -> set[str]:
    """The legal actions of the seat to act, as a record writes them; each one accepted by ``can``."""
    acts = deal.legal_actions()
    assert all(deal.can(a) for a in acts)
    return {deal.action_str(a) for a in acts}


def conserved(deal: Any, start: int | None = None) -> bool:
    """§14.1: a deal's payments plus the change in the pool (or kitty) sum to zero. ``start``: the pool the deal
    began with (by default the ledger's)."""
    begin = deal.ledger.start if start is None else start
    return bool(sum(deal.net) + deal.ledger.total - begin == 0)


def expect_illegal(rule: str, fn: Callable[..., object], *args: object, mentions: tuple[str, ...] = ()) -> str:
    """Call ``fn(*args)``, expecting an IllegalActionError citing ``rule`` whose message names ``mentions``; returns
    the message."""
    with pytest.raises(IllegalActionError) as info:
        fn(*args)
    err = info.value
    assert err.rule == rule and rule in str(err), str(err)
    for word in mentions:
        assert word in str(err), f"{word!r} not in {str(err)!r}"
    return str(err)


def illegal_text(deal: Any, text: str, rule: str) -> str:
    """The action string is refused citing ``rule``, and the deal is unchanged; returns the message."""
    before = (deal.log[:], deal.hands[:], deal.to_act, deal.phase, deal.net)
    message = expect_illegal(rule, deal.apply, deal.parse_action(text))
    assert (deal.log, deal.hands, deal.to_act, deal.phase, deal.net) == before
    return message


def play_out(deal: Any, rng: random.Random, *, avoid: tuple[str, ...] = ()) -> Any:
    """Finish a deal with random legal actions, avoiding the named verbs where there is a choice; returns it."""
    while not deal.is_complete:
        acts = deal.legal_actions()
        assert acts, "a legal action always exists until the end"
        preferred = [a for a in acts if a.verb not in avoid] or acts
        deal.apply(rng.choice(preferred))
    return deal


def bidding(deal: Any, bots: Mapping[int, Any]) -> Iterator[tuple[Any, Any]]:
    """Play ``deal``'s declarations (Loo) or calls (Nap) with ``bots``, each checked by the engine, and give each
    turn with a choice as (the seat's view, its bot's action) before the action is applied. It stops when the
    play begins or the deal ends."""
    while not deal.is_complete and deal.stage is Stage.BID:
        seat = deal.to_act
        view = deal.view(seat)
        action = bots[seat].choose(view)
        if len(view.legal) > 1:
            yield view, action
        deal.apply(action)


def refused(got: Run, command: str, *mentions: str) -> None:
    """``roundgames COMMAND`` refused its input as a user's mistake is: exit status 2, nothing on standard output,
    one line on standard error, ``roundgames COMMAND: error: ...``, naming each of ``mentions``."""
    assert got.returncode == 2, (got.stdout, got.stderr)
    assert got.stdout == ""
    assert got.stderr.count("\n") == 1 and "Traceback" not in got.stderr, got.stderr
    assert got.stderr.startswith(f"roundgames {command}: error: "), got.stderr
    for word in mentions:
        assert word in got.stderr, (word, got.stderr)


@dataclass(frozen=True)
class Built:
    """A strategy made by the command: the run, and the file's path."""

    run: Run
    path: Path
    command: str


@contextmanager
def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """A folder of the whole run, which every test worker (pytest-xdist) sees, held by one worker at a time: what
    a session fixture makes there once, the other workers find there."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # each worker's folder sits in the run's
    folder = root / name
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder.mkdir(exist_ok=True)
        yield folder


@pytest.fixture(scope="session")
def nap_strategy(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """``roundgames strategy --game nap`` at a trial's size (one iteration of 2,000 deals, 2,000 to settle, one
    thread), run once for the whole run into a folder of its own: Nap at four, Peel's rules. The first worker to
    need it runs the command; the others read what it wrote and said."""
    with shared_folder(tmp_path_factory, "strategies") as folder:
        args = ["--game", "nap", "--seed", "5", "--out", str(folder), "--iterations", "1", "--deals", "2000"]
        args += ["--final", "2000"]
        said = folder / "run.json"
        if said.exists():
            got = Run(**json.loads(said.read_text(encoding="utf-8")))
        else:
            got = run_cli("strategy", *args, "--workers", "1")
            said.write_text(json.dumps(asdict(got)), encoding="utf-8")
    return Built(got, folder / "nap-4.rgs", shlex.join(["roundgames", "strategy", *args]))


@pytest.fixture(scope="session")
def postgres() -> Iterator[PgServer]:
    """A real PostgreSQL server of Debian's package, in a temporary directory, for the session (tests/pgserver.py);
    skipped, saying why, only where no PostgreSQL is installed nor can be (``scripts/ensure-postgres``)."""
    why = why_no_postgres()
    if why is not None:
        pytest.skip(why)
    with PgServer() as server:
        yield server


@pytest.fixture
def pg_url(postgres: PgServer) -> str:
    """The URL of a fresh, empty database of :func:`postgres`: a test's own."""
    return postgres.new_database()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site built (``mkdocs build --strict``) from this checkout, once for every test that reads
    or serves it: ``make test``'s build in build/site/ while it is fresh (tests/docs_build.py), else one of its own."""
    built = fresh_site()
    if built is not None:
        return built
    folder = tmp_path_factory.mktemp("site")
    done, _ = build_site(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder
