"""Writing a file so that a failure can never lose the old one: every file the suite
writes (positions, recordings, campaign archives, replay pages, checkpoints, results)
goes through ``write_atomically`` or ``atomic_output``.

The new content goes to a temporary file in the target's folder (the same file
system, so the rename is atomic), is flushed to disk, and is then renamed over the
target with ``os.replace``: a reader sees the old file or the new one, never half of
either, whatever happens (a full disk, a file-size limit, a crash, SIGKILL).

- **Mode:** an existing file keeps its permission bits; a new one gets the umask's
  (the temporary is created with mode 0o666 and the umask applied, as ``open`` would),
  not ``mkstemp``'s 0600.
- **Symlinks:** a link is followed and its target is written; the link stays a link.
- **Failure:** the temporary is removed and the error is one ``WriteError`` naming the
  file (an ``OSError``: the CLI prints it in one line and exits non-zero).
- **Stale temporaries:** a temporary is named ``.NAME.PID-RANDOM.tmp``; one left behind
  by a process that was killed (its PID no longer runs) is removed by the next write
  over the same file (writing a new file lists no folder: an arena writes thousands).
  Readers never look at them (they read only the file they are given).

Plain Python: no kernel reads this.
"""

import errno
import os
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".tmp"


class WriteError(OSError):
    """A file that could not be written; the old file, if any, is untouched."""

    def __init__(self, path, err):
        reason = (err.strerror or str(err)) if isinstance(err, OSError) else str(err)
        super().__init__(getattr(err, "errno", None) or errno.EIO, f"cannot write {path}: {reason}")
        self.path = str(path)

    def __str__(self):
        return self.strerror


def write_atomically(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` (str, as UTF-8, or bytes) to ``path`` atomically (see the module)."""
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    with atomic_output(path) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(payload)


@contextmanager
def atomic_output(path: str | os.PathLike) -> Iterator[str]:
    """A temporary path to write the new content of ``path`` to (for writers that take a
    file name: ``savefig``, safetensors' ``save_file``); when the block ends without an
    error it is flushed and renamed over ``path``, else removed. Errors are ``WriteError``."""
    target = _target(path)
    mode = _mode_of(target)
    tmp = _new_temporary(target)
    try:
        yield str(tmp)
        _finish(tmp, target, mode)
    except OSError as err:
        _discard(tmp)
        raise err if isinstance(err, WriteError) else WriteError(path, err) from None
    except BaseException:
        _discard(tmp)
        raise
    if mode is not None:  # only over an existing file: a folder of new files is not listed once per file
        _remove_stale(target)


def _target(path):
    """The file to write: a symlink's target (the link stays), a relative path as given."""
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    if path.is_dir():
        raise WriteError(path, IsADirectoryError(errno.EISDIR, "it is a folder"))
    return path


def _mode_of(target):
    """The permission bits ``target`` has, None for a new file (0o666 less the umask,
    which ``os.open`` applies to the temporary)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        return None
    except OSError as err:
        raise WriteError(target, err) from None


def _new_temporary(target):
    """An empty temporary beside ``target``, created as ``open`` creates a new file."""
    while True:
        tmp = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        except OSError as err:
            raise WriteError(target, err) from None
        os.close(fd)
        return tmp


def _finish(tmp, target, mode):
    """Flush the written temporary to disk, give it the old file's mode (last: a
    read-only mode would have stopped the writer), and rename it over ``target``."""
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    if mode is not None:
        os.chmod(tmp, mode)
    os.replace(tmp, target)


def _discard(tmp):
    try:
        os.unlink(tmp)
    except OSError:
        pass  # already gone, or not ours to remove: nothing more to do


def _remove_stale(target):
    """Remove temporaries of ``target`` left by processes that no longer run."""
    pattern = re.compile(re.escape(f".{target.name}.") + r"(\d+)-[0-9a-f]+" + re.escape(TEMP_SUFFIX))
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match and not _running(int(match.group(1))):
            _discard(target.parent / name)


def _running(pid):
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or a PID no kernel gives): leave it alone
    return True
