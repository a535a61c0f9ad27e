"""The simulator's columns page (``research/simulate-columns.md``), written at build time from each form's kernel
(:attr:`roundgames.sim.kernels.Kernel.columns`), so that it names exactly what ``roundgames simulate`` writes."""

from __future__ import annotations

from collections.abc import Callable

from roundgames.games.registry import games
from roundgames.sim.kernels import kernel_for

PAGE = "research/simulate-columns.md"

COMMON = {
    "net": "(n, players) int32: each seat's counters won or lost in the deal (the engine's `deal.net`)",
    "tricks": "(n, players) int8: the tricks each seat won",
    "pool": "(n,) int32: what the deal carries on (Loo: the next deal's pool before its dealer's stake; Nap: the "
    "kitty after the deal, 0 without one)",
    "states": "(n,) int32: the deal's states as OpenSpiel counts them, every card dealt and every decision",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def page() -> str:
    """Every form's columns, the common four first, as tables."""
    lines = [
        "# The simulator's columns",
        "",
        "Each chunk file of `roundgames simulate --out DIR` holds one row per deal, in the order the deals were",
        "played, and these columns. A column shaped `(n, players)` is written as one column per seat: `net_0`,",
        "`net_1`, ..., seat 0 being the eldest hand (the dealer's left) and the last seat the dealer. This page is",
        "written from the kernels themselves when the site is built. See [the simulator](simulate.md).",
        "",
    ]
    for spec in games():
        for form in spec.forms:
            kernel = kernel_for(form.name)
            lines += [f"## {form.title} (`--game {spec.name} --form {form.name}`)", ""]
            lines += ["| column | what it holds |", "|---|---|"]
            for name, text in {**COMMON, **kernel.columns}.items():
                lines.append(f"| `{name}` | {_cell(text)} |")
            lines += ["", "Its players (`--policy`):", ""]
            lines += [f"- `{name}`: {_cell(text)}" for name, text in kernel.policies.items()]
            lines.append("")
    return "\n".join(lines)


#: each generated page's path under docs/, and the function that writes it
PAGES: dict[str, Callable[[], str]] = {PAGE: page}
