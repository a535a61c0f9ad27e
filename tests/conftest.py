"""Helpers every engine test shares: apply actions by their record text, list the legal ones, expect a refusal,
play a deal out, check that money is conserved. Test modules import them (``from conftest import act``).

They work on any deal of either game through the game protocol (``parse_action``, ``apply``, ``legal_actions``,
``can``, ``action_str``, ``net``, ``ledger``), so one copy serves Loo and Nap.

The fixtures ``postgres`` (a real PostgreSQL server for the session, tests/pgserver.py) and ``pg_url`` (a fresh
database of it for one test) serve the store tests on PostgreSQL.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from docs_build import build_site
from pgserver import PgServer, why_no_postgres
from roundgames import IllegalActionError

__all__ = ["act", "conserved", "expect_illegal", "illegal_text", "legal", "play_out"]


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
    or serves it."""
    folder = tmp_path_factory.mktemp("site")
    done, _ = build_site(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder
