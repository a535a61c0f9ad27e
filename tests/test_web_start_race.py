"""Two ``roundgames serve`` on one SQLite file, started together: one serves, the other is refused with one line and
exit 2, whatever the timing (the refusal of a second server started later is tests/web/test_server.py's)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from inproc import free_port

ROUNDS = 3  # each round a fresh file: the race is won by either server, and lost the same way


def _start(db: Path, port: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "roundgames", "serve", "--port", str(port), "--db", str(db), "--quiet"]
    command += ["--bot-workers", "1"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _serving(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def test_two_servers_started_together_on_one_file_one_serves_and_the_other_exits_2_with_one_line(
    tmp_path: Path,
) -> None:
    for round_ in range(ROUNDS):
        db = tmp_path / f"race{round_}.sqlite3"
        ports = [free_port(), free_port()]
        servers = [_start(db, port) for port in ports]
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and all(s.poll() is None for s in servers):
                time.sleep(0.05)
            ended = [s for s in servers if s.poll() is not None]
            assert len(ended) == 1, "one of the two servers is refused the file"
            refused = ended[0]
            _, err = refused.communicate(timeout=10)
            assert refused.returncode == 2, err
            assert "Traceback" not in err
            lines = [line for line in err.splitlines() if line.strip()]
            assert len(lines) == 1 and f"--db {db}: another roundgames server is using this file" in lines[0], err
            kept = next(s for s in servers if s is not refused)
            port = ports[servers.index(kept)]
            while time.monotonic() < deadline and not _serving(port):
                assert kept.poll() is None, kept.communicate()[1]
                time.sleep(0.1)
            assert _serving(port) and kept.poll() is None  # the other serves on
        finally:
            for s in servers:
                if s.poll() is None:
                    s.terminate()
                    s.wait(timeout=15)
                s.communicate()
