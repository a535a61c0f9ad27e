"""Reading and writing the project's files: text in UTF-8, a one-line error naming the file when that fails, and
a write through a temporary file and a rename where a half-written file would lose a sitting."""

from __future__ import annotations

import contextlib
import errno
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
    raises :class:`RecordError` on ``field`` naming the file, the old file kept.

    The file stays the file its owner made: a symbolic link is written through (its target is written, the link
    stays); the file keeps its mode and its owner and group (the temporary file is given them before the rename,
    where this process may give them: one run as root never leaves another user's file root-owned). Where the
    rename cannot keep the file, it is written in place instead, not atomically: a file with other hard links (a
    rename would make this name a new file, apart from the others), or one whose owner this process cannot give a
    new file, or one in a folder where no new file can be made; a file it cannot write in place either is refused,
    naming it."""
    target = os.path.realpath(path)
    try:
        now = os.stat(target)
    except FileNotFoundError:
        now = None
    except OSError as e:
        raise RecordError(field, f"{path}: cannot write: {e.strerror}") from None
    if now is not None and now.st_nlink > 1:
        _write_in_place(path, target, text, field)
        return
    folder = os.path.dirname(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".keep-", suffix=".tmp", dir=folder)
    except OSError as e:
        if now is None or e.errno not in (errno.EACCES, errno.EPERM):  # a full disk: the old file is kept whole
            raise RecordError(field, f"{path}: cannot write: {e.strerror}") from None
        _write_in_place(path, target, text, field)  # a folder this process may not write: the file itself may be
        return
    try:
        # The file keeps its mode (a temporary file is made 0600): one a person shared with his group stays shared,
        # and a new one gets the mode a plain write would give it.
        os.fchmod(fd, _mode_for(target))
        if now is not None and not _owned_as(fd, now):
            os.close(fd)
            os.remove(tmp)
            _write_in_place(path, target, text, field)
            return
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        os.replace(tmp, target)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise RecordError(field, f"{path}: cannot write: {e.strerror}") from None


def _owned_as(fd: int, was: os.stat_result) -> bool:
    """Give the file of ``fd`` the owner and group of ``was``; whether it has them (a process that is not root may
    give a file only its own user, and a group it belongs to)."""
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) == (was.st_uid, was.st_gid):
        return True
    try:
        os.fchown(fd, was.st_uid, was.st_gid)
    except OSError:
        return False
    # chown may clear the set-user-ID and set-group-ID bits: give the mode again
    os.fchmod(fd, stat.S_IMODE(was.st_mode))
    return True


def _write_in_place(path: str, target: str, text: str, field: str) -> None:
    """Write ``text`` over the file ``target`` (``path``, or the file its link names) itself, which keeps its
    inode: its hard links, owner and mode. Not atomic: written and synced at once."""
    try:
        with open(target, "r+", encoding="utf-8") as fp:
            fp.write(text)
            fp.truncate()
            fp.flush()
            os.fsync(fp.fileno())
    except OSError as e:
        raise RecordError(
            field, f"{path}: cannot write it in place, which keeps its links and its owner: {e.strerror}"
        ) from None


def _mode_for(path: str) -> int:
    """The permission bits ``path`` has, or for a new file those ``open`` would give it under the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)  # read by setting it: there is no other way; set back at once
        os.umask(umask)
        return 0o666 & ~umask
