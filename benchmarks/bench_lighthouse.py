"""Lighthouse's accessibility score of the lobby and a table mid-deal, in the system Chromium.

    npm install --prefix build/lighthouse lighthouse@12.2.3
    .venv/bin/python benchmarks/bench_lighthouse.py [--lighthouse build/lighthouse/node_modules/.bin/lighthouse]
        [--chromium /usr/bin/chromium]

Starts ``roundgames serve`` as a subprocess (its own temporary database), makes a table of five bots at Loo (watched,
so its bots play: the page is a table mid-deal as a spectator sees it), and runs Lighthouse (its accessibility
category only, headless) on the lobby and on the table. Prints each page's score out of 100 and every audit that
did not pass, and the Lighthouse command. The target is 100 on both; it is printed as met or not, never asserted.
Not a test: Lighthouse is an npm package, outside the Python environment.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
LIGHTHOUSE = REPO / "build" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
TARGET = 100


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(port: int, db: Path) -> subprocess.Popen[bytes]:
    """`roundgames serve` on the port, answering once GET /api/tables does."""
    command = [sys.executable, "-m", "roundgames", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=2).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    server.kill()
    raise SystemExit(f"the server did not answer on port {port} within 20 s: {' '.join(command)}")


def audit(lighthouse: str, chromium: str, url: str) -> tuple[int, list[str], list[str]]:
    """Lighthouse's accessibility score for the page, its failed audits, and the command run."""
    with tempfile.TemporaryDirectory() as out:
        report = Path(out) / "report.json"
        command = [
            lighthouse,
            url,
            "--only-categories=accessibility",
            "--output=json",
            f"--output-path={report}",
            "--quiet",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ]
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": chromium}, capture_output=True, text=True)
        if done.returncode != 0 or not report.is_file():
            raise SystemExit(f"lighthouse failed ({done.returncode}): {' '.join(command)}\n{done.stderr[-2000:]}")
        found = json.loads(report.read_text(encoding="utf-8"))
    category = found["categories"]["accessibility"]
    failed = [
        f"{ref['id']}: {found['audits'][ref['id']]['title']}"
        for ref in category["auditRefs"]
        if ref["weight"] > 0 and found["audits"][ref["id"]]["score"] not in (None, 1)
    ]
    return round(category["score"] * 100), failed, command


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", default=str(LIGHTHOUSE) if LIGHTHOUSE.exists() else "lighthouse")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        port = free_port()
        server = serve(port, Path(work) / "web.sqlite3")
        try:
            base = f"http://127.0.0.1:{port}"
            body = {"game": "loo", "players": 5, "people": 0, "bot_delay": 1.0, "rounds": 50}
            table = httpx.post(f"{base}/api/tables", json=body, timeout=10).raise_for_status().json()["id"]
            for name, url in (("lobby", f"{base}/"), ("table", f"{base}/t/{table}")):
                score, failed, command = audit(args.lighthouse, args.chromium, url)
                met = "met" if score >= TARGET else "NOT met"
                print(f"{name}: accessibility {score}/100 (target {TARGET}: {met})")
                for line in failed:
                    print(f"  failed: {line}")
                print(f"  command: CHROME_PATH={args.chromium} {shlex.join(command)}")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
