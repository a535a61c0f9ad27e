"""A real PostgreSQL server in a temporary directory, for the store tests and the web benchmark.

Debian's ``postgresql`` package (``scripts/ensure-postgres`` installs it; ``make test`` runs that first) gives
``initdb`` and ``pg_ctl``, on the PATH or under ``/usr/lib/postgresql/VERSION/bin``. :class:`PgServer` makes a
cluster with ``initdb`` in a fresh directory, starts it with ``pg_ctl`` on a free port of 127.0.0.1 (its socket in
the same directory), and removes it all on :meth:`PgServer.stop`. PostgreSQL refuses to run as root: run as root,
the directory is handed to the ``postgres`` user (or ``nobody``) and every command runs as that user.

The cluster trusts local connections and does not sync to disk: it is thrown away after the run.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["PgServer", "pg_bin", "why_no_postgres"]

USER = "roundgames"  # the cluster's superuser, whom every URL names


def pg_bin() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl``: the PATH's, else the newest ``/usr/lib/postgresql/*/bin``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    dirs = [Path(d) for d in glob.glob("/usr/lib/postgresql/*/bin")]
    dirs = [d for d in dirs if os.access(d / "initdb", os.X_OK) and os.access(d / "pg_ctl", os.X_OK)]

    def version(d: Path) -> tuple[int, ...]:
        return tuple(int(p) for p in d.parent.name.split(".") if p.isdigit())

    return max(dirs, key=version) if dirs else None


def why_no_postgres() -> str | None:
    """Why no PostgreSQL server can be started here (None: one can): the reason a skipped test gives."""
    if pg_bin() is None:
        return (
            "no PostgreSQL server installed (no initdb and pg_ctl on the PATH nor under /usr/lib/postgresql/*/bin), "
            "and scripts/ensure-postgres could not install Debian's package postgresql"
        )
    if os.geteuid() == 0 and _runner() is None:
        return "running as root, and no user (postgres, nobody) to run PostgreSQL as, which refuses root"
    return None


def _run_user() -> pwd.struct_passwd | None:
    """The unprivileged user PostgreSQL runs as when we are root (it refuses root), or None."""
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    return None


def _runner() -> list[str] | None:
    """The command prefix that runs a program as :func:`_run_user` (as root), [] (not root), or None (no way)."""
    if os.geteuid() != 0:
        return []
    user = _run_user()
    if user is None:
        return None
    if shutil.which("runuser"):
        return ["runuser", "-u", user.pw_name, "--"]
    if shutil.which("setpriv"):
        return ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", "--"]
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """A started PostgreSQL cluster of its own: :attr:`url` its ``postgres`` database; :meth:`new_database` a
    fresh, empty one (a test's own); :meth:`stop` ends it and removes its directory; :meth:`halt` and
    :meth:`resume` stop and start it again (a database gone away, then back)."""

    def __init__(self) -> None:
        why = why_no_postgres()
        if why is not None:
            raise RuntimeError(why)
        bin_dir = pg_bin()
        assert bin_dir is not None
        self.bin = bin_dir
        self.run_as = _runner() or []
        self.dir = Path(tempfile.mkdtemp(prefix="roundgames-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.port = _free_port()
        self.url = f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"
        self._made = 0
        user = _run_user() if self.run_as else None
        if user is not None:
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        try:
            self._run(
                "initdb", "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"
            )
            self.resume()
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise

    def _run(self, program: str, *args: str) -> None:
        command = [*self.run_as, str(self.bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=self.dir)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}{log}")

    def resume(self) -> None:
        """Start the server (again, on the same port and data) and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start")

    def halt(self) -> None:
        """Stop the server at once (every connection cut), keeping its data."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def new_database(self) -> str:
        """A fresh empty database of this server; its URL."""
        import psycopg

        self._made += 1
        name = f"t{os.getpid()}_{self._made}_{int(time.time() * 1000) % 100_000}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, subprocess.TimeoutExpired):
            self.halt()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> PgServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
