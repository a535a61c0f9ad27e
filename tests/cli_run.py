"""The ``roundgames`` command run for a test: in this process (fast: ``cli.main`` with standard input, output and
error replaced), or as a user runs it, in a new interpreter (for the few smoke tests that need one)."""

from __future__ import annotations

import io
import subprocess
import sys
from dataclasses import dataclass

from roundgames import cli


@dataclass
class Run:
    """What a run of the command did: its exit status, and what it wrote on standard output and error."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*args: str, stdin: str = "") -> Run:
    """``roundgames ARGS`` in this process, with ``stdin`` on standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, io.StringIO(stdin)
    try:
        status = cli.main(list(args))
    except SystemExit as e:  # argparse: --help, --version, a usage error
        status = e.code if isinstance(e.code, int) else 0 if e.code is None else 2
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
    return Run(status, out.getvalue(), err.getvalue())


def run_process(*command: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``command`` in a new process (``python -m roundgames ...`` or the console script), as a user runs it."""
    return subprocess.run(
        list(command), input=stdin, capture_output=True, text=True, encoding="utf-8", timeout=60, check=False
    )


def python_m(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m roundgames ARGS`` in a new process."""
    return run_process(sys.executable, "-m", "roundgames", *args, stdin=stdin)
