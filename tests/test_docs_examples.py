"""Every code example on the documentation site runs (docs/**/*.md), as a reader would run it:

- each ```` ```python ```` block: with ``>>>`` prompts it is a doctest, and what it prints must be what the page
  shows; without, it is executed. A page's blocks share one namespace, in order, as a tutorial reads;
- each ```` ```console ```` or ```` ```sh ```` block whose first line is ``$ COMMAND``: every command is run by bash
  in a fresh directory for the page (so a page's later commands see the files its earlier ones wrote), with
  ``roundgames`` the command of this checkout; where the page shows output after a command, the output must be
  exactly that (a line ``...`` stands for any lines), and the exit status must be 0 (or the one the page marks
  with ``<!-- exit: N -->``).

A block marked ``<!-- no-run -->`` is not run: a server that does not end, a measurement that takes minutes.
The page says why, next to it; :func:`test_examples_marked_not_to_run_are_few` keeps them few.
"""

from __future__ import annotations

import doctest
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from docs_pages import ROOT, Block, blocks, commands, matches, pages

_CONSOLE = ("console", "sh", "shell", "bash")
# the most examples a page may keep from running, and on the whole site
_NO_RUN_SITE = 12


def _python_blocks(page: Path) -> list[Block]:
    return [b for b in blocks(page) if b.lang in ("python", "py", "pycon")]


def _console_blocks(page: Path) -> list[Block]:
    """Console blocks, and blocks of no language that show a command (``$ ...``): a command shown is run."""
    return [b for b in blocks(page) if b.lang in (*_CONSOLE, "") and b.text.startswith("$ ")]


PYTHON_PAGES = [p for p in pages() if any(b.runs for b in _python_blocks(p))]
CONSOLE_PAGES = [p for p in pages() if any(b.runs for b in _console_blocks(p))]


def _id(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=_id)
def test_every_python_example_of_the_page_runs_and_prints_what_the_page_shows(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    parser = doctest.DocTestParser()
    for block in _python_blocks(page):
        if not block.runs:
            continue
        if ">>>" in block.text:
            test = parser.get_doctest(block.text, namespace, block.where, str(page), block.line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            namespace.update(test.globs)  # a doctest runs in a copy: what it defined is there for what follows
            assert runner.failures == 0, f"{block.where}: the example's output differs from the page\n" + "".join(
                report
            )
        else:
            exec(compile(block.text, block.where, "exec"), namespace)


def _shim(bin_dir: Path) -> None:
    """A ``roundgames`` command that runs this checkout's package with the test's interpreter."""
    script = bin_dir / "roundgames"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m roundgames "$@"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)


@pytest.mark.parametrize("page", CONSOLE_PAGES, ids=_id)
def test_every_command_of_the_page_runs_and_prints_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    bin_dir, work = tmp_path / "bin", tmp_path / "work"
    bin_dir.mkdir()
    work.mkdir()
    _shim(bin_dir)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
        "PYTHONUNBUFFERED": "1",  # the order of standard output and error as a terminal shows them
        "COLUMNS": "80",
    }
    for block in _console_blocks(page):
        if not block.runs:
            continue
        for command in commands(block):
            run = subprocess.run(
                ["bash", "-c", command.command],
                cwd=work,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            printed = (run.stdout + run.stderr).splitlines()
            assert run.returncode == block.exit_status, (
                f"{block.where}: `{command.command.splitlines()[0]}` exited {run.returncode}, "
                f"the page says {block.exit_status}\n{run.stdout}{run.stderr}"
            )
            if any(line.strip() for line in command.shown):
                assert matches(command.shown, printed), (
                    f"{block.where}: `{command.command.splitlines()[0]}` printed\n" + "\n".join(printed)
                )


def test_examples_marked_not_to_run_are_few() -> None:
    kept = [b.where for p in pages() for b in blocks(p) if not b.runs]
    assert len(kept) <= _NO_RUN_SITE, f"examples marked no-run: {kept}"


def test_the_keeper_session_of_its_page_is_replayed_with_its_output() -> None:
    """The full example session of docs/keep.md is checked line by line, not only for its exit status."""
    keep = ROOT / "docs" / "keep.md"
    shown = [c for b in _console_blocks(keep) if b.runs for c in commands(b) if any(s.strip() for s in c.shown)]
    assert len(shown) >= 4
    assert any("roundgames keep loo" in c.command for c in shown)
    assert any("roundgames keep nap" in c.command for c in shown)


def test_a_page_that_differs_from_what_it_runs_is_caught() -> None:
    """The comparison itself: an ellipsis stands for any lines, and nothing else is forgiven."""
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"])
    assert not matches(["Ann +3"], ["Ann +4"])
