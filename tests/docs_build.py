"""Building the documentation site for a test: ``mkdocs build --strict`` of this checkout into a folder, with this
checkout's sources first on the path (the generated pages and the API reference are made from them)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 300  # seconds


def build_site(site: Path, *, env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[str], float]:
    """``mkdocs build --strict`` into ``site``: the finished process and the seconds it took."""
    paths = [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    full = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "NO_MKDOCS_2_WARNING": "1"}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env={**full, **(env or {})},
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
    )
    return done, time.monotonic() - started
