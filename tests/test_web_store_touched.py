"""The SQLite store writes an event in one statement: the table's last-touched time (``tables.touched``) goes with an
event only where it was last written more than TOUCH_SECONDS before, so that it is never staler than that; every
event is stored and read back as it was given, and a number written twice is still refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from roundgames.web.store import TOUCH_SECONDS, SeqTaken, SqliteStore


class Clock:
    def __init__(self) -> None:
        self.at = 1000.0

    def now(self) -> float:
        return self.at


def test_events_are_all_stored_and_the_touched_time_is_never_staler_than_touch_seconds(tmp_path: Path) -> None:
    clock = Clock()
    store = SqliteStore(str(tmp_path / "t.sqlite3"), now=clock.now)
    try:
        created = store.create("t", {"game": "loo"})
        written = []
        for seq in range(1, 401):  # an event every second for over six minutes
            clock.at += 1.0
            data = {"seat": seq % 5, "text": "play 10h", "bot": True}
            assert store.append("t", seq, "act", data) == clock.at
            written.append((seq, "act", data, clock.at))
            [(table_id, _, made, touched)] = list(store.tables())
            assert (table_id, made) == ("t", created)
            assert clock.at - TOUCH_SECONDS < touched <= clock.at
        assert [(e.seq, e.kind, e.data, e.ts) for e in store.events("t")] == written
        with pytest.raises(SeqTaken, match="table t: event 400: written already"):
            store.append("t", 400, "act", {"seat": 0, "text": "play 10h", "bot": True})
        assert len(store.events("t")) == 400
    finally:
        store.close()


def test_a_table_forgotten_and_made_again_has_its_touched_time_written_anew(tmp_path: Path) -> None:
    clock = Clock()
    store = SqliteStore(str(tmp_path / "t.sqlite3"), now=clock.now)
    try:
        store.create("t", {"game": "nap"})
        store.append("t", 1, "chat", {"seat": None, "text": "hello"})
        store.delete("t")
        clock.at += 5.0
        store.create("t", {"game": "nap"})
        clock.at += 1.0
        store.append("t", 1, "chat", {"seat": None, "text": "again"})
        [(_, _, made, touched)] = list(store.tables())
        assert made == clock.at - 1.0 and touched == clock.at
        assert [e.data["text"] for e in store.events("t")] == ["again"]
    finally:
        store.close()
