"""The simulator's progress bar on standard error: deals done, deals per second and time left (rich, from the
``[sim]`` extra). It is shown only on a terminal; elsewhere (a pipe, a log file, ``--quiet``) it prints nothing."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

__all__ = ["DealsProgress"]


class DealsProgress:
    """A context manager showing ``total`` deals' progress, ``done`` of them done before it starts; :meth:`advance`
    as each chunk finishes."""

    def __init__(self, total: int, done: int = 0, *, show: bool = True, title: str = "deals") -> None:
        self.show = show and sys.stderr.isatty()
        self._progress: Any = None
        self._task: Any = None
        self.total, self.done, self.title = total, done, title

    def __enter__(self) -> DealsProgress:
        if not self.show:
            return self
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._progress = Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._progress.__enter__()
        self._task = self._progress.add_task(self.title, total=self.total, completed=self.done, rate="")
        return self

    def advance(self, deals: int) -> None:
        """``deals`` more are done."""
        self.done += deals
        if self._progress is not None:
            self._progress.update(self._task, advance=deals)
            # rich's speed is its estimate over the last updates: this run's pace, not counting what it resumed
            speed = self._progress.tasks[0].speed
            self._progress.update(self._task, rate=f"{speed:,.0f} deals/s" if speed else "")

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._progress is not None:
            self._progress.__exit__(kind, error, trace)
