"""What ``roundgames serve`` serves (:func:`roundgames.web.serve.server_config`, which the tests in this process
serve too): the pace and limits its environment gives (:class:`~roundgames.web.serve.Tuning`, docs/web.md "Limits"),
and uvicorn's settings for the application. The command itself, started as users start it, is tested in
tests/web/test_server.py and tests/web/test_bounds.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from roundgames.core.errors import RoundgamesError
from roundgames.web.app import CREATE_LIMIT_ENV
from roundgames.web.deadline import CONNECTIONS_ENV, REQUEST_ENV, DeadlineProtocol
from roundgames.web.limits import SOCKETS_ENV
from roundgames.web.protocol import MAX_MESSAGE
from roundgames.web.serve import LIMIT_CONCURRENCY, Tuning, server_config
from roundgames.web.timing import TRICK_PAUSE_ENV

VARIABLES = (TRICK_PAUSE_ENV, CREATE_LIMIT_ENV, SOCKETS_ENV, REQUEST_ENV, CONNECTIONS_ENV)


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """An environment without any of the server's variables."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_an_environment_without_the_variables_gives_the_default_tuning(bare: pytest.MonkeyPatch) -> None:
    tuning = Tuning.from_env()
    assert tuning == Tuning()
    assert (tuning.trick_pause, tuning.create_limit, tuning.sockets) == (1.5, 10, 20)
    assert (tuning.request_seconds, tuning.connections) == (10.0, 50)


def test_each_variable_sets_its_part_of_the_tuning(bare: pytest.MonkeyPatch) -> None:
    for name, value in zip(VARIABLES, ("0.25", "0", "3", "2.5", "7"), strict=True):
        bare.setenv(name, value)
    assert Tuning.from_env() == Tuning(trick_pause=0.25, create_limit=0, sockets=3, request_seconds=2.5, connections=7)


def test_the_connections_per_address_follow_a_higher_websocket_limit(bare: pytest.MonkeyPatch) -> None:
    """Unless set, an address may hold 30 connections more than its websockets, and at least 50; none are
    limited where the websockets are not."""
    bare.setenv(SOCKETS_ENV, "40")
    assert Tuning.from_env().connections == 70
    bare.setenv(SOCKETS_ENV, "0")
    assert Tuning.from_env().connections == 0


@pytest.mark.parametrize(
    ("variable", "value"), [(CREATE_LIMIT_ENV, "ten"), (CREATE_LIMIT_ENV, "-1"), (TRICK_PAUSE_ENV, "-0.5")]
)
def test_a_bad_value_is_refused_naming_the_variable_and_the_value(
    bare: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    bare.setenv(variable, value)
    with pytest.raises(RoundgamesError, match=f"{variable}={value}"):
        Tuning.from_env()


def test_the_config_serves_the_application_with_the_tuning_and_the_limits(tmp_path: Path) -> None:
    tuning = Tuning(trick_pause=0.0, create_limit=4, sockets=6, request_seconds=3.0, connections=40)
    config = server_config(
        "127.0.0.1",
        8123,
        str(tmp_path / "web.sqlite3"),
        idle_hours=2,
        away_seconds=12,
        deal_pause=0.5,
        quiet=True,
        tuning=tuning,
    )
    assert (config.host, config.port, config.lifespan, config.log_level) == ("127.0.0.1", 8123, "on", "warning")
    assert config.limit_concurrency == LIMIT_CONCURRENCY
    assert config.ws_max_size == MAX_MESSAGE * 4
    assert isinstance(config.http, type) and issubclass(config.http, DeadlineProtocol)
    assert (config.http.seconds, config.http.most, config.http.open) == (3.0, 40, {})
    state = config.app.state
    server = state.server
    assert (server.timing.away_seconds, server.timing.deal_pause, server.timing.trick_pause) == (12, 0.5, 0.0)
    assert server.idle_seconds == 2 * 3600 and server.db == str(tmp_path / "web.sqlite3")
    assert state.create_limit.per_minute == 4 and state.limits.sockets.most == 6
