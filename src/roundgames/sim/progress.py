"""The simulator's progress on standard error: a bar of the deals done, drawn again as each chunk finishes, with
this run's true pace in deals a second and the time left at that pace (rich, from the ``[sim]`` extra); and a word
before the kernels are compiled, which a first run spends some 20 s on before its first deal.

The bar is drawn only where rich finds an interactive terminal (its ``TTY_COMPATIBLE=1`` and ``TTY_INTERACTIVE=1``
make any output one); elsewhere (a pipe, a log file, ``--quiet``) it draws nothing. A chunk is played whole, so the
bar moves as chunks finish: on a cluster with as many workers as chunks, they all finish together. Until the
workers are started it says so; the pace is counted from then, the deals played over the seconds they took.

>>> import io
>>> from rich.console import Console
>>> seen = io.StringIO()
>>> console = Console(file=seen, force_terminal=True, force_interactive=True, width=100, color_system=None)
>>> now = iter([0.0, 3.0, 5.0])  # the clock: the bar starts, the workers are ready, the first chunk is done
>>> with DealsProgress(10_000, 4_000, console=console, clock=lambda: next(now), starting="starting 2 workers") as bar:
...     bar.ready()
...     bar.advance(2_000)
>>> bar.done, bar.rate, bar.left, bar.starting_seconds
(6000, 1000.0, 4.0, 3.0)
>>> drawn = seen.getvalue()
>>> "starting 2 workers" in drawn and "6,000 of 10,000 deals" in drawn and "1,000 deals/s, 0:04 left" in drawn
True
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import Any

__all__ = ["DealsProgress", "compile_note"]

#: what the bar says until the first chunk has finished: until then there is no pace to give
_FIRST = "playing the first chunk"


class DealsProgress:
    """A context manager showing ``total`` deals' progress, ``done`` of them done before it starts (a resumed run);
    :meth:`ready` once the chunks begin to be played (``starting`` says what is done until then: starting the
    workers), :meth:`advance` as each chunk finishes. The pace is this run's: the deals it has played over the time
    since they began (``clock``, in seconds), what it resumed left out."""

    def __init__(
        self,
        total: int,
        done: int = 0,
        *,
        show: bool = True,
        title: str = "deals",
        starting: str | None = None,
        console: Any = None,  # a rich Console; standard error's by default
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.total, self.done, self.title = total, done, title
        self._console = console
        self._clock = clock
        self._show = show
        self._starting = starting
        self._progress: Any = None
        self._task: Any = None
        self._entered = self._started = 0.0
        #: the seconds from the bar's start until the chunks began to be played (:meth:`ready`)
        self.starting_seconds = 0.0
        #: the deals played since the bar started
        self.played = 0
        #: deals a second since the bar started, and the seconds left at that pace (None before the first chunk)
        self.rate: float | None = None
        self.left: float | None = None

    def __enter__(self) -> DealsProgress:
        self._entered = self._started = self._clock()
        if not self._show:
            return self
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        console = self._console if self._console is not None else Console(stderr=True)
        if not console.is_interactive:  # a pipe or a file: a bar drawn again and again would only clutter it
            return self
        self._progress = Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            TextColumn("{task.fields[count]}"),
            TextColumn("{task.fields[pace]}"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        )
        self._progress.__enter__()
        self._task = self._progress.add_task(self.title, total=self.total, completed=self.done, **self._fields())
        return self

    def ready(self) -> None:
        """The chunks begin to be played now: the pace is counted from here."""
        self._started = self._clock()
        self.starting_seconds = self._started - self._entered
        self._starting = None
        self._draw()

    def advance(self, deals: int) -> None:
        """``deals`` more are done: the bar is drawn again at once, with the pace so far."""
        self.done += deals
        self.played += deals
        took = self._clock() - self._started
        if took > 0 and self.played:
            self.rate = self.played / took
            self.left = (self.total - self.done) / self.rate
        self._draw()

    def _fields(self) -> dict[str, str]:
        """What the bar says beside it: the deals done, and the pace and the time left (or what is being done)."""
        count = f"{self.done:,} of {self.total:,} {self.title}"
        if self._starting is not None:
            return {"count": count, "pace": self._starting}
        if self.rate is None or self.left is None:
            return {"count": count, "pace": _FIRST}
        return {"count": count, "pace": f"{self.rate:,.0f} {self.title}/s, {_duration(self.left)} left"}

    def _draw(self) -> None:
        if self._progress is not None:
            # refreshed now, not at the bar's next tick: a chunk's end is the only news there is to show
            self._progress.update(self._task, completed=self.done, refresh=True, **self._fields())

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._progress is not None:
            self._progress.__exit__(kind, error, trace)


def _duration(seconds: float) -> str:
    """``0:42``, ``1:02:05``: a time left, to the second."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


@contextlib.contextmanager
def compile_note(say: Callable[[], None]) -> Iterator[Callable[[], bool]]:
    """Within the block, ``say()`` once, as numba starts to compile a function: one not yet in its disk cache (a
    function it loads from there is not compiled). It yields a function telling whether anything was compiled.
    Without numba it never says anything.

    >>> import numba
    >>> said = []
    >>> with compile_note(lambda: said.append("compiling")) as compiled:
    ...     twice = numba.njit(lambda x: 2 * x)
    ...     twice(1) + twice(2)  # compiled for integers once
    6
    >>> said, compiled()
    (['compiling'], True)
    """
    try:
        from numba.core import event
    except ImportError:
        yield lambda: False
        return
    compiled: list[bool] = []

    class _First(event.Listener):
        def on_start(self, ev: Any) -> None:
            if not compiled:
                compiled.append(True)
                say()

        def on_end(self, ev: Any) -> None:
            pass

    with event.install_listener("numba:compile", _First()):
        yield lambda: bool(compiled)
