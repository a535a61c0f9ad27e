#!/usr/bin/env python3
"""Screenshots of the web table for the documentation, and of the documentation's own pages.

Starts a real ``roundgames serve`` (a fresh database in a temporary folder, serving build/site/ at /docs/ when it
is built) and drives the system Chromium with Playwright, as the browser tests do:

- docs/assets/lobby.png, loo-table.png, nap-table.png: the lobby and a first deal of Loo and of Nap, for
  docs/getting-started.md (committed: run this again when the table's look changes);
- build/screenshots/docs-laws.png, docs-record.png, docs-environment.png: a rule of the laws, the deal record, an
  environment's page, as the site shows them (only once ``make docs`` has built the site).

Run from the repository's root: ``.venv/bin/python scripts/make_screenshots.py``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "docs" / "assets"
SHOTS = ROOT / "build" / "screenshots"
SITE = ROOT / "build" / "site"
DESKTOP = {"width": 1100, "height": 720}
#: a page of the site for each screenshot: the first of its addresses that the built site has
DOC_PAGES = {
    "docs-laws": ["laws/loo/#LOO-PLAY-5"],
    "docs-record": ["record/", "api/records/"],
    "docs-environment": ["research/environments/", "api/envs/"],
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "ROUNDGAMES_DOCS_SITE": str(SITE)}
    command = [sys.executable, "-m", "roundgames", "serve", "--port", str(port), "--db", str(folder / "web.sqlite3")]
    proc = subprocess.Popen([*command, "--deal-pause", "0"], env=env, cwd=folder)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/api/tables", timeout=1)
            return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def create(page: Page, url: str, game: str, players: int) -> None:
    page.goto(url + "/")
    form = page.get_by_test_id("create-form")
    expect(form.get_by_test_id("preset-select")).to_have_value("peel")
    form.get_by_test_id("name-input").fill("Ann")
    form.get_by_test_id("game-select").select_option(game)
    form.get_by_test_id("players-input").fill(str(players))
    form.get_by_test_id("bot-delay-input").fill("0")


def first_turn(page: Page) -> None:
    """Create the table, and wait until it is the player's turn with cards in hand."""
    page.get_by_test_id("create-form").get_by_test_id("create-submit").click()
    page.wait_for_url("**/t/*")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=turn]')?.textContent === 'Your turn'"
        " && document.querySelectorAll('[data-testid=actions] button, [data-testid=hand] button.legal').length > 0",
        timeout=30_000,
    )


def main() -> int:
    chromium = os.environ.get("ROUNDGAMES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    ASSETS.mkdir(parents=True, exist_ok=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as driver:
        proc, url = serve(Path(folder))
        browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport=DESKTOP)
            create(page, url, "loo", 4)
            page.screenshot(path=ASSETS / "lobby.png")
            first_turn(page)
            page.screenshot(path=ASSETS / "loo-table.png")
            create(page, url, "nap", 4)
            first_turn(page)
            page.screenshot(path=ASSETS / "nap-table.png")
            made = ["lobby", "loo-table", "nap-table"]
            if (SITE / "index.html").is_file():
                for name, paths in DOC_PAGES.items():
                    found = next((p for p in paths if (SITE / p.split("#")[0] / "index.html").is_file()), None)
                    if found:
                        page.goto(f"{url}/docs/{found}")
                        page.screenshot(path=SHOTS / f"{name}.png")
                        made.append(f"{name} ({found})")
            print("made:", ", ".join(made))
        finally:
            browser.close()
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
