"""Building the documentation site for a test: ``mkdocs build --strict`` of this checkout into a folder, with this
checkout's sources first on the path (the generated pages and the API reference are made from them).

``make test`` builds the site into build/site/ before the tests start; :func:`fresh_site` gives that build to the
tests while nothing it is made from has changed since, so that the site is built once, not once more per worker."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 300  # seconds
#: the site ``make test`` (and ``make docs``) builds: mkdocs.yml's site_dir
BUILT = ROOT / "build" / "site"
#: what the site is made from: the pages, the generators and hooks, the sources (the API reference, the guide's
#: pages) and the tests (the laws pages name the tests of each rule)
INPUTS = ("mkdocs.yml", "pyproject.toml", "docs", "scripts", "src", "tests")


def spec_path() -> Path:
    """RULES.md as the build reads it (scripts/make_docs.py): ``$ROUNDGAMES_RULES_MD``, else beside the checkout."""
    return Path(os.environ.get("ROUNDGAMES_RULES_MD", ROOT.parent / "shared" / "RULES.md"))


def _newest_input() -> float:
    newest = spec_path().stat().st_mtime if spec_path().exists() else 0.0
    for name in INPUTS:
        top = ROOT / name
        files = [top] if top.is_file() else (p for p in top.rglob("*") if "__pycache__" not in p.parts)
        newest = max([newest, *(p.stat().st_mtime for p in files if p.is_file())])
    return newest


def fresh_site() -> Path | None:
    """build/site/ when it was built after the last change to anything it is made from; else None (build one)."""
    stamp = BUILT / "index.html"
    if not stamp.is_file() or stamp.stat().st_mtime < _newest_input():
        return None
    return BUILT


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
