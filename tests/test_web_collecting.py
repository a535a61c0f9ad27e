"""The server's garbage collection (web/collecting.py): what lives when it starts, and every few seconds after, is
frozen out of Python's collections; a cycle that was frozen is freed at the next thaw, never kept for good."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from roundgames.web import collecting
from roundgames.web.collecting import Collecting


class Node:
    """Something that refers to itself: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    yield
    gc.unfreeze()  # the rest of this process's tests collect as usual


def test_a_cycle_frozen_at_the_start_waits_for_the_thaw_and_is_freed_then(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collecting, "FREEZE_SECONDS", 0.02)
    monkeypatch.setattr(collecting, "THAW_SECONDS", 0.1)

    async def run() -> tuple[bool, bool, int]:
        node = Node()
        gone = weakref.ref(node)
        keeper = Collecting()
        keeper.start()
        frozen = gc.get_freeze_count()
        del node
        gc.collect()
        kept = gone() is not None  # frozen: no collection looks at it
        for _ in range(100):  # the thaw, some 0.1 s on
            await asyncio.sleep(0.02)
            if gone() is None:
                break
        keeper.stop()
        return kept, gone() is None, frozen

    kept, freed, frozen = asyncio.run(run())
    assert frozen > 0
    assert kept
    assert freed


def test_what_is_made_after_the_start_is_frozen_at_the_next_tick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collecting, "FREEZE_SECONDS", 0.02)

    async def run() -> tuple[int, int]:
        keeper = Collecting()
        keeper.start()
        gc.unfreeze()  # as if nothing had been frozen at the start
        made = [Node() for _ in range(1000)]
        before = gc.get_freeze_count()
        await asyncio.sleep(0.1)
        after = gc.get_freeze_count()
        keeper.stop()
        del made
        return before, after

    before, after = asyncio.run(run())
    assert before == 0
    assert after >= 1000


def test_a_stopped_keeper_freezes_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collecting, "FREEZE_SECONDS", 0.02)

    async def run() -> int:
        keeper = Collecting()
        keeper.start()
        keeper.stop()
        gc.unfreeze()
        await asyncio.sleep(0.1)
        return gc.get_freeze_count()

    assert asyncio.run(run()) == 0
