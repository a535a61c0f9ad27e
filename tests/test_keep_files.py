"""``roundgames keep`` writes its file as the file its owner made: through a symbolic link (the target is written, the
link stays), keeping hard links (the file is written in place), its mode and its owner and group (never a root-owned
file where another user owned it); where it can keep none of that, it refuses with one line and exit 2, the file
as it was. Real links, modes and owners (changing an owner needs root: those tests run as root, as this machine's
do)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from test_keep import keep, new_loo, refusals

#: a user and group that are not root's (``nobody`` on Debian)
OTHER = 65534
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")


def _ended(path: Path) -> bool:
    """Whether the sitting kept at ``path`` has had its first deal ended (the single nobody played)."""
    return "single nobody" in json.dumps(json.loads(path.read_text(encoding="utf-8")))


def _started(path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, _ = keep(new_loo(path), "deal Ann\n", monkeypatch, capsys)
    assert status == 0 and not _ended(path)


def _one_more_deal(path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = keep(["--file", str(path)], "single nobody\n", monkeypatch, capsys)
    assert status == 0 and not refusals(out), out


def test_a_symlinked_file_is_written_through_its_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real, links = tmp_path / "real", tmp_path / "links"
    real.mkdir()
    links.mkdir()
    target = real / "pool.json"
    _started(target, monkeypatch, capsys)
    link = links / "pool.json"
    link.symlink_to(target)
    _one_more_deal(link, monkeypatch, capsys)
    assert link.is_symlink() and os.readlink(link) == str(target)  # the link stays
    assert _ended(target)  # its target was written
    assert sorted(p.name for p in real.iterdir()) == ["pool.json"]  # no temporary file left behind
    assert sorted(p.name for p in links.iterdir()) == ["pool.json"]


def test_a_hard_linked_file_keeps_its_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    _started(path, monkeypatch, capsys)
    other = tmp_path / "copy-of-the-pool.json"
    os.link(path, other)
    inode = path.stat().st_ino
    _one_more_deal(path, monkeypatch, capsys)
    assert path.stat().st_ino == inode == other.stat().st_ino and path.stat().st_nlink == 2
    assert _ended(other)  # written in place: every link sees it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy-of-the-pool.json", "pool.json"]


@AS_ROOT
def test_another_users_file_keeps_its_owner_group_and_mode_when_root_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pool.json"
    _started(path, monkeypatch, capsys)
    os.chown(path, OTHER, OTHER)
    path.chmod(0o640)
    inode = path.stat().st_ino
    _one_more_deal(path, monkeypatch, capsys)
    now = path.stat()
    assert (now.st_uid, now.st_gid, stat.S_IMODE(now.st_mode)) == (OTHER, OTHER, 0o640)
    assert now.st_ino != inode  # still written atomically, through a rename
    assert _ended(path)


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder anyone may write (a shared one), reachable by every user (the test's own is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="keep-shared-", dir="/tmp"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder)


@AS_ROOT
def test_a_file_whose_owner_cannot_be_kept_is_refused_in_one_line(
    shared_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another user's file, readable but not writable by this one, in a folder anyone may write: a rename would
    replace it with a file of this user's; it is refused instead, the file kept, owner and all."""
    path = shared_folder / "pool.json"
    _started(path, monkeypatch, capsys)
    os.chown(path, OTHER - 1, OTHER - 1)  # a user other than the one the keeper runs as
    path.chmod(0o644)
    before = path.read_bytes()
    os.setegid(OTHER)
    os.seteuid(OTHER)  # the keeper runs as nobody
    try:
        status, out, _ = keep(["--file", str(path)], "single nobody\n", monkeypatch, capsys)
    finally:
        os.seteuid(0)
        os.setegid(0)
    assert status == 2
    assert refusals(out) == [
        f"! line 1: single nobody: file: {path}: cannot write it in place, which keeps its links and its owner: "
        "Permission denied"
    ]
    assert path.read_bytes() == before
    assert (path.stat().st_uid, path.stat().st_gid) == (OTHER - 1, OTHER - 1)
    assert sorted(p.name for p in shared_folder.iterdir()) == ["pool.json"]


@AS_ROOT
def test_a_file_in_a_folder_this_user_may_not_write_is_written_in_place(
    shared_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No temporary file can be made beside it: the file itself, which this user may write, is written in place."""
    path = shared_folder / "pool.json"
    _started(path, monkeypatch, capsys)
    os.chown(path, OTHER, OTHER)
    path.chmod(0o664)
    shared_folder.chmod(0o755)  # root's folder: nobody may make a file in it
    inode = path.stat().st_ino
    os.setegid(OTHER)
    os.seteuid(OTHER)
    try:
        _one_more_deal(path, monkeypatch, capsys)
    finally:
        os.seteuid(0)
        os.setegid(0)
    assert _ended(path) and path.stat().st_ino == inode
    assert (path.stat().st_uid, path.stat().st_gid) == (OTHER, OTHER)
