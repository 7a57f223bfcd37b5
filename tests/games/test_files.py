"""Writes that cannot lose a file (games/core/files.py, issue 34 items 4 and 5).

Every writer of the suite goes through ``write_atomically`` / ``atomic_output``: a
failed write (a full disk, a file-size limit) leaves the old file byte for byte and no
temporary behind; the written file keeps the old file's mode (a new one gets the
umask's), a symlink is followed to its target, and temporaries left by a killed
process are removed by the next write.
"""

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

import games
from games.core import files
from games.core.files import WriteError, atomic_output, write_atomically

ROOT = Path(__file__).resolve().parents[2]


def _listing(folder):
    return sorted(p.name for p in Path(folder).iterdir())


def _failing_write(monkeypatch, after_bytes=1000):
    """Every file the writer opens fails with ENOSPC once ``after_bytes`` are written."""
    real_open = open

    class Full:
        def __init__(self, fh):
            self.fh, self.written = fh, 0

        def write(self, data):
            if self.written + len(data) > after_bytes:
                self.fh.write(data[: after_bytes - self.written])
                raise OSError(errno.ENOSPC, "No space left on device")
            self.written += len(data)
            return self.fh.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

    def fake_open(path, mode="r", *args, **kwargs):
        fh = real_open(path, mode, *args, **kwargs)
        return Full(fh) if "w" in mode else fh

    monkeypatch.setattr(files, "open", fake_open, raising=False)


def test_a_new_file_gets_the_umask_mode(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o640  # 0o666 less the umask, not mkstemp's 0o600
    assert _listing(tmp_path) == ["new.json"]


def test_an_existing_file_keeps_its_mode(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("old")
    for mode in (0o644, 0o600, 0o664, 0o444):
        path.chmod(mode)
        write_atomically(path, f"mode {mode:o}")
        assert path.stat().st_mode & 0o777 == mode and path.read_text() == f"mode {mode:o}"


def test_a_symlink_is_followed_and_stays_a_link(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "a.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomically(link, "new")
    assert link.is_symlink() and target.read_text() == "new" and link.read_text() == "new"
    assert _listing(tmp_path / "real") == ["a.json"] and _listing(tmp_path) == ["link.json", "real"]


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path, monkeypatch):
    path = tmp_path / "page.html"
    path.write_text("x" * 51_000)
    path.chmod(0o644)
    _failing_write(monkeypatch, after_bytes=20_000)
    with pytest.raises(WriteError, match=r"^cannot write .*page\.html: No space left on device$") as err:
        write_atomically(path, "y" * 60_000)
    assert err.value.errno == errno.ENOSPC and isinstance(err.value, OSError)
    assert path.read_text() == "x" * 51_000 and _listing(tmp_path) == ["page.html"]


def test_an_error_inside_the_block_removes_the_temporary(tmp_path):
    path = tmp_path / "plot.png"
    path.write_bytes(b"old")
    with pytest.raises(RuntimeError, match="drawing failed"):
        with atomic_output(path) as tmp:
            Path(tmp).write_bytes(b"half")
            raise RuntimeError("drawing failed")
    assert path.read_bytes() == b"old" and _listing(tmp_path) == ["plot.png"]


def test_a_folder_or_a_missing_folder_is_one_write_error(tmp_path):
    (tmp_path / "dir").mkdir()
    with pytest.raises(WriteError, match="it is a folder"):
        write_atomically(tmp_path / "dir", "x")
    with pytest.raises(WriteError, match="No such file or directory"):
        write_atomically(tmp_path / "missing" / "a.json", "x")
    assert _listing(tmp_path) == ["dir"]


def test_stale_temporaries_of_dead_processes_are_removed(tmp_path):
    """A SIGKILL mid-save leaves ``.NAME.PID-X.tmp``; the next write over NAME removes
    it, but never a temporary of a process still running (it may be writing now)."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".a.json.{dead.pid}-0badc0de.tmp"
    live = tmp_path / f".a.json.{os.getppid()}-0badc0de.tmp"
    other = tmp_path / f".b.json.{dead.pid}-0badc0de.tmp"
    (tmp_path / "a.json").write_text("old")
    for p in (stale, live, other):
        p.write_text("half")
    write_atomically(tmp_path / "a.json", "new")
    assert _listing(tmp_path) == sorted(["a.json", live.name, other.name])


def test_a_killed_writer_leaves_the_old_file_whole(tmp_path):
    """SIGKILL while the temporary is being written: the target is untouched, and the
    next write cleans up what the killed process left."""
    path = tmp_path / "a.json"
    path.write_text("old")
    code = (
        "import os, signal, sys; sys.path.insert(0, sys.argv[2]); from games.core import files\n"
        "with files.atomic_output(sys.argv[1]) as tmp:\n"
        "    open(tmp, 'w').write('half')\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(path), str(ROOT)], capture_output=True)
    assert run.returncode == -9
    assert path.read_text() == "old" and len(_listing(tmp_path)) == 2  # the killed process's temporary
    write_atomically(path, "new")
    assert path.read_text() == "new" and _listing(tmp_path) == ["a.json"]


def test_a_file_size_limit_keeps_the_old_position(tmp_path, spanish3):
    """Game.save over a good position under RLIMIT_FSIZE (EFBIG): the old file still loads."""
    good = tmp_path / "pos.json"
    spanish3.save(spanish3.init([1])[0], good)
    before = good.read_bytes()
    code = (
        "import resource, sys; sys.path.insert(0, sys.argv[2]); import games, signal\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "g = games.make('spanish_main', num_players=3); state = g.init([2])\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))\n"
        "try:\n    g.save(state[0], sys.argv[1])\n"
        "except OSError as err:\n    print(err)\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(good), str(ROOT)], capture_output=True, text=True)
    assert run.stdout.strip() == f"cannot write {good}: File too large", run.stderr
    assert good.read_bytes() == before and _listing(tmp_path) == ["pos.json"]
    assert games.core.state.records_equal(spanish3.load(good), spanish3.init([1]))


@pytest.fixture(scope="module")
def spanish3():
    return games.make("spanish_main", num_players=3)
