"""A study's report: a Markdown page with its figures (matplotlib, PNG), written for the documentation site.

:meth:`Report.write` puts the page at ``DIR/NAME.md`` and its figures at ``DIR/NAME/*.png``. Every report has the
same sections, in this order (:data:`SECTIONS`): the advice quoted with its source, the question, the method, the
answer with 95% intervals, the figures showing where the advice holds and where it fails, worked example hands,
rules a person could remember with how often each agrees with the best choice, and the command that made it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ..core.errors import RulesError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["INDEX_INTRO", "SECTIONS", "Advice", "Plot", "Report", "Rule", "new_figure", "table", "write_index"]

#: the headings of every report, in order
SECTIONS: Final = (
    "The advice",
    "The question",
    "Method",
    "Answer",
    "Where the advice holds and where it fails",
    "Worked examples",
    "A rule to remember",
    "The command",
)


@dataclass(frozen=True)
class Advice:
    """A piece of period advice, quoted, with its source."""

    quote: str
    source: str


@dataclass(frozen=True)
class Rule:
    """A rule a person could remember, and how often it makes the best choice (0..1, weighted by how often the
    hands occur): against sensible players, and where it was measured, against the computed strategy."""

    text: str
    agreement: float
    note: str = ""
    strategy: float | None = None


@dataclass
class Plot:
    """A figure of the report: drawn by ``draw`` on a figure :func:`new_figure` made, saved as ``NAME.png``."""

    name: str
    caption: str
    draw: Callable[[Figure], None]


def new_figure(width: float = 8.0, height: float = 4.5) -> Figure:
    """A matplotlib figure on the Agg canvas (no display needed, and nothing global changed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


@dataclass
class Report:
    """A study's report, section by section (Markdown text)."""

    name: str
    title: str
    advice: list[Advice]
    question: str
    method: str
    answer: str
    plots: list[Plot]
    examples: str
    rules: list[Rule]
    command: str
    #: a line for the studies' index: the verdict on each piece of advice
    verdicts: list[str] = field(default_factory=list)
    #: the rules' table's heading of what each rule agrees with, and of its agreement against the strategy
    agrees: tuple[str, str] = ("Agrees with the best choice", "Against the strategy")

    def markdown(self) -> str:
        """The page's text (the figures linked from ``NAME/``)."""
        out = [f"# {self.title}", ""]
        out += [f"## {SECTIONS[0]}", ""]
        for a in self.advice:
            out += [f"> {a.quote}", ">", f"> — {a.source}", ""]
        out += [f"## {SECTIONS[1]}", "", self.question.strip(), ""]
        out += [f"## {SECTIONS[2]}", "", self.method.strip(), ""]
        out += [f"## {SECTIONS[3]}", "", self.answer.strip(), ""]
        if self.verdicts:
            out += ["**Verdicts:**", ""] + [f"- {v}" for v in self.verdicts] + [""]
        out += [f"## {SECTIONS[4]}", ""]
        for plot in self.plots:
            out += [f"![{plot.caption}]({self.name}/{plot.name}.png)", "", f"*{plot.caption}*", ""]
        out += [f"## {SECTIONS[5]}", "", self.examples.strip(), ""]
        out += [f"## {SECTIONS[6]}", ""]
        both = any(r.strategy is not None for r in self.rules)
        rows: list[tuple[str, ...]] = []
        for r in self.rules:
            against = [] if not both else ["" if r.strategy is None else f"{100 * r.strategy:.1f}%"]
            rows.append((r.text, f"{100 * r.agreement:.1f}%", *against, r.note))
        out += [table(("Rule", *self.agrees[: 2 if both else 1], "Note"), rows), ""]
        out += [f"## {SECTIONS[7]}", "", "```", self.command, "```", ""]
        return "\n".join(out)

    def write(self, directory: str | os.PathLike[str]) -> Path:
        """Write ``DIR/NAME.md`` and its figures ``DIR/NAME/*.png``; returns the page's path."""
        root = Path(directory)
        figures = root / self.name
        page = root / f"{self.name}.md"
        try:
            figures.mkdir(parents=True, exist_ok=True)
            for plot in self.plots:
                fig = new_figure()
                plot.draw(fig)
                # no date in the file, so that the same run writes the same bytes
                fig.savefig(figures / f"{plot.name}.png", format="png", metadata={"Software": None})
            page.write_text(self.markdown(), encoding="utf-8")
        except OSError as e:  # --out a file, a folder not ours, a full disk: one line, not a traceback
            raise RulesError(f"out: cannot write the report in {str(root)!r}: {e.strerror or e}") from None
        return page


#: the opening of the studies' index page
INDEX_INTRO: Final = """# The period advice put to the test

The period books are full of advice on when to stand, when to take the miss, what to call and how to defend.
Each study below plays many deals with the batch simulator (`roundgames study NAME`), fixing one player's choice
and comparing it with the others on the same deals, and reports whether the advice holds: with its method, its
95% intervals, its figures, worked examples and a rule to remember. Each question is asked twice: against the
simulator's `sensible` players, a stand-in for the period's players (how far they are from the expert bot is
measured in [How strong are the simulator's players](../research/simulate.md#how-strong-are-the-simulators-players)),
and against the computed strategy that the expert declares and calls by (the simulator's `strategy` player), and
each verdict says whether the advice holds against both. The last report shows the strategy itself. The verdicts
of each report:
"""


def write_index(directory: str | os.PathLike[str], names: Sequence[str]) -> Path:
    """Write ``DIR/index.md``: each report found in ``DIR`` (of ``names``, in that order) with its title, its
    verdicts, its first figure and its command, read back from its page."""
    root = Path(directory)
    out = [INDEX_INTRO]
    for name in names:
        page = root / f"{name}.md"
        if not page.exists():
            continue
        text = page.read_text(encoding="utf-8")
        title = text.splitlines()[0].removeprefix("# ")
        verdicts = text.split("**Verdicts:**", 1)[1].split("\n## ", 1)[0].strip() if "**Verdicts:**" in text else ""
        figure = next((line for line in text.splitlines() if line.startswith("![")), "")
        command = text.split(f"## {SECTIONS[7]}", 1)[1].split("```")[1].strip()
        out += [f"## [{title}]({name}.md)", "", verdicts, ""]
        if figure:
            out += [figure, ""]
        out += [f"Made by `{command}`.", ""]
    index = root / "index.md"
    index.write_text("\n".join(out), encoding="utf-8")
    return index
