"""Reading and writing the project's files: text in UTF-8, a one-line error naming the file when that fails, and
a write through a temporary file and a rename where a half-written file would lose a sitting."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

from ..core.errors import RecordError, RoundgamesError

__all__ = ["read_text", "write_atomically", "write_text"]


def read_text(path: str, field: str | None = None) -> str:
    """The text of the file at ``path``; raises :class:`RecordError` on ``field`` (a plain
    :class:`RoundgamesError` without one) naming the file when it cannot be read or is not UTF-8 text."""
    try:
        with open(path, encoding="utf-8") as fp:
            return fp.read()
    except OSError as e:
        message = f"{path}: cannot read: {e.strerror}"
    except UnicodeDecodeError:
        message = f"{path}: not UTF-8 text"
    raise RecordError(field, message) if field else RoundgamesError(message)


def write_text(path: str, text: str, field: str) -> None:
    """Write ``text`` to ``path``; raises :class:`RecordError` on ``field`` naming the file."""
    try:
        with open(path, "w", encoding="utf-8") as fp:
            fp.write(text)
    except OSError as e:
        raise RecordError(field, f"{path}: cannot write: {e.strerror}") from None


def write_atomically(path: str, text: str, field: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename, so a kill never leaves it half written;
    raises :class:`RecordError` on ``field`` naming the file, the old file kept."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".keep-", suffix=".tmp", dir=folder)
    except OSError as e:
        raise RecordError(field, f"{path}: cannot write: {e.strerror}") from None
    try:
        # The file keeps its mode (a temporary file is made 0600): one a person shared with his group stays shared,
        # and a new one gets the mode a plain write would give it.
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise RecordError(field, f"{path}: cannot write: {e.strerror}") from None


def _mode_for(path: str) -> int:
    """The permission bits ``path`` has, or for a new file those ``open`` would give it under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)  # read by setting it: there is no other way; set back at once
        os.umask(umask)
        return 0o666 & ~umask
