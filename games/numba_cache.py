"""Where numba keeps compiled kernels: a folder keyed by the engines' source and data.

numba invalidates a cached kernel only when the kernel's own source file changes.
But a kernel freezes the data tables it reads (card lists, boards) as constants,
and inlines what it learnt of the kernels it calls in other files. So a replaced
card list, or a changed helper in another module, would silently run stale code.
Keying the cache folder by a hash of every engine source file (data modules
included) makes any change compile afresh; folders of older versions are pruned.
Must run before any ``@njit(cache=True)`` function is defined.
"""

import hashlib
import os
import pathlib
import shutil
import time

from numba.core import config

_GAMES = pathlib.Path(__file__).resolve().parent
KEEP_FOLDERS = 8  # cache folders of other source versions kept (e.g. other checkouts)
# Python-side modules that no kernel imports (they import the kernels): editing a
# position check, a label or a doc generator must not recompile every kernel.
# ``hidden.py`` (each game's resample_hidden kernel, and games/core's loop over it) is a
# leaf: no other kernel calls it, and numba invalidates its own cached functions when
# the file changes, so editing it recompiles it alone.
NOT_KERNEL_SOURCES = frozenset({"game.py", "render.py", "positions.py", "api_test.py",
                                "json_io.py", "errors.py", "options.py", "fuzz.py", "decode.py", "parallel.py",
                                "hidden.py"})


def source_fingerprint(root=_GAMES):
    """Hash of every Python source file of the engines under ``root`` that kernels can read."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" not in path.parts and path.name not in NOT_KERNEL_SOURCES:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def prune(base, keep):
    try:
        folders = sorted((p for p in pathlib.Path(base).iterdir() if p.is_dir()),
                         key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in folders[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def configure():
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "doubloon", "numba")
    folder = os.path.join(base, source_fingerprint())
    if not os.path.isdir(folder):
        prune(base, KEEP_FOLDERS - 1)
    else:
        os.utime(folder, (time.time(), time.time()))  # mark as recently used
    config.CACHE_DIR = folder
