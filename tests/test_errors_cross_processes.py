"""Errors that cross a process boundary: the web server's bots, reviews and hints run in worker processes
(roundgames.web.thinking), and what a worker raises comes back pickled.

- every error class of the package pickles and unpickles to an equal error (class, message, attributes);
- a hint that fails in a real worker pool comes back as its own error and breaks no other job in the pool;
- a hint that cannot be worked out is answered "no hint for this position", naming why (``no_hint``).
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import logging
import pickle
import pkgutil
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import roundgames
from roundgames import NapRules
from roundgames.bots import worlds
from roundgames.core.errors import IllegalActionError, RecordError, RoundgamesError
from roundgames.nap import NapDeal
from roundgames.records.deal import record_of
from roundgames.session.analysis import Hint, Job
from roundgames.web.coach import Coach
from roundgames.web.room import RoomError
from roundgames.web.thinking import InlineThinker, PoolThinker
from test_web_coach import _room, _run, _to_my_turn


def _every_module() -> None:
    """Import every module of the package, so that every error class is defined."""
    for found in pkgutil.walk_packages(roundgames.__path__, "roundgames."):
        if not found.name.endswith("__main__"):  # the command line itself
            importlib.import_module(found.name)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _instance(cls: type[RoundgamesError]) -> RoundgamesError:
    """An error of ``cls`` made through its own constructor, every parameter given a value of its own."""
    kwargs: dict[str, Any] = {}
    args: list[Any] = []
    try:
        parameters = inspect.signature(cls).parameters
    except ValueError:  # the constructor of ValueError itself: a message
        return cls(f"{cls.__name__}: a message")
    for name, p in parameters.items():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        value: Any = [{name: f"{name} given"}] if "list" in str(p.annotation) else f"{name} given"
        if p.kind is p.KEYWORD_ONLY:
            kwargs[name] = value
        else:
            args.append(value)
    return cls(*args, **kwargs)


def _same(a: BaseException, b: BaseException) -> bool:
    return type(a) is type(b) and a.args == b.args and str(a) == str(b) and vars(a) == vars(b)


def test_every_error_class_pickles_to_an_equal_error() -> None:
    _every_module()
    classes = [RoundgamesError, *_subclasses(RoundgamesError)]
    names = {c.__name__ for c in classes}
    assert {"IllegalActionError", "RecordError", "RoomError", "ProtocolError", "StoreError"} <= names
    for cls in classes:
        error = _instance(cls)
        back = pickle.loads(pickle.dumps(error))
        assert _same(error, back), cls
    error = worlds.ResampleError("no deal consistent with what P1 has seen")
    assert _same(error, pickle.loads(pickle.dumps(error)))


def test_a_rule_broken_keeps_its_rule_and_reason_across_pickling() -> None:
    error = IllegalActionError("P2 cannot play 4S: must follow suit in hearts", "LOO-PLAY-4")
    back = pickle.loads(pickle.dumps(error))
    assert (back.rule, back.reason, str(back)) == (error.rule, error.reason, str(error))
    assert isinstance(back, IllegalActionError)


def _jobs() -> tuple[Job, Job]:
    """A hint job that can be worked out, and one for a seat whose turn it is not (refused: RecordError)."""
    deal = NapDeal(NapRules.preset("peel"), 3)
    deal.deal(random.Random(7))
    record = record_of(deal)
    other = (deal.to_act + 1) % deal.n
    return Job(record, (deal.to_act,), 1, 0, hint_for=deal.to_act), Job(record, (other,), 1, 0, hint_for=other)


def test_a_failing_hint_in_a_real_pool_breaks_no_other_job(caplog: pytest.LogCaptureFixture) -> None:
    good, bad = _jobs()

    async def main() -> list[Any]:
        thinker = PoolThinker(workers=1)
        thinker.open()
        try:
            asked = [thinker.analyse(good), thinker.analyse(bad), thinker.analyse(good), thinker.analyse(good)]
            return await asyncio.gather(*asked, return_exceptions=True)
        finally:
            await thinker.close()

    with caplog.at_level(logging.WARNING, logger="roundgames.web"):
        answers = asyncio.run(main())
    assert isinstance(answers[1], RecordError) and answers[1].field == "hint"
    assert "it is not" in str(answers[1])
    assert all(isinstance(a, Hint) and a.options for a in (answers[0], *answers[2:]))
    assert "worker died" not in caplog.text  # the pool was never broken, so never made again


def test_a_hint_that_cannot_be_worked_out_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No world can be drawn (none is tried here): the person is told there is no hint for this position, and
    why; the table goes on."""
    monkeypatch.setattr(worlds, "MAX_ATTEMPTS", 0)

    async def main() -> None:
        thinker = InlineThinker()
        room, clock, store, _ann = await _room(tmp_path, thinker, hints=True)  # type: ignore[arg-type]
        try:
            await _to_my_turn(room, clock)
            with pytest.raises(RoomError) as info:
                await Coach(thinker).hint(room, 0)
            assert info.value.code == "no_hint"
            assert info.value.message.startswith("no hint for this position: no deal consistent with what")
            assert room.table.deal is not None and room.table.deal.to_act == 0  # nothing else changed
        finally:
            await room.stop()
            store.close()

    _run(main())
